/*
 * cp_model.c - the cycle-accurate C model of the R5xx command processor (r5xx.cp).
 * It follows the micro-architecture of docs/blocks/r5xx.cp.md line by line: outputs are a
 * function of the state (cp_eval), and cp_tick computes the state after the clock edge from
 * the state before it and the handshakes of the cycle.
 */
#include <stdlib.h>
#include <string.h>

#include "cp_regs.h"
#include "r5xx_cp_ports.h"

#define FQ_DEPTH 4
#define OUT_DEPTH 2

typedef enum { P_HDR, P_T0, P_T1, P_T3, P_SKIP } pstate;

typedef struct ofifo {                 /* a 2-entry output FIFO of up to 6 fields */
    uint64_t v[OUT_DEPTH][6];
    unsigned head, n;
} ofifo;

typedef struct cp {
    /* host-written registers */
    uint32_t rb_base, rb_cntl, rptr_addr, wptr_delay, rptr_wr;
    uint32_t rptr, rfptr, wptr;
    /* WPTR pre-write staging */
    uint32_t stage, pw_cnt, pw_n;
    int pw_pend;
    /* indirect buffers: registers [1]=IB1, [2]=IB2, and the running streams' latched state */
    uint32_t ib_base_reg[3], ib_size_reg[3];
    uint32_t ib_base[3], ib_size[3], ib_fptr[3], ib_cons[3];
    unsigned ib2_parent, active;
    /* fetch */
    uint32_t fq[FQ_DEPTH];
    unsigned fq_head, fq_n, inflight, drop;
    int wb_pend;
    uint32_t wb_data;
    /* parser */
    pstate ps;
    uint32_t left, idx, idx1, idx2, bi;
    unsigned opcode;
    int one_reg, sw_pend;
    unsigned sw_target;
    ofifo regw, pkt, body;
} cp;

static uint32_t ring_mask(const cp *s)
{
    unsigned n = s->rb_cntl & 0x3F;
    n = n < 2 ? 2 : n > 22 ? 22 : n;
    return (2u << n) - 1;
}

static void *cp_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(cp));
}

static void ofifo_push(ofifo *f, const uint64_t *v, unsigned n)
{
    memcpy(f->v[(f->head + f->n) % OUT_DEPTH], v, n * sizeof *v);
    f->n++;
}

static void show(const ofifo *f, uint64_t *valid, uint64_t *fields, unsigned n)
{
    *valid = f->n != 0;
    for (unsigned i = 0; i < n; i++)
        fields[i] = f->n ? f->v[f->head][i] : 0;
}

static void cp_eval(void *h, uint64_t *ports)
{
    const cp *s = h;
    r5xx_cp_ports *p = (r5xx_cp_ports *)ports;
    uint32_t mask = ring_mask(s);

    p->host_ready = 1;
    p->memrsp_ready = 1;

    p->memreq_valid = p->memreq_addr = p->memreq_we = p->memreq_wdata = p->memreq_be = 0;
    if (s->wb_pend) {
        p->memreq_valid = 1;
        p->memreq_addr = s->rptr_addr & ~3u;
        p->memreq_we = 1;
        p->memreq_wdata = cp_swap(s->wb_data, s->rptr_addr & 3);
        p->memreq_be = 0xF;
    } else if (s->inflight + s->fq_n < FQ_DEPTH) {
        if (s->active == CP_STREAM_RING) {
            if (s->rfptr != (s->wptr & mask)) {
                p->memreq_valid = 1;
                p->memreq_addr = (uint32_t)(s->rb_base + 4u * s->rfptr);
            }
        } else if (s->ib_fptr[s->active] != s->ib_size[s->active]) {
            p->memreq_valid = 1;
            p->memreq_addr = (uint32_t)(s->ib_base[s->active] + 4u * s->ib_fptr[s->active]);
        }
    }

    show(&s->regw, &p->regw_valid, &p->regw_addr, 3);
    show(&s->pkt, &p->pkt_valid, &p->pkt_stream, 6);
    show(&s->body, &p->body_valid, &p->body_data, 2);

    p->idle = s->active == CP_STREAM_RING && s->rptr == (s->wptr & mask) && s->fq_n == 0 &&
              s->inflight == 0 && !s->wb_pend && !s->pw_pend && s->regw.n == 0 && s->pkt.n == 0 &&
              s->body.n == 0;
}

/* A register write from the stream: emitted, and the IB registers also update the CP. */
static void stream_regw(cp *s, uint32_t addr, uint32_t data)
{
    uint64_t v[3] = { addr, data, s->active };
    ofifo_push(&s->regw, v, 3);
    switch (addr) {
    case CP_IB_BASE: s->ib_base_reg[1] = data & ~3u; break;
    case CP_IB2_BASE: s->ib_base_reg[2] = data & ~3u; break;
    case CP_IB_BUFSZ:
        s->ib_size_reg[1] = data & 0x7FFFFF;
        if (s->ib_size_reg[1] && s->active == CP_STREAM_RING) {
            s->sw_pend = 1;
            s->sw_target = 1;
        }
        break;
    case CP_IB2_BUFSZ:
        s->ib_size_reg[2] = data & 0x7FFFFF;
        if (s->ib_size_reg[2] && s->active != CP_STREAM_IB2) {
            s->sw_pend = 1;
            s->sw_target = 2;
        }
        break;
    default: break;
    }
}

