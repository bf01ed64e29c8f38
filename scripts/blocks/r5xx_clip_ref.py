#!/usr/bin/env python3
"""r5xx_clip_ref.py: the second, independent reference of r5xx.clip (clipper, perspective divide,
viewport), written from docs/blocks/r5xx.clip.md alone (its float is scripts/blocks/prim_sf_ref.py,
written from docs/float.md; its vector reader scripts/rcosim_py/vector.py). It never reads the C
model, the RTL or r5xx_clip_directed.py.  (PS_UCP_MODE 1-3, D10, were added to it later by the
engineer who added them to the block, from the document's D10 text.)

It replays a vector's regw and vin transactions through the document's state machine cycle by
cycle (IN, ASM, PRIM, EXP, PASS, VISIT, INTERP, EMIT, section "Cycle model and latency"), so register
writes land between the vertices they land between in the block, and compares every expected `vtx`
record, field by field and its cycle. `vtx_ready` is not in a vector: a record is taken at the
vector's stamp when that is not earlier than the cycle the document puts it in EMIT (under the
policy `always` it must be that cycle exactly).

usage: r5xx_clip_ref.py check VEC...                 exit 0 all agree, 1 a difference, 2 bad input
       r5xx_clip_ref.py random RCOSIM SEED[,SEED..] COUNT [POLICY]   rcosim gen random vectors
                                                     (--backpressure POLICY), check them
       r5xx_clip_ref.py catches VEC                  a copy with one expected field changed must
                                                     make the check fail (exit 0 when it does)
The first difference is printed with the record index, the field, the vertex and primitive.
"""
import os
import random
import subprocess
import sys
import tempfile

from rcosim_py import vector
from blocks import prim_sf_ref as sf

HERE = os.path.dirname(os.path.abspath(__file__))

SIGN = 0x80000000
FIELDS = ('vert', 'slot', 'x', 'y', 'z', 'w', 'wmask', 'vlast', 'dlast', 'prim')
ZERO4 = (0, 0, 0, 0)


def neg(a):
    return a ^ SIGN


def bit(v, b):
    return (v >> b) & 1


# ---------------------------------------------------------------- registers (section "Registers")

VPORT = {0x2098: 'XS', 0x209C: 'XO', 0x20A0: 'YS', 0x20A4: 'YO', 0x20A8: 'ZS', 0x20AC: 'ZO'}
PLAIN = {0x2080: 'VAP_CNTL', 0x221C: 'CLIP_CNTL', 0x2220: 'VC', 0x2224: 'VD', 0x2228: 'HC',
         0x222C: 'HD', 0x20B0: 'VTE', 0x2090: 'FMT0'}


def next_index(i):
    """D1 next(i): 1023 -> 0, 1535 -> 1024, 1542 -> 1536, else (i + 1) mod 2048."""
    return {1023: 0, 1535: 1024, 1542: 1536}.get(i, (i + 1) % 2048)


class Regs:
    def __init__(self):
        self.r = {n: 0 for n in list(PLAIN.values()) + list(VPORT.values())}
        self.ucp = [[0, 0, 0, 0] for _ in range(6)]
        self.ps = [0, 0, 0, 0]                     # D10: XR, YR, K, R at index 1542
        self.indx, self.dcnt, self.qcnt, self.h = 0, 0, 0, [0, 0, 0]

    def write(self, addr, data):
        if addr in PLAIN:
            self.r[PLAIN[addr]] = data
        elif addr in VPORT:
            self.r[VPORT[addr]] = data
        elif (addr + 0x300) in VPORT:              # the 0x1D98.. aliases
            self.r[VPORT[addr + 0x300]] = data
        elif addr == 0x2200:
            self.indx, self.dcnt, self.qcnt = data & 0x7FF, 0, 0
        elif addr == 0x2204:
            if 1536 <= self.indx <= 1541:
                self.ucp[self.indx - 1536][self.dcnt] = data
            elif self.indx == 1542:
                self.ps[self.dcnt] = data
            if self.dcnt == 3:
                self.indx = next_index(self.indx)
            self.dcnt = (self.dcnt + 1) % 4
        elif addr == 0x2208:
            if self.qcnt < 3:
                self.h[self.qcnt] = data
            else:
                if 1536 <= self.indx <= 1541:
                    self.ucp[self.indx - 1536] = [self.h[0], self.h[1], self.h[2], data]
                elif self.indx == 1542:
                    self.ps = [self.h[0], self.h[1], self.h[2], data]
                self.indx = next_index(self.indx)
            self.qcnt = (self.qcnt + 1) % 4

    def gl(self):
        return bit(self.r['VAP_CNTL'], 22) == 0

    def sets(self):
        """D4: (cull set, clip set) as 16-bit plane masks."""
        c = self.r['CLIP_CNTL']
        if bit(c, 16):
            return 0, 0
        ena = c & 0x3F
        cull = 0x3 | 0xF000 | (ena << 6)
        clip = 0x3F | (0 if bit(c, 17) else ena << 6)
        return cull, clip


