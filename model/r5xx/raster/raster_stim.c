/*
 * raster_stim.c - seeded random stimulus for r5xx.raster: epochs of register set-ups followed by
 * one draw of output vertices (count = vertices).
 *
 * Coverage: every PRIM_TYPE 0..15 (the first 64 epochs sweep them, then at random); every
 * SC_EDGERULE field value (ER_TRI sweeps 0..31 over the first 32 epochs, the other fields are
 * random), SU_CULL_MODE 0..7, SUBPIXEL, GEOMETRY_ROUND 0..3, SC_CLIP_RULE (0xFFFF, 0xAAAA,
 * random), four random clip rectangles, the scissor (empty, small, at the screen's far edges),
 * GA_COLOR_CONTROL (every shading value and provoking vertex), VAP_OUT_VTX_FMT_0/1 (point size,
 * colours and textures present or not), RS_IP/RS_INST_0 (colour and texture paths, every
 * COL_FMT, pointers 62/63), FG_ALPHA_FUNC (all eight functions, 8- and 10-bit), depth
 * scale/offset, polygon offsets (constant and slope scales), ZB_FORMAT 0..3 and writes to addresses the block ignores;
 * after the first 64 epochs one in four on the quad path (RS_COUNT != 0, random RS_INST_COUNT and
 * RS_INST_1..15), slot 0's w mostly 1.0, sometimes another value or a special one.
 * Vertices: positions on pixel centres, on pixel edges, on subpixel multiples, random, degenerate
 * (repeated vertices, collinear), slivers, huge and off-screen, NaN, infinities and denormals (the
 * scissor is at most 64 x 64 pixels, so every walk stays bounded); depth and colours mostly in [0, 1], some
 * outside; sometimes a vertex with missing slots.
 *
 * Timing: an epoch's register writes are offered at its first cycle, its vertices from after
 * them; the next epoch starts after an estimate of the walk (r5xx_raster_setup on a shadow of
 * the registers, doubled for back-pressure), or, one epoch in eight, at once, so that register
 * writes race with the vertices of the draw before (both sides see the same race).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r5xx_raster_ports.h"
#include "raster_math.h"
#include "rc_stim.h"

typedef struct gen {
    rc_stim s;                 /* the stream, the vector, the epoch's cycle and writes */
    r5xx_raster_regs regs;    /* the registers once this epoch's writes are in */
    uint32_t sx, sy;          /* the scissor's top left corner */
    /* the shadow assembly state, to estimate the walk */
    unsigned n;
    r5xx_rvert F, P1, P2, P3;
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }

static uint32_t fbits(float f) { return rc_stim_f32(f); }

static void regw(gen *g, uint32_t addr, uint32_t data)
{
    rc_stim_regw(&g->s, R5XX_RASTER_CH_REGW, addr, data);
    r5xx_raster_regs_write(&g->regs, addr, data);
}

static uint32_t xy13(uint32_t x, uint32_t y)
{
    return (x & 0x1FFF) | (y & 0x1FFF) << 13;
}

static uint32_t special(gen *g)
{
    /* NaNs, infinities, denormals, -0, the largest and the smallest normals, tiny normals (below
     * every fixed-point conversion's resolution) and large ones (past a colour's or an offset's
     * integer range but short of the clamp) */
    static const uint32_t sp[] = { 0x7FC00000u, 0xFFC00000u, 0x7F800000u, 0xFF800000u, 0x00000001u,
                                   0x80000001u, 0x80000000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x00800000u,
                                   0x1E3CE508u, 0x9E3CE508u, 0x4B800000u, 0x47C35000u, 0xC7C35000u };
    return sp[rnd(g, sizeof sp / sizeof sp[0])];
}

static uint32_t unit(gen *g)
{
    switch (rnd(g, 16)) {
    case 0: return 0;
    case 1: return fbits(1.0f);
    case 2: return fbits(0.5f);
    case 3: return fbits(-0.25f - (float)rnd(g, 100) / 10.0f);
    case 4: return fbits(1.0f + (float)rnd(g, 1000) / 100.0f);
    case 5: return special(g);
    case 6: return fbits(((float)rnd(g, 65536) + 0.5f) / 65535.0f);     /* near a rounding tie */
    case 7: return fbits((rnd(g, 2) ? -1.0f : 1.0f) * (128.0f + (float)rnd(g, 1u << 20)));   /* large */
    default: return fbits((float)rnd(g, 1u << 24) / (float)(1u << 24));
    }
}

