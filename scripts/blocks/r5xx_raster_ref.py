#!/usr/bin/env python3
"""r5xx_raster_ref.py: a second, independent reference of r5xx.raster's programmable (quad) path,
written from docs/blocks/r5xx.raster.md alone ("The programmable path", and the shared sections it
builds on: fx, vertex values, slot layout, assembly, setup, tie rule, clip rule, depth).  It never
reads the C model (model/r5xx/raster/), the RTL or r5xx_raster_directed.py.  Float ops are
scripts/blocks/prim_sf_ref.py (written from docs/float.md); the vector reader is rcosim_py.vector.

It replays a vector's inputs (regw, vtx), computes every `quad` and `zq` record in order, and the
fixed path's `frag` records without their colour (prim, x, y, z, back are checked; argb is not
computed, and under AF_EN = 1 the alpha test's verdict is taken from the vector: a covered pixel
is "emitted" iff it is the next expected fragment).  Timing (which register writes a vertex sees,
and `wseq`) follows the doc's cycle costs; the output ready signals are taken from the vector's
expected fire cycles (the walker advances at the cycle its pending records fire), as
r5xx_tx_ref.py does for its responses.

usage: r5xx_raster_ref.py VEC...     exit 0 all agree, 1 a difference (the first one printed with
                                     the vector, channel, record index and field), 2 bad input
"""
import os
import sys

from blocks import prim_sf_ref as sf
from rcosim_py import vector

HERE = os.path.dirname(os.path.abspath(__file__))

M32 = 0xFFFFFFFF
FLOOR, NEAREST = 0, 1
ONE = 0x3F800000

# ---------------------------------------------------------------- arithmetic ("Arithmetic shared")


def fx(f, K, F, R, LO, HI):
    s, e, m = f >> 31, (f >> 23) & 0xFF, f & 0x7FFFFF
    if e == 255:
        r = 0 if m else (LO if s else HI)
    elif e == 0:
        r = 0
    else:
        M = ((1 << 23) + m) * K
        sh = e - 150 + F
        if sh >= 17:
            r = LO if s else HI
        elif sh >= 0:
            r = (-M if s else M) << sh
        else:
            n = -sh
            if n >= 42:
                r = -1 if (R == FLOOR and s) else 0
            else:
                v = -M if s else M
                if R == NEAREST:
                    v += 1 << (n - 1)
                r = v >> n
    return min(max(r, LO), HI)


def divr(n, d):
    return (2 * n + d) // (2 * d)


def cvt(n):
    """signed integer to binary32, rounded toward zero (section "Interpolation on the sf datapath")."""
    if n == 0:
        return 0
    s = 1 if n < 0 else 0
    m = abs(n)
    k = m.bit_length() - 1
    if k <= 23:
        man = (m << (23 - k)) & 0x7FFFFF
    else:
        man = (m >> (k - 23)) & 0x7FFFFF
    return (s << 31) | ((127 + k) << 23) | man


def neg(a):
    return a ^ 0x80000000


def edge(ei, SX, SY):
    (xi, yi), (xj, yj) = ei
    return (xj - xi) * (SY - yi) - (yj - yi) * (SX - xi)


def edge_in(ei, SX, SY, R):
    E = edge(ei, SX, SY)
    if E > 0:
        return True
    if E < 0:
        return False
    (xi, yi), (xj, yj) = ei
    a, b = -(yj - yi), xj - xi
    if R < 16:
        if a > 0:
            bit = 3
        elif a < 0:
            bit = 2
        else:
            bit = 1 if b > 0 else 0
    else:
        if b == 0 and a > 0:
            bit = 1
        elif b == 0 and a < 0:
            bit = 0
        else:
            bit = 2 if b > 0 else 3
    return not ((R >> bit) & 1)


# ---------------------------------------------------------------- registers


class Regs:
    def __init__(self):
        self.r = {0x42C0: 0x3F800000}
        self.wcount = 0

    def __getitem__(self, a):
        return self.r.get(a, 0)

    def write(self, addr, data):
        self.r[addr] = data & M32
        self.wcount = (self.wcount + 1) & 0xFFFF


