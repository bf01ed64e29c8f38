/*
 * rb3d_stim.c - seeded random stimulus for r5xx.rb3d: a 256 KB colour region preloaded with
 * random words, then epochs of register writes followed by fragments on the buffers just
 * programmed.
 *
 * Coverage: the first 128 epochs program every register the block uses with each field taken
 * from a sweep (field value = (epoch * k + o) mod size, k odd, so every value of every field
 * appears: ALPHA_BLEND_ENABLE, SEPARATE_ALPHA_ENABLE, READ_ENABLE, DISCARD_SRC_PIXELS, COMB_FCN,
 * SRCBLEND, DESTBLEND, SRC_ALPHA_0/1_NO_READ of RB3D_BLENDCNTL; COMB_FCN, SRCBLEND, DESTBLEND of
 * RB3D_ABLENDCNTL; NUM_MULTIWRITES, INDEPENDENT_COLOR_CHANNEL_MASK_ENABLE,
 * INDEPENDENT_COLORFORMAT_ENABLE of RB3D_CCTL; the 16 channel-mask bits; ROP_ENABLE and ROP;
 * DITHER_MODE and ALPHA_DITHER_MODE; COLORFORMAT, COLORTILE, COLORMICROTILE, COLORENDIAN of every
 * RB3D_COLORPITCHn); later epochs rewrite a random subset with values biased towards the
 * supported formats and the defined blend codes.  Constant colour, thresholds, offsets (mostly
 * inside the region, 2 KB aligned or not, sometimes anywhere), pitches and the bits the block
 * ignores are random.  Fragments hit recently used pixels often (read-after-write hazards),
 * carry colours with 0, 1.0, 0.5 and threshold-near channels, and sometimes race the register
 * writes of their epoch (a fragment offered together with a write is accepted before it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r5xx_rb3d_ports.h"
#include "rb3d_pixel.h"
#include "rc_stim.h"

#define REGION 0x00200000u
#define REGION_BYTES (256u * 1024u)
#define SWEEP 128

typedef struct gen {
    rc_stim s;                 /* the stream, the vector, the epoch's cycle and writes */
    rb3d_regs regs;            /* what the block will hold once this epoch's writes are in */
    uint32_t hx[4], hy[4];     /* recently used pixels */
    unsigned hn;
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }

static void regw(gen *g, uint32_t addr, uint32_t data)
{
    rc_stim_regw(&g->s, R5XX_RB3D_CH_REGW, addr, data);
    rb3d_regs_write(&g->regs, addr, data);
}

/* A field value: from the sweep in the first epochs, else 'dflt' (a biased random draw). */
static uint32_t pick(unsigned epoch, unsigned size, unsigned k, unsigned o, uint32_t dflt)
{
    return epoch < SWEEP ? (epoch * k + o) % size : dflt;
}

/* A blend factor code: mostly a defined one. */
static unsigned factor_code(gen *g)
{
    static const unsigned char defined[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 32, 33, 34, 35,
                                             36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46 };
    return rnd(g, 16) ? defined[rnd(g, sizeof defined)] : rnd(g, 64);
}

static uint32_t blendcntl(gen *g, unsigned e, int alpha_only)
{
    uint32_t comb = pick(e, 8, 3, alpha_only ? 5 : 0, rnd(g, 4) ? rnd(g, 8) : 0);
    uint32_t sf = pick(e, 64, alpha_only ? 23 : 7, alpha_only ? 11 : 0, factor_code(g));
    uint32_t df = pick(e, 64, alpha_only ? 29 : 13, alpha_only ? 3 : 5, factor_code(g));
    uint32_t v = comb << 12 | sf << 16 | df << 24;
    if (alpha_only)
        return v | (rnd(g, 4) ? 0 : word(g) & ~0x3F3F7000u);        /* bits it does not have */
    v |= pick(e, 2, 1, 1, rnd(g, 5) != 0);                            /* ALPHA_BLEND_ENABLE */
    v |= pick(e, 2, 1, (e >> 1) & 1, rnd(g, 2)) << 1;                 /* SEPARATE_ALPHA_ENABLE */
    v |= pick(e, 2, 1, (e >> 2) & 1, rnd(g, 6) != 0) << 2;            /* READ_ENABLE */
    v |= pick(e, 8, 5, 2, rnd(g, 4) ? 0 : rnd(g, 8)) << 3;            /* DISCARD_SRC_PIXELS */
    v |= pick(e, 2, 1, (e >> 3) & 1, rnd(g, 6) == 0) << 30;           /* SRC_ALPHA_0_NO_READ */
    v |= pick(e, 2, 1, (e >> 4) & 1, rnd(g, 6) == 0) << 31;           /* SRC_ALPHA_1_NO_READ */
    if (rnd(g, 8) == 0)
        v |= word(g) & 0x00C08FC0u;                                   /* bits it does not have */
    return v;
}

