/*
 * vgt_regs.h - the registers si.vgt snoops (byte addresses from seed 002), their write, and the
 * two pure functions of the index path: the DMA swap and the clamp (docs/blocks/si.vgt.md).
 */
#ifndef SI_VGT_REGS_H
#define SI_VGT_REGS_H
#include <stdint.h>

enum {
    SI_VGT_MAX_VTX_INDX = 0x28400,
    SI_VGT_MIN_VTX_INDX = 0x28404,
    SI_VGT_INDX_OFFSET = 0x28408,
    SI_VGT_MULTI_PRIM_IB_RESET_INDX = 0x2840c,
    SI_VGT_DMA_BASE_HI = 0x287e4,
    SI_VGT_DMA_BASE = 0x287e8,
    SI_VGT_DRAW_INITIATOR = 0x287f0,
    SI_VGT_DMA_SIZE = 0x28a74,
    SI_VGT_DMA_MAX_SIZE = 0x28a78,
    SI_VGT_DMA_INDEX_TYPE = 0x28a7c,
    SI_VGT_DMA_NUM_INSTANCES = 0x28a88,
    SI_VGT_MULTI_PRIM_IB_RESET_EN = 0x28a94,
    SI_VGT_INDEX_TYPE = 0x3090c,
    SI_VGT_NUM_INDICES = 0x30930,
    SI_VGT_NUM_INSTANCES = 0x30934
};

typedef struct si_vgt_regs {
    uint32_t max_indx, min_indx, offset, reset_indx;
    uint32_t base_hi, base_lo;   /* base_hi[7:0], base_lo as written (bit 0 ignored) */
    uint32_t dma_size, max_size, num_indices, ninst;
    uint32_t itype;              /* bit 0: 32-bit indices */
    uint32_t swap;               /* SWAP_MODE */
    uint32_t reset_en;           /* bit 0 */
} si_vgt_regs;

/* Applies a write to a snooped register; 1 if the address is one, else 0 (ignored). */
int si_vgt_regs_write(si_vgt_regs *r, uint32_t addr, uint32_t data);
/* The dword as seen through SWAP_MODE m: byte A of the result is byte A ^ {0,1,3,2}[m]. */
uint32_t si_vgt_swap(uint32_t d, uint32_t m);
/* min(max(x, lo), hi), unsigned. */
uint32_t si_vgt_clamp(uint32_t x, uint32_t lo, uint32_t hi);
#endif
