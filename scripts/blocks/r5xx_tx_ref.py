#!/usr/bin/env python3
"""r5xx_tx_ref.py: a second, independent reference of the R5xx texture unit, written from
docs/blocks/r5xx.tx.md alone (and the texts it cites: docs/blocks/r5xx.tile.md for the address
function, ../shared/spec/r5xx.md section 2.11 for bit positions the block doc does not list).
It never reads the C model, the RTL or r5xx_tx_directed.py.

API:
  parse_vector(text) -> Vector        the docs/vectors.md format (inputs, mem image, expected)
  replay(vec) -> list of Result       every request: sampler, coords, computed response, reads
  Sampler/TX functions: sample(regs, mem, req) -> (r, g, b, a, err, [read addresses], detail)
Exact arithmetic: integers and fractions.Fraction; the document's rounding rules literally.
"""
from fractions import Fraction
import math
import struct

M32 = 0xFFFFFFFF

# ---------------------------------------------------------------- vector file (docs/vectors.md)


class Vector:
    def __init__(self):
        self.header = {}
        self.channels = {}
        self.mem = {}            # dword address -> value
        self.inputs = {}         # channel -> [(stamp or None, [values])]
        self.outputs = []        # (channel, cycle, [values])
        self.has_expect = False


def parse_vector(text):
    v = Vector()
    section = 'in'
    for raw in text.splitlines():
        line = raw.split('#', 1)[0].strip()
        if not line:
            continue
        w = line.split()
        if w[0] == 'rcosim-vector' or w[0] in ('block', 'seed', 'backpressure', 'mem-latency'):
            v.header[w[0]] = ' '.join(w[1:])
        elif w[0] == 'stimulus':
            v.header['stimulus'] = ' '.join(w[1:])
        elif w[0] == 'channel':
            v.channels[w[2]] = (w[1], [f.split(':')[0] for f in w[3:]])
        elif w[0] == 'mem':
            a = int(w[1], 16)
            for i, x in enumerate(w[2:]):
                v.mem[(a + 4 * i) & M32] = int(x, 16)
        elif w[0] == 'in':
            ch = w[1]
            rest = w[2:]
            stamp = None
            if rest and rest[0].startswith('@'):
                stamp = int(rest[0][1:])
                rest = rest[1:]
            v.inputs.setdefault(ch, []).append((stamp, [int(x, 16) for x in rest]))
        elif w[0] == 'expect':
            v.has_expect = True
        elif w[0] == 'out':
            v.outputs.append((w[1], int(w[2][1:]), [int(x, 16) for x in w[3:]]))
        elif w[0] == 'end':
            break
    return v


# ---------------------------------------------------------------- registers


class Regs:
    """Every register stored as written, reset 0 (doc: Registers)."""

    def __init__(self):
        self.r = {}

    def write(self, addr, data):
        if addr & 3:
            return
        self.r[addr] = data & M32

    def get(self, addr):
        return self.r.get(addr, 0)


def bits(x, hi, lo):
    return (x >> lo) & ((1 << (hi - lo + 1)) - 1)


# ---------------------------------------------------------------- tile address (docs/blocks/r5xx.tile.md)

# TXFORMAT (MSB 0) -> bytes per texel; None = no pixel size (r5xx.tile.md, "Decoding a surface")
TX_BYTES = {0: 1, 1: 2, 2: 1, 3: 2, 4: 4, 5: 1, 6: 2, 7: 2, 8: 4, 9: 4, 10: 2, 11: 2, 12: 4,
            13: 4, 14: 8, 15: None, 16: None, 17: None, 18: 1, 19: 4, 20: 2, 21: 2, 22: 2,
            23: 4, 24: 2, 25: 4, 26: 8, 27: 4, 28: 8, 29: 16, 30: 4, 31: None}
TX_BYTES_MSB = {2: 2, 3: 4, 4: 8}


def micro_dims(B, micro):
    """micro-tile mw x mh (r5xx.tile.md table)."""
    if micro == 0:
        return {1: (32, 1), 2: (16, 1), 4: (8, 1), 8: (4, 1), 16: (2, 1)}[B]
    if micro == 2:
        return (4, 4)          # 16-bit square only (else BADCFG before we get here)
    return {1: (8, 4), 2: (8, 2), 4: (4, 2), 8: (2, 2)}[B]


