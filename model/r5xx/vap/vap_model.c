/*
 * vap_model.c - the cycle-accurate C model of the R5xx vertex fetch and stream conversion block
 * (r5xx.vap).  It follows the micro-architecture of docs/blocks/r5xx.vap.md "Micro-architecture":
 * vap_eval shows the outputs as a function of the state; vap_tick computes the state after the
 * clock edge from the state before it and the handshakes of the cycle.  The number conversions
 * are vap_convert.c, the register state vap_regs.c.
 */
#include <stdlib.h>
#include <string.h>

#include "r5xx_vap_ports.h"
#include "vap_convert.h"
#include "vap_regs.h"

#define PF_DEPTH 4     /* port FIFO */
#define RDQ_DEPTH 8    /* read-data queue = reads in flight */
#define NLOC 14        /* input vector locations kept */
#define NSLOT 14

enum { ST_IDLE, ST_IDX, ST_DATA, ST_OUT };

typedef struct vap {
    vap_regs regs;
    int park_v;
    uint32_t park_addr, park_data;
    /* the draw */
    int st;
    unsigned prim, walk, idx32, dual;
    uint32_t n, v, rem, hi, raw;
    uint32_t pf[PF_DEPTH];
    unsigned pf_head, pf_n;
    /* the vertex: fetch */
    unsigned req_a, req_j;
    uint32_t nreq, inflight;
    uint32_t rdq[RDQ_DEPTH];
    unsigned rq_head, rq_n;
    uint32_t d, ncons;
    /* the PSC */
    unsigned e, k, skip, done;
    uint32_t ebuf[8];
    uint32_t vec[NLOC][4];
    unsigned wm[NLOC];
    /* the output */
    unsigned slot, nslots;
    unsigned slot_loc[NSLOT], slot_mask[NSLOT];
} vap;

static void *vap_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(vap));
}

/* The fetch index of array a for the vertex's raw index (docs/blocks/r5xx.vap.md "Fetch index"). */
static uint32_t fetch_index(const vap *s, unsigned a)
{
    uint32_t r = s->raw;
    if (s->dual)
        r = a == 0 ? (r >> 16 & 0xFF) : (r & 0xFFFF);
    uint32_t off = s->regs.index_offset;
    int64_t sum = (int64_t)r + (int64_t)((off & 0x1000000u) ? (int64_t)off - 0x2000000 : (int64_t)off);
    if (sum < (int64_t)s->regs.min_indx)
        return s->regs.min_indx;
    if (sum > (int64_t)s->regs.max_indx)
        return s->regs.max_indx;
    return (uint32_t)sum;
}

static uint32_t req_addr(const vap *s)
{
    unsigned a = s->req_a;
    if (a >= 16)
        return 0;
    return s->regs.aos_addr[a] + 4u * (vap_stride(&s->regs, a) * fetch_index(s, a) + s->req_j);
}

/* Move the request pointer to the first (a, j) at or after (a, j) with j < COUNT_a. */
static void req_settle(vap *s)
{
    unsigned na = vap_narrays(&s->regs);
    while (s->req_a < na && s->req_j >= vap_count(&s->regs, s->req_a)) {
        s->req_a++;
        s->req_j = 0;
    }
}

static uint32_t vertex_dwords(const vap *s)
{
    if (s->walk == 3)
        return s->regs.vtx_size;
    uint32_t d = 0;
    for (unsigned a = 0; a < vap_narrays(&s->regs); a++)
        d += vap_count(&s->regs, a);
    return d;
}

static void slots(vap *s)
{
    const vap_regs *r = &s->regs;
    unsigned n = 0;
    s->slot_loc[n] = 0;
    s->slot_mask[n++] = 0xF;
    if (r->fmt0 >> 16 & 1) {
        s->slot_loc[n] = 1;
        s->slot_mask[n++] = 0xF;
    }
    for (unsigned i = 0; i < 4; i++)
        if (r->fmt0 >> (1 + i) & 1) {
            s->slot_loc[n] = 2 + i;
            s->slot_mask[n++] = 0xF;
        }
    for (unsigned i = 0; i < 8; i++) {
        unsigned c = r->fmt1 >> (3 * i) & 7;
        if (c) {
            s->slot_loc[n] = 6 + i;
            s->slot_mask[n++] = c >= 4 ? 0xF : (1u << c) - 1;
        }
    }
    s->nslots = n;
}

/* The PVS path (PVS_BYPASS = 0, docs/blocks/r5xx.vap.md decision 9): slot s = input location s, for
 * s = 0 .. the highest location the vertex wrote (at least one slot), whole vectors, no
 * viewport transform. */
