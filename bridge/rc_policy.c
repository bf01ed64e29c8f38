/*
 * rc_policy.c - output back-pressure: parsing a policy (rc_policy.h) and the engine's per-cycle
 * draws of each output channel's ready from its own seeded stream.
 */
#include <stdio.h>
#include <string.h>

#include "rc_args.h"
#include "rc_engine_int.h"

int rc_policy_parse(const char *text, rc_policy *p)
{
    char extra;
    double d;
    unsigned u;
    memset(p, 0, sizeof *p);
    if (!strcmp(text, "always")) {
        p->kind = RC_BP_ALWAYS;
        return 0;
    }
    if (sscanf(text, "random:%lf%c", &d, &extra) == 1 && d > 0.0 && d <= 1.0) {
        p->kind = RC_BP_RANDOM;
        p->p = d;
        return 0;
    }
    if (!strncmp(text, "bursty:", 7) && !rc_parse_uint_range(text + 7, 1, 1000000, &u)) {
        p->kind = RC_BP_BURSTY;
        p->burst = u;
        return 0;
    }
    return -1;
}

uint64_t eng_policy_ready(eng *e, unsigned c)
{
    bpstate *st = &e->bp[c];
    const rc_policy *p = &e->r->bp;
    switch (p->kind) {
    case RC_BP_ALWAYS:
        return 1;
    case RC_BP_RANDOM:
        return (double)(rc_rng_next(&st->rng) >> 11) * (1.0 / 9007199254740992.0) < p->p;
    case RC_BP_BURSTY:
        if (!st->left) {
            st->on = !st->on;
            st->left = 1 + rc_rng_below(&st->rng, p->burst);
        }
        st->left--;
        return (uint64_t)st->on;
    }
    return 1;
}

/* The back-pressure of the generated run: the engine's own draws. */
void eng_policy_readies(void *ctx, uint64_t *ready)
{
    eng *e = ctx;
    for (unsigned i = 0; i < e->nout; i++)
        ready[e->outc[i]] = eng_policy_ready(e, e->outc[i]);
}
