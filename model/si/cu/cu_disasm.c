/*
 * cu_disasm.c - the disassembly of si.cu's instruction subset, in llvm-mc's syntax, for fault
 * reports and `rcosim`-side tools (docs/blocks/si.cu.md, "Retire records").  An instruction
 * that is not built prints as its format and opcode number.
 */
#include <stdio.h>
#include <string.h>

#include "cu_isa.h"

typedef struct name { unsigned op; const char *s; } name;

static const name sop2[] = {
    {0, "s_add_u32"}, {1, "s_sub_u32"}, {2, "s_add_i32"}, {3, "s_sub_i32"}, {4, "s_addc_u32"},
    {5, "s_subb_u32"}, {6, "s_min_i32"}, {7, "s_min_u32"}, {8, "s_max_i32"}, {9, "s_max_u32"},
    {10, "s_cselect_b32"}, {11, "s_cselect_b64"}, {14, "s_and_b32"}, {15, "s_and_b64"},
    {16, "s_or_b32"}, {17, "s_or_b64"}, {18, "s_xor_b32"}, {19, "s_xor_b64"}, {20, "s_andn2_b32"},
    {21, "s_andn2_b64"}, {22, "s_orn2_b32"}, {23, "s_orn2_b64"}, {24, "s_nand_b32"},
    {25, "s_nand_b64"}, {26, "s_nor_b32"}, {27, "s_nor_b64"}, {28, "s_xnor_b32"},
    {29, "s_xnor_b64"}, {30, "s_lshl_b32"}, {31, "s_lshl_b64"}, {32, "s_lshr_b32"},
    {33, "s_lshr_b64"}, {34, "s_ashr_i32"}, {35, "s_ashr_i64"}, {36, "s_bfm_b32"},
    {38, "s_mul_i32"}, {39, "s_bfe_u32"}, {40, "s_bfe_i32"}, {0xFFFF, NULL}
};
static const name sopk[] = {
    {0, "s_movk_i32"}, {2, "s_cmovk_i32"}, {3, "s_cmpk_eq_i32"}, {4, "s_cmpk_lg_i32"},
    {5, "s_cmpk_gt_i32"}, {6, "s_cmpk_ge_i32"}, {7, "s_cmpk_lt_i32"}, {8, "s_cmpk_le_i32"},
    {9, "s_cmpk_eq_u32"}, {10, "s_cmpk_lg_u32"}, {11, "s_cmpk_gt_u32"}, {12, "s_cmpk_ge_u32"},
    {13, "s_cmpk_lt_u32"}, {14, "s_cmpk_le_u32"}, {15, "s_addk_i32"}, {16, "s_mulk_i32"},
    {0xFFFF, NULL}
};
static const name sop1[] = {
    {3, "s_mov_b32"}, {4, "s_mov_b64"}, {5, "s_cmov_b32"}, {6, "s_cmov_b64"}, {7, "s_not_b32"},
    {8, "s_not_b64"}, {11, "s_brev_b32"}, {15, "s_bcnt1_i32_b32"}, {19, "s_ff1_i32_b32"},
    {21, "s_flbit_i32_b32"}, {25, "s_sext_i32_i8"}, {26, "s_sext_i32_i16"},
    {36, "s_and_saveexec_b64"}, {37, "s_or_saveexec_b64"}, {38, "s_xor_saveexec_b64"},
    {39, "s_andn2_saveexec_b64"}, {0xFFFF, NULL}
};
static const name sopc[] = {
    {0, "s_cmp_eq_i32"}, {1, "s_cmp_lg_i32"}, {2, "s_cmp_gt_i32"}, {3, "s_cmp_ge_i32"},
    {4, "s_cmp_lt_i32"}, {5, "s_cmp_le_i32"}, {6, "s_cmp_eq_u32"}, {7, "s_cmp_lg_u32"},
    {8, "s_cmp_gt_u32"}, {9, "s_cmp_ge_u32"}, {10, "s_cmp_lt_u32"}, {11, "s_cmp_le_u32"},
    {12, "s_bitcmp0_b32"}, {13, "s_bitcmp1_b32"}, {0xFFFF, NULL}
};
static const name sopp[] = {
    {0, "s_nop"}, {1, "s_endpgm"}, {2, "s_branch"}, {4, "s_cbranch_scc0"}, {5, "s_cbranch_scc1"},
    {6, "s_cbranch_vccz"}, {7, "s_cbranch_vccnz"}, {8, "s_cbranch_execz"},
    {9, "s_cbranch_execnz"}, {10, "s_barrier"}, {12, "s_waitcnt"}, {0xFFFF, NULL}
};
static const name smrd[] = {
    {0, "s_load_dword"}, {1, "s_load_dwordx2"}, {2, "s_load_dwordx4"}, {3, "s_load_dwordx8"},
    {4, "s_load_dwordx16"}, {8, "s_buffer_load_dword"}, {9, "s_buffer_load_dwordx2"},
    {10, "s_buffer_load_dwordx4"}, {11, "s_buffer_load_dwordx8"}, {12, "s_buffer_load_dwordx16"},
    {0xFFFF, NULL}
};
static const name vop[] = {
    {256 + 0, "v_cndmask_b32"}, {256 + 3, "v_add_f32"}, {256 + 4, "v_sub_f32"},
    {256 + 5, "v_subrev_f32"}, {256 + 8, "v_mul_f32"}, {256 + 9, "v_mul_i32_i24"},
    {256 + 11, "v_mul_u32_u24"}, {256 + 15, "v_min_f32"}, {256 + 16, "v_max_f32"},
    {256 + 17, "v_min_i32"}, {256 + 18, "v_max_i32"}, {256 + 19, "v_min_u32"},
    {256 + 20, "v_max_u32"}, {256 + 21, "v_lshr_b32"}, {256 + 22, "v_lshrrev_b32"},
    {256 + 23, "v_ashr_i32"}, {256 + 24, "v_ashrrev_i32"}, {256 + 25, "v_lshl_b32"},
    {256 + 26, "v_lshlrev_b32"}, {256 + 27, "v_and_b32"}, {256 + 28, "v_or_b32"},
    {256 + 29, "v_xor_b32"}, {256 + 31, "v_mac_f32"}, {256 + 32, "v_madmk_f32"},
    {256 + 33, "v_madak_f32"}, {256 + 37, "v_add_i32"}, {256 + 38, "v_sub_i32"},
    {256 + 39, "v_subrev_i32"}, {256 + 40, "v_addc_u32"}, {256 + 41, "v_subb_u32"},
    {256 + 42, "v_subbrev_u32"}, {384 + 0, "v_nop"}, {384 + 1, "v_mov_b32"}, {384 + 2, "v_readfirstlane_b32"},
    {384 + 5, "v_cvt_f32_i32"}, {384 + 6, "v_cvt_f32_u32"}, {384 + 7, "v_cvt_u32_f32"},
    {384 + 8, "v_cvt_i32_f32"}, {384 + 55, "v_not_b32"}, {384 + 56, "v_bfrev_b32"},
    {384 + 37, "v_exp_f32"}, {384 + 39, "v_log_f32"}, {384 + 42, "v_rcp_f32"},
    {384 + 43, "v_rcp_iflag_f32"}, {384 + 46, "v_rsq_f32"}, {384 + 51, "v_sqrt_f32"}, {384 + 53, "v_sin_f32"},
    {384 + 54, "v_cos_f32"}, {256 + 1, "v_readlane_b32"}, {256 + 2, "v_writelane_b32"},
    {321, "v_mad_f32"}, {322, "v_mad_i32_i24"}, {323, "v_mad_u32_u24"}, {328, "v_bfe_u32"},
    {329, "v_bfe_i32"}, {330, "v_bfi_b32"}, {353, "v_lshl_b64"}, {354, "v_lshr_b64"},
    {355, "v_ashr_i64"}, {361, "v_mul_lo_u32"}, {362, "v_mul_hi_u32"}, {363, "v_mul_lo_i32"},
    {364, "v_mul_hi_i32"}, {0xFFFF, NULL}
};

