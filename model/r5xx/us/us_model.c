/*
 * us_model.c - the cycle-accurate C model of the R500 fragment shader (r5xx.us), following the
 * micro-architecture of docs/blocks/r5xx.us.md: one quad executing; IDLE (register writes,
 * the first input beat) -> LOAD (further input beats) -> RUN (one instruction per cycle on all
 * four pixels; NOP inserts a cycle; TEX issues per-pixel requests and waits for their responses)
 * -> the end of the program hands the output state to a two-entry emission queue (S_EMIT: waiting
 * for room), which sends one record per written target while the next quads run; the next quad's
 * beat is taken already in the last instruction's cycle (run_end).  us_eval computes the outputs
 * from the state; us_tick the state after the edge.  The ISA itself is us_exec.c.
 */
#include <stdlib.h>
#include <string.h>

#include "r5xx_us_ports.h"
#include "us_isa.h"

enum { S_IDLE, S_LOAD, S_RUN, S_NOP, S_TEX, S_EMIT };

/* One finished quad in the emission queue: its output state and the formats, captured at the
 * hand-over (the end of its program). */
typedef struct us_emq {
    uint32_t out[4][4][4];
    uint32_t omask[4];
    uint16_t opc[4];
    uint32_t z[4];
    uint8_t zmask, wr;
    unsigned ti;              /* targets still to send (bit mask), 0x10: the empty record */
    uint16_t qid;
    uint32_t out_fmt[4], w_fmt;
} us_emq;

typedef struct us {
    us_regs r;
    us_quad q;
    unsigned st, pc;
    unsigned nop_emit;        /* S_NOP: the program ends after it (else RUN) */
    unsigned reqm, rspm;      /* S_TEX: pixels still to request / still to be answered */
    uint32_t qd[4];           /* S_TEX: the quad's differences, taken when the lookup started */
    uint16_t qid;
    us_emq eq[2];             /* the emission queue: head h, n entries */
    unsigned h, n;
} us;

static void *us_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(us));
}

static uint64_t pk(uint32_t lo, uint32_t hi) { return (uint64_t)lo | ((uint64_t)hi << 32); }

static unsigned low(unsigned m)
{
    unsigned i = 0;
    while (i < 4 && !((m >> i) & 1))
        i++;
    return i;
}

/* RUN: the instruction at pc ends the program now (no NOP bit, no lookup to wait for) and the
 * emission queue has room: the next quad's beat may be taken in this cycle. */
static int run_end(const us *s)
{
    if (s->st != S_RUN || s->n == 2)
        return 0;
    uint32_t cmn = s->r.inst[s->pc][US_CMN];
    if ((cmn >> 9) & 1)
        return 0;
    if (!(((cmn >> 8) & 1) || s->pc == us_end_pc(&s->r)))
        return 0;
    return us_bits(cmn, 1, 0) != US_T_TEX || us_tex_pixels(&s->r, s->pc, &s->q) == 0;
}

