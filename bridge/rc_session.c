/*
 * rc_session.c - the steppable session (rc_session.h): both sides created and reset once, then
 * the table walk's cycle (rc_loop.c) run a few cycles at a time while inputs are offered from
 * outside; memory read through a caller's backing is recorded as the vector's preload.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rc_engine_int.h"
#include "rc_session.h"

typedef struct preword {
    uint32_t addr, val;
} preword;

struct rc_session {
    eng e;
    loopstate ls;
    rc_run run;
    rc_result res;
    rc_vector vec;                    /* inputs offered, outputs recorded, memory read */
    int stopped, finished, opened[2];
    /* Memory through a backing: the first value read of each word becomes the vector's preload. */
    struct sess_mem {
        rc_membacking self;
        const rc_membacking *user;
        struct rc_session *s;
    } mem[MAX_MEM];
    rc_memimg seen;                   /* 1 per byte whose word was recorded */
    preword *pre;
    size_t npre, cappre;
    size_t nchunks;                   /* vector chunks built from pre */
};

static void sess_note(struct rc_session *s, uint32_t addr, uint32_t val)
{
    if (rc_memimg_read8(&s->seen, addr))
        return;
    rc_memimg_write8(&s->seen, addr, 1);
    if (s->npre == s->cappre) {
        size_t cap = s->cappre ? 2 * s->cappre : 1024;
        preword *p = realloc(s->pre, cap * sizeof *p);
        if (!p)
            abort();
        s->pre = p;
        s->cappre = cap;
    }
    s->pre[s->npre++] = (preword){ addr, val };
}

static uint64_t sess_read(void *ctx, uint32_t addr, unsigned bytes)
{
    struct sess_mem *m = ctx;
    uint64_t v = m->user->read(m->user->ctx, addr, bytes);
    for (unsigned i = 0; i < bytes; i += 4)
        sess_note(m->s, (addr + i) & ~3u, (uint32_t)(v >> (8 * i)));
    return v;
}

static void sess_write(void *ctx, uint32_t addr, unsigned bytes, uint64_t data, uint64_t be)
{
    struct sess_mem *m = ctx;
    m->user->write(m->user->ctx, addr, bytes, data, be);
}

int rc_session_open(const rc_run *tmpl, const rc_membacking *const *backing, rc_session **out,
                    char *err, size_t errn)
{
    rc_session *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    const rc_block_desc *b = tmpl->blk;
    s->run = *tmpl;
    rc_vector_init(&s->vec, b);
    s->vec.seed = tmpl->seed;
    snprintf(s->vec.latency, sizeof s->vec.latency, "%u:%u", tmpl->lat_min, tmpl->lat_max);
    snprintf(s->vec.stimulus, sizeof s->vec.stimulus, "file systemc");
    if (tmpl->bp.kind == RC_BP_RANDOM)
        snprintf(s->vec.backpressure, sizeof s->vec.backpressure, "random:%.17g", tmpl->bp.p);
    else if (tmpl->bp.kind == RC_BP_BURSTY)
        snprintf(s->vec.backpressure, sizeof s->vec.backpressure, "bursty:%u", tmpl->bp.burst);
    s->vec.has_expected = 1;
    s->run.vec = &s->vec;
    s->run.record = &s->vec;
    s->run.mode = RC_EXACT;
    s->run.max_mismatches = 1;    /* stop at the first: after it the sides' memories part */
    s->run.max_cycles = UINT64_MAX;
    s->run.check_expected = 0;
    s->run.wave = 0;
    s->run.threads = 1;
    s->run.png_dir = NULL;
    rc_memimg_init(&s->seen);
    eng *e = &s->e;
    eng_init(e, &s->run, &s->res);
    s->res.first.channel = s->res.first.status = -1;
    for (int k = 0; k < e->ns; k++) {
        s->opened[k] = 1;
        if (eng_side_open(e, k, tmpl->sides[k])) {
            snprintf(err, errn, "cannot create the %s side", tmpl->sides[k]->kind);
            rc_session_close(s);
            return -1;
        }
        for (unsigned m = 0; m < b->nmem && m < MAX_MEM; m++) {
            if (!backing || !backing[m])
                continue;
            s->mem[m] = (struct sess_mem){ { sess_read, sess_write, &s->mem[m] }, backing[m], s };
            e->s[k].mem[m].backing = &s->mem[m].self;
        }
    }
    e->shared_mem = e->ns == 2;
    eng_channels(e);
    e->fastok = !tmpl->nfaults;
    eng_labels(e);
    s->ls.session = 1;
    *out = s;
    return 0;
}

