/*
 * rc_engine.c - the lockstep loop.
 *
 * Per cycle, before the clock edge: choose every input offer (from the vector, or the memory
 * agent) and every output ready (from the back-pressure policy), drive the same values into
 * each side, evaluate, and compare: in exact mode each input's ready, each output's valid, the
 * payload of each valid output and every status signal; in ordered mode only the sequence of
 * output transactions.  Then fire handshakes and clock every side.
 */
#define _POSIX_C_SOURCE 200809L
#include "rc_engine.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rc_mem.h"
#include "rc_png.h"
#include "rc_args.h"
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
} eng;

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

/* ---- reporting ---------------------------------------------------------------------------- */

static void out(eng *e, const char *fmt, ...)
{
    if (!e->r->report || e->mt)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(e->r->report, fmt, ap);
    va_end(ap);
}

static void show_value(eng *e, const rc_channel *ch, unsigned f, const uint64_t *vals, char *buf, size_t n)
{
    const rc_field *fd = &ch->fields[f];
    int digits = (int)((fd->width + 3) / 4);
    int k = snprintf(buf, n, "0x%0*" PRIx64, digits, vals[f]);
    if (k < 0 || (size_t)k >= n || !e->r->decode || !e->b->regfamily || fd->show == RC_SHOW_HEX)
        return;
    uint64_t addr = fd->show == RC_SHOW_REGADDR ? vals[f] : vals[fd->ref];
    char dec[512];
    if (e->r->decode(e->b->regfamily, fd->show, addr, vals[f], dec, sizeof dec) > 0)
        snprintf(buf + k, n - (size_t)k, " %s", dec);
}

/* One transaction on a line; register addresses get their names, and with 'full' register
 * values are decoded into fields too. */
static void fields_inline(eng *e, const rc_channel *ch, const uint64_t *vals, char *buf, size_t n, int full)
{
    size_t o = 0;
    buf[0] = 0;
    for (unsigned f = 0; f < ch->nfields && o < n; f++) {
        const rc_field *fd = &ch->fields[f];
        int digits = (int)((fd->width + 3) / 4);
        int k = snprintf(buf + o, n - o, "%s%s=%0*" PRIx64, f ? " " : "", fd->name, digits, vals[f]);
        if (k < 0)
            break;
        o += (size_t)k;
        if (o < n && e->r->decode && e->b->regfamily &&
            (fd->show == RC_SHOW_REGADDR || (full && fd->show == RC_SHOW_REGDATA))) {
            char dec[512];
            uint64_t addr = fd->show == RC_SHOW_REGADDR ? vals[f] : vals[fd->ref];
            if (e->r->decode(e->b->regfamily, fd->show, addr, vals[f], dec, sizeof dec) > 0) {
                k = snprintf(buf + o, n - o, fd->show == RC_SHOW_REGADDR ? "(%s)" : " %s", dec);
                if (k > 0)
                    o += (size_t)k;
            }
        }
    }
}

static void gather(const side *s, const rc_channel *ch, uint64_t *vals)
{
    for (unsigned f = 0; f < ch->nfields; f++)
        vals[f] = s->ports[ch->fields[f].word];
}

static int field_differs(const rc_channel *ch, unsigned f, const uint64_t *a, const uint64_t *b)
{
    const rc_field *fd = &ch->fields[f];
    if (fd->cond >= 0 && !a[fd->cond] && !b[fd->cond])
        return 0;
    return ((a[f] ^ b[f]) & fd->cmp_mask) != 0;
}

/* The names of the fields that differ between two transactions, comma-separated; returns the
 * length (0: none differ). */
static size_t differing_names(const rc_channel *ch, const uint64_t *x, const uint64_t *a, char *buf, size_t n)
{
    size_t o = 0;
    buf[0] = 0;
    for (unsigned f = 0; f < ch->nfields; f++)
        if (field_differs(ch, f, x, a) && o < n)
            o += (size_t)snprintf(buf + o, n - o, "%s%s", o ? "," : "", ch->fields[f].name);
    return o;
}

static void print_history(eng *e)
{
    const rc_block_desc *b = e->b;
    if (!e->hdepth)
        return;
    /* In exact lockstep the sides agreed on every cycle before the first mismatch, so one
     * history serves both. */
    int nh = e->r->mode == RC_EXACT ? 1 : e->ns;
    for (int k = 0; k < nh; k++) {
        const side *s = &e->s[k];
        if (nh == 1 && e->ns == 2)
            out(e, "  last %u transactions per channel (%s and %s agreed on all of them):\n", e->hdepth, e->s[1].label, s->label);
        else
            out(e, "  last %u transactions per channel, %s:\n", e->hdepth, s->label);
        for (unsigned c = 0; c < b->nchannels; c++) {
            const hist *h = &s->hist[c];
            const rc_channel *ch = &b->channels[c];
            if (!h->n) {
                out(e, "    %-8s (none)\n", ch->name);
                continue;
            }
            unsigned first = (h->head + HIST_MAX - h->n) % HIST_MAX;
            /* A vector input's history keeps only the transaction index: its values are the
             * vector's. */
            int byidx = ch->dir == RC_IN && !ch->agent;
            const rc_txlist *l = &e->r->vec->in[c];
            for (unsigned i = 0; i < h->n; i++) {
                unsigned j = (first + i) % HIST_MAX;
                char line[1024];
                fields_inline(e, ch, byidx ? l->vals + h->idx[j] * l->nf : h->vals[j], line, sizeof line, 0);
                out(e, "    %-8s #%-6" PRIu64 " @%-8" PRIu64 " %s\n", ch->name, h->idx[j], h->cyc[j], line);
            }
        }
    }
}

static void summary(eng *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->res->summary, sizeof e->res->summary, fmt, ap);
    va_end(ap);
}

