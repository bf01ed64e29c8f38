/*
 * vap_stim.c - seeded random stimulus for r5xx.vap: epochs of register set-ups followed by one
 * draw with exactly the port dwords it expects (sometimes a few more, which the block drops).
 *
 * Coverage: the first 256 epochs sweep PRIM_TYPE (0..15) against PRIM_WALK (0..3) and the
 * DATA_TYPE of element 0 (0..15); every epoch draws the other fields at random: the 16 element
 * controls (types, SKIP_DWORDS, DST_VEC_LOC 0..31, LAST_VEC present or missing, SIGNED,
 * NORMALIZE), the three signed-normalise methods and the reserved one, swizzles with every
 * select 0..7 and random write enables, the output formats, the viewport (enables and values
 * from a palette of zeros, denormals, infinities, NaNs and large values), VC_SWAP, 16- and 32-bit
 * indices, dual-index mode, VAP_ALT_NUM_VERTICES, VAP_INDEX_OFFSET (negative too), min/max
 * clamps (crossed too), 0..16 arrays (and > 16) with random COUNT/STRIDE, sometimes as a
 * 3D_LOAD_VBPNTR burst at 0x20C0 + 4i, VAP_NO_RENDER, writes to ignored addresses and port
 * writes outside a draw.  Data dwords come from palettes of interesting floats, halves, bytes
 * and shorts.
 *
 * Memory: one 64 KB region at 0x00200000 preloaded with palette words; the arrays point into it
 * (a few far addresses read zeros).  count = the number of vertices drawn (about).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r5xx_vap_ports.h"
#include "rc_stim.h"
#include "vap_convert.h"
#include "vap_regs.h"

#define REGION 0x00200000u
#define REGION_WORDS (64u * 1024 / 4)
#define NSWEEP 256

typedef struct gen {
    rc_stim s;        /* s.t: a rough estimate of the current cycle (for the occasional gap) */
    vap_regs regs;
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }

static void regw(gen *g, uint32_t addr, uint32_t data)
{
    uint64_t v[2] = { addr & 0xFFFF, data };
    uint64_t at = 0;
    if (rnd(g, 256) == 0)
        at = g->s.t + rnd(g, 40);          /* a gap in the stream */
    if (rc_vector_add_input(g->s.v, R5XX_VAP_CH_REGW, at, v))
        g->s.fail = 1;
    vap_regs_write(&g->regs, addr, data);
    g->s.t++;
}

static uint32_t fpal(gen *g)
{
    static const uint32_t f[] = { 0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x3F000000, 0x00000001,
                                  0x807FFFFF, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000,
                                  0x7FC00000, 0xFFC00001, 0x7F800001, 0x43A00000, 0xC3700000, 0x4B000001,
                                  0x3EAAAAAB, 0x34000000 };
    if (rnd(g, 3) == 0)
        return f[rnd(g, sizeof f / sizeof f[0])];
    /* a random normal float of moderate size */
    return (word(g) & 0x807FFFFFu) | (uint32_t)(100 + rnd(g, 56)) << 23;
}

static uint32_t hpal(gen *g)
{
    static const uint16_t h[] = { 0x0000, 0x8000, 0x3C00, 0xBC00, 0x0001, 0x8001, 0x03FF, 0x0400, 0x7BFF,
                                  0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE00, 0x3555, 0x0200 };
    return rnd(g, 2) ? h[rnd(g, sizeof h / sizeof h[0])] : (word(g) & 0xFFFF);
}

static uint32_t spal(gen *g)
{
    static const uint16_t s[] = { 0x0000, 0xFFFF, 0x8000, 0x7FFF, 0x0001, 0x8001, 0x00FF, 0xFF80 };
    return rnd(g, 2) ? s[rnd(g, 8)] : (word(g) & 0xFFFF);
}

static uint32_t bpal(gen *g)
{
    static const uint8_t b[] = { 0x00, 0xFF, 0x80, 0x7F, 0x01, 0x81, 0xFE, 0x40 };
    return rnd(g, 2) ? b[rnd(g, 8)] : (word(g) & 0xFF);
}

/* A data dword: a float, two halves, four bytes, two shorts, or anything. */
static uint32_t dpal(gen *g)
{
    switch (rnd(g, 6)) {
    case 0: return fpal(g);
    case 1: return hpal(g) | hpal(g) << 16;
    case 2: return bpal(g) | bpal(g) << 8 | bpal(g) << 16 | bpal(g) << 24;
    case 3: return spal(g) | spal(g) << 16;
    case 4: return (word(g) & 0x3FFFFFFFu) | (rnd(g, 2) ? 0 : 0x3FFu << rnd(g, 3) * 10);
    default: return word(g);
    }
}