class Surface:
    def __init__(self, base, pitch, B, macro, micro, badcfg=False, align=False):
        self.base, self.pitch, self.B, self.macro, self.micro = base, pitch, B, macro, micro
        self.badcfg, self.align = badcfg, align

    def tile(self):
        mw, mh = micro_dims(self.B, self.micro)
        if self.macro:
            return mw, mh, 8 * mw, 8 * mh, 2048
        return mw, mh, mw, mh, 32

    def addr(self, x, y):
        mw, mh, tw, th, T = self.tile()
        per_row = -(-self.pitch // tw)
        t = (y // th) * per_row + x // tw
        a = self.base + t * T
        if self.macro:
            a += 32 * (8 * ((y // mh) % 8) + (x // mw) % 8)
        a += self.B * ((y % mh) * mw + x % mw)
        return a & M32


def surface_texture(off, fmt0, fmt1, fmt2):
    """r5xx_surface_texture of r5xx.tile.md."""
    base = off & ~31 & M32
    W = ((bits(fmt2, 15, 15) << 11) | bits(fmt0, 10, 0)) + 1
    pitch = bits(fmt2, 13, 0) + 1 if bits(fmt0, 31, 31) else W
    code, msb = bits(fmt1, 4, 0), bits(fmt2, 14, 14)
    B = TX_BYTES_MSB.get(code) if msb else TX_BYTES[code]
    macro, micro = bits(off, 2, 2), bits(off, 4, 3)
    bad = (B is None or micro == 3 or (micro == 2 and B != 2) or (micro == 1 and B == 16))
    if bad:
        return Surface(base, pitch, B or 4, 0, 0, badcfg=True)
    align = bool(macro and (base & 0x7FF))
    return Surface(base, pitch, B, macro, micro, align=align)


# ---------------------------------------------------------------- D2-D4: one axis


def raw_fixed(c, size, mode):
    """D2: X = floor(c * size * 256), exact (before the per-mode reduction)."""
    sg, e, mt = c >> 31, (c >> 23) & 0xFF, c & 0x7FFFFF
    if mode in (3, 5, 7):
        sg = 0
    if e == 0 or (e == 255 and mt != 0):
        return 0
    P = ((1 << 23) + mt) * size
    k = e - 142
    if k >= 0:
        X = P << min(k, 9)
        return -X if sg else X
    sh = min(-k, 40)
    return (P >> sh) if sg == 0 else -((P + (1 << sh) - 1) >> sh)


def reduce_fixed(X, size, mode):
    """D2: the per-mode reduction of X."""
    M = 256 * size
    if mode == 0:
        return X % M
    if mode == 1:
        return X % (2 * M)
    if mode in (4, 5):
        return max(0, min(X, M))
    return max(-(1 << 22), min(X, 1 << 22))


def fix_coord(c, size, mode):
    """D2: X = floor(c * size * 256), exact, then the per-mode reduction."""
    return reduce_fixed(raw_fixed(c, size, mode), size, mode)


def wrap_index(i, size, mode, bilinear):
    """D4: (index read, border)."""
    if mode == 0:
        return i % size, False
    if mode == 1:
        j = i % (2 * size)
        return (j if j < size else 2 * size - 1 - j), False
    if mode in (2, 3):
        return max(0, min(i, size - 1)), False
    if mode in (4, 5):
        if bilinear:
            return max(0, min(i, size - 1)), (i < 0 or i >= size)
        return min(i, size - 1), False
    return max(0, min(i, size - 1)), (i < 0 or i >= size)


def map_axis(c, size, mode, bilinear):
    """r5xx_tx_map_axis: (i0, b0, i1, b1, f)."""
    return map_fixed(fix_coord(c, size, mode), size, mode, bilinear)


def map_fixed(X, size, mode, bilinear):
    """D2 after the reduction, D4: (i0, b0, i1, b1, f) of a reduced X."""
    Y = X - 128 if bilinear else X
    i0 = Y // 256
    f = Y % 256 if bilinear else 0
    a0, b0 = wrap_index(i0, size, mode, bilinear)
    a1, b1 = wrap_index(i0 + 1, size, mode, bilinear)
    return a0, b0, a1, b1, f


# ---------------------------------------------------------------- D8: lambda


def lod_fixed(lod):
    sg, e, mt = lod >> 31, (lod >> 23) & 0xFF, lod & 0x7FFFFF
    if e == 0 or (e == 255 and mt != 0):
        return 0
    if e == 255:
        return -8192 if sg else 8191
    val = Fraction((1 << 23) + mt) * Fraction(2) ** (e - 127 - 23) * 256
    L = math.floor(-val if sg else val)
    return max(-8192, min(8191, L))


# ---------------------------------------------------------------- D24: LOD from derivatives


_SF = None


def _sf():
    """The shader float's independent Python reference (docs/float.md), loaded from its file."""
    global _SF
    if _SF is None:
        import importlib.util
        import os
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'prim_sf_ref.py')
        spec = importlib.util.spec_from_file_location('prim_sf_ref_for_tx', path)
        _SF = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(_SF)
    return _SF


def int_as_binary32(n):
    return struct.unpack('<I', struct.pack('<f', float(n)))[0]


def grad_lambda(d, W, H):
    """l256(sf_lg2(rho)), rho = sf_max(sf_max(|dsdx| W, |dtdx| H), sf_max(|dsdy| W, |dtdy| H))."""
    sf = _sf()
    wf, hf = int_as_binary32(W), int_as_binary32(H)
    ab = [x & 0x7FFFFFFF for x in d]
    rho = sf.fmax(sf.fmax(sf.mul(ab[0], wf), sf.mul(ab[1], hf)), sf.fmax(sf.mul(ab[2], wf), sf.mul(ab[3], hf)))
    return lod_fixed(sf.lg2(rho))


# ---------------------------------------------------------------- D5, D11: channel values


def widen(c, n):
    if c == (1 << n) - 1:
        return 65535
    return (65536 * c) // ((1 << n) - 1)


def widen_signed(c, n):
    neg = c >= (1 << (n - 1))
    m = (1 << n) - c if neg else c
    if n == 1:
        v = 65535 if m else 0          # m >= 2^0 - 1 = 0: a nonzero magnitude is 1.0
        return -v if neg else v
    if m == 0:
        v = 0
    elif m >= (1 << (n - 1)) - 1:
        v = 65535
    else:
        v = (65536 * m) // ((1 << (n - 1)) - 1)
    return -v if neg else v


FIXED_WIDTHS = {0: [8], 1: [16], 2: [4, 4], 3: [8, 8], 4: [16, 16], 5: [2, 3, 3], 6: [5, 6, 5],
                7: [5, 5, 6], 8: [10, 11, 11], 9: [11, 11, 10], 10: [4, 4, 4, 4], 11: [5, 5, 5, 1],
                12: [8, 8, 8, 8], 13: [10, 10, 10, 2], 14: [16, 16, 16, 16]}


def srgb_L(i):
    """D10: L[i] = floor(65535 * f(i/255) + 1/2), f the sRGB decode (evaluated in floats with a
    check that the value is not within 1e-9 of a rounding boundary)."""
    x = i / 255.0
    f = x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4
    y = 65535 * f + 0.5
    fl = math.floor(y)
    assert abs(y - fl) > 1e-7 and abs(y - fl - 1) > 1e-7, ('sRGB boundary', i)
    return fl


SRGB = [srgb_L(i) for i in range(256)]


def to_float(V):
    """D6 conversion: V / 65535 as binary32, truncated."""
    if V == 0:
        return 0
    a = abs(V)
    q = (a << 40) // 65535
    p = q.bit_length() - 1
    exp = p - 40 + 127
    mant = (q >> (p - 23)) & 0x7FFFFF
    return ((1 << 31) if V < 0 else 0) | (exp << 23) | mant


def h2f(h):
    """D12: binary16 -> binary32 exactly; NaN -> 0x7FC00000."""
    s, e, m = h >> 15, (h >> 10) & 31, h & 0x3FF
    if e == 31:
        return 0x7FC00000 if m else ((s << 31) | 0x7F800000)
    if e == 0:
        if m == 0:
            return s << 31
        val = Fraction(m, 1 << 24)
    else:
        val = Fraction(1024 + m, 1 << 10) * Fraction(2) ** (e - 15)
    return struct.unpack('<I', struct.pack('<f', float(-val if s else val)))[0]


# ---------------------------------------------------------------- DXT (D14)


def rgb565(c):
    r, g, b = (c >> 11) & 31, (c >> 5) & 63, c & 31
    return ((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2))


def dxt_texel(code, dw, i):
    """(B, G, R, A) 8-bit of texel i of the block dw (list of dwords)."""
    col = dw[0:2] if code == 15 else dw[2:4]
    c0, c1 = col[0] & 0xFFFF, col[0] >> 16
    e0, e1 = rgb565(c0), rgb565(c1)
    idx = (col[1] >> (2 * i)) & 3
    if code == 15 and c0 <= c1:
        pal = [e0 + (255,), e1 + (255,),
               tuple((a + b) // 2 for a, b in zip(e0, e1)) + (255,), (0, 0, 0, 0)]
    else:
        pal = [e0 + (255,), e1 + (255,),
               tuple((2 * a + b) // 3 for a, b in zip(e0, e1)) + (255,),
               tuple((a + 2 * b) // 3 for a, b in zip(e0, e1)) + (255,)]
    r, g, b, a = pal[idx]
    if code == 16:
        blk = dw[0] | (dw[1] << 32)
        a = ((blk >> (4 * i)) & 15) * 17
    elif code == 17:
        blk = dw[0] | (dw[1] << 32)
        a0, a1 = blk & 255, (blk >> 8) & 255
        j = (blk >> (16 + 3 * i)) & 7
        if j == 0:
            a = a0
        elif j == 1:
            a = a1
        elif a0 > a1:
            a = ((8 - j) * a0 + (j - 1) * a1) // 7
        elif j <= 5:
            a = ((6 - j) * a0 + (j - 1) * a1) // 5
        else:
            a = 0 if j == 6 else 255
    return b, g, r, a


# ---------------------------------------------------------------- D22: ATI1N / ATI2N channel block


def dxt5_alpha(lo, hi, i):
    """The DXT5 alpha rule of D14 on the 8-byte block (lo, hi dwords), texel i."""
    blk = lo | (hi << 32)
    a0, a1 = blk & 255, (blk >> 8) & 255
    j = (blk >> (16 + 3 * i)) & 7
    if j == 0:
        return a0
    if j == 1:
        return a1
    if a0 > a1:
        return ((8 - j) * a0 + (j - 1) * a1) // 7
    if j <= 5:
        return ((6 - j) * a0 + (j - 1) * a1) // 5
    return 0 if j == 6 else 255


def rgtc_signed(lo, hi, i):
    """D22, signed channel block: the ends as two's complement bytes, compared signed, the
    interpolations divided truncating toward zero (Fraction, then toward zero), index 6 -> -128,
    7 -> 127; returns the channel value (D11's signed 8-bit widening of the code)."""
    blk = lo | (hi << 32)
    e0, e1 = blk & 255, (blk >> 8) & 255
    a0 = e0 - 256 if e0 & 128 else e0
    a1 = e1 - 256 if e1 & 128 else e1
    j = (blk >> (16 + 3 * i)) & 7
    if j == 0:
        code = a0
    elif j == 1:
        code = a1
    elif a0 > a1:
        code = int(Fraction((8 - j) * a0 + (j - 1) * a1, 7))    # int() truncates toward zero
    elif j <= 5:
        code = int(Fraction((6 - j) * a0 + (j - 1) * a1, 5))
    else:
        code = -128 if j == 6 else 127
    return widen_signed(code & 255, 8)


def ati_channel(lo, hi, i, sgn):
    """D22: the channel value of texel i of an ATI1N/ATI2N channel block."""
    return rgtc_signed(lo, hi, i) if sgn else dxt5_alpha(lo, hi, i) * 257


# ---------------------------------------------------------------- D17: cube face


def cube_mag(c):
    """D17 magnitude: the 31 low bits, 0 for zero, denormal, NaN."""
    e, mt = (c >> 23) & 0xFF, c & 0x7FFFFF
    if e == 0 or (e == 255 and mt != 0):
        return 0
    return c & 0x7FFFFFFF


def cube_value(c):
    """D17 value: 0 for zero, denormal, NaN; +-Inf is +-2^128."""
    sg, e, mt = c >> 31, (c >> 23) & 0xFF, c & 0x7FFFFF
    if e == 0 or (e == 255 and mt != 0):
        return Fraction(0)
    if e == 255:
        v = Fraction(2) ** 128
    else:
        v = Fraction((1 << 23) + mt) * Fraction(2) ** (e - 150)
    return -v if sg else v


def cube_face(s, t, r):
    """D17: (face, sc, tc, |ma|) as exact values."""
    ms, mt_, mr = cube_mag(s), cube_mag(t), cube_mag(r)
    if ms >= mt_ and ms >= mr:
        axis, ma = 0, s
    elif mt_ >= mr:
        axis, ma = 1, t
    else:
        axis, ma = 2, r
    neg = (ma >> 31) if cube_mag(ma) != 0 else 0
    face = 2 * axis + neg
    vs, vt, vr = cube_value(s), cube_value(t), cube_value(r)
    sc, tc = {0: (-vr, -vt), 1: (vr, -vt), 2: (vs, vr), 3: (vs, -vr), 4: (vs, -vt),
              5: (-vs, -vt)}[face]
    return face, sc, tc, abs(cube_value(ma))


def cube_fixed(c, ama, size):
    """D17: X = floor(256 * size * (c / |ma| + 1) / 2); 128 * size when |ma| = 0."""
    if ama == 0:
        return 128 * size
    return math.floor(Fraction(256 * size) * (c / ama + 1) / 2)


# ---------------------------------------------------------------- D19: ENDIAN_SWAP


def endian_swap(d, mode):
    if mode == 1:
        return ((d >> 8) & 0x00FF00FF) | ((d << 8) & 0xFF00FF00)
    if mode == 2:
        return struct.unpack('<I', struct.pack('>I', d))[0]
    if mode == 3:
        return ((d >> 16) | (d << 16)) & M32
    return d


def blend(V0, V1, g):
    """D18: floor(((256 - g) V0 + g V1 + 128) / 256)."""
    return ((256 - g) * V0 + g * V1 + 128) // 256


def key_match(texel_dword, addr, nbytes, key):
    """D21: the texel's bits (dword after D19, >> 8 (addr & 3), low 8 * nbytes) equal the key's."""
    m = (1 << (8 * nbytes)) - 1
    return ((texel_dword >> (8 * (addr & 3))) & m) == (key & m)


def to_float_pow2(V):
    """D20 conversion: V / 65536 exactly (|V| < 2^21)."""
    if V == 0:
        return 0
    return struct.unpack('<I', struct.pack('<f', V / 65536.0))[0]


# ---------------------------------------------------------------- the sampler function


def fmt_class(code, msb):
    if msb:
        return 'dxt' if code == 5 else None       # ATI1N (D22)
    if code <= 14:
        return 'fixed'
    if code <= 17 or code == 31:
        return 'dxt'                              # DXT1/3/5 (D14), ATI2N (D22)
    if code in (20, 21):
        return 'yuv'
    if 24 <= code <= 29:
        return 'float'
    return None


DPT = {14: 2, 15: 2, 26: 2, 28: 2, 16: 4, 17: 4, 29: 4, 31: 4}


def sample(regs, mem, smp, s, t, r, lod, lmode, grad=0, d=(0, 0, 0, 0)):
    """Returns (R, G, B, A, err, reads, detail)."""
    n = smp
    f0 = regs.get(0x4400 + 4 * n)
    f1r = regs.get(0x4440 + 4 * n)
    fm0 = regs.get(0x4480 + 4 * n)
    fm1 = regs.get(0x44C0 + 4 * n)
    fm2 = regs.get(0x4500 + 4 * n)
    off = regs.get(0x4540 + 4 * n)
    key = regs.get(0x4580 + 4 * n)
    border = regs.get(0x45C0 + 4 * n)
    enabled = (regs.get(0x4104) >> n) & 1
    code, msb = bits(fm1, 4, 0), bits(fm2, 14, 14)
    cls = fmt_class(code, msb)
    ati1 = msb == 1 and code == 5
    floatcode = 24 <= code <= 29                  # step 3: whatever TXFORMAT_MSB
    W = ((bits(fm2, 15, 15) << 11) | bits(fm0, 10, 0)) + 1
    H = ((bits(fm2, 16, 16) << 11) | bits(fm0, 21, 11)) + 1
    surf0 = surface_texture(off, fm0, fm1, fm2)
    err = 0
    # TILE (err bit 1)
    if cls == 'dxt':
        if bits(off, 2, 2) or bits(off, 4, 3):
            err |= 2
    elif surf0.badcfg or surf0.align:
        err |= 2
    # lambda (D8, D24)
    if lmode == 1:
        L = lod_fixed(lod)
    else:
        L = grad_lambda(d, W, H) if grad else 0
        if lmode == 2:
            L += lod_fixed(lod)
    bias = bits(f1r, 12, 3)
    if bias & 0x200:
        bias -= 0x400
    lam = L + 8 * bias
    minify = lam > 0
    fcode = bits(f0, 12, 11) if minify else bits(f0, 10, 9)
    bilinear = fcode in (2, 3) and not floatcode
    ctype = bits(fm1, 26, 25)
    mipf = bits(f0, 14, 13)
    volf = bits(f0, 16, 15)
    ckmode = bits(f1r, 1, 0)
    mipwant = mipf >= 2 and minify and not floatcode                      # D18
    volblend = (ctype == 1 and not floatcode and
                (volf >= 2 or (volf == 0 and fcode in (2, 3))))
    # step 3: NOTBUILT from the registers alone
    if (fcode in (0, 3) or ctype == 3 or mipf == 3 or (ctype == 1 and volf == 3)
            or (volblend and mipwant) or ckmode == 3):
        err |= 4
    detail = {'lambda': lam, 'bilinear': bilinear}
    if not enabled:
        return 0, 0, 0, 0x3F800000, err | 8, [], detail
    if cls is None:
        return 0, 0, 0, 0, err | 1, [], detail
    dpt = 2 if ati1 else DPT.get(code, 1)
    blkbytes = 8 if (code == 15 or ati1) else 16
    swap = bits(off, 1, 0)
    pow2 = bits(fm2, 17, 17) == 1 and msb == 0 and code in (0, 3, 12)     # D20
    keyed = ckmode in (1, 2) and cls == 'fixed' and code <= 13            # D21 (1 as 2, 3 as 0)
    # levels (D15)
    nlev = bits(fm0, 29, 26)
    finest = min(bits(f0, 20, 17), nlev)
    nearest = finest
    if mipf != 0 and minify:
        nearest = min(finest + (lam + 127) // 256, nlev)
    depth = 1 << min(bits(fm0, 25, 22), 12) if ctype == 1 else 1
    macro_switch = bits(f1r, 22, 22)
    B = surf0.B

    def level_geom(l):
        if l == 0:
            return W, H, surf0.pitch, surf0.macro
        w, h = max(1, W >> l), max(1, H >> l)
        mac = 0
        if surf0.macro:
            mw, mh = micro_dims(B, surf0.micro)
            mtw = 8 * mw
            mac = 1 if (w >= mtw if macro_switch == 0 else w > mtw) else 0
        return w, h, w, mac

    def slice_size(w, h, pitch, mac):
        if cls == 'dxt':
            return (-(-h // 4)) * (-(-pitch // 4)) * blkbytes
        sf = Surface(0, pitch, B, mac, surf0.micro)
        _, _, tw, th, T = sf.tile()
        return (-(-h // th)) * (-(-pitch // tw)) * T

    def nslices(l):
        if ctype == 1:
            return max(1, depth >> l)
        return 6 if ctype == 2 else 1

    def level_base(lev):
        base = surf0.base
        for l in range(lev):
            w, h, p, mac = level_geom(l)
            base = (base + slice_size(w, h, p, mac) * nslices(l)) & M32
        return base

    # passes (D18): (level, slice index or None, slice border)
    g = 0
    def nearest_slice(level):
        """D16: the nearest slice of a 3D texture's level (point rule on CLAMP_R)."""
        if ctype != 1:
            return level, None, False
        si, sb, _, _, _ = map_axis(r, nslices(level), bits(f0, 8, 6), False)
        return level, si, sb

    if mipwant and not volblend:
        a = finest + lam // 256
        if a >= nlev:
            passes = [nearest_slice(nlev)]
        else:
            passes = [nearest_slice(a), nearest_slice(a + 1)]
            g = lam % 256
    elif volblend:
        k0, kb0, k1, kb1, g = map_axis(r, nslices(nearest), bits(f0, 8, 6), True)
        passes = [(nearest, k0, kb0), (nearest, k1, kb1)]
    else:
        passes = [nearest_slice(nearest)]
    cube = cube_face(s, t, r) if ctype == 2 else None
    sels = [bits(fm1, 14, 12), bits(fm1, 17, 15), bits(fm1, 20, 18), bits(fm1, 11, 9)]  # R G B A
    if cls == 'yuv':
        sels = [0, 1, 2, 5]                       # D23: 4:2:2 takes no swizzle, A = 1
    bch = [(border >> 16) & 255, (border >> 8) & 255, border & 255, border >> 24]      # R G B A
    gamma = bits(fm1, 21, 21)
    one = 65536 if pow2 else 65535
    rnd = 16384 if bits(f1r, 2, 2) else 32768
    reads = []
    Vs = []
    detail['passes'] = []
    for level, sidx, sborder in passes:
        lw, lh, lpitch, lmacro = level_geom(level)
        base = level_base(level)
        ssize = slice_size(lw, lh, lpitch, lmacro)
        if sidx is not None:
            base = (base + sidx * ssize) & M32
        if cube is not None:
            base = (base + cube[0] * ssize) & M32
        ms, mt_ = bits(f0, 2, 0), bits(f0, 5, 3)
        if cube is not None:
            _, sc, tc, ama = cube
            ax_s = map_fixed(reduce_fixed(cube_fixed(sc, ama, lw), lw, ms), lw, ms, bilinear)
            ax_t = map_fixed(reduce_fixed(cube_fixed(tc, ama, lh), lh, mt_), lh, mt_, bilinear)
        else:
            ax_s = map_axis(s, lw, ms, bilinear)
            ax_t = map_axis(t, lh, mt_, bilinear)
        i0, bi0, i1, bi1, fs = ax_s
        j0, bj0, j1, bj1, ft = ax_t
        texels = [(i0, j0, bi0 or bj0), (i1, j0, bi1 or bj0), (i0, j1, bi0 or bj1),
                  (i1, j1, bi1 or bj1)]
        if not bilinear:
            texels = texels[:1]
        texels = [(x, y, b or sborder) for x, y, b in texels]
        lsurf = Surface(base, lpitch, B, lmacro, surf0.micro)
        tdata = []
        for x, y, _ in texels:
            if cls == 'dxt':
                bx, by = x // 4, y // 4
                a = (base + (by * (-(-lpitch // 4)) + bx) * blkbytes) & M32
            else:
                a = lsurf.addr(x, y)
            dws = []
            for j in range(dpt):
                ra = ((a & ~3) + 4 * j) & M32
                reads.append(ra)
                dws.append(endian_swap(mem.get(ra, 0), swap))
            tdata.append((a, dws))
        detail['passes'].append(dict(level=level, slice=sidx, W=lw, H=lh, base=base, fs=fs,
                                     ft=ft))
        detail.update(level=level, W=lw, H=lh, base=base, fs=fs, ft=ft)
        detail.setdefault('texels', [])
        detail['texels'] += [(x, y, b, a, d) for (x, y, b), (a, d) in zip(texels, tdata)]

        if cls == 'float':
            x, y, isb = texels[0]
            a, dws = tdata[0]
            if isb:
                return tuple(to_float(c * 257) for c in bch) + (err, reads, detail)
            if code == 24:
                comps = [h2f((dws[0] >> (8 * (a & 3))) & 0xFFFF)]
            elif code == 25:
                comps = [h2f(dws[0] & 0xFFFF), h2f(dws[0] >> 16)]
            elif code == 26:
                comps = [h2f(dws[0] & 0xFFFF), h2f(dws[0] >> 16), h2f(dws[1] & 0xFFFF),
                         h2f(dws[1] >> 16)]
            else:
                comps = list(dws)
            out = []
            for sel in sels:
                if sel <= 3:
                    out.append(comps[sel] if sel < len(comps) else 0)
                elif sel == 5:
                    out.append(0x3F800000)
                else:
                    out.append(0)
            return tuple(out) + (err, reads, detail)

        # per texel: channel values R G B A (after swizzle, gamma, border, key)
        vals = []
        for (x, y, isb), (a, dws) in zip(texels, tdata):
            if isb:
                vals.append([c * (256 if pow2 else 257) for c in bch])
                continue
            if keyed:
                if key_match(dws[0], a, TX_BYTES[code], key):
                    vals.append([0, 0, 0, 0])
                    if ckmode == 1:               # D21: mode 1 kills the pixel (rsp kill)
                        detail['kill'] = 1
                    continue
            signed_ok = [False] * 4
            if cls == 'fixed':
                widths = FIXED_WIDTHS[code]
                word = (dws[0] | (dws[1] << 32)) if code == 14 else (dws[0] >> (8 * (a & 3)))
                comps, pos = [], 0
                for k, nb in enumerate(widths):
                    c = (word >> pos) & ((1 << nb) - 1)
                    pos += nb
                    sgn = bits(fm1, 5 + k, 5 + k)
                    if pow2:
                        comps.append(512 * (c - 256 if c >= 128 else c) if sgn else 256 * c)
                    elif sgn:
                        comps.append(widen_signed(c, nb))
                    else:
                        comps.append(widen(c, nb))
                    signed_ok[k] = bool(sgn)
            elif cls == 'dxt':
                ti = 4 * (y % 4) + x % 4
                if ati1 or code == 31:           # D22: SIGNED_COMP0/1 sign the channel blocks
                    comps = []
                    for q in range(1 if ati1 else 2):
                        sq = bits(fm1, 5 + q, 5 + q)
                        comps.append(ati_channel(dws[2 * q], dws[2 * q + 1], ti, sq))
                        signed_ok[q] = bool(sq)
                else:
                    comps = [c * 257 for c in dxt_texel(code, dws, ti)]
            else:  # yuv
                d = dws[0]
                by = [(d >> (8 * q)) & 255 for q in range(4)]
                half = (a >> 1) & 1
                if code == 20:   # Y0 U Y1 V
                    Y, U, V = by[2 * half], by[1], by[3]
                else:            # U Y0 V Y1
                    Y, U, V = by[1 + 2 * half], by[0], by[2]
                if bits(fm1, 24, 24):
                    U ^= 0x80
                    V ^= 0x80
                conv = bits(fm1, 23, 22)
                if conv in (0, 3):
                    comps = [V * 257, Y * 257, U * 257]
                else:
                    Ky, Kvr, Kug, Kvg, Kub = 76602, 104991, 25773, 53482, 132702
                    R = (Ky * (Y - 16) + Kvr * (V - 128) + 128) // 256
                    G = (Ky * (Y - 16) - Kug * (U - 128) - Kvg * (V - 128) + 128) // 256
                    Bc = (Ky * (Y - 16) + Kub * (U - 128) + 128) // 256
                    comps = [R, G, Bc]
                    if conv == 1:
                        comps = [max(0, min(65535, c)) for c in comps]
            ch = []
            for oc, sel in enumerate(sels):
                if sel <= 3:
                    if sel < len(comps):
                        v = comps[sel]
                        if (gamma and not pow2 and oc < 3 and cls in ('fixed', 'dxt')
                                and not signed_ok[sel]):
                            v = SRGB[v >> 8]
                    else:
                        v = 0
                elif sel == 5:
                    v = one
                else:
                    v = 0
                ch.append(v)
            vals.append(ch)
        V = []
        for oc in range(4):
            if bilinear:
                w = [(256 - fs) * (256 - ft), fs * (256 - ft), (256 - fs) * ft, fs * ft]
                V.append((sum(wk * vals[k][oc] for k, wk in enumerate(w)) + rnd) // 65536)
            else:
                V.append(vals[0][oc])
        Vs.append(V)
        detail.setdefault('values', []).append(vals)
    if len(Vs) == 2:                                                    # D18 blend
        V = [blend(a, b, g) for a, b in zip(Vs[0], Vs[1])]
    else:
        V = Vs[0]
    detail['g'] = g
    conv = to_float_pow2 if pow2 else to_float
    return tuple(conv(x) for x in V) + (err, reads, detail)


# ---------------------------------------------------------------- replaying a vector (D9)


class Result:
    def __init__(self, index, req, rsp, reads, detail, cycle):
        self.index, self.req, self.rsp, self.reads, self.detail, self.cycle = (
            index, req, rsp, reads, detail, cycle)


def replay(vec):
    """Serve the requests in order. Which register writes a request sees follows D9 (writes
    only while idle; a refused write blocks the next cycle's request; a request and a write on
    the same edge: the write applies). The block's busy time is taken from the vector's
    expected rsp cycles (a request is busy until its response fired), so the ordering of writes
    against requests is that of the run the vector records."""
    rsp_fields = vec.channels['rsp'][1] if 'rsp' in vec.channels else [0] * 8   # with kill (D21) or not
    regw = list(vec.inputs.get('regw', []))
    reqs = list(vec.inputs.get('req', []))
    rsp_cycles = [c for ch, c, _ in vec.outputs if ch == 'rsp']
    regs = Regs()
    results = []
    wi = qi = 0
    busy_until = -1           # last busy cycle (the rsp fire cycle of the request in flight)
    rw_wait = False
    c = 0
    last_w = last_q = -1
    while qi < len(reqs):
        idle = c > busy_until
        w_off = wi < len(regw) and (regw[wi][0] is None or regw[wi][0] <= c) and last_w < c
        q_off = qi < len(reqs) and (reqs[qi][0] is None or reqs[qi][0] <= c) and last_q < c
        w_fire = w_off and idle
        q_fire = q_off and idle and not rw_wait
        rw_wait = w_off and not idle
        if w_fire:
            regs.write(*regw[wi][1])
            wi += 1
            last_w = c
        if q_fire:
            smp, s, t, r, lod, lmode, quad = reqs[qi][1][:7]
            grad, dd = (reqs[qi][1][7], reqs[qi][1][8:12]) if len(reqs[qi][1]) >= 12 else (0, (0, 0, 0, 0))
            R, G, B, A, err, reads, det = sample(regs, vec.mem, smp, s, t, r, lod, lmode, grad, dd)
            results.append(Result(qi, reqs[qi][1], [smp, quad, R, G, B, A, err, det.get('kill', 0)][:len(rsp_fields)],
                                  reads, det, c))
            if qi < len(rsp_cycles):
                busy_until = rsp_cycles[qi]
            else:
                busy_until = c + 10 ** 9
            qi += 1
            last_q = c
        c += 1
        if c > 10 ** 8:
            raise RuntimeError('replay does not terminate')
    return results


def expected(vec):
    """Expected (rsp fields, [memreq addresses]) per request, from the vector's outputs."""
    out, reads = [], []
    for ch, _, vals in vec.outputs:
        if ch == 'memreq':
            reads.append(vals[0])
        elif ch == 'rsp':
            out.append((vals, reads))
            reads = []
    return out, reads


if __name__ == '__main__':
    import sys
    for path in sys.argv[1:]:
        with open(path) as fh:
            v = parse_vector(fh.read())
        for res in replay(v):
            print(res.index, ' '.join('%x' % x for x in res.rsp), '|',
                  ' '.join('%08x' % a for a in res.reads))
