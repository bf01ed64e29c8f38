/*
 * cp_regs.h - register addresses, PM4 fields and opcodes the R5xx CP model and its stimulus
 * generator share (seeds 000 ch. 10.1 and 001 ch. 5-6; see docs/blocks/r5xx.cp.md).
 */
#ifndef R5XX_CP_REGS_H
#define R5XX_CP_REGS_H

#include <stdint.h>

enum {
    CP_RB_BASE = 0x700,
    CP_RB_CNTL = 0x704,
    CP_RB_RPTR_ADDR = 0x70C,
    CP_RB_RPTR = 0x710,
    CP_RB_WPTR = 0x714,
    CP_RB_WPTR_DELAY = 0x718,
    CP_RB_RPTR_WR = 0x71C,
    CP_IB2_BASE = 0x730,
    CP_IB2_BUFSZ = 0x734,
    CP_IB_BASE = 0x738,
    CP_IB_BUFSZ = 0x73C,
    VAP_PORT_DATA0 = 0x2000,
    VAP_PORT_IDX0 = 0x2040,
    VAP_VF_CNTL = 0x2084,
    VAP_PORT_DATA_IDX_128 = 0x20B8,
    VAP_VTX_NUM_ARRAYS = 0x20C0
};

enum {
    PM4_NOP = 0x10,
    PM4_3D_DRAW_VBUF = 0x28,
    PM4_3D_DRAW_IMMD = 0x29,
    PM4_3D_DRAW_INDX = 0x2A,
    PM4_3D_LOAD_VBPNTR = 0x2F,
    PM4_3D_DRAW_VBUF_2 = 0x34,
    PM4_3D_DRAW_IMMD_2 = 0x35,
    PM4_3D_DRAW_INDX_2 = 0x36,
    PM4_3D_DRAW_128 = 0x39
};

enum { CP_ERR_OPCODE = 1, CP_ERR_RANGE = 2, CP_ERR_TRUNC = 4 };
enum { CP_STREAM_RING = 0, CP_STREAM_IB1 = 1, CP_STREAM_IB2 = 2 };

#define CP_VBPNTR_REGS 25   /* VAP_VTX_NUM_ARRAYS .. VAP_VTX_AOS_ADDR15: 0x20C0..0x2120 */

/* Type-3 opcodes the guide lists (001:2041-2135), plus 3D_CLEAR_ZMASK 0x32 and 3D_CLEAR_CMASK 0x38
 * that Mesa's r300 driver emits (docs/blocks/r5xx.cp.md); anything else is "unknown". */
static inline int cp_opcode_known(unsigned op)
{
    switch (op) {
    case 0x10: case 0x19: case 0x1D: case 0x1E: case 0x20: case 0x21: case 0x22: case 0x23:
    case 0x28: case 0x29: case 0x2A: case 0x2C: case 0x2F: case 0x33: case 0x34: case 0x35:
    case 0x32: case 0x36: case 0x37: case 0x38: case 0x39: case 0x3A: case 0x91: case 0x92: case 0x94: case 0x95:
    case 0x98: case 0x9A: case 0x9B: case 0x9C:
        return 1;
    default:
        return 0;
    }
}

/* Endian swap codes of CP_RB_CNTL.BUF_SWAP and CP_RB_RPTR_ADDR.RB_RPTR_SWAP (000:8014-8020). */
static inline uint32_t cp_swap(uint32_t v, unsigned mode)
{
    switch (mode & 3) {
    case 1: return ((v & 0x00FF00FFu) << 8) | ((v >> 8) & 0x00FF00FFu);
    case 2: return (v << 24) | ((v & 0xFF00u) << 8) | ((v >> 8) & 0xFF00u) | (v >> 24);
    case 3: return (v << 16) | (v >> 16);
    default: return v;
    }
}

/* The register (byte address) a Type-3 body dword i writes, or 0 for none. */
static inline unsigned cp_draw_reg(unsigned op, uint32_t i)
{
    switch (op) {
    case PM4_3D_DRAW_VBUF: return i == 1 ? VAP_VF_CNTL : 0;
    case PM4_3D_DRAW_IMMD: return i == 1 ? VAP_VF_CNTL : i >= 2 ? VAP_PORT_DATA0 : 0;
    case PM4_3D_DRAW_INDX: return i == 1 ? VAP_VF_CNTL : i >= 2 ? VAP_PORT_IDX0 : 0;
    case PM4_3D_DRAW_VBUF_2: return i == 0 ? VAP_VF_CNTL : 0;
    case PM4_3D_DRAW_IMMD_2: return i == 0 ? VAP_VF_CNTL : VAP_PORT_DATA0;
    case PM4_3D_DRAW_INDX_2: return i == 0 ? VAP_VF_CNTL : VAP_PORT_IDX0;
    case PM4_3D_DRAW_128: return i == 0 ? VAP_VF_CNTL : VAP_PORT_DATA_IDX_128;
    case PM4_3D_LOAD_VBPNTR: return i < CP_VBPNTR_REGS ? VAP_VTX_NUM_ARRAYS + 4 * i : 0;
    default: return 0;
    }
}

static inline uint32_t pm4_type0(unsigned base_index, unsigned count_minus_1, int one_reg)
{
    return ((uint32_t)(count_minus_1 & 0x3FFF) << 16) | (one_reg ? 0x8000u : 0) | (base_index & 0x1FFF);
}
static inline uint32_t pm4_type1(unsigned idx1, unsigned idx2)
{
    return 0x40000000u | ((uint32_t)(idx2 & 0x7FF) << 11) | (idx1 & 0x7FF);
}
static inline uint32_t pm4_type3(unsigned opcode, unsigned count_minus_1)
{
    return 0xC0000000u | ((uint32_t)(count_minus_1 & 0x3FFF) << 16) | ((opcode & 0xFF) << 8);
}

#endif
