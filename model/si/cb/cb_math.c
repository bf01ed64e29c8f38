/*
 * cb_math.c - the arithmetic of si.cb: every rule of docs/blocks/si.cb.md "The per-pixel
 * algorithm", written once for the model (cb_model.c) and the stimulus (cb_stim.c).
 * The float operations use the host's binary32 arithmetic (round to nearest-even, C11 without
 * contraction: no fused multiply-add) with every NaN result made the canonical 0x7FC00000.
 */
#include <string.h>

#include "cb_math.h"

#define FONE 0x3F800000u
#define FNAN 0x7FC00000u

static float tof(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static uint32_t tob(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static int isnan_b(uint32_t b) { return (b & 0x7F800000u) == 0x7F800000u && (b & 0x7FFFFF); }
static uint32_t canon(uint32_t b) { return isnan_b(b) ? FNAN : b; }

uint32_t si_cb_fmul(uint32_t a, uint32_t b) { return canon(tob(tof(a) * tof(b))); }
uint32_t si_cb_fadd(uint32_t a, uint32_t b) { return canon(tob(tof(a) + tof(b))); }
static int flt(uint32_t a, uint32_t b) { return !isnan_b(a) && !isnan_b(b) && tof(a) < tof(b); }
static uint32_t fmin_(uint32_t a, uint32_t b) { return flt(a, b) ? a : b; }
static uint32_t fmax_(uint32_t a, uint32_t b) { return flt(b, a) ? a : b; }
static uint32_t one_minus(uint32_t x) { return si_cb_fadd(FONE, x ^ 0x80000000u); }

int si_cb_regs_write(si_cb_regs *r, uint32_t a, uint32_t d)
{
    uint32_t *p;
    switch (a) {
    case SI_CB_COLOR0_BASE: p = &r->base; break;
    case SI_CB_COLOR0_PITCH: p = &r->pitch; break;
    case SI_CB_COLOR0_SLICE: p = &r->slice; break;
    case SI_CB_COLOR0_INFO: p = &r->info; break;
    case SI_CB_COLOR0_CLEAR_WORD0: p = &r->cw0; break;
    case SI_CB_COLOR0_CLEAR_WORD1: p = &r->cw1; break;
    case SI_CB_BLEND0_CONTROL: p = &r->blend; break;
    case SI_CB_BLEND_RED: p = &r->cst[0]; break;
    case SI_CB_BLEND_GREEN: p = &r->cst[1]; break;
    case SI_CB_BLEND_BLUE: p = &r->cst[2]; break;
    case SI_CB_BLEND_ALPHA: p = &r->cst[3]; break;
    case SI_CB_COLOR_CONTROL: p = &r->cctl; break;
    case SI_CB_TARGET_MASK: p = &r->tmask; break;
    case SI_CB_SHADER_MASK: p = &r->smask; break;
    default: return 0;
    }
    *p = d;
    return 1;
}

/* The format table: component count and widths (comp0 first), the number type; nc 0 = not
 * supported.  ok: the NUMBER_TYPEs allowed (bit n = NUMBER_TYPE n). */
typedef struct fmt { unsigned nc, w[4], fl, nt; } fmt;

#define NT_UNORM 0u
#define NT_SNORM 1u
#define NT_UINT 4u
#define NT_SINT 5u
#define NT_SRGB 6u
#define NT_FLOAT 7u

static fmt fmt_of(uint32_t info)
{
    unsigned f = (info >> 2) & 31, nt = (info >> 8) & 7, ok;
    const unsigned in = 1u << NT_SNORM | 1u << NT_UINT | 1u << NT_SINT, ii = 1u << NT_UINT | 1u << NT_SINT;
    fmt z = {0, {0, 0, 0, 0}, 0, 0}, m = z;
    switch (f) {
    case 1: m = (fmt){1, {8, 0, 0, 0}, 0, 0}; ok = 1u << NT_UNORM | 1u << NT_SRGB | in; break;
    case 2: m = (fmt){1, {16, 0, 0, 0}, 0, 0}; ok = 1u << NT_UNORM | 1u << NT_FLOAT | in; break;
    case 3: m = (fmt){2, {8, 8, 0, 0}, 0, 0}; ok = 1u << NT_UNORM | 1u << NT_SRGB | in; break;
    case 4: m = (fmt){1, {32, 0, 0, 0}, 1, 0}; ok = 1u << NT_FLOAT | ii; break;
    case 5: m = (fmt){2, {16, 16, 0, 0}, 0, 0}; ok = 1u << NT_UNORM | 1u << NT_FLOAT | in; break;
    case 8: m = (fmt){4, {2, 10, 10, 10}, 0, 0}; ok = 1u << NT_UNORM | in; break;
    case 9: m = (fmt){4, {10, 10, 10, 2}, 0, 0}; ok = 1u << NT_UNORM | in; break;
    case 10: m = (fmt){4, {8, 8, 8, 8}, 0, 0}; ok = 1u << NT_UNORM | 1u << NT_SRGB | in; break;
    case 12: m = (fmt){4, {16, 16, 16, 16}, 0, 0}; ok = 1u << NT_UNORM | 1u << NT_FLOAT | in; break;
    case 14: m = (fmt){4, {32, 32, 32, 32}, 1, 0}; ok = 1u << NT_FLOAT | ii; break;
    case 16: m = (fmt){3, {5, 6, 5, 0}, 0, 0}; ok = 1u << NT_UNORM; break;
    case 17: m = (fmt){4, {5, 5, 5, 1}, 0, 0}; ok = 1u << NT_UNORM; break;
    case 18: m = (fmt){4, {1, 5, 5, 5}, 0, 0}; ok = 1u << NT_UNORM; break;
    case 19: m = (fmt){4, {4, 4, 4, 4}, 0, 0}; ok = 1u << NT_UNORM; break;
    default: return z;
    }
    if (!(ok >> nt & 1))
        return z;
    m.nt = nt;
    return m;
}

/* Slot k's stored bits (n wide, fed by shader component c) to binary32, and back (step 6, 9). */
static uint32_t comp2f(const fmt *m, unsigned n, unsigned c, uint32_t d)
{
    if (m->fl)
        return d;
    if (m->nt == NT_FLOAT)
        return si_cb_half2f(d);
    if (m->nt == NT_SRGB && c != 3)
        return si_cb_srgb2f(d);
    if (m->nt == NT_UINT || m->nt == NT_SINT)
        return d;                                /* never blended: the bits */
    if (m->nt == NT_SNORM) {
        uint32_t half = 1u << (n - 1), mag = d & half ? (d ^ ((1u << n) - 1)) + 1 : d;
        if (mag > half - 1)                      /* -2^(n-1) reads as -1 */
            mag = half - 1;
        return (d & half ? 0x80000000u : 0) | si_cb_unorm2f(mag, n - 1);
    }
    return si_cb_unorm2f(d, n);
}

static uint32_t f2comp(const fmt *m, unsigned n, unsigned c, uint32_t v, unsigned trunc)
{
    if (m->fl)
        return v;
    if (m->nt == NT_FLOAT)
        return si_cb_f2half(v, trunc);
    if (m->nt == NT_SRGB && c != 3)
        return si_cb_f2srgb(v);
    if (m->nt == NT_UINT)                        /* the shader's uint32, clamped */
        return v > (1u << n) - 1 ? (1u << n) - 1 : v;
    if (m->nt == NT_SINT) {                      /* the shader's int32, clamped */
        int32_t x = (int32_t)v, hi = (int32_t)(1u << (n - 1)) - 1, lo = -hi - 1;
        x = x > hi ? hi : x < lo ? lo : x;
        return (uint32_t)x & ((1u << n) - 1);
    }
    return si_cb_f2norm(v, n, m->nt == NT_SNORM, trunc);
}

static unsigned bpp_of(const fmt *m)
{
    return m->w[0] + m->w[1] + m->w[2] + m->w[3];
}

/* The shader component (0 R .. 3 A) that feeds slot k. */
static unsigned swap_src(unsigned nc, unsigned cs, unsigned k)
{
    static const unsigned char t1[4] = {0, 1, 2, 3};
    static const unsigned char t2[4][2] = {{0, 1}, {0, 3}, {1, 0}, {3, 0}};
    static const unsigned char t3[4][3] = {{0, 1, 2}, {0, 1, 3}, {2, 1, 0}, {3, 1, 0}};
    static const unsigned char t4[4][4] = {{0, 1, 2, 3}, {2, 1, 0, 3}, {3, 2, 1, 0}, {3, 0, 1, 2}};
    switch (nc) {
    case 1: return t1[cs];
    case 2: return t2[cs][k];
    case 3: return t3[cs][k];
    default: return t4[cs][k];
    }
}

si_cb_plan si_cb_plan_of(const si_cb_regs *r, uint32_t x, uint32_t y, unsigned cwe)
{
    si_cb_plan p = {0};
    fmt m = fmt_of(r->info);
    unsigned mode = (r->cctl >> 4) & 7;
    uint32_t pitch = ((r->pitch & 0x7FF) + 1) * 8, pix = y * pitch + x;
    if (x >= pitch || pix >= ((r->slice & 0x3FFFFF) + 1) * 64)
        p.err |= SI_CB_ERR_RANGE;
    if (!m.nc || mode > 2 || (mode == 2 && bpp_of(&m) == 128))
        p.err |= SI_CB_ERR_UNSUP;
    unsigned bpp = m.nc ? bpp_of(&m) : 32;
    p.nd = bpp <= 32 ? 1 : bpp / 32;
    p.addr = (r->base << 8) + pix * (bpp / 8);
    unsigned cm = cwe ? r->tmask & r->smask & 15 : 0;
    p.write = !p.err && (mode == 2 || (mode == 1 && cm));
    return p;
}

uint32_t si_cb_swap(uint32_t v, unsigned e)
{
    switch (e & 3) {
    case 1: return (v & 0xFF00FF00u) >> 8 | (v & 0x00FF00FFu) << 8;
    case 0: return v;
    default: return v >> 24 | (v >> 8 & 0xFF00) | (v << 8 & 0xFF0000) | v << 24;
    }
}

uint32_t si_cb_f2norm(uint32_t f, unsigned n, unsigned snorm, unsigned trunc)
{
    uint32_t mx = snorm ? (1u << (n - 1)) - 1 : (uint32_t)((1ull << n) - 1);
    unsigned neg = f >> 31;
    uint32_t a = f & 0x7FFFFFFFu, mag;
    if (isnan_b(f) || (neg && !snorm) || a == 0)
        return 0;
    if (a >= FONE) {
        mag = mx;
    } else {
        unsigned e = (a >> 23) & 0xFF;
        uint64_t m = (a & 0x7FFFFF) | (e ? 0x800000u : 0);
        unsigned k = 150 - (e ? e : 1);          /* |x| = m / 2^k, k in 24..149 */
        uint64_t prod = m * mx;                  /* < 2^40 */
        uint64_t q = 0, rem = 1, half = 2;       /* k > 60: far below half an lsb, not 0 */
        if (k <= 60) {
            q = prod >> k;
            rem = prod & ((1ull << k) - 1);
            half = 1ull << (k - 1);
        }
        /* floor(x*S + 1/2) or floor(x*S) from |x|*S = q + r */
        if (!neg ? !trunc && rem >= half : trunc ? rem != 0 : rem > half)
            q++;
        mag = (uint32_t)q;
    }
    return neg ? (0u - mag) & (uint32_t)((1ull << n) - 1) : mag;
}

uint32_t si_cb_f2half(uint32_t f, unsigned trunc)
{
    unsigned e = (f >> 23) & 0xFF, s = (f >> 31) << 15;
    if (e == 0xFF)
        return (f & 0x7FFFFF) ? 0x7E00u : s | 0x7C00u;
    if (e <= 101)                                /* below half the least subnormal */
        return s;
    if (e >= 143)                                /* 2^16 and above */
        return s | (trunc ? 0x7BFFu : 0x7C00u);
    uint32_t m = (f & 0x7FFFFF) | (e ? 0x800000u : 0);
    unsigned sh = e >= 113 ? 13 : e <= 102 ? 24 : 126 - e;
    uint32_t q = m >> sh, rem = m & ((1u << sh) - 1), half = 1u << (sh - 1);
    uint32_t r = (e >= 113 ? (e - 113) << 10 : 0) + q;   /* a carry moves into the exponent */
    if (!trunc && (rem > half || (rem == half && (q & 1))))
        r++;
    return s | r;
}

uint32_t si_cb_half2f(uint32_t h)
{
    uint32_t s = (h >> 15 & 1) << 31, e = (h >> 10) & 31, m = h & 0x3FF;
    if (e == 31)
        return s | 0x7F800000u | m << 13;
    if (e)
        return s | (e + 112) << 23 | m << 13;
    if (!m)
        return s;
    unsigned p = 9;
    while (!(m >> p & 1))
        p--;
    return s | (p + 103) << 23 | ((m << (23 - p)) & 0x7FFFFF);
}

uint32_t si_cb_unorm2f(uint32_t d, unsigned n)
{
    /* d / (2^n - 1) rounded once: the double quotient is never a binary32 tie (docs) */
    return tob((float)((double)d / (double)((1ull << n) - 1)));
}

/* The pixel's bits as one 128-bit value in w[0..3] (w[0] least significant). */
static uint32_t getbits(const uint32_t *w, unsigned lo, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)((w[(lo + i) / 32] >> ((lo + i) % 32)) & 1) << i;
    return (uint32_t)v;
}

static void setbits(uint32_t *w, unsigned lo, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++) {
        unsigned b = lo + i;
        w[b / 32] = (w[b / 32] & ~(1u << (b % 32))) | (((v >> i) & 1) << (b % 32));
    }
}