static const char *find(const name *t, unsigned op)
{
    for (; t->s; t++)
        if (t->op == op)
            return t->s;
    return NULL;
}

static const char *cmp_name(unsigned op, char *b, size_t n)
{
    static const char *f[16] = { "f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg",
                                 "ngt", "nle", "neq", "nlt", "tru" };
    static const char *i[8] = { "f", "lt", "eq", "le", "gt", "ne", "ge", "t" };
    unsigned grp = op >> 4, lo = op & 15;
    if (!(cu_vop_attr(op) & CU_A_OK))
        return NULL;
    const char *ty = grp <= 1 ? "f32" : grp <= 9 ? "i32" : "u32";
    snprintf(b, n, "v_cmp%s_%s_%s", (grp & 1) ? "x" : "", grp <= 1 ? f[lo] : i[lo], ty);
    return b;
}

/* A scalar operand code (0-255) as text; w: 1 or 2 registers. */
static void sop(unsigned c, unsigned w, uint32_t lit, char *b, size_t n)
{
    uint32_t v;
    if (c < CU_NSGPR) {
        if (w == 1)
            snprintf(b, n, "s%u", c);
        else
            snprintf(b, n, "s[%u:%u]", c, c + w - 1);
    } else if (c == 106 || c == 107) {
        snprintf(b, n, w == 2 && c == 106 ? "vcc" : c == 106 ? "vcc_lo" : "vcc_hi");
    } else if (c == 126 || c == 127) {
        snprintf(b, n, w == 2 && c == 126 ? "exec" : c == 126 ? "exec_lo" : "exec_hi");
    } else if (c == 124) {
        snprintf(b, n, "m0");
    } else if (c >= 128 && c <= 208 && cu_const32(c, &v)) {
        snprintf(b, n, "%d", (int32_t)v);
    } else if (c >= 240 && c <= 247) {
        static const char *f[8] = { "0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0" };
        snprintf(b, n, "%s", f[c - 240]);
    } else if (c == 251) {
        snprintf(b, n, "vccz");
    } else if (c == 252) {
        snprintf(b, n, "execz");
    } else if (c == 253) {
        snprintf(b, n, "scc");
    } else if (c == 255) {
        snprintf(b, n, "0x%x", lit);
    } else {
        snprintf(b, n, "?%u", c);
    }
}

