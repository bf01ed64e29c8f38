/*
 * tile_model.c - the cycle-accurate C model of the R5xx surface address generator (r5xx.tile).
 * It follows the micro-architecture of docs/blocks/r5xx.tile.md: outputs are a function of the
 * state (tile_eval); tile_tick computes the state after the clock edge from the state before
 * it and the handshakes of the cycle.  The address arithmetic is tile_addr.c.
 */
#include <stdlib.h>
#include <string.h>

#include "r5xx_tile_ports.h"
#include "tile_addr.h"
#include "tile_model.h"

#define OUT_DEPTH 4   /* output queue entries; also the credit limit of S1 + queue */

typedef struct entry {
    uint32_t addr;
    unsigned size, err;
} entry;

typedef struct tile {
    r5xx_tile_regs regs;
    /* S1: the accepted fragment with its surface decoded */
    int s1_valid;
    uint32_t s1_x, s1_y;
    r5xx_surface s1_surf;
    /* the output queue */
    entry q[OUT_DEPTH];
    unsigned head, n;
} tile;

void r5xx_tile_regs_reset(r5xx_tile_regs *r)
{
    memset(r, 0, sizeof *r);
    for (unsigned i = 0; i < 4; i++)
        r->cb_pitch[i] = 6u << 21;           /* COLORFORMAT resets to 6, ARGB8888 (000:8833) */
}

int r5xx_tile_regs_write(r5xx_tile_regs *r, uint32_t addr, uint32_t data)
{
    if (addr >= R5XX_RB3D_COLOROFFSET0 && addr < R5XX_RB3D_COLOROFFSET0 + 16 && !(addr & 3))
        r->cb_off[(addr - R5XX_RB3D_COLOROFFSET0) >> 2] = data;
    else if (addr >= R5XX_RB3D_COLORPITCH0 && addr < R5XX_RB3D_COLORPITCH0 + 16 && !(addr & 3))
        r->cb_pitch[(addr - R5XX_RB3D_COLORPITCH0) >> 2] = data;
    else if (addr == R5XX_ZB_FORMAT)
        r->zb_fmt = data;
    else if (addr == R5XX_ZB_DEPTHOFFSET)
        r->zb_off = data;
    else if (addr == R5XX_ZB_DEPTHPITCH)
        r->zb_pitch = data;
    else if (addr >= R5XX_TX_FORMAT0_0 && addr < R5XX_TX_OFFSET_0 + 64 && !(addr & 3)) {
        unsigned i = (addr - R5XX_TX_FORMAT0_0) >> 2, map = i & 15;
        switch (i >> 4) {
        case 0: r->tx_f0[map] = data; break;
        case 1: r->tx_f1[map] = data; break;
        case 2: r->tx_f2[map] = data; break;
        default: r->tx_off[map] = data; break;
        }
    } else {
        return 0;
    }
    return 1;
}

r5xx_surface r5xx_tile_select(const r5xx_tile_regs *r, unsigned surf)
{
    if (surf < 4)
        return r5xx_surface_color(r->cb_off[surf], r->cb_pitch[surf]);
    if (surf == 4)
        return r5xx_surface_depth(r->zb_off, r->zb_pitch, r->zb_fmt);
    if (surf >= 16 && surf < 32) {
        unsigned m = surf - 16;
        return r5xx_surface_texture(r->tx_off[m], r->tx_f0[m], r->tx_f1[m], r->tx_f2[m]);
    }
    r5xx_surface z;                          /* a reserved code: no surface, as a missing format */
    memset(&z, 0, sizeof z);
    z.bpp_log2 = 2;
    z.err = R5XX_TILE_ERR_BADCFG;
    return z;
}

static void *tile_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(tile));
}

static int frag_ready(const tile *s)
{
    return (unsigned)s->s1_valid + s->n < OUT_DEPTH;
}

static void tile_eval(void *h, uint64_t *ports)
{
    const tile *s = h;
    r5xx_tile_ports *p = (r5xx_tile_ports *)ports;

    p->regw_ready = 1;
    p->frag_ready = (uint64_t)frag_ready(s);
    p->addr_valid = s->n != 0;
    if (s->n) {
        const entry *e = &s->q[s->head];
        p->addr_addr = e->addr;
        p->addr_size = e->size;
        p->addr_err = e->err;
    } else {
        p->addr_addr = p->addr_size = p->addr_err = 0;
    }
    p->idle = !s->s1_valid && s->n == 0;
}

static void tile_tick(void *h, const uint64_t *ports)
{
    tile *s = h;
    const r5xx_tile_ports *p = (const r5xx_tile_ports *)ports;
    int pop = p->addr_valid && p->addr_ready;
    int accept = p->frag_valid && frag_ready(s);

    /* S1 -> the output queue: the address of the fragment in S1. */
    if (s->s1_valid) {
        entry *e = &s->q[(s->head + s->n) % OUT_DEPTH];
        e->addr = r5xx_tile_addr(&s->s1_surf, s->s1_x, s->s1_y);
        e->size = s->s1_surf.bpp_log2;
        e->err = r5xx_tile_frag_err(&s->s1_surf, s->s1_x, s->s1_y);
        s->n++;
    }
    if (pop) {
        s->head = (s->head + 1) % OUT_DEPTH;
        s->n--;
    }
    /* The accepted fragment -> S1, decoded from the registers before this edge. */
    s->s1_valid = accept;
    if (accept) {
        s->s1_x = (uint32_t)p->frag_x;
        s->s1_y = (uint32_t)p->frag_y;
        s->s1_surf = r5xx_tile_select(&s->regs, (unsigned)p->frag_surf);
    }
    /* A register write takes effect for fragments accepted from the next edge on. */
    if (p->regw_valid)
        r5xx_tile_regs_write(&s->regs, (uint32_t)p->regw_addr, (uint32_t)p->regw_data);
}

static void tile_reset(void *h, uint64_t *ports)
{
    tile *s = h;
    memset(s, 0, sizeof *s);
    r5xx_tile_regs_reset(&s->regs);
    tile_eval(h, ports);
}

/* Skip-ahead hook (rc_side_ops.skip): idle and offered nothing, an edge changes nothing. */
static uint64_t tile_skip(void *h, const uint64_t *ports, uint64_t n)
{
    const tile *s = h;
    (void)ports;
    return !s->s1_valid && s->n == 0 ? n : 0;
}

const rc_side_ops r5xx_tile_model_ops = {
    .kind = "model", .create = tile_create, .destroy = free, .reset = tile_reset,
    .eval = tile_eval, .tick = tile_tick, .skip = tile_skip
};