static void us_eval(void *h, uint64_t *ports)
{
    us *s = h;
    r5xx_us_ports *p = (r5xx_us_ports *)ports;
    int due = p->quad_valid && (uint16_t)p->quad_wseq == s->r.wcount;
    p->regw_ready = (uint64_t)(s->st == S_IDLE && !due);
    p->quad_ready = (uint64_t)((s->st == S_IDLE && due) || s->st == S_LOAD || (run_end(s) && due));

    /* texture request: the lowest pixel still to request */
    p->texreq_valid = (uint64_t)(s->st == S_TEX && s->reqm != 0);
    p->texreq_pc = p->texreq_smp = p->texreq_op = p->texreq_unscaled = p->texreq_quad = 0;
    p->texreq_s = p->texreq_t = p->texreq_r = p->texreq_lod = p->texreq_lmode = 0;
    p->texreq_grad = p->texreq_dsdx = p->texreq_dtdx = p->texreq_dsdy = p->texreq_dtdy = 0;
    if (p->texreq_valid) {
        uint32_t ti = s->r.inst[s->pc][US_W1], c[10];
        unsigned px = low(s->reqm);
        us_tex_request(&s->r, s->pc, &s->q, px, s->qd, c);
        p->texreq_pc = s->pc;
        p->texreq_smp = us_bits(ti, 19, 16);
        p->texreq_op = us_bits(ti, 24, 22);
        p->texreq_unscaled = (ti >> 27) & 1;
        p->texreq_quad = px;
        p->texreq_s = c[0];
        p->texreq_t = c[1];
        p->texreq_r = c[2];
        p->texreq_lod = c[3];
        p->texreq_lmode = c[4];
        p->texreq_grad = c[5];
        p->texreq_dsdx = c[6];
        p->texreq_dtdx = c[7];
        p->texreq_dsdy = c[8];
        p->texreq_dtdy = c[9];
    }
    p->texrsp_ready = (uint64_t)(s->st == S_TEX && (s->rspm & ~s->reqm) != 0);

    /* the output record */
    uint64_t *f = &p->frag_quad;
    for (unsigned i = 0; i < 16; i++)
        f[i] = 0;
    p->frag_valid = (uint64_t)(s->n != 0);
    if (p->frag_valid) {
        const us_emq *q = &s->eq[s->h];
        unsigned t = q->ti & 0x10 ? 0 : low(q->ti);
        unsigned rest = q->ti & 0x10 ? 0 : q->ti & ~(1u << t);
        p->frag_quad = q->qid;
        p->frag_tgt = t;
        p->frag_last = (uint64_t)(rest == 0);
        p->frag_pc = !(q->ti & 0x10) ? q->opc[t] : 0;
        p->frag_wr = q->wr;
        /* the target's components converted by US_OUT_FMT_t, W by US_W_FMT (doc "Output conversion") */
        uint32_t fr = q->out_fmt[t], cm = 0, zl[4];
        unsigned zm = (q->w_fmt >> 2) & 1 ? 0 : q->zmask;
        for (unsigned px = 0; px < 4; px++) {
            uint32_t lane[4] = {0, 0, 0, 0};
            if (!(q->ti & 0x10))
                cm |= us_fmt_pixel(fr, q->out[t][px], (q->omask[t] >> (4 * px)) & 15, lane) << (4 * px);
            (&p->frag_p0rg)[2 * px] = pk(lane[0], lane[1]);
            (&p->frag_p0ba)[2 * px] = pk(lane[2], lane[3]);
            zl[px] = (zm >> px) & 1 ? us_fmt_w(q->w_fmt, q->z[px]) : 0;
        }
        p->frag_mask = cm | ((uint64_t)zm << 16);
        p->frag_z01 = pk(zl[0], zl[1]);
        p->frag_z23 = pk(zl[2], zl[3]);
    }
    p->idle = (uint64_t)(s->st == S_IDLE && s->n == 0);
}

/* The targets written whose format is used (the records EMIT sends). */
static unsigned used_targets(const us *s)
{
    unsigned m = 0;
    for (unsigned t = 0; t < 4; t++)
        if (((s->q.tw >> t) & 1) && us_fmt_used(s->r.out_fmt[t]))
            m |= 1u << t;
    return m;
}

/* The end of the program: hand the quad's output state to the emission queue if it has room
 * (counted at the cycle's start: s->n is updated by the emission after the state machine) and go
 * to IDLE, else wait in S_EMIT. */
static void finish(us *s)
{
    if (s->n == 2) {
        s->st = S_EMIT;
        return;
    }
    us_emq *e = &s->eq[(s->h ^ s->n) & 1];
    const us_quad *q = &s->q;
    memcpy(e->out, q->out, sizeof e->out);
    memcpy(e->omask, q->omask, sizeof e->omask);
    memcpy(e->opc, q->opc, sizeof e->opc);
    memcpy(e->z, q->z, sizeof e->z);
    e->zmask = q->zmask;
    e->wr = (uint8_t)(q->cov & ~q->kill & 15);
    e->ti = used_targets(s) ? used_targets(s) : 0x10;
    e->qid = s->qid++;
    memcpy(e->out_fmt, s->r.out_fmt, sizeof e->out_fmt);
    e->w_fmt = s->r.w_fmt;
    s->n++;
    s->st = S_IDLE;
}

static void beat(us *s, const r5xx_us_ports *p);

/* After the instruction at pc: the next one, a NOP cycle, or the end of the program (and then
 * the next quad's beat, when it was taken in this cycle: run_end). */
static void advance(us *s, unsigned next, const r5xx_us_ports *p)
{
    uint32_t cmn = s->r.inst[s->pc][US_CMN];
    unsigned done = ((cmn >> 8) & 1) || s->pc == us_end_pc(&s->r);
    unsigned nop = (cmn >> 9) & 1;
    if (!done)
        s->pc = next;
    if (nop) {
        s->st = S_NOP;
        s->nop_emit = done;
    } else if (done) {
        finish(s);
        if (p->quad_valid && p->quad_ready)
            beat(s, p);
    } else {
        s->st = S_RUN;
    }
}

