/*
 * rdb_inst.c - Sea Islands instruction decoding from the register database (rdb_inst.h).
 *
 * Format: of the registers at 0x8DFC with an ENCODING field that has exactly one documented value,
 * those whose ENCODING bits of w0 equal that value; the one with the widest ENCODING field wins
 * (SOP1's 9 bits 0x17D before SOPK's 4 bits 0xB and SOP2's 2 bits, VOP1's 7 bits before VOP2's 1).
 * VOP3a and VOP3b share the encoding: VOP3b (SQ_VOP3_0_SDST_ENC) is taken for the opcodes that
 * write a scalar carry/condition mask - v_add/sub/subrev_i32, v_addc/subb/subbrev_u32 (VOP2 ops
 * 37-42) and v_div_scale_f32/f64 (LLVM VOP3Instructions.td / VOP2Instructions.td: the VOP3b
 * ("VOP3be") forms; AMD's Sea Islands ISA guide, "VOP3b").
 * Second dword: a format named X_0 (or X_0_...) is followed by X_1. Literal: a first-dword field
 * named SSRC0, SSRC1 or SRC0 holding 255 (SQ_SRC_LITERAL), the VOP2 ops named V_MADMK_F32 /
 * V_MADAK_F32 (their constant K), or the SOPK op S_SETREG_IMM32_B32 (its 32-bit immediate;
 * seed 002:3887 "This instruction uses a 32-bit literal constant"; llvm-mc encodes it in two dwords).
 * VOP3 opcodes: the VOP3 OP list carries SQ_V_OPC_OFFSET, SQ_V_OP2_OFFSET, SQ_V_OP1_OFFSET; an op
 * below the VOP2 offset is a VOPC op, below the VOP3-only range (the smallest other value) a VOP2
 * op, from the VOP1 offset on a VOP1 op.
 */
#include "rdb_inst.h"

#include <string.h>

#define INST_ADDR 0x8DFCu
#define MAX_FMT 40

static const rdb_field *field(const rdb_reg *r, const char *name)
{
    return r ? rdb_field_find(r, name) : NULL;
}

static const char *enum_name(const rdb_reg *r, uint32_t v)
{
    const rdb_field *fd = field(r, "OP");
    return fd ? rdb_field_enum_name(fd, v) : NULL;
}

/* The value of the enum named `name` in r's OP list, or -1. */
static long enum_value(const rdb_reg *r, const char *name)
{
    const rdb_field *fd = field(r, "OP");
    size_t k;
    for (k = 0; fd && k < rdb_field_nenums(fd); k++)
        if (strcmp(rdb_field_enum(fd, k)->name, name) == 0)
            return (long)rdb_field_enum(fd, k)->value;
    return -1;
}

static const rdb_reg *reg_named(const rdb_family *f, const char *name)
{
    return rdb_reg_by_name(f, name);
}

/* The VOP3 opcode op split into the format that names it. */
static void vop3_op(const rdb_family *f, const rdb_reg *vop3, uint32_t op, rdb_inst *out)
{
    long opc = enum_value(vop3, "SQ_V_OPC_OFFSET"), op2 = enum_value(vop3, "SQ_V_OP2_OFFSET");
    long op1 = enum_value(vop3, "SQ_V_OP1_OFFSET"), own = -1;
    const rdb_field *fd = field(vop3, "OP");
    size_t k;
    for (k = 0; fd && k < rdb_field_nenums(fd); k++) {     /* smallest VOP3-only opcode */
        const rdb_enum *e = rdb_field_enum(fd, k);
        if (strstr(e->name, "_OFFSET") == NULL && (own < 0 || (long)e->value < own))
            own = (long)e->value;
    }
    out->op_list = vop3;
    out->op_in_list = op;
    if (opc >= 0 && op2 > opc && (long)op < op2 && (long)op >= opc) {
        out->op_list = reg_named(f, "SQ_VOPC");
        out->op_in_list = op - (uint32_t)opc;
    } else if (op2 >= 0 && own > op2 && (long)op >= op2 && (long)op < own) {
        out->op_list = reg_named(f, "SQ_VOP2");
        out->op_in_list = op - (uint32_t)op2;
    } else if (op1 >= 0 && (long)op >= op1) {
        out->op_list = reg_named(f, "SQ_VOP1");
        out->op_in_list = op - (uint32_t)op1;
    }
    out->op_name = out->op_list ? enum_name(out->op_list, out->op_in_list) : NULL;
    if (out->op_name && strstr(out->op_name, "_OFFSET"))
        out->op_name = NULL;
}

