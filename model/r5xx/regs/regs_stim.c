/*
 * regs_stim.c - seeded random register-bus traffic for r5xx.regs: COUNT accesses, a mix of
 * reads and writes biased towards registers that exist (taken from the register database),
 * the US instruction RAM (often a small hot window, so written words are read back), reads of
 * just-written addresses, the aperture windows, unknown and non-dword addresses; random data
 * (sometimes all zeros or all ones); back-to-back bursts with occasional idle gaps.
 */
#include <stdio.h>
#include <string.h>

#include "r5xx_regs_ports.h"
#include "rc_rng.h"
#include "rc_vector.h"
#include "regs_map.h"

#define RECENT 16

typedef struct gen {
    rc_rng rng;
    rc_vector *v;
    const regs_map *m;
    uint32_t recent[RECENT];        /* addresses of recent writes */
    unsigned nrecent, recent_pos;
    uint32_t hot_base;              /* a 64-word window of the RAM */
    int fail;
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return (uint32_t)rc_rng_below(&g->rng, n); }

static uint32_t data_word(gen *g)
{
    uint32_t r = rnd(g, 100);
    if (r < 5)
        return 0;
    if (r < 12)
        return 0xFFFFFFFFu;
    return (uint32_t)rc_rng_next(&g->rng);
}

static uint32_t pick_addr(gen *g)
{
    const regs_map *m = g->m;
    uint32_t r = rnd(g, 100);
    if (r < 50 && m->nknown)                                   /* a register with an address */
        return m->known[rnd(g, m->nknown)];
    if (r < 70 && m->ram_depth) {                              /* the instruction RAM */
        if (rnd(g, 2))
            return g->hot_base + 4 * rnd(g, 64);
        return m->ram_base + 4 * rnd(g, m->ram_depth);
    }
    if (r < 85 && g->nrecent)                                  /* a recently written address */
        return g->recent[rnd(g, g->nrecent)];
    if (r < 90 && m->naper) {                                  /* inside an aperture window */
        unsigned k = rnd(g, m->naper);
        return m->aper_lo[k] + 4 * rnd(g, (m->aper_hi[k] - m->aper_lo[k]) / 4 + 1);
    }
    if (r < 97)                                                /* any dword address */
        return 4 * rnd(g, REGS_MAP_WORDS);
    return rnd(g, 0x10000);                                    /* any address, mostly not a dword */
}

static void bus_access(gen *g, uint64_t cycle, uint32_t addr, int we, uint32_t data)
{
    uint64_t v[3] = { addr, (uint64_t)we, we ? data : 0 };
    if (rc_vector_add_input(g->v, R5XX_REGS_CH_BUS, cycle, v))
        g->fail = 1;
    if (we) {
        g->recent[g->recent_pos] = addr;
        g->recent_pos = (g->recent_pos + 1) % RECENT;
        if (g->nrecent < RECENT)
            g->nrecent++;
    }
}

int r5xx_regs_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    if (count == 0 || count > 100000000) {
        snprintf(err, errn, "r5xx.regs: --count must be 1..100000000 register accesses");
        return -1;
    }
    regs_map *m = regs_map_build();
    if (!m) {
        snprintf(err, errn, "r5xx.regs: cannot build the register map (register database r5xx)");
        return -1;
    }
    gen g;
    memset(&g, 0, sizeof g);
    g.rng = rc_rng_make(seed, 0x7265677300ull);
    g.v = v;
    g.m = m;
    if (m->ram_depth)
        g.hot_base = m->ram_base + 4 * rnd(&g, m->ram_depth > 64 ? m->ram_depth - 63 : 1);

    uint64_t t = 0, done = 0;
    while (done < count) {
        /* A burst of back-to-back accesses offered from cycle t, then perhaps a gap. */
        uint64_t burst = 1 + rnd(&g, rnd(&g, 4) == 0 ? 64 : 8), start = done;
        for (uint64_t k = 0; k < burst && done < count; k++) {
            uint32_t addr = pick_addr(&g);
            int we = rnd(&g, 2);
            bus_access(&g, t, addr, we, data_word(&g));
            done++;
            if (we && done < count && rnd(&g, 3) == 0) {         /* read it straight back */
                bus_access(&g, t, addr, 0, 0);
                done++;
            }
            if (g.fail)
                break;
        }
        /* At one access a cycle the burst ends at t + its length; then no gap, a short one or a
         * long one (back-pressure on rd may have delayed the burst past some of it). */
        uint32_t r = rnd(&g, 20);
        t += (done - start) + (r < 10 ? 0 : r < 17 ? 1 + rnd(&g, 4) : 5 + rnd(&g, 56));
        if (g.fail)
            break;
    }
    regs_map_free(m);
    if (g.fail) {
        snprintf(err, errn, "r5xx.regs: out of memory");
        return -1;
    }
    return 0;
}
