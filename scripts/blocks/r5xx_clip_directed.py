#!/usr/bin/env python3
"""r5xx_clip_directed.py - write the directed stimulus files of r5xx.clip (vectors/r5xx/clip/stim/*.stim),
or check the golden vectors made from them against a Python statement of docs/blocks/r5xx.clip.md.

Each case is a sequence of phases: register writes on `regw` (the clip/VTE state, user clip
planes through the PVS loader), then vertices on `vin` (clip-space records as r5xx.pvs sends
them), the next phase far enough later that the block is idle again.  'rcosim gen --stimulus
X.stim -o X.vec' turns a stimulus into a golden vector (scripts/regen-vectors does all).
'--check VECDIR' replays every stimulus through reference() below (the block's function: assembly,
culling, clipping, emission order, VTE, on the shared float of scripts/blocks/prim_sf_ref.py;
no cycles) and compares its vtx records with the golden vector's, in order.

Usage: r5xx_clip_directed.py OUTDIR                 write OUTDIR/*.stim
       r5xx_clip_directed.py --check VECDIR [--stats]  compare VECDIR/*.vec with VECDIR/stim/*.stim
       r5xx_clip_directed.py --random SEED N OUTDIR  write OUTDIR/random.stim: N random phases
"""
import os
import struct
import sys

from blocks import prim_sf_ref as sf
from rcosim_py import check as chk
from rcosim_py import rng
from rcosim_py import vector

STATS = {}


def stat(k, n=1):
    STATS[k] = STATS.get(k, 0) + n

VAP_CNTL, CLIP_CNTL, VTE_CNTL, OUT_FMT0 = 0x2080, 0x221C, 0x20B0, 0x2090
GB = 0x2220                     # VC, VD, HC, HD
VPORT, VPORT_ALIAS = 0x2098, 0x1D98
INDX, DATA, DATA128 = 0x2200, 0x2204, 0x2208
ONE = 0x3F800000
SIGN = 0x80000000


def f(x):
    """binary32 bits of a Python float (exact for the values used here)."""
    return struct.unpack('<I', struct.pack('<f', x))[0]


# ---- the reference statement of docs/blocks/r5xx.clip.md --------------------------------------

def next_index(i):
    return 0 if i == 1023 else 1024 if i == 1535 else 1536 if i == 1542 else (i + 1) % 2048


class Regs:
    def __init__(self):
        self.r = {}
        self.ucp = [[0] * 4 for _ in range(6)]
        self.ps = [0] * 4                     # PVS index 1542 (D10)
        self.indx = self.dcnt = self.qcnt = 0
        self.h = [0, 0, 0]

    def get(self, a):
        return self.r.get(a, 0)

    def write(self, a, d):
        if a in (VAP_CNTL, CLIP_CNTL, VTE_CNTL, OUT_FMT0) or a in range(GB, GB + 16, 4) or a in range(VPORT, VPORT + 24, 4):
            self.r[a] = d
        elif a in range(VPORT_ALIAS, VPORT_ALIAS + 24, 4):
            self.r[a - VPORT_ALIAS + VPORT] = d
        elif a == INDX:
            self.indx, self.dcnt, self.qcnt = d & 2047, 0, 0
        elif a == DATA:
            if 1536 <= self.indx <= 1541:
                self.ucp[self.indx - 1536][self.dcnt] = d
            if self.indx == 1542:
                self.ps[self.dcnt] = d
            if self.dcnt == 3:
                self.indx = next_index(self.indx)
            self.dcnt = (self.dcnt + 1) % 4
        elif a == DATA128:
            if self.qcnt < 3:
                self.h[self.qcnt] = d
            else:
                if 1536 <= self.indx <= 1541:
                    self.ucp[self.indx - 1536] = self.h + [d]
                if self.indx == 1542:
                    self.ps = self.h + [d]
                self.indx = next_index(self.indx)
            self.qcnt = (self.qcnt + 1) % 4


def neg(a):
    return a ^ SIGN


def dist(R, p, k):
    """d of plane k (0-11 clip, 12-15 discard G2-G5) for position p."""
    x, y, z, w = p
    hc, vc, hd, vd = R.get(GB + 8), R.get(GB), R.get(GB + 12), R.get(GB + 4)
    if k == 0:
        return z if R.get(VAP_CNTL) >> 22 & 1 else sf.add(z, w)
    if k == 1:
        return sf.add(w, neg(z))
    if 2 <= k <= 5 or 12 <= k <= 15:
        adj = (hc, vc)[(k & 7) >= 4] if k < 6 else (hd, vd)[k >= 14]
        c = x if (k & 7) in (2, 3) or k in (12, 13) else y
        return sf.add(sf.mul(adj, w), neg(c) if k & 1 else c)
    return sf.dp4(list(p), R.ucp[k - 6])


def inside(d):
    return sf.cmp_le(0, d)


def codes(R, p, r=None):
    """bit k = outside plane k; with r, of the distance d + r (D10's radius-based distance)."""
    return sum((0 if inside(dist(R, p, k) if r is None else sf.add(dist(R, p, k), r)) else 1) << k
               for k in range(16))


def point_ext(R, v):
    """D10: (ex, ey, er) of a point vertex."""
    XR, YR, K, RR = R.ps
    w = v.pos()[3]
    sz = sf.mul(v.rd(1)[0][0], K) if R.get(OUT_FMT0) >> 16 & 1 else K
    return [sf.mul(sf.mul(a, sz), w) for a in (XR, YR, RR)]


def corners(R, v):
    """D10: the four corners of an expanded point (-x -y, +x -y, +x +y, -x +y), other slots copied."""
    ex, ey, _ = point_ext(R, v)
    x, y, z, w = v.pos()
    out = []
    for k in range(4):
        n = Vtx()
        n.vert = v.vert
        n.slots = dict(v.slots)
        n.slots[0] = ([sf.add(x, ex if k in (1, 2) else neg(ex)), sf.add(y, ey if k >= 2 else neg(ey)), z, w],
                      v.rd(0)[1])
        out.append(n)
    return out


