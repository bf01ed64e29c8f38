/*
 * backend_model.c - the model of si.backend: the si.db and si.cb models chained as
 * rtl/si/backend/si_backend.sv wires the two RTL tops, with the glue of backend_glue.c (the
 * register-write hand-out, the colour register, the hand-off queue, the record register and the
 * memory arbiter) between them.
 *
 * Every output of si.db and si.cb is a function of their state only, so one eval of each gives
 * their outputs; the glue then computes both blocks' inputs from those outputs and the
 * composite's inputs, and the edge ticks each block and the glue with them.
 */
#include <stdlib.h>
#include <string.h>

#include "backend_glue.h"
#include "si_backend_ports.h"
#include "si_cb_ports.h"
#include "si_db_ports.h"

typedef struct backend {
    void *db, *cb;
    si_db_ports db_p;
    si_cb_ports cb_p;
    si_backend_join join;
    si_backend_join_io jio;
    si_backend_arb arb;
    si_backend_arb_io aio;
    si_backend_rec head, pass;
    uint32_t col[8];
} backend;

static void *backend_create(const rc_side_config *cfg)
{
    backend *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->db = si_db_model_ops.create(cfg);
    s->cb = si_cb_model_ops.create(cfg);
    if (!s->db || !s->cb) {
        if (s->db)
            si_db_model_ops.destroy(s->db);
        if (s->cb)
            si_cb_model_ops.destroy(s->cb);
        free(s);
        return NULL;
    }
    return s;
}

static void backend_destroy(void *h)
{
    backend *s = h;
    si_db_model_ops.destroy(s->db);
    si_cb_model_ops.destroy(s->cb);
    free(s);
}

/* The glue: both blocks' inputs from their outputs (already evaluated) and the composite's
 * inputs.  Touches the blocks' input words only. */
static void wire(backend *s, const si_backend_ports *p)
{
    si_db_ports *d = &s->db_p;
    si_cb_ports *c = &s->cb_p;

    /* memory arbiter */
    si_backend_arb_io *a = &s->aio;
    a->db_valid = (int)d->memreq_valid;
    a->db_we = (int)d->memreq_we;
    a->cb_valid = (int)c->memreq_valid;
    a->cb_we = (int)c->memreq_we;
    a->memreq_ready = (int)p->memreq_ready;
    a->memrsp_valid = (int)p->memrsp_valid;
    si_backend_arb_eval(&s->arb, a);
    d->memreq_ready = (uint64_t)a->db_ready;
    c->memreq_ready = (uint64_t)a->cb_ready;
    d->memrsp_valid = (uint64_t)a->db_rvalid;
    c->memrsp_valid = (uint64_t)a->cb_rvalid;
    d->memrsp_data = c->memrsp_data = p->memrsp_data;

    /* register writes, fragments, DB -> CB, records */
    si_backend_join_io *j = &s->jio;
    j->regw_valid = (int)p->regw_valid;
    j->frag_valid = (int)p->frag_valid;
    j->db_idle = d->idle && d->regw_ready;
    j->db_frag_ready = (int)d->frag_ready;
    j->db_pass_valid = (int)d->pass_valid;
    j->cb_idle = c->idle && c->regw_ready;
    j->cb_frag_ready = (int)c->frag_ready;
    j->cb_pix_valid = (int)c->pix_valid;
    j->pix_ready = (int)p->pix_ready;
    si_backend_join_eval(&s->join, j, &s->head);

    d->regw_valid = c->regw_valid = (uint64_t)j->rw_valid;
    d->regw_addr = c->regw_addr = p->regw_addr;
    d->regw_data = c->regw_data = p->regw_data;
    d->frag_valid = (uint64_t)j->db_frag_valid;
    d->frag_x = p->frag_x;
    d->frag_y = p->frag_y;
    d->frag_z = p->frag_z;
    d->frag_back = p->frag_back;
    d->pass_ready = (uint64_t)j->db_pass_ready;
    c->frag_valid = (uint64_t)j->cb_frag_valid;
    c->frag_x = s->head.x;
    c->frag_y = s->head.y;
    c->frag_r = s->head.col[0];
    c->frag_g = s->head.col[1];
    c->frag_b = s->head.col[2];
    c->frag_a = s->head.col[3];
    c->frag_r1 = s->head.col[4];
    c->frag_g1 = s->head.col[5];
    c->frag_b1 = s->head.col[6];
    c->frag_a1 = s->head.col[7];
    c->frag_cwe = s->head.cwe;
    c->pix_ready = (uint64_t)j->cb_pix_ready;

    const uint64_t col[8] = { p->frag_r, p->frag_g, p->frag_b, p->frag_a,
                              p->frag_r1, p->frag_g1, p->frag_b1, p->frag_a1 };
    for (int i = 0; i < 8; i++)
        s->col[i] = (uint32_t)col[i];
    s->pass = (si_backend_rec){ .x = (uint32_t)d->pass_x, .y = (uint32_t)d->pass_y,
                                .pass = (unsigned)d->pass_pass, .cwe = (unsigned)d->pass_cwe,
                                .cat = (unsigned)d->pass_cat, .inc = (unsigned)d->pass_inc,
                                .err = (unsigned)d->pass_err };
}

