/*
 * r5xx_gpu_host.c - the C twin of rtl/r5xx/gpu/r5xx_gpu_host.sv: the host (MMIO) split of
 * r5xx.gpu (docs/blocks/r5xx.gpu.md, "Host writes").  The CP's ring registers 0x0700-0x071F to the CP,
 * every other address to the backbone ahead of the CP's own write, except that a CP write the
 * backbone has not taken keeps it until taken (the lock flop).  A glue module: its ports are
 * r5xx_gpu_host_ports (gpu_glue.h, from the RTL's port list).
 */
#include <stdlib.h>

#include "gpu_glue.h"

typedef struct host {
    int lock;   /* lock_q: the CP write offered last cycle was not taken */
} host;

static void *host_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(host));
}

static void host_reset(void *h, uint64_t *ports)
{
    (void)ports;
    ((host *)h)->lock = 0;
}

static int host_mmio(const host *s, const r5xx_gpu_host_ports *p)
{
    return p->host_valid && (p->host_addr & 0xFFE0) != 0x0700 && !s->lock;
}

static void host_eval(void *h, uint64_t *ports)
{
    const host *s = h;
    r5xx_gpu_host_ports *p = (r5xx_gpu_host_ports *)ports;
    int hcp = (p->host_addr & 0xFFE0) == 0x0700, mmio = host_mmio(s, p);
    p->cp_valid = (uint64_t)(p->host_valid && hcp);
    p->cp_addr = p->host_addr;
    p->cp_data = p->host_data;
    p->host_ready = hcp ? p->cp_ready : (uint64_t)(p->bb_ready && !s->lock);
    p->bb_valid = (uint64_t)(mmio || p->cw_valid);
    p->bb_addr = mmio ? p->host_addr : p->cw_addr;
    p->bb_data = mmio ? p->host_data : p->cw_data;
    p->cw_ready = (uint64_t)(!mmio && p->bb_ready);
}

static void host_tick(void *h, const uint64_t *ports)
{
    host *s = h;
    const r5xx_gpu_host_ports *p = (const r5xx_gpu_host_ports *)ports;
    s->lock = p->cw_valid && !host_mmio(s, p) && !p->bb_ready;
}

const rc_side_ops r5xx_gpu_host_glue = {
    .kind = "glue", .create = host_create, .destroy = free, .reset = host_reset,
    .eval = host_eval, .tick = host_tick
};
