/*
 * vap_convert.h - the number conversions of r5xx.vap (docs/blocks/r5xx.vap.md "PSC" and "Float
 * arithmetic"): fixed-point to binary32 with one round-to-nearest-even, half to binary32, the
 * viewport multiply and add, and the element decode.  Pure functions on bit patterns, shared by
 * the model and its unit test.
 */
#ifndef VAP_CONVERT_H
#define VAP_CONVERT_H

#include <stdint.h>

#define VAP_F_ZERO 0x00000000u
#define VAP_F_ONE  0x3F800000u
#define VAP_F_NAN  0x7FC00000u

/* The binary32 nearest to num/den (den > 0), ties to even; |num| < 2^40, den < 2^40. */
uint32_t vap_rne_div(int64_t num, uint64_t den);

/* fix(u) of docs/blocks/r5xx.vap.md: the n-bit field u (n = 8, 10, 11 or 16) with SIGNED, NORMALIZE
 * and the signed-normalise method. */
uint32_t vap_fix(uint32_t u, unsigned n, int sgn, int norm, unsigned method);

/* h(x): a s5e10 half (bias 15) as binary32, exactly; NaN payloads kept. */
uint32_t vap_half(uint32_t x);

/* IEEE binary32 multiply and add, round to nearest even, denormals kept, every NaN result
 * 0x7FC00000. */
uint32_t vap_fmul(uint32_t a, uint32_t b);
uint32_t vap_fadd(uint32_t a, uint32_t b);

/* Dwords an element of DATA_TYPE t takes (reserved types take 1). */
unsigned vap_type_dwords(unsigned t);

/* Convert one complete element: ctl = its 16-bit PROG_STREAM_CNTL half, method = its 2-bit
 * signed-normalise method, d = its dwords.  out[0..3] = (X, Y, Z, W) of the first vector,
 * out[4..7] the second (FLOAT_8).  Returns the number of vectors (0 for reserved types, 2 for
 * FLOAT_8, else 1). */
unsigned vap_element(unsigned ctl, unsigned method, const uint32_t *d, uint32_t out[8]);

/* The swizzle: component c of the result is select (ext >> 3c) & 7 of v. */
void vap_swizzle(unsigned ext, const uint32_t v[4], uint32_t out[4]);

/* VC_SWAP of a fetched dword (codes 0..3). */
uint32_t vap_swap(uint32_t v, unsigned code);

#endif