def sets(R):
    c = R.get(CLIP_CNTL)
    if c >> 16 & 1:
        return 0, 0
    ucp = c & 0x3F
    return 0x3 | ucp << 6 | 0xF000, 0x3F | (0 if c >> 17 & 1 else ucp << 6)


def vte(R, p):
    c = R.get(VTE_CNTL)
    x, y, z, w = p
    rw = sf.rcp(w) if c >> 10 & 1 else w
    d = [x if c >> 8 & 1 else sf.mul(x, rw), y if c >> 8 & 1 else sf.mul(y, rw), z if c >> 9 & 1 else sf.mul(z, rw)]
    out = []
    for a in range(3):
        s = sf.mul(d[a], R.get(VPORT + 8 * a)) if c >> (2 * a) & 1 else d[a]
        out.append(sf.add(s, R.get(VPORT + 8 * a + 4)) if c >> (2 * a + 1) & 1 else s)
    return out + [rw]


class Vtx:
    """A vertex: slot -> (data[4], wmask); vert; clip codes."""

    def __init__(self):
        self.slots, self.vert, self.oc = {}, 0, 0

    def rd(self, s):
        return self.slots.get(s, ([0, 0, 0, 0], 0))

    def pos(self):
        return self.rd(0)[0]


def lerp_vertex(t, I, Q):
    n = Vtx()
    n.vert = I.vert
    present = set(I.slots) | set(Q.slots)
    for s in present:
        (a, wi), (b, wq) = I.rd(s), Q.rd(s)
        wm = wi | wq
        n.slots[s] = ([sf.add(a[c], sf.mul(t, sf.add(b[c], neg(a[c])))) if wm >> c & 1 else 0 for c in range(4)], wm)
    return n


def clip_prim(R, kind, vs, mask, pool=0):
    """Sutherland-Hodgman over the planes of mask, lowest first; None when dropped."""
    L = list(vs)
    for p in range(12):
        if not mask >> p & 1:
            continue
        stat('stat.pass%d' % p)
        O, ovf = [], False

        def app(v):
            nonlocal ovf
            if len(O) == 16:
                ovf = True
            else:
                O.append(v)
        edges = [(L[0], L[1])] if kind == 'line' else [(L[i], L[(i + 1) % len(L)]) for i in range(len(L))]
        for S, E in edges:
            ds, de = dist(R, S.pos(), p), dist(R, E.pos(), p)
            ins, ine = inside(ds), inside(de)
            if ins:
                app(S)
            if ins != ine:
                if pool == 32:
                    ovf = True
                else:
                    I, Q, di, dq = (S, E, ds, de) if ins else (E, S, de, ds)
                    t = sf.mul(di, sf.rcp(sf.add(di, neg(dq))))
                    app(lerp_vertex(t, I, Q))
                    pool += 1
                    stat('stat.new')
            if kind == 'line' and ine:
                app(E)
        L = O
        if ovf or len(L) < (3 if kind == 'tri' else 2):
            return None
    return L


def emit(R, kind, L, out):
    prims = [[L[0], L[k], L[k + 1]] for k in range(1, len(L) - 1)] if kind == 'tri' else [L]
    code = {'tri': 4, 'line': 2, 'point': 1}[kind]
    for verts in prims:
        for j, v in enumerate(verts):
            slots = sorted(set(v.slots) | {0})
            for s in slots:
                if s == 0:
                    d, wm = vte(R, v.pos()), 0xF
                else:
                    d, wm = v.rd(s)
                last = s == slots[-1]
                out.append((v.vert, s) + tuple(d) + (wm, int(last), int(last and j == len(verts) - 1), code))


def reference(events):
    """The vtx records of a stimulus: events = [(channel, values)] in the order the block takes them."""
    R, out = Regs(), []
    n, F, P1, P2, P3 = 0, None, None, None, None
    cur = None
    for ch, vals in events:
        if ch == 'regw':
            R.write(vals[0], vals[1])
            continue
        vert, slot, x, y, z, w, wm, vlast, dlast, prim = vals
        if cur is None:
            cur = Vtx()
        cur.slots[slot] = ([x, y, z, w], wm)
        if not vlast:
            continue
        N, cur = cur, None
        N.vert = vert
        mode = R.get(CLIP_CNTL) >> 14 & 3
        N.oc = codes(R, N.pos(), point_ext(R, N)[2] if mode and prim == 1 else None)
        q = []
        if prim == 1:
            q = [('point', [N])]
        elif prim == 2 and n % 2 == 1 or prim == 3 and n >= 1:
            q = [('line', [P1, N])]
        elif prim == 12 and n >= 1:
            q = [('line', [P1, N])] + ([('line', [N, F])] if dlast else [])
        elif prim in (4, 7) and n % 3 == 2:
            q = [('tri', [P2, P1, N])]
        elif prim in (5, 15) and n >= 2:
            q = [('tri', [F, P1, N])]
        elif prim == 6 and n >= 2:
            q = [('tri', [P1, P2, N] if n % 2 else [P2, P1, N])]
        elif prim == 13 and n % 4 == 3:
            q = [('tri', [P3, P2, P1]), ('tri', [P3, P1, N])]
        elif prim == 14 and n >= 3 and n % 2 == 1:
            q = [('tri', [P3, P2, P1]), ('tri', [P1, P2, N])]
        if dlast:
            n = 0
        else:
            if n == 0:
                F = N
            P3, P2, P1, n = P2, P1, N, n + 1
        cull, clipset = sets(R)
        for kind, vs in q:
            oand, oor = 0xFFFF, 0
            for v in vs:
                oand &= v.oc
                oor |= v.oc
            if kind == 'point':
                if oor & (cull if mode == 3 else cull | clipset):
                    stat('stat.culled')
                    stat('stat.point_culled')
                    continue
                ic = codes(R, vs[0].pos(), neg(point_ext(R, vs[0])[2])) & clipset & 0xFFF if mode >= 2 else 0
                if ic:
                    stat('stat.point_expanded')
                    L = clip_prim(R, 'tri', corners(R, vs[0]), ic, pool=4)
                    stat('stat.point_dropped', L is None)
                    if L is not None:
                        emit(R, 'tri', L, out)
                else:
                    stat('stat.point_accepted')
                    emit(R, 'point', vs, out)
                continue
            if oand & cull:
                stat('stat.culled')
                continue
            if oor & clipset:
                stat('stat.clipped')
                stat('stat.line_clipped', kind == 'line')
                L = clip_prim(R, kind, vs, oor & clipset & 0xFFF)
                stat('stat.dropped', L is None)
            else:
                stat('stat.accepted')
                L = vs
            if L is not None:
                emit(R, kind, L, out)
    return out


