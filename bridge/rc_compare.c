/*
 * rc_compare.c - the engine's comparisons: exact lockstep of the two sides, side 0 against the
 * vector's expected outputs, the ordered mode's transaction queues, and the end checks.  Each
 * returns what it found as a mismatch record (rc_engine_int.h) and prints nothing; the loop
 * hands every record to the reporter (rc_report.c).
 */
#include <stdint.h>
#include <string.h>

#include "rc_engine_int.h"

/* The fields that differ between two transactions of channel ch, as a mask. */
static uint32_t differing(const rc_channel *ch, const uint64_t *x, const uint64_t *a)
{
    uint32_t m = 0;
    for (unsigned f = 0; f < ch->nfields; f++)
        if (field_differs(ch, f, x, a))
            m |= 1u << f;
    return m;
}

static void mm_start(eng *e, mismatch *m, mm_kind kind, int channel, uint64_t index, const char *xl, const char *al)
{
    m->kind = kind;
    m->cycle = e->cycle;
    m->channel = channel;
    m->signal = -1;
    m->index = index;
    m->field = 0;
    m->exp_label = xl;
    m->act_label = al;
    m->expected = m->actual = 0;
    m->addr = 0;
    m->has_exp = m->has_act = 0;
    m->exp_cycle = m->act_cycle = UINT64_MAX;
    m->ready = 0;
}

/* The transactions of a record (NULL: none on that side). */
static void mm_vals(mismatch *m, const rc_channel *ch, const uint64_t *xv, const uint64_t *av)
{
    m->has_exp = xv != NULL;
    m->has_act = av != NULL;
    for (unsigned f = 0; f < ch->nfields; f++) {
        m->exp[f] = xv ? xv[f] : 0;
        m->act[f] = av ? av[f] : 0;
    }
}

