/*
 * r5xx_gfx3d_vsel.c - the C twin of rtl/r5xx/gfx3d/r5xx_gfx3d_vsel.sv: the vertex path select of
 * r5xx.gfx3d (docs/blocks/r5xx.gfx3d.md, "The vertex path select").  VAP_CNTL_STATUS.PVS_BYPASS
 * (bit 8, reset 0), snooped from the state writes, routes the VAP's vertices to the raster
 * (bypass) or through the PVS; with bypass the PVS does not get VAP_VF_CNTL.  The clipper's
 * records fork to the raster and the clipvtx trace (cv), each leg on its own edge (rdone, cdone).
 * A glue module: its ports are r5xx_gfx3d_vsel_ports (gfx3d_glue.h, from the RTL's port list).
 */
#include <stdlib.h>

#include "gfx3d_glue.h"

typedef struct vsel {
    int bypass;
    int rdone, cdone;   /* the clipper's record already taken by the raster, by the trace */
} vsel;

/* rdone_d/cdone_d of the RTL: taken before this edge or at it */
static int rdone_d(const vsel *s, const r5xx_gfx3d_vsel_ports *p)
{
    return s->rdone || (!s->bypass && p->pout_valid && p->ras_ready);
}

static int cdone_d(const vsel *s, const r5xx_gfx3d_vsel_ports *p)
{
    return s->cdone || (!s->bypass && p->pout_valid && p->cv_ready);
}

static void *vsel_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(vsel));
}

static void vsel_destroy(void *h)
{
    free(h);
}

static void vsel_eval(void *h, uint64_t *ports)
{
    const vsel *s = h;
    r5xx_gfx3d_vsel_ports *p = (r5xx_gfx3d_vsel_ports *)ports;
    int b = s->bypass;
    p->pvsw_valid = (uint64_t)(p->w_valid && !(b && p->w_addr == 0x2084));
    p->pin_valid = (uint64_t)(p->vtx_valid && !b);
    p->vtx_ready = b ? p->ras_ready : p->pin_ready;
    p->ras_valid = b ? p->vtx_valid : (uint64_t)(p->pout_valid && !s->rdone);
    p->cv_valid = (uint64_t)(p->pout_valid && !b && !s->cdone);
    p->pout_ready = (uint64_t)(!b && rdone_d(s, p) && cdone_d(s, p));

    p->pin_vert = p->vtx_vert;
    p->pin_slot = p->vtx_slot;
    p->pin_x = p->vtx_x;
    p->pin_y = p->vtx_y;
    p->pin_z = p->vtx_z;
    p->pin_w = p->vtx_w;
    p->pin_wmask = p->vtx_wmask;
    p->pin_vlast = p->vtx_vlast;
    p->pin_dlast = p->vtx_dlast;
    p->pin_prim = p->vtx_prim;
    p->ras_vert = b ? p->vtx_vert : p->pout_vert;
    p->ras_slot = b ? p->vtx_slot : p->pout_slot;
    p->ras_x = b ? p->vtx_x : p->pout_x;
    p->ras_y = b ? p->vtx_y : p->pout_y;
    p->ras_z = b ? p->vtx_z : p->pout_z;
    p->ras_w = b ? p->vtx_w : p->pout_w;
    p->ras_wmask = b ? p->vtx_wmask : p->pout_wmask;
    p->ras_vlast = b ? p->vtx_vlast : p->pout_vlast;
    p->ras_dlast = b ? p->vtx_dlast : p->pout_dlast;
    p->ras_prim = b ? p->vtx_prim : p->pout_prim;
}

static void vsel_reset(void *h, uint64_t *ports)
{
    vsel *s = h;
    s->bypass = 0;
    s->rdone = s->cdone = 0;
    vsel_eval(h, ports);
}

static void vsel_tick(void *h, const uint64_t *ports)
{
    vsel *s = h;
    const r5xx_gfx3d_vsel_ports *p = (const r5xx_gfx3d_vsel_ports *)ports;
    int fire = p->pout_valid && !s->bypass && rdone_d(s, p) && cdone_d(s, p);
    int rd = rdone_d(s, p), cd = cdone_d(s, p);
    s->rdone = rd && !fire;
    s->cdone = cd && !fire;
    if (p->w_valid && p->w_addr == 0x2140)
        s->bypass = (int)(p->w_data >> 8 & 1);
}

const rc_side_ops r5xx_gfx3d_vsel_glue = {
    .kind = "glue", .create = vsel_create, .destroy = vsel_destroy, .reset = vsel_reset,
    .eval = vsel_eval, .tick = vsel_tick
};
