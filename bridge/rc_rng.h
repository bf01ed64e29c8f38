/*
 * rc_rng.h - the harness's only source of randomness: a small, fast, seedable generator.
 * Every random choice in a run derives from the run's one printed seed through rc_seed_mix(),
 * so the same seed gives the same bytes.
 */
#ifndef RC_RNG_H
#define RC_RNG_H

#include <stdint.h>

typedef struct rc_rng { uint64_t s; } rc_rng;

/* splitmix64: good enough statistically, one multiply chain per draw. */
static inline uint64_t rc_rng_next(rc_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A value in [0, n), n > 0. */
static inline uint64_t rc_rng_below(rc_rng *r, uint64_t n)
{
    return (uint64_t)(((unsigned __int128)rc_rng_next(r) * n) >> 64);
}

/* Derive an independent stream seed from the run seed and a purpose tag. */
static inline uint64_t rc_seed_mix(uint64_t seed, uint64_t tag)
{
    rc_rng r = { seed ^ (tag * 0xD1342543DE82EF95ull) };
    rc_rng_next(&r);
    return rc_rng_next(&r);
}

static inline rc_rng rc_rng_make(uint64_t seed, uint64_t tag)
{
    rc_rng r = { rc_seed_mix(seed, tag) };
    return r;
}

#endif
