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
uint32_t sf_ftz(uint32_t a);

/* arithmetic, round toward zero */
uint32_t sf_add(uint32_t a, uint32_t b);
uint32_t sf_mul(uint32_t a, uint32_t b);              /* IEEE: 0 * Inf = NaN */
uint32_t sf_mul_z(uint32_t a, uint32_t b);            /* 0 * anything = 0 (sign XOR) */
uint32_t sf_mul_m(uint32_t a, uint32_t b, bool zmode); /* zmode ? sf_mul_z : sf_mul (RTL shape) */
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
bool sf_cmp_lt(uint32_t a, uint32_t b);
bool sf_cmp_le(uint32_t a, uint32_t b);
bool sf_cmp_eq(uint32_t a, uint32_t b);

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