def f13(v, lo):
    return (v >> lo) & 0x1FFF


# ---------------------------------------------------------------- vertices (VERT)


class Vert:
    pass


def convert(regs, slots):
    fmt0 = regs[0x2090]
    S = 16 if (regs[0x4018] >> 16) & 1 else 12
    GR = NEAREST if (regs[0x428C] & 3) == 1 else FLOOR
    v = Vert()
    x, y, z, w = slots[0]
    v.X = fx(x, S, 0, GR, -(1 << 18), (1 << 18) - 1)
    v.Y = fx(y, S, 0, GR, -(1 << 18), (1 << 18) - 1)
    zq = fx(z, 1, 24, NEAREST, -(1 << 26), 1 << 26)
    sq = fx(regs[0x42C0], 1, 8, NEAREST, -(1 << 33), (1 << 33) - 1)
    oq = fx(regs[0x42C4], 1, 8, NEAREST, -(1 << 33), (1 << 33) - 1)
    D = ((zq * sq) >> 24) + oq
    v.Z = min(max((D + 128) >> 8, 0), (1 << 24) - 1)
    v.q = w
    pt = (fmt0 >> 16) & 1
    colp = [(fmt0 >> (1 + k)) & 1 for k in range(4)]
    ncol = sum(colp)
    v.col = []
    for k in range(4):
        if colp[k]:
            v.col.append(list(slots[1 + pt + sum(colp[:k])]))
        else:
            v.col.append([0, 0, 0, 0])
    pk = []
    t = 0
    for n in range(8):
        cnt = (regs[0x2094] >> (3 * n)) & 7
        if cnt:
            comps = slots[1 + pt + ncol + t]
            pk.extend(comps[:min(cnt, 4)])
            t += 1
    v.pk = (pk + [0] * 32)[:32]
    return v


# ---------------------------------------------------------------- assembly


def assemble(st, N, prim, dlast):
    n = st['n']
    P1, P2, P3, F = st['P1'], st['P2'], st['P3'], st['F']
    out = []
    if prim == 1:
        out.append(('point', [N]))
    elif prim == 2:
        if n % 2 == 1:
            out.append(('line', [P1, N]))
    elif prim == 3:
        if n >= 1:
            out.append(('line', [P1, N]))
    elif prim == 12:
        if n >= 1:
            out.append(('line', [P1, N]))
            if dlast:
                out.append(('line', [N, F]))
    elif prim in (4, 7):
        if n % 3 == 2:
            out.append(('tri', [P2, P1, N]))
    elif prim in (5, 15):
        if n >= 2:
            out.append(('tri', [F, P1, N]))
    elif prim == 6:
        if n >= 2:
            out.append(('tri', [P2, P1, N] if n % 2 == 0 else [P1, P2, N]))
    elif prim == 13:
        if n % 4 == 3:
            out += [('tri', [P3, P2, P1]), ('tri', [P3, P1, N])]
    elif prim == 14:
        if n >= 3 and n % 2 == 1:
            out += [('tri', [P3, P2, P1]), ('tri', [P1, P2, N])]
    if n == 0:
        st['F'] = N
    st['P3'], st['P2'], st['P1'] = P2, P1, N
    st['n'] = 0 if dlast else n + 1
    return out


# ---------------------------------------------------------------- setup


class Prim:
    pass


def slope(f, G, A):
    s, e, m = f >> 31, (f >> 23) & 0xFF, f & 0x7FFFFF
    L = 1 << 24
    if (e == 255 and m) or e == 0 or G == 0:
        return 0
    if e == 255:
        return -L if s else L
    P = ((1 << 23) + m) * G
    sh = e - 150
    Ps = -P if s else P
    if sh >= 40:
        r = -L if s else L
    elif sh >= 0:
        r = divr(Ps << sh, A)
    else:
        n = -sh
        r = 0 if n >= 72 else divr(Ps, A << n)
    return min(max(r, -L), L)