/* The element controls; returns the dwords the PSC takes per vertex. */
static unsigned psc_setup(gen *g, int sw, unsigned i)
{
    unsigned ne = rnd(g, 4) ? 1 + rnd(g, 6) : 1 + rnd(g, 16), need = 0;
    uint32_t psc[8] = { 0 }, ext[8] = { 0 };
    int nolast = rnd(g, 16) == 0;
    for (unsigned e = 0; e < 16; e++) {
        unsigned t = rnd(g, 16) ? rnd(g, 13) : 13 + rnd(g, 3);
        if (e == 0 && sw)
            t = (i * 5 / 4) % 16;
        unsigned skip = rnd(g, 6) ? 0 : 1 + rnd(g, rnd(g, 4) ? 3 : 15);
        unsigned loc = rnd(g, 10) ? (e == 0 && rnd(g, 2) ? 0 : rnd(g, 14)) : rnd(g, 32);
        unsigned last = e + 1 == ne && !nolast;
        unsigned ctl = t | skip << 4 | loc << 8 | last << 13 | rnd(g, 4) << 14;
        if (e >= ne && rnd(g, 2))
            ctl = word(g) & 0xFFFF;           /* beyond LAST_VEC: never used */
        unsigned sx = rnd(g, 3) ? (0u | 1u << 3 | 2u << 6 | 3u << 9) : (word(g) & 0xFFF);
        unsigned we = rnd(g, 3) ? 0xF : rnd(g, 16);
        psc[e / 2] |= (uint32_t)ctl << (16 * (e & 1));
        ext[e / 2] |= (uint32_t)(sx | we << 12) << (16 * (e & 1));
        if (e < ne)
            need += vap_type_dwords(t) + (e + 1 < ne ? skip : 0);
    }
    for (unsigned k = 0; k < 8; k++) {
        regw(g, VAP_PROG_STREAM_CNTL_0 + 4 * k, psc[k]);
        regw(g, VAP_PROG_STREAM_CNTL_EXT_0 + 4 * k, ext[k]);
    }
    regw(g, VAP_PSC_SGN_NORM_CNTL, rnd(g, 4) ? word(g) : (rnd(g, 2) ? 0xAAAAAAAAu : 0x55555555u));
    return need;
}

static void out_setup(gen *g)
{
    uint32_t f0 = word(g) & (rnd(g, 4) ? 0x1001Fu : 0xFFFFFFFFu);
    uint32_t f1 = 0;
    for (unsigned i = 0; i < 8; i++)
        f1 |= (rnd(g, 3) ? 0 : rnd(g, 8) ? 1 + rnd(g, 4) : rnd(g, 8)) << (3 * i);
    regw(g, VAP_OUT_VTX_FMT_0, f0);
    regw(g, VAP_OUT_VTX_FMT_1, f1 | (rnd(g, 8) ? 0 : word(g) & 0xFF000000u));
}

static void vte_setup(gen *g)
{
    regw(g, VAP_VTE_CNTL, rnd(g, 3) ? (0x3F | 0x300) : word(g) & 0xFFF);
    static const uint32_t vp[] = { 0x43A00000, 0xC3700000, 0x3F000000, 0x3F800000, 0x00000000, 0x80000000,
                                   0x00000001, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F7FFFFF, 0x00FFFFFF };
    for (unsigned k = 0; k < 6; k++) {
        uint32_t base = rnd(g, 2) ? VAP_VPORT_XSCALE : VAP_VPORT_MIRROR;
        if (rnd(g, 2))
            regw(g, base + 4 * k, rnd(g, 3) ? vp[rnd(g, 6)] : rnd(g, 2) ? vp[rnd(g, sizeof vp / sizeof vp[0])] : fpal(g));
    }
}

