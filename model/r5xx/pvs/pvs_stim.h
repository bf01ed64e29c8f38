/*
 * pvs_stim.h - the parts of r5xx.pvs's random stimulus (pvs_stim.c) that other generators reuse:
 * a random binary32 value from the palette of special and ordinary values, one random vertex
 * program instruction (every form the block's own random runs use, refused ones included), and
 * the narrowing of such an instruction to the forms a driver's compiler emits.  They draw only
 * from the given random stream, so a seed gives the same words wherever they are called from.
 */
#ifndef PVS_STIM_H
#define PVS_STIM_H

#include <stdint.h>

#include "rc_rng.h"

/* A binary32 bit pattern: specials, small (half-)integers, any word, exponents 120..135. */
uint32_t pvs_stim_fval(rc_rng *r);

/* One instruction's four dwords; constant offsets mostly 0..nconst. */
void pvs_stim_instruction(rc_rng *r, unsigned nconst, uint32_t w[4]);

/* Narrow w to a valid instruction: no DUAL_MATH_OP or reserved opcode; the destination a
 * temporary, A0, an alternate temporary or output 1..nout (never output 0, the position). */
void pvs_stim_tame(uint32_t w[4], unsigned nout);

#endif
