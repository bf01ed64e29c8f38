/* sf.h - "shader float": the one float datapath of the R5xx vertex (PVS) and fragment (US)
 * shaders, C twin of rtl/prim/prim_sf_*.sv.  Definition: docs/float.md.
 *
 * Every function takes and returns IEEE binary32 bit patterns (uint32_t).  Denormal inputs are
 * flushed to zero (sign kept) before every op; results below 2^-126 become zero of the result's
 * sign; add/mul round toward zero; any NaN result is 0x7FC00000.  Integer arithmetic only: no
 * host float anywhere, so the result is the same on every host and equal to the RTL bit for bit.
 */
#ifndef RCOSIM_SF_H
#define RCOSIM_SF_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SF_QNAN    0x7FC00000u /* the canonical NaN, every NaN result */
#define SF_PINF    0x7F800000u
#define SF_NINF    0xFF800000u
#define SF_MAXF    0x7F7FFFFFu /* largest finite (the RZ overflow result) */
#define SF_ONE     0x3F800000u
#define SF_SIGN    0x80000000u

/* classification of a bit pattern (no flushing) */
static inline bool sf_is_nan(uint32_t a) { return (a & 0x7FFFFFFFu) > SF_PINF; }
static inline bool sf_is_inf(uint32_t a) { return (a & 0x7FFFFFFFu) == SF_PINF; }

/* denormal -> zero of the same sign; everything else (NaN included) unchanged */
static inline uint32_t sf_ftz(uint32_t a) { return (a >> 23 & 0xFFu) == 0 ? (a & SF_SIGN) : a; }

/* Add and multiply are inline here for speed (every shader block's model runs them millions of
 * times); two normal operands (exponent 1..254), or one normal and one zero or denormal, are
 * computed inline, every other case (two zeros, an Inf or NaN operand) by sf.c's
 * sf_add_other/sf_mul_other.  The results are those of the one definition in docs/float.md
 * whichever way they are reached. */
uint32_t sf_add_other(uint32_t a, uint32_t b);
uint32_t sf_mul_other(uint32_t a, uint32_t b, bool zmode);

/* a + b of two normal operands: 27-bit significands (hidden bit, 23 fraction bits, guard, round,
 * sticky), aligned to the larger magnitude, truncated; docs/float.md 2.1 */
static inline uint32_t sf_add_normal_(uint32_t a, uint32_t b)
{
    uint32_t big = (a & 0x7FFFFFFFu) >= (b & 0x7FFFFFFFu) ? a : b;
    uint32_t sml = big == a ? b : a;
    uint32_t sign = big & SF_SIGN, eb = big >> 23 & 0xFFu, d = eb - (sml >> 23 & 0xFFu);
    uint32_t ma = (0x800000u | (big & 0x7FFFFFu)) << 3, mb = (0x800000u | (sml & 0x7FFFFFu)) << 3, m;
    int e = (int)eb;

    if (d >= 27u)
        mb = 1u; /* only the sticky bit is left */
    else if (d > 0u)
        mb = (mb >> d) | ((mb & ((1u << d) - 1u)) != 0u);
    if ((a ^ b) & SF_SIGN) {
        int sh;
        m = ma - mb;
        if (m == 0u)
            return 0u; /* x + (-x) = +0 */
        sh = __builtin_clz(m) - 5; /* normalise: the leading one to bit 26 */
        m <<= sh;
        e -= sh;
    } else {
        uint32_t c;
        m = ma + mb;
        c = m >> 27; /* a carry out: one place right, the lost bit kept as sticky */
        m = (m >> c) | (m & c);
        e += (int)c;
    }
    if (e <= 0)
        return sign; /* below 2^-126: zero of the result's sign */
    if (e >= 255)
        return sign | SF_MAXF; /* RZ overflow: largest finite */
    return sign | ((uint32_t)e << 23) | ((m >> 3) & 0x7FFFFFu);
}

/* a * b of two normal operands: the 48-bit product truncated; docs/float.md 2.2 */
static inline uint32_t sf_mul_normal_(uint32_t a, uint32_t b)
{
    uint32_t sign = (a ^ b) & SF_SIGN, c;
    uint64_t p = (uint64_t)(0x800000u | (a & 0x7FFFFFu)) * (uint64_t)(0x800000u | (b & 0x7FFFFFu));
    int e = (int)(a >> 23 & 0xFFu) + (int)(b >> 23 & 0xFFu) - 127;

    c = (uint32_t)(p >> 47); /* the product in [2^46, 2^48): 1 when in [2^47, 2^48) */
    e += (int)c;
    if (e <= 0)
        return sign;
    if (e >= 255)
        return sign | SF_MAXF;
    return sign | ((uint32_t)e << 23) | ((uint32_t)(p >> (23u + c)) & 0x7FFFFFu);
}

