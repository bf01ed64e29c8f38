/*
 * cb_stim.c - seeded random stimulus for si.cb: epochs of register set-ups followed by pixels on
 * the surface just programmed; memory preloaded with random words.
 *
 * Coverage: the first 192 epochs sweep the formats and number types (the 48 supported pairs:
 * 14 UNORM/FLOAT formats, binary16 on 16, 16_16, 16_16_16_16, sRGB on 8, 8_8, 8_8_8_8, SNORM on
 * 8 formats, UINT and SINT on 10; each with every COMP_SWAP and ENDIAN over the sweep), the colour and alpha blend factors (0-20, epoch e gives SRCBLEND e % 21
 * and DESTBLEND (e + 7) % 21, the alpha fields (e + 3) % 21 and (e + 11) % 21) and the combine
 * functions (e % 5); later epochs draw everything at random (unsupported formats, reserved factors
 * and functions, every MODE, now and then).  ROP3 codes are random bytes; masks are random
 * nibbles, mostly 0xF.  Colours come from a palette of binary32 words (0, -0, 1, 0.5, -0.5, 2, NaN,
 * infinities, tiny and subnormal values, the binary16 limits 65504 and 65520 and 2^-24, 2^-25,
 * integers at the 8- and 16-bit limits, random [0,1]) so that clamps and specials are frequent.
 *
 * Memory: two regions of 64 KB at 0x02000000 + k * 0x40000.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "si_cb_ports.h"
#include "rc_stim.h"
#include "cb_math.h"

#define NREGION 2
#define REGION_BASE 0x02000000u
#define REGION_STRIDE 0x40000u
#define REGION_WORDS (64u * 1024 / 4)
#define NPAL 32
#define NFIX 22
#define NSWEEP 192
#define NFMT 48

typedef struct gen {
    rc_stim s;                 /* the stream, the vector, the epoch's cycle and writes */
    si_cb_regs regs;
    uint32_t pal[NPAL];
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }

static void regw(gen *g, uint32_t addr, uint32_t data)
{
    rc_stim_regw(&g->s, SI_CB_CH_REGW, addr, data);
    si_cb_regs_write(&g->regs, addr, data);
}

static uint32_t col(gen *g)
{
    return rnd(g, 8) ? g->pal[rnd(g, NPAL)] : word(g);
}

/* the supported FORMAT / NUMBER_TYPE pairs */
static const unsigned char formats[NFMT][2] = {
    { 1, 0 }, { 2, 0 }, { 3, 0 }, { 4, 7 }, { 5, 0 }, { 9, 0 }, { 10, 0 }, { 12, 0 }, { 14, 7 },
    { 16, 0 }, { 17, 0 }, { 19, 0 }, { 2, 7 }, { 5, 7 }, { 12, 7 }, { 1, 6 }, { 3, 6 }, { 10, 6 },
    { 1, 1 }, { 2, 1 }, { 3, 1 }, { 5, 1 }, { 9, 1 }, { 10, 1 }, { 12, 1 },
    { 1, 4 }, { 2, 4 }, { 3, 4 }, { 4, 4 }, { 5, 4 }, { 9, 4 }, { 10, 4 }, { 12, 4 }, { 14, 4 },
    { 1, 5 }, { 2, 5 }, { 3, 5 }, { 4, 5 }, { 5, 5 }, { 9, 5 }, { 10, 5 }, { 12, 5 }, { 14, 5 },
    { 8, 0 }, { 18, 0 }, { 8, 1 }, { 8, 4 }, { 8, 5 }
};

