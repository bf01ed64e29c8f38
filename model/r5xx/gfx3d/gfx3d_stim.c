/*
 * gfx3d_stim.c - seeded random stimulus for r5xx.gfx3d: epochs of 3D state followed by draws,
 * all as register writes in the shape the CP emits them (docs/blocks/r5xx.gfx3d.md, "Stimulus").
 *
 * Surfaces: a 64x64 colour buffer at 0x01000000 (ARGB8888, RGB565 or ARGB4444; linear, micro-
 * or macro-tiled) and a 64x64 depth buffer at 0x02000000 (16-bit or Z24S8), both preloaded with
 * random words; vertex arrays at 0x00100000.  Every epoch draws state at random: Z function and
 * write, stencil, blend factors and functions, ROP, colour mask, cull mode, edge rules, subpixel
 * and rounding modes, shading and provoking vertex, scissor, clip rectangles and rule, alpha
 * test, point size and line width, colour format of the vertex (FLOAT_4 or D3DCOLOR), viewport
 * scale and offset.  Every draw picks a PRIM_TYPE (all of 1..15), a walk (embedded data, an
 * auto-indexed list, or 16- or 32-bit indices into the arrays) and 1..12 vertices, mostly on
 * the 64x64 screen, some off it, some on pixel centres and edges.  `count` is the number of draws.
 * The vertex path is the fixed pass-through or the PVS (a screen-space MAD pair, or a clip-space
 * transform with, half the time, random valid instructions); the fragment path is the fixed one
 * or, half the epochs, a random fragment program sampling two textures (gfx3d_prog.c) whose
 * texels are preloaded at 0x03000000.
 */
#include <stdio.h>
#include <string.h>

#include "gfx3d_prog.h"
#include "r5xx_gfx3d_ports.h"
#include "rc_rng.h"
#include "rc_vector.h"

#define CBUF 0x01000000u
#define ZBUF 0x02000000u
#define VBUF 0x00100000u
#define TBUF 0x03000000u         /* texel regions (gfx3d_prog.h) */
#define SIDE 64u
#define MAXV 12u

typedef struct gen {
    rc_rng rng;
    rc_vector *v;
    int fail;
    int d3dcolor;                   /* the vertex's colour is one D3DCOLOR dword (else FLOAT_4) */
    uint32_t vbuf;                  /* next free address for vertex arrays */
    int clipsp;                     /* this PVS epoch's program writes clip space (else screen) */
    gfx3d_prog prog;                /* programmable state through w() (gfx3d_prog.h) */
    rc_rng mrt;                     /* the render-target choices: a stream of their own, so the
                                       rest of the stimulus draws what it drew before MRT */
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return (uint32_t)rc_rng_below(&g->rng, n); }
static uint32_t word(gen *g) { return (uint32_t)rc_rng_next(&g->rng); }

static uint32_t f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static void w(gen *g, uint32_t addr, uint32_t data)
{
    uint64_t vals[2] = { addr, data };
    if (rc_vector_add_input(g->v, R5XX_GFX3D_CH_REGW, 0, vals))
        g->fail = 1;
}

static void wr(void *g, uint32_t addr, uint32_t data) { w(g, addr, data); }

/* A screen coordinate in pixels: mostly inside, on centres or edges sometimes, off-screen rarely. */
static float coord(gen *g)
{
    switch (rnd(g, 8)) {
    case 0: return (float)rnd(g, SIDE) + 0.5f;                      /* a pixel centre */
    case 1: return (float)rnd(g, SIDE + 1);                          /* a pixel edge */
    case 2: return (float)((int)rnd(g, 3 * SIDE) - (int)SIDE) + (float)rnd(g, 16) / 16.0f;
    default: return (float)rnd(g, SIDE * 16) / 16.0f + (float)rnd(g, 16) / 256.0f;
    }
}

