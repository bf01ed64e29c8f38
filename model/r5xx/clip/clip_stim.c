/*
 * clip_stim.c - seeded random stimulus for r5xx.clip: epochs of (random clip/VTE state: VAP_CNTL's
 * DX_CLIP_SPACE_DEF, VAP_CLIP_CNTL, the guard band, the viewport in either alias, VAP_VTE_CNTL,
 * user clip planes through either PVS loader port, now and then the point-sprite vector (1542) and
 * VAP_OUT_VTX_FMT_0; then 1-4 draws of every PRIM_TYPE with 1-12
 * vertices).  Vertices have 1-4 slots (now and then up to 16, out of order, repeated or without
 * slot 0), positions mostly in and around the frustum (w from -0.5 to 4, now and then 0, negative,
 * Inf or NaN components).  Register writes are not held back: they go in between vertices.
 * --count is the number of vertices.
 */
#include <stdio.h>
#include <string.h>

#include "clip_math.h"
#include "r5xx_clip_ports.h"
#include "rc_stim.h"

typedef struct gen {
    rc_stim s;                 /* the stream, the vector, the epoch's cycle and writes */
    uint16_t vert;
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }

static void regw(gen *g, uint32_t addr, uint32_t data)
{
    rc_stim_regw(&g->s, R5XX_CLIP_CH_REGW, addr, data);   /* s.t stays 0: any cycle */
}

/* a uniform value in [lo, hi] in steps of 1/1024, as binary32 */
static uint32_t uni(gen *g, float lo, float hi)
{
    uint32_t n = (uint32_t)((hi - lo) * 1024.0f);
    return rc_stim_f32(lo + (float)rnd(g, n + 1) / 1024.0f);
}

static uint32_t special(gen *g)
{
    static const uint32_t pal[] = { 0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000,
                                    0xFFC00001, 0x00000001, 0x7F7FFFFF, 0xFF7FFFFF, 0x3F800000,
                                    0xBF800000, 0x33800000 };
    return pal[rnd(g, sizeof pal / sizeof pal[0])];
}

static void state(gen *g)
{
    regw(g, CLIP_VAP_CNTL, (word(g) & ~(1u << 22)) | rnd(g, 2) << 22);
    uint32_t cc = rnd(g, 64) | rnd(g, 4) << 14;
    unsigned r = rnd(g, 10);
    if (r == 0)
        cc |= 1u << 16;                                 /* CLIP_DISABLE */
    if (rnd(g, 6) == 0)
        cc |= 1u << 17;                                 /* UCP_CULL_ONLY_ENA */
    if (rnd(g, 8) == 0)
        cc |= word(g) & 0x003C0000u;
    regw(g, CLIP_VAP_CLIP_CNTL, cc);
    for (unsigned k = 0; k < 4; k++) {                  /* the guard band: mostly 1.0 */
        unsigned q = rnd(g, 8);
        uint32_t v = q < 5 ? 0x3F800000u : q == 5 ? uni(g, 0.5f, 4.0f) : q == 6 ? 0 : special(g);
        regw(g, 0x2220u + 4 * k, v);
    }
    uint32_t base = rnd(g, 2) ? 0x2098u : 0x1D98u;
    const float sc[3] = { 160.0f, -120.0f, 0.5f }, of[3] = { 160.0f, 120.0f, 0.5f };
    for (unsigned a = 0; a < 3; a++) {
        regw(g, base + 8 * a, rnd(g, 8) ? rc_stim_f32(sc[a]) : rnd(g, 2) ? uni(g, -300.0f, 300.0f) : special(g));
        regw(g, base + 8 * a + 4, rnd(g, 8) ? rc_stim_f32(of[a]) : rnd(g, 2) ? uni(g, -300.0f, 300.0f) : special(g));
    }
    uint32_t vte = rnd(g, 3) ? 0x43Fu : rnd(g, 4) ? 0x300u : word(g) & 0xF3Fu;
    regw(g, CLIP_VAP_VTE_CNTL, vte);
    if (rnd(g, 3)) {                                    /* user clip planes through the loader */
        unsigned first = rnd(g, 6), n = 1 + rnd(g, 6 - first), port = rnd(g, 2);
        unsigned start = rnd(g, 10) ? 1536 + first : 1530 + rnd(g, 14);
        regw(g, CLIP_PVS_INDX, start | (rnd(g, 8) == 0 ? word(g) & ~0x7FFu : 0));
        for (unsigned i = 0; i < n; i++) {
            uint32_t pl[4];
            for (unsigned k = 0; k < 3; k++)
                pl[k] = rnd(g, 3) ? uni(g, -1.0f, 1.0f) : 0;
            pl[3] = rnd(g, 16) ? uni(g, -0.5f, 1.0f) : special(g);
            for (unsigned k = 0; k < 4; k++)
                regw(g, port ? CLIP_PVS_DATA128 : CLIP_PVS_DATA, pl[k]);
        }
        if (rnd(g, 8) == 0)
            regw(g, rnd(g, 2) ? CLIP_PVS_DATA128 : CLIP_PVS_DATA, word(g));   /* a stray dword */
    }
    if (rnd(g, 3) == 0) {             /* the point-sprite vector at 1542, VAP_OUT_VTX_FMT_0 (D10) */
        uint32_t ps[4] = { uni(g, 0.0f, 0.25f), uni(g, 0.0f, 0.25f), rnd(g, 8) ? uni(g, 0.5f, 4.0f) : special(g),
                           uni(g, 0.0f, 0.5f) };
        unsigned port = rnd(g, 2);
        regw(g, CLIP_PVS_INDX, 1542);
        for (unsigned k = 0; k < 4; k++)
            regw(g, port ? CLIP_PVS_DATA128 : CLIP_PVS_DATA, ps[k]);
        regw(g, CLIP_VAP_OUT_VTX_FMT_0, rnd(g, 2) << 16 | 1u);
    }
}