static uint32_t cctl(gen *g, unsigned e)
{
    uint32_t v = word(g) & 0xFFFF8F9Fu & ~(3u << 5);                  /* ignored bits, random */
    if (rnd(g, 2))
        v = 0;
    v |= pick(e, 4, 3, 1, rnd(g, 3) ? 0 : rnd(g, 4)) << 5;            /* NUM_MULTIWRITES */
    v |= pick(e, 2, 1, (e >> 2) & 1, rnd(g, 2)) << 12;                /* INDEPENDENT_COLOR_CHANNEL_MASK_ENABLE */
    v |= pick(e, 2, 1, (e >> 3) & 1, rnd(g, 2)) << 14;                /* INDEPENDENT_COLORFORMAT_ENABLE */
    return v;
}

static uint32_t chmask(gen *g, unsigned e)
{
    if (e < SWEEP)                       /* every bit 0 and 1: each MRT nibble walks 0..15 */
        return (e * 7 % 16) | (e * 11 % 16) << 4 | (e * 13 % 16) << 8 | ((e * 5 + 3) % 16) << 12 |
               (rnd(g, 8) ? 0 : word(g) & 0xFFFF0000u);
    return rnd(g, 3) ? 0xFFFF : (rnd(g, 2) ? word(g) & 0xFFFF : 0xFFFF & ~(1u << rnd(g, 16)));
}

/* A supported format, mostly. */
static unsigned format(gen *g)
{
    static const unsigned char sup[] = { 3, 4, 5, 6, 6, 6, 9, 10, 10, 15 };
    return rnd(g, 12) ? sup[rnd(g, sizeof sup)] : rnd(g, 16);
}

/* Program buffer n: offset and pitch register. */
static void program_cb(gen *g, unsigned n, unsigned e)
{
    unsigned fmt = pick(e, 16, 5, n, format(g));
    unsigned tile = pick(e, 2, 1, n & 1, rnd(g, 2));
    unsigned micro = pick(e, 4, 3, n, rnd(g, 6) ? rnd(g, 3) : 3);
    unsigned endian = pick(e, 4, 1, n + 1, rnd(g, 3) ? 0 : rnd(g, 4));
    uint32_t px;
    switch (rnd(g, 16)) {
    case 0: px = 0; break;
    case 1: px = rnd(g, 0x4000); break;
    case 2: case 3: px = 2 + 2 * rnd(g, 256); break;
    default: px = 2 + 2 * rnd(g, 64); break;
    }
    uint32_t p = (px & 0x3FFE) | tile << 16 | micro << 17 | endian << 19 | fmt << 21;
    if (rnd(g, 4) == 0)
        p |= word(g) & 0xFE00C001u;                                   /* bits the block ignores */
    uint32_t off;
    if (rnd(g, 24) == 0)
        off = word(g);                                                /* anywhere */
    else
        off = REGION + (rnd(g, REGION_BYTES / 2048) << 11) + (tile && rnd(g, 8) ? 0 : rnd(g, 64) << 5);
    if (rnd(g, 4) == 0)
        off |= word(g) & 31;                                          /* ignored low bits */
    regw(g, RB3D_COLOROFFSET0 + 4 * n, off);
    regw(g, RB3D_COLORPITCH0 + 4 * n, p);
}

static void program(gen *g, unsigned e)
{
    int all = e < SWEEP || rnd(g, 8) == 0;
    if (all || rnd(g, 2))
        regw(g, RB3D_BLENDCNTL, blendcntl(g, e, 0));
    if (all || rnd(g, 3) == 0)
        regw(g, RB3D_ABLENDCNTL, blendcntl(g, e, 1));
    if (all || rnd(g, 4) == 0)
        regw(g, RB3D_CCTL, cctl(g, e));
    if (all || rnd(g, 4) == 0)
        regw(g, RB3D_COLOR_CHANNEL_MASK, chmask(g, e));
    if (all || rnd(g, 4) == 0)
        regw(g, RB3D_CONSTANT_COLOR, word(g));
    if (all || rnd(g, 4) == 0) {
        uint32_t en = pick(e, 2, 1, e >> 1 & 1, rnd(g, 3) == 0), rop = pick(e, 16, 3, 0, rnd(g, 16));
        regw(g, RB3D_ROPCNTL, en << 2 | rop << 8 | (rnd(g, 8) ? 0 : word(g) & 0xFFFFF0FBu));
    }
    if (all || rnd(g, 4) == 0) {
        uint32_t d = pick(e, 4, 1, 0, rnd(g, 4)), a = pick(e, 4, 3, 1, rnd(g, 4));
        regw(g, RB3D_DITHER_CTL, d | a << 2 | (rnd(g, 8) ? 0 : word(g) & ~15u));
    }
    if (all || rnd(g, 4) == 0) {
        uint32_t lte = rnd(g, 2) ? word(g) & 0x3F3F3F3Fu : word(g);
        uint32_t gte = rnd(g, 2) ? word(g) | 0xC0C0C0C0u : word(g);
        regw(g, RB3D_DISCARD_SRC_PIXEL_LTE_THRESHOLD, lte);
        regw(g, RB3D_DISCARD_SRC_PIXEL_GTE_THRESHOLD, gte);
    }
    for (unsigned n = 0; n < 4; n++)
        if (all || rnd(g, 3) == 0)
            program_cb(g, n, e);
    if (rnd(g, 6) == 0) {                                            /* writes the block ignores */
        uint32_t a = rnd(g, 2) ? (word(g) & 0xFFFF) : 0x4E00 + rnd(g, 0xB0);
        if (rb3d_reg_index(a) < 0) {
            rc_stim_regw(&g->s, R5XX_RB3D_CH_REGW, a, word(g));
        }
    }
}

