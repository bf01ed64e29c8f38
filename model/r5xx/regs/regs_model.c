/*
 * regs_model.c - the cycle-accurate C model of the R5xx register file (r5xx.regs), following
 * docs/blocks/r5xx.regs.md: register writes take effect at the edge they are accepted on; a read is
 * answered from the next cycle through a 2-entry FIFO; bus_ready is 1 unless the FIFO is full.
 * The register map (storage, masks, constants) is built at create time from the register
 * database by regs_map.c.
 */
#include <stdlib.h>
#include <string.h>

#include "r5xx_regs_ports.h"
#include "regs_map.h"

#define RD_DEPTH 2

typedef struct regs {
    regs_map *map;
    uint32_t *slot;             /* [map->nslots] */
    uint32_t *ram;              /* [map->ram_depth] */
    uint8_t *ram_valid;         /* [map->ram_depth] */
    uint32_t fifo_addr[RD_DEPTH], fifo_data[RD_DEPTH];
    unsigned head, n;
} regs;

static void regs_destroy(void *h)
{
    regs *s = h;
    if (!s)
        return;
    regs_map_free(s->map);
    free(s->slot);
    free(s->ram);
    free(s->ram_valid);
    free(s);
}

static void *regs_create(const rc_side_config *cfg)
{
    (void)cfg;
    regs *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->map = regs_map_build();
    if (!s->map) {
        free(s);
        return NULL;
    }
    s->slot = calloc(s->map->nslots ? s->map->nslots : 1, sizeof *s->slot);
    s->ram = calloc(s->map->ram_depth ? s->map->ram_depth : 1, sizeof *s->ram);
    s->ram_valid = calloc(s->map->ram_depth ? s->map->ram_depth : 1, 1);
    if (!s->slot || !s->ram || !s->ram_valid) {
        regs_destroy(s);
        return NULL;
    }
    return s;
}

/* The value a read of byte address addr returns, from the state before the edge. */
static uint32_t read_value(const regs *s, uint32_t addr)
{
    const regs_word *e = regs_map_at(s->map, addr);
    if (!e)
        return 0;                               /* not a dword address: unknown */
    if (e->slot >= 0)
        return s->slot[e->slot] | e->rconst;
    if (e->ram >= 0)
        return s->ram_valid[e->ram] ? (s->ram[e->ram] | e->rconst) : 0;
    return e->rconst;                           /* read-only constant, or 0 */
}

static void write_value(regs *s, uint32_t addr, uint32_t data)
{
    const regs_word *e = regs_map_at(s->map, addr);
    if (!e)
        return;
    if (e->slot >= 0) {
        s->slot[e->slot] = data & e->smask;
    } else if (e->ram >= 0) {
        s->ram[e->ram] = data & e->smask;
        s->ram_valid[e->ram] = 1;
    }
}

static void regs_eval(void *h, uint64_t *ports)
{
    const regs *s = h;
    r5xx_regs_ports *p = (r5xx_regs_ports *)ports;
    p->bus_ready = s->n < RD_DEPTH;
    p->rd_valid = s->n != 0;
    p->rd_addr = s->n ? s->fifo_addr[s->head] : 0;
    p->rd_data = s->n ? s->fifo_data[s->head] : 0;
    p->idle = s->n == 0;
}

static void regs_tick(void *h, const uint64_t *ports)
{
    regs *s = h;
    const r5xx_regs_ports *p = (const r5xx_regs_ports *)ports;
    int fire = p->bus_valid && s->n < RD_DEPTH;          /* bus_ready from the state before the edge */
    int pop = s->n != 0 && p->rd_ready;
    uint32_t addr = (uint32_t)p->bus_addr;

    if (fire && p->bus_we) {
        write_value(s, addr, (uint32_t)p->bus_data);
    } else if (fire) {
        unsigned tail = (s->head + s->n) % RD_DEPTH;
        s->fifo_addr[tail] = addr;
        s->fifo_data[tail] = read_value(s, addr);
        s->n++;
    }
    if (pop) {
        s->head = (s->head + 1) % RD_DEPTH;
        s->n--;
    }
}

static void regs_reset(void *h, uint64_t *ports)
{
    regs *s = h;
    if (s->map->nslots)
        memcpy(s->slot, s->map->slot_reset, s->map->nslots * sizeof *s->slot);
    if (s->map->ram_depth)
        memset(s->ram_valid, 0, s->map->ram_depth);
    s->head = s->n = 0;
    memset(s->fifo_addr, 0, sizeof s->fifo_addr);
    memset(s->fifo_data, 0, sizeof s->fifo_data);
    regs_eval(h, ports);
}

/* Skip-ahead hook (rc_side_ops.skip): with the read FIFO empty and no access offered, an edge
 * changes nothing, so any number of such cycles can be skipped. */
static uint64_t regs_skip(void *h, const uint64_t *ports, uint64_t n)
{
    (void)ports;
    return ((const regs *)h)->n == 0 ? n : 0;
}

const rc_side_ops r5xx_regs_model_ops = {
    .kind = "model", .create = regs_create, .destroy = regs_destroy, .reset = regs_reset, .eval = regs_eval, .tick = regs_tick,
    .skip = regs_skip
};
