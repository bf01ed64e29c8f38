#!/usr/bin/env python3
"""r5xx_gfx3d_mesh.py - the Mesa-r300g-style lit, textured mesh (docs/blocks/r5xx.gfx3d.md, "mesa_mesh"),
written as register writes in the order Mesa's gallium r300 driver emits its state, for two users:
r5xx_gfx3d_directed.py (the gfx3d vector `mesa_mesh`) and r5xx_gpu_frame.py (the same scene in a
64x64 region of the full frame, through the CP's PM4 ring).  Not a script of its own.

The scene, in world space (no model-view: the vertices are given rotated): a textured ground quad
from behind the camera (z = +1) to z = -9, cut by the near plane, and a cube rotated about y and x,
cut by user clip plane 0 (enabled for the cube's draw only, as GL's glEnable(GL_CLIP_PLANE0)).

Vertex program (the transform and per-vertex lighting, a directional light):
    out0.x..w = DP4(in0, c0..c3)                  the MVP rows (a 60 degree perspective)
    t0.x      = DP3(in1, c4)                      N.L: the normal with the light direction
    t0.x      = MAX(t0.x, 0)
    out1      = MAD(c5, t0.xxxx, c6)              diffuse * max(N.L, 0) + ambient (alpha 1)
    out2      = MAD(in2, c7, c8)                  texture 0 coordinates: the UV times 2
    out3      = MAD(in2, c9, c8)                  texture 1 coordinates: the UV
Fragment program (two textures, IF/ELSE/ENDIF as Mesa's r500 emitter encodes them):
    0 TEX r3 = map0(r1)                           the brick texture (bilinear, repeat)
    1 TEX r4 = map1(r2)                           the decal (bilinear, clamp; alpha = its mask)
    2 r6.a = CND(r4.a > 0.5 ? 1 : 0), ALU result = (r6.a != 0)
    3 IF (jump to 6 unless the ALU result is true)
    4   r5.rgb = r4.rgb * r0.rgb                  the decal, lit
    5 ELSE (jump to 8)
    6   r5.rgb = r3.rgb * r0.rgb                  the bricks, lit
    7 ENDIF
    8 OUT r5.rgb, 1.0
"""
import math
import struct

# the US's and TX's registers
GA_US_VECTOR_INDEX, GA_US_VECTOR_DATA = 0x4250, 0x4254
US_CONFIG, US_PIXSIZE, US_FC_CTRL, US_CODE_ADDR, US_CODE_RANGE, US_CODE_OFFSET = \
    0x4600, 0x4604, 0x4624, 0x4630, 0x4634, 0x4638
US_OUT_FMT_0, US_W_FMT = 0x46A4, 0x46B4
RS_IP_0, RS_COUNT, RS_INST_COUNT, RS_INST_0 = 0x4074, 0x4300, 0x4304, 0x4320
TX_ENABLE, TX_FILTER0, TX_FILTER1, TX_BORDER, TX_FORMAT0, TX_FORMAT1, TX_FORMAT2, TX_OFFSET = \
    0x4104, 0x4400, 0x4440, 0x45C0, 0x4480, 0x44C0, 0x4500, 0x4540
SIZE = 64                                   # the mesh's viewport: SIZE x SIZE pixels
BRICK, DECAL = 32, 16                       # texture sizes (square, ARGB8888, linear)