/* A 16-bit channel value: 0, 1.0, 0.5, near a threshold byte, or random. */
static uint32_t channel(gen *g, uint32_t thr_byte)
{
    switch (rnd(g, 10)) {
    case 0: return 0;
    case 1: return 0xFFFF;
    case 2: return 0x8000;
    case 3: return (thr_byte * 257u + rnd(g, 3) - 1) & 0xFFFF;
    default: return rnd(g, 0x10000);
    }
}

static void fragment(gen *g, uint64_t stamp)
{
    unsigned mrt = rnd(g, 4);
    uint32_t pitch = rb3d_pitch(&g->regs, mrt) & 0x3FFE;
    int bpp = rb3d_fmt_bpp_log2(rb3d_pitch(&g->regs, mrt) >> 21 & 15);
    uint32_t bytes = 1u << (bpp < 0 ? 2 : bpp);
    uint32_t w = pitch ? pitch : 64, h = 65536u / (w * bytes);
    uint32_t x, y;
    if (h == 0)
        h = 1;
    if (h > 256)
        h = 256;
    if (g->hn && rnd(g, 10) < 4) {                                   /* a recent pixel again */
        unsigned i = rnd(g, g->hn < 4 ? g->hn : 4);
        x = g->hx[i];
        y = g->hy[i];
    } else if (rnd(g, 32) == 0) {
        x = rnd(g, 0x4000);                                          /* anywhere, even past the pitch */
        y = rnd(g, 0x4000);
    } else {
        x = rnd(g, w);
        y = rnd(g, h);
    }
    g->hx[g->hn % 4] = x;
    g->hy[g->hn % 4] = y;
    g->hn++;
    uint32_t t = rnd(g, 2) ? g->regs.r[RB3D_R_LTE] : g->regs.r[RB3D_R_GTE];
    uint64_t argb = 0;
    for (unsigned c = 0; c < 4; c++)
        argb |= (uint64_t)channel(g, (t >> (8 * c)) & 0xFF) << (16 * c);
    uint64_t v[4] = { mrt, x & 0x3FFF, y & 0x3FFF, argb };
    if (rc_vector_add_input(g->s.v, R5XX_RB3D_CH_FRAG, stamp, v))
        g->s.fail = 1;
}

/* Cycles the fragments of an epoch may take: 2 per memory request (back-pressure 0.5). */
static unsigned frag_cost(const rb3d_regs *r)
{
    unsigned rd = (r->r[RB3D_R_BLEND] & 1) || (rb3d_rop2(r) != 0xC && rb3d_rop2(r) != 0x3) ||
                  (r->r[RB3D_R_CHMASK] & 0xFFFF) != 0xFFFF;
    return rb3d_copies(r) * (rd ? 4 : 2);
}

int r5xx_rb3d_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen g;
    memset(&g, 0, sizeof g);
    rb3d_regs_reset(&g.regs);
    if (rc_stim_begin(&g.s, v, "r5xx.rb3d", seed, 0x72623364ull, count, 100000000, "fragments", err, errn))
        return -1;

    /* The colour region, random. */
    rc_stim_preload(&g.s, REGION, 0, 1, REGION_BYTES / 4, rc_stim_fill_word, &g.s);
    if (g.s.fail)
        return rc_stim_oom(&g.s, err, errn);

    g.s.t = 1;
    uint64_t done = 0;
    for (unsigned e = 0; done < count; e++) {
        program(&g, e);
        unsigned nf = e < SWEEP ? 8 + rnd(&g, 24) : 1 + rnd(&g, rnd(&g, 8) ? 48 : 400);
        if (nf > count - done)
            nf = (unsigned)(count - done);
        /* The first fragment waits for the writes, except sometimes: a deliberate race. */
        uint64_t first = rnd(&g, 16) ? g.s.t + g.s.nw + 1 : g.s.t;
        for (unsigned f = 0; f < nf; f++)
            fragment(&g, f == 0 ? first : 0);
        done += nf;
        g.s.t += g.s.nw + 2 + (uint64_t)nf * frag_cost(&g.regs) + 12 + rnd(&g, 8);
        g.s.nw = 0;
    }
    return rc_stim_end(&g.s, err, errn);
}
