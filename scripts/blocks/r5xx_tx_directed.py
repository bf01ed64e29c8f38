#!/usr/bin/env python3
"""r5xx_tx_directed.py - write the directed stimulus files of r5xx.tx (vectors/r5xx/tx/stim/*.stim),
or check the golden vectors made from them against an independent Python statement of
docs/blocks/r5xx.tx.md.

Each case programs samplers on `regw`, preloads texel memory and offers sample requests on `req`;
'rcosim gen --stimulus X.stim -o X.vec' turns a stimulus into a golden vector (the C model's
outputs; scripts/regen-vectors does all of them).  Every request line carries what this script
expects (comment '# -> R G B A ERR | ADDR...': the four binary32 results, the error flags and the
byte addresses of the dwords read), computed by sample() below straight from the document with
exact integer arithmetic; '--check VECDIR' compares them with the vectors' expected `rsp` and
`memreq` outputs, so the golden vectors are checked by a second implementation.

Usage: r5xx_tx_directed.py OUTDIR            write OUTDIR/*.stim
       r5xx_tx_directed.py --big OUTDIR      write the cases too large to commit (every FP16 code point)
       r5xx_tx_directed.py --codes OUTDIR    every code of the formats of 2- to 11-bit components
       r5xx_tx_directed.py --codes-wide OUTDIR   every 16-bit code, DXT1 end code, DXT5 alpha end pair
       r5xx_tx_directed.py --check VECDIR    compare VECDIR/*.vec with VECDIR/stim/*.stim
"""
import glob
import os
import struct
import sys

from rcosim_py import check as chk
from blocks import prim_sf_ref as sf

# Register byte addresses (000:11397-12014).
TX_ENABLE, TX_FILTER4 = 0x4104, 0x4110
FILTER0, FILTER1, FORMAT0, FORMAT1, FORMAT2, OFFSET, CHROMA, BORDER = (0x4400 + 0x40 * k for k in range(8))
ERR_FORMAT, ERR_TILE, ERR_NOTBUILT, ERR_DISABLED = 1, 2, 4, 8
ONE = 0x3F800000

# ---- the reference statement of docs/blocks/r5xx.tx.md --------------------------------------

# TXFORMAT (MSB 0) -> component widths from the LSB (D5); bytes per texel of every code for the
# surface decoder (docs/blocks/r5xx.tile.md)
WIDTHS = [[8], [16], [4, 4], [8, 8], [16, 16], [2, 3, 3], [5, 6, 5], [5, 5, 6], [10, 11, 11], [11, 11, 10],
          [4, 4, 4, 4], [5, 5, 5, 1], [8, 8, 8, 8], [10, 10, 10, 2], [16, 16, 16, 16]]
DWORDS = {14: 2, 15: 2, 16: 4, 17: 4, 26: 2, 28: 2, 29: 4}   # dwords per texel, else 1
YUV_K = (76602, 104991, 25773, 53482, 132702)          # D13: Y, V->R, U->G, V->G, U->B in 1/65792
TX_BPP = [{0: 0, 1: 1, 2: 0, 3: 1, 4: 2, 5: 0, 6: 1, 7: 1, 8: 2, 9: 2, 10: 1, 11: 1, 12: 2, 13: 2, 14: 3,
           18: 0, 19: 2, 20: 1, 21: 1, 22: 1, 23: 2, 24: 1, 25: 2, 26: 3, 27: 2, 28: 3, 29: 4, 30: 2},
          {2: 1, 3: 2, 4: 3}]
MICRO = {(0, 1): (8, 4), (1, 1): (8, 2), (1, 2): (4, 4), (2, 1): (4, 2), (3, 1): (2, 2)}   # 001:252-262


def surface(off, f0, f1, f2):
    """(base, pitch, bpp_log2, macro, micro, tile error) of a texture (docs/blocks/r5xx.tile.md)."""
    pitch = (f2 & 0x3FFF) + 1 if f0 >> 31 else ((f0 & 0x7FF) | ((f2 >> 15 & 1) << 11)) + 1
    bpp, macro, micro = TX_BPP[(f2 >> 14) & 1].get(f1 & 31), (off >> 2) & 1, (off >> 3) & 3
    base = off & ~31 & 0xFFFFFFFF
    if bpp is None or (micro != 0 and (bpp, micro) not in MICRO):
        return base, pitch, 2 if bpp is None else bpp, 0, 0, True
    return base, pitch, bpp, macro, micro, bool(macro and base & 0x7FF)


