/*
 * rc_report.c - the engine's one reporter: it counts each mismatch record a comparison returns
 * (the first fixes the run's verdict and rc_result.first), writes it into the report with its
 * field table, the last transactions of every channel, the seed and the repro line, and writes
 * hangs and --trace lines.  Nothing else in the engine writes a report line, except the
 * pictures' messages (rc_images.c).
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
static void eng_fields_inline(eng *e, const rc_channel *ch, const uint64_t *vals, char *buf, size_t n, int full)
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

/* The names of the fields in 'mask', comma-separated. */
static void field_names(const rc_channel *ch, uint32_t mask, char *buf, size_t n)
{
    size_t o = 0;
    buf[0] = 0;
    for (unsigned f = 0; f < ch->nfields; f++)
        if ((mask >> f & 1) && o < n)
            o += (size_t)snprintf(buf + o, n - o, "%s%s", o ? "," : "", ch->fields[f].name);
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

static void eng_summary(eng *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void eng_summary(eng *e, const char *fmt, ...)
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

static void eng_report_tail(eng *e)
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

/* What is still outstanding, for a hang report. */
static void eng_report_pending(eng *e)
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

/* rc_first.what of each kind. */
static const char *const WHAT[] = {
    [MM_READY] = "ready", [MM_VALID] = "valid", [MM_FIELDS] = "fields", [MM_VFIELDS] = "fields",
    [MM_STATUS] = "status", [MM_MISSING] = "missing", [MM_UNEXPECTED] = "unexpected",
    [MM_ORDERED] = "fields", [MM_NEVER] = "never came", [MM_COUNT] = "count", [MM_MEMORY] = "memory",
    [MM_ASSERT] = "assertion",
};

/* Copies s[0..n) into dst (size dn), cut to fit. */
static void copy_part(char *dst, size_t dn, const char *s, size_t n)
{
    if (n >= dn)
        n = dn - 1;
    memcpy(dst, s, n);
    dst[n] = 0;
}

/* An assertion line as Verilator prints it ("%Error: FILE:LINE: Assertion failed in INSTANCE:
 * INSTANCE: ASSERT Name: message", the second INSTANCE being the $error text's %m) into its
 * parts; a line of another form is kept whole as the message. */
static void parse_assertion(const char *line, rc_first *f)
{
    static const char err[] = "%Error: ", af[] = ": Assertion failed in ";
    f->assert_name[0] = f->assert_inst[0] = f->assert_where[0] = 0;
    snprintf(f->assert_msg, sizeof f->assert_msg, "%s", line);
    const char *w = !strncmp(line, err, sizeof err - 1) ? line + sizeof err - 1 : NULL;
    const char *a = w ? strstr(w, af) : NULL;
    if (!a)
        return;
    copy_part(f->assert_where, sizeof f->assert_where, w, (size_t)(a - w));
    const char *inst = a + sizeof af - 1, *ie = strstr(inst, ": ");
    if (!ie) {
        snprintf(f->assert_inst, sizeof f->assert_inst, "%s", inst);
        f->assert_msg[0] = 0;
        return;
    }
    copy_part(f->assert_inst, sizeof f->assert_inst, inst, (size_t)(ie - inst));
    const char *rest = ie + 2;
    size_t il = (size_t)(ie - inst);
    if (!strncmp(rest, inst, il) && !strncmp(rest + il, ": ", 2))     /* the text's own %m */
        rest += il + 2;
    if (!strncmp(rest, "ASSERT ", 7)) {
        const char *ne = strstr(rest + 7, ": ");
        size_t nl = ne ? (size_t)(ne - rest - 7) : strlen(rest + 7);
        copy_part(f->assert_name, sizeof f->assert_name, rest + 7, nl);
        rest = ne ? ne + 2 : rest + 7 + nl;
    }
    snprintf(f->assert_msg, sizeof f->assert_msg, "%s", rest);
}

int eng_check_faults(eng *e)
{
    int any = 0;
    for (int k = 0; k < e->ns && !e->stop; k++) {
        const side *s = &e->s[k];
        if (!s->ops->fault || (k == 1 && e->mt))
            continue;
        char what[1024];
        if (!s->ops->fault(s->h, what, sizeof what) || e->r->wave)
            continue;                 /* a bundle's waveform re-run dumps its whole window */
        /* Only the first line of the edge is kept (bridge/rc_vlassert.c). */
        mismatch m;
        memset(&m, 0, sizeof m);
        m.kind = MM_ASSERT;
        m.cycle = e->cycle;
        m.channel = -1;
        m.signal = k;
        m.act_label = s->label;
        m.text = what;
        eng_report_mismatch(e, &m);
        e->stop = 1;
        any = 1;
    }
    return any;
}

void eng_report_mismatch(eng *e, const mismatch *m)
{
    const rc_block_desc *b = e->b;
    const rc_channel *ch = m->channel >= 0 ? &b->channels[m->channel] : NULL;
    const char *xl = m->exp_label, *al = m->act_label;
    const uint64_t *xv = m->has_exp ? m->exp : NULL, *av = m->has_act ? m->act : NULL;
    uint64_t cyc = m->cycle, idx = m->index;
    int full = count_mismatch(e, m->channel, idx, WHAT[m->kind]);
    char names[256], when[64];
    switch (m->kind) {
    case MM_READY:
        if (!full) {
            eng_out(e, "MISMATCH at cycle %" PRIu64 ": channel %s (in) ready\n", cyc, ch->name);
            return;
        }
        eng_summary(e, "cycle %" PRIu64 ": channel %s (in) ready: %s %" PRIu64 ", %s %" PRIu64, cyc, ch->name, xl,
                m->expected, al, m->actual);
        eng_out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (in), transaction #%" PRIu64 ": ready differs: %s %" PRIu64
            ", %s %" PRIu64 "\n", b->name, cyc, ch->name, idx, xl, m->expected, al, m->actual);
        break;
    case MM_VALID:
    case MM_FIELDS:
        if (!full) {
            eng_out(e, "MISMATCH at cycle %" PRIu64 ": channel %s (out) transaction #%" PRIu64 "\n", cyc, ch->name, idx);
            return;
        }
        if (m->kind == MM_VALID) {
            eng_summary(e, "cycle %" PRIu64 ": channel %s (out) #%" PRIu64 " valid: %s %" PRIu64 ", %s %" PRIu64, cyc,
                    ch->name, idx, xl, m->expected, al, m->actual);
            eng_out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (out), transaction #%" PRIu64 ": valid differs: %s %" PRIu64
                ", %s %" PRIu64 "\n", b->name, cyc, ch->name, idx, xl, m->expected, al, m->actual);
            report_fields(e, ch, xl, xv, al, av);
            break;
        }
        /* fall through */
    case MM_VFIELDS:
        if (!full)
            return;
        field_names(ch, m->field, names, sizeof names);
        eng_summary(e, "cycle %" PRIu64 ": channel %s (out) #%" PRIu64 " field %s differs (%s vs %s)", cyc, ch->name, idx,
                names, xl, al);
        eng_out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (out), transaction #%" PRIu64 ": field %s differs"
            " (expected: %s, actual: %s)\n", b->name, cyc, ch->name, idx, names, xl, al);
        report_fields(e, ch, xl, xv, al, av);
        break;
    case MM_STATUS: {
        if (!full)
            return;
        const rc_status *st = &b->status[m->signal];
        e->res->first.status = m->signal;
        eng_summary(e, "cycle %" PRIu64 ": status %s: %s %" PRIu64 ", %s %" PRIu64, cyc, st->name, xl, m->expected, al,
                m->actual);
        eng_out(e, "MISMATCH %s at cycle %" PRIu64 ": status %s differs: %s 0x%" PRIx64 ", %s 0x%" PRIx64 "\n", b->name, cyc,
            st->name, xl, m->expected, al, m->actual);
        break;
    }
    case MM_MISSING:
        if (!full)
            return;
        eng_summary(e, "cycle %" PRIu64 ": channel %s (out) #%" PRIu64 " expected by the vector did not fire", cyc, ch->name, idx);
        eng_out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (out), transaction #%" PRIu64 ": expected by the vector at this"
            " cycle, %s did not fire (valid %" PRIu64 ", ready %" PRIu64 ")\n", b->name, cyc, ch->name, idx, al,
            m->actual, m->ready);
        report_fields(e, ch, xl, xv, al, NULL);
        break;
    case MM_UNEXPECTED:
        if (!full)
            return;
        snprintf(when, sizeof when, "none left");
        if (m->exp_cycle != UINT64_MAX)
            snprintf(when, sizeof when, "next expected at cycle %" PRIu64, m->exp_cycle);
        eng_summary(e, "cycle %" PRIu64 ": channel %s (out) #%" PRIu64 " not expected by the vector (%s)", cyc, ch->name,
                idx, when);
        eng_out(e, "MISMATCH %s at cycle %" PRIu64 ": channel %s (out), transaction #%" PRIu64 ": %s fired, the vector expects"
            " no transaction here (%s)\n", b->name, cyc, ch->name, idx, al, when);
        report_fields(e, ch, xl, NULL, al, av);
        break;
    case MM_ORDERED:
        if (!full)
            return;
        field_names(ch, m->field, names, sizeof names);
        eng_summary(e, "channel %s (out) #%" PRIu64 " field %s differs (%s @%" PRIu64 " vs %s @%" PRIu64 ")", ch->name, idx,
                names, xl, m->exp_cycle, al, m->act_cycle);
        eng_out(e, "MISMATCH %s (ordered) at cycle %" PRIu64 ": channel %s (out), transaction #%" PRIu64
            ": field %s differs (expected: %s at cycle %" PRIu64 ", actual: %s at cycle %" PRIu64 ")\n",
            b->name, cyc, ch->name, idx, names, xl, m->exp_cycle, al, m->act_cycle);
        report_fields(e, ch, xl, xv, al, av);
        break;
    case MM_NEVER:
        if (!full)
            return;
        e->res->status = RC_HANG;
        eng_summary(e, "channel %s (out) #%" PRIu64 " expected by the vector never came", ch->name, idx);
        eng_out(e, "HANG %s at cycle %" PRIu64 ": channel %s (out), transaction #%" PRIu64 " expected by the vector"
            " (at cycle %" PRIu64 ") never came; %s went idle after %" PRIu64 " of %" PRIu64 "\n", b->name, cyc,
            ch->name, idx, m->exp_cycle, al, m->actual, m->expected);
        report_fields(e, ch, xl, xv, al, NULL);
        break;
    case MM_COUNT:
        if (!full)
            return;
        eng_summary(e, "channel %s (out): %s produced %" PRIu64 " transactions, %s %" PRIu64, ch->name, xl, m->expected,
                al, m->actual);
        eng_out(e, "MISMATCH %s at the end (cycle %" PRIu64 "): channel %s (out): %s produced %" PRIu64
            " transactions, %s %" PRIu64 "\n", b->name, cyc, ch->name, xl, m->expected, al, m->actual);
        break;
    case MM_ASSERT: {
        rc_first *f = &e->res->first;
        if (!full) {
            eng_out(e, "MISMATCH at cycle %" PRIu64 ": RTL assertion (%s)\n", cyc, m->text);
            return;
        }
        parse_assertion(m->text, f);
        snprintf(f->assert_side, sizeof f->assert_side, "%s", al);
        const char *name = f->assert_name[0] ? f->assert_name : "(unnamed)";
        eng_summary(e, "cycle %" PRIu64 ": RTL assertion %s failed in %s", cyc, name,
                f->assert_inst[0] ? f->assert_inst : "the RTL");
        eng_out(e, "MISMATCH %s at cycle %" PRIu64 ": RTL assertion %s failed in %s (%s side", b->name, cyc, name,
            f->assert_inst[0] ? f->assert_inst : "the RTL", al);
        if (f->assert_where[0])
            eng_out(e, ", %s", f->assert_where);
        eng_out(e, ")\n");
        if (f->assert_msg[0])
            eng_out(e, "  %s\n", f->assert_msg);
        eng_out(e, "  the first failure of the run (no comparison differed before it); the run stops here\n");
        break;
    }
    case MM_MEMORY: {
        const char *mem = b->mem[m->signal].name;
        if (full)
            eng_summary(e, "final memory %s differs at 0x%08x", mem, m->addr);
        eng_out(e, "MISMATCH %s at the end (cycle %" PRIu64 "): final memory %s differs at 0x%08x: %s 0x%02" PRIx64
            ", %s 0x%02" PRIx64 "\n", b->name, cyc, mem, m->addr, xl, m->expected, al, m->actual);
        if (!full)
            return;
        break;
    }
    }
    eng_report_tail(e);
}

void eng_report_hang(eng *e, int watchdog)
{
    const rc_run *r = e->r;
    e->res->status = RC_HANG;
    if (watchdog) {
        eng_summary(e, "no progress for %" PRIu64 " cycles (watchdog)", r->watchdog);
        eng_out(e, "HANG %s at cycle %" PRIu64 ": no handshake on any channel for %" PRIu64 " cycles (--watchdog)\n",
            e->b->name, e->cycle, r->watchdog);
    } else {
        eng_summary(e, "not finished after --max-cycles %" PRIu64, r->max_cycles);
        eng_out(e, "HANG %s: not finished after %" PRIu64 " cycles (--max-cycles)\n", e->b->name, r->max_cycles);
    }
    eng_report_pending(e);
    eng_report_tail(e);
}

void eng_report_trace(eng *e, unsigned c, const uint64_t *vals)
{
    const rc_channel *ch = &e->b->channels[c];
    char line[2048];
    eng_fields_inline(e, ch, vals, line, sizeof line, 1);
    fprintf(e->r->trace, "@%" PRIu64 " %s #%" PRIu64 " %s\n", e->cycle, ch->name, e->s[0].fired[c], line);
}
