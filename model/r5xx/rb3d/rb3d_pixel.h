/*
 * rb3d_pixel.h - the arithmetic of the R5xx colour backend (r5xx.rb3d): register state, the
 * decode of one fragment copy into a memory operation, and the computation of its write
 * (blend -> dither -> ROP -> channel mask -> pack -> endian swap).  Pure functions, no state:
 * the model (rb3d_model.c), the stimulus generator, the --png renderer and the unit tests use
 * them.  Every decision is in docs/blocks/r5xx.rb3d.md; the RTL twins are r5xx_rb3d_decode.sv and
 * r5xx_rb3d_pixel.sv.
 *
 * Colours are four 16-bit unorm channels (0 = 0.0, 0xFFFF = 1.0), packed as in ARGB16161616:
 * B [15:0], G [31:16], R [47:32], A [63:48].  Channel index c: 0 B, 1 G, 2 R, 3 A (the order of
 * the RB3D_COLOR_CHANNEL_MASK bits, 000:8863-8954).
 */
#ifndef R5XX_RB3D_PIXEL_H
#define R5XX_RB3D_PIXEL_H

#include <stdint.h>

#include "tile_addr.h"

/* Register byte addresses the block snoops (000:8203-9122). */
enum {
    RB3D_CCTL = 0x4E00,
    RB3D_BLENDCNTL = 0x4E04,
    RB3D_ABLENDCNTL = 0x4E08,
    RB3D_COLOR_CHANNEL_MASK = 0x4E0C,
    RB3D_CONSTANT_COLOR = 0x4E10,
    RB3D_ROPCNTL = 0x4E18,
    RB3D_COLOROFFSET0 = 0x4E28,    /* ..3: +4 each */
    RB3D_COLORPITCH0 = 0x4E38,     /* ..3: +4 each */
    RB3D_DITHER_CTL = 0x4E50,
    RB3D_DISCARD_SRC_PIXEL_LTE_THRESHOLD = 0x4EA0,
    RB3D_DISCARD_SRC_PIXEL_GTE_THRESHOLD = 0x4EA4
};

/* Register indices (the order of the RTL's register file and write queue). */
enum {
    RB3D_R_CCTL, RB3D_R_BLEND, RB3D_R_ABLEND, RB3D_R_CHMASK, RB3D_R_CONST, RB3D_R_ROP,
    RB3D_R_DITHER, RB3D_R_LTE, RB3D_R_GTE, RB3D_R_OFF0, RB3D_R_PITCH0 = RB3D_R_OFF0 + 4,
    RB3D_NREGS = RB3D_R_PITCH0 + 4
};

/* COLORFORMAT codes the block draws into (000:8833-8859); every other code drops fragments. */
enum {
    RB3D_FMT_ARGB1555 = 3, RB3D_FMT_RGB565 = 4, RB3D_FMT_ARGB2101010 = 5, RB3D_FMT_ARGB8888 = 6,
    RB3D_FMT_I8 = 9, RB3D_FMT_ARGB16161616 = 10, RB3D_FMT_ARGB4444 = 15
};

#define RB3D_ONE 0xFFFFu

typedef struct rb3d_regs {
    uint32_t r[RB3D_NREGS];
} rb3d_regs;

/* One pixel operation: what the decode stage hands to the rest of the pipeline. */
typedef struct rb3d_op {
    uint32_t addr;       /* the 64-bit memory word: pixel byte address & ~7 */
    unsigned lane;       /* byte offset of the pixel inside that word (pixel address & 7) */
    unsigned bytes;      /* the bytes of the word the pixel occupies in memory (after the swap) */
    unsigned fmt;        /* COLORFORMAT (a supported one) */
    unsigned endian;     /* COLORENDIAN */
    unsigned mask;       /* channel write mask, bit c = channel c enabled */
    unsigned rd;         /* 1: the write needs the destination: read it first */
    unsigned brd;        /* 1: the blender sees the destination (else it sees 0) */
    uint64_t argb;       /* the source colour */
} rb3d_op;

/* Registers: reset values (000:8203-9122: BLENDCNTL.READ_ENABLE = 1, the 16 channel-mask bits,
 * COLORFORMAT = 6, GTE threshold 0xFF per channel; fields with default "none" are 0), the
 * address decode (index or -1) and a write. */
void rb3d_regs_reset(rb3d_regs *r);
int rb3d_reg_index(uint32_t addr);
int rb3d_regs_write(rb3d_regs *r, uint32_t addr, uint32_t data);

/* Exact unorm16 product: round(a * b / 65535), halves up (docs/blocks/r5xx.rb3d.md "Arithmetic"). */
static inline uint32_t rb3d_mul16(uint32_t a, uint32_t b)
{
    uint32_t t = a * b + 32768u;
    return (t + (t >> 16)) >> 16;
}

/* Per-format facts: bytes per pixel as log2 (-1: unsupported), width and position of each
 * channel (width 0: the format has no such channel). */
int rb3d_fmt_bpp_log2(unsigned fmt);
unsigned rb3d_fmt_width(unsigned fmt, unsigned c);
unsigned rb3d_fmt_shift(unsigned fmt, unsigned c);
unsigned rb3d_fmt_channels(unsigned fmt);            /* bit c: the format stores channel c */

/* n-bit unorm -> 16-bit by bit replication, and back: truncate (top n bits) or round. */
uint32_t rb3d_expand(uint32_t v, unsigned n);
uint32_t rb3d_reduce(uint32_t v16, unsigned n, int round);

