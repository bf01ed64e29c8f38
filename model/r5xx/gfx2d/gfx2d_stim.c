/*
 * gfx2d_stim.c - seeded random stimulus for r5xx.gfx2d: `count` packets as the CP emits them
 * (a `pkt` record and the body dwords).  2D packets PAINT, PAINT_MULTI, BITBLT, BITBLT_MULTI
 * with random GUI_CONTROL words (every optional SETUP_BODY dword, every brush type, the 8/16/32
 * bpp destination types, all ROP3 codes, PIX_ORDER, BRUSH_Y_X), scissors that cut, signed
 * coordinates partly off-surface, blits between and within surfaces (overlapping copies in all
 * four directions), every tiling mode; mixed with packets the engine skips (other Type-3
 * opcodes, NOPs, Type-0 records without a body, the not-yet-drawn 2D opcodes).
 *
 * Memory: four surface regions of 256 KB at 0x00100000 + k * 0x40000, the first 64 KB of each
 * preloaded with random words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfx2d_math.h"
#include "gfx2d_stim.h"
#include "r5xx_gfx2d_ports.h"
#include "rc_stim.h"

#define NREGION 4
#define REGION_KB 0x400u          /* 0x00100000 in 1 KB units */
#define REGION_STRIDE_KB 0x100u   /* 256 KB */
#define PRELOAD_WORDS (64u * 1024 / 4)

typedef struct gen {
    rc_stim s;                 /* the stream, the vector, the epoch's cycle and writes */
    uint32_t ptr;
    uint32_t body[64 + 16 + 3 * 32];
    unsigned n;
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }

static void emit(gen *g, unsigned type, unsigned op, unsigned err)
{
    unsigned cnt = g->n ? g->n - 1 : 0;
    uint64_t f[6] = { 0, type, op, cnt, g->ptr & 0x7FFFFF, err };
    rc_stim_input(&g->s, R5XX_GFX2D_CH_PKT, f);      /* s.t stays 0: any cycle */
    for (unsigned i = 0; i < g->n; i++) {
        uint64_t b[2] = { g->body[i], i + 1 == g->n };
        rc_stim_input(&g->s, R5XX_GFX2D_CH_BODY, b);
    }
    g->ptr += 1 + g->n;
    g->n = 0;
}

static void put(gen *g, uint32_t d) { g->body[g->n++] = d; }

/* A signed coordinate as the packets carry it: bits 15:14 copies of bit 13. */
static uint32_t c16(int32_t v) { return (uint32_t)v & 0xFFFF; }
static int32_t coord(gen *g) { return (int32_t)rnd(g, 100) - 12; }
static uint32_t extent(gen *g) { return rnd(g, 8) ? rnd(g, 20) : rnd(g, 60); }

static uint32_t pitch_offset(gen *g)
{
    uint32_t pitch = 1u + rnd(g, 8);                      /* 64..512 bytes */
    uint32_t off = REGION_KB + REGION_STRIDE_KB * rnd(g, NREGION) + (rnd(g, 2) ? 0 : 2 * rnd(g, 8));
    return (rnd(g, 2) << 31) | (rnd(g, 2) << 30) | pitch << 22 | off;
}

