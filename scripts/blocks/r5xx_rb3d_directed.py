#!/usr/bin/env python3
"""r5xx_rb3d_directed.py - write the directed stimulus files of r5xx.rb3d (vectors/r5xx/rb3d/stim/*.stim),
or check the golden vectors made from them against an independent Python statement of the colour
backend (docs/blocks/r5xx.rb3d.md).

Each case programs RB3D registers on the `regw` channel, preloads the colour memory and offers
fragments on `frag`; 'rcosim gen --stimulus X.stim -o X.vec' turns a stimulus into a golden vector
(the C model's outputs; scripts/regen-vectors does all of them).  A case is a list of steps, each
a group of register writes or of fragments, spaced so that each step has finished before the
next begins (and, in one case, a fragment offered on the same cycle as a write, which the block
takes first).  The fragment lines carry, as comments, the writes this script expects
('# -> ADDR WDATA BE', or '# -> dropped' per copy), computed by the reference below; '--check
VECDIR' recomputes them from the stimulus and compares the memory writes and reads (addresses,
in order) of every vector, so the golden vectors are checked by a second implementation.
Addresses come from scripts/blocks/r5xx_tile_directed.py's statement of the surface layout.

Usage: r5xx_rb3d_directed.py OUTDIR            write OUTDIR/*.stim
       r5xx_rb3d_directed.py --check VECDIR    compare VECDIR/*.vec with the reference
"""
import glob
import os
import sys

from rcosim_py import check as chk
from rcosim_py import rng, vector

from blocks.r5xx_tile_directed import ref_addr, surface  # the surface layout, r5xx.tile

# Register byte addresses (000:8203-9122) and their index in the block's register file.
CCTL, BLENDCNTL, ABLENDCNTL, CHMASK, CONST, ROPCNTL = 0x4E00, 0x4E04, 0x4E08, 0x4E0C, 0x4E10, 0x4E18
COLOROFFSET, COLORPITCH, DITHER, LTE, GTE = 0x4E28, 0x4E38, 0x4E50, 0x4EA0, 0x4EA4
ONE = 0xFFFF
BASE = 0x00100000

# ---- the reference statement of docs/blocks/r5xx.rb3d.md ---------------------------------------

# channel widths and positions per COLORFORMAT, channels B, G, R, A
FMT = {3: ((5, 0), (5, 5), (5, 10), (1, 15)), 4: ((5, 0), (6, 5), (5, 11), (0, 0)),
       5: ((10, 0), (10, 10), (10, 20), (2, 30)), 6: ((8, 0), (8, 8), (8, 16), (8, 24)),
       9: ((0, 0), (0, 0), (8, 0), (0, 0)), 10: ((16, 0), (16, 16), (16, 32), (16, 48)),
       15: ((4, 0), (4, 4), (4, 8), (4, 12))}
BPP = {3: 1, 4: 1, 5: 2, 6: 2, 9: 0, 10: 3, 15: 1}


def mul16(a, b):
    """round(a * b / 65535), halves up."""
    return (2 * a * b + 65535) // (2 * 65535)


def expand(v, n):
    """n-bit unorm to 16 bits by repeating the bit pattern."""
    if n == 0:
        return 0
    v &= (1 << n) - 1
    bits = ''
    while len(bits) < 16:
        bits += format(v, '0%db' % n)
    return int(bits[:16], 2)


def reduce(v, n, rnd):
    if n == 0:
        return 0
    return mul16(v, (1 << n) - 1) if rnd else v >> (16 - n)


def chans(fmt):
    return [c for c in range(4) if FMT[fmt][c][0]]


def unpack(fmt, pix):
    ch = [expand(pix >> s, w) if w else 0 for w, s in FMT[fmt]]
    if not FMT[fmt][3][0]:
        ch[3] = ONE
    if fmt == 9:
        ch[0] = ch[1] = ch[2]
    return ch


def pack(fmt, ch):
    return sum((ch[c] & ((1 << w) - 1)) << s for c, (w, s) in enumerate(FMT[fmt]) if w)


def swap(w, mode):
    """COLORENDIAN on each 32-bit half: 1 bytes in 16 bits, 2 bytes in 32 bits, 3 16-bit halves."""
    order = [[0, 1, 2, 3], [1, 0, 3, 2], [3, 2, 1, 0], [2, 3, 0, 1]][mode]
    b = w.to_bytes(8, 'little')
    return int.from_bytes(bytes(b[4 * h + order[i]] for h in range(2) for i in range(4)), 'little')


