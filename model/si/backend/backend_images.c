/*
 * backend_images.c - --png for si.backend: the colour and depth/stencil surfaces the run left in
 * its one memory, made from the surface registers as the vector's register writes leave them
 * (docs/blocks/si.backend.md, "Pictures").
 *
 *   color0      the CB_COLOR0 surface in force at the end (BASE, PITCH, SLICE, INFO);
 *   color0-N    every other CB_COLOR0 surface a fragment was offered with, in order of first use
 *               (a scene that renders to several targets shows each);
 *   depth       DB's Z surface at the end (DB_Z_WRITE_BASE, DB_Z_INFO, DB_DEPTH_SIZE);
 *   stencil     DB's stencil surface at the end, if STENCIL_INFO.FORMAT = STENCIL_8.
 *
 * Colour: width the pitch, height (SLICE.TILE_MAX+1)*64 / pitch (each at most 1024); the dwords
 * are unswapped by ENDIAN and the components mapped back through COMP_SWAP as si.cb stores them.
 * UNORM (and SRGB, whose bytes are already the sRGB code PNG expects) n-bit components become
 * round(d * 255 / (2^n - 1)); FLOAT components are clamped to [0, 1] (NaN -> 0) and become
 * floor(v * 255 + 1/2).  A component the format lacks is 0 (alpha: 255).  The picture is opaque
 * (alpha is not shown).  A surface whose FORMAT / NUMBER_TYPE si.cb does not write is skipped.
 * Depth: Z_16 the top 8 bits, Z_32_FLOAT as a FLOAT component; stencil: the byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "si_backend_ports.h"
#include "cb_math.h"
#include "db_math.h"
#include "rc_mem.h"
#include "rc_vector.h"

#define MAX_SIDE 1024u

typedef struct csurf {
    uint32_t base, pitch, slice, info;
} csurf;

static const unsigned *widths_of(unsigned f, unsigned *nc)
{
    static const unsigned w1[] = { 8 }, w2[] = { 16 }, w3[] = { 8, 8 }, w4[] = { 32 }, w5[] = { 16, 16 },
                          w9[] = { 10, 10, 10, 2 }, w10[] = { 8, 8, 8, 8 }, w12[] = { 16, 16, 16, 16 },
                          w14[] = { 32, 32, 32, 32 }, w16[] = { 5, 6, 5 }, w17[] = { 5, 5, 5, 1 },
                          w19[] = { 4, 4, 4, 4 };
    switch (f) {
    case 1: *nc = 1; return w1;
    case 2: *nc = 1; return w2;
    case 3: *nc = 2; return w3;
    case 4: *nc = 1; return w4;
    case 5: *nc = 2; return w5;
    case 9: *nc = 4; return w9;
    case 10: *nc = 4; return w10;
    case 12: *nc = 4; return w12;
    case 14: *nc = 4; return w14;
    case 16: *nc = 3; return w16;
    case 17: *nc = 4; return w17;
    case 19: *nc = 4; return w19;
    default: *nc = 0; return NULL;
    }
}

/* COMP_SWAP [002:L7388]: the shader component (0 R .. 3 A) of component slot k. */
static unsigned swap_of(unsigned nc, unsigned cs, unsigned k)
{
    static const unsigned char m[4][4][4] = {
        { { 0 }, { 1 }, { 2 }, { 3 } },
        { { 0, 1 }, { 0, 3 }, { 1, 0 }, { 3, 0 } },
        { { 0, 1, 2 }, { 0, 1, 3 }, { 2, 1, 0 }, { 3, 1, 0 } },
        { { 0, 1, 2, 3 }, { 2, 1, 0, 3 }, { 3, 2, 1, 0 }, { 3, 0, 1, 2 } } };
    return m[nc - 1][cs][k];
}

/* A binary32 value in [0, 1] (NaN -> 0) to 8 bits: floor(v * 255 + 1/2); exact in double. */
static uint8_t float8(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    if (!(f > 0.0f))
        return 0;
    if (f >= 1.0f)
        return 255;
    double v = (double)f * 255.0 + 0.5;
    return (uint8_t)v;
}

