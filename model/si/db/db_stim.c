/*
 * db_stim.c - seeded random stimulus for si.db: epochs of register set-ups followed by
 * fragments on the surfaces just programmed; memory preloaded with palette depth/stencil words.
 *
 * Coverage: the first 64 epochs sweep ZFUNC, STENCILFUNC(_BF) and the six stencil-op fields
 * (each epoch e gives every 3-bit field the value e % 8 and every op field (e + k) % 16 for
 * field k), later epochs draw everything at random.  Formats: Z_INVALID/Z_16/Z_24/Z_32_FLOAT and
 * STENCIL on or off, biased to the implemented ones; ARRAY_MODE is tiled 1 epoch in 16.  The
 * one-bit fields (enables, BACKFACE_ENABLE, the colour-write bits, read-only views, clears,
 * DISABLE_VIEWPORT_CLAMP) are drawn every epoch; DB_COUNT_CONTROL is a random word.
 *
 * Values: depths come from a palette of binary32 words (0, -0, 1, 0.5, NaN, +-inf, the
 * neighbours of 1.0 and of the Z_16 rounding steps, random [0,1]) shared by the memory preload,
 * the viewport and bounds registers and the fragments, so that every compare outcome is
 * frequent; stencil bytes likewise.  Coordinates: windows from one pixel to the whole surface,
 * sometimes beyond it.
 *
 * Memory: four regions of 64 KB at 0x01000000 + k * 0x40000.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "si_db_ports.h"
#include "rc_stim.h"
#include "db_math.h"

#define NREGION 4
#define REGION_BASE 0x01000000u
#define REGION_STRIDE 0x40000u
#define REGION_WORDS (64u * 1024 / 4)
#define NPAL 24
#define NSWEEP 64

typedef struct gen {
    rc_stim s;                 /* the stream, the vector, the epoch's cycle and writes */
    si_db_regs regs;
    uint32_t zf[NPAL];
    uint32_t st[NPAL];
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }

static void regw(gen *g, uint32_t addr, uint32_t data)
{
    rc_stim_regw(&g->s, SI_DB_CH_REGW, addr, data);
    si_db_regs_write(&g->regs, addr, data);
}

static void palettes(gen *g)
{
    static const uint32_t zf[] = { 0x00000000, 0x80000000, 0x3F800000, 0x3F000000, 0x7FC00000, 0x7F800000,
                                   0xFF800000, 0x3F7FFFFF, 0x3F800001, 0xBF800000, 0x37800080, 0x00000001,
                                   0x3E800000, 0x3F400000 };
    static const uint32_t st[] = { 0x00, 0xFF, 0xF0, 0x0F, 0x3C, 0x01, 0xFE, 0x80, 0x7F, 0xCC };
    for (unsigned i = 0; i < NPAL; i++) {
        g->zf[i] = i < 14 ? zf[i] : (uint32_t)(0x30000000u + rnd(g, 0x0F800001u));   /* random in [2^-31, 1] */
        g->st[i] = i < 10 ? st[i] : word(g) & 0xFF;
    }
}

static uint32_t zpal(gen *g) { return rnd(g, 8) ? g->zf[rnd(g, NPAL)] : word(g); }
static uint32_t spal(gen *g) { return rnd(g, 8) ? g->st[rnd(g, NPAL)] : word(g) & 0xFF; }

static uint32_t mem_word(void *ctx)
{
    gen *g = ctx;
    switch (rnd(g, 3)) {
    case 0: return zpal(g);
    case 1: return si_db_f2unorm16(zpal(g)) | si_db_f2unorm16(zpal(g)) << 16;
    default: return spal(g) | spal(g) << 8 | spal(g) << 16 | spal(g) << 24;
    }
}

static uint32_t region(gen *g) { return (REGION_BASE + REGION_STRIDE * rnd(g, NREGION)) >> 8; }

