/*
 * tx_stim.c - seeded random stimulus for r5xx.tx: epochs of sampler set-ups (one to four of the
 * 16 samplers and TX_ENABLE) followed by sample requests on them; memory preloaded with random
 * texel data.
 *
 * Coverage: the first 128 epochs sweep every texture format code (32, with TXFORMAT_MSB 0 and
 * sometimes 1), both wrap modes of each axis (8 each), MAG_FILTER and MIN_FILTER (4 each),
 * MACRO_TILE (2) and MICRO_TILE (4), each field on its own phase; later epochs draw them at
 * random, biased to the decoded formats and the point and linear filters.  Swizzles (SEL_* 0-7),
 * MC_ROUND, the border colour and the bits the block ignores are random every time.
 *
 * Sizes: widths and heights of 1 to 64 texels (powers of two and not), sometimes up to 4096;
 * TXPITCH_EN with a pitch of the width or more.  Coordinates by class: texel centres, texel
 * edges, uniform in [0, 1), just outside [0, 1], far outside (up to 2^30), texel units above
 * 1000 divided by the size (the Xv bicubic lookup), the specials (+-0, +-Inf, NaN, denormals,
 * +-1) and random bit patterns.
 *
 * Memory: four texture regions of 128 KB at 0x01000000 + k * 0x80000 (reads beyond a region
 * return 0 from the agent: deterministic on both sides).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r5xx_tx_ports.h"
#include "rc_stim.h"
#include "tx_math.h"

#define NREGION 4
#define REGION_BASE 0x01000000u
#define REGION_STRIDE 0x80000u
#define REGION_WORDS (128u * 1024 / 4)
#define NSWEEP 128

typedef struct gen {
    rc_stim s;                 /* the stream, the vector, the epoch's cycle and writes */
    r5xx_tx_regs regs;        /* what the block holds once the epoch's writes are in */
    unsigned used[4], nused;  /* the samplers programmed in this epoch */
    uint32_t *mem;            /* the preloaded regions (chroma keys are drawn from them) */
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }

static uint32_t fbits(float f) { return rc_stim_f32(f); }

static void regw(gen *g, uint32_t addr, uint32_t data)
{
    rc_stim_regw(&g->s, R5XX_TX_CH_REGW, addr, data);
    r5xx_tx_regs_write(&g->regs, addr, data);
}

static uint32_t size_field(gen *g)
{
    uint32_t r = rnd(g, 16);
    if (r < 6)
        return 1u << rnd(g, 7);               /* 1..64, powers of two */
    if (r < 14)
        return 1 + rnd(g, 64);
    return 1 + rnd(g, 4096);
}

