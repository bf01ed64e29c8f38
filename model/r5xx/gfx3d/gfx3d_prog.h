/*
 * gfx3d_prog.h - random programmable 3D state for the seeded stimuli of r5xx.gfx3d (gfx3d_stim.c)
 * and r5xx.gpu (gpu_stim.c), written through the caller's register-write function in the order
 * and shape Mesa's r300 driver emits it (docs/blocks/r5xx.gfx3d.md "Stimulus"): a vertex program
 * (the clip-space transform, the colour and texture-coordinate MADs, then random valid
 * instructions from r5xx.pvs's generator), the clipper's state as Mesa's hardware TCL writes it,
 * and a fragment program (RS routing, a random valid program from r5xx.us's generator that
 * samples up to two textures, its constants and output format, the TX samplers on texel memory
 * the caller preloads).  Every choice comes from the caller's random stream.
 */
#ifndef GFX3D_PROG_H
#define GFX3D_PROG_H

#include <stdint.h>

#include "rc_rng.h"

/* The texel memory: GFX3D_PROG_NTEX regions of GFX3D_PROG_TEX_WORDS words from tex_base, one a
 * sampler, preloaded by the caller with random words. */
#define GFX3D_PROG_NTEX 2u
#define GFX3D_PROG_TEX_WORDS 0x1000u      /* 16 KB: 32x32 texels of 128 bits */

typedef void gfx3d_prog_wr(void *ctx, uint32_t addr, uint32_t data);

typedef struct gfx3d_prog {
    rc_rng *rng;            /* the run's random stream */
    gfx3d_prog_wr *wr;      /* one register write */
    void *ctx;
    uint32_t tex_base;      /* the texel regions */
} gfx3d_prog;

/* PVS instruction dwords (docs/blocks/r5xx.pvs.md "Instruction word"): a destination (opcode, type
 * 0 temporary / 2 output, offset, write mask we) and a source (type 1 input, 2 constant, offset,
 * swizzle x y z w). */
static inline uint32_t gfx3d_pvs_dst(uint32_t op, uint32_t type, uint32_t off, uint32_t we)
{
    return op | type << 8 | off << 13 | we << 20;
}

static inline uint32_t gfx3d_pvs_src(uint32_t type, uint32_t off)
{
    return type | off << 5 | (0u | 1u << 3 | 2u << 6 | 3u << 9) << 13;
}

/* A clip-space vertex program (PVS_BYPASS 0), loaded from instruction 0: out0.x..w = dp4(in0,
 * c0..c3) (the 64x64 screen to clip space, a random near/far offset and perspective), out1 =
 * in2 * c4 + c5 (the colour), with nout = 2 out2 = in0 * c6 + c7 (texture coordinates over the
 * screen), then, with body, 0..8 random instructions (pvs_stim.h, narrowed: temporaries, A0 and
 * outputs 1..nout) on random constants c8..c15.  VAP_PVS_CODE_CNTL_0/1, CONST_CNTL, FLOW_CNTL. */
void gfx3d_prog_vertex(const gfx3d_prog *p, unsigned nout, int body);

/* The clipper's state for a clip-space program as Mesa's hardware TCL writes it: guard band,
 * the 64x64 viewport at 0x1D98, VAP_VTE_CNTL 0x43F, user plane 0 half the time, VAP_CLIP_CNTL. */
void gfx3d_prog_clip(const gfx3d_prog *p);

/* A fragment program (RS_COUNT != 0): colour 0 to r0 and, with texcoord (the vertex path gives
 * texture 0's four components), texture 0 to r1; 1..12 random instructions (ALU, OUT, TEX on
 * sampler 0 or 1 with coordinates mostly from r1 or r0), a final OUT; constants; US_OUT_FMT;
 * TX_ENABLE and both samplers (random format, size, wrap, filter, tiling) on the texel regions. */
void gfx3d_prog_fragment(const gfx3d_prog *p, int texcoord);

#endif
