#!/usr/bin/env python3
"""r5xx_tile_directed.py - write the directed stimulus files of r5xx.tile (vectors/r5xx/tile/stim/*.stim),
or check the golden vectors made from them against an independent Python statement of the layout.

Each case programs surface registers on the `regw` channel and offers fragments on `frag`;
'rcosim gen --stimulus X.stim -o X.vec' turns a stimulus into a golden vector (the C model's
outputs; scripts/regen-vectors does all of them).  Every fragment line of a stimulus carries the
address, size and flags this script expects (comment '# -> ADDR SIZE ERR'), computed by ref_addr()
below straight from docs/blocks/r5xx.tile.md; '--check VECDIR' compares them with the vectors' expected
outputs, so the golden vectors are checked by a second implementation, not only regenerated.

Usage: r5xx_tile_directed.py OUTDIR            write OUTDIR/*.stim
       r5xx_tile_directed.py --check VECDIR    compare VECDIR/*.vec with VECDIR/stim/*.stim
"""
import sys

from rcosim_py import check as chk
from rcosim_py import vector

# Register byte addresses (000:8798-8859, 000:15062-15137, 000:11695-12004).
COLOROFFSET, COLORPITCH = 0x4E28, 0x4E38
ZB_FORMAT, ZB_DEPTHOFFSET, ZB_DEPTHPITCH = 0x4F10, 0x4F20, 0x4F24
TX_FORMAT0, TX_FORMAT1, TX_FORMAT2, TX_OFFSET = 0x4480, 0x44C0, 0x4500, 0x4540
ZB, TX = 4, 16                     # surface codes: 0-3 CB n, 4 ZB, 16+n TX n
BADCFG, CLIENT, ALIGN, RANGE = 1, 2, 4, 8

# ---- the reference statement of docs/blocks/r5xx.tile.md ----------------------------------------

COLOR_BPP = [3, 2, 0, 1, 1, 2, 2, 4, None, 0, 3, 1, 1, 1, 1, 1]          # log2 bytes, COLORFORMAT
DEPTH_BPP = {0: 1, 1: 1, 2: 2}
TX_BPP = [{0: 0, 1: 1, 2: 0, 3: 1, 4: 2, 5: 0, 6: 1, 7: 1, 8: 2, 9: 2, 10: 1, 11: 1, 12: 2, 13: 2, 14: 3,
           18: 0, 19: 2, 20: 1, 21: 1, 22: 1, 23: 2, 24: 1, 25: 2, 26: 3, 27: 2, 28: 3, 29: 4, 30: 2},
          {2: 1, 3: 2, 4: 3}]
MICRO_TILE = {(0, 1): (8, 4), (1, 1): (8, 2), (1, 2): (4, 4), (2, 1): (4, 2), (3, 1): (2, 2)}  # 001:252-262


def surface(kind, r):
    """(base, pitch, bpp_log2, macro, micro, err) from the raw registers of one client."""
    client = False
    if kind == 'cb':
        off, p = r
        fmt, micro = (p >> 21) & 15, (p >> 17) & 3
        bpp, pitch, macro = COLOR_BPP[fmt], p & 0x3FFE, (p >> 16) & 1
        client = fmt == 2 or (bpp == 3 and micro == 1)
    elif kind == 'zb':
        off, p, f = r
        micro = (p >> 17) & 3
        bpp, pitch, macro = DEPTH_BPP.get(f & 15), p & 0x3FFC, (p >> 16) & 1
        client = bpp == 1 and micro == 1
    elif kind == 'tx':
        off, f0, f1, f2 = r
        pitch = (f2 & 0x3FFF) + 1 if f0 >> 31 else ((f0 & 0x7FF) | ((f2 >> 15 & 1) << 11)) + 1
        bpp, macro, micro = TX_BPP[(f2 >> 14) & 1].get(f1 & 31), (off >> 2) & 1, (off >> 3) & 3
    else:
        return 0, 0, 2, 0, 0, BADCFG
    base = off & ~31 & 0xFFFFFFFF
    bad = bpp is None or (micro != 0 and (bpp, micro) not in MICRO_TILE)
    if bad:
        return base, pitch, 2 if bpp is None else bpp, 0, 0, BADCFG
    err = (CLIENT if client else 0) | (ALIGN if macro and base & 0x7FF else 0)
    return base, pitch, bpp, macro, micro, err


