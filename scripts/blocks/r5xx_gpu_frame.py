#!/usr/bin/env python3
"""r5xx_gpu_frame.py - the full-frame scene of r5xx.gpu (docs/blocks/r5xx.gpu.md, "The full frame").

  r5xx_gpu_frame.py STIMDIR     write STIMDIR/frame.stim ('rcosim gen --stimulus' makes the golden
                           vector vectors/r5xx/gpu/frame.vec.gz; scripts/regen-vectors does it)
  r5xx_gpu_frame.py --check VEC compare the golden vector with the independent reference: the 3D part
                           (every pix3d record, every RB3D colour write) with
                           scripts/blocks/r5xx_gfx3d_directed.py's chained reference() on the register
                           writes the CP delivers; the final colour buffer and the fence with
                           r5xx_gpu_directed.py's Ref (fills, scratch write-back) plus a HOSTDATA_BLT
                           of its own, run over the reference's colour writes
  r5xx_gpu_frame.py --regw      print the register writes the CP delivers for the scene, in stream
                           order ('addr data' hex), for the tests

One PM4 ring as a driver writes it: the CP started by MMIO with the RPTR write-back and the
scratch registers set up (r100_cp_init), then an indirect buffer holding the 3D part (Mesa r300
order: state by PACKET0, vertices by 3D_DRAW_IMMD_2, arrays by 3D_LOAD_VBPNTR with
3D_DRAW_INDX_2 and 3D_DRAW_VBUF_2), then on the ring WAIT_UNTIL 3D idle-clean (the switch to 2D),
the 2D overlay (a window by register-programmed solid fills as xf86-video-ati's Solid, its title
by HOSTDATA_BLT), and the fence: WAIT_UNTIL 2D|3D idle-clean, SCRATCH_REG1 = FENCE_SEQ.

The 3D part on a 320x240 ARGB8888 linear colour buffer at 0x01000000 and a Z24S8 linear depth
buffer at 0x02000000: clear colour and depth by a screen quad (Z function ALWAYS), then depth-
tested (LESS) Gouraud triangles: a red one in the stream, an interpenetrating green one from
vertex arrays through 16-bit indices, a blue pair auto-indexed from arrays (VBUF_2), and a yellow
one blended over them at half alpha; then the programmable path: the Mesa-r300g-style lit,
textured mesh of r5xx_gfx3d_mesh.py (vertex and fragment programs, two textures, IF/ELSE/ENDIF,
near-plane and user-plane clipping) in a 64x64 viewport, and a window composited as
xf86-video-ati's EXA Composite draws it (PictOpOver of a 48x40 a8r8g8b8 pixmap), and an Xv
textured-video rectangle (a 32x24 I420 frame upscaled to 40x30, xf86-video-ati's planar program).
The 2D overlay draws on the same surface.
Standard library only.
"""
import os
import struct
import sys

from rcosim_py import vector

from blocks import r5xx_gfx2d_directed as g2
from blocks import r5xx_gfx3d_directed as g3
from blocks import r5xx_gpu_directed as gd

HERE = os.path.dirname(os.path.abspath(__file__))

W, H = 320, 240
CBUF, ZBUF, VBUF = 0x01000000, 0x02000000, 0x00300000
FENCE_SEQ, FENCE_REG = 0x5EC0FFEE, 1
PKT0_3D_DRAW_IMMD_2, PKT_3D_DRAW_VBUF_2, PKT_3D_DRAW_INDX_2, PKT_3D_LOAD_VBPNTR = 0x35, 0x34, 0x36, 0x2F
HOSTDATA_BLT, SC_BOTTOM_RIGHT = 0x94, 0x16F0


