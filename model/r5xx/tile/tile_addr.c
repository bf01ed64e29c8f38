/*
 * tile_addr.c - R5xx surface address generation (see tile_addr.h and docs/blocks/r5xx.tile.md).
 *
 * One formula covers every layout.  A surface is a grid of tiles, each tile one contiguous run
 * of memory, tiles stored row-major, each row of tiles ceil(pitch / tile width) tiles long:
 *   - macro-linear: a tile is one 32-byte micro-tile (001:240-262); micro-linear micro-tiles
 *     are 32/B x 1 pixels, so a row of them is the pitch rounded up to 32 bytes (001:648-652);
 *   - macro-tiled: a tile is a 2 KB macro-tile of 8x8 micro-tiles (001:270-305), each row of
 *     macro-tiles is a whole number of 2 KB (001:754-760);
 * inside a macro-tile the micro-tiles are row-major (decision, docs/blocks/r5xx.tile.md), inside a
 * micro-tile the pixels are row-major (decision).
 */
#include "tile_addr.h"

/* Bytes per pixel of each RB3D_COLORPITCHn.COLORFORMAT code (000:8833-8859), as log2. */
static const signed char color_bpp[16] = {
    3,   /* 0 ARGB10101010: four 10-bit components, each in 16 bits (decision) */
    2,   /* 1 UV1010: two 10-bit components, each in 16 bits (decision) */
    0,   /* 2 CI8 (2D only: flagged CLIENT) */
    1,   /* 3 ARGB1555 */
    1,   /* 4 RGB565 */
    2,   /* 5 ARGB2101010 */
    2,   /* 6 ARGB8888 */
    4,   /* 7 ARGB32323232 */
    -1,  /* 8 reserved */
    0,   /* 9 I8 */
    3,   /* 10 ARGB16161616 */
    1,   /* 11 YUV422 VYUY: 32 bits per two pixels */
    1,   /* 12 YUV422 YVYU */
    1,   /* 13 UV88 */
    1,   /* 14 I10: one 10-bit component in 16 bits (decision) */
    1    /* 15 ARGB4444 */
};

/* TX_FORMAT1.TXFORMAT (000:11737-11778), [0] with TX_FORMAT2.TXFORMAT_MSB = 0, [1] with it set. */
static const signed char tx_bpp[2][32] = {
    { 0, 1, 0, 1, 2, 0, 1, 1,      /* 8, 16, 4_4, 8_8, 16_16, 3_3_2, 5_6_5, 6_5_5 */
      2, 2, 1, 1, 2, 2, 3, -1,     /* 11_11_10, 10_11_11, 4_4_4_4, 1_5_5_5, 8_8_8_8, 2_10_10_10,
                                      16_16_16_16, reserved */
      -1, -1, 0, 2, 1, 1, 1, 2,    /* reserved, reserved, Y8, AVYU444, VYUY422, YVYU422,
                                      16_MPEG, 16_16_MPEG */
      1, 2, 3, 2, 3, 4, 2, -1 },   /* 16f, 16f_16f, 16f x4, 32f, 32f_32f, 32f x4, W24_FP,
                                      ATI2N (block-compressed) */
    { -1, -1, 1, 2, 3, -1, -1, -1, /* 1, 1_REVERSE (1 bit per texel), 10, 10_10, 10_10_10_10,
                                      ATI1N (block-compressed), then not listed */
      -1, -1, -1, -1, -1, -1, -1, -1,
      -1, -1, -1, -1, -1, -1, -1, -1,
      -1, -1, -1, -1, -1, -1, -1, -1 }
};

int r5xx_colorformat_bpp_log2(unsigned colorformat)
{
    return color_bpp[colorformat & 15];
}

int r5xx_depthformat_bpp_log2(unsigned depthformat)
{
    /* ZB_FORMAT.DEPTHFORMAT (000:15129-15137): 0 16-bit Z, 1 16-bit 13E3, 2 Z24S8, 3-15 reserved */
    switch (depthformat & 15) {
    case 0:
    case 1: return 1;
    case 2: return 2;
    default: return -1;
    }
}

int r5xx_txformat_bpp_log2(unsigned txformat, unsigned txformat_msb)
{
    return tx_bpp[txformat_msb & 1][txformat & 31];
}

void r5xx_tile_dims(unsigned bpp_log2, unsigned micro, unsigned macro, unsigned *w_log2, unsigned *h_log2)
{
    /* micro-tile height (log2): 8 bpp 8x4, 16 bpp 8x2 or 4x4, 32 bpp 4x2, 64 bpp 2x2 (001:252-262);
     * micro-linear tiles are one row of 32 bytes. */
    unsigned h = 0;
    if (micro == R5XX_MICRO_TILED)
        h = bpp_log2 == 0 ? 2 : bpp_log2 < 4 ? 1 : 0;
    else if (micro == R5XX_MICRO_SQUARE)
        h = 2;
    if (h + bpp_log2 > 5)                 /* not a layout (the decoders never produce it) */
        h = 0;
    unsigned w = 5 - bpp_log2 - h;        /* w * h * bytes = 32 */
    *w_log2 = w + (macro ? 3 : 0);        /* a macro-tile is 8x8 micro-tiles (001:284-286) */
    *h_log2 = h + (macro ? 3 : 0);
}