/* Count a mismatch; returns 1 if this one gets the full report (the first). */
static int count_mismatch(eng *e, int channel, uint64_t txn, const char *what)
{
    rc_result *res = e->res;
    if (e->mt) {                      /* a threaded probe: the one-thread run will report it */
        e->aborted = e->stop = 1;
        return 0;
    }
    res->mismatches++;
    if (res->mismatches == 1) {
        if (e->shared_mem) {
            for (unsigned m = 0; m < e->b->nmem && m < MAX_MEM; m++)
                rc_memagent_copy(&e->s[1].mem[m], &e->s[0].mem[m]);
            e->shared_mem = 0;
        }
        res->status = RC_MISMATCH;
        res->first_cycle = e->cycle;
        res->first.channel = channel;
        res->first.txn = txn;
        snprintf(res->first.what, sizeof res->first.what, "%s", what);
    }
    if (res->mismatches >= e->r->max_mismatches)
        e->stop = 1;
    return res->mismatches == 1;
}

static void report_tail(eng *e)
{
    print_history(e);
    out(e, "  seed %" PRIu64 "\n", e->r->seed);
    if (e->r->repro)
        out(e, "  repro: %s\n", e->r->repro);
}

/* A field-by-field table of one transaction, expected vs actual. */
static void report_fields(eng *e, const rc_channel *ch, const char *elabel, const uint64_t *ev,
                          const char *alabel, const uint64_t *av)
{
    rc_first *fm = &e->res->first;
    if (e->res->mismatches == 1 && !fm->have_fields) {
        fm->have_fields = 1;
        snprintf(fm->exp_label, sizeof fm->exp_label, "%s", elabel);
        snprintf(fm->act_label, sizeof fm->act_label, "%s", alabel);
        fm->exp_valid = ev != NULL;
        fm->act_valid = av != NULL;
        for (unsigned f = 0; f < ch->nfields; f++) {
            fm->exp[f] = ev ? ev[f] : 0;
            fm->act[f] = av ? av[f] : 0;
        }
    }
    char eb[640], ab[640];
    out(e, "    %-10s %-24s %s\n", "field", elabel, alabel);
    for (unsigned f = 0; f < ch->nfields; f++) {
        int d = ev && av && field_differs(ch, f, ev, av);
        const rc_field *fd = &ch->fields[f];
        int digits = (int)((fd->width + 3) / 4);
        char es[32] = "-", as[32] = "-";
        if (ev)
            snprintf(es, sizeof es, "0x%0*" PRIx64, digits, ev[f]);
        if (av)
            snprintf(as, sizeof as, "0x%0*" PRIx64, digits, av[f]);
        out(e, "  %c %-10s %-24s %s%s\n", d ? '*' : ' ', fd->name, es, as,
            fd->cmp_mask == 0 || (fd->cond >= 0 && ev && av && !ev[fd->cond] && !av[fd->cond]) ? "   (not compared)" : "");
        if (fd->show != RC_SHOW_HEX && e->r->decode && e->b->regfamily) {
            if (ev) {
                show_value(e, ch, f, ev, eb, sizeof eb);
                out(e, "      %-8s %s\n", elabel, eb);
            }
            if (av && (!ev || d || fd->show == RC_SHOW_REGDATA)) {
                show_value(e, ch, f, av, ab, sizeof ab);
                if (!ev || strcmp(ab, eb))
                    out(e, "      %-8s %s\n", alabel, ab);
            }
        }
    }
}

/* ---- set-up ------------------------------------------------------------------------------- */

static int side_open(eng *e, int k, const rc_side_ops *ops)
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
    rc_side_config cfg = { r->seed, r->wave && k == 0 ? r->wave_path : r->trace_path[k] };
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

static void side_close(eng *e, int k)
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

/* ---- per-cycle pieces --------------------------------------------------------------------- */

static uint64_t policy_ready(eng *e, unsigned c)
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

static void drive_inputs(eng *e, side *s)
{
    const rc_block_desc *b = e->b;
    const rc_vector *v = e->r->vec;
    uint64_t *P = s->ports;
    for (unsigned i = 0; i < e->nout; i++) {
        const rc_channel *ch = &b->channels[e->outc[i]];
        P[ch->ready_word] = e->ready[e->outc[i]];
    }
    for (unsigned i = 0; i < e->nvin; i++) {
        unsigned c = e->vin[i];
        const rc_channel *ch = &b->channels[c];
        const rc_txlist *l = &v->in[c];
        size_t pos = s->in_pos[c];
        int on = pos < l->n && l->cycle[pos] <= e->cycle;
        if (pos == s->drv_pos[c] && on == s->drv_on[c])
            continue;                   /* the words already hold this */
        s->drv_pos[c] = pos;
        s->drv_on[c] = on;
        if (on) {
            P[ch->valid_word] = 1;
            const uint64_t *vals = l->vals + pos * l->nf;
            for (unsigned f = 0; f < ch->nfields; f++)
                P[ch->fields[f].word] = vals[f];
        } else {
            P[ch->valid_word] = 0;
            for (unsigned f = 0; f < ch->nfields; f++)
                P[ch->fields[f].word] = 0;
        }
    }
    for (unsigned m = 0; m < b->nmem && m < MAX_MEM; m++)
        rc_memagent_offer(&s->mem[m], b, e->cycle, P);
}

static void apply_faults(eng *e, int k)
{
    side *s = &e->s[k];
    for (int i = 0; i < e->r->nfaults; i++) {
        const rc_fault *f = &e->r->faults[i];
        const rc_channel *ch = &e->b->channels[f->channel];
        if (f->side == k && s->ports[ch->valid_word] && s->fired[f->channel] == f->txn && f->field >= 0)
            s->ports[ch->fields[f->field].word] ^= f->mask;
    }
}

