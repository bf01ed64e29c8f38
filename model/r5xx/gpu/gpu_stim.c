/*
 * gpu_stim.c - seeded random stimulus and pictures for r5xx.gpu.
 *
 * Stimulus: one PM4 ring at 0x00800000 started by the host (CP_RB_BASE, CP_RB_CNTL with
 * RB_NO_UPDATE, CP_RB_WPTR) that sets up the scratch write-back (by MMIO or in the ring: SCRATCH_ADDR 0x00700000,
 * SCRATCH_UMSK, sometimes ISYNC_CNTL.CPSCRATCH_IDLEGUI) and then mixes, between the 2D engine's
 * random packets (gfx2d_stim.c, every 2D opcode, skipped packets), 2D operations written as
 * registers the way xf86-video-ati writes them (DP_GUI_MASTER_CNTL, DP_BRUSH_FRGD_CLR,
 * DP_WRITE_MASK, DP_CNTL, DST/SRC_PITCH_OFFSET, SRC_Y_X, DST_Y_X, DST_HEIGHT_WIDTH; fills and
 * overlapping blits in any direction, 8/16/32 bpp, partial write masks), register traffic to the
 * other destinations (3D registers, RBBM, unknown addresses), Type-1 packets, 3D_CLEAR_ZMASK and
 * 3D_CLEAR_CMASK, fences (WAIT_UNTIL 2D|3D_IDLECLEAN, then SCRATCH_REGn = a sequence number),
 * and 3D draws on three paths: fixed (software TCL), the fixed vertex path with a random fragment
 * program, and a random vertex program through the clipper with a random fragment program that
 * samples textures preloaded at 0x00400000 (gfx3d_prog.h); it ends with a fence.  `count` is the
 * number of 2D packets.
 *
 * Pictures: the 2D destination surface the stream programmed last (its registers and packets
 * parsed back out of the ring and its first-level indirect buffers), drawn by gfx2d_images.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cp_stim.h"
#include "gfx3d_prog.h"
#include "gfx2d_stim.h"
#include "r5xx_gfx2d_ports.h"
#include "r5xx_gpu_ports.h"
#include "rc_mem.h"
#include "rc_rng.h"
#include "rc_vector.h"

int r5xx_gfx2d_render(uint32_t dst_po, uint32_t gui, uint32_t sc_br, const struct rc_memimg *mem, rc_image *out,
                      int max, char *err, size_t errn);

#define RING_BASE 0x00800000u
#define FENCE_BASE 0x00700000u

typedef struct ring {
    uint32_t *w;
    size_t n, cap;
    int fail;
    uint32_t pk_addr;          /* an open Type-0 packet to one data port (ONE_REG_WR), 0: none */
    size_t pk_at;              /* its header's index */
} ring;

static void put(ring *r, uint32_t d)
{
    r->pk_addr = 0;
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 4096;
        uint32_t *w = realloc(r->w, cap * sizeof *w);
        if (!w) {
            r->fail = 1;
            return;
        }
        r->w = w;
        r->cap = cap;
    }
    r->w[r->n++] = d;
}

static void put_dword(void *r, uint32_t d) { put(r, d); }

/* One register write as a Type-0 packet. */
static void reg(ring *r, uint32_t addr, uint32_t data)
{
    put(r, addr >> 2);
    put(r, data);
}

/* A register write of the programmable state (gfx3d_prog.h) as Mesa's r300 emits it: writes in a
 * row to one upload port (VAP_PVS_VECTOR_DATA 0x2204 / _128 0x2208, GA_US_VECTOR_DATA 0x4254)
 * go as one Type-0 packet with ONE_REG_WR (OUT_CS_ONE_REG + OUT_CS_TABLE), any other as its own. */
static void prog_reg(void *rp, uint32_t addr, uint32_t data)
{
    ring *r = rp;
    if (addr == r->pk_addr && !r->fail && (r->w[r->pk_at] >> 16 & 0x3FFF) < 0x3FFF) {
        r->w[r->pk_at] += 1u << 16;
        put(r, data);
        r->pk_addr = addr;
        return;
    }
    reg(r, addr, data);
    if (addr == 0x2204 || addr == 0x2208 || addr == 0x4254) {
        r->pk_at = r->n - 2;
        if (!r->fail)
            r->w[r->pk_at] |= 1u << 15;
        r->pk_addr = addr;
    }
}

static uint32_t rnd(rc_rng *g, uint32_t n) { return (uint32_t)rc_rng_below(g, n); }

