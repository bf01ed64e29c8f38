/*
 * rc_compare.c - the engine's comparisons (exact lockstep, against the vector, ordered, the end
 * checks) and the report they write.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rc_engine_int.h"

void eng_out(eng *e, const char *fmt, ...)
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
void eng_fields_inline(eng *e, const rc_channel *ch, const uint64_t *vals, char *buf, size_t n, int full)
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
            eng_out(e, "  last %u transactions per channel (%s and %s agreed on all of them):\n", e->hdepth, e->s[1].label, s->label);
        else
            eng_out(e, "  last %u transactions per channel, %s:\n", e->hdepth, s->label);
        for (unsigned c = 0; c < b->nchannels; c++) {
            const hist *h = &s->hist[c];
            const rc_channel *ch = &b->channels[c];
            if (!h->n) {
                eng_out(e, "    %-8s (none)\n", ch->name);
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
                eng_fields_inline(e, ch, byidx ? l->vals + h->idx[j] * l->nf : h->vals[j], line, sizeof line, 0);
                eng_out(e, "    %-8s #%-6" PRIu64 " @%-8" PRIu64 " %s\n", ch->name, h->idx[j], h->cyc[j], line);
            }
        }
    }
}

void eng_summary(eng *e, const char *fmt, ...)
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

void eng_report_tail(eng *e)
{
    print_history(e);
    eng_out(e, "  seed %" PRIu64 "\n", e->r->seed);
    if (e->r->repro)
        eng_out(e, "  repro: %s\n", e->r->repro);
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
    eng_out(e, "    %-10s %-24s %s\n", "field", elabel, alabel);
    for (unsigned f = 0; f < ch->nfields; f++) {
        int d = ev && av && field_differs(ch, f, ev, av);
        const rc_field *fd = &ch->fields[f];
        int digits = (int)((fd->width + 3) / 4);
        char es[32] = "-", as[32] = "-";
        if (ev)
            snprintf(es, sizeof es, "0x%0*" PRIx64, digits, ev[f]);
        if (av)
            snprintf(as, sizeof as, "0x%0*" PRIx64, digits, av[f]);
        eng_out(e, "  %c %-10s %-24s %s%s\n", d ? '*' : ' ', fd->name, es, as,
            fd->cmp_mask == 0 || (fd->cond >= 0 && ev && av && !ev[fd->cond] && !av[fd->cond]) ? "   (not compared)" : "");
        if (fd->show != RC_SHOW_HEX && e->r->decode && e->b->regfamily) {
            if (ev) {
                show_value(e, ch, f, ev, eb, sizeof eb);
                eng_out(e, "      %-8s %s\n", elabel, eb);
            }
            if (av && (!ev || d || fd->show == RC_SHOW_REGDATA)) {
                show_value(e, ch, f, av, ab, sizeof ab);
                if (!ev || strcmp(ab, eb))
                    eng_out(e, "      %-8s %s\n", alabel, ab);
            }
        }
    }
}

/* Exact lockstep comparison of sides 0 (actual) and 1 (expected) before the edge. */
void eng_compare_exact(eng *e)
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
                    eng_summary(e, "cycle %" PRIu64 ": channel %s (in) ready: %s %" PRIu64 ", %s %" PRIu64,
                            e->cycle, ch->name, xl, X[ch->ready_word], al, A[ch->ready_word]);
                    eng_out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (in), transaction #%" PRIu64
                        ": ready differs: %s %" PRIu64 ", %s %" PRIu64 "\n", b->name, e->cycle, ch->name,
                        (uint64_t)e->s[0].in_pos[c], xl, X[ch->ready_word], al, A[ch->ready_word]);
                    eng_report_tail(e);
                } else {
                    eng_out(e, "MISMATCH at cycle %" PRIu64 ": channel %s (in) ready\n", e->cycle, ch->name);
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
            eng_out(e, "MISMATCH at cycle %" PRIu64 ": channel %s (out) transaction #%" PRIu64 "\n", e->cycle, ch->name, idx);
            continue;
        }
        if (av != xv) {
            eng_summary(e, "cycle %" PRIu64 ": channel %s (out) #%" PRIu64 " valid: %s %" PRIu64 ", %s %" PRIu64,
                    e->cycle, ch->name, idx, xl, xv, al, av);
            eng_out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (out), transaction #%" PRIu64
                ": valid differs: %s %" PRIu64 ", %s %" PRIu64 "\n", b->name, e->cycle, ch->name, idx, xl, xv, al, av);
            report_fields(e, ch, xl, xv ? xvals : NULL, al, av ? avals : NULL);
        } else {
            char names[256];
            differing_names(ch, xvals, avals, names, sizeof names);
            eng_summary(e, "cycle %" PRIu64 ": channel %s (out) #%" PRIu64 " field %s differs (%s vs %s)",
                    e->cycle, ch->name, idx, names, xl, al);
            eng_out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (out), transaction #%" PRIu64
                ": field %s differs (expected: %s, actual: %s)\n", b->name, e->cycle, ch->name, idx, names, xl, al);
            report_fields(e, ch, xl, xvals, al, avals);
        }
        eng_report_tail(e);
    }
    for (unsigned i = 0; i < b->nstatus && !e->stop; i++) {
        const rc_status *st = &b->status[i];
        if (A[st->word] != X[st->word]) {
            if (count_mismatch(e, -1, 0, "status")) {
                e->res->first.status = (int)i;
                eng_summary(e, "cycle %" PRIu64 ": status %s: %s %" PRIu64 ", %s %" PRIu64, e->cycle, st->name,
                        xl, X[st->word], al, A[st->word]);
                eng_out(e, "MISMATCH %s at cycle %" PRIu64 ": status %s differs: %s 0x%" PRIx64 ", %s 0x%" PRIx64 "\n",
                    b->name, e->cycle, st->name, xl, X[st->word], al, A[st->word]);
                eng_report_tail(e);
            }
        }
    }
}