static void slots_tcl(vap *s)
{
    unsigned hi = 0;
    for (unsigned l = 0; l < NLOC; l++)
        if (s->wm[l])
            hi = l;
    for (unsigned l = 0; l <= hi; l++) {
        s->slot_loc[l] = l;
        s->slot_mask[l] = 0xF;
    }
    s->nslots = hi + 1;
}

static void start_vertex(vap *s)
{
    memset(s->wm, 0, sizeof s->wm);
    s->e = s->k = s->skip = s->done = 0;
    s->ncons = 0;
    s->slot = 0;
    s->d = vertex_dwords(s);
    s->nreq = s->walk == 3 ? 0 : s->d;
    s->req_a = s->req_j = 0;
    req_settle(s);
    s->st = s->walk == 3 ? ST_DATA : ST_IDX;
}

/* A write applied in IDLE: the register update and, for a trigger, the start of a draw. */
static void apply(vap *s, uint32_t a, uint32_t d)
{
    if (vap_port_kind(a) != VAP_NOT_PORT)
        return;
    vap_regs_write(&s->regs, a, d);
    if (a != VAP_VF_CNTL)
        return;
    uint32_t n = vap_num_vertices(&s->regs);
    unsigned prim = d & 15, walk = d >> 4 & 3;
    if (!prim || !walk || !n || (s->regs.cntl >> 17 & 1))
        return;
    s->prim = prim;
    s->walk = walk;
    s->idx32 = d >> 11 & 1;
    s->dual = d >> 13 & 1;
    s->n = n;
    s->v = 0;
    s->rem = walk == 3 ? n * s->regs.vtx_size : walk == 1 ? (s->idx32 ? n : (n + 1) / 2) : 0;
    slots(s);
    start_vertex(s);
}

static void write_vec(vap *s, unsigned loc, unsigned ext, const uint32_t v[4])
{
    if (loc >= NLOC)
        return;
    uint32_t sw[4];
    vap_swizzle(ext, v, sw);
    unsigned we = ext >> 12 & 0xF;
    for (unsigned c = 0; c < 4; c++)
        if (we >> c & 1) {
            s->vec[loc][c] = sw[c];
            s->wm[loc] |= 1u << c;
        }
}

/* One dword of the vertex stream through the PSC (docs/blocks/r5xx.vap.md "PSC"). */
static void psc(vap *s, uint32_t dw)
{
    if (s->done)
        return;
    if (s->skip) {
        if (--s->skip == 0)
            s->e++;
        return;
    }
    unsigned e = s->e;
    unsigned ctl = s->regs.psc[e / 2] >> (16 * (e & 1)) & 0xFFFF;
    unsigned ext = s->regs.psc_ext[e / 2] >> (16 * (e & 1)) & 0xFFFF;
    s->ebuf[s->k++] = dw;
    if (s->k < vap_type_dwords(ctl & 15))
        return;
    s->k = 0;
    uint32_t out[8];
    unsigned nv = vap_element(ctl, s->regs.sgn_norm >> (2 * e) & 3, s->ebuf, out);
    unsigned loc = ctl >> 8 & 31;
    if (nv >= 1)
        write_vec(s, loc, ext, out);
    if (nv == 2)
        write_vec(s, loc + 1, ext, out + 4);
    if ((ctl >> 13 & 1) || e == 15)
        s->done = 1;
    else if (ctl >> 4 & 15)
        s->skip = ctl >> 4 & 15;
    else
        s->e++;
}

static void vap_eval(void *h, uint64_t *ports)
{
    const vap *s = h;
    r5xx_vap_ports *p = (r5xx_vap_ports *)ports;

    p->regw_ready = !s->park_v && (s->st == ST_IDLE || s->pf_n < PF_DEPTH);
    int rq = s->st == ST_DATA && s->nreq > 0 && s->inflight < RDQ_DEPTH;
    p->memreq_valid = (uint64_t)rq;
    p->memreq_addr = rq ? req_addr(s) : 0;
    p->memrsp_ready = 1;

    int out = s->st == ST_OUT;
    p->vtx_valid = (uint64_t)out;
    uint32_t c[4] = { 0, 0, 0, 0 };
    unsigned wm = 0;
    if (out) {
        unsigned loc = s->slot_loc[s->slot];
        wm = s->wm[loc] & s->slot_mask[s->slot];
        for (unsigned i = 0; i < 4; i++)
            c[i] = wm >> i & 1 ? s->vec[loc][i] : 0;
        if (s->slot == 0 && s->regs.pvs_bypass) {
            for (unsigned i = 0; i < 3; i++) {
                if (!(wm >> i & 1))
                    continue;
                if (s->regs.vte >> (2 * i) & 1)
                    c[i] = vap_fmul(c[i], s->regs.vport[2 * i]);
                if (s->regs.vte >> (2 * i + 1) & 1)
                    c[i] = vap_fadd(c[i], s->regs.vport[2 * i + 1]);
            }
        }
    }
    int vlast = out && s->slot + 1 == s->nslots;
    p->vtx_vert = out ? (s->v & 0xFFFF) : 0;
    p->vtx_slot = out ? s->slot : 0;
    p->vtx_x = c[0];
    p->vtx_y = c[1];
    p->vtx_z = c[2];
    p->vtx_w = c[3];
    p->vtx_wmask = wm;
    p->vtx_vlast = (uint64_t)vlast;
    p->vtx_dlast = (uint64_t)(vlast && s->v + 1 == s->n);
    p->vtx_prim = out ? s->prim : 0;
    p->idle = s->st == ST_IDLE && !s->park_v;
}

