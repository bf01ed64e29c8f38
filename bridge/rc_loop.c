/*
 * rc_loop.c - the cycle loop of the table walk: one cycle (offers and readies driven, sides
 * evaluated, compared, handshakes fired, clocked, the watchdog), the loop of a run, and the
 * end checks.  The pieces are rc_cycle.c's; comparisons rc_compare.c's; reports rc_report.c's.
 * A session (rc_session.c) runs the same cycle one step at a time.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rc_engine_int.h"

/* One cycle of the loop (e->cycle); returns 1 when the run ends there. */
static inline __attribute__((always_inline)) int cycle_one(eng *e, loopstate *ls)
{
    const rc_run *r = e->r;
    const rc_block_desc *b = e->b;
    rc_result *res = e->res;
    {
        if (e->cycle >= r->max_cycles) {
            if (e->mt) {
                e->aborted = 1;
                return 1;
            }
            eng_report_hang(e, 0);
            return 1;
        }
        if (r->wave && r->wave_stop && e->cycle > r->wave_to)
            return 1;
        if (r->bp.kind != RC_BP_ALWAYS || e->cycle == 0)
            for (unsigned c = 0; c < b->nchannels; c++)
                if (b->channels[c].dir == RC_OUT)
                    e->ready[c] = eng_policy_ready(e, c);
        eng_drive_inputs(e, &e->s[0]);
        if (e->ns == 2) {
            if (e->mt) {
                /* side 1 drives itself on its own thread */
            } else if (r->mode == RC_EXACT && !res->mismatches) {
                /* In exact mode, until a mismatch, both sides consumed the same inputs: side 1
                 * gets side 0's input words; only its memory agent answers from its own image. */
                memcpy(e->s[1].ports, e->s[0].ports, b->nwords * sizeof *e->s[1].ports);
                ls->s1_copied = 1;
                if (!e->shared_mem)
                    for (unsigned m = 0; m < b->nmem && m < MAX_MEM; m++)
                        rc_memagent_offer(&e->s[1].mem[m], b, e->cycle, e->s[1].ports);
            } else {
                if (ls->s1_copied) {            /* its words came from side 0 until now */
                    for (unsigned c = 0; c < RC_MAX_CHANNELS; c++)
                        e->s[1].drv_pos[c] = SIZE_MAX;
                    ls->s1_copied = 0;
                }
                eng_drive_inputs(e, &e->s[1]);
            }
        }
        if (r->wave) {
            eng_wave_eval(e);
        } else {
            for (int k = 0; k < e->ns; k++) {
                if (k == 1 && e->mt)
                    eng_mt_take(e->mt, e->cycle, e->s[1].ports);
                else
                    e->s[k].ops->eval(e->s[k].h, e->s[k].ports);
                if (r->nfaults)
                    eng_apply_faults(e, k);
            }
        }
        /* The generated comparison says whether there is anything to report; the table walk
         * (compare_exact) then finds it. */
        if (e->ns == 2 && r->mode == RC_EXACT && (!e->fast || !e->fastok || e->fast->differ(e->s[0].ports, e->s[1].ports))) {
            mismatch m;
            unsigned at = 0;
            while (!e->stop && eng_compare_exact(e, &at, &m))
                eng_report_mismatch(e, &m);
        }
        uint32_t fired0 = fired_mask(e, 0);
        if (r->check_expected || r->record || r->trace_channels) {
            for (unsigned i = 0; i < e->nout && !e->stop; i++) {
                unsigned c = e->outc[i];
                const rc_channel *ch = &b->channels[c];
                int fired = (int)(fired0 >> c & 1);
                if (!fired) {
                    /* Nothing to record or trace; the vector can only miss a transaction due now. */
                    const rc_txlist *l = &r->vec->out[c];
                    if (!r->check_expected || r->expected_mode != RC_EXACT || e->exp_pos[c] >= l->n ||
                        l->cycle[e->exp_pos[c]] != e->cycle)
                        continue;
                }
                uint64_t vals[RC_MAX_FIELDS];
                if (fired)
                    gather(&e->s[0], ch, vals);
                mismatch m;
                if (r->check_expected && eng_compare_expected(e, c, fired, vals, &m))
                    eng_report_mismatch(e, &m);
                if (fired && (r->trace_channels >> c & 1) && r->trace)
                    eng_report_trace(e, c, vals);
                if (fired && r->record && rc_txlist_push(&r->record->out[c], e->cycle, vals))
                    abort();
            }
        }
        if (e->stop)
            return 1;
        ls->done = 1;
        for (int k = 0; k < e->ns; k++)
            ls->done &= eng_side_done(e, &e->s[k]);
        if (ls->done && !ls->session)
            return 1;
        int moved = 0;
        moved |= eng_side_edge(e, 0, fired0);
        if (e->ns == 2)
            moved |= eng_side_edge(e, 1, fired_mask(e, 1));
        if (r->mode == RC_ORDERED && e->ns == 2)
            for (unsigned c = 0; c < b->nchannels; c++) {
                mismatch m;
                while (b->channels[c].dir == RC_OUT && !e->stop && eng_compare_ordered(e, c, &m))
                    eng_report_mismatch(e, &m);
            }
        for (int k = 0; k < (e->mt ? 1 : e->ns); k++)
            e->s[k].ops->tick(e->s[k].h, e->s[k].ports);
        /* An RTL assertion at this edge ends the run (docs/hardening.md). */
        if (eng_check_faults(e))
            return 1;
        if (moved || ls->done || (e->cycle - ls->last_progress >= r->watchdog && eng_future_input(e, &e->s[0])))
            ls->last_progress = e->cycle;
        else if (e->cycle - ls->last_progress >= r->watchdog && !e->stop) {
            if (e->mt) {
                e->aborted = 1;
                return 1;
            }
            eng_report_hang(e, 1);
            return 1;
        }
        if (ls->skip_ok && !moved && !e->stop)
            eng_skip_ahead(e, &ls->last_progress);
    }
    return 0;
}

int eng_loop_cycle(eng *e, loopstate *ls)
{
    return cycle_one(e, ls);
}

int eng_loop_run(eng *e)
{
    const rc_run *r = e->r;
    loopstate ls = { 0, 0, 0, e->ns == 1 && r->sides[0]->skip && !r->wave && !r->nfaults && !r->tables, 0 };
    for (e->cycle = 0; !e->stop; e->cycle++)
        if (cycle_one(e, &ls))
            return 1;
    return ls.done;
}

void eng_loop_finish(eng *e)
{
    mismatch m;
    unsigned at = 0;
    while (!e->stop && eng_compare_end(e, &at, &m))
        eng_report_mismatch(e, &m);
}
