#!/usr/bin/env python3
"""r5xx_us_directed.py - directed stimulus for r5xx.us (docs/blocks/r5xx.us.md).

Writes vectors/r5xx/us/stim/*.stim: every literal R5xx fragment program of xf86-video-ati
(fact sheet r5xx-shaders.md §3.3: EXA Composite without and with mask and its OUT variants,
the four Xv programs) loaded through GA_US_VECTOR_INDEX/DATA as the driver writes it, run on
quads with texture responses from the vector; and one directed program per opcode, source
form, swizzle, modifier, pre-subtract, OMOD, clamp, predicate and TEX form, on inputs with
special values.  `rcosim gen --stimulus` (scripts/regen-vectors) makes the golden vectors;
lockstep and replay tests run them.

Usage: r5xx_us_directed.py OUTDIR
"""
import random
import struct
import sys
from pathlib import Path

GA_US_VECTOR_INDEX, GA_US_VECTOR_DATA = 0x4250, 0x4254
US_CONFIG, US_PIXSIZE, US_FC_CTRL = 0x4600, 0x4604, 0x4624
US_CODE_ADDR, US_CODE_RANGE, US_CODE_OFFSET = 0x4630, 0x4634, 0x4638
US_OUT_FMT_0, US_W_FMT = 0x46A4, 0x46B4


FP32_RGBA = 0x00003915          # C4_32_FP, C0 = R, C1 = G, C2 = B, C3 = A: the raw binary32 outputs
XATI_FMTS = (0x00001B00, 0x00001B0F, 0x00001B0F, 0x00001B0F)   # a8r8g8b8: C4_8 B G R A; targets 1-3 UNUSED