/* The common part of the three decoders: layout validity and alignment. */
static r5xx_surface finish(uint32_t base, uint32_t pitch, int bpp_log2, unsigned macro, unsigned micro,
                           unsigned err)
{
    r5xx_surface s;
    s.base = base & ~31u;
    s.pitch = pitch;
    s.bpp_log2 = bpp_log2 < 0 ? 2u : (unsigned)bpp_log2;
    s.macro = macro & 1;
    s.micro = micro & 3;
    if (bpp_log2 < 0 || s.micro == R5XX_MICRO_RESERVED ||
        (s.micro == R5XX_MICRO_SQUARE && s.bpp_log2 != 1) ||
        (s.micro == R5XX_MICRO_TILED && s.bpp_log2 == 4)) {
        err |= R5XX_TILE_ERR_BADCFG;
        err &= ~(unsigned)R5XX_TILE_ERR_CLIENT;
        s.macro = 0;
        s.micro = R5XX_MICRO_LINEAR;
    }
    if (s.macro && (s.base & 0x7FF))
        err |= R5XX_TILE_ERR_ALIGN;
    s.err = err;
    return s;
}

r5xx_surface r5xx_surface_color(uint32_t coloroffset, uint32_t colorpitch)
{
    /* RB3D_COLOROFFSETn[31:5] (000:8798-8802); RB3D_COLORPITCHn COLORPITCH[13:1] in pixels
     * (multiples of 2), COLORTILE[16], COLORMICROTILE[18:17], COLORFORMAT[24:21] (000:8806-8859) */
    unsigned fmt = (colorpitch >> 21) & 15, micro = (colorpitch >> 17) & 3;
    int bpp = r5xx_colorformat_bpp_log2(fmt);
    unsigned err = 0;
    if (fmt == 2 || (bpp == 3 && micro == R5XX_MICRO_TILED))
        err |= R5XX_TILE_ERR_CLIENT;    /* CI8 is 2D only; 64 bpp micro-tiles are tx/hdp only (001:262) */
    return finish(coloroffset, colorpitch & 0x3FFE, bpp, (colorpitch >> 16) & 1, micro, err);
}

r5xx_surface r5xx_surface_depth(uint32_t depthoffset, uint32_t depthpitch, uint32_t zb_format)
{
    /* ZB_DEPTHOFFSET[31:5] (000:15062-15065); ZB_DEPTHPITCH DEPTHPITCH[13:2] in pixels (multiples
     * of 4), DEPTHMACROTILE[16], DEPTHMICROTILE[18:17] (000:15069-15102); ZB_FORMAT[3:0] */
    unsigned micro = (depthpitch >> 17) & 3;
    int bpp = r5xx_depthformat_bpp_log2(zb_format & 15);
    unsigned err = 0;
    if (bpp == 1 && micro == R5XX_MICRO_TILED)
        err |= R5XX_TILE_ERR_CLIENT;    /* the 8x2 16-bit micro-tile is not a ZB layout (001:258) */
    return finish(depthoffset, depthpitch & 0x3FFC, bpp, (depthpitch >> 16) & 1, micro, err);
}

r5xx_surface r5xx_surface_texture(uint32_t tx_offset, uint32_t tx_format0, uint32_t tx_format1,
                                  uint32_t tx_format2)
{
    /* TX_OFFSET_n MACRO_TILE[2], MICRO_TILE[4:3], TXOFFSET[31:5] (000:11981-12004); the row length
     * is TX_FORMAT2.TXPITCH[13:0] + 1 when TX_FORMAT0.TXPITCH_EN[31], else the width
     * TXWIDTH[10:0] (bit 11 in TX_FORMAT2[15]) + 1 (000:11695-11722, 000:11937-11948) */
    uint32_t pitch;
    if (tx_format0 >> 31)
        pitch = (tx_format2 & 0x3FFF) + 1;
    else
        pitch = ((tx_format0 & 0x7FF) | (((tx_format2 >> 15) & 1) << 11)) + 1;
    int bpp = r5xx_txformat_bpp_log2(tx_format1 & 31, (tx_format2 >> 14) & 1);
    return finish(tx_offset, pitch, bpp, (tx_offset >> 2) & 1, (tx_offset >> 3) & 3, 0);
}

uint32_t r5xx_tile_addr(const r5xx_surface *s, uint32_t x, uint32_t y)
{
    unsigned mw, mh, tw, th;
    r5xx_tile_dims(s->bpp_log2, s->micro, 0, &mw, &mh);      /* micro-tile */
    tw = mw + (s->macro ? 3 : 0);                            /* the tile of the row-major grid */
    th = mh + (s->macro ? 3 : 0);
    uint32_t per_row = (s->pitch + (1u << tw) - 1) >> tw;    /* tiles per row of tiles */
    uint32_t tile = (y >> th) * per_row + (x >> tw);
    uint32_t off = tile << (s->macro ? 11 : 5);
    if (s->macro)                                            /* micro-tile within the macro-tile */
        off += ((((y >> mh) & 7) << 3) | ((x >> mw) & 7)) << 5;
    uint32_t inner = ((y & ((1u << mh) - 1)) << mw) | (x & ((1u << mw) - 1));
    return s->base + off + (inner << s->bpp_log2);
}

unsigned r5xx_tile_frag_err(const r5xx_surface *s, uint32_t x, uint32_t y)
{
    (void)y;   /* the registers give no height */
    return s->err | (x >= s->pitch ? R5XX_TILE_ERR_RANGE : 0u);
}
