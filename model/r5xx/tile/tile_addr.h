/*
 * tile_addr.h - R5xx surface address generation: linear, micro-tiled and macro-tiled surfaces
 * of 8, 16 (8x2 and 4x4 "square" micro-tiles), 32, 64 and 128 bits per pixel (seed 001 ch. 2
 * and 4, 001:240-305 and 001:640-870), decoded from the register encodings of the colour
 * buffer (RB3D_COLOROFFSETn / RB3D_COLORPITCHn), the depth buffer (ZB_DEPTHOFFSET /
 * ZB_DEPTHPITCH / ZB_FORMAT) and the texture maps (TX_OFFSET_n / TX_FORMAT0..2_n).
 *
 * Pure functions, no state: the r5xx.tile block uses them, and so will the depth (ZB) and
 * colour (RB3D) backends.  Every layout decision the seeds leave open is in docs/blocks/r5xx.tile.md;
 * the RTL twin is rtl/r5xx/tile/r5xx_tile_addr.sv (and r5xx_tile_surf.sv for the decoders).
 */
#ifndef R5XX_TILE_ADDR_H
#define R5XX_TILE_ADDR_H

#include <stdint.h>

/* Register byte addresses the decoders read (000:8798-8859, 000:15062-15137, 000:11695-12004). */
enum {
    R5XX_RB3D_COLOROFFSET0 = 0x4E28,   /* ..3: +4 each */
    R5XX_RB3D_COLORPITCH0 = 0x4E38,    /* ..3: +4 each */
    R5XX_ZB_FORMAT = 0x4F10,
    R5XX_ZB_DEPTHOFFSET = 0x4F20,
    R5XX_ZB_DEPTHPITCH = 0x4F24,
    R5XX_TX_FORMAT0_0 = 0x4480,        /* ..15: +4 each */
    R5XX_TX_FORMAT1_0 = 0x44C0,
    R5XX_TX_FORMAT2_0 = 0x4500,
    R5XX_TX_OFFSET_0 = 0x4540
};

/* Micro-tile modes (COLORMICROTILE, DEPTHMICROTILE, TX_OFFSET.MICRO_TILE). */
enum { R5XX_MICRO_LINEAR = 0, R5XX_MICRO_TILED = 1, R5XX_MICRO_SQUARE = 2, R5XX_MICRO_RESERVED = 3 };

/* Error flags of a surface or a fragment (the `err` field of the r5xx.tile `addr` channel). */
enum {
    R5XX_TILE_ERR_BADCFG = 1u << 0,   /* no such layout (reserved format or mode, micro-tiled
                                         128 bpp, square micro-tile outside 16 bpp, unknown
                                         surface); addressed as linear/linear instead */
    R5XX_TILE_ERR_CLIENT = 1u << 1,   /* a layout the seed's client list excludes for this unit
                                         (001:254-262); addressed as programmed */
    R5XX_TILE_ERR_ALIGN = 1u << 2,    /* macro-tiled with a base not 2 KB aligned (001:754-760) */
    R5XX_TILE_ERR_RANGE = 1u << 3     /* fragment x at or beyond the pitch */
};

/* A decoded surface: everything the address function needs. */
typedef struct r5xx_surface {
    uint32_t base;       /* byte address of pixel (0,0); bits 4:0 are 0 */
    uint32_t pitch;      /* row length in pixels as programmed, 0..16384 */
    unsigned bpp_log2;   /* log2 of the bytes per pixel, 0..4 (8..128 bpp) */
    unsigned macro;      /* 1: macro-tiled (2 KB tiles of 8x8 micro-tiles) */
    unsigned micro;      /* R5XX_MICRO_LINEAR, _TILED or _SQUARE: the layout actually used */
    unsigned err;        /* R5XX_TILE_ERR_BADCFG / _CLIENT / _ALIGN found by the decoder */
} r5xx_surface;

/* Decoders from raw register values (bits a decoder does not use are ignored). */
r5xx_surface r5xx_surface_color(uint32_t coloroffset, uint32_t colorpitch);
r5xx_surface r5xx_surface_depth(uint32_t depthoffset, uint32_t depthpitch, uint32_t zb_format);
r5xx_surface r5xx_surface_texture(uint32_t tx_offset, uint32_t tx_format0, uint32_t tx_format1,
                                  uint32_t tx_format2);

/* log2 of the bytes per pixel of a format, or -1 for a format with no such size (reserved,
 * block-compressed or sub-byte). */
int r5xx_colorformat_bpp_log2(unsigned colorformat);
int r5xx_depthformat_bpp_log2(unsigned depthformat);
int r5xx_txformat_bpp_log2(unsigned txformat, unsigned txformat_msb);

/* log2 of the width and height in pixels of one tile: a micro-tile (macro = 0) or a macro-tile
 * (macro = 1), for a layout the surface decoders accept (micro-linear tiles are 32 bytes of one
 * row).  Widths and heights multiply to 32 bytes (micro) or 2,048 bytes (macro). */
void r5xx_tile_dims(unsigned bpp_log2, unsigned micro, unsigned macro, unsigned *w_log2, unsigned *h_log2);

/* The byte address of pixel (x, y) of surface s (modulo 2^32). */
uint32_t r5xx_tile_addr(const r5xx_surface *s, uint32_t x, uint32_t y);

/* The error flags of a fragment at (x, y): the surface's flags plus R5XX_TILE_ERR_RANGE. */
unsigned r5xx_tile_frag_err(const r5xx_surface *s, uint32_t x, uint32_t y);

#endif