def f32(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


class Frame:
    """The 3D writes as PACKET0s and draw packets in the IB, and the same writes as the CP
    delivers them (self.regw), for the tests and the reference."""
    def __init__(self, s):
        self.s, self.regw = s, []

    def w(self, addr, data):
        self.s.reg(addr, data & 0xFFFFFFFF, ring=self.s.ib)
        self.regw.append((addr, data & 0xFFFFFFFF))

    def seq(self, addr, vals, one=False):
        """One PACKET0 of several writes: consecutive registers from addr (REG_SEQ), or all to addr
        with ONE_REG_WR (bit 15; Mesa's OUT_CS_ONE_REG for the PVS and US uploads)."""
        vals = [v & 0xFFFFFFFF for v in vals]
        self.s.ib.append((len(vals) - 1) << 16 | (1 << 15 if one else 0) | addr >> 2)
        self.s.ib.extend(vals)
        self.regw += [(addr if one else addr + 4 * i, v) for i, v in enumerate(vals)]

    def pkt(self, op, body, regs):
        self.s.pkt3(op, [d & 0xFFFFFFFF for d in body], ring=self.s.ib)
        self.regw += regs

    def immd(self, prim, verts):
        cntl = prim | 3 << 4 | len(verts) << 16
        data = [f32(v) for (x, y, z, c) in verts for v in (x, y, z, 1.0) + tuple(c)]
        self.pkt(PKT0_3D_DRAW_IMMD_2, [cntl] + data, [(0x2084, cntl)] + [(0x2000, d) for d in data])


def state(f):
    f.w(0x2140, 0x100)                               # VAP_CNTL_STATUS: PVS_BYPASS (software TCL, r5xx.gfx3d.md G6)
    # VAP: position FLOAT_4 -> location 0, colour FLOAT_4 -> location 2 (colour 0), 8 dwords/vertex
    f.w(0x2150, 3 | (3 | 2 << 8 | 1 << 13) << 16)   # VAP_PROG_STREAM_CNTL_0
    f.w(0x21E0, 0xF688F688)                          # VAP_PROG_STREAM_CNTL_EXT_0
    f.w(0x20B4, 8)                                   # VAP_VTX_SIZE
    f.w(0x2090, 0x3)                                 # VAP_OUT_VTX_FMT_0: position, colour 0
    f.w(0x20B0, 0)                                   # VAP_VTE_CNTL: screen coordinates as given
    f.w(0x4018, 1 << 16)                             # GB_TILE_CONFIG
    f.w(0x428C, 1)                                   # GA_ROUND_MODE
    f.w(0x4278, 2 | 2 << 2 | 3 << 16)                # GA_COLOR_CONTROL: Gouraud
    f.w(0x42B8, 0)                                   # SU_CULL_MODE
    f.w(0x42C0, f32(16777215.0))                     # SU_DEPTH_SCALE
    f.w(0x42C4, 0)                                   # SU_DEPTH_OFFSET
    f.w(0x43A8, 0x2DA49525)                          # SC_EDGERULE
    f.w(0x43E0, 0)                                   # SC_SCISSOR0
    f.w(0x43E4, (W - 1) | (H - 1) << 13)             # SC_SCISSOR1
    f.w(0x43D0, 0xFFFF)                              # SC_CLIP_RULE
    f.w(0x4074, 0)                                   # RS_IP_0
    f.w(0x4320, 1 << 16)                             # RS_INST_0
    f.w(0x4BD4, 0)                                   # FG_ALPHA_FUNC
    f.w(0x4F10, 2)                                   # ZB_FORMAT: Z24S8
    f.w(0x4F20, ZBUF)                                # ZB_DEPTHOFFSET
    f.w(0x4F24, W)                                   # ZB_DEPTHPITCH: linear
    f.w(0x4E28, CBUF)                                # RB3D_COLOROFFSET0
    f.w(0x4E38, W | 6 << 21)                         # RB3D_COLORPITCH0: ARGB8888, linear
    f.w(0x4E04, 1 << 2)                              # RB3D_BLENDCNTL: off
    f.w(0x4E0C, 0xF)                                 # RB3D_COLOR_CHANNEL_MASK


def scene3d(f, s):
    state(f)
    f.w(0x4F00, 0x6)                                 # ZB_CNTL: Z enable, Z write
    f.w(0x4F04, 7)                                   # ZB_ZSTENCILCNTL: ZFUNC ALWAYS (the clear)
    top, bottom = (0.05, 0.07, 0.20, 1.0), (0.22, 0.32, 0.48, 1.0)
    f.immd(13, [(0, 0, 1.0, top), (W, 0, 1.0, top), (W, H, 1.0, bottom), (0, H, 1.0, bottom)])
    f.w(0x4F04, 1)                                   # ZFUNC LESS from here on
    f.immd(4, [(25.0, 20.0, 0.30, (1.0, 0.15, 0.10, 1.0)),
               (240.0, 60.0, 0.70, (0.90, 0.55, 0.10, 1.0)),
               (60.0, 210.0, 0.50, (0.60, 0.05, 0.25, 1.0))])
    # green: vertex arrays (position, colour) through 16-bit indices
    pos = [(40.0, 120.0, 0.80), (280.0, 40.0, 0.20), (220.0, 220.0, 0.45)]
    col = [(0.10, 0.80, 0.20, 1.0), (0.60, 1.00, 0.40, 1.0), (0.05, 0.45, 0.15, 1.0)]
    s.fill_mem(VBUF, [f32(v) for p in pos for v in p + (1.0,)])
    s.fill_mem(VBUF + 0x100, [f32(v) for c in col for v in c])
    vb = [2, 4 | 4 << 8 | 4 << 16 | 4 << 24, VBUF, VBUF + 0x100]
    f.pkt(PKT_3D_LOAD_VBPNTR, vb, [(0x20C0 + 4 * i, d) for i, d in enumerate(vb)])
    cntl = 4 | 1 << 4 | 3 << 16
    f.pkt(PKT_3D_DRAW_INDX_2, [cntl, 2 << 16 | 1, 0], [(0x2084, cntl), (0x2040, 2 << 16 | 1), (0x2040, 0)])
    # blue pair: auto-indexed triangle strip from arrays (VBUF_2)
    pos = [(150.0, 150.0, 0.35), (300.0, 130.0, 0.35), (170.0, 230.0, 0.25), (310.0, 225.0, 0.25)]
    col = [(0.20, 0.35, 0.95, 1.0), (0.45, 0.65, 1.00, 1.0), (0.10, 0.15, 0.60, 1.0), (0.30, 0.50, 0.90, 1.0)]
    s.fill_mem(VBUF + 0x200, [f32(v) for p in pos for v in p + (1.0,)])
    s.fill_mem(VBUF + 0x300, [f32(v) for c in col for v in c])
    vb = [2, 4 | 4 << 8 | 4 << 16 | 4 << 24, VBUF + 0x200, VBUF + 0x300]
    f.pkt(PKT_3D_LOAD_VBPNTR, vb, [(0x20C0 + 4 * i, d) for i, d in enumerate(vb)])
    cntl = 5 | 2 << 4 | 4 << 16
    f.pkt(PKT_3D_DRAW_VBUF_2, [cntl], [(0x2084, cntl)])
    # yellow, blended: GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, add
    f.w(0x4E04, 1 | 1 << 2 | 38 << 16 | 39 << 24)
    f.immd(4, [(120.0, 10.0, 0.10, (1.0, 0.95, 0.20, 0.5)),
               (300.0, 140.0, 0.10, (1.0, 1.00, 0.60, 0.5)),
               (140.0, 160.0, 0.10, (0.9, 0.80, 0.10, 0.5))])
    f.w(0x4E04, 1 << 2)


MESH_X, MESH_Y = 248, 8                             # the mesh's 64x64 viewport (top right)
MESH_VBUF, MESH_TBUF, WIN_TBUF, VID_TBUF = 0x00310000, 0x00320000, 0x00330000, 0x00340000
VID_X, VID_Y, VID_W, VID_H = 12, 12, 40, 30           # the video rectangle (a 32x24 I420 frame)
WIN_X, WIN_Y, WIN_W, WIN_H = 180, 178, 48, 40       # the composited window


def mesh3d(f, s):
    """The Mesa-r300g-style lit, textured mesh (scripts/blocks/r5xx_gfx3d_mesh.py, the gfx3d vector
    mesa_mesh) in a 64x64 viewport: its region cleared with the fixed path (colour and depth,
    ZFUNC ALWAYS), then hardware TCL, the vertex and fragment programs, two textures, the ground
    cut by the near plane and the cube by user plane 0, through 3D_LOAD_VBPNTR and 3D_DRAW_INDX_2."""
    from blocks import r5xx_gfx3d_mesh as mesh
    x0, y0, n = MESH_X, MESH_Y, mesh.SIZE
    f.w(0x4F04, 7)                                   # ZFUNC ALWAYS: the region's clear
    top, bottom = (0.35, 0.50, 0.78, 1.0), (0.70, 0.80, 0.92, 1.0)
    f.immd(13, [(x0, y0, 1.0, top), (x0 + n, y0, 1.0, top), (x0 + n, y0 + n, 1.0, bottom), (x0, y0 + n, 1.0, bottom)])
    f.w(0x4F04, 1)                                   # LESS

    def aos(body):
        f.pkt(PKT_3D_LOAD_VBPNTR, body, [(0x20C0 + 4 * i, d) for i, d in enumerate(body)])

    def draw(cntl, words):
        f.pkt(PKT_3D_DRAW_INDX_2, [cntl] + words, [(0x2084, cntl)] + [(0x2040, d) for d in words])
    mesh.emit(mesh.Emit(f.w, aos, draw, s.fill_mem, seq=f.seq, one=lambda a, v: f.seq(a, v, one=True)),
              x0, y0, MESH_VBUF, MESH_TBUF)
    f.w(0x43E0, 0)                                   # the scissor back to the frame
    f.w(0x43E4, (W - 1) | (H - 1) << 13)


def window_texture():
    """The composited window's picture, 48x40 premultiplied ARGB8888: a dark frame, a blue title
    bar, a translucent light client area (alpha 0xB0) with three dark text lines."""
    tex = []
    for y in range(WIN_H):
        for x in range(WIN_W):
            if x in (0, WIN_W - 1) or y in (0, WIN_H - 1):
                a, c = 0xFF, (0x20, 0x20, 0x28)
            elif y < 9:
                a, c = 0xFF, (0x30 + 2 * x, 0x58 + x, 0xC0)
            elif y in (14, 20, 26) and 4 <= x < (40 if y != 26 else 28):
                a, c = 0xE0, (0x30, 0x30, 0x30)
            else:
                a, c = 0xB0, (0xF0, 0xEC, 0xE0)
            r, g, b = (v * a // 255 for v in c)
            tex.append(a << 24 | r << 16 | g << 8 | b)
    return tex


def composite(f, s):
    """A window composited over the scene as xf86-video-ati's EXA Composite draws it on R5xx (the
    state of the gfx3d vector exa_composite, r5xx-shaders.md §3.2, §3.3 (a)): PictOpOver (ONE,
    INVSRCALPHA) of a 48x40 a8r8g8b8 pixmap, 1:1 (no transform: the identity constants), nearest
    filter (Render's default), clamp; the PVS program's no-mask window, TEX + OUT."""
    from blocks import r5xx_pvs_directed as pv
    from blocks import r5xx_us_directed as usd
    s.fill_mem(WIN_TBUF, window_texture())
    f.w(0x4F00, 0)                                   # ZB_CNTL: no depth test (2D work)
    f.w(0x4104, 1)                                   # TX_ENABLE: map 0
    f.w(0x4400, 2 | 2 << 3 | 1 << 9 | 1 << 11)       # TX_FILTER0: clamp to last, nearest MAG/MIN
    f.w(0x4440, 0)                                   # TX_FILTER1
    f.w(0x4480, (WIN_W - 1) | (WIN_H - 1) << 11 | 1 << 31)   # TX_FORMAT0: TXPITCH_EN (XATI on R500)
    f.w(0x44C0, 12 | 3 << 9 | 2 << 12 | 1 << 15 | 0 << 18)  # TX_FORMAT1: 8_8_8_8, B G R A selects
    f.w(0x4500, WIN_W - 1)                           # TX_FORMAT2: TXPITCH = pitch in texels - 1
    f.w(0x4540, WIN_TBUF)                            # TX_OFFSET
    f.w(0x2140, 0)                                   # VAP_CNTL_STATUS: the PVS path
    f.w(0x2150, 0x66014001)                          # FLOAT_2 -> IVM 0, FLOAT_2 -> IVM 6, last
    f.w(0x21E0, 0xF688F688)
    f.w(0x20B4, 4)                                   # VAP_VTX_SIZE
    f.w(0x2090, 1)                                   # VAP_OUT_VTX_FMT_0: position
    f.w(0x2094, 2)                                   # VAP_OUT_VTX_FMT_1: texture 0, 2 components
    f.w(0x221C, 1 << 16)                             # VAP_CLIP_CNTL: CLIP_DISABLE
    for a in (0x2220, 0x2224, 0x2228, 0x222C):
        f.w(a, f32(1.0))                             # VAP_GB_*
    f.w(0x20B0, 0x300)                               # VAP_VTE_CNTL: VTX_XY_FMT | VTX_Z_FMT
    f.w(0x2284, 0)
    f.w(0x2200, 0)
    f.seq(0x2204, [v for ins in pv.XATI for v in ins], one=True)
    f.w(0x22D0, 0x00401000)                          # the composite window, no mask
    f.w(0x22D8, 4)
    f.w(0x22D4, 0x00030000)
    f.w(0x2200, 1024)
    f.seq(0x2204, [f32(v) for v in (1.0, 0.0, 0.0, 1.0 / WIN_W, 0.0, 1.0, 0.0, 1.0 / WIN_H)], one=True)
    f.w(0x4074, 0x00FFE040)                          # RS_IP_0: S, T, K0, K1
    f.w(0x4320, 0x10)                                # RS_INST_0: tex 0 -> r0
    f.w(0x4304, 0)                                   # RS_INST_COUNT
    f.w(0x4300, 0x00040002)                          # RS_COUNT
    prog = [usd.TEX_A, usd.out_a(0x00DB2220, 0x00C8C000)]
    f.w(0x46A4, 0x00001B00)
    for t in (1, 2, 3):
        f.w(0x46A4 + 4 * t, 0x00001B0F)
    f.w(0x46B4, 0)
    f.w(0x4600, 2)                                   # US_CONFIG
    f.w(0x4604, 1)                                   # US_PIXSIZE
    f.w(0x4634, (len(prog) - 1) << 16)               # US_CODE_RANGE
    f.w(0x4638, 0)                                   # US_CODE_OFFSET
    f.w(0x4630, (len(prog) - 1) << 16)               # US_CODE_ADDR
    f.w(0x4250, 0)
    f.seq(0x4254, [d for ins in prog for d in ins], one=True)
    f.w(0x4E04, 1 | 1 << 2 | 2 << 16 | 6 << 24)      # RB3D_BLENDCNTL: Over (ONE, INVSRCALPHA)
    x0, y0, x1, y1 = float(WIN_X), float(WIN_Y), float(WIN_X + WIN_W), float(WIN_Y + WIN_H)
    vs = [(x0, y0, 0.0, 0.0), (x1, y0, float(WIN_W), 0.0), (x1, y1, float(WIN_W), float(WIN_H)),
          (x0, y1, 0.0, float(WIN_H))]
    cntl = 13 | 3 << 4 | 4 << 16                     # QUAD_LIST, vertices in the packet
    data = [f32(v) for vtx in vs for v in vtx]
    f.pkt(PKT0_3D_DRAW_IMMD_2, [cntl] + data, [(0x2084, cntl)] + [(0x2000, d) for d in data])
    f.w(0x4E04, 1 << 2)                              # blending off
    f.w(0x4300, 0)                                   # RS_COUNT 0, PVS_BYPASS: the fixed path again
    f.w(0x2140, 0x100)


def video(f, s):
    """An Xv textured-video rectangle as xf86-video-ati draws it on R5xx, the state of the gfx3d
    vector xv_planar (scripts/blocks/r5xx_gfx3d_directed.py; r5xx-shaders.md §3.3 (e)): a 32x24
    I420 frame (colour bars over a luma ramp) as three X8 planes, maps 0/1/2 bilinear CLAMP_LAST,
    the literal 6-instruction planar US program with the BT.601 constants, the PVS window 9-10,
    no blending, upscaled to a 40x30 box at (12, 12); the one TRI_LIST triangle twice the box's
    size by 3D_DRAW_IMMD_2, the scissor on the box (R500DisplayTexturedVideo)."""
    vw, vh, ypitch, cpitch = 32, 24, 32, 64

    class Adapt:                                   # the gfx3d helpers write through f.w
        w = staticmethod(f.w)
        preload = staticmethod(s.fill_mem)
    a = Adapt()
    frame = g3.test_frame(vw, vh)
    ybuf = [frame[y * vw + x][0] for y in range(vh) for x in range(ypitch)]
    cw, ch = (vw + 1) // 2, (vh + 1) // 2

    def plane(k):
        return [(sum(frame[(2 * y + j) * vw + 2 * x + i][k] for j in (0, 1) for i in (0, 1)) + 2) // 4
                if x < cw else 0 for y in range(ch) for x in range(cpitch)]
    b = ybuf + plane(1) + plane(2)
    s.fill_mem(VID_TBUF, [b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24 for i in range(0, len(b), 4)])
    uoff, voff = VID_TBUF + ypitch * vh, VID_TBUF + ypitch * vh + cpitch * ch
    f.w(0x4F00, 0)                                   # ZB_CNTL: no depth test
    f.w(0x4E04, 33 << 16 | 32 << 24)                 # RB3D_BLENDCNTL: GL_ONE, GL_ZERO, no blending
    g3.xv_common(a)
    g3.us_program(a, g3.PLANAR_US, consts=g3.xv_constants(), pixsize=2)
    g3.xv_sampler(a, 0, 0x0, VID_TBUF, vw, vh, ypitch)
    g3.xv_sampler(a, 1, 0x0, uoff, cw, ch, cpitch)
    g3.xv_sampler(a, 2, 0x0, voff, cw, ch, cpitch)
    f.w(0x4100, 0)                                   # TX_INVALTAGS
    f.w(0x4104, 7)                                   # TX_ENABLE: maps 0, 1, 2
    f.w(0x20B4, 4)                                   # VAP_VTX_SIZE
    x, y, w, h, r = VID_X, VID_Y, VID_W, VID_H, g3.f32r
    f.w(0x43E0, x | y << 13)                         # SC_SCISSOR0/1: the box
    f.w(0x43E4, (x + w - 1) | (y + h - 1) << 13)
    ey, ex = r(r(vh) * r(r(r(w) / r(h)) + 1.0)), r(r(vw) * r(r(r(h) / r(w)) + 1.0))
    verts = [(x, y, 0.0, 0.0), (x, y + h + w, 0.0, r(ey / vh)), (x + w + h, y, r(ex / vw), 0.0)]
    cntl = 4 | 3 << 4 | 3 << 16                      # TRI_LIST, vertices in the packet
    data = [f32(c) for v in verts for c in v]
    f.pkt(PKT0_3D_DRAW_IMMD_2, [cntl] + data, [(0x2084, cntl)] + [(0x2000, d) for d in data])
    f.w(0x43E0, 0)                                   # the scissor back to the frame
    f.w(0x43E4, (W - 1) | (H - 1) << 13)
    f.w(0x4300, 0)                                   # RS_COUNT 0, PVS_BYPASS: the fixed path again
    f.w(0x2140, 0x100)


def overlay2d(s):
    """A window (frame, title bar, client area) by register-programmed solid fills, its title by
    HOSTDATA_BLT, on the 3D colour buffer (linear ARGB8888, pitch 1280 bytes)."""
    dst = (W * 4 // 64) << 22 | CBUF >> 10
    x, y, w, h = 16, 150, 120, 76
    s.reg(SC_BOTTOM_RIGHT, H << 16 | W)              # the 2D scissor: the frame (r100 init value)
    for (rx, ry, rw, rh, c) in ((x, y, w, h, 0xFF202020), (x + 1, y + 1, w - 2, 12, 0xFF3050A0),
                                (x + 1, y + 14, w - 2, h - 15, 0xFFE8E4D8)):
        s.reg(gd.DP_GUI_MASTER_CNTL, gd.GMC_FILL)
        s.reg(gd.DP_BRUSH_FRGD_CLR, c)
        s.reg(gd.DP_WRITE_MASK, 0xFFFFFFFF)
        s.reg(gd.DP_CNTL, 3)
        s.reg(gd.DST_PITCH_OFFSET, dst)
        s.reg(gd.DST_Y_X, gd.yx(rx, ry))
        s.reg(gd.DST_HEIGHT_WIDTH, rh << 16 | rw)
    g = g2.gui(g2.DST_PO, brush=g2.B_NONE, src=g2.MONO_TRANS, rop=g2.SRCCOPY)
    body = [g, dst, 0xFFFFFFFF, 0]
    for (cx, cy, cw, chh, words) in g2.text_chars('RCOSIM', x + 4, y + 3):
        body += [g2.yx_hi(cx, cy), chh << 16 | cw, len(words)] + list(words)
    s.pkt3(HOSTDATA_BLT, body)
    body = [g, dst, 0xFF102040, 0]
    for (cx, cy, cw, chh, words) in g2.text_chars('CP 2D', x + 6, y + 22, scale=2):
        body += [g2.yx_hi(cx, cy), chh << 16 | cw, len(words)] + list(words)
    s.pkt3(HOSTDATA_BLT, body)


def frame():
    s = gd.Stream('frame', 'the full frame: an IB clearing colour and depth and drawing a depth-tested, '
                  'Gouraud-shaded, partly blended 3D scene, a 2D window with HOSTDATA_BLT text, a fence '
                  '(320x240 ARGB8888)', bp='random:0.3', lat='1:6')
    s.rptr_addr = gd.WB
    s.mmio += [(gd.SCRATCH_ADDR, gd.SCRATCH), (gd.SCRATCH_UMSK, 0xFF)]
    f = Frame(s)
    scene3d(f, s)
    mesh3d(f, s)
    composite(f, s)
    video(f, s)
    s.ib += [0x80000000] * ((-len(s.ib)) % 16)      # Type-2 fillers, as the kernel pads IBs
    s.reg(gd.CP_IB_BASE, gd.IB, len(s.ib))
    s.reg(gd.WAIT_UNTIL, gd.WAIT_3D_IDLECLEAN)
    overlay2d(s)
    s.reg(gd.DSTCACHE_CTLSTAT, 0xF)
    s.fence(FENCE_REG, FENCE_SEQ)
    return s, f


def stim_lines(s, f):
    """The 3D part as an r5xx.gfx3d stimulus (the vertex arrays and the CP's register writes)."""
    lines = [m for a, words in s.mem for m in vector.chunk_lines(a, words, None)]
    return vector.header('r5xx.gfx3d') + lines + ['in regw %04x %08x' % (a, d) for a, d in f.regw] + ['end']


def hostdata(ref, body):
    """HOSTDATA_BLT, mono transparent, PIX_ORDER 0, SRC_LOAD linear (docs/blocks/r5xx.gfx2d.md): each
    set raster bit writes FRGD (ROP3 SRCCOPY) at its pixel, rows continuous, first pixel bit 31."""
    dst, fg, j = body[1], body[2], 4
    base, pitch = (dst & 0x3FFFFF) << 10, (dst >> 22 & 0xFF) * 16
    while j + 2 < len(body):
        x0, y0 = gd.sx16(body[j]), gd.sx16(body[j] >> 16)
        w, h, n = body[j + 1] & 0x3FFF, body[j + 1] >> 16 & 0x3FFF, body[j + 2]
        words = body[j + 3:j + 3 + n]
        for i in range(w * h):
            if i // 32 < len(words) and words[i // 32] >> (31 - i % 32) & 1:
                ref.mem[base + 4 * ((y0 + i // w) * pitch + x0 + i % w)] = fg
        j += 3 + n


def read_pix3d(path):
    return [tuple(x) for _, x in vector.read(path).outputs('pix3d')]


def check(vec):
    s, f = frame()
    bad = 0
    ref_pix, ref_cw = g3.reference(stim_lines(s, f))
    pix = read_pix3d(vec)
    mem, writes, host = gd.read_vec(vec)
    beats = [(a, d, be) for (a, d, be, port) in writes if port == 5]
    cw = []
    for k in range(0, len(beats) - 1, 2):
        (a0, d0, b0), (a1, d1, b1) = beats[k], beats[k + 1]
        cw.append((a0, d1 << 32 | d0, b1 << 4 | b0))
    ref_cw = [(a, d, be) for (a, d, be) in ref_cw]
    for what, r, v in (('pix3d record', ref_pix, pix), ('RB3D colour write', ref_cw, cw)):
        if list(r) != list(v):
            k = next((i for i in range(min(len(r), len(v))) if tuple(r[i]) != tuple(v[i])), min(len(r), len(v)))
            print('FAIL %s: %d reference vs %d vector %ss, first difference at #%d: reference %s, vector %s'
                  % (os.path.basename(vec), len(r), len(v), what, k, r[k] if k < len(r) else None,
                     v[k] if k < len(v) else None))
            bad = 1
        else:
            print('ok   %d %ss equal the chained reference' % (len(r), what))
    # the final colour buffer and the fence: the reference's colour writes, then the 2D overlay
    ref = gd.Ref(dict(mem))
    for (a, d, be) in ref_cw:
        for half in range(2):
            m = sum(0xFF << (8 * i) for i in range(4) if be >> (4 * half + i) & 1)
            old = ref.mem.get(a + 4 * half, 0)
            ref.mem[a + 4 * half] = (old & ~m) | (d >> (32 * half) & m)
    hd = dict(host)
    for a, d in host:
        if a & 0xFFE0 != 0x0700:
            ref.write(a, d)
    ring_base, n = hd[gd.CP_RB_BASE], hd[gd.CP_RB_WPTR]
    ref.run(ring_base, n)
    p = 0
    while p < n:                                   # HOSTDATA_BLT (the Ref does fills and fences)
        hdr = ref.rd(ring_base + 4 * p)
        t, cnt = hdr >> 30, hdr >> 16 & 0x3FFF
        nb = 0 if t == 2 else 2 if t == 1 else cnt + 1
        if t == 3 and (hdr >> 8 & 0xFF) == HOSTDATA_BLT:
            hostdata(ref, [ref.rd(ring_base + 4 * (p + 1 + i)) for i in range(nb)])
        p += 1 + nb
    got = dict(mem)
    for a, d, be, port in writes:
        m = sum(0xFF << (8 * i) for i in range(4) if be >> i & 1)
        got[a] = (got.get(a, 0) & ~m) | (d & m)
    cb = [CBUF + 4 * i for i in range(W * H)]
    diffs = [a for a in cb if ref.mem.get(a, 0) != got.get(a, 0)]
    fence = (gd.SCRATCH & ~31) + 4 * FENCE_REG
    if got.get(fence) != FENCE_SEQ or ref.mem.get(fence) != FENCE_SEQ:
        diffs.append(fence)
    if diffs:
        a = diffs[0]
        print('FAIL %s: %d words differ, first at %08x: reference %08x, vector %08x'
              % (os.path.basename(vec), len(diffs), a, ref.mem.get(a, 0), got.get(a, 0)))
        bad = 1
    else:
        print('ok   the %dx%d colour buffer and the fence %08x at %08x equal the reference' % (W, H, FENCE_SEQ, fence))
    print('PASS' if not bad else 'FAIL')
    return bad


def main(argv):
    if len(argv) == 3 and argv[1] == '--check':
        return check(argv[2])
    s, f = frame()
    if len(argv) == 2 and argv[1] == '--regw':
        for a, d in f.regw:
            print('%04x %08x' % (a, d))
        return 0
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    os.makedirs(argv[1], exist_ok=True)
    s.write(argv[1])
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
