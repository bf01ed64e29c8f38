/*
 * gfx3d_images.c - --png for r5xx.gfx3d: the colour buffer the run left in memory, drawn by
 * r5xx.rb3d's own picture code (rb3d_images.c) on the same register writes.  The picture is
 * as wide as the colour pitch and as tall as the lowest scissor row any write set (a 3D path
 * has no fragment list in its vector: the scissor bounds every pixel it can have written).
 */
#include <stdio.h>

#include "r5xx_gfx3d_ports.h"
#include "r5xx_rb3d_ports.h"
#include "rc_mem.h"
#include "rc_vector.h"

extern const rc_block_desc r5xx_rb3d_block;
int r5xx_rb3d_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max, char *err,
                     size_t errn);

int r5xx_gfx3d_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max, char *err,
                      size_t errn)
{
    const rc_txlist *w = &v->in[R5XX_GFX3D_CH_REGW];
    rc_vector c;
    rc_vector_init(&c, &r5xx_rb3d_block);
    int fail = 0;
    uint64_t maxy = 0;
    for (size_t i = 0; i < w->n && !fail; i++) {
        uint64_t a = w->vals[i * w->nf], d = w->vals[i * w->nf + 1];
        if (a == 0x43E4 && (d >> 13 & 0x1FFF) > maxy)           /* SC_SCISSOR1.YS1 */
            maxy = d >> 13 & 0x1FFF;
        if ((a >> 8) == 0x4E) {                                  /* RB3D's registers */
            uint64_t vals[2] = { a, d };
            fail = rc_vector_add_input(&c, R5XX_RB3D_CH_REGW, 0, vals);
        }
    }
    uint64_t f[4] = { 0, 0, maxy, 0 };                           /* mrt 0, x 0, y = the last row */
    if (!fail)
        fail = rc_vector_add_input(&c, R5XX_RB3D_CH_FRAG, 0, f);
    int r = fail ? -1 : r5xx_rb3d_images(&c, mem, out, max, err, errn);
    if (fail)
        snprintf(err, errn, "r5xx.gfx3d: out of memory");
    rc_vector_free(&c);
    return r;
}
