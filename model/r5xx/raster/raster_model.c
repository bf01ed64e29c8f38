/*
 * raster_model.c - the cycle-accurate C model of r5xx.raster.  It follows the micro-architecture
 * of docs/blocks/r5xx.raster.md: the control state RECV / VERT / SETUP / WALK, the slot store, the
 * primitive queue (2), the walker and the one-fragment output register; on the quad path
 * (RS_COUNT != 0) the quad walker, one record per cycle, and the quad and zq output registers.  Outputs are a function
 * of the state (raster_eval); raster_tick computes the state after the edge.  The arithmetic is
 * raster_math.c.
 */
#include <stdlib.h>
#include <string.h>

#include "r5xx_raster_ports.h"
#include "raster_math.h"

enum { RECV, VERT, SETUP, WALK };

typedef struct pending {
    int kind;
    r5xx_rvert v[3];
} pending;

typedef struct raster {
    r5xx_raster_regs regs;
    int state;
    uint32_t slots[16][4];
    int got;                  /* a vertex is partly received */
    unsigned vprim;           /* prim and dlast of the last slot of the vertex */
    int vdlast;
    unsigned n;               /* vertex number within the draw */
    r5xx_rvert F, P1, P2, P3;
    pending q[2];
    unsigned qh, qn;
    r5xx_rprim cur;
    int px, py;
    uint16_t counter, cur_idx;
    int ov;                   /* the output register */
    uint32_t ox, oy, oz;
    unsigned oback;
    uint16_t oprim;
    uint64_t oargb;
    /* the quad path */
    uint16_t wcount;          /* register writes accepted */
    int rec;                  /* record index within the quad */
    int qv;                   /* the quad output register */
    unsigned qaddr, qcov, qlast;
    uint16_t qwseq;
    uint64_t qrg[4], qba[4];
    int zv;                   /* the zq output register */
    uint16_t zprim;
    uint32_t zx, zy, zcov, zback, zz[4];
} raster;

static void *raster_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(raster));
}

static void raster_destroy(void *h)
{
    free(h);
}

static void raster_eval(void *h, uint64_t *ports)
{
    const raster *s = h;
    r5xx_raster_ports *p = (r5xx_raster_ports *)ports;
    int recv = s->state == RECV;
    p->regw_ready = (uint64_t)recv;
    p->vtx_ready = (uint64_t)recv;
    p->frag_valid = (uint64_t)s->ov;
    p->frag_prim = s->ov ? s->oprim : 0;
    p->frag_x = s->ov ? s->ox : 0;
    p->frag_y = s->ov ? s->oy : 0;
    p->frag_z = s->ov ? s->oz : 0;
    p->frag_back = s->ov ? s->oback : 0;
    p->frag_argb = s->ov ? s->oargb : 0;
    p->quad_valid = (uint64_t)s->qv;
    p->quad_wseq = s->qv ? s->qwseq : 0;
    p->quad_addr = s->qv ? s->qaddr : 0;
    p->quad_cov = s->qv ? s->qcov : 0;
    p->quad_last = s->qv ? s->qlast : 0;
    uint64_t *d = &p->quad_p0rg;
    for (int i = 0; i < 4; i++) {
        d[2 * i] = s->qv ? s->qrg[i] : 0;
        d[2 * i + 1] = s->qv ? s->qba[i] : 0;
    }
    p->zq_valid = (uint64_t)s->zv;
    p->zq_prim = s->zv ? s->zprim : 0;
    p->zq_x = s->zv ? s->zx : 0;
    p->zq_y = s->zv ? s->zy : 0;
    p->zq_cov = s->zv ? s->zcov : 0;
    p->zq_back = s->zv ? s->zback : 0;
    p->zq_z0 = s->zv ? s->zz[0] : 0;
    p->zq_z1 = s->zv ? s->zz[1] : 0;
    p->zq_z2 = s->zv ? s->zz[2] : 0;
    p->zq_z3 = s->zv ? s->zz[3] : 0;
    p->idle = (uint64_t)(recv && !s->got && !s->ov && !s->qv && !s->zv);
}

static const r5xx_rvert *ref(const raster *s, int r, const r5xx_rvert *N)
{
    switch (r) {
    case R5XX_RV_P1: return &s->P1;
    case R5XX_RV_P2: return &s->P2;
    case R5XX_RV_P3: return &s->P3;
    case R5XX_RV_F: return &s->F;
    default: return N;
    }
}

static void vert(raster *s)
{
    r5xx_rvert N;
    r5xx_raster_vertex(&s->regs, (const uint32_t(*)[4])s->slots, &N);
    r5xx_rasm a[2];
    int k = r5xx_raster_assemble(s->vprim, s->n, s->vdlast, a);
    for (int i = 0; i < k; i++) {
        pending *e = &s->q[(s->qh + s->qn) % 2];
        e->kind = a[i].kind;
        for (int j = 0; j < 3; j++)
            e->v[j] = *ref(s, a[i].ref[j], &N);
        s->qn++;
    }
    if (s->n == 0)
        s->F = N;
    s->P3 = s->P2;
    s->P2 = s->P1;
    s->P1 = N;
    s->n = s->vdlast ? 0 : s->n + 1;
    memset(s->slots, 0, sizeof s->slots);
    s->state = s->qn ? SETUP : RECV;
}

