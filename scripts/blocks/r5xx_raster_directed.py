#!/usr/bin/env python3
"""r5xx_raster_directed.py - write the directed stimulus files of r5xx.raster
(vectors/r5xx/raster/stim/*.stim), or check the golden vectors made from them against an
independent Python statement of the block (docs/blocks/r5xx.raster.md).

Each case programs the raster registers on `regw` and then sends one or more draws of output
vertices on `vtx`, every phase far enough after the previous one that its register writes are in
before its vertices arrive (registers are taken only while the block waits for vertices).
'rcosim gen --stimulus X.stim -o X.vec' turns a stimulus into a golden vector (the C model's
outputs; scripts/regen-vectors does all of them).  '--check VECDIR' replays every stimulus
through reference() below - written from docs/blocks/r5xx.raster.md with exact rational arithmetic
(fractions.Fraction), not from the C model - and compares every fragment (prim, x, y, z, back,
argb, in order) with the vectors' expected outputs, and for the vectors without back-pressure
also the cycle each fragment fires (the documented cycle costs).

Usage: r5xx_raster_directed.py OUTDIR                write OUTDIR/*.stim
       r5xx_raster_directed.py --check VECDIR        compare VECDIR/*.vec with VECDIR/stim/*.stim
       r5xx_raster_directed.py --check-vector VEC    compare one vector made under 'backpressure always'
                                                (e.g. rcosim gen --block r5xx.raster) with the reference
"""
import math
import struct
import sys
from fractions import Fraction

from rcosim_py import check as chk
from rcosim_py import vector
from blocks import prim_sf_ref as sf

# Register byte addresses (docs/blocks/r5xx.raster.md "Registers snooped").
FMT0, FMT1, TILECFG, RS_IP0, POINT, LINE = 0x2090, 0x2094, 0x4018, 0x4074, 0x421C, 0x4234
COLCTL, ROUND, PO_FRONT, PO_BACK, PO_EN, CULL = 0x4278, 0x428C, 0x42A8, 0x42B0, 0x42B4, 0x42B8
DSCALE, DOFF, RS_INST0, EDGERULE, CLIP0A, CLIPRULE = 0x42C0, 0x42C4, 0x4320, 0x43A8, 0x43B0, 0x43D0
SC0, SC1, AFUNC, AVAL, ZFMT = 0x43E0, 0x43E4, 0x4BD4, 0x4BE0, 0x4F10
PO_FSCALE, PO_BSCALE = 0x42A4, 0x42AC
RS_COUNT, RS_ICOUNT = 0x4300, 0x4304           # the quad path (docs "The programmable path")
OWNED = {FMT0, FMT1, TILECFG, POINT, LINE, COLCTL, ROUND, PO_FRONT, PO_BACK, PO_FSCALE, PO_BSCALE, PO_EN, CULL,
         DSCALE, DOFF,
         RS_INST0, EDGERULE, CLIPRULE, SC0, SC1, AFUNC, AVAL, ZFMT} | {RS_IP0 + 4 * i for i in range(16)} | \
        {CLIP0A + 4 * i for i in range(8)} | {RS_COUNT, RS_ICOUNT} | {RS_INST0 + 4 * i for i in range(16)}
POINTS, LINES, TRIS = 1, 2, 3
MESA_EDGERULE = 0x2DA49525


class Bits(int):
    """A binary32 given as its bit pattern (NaN, infinities)."""


def f32(x):
    """binary32 bits of a Python float (exactly representable values are used)."""
    return struct.unpack('<I', struct.pack('<f', x))[0]


def xy13(x, y):
    return (x & 0x1FFF) | (y & 0x1FFF) << 13


# ---- the reference statement of docs/blocks/r5xx.raster.md ----------------------------------------

def fx(bits, k, shift, nearest, lo, hi):
    """docs 'fx', on exact rationals: the binary32 value times k * 2^shift, floor or nearest
    (ties up), NaN -> 0, inf -> the clamp, denormals -> 0, saturated to [lo, hi]."""
    e, m, s = (bits >> 23) & 255, bits & 0x7FFFFF, bits >> 31
    if e == 255:
        r = 0 if m else (lo if s else hi)
    elif e == 0:
        r = 0
    else:
        v = Fraction((1 << 23) | m) * Fraction(2) ** (e - 150)
        v = (-v if s else v) * k * Fraction(2) ** shift
        r = math.floor(v + Fraction(1, 2)) if nearest else math.floor(v)
    return min(max(r, lo), hi)


def slope(bits, g, a):
    """docs 'Polygon offset': value(f) * g / a to nearest (ties up), saturated to +-2^24; NaN,
    zero and denormals give 0, infinities the saturation (when g > 0)."""
    e, m, s = (bits >> 23) & 255, bits & 0x7FFFFF, bits >> 31
    if (e == 255 and m) or e == 0 or g == 0:
        return 0
    if e == 255:
        return -(1 << 24) if s else 1 << 24
    v = Fraction((1 << 23) | m) * Fraction(2) ** (e - 150) * g / a
    v = -v if s else v
    return min(max(math.floor(v + Fraction(1, 2)), -(1 << 24)), 1 << 24)


def floor_div(a, b):
    return a // b          # Python's // is a floor


def divr(n, d):
    return floor_div(2 * n + d, 2 * d)


class Regs:
    def __init__(self):
        self.r = {a: 0 for a in OWNED}
        self.r[DSCALE] = 0x3F800000
        self.wcount = 0          # every accepted write, 16 bits

    def __getitem__(self, a):
        return self.r[a]

    def write(self, a, d):
        self.wcount = (self.wcount + 1) & 0xFFFF
        if a in self.r:
            self.r[a] = d


def subpix(r):
    return 16 if r[TILECFG] >> 16 & 1 else 12


def sources(r):
    """Channel sources A, R, G, B: ('k', 0|1) constants or ('s', slot, comp)."""
    fmt0, fmt1, inst = r[FMT0], r[FMT1], r[RS_INST0]
    pt = fmt0 >> 16 & 1
    present = [fmt0 >> (1 + k) & 1 for k in range(4)]
    if (inst >> 16) & 3 == 0 and inst >> 4 & 1:                       # texture path
        ip = r[RS_IP0 + 4 * (inst & 15)]
        packet, t = [], 0
        for n in range(8):
            cnt = min((fmt1 >> (3 * n)) & 7, 4)
            if cnt:
                slot = 1 + pt + sum(present) + t
                t += 1
                packet += [('s', slot, j) for j in range(cnt)]
        def ptr(p):
            if p == 62:
                return ('k', 0)
            if p == 63:
                return ('k', 1)
            return packet[p] if p < len(packet) else ('k', 0)
        s_, t_, r_, q_ = [ptr((ip >> (6 * i)) & 63) for i in range(4)]
        return [q_, s_, t_, r_]
    ip = r[RS_IP0 + 4 * ((inst >> 12) & 15)]
    k = (ip >> 24) & 7
    if k < 4 and present[k]:
        slot = 1 + pt + sum(present[:k])
        src = [('s', slot, 3), ('s', slot, 0), ('s', slot, 1), ('s', slot, 2)]
    else:
        src = [('k', 0)] * 4
    fmt = (ip >> 27) & 15
    z, o = ('k', 0), ('k', 1)
    if fmt == 1:
        src[0] = z
    elif fmt == 2:
        src[0] = o
    elif fmt == 4:
        src[1:] = [z] * 3
    elif fmt == 5:
        src = [z] * 4
    elif fmt == 6:
        src = [o, z, z, z]
    elif fmt == 8:
        src[1:] = [o] * 3
    elif fmt == 9:
        src = [z, o, o, o]
    elif fmt == 10:
        src = [o] * 4
    return src