/* Exact lockstep comparison of sides 0 (actual) and 1 (expected) before the edge. */
static void compare_exact(eng *e)
{
    const rc_block_desc *b = e->b;
    const uint64_t *A = e->s[0].ports, *X = e->s[1].ports;
    const char *al = e->s[0].label, *xl = e->s[1].label;
    for (unsigned c = 0; c < b->nchannels && !e->stop; c++) {
        const rc_channel *ch = &b->channels[c];
        if (ch->dir == RC_IN) {
            if (A[ch->ready_word] != X[ch->ready_word]) {
                int full = count_mismatch(e, (int)c, (uint64_t)e->s[0].in_pos[c], "ready");
                if (full) {
                    summary(e, "cycle %" PRIu64 ": channel %s (in) ready: %s %" PRIu64 ", %s %" PRIu64,
                            e->cycle, ch->name, xl, X[ch->ready_word], al, A[ch->ready_word]);
                    out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (in), transaction #%" PRIu64
                        ": ready differs: %s %" PRIu64 ", %s %" PRIu64 "\n", b->name, e->cycle, ch->name,
                        (uint64_t)e->s[0].in_pos[c], xl, X[ch->ready_word], al, A[ch->ready_word]);
                    report_tail(e);
                } else {
                    out(e, "MISMATCH at cycle %" PRIu64 ": channel %s (in) ready\n", e->cycle, ch->name);
                }
            }
            continue;
        }
        uint64_t av = A[ch->valid_word], xv = X[ch->valid_word];
        int diff = av != xv;
        if (!diff && av) {
            for (unsigned f = 0; f < ch->nfields; f++) {
                const rc_field *fd = &ch->fields[f];
                if ((A[fd->word] ^ X[fd->word]) & fd->cmp_mask) {
                    /* a conditional field counts only when its condition holds on a side */
                    if (fd->cond < 0 || A[ch->fields[fd->cond].word] || X[ch->fields[fd->cond].word]) {
                        diff = 1;
                        break;
                    }
                }
            }
        }
        if (!diff)
            continue;
        uint64_t avals[RC_MAX_FIELDS], xvals[RC_MAX_FIELDS];
        gather(&e->s[0], ch, avals);
        gather(&e->s[1], ch, xvals);
        uint64_t idx = e->s[1].fired[c];
        int full = count_mismatch(e, (int)c, idx, av != xv ? "valid" : "fields");
        if (!full) {
            out(e, "MISMATCH at cycle %" PRIu64 ": channel %s (out) transaction #%" PRIu64 "\n", e->cycle, ch->name, idx);
            continue;
        }
        if (av != xv) {
            summary(e, "cycle %" PRIu64 ": channel %s (out) #%" PRIu64 " valid: %s %" PRIu64 ", %s %" PRIu64,
                    e->cycle, ch->name, idx, xl, xv, al, av);
            out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (out), transaction #%" PRIu64
                ": valid differs: %s %" PRIu64 ", %s %" PRIu64 "\n", b->name, e->cycle, ch->name, idx, xl, xv, al, av);
            report_fields(e, ch, xl, xv ? xvals : NULL, al, av ? avals : NULL);
        } else {
            char names[256];
            differing_names(ch, xvals, avals, names, sizeof names);
            summary(e, "cycle %" PRIu64 ": channel %s (out) #%" PRIu64 " field %s differs (%s vs %s)",
                    e->cycle, ch->name, idx, names, xl, al);
            out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (out), transaction #%" PRIu64
                ": field %s differs (expected: %s, actual: %s)\n", b->name, e->cycle, ch->name, idx, names, xl, al);
            report_fields(e, ch, xl, xvals, al, avals);
        }
        report_tail(e);
    }
    for (unsigned i = 0; i < b->nstatus && !e->stop; i++) {
        const rc_status *st = &b->status[i];
        if (A[st->word] != X[st->word]) {
            if (count_mismatch(e, -1, 0, "status")) {
                e->res->first.status = (int)i;
                summary(e, "cycle %" PRIu64 ": status %s: %s %" PRIu64 ", %s %" PRIu64, e->cycle, st->name,
                        xl, X[st->word], al, A[st->word]);
                out(e, "MISMATCH %s at cycle %" PRIu64 ": status %s differs: %s 0x%" PRIx64 ", %s 0x%" PRIx64 "\n",
                    b->name, e->cycle, st->name, xl, X[st->word], al, A[st->word]);
                report_tail(e);
            }
        }
    }
}

/* Side 0 against the vector's expected outputs, in exact mode (cycle stamps) or ordered. */
static void compare_expected(eng *e, unsigned c, int fired, const uint64_t *avals)
{
    const rc_block_desc *b = e->b;
    const rc_channel *ch = &b->channels[c];
    const rc_txlist *l = &e->r->vec->out[c];
    size_t pos = e->exp_pos[c];
    const char *al = e->s[0].label;
    int exact = e->r->expected_mode == RC_EXACT;
    int due = pos < l->n && (!exact || l->cycle[pos] == e->cycle);
    if (!fired) {
        if (exact && due && count_mismatch(e, (int)c, pos, "missing")) {
            summary(e, "cycle %" PRIu64 ": channel %s (out) #%zu expected by the vector did not fire", e->cycle, ch->name, pos);
            out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (out), transaction #%zu: expected by the vector at this"
                " cycle, %s did not fire (valid %" PRIu64 ", ready %" PRIu64 ")\n", b->name, e->cycle, ch->name, pos, al,
                e->s[0].ports[ch->valid_word], e->s[0].ports[ch->ready_word]);
            report_fields(e, ch, "vector", l->vals + pos * l->nf, al, NULL);
            report_tail(e);
        }
        if (exact && due)
            e->exp_pos[c]++;
        return;
    }
    if (!due) {
        if (count_mismatch(e, (int)c, pos, "unexpected")) {
            char when[64] = "none left";
            if (pos < l->n)
                snprintf(when, sizeof when, "next expected at cycle %" PRIu64, l->cycle[pos]);
            summary(e, "cycle %" PRIu64 ": channel %s (out) #%zu not expected by the vector (%s)", e->cycle, ch->name, pos, when);
            out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (out), transaction #%zu: %s fired, the vector expects"
                " no transaction here (%s)\n", b->name, e->cycle, ch->name, pos, al, when);
            report_fields(e, ch, "vector", NULL, al, avals);
            report_tail(e);
        }
        return;
    }
    const uint64_t *xv = l->vals + pos * l->nf;
    e->exp_pos[c]++;
    char names[256];
    if (!differing_names(ch, xv, avals, names, sizeof names))
        return;
    if (count_mismatch(e, (int)c, pos, "fields")) {
        summary(e, "cycle %" PRIu64 ": channel %s (out) #%zu field %s differs (vector vs %s)", e->cycle, ch->name, pos, names, al);
        out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (out), transaction #%zu: field %s differs"
            " (expected: vector, actual: %s)\n", b->name, e->cycle, ch->name, pos, names, al);
        report_fields(e, ch, "vector", xv, al, avals);
        report_tail(e);
    }
}

