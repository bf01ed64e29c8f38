/*
 * rc_mthread.c - --threads 2: the model side on its own thread, up to MT_RING cycles ahead of
 * the RTL, its port words passed through a ring (for the table walk and for the generated loop).
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "rc_engine_int.h"

/* The model side runs on its own thread up to MT_RING cycles ahead of the RTL.  It drives its
 * own inputs from the vector (its own handshakes decide what it consumed), has its own memory
 * agents and its own copies of the back-pressure streams, and after each evaluation puts its
 * port words in a ring; the main thread takes each cycle's words as side 1's and carries on as
 * usual (comparison, checks, bookkeeping).  While the sides agree, the model's own handshakes,
 * inputs and memory are exactly those the one-thread run gives it, so its words are the same.
 * The ring's counters are published every MT_BATCH cycles, not every cycle. */
#define MT_RING 1024u
#define MT_BATCH 32u

struct mthread {
    eng te;                      /* the model thread's engine state: only what driving needs */
    uint64_t *ring;
    unsigned nw;
    _Atomic uint64_t prod, cons; /* cycles written / taken */
    _Atomic int quit;
    _Atomic int fin;             /* the generated model loop returned: prod is final */
    uint64_t avail;              /* main thread: prod as last seen */
    uint64_t cons_seen, emitted; /* model thread (generated loop): cons as last seen, cycles put */
    int fast;                    /* the model thread runs the block's generated loop (mt_fast_main) */
    rc_fast_args ta;             /* its arguments */
    pthread_t tid;
};

/* Put the model's words of cycle c in the ring, waiting while it is full.  Nonzero: stop. */
static int mt_put(mthread *m, uint64_t c, const uint64_t *words)
{
    if (c - m->cons_seen >= MT_RING) {
        atomic_store_explicit(&m->prod, c, memory_order_release);
        for (unsigned spin = 0; c - (m->cons_seen = atomic_load_explicit(&m->cons, memory_order_acquire)) >= MT_RING; spin++) {
            if (atomic_load_explicit(&m->quit, memory_order_relaxed))
                return 1;
            if (spin > 64)
                sched_yield();
        }
    }
    memcpy(m->ring + (c % MT_RING) * m->nw, words, m->nw * sizeof *words);
    if ((c + 1) % MT_BATCH == 0) {
        atomic_store_explicit(&m->prod, c + 1, memory_order_release);
        if (atomic_load_explicit(&m->quit, memory_order_relaxed))
            return 1;
    }
    return 0;
}

/* rc_fast_args.emit of the model thread's generated loop. */
static int mt_emit(void *ctx, uint64_t cycle, const uint64_t *words)
{
    mthread *m = ((eng *)ctx)->mt;
    if (mt_put(m, cycle, words))
        return 1;
    m->emitted = cycle + 1;
    return 0;
}

/* The model thread when the block has generated code: its model-alone loop (no expected outputs,
 * no skipping), each cycle's words into the ring.  When it returns (the model is done, or it
 * hung), the main thread gets no more words and gives up if it needs them. */
static void *mt_fast_main(void *arg)
{
    mthread *m = arg;
    rc_fast_result fr;
    memset(&fr, 0, sizeof fr);
    m->te.b->fast->run(&m->ta, &fr);
    atomic_store_explicit(&m->prod, m->emitted, memory_order_release);
    atomic_store_explicit(&m->fin, 1, memory_order_release);
    return NULL;
}

static void *mt_main(void *arg)
{
    mthread *m = arg;
    eng *e = &m->te;
    side *s = &e->s[0];
    const rc_block_desc *b = e->b;
    for (e->cycle = 0;; e->cycle++) {
        uint64_t c = e->cycle;
        if (e->r->bp.kind != RC_BP_ALWAYS || c == 0)
            for (unsigned i = 0; i < e->nout; i++)
                e->ready[e->outc[i]] = eng_policy_ready(e, e->outc[i]);
        eng_drive_inputs(e, s);
        s->ops->eval(s->h, s->ports);
        if (mt_put(m, c, s->ports))
            return NULL;
        uint32_t f = fired_mask(e, 0);
        for (unsigned i = 0; i < e->nvin; i++)
            s->in_pos[e->vin[i]] += f >> e->vin[i] & 1;
        for (unsigned k = 0; k < b->nmem && k < MAX_MEM; k++)
            if (f >> b->mem[k].req & 1 || f >> b->mem[k].rsp & 1)
                rc_memagent_edge(&s->mem[k], b, c, s->ports);
        s->ops->tick(s->h, s->ports);
    }
}

/* Side 1's port words of cycle c (after its evaluation).  Nonzero: the model thread stopped
 * before cycle c. */
