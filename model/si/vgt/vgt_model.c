/*
 * vgt_model.c - the cycle-accurate C model of the Sea Islands index-fetch block (si.vgt).
 * It follows the micro-architecture of docs/blocks/si.vgt.md: vgt_eval computes the outputs
 * from the state; vgt_tick computes the state after the clock edge from the state before it
 * and the handshakes of the cycle.
 */
#include <stdlib.h>
#include <string.h>

#include "si_vgt_ports.h"
#include "vgt_regs.h"

#define FIFO_DEPTH 8

typedef struct vgt {
    si_vgt_regs regs;
    uint16_t draw_n;          /* draws started */
    /* the draw */
    int active, is_auto, not_eop, sz32;
    uint16_t did;
    uint32_t cnt, ninst, nfetch, i, inst;
    int first;
    uint32_t cur;             /* swapped dword; its upper curn halves are unused */
    unsigned curn;
    /* the fetch */
    int fetching;
    uint64_t ndw, fdw;
    uint32_t finst;
    uint64_t base4;           /* the base address with bits 1:0 cleared */
    unsigned credits;
    uint32_t fifo[FIFO_DEPTH];
    unsigned fhead, fn;
    /* the output register */
    int ov;
    uint32_t o_inst, o_raw, o_final;
    uint16_t o_draw;
    int o_restart, o_eop;
} vgt;

/* What the unpacker can do this cycle (docs/blocks/si.vgt.md, Unpack). */
typedef struct step {
    int ok;                   /* an index can be generated (data available) */
    int pop;                  /* generating it pops the FIFO head */
    int absorb;               /* pop the head into cur without an index */
    uint32_t raw;
    uint32_t ncur;
    unsigned ncurn;
} step;

static void *vgt_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(vgt));
}

static step unpack(const vgt *s)
{
    step st = { 0, 0, 0, 0, s->cur, s->curn };
    if (!s->active)
        return st;
    if (s->is_auto) {
        st.ok = 1;
        st.raw = s->i;
        return st;
    }
    if (s->i >= s->nfetch) {
        st.ok = 1;            /* zero fill */
        return st;
    }
    int have = s->fn != 0;
    uint32_t h = have ? si_vgt_swap(s->fifo[s->fhead], s->regs.swap) : 0;
    unsigned offered = (s->first && (s->regs.base_lo & 2)) ? 1 : 2;
    uint32_t hfirst = offered == 1 ? h >> 16 : h & 0xFFFF;
    if (!s->sz32) {
        if (s->curn == 2) {
            st.ok = 1; st.raw = s->cur & 0xFFFF; st.ncurn = 1;
        } else if (s->curn == 1) {
            st.ok = 1; st.raw = s->cur >> 16; st.ncurn = 0;
        } else if (have) {
            st.ok = 1; st.pop = 1; st.raw = hfirst; st.ncur = h; st.ncurn = offered - 1;
        }
    } else {
        if (s->curn == 2) {
            st.ok = 1; st.raw = s->cur; st.ncurn = 0;
        } else if (s->curn == 1 && have) {
            st.ok = 1; st.pop = 1; st.raw = (h << 16) | (s->cur >> 16); st.ncur = h; st.ncurn = 1;
        } else if (s->curn == 0 && have && offered == 2) {
            st.ok = 1; st.pop = 1; st.raw = h; st.ncurn = 0;
        } else if (s->curn == 0 && have) {
            st.absorb = 1; st.ncur = h; st.ncurn = 1;
        }
    }
    return st;
}

static void vgt_eval(void *h, uint64_t *ports)
{
    vgt *s = h;
    si_vgt_ports *p = (si_vgt_ports *)ports;
    p->regw_ready = (uint64_t)!s->active;
    p->memreq_valid = (uint64_t)(s->fetching && s->credits < FIFO_DEPTH);
    p->memreq_addr = p->memreq_valid ? (s->base4 + 4 * s->fdw) & 0xFFFFFFFFFFull : 0;
    p->memrsp_ready = 1;
    p->idx_valid = (uint64_t)s->ov;
    p->idx_draw = s->ov ? s->o_draw : 0;
    p->idx_inst = s->ov ? s->o_inst : 0;
    p->idx_raw = s->ov ? s->o_raw : 0;
    p->idx_final = s->ov ? s->o_final : 0;
    p->idx_restart = s->ov ? (uint64_t)s->o_restart : 0;
    p->idx_eop = s->ov ? (uint64_t)s->o_eop : 0;
    p->idle = (uint64_t)(!s->active && !s->ov);
}

