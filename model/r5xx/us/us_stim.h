/*
 * us_stim.h - the parts of r5xx.us's random stimulus (us_stim.c) that other generators reuse: a
 * random binary32 value (special values half the time), one random ALU or OUT instruction and
 * one random TEX instruction (every form the block's own random runs use: sources, swizzles,
 * modifiers, pre-subtract, OMOD, clamp, masks, predication; LD/PROJ/LODBIAS/LOD/DXDY/KIL/NOP
 * with semaphores), and the aiming of a TEX at a texture unit and a coordinate register.  They
 * draw only from the given random stream, so a seed gives the same words wherever called from.
 */
#ifndef US_STIM_H
#define US_STIM_H

#include <stdint.h>

#include "rc_rng.h"

/* A binary32 bit pattern: specials (+-0, denormals, +-inf, NaN, huge, tiny) or ordinary. */
uint32_t us_stim_fval(rc_rng *r);

/* One ALU (out = 0) or OUT (out = 1) instruction's six dwords (US_CMN, RGB/ALPHA addresses and
 * instructions, RGBA instruction); the LAST bit (US_CMN bit 8) is the caller's. */
void us_stim_alu(rc_rng *r, int out, uint32_t w[6]);

/* One TEX instruction's six dwords (any unit 0..15, any op, semaphores, DXDY). */
void us_stim_tex(rc_rng *r, uint32_t w[6]);

/* Aim a TEX instruction at texture unit 'unit', its coordinates read from temporary 'src'. */
void us_stim_tex_at(uint32_t w[6], unsigned unit, unsigned src);

#endif
