/*
 * gfx2d_images.c - rcosim run --png for r5xx.gfx2d: the destination surface the run leaves in
 * memory, in colour.  The surface is the last DST_PITCH_OFFSET and DST_TYPE of the vector's
 * packet stream; width = its pitch in pixels (at most 1024), height = the last scissor's
 * bottom edge (SC_BOT_RITE y, exclusive) when the stream set one below 1024, else the width.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfx2d_math.h"
#include "gfx2d_stim.h"
#include "r5xx_gfx2d_ports.h"
#include "rc_mem.h"
#include "rc_vector.h"

#define MAX_SIDE 1024u

static void rgba(unsigned type, uint32_t v, uint8_t *px)
{
    unsigned r, g, b, a = 255;
    switch (type) {
    case 3: r = (v >> 10 & 31) * 255 / 31; g = (v >> 5 & 31) * 255 / 31; b = (v & 31) * 255 / 31; break;
    case 4: r = (v >> 11 & 31) * 255 / 31; g = (v >> 5 & 63) * 255 / 63; b = (v & 31) * 255 / 31; break;
    case 15: r = (v >> 8 & 15) * 17; g = (v >> 4 & 15) * 17; b = (v & 15) * 17; break;
    case 7: r = (v >> 5 & 7) * 255 / 7; g = (v >> 2 & 7) * 255 / 7; b = (v & 3) * 85; break;
    default:
        if (gfx2d_bpp_log2(type) == 2) {
            r = v >> 16 & 255; g = v >> 8 & 255; b = v & 255;
        } else {
            r = g = b = v & 255;
        }
        break;
    }
    px[0] = (uint8_t)r; px[1] = (uint8_t)g; px[2] = (uint8_t)b; px[3] = (uint8_t)a;
}

int r5xx_gfx2d_render(uint32_t dst_po, uint32_t gui, uint32_t sc_br, const struct rc_memimg *mem, rc_image *out,
                      int max, char *err, size_t errn);

int r5xx_gfx2d_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max, char *err,
                      size_t errn)
{
    const rc_txlist *pk = &v->in[R5XX_GFX2D_CH_PKT], *bd = &v->in[R5XX_GFX2D_CH_BODY];
    uint32_t dst_po = 0, sc_br = 0x1FFF1FFF, gui = 0;
    int any = 0;
    size_t bi = 0;
    for (size_t i = 0; i < pk->n && bi < bd->n; i++) {
        const uint64_t *f = &pk->vals[i * pk->nf];
        unsigned type = (unsigned)f[1], op = (unsigned)f[2], e = (unsigned)f[5];
        if (type != 3 || op == GFX2D_NOP || (e & 1))
            continue;
        size_t start = bi;
        while (bi < bd->n && !bd->vals[bi * bd->nf + 1])
            bi++;
        size_t end = bi < bd->n ? bi + 1 : bi;
        bi = end;
        if ((op & 0xF0) != 0x90)
            continue;
        size_t j = start;
        uint32_t g = (uint32_t)bd->vals[j * bd->nf];
        j++;
        if (g & 1) j++;
        gui = g;
        if (g & 2 && j < end) { dst_po = (uint32_t)bd->vals[j * bd->nf]; j++; any = 1; }
        if (g & 4) j++;
        if (g & 8 && j + 1 < end) sc_br = (uint32_t)bd->vals[(j + 1) * bd->nf];
    }
    if (!any)
        return 0;
    return r5xx_gfx2d_render(dst_po, gui, sc_br, mem, out, max, err, errn);
}

/* The picture of the surface dst_po (DST_PITCH_OFFSET) with the pixel type of gui
 * (DP_GUI_MASTER_CNTL); its height from sc_br (SC_BOTTOM_RIGHT) as above.  Shared with r5xx.gpu. */
int r5xx_gfx2d_render(uint32_t dst_po, uint32_t gui, uint32_t sc_br, const struct rc_memimg *mem, rc_image *out,
                      int max, char *err, size_t errn)
{
    unsigned type = gui >> 8 & 15, b = gfx2d_bpp_log2(type);
    r5xx_surface s = gfx2d_surface(dst_po, b);
    unsigned w = s.pitch < MAX_SIDE ? s.pitch : MAX_SIDE;
    int32_t sy = gfx2d_sx14(sc_br >> 16);
    unsigned hgt = sy > 0 && (uint32_t)sy < MAX_SIDE ? (unsigned)sy : w;
    if (w == 0 || hgt == 0)
        return 0;
    if (max < 1) {
        snprintf(err, errn, "r5xx.gfx2d: room for %d pictures, 1 needed", max);
        return -1;
    }
    snprintf(out[0].name, sizeof out[0].name, "dst");
    out[0].w = w;
    out[0].h = hgt;
    out[0].rgba = malloc((size_t)w * hgt * 4);
    if (!out[0].rgba) {
        snprintf(err, errn, "r5xx.gfx2d: out of memory");
        return -1;
    }
    uint32_t m = b == 2 ? 0xFFFFFFFFu : b == 1 ? 0xFFFFu : 0xFFu;
    for (unsigned y = 0; y < hgt; y++)
        for (unsigned x = 0; x < w; x++) {
            uint32_t a = r5xx_tile_addr(&s, x, y);
            uint32_t d = (uint32_t)rc_memimg_read(mem, a & ~3u, 4);
            rgba(type, d >> (8 * (a & 3)) & m, out[0].rgba + ((size_t)y * w + x) * 4);
        }
    return 1;
}