/* A fill or a blit written as registers (xf86-video-ati RADEONPrepareSolid/Solid,
 * RADEONPrepareCopy/Copy): a surface of a gfx2d_stim.c region, 8/16/32 bpp, linear. */
static void reg_op(ring *r, rc_rng *g)
{
    static const unsigned types[3] = { 2, 4, 6 };
    unsigned type = types[rnd(g, 3)], bpp = type == 6 ? 4 : type == 4 ? 2 : 1;
    uint32_t po = (0x400u + 0x100u * rnd(g, 4)) | (4u + rnd(g, 4)) << 22;
    int blit = rnd(g, 2);
    unsigned rop = rnd(g, 4) ? (blit ? 0xCC : 0xF0) : rnd(g, 256);
    uint32_t gmc = 2u | (blit ? 1u | 15u << 4 | 2u << 24 : 13u << 4) | type << 8 | 3u << 12 | rop << 16 | 1u << 28;
    uint32_t mask = rnd(g, 3) ? 0xFFFFFFFFu : (uint32_t)rc_rng_next(g);
    if (rnd(g, 8) == 0)
        gmc |= 1u << 30;                               /* GMC_WR_MSK_DIS */
    unsigned dpc = rnd(g, 4);
    int32_t w = (int32_t)rnd(g, 24), h = (int32_t)rnd(g, 24);
    int32_t dx = (int32_t)rnd(g, 80) - 8, dy = (int32_t)rnd(g, 80) - 8;
    int32_t sx = dx + (int32_t)rnd(g, 9) - 4, sy = dy + (int32_t)rnd(g, 9) - 4;
    (void)bpp;
    reg(r, 0x146C, gmc);
    if (blit) {
        reg(r, 0x1428, po);
    } else {
        reg(r, 0x147C, (uint32_t)rc_rng_next(g));
    }
    reg(r, 0x16CC, mask);
    reg(r, 0x16C0, dpc);
    reg(r, 0x142C, po);
    if (blit)
        reg(r, 0x1434, (uint32_t)(sy & 0xFFFF) << 16 | (uint32_t)(sx & 0xFFFF));
    reg(r, 0x1438, (uint32_t)(dy & 0xFFFF) << 16 | (uint32_t)(dx & 0xFFFF));
    if (rnd(g, 4))
        reg(r, 0x143C, (uint32_t)h << 16 | (uint32_t)w);
    else
        reg(r, 0x1598, (uint32_t)w << 16 | (uint32_t)h);
}

/* Writes to the other destinations: 3D registers, RBBM, unknown addresses; Type-0 and Type-1. */
static void traffic(ring *r, rc_rng *g)
{
    /* 3D registers a draw's state block (draw3d) rewrites: random values never reach a draw */
    static const uint32_t addrs[] = { 0x4E00, 0x4E04, 0x4F00, 0x4F04, 0x4E0C, 0x43A8, 0x4E04, 0x4F04,
                                      0x0044, 0x172C, 0x1404, 0x0800, 0x3000, 0x6000 };
    unsigned k = rnd(g, 4);
    if (k == 0) {
        uint32_t a = addrs[rnd(g, sizeof addrs / sizeof addrs[0])], b = addrs[rnd(g, 8)];
        put(r, 1u << 30 | (b >> 2) << 11 | a >> 2);
        put(r, (uint32_t)rc_rng_next(g));
        put(r, (uint32_t)rc_rng_next(g));
        return;
    }
    uint32_t a = addrs[rnd(g, sizeof addrs / sizeof addrs[0])];
    unsigned n = 1 + rnd(g, 3);
    put(r, (n - 1) << 16 | a >> 2);
    for (unsigned i = 0; i < n; i++)
        put(r, (uint32_t)rc_rng_next(g));
}

static uint32_t f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* A 3D draw as Mesa r300 emits it (docs/blocks/r5xx.gpu.md, "Random stimulus"): the state block by
 * PACKET0s (the vertex path: PVS_BYPASS, or a vertex program and the clipper's state; VAP
 * stream and output format, raster, scissor, RS and the fragment program with its samplers, or
 * RS_COUNT 0; ZB and RB3D on a 64x64 ARGB8888
 * colour buffer at C3D and a Z24S8 depth buffer at Z3D, random Z function and write, blending
 * on or off, colour mask), then 1..3 draws: 3D_DRAW_IMMD_2 (vertices in the stream), or
 * 3D_LOAD_VBPNTR + 3D_DRAW_VBUF_2 / 3D_DRAW_INDX_2 (arrays at V3D, preloaded). */