/* One vertex as the dwords the PSC reads: position FLOAT_4, then the colour. */
static unsigned vertex(gen *g, uint32_t *out)
{
    out[0] = f32(coord(g));
    out[1] = f32(coord(g));
    out[2] = rnd(g, 8) ? f32((float)rnd(g, 1u << 20) / (float)(1u << 20)) : f32(rnd(g, 2) ? 1.0f : 0.0f);
    out[3] = f32(1.0f);
    if (g->d3dcolor) {
        out[4] = word(g);
        return 5;
    }
    for (unsigned c = 0; c < 4; c++)
        out[4 + c] = rnd(g, 16) ? f32((float)rnd(g, 1025) / 1024.0f) : f32((float)rnd(g, 3) - 0.5f);
    return 8;
}

/* The programmable path for an epoch (docs/blocks/r5xx.gfx3d.md "Stimulus"): PVS_BYPASS 0 and,
 * at random, one of two vertex programs with random constants:
 *  - screen space: out0 = in0 * c0 + c1 (a scale near 1 and a small offset), out1 = in2 * c2 + c3
 *    (the colour modulated); r5xx.clip is told the positions are final (clip_state: CLIP_DISABLE,
 *    VTE 0x300, as xf86-video-ati);
 *  - clip space (Mesa's hardware TCL): out0.x..w = dp4(in0, c0..c3), a matrix mapping the screen
 *    coordinates of the vertex to x, y in [-1, 1] for the screen, z = (2 + 0) pz - 1 + zoff,
 *    w = 1 + k pz (a perspective divide by k), then the same colour MAD from c4, c5 and, half the
 *    time, 0..8 random valid instructions (gfx3d_prog.h: r5xx.pvs's generator, writing
 *    temporaries, A0 and the colour); r5xx.clip clips (the near and far planes by zoff and k, x
 *    and y by the screen edges and the guard band, user plane 0 at random), divides and maps the
 *    64x64 viewport (clip_state). */
static void pvs_epoch(gen *g)
{
    static const float scale[4] = { 1.0f, 0.75f, 1.25f, 0.5f };
    g->clipsp = rnd(g, 2);
    if (g->clipsp) {
        gfx3d_prog_vertex(&g->prog, 1, rnd(g, 2));
        return;
    }
    w(g, 0x2140, 0);                                          /* PVS_BYPASS 0 */
    w(g, 0x2200, 0);
    const uint32_t prog[2][4] = {
        { gfx3d_pvs_dst(4, 2, 0, 0xF), gfx3d_pvs_src(1, 0), gfx3d_pvs_src(2, 0), gfx3d_pvs_src(2, 1) },
        { gfx3d_pvs_dst(4, 2, 1, 0xF), gfx3d_pvs_src(1, 2), gfx3d_pvs_src(2, 2), gfx3d_pvs_src(2, 3) },
    };
    for (unsigned i = 0; i < 2; i++)
        for (unsigned k = 0; k < 4; k++)
            w(g, 0x2204, prog[i][k]);
    w(g, 0x2200, 1024);
    float c[4][4] = {
        { scale[rnd(g, 4)], scale[rnd(g, 4)], 1.0f, 1.0f },
        { (float)rnd(g, 9) - 4.0f, (float)rnd(g, 9) - 4.0f, 0.0f, 0.0f },
        { (float)rnd(g, 5) / 4.0f, (float)rnd(g, 5) / 4.0f, (float)rnd(g, 5) / 4.0f, 1.0f },
        { (float)rnd(g, 3) / 8.0f, 0.0f, (float)rnd(g, 3) / 8.0f, 0.0f },
    };
    for (unsigned i = 0; i < 4; i++)
        for (unsigned k = 0; k < 4; k++)
            w(g, 0x2204, f32(c[i][k]));
    w(g, 0x22D0, 0u | 1u << 10 | 1u << 20);                   /* VAP_PVS_CODE_CNTL_0: 0..1 */
    w(g, 0x22D4, 255u << 16);                                 /* VAP_PVS_CONST_CNTL */
}

/* r5xx.clip's state for a PVS epoch (after the viewport writes of state(), which it overrides):
 * screen-space programs as xf86-video-ati (CLIP_DISABLE, guard band 1.0, VTE 0x300); clip-space
 * ones as Mesa's hardware TCL (docs/blocks/r5xx.clip.md D2): the guard band (clip adjust 1.0 or
 * 1.25, discard adjust 1.0, 1.5 or 4.0), the 64x64 viewport from 0x1D98, VTE 0x43F, user plane 0
 * (a, b, 0, d) through the loader's 128-bit port half the time, UCP_CULL_ONLY_ENA sometimes,
 * PS_UCP_MODE 3. */
