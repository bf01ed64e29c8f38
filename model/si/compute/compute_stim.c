/*
 * compute_stim.c - seeded random stimulus for si.compute: si.cu's random programs and dispatches
 * (model/si/cu/cu_stim.c, si_cu_stimulus, drawn from the same seed) turned into a PM4 stream
 * (docs/blocks/si.compute.md, "Random stimulus").  Each of si.cu's dispatches becomes
 * SET_SH_REG packets (runs of consecutive registers, or one packet per register), then a
 * DISPATCH_DIRECT with its group counts; on top of it, from a second stream of the seed:
 * partial work-groups (NUM_THREAD_PARTIAL and PARTIAL_TG_EN), FORCE_START_AT_000, junk initiator
 * bits, fences (RELEASE_MEM or EVENT_WRITE_EOP, DATA_SEL 0, 1, 2 and now and then 3, not built),
 * NOPs, type-2 fillers, writes of SH registers outside COMPUTE_*, and packets the front end does
 * not build (type 0, type 1, other opcodes, a DISPATCH_DIRECT too short).
 *
 * Memory: si.cu's (programs from 0x00010000, data at 0x00100000, stores to 0x00200000); fences go
 * to 0x00300000 + 8 * (n mod 64).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rc_rng.h"
#include "rc_vector.h"
#include "si_compute_ports.h"
#include "si_cu_ports.h"

#define FENCE_BASE 0x00300000u

int si_cu_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn);

typedef struct pgen {
    rc_rng rng;
    rc_vector *v;
    int fail;
    unsigned nfence;
} pgen;

static uint32_t rnd(pgen *g, uint32_t n) { return (uint32_t)rc_rng_below(&g->rng, n); }
static uint32_t word(pgen *g) { return (uint32_t)rc_rng_next(&g->rng); }

static void dw(pgen *g, uint32_t d)
{
    uint64_t val[1] = { d };
    if (rc_vector_add_input(g->v, SI_COMPUTE_CH_PM4, 0, val))
        g->fail = 1;
}

/* a type-3 header: COUNT = body dwords - 1, SHADER_TYPE (bit 1) = compute */
static void hdr3(pgen *g, unsigned op, unsigned nbody)
{
    dw(g, 0xC0000000u | ((nbody - 1) & 0x3FFF) << 16 | op << 8 | 2u);
}

/* the packets a real stream may hold between dispatches, some of which the front end skips */
static void noise(pgen *g)
{
    switch (rnd(g, 8)) {
    case 0:                                               /* NOP with 1-3 body dwords */
    {
        unsigned n = 1 + rnd(g, 3);
        hdr3(g, 0x10, n);
        for (unsigned i = 0; i < n; i++) dw(g, word(g));
        break;
    }
    case 1: dw(g, 0x80000000u); break;                    /* type-2 filler */
    case 2:                                               /* an SH register outside COMPUTE_* */
        hdr3(g, 0x76, 2);
        dw(g, rnd(g, 0x200));                             /* 0xB000-0xB7FC: the graphics stages' */
        dw(g, word(g));
        break;
    case 3:                                               /* type 0: skipped */
    {
        unsigned n = 1 + rnd(g, 2);
        dw(g, (n - 1) << 16 | rnd(g, 0x10000));
        for (unsigned i = 0; i < n; i++) dw(g, word(g));
        break;
    }
    case 4: dw(g, 0x40000000u | rnd(g, 0x10000)); break;  /* type 1: skipped */
    case 5:                                               /* an opcode not built: skipped */
    {
        static const unsigned ops[] = { 0x16, 0x37, 0x46, 0x69, 0x3F, 0x22 };
        unsigned n = 1 + rnd(g, 3);
        hdr3(g, ops[rnd(g, 6)], n);
        for (unsigned i = 0; i < n; i++) dw(g, word(g));
        break;
    }
    case 6:                                               /* DISPATCH_DIRECT too short: skipped */
        hdr3(g, 0x15, 2);
        dw(g, 1);
        dw(g, 1);
        break;
    default: break;
    }
}