#define C3D 0x01000000u
#define Z3D 0x02000000u
#define V3D 0x00300000u
#define V3D_N 16u
#define T3D 0x00400000u         /* texel regions (gfx3d_prog.h) */

static void draw3d(ring *r, rc_rng *g)
{
    /* the path: 0, 1 fixed (software TCL, the fixed fragment path); 2 the fixed vertex path and a
     * fragment program; 3 a vertex program (hardware TCL, the clipper) and a fragment program
     * sampling texture 0 at the coordinates the vertex program computes (gfx3d_prog.h) */
    unsigned path = rnd(g, 4);
    gfx3d_prog p = { .rng = g, .wr = prog_reg, .ctx = r, .tex_base = T3D };
    if (path == 3)
        gfx3d_prog_vertex(&p, 2, 1);
    else
        reg(r, 0x2140, 0x100);  /* VAP_CNTL_STATUS: PVS_BYPASS (software TCL, r5xx.gfx3d.md G6) */
    reg(r, 0x2150, 3 | (3 | 2 << 8 | 1 << 13) << 16);
    reg(r, 0x21E0, 0xF688F688);
    reg(r, 0x20B4, 8);
    reg(r, 0x2090, 3);
    reg(r, 0x2094, path == 3 ? 4 : 0);     /* VAP_OUT_VTX_FMT_1: texture 0, 4 components */
    if (path == 3)
        gfx3d_prog_clip(&p);
    else
        reg(r, 0x20B0, 0);
    reg(r, 0x4018, 1 << 16);
    reg(r, 0x428C, 1);
    reg(r, 0x4278, 2 | 2 << 2 | 3 << 16);
    reg(r, 0x42B8, 0);
    reg(r, 0x42C0, f32(16777215.0f));
    reg(r, 0x42C4, 0);
    reg(r, 0x43A8, 0x2DA49525);
    reg(r, 0x43E0, 0);
    reg(r, 0x43E4, 63 | 63 << 13);
    reg(r, 0x43D0, 0xFFFF);
    reg(r, 0x4074, 0);
    reg(r, 0x4320, 1 << 16);
    if (path >= 2)
        gfx3d_prog_fragment(&p, path == 3);
    else
        reg(r, 0x4300, 0);      /* RS_COUNT 0: the fixed fragment path */
    reg(r, 0x4BD4, 0);
    reg(r, 0x4F10, 2);
    reg(r, 0x4F20, Z3D);
    reg(r, 0x4F24, 64 | (rnd(g, 2) << 16));
    reg(r, 0x4E28, C3D);
    reg(r, 0x4E38, 64 | 6u << 21 | (rnd(g, 2) << 16));
    reg(r, 0x4E04, rnd(g, 2) ? (1 | 1 << 2 | 38u << 16 | 39u << 24) : 1 << 2);
    reg(r, 0x4E0C, rnd(g, 4) ? 0xF : rnd(g, 16));
    reg(r, 0x4F00, rnd(g, 4) ? 0x6 : 0x2);
    reg(r, 0x4F04, rnd(g, 8));
    for (unsigned d = 1 + rnd(g, 3); d > 0; d--) {
        unsigned k = rnd(g, 3), prim = rnd(g, 2) ? 4 : 5 + rnd(g, 2), n = 3 + rnd(g, 4);
        if (k == 0) {
            put(r, 3u << 30 | (8 * n) << 16 | 0x35u << 8);
            put(r, prim | 3u << 4 | n << 16);
            for (unsigned i = 0; i < n; i++) {
                put(r, f32((float)rnd(g, 72 * 16) / 16.0f - 4.0f));
                put(r, f32((float)rnd(g, 72 * 16) / 16.0f - 4.0f));
                put(r, f32((float)rnd(g, 1024) / 1024.0f));
                put(r, f32(1.0f));
                for (unsigned c = 0; c < 4; c++)
                    put(r, f32((float)rnd(g, 257) / 256.0f));
            }
            continue;
        }
        uint32_t first = rnd(g, V3D_N - n + 1);
        put(r, 3u << 30 | 3u << 16 | 0x2Fu << 8);                 /* 3D_LOAD_VBPNTR, 2 arrays */
        put(r, 2);
        put(r, 4 | 4 << 8 | 4 << 16 | 4u << 24);
        put(r, V3D + 16 * first);
        put(r, V3D + 0x400 + 16 * first);
        if (k == 1) {
            put(r, 3u << 30 | 0u << 16 | 0x34u << 8);             /* 3D_DRAW_VBUF_2 */
            put(r, prim | 2u << 4 | n << 16);
        } else {
            put(r, 3u << 30 | ((n + 1) / 2) << 16 | 0x36u << 8);  /* 3D_DRAW_INDX_2, 16-bit */
            put(r, prim | 1u << 4 | n << 16);
            for (unsigned i = 0; i < n; i += 2)
                put(r, rnd(g, V3D_N - first) | rnd(g, V3D_N - first) << 16);
        }
    }
}

