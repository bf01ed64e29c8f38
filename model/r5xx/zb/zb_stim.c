/*
 * zb_stim.c - seeded random stimulus for r5xx.zb: epochs of register set-ups followed by
 * fragments on the depth surface just programmed; memory preloaded with random depth/stencil.
 *
 * Coverage: the first 64 epochs in three out of four sweep every enumerated value of every
 * multi-valued field the block uses - ZFUNC, STENCILFUNC, STENCILFAIL/ZPASS/ZFAIL and their _BF
 * copies (8 each), DEPTHFORMAT (16), DEPTHMICROTILE and DEPTHENDIAN (4 each) - each field on its
 * own phase so that the combinations differ; the one-bit fields (ZB_CNTL[6:0], ZERO_OUTPUT_MASK,
 * DEPTHMACROTILE, ZEQUAL/SEQUAL_OPTIMIZE_DISABLE, BMASK_DISABLE) are drawn at random every
 * epoch.  Later epochs draw everything at random, biased to the implemented formats.  The
 * ignored bits and registers (HiZ, compression, ZTOP, clear value, unrelated addresses) are
 * written with random values too.
 *
 * Values: depths come from small palettes (extremes, sign boundaries, random) shared by the
 * memory preload and the fragments, so that equality and every compare outcome are frequent;
 * stencil references, masks and stored values likewise (0x00, 0xFF, 0xF0, 0x0F, 0x3C, ...).
 * Coordinates come from windows from one pixel (every fragment on one address: read-after-write
 * hazards back to back) to the whole surface, sometimes at or beyond the pitch.
 *
 * Memory: four surface regions of 48 KB at 0x01000000 + k * 0x40000, preloaded with palette
 * words; ZB_ZPASS_ADDR stores go to 0x00F00000 + 4 * k.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r5xx_zb_ports.h"
#include "rc_stim.h"
#include "tile_addr.h"
#include "zb_math.h"

#define NREGION 4
#define REGION_BASE 0x01000000u
#define REGION_STRIDE 0x40000u
#define REGION_WORDS (48u * 1024 / 4)
#define ZPASS_BASE 0x00F00000u
#define NPAL 16
#define NSWEEP 64

typedef struct gen {
    rc_stim s;                /* the stream, the vector, the epoch's cycle and writes */
    r5xx_zb_regs regs;        /* what the block will hold once this epoch's writes are in */
    uint32_t z24[NPAL];
    uint32_t z16[NPAL];
    uint32_t st[NPAL];
    unsigned zslot;           /* the next Z-pass counter store's slot */
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }

static void regw(gen *g, uint32_t addr, uint32_t data)
{
    rc_stim_regw(&g->s, R5XX_ZB_CH_REGW, addr, data);
    r5xx_zb_regs_write(&g->regs, addr, data);
}

static void palettes(gen *g)
{
    static const uint32_t z24[] = { 0x000000, 0xFFFFFF, 0x800000, 0x7FFFFF, 0x000001, 0xFFFFFE, 0x800001, 0x400000 };
    static const uint32_t z16[] = { 0x0000, 0xFFFF, 0x8000, 0x7FFF, 0x0001, 0xFFFE, 0x8001, 0x4000 };
    static const uint32_t st[] = { 0x00, 0xFF, 0xF0, 0x0F, 0x3C, 0x01, 0xFE, 0x80, 0x7F, 0xCC };
    for (unsigned i = 0; i < NPAL; i++) {
        g->z24[i] = i < 8 ? z24[i] : word(g) & 0xFFFFFF;
        g->z16[i] = i < 8 ? z16[i] : word(g) & 0xFFFF;
        g->st[i] = i < 10 ? st[i] : word(g) & 0xFF;
    }
}

static uint32_t pal(gen *g, const uint32_t *p, uint32_t mask)
{
    return rnd(g, 8) ? p[rnd(g, NPAL)] : word(g) & mask;
}

/* A dword of the preload: one Z24S8 pixel or two 16-bit pixels, from the palettes. */
static uint32_t mem_word(void *ctx)
{
    gen *g = ctx;
    if (rnd(g, 2))
        return (pal(g, g->z24, 0xFFFFFF) << 8) | pal(g, g->st, 0xFF);
    return (pal(g, g->z16, 0xFFFF) << 16) | pal(g, g->z16, 0xFFFF);
}

/* ZB_STENCILREFMASK(_BF): reference, mask and write mask from the palette (0xFF masks often). */
static uint32_t refmask(gen *g)
{
    uint32_t ref = pal(g, g->st, 0xFF);
    uint32_t mask = rnd(g, 3) ? 0xFF : pal(g, g->st, 0xFF);
    uint32_t wm = rnd(g, 3) ? 0xFF : pal(g, g->st, 0xFF);
    return ref | mask << 8 | wm << 16 | (rnd(g, 8) ? 0 : word(g) & 0xFF000000u);
}

