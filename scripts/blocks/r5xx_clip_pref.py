#!/usr/bin/env python3
"""r5xx_clip_pref.py - the second engineer's independent check of r5xx.clip's point path (D10).

Written from docs/blocks/r5xx.clip.md alone (its float: scripts/blocks/prim_sf_ref.py, from
docs/float.md; its reader: scripts/rcosim_py/vector.py), without reading model/r5xx/clip/,
rtl/r5xx/clip/, r5xx_clip_directed.py or the D10 parts of r5xx_clip_ref.py.

It runs the document's state machine (IN, ASM, PRIM, EXP, PASS, VISIT, INTERP, EMIT) with the
cycle counts of "Cycle model and latency", taking each input when the vector offers it and the
document's ready rules allow it, so register writes land between the same vertices as in the
block.  Lines and triangles are run too (their records are needed to find the points' records
in the output order and their cycles to place the next inputs); the point path - PS_UCP_MODE 0-3,
the sprite vector at PVS index 1542, VAP_OUT_VTX_FMT_0.PT_SIZE_PRESENT, the +er / -er radius
codes, EXP and the corner polygon's clipping - is what this script is for.  Every vtx record is
compared, all ten fields and its cycle (exact under the policy 'always', no earlier than the
document's cycle under the others).

  r5xx_clip_pref.py check VEC...                  compare; exit 1 on a difference
  r5xx_clip_pref.py catches VEC [SEED N]          N copies with one bit of an expanded point's
                                                  corner record (or a point record) changed:
                                                  each must fail
  r5xx_clip_pref.py stim SEED COUNT OUT.stim      write a random point-heavy stimulus
  r5xx_clip_pref.py random RCOSIM SEEDS COUNT     stim + 'rcosim gen --stimulus' + check, per seed
"""
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
import prim_sf_ref as sf                     # noqa: E402
from rcosim_py import vector                 # noqa: E402

SIGN = 0x80000000
FIELDS = ('vert', 'slot', 'x', 'y', 'z', 'w', 'wmask', 'vlast', 'dlast', 'prim')


def neg(a):
    return a ^ SIGN


class Mismatch(Exception):
    pass


# ---- registers (section "Registers", D1) ---------------------------------------------------------

ALIAS = {0x1D98: 0x2098, 0x1D9C: 0x209C, 0x1DA0: 0x20A0, 0x1DA4: 0x20A4, 0x1DA8: 0x20A8,
         0x1DAC: 0x20AC}


class Regs:
    def __init__(self):
        self.r = {}
        self.ucp = [[0, 0, 0, 0] for _ in range(7)]     # 1536..1541 and 1542 (the sprite vector)
        self.indx, self.dcnt, self.qcnt, self.h = 0, 0, 0, [0, 0, 0]

    def g(self, a):
        return self.r.get(a, 0)

    @staticmethod
    def nxt(i):
        return {1023: 0, 1535: 1024, 1542: 1536}.get(i, (i + 1) % 2048)

    def write(self, addr, data):
        addr = ALIAS.get(addr, addr)
        self.r[addr] = data
        if addr == 0x2200:
            self.indx, self.dcnt, self.qcnt = data & 0x7FF, 0, 0
        elif addr == 0x2204:
            if 1536 <= self.indx <= 1542:
                self.ucp[self.indx - 1536][self.dcnt] = data
            if self.dcnt == 3:
                self.indx = self.nxt(self.indx)
            self.dcnt = (self.dcnt + 1) % 4
        elif addr == 0x2208:
            if self.qcnt < 3:
                self.h[self.qcnt] = data
            else:
                if 1536 <= self.indx <= 1542:
                    self.ucp[self.indx - 1536] = [self.h[0], self.h[1], self.h[2], data]
                self.indx = self.nxt(self.indx)
            self.qcnt = (self.qcnt + 1) % 4

    # fields
    def clip_cntl(self):
        return self.g(0x221C)

    def mode(self):
        return (self.clip_cntl() >> 14) & 3

    def sets(self):
        """(cull set, clip set) as 16-bit masks (D4)."""
        c = self.clip_cntl()
        if (c >> 16) & 1:
            return 0, 0
        ena = c & 0x3F
        cull = 0x3 | 0xF000 | (ena << 6)
        clip = 0x3F | (0 if (c >> 17) & 1 else ena << 6)
        return cull, clip


