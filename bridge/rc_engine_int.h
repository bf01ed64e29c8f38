/*
 * rc_engine_int.h - what the files of the lockstep engine share (bridge/ only, not an API): the
 * engine's state (struct eng: its sides, histories, ordered-mode queues, back-pressure streams),
 * the mismatch record a comparison returns and the reporter writes, and the functions one file
 * of the engine calls in another.  The files, one job each:
 *
 *   rc_engine.c   the run: set-up, rc_run_exec (rc_engine.h)
 *   rc_fastrun.c  the dispatch to the block's generated loop (rc_block_fast.run)
 *   rc_loop.c     the cycle loop of the table walk, one cycle at a time
 *   rc_cycle.c    per-cycle pieces: driving inputs, faults, handshakes, idle, skip-ahead, the
 *                 waveform re-run's evaluation
 *   rc_compare.c  the comparisons: each returns a mismatch record, none prints
 *   rc_report.c   the reporter: counts a mismatch record and writes it (and hangs, --trace)
 *   rc_policy.c   the back-pressure policies (parse, per-cycle draws)
 *   rc_mthread.c  --threads 2: the model side on its own thread
 *   rc_images.c   --png: the final surfaces as pictures
 *   rc_session.c  the steppable session (rc_session.h)
 */
#ifndef RC_ENGINE_INT_H
#define RC_ENGINE_INT_H

#include <stdint.h>
#include "rc_engine.h"
#include "rc_mem.h"
#include "rc_rng.h"

#define MAX_MEM 4
#define HIST_MAX 64

typedef struct hist {
    unsigned n, head;
    uint64_t cyc[HIST_MAX];
    uint64_t idx[HIST_MAX];
    uint64_t vals[HIST_MAX][RC_MAX_FIELDS];
} hist;

typedef struct oqueue {      /* ordered mode: transactions not yet matched with the other side */
    size_t head, n, cap;
    uint64_t *cyc;
    uint64_t *vals;
} oqueue;

typedef struct side {
    const rc_side_ops *ops;
    void *h;
    uint64_t *ports;
    const char *label;
    size_t in_pos[RC_MAX_CHANNELS];
    /* What drive_inputs last wrote into an input channel's words: the transaction index and
     * whether it was offered (SIZE_MAX: nothing yet, or overwritten).  The words are written
     * again only when that changes. */
    size_t drv_pos[RC_MAX_CHANNELS];
    int drv_on[RC_MAX_CHANNELS];
    uint64_t fired[RC_MAX_CHANNELS];
    rc_memagent mem[MAX_MEM];
    hist *hist;                  /* per channel */
    oqueue q[RC_MAX_CHANNELS];
} side;

typedef struct bpstate {
    rc_rng rng;
    uint64_t left;               /* bursty: cycles left in the current run */
    int on;
} bpstate;

typedef struct eng {
    const rc_run *r;
    const rc_block_desc *b;
    rc_result *res;
    side s[2];
    int ns;
    bpstate bp[RC_MAX_CHANNELS];
    uint64_t ready[RC_MAX_CHANNELS];
    size_t exp_pos[RC_MAX_CHANNELS];
    uint64_t cycle;
    int stop;
    unsigned hdepth;
    /* Exact lockstep, until the first mismatch: both sides made the same memory requests on the
     * same cycles (every request, write data and byte enable is compared each cycle), so one
     * memory agent serves both; side 1's agent is forked from side 0's at the first mismatch. */
    int shared_mem;
    /* The per-cycle work, compiled once from the tables: the vector-fed input channels, the
     * output channels, the memory ports; and the block's generated code (rc_block_fast), or
     * NULL.  'fastok' when no fault injection or waveform re-run needs the table walk. */
    unsigned nvin, nout;
    unsigned vin[RC_MAX_CHANNELS], outc[RC_MAX_CHANNELS];
    uint32_t outmask, vinmask;
    const rc_block_fast *fast;
    int fastok;
    /* --threads 2: the model runs on its own thread (struct mthread); this run only probes: at
     * the first thing it would report it stops ('aborted') without writing anything, and the
     * run is done again on one thread, which writes the report. */
    struct mthread *mt;
    int aborted;
    int wave_injected;               /* the waveform wrapper holds a fault mask (eng_wave_eval) */
} eng;