/* The parser's action this cycle.  Returns 1 if the FQ must be flushed. */
static int parse(cp *s, const r5xx_cp_ports *p, int *consumed)
{
    *consumed = 0;
    if (s->active != CP_STREAM_RING && s->ib_cons[s->active] == s->ib_size[s->active]) {
        if (s->active == CP_STREAM_IB1) {
            s->active = CP_STREAM_RING;
        } else {
            s->active = s->ib2_parent;
        }
        if (s->active == CP_STREAM_RING)
            s->rfptr = s->rptr;
        else
            s->ib_fptr[1] = s->ib_cons[1];
        s->ps = P_HDR;
        s->sw_pend = 0;
        return 1;
    }
    if (!s->fq_n)
        return 0;
    uint32_t h = s->fq[s->fq_head];
    int is_ib = s->active != CP_STREAM_RING;
    uint32_t cons = is_ib ? s->ib_cons[s->active] : 0;

    switch (s->ps) {
    case P_HDR: {
        if (s->pkt.n >= OUT_DEPTH || s->regw.n)       /* stream order: register writes first */
            return 0;
        unsigned type = h >> 30, count = (h >> 16) & 0x3FFF, opcode = 0, err = 0;
        uint32_t body = 0;
        if (type == 0) {
            body = count + 1;
            s->idx = h & 0x1FFF;
            s->one_reg = (h >> 15) & 1;
            if (!s->one_reg && (h & 0x1FFF) + count > 0x1FFF)
                err |= CP_ERR_RANGE;
            s->ps = P_T0;
        } else if (type == 1) {
            body = 2;
            count = 0;
            s->idx1 = h & 0x7FF;
            s->idx2 = (h >> 11) & 0x7FF;
            s->ps = P_T1;
        } else if (type == 2) {
            count = 0;
        } else {
            body = count + 1;
            opcode = (h >> 8) & 0xFF;
            s->opcode = opcode;
            s->bi = 0;
            if (opcode == PM4_NOP) {
                s->ps = P_SKIP;
            } else if (!cp_opcode_known(opcode)) {
                err |= CP_ERR_OPCODE;
                s->ps = P_SKIP;
            } else {
                if (opcode == PM4_3D_LOAD_VBPNTR && body > CP_VBPNTR_REGS)
                    err |= CP_ERR_RANGE;
                s->ps = P_T3;
            }
        }
        if (is_ib && (uint64_t)cons + 1 + body > s->ib_size[s->active])
            err |= CP_ERR_TRUNC;
        s->left = body;
        uint64_t rec[6] = { s->active, type, opcode, count, is_ib ? cons : s->rptr, err };
        ofifo_push(&s->pkt, rec, 6);
        break;
    }
    case P_T0:
        if (s->idx <= 0x1FFF && (s->regw.n >= OUT_DEPTH || s->pkt.n || s->body.n))
            return 0;
        if (s->idx <= 0x1FFF)
            stream_regw(s, 4 * s->idx, h);
        if (!s->one_reg)
            s->idx++;
        s->left--;
        break;
    case P_T1:
        if (s->regw.n >= OUT_DEPTH || s->pkt.n || s->body.n)
            return 0;
        stream_regw(s, 4 * (s->left == 2 ? s->idx1 : s->idx2), h);
        s->left--;
        break;
    case P_T3: {
        unsigned reg = cp_draw_reg(s->opcode, s->bi);
        if (s->body.n >= OUT_DEPTH || (reg && s->regw.n >= OUT_DEPTH) || (!reg && s->regw.n))
            return 0;
        uint64_t v[2] = { h, s->left == 1 };
        ofifo_push(&s->body, v, 2);
        if (reg) {
            uint64_t w[3] = { reg, h, s->active };
            ofifo_push(&s->regw, w, 3);
        }
        s->bi++;
        s->left--;
        break;
    }
    case P_SKIP:
        s->left--;
        break;
    }
    *consumed = 1;

    /* Advance the consume pointer of the stream the dword came from. */
    if (is_ib) {
        s->ib_cons[s->active]++;
    } else {
        uint32_t mask = ring_mask(s);
        s->rptr = (s->rptr + 1) & mask;
        unsigned blk = (s->rb_cntl >> 8) & 0x3F;
        blk = blk > 21 ? 21 : blk;
        int wb_on = !((s->rb_cntl >> 27) & 1) && (s->rptr_addr >> 2) != 0;
        if (wb_on && ((s->rptr & ((2u << blk) - 1)) == 0 || s->rptr == (s->wptr & mask))) {
            s->wb_pend = 1;
            s->wb_data = s->rptr;
        }
    }
    if (s->ps != P_HDR && s->left == 0) {
        s->ps = P_HDR;
        if (s->sw_pend) {
            unsigned k = s->sw_target;
            s->ib_base[k] = s->ib_base_reg[k];
            s->ib_size[k] = s->ib_size_reg[k];
            s->ib_fptr[k] = s->ib_cons[k] = 0;
            if (k == CP_STREAM_IB2)
                s->ib2_parent = s->active;
            s->active = k;
            s->sw_pend = 0;
            return 1;
        }
    }
    (void)p;
    return 0;
}

