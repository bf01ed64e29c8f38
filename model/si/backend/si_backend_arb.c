/*
 * si_backend_arb.c - the C twin of rtl/si/backend/si_backend_arb.sv, signal for signal: the one
 * memory port of si.backend, CB first, locked while refused, a 2-entry tag queue routing the
 * in-order read responses (docs/blocks/si.backend.md, "si_backend_arb").  A glue module: its
 * ports are si_backend_arb_ports (backend_glue.h, generated from the RTL's port list).
 */
#include <stdlib.h>
#include <string.h>

#include "backend_glue.h"

typedef struct arb {
    int lock, lsrc;
    unsigned tag[2], tag_head, tag_n;
} arb;

static int grant_cb(const arb *a, const si_backend_arb_ports *p)
{
    return a->lock ? a->lsrc : (int)p->cb_valid;
}

static void *arb_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(arb));
}

static void arb_reset(void *h, uint64_t *ports)
{
    (void)ports;
    memset(h, 0, sizeof(arb));
}

static void arb_eval(void *h, uint64_t *ports)
{
    const arb *a = h;
    si_backend_arb_ports *p = (si_backend_arb_ports *)ports;
    int cb = grant_cb(a, p);
    p->memreq_valid = p->db_valid || p->cb_valid;
    p->memreq_addr = cb ? p->cb_addr : p->db_addr;
    p->memreq_we = cb ? p->cb_we : p->db_we;
    p->memreq_wdata = cb ? p->cb_wdata : p->db_wdata;
    p->memreq_be = cb ? p->cb_be : p->db_be;
    p->memreq_src = (uint64_t)cb;
    p->db_ready = p->memreq_ready && !cb;
    p->cb_ready = p->memreq_ready && cb;
    p->memrsp_ready = 1;
    unsigned tag = a->tag_n ? a->tag[a->tag_head] : 0;
    p->db_rvalid = p->memrsp_valid && !tag;
    p->cb_rvalid = p->memrsp_valid && tag;
}

static void arb_tick(void *h, const uint64_t *ports)
{
    arb *a = h;
    const si_backend_arb_ports *p = (const si_backend_arb_ports *)ports;
    int cb = grant_cb(a, p);
    int valid = p->db_valid || p->cb_valid;
    int fire = valid && p->memreq_ready;
    int we = (int)(cb ? p->cb_we : p->db_we);
    int pop = p->memrsp_valid && a->tag_n;
    if (pop) {
        a->tag_head ^= 1;
        a->tag_n--;
    }
    if (fire && !we) {
        a->tag[(a->tag_head + a->tag_n) & 1] = (unsigned)cb;
        a->tag_n++;
    }
    a->lock = valid && !p->memreq_ready;
    a->lsrc = cb;
}

const rc_side_ops si_backend_arb_glue = {
    .kind = "glue", .create = arb_create, .destroy = free, .reset = arb_reset,
    .eval = arb_eval, .tick = arb_tick
};
