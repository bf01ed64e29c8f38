/*
 * tx_math.h - the arithmetic of the R5xx texture unit (r5xx.tx), pure functions without state:
 * the sampler registers, the coordinate-to-texel mapping of one axis (eight wrap modes, point
 * and bilinear), the texel formats decoded to 16-bit unsigned-normalised channels, the filter
 * and the conversion to binary32.  docs/blocks/r5xx.tx.md is the definition; the RTL twins are
 * rtl/r5xx/tx/r5xx_tx_axis.sv, r5xx_tx_texel.sv, r5xx_tx_filt.sv and r5xx_tx_u16f.sv.
 */
#ifndef R5XX_TX_MATH_H
#define R5XX_TX_MATH_H

#include <stdint.h>

#include "tile_addr.h"

/* Register byte addresses (000:11397-12014; TX_FORMAT0..2_0 and TX_OFFSET_0 are in tile_addr.h). */
enum {
    R5XX_TX_INVALTAGS = 0x4100,
    R5XX_TX_ENABLE = 0x4104,
    R5XX_TX_FILTER4 = 0x4110,
    R5XX_TX_FILTER0_0 = 0x4400,      /* ..15: +4 each */
    R5XX_TX_FILTER1_0 = 0x4440,
    R5XX_TX_CHROMA_KEY_0 = 0x4580,
    R5XX_TX_BORDER_COLOR_0 = 0x45C0
};

/* Error flags of a response (the rsp.err field). */
enum {
    R5XX_TX_ERR_FORMAT = 1u << 0,    /* a format this unit does not decode: no read, result 0 */
    R5XX_TX_ERR_TILE = 1u << 1,      /* the surface decoder's BADCFG or ALIGN (r5xx.tile.md) */
    R5XX_TX_ERR_NOTBUILT = 1u << 2,  /* TEX_COORD_TYPE 3, Filter4 or a reserved filter code:
                                        sampled as 2D, point (Filter4) or linear (reserved) */
    R5XX_TX_ERR_DISABLED = 1u << 3   /* TX_ENABLE bit clear: ARGB = 1,0,0,0, no read */
};

/* The registers of the block: every bit of every TX register, as written. */
typedef struct r5xx_tx_regs {
    uint32_t enable, filter4;
    uint32_t filter0[16], filter1[16], format0[16], format1[16], format2[16], offset[16];
    uint32_t chroma[16], border[16];
} r5xx_tx_regs;

/* A register write; returns 1 if the address is one of the block's (all reset to 0). */
int r5xx_tx_regs_write(r5xx_tx_regs *r, uint32_t addr, uint32_t data);

/* Texture width and height in texels (TXWIDTH/TXHEIGHT + 1 with their bit 11 in TX_FORMAT2). */
uint32_t r5xx_tx_width(uint32_t format0, uint32_t format2);
uint32_t r5xx_tx_height(uint32_t format0, uint32_t format2);

/* One axis of the coordinate mapping: texel indices i0 (and i1 = the next one, bilinear), each
 * with a border flag, and the 8-bit sub-texel fraction f (0 for point). */
typedef struct r5xx_tx_axis {
    uint32_t i0, i1;       /* indices inside [0, size - 1], where the texel is read */
    unsigned b0, b1;       /* 1: that texel is the border colour */
    unsigned f;            /* weight of i1 in 1/256 (bilinear), 0..255 */
} r5xx_tx_axis;

/* coord: binary32 bits; size 1..4096; mode: CLAMP_x code 0..7; lin: 1 bilinear, 0 point. */
r5xx_tx_axis r5xx_tx_map_axis(uint32_t coord, uint32_t size, unsigned mode, int lin);

/* D2: X = floor(coord * size * 256) exactly (mirror-once modes take |coord|), before the mode's
 * reduction; r5xx_tx_reduce_axis() is the rest of the mapping (reduction, texels, fraction). */
int64_t r5xx_tx_fix_coord(uint32_t coord, uint32_t size, unsigned mode);
r5xx_tx_axis r5xx_tx_reduce_axis(int64_t x, uint32_t size, unsigned mode, int lin);

