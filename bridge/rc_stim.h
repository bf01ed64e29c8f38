/*
 * rc_stim.h - what every block's seeded random stimulus generator (the _stim.c of model/<family>/<name>)
 * shares: the run's random stream, the vector it fills, the current epoch's first cycle and its
 * count of queued inputs, the sticky failure, the count check, the memory preload and the
 * float-to-bits conversion.  A block's generator embeds an rc_stim as the member 's' of its own
 * state and keeps only what is the block's: its registers' shadow, palettes, sweeps and epochs.
 *
 * Header-only (static inline) over rc_rng.h and rc_vector.h: the helpers draw exactly what the
 * generators drew when each carried its own copy, so a seed gives the same vector as before.
 */
#ifndef RC_STIM_H
#define RC_STIM_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rc_rng.h"
#include "rc_vector.h"

typedef struct rc_stim {
    rc_rng rng;
    rc_vector *v;
    const char *block;        /* "<family>.<name>", the prefix of the error messages */
    uint64_t t;               /* the epoch's first cycle: rc_stim_input stamps its inputs with it */
    unsigned nw;              /* inputs rc_stim_input queued in this epoch */
    int fail;                 /* a write into the vector failed (out of memory) */
} rc_stim;

/* Start a run of 'count' units (1..max) into v, from the stream 'tag' of 'seed'.  Returns 0, or -1
 * with "BLOCK: --count must be 1..MAX UNIT" in err. */
static inline int rc_stim_begin(rc_stim *s, rc_vector *v, const char *block, uint64_t seed,
                                uint64_t tag, uint64_t count, uint64_t max, const char *unit,
                                char *err, size_t errn)
{
    memset(s, 0, sizeof *s);
    s->rng = rc_rng_make(seed, tag);
    s->v = v;
    s->block = block;
    if (count == 0 || count > max) {
        snprintf(err, errn, "%s: --count must be 1..%llu %s", block, (unsigned long long)max, unit);
        return -1;
    }
    return 0;
}

/* The end of a run (or a failed allocation): -1 with "BLOCK: out of memory" if anything failed. */
static inline int rc_stim_oom(const rc_stim *s, char *err, size_t errn)
{
    snprintf(err, errn, "%s: out of memory", s->block);
    return -1;
}

static inline int rc_stim_end(const rc_stim *s, char *err, size_t errn)
{
    return s->fail ? rc_stim_oom(s, err, errn) : 0;
}

/* A value in [0, n) and a random word. */
static inline uint32_t rc_stim_rnd(rc_stim *s, uint32_t n) { return (uint32_t)rc_rng_below(&s->rng, n); }
static inline uint32_t rc_stim_word(rc_stim *s) { return (uint32_t)rc_rng_next(&s->rng); }

/* The binary32 bits of f. */
static inline uint32_t rc_stim_f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* Queue an input on channel ch at the epoch's first cycle and count it. */
static inline void rc_stim_input(rc_stim *s, unsigned ch, const uint64_t *vals)
{
    if (rc_vector_add_input(s->v, ch, s->t, vals))
        s->fail = 1;
    s->nw++;
}

/* The same for a two-field (address, data) register-write channel. */
static inline void rc_stim_regw(rc_stim *s, unsigned ch, uint32_t addr, uint32_t data)
{
    uint64_t v[2] = { addr, data };
    rc_stim_input(s, ch, v);
}

/* Preload nregion regions of nwords words at base + k * stride, k = 0.., each word fill(ctx) in
 * order (region by region, address by address).  A failure sets s->fail. */
static inline void rc_stim_preload(rc_stim *s, uint32_t base, uint32_t stride, unsigned nregion,
                                   size_t nwords, uint32_t (*fill)(void *ctx), void *ctx)
{
    uint32_t *words = malloc(nwords * sizeof *words);
    if (!words) {
        s->fail = 1;
        return;
    }
    for (unsigned k = 0; k < nregion; k++) {
        for (size_t i = 0; i < nwords; i++)
            words[i] = fill(ctx);
        if (rc_vector_add_mem(s->v, base + stride * k, words, nwords))
            s->fail = 1;
    }
    free(words);
}

/* The epoch loop of the generators that program registers, then send units (fragments, pixels)
 * on what they programmed: until count units are out, an epoch's set-up(ctx, sw, idx), where 3
 * epochs in 4 take the next of nsweep sweep entries (sw 1, idx its index; else sw 0, idx 0); then
 * units(ctx, n) with n 8..32 in a sweep epoch, else 1..64 or, one time in eight, 1..max (never
 * more than are left); the next epoch starts nw + cost * n + [0, jitter) cycles later; then
 * after(ctx, last), if given (last: the count is reached).  A units() failure sets s->fail. */
typedef struct rc_stim_epochs {
    unsigned nsweep, max, cost, jitter;
    void (*setup)(void *ctx, int sw, unsigned idx);
    int (*units)(void *ctx, unsigned n);
    void (*after)(void *ctx, int last);
} rc_stim_epochs;

static inline void rc_stim_run(rc_stim *s, const rc_stim_epochs *e, void *ctx, uint64_t count)
{
    uint64_t done = 0;
    unsigned sweep = 0;
    for (unsigned epoch = 0; done < count; epoch++) {
        int sw = epoch % 4 != 3 && sweep < e->nsweep;
        e->setup(ctx, sw, sw ? sweep++ : 0);
        unsigned n = sw ? 8 + rc_stim_rnd(s, 25) : 1 + rc_stim_rnd(s, rc_stim_rnd(s, 8) ? 64 : e->max);
        if (n > count - done)
            n = (unsigned)(count - done);
        if (e->units(ctx, n))
            s->fail = 1;
        done += n;
        s->t += s->nw + (uint64_t)e->cost * n + rc_stim_rnd(s, e->jitter);
        s->nw = 0;
        if (e->after)
            e->after(ctx, done >= count);
    }
}

/* A fill for rc_stim_preload: random words (ctx is the rc_stim). */
static inline uint32_t rc_stim_fill_word(void *ctx) { return rc_stim_word(ctx); }

#endif