static void oq_push(oqueue *q, unsigned nf, uint64_t cyc, const uint64_t *vals)
{
    if (q->n == q->cap) {
        size_t cap = q->cap ? q->cap * 2 : 64;
        uint64_t *nc = malloc(cap * sizeof *nc), *nv = malloc(cap * (nf ? nf : 1) * sizeof *nv);
        if (!nc || !nv)
            abort();
        for (size_t i = 0; i < q->n; i++) {
            size_t j = (q->head + i) % q->cap;
            nc[i] = q->cyc[j];
            memcpy(nv + i * nf, q->vals + j * nf, nf * sizeof *nv);
        }
        free(q->cyc);
        free(q->vals);
        q->cyc = nc;
        q->vals = nv;
        q->cap = cap;
        q->head = 0;
    }
    size_t j = (q->head + q->n) % q->cap;
    q->cyc[j] = cyc;
    memcpy(q->vals + j * nf, vals, nf * sizeof *vals);
    q->n++;
}

static void compare_ordered(eng *e, unsigned c)
{
    const rc_channel *ch = &e->b->channels[c];
    oqueue *qa = &e->s[0].q[c], *qx = &e->s[1].q[c];
    unsigned nf = ch->nfields;
    while (qa->n && qx->n && !e->stop) {
        const uint64_t *av = qa->vals + qa->head * nf, *xv = qx->vals + qx->head * nf;
        uint64_t idx = e->s[1].fired[c] - qx->n;
        char names[256];
        if (differing_names(ch, xv, av, names, sizeof names) && count_mismatch(e, (int)c, idx, "fields")) {
            summary(e, "channel %s (out) #%" PRIu64 " field %s differs (%s @%" PRIu64 " vs %s @%" PRIu64 ")", ch->name, idx,
                    names, e->s[1].label, qx->cyc[qx->head], e->s[0].label, qa->cyc[qa->head]);
            out(e, "MISMATCH %s (ordered) at cycle %" PRIu64 ": channel %s (out), transaction #%" PRIu64
                ": field %s differs (expected: %s at cycle %" PRIu64 ", actual: %s at cycle %" PRIu64 ")\n",
                e->b->name, e->cycle, ch->name, idx, names, e->s[1].label, qx->cyc[qx->head], e->s[0].label, qa->cyc[qa->head]);
            report_fields(e, ch, e->s[1].label, xv, e->s[0].label, av);
            report_tail(e);
        }
        qa->head = (qa->head + 1) % qa->cap;
        qa->n--;
        qx->head = (qx->head + 1) % qx->cap;
        qx->n--;
    }
}

static void hist_push(hist *h, unsigned depth, uint64_t cyc, uint64_t idx, const uint64_t *P, const rc_channel *ch)
{
    if (!depth)
        return;
    h->cyc[h->head] = cyc;
    h->idx[h->head] = idx;
    if (ch->dir == RC_OUT || ch->agent)    /* a vector input is shown from the vector by index */
        for (unsigned f = 0; f < ch->nfields; f++)
            h->vals[h->head][f] = P[ch->fields[f].word];
    h->head = (h->head + 1) % HIST_MAX;
    if (h->n < depth)
        h->n++;
}

/* Handshakes of one side at the edge.  Returns 1 if anything moved. */
static int side_edge(eng *e, int k, uint32_t fired)
{
    const rc_block_desc *b = e->b;
    side *s = &e->s[k];
    const uint64_t *P = s->ports;
    int moved = 0;
    for (uint32_t bits = fired; bits; bits &= bits - 1) {
        unsigned c = (unsigned)__builtin_ctz(bits);
        const rc_channel *ch = &b->channels[c];
        moved = 1;
        if (k == 0 || e->r->mode == RC_ORDERED)
            hist_push(&s->hist[c], e->hdepth, e->cycle, ch->dir == RC_IN && !ch->agent ? s->in_pos[c] : s->fired[c], P, ch);
        if (ch->dir == RC_IN) {
            if (ch->agent)
                s->fired[c]++;
            else
                s->in_pos[c]++;
            continue;
        }
        if (e->r->mode == RC_ORDERED && e->ns == 2) {
            uint64_t vals[RC_MAX_FIELDS];
            gather(s, ch, vals);
            oq_push(&s->q[c], ch->nfields, e->cycle, vals);
        }
        s->fired[c]++;
    }
    for (unsigned m = 0; m < b->nmem && m < MAX_MEM; m++)
        if ((k == 0 || !e->shared_mem) && (fired >> b->mem[m].req & 1 || fired >> b->mem[m].rsp & 1))
            moved |= rc_memagent_edge(&s->mem[m], b, e->cycle, s->ports);
    return moved;
}

/* Bit c: channel c fires at this edge on side k. */
static uint32_t fired_mask(const eng *e, int k)
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

static int side_done(eng *e, const side *s)
{
    const rc_block_desc *b = e->b;
    if (b->idle_status >= 0 && !s->ports[b->status[b->idle_status].word])
        return 0;
    for (unsigned c = 0; c < b->nchannels; c++) {
        const rc_channel *ch = &b->channels[c];
        if (ch->dir == RC_IN && !ch->agent && s->in_pos[c] < e->r->vec->in[c].n)
            return 0;
    }
    for (unsigned m = 0; m < b->nmem && m < MAX_MEM; m++)
        if (rc_memagent_busy(&s->mem[m]))
            return 0;
    if (b->idle_status >= 0 && !s->ports[b->status[b->idle_status].word])
        return 0;
    return 1;
}

static int future_input(eng *e, const side *s)
{
    const rc_block_desc *b = e->b;
    for (unsigned c = 0; c < b->nchannels; c++) {
        const rc_channel *ch = &b->channels[c];
        const rc_txlist *l = &e->r->vec->in[c];
        if (ch->dir == RC_IN && !ch->agent && s->in_pos[c] < l->n && l->cycle[s->in_pos[c]] > e->cycle)
            return 1;
    }
    return 0;
}

