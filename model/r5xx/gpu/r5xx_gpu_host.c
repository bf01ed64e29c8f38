/*
 * r5xx_gpu_host.c - the C twin of rtl/r5xx/gpu/r5xx_gpu_host.sv: the host (MMIO) split of
 * r5xx.gpu (docs/blocks/r5xx.gpu.md, "Host writes").  The CP's ring registers 0x0700-0x071F to the CP,
 * every other address to the backbone ahead of the CP's own write.  No state.  A glue module: its
 * ports are r5xx_gpu_host_ports (gpu_glue.h, from the RTL's port list).
 */
#include <stdlib.h>

#include "gpu_glue.h"

static void *host_create(const rc_side_config *cfg)
{
    (void)cfg;
    return malloc(1);
}

static void host_reset(void *h, uint64_t *ports)
{
    (void)h;
    (void)ports;
}

static void host_eval(void *h, uint64_t *ports)
{
    (void)h;
    r5xx_gpu_host_ports *p = (r5xx_gpu_host_ports *)ports;
    int hcp = (p->host_addr & 0xFFE0) == 0x0700, mmio = p->host_valid && !hcp;
    p->cp_valid = (uint64_t)(p->host_valid && hcp);
    p->cp_addr = p->host_addr;
    p->cp_data = p->host_data;
    p->host_ready = hcp ? p->cp_ready : p->bb_ready;
    p->bb_valid = (uint64_t)(mmio || p->cw_valid);
    p->bb_addr = mmio ? p->host_addr : p->cw_addr;
    p->bb_data = mmio ? p->host_data : p->cw_data;
    p->cw_ready = (uint64_t)(!mmio && p->bb_ready);
}

static void host_tick(void *h, const uint64_t *ports)
{
    (void)h;
    (void)ports;
}

const rc_side_ops r5xx_gpu_host_glue = {
    .kind = "glue", .create = host_create, .destroy = free, .reset = host_reset,
    .eval = host_eval, .tick = host_tick
};
