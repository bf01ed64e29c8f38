#!/usr/bin/env python3
"""r5xx_gfx3d_directed.py - directed stimulus for r5xx.gfx3d (docs/blocks/r5xx.gfx3d.md), and its check.

  r5xx_gfx3d_directed.py STIMDIR          write STIMDIR/*.stim (then 'rcosim gen --stimulus' makes the
                                     golden vectors; scripts/regen-vectors does all of them)
  r5xx_gfx3d_directed.py --check VECDIR   replay every VECDIR/stim/*.stim through an independent
                                     reference of the 3D path (the VAP, PVS, clip, raster, ZB and
                                     RB3D references of scripts/blocks/r5xx_vap_directed.py,
                                     scripts/blocks/r5xx_pvs_directed.py,
                                     scripts/blocks/r5xx_clip_ref.py (PVS draws),
                                     scripts/blocks/r5xx_raster_directed.py, scripts/blocks/r5xx_zb_directed.py and
                                     scripts/blocks/r5xx_rb3d_directed.py, chained) and compare the pixels it
                                     writes, the vertex-shader instructions and the clipped vertices
                                     with VECDIR/*.vec's expected `pix`, colour-write, `vsexe` and
                                     `clipvtx` outputs
  r5xx_gfx3d_directed.py --check-vector VEC...   the same for any vector (a random one)

The short case ('small', the exported benches' CI vector): a 32x16 clear, a depth-tested
triangle and a blended one over it.

The clip-space case ('pvs_clip'): a Mesa-style MVP vertex program with hardware-TCL clip/VTE
state; primitives cut by the near plane and by a user clip plane, three culled whole.

The xf86-video-ati cases ('exa_mask', 'xv_packed', 'xv_planar', 'xv_bicubic'): EXA Composite with
an a8 mask and Xv textured video (packed 4:2:2, planar I420, bicubic) with the driver's literal
state, PVS and US programs over a preloaded checkerboard (docs/blocks/r5xx.gfx3d.md); --check
answers their texture requests with r5xx_tx_directed.sample and checks each against the
independent r5xx_tx_ref.sample too.

The scene ('scene'): a 160x120 ARGB8888 macro-tiled colour buffer and a Z24S8 depth buffer are
cleared by a screen-sized quad (Z function ALWAYS); then, depth-tested (LESS), a Gouraud-shaded
red triangle and an interpenetrating green one fetched from vertex arrays through 16-bit
indices, a yellow triangle blended over both at half alpha, a blue fan cut by a clip rectangle
and by the scissor, and a magenta triangle whose alpha ramps across it, half killed by the alpha
test (GREATER than 0.5).
"""
import struct
import sys

from rcosim_py import check as chk
from rcosim_py import vector

W, H = 160, 120
CBUF, ZBUF, VBUF = 0x01000000, 0x02000000, 0x00100000