static void start_quad(us *s)
{
    us_quad_start(&s->q, s->q.cov);
    s->pc = us_start_pc(&s->r);
    s->st = S_RUN;
}

static void beat(us *s, const r5xx_us_ports *p)
{
    unsigned a = (unsigned)p->quad_addr & 127;
    const uint64_t *v = &p->quad_p0rg;
    for (unsigned px = 0; px < 4; px++)
        for (unsigned c = 0; c < 4; c++)
            s->q.t[a][px][c] = (uint32_t)(v[2 * px + c / 2] >> (32 * (c & 1)));
    s->q.cov = (uint8_t)(p->quad_cov & 15);
    if (p->quad_last)
        start_quad(s);
    else
        s->st = S_LOAD;
}

static void us_tick(void *h, const uint64_t *ports)
{
    us *s = h;
    const r5xx_us_ports *p = (const r5xx_us_ports *)ports;
    /* the emission (from the state at the cycle's start), applied after the state machine */
    unsigned pop = 0;
    if (s->n && p->frag_ready) {
        us_emq *e = &s->eq[s->h];
        if (e->ti & 0x10)
            e->ti = 0;
        else
            e->ti &= ~(1u << low(e->ti));
        pop = e->ti == 0;
    }
    switch (s->st) {
    case S_IDLE:
        if (p->regw_valid && p->regw_ready)
            us_regs_write(&s->r, (uint32_t)p->regw_addr, (uint32_t)p->regw_data);
        if (p->quad_valid && p->quad_ready)
            beat(s, p);
        break;
    case S_LOAD:
        if (p->quad_valid)
            beat(s, p);
        break;
    case S_RUN: {
        uint32_t cmn = s->r.inst[s->pc][US_CMN];
        unsigned type = us_bits(cmn, 1, 0);
        unsigned next = (s->pc + 1) & 511u;
        if (type == US_T_FC) {
            next = us_exec_fc(&s->r, s->pc, &s->q);
        } else if (type == US_T_ALU || type == US_T_OUT) {
            us_exec_alu(&s->r, s->pc, &s->q);
        } else if (type == US_T_TEX) {
            unsigned op = us_bits(s->r.inst[s->pc][US_W1], 24, 22);
            if (op == 2)
                us_tex_kill(&s->r, s->pc, &s->q);
            s->reqm = s->rspm = us_tex_pixels(&s->r, s->pc, &s->q);
            if (s->reqm) {
                us_tex_grad(&s->r, s->pc, &s->q, s->qd);
                s->st = S_TEX;
                break;
            }
        }
        advance(s, next, p);
        break;
    }
    case S_NOP:
        if (s->nop_emit) {
            finish(s);
        } else {
            s->st = S_RUN;
        }
        break;
    case S_TEX: {
        unsigned rsp = p->texrsp_valid && p->texrsp_ready;
        unsigned rpx = low(s->rspm);
        if (p->texreq_valid && p->texreq_ready)
            s->reqm &= ~(1u << low(s->reqm));
        if (rsp) {
            uint32_t c[4] = { (uint32_t)p->texrsp_r, (uint32_t)p->texrsp_g, (uint32_t)p->texrsp_b,
                              (uint32_t)p->texrsp_a };
            us_tex_write(&s->r, s->pc, &s->q, rpx, c);
            if (p->texrsp_kill)               /* r5xx.tx's chroma-key kill (r5xx.tx.md D21) */
                s->q.kill |= (uint8_t)(1u << rpx);
            s->rspm &= ~(1u << rpx);
            if (s->rspm == 0)
                advance(s, (s->pc + 1) & 511u, p);
        }
        break;
    }
    case S_EMIT:
        finish(s);
        break;
    default:
        break;
    }
    if (pop) {
        s->h ^= 1;
        s->n--;
    }
}

static void us_reset(void *h, uint64_t *ports)
{
    us *s = h;
    memset(s, 0, sizeof *s);
    us_eval(h, ports);
}

const rc_side_ops r5xx_us_model_ops = {
    .kind = "model", .create = us_create, .destroy = free, .reset = us_reset,
    .eval = us_eval, .tick = us_tick
};
