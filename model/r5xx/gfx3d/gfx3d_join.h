/*
 * gfx3d_join.h - the fragment queue of r5xx.gfx3d between the raster, ZB and RB3D, as
 * rtl/r5xx/gfx3d/r5xx_gfx3d_join.sv builds it (docs/blocks/gfx3d.md, "The fragment join").
 */
#ifndef GFX3D_JOIN_H
#define GFX3D_JOIN_H

#include <stdint.h>

#define GFX3D_JOIN_DEPTH 32

typedef struct gfx3d_frag {
    uint64_t prim, x, y, z, argb;
} gfx3d_frag;

typedef struct gfx3d_join {
    gfx3d_frag q[GFX3D_JOIN_DEPTH];
    unsigned head, n;
} gfx3d_join;

/* What the join decides in one cycle from its inputs (all of them state outputs of the blocks
 * around it, and the harness's pix ready). */
typedef struct gfx3d_join_io {
    /* inputs */
    int frag_valid, zfrag_ready, pass_valid, pass_pass, cfrag_ready, pix_ready;
    /* outputs */
    int frag_ready, zfrag_valid, pass_ready, cfrag_valid, pix_valid;
    int push, pop;
} gfx3d_join_io;

void gfx3d_join_reset(gfx3d_join *j);
/* Fills the outputs of io from its inputs and the queue; *head is the queue's head (zeros when
 * empty, as the RTL's FIFO drives it). */
void gfx3d_join_eval(const gfx3d_join *j, gfx3d_join_io *io, gfx3d_frag *head);
/* The edge: push the raster's fragment and/or pop the head, as io decided. */
void gfx3d_join_tick(gfx3d_join *j, const gfx3d_join_io *io, const gfx3d_frag *in);

#endif
