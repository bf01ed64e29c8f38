#!/usr/bin/env python3
"""si_db_directed.py - write the directed stimulus files of si.db (vectors/si/db/stim/*.stim), or
check the golden vectors made from them against an independent Python statement of the block.

Each case programs the DB registers on `regw` and offers fragments on `frag`, in phases far
enough apart that every phase's register writes are in before its fragments arrive (a write
waits until the block is idle, docs/blocks/si.db.md).  'rcosim gen --stimulus X.stim -o X.vec'
turns a stimulus into a golden vector (the C model's outputs; scripts/regen-vectors).
'--check VECDIR' replays every stimulus through reference() below - written from
docs/blocks/si.db.md with Python floats and exact fractions, not from the C model - and compares
the pass records (with the occlusion-counter increments of each sample) and the memory writes
(address, data, byte enables, in order) with the vectors' expected outputs.

Usage: si_db_directed.py OUTDIR            write OUTDIR/*.stim
       si_db_directed.py --check VECDIR    compare VECDIR/*.vec with VECDIR/stim/*.stim
"""
import struct
import sys
from fractions import Fraction

from rcosim_py import check as chk
from rcosim_py import vector

# Register byte addresses (seed 002; docs/blocks/si.db.md).
RCTL, CCTL, VIEW, OVR, BMIN, BMAX, SCLEAR, DCLEAR = 0x28000, 0x28004, 0x28008, 0x2800C, 0x28020, 0x28024, 0x28028, 0x2802C
DINFO, ZINFO, SINFO, ZRB, SRB, ZWB, SWB, SIZE = 0x2803C, 0x28040, 0x28044, 0x28048, 0x2804C, 0x28050, 0x28054, 0x28058
ZMIN, ZMAX, SCTL, SRM, SRM_BF, DCTL = 0x282D0, 0x282D4, 0x2842C, 0x28430, 0x28434, 0x28800
NEVER, LESS, EQUAL, LEQUAL, GREATER, NOTEQUAL, GEQUAL, ALWAYS = range(8)   # 002:L6924
(KEEP, ZERO, ONES, REPLACE_TEST, REPLACE_OP, ADD_CLAMP, SUB_CLAMP, INVERT, ADD_WRAP, SUB_WRAP,
 AND, OR, XOR, NAND, NOR, XNOR) = range(16)                                   # 002:L7147
S_EN, Z_EN, Z_WR, DB_EN, BACKFACE = 1, 2, 4, 8, 0x80
ZBASE, SBASE = 0x00100000, 0x00180000


def fbits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def fval(b):
    return struct.unpack('<f', struct.pack('<I', b))[0]


ONE, HALF, NAN, INF = fbits(1.0), fbits(0.5), 0x7FC00000, 0x7F800000

# ---- the reference statement of docs/blocks/si.db.md --------------------------------------------


def unorm16(b):
    v = fval(b)
    if v != v or b >> 31:
        return 0
    if v >= 1.0:
        return 0xFFFF
    return round(Fraction(v) * 65535)          # Fraction rounds half to even


def func(f, a, b):
    return [False, a < b, a == b, a <= b, a > b, a != b, a >= b, True][f]


def sop(op, s, ref, v):
    return [s, 0, 0xFF, ref, v, min(s + v, 255), max(s - v, 0), ~s & 0xFF, (s + v) & 0xFF, (s - v) & 0xFF,
            s & v, s | v, s ^ v, ~(s & v) & 0xFF, ~(s | v) & 0xFF, ~(s ^ v) & 0xFF][op]