def swap_be(be, mode):
    order = [[0, 1, 2, 3], [1, 0, 3, 2], [3, 2, 1, 0], [2, 3, 0, 1]][mode]
    return sum(((be >> (4 * h + order[i])) & 1) << (4 * h + i) for h in range(2) for i in range(4))


def factor(code, src_role, c, s, d, k):
    """The blend factor of channel c (0 B, 1 G, 2 R, 3 A); s, d, k the source, destination and
    constant colours as lists of 16-bit channels."""
    inv = lambda v: ONE - v
    table = {1: 0, 32: 0, 2: ONE, 33: ONE, 3: s[c], 34: s[c], 4: inv(s[c]), 35: inv(s[c]),
             5: s[3], 38: s[3], 6: inv(s[3]), 39: inv(s[3]), 7: d[3], 40: d[3], 8: inv(d[3]), 41: inv(d[3]),
             9: d[c], 36: d[c], 10: inv(d[c]), 37: inv(d[c]), 43: k[c], 44: inv(k[c]), 45: k[3], 46: inv(k[3])}
    if code in table:
        return table[code]
    if src_role and code in (11, 42):
        return ONE if c == 3 else min(s[3], ONE - d[3])
    if src_role and code == 12:
        return s[3]
    if src_role and code == 13:
        return ONE - s[3]
    return 0


def blend(regs, s, d):
    b = regs['blend']
    k = [((regs['const'] >> (8 * c)) & 0xFF) * 257 for c in range(4)]
    out = []
    for c in range(4):
        cn = regs['ablend'] if c == 3 and b & 2 else b
        comb, sf, df = cn >> 12 & 7, cn >> 16 & 63, cn >> 24 & 63
        fs = factor(sf, True, c, s, d, k)
        fd = factor(df, False, c, s, d, k)
        if sf == 12:
            fd = ONE - s[3]
        elif sf == 13:
            fd = s[3]
        ps, pd = mul16(s[c], fs), mul16(d[c], fd)
        v = {0: min(ps + pd, ONE), 1: (ps + pd) & ONE, 2: max(ps - pd, 0), 3: (ps - pd) & ONE,
             4: min(s[c], d[c]), 5: max(s[c], d[c]), 6: max(pd - ps, 0), 7: (pd - ps) & ONE}[comb]
        out.append(v)
    return out


def uses_dst(cn, alpha):
    comb, sf, df = cn >> 12 & 7, cn >> 16 & 63, cn >> 24 & 63
    if comb in (4, 5) or sf in (7, 8, 9, 10, 36, 37, 40, 41, 12, 13) or (sf in (11, 42) and not alpha):
        return True
    return 2 <= df <= 10 or 33 <= df <= 41 or 43 <= df <= 46


def reset_regs():
    return {'cctl': 0, 'blend': 4, 'ablend': 0, 'chmask': 0xFFFF, 'const': 0, 'rop': 0, 'dither': 0,
            'lte': 0, 'gte': 0xFFFFFFFF, 'off': [0] * 4, 'pitch': [6 << 21] * 4}


