/*
 * fuzz_cp_pm4.c - libFuzzer target: an arbitrary PM4 stream fed to the r5xx.cp C model through
 * its ports, by the engine (model side alone, random back-pressure and memory latency).  Input:
 * byte 0 sets the ring size (CP_RB_CNTL bits 5:0), bytes 1..2 the write pointer, the rest are
 * the ring's words at 0x00100000 (and whatever an indirect buffer points into).  Every input must
 * end as pass, mismatch or hang within the bounds below (docs/hardening.md, "Hostile streams"),
 * never as a crash.
 */
#include "fuzz_common.h"
#include "rc_engine.h"
#include "rc_vector.h"

#define RING 0x00100000u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    const rc_block_desc *b = &r5xx_cp_block;
    rc_vector v;
    rc_vector_init(&v, b);
    size_t nw = (size - 3) / 4;
    uint32_t *w = calloc(nw ? nw : 1, sizeof *w);
    for (size_t i = 0; i < nw; i++)
        memcpy(&w[i], data + 3 + 4 * i, 4);
    if (nw)
        rc_vector_add_mem(&v, RING, w, nw);
    free(w);
    uint32_t wptr = (uint32_t)data[1] | (uint32_t)data[2] << 8;
    /* The host writes of vectors/r5xx/cp/type0_worked.vec with the fuzzed size and pointer. */
    const uint64_t host[][2] = {
        { 0x0700, RING }, { 0x0704, 0x80000000u | (data[0] & 0x3f) }, { 0x070c, 0 }, { 0x071c, 0 },
        { 0x0714, 0 }, { 0x0704, data[0] & 0x3f }, { 0x0718, 0 }, { 0x0714, wptr },
    };
    int ch = -1;
    for (unsigned c = 0; c < b->nchannels; c++)
        if (!strcmp(b->channels[c].name, "host"))
            ch = (int)c;
    if (ch < 0)
        abort();
    for (size_t i = 0; i < sizeof host / sizeof host[0]; i++)
        rc_vector_add_input(&v, (unsigned)ch, 0, host[i]);
    rc_run r;
    rc_run_defaults(&r);
    r.blk = b;
    r.vec = &v;
    r.sides[0] = b->model;
    r.nsides = 1;
    r.seed = data[0];
    rc_policy_parse("random:0.5", &r.bp);
    r.lat_min = 1;
    r.lat_max = 5;
    r.max_cycles = 200000;
    r.watchdog = 5000;
    FILE *null = fopen("/dev/null", "w");
    r.report = null;
    rc_result res;
    rc_run_exec(&r, &res);
    if (res.status == RC_ERROR && strstr(res.summary, "internal"))
        abort();
    fclose(null);
    rc_vector_free(&v);
    return 0;
}
