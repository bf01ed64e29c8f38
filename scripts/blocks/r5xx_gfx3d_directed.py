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


def cases():
    return (scene() + small() + pvs_transform() + xati_composite() + r300g_const() + exa_composite()
            + pvs_clip() + mesa_mesh())


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
            if passes[fi][2]:
                pix.append((prim, x, y, z, argb))
                model.frag(0, x, y, argb)
            fi += 1
        di += 1
    reference.exe = exe
    reference.usout, reference.texreads = fragment_path.usout, fragment_path.texreads
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
    per-pixel fragments (the quad join: target 0's colour widened by US_OUT_FMT_0, the US's W or
    the raster's depth), alpha-tested and fogged (FG).  Every state write reaches the US, TX and FG before
    the quads of the draws after it.  Returns the fragments (prim, x, y, z, back, argb); sets
    fragment_path.usout (the composite's usout records) and .texreads (TX's dword addresses)."""
    from blocks import r5xx_us_ref as usr
    from blocks import r5xx_tx_directed as txd
    us, tx = usr.US(), txd.Case('gfx3d', '')
    fg = {0x4BD4: 0, 0x4BE0: 0, 0x4BC0: 0, 0x4BC4: 0, 0x4BC8: 0, 0x4BCC: 0, 0x4BD0: 0}

    def fog(c, fc):                                    # FG: constant-factor fog of one channel
        f, fc16 = fg[0x4BC4] & 0x3FF, (fc & 0x3FF) << 6 | (fc & 0x3FF) >> 4
        return (c * f + fc16 * (1023 - f) + 511) // 1023
    quads = list(quads)
    out, usout, reads, texreqs = [], [], [], []

    def responses():                                   # TX answers the requests in order
        i = 0
        while True:
            vals = texreqs[i][0]                        # pc smp op unscaled quad s t r lod lmode
            i += 1
            res, addrs = txd.sample(tx.regs, mem, vals[1], vals[5], vals[6], vals[8], vals[9], vals[7])
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
            fmt = us.outfmt[0] & 31
            n, widths, kind = usr.FORMATS.get(fmt, (0, [], ''))
            wid = [widths[k] if k < n and kind in ('u', 'su') else 0 for k in range(4)]
            col = [0] * 4
            for vals, _ in frs:
                usout.append((prim, qx, qy) + tuple(vals[0:2]) + tuple(vals[3:6]) + tuple(vals[6:14]))
                if vals[1] == 0:
                    for p in range(4):
                        rg, ba = vals[6 + 2 * p], vals[7 + 2 * p]
                        lanes = [rg & 0xFFFFFFFF, rg >> 32, ba & 0xFFFFFFFF, ba >> 32]
                        col[p] = sum(widen16(lanes[k], wid[k]) << (16 * k) for k in range(4))
            last = frs[-1][0]
            wr, wm = last[4], last[5] >> 16 & 15
            zl = [last[14] & 0xFFFFFF, last[14] >> 32 & 0xFFFFFF, last[15] & 0xFFFFFF, last[15] >> 32 & 0xFFFFFF]
            for p in range(4):
                if wr >> p & 1 and alpha_pass(col[p] >> 48) and fg[0x4BC0] & 7 == 7:
                    c = col[p]
                    col[p] = (c >> 48 << 48 | fog(c >> 32 & 0xFFFF, fg[0x4BC8]) << 32 |
                              fog(c >> 16 & 0xFFFF, fg[0x4BCC]) << 16 | fog(c & 0xFFFF, fg[0x4BD0]))
                if wr >> p & 1 and alpha_pass(col[p] >> 48):
                    out.append((prim, qx + (p & 1), qy + (p >> 1), zl[p] if wm >> p & 1 else zq[5 + p], back, col[p]))
    fragment_path.usout, fragment_path.texreads = usout, reads
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
