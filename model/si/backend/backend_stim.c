/*
 * backend_stim.c - seeded random stimulus for si.backend: epochs of register set-ups of both
 * blocks (DB's depth/stencil state and CB's colour state, on one register stream) followed by
 * fragments (position, depth, facing, two colours) on the surfaces just programmed; memory
 * preloaded with palette words.
 *
 * DB state as si.db's own generator draws it (formats biased to the implemented ones, every
 * function and stencil op, clears, read-only views, the colour-write bits, random counters), CB
 * state as si.cb's (the 12 formats and others now and then, every COMP_SWAP and ENDIAN, blend
 * factors 0-31, functions 0-7, ROP3 codes, masks, MODE mostly 1).  DB and CB share the pitch
 * most of the time, so that DB's colour-write enable decides CB's writes on the same pixels.
 * Depths and colours come from palettes of binary32 words (0, -0, 1, 0.5, NaN, infinities,
 * neighbours of 1.0, random [0,1]).
 *
 * Memory: DB's two regions of 64 KB at 0x01000000 + k * 0x40000 (depth in the first half,
 * stencil in the second), CB's two at 0x02000000 + k * 0x40000.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "si_backend_ports.h"
#include "rc_stim.h"
#include "cb_math.h"
#include "db_math.h"

#define NREGION 2
#define DB_REGION 0x01000000u
#define CB_REGION 0x02000000u
#define REGION_STRIDE 0x40000u
#define REGION_WORDS (64u * 1024 / 4)
#define NPAL 24

typedef struct gen {
    rc_stim s;                 /* the stream, the vector, the epoch's cycle and writes */
    uint32_t pitch, height;
    uint32_t zf[NPAL], col[NPAL], st[NPAL];
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }
static uint32_t zpal(gen *g) { return rnd(g, 8) ? g->zf[rnd(g, NPAL)] : word(g); }
static uint32_t cpal(gen *g) { return rnd(g, 8) ? g->col[rnd(g, NPAL)] : word(g); }
static uint32_t spal(gen *g) { return rnd(g, 8) ? g->st[rnd(g, NPAL)] : word(g) & 0xFF; }
static uint32_t junk(gen *g, uint32_t mask) { return rnd(g, 2) ? word(g) & mask : 0; }

static void regw(gen *g, uint32_t addr, uint32_t data)
{
    rc_stim_regw(&g->s, SI_BACKEND_CH_REGW, addr, data);
}

static void palettes(gen *g)
{
    static const uint32_t zf[] = { 0x00000000, 0x80000000, 0x3F800000, 0x3F000000, 0x7FC00000, 0x7F800000,
                                   0xFF800000, 0x3F7FFFFF, 0x3F800001, 0xBF800000, 0x37800080, 0x00000001,
                                   0x3E800000, 0x3F400000 };
    static const uint32_t col[] = { 0x00000000, 0x80000000, 0x3F800000, 0x3F000000, 0xBF000000, 0x40000000,
                                    0x7FC00000, 0x7F800000, 0xFF800000, 0x00000001, 0x3F7FFFFF, 0x3B808081,
                                    0x3E800000, 0x3F400000 };
    static const uint32_t st[] = { 0x00, 0xFF, 0xF0, 0x0F, 0x3C, 0x01, 0xFE, 0x80, 0x7F, 0xCC };
    for (unsigned i = 0; i < NPAL; i++) {
        g->zf[i] = i < 14 ? zf[i] : (uint32_t)(0x30000000u + rnd(g, 0x0F800001u));
        g->col[i] = i < 14 ? col[i] : (uint32_t)(0x30000000u + rnd(g, 0x0F800001u));
        g->st[i] = i < 10 ? st[i] : word(g) & 0xFF;
    }
}