# ---- the directed cases ------------------------------------------------------------------------

class Case:
    def __init__(self, name, title, backpressure='always', gap=(4000, 1500)):
        self.name, self.title, self.bp, self.gap = name, title, backpressure, gap
        self.lines, self.t, self.vert = [], 10, 0
        self.phase_regs, self.phase_vin = [], []

    def w(self, a, d, note=None):
        self.phase_regs.append((a, d, note))

    def state(self, vap=0, clip=0, vte=0x43F, gb=(1.0, 1.0, 1.0, 1.0), vport=(160.0, 160.0, -120.0, 120.0, 0.5, 0.5),
              alias=False):
        """The clip/VTE state as Mesa r300g writes it (D2), by default."""
        self.w(VAP_CNTL, vap, 'VAP_CNTL')
        self.w(CLIP_CNTL, clip, 'VAP_CLIP_CNTL')
        for k, g in enumerate(gb):
            self.w(GB + 4 * k, f(g) if isinstance(g, float) else g)
        for k, v in enumerate(vport):
            self.w((VPORT_ALIAS if alias else VPORT) + 4 * k, f(v) if isinstance(v, float) else v)
        self.w(VTE_CNTL, vte, 'VAP_VTE_CNTL')

    def ucp(self, first, planes, port128=True):
        """User clip planes from UCP first on, through the PVS loader (D1)."""
        self.w(INDX, 1536 + first, 'PVS index: UCP%d' % first)
        for pl in planes:
            for c in pl:
                self.w(DATA128 if port128 else DATA, f(c) if isinstance(c, float) else c)

    def sprite(self, vec, port128=True):
        """The point-sprite vector (XR, YR, K, R) at PVS index 1542 (D10)."""
        self.w(INDX, 1542, 'PVS index 1542: point-sprite vector')
        for c in vec:
            self.w(DATA128 if port128 else DATA, f(c) if isinstance(c, float) else c)

    def vertex(self, prim, pos, attrs=(), dlast=False, slot_order=None):
        """One vertex: slot 0 = pos (x, y, z, w), slot s = attrs[s-1]."""
        slots = [(0, pos, 0xF)] + [(s + 1, a, 0xF) for s, a in enumerate(attrs)]
        if slot_order is not None:
            slots = [slots[i] for i in slot_order]
        for i, (s, d, wm) in enumerate(slots):
            vals = [f(c) if isinstance(c, float) else c for c in d]
            last = i + 1 == len(slots)
            self.phase_vin.append((self.vert, s, vals, wm, int(last), int(last and dlast), prim))
        self.vert += 1

    def draw(self, prim, verts, attrs=None):
        for i, v in enumerate(verts):
            self.vertex(prim, v, attrs[i] if attrs else (), dlast=i + 1 == len(verts))

    def phase(self):
        """Close a phase: its register writes at self.t, its vertices after them."""
        if not self.phase_regs and not self.phase_vin:
            return
        t = self.t
        for i, (a, d, note) in enumerate(self.phase_regs):
            self.lines.append('in regw %s%04x %08x%s' % ('@%d ' % t if i == 0 else '', a, d,
                                                          '  # ' + note if note else ''))
        tv = t + len(self.phase_regs) + 4
        for i, (vert, s, d, wm, vl, dl, prim) in enumerate(self.phase_vin):
            self.lines.append('in vin %s%04x %x %08x %08x %08x %08x %x %x %x %x' % (
                '@%d ' % tv if i == 0 else '', vert, s, d[0], d[1], d[2], d[3], wm, vl, dl, prim))
        nv = sum(1 for r in self.phase_vin if r[4])
        self.t = tv + self.gap[0] + self.gap[1] * nv
        self.phase_regs, self.phase_vin = [], []

    def write(self, outdir):
        self.phase()
        vector.write_stim(outdir, self.name, 'r5xx.clip', self.title, __file__,
                          notes=['r5xx_clip_directed.py --check replays it through its own reference of '
                                 'docs/blocks/r5xx.clip.md'],
                          body=self.lines, backpressure=self.bp, seed=1)


COL = [(1.0, 0.0, 0.0, 1.0), (0.0, 1.0, 0.0, 1.0), (0.0, 0.0, 1.0, 0.5)]
TEX = [(0.0, 0.0, 0.0, 1.0), (1.0, 0.0, 0.0, 1.0), (0.0, 1.0, 0.0, 1.0)]