/* The arrays: total dwords about 'need', through the registers or a 3D_LOAD_VBPNTR burst. */
static void aos_setup(gen *g, unsigned need)
{
    unsigned na = rnd(g, 8) ? 1 + rnd(g, rnd(g, 2) ? 3 : 16) : rnd(g, 32);
    uint32_t attr[8] = { 0 }, addr[16];
    unsigned left = need;
    for (unsigned a = 0; a < 16; a++) {
        unsigned cnt;
        if (a + 1 == na || a + 1 == 16)
            cnt = left;
        else
            cnt = left ? rnd(g, left + 1) : 0;
        if (rnd(g, 8) == 0)
            cnt = rnd(g, 12);
        if (cnt > 127)
            cnt = 127;
        if (a < na)
            left -= cnt < left ? cnt : left;
        unsigned stride = rnd(g, 4) ? cnt + rnd(g, 3) : rnd(g, 128);
        if (stride > 127)
            stride = 127;
        attr[a / 2] |= (uint32_t)(cnt | stride << 8) << (16 * (a & 1));
        addr[a] = (REGION + 4 * rnd(g, 4096)) | (rnd(g, 4) ? 0 : rnd(g, 4));
        if (rnd(g, 64) == 0)
            addr[a] = word(g);
    }
    if (rnd(g, 2)) {                          /* 3D_LOAD_VBPNTR: 0x20C0 + 4i in body order */
        regw(g, VAP_VTX_NUM_ARRAYS, na | (rnd(g, 4) ? 0 : word(g) & 0xFFFFFFE0u));
        unsigned n = na > 16 ? 16 : na;
        for (unsigned k = 0; 2 * k < n; k++) {
            regw(g, 0x20C4 + 12 * k, attr[k]);
            regw(g, 0x20C8 + 12 * k, addr[2 * k]);
            if (2 * k + 1 < n)
                regw(g, 0x20CC + 12 * k, addr[2 * k + 1]);
        }
    } else {
        for (unsigned k = 0; k < 8; k++)
            regw(g, 0x20C4 + 12 * k, attr[k]);
        for (unsigned a = 0; a < 16; a++)
            if (rnd(g, 2))
                regw(g, 0x20C8 + 12 * (a / 2) + 4 * (a & 1), addr[a]);
        regw(g, VAP_VTX_NUM_ARRAYS, na);
    }
}

static void index_setup(gen *g)
{
    if (rnd(g, 2)) {
        uint32_t off = rnd(g, 2) ? 0 : rnd(g, 4) ? (uint32_t)(rnd(g, 64) - 32) & 0x1FFFFFF : word(g);
        regw(g, VAP_INDEX_OFFSET, off);
    }
    if (rnd(g, 2)) {
        uint32_t mx = rnd(g, 4) ? rnd(g, 80) : rnd(g, 2) ? 0xFFFFFF : word(g);
        uint32_t mn = rnd(g, 2) ? 0 : rnd(g, 40);
        regw(g, VAP_VF_MAX_VTX_INDX, mx);
        regw(g, VAP_VF_MIN_VTX_INDX, mn);
    }
}

static uint32_t index_value(gen *g)
{
    switch (rnd(g, 8)) {
    case 0: return word(g);
    case 1: return 0xFFFF - rnd(g, 4);
    case 2: return rnd(g, 0x30000);
    default: return rnd(g, 64);
    }
}

static void setup(gen *g, int sw, unsigned i, unsigned *need)
{
    if (sw || rnd(g, 3) == 0 || *need == 0)
        *need = psc_setup(g, sw, i);
    if (sw || rnd(g, 3) == 0)
        out_setup(g);
    if (sw || rnd(g, 4) == 0)
        vte_setup(g);
    if (rnd(g, 3) == 0)
        aos_setup(g, *need);
    if (rnd(g, 3) == 0)
        index_setup(g);
    if (rnd(g, 4) == 0)
        regw(g, VAP_CNTL_STATUS, rnd(g, 4) | (rnd(g, 2) ? 1u << 8 : 0) | (rnd(g, 8) ? 0 : word(g)));
    if (rnd(g, 3) == 0) {
        unsigned vs = rnd(g, 4) ? *need : rnd(g, 2) ? *need + 1 + rnd(g, 4) : rnd(g, *need + 1);
        regw(g, VAP_VTX_SIZE, (vs > 127 ? 127 : vs) | (rnd(g, 8) ? 0 : word(g) & ~0x7Fu));
    }
    if (rnd(g, 24) == 0)
        regw(g, VAP_CNTL, rnd(g, 3) ? 0 : 1u << 17 | (word(g) & ~(1u << 17)));
    if (rnd(g, 16) == 0) {                    /* ignored addresses, ports outside a draw */
        static const uint32_t ign[] = { 0x2000, 0x203C, 0x2040, 0x20B8, 0x2100, 0x2124, 0x2180, 0x221C, 0x2200,
                                        0x2204, 0x4F00, 0x0000, 0x2086, 0x20BC };
        regw(g, rnd(g, 4) ? ign[rnd(g, sizeof ign / sizeof ign[0])] : word(g) & 0xFFFF, word(g));
    }
    if (g->regs.cntl >> 17 & 1 && rnd(g, 2))
        regw(g, VAP_CNTL, 0);
}

