/*
 * r5xx_gfx3d_qjoin.c - the C twin of rtl/r5xx/gfx3d/r5xx_gfx3d_qjoin.sv: the quad join of r5xx.gfx3d
 * (docs/blocks/r5xx.gfx3d.md, "The quad join").  The fragment shader's records of quad k are paired
 * with the raster's k-th zq record (a 4-entry queue); each record taken is shown on `tr`; a quad's
 * last record starts the emission of one fragment per written pixel (lowest first) with the colour
 * of every render target the quad has a record of (tw), each widened to 16-bit unorm by its
 * US_OUT_FMT_t (decision G3), and the US's W or the raster's depth.
 * A glue module: its ports are r5xx_gfx3d_qjoin_ports (gfx3d_glue.h, from the RTL's port list).
 */
#include <stdlib.h>
#include <string.h>

#include "gfx3d_glue.h"

#define DEPTH 4u

typedef struct zrec {
    uint64_t prim, x, y, back, z[4];
} zrec;

typedef struct qjoin {
    zrec q[DEPTH];
    unsigned head, n;
    unsigned fmt[4];
    uint64_t col[4][4];     /* [target][pixel] */
    unsigned tw;            /* the targets the quad has a record of */
    unsigned pend, rem, wm;
    uint64_t zl[4];
} qjoin;

/* The width of component k of US_OUT_FMT code f (docs/blocks/r5xx.us.md "Output conversion"); 0
 * for the float formats and the unused codes (decision G10). */
static unsigned cwidth(unsigned f, unsigned k)
{
    switch (f) {
    case 0: return 8;
    case 1: case 2: return 10;
    case 3: case 6: return k == 0 ? 16 : 0;
    case 4: case 7: return k < 2 ? 16 : 0;
    case 5: return 16;
    case 8: return k < 2 ? 4 : 0;
    case 9: return k == 0 ? 2 : k < 3 ? 3 : 0;
    case 10: return k == 1 ? 5 : k < 3 ? 6 : 0;
    case 11: return k == 0 ? 10 : k < 3 ? 11 : 0;
    case 12: return k < 2 ? 11 : k == 2 ? 10 : 0;
    case 13: return k < 3 ? 10 : 2;
    default: return 0;
    }
}

/* A w-bit unsigned lane widened to 16 bits by replicating its bits from the top (w = 0: 0). */
static uint64_t u16(uint64_t lane, unsigned w)
{
    if (!w)
        return 0;
    uint64_t v = lane & ((1ull << w) - 1), r = 0;
    for (int i = 1; i <= 8; i++) {
        int s = 16 - i * (int)w;
        if (s >= 0)
            r |= v << s;
        else if (s > -(int)w)
            r |= v >> -s;
    }
    return r & 0xFFFF;
}

static uint64_t argb(uint64_t rg, uint64_t ba, unsigned f)
{
    return u16(ba >> 32, cwidth(f, 3)) << 48 | u16(ba & 0xFFFFFFFFu, cwidth(f, 2)) << 32 |
           u16(rg >> 32, cwidth(f, 1)) << 16 | u16(rg & 0xFFFFFFFFu, cwidth(f, 0));
}

static void *qj_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(qjoin));
}

static void qj_destroy(void *h)
{
    free(h);
}

static void qj_reset(void *h, uint64_t *ports)
{
    (void)ports;
    memset(h, 0, sizeof(qjoin));
}

static unsigned lowest(unsigned rem)
{
    return rem & 1 ? 0 : rem & 2 ? 1 : rem & 4 ? 2 : 3;
}