static void setup(gen *g, unsigned epoch)
{
    g->s.nw = 0;
    unsigned cols = rnd(g, 16), pt = rnd(g, 4) == 0;
    if (rnd(g, 4))
        cols |= 1;
    uint32_t fmt1 = 0;
    if (rnd(g, 3) == 0)
        for (unsigned n = 0; n < 8; n++)
            if (rnd(g, 3) == 0)
                fmt1 |= (1 + rnd(g, rnd(g, 8) ? 4 : 7)) << (3 * n);
    regw(g, R5XX_RS_VAP_OUT_VTX_FMT_0, 1u | cols << 1 | pt << 16);
    regw(g, R5XX_RS_VAP_OUT_VTX_FMT_1, fmt1);
    regw(g, R5XX_RS_GB_TILE_CONFIG, (word(g) & ~(1u << 16)) | rnd(g, 2) << 16);
    regw(g, R5XX_RS_GA_ROUND_MODE, word(g) & 0x3FF);
    if (rnd(g, 8)) {
        regw(g, R5XX_RS_GA_POINT_SIZE, (rnd(g, 8) ? rnd(g, 40) : 0) << 16 | (rnd(g, 8) ? rnd(g, 40) : rnd(g, 2)));
        regw(g, R5XX_RS_GA_LINE_CNTL, (rnd(g, 10) ? rnd(g, 30) : 0) | (word(g) & 0x70000));
    } else {                  /* the whole 16-bit ranges */
        regw(g, R5XX_RS_GA_POINT_SIZE, word(g));
        regw(g, R5XX_RS_GA_LINE_CNTL, word(g));
    }
    regw(g, R5XX_RS_GA_COLOR_CONTROL, word(g) & 0x3FFFF);
    uint32_t er = word(g) & 0x3FFFFFFF;
    if (epoch < 32)
        er = (er & ~31u) | epoch;
    else if (rnd(g, 3) == 0)
        er = 0x2DA49525u;     /* Mesa's value */
    regw(g, R5XX_RS_SC_EDGERULE, er);
    regw(g, R5XX_RS_SU_CULL_MODE, rnd(g, 8));
    /* scissor: empty, or at most 64 x 64 pixels, near the origin or at the far edge of the
     * screen, so that every walk, even of a huge primitive, is bounded: two walks of a vertex
     * stay inside the watchdog.  SC_SCISSOR0 is first set to (8191, 8191) so that a write racing
     * a draw never opens a large box (any intermediate box is at most one pixel wide or high). */
    regw(g, R5XX_RS_SC_SCISSOR0, xy13(8191, 8191));
    unsigned k = rnd(g, 16);
    if (k == 0) {
        g->sx = 20;
        g->sy = 20;
        regw(g, R5XX_RS_SC_SCISSOR1, xy13(10 + rnd(g, 10), 30));
        regw(g, R5XX_RS_SC_SCISSOR0, xy13(20, 20));
    } else {
        uint32_t w = 1 + rnd(g, rnd(g, 4) ? 40 : 64), h = 1 + rnd(g, rnd(g, 4) ? 40 : 64);
        uint32_t x0 = k == 1 ? 8192 - w : rnd(g, 24), y0 = k == 2 ? 8192 - h : rnd(g, 24);
        g->sx = x0;
        g->sy = y0;
        regw(g, R5XX_RS_SC_SCISSOR1, xy13(x0 + w - 1, y0 + h - 1));
        regw(g, R5XX_RS_SC_SCISSOR0, xy13(x0, y0));
    }
    for (unsigned n = 0; n < 4; n++) {
        uint32_t x0 = rnd(g, 48), y0 = rnd(g, 48);
        regw(g, R5XX_RS_SC_CLIP_0_A + 8 * n, xy13(x0, y0) | (word(g) & 0xFC000000u));
        regw(g, R5XX_RS_SC_CLIP_0_A + 8 * n + 4, xy13(x0 + rnd(g, 48), y0 + rnd(g, 48)));
    }
    k = rnd(g, 8);
    regw(g, R5XX_RS_SC_CLIP_RULE, k < 4 ? 0xFFFF : k < 6 ? 0xAAAA : word(g) & 0xFFFF);
    /* RS: the colour path with every COL_FMT, or the texture path with 62/63 pointers */
    for (unsigned i = 0; i < 16; i++) {
        uint32_t ip = 0;
        for (unsigned c = 0; c < 4; c++) {
            unsigned p = rnd(g, 4) == 0 ? 62 + rnd(g, 2) : rnd(g, rnd(g, 8) ? 12 : 64);
            ip |= p << (6 * c);
        }
        ip |= (rnd(g, 8) ? rnd(g, 4) : rnd(g, 8)) << 24;
        ip |= (rnd(g, 3) ? 0 : rnd(g, 16)) << 27;
        ip |= word(g) & 0x80000000u;
        if (i == 0 || rnd(g, 4))
            regw(g, R5XX_RS_RS_IP_0 + 4 * i, ip);
    }
    uint32_t inst = rnd(g, 16) | rnd(g, 2) << 4 | rnd(g, 16) << 12 | (rnd(g, 3) ? 1 : rnd(g, 4)) << 16;
    if (rnd(g, 4) == 0)
        inst = (inst & ~(3u << 16)) | 1u << 4;       /* the texture path */
    regw(g, R5XX_RS_RS_INST_0, inst | (word(g) & 0x07FE0FE0u));
    /* the quad path (RS_COUNT != 0) one epoch in four, after the first 64: RS_INST_COUNT mostly
     * small, the other instructions random (texture and colour writes, any register) */
    if (epoch >= 64 && rnd(g, 4) == 0) {
        regw(g, R5XX_RS_RS_COUNT, rnd(g, 2) ? (0x00040000u | rnd(g, 33) | rnd(g, 5) << 7) : word(g) | 1u);
        regw(g, R5XX_RS_RS_INST_COUNT, rnd(g, 4) ? rnd(g, 4) : word(g) & 0xFF);
        for (unsigned i = 1; i < 16; i++)
            if (rnd(g, 2))
                regw(g, R5XX_RS_RS_INST_0 + 4 * i, word(g) & (rnd(g, 8) ? 0x07FFFFFFu : 0xFFFFFFFFu));
        if (rnd(g, 4))            /* thin lines: quads covered on a diagonal only (coverage 6, 9) */
            regw(g, R5XX_RS_GA_LINE_CNTL, 1 + rnd(g, 6));
    } else if (rnd(g, 2)) {
        regw(g, R5XX_RS_RS_COUNT, 0);
    }
    /* alpha test */
    regw(g, R5XX_RS_FG_ALPHA_FUNC, rnd(g, 256) | rnd(g, 8) << 8 | (rnd(g, 3) ? 1u : 0) << 11 | rnd(g, 2) << 12 |
                                       (word(g) & 0x11330000u));
    regw(g, R5XX_RS_FG_ALPHA_VALUE, rnd(g, 2) ? rnd(g, 1024) : word(g) & 0xFFFF);
    /* depth */
    static const float sc[] = { 1.0f, 16777215.0f, 65535.0f, 0.5f, -1.0f, 3.0e7f };
    regw(g, R5XX_RS_SU_DEPTH_SCALE, rnd(g, 6) ? fbits(sc[rnd(g, 6)]) : rnd(g, 2) ? special(g) : word(g));
    regw(g, R5XX_RS_SU_DEPTH_OFFSET, rnd(g, 2) ? 0 : rnd(g, 4) ? fbits((float)rnd(g, 2000) - 1000.0f) : word(g));
    regw(g, R5XX_RS_SU_POLY_OFFSET_ENABLE, rnd(g, 8));
    regw(g, R5XX_RS_SU_POLY_OFFSET_FRONT_OFFSET, rnd(g, 4) ? fbits((float)rnd(g, 4000) - 2000.0f) : special(g));
    regw(g, R5XX_RS_SU_POLY_OFFSET_BACK_OFFSET, rnd(g, 4) ? fbits((float)rnd(g, 4000) - 2000.0f) : unit(g));
    static const float ps[] = { 0.0f, 1.0f, -1.0f, 0.5f, 16.0f, 1.0e-3f, 4096.0f, -3.5f };
    regw(g, R5XX_RS_SU_POLY_OFFSET_FRONT_SCALE, rnd(g, 6) ? fbits(ps[rnd(g, 8)]) : rnd(g, 2) ? special(g) : word(g));
    regw(g, R5XX_RS_SU_POLY_OFFSET_BACK_SCALE, rnd(g, 6) ? fbits(ps[rnd(g, 8)]) : rnd(g, 2) ? special(g) : word(g));
    regw(g, R5XX_RS_ZB_FORMAT, rnd(g, 4) | (word(g) & 0xF0));
    /* addresses the block ignores */
    unsigned ni = rnd(g, 3);
    for (unsigned i = 0; i < ni; i++)
        regw(g, rnd(g, 2) ? 0x2000 : (word(g) & 0xFFFC), word(g));
}

