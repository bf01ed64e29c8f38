/*
 * pm4_2d_stim.c - r5xx.pm4_2d's stimulus (the 2D engine's random packets as a PM4 ring) and its
 * pictures (the 2D engine's, from the packets parsed back out of the ring).  The model is
 * pm4_2d_wiring.c, generated from the manifest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cp_stim.h"
#include "gfx2d_stim.h"
#include "r5xx_gfx2d_ports.h"
#include "r5xx_pm4_2d_ports.h"
#include "rc_mem.h"
#include "rc_vector.h"

/* ---- stimulus: the 2D engine's random packets as a PM4 ring ---------------------------------- */

#define RING_BASE 0x00800000u

/* The ring, sized for the worst case before it is filled. */
typedef struct ringbuf {
    uint32_t *w;
    size_t n;
} ringbuf;

static void put(void *r, uint32_t d)
{
    ringbuf *q = r;
    q->w[q->n++] = d;
}

int r5xx_pm4_2d_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    rc_vector g;
    rc_vector_init(&g, &r5xx_gfx2d_block);
    if (r5xx_gfx2d_stimulus(&g, seed, count, err, errn)) {
        rc_vector_free(&g);
        return -1;
    }
    int fail = 0;
    for (size_t i = 0; i < g.nmem && !fail; i++)
        fail = rc_vector_add_mem(v, g.mem[i].addr, g.mem[i].words, g.mem[i].nwords);
    const rc_txlist *pk = &g.in[R5XX_GFX2D_CH_PKT], *bd = &g.in[R5XX_GFX2D_CH_BODY];
    ringbuf r = { malloc((1 + pk->n * 2 + bd->n) * sizeof(uint32_t)), 0 };
    size_t bi = 0;
    for (size_t i = 0; r.w && i < pk->n; i++) {
        if (!r5xx_gfx2d_pm4(&g, i, &bi, put, &r)) {     /* one register write, 0x1400 */
            put(&r, 0x1400u >> 2);
            put(&r, (uint32_t)i);
        }
    }
    uint32_t *ring = r.w;
    size_t n = r.n;
    unsigned bufsz = 2;
    while (bufsz < 22 && (1ull << (bufsz + 1)) <= n)
        bufsz++;
    if (ring && !fail)
        fail = rc_vector_add_mem(v, RING_BASE, ring, n);
    uint64_t w[][2] = { { 0x700, RING_BASE }, { 0x704, bufsz | 1u << 27 }, { 0x714, n } };
    for (unsigned k = 0; k < 3 && !fail; k++)
        fail = rc_vector_add_input(v, R5XX_PM4_2D_CH_HOST, 0, w[k]);
    free(ring);
    rc_vector_free(&g);
    if (!ring || fail || n >= (1u << 23)) {
        snprintf(err, errn, "r5xx.pm4_2d: out of memory or ring too large");
        return -1;
    }
    return 0;
}

/* ---- pictures: the 2D engine's, from the packets parsed back out of the ring ------------------- */

int r5xx_pm4_2d_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max, char *err,
                       size_t errn)
{
    uint32_t base, wptr;
    r5xx_cp_ring_of(&v->in[R5XX_PM4_2D_CH_HOST], &base, &wptr);
    /* The ring: preloaded into the 2D engine's memory image too, which never writes it. */
    const rc_memimg *img = mem;
    rc_vector g;
    rc_vector_init(&g, &r5xx_gfx2d_block);
    int fail = 0;
    for (uint32_t p = 0; p < wptr && !fail;) {
        uint32_t hd = (uint32_t)rc_memimg_read(img, base + 4 * p, 4), type = hd >> 30, cnt = hd >> 16 & 0x3FFF;
        uint32_t nb = type == 2 ? 0 : type == 1 ? 2 : cnt + 1;
        if (type == 3 && (hd >> 8 & 0xF0) == 0x90) {
            uint64_t f[6] = { 0, 3, hd >> 8 & 0xFF, cnt, p, 0 };
            fail |= rc_vector_add_input(&g, R5XX_GFX2D_CH_PKT, 0, f);
            for (uint32_t k = 0; k < nb && !fail; k++) {
                uint64_t b[2] = { rc_memimg_read(img, base + 4 * (p + 1 + k), 4), k + 1 == nb };
                fail |= rc_vector_add_input(&g, R5XX_GFX2D_CH_BODY, 0, b);
            }
        }
        p += 1 + nb;
    }
    int r = fail ? 0 : r5xx_gfx2d_images(&g, mem, out, max, err, errn);
    rc_vector_free(&g);
    return r;
}