/* The fence pattern of a driver (r100_fence_ring_emit): wait for idle, write the sequence number. */
static void fence(ring *r, rc_rng *g, uint32_t seq)
{
    reg(r, 0x1720, 1u << 16 | 1u << 17);
    reg(r, 0x15E0 + 4 * rnd(g, 8), seq);
}

int r5xx_gpu_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    rc_vector gv;
    rc_vector_init(&gv, &r5xx_gfx2d_block);
    if (r5xx_gfx2d_stimulus(&gv, seed, count, err, errn)) {
        rc_vector_free(&gv);
        return -1;
    }
    rc_rng g = rc_rng_make(seed, 0x67707531u);
    ring r = { 0 };
    int fail = 0;
    for (size_t i = 0; i < gv.nmem && !fail; i++)
        fail = rc_vector_add_mem(v, gv.mem[i].addr, gv.mem[i].words, gv.mem[i].nwords);
    /* the scratch set-up through the ring, or by MMIO as r100_cp_init does it (host writes
     * outside the CP's ring registers go to the backbone) */
    uint32_t umsk = rnd(&g, 4) ? 0xFF : (uint32_t)rc_rng_next(&g) & 0x300FF;
    uint64_t mm[][2] = { { 0x0774, FENCE_BASE }, { 0x0770, umsk }, { 0x16CC, 0xFFFFFFFFu } };
    if (rnd(&g, 2)) {
        for (unsigned k = 0; k < 3 && !fail; k++)
            fail = rc_vector_add_input(v, R5XX_GPU_CH_HOST, 0, mm[k]);
    } else {
        reg(&r, 0x0774, FENCE_BASE);
        reg(&r, 0x0770, umsk);
    }
    if (rnd(&g, 2))
        reg(&r, 0x1724, 1u << 5);
    /* the 3D path's vertex arrays (position, colour; FLOAT_4 each) */
    uint32_t va[2 * 4 * V3D_N];
    for (unsigned i = 0; i < V3D_N; i++) {
        va[4 * i] = f32((float)rnd(&g, 72 * 16) / 16.0f - 4.0f);
        va[4 * i + 1] = f32((float)rnd(&g, 72 * 16) / 16.0f - 4.0f);
        va[4 * i + 2] = f32((float)rnd(&g, 1024) / 1024.0f);
        va[4 * i + 3] = f32(1.0f);
        for (unsigned c = 0; c < 4; c++)
            va[4 * V3D_N + 4 * i + c] = f32((float)rnd(&g, 257) / 256.0f);
    }
    if (!fail)
        fail = rc_vector_add_mem(v, V3D, va, 4 * V3D_N) || rc_vector_add_mem(v, V3D + 0x400, va + 4 * V3D_N, 4 * V3D_N);
    /* the fragment programs' texels (random words, one region a sampler) */
    uint32_t *tx = malloc(4 * GFX3D_PROG_TEX_WORDS);
    fail = fail || !tx;
    for (unsigned k = 0; k < GFX3D_PROG_NTEX && !fail; k++) {
        for (unsigned i = 0; i < GFX3D_PROG_TEX_WORDS; i++)
            tx[i] = (uint32_t)rc_rng_next(&g);
        fail = rc_vector_add_mem(v, T3D + 4 * GFX3D_PROG_TEX_WORDS * k, tx, GFX3D_PROG_TEX_WORDS);
    }
    free(tx);
    uint32_t seq = 1;
    const rc_txlist *pk = &gv.in[R5XX_GFX2D_CH_PKT];
    size_t bi = 0;
    for (size_t i = 0; i < pk->n; i++) {
        unsigned k = rnd(&g, 100);
        if (k < 15)
            reg_op(&r, &g);
        else if (k < 25)
            traffic(&r, &g);
        else if (k < 30)
            fence(&r, &g, seq++);
        else if (k < 40)
            draw3d(&r, &g);
        else if (k < 42) {
            put(&r, 3u << 30 | 2u << 16 | (rnd(&g, 2) ? 0x32u : 0x38u) << 8);
            put(&r, 0);
            put(&r, rnd(&g, 64));
            put(&r, (uint32_t)rc_rng_next(&g));
        }
        if (!r5xx_gfx2d_pm4(&gv, i, &bi, put_dword, &r))
            reg(&r, 0x1404, (uint32_t)i);                 /* DST_OFFSET: named, no effect */
    }
    fence(&r, &g, seq);
    unsigned bufsz = 2;
    while (bufsz < 22 && (1ull << (bufsz + 1)) <= r.n)
        bufsz++;
    fail = fail || r.fail || r.n >= (1u << 22);
    if (!fail)
        fail = rc_vector_add_mem(v, RING_BASE, r.w, r.n);
    uint64_t w[][2] = { { 0x700, RING_BASE }, { 0x704, bufsz | 1u << 27 }, { 0x714, r.n } };
    for (unsigned k = 0; k < 3 && !fail; k++)
        fail = rc_vector_add_input(v, R5XX_GPU_CH_HOST, 0, w[k]);
    free(r.w);
    rc_vector_free(&gv);
    if (fail) {
        snprintf(err, errn, "r5xx.gpu: out of memory or ring too large");
        return -1;
    }
    return 0;
}