static void sampler(gen *g, unsigned n, int sw, unsigned i)
{
    static const unsigned char decoded[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 20, 21,
                                             24, 25, 26, 27, 28, 29, 31 };
    unsigned fmt = sw ? i % 32 : (rnd(g, 8) ? decoded[rnd(g, sizeof decoded)] : rnd(g, 32));
    unsigned msb = sw ? (i / 32) % 4 == 3 : rnd(g, 32) == 0;
    if (!sw && rnd(g, 32) == 0) {             /* ATI1N (D22) */
        fmt = 5;
        msb = 1;
    }
    unsigned cs = sw ? i % 8 : rnd(g, 8), ct = sw ? (i / 8 + i) % 8 : rnd(g, 8);
    unsigned mag = sw ? (i / 3) % 4 : (rnd(g, 8) ? 1 + rnd(g, 2) : rnd(g, 4));
    unsigned min = sw ? (i / 5) % 4 : (rnd(g, 8) ? 1 + rnd(g, 2) : rnd(g, 4));
    unsigned macro = sw ? (i / 2) % 2 : rnd(g, 2);
    unsigned micro = sw ? (i / 7) % 4 : (rnd(g, 8) ? rnd(g, 3) : 3);
    uint32_t w = size_field(g), h = rnd(g, 4) ? size_field(g) : 1 + rnd(g, 8);
    if (w > 64 && h > 16)
        h = 1 + rnd(g, 16);                   /* keep the texture near its region */
    uint32_t f0 = ((w - 1) & 0x7FF) | ((h - 1) & 0x7FF) << 11;
    uint32_t f2 = ((w - 1) >> 11) << 15 | ((h - 1) >> 11) << 16 | msb << 14;
    if (rnd(g, 4) == 0) {                     /* TXPITCH_EN: the pitch in texels - 1 */
        f0 |= 1u << 31;
        f2 |= (w - 1 + (rnd(g, 2) ? 0 : rnd(g, 64))) & 0x3FFF;
    }
    if (rnd(g, 4) == 0)
        f0 |= word(g) & 0x7FC00000u;          /* TXDEPTH, NUM_LEVELS, PROJECTED: ignored */
    if (rnd(g, 4) == 0)
        f2 |= word(g) & 0xFFFC0000u;          /* SEL_FILTER4 and above: ignored */
    if (rnd(g, 4) == 0)
        f2 |= 1u << 17;                       /* POW2FIX2FLT (D20) */
    uint32_t f1 = fmt | (word(g) & 0x1FFFE0u);   /* SIGNED_COMP0-3, SEL_* 0-7 */
    if (rnd(g, 3) == 0)
        f1 &= ~0x1E0u;                        /* unsigned */
    if (rnd(g, 2) == 0)
        f1 |= word(g) & 0x01E00000u;          /* GAMMA, YUV_TO_RGB, SWAP_YUV */
    if (rnd(g, 3) == 0)
        f1 = (f1 & ~0x1FFE00u) | (rnd(g, 2) ? 0xA600u : 0x8600u);   /* ARGB / ABGR as XATI */
    if (rnd(g, 8) == 0)
        f1 |= word(g) & 0xF8000000u;          /* CACHE: ignored */
    if (rnd(g, 8) == 0)
        f1 |= (1 + rnd(g, 3)) << 25;          /* TEX_COORD_TYPE 3D, cube (D16, D17), reserved */
    if ((f1 >> 25 & 3) == 1 && rnd(g, 2))
        f0 = (f0 & ~(15u << 22)) | rnd(g, 5) << 22;   /* TXDEPTH: 1 to 16 slices */
    uint32_t fl0 = cs | ct << 3 | (word(g) & 7) << 6 | mag << 9 | min << 11 | rnd(g, 4) << 13 |
                   (word(g) & 0xFFFF8000u);
    if (rnd(g, 2))
        fl0 &= ~(15u << 17);                  /* MAX_MIP_LEVEL 0: from the finest level */
    uint32_t fl1 = word(g);
    if (rnd(g, 2))
        fl1 &= ~(0x3FFu << 3);                /* no LOD_BIAS */
    if (rnd(g, 4))
        fl1 &= ~3u;                           /* CHROMA_KEY_MODE 0; else 1-3 (D21) */
    if (rnd(g, 4) == 0) {                     /* mip levels */
        f0 = (f0 & ~(15u << 26)) | rnd(g, 13) << 26;
    }
    uint32_t base = REGION_BASE + REGION_STRIDE * rnd(g, NREGION);
    if (!macro || rnd(g, 8) == 0)
        base += 32 * rnd(g, 256);
    uint32_t off = base | macro << 2 | micro << 3 | (rnd(g, 4) ? 0 : word(g) & 3);
    regw(g, R5XX_TX_FILTER0_0 + 4 * n, fl0);
    regw(g, R5XX_TX_FILTER1_0 + 4 * n, fl1);
    regw(g, R5XX_TX_FORMAT0_0 + 4 * n, f0);
    regw(g, R5XX_TX_FORMAT1_0 + 4 * n, f1);
    regw(g, R5XX_TX_FORMAT2_0 + 4 * n, f2);
    regw(g, R5XX_TX_OFFSET_0 + 4 * n, off);
    regw(g, R5XX_TX_BORDER_COLOR_0 + 4 * n, rnd(g, 4) ? word(g) : 0);
    if (fl1 & 3) {                            /* D21: mostly the key of texel (0, 0): the texture's
                                                 first dword (requests often sample near it) */
        uint32_t rel = (base & ~31u) - REGION_BASE;
        uint32_t k = g->mem[rel / REGION_STRIDE * REGION_WORDS + rel % REGION_STRIDE / 4];
        regw(g, R5XX_TX_CHROMA_KEY_0 + 4 * n, rnd(g, 4) ? k : word(g));
    } else if (rnd(g, 4) == 0) {
        regw(g, R5XX_TX_CHROMA_KEY_0 + 4 * n, word(g));
    }
}

