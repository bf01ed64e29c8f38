/*
 * cb_math.h - the arithmetic of si.cb (docs/blocks/si-cb.md): the snooped registers, the
 * formats, the binary32 blend (each operation rounded to nearest-even, canonical NaN), the
 * conversions to and from UNORM, ROP3, COMP_SWAP, endian swaps and the packing of one pixel.
 * Shared by the model and the stimulus generator; no state of its own.
 */
#ifndef SI_CB_MATH_H
#define SI_CB_MATH_H

#include <stdint.h>

#define SI_CB_COLOR0_BASE        0x28C60u
#define SI_CB_COLOR0_PITCH       0x28C64u
#define SI_CB_COLOR0_SLICE       0x28C68u
#define SI_CB_COLOR0_INFO        0x28C70u
#define SI_CB_COLOR0_CLEAR_WORD0 0x28C8Cu
#define SI_CB_COLOR0_CLEAR_WORD1 0x28C90u
#define SI_CB_BLEND0_CONTROL     0x28780u
#define SI_CB_BLEND_RED          0x28414u
#define SI_CB_BLEND_GREEN        0x28418u
#define SI_CB_BLEND_BLUE         0x2841Cu
#define SI_CB_BLEND_ALPHA        0x28420u
#define SI_CB_COLOR_CONTROL      0x28808u
#define SI_CB_TARGET_MASK        0x28238u
#define SI_CB_SHADER_MASK        0x2823Cu

#define SI_CB_ERR_RANGE 1u
#define SI_CB_ERR_UNSUP 2u

typedef struct si_cb_regs {
    uint32_t base, pitch, slice, info, cw0, cw1, blend, cst[4], cctl, tmask, smask;
} si_cb_regs;

typedef struct si_cb_plan {
    unsigned err;
    int write;          /* the pixel is read and written */
    unsigned nd;        /* dwords of the pixel: 1, 2 or 4 */
    uint32_t addr;      /* byte address of the pixel */
} si_cb_plan;

int si_cb_regs_write(si_cb_regs *r, uint32_t addr, uint32_t data);
si_cb_plan si_cb_plan_of(const si_cb_regs *r, uint32_t x, uint32_t y, unsigned cwe);
/* The pixel: src[0..3] RGBA and src1[0..3] (binary32 bits), dw[0..nd-1] the dwords read (as in
 * memory); writes the dwords to store into out[0..nd-1]. */
void si_cb_compute(const si_cb_regs *r, const si_cb_plan *p, const uint32_t src[4], const uint32_t src1[4],
                   const uint32_t dw[4], uint32_t out[4]);

/* Exported for the unit test. */
uint32_t si_cb_fmul(uint32_t a, uint32_t b);
uint32_t si_cb_fadd(uint32_t a, uint32_t b);
uint32_t si_cb_f2unorm(uint32_t f, unsigned n, unsigned trunc);
uint32_t si_cb_unorm2f(uint32_t d, unsigned n);
uint32_t si_cb_swap(uint32_t v, unsigned endian);

#endif