def f32(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


class Stim:
    def __init__(self, name, title, backpressure='always', latency='1:1'):
        self.name, self.title, self.bp, self.lat = name, title, backpressure, latency
        self.lines, self.mem = [], []

    def w(self, addr, data):
        self.lines.append('in regw %04x %08x' % (addr, data & 0xFFFFFFFF))

    def preload(self, addr, words):
        self.mem += vector.chunk_lines(addr, words)

    def write(self, outdir):
        vector.write_stim(
            outdir, self.name, 'r5xx.gfx3d', self.title, __file__, gz=True,
            notes=['r5xx_gfx3d_directed.py --check replays it through the chained block references'],
            mem=self.mem, body=self.lines, backpressure=self.bp, latency=self.lat)


def common_state(s, w=W, h=H):
    s.w(0x2140, 0x100)                     # VAP_CNTL_STATUS: PVS_BYPASS (software TCL, r5xx.gfx3d.md G6)
    # VAP: position FLOAT_4 -> location 0, colour FLOAT_4 -> location 2 (colour 0), 8 dwords/vertex
    s.w(0x2150, 3 | (3 | 2 << 8 | 1 << 13) << 16)
    s.w(0x21E0, 0xF688F688)                # swizzle xyzw, write xyzw, both elements
    s.w(0x20B4, 8)                         # VAP_VTX_SIZE
    s.w(0x2090, 0x3)                       # VAP_OUT_VTX_FMT_0: position, colour 0
    s.w(0x20B0, 0)                         # VAP_VTE_CNTL: screen coordinates as given
    # raster
    s.w(0x4018, 1 << 16)                   # GB_TILE_CONFIG: 1/16 subpixels
    s.w(0x428C, 1)                         # GA_ROUND_MODE: round to nearest
    s.w(0x4278, 2 | 2 << 2 | 3 << 16)      # GA_COLOR_CONTROL: Gouraud RGB and alpha, provoking last
    s.w(0x42B8, 0)                         # SU_CULL_MODE: no culling
    s.w(0x42C0, f32(16777215.0))           # SU_DEPTH_SCALE: z in [0,1] -> 24 bits (Mesa)
    s.w(0x42C4, 0)
    s.w(0x43A8, 0x2DA49525)                # SC_EDGERULE as Mesa programs it
    s.w(0x43E0, 0)                         # SC_SCISSOR0
    s.w(0x43E4, (w - 1) | (h - 1) << 13)   # SC_SCISSOR1: the whole buffer, inclusive
    s.w(0x43D0, 0xFFFF)                    # SC_CLIP_RULE: every pixel visible
    s.w(0x4074, 0)                         # RS_IP_0: colour 0, RGBA
    s.w(0x4320, 1 << 16)                   # RS_INST_0: COL_ID 0, COL_CN 1
    s.w(0x4BD4, 0)                         # FG_ALPHA_FUNC: off
    # ZB: Z24S8 macro-tiled at ZBUF
    s.w(0x4F10, 2)
    s.w(0x4F20, ZBUF)
    s.w(0x4F24, w | 1 << 16)
    # RB3D: ARGB8888 macro-tiled at CBUF, no blending, all channels
    s.w(0x4E28, CBUF)
    s.w(0x4E38, w | 6 << 21 | 1 << 16)
    s.w(0x4E04, 1 << 2)
    s.w(0x4E0C, 0xF)


def screen_space_clip(s):
    """The clip/VTE state of a vertex program that writes screen-space positions (w = 1), as
    xf86-video-ati programs it (r5xx-shaders.md §3.2): VAP_CLIP_CNTL = CLIP_DISABLE, the guard band
    1.0, VAP_VTE_CNTL = 0x300 (X, Y and Z already divided, W as given, no scale or offset), so
    r5xx.clip passes the positions through unchanged (docs/blocks/r5xx.gfx3d.md G5)."""
    s.w(0x221C, 1 << 16)                   # VAP_CLIP_CNTL: CLIP_DISABLE
    for a in (0x2220, 0x2224, 0x2228, 0x222C):
        s.w(a, f32(1.0))                   # VAP_GB_*: no guard band
    s.w(0x20B0, 0x300)                     # VAP_VTE_CNTL: VTX_XY_FMT | VTX_Z_FMT


def embedded(s, prim, verts):
    """A draw with its vertices in the stream (walk 3): verts = [(x, y, z, (r, g, b, a))]."""
    s.w(0x2084, prim | 3 << 4 | len(verts) << 16)
    for (x, y, z, c) in verts:
        for v in (x, y, z, 1.0) + tuple(c):
            s.w(0x2000, f32(v))


def scene():
    s = Stim('scene', 'the 3D path scene: clears, depth-tested Gouraud triangles, a blended one, a '
                      'clipped and scissored fan, an alpha-tested one (160x120, ARGB8888, Z24S8)',
             backpressure='random:0.5', latency='1:6')
    common_state(s)
    # clear: Z ALWAYS + write, far depth, a vertical gradient
    s.w(0x4F00, 0x6)                       # ZB_CNTL: Z_ENABLE, ZWRITEENABLE
    s.w(0x4F04, 7)                         # ZFUNC ALWAYS
    top, bottom = (0.05, 0.07, 0.20, 1.0), (0.20, 0.30, 0.45, 1.0)
    embedded(s, 13, [(0, 0, 1.0, top), (W, 0, 1.0, top), (W, H, 1.0, bottom), (0, H, 1.0, bottom)])
    # depth test LESS from here on
    s.w(0x4F04, 1)
    embedded(s, 4, [(12.5, 10.0, 0.30, (1.0, 0.15, 0.10, 1.0)),
                    (120.0, 30.0, 0.70, (0.90, 0.55, 0.10, 1.0)),
                    (30.0, 105.0, 0.50, (0.60, 0.05, 0.25, 1.0))])
    # the green triangle from vertex arrays in memory through 16-bit indices (walk 1)
    pos = [(20.0, 60.0, 0.80), (140.0, 20.0, 0.20), (110.0, 110.0, 0.45)]
    col = [(0.10, 0.80, 0.20, 1.0), (0.60, 1.00, 0.40, 1.0), (0.05, 0.45, 0.15, 1.0)]
    words = []
    for p in pos:
        words += [f32(v) for v in p + (1.0,)]
    s.preload(VBUF, words)
    s.preload(VBUF + 0x100, [f32(v) for c in col for v in c])
    s.w(0x20C0, 2)                          # VAP_VTX_NUM_ARRAYS
    s.w(0x20C4, 4 | 4 << 8 | 4 << 16 | 4 << 24)
    s.w(0x20C8, VBUF)
    s.w(0x20CC, VBUF + 0x100)
    s.w(0x2084, 4 | 1 << 4 | 3 << 16)       # triangle list, indices, 16-bit, 3 vertices
    s.w(0x2040, 2 << 16 | 1)                # indices 1, 2
    s.w(0x2040, 0)                          # index 0 (upper half ignored)
    # a yellow triangle blended over both: GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, add
    s.w(0x4E04, 1 | 1 << 2 | 38 << 16 | 39 << 24)
    embedded(s, 4, [(60.0, 5.0, 0.10, (1.0, 0.95, 0.20, 0.5)),
                    (150.0, 70.0, 0.10, (1.0, 1.00, 0.60, 0.5)),
                    (70.0, 80.0, 0.10, (0.9, 0.80, 0.10, 0.5))])
    s.w(0x4E04, 1 << 2)
    # a blue fan cut by clip rectangle 0 (visible inside it) and by the scissor
    s.w(0x43B0, 4 | 64 << 13)               # SC_CLIP_0_A: (4, 64)
    s.w(0x43B4, 70 | 116 << 13)             # SC_CLIP_0_B: (70, 116)
    s.w(0x43D0, 0xAAAA)                     # visible where inside rectangle 0
    s.w(0x43E0, 0 | 0 << 13)
    s.w(0x43E4, 58 | (H - 1) << 13)         # scissor: x <= 58
    embedded(s, 5, [(35.0, 90.0, 0.05, (0.3, 0.5, 1.0, 1.0)), (2.0, 70.0, 0.05, (0.1, 0.2, 0.9, 1.0)),
                    (70.0, 66.0, 0.05, (0.5, 0.7, 1.0, 1.0)), (75.0, 118.0, 0.05, (0.2, 0.3, 0.8, 1.0)),
                    (10.0, 118.0, 0.05, (0.6, 0.8, 1.0, 1.0))])
    s.w(0x43D0, 0xFFFF)
    s.w(0x43E4, (W - 1) | (H - 1) << 13)
    # a magenta triangle whose alpha ramps 0 -> 1 left to right, alpha test GREATER 0.5 (8-bit)
    s.w(0x4BD4, 0x80 | 4 << 8 | 1 << 11 | 1 << 12)
    embedded(s, 4, [(95.0, 75.0, 0.02, (1.0, 0.2, 0.9, 0.0)), (155.0, 80.0, 0.02, (0.9, 0.1, 1.0, 1.0)),
                    (100.0, 115.0, 0.02, (1.0, 0.4, 1.0, 0.1))])
    s.w(0x4BD4, 0)
    return [s]


def small():
    """A short vector of the same path (the exported benches' CI case: the scene takes minutes
    under an event-driven simulator): a 32x16 buffer cleared, then a depth-tested Gouraud
    triangle under a blended one."""
    w, h = 32, 16
    s = Stim('small', 'a short 3D path case: a 32x16 clear, a depth-tested Gouraud triangle, a '
                      'blended one over it (ARGB8888, Z24S8)', backpressure='random:0.5', latency='1:4')
    common_state(s, w, h)
    s.w(0x4F00, 0x6)                       # ZB_CNTL: Z_ENABLE, ZWRITEENABLE
    s.w(0x4F04, 7)                         # ZFUNC ALWAYS
    grey = (0.25, 0.25, 0.30, 1.0)
    embedded(s, 13, [(0, 0, 1.0, grey), (w, 0, 1.0, grey), (w, h, 1.0, grey), (0, h, 1.0, grey)])
    s.w(0x4F04, 1)                         # LESS
    embedded(s, 4, [(2.5, 1.0, 0.30, (1.0, 0.15, 0.10, 1.0)),
                    (29.0, 4.0, 0.70, (0.90, 0.55, 0.10, 1.0)),
                    (6.0, 15.0, 0.50, (0.60, 0.05, 0.25, 1.0))])
    s.w(0x4E04, 1 | 1 << 2 | 38 << 16 | 39 << 24)
    embedded(s, 4, [(12.0, 0.5, 0.10, (0.2, 0.95, 0.20, 0.5)),
                    (31.0, 12.0, 0.90, (0.4, 1.00, 0.60, 0.5)),
                    (14.0, 14.0, 0.10, (0.1, 0.80, 0.10, 0.5))])
    s.w(0x4E04, 1 << 2)
    return [s]


def pvs_transform():
    """The programmable vertex path (PVS_BYPASS 0): the VAP puts position and colour at input
    locations 0 and 1 (DST_VEC_LOC), a six-instruction vertex program transforms the position by
    a 4x4 matrix with DP4s (a rotation, a scale and the screen offset: screen space, with the
    clipper told so by CLIP_DISABLE and VAP_VTE_CNTL 0x300, decision G5) and modulates the colour with a MAD; then
    the same triangle drawn with the fixed pass-through (PVS_BYPASS 1) beside it."""
    from blocks import r5xx_pvs_directed as pv
    import math
    w, h = 64, 48
    s = Stim('pvs_transform', 'the PVS path: a DP4 matrix transform and a MAD colour program on a '
                              'depth-tested fan and strip, then a bypassed triangle (64x48, ARGB8888, Z24S8)',
             backpressure='random:0.5', latency='1:4')
    common_state(s, w, h)
    s.w(0x4F00, 0x6)                       # ZB_CNTL: Z_ENABLE, ZWRITEENABLE
    s.w(0x4F04, 7)                         # ZFUNC ALWAYS
    grey = (0.20, 0.22, 0.25, 1.0)
    embedded(s, 13, [(0, 0, 1.0, grey), (w, 0, 1.0, grey), (w, h, 1.0, grey), (0, h, 1.0, grey)])
    s.w(0x4F04, 1)                         # LESS
    # the PVS path: VAP_CNTL_STATUS = 0, position -> in0, colour -> in1; the program writes
    # screen space, so the clipper is told so (clip off, VTE pass-through)
    s.w(0x2140, 0)
    screen_space_clip(s)
    s.w(0x2150, 3 | (3 | 1 << 8 | 1 << 13) << 16)
    # the program: out0.x..w = dp4(in0, c0..c3); out1 = in1 * c4 + c5
    prog = [(pv.dst(1, 'out', 0, we=c), pv.src('in', 0), pv.src('c', k), pv.src('c', k))
            for k, c in enumerate('xyzw')]
    prog.append((pv.dst(4, 'out', 1), pv.src('in', 1), pv.src('c', 4), pv.src('c', 5)))
    prog.append((pv.dst(3, 't', 0), pv.src('in', 0), pv.src('c', 5), pv.src('c', 5)))   # a temporary, unused
    s.w(0x2200, 0)
    for ins in prog:
        for v in ins:
            s.w(0x2204, v)
    a = math.radians(20.0)
    k = 18.0
    consts = [(k * math.cos(a), -k * math.sin(a), 0.0, 30.0), (k * math.sin(a), k * math.cos(a), 0.0, 22.0),
              (0.0, 0.0, 0.5, 0.25), (0.0, 0.0, 0.0, 1.0), (0.75, 0.5, 1.0, 1.0), (0.25, 0.125, 0.0, 0.0)]
    s.w(0x2200, 1024)
    for c in consts:
        for v in c:
            s.w(0x2204, f32(v))
    s.w(0x22D0, 0 | 5 << 10 | 5 << 20)     # VAP_PVS_CODE_CNTL_0: instructions 0..5
    s.w(0x22D4, 0 | 255 << 16)             # VAP_PVS_CONST_CNTL
    embedded(s, 6, [(0.0, 0.0, 0.2, (1.0, 0.2, 0.1, 1.0)), (-1.2, -1.0, 0.1, (0.9, 0.8, 0.1, 1.0)),
                    (1.3, -0.9, 0.3, (0.1, 0.9, 0.2, 1.0)), (1.1, 1.2, 0.6, (0.1, 0.3, 1.0, 1.0)),
                    (-1.0, 1.1, 0.4, (0.8, 0.1, 0.9, 1.0))])
    embedded(s, 5, [(-1.5, 0.5, 0.05, (1.0, 1.0, 1.0, 1.0)), (-0.5, 1.6, 0.05, (0.2, 0.2, 0.2, 1.0)),
                    (0.5, 0.3, 0.9, (0.6, 0.0, 0.0, 1.0)), (1.6, 1.4, 0.9, (0.0, 0.6, 0.6, 1.0))])
    # the fixed pass-through again for one triangle: position and colour at the semantic 0 and 2
    s.w(0x2140, 0x100)
    s.w(0x2150, 3 | (3 | 2 << 8 | 1 << 13) << 16)
    embedded(s, 4, [(44.0, 30.0, 0.05, (1.0, 1.0, 0.0, 1.0)), (63.0, 34.0, 0.05, (0.0, 1.0, 1.0, 1.0)),
                    (52.0, 47.0, 0.05, (1.0, 0.0, 1.0, 1.0))])
    return [s]


def tex_consts(s, m):
    """The PVS constants from the first on (index 1024 at 0x2200, then the data at 0x2204), as
    pvs_transform loads them: the texture-coordinate transform of xati_composite and exa_composite."""
    s.w(0x2200, 1024)
    for v in m:
        s.w(0x2204, f32(v))


def tex_quad(s, x0, y0, x1, y1, s0, t0, s1, t1):
    """One quad (prim 13) with its 4 vertices in the stream (walk 3, as embedded() draws): position
    (x, y) and texture coordinates (s, t), from (x0, y0, s0, t0) to (x1, y1, s1, t1)."""
    vs = [(x0, y0, s0, t0), (x1, y0, s1, t0), (x1, y1, s1, t1), (x0, y1, s0, t1)]
    s.w(0x2084, 13 | 3 << 4 | 4 << 16)
    for v in vs:
        for x in v:
            s.w(0x2000, f32(x))


def xati_composite():
    """xf86-video-ati's EXA Composite vertex path (r5xx-shaders.md §3.2, XATI radeon_accel.c:344-753,
    radeon_exa_render.c:1523-1589): its 14 preloaded PVS instructions, the no-mask window 0-4, the
    constants (1, 0, 0, 1/w), (0, 1, 0, 1/h) and then a Render transform, QUAD_LIST vertices of
    FLOAT_2 position (IVM 0) and texel-unit texture coordinates (IVM 6).  The fragment shader is
    not in the composite yet, so the raster's texture path (RS_INST_0 TEX_CN, RS_IP_0 S T K0 K1)
    shows the normalised coordinates the program computed as red and green."""
    from blocks import r5xx_pvs_directed as pv
    w, h = 48, 40
    s = Stim('xati_composite', 'the XATI EXA Composite PVS program (window 0-4) with its texture-size '
                               'constants and a Render transform; the coordinates it computes shown as '
                               'colour by the raster\'s texture path (48x40, ARGB8888, Z24S8)',
             backpressure='random:0.5', latency='1:4')
    common_state(s, w, h)
    s.w(0x4F00, 0)                         # ZB_CNTL: no depth test (2D work)
    s.w(0x2140, 0)                         # VAP_CNTL_STATUS: the PVS path
    s.w(0x2150, 0x66014001)                # XATI: FLOAT_2 SIGNED -> IVM 0, FLOAT_2 SIGNED -> IVM 6, last
    s.w(0x21E0, 0xF688F688)
    s.w(0x20B4, 4)                         # VAP_VTX_SIZE: x, y, s, t
    s.w(0x2090, 1)                         # VAP_OUT_VTX_FMT_0: position
    s.w(0x2094, 0x2)                       # VAP_OUT_VTX_FMT_1: texture 0, 2 components
    screen_space_clip(s)                   # VAP_CLIP_CNTL, guard band, VAP_VTE_CNTL as XATI
    s.w(0x2284, 0)                         # VAP_PVS_STATE_FLUSH_REG
    s.w(0x2200, 0)
    for ins in pv.XATI:
        for v in ins:
            s.w(0x2204, v)
    s.w(0x22D0, 0x00401000)                # VAP_PVS_CODE_CNTL_0: composite, no mask
    s.w(0x22D8, 4)                         # VAP_PVS_CODE_CNTL_1
    s.w(0x22D4, 0x00030000)                # VAP_PVS_CONST_CNTL
    s.w(0x4074, 0 | 1 << 6 | 62 << 12 | 63 << 18)   # RS_IP_0: S, T, K0, K1
    s.w(0x4320, 1 << 4)                    # RS_INST_0: TEX_ID 0, TEX_CN
    tw, th = 64.0, 32.0

    tex_consts(s, (1.0, 0.0, 0.0, 1.0 / tw, 0.0, 1.0, 0.0, 1.0 / th))
    tex_quad(s, 2.0, 3.0, 30.0, 21.0, 0.0, 0.0, 64.0, 32.0)
    tex_consts(s, (0.70710677, -0.70710677, 16.0, 1.0 / tw, 0.70710677, 0.70710677, -4.0, 1.0 / th))
    tex_quad(s, 20.0, 18.0, 46.0, 39.0, 1.5, 2.5, 40.5, 30.5)
    return [s]


# ---- the programmable fragment path (RS_COUNT != 0): r5xx.us, r5xx.tx (docs/blocks/r5xx.gfx3d.md
# "The fragment shader") ------------------------------------------------------------------------

GA_US_VECTOR_INDEX, GA_US_VECTOR_DATA = 0x4250, 0x4254
US_CONFIG, US_PIXSIZE, US_CODE_ADDR, US_CODE_RANGE, US_CODE_OFFSET = 0x4600, 0x4604, 0x4630, 0x4634, 0x4638
US_OUT_FMT_0, US_W_FMT = 0x46A4, 0x46B4
RS_COUNT, RS_INST_COUNT = 0x4300, 0x4304
TBUF = 0x00200000


def _us_programs():
    from blocks import r5xx_us_directed as usd
    return usd.PACKED, usd.PLANAR, usd.BICUBIC, usd.NOBICUBIC


PACKED_US, PLANAR_US, BICUBIC_US, NOBICUBIC_US = _us_programs()


def us_program(s, words, consts=(), fmt0=0x00001B00, pixsize=1):
    """A fragment program loaded as both drivers do (r5xx-shaders.md §2.2, §3.3): the output
    formats (target 0 as given, 1-3 UNUSED 0x1B0F), W0, US_CONFIG ZERO_TIMES_ANYTHING, PIXSIZE,
    CODE_RANGE/OFFSET/ADDR, GA_US_VECTOR_INDEX 0 and six dwords an instruction; then the
    constants from c0 (GA_US_VECTOR_INDEX TYPE 1)."""
    n = len(words)
    s.w(US_OUT_FMT_0, fmt0)
    for t in (1, 2, 3):
        s.w(US_OUT_FMT_0 + 4 * t, 0x00001B0F)
    s.w(US_W_FMT, 0)
    s.w(US_CONFIG, 2)
    s.w(US_PIXSIZE, pixsize)
    s.w(US_CODE_RANGE, (n - 1) << 16)
    s.w(US_CODE_OFFSET, 0)
    s.w(US_CODE_ADDR, (n - 1) << 16)
    s.w(GA_US_VECTOR_INDEX, 0)
    for ins in words:
        for d in ins:
            s.w(GA_US_VECTOR_DATA, d)
    if consts:
        s.w(GA_US_VECTOR_INDEX, 1 << 16)
        for c in consts:
            for v in c:
                s.w(GA_US_VECTOR_DATA, f32(v))


def r300g_const():
    """A Mesa-r300g-style frame through the fragment shader (issue 26's motivating bug: a clear
    colour from a fragment-shader constant rendered as 0): Mesa routes at least one colour
    (RS_COUNT = IC_COUNT 1 | HIRES_EN, RS_INST_0 COL_CN to r0; r300_state_derived.c), and the
    program writes the clear colour c0 (OUT c0: MOV OUT[COLOR0], CONST[0]) over black vertices;
    then a depth-tested Gouraud triangle modulated by a constant (OUT r0 * c1), one whose
    shader alpha ramps across it, half killed by the alpha test (FG, GREATER 0.5), one fogged
    with a constant factor (FG_FOG_BLEND FN 3), a triangle with RS_COUNT = 0 again (the fixed
    path), and a quad whose depth the program writes (W_OMASK, US_W_FMT W24)."""
    from blocks import r5xx_us_directed as usd
    w, h = 40, 24
    s = Stim('r300g_const', 'a Mesa-r300g-style draw whose colour comes from a fragment-shader constant '
                            '(OUT c0), a constant-modulated Gouraud triangle, an alpha-tested one, then '
                            'the fixed path again (40x24, ARGB8888, Z24S8)',
             backpressure='random:0.5', latency='1:4')
    common_state(s, w, h)
    s.w(RS_COUNT, 1 << 7 | 1 << 18)        # IC_COUNT 1, HIRES_EN (Mesa)
    s.w(RS_INST_COUNT, 0)                  # one RS instruction
    s.w(0x4320, 1 << 16)                   # RS_INST_0: colour 0 -> r0 (COL_ADDR 0)
    const = usd.alu_inst(typ=1, ra=(0x100, 0x100, 0x100), aa=(0x100, 0x100, 0x100), swz_b=(6, 6, 6),
                         swz_c=(4, 4, 4), aswz=(3, 6, 4), wm=0, awm=0, om=7, aom=1, last=1)
    us_program(s, [const], consts=[(0.2, 0.6, 0.9, 1.0), (1.0, 0.5, 0.25, 1.0)])
    s.w(0x4F00, 0x6)                       # ZB_CNTL: Z_ENABLE, ZWRITEENABLE
    s.w(0x4F04, 7)                         # ZFUNC ALWAYS
    black = (0.0, 0.0, 0.0, 1.0)
    embedded(s, 13, [(0, 0, 1.0, black), (w, 0, 1.0, black), (w, h, 1.0, black), (0, h, 1.0, black)])
    s.w(0x4F04, 1)                         # LESS
    # OUT r0 * c1: the interpolated colour modulated by a constant
    modul = usd.alu_inst(typ=1, ra=(0, 0x101, 0), aa=(0, 0x101, 0), swz_b=(0, 1, 2), swz_c=(4, 4, 4),
                         aswz=(3, 3, 4), wm=0, awm=0, om=7, aom=1, last=1)
    us_program(s, [modul], consts=[(0.2, 0.6, 0.9, 1.0), (1.0, 0.5, 0.25, 1.0)])
    embedded(s, 4, [(1.5, 1.0, 0.30, (1.0, 0.15, 0.10, 1.0)), (30.0, 3.0, 0.70, (0.90, 0.95, 0.10, 1.0)),
                    (6.0, 22.0, 0.50, (0.60, 0.85, 0.95, 1.0))])
    # the alpha test on the shader's alpha (FG): alpha ramps 0 -> 1 left to right, GREATER 0.5
    s.w(0x4BD4, 0x80 | 4 << 8 | 1 << 11 | 1 << 12)
    embedded(s, 4, [(18.0, 4.0, 0.10, (1.0, 1.0, 1.0, 0.0)), (39.0, 10.0, 0.10, (1.0, 1.0, 1.0, 1.0)),
                    (20.0, 23.0, 0.10, (1.0, 1.0, 1.0, 0.1))])
    s.w(0x4BD4, 0)
    # fog with a constant factor (FG_FOG_BLEND ENABLE | FN 3): about half way to orange
    s.w(0x4BC4, 0x1F0)                     # FG_FOG_FACTOR
    s.w(0x4BC8, 0x3FF)                     # FG_FOG_COLOR_R
    s.w(0x4BCC, 0x180)                     # FG_FOG_COLOR_G
    s.w(0x4BD0, 0x020)                     # FG_FOG_COLOR_B
    s.w(0x4BC0, 1 | 3 << 1)
    embedded(s, 4, [(2.0, 14.0, 0.05, (0.1, 0.2, 0.9, 1.0)), (16.0, 12.0, 0.05, (0.1, 0.9, 0.2, 1.0)),
                    (8.0, 23.5, 0.05, (0.9, 0.1, 0.2, 1.0))])
    s.w(0x4BC0, 0)
    # the fixed path again (RS_COUNT = 0): the raster's own colour
    s.w(RS_COUNT, 0)
    embedded(s, 4, [(30.0, 12.0, 0.05, (0.0, 1.0, 0.0, 1.0)), (39.0, 23.0, 0.05, (0.0, 1.0, 1.0, 1.0)),
                    (26.0, 23.0, 0.05, (0.0, 0.5, 0.0, 1.0))])
    # the shader's depth (OUT with W_OMASK, US_W_FMT W24): a quad whose vertices are far (0.95) but
    # whose program writes W = c2.a = 0.25, so it passes LESS over the triangles at 0.3-0.7
    s.w(RS_COUNT, 1 << 7 | 1 << 18)
    wout = usd.alu_inst(typ=1, ra=(0x102, 0x102, 0x102), aa=(0x102, 0x102, 0x102), swz_b=(6, 6, 6),
                        swz_c=(4, 4, 4), aswz=(3, 6, 4), wm=0, awm=0, om=7, aom=1, wout=1, last=1)
    us_program(s, [wout], consts=[(0.2, 0.6, 0.9, 1.0), (1.0, 0.5, 0.25, 1.0), (1.0, 1.0, 0.0, 0.25)])
    s.w(US_W_FMT, 1)
    embedded(s, 13, [(0, 4, 0.95, black), (14, 4, 0.95, black), (14, 20, 0.95, black), (0, 20, 0.95, black)])
    s.w(US_W_FMT, 0)
    return [s]


def exa_composite():
    """xf86-video-ati's EXA Composite through the whole programmable path (r5xx-shaders.md §3.2,
    §3.3 (a); radeon_exa_render.c:1523-2057, radeon_accel.c:790-812): the 14 preloaded PVS
    instructions with the no-mask window 0-4 and the texture-size constants, RS_COUNT 0x00040002,
    RS_INST_COUNT 0, RS_IP_0 0x00FFE040, RS_INST_0 0x10; the literal US program (a): TEX LD map 0
    -> r0, then OUT with the a8r8g8b8-source words 00DB2220 / 00C8C000, US_OUT_FMT_0 0x00001B00;
    sampler 0 an ARGB8888 16x16 linear source (TX_FORMAT1 8_8_8_8 with the B G R A selects of
    R300_EASY_TX_FORMAT), bilinear MAG/MIN.  Two quads: PictOpSrc (no blend) with clamp-to-last,
    then PictOpOver (ONE, INVSRCALPHA) under a Render transform with repeat."""
    from blocks import r5xx_pvs_directed as pv
    from blocks import r5xx_us_directed as usd
    w, h, tw, th = 48, 40, 16, 16
    s = Stim('exa_composite', 'XATI EXA Composite: the PVS program, the literal US TEX+OUT program, an '
                              'ARGB8888 16x16 source sampled bilinear by r5xx.tx, Src then Over (48x40)',
             backpressure='random:0.5', latency='1:4')
    common_state(s, w, h)
    s.w(0x4F00, 0)                         # ZB_CNTL: no depth test (2D work)
    s.w(0x2140, 0)                         # VAP_CNTL_STATUS: the PVS path
    s.w(0x2150, 0x66014001)
    s.w(0x21E0, 0xF688F688)
    s.w(0x20B4, 4)
    s.w(0x2090, 1)
    s.w(0x2094, 0x2)
    screen_space_clip(s)                   # VAP_CLIP_CNTL, guard band, VAP_VTE_CNTL as XATI
    s.w(0x2284, 0)
    s.w(0x2200, 0)
    for ins in pv.XATI:
        for v in ins:
            s.w(0x2204, v)
    s.w(0x22D0, 0x00401000)
    s.w(0x22D8, 4)
    s.w(0x22D4, 0x00030000)
    # RS as XATI: one texture, 2 components (radeon_exa_render.c:1878-1892, radeon_accel.c:790-812)
    s.w(0x4074, 0x00FFE040)                # RS_IP_0: S, T, K0, K1
    s.w(0x4320, 0x10)                      # RS_INST_0: tex 0 -> r0
    s.w(RS_INST_COUNT, 0)
    s.w(RS_COUNT, 0x00040002)
    us_program(s, [usd.TEX_A, usd.out_a(0x00DB2220, 0x00C8C000)])
    # the source texture: a colour ramp with a diagonal alpha band, ARGB8888, linear
    tex = []
    for y in range(th):
        for x in range(tw):
            a = 0xFF if (x + y) % 5 else 0x60
            tex.append(a << 24 | (x * 16 + 8) << 16 | (y * 16 + 8) << 8 | ((x ^ y) * 16 & 0xFF))
    s.preload(TBUF, tex)
    s.w(0x4104, 1)                         # TX_ENABLE: map 0
    s.w(0x4480, (tw - 1) | (th - 1) << 11)  # TX_FORMAT0: 16x16
    s.w(0x44C0, 12 | 3 << 9 | 2 << 12 | 1 << 15 | 0 << 18)   # TX_FORMAT1: 8_8_8_8, A R G B selects
    s.w(0x4500, 0)                         # TX_FORMAT2
    s.w(0x4540, TBUF)                      # TX_OFFSET: linear
    s.w(0x4400, 2 | 2 << 3 | 2 << 9 | 2 << 11)   # TX_FILTER0: clamp to last, bilinear MAG/MIN
    s.w(0x4440, 0)                         # TX_FILTER1

    tex_consts(s, (1.0, 0.0, 0.0, 1.0 / tw, 0.0, 1.0, 0.0, 1.0 / th))
    tex_quad(s, 2.0, 3.0, 30.0, 21.0, -2.0, -1.0, 18.0, 17.0)      # Src, magnified, clamped at the edges
    s.w(0x4400, 0 | 0 << 3 | 2 << 9 | 2 << 11)               # repeat
    s.w(0x4E04, 1 | 1 << 2 | 2 << 16 | 6 << 24)             # Over: ONE, INVSRCALPHA
    tex_consts(s, (0.70710677, -0.70710677, 6.0, 1.0 / tw, 0.70710677, 0.70710677, -4.0, 1.0 / th))
    tex_quad(s, 20.0, 18.0, 46.0, 39.0, 1.5, 2.5, 30.5, 24.5)
    s.w(0x4E04, 1 << 2)
    return [s]


# ---- xf86-video-ati, as R300PrepareComposite / R500PrepareTexturedVideo emit it on R5xx
# (radeon_exa_render.c, radeon_textured_videofuncs.c; r5xx-shaders.md §3.2, §3.3) ---------------

def preload_background(s, w, h, cell=8):
    """The destination's old contents, preloaded: a grey checkerboard with a faint blue ramp in a
    linear ARGB8888 colour buffer (RB3D_COLORPITCH0 without COLORTILE, as the driver writes it
    for an untiled pixmap), so an OVER or a scissored draw shows what it leaves."""
    s.w(0x4E38, w | 6 << 21)               # RB3D_COLORPITCH0: linear, ARGB8888
    words = []
    for y in range(h):
        for x in range(w):
            g = 0x58 if ((x // cell) + (y // cell)) & 1 else 0x40
            words.append(0xFF000000 | g << 16 | g << 8 | min(255, g + 2 * y))
    s.preload(CBUF, words)


def xati_exa_vap(s, mask):
    """The VAP and PVS state R300PrepareComposite writes with hardware TCL (radeon_exa_render.c,
    the has_tcl branches; r5xx-shaders.md §3.2): FLOAT_2 position -> IVM 0, FLOAT_2 source
    coordinates -> IVM 6 (and the mask's -> IVM 7), the preloaded program's window 0-4 (0-8 with a
    mask), PVS_CONST_CNTL 0x00030000, VAP_OUT_VTX_FMT_1 two components a texture set, and the
    screen-space clip/VTE state (decision G5)."""
    from blocks import r5xx_pvs_directed as pv
    s.w(0x2140, 0)                         # VAP_CNTL_STATUS: the PVS path
    if mask:
        s.w(0x2150, 0x46014001)            # PROG_STREAM_CNTL_0: pos -> 0, src -> 6 (not last)
        s.w(0x2154, 0x00006701)            # PROG_STREAM_CNTL_1: mask -> 7, LAST_VEC, SIGNED
        s.w(0x21E0, 0xF688F688)
        s.w(0x21E4, 0x0000F688)
    else:
        s.w(0x2150, 0x66014001)
        s.w(0x21E0, 0xF688F688)
    s.w(0x2090, 1)                         # VAP_OUT_VTX_FMT_0: position
    s.w(0x2094, 0x12 if mask else 0x2)     # VAP_OUT_VTX_FMT_1: 2 components per texture set
    screen_space_clip(s)
    s.w(0x2284, 0)                         # VAP_PVS_STATE_FLUSH_REG
    s.w(0x2200, 0)                         # the program preloaded at init (RADEONInit3DEngine)
    for ins in pv.XATI:
        for v in ins:
            s.w(0x2204, v)
    s.w(0x22D4, 0x00030000)                # VAP_PVS_CONST_CNTL
    s.w(0x22D0, 0x00802000 if mask else 0x00401000)   # VAP_PVS_CODE_CNTL_0
    s.w(0x22D8, 8 if mask else 4)          # VAP_PVS_CODE_CNTL_1
    s.w(0x20B4, 6 if mask else 4)          # VAP_VTX_SIZE


def xati_texture(s, unit, offset, w, h, pitch, fmt1, wrap, bilinear=True):
    """R300TextureSetup for sampler `unit` (radeon_exa_render.c): TX_FILTER0 = the wrap mode in S
    and T | MAG/MIN linear (or nearest) | TX_ID = unit << 28; TX_FILTER1 0; TX_FORMAT0 = W-1, H-1,
    TXPITCH_EN; TX_FORMAT1 the format word (r5xx-shaders.md §4.1); TX_FORMAT2 = the pitch in texels
    - 1; TX_OFFSET (linear: the driver sets MACRO_TILE only for a tiled pixmap)."""
    f = 2 if bilinear else 1
    s.w(0x4400 + 4 * unit, wrap | wrap << 3 | f << 9 | f << 11 | unit << 28)
    s.w(0x4440 + 4 * unit, 0)
    s.w(0x4480 + 4 * unit, (w - 1) | (h - 1) << 11 | 1 << 31)
    s.w(0x44C0 + 4 * unit, fmt1)
    s.w(0x4500 + 4 * unit, pitch - 1)
    s.w(0x4540 + 4 * unit, offset)


def xati_pvs_consts(s, unit, m, tw, th):
    """The two PVS constants of sampler `unit` at R5xx index 1024 + 2 unit: (m00, m01, m02, 1/w),
    (m10, m11, m12, 1/h), the Render transform's rows (identity when untransformed)."""
    s.w(0x2200, 1024 + 2 * unit)
    for v in (m[0][0], m[0][1], m[0][2], 1.0 / tw, m[1][0], m[1][1], m[1][2], 1.0 / th):
        s.w(0x2204, f32(v))


def xati_quad(s, x, y, w, h, src, msk=None):
    """RadeonCompositeTile's QUAD_LIST (3D_DRAW_IMMD_2, embedded): top-left, bottom-left,
    bottom-right, top-right, each (x, y, s0, t0[, s1, t1]) with the coordinates in texel units
    (has_tcl: texW = texH = 1; the PVS applies the transform and 1/w, 1/h)."""
    def corner(dx, dy):
        v = [x + dx, y + dy, src[0] + dx, src[1] + dy]
        if msk is not None:
            v += [msk[0] + dx, msk[1] + dy]
        return v
    s.w(0x2084, 13 | 3 << 4 | 4 << 16)
    for v in (corner(0, 0), corner(0, h), corner(w, h), corner(w, 0)):
        for c in v:
            s.w(0x2000, f32(c))


IDENT = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0))
EXA_OVER = 1 | 1 << 2 | 33 << 16 | 39 << 24   # GL_ONE, GL_ONE_MINUS_SRC_ALPHA | ALPHA_BLEND_ENABLE | READ_ENABLE
TX_ARGB8888 = 0x0000A60C                       # R300_EASY_TX_FORMAT(X, Y, Z, W, W8Z8Y8X8): a8r8g8b8
TX_A8 = 0x00124000                             # R300_EASY_TX_FORMAT(ZERO, ZERO, ZERO, X, X8): a8


def exa_mask():
    """xf86-video-ati's EXA Composite WITH a mask (R300PrepareComposite's R500 path,
    radeon_exa_render.c; r5xx-shaders.md §3.3 (b)): PictOpOver of an a8r8g8b8 source through an
    a8 mask (component alpha off) onto an a8r8g8b8 destination whose old contents are a
    checkerboard.  VAP/PVS: the preloaded program's window 0-8 (two texture sets), 6 floats a
    vertex.  RS_COUNT 0x00040004, RS_INST_COUNT 1, RS_IP_0/1 0x00FFE040/0x00FFE0C2, RS_INST_0/1
    0x10/0x31 (radeon_accel.c's init).  US: the literal three-instruction program (b) with the
    OUT words for 'source has A, mask with A, not CA' (006DA220 / 0068C000: src.rgb * mask.a,
    src.a * mask.a).  Sampler 0 the source (TX_FORMAT1 0x0000A60C), sampler 1 the mask (0x00124000,
    8x8 texels in a 32-byte pitch), both bilinear.  Quad 1: the 8x8 source REPEATs (TX wrap 0)
    four times across it, the mask is a soft disc with RepeatPad (CLAMP_LAST, 2) magnified 3x
    with its edge texels stretched outwards.  Quad 2: the 16x16 source with RepeatPad under a
    Render transform (a rotation and scale), the mask disc REPEATed about 2x2 (scaled by a transform)."""
    from blocks import r5xx_us_directed as usd
    w, h = 48, 40
    s = Stim('exa_mask', 'XATI EXA Composite with an a8 mask: PictOpOver, the literal 3-instruction US program, '
                         'source repeat and pad, mask pad and repeat, bilinear (48x40 over a checkerboard)',
             backpressure='random:0.5', latency='1:4')
    common_state(s, w, h)
    preload_background(s, w, h)
    s.w(0x4F00, 0)                         # ZB_CNTL: no depth test (2D work)
    # textures: an 8x8 repeating source (stripes), a 16x16 padded source (a ramp with a border),
    # an 8x8 a8 mask (a soft disc) in a 32-byte pitch
    src8 = TBUF
    src16 = TBUF + 0x400
    mask8 = TBUF + 0x800
    t = []
    for y in range(8):
        for x in range(8):
            c = [(0xFF, 0xE0, 0x30), (0xFF, 0x60, 0x20), (0x30, 0xA0, 0xFF), (0x40, 0xE0, 0x60)][((x + y) // 2) % 4]
            t.append(0xFF << 24 | c[0] << 16 | c[1] << 8 | c[2])
    s.preload(src8, t)
    t = []
    for y in range(16):
        for x in range(16):
            edge = x in (0, 15) or y in (0, 15)
            a = 0xFF if edge else 0xC0
            r, g, b = (0xFF, 0xFF, 0xFF) if edge else (x * 16, 0x40 + y * 8, 0xFF - x * 12)
            # premultiplied (Render's convention): colour <= alpha
            t.append(a << 24 | (r * a // 255) << 16 | (g * a // 255) << 8 | (b * a // 255))
    s.preload(src16, t)
    m = []
    for y in range(8):
        row = []
        for x in range(32):
            d2 = (x - 3.5) ** 2 + (y - 3.5) ** 2 if x < 8 else 99.0
            row.append(max(0, min(255, int(255 * (3.6 - d2 ** 0.5) / 1.6))) if x < 8 else 0xA5)
        m += [row[i] | row[i + 1] << 8 | row[i + 2] << 16 | row[i + 3] << 24 for i in range(0, 32, 4)]
    s.preload(mask8, m)
    xati_exa_vap(s, mask=True)
    # RS (radeon_accel.c's init values; RS_COUNT / RS_INST_COUNT from R300PrepareComposite)
    s.w(0x4074, 0x00FFE040)                # RS_IP_0: S, T, K0, K1
    s.w(0x4078, 0x00FFE0C2)                # RS_IP_1: S, T of the second set
    s.w(0x4320, 0x10)                      # RS_INST_0: tex 0 -> r0
    s.w(0x4324, 0x31)                      # RS_INST_1: tex 1 -> r1
    s.w(RS_COUNT, 0x00040004)
    s.w(RS_INST_COUNT, 1)
    tex0 = [0x00187803, 0x04400000, 0xE4000400, 0, 0, 0]
    tex1 = [0x00187807, 0x06410000, 0xE4010401, 0x00010001, 0, 0]
    us_program(s, [tex0, tex1, usd.out_a(0x006DA220, 0x0068C000)])
    s.w(0x4E04, EXA_OVER)
    s.w(0x4100, 0)                         # TX_INVALTAGS
    s.w(0x4104, 3)                         # TX_ENABLE: maps 0 and 1
    # quad 1: source RepeatNormal (wrap), mask RepeatPad (clamp to last), magnified 3x
    xati_texture(s, 0, src8, 8, 8, 8, TX_ARGB8888, 0)
    xati_texture(s, 1, mask8, 8, 8, 32, TX_A8, 2)
    xati_pvs_consts(s, 0, IDENT, 8, 8)
    xati_pvs_consts(s, 1, ((1 / 3.0, 0.0, -1.0), (0.0, 1 / 3.0, -1.0)), 8, 8)
    xati_quad(s, 2, 2, 30, 30, (0.0, 0.0), (0.0, 0.0))
    # quad 2: the padded 16x16 source under a rotation, the mask repeated 2x2
    xati_texture(s, 0, src16, 16, 16, 16, TX_ARGB8888, 2)
    xati_texture(s, 1, mask8, 8, 8, 32, TX_A8, 0)
    xati_pvs_consts(s, 0, ((0.5625, -0.1875, 3.0), (0.1875, 0.5625, -2.0)), 16, 16)
    xati_pvs_consts(s, 1, ((0.6875, 0.0, 0.0), (0.0, 0.6875, 0.0)), 8, 8)
    xati_quad(s, 22, 14, 24, 24, (0.0, 0.0), (0.0, 0.0))
    s.w(0x4E04, 1 << 2)
    return [s]


# ---- Xv textured video (R500PrepareTexturedVideo / R500DisplayTexturedVideo,
# radeon_textured_videofuncs.c; r5xx-shaders.md §3.3 (c)-(f)) -------------------------------------

# 75% colour bars in BT.601 Y'CbCr (white, yellow, cyan, green, magenta, red, blue, black)
BARS = [(180, 128, 128), (162, 44, 142), (131, 156, 44), (112, 72, 58),
        (84, 184, 198), (65, 100, 212), (35, 212, 114), (16, 128, 128)]


def test_frame(w, h):
    """A w x h YUV 4:4:4 test frame (Y, Cb, Cr per pixel): eight 75% colour bars over the top two
    thirds, a luma ramp 16..235 with neutral chroma below."""
    top = h * 2 // 3
    f = []
    for y in range(h):
        for x in range(w):
            if y < top:
                f.append(BARS[x * 8 // w])
            else:
                f.append((16 + (235 - 16) * x // (w - 1), 128, 128))
    return f


def f32r(x):
    """x rounded to binary32 (the driver computes its constants in C floats)."""
    return struct.unpack('<f', struct.pack('<f', x))[0]


def xv_constants():
    """The driver's colour-space constants for BT.601 at the default attributes (brightness 0,
    contrast 0, saturation 0, hue 0, gamma 1000: cont = 1, uvcos = 1, uvsin = 0;
    radeon_textured_videofuncs.c, R500PrepareTexturedVideo, trans[0]), computed in binary32 as the
    C code does: c0 = (off.r, off.g, off.b, yco), c1 = (uco.r, uco.g, uco.b, gamma), c2 = (vco.r,
    vco.g, vco.b, 0).  uco.r = -RefRCr * uvsin is -0.0."""
    r = f32r
    luma, rcr, gcb, gcr, bcb = r(1.1643), r(1.5958), r(-0.39173), r(-0.8129), r(2.017)
    uvcos, uvsin = 1.0, 0.0
    yco = r(luma * 1.0)
    uco = [r(-rcr * uvsin), r(r(gcb * uvcos) - r(gcr * uvsin)), r(bcb * uvcos)]
    vco = [r(rcr * uvcos), r(r(gcb * uvsin) + r(gcr * uvcos)), r(bcb * uvsin)]
    off = [r(r(r(r(-0.0627) * yco) + r(r(-0.502) * r(uco[i] + vco[i]))) + 0.0) for i in range(3)]
    return [(off[0], off[1], off[2], yco), (uco[0], uco[1], uco[2], 1.0), (vco[0], vco[1], vco[2], 0.0)]


def xv_common(s, bicubic=False):
    """The VAP/PVS/RS state of R500PrepareTexturedVideo with hardware TCL: FLOAT_2 position ->
    IVM 0, FLOAT_2 texture coordinates -> IVM 6 (bicubic: and the texel-unit set -> IVM 7), the
    preloaded program's window 9-10 (bicubic 11-13), VAP_OUT_VTX_FMT_1 one (two) sets of two,
    US_OUT_FMT_0 0x1B00, RS (2 or 4 interpolated components, HIRES_EN), no blending
    (RB3D_BLENDCNTL GL_ONE, GL_ZERO without ALPHA_BLEND_ENABLE), VAP_VTX_SIZE 4 (6)."""
    from blocks import r5xx_pvs_directed as pv
    s.w(0x2140, 0)                         # VAP_CNTL_STATUS: the PVS path (has_tcl)
    screen_space_clip(s)                   # the 3D init's clip/VTE state (decision G5)
    s.w(0x2200, 0)                         # the programs RADEONInit3DEngine preloads
    for ins in pv.XATI:
        for v in ins:
            s.w(0x2204, v)
    s.w(0x22D4, 0x00030000)                # VAP_PVS_CONST_CNTL (init; no Xv program reads a constant)
    if bicubic:
        s.w(0x2150, 0x46014001)
        s.w(0x2154, 0x00006701)
        s.w(0x21E0, 0xF688F688)
        s.w(0x21E4, 0x0000F688)
        s.w(0x22D0, 11 | 13 << 10 | 13 << 20)   # VAP_PVS_CODE_CNTL_0 0x00D0340B
        s.w(0x22D8, 13)
    else:
        s.w(0x2150, 0x66014001)
        s.w(0x21E0, 0xF688F688)
        s.w(0x22D0, 9 | 10 << 10 | 10 << 20)    # VAP_PVS_CODE_CNTL_0 0x00A02809
        s.w(0x22D8, 10)
    s.w(0x2090, 1)                         # VAP_OUT_VTX_FMT_0: position
    s.w(0x2094, 0x12 if bicubic else 0x2)  # VAP_OUT_VTX_FMT_1
    s.w(0x4074, 0x00FFE040)                # RS_IP_0 (init)
    s.w(0x4078, 0x00FFE0C2)                # RS_IP_1 (init)
    s.w(0x4320, 0x10)                      # RS_INST_0 (init): tex 0 -> r0
    s.w(0x4324, 0x31)                      # RS_INST_1 (init): tex 1 -> r1
    s.w(RS_COUNT, 0x00040004 if bicubic else 0x00040002)
    s.w(RS_INST_COUNT, 1 if bicubic else 0)


def xv_sampler(s, unit, fmt1, offset, w, h, pitch, wrap=2, filt=2):
    """A TX sampler as R500PrepareTexturedVideo writes it: TX_FILTER0 = CLAMP_LAST in S and T (the
    table: WRAP), MAG/MIN linear (the table: nearest), TX_ID = unit; TX_FILTER1 0; TX_FORMAT0 =
    W-1, H-1, TXPITCH_EN; TX_FORMAT1 as given; TX_FORMAT2 = the pitch in texels - 1; TX_OFFSET."""
    s.w(0x4400 + 4 * unit, wrap | wrap << 3 | filt << 9 | filt << 11 | unit << 28)
    s.w(0x4440 + 4 * unit, 0)
    s.w(0x4480 + 4 * unit, (w - 1) | (h - 1) << 11 | 1 << 31)
    s.w(0x44C0 + 4 * unit, fmt1)
    s.w(0x4500 + 4 * unit, pitch - 1)
    s.w(0x4540 + 4 * unit, offset)


def xv_draw(s, box, src, vw, vh, bicubic=False):
    """R500DisplayTexturedVideo for one clip box (x, y, w, h) showing the source rectangle src =
    (sx, sy, sw, sh) of a vw x vh frame: SC_SCISSOR0/1 to the box, then one TRI_LIST triangle
    (3D_DRAW_IMMD_2, embedded) twice the box's size, its texture coordinates normalised and
    extended to match (bicubic: a second, texel-unit set + 0.5)."""
    x, y, w, h = box
    sx, sy, sw, sh = src
    r = f32r
    s.w(0x43E0, x | y << 13)
    s.w(0x43E4, (x + w - 1) | (y + h - 1) << 13)
    ey = r(r(sy) + r(r(sh) * r(r(r(w) / r(h)) + 1.0)))
    ex = r(r(sx) + r(r(sw) * r(r(r(h) / r(w)) + 1.0)))
    verts = [(x, y, r(sx / vw), r(sy / vh), r(sx + 0.5), r(sy + 0.5)),
             (x, y + h + w, r(sx / vw), r(ey / vh), r(sx + 0.5), r(ey + 0.5)),
             (x + w + h, y, r(ex / vw), r(sy / vh), r(ex + 0.5), r(sy + 0.5))]
    s.w(0x2084, 4 | 3 << 4 | 3 << 16)
    for v in verts:
        for c in (v if bicubic else v[:4]):
            s.w(0x2000, f32(c))


def xv_begin(s, w, h):
    common_state(s, w, h)
    preload_background(s, w, h)
    s.w(0x4F00, 0)                         # ZB_CNTL: no depth test
    s.w(0x4E04, 33 << 16 | 32 << 24)       # RB3D_BLENDCNTL: GL_ONE, GL_ZERO ("no need to enable blending")


def xv_packed():
    """Xv textured video, packed 4:2:2 (r5xx-shaders.md §3.3 (f), radeon_textured_videofuncs.c
    R500PrepareTexturedVideo with bicubic off): a 32x24 YUY2 frame (TX_FORMAT1 0x14, VYUY422,
    the driver's word with every select 0) upscaled to a 40x30 box, then the same frame as UYVY
    (0x15, YVYU422) downscaled to a 16x12 box over it; sampler 0 bilinear, CLAMP_LAST, pitch in
    pixels; the literal 4-instruction US program (luma from green, Cb from blue, Cr from red:
    r5xx.tx decision D23) with the BT.601 constants; one oversized scissored triangle each."""
    from blocks import r5xx_us_directed as usd
    w, h, vw, vh = 48, 40, 32, 24
    s = Stim('xv_packed', 'XATI Xv textured video, packed 4:2:2: a YUY2 colour-bar frame upscaled, the '
                          'same as UYVY downscaled over it; literal 4-instruction US program (48x40)',
             backpressure='random:0.5', latency='1:4')
    xv_begin(s, w, h)
    frame = test_frame(vw, vh)
    pitch = 64                             # bytes: the frame's rows aligned to 64 (texels 32)
    yuy2, uyvy = [], []
    for y in range(vh):
        for x in range(0, pitch // 2, 2):
            (y0, u0, v0), (y1, u1, v1) = frame[y * vw + x], frame[y * vw + x + 1]
            u, v = (u0 + u1 + 1) // 2, (v0 + v1 + 1) // 2
            yuy2.append(y0 | u << 8 | y1 << 16 | v << 24)
            uyvy.append(u | y0 << 8 | v << 16 | y1 << 24)
    s.preload(TBUF, yuy2)
    s.preload(TBUF + 0x1000, uyvy)
    xv_common(s)
    us_program(s, PACKED_US, consts=xv_constants(), pixsize=1)
    for fmt, off, box, src in ((0x14, TBUF, (4, 3, 40, 30), (0, 0, vw, vh)),
                               (0x15, TBUF + 0x1000, (29, 25, 16, 12), (0, 0, vw, vh))):
        xv_sampler(s, 0, fmt, off, vw, vh, pitch // 2)
        s.w(0x4100, 0)                     # TX_INVALTAGS
        s.w(0x4104, 1)                     # TX_ENABLE: map 0
        s.w(0x20B4, 4)                     # VAP_VTX_SIZE
        xv_draw(s, box, src, vw, vh)
    s.w(0x43D0, 0xAAAA)                    # SC_CLIP_RULE as the driver leaves it
    return [s]


def xv_planar():
    """Xv textured video, planar I420 (r5xx-shaders.md §3.3 (e)): a 32x24 frame as three X8
    planes (TX_FORMAT1 0x0, every select 0: the texel in every channel), Y 32x24 in a 32-byte
    pitch, U and V 16x12 in ALIGN(pitch / 2, 64) = 64 texels, maps 0/1/2 bilinear CLAMP_LAST
    (TX_ID 0/1/2), TX_ENABLE 7; the literal 6-instruction US program with the BT.601 constants;
    upscaled to a 40x30 box."""
    w, h, vw, vh = 48, 40, 32, 24
    s = Stim('xv_planar', 'XATI Xv textured video, planar I420: three X8 planes (Y, U, V) sampled '
                          'bilinear, literal 6-instruction US program (48x40)',
             backpressure='random:0.5', latency='1:4')
    xv_begin(s, w, h)
    frame = test_frame(vw, vh)
    ypitch, cpitch = 32, 64
    ybuf = [frame[y * vw + x][0] if x < vw else 0 for y in range(vh) for x in range(ypitch)]
    cw, ch = (vw + 1) // 2, (vh + 1) // 2

    def plane(k):
        out = []
        for y in range(ch):
            for x in range(cpitch):
                if x < cw:
                    q = [frame[(2 * y + j) * vw + 2 * x + i][k] for j in (0, 1) for i in (0, 1)]
                    out.append((sum(q) + 2) // 4)
                else:
                    out.append(0)
        return out

    def words(b):
        return [b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24 for i in range(0, len(b), 4)]
    uoff, voff = TBUF + ypitch * vh, TBUF + ypitch * vh + cpitch * ch   # I420: Y, U, V
    s.preload(TBUF, words(ybuf + plane(1) + plane(2)))
    xv_common(s)
    us_program(s, PLANAR_US, consts=xv_constants(), pixsize=2)
    xv_sampler(s, 0, 0x0, TBUF, vw, vh, ypitch)
    xv_sampler(s, 1, 0x0, uoff, cw, ch, cpitch)
    xv_sampler(s, 2, 0x0, voff, cw, ch, cpitch)
    s.w(0x4100, 0)                         # TX_INVALTAGS
    s.w(0x4104, 7)                         # TX_ENABLE: maps 0, 1, 2
    s.w(0x20B4, 4)                         # VAP_VTX_SIZE
    xv_draw(s, (4, 3, 40, 30), (0, 0, vw, vh), vw, vh)
    s.w(0x43D0, 0xAAAA)
    return [s]


def bicubic_table():
    """The 128x1 FP16x4 weight table of the Xv bicubic filter: entry k (a = k / 128) holds the
    cubic B-spline's offsets and weights h0 = 1 - w1 / (w0 + w1) + a, h1 = 1 + w3 / (w2 + w3) - a,
    g0 = w0 + w1, g1 = w2 + w3 (w0..w3 the B-spline basis at a) as components C0..C3, each rounded
    to binary16 (to nearest even); computed from the formula of xf86-video-ati's
    src/bicubic_table.py (the 128 entries uploaded as the first 1,024 bytes of bicubic_tex_512,
    radeon_textured_video.c), not copied from its header.  Returns 256 dwords (C0 | C1 << 16,
    C2 | C3 << 16 per texel)."""
    def h16(x):
        return struct.unpack('<H', struct.pack('<e', x))[0]
    out = []
    for k in range(128):
        a = k / 128.0
        w0 = (-a ** 3 + 3 * a * a - 3 * a + 1) / 6.0
        w1 = (3 * a ** 3 - 6 * a * a + 4) / 6.0
        w2 = (-3 * a ** 3 + 3 * a * a + 3 * a + 1) / 6.0
        w3 = a ** 3 / 6.0
        c = [1 - w1 / (w0 + w1) + a, 1 + w3 / (w2 + w3) - a, w0 + w1, w2 + w3]
        out += [h16(c[0]) | h16(c[1]) << 16, h16(c[2]) | h16(c[3]) << 16]
    return out


def xv_bicubic():
    """Xv textured video with the bicubic attribute (r5xx-shaders.md §3.3 (c), (d)): a 16x12 YUY2
    colour-bar frame (TX_FORMAT1 0x14 | YUV_TO_RGB_CLAMP: TX converts to RGB, D13/D23) magnified
    to a 20x15 box with bicubic 'on but off for this frame' (program (d): TEX then OUT, the
    bicubic_state != OFF path below 2x upscaling), then magnified 2.5x to a 40x30 box by the
    14-instruction bicubic program: map 0 the video (bilinear, CLAMP_LAST), map 1 the 128x1 FP16x4
    B-spline table (TX_FORMAT1 0x0008861A, point, WRAP, pitch 127), c0 = (1/w, 1/h, 0, 0), PVS
    program 11-13 (two coordinate sets: normalised, and texel units + 0.5), 6 floats a vertex."""
    w, h, vw, vh = 48, 40, 16, 12
    s = Stim('xv_bicubic', 'XATI Xv textured video, bicubic: a YUY2 frame converted by TX (YUV_TO_RGB), '
                           'the 2-instruction and the 14-instruction (FP16 B-spline table) programs (48x40)',
             backpressure='random:0.5', latency='1:4')
    xv_begin(s, w, h)
    frame = test_frame(vw, vh)
    pitch = 64                             # bytes (32 texels; the frame is 16 wide)
    yuy2 = []
    for y in range(vh):
        for x in range(0, pitch // 2, 2):
            if x >= vw:
                yuy2.append(0x80108010)
                continue
            (y0, u0, v0), (y1, u1, v1) = frame[y * vw + x], frame[y * vw + x + 1]
            yuy2.append(y0 | ((u0 + u1 + 1) // 2) << 8 | y1 << 16 | ((v0 + v1 + 1) // 2) << 24)
    table = TBUF + 0x1000
    s.preload(TBUF, yuy2)
    s.preload(table, bicubic_table())
    vfmt = 0x14 | 1 << 22                  # VYUY422 | R300_TX_FORMAT_YUV_TO_RGB_CLAMP
    # (d): bicubic on/auto but off for this frame (radeon_textured_video.c: upscaling below 2x)
    xv_common(s)
    us_program(s, NOBICUBIC_US, pixsize=0)
    xv_sampler(s, 0, vfmt, TBUF, vw, vh, pitch // 2)
    s.w(0x4100, 0)
    s.w(0x4104, 1)
    s.w(0x20B4, 4)
    xv_draw(s, (2, 2, 20, 15), (0, 0, vw, vh), vw, vh)
    # (c): bicubic enabled
    xv_common(s, bicubic=True)
    us_program(s, BICUBIC_US, consts=[(1.0 / vw, 1.0 / vh, 0.0, 0.0)], pixsize=5)
    xv_sampler(s, 0, vfmt, TBUF, vw, vh, pitch // 2)
    xv_sampler(s, 1, 0x0008861A, table, 128, 1, 128, wrap=0, filt=1)   # FL_R16G16B16A16, point, wrap
    s.w(0x4100, 0)
    s.w(0x4104, 3)
    s.w(0x20B4, 6)
    xv_draw(s, (6, 8, 40, 30), (0, 0, vw, vh), vw, vh, bicubic=True)
    s.w(0x43D0, 0xAAAA)
    return [s]


def mesa_tcl_state(s, w, h, planes=()):
    """The clip/VTE state Mesa's gallium r300 emits with hardware TCL (docs/blocks/r5xx.clip.md D2):
    the guard band 1.0 (its invariant state), the viewport as 6 dwords from SE_VPORT_XSCALE
    (0x1D98), SE_VTE_CNTL = the six scale/offset enables | VTX_W0_FMT (0x43F: the chip divides),
    the user planes as VAP_PVS_VECTOR_INDX_REG = 1536 and 4 dwords each to 0x2208, VAP_CLIP_CNTL =
    UCP_ENA of each plane | PS_UCP_MODE 3 (r300_emit.c r300_emit_clip_state)."""
    for a in (0x2220, 0x2224, 0x2228, 0x222C):
        s.w(a, f32(1.0))
    for a, v in zip(range(0x1D98, 0x1DB0, 4), (w / 2.0, w / 2.0, -h / 2.0, h / 2.0, 0.5, 0.5)):
        s.w(a, f32(v))                     # GL's y up: the viewport flips y to the raster's rows
    s.w(0x20B0, 0x43F)
    if planes:
        s.w(0x2200, 1536)
        for pl in planes:
            for v in pl:
                s.w(0x2208, f32(v))
    s.w(0x221C, ((1 << len(planes)) - 1) | 3 << 14)


def perspective(fovy, aspect, near, far):
    """glFrustum's matrix for a symmetric frustum (rows), as Mesa's state.matrix.mvp holds it."""
    import math
    f = 1.0 / math.tan(math.radians(fovy) / 2.0)
    return [(f / aspect, 0.0, 0.0, 0.0), (0.0, f, 0.0, 0.0),
            (0.0, 0.0, (far + near) / (near - far), 2.0 * far * near / (near - far)), (0.0, 0.0, -1.0, 0.0)]


def matmul(a, b):
    return [tuple(sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)) for i in range(4)]


def pvs_clip():
    """The programmable path in clip space, as Mesa's r300 driver runs a vertex program with
    hardware TCL: the program is the ARB transform `DP4 result.position.{x,y,z,w},
    state.matrix.mvp.row[0..3], vertex.position` (four DP4s on the MVP rows in constants 0-3: a
    perspective projection, 90 degrees, near 1, far 20, times a model-view that moves the scene
    down and away) and the colour passed by a MAD (in1 * 1 + 0); r5xx.clip then clips, divides and
    maps the viewport (Mesa's clip/VTE state, mesa_tcl_state).  Drawn, depth-tested, over a clear:
    a ground quad (QUAD_LIST) that starts behind the camera, cut by the near plane; a wall
    triangle cut by user plane 0 (x <= 0.35 w in clip space); a strip crossing the right and top
    frustum planes; a triangle list with one triangle wholly behind the near plane, one wholly
    beyond user plane 0 and one wholly left of the frustum (all three culled), then one visible
    triangle."""
    from blocks import r5xx_pvs_directed as pv
    w, h = 64, 48
    s = Stim('pvs_clip', 'the PVS path in clip space: a Mesa-style MVP transform, the near plane and a user '
                         'clip plane cutting primitives, culled ones, divide and viewport (64x48, ARGB8888, Z24S8)',
             backpressure='random:0.5', latency='1:4')
    common_state(s, w, h)
    s.w(0x4F00, 0x6)                       # ZB_CNTL: Z_ENABLE, ZWRITEENABLE
    s.w(0x4F04, 7)                         # ZFUNC ALWAYS: the clear with the fixed path
    sky = (0.30, 0.45, 0.70, 1.0)
    embedded(s, 13, [(0, 0, 1.0, sky), (w, 0, 1.0, sky), (w, h, 1.0, sky), (0, h, 1.0, sky)])
    s.w(0x4F04, 1)                         # LESS
    # hardware TCL: PVS_BYPASS 0; position FLOAT_4 -> in0, colour FLOAT_4 -> in1
    s.w(0x2140, 0)
    s.w(0x2150, 3 | (3 | 1 << 8 | 1 << 13) << 16)
    mesa_tcl_state(s, w, h, planes=[(-1.0, 0.0, 0.0, 0.35)])
    prog = [(pv.dst(1, 'out', 0, we=c), pv.src('in', 0), pv.src('c', k), pv.src('c', k))
            for k, c in enumerate('xyzw')]
    prog.append((pv.dst(4, 'out', 1), pv.src('in', 1), pv.src('c', 4), pv.src('c', 5)))
    s.w(0x2200, 0)
    for ins in prog:
        for v in ins:
            s.w(0x2204, v)
    view = [(1.0, 0.0, 0.0, 0.0), (0.0, 1.0, 0.0, -1.0), (0.0, 0.0, 1.0, -0.5), (0.0, 0.0, 0.0, 1.0)]
    mvp = matmul(perspective(90.0, w / float(h), 1.0, 20.0), view)
    s.w(0x2200, 1024)
    for row in mvp + [(1.0, 1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 0.0)]:
        for v in row:
            s.w(0x2204, f32(v))
    s.w(0x22D0, 0 | 4 << 10 | 4 << 20)     # VAP_PVS_CODE_CNTL_0: instructions 0..4
    s.w(0x22D4, 0 | 255 << 16)             # VAP_PVS_CONST_CNTL
    # object space (the model-view moves it 1 down and 0.5 away): a ground quad from z = +1.2
    # (behind the camera) to z = -12, cut by the near plane
    g0, g1 = (0.35, 0.60, 0.20, 1.0), (0.10, 0.30, 0.05, 1.0)
    embedded(s, 13, [(-2.5, 0.0, 1.2, g0), (2.5, 0.0, 1.2, (0.5, 0.7, 0.2, 1.0)),
                     (3.0, 0.0, -12.0, g1), (-3.0, 0.0, -12.0, (0.2, 0.35, 0.1, 1.0))])
    # a wall triangle standing on the ground, cut by user plane 0
    embedded(s, 4, [(-1.5, 1.0, -4.0, (1.0, 0.2, 0.1, 1.0)), (2.5, 1.0, -4.0, (1.0, 0.9, 0.1, 1.0)),
                     (0.5, 3.5, -4.5, (0.9, 0.3, 0.8, 1.0))])
    # a strip crossing the right and top planes (also cut by the user plane: x <= 0.35 w)
    embedded(s, 6, [(-0.5, 1.5, -2.5, (0.1, 0.9, 0.9, 1.0)), (0.2, 4.0, -2.5, (0.1, 0.5, 0.9, 1.0)),
                    (0.4, 1.2, -2.0, (0.9, 0.9, 0.9, 1.0)), (1.6, 3.0, -2.2, (0.2, 0.2, 0.9, 1.0))])
    # culled: behind the near plane; beyond the user plane; left of the frustum; then one visible
    embedded(s, 4, [(-0.5, 1.0, 1.0, (1.0, 0.0, 0.0, 1.0)), (0.5, 1.0, 1.0, (1.0, 0.0, 0.0, 1.0)),
                    (0.0, 2.0, 0.8, (1.0, 0.0, 0.0, 1.0)),
                    (2.0, 1.0, -3.0, (0.0, 1.0, 0.0, 1.0)), (3.0, 1.0, -3.0, (0.0, 1.0, 0.0, 1.0)),
                    (2.5, 2.0, -3.0, (0.0, 1.0, 0.0, 1.0)),
                    (-9.0, 1.0, -3.0, (0.0, 0.0, 1.0, 1.0)), (-8.0, 1.0, -3.0, (0.0, 0.0, 1.0, 1.0)),
                    (-8.5, 2.0, -3.0, (0.0, 0.0, 1.0, 1.0)),
                    (-1.8, 1.2, -3.0, (1.0, 1.0, 1.0, 1.0)), (-0.8, 1.2, -3.2, (0.6, 0.6, 0.6, 1.0)),
                    (-1.3, 2.2, -3.1, (0.3, 0.3, 0.3, 1.0))])
    return [s]


def mesa_mesh():
    """A Mesa-r300g-style frame with a lit, textured mesh (scripts/blocks/r5xx_gfx3d_mesh.py, issue 26
    point 3): after a clear with the fixed path, hardware TCL with a vertex program doing the MVP
    transform and per-vertex lighting of a directional light (DP4 x4, DP3, MAX, MAD) and texture
    coordinates; a fragment program sampling two textures (bricks, a decal with an alpha mask) with
    Mesa's IF/ELSE/ENDIF; the state in r300g's emission order; a ground quad cut by the near plane
    and a cube cut by user clip plane 0, depth-tested, from vertex arrays through 16-bit indices."""
    from blocks import r5xx_gfx3d_mesh as mesh
    w = h = mesh.SIZE
    s = Stim('mesa_mesh', 'a Mesa-r300g-style lit, textured mesh: vertex program transform and lighting, '
                          'two textures and IF/ELSE/ENDIF in the fragment program, near-plane and '
                          'user-plane clipping (64x64, ARGB8888, Z24S8)',
             backpressure='random:0.5', latency='1:4')
    common_state(s, w, h)
    s.w(0x4F00, 0x6)                       # ZB_CNTL: Z_ENABLE, ZWRITEENABLE
    s.w(0x4F04, 7)                         # ZFUNC ALWAYS: the clear with the fixed path
    top, bottom = (0.35, 0.50, 0.78, 1.0), (0.70, 0.80, 0.92, 1.0)
    embedded(s, 13, [(0, 0, 1.0, top), (w, 0, 1.0, top), (w, h, 1.0, bottom), (0, h, 1.0, bottom)])
    s.w(0x4F04, 1)                         # LESS

    def aos(body):
        for i, d in enumerate(body):
            s.w(0x20C0 + 4 * i, d)

    def draw(cntl, words):
        s.w(0x2084, cntl)
        for d in words:
            s.w(0x2040, d)
    mesh.emit(mesh.Emit(s.w, aos, draw, s.preload), 0, 0, VBUF, TBUF)
    return [s]



RB3D_CCTL = 0x4E00


def r300g_mrt():
    """Multiple render targets as Mesa's r300g drives them on R500 (decision G3; facts from
    src/gallium/drivers/r300/r300_emit.c: r300_emit_fb_state writes RB3D_CCTL =
    INDEPENDENT_COLORFORMAT_ENABLE, with NUM_MULTIWRITES(nr_cbufs) when the blitter replicates
    COLOR[0] (fb_multiwrite), then RB3D_COLOROFFSET0 + 4i and RB3D_COLORPITCH0 + 4i per colour
    buffer; r300_emit_fb_state_pipelined writes US_OUT_FMT_0..3 as one sequence: each buffer's
    format, UNUSED for the rest, and only target 0 used under multiwrite).  Four colour buffers
    (three ARGB8888, one RGB565), a clear of all four by one shader target replicated by
    NUM_MULTIWRITES, then a program writing all four targets on two depth-tested triangles (the
    depth tested once per pixel, every target of a passing pixel written), and one writing only
    targets 1 and 2 (buffers 0 and 3 keep the clear)."""
    from blocks import r5xx_us_directed as usd
    w, h = 48, 32
    s = Stim('r300g_mrt', 'multiple render targets as Mesa r300g drives them: a clear replicated to four '
                          'colour buffers by NUM_MULTIWRITES, a program writing four targets on two '
                          'depth-tested triangles, one writing targets 1 and 2 (48x32, 3x ARGB8888 + RGB565)',
             backpressure='random:0.5', latency='1:4')
    common_state(s, w, h)
    bufs = [(CBUF, 6), (CBUF + 0x10000, 6), (CBUF + 0x20000, 4), (CBUF + 0x30000, 6)]   # (offset, COLORFORMAT)
    s.w(RB3D_CCTL, 1 << 14 | 3 << 5)       # INDEPENDENT_COLORFORMAT_ENABLE, NUM_MULTIWRITES(4)
    for i, (off, fmt) in enumerate(bufs):
        s.w(0x4E28 + 4 * i, off)           # RB3D_COLOROFFSETi
        s.w(0x4E38 + 4 * i, w | fmt << 21 | (1 << 16 if i == 0 else 0))   # RB3D_COLORPITCHi
    s.w(RS_COUNT, 1 << 7 | 1 << 18)        # IC_COUNT 1, HIRES_EN (Mesa)
    s.w(RS_INST_COUNT, 0)
    s.w(0x4320, 1 << 16)                   # RS_INST_0: colour 0 -> r0
    # the clear: OUT c0 to target 0, replicated (US_OUT_FMT_1..3 UNUSED under multiwrite)
    clear = usd.alu_inst(typ=1, ra=(0x100, 0x100, 0x100), aa=(0x100, 0x100, 0x100), swz_b=(6, 6, 6),
                         swz_c=(4, 4, 4), aswz=(3, 6, 4), wm=0, awm=0, om=7, aom=1, last=1)
    us_program(s, [clear], consts=[(0.15, 0.25, 0.45, 1.0)])
    s.w(0x4F00, 0x6)                       # ZB_CNTL: Z_ENABLE, ZWRITEENABLE
    s.w(0x4F04, 7)                         # ZFUNC ALWAYS
    black = (0.0, 0.0, 0.0, 1.0)
    embedded(s, 13, [(0, 0, 1.0, black), (w, 0, 1.0, black), (w, h, 1.0, black), (0, h, 1.0, black)])
    s.w(0x4F04, 1)                         # LESS
    # MRT: no multiwrite; each buffer's format in its US_OUT_FMT (C4_8, B G R A, as r300g's ARGB8888
    # and RGB565 surfaces), written as one sequence after the colour buffers
    s.w(RB3D_CCTL, 1 << 14)

    def out(src, tgt, last=0, mul=None):
        """OUT to target tgt: src (a temporary or 0x100 + constant), times the constant mul if given."""
        b = (mul, mul, mul) if mul is not None else (src, src, src)
        return usd.alu_inst(typ=1, ra=(src, b[0], src), aa=(src, b[0], src),
                            swz_b=(0, 1, 2) if mul is not None else (6, 6, 6), swz_c=(4, 4, 4),
                            aswz=(3, 3 if mul is not None else 6, 4), wm=0, awm=0, om=7, aom=1,
                            tgt=(tgt, tgt), last=last, sel=(0, 1, 2), asel=(0, 1, 2))
    consts = [(1.0, 0.5, 0.25, 1.0), (0.9, 0.2, 0.7, 1.0), (0.3, 0.9, 0.4, 0.5), (1.0, 1.0, 0.0, 1.0)]
    prog4 = [out(0, 0),                    # target 0: the interpolated colour
             out(0x101, 1),                # target 1: constant c1
             out(0, 2, mul=0x100),         # target 2: the colour modulated by c0
             out(0x102, 3, last=1)]        # target 3: constant c2 (alpha 0.5)
    us_program(s, prog4, consts=consts)
    for t in (1, 2, 3):
        s.w(US_OUT_FMT_0 + 4 * t, 0x00001B00)
    embedded(s, 4, [(2.0, 2.0, 0.40, (1.0, 0.1, 0.1, 1.0)), (44.0, 6.0, 0.40, (0.1, 1.0, 0.1, 1.0)),
                    (10.0, 29.0, 0.40, (0.1, 0.1, 1.0, 1.0))])
    embedded(s, 4, [(30.0, 1.0, 0.60, (1.0, 1.0, 1.0, 1.0)), (46.0, 30.0, 0.20, (1.0, 0.8, 0.2, 1.0)),
                    (14.0, 24.0, 0.30, (0.2, 0.8, 1.0, 1.0))])
    # a program writing targets 1 and 2 only: buffers 0 and 3 keep what they hold
    prog2 = [out(0x103, 1), out(0, 2, last=1, mul=0x101)]
    us_program(s, prog2, consts=consts)
    for t in (1, 2, 3):
        s.w(US_OUT_FMT_0 + 4 * t, 0x00001B00)
    embedded(s, 4, [(4.0, 18.0, 0.10, (0.5, 0.5, 1.0, 1.0)), (24.0, 31.0, 0.10, (1.0, 0.5, 0.5, 1.0)),
                    (2.0, 31.5, 0.10, (0.5, 1.0, 0.5, 1.0))])
    return [s]


def fg_fog():
    """FG's fog functions on the quad path (decision G11, section "FG"): bands drawn with OUT r0 over a
    depth ramp (z 0 at the left, 1 at the right), each with one FG_FOG_BLEND function: FN 0
    linear with GA_FOG_SCALE / GA_FOG_OFFSET as Mesa's classic r300 driver computes them for
    GL_LINEAR (r300_state.c r300Fogfv: scale = 1 / (end - start), offset = -start / (end - start)),
    FN 1 exp and FN 2 exp2 (scale 3.0 and 2.0, offset 0; that driver's 0.0933 and 0.3 x density
    are constants of its fog coordinate, which this composite does not model), FN 1 again on a
    16-bit depth buffer (ZB_FORMAT 0: the depth read as z / 2^16), and FN 3 with its constant
    factor."""
    from blocks import r5xx_us_directed as usd
    w, h = 64, 40
    s = Stim('fg_fog', 'FG fog on the fragment-shader path: FN 0 linear, 1 exp, 2 exp2 (Z24 and Z16 depth), '
                       '3 constant, over a depth ramp (64x40, ARGB8888)',
             backpressure='random:0.5', latency='1:4')
    common_state(s, w, h)
    s.w(RS_COUNT, 1 << 7 | 1 << 18)
    s.w(RS_INST_COUNT, 0)
    s.w(0x4320, 1 << 16)
    us_program(s, [usd.out_r(0)])
    s.w(0x4F00, 0x6)
    s.w(0x4F04, 7)                         # ZFUNC ALWAYS: every band drawn whole
    s.w(0x4BC8, 0x2C0)                     # FG_FOG_COLOR_R/G/B: a light grey-blue
    s.w(0x4BCC, 0x300)
    s.w(0x4BD0, 0x3A0)
    s.w(0x4BC4, 0x155)                     # FG_FOG_FACTOR (FN 3 only)

    def band(y0, y1, col):
        embedded(s, 13, [(0, y0, 0.0, col), (w, y0, 1.0, col), (w, y1, 1.0, col), (0, y1, 0.0, col)])
    start, end = 0.2, 0.9
    bands = [(0, f32(1.0 / (end - start)), f32(-start / (end - start))), (1, f32(3.0), 0), (2, f32(2.0), 0)]
    for k, (fn, scale, off) in enumerate(bands):
        s.w(0x4294, scale)                 # GA_FOG_SCALE
        s.w(0x4298, off)                   # GA_FOG_OFFSET
        s.w(0x4BC0, 1 | fn << 1)           # FG_FOG_BLEND: ENABLE, FN
        band(8 * k, 8 * k + 8, (0.9, 0.3 - 0.1 * k, 0.1 + 0.3 * k, 1.0))
    # FN 1 on a 16-bit depth buffer: the depth scale of Z16, the fog reads z / 2^16
    s.w(0x4F10, 0)
    s.w(0x42C0, f32(65535.0))
    s.w(0x4294, f32(3.0))
    s.w(0x4BC0, 1 | 1 << 1)
    band(24, 32, (0.2, 0.9, 0.3, 1.0))
    s.w(0x4F10, 2)
    s.w(0x42C0, f32(16777215.0))
    s.w(0x4BC0, 1 | 3 << 1)                # FN 3: the constant factor, whatever the depth
    band(32, 40, (0.9, 0.9, 0.2, 1.0))
    s.w(0x4BC0, 0)
    return [s]

def cases():
    return (scene() + small() + pvs_transform() + xati_composite() + r300g_const() + exa_composite()
            + pvs_clip() + exa_mask() + xv_packed() + xv_planar() + xv_bicubic() + mesa_mesh()
            + r300g_mrt() + fg_fog())


def main(argv):
    if len(argv) >= 3 and argv[1] == '--check-vector':
        return check_vectors(argv[2:])
    return chk.main(argv, __doc__, check, cases)


def load_refs():
    """The four blocks' own independent references (scripts/blocks/)."""
    from blocks import r5xx_raster_directed, r5xx_rb3d_directed, r5xx_vap_directed, r5xx_zb_directed
    return r5xx_vap_directed, r5xx_raster_directed, r5xx_zb_directed, r5xx_rb3d_directed


class ClipChain:
    """r5xx.clip's independent reference (r5xx_clip_ref.Clip, the document's state machine) as a
    link of the chain: one register file for the whole stimulus, the records of each PVS draw run
    through the machine, its vtx records collected (they are the raster's input and the
    composite's clipvtx output).  The composite gives the clipper a state write only when the path
    is idle, so every write lies between draws, as it does here."""

    def __init__(self):
        from blocks import r5xx_clip_ref
        self.ref = r5xx_clip_ref
        self.regs = r5xx_clip_ref.Regs()
        self.out, self.stats = [], {}

    def draw(self, records):
        ref, out = self.ref, []

        class Vec:                                   # what Clip reads of a vector
            backpressure = 'always'
            events = [('vin', 0, r) for r in records]

            @staticmethod
            def outputs(ch):
                return []

        class Collect(ref.Clip):
            def emit_record(self, cyc, rec, what):
                out.append(tuple(rec))
                return cyc

        c = Collect(Vec())
        c.regs = self.regs
        c.run()
        for k, v in c.stats.items():
            self.stats[k] = self.stats.get(k, 0) + v
        self.out += out
        return out


def is_port(a):
    return (a >> 7) == 0x40 or a == 0x20B8


def reference(stim_lines):
    """The 3D path on a stimulus: (pix records (prim, x, y, z, argb), colour writes (addr, wdata, be)).

    State writes reach the blocks only when the path is idle (docs/blocks/r5xx.gfx3d.md), so the path
    is sequential here: the VAP's vertices of each draw, the raster's fragments of those, ZB's
    verdict on each in order and RB3D's write of each that passed, with the state written before
    the draw."""
    vap, ras, zb, rb = load_refs()
    from blocks import r5xx_pvs_directed as pvsref
    vtx, _ = vap.reference(stim_lines)
    draws, cur = [], []                                   # the VAP's records, split by draw
    for rec in vtx:
        cur.append(rec)
        if rec[8]:                                        # dlast
            draws.append(cur)
            cur = []
    stim = vector.parse(stim_lines)
    events = []                                           # ('reg', a, d) and ('draw', records)
    nd, state = 0, {'alt': 0, 'cntl': 0, 'size': 0}
    # The PVS (r5xx.pvs's reference) between the VAP and the raster while PVS_BYPASS = 0: it gets
    # every state write but VAP_VF_CNTL under bypass (docs/blocks/r5xx.gfx3d.md, the vertex path select).
    pvs, bypass, exe = pvsref.Block(), 0, []
    # the clipper (r5xx.clip's second reference, scripts/blocks/r5xx_clip_ref.py) after the PVS:
    # it gets every state write (its registers, the PVS loader's user clip planes)
    clip = ClipChain()
    for a, d in (vals for ch, _, vals in stim.events if ch == 'regw'):
        if is_port(a):
            continue
        events.append(('reg', a, d))
        clip.regs.write(a, d)
        if not (bypass and a == 0x2084):
            pvs.regw(a, d)
        if a == 0x2140:
            bypass = d >> 8 & 1
        if a == 0x2088:
            state['alt'] = d
        elif a == 0x2080:
            state['cntl'] = d
        elif a == 0x2084:
            n = state['alt'] & 0xFFFFFF if d >> 14 & 1 else d >> 16
            if d & 15 and d >> 4 & 3 and n and not state['cntl'] >> 17 & 1:
                recs = draws[nd]
                if not bypass:
                    out, cur = [], []
                    for rec in recs:
                        cur.append(rec)
                        if rec[7]:                        # vlast: one vertex through the program
                            e, o = pvs.vertex(cur)
                            exe += e
                            out += o
                            cur = []
                    recs = clip.draw(out)
                events.append(('draw', recs))
                nd += 1
    # the raster: all of it at once, then each fragment's draw from its primitive index
    # Every input stamped far apart, so the raster reference (which orders its two channels by
    # cycle) takes them in the composite's order: a state write only after the draw before it.
    lines, prims_per_draw = [], []
    stamp = lambda: '@%d' % ((len(lines) + 1) * 1000000)
    for ev in events:
        if ev[0] == 'reg':
            lines.append('in regw %s %x %x' % (stamp(), ev[1], ev[2]))
            continue
        count, n = 0, 0
        for rec in ev[1]:
            lines.append('in vtx %s ' % stamp() + ' '.join('%x' % v for v in rec))
            if rec[7]:                                     # vlast: one vertex
                dl = rec[8]
                count += len(ras.assemble(rec[9], n, dl, 'N', 'P1', 'P2', 'P3', 'F'))
                n = 0 if dl else n + 1
        prims_per_draw.append(count)
    # the raster's records are (fire cycle, (channel, record)): the fixed path's fragments, and
    # the quad path's quad records (a quad ends with `last`) and zq records, paired in order
    rrecs = ras.reference(vector.header('r5xx.raster') + lines + ['end'])
    frags = [f for _, (ch, f) in rrecs if ch == 'frag']
    zqs = [f for _, (ch, f) in rrecs if ch == 'zq']
    quads, cur = [], []
    for _, (ch, f) in rrecs:
        if ch == 'quad':
            cur.append(f)
            if f[3]:
                quads.append(cur)
                cur = []
    if len(quads) != len(zqs):
        raise ValueError('the raster reference gave %d quads and %d zq records' % (len(quads), len(zqs)))
    qfrags = fragment_path(events, prims_per_draw, zip(quads, zqs), stim.memory())
    frags = sorted(frags + qfrags, key=lambda f: f[0])    # by primitive (a draw takes one path)
    per_draw, k, base = [], 0, 0
    for count in prims_per_draw:
        mine = []
        while k < len(frags) and frags[k][0] < base + count:
            mine.append(frags[k])
            k += 1
        per_draw.append(mine)
        base += count
    # ZB, then RB3D on the fragments that passed
    zlines, di = vector.header('r5xx.zb') + vector.mem_lines(stim.memory()), 0
    for ev in events:
        if ev[0] == 'reg':
            zlines.append('in regw %x %x' % (ev[1], ev[2]))
        else:
            zlines += ['in frag %x %x %x %x' % (x, y, z, back) for (_, x, y, z, back, _) in per_draw[di]]
            di += 1
    passes, _ = zb.reference(zlines + ['end'])
    mem = {a + b: w >> (8 * b) & 0xFF for a, w in stim.memory().items() for b in range(4)}
    model, pix, fi, di = rb.Model(mem), [], 0, 0
    for ev in events:
        if ev[0] == 'reg':
            rb.write_reg(model.regs, ev[1], ev[2])
            continue
        for (prim, x, y, z, back, argb) in per_draw[di]:
            if passes[fi][2]:                          # one RB3D fragment and pix record per target
                for t, c in (argb if isinstance(argb, list) else [(0, argb)]):
                    pix.append((prim, x, y, z, c))
                    model.frag(t, x, y, c)
            fi += 1
        di += 1
    reference.exe = exe
    reference.usout, reference.texreads = fragment_path.usout, fragment_path.texreads
    reference.txdiff = fragment_path.txdiff
    reference.clipvtx, reference.clipstats = clip.out, clip.stats
    return pix, model.writes


def widen16(lane, w):
    """A w-bit unsigned lane to 16 bits by replicating its bits from the top (docs/blocks/r5xx.gfx3d.md,
    the quad join); w = 0 gives 0."""
    if not w:
        return 0
    v, r, sh = lane & ((1 << w) - 1), 0, 16 - w
    while sh > -w:
        r |= v << sh if sh >= 0 else v >> -sh
        sh -= w
    return r & 0xFFFF


def fragment_path(events, prims_per_draw, quads, mem):
    """The programmable fragment path after the raster (docs/blocks/r5xx.gfx3d.md "The fragment
    shader"): every quad (its raster records and its zq record) through r5xx.us's independent
    reference (scripts/blocks/r5xx_us_ref.py), its texture requests answered by r5xx.tx's
    (scripts/blocks/r5xx_tx_directed.py sample()), its output records joined with the zq into
    per-pixel fragments (the quad join: each target's colour widened by its US_OUT_FMT_t, the US's
    W or the raster's depth), alpha-tested on target 0's alpha and fogged (FG: every target, the
    constant factor or FN 0-2 in shader float, scripts/blocks/prim_sf_ref.py).  Every state write
    reaches the US, TX and FG before the quads of the draws after it.  Returns the fragments (prim,
    x, y, z, back, [(target, argb), ...] in target order); sets fragment_path.usout (the
    composite's usout records) and .texreads (TX's dword addresses)."""
    from blocks import r5xx_us_ref as usr
    from blocks import r5xx_tx_directed as txd
    from blocks import r5xx_tx_ref as txr
    us, tx = usr.US(), txd.Case('gfx3d', '')
    txregs, txdiff = txr.Regs(), []                  # r5xx.tx's second, independent reference
    from blocks import prim_sf_ref as sf
    fg = {0x4BD4: 0, 0x4BE0: 0, 0x4BC0: 0, 0x4BC4: 0, 0x4BC8: 0, 0x4BCC: 0, 0x4BD0: 0,
          0x4294: 0, 0x4298: 0, 0x4F10: 0}

    def fog_factor(z):                                 # FG: the 10-bit fog factor (docs "FG", G11)
        fn = fg[0x4BC0] >> 1 & 3
        if fn == 3:
            return fg[0x4BC4] & 0x3FF
        m = (z & 0xFFFF) << 7 if (fg[0x4F10] & 0xE) == 0 else z >> 1 & 0x7FFFFF
        d = sf.add(0x3F800000 | m, 0xBF800000)         # the depth as a fraction, exact
        a = sf.mad(d, fg[0x4294], fg[0x4298])
        e = (sf.add(sf.ONE, a ^ sf.SIGN) if fn == 0 else sf.ex2(a ^ sf.SIGN) if fn == 1
             else sf.ex2(sf.mul(a, a) ^ sf.SIGN))
        f = sf.fmin(sf.fmax(e, 0), sf.ONE)
        return sf.add(sf.mad(f, 0x447FC000, 0x3F000000), 0x4B000000) & 0x3FF

    def fog(c, fc, f):                                 # FG: one channel toward the fog colour
        fc16 = (fc & 0x3FF) << 6 | (fc & 0x3FF) >> 4
        return (c * f + fc16 * (1023 - f) + 511) // 1023
    quads = list(quads)
    out, usout, reads, texreqs = [], [], [], []

    def responses():                                   # TX answers the requests in order
        i = 0
        while True:
            vals = texreqs[i][0]    # pc smp op unscaled quad s t r lod lmode grad dsdx dtdx dsdy dtdy
            i += 1
            res, addrs = txd.sample(tx.regs, mem, vals[1], vals[5], vals[6], vals[8], vals[9], vals[7],
                                    vals[10], tuple(vals[11:15]))
            # the same request through r5xx_tx_ref.py (written from r5xx.tx.md alone): both must agree
            alt = txr.sample(txregs, mem, vals[1], vals[5], vals[6], vals[7], vals[8], vals[9], vals[10],
                             tuple(vals[11:15]))
            if tuple(alt[:4]) != tuple(res[:4]) or list(alt[5]) != list(addrs):
                txdiff.append((i - 1, tuple(res[:4]), tuple(alt[:4])))
            reads.extend(addrs)
            yield [vals[1], vals[4]] + list(res)

    def alpha_pass(alpha):
        f = fg[0x4BD4]
        if not f >> 11 & 1:
            return True
        a, r = (alpha >> 8, f & 0xFF) if f >> 12 & 1 else (alpha >> 6, fg[0x4BE0] & 0x3FF)
        return [False, a < r, a == r, a <= r, a > r, a != r, a >= r, True][f >> 8 & 7]
    rsp, qi, base, d = responses(), 0, 0, 0
    for ev in events:
        if ev[0] == 'reg':
            us.regw(ev[1], ev[2])
            tx.write_reg(ev[1], ev[2])
            txregs.write(ev[1], ev[2])
            if ev[1] in fg:
                fg[ev[1]] = ev[2]
            continue
        base += prims_per_draw[d]
        d += 1
        while qi < len(quads) and quads[qi][1][0] < base:
            recs, zq = quads[qi]
            qi += 1
            prim, qx, qy, cov, back = zq[:5]
            for r in recs:
                if r[0] != us.wcount:
                    raise ValueError('quad %d: wseq %d, the US counted %d writes' % (us.quadno, r[0], us.wcount))
                for p in range(4):
                    rg, ba = r[4 + 2 * p], r[5 + 2 * p]
                    us.t[r[1]][p] = [rg & 0xFFFFFFFF, rg >> 32, ba & 0xFFFFFFFF, ba >> 32]
            frs = []
            us.run_quad(recs[-1][2], rsp, texreqs, frs)
            col = [[0] * 4 for _ in range(4)]          # [target][pixel]
            tw = 0                                     # the targets the quad has a record of
            for vals, _ in frs:
                usout.append((prim, qx, qy) + tuple(vals[0:2]) + tuple(vals[3:6]) + tuple(vals[6:14]))
                t = vals[1]
                n, widths, kind = usr.FORMATS.get(us.outfmt[t] & 31, (0, [], ''))
                wid = [widths[k] if k < n and kind in ('u', 'su') else 0 for k in range(4)]
                tw |= 1 << t
                for p in range(4):
                    rg, ba = vals[6 + 2 * p], vals[7 + 2 * p]
                    lanes = [rg & 0xFFFFFFFF, rg >> 32, ba & 0xFFFFFFFF, ba >> 32]
                    col[t][p] = sum(widen16(lanes[k], wid[k]) << (16 * k) for k in range(4))
            last = frs[-1][0]
            wr, wm = last[4], last[5] >> 16 & 15
            zl = [last[14] & 0xFFFFFF, last[14] >> 32 & 0xFFFFFF, last[15] & 0xFFFFFF, last[15] >> 32 & 0xFFFFFF]
            for p in range(4):
                z = zl[p] if wm >> p & 1 else zq[5 + p]
                if not (wr >> p & 1 and alpha_pass(col[0][p] >> 48)):
                    continue                           # not written, or killed by the alpha test
                cols = []
                for t in range(4):
                    if not tw >> t & 1:
                        continue
                    c = col[t][p]
                    if fg[0x4BC0] & 1:
                        f = fog_factor(z)
                        c = (c >> 48 << 48 | fog(c >> 32 & 0xFFFF, fg[0x4BC8], f) << 32 |
                             fog(c >> 16 & 0xFFFF, fg[0x4BCC], f) << 16 | fog(c & 0xFFFF, fg[0x4BD0], f))
                    cols.append((t, c))
                out.append((prim, qx + (p & 1), qy + (p >> 1), z, back, cols))
    fragment_path.usout, fragment_path.texreads, fragment_path.txdiff = usout, reads, txdiff
    return out

def vector_outputs(path):
    """The expected pix records and colour writes of a golden vector."""
    v = vector.read(path)
    return ([tuple(x) for _, x in v.outputs('pix')],
            [(x[0], x[2], x[3]) for _, x in v.outputs('cmemreq') if x[1]],
            [tuple(x) for _, x in v.outputs('vsexe')],
            [tuple(x) for _, x in v.outputs('usout')],
            [x[0] for _, x in v.outputs('tmemreq')],
            [tuple(x) for _, x in v.outputs('clipvtx')])


def tx_disagreements(name):
    """The texture samples on which r5xx.tx's two Python references (r5xx_tx_directed.sample, whose
    answers the chain uses, and the independent r5xx_tx_ref.sample) disagree: each is a failure."""
    for i, a, b in reference.txdiff[:5]:
        print('%s: texture sample #%d: r5xx_tx_directed %s, r5xx_tx_ref %s'
              % (name, i, ' '.join('%08x' % x for x in a), ' '.join('%08x' % x for x in b)))
    return len(reference.txdiff)


def compare_vector(name, lines, path):
    """The records of the vector at PATH against reference() of its stimulus LINES: (records
    compared, records that differ, the reference's pix records, the vector's)."""
    ref_pix, ref_writes = reference(lines)
    pix, writes, exe, usout, reads, cv = vector_outputs(path)
    n = bad = 0
    for what, got, want in (('pix', pix, ref_pix), ('colour write', writes, ref_writes),
                            ('vertex-shader instruction', exe, reference.exe),
                            ('fragment-shader record', usout, reference.usout),
                            ('texel read', reads, reference.texreads),
                            ('clipped vertex', cv, reference.clipvtx)):
        n += len(want)
        bad += chk.compare(name, what, got, want, limit=5)
    bad += tx_disagreements(name)
    return n, bad, ref_pix, pix


def check(vecdir):
    bad = n = 0
    for name, lines, vec in chk.directed(vecdir):
        k, b, ref_pix, pix = compare_vector(name, lines, vec)
        n, bad = n + k, bad + b
        # every directed scene draws something: a stimulus whose state culls or kills everything
        # (exa_composite once went through the clipper with clipping on) agrees with the
        # references and would pass unnoticed
        if not ref_pix or not pix:
            print('%s: draws no pixel (reference %d, vector %d)' % (name, len(ref_pix), len(pix)))
            bad += 1
    return chk.verdict(n, bad)


def check_vectors(paths):
    """Any vector with an expect section (e.g. a random one from 'rcosim gen --block r5xx.gfx3d',
    with its PVS epochs): its pix records, colour writes and vertex-shader instructions against
    reference() of its own inputs."""
    bad = n = 0
    for path in paths:
        k, b, _, _ = compare_vector(path, vector.raw_text(path).split('\n'), path)
        n, bad = n + k, bad + b
    return chk.verdict(n, bad)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