# ---- planes and distances ------------------------------------------------------------------------

def dist(k, P, R):
    x, y, z, w = P
    HC, VC, HD, VD = R.g(0x2228), R.g(0x2220), R.g(0x222C), R.g(0x2224)
    if k == 0:
        return z if (R.g(0x2080) >> 22) & 1 else sf.add(z, w)
    if k == 1:
        return sf.add(w, neg(z))
    if 2 <= k <= 5 or 12 <= k <= 15:
        H, V = (HC, VC) if k <= 5 else (HD, VD)
        j = (k - 2) % 10 if k <= 5 else k - 12
        if j == 0:
            return sf.add(sf.mul(H, w), x)
        if j == 1:
            return sf.add(sf.mul(H, w), neg(x))
        if j == 2:
            return sf.add(sf.mul(V, w), y)
        return sf.add(sf.mul(V, w), neg(y))
    a, b, c, d = R.ucp[k - 6]
    return sf.add(sf.add(sf.mul(x, a), sf.mul(y, b)), sf.add(sf.mul(z, c), sf.mul(w, d)))


def inside(d):
    return sf.cmp_le(0, d)


def codes(P, R, r=None):
    """The 16 clip codes; with r, the codes of sf_add(d_k, r) (D10's radius codes)."""
    oc = 0
    for k in range(16):
        d = dist(k, P, R)
        if r is not None:
            d = sf.add(d, r)
        if not inside(d):
            oc |= 1 << k
    return oc


# ---- vertices ------------------------------------------------------------------------------------

class Vtx:
    def __init__(self):
        self.data = [[0, 0, 0, 0] for _ in range(16)]
        self.wm = [0] * 16
        self.present = 0
        self.vert = 0
        self.oc = 0
        self.src = ''

    def pos(self):
        return tuple(self.data[0])

    def hi(self):
        return (self.present | 1).bit_length() - 1


def point_radius(V, R):
    """D10: (ex, ey, er) of point V."""
    XR, YR, K, Rr = R.ucp[6]
    fmt0 = R.g(0x2090)
    sz = sf.mul(V.data[1][0], K) if (fmt0 >> 16) & 1 else K
    w = V.data[0][3]
    return (sf.mul(sf.mul(XR, sz), w), sf.mul(sf.mul(YR, sz), w), sf.mul(sf.mul(Rr, sz), w))


def vte(P, R):
    x, y, z, w = P
    C = R.g(0x20B0)
    rw = sf.rcp(w) if (C >> 10) & 1 else w
    xd = x if (C >> 8) & 1 else sf.mul(x, rw)
    yd = y if (C >> 8) & 1 else sf.mul(y, rw)
    zd = z if (C >> 9) & 1 else sf.mul(z, rw)
    xs = sf.mul(xd, R.g(0x2098)) if C & 1 else xd
    xo = sf.add(xs, R.g(0x209C)) if (C >> 1) & 1 else xs
    ys = sf.mul(yd, R.g(0x20A0)) if (C >> 2) & 1 else yd
    yo = sf.add(ys, R.g(0x20A4)) if (C >> 3) & 1 else ys
    zs = sf.mul(zd, R.g(0x20A8)) if (C >> 4) & 1 else zd
    zo = sf.add(zs, R.g(0x20AC)) if (C >> 5) & 1 else zs
    return (xo, yo, zo, rw)


# ---- the machine ---------------------------------------------------------------------------------

class Stats:
    def __init__(self):
        self.records = self.point_records = 0
        self.points = self.p_culled = self.p_emitted = self.p_expanded = self.p_exp_dropped = 0
        self.corner_vertices = self.new_from_points = 0
        self.prims = 0

    def add(self, o):
        for k, v in o.__dict__.items():
            setattr(self, k, getattr(self, k) + v)


