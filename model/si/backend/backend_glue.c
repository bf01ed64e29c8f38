/*
 * backend_glue.c - the glue of si.backend, mirroring rtl/si/backend/si_backend_join.sv and
 * si_backend_arb.sv signal for signal (docs/blocks/si-backend.md, "Micro-architecture").
 */
#include <string.h>

#include "backend_glue.h"

void si_backend_join_reset(si_backend_join *j)
{
    memset(j, 0, sizeof *j);
}

void si_backend_join_eval(const si_backend_join *j, si_backend_join_io *io, si_backend_rec *head)
{
    io->idle = io->db_idle && io->cb_idle && !j->cq_full && j->hq_n == 0 && !j->rq_full;
    io->rw_valid = io->regw_valid && io->idle;
    io->db_frag_valid = io->frag_valid && !j->rw_wait && !j->cq_full;
    io->frag_ready = io->db_frag_ready && !j->rw_wait && !j->cq_full;
    io->frag_fire = io->frag_valid && io->frag_ready;
    io->db_pass_ready = j->hq_n != SI_BACKEND_HQ_DEPTH;
    io->pass_fire = io->db_pass_valid && io->db_pass_ready;
    io->cb_frag_valid = j->hq_n != 0 && !j->rq_full;
    io->cb_fire = io->cb_frag_valid && io->cb_frag_ready;
    io->pix_valid = io->cb_pix_valid;
    io->cb_pix_ready = io->pix_ready;
    io->pix_fire = io->cb_pix_valid && io->pix_ready;
    if (j->hq_n)
        *head = j->hq[j->hq_head];
    else
        memset(head, 0, sizeof *head);
}

void si_backend_join_tick(si_backend_join *j, const si_backend_join_io *io, const uint32_t col[8],
                          const si_backend_rec *pass)
{
    int rw_wait = io->regw_valid && !io->idle;
    int cq_full = io->frag_fire || (j->cq_full && !io->pass_fire);
    int rq_full = io->cb_fire || (j->rq_full && !io->pix_fire);
    if (io->cb_fire)
        j->rq = j->hq[j->hq_head];
    if (io->pass_fire) {
        si_backend_rec r = *pass;
        memcpy(r.col, j->cq_col, sizeof r.col);
        j->hq[(j->hq_head + j->hq_n) % SI_BACKEND_HQ_DEPTH] = r;
    }
    if (io->cb_fire) {
        j->hq_head = (j->hq_head + 1) % SI_BACKEND_HQ_DEPTH;
        j->hq_n--;
    }
    if (io->pass_fire)
        j->hq_n++;
    if (io->frag_fire)
        memcpy(j->cq_col, col, sizeof j->cq_col);
    j->rw_wait = rw_wait;
    j->cq_full = cq_full;
    j->rq_full = rq_full;
}

void si_backend_arb_reset(si_backend_arb *a)
{
    memset(a, 0, sizeof *a);
}

void si_backend_arb_eval(const si_backend_arb *a, si_backend_arb_io *io)
{
    io->gnt_cb = a->lock ? a->lsrc : io->cb_valid;
    io->memreq_valid = io->db_valid || io->cb_valid;
    io->db_ready = io->memreq_ready && !io->gnt_cb;
    io->cb_ready = io->memreq_ready && io->gnt_cb;
    unsigned tag = a->tag_n ? a->tag[a->tag_head] : 0;
    io->db_rvalid = io->memrsp_valid && !tag;
    io->cb_rvalid = io->memrsp_valid && tag;
}

void si_backend_arb_tick(si_backend_arb *a, const si_backend_arb_io *io)
{
    int fire = io->memreq_valid && io->memreq_ready;
    int we = io->gnt_cb ? io->cb_we : io->db_we;
    int pop = io->memrsp_valid && a->tag_n;
    if (pop) {
        a->tag_head ^= 1;
        a->tag_n--;
    }
    if (fire && !we) {
        a->tag[(a->tag_head + a->tag_n) & 1] = (unsigned)io->gnt_cb;
        a->tag_n++;
    }
    a->lock = io->memreq_valid && !io->memreq_ready;
    a->lsrc = io->gnt_cb;
}
