/*
 * r5xx_gfx3d_fg.c - the C twin of rtl/r5xx/gfx3d/r5xx_gfx3d_fg.sv: the fragment gather (FG) of
 * r5xx.gfx3d (docs/blocks/r5xx.gfx3d.md, "FG").  The raster's fixed-path fragments go through as
 * they are (priority, to render target 0 alone); the quad path's get the FG_ALPHA_FUNC /
 * FG_ALPHA_VALUE alpha test on target 0's argb[63:48] (the raster's rule) and are dropped when it
 * fails; fog (FG_FOG_BLEND ENABLE) blends the R, G, B of every target toward FG_FOG_COLOR with the
 * constant factor (FN 3) or a factor computed in shader float from the fragment's depth (FN 0
 * linear, 1 exp, 2 exp², decision G11).  Combinational but for the registers.  A glue module: its
 * ports are r5xx_gfx3d_fg_ports (gfx3d_glue.h).
 */
#include <stdlib.h>
#include <string.h>

#include "gfx3d_glue.h"
#include "sf.h"

typedef struct fg {
    unsigned func, aval, fog, factor, fr, fgr, fb;
    uint32_t scale, offset;     /* GA_FOG_SCALE, GA_FOG_OFFSET */
    unsigned z16;               /* ZB_FORMAT.DEPTHFORMAT 0 or 1 */
} fg;

/* The 10-bit fog factor of FN 0-2 from the fragment's depth z (docs/blocks/r5xx.gfx3d.md "FG"):
 * d = m / 2^23 (exact), a = d·scale + offset, FN 0: 1 − a, FN 1: 2^−a, FN 2: 2^−(a·a), clamped to
 * [0, 1], then floor(x·1023 + 0.5) by adding 2^23 (round toward zero). */
static unsigned fog_factor(const fg *g, uint64_t z)
{
    uint32_t m = g->z16 ? (uint32_t)(z & 0xFFFF) << 7 : (uint32_t)(z >> 1 & 0x7FFFFF);
    uint32_t d = sf_add(0x3F800000u | m, 0xBF800000u);
    uint32_t a = sf_mad(d, g->scale, g->offset);
    unsigned fn = g->fog >> 1 & 3;
    uint32_t e;
    if (fn == 0)
        e = sf_add(0x3F800000u, a ^ 0x80000000u);
    else if (fn == 1)
        e = sf_ex2(a ^ 0x80000000u);
    else
        e = sf_ex2(sf_mul(a, a) ^ 0x80000000u);
    uint32_t f = sf_min(sf_max(e, 0), 0x3F800000u);
    uint32_t v = sf_add(sf_mad(f, 0x447FC000u, 0x3F000000u), 0x4B000000u);
    return v & 0x3FF;
}

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
    ((fg *)h)->z16 = 1;
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
    uint64_t q[4] = { p->qf_argb, p->qf_argb1, p->qf_argb2, p->qf_argb3 };
    if (g->fog & 1) {
        unsigned fac = (g->fog >> 1 & 3) == 3 ? g->factor : fog_factor(g, p->qf_z);
        for (int t = 0; t < 4; t++)
            q[t] = (q[t] & 0xFFFF000000000000ull) | fogc(q[t] >> 32 & 0xFFFF, g->fr, fac) << 32 |
                   fogc(q[t] >> 16 & 0xFFFF, g->fgr, fac) << 16 | fogc(q[t] & 0xFFFF, g->fb, fac);
    }
    p->frag_argb = f ? p->ff_argb : q[0];
    p->frag_tw = f ? 1 : p->qf_tw;
    p->frag_argb1 = f ? 0 : q[1];
    p->frag_argb2 = f ? 0 : q[2];
    p->frag_argb3 = f ? 0 : q[3];
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
    if (p->w_valid && p->w_addr == 0x4294)
        g->scale = (uint32_t)p->w_data;
    if (p->w_valid && p->w_addr == 0x4298)
        g->offset = (uint32_t)p->w_data;
    if (p->w_valid && p->w_addr == 0x4F10)
        g->z16 = (p->w_data & 0xE) == 0;
}

const rc_side_ops r5xx_gfx3d_fg_glue = {
    .kind = "glue", .create = fg_create, .destroy = fg_destroy, .reset = fg_reset,
    .eval = fg_eval, .tick = fg_tick
};