class Machine:
    def __init__(self, vec, stats):
        self.v = vec
        self.exact = vec.backpressure == 'always'
        self.expect = vec.outputs('vtx')
        self.oi = 0                     # next expected record
        self.st = stats
        self.R = Regs()
        self.mem = {i: Vtx() for i in range(40)}
        self.n, self.F, self.P1, self.P2, self.P3 = 0, None, None, None, None
        self.t = 0                      # the current cycle
        self.ri_at = []

    # -- output
    def emit_record(self, rec, what, is_point):
        if self.oi >= len(self.expect):
            raise Mismatch('record %d (%s): the document gives a record %s, the vector has no more'
                           % (self.oi, what, dict(zip(FIELDS, ('%x' % f for f in rec)))))
        cyc, vals = self.expect[self.oi]
        vals = tuple(vals)
        for f, a, b in zip(FIELDS, rec, vals):
            if a != b:
                raise Mismatch('record %d (%s), field %s: the document gives %x, the vector has %x'
                               % (self.oi, what, f, a, b))
        if (self.exact and cyc != self.t) or cyc < self.t:
            raise Mismatch('record %d (%s): the document gives cycle %d, the vector %d'
                           % (self.oi, what, self.t, cyc))
        self.t = cyc + 1
        self.oi += 1
        self.st.records += 1
        self.st.point_records += is_point

    def emit_vertex(self, V, prim, dl, what, is_point):
        pres = V.present | 1
        slots = [s for s in range(16) if (pres >> s) & 1]
        for s in slots:
            last = s == slots[-1]
            if s == 0:
                x, y, z, w = vte(V.pos(), self.R)
                wm = 0xF
            else:
                x, y, z, w = V.data[s]
                wm = V.wm[s]
            self.emit_record((V.vert, s, x, y, z, w, wm, int(last), int(last and dl), prim),
                             '%s, vertex %s slot %d' % (what, V.src, s), is_point)

    def emit_list(self, L, kind, what, is_point):
        if kind == 'tri':
            for k in range(1, len(L) - 1):
                tri = (L[0], L[k], L[k + 1])
                for j, i in enumerate(tri):
                    self.emit_vertex(self.mem[i], 4, j == 2, what + ' fan tri %d' % (k - 1), is_point)
        elif kind == 'line':
            for j, i in enumerate(L):
                self.emit_vertex(self.mem[i], 2, j == 1, what, is_point)
        else:
            self.emit_vertex(self.mem[L[0]], 1, True, what, is_point)

    # -- clipping (PASS / VISIT / INTERP), from st = PASS at self.t
    def clip(self, L, kind, mask, pp, what, is_point):
        ovf = False
        R = self.R
        while True:
            self.t += 1                                     # PASS
            if ovf or len(L) < (3 if kind == 'tri' else 2):
                return False, pp
            if mask == 0:
                self.emit_list(L, kind, what, is_point)
                return True, pp
            p = (mask & -mask).bit_length() - 1
            mask &= ~(1 << p)
            O = []

            def app(i):
                nonlocal ovf
                if len(O) >= 16:
                    ovf = True
                else:
                    O.append(i)
            edges = [(L[i], L[(i + 1) % len(L)]) for i in range(len(L))] if kind == 'tri' \
                else [(L[0], L[1])]
            for S, E in edges:
                self.t += 1                                 # VISIT
                VS, VE = self.mem[S], self.mem[E]
                dS, dE = dist(p, VS.pos(), R), dist(p, VE.pos(), R)
                inS, inE = inside(dS), inside(dE)
                if inS:
                    app(S)
                if inS != inE:
                    I, Q, dI, dQ = (VS, VE, dS, dE) if inS else (VE, VS, dE, dS)
                    if pp == 32:
                        ovf = True
                    else:
                        t = sf.mul(dI, sf.rcp(sf.add(dI, neg(dQ))))
                        N = Vtx()
                        hi = (I.present | Q.present | 1).bit_length() - 1
                        for s in range(hi + 1):
                            wm = I.wm[s] | Q.wm[s]
                            N.wm[s] = wm
                            N.data[s] = [sf.add(a, sf.mul(t, sf.add(b, neg(a)))) if (wm >> c) & 1
                                         else 0 for c, (a, b) in enumerate(zip(I.data[s], Q.data[s]))]
                        N.present = I.present | Q.present
                        N.vert = I.vert
                        N.src = 'new(%s->%s, plane %d)' % (I.src, Q.src, p)
                        self.t += hi + 1                    # INTERP
                        self.mem[8 + pp] = N
                        app(8 + pp)
                        pp += 1
                        if is_point:
                            self.st.new_from_points += 1
                if kind == 'line' and inE:
                    app(E)
            L = O

    # -- one primitive, from st = PRIM at self.t
    def prim(self, kind, ids):
        R = self.R
        cull, clipset = R.sets()
        vs = [self.mem[i] for i in ids]
        what = '%s(%s)' % (kind, ', '.join(V.src for V in vs))
        self.t += 1                                         # PRIM
        self.st.prims += 1
        if kind == 'point':
            P = vs[0]
            mode = R.mode()
            self.st.points += 1
            C = (cull | clipset) if mode < 3 else cull
            if P.oc & C:
                self.st.p_culled += 1
                return
            ic = 0
            if mode >= 2:
                ex, ey, er = point_radius(P, R)
                ic = codes(P.pos(), R, neg(er)) & clipset & 0xFFF
            if ic == 0:
                self.st.p_emitted += 1
                self.emit_list(ids, 'point', what + ' mode %d' % mode, True)
                return
            # expanded (EXP)
            self.st.p_expanded += 1
            self.st.corner_vertices += 4
            hi = P.hi()
            x, y, z, w = P.pos()
            for k, (sx, sy) in enumerate(((1, 1), (0, 1), (0, 0), (1, 0))):
                Cn = Vtx()
                Cn.data[0] = [sf.add(x, neg(ex) if sx else ex), sf.add(y, neg(ey) if sy else ey), z, w]
                Cn.wm[0] = P.wm[0]
                for s in range(1, hi + 1):
                    Cn.data[s] = list(P.data[s])
                    Cn.wm[s] = P.wm[s]
                Cn.present = P.present | 1
                Cn.vert = P.vert
                Cn.src = 'corner%d(%s)' % (k, P.src)
                self.mem[8 + k] = Cn
            self.t += 4 * (hi + 1)                          # EXP
            done, _ = self.clip([8, 9, 10, 11], 'tri', ic, 4, what + ' mode %d expanded' % mode, True)
            if not done:
                self.st.p_exp_dropped += 1
            return
        a, o = 0xFFFF, 0
        for V in vs:
            a &= V.oc
            o |= V.oc
        if a & cull:
            return
        if o & clipset == 0:
            self.emit_list(ids, kind, what, False)
            return
        self.clip(list(ids), kind, o & clipset & 0xFFF, 0, what, False)

    # -- assembly (ASM at self.t)
    def asm(self, N, prim, dlast):
        R = self.R
        V = self.mem[N]
        if prim == 1 and R.mode() != 0:
            V.oc = codes(V.pos(), R, point_radius(V, R)[2])
        else:
            V.oc = codes(V.pos(), R)
        n, F, P1, P2, P3 = self.n, self.F, self.P1, self.P2, self.P3
        q = []
        if prim == 1:
            q.append(('point', (N,)))
        elif prim == 2 and n % 2 == 1:
            q.append(('line', (P1, N)))
        elif prim == 3 and n >= 1:
            q.append(('line', (P1, N)))
        elif prim == 12 and n >= 1:
            q.append(('line', (P1, N)))
            if dlast:
                q.append(('line', (N, F)))
        elif prim in (4, 7) and n % 3 == 2:
            q.append(('tri', (P2, P1, N)))
        elif prim in (5, 15) and n >= 2:
            q.append(('tri', (F, P1, N)))
        elif prim == 6 and n >= 2:
            q.append(('tri', (P2, P1, N) if n % 2 == 0 else (P1, P2, N)))
        elif prim == 13 and n % 4 == 3:
            q += [('tri', (P3, P2, P1)), ('tri', (P3, P1, N))]
        elif prim == 14 and n >= 3 and n % 2 == 1:
            q += [('tri', (P3, P2, P1)), ('tri', (P1, P2, N))]
        if dlast:
            self.n, self.F, self.P1, self.P2, self.P3 = 0, None, None, None, None
        else:
            self.P3, self.P2, self.P1 = P2, P1, N
            if n == 0:
                self.F = N
            self.n = (n + 1) & 0xFFFFFFFF
        self.t += 1                                         # ASM
        for kind, ids in q:
            self.prim(kind, ids)

    def free_id(self):
        used = set()
        if self.n >= 1:
            used |= {self.F, self.P1}
        if self.n >= 2:
            used.add(self.P2)
        if self.n >= 3:
            used.add(self.P3)
        return min(i for i in range(5) if i not in used)

    def run(self):
        regw = [(at, vals) for ch, at, vals in self.v.events if ch == 'regw']
        vin = [(at, vals) for ch, at, vals in self.v.events if ch == 'vin']
        ri = vi = 0
        r_last = v_last = -1                    # cycle each channel's previous input fired
        part = False
        nvtx = 0
        while ri < len(regw) or vi < len(vin):
            # st = IN at self.t
            r_av = max(regw[ri][0] or 0, r_last + 1) if ri < len(regw) else None
            v_av = max(vin[vi][0] or 0, v_last + 1) if vi < len(vin) else None
            cands = [c for c in (r_av if not part else None, v_av) if c is not None]
            if not cands:
                raise Mismatch('a vertex is left partly received at the end of the stimulus')
            self.t = max(self.t, min(cands))
            fired_v = None
            if not part and r_av is not None and r_av <= self.t:
                self.R.write(*regw[ri][1])
                r_last, ri = self.t, ri + 1
            if v_av is not None and v_av <= self.t:
                vert, slot, x, y, z, w, wm, vlast, dlast, prim = vin[vi][1]
                if not part:
                    self.ri_at.append(ri)           # register writes taken before vertex nvtx
                    self.wr = self.free_id()
                    V = self.mem[self.wr] = Vtx()
                    V.src = 'in%d' % nvtx
                V = self.mem[self.wr]
                V.data[slot] = [x, y, z, w]
                V.wm[slot] = wm
                V.present |= 1 << slot
                part = True
                v_last, vi = self.t, vi + 1
                fired_v = (vert, vlast, dlast, prim)
            self.t += 1
            if fired_v and fired_v[1]:
                V.vert = fired_v[0]
                part = False
                nvtx += 1
                self.asm(self.wr, fired_v[3], fired_v[2])
        if self.oi != len(self.expect):
            raise Mismatch('record %d: the vector has %d records, the document gives %d'
                           % (self.oi, len(self.expect), self.oi))