static uint32_t coord(gen *g, int is_w)
{
    unsigned q = rnd(g, 64);
    if (q == 0)
        return special(g);
    if (q < 4)
        return word(g);
    if (is_w)
        return q < 8 ? uni(g, -1.0f, 0.25f) : uni(g, 0.25f, 4.0f);
    return uni(g, -3.0f, 3.0f);
}

static void vertex(gen *g, unsigned prim, int dlast, unsigned nslot)
{
    unsigned order[16], n = nslot;
    for (unsigned s = 0; s < 16; s++)
        order[s] = s;
    if (rnd(g, 16) == 0) {                              /* out of order, maybe without slot 0 */
        for (unsigned s = 15; s > 0; s--) {
            unsigned j = rnd(g, s + 1), t = order[s];
            order[s] = order[j];
            order[j] = t;
        }
        n = 1 + rnd(g, 16);
    }
    if (rnd(g, 32) == 0 && n < 16)
        order[n++] = order[0];                          /* a slot written twice */
    uint16_t vert = g->vert++;
    for (unsigned i = 0; i < n; i++) {
        unsigned s = order[i];
        uint64_t v[10];
        v[0] = vert;
        v[1] = s;
        if (s == 0) {
            uint32_t w = coord(g, 1);
            v[2] = coord(g, 0);
            v[3] = coord(g, 0);
            v[4] = coord(g, 0);
            v[5] = w;
            v[6] = rnd(g, 16) ? 0xF : rnd(g, 16);
        } else {
            for (unsigned k = 0; k < 4; k++)
                v[2 + k] = rnd(g, 16) ? uni(g, 0.0f, 1.0f) : word(g);
            v[6] = rnd(g, 4) ? 0xF : rnd(g, 16);
            for (unsigned k = 0; k < 4; k++)
                if (!(v[6] >> k & 1u))
                    v[2 + k] = 0;
        }
        v[7] = i + 1 == n;
        v[8] = dlast && i + 1 == n;
        v[9] = prim;
        rc_stim_input(&g->s, R5XX_CLIP_CH_VIN, v);
    }
}

int r5xx_clip_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    static const unsigned prims[] = { 1, 2, 3, 12, 4, 7, 5, 15, 6, 13, 14, 0, 8, 4, 5, 6 };
    gen g;
    memset(&g, 0, sizeof g);
    if (rc_stim_begin(&g.s, v, "r5xx.clip", seed, 0x434C4950ull, count, 10000000, "vertices", err, errn))
        return -1;
    uint64_t done = 0;
    while (done < count && !g.s.fail) {
        state(&g);
        unsigned draws = 1 + rnd(&g, 4);
        for (unsigned d = 0; d < draws && done < count; d++) {
            unsigned prim = prims[rnd(&g, sizeof prims / sizeof prims[0])];
            unsigned nv = 1 + rnd(&g, 12), nslot = rnd(&g, 8) ? 1 + rnd(&g, 4) : 1 + rnd(&g, 16);
            if (nv > count - done)
                nv = (unsigned)(count - done);
            int end = rnd(&g, 16) != 0;                 /* now and then a draw without dlast */
            for (unsigned i = 0; i < nv; i++)
                vertex(&g, prim, end && i + 1 == nv, nslot);
            done += nv;
        }
    }
    return rc_stim_end(&g.s, err, errn);
}