int eng_compare_exact(eng *e, unsigned *at, mismatch *m)
{
    const rc_block_desc *b = e->b;
    const uint64_t *A = e->s[0].ports, *X = e->s[1].ports;
    const char *al = e->s[0].label, *xl = e->s[1].label;
    for (; *at < b->nchannels; ++*at) {
        unsigned c = *at;
        const rc_channel *ch = &b->channels[c];
        if (ch->dir == RC_IN) {
            if (A[ch->ready_word] != X[ch->ready_word]) {
                mm_start(e, m, MM_READY, (int)c, (uint64_t)e->s[0].in_pos[c], xl, al);
                m->expected = X[ch->ready_word];
                m->actual = A[ch->ready_word];
                ++*at;
                return 1;
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
        mm_start(e, m, av != xv ? MM_VALID : MM_FIELDS, (int)c, e->s[1].fired[c], xl, al);
        mm_vals(m, ch, xv ? xvals : NULL, av ? avals : NULL);
        m->expected = xv;
        m->actual = av;
        if (av == xv)
            m->field = differing(ch, xvals, avals);
        ++*at;
        return 1;
    }
    for (; *at < b->nchannels + b->nstatus; ++*at) {
        unsigned i = *at - b->nchannels;
        const rc_status *st = &b->status[i];
        if (A[st->word] != X[st->word]) {
            mm_start(e, m, MM_STATUS, -1, 0, xl, al);
            m->signal = (int)i;
            m->expected = X[st->word];
            m->actual = A[st->word];
            ++*at;
            return 1;
        }
    }
    return 0;
}

int eng_compare_expected(eng *e, unsigned c, int fired, const uint64_t *avals, mismatch *m)
{
    const rc_channel *ch = &e->b->channels[c];
    const rc_txlist *l = &e->r->vec->out[c];
    size_t pos = e->exp_pos[c];
    const char *al = e->s[0].label;
    int exact = e->r->expected_mode == RC_EXACT;
    int due = pos < l->n && (!exact || l->cycle[pos] == e->cycle);
    if (!fired) {
        if (!exact || !due)
            return 0;
        e->exp_pos[c]++;
        mm_start(e, m, MM_MISSING, (int)c, pos, "vector", al);
        mm_vals(m, ch, l->vals + pos * l->nf, NULL);
        m->actual = e->s[0].ports[ch->valid_word];
        m->ready = e->s[0].ports[ch->ready_word];
        return 1;
    }
    if (!due) {
        mm_start(e, m, MM_UNEXPECTED, (int)c, pos, "vector", al);
        mm_vals(m, ch, NULL, avals);
        if (pos < l->n)
            m->exp_cycle = l->cycle[pos];
        return 1;
    }
    const uint64_t *xv = l->vals + pos * l->nf;
    e->exp_pos[c]++;
    uint32_t d = differing(ch, xv, avals);
    if (!d)
        return 0;
    mm_start(e, m, MM_VFIELDS, (int)c, pos, "vector", al);
    mm_vals(m, ch, xv, avals);
    m->field = d;
    return 1;
}

int eng_compare_ordered(eng *e, unsigned c, mismatch *m)
{
    const rc_channel *ch = &e->b->channels[c];
    oqueue *qa = &e->s[0].q[c], *qx = &e->s[1].q[c];
    unsigned nf = ch->nfields;
    while (qa->n && qx->n) {
        const uint64_t *av = qa->vals + qa->head * nf, *xv = qx->vals + qx->head * nf;
        uint64_t idx = e->s[1].fired[c] - qx->n;
        uint32_t d = differing(ch, xv, av);
        if (d) {
            mm_start(e, m, MM_ORDERED, (int)c, idx, e->s[1].label, e->s[0].label);
            mm_vals(m, ch, xv, av);
            m->field = d;
            m->exp_cycle = qx->cyc[qx->head];
            m->act_cycle = qa->cyc[qa->head];
        }
        qa->head = (qa->head + 1) % qa->cap;
        qa->n--;
        qx->head = (qx->head + 1) % qx->cap;
        qx->n--;
        if (d)
            return 1;
    }
    return 0;
}

int eng_compare_end(eng *e, unsigned *at, mismatch *m)
{
    const rc_block_desc *b = e->b;
    unsigned nc = b->nchannels;
    /* expected transactions that never came */
    for (; *at < nc; ++*at) {
        unsigned c = *at;
        const rc_txlist *l = &e->r->vec->out[c];
        if (!e->r->check_expected || b->channels[c].dir != RC_OUT || e->exp_pos[c] >= l->n)
            continue;
        size_t pos = e->exp_pos[c];
        mm_start(e, m, MM_NEVER, (int)c, pos, "vector", e->s[0].label);
        mm_vals(m, &b->channels[c], l->vals + pos * l->nf, NULL);
        m->exp_cycle = l->cycle[pos];
        m->expected = l->n;
        m->actual = e->s[0].fired[c];
        ++*at;
        return 1;
    }
    if (e->ns != 2)
        return 0;
    /* transaction counts of the two sides */
    for (; *at < 2 * nc; ++*at) {
        unsigned c = *at - nc;
        if (b->channels[c].dir != RC_OUT || e->s[0].fired[c] == e->s[1].fired[c])
            continue;
        mm_start(e, m, MM_COUNT, (int)c, e->s[0].fired[c], e->s[1].label, e->s[0].label);
        m->expected = e->s[1].fired[c];
        m->actual = e->s[0].fired[c];
        ++*at;
        return 1;
    }
    /* final memory (with a shared agent the images are one: identical by construction) */
    for (; *at < 2 * nc + b->nmem && *at - 2 * nc < MAX_MEM; ++*at) {
        unsigned k = *at - 2 * nc;
        uint32_t addr;
        if (e->shared_mem || !rc_memimg_diff(&e->s[0].mem[k].img, &e->s[1].mem[k].img, &addr))
            continue;
        mm_start(e, m, MM_MEMORY, -1, 0, e->s[1].label, e->s[0].label);
        m->signal = (int)k;
        m->addr = addr;
        m->expected = rc_memimg_read8(&e->s[1].mem[k].img, addr);
        m->actual = rc_memimg_read8(&e->s[0].mem[k].img, addr);
        ++*at;
        return 1;
    }
    return 0;
}