static void outputs(const backend *s, si_backend_ports *p)
{
    const si_db_ports *d = &s->db_p;
    const si_cb_ports *c = &s->cb_p;
    const si_backend_arb_io *a = &s->aio;
    const si_backend_join_io *j = &s->jio;

    p->regw_ready = (uint64_t)j->idle;
    p->frag_ready = (uint64_t)j->frag_ready;

    p->memreq_valid = (uint64_t)a->memreq_valid;
    p->memreq_addr = a->gnt_cb ? c->memreq_addr : d->memreq_addr;
    p->memreq_we = a->gnt_cb ? c->memreq_we : d->memreq_we;
    p->memreq_wdata = a->gnt_cb ? c->memreq_wdata : d->memreq_wdata;
    p->memreq_be = a->gnt_cb ? c->memreq_be : d->memreq_be;
    p->memreq_src = (uint64_t)a->gnt_cb;
    p->memrsp_ready = 1;

    p->pix_valid = (uint64_t)j->pix_valid;
    p->pix_x = c->pix_x;
    p->pix_y = c->pix_y;
    p->pix_pass = s->join.rq.pass;
    p->pix_cwe = s->join.rq.cwe;
    p->pix_cat = s->join.rq.cat;
    p->pix_inc = s->join.rq.inc;
    p->pix_derr = s->join.rq.err;
    p->pix_wr = c->pix_wr;
    p->pix_cerr = c->pix_err;

    p->idle = (uint64_t)j->idle;
    p->cnt0 = d->cnt0;
    p->cnt1 = d->cnt1;
    p->cnt2 = d->cnt2;
    p->cnt3 = d->cnt3;
}

static void backend_eval(void *h, uint64_t *ports)
{
    backend *s = h;
    si_backend_ports *p = (si_backend_ports *)ports;
    si_db_model_ops.eval(s->db, (uint64_t *)&s->db_p);
    si_cb_model_ops.eval(s->cb, (uint64_t *)&s->cb_p);
    wire(s, p);
    outputs(s, p);
}

static void backend_tick(void *h, const uint64_t *ports)
{
    backend *s = h;
    wire(s, (const si_backend_ports *)ports);
    si_db_model_ops.tick(s->db, (const uint64_t *)&s->db_p);
    si_cb_model_ops.tick(s->cb, (const uint64_t *)&s->cb_p);
    si_backend_join_tick(&s->join, &s->jio, s->col, &s->pass);
    si_backend_arb_tick(&s->arb, &s->aio);
}

static void backend_reset(void *h, uint64_t *ports)
{
    backend *s = h;
    memset(&s->db_p, 0, sizeof s->db_p);
    memset(&s->cb_p, 0, sizeof s->cb_p);
    si_backend_join_reset(&s->join);
    si_backend_arb_reset(&s->arb);
    si_db_model_ops.reset(s->db, (uint64_t *)&s->db_p);
    si_cb_model_ops.reset(s->cb, (uint64_t *)&s->cb_p);
    backend_eval(h, ports);
}

const rc_side_ops si_backend_model_ops = {
    .kind = "model", .create = backend_create, .destroy = backend_destroy, .reset = backend_reset,
    .eval = backend_eval, .tick = backend_tick
};