/* The surface: a region, a pitch (mostly up to 256 pixels), tiling, format and endian swap. */
static void surface(gen *g, int sw, unsigned i)
{
    unsigned fmt = sw ? (i * 7 + 3) % 16 : (rnd(g, 16) ? (rnd(g, 2) ? 2 : 0) : rnd(g, 16));
    unsigned macro = rnd(g, 2);
    unsigned micro = sw ? (i + 1) % 4 : (rnd(g, 10) ? (fmt <= 1 ? 2 * rnd(g, 2) : rnd(g, 2)) : rnd(g, 4));
    unsigned endian = sw ? (i / 4 + i) % 4 : (rnd(g, 3) ? 0 : rnd(g, 4));
    uint32_t pitch;
    uint32_t r = rnd(g, 64);
    if (r == 0)
        pitch = 0;                            /* every fragment beyond the pitch (RANGE) */
    else if (r < 4)
        pitch = 0x3FFC;
    else if (r < 16)
        pitch = 4 + 4 * rnd(g, 8);
    else
        pitch = 4 * (1 + rnd(g, 64));
    uint32_t base = REGION_BASE + REGION_STRIDE * rnd(g, NREGION);
    if (!macro || rnd(g, 8) == 0)
        base += 32 * rnd(g, 64);              /* 32-byte aligned; sometimes not 2 KB (ALIGN) */
    uint32_t p = pitch | macro << 16 | micro << 17 | endian << 19;
    if (rnd(g, 4) == 0)
        p |= word(g) & 0xFFE0C003u;           /* bits the block ignores */
    regw(g, R5XX_ZB_DEPTHOFFSET, base | (rnd(g, 4) ? 0 : word(g) & 31));
    regw(g, R5XX_ZB_DEPTHPITCH, p);
    regw(g, R5XX_ZB_FORMAT, fmt | (rnd(g, 4) ? 0 : word(g) & ~15u));
}

static void setup(void *ctx, int sw, unsigned i)
{
    gen *g = ctx;
    /* ZB_CNTL: the seven bits at random, the tests enabled more often than not. */
    uint32_t cntl = word(g) & 0x7F;
    if (rnd(g, 4))
        cntl |= R5XX_ZB_Z_ENABLE;
    if (rnd(g, 3))
        cntl |= R5XX_ZB_STENCIL_ENABLE;
    if (rnd(g, 8) == 0)
        cntl &= ~(uint32_t)(R5XX_ZB_Z_ENABLE | R5XX_ZB_STENCIL_ENABLE);
    if (rnd(g, 8) == 0)
        cntl |= word(g) & ~0x7Fu;
    uint32_t zsc = 0;
    for (unsigned f = 0; f < 9; f++)          /* ZFUNC, STENCILFUNC/FAIL/ZPASS/ZFAIL, the _BF four */
        zsc |= (sw ? (i + (i / 8 + 1) * f) % 8 : rnd(g, 8)) << (3 * f);
    if (rnd(g, 8) == 0)
        zsc |= R5XX_ZB_ZERO_OUTPUT_MASK;
    if (rnd(g, 8) == 0)
        zsc |= word(g) & 0xF0000000u;
    uint32_t bw = (rnd(g, 4) ? 0 : word(g) & 0xFFFFF) & ~(uint32_t)(R5XX_ZB_ZEQUAL_OPTIMIZE_DISABLE |
                                                                   R5XX_ZB_SEQUAL_OPTIMIZE_DISABLE |
                                                                   R5XX_ZB_BMASK_DISABLE);
    bw |= (rnd(g, 3) == 0) * R5XX_ZB_ZEQUAL_OPTIMIZE_DISABLE | (rnd(g, 3) == 0) * R5XX_ZB_SEQUAL_OPTIMIZE_DISABLE |
          (rnd(g, 4) == 0) * R5XX_ZB_BMASK_DISABLE;

    if (sw || rnd(g, 2)) {                    /* everything */
        surface(g, sw, i);
        regw(g, R5XX_ZB_CNTL, cntl);
        regw(g, R5XX_ZB_ZSTENCILCNTL, zsc);
        regw(g, R5XX_ZB_STENCILREFMASK, refmask(g));
        regw(g, R5XX_ZB_STENCILREFMASK_BF, refmask(g));
        regw(g, R5XX_ZB_BW_CNTL, bw);
    } else {                                  /* a few registers */
        unsigned k = 1 + rnd(g, 3);
        for (unsigned j = 0; j < k; j++) {
            switch (rnd(g, 6)) {
            case 0: surface(g, 0, 0); break;
            case 1: regw(g, R5XX_ZB_CNTL, cntl); break;
            case 2: regw(g, R5XX_ZB_ZSTENCILCNTL, zsc); break;
            case 3: regw(g, R5XX_ZB_STENCILREFMASK, refmask(g)); break;
            case 4: regw(g, R5XX_ZB_STENCILREFMASK_BF, refmask(g)); break;
            default: regw(g, R5XX_ZB_BW_CNTL, bw); break;
            }
        }
    }
    if (rnd(g, 6) == 0) {                     /* writes the block ignores */
        static const uint32_t ign[] = { 0x4F14, 0x4F18, 0x4F28, 0x4F44, 0x4F48, 0x4F4C, 0x4F50, 0x4F54, 0x4F60,
                                        0x4FD0, 0x4F01, 0x4F0C, 0x4E04, 0x0000 };
        uint32_t a = rnd(g, 4) ? ign[rnd(g, sizeof ign / sizeof ign[0])] : word(g) & 0xFFFF;
        regw(g, a, word(g));
    }
    if (rnd(g, 5) == 0)                       /* the Z-pass counter: reset or preset */
        regw(g, R5XX_ZB_ZPASS_DATA, rnd(g, 2) ? 0 : rnd(g, 4) ? word(g) : 0xFFFFFFF0u + rnd(g, 16));
}