def f32(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


SPECIAL = [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x3F000000, 0x7F800000, 0xFF800000,
           0x7FC00000, 0xFFC00001, 0x00000001, 0x807FFFFF, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF,
           0x40000000, 0x3EFFFFFF, 0x3F000001, 0x4B000000, 0x3E800000, 0xC0490FDB]


class Stim:
    def __init__(self, name, title, backpressure='always', special=True):
        self.name, self.title, self.bp, self.special = name, title, backpressure, special
        self.lines = []
        self.nregw = 0
        self.prog = []          # the current program's instructions (6 dwords each)
        self.start = self.end = 0
        self.rng = random.Random(name)

    def w(self, addr, data, note=''):
        self.lines.append('in regw %04x %08x%s' % (addr, data & 0xFFFFFFFF, '  # ' + note if note else ''))
        self.nregw += 1

    def program(self, words, pixsize=1, offset=0, start=0, zmode=True, notes=None, fmts=(FP32_RGBA,) * 4, wfmt=1,
                code_range=None):
        """Load a program as the drivers do: US_CONFIG, PIXSIZE, CODE_RANGE/OFFSET/ADDR, INDEX 0, 6 dwords each;
        then US_OUT_FMT_0..3 and US_W_FMT (default: C4_32_FP r g b a on every target, W24)."""
        n = len(words)
        if fmts is not None:
            for t, f in enumerate(fmts):
                self.w(US_OUT_FMT_0 + 4 * t, f, 'US_OUT_FMT_%d' % t)
        if wfmt is not None:
            self.w(US_W_FMT, wfmt, 'US_W_FMT')
        self.w(US_CONFIG, 2 if zmode else 0, 'ZERO_TIMES_ANYTHING_EQUALS_ZERO' if zmode else 'IEEE 0*x')
        self.w(US_PIXSIZE, pixsize)
        self.w(US_CODE_RANGE, start | (n - 1) << 16 if code_range is None else code_range)
        self.w(US_CODE_OFFSET, offset)
        self.w(US_CODE_ADDR, start | (start + n - 1) << 16)
        self.w(GA_US_VECTOR_INDEX, (offset + start) & 511)
        for i, ins in enumerate(words):
            assert len(ins) == 6
            for k, d in enumerate(ins):
                self.w(GA_US_VECTOR_DATA, d, ('inst %d: %s' % (i, notes[i])) if notes and k == 0 else '')
        self.prog = words
        self.words = {(offset + start + i) & 511: ins for i, ins in enumerate(words)}
        self.start, self.end = (offset + start) & 511, (offset + start + n - 1) & 511

    def consts(self, first, vals, clamp=False):
        self.w(GA_US_VECTOR_INDEX, first | 0x10000 | (0x20000 if clamp else 0))
        for v in vals:
            for x in v:
                self.w(GA_US_VECTOR_DATA, x if isinstance(x, int) else f32(x))

    def tex_requests(self, cov):
        """The (sampler, pixel) of the requests one quad makes, start to LAST or END_ADDR (the programs
        with TEX here have no flow control, so the path is fixed)."""
        n, pc = [], self.start
        for _ in range(512):
            w = self.words.get(pc, [0] * 6)
            if w[0] & 3 == 3:
                op = (w[1] >> 22) & 7
                if op not in (0, 2, 7):
                    m = cov if (w[1] >> 26) & 1 else 15
                    n += [((w[1] >> 16) & 15, p) for p in range(4) if (m >> p) & 1]
            if (w[0] >> 8) & 1 or pc == self.end:
                break
            pc = (pc + 1) & 511
        return n

    def quad(self, regs, cov=15, texels=None, note='', requests=None, kills=None):
        """One quad: regs = {addr: [pixel][4] values}; then its texture responses (for the requests the
        straight-line walk finds, or the (sampler, pixel) list `requests` of a program with a loop)."""
        items = list(regs.items())
        for k, (a, px) in enumerate(items):
            f = []
            for p in range(4):
                v = [x if isinstance(x, int) else f32(x) for x in px[p]]
                f.append('%016x' % (v[0] | v[1] << 32))
                f.append('%016x' % (v[2] | v[3] << 32))
            self.lines.append('in quad %04x %02x %x %d %s%s' % (self.nregw & 0xFFFF, a, cov, k == len(items) - 1,
                                                                  ' '.join(f), '  # ' + note if note and k == 0 else ''))
        for i, (smp, px) in enumerate(self.tex_requests(cov) if requests is None else requests):
            t = texels(i) if texels else [self.rng.choice(SPECIAL) if self.special and self.rng.random() < 0.3
                                          else f32(self.rng.randrange(256) / 255.0) for _ in range(4)]
            self.lines.append('in texrsp %x %x %08x %08x %08x %08x 0 %x' % ((smp, px) + tuple(t) +
                                                                         (kills(i) if kills else 0,)))

    def write(self, outdir):
        head = ['# %s: %s' % (self.name, self.title),
                '# written by scripts/blocks/r5xx_us_directed.py; the golden vector is ../%s.vec' % self.name,
                'rcosim-vector 1', 'block r5xx.us', 'seed 1', 'backpressure %s' % self.bp,
                'channel in regw addr:16 data:32',
                'channel in quad wseq:16 addr:7 cov:4 last:1 p0rg:64 p0ba:64 p1rg:64 p1ba:64 p2rg:64 p2ba:64 p3rg:64 p3ba:64',
                'channel in texrsp smp:4 quad:2 r:32 g:32 b:32 a:32 err:4 kill:1']
        Path(outdir, self.name + '.stim').write_text('\n'.join(head + self.lines + ['end']) + '\n')


def texcoords(rng, n=2, scale=1.0):
    return [[rng.random() * scale for _ in range(n)] + [0.0] * (4 - n) for _ in range(4)]


# ---- the literal xf86-video-ati programs (r5xx-shaders.md §3.3) ---------------------------------

TEX_A = [0x00187807, 0x06400000, 0xE4000400, 0, 0, 0]


def out_a(rgb, alpha):
    return [0x001F8105, 0x00000400, 0x00000400, rgb, alpha, 0x20490000]


OUT_VARIANTS = [(0x00DB2220, 0x00C8C000, 'argb source, no mask'), (0x00DB2220, 0x00C98000, 'xrgb source'),
                (0x00DB2490, 0x00C8C000, 'a8 source'), (0x006DA220, 0x0068C000, 'mask with A'),
                (0x006DA220, 0x00698000, 'xrgb source, mask with A'), (0x006DA490, 0x0068C000, 'a8, mask with A'),
                (0x00442220, 0x0068C000, 'component alpha'), (0x00442490, 0x00C8C000, 'component alpha, a8'),
                (0x0044236C, 0x0068C000, 'CA, op using source alpha'), (0x004426D8, 0x00698000, 'CA, no A, source alpha')]

BICUBIC = [
    [0x00003803, 0x04410000, 0xE4020001, 0, 0, 0],
    [0x00003807, 0x06410000, 0xE4055501, 0, 0, 0],
    [0x00007804, 0x00000900, 0x00000900, 0x0004A080, 0x00090040, 0x20490040],
    [0x00007800, 0x00401500, 0x00401500, 0x00002430, 0x00084030, 0x18222030],
    [0x00007800, 0x00000C00, 0x00000C00, 0x004426D8, 0x00698030, 0x08022030],
    [0x00007803, 0x04400000, 0xE4014E03, 0, 0, 0],
    [0x00007807, 0x06400000, 0xE403E403, 0, 0, 0],
    [0x00007800, 0x00401500, 0x00401500, 0x0024A430, 0x00284040, 0x18222040],
    [0x00007800, 0x00001000, 0x00001000, 0x004426D8, 0x00698000, 0x08022000],
    [0x00007807, 0x04400000, 0xE404EE00, 0, 0, 0],
    [0x00007807, 0x06400000, 0xE400E400, 0, 0, 0],
    [0x00007800, 0x40200403, 0x40200403, 0x0044624A, 0x0078A030, 0x18220030],
    [0x00007804, 0x40201000, 0x40201000, 0x0044624A, 0x0078A000, 0x18220000],
    [0x0007F905, 0x40500C00, 0x40500C00, 0x0044624A, 0x0078A000, 0x18220000]]
NOBICUBIC = [[0x00187807, 0x06400000, 0xE4000400, 0, 0, 0],
             [0x001F8105, 0x10040000, 0x10040000, 0x00DB0220, 0x00C0C000, 0x20490000]]
PLANAR = [
    [0x00187807, 0x04400000, 0xE4020400, 0, 0, 0],
    [0x00187807, 0x04410000, 0xE4010400, 0, 0, 0],
    [0x00187807, 0x06420000, 0xE4000400, 0, 0, 0],
    [0x00007804, 0x10000900, 0x10000900, 0x0028236C, 0x00810020, 0x20220020],
    [0x00007804, 0x00200501, 0x00200501, 0x00282220, 0x00810020, 0x20222020],
    [0x001F8105, 0x00200102, 0x00200102, 0x00282220, 0x00810000, 0x30222000]]
PACKED = [
    [0x00187807, 0x06400000, 0xE4000400, 0, 0, 0],
    [0x00007804, 0x10000100, 0x10000100, 0x0024A36C, 0x00810010, 0x20220010],
    [0x00007804, 0x00100101, 0x00100101, 0x00492220, 0x00810010, 0x20222010],
    [0x001F8105, 0x00100102, 0x00100101, 0x00002220, 0x00810010, 0x30222010]]


def xv_consts():
    yco, uco, vco = 1.1643, (0.0, -0.39173, 2.017), (1.5958, -0.8129, 0.0)
    off = [-0.0627 * yco - 0.502 * (uco[i] + vco[i]) for i in range(3)]
    return [(off[0], off[1], off[2], yco), (uco[0], uco[1], uco[2], 1.0), (vco[0], vco[1], vco[2], 0.0)]


def xati(outdir):
    rng = random.Random(5)
    s = Stim('xati_composite', 'EXA Composite (radeon_exa_render.c:1968-2057): TEX LD map 0 then OUT, every OUT variant', special=False)
    for rgb, alpha, what in OUT_VARIANTS:
        s.program([TEX_A, out_a(rgb, alpha)], notes=['TEX LD', 'OUT ' + what], fmts=XATI_FMTS, wfmt=0)
        for cov in (15, 5, 8, 0):
            s.quad({0: texcoords(rng)}, cov=cov, note=what)
    s.write(outdir)

    s = Stim('xati_composite_mask', 'EXA Composite with mask (radeon_exa_render.c:1896-1966): two TEX LD then OUT', special=False)
    tex0 = [0x00187803, 0x04400000, 0xE4000400, 0, 0, 0]
    tex1 = [0x00187807, 0x06410000, 0xE4010401, 0x00010001, 0, 0]
    for rgb, alpha, what in OUT_VARIANTS[3:]:
        s.program([tex0, tex1, out_a(rgb, alpha)], notes=['TEX LD map 0', 'TEX LD map 1', 'OUT ' + what],
                  fmts=XATI_FMTS, wfmt=0)
        for cov in (15, 6):
            s.quad({0: texcoords(rng), 1: texcoords(rng)}, cov=cov, note=what)
    s.write(outdir)

    s = Stim('xati_xv_bicubic', 'Xv bicubic (radeon_textured_videofuncs.c:2655-3127): 14 instructions, LRP by pre-subtract', special=False)
    s.program(BICUBIC, pixsize=5, fmts=XATI_FMTS, wfmt=0)
    s.consts(0, [(1.0 / 720, 1.0 / 480, 0.0, 0.0)])
    for _ in range(6):
        r0 = texcoords(rng)
        r1 = [[x * 720 + 0.5, y * 480 + 0.5, 0.0, 0.0] for x, y, _, _ in r0]
        s.quad({0: r0, 1: r1})
    s.write(outdir)

    s = Stim('xati_xv', 'Xv without bicubic, planar I420/YV12 and packed YUY2 (radeon_textured_videofuncs.c:3128-3688)', special=False)
    s.program(NOBICUBIC, pixsize=0, fmts=XATI_FMTS, wfmt=0)
    for _ in range(3):
        s.quad({0: texcoords(rng)})
    s.program(PLANAR, pixsize=2, fmts=XATI_FMTS, wfmt=0)
    s.consts(0, xv_consts())
    for _ in range(4):
        s.quad({0: texcoords(rng)})
    s.program(PACKED, pixsize=1, fmts=XATI_FMTS, wfmt=0)
    s.consts(0, xv_consts())
    for _ in range(4):
        s.quad({0: texcoords(rng)})
    s.write(outdir)


# ---- directed ALU programs ---------------------------------------------------------------------------

def alu_inst(rop=0, aop=0, typ=0, ra=(0, 1, 2), aa=(0, 1, 2), srcp_r=0, srcp_a=0,
             sel=(0, 1, 2), swz_a=(0, 1, 2), swz_b=(0, 1, 2), swz_c=(0, 1, 2), mod=(0, 0, 0),
             asel=(0, 1, 2), aswz=(3, 3, 3), amod=(0, 0, 0), omod=(0, 0), clamp=(0, 0),
             rd=4, ad=4, wm=7, awm=1, om=0, aom=0, tgt=(0, 0), wout=0, pred=(0, 0, 0, 0), last=0, nop=0):
    """Fields by name (000:12018-12849); sources are 10-bit address fields (CONST at bit 8)."""
    cmn = typ | pred[0] << 3 | pred[1] << 6 | last << 8 | nop << 9 | wm << 11 | awm << 14 | om << 15 | aom << 18 | \
        clamp[0] << 19 | clamp[1] << 20 | pred[3] << 22 | pred[2] << 25
    w1 = ra[0] | ra[1] << 10 | ra[2] << 20 | srcp_r << 30
    w2 = aa[0] | aa[1] << 10 | aa[2] << 20 | srcp_a << 30
    w3 = sel[0] | swz_a[0] << 2 | swz_a[1] << 5 | swz_a[2] << 8 | mod[0] << 11 | sel[1] << 13 | \
        swz_b[0] << 15 | swz_b[1] << 18 | swz_b[2] << 21 | mod[1] << 24 | omod[0] << 26 | tgt[0] << 29
    w4 = aop | ad << 4 | asel[0] << 12 | aswz[0] << 14 | amod[0] << 17 | asel[1] << 19 | aswz[1] << 21 | \
        amod[1] << 24 | omod[1] << 26 | tgt[1] << 29 | wout << 31
    w5 = rop | rd << 4 | sel[2] << 12 | swz_c[0] << 14 | swz_c[1] << 17 | swz_c[2] << 20 | mod[2] << 23 | \
        asel[2] << 25 | aswz[2] << 27 | amod[2] << 30
    return [cmn & 0xFFFFFFFF, w1, w2, w3 & 0xFFFFFFFF, w4 & 0xFFFFFFFF, w5 & 0xFFFFFFFF]


def out_r(reg, tgt=0, last=1):
    """OUT reg.rgba to target tgt (MAD reg * 1 + 0)."""
    return alu_inst(typ=1, ra=(reg, reg, reg), aa=(reg, reg, reg), swz_b=(6, 6, 6), swz_c=(4, 4, 4),
                    aswz=(3, 6, 4), wm=0, awm=0, om=7, aom=1, tgt=(tgt, tgt), last=last)


def special_quad(rng, regs=(0, 1, 2)):
    return {r: [[rng.choice(SPECIAL) if rng.random() < 0.5 else f32(rng.uniform(-4, 4)) for _ in range(4)]
                for _ in range(4)] for r in regs}


def directed(outdir):
    rng = random.Random(7)
    s = Stim('alu_ops', 'every RGB_OP and ALPHA_OP on special values, 0*x mode on and off')
    for zmode in (True, False):
        for rop in (0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12):
            for aop in range(16):
                if aop == 4:
                    continue
                s.program([alu_inst(rop=rop, aop=aop, ra=(0, 1, 2), aa=(0, 1, 2), omod=(7, 7) if rop in (4, 5, 7, 8) else (0, 0)),
                           out_r(4)], zmode=zmode)
                s.quad(special_quad(rng))
    s.write(outdir)

    s = Stim('alu_sources', 'constant, temporary and inline-float sources; every swizzle (0, 0.5, 1); every modifier; pre-subtract')
    s.consts(0, [(rng.choice(SPECIAL), f32(0.25), f32(-3.5), rng.choice(SPECIAL)) for _ in range(8)])
    s.consts(250, [(f32(1.5), f32(-0.0), f32(7.0), f32(0.125))] * 6)   # wraps to 0..3
    for code in range(0, 128, 5):
        s.program([alu_inst(ra=(0x80 | code, 0x100 | (code % 8), code % 3), aa=(0x80 | (127 - code), 0x100 | 3, 1),
                            swz_a=(code % 8, (code + 1) % 8, (code + 2) % 8), swz_b=((code + 3) % 8, 5, 6),
                            mod=(code % 4, (code // 4) % 4, (code // 16) % 4), amod=(code % 4, 1, 2),
                            srcp_r=code % 4, srcp_a=(code + 1) % 4, sel=(code % 4, (code + 1) % 4, (code + 2) % 4),
                            asel=((code + 1) % 4, code % 4, 3), aswz=(code % 8, 3, (code + 5) % 8)), out_r(4)])
        s.quad(special_quad(rng))
    s.write(outdir)

    s = Stim('alu_omod_clamp', 'every OMOD with and without clamp, write and output masks, targets, W')
    for omod in range(8):
        for clamp in (0, 1):
            for wm in (0, 5, 7):
                s.program([alu_inst(omod=(omod, 7 - omod), clamp=(clamp, 1 - clamp), wm=wm, awm=wm & 1),
                           alu_inst(typ=1, om=wm ^ 7, aom=1, tgt=(omod % 4, (omod + 1) % 4), wout=clamp,
                                    ra=(4, 4, 4), aa=(4, 4, 4), swz_b=(6, 6, 6), swz_c=(4, 4, 4), aswz=(3, 6, 4), wm=0, awm=0),
                           out_r(4, tgt=3 - omod % 4)])
                s.quad(special_quad(rng))
    s.write(outdir)

    s = Stim('alu_pred', 'predicate write (==, <, >=, != against 0) and predicated execution, every PRED_SEL, inverted')
    for sel in range(6):
        for tg in range(4):
            s.program([alu_inst(om=7, aom=1, tgt=(tg, (tg + 1) % 4), wm=0, awm=0, rop=0, aop=0),
                       alu_inst(pred=(sel, tg & 1, (sel + 1) % 6, tg >> 1), ra=(1, 1, 1), aa=(2, 2, 2), rd=5, ad=5),
                       out_r(5)])
            s.quad(special_quad(rng))
    s.write(outdir)

    s = Stim('alu_derivatives', 'MDH and MDV (RGB and alpha): top-left src0 against top-right / bottom-left, modifiers kept')
    for rop, aop in ((11, 14), (12, 15), (11, 15), (12, 14)):
        for m in range(4):
            s.program([alu_inst(rop=rop, aop=aop, mod=(m, 1, 3 - m), amod=(3 - m, 1, m), swz_b=(6, 6, 6), aswz=(3, 6, 3)),
                       out_r(4)])
            s.quad({0: [[float(p * 10 + c) for c in range(4)] for p in range(4)],
                    1: [[float(c) for c in range(4)] for p in range(4)]})
            s.quad(special_quad(rng))
    s.write(outdir)

    s = Stim('tex_forms', 'TEX LD/PROJ/LODBIAS/LOD/DXDY (request fields), KIL, NOP; masks, swizzles, clamp, IGNORE_UNCOVERED')
    for op in (1, 3, 4, 5, 6, 2, 0):
        for variant in range(3):
            cmn = 0x00000003 | (0xF if variant != 1 else 0x5) << 11 | (variant == 2) << 19 | (variant == 2) << 20 | 1 << 2
            ti = (variant * 5) << 16 | op << 22 | (variant == 1) << 26 | (variant == 2) << 27 | 1 << 25
            ta = 0 | (0xE4 if variant == 0 else 0x1B) << 8 | 2 << 16 | (0xE4 if variant != 2 else 0x4E) << 24
            s.program([[cmn, ti, ta, 0x00010001, 0, 0], out_r(2)])
            for cov in (15, 9):
                s.quad(special_quad(rng, regs=(0, 2)), cov=cov)
    s.write(outdir)

    s = Stim('nop_last_window', 'NOP bit cycles, LAST before END_ADDR, program window at an offset that wraps 511 -> 0')
    prog = [alu_inst(nop=1), alu_inst(rd=5, ra=(4, 4, 4)), out_r(5, last=1), out_r(4, tgt=1)]
    s.program(prog, offset=509, start=1)
    s.quad(special_quad(rng))
    prog[2] = out_r(5, last=0)
    s.program(prog, offset=300, start=0)
    s.quad(special_quad(rng))
    s.write(outdir)

    s = Stim('backpressure', 'the Composite program and a 4-target program under random back-pressure', backpressure='random:0.5')
    s.program([TEX_A, out_r(0, tgt=1, last=0), out_r(0, tgt=3, last=0), out_a(0x00DB2220, 0x00C8C000)])
    for cov in (15, 3, 12, 0, 15, 15):
        s.quad({0: texcoords(rng)}, cov=cov)
    s.write(outdir)


# ---- output conversion (US_OUT_FMT_0..3, US_W_FMT) --------------------------------------------------

def fmt_values(rng):
    """Per pixel r g b a: special values, values around the rounding halves of 8/10/16 bits, the
    binary16 and W24_FP boundaries, and plain values in [-1.5, 1.5]."""
    pool = SPECIAL + [f32((k + 0.5) / 255.0) for k in (0, 1, 127, 254)] + \
        [f32((k + 0.5) / 1023.0) for k in (0, 511, 1022)] + [f32(32767.5 / 65535.0), f32(0.5 / 65535.0)] + \
        [f32(-(k + 0.5) / 127.0) for k in (0, 63, 126)] + \
        [0x477FE000, 0x477FF000, 0x47800000, 0x38800000, 0x387FFFFF, 0xC77FFFFF, 0x33800000,
         0x20000000, 0x1FFFFFFF, 0x5F800000, 0x5F7FFFFF, 0xDF800001, 0x3F7FFFFF, 0xBF7FFFFF, 0x3F800001]
    return [[rng.choice(pool) if rng.random() < 0.6 else f32(rng.uniform(-1.5, 1.5)) for _ in range(4)]
            for _ in range(4)]


def formats(outdir):
    rng = random.Random(13)
    s = Stim('out_formats', 'US_OUT_FMT_0..3: every OUT_FMT code 0-31 with SEL permutations, OUT_SIGN, ROUND_ADJ; '
             'US_W_FMT: W0, W24, W24_FP, reserved, W_SRC; partial output masks, unused targets')
    # OUT r0 (rgb and alpha, W = r0.a) to targets 0 and 1; OUT r1 to targets 2 (rgb) and 3 (alpha)
    o1 = alu_inst(typ=1, ra=(0, 0, 0), aa=(0, 0, 0), swz_b=(6, 6, 6), swz_c=(4, 4, 4), aswz=(3, 6, 4),
                  wm=0, awm=0, om=7, aom=1, tgt=(0, 1), wout=1, omod=(7, 7))
    o2 = alu_inst(typ=1, ra=(1, 1, 1), aa=(1, 1, 1), swz_b=(6, 6, 6), swz_c=(4, 4, 4), aswz=(3, 6, 4),
                  wm=0, awm=0, om=5, aom=1, tgt=(2, 3), omod=(7, 7), last=1)
    sels = [0x1B00, 0x3900, 0xE400, 0x0000, 0x3C00 | 0x40, 0x9300]
    for code in range(32):
        for v in range(3):
            sel = sels[(code + v) % len(sels)]
            sign = (0xF, 0x5, 0x0)[v] << 16
            radj = (v == 1) << 20
            f = [code | sel | sign | radj, (code + 1) % 32 | sels[v] | (v == 2) << 20,
                 code | 0x3900 | (0xA << 16), 0x0000 | 18]
            wfmt = (code + v) % 4 | ((code % 7 == 3) << 2)
            s.program([o1, o2], fmts=f, wfmt=wfmt)
            s.quad({0: fmt_values(rng), 1: fmt_values(rng)}, cov=rng.choice((15, 15, 7, 0)))
    # only unused targets written: the empty record (still carrying W)
    s.program([o1, o2], fmts=(15, 14, 22, 31), wfmt=1)
    s.quad({0: fmt_values(rng), 1: fmt_values(rng)})
    # the driver's values: a8r8g8b8, a8b8g8r8, b8g8r8a8, a8 (radeon_exa_render.c) and Mesa's signed C4_8
    for f0 in (0x00001B00, 0x00003900, 0x0000E400, 0x00000000, 0x000F1B00, 0x00001B05, 0x00001B12, 0x00001B15, 0x00001B01):
        s.program([o1, o2], fmts=(f0, f0, f0, f0), wfmt=2)
        for _ in range(2):
            s.quad({0: fmt_values(rng), 1: fmt_values(rng)})
    s.write(outdir)


def fc_inst(op=0, func=0xFF, any_=0, else_=0, aop=0, popcnt=0, bop0=0, bop1=0, ign=0, bool_addr=0,
            addr=0, glob=0, psel=0, pinv=0, last=0, int_addr=0):
    """A flow-control instruction (000:12911-12928, 12968-13080): TYPE 2, ALU_WAIT as Mesa emits."""
    cmn = 2 | psel << 3 | pinv << 6 | last << 8 | 1 << 10
    fi = op | else_ << 4 | any_ << 5 | aop << 6 | func << 8 | popcnt << 16 | bop0 << 24 | bop1 << 26 | ign << 28
    fa = bool_addr | (int_addr & 31) << 8 | (addr & 511) << 16 | glob << 31
    return [cmn, 0, fi, fa, 0, 0]


def const_inst(rd, val_code, wm=7, awm=1, alu_wmask=0, rsel=0, rop=0):
    """rD = inline constant (MAD #v * 1 + 0), optionally setting the ALU result from it."""
    w = alu_inst(ra=(0x80 | val_code, 0, 0), aa=(0x80 | val_code, 0, 0), swz_a=(0, 0, 0), swz_b=(6, 6, 6),
                 swz_c=(4, 4, 4), aswz=(0, 6, 4), rd=rd, ad=rd, wm=wm, awm=awm)
    w[0] |= rsel << 21 | rop << 23
    w[3] |= alu_wmask << 31
    return w


def flow(outdir):
    rng = random.Random(11)
    s = Stim('fc_jump', 'JUMP: if/else/endif through the branch counters (B_ELSE, B_OP0/1 INCR/DECR, B_POP_CNT), '
             'JUMP_FUNC on the ALU result, the predicate and a boolean, JUMP_ANY, IGNORE_UNCOVERED, JUMP_GLOBAL, '
             'call and return (A_OP push/pop), WRITE_INACTIVE')
    s.w(0x4620, 0x0000A5A5, 'US_FC_BOOL_CONST')
    # r0.r < 0 per pixel -> ALU result; IF (jump to ELSE when every active pixel fails), ELSE, ENDIF
    setc = alu_inst(ra=(0, 0, 0), aa=(0, 0, 0), swz_b=(6, 6, 6), swz_c=(4, 4, 4), aswz=(0, 6, 4), rd=6, ad=6)
    setc[0] |= 1 << 23                 # ALU_RESULT_OP <, red
    setc[3] |= 1 << 31                 # ALU_WMASK
    for any_ in (0, 1):
        for bops in ((2, 2), (2, 0), (1, 2), (0, 1)):
            prog = [setc,
                    fc_inst(func=0x0F, any_=any_, bop0=bops[0], bop1=bops[1], addr=4),      # IF !(r0.r < 0)
                    const_inst(5, 0x38),                                                  # r5 = 1.0
                    fc_inst(func=0xFF, else_=1, any_=any_, bop0=2, bop1=2, addr=5),       # ELSE
                    const_inst(5, 0x40),                                                  # r5 = 2.0
                    fc_inst(func=0x00, bop0=1, bop1=1, popcnt=1 + any_, addr=6),          # ENDIF
                    out_r(5)]
            s.program(prog)
            for signs in ((1, 1, 1, 1), (-1, -1, -1, -1), (1, -1, 1, -1), (-1, 1, 1, 1)):
                s.quad({0: [[signs[p] * 0.5, 0.25, 0.0, 1.0] for p in range(4)], 5: special_quad(rng, (5,))[5]},
                       cov=rng.choice((15, 15, 7, 9)))
    # JUMP_FUNC on bool (BOOL_ADDR 0..3 of 0xA5A5) and on the predicate, IGNORE_UNCOVERED, GLOBAL
    for b in range(4):
        for psel in (0, 1, 5):
            prog = [alu_inst(om=7, aom=1, tgt=(1, 2), wm=0, awm=0),             # predicates: r0 < 0, a >= 0
                    fc_inst(func=0xAA if psel == 0 else 0x0C, psel=psel, pinv=b & 1, bool_addr=b, ign=b >> 1,
                            addr=3 if b != 3 else 3 + 17, glob=b == 3, bop0=2, bop1=0),
                    const_inst(5, 0x30),
                    out_r(5)]
            s.program(prog, offset=17 if b == 3 else 0)
            s.quad(special_quad(rng), cov=rng.choice((15, 5, 10)))
    # call and return: JUMP push to a subroutine, JUMP pop back; WRITE_INACTIVE
    sub = [fc_inst(func=0xFF, aop=2, addr=4),          # 0: call 4
           const_inst(6, 0x44),                        # 1: r6 = 3.0 (after the return)
           fc_inst(func=0xFF, addr=6),                 # 2: jump 6
           const_inst(6, 0x00),                        # 3: skipped
           const_inst(5, 0x3C),                        # 4: subroutine: r5 = 1.5
           fc_inst(func=0xFF, aop=1),                  # 5: return (pop)
           out_r(5, last=0),                           # 6
           out_r(6, tgt=1)]                            # 7
    s.program(sub)
    s.quad(special_quad(rng, (5, 6)))
    wi = [setc, fc_inst(func=0xF0, bop0=2, bop1=2, addr=2), const_inst(5, 0x38), out_r(5)]
    wi[2][0] |= 1 << 7                                  # WRITE_INACTIVE on the write after the branch
    s.program(wi)
    for signs in ((1, -1, 1, -1), (-1, -1, 1, 1)):
        s.quad({0: [[float(signs[p]), 0.0, 0.0, 0.0] for p in range(4)]})
    s.write(outdir)


US_FC_CTRL_FULL = 1 << 31
US_FC_INT_CONST_0 = 0x4C00
LOOP, ENDLOOP, REP, ENDREP, BREAKLOOP, BREAKREP, CONTINUE = 1, 2, 3, 4, 5, 6, 7


def add_inst(rd, a, b_code=None, rel_b=False, rel_d=False, neg_b=False):
    """rD = rA + B (MAD rA * 1 + B) on all four channels; B a temporary, or with rel_b a constant
    addressed relative to aL; rel_d: the destination relative to aL."""
    bsrc = (b_code | 0x100 | (0x200 if rel_b else 0)) if b_code is not None else 0
    w = alu_inst(ra=(a, bsrc, 0), aa=(a, bsrc, 0), swz_a=(0, 1, 2), swz_b=(6, 6, 6), sel=(0, 0, 1),
                 swz_c=(0, 1, 2), mod=(0, 0, 1 if neg_b else 0), asel=(0, 0, 1), aswz=(3, 6, 3),
                 amod=(0, 0, 1 if neg_b else 0), rd=rd, ad=rd)
    if rel_d:
        w[5] |= 1 << 11
        w[4] |= 1 << 11
    return w


def loops(outdir):
    rng = random.Random(17)
    s = Stim('fc_loops', 'FULL_FC_EN loops: a Mesa-style LOOP/IF/BRK/ENDIF/ENDLOOP (KR 255, r500_fragprog_emit.c), '
             'LOOP with aL (KG/KB) and relative constant, source and destination addressing, REP nested in LOOP, '
             'KR = 0, BREAKREP, CONTINUE, and the same loops with FULL_FC_EN 0 (executed as JUMP)')
    s.w(US_FC_INT_CONST_0 + 0, 0x000000FF, 'KR 255 (Mesa: every loop)')
    s.w(US_FC_INT_CONST_0 + 4, 0x00030204, 'KR 4, KG 2, KB 3')
    s.w(US_FC_INT_CONST_0 + 8, 0x00000003, 'KR 3')
    s.w(US_FC_INT_CONST_0 + 12, 0x00000002, 'KR 2')
    s.w(US_FC_INT_CONST_0 + 16, 0x00000000, 'KR 0')
    s.w(US_FC_INT_CONST_0 + 20, 0x00FF0A03, 'KR 3, KG 10, KB -1')
    s.consts(0, [(float(i), float(10 * i), float(100 * i), float(-i)) for i in range(16)])
    # r2 = 1.0 (the increment); r1 = 0; loop { r1 += 1; if (r1 - r0 >= 0) break; } out r1
    inc = const_inst(2, 0x38)
    setc = alu_inst(ra=(1, 0, 0), aa=(1, 0, 0), swz_a=(0, 1, 2), swz_b=(6, 6, 6), sel=(0, 0, 1), swz_c=(0, 1, 2),
                    mod=(0, 0, 1), asel=(0, 0, 1), aswz=(3, 6, 3), amod=(0, 0, 1), rd=6, ad=6, wm=0, awm=0)
    setc[0] |= 2 << 23                           # ALU_RESULT_OP >=, red
    setc[3] |= 1 << 31                           # ALU_WMASK
    mesa = [const_inst(1, 0x00),                                                          # 0 r1 = 0
            inc,                                                                          # 1 r2 = 1
            fc_inst(op=LOOP, func=0x00, ign=1, int_addr=0, addr=9),                       # 2 BGNLOOP
            alu_inst(ra=(1, 2, 0), aa=(1, 2, 0), swz_a=(0, 1, 2), swz_b=(6, 6, 6), sel=(0, 0, 1), swz_c=(0, 1, 2),
                     asel=(0, 0, 1), aswz=(3, 6, 3), rd=1, ad=1),                          # 3 r1 += r2
            setc,                                                                         # 4 alu = r1 - r0 >= 0
            fc_inst(op=0, func=0x0F, bop0=2, ign=1, addr=7),                              # 5 IF (no ELSE)
            fc_inst(op=BREAKLOOP, func=0xFF, bop1=1, popcnt=1, ign=1, addr=10),           # 6 BRK
            fc_inst(op=0, func=0x00, any_=1, bop0=1, popcnt=1, addr=8),                   # 7 ENDIF
            alu_inst(ra=(5, 2, 0), aa=(5, 2, 0), swz_a=(0, 1, 2), swz_b=(6, 6, 6), sel=(0, 0, 1), swz_c=(0, 1, 2),
                     asel=(0, 0, 1), aswz=(3, 6, 3), rd=5, ad=5),                          # 8 r5 += 1 (after the IF)
            fc_inst(op=ENDLOOP, func=0xFF, any_=1, ign=1, int_addr=0, addr=3),            # 9 ENDLOOP
            out_r(1, last=0), out_r(5, tgt=1)]                                            # 10, 11
    for full in (1, 0):
        s.w(US_FC_CTRL, US_FC_CTRL_FULL if full else 0, 'US_FC_CTRL FULL_FC_EN %d' % full)
        s.program(mesa)
        for th in ((1.0, 1.0, 1.0, 1.0), (3.0, 3.0, 3.0, 3.0), (2.0, 4.0, 6.0, 8.0), (5.0, 1.0, 7.0, 2.0)):
            s.quad({0: [[th[p], 0.0, 0.0, 0.0] for p in range(4)], 5: [[0.0] * 4] * 4},
                   cov=rng.choice((15, 15, 7)))
    s.w(US_FC_CTRL, US_FC_CTRL_FULL)
    # aL: r5 = sum of c[aL] for aL = 2, 5, 8, 11; r[20 + aL] = r5 each time; out r5, r31
    al = [const_inst(5, 0x00),                                                            # 0
          fc_inst(op=LOOP, func=0x00, ign=1, int_addr=1, addr=5),                         # 1
          add_inst(5, 5, b_code=0, rel_b=True),                                           # 2 r5 += c[aL]
          add_inst(20, 5, b_code=None, rel_d=True),                                       # 3 r[20+aL] = r5 + 0
          fc_inst(op=ENDLOOP, func=0xFF, any_=1, ign=1, int_addr=1, addr=2),              # 4
          out_r(5, last=0), out_r(31, tgt=1, last=0), out_r(25, tgt=2)]                   # 5-7
    s.program(al)
    s.quad({0: [[0.0] * 4] * 4})
    # aL stepping down (KB = -1) with a relative source temporary: r5 = r[10] + r[9] + r[8]
    al2 = [const_inst(5, 0x00),
           fc_inst(op=LOOP, func=0x00, ign=1, int_addr=5, addr=4),
           alu_inst(ra=(5, 0x200, 0), aa=(5, 0x200, 0), swz_a=(0, 1, 2), swz_b=(6, 6, 6), sel=(0, 0, 1),
                    swz_c=(0, 1, 2), asel=(0, 0, 1), aswz=(3, 6, 3), rd=5, ad=5),          # r5 += r[0 + aL]
           fc_inst(op=ENDLOOP, func=0xFF, any_=1, ign=1, int_addr=5, addr=2),
           out_r(5)]
    s.program(al2)
    s.quad({8: special_quad(rng, (8,))[8], 9: [[1.0, 2.0, 3.0, 4.0]] * 4, 10: [[0.5, 0.25, 8.0, -1.0]] * 4})
    # REP (KR 3) nested in LOOP (KR 2): r5 += 1 six times; REP with KR 0 skips; BREAKREP; CONTINUE
    nest = [const_inst(5, 0x00), inc,                                                     # 0, 1
            fc_inst(op=LOOP, func=0x00, ign=1, int_addr=3, addr=8),                       # 2 LOOP x2
            fc_inst(op=REP, func=0x00, ign=1, int_addr=2, addr=6),                        # 3 REP x3
            alu_inst(ra=(5, 2, 0), aa=(5, 2, 0), swz_a=(0, 1, 2), swz_b=(6, 6, 6), sel=(0, 0, 1), swz_c=(0, 1, 2),
                     asel=(0, 0, 1), aswz=(3, 6, 3), rd=5, ad=5),                          # 4 r5 += 1
            fc_inst(op=CONTINUE, func=0xFF, bop1=1, popcnt=0, ign=1, addr=6),             # 5 CONTINUE (to ENDREP)
            fc_inst(op=ENDREP, func=0xFF, any_=1, ign=1, int_addr=2, addr=4),             # 6 ENDREP
            fc_inst(op=REP, func=0x00, ign=1, int_addr=4, addr=8),                        # 7 REP x0: jumps, no push
            fc_inst(op=ENDLOOP, func=0xFF, any_=1, ign=1, int_addr=3, addr=3),            # 8 ENDLOOP
            out_r(5, tgt=3, last=0),                                                      # 9 r5 = 6
            fc_inst(op=REP, func=0x00, ign=1, int_addr=1, addr=14),                       # 10 REP x4
            fc_inst(op=BREAKREP, func=0xFF, ign=1, addr=14),                              # 11 BREAKREP at once
            out_r(2, last=0),                                                             # 12 skipped
            fc_inst(op=ENDREP, func=0xFF, any_=1, ign=1, int_addr=1, addr=11),            # 13
            out_r(5, tgt=1)]                                                              # 14
    s.program(nest)
    s.quad({0: [[0.0] * 4] * 4})
    s.quad({0: [[0.0] * 4] * 4}, cov=5)
    s.write(outdir)


def dxdy(outdir):
    rng = random.Random(19)
    s = Stim('tex_dxdy', 'TEX DXDY: the LOD from the explicit gradients (US_TEX_ADDR_DXDY, US_FORMAT0 sizes, '
             'UNSCALED), gradient swizzles, special values, aL-relative gradient registers in a loop')
    for n, (wd, ht) in enumerate(((256, 256), (1024, 16), (1, 1), (2048, 2048), (640, 480))):
        s.w(0x4640 + 4 * n, (wd - 1) | (ht - 1) << 11, 'US_FORMAT0_%d %dx%d' % (n, wd, ht))
    for smp in range(5):
        for unscaled in (0, 1):
            for dsw in (0x00, 0x1B, 0xE4):
                cmn = 0x00000003 | 0xF << 11 | 1 << 2
                ti = smp << 16 | 6 << 22 | unscaled << 27
                ta = 0 | 0xE4 << 8 | 3 << 16 | 0xE4 << 24
                dd = 1 | dsw << 8 | 2 << 16 | (dsw ^ 0xFF) << 24
                s.program([[cmn, ti, ta, dd, 0, 0], out_r(3)])
                grads = [[f32(rng.choice((1.0 / 256, 0.5 / 1024, 4.0, 0.0, -1.0 / 64))) if rng.random() < 0.7
                          else rng.choice(SPECIAL) for _ in range(4)] for _ in range(4)]
                s.quad({0: texcoords(rng), 1: grads, 2: [[f32(-rng.uniform(0, 0.1)) for _ in range(4)]
                                                         for _ in range(4)]}, cov=rng.choice((15, 6)))
    # the gradient registers relative to aL inside a loop: r[1 + aL], r[2 + aL] for aL = 0, 2
    s.w(US_FC_CTRL, US_FC_CTRL_FULL)
    s.w(US_FC_INT_CONST_0 + 24, 0x00020002, 'KR 2, KG 0, KB 2')
    cmn = 0x00000003 | 0xF << 11
    prog = [fc_inst(op=LOOP, func=0x00, ign=1, int_addr=6, addr=3),
            [cmn, 0 << 16 | 6 << 22, 0 | 0xE4 << 8 | 3 << 16 | 0xE4 << 24, 1 | 1 << 7 | 0x04 << 8 | 2 << 16 | 1 << 23 | 0x04 << 24, 0, 0],
            fc_inst(op=ENDLOOP, func=0xFF, any_=1, ign=1, int_addr=6, addr=1),
            out_r(3)]
    s.program(prog)
    s.quad({0: texcoords(rng), 1: [[f32(0.01)] * 4] * 4, 2: [[f32(0.02)] * 4] * 4,
            3: [[f32(0.5)] * 4] * 4, 4: [[f32(0.25)] * 4] * 4}, requests=[(0, p) for p in range(4)] * 2)
    s.write(outdir)


def texkill(outdir):
    rng = random.Random(23)
    s = Stim('tex_kill', "r5xx.tx's chroma-key kill (texrsp kill, r5xx.tx.md D21): a response with kill kills its "
             "pixel (not in wr), alone or with KIL, with IGNORE_UNCOVERED, WRITE_INACTIVE; the texel is "
             "still written; a later OUT still writes the other pixels", special=False)
    cmn = 0x00000003 | 0xF << 11
    for ign in (0, 1):
        for kil_first in (0, 1):
            prog = []
            if kil_first:                                   # KIL on r2 (negative for some pixels)
                prog.append([0x00000003, 2 << 22, 2 | 0xE4 << 8, 0, 0, 0])
            prog += [[cmn, 0 << 16 | 1 << 22 | ign << 26, 0 | 0xE4 << 8 | 3 << 16 | 0xE4 << 24, 0, 0, 0], out_r(3)]
            s.program(prog)
            for km in (0x0, 0x1, 0x6, 0xF, 0x8):
                cov = rng.choice((15, 15, 6, 9))
                kills = [km >> p & 1 for p in range(4) if (not ign) or (cov >> p & 1)]
                s.quad({0: texcoords(rng), 2: [[f32(rng.choice((1.0, -1.0))) for _ in range(4)]
                                               for _ in range(4)]}, cov=cov, kills=lambda i: kills[i])
    s.write(outdir)


# ---- the branch-depth limit of partial flow control (decision 22) ---------------------------------------

def nested_ifs(depth):
    """Mesa's IF/ENDIF emission (r500_fragprog_emit.c emit_flowcontrol) nested `depth` deep, all on the
    ALU result r0.r < 0: IF = JUMP_FUNC 0x0F (jump when the result is false), B_OP0 INCR,
    IGNORE_UNCOVERED, to its ENDIF + 1; ENDIF = JUMP_ANY, B_OP0 DECR, B_POP_CNT 1. The innermost body
    writes r6 = 3.0; between ENDIF 2 and ENDIF 1 (inside IF 1 only) r5 = 2.0; OUT r5 to target 0, r6
    to target 1. A pixel failing IF 1 must write neither."""
    setc = alu_inst(ra=(0, 0, 0), aa=(0, 0, 0), swz_b=(6, 6, 6), swz_c=(4, 4, 4), aswz=(0, 6, 4), rd=7, ad=7)
    setc[0] |= 1 << 23                 # ALU_RESULT_OP <, red
    setc[3] |= 1 << 31                 # ALU_WMASK
    body = 1 + depth                   # index of the innermost body
    endif = {k: body + 1 + (depth - k) for k in range(depth, 1, -1)}      # ENDIF k (k = depth .. 2)
    endif[1] = endif[2] + 2 if depth >= 2 else body + 2                   # after r5 = 2.0
    prog = [setc]
    for k in range(1, depth + 1):
        prog.append(fc_inst(func=0x0F, bop0=2, bop1=0, ign=1, addr=endif[k] + 1))
    prog.append(const_inst(6, 0x44))                                     # r6 = 3.0
    for k in range(depth, 1, -1):
        prog.append(fc_inst(func=0x00, any_=1, bop0=1, bop1=0, popcnt=1, addr=endif[k] + 1))
    prog.append(const_inst(5, 0x40))                                     # r5 = 2.0
    prog.append(fc_inst(func=0x00, any_=1, bop0=1, bop1=0, popcnt=1, addr=endif[1] + 1))
    prog += [out_r(5, last=0), out_r(6, tgt=1)]
    assert len(prog) == endif[1] + 3
    return prog


def depth(outdir):
    rng = random.Random(23)
    s = Stim('fc_depth', 'the branch-depth limit of partial flow control: IF/ENDIF nested 3, 4 (the limit) and 5, '
             '6 deep under FULL_FC_EN 0 (branch counters of 2 bits, INCR saturating at 3) and 1 (8 bits)')
    for full in (0, 1):
        s.w(US_FC_CTRL, US_FC_CTRL_FULL if full else 0, 'US_FC_CTRL FULL_FC_EN %d' % full)
        for d in (3, 4, 5, 6):
            s.program(nested_ifs(d))
            for signs in ((1, -1, -1, -1), (1, 1, -1, -1), (-1, -1, -1, -1), (1, 1, 1, 1), (-1, 1, -1, 1)):
                s.quad({0: [[signs[p] * 0.5, 0.0, 0.0, 1.0] for p in range(4)], 5: special_quad(rng, (5,))[5],
                        6: special_quad(rng, (6,))[6]}, cov=rng.choice((15, 15, 14, 7)))
    s.write(outdir)


# ---- US_PIXSIZE, US_CODE_RANGE, the code window (decisions 26, 27) --------------------------------------

def code_window(outdir):
    """A program touching temporaries 100 and 127 and jumping (JUMP_GLOBAL) inside its window, run with
    US_PIXSIZE 0 (a one-temporary frame) and a US_CODE_RANGE that does not contain it, then with
    PIXSIZE 127 and the range the drivers write: the same records (neither register changes a result);
    and a window that wraps past instruction 511 (OFFSET 508, START 2)."""
    rng = random.Random(29)
    s = Stim('code_window', 'US_PIXSIZE and US_CODE_RANGE have no effect on results (temporaries above PIX_SIZE, '
             'instructions outside the range, a global jump); the window wrapping past 511')
    s.consts(0, [[0.25, 0.5, -0.75, 1.0]])
    for offset, start in ((40, 3), (508, 2)):
        base = (offset + start) & 511
        prog = [const_inst(100, 0x38),                                   # r100 = 1.0
                add_inst(127, 100, b_code=0),                            # r127 = r100 + c0
                fc_inst(func=0xFF, glob=1, addr=(base + 4) & 511),       # jump (global) over 3
                const_inst(127, 0x00),                                   # skipped
                add_inst(126, 0, b_code=0),                              # r126 = r0 + c0
                out_r(127, last=0), out_r(126, tgt=1)]
        for pixsize, crange in ((0, 300 | 0 << 16), (127, start | (len(prog) - 1) << 16), (5, 0x01FF01FF)):
            s.program(prog, pixsize=pixsize, offset=offset, start=start, code_range=crange)
            for _ in range(2):
                s.quad(special_quad(rng, (0, 126, 127)), cov=rng.choice((15, 9)))
    s.write(outdir)


# ---- coverage of rtl/r5xx/us/ (points the random generator does not reach) ---------------------------

def cover(outdir):
    """Directed vectors for the line and branch points of rtl/r5xx/us/ that the nightly random suite
    leaves uncovered (docs/blocks/r5xx.us.md "Coverage"): the reserved RGB ops (6, 13-15) and the
    reserved alpha op 4, which give +0, each against a regular op of the other unit."""
    rng = random.Random(13)
    s = Stim('alu_reserved', 'the reserved RGB_OP 6, 13, 14, 15 and ALPHA_OP 4 (+0), beside regular ops')
    for rop, aop in ((6, 4), (13, 0), (14, 4), (15, 9), (0, 4), (10, 4)):
        s.program([alu_inst(rop=rop, aop=aop, ra=(0, 1, 2), aa=(0, 1, 2)), out_r(4)])
        s.quad(special_quad(rng))
    s.write(outdir)


# ---- throughput (issue 24: "one quad per clock for ALU-only programs of one instruction") -------------

THROUGHPUT_QUADS = 1000


def throughput(outdir):
    """A long stream of quads through a one-instruction program (one OUT: MAD r0 * 1 + 0 to target 0),
    one input register each, every pixel covered, under back-pressure `always`: the vector's cycle
    count over THROUGHPUT_QUADS is the cycles per quad (docs/blocks/r5xx.us.md "Micro-architecture")."""
    rng = random.Random(11)
    s = Stim('throughput', 'a one-instruction OUT program on %d quads of one input register each (cycles per quad)'
             % THROUGHPUT_QUADS, special=False)
    s.program([out_r(0)])
    for _ in range(THROUGHPUT_QUADS):
        s.quad({0: [[f32(rng.uniform(-2, 2)) for _ in range(4)] for _ in range(4)]})
    s.write(outdir)


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[1])
    out.mkdir(parents=True, exist_ok=True)
    xati(out)
    directed(out)
    formats(out)
    flow(out)
    loops(out)
    dxdy(out)
    texkill(out)
    depth(out)
    code_window(out)
    cover(out)
    throughput(out)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