static uint32_t factor(unsigned f, unsigned c, const uint32_t *s, const uint32_t *d, const uint32_t *s1,
                       const uint32_t *k)
{
    switch (f) {
    case 0: return 0;
    case 1: return FONE;
    case 2: return s[c];
    case 3: return one_minus(s[c]);
    case 4: return s[3];
    case 5: return one_minus(s[3]);
    case 6: return d[3];
    case 7: return one_minus(d[3]);
    case 8: return d[c];
    case 9: return one_minus(d[c]);
    case 10: return c == 3 ? FONE : fmin_(s[3], one_minus(d[3]));
    case 13: return k[c];
    case 14: return one_minus(k[c]);
    case 15: return s1[c];
    case 16: return one_minus(s1[c]);
    case 17: return s1[3];
    case 18: return one_minus(s1[3]);
    case 19: return k[3];
    case 20: return one_minus(k[3]);
    default: return 0;
    }
}

static uint32_t blend1(uint32_t ctl, unsigned c, const uint32_t *s, const uint32_t *d, const uint32_t *s1,
                       const uint32_t *k)
{
    unsigned sf = ctl & 31, fn = (ctl >> 5) & 7, df = (ctl >> 8) & 31;
    uint32_t a = si_cb_fmul(s[c], factor(sf, c, s, d, s1, k));
    uint32_t b = si_cb_fmul(d[c], factor(df, c, s, d, s1, k));
    switch (fn) {
    case 0: return si_cb_fadd(a, b);
    case 1: return si_cb_fadd(a, b ^ 0x80000000u);
    case 2: return fmin_(s[c], d[c]);
    case 3: return fmax_(s[c], d[c]);
    case 4: return si_cb_fadd(b, a ^ 0x80000000u);
    default: return 0;
    }
}

