/*
 * tx_model.c - the cycle-accurate C model of the R5xx texture unit (r5xx.tx).  It follows the
 * micro-architecture of docs/blocks/r5xx.tx.md: one request at a time through the states
 * IDLE -> ADDR -> MEM -> OUT (a two-pass sample, D18: ADDR -> MEM twice); outputs are a function of the state (tx_eval); tx_tick computes
 * the state after the clock edge from the state before it and the cycle's handshakes.  The
 * arithmetic is tx_math.c, the addresses tile_addr.c.
 */
#include <stdlib.h>
#include <string.h>

#include "r5xx_tx_ports.h"
#include "tx_math.h"

enum { ST_IDLE, ST_ADDR, ST_MEM, ST_OUT };

typedef struct tx {
    r5xx_tx_regs regs;
    int st;
    int rw_wait;              /* a register write was refused last cycle: accept no request */
    unsigned smp, quad, lmode, grad;
    uint32_t s, t, r, lod;
    uint32_t d[4];            /* D24: dsdx, dtdx, dsdy, dtdy */
    r5xx_tx_plan plan;        /* from the ADDR cycle's edge on */
    unsigned pass;            /* D18: 0, or 1 in the second pass of a two-pass sample */
    int32_t v0[4];            /* D18: the first pass's channel values, from its second ADDR */
    unsigned nreq, nrsp;      /* reads requested and answered so far */
    uint32_t out[4];          /* the result, from the edge that enters OUT */
    unsigned kill0;           /* D21: the first pass's kill, from its second ADDR */
    unsigned kill;            /* D21: the response's kill bit, from the edge that enters OUT */
} tx;

static void *tx_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(tx));
}

static void tx_destroy(void *h)
{
    free(h);
}

static void tx_eval(void *h, uint64_t *ports)
{
    const tx *s = h;
    r5xx_tx_ports *p = (r5xx_tx_ports *)ports;
    int idle = s->st == ST_IDLE;
    p->regw_ready = (uint64_t)idle;
    p->req_ready = (uint64_t)(idle && !s->rw_wait);
    p->memrsp_ready = 1;
    int rq = s->st == ST_MEM && s->nreq < s->plan.nread;
    p->memreq_valid = (uint64_t)rq;
    p->memreq_addr = rq ? (s->plan.addr[s->nreq / s->plan.dpt] & ~3u) + 4 * (s->nreq % s->plan.dpt) : 0;
    int out = s->st == ST_OUT;
    p->rsp_valid = (uint64_t)out;
    p->rsp_smp = out ? s->smp : 0;
    p->rsp_quad = out ? s->quad : 0;
    p->rsp_r = out ? s->out[0] : 0;
    p->rsp_g = out ? s->out[1] : 0;
    p->rsp_b = out ? s->out[2] : 0;
    p->rsp_a = out ? s->out[3] : 0;
    p->rsp_err = out ? s->plan.err : 0;
    p->rsp_kill = out ? s->kill : 0;
    p->idle = (uint64_t)idle;
}

static void finish(tx *s)
{
    r5xx_tx_result(&s->regs, s->smp, &s->plan, s->v0, s->out);
    s->kill = r5xx_tx_kill(&s->regs, s->smp, &s->plan) | (s->plan.npass == 2 && s->kill0);
    s->st = ST_OUT;
}

static void tx_tick(void *h, const uint64_t *ports)
{
    tx *s = h;
    const r5xx_tx_ports *p = (const r5xx_tx_ports *)ports;
    int idle = s->st == ST_IDLE;
    int regw_fire = p->regw_valid && idle;
    int req_fire = p->req_valid && idle && !s->rw_wait;

    switch (s->st) {
    case ST_ADDR:
        if (s->pass) {
            r5xx_tx_filter_v(&s->regs, s->smp, &s->plan.smp, s->v0);
            s->kill0 = r5xx_tx_kill(&s->regs, s->smp, &s->plan);
        }
        s->plan = r5xx_tx_plan_request(&s->regs, s->smp, s->s, s->t, s->r, s->lod, s->lmode, s->grad, s->d, s->pass);
        s->nreq = s->nrsp = 0;
        if (s->plan.nread)
            s->st = ST_MEM;
        else
            finish(s);
        break;
    case ST_MEM:
        if (s->nreq < s->plan.nread && p->memreq_ready)
            s->nreq++;
        if (p->memrsp_valid) {
            /* D19: the dword as TX_OFFSET.ENDIAN_SWAP says */
            s->plan.smp.word[s->nrsp] = r5xx_tx_swap((uint32_t)p->memrsp_data, s->regs.offset[s->smp] & 3);
            if (++s->nrsp == s->plan.nread) {
                if (s->plan.npass == 2 && !s->pass) {
                    s->pass = 1;      /* D18: the second level or slice */
                    s->st = ST_ADDR;
                } else {
                    finish(s);
                }
            }
        }
        break;
    case ST_OUT:
        if (p->rsp_ready)
            s->st = ST_IDLE;
        break;
    default:
        break;
    }

    if (regw_fire)
        r5xx_tx_regs_write(&s->regs, (uint32_t)p->regw_addr, (uint32_t)p->regw_data);
    s->rw_wait = p->regw_valid && !regw_fire;
    if (req_fire) {
        s->smp = (unsigned)p->req_smp;
        s->quad = (unsigned)p->req_quad;
        s->s = (uint32_t)p->req_s;
        s->t = (uint32_t)p->req_t;
        s->r = (uint32_t)p->req_r;
        s->lod = (uint32_t)p->req_lod;
        s->lmode = (unsigned)p->req_lmode;
        s->grad = (unsigned)p->req_grad;
        s->d[0] = (uint32_t)p->req_dsdx;
        s->d[1] = (uint32_t)p->req_dtdx;
        s->d[2] = (uint32_t)p->req_dsdy;
        s->d[3] = (uint32_t)p->req_dtdy;
        s->pass = 0;
        s->st = ST_ADDR;
    }
}

static void tx_reset(void *h, uint64_t *ports)
{
    tx *s = h;
    memset(s, 0, sizeof *s);
    tx_eval(h, ports);
}

/* Skip-ahead hook (rc_side_ops.skip): idle and offered nothing, an edge changes nothing. */
static uint64_t tx_skip(void *h, const uint64_t *ports, uint64_t n)
{
    const tx *s = h;
    (void)ports;
    return s->st == ST_IDLE && !s->rw_wait ? n : 0;
}

const rc_side_ops r5xx_tx_model_ops = {
    .kind = "model", .create = tx_create, .destroy = tx_destroy, .reset = tx_reset,
    .eval = tx_eval, .tick = tx_tick, .skip = tx_skip
};
