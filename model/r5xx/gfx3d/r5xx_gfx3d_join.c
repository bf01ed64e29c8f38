/*
 * r5xx_gfx3d_join.c - the C twin of rtl/r5xx/gfx3d/r5xx_gfx3d_join.sv: the 32-entry fragment
 * queue of r5xx.gfx3d (docs/blocks/r5xx.gfx3d.md, "The fragment join").  A raster fragment goes to ZB
 * on the edge it enters the queue; ZB's in-order pass record retires the head once RB3D and the
 * harness's `pix` have both taken it, each on its own edge, once per render target of its `tw`,
 * lowest first (pass = 1; decision G3), or at once (pass = 0).  A glue module: its ports are
 * r5xx_gfx3d_join_ports (gfx3d_glue.h, from the RTL's port list).
 */
#include <stdlib.h>
#include <string.h>

#include "gfx3d_glue.h"

#define DEPTH 32

typedef struct frag {
    uint64_t prim, x, y, z, tw, argb[4];
} frag;

typedef struct join {
    frag q[DEPTH];
    unsigned head, n;
    int cdone, pdone;   /* the head's current target already taken by RB3D (cfrag), by the harness (pix) */
    unsigned sent;      /* the head's targets delivered to both */
} join;

static void *join_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(join));
}

static void join_destroy(void *h)
{
    free(h);
}

static void join_reset(void *h, uint64_t *ports)
{
    (void)ports;
    memset(h, 0, sizeof(join));
}

/* cdone_d/pdone_d of the RTL: taken before this edge or at it */
static int cdone_d(const join *j, const r5xx_gfx3d_join_ports *p)
{
    return j->cdone || (p->pass_valid && p->pass_pass && p->cfrag_ready);
}

static int pdone_d(const join *j, const r5xx_gfx3d_join_ports *p)
{
    return j->pdone || (p->pass_valid && p->pass_pass && p->pix_ready);
}

/* the head's targets left (a tw of 0 counts as target 0), the current one and whether it is the last */
static unsigned left(const join *j)
{
    unsigned tw = j->n ? (unsigned)j->q[j->head].tw & 15 : 0;
    return (tw ? tw : 1u) & ~j->sent;
}

static unsigned cur(const join *j)
{
    unsigned l = left(j);
    return l & 1 ? 0 : l & 2 ? 1 : l & 4 ? 2 : 3;
}

static int last(const join *j)
{
    return (left(j) & ~(1u << cur(j))) == 0;
}

static int pass_ready(const join *j, const r5xx_gfx3d_join_ports *p)
{
    return !p->pass_pass || (cdone_d(j, p) && pdone_d(j, p) && last(j));
}

static void join_eval(void *h, uint64_t *ports)
{
    const join *j = h;
    r5xx_gfx3d_join_ports *p = (r5xx_gfx3d_join_ports *)ports;
    int full = j->n == DEPTH;
    p->zfrag_valid = (uint64_t)(p->frag_valid && !full);
    p->frag_ready = (uint64_t)(p->zfrag_ready && !full);
    p->zfrag_x = p->frag_x;
    p->zfrag_y = p->frag_y;
    p->zfrag_z = p->frag_z;
    p->zfrag_back = p->frag_back;
    static const frag none;
    const frag *hd = j->n ? &j->q[j->head] : &none;   /* zeros when empty, as prim_fifo */
    p->pix_prim = hd->prim;
    p->pix_x = p->cfrag_x = hd->x;
    p->pix_y = p->cfrag_y = hd->y;
    p->pix_z = hd->z;
    p->pix_argb = p->cfrag_argb = hd->argb[cur(j)];
    p->cfrag_mrt = cur(j);
    p->cfrag_valid = (uint64_t)(p->pass_valid && p->pass_pass && !j->cdone);
    p->pix_valid = (uint64_t)(p->pass_valid && p->pass_pass && !j->pdone);
    p->pass_ready = (uint64_t)pass_ready(j, p);
    p->empty = (uint64_t)(j->n == 0);
}

static void join_tick(void *h, const uint64_t *ports)
{
    join *j = h;
    const r5xx_gfx3d_join_ports *p = (const r5xx_gfx3d_join_ports *)ports;
    int push = p->frag_valid && p->zfrag_ready && j->n != DEPTH;
    int qpop = p->pass_valid && pass_ready(j, p) && j->n > 0;
    int cd = cdone_d(j, p), pd = pdone_d(j, p);
    int pop = p->pass_valid && (!p->pass_pass || (cd && pd));   /* the current target is done */
    j->cdone = cd && !pop;
    j->pdone = pd && !pop;
    if (qpop)
        j->sent = 0;
    else if (pop)
        j->sent |= 1u << cur(j);
    if (qpop) {
        j->head = (j->head + 1) % DEPTH;
        j->n--;
    }
    if (push) {
        j->q[(j->head + j->n) % DEPTH] = (frag){ p->frag_prim, p->frag_x, p->frag_y, p->frag_z, p->frag_tw & 15,
                                                 { p->frag_argb, p->frag_argb1, p->frag_argb2, p->frag_argb3 } };
        j->n++;
    }
}

const rc_side_ops r5xx_gfx3d_join_glue = {
    .kind = "glue", .create = join_create, .destroy = join_destroy, .reset = join_reset,
    .eval = join_eval, .tick = join_tick
};
