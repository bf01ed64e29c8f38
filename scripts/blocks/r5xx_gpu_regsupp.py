#!/usr/bin/env python3
"""r5xx_gpu_regsupp.py - write model/regdb/r5xx_supp.json, the register database supplement: registers
the R5xx chip needs that the seeds do not define (the 2D engine's, the scratch and wait registers,
the RBBM's).  Every fact (name, address, bit positions) comes from a public driver header and is
cited per register in its 'source'; the seed-derived model/regdb/r5xx.json is never touched.

    python3 scripts/blocks/r5xx_gpu_regsupp.py model/regdb/r5xx_supp.json

Standard library only; deterministic output.
"""
import json
import sys

RREG = 'Linux drivers/gpu/drm/radeon/radeon_reg.h'
R100D = 'Linux drivers/gpu/drm/radeon/r100d.h'
RV515D = 'Linux drivers/gpu/drm/radeon/rv515d.h'
XF86 = 'xf86-video-ati src/radeon_reg.h'
DRM = 'old radeon DRM shared-core/radeon_drv.h'
R5REG = 'Linux drivers/gpu/drm/radeon/r500_reg.h'
MESA = 'Mesa src/gallium/drivers/r300/r300_reg.h'
XF86C = 'xf86-video-ati src/radeon_exa_render.c, radeon_textured_videofuncs.c'


def f(name, hi, lo=None):
    return {'name': name, 'hi': hi, 'lo': hi if lo is None else lo, 'default': None, 'line': 0}


PO = [f('OFFSET', 21, 0), f('PITCH', 29, 22), f('TILE', 31, 30)]
YX = [f('X', 15, 0), f('Y', 31, 16)]
def e(fd, pairs):
    fd['enums'] = [list(p) for p in pairs]
    return fd


GMC = [f('SRC_PITCH_OFFSET_CNTL', 0), f('DST_PITCH_OFFSET_CNTL', 1), f('SRC_CLIPPING', 2),
       f('DST_CLIPPING', 3),
       e(f('BRUSH_DATATYPE', 7, 4), [(0, '8X8_MONO_FG_BG'), (1, '8X8_MONO_FG_LA'), (4, '1X8_MONO_FG_BG'),
                                     (5, '1X8_MONO_FG_LA'), (6, '32x1_MONO_FG_BG'), (7, '32x1_MONO_FG_LA'),
                                     (8, '32x32_MONO_FG_BG'), (9, '32x32_MONO_FG_LA'), (10, '8x8_COLOR'),
                                     (12, '1X8_COLOR'), (13, 'SOLID_COLOR'), (15, 'NONE')]),
       e(f('DST_DATATYPE', 11, 8), [(2, '8BPP_CI'), (3, '15BPP'), (4, '16BPP'), (5, '24BPP'), (6, '32BPP'),
                                    (7, '8BPP_RGB'), (8, 'Y8'), (9, 'RGB8'), (11, 'VYUY'), (12, 'YVYU'),
                                    (14, 'AYUV444'), (15, 'ARGB4444')]),
       e(f('SRC_DATATYPE', 13, 12), [(0, 'MONO_FG_BG'), (1, 'MONO_FG_LA'), (3, 'COLOR')]),
       f('BYTE_PIX_ORDER', 14), f('CONVERSION_TEMP', 15), f('ROP3', 23, 16),
       e(f('DP_SRC_SOURCE', 26, 24), [(2, 'MEMORY'), (3, 'HOST_DATA')]),
       f('3D_FCN_EN', 27), f('CLR_CMP_CNTL_DIS', 28), f('AUX_CLIP_DIS', 29), f('WR_MSK_DIS', 30),
       f('LD_BRUSH_Y_X', 31)]