/* A coordinate in pixels, as binary32. */
static uint32_t coord(gen *g, float base, float span)
{
    unsigned S = (g->regs.tilecfg >> 16 & 1) ? 16 : 12;
    float p = base + (float)rnd(g, (uint32_t)span + 1);
    switch (rnd(g, 12)) {
    case 0: return fbits(p + 0.5f);                                   /* a pixel centre */
    case 1: return fbits(p);                                          /* a pixel edge */
    case 2: return fbits(p + (float)rnd(g, S) / (float)S);            /* a subpixel */
    case 3: return fbits(p + (float)rnd(g, 2 * S) / (float)(2 * S));  /* a half subpixel */
    case 4:
        return rnd(g, 3) ? fbits((rnd(g, 2) ? -1.0f : 1.0f) * (float)(1 + rnd(g, 1000000))) : special(g);
    case 5: {                 /* at the +-2^18 subpixel clamp, at 1/12 and 1/16 */
        static const float edge[] = { 16383.9375f, 16384.0f, 21845.25f, 21845.3f, 21845.34f, -16384.0f,
                                      -16384.0625f, -21845.33f, -21845.34f, 8191.5f, 8192.0f };
        return fbits(edge[rnd(g, sizeof edge / sizeof edge[0])]);
    }
    default: return fbits(p + (float)rnd(g, 1u << 20) / (float)(1u << 20));
    }
}