static void fence(pgen *g)
{
    static const unsigned sels[] = { 0, 1, 1, 2, 2, 2, 1, 3 };
    unsigned sel = sels[rnd(g, 8)];
    uint32_t addr = FENCE_BASE + 8 * (g->nfence++ % 64) + (rnd(g, 8) ? 0 : rnd(g, 4));
    uint32_t cntl = 0x14u | 5u << 8 | 1u << 16 | 1u << 17;   /* CACHE_FLUSH_AND_INV_TS, EVENT_INDEX 5 */
    uint32_t lo = g->nfence, hi = rnd(g, 2) ? word(g) : 0;
    if (rnd(g, 2)) {                                      /* RELEASE_MEM */
        hdr3(g, 0x49, 6);
        dw(g, cntl);
        dw(g, sel << 29 | rnd(g, 3) << 24);
        dw(g, addr);
        dw(g, 0);
        dw(g, lo);
        dw(g, hi);
    } else {                                              /* EVENT_WRITE_EOP */
        hdr3(g, 0x47, 5);
        dw(g, cntl);
        dw(g, addr);
        dw(g, sel << 29 | rnd(g, 3) << 24);
        dw(g, lo);
        dw(g, hi);
    }
}

/* one SET_SH_REG per run of consecutive registers (or per register) */
static void set_sh(pgen *g, const uint32_t *a, const uint32_t *d, unsigned n)
{
    int single = rnd(g, 3) == 0;
    for (unsigned i = 0; i < n;) {
        unsigned j = i + 1;
        while (!single && j < n && a[j] == a[j - 1] + 4) j++;
        hdr3(g, 0x76, 1 + (j - i));
        dw(g, (a[i] - 0xB000u) / 4);
        for (unsigned k = i; k < j; k++) dw(g, d[k]);
        i = j;
    }
}

int si_compute_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    rc_vector cu;
    rc_vector_init(&cu, &si_cu_block);
    if (si_cu_stimulus(&cu, seed, count, err, errn)) {
        rc_vector_free(&cu);
        return -1;
    }
    pgen g = { .rng = rc_rng_make(seed, 0x50344350ull), .v = v };
    for (size_t i = 0; i < cu.nmem && !g.fail; i++)
        if (rc_vector_add_mem(v, cu.mem[i].addr, cu.mem[i].words, cu.mem[i].nwords))
            g.fail = 1;

    const rc_txlist *rw = &cu.in[SI_CU_CH_REGW];
    uint32_t pa[64], pd[64], dim[3] = { 0, 0, 0 };
    unsigned np = 0;
    for (size_t t = 0; t < rw->n && !g.fail; t++) {
        uint32_t a = (uint32_t)rw->vals[2 * t], d = (uint32_t)rw->vals[2 * t + 1];
        if (a >= 0xB804 && a <= 0xB80C) {
            dim[(a - 0xB804) / 4] = d;
            continue;
        }
        if (a != 0xB800) {
            if (np < 64) {
                pa[np] = a;
                pd[np] = d;
                np++;
            }
            continue;
        }
        /* the initiator: this dispatch's packets */
        uint32_t init = d;
        if (rnd(&g, 3) == 0) {                            /* partial groups at the grid's edge */
            init |= 2;
            for (unsigned k = 0; k < np; k++)
                if (pa[k] >= 0xB81C && pa[k] <= 0xB824)
                    pd[k] |= (1 + rnd(&g, pd[k] & 0xFFFF)) << 16;
        }
        if (rnd(&g, 8) == 0) init |= 4;                   /* FORCE_START_AT_000 */
        if (rnd(&g, 4) == 0) init |= rnd(&g, 0x400) << 3; /* bits the front end ignores */
        if (rnd(&g, 3) == 0) noise(&g);
        set_sh(&g, pa, pd, np);
        if (rnd(&g, 4) == 0) noise(&g);
        unsigned extra = rnd(&g, 6) == 0;                 /* a longer body: the rest ignored */
        hdr3(&g, 0x15, 4 + extra);
        dw(&g, dim[0]);
        dw(&g, dim[1]);
        dw(&g, dim[2]);
        dw(&g, init);
        if (extra) dw(&g, word(&g));
        if (rnd(&g, 2)) fence(&g);
        np = 0;
    }
    if (!g.fail) fence(&g);
    rc_vector_free(&cu);
    if (g.fail) {
        snprintf(err, errn, "si.compute: out of memory");
        return -1;
    }
    return 0;
}