SC = [f('X', 13, 0), f('Y', 29, 16)]
WAIT = [f('WAIT_CRTC_PFLIP', 0), f('WAIT_RE_CRTC_VLINE', 1), f('WAIT_FE_CRTC_VLINE', 2), f('WAIT_CRTC_VLINE', 3),
        f('WAIT_DMA_VID_IDLE', 8), f('WAIT_DMA_GUI_IDLE', 9), f('WAIT_CMDFIFO', 10), f('WAIT_OV0_FLIP', 11),
        f('WAIT_AGP_FLUSH', 13), f('WAIT_2D_IDLE', 14), f('WAIT_3D_IDLE', 15), f('WAIT_2D_IDLECLEAN', 16),
        f('WAIT_3D_IDLECLEAN', 17), f('WAIT_HOST_IDLECLEAN', 18), f('CMDFIFO_ENTRIES', 26, 20),
        f('WAIT_VAP_IDLE', 28), f('WAIT_BOTH_CRTC_PFLIP', 30), f('ENG_DISPLAY_SELECT', 31)]
ISYNC = [f('ISYNC_ANY2D_IDLE3D', 0), f('ISYNC_ANY3D_IDLE2D', 1), f('ISYNC_TRIG2D_IDLE3D', 2),
         f('ISYNC_TRIG3D_IDLE2D', 3), f('ISYNC_WAIT_IDLEGUI', 4), f('ISYNC_CPSCRATCH_IDLEGUI', 5)]
W32 = [f('DATA', 31, 0)]