/* Model alone, after the edge of a cycle on which nothing moved: if the block is idle, no memory
 * response is pending and the next input is due only later, let the model's skip hook jump
 * over the quiet cycles between.  Everything the engine itself would have done in those cycles
 * is done here: the back-pressure draws, and the watchdog's bookkeeping (it is re-armed every
 * 'watchdog' cycles while an input is still to come).  Nothing fires, so nothing else changes. */
static void skip_ahead(eng *e, uint64_t *last_progress)
{
    const rc_run *r = e->r;
    const rc_block_desc *b = e->b;
    side *s = &e->s[0];
    const uint64_t *P = s->ports;
    if (b->idle_status < 0 || !P[b->status[b->idle_status].word])
        return;
    for (unsigned m = 0; m < b->nmem && m < MAX_MEM; m++)
        if (rc_memagent_busy(&s->mem[m]))
            return;
    uint64_t next = UINT64_MAX;       /* first cycle something may happen again */
    for (unsigned i = 0; i < e->nvin; i++) {
        const rc_txlist *l = &r->vec->in[e->vin[i]];
        size_t pos = s->in_pos[e->vin[i]];
        if (pos < l->n && l->cycle[pos] < next)
            next = l->cycle[pos];
    }
    if (next == UINT64_MAX || next <= e->cycle + 1)
        return;                       /* nothing to wait for (the run ends), or due at once */
    for (unsigned i = 0; i < e->nout; i++) {
        unsigned c = e->outc[i];
        const rc_txlist *l = &r->vec->out[c];
        if (P[b->channels[c].valid_word])
            return;
        if (r->check_expected && r->expected_mode == RC_EXACT && e->exp_pos[c] < l->n && l->cycle[e->exp_pos[c]] < next)
            next = l->cycle[e->exp_pos[c]];
    }
    if (next > r->max_cycles)
        next = r->max_cycles;
    if (next <= e->cycle + 1)
        return;
    uint64_t n = s->ops->skip(s->h, P, next - 1 - e->cycle);
    if (!n)
        return;
    if (r->bp.kind != RC_BP_ALWAYS)
        for (unsigned i = 0; i < e->nout; i++)
            for (uint64_t j = 0; j < n; j++)
                e->ready[e->outc[i]] = policy_ready(e, e->outc[i]);
    uint64_t last = e->cycle + n;
    if (!r->watchdog)
        *last_progress = last;
    else if (last - *last_progress >= r->watchdog)
        *last_progress += (last - *last_progress) / r->watchdog * r->watchdog;
    e->cycle = last;
}

/* What is still outstanding, for a hang report. */
static void report_pending(eng *e)
{
    const rc_block_desc *b = e->b;
    for (int k = 0; k < e->ns; k++) {
        const side *s = &e->s[k];
        for (unsigned c = 0; c < b->nchannels; c++) {
            const rc_channel *ch = &b->channels[c];
            if (ch->dir == RC_IN && !ch->agent && s->in_pos[c] < e->r->vec->in[c].n)
                out(e, "  %s: input %s #%zu of %zu not accepted (ready %" PRIu64 ")\n", s->label, ch->name,
                    s->in_pos[c], e->r->vec->in[c].n, s->ports[ch->ready_word]);
        }
        for (unsigned m = 0; m < b->nmem && m < MAX_MEM; m++)
            if (rc_memagent_busy(&s->mem[m]))
                out(e, "  %s: memory %s has %zu responses not taken\n", s->label, b->mem[m].name, s->mem[m].qn);
        if (b->idle_status >= 0)
            out(e, "  %s: status %s = %" PRIu64 "\n", s->label, b->status[b->idle_status].name,
                s->ports[b->status[b->idle_status].word]);
    }
}

static void finish_checks(eng *e)
{
    const rc_block_desc *b = e->b;
    if (e->r->check_expected) {
        for (unsigned c = 0; c < b->nchannels && !e->stop; c++) {
            const rc_txlist *l = &e->r->vec->out[c];
            if (b->channels[c].dir != RC_OUT || e->exp_pos[c] >= l->n)
                continue;
            if (count_mismatch(e, (int)c, e->exp_pos[c], "never came")) {
                e->res->status = RC_HANG;
                size_t pos = e->exp_pos[c];
                summary(e, "channel %s (out) #%zu expected by the vector never came", b->channels[c].name, pos);
                out(e, "HANG %s at cycle %" PRIu64 ": channel %s (out), transaction #%zu expected by the vector"
                    " (at cycle %" PRIu64 ") never came; %s went idle after %" PRIu64 " of %zu\n", b->name, e->cycle,
                    b->channels[c].name, pos, l->cycle[pos], e->s[0].label, e->s[0].fired[c], l->n);
                report_fields(e, &b->channels[c], "vector", l->vals + pos * l->nf, e->s[0].label, NULL);
                report_tail(e);
            }
        }
    }
    if (e->ns == 2) {
        for (unsigned c = 0; c < b->nchannels && !e->stop; c++) {
            const rc_channel *ch = &b->channels[c];
            if (ch->dir != RC_OUT || e->s[0].fired[c] == e->s[1].fired[c])
                continue;
            if (count_mismatch(e, (int)c, e->s[0].fired[c], "count")) {
                summary(e, "channel %s (out): %s produced %" PRIu64 " transactions, %s %" PRIu64, ch->name,
                        e->s[1].label, e->s[1].fired[c], e->s[0].label, e->s[0].fired[c]);
                out(e, "MISMATCH %s at the end (cycle %" PRIu64 "): channel %s (out): %s produced %" PRIu64
                    " transactions, %s %" PRIu64 "\n", b->name, e->cycle, ch->name, e->s[1].label, e->s[1].fired[c],
                    e->s[0].label, e->s[0].fired[c]);
                report_tail(e);
            }
        }
        for (unsigned m = 0; m < b->nmem && m < MAX_MEM && !e->stop; m++) {
            uint32_t addr;
            /* With a shared agent the images are one: identical by construction. */
            if (e->shared_mem || !rc_memimg_diff(&e->s[0].mem[m].img, &e->s[1].mem[m].img, &addr))
                continue;
            int full = count_mismatch(e, -1, 0, "memory");
            if (full)
                summary(e, "final memory %s differs at 0x%08x", b->mem[m].name, addr);
            out(e, "MISMATCH %s at the end (cycle %" PRIu64 "): final memory %s differs at 0x%08x: %s 0x%02x, %s 0x%02x\n",
                b->name, e->cycle, b->mem[m].name, addr, e->s[1].label, rc_memimg_read8(&e->s[1].mem[m].img, addr),
                e->s[0].label, rc_memimg_read8(&e->s[0].mem[m].img, addr));
            if (full)
                report_tail(e);
        }
    }
}