static void qj_eval(void *h, uint64_t *ports)
{
    const qjoin *j = h;
    r5xx_gfx3d_qjoin_ports *p = (r5xx_gfx3d_qjoin_ports *)ports;
    static const zrec none;
    const zrec *hd = j->n ? &j->q[j->head] : &none;     /* zeros when empty, as prim_fifo */
    p->zq_ready = (uint64_t)(j->n != DEPTH);
    p->tr_valid = (uint64_t)(p->uf_valid && !j->pend && j->n);
    p->uf_ready = (uint64_t)(p->tr_ready && !j->pend && j->n);
    p->tr_prim = hd->prim;
    p->tr_x = hd->x;
    p->tr_y = hd->y;
    p->tr_quad = p->uf_quad;
    p->tr_tgt = p->uf_tgt;
    p->tr_pc = p->uf_pc;
    p->tr_wr = p->uf_wr;
    p->tr_mask = p->uf_mask;
    p->tr_p0rg = p->uf_p0rg;
    p->tr_p0ba = p->uf_p0ba;
    p->tr_p1rg = p->uf_p1rg;
    p->tr_p1ba = p->uf_p1ba;
    p->tr_p2rg = p->uf_p2rg;
    p->tr_p2ba = p->uf_p2ba;
    p->tr_p3rg = p->uf_p3rg;
    p->tr_p3ba = p->uf_p3ba;
    unsigned px = lowest(j->rem);
    p->qf_valid = j->pend;
    p->qf_prim = hd->prim;
    p->qf_x = (hd->x + (px & 1)) & 0x3FFF;
    p->qf_y = (hd->y + (px >> 1)) & 0x3FFF;
    p->qf_back = hd->back;
    p->qf_z = j->wm >> px & 1 ? j->zl[px] : hd->z[px];
    p->qf_tw = j->tw;
    p->qf_argb = j->col[0][px];
    p->qf_argb1 = j->col[1][px];
    p->qf_argb2 = j->col[2][px];
    p->qf_argb3 = j->col[3][px];
    p->empty = (uint64_t)(j->n == 0);
}

static void qj_tick(void *h, const uint64_t *ports)
{
    qjoin *j = h;
    const r5xx_gfx3d_qjoin_ports *p = (const r5xx_gfx3d_qjoin_ports *)ports;
    int push = p->zq_valid && j->n != DEPTH;
    int take = p->uf_valid && p->tr_ready && !j->pend && j->n;
    unsigned px = lowest(j->rem);
    int last_px = (j->rem & ~(1u << px)) == 0;
    int fin = (j->pend && p->qf_ready && last_px) || (take && p->uf_last && p->uf_wr == 0);
    if (fin) {
        memset(j->col, 0, sizeof j->col);
        j->tw = 0;
    } else if (take) {
        unsigned t = (unsigned)(p->uf_tgt & 3), f = j->fmt[t];
        j->col[t][0] = argb(p->uf_p0rg, p->uf_p0ba, f);
        j->col[t][1] = argb(p->uf_p1rg, p->uf_p1ba, f);
        j->col[t][2] = argb(p->uf_p2rg, p->uf_p2ba, f);
        j->col[t][3] = argb(p->uf_p3rg, p->uf_p3ba, f);
        j->tw |= 1u << t;
    }
    if (take && p->uf_last && p->uf_wr) {
        j->pend = 1;
        j->rem = (unsigned)p->uf_wr;
        j->wm = (unsigned)(p->uf_mask >> 16 & 15);
        j->zl[0] = p->uf_z01 & 0xFFFFFF;
        j->zl[1] = p->uf_z01 >> 32 & 0xFFFFFF;
        j->zl[2] = p->uf_z23 & 0xFFFFFF;
        j->zl[3] = p->uf_z23 >> 32 & 0xFFFFFF;
    } else if (j->pend && p->qf_ready) {
        j->rem &= ~(1u << px);
        j->pend = !last_px;
    }
    /* after the colours: they take the old value (US_OUT_FMT_0..3 at 0x46A4 + 4t) */
    if (p->w_valid && p->w_addr >= 0x46A4 && p->w_addr <= 0x46B0 && !(p->w_addr & 3))
        j->fmt[(p->w_addr - 0x46A4) >> 2] = (unsigned)(p->w_data & 31);
    if (fin) {
        j->head = (j->head + 1) % DEPTH;
        j->n--;
    }
    if (push) {
        j->q[(j->head + j->n) % DEPTH] = (zrec){ p->zq_prim, p->zq_x, p->zq_y, p->zq_back,
                                                { p->zq_z0, p->zq_z1, p->zq_z2, p->zq_z3 } };
        j->n++;
    }
}

const rc_side_ops r5xx_gfx3d_qjoin_glue = {
    .kind = "glue", .create = qj_create, .destroy = qj_destroy, .reset = qj_reset,
    .eval = qj_eval, .tick = qj_tick
};
