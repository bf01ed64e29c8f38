/*
 * pm4_2d_model.c - the model of r5xx.pm4_2d: the r5xx.cp and r5xx.gfx2d C models chained, the
 * CP's pkt and body outputs wired to the 2D engine's inputs, as rtl/r5xx/pm4_2d/r5xx_pm4_2d.sv
 * wires the two RTL tops.  Both blocks' outputs depend on their state only, so one pass of
 * eval (CP, then 2D engine, then the 2D engine's readies back into the CP's port struct) is
 * exact.  Also the block's stimulus (the 2D engine's random packets as a PM4 ring) and pictures.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r5xx_cp_ports.h"
#include "r5xx_gfx2d_ports.h"
#include "r5xx_pm4_2d_ports.h"
#include "rc_mem.h"
#include "rc_vector.h"

extern const rc_block_desc r5xx_gfx2d_block;
int r5xx_gfx2d_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max, char *err,
                      size_t errn);

typedef struct pm4 {
    void *cp, *g;
    r5xx_cp_ports cp_p;
    r5xx_gfx2d_ports g_p;
} pm4;

static void *pm4_create(const rc_side_config *cfg)
{
    pm4 *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->cp = r5xx_cp_model_ops.create(cfg);
    s->g = r5xx_gfx2d_model_ops.create(cfg);
    if (!s->cp || !s->g) {
        if (s->cp)
            r5xx_cp_model_ops.destroy(s->cp);
        if (s->g)
            r5xx_gfx2d_model_ops.destroy(s->g);
        free(s);
        return NULL;
    }
    return s;
}

static void pm4_destroy(void *h)
{
    pm4 *s = h;
    r5xx_cp_model_ops.destroy(s->cp);
    r5xx_gfx2d_model_ops.destroy(s->g);
    free(s);
}

/* The composite's inputs into the two port structs. */
static void inputs(pm4 *s, const r5xx_pm4_2d_ports *p)
{
    r5xx_cp_ports *c = &s->cp_p;
    r5xx_gfx2d_ports *g = &s->g_p;
    c->host_valid = p->host_valid;
    c->host_addr = p->host_addr;
    c->host_data = p->host_data;
    c->memreq_ready = p->cpreq_ready;
    c->memrsp_valid = p->cprsp_valid;
    c->memrsp_data = p->cprsp_data;
    c->regw_ready = p->regw_ready;
    g->memreq_ready = p->memreq_ready;
    g->memrsp_valid = p->memrsp_valid;
    g->memrsp_data = p->memrsp_data;
    g->pix_ready = p->pix_ready;
}

/* The wire: the CP's pkt/body outputs into the 2D engine, its readies back. */
static void wire(pm4 *s)
{
    r5xx_cp_ports *c = &s->cp_p;
    r5xx_gfx2d_ports *g = &s->g_p;
    g->pkt_valid = c->pkt_valid;
    g->pkt_stream = c->pkt_stream;
    g->pkt_type = c->pkt_type;
    g->pkt_opcode = c->pkt_opcode;
    g->pkt_count = c->pkt_count;
    g->pkt_ptr = c->pkt_ptr;
    g->pkt_err = c->pkt_err;
    g->body_valid = c->body_valid;
    g->body_data = c->body_data;
    g->body_last = c->body_last;
}

static void outputs(const pm4 *s, r5xx_pm4_2d_ports *p)
{
    const r5xx_cp_ports *c = &s->cp_p;
    const r5xx_gfx2d_ports *g = &s->g_p;
    p->host_ready = c->host_ready;
    p->cpreq_valid = c->memreq_valid;
    p->cpreq_addr = c->memreq_addr;
    p->cpreq_we = c->memreq_we;
    p->cpreq_wdata = c->memreq_wdata;
    p->cpreq_be = c->memreq_be;
    p->cprsp_ready = c->memrsp_ready;
    p->regw_valid = c->regw_valid;
    p->regw_addr = c->regw_addr;
    p->regw_data = c->regw_data;
    p->regw_stream = c->regw_stream;
    p->memreq_valid = g->memreq_valid;
    p->memreq_addr = g->memreq_addr;
    p->memreq_we = g->memreq_we;
    p->memreq_wdata = g->memreq_wdata;
    p->memreq_be = g->memreq_be;
    p->memrsp_ready = g->memrsp_ready;
    p->pix_valid = g->pix_valid;
    p->pix_pkt = g->pix_pkt;
    p->pix_x = g->pix_x;
    p->pix_y = g->pix_y;
    p->pix_src = g->pix_src;
    p->pix_pat = g->pix_pat;
    p->pix_dst = g->pix_dst;
    p->pix_rop = g->pix_rop;
    p->pix_res = g->pix_res;
    p->idle = c->idle && g->idle;
}

static void pm4_eval(void *h, uint64_t *ports)
{
    pm4 *s = h;
    r5xx_pm4_2d_ports *p = (r5xx_pm4_2d_ports *)ports;
    inputs(s, p);
    r5xx_cp_model_ops.eval(s->cp, (uint64_t *)&s->cp_p);
    wire(s);
    r5xx_gfx2d_model_ops.eval(s->g, (uint64_t *)&s->g_p);
    s->cp_p.pkt_ready = s->g_p.pkt_ready;
    s->cp_p.body_ready = s->g_p.body_ready;
    outputs(s, p);
}

static void pm4_tick(void *h, const uint64_t *ports)
{
    pm4 *s = h;
    inputs(s, (const r5xx_pm4_2d_ports *)ports);
    r5xx_cp_model_ops.tick(s->cp, (const uint64_t *)&s->cp_p);
    r5xx_gfx2d_model_ops.tick(s->g, (const uint64_t *)&s->g_p);
}