# (name, block, addr, access, fields, source, array count, a list of instance names, or None)
REGS = [
    ('GEN_INT_CNTL', 'RBBM', 0x0040, 'R/W', W32, RREG + ': RADEON_GEN_INT_CNTL 0x0040', None),
    ('GEN_INT_STATUS', 'RBBM', 0x0044, 'R/W', [f('SW_INT', 25), f('SW_INT_FIRE', 26)],
     RREG + ': RADEON_GEN_INT_STATUS 0x0044; r100_fence_ring_emit writes RADEON_SW_INT_FIRE (1 << 26)', None),
    ('RBBM_SOFT_RESET', 'RBBM', 0x00F0, 'R/W', [f('SOFT_RESET_CP', 0), f('SOFT_RESET_HI', 1), f('SOFT_RESET_SE', 2),
                                               f('SOFT_RESET_RE', 3), f('SOFT_RESET_PP', 4), f('SOFT_RESET_E2', 5),
                                               f('SOFT_RESET_RB', 6), f('SOFT_RESET_HDP', 7)],
     RREG + ': RADEON_RBBM_SOFT_RESET 0x00f0, RADEON_SOFT_RESET_* bits 0-7', None),
    ('SCRATCH_UMSK', 'CP', 0x0770, 'R/W', [f('SCRATCH_UMSK', 7, 0), f('SCRATCH_SWAP', 17, 16)],
     R100D + ': R_000770_SCRATCH_UMSK, S_000770_SCRATCH_SWAP(x) << 16; r100_cp_init writes 0xff (eight registers)', None),
    ('SCRATCH_ADDR', 'CP', 0x0774, 'R/W', [f('SCRATCH_ADDR', 31, 5)],
     R100D + ': R_000774_SCRATCH_ADDR, S_000774_SCRATCH_ADDR(x) (((x) & 0x7FFFFFF) << 5)', None),
    ('RBBM_STATUS', 'RBBM', 0x0E40, 'R', [f('CMDFIFO_AVAIL', 6, 0), f('CP_CMDSTRM_BUSY', 16), f('GUI_ACTIVE', 31)],
     RREG + ': RADEON_RBBM_STATUS 0x0e40, RADEON_RBBM_FIFOCNT_MASK 0x7f, RADEON_RBBM_ACTIVE (1 << 31)', None),
    ('DST_OFFSET', '2D', 0x1404, 'R/W', W32, RREG + ': RADEON_DST_OFFSET 0x1404', None),
    ('DST_PITCH', '2D', 0x1408, 'R/W', W32, RREG + ': RADEON_DST_PITCH 0x1408', None),
    ('SRC_PITCH_OFFSET', '2D', 0x1428, 'R/W', PO,
     RREG + ': RADEON_SRC_PITCH_OFFSET 0x1428; xf86-video-ati RADEONGetPixmapOffsetPitch: (pitch / 64) << 22 | offset >> 10', None),
    ('DST_PITCH_OFFSET', '2D', 0x142C, 'R/W', PO,
     RREG + ': RADEON_DST_PITCH_OFFSET 0x142c, RADEON_DST_TILE_MACRO (1 << 30), RADEON_DST_TILE_MICRO (2 << 30)', None),
    ('SRC_Y_X', '2D', 0x1434, 'R/W', YX, RREG + ': RADEON_SRC_Y_X 0x1434; xf86-video-ati RADEONCopy writes (srcY << 16) | srcX', None),
    ('DST_Y_X', '2D', 0x1438, 'R/W', YX, RREG + ': RADEON_DST_Y_X 0x1438; xf86-video-ati RADEONSolid writes (y1 << 16) | x1', None),
    ('DST_HEIGHT_WIDTH', '2D', 0x143C, 'W', [f('WIDTH', 15, 0), f('HEIGHT', 31, 16)],
     RREG + ': RADEON_DST_HEIGHT_WIDTH 0x143c; xf86-video-ati RADEONSolid/RADEONCopy write (h << 16) | w last', None),
    ('DP_GUI_MASTER_CNTL', '2D', 0x146C, 'R/W', GMC,
     RREG + ': RADEON_DP_GUI_MASTER_CNTL 0x146c with RADEON_GMC_* (bits 0-3, 7:4, 11:8, 13:12, 14, 15, 23:16 ROP3, '
     '26:24 DP_SRC_SOURCE, 27, 28 CLR_CMP_CNTL_DIS, 29, 30 WR_MSK_DIS, 31 LD_BRUSH_Y_X)', None),
    ('BRUSH_Y_X', '2D', 0x1474, 'R/W', YX, RREG + ': RADEON_BRUSH_Y_X 0x1474', None),
    ('DP_BRUSH_BKGD_CLR', '2D', 0x1478, 'R/W', W32, RREG + ': RADEON_DP_BRUSH_BKGD_CLR 0x1478', None),
    ('DP_BRUSH_FRGD_CLR', '2D', 0x147C, 'R/W', W32, RREG + ': RADEON_DP_BRUSH_FRGD_CLR 0x147c', None),
    ('BRUSH_DATA[0-63]', '2D', 0x1480, 'R/W', W32, RREG + ': RADEON_BRUSH_DATA0 0x1480 ... RADEON_BRUSH_DATA63 0x157c', 64),
    ('DST_WIDTH_HEIGHT', '2D', 0x1598, 'W', [f('HEIGHT', 15, 0), f('WIDTH', 31, 16)],
     RREG + ': RADEON_DST_WIDTH_HEIGHT 0x1598', None),
    ('CLR_CMP_CNTL', '2D', 0x15C0, 'R/W', [f('CLR_CMP_FCN_SRC', 2, 0), f('CLR_CMP_FCN_DST', 10, 8), f('CLR_CMP_SRC', 25, 24)],
     RREG + ': RADEON_CLR_CMP_CNTL 0x15c0', None),
    ('CLR_CMP_CLR_SRC', '2D', 0x15C4, 'R/W', W32, RREG + ': RADEON_CLR_CMP_CLR_SRC 0x15c4', None),
    ('CLR_CMP_CLR_DST', '2D', 0x15C8, 'R/W', W32, RREG + ': RADEON_CLR_CMP_CLR_DST 0x15c8', None),
    ('CLR_CMP_MASK', '2D', 0x15CC, 'R/W', W32, RREG + ': RADEON_CLR_CMP_MASK 0x15cc', None),
    ('DP_SRC_FRGD_CLR', '2D', 0x15D8, 'R/W', W32, RREG + ': RADEON_DP_SRC_FRGD_CLR 0x15d8', None),
    ('DP_SRC_BKGD_CLR', '2D', 0x15DC, 'R/W', W32, RREG + ': RADEON_DP_SRC_BKGD_CLR 0x15dc', None),
    ('SCRATCH_REG[0-7]', 'CP', 0x15E0, 'R/W', W32,
     RREG + ': RADEON_SCRATCH_REG0 0x15e0 ... RADEON_SCRATCH_REG5 0x15f4; ' + DRM + ': RADEON_SCRATCHOFF(x) = offset + 4*(x)', 8),
    ('DP_CNTL', '2D', 0x16C0, 'R/W', [f('DST_X_LEFT_TO_RIGHT', 0), f('DST_Y_TOP_TO_BOTTOM', 1), f('DST_TILE', 4, 3)],
     RREG + ': RADEON_DP_CNTL 0x16c0, RADEON_DST_X_LEFT_TO_RIGHT (1 << 0), RADEON_DST_Y_TOP_TO_BOTTOM (1 << 1), RADEON_DP_DST_TILE_* (x << 3)', None),
    ('DP_DATATYPE', '2D', 0x16C4, 'R/W', [f('DP_DST_DATATYPE', 3, 0), f('HOST_BIG_ENDIAN_EN', 29)],
     RREG + ': RADEON_DP_DATATYPE 0x16c4, RADEON_HOST_BIG_ENDIAN_EN (1 << 29)', None),
    ('DP_MIX', '2D', 0x16C8, 'R/W', W32, RREG + ': RADEON_DP_MIX 0x16c8', None),
    ('DP_WRITE_MASK', '2D', 0x16CC, 'R/W', W32, RREG + ': RADEON_DP_WRITE_MASK 0x16cc; xf86-video-ati writes the planemask', None),
    ('DP_CNTL_XDIR_YDIR_YMAJOR', '2D', 0x16D0, 'R/W', [f('DST_Y_MAJOR', 2), f('DST_Y_DIR_TOP_TO_BOTTOM', 15), f('DST_X_DIR_LEFT_TO_RIGHT', 31)],
     RREG + ': RADEON_DP_CNTL_XDIR_YDIR_YMAJOR 0x16d0', None),
    ('DEFAULT_PITCH_OFFSET', '2D', 0x16E0, 'R/W', PO, RREG + ': RADEON_DEFAULT_OFFSET 0x16e0 (xf86-video-ati writes pitch64 << 22 into it: a pitch-offset word)', None),
    ('DEFAULT_SC_BOTTOM_RIGHT', '2D', 0x16E8, 'R/W', [f('DEFAULT_SC_RIGHT', 12, 0), f('DEFAULT_SC_BOTTOM', 28, 16)],
     RREG + ': RADEON_DEFAULT_SC_BOTTOM_RIGHT 0x16e8, RADEON_DEFAULT_SC_RIGHT_MAX (0x1fff << 0), RADEON_DEFAULT_SC_BOTTOM_MAX (0x1fff << 16)', None),
    ('SC_TOP_LEFT', '2D', 0x16EC, 'R/W', SC, RREG + ': RADEON_SC_TOP_LEFT 0x16ec', None),
    ('SC_BOTTOM_RIGHT', '2D', 0x16F0, 'R/W', SC, RREG + ': RADEON_SC_BOTTOM_RIGHT 0x16f0', None),
    ('SRC_SC_BOTTOM_RIGHT', '2D', 0x16F4, 'R/W', SC, RREG + ': RADEON_SRC_SC_BOTTOM_RIGHT 0x16f4', None),
    ('DSTCACHE_CTLSTAT', '2D', 0x1714, 'R/W', [f('DC_FLUSH', 1, 0), f('DC_FREE', 3, 2), f('DC_BUSY', 31)],
     RREG + ': RADEON_DSTCACHE_CTLSTAT 0x1714; xf86-video-ati RADEONDoneCopy writes RADEON_RB2D_DC_FLUSH_ALL 0xf', None),
    ('WAIT_UNTIL', 'RBBM', 0x1720, 'W', WAIT, RREG + ': RADEON_WAIT_UNTIL 0x1720 and its RADEON_WAIT_* bits', None),
    ('ISYNC_CNTL', 'RBBM', 0x1724, 'R/W', ISYNC, RV515D + ': ISYNC_CNTL 0x1724 and its ISYNC_* bits 0-5', None),
    ('RBBM_GUICNTL', 'RBBM', 0x172C, 'R/W', [f('HOST_DATA_SWAP', 1, 0)], RREG + ': RADEON_RBBM_GUICNTL 0x172c', None),
    ('HOST_DATA[0-7]', '2D', 0x17C0, 'W', W32, RREG + ': RADEON_HOST_DATA0 0x17c0 ... RADEON_HOST_DATA7 0x17dc', 8),
    ('HOST_DATA_LAST', '2D', 0x17E0, 'W', W32, RREG + ': RADEON_HOST_DATA_LAST 0x17e0', None),
    ('RB2D_DSTCACHE_CTLSTAT', '2D', 0x342C, 'R/W', [f('DC_FLUSH', 1, 0), f('DC_FREE', 3, 2), f('DC_BUSY', 31)],
     RREG + ': RADEON_RB2D_DSTCACHE_CTLSTAT 0x342c', None),
    # the 2D registers the kernel's pipe set-up writes (r300.c/r420.c r300_gpu_init, r520.c, rv515.c
    # rv515_ring_start): accepted by the 2D engine, no effect (docs/blocks/r5xx.gfx2d.md, "Driver registers")
    ('SRC_X_Y', '2D', 0x1590, 'W', [f('Y', 15, 0), f('X', 31, 16)],
     RREG + ': RADEON_SRC_X_Y 0x1590; the old radeon DRM radeon_cp_dispatch_swap writes (x << 16) | y', None),
    ('DST_X_Y', '2D', 0x1594, 'W', [f('Y', 15, 0), f('X', 31, 16)],
     RREG + ': RADEON_DST_X_Y 0x1594; the old radeon DRM radeon_cp_dispatch_swap writes (x << 16) | y', None),
    ('DST_PIPE_CONFIG', '2D', 0x170C, 'R/W', [f('PIPE_AUTO_CONFIG', 31)],
     R5REG + ': R300_DST_PIPE_CONFIG 0x170c, R300_PIPE_AUTO_CONFIG (1 << 31); written by r300_gpu_init, '
     'r420_pipes_init, rv515_ring_start', None),
    ('RB2D_DSTCACHE_MODE', '2D', 0x3428, 'R/W', [f('DC_AUTOFLUSH_ENABLE', 8), f('DC_DISABLE_IGNORE_PE', 17)],
     R5REG + ': R300_RB2D_DSTCACHE_MODE 0x3428, R300_DC_AUTOFLUSH_ENABLE (1 << 8), R300_DC_DC_DISABLE_IGNORE_PE '
     '(1 << 17); written by r300_gpu_init, r420_pipes_init', None),
    # 3D-path registers the drivers write that the R5xx guide (seed 000) does not list: the R300/R400
    # fragment-shader and rasterizer registers (xf86-video-ati's and Mesa r300g's R300/R400 paths),
    # the GA soft reset and the RV530 FG register.  The seed's R500 registers keep their addresses;
    # these name only addresses the seed leaves free (lookups consult the supplement there only).
    ('VAP_VSM_VTX_ASSM', 'VAP', 0x2184, 'R/W', [f('POS', 0), f('NORMAL', 1), f('COLOR', 2), f('TC0', 10), f('TC1', 11),
                                               f('TC2', 12), f('TC3', 13), f('TC4', 14), f('TC5', 15), f('TC6', 16),
                                               f('TC7', 17)],
     MESA + ': R300_VAP_VSM_VTX_ASSM 0x2184 with R300_INPUT_CNTL_POS/NORMAL/COLOR (bits 0-2), TC0-TC7 (bits 10-17); '
     'Mesa r300g writes it as the second word of a PACKET0 at R300_VAP_VTX_STATE_CNTL (0x2180)', None),
    ('R300_GB_VAP_RASTER_VTX_FMT_[0-1]', 'GB', 0x4000, 'R/W', W32,
     MESA + ': R300_GB_VAP_RASTER_VTX_FMT_0 0x4000, R300_GB_VAP_RASTER_VTX_FMT_1 0x4004', 2),
    ('GA_SOFT_RESET', 'GA', 0x429C, 'R/W', W32, MESA + ': R300_GA_SOFT_RESET 0x429c', None),
    ('R300_RS_IP_[0-3]', 'RS', 0x4310, 'R/W', [f('TEX_PTR', 5, 0), f('COL_PTR', 8, 6)],
     MESA + ': R300_RS_IP_0..3 0x4310-0x431C, R300_RS_TEX_PTR(x) << 0, R300_RS_COL_PTR(x) << 6; '
     'Linux r300_reg.h: R300_RS_INTERP_0..3; xf86-video-ati radeon_accel.c writes R300_RS_IP_0/1', 4),
    ('R300_US_CODE_OFFSET', 'US', 0x4608, 'R/W', [f('ALU_OFFSET', 5, 0), f('ALU_END', 11, 6), f('TEX_OFFSET', 17, 13),
                                                  f('TEX_END', 22, 18), f('TEX_OFFSET_MSB', 27, 24), f('TEX_END_MSB', 31, 28)],
     MESA + ': R300_US_CODE_OFFSET 0x4608, R300_PFS_CNTL_ALU_OFFSET/ALU_END/TEX_OFFSET/TEX_END shifts 0, 6, 13, 18; '
     'R400_PFS_CNTL_TEX_OFFSET_MSB/TEX_END_MSB shifts 24, 28', None),
    ('R300_US_CODE_ADDR_[0-3]', 'US', 0x4610, 'R/W', [f('ALU_START', 5, 0), f('ALU_SIZE', 11, 6)],
     MESA + ': R300_US_CODE_ADDR_0..3 0x4610-0x461C, R300_ALU_START_SHIFT 0, R300_ALU_SIZE_SHIFT 6; ' + XF86C, 4),
    ('R300_US_TEX_INST_[0-31]', 'US', 0x4620, 'R/W', [f('SRC_ADDR', 4, 0), f('DST_ADDR', 10, 6)],
     MESA + ': R300_US_TEX_INST_0 0x4620, R300_SRC_ADDR_SHIFT 0, R300_DST_ADDR_SHIFT 6; xf86-video-ati radeon_reg.h: '
     'R300_US_TEX_INST(x) (0x4620 + (x)*4), 32 words up to R300_US_OUT_FMT (0x46A4)', 32),
    ('R400_US_CODE_BANK', 'US', 0x46B8, 'R/W', [f('BANK', 3, 0), f('R390_MODE_ENABLE', 4)],
     MESA + ': R400_US_CODE_BANK 0x46b8, R400_BANK_MASK 0xf, R400_R390_MODE_ENABLE (1 << 4)', None),
    ('R400_US_CODE_EXT', 'US', 0x46BC, 'R/W', [f('ALU_OFFSET_MSB', 2, 0), f('ALU_SIZE_MSB', 5, 3)],
     MESA + ': R400_US_CODE_EXT 0x46bc, R400_ALU_OFFSET_MSB_SHIFT 0, R400_ALU_SIZE_MSB_SHIFT 3', None),
    ('R300_US_ALU_RGB_ADDR_[0-63]', 'US', 0x46C0, 'R/W', W32,
     MESA + ': R300_US_ALU_RGB_ADDR_0 0x46C0 (64 words to 0x47BC, then R300_US_ALU_ALPHA_ADDR_0)', 64),
    ('R300_US_ALU_ALPHA_ADDR_[0-63]', 'US', 0x47C0, 'R/W', W32, MESA + ': R300_US_ALU_ALPHA_ADDR_0 0x47C0', 64),
    ('R300_US_ALU_RGB_INST_[0-63]', 'US', 0x48C0, 'R/W', W32, MESA + ': R300_US_ALU_RGB_INST_0 0x48C0', 64),
    ('R300_US_ALU_ALPHA_INST_[0-63]', 'US', 0x49C0, 'R/W', W32, MESA + ': R300_US_ALU_ALPHA_INST_0 0x49C0', 64),
    ('R400_US_ALU_EXT_ADDR_[0-63]', 'US', 0x4AC0, 'R/W', W32,
     MESA + ': R400_US_ALU_EXT_ADDR_0 0x4ac0 "up to 63 (0x4bbc)"', 64),
    ('RV530_FG_ZBREG_DEST', 'FG', 0x4BE8, 'R/W', [f('PIPE_SELECT', 1, 0)],
     MESA + ': RV530_FG_ZBREG_DEST 0x4be8, RV530_FG_ZBREG_DEST_PIPE_SELECT_0/1 bits 0, 1', None),
    ('R300_PFS_PARAM', 'US', 0x4C00, 'R/W', W32,
     MESA + ': R300_PFS_PARAM_0_X 0x4C00 ... R300_PFS_PARAM_31_W 0x4DFC (32 constants x 4 words)',
     ['R300_PFS_PARAM_%d_%s' % (i, c) for i in range(32) for c in 'XYZW']),
    ('R300_RB3D_CMASK_OFFSET[0-3]', 'CB', 0x4E54, 'R/W', W32, MESA + ': R300_RB3D_CMASK_OFFSET0..3 0x4E54-0x4E60', 4),
    ('R300_RB3D_CMASK_PITCH[0-3]', 'CB', 0x4E64, 'R/W', W32, MESA + ': R300_RB3D_CMASK_PITCH0..3 0x4E64-0x4E70', 4),
    ('R300_RB3D_CMASK_WRINDEX', 'CB', 0x4E74, 'R/W', W32, MESA + ': R300_RB3D_CMASK_WRINDEX 0x4E74', None),
    ('R300_RB3D_CMASK_DWORD', 'CB', 0x4E78, 'R/W', W32, MESA + ': R300_RB3D_CMASK_DWORD 0x4E78', None),
    ('R300_RB3D_CMASK_RDINDEX', 'CB', 0x4E7C, 'R/W', W32, MESA + ': R300_RB3D_CMASK_RDINDEX 0x4E7C', None),
    ('R300_ZB_ZMASK_OFFSET', 'ZB', 0x4F30, 'R/W', W32, MESA + ': R300_ZB_ZMASK_OFFSET 0x4f30', None),
    ('R300_ZB_ZMASK_PITCH', 'ZB', 0x4F34, 'R/W', W32, MESA + ': R300_ZB_ZMASK_PITCH 0x4f34', None),
    ('R300_ZB_ZMASK_WRINDEX', 'ZB', 0x4F38, 'R/W', W32, MESA + ': R300_ZB_ZMASK_WRINDEX 0x4f38', None),
    ('R300_ZB_ZMASK_DWORD', 'ZB', 0x4F3C, 'R/W', W32, MESA + ': R300_ZB_ZMASK_DWORD 0x4f3c', None),
    ('R300_ZB_ZMASK_RDINDEX', 'ZB', 0x4F40, 'R/W', W32, MESA + ': R300_ZB_ZMASK_RDINDEX 0x4f40', None),
]