static void packet(gen *g, int first)
{
    static const unsigned ops[] = { GFX2D_PAINT, GFX2D_PAINT_MULTI, GFX2D_BITBLT, GFX2D_BITBLT_MULTI };
    static const unsigned dtypes[] = { 2, 3, 4, 6, 7, 15, 8, 9 };
    static const unsigned btypes[] = { 0, 1, 13, 14, 15, 10, 6, 7 };
    static const unsigned src_types[] = { 0, 1, 3 };    /* HOSTDATA_BLT: mono opaque, transparent, colour */
    unsigned k = rnd(g, 30);
    if (k == 24) {                                   /* SET_SCISSORS */
        int32_t l = (int32_t)rnd(g, 40) - 8, t = (int32_t)rnd(g, 40) - 8;
        put(g, c16(t) << 16 | c16(l));
        put(g, c16(l + 1 + (int32_t)rnd(g, 90)) << 16 | c16(t + 1 + (int32_t)rnd(g, 90)));
        emit(g, 3, GFX2D_SET_SCISSORS, 0);
        return;
    }
    if (k == 25 || k == 26) {                        /* NEXTCHAR: the last settings and colours */
        uint32_t w = rnd(g, 24), h = rnd(g, 12), nw = (w * h + 31) / 32;
        put(g, c16(coord(g)) << 16 | c16(coord(g)));
        put(g, h << 16 | w);
        for (uint32_t i = 0; i < nw; i++)
            put(g, word(g));
        emit(g, 3, GFX2D_NEXTCHAR, 0);
        return;
    }
    if (k == 29) {                                   /* PLY_NEXTSCAN: the last settings */
        unsigned n = 1 + rnd(g, 4);
        put(g, rnd(g, 6) << 16 | c16(coord(g)));
        for (unsigned i = 0; i < n; i++) {
            int32_t x = coord(g);
            put(g, c16(x + (int32_t)rnd(g, 30)) << 16 | c16(x));
        }
        emit(g, 3, GFX2D_PLY_NEXTSCAN, 0);
        return;
    }
    if (k == 0) {                                    /* Type-0 register write: no body */
        g->n = 0;
        emit(g, 0, 0, 0);
        return;
    }
    if (k == 1) {                                    /* NOP: the CP sends no body */
        g->n = 0;
        emit(g, 3, GFX2D_NOP, 0);
        return;
    }
    if (k == 2) {                                    /* another engine's packet: skipped */
        unsigned nb = 1 + rnd(g, 5);
        for (unsigned i = 0; i < nb; i++)
            put(g, word(g));
        emit(g, 3, 0x2F, 0);
        return;
    }
    unsigned op = k == 27 || k == 28 ? GFX2D_POLYSCANLINES : k == 3 || k == 11 || k == 12 ? GFX2D_POLYLINE : k < 7 ? GFX2D_TRANS_BITBLT : k < 11 ? GFX2D_HOSTDATA_BLT : ops[rnd(g, 4)];
    unsigned dt = dtypes[rnd(g, 8)], bt = btypes[rnd(g, 8)];
    uint32_t gui = (rnd(g, 2) ? 1u : 0) | (first || rnd(g, 3) == 0 ? 2u : 0) | (rnd(g, 4) == 0 ? 4u : 0) |
                   (rnd(g, 3) == 0 ? 8u : 0) | bt << 4 | dt << 8 | 3u << 12 | rnd(g, 2) << 14 |
                   rnd(g, 256) << 16 | 2u << 24 | (rnd(g, 4) == 0 ? 1u << 31 : 0);
    if (op == GFX2D_HOSTDATA_BLT)
        gui = (gui & ~(3u << 12 | 7u << 24)) | src_types[rnd(g, 3)] << 12 | (3u + rnd(g, 2)) << 24;
    if (op == GFX2D_BITBLT || op == GFX2D_BITBLT_MULTI || op == GFX2D_TRANS_BITBLT)
        gui |= first ? 1u : 0;
    put(g, gui);
    if (gui & 1)
        put(g, pitch_offset(g));
    if (gui & 2)
        put(g, pitch_offset(g));
    if (gui & 4)
        put(g, (20 + rnd(g, 100)) << 16 | (20 + rnd(g, 100)));
    if (gui & 8) {
        int32_t l = (int32_t)rnd(g, 40) - 8, t = (int32_t)rnd(g, 40) - 8;
        put(g, c16(t) << 16 | c16(l));
        put(g, c16(l + 1 + (int32_t)rnd(g, 90)) << 16 | c16(t + 1 + (int32_t)rnd(g, 90)));
    }
    unsigned nb = gfx2d_brush_dwords(bt, gfx2d_bpp_log2(dt));
    for (unsigned i = 0; i < nb; i++)
        put(g, word(g));
    if (gui >> 31)
        put(g, word(g) & 0x1F1F1F);
    if (op == GFX2D_TRANS_BITBLT) {
        static const unsigned cs[] = { 0, 1, 4, 5, 7 }, cd[] = { 0, 1, 4, 5 };
        put(g, cs[rnd(g, 5)] | cd[rnd(g, 4)] << 8 | rnd(g, 4) << 24);
        put(g, word(g));
        put(g, word(g));
    }
    if (op == GFX2D_HOSTDATA_BLT) {
        put(g, word(g));
        put(g, word(g));
    }
    if (op == GFX2D_POLYSCANLINES) {                 /* SCAN_COUNT, then scans of 0..3 segments */
        unsigned ns = 1 + rnd(g, 3);
        put(g, ns);
        for (unsigned i = 0; i < ns; i++) {
            unsigned n = rnd(g, 4);
            put(g, n);
            put(g, rnd(g, 6) << 16 | c16(coord(g)));
            for (unsigned j = 0; j < n; j++) {
                int32_t x = coord(g);
                put(g, c16(x + (int32_t)rnd(g, 30) - 3) << 16 | c16(x));
            }
        }
        emit(g, 3, op, 0);
        return;
    }
    unsigned nrec = op == GFX2D_BITBLT || op == GFX2D_TRANS_BITBLT ? 1 : op == GFX2D_POLYLINE ? 1 + rnd(g, 6) : 1 + rnd(g, 3);
    for (unsigned r = 0; r < nrec; r++) {
        int32_t x = coord(g), y = coord(g);
        if (op == GFX2D_PAINT) {
            put(g, c16(y) << 16 | c16(x));
            put(g, c16(y + (int32_t)extent(g)) << 16 | c16(x + (int32_t)extent(g)));
        } else if (op == GFX2D_PAINT_MULTI) {
            put(g, c16(x) << 16 | c16(y));
            put(g, extent(g) << 16 | extent(g));
        } else if (op == GFX2D_HOSTDATA_BLT) {
            /* mono: one bit a pixel; colour (SRC_TYPE 3): 4 >> bpp pixels a dword (D25) */
            uint32_t w = rnd(g, 40), h = rnd(g, 20), per = (gui >> 12 & 3) == 3 ? 4u >> gfx2d_bpp_log2(dt) : 32u;
            uint32_t nw = (w * h + per - 1) / per;
            if (rnd(g, 6) == 0)
                nw = rnd(g, 4) ? nw + rnd(g, 3) : nw / 2;   /* too many or too few raster dwords */
            if (nw > 20)
                nw = 20;
            put(g, c16(y) << 16 | c16(x));
            put(g, h << 16 | w);
            put(g, nw);
            for (uint32_t i = 0; i < nw; i++)
                put(g, rnd(g, 4) ? word(g) : rnd(g, 2) ? 0 : 0xFFFFFFFFu);
        } else if (op == GFX2D_POLYLINE) {
            put(g, c16(y) << 16 | c16(x));
        } else {
            int32_t sx = rnd(g, 2) ? x + (int32_t)rnd(g, 9) - 4 : coord(g);
            int32_t sy = rnd(g, 2) ? y + (int32_t)rnd(g, 9) - 4 : coord(g);
            put(g, c16(sx) << 16 | c16(sy));
            put(g, c16(x) << 16 | c16(y));
            put(g, extent(g) << 16 | extent(g));
        }
    }
    emit(g, 3, op, 0);
}

