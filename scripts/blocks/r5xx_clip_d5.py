#!/usr/bin/env python3
"""r5xx_clip_d5.py - how the `overflow` vector of r5xx.clip reaches D5's limits (docs/blocks/r5xx.clip.md,
"D5: capacity"): the construction of its two triangles and their six user planes, and a count, pass
by pass, of what clipping them does.

With exact arithmetic every plane's inside set is one run of a convex polygon, so a pass makes at
most 2 new vertices (a triangle and 12 planes: at most 15 vertices, 24 new ones).  Rounding is the
only way past that: a new vertex lies on its plane only up to the truncation of t and of the lerp,
and a plane that equals the previous one up to a few ulps classifies the vertices near it by those
residues, which need not form one run.  The construction makes the most of that, one plane at a
time (a greedy choice, seeded):

  1. P = four coefficients drawn in [-1, 1) (|c| >= 0.2).  A and B: x, y in [-0.6, 0.6), w in
     [1, 2), z solved so that they lie on P (rounded to binary32; inside the frustum).  C: a point
     of the frustum (x, y in [-0.8, 0.8), |z| < 0.9w) at least 0.02 inside P, with (x, y) at least
     0.2 from A's.  The triangle (A, B, C): the sliver of it near the edge AB is what the planes cut.
  2. Six user planes, UCP0 first: each is P with every coefficient moved by -3..+3 ulps (its bit
     pattern plus an integer), 400 draws per plane; a draw counts only if some of A, B, C is outside
     it and not all (so it is in the mask and the triangle is not culled) and its pass has a sign
     change.  Kept: the draw whose pass leaves the longest list (`list`: ties by more new vertices),
     or makes the most new vertices with at most 16 list entries (`pool`); its pass is applied.
  3. The passes are the document's (VISIT/INTERP, D5's caps) on scripts/blocks/prim_sf_ref.py
     floats, through r5xx_clip_directed.py's statement of the document.  A seed is a hit when O
     overflows and the pool does not (`list`), or the other way round (`pool`).

The hits of seeds 0..5,999 (found by a C twin of this loop with the same draws, in seconds; this
script takes about 0.2 s a seed): `list` 659, 707, 1345, 1700, 2453, 2897, 4602, 5087, 5135, 5422;
`pool` 5726.  The vector uses `list` 707 (set A: 28 new vertices, the pool never full) and `pool`
5726 (set B: the list never over 16).

usage: r5xx_clip_d5.py table                   per pass of the vector's two sets (all six planes and
                                               UCP_ENA = 0x1F): transitions, list, pool, refusals
       r5xx_clip_d5.py build list|pool SEED    one seed: its passes, and its triangle and planes as
                                               r5xx_clip_directed.py's constants (exit 1: no hit)
       r5xx_clip_d5.py search list|pool FIRST COUNT   the hits among seeds FIRST..FIRST+COUNT-1
       r5xx_clip_d5.py check                   the vector's sets are what `build list 707` and
                                               `build pool 5726` make, and each overflows as said
                                               (exit 0; 1 when not)
"""
import struct
import sys

from blocks import prim_sf_ref as sf
from blocks import r5xx_clip_directed as D

M64 = (1 << 64) - 1
M32 = 0xFFFFFFFF
R, NC, NPLANES = 3, 400, 6
SEEDS = (('list', 707, 'OVF_A'), ('pool', 5726, 'OVF_B'))   # the vector's two sets


class Rng:
    """xorshift64 (13, 7, 17), one stream per seed."""

    def __init__(self, seed):
        self.s = (0x9E3779B97F4A7C15 * (seed + 1)) & M64
        for _ in range(4):
            self.next()

    def next(self):
        s = self.s
        s ^= (s << 13) & M64
        s ^= s >> 7
        s ^= (s << 17) & M64
        self.s = s
        return s

    def uniform(self, a, b):
        return a + (b - a) * ((self.next() >> 11) * (1.0 / 9007199254740992.0))


def f32(x):
    """binary32 bits of a double (round to nearest)."""
    return struct.unpack('<I', struct.pack('<f', x))[0]


def d64(b):
    return struct.unpack('<f', struct.pack('<I', b))[0]


def r32(x):
    return d64(f32(x))


def vtx(p):
    v = D.Vtx()
    v.slots[0] = (list(p), 0xF)
    return v


def dist(v, pl):
    return sf.dp4(v.pos(), list(pl))


def clip_pass(L, pl, pool):
    """One pass of plane pl over list L with D5's caps: (O, pool, transitions, refused appends,
    refused new vertices)."""
    d = [dist(v, pl) for v in L]
    s = [D.inside(x) for x in d]
    O, tr, ref_o, ref_p = [], 0, 0, 0
    for i in range(len(L)):
        j = (i + 1) % len(L)
        if s[i]:
            if len(O) == 16:
                ref_o += 1
            else:
                O.append(L[i])
        if s[i] != s[j]:
            tr += 1
            if pool == 32:
                ref_p += 1
                continue
            I, Q, di, dq = (L[i], L[j], d[i], d[j]) if s[i] else (L[j], L[i], d[j], d[i])
            t = sf.mul(di, sf.rcp(sf.add(di, D.neg(dq))))
            pool += 1
            if len(O) == 16:
                ref_o += 1
            else:
                O.append(D.lerp_vertex(t, I, Q))
    return O, pool, tr, ref_o, ref_p