# ---------------------------------------------------------------- planes (section "Planes and distances")

def distance(regs, k, p):
    x, y, z, w = p
    r = regs.r
    if k == 0:
        return sf.add(z, w) if regs.gl() else z
    if k == 1:
        return sf.add(w, neg(z))
    if k >= 6 and k < 12:
        a, b, c, d = regs.ucp[k - 6]
        return sf.add(sf.add(sf.mul(x, a), sf.mul(y, b)), sf.add(sf.mul(z, c), sf.mul(w, d)))
    if k >= 12:
        k, hs, vs = k - 10, r['HD'], r['VD']
    else:
        hs, vs = r['HC'], r['VC']
    if k == 2:
        return sf.add(sf.mul(hs, w), x)
    if k == 3:
        return sf.add(sf.mul(hs, w), neg(x))
    if k == 4:
        return sf.add(sf.mul(vs, w), y)
    return sf.add(sf.mul(vs, w), neg(y))


def inside(d):
    return sf.cmp_le(0x00000000, d)


def outcodes(regs, p, r=None):
    """bit k: outside plane k; with r, by the radius-based distance sf_add(d, r) (D10)."""
    oc = 0
    for k in range(16):
        d = distance(regs, k, p)
        if not inside(d if r is None else sf.add(d, r)):
            oc |= 1 << k
    return oc


def ps_mode(regs):
    return (regs.r['CLIP_CNTL'] >> 14) & 3


def expansion(regs, V):
    """D10: (ex, ey, er) of point vertex V."""
    xr, yr, k, rr = regs.ps
    sz = sf.mul(V.slot(1)[0], k) if bit(regs.r['FMT0'], 16) else k
    w = V.pos()[3]
    return tuple(sf.mul(sf.mul(a, sz), w) for a in (xr, yr, rr))


# ---------------------------------------------------------------- vertices

class Vertex:
    """A vertex-store entry: slots {s: (x, y, z, w)}, wmask {s: m}, present mask, vert, clip codes."""

    def __init__(self):
        self.data, self.wm, self.present, self.vert, self.oc = {}, {}, 0, 0, 0
        self.origin = ''

    def slot(self, s):
        return self.data.get(s, ZERO4) if bit(self.present, s) else ZERO4

    def wmask(self, s):
        return self.wm.get(s, 0) if bit(self.present, s) else 0

    def pos(self):
        return self.slot(0)


def vte(regs, p):
    """Section "VTE": slot 0 of an output vertex."""
    x, y, z, w = p
    c, r = regs.r['VTE'], regs.r
    rw = sf.rcp(w) if bit(c, 10) else w
    xd = x if bit(c, 8) else sf.mul(x, rw)
    yd = y if bit(c, 8) else sf.mul(y, rw)
    zd = z if bit(c, 9) else sf.mul(z, rw)
    xs = sf.mul(xd, r['XS']) if bit(c, 0) else xd
    xo = sf.add(xs, r['XO']) if bit(c, 1) else xs
    ys = sf.mul(yd, r['YS']) if bit(c, 2) else yd
    yo = sf.add(ys, r['YO']) if bit(c, 3) else ys
    zs = sf.mul(zd, r['ZS']) if bit(c, 4) else zd
    zo = sf.add(zs, r['ZO']) if bit(c, 5) else zs
    return (xo, yo, zo, rw)