int eng_mt_take(mthread *m, uint64_t c, uint64_t *dst)
{
    for (unsigned spin = 0; m->avail <= c; spin++) {
        int fin = atomic_load_explicit(&m->fin, memory_order_acquire);
        m->avail = atomic_load_explicit(&m->prod, memory_order_acquire);
        if (m->avail <= c) {
            if (fin)
                return 1;
            if (spin > 64)
                sched_yield();
        }
    }
    memcpy(dst, m->ring + (c % MT_RING) * m->nw, m->nw * sizeof *dst);
    if ((c + 1) % MT_BATCH == 0)
        atomic_store_explicit(&m->cons, c + 1, memory_order_release);
    return 0;
}

/* Whether --threads 2 applies: exact lockstep of two sides with nothing that writes while it
 * runs (faults, traces, records, waveforms), and memory requests whose address and write
 * enable are compared in full (each side's agent then sees exactly what the shared one would). */
int eng_mt_applies(const eng *e)
{
    const rc_run *r = e->r;
    const rc_block_desc *b = e->b;
    if (r->threads < 2 || e->ns != 2 || r->mode != RC_EXACT || r->wave || r->nfaults || r->record ||
        r->trace_channels || !e->shared_mem || !r->vec)
        return 0;
    for (unsigned m = 0; m < b->nmem; m++) {
        const rc_channel *req = &b->channels[b->mem[m].req];
        int f[2] = { b->mem[m].f_addr, b->mem[m].f_we };
        for (int i = 0; i < 2; i++)
            if (f[i] >= 0 && (req->fields[f[i]].cond >= 0 ||
                              req->fields[f[i]].cmp_mask != (req->fields[f[i]].width == 64 ? ~0ull : (1ull << req->fields[f[i]].width) - 1)))
                return 0;
    }
    return 1;
}

/* The model thread running the block's generated model-alone loop (e is try_fast's engine,
 * before anything was drawn from its back-pressure streams: the thread takes a copy). */
int eng_mt_start_fast(eng *e, const rc_fast_args *a, mthread **out)
{
    mthread *m = calloc(1, sizeof *m);
    if (!m)
        return -1;
    m->fast = 1;
    m->nw = e->b->nwords ? e->b->nwords : 1;
    m->ring = malloc((size_t)MT_RING * m->nw * sizeof *m->ring);
    if (!m->ring) {
        free(m);
        return -1;
    }
    m->te = *e;
    m->te.mt = m;
    m->ta = *a;
    m->ta.lockstep = 0;
    m->ta.model_alone = 1;
    m->ta.record = NULL;
    m->ta.check_expected = 0;
    m->ta.model_words = NULL;
    m->ta.emit = mt_emit;
    m->ta.ctx = &m->te;
    if (pthread_create(&m->tid, NULL, mt_fast_main, m)) {
        free(m->ring);
        free(m);
        return -1;
    }
    *out = m;
    return 0;
}

/* The model thread of the table walk (e's side 1 moves to it). */
int eng_mt_start(eng *e, mthread **out)
{
    const rc_block_desc *b = e->b;
    mthread *m = calloc(1, sizeof *m);
    if (!m)
        return -1;
    m->nw = b->nwords ? b->nwords : 1;
    m->ring = malloc((size_t)MT_RING * m->nw * sizeof *m->ring);
    uint64_t *ports = malloc(m->nw * sizeof *ports);
    if (!m->ring || !ports) {
        free(m->ring);
        free(ports);
        free(m);
        return -1;
    }
    m->te = *e;
    side *s = &m->te.s[0];
    *s = e->s[1];                 /* the model: its handle, and (moved) its memory agents */
    memcpy(ports, e->s[1].ports, m->nw * sizeof *ports);
    s->ports = ports;
    for (unsigned c = 0; c < RC_MAX_CHANNELS; c++)
        s->drv_pos[c] = SIZE_MAX;
    m->te.ns = 1;
    m->te.mt = NULL;
    for (unsigned k = 0; k < b->nmem && k < MAX_MEM; k++)
        rc_memagent_init(&e->s[1].mem[k], &b->mem[k], e->r->seed, k, e->r->lat_min, e->r->lat_max);
    if (pthread_create(&m->tid, NULL, mt_main, m)) {
        for (unsigned k = 0; k < b->nmem && k < MAX_MEM; k++) {
            rc_memagent_free(&e->s[1].mem[k]);
            e->s[1].mem[k] = s->mem[k];
        }
        free(ports);
        free(m->ring);
        free(m);
        return -1;
    }
    *out = m;
    return 0;
}

void eng_mt_stop(eng *e, mthread *m)
{
    atomic_store_explicit(&m->quit, 1, memory_order_relaxed);
    atomic_store_explicit(&m->cons, UINT64_MAX / 2, memory_order_release);   /* never wait again */
    pthread_join(m->tid, NULL);
    if (!m->fast) {
        for (unsigned k = 0; k < e->b->nmem && k < MAX_MEM; k++)
            rc_memagent_free(&m->te.s[0].mem[k]);
        free(m->te.s[0].ports);
    }
    free(m->ring);
    free(m);
}