static void setup_db(gen *g, uint32_t ptm)
{
    uint32_t sctl = word(g) & 0x00FFFFFFu;
    uint32_t dctl = rnd(g, 16) | rnd(g, 8) << 4 | rnd(g, 2) << 7 | rnd(g, 8) << 8 | rnd(g, 8) << 20 |
                    (rnd(g, 2) ? 0 : rnd(g, 4) << 30);
    if (rnd(g, 4))
        dctl |= 3;
    dctl |= junk(g, 0x0F0FF800u);
    static const uint32_t zfmt[] = { 1, 3, 1, 3, 1, 3, 0, 2 };
    uint32_t zr = (DB_REGION + REGION_STRIDE * rnd(g, NREGION)) >> 8, sr = (DB_REGION + REGION_STRIDE * rnd(g, NREGION)) >> 8;
    uint32_t htm = g->height / 8 - 1;
    regw(g, SI_DB_DEPTH_CONTROL, dctl);
    regw(g, SI_DB_STENCIL_CONTROL, sctl);
    regw(g, SI_DB_STENCILREFMASK, spal(g) | spal(g) << 8 | spal(g) << 16 | spal(g) << 24);
    regw(g, SI_DB_STENCILREFMASK_BF, spal(g) | spal(g) << 8 | spal(g) << 16 | spal(g) << 24);
    regw(g, SI_DB_Z_INFO, zfmt[rnd(g, 8)] | junk(g, 0xFFFFFFFCu));
    regw(g, SI_DB_STENCIL_INFO, (rnd(g, 4) != 0) | junk(g, 0xFFFFFFFEu));
    regw(g, SI_DB_DEPTH_INFO, (rnd(g, 16) ? rnd(g, 2) : 2 + rnd(g, 14)) << 4);
    regw(g, SI_DB_DEPTH_SIZE, ptm | htm << 11);
    regw(g, SI_DB_Z_READ_BASE, zr);
    regw(g, SI_DB_Z_WRITE_BASE, rnd(g, 8) ? zr : zr ^ (REGION_STRIDE >> 8));
    regw(g, SI_DB_STENCIL_READ_BASE, sr + 0x80);
    regw(g, SI_DB_STENCIL_WRITE_BASE, sr + 0x80);
    regw(g, SI_DB_RENDER_CONTROL, rnd(g, 8) ? 0 : rnd(g, 4));
    regw(g, SI_DB_DEPTH_VIEW, rnd(g, 4) ? 0 : rnd(g, 4) << 24);
    regw(g, SI_DB_RENDER_OVERRIDE, rnd(g, 4) ? 0 : 1u << 16);
    regw(g, SI_DB_COUNT_CONTROL, word(g));
    regw(g, SI_DB_DEPTH_BOUNDS_MIN, rnd(g, 2) ? 0 : zpal(g));
    regw(g, SI_DB_DEPTH_BOUNDS_MAX, rnd(g, 2) ? 0x3F800000 : zpal(g));
    regw(g, SI_PA_SC_VPORT_ZMIN_0, rnd(g, 2) ? 0 : zpal(g));
    regw(g, SI_PA_SC_VPORT_ZMAX_0, rnd(g, 2) ? 0x3F800000 : zpal(g));
    regw(g, SI_DB_DEPTH_CLEAR, zpal(g));
    regw(g, SI_DB_STENCIL_CLEAR, word(g) & 0xFF);
}

static void setup_cb(gen *g, uint32_t ptm)
{
    static const unsigned formats[12] = { 1, 2, 3, 4, 5, 9, 10, 12, 14, 16, 17, 19 };
    unsigned f = rnd(g, 16) ? formats[rnd(g, 12)] : rnd(g, 32);
    unsigned nt = (f == 4 || f == 14) ? 7 : 0;
    if (rnd(g, 16) == 0)
        nt = rnd(g, 8);
    uint32_t info = rnd(g, 4) | f << 2 | nt << 8 | rnd(g, 4) << 11 | rnd(g, 2) << 15 | rnd(g, 2) << 18;
    uint32_t blend = word(g) & 0x3FFFFFFFu;
    blend |= (uint32_t)(rnd(g, 4) != 0) << 30 | (uint32_t)(rnd(g, 8) == 0) << 31;
    unsigned mode = rnd(g, 16) ? 1 : rnd(g, 8);
    uint32_t cctl = mode << 4 | (rnd(g, 4) ? word(g) & 0xFF : 0xCC) << 16;
    regw(g, SI_CB_COLOR0_BASE, (CB_REGION + REGION_STRIDE * rnd(g, NREGION)) >> 8);
    regw(g, SI_CB_COLOR0_PITCH, ptm);
    regw(g, SI_CB_COLOR0_SLICE, rnd(g, 8) ? (ptm + 1) * g->height / 8 - 1 : rnd(g, 64));
    regw(g, SI_CB_COLOR0_INFO, info);
    regw(g, SI_CB_COLOR0_CLEAR_WORD0, word(g));
    regw(g, SI_CB_COLOR0_CLEAR_WORD1, word(g));
    regw(g, SI_CB_BLEND0_CONTROL, blend);
    regw(g, SI_CB_BLEND_RED, cpal(g));
    regw(g, SI_CB_BLEND_GREEN, cpal(g));
    regw(g, SI_CB_BLEND_BLUE, cpal(g));
    regw(g, SI_CB_BLEND_ALPHA, cpal(g));
    regw(g, SI_CB_COLOR_CONTROL, cctl);
    regw(g, SI_CB_TARGET_MASK, rnd(g, 4) ? 0xF : word(g));
    regw(g, SI_CB_SHADER_MASK, rnd(g, 4) ? 0xF : word(g));
}

