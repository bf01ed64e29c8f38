/*
 * rc_cycle.c - the engine's per-cycle pieces for the table walk (rc_loop.c): driving the inputs
 * of a side from the vector, fault injection, the waveform re-run's evaluation, the handshakes
 * at the edge (histories, ordered-mode queues, memory agents), whether a side is done, and the
 * model-alone skip over quiet cycles.
 */
#include <stdlib.h>
#include <string.h>

#include "rc_engine_int.h"

void eng_drive_inputs(eng *e, side *s)
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

void eng_apply_faults(eng *e, int k)
{
    side *s = &e->s[k];
    for (int i = 0; i < e->r->nfaults; i++) {
        const rc_fault *f = &e->r->faults[i];
        const rc_channel *ch = &e->b->channels[f->channel];
        if (f->side == k && s->ports[ch->valid_word] && s->fired[f->channel] == f->txn && f->field >= 0)
            s->ports[ch->fields[f->field].word] ^= f->mask;
    }
}

/* The evaluation step of a waveform re-run: sides[0] is the block's waveform wrapper; before
 * it is evaluated (and dumped) it gets the expected values to show beside its own: the other
 * side's outputs, or the vector's expected transactions for this cycle; and the faults injected
 * on it this cycle, which its wrapper applies to the outputs it dumps (and the engine samples).
 * A first evaluation, not dumped, tells which transactions are offered (and, against a vector,
 * the input readies and status, which have no expectation there: the actual ones are shown). */
void eng_wave_eval(eng *e)
{
    const rc_run *r = e->r;
    const rc_block_desc *b = e->b;
    side *s0 = &e->s[0];
    int on = e->cycle >= r->wave_from && e->cycle <= r->wave_to;
    int inj = s0->ops->inject != NULL;
    if (e->ns == 2) {
        e->s[1].ops->eval(e->s[1].h, e->s[1].ports);
        if (r->nfaults)
            eng_apply_faults(e, 1);
    }
    uint64_t xp[RC_MAX_CHANNELS * (RC_MAX_FIELDS + 2) + RC_MAX_STATUS];
    if (!on) {
        /* Outside the window nothing is dumped: one evaluation, faults applied to the words. */
        if (e->wave_injected) {
            memset(xp, 0, b->nwords * sizeof *xp);
            s0->ops->inject(s0->h, xp);
            e->wave_injected = 0;
        }
        s0->ops->trace(s0->h, 0);
        s0->ops->eval(s0->h, s0->ports);
        if (r->nfaults)
            eng_apply_faults(e, 0);
        return;
    }
    int vec = !(e->ns == 2 && !r->wave_vector);
    int faults0 = 0;
    for (int i = 0; i < r->nfaults; i++)
        faults0 |= r->faults[i].side == 0;
    inj &= faults0;
    if (vec || inj) {
        if (inj) {
            memset(xp, 0, b->nwords * sizeof *xp);
            s0->ops->inject(s0->h, xp);
        }
        s0->ops->trace(s0->h, 0);
        s0->ops->eval(s0->h, s0->ports);
    }
    if (inj) {
        /* The masks of the faults due now, from the undumped evaluation's valids. */
        memset(xp, 0, b->nwords * sizeof *xp);
        for (int i = 0; i < r->nfaults; i++) {
            const rc_fault *f = &r->faults[i];
            const rc_channel *ch = &b->channels[f->channel];
            if (f->side == 0 && s0->ports[ch->valid_word] && s0->fired[f->channel] == f->txn && f->field >= 0)
                xp[ch->fields[f->field].word] ^= f->mask;
        }
        s0->ops->inject(s0->h, xp);
        e->wave_injected = 1;
    }
    if (!vec) {
        s0->ops->expect(s0->h, e->s[1].ports);
    } else {
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
    if (r->nfaults && !inj)
        eng_apply_faults(e, 0);
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
int eng_side_edge(eng *e, int k, uint32_t fired)
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

int eng_side_done(eng *e, const side *s)
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

int eng_future_input(eng *e, const side *s)
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
void eng_skip_ahead(eng *e, uint64_t *last_progress)
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
                e->ready[e->outc[i]] = eng_policy_ready(e, e->outc[i]);
    uint64_t last = e->cycle + n;
    if (!r->watchdog)
        *last_progress = last;
    else if (last - *last_progress >= r->watchdog)
        *last_progress += (last - *last_progress) / r->watchdog * r->watchdog;
    e->cycle = last;
}