# D5's overflow (docs/blocks/r5xx.clip.md "D5: capacity"; built by scripts/blocks/r5xx_clip_d5.py,
# which also prints each pass): a triangle whose edge AB lies in a plane P up to rounding, and six
# user planes that are P with each coefficient moved by a few ulps: the new vertices a pass makes
# lie on P only up to the truncation of t and of the lerp, and the next plane's distances of them
# alternate in sign, so a pass makes up to 8 new vertices.  Set A (`build list 707`) overflows O
# (lists of 4, 6, 8, 10, 13, then 17 appends: the 17th is refused; 28 new vertices, the pool never
# full); set B (`build pool 5726`) overflows the pool (lists of 4, 6, 8, 12, 15, 13; the 33rd and
# 34th new vertices are refused; O never full).
OVF_A_TRI = [(0xbe61287d, 0xbe4a2166, 0x3f246ef6, 0x3f855fe7), (0x3ed1a5cf, 0x3e7f5914, 0x3f8dd8c9, 0x3ff781fd),
             (0x3e2003c8, 0xbe347450, 0x3f97a2f4, 0x3fb4281d)]
OVF_A_UCP = [(0x3df24908, 0xbd7bcbd4, 0x3f33d86f, 0xbed6e816), (0x3df24908, 0xbd7bcbd0, 0x3f33d86d, 0xbed6e815),
             (0x3df24908, 0xbd7bcbd3, 0x3f33d86b, 0xbed6e813), (0x3df2490c, 0xbd7bcbd3, 0x3f33d870, 0xbed6e818),
             (0x3df2490c, 0xbd7bcbd1, 0x3f33d86f, 0xbed6e817), (0x3df2490e, 0xbd7bcbd1, 0x3f33d86d, 0xbed6e814)]
OVF_B_TRI = [(0x3ea2a171, 0x3e7eb3ed, 0x3f80f13b, 0x3f885586), (0xbdcbe4e7, 0xbe85b0ec, 0x3fc058d9, 0x3fdaaeb5),
             (0xbece6be1, 0xbf471107, 0x3f68caf2, 0x3fb1581f)]
OVF_B_UCP = [(0x3f6b1f1f, 0xbf7a94f5, 0x3f444ba6, 0xbf4540c1), (0x3f6b1f1d, 0xbf7a94f0, 0x3f444ba8, 0xbf4540c4),
             (0x3f6b1f1b, 0xbf7a94f4, 0x3f444baa, 0xbf4540c5), (0x3f6b1f1c, 0xbf7a94f3, 0x3f444ba6, 0xbf4540c2),
             (0x3f6b1f1d, 0xbf7a94f4, 0x3f444ba7, 0xbf4540c3), (0x3f6b1f20, 0xbf7a94f5, 0x3f444ba9, 0xbf4540c6)]


def attrs3():
    return [(COL[i], TEX[i]) for i in range(3)]