static void clip_state(gen *g)
{
    if (!g->clipsp) {
        w(g, 0x221C, 1u << 16);
        for (uint32_t a = 0x2220; a <= 0x222C; a += 4)
            w(g, a, f32(1.0f));
        w(g, 0x20B0, 0x300);
        return;
    }
    gfx3d_prog_clip(&g->prog);
}

static void state(gen *g)
{
    /* the vertex path: the fixed pass-through (PVS_BYPASS 1, the drivers' software TCL) in
     * three epochs of four, else the PVS with a random program (r5xx.gfx3d.md "Stimulus") */
    int pvs = !rnd(g, 4);
    if (!pvs)
        w(g, 0x2140, 0x100);
    else
        pvs_epoch(g);
    /* VAP: position FLOAT_4 to location 0, colour 0 (FLOAT_4 or D3DCOLOR normalised) to 2. */
    g->d3dcolor = rnd(g, 2);
    uint32_t e1 = (g->d3dcolor ? 5u | 1u << 15 : 3u) | 2u << 8 | 1u << 13;
    w(g, 0x2150, 3u | 0u << 8 | e1 << 16);
    w(g, 0x21E0, 0xF688F688u);                                /* swizzle xyzw, all written */
    w(g, 0x20B4, g->d3dcolor ? 5 : 8);                         /* VAP_VTX_SIZE */
    w(g, 0x2090, 0x3);                                        /* VAP_OUT_VTX_FMT_0: POS, COLOR_0 */
    w(g, 0x2094, 0);
    if (rnd(g, 3) == 0) {                                     /* viewport scale and offset */
        w(g, 0x2098, f32(rnd(g, 2) ? 1.0f : 0.5f));
        w(g, 0x209C, f32((float)rnd(g, 9) - 4.0f));
        w(g, 0x20A0, f32(rnd(g, 2) ? 1.0f : 0.75f));
        w(g, 0x20A4, f32((float)rnd(g, 9) - 4.0f));
        w(g, 0x20A8, f32(0.5f));
        w(g, 0x20AC, f32(0.25f));
        w(g, 0x20B0, rnd(g, 64));
    } else {
        w(g, 0x20B0, 0);
    }
    if (pvs)
        clip_state(g);
    /* raster */
    w(g, 0x4018, rnd(g, 2) << 16);                            /* GB_TILE_CONFIG.SUBPIXEL */
    w(g, 0x428C, rnd(g, 2));                                  /* GA_ROUND_MODE */
    w(g, 0x4278, (1u + rnd(g, 2)) | (1u + rnd(g, 2)) << 2 | rnd(g, 4) << 16);
    w(g, 0x42B8, rnd(g, 4) ? rnd(g, 8) : 0);                  /* SU_CULL_MODE */
    w(g, 0x42C0, f32(16777215.0f));
    w(g, 0x42C4, 0);
    w(g, 0x42B4, rnd(g, 4) ? 0 : rnd(g, 8));
    w(g, 0x42A8, f32((float)rnd(g, 64) - 32.0f));
    w(g, 0x42B0, f32((float)rnd(g, 64) - 32.0f));
    w(g, 0x43A8, rnd(g, 4) ? 0x2DA49525u : word(g) & 0x3FFFFFFFu);
    w(g, 0x421C, rnd(g, 48) | rnd(g, 48) << 16);               /* GA_POINT_SIZE */
    w(g, 0x4234, rnd(g, 32));                                  /* GA_LINE_CNTL.WIDTH */
    uint32_t x0 = rnd(g, 4) ? 0 : rnd(g, SIDE), y0 = rnd(g, 4) ? 0 : rnd(g, SIDE);
    uint32_t x1 = rnd(g, 4) ? SIDE - 1 : x0 + rnd(g, SIDE), y1 = rnd(g, 4) ? SIDE - 1 : y0 + rnd(g, SIDE);
    w(g, 0x43E0, x0 | y0 << 13);
    w(g, 0x43E4, x1 | y1 << 13);
    for (unsigned n = 0; n < 4; n++) {
        uint32_t a = rnd(g, SIDE), b = rnd(g, SIDE);
        w(g, 0x43B0 + 8 * n, a | b << 13);
        w(g, 0x43B4 + 8 * n, (a + rnd(g, SIDE)) | (b + rnd(g, SIDE)) << 13);
    }
    w(g, 0x43D0, rnd(g, 3) ? 0xFFFF : word(g) & 0xFFFF);      /* SC_CLIP_RULE */
    w(g, 0x4074, 0);                                          /* RS_IP_0: colour 0, RGBA */
    w(g, 0x4320, 1u << 16);                                   /* RS_INST_0: COL_ID 0, COL_CN 1 */
    /* the fragment path: a random fragment program sampling textures with the colour as its
     * coordinates (gfx3d_prog.h) in half the epochs, else the fixed path (RS_COUNT 0) */
    int mrt = 0;
    if (rnd(g, 2) == 0) {
        gfx3d_prog_fragment(&g->prog, 0);
        /* multiple render targets (decision G3) in a third of these epochs: US_OUT_FMT_1..3 used
         * (C4_8, B G R A, as r300g's ARGB8888 surfaces; now and then one left UNUSED), so the
         * random programs' OUTs to targets 1-3 reach buffers 1-3 (the RB3D state below) */
        mrt = rc_rng_below(&g->mrt, 3) == 0;
        for (unsigned t = 1; mrt && t < 4; t++)
            w(g, 0x46A4 + 4 * t, rc_rng_below(&g->mrt, 4) ? 0x1B00u : 0x1B0Fu);
    } else {
        w(g, 0x4300, 0);
    }
    w(g, 0x4BD4, rnd(g, 3) ? 0 : (word(g) & 0x1FFF));         /* FG_ALPHA_FUNC */
    w(g, 0x4BE0, rnd(g, 1024));
    /* ZB */
    uint32_t zfmt = rnd(g, 2) ? 2 : 0;
    w(g, 0x4F10, zfmt);
    w(g, 0x4F20, ZBUF);
    w(g, 0x4F24, SIDE | (rnd(g, 2) << 16) | (rnd(g, 2) << 17));
    w(g, 0x4F00, rnd(g, 6) ? 0x6 | rnd(g, 2) : rnd(g, 128));   /* Z on, write on, stencil maybe */
    w(g, 0x4F04, (rnd(g, 4) ? 1 + rnd(g, 2) : rnd(g, 8)) | (word(g) & 0xFFFFF8u));
    w(g, 0x4F08, word(g) & 0xFFFFFF);
    /* RB3D */
    uint32_t cfmt = rnd(g, 4) ? 6 : rnd(g, 2) ? 4 : 15;
    w(g, 0x4E28, CBUF);
    w(g, 0x4E38, SIDE | cfmt << 21 | rnd(g, 2) << 16 | rnd(g, 2) << 17);
    for (unsigned n = 1; mrt && n < 4; n++) {                 /* buffers 1-3, linear, 256 KB apart */
        w(g, 0x4E28 + 4 * n, CBUF + 0x40000u * n);
        w(g, 0x4E38 + 4 * n, SIDE | 6u << 21);
    }
    static const uint32_t fac[] = { 1, 2, 5, 6, 38, 39, 3, 9 };
    uint32_t blend = rnd(g, 2) ? 1u | rnd(g, 8) << 12 | fac[rnd(g, 8)] << 16 | fac[rnd(g, 8)] << 24 : 0;
    w(g, 0x4E04, blend | 1u << 2);
    w(g, 0x4E08, 0);
    w(g, 0x4E0C, rnd(g, 4) ? 0xF : rnd(g, 16));
    w(g, 0x4E18, rnd(g, 5) ? 0 : 1u << 24 | rnd(g, 16) << 16);  /* RB3D_ROPCNTL */
    w(g, 0x4E10, word(g));                                    /* RB3D_CONSTANT_COLOR */
}