static void start_draw(vgt *s, uint32_t init)
{
    unsigned src = init & 3;
    if (src != 0 && src != 2)
        return;
    const si_vgt_regs *r = &s->regs;
    s->did = s->draw_n++;
    s->is_auto = src == 2;
    s->not_eop = (init >> 5) & 1;
    s->sz32 = (int)(r->itype & 1);
    s->cnt = s->is_auto ? r->num_indices : r->dma_size;
    s->ninst = r->ninst ? r->ninst : 1;
    s->nfetch = s->is_auto ? 0 : (r->dma_size < r->max_size ? r->dma_size : r->max_size);
    s->ndw = s->nfetch ? ((uint64_t)(r->base_lo & 2) + (uint64_t)s->nfetch * (s->sz32 ? 4 : 2) + 3) >> 2 : 0;
    s->base4 = ((uint64_t)(r->base_hi & 0xFF) << 32) | (r->base_lo & ~3u);
    s->active = s->cnt != 0;
    s->fetching = !s->is_auto && s->ndw != 0;
    s->i = s->inst = 0;
    s->fdw = 0;
    s->finst = 0;
    s->first = 1;
    s->curn = 0;
}

static void vgt_tick(void *h, const uint64_t *ports)
{
    vgt *s = h;
    const si_vgt_ports *p = (const si_vgt_ports *)ports;

    /* Decided from the state before the edge. */
    int req_fire = s->fetching && s->credits < FIFO_DEPTH && p->memreq_ready;
    int rsp_fire = (int)p->memrsp_valid;
    int regw_fire = p->regw_valid && !s->active;
    step st = unpack(s);
    int gen = st.ok && (!s->ov || p->idx_ready);
    int pop = (gen && st.pop) || st.absorb;

    /* Output register. */
    if (gen) {
        const si_vgt_regs *r = &s->regs;
        uint32_t raw = st.raw;
        int restart = !s->is_auto && (r->reset_en & 1) &&
                      (s->sz32 ? raw == r->reset_indx : (raw & 0xFFFF) == (r->reset_indx & 0xFFFF));
        int last_i = s->i == s->cnt - 1;
        int last = last_i && s->inst == s->ninst - 1;
        s->ov = 1;
        s->o_draw = s->did;
        s->o_inst = s->inst;
        s->o_raw = raw;
        s->o_final = restart ? raw : si_vgt_clamp(raw + r->offset, r->min_indx, r->max_indx);
        s->o_restart = restart;
        s->o_eop = last && !s->not_eop;
    } else if (s->ov && p->idx_ready) {
        s->ov = 0;
    }

    /* The FIFO: pop at the head, push the response at the tail. */
    if (pop) {
        s->fhead = (s->fhead + 1) % FIFO_DEPTH;
        s->fn--;
        s->first = 0;
    }
    if (rsp_fire) {
        s->fifo[(s->fhead + s->fn) % FIFO_DEPTH] = (uint32_t)p->memrsp_data;
        s->fn++;
    }
    s->credits = s->credits + (unsigned)req_fire - (unsigned)pop;

    /* The unpacker and the position counters. */
    if (gen || st.absorb) {
        s->cur = st.ncur;
        s->curn = st.ncurn;
    }
    if (gen) {
        if (s->i == s->cnt - 1) {
            s->i = 0;
            s->curn = 0;
            s->first = 1;
            if (s->inst == s->ninst - 1)
                s->active = 0;
            s->inst++;
        } else {
            s->i++;
        }
    }

    /* The fetcher. */
    if (req_fire) {
        if (s->fdw == s->ndw - 1) {
            s->fdw = 0;
            if (s->finst == s->ninst - 1)
                s->fetching = 0;
            s->finst++;
        } else {
            s->fdw++;
        }
    }

    /* A register write (only while no draw is generating). */
    if (regw_fire) {
        uint32_t a = (uint32_t)p->regw_addr, d = (uint32_t)p->regw_data;
        if (a == SI_VGT_DRAW_INITIATOR)
            start_draw(s, d);
        else
            si_vgt_regs_write(&s->regs, a, d);
    }
}

static void vgt_reset(void *h, uint64_t *ports)
{
    vgt *s = h;
    memset(s, 0, sizeof *s);
    vgt_eval(h, ports);
}

const rc_side_ops si_vgt_model_ops = {
    .kind = "model", .create = vgt_create, .destroy = free, .reset = vgt_reset,
    .eval = vgt_eval, .tick = vgt_tick
};