def check_vec(v, stats):
    m = Machine(v, stats)
    m.run()


def check(paths):
    bad = 0
    tot = Stats()
    for p in paths:
        v = vector.read(p)
        s = Stats()
        try:
            check_vec(v, s)
            print('OK %s: %d records (%d of points); points %d: %d culled, %d emitted as points, '
                  '%d expanded (%d dropped after clipping; %d new vertices)'
                  % (p, s.records, s.point_records, s.points, s.p_culled, s.p_emitted,
                     s.p_expanded, s.p_exp_dropped, s.new_from_points))
        except Mismatch as e:
            print('FAIL %s: %s' % (p, e))
            bad += 1
        tot.add(s)
    print('%s: %d vectors, %d records (%d of points), %d points: %d culled / %d emitted / %d '
          'expanded (%d dropped), %d corner + %d new vertices; %d vectors differ'
          % ('FAIL' if bad else 'PASS', len(paths), tot.records, tot.point_records, tot.points,
             tot.p_culled, tot.p_emitted, tot.p_expanded, tot.p_exp_dropped, tot.corner_vertices,
             tot.new_from_points, bad))
    return 1 if bad else 0


# ---- catches: one bit of a point's record changed must fail --------------------------------------

def catches(path, seed=1, n=8):
    v = vector.read(path)
    out = v.outputs('vtx')
    # the records of expanded points: prim 4 records whose vertex is a corner or made from one.
    # Found from this script's own run (which must pass first): record what each record was.
    tags = []
    m = Machine(v, Stats())
    orig = m.emit_record

    def spy(rec, what, is_point):
        tags.append((what, is_point))
        orig(rec, what, is_point)
    m.emit_record = spy
    m.run()
    corner = [i for i, (w, p) in enumerate(tags) if p and 'vertex corner' in w]
    point = [i for i, (w, p) in enumerate(tags) if p and 'expanded' not in w]
    if not corner:
        print('FAIL: %s has no expanded point' % path)
        return 1
    rng = random.Random(seed)
    ok = 0
    for k in range(n):
        # 0: the lowest bit of x of the first corner's first record; 1: that record's cycle + 1
        # (under 'always'); then random bits of corner records and of points' records
        pool = corner if (k % 2 == 0 or not point) else point
        i = corner[0] if k < 2 else rng.choice(pool)
        f = 2 if k == 0 else rng.choice((2, 3, 4, 5)) if k % 4 != 3 else rng.choice((0, 1, 6, 7, 8, 9))
        width = (16, 4, 32, 32, 32, 32, 4, 1, 1, 4)[f]
        bit = 0 if k == 0 else rng.randrange(width)
        cyc, vals = out[i]
        vals2 = list(vals)
        cyc2 = cyc
        if k == 1 and v.backpressure == 'always':
            cyc2, what = cyc + 1, 'cycle %d -> %d' % (cyc, cyc + 1)
        else:
            vals2[f] ^= 1 << bit
            what = 'field %s bit %d' % (FIELDS[f], bit)
        out[i] = (cyc2, vals2)
        try:
            check_vec(v, Stats())
            print('NOT CAUGHT: record %d (%s) %s' % (i, tags[i][0], what))
        except Mismatch as e:
            ok += 1
            print('caught: record %d %s: %s' % (i, what, e))
        out[i] = (cyc, vals)
    print('%s: %d of %d alterations caught' % ('PASS' if ok == n else 'FAIL', ok, n))
    return 0 if ok == n else 1


