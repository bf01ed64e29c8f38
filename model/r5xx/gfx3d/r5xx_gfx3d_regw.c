/*
 * r5xx_gfx3d_regw.c - the C twin of rtl/r5xx/gfx3d/r5xx_gfx3d_regw.sv: how r5xx.gfx3d hands its
 * register writes to the four blocks of the 3D path (docs/blocks/r5xx.gfx3d.md, "Register writes").
 * A VAP data or index port write (0x2000-0x207C, 0x20B8) goes to the VAP alone; any other write
 * is state, to all five (VAP, PVS, raster, ZB, RB3D) on one edge, only when the path is idle and every block ready.  No state.
 * A glue module: its ports are r5xx_gfx3d_regw_ports (gfx3d_glue.h, from the RTL's port list).
 */
#include <stdlib.h>

#include "gfx3d_glue.h"

static void *regw_create(const rc_side_config *cfg)
{
    (void)cfg;
    return malloc(1);
}

static void regw_destroy(void *h)
{
    free(h);
}

static void regw_reset(void *h, uint64_t *ports)
{
    (void)h;
    (void)ports;
}

static void regw_eval(void *h, uint64_t *ports)
{
    (void)h;
    r5xx_gfx3d_regw_ports *p = (r5xx_gfx3d_regw_ports *)ports;
    int port = (p->regw_addr >> 7) == 0x40 || p->regw_addr == 0x20B8;
    int state_ok = p->path_idle && p->vap_ready && p->pvs_ready && p->ras_ready && p->zb_ready && p->rb_ready;
    p->regw_ready = (uint64_t)(port ? (int)p->vap_ready : state_ok);
    p->vap_valid = (uint64_t)(p->regw_valid && (port || state_ok));
    p->state_valid = (uint64_t)(p->regw_valid && !port && state_ok);
}

static void regw_tick(void *h, const uint64_t *ports)
{
    (void)h;
    (void)ports;
}

const rc_side_ops r5xx_gfx3d_regw_glue = {
    .kind = "glue", .create = regw_create, .destroy = regw_destroy, .reset = regw_reset,
    .eval = regw_eval, .tick = regw_tick
};
