#!/usr/bin/env python3
"""si_cb_directed.py - write the directed stimulus files of si.cb (vectors/si/cb/stim/*.stim), or
check the golden vectors made from them against an independent Python statement of the block.

'rcosim gen --stimulus X.stim -o X.vec' turns a stimulus into a golden vector (the C model's
outputs; scripts/regen-vectors).  '--check VECDIR' replays every stimulus through reference()
below - written from docs/blocks/si.cb.md with exact rationals (every binary32 multiply and add
is the exact result rounded once to nearest-even, the UNORM conversions are exact), not from the
C model or the host FPU - and compares the pixel records and the memory writes (address, data,
in order) with the vectors' expected outputs.

The sRGB tables of the C model and the RTL (model/si/cb/cb_srgb.c, rtl/si/cb/si_cb_srgb_dec.sv,
rtl/si/cb/si_cb_srgb_enc.sv) are written by this script too ('--tables SRCDIR'), computed here with
exact rationals; the reference itself does not use them (it compares x^5 with q^12 directly).

Usage: si_cb_directed.py OUTDIR            write OUTDIR/*.stim
       si_cb_directed.py --check VECDIR    compare VECDIR/*.vec with VECDIR/stim/*.stim
       si_cb_directed.py --tables SRCDIR   write the sRGB tables under SRCDIR (the source tree)
"""
import math
import os
import struct
import sys
from fractions import Fraction

from rcosim_py import check as chk
from rcosim_py import vector

BASE, PITCH, SLICE, INFO, CW0, CW1 = 0x28C60, 0x28C64, 0x28C68, 0x28C70, 0x28C8C, 0x28C90
BLEND, KR, KG, KB, KA, CCTL, TMASK, SMASK = 0x28780, 0x28414, 0x28418, 0x2841C, 0x28420, 0x28808, 0x28238, 0x2823C
FORMATS = {1: [8], 2: [16], 3: [8, 8], 4: [32], 5: [16, 16], 8: [2, 10, 10, 10], 9: [10, 10, 10, 2], 10: [8, 8, 8, 8],
           12: [16] * 4, 14: [32] * 4, 16: [5, 6, 5], 17: [5, 5, 5, 1], 18: [1, 5, 5, 5], 19: [4] * 4}
FLOATF = (4, 14)
# the NUMBER_TYPEs done per format: 0 UNORM, 1 SNORM, 4 UINT, 5 SINT, 6 SRGB (8, 8_8, 8_8_8_8
# [002:L7382]), 7 FLOAT
NTYPES = {1: (0, 1, 4, 5, 6), 2: (0, 1, 4, 5, 7), 3: (0, 1, 4, 5, 6), 4: (4, 5, 7), 5: (0, 1, 4, 5, 7), 8: (0, 1, 4, 5), 9: (0, 1, 4, 5),
          10: (0, 1, 4, 5, 6), 12: (0, 1, 4, 5, 7), 14: (4, 5, 7), 16: (0,), 17: (0,), 18: (0,), 19: (0,)}
SWAP = {1: [[0], [1], [2], [3]], 2: [[0, 1], [0, 3], [1, 0], [3, 0]], 3: [[0, 1, 2], [0, 1, 3], [2, 1, 0], [3, 1, 0]],
        4: [[0, 1, 2, 3], [2, 1, 0, 3], [3, 2, 1, 0], [3, 0, 1, 2]]}
ONE, NAN = 0x3F800000, 0x7FC00000
SURF = 0x00200000

# ---- exact binary32 ------------------------------------------------------------------------


