/*
 * gfx2d_math.h - the pure functions of the R5xx 2D engine (r5xx.gfx2d): ROP3, the settings-word
 * decoders, coordinate unpacking and the surface of a PITCH_OFFSET dword.  docs/blocks/r5xx.gfx2d.md
 * holds every decision; the RTL twins are in rtl/r5xx/gfx2d/r5xx_gfx2d.sv.
 */
#ifndef R5XX_GFX2D_MATH_H
#define R5XX_GFX2D_MATH_H

#include <stdint.h>

#include "tile_addr.h"

/* The 2D Type-3 opcodes (001:2041-2135). */
enum {
    GFX2D_PAINT = 0x91, GFX2D_BITBLT = 0x92, GFX2D_HOSTDATA_BLT = 0x94, GFX2D_POLYLINE = 0x95,
    GFX2D_POLYSCANLINES = 0x98, GFX2D_PAINT_MULTI = 0x9A, GFX2D_BITBLT_MULTI = 0x9B,
    GFX2D_TRANS_BITBLT = 0x9C, GFX2D_NOP = 0x10, GFX2D_NEXTCHAR = 0x19, GFX2D_PLY_NEXTSCAN = 0x1D,
    GFX2D_SET_SCISSORS = 0x1E
};

/* ROP3 (Microsoft definition): result bit i = bit ((P_i << 2) | (S_i << 1) | D_i) of the code. */
static inline uint32_t gfx2d_rop3(unsigned rop, uint32_t p, uint32_t s, uint32_t d)
{
    uint32_t r = 0;
    for (unsigned k = 0; k < 8; k++) {
        if (!(rop >> k & 1))
            continue;
        uint32_t pm = (k & 4) ? p : ~p, sm = (k & 2) ? s : ~s, dm = (k & 1) ? d : ~d;
        r |= pm & sm & dm;
    }
    return r;
}

static inline int gfx2d_rop_uses_s(unsigned rop) { return ((rop >> 2 ^ rop) & 0x33) != 0; }
static inline int gfx2d_rop_uses_d(unsigned rop) { return ((rop >> 1 ^ rop) & 0x55) != 0; }

/* log2 of the bytes per pixel of a DST_TYPE (GUI_CONTROL[11:8], 001:2224-2269); the reserved
 * codes 0, 1, 5, 10, 13 are treated as 32 bpp. */
static inline unsigned gfx2d_bpp_log2(unsigned dst_type)
{
    switch (dst_type & 15) {
    case 2: case 7: case 8: case 9: return 0;
    case 3: case 4: case 11: case 12: case 15: return 1;
    default: return 2;
    }
}

/* A brush or host-data colour as a pixel of a DST_TYPE.  The seed calls these RGBQUADs
 * (001:2638-2656), but every driver writes them already packed in the destination format
 * (xf86-video-ati RADEONPrepareSolid writes the X Pixel to DP_BRUSH_FRGD_CLR; the radeon DRM's
 * clear writes the packed clear colour into PAINT_MULTI): the drivers win (docs/blocks/r5xx.gfx2d.md,
 * D13).  The callers mask it to the pixel size. */
static inline uint32_t gfx2d_colour(uint32_t c, unsigned dst_type)
{
    (void)dst_type;
    return c;                     /* a pixel of the destination type, as drivers write it (D13) */
}

/* Body dwords of BRUSH_PACKET for a BRUSH_TYPE (001:2503-2633). */
static inline unsigned gfx2d_brush_dwords(unsigned type, unsigned bpp_log2)
{
    switch (type & 15) {
    case 0: return 4;
    case 1: return 3;
    case 6: return 3;
    case 7: return 2;
    case 10: return 16u << bpp_log2;
    case 13: case 14: return 1;
    default: return 0;
    }
}

/* A signed 14-bit coordinate (bits 13:0 of v; bits 15:14 are copies of bit 13). */
static inline int32_t gfx2d_sx14(uint32_t v)
{
    return (int32_t)((v & 0x3FFF) ^ 0x2000) - 0x2000;
}

/* The surface of a SRC/DST_PITCH_OFFSET dword: [31] micro-tiled, [30] macro-tiled, [29:22] pitch
 * in 64-byte units, [21:0] offset in 1 KB units (001:2411-2496). */
static inline r5xx_surface gfx2d_surface(uint32_t po, unsigned bpp_log2)
{
    r5xx_surface s;
    s.base = (po & 0x3FFFFFu) << 10;
    s.pitch = ((po >> 22 & 0xFFu) << 6) >> bpp_log2;
    s.bpp_log2 = bpp_log2;
    s.macro = po >> 30 & 1;
    s.micro = po >> 31 & 1;
    s.err = 0;
    return s;
}

#endif
