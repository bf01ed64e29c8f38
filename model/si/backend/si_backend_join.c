/*
 * si_backend_join.c - the C twin of rtl/si/backend/si_backend_join.sv, signal for signal: the
 * register-write hand-out, the colour register, the DB -> CB hand-off queue and the record
 * register of si.backend (docs/blocks/si.backend.md, "si_backend_join").  A glue module: its
 * ports are si_backend_join_ports (backend_glue.h, generated from the RTL's port list).
 */
#include <stdlib.h>
#include <string.h>

#include "backend_glue.h"

#define HQ_DEPTH 4

/* One hand-off queue entry: DB's record of a fragment with the fragment's colours. */
typedef struct rec {
    uint64_t x, y, col[8], pass, cwe, cat, inc, err;
} rec;

typedef struct join {
    int rw_wait, db_off, cq_full, rq_full;   /* db_off: a fragment offered to si.db, not taken */
    uint64_t cq_col[8];
    rec rq;                       /* only pass..err are used */
    rec hq[HQ_DEPTH];
    unsigned hq_head, hq_n;
} join;

/* The combinational values of a cycle, from the state and the inputs. */
typedef struct comb {
    int idle, db_go, frag_ready, frag_fire, pass_ready, pass_fire, cb_valid, cb_fire, pix_fire;
} comb;

static comb combine(const join *j, const si_backend_join_ports *p)
{
    comb c;
    c.idle = p->db_idle && p->db_regw_ready && p->cb_idle && p->cb_regw_ready && !j->cq_full &&
             j->hq_n == 0 && !j->rq_full;
    c.db_go = (j->db_off || !j->rw_wait) && !j->cq_full;
    c.frag_ready = p->db_frag_ready && c.db_go;
    c.frag_fire = p->frag_valid && c.frag_ready;
    c.pass_ready = j->hq_n != HQ_DEPTH;
    c.pass_fire = p->db_pass_valid && c.pass_ready;
    c.cb_valid = j->hq_n != 0 && !j->rq_full;
    c.cb_fire = c.cb_valid && p->cb_frag_ready;
    c.pix_fire = p->cb_pix_valid && p->pix_ready;
    return c;
}

static void *join_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(join));
}

static void join_reset(void *h, uint64_t *ports)
{
    (void)ports;
    memset(h, 0, sizeof(join));
}

static void join_eval(void *h, uint64_t *ports)
{
    const join *j = h;
    si_backend_join_ports *p = (si_backend_join_ports *)ports;
    comb c = combine(j, p);
    p->regw_ready = (uint64_t)c.idle;
    p->db_regw_valid = p->cb_regw_valid = (uint64_t)(p->regw_valid && c.idle);
    p->db_frag_valid = (uint64_t)(p->frag_valid && c.db_go);
    p->frag_ready = (uint64_t)c.frag_ready;
    p->db_pass_ready = (uint64_t)c.pass_ready;
    /* the queue's head (zeros when empty, as prim_fifo drives it) */
    static const rec none;
    const rec *hd = j->hq_n ? &j->hq[j->hq_head] : &none;
    p->cb_frag_valid = (uint64_t)c.cb_valid;
    p->cb_frag_x = hd->x;
    p->cb_frag_y = hd->y;
    p->cb_frag_r = hd->col[0];
    p->cb_frag_g = hd->col[1];
    p->cb_frag_b = hd->col[2];
    p->cb_frag_a = hd->col[3];
    p->cb_frag_r1 = hd->col[4];
    p->cb_frag_g1 = hd->col[5];
    p->cb_frag_b1 = hd->col[6];
    p->cb_frag_a1 = hd->col[7];
    p->cb_frag_cwe = hd->cwe;
    p->pix_valid = p->cb_pix_valid;
    p->cb_pix_ready = p->pix_ready;
    p->pix_pass = j->rq.pass;
    p->pix_cwe = j->rq.cwe;
    p->pix_cat = j->rq.cat;
    p->pix_inc = j->rq.inc;
    p->pix_derr = j->rq.err;
    p->idle = (uint64_t)c.idle;
}

static void join_tick(void *h, const uint64_t *ports)
{
    join *j = h;
    const si_backend_join_ports *p = (const si_backend_join_ports *)ports;
    comb c = combine(j, p);
    int rw_wait = p->regw_valid && !c.idle;
    int db_off = p->frag_valid && c.db_go && !p->db_frag_ready;
    int cq_full = c.frag_fire || (j->cq_full && !c.pass_fire);
    int rq_full = c.cb_fire || (j->rq_full && !c.pix_fire);
    if (c.cb_fire)
        j->rq = j->hq[j->hq_head];
    if (c.pass_fire) {
        rec r = { .x = p->db_pass_x, .y = p->db_pass_y, .pass = p->db_pass_pass, .cwe = p->db_pass_cwe,
                  .cat = p->db_pass_cat, .inc = p->db_pass_inc, .err = p->db_pass_err };
        memcpy(r.col, j->cq_col, sizeof r.col);
        j->hq[(j->hq_head + j->hq_n) % HQ_DEPTH] = r;
    }
    if (c.cb_fire) {
        j->hq_head = (j->hq_head + 1) % HQ_DEPTH;
        j->hq_n--;
    }
    if (c.pass_fire)
        j->hq_n++;
    if (c.frag_fire) {
        const uint64_t col[8] = { p->frag_r, p->frag_g, p->frag_b, p->frag_a,
                                  p->frag_r1, p->frag_g1, p->frag_b1, p->frag_a1 };
        memcpy(j->cq_col, col, sizeof col);
    }
    j->rw_wait = rw_wait;
    j->db_off = db_off;
    j->cq_full = cq_full;
    j->rq_full = rq_full;
}

const rc_side_ops si_backend_join_glue = {
    .kind = "glue", .create = join_create, .destroy = free, .reset = join_reset,
    .eval = join_eval, .tick = join_tick
};
