/*
 * rb3d_model.c - the cycle-accurate C model of the R5xx colour backend (r5xx.rb3d).  It follows
 * the micro-architecture of docs/blocks/r5xx.rb3d.md: outputs are a function of the state
 * (rb3d_eval); rb3d_tick computes the state after the clock edge from the state before it and
 * the handshakes of the cycle.  The pixel arithmetic is rb3d_pixel.c.
 *
 *   regw -> RQ (2) ------------------------------------------> register file (pipeline empty)
 *   frag -> IN (2) -> D (decode, one copy per edge) -> Q (8) -> W (the write) -> memreq
 *                      \-- read request ------------------------------------------^
 *   memrsp -> RDQ (8) ----------------------------------------^ (head of Q takes its data)
 */
#include <stdlib.h>
#include <string.h>

#include "r5xx_rb3d_ports.h"
#include "rb3d_pixel.h"

#define RQ_DEPTH 2
#define IN_DEPTH 2
#define Q_DEPTH 8

typedef struct frag {
    unsigned mrt;
    uint32_t x, y;
    uint64_t argb;
} frag;

typedef struct rb3d {
    rb3d_regs regs;
    rb3d_cfg cfg;              /* worked out from regs before the first decode after a change */
    int cfg_stale;
    /* register writes waiting for the pipeline to empty */
    unsigned rq_idx[RQ_DEPTH];
    uint32_t rq_data[RQ_DEPTH];
    unsigned rq_head, rq_n;
    /* accepted fragments, and the copy of the head fragment decoded next */
    frag in[IN_DEPTH];
    unsigned in_head, in_n, cp;
    /* D: the decoded pixel operation */
    int d_valid;
    rb3d_op d;
    /* Q: operations waiting for their write; RDQ: read data, in request order */
    rb3d_op q[Q_DEPTH];
    unsigned q_head, q_n;
    uint64_t rdq[Q_DEPTH];
    unsigned rdq_head, rdq_n;
    /* W: the write request */
    int w_valid;
    uint32_t w_addr;
    uint64_t w_data;
    unsigned w_be;
} rb3d;

static void *rb3d_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(rb3d));
}

/* A read of D waits while an older operation that has not written yet occupies any of the same
 * bytes of the same 64-bit word. */
static int hazard(const rb3d *s, const rb3d_op *d)
{
    for (unsigned i = 0; i < s->q_n; i++) {
        const rb3d_op *o = &s->q[(s->q_head + i) % Q_DEPTH];
        if (o->addr == d->addr && (o->bytes & d->bytes))
            return 1;
    }
    return 0;
}

static int show_read(const rb3d *s)
{
    return !s->w_valid && s->d_valid && s->d.rd && s->q_n < Q_DEPTH && !hazard(s, &s->d);
}

static int pipe_empty(const rb3d *s)
{
    return s->in_n == 0 && !s->d_valid && s->q_n == 0 && !s->w_valid;
}

static void rb3d_eval(void *h, uint64_t *ports)
{
    const rb3d *s = h;
    r5xx_rb3d_ports *p = (r5xx_rb3d_ports *)ports;

    p->regw_ready = s->rq_n < RQ_DEPTH;
    p->frag_ready = s->in_n < IN_DEPTH && s->rq_n == 0;
    p->memrsp_ready = 1;
    if (s->w_valid) {
        p->memreq_valid = 1;
        p->memreq_addr = s->w_addr;
        p->memreq_we = 1;
        p->memreq_wdata = s->w_data;
        p->memreq_be = s->w_be;
    } else if (show_read(s)) {
        p->memreq_valid = 1;
        p->memreq_addr = s->d.addr;
        p->memreq_we = p->memreq_wdata = p->memreq_be = 0;
    } else {
        p->memreq_valid = p->memreq_addr = p->memreq_we = p->memreq_wdata = p->memreq_be = 0;
    }
    p->idle = pipe_empty(s) && s->rq_n == 0 && s->rdq_n == 0;
}