/* A coordinate for a texture of the given size, by class. */
static uint32_t coord(gen *g, uint32_t size)
{
    float sz = (float)size;
    switch (rnd(g, 16)) {
    case 0:
    case 1:
    case 2: return fbits(((float)rnd(g, size) + 0.5f) / sz);          /* texel centre */
    case 3:
    case 4: return fbits((float)rnd(g, size + 1) / sz);               /* texel edge */
    case 5:
    case 6:
    case 7: return fbits((float)rnd(g, 1u << 24) / 16777216.0f);      /* [0, 1) */
    case 8: return fbits(((float)rnd(g, 1u << 24) / 8388608.0f) - 0.5f);   /* [-0.5, 1.5) */
    case 9: return fbits(-(float)rnd(g, 1u << 24) / 16777216.0f);     /* (-1, 0] */
    case 10: {                                                         /* far outside */
        float f = (float)(word(g) & 0x3FFFFFFF) / (float)(1u << rnd(g, 24));
        return fbits(rnd(g, 2) ? -f : f);
    }
    case 11: return fbits((1000.0f + (float)rnd(g, 4096) + (float)rnd(g, 256) / 256.0f) / sz);
    case 12: {                                                         /* specials */
        static const uint32_t sp[] = { 0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                       0xFFFFFFFFu, 0x7F800001u, 0x00000001u, 0x807FFFFFu, 0x3F800000u,
                                       0xBF800000u, 0x3F7FFFFFu, 0x33800000u, 0xB3800000u, 0x4B000000u,
                                       0x7F7FFFFFu };
        return sp[rnd(g, sizeof sp / sizeof sp[0])];
    }
    case 13: return word(g);
    default: {                                                         /* near a texel edge */
        uint32_t u = fbits((float)rnd(g, size + 1) / sz);
        return u + rnd(g, 5) - 2;
    }
    }
}

/* D24: one derivative of a coordinate on a texture axis of `size` texels: mostly 1/64 to 2^10
 * texels a pixel step (either sign), sometimes zero, an infinity, a NaN, a denormal, any bits. */
static uint32_t deriv(gen *g, uint32_t size)
{
    switch (rnd(g, 16)) {
    case 0: return rnd(g, 2) ? 0 : 0x80000000u;
    case 1: return rnd(g, 2) ? 0x7F800000u : 0xFF800000u;
    case 2: return 0x7FC00000u;
    case 3: return 1 + rnd(g, 0x7FFFFF);
    case 4: return word(g);
    default: {
        float texels = (float)(1u << rnd(g, 17)) / 64.0f * (1.0f + (float)rnd(g, 256) / 256.0f);
        return fbits((rnd(g, 4) ? 1.0f : -1.0f) * texels / (float)size);
    }
    }
}

static int requests(gen *g, unsigned nr)
{
    uint64_t first = rnd(g, 16) ? g->s.t + g->s.nw : g->s.t;   /* sometimes racing the writes */
    for (unsigned k = 0; k < nr; k++) {
        unsigned n = g->nused && rnd(g, 16) ? g->used[rnd(g, g->nused)] : rnd(g, 16);
        uint32_t w = r5xx_tx_width(g->regs.format0[n], g->regs.format2[n]);
        uint32_t h = r5xx_tx_height(g->regs.format0[n], g->regs.format2[n]);
        uint32_t lod;
        switch (rnd(g, 8)) {
        case 6:
        case 7: lod = fbits((float)rnd(g, 2048) / 256.0f - 2.0f); break;   /* -2 .. 6 levels */
        case 0: lod = 0; break;
        case 1: lod = 0x3F800000u; break;
        case 2: lod = 0xBF800000u; break;
        case 3: lod = 0x7FC00000u; break;
        default: lod = word(g); break;
        }
        uint32_t dl = (g->regs.format0[n] >> 22) & 15;
        uint32_t d = 1u << (dl > 12 ? 12 : dl);
        uint64_t v[12] = { n, coord(g, w), coord(g, h), rnd(g, 4) ? coord(g, d) : word(g), lod, rnd(g, 4), rnd(g, 4),
                           0, 0, 0, 0, 0 };
        if ((g->regs.filter1[n] & 3) && rnd(g, 2)) {      /* D21: near texel (0, 0), the keyed one */
            v[1] = fbits(((float)rnd(g, 4) * 0.5f + 0.25f) / (float)w);
            v[2] = fbits(((float)rnd(g, 4) * 0.5f + 0.25f) / (float)h);
        }
        if ((g->regs.format1[n] >> 25 & 3) == 2 && rnd(g, 4)) {    /* D17: a direction */
            for (unsigned a = 1; a <= 3; a++)
                v[a] = fbits((float)rnd(g, 1u << 24) / 8388608.0f - 1.0f);
            if (rnd(g, 4) == 0)
                v[1 + rnd(g, 3)] = v[1 + rnd(g, 3)] ^ (rnd(g, 2) ? 0x80000000u : 0);   /* a tie */
            if (rnd(g, 8) == 0)
                v[1 + rnd(g, 3)] = rnd(g, 2) ? 0x7F800000u : 0x7FC00000u;
        }
        if (rnd(g, 3) == 0) {                 /* D24: derivatives, each axis its own scale */
            v[7] = 1;
            for (unsigned a = 0; a < 4; a++)
                v[8 + a] = deriv(g, a & 1 ? h : w);
        } else if (rnd(g, 8) == 0) {          /* grad 0: derivatives present and ignored */
            for (unsigned a = 0; a < 4; a++)
                v[8 + a] = word(g);
        }
        uint64_t at = k == 0 ? first : 0;
        if (k && rnd(g, 32) == 0)
            at = g->s.t + g->s.nw + 8u * k + rnd(g, 32);   /* a gap in the stream */
        if (rc_vector_add_input(g->s.v, R5XX_TX_CH_REQ, at, v))
            return -1;
    }
    return 0;
}