/* Side 0 against the vector's expected outputs, in exact mode (cycle stamps) or ordered. */
void eng_compare_expected(eng *e, unsigned c, int fired, const uint64_t *avals)
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
            eng_summary(e, "cycle %" PRIu64 ": channel %s (out) #%zu expected by the vector did not fire", e->cycle, ch->name, pos);
            eng_out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (out), transaction #%zu: expected by the vector at this"
                " cycle, %s did not fire (valid %" PRIu64 ", ready %" PRIu64 ")\n", b->name, e->cycle, ch->name, pos, al,
                e->s[0].ports[ch->valid_word], e->s[0].ports[ch->ready_word]);
            report_fields(e, ch, "vector", l->vals + pos * l->nf, al, NULL);
            eng_report_tail(e);
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
            eng_summary(e, "cycle %" PRIu64 ": channel %s (out) #%zu not expected by the vector (%s)", e->cycle, ch->name, pos, when);
            eng_out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (out), transaction #%zu: %s fired, the vector expects"
                " no transaction here (%s)\n", b->name, e->cycle, ch->name, pos, al, when);
            report_fields(e, ch, "vector", NULL, al, avals);
            eng_report_tail(e);
        }
        return;
    }
    const uint64_t *xv = l->vals + pos * l->nf;
    e->exp_pos[c]++;
    char names[256];
    if (!differing_names(ch, xv, avals, names, sizeof names))
        return;
    if (count_mismatch(e, (int)c, pos, "fields")) {
        eng_summary(e, "cycle %" PRIu64 ": channel %s (out) #%zu field %s differs (vector vs %s)", e->cycle, ch->name, pos, names, al);
        eng_out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (out), transaction #%zu: field %s differs"
            " (expected: vector, actual: %s)\n", b->name, e->cycle, ch->name, pos, names, al);
        report_fields(e, ch, "vector", xv, al, avals);
        eng_report_tail(e);
    }
}

void eng_compare_ordered(eng *e, unsigned c)
{
    const rc_channel *ch = &e->b->channels[c];
    oqueue *qa = &e->s[0].q[c], *qx = &e->s[1].q[c];
    unsigned nf = ch->nfields;
    while (qa->n && qx->n && !e->stop) {
        const uint64_t *av = qa->vals + qa->head * nf, *xv = qx->vals + qx->head * nf;
        uint64_t idx = e->s[1].fired[c] - qx->n;
        char names[256];
        if (differing_names(ch, xv, av, names, sizeof names) && count_mismatch(e, (int)c, idx, "fields")) {
            eng_summary(e, "channel %s (out) #%" PRIu64 " field %s differs (%s @%" PRIu64 " vs %s @%" PRIu64 ")", ch->name, idx,
                    names, e->s[1].label, qx->cyc[qx->head], e->s[0].label, qa->cyc[qa->head]);
            eng_out(e, "MISMATCH %s (ordered) at cycle %" PRIu64 ": channel %s (out), transaction #%" PRIu64
                ": field %s differs (expected: %s at cycle %" PRIu64 ", actual: %s at cycle %" PRIu64 ")\n",
                e->b->name, e->cycle, ch->name, idx, names, e->s[1].label, qx->cyc[qx->head], e->s[0].label, qa->cyc[qa->head]);
            report_fields(e, ch, e->s[1].label, xv, e->s[0].label, av);
            eng_report_tail(e);
        }
        qa->head = (qa->head + 1) % qa->cap;
        qa->n--;
        qx->head = (qx->head + 1) % qx->cap;
        qx->n--;
    }
}