def cases():
    out = []

    c = Case('unclipped', 'triangles, a line and a point inside the frustum with a colour and a texture slot, '
             'Mesa\'s state (all six viewport enables, VTX_W0_FMT: divide by w, w out = 1/w), GL clip space')
    c.state()
    c.draw(4, [(-0.5, -0.5, 0.0, 1.0), (0.5, -0.5, 0.25, 1.0), (0.0, 0.5, -0.25, 1.0)], attrs3())
    c.draw(4, [(-1.0, -1.0, 0.5, 2.0), (1.5, -0.5, 1.0, 2.0), (0.0, 1.75, 1.5, 2.5)], attrs3())
    c.draw(2, [(-0.25, 0.0, 0.0, 1.0), (0.75, 0.5, 0.5, 1.0)])
    c.draw(1, [(0.0, 0.0, 0.0, 1.0)])
    out.append(c)

    c = Case('near_clip', 'the near plane (GL: z >= -w): one vertex behind (a quadrilateral, two output '
             'triangles), two behind (one triangle), all behind (culled), a strip crossing it, and a '
             'line cut at the near plane; every attribute interpolated')
    c.state()
    c.draw(4, [(-0.5, -0.5, -2.0, 1.0), (0.5, -0.5, 0.5, 1.0), (0.0, 0.5, 0.5, 1.0)], attrs3())
    c.draw(4, [(-0.5, -0.5, -2.0, 1.0), (0.5, -0.5, -3.0, 1.5), (0.0, 0.5, 0.5, 1.0)], attrs3())
    c.draw(4, [(-0.5, -0.5, -2.0, 1.0), (0.5, -0.5, -3.0, 1.5), (0.0, 0.5, -1.5, 1.0)], attrs3())
    c.draw(6, [(-0.8, -0.5, -3.0, 1.0), (-0.8, 0.5, 0.0, 1.0), (0.0, -0.5, 0.5, 1.0), (0.0, 0.5, -2.0, 1.0),
               (0.8, -0.5, 0.5, 1.0)])
    c.draw(3, [(-0.5, 0.0, 0.5, 1.0), (0.5, 0.25, -4.0, 2.0)])
    out.append(c)

    c = Case('ucp_clip', 'user clip planes loaded as Mesa does (index 1536, then 4 dwords each to '
             'DATA_REG_128) and through DATA_REG: a triangle cut by UCP0 (x <= 0.25), by UCP0 and UCP3 '
             'together, UCP_CULL_ONLY_ENA (crossing: kept whole; all out: culled), a disabled plane ignored, '
             'a plane written to 1542 (the point-sprite vector of D10: stored, unused by triangles)')
    c.state(clip=0x1 | 3 << 14)
    c.ucp(0, [(-1.0, 0.0, 0.0, 0.25)])
    c.draw(4, [(-0.5, -0.5, 0.0, 1.0), (0.75, -0.25, 0.0, 1.0), (0.0, 0.75, 0.0, 1.0)], attrs3())
    c.phase()
    c.w(CLIP_CNTL, 0x9 | 3 << 14, 'UCP0 and UCP3')
    c.ucp(3, [(0.0, 1.0, 0.0, 0.0)], port128=False)
    c.ucp(6, [(0.0, 0.0, 0.0, -1.0)])
    c.draw(4, [(-0.5, -0.5, 0.0, 1.0), (0.75, -0.25, 0.0, 1.0), (0.0, 0.75, 0.0, 1.0)], attrs3())
    c.draw(5, [(-0.5, -0.5, 0.0, 1.0), (0.75, -0.25, 0.0, 1.0), (0.5, 0.5, 0.0, 1.0), (-0.5, 0.5, 0.0, 1.0)])
    c.phase()
    c.w(CLIP_CNTL, 0x9 | 1 << 17, 'UCP0, UCP3, cull only')
    c.draw(4, [(-0.5, -0.5, 0.0, 1.0), (0.75, -0.25, 0.0, 1.0), (0.0, 0.75, 0.0, 1.0)], attrs3())
    c.draw(4, [(0.5, 0.1, 0.0, 1.0), (0.75, 0.2, 0.0, 1.0), (0.6, 0.75, 0.0, 1.0)])
    c.phase()
    c.w(CLIP_CNTL, 0x2, 'UCP1 only (never written: all zero, d = 0 inside)')
    c.draw(4, [(-0.5, -0.5, 0.0, 1.0), (0.75, -0.25, 0.0, 1.0), (0.0, 0.75, 0.0, 1.0)])
    out.append(c)

    c = Case('loader_wraps', 'the PVS index wraps of D1 (001:4954-4976) at the ports: UCP0 (x <= 0.25) clips a '
             'triangle; four DATA_REG dwords at index 1023 wrap it to 0 (UCP0 unchanged: the same clip); a '
             'DATA_REG_128 vector at 1535 wraps to 1024 (ignored); UCP5 written at 1541 and the next vector at '
             '1542 (the point-sprite vector of D10: stored, unused by triangles), which wraps to 1536, so a third vector lands in UCP0 '
             '(x <= -0.25: a different clip)')
    c.state(clip=0x1 | 3 << 14)
    c.ucp(0, [(-1.0, 0.0, 0.0, 0.25)])
    tri = [(-0.5, -0.5, 0.0, 1.0), (0.75, -0.25, 0.0, 1.0), (0.0, 0.75, 0.0, 1.0)]
    c.draw(4, tri, attrs3())
    c.phase()
    c.w(INDX, 1023, 'PVS index 1023')
    for d in (f(1.0), f(2.0), f(3.0), f(4.0), f(5.0), f(6.0), f(7.0), f(8.0)):
        c.w(DATA, d, 'DATA_REG: 1023, then (wrapped) 0')
    c.draw(4, tri, attrs3())
    c.phase()
    c.w(INDX, 1535, 'PVS index 1535')
    for d in (f(1.0), f(2.0), f(3.0), f(4.0), f(5.0), f(6.0), f(7.0), f(8.0)):
        c.w(DATA128, d, 'DATA_REG_128: 1535, then (wrapped) 1024')
    c.draw(4, tri, attrs3())
    c.phase()
    c.w(CLIP_CNTL, 0x21 | 3 << 14, 'UCP0 and UCP5')
    c.w(INDX, 1541, 'PVS index 1541 (UCP5)')
    for pl in [(0.0, 0.0, 0.0, 1.0), (9.0, 9.0, 9.0, 9.0), (-1.0, 0.0, 0.0, -0.25)]:
        for v in pl:
            c.w(DATA128, f(v), 'UCP5, 1542 (the sprite vector), then (wrapped) UCP0')
    c.draw(4, tri, attrs3())
    out.append(c)

    c = Case('culled', 'primitives entirely outside one plane are culled (behind the near plane, beyond the far '
             'plane, left, right, bottom, top, a user plane), points outside any plane culled, a triangle '
             'outside the discard band but crossing no single clip plane alone clipped')
    c.state(clip=0x1)
    c.ucp(0, [(0.0, 0.0, -1.0, 0.5)])
    for v in ((-0.5, -0.5, -2.0, 1.0), (0.5, -0.5, 2.0, 1.0), (-3.0, 0.0, 0.0, 1.0), (3.0, 0.0, 0.0, 1.0),
              (0.0, -3.0, 0.0, 1.0), (0.0, 3.0, 0.0, 1.0), (0.0, 0.0, 0.9, 1.0)):
        x, y, z, w = v
        c.draw(4, [(x, y, z, w), (x + 0.1, y, z, w), (x, y + 0.1, z, w)])
    c.draw(1, [(0.0, 0.0, -2.0, 1.0), (2.0, 0.0, 0.0, 1.0), (0.0, 0.0, 0.0, 1.0)])
    c.phase()
    c.state(gb=(1.0, 2.0, 1.0, 2.0))
    c.draw(4, [(-1.5, 0.0, 0.0, 1.0), (1.5, 0.0, 0.0, 1.0), (0.0, 1.5, 0.0, 1.0)])
    c.draw(4, [(2.5, 0.0, 0.0, 1.0), (2.25, 0.5, 0.0, 1.0), (2.2, -0.5, 0.0, 1.0)])
    out.append(c)

    c = Case('strips_fans', 'every PRIM_TYPE through the clipper, some primitives crossing the right plane: '
             'triangle strip and fan, polygon, quad list and strip, triangle with wFlags, line list, '
             'strip and loop (closing line), points, and the types that draw nothing (0, 8-11)')
    c.state()
    fanv = [(0.0, 0.0, 0.0, 1.0), (1.5, 0.0, 0.0, 1.0), (0.75, 0.9, 0.0, 1.0), (-0.5, 0.5, 0.0, 1.0),
            (-0.5, -0.5, 0.0, 1.0)]
    for prim in (6, 5, 15, 13, 14, 7, 2, 3, 12, 1, 0, 8, 9, 10, 11):
        c.draw(prim, fanv)
    out.append(c)

    c = Case('dx_gl_z', 'the same triangles under GL clip space (-w <= z <= w) and D3D (0 <= z <= w, '
             'VAP_CNTL.DX_CLIP_SPACE_DEF): one vertex at z = -0.5w (inside GL, outside D3D), one beyond the far '
             'plane (clipped in both)')
    for dx in (0, 1 << 22):
        c.state(vap=dx)
        c.draw(4, [(-0.5, -0.5, -0.5, 1.0), (0.5, -0.5, 0.5, 1.0), (0.0, 0.5, 0.25, 1.0)], attrs3())
        c.draw(4, [(-0.5, -0.5, 0.25, 1.0), (0.5, -0.5, 3.0, 1.0), (0.0, 0.5, 0.25, 1.0)], attrs3())
        c.phase()
    out.append(c)

    c = Case('vte_paths', 'the VTE\'s paths: xf86-video-ati (VTE_CNTL 0x300, CLIP_DISABLE: positions as given, '
             'w as given), W0_FMT alone, each scale/offset enable alone, the viewport through its 0x1D98 '
             'alias, and CLIP_DISABLE passing a triangle behind the near plane unclipped')
    c.state(clip=1 << 16, vte=0x300, vport=(0.0,) * 6)
    c.draw(4, [(10.0, 20.0, 0.5, 1.0), (100.0, 20.0, 0.5, 1.0), (10.0, 80.0, 0.5, 1.0)])
    c.phase()
    for vte in (0x400, 0x401, 0x402, 0x404, 0x408, 0x410, 0x420, 0x43F, 0x700, 0x000):
        c.state(vte=vte, alias=vte == 0x43F, vport=(100.0, 3.0, -50.0, 7.0, 0.25, 0.75))
        c.draw(4, [(-0.5, -0.5, 0.2, 2.0), (0.5, -0.5, 0.4, 4.0), (0.0, 0.5, 0.6, 0.5)])
        c.phase()
    c.state(clip=1 << 16)
    c.draw(4, [(-0.5, -0.5, -2.0, 1.0), (0.5, -0.5, 0.5, 1.0), (0.0, 0.5, 0.5, 1.0)])
    out.append(c)

    c = Case('specials', 'NaN and Inf inputs (a NaN position is outside every plane: with one NaN vertex the '
             'triangle is clipped around it, with three it is culled), w = 0 and w < 0 (culled by near/far), '
             'an Inf attribute interpolated, the reset guard band (0.0), slots out of order and a vertex '
             'without slot 0, a slot written twice')
    c.state()
    nan, inf = 0x7FC00000, 0x7F800000
    c.draw(4, [(nan, 0.0, 0.0, 1.0), (0.5, -0.5, 0.5, 1.0), (0.0, 0.5, 0.5, 1.0)])
    c.draw(4, [(nan, 0.0, 0.0, 1.0), (0.5, nan, 0.5, 1.0), (0.0, 0.5, nan, 1.0)])
    c.draw(4, [(0.0, 0.0, 0.0, 0.0), (0.5, -0.5, 0.5, 1.0), (0.0, 0.5, 0.5, 1.0)])
    c.draw(4, [(-0.5, -0.5, 0.0, -1.0), (0.5, -0.5, 0.0, -1.0), (0.0, 0.5, 0.0, -1.0)])
    c.draw(4, [(-0.5, -0.5, -2.0, 1.0), (0.5, -0.5, 0.5, 1.0), (0.0, 0.5, 0.5, 1.0)],
           [((inf, 0.0, 1.0, 1.0),), ((0.0, 0.0, 1.0, 1.0),), ((0.0, 0.0, 1.0, 1.0),)])
    c.draw(4, [(-0.5, -0.5, 0.0, inf), (0.5, -0.5, 0.5, 1.0), (0.0, 0.5, 0.5, 1.0)])
    c.phase()
    c.state(gb=(0, 0, 0, 0))
    c.draw(4, [(-0.5, -0.5, 0.0, 1.0), (0.5, -0.5, 0.5, 1.0), (0.0, 0.5, 0.5, 1.0)])
    c.draw(1, [(0.0, 0.0, 0.0, 1.0)])
    c.phase()
    c.state()
    c.vertex(4, (-0.5, -0.5, 0.0, 1.0), ((1.0, 0.0, 0.0, 1.0), (0.5, 0.5, 0.0, 0.0)), slot_order=[2, 0, 1])
    c.vertex(4, (0.5, -0.5, 0.0, 1.0), ((0.0, 1.0, 0.0, 1.0),), slot_order=[1])
    c.vertex(4, (0.0, 0.5, -3.0, 1.0), ((0.0, 0.0, 1.0, 1.0),), dlast=True, slot_order=[0, 1, 0])
    out.append(c)

    c = Case('mesa_frame', 'state as Mesa r300g emits it (vap invariant guard band 1.0 x4 from 0x2220; viewport '
             'as 6 dwords from SE_VPORT_XSCALE 0x1D98 for 320x240; SE_VTE_CNTL 0x43F; the six user planes as one '
             'stream of 24 dwords to 0x2208 after INDX 1536, then VAP_CLIP_CNTL = UCP0 | PS_UCP_MODE 3) and a '
             'perspective ground quad (fovy 90, near 1, far 100) running from behind the camera into the '
             'distance: cut by the near plane, and a wall quad cut by user plane 0 (x <= w/2: the planes are in clip '
             'space, as gallium hands them to the driver)')
    c.w(GB, f(1.0), 'VAP_GB_VERT_CLIP_ADJ')
    c.w(GB + 4, f(1.0))
    c.w(GB + 8, f(1.0))
    c.w(GB + 12, f(1.0))
    for k, v in enumerate((160.0, 160.0, -120.0, 120.0, 0.5, 0.5)):
        c.w(VPORT_ALIAS + 4 * k, f(v), 'SE_VPORT_*' if k == 0 else None)
    c.w(VTE_CNTL, 0x43F, 'SE_VTE_CNTL')
    c.w(VAP_CNTL, 0, 'VAP_CNTL (GL z)')
    planes = [(-1.0, 0.0, 0.0, 0.5)] + [(0.0, 0.0, 0.0, 1.0)] * 5       # x <= w/2; the rest: always in
    c.w(INDX, 1536, 'R500_PVS_UCP_START')
    for pl in planes:
        for v in pl:
            c.w(DATA128, f(v))
    c.w(CLIP_CNTL, 0x1 | 3 << 14, 'VAP_CLIP_CNTL = UCP0 | CLIP_AS_TRIFAN')
    n, fa, asp = 1.0, 100.0, 320.0 / 240.0

    def proj(x, y, z):                     # eye space (camera at 0 looking down -z) -> clip space
        return (x / asp, y, (fa + n) / (n - fa) * z + 2 * fa * n / (n - fa), -z)
    ground = [(-3.0, -1.0, 2.0), (3.0, -1.0, 2.0), (3.0, -1.0, -30.0), (-3.0, -1.0, -30.0)]
    c.draw(13, [proj(*v) for v in ground], [(COL[i % 3], TEX[i % 3]) for i in range(4)])
    wall = [(1.0, -1.0, -6.0), (6.0, -1.0, -6.0), (6.0, 2.0, -6.0), (1.0, 2.0, -6.0)]
    c.draw(5, [proj(*v) for v in wall], [(COL[i % 3], TEX[i % 3]) for i in range(4)])
    out.append(c)

    c = Case('ucp_combos', 'every combination of UCP_ENA_0..5 (64 phases) on one large triangle that each of the six '
             'planes cuts (x <= 0.5w, -x <= 0.5w, y <= 0.5w, -y <= 0.5w, x + y <= 0.75w, z <= 0.5w), each '
             'plane loaded once through DATA_REG_128', gap=(200, 100))
    c.state()
    c.ucp(0, [(-1.0, 0.0, 0.0, 0.5), (1.0, 0.0, 0.0, 0.5), (0.0, -1.0, 0.0, 0.5), (0.0, 1.0, 0.0, 0.5),
              (-1.0, -1.0, 0.0, 0.75), (0.0, 0.0, -1.0, 0.5)])
    for m in range(64):
        c.phase()
        c.w(CLIP_CNTL, m | 3 << 14, 'UCP_ENA = %02x' % m)
        c.draw(4, [(-0.9, -0.9, 0.9, 1.0), (0.9, -0.8, 0.0, 1.0), (0.0, 0.9, -0.5, 1.0)],
               [((1.0, 0.0, 0.0, 1.0),), ((0.0, 1.0, 0.0, 1.0),), ((0.0, 0.0, 1.0, 1.0),)])
    out.append(c)

    c = Case('points', 'PS_UCP_MODE 0-3 (D10) on a point list: inside, crossing the right plane, just outside it '
             '(radius-culled or not), far outside, behind the near plane, crossing user plane 0 or 1, at the '
             'corner of two planes, with w = 2, a NaN position; each mode with no user plane, UCP0, UCP0 and '
             'UCP1, both cull-only, and CLIP_DISABLE; the point size from slot 1 (VTX_PT_SIZE_PRESENT) or '
             'the state constant alone; the sprite vector through DATA_REG_128 and DATA_REG', gap=(400, 300))
    c.state()
    c.ucp(0, [(-1.0, 0.0, 0.0, 0.5), (0.0, -1.0, 0.0, 0.5)])
    c.sprite((0.05, 0.05, 2.0, 0.1))
    c.w(OUT_FMT0, 0x10003, 'VAP_OUT_VTX_FMT_0: POS, COLOR_0, PT_SIZE')
    pts = [(0.0, 0.0, 0.0, 1.0), (0.95, 0.0, 0.0, 1.0), (1.05, 0.1, 0.0, 1.0), (1.5, 0.0, 0.0, 1.0),
           (0.0, 0.2, -1.05, 1.0), (0.45, 0.3, 0.25, 1.0), (-0.2, 0.48, 0.0, 1.0), (0.97, 0.96, 0.5, 1.0),
           (0.9, -0.5, 0.5, 2.0), (0x7FC00000, 0.0, 0.0, 1.0)]
    sizes = [1.0, 1.0, 1.0, 1.0, 2.0, 1.0, 0.5, 1.0, 1.5, 1.0]
    pattrs = [((sz, 0.0, 0.0, 0.0), COL[i % 3]) for i, sz in enumerate(sizes)]
    for mode in range(4):
        for bits, note in ((0, 'no user plane'), (0x1, 'UCP0'), (0x3, 'UCP0 and UCP1'),
                           (0x3 | 1 << 17, 'UCP0, UCP1 cull only'), (1 << 16, 'CLIP_DISABLE')):
            c.phase()
            c.w(CLIP_CNTL, bits | mode << 14, 'PS_UCP_MODE %d, %s' % (mode, note))
            c.draw(1, pts, pattrs)
    c.phase()
    c.w(OUT_FMT0, 0x3, 'VAP_OUT_VTX_FMT_0: POS, COLOR_0 (size = K alone)')
    c.sprite((0.125, 0.0625, 1.0, 0.25), port128=False)
    for mode in (1, 2, 3):
        c.w(CLIP_CNTL, 0x3 | mode << 14, 'PS_UCP_MODE %d, UCP0 and UCP1' % mode)
        c.draw(1, pts, pattrs)
        c.phase()
    c.w(CLIP_CNTL, 0x3 | 3 << 14, 'PS_UCP_MODE 3: a line and a triangle are not points')
    c.draw(2, [(0.9, 0.0, 0.0, 1.0), (1.2, 0.1, 0.0, 1.0)])
    c.draw(4, [(0.4, 0.0, 0.0, 1.0), (0.6, 0.1, 0.0, 1.0), (0.5, 0.3, 0.0, 1.0)])
    out.append(c)

    ovf_attrs = [(COL[i],) for i in range(3)]
    c = Case('overflow', 'D5\'s overflow: a triangle whose edge lies in six nearly identical user planes (a few '
             'ulps apart), so that rounding makes the clipped polygon non-convex and a pass makes up to 8 new '
             'vertices; plane set A overflows the output list O (dropped), plane set B the 32-entry pool '
             '(dropped); each with UCP_ENA = 0x1F too (five planes: a 13-vertex and a 15-vertex polygon '
             'emitted); an ordinary triangle clipped by the far plane right after an overflowing one in the '
             'same draw (ovf cleared in PRIM)')
    c.state(clip=0x3F)
    c.ucp(0, OVF_A_UCP)
    c.draw(4, OVF_A_TRI, ovf_attrs)
    c.phase()
    c.w(CLIP_CNTL, 0x1F, 'UCP_ENA = 1f: five of the planes')
    c.draw(4, OVF_A_TRI, ovf_attrs)
    c.phase()
    c.w(CLIP_CNTL, 0x3F, 'UCP_ENA = 3f')
    c.draw(4, OVF_A_TRI + [(0.0, 0.0, 0.8, 1.0), (0.3, 0.0, 1.4, 1.0), (0.0, 0.3, 0.9, 1.0)],
           ovf_attrs + ovf_attrs)
    c.phase()
    c.ucp(0, OVF_B_UCP)
    c.draw(4, OVF_B_TRI, ovf_attrs)
    c.phase()
    c.w(CLIP_CNTL, 0x1F, 'UCP_ENA = 1f: five of the planes')
    c.draw(4, OVF_B_TRI, ovf_attrs)
    out.append(c)

    c = Case('backpressure', 'the near-plane and user-plane clips of a strip and a fan under random '
             'back-pressure on vtx', backpressure='random:0.5')
    c.state(clip=0x1)
    c.ucp(0, [(0.0, -1.0, 0.0, 0.5)])
    c.draw(6, [(-0.8, -0.5, -3.0, 1.0), (-0.8, 0.9, 0.0, 1.0), (0.0, -0.5, 0.5, 1.0), (0.0, 0.9, -2.0, 1.0),
               (0.8, -0.5, 0.5, 1.0)], [(COL[i % 3], TEX[i % 3]) for i in range(5)])
    c.draw(5, [(0.0, 0.0, 0.0, 1.0), (1.5, 0.0, 0.0, 1.0), (0.75, 0.9, 0.0, 1.0), (-0.5, 0.5, -2.0, 1.0),
               (-0.5, -0.5, 0.0, 1.0)])
    out.append(c)
    return out


