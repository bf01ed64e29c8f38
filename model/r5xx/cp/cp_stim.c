/*
 * cp_stim.c - seeded random PM4 stimulus for r5xx.cp: a ring buffer (placed so it wraps),
 * every packet type with counts from 0 to the maximum, ONE_REG_WR, IB1/IB2 chains, all endian
 * swap modes, pre-write delays and a few malformed packets; WPTR advanced in random steps.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cp_regs.h"
#include "cp_stim.h"
#include "r5xx_cp_ports.h"
#include "rc_stim.h"

#define RING_ADDR 0x00100000u
#define IB_AREA   0x04000000u
#define WB_ADDR   0x0000F000u

typedef struct buf {
    uint32_t *w;
    size_t n, cap;
} buf;

typedef struct gen {
    rc_stim s;                 /* the stream, the vector, the epoch's cycle and writes */
    unsigned swap;
    uint32_t ib_next;          /* next free address for an indirect buffer */
} gen;

static void put(buf *b, uint32_t w)
{
    if (b->n == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 256;
        b->w = realloc(b->w, b->cap * sizeof *b->w);
        if (!b->w)
            abort();
    }
    b->w[b->n++] = w;
}

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }

/* A body count N-1: mostly small, sometimes 0, rarely the 14-bit maximum. */
static unsigned count_m1(gen *g, int allow_max)
{
    uint32_t r = rnd(g, 1000);
    if (allow_max && r < 2)
        return 0x3FFF;
    if (r < 250)
        return 0;
    if (r < 900)
        return rnd(g, 8);
    return rnd(g, 64);
}

/* A Type-0/Type-1 register index that is not one of the CP's IB registers (0x1CC..0x1CF). */
static unsigned reg_index(gen *g, unsigned limit)
{
    for (;;) {
        unsigned i = rnd(g, limit);
        if (i < 0x1CC || i > 0x1CF)
            return i;
    }
}

static void store_ib(gen *g, const buf *ib, uint32_t addr)
{
    uint32_t *sw = malloc((ib->n ? ib->n : 1) * sizeof *sw);
    if (!sw)
        abort();
    for (size_t i = 0; i < ib->n; i++)
        sw[i] = cp_swap(ib->w[i], g->swap);
    if (rc_vector_add_mem(g->s.v, addr, sw, ib->n))
        g->s.fail = 1;
    free(sw);
}

static void packets(gen *g, buf *b, unsigned npkts, int depth, int allow_max);

/* Start an indirect buffer (level 1 or 2) holding a few packets. */
static void start_ib(gen *g, buf *b, int level, int allow_max)
{
    buf ib = { 0 };
    packets(g, &ib, 1 + rnd(g, 6), level, allow_max);
    uint32_t addr = g->ib_next;
    g->ib_next += (uint32_t)((ib.n * 4 + 31) & ~31u);
    store_ib(g, &ib, addr);
    uint32_t size = (uint32_t)ib.n;
    if (rnd(g, 20) == 0 && size > 1)
        size -= 1 + rnd(g, size - 1);          /* an IB that ends inside a packet */
    unsigned base_idx = level == 1 ? 0x1CE : 0x1CC;
    if (rnd(g, 2)) {
        put(b, pm4_type0(base_idx, 1, 0));
        put(b, addr);
        put(b, size);
    } else {
        put(b, pm4_type1(base_idx, base_idx + 1));
        put(b, addr);
        put(b, size);
    }
    free(ib.w);
}

static void packets(gen *g, buf *b, unsigned npkts, int depth, int allow_max)
{
    static const unsigned known[] = { 0x19, 0x1D, 0x1E, 0x20, 0x21, 0x22, 0x23, 0x28, 0x29, 0x2A, 0x2C, 0x2F,
                                      0x33, 0x34, 0x35, 0x36, 0x37, 0x39, 0x3A, 0x91, 0x92, 0x94, 0x95, 0x98,
                                      0x9A, 0x9B, 0x9C };
    for (unsigned k = 0; k < npkts; k++) {
        uint32_t r = rnd(g, 100);
        if (r < 30) {                                   /* Type-0 */
            unsigned c = count_m1(g, allow_max), base;
            int one = rnd(g, 4) == 0;
            if (rnd(g, 40) == 0)
                base = 0x1FFF - rnd(g, 4);              /* runs past the register space */
            else
                base = 0x800 + reg_index(g, 0x1000);    /* 0x2000..0x5FFC: the 3D registers */
            if (!one && base + c > 0x1FFF && rnd(g, 2))
                c = 0x1FFF - base;
            put(b, pm4_type0(base, c, one));
            for (unsigned i = 0; i <= c; i++)
                put(b, word(g));
        } else if (r < 40) {                            /* Type-1 */
            put(b, pm4_type1(reg_index(g, 0x800), reg_index(g, 0x800)));
            put(b, word(g));
            put(b, word(g));
        } else if (r < 48) {                            /* Type-2 */
            put(b, 0x80000000u | (word(g) & 0x3FFFFFFFu));
        } else if (r < 56) {                            /* NOP */
            unsigned c = count_m1(g, allow_max);
            put(b, pm4_type3(PM4_NOP, c) | (word(g) & 0xFF));
            for (unsigned i = 0; i <= c; i++)
                put(b, word(g));
        } else if (r < 90) {                            /* a known Type-3 */
            unsigned op = known[rnd(g, sizeof known / sizeof known[0])];
            unsigned c = count_m1(g, allow_max);
            put(b, pm4_type3(op, c));
            for (unsigned i = 0; i <= c; i++)
                put(b, word(g));
        } else if (r < 93) {                            /* unknown opcode */
            unsigned op;
            do
                op = rnd(g, 256);
            while (cp_opcode_known(op));
            unsigned c = count_m1(g, 0);
            put(b, pm4_type3(op, c));
            for (unsigned i = 0; i <= c; i++)
                put(b, word(g));
        } else if (depth < 2) {                         /* an indirect buffer */
            start_ib(g, b, depth + 1, 0);
        } else {
            put(b, 0x80000000u);
        }
    }
}

