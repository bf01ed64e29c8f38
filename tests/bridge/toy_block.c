/*
 * toy_block.c - the toy block of toy_block.h: q.sum = a.x + a.y one cycle after a fires,
 * q.tag = x & 0xF compared only when q.en; 'a' is ready when the output register is free
 * or being drained.
 */
#include "toy_block.h"

#include <stdlib.h>
#include <string.h>

int toy_bug;

enum { A_V, A_R, A_X, A_Y, Q_V, Q_R, Q_SUM, Q_TAG, Q_EN, M_V, M_R, M_ADDR, R_V, R_R, R_DATA, IDLE, NW };

static const rc_field a_fields[] = { { "x", 8, A_X, 0xFF, -1, RC_SHOW_HEX, -1 }, { "y", 8, A_Y, 0xFF, -1, RC_SHOW_HEX, -1 } };
static const rc_field q_fields[] = { { "sum", 9, Q_SUM, 0x1FF, -1, RC_SHOW_HEX, -1 },
                                     { "tag", 4, Q_TAG, 0xF, 2, RC_SHOW_HEX, -1 },
                                     { "en", 1, Q_EN, 0x1, -1, RC_SHOW_HEX, -1 } };
static const rc_field m_fields[] = { { "addr", 32, M_ADDR, 0xFFFFFFFF, -1, RC_SHOW_HEX, -1 } };
static const rc_field r_fields[] = { { "data", 32, R_DATA, 0xFFFFFFFF, -1, RC_SHOW_HEX, -1 } };
static const rc_channel chans[] = {
    { "a", RC_IN, A_V, A_R, 2, a_fields, 0 },
    { "q", RC_OUT, Q_V, Q_R, 3, q_fields, 0 },
    { "mreq", RC_OUT, M_V, M_R, 1, m_fields, 1 },
    { "mrsp", RC_IN, R_V, R_R, 1, r_fields, 1 },
};
static const rc_status status[] = { { "idle", 1, IDLE } };
static const rc_memport mem[] = { { "mem", 2, 3, 0, -1, -1, -1, 0, 4 } };

typedef struct toy {
    int bad;
    int full;
    uint64_t sum, tag, en;
    uint64_t n;          /* outputs produced */
    int late;
} toy;

static void *create_good(const rc_side_config *c) { (void)c; return calloc(1, sizeof(toy)); }
static void *create_bad(const rc_side_config *c) { toy *t = create_good(c); if (t) t->bad = 1; return t; }
static void destroy(void *h) { free(h); }

static void eval(void *h, uint64_t *p)
{
    toy *t = h;
    int bug = t->bad ? toy_bug : 0;
    p[A_R] = bug == 2 || (bug == 3 && t->late) ? 0 : (!t->full || p[Q_R]);
    p[Q_V] = t->full && !(bug == 3 && t->late);
    p[Q_SUM] = t->full ? t->sum : 0;
    p[Q_TAG] = t->full ? (t->en ? t->tag : (t->bad ? 0x5 : 0xA)) : 0;   /* tag is don't-care when !en */
    p[Q_EN] = t->full ? t->en : 0;
    p[M_V] = 0;
    p[M_ADDR] = 0;
    p[R_R] = 1;
    p[IDLE] = !t->full;
}

static void tick(void *h, const uint64_t *p)
{
    toy *t = h;
    int bug = t->bad ? toy_bug : 0;
    if (bug == 3 && t->late) {
        t->late = 0;
        return;
    }
    if (p[Q_V] && p[Q_R])
        t->full = 0;
    if (p[A_V] && p[A_R]) {
        t->full = 1;
        t->sum = p[A_X] + p[A_Y] + (bug == 1 && t->n == 2);
        t->en = p[A_X] & 1;
        t->tag = p[A_X] & 0xF;
        t->n++;
        t->late = bug == 3 && t->n == 2;
    }
}

static void reset(void *h, uint64_t *p)
{
    int bad = ((toy *)h)->bad;
    memset(h, 0, sizeof(toy));
    ((toy *)h)->bad = bad;
    memset(p, 0, NW * sizeof *p);
    eval(h, p);
}

const rc_side_ops toy_good_ops = {
    .kind = "model", .create = create_good, .destroy = destroy, .reset = reset, .eval = eval, .tick = tick
};
const rc_side_ops toy_bad_ops = {
    .kind = "rtl", .create = create_bad, .destroy = destroy, .reset = reset, .eval = eval, .tick = tick
};

static const char *const waves[] = { "a_valid_i a_ready_o a_x_i a_y_i", "q_valid_o q_ready_i q_sum_o q_tag_o q_en_o",
                                     "mreq_valid_o mreq_ready_i mreq_addr_o", "mrsp_valid_i mrsp_ready_o mrsp_data_i" };

const rc_block_desc toy_block = { "test.toy", "toy adder", NULL, NW, 4, chans, 1, status, 0, 1, mem,
                                  &toy_bad_ops, &toy_good_ops, NULL, waves, NULL, NULL, NULL, NULL };