def interp(I, Q, t, ident):
    """Section INTERP: the new vertex between inside I and outside Q at t."""
    n = Vertex()
    pres = I.present | Q.present
    hi = (pres | 1).bit_length() - 1
    for s in range(hi + 1):
        wm = I.wmask(s) | Q.wmask(s)
        vals = []
        for c, (ic, qc) in enumerate(zip(I.slot(s), Q.slot(s))):
            v = sf.add(ic, sf.mul(t, sf.add(qc, neg(ic))))
            vals.append(v if bit(wm, c) else 0)
        n.data[s], n.wm[s] = tuple(vals), wm
    n.present, n.vert = pres, I.vert
    n.origin = ident
    return n, hi


# ---------------------------------------------------------------- assembly (section "Primitive assembly")

def assemble(pt, n, dlast, F, P1, P2, P3, N):
    """The primitives (tuples of vertices) the vertex N of index n makes."""
    if pt == 1:
        return [(N,)]
    if pt == 2:
        return [(P1, N)] if n % 2 == 1 else []
    if pt == 3:
        return [(P1, N)] if n >= 1 else []
    if pt == 12:
        if n < 1:
            return []
        return [(P1, N), (N, F)] if dlast else [(P1, N)]
    if pt in (4, 7):
        return [(P2, P1, N)] if n % 3 == 2 else []
    if pt in (5, 15):
        return [(F, P1, N)] if n >= 2 else []
    if pt == 6:
        if n < 2:
            return []
        return [(P2, P1, N)] if n % 2 == 0 else [(P1, P2, N)]
    if pt == 13:
        return [(P3, P2, P1), (P3, P1, N)] if n % 4 == 3 else []
    if pt == 14:
        return [(P3, P2, P1), (P1, P2, N)] if n >= 3 and n % 2 == 1 else []
    return []


# ---------------------------------------------------------------- the cycle machine

class Mismatch(Exception):
    pass