/* One picture of --png: DIR/NAME.png (NAME with its side label); a failure is reported in the
 * report and the first one kept in res->output_error (the CLI makes it exit status 2).  No
 * fixed-size buffer holds the path. */
static void write_image(eng *e, const rc_image *img, const char *label)
{
    const char *dir = e->r->png_dir, *sep = label ? "." : "";
    label = label ? label : "";
    size_t pn = strlen(dir) + strlen(img->name) + strlen(label) + 8;
    char *path = malloc(pn);
    if (!path) {
        snprintf(e->res->output_error, sizeof e->res->output_error, "%s: out of memory", img->name);
        return;
    }
    snprintf(path, pn, "%s/%s%s%s.png", dir, img->name, sep, label);
    size_t errn = strlen(path) + 128;
    char *err = malloc(errn);
    if (!err || rc_png_write(path, img, err, errn)) {
        int why = errno;
        out(e, "png: %s\n", err ? err : "out of memory");
        if (!e->res->output_error[0]) {
            const char *base = strrchr(path, '/');
            snprintf(e->res->output_error, sizeof e->res->output_error, "%s: %s", base ? base + 1 : path,
                     strerror(why));
        }
    }
    free(err);
    free(path);
}

/* --png: each side's final surfaces as PNG, and where the two sides' pictures differ. */
static void write_images(eng *e)
{
    enum { MAXIMG = 8 };
    rc_image img[2][MAXIMG];
    int n[2] = { 0, 0 };
    char err[512];
    for (int k = 0; k < e->ns; k++) {
        /* The block's memory images side by side, in description order (a block with several
         * memory ports, such as r5xx.gfx3d, draws from more than the first). */
        rc_memimg mems[MAX_MEM];
        for (unsigned m = 0; m < e->b->nmem && m < MAX_MEM; m++)
            mems[m] = e->s[e->shared_mem ? 0 : k].mem[m].img;
        n[k] = e->b->images(e->r->vec, mems, img[k], MAXIMG, err, sizeof err);
        if (n[k] < 0) {
            out(e, "png: %s\n", err);
            n[k] = 0;
        }
        for (int i = 0; i < n[k]; i++)
            write_image(e, &img[k][i], e->s[k].label);
    }
    if (e->ns == 2) {
        for (int i = 0; i < n[0] && i < n[1]; i++) {
            rc_image d;
            long nd = rc_png_diff(&img[0][i], &img[1][i], &d);
            if (nd > 0) {
                write_image(e, &d, NULL);
                out(e, "png: %s: %ld pixels differ between %s and %s (%s/%s.png)\n", img[0][i].name, nd,
                    e->s[1].label, e->s[0].label, e->r->png_dir, d.name);
                e->res->png_diff_pixels += nd;
            }
            if (nd >= 0)
                free(d.rgba);
        }
    }
    for (int k = 0; k < e->ns; k++)
        for (int i = 0; i < n[k]; i++)
            free(img[k][i].rgba);
}

/* The evaluation step of a waveform re-run: sides[0] is the block's waveform wrapper; before
 * it is evaluated (and dumped) it gets the expected values to show beside its own: the other
 * side's outputs, or the vector's expected transactions for this cycle. */
static void wave_eval(eng *e)
{
    const rc_run *r = e->r;
    const rc_block_desc *b = e->b;
    side *s0 = &e->s[0];
    int on = e->cycle >= r->wave_from && e->cycle <= r->wave_to;
    if (e->ns == 2) {
        e->s[1].ops->eval(e->s[1].h, e->s[1].ports);
        if (r->nfaults)
            apply_faults(e, 1);
    }
    if (e->ns == 2 && !r->wave_vector) {
        s0->ops->expect(s0->h, e->s[1].ports);
    } else {
        /* Input readies and status have no expectation in a vector: show the actual ones, from a
         * first evaluation that is not dumped. */
        uint64_t xp[RC_MAX_CHANNELS * (RC_MAX_FIELDS + 2) + RC_MAX_STATUS];
        s0->ops->trace(s0->h, 0);
        s0->ops->eval(s0->h, s0->ports);
        memcpy(xp, s0->ports, b->nwords * sizeof *xp);
        for (unsigned c = 0; c < b->nchannels; c++) {
            const rc_channel *ch = &b->channels[c];
            if (ch->dir != RC_OUT)
                continue;
            const rc_txlist *l = &r->vec->out[c];
            size_t pos = e->exp_pos[c];
            int due = pos < l->n && l->cycle[pos] == e->cycle;
            xp[ch->valid_word] = (uint64_t)due;
            for (unsigned f = 0; f < ch->nfields; f++)
                xp[ch->fields[f].word] = due ? l->vals[pos * l->nf + f] : 0;
        }
        s0->ops->expect(s0->h, xp);
    }
    s0->ops->trace(s0->h, on);
    s0->ops->eval(s0->h, s0->ports);
    if (r->nfaults)
        apply_faults(e, 0);
}

/* ---- --threads 2: the model on its own thread ---------------------------------------------- */

/* The model side runs on its own thread up to MT_RING cycles ahead of the RTL.  It drives its
 * own inputs from the vector (its own handshakes decide what it consumed), has its own memory
 * agents and its own copies of the back-pressure streams, and after each evaluation puts its
 * port words in a ring; the main thread takes each cycle's words as side 1's and carries on as
 * usual (comparison, checks, bookkeeping).  While the sides agree, the model's own handshakes,
 * inputs and memory are exactly those the one-thread run gives it, so its words are the same.
 * The ring's counters are published every MT_BATCH cycles, not every cycle. */
#define MT_RING 1024u
#define MT_BATCH 32u

typedef struct mthread {
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
} mthread;

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

