/*
 * us_fmt.c - the output conversion of r5xx.us (docs/blocks/r5xx.us.md, "Output conversion"):
 * one binary32 channel to a component of a US_OUT_FMT format (unorm/snorm of any width with
 * nearest-halves-up or ROUND_ADJ truncation, binary16 toward zero, binary32 as is), W by
 * US_W_FMT (W24 fixed, W24_FP order-preserving), and the format table (components, widths,
 * kinds).  Exact integer arithmetic; the RTL twin is rtl/r5xx/us/r5xx_us_cvt.sv and
 * r5xx_us_opix.sv.
 */
#include "us_isa.h"

/* unsigned fixed of width w (1..24): 0 for NaN and x <= 0, 2^w - 1 for x >= 1, else
 * round(x * (2^w - 1)) with halves up, or truncated if trunc. */
static uint32_t unorm(uint32_t x, unsigned w, unsigned trunc)
{
    uint32_t e = (x >> 23) & 0xFFu;
    if (e == 0xFFu && (x & 0x7FFFFFu))
        return 0;
    if ((x >> 31) || e == 0)
        return 0;
    if (e >= 127)
        return (1u << w) - 1;
    uint64_t m = 0x800000u | (x & 0x7FFFFFu);
    uint64_t p = (m << w) - m;
    unsigned s = 150 - e;                    /* 24..149 */
    if (s > 63)
        return 0;
    return (uint32_t)(trunc ? p >> s : (p + (1ull << (s - 1))) >> s);
}

uint32_t us_cvt(uint32_t x, unsigned kind, unsigned w, unsigned trunc)
{
    uint32_t e = (x >> 23) & 0xFFu, f = x & 0x7FFFFFu, sg = x >> 31;
    int nan = e == 0xFFu && f != 0;
    switch (kind) {
    case US_K_UNORM:
        return unorm(x, w, trunc);
    case US_K_SNORM: {
        uint32_t v = nan ? 0 : unorm(x & 0x7FFFFFFFu, w - 1, trunc);
        return (sg ? (0u - v) : v) & ((1u << w) - 1);
    }
    case US_K_FP16:
        if (nan)
            return 0x7E00u;
        if (e == 0xFFu)
            return (sg << 15) | 0x7C00u;
        if (e >= 143)
            return (sg << 15) | 0x7BFFu;
        if (e < 113)
            return sg << 15;
        return (sg << 15) | ((e - 112) << 10) | (f >> 13);
    case US_K_FP32:
        return x;
    case US_K_W24FP:
        if (nan)
            return 0;
        if (e >= 191)
            return (sg << 23) | 0x7FFFFFu;
        if (e <= 63)
            return sg << 23;
        return (sg << 23) | ((e - 63) << 16) | (f >> 7);
    default:
        return 0;
    }
}

/* Component k of OUT_FMT fmt: its kind (US_K_ZERO if the format has no component k) and width. */
void us_fmt_comp(unsigned fmt, unsigned k, unsigned sign, unsigned *kind, unsigned *w)
{
    unsigned n = 0, wd = 0, fixu = 0, fx = 1, fixs = fmt == 6 || fmt == 7;   /* MPEG: (S), decision 17 */
    switch (fmt) {
    case 0: n = 4; wd = 8; break;
    case 1: case 2: n = 4; wd = 10; fixu = 1; break;
    case 3: case 6: n = 1; wd = 16; break;
    case 4: case 7: n = 2; wd = 16; break;
    case 5: n = 4; wd = 16; break;
    case 8: n = 2; wd = 4; fixu = 1; break;
    case 9: n = 3; wd = k == 0 ? 2 : 3; fixu = 1; break;
    case 10: n = 3; wd = k == 1 ? 5 : 6; break;
    case 11: n = 3; wd = k == 0 ? 10 : 11; break;
    case 12: n = 3; wd = k == 2 ? 10 : 11; break;
    case 13: n = 4; wd = k == 3 ? 2 : 10; break;
    case 16: case 17: case 18: n = fmt == 16 ? 1 : fmt == 17 ? 2 : 4; wd = 16; fx = 0; break;
    case 19: case 20: case 21: n = fmt == 19 ? 1 : fmt == 20 ? 2 : 4; wd = 32; fx = 0; break;
    default: break;
    }
    if (k >= n) {
        *kind = US_K_ZERO;
        *w = 0;
        return;
    }
    *w = wd;
    if (!fx)
        *kind = wd == 16 ? US_K_FP16 : US_K_FP32;
    else
        *kind = (fixs || (!fixu && sign)) ? US_K_SNORM : US_K_UNORM;
}

int us_fmt_used(uint32_t fmtreg)
{
    unsigned f = fmtreg & 31u;
    return f <= 13 || (f >= 16 && f <= 21);
}

uint32_t us_fmt_pixel(uint32_t fmtreg, const uint32_t ch[4], unsigned chmask, uint32_t lane[4])
{
    uint32_t cm = 0;
    for (unsigned k = 0; k < 4; k++) {
        unsigned kind, w, c = (us_bits(fmtreg, 9 + 2 * k, 8 + 2 * k) + 3) & 3;
        us_fmt_comp(fmtreg & 31u, k, (fmtreg >> (16 + k)) & 1, &kind, &w);
        int present = kind != US_K_ZERO && ((chmask >> c) & 1);
        lane[k] = present ? us_cvt(ch[c], kind, w, (fmtreg >> 20) & 1) : 0;
        cm |= (uint32_t)present << k;
    }
    return cm;
}

uint32_t us_fmt_w(uint32_t wfmt, uint32_t x)
{
    switch (wfmt & 3u) {
    case 1: return us_cvt(x, US_K_UNORM, 24, 0);
    case 2: return us_cvt(x, US_K_W24FP, 24, 0);
    default: return 0;
    }
}