static uint64_t vertex(gen *g, unsigned prim, unsigned vi, int dlast, float bx, float by, float span,
                       const uint32_t *prev, uint32_t slots[16][4])
{
    unsigned cols = (g->regs.fmt0 >> 1) & 15, pt = g->regs.fmt0 >> 16 & 1, ntex = 0;
    for (unsigned n = 0; n < 8; n++)
        ntex += ((g->regs.fmt1 >> (3 * n)) & 7) != 0;
    unsigned nslot = 1 + pt + (unsigned)__builtin_popcount(cols) + ntex;
    if (rnd(g, 32) == 0)
        nslot = 1 + rnd(g, nslot);            /* missing slots */
    memset(slots, 0, 16 * 4 * sizeof(uint32_t));
    for (unsigned s = 0; s < nslot; s++) {
        uint32_t c[4];
        if (s == 0) {
            if (prev && rnd(g, 10) == 0) {
                c[0] = prev[0];                 /* a repeated vertex: degenerate */
                c[1] = prev[1];
            } else {
                c[0] = coord(g, bx, span);
                c[1] = coord(g, by, span);
            }
            c[2] = unit(g);
            /* slot 0's w (1/W for the quad path's perspective): mostly 1.0 */
            static const float ws[] = { 1.0f, 1.0f, 1.0f, 0.5f, 0.125f, 2.0f, 0.75f, 1.0e-3f };
            c[3] = rnd(g, 16) ? fbits(ws[rnd(g, 8)]) : special(g);
        } else {
            for (unsigned j = 0; j < 4; j++)
                c[j] = unit(g);
        }
        for (unsigned j = 0; j < 4; j++)
            slots[s][j] = c[j];
        unsigned wm = 15;
        uint64_t v[10] = { vi & 0xFFFF, s, c[0], c[1], c[2], c[3], wm, s + 1 == nslot, dlast && s + 1 == nslot, prim };
        uint64_t at = (vi == 0 && s == 0) ? g->s.t + g->s.nw + 1 : 0;
        if (rc_vector_add_input(g->s.v, R5XX_RASTER_CH_VTX, at, v))
            g->s.fail = 1;
    }
    return nslot;
}