class Clip:
    """The document's state machine; run() walks the vector's inputs and checks its outputs."""

    def __init__(self, vec):
        self.vec = vec
        self.regs = Regs()
        self.exact_ready = vec.backpressure == 'always'
        self.expected = vec.outputs('vtx')
        self.nout = 0
        self.stats = dict(regw=0, records=0, in_vertices=0, prims=0, culled=0, accepted=0, clipped=0,
                          dropped=0, overflow=0, new_vertices=0, out_vertices=0, out_prims=0)

    # -- output: one record per cycle when the vector's record fires then
    def emit_record(self, cyc, rec, what):
        k = self.nout
        if k >= len(self.expected):
            raise Mismatch('record %d: the reference emits %s %s, the vector has only %d records'
                           % (k, what, fmt(rec), len(self.expected)))
        ecyc, evals = self.expected[k]
        for f, a, b in zip(FIELDS, rec, evals):
            if a != b:
                raise Mismatch('record %d (cycle %d) field %s: reference %x, vector %x; %s\n'
                               '  reference %s\n  vector    %s' % (k, ecyc, f, a, b, what, fmt(rec), fmt(evals)))
        if ecyc < cyc or (self.exact_ready and ecyc != cyc):
            raise Mismatch('record %d field cycle: reference %d (earliest, policy %s), vector %d; %s'
                           % (k, cyc, self.vec.backpressure, ecyc, what))
        self.nout += 1
        self.stats['records'] += 1
        return ecyc                                   # the cycle it fired

    def run(self):
        # input queues: channel -> [(stamp, values)], offered in file order
        q = {'regw': [], 'vin': []}
        for ch, at, vals in self.vec.events:
            q[ch].append((at or 0, vals))
        ptr = {'regw': 0, 'vin': 0}
        avail = {'regw': 0, 'vin': 0}                  # earliest cycle the next one is offered

        def offered(ch, cyc):
            i = ptr[ch]
            return i < len(q[ch]) and max(q[ch][i][0], avail[ch]) <= cyc

        def take(ch, cyc):
            v = q[ch][ptr[ch]][1]
            ptr[ch] += 1
            avail[ch] = cyc + 1
            return v

        cyc = 0
        part = False
        cur = None                                    # the vertex being received
        n, F, P1, P2, P3 = 0, None, None, None, None
        pt, dl = 0, 0
        end = max([a for l in q.values() for a, _ in l] + [0])
        while True:
            if ptr['regw'] == len(q['regw']) and ptr['vin'] == len(q['vin']):
                break
            if cyc > end + 10 ** 7:
                raise Mismatch('the inputs are never all taken')
            # st = IN
            if offered('regw', cyc) and not part:
                a, d = take('regw', cyc)
                self.stats['regw'] += 1
                self.regs.write(a, d)
            if offered('vin', cyc):
                vert, slot, x, y, z, w, wm, vlast, dlast, prim = take('vin', cyc)
                if not part:
                    cur = Vertex()
                cur.data[slot], cur.wm[slot] = (x, y, z, w), wm
                cur.present |= 1 << slot
                part = not vlast
                if vlast:
                    cur.vert, pt, dl = vert, prim, dlast
                    cur.origin = 'input vertex %d (vert %04x)' % (self.stats['in_vertices'], vert)
                    self.stats['in_vertices'] += 1
                    cyc += 1
                    # ASM, this cycle
                    N = cur
                    N.oc = outcodes(self.regs, N.pos(),
                                    expansion(self.regs, N)[2] if ps_mode(self.regs) and pt == 1 else None)
                    queue = assemble(pt, n, dl, F, P1, P2, P3, N)
                    if dl:
                        n, F, P1, P2, P3 = 0, None, None, None, None
                    else:
                        if n == 0:
                            F = N
                        P3, P2, P1, n = P2, P1, N, (n + 1) & 0xFFFFFFFF
                    cyc += 1
                    for prim_v in queue:
                        cyc = self.primitive(prim_v, cyc)
                    continue
            cyc += 1
        if self.nout != len(self.expected):
            e = self.expected[self.nout]
            raise Mismatch('record %d (cycle %d): the vector has %d records, the reference emits %d: %s'
                           % (self.nout, e[0], len(self.expected), self.nout, fmt(e[1])))

    def primitive(self, V, cyc):
        """PRIM at cycle cyc onward; returns the first cycle after the primitive is done."""
        self.stats['prims'] += 1
        m = len(V)
        cull_set, clip_set = self.regs.sets()
        a_oc, o_oc = 0xFFFF, 0
        for v in V:
            a_oc &= v.oc
            o_oc |= v.oc
        what = 'primitive %d (%s) of %s' % (self.stats['prims'] - 1, ('point', 'line', 'triangle')[m - 1],
                                            ', '.join(v.origin for v in V))
        mode = ps_mode(self.regs)
        if m == 1:                                    # D10
            if o_oc & (cull_set if mode == 3 else cull_set | clip_set):
                self.stats['culled'] += 1
                return cyc + 1
            P = V[0]
            ex, ey, er = expansion(self.regs, P)
            ic = outcodes(self.regs, P.pos(), neg(er)) & clip_set & 0xFFF if mode >= 2 else 0
            if not ic:
                self.stats['accepted'] += 1
                return self.emit(list(V), m, cyc + 1, what)
            self.stats['expanded'] = self.stats.get('expanded', 0) + 1
            L = []
            x, y, z, w = P.pos()
            for k, (sx, sy) in enumerate(((0, 0), (1, 0), (1, 1), (0, 1))):
                c = Vertex()
                c.data, c.wm = dict(P.data), dict(P.wm)
                c.present, c.vert = P.present | 1, P.vert
                c.data[0] = (sf.add(x, ex if sx else neg(ex)), sf.add(y, ey if sy else neg(ey)), z, w)
                c.wm[0] = P.wmask(0)
                c.origin = 'corner %d of %s' % (k, P.origin)
                L.append(c)
            hi = (P.present | 1).bit_length() - 1
            cyc += 1 + 4 * (hi + 1)                   # PRIM, EXP
            m, mask, pp, ovf = 3, ic, 4, False
            what += ', expanded'
        elif a_oc & cull_set:
            self.stats['culled'] += 1
            return cyc + 1
        elif not (o_oc & clip_set):
            self.stats['accepted'] += 1
            return self.emit(list(V), m, cyc + 1, what)
        else:
            self.stats['clipped'] += 1
            mask = o_oc & clip_set & 0xFFF
            L, pp, ovf = list(V), 0, False
            cyc += 1                                  # PRIM
        while True:                                   # PASS
            if ovf or len(L) < (3 if m == 3 else 2):
                self.stats['dropped'] += 1
                self.stats['overflow'] += ovf
                return cyc + 1
            if mask == 0:
                return self.emit(L, m, cyc + 1, what + ', clipped')
            p = (mask & -mask).bit_length() - 1
            mask &= ~(1 << p)
            cyc += 1
            O = []

            def append(v):
                nonlocal ovf
                if len(O) >= 16:
                    ovf = True
                else:
                    O.append(v)
            edges = [(L[i], L[(i + 1) % len(L)]) for i in range(len(L))] if m == 3 else [(L[0], L[1])]
            for S, E in edges:                        # VISIT, one cycle each
                dS, dE = distance(self.regs, p, S.pos()), distance(self.regs, p, E.pos())
                inS, inE = inside(dS), inside(dE)
                if inS:
                    append(S)
                cyc += 1
                if inS != inE:
                    I, Q, dI, dQ = (S, E, dS, dE) if inS else (E, S, dE, dS)
                    if pp == 32:
                        ovf = True
                    else:
                        den = sf.add(dI, neg(dQ))
                        t = sf.mul(dI, sf.rcp(den))
                        nv, hi = interp(I, Q, t, 'new vertex %d (plane %d, from %s and %s)'
                                        % (pp, p, I.origin, Q.origin))
                        self.stats['new_vertices'] += 1
                        cyc += hi + 1                 # INTERP
                        pp += 1
                        append(nv)
                if m == 2 and inE:
                    append(E)
            L = O

    def emit(self, L, m, cyc, what):
        if m == 3:
            tris = [(L[0], L[k], L[k + 1]) for k in range(1, len(L) - 1)]
        else:
            tris = [tuple(L)]
        prim = {1: 1, 2: 2, 3: 4}[m]
        for tri in tris:
            self.stats['out_prims'] += 1
            for j, v in enumerate(tri):
                self.stats['out_vertices'] += 1
                slots = [s for s in range(16) if bit(v.present | 1, s)]
                for s in slots:
                    if s == 0:
                        vals, wm = vte(self.regs, v.pos()), 0xF
                    else:
                        vals, wm = v.slot(s), v.wmask(s)
                    vlast = int(s == slots[-1])
                    dlast = int(vlast and j == len(tri) - 1)
                    rec = (v.vert, s) + tuple(vals) + (wm, vlast, dlast, prim)
                    cyc = self.emit_record(cyc, rec, '%s; output vertex %d of %s' % (what, j, v.origin)) + 1
        return cyc