def main(argv):
    regs = []
    for name, block, addr, acc, fields, src, count in REGS:
        r = {'name': name, 'block': block, 'addr': '0x%x' % addr, 'access': acc, 'width': 32,
             'access_widths': '32', 'line': 0, 'source': src, 'fields': [dict(x) for x in fields]}
        if isinstance(count, list):                   # an array with explicit instance names
            r['array'] = {'count': len(count), 'names': count, 'stride': 4}
        elif count:
            r['array'] = {'count': count, 'first_index': 0, 'stride': 4}
        regs.append(r)
    db = {'comment': ['SUPPLEMENT to the seed-derived model/regdb/r5xx.json (which stays exactly as the seeds '
                      'give it): registers the R5xx chip needs that the seeds do not define.',
                      'Every entry names its public source in "source" (driver header and #define); '
                      'written by scripts/blocks/r5xx_gpu_regsupp.py; docs/blocks/r5xx.regs.md, "Supplement".'],
          'family': 'r5xx_supp', 'format': 1, 'generator': 'scripts/blocks/r5xx_gpu_regsupp.py',
          'seed': 'supplement', 'source': 'public driver headers (see each register)',
          'registers': regs}
    with open(argv[1], 'w', encoding='utf-8', newline='\n') as fh:
        json.dump(db, fh, indent=1, sort_keys=True)
        fh.write('\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
