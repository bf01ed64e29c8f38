/*
 * tile_stim.c - seeded random stimulus for r5xx.tile: epochs of surface register writes
 * followed by fragments on the surfaces just programmed (and sometimes on any surface code).
 *
 * Coverage: two epochs in three take the next entry of a sweep over every enumerated value of
 * the fields the block uses - RB3D_COLORPITCHn COLORFORMAT x COLORTILE x COLORMICROTILE (128),
 * ZB_FORMAT DEPTHFORMAT x DEPTHMACROTILE x DEPTHMICROTILE (128), TX TXFORMAT x TXFORMAT_MSB x
 * MACRO_TILE x MICRO_TILE x TXPITCH_EN (1,024) - so about 25,000 fragments visit all of them;
 * the other epochs draw the fields at random.  Pitches, offsets (2 KB aligned or not, near the
 * top of the address space), the ignored bits (endian swaps, unused bits) and coordinates (0,
 * the pitch and its neighbours, tile edges, 16383) are random too.  Register writes are stamped
 * to land before the epoch's first fragment; under heavy back-pressure later writes overtake
 * earlier fragments, which is legal (docs/blocks/r5xx.tile.md) and exercised on purpose.
 */
#include <stdio.h>
#include <string.h>

#include "r5xx_tile_ports.h"
#include "rc_stim.h"
#include "tile_addr.h"
#include "tile_model.h"

typedef struct gen {
    rc_stim s;                 /* the stream, the vector, the epoch's cycle and writes */
    r5xx_tile_regs regs;       /* what the block will hold once this epoch's writes are in */
    unsigned sweep;            /* next sweep entry */
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }

static void regw(gen *g, uint32_t addr, uint32_t data)
{
    rc_stim_regw(&g->s, R5XX_TILE_CH_REGW, addr, data);
    r5xx_tile_regs_write(&g->regs, addr, data);
}

/* A base address: random, mostly 2 KB aligned when macro-tiled, sometimes near 2^32. */
static uint32_t offset(gen *g, unsigned macro)
{
    uint32_t a = word(g);
    if (rnd(g, 8) == 0)
        a = 0xFFFFFFFFu - rnd(g, 1u << 20);
    if (macro && rnd(g, 10))
        a &= ~0x7FFu;
    return a;
}

/* A pitch in pixels below 'limit': tile multiples, small, random, rarely 0, or the maximum. */
static uint32_t pitch_px(gen *g, uint32_t limit)
{
    switch (rnd(g, 32)) {
    case 0: return 0;
    case 1:
    case 2: return limit - 1;
    case 3:
    case 4:
    case 5:
    case 6: return rnd(g, 64);
    case 7:
    case 8:
    case 9:
    case 10: return rnd(g, 512);
    case 11:
    case 12:
    case 13:
    case 14: return (1 + rnd(g, 16)) * 64;
    default: return rnd(g, limit);
    }
}

/* A micro-tile mode: mostly one that exists for the pixel size (bpp_log2 < 0: no such
 * format), sometimes any of the four codes. */
static unsigned micro_mode(gen *g, int bpp_log2)
{
    if (rnd(g, 8) == 0)
        return rnd(g, 4);
    for (;;) {
        unsigned m = rnd(g, 3);
        if (m == 0 || (m == 1 && bpp_log2 < 4) || (m == 2 && bpp_log2 == 1))
            return m;
    }
}

static void program_cb(gen *g, unsigned n, int sw, unsigned idx)
{
    unsigned fmt = sw ? idx & 15 : rnd(g, 16);
    unsigned tile = sw ? (idx >> 4) & 1 : rnd(g, 2);
    unsigned micro = sw ? (idx >> 5) & 3 : micro_mode(g, r5xx_colorformat_bpp_log2(fmt));
    uint32_t p = (pitch_px(g, 0x4000) & 0x3FFE) | (tile << 16) | (micro << 17) | (rnd(g, 4) << 19) | (fmt << 21);
    if (rnd(g, 4) == 0)
        p |= word(g) & 0xFE00C001u;                  /* bits the block ignores */
    regw(g, R5XX_RB3D_COLOROFFSET0 + 4 * n, offset(g, tile));
    regw(g, R5XX_RB3D_COLORPITCH0 + 4 * n, p);
}

