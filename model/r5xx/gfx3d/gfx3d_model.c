/*
 * gfx3d_model.c - the model of r5xx.gfx3d: the r5xx.vap, r5xx.raster, r5xx.zb and r5xx.rb3d
 * models chained as rtl/r5xx/gfx3d/r5xx_gfx3d.sv wires the four RTL tops, with the register-write
 * hand-out of r5xx_gfx3d_regw.sv and the fragment queue of gfx3d_join.c between them.
 *
 * Every output of the four blocks is a function of their state only, so one eval of each (in
 * any order) gives their outputs; the glue then computes every block's inputs from those
 * outputs and the composite's inputs, and the edge ticks each block with them.
 */
#include <stdlib.h>
#include <string.h>

#include "gfx3d_join.h"
#include "r5xx_gfx3d_ports.h"
#include "r5xx_rb3d_ports.h"
#include "r5xx_raster_ports.h"
#include "r5xx_vap_ports.h"
#include "r5xx_zb_ports.h"

typedef struct gfx3d {
    void *vap, *ras, *zb, *rb;
    r5xx_vap_ports vap_p;
    r5xx_raster_ports ras_p;
    r5xx_zb_ports zb_p;
    r5xx_rb3d_ports rb_p;
    gfx3d_join join;
    gfx3d_join_io jio;
    gfx3d_frag head, in;
} gfx3d;

static void *gfx3d_create(const rc_side_config *cfg)
{
    gfx3d *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->vap = r5xx_vap_model_ops.create(cfg);
    s->ras = r5xx_raster_model_ops.create(cfg);
    s->zb = r5xx_zb_model_ops.create(cfg);
    s->rb = r5xx_rb3d_model_ops.create(cfg);
    if (!s->vap || !s->ras || !s->zb || !s->rb) {
        if (s->vap)
            r5xx_vap_model_ops.destroy(s->vap);
        if (s->ras)
            r5xx_raster_model_ops.destroy(s->ras);
        if (s->zb)
            r5xx_zb_model_ops.destroy(s->zb);
        if (s->rb)
            r5xx_rb3d_model_ops.destroy(s->rb);
        free(s);
        return NULL;
    }
    return s;
}

static void gfx3d_destroy(void *h)
{
    gfx3d *s = h;
    r5xx_vap_model_ops.destroy(s->vap);
    r5xx_raster_model_ops.destroy(s->ras);
    r5xx_zb_model_ops.destroy(s->zb);
    r5xx_rb3d_model_ops.destroy(s->rb);
    free(s);
}

/* A VAP data or index port: 0x2000-0x207C, 0x20B8 (r5xx_gfx3d_regw.sv). */
static int is_port(uint64_t addr)
{
    return (addr >> 7) == 0x40 || addr == 0x20B8;
}

/* The glue: every block's inputs from the blocks' outputs (already evaluated) and the
 * composite's inputs.  Touches input words only. */
static void wire(gfx3d *s, const r5xx_gfx3d_ports *p)
{
    r5xx_vap_ports *v = &s->vap_p;
    r5xx_raster_ports *r = &s->ras_p;
    r5xx_zb_ports *z = &s->zb_p;
    r5xx_rb3d_ports *b = &s->rb_p;

    /* register writes */
    int idle = v->idle && r->idle && z->idle && b->idle && s->join.n == 0;
    int state_ok = idle && v->regw_ready && r->regw_ready && z->regw_ready && b->regw_ready;
    int port = is_port(p->regw_addr);
    v->regw_valid = p->regw_valid && (port || state_ok);
    r->regw_valid = z->regw_valid = b->regw_valid = p->regw_valid && !port && state_ok;
    v->regw_addr = r->regw_addr = z->regw_addr = b->regw_addr = p->regw_addr;
    v->regw_data = r->regw_data = z->regw_data = b->regw_data = p->regw_data;

    /* memory */
    v->memreq_ready = p->vmemreq_ready;
    v->memrsp_valid = p->vmemrsp_valid;
    v->memrsp_data = p->vmemrsp_data;
    z->memreq_ready = p->zmemreq_ready;
    z->memrsp_valid = p->zmemrsp_valid;
    z->memrsp_data = p->zmemrsp_data;
    b->memreq_ready = p->cmemreq_ready;
    b->memrsp_valid = p->cmemrsp_valid;
    b->memrsp_data = p->cmemrsp_data;

    /* VAP -> raster */
    v->vtx_ready = r->vtx_ready;
    r->vtx_valid = v->vtx_valid;
    r->vtx_vert = v->vtx_vert;
    r->vtx_slot = v->vtx_slot;
    r->vtx_x = v->vtx_x;
    r->vtx_y = v->vtx_y;
    r->vtx_z = v->vtx_z;
    r->vtx_w = v->vtx_w;
    r->vtx_wmask = v->vtx_wmask;
    r->vtx_vlast = v->vtx_vlast;
    r->vtx_dlast = v->vtx_dlast;
    r->vtx_prim = v->vtx_prim;

    /* raster -> queue -> ZB -> RB3D and pix */
    gfx3d_join_io *j = &s->jio;
    j->frag_valid = (int)r->frag_valid;
    j->zfrag_ready = (int)z->frag_ready;
    j->pass_valid = (int)z->pass_valid;
    j->pass_pass = (int)z->pass_pass;
    j->cfrag_ready = (int)b->frag_ready;
    j->pix_ready = (int)p->pix_ready;
    gfx3d_join_eval(&s->join, j, &s->head);
    r->frag_ready = (uint64_t)j->frag_ready;
    z->frag_valid = (uint64_t)j->zfrag_valid;
    z->frag_x = r->frag_x;
    z->frag_y = r->frag_y;
    z->frag_z = r->frag_z;
    z->frag_back = r->frag_back;
    z->pass_ready = (uint64_t)j->pass_ready;
    b->frag_valid = (uint64_t)j->cfrag_valid;
    b->frag_mrt = 0;
    b->frag_x = s->head.x;
    b->frag_y = s->head.y;
    b->frag_argb = s->head.argb;
    s->in = (gfx3d_frag){ r->frag_prim, r->frag_x, r->frag_y, r->frag_z, r->frag_argb };
}

