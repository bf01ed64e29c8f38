#!/usr/bin/env python3
"""r5xx_vap_directed.py - write the directed stimulus files of r5xx.vap (vectors/r5xx/vap/stim/*.stim),
or check the golden vectors made from them against an independent Python statement of the block.

Each case programs the VAP registers on `regw`, starts draws with VAP_VF_CNTL writes and feeds
their port dwords, back to back (a non-port write during a draw waits in the block's park
register, docs/blocks/r5xx.vap.md, so no phase timing is needed); arrays of structures are preloaded
with `mem` lines.  'rcosim gen --stimulus X.stim -o X.vec' turns a stimulus into a golden vector
(the C model's outputs; scripts/regen-vectors does all of them).  '--check VECDIR' replays every
stimulus through reference() below - written from docs/blocks/r5xx.vap.md, with every number
conversion done on exact rationals (fractions.Fraction) and rounded by its own binary32 encoder,
checked against struct - and compares every `vtx` transaction (all fields) and every memory read
address, in order, with the vector's expected outputs.

Usage: r5xx_vap_directed.py OUTDIR                  write OUTDIR/*.stim
       r5xx_vap_directed.py --check VECDIR          compare VECDIR/*.vec with VECDIR/stim/*.stim
       r5xx_vap_directed.py --check-vector VEC...   compare any vectors' outputs with their own inputs
"""
import struct
import sys
from fractions import Fraction

from rcosim_py import check as chk
from rcosim_py import rng, vector

# Register byte addresses (000:13460-14520).
VAP_CNTL, VF_CNTL, ALT_NUM, INDEX_OFFSET = 0x2080, 0x2084, 0x2088, 0x208C
FMT0, FMT1, VTE_CNTL, VTX_SIZE, NUM_ARRAYS = 0x2090, 0x2094, 0x20B0, 0x20B4, 0x20C0
MAX_INDX, MIN_INDX, CNTL_STATUS, SGN_NORM = 0x2134, 0x2138, 0x2140, 0x21DC
VPORT = 0x2098          # XSCALE XOFFSET YSCALE YOFFSET ZSCALE ZOFFSET; mirrors at 0x1D98
PSC, PSC_EXT = 0x2150, 0x21E0
DATA_PORT, IDX_PORT, PORT128 = 0x2000, 0x2040, 0x20B8
ONE, ZERO, CNAN = 0x3F800000, 0x00000000, 0x7FC00000

# ---- binary32 on exact rationals ------------------------------------------------------------


def f2q(b):
    """A finite binary32 bit pattern as a Fraction."""
    s, e, m = b >> 31, (b >> 23) & 0xFF, b & 0x7FFFFF
    v = Fraction(m, 1 << 149) if e == 0 else Fraction((1 << 23) | m) * Fraction(2) ** (e - 150)
    return -v if s else v


def is_nan(b):
    return (b >> 23) & 0xFF == 0xFF and b & 0x7FFFFF


def is_inf(b):
    return (b >> 23) & 0xFF == 0xFF and not b & 0x7FFFFF


def q2f(x):
    """The binary32 nearest to the non-zero Fraction x, ties to even; subnormals; overflow to inf."""
    sign = 0x80000000 if x < 0 else 0
    a = abs(x)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    quantum = Fraction(2) ** (max(e, -126) - 23)
    q = a / quantum
    n = q.numerator // q.denominator
    rem = q - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n & 1):
        n += 1
    v = n * quantum
    if v >= Fraction(2) ** 128:
        return sign | 0x7F800000
    if v < Fraction(2) ** -126:
        return sign | n                 # subnormal (n = 2^23 is the smallest normal's encoding)
    e2 = v.numerator.bit_length() - v.denominator.bit_length()
    if Fraction(2) ** e2 > v:
        e2 -= 1
    mant = v / Fraction(2) ** (e2 - 23) - (1 << 23)
    return sign | (e2 + 127) << 23 | int(mant)


def fmul(a, b):
    if is_nan(a) or is_nan(b):
        return CNAN
    s = (a ^ b) & 0x80000000
    if is_inf(a) or is_inf(b):
        other = b if is_inf(a) else a
        if not is_inf(other) and f2q(other) == 0:
            return CNAN
        return s | 0x7F800000
    p = f2q(a) * f2q(b)
    return s if p == 0 else q2f(p)


def fadd(a, b):
    if is_nan(a) or is_nan(b):
        return CNAN
    if is_inf(a) and is_inf(b):
        return a if a == b else CNAN
    if is_inf(a) or is_inf(b):
        return a if is_inf(a) else b
    t = f2q(a) + f2q(b)
    if t == 0:
        return 0x80000000 if a == 0x80000000 and b == 0x80000000 else 0
    return q2f(t)


def self_test():
    """The encoder against struct (binary64 -> binary32 is correctly rounded there)."""
    for bits in (0x3F800000, 0x00000001, 0x007FFFFF, 0x00800000, 0x7F7FFFFF, 0x3EAAAAAB, 0xC3700000):
        x = f2q(bits)
        assert q2f(x) == bits, hex(bits)
        assert struct.unpack('<I', struct.pack('<f', float(x)))[0] == bits
    for num, den in ((1, 255), (127, 255), (-32768, 32767), (1, 3), (2, 3), (-255, 1023), (1, 65535)):
        want = struct.unpack('<I', struct.pack('<f', num / den))[0]   # safe: den odd and small
        assert q2f(Fraction(num, den)) == want, (num, den)


# ---- the PSC --------------------------------------------------------------------------------


def fix(u, n, sgn, norm, method):
    u &= (1 << n) - 1
    if not sgn:
        v = Fraction(u, (1 << n) - 1) if norm else Fraction(u)
    else:
        s = u - (1 << n) if u >> (n - 1) else u
        if not norm:
            v = Fraction(s)
        elif method == 1 and s == -(1 << (n - 1)):
            v = Fraction(-1)
        elif method == 2:
            v = Fraction(2 * s + 1, (1 << n) - 1)
        else:
            v = Fraction(s, (1 << (n - 1)) - 1)
    return 0 if v == 0 else q2f(v)