static void fast_readies(void *ctx, uint64_t *ready);

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
                e->ready[e->outc[i]] = policy_ready(e, e->outc[i]);
        drive_inputs(e, s);
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
static int mt_take(mthread *m, uint64_t c, uint64_t *dst)
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
static int mt_applies(const eng *e)
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
static int mt_start_fast(eng *e, mthread *m, const rc_fast_args *a)
{
    memset(m, 0, sizeof *m);
    m->fast = 1;
    m->nw = e->b->nwords ? e->b->nwords : 1;
    m->ring = malloc((size_t)MT_RING * m->nw * sizeof *m->ring);
    if (!m->ring)
        return -1;
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
        return -1;
    }
    return 0;
}

static int mt_start(eng *e, mthread *m)
{
    const rc_block_desc *b = e->b;
    memset(m, 0, sizeof *m);
    m->nw = b->nwords ? b->nwords : 1;
    m->ring = malloc((size_t)MT_RING * m->nw * sizeof *m->ring);
    uint64_t *ports = malloc(m->nw * sizeof *ports);
    if (!m->ring || !ports) {
        free(m->ring);
        free(ports);
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
        return -1;
    }
    return 0;
}

static void mt_stop(eng *e, mthread *m)
{
    atomic_store_explicit(&m->quit, 1, memory_order_relaxed);
    atomic_store_explicit(&m->cons, UINT64_MAX / 2, memory_order_release);   /* never wait again */
    pthread_join(m->tid, NULL);
    if (m->fast) {
        free(m->ring);
        return;
    }
    for (unsigned k = 0; k < e->b->nmem && k < MAX_MEM; k++)
        rc_memagent_free(&m->te.s[0].mem[k]);
    free(m->te.s[0].ports);
    free(m->ring);
}

/* What the cycle loop carries from one cycle to the next (a session keeps it between steps). */
typedef struct loopstate {
    uint64_t last_progress;
    int done, s1_copied, skip_ok;
    int session;                      /* rc_session: being done is not the end (more may come) */
} loopstate;

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
            res->status = RC_HANG;
            summary(e, "not finished after --max-cycles %" PRIu64, r->max_cycles);
            out(e, "HANG %s: not finished after %" PRIu64 " cycles (--max-cycles)\n", b->name, r->max_cycles);
            report_pending(e);
            report_tail(e);
            return 1;
        }
        if (r->wave && r->wave_stop && e->cycle > r->wave_to)
            return 1;
        if (r->bp.kind != RC_BP_ALWAYS || e->cycle == 0)
            for (unsigned c = 0; c < b->nchannels; c++)
                if (b->channels[c].dir == RC_OUT)
                    e->ready[c] = policy_ready(e, c);
        drive_inputs(e, &e->s[0]);
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
                drive_inputs(e, &e->s[1]);
            }
        }
        if (r->wave) {
            wave_eval(e);
        } else {
            for (int k = 0; k < e->ns; k++) {
                if (k == 1 && e->mt)
                    mt_take(e->mt, e->cycle, e->s[1].ports);
                else
                    e->s[k].ops->eval(e->s[k].h, e->s[k].ports);
                if (r->nfaults)
                    apply_faults(e, k);
            }
        }
        /* The generated comparison says whether there is anything to report; the table walk
         * (compare_exact) then writes the report. */
        if (e->ns == 2 && r->mode == RC_EXACT && (!e->fast || !e->fastok || e->fast->differ(e->s[0].ports, e->s[1].ports)))
            compare_exact(e);
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
                if (r->check_expected)
                    compare_expected(e, c, fired, vals);
                if (fired && (r->trace_channels >> c & 1) && r->trace) {
                    char line[2048];
                    fields_inline(e, ch, vals, line, sizeof line, 1);
                    fprintf(r->trace, "@%" PRIu64 " %s #%" PRIu64 " %s\n", e->cycle, ch->name, e->s[0].fired[c], line);
                }
                if (fired && r->record && rc_txlist_push(&r->record->out[c], e->cycle, vals))
                    abort();
            }
        }
        if (e->stop)
            return 1;
        ls->done = 1;
        for (int k = 0; k < e->ns; k++)
            ls->done &= side_done(e, &e->s[k]);
        if (ls->done && !ls->session)
            return 1;
        int moved = 0;
        moved |= side_edge(e, 0, fired0);
        if (e->ns == 2)
            moved |= side_edge(e, 1, fired_mask(e, 1));
        if (r->mode == RC_ORDERED && e->ns == 2)
            for (unsigned c = 0; c < b->nchannels; c++)
                if (b->channels[c].dir == RC_OUT)
                    compare_ordered(e, c);
        for (int k = 0; k < (e->mt ? 1 : e->ns); k++)
            e->s[k].ops->tick(e->s[k].h, e->s[k].ports);
        if (moved || ls->done || (e->cycle - ls->last_progress >= r->watchdog && future_input(e, &e->s[0])))
            ls->last_progress = e->cycle;
        else if (e->cycle - ls->last_progress >= r->watchdog && !e->stop) {
            if (e->mt) {
                e->aborted = 1;
                return 1;
            }
            res->status = RC_HANG;
            summary(e, "no progress for %" PRIu64 " cycles (watchdog)", r->watchdog);
            out(e, "HANG %s at cycle %" PRIu64 ": no handshake on any channel for %" PRIu64 " cycles (--watchdog)\n",
                b->name, e->cycle, r->watchdog);
            report_pending(e);
            report_tail(e);
            return 1;
        }
        if (ls->skip_ok && !moved && !e->stop)
            skip_ahead(e, &ls->last_progress);
    }
    return 0;
}

/* The cycle loop; returns whether the run ended with every side done. */
static int __attribute__((noinline)) cycle_loop(eng *e)
{
    const rc_run *r = e->r;
    loopstate ls = { 0, 0, 0, e->ns == 1 && r->sides[0]->skip && !r->wave && !r->nfaults && !r->tables, 0 };
    for (e->cycle = 0; !e->stop; e->cycle++)
        if (cycle_one(e, &ls))
            return 1;
    return ls.done;
}

/* The model's words from its thread (--threads 2), for the generated run. */
static int fast_model_words(void *ctx, uint64_t cycle, uint64_t *words)
{
    eng *e = ctx;
    return mt_take(e->mt, cycle, words);
}

