/*
 * vap_convert.c - the number conversions of r5xx.vap (docs/blocks/r5xx.vap.md): exact rationals
 * rounded once to binary32 (integer long division, no floating point), halves, the element
 * decode of the PSC table, the swizzle, and the viewport multiply/add (C float arithmetic, which
 * is IEEE binary32 round-to-nearest-even with denormals on every target this builds for, with
 * NaN results made canonical).
 */
#include <string.h>

#include "vap_convert.h"

uint32_t vap_rne_div(int64_t num, uint64_t den)
{
    if (num == 0 || den == 0)
        return VAP_F_ZERO;
    uint32_t sign = num < 0 ? 0x80000000u : 0;
    uint64_t r = num < 0 ? (uint64_t)(-num) : (uint64_t)num, d = den;
    int e = 0;
    /* Scale so that d <= r < 2d; then r/d = |num|/den * 2^-e. */
    while (r >= (d << 1)) {
        d <<= 1;
        e++;
    }
    while (r < d) {
        r <<= 1;
        e--;
    }
    uint32_t q = 0;                 /* 25 quotient bits: 24 of the significand and a guard bit */
    for (int i = 0; i < 25; i++) {
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1;
        }
        r <<= 1;
    }
    uint32_t m = q >> 1;
    if ((q & 1) && (r != 0 || (m & 1)))
        m++;
    if (m == 1u << 24) {
        m >>= 1;
        e++;
    }
    /* The block's values are normal numbers (2^-16 < |v| < 2^17): no subnormal or overflow. */
    return sign | (uint32_t)(e + 127) << 23 | (m & 0x7FFFFFu);
}

uint32_t vap_fix(uint32_t u, unsigned n, int sgn, int norm, unsigned method)
{
    uint64_t full = (1ull << n) - 1, half = 1ull << (n - 1);
    u &= (uint32_t)full;
    if (!sgn)
        return vap_rne_div(u, norm ? full : 1);
    int64_t s = u >= half ? (int64_t)u - (int64_t)(full + 1) : (int64_t)u;
    if (!norm)
        return vap_rne_div(s, 1);
    switch (method & 3) {
    case 1:
        if (s == -(int64_t)half)
            return 0xBF800000u;
        return vap_rne_div(s, half - 1);
    case 2:
        return vap_rne_div(2 * s + 1, full);
    default:
        return vap_rne_div(s, half - 1);
    }
}

uint32_t vap_half(uint32_t x)
{
    uint32_t s = (x >> 15 & 1) << 31, e = x >> 10 & 31, m = x & 0x3FF;
    if (e == 0) {
        if (m == 0)
            return s;
        unsigned p = 9;
        while (!(m >> p & 1))
            p--;
        return s | (p + 103) << 23 | ((m << (23 - p)) & 0x7FFFFFu);
    }
    if (e == 31)
        return s | 0x7F800000u | m << 13;
    return s | (e + 112) << 23 | m << 13;
}

static float as_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static uint32_t as_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    if ((u & 0x7F800000u) == 0x7F800000u && (u & 0x7FFFFFu))
        return VAP_F_NAN;
    return u;
}

uint32_t vap_fmul(uint32_t a, uint32_t b)
{
    volatile float r = as_float(a) * as_float(b);   /* volatile: one rounding to binary32, no contraction */
    return as_bits(r);
}

uint32_t vap_fadd(uint32_t a, uint32_t b)
{
    volatile float r = as_float(a) + as_float(b);
    return as_bits(r);
}

unsigned vap_type_dwords(unsigned t)
{
    static const unsigned n[16] = { 1, 2, 3, 4, 1, 1, 1, 2, 1, 1, 8, 1, 2, 1, 1, 1 };
    return n[t & 15];
}

unsigned vap_element(unsigned ctl, unsigned method, const uint32_t *d, uint32_t out[8])
{
    unsigned t = ctl & 15;
    int sgn = (int)(ctl >> 14 & 1), norm = (int)(ctl >> 15 & 1);
    uint32_t w = d[0];
    for (unsigned i = 0; i < 8; i++)
        out[i] = i == 3 || i == 7 ? VAP_F_ONE : VAP_F_ZERO;
    switch (t) {
    case 0: case 1: case 2: case 3:
        for (unsigned i = 0; i <= t; i++)
            out[i] = d[i];
        return 1;
    case 4:
        for (unsigned i = 0; i < 4; i++)
            out[i] = vap_fix(w >> (8 * i), 8, sgn, norm, method);
        return 1;
    case 5:
        out[0] = vap_fix(w >> 16, 8, sgn, norm, method);
        out[1] = vap_fix(w >> 8, 8, sgn, norm, method);
        out[2] = vap_fix(w, 8, sgn, norm, method);
        out[3] = vap_fix(w >> 24, 8, sgn, norm, method);
        return 1;
    case 6:
        out[0] = vap_fix(w, 16, sgn, norm, method);
        out[1] = vap_fix(w >> 16, 16, sgn, norm, method);
        return 1;
    case 7:
        out[0] = vap_fix(w, 16, sgn, norm, method);
        out[1] = vap_fix(w >> 16, 16, sgn, norm, method);
        out[2] = vap_fix(d[1], 16, sgn, norm, method);
        out[3] = vap_fix(d[1] >> 16, 16, sgn, norm, method);
        return 1;
    case 8:
        out[0] = vap_fix(w, 10, sgn, norm, method);
        out[1] = vap_fix(w >> 10, 10, sgn, norm, method);
        out[2] = vap_fix(w >> 20, 10, sgn, norm, method);
        return 1;
    case 9:
        out[0] = vap_fix(w, 11, sgn, norm, method);
        out[1] = vap_fix(w >> 11, 11, sgn, norm, method);
        out[2] = vap_fix(w >> 22, 10, sgn, norm, method);
        return 1;
    case 10:
        for (unsigned i = 0; i < 8; i++)
            out[i] = d[i];
        return 2;
    case 11:
        out[0] = vap_half(w & 0xFFFF);
        out[1] = vap_half(w >> 16);
        return 1;
    case 12:
        out[0] = vap_half(w & 0xFFFF);
        out[1] = vap_half(w >> 16);
        out[2] = vap_half(d[1] & 0xFFFF);
        out[3] = vap_half(d[1] >> 16);
        return 1;
    default:
        return 0;
    }
}

void vap_swizzle(unsigned ext, const uint32_t v[4], uint32_t out[4])
{
    for (unsigned c = 0; c < 4; c++) {
        unsigned sel = ext >> (3 * c) & 7;
        out[c] = sel < 4 ? v[sel] : sel == 5 ? VAP_F_ONE : VAP_F_ZERO;
    }
}

uint32_t vap_swap(uint32_t v, unsigned code)
{
    switch (code & 3) {
    case 1: return (v & 0xFF00FF00u) >> 8 | (v & 0x00FF00FFu) << 8;
    case 2: return v >> 24 | (v >> 8 & 0xFF00u) | (v << 8 & 0xFF0000u) | v << 24;
    case 3: return v >> 16 | v << 16;
    default: return v;
    }
}
