/*
 * tiny_model.c - the C model of test.tiny (rtl/test/tiny/test_tiny.sv): two bytes added, the
 * sum held in a one-entry output register.  Used only by tests/blocks/scratch_test.py.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rc_rng.h"
#include "rc_vector.h"
#include "test_tiny_ports.h"

typedef struct tiny {
    int full;
    uint64_t sum;
} tiny;

static void *tiny_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(tiny));
}

static void tiny_destroy(void *h) { free(h); }

static void tiny_eval(void *h, uint64_t *ports)
{
    tiny *s = h;
    test_tiny_ports *p = (test_tiny_ports *)ports;
    p->a_ready = !s->full || p->s_ready;
    p->s_valid = (uint64_t)s->full;
    p->s_sum = s->sum;
    p->idle = (uint64_t)!s->full;
}

static void tiny_tick(void *h, const uint64_t *ports)
{
    tiny *s = h;
    const test_tiny_ports *p = (const test_tiny_ports *)ports;
    int take = p->a_valid && p->a_ready;
    if (s->full && p->s_ready)
        s->full = 0;
    if (take) {
        s->full = 1;
        s->sum = (p->a_x + p->a_y) & 0x1FF;
    }
}

static void tiny_reset(void *h, uint64_t *ports)
{
    memset(h, 0, sizeof(tiny));
    tiny_eval(h, ports);
}

const rc_side_ops test_tiny_model_ops = {
    .kind = "model", .create = tiny_create, .destroy = tiny_destroy, .reset = tiny_reset,
    .eval = tiny_eval, .tick = tiny_tick
};

int test_tiny_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    rc_rng rng = rc_rng_make(seed, 0x54494e59ull);
    for (uint64_t i = 0; i < count; i++) {
        uint64_t w[2] = { rc_rng_below(&rng, 256), rc_rng_below(&rng, 256) };
        if (rc_vector_add_input(v, TEST_TINY_CH_A, 0, w)) {
            snprintf(err, errn, "test.tiny: out of memory");
            return -1;
        }
    }
    return 0;
}