static void draw(gen *g)
{
    static const unsigned prims[] = { 1, 2, 3, 12, 4, 5, 6, 13, 14, 15, 7, 4, 6, 5, 13, 0, 8 };
    unsigned prim = prims[rnd(g, sizeof prims / sizeof prims[0])], n = 1 + rnd(g, MAXV);
    if (prim == 0)
        prim = 4;
    unsigned walk = 1 + rnd(g, 3), idx32 = rnd(g, 2);
    if (g->vbuf >= VBUF + 0x00F00000u)           /* the array region is used up: embedded data */
        walk = 3;
    uint32_t vd[MAXV][8];
    unsigned dw = 0;
    for (unsigned i = 0; i < n; i++)
        dw = vertex(g, vd[i]);
    if (walk == 3) {
        w(g, 0x2084, prim | 3u << 4 | n << 16);
        for (unsigned i = 0; i < n; i++)
            for (unsigned k = 0; k < dw; k++)
                w(g, 0x2000, vd[i][k]);
        return;
    }
    /* Arrays in memory: position (4 dwords) and colour as two arrays of n vertices. */
    uint32_t base = g->vbuf, pos[MAXV * 4], col[MAXV * 4];
    unsigned cc = dw - 4;
    for (unsigned i = 0; i < n; i++) {
        memcpy(&pos[4 * i], vd[i], 16);
        memcpy(&col[cc * i], &vd[i][4], 4 * cc);
    }
    if (rc_vector_add_mem(g->v, base, pos, 4 * n) || rc_vector_add_mem(g->v, base + 0x100, col, cc * n))
        g->fail = 1;
    g->vbuf += 0x200;
    w(g, 0x20C0, 2);                                          /* VAP_VTX_NUM_ARRAYS */
    w(g, 0x20C4, 4u | 4u << 8 | cc << 16 | cc << 24);         /* COUNT/STRIDE of arrays 0 and 1 */
    w(g, 0x20C8, base);
    w(g, 0x20CC, base + 0x100);
    w(g, 0x2084, prim | walk << 4 | idx32 << 11 | n << 16);
    if (walk == 1) {                                          /* indices: a permutation with repeats */
        uint32_t ix[MAXV];
        for (unsigned i = 0; i < n; i++)
            ix[i] = rnd(g, 4) ? i : rnd(g, n);
        if (idx32)
            for (unsigned i = 0; i < n; i++)
                w(g, 0x2040, ix[i]);
        else
            for (unsigned i = 0; i < n; i += 2)
                w(g, 0x2040, ix[i] | (i + 1 < n ? ix[i + 1] : 0) << 16);
    }
}

