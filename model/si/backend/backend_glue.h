/*
 * backend_glue.h - the glue of si.backend as rtl/si/backend/si_backend_join.sv and
 * si_backend_arb.sv build it (docs/blocks/si-backend.md): the register-write hand-out, the colour
 * register, the DB -> CB hand-off queue, the record register, and the memory arbiter.
 */
#ifndef SI_BACKEND_GLUE_H
#define SI_BACKEND_GLUE_H

#include <stdint.h>

#define SI_BACKEND_HQ_DEPTH 4

/* One hand-off queue entry: DB's record of a fragment with the fragment's colours. */
typedef struct si_backend_rec {
    uint32_t x, y, col[8];
    unsigned pass, cwe, cat, inc, err;
} si_backend_rec;

typedef struct si_backend_join {
    int rw_wait, cq_full, rq_full;
    uint32_t cq_col[8];
    si_backend_rec rq;                 /* only pass..err are used */
    si_backend_rec hq[SI_BACKEND_HQ_DEPTH];
    unsigned hq_head, hq_n;
} si_backend_join;

/* The join's inputs in one cycle (the harness's and the blocks' outputs) and what it decides. */
typedef struct si_backend_join_io {
    /* inputs */
    int regw_valid, frag_valid, db_idle, db_frag_ready, db_pass_valid, cb_idle, cb_frag_ready, cb_pix_valid,
        pix_ready;
    /* outputs */
    int idle, rw_valid, frag_ready, db_frag_valid, db_pass_ready, cb_frag_valid, cb_pix_ready, pix_valid;
    int frag_fire, pass_fire, cb_fire, pix_fire;
} si_backend_join_io;

void si_backend_join_reset(si_backend_join *j);
/* Fills io's outputs; *head is the hand-off queue's head (zeros when empty, as prim_fifo). */
void si_backend_join_eval(const si_backend_join *j, si_backend_join_io *io, si_backend_rec *head);
/* The edge: col the fragment's colours (taken on frag_fire), pass DB's record (pushed on
 * pass_fire with the colour register's colours). */
void si_backend_join_tick(si_backend_join *j, const si_backend_join_io *io, const uint32_t col[8],
                          const si_backend_rec *pass);

typedef struct si_backend_arb {
    int lock, lsrc;
    unsigned tag[2], tag_head, tag_n;
} si_backend_arb;

typedef struct si_backend_arb_io {
    /* inputs */
    int db_valid, db_we, cb_valid, cb_we, memreq_ready, memrsp_valid;
    /* outputs */
    int gnt_cb, memreq_valid, db_ready, cb_ready, db_rvalid, cb_rvalid;
} si_backend_arb_io;

void si_backend_arb_reset(si_backend_arb *a);
void si_backend_arb_eval(const si_backend_arb *a, si_backend_arb_io *io);
void si_backend_arb_tick(si_backend_arb *a, const si_backend_arb_io *io);

#endif
