/*
 * rc_fastrun.c - the dispatch to the block's generated loop (rc_block_fast.run, written by
 * scripts/blockgen.py): the common runs go there first, with the engine's back-pressure draws
 * and, with --threads 2, the model's words from its thread; the table walk (rc_loop.c) does
 * every run it does not take, and every run that has anything to report.
 */
#include <stdlib.h>
#include <string.h>

#include "rc_engine_int.h"

/* The model's words from its thread (--threads 2), for the generated run. */
static int fast_model_words(void *ctx, uint64_t cycle, uint64_t *words)
{
    eng *e = ctx;
    return eng_mt_take(e->mt, cycle, words);
}

/* The common runs go to the block's generated loop (rc_block_fast.run) first: the RTL alone or
 * RTL and model in exact lockstep (the model on its own thread with --threads 2), with nothing
 * that writes while it runs.  Returns 0 (passed, res filled), 1 (does not apply) or 2 (it gave
 * up at the first thing to report: the run is then done by the table walk, on one thread; the
 * same run, it is deterministic, and it writes the report). */
int eng_fast_try(const rc_run *r, rc_result *res)
{
    const rc_block_desc *b = r->blk;
    if (r->tables || !b->fast || !b->fast->run || !r->vec || r->wave || r->nfaults || r->trace_channels ||
        r->png_dir || r->mode != RC_EXACT ||
        (r->check_expected && r->expected_mode != RC_EXACT))
        return 1;
    int lock = r->nsides == 2 && r->sides[0] == b->rtl && r->sides[1] == b->model;
    int alone = r->nsides == 1 && r->sides[0] == b->model;
    if (!lock && !alone && !(r->nsides == 1 && r->sides[0] == b->rtl))
        return 1;
    if (r->record && !alone)
        return 1;
    eng e;
    memset(&e, 0, sizeof e);
    e.r = r;
    e.b = b;
    e.ns = r->nsides;
    e.fast = b->fast;
    e.shared_mem = lock;
    for (unsigned c = 0; c < b->nchannels; c++) {
        e.bp[c].rng = rc_rng_make(r->seed, 0x62700000ull + c);
        if (b->channels[c].dir == RC_OUT)
            e.outc[e.nout++] = c;
        else if (!b->channels[c].agent)
            e.vin[e.nvin++] = c;
    }
    rc_fast_args a = { r->vec, r->seed, r->lat_min, r->lat_max, r->max_cycles, r->watchdog, lock, alone,
                       r->record, r->check_expected, r->bp.kind == RC_BP_ALWAYS ? NULL : eng_policy_readies,
                       NULL, NULL, &e };
    /* --threads 2: the model on its own thread, running the block's generated model-alone loop
     * (mt_fast_main) from a copy of this engine's back-pressure streams. */
    mthread *mt = NULL;
    if (lock && r->threads > 1 && eng_mt_applies(&e)) {
        if (eng_mt_start_fast(&e, &a, &mt))
            return 1;
        e.mt = mt;
        a.model_words = fast_model_words;
    }
    rc_fast_result fr;
    memset(&fr, 0, sizeof fr);
    int gave_up = b->fast->run(&a, &fr);
    if (mt)
        eng_mt_stop(&e, mt);
    if (gave_up)
        return 2;
    memset(res, 0, sizeof *res);
    res->first.channel = res->first.status = -1;
    res->status = RC_PASS;
    res->cycles = fr.cycles;
    res->seconds = fr.seconds;
    memcpy(res->txns, fr.txns, sizeof res->txns);
    return 0;
}