def tile_addr(s, x, y):
    base, pitch, bpp, macro, micro, _ = s
    mw, mh = MICRO[(bpp, micro)] if micro else (32 >> bpp, 1)
    tw, th = (8 * mw, 8 * mh) if macro else (mw, mh)
    tile = (y // th) * (-(-pitch // tw)) + x // tw
    off = tile * (2048 if macro else 32)
    if macro:
        off += 32 * (8 * ((y // mh) % 8) + (x // mw) % 8)
    return (base + off + (((y % mh) * mw + x % mw) << bpp)) & 0xFFFFFFFF


def axis(c, size, mode, lin):
    """D2-D4: ((i0, b0), (i1, b1), f) of one coordinate (binary32 bits)."""
    sg, e, mt = c >> 31, (c >> 23) & 0xFF, c & 0x7FFFFF
    if mode in (3, 5, 7):
        sg = 0
    if e == 0 or (e == 255 and mt):
        x = 0
    else:
        # floor(c * size * 256) exactly, as a Python integer (the cap of D2 changes nothing)
        p = ((1 << 23) | mt) * size
        k = e - 142
        if k >= 0:
            x = p << min(k, 9)
            x = -x if sg else x
        else:
            x = -((p + (1 << -k) - 1) >> -k) if sg else p >> -k
    return reduce_axis(x, size, mode, lin)


def widen(c, n, signed=False):
    """D5, D11: an n-bit component to a channel value (value = v / 65535)."""
    if not signed:
        return 65535 if c == (1 << n) - 1 else (65536 * c) // ((1 << n) - 1)
    neg = c >> (n - 1) & 1
    m = (1 << n) - c if neg else c
    k = n - 1
    v = 0 if m == 0 else 65535 if m >= (1 << k) - 1 else (65536 * m) // ((1 << k) - 1)
    return -v if neg else v


def to_float(v):
    """D6: v / 65535 as binary32, truncated: via an exact rational, independent of the RTL's shifts."""
    from fractions import Fraction
    if v == 0:
        return 0
    sign, x = (1 << 31 if v < 0 else 0), Fraction(abs(v), 65535)
    e = 0
    while x * Fraction(2) ** e < 1:
        e += 1
    while x * Fraction(2) ** e >= 2:
        e -= 1
    mant = int(x * Fraction(2) ** (e + 23))    # floor: truncation toward zero of the magnitude
    return sign | ((127 - e) << 23) | (mant & 0x7FFFFF)


def half(h):
    """D12: binary16 to binary32 bits, exact; NaN canonical."""
    s, e, m = h >> 15 & 1, (h >> 10) & 31, h & 0x3FF
    if e == 31:
        return 0x7FC00000 if m else s << 31 | 0x7F800000
    if e == 0 and m == 0:
        return s << 31
    val = (m / 1024 if e == 0 else 1 + m / 1024) * 2.0 ** ((e or 1) - 15)
    return struct.unpack('<I', struct.pack('<f', -val if s else val))[0]


def srgb16(i):
    """D10: the sRGB decode table."""
    import math
    x = i / 255
    f = x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4
    return math.floor(65535 * f + 0.5)


def dxt(fmt, w, x, y):
    """D14: (B, G, R, A) channel values of texel (x mod 4, y mod 4) of a DXT1/3/5 block."""
    i = 4 * (y % 4) + x % 4
    cw = w[:2] if fmt == 15 else w[2:4]
    c0, c1 = cw[0] & 0xFFFF, cw[0] >> 16

    def rgb(c):                                       # B, G, R of an RGB565 colour, 8 bits each
        b, g, r = c & 31, (c >> 5) & 63, c >> 11
        return [(b << 3) | (b >> 2), (g << 2) | (g >> 4), (r << 3) | (r >> 2)]
    e0, e1 = rgb(c0), rgb(c1)
    if fmt != 15 or c0 > c1:
        pal = [e0 + [255], e1 + [255], [(2 * a + b) // 3 for a, b in zip(e0, e1)] + [255],
               [(a + 2 * b) // 3 for a, b in zip(e0, e1)] + [255]]
    else:
        pal = [e0 + [255], e1 + [255], [(a + b) // 2 for a, b in zip(e0, e1)] + [255], [0, 0, 0, 0]]
    col = pal[(cw[1] >> (2 * i)) & 3]
    aw = w[0] | w[1] << 32
    if fmt == 16:
        col = col[:3] + [((aw >> (4 * i)) & 15) * 17]
    elif fmt == 17:
        a0, a1, j = aw & 255, (aw >> 8) & 255, (aw >> (16 + 3 * i)) & 7
        if a0 > a1:
            al = [a0, a1] + [((8 - k) * a0 + (k - 1) * a1) // 7 for k in range(2, 8)]
        else:
            al = [a0, a1] + [((6 - k) * a0 + (k - 1) * a1) // 5 for k in range(2, 6)] + [0, 255]
        col = col[:3] + [al[j]]
    return [v * 257 for v in col]


def ati_block(aw, i, sgn=0):
    """D22: texel i of an 8-byte block of two 8-bit ends and 3-bit indices (the DXT5 alpha rule), as a
    channel value; sgn: signed RGTC (two's complement ends, divisions truncated toward zero, index 6
    -128, 7 127, the code widened as a signed 8-bit component)."""
    a0, a1, j = aw & 255, (aw >> 8) & 255, (aw >> (16 + 3 * i)) & 7
    if sgn:
        a0, a1 = (a0 - 256 if a0 >= 128 else a0), (a1 - 256 if a1 >= 128 else a1)

    def div(x, d):                                   # toward zero
        return x // d if x >= 0 else -((-x) // d)
    if a0 > a1:
        al = [a0, a1] + [div((8 - k) * a0 + (k - 1) * a1, 7) for k in range(2, 8)]
    else:
        al = [a0, a1] + [div((6 - k) * a0 + (k - 1) * a1, 5) for k in range(2, 6)] + \
            ([-128, 127] if sgn else [0, 255])
    return widen(al[j] & 255, 8, True) if sgn else al[j] * 257


def yuv(f1, word, off):
    """D13: (C0, C1, C2) of a 4:2:2 texel."""
    fmt = f1 & 31
    b = [(word >> 8 * i) & 255 for i in range(4)]
    if fmt == 20:                                       # Y0 U Y1 V
        y, u, v = b[2] if off & 2 else b[0], b[1], b[3]
    else:                                               # U Y0 V Y1
        y, u, v = b[3] if off & 2 else b[1], b[0], b[2]
    if f1 >> 24 & 1:
        u, v = u ^ 0x80, v ^ 0x80
    conv = (f1 >> 22) & 3
    if conv not in (1, 2):
        return [v * 257, y * 257, u * 257]
    ky, kvr, kug, kvg, kub = YUV_K
    yy, uu, vv = ky * (y - 16), u - 128, v - 128
    out = [(yy + kvr * vv + 128) // 256, (yy - kug * uu - kvg * vv + 128) // 256, (yy + kub * uu + 128) // 256]
    return [min(max(x, 0), 65535) for x in out] if conv == 1 else out


def level(surf, w, h, lvl, fmt, msw, d=1, cube=False):
    """D15, D16: (surface, width, height, slices, slice bytes) of level lvl.  Levels lie back to
    back; level l > 0 is max(1, W >> l) x max(1, H >> l) (x max(1, D >> l) slices) with its width as
    pitch, macro-tiled while at least (MACRO_SWITCH: more than) one macro-tile wide."""
    base, pitch, bpp, macro, micro, bad = surf
    mw, mh = MICRO[(bpp, micro)] if micro else (32 >> bpp, 1)
    for l in range(lvl + 1):
        wl, hl, dl = max(1, w >> l), max(1, h >> l), 6 if cube else max(1, d >> l)
        pl = pitch if l == 0 else wl
        ml = macro if l == 0 else macro and (wl > 8 * mw if msw else wl >= 8 * mw)
        if 15 <= fmt <= 17:
            size = -(-hl // 4) * -(-pl // 4) * (8 if fmt == 15 else 16)
        else:
            tw, th = (8 * mw, 8 * mh) if ml else (mw, mh)
            size = -(-hl // th) * -(-pl // tw) * (2048 if ml else 32)
        if l == lvl:
            return (base, pl, bpp, ml, micro, bad), wl, hl, dl, size
        base = (base + size * dl) & 0xFFFFFFFF


def l256(x):
    """D8: floor(x * 256) of a binary32, saturated to [-8192, 8191]; 0 for zero, denormal, NaN."""
    from fractions import Fraction
    sg, e, mt = x >> 31, (x >> 23) & 0xFF, x & 0x7FFFFF
    if e == 0 or (e == 255 and mt):
        return 0
    if e == 255:
        return -8192 if sg else 8191
    v = Fraction((1 << 23) | mt) * Fraction(2) ** (e - 150) * 256
    v = -v if sg else v
    return min(max(v.numerator // v.denominator, -8192), 8191)      # floor


def lam256(lod, lmode, filter1, grad=0, d=(0, 0, 0, 0), w=1, h=1):
    """D8, D24: lambda in 1/256 level: lmode 1 the explicit lod; else the derivatives' log2 rho
    (when grad) plus lod for lmode 2; plus 8 * LOD_BIAS."""
    if lmode == 1:
        lam = l256(lod)
    else:
        lam = 0
        if grad:
            wf, hf = fbits(float(w)), fbits(float(h))
            m = [sf.mul(d[0] & 0x7FFFFFFF, wf), sf.mul(d[1] & 0x7FFFFFFF, hf),
                 sf.mul(d[2] & 0x7FFFFFFF, wf), sf.mul(d[3] & 0x7FFFFFFF, hf)]
            lam = l256(sf.lg2(sf.fmax(sf.fmax(m[0], m[1]), sf.fmax(m[2], m[3]))))
        if lmode == 2:
            lam += l256(lod)
    bias = (filter1 >> 3) & 0x3FF
    return lam + 8 * (bias - 1024 if bias & 0x200 else bias)


def cube_face(s, t, r, w, h):
    """D17: (face, Xs, Xt) of a cube-map request, exactly with fractions."""
    from fractions import Fraction

    def mag(c):
        e = (c >> 23) & 0xFF
        return 0 if e == 0 or (e == 255 and c & 0x7FFFFF) else c & 0x7FFFFFFF

    def val(c):                                   # zeros, denormals, NaNs 0; Inf as 2^128
        m = mag(c)
        if m == 0:
            return Fraction(0)
        v = Fraction((1 << 23) | (m & 0x7FFFFF)) * Fraction(2) ** ((m >> 23) - 150)
        return -v if c >> 31 else v
    ms, mt, mr = mag(s), mag(t), mag(r)
    ax = 0 if ms >= mt and ms >= mr else 1 if mt >= mr else 2
    ma = (s, t, r)[ax]
    face = 2 * ax + (1 if mag(ma) and ma >> 31 else 0)
    vs, vt, vr = val(s), val(t), val(r)
    sc, tc = [(-vr, -vt), (vr, -vt), (vs, vr), (vs, -vr), (vs, -vt), (-vs, -vt)][face]
    den = abs(val(ma))

    def fx(c, size):
        if den == 0:
            return 128 * size
        q = Fraction(256 * size) * (c / den + 1) / 2
        return q.numerator // q.denominator
    return face, fx(sc, w), fx(tc, h)


def reduce_axis(x, size, mode, lin):
    """D2 (the reduction per mode) and D4 of a fixed-point coordinate X."""
    m = 256 * size
    if mode == 0:
        x %= m
    elif mode == 1:
        x %= 2 * m
    elif mode in (4, 5):
        x = min(max(x, 0), m)
    else:
        x = min(max(x, -(1 << 22)), 1 << 22)
    y = x - (128 if lin else 0)
    i0, f = y // 256, (y % 256 if lin else 0)

    def index(i):
        if mode == 0:
            return i % size, False
        if mode == 1:
            j = i % (2 * size)
            return (j if j < size else 2 * size - 1 - j), False
        if mode in (4, 5) and not lin:
            return min(i, size - 1), False
        border = mode in (4, 5, 6, 7) and (i < 0 or i >= size)
        return min(max(i, 0), size - 1), border
    return index(i0), index(i0 + 1), f


def swap(w, code):
    """D19: ENDIAN_SWAP of a dword read: 0 none, 1 0xAABBCCDD -> 0xBBAADDCC, 2 -> 0xDDCCBBAA,
    3 -> 0xCCDDAABB."""
    b = [(w >> 24) & 255, (w >> 16) & 255, (w >> 8) & 255, w & 255]     # AA BB CC DD
    order = [[0, 1, 2, 3], [1, 0, 3, 2], [3, 2, 1, 0], [2, 3, 0, 1]][code & 3]
    return sum(b[i] << (24 - 8 * k) for k, i in enumerate(order))


def p2f(v):
    """D20: v / 65536 as binary32 (exact)."""
    return fbits(v / 65536.0) if v else 0


def blend(v0, v1, g):
    """D18: the blend of two passes."""
    return ((256 - g) * v0 + g * v1 + 128) // 256


def sample(regs, mem, n, s, t, lod=0, lmode=0, r=0, grad=0, d=(0, 0, 0, 0)):
    """The response (R, G, B, A, err) and the dword addresses read for one request."""
    f0, f1, f0r = regs[FILTER0][n], regs[FORMAT1][n], regs[FORMAT0][n]
    f2, off = regs[FORMAT2][n], regs[OFFSET][n]
    surf0 = surface(off, f0r, f1, f2)
    msb = (f2 >> 14) & 1
    ati1, ati2 = (f1 & 31) == 5 and msb, (f1 & 31) == 31 and not msb        # D22
    isdxt = 15 <= (f1 & 31) <= 17 and not msb or ati1 or ati2
    bfmt = 15 if ati1 else 16 if ati2 else f1 & 31       # the block size of D14 (8 or 16 bytes)
    err = ERR_TILE if (off & 0x1C if isdxt else surf0[5]) else 0
    lam = lam256(lod, lmode, regs[FILTER1][n], grad, d, (f0r & 0x7FF | (f2 >> 15 & 1) << 11) + 1,
                 (f0r >> 11 & 0x7FF | (f2 >> 16 & 1) << 11) + 1)
    filt = (f0 >> 11) & 3 if lam > 0 else (f0 >> 9) & 3
    fmt = f1 & 31
    isflt = 24 <= fmt <= 29
    lin = filt >= 2 and not isflt
    mipf = (f0 >> 13) & 3
    ctype, volf = (f1 >> 25) & 3, (f0 >> 15) & 3
    is3d, cube = ctype == 1, ctype == 2
    volblend = is3d and not isflt and (volf >= 2 or volf == 0 and lin)
    mipblend = mipf >= 2 and lam > 0 and not isflt
    if filt in (0, 3) or ctype == 3 or mipf == 3 or is3d and volf == 3 or (volblend and mipblend) or \
            regs[FILTER1][n] & 3 == 3:                 # D21: CHROMA_KEY_MODE 3
        err |= ERR_NOTBUILT
    if volblend:
        mipblend = False
    top = (f0r >> 26) & 15
    lvl = min((f0 >> 17) & 15, top)
    npass, g = 1, 0
    if mipblend:
        lvl += lam >> 8
        if lvl >= top:
            lvl = top
        else:
            npass, g = 2, lam & 255
    elif mipf and lam > 0:
        lvl = min(lvl + (lam + 127) // 256, top)
    if volblend:
        npass = 2
    if not regs[TX_ENABLE] >> n & 1:
        return (0, 0, 0, ONE, err | ERR_DISABLED, 0), []
    fixed, isyuv = fmt <= 14 and not msb, fmt in (20, 21) and not msb
    if not (fixed or isyuv or isflt and not msb or isdxt):
        return (0, 0, 0, 0, err | ERR_FORMAT, 0), []
    dpt = 2 if ati1 else 4 if ati2 else DWORDS.get(fmt, 1)
    w0 = ((f0r & 0x7FF) | ((f2 >> 15 & 1) << 11)) + 1
    h0 = (((f0r >> 11) & 0x7FF) | ((f2 >> 16 & 1) << 11)) + 1
    d0 = 1 << min((f0r >> 22) & 15, 12) if is3d else 6 if cube else 1
    sel = [(f1 >> 12) & 7, (f1 >> 15) & 7, (f1 >> 18) & 7, (f1 >> 9) & 7]    # R G B A
    if isyuv:
        sel = [0, 1, 2, 5]                          # D23: 4:2:2 ignores SEL_*: C0 C1 C2, alpha 1
    bc = regs[BORDER][n]
    border = [(bc >> 16) & 255, (bc >> 8) & 255, bc & 255, bc >> 24]
    sgn = (f1 >> 5) & 15 if fixed or ati1 or ati2 else 0      # D11, D22
    pow2 = bool(f2 >> 17 & 1) and fmt in (0, 3, 12) and not msb   # D20
    gamma = (fixed or isdxt) and f1 >> 21 & 1 and not pow2
    one_v, bmul = (65536, 256) if pow2 else (65535, 257)
    ckey = regs[FILTER1][n] & 3 in (1, 2)           # D21
    key = regs[CHROMA][n]
    addrs = []
    killed = [0]                                    # D21: mode 1 and a texel read is keyed

    def one(pss):
        """One pass: the channel values V (or the float result) and its reads into addrs."""
        surf, w, h, d, slice_bytes = level(surf0, w0, h0, lvl + (pss if mipblend and npass == 2 else 0), bfmt,
                                           regs[FILTER1][n] >> 22 & 1, d0, cube)
        rborder = False
        if cube:                                        # D17
            face, xs, xt = cube_face(s, t, r, w, h)
            surf = ((surf[0] + face * slice_bytes) & 0xFFFFFFFF,) + surf[1:]
            (i0, bi0), (i1, bi1), fs = reduce_axis(xs, w, f0 & 7, lin)
            (j0, bj0), (j1, bj1), ft = reduce_axis(xt, h, (f0 >> 3) & 7, lin)
        else:
            if is3d:                                    # D16: the slice, CLAMP_R (D18: of this pass)
                ra = axis(r, d, (f0 >> 6) & 7, volblend)
                ri, rborder = ra[1] if pss and volblend else ra[0]   # trilinear: the level's nearest
                surf = ((surf[0] + ri * slice_bytes) & 0xFFFFFFFF,) + surf[1:]
            (i0, bi0), (i1, bi1), fs = axis(s, w, f0 & 7, lin)
            (j0, bj0), (j1, bj1), ft = axis(t, h, (f0 >> 3) & 7, lin)
        texels = [(i0, j0, bi0 or bj0 or rborder), (i1, j0, bi1 or bj0 or rborder),
                  (i0, j1, bi0 or bj1 or rborder), (i1, j1, bi1 or bj1 or rborder)]
        if not lin:
            texels = texels[:1]
        weights = [(256 - fs) * (256 - ft), fs * (256 - ft), (256 - fs) * ft, fs * ft]
        vals = []
        for x, y, b in texels:
            if isdxt:                                   # 4x4 blocks, row-major, ceil(pitch / 4) a row
                a = surf[0] + ((y // 4) * (-(-surf[1] // 4)) + x // 4) * (8 if bfmt == 15 else 16)
            else:
                a = tile_addr(surf, x, y)
            words = [swap(mem.get((a & ~3) + 4 * j, 0), off & 3) for j in range(dpt)]
            addrs.extend((a & ~3) + 4 * j for j in range(dpt))
            if isflt:
                wd = words
                comps = {24: lambda: [half((wd[0] >> 8 * (a & 3)) & 0xFFFF)],
                         25: lambda: [half(wd[0] & 0xFFFF), half(wd[0] >> 16)],
                         26: lambda: [half(wd[0] & 0xFFFF), half(wd[0] >> 16), half(wd[1] & 0xFFFF),
                                      half(wd[1] >> 16)],
                         27: lambda: wd[:1], 28: lambda: wd[:2], 29: lambda: wd[:4]}[fmt]()
                res = []
                for c in range(4):
                    if b:
                        res.append(to_float(border[c] * 257))
                    elif sel[c] < 4:
                        res.append(comps[sel[c]] if sel[c] < len(comps) else 0)
                    else:
                        res.append(ONE if sel[c] == 5 else 0)
                return res, True
            if isyuv:
                comps = yuv(f1, words[0], a & 3)
            elif ati1 or ati2:                          # D22: the DXT5 alpha rule per 8-byte block
                i4 = 4 * (y % 4) + x % 4
                comps = [ati_block(words[2 * q] | words[2 * q + 1] << 32, i4, sgn >> q & 1) for q in range(2 if ati2 else 1)]
            elif isdxt:
                comps = dxt(fmt, words, x, y)
            else:
                tv = words[0] | words[1] << 32 if fmt == 14 else words[0] >> (8 * (a & 3))
                comps, pos = [], 0
                for k, nb in enumerate(WIDTHS[fmt]):
                    cv = (tv >> pos) & ((1 << nb) - 1)
                    if pow2:                            # D20: / 256, signed / 128
                        comps.append((cv - 256 if cv >= 128 else cv) * 512 if sgn >> k & 1 else cv * 256)
                    else:
                        comps.append(widen(cv, nb, sgn >> k & 1))
                    pos += nb
            km = (1 << (8 << TX_BPP[0][fmt])) - 1 if fixed and fmt != 14 else 0
            if ckey and km and not b and (words[0] >> (8 * (a & 3))) & km == key & km:
                vals.append([0, 0, 0, 0])               # D21: keyed: transparent black
                killed[0] |= regs[FILTER1][n] & 3 == 1
                continue
            ch = []
            for c in range(4):
                if b:
                    ch.append(border[c] * bmul)
                elif sel[c] < 4:
                    v = comps[sel[c]] if sel[c] < len(comps) else 0
                    if gamma and c < 3 and sel[c] < len(comps) and not sgn >> sel[c] & 1:
                        v = srgb16(v >> 8)
                    ch.append(v)
                else:
                    ch.append(one_v if sel[c] == 5 else 0)
            vals.append(ch)
        rnd = 16384 if regs[FILTER1][n] >> 2 & 1 else 32768
        return [(sum(weights[k] * vals[k][c] for k in range(len(vals))) + rnd) >> 16 for c in range(4)], False

    v, isf = one(0)
    if isf:
        return tuple(v) + (err, 0), addrs
    if npass == 2:
        v1, _ = one(1)
        gg = g
        if volblend:
            gg = axis(r, level(surf0, w0, h0, lvl, bfmt, regs[FILTER1][n] >> 22 & 1, d0, cube)[3],
                      (f0 >> 6) & 7, True)[2]
        v = [blend(a, b, gg) for a, b in zip(v, v1)]
    return tuple((p2f if pow2 else to_float)(x) for x in v) + (err, int(killed[0])), addrs


def fbits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


# ---- stimulus files ------------------------------------------------------------------------

class Case:
    def __init__(self, name, title, backpressure='always', latency='1:1', per_req=8):
        self.name, self.title, self.bp, self.lat, self.per_req = name, title, backpressure, latency, per_req
        self.regs = {a: [0] * 16 for a in (FILTER0, FILTER1, FORMAT0, FORMAT1, FORMAT2, OFFSET, CHROMA, BORDER)}
        self.regs[TX_ENABLE] = 0
        self.regs[TX_FILTER4] = 0
        self.mem = {}
        self.lines = []
        self.t = 2               # a cycle by which everything offered so far is done
        self.wpend = []
        self.hold = False

    def w(self, addr, data):
        self.wpend.append((addr, data))

    def flush(self):
        """Offer the pending writes from cycle self.t; they are taken one per cycle (idle)."""
        for i, (addr, data) in enumerate(self.wpend):
            self.lines.append('in regw %s%04x %08x' % ('@%d ' % self.t if i == 0 else '', addr, data))
            self.write_reg(addr, data)
        self.t += len(self.wpend) + 1
        self.hold = self.hold or bool(self.wpend)   # the next request waits for the writes
        self.wpend = []

    def write_reg(self, addr, data):
        if addr in (TX_ENABLE, TX_FILTER4):
            self.regs[addr] = data
        elif 0x4400 <= addr < 0x4600 and addr % 4 == 0:
            self.regs[0x4400 + 0x40 * ((addr - 0x4400) // 0x40)][(addr >> 2) & 15] = data

    def preload(self, addr, words):
        for i, wd in enumerate(words):
            self.mem[addr + 4 * i] = wd & 0xFFFFFFFF

    def mem_lines(self):
        """The memory image as 'mem' lines of up to 8 consecutive dwords, in address order."""
        out, run = [], []
        for a in sorted(self.mem):
            if run and (a != run[0] + 4 * len(run[1]) or len(run[1]) == 8):
                out.append('mem %08x %s' % (run[0], ' '.join('%08x' % w for w in run[1])))
                run = []
            if not run:
                run = [a, []]
            run[1].append(self.mem[a])
        if run:
            out.append('mem %08x %s' % (run[0], ' '.join('%08x' % w for w in run[1])))
        return out

    def store_texels(self, n, texels, lvl=0, slc=0):
        """Write texel values (a dict (x, y) -> value) of level lvl of sampler n's texture into memory
        at the addresses of its surface (bytes merged into dwords)."""
        f0, f1, f2 = self.regs[FORMAT0][n], self.regs[FORMAT1][n], self.regs[FORMAT2][n]
        s = surface(self.regs[OFFSET][n], f0, f1, f2)
        w = ((f0 & 0x7FF) | ((f2 >> 15 & 1) << 11)) + 1
        h = (((f0 >> 11) & 0x7FF) | ((f2 >> 16 & 1) << 11)) + 1
        is3d, cube = (f1 >> 25) & 3 == 1, (f1 >> 25) & 3 == 2
        d = 1 << min((f0 >> 22) & 15, 12) if is3d else 6 if cube else 1
        s, _, _, _, sb = level(s, w, h, lvl, f1 & 31, self.regs[FILTER1][n] >> 22 & 1, d, cube)
        s = ((s[0] + slc * sb) & 0xFFFFFFFF,) + s[1:]
        nbytes = 1 << s[2]
        dw = {}
        for (x, y), v in texels.items():
            a = tile_addr(s, x, y)
            for b in range(nbytes):
                d = (a + b) & ~3
                dw[d] = (dw.get(d, self.mem.get(d, 0)) & ~(0xFF << 8 * ((a + b) & 3))) | \
                    (((v >> 8 * b) & 0xFF) << 8 * ((a + b) & 3))
        for d in sorted(dw):
            self.preload(d, [dw[d]])

    def sampler(self, n, fmt, w, h, base, filt=0, mode_s=0, mode_t=0, mag=1, minf=1, sel=None,
                macro=0, micro=0, pitch=None, border=0, mcr=0, msb=0, extra1=0, enable=True, levels=0,
                extra0=0, filter1=0):
        """Program sampler n: TX_FILTER0/1, TX_FORMAT0/1/2, TX_OFFSET, TX_BORDER_COLOR, TX_ENABLE.
        sel: the SEL_* bits of TX_FORMAT1 (sel_word()); by default R=C0 G=C1 B=C2 A=C3."""
        pen = pitch is not None
        self.w(FILTER0 + 4 * n, mode_s | mode_t << 3 | mag << 9 | minf << 11 | filt | extra0)
        self.w(FILTER1 + 4 * n, mcr << 2 | filter1)
        self.w(FORMAT0 + 4 * n, ((w - 1) & 0x7FF) | ((h - 1) & 0x7FF) << 11 | levels << 26 | pen << 31)
        self.w(FORMAT1 + 4 * n, fmt | (sel_word(*SEL_RGBA) if sel is None else sel) | extra1)
        self.w(FORMAT2 + 4 * n, ((pitch - 1) if pen else 0) | msb << 14 | ((w - 1) >> 11) << 15 |
               ((h - 1) >> 11) << 16)
        self.w(OFFSET + 4 * n, base | macro << 2 | micro << 3)
        self.w(BORDER + 4 * n, border)
        en = self.regs[TX_ENABLE]
        for a, d in self.wpend:
            if a == TX_ENABLE:
                en = d
        self.w(TX_ENABLE, (en | 1 << n) if enable else (en & ~(1 << n)))

    def req(self, n, s, t, lod=0, lmode=0, quad=0, regs=None, r=0, grad=0, d=(0, 0, 0, 0)):
        """A request; expected results from the registers written so far (or a snapshot)."""
        self.flush()
        at = '@%d ' % self.t if self.hold else ''
        self.hold = False
        res, addrs = sample(regs or self.regs, self.mem, n, s, t, lod, lmode, r, grad, d)
        self.lines.append('in req %s%x %08x %08x %08x %08x %x %x %x %08x %08x %08x %08x  # -> %s' %
                          (at, n, s, t, r, lod, lmode, quad, grad, d[0], d[1], d[2], d[3],
                           ' '.join('%08x' % v for v in res[:4]) + ' %x %x | ' % res[4:6] +
                           ' '.join('%08x' % a for a in addrs)))
        self.t += max(self.per_req, 5 + len(addrs))

    def snapshot(self):
        return {k: (list(v) if isinstance(v, list) else v) for k, v in self.regs.items()}

    def write(self, outdir):
        self.flush()
        head = ['# %s: %s' % (self.name, self.title),
                '# written by scripts/blocks/r5xx_tx_directed.py; the golden vector is ../%s.vec' % self.name,
                '# "# -> R G B A ERR KILL | ADDR..." after a request: what r5xx_tx_directed.py --check expects',
                'rcosim-vector 1', 'block r5xx.tx', 'seed 1', 'backpressure %s' % self.bp,
                'mem-latency %s' % self.lat, 'channel in regw addr:16 data:32',
                'channel in req smp:4 s:32 t:32 r:32 lod:32 lmode:2 quad:2 grad:1 dsdx:32 dtdx:32 dsdy:32 '
                'dtdy:32']
        with open(os.path.join(outdir, self.name + '.stim'), 'w') as fh:
            fh.write('\n'.join(head + self.mem_lines() + self.lines + ['end']) + '\n')


def sel_word(r, g, b, a):
    """TX_FORMAT1 SEL_ALPHA [11:9], SEL_RED [14:12], SEL_GREEN [17:15], SEL_BLUE [20:18]."""
    return a << 9 | r << 12 | g << 15 | b << 18


SEL_RGBA = (0, 1, 2, 3)


def lcg(seed):
    x = seed
    while True:
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        yield x >> 3


def centre(i, size):
    return fbits((i + 0.5) / size)


def cases():
    out = []
    base = 0x00100000
    rng = lcg(7)

    c = Case('formats', 'every fixed format (TXFORMAT 0-14, D5) point-sampled at texel centres of an 8x4 '
             'linear texture, components R=C0 G=C1 B=C2 A=C3; the codes not decoded (18, 19, 22, 23, 30, 31, MSB) '
             'answer FORMAT with zeros and read nothing; 14, 20, 24, 27, 29 on unwritten memory')
    for fmt in range(14):
        c.sampler(0, fmt, 8, 4, base + 0x1000 * fmt, mag=1)
        c.flush()
        bpp = TX_BPP[0][fmt]
        vals = {(x, y): next(rng) & ((1 << (8 << bpp)) - 1) for x in range(8) for y in range(4)}
        vals[(0, 0)] = (1 << (8 << bpp)) - 1                 # all ones: every component 1.0
        vals[(1, 0)] = 0
        c.store_texels(0, vals)
        for x, y in [(0, 0), (1, 0), (2, 1), (7, 3), (5, 2)]:
            c.req(0, centre(x, 8), centre(y, 4))
    for fmt, msb in [(14, 0), (18, 0), (19, 0), (20, 0), (22, 0), (23, 0), (24, 0), (27, 0), (29, 0), (30, 0),
                     (31, 0), (2, 1), (3, 1), (0, 1)]:
        c.sampler(1, fmt, 8, 4, base, msb=msb)
        c.req(1, centre(1, 8), centre(1, 4))
    c.sampler(1, 14, 4, 4, base + 0x20000)
    c.flush()
    c.store_texels(1, {(x, y): (next(rng) << 33 | next(rng)) & (1 << 64) - 1 for x in range(4) for y in range(4)})
    for x, y in [(0, 0), (3, 1), (2, 3)]:
        c.req(1, centre(x, 4), centre(y, 4))
    out.append(c)

    c = Case('swizzle', 'SEL_RED/GREEN/BLUE/ALPHA 0-7 (000:11819-11858): components 0-3, 4 = 0, 5 = 1, 6 and 7 '
             '= 0; a component the format lacks reads 0; X8 with every select 0 replicates the texel')
    c.sampler(2, 12, 4, 4, base)
    c.flush()
    c.store_texels(2, {(x, y): 0x11223344 + 0x01010101 * (x + 4 * y) for x in range(4) for y in range(4)})
    for k in range(8):
        for rot in range(4):
            sels = [(k + rot * q) % 8 for q in (0, 1, 3, 5)]
            c.sampler(2, 12, 4, 4, base, sel=sel_word(*sels))
            c.req(2, centre(1, 4), centre(2, 4))
    c.sampler(3, 0, 4, 4, base + 0x800, sel=sel_word(0, 0, 0, 0))
    c.flush()
    c.store_texels(3, {(x, y): 16 * x + y + 3 for x in range(4) for y in range(4)})
    c.req(3, centre(3, 4), centre(1, 4))
    c.sampler(3, 3, 4, 4, base + 0x800, sel=sel_word(0, 1, 2, 3))
    c.req(3, centre(2, 4), centre(0, 4))
    c.sampler(3, 6, 4, 4, base + 0x800, sel=sel_word(0, 1, 2, 5))
    c.req(3, centre(1, 4), centre(0, 4))
    out.append(c)

    modes = range(8)
    coords = [-2.75, -1.0, -0.6, -0.1, 0.0, 0.05, 0.2, 0.5, 0.99, 1.0, 1.04, 1.3, 2.5, 7.77]
    for lin in (0, 1):
        name = 'wrap_bilinear' if lin else 'wrap_point'
        c = Case(name, 'the eight wrap modes (000:11516-11549, D4) on a 5x3 texture (non-power-of-two), %s, s '
                 'and t each through every mode, coordinates inside, on the edges and outside [0, 1], border '
                 'colour 0x80FF4020' % ('bilinear' if lin else 'point'))
        c.sampler(4, 12, 5, 3, base, mag=2 if lin else 1, border=0x80FF4020)
        c.flush()
        c.store_texels(4, {(x, y): 0x10203040 * (x + 1) + 0x0101 * y for x in range(5) for y in range(3)})
        for ms in modes:
            mt = (ms + 3) % 8
            c.sampler(4, 12, 5, 3, base, mag=2 if lin else 1, mode_s=ms, mode_t=mt, border=0x80FF4020)
            for k, s in enumerate(coords):
                c.req(4, fbits(s), fbits(coords[(k * 5 + 3) % len(coords)]))
        out.append(c)

    c = Case('bilinear', 'bilinear weights in 1/256 texel (D6): fractions 0, 1/256, 1/2, 255/256 and others on '
             'a 4x4 texture, MC_ROUND +0.5 and +0.25 (000:11607), 16-bit components (Y16X16), the clamp-to-last '
             'edges; point against bilinear at texel centres')
    vals = {(x, y): next(rng) for x in range(4) for y in range(4)}
    for fmt in (12, 4, 6):
        for mcr in (0, 1):
            c.sampler(5, fmt, 4, 4, base + 0x2000 * fmt, mag=2, mode_s=2, mode_t=2, mcr=mcr)
            c.flush()
            c.store_texels(5, {k: v & ((1 << (8 << TX_BPP[0][fmt])) - 1) for k, v in vals.items()})
            for fx, fy in [(0, 0), (1, 0), (0, 1), (128, 128), (255, 255), (64, 192), (37, 201), (200, 3)]:
                for x, y in [(1, 1), (0, 2), (3, 3)]:
                    c.req(5, fbits((x + 0.5 + fx / 256) / 4), fbits((y + 0.5 + fy / 256) / 4))
    out.append(c)

    c = Case('tiling', 'one 16x16 texture stored linear, micro-tiled and macro-tiled (and square micro-tiles '
             'for 16 bpp) at 8, 16 and 32 bpp, point-sampled at every texel centre: the same texel values '
             'at every layout (r5xx.tile\'s address function, docs/blocks/r5xx.tile.md)', per_req=6)
    layouts = [(0, 0), (0, 1), (1, 0), (1, 1)]
    for fmt, extra in [(0, []), (6, [(0, 2), (1, 2)]), (12, [])]:
        vals = {(x, y): next(rng) & ((1 << (8 << TX_BPP[0][fmt])) - 1) for x in range(16) for y in range(16)}
        for li, (macro, micro) in enumerate(layouts + extra):
            b = base + 0x40000 + 0x10000 * li + 0x80000 * (fmt != 0) + 0x100000 * (fmt == 12)
            c.sampler(6, fmt, 16, 16, b, macro=macro, micro=micro, pitch=64 if macro else None)
            c.flush()
            c.store_texels(6, vals)
            for y in range(16):
                for x in range(16):
                    c.req(6, centre(x, 16), centre(y, 16))
    out.append(c)

    c = Case('xv_bicubic', 'texel coordinates above 1000 divided by the size under WRAP (the Xv bicubic lookup, '
             'r5xx-shaders.md section 4.2): a 128x1 table, point and bilinear; the fraction survives the large '
             'integer part (D2)')
    c.sampler(7, 12, 128, 1, base, mag=1)
    c.flush()
    c.store_texels(7, {(x, 0): 0x01000000 * x + 0x00FF00FF - 0x00010001 * x for x in range(128)})
    for lin in (0, 1):
        c.sampler(7, 12, 128, 1, base, mag=2 if lin else 1, mode_t=2)
        for tx in [1000.5, 1023.25, 1024.0, 1151.75, 4096.5, 65536.125, 262143.5, -1000.5, -0.25, 127.5]:
            c.req(7, fbits(tx / 128), fbits(0.5))
    out.append(c)

    c = Case('specials', 'NaN, infinities, zeros of both signs, denormals, the largest finite values and '
             'coordinates beyond 2^24 under every wrap mode (D3), point and bilinear')
    c.sampler(8, 12, 6, 5, base, border=0xFF00FF00)
    c.flush()
    c.store_texels(8, {(x, y): 0x01020304 * (x + 6 * y + 1) for x in range(6) for y in range(5)})
    specials = [0x7FC00000, 0xFFC00001, 0x7F800000, 0xFF800000, 0x00000000, 0x80000000, 0x00000001, 0x807FFFFF,
                0x7F7FFFFF, 0xFF7FFFFF, 0x4B800001, 0xCB800001, 0x3F800000, 0xBF800000]
    for lin in (0, 1):
        for mode in modes:
            c.sampler(8, 12, 6, 5, base, mag=2 if lin else 1, mode_s=mode, mode_t=mode, border=0xFF00FF00)
            for k, s in enumerate(specials):
                c.req(8, s, specials[(k + 4) % len(specials)])
    out.append(c)

    c = Case('flags', 'TX_ENABLE off: ARGB = 1,0,0,0 and no read (000:11418); TEX_COORD_TYPE 3D/cube, Filter4 '
             '(point) and the reserved filter 3 (bilinear) flagged NOTBUILT; micro-tile 3 and an unaligned macro '
             'base flagged TILE; writes the block ignores')
    c.sampler(9, 12, 4, 4, base + 0x40)
    c.flush()
    c.store_texels(9, {(x, y): 0x80402010 + x + 4 * y for x in range(4) for y in range(4)})
    c.req(9, centre(1, 4), centre(1, 4))
    c.w(TX_ENABLE, 0xFFFF0000)
    c.req(9, centre(1, 4), centre(1, 4))
    c.w(TX_ENABLE, 0x00000200)
    c.req(9, centre(2, 4), centre(1, 4))
    for ctype in (1, 2, 3):
        c.sampler(9, 12, 4, 4, base + 0x40, extra1=ctype << 25, sel=sel_word(0, 1, 2, 3))
        c.req(9, centre(2, 4), centre(3, 4))
    for mag in (0, 3):
        c.sampler(9, 12, 4, 4, base + 0x40, mag=mag)
        c.req(9, fbits(0.3), fbits(0.6))
    c.sampler(9, 12, 4, 4, base + 0x40, micro=3)
    c.req(9, centre(2, 4), centre(3, 4))
    c.sampler(9, 12, 4, 4, base + 0x40, macro=1)
    c.req(9, centre(2, 4), centre(3, 4))
    c.sampler(9, 12, 4, 4, base + 0x40, enable=False, extra1=1 << 25, sel=0)
    c.req(9, centre(2, 4), centre(3, 4))
    for a in (0x4100, 0x4108, 0x43FC, 0x4600, 0x4401, 0x4402, 0x4E28, 0x0000, TX_FILTER4, CHROMA + 36):
        c.w(a, 0xFFFFFFFF)
    c.req(9, centre(2, 4), centre(3, 4))
    c.sampler(9, 12, 4, 4, base + 0x40)
    c.req(9, centre(0, 4), centre(0, 4))
    out.append(c)

    c = Case('signed_gamma', 'every 8-bit code point through unsigned, SIGNED_COMP (D11: -128 and -127 both -1.0) '
             'and GAMMA (D10, the sRGB table; alpha and signed components not decoded), each swizzled to R, G, B '
             'and A; signed 2-, 5-, 6-, 10- and 16-bit components; bilinear across the sign', per_req=9)
    c.sampler(12, 12, 64, 4, base)
    c.flush()
    c.store_texels(12, {(x, y): (4 * (x + 64 * y)) * 0x01010101 + 0x03020100 for x in range(64) for y in range(4)})
    for sgn, gam in [(0, 0), (15, 0), (0, 1), (5, 1)]:
        c.sampler(12, 12, 64, 4, base, extra1=sgn << 5 | gam << 21, sel=sel_word(0, 1, 2, 3))
        for y in range(4):
            for x in range(64):
                c.req(12, centre(x, 64), centre(y, 4))
    for fmt, sgn in [(13, 15), (6, 7), (7, 2), (11, 8), (5, 7), (1, 1), (14, 15), (4, 3)]:
        vals = {(x, y): (next(rng) << 31 | next(rng)) & ((1 << (8 << TX_BPP[0][fmt])) - 1)
                for x in range(4) for y in range(4)}
        vals[(0, 0)] = 0
        vals[(1, 0)] = (1 << (8 << TX_BPP[0][fmt])) - 1
        b = base + 0x10000 + 0x1000 * fmt
        c.sampler(13, fmt, 4, 4, b, extra1=sgn << 5, mag=2, mode_s=2, mode_t=2, sel=sel_word(0, 1, 2, 3))
        c.flush()
        c.store_texels(13, vals)
        for x, y in [(0, 0), (1, 0), (2, 1), (3, 3)]:
            c.req(13, centre(x, 4), centre(y, 4))
        c.req(13, fbits(0.3), fbits(0.6))
    out.append(c)

    c = Case('yuv', 'VYUY422 (Y0 U Y1 V) and YVYU422 (U Y0 V Y1): C0 = Cr, C1 = Y, C2 = Cb with YUV_TO_RGB off, '
             'BT.601 R, G, B with 1 (clamped) and 2 (not clamped), SWAP_YUV; even and odd texels, point and '
             'bilinear (D13)')
    words = [0x80108010, 0x80EB80EB, 0xF0286D51, 0x1070B091, 0x22364A5E, 0xFF00FF00, 0x00FF00FF, 0x7F817F81]
    for fmt in (20, 21):
        for conv in (0, 1, 2, 3):
            for swap in (0, 1):
                for lin in (0, 1):
                    c.sampler(14, fmt, 16, 2, base + 0x100 * fmt, mag=2 if lin else 1,
                              extra1=conv << 22 | swap << 24, sel=sel_word(0, 1, 2, 5))
                    c.flush()
                    c.store_texels(14, {(x, y): (words[(x // 2 + 3 * y) % 8] >> (16 * (x % 2))) & 0xFFFF
                                        for x in range(16) for y in range(2)})
                    for x in (0, 1, 6, 11):
                        c.req(14, centre(x, 16) if not lin else fbits((x + 0.8) / 16), centre(x % 2, 2))
    out.append(c)

    c = Case('dxt', 'DXT1 (4-colour and 3-colour + transparent blocks), DXT3 (explicit alpha) and DXT5 '
             '(8- and 6-alpha blocks) on a 12x8 texture of 4x4 blocks, every texel of some blocks, point and '
             'bilinear across blocks, GAMMA, the TILE flag for tiling bits (D14)', per_req=10)
    blocks = [[0xF800001F, 0xE4E4E4E4], [0x001FF800, 0x1B1B1B1B], [0x07E0FFFF, 0x55AA00FF],
              [0x12345678, 0x9ABCDEF0], [0xFFFF0000, 0xFFFFFFFF], [0x00000000, 0x76543210]]
    alphas = [[0x76543210, 0xFEDCBA98], [0x00FF4080, 0x92492449], [0x80400000, 0xFAC688FA], [0xFFFFFFFF, 0x01234567]]
    for fmt in (15, 16, 17):
        nbytes = 8 if fmt == 15 else 16
        b = base + 0x1000 * (fmt - 14)
        words = []
        for k in range(6):                                # 3 x 2 blocks
            if fmt != 15:
                words += alphas[(k + fmt) % 4]
            words += blocks[(k + fmt) % 6]
        c.preload(b, words)
        for lin, gam, tile in [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]:
            c.sampler(7, fmt, 12, 8, b, mag=2 if lin else 1, mode_s=2, mode_t=0, extra1=gam << 21,
                      micro=tile, sel=sel_word(2, 1, 0, 3))
            pts = [(x, y) for y in range(8) for x in range(12)] if not (lin or gam or tile) else \
                [(1, 1), (3, 2), (4, 5), (7, 7), (11, 0)]
            for x, y in pts:
                c.req(7, fbits((x + 0.5 + 0.3 * lin) / 12), fbits((y + 0.5 - 0.4 * lin) / 8))
        assert nbytes in (8, 16)
    out.append(c)

    c = Case('float', 'FP16 and FP32 formats (TXFORMAT 24-29, D12) point-sampled even when the filter is bilinear '
             '(001:215): 16f, 16f_16f, 16f x4, 32f, 32f_32f, 32f x4 with swizzles, the border colour, FP16 '
             'denormals, infinities and NaNs')
    fvals = [0x0000, 0x8000, 0x0001, 0x03FF, 0x0400, 0x3C00, 0xBC00, 0x7BFF, 0x7C00, 0xFC00, 0x7C01, 0xFE00,
             0x3555, 0x8001, 0x4248, 0x5BF8]
    for fmt in range(24, 30):
        dpt = DWORDS.get(fmt, 1)
        rand = [next(rng) for _ in range(64)]
        for lin in (0, 1):
            c.sampler(15, fmt, 4, 4, base + 0x1000 * fmt, mag=2 if lin else 1, mode_s=6, mode_t=6,
                      border=0x80FF0040, sel=sel_word(0, 1, 2, 3) if lin else sel_word(3, 2, 5, 0))
            c.flush()
            nb = 8 << TX_BPP[0][fmt]
            if fmt < 27:
                vals = {(x, y): sum(fvals[(4 * (x + 4 * y) + j) % 16] << 16 * j for j in range(nb // 16))
                        for x in range(4) for y in range(4)}
            else:
                vals = {(x, y): sum((rand[4 * (x + 4 * y) + j] << 1 | x) << 32 * j for j in range(nb // 32))
                        for x in range(4) for y in range(4)}
            c.store_texels(15, vals)
            for x, y in [(0, 0), (1, 0), (2, 1), (3, 3), (1, 2)]:
                c.req(15, centre(x, 4), centre(y, 4))
            c.req(15, fbits(-0.5), fbits(0.5))
        assert dpt in (1, 2, 4)
    out.append(c)

    c = Case('mips', 'mip levels (D15) with explicit LOD and bias (D8): nearest level of lambda = lod + '
             'LOD_BIAS between MAX_MIP_LEVEL (the finest) and NUM_LEVELS (the coarsest); levels back to back, '
             'macro-tiled while a macro-tile wide (MACRO_SWITCH 0 and 1), DXT1 levels; MIP_FILTER linear '
             'flagged NOTBUILT (nearest level)', per_req=10)
    lods = [0.0, 0.4, 0.5, 0.51, 1.0, 1.49, 1.5, 1.6, 2.2, 3.7, 5.0, 9.0, -1.0]
    for k, (fmt, w, h, macro, micro, msw, nl, first, mipf, bias) in enumerate([
            (12, 64, 32, 1, 1, 0, 6, 0, 1, 0), (12, 64, 32, 1, 1, 1, 6, 0, 1, 0), (0, 40, 24, 0, 1, 0, 5, 1, 1, 0),
            (6, 128, 16, 1, 2, 0, 7, 0, 1, 0x3F0), (15, 32, 16, 0, 0, 0, 5, 0, 1, 0), (12, 16, 16, 0, 0, 0, 4, 2, 2, 32),
            (12, 16, 16, 0, 0, 0, 4, 0, 0, 0)]):
        b = base + 0x20000 * k
        c.sampler(9, fmt, w, h, b, macro=macro, micro=micro, levels=nl, mag=1, minf=1,
                  extra0=mipf << 13 | first << 17, filter1=msw << 22 | bias << 3)
        c.flush()
        for lvl in range(nl + 1):
            wl, hl = max(1, w >> lvl), max(1, h >> lvl)
            if fmt == 15:
                s0 = surface(b, 0, 15, 0)
                lb = level((b, w, 0, 0, 0, False), w, h, lvl, 15, 0)[0][0]
                c.preload(lb, [(0x0841 * (lvl + 1)) | (0xF800 >> lvl) << 16 if j % 2 == 0 else 0x55555555 * (lvl % 3)
                               for j in range(2 * max(1, -(-wl // 4)) * max(1, -(-hl // 4)))])
                assert s0
            else:
                c.store_texels(9, {(x, y): (0x01010101 * (16 * lvl + 1) + x + 256 * y) &
                                   ((1 << (8 << TX_BPP[0][fmt])) - 1) for x in range(wl) for y in range(hl)}, lvl)
        for lv in lods:
            for lmode in (1, 2):
                c.req(9, fbits(0.37), fbits(0.61), lod=fbits(lv), lmode=lmode)
    out.append(c)

    c = Case('volume', '3D textures (TEX_COORD_TYPE 1, D16): TXDEPTH slices back to back in each level, the '
             'nearest slice of r under CLAMP_R (wrap, clamp, border), point and bilinear in s and t, mip levels '
             'with their own slice counts; VOL_FILTER linear (and 0 with bilinear) flagged NOTBUILT', per_req=10)
    for k, (fmt, w, h, dlog, nl, macro, micro) in enumerate([(12, 8, 4, 2, 0, 0, 1), (0, 16, 8, 3, 2, 0, 0),
                                                            (6, 64, 32, 1, 1, 1, 2)]):
        b = base + 0x40000 * k
        c.sampler(10, fmt, w, h, b, levels=nl, macro=macro, micro=micro, extra1=1 << 25)
        c.w(FORMAT0 + 40, ((w - 1) & 0x7FF) | ((h - 1) & 0x7FF) << 11 | nl << 26 | dlog << 22)
        c.flush()
        for lvl in range(nl + 1):
            for slc in range(max(1, (1 << dlog) >> lvl)):
                wl, hl = max(1, w >> lvl), max(1, h >> lvl)
                c.store_texels(10, {(x, y): (0x01010101 * (16 * lvl + slc + 1) + x + 256 * y + 65536 * slc) &
                                    ((1 << (8 << TX_BPP[0][fmt])) - 1) for x in range(wl) for y in range(hl)},
                               lvl, slc)
        for rmode in (0, 2, 6):
            for lin, volf, mip in [(0, 1, 0), (1, 1, 0), (1, 0, 0), (0, 2, 0), (0, 1, 1)]:
                c.w(FILTER0 + 40, rmode << 6 | 2 | 2 << 3 | (2 if lin else 1) << 9 | (2 if lin else 1) << 11 |
                    volf << 15 | mip << 13)
                for rv in (0.1, 0.3, 0.55, 0.99, 1.2, -0.3, 2.7):
                    c.req(10, fbits(0.4), fbits(0.7), r=fbits(rv), lod=fbits(1.0 * mip), lmode=mip)
    out.append(c)

    c = Case('lod', 'MIN_FILTER (bilinear) when lmode is 1 or 2 and lod > 0, else MAG_FILTER (point) (D8)')
    c.sampler(10, 12, 8, 8, base, mag=1, minf=2)
    c.flush()
    c.store_texels(10, {(x, y): next(rng) for x in range(8) for y in range(8)})
    for lmode in range(4):
        for lod in (0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x00000001, 0x7F800000, 0xFF800000, 0x7FC00000,
                    0x00800000, 0x3E000000):
            c.req(10, fbits(0.3), fbits(0.7), lod=lod, lmode=lmode, quad=lmode)
    out.append(c)

    for name, bp, lat, per in [('throughput', 'always', '1:1', 8), ('backpressure', 'random:0.5', '1:12', 40)]:
        c = Case(name, '40 point then 40 bilinear requests back to back, 16 samplers, %s back-pressure, memory '
                 'latency %s: L + 4 cycles per point sample, L + 7 per bilinear sample, 3 per disabled sampler'
                 % (bp, lat), backpressure=bp, latency=lat, per_req=per)
        for n in range(16):
            c.sampler(n, 12, 8, 8, base + 0x400 * n, mag=1 + n % 2, mode_s=n % 8, mode_t=(n + 1) % 8,
                      enable=n != 15)
        c.flush()
        for n in range(16):
            c.store_texels(n, {(x, y): next(rng) for x in range(8) for y in range(8)})
        for k in range(80):
            n = 2 * (k % 8) + (k >= 40)
            if k == 60:
                n = 15
            c.req(n, fbits((k * 0.137) % 1.5 - 0.2), fbits((k * 0.311) % 1.2), quad=k % 4)
        out.append(c)

    c = Case('regw_wait', 'a register write offered while a request is in flight waits until the block is idle, '
             'then goes before the next request (D9): request #0 sees the old sampler, #1-#3 the new one')
    c.sampler(11, 12, 4, 4, base)
    c.flush()
    c.store_texels(11, {(x, y): 0x01010101 * (x + 4 * y) for x in range(4) for y in range(4)})
    old = c.snapshot()
    t0 = c.t
    c.lines.append('in regw @%d %04x %08x' % (t0 + 2, FORMAT1 + 44, 12 | sel_word(5, 4, 0, 1)))
    new = c.snapshot()
    new[FORMAT1][11] = 12 | sel_word(5, 4, 0, 1)
    for k in range(4):
        res, addrs = sample(old if k < 1 else new, c.mem, 11, centre(k, 4), centre(k, 4))
        c.lines.append('in req %s%x %08x %08x 00000000 00000000 0 0 0 00000000 00000000 00000000 00000000  # -> %s' %
                       ('@%d ' % t0 if k == 0 else '', 11, centre(k, 4), centre(k, 4),
                        ' '.join('%08x' % v for v in res[:4]) + ' %x %x | ' % res[4:6] +
                        ' '.join('%08x' % a for a in addrs)))
    c.write_reg(FORMAT1 + 44, 12 | sel_word(5, 4, 0, 1))
    c.t += 64
    out.append(c)
    out += later_cases()
    return out


def later_cases():
    """The cases of the features built after the first vectors (a random source of their own, so
    that the earlier stimulus files stay as they were)."""
    out = []
    base = 0x00200000
    rng = lcg(23)

    c = Case('cube', 'cube maps (TEX_COORD_TYPE 2, D17): the face of the major axis (ties to s, then t), '
             'sc/|ma| and tc/|ma| exactly, six faces back to back in each level (001:943-988), point and '
             'bilinear, clamp, wrap and border modes, zeros, NaN, infinities, huge and tiny directions, '
             'trilinear across two levels of a face', per_req=14)
    for k, (fmt, sz, nl, micro) in enumerate([(12, 8, 1, 0), (6, 4, 0, 2), (0, 16, 2, 1)]):
        b = base + 0x20000 * k
        c.sampler(12, fmt, sz, sz, b, levels=nl, micro=micro, extra1=2 << 25, border=0x40302010)
        c.flush()
        for lvl in range(nl + 1):
            for face in range(6):
                sl = max(1, sz >> lvl)
                c.store_texels(12, {(x, y): (0x01010101 * (0x20 * face + 8 * lvl + 1) + 3 * x + 0x300 * y +
                                             (next(rng) & 0x01010000)) & ((1 << (8 << TX_BPP[0][fmt])) - 1)
                                    for x in range(sl) for y in range(sl)}, lvl, face)
        dirs = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1),
                (1, 0.3, -0.2), (-2, 0.5, 1.99), (0.25, -4, 0.125), (0.7, 0.7, 0.1), (-0.7, 0.7, 0.7),
                (0.5, -0.5, -0.5), (-0.1, 0.05, -0.3), (3.0, -2.9999, 3.0), (1e-30, 1e-31, -1e-32),
                (1e30, -7e29, 2e29), (0.9, -0.95, 0.2), (-1, 1, -0.999), (0.2, 0.1, 0.01)]
        specials = [(0, 0, 0), (0x80000000, 0, 0), (0x7FC00000, 0x3F000000, 0xBE800000),
                    (0x7F800000, 0x3F800000, 0), (0xFF800000, 0x7F800000, 0x3F000000),
                    (0x00000001, 0x80000001, 0x00400000), (0x3F800000, 0x7FC00000, 0x7FC00000)]
        for ms, mt, lin in [(2, 2, 0), (2, 2, 1), (0, 1, 1), (6, 6, 1), (4, 5, 1)]:
            c.sampler(12, fmt, sz, sz, b, levels=nl, micro=micro, extra1=2 << 25, border=0x40302010,
                      mode_s=ms, mode_t=mt, mag=2 if lin else 1, minf=2 if lin else 1)
            for d in dirs:
                c.req(12, fbits(d[0]), fbits(d[1]), r=fbits(d[2]))
            for d in specials:
                c.req(12, d[0], d[1], r=d[2])
        if nl:
            c.sampler(12, fmt, sz, sz, b, levels=nl, micro=micro, extra1=2 << 25, mode_s=2, mode_t=2,
                      mag=2, minf=2, extra0=2 << 13)
            for lod in (0.0, 0.5, 1.25, 2.5):
                for d in dirs[:8]:
                    c.req(12, fbits(d[0]), fbits(d[1]), r=fbits(d[2]), lod=fbits(lod), lmode=1)
    out.append(c)

    c = Case('trilinear', 'MIP_FILTER 2 (D18): levels floor(lambda) and the next, blended with the weight '
             'lambda mod 1 in 1/256, two passes of reads; the coarsest level alone at or beyond NUM_LEVELS; '
             'MAX_MIP_LEVEL; LOD_BIAS; point and bilinear MIN filters; magnification takes one level; '
             'MIP_FILTER 3 flagged and sampled as 2; a float format takes the nearest level', per_req=24)
    for fmt, sz, nl in [(12, 16, 4), (4, 8, 3)]:
        b = base + 0x80000 + (0x10000 if fmt == 4 else 0)
        c.sampler(13, fmt, sz, sz, b, levels=nl, mag=1, minf=2, extra0=2 << 13)
        c.flush()
        for lvl in range(nl + 1):
            sl = max(1, sz >> lvl)
            c.store_texels(13, {(x, y): next(rng) & ((1 << (8 << TX_BPP[0][fmt])) - 1)
                                for x in range(sl) for y in range(sl)}, lvl)
        for minf, mipf, maxl, bias in [(2, 2, 0, 0), (1, 2, 0, 0), (2, 2, 1, 0), (2, 3, 0, 0), (2, 2, 0, 0x3F0),
                                       (2, 2, 0, 0x11)]:
            c.sampler(13, fmt, sz, sz, b, levels=nl, mag=1, minf=minf, extra0=mipf << 13 | maxl << 17,
                      filter1=bias << 3, mode_s=k_mode(minf), mode_t=0)
            for lod in (-0.5, 0.0, 0.00390625, 0.25, 0.5, 1.0, 1.5, 1.99609375, 2.75, 3.5, 4.0, 7.0):
                for s, t in [(0.3, 0.7), (0.51, 0.02), (0.97, 0.49)]:
                    c.req(13, fbits(s), fbits(t), lod=fbits(lod), lmode=1 if lod != 0.25 else 2)
    c.sampler(14, 27, 8, 8, base + 0xA0000, levels=3, mag=2, minf=2, extra0=2 << 13)
    c.flush()
    for lvl in range(4):
        sl = max(1, 8 >> lvl)
        c.store_texels(14, {(x, y): fbits(lvl + x / 8 + y / 64) for x in range(sl) for y in range(sl)}, lvl)
    for lod in (0.4, 0.6, 1.5, 2.49, 2.51, 9.0):
        c.req(14, fbits(0.3), fbits(0.6), lod=fbits(lod), lmode=1)
    out.append(c)

    c = Case('keys', 'TX_OFFSET.ENDIAN_SWAP 0-3 on 8, 16, 32 and 64-bit texels and FP16 (D19); POW2FIX2FLT on X8, '
             'Y8X8 and W8Z8Y8X8, unsigned and signed, with the border colour, constant 1, GAMMA (ignored), '
             'bilinear and ignored on other formats (D20); CHROMA_KEY_MODE 0-3 with TX_CHROMA_KEY matching some '
             'texels of 8, 16 and 32-bit formats, point and bilinear, border texels never keyed (D21)', per_req=12)
    b = base + 0xC0000
    for fmt in (0, 6, 12, 14, 25):
        b += 0x1000                                   # one image per texture: memory is preloaded once
        c.sampler(15, fmt, 4, 4, b)
        c.flush()
        c.store_texels(15, {(x, y): (0x0123456789ABCDEF * (x + 4 * y + 1)) & ((1 << (8 << TX_BPP[0][fmt])) - 1)
                            for x in range(4) for y in range(4)})
        for es in range(4):
            c.sampler(15, fmt, 4, 4, b | es, mag=2 if fmt != 25 else 1)
            for x, y in [(0, 0), (1, 2), (3, 3)]:
                c.req(15, centre(x, 4), centre(y, 4))
            c.req(15, fbits(0.4), fbits(0.6))
    for fmt in (0, 3, 12, 6, 20):
        b += 0x1000
        c.sampler(15, fmt, 4, 4, b)
        c.flush()
        c.store_texels(15, {(x, y): (0x80FF7F01 + 0x11335577 * (x + 4 * y)) & ((1 << (8 << TX_BPP[0][fmt])) - 1)
                            for x in range(4) for y in range(4)})
        for sgn, gam, lin, sel in [(0, 0, 0, None), (15, 0, 0, None), (0, 1, 1, None), (5, 0, 1, sel_word(0, 5, 4, 1)),
                                   (0, 0, 0, sel_word(5, 5, 0, 0))]:
            c.sampler(15, fmt, 4, 4, b, mag=2 if lin else 1, mode_s=6, mode_t=6, border=0xFF80017F,
                      extra1=sgn << 5 | gam << 21, sel=sel)
            c.w(FORMAT2 + 60, 1 << 17)
            for s_, t_ in [(centre(0, 4), centre(0, 4)), (centre(2, 4), centre(3, 4)), (fbits(0.3), fbits(0.55)),
                           (fbits(-0.2), fbits(0.5)), (fbits(1.1), fbits(1.1))]:
                c.req(15, s_, t_)
    for fmt, key in [(0, 0x35), (6, 0xCDEF), (12, 0x89ABCDEF), (12, 0x12345678), (14, 0x89ABCDEF), (20, 0)]:
        b += 0x1000
        c.sampler(15, fmt, 4, 4, b)
        c.flush()
        c.store_texels(15, {(x, y): ((0x0123456789ABCDEF if (x + y) % 3 == 0 else 0x5555555555555535 + x + 9 * y)
                                     & ((1 << (8 << TX_BPP[0][fmt])) - 1)) for x in range(4) for y in range(4)})
        for mode in range(4):
            for lin in (0, 1):
                c.sampler(15, fmt, 4, 4, b, mag=2 if lin else 1, filter1=mode, mode_s=6, border=0x80402010,
                          sel=sel_word(0, 1, 5, 5) if fmt == 0 else None)
                c.w(CHROMA + 60, key)
                for s_, t_ in [(centre(0, 4), centre(0, 4)), (centre(1, 4), centre(2, 4)), (centre(2, 4), centre(2, 4)),
                               (fbits(0.25), fbits(0.25)), (fbits(-0.1), fbits(0.1)), (fbits(0.45), fbits(0.8))]:
                    c.req(15, s_, t_)
    out.append(c)

    c = Case('ati', 'ATI1N (TXFORMAT 5 with TXFORMAT_MSB, one 8-byte block) and ATI2N (31, two blocks: C0, C1) '
             '(D22): 8-end and 6-end blocks, every texel of some blocks of a 12x8 texture, point and bilinear '
             'across blocks, swizzles, GAMMA, signed RGTC (SIGNED_COMP0/1: every texel, bilinear, with GAMMA), '
             'the TILE flag, ENDIAN_SWAP', per_req=12)
    alphas = [[0x76543210, 0xFEDCBA98], [0x00FF4080, 0x92492449], [0x80400000, 0xFAC688FA], [0xFFFFFFFF, 0x01234567],
              [0x0000A05F, 0x6DB6DB6D], [0xC8C8C8C8, 0x11111111]]
    for two in (0, 1):
        b = base + 0xE0000 + 0x2000 * two
        words = []
        for k in range(6):                                # 3 x 2 blocks
            words += alphas[(k + 2 * two) % 6]
            if two:
                words += alphas[(k + 3) % 6]
        c.preload(b, words)
        fmt, msb = (31, 0) if two else (5, 1)
        for lin, gam, tile, sgn, es in [(0, 0, 0, 0, 0), (1, 0, 0, 0, 0), (0, 1, 0, 15, 0), (0, 0, 1, 0, 0),
                                        (1, 0, 0, 0, 2), (0, 0, 0, 1, 0), (0, 0, 0, 2, 0), (1, 0, 0, 3, 0)]:
            c.sampler(8, fmt, 12, 8, b | es, msb=msb, mag=2 if lin else 1, mode_s=2, mode_t=0,
                      extra1=gam << 21 | sgn << 5, micro=tile, sel=sel_word(0, 1, 5, 0) if two else sel_word(0, 0, 4, 5))
            pts = [(x, y) for y in range(8) for x in range(12)] if not (lin or gam or tile or es) else \
                [(1, 1), (3, 2), (4, 5), (7, 7), (11, 0)]
            if sgn == 2 and not two:
                continue                                  # ATI1N has no C1: SIGNED_COMP1 alone is unsigned
            for x, y in pts:
                c.req(8, fbits((x + 0.5 + 0.3 * lin) / 12), fbits((y + 0.5 - 0.4 * lin) / 8))
    out.append(c)

    c = Case('trilinear3d', 'trilinear on a 3D texture sampled at its nearest slice (D16, D18: TEX_COORD_TYPE 1, '
             'VOL_FILTER 1, MIP_FILTER 2 and 3, lambda > 0): pass 0 reads the nearest slice of level a, pass 1 '
             'the nearest slice of level a + 1 (its own slice count), under CLAMP_R wrap, clamp, border and '
             'mirror-once border; point and bilinear MIN filters; lambda at or beyond NUM_LEVELS takes one pass',
             per_req=24)
    b, n, w, h, dlog, nl = base + 0x100000, 6, 8, 8, 3, 3
    c.sampler(n, 12, w, h, b, levels=nl, extra1=1 << 25)
    c.w(FORMAT0 + 4 * n, ((w - 1) & 0x7FF) | ((h - 1) & 0x7FF) << 11 | nl << 26 | dlog << 22)
    c.flush()
    for lvl in range(nl + 1):
        for slc in range(max(1, (1 << dlog) >> lvl)):       # every texel says its level, slice, x and y
            c.store_texels(n, {(x, y): 0x10000000 * lvl + 0x00100000 * slc + 0x1111 * x + 0x0101 * y + 0x40
                               for x in range(max(1, w >> lvl)) for y in range(max(1, h >> lvl))}, lvl, slc)
    for mipf in (2, 3):
        for minf in (1, 2):
            for rmode in (0, 2, 6, 7):
                c.w(FILTER0 + 4 * n, rmode << 6 | 2 | 2 << 3 | 1 << 9 | minf << 11 | 1 << 15 | mipf << 13)
                for lod in (0.5, 1.25, 2.5, 3.5):
                    for rv in (fbits(0.1), 0x3EC23FFF, fbits(0.55), fbits(0.99), fbits(-0.3), 0x7FC00000):
                        c.req(n, fbits(0.4), fbits(0.7), r=rv, lod=fbits(lod), lmode=1)
    out.append(c)

    c = Case('grad', 'LOD from derivatives (D24): lambda = floor(256 sf_lg2(rho)) with rho the sf_max of |dsdx| W, '
             '|dtdx| H, |dsdy| W, |dtdy| H: magnification, one texel per pixel, minification by 2-64 and '
             'between, anisotropic ratios either way (the larger axis rules), signs, zero/Inf/NaN derivatives, '
             'lmode 1 (explicit: derivatives ignored) and 2 (derivatives + lod), MIN/MAG, nearest level and '
             'trilinear, MAX_MIP_LEVEL (finest) and NUM_LEVELS (coarsest) clamps, LOD_BIAS both ways, a '
             '4096-wide texture', per_req=16)
    b, n, w, h, nl = base + 0x140000, 11, 64, 32, 6
    c.sampler(n, 12, w, h, b, levels=nl, mag=1, minf=2, extra0=1 << 13)
    c.flush()
    for lvl in range(nl + 1):                               # every texel says its level, x and y
        c.store_texels(n, {(x, y): 0x10000000 * lvl + 0x0400 * x + 0x0001 * y + 0x40
                           for x in range(max(1, w >> lvl)) for y in range(max(1, h >> lvl))}, lvl)
    dd = []
    for k in (0.25, 0.5, 0.99, 1.0, 1.01, 1.5, 2.0, 3.0, 4.0, 7.9, 8.0, 16.0, 64.0, 1000.0):
        dd.append((k / w, 0.0, 0.0, k / h))                 # isotropic, texels per pixel step
    for ax, ay in [(4.0, 1.0), (1.0, 4.0), (0.5, 8.0), (16.0, 2.0)]:
        dd.append((ax / w, 0.0, 0.0, ay / h))               # anisotropic: the larger axis rules
        dd.append((0.0, ax / h, ay / w, 0.0))               # rotated by 90 degrees
    dd += [(-2.0 / w, 0.0, 0.0, -2.0 / h), (0.7 / w, -2.9 / h, 1.3 / w, 0.2 / h), (0.0, 0.0, 0.0, 0.0),
           (-0.0, -0.0, -0.0, -0.0)]
    dd = [tuple(fbits(v) for v in d) for d in dd]
    dd += [(0x7F800000, 0, 0, 0), (0xFF800000, 0, 0, 0), (0x7FC00000, fbits(2.0 / h), 0, 0),
           (0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000), (0x00000001, 0, 0, 0x00400000),
           (0x7F7FFFFF, 0, 0, 0)]
    for mipf, maxl, bias, minf in [(1, 0, 0, 2), (2, 0, 0, 2), (1, 2, 0, 2), (2, 1, 0, 1), (0, 0, 0, 2),
                                   (1, 0, 0x3E0, 2), (2, 0, 0x01F, 2), (1, 0, 0x1FF, 1), (1, 0, 0x200, 1)]:
        c.sampler(n, 12, w, h, b, levels=nl, mag=1, minf=minf, extra0=mipf << 13 | maxl << 17,
                  filter1=bias << 3)
        for d in dd:
            c.req(n, fbits(0.3), fbits(0.6), grad=1, d=d)
    c.sampler(n, 12, w, h, b, levels=nl, mag=1, minf=2, extra0=1 << 13)
    for lmode, lod in [(0, 3.0), (1, 0.0), (1, 2.5), (1, -1.0), (2, 1.0), (2, -1.0), (2, 2.75), (3, 5.0)]:
        for d in [(1.0 / w, 0.0, 0.0, 1.0 / h), (4.0 / w, 0.0, 0.0, 1.0 / h), (0.5 / w, 0.0, 0.0, 0.5 / h)]:
            c.req(n, fbits(0.3), fbits(0.6), lod=fbits(lod), lmode=lmode, grad=1,
                  d=tuple(fbits(v) for v in d))
            c.req(n, fbits(0.3), fbits(0.6), lod=fbits(lod), lmode=lmode, grad=0,
                  d=tuple(fbits(v) for v in d))                 # grad 0: the derivatives are ignored
    b2 = base + 0x180000                                     # 4096 x 2, levels to 12 (4096 x 1 ... 1 x 1)
    c.sampler(12, 12, 4096, 2, b2, levels=12, mag=1, minf=1, extra0=1 << 13)
    c.flush()
    for lvl in range(13):
        c.store_texels(12, {(x, y): 0x10000000 * lvl + x + 0x40 for x in (0, 1) for y in (0,)}, lvl)
    for k in (1.0, 2.0, 2.5, 4096.0, 5000.0):
        c.req(12, 0, 0, grad=1, d=(fbits(k / 4096), 0, 0, 0))
    out.append(c)

    c = Case('kill', 'chroma-key kill (D21: CHROMA_KEY_MODE 1): the response\'s kill bit when a texel the filter '
             'reads (T0 point, T0-T3 bilinear, also of zero weight; either pass of a trilinear sample) matches '
             'the key; keyed texels sampled as mode 2; border texels never match; mode 2 never kills; a '
             'disabled sampler and an undecoded format never kill', per_req=16)
    b, n = base + 0x1C0000, 7
    c.sampler(n, 0, 8, 8, b, levels=1, mag=1, minf=2, extra0=2 << 13, filter1=1)
    c.w(CHROMA + 4 * n, 0x5A)
    c.flush()
    c.store_texels(n, {(x, y): 0x5A if (x, y) in ((2, 2), (7, 7)) else 0x10 + x + 8 * y
                       for x in range(8) for y in range(8)}, 0)
    c.store_texels(n, {(x, y): 0x5A if (x, y) == (0, 3) else 0x80 + x + 4 * y for x in range(4) for y in range(4)}, 1)
    pts = [(2.5, 2.5), (2.9, 2.1), (3.4, 3.4), (3.6, 3.6), (1.6, 1.6), (0.5, 0.5), (7.5, 7.5), (0.5, 6.5),
           (1.2, 7.2), (5.0, 5.0)]
    for mode_s, mode_t, minf, mag, mipf, ckm, lod in [(0, 0, 1, 1, 0, 1, 0.0), (0, 0, 2, 2, 0, 1, 0.0),
                                                       (6, 6, 2, 2, 0, 1, 0.0), (0, 0, 2, 1, 2, 1, 0.5),
                                                       (0, 0, 1, 1, 2, 1, 0.25), (0, 0, 2, 2, 0, 2, 0.0),
                                                       (0, 0, 2, 2, 0, 3, 0.0), (0, 0, 2, 2, 0, 0, 0.0)]:
        c.sampler(n, 0, 8, 8, b, levels=1, mag=mag, minf=minf, extra0=mipf << 13, filter1=ckm, mode_s=mode_s,
                  mode_t=mode_t)
        for x, y in pts:
            c.req(n, fbits(x / 8), fbits(y / 8), lod=fbits(lod), lmode=1)
    c.sampler(n, 0, 8, 8, b, levels=1, filter1=1, enable=False)
    c.req(n, fbits(2.5 / 8), fbits(2.5 / 8))
    c.sampler(n, 22, 8, 8, b, levels=1, filter1=1)
    c.req(n, fbits(2.5 / 8), fbits(2.5 / 8))
    out.append(c)
    return out


def k_mode(minf):
    return 2 if minf == 2 else 0


def big_cases():
    """Cases too large to commit: tests/r5xx/tx/tx_test.py (case fp16_all) writes, runs and checks
    them in a temporary directory."""
    c = Case('fp16_all', 'every binary16 code point (D12): a 128x128 16f x4 texture holding 0x0000-0xFFFF, '
             'point-sampled at every texel centre', per_req=7)
    c.sampler(0, 26, 128, 128, 0x00400000, sel=sel_word(0, 1, 2, 3))
    c.flush()
    c.store_texels(0, {(x, y): sum((4 * (x + 128 * y) + j) << 16 * j for j in range(4))
                       for x in range(128) for y in range(128)})
    for y in range(128):
        for x in range(128):
            c.req(0, centre(x, 128), centre(y, 128))
    return [c]


def code_cases(wide):
    """Every code point through the RTL (tests/r5xx/tx/tx_test.py, cases codes_rtl and
    codes_rtl_wide): a texture per fixed format whose texel i holds code i mod 2^n in each
    component, unsigned and with every SIGNED_COMP bit, point-sampled at every texel centre.
    wide 0: the formats of at most 11-bit components (2, 5-11, 13; every 8-bit one is already in
    signed_gamma.vec); wide 1: the 16-bit ones (1, 4, 14), every RGB565 code as a DXT1 c0 and c1
    (c1 = 40503 c + 1 mod 2^16, texels 0 and 1 of block c) and every DXT5 alpha end pair (a0, a1)
    = (c & 255, c >> 8) (texels 0 and 1, 3-bit indices (k + c) mod 8)."""
    out = []
    fmts = [1, 4, 14] if wide else [2, 5, 6, 7, 8, 9, 10, 11, 13]
    c = Case('codes_wide' if wide else 'codes_fixed',
             'every code of every component of TXFORMAT %s, unsigned and signed%s (D5, D11%s)' %
             (', '.join(map(str, fmts)), '; every DXT1 RGB565 end code, every DXT5 alpha end pair' if wide else '',
              ', D14' if wide else ''), per_req=7)
    base = 0x00400000
    for fmt in fmts:
        widths = WIDTHS[fmt]
        n = 1 << max(widths)
        w = 256 if n == 65536 else 64
        h = -(-n // w)
        texels = {}
        for i in range(n):
            v, pos = 0, 0
            for nb in widths:
                v |= (i & ((1 << nb) - 1)) << pos
                pos += nb
            texels[(i % w, i // w)] = v
        for sgn in (0, 15):
            c.sampler(0, fmt, w, h, base, extra1=sgn << 5)
            c.flush()
            if sgn == 0:
                c.store_texels(0, texels)
            for i in range(n):
                c.req(0, centre(i % w, w), centre(i // w, h))
        base += 0x00100000 if n == 65536 else 0x10000    # (65,536 texels: at most 512 KB)
    if wide:
        w, h = 1024, 1024                                # 256 x 256 blocks of 4x4 texels
        for fmt in (15, 17):
            nbytes = 8 if fmt == 15 else 16
            words = []
            for code in range(65536):
                c1 = (40503 * code + 1) & 0xFFFF
                col = [code | c1 << 16, 0xE4E4E4E4]       # texel k: index k mod 4
                if fmt == 17:
                    j = sum(((k + code) & 7) << 3 * k for k in range(16))
                    ab = (code & 255) | (code >> 8) << 8 | j << 16
                    words += [ab & 0xFFFFFFFF, ab >> 32]
                words += col
            # 65,536 blocks: block `code` at (code mod 256, code / 256), D14's row-major order
            c.sampler(0, fmt, w, h, base, sel=sel_word(2, 1, 0, 3))
            c.flush()
            c.preload(base, words)
            for code in range(65536):
                bx, by = code % 256, code // 256
                for k in (0, 1):
                    c.req(0, centre(4 * bx + k, w), centre(4 * by, h))
            base += nbytes * 65536
    out.append(c)
    return out


# ---- the check -----------------------------------------------------------------------------

def check(vecdir):
    bad = n = 0
    for stim in sorted(glob.glob(os.path.join(vecdir, 'stim', '*.stim'))):
        name = os.path.basename(stim)[:-5]
        want, want_addr = [], []
        for line in open(stim):
            if line.startswith('in req') and '# ->' in line:
                res, addrs = line.split('# ->')[1].split('|')
                want.append(tuple(int(v, 16) for v in res.split()))
                want_addr += [int(a, 16) for a in addrs.split()]
        got, got_addr = [], []
        for line in open(os.path.join(vecdir, name + '.vec')):
            f = [v for v in line.split() if not v.startswith('@')]
            if line.startswith('out rsp '):
                got.append(tuple(int(v, 16) for v in f[4:10]))
            elif line.startswith('out memreq '):
                got_addr.append(int(f[2], 16))
        if len(got) != len(want) or len(got_addr) != len(want_addr):
            print('%s: %d responses and %d reads in the vector, %d and %d expected' %
                  (name, len(got), len(got_addr), len(want), len(want_addr)))
            bad += 1
            continue
        for i, (g, w) in enumerate(zip(got, want)):
            n += 1
            if g != w:
                bad += 1
                print('%s: response #%d: vector %s, reference %s' %
                      (name, i, ' '.join('%08x' % v for v in g), ' '.join('%08x' % v for v in w)))
        for i, (g, w) in enumerate(zip(got_addr, want_addr)):
            if g != w:
                bad += 1
                print('%s: read #%d: vector %08x, reference %08x' % (name, i, g, w))
    print('%s: %d responses checked, %d differ' % ('FAIL' if bad else 'PASS', n, bad))
    return 1 if bad else 0


def main(argv):
    return chk.main(argv, __doc__.split('\n\n')[-1] + '\n', check, cases,
                    {'--big': (1, write_big), '--codes': (1, lambda d: write_codes(d, 0)),
                     '--codes-wide': (1, lambda d: write_codes(d, 1))})


def write_codes(outdir, wide):
    os.makedirs(outdir, exist_ok=True)
    for c in code_cases(wide):
        c.write(outdir)
    return 0


def write_big(outdir):
    os.makedirs(outdir, exist_ok=True)
    for c in big_cases():
        c.write(outdir)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