int r5xx_tx_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen g;
    memset(&g, 0, sizeof g);
    if (rc_stim_begin(&g.s, v, "r5xx.tx", seed, 0x74780000ull, count, 100000000, "requests", err, errn))
        return -1;
    uint32_t *words = malloc(NREGION * REGION_WORDS * sizeof *words);
    for (unsigned k = 0; k < NREGION && words; k++) {
        for (unsigned i = 0; i < REGION_WORDS; i++)
            words[k * REGION_WORDS + i] = word(&g);
        if (rc_vector_add_mem(v, REGION_BASE + REGION_STRIDE * k, words + k * REGION_WORDS, REGION_WORDS))
            g.s.fail = 1;
    }
    g.mem = words;
    if (!words || g.s.fail) {
        free(words);
        snprintf(err, errn, "r5xx.tx: out of memory");
        return -1;
    }

    uint64_t done = 0;
    unsigned sweep = 0;
    for (unsigned epoch = 0; done < count; epoch++) {
        int sw = epoch % 4 != 3 && sweep < NSWEEP;
        unsigned ns = sw ? 1 : 1 + rnd(&g, 4);
        g.nused = 0;
        for (unsigned k = 0; k < ns; k++) {
            unsigned n = rnd(&g, 16);
            sampler(&g, n, sw, sw ? sweep : 0);
            g.used[g.nused++] = n;
        }
        if (sw)
            sweep++;
        uint32_t en = g.regs.enable;
        for (unsigned k = 0; k < g.nused; k++)
            en |= 1u << g.used[k];
        if (rnd(&g, 8) == 0)
            en &= word(&g);                   /* some samplers disabled */
        if (rnd(&g, 4) == 0)
            en |= word(&g) & 0xFFFF0000u;     /* bits 31:16: ignored */
        regw(&g, R5XX_TX_ENABLE, en);
        if (rnd(&g, 8) == 0) {                /* writes the block ignores, or TX_FILTER4 */
            static const uint32_t ign[] = { 0x4100, 0x4110, 0x4108, 0x43FC, 0x4600, 0x4401, 0x4E28, 0x0000 };
            regw(&g, rnd(&g, 4) ? ign[rnd(&g, 8)] : word(&g) & 0xFFFF, word(&g));
        }
        unsigned nr = sw ? 8 + rnd(&g, 25) : 1 + rnd(&g, rnd(&g, 8) ? 64 : 256);
        if (nr > count - done)
            nr = (unsigned)(count - done);
        if (requests(&g, nr))
            g.s.fail = 1;
        done += nr;
        g.s.t += g.s.nw + 24u * nr + rnd(&g, 8);
        g.s.nw = 0;
    }
    free(words);
    return rc_stim_end(&g.s, err, errn);
}