/* What is still outstanding, for a hang report. */
void eng_report_pending(eng *e)
{
    const rc_block_desc *b = e->b;
    for (int k = 0; k < e->ns; k++) {
        const side *s = &e->s[k];
        for (unsigned c = 0; c < b->nchannels; c++) {
            const rc_channel *ch = &b->channels[c];
            if (ch->dir == RC_IN && !ch->agent && s->in_pos[c] < e->r->vec->in[c].n)
                eng_out(e, "  %s: input %s #%zu of %zu not accepted (ready %" PRIu64 ")\n", s->label, ch->name,
                    s->in_pos[c], e->r->vec->in[c].n, s->ports[ch->ready_word]);
        }
        for (unsigned m = 0; m < b->nmem && m < MAX_MEM; m++)
            if (rc_memagent_busy(&s->mem[m]))
                eng_out(e, "  %s: memory %s has %zu responses not taken\n", s->label, b->mem[m].name, s->mem[m].qn);
        if (b->idle_status >= 0)
            eng_out(e, "  %s: status %s = %" PRIu64 "\n", s->label, b->status[b->idle_status].name,
                s->ports[b->status[b->idle_status].word]);
    }
}

void eng_finish_checks(eng *e)
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
                eng_summary(e, "channel %s (out) #%zu expected by the vector never came", b->channels[c].name, pos);
                eng_out(e, "HANG %s at cycle %" PRIu64 ": channel %s (out), transaction #%zu expected by the vector"
                    " (at cycle %" PRIu64 ") never came; %s went idle after %" PRIu64 " of %zu\n", b->name, e->cycle,
                    b->channels[c].name, pos, l->cycle[pos], e->s[0].label, e->s[0].fired[c], l->n);
                report_fields(e, &b->channels[c], "vector", l->vals + pos * l->nf, e->s[0].label, NULL);
                eng_report_tail(e);
            }
        }
    }
    if (e->ns == 2) {
        for (unsigned c = 0; c < b->nchannels && !e->stop; c++) {
            const rc_channel *ch = &b->channels[c];
            if (ch->dir != RC_OUT || e->s[0].fired[c] == e->s[1].fired[c])
                continue;
            if (count_mismatch(e, (int)c, e->s[0].fired[c], "count")) {
                eng_summary(e, "channel %s (out): %s produced %" PRIu64 " transactions, %s %" PRIu64, ch->name,
                        e->s[1].label, e->s[1].fired[c], e->s[0].label, e->s[0].fired[c]);
                eng_out(e, "MISMATCH %s at the end (cycle %" PRIu64 "): channel %s (out): %s produced %" PRIu64
                    " transactions, %s %" PRIu64 "\n", b->name, e->cycle, ch->name, e->s[1].label, e->s[1].fired[c],
                    e->s[0].label, e->s[0].fired[c]);
                eng_report_tail(e);
            }
        }
        for (unsigned m = 0; m < b->nmem && m < MAX_MEM && !e->stop; m++) {
            uint32_t addr;
            /* With a shared agent the images are one: identical by construction. */
            if (e->shared_mem || !rc_memimg_diff(&e->s[0].mem[m].img, &e->s[1].mem[m].img, &addr))
                continue;
            int full = count_mismatch(e, -1, 0, "memory");
            if (full)
                eng_summary(e, "final memory %s differs at 0x%08x", b->mem[m].name, addr);
            eng_out(e, "MISMATCH %s at the end (cycle %" PRIu64 "): final memory %s differs at 0x%08x: %s 0x%02x, %s 0x%02x\n",
                b->name, e->cycle, b->mem[m].name, addr, e->s[1].label, rc_memimg_read8(&e->s[1].mem[m].img, addr),
                e->s[0].label, rc_memimg_read8(&e->s[0].mem[m].img, addr));
            if (full)
                eng_report_tail(e);
        }
    }
}