static void program_zb(gen *g, int sw, unsigned idx)
{
    unsigned fmt = sw ? idx & 15 : (rnd(g, 5) ? rnd(g, 3) : rnd(g, 16));
    unsigned macro = sw ? (idx >> 4) & 1 : rnd(g, 2);
    unsigned micro = sw ? (idx >> 5) & 3 : micro_mode(g, r5xx_depthformat_bpp_log2(fmt));
    uint32_t p = (pitch_px(g, 0x4000) & 0x3FFC) | (macro << 16) | (micro << 17) | (rnd(g, 4) << 19);
    if (rnd(g, 4) == 0)
        p |= word(g) & 0xFFE0C003u;
    regw(g, R5XX_ZB_DEPTHOFFSET, offset(g, macro));
    regw(g, R5XX_ZB_DEPTHPITCH, p);
    regw(g, R5XX_ZB_FORMAT, fmt | (rnd(g, 4) == 0 ? word(g) & ~15u : 0));
}

static void program_tx(gen *g, unsigned m, int sw, unsigned idx)
{
    unsigned msb = sw ? (idx >> 5) & 1 : rnd(g, 8) == 0;
    unsigned fmt = sw ? idx & 31 : msb && rnd(g, 4) ? 2 + rnd(g, 3) : rnd(g, 32);
    unsigned macro = sw ? (idx >> 6) & 1 : rnd(g, 2);
    unsigned micro = sw ? (idx >> 7) & 3 : micro_mode(g, r5xx_txformat_bpp_log2(fmt, msb));
    unsigned pen = sw ? (idx >> 9) & 1 : rnd(g, 2);
    uint32_t f0 = (word(g) & 0x7FFFFFFFu) | ((uint32_t)pen << 31);
    if (rnd(g, 2))
        f0 = (f0 & ~0x7FFu) | (pitch_px(g, 0x800) & 0x7FF);
    uint32_t f1 = (word(g) & ~31u) | fmt;
    uint32_t f2 = (word(g) & ~(1u << 14)) | (msb << 14);
    if (rnd(g, 2))
        f2 = (f2 & ~0x3FFFu) | (pitch_px(g, 0x4000) & 0x3FFF);
    uint32_t off = (offset(g, macro) & ~31u) | (word(g) & 3) | (macro << 2) | (micro << 3);
    regw(g, R5XX_TX_FORMAT0_0 + 4 * m, f0);
    regw(g, R5XX_TX_FORMAT1_0 + 4 * m, f1);
    regw(g, R5XX_TX_FORMAT2_0 + 4 * m, f2);
    regw(g, R5XX_TX_OFFSET_0 + 4 * m, off);
}

/* A coordinate of one axis: mostly inside 0..limit-1 (0, limit-1, tile edges and their
 * neighbours, random), sometimes at or beyond the limit, up to 16383. */
static uint32_t coord(gen *g, uint32_t limit, unsigned tile_log2)
{
    uint32_t c, tiles = (limit >> tile_log2) + 1;
    switch (rnd(g, 16)) {
    case 0: c = 0; break;
    case 1: c = 16383; break;
    case 2:
    case 3: c = limit ? limit - 1 : 0; break;
    case 4: c = limit; break;
    case 5:
    case 6:
    case 7:
    case 8: c = (rnd(g, tiles) << tile_log2) + rnd(g, 3) - 1; break;
    case 9: c = rnd(g, 16384); break;
    default: c = limit ? rnd(g, limit) : rnd(g, 64); break;
    }
    return c & 0x3FFF;
}