/* arithmetic, round toward zero; inline also: a normal operand and a zero or denormal one */
static inline uint32_t sf_add(uint32_t a, uint32_t b)
{
    uint32_t ea = a >> 23 & 0xFFu, eb = b >> 23 & 0xFFu;
    if (ea - 1u < 254u) {
        if (eb - 1u < 254u)
            return sf_add_normal_(a, b);
        if (eb == 0u)
            return a; /* a + (flushed) 0 */
    } else if (ea == 0u && eb - 1u < 254u) {
        return b;
    }
    return sf_add_other(a, b);
}

/* zmode ? sf_mul_z : sf_mul (RTL shape) */
static inline uint32_t sf_mul_m(uint32_t a, uint32_t b, bool zmode)
{
    uint32_t ea = a >> 23 & 0xFFu, eb = b >> 23 & 0xFFu;
    if (ea - 1u < 254u) {
        if (eb - 1u < 254u)
            return sf_mul_normal_(a, b);
        if (eb == 0u)
            return (a ^ b) & SF_SIGN; /* normal * (flushed) 0: a zero, the signs' XOR */
    } else if (ea == 0u && eb - 1u < 254u) {
        return (a ^ b) & SF_SIGN;
    }
    return sf_mul_other(a, b, zmode);
}

static inline uint32_t sf_mul(uint32_t a, uint32_t b) { return sf_mul_m(a, b, false); }  /* IEEE: 0 * Inf = NaN */
static inline uint32_t sf_mul_z(uint32_t a, uint32_t b) { return sf_mul_m(a, b, true); } /* 0 * anything = 0 (sign XOR) */
uint32_t sf_mad(uint32_t a, uint32_t b, uint32_t c);   /* add(mul(a,b), c): two roundings */
uint32_t sf_mad_z(uint32_t a, uint32_t b, uint32_t c); /* add(mul_z(a,b), c) */
/* (a0b0 + a1b1) + a2b2 and (a0b0 + a1b1) + (a2b2 + a3b3), every op rounded */
uint32_t sf_dp3(const uint32_t a[3], const uint32_t b[3]);
uint32_t sf_dp3_z(const uint32_t a[3], const uint32_t b[3]);
uint32_t sf_dp4(const uint32_t a[4], const uint32_t b[4]);
uint32_t sf_dp4_z(const uint32_t a[4], const uint32_t b[4]);

/* ordering: -0 == +0, NaN compares false; min/max with one NaN give the other operand (flushed),
 * with two NaNs the canonical NaN; on equal operands (e.g. -0, +0) both return a */
uint32_t sf_min(uint32_t a, uint32_t b);
uint32_t sf_max(uint32_t a, uint32_t b);
/* the total-order key of a value as flushed: -0, +0 and denormals 0, else the signed magnitude */
static inline int32_t sf_key_(uint32_t a)
{
    int32_t mag = (a >> 23 & 0xFFu) ? (int32_t)(a & 0x7FFFFFFFu) : 0;
    return (a & SF_SIGN) ? -mag : mag;
}

static inline bool sf_cmp_lt(uint32_t a, uint32_t b) { return !sf_is_nan(a) && !sf_is_nan(b) && sf_key_(a) < sf_key_(b); }
static inline bool sf_cmp_le(uint32_t a, uint32_t b) { return !sf_is_nan(a) && !sf_is_nan(b) && sf_key_(a) <= sf_key_(b); }
static inline bool sf_cmp_eq(uint32_t a, uint32_t b) { return !sf_is_nan(a) && !sf_is_nan(b) && sf_key_(a) == sf_key_(b); }

uint32_t sf_flr(uint32_t a); /* floor, exact */
uint32_t sf_frc(uint32_t a); /* sf_add(a, -sf_flr(a)): in [0, 1) */

/* transcendentals (docs/float.md "Transcendentals"); sin/cos take turns: sin(2 pi a) */
uint32_t sf_rcp(uint32_t a);
uint32_t sf_rsq(uint32_t a);
uint32_t sf_sqrt(uint32_t a); /* sqrt(x) truncated (docs/float.md 4.3a) */
uint32_t sf_ex2(uint32_t a);
uint32_t sf_lg2(uint32_t a);
uint32_t sf_sin(uint32_t a);
uint32_t sf_cos(uint32_t a);

#ifdef __cplusplus
}
#endif

#endif