def write_reg(regs, addr, data):
    names = {CCTL: 'cctl', BLENDCNTL: 'blend', ABLENDCNTL: 'ablend', CHMASK: 'chmask', CONST: 'const',
             ROPCNTL: 'rop', DITHER: 'dither', LTE: 'lte', GTE: 'gte'}
    if addr in names:
        regs[names[addr]] = data
    elif COLOROFFSET <= addr < COLOROFFSET + 16 and addr % 4 == 0:
        regs['off'][(addr - COLOROFFSET) // 4] = data
    elif COLORPITCH <= addr < COLORPITCH + 16 and addr % 4 == 0:
        regs['pitch'][(addr - COLORPITCH) // 4] = data


def pixel_op(regs, n, x, y, src):
    """Decode: None (dropped) or the operation for buffer n."""
    p = regs['pitch'][n]
    if not regs['cctl'] >> 14 & 1:
        p = (p & ~(15 << 21)) | (regs['pitch'][0] & (15 << 21))
    fmt = p >> 21 & 15
    if fmt not in FMT:
        return None
    have = sum(1 << c for c in chans(fmt))
    mask = (regs['chmask'] >> (4 * n if regs['cctl'] >> 12 & 1 else 0)) & 15 & have
    if not mask:
        return None
    b = regs['blend']
    s = [src >> (16 * c) & ONE for c in range(4)]
    if b & 1:
        mode = b >> 3 & 7
        t = regs['lte'] if mode <= 3 else regs['gte']
        sel = {1: [3], 2: [0, 1, 2], 3: [0, 1, 2, 3], 4: [3], 5: [0, 1, 2], 6: [0, 1, 2, 3]}.get(mode, [])
        th = [(t >> (8 * c) & 0xFF) * 257 for c in range(4)]
        if sel and all((s[c] <= th[c]) if mode <= 3 else (s[c] >= th[c]) for c in sel):
            return None
        if b >> 30 & 1 and s[3] == 0:
            return None
    brd = bool(b & 1 and b & 4 and not (b >> 31 & 1 and s[3] == ONE))
    acn = regs['ablend'] if b & 2 else b
    rop2 = regs['rop'] >> 8 & 15 if regs['rop'] & 4 else 0xC
    rop_d = (rop2 & 1) != (rop2 >> 1 & 1) or (rop2 >> 2 & 1) != (rop2 >> 3 & 1)
    rd = (brd and (uses_dst(b, False) or uses_dst(acn, True))) or rop_d or (mask != have and fmt not in (6, 10))
    addr = ref_addr(surface('cb', (regs['off'][n], p)), x, y)[0]
    return {'addr': addr & ~7, 'lane': addr & 7, 'fmt': fmt, 'endian': p >> 19 & 3, 'mask': mask, 'rd': rd,
            'brd': brd, 's': s}


def pixel_write(regs, op, word):
    """The write (addr, wdata, be) of an operation given the 64-bit word read."""
    fmt, size = op['fmt'], 1 << BPP[op['fmt']]
    pm = (1 << (8 * size)) - 1
    dpix = (swap(word, op['endian']) >> (8 * op['lane'])) & pm if op['rd'] else 0
    res = op['s']
    if regs['blend'] & 1:
        res = blend(regs, res, unpack(fmt, dpix) if op['brd'] else [0] * 4)
    dm, am = regs['dither'] & 3, regs['dither'] >> 2 & 3
    red = [reduce(res[c], FMT[fmt][c][0], (am if c == 3 else dm) == 1) for c in range(4)]
    spix = pack(fmt, red)
    rop2 = regs['rop'] >> 8 & 15 if regs['rop'] & 4 else 0xC
    pix = 0
    for i in range(8 * size):
        sb, db = spix >> i & 1, dpix >> i & 1
        pix |= (rop2 >> (2 * sb + db) & 1) << i
    cb = sum(((1 << w) - 1) << s for c, (w, s) in enumerate(FMT[fmt]) if w and op['mask'] >> c & 1)
    pix = (pix & cb) | (dpix & ~cb & pm)
    if fmt == 6:
        bep = op['mask']
    elif fmt == 10:
        bep = sum(3 << (2 * c) for c in range(4) if op['mask'] >> c & 1)
    else:
        bep = (1 << size) - 1
    return (op['addr'], swap(pix << (8 * op['lane']), op['endian']),
            swap_be((bep << op['lane']) & 0xFF, op['endian']))


class Model:
    """The reference: register state, memory, and the reads and writes of every fragment."""

    def __init__(self, mem):
        self.regs = reset_regs()
        self.mem = dict(mem)          # byte address -> byte
        self.reads, self.writes = [], []

    def word(self, a):
        return sum(self.mem.get(a + i, 0) << (8 * i) for i in range(8))

    def frag(self, mrt, x, y, src):
        """Returns the comment for the fragment's copies."""
        copies = (self.regs['cctl'] >> 5 & 3) + 1
        notes = []
        for k in range(copies):
            n = k if copies > 1 else mrt
            op = pixel_op(self.regs, n, x, y, src)
            if op is None:
                notes.append('dropped')
                continue
            if op['rd']:
                self.reads.append(op['addr'])
            a, w, be = pixel_write(self.regs, op, self.word(op['addr']))
            self.writes.append((a, w, be))
            for i in range(8):
                if be >> i & 1:
                    self.mem[a + i] = w >> (8 * i) & 0xFF
            notes.append('%s%08x %016x %02x' % ('r ' if op['rd'] else '', a, w, be))
        return ', '.join(notes)


# ---- stimulus files ------------------------------------------------------------------------

class Case:
    def __init__(self, name, title, backpressure='always', latency='1:1'):
        self.name, self.title, self.bp, self.lat = name, title, backpressure, latency
        self.memw = {}                # word address -> 32-bit word
        self.steps = []               # ('w', [(addr, data)]) | ('f', [(mrt, x, y, argb)]) | ('race', frag, w)

    def mem(self, addr, words):
        for i, v in enumerate(words):
            self.memw[addr + 4 * i] = v

    def fill(self, addr, nwords, seed):
        g = rng.lcg(seed)
        self.mem(addr, [next(g) for _ in range(nwords)])

    def w(self, *pairs):
        self.steps.append(('w', list(pairs)))

    def f(self, *frags):
        self.steps.append(('f', [tuple(fr) for fr in frags]))

    def race(self, frag, pair):
        self.steps.append(('race', tuple(frag), pair))

    def cb(self, n, offset, pitch, fmt=6, tile=0, micro=0, endian=0):
        self.w((COLOROFFSET + 4 * n, offset),
               (COLORPITCH + 4 * n, pitch | tile << 16 | micro << 17 | endian << 19 | fmt << 21))

    def bytes_(self):
        m = {}
        for a, v in self.memw.items():
            for i in range(4):
                m[a + i] = v >> (8 * i) & 0xFF
        return m

    def lines(self):
        model = Model(self.bytes_())
        out, t = [], 1
        for st in self.steps:
            if st[0] == 'w':
                for a, d in st[1]:
                    out.append('in regw @%d %04x %08x' % (t, a, d))
                    write_reg(model.regs, a, d)
                t += len(st[1]) + 2
            elif st[0] == 'f':
                copies = (model.regs['cctl'] >> 5 & 3) + 1
                for i, (mrt, x, y, c) in enumerate(st[1]):
                    note = model.frag(mrt, x, y, c)
                    out.append('in frag %s%x %04x %04x %016x  # -> %s' % ('@%d ' % t if i == 0 else '', mrt, x, y, c,
                                                                        note))
                t += 40 + 40 * len(st[1]) * copies
            else:
                (mrt, x, y, c), (a, d) = st[1], st[2]
                note = model.frag(mrt, x, y, c)
                out.append('in frag @%d %x %04x %04x %016x  # -> %s (taken before the write)' % (t, mrt, x, y, c, note))
                out.append('in regw @%d %04x %08x' % (t, a, d))
                write_reg(model.regs, a, d)
                t += 60
        return out, model

    def write(self, outdir):
        body, _ = self.lines()
        vector.write_stim(
            outdir, self.name, 'r5xx.rb3d', self.title, __file__,
            notes=['"# -> [r ]ADDR WDATA BE" after a fragment: per copy, the write (r: after a read) that',
                   'r5xx_rb3d_directed.py --check expects, or "dropped"'],
            mem=vector.mem_lines(self.memw), body=body, backpressure=self.bp, latency=self.lat)


def col(a, r, g, b):
    return a << 48 | r << 32 | g << 16 | b


def colours(seed, n):
    g = rng.lcg(seed)
    out = []
    for _ in range(n):
        out.append((next(g) << 32 | next(g)) & 0xFFFFFFFFFFFFFFFF)
    return out


def cntl(comb, sf, df, extra=0):
    return comb << 12 | sf << 16 | df << 24 | extra


def cases():
    out = []
    SPECIAL = [col(0, 0, 0, 0), col(ONE, ONE, ONE, ONE), col(0x8000, 0x8000, 0x8000, 0x8000),
               col(0x7FFF, 0x0FFF, 0xF7FF, 0x0400), col(0x1234, 0x5678, 0x9ABC, 0xDEF0)]

    c = Case('reset_values', 'no register written: buffer 0 at address 0, pitch 0, ARGB8888, no blend, '
             'every channel written (reset values, 000:8203-9122)')
    c.fill(0, 16, 1)
    c.f(*[(0, x, y, v) for (x, y), v in zip([(0, 0), (1, 0), (7, 0), (0, 5), (3, 9)], SPECIAL)])
    out.append(c)

    c = Case('formats', 'every supported COLORFORMAT (000:8833-8859), linear: ARGB1555, RGB565, ARGB2101010, '
             'ARGB8888 (blue [7:0], alpha [31:24]), I8 (red), ARGB16161616, ARGB4444; truncate then round')
    for i, fmt in enumerate([3, 4, 5, 6, 9, 10, 15]):
        c.fill(BASE + 0x1000 * i, 64, 10 + i)
        c.cb(0, BASE + 0x1000 * i, 16, fmt=fmt)
        for dither in (0, 5):
            c.w((DITHER, dither))
            c.f(*[(0, x + 8 * (dither & 1), 0, v) for x, v in enumerate(SPECIAL + colours(fmt, 3))])
    out.append(c)

    c = Case('unsupported_formats', 'COLORFORMAT 0, 1, 2, 7, 8, 11, 12, 13, 14: fragments dropped, '
             'no memory traffic (decision)')
    c.fill(BASE, 16, 3)
    for fmt in (0, 1, 2, 7, 8, 11, 12, 13, 14):
        c.cb(0, BASE, 16, fmt=fmt)
        c.f((0, 1, 1, SPECIAL[1]), (0, 2, 0, SPECIAL[2]))
    c.cb(0, BASE, 16, fmt=6)
    c.f((0, 1, 0, SPECIAL[4]))
    out.append(c)

    c = Case('tiled', 'macro- and micro-tiled colour buffers of 8, 16 (8x2 and 4x4), 32 and 64 bpp: the '
             'r5xx.tile address of each pixel, written with byte enables inside the 64-bit word')
    c.fill(BASE, 2048, 4)
    for i, (fmt, tile, micro) in enumerate([(9, 0, 1), (9, 1, 1), (4, 1, 1), (4, 1, 2), (15, 0, 2), (6, 1, 1),
                                            (6, 1, 0), (10, 1, 0), (10, 0, 0), (5, 0, 1)]):
        c.cb(i % 4, BASE + 0x800 * i, 64, fmt=fmt, tile=tile, micro=micro)
        c.w((CCTL, 1 << 14))
        c.f(*[(i % 4, x, y, v) for (x, y), v in zip([(0, 0), (1, 0), (5, 1), (9, 3), (33, 17)], colours(i, 5))])
    out.append(c)

    c = Case('blend_d3d', 'spec fact 22: SRCBLEND 5 D3D_SRCALPHA, DESTBLEND 6 D3D_INVSRCALPHA, and the same '
             'through GL codes 38/39, on ARGB8888 and RGB565 (exact unorm16 products)')
    c.fill(BASE, 64, 5)
    for fmt in (6, 4):
        c.cb(0, BASE, 32, fmt=fmt)
        for b in (cntl(0, 5, 6, 5), cntl(0, 38, 39, 5)):
            c.w((BLENDCNTL, b))
            c.f(*[(0, x, 0, v) for x, v in enumerate(SPECIAL + colours(7, 4))])
    out.append(c)

    c = Case('comb_fcn', 'every COMB_FCN (000:8259-8272): add/subtract with and without clamp (no clamp '
             'keeps the low 16 bits, decision), min and max ignoring the factors (fact 22)')
    c.fill(BASE, 64, 6)
    c.cb(0, BASE, 32, fmt=10)
    for comb in range(8):
        for sf, df in ((2, 2), (5, 6), (1, 1)):
            c.w((BLENDCNTL, cntl(comb, sf, df, 5)))
            c.f(*[(0, x, 0, v) for x, v in enumerate(SPECIAL[:4] + colours(comb, 2))])
    out.append(c)

    c = Case('src_factors', 'every SRCBLEND code 0-63 with DESTBLEND D3D_ONE: defined codes, SRCALPHASAT, '
             'BOTHSRCALPHA / BOTHINVSRCALPHA (override DESTBLEND), reserved codes as ZERO (decisions)')
    c.fill(BASE, 64, 7)
    c.cb(0, BASE, 32, fmt=10)
    c.w((CONST, 0x80C04020))
    for sf in range(64):
        c.w((BLENDCNTL, cntl(0, sf, 2, 5)))
        c.f(*[(0, x, 0, v) for x, v in enumerate(colours(100 + sf, 2))])
    out.append(c)

    c = Case('dst_factors', 'every DESTBLEND code 0-63 with SRCBLEND D3D_ONE (11-13 and 42 reserved as '
             'destination factors: ZERO)')
    c.fill(BASE, 64, 8)
    c.cb(0, BASE, 32, fmt=10)
    c.w((CONST, 0x10E0709F))
    for df in range(64):
        c.w((BLENDCNTL, cntl(0, 2, df, 5)))
        c.f(*[(0, x, 0, v) for x, v in enumerate(colours(200 + df, 2))])
    out.append(c)

    c = Case('dst_reserved_read', 'DESTBLEND 11, 42 (SRCALPHASAT), 12 and 13 as destination factors (reserved: '
             'ZERO, decisions 5 and 13) while the destination is read for another reason - SRCBLEND '
             'SRCALPHASAT (colour), or a separate alpha control that blends with it - on destination 1.0 '
             '(pd = d * 1/65535 would be 1 in ARGB16161616) and on stored colours, COMB_FCN add and subtract')
    c.mem(BASE, [0xFFFFFFFF] * 128)
    c.fill(BASE + 0x200, 64, 20)
    c.cb(0, BASE, 64, fmt=10)
    c.w((ABLENDCNTL, cntl(0, 2, 2)))
    srcs = [col(0, 0, 0, 0), col(0x8000, 0x00FF, 0x1234, 0xFFFF)]
    x = 0
    for df in (11, 42, 12, 13):
        for b in (cntl(0, 11, df, 5), cntl(0, 2, df, 5 | 2), cntl(2, 2, df, 5 | 2)):
            c.w((BLENDCNTL, b))
            c.f(*[(0, x + i, y, v) for y in (0, 1) for i, v in enumerate(srcs)])
            x += len(srcs)
    out.append(c)

    c = Case('separate_alpha', 'SEPARATE_ALPHA_ENABLE: RB3D_ABLENDCNTL drives alpha (000:8248, 8441-8447); '
             'off, alpha follows RB3D_BLENDCNTL')
    c.fill(BASE, 64, 9)
    c.cb(0, BASE, 32, fmt=6)
    c.w((ABLENDCNTL, cntl(6, 2, 2)))
    for sep in (0, 2):
        c.w((BLENDCNTL, cntl(0, 5, 6, 5 | sep)))
        c.f(*[(0, x, 0, v) for x, v in enumerate(SPECIAL + colours(9, 3))])
    out.append(c)

    c = Case('constant_color', 'GL_CONSTANT_COLOR / ONE_MINUS / CONSTANT_ALPHA / ONE_MINUS from '
             'RB3D_CONSTANT_COLOR (8-bit BGRA widened to 16 bits, 000:8993-9009)')
    c.fill(BASE, 64, 10)
    c.cb(0, BASE, 32, fmt=10)
    for k in (0x00000000, 0xFF804001, 0x7F7F7F7F):
        c.w((CONST, k))
        for sf, df in ((43, 44), (45, 46), (44, 43)):
            c.w((BLENDCNTL, cntl(0, sf, df, 5)))
            c.f(*[(0, x, 0, v) for x, v in enumerate(SPECIAL[:3] + colours(k & 0xFF, 1))])
    out.append(c)

    c = Case('rop', 'every ROP2 code with ROP_ENABLE on stored pixels (truth table, ROP3 = ROP x 0x11); '
             'ROP_ENABLE 0 is copy whatever ROP says (fact 23: 0x6 = XOR, 0xC = copy); after blending and dither')
    c.fill(BASE, 64, 11)
    c.cb(0, BASE, 16, fmt=6)
    c.w((ROPCNTL, 0x600))
    c.f(*[(0, x, 0, v) for x, v in enumerate(SPECIAL)])
    for rop in range(16):
        c.w((ROPCNTL, rop << 8 | 4))
        c.f(*[(0, x, 1, v) for x, v in enumerate(colours(300 + rop, 3))])
    c.cb(0, BASE, 16, fmt=4)
    c.w((ROPCNTL, 0x604), (BLENDCNTL, cntl(0, 5, 6, 5)), (DITHER, 5))
    c.f(*[(0, x, 2, v) for x, v in enumerate(SPECIAL)])
    out.append(c)

    c = Case('channel_mask', 'every RB3D_COLOR_CHANNEL_MASK value on ARGB8888 and ARGB16161616 (byte enables, '
             'no read) and on RGB565, ARGB4444, ARGB2101010 (read and merge); all of a format\'s channels '
             'masked drops the fragment (000:8863-8954)')
    c.fill(BASE, 512, 12)
    for i, fmt in enumerate((6, 10, 4, 15, 5, 9)):
        c.cb(0, BASE + 0x200 * i, 32, fmt=fmt)
        for m in range(16):
            c.w((CHMASK, m | 0xFFF0))
            c.f((0, m, 0, colours(400 + m, 1)[0]))
    out.append(c)

    c = Case('discard', 'DISCARD_SRC_PIXELS 0-7 with blending on (000:8452-8470): alpha, colour (B, G and R '
             'all), ARGB against the LTE/GTE thresholds (8 bits x 257), at, below and above them; off when '
             'blending is off')
    c.fill(BASE, 64, 13)
    c.cb(0, BASE, 32, fmt=6)
    c.w((LTE, 0x40302010), (GTE, 0xC0B0A090))
    near = [col(0x4040, 0x3030, 0x2020, 0x1010), col(0x4041, 0x3030, 0x2020, 0x1010),
            col(0x4040, 0x3031, 0x2020, 0x1010), col(0x0000, 0x0000, 0x0000, 0x0000),
            col(0xC0C0, 0xB0B0, 0xA0A0, 0x9090), col(0xC0BF, 0xB0B0, 0xA0A0, 0x9090),
            col(0xC0C0, 0xB0AF, 0xA0A0, 0x9090), col(ONE, ONE, ONE, ONE)]
    for mode in range(8):
        c.w((BLENDCNTL, cntl(0, 2, 1, 5 | mode << 3)))
        c.f(*[(0, x, 0, v) for x, v in enumerate(near)])
    c.w((BLENDCNTL, 6 << 3))
    c.f(*[(0, x, 1, v) for x, v in enumerate(near)])
    out.append(c)

    c = Case('no_read', 'SRC_ALPHA_0_NO_READ (alpha 0: dropped) and SRC_ALPHA_1_NO_READ (alpha 1.0: no read, '
             'the blender sees 0), READ_ENABLE 0 (no read, blender sees 0), and a blend that needs no '
             'destination (ONE, ZERO: no read) (decisions)')
    c.fill(BASE, 64, 14)
    c.cb(0, BASE, 32, fmt=6)
    alphas = [col(0, 0x1000, 0x2000, 0x3000), col(ONE, 0x1000, 0x2000, 0x3000), col(0x8000, 0x1000, 0x2000, 0x3000)]
    for extra in (5, 5 | 1 << 30, 5 | 1 << 31, 5 | 3 << 30, 1, 1 | 3 << 30):
        c.w((BLENDCNTL, cntl(0, 5, 6, extra)))
        c.f(*[(0, x, 0, v) for x, v in enumerate(alphas)])
    c.w((BLENDCNTL, cntl(0, 2, 1, 5)))
    c.f(*[(0, x, 1, v) for x, v in enumerate(alphas)])
    out.append(c)

    c = Case('endian', 'COLORENDIAN 0-3 (000:8826-8831) on 8, 16, 32 and 64 bpp: data and byte enables '
             'swapped per 32 bits, the read undone the same way (a read-modify-write blend)')
    c.fill(BASE, 256, 15)
    for i, fmt in enumerate((9, 4, 6, 10)):
        for e in range(4):
            c.cb(0, BASE + 0x100 * i + 0x40 * e, 16, fmt=fmt, endian=e)
            c.w((BLENDCNTL, cntl(0, 5, 6, 5)))
            c.f(*[(0, x, 0, v) for x, v in enumerate(colours(500 + 4 * i + e, 3))])
    out.append(c)

    c = Case('mrt', 'render targets: the MRT field picks the buffer; NUM_MULTIWRITES 1-3 copies every '
             'fragment to buffers 0..N; INDEPENDENT_COLOR_CHANNEL_MASK_ENABLE / INDEPENDENT_COLORFORMAT_ENABLE '
             'off (buffer 0\'s mask and format) and on (000:8698-8762)')
    c.fill(BASE, 1024, 16)
    for n, fmt in enumerate((6, 4, 10, 9)):
        c.cb(n, BASE + 0x400 * n, 32, fmt=fmt)
    c.w((CHMASK, 0x8F7B))
    for cctl in (0, 1 << 12, 1 << 14, 1 << 12 | 1 << 14, 1 << 5 | 1 << 14, 2 << 5 | 1 << 12 | 1 << 14,
                 3 << 5 | 1 << 12 | 1 << 14, 3 << 5):
        c.w((CCTL, cctl))
        c.f(*[(m, m + 1, 1, v) for m, v in enumerate(colours(600 + cctl, 4))])
    out.append(c)

    c = Case('hazard', 'read-after-write: 24 blends on one pixel and on the two pixels sharing its 64-bit '
             'word, under random back-pressure and memory latency 1-8 (each read waits for the older write)',
             backpressure='random:0.5', latency='1:8')
    c.fill(BASE, 16, 17)
    c.cb(0, BASE, 16, fmt=4)
    c.w((BLENDCNTL, cntl(0, 2, 2, 5)))
    c.f(*[(0, [0, 0, 1, 3, 0, 2][i % 6], 0, col(0, 0x0421, 0x0821, 0x0421)) for i in range(24)])
    c.cb(0, BASE, 16, fmt=6)
    c.w((BLENDCNTL, cntl(1, 2, 2, 5)))
    c.f(*[(0, i & 1, 0, col(0x1111, 0x2222, 0x0101, 0x3333)) for i in range(24)])
    out.append(c)

    c = Case('throughput', 'one pixel per clock: 64 write-only fragments back to back with memory always '
             'ready, then 32 read-modify-write fragments (two memory requests each), latency 1')
    c.fill(BASE, 256, 18)
    c.cb(0, BASE, 64, fmt=6)
    c.f(*[(0, i % 64, i // 64, v) for i, v in enumerate(colours(700, 64))])
    c.w((BLENDCNTL, cntl(0, 5, 6, 5)))
    c.f(*[(0, i % 64, 1, v) for i, v in enumerate(colours(701, 32))])
    out.append(c)

    c = Case('regw_order', 'register writes wait for the fragments before them; a fragment offered on the '
             'cycle of a write is taken first and uses the old registers; writes to other addresses are '
             'ignored')
    c.fill(BASE, 64, 19)
    c.cb(0, BASE, 16, fmt=6)
    c.f((0, 0, 0, SPECIAL[4]))
    c.race((0, 1, 0, SPECIAL[3]), (CHMASK, 0x1))
    c.f((0, 2, 0, SPECIAL[3]))
    c.w((0x4E14, 0), (0x4E2A, 0xFFFFFFFF), (0x4F00, 0x12345678), (BLENDCNTL | 1, 0xFFFFFFFF))
    c.f((0, 3, 0, SPECIAL[2]))
    out.append(c)
    return out


# ---- checking ------------------------------------------------------------------------------

def parse(path):
    """(memory bytes, events, writes, reads) of a vector or stimulus file."""
    v = vector.read(path)
    mem = {a + b: w >> (8 * b) & 0xFF for a, w in v.memory().items() for b in range(4)}
    events = [(at, ch, vals) for ch, at, vals in v.events]
    req = [x for _, x in v.outputs('memreq')] if v.has_expected else []
    return mem, events, [(a, wd, be) for a, we, wd, be in req if we], [a for a, we, _, _ in req if not we]


def check(vecdir):
    bad = 0
    vecs = sorted(glob.glob(os.path.join(vecdir, '*.vec')))
    for vec in vecs:
        stim = os.path.join(vecdir, 'stim', os.path.basename(vec)[:-4] + '.stim')
        mem, _, writes, reads = parse(vec)
        _, events, _, _ = parse(stim)
        model = Model(mem)
        # Process in the order the block takes them: stamps as written; at equal stamps a fragment
        # first (the block accepts it before the write, see regw_order), else file order.
        t, keyed = 0, []
        for i, (at, ch, vals) in enumerate(events):
            t = at if at is not None else t
            keyed.append((t, 0 if ch == 'frag' else 1, i, ch, vals))
        for _, _, _, ch, vals in sorted(keyed):
            if ch == 'regw':
                write_reg(model.regs, vals[0], vals[1])
            else:
                model.frag(*vals)
        name = os.path.basename(vec)
        if model.writes != writes:
            bad += 1
            for i, (x, y) in enumerate(zip(model.writes + [None] * len(writes), writes + [None] * len(model.writes))):
                if x != y:
                    print('%s: write #%d: reference %s, vector %s' % (name, i, x, y))
                    break
        elif model.reads != reads:
            bad += 1
            print('%s: reads differ: reference %d, vector %d' % (name, len(model.reads), len(reads)))
        else:
            print('%s: %d writes, %d reads agree' % (name, len(writes), len(reads)))
    if not vecs:
        print('no vectors in %s' % vecdir)
        return 1
    print('%s: %d of %d vectors agree with the reference' % ('PASS' if not bad else 'FAIL', len(vecs) - bad, len(vecs)))
    return 1 if bad else 0


def main(argv):
    return chk.main(argv, __doc__, check, cases)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
