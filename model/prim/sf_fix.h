/* sf_fix.h - internal fixed-point helpers of the shader float (docs/float.md): the quadratic
 * segment evaluation and the round-to-nearest packing of a fixed-point magnitude.  Not API. */
#ifndef RCOSIM_SF_FIX_H
#define RCOSIM_SF_FIX_H

#include <stdint.h>

/* floor(v / 2^s) for any sign (C's >> on negative values is implementation-defined) */
static inline int64_t sf_asr(int64_t v, unsigned s)
{
    return v >= 0 ? (int64_t)((uint64_t)v >> s) : -(int64_t)((uint64_t)(-(v + 1)) >> s) - 1;
}

/* y = c0 + floor(((c1 + floor(c2 * t / 2^T)) * t) / 2^T), t in [0, 2^T) */
static inline int64_t sf_poly(const int32_t c[3], uint64_t t, unsigned tbits)
{
    int64_t a = sf_asr((int64_t)c[2] * (int64_t)t, tbits);
    int64_t b = sf_asr(((int64_t)c[1] + a) * (int64_t)t, tbits);
    return (int64_t)c[0] + b;
}

/* the float nearest to n * 2^e (n < 2^63), ties away from zero; below 2^-126 -> zero of the sign,
 * 2^128 and above -> infinity of the sign */
static inline uint32_t sf_pack_round(uint32_t sign, uint64_t n, int e)
{
    int lead = 63;
    uint64_t m;
    int be;
    if (n == 0)
        return sign << 31;
    while (!((n >> lead) & 1u))
        lead--;
    if (lead > 23) {
        unsigned sh = (unsigned)(lead - 23);
        m = (n + (UINT64_C(1) << (sh - 1))) >> sh;
        if (m >> 24) {
            m >>= 1;
            lead++;
        }
    } else {
        m = n << (23 - lead);
    }
    be = lead + e + 127;
    if (be <= 0)
        return sign << 31;
    if (be >= 255)
        return (sign << 31) | 0x7F800000u;
    return (sign << 31) | ((uint32_t)be << 23) | ((uint32_t)m & 0x7FFFFFu);
}

#endif