/* The back-pressure of the generated run: the engine's own draws. */
static void fast_readies(void *ctx, uint64_t *ready)
{
    eng *e = ctx;
    for (unsigned i = 0; i < e->nout; i++)
        ready[e->outc[i]] = policy_ready(e, e->outc[i]);
}

/* The common runs go to the block's generated loop (rc_block_fast.run) first: the RTL alone or
 * RTL and model in exact lockstep (the model on its own thread with --threads 2), with nothing
 * that writes while it runs.  Returns 0 (passed, res filled), 1 (does not apply) or 2 (it gave
 * up at the first thing to report: the run is then done by the table walk, on one thread; the
 * same run, it is deterministic, and it writes the report). */
static int try_fast(const rc_run *r, rc_result *res)
{
    const rc_block_desc *b = r->blk;
    if (r->tables || !b->fast || !b->fast->run || !r->vec || r->wave || r->nfaults || r->trace_channels ||
        r->png_dir || r->mode != RC_EXACT || r->trace_path[0] || r->trace_path[1] ||
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
                       r->record, r->check_expected, r->bp.kind == RC_BP_ALWAYS ? NULL : fast_readies,
                       NULL, NULL, &e };
    /* --threads 2: the model on its own thread, running the block's generated model-alone loop
     * (mt_fast_main) from a copy of this engine's back-pressure streams. */
    mthread *mt = NULL;
    if (lock && r->threads > 1 && mt_applies(&e)) {
        mt = malloc(sizeof *mt);
        if (!mt)
            return 1;
        if (mt_start_fast(&e, mt, &a)) {
            free(mt);
            return 1;
        }
        e.mt = mt;
        a.model_words = fast_model_words;
    }
    rc_fast_result fr;
    memset(&fr, 0, sizeof fr);
    int gave_up = b->fast->run(&a, &fr);
    if (mt) {
        mt_stop(&e, mt);
        free(mt);
    }
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

int rc_run_exec(const rc_run *r, rc_result *res)
{
    int fast = try_fast(r, res);
    if (fast == 0)
        return 0;
    if (fast == 2 && r->threads > 1) {
        rc_run one = *r;
        one.threads = 1;
        return rc_run_exec(&one, res);
    }
    eng e;
    memset(&e, 0, sizeof e);
    memset(res, 0, sizeof *res);
    res->first.channel = res->first.status = -1;
    e.r = r;
    e.b = r->blk;
    e.res = res;
    e.ns = r->nsides;
    e.hdepth = r->history > HIST_MAX ? HIST_MAX : r->history;
    const rc_block_desc *b = r->blk;
    for (unsigned c = 0; c < b->nchannels; c++)
        e.bp[c].rng = rc_rng_make(r->seed, 0x62700000ull + c);
    for (int k = 0; k < e.ns; k++) {
        if (side_open(&e, k, r->sides[k])) {
            snprintf(res->summary, sizeof res->summary, "cannot create the %s side", r->sides[k]->kind);
            res->status = RC_ERROR;
            for (int j = 0; j <= k; j++)
                side_close(&e, j);
            return -1;
        }
    }
    e.shared_mem = e.ns == 2 && r->mode == RC_EXACT && !r->wave;
    for (unsigned c = 0; c < b->nchannels; c++) {
        const rc_channel *ch = &b->channels[c];
        if (ch->dir == RC_OUT) {
            e.outc[e.nout++] = c;
            e.outmask |= 1u << c;
        } else if (!ch->agent) {
            e.vin[e.nvin++] = c;
            e.vinmask |= 1u << c;
        }
    }
    e.fast = b->fast;
    e.fastok = !r->nfaults && !r->wave;
    mthread mt;
    if (mt_applies(&e) && !mt_start(&e, &mt))
        e.mt = &mt;
    if (e.ns == 2 && e.s[0].ops == e.s[1].ops) {
        e.s[0].label = "actual";
        e.s[1].label = "expected";
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);

    int done = cycle_loop(&e);
    if (done && !e.stop)
        finish_checks(&e);
    if (e.mt) {
        mt_stop(&e, e.mt);
        if (e.aborted) {
            /* Something to report: the one-thread run does it, identically to a run without
             * --threads (it is deterministic). */
            for (int k = 0; k < e.ns; k++)
                side_close(&e, k);
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
        write_images(&e);
    for (int k = 0; k < e.ns; k++)
        side_close(&e, k);
    return 0;
}

/* ---- the session (rc_session.h): the cycle loop one step at a time ------------------------- */

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
    s->run.trace_path[0] = s->run.trace_path[1] = NULL;
    rc_memimg_init(&s->seen);
    eng *e = &s->e;
    e->r = &s->run;
    e->b = b;
    e->res = &s->res;
    e->ns = tmpl->nsides;
    e->hdepth = tmpl->history > HIST_MAX ? HIST_MAX : tmpl->history;
    s->res.first.channel = s->res.first.status = -1;
    for (unsigned c = 0; c < b->nchannels; c++)
        e->bp[c].rng = rc_rng_make(tmpl->seed, 0x62700000ull + c);
    for (int k = 0; k < e->ns; k++) {
        s->opened[k] = 1;
        if (side_open(e, k, tmpl->sides[k])) {
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
    for (unsigned c = 0; c < b->nchannels; c++) {
        const rc_channel *ch = &b->channels[c];
        if (ch->dir == RC_OUT) {
            e->outc[e->nout++] = c;
            e->outmask |= 1u << c;
        } else if (!ch->agent) {
            e->vin[e->nvin++] = c;
            e->vinmask |= 1u << c;
        }
    }
    e->fast = b->fast;
    e->fastok = !tmpl->nfaults;
    if (e->ns == 2 && e->s[0].ops == e->s[1].ops) {
        e->s[0].label = "actual";
        e->s[1].label = "expected";
    }
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
        if (e->stop || cycle_one(e, &s->ls))
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
        finish_checks(&s->e);
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
            side_close(&s->e, k);
    rc_vector_free(&s->vec);
    rc_memimg_free(&s->seen);
    free(s->pre);
    free(s);
}
