/*
 * vgt_regs.c - the snooped registers of si.vgt and the pure index functions (vgt_regs.h).
 */
#include "vgt_regs.h"

int si_vgt_regs_write(si_vgt_regs *r, uint32_t addr, uint32_t d)
{
    switch (addr) {
    case SI_VGT_MAX_VTX_INDX: r->max_indx = d; break;
    case SI_VGT_MIN_VTX_INDX: r->min_indx = d; break;
    case SI_VGT_INDX_OFFSET: r->offset = d; break;
    case SI_VGT_MULTI_PRIM_IB_RESET_INDX: r->reset_indx = d; break;
    case SI_VGT_DMA_BASE_HI: r->base_hi = d & 0xFF; break;
    case SI_VGT_DMA_BASE: r->base_lo = d; break;
    case SI_VGT_DMA_SIZE: r->dma_size = d; break;
    case SI_VGT_DMA_MAX_SIZE: r->max_size = d; break;
    case SI_VGT_DMA_INDEX_TYPE: r->itype = d & 1; r->swap = (d >> 2) & 3; break;
    case SI_VGT_INDEX_TYPE: r->itype = d & 1; break;
    case SI_VGT_DMA_NUM_INSTANCES: r->ninst = d; break;
    case SI_VGT_NUM_INSTANCES: r->ninst = d; break;
    case SI_VGT_MULTI_PRIM_IB_RESET_EN: r->reset_en = d & 1; break;
    case SI_VGT_NUM_INDICES: r->num_indices = d; break;
    default: return 0;
    }
    return 1;
}

uint32_t si_vgt_swap(uint32_t d, uint32_t m)
{
    static const unsigned x[4] = { 0, 1, 3, 2 };
    uint32_t out = 0;
    for (unsigned a = 0; a < 4; a++)
        out |= ((d >> (8 * (a ^ x[m & 3]))) & 0xFFu) << (8 * a);
    return out;
}

uint32_t si_vgt_clamp(uint32_t x, uint32_t lo, uint32_t hi)
{
    uint32_t y = x < lo ? lo : x;
    return y > hi ? hi : y;
}