void si_cb_compute(const si_cb_regs *r, const si_cb_plan *p, const uint32_t src[4], const uint32_t src1[4],
                   const uint32_t dw[4], uint32_t out[4])
{
    fmt m = fmt_of(r->info);
    unsigned endian = r->info & 3, bpp = bpp_of(&m), nd = p->nd;
    unsigned mode = (r->cctl >> 4) & 7;
    uint32_t w[4] = {0, 0, 0, 0};
    /* 4. unswap: the 8IN64 qword reversal for 64/128 bpp */
    for (unsigned i = 0; i < nd; i++)
        w[i] = si_cb_swap(dw[i], endian);
    if (endian == 3 && nd > 1)
        for (unsigned i = 0; i < nd; i += 2) {
            uint32_t t = w[i];
            w[i] = w[i + 1];
            w[i + 1] = t;
        }
    unsigned off = bpp < 32 ? (p->addr & 3) * 8 : 0;
    uint32_t pw[4] = {0, 0, 0, 0};     /* the pixel's own bits */
    if (bpp < 32)
        pw[0] = (w[0] >> off) & ((1u << bpp) - 1);
    else
        memcpy(pw, w, nd * 4);

    uint32_t nw[4];
    memcpy(nw, pw, sizeof nw);
    if (mode == 2) {
        nw[0] = bpp < 32 ? r->cw0 & ((1u << bpp) - 1) : r->cw0;
        nw[1] = r->cw1;
    } else {
        unsigned cs = (r->info >> 11) & 3, cm = r->tmask & r->smask & 15;
        unsigned nc = m.nc, lo[4], src_of[4];
        lo[0] = 0;
        for (unsigned k = 1; k < 4; k++)
            lo[k] = lo[k - 1] + m.w[k - 1];
        uint32_t dv[4] = {0, 0, 0, FONE}, dbits[4] = {0, 0, 0, 0};
        for (unsigned k = 0; k < nc; k++) {
            src_of[k] = swap_src(nc, cs, k);
            dbits[k] = getbits(pw, lo[k], m.w[k]);
            dv[src_of[k]] = comp2f(&m, m.w[k], src_of[k], dbits[k]);
        }
        uint32_t res[4];
        int integer = m.nt == NT_UINT || m.nt == NT_SINT;
        int blend = (r->blend >> 30 & 1) && !(r->info >> 16 & 1) && !integer;   /* BLEND_BYPASS */
        for (unsigned c = 0; c < 4; c++) {
            if (blend) {
                uint32_t ctl = (c == 3 && (r->blend >> 29 & 1)) ? r->blend >> 16 : r->blend;
                res[c] = blend1(ctl, c, src, dv, src1, r->cst);
                if (r->info >> 15 & 1) {
                    uint32_t lo = m.nt == NT_SNORM ? 0xBF800000u : 0;  /* -1 or 0 */
                    if (m.nt == NT_SNORM && flt(res[c], lo))
                        res[c] = lo;
                    else if (m.nt != NT_SNORM && (flt(res[c], 0) || res[c] == 0x80000000u))
                        res[c] = 0;
                    else if (flt(FONE, res[c]))
                        res[c] = FONE;
                }
            } else {
                res[c] = src[c];
            }
        }
        unsigned rop = (r->cctl >> 16) & 0xFF;
        int use_rop = !blend && !(r->blend >> 31 & 1);
        unsigned trunc = (r->info >> 18) & 1;
        for (unsigned k = 0; k < nc; k++) {
            unsigned c = src_of[k];
            if (!(cm >> c & 1))
                continue;
            uint32_t v = f2comp(&m, m.w[k], c, res[c], trunc);
            if (use_rop) {
                uint32_t o = 0;
                for (unsigned i = 0; i < m.w[k]; i++) {
                    unsigned sb = (v >> i) & 1, db = (dbits[k] >> i) & 1;
                    o |= ((rop >> (sb * 4 + sb * 2 + db)) & 1u) << i;
                }
                v = o;
            }
            setbits(nw, lo[k], m.w[k], v);
        }
    }
    /* 10. insert, 4. swap back */
    if (bpp < 32) {
        uint32_t mk = ((1u << bpp) - 1) << off;
        w[0] = (w[0] & ~mk) | (nw[0] << off);
    } else {
        memcpy(w, nw, nd * 4);
    }
    if (endian == 3 && nd > 1)
        for (unsigned i = 0; i < nd; i += 2) {
            uint32_t t = w[i];
            w[i] = w[i + 1];
            w[i + 1] = t;
        }
    for (unsigned i = 0; i < nd; i++)
        out[i] = si_cb_swap(w[i], endian);
}