static void rb3d_tick(void *h, const uint64_t *ports)
{
    rb3d *s = h;
    const r5xx_rb3d_ports *p = (const r5xx_rb3d_ports *)ports;

    /* Nothing to do: nothing held, nothing offered (most cycles of a sparse stimulus). */
    if (!s->rq_n && !s->in_n && !s->d_valid && !s->q_n && !s->w_valid && !s->rdq_n && !p->frag_valid &&
        !p->regw_valid && !p->memrsp_valid)
        return;
    /* Everything below is decided from the state before the edge. */
    int req_fire = p->memreq_valid && p->memreq_ready;
    int w_fire = req_fire && s->w_valid;
    int rd_fire = req_fire && !s->w_valid;
    int d_leave = s->d_valid && (s->d.rd ? rd_fire : s->q_n < Q_DEPTH);
    const rb3d_op *head = &s->q[s->q_head];
    int w_load = (!s->w_valid || w_fire) && s->q_n > 0 && (!head->rd || s->rdq_n > 0);
    int d_free = !s->d_valid || d_leave;
    int was_empty = pipe_empty(s);
    int frag_acc = p->frag_valid && s->in_n < IN_DEPTH && s->rq_n == 0;
    int regw_acc = p->regw_valid && s->rq_n < RQ_DEPTH;

    /* W: retire the write that fired; load the next one from the head of Q. */
    if (w_fire)
        s->w_valid = 0;
    if (w_load) {
        unsigned be;
        rb3d_write_cfg(&s->cfg, head, head->rd ? s->rdq[s->rdq_head] : 0, &s->w_addr, &s->w_data, &be);
        s->w_be = be;
        s->w_valid = 1;
        if (head->rd) {
            s->rdq_head = (s->rdq_head + 1) % Q_DEPTH;
            s->rdq_n--;
        }
        s->q_head = (s->q_head + 1) % Q_DEPTH;
        s->q_n--;
    }
    /* D -> Q (after its read request fired, or at once when it needs none). */
    if (d_leave) {
        s->q[(s->q_head + s->q_n) % Q_DEPTH] = s->d;
        s->q_n++;
    }
    /* Read data, in request order. */
    if (p->memrsp_valid) {
        s->rdq[(s->rdq_head + s->rdq_n) % Q_DEPTH] = p->memrsp_data;
        s->rdq_n++;
    }
    /* IN head -> D: one copy per edge; a dropped copy leaves D empty. */
    if (d_free) {
        s->d_valid = 0;
        if (s->in_n) {
            const frag *f = &s->in[s->in_head];
            if (s->cfg_stale) {
                rb3d_cfg_make(&s->regs, &s->cfg);
                s->cfg_stale = 0;
            }
            unsigned n = s->cfg.copies > 1 ? s->cp : f->mrt;
            s->d_valid = rb3d_decode_cfg(&s->cfg, n, f->x, f->y, f->argb, &s->d);
            if (++s->cp == s->cfg.copies) {
                s->cp = 0;
                s->in_head = (s->in_head + 1) % IN_DEPTH;
                s->in_n--;
            }
        }
    }
    if (frag_acc) {
        frag *f = &s->in[(s->in_head + s->in_n) % IN_DEPTH];
        f->mrt = (unsigned)p->frag_mrt;
        f->x = (uint32_t)p->frag_x;
        f->y = (uint32_t)p->frag_y;
        f->argb = p->frag_argb;
        s->in_n++;
    }
    /* Register writes: queued when accepted, applied one per edge while the pipeline is empty. */
    if (s->rq_n && was_empty) {
        s->regs.r[s->rq_idx[s->rq_head]] = s->rq_data[s->rq_head];
        s->rq_head = (s->rq_head + 1) % RQ_DEPTH;
        s->rq_n--;
        s->cfg_stale = 1;
    }
    if (regw_acc) {
        int i = rb3d_reg_index((uint32_t)p->regw_addr);
        if (i >= 0) {
            unsigned t = (s->rq_head + s->rq_n) % RQ_DEPTH;
            s->rq_idx[t] = (unsigned)i;
            s->rq_data[t] = (uint32_t)p->regw_data;
            s->rq_n++;
        }
    }
}

static void rb3d_reset(void *h, uint64_t *ports)
{
    rb3d *s = h;
    memset(s, 0, sizeof *s);
    rb3d_regs_reset(&s->regs);
    rb3d_cfg_make(&s->regs, &s->cfg);
    rb3d_eval(h, ports);
}

/* Skip-ahead hook (rc_side_ops.skip): nothing held and nothing offered, rb3d_tick returns at
 * once, so any number of such edges can be skipped. */
static uint64_t rb3d_skip(void *h, const uint64_t *ports, uint64_t n)
{
    const rb3d *s = h;
    (void)ports;
    return !s->rq_n && !s->in_n && !s->d_valid && !s->q_n && !s->w_valid && !s->rdq_n ? n : 0;
}

const rc_side_ops r5xx_rb3d_model_ops = {
    .kind = "model", .create = rb3d_create, .destroy = free, .reset = rb3d_reset,
    .eval = rb3d_eval, .tick = rb3d_tick, .skip = rb3d_skip
};
