/*
 * r5xx_gpu_bb.c - the C twin of rtl/r5xx/gpu/r5xx_gpu_bb.sv: the register backbone of r5xx.gpu
 * (routing, WAIT_UNTIL, ISYNC_CNTL, the scratch registers and their write-back; docs/blocks/r5xx.gpu.md,
 * "Register backbone"); a write reaches its destination before or when the log shows it (dn).
 * A glue module: its ports are r5xx_gpu_bb_ports (gpu_glue.h, from the
 * RTL's port list).
 */
#include <stdlib.h>
#include <string.h>

#include "gpu_glue.h"

enum { GPU_DST_UNK = 0, GPU_DST_CP = 1, GPU_DST_RBBM = 2, GPU_DST_2D = 3, GPU_DST_3D = 4 };

/* The routing table: the destination of a register byte address (test r5xx.gpu.route reads it). */
static unsigned gpu_route(uint32_t a)
{
    if ((a >= 0x0700 && a <= 0x07FF) || (a >= 0x1000 && a <= 0x13FF) || (a >= 0x15E0 && a <= 0x15FF))
        return GPU_DST_CP;
    if (a == 0x0040 || a == 0x0044 || a == 0x00F0 || a == 0x0E40 || a == 0x1720 || a == 0x1724 || a == 0x172C)
        return GPU_DST_RBBM;
    if ((a >= 0x1400 && a <= 0x15DF) || (a >= 0x1600 && a <= 0x16FF) || a == 0x170C || a == 0x1714 ||
        (a >= 0x17C0 && a <= 0x17E3) || a == 0x3428 || a == 0x342C)
        return GPU_DST_2D;
    if ((a >= 0x1D00 && a <= 0x25FF) || (a >= 0x4000 && a <= 0x4FFF) || (a >= 0x9000 && a <= 0xBFFF))
        return GPU_DST_3D;
    return GPU_DST_UNK;
}

typedef struct bb {
    uint32_t umsk, swap, saddr, isync, wbp, wba, wbd, unk;
    uint32_t dn;   /* dn_q: the offered write reached its destination, the log has not taken it */
} bb;

static int is_scratch(uint32_t a) { return a >= 0x15E0 && a <= 0x15FC && !(a & 3); }

/* SCRATCH_UMSK.SCRATCH_SWAP: the CP's swap codes */
static uint32_t swap32(uint32_t d, unsigned m)
{
    switch (m & 3) {
    case 1: return (d >> 8 & 0x00FF00FFu) | (d << 8 & 0xFF00FF00u);
    case 2: return d >> 24 | (d >> 8 & 0xFF00u) | (d << 8 & 0xFF0000u) | d << 24;
    case 3: return d >> 16 | d << 16;
    default: return d;
    }
}

/* dest_ok of the RTL: the offered write's destination takes it */
static unsigned dest_ok(const bb *b, const r5xx_gpu_bb_ports *p, unsigned dst)
{
    uint32_t a = (uint32_t)p->in_addr, d = (uint32_t)p->in_data;
    if (dst == GPU_DST_2D)
        return (unsigned)p->g2_ready;
    if (dst == GPU_DST_3D)
        return (unsigned)p->g3_ready;
    if (a == 0x1720)
        return (!((d >> 14 | d >> 16) & 1) || p->idle2d) && (!((d >> 15 | d >> 17) & 1) || p->idle3d);
    if (is_scratch(a))
        return !b->wbp && (!(b->isync >> 5 & 1) || (p->idle2d && p->idle3d));
    return 1;
}

static void *bb_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(bb));
}

static void bb_reset(void *h, uint64_t *ports)
{
    (void)ports;
    memset(h, 0, sizeof(bb));
}

static void bb_eval(void *h, uint64_t *ports)
{
    const bb *b = h;
    r5xx_gpu_bb_ports *p = (r5xx_gpu_bb_ports *)ports;
    unsigned dst = gpu_route((uint32_t)p->in_addr), ok = b->dn || dest_ok(b, p, dst);
    p->log_valid = p->in_valid && ok;
    p->log_addr = p->log_valid ? p->in_addr : 0;
    p->log_data = p->log_valid ? p->in_data : 0;
    p->log_dst = p->log_valid ? dst : 0;
    p->in_ready = ok && p->log_ready;
    p->g2_valid = p->in_valid && dst == GPU_DST_2D && !b->dn;
    p->g2_addr = p->in_addr;
    p->g2_data = p->in_data;
    p->g3_valid = p->in_valid && dst == GPU_DST_3D && !b->dn;
    p->g3_addr = p->in_addr;
    p->g3_data = p->in_data;
    p->wb_valid = b->wbp;
    p->wb_addr = b->wbp ? b->wba : 0;
    p->wb_data = b->wbp ? b->wbd : 0;
    p->unk = b->unk;
    p->idle = !b->wbp;
}

static void bb_tick(void *h, const uint64_t *ports)
{
    bb *b = h;
    const r5xx_gpu_bb_ports *p = (const r5xx_gpu_bb_ports *)ports;
    uint32_t a = (uint32_t)p->in_addr, d = (uint32_t)p->in_data;
    unsigned dst = gpu_route(a);
    unsigned ok = b->dn || dest_ok(b, p, dst);
    int fire = p->in_valid && ok && p->log_ready;
    if (b->wbp && p->wb_ready)
        b->wbp = 0;
    b->dn = p->in_valid && ok && !p->log_ready;
    if (!fire)
        return;
    uint32_t umsk = b->umsk, swap = b->swap, saddr = b->saddr;   /* the flops before this edge */
    if (a == 0x0770) {
        b->umsk = d & 0xFF;
        b->swap = d >> 16 & 3;
    }
    if (a == 0x0774)
        b->saddr = d & ~0x1Fu;
    if (a == 0x1724)
        b->isync = d & 0x3F;
    if (is_scratch(a) && (umsk >> (a >> 2 & 7) & 1)) {
        b->wbp = 1;
        b->wba = saddr + 4 * (a >> 2 & 7);
        b->wbd = swap32(d, swap);
    }
    if (dst == GPU_DST_UNK)
        b->unk = (b->unk + 1) & 0xFFFF;
}

const rc_side_ops r5xx_gpu_bb_glue = {
    .kind = "glue", .create = bb_create, .destroy = free, .reset = bb_reset,
    .eval = bb_eval, .tick = bb_tick
};