static void setup(raster *s)
{
    pending *e = &s->q[s->qh];
    r5xx_raster_setup(&s->regs, e->kind, e->v, &s->cur);
    s->cur_idx = s->counter++;
    s->qh = (s->qh + 1) % 2;
    s->qn--;
    if (s->cur.walk) {
        s->state = WALK;
        s->px = s->cur.qpath ? s->cur.px0 & ~1 : s->cur.px0;
        s->py = s->cur.qpath ? s->cur.py0 & ~1 : s->cur.py0;
        s->rec = 0;
    } else {
        s->state = s->qn ? SETUP : RECV;
    }
}

/* One advance of the quad walker (docs/blocks/r5xx.raster.md "The quad walk"). */
static void quad_step(raster *s)
{
    const r5xx_rprim *c = &s->cur;
    unsigned cov = 0;
    uint32_t z[4] = { 0, 0, 0, 0 };
    for (int i = 0; i < 4; i++) {
        int x = s->px + (i & 1), y = s->py + (i >> 1);
        uint32_t zi;
        if (x >= c->px0 && x <= c->px1 && y >= c->py0 && y <= c->py1 &&
            r5xx_raster_cover(&s->regs, c, x, y, &zi)) {
            cov |= 1u << i;
            z[i] = zi;
        }
    }
    int next = 1;
    if (cov) {
        r5xx_rrec recs[32];
        int n = r5xx_raster_records(&s->regs, recs);
        s->qv = 1;
        s->qwseq = s->wcount;
        s->qaddr = recs[s->rec].addr;
        s->qcov = cov;
        s->qlast = s->rec == n - 1;
        r5xx_raster_rs_values(&s->regs, c, &recs[s->rec], s->px, s->py, s->qrg, s->qba);
        if (s->rec == 0) {
            s->zv = 1;
            s->zprim = s->cur_idx;
            s->zx = (uint32_t)s->px;
            s->zy = (uint32_t)s->py;
            s->zcov = cov;
            s->zback = (uint32_t)c->back;
            for (int i = 0; i < 4; i++)
                s->zz[i] = z[i];
        }
        if (s->rec < n - 1) {
            s->rec++;
            next = 0;
        } else {
            s->rec = 0;
        }
    }
    if (!next)
        return;
    if (s->px < (c->px1 & ~1)) {
        s->px += 2;
    } else if (s->py < (c->py1 & ~1)) {
        s->px = c->px0 & ~1;
        s->py += 2;
    } else {
        s->state = s->qn ? SETUP : RECV;
    }
}

static void raster_tick(void *h, const uint64_t *ports)
{
    raster *s = h;
    const r5xx_raster_ports *p = (const r5xx_raster_ports *)ports;
    int frag_fire = s->ov && p->frag_ready;
    if (frag_fire)
        s->ov = 0;
    if (s->qv && p->quad_ready)
        s->qv = 0;
    if (s->zv && p->zq_ready)
        s->zv = 0;
    switch (s->state) {
    case RECV:
        if (p->regw_valid) {
            r5xx_raster_regs_write(&s->regs, (uint32_t)p->regw_addr, (uint32_t)p->regw_data);
            s->wcount++;
        }
        if (p->vtx_valid) {
            unsigned sl = (unsigned)p->vtx_slot & 15;
            s->slots[sl][0] = (uint32_t)p->vtx_x;
            s->slots[sl][1] = (uint32_t)p->vtx_y;
            s->slots[sl][2] = (uint32_t)p->vtx_z;
            s->slots[sl][3] = (uint32_t)p->vtx_w;
            s->got = !p->vtx_vlast;
            if (p->vtx_vlast) {
                s->vprim = (unsigned)p->vtx_prim & 15;
                s->vdlast = (int)p->vtx_dlast;
                s->state = VERT;
            }
        }
        break;
    case VERT:
        vert(s);
        break;
    case SETUP:
        setup(s);
        break;
    case WALK:
        if (s->cur.qpath) {
            if (!s->qv && !s->zv)
                quad_step(s);
            break;
        }
        if (s->ov)
            break;            /* stalled: the output register is full and not taken */
        {
            uint32_t z;
            uint64_t argb;
            if (r5xx_raster_pixel(&s->regs, &s->cur, s->px, s->py, &z, &argb)) {
                s->ov = 1;
                s->ox = (uint32_t)s->px;
                s->oy = (uint32_t)s->py;
                s->oz = z;
                s->oargb = argb;
                s->oback = (unsigned)s->cur.back;
                s->oprim = s->cur_idx;
            }
            if (s->px < s->cur.px1) {
                s->px++;
            } else if (s->py < s->cur.py1) {
                s->px = s->cur.px0;
                s->py++;
            } else {
                s->state = s->qn ? SETUP : RECV;
            }
        }
        break;
    }
}

static void raster_reset(void *h, uint64_t *ports)
{
    raster *s = h;
    memset(s, 0, sizeof *s);
    r5xx_raster_regs_reset(&s->regs);
    raster_eval(h, ports);
}

const rc_side_ops r5xx_raster_model_ops = {
    .kind = "model", .create = raster_create, .destroy = raster_destroy, .reset = raster_reset,
    .eval = raster_eval, .tick = raster_tick
};
