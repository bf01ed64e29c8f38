/*
 * gfx3d_join.c - the fragment queue of r5xx.gfx3d: a raster fragment enters the queue on the
 * edge it goes to ZB; ZB's in-order pass record retires the head, to RB3D and the harness's
 * `pix` channel together (pass = 1) or nowhere (pass = 0).  Mirrors r5xx_gfx3d_join.sv.
 */
#include <string.h>

#include "gfx3d_join.h"

void gfx3d_join_reset(gfx3d_join *j)
{
    memset(j, 0, sizeof *j);
}

void gfx3d_join_eval(const gfx3d_join *j, gfx3d_join_io *io, gfx3d_frag *head)
{
    int full = j->n == GFX3D_JOIN_DEPTH;
    io->zfrag_valid = io->frag_valid && !full;
    io->frag_ready = io->zfrag_ready && !full;
    io->push = io->frag_valid && io->frag_ready;

    io->cfrag_valid = io->pass_valid && io->pass_pass && io->pix_ready;
    io->pix_valid = io->pass_valid && io->pass_pass && io->cfrag_ready;
    io->pass_ready = !io->pass_pass || (io->cfrag_ready && io->pix_ready);
    io->pop = io->pass_valid && io->pass_ready && j->n > 0;

    if (j->n)
        *head = j->q[j->head];
    else
        memset(head, 0, sizeof *head);
}

void gfx3d_join_tick(gfx3d_join *j, const gfx3d_join_io *io, const gfx3d_frag *in)
{
    if (io->pop) {
        j->head = (j->head + 1) % GFX3D_JOIN_DEPTH;
        j->n--;
    }
    if (io->push) {
        j->q[(j->head + j->n) % GFX3D_JOIN_DEPTH] = *in;
        j->n++;
    }
}