def f32(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


# ---- geometry -----------------------------------------------------------------------------------

def rot(ay, ax):
    """Ry(ay) . Rx(ax) as rows (degrees)."""
    cy, sy, cx, sx = (math.cos(math.radians(ay)), math.sin(math.radians(ay)),
                      math.cos(math.radians(ax)), math.sin(math.radians(ax)))
    ry = [(cy, 0.0, sy), (0.0, 1.0, 0.0), (-sy, 0.0, cy)]
    rx = [(1.0, 0.0, 0.0), (0.0, cx, -sx), (0.0, sx, cx)]
    return [tuple(sum(ry[i][k] * rx[k][j] for k in range(3)) for j in range(3)) for i in range(3)]


def apply(m, v):
    return tuple(sum(m[i][k] * v[k] for k in range(3)) for i in range(3))


def ground():
    """A quad on y = -1.05 from z = +1 (behind the camera, so the near plane cuts it) to z = -9;
    the UV puts the decal's [0, 1] square in front of the cube."""
    y, verts = -1.05, []
    for (x, z) in ((-3.5, 1.0), (3.5, 1.0), (3.5, -9.0), (-3.5, -9.0)):
        verts.append(((x, y, z), (0.0, 1.0, 0.0), (x + 0.5, -(z + 1.7))))
    return verts, [0, 1, 2, 0, 2, 3]


def cube(centre=(0.05, -0.2, -3.6), half=0.8, ay=35.0, ax=-22.0):
    """Six faces, four vertices each (own normal, UV 0..1), two counter-clockwise triangles each
    (seen from outside, GL's front face)."""
    m = rot(ay, ax)
    faces = [((1, 0, 0), (0, 0, -1), (0, 1, 0)), ((-1, 0, 0), (0, 0, 1), (0, 1, 0)),
             ((0, 1, 0), (1, 0, 0), (0, 0, -1)), ((0, -1, 0), (1, 0, 0), (0, 0, 1)),
             ((0, 0, 1), (1, 0, 0), (0, 1, 0)), ((0, 0, -1), (-1, 0, 0), (0, 1, 0))]
    verts, idx = [], []
    for n, u, v in faces:
        base = len(verts)
        for (su, sv) in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            p = tuple(half * (n[k] + su * u[k] + sv * v[k]) for k in range(3))
            p = apply(m, p)
            verts.append((tuple(centre[k] + p[k] for k in range(3)), apply(m, n),
                          ((su + 1) / 2.0, (1 - sv) / 2.0)))
        idx += [base, base + 1, base + 2, base, base + 2, base + 3]
    return verts, idx


def perspective(fovy, aspect, near, far):
    f = 1.0 / math.tan(math.radians(fovy) / 2.0)
    return [(f / aspect, 0.0, 0.0, 0.0), (0.0, f, 0.0, 0.0),
            (0.0, 0.0, (far + near) / (near - far), 2.0 * far * near / (near - far)), (0.0, 0.0, -1.0, 0.0)]


# ---- textures -----------------------------------------------------------------------------------

def brick_texture():
    """32x32 ARGB8888: two rows of bricks (16x8 texels, offset by half a brick every other row)
    with light mortar lines, a little variation per brick."""
    tex = []
    for y in range(BRICK):
        row, off = y // 8, 8 if (y // 8) % 2 else 0
        for x in range(BRICK):
            bx = (x + off) % BRICK
            if y % 8 == 7 or bx % 16 == 15:
                tex.append(0xFFD8D0C0)
            else:
                k = ((bx // 16) * 3 + row * 5) % 4
                r, g, b = 0xB0 + 0x10 * k, 0x40 + 0x08 * k + (x ^ y) % 4 * 2, 0x30 + 0x04 * k
                tex.append(0xFF000000 | r << 16 | g << 8 | b)
    return tex


def decal_texture():
    """16x16 ARGB8888: a yellow ring with a blue centre, alpha 0xFF inside, 0 outside (the
    fragment program's IF takes the decal where alpha > 0.5)."""
    tex = []
    for y in range(DECAL):
        for x in range(DECAL):
            d = math.hypot(x - 7.5, y - 7.5)
            if d < 3.0:
                tex.append(0xFF3060F0)
            elif d < 6.5:
                tex.append(0xFFF8D820)
            else:
                tex.append(0x00000000)
    return tex


# ---- the programs -------------------------------------------------------------------------------

def vertex_program():
    from blocks import r5xx_pvs_directed as pv
    prog = [(pv.dst(1, 'out', 0, we=c), pv.src('in', 0), pv.src('c', k), pv.src('c', k))
            for k, c in enumerate('xyzw')]                                            # DP4 x4
    prog.append((pv.dst(1, 't', 0, we='x'), pv.src('in', 1, 'xyz0'), pv.src('c', 4, 'xyz0'),
                 pv.src('c', 4, 'xyz0')))                                             # DP3
    prog.append((pv.dst(7, 't', 0, we='x'), pv.src('t', 0, 'xxxx'), pv.src('t', 0, '0000'),
                 pv.src('t', 0, '0000')))                                             # MAX 0
    prog.append((pv.dst(4, 'out', 1), pv.src('c', 5), pv.src('t', 0, 'xxxx'), pv.src('c', 6)))   # MAD
    prog.append((pv.dst(4, 'out', 2), pv.src('in', 2), pv.src('c', 7), pv.src('c', 8)))
    prog.append((pv.dst(4, 'out', 3), pv.src('in', 2), pv.src('c', 9), pv.src('c', 8)))
    return prog


def vertex_constants(x0, y0):
    """c0-c3 the MVP (no model-view: world = eye space), c4 the light direction (towards the
    light, unit), c5 the diffuse colour (alpha 0), c6 the ambient (alpha 1), c7/c9 the texture
    coordinate scales, c8 (0, 0, 0, 1)."""
    mvp = perspective(60.0, 1.0, 1.0, 20.0)
    l = (0.45, 0.75, 0.5)
    n = math.sqrt(sum(v * v for v in l))
    return mvp + [tuple(v / n for v in l) + (0.0,), (0.95, 0.92, 0.85, 0.0), (0.22, 0.22, 0.28, 1.0),
                  (2.0, 2.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0), (1.0, 1.0, 0.0, 0.0)]


def tex_inst(dst, src, tid, sem_wait=0):
    """TEX LD rDST.rgba = map TID(rSRC.rg) (r500_fragprog_emit.c's encoding, as the XATI literal
    TEX words: TYPE 3, RGBA write mask, TEX_SEM_ACQUIRE, IGNORE_UNCOVERED, S = r, T = g)."""
    return [0x00007807 & ~4 | sem_wait << 2, 0x06400000 | tid << 16, src | 0x0400 | dst << 16 | 0xE4000000, 0, 0, 0]


def fragment_program():
    from blocks import r5xx_us_directed as usd
    # 2: r6.a = CND(0.5 < r4.a ? 1.0 : 0.0); ALU result = alpha != 0 (ALU_WMASK, RESULT_SEL alpha)
    cond = usd.alu_inst(aop=5, aa=(4, 0, 0), asel=(0, 0, 0), aswz=(6, 4, 3), ad=6, awm=1, wm=0)
    cond[0] |= 1 << 2 | 1 << 21 | 3 << 23
    cond[3] |= 1 << 31

    def modulate(tex):                         # r5.rgb = rTEX.rgb * r0.rgb + 0
        return usd.alu_inst(ra=(tex, 0, 0), sel=(0, 1, 2), swz_a=(0, 1, 2), swz_b=(0, 1, 2),
                            swz_c=(4, 4, 4), rd=5, wm=7, awm=0)
    # Mesa's IF/ELSE/ENDIF (r500_fragprog_emit.c emit_flowcontrol): IF = JUMP, JUMP_FUNC 0x0F
    # (jump when the ALU result is false), B_OP0 INCR, B_OP1 INCR (an ELSE follows),
    # IGNORE_UNCOVERED, to ELSE + 1; ELSE = JUMP, B_ELSE, B_OP1 DECR, POP_CNT 1, to ENDIF + 1;
    # ENDIF = JUMP, JUMP_ANY, B_OP0 DECR, POP_CNT 1, to ENDIF + 1
    if_ = usd.fc_inst(func=0x0F, bop0=2, bop1=2, ign=1, addr=6)
    else_ = usd.fc_inst(func=0x00, else_=1, bop1=1, popcnt=1, addr=8)
    endif = usd.fc_inst(func=0x00, any_=1, bop0=1, popcnt=1, addr=8)
    out = usd.alu_inst(typ=1, ra=(5, 5, 5), aa=(5, 5, 5), swz_b=(6, 6, 6), swz_c=(4, 4, 4),
                       aswz=(6, 6, 4), wm=0, awm=0, om=7, aom=1)
    out[0] |= 1 << 2                           # TEX_SEM_WAIT on the last instruction (Mesa)
    return [tex_inst(3, 1, 0), tex_inst(4, 2, 1), cond, if_, modulate(4), else_, modulate(3), endif, out]


# ---- emission -----------------------------------------------------------------------------------

class Emit:
    """Where the writes go: w(addr, data) a register write; aos(body) the 3D_LOAD_VBPNTR body
    (VAP_VTX_NUM_ARRAYS, ...); draw(cntl, words) a VAP_VF_CNTL indexed draw with its index dwords
    (3D_DRAW_INDX_2); preload(addr, words) memory."""

    def __init__(self, w, aos, draw, preload, seq=None, one=None):
        self.w, self.aos, self.draw, self.preload = w, aos, draw, preload
        self.seq = seq or (lambda a, vals: [w(a + 4 * i, v) for i, v in enumerate(vals)])
        self.one = one or (lambda a, vals: [w(a, v) for v in vals])


def viewport_clip(e, x0, y0, planes):
    """Mesa's clip and viewport state with hardware TCL (r300_emit.c r300_emit_clip_state,
    r300_emit_viewport_state; docs/blocks/r5xx.clip.md D2): guard band 1.0, SE_VPORT_* from
    0x1D98 (y flipped: GL's y up), SE_VTE_CNTL 0x43F, user planes at PVS vector 1536 through
    VAP_PVS_UPLOAD_DATA (0x2208), VAP_CLIP_CNTL = UCP_ENA | PS_UCP_MODE 3."""
    h = SIZE / 2.0
    for a in (0x2220, 0x2224, 0x2228, 0x222C):
        e.w(a, f32(1.0))
    e.seq(0x1D98, [f32(v) for v in (h, x0 + h, -h, y0 + h, 0.5, 0.5)])
    e.w(0x20B0, 0x43F)
    if planes:
        e.w(0x2200, 1536)
        e.one(0x2208, [f32(v) for pl in planes for v in pl])
    e.w(0x221C, ((1 << len(planes)) - 1) | 3 << 14)


def emit(e, x0, y0, vbuf, tbuf, cull=0):
    """The mesh at (x0, y0) (a SIZE x SIZE viewport and scissor), its vertex buffer at vbuf, its
    textures at tbuf and tbuf + 0x1000. The caller has cleared colour and depth there."""
    from blocks import r5xx_us_directed as usd
    gv, gi = ground()
    cv, ci = cube()
    verts = gv + cv
    ci = [len(gv) + i for i in ci]
    e.preload(vbuf, [f32(v) for (p, n, uv) in verts for v in p + n + uv])
    e.preload(tbuf, brick_texture())
    e.preload(tbuf + 0x1000, decal_texture())
    e.w(0x43E0, x0 | y0 << 13)                               # SC_SCISSOR0/1: the viewport
    e.w(0x43E4, (x0 + SIZE - 1) | (y0 + SIZE - 1) << 13)
    e.w(0x42B8, cull)                                        # SU_CULL_MODE
    # hardware TCL (r300_emit.c: VAP_CNTL_STATUS without TCL_BYPASS)
    e.w(0x2140, 0)
    viewport_clip(e, x0, y0, [])
    # r300_emit_vs_state: CODE_CNTL_0/CONST_CNTL/CODE_CNTL_1, the code from index 0 through
    # VAP_PVS_UPLOAD_DATA, VAP_CNTL (PVS_NUM_SLOTS 10, NUM_CNTLRS 5, NUM_FPUS 4, VF_MAX_VTX_NUM 12,
    # TCL_STATE_OPTIMIZATION); then the constants from R500_PVS_CONST_START (1024)
    prog, consts = vertex_program(), vertex_constants(x0, y0)
    n = len(prog)
    e.seq(0x22D0, [0 | (n - 1) << 10 | (n - 1) << 20, (len(consts) - 1) << 16, n - 1])
    e.w(0x2200, 0)
    e.one(0x2208, [d for ins in prog for d in ins])
    e.w(0x2080, 10 | 5 << 4 | 4 << 8 | 12 << 18 | 1 << 23)
    e.w(0x2200, 1024)
    e.one(0x2208, [f32(v) for c in consts for v in c])
    e.w(0x2284, 0)                                           # VAP_PVS_STATE_FLUSH_REG
    # r300_emit_vertex_stream_state: position FLOAT_3 -> in0, normal FLOAT_3 -> in1, UV FLOAT_2
    # -> in2 (LAST_VEC); swizzles XYZW, all written
    e.seq(0x2150, [(2 | 0 << 8) | (2 | 1 << 8) << 16, 1 | 2 << 8 | 1 << 13])
    e.seq(0x21E0, [0xF688F688, 0x0000F688])
    # r300_emit_vap_output_state: VTX_STATE_CNTL 0x5555, VSM_VTX_ASSM POS | COLOR0 | TC0 | TC1,
    # OUT_VTX_FMT_0 POS | COLOR_0, OUT_VTX_FMT_1 TEX_0/1_COMP_CNT 4
    e.seq(0x2180, [0x5555, 0x1 | 0x2 | 0x400 | 0x800])
    e.seq(0x2090, [0x3, 4 | 4 << 3])
    # r300_emit_rs_block_state (R500): RS_IP_0 colour 0 (COL_PTR 0, RGBA) and texture 0's S T R Q
    # (packet components 0-3), RS_IP_1 texture 1's (4-7); RS_COUNT IT_COUNT 8 | IC_COUNT 1 | HIRES_EN;
    # RS_INST_COUNT = count - 1; RS_INST_0 colour -> r0 and texture 0 -> r1, RS_INST_1 texture 1 -> r2
    e.seq(RS_IP_0, [0 | 1 << 6 | 2 << 12 | 3 << 18, 4 | 5 << 6 | 6 << 12 | 7 << 18])
    e.seq(RS_COUNT, [8 | 1 << 7 | 1 << 18, 1])
    e.seq(RS_INST_0, [0 | 1 << 4 | 1 << 5 | 0 << 12 | 1 << 16 | 0 << 18, 1 | 1 << 4 | 2 << 5])
    # r500_emit_fs (r300_fs.c): US_CONFIG ZERO_TIMES_ANYTHING, US_PIXSIZE (the highest temporary),
    # US_FC_CTRL 0 (no loops, branch depth 1 < 4), US_CODE_RANGE/OFFSET/ADDR, the code from
    # GA_US_VECTOR_INDEX 0; output formats as r300_emit_fb_state writes them (C4_8, B G R A on
    # target 0) and US_W_FMT 0 (the shader writes no depth)
    fp = fragment_program()
    e.w(US_CONFIG, 2)
    e.w(US_PIXSIZE, 6)
    e.w(US_FC_CTRL, 0)
    e.w(US_CODE_RANGE, (len(fp) - 1) << 16)
    e.w(US_CODE_OFFSET, 0)
    e.w(US_CODE_ADDR, (len(fp) - 1) << 16)
    e.w(GA_US_VECTOR_INDEX, 0)
    e.one(GA_US_VECTOR_DATA, [d for ins in fp for d in ins])
    e.seq(US_OUT_FMT_0, [0x00001B00, 0x00001B0F, 0x00001B0F, 0x00001B0F, 0])      # and US_W_FMT
    # r300_emit_textures_state: TX_ENABLE, then per map FILTER0, FILTER1, BORDER_COLOR, FORMAT0..2,
    # OFFSET. Map 0: the bricks, repeat, bilinear; map 1: the decal, clamp to last, bilinear.
    # TX_FORMAT1 8_8_8_8 with the B G R A selects of R300_EASY_TX_FORMAT (as exa_composite).
    e.w(TX_ENABLE, 3)
    for m, (size, base, clamp) in enumerate(((BRICK, tbuf, 0), (DECAL, tbuf + 0x1000, 2))):
        e.w(TX_FILTER0 + 4 * m, clamp | clamp << 3 | 2 << 9 | 2 << 11)
        e.w(TX_FILTER1 + 4 * m, 0)
        e.w(TX_BORDER + 4 * m, 0)
        e.w(TX_FORMAT0 + 4 * m, (size - 1) | (size - 1) << 11)
        e.w(TX_FORMAT1 + 4 * m, 12 | 3 << 9 | 2 << 12 | 1 << 15 | 0 << 18)
        e.w(TX_FORMAT2 + 4 * m, 0)
        e.w(TX_OFFSET + 4 * m, base)
    # the vertex arrays (r300_emit_vertex_arrays: one AOS entry per element, stride 8 dwords)
    e.aos([3, 3 | 8 << 8 | 3 << 16 | 8 << 24, vbuf, vbuf + 12, 2 | 8 << 8, vbuf + 24])

    def draw(idx):                              # triangle list, 16-bit indices (walk 1)
        words = [idx[k] | (idx[k + 1] if k + 1 < len(idx) else 0) << 16 for k in range(0, len(idx), 2)]
        e.draw(4 | 1 << 4 | len(idx) << 16, words)
    draw(gi)                                    # the ground: cut by the near plane
    # the cube with user clip plane 0 (clip space: x + y <= 0.5 w: its top right corner cut
    # off), enabled for this draw only
    viewport_clip(e, x0, y0, [(-1.0, -1.0, 0.0, 0.5)])
    draw(ci)
    e.w(0x221C, 3 << 14)                        # plane 0 off again
    e.w(RS_COUNT, 0)                            # back to the fixed path's state
    e.w(0x2140, 0x100)