/* A 9-bit VALU source code. */
static void vsrc(unsigned c, unsigned w, uint32_t lit, char *b, size_t n)
{
    if (c >= 256) {
        if (w == 1)
            snprintf(b, n, "v%u", c - 256);
        else
            snprintf(b, n, "v[%u:%u]", c - 256, c - 256 + w - 1);
    } else {
        sop(c, w, lit, b, n);
    }
}

static void mod(char *b, size_t n, const cu_inst *d, unsigned i)
{
    char t[64];
    size_t k = 0, j;
    snprintf(t, sizeof t, "%s", b);
    int a = d->fmt == CU_F_VOP3 && ((d->abs >> i) & 1) && !(d->op >= 293 && d->op <= 298);
    int g = d->fmt == CU_F_VOP3 && ((d->neg >> i) & 1);
    if (g && k + 1 < n) b[k++] = '-';
    if (a && k + 1 < n) b[k++] = '|';
    for (j = 0; t[j] && k + 1 < n; j++) b[k++] = t[j];
    if (a && k + 1 < n) b[k++] = '|';
    b[k] = 0;
}

void cu_disasm(uint32_t w0, uint32_t w1, char *buf, size_t n)
{
    cu_inst d;
    cu_decode2(w0, w1, &d);
    char a[40], b[40], c[40], e[40], nb[40];
    const char *nm = NULL;
    switch (d.fmt) {
    case CU_F_SOP2: {
        unsigned s = cu_salu_srcs(d.fmt, d.op);
        nm = find(sop2, d.op);
        if (!nm)
            break;
        sop(d.sdst, (s & 4) && d.op != 31 && d.op != 33 && d.op != 35 ? 2 : (s & 4) ? 2 : 1, w1, a, sizeof a);
        sop(d.ssrc0, (s & 4) ? 2 : 1, w1, b, sizeof b);
        sop(d.ssrc1, (s & 8) ? 2 : 1, w1, c, sizeof c);
        snprintf(buf, n, "%s %s, %s, %s", nm, a, b, c);
        return;
    }
    case CU_F_SOPK:
        nm = find(sopk, d.op);
        if (!nm)
            break;
        sop(d.sdst, 1, 0, a, sizeof a);
        snprintf(buf, n, "%s %s, 0x%x", nm, a, d.simm16);
        return;
    case CU_F_SOP1: {
        unsigned s = cu_salu_srcs(d.fmt, d.op);
        nm = find(sop1, d.op);
        if (!nm)
            break;
        sop(d.sdst, (s & 4) ? 2 : 1, w1, a, sizeof a);
        sop(d.ssrc0, (s & 4) ? 2 : 1, w1, b, sizeof b);
        snprintf(buf, n, "%s %s, %s", nm, a, b);
        return;
    }
    case CU_F_SOPC:
        nm = find(sopc, d.op);
        if (!nm)
            break;
        sop(d.ssrc0, 1, w1, a, sizeof a);
        sop(d.ssrc1, 1, w1, b, sizeof b);
        snprintf(buf, n, "%s %s, %s", nm, a, b);
        return;
    case CU_F_SOPP:
        nm = find(sopp, d.op);
        if (!nm)
            break;
        if (d.op == 1 || d.op == 10)
            snprintf(buf, n, "%s", nm);
        else if (d.op == 0)
            snprintf(buf, n, "%s %u", nm, d.simm16);
        else if (d.op == 12) {
            /* SIMM16: vmcnt 3:0, expcnt 6:4, lgkmcnt 12:8; llvm-mc names the counters below max */
            unsigned vm = d.simm16 & 15, ex = (d.simm16 >> 4) & 7, lg = (d.simm16 >> 8) & 31;
            char t[64] = "";
            if (vm != 15) snprintf(t + strlen(t), sizeof t - strlen(t), " vmcnt(%u)", vm);
            if (ex != 7) snprintf(t + strlen(t), sizeof t - strlen(t), " expcnt(%u)", ex);
            if (lg != 31) snprintf(t + strlen(t), sizeof t - strlen(t), " lgkmcnt(%u)", lg);
            if (!t[0]) snprintf(t, sizeof t, " 0x%x", d.simm16);
            snprintf(buf, n, "%s%s", nm, t);
        }
        else
            snprintf(buf, n, "%s %d", nm, (int16_t)d.simm16);
        return;
    case CU_F_SMRD: {
        nm = find(smrd, d.op);
        if (!nm)
            break;
        unsigned cnt = 1u << (d.op & 7);
        sop(d.sdst, cnt, 0, a, sizeof a);
        sop(d.sbase * 2, d.op >= 8 ? 4 : 2, 0, b, sizeof b);
        if (d.imm)
            snprintf(c, sizeof c, "0x%x", d.soff);
        else
            sop(d.soff, 1, w1, c, sizeof c);
        snprintf(buf, n, "%s %s, %s, %s", nm, a, b, c);
        return;
    }
    case CU_F_VOP1: case CU_F_VOP2: case CU_F_VOPC: case CU_F_VOP3: {
        unsigned at = cu_vop_attr(d.op);
        if (d.op < 256)
            nm = cmp_name(d.op, nb, sizeof nb);
        else
            nm = find(vop, d.op);
        if (!nm)
            break;
        unsigned s0w = (at & CU_A_S064) ? 2 : 1;
        const char *suf = d.fmt == CU_F_VOP3 ? (d.op >= 321 && d.op < 384 && d.op != 384 ? "" : "_e64") : (d.op == 288 || d.op == 289) ? "" : "_e32";
        vsrc(d.src0, s0w, w1, a, sizeof a);
        mod(a, sizeof a, &d, 0);
        vsrc(d.src1, 1, w1, b, sizeof b);
        mod(b, sizeof b, &d, 1);
        vsrc(d.src2, 1, w1, c, sizeof c);
        mod(c, sizeof c, &d, 2);
        if (d.op == 384 + 0) {
            snprintf(buf, n, "v_nop%s", d.fmt == CU_F_VOP3 ? "_e64" : "");
            return;
        }
        if (d.op == 256 + 1 || d.op == 256 + 2) {    /* VSRC1 is a scalar code (the lane) */
            char l[40], s0[40];
            sop(d.src1 - 256, 1, w1, l, sizeof l);
            if (d.op == 256 + 1) {
                sop(d.vdst, 1, 0, e, sizeof e);
                snprintf(buf, n, "%s %s, %s, %s", nm, e, a, l);
            } else {
                sop(d.src0, 1, w1, s0, sizeof s0);
                snprintf(buf, n, "%s v%u, %s, %s", nm, d.vdst, s0, l);
            }
            return;
        }
        if (at & CU_A_RFL) {
            sop(d.vdst, 1, 0, e, sizeof e);
            snprintf(buf, n, "%s %s, %s", nm, e, a);
            return;
        }
        if (at & CU_A_CMP) {
            sop(d.sdst3, 2, 0, e, sizeof e);
            snprintf(buf, n, "%s%s %s, %s, %s", nm, suf, e, a, b);
            return;
        }
        char dv[24];
        snprintf(dv, sizeof dv, (at & CU_A_D64) ? "v[%u:%u]" : "v%u", d.vdst, d.vdst + 1);
        if (d.op == 256 + 32) {
            snprintf(buf, n, "%s %s, %s, 0x%x, %s", nm, dv, a, w1, b);
        } else if (d.op == 256 + 33) {
            snprintf(buf, n, "%s %s, %s, %s, 0x%x", nm, dv, a, b, w1);
        } else if (at & CU_A_CO) {
            sop(d.sdst3, 2, 0, e, sizeof e);
            if (at & CU_A_MSK) {
                char m[40];
                sop(d.fmt == CU_F_VOP3 ? d.src2 : 106, 2, 0, m, sizeof m);
                snprintf(buf, n, "%s%s %s, %s, %s, %s, %s", nm, suf, dv, e, a, b, m);
            } else {
                snprintf(buf, n, "%s%s %s, %s, %s, %s", nm, suf, dv, e, a, b);
            }
        } else if (at & CU_A_MSK) {
            sop(d.fmt == CU_F_VOP3 ? d.src2 : 106, 2, 0, e, sizeof e);
            snprintf(buf, n, "%s%s %s, %s, %s, %s", nm, suf, dv, a, b, e);
        } else if ((at & CU_A_NS3) && d.op != 256 + 31) {
            snprintf(buf, n, "%s %s, %s, %s, %s", nm, dv, a, b, c);
        } else if (at & CU_A_NS2) {
            snprintf(buf, n, "%s%s %s, %s, %s", nm, suf, dv, a, b);
        } else {
            snprintf(buf, n, "%s%s %s, %s", nm, suf, dv, a);
        }
        if (d.fmt == CU_F_VOP3 && (d.clamp || d.omod))
            snprintf(buf + strlen(buf), n - strlen(buf), " clamp:%u omod:%u", d.clamp, d.omod);
        return;
    }
    case CU_F_MUBUF: {
        static const name mb[] = {
            {8, "buffer_load_ubyte"}, {9, "buffer_load_sbyte"}, {10, "buffer_load_ushort"},
            {11, "buffer_load_sshort"}, {12, "buffer_load_dword"}, {24, "buffer_store_byte"},
            {26, "buffer_store_short"}, {28, "buffer_store_dword"}, {50, "buffer_atomic_add"},
            {13, "buffer_load_dwordx2"}, {14, "buffer_load_dwordx4"}, {15, "buffer_load_dwordx3"},
            {29, "buffer_store_dwordx2"}, {30, "buffer_store_dwordx4"}, {31, "buffer_store_dwordx3"}, {0, NULL}
        };
        nm = find(mb, d.op);
        if (!nm)
            break;
        unsigned aw = (d.addr64 || (d.offen && d.idxen)) ? 2 : 1, nd = cu_mubuf_dwords(d.op);
        if (nd > 1)
            snprintf(a, sizeof a, "v[%u:%u]", d.vdata, d.vdata + nd - 1);
        else
            snprintf(a, sizeof a, "v%u", d.vdata);
        snprintf(b, sizeof b, aw == 2 ? "v[%u:%u]" : "v%u", d.vaddr, d.vaddr + 1);
        sop(d.srsrc * 4, 4, 0, c, sizeof c);
        sop(d.msoff, 1, 0, e, sizeof e);
        snprintf(buf, n, "%s %s, %s, %s, %s%s%s%s%s", nm, a, (d.offen || d.idxen || d.addr64) ? b : "off", c, e,
                 d.idxen ? " idxen" : "", d.offen ? " offen" : "", d.addr64 ? " addr64" : "",
                 d.moff ? "" : "");
        if (d.moff)
            snprintf(buf + strlen(buf), n - strlen(buf), " offset:%u", d.moff);
        if (w0 & (1u << 14))
            snprintf(buf + strlen(buf), n - strlen(buf), " glc");
        if (d.lds || d.tfe)
            snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", d.lds ? " lds" : "", d.tfe ? " tfe" : "");
        return;
    }
    case CU_F_MTBUF: {
        static const char *tn[8] = { "tbuffer_load_format_x", "tbuffer_load_format_xy",
                                     "tbuffer_load_format_xyz", "tbuffer_load_format_xyzw",
                                     "tbuffer_store_format_x", "tbuffer_store_format_xy",
                                     "tbuffer_store_format_xyz", "tbuffer_store_format_xyzw" };
        /* SQ_BUF_RSRC_WORD3 DATA_FORMAT / NUM_FORMAT names (model/regdb/si.json, gfx_7_2_enum.h) */
        static const char *df[16] = { "INVALID", "8", "16", "8_8", "32", "16_16", "10_11_11",
                                      "11_11_10", "10_10_10_2", "2_10_10_10", "8_8_8_8", "32_32",
                                      "16_16_16_16", "32_32_32", "32_32_32_32", "RESERVED_15" };
        static const char *nf[8] = { "UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT",
                                     "SNORM_OGL", "FLOAT" };
        unsigned aw = (d.addr64 || (d.offen && d.idxen)) ? 2 : 1, nd = (d.op & 3) + 1;
        if (nd > 1)
            snprintf(a, sizeof a, "v[%u:%u]", d.vdata, d.vdata + nd - 1);
        else
            snprintf(a, sizeof a, "v%u", d.vdata);
        snprintf(b, sizeof b, aw == 2 ? "v[%u:%u]" : "v%u", d.vaddr, d.vaddr + 1);
        sop(d.srsrc * 4, 4, 0, c, sizeof c);
        sop(d.msoff, 1, 0, e, sizeof e);
        snprintf(buf, n, "%s %s, %s, %s, %s", tn[d.op], a, (d.offen || d.idxen || d.addr64) ? b : "off", c, e);
        if (d.dfmt != 1 || d.nfmt != 0) {      /* llvm-mc leaves out the default parts (8, UNORM) */
            char f[80];
            if (d.dfmt != 1 && d.nfmt != 0)
                snprintf(f, sizeof f, "BUF_DATA_FORMAT_%s,BUF_NUM_FORMAT_%s", df[d.dfmt], nf[d.nfmt]);
            else if (d.dfmt != 1)
                snprintf(f, sizeof f, "BUF_DATA_FORMAT_%s", df[d.dfmt]);
            else
                snprintf(f, sizeof f, "BUF_NUM_FORMAT_%s", nf[d.nfmt]);
            snprintf(buf + strlen(buf), n - strlen(buf), " format:[%s]", f);
        }
        snprintf(buf + strlen(buf), n - strlen(buf), "%s%s%s", d.idxen ? " idxen" : "",
                 d.offen ? " offen" : "", d.addr64 ? " addr64" : "");
        if (d.moff)
            snprintf(buf + strlen(buf), n - strlen(buf), " offset:%u", d.moff);
        if (w0 & (1u << 14))
            snprintf(buf + strlen(buf), n - strlen(buf), " glc");
        if (d.tfe)
            snprintf(buf + strlen(buf), n - strlen(buf), " tfe");
        return;
    }
    case CU_F_DS: {
        static const char *at_[12] = { "add", "sub", "rsub", "inc", "dec", "min", "max", "min", "max",
                                        "and", "or", "xor" };
        static const char *ty[12] = { "u32", "u32", "u32", "u32", "u32", "i32", "i32", "u32", "u32",
                                      "b32", "b32", "b32" };
        if (d.gds)
            break;
        if (d.op == 30 || d.op == 31) {
            snprintf(buf, n, "ds_write_b%u v%u, v%u", d.op == 30 ? 8 : 16, d.daddr, d.ddata0);
        } else if (d.op == 77) {
            snprintf(buf, n, "ds_write_b64 v%u, v[%u:%u]", d.daddr, d.ddata0, d.ddata0 + 1);
        } else if (d.op >= 57 && d.op <= 60) {
            static const char *rn[4] = { "i8", "u8", "i16", "u16" };
            snprintf(buf, n, "ds_read_%s v%u, v%u", rn[d.op - 57], d.dvdst, d.daddr);
        } else if (d.op == 118) {
            snprintf(buf, n, "ds_read_b64 v[%u:%u], v%u", d.dvdst, d.dvdst + 1, d.daddr);
        } else if (d.op == 13) {
            snprintf(buf, n, "ds_write_b32 v%u, v%u", d.daddr, d.ddata0);
        } else if (d.op == 54) {
            snprintf(buf, n, "ds_read_b32 v%u, v%u", d.dvdst, d.daddr);
        } else if (d.op <= 11) {
            snprintf(buf, n, "ds_%s_%s v%u, v%u", at_[d.op], ty[d.op], d.daddr, d.ddata0);
        } else if (d.op >= 32 && d.op <= 43) {
            snprintf(buf, n, "ds_%s_rtn_%s v%u, v%u, v%u", at_[d.op - 32], ty[d.op - 32], d.dvdst, d.daddr,
                     d.ddata0);
        } else if (d.op == 14 || d.op == 55) {
            if (d.op == 14)
                snprintf(buf, n, "ds_write2_b32 v%u, v%u, v%u", d.daddr, d.ddata0, d.ddata1);
            else
                snprintf(buf, n, "ds_read2_b32 v[%u:%u], v%u", d.dvdst, d.dvdst + 1, d.daddr);
            if (d.dsoff & 0xFF)
                snprintf(buf + strlen(buf), n - strlen(buf), " offset0:%u", d.dsoff & 0xFF);
            if (d.dsoff >> 8)
                snprintf(buf + strlen(buf), n - strlen(buf), " offset1:%u", d.dsoff >> 8);
            return;
        } else {
            break;
        }
        if (d.dsoff)
            snprintf(buf + strlen(buf), n - strlen(buf), " offset:%u", d.dsoff);
        return;
    }
    default:
        break;
    }
    static const char *fn[] = { "SOP2", "SOPK", "SOP1", "SOPC", "SOPP", "SMRD", "VOP2", "VOP1",
                                "VOPC", "VOP3", "MUBUF", "other", "DS", "MTBUF" };
    snprintf(buf, n, "(not built: %s op %u) .long 0x%08x", fn[d.fmt], d.op, w0);
}