/* D17: a cube map's face (0 +X, 1 -X, 2 +Y, 3 -Y, 4 +Z, 5 -Z) from the major axis of (s, t, r)
 * and the fixed-point face coordinates X = floor(256 size (sc / |ma| + 1) / 2) of both axes. */
void r5xx_tx_cube(uint32_t s, uint32_t t, uint32_t r, uint32_t w, uint32_t h, unsigned *face,
                  int64_t *xs, int64_t *xt);

/* Format classes (D5, D12, D13): decoded as fixed-point components, as 4:2:2 video, as floats,
 * or not decoded. */
enum { R5XX_TX_CLASS_NONE, R5XX_TX_CLASS_FIXED, R5XX_TX_CLASS_YUV, R5XX_TX_CLASS_FLOAT, R5XX_TX_CLASS_DXT };
unsigned r5xx_tx_class(unsigned txformat, unsigned msb);

/* Dwords per texel read: 2 for the 64-bit formats, DXT1 and ATI1N (MSB 1, code 5), 4 for 32f x4,
 * DXT3, DXT5 and ATI2N (31), else 1. */
unsigned r5xx_tx_dwords(unsigned txformat, unsigned msb);

/* D22: a texel of an ATI1N (two = 0: C0) or ATI2N (two = 1: C0, C1) block; sgn: SIGNED_COMP0-3
 * (bit k: channel block k is signed RGTC); returns the mask. */
unsigned r5xx_tx_ati(int two, unsigned sgn, const uint32_t *w, unsigned sub, int32_t comp[4]);

/* An n-bit component as a channel value v (the value is v / 65535): unsigned: floor(65536 c /
 * (2^n - 1)), 65535 for all ones (its bits repeated); signed (D11): two's complement, the
 * magnitude widened from n - 1 bits, the most negative value -65535. */
int32_t r5xx_tx_widen(uint32_t c, unsigned n, int sgn);

/* A fixed-format texel's components (channel values) and the mask of those the format has;
 * w: its dwords (two for format 14), off: its byte address & 3, sgn: SIGNED_COMP0-3. */
unsigned r5xx_tx_texel(unsigned txformat, unsigned sgn, const uint32_t *w, unsigned off, int32_t comp[4]);

/* A 4:2:2 texel (D13): C0 = Cr, C1 = Y, C2 = Cb, or R, G, B with YUV_TO_RGB; mask 7. */
unsigned r5xx_tx_yuv(uint32_t format1, uint32_t word, unsigned off, int32_t comp[4]);

/* A texel of a DXT1/3/5 block (D14): w the block's dwords, sub = 4 (y mod 4) + x mod 4;
 * comp C0 = B, C1 = G, C2 = R, C3 = A (8-bit values, * 257). */
unsigned r5xx_tx_dxt(unsigned txformat, const uint32_t *w, unsigned sub, int32_t comp[4]);

/* v / 65535 as binary32, truncated (|v| < 2^19; 65535 gives 1.0). */
uint32_t r5xx_tx_v2f(int32_t v);
uint32_t r5xx_tx_u16f(unsigned v);

/* binary16 to binary32 (exact; NaN canonical 0x7FC00000). */
uint32_t r5xx_tx_h2f(uint32_t h);

/* Everything a response needs once the texels are read. */
typedef struct r5xx_tx_sample {
    uint32_t word[16];      /* the dwords read, texel by texel (T0 = (i0,j0), T1 = (i1,j0),
                               T2 = (i0,j1), T3 = (i1,j1)), dpt per texel; 0 when not read */
    unsigned off[4];        /* byte address & 3 of texel k */
    unsigned sub[4];        /* DXT: the texel within its block, 4 (y mod 4) + x mod 4 */
    unsigned border[4];     /* texel k is the border colour */
    unsigned fs, ft;        /* sub-texel fractions, 0 for point */
} r5xx_tx_sample;

/* D6: the four channel values V (R, G, B, A; before the conversion) of a sample of a fixed,
 * 4:2:2 or DXT format. */
void r5xx_tx_filter_v(const r5xx_tx_regs *r, unsigned n, const r5xx_tx_sample *smp, int32_t v[4]);

/* D20: POW2FIX2FLT applies (TX_FORMAT2[17] with X8, Y8X8 or W8Z8Y8X8); v / 65536 exactly. */
int r5xx_tx_pow2(const r5xx_tx_regs *r, unsigned n);
uint32_t r5xx_tx_p2f(int32_t v);