/* What the cycle loop carries from one cycle to the next (a session keeps it between steps). */
typedef struct loopstate {
    uint64_t last_progress;
    int done, s1_copied, skip_ok;
    int session;                      /* rc_session: being done is not the end (more may come) */
} loopstate;

/* ---- set-up (rc_engine.c) ---- */

/* The state every run starts from: bookkeeping of the block's channels and the back-pressure
 * streams (res may be NULL: the generated run's probe). */
void eng_init(eng *e, const rc_run *r, rc_result *res);
/* The per-run lists of vector-fed inputs and outputs, and the generated code. */
void eng_channels(eng *e);
/* Labels "actual"/"expected" when both sides are of one kind. */
void eng_labels(eng *e);
int eng_side_open(eng *e, int k, const rc_side_ops *ops);
void eng_side_close(eng *e, int k);

/* ---- the back-pressure policy (rc_policy.c) ---- */

/* The ready of output channel c for this cycle: one draw from its stream. */
uint64_t eng_policy_ready(eng *e, unsigned c);
/* rc_fast_args.readies: every output's draw for this cycle, in channel order. */
void eng_policy_readies(void *ctx, uint64_t *ready);

/* ---- per-cycle pieces (rc_cycle.c) ---- */

void eng_drive_inputs(eng *e, side *s);
void eng_apply_faults(eng *e, int k);
/* The waveform re-run's evaluation of both sides (rc_run.wave). */
void eng_wave_eval(eng *e);
/* Handshakes of side k at the edge ('fired': its fired channels).  Returns 1 if anything moved. */
int eng_side_edge(eng *e, int k, uint32_t fired);
int eng_side_done(eng *e, const side *s);
int eng_future_input(eng *e, const side *s);
void eng_skip_ahead(eng *e, uint64_t *last_progress);

/* Bit c: channel c fires at this edge on side k. */
static inline uint32_t fired_mask(const eng *e, int k)
{
    const uint64_t *P = e->s[k].ports;
    if (e->fast)
        return e->fast->fired(P);
    uint32_t m = 0;
    for (unsigned c = 0; c < e->b->nchannels; c++)
        if (P[e->b->channels[c].valid_word] && P[e->b->channels[c].ready_word])
            m |= 1u << c;
    return m;
}

/* A channel's field values from a side's port words. */
static inline void gather(const side *s, const rc_channel *ch, uint64_t *vals)
{
    for (unsigned f = 0; f < ch->nfields; f++)
        vals[f] = s->ports[ch->fields[f].word];
}

/* Whether field f differs between transactions a and b (its mask and condition applied). */
static inline int field_differs(const rc_channel *ch, unsigned f, const uint64_t *a, const uint64_t *b)
{
    const rc_field *fd = &ch->fields[f];
    if (fd->cond >= 0 && !a[fd->cond] && !b[fd->cond])
        return 0;
    return ((a[f] ^ b[f]) & fd->cmp_mask) != 0;
}

/* ---- comparisons (rc_compare.c) and the mismatch record ---- */

typedef enum mm_kind {
    MM_READY,        /* exact lockstep: an input channel's ready */
    MM_VALID,        /* exact lockstep: an output channel's valid */
    MM_FIELDS,       /* exact lockstep: an output transaction's payload */
    MM_VFIELDS,      /* vector: side 0's transaction's payload against the vector's */
    MM_STATUS,       /* exact lockstep: a status signal */
    MM_MISSING,      /* vector, exact: a transaction due at this cycle did not fire */
    MM_UNEXPECTED,   /* vector: a transaction fired that the vector does not expect here */
    MM_ORDERED,      /* ordered mode: the n-th transactions of the two sides differ */
    MM_NEVER,        /* at the end: a transaction the vector expects never came */
    MM_COUNT,        /* at the end: the sides fired different numbers of transactions */
    MM_MEMORY,       /* at the end: the sides' final memory images differ */
    MM_ASSERT        /* an RTL assertion failed at this cycle's edge (rc_side_ops.fault) */
} mm_kind;

