/*
 * rc_engine.c - the run (rc_engine.h): a run's defaults, the set-up and tear-down of its sides,
 * and rc_run_exec, which offers the run to the block's generated loop (rc_fastrun.c) and
 * otherwise runs the table walk (rc_loop.c), with --threads 2 (rc_mthread.c) and the pictures
 * (rc_images.c).  What each file of the engine does: rc_engine_int.h.
 *
 * Per cycle, before the clock edge: choose every input offer (from the vector, or the memory
 * agent) and every output ready (from the back-pressure policy), drive the same values into
 * each side, evaluate, and compare: in exact mode each input's ready, each output's valid, the
 * payload of each valid output and every status signal; in ordered mode only the sequence of
 * output transactions.  Then fire handshakes and clock every side.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rc_engine_int.h"

void rc_run_defaults(rc_run *r)
{
    memset(r, 0, sizeof *r);
    r->mode = RC_EXACT;
    r->expected_mode = RC_EXACT;
    r->lat_min = r->lat_max = 1;
    r->max_cycles = 100000000ull;
    r->watchdog = 10000;
    r->max_mismatches = 1;
    r->history = 8;
    r->report = stdout;
}

void eng_init(eng *e, const rc_run *r, rc_result *res)
{
    memset(e, 0, sizeof *e);
    e->r = r;
    e->b = r->blk;
    e->res = res;
    e->ns = r->nsides;
    e->hdepth = r->history > HIST_MAX ? HIST_MAX : r->history;
    for (unsigned c = 0; c < r->blk->nchannels; c++)
        e->bp[c].rng = rc_rng_make(r->seed, 0x62700000ull + c);
}

void eng_channels(eng *e)
{
    const rc_block_desc *b = e->b;
    for (unsigned c = 0; c < b->nchannels; c++) {
        const rc_channel *ch = &b->channels[c];
        if (ch->dir == RC_OUT)
            e->outc[e->nout++] = c;
        else if (!ch->agent)
            e->vin[e->nvin++] = c;
    }
    e->fast = b->fast;
}

void eng_labels(eng *e)
{
    if (e->ns == 2 && e->s[0].ops == e->s[1].ops) {
        e->s[0].label = "actual";
        e->s[1].label = "expected";
    }
}

int eng_side_open(eng *e, int k, const rc_side_ops *ops)
{
    side *s = &e->s[k];
    const rc_run *r = e->r;
    s->ops = ops;
    for (unsigned c = 0; c < RC_MAX_CHANNELS; c++)
        s->drv_pos[c] = SIZE_MAX;
    s->label = ops->kind;
    s->ports = calloc(e->b->nwords ? e->b->nwords : 1, sizeof *s->ports);
    s->hist = calloc(RC_MAX_CHANNELS, sizeof *s->hist);
    if (!s->ports || !s->hist)
        return -1;
    rc_side_config cfg = { r->seed, r->wave && k == 0 ? r->wave_path : NULL };
    s->h = ops->create(&cfg);
    if (!s->h)
        return -1;
    for (unsigned m = 0; m < e->b->nmem && m < MAX_MEM; m++) {
        rc_memagent_init(&s->mem[m], &e->b->mem[m], r->seed, m, r->lat_min, r->lat_max);
        for (size_t i = 0; r->vec && i < r->vec->nmem; i++) {
            const rc_memchunk *mc = &r->vec->mem[i];
            for (size_t w = 0; w < mc->nwords; w++)
                rc_memimg_write(&s->mem[m].img, mc->addr + 4 * (uint32_t)w, 4, mc->words[w], 0xF);
        }
    }
    ops->reset(s->h, s->ports);
    return 0;
}

void eng_side_close(eng *e, int k)
{
    side *s = &e->s[k];
    if (s->h)
        s->ops->destroy(s->h);
    for (unsigned m = 0; m < e->b->nmem && m < MAX_MEM; m++)
        rc_memagent_free(&s->mem[m]);
    for (unsigned c = 0; c < RC_MAX_CHANNELS; c++) {
        free(s->q[c].cyc);
        free(s->q[c].vals);
    }
    free(s->ports);
    free(s->hist);
}

int rc_run_exec(const rc_run *r, rc_result *res)
{
    int fast = eng_fast_try(r, res);
    if (fast == 0)
        return 0;
    if (fast == 2 && r->threads > 1) {
        rc_run one = *r;
        one.threads = 1;
        return rc_run_exec(&one, res);
    }
    eng e;
    eng_init(&e, r, res);
    memset(res, 0, sizeof *res);
    res->first.channel = res->first.status = -1;
    const rc_block_desc *b = r->blk;
    for (int k = 0; k < e.ns; k++) {
        if (eng_side_open(&e, k, r->sides[k])) {
            snprintf(res->summary, sizeof res->summary, "cannot create the %s side", r->sides[k]->kind);
            res->status = RC_ERROR;
            for (int j = 0; j <= k; j++)
                eng_side_close(&e, j);
            return -1;
        }
    }
    e.shared_mem = e.ns == 2 && r->mode == RC_EXACT && !r->wave;
    eng_channels(&e);
    e.fastok = !r->nfaults && !r->wave;
    if (eng_mt_applies(&e))
        eng_mt_start(&e, &e.mt);
    eng_labels(&e);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);

    int done = eng_loop_run(&e);
    if (done && !e.stop)
        eng_loop_finish(&e);
    if (e.mt) {
        eng_mt_stop(&e, e.mt);
        if (e.aborted) {
            /* Something to report: the one-thread run does it, identically to a run without
             * --threads (it is deterministic). */
            for (int k = 0; k < e.ns; k++)
                eng_side_close(&e, k);
            rc_run one = *r;
            one.threads = 1;
            return rc_run_exec(&one, res);
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    res->seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    res->cycles = e.cycle;
    for (unsigned c = 0; c < b->nchannels; c++)
        res->txns[c] = b->channels[c].dir == RC_OUT ? e.s[0].fired[c] : e.s[0].in_pos[c];
    if (r->png_dir && b->images && b->nmem)
        eng_write_images(&e);
    for (int k = 0; k < e.ns; k++)
        eng_side_close(&e, k);
    return 0;
}