def vertex(r, slots):
    S = subpix(r)
    near = (r[ROUND] & 3) == 1
    x = fx(slots.get(0, [0] * 4)[0], S, 0, near, -(1 << 18), (1 << 18) - 1)
    y = fx(slots.get(0, [0] * 4)[1], S, 0, near, -(1 << 18), (1 << 18) - 1)
    zq = fx(slots.get(0, [0] * 4)[2], 1, 24, True, -(1 << 26), 1 << 26)
    sq = fx(r[DSCALE], 1, 8, True, -(1 << 33), (1 << 33) - 1)
    oq = fx(r[DOFF], 1, 8, True, -(1 << 33), (1 << 33) - 1)
    d = (zq * sq) // (1 << 24) + oq
    z = min(max((d + 128) // 256, 0), 0xFFFFFF)
    c = []
    for src in sources(r):
        if src[0] == 'k':
            c.append(65535 if src[1] else 0)
        else:
            c.append(fx(slots.get(src[1], [0] * 4)[src[2]], 65535, 0, True, 0, 65535))
    # the quad path's raw RS data: attribute j < 32 = packet component j, 32 + 4k + c = colour k's c
    fmt0, fmt1 = r[FMT0], r[FMT1]
    pt = fmt0 >> 16 & 1
    present = [fmt0 >> (1 + k) & 1 for k in range(4)]
    packet, t = [], 0
    for n in range(8):
        cnt = min((fmt1 >> (3 * n)) & 7, 4)
        if cnt:
            slot = 1 + pt + sum(present) + t
            t += 1
            packet += [slots.get(slot, [0] * 4)[j] for j in range(cnt)]
    attrs = packet + [0] * (32 - len(packet))
    for k in range(4):
        slot = 1 + pt + sum(present[:k])
        attrs += [slots.get(slot, [0] * 4)[j] if present[k] else 0 for j in range(4)]
    return {'x': x, 'y': y, 'z': z, 'c': c, 'q': slots.get(0, [0] * 4)[3], 'a': attrs}


def assemble(prim, n, dlast, N, P1, P2, P3, F):
    if prim == 1:
        return [(POINTS, [N])]
    if prim == 2:
        return [(LINES, [P1, N])] if n % 2 == 1 else []
    if prim == 3:
        return [(LINES, [P1, N])] if n >= 1 else []
    if prim == 12:
        if n < 1:
            return []
        return [(LINES, [P1, N])] + ([(LINES, [N, F])] if dlast else [])
    if prim in (4, 7):
        return [(TRIS, [P2, P1, N])] if n % 3 == 2 else []
    if prim in (5, 15):
        return [(TRIS, [F, P1, N])] if n >= 2 else []
    if prim == 6:
        if n < 2:
            return []
        return [(TRIS, [P1, P2, N])] if n % 2 else [(TRIS, [P2, P1, N])]
    if prim == 13:
        return [(TRIS, [P3, P2, P1]), (TRIS, [P3, P1, N])] if n % 4 == 3 else []
    if prim == 14:
        return [(TRIS, [P3, P2, P1]), (TRIS, [P1, P2, N])] if n >= 3 and n % 2 else []
    return []


def tie_in(rule, a, b):
    if rule < 16:
        bit = 3 if a > 0 else 2 if a < 0 else (1 if b > 0 else 0)
    else:
        bit = (1 if a > 0 else 0) if b == 0 else (2 if b > 0 else 3)
    return not (rule >> bit & 1)


def edge(c, i, j, sx, sy):
    (xi, yi), (xj, yj) = c[i], c[j]
    return (xj - xi) * (sy - yi) - (yj - yi) * (sx - xi), -(yj - yi), xj - xi


def alpha_ok(r, a16):
    f = r[AFUNC]
    if not f >> 11 & 1:
        return True
    a, ref = (a16 >> 8, f & 0xFF) if f >> 12 & 1 else (a16 >> 6, r[AVAL] & 0x3FF)
    return [False, a < ref, a == ref, a <= ref, a > ref, a != ref, a >= ref, True][(f >> 8) & 7]


def primitive(r, kind, vs, index):
    """One primitive: (its walk length in cycles, [(walk offset, (prim, x, y, z, back, argb))])."""
    S = subpix(r)
    pvsel = (r[COLCTL] >> 16) & 3
    po_f = fx(r[PO_FRONT], 1, 0, True, -(1 << 24), 1 << 24)
    po_b = fx(r[PO_BACK], 1, 0, True, -(1 << 24), 1 << 24)
    back = 0
    if kind == TRIS:
        v0, v1, v2 = vs
        cross = (v1['x'] - v0['x']) * (v2['y'] - v0['y']) - (v2['x'] - v0['x']) * (v1['y'] - v0['y'])
        front = (cross > 0) != bool(r[CULL] >> 2 & 1)
        back = 0 if front else 1
        if cross == 0 or (front and r[CULL] & 1) or (not front and r[CULL] & 2):
            return 0, []
        prov = vs[2 if pvsel == 3 else pvsel]
        if cross < 0:
            v1, v2 = v2, v1
        tv = [v0, v1, v2]
        corners = [(v['x'], v['y']) for v in tv]
        rule = r[EDGERULE] & 31
        area = abs(cross)
        (x0, y0, z0), (x1, y1, z1), (x2, y2, z2) = [(v['x'], v['y'], v['z']) for v in tv]
        g = max(abs((z1 - z0) * (y2 - y0) - (z2 - z0) * (y1 - y0)), abs((z2 - z0) * (x1 - x0) - (z1 - z0) * (x2 - x0)))
        if front:
            po = po_f + slope(r[PO_FSCALE], g, area) if r[PO_EN] & 1 else 0
        else:
            po = po_b + slope(r[PO_BSCALE], g, area) if r[PO_EN] & 2 else 0
    elif kind == POINTS:
        v = vs[0]
        W, H = r[POINT] >> 16, r[POINT] & 0xFFFF
        if W == 0 or H == 0:
            return 0, []
        prov, tv = v, [v]
        corners = [(v['x'] - W, v['y'] - H), (v['x'] + W, v['y'] - H), (v['x'] + W, v['y'] + H),
                   (v['x'] - W, v['y'] + H)]
        rule = (r[EDGERULE] >> 5) & 31
        po = po_f if r[PO_EN] & 5 == 5 else 0
    else:
        v0, v1 = vs
        dx, dy, L = v1['x'] - v0['x'], v1['y'] - v0['y'], r[LINE] & 0xFFFF
        if (dx == 0 and dy == 0) or L == 0:
            return 0, []
        xmajor = abs(dx) >= abs(dy)
        ox, oy = (0, L) if xmajor else (L, 0)
        q = [(v0['x'] - ox, v0['y'] - oy), (v1['x'] - ox, v1['y'] - oy), (v1['x'] + ox, v1['y'] + oy),
             (v0['x'] + ox, v0['y'] + oy)]
        cr = (q[1][0] - q[0][0]) * (q[2][1] - q[0][1]) - (q[2][0] - q[0][0]) * (q[1][1] - q[0][1])
        corners = q if cr >= 0 else [q[0], q[3], q[2], q[1]]
        sh = (10 if dx > 0 else 15) if xmajor else (20 if dy > 0 else 25)
        rule = (r[EDGERULE] >> sh) & 31
        prov, tv = vs[0 if pvsel == 0 else 1], [v0, v1]
        po = po_f if r[PO_EN] & 5 == 5 else 0
    k = (r[RS_IP0 + 4 * ((r[RS_INST0] >> 12) & 15)] >> 24) & 7
    texpath = (r[RS_INST0] >> 16) & 3 == 0 and r[RS_INST0] >> 4 & 1
    k = k if k < 4 else 0
    flat_rgb = not texpath and (r[COLCTL] >> (4 * k)) & 3 < 2
    flat_a = not texpath and (r[COLCTL] >> (4 * k + 2)) & 3 < 2
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    h = S // 2
    px0, px1 = -floor_div(-(min(xs) - h), S), floor_div(max(xs) - h, S)
    py0, py1 = -floor_div(-(min(ys) - h), S), floor_div(max(ys) - h, S)
    px0, py0 = max(px0, r[SC0] & 0x1FFF, 0), max(py0, (r[SC0] >> 13) & 0x1FFF, 0)
    px1, py1 = min(px1, r[SC1] & 0x1FFF, 8191), min(py1, (r[SC1] >> 13) & 0x1FFF, 8191)
    ne = len(corners)
    if px0 > px1 or py0 > py1:
        return 0, []

    def evaluate(px, py, alpha):
        """One pixel: None if not emitted (alpha: with the alpha test), else (z, argb)."""
        sx, sy = px * S + h, py * S + h
        es = []
        for i in range(ne):
            e, a, b = edge(corners, i, (i + 1) % ne, sx, sy)
            es.append(e)
            if e < 0 or (e == 0 and not tie_in(rule, a, b)):
                return None
        idx = 0
        for n in range(4):
            A, B = r[CLIP0A + 8 * n], r[CLIP0A + 8 * n + 4]
            if (A & 0x1FFF) <= px <= (B & 0x1FFF) and (A >> 13 & 0x1FFF) <= py <= (B >> 13 & 0x1FFF):
                idx |= 1 << n
        if not r[CLIPRULE] >> idx & 1:
            return None
        vals = []
        for a in range(5):
            def at(v):
                return v['z'] if a == 0 else v['c'][a - 1]
            if kind == POINTS:
                vals.append(at(tv[0]))
            elif kind == TRIS:
                c0, c1, c2 = at(tv[0]), at(tv[1]), at(tv[2])
                vals.append(c0 + divr((c1 - c0) * es[2] + (c2 - c0) * es[0], area))
            else:
                c0, c1 = at(tv[0]), at(tv[1])
                t = sx - tv[0]['x'] if xmajor else sy - tv[0]['y']
                d = tv[1]['x'] - tv[0]['x'] if xmajor else tv[1]['y'] - tv[0]['y']
                if d < 0:
                    t, d = -t, -d
                t = min(max(t, 0), d)
                vals.append(c0 + divr((c1 - c0) * t, d))
        if flat_rgb:
            vals[2:5] = prov['c'][1:4]
        if flat_a:
            vals[1] = prov['c'][0]
        if alpha and not alpha_ok(r, vals[1]):
            return None
        z24 = min(max(vals[0] + po, 0), 0xFFFFFF)
        z = z24 >> 8 if (r[ZFMT] & 15) <= 1 else z24
        return z, vals[1] << 48 | vals[2] << 32 | vals[3] << 16 | vals[4]

    if r[RS_COUNT]:
        return quad_walk(r, kind, tv, area if kind == TRIS else 0, xmajor if kind == LINES else 0,
                         back, index, (px0, px1, py0, py1), evaluate)
    out = []
    for py in range(py0, py1 + 1):
        for px in range(px0, px1 + 1):
            e = evaluate(px, py, True)
            if e is not None:
                out.append(((py - py0) * (px1 - px0 + 1) + px - px0, ('frag', (index & 0xFFFF, px, py, e[0], back, e[1]))))
    return (px1 - px0 + 1) * (py1 - py0 + 1), out


# ---- the quad path (docs "The programmable path"), on prim_sf_ref's sf ops --------------------

def cvt(n):
    """docs 'cvt': integer to binary32 rounded toward zero."""
    if n == 0:
        return 0
    s, m = (1 << 31 if n < 0 else 0), abs(n)
    k = m.bit_length() - 1
    man = m << (23 - k) if k <= 23 else m >> (k - 23)
    return s | (127 + k) << 23 | (man & 0x7FFFFF)


def records(r):
    """docs 'Records of a quad': [(addr, [source of r, g, b, a])], a source being an attribute
    index or ('k', 0 | 1)."""
    recs = []
    for i in range((r[RS_ICOUNT] & 15) + 1):
        inst = r[RS_INST0 + 4 * i]
        if inst >> 4 & 1:
            ip = r[RS_IP0 + 4 * (inst & 15)]
            src = []
            for c in range(4):
                p = (ip >> (6 * c)) & 63
                src.append(p if p < 32 else ('k', 1) if p == 63 else ('k', 0))
            recs.append(((inst >> 5) & 127, src))
        if (inst >> 16) & 3:
            ip = r[RS_IP0 + 4 * ((inst >> 12) & 15)]
            k = (ip >> 24) & 7
            src = [32 + 4 * k + c if k < 4 else ('k', 0) for c in range(4)]
            Z, O = ('k', 0), ('k', 1)
            fmt = (ip >> 27) & 15
            repl = {1: (None, None, None, Z), 2: (None, None, None, O), 4: (Z, Z, Z, None), 5: (Z, Z, Z, Z),
                    6: (Z, Z, Z, O), 8: (O, O, O, None), 9: (O, O, O, Z), 10: (O, O, O, O)}.get(fmt)
            if repl:
                src = [x if y is None else y for x, y in zip(src, repl)]
            recs.append(((inst >> 18) & 127, src))
    return recs or [(0, [('k', 0)] * 4)]


def rs_value(kind, tv, area, xmajor, S, px, py, src):
    """One channel of one pixel: docs 'Interpolation on the sf datapath'."""
    if isinstance(src, tuple):
        return 0x3F800000 if src[1] else 0
    if kind == POINTS:
        return tv[0]['a'][src]
    sx, sy = px * S + S // 2, py * S + S // 2
    neg = 0x80000000
    if kind == TRIS:
        (x0, y0), (x1, y1), (x2, y2) = [(v['x'], v['y']) for v in tv]
        w1 = (x0 - x2) * (sy - y2) - (y0 - y2) * (sx - x2)
        w2 = (x1 - x0) * (sy - y0) - (y1 - y0) * (sx - x0)
        ra = sf.rcp(cvt(area))
        b1, b2 = sf.mul(cvt(w1), ra), sf.mul(cvt(w2), ra)

        def lerp(a):
            return sf.mad(b2, sf.add(a[2], a[0] ^ neg), sf.mad(b1, sf.add(a[1], a[0] ^ neg), a[0]))
    else:
        t = sx - tv[0]['x'] if xmajor else sy - tv[0]['y']
        d = tv[1]['x'] - tv[0]['x'] if xmajor else tv[1]['y'] - tv[0]['y']
        if d < 0:
            t, d = -t, -d
        b1 = sf.mul(cvt(t), sf.rcp(cvt(d)))

        def lerp(a):
            return sf.mad(b1, sf.add(a[1], a[0] ^ neg), a[0])
    R = sf.rcp(lerp([v['q'] for v in tv]))
    return sf.mul(lerp([sf.mul(v['a'][src], v['q']) for v in tv]), R)


def quad_walk(r, kind, tv, area, xmajor, back, index, box, evaluate):
    """docs 'The quad walk': (walk cycles, [(offset, (channel, values))])."""
    px0, px1, py0, py1 = box
    S = subpix(r)
    recs = records(r)
    out, off = [], 0
    for qy in range(py0 & ~1, (py1 & ~1) + 1, 2):
        for qx in range(px0 & ~1, (px1 & ~1) + 1, 2):
            cov, zs = 0, [0] * 4
            for p in range(4):
                x, y = qx + (p & 1), qy + (p >> 1)
                e = evaluate(x, y, False) if px0 <= x <= px1 and py0 <= y <= py1 else None
                if e is not None:
                    cov |= 1 << p
                    zs[p] = e[0]
            if not cov:
                off += 1
                continue
            out.append((off, ('zq', (index & 0xFFFF, qx, qy, cov, back) + tuple(zs))))
            for i, (addr, src) in enumerate(recs):
                vals = []
                for p in range(4):
                    ch = [rs_value(kind, tv, area, xmajor, S, qx + (p & 1), qy + (p >> 1), s_) for s_ in src]
                    vals += [ch[1] << 32 | ch[0], ch[3] << 32 | ch[2]]
                out.append((off, ('quad', (r.wcount, addr, cov, int(i == len(recs) - 1)) + tuple(vals))))
                off += 1
    return off, out


def reference(stim_lines):
    """Run a stimulus (its phases never overlap) with an always-ready frag: the fragments in
    order, each with the cycle it fires (docs 'Micro-architecture': a vertex's last slot fires at
    c, VERT is c + 1, each primitive takes one SETUP cycle and one WALK cycle per box pixel, a
    pixel evaluated at WALK cycle t fires at t + 1; inputs are taken only in RECV, an input
    without a cycle stamp is offered from the cycle after the one before it on its channel)."""
    r = Regs()
    q = {'regw': [], 'vtx': []}
    for ch, at, vals in vector.parse(stim_lines).events:
        q[ch].append((at or 0, vals))
    slots, frags = {}, []
    n, P1, P2, P3, F, index = 0, None, None, None, None, 0
    free, prev, head = 0, {'regw': -1, 'vtx': -1}, {'regw': 0, 'vtx': 0}

    def cand(ch):
        if head[ch] >= len(q[ch]):
            return None
        return max(q[ch][head[ch]][0], prev[ch] + 1, free)
    while True:
        cr, cv = cand('regw'), cand('vtx')
        if cr is None and cv is None:
            break
        ch = 'regw' if cv is None or (cr is not None and cr <= cv) else 'vtx'
        c = cr if ch == 'regw' else cv
        vals = q[ch][head[ch]][1]
        head[ch] += 1
        prev[ch] = c
        if ch == 'regw':
            r.write(vals[0], vals[1])
            continue
        _, slot, x, y, z, w, _, vlast, dlast, prim = vals
        slots[slot] = [x, y, z, w]
        if not vlast:
            continue
        N = vertex(r, slots)
        slots = {}
        t = c + 2                                   # the first SETUP (or RECV again)
        for kind, vs in assemble(prim, n, dlast, N, P1, P2, P3, F):
            walk, fr = primitive(r, kind, vs, index)
            frags += [(t + 2 + i, x) for i, x in fr]
            t += 1 + walk
            index += 1
        free = t
        if n == 0:
            F = N
        P3, P2, P1 = P2, P1, N
        n = 0 if dlast else n + 1
    return frags


# ---- the directed cases ----------------------------------------------------------------------

class Case:
    def __init__(self, name, title, backpressure='always'):
        self.name, self.title, self.bp = name, title, backpressure
        self.lines, self.t, self.vert = [], 10, 0

    def regs(self, *pairs):
        for a, d in pairs:
            self.lines.append('in regw @%d %04x %08x' % (self.t, a, d))
        self.t += len(pairs) + 2
        return self

    def draw(self, prim, verts, gap=None):
        """verts: list of vertices, each a list of slots (x, y, z, w floats or bit ints)."""
        first = True
        for i, slots in enumerate(verts):
            for s, comps in enumerate(slots):
                bits = [int(c) if isinstance(c, Bits) else f32(float(c)) for c in comps]
                at = ' @%d' % self.t if first else ''
                first = False
                self.lines.append('in vtx%s %04x %x %08x %08x %08x %08x f %x %x %x' % (
                    at, i & 0xFFFF, s, bits[0], bits[1], bits[2], bits[3], int(s + 1 == len(slots)),
                    int(s + 1 == len(slots) and i + 1 == len(verts)), prim))
        # far enough: every slot, and every primitive's walk at one pixel a clock (generous)
        self.t += gap if gap is not None else 400 * len(verts) + 100
        return self

    def write(self, outdir):
        vector.write_stim(
            outdir, self.name, 'r5xx.raster', self.title, __file__,
            notes=['r5xx_raster_directed.py --check replays it through its own reference of docs/blocks/r5xx.raster.md'],
            body=self.lines, backpressure=self.bp, latency=None)


def base(sub=1, scissor=(0, 0, 63, 63), cols=1, rule=0xFFFF, edgerule=MESA_EDGERULE):
    """A common set-up: position + colour 0, Gouraud RGBA, scissor, no clipping, Mesa's edge
    rule, depth scale 2^24 - 1 into Z24, no alpha test."""
    return [(FMT0, 1 | cols << 1), (FMT1, 0), (TILECFG, sub << 16), (ROUND, 0),
            (SC0, xy13(scissor[0], scissor[1])), (SC1, xy13(scissor[2], scissor[3])),
            (CLIPRULE, rule), (EDGERULE, edgerule), (CULL, 0), (COLCTL, 0xAAAA),
            (RS_IP0, 0), (RS_INST0, 1 << 16), (DSCALE, f32(16777215.0)), (DOFF, 0), (ZFMT, 2),
            (AFUNC, 0), (POINT, 0), (LINE, 0)]


def V(x, y, z=0.5, c=(1.0, 0.0, 0.0, 1.0)):
    """A vertex: position slot and colour-0 slot (R, G, B, A)."""
    return [(x, y, z, 1.0), tuple(c)]


def cases():
    cs = []

    c = Case('tri_basic', 'one Gouraud triangle with red, green and blue corners at 1/16 subpixels, '
             'Mesa edge rule (top-left), depth 0.25/0.5/0.75 into Z24')
    c.regs(*base())
    c.draw(4, [V(1.0, 1.0, 0.25, (1.0, 0.0, 0.0, 1.0)), V(1.0, 13.0, 0.5, (0.0, 1.0, 0.0, 0.5)),
               V(13.0, 1.0, 0.75, (0.0, 0.0, 1.0, 0.0))])
    cs.append(c)

    c = Case('fact31_face', 'spec fact 31: SU_CULL_MODE.FACE = 0 makes a positive cross product front '
             '(culled by CULL_FRONT, kept by CULL_BACK with back = 0); FACE = 1 flips it; both windings')
    pos = [V(2.0, 2.0), V(10.0, 2.0), V(2.0, 10.0)]     # cross = 8*8 > 0 (subpixels: positive)
    neg = [V(2.0, 2.0), V(2.0, 10.0), V(10.0, 2.0)]
    for cull in (0, 1, 2, 4, 5, 6):
        c.regs(*base()).regs((CULL, cull))
        c.draw(4, pos)
        c.draw(4, neg)
    cs.append(c)

    c = Case('fact31_subpixel', 'spec fact 31: GB_TILE_CONFIG.SUBPIXEL = 1 means 1/16 pixel: a left edge '
             'at x = 0.5625 lies right of pixel 0\'s centre at 1/16 (9/16 > 8/16) but on it at 1/12 '
             '(floor(6.75) = 6 = 6/12), where the L-in rule covers it')
    for sub in (1, 0):
        c.regs(*base(sub=sub))
        c.draw(13, [V(0.5625, 0.0), V(0.5625, 4.0), V(4.0, 4.0), V(4.0, 0.0)])
    cs.append(c)

    c = Case('fact31_rs_const', 'spec fact 31: RS_IP texture pointers 62 and 63 select the constants 0.0 '
             'and 1.0 (texture path of RS_INST_0): S=63, T=62, R=0 (texture 0 x), Q=63')
    c.regs(*base()).regs((FMT1, 4), (RS_INST0, 1 << 4), (RS_IP0, 63 | 62 << 6 | 0 << 12 | 63 << 18))
    c.draw(4, [[(1.0, 1.0, 0.5, 1.0), (0.5, 0.0, 0.0, 1.0), (0.25, 0.5, 0.75, 1.0)],
               [(9.0, 1.0, 0.5, 1.0), (0.5, 0.0, 0.0, 1.0), (0.75, 0.5, 0.75, 1.0)],
               [(1.0, 9.0, 0.5, 1.0), (0.5, 0.0, 0.0, 1.0), (0.25, 0.5, 0.75, 1.0)]])
    c.regs((RS_IP0, 62 | 62 << 6 | 62 << 12 | 62 << 18))
    c.draw(4, [[(1.0, 1.0, 0.5, 1.0), (0.5, 0.0, 0.0, 1.0), (0.25, 0.5, 0.75, 1.0)],
               [(5.0, 1.0, 0.5, 1.0), (0.5, 0.0, 0.0, 1.0), (0.75, 0.5, 0.75, 1.0)],
               [(1.0, 5.0, 0.5, 1.0), (0.5, 0.0, 0.0, 1.0), (0.25, 0.5, 0.75, 1.0)]])
    cs.append(c)

    c = Case('fact25_alpha', 'spec fact 25: AF_FUNC 4 (greater) and 6 (greater or equal) with the 8-bit '
             'reference FG_ALPHA_FUNC[7:0] = 128 (AF_EN_8BIT) and the 10-bit FG_ALPHA_VALUE = 512: three 2x2 '
             'squares whose alpha quantises to ref - 1, ref and ref + 1 (GREATER keeps one, GE two); then the '
             'other six functions')

    def squares(eight):
        out = []
        for i, d in enumerate((-1, 0, 1)):
            a16 = (128 + d) * 256 + 128 if eight else (512 + d) * 64 + 32
            a = a16 / 65535.0
            x = 1.0 + 4 * i
            out += [V(x, 1.0, 0.5, (1, 1, 1, a)), V(x, 3.0, 0.5, (1, 1, 1, a)),
                    V(x + 2, 3.0, 0.5, (1, 1, 1, a)), V(x + 2, 1.0, 0.5, (1, 1, 1, a))]
        return out
    for func in (4, 6, 0, 1, 2, 3, 5, 7):
        for eight in (1, 0):
            c.regs(*base()).regs((AFUNC, 0x80 | func << 8 | 1 << 11 | eight << 12), (AVAL, 0x200))
            c.draw(13, squares(eight))
    c.regs(*base()).regs((AFUNC, 0x80 | 0 << 8 | 0 << 11 | 1 << 12))   # AF_EN = 0: every pixel passes
    c.draw(13, squares(1))
    cs.append(c)

    c = Case('prim_types', 'every PRIM_TYPE 0..15 on the same six vertices: points, line list/strip/loop, '
             'triangle list/fan/strip, wFlags, quads, polygon, the unused types (nothing)')
    six = [V(2.0, 2.0, 0.1, (1, 0, 0, 1)), V(12.0, 3.0, 0.2, (0, 1, 0, 1)), V(4.0, 11.0, 0.3, (0, 0, 1, 1)),
           V(14.0, 13.0, 0.4, (1, 1, 0, 1)), V(7.0, 18.0, 0.5, (0, 1, 1, 1)), V(17.0, 19.0, 0.6, (1, 0, 1, 1))]
    for prim in range(16):
        c.regs(*base()).regs((POINT, 24 << 16 | 20), (LINE, 10))
        c.draw(prim, six)
    cs.append(c)

    c = Case('edge_rules', 'a triangle and a square with every vertex on a pixel centre, under ER_TRI '
             '0, 5 (top-left), 10, 15, 16, 21, 26, 31: which edge samples are in')
    for er in (0, 5, 10, 15, 16, 21, 26, 31):
        c.regs(*base(edgerule=er))
        c.draw(4, [V(1.5, 1.5), V(1.5, 5.5), V(5.5, 1.5)])
        c.draw(13, [V(8.5, 1.5), V(8.5, 4.5), V(11.5, 4.5), V(11.5, 1.5)])
    cs.append(c)

    c = Case('points_lines', 'points (GA_POINT_SIZE half sizes) and wide lines in all four directions '
             '(ER_LINE_LR/RL/TB/BT from Mesa\'s 0x2DA49525 and from all-in 0), flat and Gouraud')
    for er in (MESA_EDGERULE, 0):
        c.regs(*base(edgerule=er)).regs((POINT, 16 << 16 | 8), (LINE, 8))
        c.draw(1, [V(4.5, 4.5), V(10.0, 4.0), V(20.25, 6.75)])
        c.draw(2, [V(2.0, 20.0, 0.0, (0, 0, 0, 0)), V(30.0, 24.0, 1.0, (1, 1, 1, 1)),
                   V(30.0, 30.0, 0.0, (0, 0, 0, 0)), V(2.0, 27.0, 1.0, (1, 1, 1, 1)),
                   V(40.0, 2.0, 0.0, (0, 0, 0, 0)), V(43.0, 30.0, 1.0, (1, 1, 1, 1)),
                   V(50.0, 30.0, 0.0, (0, 0, 0, 0)), V(48.5, 2.5, 1.0, (1, 1, 1, 1))])
        c.regs((COLCTL, 0x5555 | 3 << 16))
        c.draw(3, [V(2.0, 40.0, 0.0, (1, 0, 0, 1)), V(20.0, 44.0, 1.0, (0, 1, 0, 1)), V(24.0, 60.0, 0.5, (0, 0, 1, 1))])
    cs.append(c)

    c = Case('scissor_clip', 'the scissor is inclusive on all four sides (Mesa writes maxx - 1); the clip '
             'rectangles with SC_CLIP_RULE 0xAAAA (inside rectangle 0), 0x5555 (outside it), 0x8888, 0xFFFE')
    sq = [V(0.0, 0.0), V(0.0, 16.0), V(16.0, 16.0), V(16.0, 0.0)]
    c.regs(*base(scissor=(3, 4, 9, 6)))
    c.draw(13, sq)
    for rule in (0xAAAA, 0x5555, 0x8888, 0xFFFE):
        c.regs(*base(rule=rule)).regs((CLIP0A, xy13(2, 2)), (CLIP0A + 4, xy13(6, 5)),
                                      (CLIP0A + 8, xy13(4, 0)), (CLIP0A + 12, xy13(12, 3)),
                                      (CLIP0A + 16, xy13(20, 20)), (CLIP0A + 20, xy13(10, 10)),
                                      (CLIP0A + 24, xy13(0, 0)), (CLIP0A + 28, xy13(8191, 8191)))
        c.draw(13, [V(0.0, 0.0), V(0.0, 8.0), V(8.0, 8.0), V(8.0, 0.0)])
    cs.append(c)

    c = Case('shading_rs', 'flat shading with each PROVOKING_VERTEX, solid treated as flat, Gouraud; '
             'colour routing COL_PTR 1 and 2 with every COL_FMT; an absent colour reads 0')
    tri = [V(1.0, 1.0, 0.5, (1, 0, 0, 0.25)), V(1.0, 9.0, 0.5, (0, 1, 0, 0.5)), V(9.0, 1.0, 0.5, (0, 0, 1, 0.75))]
    for pv in range(4):
        c.regs(*base()).regs((COLCTL, 0x5555 | pv << 16))
        c.draw(4, tri)
    c.regs(*base()).regs((COLCTL, 0x0000))
    c.draw(4, tri)
    three = [[(1.0, 1.0, 0.5, 1.0), (1.0, 0.0, 0.0, 1.0), (0.0, 0.5, 0.0, 0.25), (0.0, 0.0, 0.75, 0.5)],
             [(1.0, 7.0, 0.5, 1.0), (1.0, 0.0, 0.0, 1.0), (0.0, 0.5, 0.0, 0.25), (0.0, 0.0, 0.75, 0.5)],
             [(7.0, 1.0, 0.5, 1.0), (1.0, 0.0, 0.0, 1.0), (0.0, 0.5, 0.0, 0.25), (0.0, 0.0, 0.75, 0.5)]]
    for colptr, fmt in ((1, 0), (2, 0), (2, 1), (2, 2), (2, 4), (2, 5), (2, 6), (2, 8), (2, 9), (2, 10),
                        (2, 3), (3, 0)):
        c.regs(*base(cols=0x7)).regs((RS_INST0, 1 << 16 | 5 << 12), (RS_IP0 + 20, colptr << 24 | fmt << 27))
        c.draw(4, three)
    cs.append(c)

    c = Case('depth', 'depth: scale 2^24 - 1 into Z24 and Z16 (ZB_FORMAT 0: z24 >> 8), scale 1.0 (reset), '
             'an offset, front and back polygon offsets, clamps at 0 and 2^24 - 1')
    tri = [V(1.0, 1.0, 0.0), V(1.0, 9.0, 0.5), V(9.0, 1.0, 1.0)]
    rev = [tri[0], tri[2], tri[1]]
    c.regs(*base())
    c.draw(4, tri)
    c.regs((ZFMT, 0))
    c.draw(4, tri)
    c.regs((ZFMT, 2), (DSCALE, f32(1.0)), (DOFF, f32(100.5)))
    c.draw(4, tri)
    c.regs((DSCALE, f32(16777215.0)), (DOFF, f32(-1000.0)), (PO_EN, 3), (PO_FRONT, f32(5000.0)),
           (PO_BACK, f32(-3.0e7)))
    c.draw(4, tri)
    c.draw(4, rev)
    c.regs((PO_EN, 5), (PO_FRONT, f32(3.0e7)), (POINT, 8 << 16 | 8), (LINE, 6))
    c.draw(1, [V(3.0, 12.0, 0.25)])
    c.draw(2, [V(1.0, 14.0, 0.25), V(9.0, 15.0, 0.75)])
    cs.append(c)

    c = Case('poly_offset', 'polygon offset with its slope term: offset + scale x max(|dz/dx|, |dz/dy|) per '
             'subpixel, front and back scales (positive, negative, tiny, huge, NaN, inf), a flat triangle '
             '(slope 0), points and lines (no slope term)')
    tri = [V(1.0, 1.0, 0.0), V(1.0, 9.0, 0.25), V(9.0, 1.0, 0.75)]
    rev = [tri[0], tri[2], tri[1]]
    for fs, bs in ((1.0, -1.0), (0.5, 3.0), (1.0e-6, 1.0e6), (Bits(0x7FC00000), Bits(0x7F800000)),
                   (Bits(0xFF800000), 2.0 ** -30), (-7.25, 1.0e12)):
        c.regs(*base()).regs((PO_EN, 3), (PO_FRONT, f32(100.0)), (PO_BACK, f32(-100.0)),
                             (PO_FSCALE, fs if isinstance(fs, Bits) else f32(fs)),
                             (PO_BSCALE, bs if isinstance(bs, Bits) else f32(bs)))
        c.draw(4, tri)
        c.draw(4, rev)
    c.regs(*base()).regs((PO_EN, 7), (PO_FRONT, f32(10.0)), (PO_FSCALE, f32(4.0)), (POINT, 8 << 16 | 8), (LINE, 6))
    c.draw(4, [V(1.0, 1.0, 0.5), V(1.0, 9.0, 0.5), V(9.0, 1.0, 0.5)])
    c.draw(1, [V(3.0, 12.0, 0.25)])
    c.draw(2, [V(1.0, 14.0, 0.25), V(9.0, 15.0, 0.75)])
    cs.append(c)

    c = Case('huge_offscreen', 'huge, off-screen, NaN and infinite vertices: clamped to +-2^18 subpixels, '
             'the walk bounded by a small scissor; a degenerate (repeated vertex) and a collinear triangle draw nothing')
    c.regs(*base(scissor=(5, 5, 12, 9)))
    c.draw(4, [V(-1.0e6, -1.0e6), V(-1.0e6, 1.0e6), V(1.0e6, 0.0)])
    c.draw(4, [V(Bits(0x7FC00000), 3.0), V(30.0, Bits(0x7F800000)), V(Bits(0xFF800000), 30.0)])
    c.draw(4, [V(6.0, 6.0), V(6.0, 6.0), V(11.0, 8.0)])
    c.draw(4, [V(5.0, 5.0), V(8.0, 7.0), V(11.0, 9.0)])
    c.draw(4, [V(4.0, 5.0), V(1.0e9, 5.1), V(4.0, 5.2)])     # a sliver along a row
    cs.append(c)

    c = Case('backpressure', 'one 48x40 triangle (about 1000 fragments) under random back-pressure: '
             'the walker stalls while the output register is full', backpressure='random:0.5')
    c.regs(*base())
    c.draw(4, [V(0.25, 0.5, 0.0, (1, 0, 0, 1)), V(3.0, 40.0, 1.0, (0, 1, 0, 0.5)),
               V(48.0, 6.0, 0.5, (0, 0, 1, 0))], gap=6000)
    cs.append(c)

    c = Case('rounding', 'GA_ROUND_MODE.GEOMETRY_ROUND 0 (floor) and 1 (nearest) on coordinates a fraction '
             'of a subpixel from a pixel centre, at 1/12 and 1/16')
    for sub in (0, 1):
        for rnd in (0, 1):
            c.regs(*base(sub=sub)).regs((ROUND, rnd))
            c.draw(4, [V(0.52, 0.47), V(0.47, 6.53), V(6.53, 0.52)])
    cs.append(c)

    c = Case('shade_sub12', 'a Gouraud triangle with distinct corner colours and depths at 1/12 subpixels '
             '(GB_TILE_CONFIG.SUBPIXEL = 0; every other shaded vector is at 1/16): colour 0 and depth '
             'interpolated at the pixel centres (12px + 6, 12py + 6) of rows 0..13 (rcosim mutate seed 29\'s '
             'survivor m1841: r5xx_raster_pix\'s sample y at 1/12 as 13py + 6)')
    c.regs(*base(sub=0))
    c.draw(4, [V(0.25, 0.5, 0.0, (1, 0, 0, 1)), V(1.0, 14.0, 1.0, (0, 1, 0, 0.5)),
               V(13.0, 3.0, 0.5, (0, 0, 1, 0))])
    cs.append(c)
    cs += quad_cases()
    return cs


def qbase(rs_count, icount, ips, insts, fmt0=1, fmt1=0, scissor=(0, 0, 63, 63), **kw):
    """base() without colour 0 plus the RS programming of the quad path: RS_COUNT, RS_INST_COUNT,
    RS_IP_i and RS_INST_i (docs 'The programmable path')."""
    regs = [x for x in base(scissor=scissor, **kw) if x[0] not in (RS_IP0, RS_INST0)]
    regs += [(FMT0, fmt0), (FMT1, fmt1), (RS_COUNT, rs_count), (RS_ICOUNT, icount)]
    regs += [(RS_IP0 + 4 * i, v) for i, v in enumerate(ips)]
    regs += [(RS_INST0 + 4 * i, v) for i, v in enumerate(insts)]
    return regs


def TX(x, y, *tex, z=0.5, w=1.0):
    """A vertex: position (w = slot 0's w, 1/W from the VTE) and one slot per texture."""
    return [(x, y, z, w)] + [tuple(t) + (0.0,) * (4 - len(t)) for t in tex]


# xf86-video-ati's R500 RS programming (radeon_exa_render.c R500 Composite, radeon_textured_videofuncs.c
# R500 Xv; r5xx-shaders.md section 3.3): RS_IP_0 = S 0, T 1, R K0, Q K1; RS_IP_1 = S 2, T 3, R K0, Q K1
XATI_IP0, XATI_IP1 = 0x00FFE040, 0x00FFE0C2


def quad_cases():
    cs = []
    c = Case('rs_xati_composite', 'xf86-video-ati R500 EXA Composite without mask: RS_COUNT 0x00040002 (2 '
             'texture components, HIRES_EN), RS_INST_COUNT 0, RS_IP_0 = 0x00FFE040, RS_INST_0 = TEX_CN (tex 0 -> '
             'r0); a quad list rectangle at odd pixel bounds: partial quads on all four sides')
    c.regs(*qbase(0x00040002, 0, [XATI_IP0], [0x10], fmt1=2))
    c.draw(13, [TX(3.0, 5.0, (0.0, 0.0)), TX(3.0, 14.0, (0.0, 1.0)), TX(18.0, 14.0, (1.0, 1.0)),
                TX(18.0, 5.0, (1.0, 0.0))])
    cs.append(c)

    c = Case('rs_xati_composite_mask', 'xf86-video-ati R500 EXA Composite with a mask: RS_COUNT 0x00040004, '
             'RS_INST_COUNT 1, RS_IP_0/1 = 0x00FFE040/0x00FFE0C2, RS_INST_0 = 0x10 (tex 0 -> r0), RS_INST_1 = 0x31 '
             '(tex 1 -> r1): two records per quad')
    c.regs(*qbase(0x00040004, 1, [XATI_IP0, XATI_IP1], [0x10, 0x31], fmt1=2 | 2 << 3))
    c.draw(13, [TX(1.5, 2.25, (0.0, 0.0), (0.25, 0.5)), TX(1.5, 9.0, (0.0, 1.0), (0.25, 0.75)),
                TX(12.0, 9.0, (1.0, 1.0), (0.5, 0.75)), TX(12.0, 2.25, (1.0, 0.0), (0.5, 0.5))])
    cs.append(c)

    c = Case('rs_xati_xv', 'xf86-video-ati R500 Xv: plain (RS_COUNT 0x00040002, RS_INST_COUNT 0, RS_IP_0 '
             '0x00FFE040, RS_INST_0 = TEX_CN) and bicubic (RS_COUNT 0x00040004, RS_INST_COUNT 1, two textures): '
             'a video rectangle with texel-space coordinates, as a quad list')
    c.regs(*qbase(0x00040002, 0, [XATI_IP0], [0x10], fmt1=2))
    c.draw(13, [TX(0.0, 0.0, (0.0, 0.0)), TX(0.0, 8.0, (0.0, 1.0)), TX(12.0, 8.0, (1.0, 1.0)), TX(12.0, 0.0, (1.0, 0.0))])
    c.regs(*qbase(0x00040004, 1, [XATI_IP0, XATI_IP1], [0x10, 0x31], fmt1=2 | 2 << 3))
    c.draw(13, [TX(2.0, 1.0, (0.0, 0.0), (0.5, 0.5)), TX(2.0, 9.0, (0.0, 1.0), (0.5, 240.5)),
                TX(14.0, 9.0, (1.0, 1.0), (320.5, 240.5)), TX(14.0, 1.0, (1.0, 0.0), (320.5, 0.5))])
    cs.append(c)

    c = Case('rs_eight_tex', 'eight textures of four components (Mesa: RS_COUNT = 32 components | HIRES_EN, '
             'RS_IP_i = 4i..4i+3, RS_INST_i = TEX_ID i, TEX_CN, TEX_ADDR i, RS_INST_COUNT 7): eight records per '
             'quad, a perspective triangle (slot 0 w = 1/W differs per vertex)')
    ips = [(4 * i) | (4 * i + 1) << 6 | (4 * i + 2) << 12 | (4 * i + 3) << 18 for i in range(8)]
    insts = [i | 1 << 4 | i << 5 for i in range(8)]
    fmt1 = sum(4 << (3 * n) for n in range(8))
    def tex8(k):
        return [(0.125 * k + n, -0.5 * n + k, 0.25 * n * k, 1.0 + n) for n in range(8)]
    c.regs(*qbase(32 | 1 << 18, 7, ips, insts, fmt1=fmt1))
    c.draw(4, [TX(1.0, 1.0, *tex8(1), w=1.0), TX(2.0, 11.0, *tex8(2), w=0.5), TX(11.0, 3.0, *tex8(3), w=0.25)])
    cs.append(c)

    c = Case('rs_four_colors', 'four colours (IC_COUNT 4): RS_INST_i = COL_ID i, COL_CN, COL_ADDR 10 + i, and '
             'TEX_CN on instruction 1 (tex and colour in one instruction: texture record first); COL_FMT 0, 1, '
             '8, 10 and COL_PTR 5 (absent -> 0); then COL_CN 2 and 3 (as 1), pointers 32..61 and 62 (0.0)')
    ips = [0 << 24 | 0 << 27, 1 << 24 | 1 << 27, 2 << 24 | 8 << 27, 3 << 24 | 10 << 27, 5 << 24]
    insts = [(i << 12 | 1 << 16 | (10 + i) << 18) for i in range(4)]
    insts[1] |= 5 | 1 << 4 | 20 << 5                   # TEX_ID 5, TEX_CN, TEX_ADDR 20
    ips.append(0 | 40 << 6 | 62 << 12 | 63 << 18)       # RS_IP_5: S = pk[0], T = 40 (0), R = K0, Q = K1
    cols = [(1.0, 0.0, 0.25, 0.5), (0.0, 1.0, 0.5, 0.25), (0.5, 0.5, 1.0, 0.0), (0.25, 0.75, 0.125, 1.0)]
    def vc(x, y, k, w=1.0):
        return [(x, y, 0.5, w)] + [tuple(v * (1 + 0.5 * k) for v in col) for col in cols] + [(0.5 * k, 2.0 - k, 0.0, 0.0)]
    c.regs(*qbase(4 << 7 | 1 << 18, 3, ips, insts, fmt0=1 | 15 << 1, fmt1=2))
    c.draw(4, [vc(1.0, 1.0, 0), vc(1.0, 9.0, 1), vc(9.0, 1.0, 2)])
    c.regs((RS_INST0 + 4 * 2, 4 << 12 | 2 << 16 | 30 << 18), (RS_INST0 + 4 * 3, 3 << 12 | 3 << 16 | 31 << 18))
    c.draw(4, [vc(1.0, 1.0, 0), vc(1.0, 9.0, 1), vc(9.0, 1.0, 2)])
    cs.append(c)

    c = Case('rs_perspective', 'a perspective-correct quad: two triangles of a rectangle receding in depth (slot '
             '0 w = 1/W: 1.0 near, 0.125 far), texture 0 (4 components) and colour 0, Gouraud; then the same with '
             'every w = 1.0 (affine)')
    ips = [0 | 1 << 6 | 2 << 12 | 3 << 18, 0 << 24]
    insts = [0 | 1 << 4 | 0 << 5 | 1 << 12 | 1 << 16 | 1 << 18]
    for far in (0.125, 1.0):
        c.regs(*qbase(4 | 1 << 7 | 1 << 18, 0, ips, insts, fmt0=1 | 1 << 1, fmt1=4))
        def pv(x, y, s, t, w):
            return [(x, y, 0.5, w), (s, t, 1.0 - s, 1.0), (s, t, 0.5, 1.0)]
        c.draw(6, [pv(2.0, 2.0, 0.0, 0.0, far), pv(2.0, 14.0, 0.0, 1.0, 1.0), pv(14.0, 2.0, 1.0, 0.0, far),
                   pv(14.0, 14.0, 1.0, 1.0, 1.0)])
    cs.append(c)

    c = Case('rs_edges', 'partial quads at the edges: an odd scissor (3..10 x 3..8), clip rectangles with CLIP_RULE '
             '0xAAAA, a thin sliver, points and wide lines on the quad path, a culled triangle (nothing), depth per '
             'covered pixel on zq with polygon offset, Z16; the empty instruction table (one zero record to r0)')
    c.regs(*qbase(0x00040002, 0, [XATI_IP0], [0x10], fmt1=2, scissor=(3, 3, 10, 8)))
    c.draw(4, [TX(0.0, 0.0, (0.0, 0.0), z=0.0), TX(0.0, 16.0, (0.0, 1.0), z=0.5), TX(16.0, 0.0, (1.0, 0.0), z=1.0)])
    c.regs(*qbase(0x00040002, 0, [XATI_IP0], [0x10], fmt1=2, rule=0xAAAA)).regs(
        (CLIP0A, xy13(1, 2)), (CLIP0A + 4, xy13(6, 7)), (ZFMT, 0), (PO_EN, 1), (PO_FRONT, f32(300.0)))
    c.draw(4, [TX(0.5, 0.5, (0.0, 0.0), z=0.25), TX(0.5, 9.5, (0.0, 1.0), z=0.5), TX(9.5, 0.5, (1.0, 0.0), z=0.75)])
    c.regs(*qbase(0x00040002, 0, [XATI_IP0], [0x10], fmt1=2)).regs((POINT, 12 << 16 | 20), (LINE, 10))
    c.draw(4, [TX(1.0, 20.0, (0.0, 0.0)), TX(30.0, 21.0, (1.0, 0.0)), TX(1.0, 20.75, (0.0, 1.0))])
    c.draw(1, [TX(5.25, 30.5, (0.25, 0.75)), TX(12.0, 31.0, (0.5, 0.5))])
    c.draw(3, [TX(2.0, 40.0, (0.0, 0.0), w=1.0), TX(20.0, 44.0, (1.0, 0.0), w=0.5), TX(22.0, 60.0, (1.0, 1.0), w=0.25)])
    c.regs((CULL, 1))         # cross > 0: front, culled
    c.draw(4, [TX(1.0, 1.0, (0.0, 0.0)), TX(9.0, 1.0, (1.0, 0.0)), TX(1.0, 9.0, (0.0, 1.0))])
    c.regs((CULL, 0), (RS_INST0, 0))
    c.draw(4, [TX(1.0, 1.0, (0.0, 0.0)), TX(1.0, 5.0, (0.0, 1.0)), TX(5.0, 1.0, (1.0, 0.0))])
    cs.append(c)

    c = Case('rs_paths', 'the path rule: the same triangle with RS_COUNT 0 (fixed: frag), 0x00040002 (quad), and 0 '
             'again; wseq counts every accepted register write, owned or not')
    tri = [[(1.0, 1.0, 0.5, 1.0), (1.0, 0.0, 0.0, 1.0), (0.0, 0.0)], [(1.0, 7.0, 0.5, 1.0), (0.0, 1.0, 0.0, 1.0), (0.0, 1.0)],
           [(7.0, 1.0, 0.5, 1.0), (0.0, 0.0, 1.0, 1.0), (1.0, 0.0)]]
    tri = [[v[0], v[1], tuple(v[2]) + (0.0, 0.0)] for v in tri]
    c.regs(*base()).regs((FMT1, 2), (RS_IP0 + 4, XATI_IP0), (RS_INST0 + 4, 0x10 | 1 << 12 | 1 << 16 | 1 << 18),
                         (RS_ICOUNT, 1))
    c.draw(4, tri)
    c.regs((RS_COUNT, 0x00040002), (0x2000, 5), (0x1234, 6))
    c.draw(4, tri)
    c.regs((RS_COUNT, 0))
    c.draw(4, tri)
    cs.append(c)

    c = Case('rs_backpressure', 'the quad path under random back-pressure on quad and zq: two records per quad of a '
             'large triangle', backpressure='random:0.5')
    c.regs(*qbase(0x00040004, 1, [XATI_IP0, XATI_IP1], [0x10, 0x31], fmt1=2 | 2 << 3))
    c.draw(4, [TX(0.25, 0.5, (0.0, 0.0), (0.0, 0.0), w=1.0), TX(3.0, 30.0, (0.0, 1.0), (2.0, 5.0), w=0.5),
               TX(40.0, 6.0, (1.0, 0.0), (3.0, 1.0), w=0.75)], gap=8000)
    cs.append(c)
    return cs


CHANNELS = (('frag', 'fragment', 6), ('quad', 'quad record', 12), ('zq', 'zq record', 9))


def compare_all(name, lines, vec, timed):
    """Every output of every channel (frag, quad, zq) against reference(), in order, with its
    fire cycle when timed; returns (records compared, mismatches)."""
    ref = reference(lines)
    n = bad = 0
    for ch, what, width in CHANNELS:
        want = [((c,) if timed else ()) + vals for c, (k, vals) in ref if k == ch]
        got = [((c,) if timed else ()) + tuple(x[:width]) for c, x in vec.outputs(ch)]
        n += len(want)
        bad += chk.compare(name, what, got, want, limit=21)
    return n, bad


def check(vecdir):
    bad = n = 0
    for name, lines, vec in chk.directed(vecdir):
        timed = 'backpressure always' in lines     # fire cycles are checked only without back-pressure
        k, b = compare_all(name, lines, vector.read(vec), timed)
        n += k
        bad += b
    return chk.verdict(n, bad, 'records')


def check_vector(path):
    """A whole vector made under 'backpressure always' (e.g. the seeded random stimulus, whose
    register writes may race the vertices): every output record and its fire cycle against
    reference()."""
    k, b = compare_all(path, vector.raw_text(path).split('\n'), vector.read(path), True)
    return chk.verdict(k, b, 'records')


def main(argv):
    return chk.main(argv, __doc__.split('\n\n')[-1] + '\n', check, cases, {'--check-vector': (1, check_vector)})


if __name__ == '__main__':
    sys.exit(main(sys.argv))