static void cp_tick(void *h, const uint64_t *ports)
{
    cp *s = h;
    const r5xx_cp_ports *p = (const r5xx_cp_ports *)ports;
    int read_fire = p->memreq_valid && p->memreq_ready && !p->memreq_we;
    int write_fire = p->memreq_valid && p->memreq_ready && p->memreq_we;
    int rsp_fire = p->memrsp_valid != 0;

    /* Output FIFO pops (the parser's space test used the counts before these). */
    int pop_regw = p->regw_valid && p->regw_ready;
    int pop_pkt = p->pkt_valid && p->pkt_ready;
    int pop_body = p->body_valid && p->body_ready;
    unsigned regw_n = s->regw.n, pkt_n = s->pkt.n, body_n = s->body.n;

    /* Fetch request accepted: advance the fetch pointer of the stream it was made for. */
    if (write_fire)
        s->wb_pend = 0;
    if (read_fire) {
        if (s->active == CP_STREAM_RING)
            s->rfptr = (s->rfptr + 1) & ring_mask(s);
        else
            s->ib_fptr[s->active]++;
    }

    int consumed;
    int flush = parse(s, p, &consumed);
    /* Pops happen after the parser's pushes were admitted by the pre-edge counts. */
    if (pop_regw) { s->regw.head = (s->regw.head + 1) % OUT_DEPTH; s->regw.n--; }
    if (pop_pkt) { s->pkt.head = (s->pkt.head + 1) % OUT_DEPTH; s->pkt.n--; }
    if (pop_body) { s->body.head = (s->body.head + 1) % OUT_DEPTH; s->body.n--; }
    (void)regw_n; (void)pkt_n; (void)body_n;

    /* Fetch queue: pop what the parser consumed, push the response, count reads in flight. */
    if (consumed) {
        s->fq_head = (s->fq_head + 1) % FQ_DEPTH;
        s->fq_n--;
    }
    if (rsp_fire) {
        if (s->drop) {
            s->drop--;
        } else {
            s->fq[(s->fq_head + s->fq_n) % FQ_DEPTH] = cp_swap((uint32_t)p->memrsp_data, (s->rb_cntl >> 16) & 3);
            s->fq_n++;
        }
    }
    s->inflight = s->inflight + (unsigned)read_fire - (unsigned)rsp_fire;

    /* Host register writes; the RPTR reload is applied last. */
    int reload = 0, wptr_write = 0;
    uint32_t v = (uint32_t)p->host_data;
    if (p->host_valid) {
        switch ((unsigned)p->host_addr) {
        case CP_RB_BASE: s->rb_base = v & ~3u; break;
        case CP_RB_CNTL: s->rb_cntl = v; break;
        case CP_RB_RPTR_ADDR: s->rptr_addr = v; break;
        case CP_RB_WPTR_DELAY: s->wptr_delay = v; break;
        case CP_RB_RPTR_WR: s->rptr_wr = v; break;
        case CP_RB_WPTR: {
            wptr_write = 1;
            reload = (s->rb_cntl >> 31) & 1;
            uint32_t timer = s->wptr_delay & 0x0FFFFFFF, limit = s->wptr_delay >> 28;
            if (!timer && !limit) {
                s->wptr = v & 0x7FFFFF;
                s->pw_pend = 0;      /* an immediate write also drops an older staged value */
                s->pw_n = 0;
            } else {
                uint32_t n = s->pw_n + 1;
                if (limit && n >= limit) {
                    s->wptr = v & 0x7FFFFF;
                    s->pw_pend = 0;
                    s->pw_n = 0;
                } else {
                    s->stage = v & 0x7FFFFF;
                    s->pw_pend = 1;
                    s->pw_cnt = timer;
                    s->pw_n = n;
                }
            }
            break;
        }
        default: break;
        }
    }
    if (!wptr_write && s->pw_pend) {
        if (s->pw_cnt == 0) {
            s->wptr = s->stage;
            s->pw_pend = 0;
            s->pw_n = 0;
        } else {
            s->pw_cnt--;
        }
    }
    if (reload) {
        /* the mask of RB_CNTL before this edge: RB_CNTL and WPTR are different addresses */
        s->rptr = s->rfptr = s->rptr_wr & ring_mask(s);
        if (s->active == CP_STREAM_RING) {
            flush = 1;
            s->ps = P_HDR;
            s->sw_pend = 0;
        }
    }
    if (flush) {
        s->fq_n = 0;
        s->fq_head = 0;
        s->drop = s->inflight;
    }
}

static void cp_reset(void *h, uint64_t *ports)
{
    memset(h, 0, sizeof(cp));
    cp_eval(h, ports);
}

const rc_side_ops r5xx_cp_model_ops = {
    .kind = "model", .create = cp_create, .destroy = free, .reset = cp_reset, .eval = cp_eval, .tick = cp_tick
};