def fb(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def fv(b):
    return struct.unpack('<f', struct.pack('<I', b))[0]


def isnan(b):
    return (b >> 23 & 0xFF) == 0xFF and b & 0x7FFFFF


def isinf(b):
    return (b & 0x7FFFFFFF) == 0x7F800000


def exact(b):
    return Fraction(fv(b))


def rnd(q, sign_if_zero):
    """The exact rational q rounded once to binary32, nearest-even."""
    if q == 0:
        return sign_if_zero << 31
    s = 1 if q < 0 else 0
    a = abs(q)
    e = math.floor(math.log2(a))
    while Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    quantum = Fraction(2) ** (max(e, -126) - 23)
    n = round(a / quantum)                     # Fraction rounds half to even
    v = n * quantum
    if v >= Fraction(2) ** 128:
        return s << 31 | 0x7F800000
    if v == 0:
        return s << 31
    return s << 31 | fb(float(v))


def fmul(a, b):
    if isnan(a) or isnan(b) or (isinf(a) and not b & 0x7FFFFFFF) or (isinf(b) and not a & 0x7FFFFFFF):
        return NAN
    s = (a ^ b) >> 31
    if isinf(a) or isinf(b):
        return s << 31 | 0x7F800000
    return rnd(exact(a) * exact(b), s)


def fadd(a, b):
    if isnan(a) or isnan(b) or (isinf(a) and isinf(b) and (a ^ b) >> 31):
        return NAN
    if isinf(a):
        return a
    if isinf(b):
        return b
    q = exact(a) + exact(b)
    if q == 0:
        return 0x80000000 if (a >> 31 and b >> 31) else 0
    return rnd(q, 1 if q < 0 else 0)


def flt(a, b):
    return not isnan(a) and not isnan(b) and fv(a) < fv(b)


def neg(x):
    return x ^ 0x80000000


def one_minus(x):
    return fadd(ONE, neg(x))


def u2f(d, n):
    return rnd(Fraction(d, (1 << n) - 1), 0)


def f2u(f, n, trunc):
    mx = (1 << n) - 1
    if isnan(f) or f >> 31 or f == 0:
        return 0
    if f >= ONE:
        return mx
    v = exact(f) * mx
    return math.floor(v) if trunc else math.floor(v + Fraction(1, 2))


# ---- binary16 (NUMBER_FLOAT on 16-bit components) -------------------------------------------------


def h2f(h):
    """binary16 bits to binary32 bits, exactly; a NaN keeps its sign and payload (shifted up)."""
    s, e, m = h >> 15, h >> 10 & 31, h & 0x3FF
    if e == 31:
        return s << 31 | 0x7F800000 | m << 13
    v = Fraction(m, 1 << 24) if e == 0 else Fraction(1024 + m, 1 << 10) * Fraction(2) ** (e - 15)
    return rnd(-v if s else v, s)          # exact: every binary16 is a binary32


def f2h(f, trunc):
    """binary32 bits to binary16 bits: the exact value rounded once, to nearest-even (ROUND_MODE 0)
    or toward zero (ROUND_MODE 1); beyond the range infinity (nearest) or 65504 (toward zero);
    subnormals kept; every NaN 0x7E00."""
    if isnan(f):
        return 0x7E00
    s = f >> 31
    if isinf(f):
        return s << 15 | 0x7C00
    a = abs(exact(f))
    if a == 0:
        return s << 15
    e = math.floor(math.log2(a))
    while Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    quantum = Fraction(2) ** (max(e, -14) - 10)
    n = math.floor(a / quantum) if trunc else round(a / quantum)
    v = n * quantum
    if v >= 65520 or (v > 65504):
        return s << 15 | (0x7BFF if trunc else 0x7C00)
    if v == 0:
        return s << 15
    return s << 15 | struct.unpack('<H', struct.pack('<e', float(v)))[0]

# ---- sRGB (NUMBER_SRGB): the standard curve, exactly ------------------------------------------------
# decode: lin(s) = s / 12.92 for s <= 0.04045, else ((s + 0.055) / 1.055)^2.4.  For the power piece
# f <= lin(s) iff f^5 <= q^12 with q = (s + 0.055) / 1.055: an exact rational comparison.


SRGB_KNEE = Fraction(4045, 100000)


def _srgb_q(s):
    return (s + Fraction(55, 1000)) / Fraction(1055, 1000)


def _le_lin(f, s):
    """the binary32 f (>= 0) is <= lin(s), exactly"""
    x = exact(f)
    if s <= SRGB_KNEE:
        return x <= s / Fraction(1292, 100)
    return x ** 5 <= _srgb_q(s) ** 12


def _ge_lin(f, s):
    """the binary32 f (>= 0) is >= lin(s), exactly"""
    x = exact(f)
    if s <= SRGB_KNEE:
        return x >= s / Fraction(1292, 100)
    return x ** 5 >= _srgb_q(s) ** 12


def srgb_dec(c):
    """the 8-bit sRGB code c to binary32: lin(c / 255) rounded to nearest (never a tie, checked)."""
    s = Fraction(c, 255)
    b = fb(float(s) / 12.92 if s <= SRGB_KNEE else ((float(s) + 0.055) / 1.055) ** 2.4)
    while b and not _le_lin(b, s):
        b -= 1
    while _le_lin(b + 1, s):
        b += 1
    if _ge_lin(b, s):                         # exact
        return b
    mid = (exact(b) + exact(b + 1)) / 2       # b < lin < b + 1
    lo = mid <= s / Fraction(1292, 100) if s <= SRGB_KNEE else mid ** 5 <= _srgb_q(s) ** 12
    hi = mid >= s / Fraction(1292, 100) if s <= SRGB_KNEE else mid ** 5 >= _srgb_q(s) ** 12
    assert not (lo and hi), 'sRGB decode tie at %d' % c
    return b + 1 if lo else b


def srgb_thr(c):
    """the smallest binary32 >= lin((c - 1/2) / 255), c = 1..255: code >= c iff x >= this."""
    s = Fraction(2 * c - 1, 510)
    b = fb(float(s) / 12.92 if s <= SRGB_KNEE else ((float(s) + 0.055) / 1.055) ** 2.4)
    while not _ge_lin(b, s):
        b += 1
    while b and _ge_lin(b - 1, s):
        b -= 1
    return b


def srgb_enc(f):
    """binary32 to the 8-bit sRGB code: the number of c in 1..255 with x >= lin((c - 1/2) / 255),
    found by bisection with the exact comparisons (NaN, -0 and x <= 0 give 0, x >= 1 gives 255)."""
    if isnan(f) or f >> 31 or f == 0:
        return 0
    if f >= ONE:
        return 255
    lo, hi = 0, 255                           # code >= lo holds, code >= hi + 1 does not
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _ge_lin(f, Fraction(2 * mid - 1, 510)):
            lo = mid
        else:
            hi = mid - 1
    return lo



def write_tables(src):
    """model/si/cb/cb_srgb.c, rtl/si/cb/si_cb_srgb_dec.sv and rtl/si/cb/si_cb_srgb_enc.sv."""
    dec = [srgb_dec(c) for c in range(256)]
    thr = [0] + [srgb_thr(c) for c in range(1, 256)]
    head = 'generated by scripts/blocks/si_cb_directed.py --tables (exact rationals); do not edit'
    c = ['/*', ' * cb_srgb.c - the sRGB conversions of si.cb (docs/blocks/si.cb.md "sRGB"): %s.' % head,
         ' * dec[c] = lin(c / 255) rounded to nearest binary32; thr[c] = the smallest binary32 >= lin((c - 1/2) / 255),',
         ' * so the code of x is the largest c with x >= thr[c] (thr[0] = 0), found by bisection.', ' */',
         '#include "cb_math.h"', '', 'static const uint32_t dec[256] = {']
    c += ['    %s,' % ', '.join('0x%08Xu' % v for v in dec[i:i + 6]) for i in range(0, 256, 6)]
    c += ['};', '', 'static const uint32_t thr[256] = {']
    c += ['    %s,' % ', '.join('0x%08Xu' % v for v in thr[i:i + 6]) for i in range(0, 256, 6)]
    c += ['};', '', 'uint32_t si_cb_srgb2f(uint32_t c)', '{', '    return dec[c & 255];', '}', '',
          'uint32_t si_cb_f2srgb(uint32_t f)', '{',
          '    if ((f & 0x7F800000u) == 0x7F800000u && (f & 0x7FFFFFu))',
          '        return 0;                       /* NaN */',
          '    if (f >> 31)',
          '        return 0;                       /* -0 and negatives */',
          '    unsigned lo = 0;',
          '    for (unsigned step = 128; step; step >>= 1)',
          '        if (f >= thr[lo + step])            /* positive binary32 order = integer order */',
          '            lo += step;',
          '    return lo;', '}']
    with open(os.path.join(src, 'model', 'si', 'cb', 'cb_srgb.c'), 'w') as fh:
        fh.write('\n'.join(c) + '\n')
    v = ['// si_cb_srgb_dec: an 8-bit sRGB code to binary32, lin(c / 255) rounded to nearest',
         '// (docs/blocks/si.cb.md "sRGB"); %s.' % head, '// Purely combinational.',
         'module si_cb_srgb_dec (', '  input  logic [7:0]  c_i,', '  output logic [31:0] f_o', ');',
         '  always_comb begin', '    unique case (c_i)']
    v += ["      8'd%d: f_o = 32'h%08X;" % (i, d) for i, d in enumerate(dec[:255])]
    v += ["      default: f_o = 32'h%08X;" % dec[255], '    endcase', '  end', 'endmodule']
    with open(os.path.join(src, 'rtl', 'si', 'cb', 'si_cb_srgb_dec.sv'), 'w') as fh:
        fh.write('\n'.join(v) + '\n')
    v = ['// si_cb_srgb_enc: binary32 to an 8-bit sRGB code (docs/blocks/si.cb.md "sRGB"): the largest c',
         '// with x >= T[c], T[c] the smallest binary32 >= lin((c - 1/2) / 255), by an 8-step bisection;',
         '// NaN and negatives give 0.  %s.' % head, '// Purely combinational.',
         'module si_cb_srgb_enc (', '  input  logic [31:0] f_i,', '  output logic [7:0]  c_o', ');',
         '  function automatic logic [30:0] thr(input logic [7:0] c);', '    unique case (c)']
    v += ["      8'd%d: return 31'h%08X;" % (i, t) for i, t in enumerate(thr[:255])]
    v += ["      default: return 31'h%08X;" % thr[255], '    endcase', '  endfunction', '',
          '  always_comb begin', '    logic [7:0] lo;', "    lo = 8'd0;",
          '    for (int s = 7; s >= 0; s--) begin',
          "      if (f_i[30:0] >= thr(lo | 8'(1 << s))) begin", "        lo = lo | 8'(1 << s);", '      end', '    end',
          "    c_o = (f_i[31] || (f_i[30:23] == 8'hFF && f_i[22:0] != 23'd0)) ? 8'd0 : lo;", '  end',
          'endmodule']
    with open(os.path.join(src, 'rtl', 'si', 'cb', 'si_cb_srgb_enc.sv'), 'w') as fh:
        fh.write('\n'.join(v) + '\n')


def swap(v, e):
    b = [(v >> (8 * i)) & 0xFF for i in range(4)]
    if e == 1:
        b = [b[1], b[0], b[3], b[2]]
    elif e >= 2:
        b = b[::-1]
    return sum(x << (8 * i) for i, x in enumerate(b))

# ---- the reference statement of docs/blocks/si.cb.md ---------------------------------------------


class Ref:
    def __init__(self, mem):
        self.r, self.mem, self.pix, self.writes = {}, mem, [], []

    def g(self, a):
        return self.r.get(a, 0)

    def frag(self, x, y, r, gg, b, a, r1, g1, b1, a1, cwe):
        g = self.g
        info, cctl = g(INFO), g(CCTL)
        f, nt, mode = info >> 2 & 31, info >> 8 & 7, cctl >> 4 & 7
        widths = FORMATS.get(f)
        ok = widths is not None and nt in NTYPES[f]
        bpp = sum(widths) if ok else 32
        pitch = ((g(PITCH) & 0x7FF) + 1) * 8
        pix = y * pitch + x
        err = int(x >= pitch or pix >= ((g(SLICE) & 0x3FFFFF) + 1) * 64)
        if not ok or mode > 2 or (mode == 2 and bpp == 128):
            err |= 2
        cm = (g(TMASK) & g(SMASK) & 15) if cwe else 0
        write = not err and (mode == 2 or (mode == 1 and cm))
        self.pix.append((x, y, int(bool(write)), err))
        if not write:
            return
        addr = ((g(BASE) << 8) + pix * bpp // 8) & 0xFFFFFFFF
        nd = max(1, bpp // 32)
        da = addr & ~3
        endian = info & 3
        ws = [swap(self.mem.get(da + 4 * i, 0), endian) for i in range(nd)]
        if endian == 3 and nd > 1:
            ws = [ws[i ^ 1] for i in range(nd)]
        big = sum(w << (32 * i) for i, w in enumerate(ws))
        off = (addr & 3) * 8 if bpp < 32 else 0
        pw = (big >> off) & ((1 << bpp) - 1)
        if mode == 2:
            new = (g(CW1) << 32 | g(CW0)) & ((1 << bpp) - 1)
        else:
            nc, fl = len(widths), f in FLOATF
            so = SWAP[nc][info >> 11 & 3]
            lo = [sum(widths[:k]) for k in range(nc)]
            dbits = [(pw >> lo[k]) & ((1 << widths[k]) - 1) for k in range(nc)]
            dv = [0, 0, 0, ONE]
            for k in range(nc):
                dv[so[k]] = self.to_f(dbits[k], widths[k], nt, so[k] == 3)
            s, s1 = [r, gg, b, a], [r1, g1, b1, a1]
            k4 = [g(KR), g(KG), g(KB), g(KA)]
            bl = g(BLEND)
            res = list(s)
            benable = bl >> 30 & 1 and not info >> 16 & 1 and nt not in (4, 5)
            if benable:
                for c in range(4):
                    ctl = bl >> 16 if (c == 3 and bl >> 29 & 1) else bl
                    res[c] = self.blend(ctl, c, s, dv, s1, k4)
                    if info >> 15 & 1 and nt == 1:
                        if flt(res[c], 0xBF800000):
                            res[c] = 0xBF800000
                        elif flt(ONE, res[c]):
                            res[c] = ONE
                    elif info >> 15 & 1:
                        if flt(res[c], 0) or res[c] == 0x80000000:
                            res[c] = 0
                        elif flt(ONE, res[c]):
                            res[c] = ONE
            use_rop = not benable and not bl >> 31 & 1
            rop = cctl >> 16 & 0xFF
            new = pw
            for k in range(nc):
                c = so[k]
                if not cm >> c & 1:
                    continue
                v = self.from_f(res[c], widths[k], nt, c == 3, info >> 18 & 1)
                if use_rop:
                    v = sum((rop >> ((v >> i & 1) * 6 + (dbits[k] >> i & 1)) & 1) << i for i in range(widths[k]))
                m = ((1 << widths[k]) - 1) << lo[k]
                new = (new & ~m) | (v << lo[k])
        m = ((1 << bpp) - 1) << off
        big = (big & ~m) | (new << off)
        ws = [(big >> (32 * i)) & 0xFFFFFFFF for i in range(nd)]
        if endian == 3 and nd > 1:
            ws = [ws[i ^ 1] for i in range(nd)]
        for i in range(nd):
            w = swap(ws[i], endian)
            self.mem[da + 4 * i] = w
            self.writes.append((da + 4 * i, w))

    @staticmethod
    def to_f(d, n, nt, alpha):
        if n == 32:
            return d
        if nt == 7:
            return h2f(d)
        if nt in (4, 5):
            return d
        if nt == 1:
            sc = (1 << (n - 1)) - 1
            v = max(d - (1 << n) if d >> (n - 1) else d, -sc)
            return rnd(Fraction(v, sc), 0)
        if nt == 6 and not alpha:
            lin = Fraction(d, 255)          # the sRGB curve, rounded once
            if lin <= SRGB_KNEE:
                return rnd(lin / Fraction(1292, 100), 0)
            return srgb_dec(d)
        return u2f(d, n)

    @staticmethod
    def from_f(v, n, nt, alpha, trunc):
        if n == 32:
            return v
        if nt == 7:
            return f2h(v, trunc)
        if nt == 6 and not alpha:
            return srgb_enc(v)
        if nt == 4:
            return min(v, (1 << n) - 1)
        if nt == 5:
            x = v - (1 << 32) if v >> 31 else v
            return max(min(x, (1 << (n - 1)) - 1), -(1 << (n - 1))) & ((1 << n) - 1)
        if nt == 1:
            if isnan(v):
                return 0
            sc = (1 << (n - 1)) - 1
            x = max(min(exact(v) if not isinf(v) else (1 if v < 0x80000000 else -1), 1), -1) * sc
            return (math.floor(x) if trunc else math.floor(x + Fraction(1, 2))) & ((1 << n) - 1)
        return f2u(v, n, trunc)

    @staticmethod
    def factor(f, c, s, d, s1, k):
        t = {0: lambda: 0, 1: lambda: ONE, 2: lambda: s[c], 3: lambda: one_minus(s[c]), 4: lambda: s[3],
             5: lambda: one_minus(s[3]), 6: lambda: d[3], 7: lambda: one_minus(d[3]), 8: lambda: d[c],
             9: lambda: one_minus(d[c]),
             10: lambda: ONE if c == 3 else (s[3] if flt(s[3], one_minus(d[3])) else one_minus(d[3])),
             13: lambda: k[c], 14: lambda: one_minus(k[c]), 15: lambda: s1[c], 16: lambda: one_minus(s1[c]),
             17: lambda: s1[3], 18: lambda: one_minus(s1[3]), 19: lambda: k[3], 20: lambda: one_minus(k[3])}
        return t.get(f, lambda: 0)()

    def blend(self, ctl, c, s, d, s1, k):
        sf, fn, df = ctl & 31, ctl >> 5 & 7, ctl >> 8 & 31
        if fn == 2:
            return s[c] if flt(s[c], d[c]) else d[c]
        if fn == 3:
            return s[c] if flt(d[c], s[c]) else d[c]
        if fn > 4:
            return 0
        a = fmul(s[c], self.factor(sf, c, s, d, s1, k))
        b = fmul(d[c], self.factor(df, c, s, d, s1, k))
        return fadd(a, b) if fn == 0 else fadd(a, neg(b)) if fn == 1 else fadd(b, neg(a))


def reference(lines):
    stim = vector.parse(lines)
    r = Ref(stim.memory())
    for _, kind, _, _, v in vector.schedule(stim, carry=('frag',)):
        if kind == 0:
            r.r[v[0]] = v[1]
        else:
            r.frag(*v)
    return r

# ---- the directed cases --------------------------------------------------------------------------


class Case:
    def __init__(self, name, doc):
        self.name, self.doc, self.mem, self.phases = name, doc, {}, []

    def phase(self, regs, frags):
        self.phases.append((dict(regs), list(frags)))

    def write(self, outdir):
        lines = []
        t = 10
        for regs, frags in self.phases:
            for a, d in regs.items():
                lines.append('in regw @%d %05x %08x' % (t, a, d & 0xFFFFFFFF))
            for i, fr in enumerate(frags):
                x, y, col = fr[0], fr[1], list(fr[2]) + [0] * (8 - len(fr[2]))
                cwe = fr[3] if len(fr) > 3 else 1
                lines.append('in frag %s%04x %04x %s %d' % ('@%d ' % (t + len(regs) + 2) if i == 0 else '', x, y,
                                                          ' '.join('%08x' % c for c in col), cwe))
            t += len(regs) + 16 * len(frags) + 20
        vector.write_stim(
            outdir, self.name, 'si.cb', self.doc, __file__,
            notes=['si_cb_directed.py --check replays it through its own reference of docs/blocks/si.cb.md'],
            mem=[m for a in sorted(self.mem) for m in vector.chunk_lines(a, self.mem[a])], body=lines)


def setup(fmt=10, nt=0, cs=0, endian=0, blend=0, cctl=0x00CC0010, tmask=0xF, smask=0xF, clamp=0, trunc=0, **kw):
    r = {BASE: SURF >> 8, PITCH: 1, SLICE: 3, INFO: endian | fmt << 2 | nt << 8 | cs << 11 | clamp << 15 | trunc << 18,
         BLEND: blend, CCTL: cctl, TMASK: tmask, SMASK: smask, KR: fb(0.25), KG: fb(0.5), KB: fb(0.75), KA: fb(0.125),
         CW0: 0x11223344, CW1: 0x55667788}
    r.update({globals()[k]: v for k, v in kw.items()})
    return r


def rgba(*v):
    return [fb(x) if isinstance(x, float) else x for x in v]


def cases():
    out = []
    grey = [0x80604020] * 16
    # 1. every blend factor as source and as destination factor
    c = Case('blend_factors', 'every blend factor 0-20 (fact 15: 5 ONE_MINUS_SRC_ALPHA, 10 SRC_ALPHA_SATURATE, 13 CONSTANT_COLOR, 19 CONSTANT_ALPHA; 11 and 12 reserved -> 0) as SRCBLEND (DESTBLEND ZERO) and as DESTBLEND (SRCBLEND ONE), ADD, on 8_8_8_8 UNORM; dual-source colour for 15-18; fact 14: ENABLE bit 30')
    c.mem[SURF] = grey * 2
    src = rgba(0.9, 0.6, 0.3, 0.7, 0.2, 0.4, 0.8, 0.35)
    for f in range(21):
        c.phase(setup(blend=1 << 30 | f | 0 << 8), [(f % 16, f // 16, src)])
    for f in range(21):
        c.phase(setup(blend=1 << 30 | 1 | f << 8), [((f + 5) % 16, 2 + (f + 5) // 16, src)])
    out.append(c)
    # 2. combine functions and separate alpha
    c = Case('blend_funcs', 'every combine function (fact 15: 4 = DST_MINUS_SRC) with SRC_ALPHA / ONE_MINUS_SRC_ALPHA, MIN and MAX ignoring the factors, reserved 5-7 -> 0; SEPARATE_ALPHA_BLEND (fact 14: bit 29) gives alpha its own fields; DISABLE_ROP3 (bit 31) with blending off copies')
    c.mem[SURF] = grey * 2
    for fn in range(8):
        c.phase(setup(blend=1 << 30 | 4 | fn << 5 | 5 << 8), [(fn, 0, rgba(0.9, 0.2, 0.5, 0.25))])
        c.phase(setup(blend=1 << 30 | 1 << 29 | 4 | fn << 5 | 5 << 8 | 1 << 16 | 4 << 21 | 1 << 24), [(fn, 1, rgba(0.9, 0.2, 0.5, 0.25))])
    c.phase(setup(blend=1 << 31, cctl=0x00000010), [(8, 0, rgba(0.1, 0.2, 0.3, 0.4))])
    out.append(c)
    # 3. float target: IEEE specials, BLEND_CLAMP
    c = Case('blend_float', '32_32_32_32 FLOAT: binary32 blend with every operation rounded to nearest-even (1/3-style inexact products, subnormals, infinities, NaN -> 0x7FC00000, inf*0); BLEND_CLAMP (15) clamps to [0, 1]; COLOR_32 float')
    c.mem[SURF] = [fb(1.0 / 3), fb(2.0 / 3), 0x00000001, 0x7F800000, 0x7FC00000, fb(-0.5), fb(1e30), 0x80000000] * 4
    for clamp in (0, 1):
        c.phase(setup(fmt=14, nt=7, PITCH=0, SLICE=1, clamp=clamp, blend=1 << 30 | 2 | 0 << 5 | 3 << 8),
                [(0, clamp, rgba(1.0 / 7, 0x00000003, 0x7F800000, 2.5)), (1, clamp, rgba(0.0, 1e-30, 3.0, 0x7FC00000))])
        c.phase(setup(fmt=14, nt=7, PITCH=0, SLICE=1, clamp=clamp, blend=1 << 30 | 13 | 4 << 5 | 9 << 8),
                [(2, clamp, rgba(0.1, 0.3, 0.7, 1.1))])
    c.phase(setup(fmt=4, nt=7, PITCH=0, SLICE=1, blend=1 << 30 | 1 | 1 << 8), [(0, 4, rgba(0.1, 0.5, 0.5, 0.5)), (1, 4, rgba(1e38, 0, 0, 0))])
    out.append(c)
    # 3b. the reserved blend factors on a float target
    c = Case('blend_reserved', 'the reserved blend factors 11, 12, 21 and 31 give 0 (fact 15; si.cb.md step 7) as SRCBLEND (DESTBLEND ZERO) and as DESTBLEND (SRCBLEND ZERO), ADD, on 32_32_32_32 FLOAT, where a product is seen exactly: 1.0 * 0 = +0, -2.0 * 0 = -0, inf * 0 = NaN (a factor of one subnormal ulp instead would give 0x00000001, -0x00000002, inf)')
    c.mem[SURF] = [fb(0.75), fb(-0.5), fb(2.0), fb(0.25)] * 128
    for i, f in enumerate((11, 12, 21, 31)):
        c.phase(setup(fmt=14, nt=7, PITCH=0, SLICE=1, blend=1 << 30 | f | 0 << 8), [(i, 0, rgba(1.0, 0x7F800000, -2.0, 0.5))])
        c.phase(setup(fmt=14, nt=7, PITCH=0, SLICE=1, blend=1 << 30 | 0 | f << 8), [(i, 1, rgba(1.0, 0x7F800000, -2.0, 0.5))])
    out.append(c)
    # 3c. SRC_ALPHA_SATURATE's min(As, 1 - Ad) at its special operands
    c = Case('blend_saturate', 'SRC_ALPHA_SATURATE (fact 15: factor 10, min(As, 1 - Ad)) on 32_32_32_32 FLOAT at special operands, the destination first written by a copy (blending off, SRCCOPY): Ad = -inf gives 1 - Ad = +inf, an infinity and not a NaN, so the min is As (0.75); As = -0 with Ad = 1.0 gives 1 - Ad = +0, and -0 < +0 is false, so the min is +0, seen in ADD over a -0 product (+0 + -0 = +0, -0 + -0 = -0) and in SUBTRACT')
    for i, (dst, src) in enumerate(((rgba(-1.0, 1.0, 2.0, 0xFF800000), rgba(0.5, 0.25, -2.0, 0.75)),
                                    (rgba(-1.0, 1.0, 2.0, 1.0), rgba(0.5, 0.5, -0.5, 0x80000000)))):
        for fn in (0, 1):
            c.phase(setup(fmt=14, nt=7, PITCH=0, SLICE=1), [(i, 0, dst)])
            c.phase(setup(fmt=14, nt=7, PITCH=0, SLICE=1, blend=1 << 30 | 10 | fn << 5 | 0 << 8), [(i, 0, src)])
    out.append(c)
    # 4. all 256 ROP3 codes
    c = Case('rop3_all', 'every ROP3 code 0x00-0xFF (fact 16: CB_COLOR_CONTROL.ROP3 23:16; 0xCC SRCCOPY, 0x66 SRCINVERT, 0x00 BLACKNESS, 0xFF WHITENESS) with blending off, on 8_8_8_8 source 0x0FF00FF0-ish over 0x3C5AA5C3, P = S')
    c.mem[SURF] = [0x3C5AA5C3] * 256
    src = rgba(0x3F800000, 0, fb(60 / 255.0), fb(195 / 255.0))
    c.phase(setup(PITCH=31, SLICE=7), [])
    for rop in range(256):
        c.phase({CCTL: rop << 16 | 0x10}, [(rop % 256, 0, src)])
    out.append(c)
    # 5. every format, both rounding modes
    c = Case('formats', 'every supported format (8, 16, 8_8, 32 float, 16_16, 10_10_10_2, 2_10_10_10, 8_8_8_8, 16_16_16_16, 32_32_32_32 float, 5_6_5, 1_5_5_5, 5_5_5_1, 4_4_4_4; UNORM or FLOAT) with ROUND_MODE 0 (floor(x*(2^n-1) + 1/2)) and 1 (floor), halves and clamps; an unsupported NUMBER_TYPE sets err 2')
    c.mem[SURF] = [0xA5A5A5A5] * 64
    col = rgba(0.5, 1.0 / 3, 2.0, -0.25)
    y = 0
    for fmt in sorted(FORMATS):
        for trunc in (0, 1):
            c.phase(setup(fmt=fmt, nt=7 if fmt in FLOATF else 0, trunc=trunc, PITCH=0, SLICE=15), [(trunc, y, col)])
        y += 1
    c.phase(setup(fmt=10, nt=2), [(0, 0, col)])
    c.phase(setup(fmt=9, nt=7), [(1, 0, col)])
    out.append(c)
    # 6. COMP_SWAP for 1-4 components
    c = Case('comp_swap', 'COMP_SWAP (fact 19: 12:11; with 4 components ALT is B->0, G->1, R->2, A->3) for 1, 2, 3 and 4 components (8_8_8_8, 10_10_10_2, 5_5_5_1): the destination is read back through the same map (blend ONE/ONE adds it), missing components read 0.0 or 1.0 alpha')
    c.mem[SURF] = [0x20406080] * 64
    col = rgba(0.1, 0.2, 0.3, 0.4)
    for i, fmt in enumerate((1, 3, 16, 10, 8, 18)):
        for cs in range(4):
            c.phase(setup(fmt=fmt, cs=cs, PITCH=0, SLICE=15, blend=1 << 30 | 1 | 1 << 8), [(cs, i, col)])
            c.phase(setup(fmt=fmt, cs=cs, PITCH=0, SLICE=15, blend=1 << 30 | 1 | 0 << 8), [(cs + 4, i, col)])
    out.append(c)
    # 7. endian
    c = Case('endian', 'ENDIAN (fact 18: 2 = 8IN32, 0xAABBCCDD -> 0xDDCCBBAA; 1 = 8IN16; 3 = 8IN64, qwords for 64 bpp, as 8IN32 up to 32 bpp) on 8_8_8_8, 5_6_5 and 16_16_16_16, read and written')
    c.mem[SURF] = [0xAABBCCDD, 0x11223344] * 32
    for en in range(4):
        c.phase(setup(endian=en, PITCH=0, SLICE=15, blend=1 << 30 | 1 | 1 << 8), [(en, 0, rgba(0.0, 0.0, 0.0, 0.0))])
        c.phase(setup(fmt=16, endian=en, PITCH=0, SLICE=15, blend=1 << 30 | 1 | 1 << 8), [(en, 1, rgba(0.0, 1.0, 0.0, 0.0)), (en + 4, 1, rgba(0.0, 0.0, 0.0, 0.0))])
        c.phase(setup(fmt=12, endian=en, PITCH=0, SLICE=15, blend=1 << 30 | 1 | 1 << 8), [(en, 2, rgba(0.0, 0.0, 0.0, 0.5))])
    out.append(c)
    # 8. masks
    c = Case('masks', 'CB_TARGET_MASK (fact 20: RT n in [4n+3:4n], bit 0 = red) and CB_SHADER_MASK for RT0 (the RT1-7 bits do not matter), both ANDed; the colour-write enable from DB; a zero mask writes nothing and reads nothing')
    c.mem[SURF] = [0x55555555] * 16
    for i, (tm, sm) in enumerate(((0x1, 0xF), (0x2, 0xF), (0x4, 0x7), (0x8, 0xF), (0xF, 0x5), (0xFFFFFFF0, 0xF), (0x3, 0x6), (0xA, 0xFFFFFFFF))):
        c.phase(setup(TMASK=tm, SMASK=sm), [(i, 0, rgba(1.0, 1.0, 1.0, 1.0))])
    c.phase(setup(), [(9, 0, rgba(1.0, 1.0, 1.0, 1.0), 0), (10, 0, rgba(1.0, 1.0, 1.0, 1.0), 1)])
    out.append(c)
    # 9. modes and the fast-clear colour
    c = Case('modes_clear', 'CB_COLOR_CONTROL.MODE (fact 17: 1 = CB_NORMAL; 0 disables; 2 ELIMINATE_FAST_CLEAR writes CLEAR_WORD0, or {CLEAR_WORD1, CLEAR_WORD0} at 64 bpp; 3 RESOLVE and others are not done: err 2; 128 bpp clear: err 2)')
    c.mem[SURF] = [0x99999999] * 64
    for mode in range(8):
        c.phase(setup(cctl=0xCC0000 | mode << 4), [(mode, 0, rgba(1.0, 0.0, 1.0, 0.0))])
    c.phase(setup(fmt=16, cctl=0x20, PITCH=0, SLICE=15), [(1, 2, rgba(0.5, 0.5, 0.5, 0.5))])
    c.phase(setup(fmt=12, cctl=0x20, PITCH=0, SLICE=15), [(2, 3, rgba(0.5, 0.5, 0.5, 0.5))])
    c.phase(setup(fmt=14, nt=7, cctl=0x20, PITCH=0, SLICE=15), [(0, 4, rgba(0.5, 0.5, 0.5, 0.5))])
    out.append(c)
    # 11. binary16
    c = Case('half_float', 'NUMBER_FLOAT on 16, 16_16 and 16_16_16_16 (binary16 SE5M10 bias 15 [002:L7382-7387]): the source rounded once to nearest-even (ROUND_MODE 0) or toward zero (ROUND_MODE 1): ties to even, 65504 / 65520 -> infinity (or 0x7BFF truncated), subnormals and their ties, -0, NaN -> 0x7E00; the destination read exactly (subnormal, infinity, NaN payload) and blended ONE/ONE or MIN')
    h = [0x3C00, 0x0001, 0x03FF, 0x7BFF, 0x7C00, 0x7D55, 0xFC00, 0x8001, 0x3555, 0xC000, 0x0000, 0x8000, 0x7E00, 0x1234, 0x5678, 0xFBFF]
    c.mem[SURF] = [h[i % 16] | h[(i * 7 + 3) % 16] << 16 for i in range(64)]
    vals = [rgba(1.0 / 3, 1.0 + 2.0 ** -11, 1.0 + 3 * 2.0 ** -11, 65504.0), rgba(65519.99, 65520.0, 1e6, -1e30),
            rgba(2.0 ** -24, 2.0 ** -25, 1.5 * 2.0 ** -25, 3 * 2.0 ** -25), rgba(0x80000000, 0x7FC00000, 0xFF800000, 0x7F800000),
            rgba(-2.0 ** -14 * 1.0009765625, 2.0 ** -14 * (1 - 2.0 ** -11), 6.1e-5, 0x00000001), rgba(0.1, -0.7, 1234.5678, 2.0 ** 15 * 1.99951171875)]
    y = 0
    for fmt in (2, 5, 12):
        for trunc in (0, 1):
            for bl in (0, 1 << 30 | 1 | 1 << 8, 1 << 30 | 1 | 2 << 5 | 1 << 8):
                c.phase(setup(fmt=fmt, nt=7, trunc=trunc, blend=bl, PITCH=0, SLICE=15),
                        [(i, y, v) for i, v in enumerate(vals)])
                y += 1
    c.phase(setup(fmt=12, nt=7, cs=2, endian=3, PITCH=0, SLICE=15, cctl=0x00660010), [(6, 0, vals[0])])
    out.append(c)
    # 12. sRGB
    c = Case('srgb', 'NUMBER_SRGB on 8_8_8_8, 8_8 and 8 (only those [002:L7382]): each colour component encoded with the standard curve by the exact thresholds lin((c - 1/2)/255) (a value one ulp below a threshold and the threshold itself, 0.5, 0, -0, negatives, NaN, > 1, infinity), whatever ROUND_MODE ("always rounds"); the component fed by shader alpha stays UNORM with ROUND_MODE (COMP_SWAP moves it); the destination decoded by lin(c/255) and blended')
    c.mem[SURF] = [0x00FF8040, 0x017FC0FE, 0x0A0B0C0D, 0xF0E0D0C0] * 16
    cs_ = [1, 2, 3, 10, 11, 12, 50, 100, 128, 200, 254, 255]
    probes = []
    for k in cs_:
        t = srgb_thr(k)
        probes += [t, t - 1]
    probes += [fb(0.5), 0, 0x80000000, fb(-0.25), NAN, fb(1.5), 0x7F800000, fb(0.0031308), fb(1.0 / 3), fb(0.999)]
    quads = [probes[i:i + 4] for i in range(0, len(probes), 4)]
    y = 0
    for trunc in (0, 1):
        c.phase(setup(fmt=10, nt=6, trunc=trunc), [(i, y, q) for i, q in enumerate(quads)])
        y += 1
    for cs in range(4):
        c.phase(setup(fmt=10, nt=6, cs=cs, blend=1 << 30 | 1 | 1 << 8), [(i, y, q) for i, q in enumerate(quads[:6])])
        y += 1
    for fmt in (1, 3):
        for cs in range(4):
            c.phase(setup(fmt=fmt, nt=6, cs=cs, trunc=cs & 1, blend=(1 << 30 | 4 | 5 << 8) if cs > 1 else 0),
                    [(i, y, q) for i, q in enumerate(quads[:8])])
            y += 1
    c.phase(setup(fmt=10, nt=6, cctl=0x005A0010), [(0, y, quads[0]), (1, y, rgba(0.5, 0.25, 0.75, 0.5))])
    c.phase(setup(fmt=16, nt=6), [(2, y, quads[0])])
    c.phase(setup(fmt=12, nt=6), [(3, y, quads[0])])
    out.append(c)
    # 13. SNORM, UINT, SINT
    c = Case('int_snorm', 'NUMBER_SNORM (scale 2^(n-1)-1, -2^(n-1) reads as -1.0 [002:L7382]) on 8, 16, 8_8, 16_16, 2_10_10_10, 8_8_8_8, 16_16_16_16: floor(x*S + 1/2) (ties up: 0.5 -> 64 and -0.5 -> -63 at 8 bits) or floor(x*S) (toward negative: a tiny negative -> -1), clamps, NaN, -0; the destination read and blended ONE/ONE with BLEND_CLAMP to [-1, 1]; NUMBER_UINT / NUMBER_SINT: the shader word is an integer, clamped to the component range (32-bit components copied), never blended (blend enabled but bypassed: ROP3 applies); BLEND_BYPASS (INFO 16) on UNORM')
    c.mem[SURF] = [0x807F8100, 0x00FF7FFF, 0x80000001, 0x7FFF8000, 0xFFFFFFFF, 0x12345678, 0x9ABCDEF0, 0x40000000] * 32
    sv = [rgba(-1.0, -1.5, 1.0, 0.5), rgba(-0.5, 1.0 / 3, -1.0 / 3, 0x7FC00000), rgba(0x7F800000, 0xFF800000, 0x80000000, -1e-30),
          rgba(0.25, -0.75, 0.999, -0.999), rgba(63.5 / 127, -63.5 / 127, 0.5 / 32767, -1.5 / 32767)]
    iv = [[0, 1, 255, 256], [0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 127], [128, 0xFFFFFF80, 0xFFFFFF7F, 32767],
          [32768, 0xFFFF8000, 0xFFFF7FFF, 511], [512, 0xFFFFFE00, 0xFFFFFDFF, 3]]
    y = 0
    for fmt in (1, 2, 3, 5, 8, 9, 10, 12):
        for trunc in (0, 1):
            c.phase(setup(fmt=fmt, nt=1, trunc=trunc, PITCH=0, SLICE=31), [(i, y, v) for i, v in enumerate(sv)])
            y += 1
        c.phase(setup(fmt=fmt, nt=1, clamp=1, blend=1 << 30 | 1 | 1 << 8, PITCH=0, SLICE=31), [(i, y, v) for i, v in enumerate(sv)])
        c.phase(setup(fmt=fmt, nt=1, clamp=0, blend=1 << 30 | 1 | 1 << 8, cs=1, PITCH=0, SLICE=31), [(i + 5, y, v) for i, v in enumerate(sv[:3])])
        y += 1
    for fmt in (1, 2, 3, 4, 5, 8, 9, 10, 12, 14):
        for nt in (4, 5):
            c.phase(setup(fmt=fmt, nt=nt, trunc=nt & 1, blend=1 << 30 | 1 | 1 << 8, PITCH=0, SLICE=31), [(i, y, v) for i, v in enumerate(iv)])
            c.phase(setup(fmt=fmt, nt=nt, cctl=0x00660010, PITCH=0, SLICE=31), [(5, y, iv[1])])
            y += 1
    c.phase(setup(fmt=10, INFO=10 << 2 | 1 << 16, blend=1 << 30 | 1 | 1 << 8, PITCH=0, SLICE=31), [(0, y, rgba(0.5, 0.5, 0.5, 0.5))])
    c.phase(setup(fmt=16, nt=1, PITCH=0, SLICE=31), [(1, y, rgba(0.5, 0.5, 0.5, 0.5))])
    out.append(c)
    # 10. kills
    c = Case('kill_range', 'a pixel at or beyond the pitch, or beyond SLICE.TILE_MAX (pitch*height/64 - 1), is killed with err 1: no memory access')
    c.phase(setup(PITCH=1, SLICE=1), [(15, 7, rgba(1.0, 1.0, 1.0, 1.0)), (16, 0, rgba(1.0, 1.0, 1.0, 1.0)), (0, 8, rgba(1.0, 1.0, 1.0, 1.0)),
                                      (16383, 16383, rgba(1.0, 1.0, 1.0, 1.0))])
    out.append(c)
    return out


def check(vecdir):
    bad = n = 0
    for name, lines, vec in chk.directed(vecdir):
        r = reference(lines)
        v = vector.read(vec)
        gp = [tuple(x[:4]) for _, x in v.outputs('pix')]
        gw = [(x[0], x[2]) for _, x in v.outputs('memreq') if x[1]]
        for what, got, want in (('pix', gp, r.pix), ('memory write', gw, r.writes)):
            n += len(want)
            bad += chk.compare(name, what, got, want)
    return chk.verdict(n, bad)


def main(argv):
    return chk.main(argv, __doc__.split('\n\n')[-1] + '\n', check, cases,
                    {'--tables': (1, lambda src: write_tables(src) or 0)})


if __name__ == '__main__':
    sys.exit(main(sys.argv))