/* The cycles the block will spend on a complete vertex without back-pressure. */
static uint64_t cost(gen *g, unsigned prim, int dlast, const uint32_t slots[16][4])
{
    r5xx_rvert N;
    r5xx_raster_vertex(&g->regs, slots, &N);
    r5xx_rasm a[2];
    int k = r5xx_raster_assemble(prim, g->n, dlast, a);
    uint64_t c = 1;
    for (int i = 0; i < k; i++) {
        r5xx_rvert v[3];
        for (int j = 0; j < 3; j++) {
            int r = a[i].ref[j];
            v[j] = r == R5XX_RV_P1 ? g->P1 : r == R5XX_RV_P2 ? g->P2 : r == R5XX_RV_P3 ? g->P3 : r == R5XX_RV_F ? g->F : N;
        }
        r5xx_rprim p;
        r5xx_raster_setup(&g->regs, a[i].kind, v, &p);
        c += 1;
        if (p.walk && p.qpath) {     /* at most every quad of the aligned box with every record */
            r5xx_rrec recs[32];
            uint64_t nq = (uint64_t)(((p.px1 & ~1) - (p.px0 & ~1)) / 2 + 1) *
                          (uint64_t)(((p.py1 & ~1) - (p.py0 & ~1)) / 2 + 1);
            c += nq * (uint64_t)r5xx_raster_records(&g->regs, recs);
        } else if (p.walk) {
            c += (uint64_t)(p.px1 - p.px0 + 1) * (uint64_t)(p.py1 - p.py0 + 1);
        }
    }
    if (g->n == 0)
        g->F = N;
    g->P3 = g->P2;
    g->P2 = g->P1;
    g->P1 = N;
    g->n = dlast ? 0 : g->n + 1;
    return c;
}

int r5xx_raster_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errn, "r5xx.raster: out of memory");
        return -1;
    }
    if (rc_stim_begin(&g->s, v, "r5xx.raster", seed, 0x72617374ull, count, 100000000, "vertices", err, errn)) {
        free(g);
        return -1;
    }
    r5xx_raster_regs_reset(&g->regs);
    uint64_t done = 0;
    for (unsigned epoch = 0; done < count && !g->s.fail; epoch++) {
        setup(g, epoch);
        unsigned prim = epoch < 64 ? epoch % 16 : rnd(g, 16);
        unsigned nv = 1 + rnd(g, rnd(g, 4) ? 8 : 24);
        if (nv > count - done)
            nv = (unsigned)(count - done);
        float span = rnd(g, 4) ? 40.0f : 110.0f;
        float bx = (float)g->sx - 8.0f, by = (float)g->sy - 8.0f;
        uint64_t cyc = g->s.nw + 1;
        uint32_t slots[16][4], prev[2] = { 0, 0 };
        g->n = 0;
        for (unsigned i = 0; i < nv; i++) {
            int dl = i + 1 == nv;
            cyc += vertex(g, prim, i, dl, bx, by, span, i ? prev : NULL, slots);
            prev[0] = slots[0][0];
            prev[1] = slots[0][1];
            cyc += cost(g, prim, dl, (const uint32_t(*)[4])slots);
        }
        done += nv;
        g->s.t += rnd(g, 8) == 0 ? g->s.nw + 1 : 2 * cyc + 8 + rnd(g, 8);
    }
    int rc = rc_stim_end(&g->s, err, errn);
    free(g);
    return rc;
}