static int is_vop3b(const char *name)
{
    static const char *const ops[] = {
        "SQ_V_ADD_I32", "SQ_V_SUB_I32", "SQ_V_SUBREV_I32", "SQ_V_ADDC_U32", "SQ_V_SUBB_U32",
        "SQ_V_SUBBREV_U32", "SQ_V_DIV_SCALE_F32", "SQ_V_DIV_SCALE_F64",
    };
    size_t i;
    for (i = 0; name && i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(name, ops[i]) == 0)
            return 1;
    return 0;
}

int rdb_inst_decode(const rdb_family *f, uint32_t w0, rdb_inst *out)
{
    const rdb_reg *regs[MAX_FMT], *best = NULL, *alt = NULL;
    size_t n, i;
    unsigned best_w = 0;
    char name1[64];
    memset(out, 0, sizeof *out);
    if (!f)
        return -1;
    n = rdb_regs_at(f, INST_ADDR, regs, MAX_FMT);
    for (i = 0; i < n; i++) {
        const rdb_field *enc = field(regs[i], "ENCODING");
        unsigned w;
        if (!enc || rdb_field_nenums(enc) != 1)
            continue;
        if (rdb_field_get(enc, w0) != rdb_field_enum(enc, 0)->value)
            continue;
        w = rdb_field_hi(enc) - rdb_field_lo(enc) + 1u;
        if (w > best_w) {
            best = regs[i];
            best_w = w;
            alt = NULL;
        } else if (w == best_w) {
            alt = regs[i];
        }
    }
    if (!best)
        return -1;
    out->op = rdb_field_get(field(best, "OP"), w0);
    if (field(best, "OP") && enum_value(best, "SQ_V_OP1_OFFSET") >= 0) {   /* VOP3a / VOP3b */
        vop3_op(f, best, out->op, out);
        if (alt) {
            const rdb_reg *a = strstr(rdb_reg_name(best), "SDST") ? best : alt;
            const rdb_reg *b = a == best ? alt : best;
            best = is_vop3b(out->op_name) ? a : b;
        }
    } else {
        out->op_list = best;
        out->op_in_list = out->op;
        out->op_name = field(best, "OP") ? enum_name(best, out->op) : NULL;
    }
    out->fmt = best;
    out->ndwords = 1;
    /* X_0 or X_0_SUFFIX -> X_1 */
    {
        const char *nm = rdb_reg_name(best), *p = strstr(nm, "_0");
        if (p && (p[2] == '\0' || p[2] == '_') && (size_t)(p - nm) + 3 < sizeof name1) {
            memcpy(name1, nm, (size_t)(p - nm));
            strcpy(name1 + (p - nm), "_1");
            out->word1 = reg_named(f, name1);
            if (out->word1)
                out->ndwords = 2;
        }
    }
    if (!out->word1) {
        static const char *const srcs[] = { "SSRC0", "SSRC1", "SRC0" };
        for (i = 0; i < 3; i++) {
            const rdb_field *s = field(best, srcs[i]);
            if (s && rdb_field_get(s, w0) == 255)
                out->literal = 1;
        }
        if (out->op_name && (strcmp(out->op_name, "SQ_V_MADMK_F32") == 0 ||
                             strcmp(out->op_name, "SQ_V_MADAK_F32") == 0 ||
                             strcmp(out->op_name, "SQ_S_SETREG_IMM32_B32") == 0))
            out->literal = 1;
        if (out->literal)
            out->ndwords = 2;
    }
    return 0;
}