def setup(regs, kind, vs):
    p = Prim()
    p.kind, p.back, p.walk = kind, 0, False
    S = 16 if (regs[0x4018] >> 16) & 1 else 12
    p.S = S
    er = regs[0x43A8]
    if kind == 'tri':
        v0, v1, v2 = vs
        cross = (v1.X - v0.X) * (v2.Y - v0.Y) - (v2.X - v0.X) * (v1.Y - v0.Y)
        cull = regs[0x42B8]
        front = (cross > 0) ^ bool((cull >> 2) & 1)
        p.back = 0 if front else 1
        if cross == 0 or (front and cull & 1) or (not front and (cull >> 1) & 1):
            return p
        if cross < 0:
            v1, v2 = v2, v1
        p.v = [v0, v1, v2]
        p.A = abs(cross)
        corners = [(v.X, v.Y) for v in p.v]
        p.R = er & 0x1F
    elif kind == 'point':
        v = vs[0]
        ps = regs[0x421C]
        W, H = (ps >> 16) & 0xFFFF, ps & 0xFFFF
        if W == 0 or H == 0:
            return p
        p.v = [v]
        corners = [(v.X - W, v.Y - H), (v.X + W, v.Y - H), (v.X + W, v.Y + H), (v.X - W, v.Y + H)]
        p.R = (er >> 5) & 0x1F
    else:
        v0, v1 = vs
        dx, dy = v1.X - v0.X, v1.Y - v0.Y
        L = regs[0x4234] & 0xFFFF
        if (dx == 0 and dy == 0) or L == 0:
            return p
        p.v = [v0, v1]
        p.xmajor = abs(dx) >= abs(dy)
        o = (0, L) if p.xmajor else (L, 0)
        q0 = (v0.X - o[0], v0.Y - o[1])
        q1 = (v1.X - o[0], v1.Y - o[1])
        q2 = (v1.X + o[0], v1.Y + o[1])
        q3 = (v0.X + o[0], v0.Y + o[1])
        if (q1[0] - q0[0]) * (q2[1] - q0[1]) - (q2[0] - q0[0]) * (q1[1] - q0[1]) < 0:
            corners = [q0, q3, q2, q1]
        else:
            corners = [q0, q1, q2, q3]
        if p.xmajor:
            p.R = (er >> 10) & 0x1F if dx > 0 else (er >> 15) & 0x1F
        else:
            p.R = (er >> 20) & 0x1F if dy > 0 else (er >> 25) & 0x1F
    p.edges = [(corners[i], corners[(i + 1) % len(corners)]) for i in range(len(corners))]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    h = S // 2
    px0, px1 = -((-(min(xs) - h)) // S), (max(xs) - h) // S
    py0, py1 = -((-(min(ys) - h)) // S), (max(ys) - h) // S
    s0, s1 = regs[0x43E0], regs[0x43E4]
    p.bx0, p.bx1 = max(px0, f13(s0, 0), 0), min(px1, f13(s1, 0), 8191)
    p.by0, p.by1 = max(py0, f13(s0, 13), 0), min(py1, f13(s1, 13), 8191)
    if p.bx0 > p.bx1 or p.by0 > p.by1:
        return p
    p.walk = True
    # polygon offset (decision D11)
    en = regs[0x42B4]
    PC = PS = 0
    if kind == 'tri':
        if not p.back and en & 1:
            off, sc = regs[0x42A8], regs[0x42A4]
        elif p.back and (en >> 1) & 1:
            off, sc = regs[0x42B0], regs[0x42AC]
        else:
            off = sc = None
        if off is not None:
            PC = fx(off, 1, 0, NEAREST, -(1 << 24), 1 << 24)
            v0, v1, v2 = p.v
            Nx = (v1.Z - v0.Z) * (v2.Y - v0.Y) - (v2.Z - v0.Z) * (v1.Y - v0.Y)
            Ny = (v2.Z - v0.Z) * (v1.X - v0.X) - (v1.Z - v0.Z) * (v2.X - v0.X)
            PS = slope(sc, max(abs(Nx), abs(Ny)), p.A)
    elif (en >> 2) & 1 and en & 1:
        PC = fx(regs[0x42A8], 1, 0, NEAREST, -(1 << 24), 1 << 24)
    p.PO = PC + PS
    p.zfmt = regs[0x4F10] & 0xF
    p.clip = [(regs[0x43B0 + 8 * n], regs[0x43B4 + 8 * n]) for n in range(4)]
    p.cliprule = regs[0x43D0] & 0xFFFF
    return p


def sample(p, px, py):
    return px * p.S + p.S // 2, py * p.S + p.S // 2


def covered(p, px, py):
    """in the box, sample covered by the tie rule, visible by the clip rule (no alpha test)."""
    if not (p.bx0 <= px <= p.bx1 and p.by0 <= py <= p.by1):
        return False
    SX, SY = sample(p, px, py)
    if not all(edge_in(e, SX, SY, p.R) for e in p.edges):
        return False
    idx = 0
    for n, (a, b) in enumerate(p.clip):
        if f13(a, 0) <= px <= f13(b, 0) and f13(a, 13) <= py <= f13(b, 13):
            idx |= 1 << n
    return bool((p.cliprule >> idx) & 1)


def line_td(p, SX, SY):
    v0, v1 = p.v
    if p.xmajor:
        t, d = SX - v0.X, v1.X - v0.X
    else:
        t, d = SY - v0.Y, v1.Y - v0.Y
    if d < 0:
        t, d = -t, -d
    return t, d


def depth(p, px, py):
    SX, SY = sample(p, px, py)
    if p.kind == 'tri':
        v0, v1, v2 = p.v
        w1 = edge(((v2.X, v2.Y), (v0.X, v0.Y)), SX, SY)
        w2 = edge(((v0.X, v0.Y), (v1.X, v1.Y)), SX, SY)
        zi = v0.Z + divr((v1.Z - v0.Z) * w1 + (v2.Z - v0.Z) * w2, p.A)
    elif p.kind == 'line':
        t, d = line_td(p, SX, SY)
        t = min(max(t, 0), d)
        v0, v1 = p.v
        zi = v0.Z + divr((v1.Z - v0.Z) * t, d)
    else:
        zi = p.v[0].Z
    z24 = min(max(zi + p.PO, 0), (1 << 24) - 1)
    return z24 >> 8 if p.zfmt in (0, 1) else z24


# ---------------------------------------------------------------- quad records


FMT = {1: {3: 0}, 2: {3: ONE}, 4: {0: 0, 1: 0, 2: 0}, 5: {0: 0, 1: 0, 2: 0, 3: 0},
       6: {0: 0, 1: 0, 2: 0, 3: ONE}, 8: {0: ONE, 1: ONE, 2: ONE},
       9: {0: ONE, 1: ONE, 2: ONE, 3: 0}, 10: {0: ONE, 1: ONE, 2: ONE, 3: ONE}}


def record_specs(regs):
    """[(addr, [channel sources])], a source ('pk', j), ('col', k, c) or ('k', bits)."""
    ni = (regs[0x4304] & 0xF) + 1
    recs = []
    for i in range(ni):
        I = regs[0x4320 + 4 * i]
        if (I >> 4) & 1:
            ip = regs[0x4074 + 4 * (I & 0xF)]
            src = []
            for c in range(4):
                P = (ip >> (6 * c)) & 0x3F
                src.append(('pk', P) if P < 32 else ('k', ONE if P == 63 else 0))
            recs.append(((I >> 5) & 0x7F, src))
        if (I >> 16) & 3:
            ip = regs[0x4074 + 4 * ((I >> 12) & 0xF)]
            k = (ip >> 24) & 7
            src = [('col', k, c) if k <= 3 else ('k', 0) for c in range(4)]
            for c, val in FMT.get((ip >> 27) & 0xF, {}).items():
                src[c] = ('k', val)
            recs.append(((I >> 18) & 0x7F, src))
    if not recs:
        recs = [(0, [('k', 0)] * 4)]
    return recs


def weights(p, px, py):
    SX, SY = sample(p, px, py)
    if p.kind == 'tri':
        v0, v1, v2 = p.v
        w1 = edge(((v2.X, v2.Y), (v0.X, v0.Y)), SX, SY)
        w2 = edge(((v0.X, v0.Y), (v1.X, v1.Y)), SX, SY)
        rA = sf.rcp(cvt(p.A))
        return (sf.mul(cvt(w1), rA), sf.mul(cvt(w2), rA))
    if p.kind == 'line':
        t, d = line_td(p, SX, SY)
        return (sf.mul(cvt(t), sf.rcp(cvt(d))),)
    return ()


def lerp(b, a):
    if len(b) == 2:
        return sf.mad(b[1], sf.add(a[2], neg(a[0])), sf.mad(b[0], sf.add(a[1], neg(a[0])), a[0]))
    return sf.mad(b[0], sf.add(a[1], neg(a[0])), a[0])


def interp(p, b, cs):
    if p.kind == 'point':
        return cs[0]
    qs = [v.q for v in p.v]
    R = sf.rcp(lerp(b, qs))
    t = [sf.mul(c, q) for c, q in zip(cs, qs)]
    return sf.mul(lerp(b, t), R)


def channel(p, b, s):
    if s[0] == 'k':
        return s[1]
    if s[0] == 'pk':
        return interp(p, b, [v.pk[s[1]] for v in p.v])
    return interp(p, b, [v.col[s[1]][s[2]] for v in p.v])


# ---------------------------------------------------------------- replay


class Replay:
    def __init__(self, vec):
        self.vec = vec
        self.exp = {ch: vec.outputs(ch) for ch in ('frag', 'quad', 'zq')}
        self.got = {ch: [] for ch in ('frag', 'quad', 'zq')}
        self.regs = Regs()
        self.slots = [[0, 0, 0, 0] for _ in range(16)]
        self.asm = {'n': 0, 'P1': None, 'P2': None, 'P3': None, 'F': None}
        self.primidx = 0
        self.block = 0         # the walker cannot advance before this cycle (pending outputs fire)

    def fire_cycle(self, ch, load):
        k = len(self.got[ch]) - 1
        e = self.exp[ch]
        return e[k][0] if k < len(e) else load + 1

    def emit(self, ch, vals, load):
        self.got[ch].append(vals)
        self.block = max(self.block, self.fire_cycle(ch, load))

    def walk_fixed(self, p, c):
        af = self.regs[0x4BD4]
        for py in range(p.by0, p.by1 + 1):
            for px in range(p.bx0, p.bx1 + 1):
                c = max(c, self.block)
                if covered(p, px, py):
                    rec = [p.idx, px, py, depth(p, px, py), p.back]
                    emit = True
                    if (af >> 11) & 1:     # alpha test: verdict from the vector (argb not computed)
                        k = len(self.got['frag'])
                        e = self.exp['frag']
                        emit = k < len(e) and list(e[k][1][:3]) == [p.idx, px, py]
                    if emit:
                        self.emit('frag', rec, c)
                c += 1
        return c

    def walk_quad(self, p, c):
        specs = record_specs(self.regs)
        wseq = self.regs.wcount
        for qy in range(p.by0 & ~1, (p.by1 & ~1) + 1, 2):
            for qx in range(p.bx0 & ~1, (p.bx1 & ~1) + 1, 2):
                pix = [(qx + (i & 1), qy + (i >> 1)) for i in range(4)]
                cov = sum(1 << i for i, (x, y) in enumerate(pix) if covered(p, x, y))
                if cov == 0:
                    c = max(c, self.block) + 1
                    continue
                zs = [depth(p, x, y) if (cov >> i) & 1 else 0 for i, (x, y) in enumerate(pix)]
                bs = [weights(p, x, y) for x, y in pix]
                for r, (addr, src) in enumerate(specs):
                    c = max(c, self.block)
                    vals = [wseq, addr, cov, 1 if r == len(specs) - 1 else 0]
                    for i in range(4):
                        ch = [channel(p, bs[i], s) for s in src]
                        vals += [ch[0] | (ch[1] << 32), ch[2] | (ch[3] << 32)]
                    self.emit('quad', vals, c)
                    if r == 0:
                        self.emit('zq', [p.idx, qx, qy, cov, p.back] + zs, c)
                    c += 1
        return c

    def run(self):
        # each channel in file order; '@C' holds a line back until cycle C (docs/vectors.md)
        rq = [(at or 0, v) for ch, at, v in self.vec.events if ch == 'regw']
        vq = [(at or 0, v) for ch, at, v in self.vec.events if ch == 'vtx']
        ri = vi = 0
        nr = nv = 0            # earliest next fire of each channel
        c = 0
        while ri < len(rq) or vi < len(vq):
            tr = max(c, rq[ri][0], nr) if ri < len(rq) else None
            tv = max(c, vq[vi][0], nv) if vi < len(vq) else None
            t = min(x for x in (tr, tv) if x is not None)
            c = t
            if tr == t:
                a, d = rq[ri][1]
                self.regs.write(a, d)
                ri += 1
                nr = t + 1
            if tv == t:
                _, slot, x, y, z, w, _, vlast, dlast, prim = vq[vi][1]
                vi += 1
                nv = t + 1
                self.slots[slot] = [x, y, z, w]
                if vlast:
                    c = self.vertex(prim, dlast, t + 1)
                    nr = nv = c
        return self.got

    def vertex(self, prim, dlast, c):
        """VERT at cycle c, then SETUP/WALK of its primitives; the cycle RECV resumes."""
        v = convert(self.regs, self.slots)
        self.slots = [[0, 0, 0, 0] for _ in range(16)]
        queue = assemble(self.asm, v, prim, dlast)
        c += 1
        for kind, vs in queue:
            p = setup(self.regs, kind, vs)
            p.idx = self.primidx
            self.primidx = (self.primidx + 1) & 0xFFFF
            c += 1
            if p.walk:
                c = self.walk_quad(p, c) if self.regs[0x4300] else self.walk_fixed(p, c)
        return c


FIELDS = {
    'frag': ['prim', 'x', 'y', 'z', 'back'],
    'quad': ['wseq', 'addr', 'cov', 'last'] + ['p%d%s' % (i, n) for i in range(4) for n in ('rg', 'ba')],
    'zq': ['prim', 'x', 'y', 'cov', 'back', 'z0', 'z1', 'z2', 'z3'],
}


def compare(vec, got):
    """(records checked per channel, first difference text or None)."""
    n = {'zq': 0, 'quad': 0, 'frag': 0}
    for ch in ('zq', 'quad', 'frag'):
        exp = [vals for _, vals in vec.outputs(ch)]
        mine = got[ch]
        n[ch] = min(len(exp), len(mine))
        for k in range(n[ch]):
            for f, a, b in zip(FIELDS[ch], mine[k], exp[k]):
                if a != b:
                    n[ch] = k
                    return n, '%s record %d field %s: reference %x, vector %x' % (ch, k, f, a, b)
        if len(exp) != len(mine):
            return n, '%s: reference %d records, vector %d' % (ch, len(mine), len(exp))
    return n, None


def check(path):
    vec = vector.read(path)
    if not vec.has_expected:
        raise vector.VectorError('%s: no expected outputs' % path)
    got = Replay(vec).run()
    return compare(vec, got)


def main(argv):
    if not argv:
        print(__doc__.strip().splitlines()[-3])
        return 2
    bad = 0
    for path in argv:
        try:
            n, diff = check(path)
        except (vector.VectorError, OSError, ValueError, KeyError) as ex:
            print('BAD INPUT %s: %s' % (path, ex))
            return 2
        cnt = 'quad %d zq %d frag %d' % (n['quad'], n['zq'], n['frag'])
        if diff:
            print('DIFF %s: %s (%s agreed before)' % (path, diff, cnt))
            bad = 1
        else:
            print('OK %s: %s records' % (path, cnt))
    return bad


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