/* One mismatch as a comparison found it; the reporter (report_mismatch) counts and writes it. */
typedef struct mismatch {
    mm_kind kind;
    uint64_t cycle;
    int channel;                      /* channel index, or -1 (status signal, memory) */
    int signal;                       /* MM_STATUS: status index; MM_MEMORY: memory port */
    uint64_t index;                   /* transaction number on the channel */
    uint32_t field;                   /* bit f: field f differs (MM_FIELDS, MM_VFIELDS, MM_ORDERED) */
    const char *exp_label, *act_label;
    /* The single values compared: ready, valid, status (both sides); MM_COUNT: transactions
     * fired; MM_MEMORY: the first differing byte (at 'addr'); MM_NEVER: the vector's
     * transaction count (expected) and side 0's (actual); MM_MISSING: side 0's valid (actual)
     * and ready ('ready'). */
    uint64_t expected, actual;
    uint32_t addr;                    /* MM_MEMORY */
    /* The transactions: exp_cycle/act_cycle are their cycles (MM_ORDERED; MM_NEVER and
     * MM_UNEXPECTED: the vector's next one, UINT64_MAX none left). */
    int has_exp, has_act;
    uint64_t exp[RC_MAX_FIELDS], act[RC_MAX_FIELDS];
    uint64_t exp_cycle, act_cycle;
    uint64_t ready;                   /* MM_MISSING: side 0's ready */
    const char *text;                 /* MM_ASSERT: the side's assertion line (rc_side_ops.fault) */
} mismatch;

/* Exact lockstep of sides 0 (actual) and 1 (expected) before the edge: the next mismatch from
 * *at on (channels, then status signals).  Returns 1 with *m filled and *at past it, 0 at the end. */
int eng_compare_exact(eng *e, unsigned *at, mismatch *m);
/* Side 0's output channel c against the vector's expected outputs ('fired': whether it fired,
 * with avals; exact mode by cycle stamp, or ordered).  Returns 1 with *m on a mismatch. */
int eng_compare_expected(eng *e, unsigned c, int fired, const uint64_t *avals, mismatch *m);
/* Ordered mode: the next mismatching pair of channel c's queued transactions (the pairs up to
 * it are consumed).  Returns 1 with *m, 0 when no pair is left. */
int eng_compare_ordered(eng *e, unsigned c, mismatch *m);
/* The end of a run: the next of the end checks (expected transactions never came, counts,
 * final memory) from *at on.  Returns 1 with *m, 0 at the end. */
int eng_compare_end(eng *e, unsigned *at, mismatch *m);

/* ---- the reporter (rc_report.c) ---- */

/* Text into the run's report (nothing when there is none, or in a --threads 2 probe). */
void eng_out(eng *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Counts a mismatch (the first one fixes rc_result's verdict and first-mismatch record; the
 * last allowed stops the run) and writes it into the report. */
void eng_report_mismatch(eng *e, const mismatch *m);
/* After an edge: any side's RTL assertion (rc_side_ops.fault) is reported and stops the run.
 * Returns 1 when one was. */
int eng_check_faults(eng *e);
/* A hang: 'watchdog' 1 no progress for rc_run.watchdog cycles, 0 --max-cycles reached. */
void eng_report_hang(eng *e, int watchdog);
/* --trace: one transaction of side 0 on channel c. */
void eng_report_trace(eng *e, unsigned c, const uint64_t *vals);

/* ---- the loop (rc_loop.c) ---- */

/* One cycle of the loop (e->cycle); returns 1 when the run ends there. */
int eng_loop_cycle(eng *e, loopstate *ls);
/* The cycle loop; returns whether the run ended with every side done. */
int eng_loop_run(eng *e);
/* The end checks of a finished run, reported. */
void eng_loop_finish(eng *e);

/* ---- the generated loop (rc_fastrun.c) ---- */

/* Returns 0 (passed, res filled), 1 (does not apply) or 2 (gave up: the table walk reruns it). */
int eng_fast_try(const rc_run *r, rc_result *res);

/* ---- --threads 2 (rc_mthread.c) ---- */

typedef struct mthread mthread;
int eng_mt_applies(const eng *e);
int eng_mt_start(eng *e, mthread **out);
int eng_mt_start_fast(eng *e, const rc_fast_args *a, mthread **out);
/* Side 1's port words of cycle c.  Nonzero: the model thread stopped before cycle c. */
int eng_mt_take(mthread *m, uint64_t c, uint64_t *dst);
/* Stops and frees the thread. */
void eng_mt_stop(eng *e, mthread *m);

/* ---- pictures (rc_images.c) ---- */

void eng_write_images(eng *e);

#endif