def half(x):
    s, e, m = x >> 15 & 1, x >> 10 & 31, x & 0x3FF
    if e == 31:
        return s << 31 | 0x7F800000 | m << 13
    v = Fraction(m, 1 << 24) if e == 0 else Fraction(1024 + m, 1024) * Fraction(2) ** (e - 15)
    if v == 0:
        return s << 31
    return q2f(-v if s else v)


NDW = [1, 2, 3, 4, 1, 1, 1, 2, 1, 1, 8, 1, 2, 1, 1, 1]


def element(ctl, method, d):
    """The vectors (X, Y, Z, W) of one complete element: [] for reserved types."""
    t, sg, nm = ctl & 15, ctl >> 14 & 1, ctl >> 15 & 1

    def fx(u, n):
        return fix(u, n, sg, nm, method)
    w = d[0]
    if t <= 3:
        return [(d + [ZERO, ZERO, ZERO, ONE][t + 1:])[:4] if t < 3 else d[:4]]
    if t == 4:
        return [[fx(w >> 8 * i, 8) for i in range(4)]]
    if t == 5:
        return [[fx(w >> 16, 8), fx(w >> 8, 8), fx(w, 8), fx(w >> 24, 8)]]
    if t == 6:
        return [[fx(w, 16), fx(w >> 16, 16), ZERO, ONE]]
    if t == 7:
        return [[fx(w, 16), fx(w >> 16, 16), fx(d[1], 16), fx(d[1] >> 16, 16)]]
    if t == 8:
        return [[fx(w, 10), fx(w >> 10, 10), fx(w >> 20, 10), ONE]]
    if t == 9:
        return [[fx(w, 11), fx(w >> 11, 11), fx(w >> 22, 10), ONE]]
    if t == 10:
        return [d[0:4], d[4:8]]
    if t == 11:
        return [[half(w & 0xFFFF), half(w >> 16), ZERO, ONE]]
    if t == 12:
        return [[half(w & 0xFFFF), half(w >> 16), half(d[1] & 0xFFFF), half(d[1] >> 16)]]
    return []