/* One draw: VF_CNTL and its port dwords.  Returns the vertices it draws. */
static uint32_t draw(gen *g, int sw, unsigned i, uint64_t left)
{
    unsigned prim = sw ? i % 16 : (rnd(g, 16) ? 1 + rnd(g, 15) : 0);
    unsigned walk = sw ? (i / 16 + 1) % 4 : (rnd(g, 16) ? 1 + rnd(g, 3) : 0);
    uint32_t n = rnd(g, 4) ? 1 + rnd(g, 8) : 1 + rnd(g, 48);
    if (rnd(g, 64) == 0)
        n = 0;
    if (n > left)
        n = (uint32_t)left;
    unsigned idx32 = rnd(g, 2), dual = rnd(g, 6) == 0, alt = rnd(g, 8) == 0;
    uint32_t vf = prim | walk << 4 | idx32 << 11 | dual << 13 | alt << 14;
    if (rnd(g, 8) == 0)
        vf |= (word(g) & 0x17C0u);            /* reserved bits, VTX_REUSE_DIS */
    if (alt) {
        regw(g, VAP_ALT_NUM_VERTICES, n | (rnd(g, 4) ? 0 : word(g) & 0xFF000000u));
        vf |= (rnd(g, 2) ? word(g) : 0) & 0xFFFF0000u;
    } else {
        vf |= n << 16;
    }
    regw(g, VAP_VF_CNTL, vf);
    int draws = prim && walk && n && !(g->regs.cntl >> 17 & 1);
    uint32_t r = walk == 3 ? n * g->regs.vtx_size : walk == 1 ? (idx32 ? n : (n + 1) / 2) : 0;
    if (!draws && rnd(g, 2))
        r = rnd(g, 6);                        /* port dwords nobody expects: dropped */
    uint32_t port = walk == 1 ? VAP_PORT_IDX0 + 4 * rnd(g, 16) : VAP_PORT_DATA0 + 4 * rnd(g, 16);
    if (walk == 1 && rnd(g, 4) == 0)
        port = VAP_PORT_DATA_IDX_128;
    for (uint32_t k = 0; k < r; k++) {
        uint32_t d;
        if (walk == 1)
            d = idx32 ? index_value(g) : (index_value(g) & 0xFFFF) | (index_value(g) & 0xFFFF) << 16;
        else
            d = dpal(g);
        regw(g, rnd(g, 8) || port == VAP_PORT_DATA_IDX_128 ? port : (port & ~0x3Cu) + 4 * rnd(g, 16), d);
    }
    if (draws && rnd(g, 12) == 0)             /* too many dwords, or the other port: dropped */
        for (unsigned k = 1 + rnd(g, 3); k; k--)
            regw(g, rnd(g, 2) ? VAP_PORT_DATA0 : VAP_PORT_IDX0, dpal(g));
    if (draws) {
        unsigned d = walk == 3 ? g->regs.vtx_size : 0;
        if (walk != 3)
            for (unsigned a = 0; a < vap_narrays(&g->regs); a++)
                d += vap_count(&g->regs, a) + 6;
        g->s.t += (uint64_t)n * (d + 6);
        return n;
    }
    return 0;
}

static uint32_t mem_word(void *g) { return dpal(g); }

int r5xx_vap_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen g;
    memset(&g, 0, sizeof g);
    vap_regs_reset(&g.regs);
    if (rc_stim_begin(&g.s, v, "r5xx.vap", seed, 0x7A900000ull, count, 100000000, "vertices", err, errn))
        return -1;
    rc_stim_preload(&g.s, REGION, 0, 1, REGION_WORDS, mem_word, &g);
    if (g.s.fail)
        return rc_stim_oom(&g.s, err, errn);

    uint64_t done = 0;
    unsigned need = 0;
    for (unsigned epoch = 0; done < count && !g.s.fail; epoch++) {
        int sw = epoch < NSWEEP;
        setup(&g, sw, epoch, &need);
        done += draw(&g, sw, epoch, count - done);
    }
    return rc_stim_end(&g.s, err, errn);
}
