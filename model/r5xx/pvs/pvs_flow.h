/*
 * pvs_flow.h - PVS flow control (docs/blocks/r5xx.pvs.md, "Flow control"): the 16 JUMP / LOOP /
 * JSR slots of VAP_PVS_FLOW_CNTL_*, the 8-deep loop/subroutine stack, the loop index I0, and the
 * next instruction after the one at pc.
 */
#ifndef PVS_FLOW_H
#define PVS_FLOW_H
#include <stdint.h>

#define PVS_FC_SLOTS 16
#define PVS_FC_DEPTH 8
#define PVS_MAX_EXEC 4096

typedef struct pvs_fc_regs {
    uint32_t opc;                          /* VAP_PVS_FLOW_CNTL_OPC: 2 bits per slot */
    uint16_t act[PVS_FC_SLOTS], jmp[PVS_FC_SLOTS], last[PVS_FC_SLOTS], rtn[PVS_FC_SLOTS];  /* 10 bits */
    uint8_t init[PVS_FC_SLOTS], step[PVS_FC_SLOTS], repeat[PVS_FC_SLOTS];
    /* derived, not a register: bit pc set if a slot with a non-zero opcode activates at pc
     * (kept by pvs_fc_write; the slot search of pvs_flow_next runs only where one does) */
    uint32_t actmap[1024 / 32];
} pvs_fc_regs;

typedef struct pvs_flow {
    unsigned sp;                           /* stack entries in use, 0..8 */
    struct {
        unsigned loop;                     /* 1 loop, 0 subroutine */
        unsigned cnt, last, rtn, step;     /* count left (8 bits), addresses, step (8-bit two's complement) */
        int32_t saved;                     /* the loop index before the loop */
    } st[PVS_FC_DEPTH];
    unsigned nexec;                        /* instructions executed by the vertex (13 bits, saturating) */
} pvs_flow;

/* The register writes the flow control keeps (0 if addr is not one). */
int pvs_fc_write(pvs_fc_regs *r, uint32_t addr, uint32_t data);

/* After the instruction at pc: the next pc, or -1 when the program ends; updates the stack and
 * the loop index *i0. last_inst = PVS_LAST_INST. */
int pvs_flow_next(const pvs_fc_regs *r, pvs_flow *f, int32_t *i0, unsigned pc, unsigned last_inst);

#endif