static void outputs(const gfx3d *s, r5xx_gfx3d_ports *p)
{
    const r5xx_vap_ports *v = &s->vap_p;
    const r5xx_raster_ports *r = &s->ras_p;
    const r5xx_zb_ports *z = &s->zb_p;
    const r5xx_rb3d_ports *b = &s->rb_p;
    int port = is_port(p->regw_addr);
    int idle = v->idle && r->idle && z->idle && b->idle && s->join.n == 0;
    int state_ok = idle && v->regw_ready && r->regw_ready && z->regw_ready && b->regw_ready;
    p->regw_ready = (uint64_t)(port ? (int)v->regw_ready : state_ok);

    p->cmemreq_valid = b->memreq_valid;
    p->cmemreq_addr = b->memreq_addr;
    p->cmemreq_we = b->memreq_we;
    p->cmemreq_wdata = b->memreq_wdata;
    p->cmemreq_be = b->memreq_be;
    p->cmemrsp_ready = b->memrsp_ready;
    p->zmemreq_valid = z->memreq_valid;
    p->zmemreq_addr = z->memreq_addr;
    p->zmemreq_we = z->memreq_we;
    p->zmemreq_wdata = z->memreq_wdata;
    p->zmemreq_be = z->memreq_be;
    p->zmemrsp_ready = z->memrsp_ready;
    p->vmemreq_valid = v->memreq_valid;
    p->vmemreq_addr = v->memreq_addr;
    p->vmemrsp_ready = v->memrsp_ready;

    p->pix_valid = (uint64_t)s->jio.pix_valid;
    p->pix_prim = s->head.prim;
    p->pix_x = s->head.x;
    p->pix_y = s->head.y;
    p->pix_z = s->head.z;
    p->pix_argb = s->head.argb;

    p->idle = (uint64_t)idle;
    p->zpass = z->zpass;
}

static void gfx3d_eval(void *h, uint64_t *ports)
{
    gfx3d *s = h;
    r5xx_gfx3d_ports *p = (r5xx_gfx3d_ports *)ports;
    r5xx_vap_model_ops.eval(s->vap, (uint64_t *)&s->vap_p);
    r5xx_raster_model_ops.eval(s->ras, (uint64_t *)&s->ras_p);
    r5xx_zb_model_ops.eval(s->zb, (uint64_t *)&s->zb_p);
    r5xx_rb3d_model_ops.eval(s->rb, (uint64_t *)&s->rb_p);
    wire(s, p);
    outputs(s, p);
}

static void gfx3d_tick(void *h, const uint64_t *ports)
{
    gfx3d *s = h;
    wire(s, (const r5xx_gfx3d_ports *)ports);
    r5xx_vap_model_ops.tick(s->vap, (const uint64_t *)&s->vap_p);
    r5xx_raster_model_ops.tick(s->ras, (const uint64_t *)&s->ras_p);
    r5xx_zb_model_ops.tick(s->zb, (const uint64_t *)&s->zb_p);
    r5xx_rb3d_model_ops.tick(s->rb, (const uint64_t *)&s->rb_p);
    gfx3d_join_tick(&s->join, &s->jio, &s->in);
}

static void gfx3d_reset(void *h, uint64_t *ports)
{
    gfx3d *s = h;
    memset(&s->vap_p, 0, sizeof s->vap_p);
    memset(&s->ras_p, 0, sizeof s->ras_p);
    memset(&s->zb_p, 0, sizeof s->zb_p);
    memset(&s->rb_p, 0, sizeof s->rb_p);
    gfx3d_join_reset(&s->join);
    r5xx_vap_model_ops.reset(s->vap, (uint64_t *)&s->vap_p);
    r5xx_raster_model_ops.reset(s->ras, (uint64_t *)&s->ras_p);
    r5xx_zb_model_ops.reset(s->zb, (uint64_t *)&s->zb_p);
    r5xx_rb3d_model_ops.reset(s->rb, (uint64_t *)&s->rb_p);
    gfx3d_eval(h, ports);
}

const rc_side_ops r5xx_gfx3d_model_ops = {
    .kind = "model", .create = gfx3d_create, .destroy = gfx3d_destroy, .reset = gfx3d_reset,
    .eval = gfx3d_eval, .tick = gfx3d_tick
};
