/*
 * gpu_bb.c - the register backbone (routing, WAIT_UNTIL, ISYNC_CNTL, scratch registers and their
 * write-back) and the memory arbiter of r5xx.gpu; docs/blocks/gpu.md, rtl/r5xx/gpu/r5xx_gpu_bb.sv
 * and r5xx_gpu_arb.sv.
 */
#include "gpu_bb.h"

#include <string.h>

unsigned gpu_route(uint32_t a)
{
    if ((a >= 0x0700 && a <= 0x07FF) || (a >= 0x1000 && a <= 0x13FF) || (a >= 0x15E0 && a <= 0x15FF))
        return GPU_DST_CP;
    if (a == 0x0040 || a == 0x0044 || a == 0x00F0 || a == 0x0E40 || a == 0x1720 || a == 0x1724 || a == 0x172C)
        return GPU_DST_RBBM;
    if ((a >= 0x1400 && a <= 0x15DF) || (a >= 0x1600 && a <= 0x16FF) || a == 0x1714 ||
        (a >= 0x17C0 && a <= 0x17E3) || a == 0x342C)
        return GPU_DST_2D;
    if ((a >= 0x1D00 && a <= 0x25FF) || (a >= 0x4000 && a <= 0x4FFF) || (a >= 0x9000 && a <= 0xBFFF))
        return GPU_DST_3D;
    return GPU_DST_UNK;
}

void gpu_bb_reset(gpu_bb *b)
{
    memset(b, 0, sizeof *b);
}

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

void gpu_bb_comb(gpu_bb *b, gpu_bb_io *io)
{
    uint32_t a = io->in_addr & 0xFFFF, d = io->in_data;
    unsigned dst = gpu_route(a), ok;
    if (dst == GPU_DST_2D)
        ok = io->g2_ready;
    else if (dst == GPU_DST_3D)
        ok = io->g3_ready;
    else if (a == 0x1720)
        ok = (!((d >> 14 | d >> 16) & 1) || io->idle2d) && (!((d >> 15 | d >> 17) & 1) || io->idle3d);
    else if (is_scratch(a))
        ok = !b->wbp && (!(b->isync >> 5 & 1) || (io->idle2d && io->idle3d));
    else
        ok = 1;
    io->log_valid = io->in_valid && ok;
    io->log_dst = io->log_valid ? dst : 0;
    io->in_ready = ok && io->log_ready;
    io->g2_valid = io->in_valid && dst == GPU_DST_2D && io->log_ready;
    io->g3_valid = io->in_valid && dst == GPU_DST_3D && io->log_ready;
    io->wb_valid = b->wbp;
    io->wb_addr = b->wbp ? b->wba : 0;
    io->wb_data = b->wbp ? b->wbd : 0;
    b->dst = dst;
    b->fire = io->in_valid && io->in_ready;
}

void gpu_bb_edge(gpu_bb *b, const gpu_bb_io *io)
{
    uint32_t a = io->in_addr & 0xFFFF, d = io->in_data;
    if (b->wbp && io->wb_ready)
        b->wbp = 0;
    if (!b->fire)
        return;
    if (a == 0x0770) {
        b->umsk = d & 0xFF;
        b->swap = d >> 16 & 3;
    }
    if (a == 0x0774)
        b->saddr = d & ~0x1Fu;
    if (a == 0x1724)
        b->isync = d & 0x3F;
    if (is_scratch(a) && (b->umsk >> (a >> 2 & 7) & 1)) {
        b->wbp = 1;
        b->wba = b->saddr + 4 * (a >> 2 & 7);
        b->wbd = swap32(d, b->swap);
    }
    if (b->dst == GPU_DST_UNK)
        b->unk = (b->unk + 1) & 0xFFFF;
}

void gpu_arb_reset(gpu_arb *a)
{
    memset(a, 0, sizeof *a);
    a->grant = 7;
}

unsigned gpu_arb_grant(gpu_arb *a, const unsigned v[6])
{
    a->grant = 7;
    if (a->hi)
        a->grant = 5;
    else
        for (unsigned k = 0; k < 6; k++)
            if (v[k]) {
                a->grant = k;
                break;
            }
    return a->grant;
}

unsigned gpu_arb_rsp_port(const gpu_arb *a, unsigned memrsp_valid)
{
    return memrsp_valid && a->n ? a->tag[a->rd] : 0;
}

void gpu_arb_edge(gpu_arb *a, unsigned push_port_plus1, unsigned take5, uint32_t hi_addr, unsigned we, uint32_t hi_data,
                  unsigned hi_be, unsigned memreq_ready, unsigned memrsp_valid, uint32_t rdata)
{
    int pop = memrsp_valid && a->n;
    if (pop && a->tag[a->rd] == 5) {
        if (!a->rhi)
            a->lo = rdata;
        a->rhi = !a->rhi;
    }
    if (take5) {
        a->hi = 1;
        a->ha = hi_addr;
        a->hwe = we;
        a->hd = we ? hi_data : 0;
        a->hbe = we ? hi_be : 0;
    } else if (a->hi && memreq_ready) {
        a->hi = 0;
    }
    if (push_port_plus1) {
        a->tag[a->wr] = push_port_plus1 - 1;
        a->wr = (a->wr + 1) % GPU_ARB_TAGS;
    }
    if (pop)
        a->rd = (a->rd + 1) % GPU_ARB_TAGS;
    a->n = a->n + (push_port_plus1 != 0) - pop;
}