static int fragments(void *ctx, unsigned nf)
{
    gen *g = ctx;
    r5xx_surface s = r5xx_surface_depth(g->regs.doff, g->regs.dpitch, g->regs.fmt);
    uint32_t pitch = s.pitch ? s.pitch : 64;
    if (pitch > 256 && rnd(g, 4))
        pitch = 256;
    uint32_t w, h;
    switch (rnd(g, 8)) {
    case 0: w = h = 1; break;                 /* one pixel: hazards back to back */
    case 1: w = 2; h = 2; break;
    case 2: w = 4 + rnd(g, 8); h = 1 + rnd(g, 4); break;
    default: w = pitch; h = 8 + rnd(g, 24); break;
    }
    uint32_t x0 = w < pitch ? rnd(g, pitch - w + 1) : 0, y0 = rnd(g, 32 - (h < 32 ? h : 31));
    int is16 = r5xx_zb_is16(&g->regs);
    uint64_t first = rnd(g, 16) ? g->s.t + g->s.nw : g->s.t;   /* sometimes racing the writes */
    for (unsigned f = 0; f < nf; f++) {
        uint32_t x = x0 + rnd(g, w), y = y0 + rnd(g, h);
        if (rnd(g, 64) == 0)
            x = rnd(g, 2) ? s.pitch + rnd(g, 4) : rnd(g, 16384);   /* at or beyond the pitch */
        if (rnd(g, 256) == 0)
            y = 16383 - rnd(g, 2);
        uint32_t z;
        if (is16)
            z = pal(g, g->z16, 0xFFFF) | (rnd(g, 4) ? 0 : word(g) & 0xFF0000);   /* z[23:16] ignored */
        else
            z = pal(g, g->z24, 0xFFFFFF);
        uint64_t v[4] = { x & 0x3FFF, y & 0x3FFF, z & 0xFFFFFF, rnd(g, 2) };
        uint64_t at = f == 0 ? first : 0;
        if (f && rnd(g, 64) == 0)
            at = g->s.t + g->s.nw + 4u * f + rnd(g, 32);   /* a gap in the stream */
        if (rc_vector_add_input(g->s.v, R5XX_ZB_CH_FRAG, at, v))
            return -1;
    }
    return 0;
}

/* After an epoch, sometimes and after the last: store the Z-pass counter. */
static void zpass(void *ctx, int last)
{
    gen *g = ctx;
    if (rnd(g, 6) == 0 || last) {
        regw(g, R5XX_ZB_ZPASS_ADDR, (ZPASS_BASE + 4 * (g->zslot++ % 256)) | rnd(g, 4));
        g->s.nw = 0;
    }
}

int r5xx_zb_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen g;
    memset(&g, 0, sizeof g);
    if (rc_stim_begin(&g.s, v, "r5xx.zb", seed, 0x7A620000ull, count, 100000000, "fragments", err, errn))
        return -1;
    palettes(&g);
    rc_stim_preload(&g.s, REGION_BASE, REGION_STRIDE, NREGION, REGION_WORDS, mem_word, &g);
    if (g.s.fail)
        return rc_stim_oom(&g.s, err, errn);

    static const rc_stim_epochs ep = { .nsweep = NSWEEP, .max = 512, .cost = 2, .jitter = 4,
                                       .setup = setup, .units = fragments, .after = zpass };
    rc_stim_run(&g.s, &ep, &g, count);
    return rc_stim_end(&g.s, err, errn);
}