int r5xx_gfx2d_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen g;
    memset(&g, 0, sizeof g);
    if (rc_stim_begin(&g.s, v, "r5xx.gfx2d", seed, 0x32440000ull, count, 10000000, "packets", err, errn))
        return -1;
    rc_stim_preload(&g.s, REGION_KB << 10, REGION_STRIDE_KB << 10, NREGION, PRELOAD_WORDS, rc_stim_fill_word, &g.s);
    for (uint64_t i = 0; i < count && !g.s.fail; i++)
        packet(&g, i == 0);
    return rc_stim_end(&g.s, err, errn);
}

/* ---- the packets as PM4 Type-3 packets (r5xx.pm4_2d and r5xx.gpu put them into their rings) ---- */

int r5xx_gfx2d_pm4(const rc_vector *v, size_t i, size_t *bi, void (*put)(void *ctx, uint32_t d), void *ctx)
{
    const rc_txlist *pk = &v->in[R5XX_GFX2D_CH_PKT], *bd = &v->in[R5XX_GFX2D_CH_BODY];
    const uint64_t *f = &pk->vals[i * pk->nf];
    unsigned type = (unsigned)f[1], op = (unsigned)f[2];
    if (type == 0)
        return 0;
    size_t start = *bi, nb = 0;
    if (op != 0x10) {                                      /* a body up to its last beat */
        while (*bi < bd->n && !bd->vals[*bi * bd->nf + 1])
            (*bi)++;
        (*bi)++;
        nb = *bi - start;
    }
    put(ctx, 3u << 30 | (uint32_t)(nb ? nb - 1 : 0) << 16 | op << 8);
    if (!nb)
        put(ctx, 0);                                       /* NOP: COUNT 0, one dword */
    for (size_t k = 0; k < nb; k++)
        put(ctx, (uint32_t)bd->vals[(start + k) * bd->nf]);
    return 1;
}
