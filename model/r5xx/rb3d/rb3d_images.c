/*
 * rb3d_images.c - --png for r5xx.rb3d: the colour buffers a run left in memory, as pictures.
 *
 * The surfaces are the buffers as the vector's register writes leave them (all writes applied in
 * order), each one that a fragment can have reached (some fragment's MRT, or a multiwrite copy)
 * with a supported format and a non-zero pitch: width = the pitch, height = 1 + the largest
 * fragment y, both at most 1024.  Pixels are unpacked like a destination read (endian swap
 * undone, channels widened to 16 bits, docs/blocks/r5xx.rb3d.md) and shown as their top 8 bits; a
 * format without alpha shows alpha 255, I8 shows grey.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r5xx_rb3d_ports.h"
#include "rb3d_pixel.h"
#include "rc_mem.h"
#include "rc_vector.h"

#define MAX_SIDE 1024u

int r5xx_rb3d_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max, char *err,
                     size_t errn)
{
    rb3d_regs r;
    rb3d_regs_reset(&r);
    const rc_txlist *w = &v->in[R5XX_RB3D_CH_REGW], *f = &v->in[R5XX_RB3D_CH_FRAG];
    for (size_t i = 0; i < w->n; i++)
        rb3d_regs_write(&r, (uint32_t)w->vals[i * w->nf], (uint32_t)w->vals[i * w->nf + 1]);
    unsigned used = 0;
    uint32_t maxy = 0;
    for (size_t i = 0; i < f->n; i++) {
        used |= 1u << (f->vals[i * f->nf] & 3);
        if (f->vals[i * f->nf + 2] > maxy)
            maxy = (uint32_t)f->vals[i * f->nf + 2];
    }
    used |= (1u << rb3d_copies(&r)) - 1;
    if (!f->n)
        return 0;
    int k = 0;
    for (unsigned n = 0; n < 4 && k < max; n++) {
        uint32_t pitch = rb3d_pitch(&r, n);
        unsigned fmt = pitch >> 21 & 15, endian = pitch >> 19 & 3;
        int bpp = rb3d_fmt_bpp_log2(fmt);
        if (!(used >> n & 1) || bpp < 0 || (pitch & 0x3FFE) == 0)
            continue;
        r5xx_surface s = r5xx_surface_color(r.r[RB3D_R_OFF0 + n], pitch);
        rc_image *img = &out[k];
        memset(img, 0, sizeof *img);
        snprintf(img->name, sizeof img->name, "color%u", n);
        img->w = s.pitch < MAX_SIDE ? s.pitch : MAX_SIDE;
        img->h = maxy + 1 < MAX_SIDE ? maxy + 1 : MAX_SIDE;
        img->rgba = malloc((size_t)img->w * img->h * 4);
        if (!img->rgba) {
            for (int j = 0; j < k; j++)
                free(out[j].rgba);
            snprintf(err, errn, "r5xx.rb3d: out of memory");
            return -1;
        }
        unsigned size = 1u << bpp;
        uint64_t pixmask = size == 8 ? ~(uint64_t)0 : (((uint64_t)1 << (8 * size)) - 1);
        for (uint32_t y = 0; y < img->h; y++)
            for (uint32_t x = 0; x < img->w; x++) {
                uint32_t a = r5xx_tile_addr(&s, x, y);
                uint64_t word = rb3d_swap(rc_memimg_read(mem, a & ~7u, 8), endian);
                uint64_t c = rb3d_unpack(fmt, (word >> (8 * (a & 7))) & pixmask);
                uint8_t *o = img->rgba + ((size_t)y * img->w + x) * 4;
                o[0] = (uint8_t)(c >> 40);    /* R */
                o[1] = (uint8_t)(c >> 24);    /* G */
                o[2] = (uint8_t)(c >> 8);     /* B */
                o[3] = (uint8_t)(c >> 56);    /* A */
            }
        k++;
    }
    return k;
}
