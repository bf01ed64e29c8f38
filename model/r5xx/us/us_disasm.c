/*
 * us_disasm.c - one r5xx.us instruction (six dwords) as text, for fault reports and the
 * program listings of the directed vectors (docs/blocks/r5xx.us.md, "Disassembly").
 *
 *   ALU|OUT  rgb: OP dst.mask, A, B, C [omod] [sat] [-> out tgt.mask | -> pred op mask]
 *            a: OP ...; sources: s0=r3 s1=c5 s2=0.5 sp=s1-s0 (rgb) / (alpha); flags
 *   TEX      LD map N rDST.mask <- rSRC.swz ; flags
 *   FC       op ... ; flags
 */
#include <stdarg.h>
#include <stdio.h>

#include "us_isa.h"

uint32_t us_inline_float(unsigned c);

typedef struct out {
    char *b;
    size_t n, k;
} out;

static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (o->k < o->n) {
        int m = vsnprintf(o->b + o->k, o->n - o->k, fmt, ap);
        if (m > 0)
            o->k += (size_t)m;
        if (o->k >= o->n)
            o->k = o->n - 1;
    }
    va_end(ap);
}

static char swzc(unsigned s)
{
    static const char t[8] = { 'r', 'g', 'b', 'a', '0', 'h', '1', '_' };   /* h = 0.5 */
    return t[s & 7];
}

static void srcs(out *o, uint32_t aw)
{
    static const char *const pre[4] = { "1-2*s0", "s1-s0", "s1+s0", "1-s0" };
    for (unsigned i = 0; i < 3; i++) {
        unsigned a = us_bits(aw, 10 * i + 7, 10 * i), cst = (aw >> (10 * i + 8)) & 1, rel = (aw >> (10 * i + 9)) & 1;
        if (cst)
            put(o, " s%u=c%u%s", i, a, rel ? "[aL]" : "");
        else if (a & 0x80)
            put(o, " s%u=#%08x", i, us_inline_float(a & 0x7F));
        else
            put(o, " s%u=r%u%s", i, a, rel ? "[aL]" : "");
    }
    put(o, " sp=%s", pre[us_bits(aw, 31, 30)]);
}

static void operand(out *o, unsigned sel, unsigned m, const unsigned *sw, unsigned n)
{
    static const char *const sn[4] = { "s0", "s1", "s2", "sp" };
    static const char *const mp[4] = { "", "-", "|", "-|" };
    put(o, "%s%s.", mp[m], sn[sel]);
    for (unsigned i = 0; i < n; i++)
        put(o, "%c", swzc(sw[i]));
    if (m >= 2)
        put(o, "|");
}

static void mask(out *o, unsigned m, unsigned n)
{
    static const char c[4] = { 'r', 'g', 'b', 'a' };
    for (unsigned i = 0; i < n; i++)
        if ((m >> i) & 1)
            put(o, "%c", c[i]);
}

static void omod(out *o, unsigned om, unsigned clamp)
{
    static const char *const s[8] = { "", " *2", " *4", " *8", " /2", " /4", " /8", " noomod" };
    put(o, "%s%s", s[om], clamp && om != 7 ? " sat" : "");
}

static void flags(out *o, uint32_t cmn)
{
    static const char *const ps[8] = { "", "rgba", "rrrr", "gggg", "bbbb", "aaaa", "6", "7" };
    if (cmn & (1u << 2)) put(o, " sem_wait");
    if (cmn & (1u << 7)) put(o, " write_inactive");
    if (cmn & (1u << 8)) put(o, " last");
    if (cmn & (1u << 9)) put(o, " nop");
    if (cmn & (1u << 10)) put(o, " alu_wait");
    if (us_bits(cmn, 5, 3)) put(o, " rgb_pred=%s%s", cmn & (1u << 6) ? "!" : "", ps[us_bits(cmn, 5, 3)]);
    if (us_bits(cmn, 27, 25)) put(o, " a_pred=%s%s", cmn & (1u << 22) ? "!" : "", ps[us_bits(cmn, 27, 25)]);
}