/* ---- pictures ------------------------------------------------------------------------------- */

typedef struct walk {
    const rc_memimg *img;
    uint32_t dst_po, gui, sc_br, ib_base, ib_size;
    int any;
} walk;

static void regwr(walk *k, uint32_t a, uint32_t d)
{
    if (a == 0x142C) { k->dst_po = d; k->any = 1; }
    else if (a == 0x146C) k->gui = d;
    else if (a == 0x16F0) k->sc_br = d;
    else if (a == 0x738) k->ib_base = d & ~3u;
    else if (a == 0x73C) k->ib_size = d & 0x7FFFFF;
}

/* Walks n dwords of PM4 at base; level 0 follows indirect buffers one level down. */
static void walk_pm4(walk *k, uint32_t base, uint32_t n, int level)
{
    for (uint32_t p = 0; p < n;) {
        uint32_t hd = (uint32_t)rc_memimg_read(k->img, base + 4 * p, 4), type = hd >> 30, cnt = hd >> 16 & 0x3FFF;
        uint32_t nb = type == 2 ? 0 : type == 1 ? 2 : cnt + 1;
        uint32_t at = base + 4 * (p + 1);
        k->ib_size = 0;
        if (type == 0) {
            uint32_t idx = hd & 0x1FFF;
            for (uint32_t i = 0; i < nb; i++)
                regwr(k, 4 * ((hd >> 15 & 1) ? idx : idx + i), (uint32_t)rc_memimg_read(k->img, at + 4 * i, 4));
        } else if (type == 1) {
            regwr(k, 4 * (hd & 0x7FF), (uint32_t)rc_memimg_read(k->img, at, 4));
            regwr(k, 4 * (hd >> 11 & 0x7FF), (uint32_t)rc_memimg_read(k->img, at + 4, 4));
        } else if (type == 3 && (hd >> 8 & 0xF0) == 0x90 && nb) {
            uint32_t gw = (uint32_t)rc_memimg_read(k->img, at, 4), j = 1;
            k->gui = gw;
            if (gw & 1) j++;
            if (gw & 2 && j < nb) { k->dst_po = (uint32_t)rc_memimg_read(k->img, at + 4 * j, 4); j++; k->any = 1; }
            if (gw & 4) j++;
            if (gw & 8 && j + 1 < nb) k->sc_br = (uint32_t)rc_memimg_read(k->img, at + 4 * (j + 1), 4);
        }
        if (k->ib_size && level == 0) {
            uint32_t b = k->ib_base, s = k->ib_size;
            walk_pm4(k, b, s, 1);
        }
        p += 1 + nb;
    }
}

int r5xx_gpu_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max, char *err, size_t errn)
{
    uint32_t base, wptr;
    r5xx_cp_ring_of(&v->in[R5XX_GPU_CH_HOST], &base, &wptr);
    walk k = { mem, 0, 0, 0x1FFF1FFFu, 0, 0, 0 };
    walk_pm4(&k, base, wptr, 0);
    if (!k.any)
        return 0;
    return r5xx_gfx2d_render(k.dst_po, k.gui, k.sc_br, mem, out, max, err, errn);
}