# ---- random point-heavy stimulus -----------------------------------------------------------------

def f32(x):
    import struct
    return struct.unpack('<I', struct.pack('<f', x))[0]


def stim(seed, count):
    """A point-heavy stimulus: phases of random state (mode, sprite vector, size format, planes,
    guard band, VTE) each followed by a draw of points (sometimes a short line or triangle draw)."""
    rng = random.Random(seed)
    L = ['rcosim-vector 1', 'block r5xx.clip', 'stimulus file pref-%d.stim' % seed,
         'channel in regw addr:16 data:32',
         'channel in vin vert:16 slot:4 x:32 y:32 z:32 w:32 wmask:4 vlast:1 dlast:1 prim:4']
    regs, vins = [], []
    vert = 0

    def val():
        r = rng.random()
        if r < 0.03:
            return rng.choice((0x7FC00000, 0x7F800000, 0xFF800000, 0x80000000, 0, 0x00000001))
        return f32(rng.uniform(-2.5, 2.5))
    made = 0
    while made < count:
        w = regs.append
        w((0x2080, rng.choice((0, 0, 1 << 22))))
        cc = (rng.randrange(64) & rng.randrange(64)) | (rng.randrange(4) << 14) | (rng.random() < 0.1) << 16 \
            | (rng.random() < 0.2) << 17
        w((0x221C, cc))
        for a in (0x2220, 0x2224, 0x2228, 0x222C):
            w((a, f32(rng.choice((1.0, 1.0, 1.5, 2.0, 0.75)))))
        for a in (0x2098, 0x209C, 0x20A0, 0x20A4, 0x20A8, 0x20AC):
            w((a + rng.choice((0, 0, -0x300)), f32(rng.uniform(-200, 200))))
        w((0x20B0, rng.choice((0x43F, 0x43F, 0x300, rng.randrange(0x800)))))
        w((0x2090, rng.choice((0, 1 << 16, 1 << 16, rng.randrange(1 << 32)))))
        if rng.random() < 0.7:                          # the six planes and the sprite vector
            w((0x2200, 1536 if rng.random() < 0.8 else 1542))
            for _ in range(7):
                if rng.random() < 0.5:      # a plane (a, b, c, d), mostly passing the centre
                    vec = [rng.uniform(-1, 1) for _ in range(3)] + [rng.uniform(-0.5, 1.5)]
                else:                       # a sprite vector: radii, size constant, cull radius
                    vec = [rng.uniform(0, 0.4), rng.uniform(0, 0.4), rng.uniform(0.25, 2),
                           rng.uniform(0, 0.5)]
                for c in vec:
                    w((0x2208 if rng.random() < 0.9 else 0x2204,
                       f32(c) if rng.random() < 0.97 else val()))
        npts = rng.randrange(1, 12)
        prim = 1 if rng.random() < 0.85 else rng.choice((2, 4, 5, 6))
        for i in range(npts):
            slots = [0] + [s for s in range(1, 6) if rng.random() < 0.4]
            if rng.random() < 0.05:
                slots = slots[1:] or [2]
            rng.shuffle(slots)
            for j, s in enumerate(slots):
                last = j == len(slots) - 1
                if s == 0:
                    wf = rng.uniform(0.2, 3.0)
                    ww = f32(wf) if rng.random() < 0.95 else val()
                    x, y, z = (f32(rng.uniform(-b, b) * wf) if rng.random() < 0.97 else val()
                               for b in (1.1, 1.1, 0.95))
                    wv = ww
                elif s == 1:
                    x, y, z, wv = f32(rng.uniform(0, 3)), val(), val(), val()
                else:
                    x, y, z, wv = val(), val(), val(), val()
                wm = 0xF if rng.random() < 0.8 else rng.randrange(16)
                vins.append((vert, s, x, y, z, wv, wm, int(last), int(last and i == npts - 1), prim))
            vert = (vert + 1) & 0xFFFF
            made += 1
        # the regw and vin channels are independent: stamp each phase's first write so that its
        # writes come after the previous draw's vertices (they may still fall mid-processing)
        L.append(('P', len(regs), len(vins)))
    out, ri, vi, t = L[:5], 0, 0, 10
    for item in L[5:]:
        _, rn, vn = item
        first = True
        for a, d in regs[ri:rn]:
            out.append('in regw %s%04x %08x' % ('@%d ' % t if first else '', a, d))
            first = False
        first = True
        for rec in vins[vi:vn]:
            out.append('in vin %s%04x %x %08x %08x %08x %08x %x %x %x %x'
                       % (('@%d ' % (t + rn - ri + 2) if first else '',) + rec))
            first = False
        t += 40 * (vn - vi) + 3 * (rn - ri) + 20
        ri, vi = rn, vn
    out.append('end')
    return '\n'.join(out) + '\n'