static void setup(void *ctx, int sweep, unsigned e)
{
    gen *g = ctx;
    uint32_t f3 = sweep ? e % 8 : rnd(g, 8), fb = sweep ? e % 8 : rnd(g, 8), zfunc = sweep ? (e + 3) % 8 : rnd(g, 8);
    uint32_t sctl = 0;
    for (unsigned k = 0; k < 6; k++)
        sctl |= (sweep ? (e + k) % 16 : rnd(g, 16)) << (4 * k);
    sctl |= word(g) & 0xFF000000u;
    uint32_t dctl = rnd(g, 16) | zfunc << 4 | rnd(g, 2) << 7 | f3 << 8 | fb << 20 | rnd(g, 4) << 30;
    if (rnd(g, 4))
        dctl |= 3;   /* mostly both tests on */
    dctl |= word(g) & 0x0F0FF800u & (rnd(g, 2) ? ~0u : 0);   /* unused bits */
    static const uint32_t zfmt[] = { 1, 3, 1, 3, 1, 3, 0, 2 };
    uint32_t zinfo = zfmt[rnd(g, 8)] | (word(g) & 0xFFFFFFFCu & (rnd(g, 2) ? ~0u : 0));
    uint32_t sinfo = (rnd(g, 4) != 0) | (word(g) & 0xFFFFFFFEu & (rnd(g, 2) ? ~0u : 0));
    uint32_t dinfo = (rnd(g, 16) ? rnd(g, 2) : 2 + rnd(g, 14)) << 4 | (word(g) & 0xFFFFFF0Fu & (rnd(g, 2) ? ~0u : 0));
    uint32_t ptm = rnd(g, 4) ? rnd(g, 16) : rnd(g, 64), htm = rnd(g, 8);
    uint32_t zr = region(g), sr = region(g);
    regw(g, SI_DB_DEPTH_CONTROL, dctl);
    regw(g, SI_DB_STENCIL_CONTROL, sctl);
    regw(g, SI_DB_STENCILREFMASK, spal(g) | spal(g) << 8 | spal(g) << 16 | spal(g) << 24);
    regw(g, SI_DB_STENCILREFMASK_BF, spal(g) | spal(g) << 8 | spal(g) << 16 | spal(g) << 24);
    regw(g, SI_DB_Z_INFO, zinfo);
    regw(g, SI_DB_STENCIL_INFO, sinfo);
    regw(g, SI_DB_DEPTH_INFO, dinfo);
    regw(g, SI_DB_DEPTH_SIZE, ptm | htm << 11 | (word(g) & 0xFFC00000u));
    regw(g, SI_DB_Z_READ_BASE, zr);
    regw(g, SI_DB_Z_WRITE_BASE, rnd(g, 4) ? zr : region(g));
    regw(g, SI_DB_STENCIL_READ_BASE, sr + 0x80);   /* the second half of a region */
    regw(g, SI_DB_STENCIL_WRITE_BASE, (rnd(g, 4) ? sr : region(g)) + 0x80);
    regw(g, SI_DB_RENDER_CONTROL, rnd(g, 8) ? 0 : rnd(g, 4) | (word(g) & 0xFFCu));
    regw(g, SI_DB_DEPTH_VIEW, rnd(g, 4) ? 0 : rnd(g, 4) << 24);
    regw(g, SI_DB_RENDER_OVERRIDE, rnd(g, 4) ? 0 : 1u << 16);
    regw(g, SI_DB_COUNT_CONTROL, word(g));
    regw(g, SI_DB_DEPTH_BOUNDS_MIN, rnd(g, 2) ? 0 : zpal(g));
    regw(g, SI_DB_DEPTH_BOUNDS_MAX, rnd(g, 2) ? 0x3F800000 : zpal(g));
    regw(g, SI_PA_SC_VPORT_ZMIN_0, rnd(g, 2) ? 0 : zpal(g));
    regw(g, SI_PA_SC_VPORT_ZMAX_0, rnd(g, 2) ? 0x3F800000 : zpal(g));
    regw(g, SI_DB_DEPTH_CLEAR, zpal(g));
    regw(g, SI_DB_STENCIL_CLEAR, word(g));
    if (rnd(g, 4) == 0)
        regw(g, 0x28000u + 4 * rnd(g, 0x400), word(g));   /* anything, sometimes one of ours */
}

static int fragments(void *ctx, unsigned nf)
{
    gen *g = ctx;
    uint32_t pitch = ((g->regs.size & 0x7FF) + 1) * 8, height = (((g->regs.size >> 11) & 0x7FF) + 1) * 8;
    uint32_t w, h;
    switch (rnd(g, 6)) {
    case 0: w = h = 1; break;
    case 1: w = 2; h = 2; break;
    default: w = pitch; h = height; break;
    }
    uint32_t x0 = rnd(g, pitch - (w < pitch ? w : pitch) + 1), y0 = rnd(g, height - (h < height ? h : height) + 1);
    for (unsigned f = 0; f < nf; f++) {
        uint32_t x = x0 + rnd(g, w), y = y0 + rnd(g, h);
        if (rnd(g, 64) == 0)
            x = rnd(g, 2) ? pitch + rnd(g, 4) : rnd(g, 16384);
        if (rnd(g, 64) == 0)
            y = rnd(g, 2) ? height + rnd(g, 4) : rnd(g, 16384);
        uint64_t v[4] = { x & 0x3FFF, y & 0x3FFF, zpal(g), rnd(g, 2) };
        uint64_t at = f == 0 ? g->s.t + (rnd(g, 16) ? g->s.nw : 0) : 0;
        if (rc_vector_add_input(g->s.v, SI_DB_CH_FRAG, at, v))
            return -1;
    }
    return 0;
}

int si_db_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen g;
    memset(&g, 0, sizeof g);
    if (rc_stim_begin(&g.s, v, "si.db", seed, 0x5D620000ull, count, 100000000, "fragments", err, errn))
        return -1;
    palettes(&g);
    rc_stim_preload(&g.s, REGION_BASE, REGION_STRIDE, NREGION, REGION_WORDS, mem_word, &g);
    if (g.s.fail)
        return rc_stim_oom(&g.s, err, errn);
    static const rc_stim_epochs ep = { .nsweep = NSWEEP, .max = 512, .cost = 6, .jitter = 4,
                                       .setup = setup, .units = fragments };
    rc_stim_run(&g.s, &ep, &g, count);
    return rc_stim_end(&g.s, err, errn);
}
