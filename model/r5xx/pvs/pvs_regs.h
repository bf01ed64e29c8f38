/*
 * pvs_regs.h - the registers and memories r5xx.pvs keeps from its register writes
 * (docs/blocks/r5xx.pvs.md, "Registers snooped", "Loader"): the code and constant memories
 * loaded through VAP_PVS_VECTOR_INDX_REG / DATA_REG / DATA_REG_128, the code window, the
 * constant window and the output vertex format.
 */
#ifndef PVS_REGS_H
#define PVS_REGS_H
#include <stdint.h>

#include "pvs_flow.h"
#include "pvs_isa.h"

#define PVS_VAP_CNTL 0x2080u
#define PVS_VAP_VF_CNTL 0x2084u
#define PVS_VAP_ALT_NUM_VERTICES 0x2088u
#define PVS_VAP_OUT_VTX_FMT_0 0x2090u
#define PVS_VAP_OUT_VTX_FMT_1 0x2094u
#define PVS_VECTOR_INDX_REG 0x2200u
#define PVS_VECTOR_DATA_REG 0x2204u
#define PVS_VECTOR_DATA_REG_128 0x2208u
#define PVS_STATE_FLUSH_REG 0x2284u
#define PVS_CODE_CNTL_0 0x22D0u
#define PVS_CONST_CNTL 0x22D4u
#define PVS_CODE_CNTL_1 0x22D8u

typedef struct pvs_regs {
    uint32_t code[PVS_NCODE][4];
    uint32_t cst[PVS_NCONST][4];
    unsigned indx;                 /* OCTWORD_OFFSET, 11 bits */
    unsigned dcnt;                 /* DATA_REG dword counter, 0..3 */
    unsigned qcnt;                 /* DATA_REG_128 dword counter, 0..3 */
    uint32_t qbuf[3];              /* DATA_REG_128 dwords 0..2 of the octword being assembled */
    unsigned first, last;          /* PVS_CODE_CNTL_0 PVS_FIRST_INST, PVS_LAST_INST */
    unsigned const_base, const_max; /* PVS_CONST_CNTL */
    uint32_t fmt0, fmt1;           /* VAP_OUT_VTX_FMT_0/1 */
    uint32_t no_render;            /* VAP_CNTL.VAP_NO_RENDER */
    unsigned num_slots;            /* VAP_CNTL.PVS_NUM_SLOTS (4 bits) */
    uint32_t alt_num;              /* VAP_ALT_NUM_VERTICES.NUM_VERTICES */
    pvs_fc_regs fc;                /* VAP_PVS_FLOW_CNTL_* */
} pvs_regs;

/* The vertices in flight of a PVS_NUM_SLOTS value: min(max(n, 1), 3) (docs/blocks/r5xx.pvs.md,
 * "Vertices in flight"). */
static inline unsigned pvs_nbank(unsigned num_slots)
{
    return num_slots == 0 ? 1u : num_slots > 3 ? 3u : num_slots;
}

/* The octword index after idx (the wraps of 001:4954-4976, decision 2). */
unsigned pvs_next_index(unsigned idx);
/* Apply one register write; returns the number of vertices of the draw it starts (a
 * VAP_VF_CNTL trigger, docs/blocks/r5xx.pvs.md "Draws"), 0 if it starts none. */
uint32_t pvs_regs_write(pvs_regs *r, uint32_t addr, uint32_t data);

/* The output slots of VAP_OUT_VTX_FMT_0/1: n slots; the component mask of slot s (what of its
 * written components is emitted) in mask[s]. */
unsigned pvs_out_slots(uint32_t fmt0, uint32_t fmt1, uint8_t mask[PVS_NOVM]);

#endif