def run(tri, planes, out=None):
    """Clip triangle tri by the planes in order; returns (overflowed O, overflowed pool)."""
    L, pool = [vtx(p) for p in tri], 0
    for k, pl in enumerate(planes):
        L, pool, tr, ro, rp = clip_pass(L, pl, pool)
        if out is not None:
            out.append('  UCP%d: %2d sign changes, list %2d, new vertices %2d, refused: %d appends, %d new vertices'
                       % (k, tr, len(L), pool, ro, rp))
        if ro or rp:
            return bool(ro), bool(rp)
        if len(L) < 3:
            break
    return False, False


def construct(mode, seed):
    """Step 1 and 2 of the docstring for one seed: (triangle, planes) or None."""
    g = Rng(seed)
    P = [f32(g.uniform(-1, 1)) for _ in range(4)]
    a, b, c, d = (d64(x) for x in P)
    if -0.2 < c < 0.2:
        return None
    tri = []
    for _ in range(2):
        ok = False
        for _ in range(50):
            x, y, w = r32(g.uniform(-.6, .6)), r32(g.uniform(-.6, .6)), r32(g.uniform(1, 2))
            z = r32(-(a * x + b * y + d * w) / c)
            ok = -w <= z <= w
            if ok:
                break
        if not ok:
            return None
        tri.append((f32(x), f32(y), f32(z), f32(w)))
    ok = False
    for _ in range(100):
        x, y, w = r32(g.uniform(-.8, .8)), r32(g.uniform(-.8, .8)), r32(g.uniform(1, 2))
        z = r32(g.uniform(-.9, .9) * w)
        ax, ay = d64(tri[0][0]) - x, d64(tri[0][1]) - y
        ok = a * x + b * y + c * z + d * w > 0.02 and ax * ax + ay * ay > 0.04
        if ok:
            break
    if not ok:
        return None
    tri.append((f32(x), f32(y), f32(z), f32(w)))
    T = [vtx(p) for p in tri]
    L, pool, planes = list(T), 0, []
    for _ in range(NPLANES):
        best, bs = None, -1
        for _ in range(NC):
            pl = [(P[k] + (g.next() % (2 * R + 1)) - R) & M32 for k in range(4)]
            ins = [D.inside(dist(v, pl)) for v in T]
            if all(ins) or not any(ins):
                continue
            s = [D.inside(dist(v, pl)) for v in L]
            k = sum(s)
            t = sum(s[i] != s[(i + 1) % len(s)] for i in range(len(s)))
            if t == 0 or (mode == 'pool' and k + t > 16):
                continue
            sc = (k + t) * 64 + t if mode == 'list' else t * 64 + k + t
            if sc > bs:
                best, bs = pl, sc
        if best is None:
            break
        planes.append(best)
        L, pool, _, ro, rp = clip_pass(L, best, pool)
        if ro or rp or len(L) < 3:
            break
    return tri, planes


def hit(mode, tri, planes):
    ovf_o, ovf_p = run(tri, planes)
    return (ovf_o and not ovf_p) if mode == 'list' else (ovf_p and not ovf_o)


def table():
    for name, tri, planes in (('A (list)', D.OVF_A_TRI, D.OVF_A_UCP), ('B (pool)', D.OVF_B_TRI, D.OVF_B_UCP)):
        for n in (6, 5):
            out = []
            ovf_o, ovf_p = run(tri, planes[:n], out)
            print('set %s, UCP0..%d: %s' % (name, n - 1, 'dropped: O overflows' if ovf_o and not ovf_p else
                                          'dropped: the pool overflows' if ovf_p and not ovf_o else
                                          'dropped: both overflow' if ovf_o else 'no overflow'))
            print('\n'.join(out))
    return 0


def check():
    bad = 0
    for mode, seed, name in SEEDS:
        tri, planes = construct(mode, seed)
        want = ([tuple(p) for p in getattr(D, name + '_TRI')], [tuple(p) for p in getattr(D, name + '_UCP')])
        same = ([tuple(p) for p in tri], [tuple(p) for p in planes]) == want
        ok = hit(mode, *want)
        print('%s: build %s %d %s r5xx_clip_directed.py; %s' % (name, mode, seed, 'makes' if same else 'DIFFERS from',
              'overflows as said' if ok else 'DOES NOT overflow as said'))
        bad += not (same and ok)
    print('FAIL' if bad else 'PASS: both sets rebuilt, O and the pool overflow')
    return 1 if bad else 0


def hexs(p):
    return '(' + ', '.join('0x%08x' % x for x in p) + ')'


def main(argv):
    if argv[1:] == ['table']:
        return table()
    if argv[1:] == ['check']:
        return check()
    if len(argv) == 4 and argv[1] == 'build' and argv[2] in ('list', 'pool'):
        r = construct(argv[2], int(argv[3]))
        if r is None:
            print('seed %s: no triangle' % argv[3])
            return 1
        tri, planes = r
        out = []
        run(tri, planes, out)
        print('\n'.join(out))
        print('TRI = [%s]' % ', '.join(hexs(p) for p in tri))
        print('UCP = [%s]' % ', '.join(hexs(p) for p in planes))
        ok = len(planes) == NPLANES and hit(argv[2], tri, planes)
        print('hit' if ok else 'no hit')
        return 0 if ok else 1
    if len(argv) == 5 and argv[1] == 'search' and argv[2] in ('list', 'pool'):
        first, count = int(argv[3]), int(argv[4])
        for seed in range(first, first + count):
            r = construct(argv[2], seed)
            if r is not None and len(r[1]) == NPLANES and hit(argv[2], *r):
                print('hit: seed %d' % seed, flush=True)
        return 0
    sys.stderr.write(__doc__.split('\n\n')[-1] + '\n')
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
