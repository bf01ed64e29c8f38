/*
 * zb_images.c - rcosim run --png for r5xx.zb: the depth surface the run leaves in memory as a
 * grey picture (and its stencil for Z24S8), made from the surface registers as the vector's
 * register writes leave them.  Width: the pitch, at most 1024; height: one more than the
 * largest y below 1024 of any fragment.  Grey = the top 8 bits of the depth, or the stencil.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r5xx_zb_ports.h"
#include "rc_mem.h"
#include "rc_vector.h"
#include "tile_addr.h"
#include "zb_math.h"

#define MAX_SIDE 1024u

int r5xx_zb_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max, char *err,
                   size_t errn)
{
    r5xx_zb_regs regs;
    memset(&regs, 0, sizeof regs);
    const rc_txlist *rw = &v->in[R5XX_ZB_CH_REGW], *fr = &v->in[R5XX_ZB_CH_FRAG];
    for (size_t i = 0; i < rw->n; i++)
        r5xx_zb_regs_write(&regs, (uint32_t)rw->vals[i * rw->nf], (uint32_t)rw->vals[i * rw->nf + 1]);
    uint32_t maxy = 0;
    int any = 0;
    for (size_t i = 0; i < fr->n; i++) {
        uint32_t y = (uint32_t)fr->vals[i * fr->nf + 1];
        if (y < MAX_SIDE && y >= maxy) {
            maxy = y;
            any = 1;
        }
    }
    if (!any)
        return 0;

    r5xx_surface s = r5xx_surface_depth(regs.doff, regs.dpitch, regs.fmt);
    unsigned w = s.pitch < MAX_SIDE ? s.pitch : MAX_SIDE, hgt = maxy + 1 < MAX_SIDE ? maxy + 1 : MAX_SIDE;
    if (w == 0)
        return 0;
    int is16 = r5xx_zb_is16(&regs);
    int n = is16 ? 1 : 2;
    if (n > max) {
        snprintf(err, errn, "r5xx.zb: room for %d pictures, %d needed", max, n);
        return -1;
    }
    unsigned endian = (regs.dpitch >> 19) & 3;
    for (int k = 0; k < n; k++) {
        snprintf(out[k].name, sizeof out[k].name, "%s", k ? "stencil" : "depth");
        out[k].w = w;
        out[k].h = hgt;
        out[k].rgba = malloc((size_t)w * hgt * 4);
        if (!out[k].rgba) {
            for (int j = 0; j < k; j++)
                free(out[j].rgba);
            snprintf(err, errn, "r5xx.zb: out of memory");
            return -1;
        }
    }
    for (unsigned y = 0; y < hgt; y++)
        for (unsigned x = 0; x < w; x++) {
            uint32_t a = r5xx_tile_addr(&s, x, y);
            uint32_t d = r5xx_zb_swap((uint32_t)rc_memimg_read(mem, a & ~3u, 4), endian);
            uint8_t g[2];
            if (is16) {
                g[0] = (uint8_t)(d >> (a & 2 ? 24 : 8));
                g[1] = 0;
            } else {
                g[0] = (uint8_t)(d >> 24);
                g[1] = (uint8_t)d;
            }
            for (int k = 0; k < n; k++) {
                uint8_t *px = out[k].rgba + ((size_t)y * w + x) * 4;
                px[0] = px[1] = px[2] = g[k];
                px[3] = 0xFF;
            }
        }
    return n;
}