def fmt(vals):
    return ' '.join('%s=%x' % (f, v) for f, v in zip(FIELDS, vals))


# ---------------------------------------------------------------- command line

def check_file(path, quiet=False):
    """0 agree, 1 a difference, 2 bad input; prints one line."""
    try:
        vec = vector.read(path)
    except (vector.VectorError, OSError) as e:
        print('BAD INPUT %s' % e)
        return 2, None
    if vec.block != 'r5xx.clip' or not vec.has_expected:
        print('BAD INPUT %s: not an r5xx.clip vector with expected outputs' % path)
        return 2, None
    c = Clip(vec)
    try:
        c.run()
    except Mismatch as e:
        print('FAIL %s: %s' % (path, e))
        return 1, c.stats
    if not quiet:
        print('ok %s: %s' % (path, ', '.join('%s %d' % kv for kv in c.stats.items())))
    return 0, c.stats


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    mode = argv[1]
    if mode == 'check':
        rc, tot = 0, {}
        paths = []
        for a in argv[2:]:
            paths += sorted(os.path.join(a, f) for f in os.listdir(a) if f.endswith(('.vec', '.vec.gz'))) \
                if os.path.isdir(a) else [a]
        for path in paths:
            r, st = check_file(path)
            rc = max(rc, r)
            for k, v in (st or {}).items():
                tot[k] = tot.get(k, 0) + v
        print('%s: %d vectors, %s' % ('PASS' if rc == 0 else 'FAIL', len(paths),
                                      ', '.join('%s %d' % kv for kv in tot.items())))
        return rc
    if mode == 'random':
        rcosim, seeds, count = argv[2], argv[3].split(','), argv[4]
        policy = ['--backpressure', argv[5]] if len(argv) > 5 else []
        rc, tot = 0, {}
        with tempfile.TemporaryDirectory(prefix='refclip-') as d:
            for seed in seeds:
                out = os.path.join(d, 'r%s.vec' % seed)
                p = subprocess.run([rcosim, 'gen', '--block', 'r5xx.clip', '--seed', seed, '--count', count,
                                    '-o', out] + policy, capture_output=True, text=True)
                if p.returncode != 0 or not os.path.exists(out):
                    print('BAD INPUT rcosim gen seed %s: %s%s' % (seed, p.stdout, p.stderr))
                    return 2
                r, st = check_file(out)
                if r == 0 and st['records'] == 0:
                    print('FAIL seed %s: no record checked' % seed)
                    r = 1
                rc = max(rc, r)
                for k, v in (st or {}).items():
                    tot[k] = tot.get(k, 0) + v
        print('%s: seeds %s count %s: %s' % ('PASS' if rc == 0 else 'FAIL', ','.join(seeds), count,
                                              ', '.join('%s %d' % kv for kv in tot.items())))
        return rc
    if mode == 'catches':
        path = argv[2]
        text = vector.raw_text(path)
        lines = text.splitlines(True)
        outs = [i for i, l in enumerate(lines) if l.startswith('out vtx ')]
        rng = random.Random(int(argv[3]) if len(argv) > 3 else 1)
        rc = 0
        with tempfile.TemporaryDirectory(prefix='refclip-') as d:
            for trial in range(int(argv[4]) if len(argv) > 4 else 4):
                i = rng.choice(outs)
                w = lines[i].split()
                fi = rng.randrange(len(FIELDS))        # w: out vtx @C f0 f1 ...
                if trial == 0:                         # the first trial moves a record a cycle early
                    fname, old = 'cycle', int(w[2][1:])
                    new = old - 1
                    w[2] = '@%d' % new
                else:
                    fname = FIELDS[fi]
                    width = {'vert': 16, 'slot': 4, 'wmask': 4, 'vlast': 1, 'dlast': 1, 'prim': 4}.get(fname, 32)
                    old = int(w[3 + fi], 16)
                    new = old ^ (1 << rng.randrange(width))
                    w[3 + fi] = '%0*x' % (len(w[3 + fi]), new)
                bad = list(lines)
                bad[i] = ' '.join(w) + '\n'
                p = os.path.join(d, 'catch%d.vec' % trial)
                with open(p, 'w') as f:
                    f.write(''.join(bad))
                r, _ = check_file(p, quiet=True)
                k = outs.index(i)
                print('record %d field %s %x -> %x: check exit %d' % (k, fname, old, new, r))
                if r != 1:
                    rc = 1
        print('PASS the altered vectors fail' if rc == 0 else 'FAIL an altered vector passed')
        return rc
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