class Ref:
    def __init__(self, mem):
        self.r = {}
        self.mem = mem
        self.cnt = [0, 0, 0, 0]
        self.passes, self.writes = [], []

    def g(self, a):
        return self.r.get(a, 0)

    def rd(self, a):
        return self.mem.get(a & ~3, 0)

    def wr(self, a, d, be):
        a &= ~3
        old = self.mem.get(a, 0)
        m = sum(0xFF << (8 * i) for i in range(4) if be >> i & 1)
        self.mem[a] = (old & ~m) | (d & m)
        self.writes.append((a, d, be))

    def frag(self, x, y, zb_, back):
        g = self.g
        zfmt, sfmt, dctl = g(ZINFO) & 3, g(SINFO) & 1, g(DCTL)
        pitch, height = ((g(SIZE) & 0x7FF) + 1) * 8, ((g(SIZE) >> 11 & 0x7FF) + 1) * 8
        err = (x >= pitch or y >= height) | ((g(DINFO) >> 4 & 15) > 1) << 1 | (zfmt == 2) << 2
        if err & 3:
            self.passes.append((x, y, 0, 0, 0, 0, err))
            return
        has_z, z32, has_s = zfmt in (1, 3), zfmt == 3, sfmt == 1
        pix = y * pitch + x
        zoff = pix * (4 if z32 else 2)
        za, zwa = ((g(ZRB) << 8) + zoff) & 0xFFFFFFFF, ((g(ZWB) << 8) + zoff) & 0xFFFFFFFF
        sa, swa = ((g(SRB) << 8) + pix) & 0xFFFFFFFF, ((g(SWB) << 8) + pix) & 0xFFFFFFFF
        zread = has_z and dctl & (Z_EN | DB_EN)
        sclr = g(RCTL) & 2
        sread = has_s and (dctl & S_EN or sclr)
        zw = self.rd(za) if zread else 0
        sw = self.rd(sa) if sread else 0
        # fragment Z
        z = zb_
        if g(RCTL) & 1:
            z = g(DCLEAR)
        elif not g(OVR) >> 16 & 1:
            if fval(z) < fval(g(ZMIN)):
                z = g(ZMIN)
            elif fval(z) > fval(g(ZMAX)):
                z = g(ZMAX)
        stored = zw if z32 else (zw >> (16 if za & 2 else 0)) & 0xFFFF
        # bounds
        dbpass = True
        if has_z and dctl & DB_EN:
            if z32:
                dbpass = fval(g(BMIN)) <= fval(stored) <= fval(g(BMAX))
            else:
                dbpass = unorm16(g(BMIN)) <= stored <= unorm16(g(BMAX))
        # stencil
        bf = dctl & BACKFACE and back
        srm = g(SRM_BF) if bf else g(SRM)
        sf = dctl >> (20 if bf else 8) & 7
        ops = g(SCTL) >> (12 if bf else 0) & 0xFFF
        sv = sw >> (8 * (sa & 3)) & 0xFF
        ref, mask, wm, opv = srm & 0xFF, srm >> 8 & 0xFF, srm >> 16 & 0xFF, srm >> 24 & 0xFF
        sact = has_s and dctl & S_EN
        spass = True if (not sact or sclr) else func(sf, ref & mask, sv & mask)
        # Z
        zpass = True
        if has_z and dctl & Z_EN:
            zf = dctl >> 4 & 7
            zpass = func(zf, fval(z), fval(stored)) if z32 else func(zf, unorm16(z), stored)
        cat = 3 if not dbpass else 2 if not spass else 1 if not zpass else 0
        if has_z and dctl & Z_WR and not g(VIEW) >> 24 & 1 and cat == 0:
            if z32:
                self.wr(zwa, z, 0xF)
            else:
                sh = 16 if zwa & 2 else 0
                self.wr(zwa, unorm16(z) << sh, 0x3 << (sh // 8))
        if cat != 3 and has_s and (sact or sclr) and not g(VIEW) >> 25 & 1:
            op = [ops >> 4 & 15, ops >> 8 & 15, ops & 15][cat]
            res = g(SCLEAR) & 0xFF if sclr else sop(op, sv, ref, opv)
            new = (res & wm) | (sv & ~wm & 0xFF)
            if new != sv:
                self.wr(swa, new << (8 * (swa & 3)), 1 << (swa & 3))
        cwe = (not dctl >> 31 & 1) if cat == 0 else (cat != 3 and dctl >> 30 & 1)
        inc = g(CCTL) >> (8 + 4 * cat) & 15
        for i in range(4):
            self.cnt[i] = (self.cnt[i] + (inc >> i & 1)) & 0xFFFFFFFF
        self.passes.append((x, y, int(cat == 0), int(bool(cwe)), cat, inc, err))


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
        self.name, self.doc = name, doc
        self.mem, self.phases = {}, []
        self.bp, self.lat = 'always', '1:1'

    def phase(self, regs, frags):
        self.phases.append((dict(regs), list(frags)))

    def write(self, outdir):
        lines = []
        t = 10
        for regs, frags in self.phases:
            for a, d in regs.items():
                lines.append('in regw @%d %05x %08x' % (t, a, d & 0xFFFFFFFF))
            for i, (x, y, z, b) in enumerate(frags):
                lines.append('in frag %s%04x %04x %08x %d' % ('@%d ' % (t + len(regs) + 2) if i == 0 else '', x, y, z, b))
            t += len(regs) + 12 * len(frags) + 20
        vector.write_stim(
            outdir, self.name, 'si.db', self.doc, __file__,
            notes=['si_db_directed.py --check replays it through its own reference of docs/blocks/si.db.md'],
            mem=[m for a in sorted(self.mem) for m in vector.chunk_lines(a, self.mem[a], None)], body=lines,
            backpressure=self.bp, latency=self.lat)


def base_regs(**kw):
    r = {SIZE: 1 | 0 << 11, DINFO: 0x10, ZINFO: 1, SINFO: 0, ZRB: ZBASE >> 8, ZWB: ZBASE >> 8,
         SRB: SBASE >> 8, SWB: SBASE >> 8, RCTL: 0, VIEW: 0, OVR: 0, CCTL: 0x4321 << 8,
         ZMIN: 0, ZMAX: ONE, BMIN: 0, BMAX: ONE, SCTL: 0, SRM: 0xFFFFFF00, SRM_BF: 0xFFFFFF00, DCTL: 0}
    r.update({globals()[k]: v for k, v in kw.items()})   # keyword names are the register names above
    return r


def cases():
    out = []
    # 1. ZFUNC with Z_16 (spec fact 9): stored 0x8000 at pixel 0..2; fragments below, at, above
    c = Case('zfunc_z16', 'every ZFUNC on Z_16 (fact 9: 6:4, LEQUAL = fragment <= dest, 0 NEVER, 7 ALWAYS): fragment below, equal to and above the stored 0x8000; Z_WRITE_ENABLE writes the passing ones')
    mid = 0x8000
    for zf in range(8):
        c.mem[ZBASE + 0x100 * zf] = [mid | mid << 16] * 4
        regs = base_regs(DCTL=Z_EN | Z_WR | zf << 4)
        regs[ZRB] = regs[ZWB] = (ZBASE + 0x100 * zf) >> 8
        z_at = Fraction(mid, 65535)
        frags = [(0, 0, fbits(float(z_at) - 0.001), 0), (1, 0, fbits(float(z_at)), 0), (2, 0, fbits(float(z_at) + 0.001), 0)]
        c.phase(regs, frags)
    out.append(c)
    # 2. ZFUNC with Z_32_FLOAT: -0 vs +0, NaN, infinities
    c = Case('zfunc_z32f', 'every ZFUNC on Z_32_FLOAT with IEEE semantics: -0 = +0, a NaN fragment passes only NOTEQUAL and ALWAYS, ordinary less/greater; the viewport clamp off so NaN and -0 reach the test')
    for zf in range(8):
        a = ZBASE + 0x100 * zf
        c.mem[a] = [0x00000000, HALF, HALF, HALF, fbits(0.25), NAN, 0, 0]
        regs = base_regs(ZINFO=3, DCTL=Z_EN | Z_WR | zf << 4, OVR=1 << 16)
        regs[ZRB] = regs[ZWB] = a >> 8
        c.phase(regs, [(0, 0, 0x80000000, 0), (1, 0, NAN, 0), (2, 0, fbits(0.25), 0), (3, 0, fbits(0.75), 0),
                       (4, 0, fbits(0.25), 0), (5, 0, fbits(0.5), 0), (6, 0, INF, 0)])
    out.append(c)
    # 3. every stencil op (fact 11) on 0x00, 0xFF, 0x5A with OPVAL 0x30 and TESTVAL 0x42
    c = Case('stencil_ops', 'every stencil operation (fact 11: 2 ONES = 0xFF, 5 ADD_CLAMP, 7 INVERT, 8 ADD_WRAP, 15 XNOR; operand STENCILOPVAL) on 0x00, 0xFF and 0x5A, as the ZPASS op, OPVAL 0x30, TESTVAL 0x42')
    for op in range(16):
        a = SBASE + 0x100 * op
        c.mem[a] = [0x5AFF00D0]
        regs = base_regs(ZINFO=0, SINFO=1, DCTL=S_EN | ALWAYS << 8, SCTL=op << 4, SRM=0x30FF0042)
        regs[SRB] = regs[SWB] = a >> 8
        c.phase(regs, [(1, 0, 0, 0), (2, 0, 0, 0), (3, 0, 0, 0)])
    out.append(c)
    # 4. stencil functions, masks, front/back
    c = Case('stencil_funcs', 'every STENCILFUNC (fact 10: 10:8, "ref OP dest") and STENCILFUNC_BF (22:20) with MASK 0x0F applied to both sides; BACKFACE_ENABLE off treats back as front; SFAIL writes ZERO, ZPASS writes ONES')
    for sf in range(8):
        for bfe in (0, 1):
            a = SBASE + 0x100 * (2 * sf + bfe)
            c.mem[a] = [0x47434145]   # bytes 0x45 0x41 0x43 0x47 -> masked 5, 1, 3, 7
            regs = base_regs(ZINFO=0, SINFO=1, DCTL=S_EN | sf << 8 | (7 - sf) << 20 | bfe * BACKFACE,
                             SCTL=ZERO | ONES << 4 | REPLACE_OP << 12 | INVERT << 16, SRM=0x00FF0F33, SRM_BF=0x77FF0FA3)
            regs[SRB] = regs[SWB] = a >> 8
            c.phase(regs, [(0, 0, 0, 0), (1, 0, 0, 1), (2, 0, 0, 0), (3, 0, 0, 1)])
    out.append(c)
    # 5. FAIL / ZFAIL / ZPASS selection with a write mask, Z_16 and stencil together
    c = Case('op_select', 'STENCILFAIL / STENCILZFAIL / STENCILZPASS chosen by the results (stencil fails; stencil passes and Z fails; both pass), front and back sets, WRITEMASK 0xF0 keeps the low nibble, Z and stencil surfaces together')
    c.mem[ZBASE] = [0x80008000] * 4
    c.mem[SBASE] = [0x11111111, 0x22222222]
    regs = base_regs(SINFO=1, DCTL=S_EN | Z_EN | Z_WR | LESS << 4 | EQUAL << 8 | NOTEQUAL << 20 | BACKFACE,
                     SCTL=REPLACE_OP | INVERT << 4 | ONES << 8 | ZERO << 12 | ADD_CLAMP << 16 | SUB_WRAP << 20,
                     SRM=0xC5F0FF11, SRM_BF=0x40F0FF22)
    c.phase(regs, [(0, 0, fbits(0.1), 0), (1, 0, fbits(0.9), 0), (2, 0, fbits(0.1), 0), (3, 0, fbits(0.1), 1),
                   (4, 0, fbits(0.1), 1), (5, 0, fbits(0.9), 1)])
    c.mem[SBASE] = [0x11221111, 0x22112222]
    out.append(c)
    # 6. depth bounds and viewport clamp
    c = Case('bounds_clamp', 'depth bounds test the stored Z (Z_32_FLOAT: IEEE, NaN fails; Z_16: bounds converted), a failure kills the sample (DBFAIL, no writes); the viewport clamp to PA_SC_VPORT_ZMIN_0/ZMAX_0, and DISABLE_VIEWPORT_CLAMP (bit 16) lets Z out')
    a = ZBASE
    c.mem[a] = [fbits(0.1), fbits(0.3), fbits(0.5), fbits(0.7), NAN, fbits(0.3), 0, 0]
    c.phase(base_regs(ZINFO=3, DCTL=DB_EN | Z_WR | ALWAYS << 4, BMIN=fbits(0.25), BMAX=fbits(0.5)),
            [(i, 0, fbits(0.9), 0) for i in range(5)])
    c.mem[ZBASE + 0x1000] = [0x7FFF0000, 0xFFFF4000]
    r = base_regs(ZINFO=1, DCTL=DB_EN | Z_EN | Z_WR | ALWAYS << 4, BMIN=fbits(0.25), BMAX=fbits(0.5))
    r[ZRB] = r[ZWB] = (ZBASE + 0x1000) >> 8
    c.phase(r, [(0, 0, HALF, 0), (1, 0, HALF, 0), (2, 0, HALF, 0), (3, 0, HALF, 0)])
    r = base_regs(ZINFO=3, DCTL=Z_EN | Z_WR | ALWAYS << 4, ZMIN=fbits(0.25), ZMAX=fbits(0.75))
    r[ZRB] = r[ZWB] = (ZBASE + 0x2000) >> 8
    c.phase(r, [(0, 0, fbits(0.1), 0), (1, 0, fbits(0.5), 0), (2, 0, fbits(0.9), 0), (3, 0, NAN, 0), (4, 0, fbits(-3.0), 0)])
    r[OVR] = 1 << 16
    c.phase(r, [(5, 0, fbits(0.1), 0), (6, 0, fbits(2.0), 0), (7, 0, fbits(-3.0), 0)])
    out.append(c)
    # 7. Z_16 conversion
    c = Case('z16_convert', 'binary32 to Z_16: round(z * 65535), ties to even, exactly; NaN, -0 and negatives give 0; >= 1.0 and +inf give 65535; denormals 0; the upper half of a dword written with byte enables 0xC')
    vals = [0, 0x80000000, NAN, INF, fbits(-0.5), ONE, fbits(2.0), 0x3F7FFFFF, 1, fbits(0.5),
            fbits(1.0 / 65535), fbits(0.5 / 65535), fbits(1.5 / 65535), fbits(2.5 / 65535), fbits(0.25),
            fbits(0.75), 0x3F7FFF80, 0x3F7FFF7F, 0x37800000, 0x377FFFFF]
    c.phase(base_regs(ZINFO=1, SIZE=3, DCTL=Z_WR), [(i, 0, v, 0) for i, v in enumerate(vals)])
    out.append(c)
    # 8. clears and read-only views
    c = Case('clears_readonly', 'DEPTH_CLEAR_ENABLE writes DB_DEPTH_CLEAR (no clamp), STENCIL_CLEAR_ENABLE writes DB_STENCIL_CLEAR through the write mask whatever the stencil test; Z_READ_ONLY (24) and STENCIL_READ_ONLY (25) of DB_DEPTH_VIEW suppress the writes, the tests still run')
    c.mem[ZBASE] = [fbits(0.5)] * 4
    c.mem[SBASE] = [0x44332211]
    c.phase(base_regs(ZINFO=3, SINFO=1, RCTL=3, DCLEAR=fbits(0.875), SCLEAR=0x1A5, ZMAX=fbits(0.5),
                      DCTL=S_EN | Z_EN | Z_WR | ALWAYS << 4 | NEVER << 8, SRM=0x00F0FF00), [(0, 0, fbits(0.1), 0), (1, 0, fbits(0.2), 0)])
    c.phase(base_regs(ZINFO=3, SINFO=1, VIEW=1 << 24, DCTL=S_EN | Z_EN | Z_WR | LESS << 4 | ALWAYS << 8, SCTL=INVERT << 4),
            [(2, 0, fbits(0.1), 0), (3, 0, fbits(0.9), 0)])
    c.phase(base_regs(ZINFO=3, SINFO=1, VIEW=1 << 25, DCTL=S_EN | Z_EN | Z_WR | LESS << 4 | ALWAYS << 8, SCTL=INVERT << 4),
            [(2, 0, fbits(0.05), 0)])
    out.append(c)
    # 9. occlusion counters and colour-write enables
    c = Case('counters_cwe', 'the four occlusion counters (DB_COUNT_CONTROL ZPASS 11:8, ZFAIL 15:12, SFAIL 19:16, DBFAIL 23:20, one bit per counter) and the colour-write enable: ENABLE_COLOR_WRITES_ON_DEPTH_FAIL (30) for Z or stencil fail, not for a bounds fail; DISABLE_COLOR_WRITES_ON_DEPTH_PASS (31)')
    c.mem[ZBASE] = [0x80008000] * 4
    c.mem[SBASE] = [0x00010001, 0x00010001]
    fr = [(0, 0, fbits(0.1), 0), (1, 0, fbits(0.1), 0), (2, 0, fbits(0.9), 0), (4, 0, fbits(0.1), 0)]
    for cctl, bits in ((0x00842100, 0), (0x00F00F00, 1 << 30), (0x000FF000, 1 << 31), (0x00FFFF00, 3 << 30)):
        c.mem[ZBASE + 0x10] = [0xFFFF0000]
        c.phase(base_regs(SINFO=1, CCTL=cctl, BMIN=0, BMAX=fbits(0.6),
                          DCTL=S_EN | Z_EN | DB_EN | LESS << 4 | EQUAL << 8 | bits, SRM=0x0000FF01), fr + [(8, 0, 0, 0)])
    out.append(c)
    # 10. killed fragments and error flags
    c = Case('kill_errors', 'a fragment at or beyond the pitch or height (err 1) or on a tiled ARRAY_MODE (err 2) is killed: no memory access, not counted; Z_INFO.FORMAT 2 (Z_24) flags err 4 and is treated as no depth buffer')
    c.phase(base_regs(DCTL=Z_EN | Z_WR | ALWAYS << 4, CCTL=0x0000F100, SIZE=1 | 1 << 11),
            [(15, 15, HALF, 0), (16, 0, HALF, 0), (0, 16, HALF, 0), (16383, 16383, HALF, 0)])
    c.phase(base_regs(DCTL=Z_EN | Z_WR | ALWAYS << 4, CCTL=0x0000F100, DINFO=0x40), [(0, 0, HALF, 0)])
    c.phase(base_regs(ZINFO=2, DCTL=Z_EN | Z_WR | ALWAYS << 4, CCTL=0x0000F100), [(1, 0, HALF, 0)])
    out.append(c)
    # 11. back-pressure: the same traffic with the pass channel and memory stalled
    c = Case('backpressure', 'stencil and Z read-modify-write on one pixel back to back under random back-pressure and memory latency 1..9: each sample sees the previous one\'s writes')
    c.bp, c.lat = 'random:0.5', '1:9'
    c.mem[ZBASE] = [0xFFFFFFFF]
    c.mem[SBASE] = [0]
    c.phase(base_regs(SINFO=1, DCTL=S_EN | Z_EN | Z_WR | LEQUAL << 4 | ALWAYS << 8, SCTL=ADD_WRAP << 4 | ADD_CLAMP << 8, SRM=0x07FF0000,
                      CCTL=0x00004321 << 8),
            [(0, 0, fbits(1.0 - i / 64.0) if i % 3 else ONE, 0) for i in range(40)])
    out.append(c)
    return out


def records(lines, v):
    """(what, the vector's records, the reference's) of a stimulus and its golden vector v."""
    r = reference(lines)
    gp = [tuple(x[:7]) for _, x in v.outputs('pass')]
    gw = [(x[0], x[2], x[3]) for _, x in v.outputs('memreq') if x[1]]
    return (('pass', gp, r.passes), ('memory write', gw, r.writes))


def check(vecdir):
    return chk.check_all(vecdir, records)


def main(argv):
    return chk.main(argv, __doc__.split('\n\n')[-1] + '\n', check, cases)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