static void pf_push(vap *s, uint32_t d)
{
    s->pf[(s->pf_head + s->pf_n) % PF_DEPTH] = d;
    s->pf_n++;
}

static uint32_t pf_pop(vap *s)
{
    uint32_t d = s->pf[s->pf_head];
    s->pf_head = (s->pf_head + 1) % PF_DEPTH;
    s->pf_n--;
    return d;
}

static void vap_tick(void *h, const uint64_t *ports)
{
    vap *s = h;
    const r5xx_vap_ports *p = (const r5xx_vap_ports *)ports;

    /* Decisions from the state before the edge. */
    int regw_fire = p->regw_valid && !s->park_v && (s->st == ST_IDLE || s->pf_n < PF_DEPTH);
    int req_fire = s->st == ST_DATA && s->nreq > 0 && s->inflight < RDQ_DEPTH && p->memreq_ready;
    int rsp_fire = (int)p->memrsp_valid;
    int vtx_fire = s->st == ST_OUT && p->vtx_ready;
    unsigned pf_avail = s->pf_n, rq_avail = s->rq_n;
    uint32_t a = (uint32_t)p->regw_addr, dt = (uint32_t)p->regw_data;

    switch (s->st) {
    case ST_IDLE:
        if (s->park_v) {
            s->park_v = 0;
            apply(s, s->park_addr, s->park_data);
        } else if (regw_fire) {
            apply(s, a, dt);
        }
        return;   /* a write applied in IDLE is the only thing that happens there */
    case ST_IDX:
        if (s->walk == 2) {
            s->raw = s->v;
            s->st = ST_DATA;
        } else if (!s->idx32 && (s->v & 1)) {
            s->raw = s->hi;
            s->st = ST_DATA;
        } else if (pf_avail) {
            uint32_t w = pf_pop(s);
            s->raw = s->idx32 ? w : (w & 0xFFFF);
            s->hi = w >> 16;
            s->st = ST_DATA;
        }
        break;
    case ST_DATA:
        if (req_fire) {
            s->nreq--;
            s->inflight++;
            s->req_j++;
            req_settle(s);
        }
        if (s->ncons < s->d) {
            if (s->walk == 3 && pf_avail) {
                psc(s, pf_pop(s));
                s->ncons++;
            } else if (s->walk != 3 && rq_avail) {
                uint32_t w = s->rdq[s->rq_head];
                s->rq_head = (s->rq_head + 1) % RDQ_DEPTH;
                s->rq_n--;
                s->inflight--;
                psc(s, vap_swap(w, s->regs.vc_swap));
                s->ncons++;
            }
        }
        if (rsp_fire) {
            s->rdq[(s->rq_head + s->rq_n) % RDQ_DEPTH] = (uint32_t)p->memrsp_data;
            s->rq_n++;
        }
        if (s->ncons == s->d) {
            s->st = ST_OUT;
            if (!s->regs.pvs_bypass)
                slots_tcl(s);
        }
        break;
    case ST_OUT:
        if (vtx_fire) {
            if (s->slot + 1 < s->nslots) {
                s->slot++;
            } else if (s->v + 1 < s->n) {
                s->v++;
                start_vertex(s);
            } else {
                s->st = ST_IDLE;
            }
        }
        break;
    }

    /* A write accepted during a draw (the state before the edge was not IDLE). */
    if (regw_fire) {
        int kind = vap_port_kind(a);
        int mine = (s->walk == 3 && kind == VAP_DATA_PORT) || (s->walk == 1 && kind == VAP_IDX_PORT);
        if (kind == VAP_NOT_PORT) {
            s->park_v = 1;
            s->park_addr = a;
            s->park_data = dt;
        } else if (mine && s->rem > 0) {
            pf_push(s, dt);
            s->rem--;
        }
    }
}

static void vap_reset(void *h, uint64_t *ports)
{
    vap *s = h;
    memset(s, 0, sizeof *s);
    vap_regs_reset(&s->regs);
    vap_eval(h, ports);
}

const rc_side_ops r5xx_vap_model_ops = {
    .kind = "model", .create = vap_create, .destroy = free, .reset = vap_reset,
    .eval = vap_eval, .tick = vap_tick
};