static void alu(out *o, const uint32_t w[6])
{
    static const char *const rops[16] = { "MAD", "DP3", "DP4", "D2A", "MIN", "MAX", "RSV6", "CND",
                                          "CMP", "FRC", "SOP", "MDH", "MDV", "RSV13", "RSV14", "RSV15" };
    static const char *const aops[16] = { "MAD", "DP", "MIN", "MAX", "RSV4", "CND", "CMP", "FRC",
                                          "EX2", "LN2", "RCP", "RSQ", "SIN", "COS", "MDH", "MDV" };
    static const char *const cmp[4] = { "==", "<", ">=", "!=" };
    uint32_t cmn = w[0], ri = w[3], ai = w[4], rgba = w[5];
    unsigned type = us_bits(cmn, 1, 0);
    put(o, "%s rgb: %s r%u.", type == US_T_OUT ? "OUT" : "ALU", rops[us_bits(rgba, 3, 0)], us_bits(rgba, 10, 4));
    mask(o, us_bits(cmn, 13, 11), 3);
    unsigned sa[3], sb[3], sc[3];
    for (unsigned c = 0; c < 3; c++) {
        sa[c] = us_bits(ri, 4 + 3 * c, 2 + 3 * c);
        sb[c] = us_bits(ri, 17 + 3 * c, 15 + 3 * c);
        sc[c] = us_bits(rgba, 16 + 3 * c, 14 + 3 * c);
    }
    put(o, ", ");
    operand(o, us_bits(ri, 1, 0), us_bits(ri, 12, 11), sa, 3);
    put(o, ", ");
    operand(o, us_bits(ri, 14, 13), us_bits(ri, 25, 24), sb, 3);
    put(o, ", ");
    operand(o, us_bits(rgba, 13, 12), us_bits(rgba, 24, 23), sc, 3);
    omod(o, us_bits(ri, 28, 26), (cmn >> 19) & 1);
    if (us_bits(cmn, 17, 15)) {
        if (type == US_T_OUT)
            put(o, " -> out%u.", us_bits(ri, 30, 29));
        else
            put(o, " -> pred%s0.", cmp[us_bits(ri, 30, 29)]);
        mask(o, us_bits(cmn, 17, 15), 3);
    }
    unsigned x;
    put(o, "; a: %s r%u.%s, ", aops[us_bits(ai, 3, 0)], us_bits(ai, 10, 4), (cmn >> 14) & 1 ? "a" : "");
    x = us_bits(ai, 16, 14);
    operand(o, us_bits(ai, 13, 12), us_bits(ai, 18, 17), &x, 1);
    put(o, ", ");
    x = us_bits(ai, 23, 21);
    operand(o, us_bits(ai, 20, 19), us_bits(ai, 25, 24), &x, 1);
    put(o, ", ");
    x = us_bits(rgba, 29, 27);
    operand(o, us_bits(rgba, 26, 25), us_bits(rgba, 31, 30), &x, 1);
    omod(o, us_bits(ai, 28, 26), (cmn >> 20) & 1);
    if ((cmn >> 18) & 1) {
        if (type == US_T_OUT)
            put(o, " -> out%u.a", us_bits(ai, 30, 29));
        else
            put(o, " -> pred%s0.a", cmp[us_bits(ai, 30, 29)]);
    }
    if (type == US_T_OUT && (ai >> 31))
        put(o, " -> w");
    if ((ri >> 31) & 1)
        put(o, " alu_result=%s%s0", (cmn >> 21) & 1 ? "a" : "r", cmp[us_bits(cmn, 24, 23)]);
    put(o, "; rgb");
    srcs(o, w[1]);
    put(o, "; a");
    srcs(o, w[2]);
    put(o, ";");
}

static void tex(out *o, const uint32_t w[6])
{
    static const char *const ops[8] = { "NOP", "LD", "KIL", "PROJ", "LODBIAS", "LOD", "DXDY", "RSV7" };
    uint32_t cmn = w[0], ti = w[1], ta = w[2];
    unsigned k;
    put(o, "TEX %s map%u r%u.", ops[us_bits(ti, 24, 22)], us_bits(ti, 19, 16), us_bits(ta, 22, 16));
    mask(o, us_bits(cmn, 14, 11), 4);
    put(o, " <- r%u.", us_bits(ta, 6, 0));
    for (k = 0; k < 4; k++)
        put(o, "%c", swzc(us_bits(ta, 9 + 2 * k, 8 + 2 * k)));
    put(o, " swz ");
    for (k = 0; k < 4; k++)
        put(o, "%c", swzc(us_bits(ta, 25 + 2 * k, 24 + 2 * k)));
    if ((cmn >> 19) & 1) put(o, " sat_rgb");
    if ((cmn >> 20) & 1) put(o, " sat_a");
    if ((ti >> 25) & 1) put(o, " sem_acquire");
    if ((ti >> 26) & 1) put(o, " ignore_uncovered");
    if ((ti >> 27) & 1) put(o, " unscaled");
    if (us_bits(ti, 24, 22) == 6)
        put(o, " dxdy=%08x", w[3]);
    put(o, ";");
}

static void fc(out *o, const uint32_t w[6])
{
    static const char *const ops[8] = { "JUMP", "LOOP", "ENDLOOP", "REP", "ENDREP", "BREAKLOOP", "BREAKREP", "CONTINUE" };
    uint32_t fi = w[2], fa = w[3];
    put(o, "FC %s addr=%u%s bool=%u int=%u func=%02x a_op=%u b_op0=%u b_op1=%u pop=%u%s%s%s;",
        ops[us_bits(fi, 2, 0)], us_bits(fa, 24, 16), (fa >> 31) ? "(global)" : "", us_bits(fa, 4, 0),
        us_bits(fa, 12, 8), us_bits(fi, 15, 8), us_bits(fi, 7, 6), us_bits(fi, 25, 24), us_bits(fi, 27, 26),
        us_bits(fi, 20, 16), (fi >> 4) & 1 ? " else" : "", (fi >> 5) & 1 ? " any" : "",
        (fi >> 28) & 1 ? " ignore_uncovered" : "");
}

int us_disasm(const uint32_t w[6], char *buf, size_t n)
{
    out o = { buf, n, 0 };
    if (n == 0)
        return 0;
    buf[0] = 0;
    switch (us_bits(w[0], 1, 0)) {
    case US_T_TEX: tex(&o, w); break;
    case US_T_FC: fc(&o, w); break;
    default: alu(&o, w); break;
    }
    flags(&o, w[0]);
    return (int)o.k;
}
