/*
 * gfx3d_images.c - --png for r5xx.gfx3d: the colour buffer and the depth (and stencil) buffer
 * the run left in memory, drawn by r5xx.rb3d's and r5xx.zb's own picture code (rb3d_images.c,
 * zb_images.c) on the same register writes, from the colour port's image (memory 0, cmem) and
 * the depth port's (memory 1, zmem).  The pictures are as wide as each buffer's pitch and as
 * tall as the lowest scissor row any write set (a 3D path has no fragment list in its vector:
 * the scissor bounds every pixel it can have written).
 */
#include <stdio.h>
#include <stdlib.h>

#include "r5xx_gfx3d_ports.h"
#include "r5xx_rb3d_ports.h"
#include "r5xx_zb_ports.h"
#include "rc_mem.h"
#include "rc_vector.h"

extern const rc_block_desc r5xx_rb3d_block;
extern const rc_block_desc r5xx_zb_block;
int r5xx_rb3d_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max, char *err,
                     size_t errn);
int r5xx_zb_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max, char *err,
                   size_t errn);

/* A vector of BLOCK holding the register writes in [lo, hi] and one fragment on row maxy, for
 * the block's picture code. */
static int part(rc_vector *c, const rc_vector *v, unsigned ch_regw, unsigned ch_frag, const uint64_t *frag,
                uint64_t lo, uint64_t hi)
{
    const rc_txlist *w = &v->in[R5XX_GFX3D_CH_REGW];
    int fail = 0;
    for (size_t i = 0; i < w->n && !fail; i++) {
        uint64_t vals[2] = { w->vals[i * w->nf], w->vals[i * w->nf + 1] };
        if (vals[0] >= lo && vals[0] <= hi)
            fail = rc_vector_add_input(c, ch_regw, 0, vals);
    }
    return fail || rc_vector_add_input(c, ch_frag, 0, frag);
}

int r5xx_gfx3d_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max, char *err,
                      size_t errn)
{
    const rc_txlist *w = &v->in[R5XX_GFX3D_CH_REGW];
    uint64_t maxy = 0;
    for (size_t i = 0; i < w->n; i++)
        if (w->vals[i * w->nf] == 0x43E4 && (w->vals[i * w->nf + 1] >> 13 & 0x1FFF) > maxy)
            maxy = w->vals[i * w->nf + 1] >> 13 & 0x1FFF;              /* SC_SCISSOR1.YS1 */

    rc_vector c, z;
    rc_vector_init(&c, &r5xx_rb3d_block);
    rc_vector_init(&z, &r5xx_zb_block);
    uint64_t cf[4] = { 0, 0, maxy, 0 }, zf[4] = { 0, maxy, 0, 0 };   /* rb3d: mrt x y argb; zb: x y z back */
    int n = -1, nz = 0;
    if (part(&c, v, R5XX_RB3D_CH_REGW, R5XX_RB3D_CH_FRAG, cf, 0x4E00, 0x4EFF) ||
        part(&z, v, R5XX_ZB_CH_REGW, R5XX_ZB_CH_FRAG, zf, 0x4F00, 0x4FFF)) {
        snprintf(err, errn, "r5xx.gfx3d: out of memory");
    } else if ((n = r5xx_rb3d_images(&c, &mem[0], out, max, err, errn)) >= 0) {
        nz = r5xx_zb_images(&z, &mem[1], out + n, max - n, err, errn);
        if (nz < 0) {
            for (int i = 0; i < n; i++)
                free(out[i].rgba);
            n = -1;
        }
    }
    rc_vector_free(&c);
    rc_vector_free(&z);
    return n < 0 ? -1 : n + nz;
}