def random_case(seed, nphase):
    """A seeded random phased stimulus (the model's own random stimulus is not phased: its register
    writes fall between vertices as the cycles go, which a reference without cycles cannot
    replay): each phase random clip/VTE state, user planes, and 1-3 draws of random PRIM_TYPEs."""
    r = rng.stimulus(seed)
    c = Case('random', 'seeded random phases (seed %d, %d phases): random VAP_CNTL z space, VAP_CLIP_CNTL, guard '
             'band, viewport, VTE_CNTL, user planes; draws of every PRIM_TYPE, 1-4 slots, positions in and '
             'around the frustum' % (seed, nphase))

    def val(lo, hi):
        return lo + r.randrange(int((hi - lo) * 256) + 1) / 256.0
    for _ in range(nphase):
        gb = [1.0 if r.randrange(3) else val(0.5, 3.0) for _ in range(4)]
        vte = r.choice([0x43F, 0x43F, 0x300, 0x400 | r.randrange(64), r.randrange(0x800)])
        c.state(vap=r.randrange(2) << 22, clip=r.randrange(64) | (r.randrange(8) == 0) << 16 |
                (r.randrange(6) == 0) << 17, vte=vte, gb=gb, alias=bool(r.randrange(2)),
                vport=(val(-200, 200), val(-200, 200), val(-200, 200), val(-200, 200), val(-1, 1), val(-1, 1)))
        c.ucp(0, [(val(-1, 1), val(-1, 1), val(-1, 1), val(-0.5, 1)) for _ in range(6)], port128=bool(r.randrange(2)))
        c.w(CLIP_CNTL, c.phase_regs[1][1] | r.randrange(4) << 14, 'PS_UCP_MODE')
        c.sprite((val(0, 0.25), val(0, 0.25), val(0.5, 3), val(0, 0.5)), port128=bool(r.randrange(2)))
        c.w(OUT_FMT0, r.randrange(2) << 16 | 1)
        for _ in range(1 + r.randrange(3)):
            prim = r.choice([1, 2, 3, 12, 4, 7, 5, 15, 6, 13, 14, 0])
            nv, ns = 1 + r.randrange(8), 1 + r.randrange(4)
            verts = [(val(-2.5, 2.5), val(-2.5, 2.5), val(-2.5, 2.5), val(-0.25, 3.0) if r.randrange(8) else
                      r.choice([0.0, -1.0, float('inf'), float('nan')])) for _ in range(nv)]
            attrs = [[(val(0, 1), val(0, 1), val(0, 1), val(0, 1)) for _ in range(ns - 1)] for _ in range(nv)]
            c.draw(prim, verts, attrs)
        c.phase()
    return c


def check(vecdir, stats=False):
    bad = n = 0
    for name, stim, vec in chk.directed(vecdir):
        s = vector.parse('\n'.join(stim), name=name)
        events = [(ch, vals) for _, _, _, ch, vals in vector.schedule(s, carry=('regw', 'vin'))]
        want = reference(events)
        got = [tuple(v) for _, v in vector.read(vec).outputs('vtx')]
        n += len(want)
        bad += chk.compare(name, 'vtx', got, want)
    if stats:
        for k in sorted(STATS):
            print('%s %d' % (k, STATS[k]))
    return chk.verdict(n, bad)


def main(argv):
    if len(argv) == 4 and argv[1] == '--check' and argv[3] == '--stats':
        return check(argv[2], stats=True)
    if len(argv) == 5 and argv[1] == '--random':
        os.makedirs(argv[4], exist_ok=True)
        random_case(int(argv[2]), int(argv[3])).write(argv[4])
        return 0
    return chk.main(argv, __doc__.split('\n\n')[-1] + '\n', check, cases)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