/* A stored pixel <-> four 16-bit channels.  Missing channels unpack as: alpha 1.0; I8 gives
 * (A, R, G, B) = (1.0, I, I, I).  pack() takes channel values already reduced to the format's
 * widths. */
uint64_t rb3d_unpack(unsigned fmt, uint64_t pix);
uint64_t rb3d_pack(unsigned fmt, const uint32_t ch[4]);

/* The bits of a pixel that belong to the channels in 'mask'. */
uint64_t rb3d_chanbits(unsigned fmt, unsigned mask);

/* COLORENDIAN swap of each 32-bit half of a 64-bit word (000:8826-8831, the CP's codes
 * 000:8014-8020): 0 none, 1 bytes in each 16 bits, 2 bytes in 32 bits, 3 16-bit halves.  Its
 * own inverse.  rb3d_swap_be applies the same byte permutation to 8 byte enables. */
uint64_t rb3d_swap(uint64_t w, unsigned mode);
unsigned rb3d_swap_be(unsigned be, unsigned mode);

/* Blend factors and the blender (RB3D_BLENDCNTL/ABLENDCNTL, 000:8248-8663). */
uint32_t rb3d_factor(unsigned code, int src_role, unsigned c, uint64_t src, uint64_t dst, uint32_t cconst);
uint64_t rb3d_blend(const rb3d_regs *r, uint64_t src, uint64_t dst);

/* The effective ROP2 truth table: RB3D_ROPCNTL ROP[11:8] if ROP_ENABLE[2], else 0xC (copy);
 * bit (s << 1 | d) of it is the result for source bit s and destination bit d (000:9104-9112). */
unsigned rb3d_rop2(const rb3d_regs *r);
uint64_t rb3d_rop(unsigned rop2, uint64_t s, uint64_t d);

/* Does the blend, as programmed, depend on the destination (by register codes only)? */
int rb3d_blend_uses_dst(const rb3d_regs *r);

/* The buffer written by copy 'k' of a fragment on MRT 'mrt', and the number of copies
 * (RB3D_CCTL.NUM_MULTIWRITES + 1, 000:8698-8709). */
unsigned rb3d_copies(const rb3d_regs *r);
unsigned rb3d_buffer(const rb3d_regs *r, unsigned mrt, unsigned k);

/* The effective RB3D_COLORPITCHn of buffer n (COLORFORMAT from buffer 0 unless
 * INDEPENDENT_COLORFORMAT_ENABLE) and its channel mask (MRT n's bits if
 * INDEPENDENT_COLOR_CHANNEL_MASK_ENABLE, else MRT 0's). */
uint32_t rb3d_pitch(const rb3d_regs *r, unsigned n);
unsigned rb3d_mask(const rb3d_regs *r, unsigned n);

/* Everything the decode and the write take from the registers, worked out once per register
 * state (the model rebuilds it when a register write is applied). */
typedef struct rb3d_cfg {
    struct {
        r5xx_surface surf;   /* RB3D_COLOROFFSETn with the effective RB3D_COLORPITCHn */
        unsigned fmt, ok;    /* COLORFORMAT, and whether the block draws into it */
        unsigned mask;       /* the channel mask, limited to the format's channels */
        unsigned endian;
        unsigned mask_rd;    /* a masked channel shares bytes with a written one: read */
    } buf[4];
    unsigned copies;
    unsigned ben;            /* ALPHA_BLEND_ENABLE */
    unsigned brd;            /* ALPHA_BLEND_ENABLE and READ_ENABLE */
    unsigned na0, na1;       /* SRC_ALPHA_0_NO_READ, SRC_ALPHA_1_NO_READ (with ALPHA_BLEND_ENABLE) */
    unsigned dsel, dge;      /* DISCARD_SRC_PIXELS: channels compared (0 off), >= rather than <= */
    uint32_t thr[4];         /* its threshold per channel, widened to 16 bits */
    unsigned uses;           /* the blend reads the destination (by its codes) */
    unsigned rop2, rop_d;    /* the effective ROP2 and whether it reads the destination */
    unsigned comb[4], sf[4], df[4];   /* blend control per channel */
    unsigned char fsel[4][2], fdsel[4][2];   /* the factors as (operand, invert): rb3d_pixel.c */
    uint32_t k[4];           /* constant colour per channel, widened */
    unsigned round[4];       /* dither per channel: 1 round, 0 truncate */
} rb3d_cfg;

void rb3d_cfg_make(const rb3d_regs *r, rb3d_cfg *cfg);

/* Decode one fragment copy for buffer n: 1 and *op filled, or 0 when it is dropped (unsupported
 * format, every channel of the format masked, DISCARD_SRC_PIXELS, SRC_ALPHA_0_NO_READ). */
int rb3d_decode_cfg(const rb3d_cfg *cfg, unsigned n, uint32_t x, uint32_t y, uint64_t argb, rb3d_op *op);
int rb3d_decode(const rb3d_regs *r, unsigned n, uint32_t x, uint32_t y, uint64_t argb, rb3d_op *op);

/* The write of an operation: 'rdata' is the 64-bit word read (ignored unless op->rd). */
void rb3d_write_cfg(const rb3d_cfg *cfg, const rb3d_op *op, uint64_t rdata, uint32_t *addr, uint64_t *wdata,
                    unsigned *be);
void rb3d_write(const rb3d_regs *r, const rb3d_op *op, uint64_t rdata, uint32_t *addr, uint64_t *wdata,
                unsigned *be);

#endif