static int fragment(gen *g, uint64_t stamp, unsigned surf)
{
    r5xx_surface s = r5xx_tile_select(&g->regs, surf);
    unsigned tw, th;
    r5xx_tile_dims(s.bpp_log2, s.micro, s.macro, &tw, &th);
    uint64_t v[3] = { surf, coord(g, s.pitch, tw), coord(g, 1u << (th + 4), th) };
    return rc_vector_add_input(g->s.v, R5XX_TILE_CH_FRAG, stamp, v);
}

int r5xx_tile_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen g;
    memset(&g, 0, sizeof g);
    r5xx_tile_regs_reset(&g.regs);
    if (rc_stim_begin(&g.s, v, "r5xx.tile", seed, 0x74696C65ull, count, 100000000, "fragments", err, errn))
        return -1;

    /* Epoch 0: every surface programmed once. */
    for (unsigned n = 0; n < 4; n++)
        program_cb(&g, n, 0, 0);
    program_zb(&g, 0, 0);
    for (unsigned m = 0; m < 16; m++)
        program_tx(&g, m, 0, 0);

    uint64_t done = 0;
    for (unsigned epoch = 0; done < count; epoch++) {
        unsigned surfs[3], ns = 0;
        int sw = epoch % 3 != 0 && g.sweep < 1024;
        if (sw) {                                 /* one of each unit from the sweep */
            unsigned i = g.sweep++, n = rnd(&g, 4), m = rnd(&g, 16);
            program_cb(&g, n, 1, i & 127);
            program_zb(&g, 1, i & 127);
            program_tx(&g, m, 1, i);
            surfs[ns++] = n;
            surfs[ns++] = R5XX_TILE_SURF_ZB;
            surfs[ns++] = R5XX_TILE_SURF_TX0 + m;
        } else if (epoch > 0) {
            unsigned k = 1 + rnd(&g, 3);
            for (unsigned j = 0; j < k; j++) {
                uint32_t r = rnd(&g, 3);
                if (r == 0) {
                    unsigned n = rnd(&g, 4);
                    program_cb(&g, n, 0, 0);
                    surfs[ns++] = n;
                } else if (r == 1) {
                    program_zb(&g, 0, 0);
                    surfs[ns++] = R5XX_TILE_SURF_ZB;
                } else {
                    unsigned m = rnd(&g, 16);
                    program_tx(&g, m, 0, 0);
                    surfs[ns++] = R5XX_TILE_SURF_TX0 + m;
                }
            }
            if (rnd(&g, 4) == 0) {                /* writes the block must ignore */
                uint32_t a = rnd(&g, 3) ? (word(&g) & 0xFFFF) : (R5XX_RB3D_COLOROFFSET0 + rnd(&g, 32));
                if (rnd(&g, 2) == 0)
                    a = R5XX_TX_FORMAT0_0 + 1 + 4 * rnd(&g, 64);   /* not dword aligned */
                /* the shadow kept in step when the address happens to be a real register */
                regw(&g, a, word(&g));
            }
        }
        unsigned nf = sw ? 4 + rnd(&g, 5) : 1 + rnd(&g, rnd(&g, 8) ? 32 : 256);
        if (nf > count - done)
            nf = (unsigned)(count - done);
        /* The first fragment waits for the writes, except sometimes: a deliberate race. */
        uint64_t first = rnd(&g, 16) ? g.s.t + g.s.nw : g.s.t;
        for (unsigned f = 0; f < nf; f++) {
            unsigned surf;
            uint32_t r = rnd(&g, 100);
            if (ns && r < 70)
                surf = surfs[rnd(&g, ns)];
            else if (r < 96)
                surf = rnd(&g, 2) ? rnd(&g, 5) : R5XX_TILE_SURF_TX0 + rnd(&g, 16);
            else
                surf = rnd(&g, 32);
            if (fragment(&g, f == 0 ? first : 0, surf))
                g.s.fail = 1;
        }
        done += nf;
        g.s.t += g.s.nw + 2u * nf + rnd(&g, 4);
        g.s.nw = 0;
    }
    return rc_stim_end(&g.s, err, errn);
}