/* D6/D20: a channel value as binary32 (v / 65535 truncated, or v / 65536 with POW2FIX2FLT). */
uint32_t r5xx_tx_cvt(const r5xx_tx_regs *r, unsigned n, int32_t v);

/* D19: TX_OFFSET.ENDIAN_SWAP of a dword read (0 none, 1 16-bit, 2 32-bit, 3 half-dword swap). */
uint32_t r5xx_tx_swap(uint32_t w, unsigned code);

/* D18: the blend of two passes: floor(((256 - g) v0 + g v1 + 128) / 256). */
int32_t r5xx_tx_blend(int32_t v0, int32_t v1, unsigned g);

/* The four output channels R, G, B, A as binary32 of a sample of sampler n. */
void r5xx_tx_filter(const r5xx_tx_regs *r, unsigned n, const r5xx_tx_sample *smp, uint32_t out[4]);

/* The address stage of a request: everything decided before the reads. */
typedef struct r5xx_tx_plan {
    unsigned npass;         /* D18: 1, or 2 (trilinear, or linear across the slices of a 3D texture) */
    unsigned g;             /* weight of pass 1 in 1/256 (npass 2) */
    unsigned nread;         /* dword reads: texels (0, 1 point, 4 bilinear) x dpt */
    unsigned dpt;           /* dwords per texel: read at (addr[k] & ~3) + 4 j */
    uint32_t addr[4];       /* byte address of texel k */
    r5xx_tx_sample smp;     /* words zero; border flags, offsets, fractions */
    unsigned err;           /* R5XX_TX_ERR_* */
} r5xx_tx_plan;

/* D8: floor(x * 256) of a binary32, saturated to [-8192, 8191] (0 for NaN, zero, denormal). */
int32_t r5xx_tx_l256(uint32_t x);

/* D24: sf_lg2 of rho = sf_max of |dsdx| W, |dtdx| H, |dsdy| W, |dtdy| H (d = dsdx, dtdx, dsdy,
 * dtdy as binary32; W, H the level-0 size as exact binary32; sf_mul). */
uint32_t r5xx_tx_rho_lg2(const uint32_t d[4], uint32_t w, uint32_t h);

/* D8, D24: lambda of sampler n in 1/256 level: lmode 1 l256(lod); else (grad ? l256(lg2 rho) : 0)
 * + (lmode 2 ? l256(lod) : 0); plus 8 * TX_FILTER1.LOD_BIAS (s4.5). */
int32_t r5xx_tx_lambda(const r5xx_tx_regs *r, unsigned n, uint32_t lod, unsigned lmode, unsigned grad,
                       const uint32_t d[4]);

/* pass: 0 or 1 (D18: the second level or slice of a two-pass sample); grad, d: D24. */
r5xx_tx_plan r5xx_tx_plan_request(const r5xx_tx_regs *r, unsigned n, uint32_t s, uint32_t t, uint32_t rr,
                                  uint32_t lod, unsigned lmode, unsigned grad, const uint32_t d[4],
                                  unsigned pass);

/* D21: the texels k (bit k) that match the chroma key (CHROMA_KEY_MODE 1 or 2, a fixed format of
 * at most 32 bits, not a border texel); 0 otherwise. */
unsigned r5xx_tx_key_mask(const r5xx_tx_regs *r, unsigned n, const r5xx_tx_sample *smp);

/* D21: the kill bit of a planned request whose words are filled in: CHROMA_KEY_MODE 1 and a texel
 * the filter reads (T0 for point, T0-T3 for bilinear) matches the key (0 when nothing is read). */
unsigned r5xx_tx_kill(const r5xx_tx_regs *r, unsigned n, const r5xx_tx_plan *p);

/* The response of a planned request whose words are filled in (disabled and format errors
 * give their constant results); for the second pass of a two-pass sample, v0 is the first
 * pass's r5xx_tx_filter_v() (else unused). */
void r5xx_tx_result(const r5xx_tx_regs *r, unsigned n, const r5xx_tx_plan *p, const int32_t v0[4],
                    uint32_t out[4]);

#endif