static uint8_t unorm8(uint64_t d, unsigned n)
{
    uint64_t m = (1ull << n) - 1;
    return (uint8_t)((d * 510 + m) / (2 * m));
}

static int alloc_img(rc_image *im, const char *name, unsigned w, unsigned h)
{
    snprintf(im->name, sizeof im->name, "%s", name);
    im->w = w;
    im->h = h;
    im->rgba = malloc((size_t)w * h * 4);
    return im->rgba ? 0 : -1;
}

/* 1 drawn, 0 skipped (a format si.cb does not write, or an empty surface), -1 out of memory. */
static int colour(const csurf *s, const struct rc_memimg *mem, rc_image *im, const char *name)
{
    unsigned f = s->info >> 2 & 31, nt = s->info >> 8 & 7, nc, cs = s->info >> 11 & 3, endian = s->info & 3;
    const unsigned *wd = widths_of(f, &nc);
    int fl = f == 4 || f == 14;
    if (!wd || (fl ? nt != 7 : nt != 0 && nt != 6))
        return 0;
    unsigned bpp = 0, lo[4];
    for (unsigned k = 0; k < nc; k++) {
        lo[k] = bpp;
        bpp += wd[k];
    }
    uint32_t pitch = ((s->pitch & 0x7FF) + 1) * 8;
    uint64_t pixels = ((uint64_t)(s->slice & 0x3FFFFF) + 1) * 64;
    unsigned w = pitch < MAX_SIDE ? pitch : MAX_SIDE;
    uint64_t rows = pixels / pitch;
    unsigned h = rows < MAX_SIDE ? (unsigned)rows : MAX_SIDE;
    if (h == 0)
        return 0;
    if (alloc_img(im, name, w, h))
        return -1;
    unsigned nd = bpp > 32 ? bpp / 32 : 1;
    for (unsigned y = 0; y < h; y++)
        for (unsigned x = 0; x < w; x++) {
            uint32_t a = (uint32_t)(s->base << 8) + (uint32_t)(((uint64_t)y * pitch + x) * bpp / 8);
            uint32_t dw[4];
            for (unsigned i = 0; i < nd; i++)
                dw[i] = si_cb_swap((uint32_t)rc_memimg_read(mem, (a & ~3u) + 4 * i, 4), endian);
            if (endian == 3 && nd > 1)
                for (unsigned i = 0; i < nd; i += 2) {
                    uint32_t t = dw[i];
                    dw[i] = dw[i + 1];
                    dw[i + 1] = t;
                }
            unsigned off = bpp < 32 ? (a & 3) * 8 : 0;
            uint8_t c[4] = { 0, 0, 0, 255 };
            for (unsigned k = 0; k < nc; k++) {
                unsigned bit = off + lo[k];
                uint64_t v = wd[k] == 32 ? dw[bit / 32] : (dw[bit / 32] >> (bit % 32)) & ((1u << wd[k]) - 1);
                c[swap_of(nc, cs, k)] = fl ? float8((uint32_t)v) : unorm8(v, wd[k]);
            }
            uint8_t *px = im->rgba + ((size_t)y * w + x) * 4;
            px[0] = c[0];
            px[1] = c[1];
            px[2] = c[2];
            px[3] = 255;
        }
    return 1;
}