static void setup(void *ctx, int sweep, unsigned e)
{
    gen *g = ctx;
    unsigned i = sweep ? e % NFMT : rnd(g, NFMT);
    unsigned f = formats[i][0], nt = formats[i][1];
    if (!sweep && rnd(g, 16) == 0)
        f = rnd(g, 32);
    if (!sweep && rnd(g, 16) == 0)
        nt = rnd(g, 8);
    unsigned cs = sweep ? (e / NFMT) % 4 : rnd(g, 4), en = sweep ? (e / (4 * NFMT) + e) % 4 : rnd(g, 4);
    uint32_t info = en | f << 2 | nt << 8 | cs << 11 | rnd(g, 2) << 15 | (rnd(g, 8) == 0) << 16 | rnd(g, 2) << 18;
    info |= word(g) & 0xFFF06080u & (rnd(g, 4) ? 0 : ~0u);   /* ignored bits, now and then */
    uint32_t sb = sweep ? e % 21 : rnd(g, 32), db = sweep ? (e + 7) % 21 : rnd(g, 32);
    uint32_t fn = sweep ? e % 5 : rnd(g, 8);
    uint32_t asb = sweep ? (e + 3) % 21 : rnd(g, 32), adb = sweep ? (e + 11) % 21 : rnd(g, 32);
    uint32_t afn = sweep ? (e + 2) % 5 : rnd(g, 8);
    uint32_t blend = sb | fn << 5 | db << 8 | asb << 16 | afn << 21 | adb << 24 | rnd(g, 2) << 29;
    blend |= (sweep ? (rnd(g, 4) != 0) : rnd(g, 2)) << 30 | (uint32_t)(rnd(g, 8) == 0) << 31;
    unsigned mode = rnd(g, 16) ? 1 : rnd(g, 8);
    uint32_t cctl = mode << 4 | (rnd(g, 4) ? word(g) & 0xFF : 0xCC) << 16;
    uint32_t ptm = rnd(g, 8);
    regw(g, SI_CB_COLOR0_BASE, (REGION_BASE + REGION_STRIDE * rnd(g, NREGION)) >> 8);
    regw(g, SI_CB_COLOR0_PITCH, ptm | (word(g) & 0xFFF00000u & (rnd(g, 2) ? ~0u : 0)));
    regw(g, SI_CB_COLOR0_SLICE, rnd(g, 4) ? (ptm + 1) * 4 - 1 : rnd(g, 64));   /* 32 rows, or fewer */
    regw(g, SI_CB_COLOR0_INFO, info);
    regw(g, SI_CB_COLOR0_CLEAR_WORD0, word(g));
    regw(g, SI_CB_COLOR0_CLEAR_WORD1, word(g));
    regw(g, SI_CB_BLEND0_CONTROL, blend);
    regw(g, SI_CB_BLEND_RED, col(g));
    regw(g, SI_CB_BLEND_GREEN, col(g));
    regw(g, SI_CB_BLEND_BLUE, col(g));
    regw(g, SI_CB_BLEND_ALPHA, col(g));
    regw(g, SI_CB_COLOR_CONTROL, cctl);
    regw(g, SI_CB_TARGET_MASK, rnd(g, 4) ? 0xF | (word(g) & 0xFFFFFFF0u) : word(g));
    regw(g, SI_CB_SHADER_MASK, rnd(g, 4) ? 0xF | (word(g) & 0xFFFFFFF0u) : word(g));
    if (rnd(g, 4) == 0)
        regw(g, 0x28000u + 4 * rnd(g, 0x400), word(g));
}

static int pixels(void *ctx, unsigned n)
{
    gen *g = ctx;
    uint32_t pitch = ((g->regs.pitch & 0x7FF) + 1) * 8;
    uint32_t w = rnd(g, 4) ? pitch : 1 + rnd(g, 2), h = rnd(g, 4) ? 32 : 1 + rnd(g, 2);
    uint32_t x0 = rnd(g, pitch - (w < pitch ? w : pitch) + 1), y0 = rnd(g, 33 - h);
    for (unsigned i = 0; i < n; i++) {
        uint32_t x = x0 + rnd(g, w), y = y0 + rnd(g, h);
        if (rnd(g, 64) == 0)
            x = pitch + rnd(g, 16384 - pitch);
        if (rnd(g, 64) == 0)
            y = rnd(g, 16384);
        uint64_t v[11] = { x & 0x3FFF, y & 0x3FFF, col(g), col(g), col(g), col(g), col(g), col(g), col(g), col(g),
                           rnd(g, 8) != 0 };
        uint64_t at = i == 0 ? g->s.t + (rnd(g, 16) ? g->s.nw : 0) : 0;
        if (rc_vector_add_input(g->s.v, SI_CB_CH_FRAG, at, v))
            return -1;
    }
    return 0;
}

/* A word of the preload: random, or a palette colour one time in four. */
static uint32_t mem_word(void *ctx)
{
    gen *g = ctx;
    return rnd(g, 4) ? word(g) : g->pal[rnd(g, NPAL)];
}

int si_cb_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen g;
    memset(&g, 0, sizeof g);
    if (rc_stim_begin(&g.s, v, "si.cb", seed, 0x5C620000ull, count, 100000000, "pixels", err, errn))
        return -1;
    static const uint32_t pal[] = { 0x00000000, 0x80000000, 0x3F800000, 0x3F000000, 0xBF000000, 0x40000000,
                                    0x7FC00000, 0x7F800000, 0xFF800000, 0x00000001, 0x3F7FFFFF, 0x3B808081,
                                    0x3E800000, 0x3F400000, 0x477FE000, 0x477FF000, 0x33800000, 0x33000000,
                                    0x000000FF, 0x00008000, 0xFFFFFF80, 0xFFFF7FFF };
    for (unsigned i = 0; i < NPAL; i++)
        g.pal[i] = i < NFIX ? pal[i] : 0x30000000u + rnd(&g, 0x0F800001u);
    rc_stim_preload(&g.s, REGION_BASE, REGION_STRIDE, NREGION, REGION_WORDS, mem_word, &g);
    if (g.s.fail)
        return rc_stim_oom(&g.s, err, errn);
    static const rc_stim_epochs ep = { .nsweep = NSWEEP, .max = 512, .cost = 8, .jitter = 4,
                                       .setup = setup, .units = pixels };
    rc_stim_run(&g.s, &ep, &g, count);
    return rc_stim_end(&g.s, err, errn);
}