int r5xx_gfx3d_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    if (count == 0 || count > 10000000) {
        snprintf(err, errn, "r5xx.gfx3d: --count must be 1..10000000 draws");
        return -1;
    }
    gen g = { .rng = rc_rng_make(seed, 0x67337864ull), .v = v, .vbuf = VBUF,
              .mrt = rc_rng_make(seed, 0x6D727433ull) };
    g.prog = (gfx3d_prog){ .rng = &g.rng, .wr = wr, .ctx = &g, .tex_base = TBUF };
    uint32_t pre[SIDE * SIDE];
    for (unsigned i = 0; i < SIDE * SIDE; i++)
        pre[i] = word(&g);
    if (rc_vector_add_mem(v, CBUF, pre, SIDE * SIDE))
        g.fail = 1;
    for (unsigned i = 0; i < SIDE * SIDE; i++)
        pre[i] = word(&g);
    if (rc_vector_add_mem(v, ZBUF, pre, SIDE * SIDE))
        g.fail = 1;
    _Static_assert(GFX3D_PROG_TEX_WORDS <= SIDE * SIDE, "a texel region fits pre[]");
    for (unsigned k = 0; k < GFX3D_PROG_NTEX; k++) {             /* the texel regions */
        for (unsigned i = 0; i < GFX3D_PROG_TEX_WORDS; i++)
            pre[i] = word(&g);
        if (rc_vector_add_mem(v, TBUF + 4 * GFX3D_PROG_TEX_WORDS * k, pre, GFX3D_PROG_TEX_WORDS))
            g.fail = 1;
    }
    for (uint64_t d = 0; d < count && !g.fail; d++) {
        if (d % 4 == 0)
            state(&g);
        draw(&g);
    }
    if (g.fail) {
        snprintf(err, errn, "r5xx.gfx3d: out of memory");
        return -1;
    }
    return 0;
}
