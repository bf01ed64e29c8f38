/*
 * zb_math.h - the R5xx depth and stencil arithmetic (r5xx.zb): the register state the block
 * snoops, the Z and stencil functions, the stencil operations and the whole per-fragment
 * update of one memory dword.  Pure functions, no state: the model (zb_model.c), the stimulus,
 * the --png pictures and the unit tests use them; the RTL twin is rtl/r5xx/zb/r5xx_zb_update.sv.
 * Every decision on a gap in the seeds is in docs/blocks/r5xx.zb.md.
 */
#ifndef R5XX_ZB_MATH_H
#define R5XX_ZB_MATH_H

#include <stdint.h>

#include "tile_addr.h"

/* Register byte addresses (000:14868-15389); ZB_FORMAT 0x4F10, ZB_DEPTHOFFSET 0x4F20 and
 * ZB_DEPTHPITCH 0x4F24 are R5XX_ZB_FORMAT etc. of tile_addr.h. */
enum {
    R5XX_ZB_CNTL = 0x4F00,
    R5XX_ZB_ZSTENCILCNTL = 0x4F04,
    R5XX_ZB_STENCILREFMASK = 0x4F08,
    R5XX_ZB_BW_CNTL = 0x4F1C,
    R5XX_ZB_ZPASS_DATA = 0x4F58,
    R5XX_ZB_ZPASS_ADDR = 0x4F5C,
    R5XX_ZB_STENCILREFMASK_BF = 0x4FD4
};

/* ZB_CNTL bits (000:14995-15048). */
enum {
    R5XX_ZB_STENCIL_ENABLE = 1u << 0,
    R5XX_ZB_Z_ENABLE = 1u << 1,
    R5XX_ZB_ZWRITEENABLE = 1u << 2,
    R5XX_ZB_ZSIGNED_COMPARE = 1u << 3,
    R5XX_ZB_STENCIL_FRONT_BACK = 1u << 4,
    R5XX_ZB_ZSIGNED_MAGNITUDE = 1u << 5,
    R5XX_ZB_STENCIL_REFMASK_FRONT_BACK = 1u << 6
};

/* ZB_BW_CNTL bits the block uses (000:14868-14991); all the others are ignored. */
enum {
    R5XX_ZB_ZEQUAL_OPTIMIZE_DISABLE = 1u << 7,
    R5XX_ZB_SEQUAL_OPTIMIZE_DISABLE = 1u << 8,
    R5XX_ZB_BMASK_DISABLE = 1u << 10
};

/* ZB_ZSTENCILCNTL.ZERO_OUTPUT_MASK (000:15361-15368). */
#define R5XX_ZB_ZERO_OUTPUT_MASK (1u << 27)

/* Compare functions (ZFUNC, STENCILFUNC, 000:15301-15330). */
enum { R5XX_ZB_NEVER, R5XX_ZB_LESS, R5XX_ZB_LEQUAL, R5XX_ZB_EQUAL, R5XX_ZB_GEQUAL, R5XX_ZB_GREATER,
       R5XX_ZB_NOTEQUAL, R5XX_ZB_ALWAYS };

/* Stencil operations (STENCILFAIL/ZPASS/ZFAIL, 000:15334-15342). */
enum { R5XX_ZB_KEEP, R5XX_ZB_ZERO, R5XX_ZB_REPLACE, R5XX_ZB_INCR_CLAMP, R5XX_ZB_DECR_CLAMP, R5XX_ZB_INVERT,
       R5XX_ZB_INCR_WRAP, R5XX_ZB_DECR_WRAP };

/* Error flags of a fragment (the `err` field of the pass channel): bits 3:0 are the r5xx.tile
 * flags of its address (R5XX_TILE_ERR_*), bit 4 says the depth format is not one the block
 * implements as such (13E3: processed as 16-bit integer Z; reserved: processed as Z24S8). */
#define R5XX_ZB_ERR_FORMAT (1u << 4)

/* The registers the block snoops, as written. */
typedef struct r5xx_zb_regs {
    uint32_t cntl, zsc, srm, srm_bf, fmt, doff, dpitch, bw;
    uint32_t zpass;                     /* ZB_ZPASS_DATA: the counter itself */
} r5xx_zb_regs;

/* One register write; returns 1 if the address is one of the block's (ZB_ZPASS_ADDR is
 * recognised but has no register state: the model turns it into a memory write). */
int r5xx_zb_regs_write(r5xx_zb_regs *r, uint32_t addr, uint32_t data);

/* A compare function on two keys: 'a FUNC b'. */
int r5xx_zb_compare(unsigned func, int32_t a, int32_t b);

/* The compare key of a depth value of 'bits' bits (16 or 24) under ZB_CNTL's ZSIGNED_COMPARE
 * and ZSIGNED_MAGNITUDE: unsigned, two's complement, or sign-magnitude (-0 == +0). */
int32_t r5xx_zb_zkey(uint32_t cntl, uint32_t z, unsigned bits);

/* A stencil operation on the old 8-bit value (before the write mask). */
unsigned r5xx_zb_stencil_op(unsigned op, unsigned old, unsigned ref);

/* The depth-buffer endian swap of a dword (DEPTHENDIAN 0 none, 1 bytes within each 16 bits,
 * 2 all four bytes, 3 the two 16-bit halves; each is its own inverse), and of 4 byte enables. */
uint32_t r5xx_zb_swap(uint32_t v, unsigned endian);
unsigned r5xx_zb_swap_be(unsigned be, unsigned endian);

/* 1 if a fragment needs the stored dword: Z_ENABLE, or STENCIL_ENABLE on a format with stencil. */
int r5xx_zb_needs_read(const r5xx_zb_regs *r);

/* 1 if the depth format has 16-bit pixels (DEPTHFORMAT 0 and 1); everything else is Z24S8. */
int r5xx_zb_is16(const r5xx_zb_regs *r);

/* The per-fragment update.  'mem' is the dword read at the pixel's dword address, 'half' bit 1
 * of the pixel's byte address (which 16-bit half, 16-bit formats), z and back the fragment's. */
typedef struct r5xx_zb_result {
    unsigned pass;       /* stencil and Z tests passed (before ZERO_OUTPUT_MASK): counted */
    unsigned we;         /* a write is needed */
    uint32_t wdata;      /* the new dword, as stored in memory (swapped) */
    unsigned be;         /* its byte enables, as stored in memory */
} r5xx_zb_result;
r5xx_zb_result r5xx_zb_update(const r5xx_zb_regs *r, uint32_t mem, unsigned half, uint32_t z, unsigned back);

#endif
