/*
 * tile_model.h - the register state of the r5xx.tile block (the surface registers it snoops
 * from the register backbone), shared by its model, its stimulus generator and its tests.
 */
#ifndef R5XX_TILE_MODEL_H
#define R5XX_TILE_MODEL_H

#include <stdint.h>

#include "tile_addr.h"

typedef struct r5xx_tile_regs {
    uint32_t cb_off[4], cb_pitch[4];                       /* RB3D_COLOROFFSETn, RB3D_COLORPITCHn */
    uint32_t zb_off, zb_pitch, zb_fmt;                     /* ZB_DEPTHOFFSET, ZB_DEPTHPITCH, ZB_FORMAT */
    uint32_t tx_off[16], tx_f0[16], tx_f1[16], tx_f2[16];  /* TX_OFFSET_n, TX_FORMAT0..2_n */
} r5xx_tile_regs;

/* The values after reset: 0, except COLORFORMAT = 6 in every RB3D_COLORPITCHn (000:8833). */
void r5xx_tile_regs_reset(r5xx_tile_regs *r);

/* A register write from the backbone; returns 1 if the address is one of the block's. */
int r5xx_tile_regs_write(r5xx_tile_regs *r, uint32_t addr, uint32_t data);

/* Surface codes of the frag channel: 0-3 colour buffer n, 4 depth buffer, 16-31 texture map
 * n-16; any other code gives no surface: base 0, pitch 0, linear at 4 bytes per pixel (as a
 * missing format), flagged R5XX_TILE_ERR_BADCFG. */
enum { R5XX_TILE_SURF_ZB = 4, R5XX_TILE_SURF_TX0 = 16 };
r5xx_surface r5xx_tile_select(const r5xx_tile_regs *r, unsigned surf);

#endif