def psc_vertex(r, dwords):
    """The input vector memory {location: ([x, y, z, w], written mask)} of one vertex."""
    mem = {}
    e, pos, n = 0, 0, len(dwords)
    while e < 16 and pos < n:
        ctl = r[PSC + 4 * (e // 2)] >> 16 * (e & 1) & 0xFFFF
        ext = r[PSC_EXT + 4 * (e // 2)] >> 16 * (e & 1) & 0xFFFF
        k = NDW[ctl & 15]
        if pos + k > n:
            break                                   # an element short of dwords writes nothing
        vecs = element(ctl, r[SGN_NORM] >> 2 * e & 3, dwords[pos:pos + k])
        pos += k
        loc = ctl >> 8 & 31
        for i, v in enumerate(vecs):
            sw = [v[s] if s < 4 else ONE if s == 5 else ZERO for s in [ext >> 3 * c & 7 for c in range(4)]]
            if loc + i >= 14:
                continue
            cur, wm = mem.get(loc + i, ([0, 0, 0, 0], 0))
            for c in range(4):
                if ext >> (12 + c) & 1:
                    cur[c] = sw[c]
                    wm |= 1 << c
            mem[loc + i] = (cur, wm)
        if ctl >> 13 & 1 or e == 15:
            break
        pos += ctl >> 4 & 15
        e += 1
    return mem


def out_slots(r):
    """[(location, component mask)] of the output slots (docs/blocks/r5xx.vap.md "Output")."""
    f0, f1 = r[FMT0], r[FMT1]
    s = [(0, 15)]
    if f0 >> 16 & 1:
        s.append((1, 15))
    s += [(2 + i, 15) for i in range(4) if f0 >> (1 + i) & 1]
    for i in range(8):
        c = f1 >> 3 * i & 7
        if c:
            s.append((6 + i, 15 if c >= 4 else (1 << c) - 1))
    return s


def swap(v, code):
    b = [(v >> 8 * i) & 0xFF for i in range(4)]
    p = [[0, 1, 2, 3], [1, 0, 3, 2], [3, 2, 1, 0], [2, 3, 0, 1]][code]
    return sum(b[p[i]] << 8 * i for i in range(4))


# ---- the block --------------------------------------------------------------------------------


def reference(stim_lines):
    """Run a stimulus: returns (vtx records as tuples of the channel's fields, read addresses)."""
    r = {a: 0 for a in [VAP_CNTL, VF_CNTL, ALT_NUM, INDEX_OFFSET, FMT0, FMT1, VTE_CNTL, VTX_SIZE, NUM_ARRAYS,
                        MAX_INDX, MIN_INDX, CNTL_STATUS, SGN_NORM] + [VPORT + 4 * i for i in range(6)] +
         [0x20C4 + 4 * i for i in range(24)] + [PSC + 4 * i for i in range(8)] + [PSC_EXT + 4 * i for i in range(8)]}
    r[MAX_INDX] = 0xFFFFFF
    stim = vector.parse(stim_lines)
    mem, writes = stim.memory(), [tuple(vals) for ch, _, vals in stim.events if ch == 'regw']
    out, reads = [], []

    def port(a):
        if a & 3:
            return None
        if DATA_PORT <= a <= 0x203C:
            return 'data'
        if IDX_PORT <= a <= 0x207C or a == PORT128:
            return 'idx'
        return None

    i = 0
    while i < len(writes):
        a, d = writes[i]
        i += 1
        if port(a):
            continue                                    # a port write outside a draw
        if 0x1D98 <= a <= 0x1DAC and a % 4 == 0:
            a += VPORT - 0x1D98
        if a in r:
            r[a] = d
        if a != VF_CNTL:
            continue
        prim, walk, idx32, dual = d & 15, d >> 4 & 3, d >> 11 & 1, d >> 13 & 1
        n = r[ALT_NUM] & 0xFFFFFF if d >> 14 & 1 else d >> 16
        if not prim or not walk or not n or r[VAP_CNTL] >> 17 & 1:
            continue
        # the draw's port dwords: the next R writes to its port (other ports dropped)
        want = {3: n * (r[VTX_SIZE] & 0x7F), 1: n if idx32 else (n + 1) // 2, 2: 0}[walk]
        kind = {3: 'data', 1: 'idx', 2: None}[walk]
        pd = []
        while len(pd) < want:
            if i >= len(writes):
                raise ValueError('the stimulus ends inside a draw')
            pa, pv = writes[i]
            i += 1
            if port(pa) is None:
                raise ValueError('a register write inside a draw short of port dwords (a hang)')
            if port(pa) == kind:
                pd.append(pv)
        # the vertices
        na = min(r[NUM_ARRAYS] & 31, 16)
        arrays = []
        for k in range(na):
            at = r[0x20C4 + 12 * (k // 2)] >> 16 * (k & 1)
            base = r[0x20C8 + 12 * (k // 2) + 4 * (k & 1)] & ~3
            arrays.append((base, at & 0x7F, at >> 8 & 0x7F))
        off = r[INDEX_OFFSET] & 0x1FFFFFF
        off = off - (1 << 25) if off >> 24 else off
        slots = out_slots(r)
        for v in range(n):
            if walk == 3:
                vs = r[VTX_SIZE] & 0x7F
                dw = pd[v * vs:(v + 1) * vs]
            else:
                if walk == 2:
                    raw = v
                elif idx32:
                    raw = pd[v]
                else:
                    raw = pd[v // 2] >> 16 * (v & 1) & 0xFFFF
                dw = []
                for k, (base, cnt, stride) in enumerate(arrays):
                    ix = ((raw >> 16 & 0xFF) if k == 0 else raw & 0xFFFF) if dual else raw
                    s = ix + off
                    fi = r[MIN_INDX] & 0xFFFFFF if s < r[MIN_INDX] & 0xFFFFFF else \
                        r[MAX_INDX] & 0xFFFFFF if s > r[MAX_INDX] & 0xFFFFFF else s
                    for j in range(cnt):
                        ad = (base + 4 * (stride * fi + j)) & 0xFFFFFFFF
                        reads.append(ad)
                        dw.append(swap(mem.get(ad, 0), r[CNTL_STATUS] & 3))
            vm = psc_vertex(r, dw)
            bypass = r[CNTL_STATUS] >> 8 & 1
            if not bypass:                          # the PVS path: every location up to the highest written
                hi = max([l for l, (_, m) in vm.items() if m] + [0])
                slots = [(l, 15) for l in range(hi + 1)]
            for si, (loc, cmask) in enumerate(slots):
                comp, wm = vm.get(loc, ([0, 0, 0, 0], 0))
                wm &= cmask
                c = [comp[k] if wm >> k & 1 else 0 for k in range(4)]
                if si == 0 and bypass:
                    for k in range(3):
                        if wm >> k & 1:
                            if r[VTE_CNTL] >> 2 * k & 1:
                                c[k] = fmul(c[k], r[VPORT + 8 * k])
                            if r[VTE_CNTL] >> (2 * k + 1) & 1:
                                c[k] = fadd(c[k], r[VPORT + 8 * k + 4])
                vlast = int(si == len(slots) - 1)
                out.append((v & 0xFFFF, si, c[0], c[1], c[2], c[3], wm, vlast, int(vlast and v == n - 1), prim))
    return out, reads


# ---- stimulus files ------------------------------------------------------------------------

ARR = 0x00100000


def fbits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


class Case:
    def __init__(self, name, title, backpressure='always', latency='1:1', tcl=False):
        self.name, self.title, self.bp, self.lat = name, title, backpressure, latency
        self.mem = {}
        self.lines = []
        if not tcl:
            self.w(CNTL_STATUS, 0x100, 'PVS_BYPASS: the software-TCL path (decision 9)')

    def preload(self, addr, words):
        for i, w in enumerate(words):
            self.mem[addr + 4 * i] = w & 0xFFFFFFFF

    def w(self, addr, data, note=''):
        at = '@1 ' if not self.lines else ''
        self.lines.append('in regw %s%04x %08x%s' % (at, addr, data & 0xFFFFFFFF, '  # ' + note if note else ''))

    def psc(self, elems):
        """elems: [(type, loc, ext=identity|0xF<<12, skip=0, sgn=0, norm=0)]; LAST_VEC on the last."""
        p, x = [0] * 8, [0] * 8
        for e, el in enumerate(elems):
            t, loc = el[0], el[1]
            ext = el[2] if len(el) > 2 else SW_ID | 0xF << 12
            skip = el[3] if len(el) > 3 else 0
            sg = el[4] if len(el) > 4 else 0
            nm = el[5] if len(el) > 5 else 0
            last = 1 if e == len(elems) - 1 else 0
            ctl = t | skip << 4 | loc << 8 | last << 13 | sg << 14 | nm << 15
            p[e // 2] |= ctl << 16 * (e & 1)
            x[e // 2] |= ext << 16 * (e & 1)
        for k in range(8):
            self.w(PSC + 4 * k, p[k])
            self.w(PSC_EXT + 4 * k, x[k])

    def viewport(self, xs=1.0, xo=0.0, ys=1.0, yo=0.0, zs=1.0, zo=0.0, ena=0x3F):
        for k, v in enumerate((xs, xo, ys, yo, zs, zo)):
            self.w(VPORT + 4 * k, v if isinstance(v, int) else fbits(v))
        self.w(VTE_CNTL, ena | 0x300)

    def draw(self, prim, walk, n, data=(), port=None, idx32=0, dual=0, alt=0):
        vf = prim | walk << 4 | idx32 << 11 | dual << 13 | alt << 14 | (0 if alt else n << 16)
        if alt:
            self.w(ALT_NUM, n)
        self.w(VF_CNTL, vf, 'VAP_VF_CNTL: PRIM_TYPE %d, PRIM_WALK %d, %d vertices' % (prim, walk, n))
        p = port if port is not None else (IDX_PORT if walk == 1 else DATA_PORT)
        for d in data:
            self.w(p, d)

    def write(self, outdir):
        vector.write_stim(
            outdir, self.name, 'r5xx.vap', self.title, __file__,
            notes=['r5xx_vap_directed.py --check replays it through its own reference of docs/blocks/r5xx.vap.md'],
            mem=vector.mem_lines(self.mem), body=self.lines, backpressure=self.bp, latency=self.lat)


SW_ID = 0 | 1 << 3 | 2 << 6 | 3 << 9          # X Y Z W


def sw(x, y, z, w, we=0xF):
    return x | y << 3 | z << 6 | w << 9 | we << 12


def floats(*xs):
    return [fbits(x) for x in xs]


def cases():
    out = []

    # Spec fact 8: 3D_DRAW_IMMD_2's triangle as the VAP sees it.
    c = Case('immd2_triangle', 'spec fact 8: VF_CNTL 0x00030034 then 12 data dwords at VAP_VTX_SIZE 4 (a '
             'triangle list, FLOAT_4 positions) through a 640x480 viewport')
    c.w(VTX_SIZE, 4)
    c.psc([(3, 0)])
    c.w(FMT0, 1)
    c.viewport(320.0, 320.0, -240.0, 240.0, 0.5, 0.5)
    c.w(VF_CNTL, 0x00030034, 'spec fact 8')
    for d in floats(-0.5, -0.5, 0.0, 1.0, 0.5, -0.5, 0.25, 1.0, 0.0, 0.75, 1.0, 1.0):
        c.w(DATA_PORT, d)
    out.append(c)

    # Spec fact 9: 3D_LOAD_VBPNTR's body in 0x20C0..0x20D4 drives the fetch of 3 arrays.
    c = Case('load_vbpntr', 'spec fact 9: the 6-dword 3D_LOAD_VBPNTR body (0x20C0..0x20D4) sets 3 arrays '
             '(xyz count 3 stride 4, a D3DCOLOR count 1 stride 1, st count 2 stride 2) and a vertex list of '
             '4 vertices fetches them', latency='3:3')
    pos = floats(0, 0, 0.5, 9, 100, 0, 0.5, 9, 0, 50, 0.25, 9, 100, 50, 0.75, 9)
    c.preload(ARR, pos)
    c.preload(ARR + 0x100, [0xFF0000FF, 0xFF00FF00, 0xFFFF0000, 0x80808080])
    c.preload(ARR + 0x200, floats(0, 0, 1, 0, 0, 1, 1, 1))
    c.w(NUM_ARRAYS, 3)
    c.w(0x20C4, 3 | 4 << 8 | 1 << 16 | 1 << 24)
    c.w(0x20C8, ARR)
    c.w(0x20CC, ARR + 0x100)
    c.w(0x20D0, 2 | 2 << 8)
    c.w(0x20D4, ARR + 0x200)
    c.psc([(2, 0), (5, 2, SW_ID | 0xF << 12, 0, 0, 1), (1, 6)])
    c.w(FMT0, 1 | 2)
    c.w(FMT1, 2)
    c.viewport(ena=0)
    c.draw(6, 2, 4)
    out.append(c)

    # Spec fact 30: the PSC conversions named in the extract, one vertex each.
    c = Case('psc_fact30', 'spec fact 30: BYTE 0xFF unsigned normalised -> 1.0; D3DCOLOR 0x11223344 -> '
             '(0x22, 0x33, 0x44, 0x11); FLT16 0x3C00 -> 1.0; VECTOR_3_TTT W = 1.0; SIGNED+NORMALIZE method 1 '
             'maps -128 to -1.0')
    c.w(FMT0, 1 | 2 | 4 | 8 | 16)
    c.w(FMT1, 4)
    c.viewport(ena=0)
    c.w(SGN_NORM, 0x55555555)
    c.psc([(4, 0, SW_ID | 0xF << 12, 0, 0, 1),      # BYTE unsigned normalised
           (5, 2),                                    # D3DCOLOR raw
           (11, 3),                                   # FLT16_2
           (8, 4),                                    # VECTOR_3_TTT
           (4, 5, SW_ID | 0xF << 12, 0, 1, 1),        # BYTE signed normalised, method 1
           (12, 6)])                                  # FLT16_4
    c.w(VTX_SIZE, 7)
    c.draw(1, 3, 1, [0xFF00FFFF, 0x11223344, 0x3C003C00, 0x3FF003FF, 0x7F81807F, 0xBC003C00, 0x7C00FC00])
    out.append(c)

    # Spec fact 31: PRIM_TYPE 13 (quad list) and 15 (polygon) start draws and reach `prim`.
    c = Case('prim_quads_polygon', 'spec fact 31: PRIM_TYPE 13 = quad list and 15 = polygon (and every other '
             'type 1..15) draw and pass PRIM_TYPE on vtx.prim; 0 does not draw')
    c.w(VTX_SIZE, 2)
    c.psc([(1, 0)])
    c.w(FMT0, 1)
    c.viewport(ena=0)
    c.draw(13, 3, 4, floats(0, 0, 1, 0, 1, 1, 0, 1))
    c.draw(15, 3, 5, floats(0, 0, 2, 0, 3, 1, 1, 2, -1, 1))
    c.draw(0, 3, 1, floats(7, 7))                    # PRIM_TYPE 0: no draw, the dwords are dropped
    for t in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14):
        c.draw(t, 3, 1, floats(t, -t))
    out.append(c)

    # Every DATA_TYPE, raw and normalised, signed and unsigned.
    c = Case('data_types', 'every DATA_TYPE 0..15 with SIGNED/NORMALIZE 00, 01, 10, 11, the signed-normalise '
             'method 0 (values below -1.0), reserved types writing nothing')
    c.w(FMT0, 1 | 2 | 4 | 8 | 16 | 1 << 16)
    c.w(FMT1, 0o44444444)
    c.viewport(ena=0)
    words = [0x80FF7F01, 0x00017FFF, 0xFFFF8000, 0x8000C000, 0x2AB55A5F, 0xFFE007FF, 0x3C00C000, 0x00017BFF,
             0x3F800000, 0xC0000000, 0x00000001, 0x7F800000, 0x12345678, 0x9ABCDEF0, 0x0000FFFF, 0xFFFF0000]
    for sn in range(4):
        for grp in ((0, 1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14, 15)):
            el = [(t, i if t != 10 else 12, SW_ID | 0xF << 12, 0, sn >> 1, sn & 1) for i, t in enumerate(grp)]
            c.psc(el)
            need = sum(NDW[t] for t in grp)
            c.w(VTX_SIZE, need)
            c.draw(1, 3, 2, (words * 4)[:2 * need])
    out.append(c)

    # The three signed-normalise methods (and the reserved one) on every field width.
    c = Case('sgn_norm', 'VAP_PSC_SGN_NORM_CNTL methods 0 (v/(2^(n-1)-1)), 1 (-2^(n-1) -> -1.0), 2 '
             '((2v+1)/(2^n-1), decision 3) and 3 (as 0) on 8-, 10-, 11- and 16-bit fields')
    c.w(FMT0, 1 | 2 | 4 | 8 | 16)
    c.w(FMT1, 0o4444)
    c.viewport(ena=0)
    c.w(VTX_SIZE, 7)
    for m in range(4):
        c.w(SGN_NORM, m * 0x55555555)
        c.psc([(4, 0, SW_ID | 0xF << 12, 0, 1, 1), (5, 2, SW_ID | 0xF << 12, 0, 1, 1),
               (6, 3, SW_ID | 0xF << 12, 0, 1, 1), (7, 4, SW_ID | 0xF << 12, 0, 1, 1),
               (8, 5, SW_ID | 0xF << 12, 0, 1, 1), (9, 6, SW_ID | 0xF << 12, 0, 1, 1)])
        c.draw(1, 3, 3, [0x807F0100, 0xFF80017F, 0x7FFF8000, 0x00008001, 0x7FFFFFFF, 0x20080200,
                         0x80200401, 0x00000000, 0xFFFFFFFF, 0x00010000, 0x1FF7FDFF, 0x80300C03,
                         0x01FE7F81, 0x7F017E02, 0x4000C000, 0x3FFF0003, 0x1FFFFFFF, 0x40100401,
                         0x00000000, 0xC0100401, 0x7FFFFFFF])
    out.append(c)

    # Halves: zeros, denormals, normals, infinities, NaNs.
    c = Case('flt16', 'FLT16_2 and FLT16_4: +-0, the smallest and largest denormals, normals, the largest '
             'finite, +-infinity and NaNs with their payload kept')
    c.w(FMT0, 1 | 2)
    c.viewport(ena=0)
    c.w(VTX_SIZE, 3)
    c.psc([(11, 0), (12, 2)])
    hs = [0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0200, 0x0400, 0x3C00, 0x3555, 0x7BFF, 0xFBFF, 0x7C00,
          0xFC00, 0x7E00, 0x7C01, 0xFFFF, 0x1234, 0xC000]
    ws = [hs[i] | hs[i + 1] << 16 for i in range(0, len(hs), 2)]
    c.draw(1, 3, 3, ws)
    out.append(c)

    # Swizzle, write enables, skip dwords, DST_VEC_LOC, FLOAT_8, LAST_VEC missing, locations >= 14.
    c = Case('swizzle_mask', 'swizzle selects 0..7 (4 = 0.0, 5 = 1.0, 6/7 = 0.0), write enables, later elements '
             'overwriting components, SKIP_DWORDS, FLOAT_8 into consecutive locations, DST_VEC_LOC 13/31, an '
             'element short of dwords, no LAST_VEC (16 elements)')
    c.w(FMT0, 1 | 2 | 4 | 8 | 16 | 1 << 16)
    c.w(FMT1, 0o12344321)
    c.viewport(ena=0)
    c.psc([(3, 0, sw(3, 2, 1, 0)), (3, 0, sw(4, 5, 6, 7, 0b1010), 2), (1, 2, sw(1, 0, 5, 4, 0b0111)),
           (10, 3), (0, 13, sw(0, 0, 0, 0)), (0, 31, sw(0, 0, 0, 0)), (4, 6, sw(0, 1, 2, 3, 0), 1)])
    c.w(VTX_SIZE, 4 + 4 + 2 + 2 + 8 + 1 + 1 + 1 + 1)
    d = floats(1, 2, 3, 4, 5, 6, 7, 8) + [0xDEAD0001, 0xDEAD0002] + floats(9, 10) + \
        floats(11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21) + [0x01020304]
    c.draw(2, 3, 2, d + d)
    # no LAST_VEC anywhere: 16 FLOAT_1 elements then the PSC stops; the vertex has 20 dwords
    el = [(0, (e % 14), sw(0, 0, 0, 0, 1 << (e % 4))) for e in range(16)]
    p = [0] * 8
    for e, (t, loc, ext) in enumerate(el):
        p[e // 2] |= (t | loc << 8) << 16 * (e & 1)
    for k in range(8):
        c.w(PSC + 4 * k, p[k])
        c.w(PSC_EXT + 4 * k, (el[2 * k][2]) | el[2 * k + 1][2] << 16)
    c.w(VTX_SIZE, 20)
    c.draw(1, 3, 1, floats(*range(100, 120)))
    # an element short of dwords: FLOAT_4 with only 3 dwords left
    c.psc([(0, 0), (3, 2)])
    c.w(VTX_SIZE, 4)
    c.draw(1, 3, 1, floats(1, 2, 3, 4))
    out.append(c)

    # Indices: 16-bit (odd count), 32-bit, dual-index mode, the 128-bit port, offset and clamps.
    c = Case('indices', 'indexed draws: 16-bit indices (low half first, odd count), 32-bit, dual-index mode '
             '(bits 23:16 for AOS 0), the 0x20B8 port, VAP_INDEX_OFFSET negative and positive, MIN/MAX clamps '
             'after the offset, crossed clamps', latency='2:2')
    c.preload(ARR, floats(*range(64)))
    c.preload(ARR + 0x1000, [0x01000000 * i + 0x00FF00FF for i in range(64)])
    c.w(NUM_ARRAYS, 2)
    c.w(0x20C4, 2 | 2 << 8 | 1 << 16 | 1 << 24)
    c.w(0x20C8, ARR)
    c.w(0x20CC, ARR + 0x1000)
    c.psc([(1, 0), (5, 2, SW_ID | 0xF << 12, 0, 0, 1)])
    c.w(FMT0, 3)
    c.viewport(ena=0)
    c.draw(4, 1, 5, [0x00010000, 0x00030002, 0xFFFF0004])                 # 16-bit: 0 1 2 3 4
    c.draw(4, 1, 3, [5, 31, 2], idx32=1)                                  # 32-bit
    c.draw(4, 1, 3, [0x00030002, 0x00050004], port=IDX_PORT + 0x3C)      # a mirror of the index port
    c.draw(4, 1, 2, [0x00070001, 0x00020006], port=PORT128, idx32=1)     # 0x20B8
    c.draw(4, 1, 3, [0x00050003, 0x000A0009, 0x00000000], dual=1, idx32=1)
    c.draw(4, 1, 2, [0x00040002], dual=1)                                # dual with 16-bit: AOS 0 index 0
    c.w(INDEX_OFFSET, 0x1FFFFFD)                                          # -3
    c.w(MIN_INDX, 1)
    c.w(MAX_INDX, 20)
    c.draw(4, 1, 4, [0, 3, 10, 40], idx32=1)                              # -3 -> 1, 0, 7, 37 -> 20
    c.w(INDEX_OFFSET, 5)
    c.draw(4, 2, 4)                                                       # auto: 5 6 7 8
    c.w(MIN_INDX, 30)
    c.w(MAX_INDX, 10)                                                     # crossed
    c.draw(4, 1, 3, [0, 20, 40], idx32=1)
    c.w(MIN_INDX, 0)
    c.w(MAX_INDX, 0xFFFFFF)
    c.w(INDEX_OFFSET, 0x0FFFFFF)                                          # the largest positive offset
    c.draw(4, 1, 1, [0xFFFFFFFF], idx32=1)
    out.append(c)

    # Arrays: 16 arrays, COUNT 0 arrays, VC_SWAP, stride 0, NUM_ARRAYS > 16, far addresses.
    c = Case('arrays', 'AOS fetch from 16 arrays (COUNT 1 each), arrays with COUNT 0 passed over, stride 0, '
             'VC_SWAP 0..3 on fetched dwords, VTX_NUM_ARRAYS 31 acting as 16, the dword order of the reads',
             latency='1:4')
    c.preload(ARR, [0x3F800000 + 0x10000 * i for i in range(256)])
    c.w(NUM_ARRAYS, 16)
    for k in range(8):
        c.w(0x20C4 + 12 * k, 1 | (1 + k) << 8 | 1 << 16 | (2 + k) << 24)
        c.w(0x20C8 + 12 * k, ARR + 0x40 * k)
        c.w(0x20CC + 12 * k, ARR + 0x40 * k + 0x20)
    c.psc([(0, e % 14, sw(0, 0, 0, 0, 1 << (e // 14 + e % 4) % 4 | 1)) for e in range(16)])
    c.w(FMT0, 0x1001F)
    c.w(FMT1, 0o44444444)
    c.viewport(ena=0)
    for swp in range(4):
        c.w(CNTL_STATUS, swp | 0x100)
        c.draw(5, 2, 2)
    c.w(CNTL_STATUS, 0x100)
    c.w(0x20C4, 0 | 3 << 8 | 2 << 16 | 0 << 24)                         # COUNT0 0, array 1 stride 0
    c.w(0x20D0, 0)
    c.w(NUM_ARRAYS, 31)
    c.draw(5, 2, 3)
    c.w(0x20C8, 0xFFFFFFFC)                                               # wraps past 2^32: reads 0
    c.w(0x20C4, 2 | 1 << 8 | 2 << 16)
    c.w(NUM_ARRAYS, 1)
    c.draw(5, 2, 2)
    out.append(c)

    # Viewport arithmetic: specials and roundings.
    c = Case('viewport', 'the viewport multiply and add (each IEEE RNE): scale-only, offset-only, both, disabled; '
             'NaN -> 0x7FC00000, inf x 0, inf - inf, overflow to inf, denormal results, x + (-x) = +0, '
             '(-0) + (-0) = -0, unwritten components untouched')
    c.w(FMT0, 1)
    c.w(VTX_SIZE, 4)
    c.psc([(3, 0)])
    vals = [0x3F800001, 0x3EAAAAAB, 0x00000001, 0x80800000, 0x7F7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000,
            0xFFC00001, 0x00000000, 0x80000000, 0x4B000001, 0x3F7FFFFF, 0x33800000, 0x40490FDB, 0xC2C80000]
    for cfg in ((0x3EAAAAAB, 0x3F800000, 0x3F000001, 0x80000000, 0x00800000, 0x00000001, 0x3F),
                (0x7F7FFFFF, 0xFF7FFFFF, 0x00000000, 0x7F800000, 0x80000000, 0x80000000, 0x3F),
                (0x3F800000, 0xBF800001, 0x40000000, 0x00000000, 0x33800000, 0x3F800000, 0x15),
                (0x40490FDB, 0x4B800000, 0xC0000000, 0x4B000000, 0x3F000000, 0x3F000000, 0x2A),
                (0x7FC00000, 0x7F800000, 0xFF800000, 0x00000000, 0x00000000, 0x80000000, 0x00)):
        c.viewport(*cfg[:6], ena=cfg[6])
        c.draw(1, 3, 4, vals)
    c.viewport(0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, ena=0x3F)
    c.psc([(1, 0, sw(0, 1, 2, 3, 0b0101))])                                # x and z written only
    c.w(VTX_SIZE, 2)
    c.draw(1, 3, 1, floats(2, 3))
    c.w(0x1D98, 0x40000000, 'the viewport registers at their 0x1D98 mirror')
    c.w(0x1D9C, 0x3F000000)
    c.w(0x1DA8, 0xC0000000)
    c.draw(1, 3, 1, floats(2, 3))
    out.append(c)

    # Output formats: point size, colours, texture component counts.
    c = Case('out_fmt', 'VAP_OUT_VTX_FMT_0/1: point size, colours 0..3 and textures 0..7 present or not, '
             'TEX_COMP_CNT 1..7 masking components, position always slot 0 (POS_PRESENT 0 too)')
    c.viewport(ena=0)
    c.w(VTX_SIZE, 14)
    c.psc([(0, k, sw(0, 0, 0, 0)) for k in range(14)])
    d = floats(*range(1, 15))
    for f0, f1 in ((0, 0), (0x10000, 0), (0x1E, 0), (0x14, 0o7654321), (0x1001F, 0o12345670), (1, 0o44444444)):
        c.w(FMT0, f0)
        c.w(FMT1, f1)
        c.draw(1, 3, 1, d)
    out.append(c)

    # Malformed and boundary input.
    c = Case('malformed', 'extra port dwords dropped, the other port dropped, port writes outside a draw, a '
             'register write parked behind a draw, VAP_NO_RENDER, PRIM_WALK 0, NUM_VERTICES 0, '
             'VAP_ALT_NUM_VERTICES, VTX_SIZE 0, ignored addresses')
    c.w(DATA_PORT, 0x11111111, 'outside a draw: dropped')
    c.w(IDX_PORT, 0x22222222)
    c.w(0x4F00, 0x12345678, 'not a VAP register: ignored')
    c.w(FMT0, 1)
    c.viewport(ena=0)
    c.w(VTX_SIZE, 1)
    c.psc([(0, 0)])
    c.draw(2, 3, 2, floats(1, 2) + floats(3))                         # one dword too many
    c.w(VF_CNTL, 0x00020032)
    c.w(IDX_PORT, 0x44444444, 'the other port: dropped')
    c.w(DATA_PORT, fbits(5))
    c.w(DATA_PORT, fbits(6))
    c.w(VTX_SIZE, 2, 'parked until the draw ends')
    c.w(VAP_CNTL, 1 << 17)
    c.draw(4, 3, 1, floats(7, 7))                                     # NO_RENDER: no draw
    c.w(VAP_CNTL, 0)
    c.draw(4, 0, 1, floats(8, 8))                                     # PRIM_WALK 0: no draw
    c.draw(4, 3, 0)                                                   # NUM_VERTICES 0: no draw
    c.w(ALT_NUM, 0xFF000003)
    c.w(VF_CNTL, 0x00014034, 'USE_ALT_NUM_VERTS: 3 vertices, not 1')
    for d in floats(9, 10, 11, 12, 13, 14):
        c.w(DATA_PORT + 0x24, d)
    c.w(VTX_SIZE, 0)
    c.draw(3, 3, 2)                                                   # no dwords at all: empty vertices
    c.w(0x2086, 0xFFFFFFFF, 'unaligned: ignored')
    c.w(VTX_SIZE, 2)
    c.draw(3, 3, 1, floats(15, 16))
    out.append(c)

    # Back-pressure and memory latency: the FSM's timing under stalls.
    c = Case('backpressure', 'an indexed draw and an embedded draw under random back-pressure with a memory '
             'latency of 1..8 cycles', backpressure='random:0.5', latency='1:8')
    c.preload(ARR, floats(*[i * 0.5 for i in range(96)]))
    c.w(NUM_ARRAYS, 1)
    c.w(0x20C4, 6 | 6 << 8)
    c.w(0x20C8, ARR)
    c.psc([(2, 0), (2, 2)])
    c.w(FMT0, 3)
    c.viewport(2.0, 1.0, 3.0, -1.0, 0.5, 0.0)
    c.draw(4, 1, 12, [0x00020001, 0x00040003, 0x00060005, 0x00010002, 0x00030004, 0x00050006], idx32=0)
    c.w(VTX_SIZE, 6)
    c.draw(6, 3, 6, floats(*range(36)))
    out.append(c)

    # A real driver's programming: Mesa's classic r300 blit (r300_blit.c: emit_vap_setup and
    # emit_draw_packet), register values only: VTE_CNTL = XY_FMT|Z_FMT with VTX_SIZE 4 in one
    # sequence, SGN_NORM 0xAAAAAAAA, two FLOAT_2 elements (position at 0, the texture
    # coordinate at 6 with TCL off, LAST_VEC), swizzle X Y 0 1 with all writes, POS and a
    # 4-component texture 0, then 3D_DRAW_IMMD_2 of a quad: 4 << 16, 16 dwords.
    c = Case('mesa_blit', "the VAP state and quad draw of Mesa's classic r300 blit (r300_blit.c): "
             'VF_CNTL = VERTEX_EMBEDDED | 4 << 16 | QUADS with 16 dwords at VTX_SIZE 4 (N vertices, '
             'decision 1), texture coordinates at location 6 (decision 9), window coordinates with '
             'VTX_XY_FMT | VTX_Z_FMT and no scale/offset (decision 10)')
    c.w(VTE_CNTL, 0x300)
    c.w(VTX_SIZE, 4)
    c.w(SGN_NORM, 0xAAAAAAAA)
    xy01 = sw(0, 1, 4, 5)
    c.w(PSC, (1 | 0 << 8) | (1 | 6 << 8 | 1 << 13) << 16)
    c.w(PSC_EXT, xy01 | xy01 << 16)
    c.w(FMT0, 1)
    c.w(FMT1, 4)
    x0, y0, w, h = 16.0, 8.0, 64.0, 32.0
    tex = (0.25, 0.75, 0.125, 0.625)
    c.w(VF_CNTL, 3 << 4 | 4 << 16 | 13, '3D_DRAW_IMMD_2: VERTEX_EMBEDDED, 4 vertices, QUADS')
    for d in floats(x0, y0, tex[0], tex[2], x0, y0 + h, tex[0], tex[3],
                    x0 + w, y0 + h, tex[1], tex[3], x0 + w, y0, tex[1], tex[2]):
        c.w(DATA_PORT, d)
    out.append(c)

    # Many operands, drawn from a fixed seed, so the reference's rationals judge the arithmetic.
    r = rng.stimulus(1010)

    def rfloat():
        k = r.randrange(8)
        if k == 0:
            return r.choice([0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F7FFFFF, 0x00800000,
                               0x00000001, 0x807FFFFF])
        if k == 1:
            return r.getrandbits(32) & 0x807FFFFF          # denormals
        if k == 2:
            return r.getrandbits(32) & 0x80FFFFFF | r.choice([0x7F000000, 0x7E800000, 0x01000000])
        if k == 3:
            return r.getrandbits(32)
        return (r.getrandbits(32) & 0x807FFFFF) | r.randrange(110, 145) << 23

    c = Case('viewport_random', '1,536 viewport multiply-adds on operands drawn from a fixed seed (random '
             'bits, denormals, values near overflow and underflow, specials), every enable combination')
    c.w(FMT0, 1)
    c.w(VTX_SIZE, 4)
    c.psc([(3, 0)])
    for k in range(64):
        c.viewport(*[rfloat() for _ in range(6)], ena=k)
        c.draw(1, 3, 8, [rfloat() for _ in range(32)])
    out.append(c)

    c = Case('pvs_path', 'PVS_BYPASS 0 (the reset value, then written): the vectors go by DST_VEC_LOC to the '
             'PVS input memory, one record per location up to the highest written, unwritten ones with '
             'wmask 0; no viewport transform, VAP_OUT_VTX_FMT not used; a vertex with nothing written '
             'gives one empty record; bypass and PVS draws alternate (decision 9)', tcl=True)
    c.w(FMT0, 1)
    c.w(FMT1, 0)
    c.viewport(2.0, 3.0, 4.0, 5.0, 6.0, 7.0)
    c.w(VTX_SIZE, 7)
    c.psc([(3, 0), (5, 1), (1, 3, sw(0, 1, 4, 5, 0x3))])
    col = [0x80FF4020, 0x11223344, 0xFFFFFFFF]
    data = []
    for v in range(3):
        data += floats(1.0 + v, 2.0 - v, 0.5, 1.0) + [col[v]] + floats(0.25 * v, 0.75)
    c.draw(4, 3, 3, data)
    c.w(CNTL_STATUS, 0x100, 'PVS_BYPASS 1: the same draw through the bypass slots')
    c.draw(4, 3, 3, data)
    c.w(CNTL_STATUS, 0, 'PVS_BYPASS 0 again')
    c.psc([(3, 13), (0, 7, sw(0, 0, 0, 0, 0))])
    c.w(VTX_SIZE, 5)
    c.draw(1, 3, 2, floats(9.0, 8.0, 7.0, 6.0, 5.0, -1.0, -2.0, -3.0, -4.0, -5.0))
    c.psc([(0, 4, sw(0, 0, 0, 0, 0))])
    c.w(VTX_SIZE, 1)
    c.draw(1, 3, 2, floats(1.0, 2.0))
    r2 = rng.stimulus(2525)
    for k in range(12):
        ne = r2.randrange(1, 6)
        el, need = [], 0
        for e in range(ne):
            t = r2.choice([0, 1, 2, 3, 5, 6, 10, 11])
            el.append((t, r2.randrange(14), r2.getrandbits(12) | r2.randrange(16) << 12))
            need += NDW[t]
        c.psc(el)
        c.w(VTX_SIZE, need)
        c.draw(2, 3, 2, [r2.getrandbits(32) for _ in range(2 * need)])
    out.append(c)

    c = Case('psc_random', '96 random PSC programs (every fixed-point type, SIGNED, NORMALIZE, methods, '
             'swizzles, write enables, skips) on random data, drawn from a fixed seed')
    c.w(FMT0, 0x1001F)
    c.w(FMT1, 0o44444444)
    c.viewport(ena=0)
    for k in range(96):
        ne = r.randrange(1, 9)
        el, need = [], 0
        for e in range(ne):
            t = r.choice([4, 5, 6, 7, 8, 9, 11, 12, r.randrange(16)])
            skip = r.choice([0, 0, 0, 1, 2])
            x = r.getrandbits(12) if r.randrange(3) == 0 else SW_ID
            el.append((t, r.randrange(14), x | r.randrange(16) << 12, skip, r.randrange(2), r.randrange(2)))
            need += NDW[t] + (skip if e + 1 < ne else 0)
        c.psc(el)
        c.w(SGN_NORM, r.getrandbits(32))
        c.w(VTX_SIZE, need)
        c.draw(2, 3, 2, [r.getrandbits(32) if r.randrange(2) else r.choice([0, 0xFFFFFFFF, 0x80808080,
                                                                               0x7F7F7F7F, 0x80008000, 0x7FFF7FFF])
                         for _ in range(2 * need)])
    out.append(c)

    # The six viewport registers through their 0x1D98 mirror, each alone (rcosim mutate, seed 29:
    # the YOFFSET mirror 0x1DA4 was never written, so a wrong decode of it survived).
    c = Case('viewport_mirror', 'each of the six viewport registers (XSCALE, XOFFSET, YSCALE, YOFFSET, ZSCALE, '
             'ZOFFSET) written alone through its mirror 0x1D98 + 4k, the others through 0x2098, a vertex drawn '
             'after each: every mirror address moves its own component only')
    c.w(FMT0, 1)
    c.w(VTX_SIZE, 4)
    c.psc([(3, 0)])
    c.viewport(1.0, 0.0, 1.0, 0.0, 1.0, 0.0, ena=0x3F)
    vals = [fbits(x) for x in (3.0, 5.0, 7.0, 1.0)]
    for k in range(6):
        c.w(0x1D98 + 4 * k, fbits((2.0, 0.5, 4.0, -1.5, 8.0, 0.25)[k]), 'the viewport register %d at its mirror' % k)
        c.draw(1, 3, 1, vals)
        c.w(VPORT + 4 * k, fbits(1.0 if k % 2 == 0 else 0.0), 'and back through 0x2098')
    c.draw(1, 3, 1, vals)
    out.append(c)
    return out


# ---- the check -----------------------------------------------------------------------------

def records(lines, v):
    """(what, the vector's records, the reference's) of a stimulus and its golden vector v."""
    vtx, reads = reference(lines)
    gv = [tuple(x[:10]) for _, x in v.outputs('vtx')]
    gr = [x[0] for _, x in v.outputs('memreq')]
    return (('vtx', gv, vtx), ('memory read', gr, reads))


def check(vecdir):
    self_test()
    return chk.check_all(vecdir, records)


def check_vectors(paths):
    """Any vector with an expect section (e.g. a random one from 'rcosim gen --block r5xx.vap'):
    its vtx records and memory reads against reference() of its own inputs."""
    self_test()
    bad = n = 0
    for path in paths:
        vtx, reads = reference(vector.raw_text(path).split('\n'))
        v = vector.read(path)
        gv = [tuple(x[:10]) for _, x in v.outputs('vtx')]
        gr = [x[0] for _, x in v.outputs('memreq')]
        for what, got, want in (('vtx', gv, vtx), ('memory read', gr, reads)):
            n += len(want)
            bad += chk.compare(path, what, got, want, limit=20)
    return chk.verdict(n, bad)


def main(argv):
    return chk.main(argv, __doc__.split('\n\n')[-1] + '\n', check, cases, {'--check-vector': (None, lambda *p: check_vectors(list(p)))})


if __name__ == '__main__':
    sys.exit(main(sys.argv))