/* DB's depth (k = 0) or stencil (k = 1) surface. */
static int dbsurf(const si_db_regs *r, const struct rc_memimg *mem, rc_image *im, int k)
{
    unsigned zf = r->zinfo & 3;
    if (k == 0 ? zf != 1 && zf != 3 : (r->sinfo & 1) != 1)
        return 0;
    uint32_t pitch = ((r->size & 0x7FF) + 1) * 8, height = ((r->size >> 11 & 0x7FF) + 1) * 8;
    unsigned w = pitch < MAX_SIDE ? pitch : MAX_SIDE, h = height < MAX_SIDE ? height : MAX_SIDE;
    if (alloc_img(im, k ? "stencil" : "depth", w, h))
        return -1;
    for (unsigned y = 0; y < h; y++)
        for (unsigned x = 0; x < w; x++) {
            uint32_t p = y * pitch + x, g;
            if (k) {
                uint32_t a = (r->swb << 8) + p;
                g = rc_memimg_read8(mem, a);
            } else if (zf == 1) {
                uint32_t a = (r->zwb << 8) + 2 * p;
                g = (uint32_t)rc_memimg_read(mem, a & ~1u, 2) >> 8;
            } else {
                g = float8((uint32_t)rc_memimg_read(mem, (r->zwb << 8) + 4 * p, 4));
            }
            uint8_t *px = im->rgba + ((size_t)y * w + x) * 4;
            px[0] = px[1] = px[2] = (uint8_t)g;
            px[3] = 255;
        }
    return 1;
}

static int cb_reg(csurf *s, uint32_t a, uint32_t d)
{
    switch (a) {
    case SI_CB_COLOR0_BASE: s->base = d; return 1;
    case SI_CB_COLOR0_PITCH: s->pitch = d; return 1;
    case SI_CB_COLOR0_SLICE: s->slice = d; return 1;
    case SI_CB_COLOR0_INFO: s->info = d; return 1;
    default: return 0;
    }
}

int si_backend_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max, char *err,
                      size_t errn)
{
    const rc_txlist *rw = &v->in[SI_BACKEND_CH_REGW], *fr = &v->in[SI_BACKEND_CH_FRAG];
    /* The register writes and fragments in the order the references take them: by earliest
     * cycle (a fragment without one inherits the previous fragment's), writes first. */
    csurf cur = { 0, 0, 0, 0 }, used[8];
    unsigned nused = 0;
    si_db_regs dr;
    memset(&dr, 0, sizeof dr);
    size_t i = 0, k = 0;
    uint64_t last = 0;
    while (k < fr->n) {
        uint64_t t = fr->cycle[k] ? fr->cycle[k] : last;
        while (i < rw->n && rw->cycle[i] <= t) {
            cb_reg(&cur, (uint32_t)rw->vals[i * rw->nf], (uint32_t)rw->vals[i * rw->nf + 1]);
            i++;
        }
        last = t;
        unsigned j = 0;
        while (j < nused && memcmp(&used[j], &cur, sizeof cur))
            j++;
        if (j == nused && nused < 8)
            used[nused++] = cur;
        k++;
    }
    for (; i < rw->n; i++)
        cb_reg(&cur, (uint32_t)rw->vals[i * rw->nf], (uint32_t)rw->vals[i * rw->nf + 1]);
    for (i = 0; i < rw->n; i++)
        si_db_regs_write(&dr, (uint32_t)rw->vals[i * rw->nf], (uint32_t)rw->vals[i * rw->nf + 1]);

    int n = 0, r = 0;
    char name[32];
    if (max < 3) {
        snprintf(err, errn, "si.backend: room for %d pictures, 3 needed", max);
        return -1;
    }
    r = colour(&cur, mem, &out[n], "color0");
    n += r > 0;
    for (int kk = 0; kk < 2 && r >= 0; kk++) {
        r = dbsurf(&dr, mem, &out[n], kk);
        n += r > 0;
    }
    for (unsigned j = 0, m = 1; j < nused && r >= 0 && n < max; j++) {
        if (!memcmp(&used[j], &cur, sizeof cur))
            continue;
        snprintf(name, sizeof name, "color0-%u", m);
        r = colour(&used[j], mem, &out[n], name);
        if (r > 0) {
            n++;
            m++;
        }
    }
    if (r < 0) {
        for (int j = 0; j < n; j++)
            free(out[j].rgba);
        snprintf(err, errn, "si.backend: out of memory");
        return -1;
    }
    return n;
}