def rand(rcosim, seeds, count, policy='always'):
    rc = 0
    tot = Stats()
    with tempfile.TemporaryDirectory(prefix='refpt7-') as d:
        for s in seeds:
            sp, vp = os.path.join(d, 's%d.stim' % s), os.path.join(d, 's%d.vec' % s)
            with open(sp, 'w') as f:
                f.write(stim(s, count))
            r = subprocess.run([rcosim, 'gen', '--stimulus', sp, '--backpressure', policy, '-o', vp],
                               capture_output=True, text=True)
            if r.returncode:
                print('FAIL seed %d: rcosim gen: %s' % (s, r.stderr.strip() or r.stdout.strip()))
                return 2
            v = vector.read(vp)
            st = Stats()
            try:
                check_vec(v, st)
                print('OK seed %d: %d records (%d of points); points %d: %d culled, %d emitted, %d '
                      'expanded (%d dropped)' % (s, st.records, st.point_records, st.points,
                                                 st.p_culled, st.p_emitted, st.p_expanded,
                                                 st.p_exp_dropped))
            except Mismatch as e:
                print('FAIL seed %d (%s): %s' % (s, policy, e))
                rc = 1
            tot.add(st)
    print('%s: %d seeds, %d records (%d of points), %d points: %d culled / %d emitted / %d expanded '
          '(%d dropped), %d new vertices from corners'
          % ('FAIL' if rc else 'PASS', len(seeds), tot.records, tot.point_records, tot.points,
             tot.p_culled, tot.p_emitted, tot.p_expanded, tot.p_exp_dropped, tot.new_from_points))
    return rc


def main(argv):
    try:
        if len(argv) >= 2 and argv[0] == 'check':
            return check(argv[1:])
        if len(argv) in (2, 4) and argv[0] == 'catches':
            return catches(argv[1], *(int(a) for a in argv[2:]))
        if len(argv) == 4 and argv[0] == 'stim':
            with open(argv[3], 'w') as f:
                f.write(stim(int(argv[1]), int(argv[2])))
            return 0
        if len(argv) in (4, 5) and argv[0] == 'random':
            return rand(argv[1], [int(s) for s in argv[2].split(',')], int(argv[3]), *argv[4:])
    except vector.VectorError as e:
        print(e)
        return 2
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
