/*
 * pvs_disasm.c - a PVS instruction as text, for fault reports and the directed vectors'
 * comments (docs/blocks/r5xx.pvs.md, "Disassembly"): "VE_ADD out[0].xyzw, in[0].xy01,
 * in[0].0000, in[0].0000".  scripts/blocks/r5xx_pvs_directed.py has the same format.
 */
#include <stdio.h>
#include <string.h>

#include "pvs_isa.h"

static const char *const vop[32] = {
    "VECTOR_NO_OP", "VE_DOT_PRODUCT", "VE_MULTIPLY", "VE_ADD", "VE_MULTIPLY_ADD",
    "VE_DISTANCE_VECTOR", "VE_FRACTION", "VE_MAXIMUM", "VE_MINIMUM", "VE_SET_GREATER_THAN_EQUAL",
    "VE_SET_LESS_THAN", "VE_MULTIPLYX2_ADD", "VE_MULTIPLY_CLAMP", "VE_FLT2FIX_DX",
    "VE_FLT2FIX_DX_RND", "VE_PRED_SET_EQ_PUSH", "VE_PRED_SET_GT_PUSH", "VE_PRED_SET_GTE_PUSH",
    "VE_PRED_SET_NEQ_PUSH", "VE_COND_WRITE_EQ", "VE_COND_WRITE_GT", "VE_COND_WRITE_GTE",
    "VE_COND_WRITE_NEQ", "VE_COND_MUX_EQ", "VE_COND_MUX_GT", "VE_COND_MUX_GTE",
    "VE_SET_GREATER_THAN", "VE_SET_EQUAL", "VE_SET_NOT_EQUAL", "VE_RESERVED_29",
    "VE_RESERVED_30", "VE_RESERVED_31"
};
static const char *const mop[32] = {
    "ME_RESERVED_0", "ME_EXP_BASE2_DX", "ME_LOG_BASE2_DX", "ME_EXP_BASEE_FF", "ME_LIGHT_COEFF_DX",
    "ME_POWER_FUNC_FF", "ME_RECIP_DX", "ME_RECIP_FF", "ME_RECIP_SQRT_DX", "ME_RECIP_SQRT_FF",
    "ME_MULTIPLY", "ME_EXP_BASE2_FULL_DX", "ME_LOG_BASE2_FULL_DX", "ME_POWER_FUNC_FF_CLAMP_B",
    "ME_POWER_FUNC_FF_CLAMP_B1", "ME_POWER_FUNC_FF_CLAMP_01", "ME_SIN", "ME_COS",
    "ME_LOG_BASE2_IEEE", "ME_RECIP_IEEE", "ME_RECIP_SQRT_IEEE", "ME_PRED_SET_EQ", "ME_PRED_SET_GT",
    "ME_PRED_SET_GTE", "ME_PRED_SET_NEQ", "ME_PRED_SET_CLR", "ME_PRED_SET_INV", "ME_PRED_SET_POP",
    "ME_PRED_SET_RESTORE", "ME_RESERVED_29", "ME_RESERVED_30", "ME_RESERVED_31"
};

/* "[a0.y+5]", "[i0+5]" or "[5]" */
static int addr(char *b, size_t n, unsigned mode, unsigned sel, unsigned off)
{
    if (mode == 1)
        return snprintf(b, n, "[a0.%c+%u]", "xyzw"[sel], off);
    if (mode == 2)
        return snprintf(b, n, "[i0+%u]", off);
    return snprintf(b, n, "[%u]", off);
}

static void src(char *b, size_t n, uint32_t s)
{
    static const char *const ty[4] = { "t", "in", "c", "at" };
    char a[32], sw[24];
    unsigned mode = (pvs_bits(s, 31, 31) << 1) | pvs_bits(s, 4, 4);
    addr(a, sizeof a, mode, pvs_bits(s, 30, 29), pvs_bits(s, 12, 5));
    size_t k = 0;
    for (unsigned c = 0; c < 4; c++) {
        if (s & (1u << (25 + c)))
            sw[k++] = '-';
        sw[k++] = "xyzw01__"[pvs_bits(s, 15 + 3 * c, 13 + 3 * c)];
    }
    sw[k] = 0;
    if (s & 8)
        snprintf(b, n, "|%s%s|.%s", ty[s & 3], a, sw);
    else
        snprintf(b, n, "%s%s.%s", ty[s & 3], a, sw);
}

char *pvs_disasm(const uint32_t w[4], char *buf, size_t n)
{
    static const char *const dty[16] = { "t", "a0", "out", "outx", "at", "in", "dst6", "dst7",
                                         "dst8", "dst9", "dst10", "dst11", "dst12", "dst13",
                                         "dst14", "dst15" };
    uint32_t d = w[0];
    unsigned op = pvs_bits(d, 5, 0), math = pvs_bits(d, 6, 6), macro = pvs_bits(d, 7, 7);
    unsigned we = pvs_bits(d, 23, 20);
    char name[48], da[32], m[5], s0[64], s1[64], s2[64];
    if (macro)
        snprintf(name, sizeof name, "%s", op == 0 ? "PVS_MACRO_OP_2CLK_MADD" :
                 op == 1 ? "PVS_MACRO_OP_2CLK_M2X_ADD" : "PVS_MACRO_OP_RESERVED");
    else
        snprintf(name, sizeof name, "%s", (math ? mop : vop)[op & 31]);
    if (op > 31 && !macro)
        snprintf(name, sizeof name, "%s_%u", math ? "ME_RESERVED" : "VE_RESERVED", op);
    unsigned dmode = (pvs_bits(d, 12, 12) << 1) | pvs_bits(d, 31, 31);
    addr(da, sizeof da, dmode, pvs_bits(d, 30, 29), pvs_bits(d, 19, 13));
    for (unsigned c = 0; c < 4; c++)
        m[c] = (we >> c) & 1 ? "xyzw"[c] : '_';
    m[4] = 0;
    src(s0, sizeof s0, w[1]);
    src(s1, sizeof s1, w[2]);
    src(s2, sizeof s2, w[3]);
    snprintf(buf, n, "%s%s%s%s%s %s%s.%s, %s, %s, %s", name,
             pvs_bits(d, 24, 24) ? " VE_SAT" : "", pvs_bits(d, 25, 25) ? " ME_SAT" : "",
             pvs_bits(d, 26, 26) ? (pvs_bits(d, 27, 27) ? " PRED(1)" : " PRED(0)") : "",
             pvs_bits(d, 28, 28) ? " DUAL_MATH_OP" : "",
             dty[pvs_bits(d, 11, 8)], pvs_bits(d, 11, 8) == PVS_DST_A0 ? "" : da, m, s0, s1, s2);
    return buf;
}
