/*
 * cb_model.c - the cycle-accurate C model of the Sea Islands colour backend (si.cb).  It follows
 * the state machine of docs/blocks/si.cb.md "Micro-architecture": outputs are a function of the
 * state (cb_eval); cb_tick computes the state after the clock edge.  The arithmetic is cb_math.c.
 */
#include <stdlib.h>
#include <string.h>

#include "si_cb_ports.h"
#include "cb_math.h"

enum { ST_IDLE, ST_START, ST_RD, ST_RSP, ST_CALC, ST_WR, ST_OUT };

typedef struct cb {
    si_cb_regs regs;
    int st, rw_wait;
    unsigned i;                      /* the dword being read or written */
    uint32_t x, y, src[4], src1[4];
    unsigned cwe;
    si_cb_plan plan;
    uint32_t dw[4], out[4];
} cb;

static void *cb_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(cb));
}

static void cb_eval(void *h, uint64_t *ports)
{
    const cb *s = h;
    si_cb_ports *p = (si_cb_ports *)ports;
    int idle = s->st == ST_IDLE;
    p->regw_ready = (uint64_t)idle;
    p->frag_ready = (uint64_t)(idle && !s->rw_wait);
    p->memrsp_ready = 1;
    int rq = s->st == ST_RD || s->st == ST_WR;
    p->memreq_valid = (uint64_t)rq;
    p->memreq_addr = rq ? (s->plan.addr & ~3u) + 4 * s->i : 0;
    p->memreq_we = s->st == ST_WR;
    p->memreq_wdata = s->st == ST_WR ? s->out[s->i] : 0;
    p->memreq_be = s->st == ST_WR ? 0xF : 0;
    int o = s->st == ST_OUT;
    p->pix_valid = (uint64_t)o;
    p->pix_x = o ? s->x : 0;
    p->pix_y = o ? s->y : 0;
    p->pix_wr = o ? (uint64_t)s->plan.write : 0;
    p->pix_err = o ? s->plan.err : 0;
    p->idle = (uint64_t)idle;
}

static void cb_tick(void *h, const uint64_t *ports)
{
    cb *s = h;
    const si_cb_ports *p = (const si_cb_ports *)ports;
    int idle = s->st == ST_IDLE;
    int regw_fire = p->regw_valid && idle;
    int frag_fire = p->frag_valid && idle && !s->rw_wait;

    switch (s->st) {
    case ST_START:
        s->plan = si_cb_plan_of(&s->regs, s->x, s->y, s->cwe);
        s->i = 0;
        s->st = s->plan.write ? ST_RD : ST_OUT;
        break;
    case ST_RD:
        if (p->memreq_ready)
            s->st = ST_RSP;
        break;
    case ST_RSP:
        if (p->memrsp_valid) {
            s->dw[s->i] = (uint32_t)p->memrsp_data;
            if (s->i + 1 < s->plan.nd) {
                s->i++;
                s->st = ST_RD;
            } else {
                s->st = ST_CALC;
            }
        }
        break;
    case ST_CALC:
        si_cb_compute(&s->regs, &s->plan, s->src, s->src1, s->dw, s->out);
        s->i = 0;
        s->st = ST_WR;
        break;
    case ST_WR:
        if (p->memreq_ready) {
            if (s->i + 1 < s->plan.nd)
                s->i++;
            else
                s->st = ST_OUT;
        }
        break;
    case ST_OUT:
        if (p->pix_ready)
            s->st = ST_IDLE;
        break;
    default:
        break;
    }
    if (regw_fire)
        si_cb_regs_write(&s->regs, (uint32_t)p->regw_addr, (uint32_t)p->regw_data);
    s->rw_wait = p->regw_valid && !regw_fire;
    if (frag_fire) {
        s->x = (uint32_t)p->frag_x;
        s->y = (uint32_t)p->frag_y;
        s->src[0] = (uint32_t)p->frag_r;
        s->src[1] = (uint32_t)p->frag_g;
        s->src[2] = (uint32_t)p->frag_b;
        s->src[3] = (uint32_t)p->frag_a;
        s->src1[0] = (uint32_t)p->frag_r1;
        s->src1[1] = (uint32_t)p->frag_g1;
        s->src1[2] = (uint32_t)p->frag_b1;
        s->src1[3] = (uint32_t)p->frag_a1;
        s->cwe = (unsigned)p->frag_cwe;
        s->st = ST_START;
    }
}

static void cb_reset(void *h, uint64_t *ports)
{
    cb *s = h;
    memset(s, 0, sizeof *s);
    cb_eval(h, ports);
}

const rc_side_ops si_cb_model_ops = {
    .kind = "model", .create = cb_create, .destroy = free, .reset = cb_reset,
    .eval = cb_eval, .tick = cb_tick
};