int rc_session_offer(rc_session *s, unsigned channel, uint64_t earliest, const uint64_t *vals)
{
    if (channel >= s->e.b->nchannels || s->e.b->channels[channel].dir != RC_IN || s->e.b->channels[channel].agent)
        return -1;
    if (earliest < s->e.cycle)
        earliest = s->e.cycle;
    return rc_txlist_push(&s->vec.in[channel], earliest, vals);
}

int rc_session_step(rc_session *s, uint64_t n)
{
    eng *e = &s->e;
    for (uint64_t i = 0; i < n && !s->stopped; i++) {
        if (e->stop || eng_loop_cycle(e, &s->ls))
            s->stopped = 1;
        else
            e->cycle++;
    }
    return s->stopped;
}

uint64_t rc_session_cycle(const rc_session *s) { return s->e.cycle; }
const rc_vector *rc_session_peek(const rc_session *s) { return &s->vec; }
int rc_session_idle(const rc_session *s) { return s->ls.done; }
const rc_result *rc_session_result(const rc_session *s) { return &s->res; }

size_t rc_session_pending(const rc_session *s, unsigned ch)
{
    return s->vec.in[ch].n - s->e.s[0].in_pos[ch];
}

static int preword_cmp(const void *a, const void *b)
{
    uint32_t x = ((const preword *)a)->addr, y = ((const preword *)b)->addr;
    return x < y ? -1 : x > y;
}

const rc_vector *rc_session_vector(rc_session *s)
{
    /* The preload: the words read so far, sorted, in runs of consecutive addresses. */
    for (size_t i = 0; i < s->nchunks; i++)
        free(s->vec.mem[i].words);
    s->vec.nmem = 0;
    if (s->npre)                      /* qsort(NULL, 0, ...) is undefined */
        qsort(s->pre, s->npre, sizeof *s->pre, preword_cmp);
    uint32_t *w = malloc((s->npre ? s->npre : 1) * sizeof *w);
    if (!w)
        abort();
    for (size_t i = 0; i < s->npre;) {
        size_t j = i;
        while (j < s->npre && s->pre[j].addr == s->pre[i].addr + 4 * (uint32_t)(j - i)) {
            w[j - i] = s->pre[j].val;
            j++;
        }
        if (rc_vector_add_mem(&s->vec, s->pre[i].addr, w, j - i))
            abort();
        i = j;
    }
    free(w);
    s->nchunks = s->vec.nmem;
    return &s->vec;
}

const rc_result *rc_session_finish(rc_session *s)
{
    if (!s->finished && !s->stopped && !s->e.stop) {
        s->e.res->cycles = s->e.cycle;
        eng_loop_finish(&s->e);
    }
    s->finished = 1;
    s->res.cycles = s->e.cycle;
    for (unsigned c = 0; c < s->e.b->nchannels; c++)
        s->res.txns[c] = s->e.b->channels[c].dir == RC_OUT ? s->e.s[0].fired[c] : s->e.s[0].in_pos[c];
    return &s->res;
}

void rc_session_close(rc_session *s)
{
    if (!s)
        return;
    for (int k = 0; k < 2; k++)
        if (s->opened[k])
            eng_side_close(&s->e, k);
    rc_vector_free(&s->vec);
    rc_memimg_free(&s->seen);
    free(s->pre);
    free(s);
}