static void host(gen *g, uint64_t cycle, uint32_t addr, uint32_t data)
{
    uint64_t v[2] = { addr, data };
    if (rc_vector_add_input(g->s.v, R5XX_CP_CH_HOST, cycle, v))
        g->s.fail = 1;
}

int r5xx_cp_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen g;
    memset(&g, 0, sizeof g);
    if (rc_stim_begin(&g.s, v, "r5xx.cp", seed, 0x73746D00ull, count, 10000000, "packets", err, errn))
        return -1;
    g.swap = rnd(&g, 4);
    g.ib_next = IB_AREA;

    buf ring = { 0 };
    packets(&g, &ring, (unsigned)count, 0, count >= 50);
    /* The smallest ring (2^(n+1) dwords, n <= 22) that holds the stream with a free slot. */
    unsigned n = 2;
    while (n < 22 && (2ull << n) <= ring.n)
        n++;
    if ((2ull << n) <= ring.n) {
        snprintf(err, errn, "r5xx.cp: %zu dwords do not fit the largest ring", ring.n);
        free(ring.w);
        return -1;
    }
    if (rnd(&g, 3) == 0 && n < 22)
        n++;
    uint32_t size = 2u << n, mask = size - 1;
    uint32_t start = rnd(&g, size);                      /* so the stream wraps */
    uint32_t *img = calloc(size, sizeof *img);
    if (!img)
        abort();
    for (size_t i = 0; i < ring.n; i++)
        img[(start + i) & mask] = cp_swap(ring.w[i], g.swap);
    if (rc_vector_add_mem(v, RING_ADDR, img, size))
        g.s.fail = 1;
    free(img);

    unsigned blk = rnd(&g, 6);
    uint32_t cntl = n | (blk << 8) | (g.swap << 16) | (rnd(&g, 8) == 0 ? 1u << 27 : 0);
    uint32_t delay = rnd(&g, 3) == 0 ? (rnd(&g, 24) | (rnd(&g, 4) << 28)) : 0;
    uint64_t t = 0;
    host(&g, t, CP_RB_BASE, RING_ADDR);
    host(&g, t, CP_RB_CNTL, cntl | 0x80000000u);
    host(&g, t, CP_RB_RPTR_ADDR, WB_ADDR | rnd(&g, 4));
    host(&g, t, CP_RB_RPTR_WR, start);
    host(&g, t, CP_RB_WPTR_DELAY, 0);
    host(&g, t, CP_RB_WPTR, start);                      /* reload RPTR: the ring is empty */
    host(&g, t, CP_RB_CNTL, cntl);
    host(&g, t, CP_RB_WPTR_DELAY, delay);
    /* Advance WPTR in random steps, sometimes in the middle of a packet. */
    uint32_t done = 0;
    while (done < ring.n) {
        uint32_t step = 1 + rnd(&g, 64);
        if (rnd(&g, 8) == 0)
            step = (uint32_t)ring.n - done;
        done = done + step > ring.n ? (uint32_t)ring.n : done + step;
        t += rnd(&g, 4) == 0 ? rnd(&g, 300) : rnd(&g, 8);
        host(&g, t, CP_RB_WPTR, (start + done) & mask);
    }
    free(ring.w);
    return rc_stim_end(&g.s, err, errn);
}

void r5xx_cp_ring_of(const rc_txlist *h, uint32_t *base, uint32_t *wptr)
{
    *base = *wptr = 0;
    for (size_t i = 0; i < h->n; i++) {
        uint32_t a = (uint32_t)h->vals[i * h->nf], d = (uint32_t)h->vals[i * h->nf + 1];
        if (a == CP_RB_BASE)
            *base = d & ~3u;
        else if (a == CP_RB_WPTR)
            *wptr = d & 0x7FFFFF;
    }
}