static void setup(void *ctx, int sw, unsigned idx)
{
    gen *g = ctx;
    uint32_t ptm = rnd(g, 4);               /* 8..32 pixels wide, 32 rows */
    g->pitch = (ptm + 1) * 8;
    g->height = 32;
    if (rnd(g, 2)) {
        setup_db(g, ptm);
        setup_cb(g, rnd(g, 8) ? ptm : rnd(g, 4));
    } else {
        setup_cb(g, ptm);
        setup_db(g, rnd(g, 8) ? ptm : rnd(g, 4));
    }
    if (rnd(g, 4) == 0)
        regw(g, 0x28000u + 4 * rnd(g, 0x400), word(g));   /* anything, sometimes one of ours */
}

static int fragments(void *ctx, unsigned nf)
{
    gen *g = ctx;
    uint32_t w, h;
    switch (rnd(g, 6)) {
    case 0: w = h = 1; break;
    case 1: w = h = 2; break;
    default: w = g->pitch; h = g->height; break;
    }
    uint32_t x0 = rnd(g, g->pitch - w + 1), y0 = rnd(g, g->height - h + 1);
    for (unsigned f = 0; f < nf; f++) {
        uint32_t x = x0 + rnd(g, w), y = y0 + rnd(g, h);
        if (rnd(g, 64) == 0)
            x = rnd(g, 2) ? g->pitch + rnd(g, 4) : rnd(g, 16384);
        if (rnd(g, 64) == 0)
            y = rnd(g, 2) ? g->height + rnd(g, 4) : rnd(g, 16384);
        uint64_t v[12] = { x & 0x3FFF, y & 0x3FFF, zpal(g), rnd(g, 2),
                           cpal(g), cpal(g), cpal(g), cpal(g), cpal(g), cpal(g), cpal(g), cpal(g) };
        uint64_t at = f == 0 ? g->s.t + (rnd(g, 16) ? g->s.nw : 0) : 0;
        if (rc_vector_add_input(g->s.v, SI_BACKEND_CH_FRAG, at, v))
            return -1;
    }
    return 0;
}

static uint32_t mem_word(gen *g, int cb)
{
    if (cb)
        return rnd(g, 4) ? word(g) : cpal(g);
    switch (rnd(g, 3)) {
    case 0: return zpal(g);
    case 1: return si_db_f2unorm16(zpal(g)) | si_db_f2unorm16(zpal(g)) << 16;
    default: return spal(g) | spal(g) << 8 | spal(g) << 16 | spal(g) << 24;
    }
}

static uint32_t db_word(void *g) { return mem_word(g, 0); }
static uint32_t cb_word(void *g) { return mem_word(g, 1); }

int si_backend_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen g;
    memset(&g, 0, sizeof g);
    if (rc_stim_begin(&g.s, v, "si.backend", seed, 0x5BAC0000ull, count, 100000000, "fragments", err, errn))
        return -1;
    palettes(&g);
    rc_stim_preload(&g.s, DB_REGION, REGION_STRIDE, NREGION, REGION_WORDS, db_word, &g);
    rc_stim_preload(&g.s, CB_REGION, REGION_STRIDE, NREGION, REGION_WORDS, cb_word, &g);
    if (g.s.fail)
        return rc_stim_oom(&g.s, err, errn);
    static const rc_stim_epochs ep = { .nsweep = 0, .max = 512, .cost = 8, .jitter = 4,   /* no sweep */
                                       .setup = setup, .units = fragments };
    rc_stim_run(&g.s, &ep, &g, count);
    return rc_stim_end(&g.s, err, errn);
}
