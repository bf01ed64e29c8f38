/*
 * r5xx_gfx3d_fg.c - the C twin of rtl/r5xx/gfx3d/r5xx_gfx3d_fg.sv: the fragment gather (FG) of
 * r5xx.gfx3d (docs/blocks/r5xx.gfx3d.md, "FG").  The raster's fixed-path fragments go through as
 * they are (priority); the quad path's get the FG_ALPHA_FUNC / FG_ALPHA_VALUE alpha test on
 * argb[63:48] (the raster's rule) and are dropped when it fails; fog with a constant factor
 * (FG_FOG_BLEND ENABLE, FN 3) blends their R, G, B toward FG_FOG_COLOR.  Combinational but for the
 * registers.  A glue module: its ports are r5xx_gfx3d_fg_ports (gfx3d_glue.h).
 */
#include <stdlib.h>
#include <string.h>

#include "gfx3d_glue.h"

typedef struct fg {
    unsigned func, aval, fog, factor, fr, fgr, fb;
} fg;

/* One channel blended toward the fog colour: floor((c·f + fc·(1023 − f) + 511) / 1023). */
static uint64_t fogc(uint64_t c, unsigned fc, unsigned f)
{
    uint64_t fc16 = (uint64_t)(fc << 6 | fc >> 4);
    return (c * f + fc16 * (1023u - f) + 511u) / 1023u;
}

static void *fg_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(fg));
}

static void fg_destroy(void *h)
{
    free(h);
}

static void fg_reset(void *h, uint64_t *ports)
{
    (void)ports;
    memset(h, 0, sizeof(fg));
}

/* The alpha test of docs/blocks/r5xx.raster.md "Alpha test (FG)" on a 16-bit alpha. */
static int alpha_pass(const fg *g, unsigned alpha)
{
    if (!(g->func >> 11 & 1))
        return 1;
    unsigned a = g->func >> 12 & 1 ? alpha >> 8 : alpha >> 6;
    unsigned r = g->func >> 12 & 1 ? (g->func & 0xFF) : g->aval;
    switch (g->func >> 8 & 7) {
    case 0: return 0;
    case 1: return a < r;
    case 2: return a == r;
    case 3: return a <= r;
    case 4: return a > r;
    case 5: return a != r;
    case 6: return a >= r;
    default: return 1;
    }
}

static void fg_eval(void *h, uint64_t *ports)
{
    const fg *g = h;
    r5xx_gfx3d_fg_ports *p = (r5xx_gfx3d_fg_ports *)ports;
    int pass = alpha_pass(g, (unsigned)(p->qf_argb >> 48 & 0xFFFF));
    int f = p->ff_valid != 0;
    p->frag_valid = (uint64_t)(f || (p->qf_valid && pass));
    p->ff_ready = p->frag_ready;
    p->qf_ready = (uint64_t)(!f && (!pass || p->frag_ready));
    p->frag_prim = f ? p->ff_prim : p->qf_prim;
    p->frag_x = f ? p->ff_x : p->qf_x;
    p->frag_y = f ? p->ff_y : p->qf_y;
    p->frag_z = f ? p->ff_z : p->qf_z;
    p->frag_back = f ? p->ff_back : p->qf_back;
    uint64_t q = p->qf_argb;
    if (g->fog == 7)
        q = (q & 0xFFFF000000000000ull) | fogc(q >> 32 & 0xFFFF, g->fr, g->factor) << 32 |
            fogc(q >> 16 & 0xFFFF, g->fgr, g->factor) << 16 | fogc(q & 0xFFFF, g->fb, g->factor);
    p->frag_argb = f ? p->ff_argb : q;
}

static void fg_tick(void *h, const uint64_t *ports)
{
    fg *g = h;
    const r5xx_gfx3d_fg_ports *p = (const r5xx_gfx3d_fg_ports *)ports;
    if (p->w_valid && p->w_addr == 0x4BD4)
        g->func = (unsigned)(p->w_data & 0x1FFF);
    if (p->w_valid && p->w_addr == 0x4BE0)
        g->aval = (unsigned)(p->w_data & 0x3FF);
    if (p->w_valid && p->w_addr == 0x4BC0)
        g->fog = (unsigned)(p->w_data & 7);
    if (p->w_valid && p->w_addr == 0x4BC4)
        g->factor = (unsigned)(p->w_data & 0x3FF);
    if (p->w_valid && p->w_addr == 0x4BC8)
        g->fr = (unsigned)(p->w_data & 0x3FF);
    if (p->w_valid && p->w_addr == 0x4BCC)
        g->fgr = (unsigned)(p->w_data & 0x3FF);
    if (p->w_valid && p->w_addr == 0x4BD0)
        g->fb = (unsigned)(p->w_data & 0x3FF);
}

const rc_side_ops r5xx_gfx3d_fg_glue = {
    .kind = "glue", .create = fg_create, .destroy = fg_destroy, .reset = fg_reset,
    .eval = fg_eval, .tick = fg_tick
};