def ref_addr(s, x, y):
    base, pitch, bpp, macro, micro, err = s
    mw, mh = MICRO_TILE[(bpp, micro)] if micro else (32 >> bpp, 1)
    tw, th = (8 * mw, 8 * mh) if macro else (mw, mh)
    per_row = -(-pitch // tw)
    tile = (y // th) * per_row + x // tw
    off = tile * (2048 if macro else 32)
    if macro:
        off += 32 * (8 * ((y // mh) % 8) + (x // mw) % 8)
    off += ((y % mh) * mw + x % mw) << bpp
    return (base + off) & 0xFFFFFFFF, bpp, err | (RANGE if x >= pitch else 0)


# ---- stimulus files ------------------------------------------------------------------------

class Case:
    def __init__(self, name, title, backpressure='always'):
        self.name, self.title, self.bp = name, title, backpressure
        self.regs = {'cb': [[0, 6 << 21] for _ in range(4)], 'zb': [[0, 0, 0]],
                     'tx': [[0, 0, 0, 0] for _ in range(16)]}
        self.lines = []
        self.next_w = 0          # the cycle the next register write will be taken on
        self.pending = False     # writes since the last fragment

    def w(self, addr, data, at=None):
        """A register write (offered from cycle 'at'; the channel takes one per cycle)."""
        self.next_w = max(self.next_w, at or 0) + 1
        self.pending = True
        self.lines.append('in regw %s%04x %08x' % ('@%d ' % at if at else '', addr, data))
        where = None
        if COLOROFFSET <= addr < COLOROFFSET + 16 and addr % 4 == 0:
            where = ('cb', (addr - COLOROFFSET) // 4, 0)
        elif COLORPITCH <= addr < COLORPITCH + 16 and addr % 4 == 0:
            where = ('cb', (addr - COLORPITCH) // 4, 1)
        elif addr in (ZB_DEPTHOFFSET, ZB_DEPTHPITCH, ZB_FORMAT):
            where = ('zb', 0, {ZB_DEPTHOFFSET: 0, ZB_DEPTHPITCH: 1, ZB_FORMAT: 2}[addr])
        elif TX_FORMAT0 <= addr < TX_OFFSET + 64 and addr % 4 == 0:
            i = (addr - TX_FORMAT0) // 4
            where = ('tx', i % 16, [1, 2, 3, 0][i // 16])
        if where:
            self.regs[where[0]][where[1]][where[2]] = data

    def cb(self, n, offset, pitch, fmt=6, tile=0, micro=0, extra=0, at=None):
        self.w(COLOROFFSET + 4 * n, offset, at)
        self.w(COLORPITCH + 4 * n, pitch | (tile << 16) | (micro << 17) | (fmt << 21) | extra, at)

    def zb(self, offset, pitch, fmt=2, macro=0, micro=0, extra=0, at=None):
        self.w(ZB_DEPTHOFFSET, offset, at)
        self.w(ZB_DEPTHPITCH, pitch | (macro << 16) | (micro << 17) | extra, at)
        self.w(ZB_FORMAT, fmt, at)

    def tx(self, m, offset, fmt, macro=0, micro=0, width=0, pitch=None, msb=0, width11=0, at=None):
        pen = pitch is not None
        self.w(TX_FORMAT0 + 4 * m, (pen << 31) | width, at)
        self.w(TX_FORMAT1 + 4 * m, fmt, at)
        self.w(TX_FORMAT2 + 4 * m, ((pitch - 1) if pen else 0) | (msb << 14) | (width11 << 15), at)
        self.w(TX_OFFSET + 4 * m, offset | (macro << 2) | (micro << 3), at)

    def surf(self, code):
        if code < 4:
            return surface('cb', self.regs['cb'][code])
        if code == ZB:
            return surface('zb', self.regs['zb'][0])
        if code >= TX:
            return surface('tx', self.regs['tx'][code - TX])
        return surface(None, None)

    def f(self, code, x, y, at=None, s=None):
        """A fragment; its expected output is computed from the registers written so far
        (or from the surface s when given, for fragments that race a write).  The first
        fragment after register writes is held until they have all been taken."""
        if at is None and self.pending:
            at = self.next_w
        self.pending = False
        a, size, err = ref_addr(s if s else self.surf(code), x, y)
        self.lines.append('in frag %s%02x %04x %04x  # -> %08x %x %x' %
                          ('@%d ' % at if at else '', code, x, y, a, size, err))

    def write(self, outdir):
        vector.write_stim(
            outdir, self.name, 'r5xx.tile', self.title, __file__,
            notes=['"# -> ADDR SIZE ERR" after a fragment: what r5xx_tile_directed.py --check expects'],
            body=self.lines, backpressure=self.bp)


def tile_corners(c, code, w, h):
    """Fragments at the corners of the first tile of w x h pixels and just past it."""
    for x, y in [(0, 0), (1, 0), (0, 1), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w, 0), (0, h), (w, h)]:
        c.f(code, x, y)


def cases():
    out = []
    base = 0x00100000

    c = Case('worked_32bpp_macro', '32 bpp macro-tiled micro-tiled: a 32x16 macro-tile of 4x2 micro-tiles '
             '(001:289-305, spec fact 16)')
    c.cb(0, base, 64, fmt=6, tile=1, micro=1)
    for x, y in [(0, 0), (1, 0), (3, 0), (0, 1), (3, 1), (4, 0), (0, 2), (31, 0), (0, 15), (31, 15),
                 (32, 0), (63, 15), (0, 16), (32, 16), (63, 31)]:
        c.f(0, x, y)
    out.append(c)

    layouts = [('8bpp', 0, 1, 0), ('16bpp_8x2', 1, 1, 0), ('16bpp_4x4', 1, 2, 0), ('32bpp', 12, 1, 0),
               ('64bpp', 14, 1, 0), ('128bpp', 29, 0, 0)]
    c = Case('micro_tiles', 'macro-linear micro-tiled: 8x4, 8x2, 4x4, 4x2, 2x2 pixels per 32-byte micro-tile '
             '(001:252-262), every pixel of the first micro-tile and the next ones')
    for m, (_, fmt, micro, msb) in enumerate(layouts[:5]):
        c.tx(m, base + 0x10000 * m, fmt, micro=micro, pitch=40, msb=msb)
        bpp = TX_BPP[msb][fmt]
        w, h = MICRO_TILE[(bpp, micro)]
        for y in range(h + 1):
            for x in range(w + 1):
                c.f(TX + m, x, y)
    out.append(c)

    c = Case('macro_tiles', 'macro-tiled micro-tiled: 64x32, 64x16, 32x32, 32x16, 16x16 pixels per 2 KB '
             'macro-tile (001:289-305); micro-tiles row-major inside (decision)')
    for m, (_, fmt, micro, msb) in enumerate(layouts[:5]):
        c.tx(m, base + 0x10000 * m, fmt, macro=1, micro=micro, pitch=200, msb=msb)
        bpp = TX_BPP[msb][fmt]
        w, h = MICRO_TILE[(bpp, micro)]
        tile_corners(c, TX + m, 8 * w, 8 * h)
        for k in range(8):                       # the micro-tile order: along the first row, down
            c.f(TX + m, k * w, 0)
            c.f(TX + m, 0, k * h)
    out.append(c)

    c = Case('macro_linear', 'macro-tiled micro-linear: 256x8, 128x8, 64x8, 32x8 and (decision) 16x8 '
             'pixels per macro-tile (001:289-305, 001:763-769)')
    for m, (_, fmt, _, msb) in enumerate([layouts[0], layouts[1], layouts[3], layouts[4], layouts[5]]):
        c.tx(m, base + 0x10000 * m, fmt, macro=1, micro=0, pitch=600, msb=msb)
        bpp = TX_BPP[msb][fmt]
        tile_corners(c, TX + m, 8 * (32 >> bpp), 8)
    out.append(c)

    c = Case('linear_rows', 'linear surfaces: row-major, each row 32-byte aligned (001:648-652), every pixel size')
    for m, (_, fmt, _, msb) in enumerate([layouts[0], layouts[1], layouts[3], layouts[4], layouts[5]]):
        c.tx(m, base + 0x10000 * m + 0x20 * m, fmt, pitch=33, msb=msb)
        for x, y in [(0, 0), (1, 0), (32, 0), (0, 1), (5, 1), (0, 2), (32, 100)]:
            c.f(TX + m, x, y)
    c.cb(0, base + 0x20, 18, fmt=4)                    # RGB565, 36 bytes -> 64-byte rows
    c.zb(base + 0x40, 12, fmt=2)                        # Z24S8, 48 bytes -> 64-byte rows
    for x, y in [(0, 0), (1, 1), (11, 2)]:
        c.f(0, x, y)
        c.f(ZB, x, y)
    out.append(c)

    c = Case('color_formats', 'every RB3D_COLORPITCHn COLORFORMAT code (000:8833-8859): pixel size, '
             'CI8 flagged CLIENT, code 8 BADCFG; micro-tiled and square on each')
    t = 1
    for fmt in range(16):
        for tile, micro in [(0, 0), (1, 1), (0, 2)]:
            c.cb(1, base, 256, fmt=fmt, tile=tile, micro=micro, at=t)
            c.f(1, 9, 5, at=t + 2)
            c.f(1, 255, 17)
            t += 6
    out.append(c)

    c = Case('depth_formats', 'ZB_FORMAT DEPTHFORMAT 0-15 x DEPTHMICROTILE 0-3 x DEPTHMACROTILE '
             '(000:15069-15137); 16-bit 8x2 micro-tiles flagged CLIENT (001:258)')
    t = 1
    for fmt in range(16):
        for macro in (0, 1):
            for micro in range(4):
                c.zb(base, 128, fmt=fmt, macro=macro, micro=micro, at=t)
                c.f(ZB, 7, 9, at=t + 3)
                t += 6
    out.append(c)

    c = Case('tx_formats', 'every TX_FORMAT1 TXFORMAT code with TXFORMAT_MSB 0 and 1 (000:11737-11778): '
             'pixel sizes; reserved, compressed and 1-bit formats BADCFG')
    t = 1
    for msb in (0, 1):
        for fmt in range(32):
            for macro, micro in [(0, 0), (1, 1)]:
                c.tx(3, base, fmt, macro=macro, micro=micro, pitch=100, msb=msb, at=t)
                c.f(TX + 3, 13, 6, at=t + 4)
                t += 7
    out.append(c)

    c = Case('pitch_encodings', 'COLORPITCH[13:1] (bit 0 ignored), DEPTHPITCH[13:2], TXPITCH + 1 with '
             'TXPITCH_EN, else TXWIDTH + 1 with TXWIDTH_11; x >= pitch flagged RANGE')
    c.cb(0, base, 0x3FFF, fmt=6, extra=0xFE00C000)      # bit 0 and bits outside the fields ignored
    c.zb(base, 0x3FFF, fmt=2, extra=0xFFE0C000)
    c.tx(0, base, 12, width=99)                          # TXPITCH_EN 0: pitch = width = 100
    c.tx(1, base, 12, width=99, pitch=64)                # TXPITCH_EN 1: pitch = 64
    c.tx(2, base, 12, width=0x7FF, width11=1)            # width 4096
    c.tx(3, base, 12, pitch=16384)                       # the largest pitch
    for code, p in [(0, 0x3FFE), (ZB, 0x3FFC), (TX, 100), (TX + 1, 64), (TX + 2, 4096), (TX + 3, 16384)]:
        for x in (0, p - 1, p, 16383):
            c.f(code, min(x, 16383), 1)
    out.append(c)

    c = Case('errors', 'layouts that do not exist (BADCFG), excluded clients (CLIENT), unaligned macro-tiled '
             'bases (ALIGN), reserved surface codes, addresses wrapping at 2^32')
    c.cb(0, base, 64, fmt=7, micro=1)                    # 128 bpp micro-tiled: no such layout
    c.cb(1, base, 64, fmt=7, tile=1)                     # 128 bpp macro-tiled micro-linear: 16x8
    c.cb(2, base, 64, fmt=6, micro=2)                    # square micro-tile on 32 bpp
    c.cb(3, base + 0x20, 64, fmt=10, tile=1, micro=1)    # 64 bpp micro-tiled CB (CLIENT), base unaligned
    c.zb(base, 64, fmt=0, micro=1)                       # 16-bit 8x2 on ZB: CLIENT
    c.tx(0, base, 12, micro=3, pitch=64)                 # reserved micro-tile mode
    c.tx(1, 0xFFFFF800, 12, macro=1, micro=1, pitch=64)  # wraps at 2^32
    c.tx(2, base, 15, pitch=64)                          # reserved format
    for code in [0, 1, 2, 3, ZB, TX, TX + 1, TX + 2]:
        for x, y in [(0, 0), (5, 3), (40, 20)]:
            c.f(code, x, y)
    for code in range(5, 16):
        c.f(code, 3, 2)
    out.append(c)

    c = Case('reg_timing', 'a register write and a fragment on the same edge: the fragment uses the old value; '
             'the next one the new (docs/blocks/r5xx.tile.md)')
    c.cb(0, base, 64, fmt=6, at=1)
    old = c.surf(0)
    c.f(0, 5, 5, at=10)
    c.w(COLOROFFSET, base + 0x10000, at=11)
    c.f(0, 5, 5, at=11, s=old)                           # accepted on the write's edge: old base
    c.f(0, 5, 5)                                         # the next cycle: new base
    old = c.surf(0)
    c.w(COLORPITCH, 32 | (4 << 21), at=20)               # RGB565, pitch 32
    c.f(0, 5, 5, at=20, s=old)
    c.f(0, 5, 5)
    out.append(c)

    c = Case('reset_values', 'no register written: COLORFORMAT resets to ARGB8888 (000:8833), everything else to 0')
    for code in [0, 3, ZB, TX, TX + 15]:
        for x, y in [(0, 0), (7, 0), (0, 3)]:
            c.f(code, x, y)
    out.append(c)

    c = Case('ignored_writes', 'writes to other registers, to non-dword addresses and to neighbours '
             'of the surface registers change nothing')
    c.cb(0, base, 64, fmt=6, tile=1, micro=1)
    for a in [COLOROFFSET + 1, COLOROFFSET + 2, COLOROFFSET - 4, COLORPITCH + 16, COLORPITCH + 3, 0x4F14,
              0x4F18, 0x4F1C, 0x4F28, TX_FORMAT0 - 4, TX_OFFSET + 64, TX_OFFSET + 1, 0x0000, 0xFFFC]:
        c.w(a, 0xFFFFFFFF)
    for x, y in [(0, 0), (33, 17)]:
        c.f(0, x, y, at=40)
    out.append(c)

    for name, bp in [('throughput', 'always'), ('backpressure', 'random:0.5')]:
        c = Case(name, '96 fragments offered back to back with %s output back-pressure: one address per '
                 'clock when nothing stalls, a 2-cycle latency, a 4-deep queue' % bp, backpressure=bp)
        c.cb(0, base, 640, fmt=6, tile=1, micro=1)
        c.tx(5, base + 0x100000, 0, micro=1, pitch=333)
        for i in range(96):
            c.f(0 if i % 3 else TX + 5, (i * 37) % 640, (i * 11) % 480, at=20 if i == 0 else None)
        out.append(c)
    return out


# ---- the check -----------------------------------------------------------------------------

def check(vecdir):
    bad = n = 0
    for name, lines, vec in chk.directed(vecdir):
        want = [tuple(int(x, 16) for x in ln.split('# ->')[1].split())          # the expectation
                for ln in lines if ln.startswith('in frag') and '# ->' in ln]   # after a fragment
        got = [tuple(x[:3]) for _, x in vector.read(vec).outputs('addr')]
        n += len(want)
        bad += chk.compare(name, 'addr', got, want)
    return chk.verdict(n, bad, 'fragments')


def main(argv):
    return chk.main(argv, __doc__.split('\n\n')[-1] + '\n', check, cases)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
