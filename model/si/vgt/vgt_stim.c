/*
 * vgt_stim.c - seeded random stimulus for si.vgt: draws, each preceded by a random subset of
 * register writes, over an index buffer region preloaded with 16-bit halves from a palette.
 * --count is the number of index records the stimulus makes the block emit.
 *
 * Coverage: every draw draws its DMA/AUTO source (and now and then SOURCE_SELECT 1 or 3, which
 * start nothing), NOT_EOP, the index type through either register, all four SWAP_MODEs, a base
 * with BASE[1] and BASE[0] either way and BASE_HI zero or not, MAX_SIZE above, equal to or below
 * SIZE (zero fill), instance counts 0-3 through either register, restart on or off with reset
 * values that occur in the buffer (0xFFFF, 0xFFFFFFFF, small), offsets and clamp windows that
 * wrap and clamp, and writes to addresses the block ignores (VGT_EVENT_INITIATOR, others).
 *
 * Memory: 64 KB at 0x00100000; the base stays inside it (the agent reads addr mod 2^32).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rc_stim.h"
#include "si_vgt_ports.h"
#include "vgt_regs.h"

#define REGION_BASE 0x00100000u
#define REGION_WORDS (64u * 1024 / 4)

typedef struct gen {
    rc_stim s;                 /* the stream, the vector, the epoch's cycle and writes */
    si_vgt_regs regs;         /* what the block holds once the writes so far are in */
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }

static void regw(gen *g, uint32_t addr, uint32_t data)
{
    rc_stim_regw(&g->s, SI_VGT_CH_REGW, addr, data);   /* s.t stays 0: any cycle */
    si_vgt_regs_write(&g->regs, addr, data);
}

static uint32_t half(gen *g)
{
    static const uint32_t pal[] = { 0x0000, 0x0001, 0x0002, 0xFFFF, 0x7FFF, 0x8000, 0xFFFE, 0x0010 };
    switch (rnd(g, 4)) {
    case 0: return pal[rnd(g, 8)];
    case 1: return rnd(g, 64);
    default: return word(g) & 0xFFFF;
    }
}

static uint32_t size_val(gen *g)
{
    switch (rnd(g, 16)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return 100 + rnd(g, 200);
    default: return 1 + rnd(g, 40);
    }
}

/* A random subset of register writes (every register about half of the time). */
static void setup(gen *g)
{
    static const uint32_t ignored[] = { 0x28a90, 0x28a24, 0x30908, 0x28a7c + 0x100, 0x287ec, 0x28a84 };
    if (rnd(g, 2))
        regw(g, SI_VGT_DMA_BASE, REGION_BASE + 2 * rnd(g, 0x4000) + (rnd(g, 4) == 0));
    if (rnd(g, 3) == 0)
        regw(g, SI_VGT_DMA_BASE_HI, rnd(g, 2) ? 0 : word(g));
    if (rnd(g, 2))
        regw(g, SI_VGT_DMA_SIZE, size_val(g));
    if (rnd(g, 2)) {
        uint32_t m;
        switch (rnd(g, 4)) {
        case 0: m = 0xFFFFFFFFu; break;
        case 1: m = g->regs.dma_size; break;
        case 2: m = rnd(g, g->regs.dma_size + 1); break;
        default: m = size_val(g); break;
        }
        regw(g, SI_VGT_DMA_MAX_SIZE, m);
    }
    if (rnd(g, 2))
        regw(g, rnd(g, 2) ? SI_VGT_DMA_INDEX_TYPE : SI_VGT_INDEX_TYPE,
             rnd(g, 2) | (rnd(g, 2) << 2) | (rnd(g, 2) << 3) | (rnd(g, 4) == 0 ? word(g) & ~15u : 0));
    if (rnd(g, 3) == 0)
        regw(g, SI_VGT_DMA_INDEX_TYPE, rnd(g, 2) | (rnd(g, 4) << 2));
    if (rnd(g, 3) == 0)
        regw(g, rnd(g, 2) ? SI_VGT_NUM_INSTANCES : SI_VGT_DMA_NUM_INSTANCES, rnd(g, 4));
    if (rnd(g, 3) == 0)
        regw(g, SI_VGT_NUM_INDICES, size_val(g));
    if (rnd(g, 2))
        regw(g, SI_VGT_MULTI_PRIM_IB_RESET_EN, rnd(g, 2) | (rnd(g, 4) == 0 ? word(g) & ~1u : 0));
    if (rnd(g, 2)) {
        static const uint32_t rv[] = { 0xFFFF, 0xFFFFFFFF, 0x0000, 0x0001, 0x8000FFFF, 0x7FFF };
        regw(g, SI_VGT_MULTI_PRIM_IB_RESET_INDX, rnd(g, 4) ? rv[rnd(g, 6)] : rnd(g, 64));
    }
    if (rnd(g, 2)) {
        static const uint32_t ov[] = { 0, 1, 0xFFFFFFFF, 0x10000, 0x80000000u, 0xFFFF0000u };
        regw(g, SI_VGT_INDX_OFFSET, rnd(g, 2) ? ov[rnd(g, 6)] : word(g));
    }
    if (rnd(g, 2)) {
        uint32_t lo = rnd(g, 2) ? 0 : rnd(g, 2) ? rnd(g, 64) : word(g);
        uint32_t hi = rnd(g, 2) ? 0xFFFFFFFFu : rnd(g, 2) ? lo + rnd(g, 64) : word(g);
        regw(g, SI_VGT_MIN_VTX_INDX, lo);
        regw(g, SI_VGT_MAX_VTX_INDX, hi);
    }
    if (rnd(g, 8) == 0)
        regw(g, ignored[rnd(g, 6)], word(g));
}

/* A word of the index memory: two 16-bit halves. */
static uint32_t mem_word(void *ctx)
{
    gen *g = ctx;
    return half(g) | (half(g) << 16);
}

int si_vgt_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen g;
    memset(&g, 0, sizeof g);
    if (rc_stim_begin(&g.s, v, "si.vgt", seed, 0x56475400ull, count, 100000000, "index records", err, errn))
        return -1;
    rc_stim_preload(&g.s, REGION_BASE, 0, 1, REGION_WORDS, mem_word, &g);
    if (g.s.fail)
        return rc_stim_oom(&g.s, err, errn);

    uint64_t done = 0;
    while (done < count && !g.s.fail) {
        setup(&g);
        unsigned src = rnd(&g, 16) == 0 ? 1 + 2 * rnd(&g, 2) : rnd(&g, 3) == 0 ? 2 : 0;
        uint32_t init = src | (rnd(&g, 4) == 0 ? 0x20 : 0) | (rnd(&g, 2) << 2) | (rnd(&g, 2) << 6);
        if (src == 0 || src == 2) {
            uint64_t c = src == 2 ? g.regs.num_indices : g.regs.dma_size;
            uint64_t n = g.regs.ninst ? g.regs.ninst : 1;
            if (c * n > count - done) {   /* the last draw: exactly the records still wanted */
                regw(&g, SI_VGT_NUM_INSTANCES, 1);
                regw(&g, src == 2 ? SI_VGT_NUM_INDICES : SI_VGT_DMA_SIZE, (uint32_t)(count - done));
                c = count - done;
                n = 1;
            }
            done += c * n;
        }
        regw(&g, SI_VGT_DRAW_INITIATOR, init);
    }
    return rc_stim_end(&g.s, err, errn);
}