static void pm4_reset(void *h, uint64_t *ports)
{
    pm4 *s = h;
    memset(&s->cp_p, 0, sizeof s->cp_p);
    memset(&s->g_p, 0, sizeof s->g_p);
    r5xx_cp_model_ops.reset(s->cp, (uint64_t *)&s->cp_p);
    r5xx_gfx2d_model_ops.reset(s->g, (uint64_t *)&s->g_p);
    pm4_eval(h, ports);
}

const rc_side_ops r5xx_pm4_2d_model_ops = {
    .kind = "model", .create = pm4_create, .destroy = pm4_destroy, .reset = pm4_reset,
    .eval = pm4_eval, .tick = pm4_tick
};

/* ---- stimulus: the 2D engine's random packets as a PM4 ring ---------------------------------- */

#define RING_BASE 0x00800000u

int r5xx_pm4_2d_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    rc_vector g;
    rc_vector_init(&g, &r5xx_gfx2d_block);
    if (r5xx_gfx2d_stimulus(&g, seed, count, err, errn)) {
        rc_vector_free(&g);
        return -1;
    }
    int fail = 0;
    for (size_t i = 0; i < g.nmem && !fail; i++)
        fail = rc_vector_add_mem(v, g.mem[i].addr, g.mem[i].words, g.mem[i].nwords);
    const rc_txlist *pk = &g.in[R5XX_GFX2D_CH_PKT], *bd = &g.in[R5XX_GFX2D_CH_BODY];
    size_t cap = 1 + pk->n * 2 + bd->n, n = 0, bi = 0;
    uint32_t *ring = malloc(cap * sizeof *ring);
    for (size_t i = 0; ring && i < pk->n; i++) {
        const uint64_t *f = &pk->vals[i * pk->nf];
        unsigned type = (unsigned)f[1], op = (unsigned)f[2];
        if (type == 0) {                                   /* one register write, 0x1400 */
            ring[n++] = 0x1400u >> 2;
            ring[n++] = (uint32_t)i;
            continue;
        }
        size_t start = bi, nb = 0;
        if (op != 0x10) {
            while (bi < bd->n && !bd->vals[bi * bd->nf + 1])
                bi++;
            bi++;
            nb = bi - start;
        }
        ring[n++] = 3u << 30 | (uint32_t)(nb ? nb - 1 : 0) << 16 | op << 8;
        if (!nb)
            ring[n++] = 0;                                 /* NOP: COUNT 0, one dword */
        for (size_t k = 0; k < nb; k++)
            ring[n++] = (uint32_t)bd->vals[(start + k) * bd->nf];
    }
    unsigned bufsz = 2;
    while (bufsz < 22 && (1ull << (bufsz + 1)) <= n)
        bufsz++;
    if (ring && !fail)
        fail = rc_vector_add_mem(v, RING_BASE, ring, n);
    uint64_t w[][2] = { { 0x700, RING_BASE }, { 0x704, bufsz | 1u << 27 }, { 0x714, n } };
    for (unsigned k = 0; k < 3 && !fail; k++)
        fail = rc_vector_add_input(v, R5XX_PM4_2D_CH_HOST, 0, w[k]);
    free(ring);
    rc_vector_free(&g);
    if (!ring || fail || n >= (1u << 23)) {
        snprintf(err, errn, "r5xx.pm4_2d: out of memory or ring too large");
        return -1;
    }
    return 0;
}

/* ---- pictures: the 2D engine's, from the packets parsed back out of the ring ------------------- */

int r5xx_pm4_2d_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max, char *err,
                       size_t errn)
{
    uint32_t base = 0, wptr = 0;
    const rc_txlist *h = &v->in[R5XX_PM4_2D_CH_HOST];
    for (size_t i = 0; i < h->n; i++) {
        uint32_t a = (uint32_t)h->vals[i * h->nf], d = (uint32_t)h->vals[i * h->nf + 1];
        if (a == 0x700)
            base = d & ~3u;
        else if (a == 0x714)
            wptr = d & 0x7FFFFF;
    }
    /* The ring: preloaded into the 2D engine's memory image too, which never writes it. */
    const rc_memimg *img = mem;
    rc_vector g;
    rc_vector_init(&g, &r5xx_gfx2d_block);
    int fail = 0;
    for (uint32_t p = 0; p < wptr && !fail;) {
        uint32_t hd = (uint32_t)rc_memimg_read(img, base + 4 * p, 4), type = hd >> 30, cnt = hd >> 16 & 0x3FFF;
        uint32_t nb = type == 2 ? 0 : type == 1 ? 2 : cnt + 1;
        if (type == 3 && (hd >> 8 & 0xF0) == 0x90) {
            uint64_t f[6] = { 0, 3, hd >> 8 & 0xFF, cnt, p, 0 };
            fail |= rc_vector_add_input(&g, R5XX_GFX2D_CH_PKT, 0, f);
            for (uint32_t k = 0; k < nb && !fail; k++) {
                uint64_t b[2] = { rc_memimg_read(img, base + 4 * (p + 1 + k), 4), k + 1 == nb };
                fail |= rc_vector_add_input(&g, R5XX_GFX2D_CH_BODY, 0, b);
            }
        }
        p += 1 + nb;
    }
    int r = fail ? 0 : r5xx_gfx2d_images(&g, mem, out, max, err, errn);
    rc_vector_free(&g);
    return r;
}
