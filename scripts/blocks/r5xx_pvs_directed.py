#!/usr/bin/env python3
"""r5xx_pvs_directed.py - write the directed stimulus files of r5xx.pvs
(vectors/r5xx/pvs/stim/*.stim), check the golden vectors made from them against an independent
reference, and disassemble PVS instructions.

The reference is written from docs/blocks/r5xx.pvs.md and docs/float.md, not from the C model: the
loader, the draws, one instruction at a time on the vertex's memories, the output slots; the float
operations on exact rationals (fractions.Fraction) rounded toward zero, with the flush and NaN
rules of docs/float.md.  It knows nothing of cycles: the exe and vtx records are compared in order.

'rcosim gen --stimulus X.stim -o X.vec' turns a stimulus into a golden vector (scripts/regen-vectors).

Usage: r5xx_pvs_directed.py OUTDIR                  write OUTDIR/*.stim
       r5xx_pvs_directed.py --check VECDIR          compare VECDIR/*.vec with VECDIR/stim/*.stim
       r5xx_pvs_directed.py --disasm I0 I1 I2 I3    one instruction (hex dwords) as text
       r5xx_pvs_directed.py --report FILE           the first differing exe record of an rcosim
                                                    report: vertex, instruction index, text
"""
import glob
import os
import re
import struct
import sys
from fractions import Fraction

from blocks import prim_sf_ref as sf
from math import floor
from rcosim_py import check as chk

M32 = 0xFFFFFFFF
QNAN, PINF, MAXF, ONE, SIGN = 0x7FC00000, 0x7F800000, 0x7F7FFFFF, 0x3F800000, 0x80000000

# ---- shader float: the project's one independent reference of docs/float.md ----------------------
# (blocks/prim_sf_ref.py, exact rationals, written from the doc alone; the pvs reference uses its
# operations rather than a second copy of the same arithmetic)

ftz, is_nan, is_zero = sf.ftz, sf.is_nan, sf.is_zero
f_add, f_mul, f_dp4 = sf.add, sf.mul, sf.dp4
f_lt, f_le, f_eq, f_min, f_max = sf.cmp_lt, sf.cmp_le, sf.cmp_eq, sf.fmin, sf.fmax
f_flr, f_frc = sf.flr, sf.frc
f_rcp, f_rsq, f_ex2, f_lg2, f_sin, f_cos = sf.rcp, sf.rsq, sf.ex2, sf.lg2, sf.sin, sf.cos


def fbits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


# ---- the block (docs/blocks/r5xx.pvs.md) ---------------------------------------------------------

NIVM, NTRM, NATRM, NOVM = 32, 32, 20, 16


def next_index(i):
    return {1023: 0, 1535: 1024, 1542: 1536}.get(i, (i + 1) % 2048)


def f2a(f):
    e, s = (f >> 23) & 0xFF, f >> 31
    if e == 255:
        return 0 if f & 0x7FFFFF else (-256 if s else 255)
    if e == 0:
        return 0
    v = floor(sf.to_frac(f))
    return max(-256, min(255, v))


def bits(w, hi, lo):
    return (w >> lo) & ((1 << (hi - lo + 1)) - 1)


def cond0(kind, x):
    """== 0, > 0, >= 0, != 0 (kind 0-3) on the shader-float order (NaN: false; != 0 true)."""
    return (f_eq(x, 0), f_lt(0, x), f_le(0, x), not f_eq(x, 0))[kind]


def vector_op(op, a, b, c):
    """A vector opcode (1-28) on the operand vectors (docs/blocks/r5xx.pvs.md table):
    (result, component write mask, predicate bit set or None)."""
    b2f = lambda t: ONE if t else 0  # noqa: E731
    if 15 <= op <= 18:
        p = cond0(op - 15, b[3]) and f_eq(a[3], 0)
        return [0 if p else f_add(a[3], ONE)] * 4, 0xF, int(p)
    if 19 <= op <= 22:
        return list(b), sum(cond0(op - 19, a[k]) << k for k in range(4)), None
    if 23 <= op <= 25:
        return [b[k] if cond0(op - 23, a[k]) else c[k] for k in range(4)], 0xF, None
    return _vop(op, a, b, c), 0xF, None


def _vop(op, a, b, c):
    b2f = lambda t: ONE if t else 0  # noqa: E731
    if op == 1:
        return [f_dp4(a, b)] * 4
    if op == 5:
        return [ONE, f_mul(a[1], b[1]), a[2], b[3]]
    if op == 12:
        pw, px = f_mul(a[3], b[3]), f_mul(a[0], b[0])
        return [c[3] if f_lt(c[3], pw) else c[0] if f_le(px, c[0]) else px] * 4
    fn = {2: lambda x, y, z: f_mul(x, y), 3: lambda x, y, z: f_add(x, y),
          4: lambda x, y, z: f_add(f_mul(x, y), z), 6: lambda x, y, z: f_frc(x),
          7: lambda x, y, z: f_max(x, y), 8: lambda x, y, z: f_min(x, y),
          9: lambda x, y, z: b2f(f_le(y, x)), 10: lambda x, y, z: b2f(f_lt(x, y)),
          11: lambda x, y, z: f_add(f_mul(0x40000000, f_mul(x, y)), z),
          13: lambda x, y, z: f_flr(x), 14: lambda x, y, z: f_flr(f_add(x, 0x3F000000)),
          26: lambda x, y, z: b2f(f_lt(y, x)), 27: lambda x, y, z: b2f(f_eq(x, y)),
          28: lambda x, y, z: b2f(not f_eq(x, y))}[op]
    return [fn(a[k], b[k], c[k]) for k in range(4)]


NMAXF, PI, INV2PI, LOG2E, SINMIN = 0xFF7FFFFF, 0x40490FDB, 0x3E22F983, 0x3FB8AA3B, 0x33800000


def _neg(x):
    return x if is_nan(x) else x ^ SIGN


def _powc(x, n):
    """x^n, x >= 0, the seed's special cases in order (docs: "Math opcodes", POW)."""
    x, n = ftz(x), ftz(n)
    if is_zero(x):
        return PINF if f_lt(n, 0) else 0
    if is_zero(n):
        return ONE
    if x == PINF:
        return 0 if f_lt(n, 0) else PINF
    if n == SIGN | PINF and f_lt(ONE, x):
        return 0
    if n == SIGN | PINF and f_lt(x, ONE):
        return PINF
    if n == PINF and f_lt(ONE, x):
        return PINF
    if n == PINF and f_lt(x, ONE):
        return 0
    return f_ex2(f_mul(n, f_lg2(x)))


def _powff(a, n):
    return _neg(_powc(a & 0x7FFFFFFF, n)) if f_lt(a, 0) else _powc(a, n)


def _floor_mag(r):
    return (r & SIGN) | SINMIN if r & 0x7FFFFFFF < SINMIN else r


def _i2f(v):
    return sf.rz_pack(Fraction(v), 0)


def math_op(op, a, b, c):
    """A math opcode 1-28 on the w components a, b, c (docs/blocks/r5xx.pvs.md "Math opcodes"):
    (result, predicate bit set or None)."""
    if 21 <= op <= 24:
        p = cond0(op - 21, a)
        return [0 if p else ONE] * 4, int(p)
    if op == 25:
        return [MAXF] * 4, 0
    if op == 26:
        p = f_eq(a, ONE)
        return [0 if p else ONE if f_eq(a, 0) else a] * 4, int(p)
    if op == 27:
        x = f_add(a, ONE | SIGN)
        p = f_lt(x, 0)
        return [0 if p else x] * 4, int(p)
    if op == 28:
        p = f_eq(a, 0)
        return [0 if p else a] * 4, int(p)
    return _mop(op, a, b, c), None


def _mop(op, a, b, c):
    z = f_eq(a, 0)
    if op == 1:
        return [f_ex2(f_flr(a)), 0 if f_lt(0x43000000, a) else f_frc(a), f_ex2(a), ONE]
    if op == 2:
        if z:
            return [NMAXF, ONE, NMAXF, ONE]
        return [_i2f(((a >> 23) & 0xFF) - 127), (a & 0x7FFFFF) | ONE, f_lg2(a & 0x7FFFFFFF), ONE]
    if op == 4:
        n = f_min(f_max(c, 0xC3000000), 0x43000000)
        return [ONE, f_max(b, 0), _powc(f_max(a, 0), n) if f_lt(0, b) else 0, ONE]
    if op in (16, 17):
        x = PI if is_nan(a) or f_lt(PI, a) else PI | SIGN if f_lt(a, PI | SIGN) else ftz(a)
        t = f_mul(x, INV2PI)
        if op == 16:
            r = 0 if is_zero(x) or x & 0x7FFFFFFF == PI else _floor_mag(f_sin(t))
        else:
            r = _floor_mag(f_cos(t))
    else:
        r = {3: lambda: f_ex2(f_mul(c, LOG2E)), 5: lambda: _powff(a, c),
             6: lambda: MAXF if z else f_rcp(a), 7: lambda: a & SIGN if z else f_rcp(a),
             8: lambda: MAXF if z else f_rsq(a & 0x7FFFFFFF), 9: lambda: 0 if z else f_rsq(a & 0x7FFFFFFF),
             10: lambda: f_mul(a, b), 11: lambda: f_ex2(c), 12: lambda: NMAXF if z else f_lg2(a & 0x7FFFFFFF),
             13: lambda: 0 if f_lt(a, b) else _powff(a, c),
             14: lambda: 0 if f_lt(a, b) else ONE if f_lt(ONE, a) else _powff(a, c),
             15: lambda: 0 if f_le(a, 0) else ONE if f_lt(ONE, a) else _powff(a, c),
             18: lambda: f_lg2(a & 0x7FFFFFFF), 19: lambda: f_rcp(a),
             20: lambda: f_rsq(a & 0x7FFFFFFF)}[op]()
    return [r] * 4


class Vertex:
    def __init__(self):
        self.mem = {'in': [[0] * 4 for _ in range(NIVM)], 't': [[0] * 4 for _ in range(NTRM)],
                    'at': [[0] * 4 for _ in range(NATRM)], 'out': [[0] * 4 for _ in range(NOVM)]}
        self.written = [0] * NOVM
        self.a0 = [0, 0, 0, 0]
        self.pred = 0
        self.i0 = 0
        self.stack = []       # [kind 'loop'/'jsr', count left, last, rtn, step, saved index]
        self.nexec = 0


class Block:
    def __init__(self):
        self.code = [[0] * 4 for _ in range(1024)]
        self.cst = [[0] * 4 for _ in range(256)]
        self.indx = self.dcnt = self.qcnt = 0
        self.qbuf = [0, 0, 0]
        self.first = self.last = self.cbase = self.cmax = 0
        self.fmt0 = self.fmt1 = 0
        self.no_render = 0
        self.alt = 0
        self.opc = 0
        self.fc = [dict(act=0, jmp=0, last=0, rtn=0, init=0, step=0, rep=0) for _ in range(16)]

    def store(self, k, v):
        if self.indx < 1024:
            self.code[self.indx][k] = v
        elif self.indx < 1280:
            self.cst[self.indx - 1024][k] = v

    def regw(self, a, d):
        """A register write; the number of vertices of the draw it starts."""
        if a == 0x2200:
            self.indx, self.dcnt, self.qcnt = d & 0x7FF, 0, 0
        elif a == 0x2204:
            self.store(self.dcnt, d)
            if self.dcnt == 3:
                self.indx = next_index(self.indx)
            self.dcnt = (self.dcnt + 1) % 4
        elif a == 0x2208:
            if self.qcnt == 3:
                for k in range(3):
                    self.store(k, self.qbuf[k])
                self.store(3, d)
                self.indx = next_index(self.indx)
            else:
                self.qbuf[self.qcnt] = d
            self.qcnt = (self.qcnt + 1) % 4
        elif a == 0x22D0:
            self.first, self.last = d & 0x3FF, (d >> 20) & 0x3FF
        elif a == 0x22D4:
            self.cbase, self.cmax = d & 0xFF, (d >> 16) & 0xFF
        elif a == 0x2090:
            self.fmt0 = d
        elif a == 0x2094:
            self.fmt1 = d
        elif a == 0x2080:
            self.no_render = (d >> 17) & 1
        elif a == 0x2088:
            self.alt = d & 0xFFFFFF
        elif a == 0x22DC:
            self.opc = d
        elif 0x2500 <= a <= 0x257C:
            k = (a - 0x2500) >> 3
            if a & 4:
                self.fc[k].update(last=d & 0x3FF, rtn=(d >> 16) & 0x3FF)
            else:
                self.fc[k].update(act=d & 0x3FF, jmp=(d >> 16) & 0x3FF)
        elif 0x2290 <= a <= 0x22CC:
            k = (a - 0x2290) >> 2
            step = (d >> 8) & 0xFF
            self.fc[k].update(init=d & 0xFF, step=step - 256 if step > 127 else step, rep=d >> 31)
        elif a == 0x2084 and d & 0xF and d & 0x30 and not self.no_render:
            return self.alt if d & (1 << 14) else d >> 16
        return 0

    def operand(self, v, s):
        mode = bits(s, 31, 31) * 2 + bits(s, 4, 4)
        adr = bits(s, 12, 5) + (v.a0[bits(s, 30, 29)] if mode == 1 else v.i0 if mode == 2 else 0)
        t = s & 3
        raw = [0, 0, 0, 0]
        if t == 2:
            if 0 <= adr <= self.cmax:
                raw = self.cst[(self.cbase + adr) % 256]
        else:
            m = v.mem[('t', 'in', None, 'at')[t]]
            if 0 <= adr < len(m):
                raw = m[adr]
        out = []
        for c in range(4):
            sw = bits(s, 15 + 3 * c, 13 + 3 * c)
            x = raw[sw] if sw < 4 else ONE if sw == 5 else 0
            if s & 8:
                x &= 0x7FFFFFFF
            if s & (1 << (25 + c)):
                x ^= SIGN
            out.append(x)
        return out

    def execute(self, v, w):
        """(result, err) of instruction w on vertex v; the write is applied."""
        d = w[0]
        op, math, macro, dt, we = bits(d, 5, 0), bits(d, 6, 6), bits(d, 7, 7), bits(d, 11, 8), bits(d, 23, 20)
        a, b, c = (self.operand(v, w[k]) for k in (1, 2, 3))
        zero = [0, 0, 0, 0]
        if d & (1 << 28):
            return zero, 1
        if macro:
            if op > 1:
                return zero, 2
            op, math = (4 if op == 0 else 11), 0
        if dt > 5:
            return zero, 2
        cw = 0xF
        if math:
            if op == 0 or op > 28:
                return zero, 2
            r, pset = math_op(op, a[3], b[3], c[3])
            sat = d >> 25 & 1
        elif op >= 29:
            return zero, 2
        elif op == 0:
            return zero, 0
        else:
            r, cw, pset = vector_op(op, a, b, c)
            sat = d >> 24 & 1
        if d >> 26 & 1 and v.pred != d >> 27 & 1:
            we = 0
        we &= cw
        if pset is not None:
            v.pred = pset
        if sat:
            r = [f_min(f_max(x, 0), ONE) for x in r]
        if dt == 3:
            r = [r[0]] * 4
        mode = bits(d, 12, 12) * 2 + bits(d, 31, 31)
        adr = bits(d, 19, 13) + (v.a0[bits(d, 30, 29)] if mode == 1 else v.i0 if mode == 2 else 0)
        if dt == 1:
            for k in range(4):
                if we >> k & 1:
                    v.a0[k] = f2a(r[k])
        else:
            m = v.mem[{0: 't', 2: 'out', 3: 'out', 4: 'at', 5: 'in'}[dt]]
            if 0 <= adr < len(m):
                for k in range(4):
                    if we >> k & 1:
                        m[adr][k] = r[k]
                if dt in (2, 3):
                    v.written[adr] |= we
        return r, 0

    def next_pc(self, v, pc):
        """docs/blocks/r5xx.pvs.md "Flow control": the instruction after pc, None at the end."""
        v.nexec += 1
        if v.nexec >= 4096:
            return None
        if v.stack and v.stack[-1][2] == pc:
            top = v.stack[-1]
            if top[0] == 'jsr':
                v.stack.pop()
                return top[3]
            if top[1] > 1:
                top[1] -= 1
                v.i0 = max(-256, min(255, v.i0 + top[4]))
                return top[3]
            v.i0 = top[5]
            v.stack.pop()
        for k in range(16):
            opc, f = (self.opc >> (2 * k)) & 3, self.fc[k]
            if opc == 0 or f['act'] != pc:
                continue
            if opc == 1:
                return f['jmp']
            if len(v.stack) == 8:
                break
            if opc == 3:
                v.stack.append(['jsr', 0, f['last'], f['rtn'], 0, v.i0])
                return f['jmp']
            v.stack.append(['loop', f['jmp'] & 0xFF, f['last'], f['rtn'], f['step'], v.i0])
            if not f['rep']:
                v.i0 = f['init']
            return (pc + 1) % 1024
        if pc == self.last:
            return None
        return (pc + 1) % 1024

    def slots(self):
        masks = [0xF]
        if self.fmt0 & (1 << 16):
            masks.append(0xF)
        masks += [0xF for i in range(4) if self.fmt0 & (1 << (1 + i))]
        for i in range(8):
            n = (self.fmt1 >> (3 * i)) & 7
            if n:
                masks.append((1 << min(n, 4)) - 1)
        return masks

    def vertex(self, recs):
        """exe and vtx records of one vertex given its input records."""
        v = Vertex()
        for (vert, slot, x, y, z, w, wm, vlast, dlast, prim) in recs:
            for k, val in enumerate((x, y, z, w)):
                if wm >> k & 1:
                    v.mem['in'][slot][k] = val
        vert, dlast, prim = recs[-1][0], recs[-1][8], recs[-1][9]
        exe, vtx = [], []
        pc = self.first
        while True:
            w = list(self.code[pc])
            r, err = self.execute(v, w)
            exe.append(tuple([vert, pc] + w + r + [err, v.pred]))
            pc = self.next_pc(v, pc)
            if pc is None:
                break
        masks = self.slots()
        for s, m in enumerate(masks):
            wm = v.written[s] & m
            o = [v.mem['out'][s][k] if wm >> k & 1 else 0 for k in range(4)]
            last = s + 1 == len(masks)
            vtx.append(tuple([vert, s] + o + [wm, int(last), int(last and dlast), prim]))
        return exe, vtx


def reference(lines):
    """(exe records, vtx records) of a stimulus."""
    regws, vins = [], []
    for line in lines:
        f = line.split('#')[0].split()
        if f[:2] == ['in', 'regw']:
            vals = [v for v in f[2:] if not v.startswith('@')]
            regws.append((int(vals[0], 16), int(vals[1], 16)))
        elif f[:2] == ['in', 'vin']:
            vals = [int(v, 16) for v in f[2:] if not v.startswith('@')]
            vins.append(tuple(vals))
    blk = Block()
    exe, vtx = [], []
    vi = 0
    for a, d in regws:
        n = blk.regw(a, d)
        for _ in range(n):
            recs = []
            while vi < len(vins):
                recs.append(vins[vi])
                vi += 1
                if recs[-1][7]:
                    break
            if not recs or not recs[-1][7]:
                return exe, vtx
            e, o = blk.vertex(recs)
            exe += e
            vtx += o
    return exe, vtx


def check(vecdir):
    bad = n = 0
    for stim in sorted(glob.glob(os.path.join(vecdir, 'stim', '*.stim'))):
        name = os.path.basename(stim)[:-5]
        want = reference(open(stim).read().split('\n'))
        got = ([], [])
        for line in open(os.path.join(vecdir, name + '.vec')):
            f = [v for v in line.split() if not v.startswith('@')]
            if line.startswith('out exe '):
                got[0].append(tuple(int(v, 16) for v in f[2:]))
            elif line.startswith('out vtx '):
                got[1].append(tuple(int(v, 16) for v in f[2:]))
        for what, g, w in (('exe record', got[0], want[0]), ('vtx record', got[1], want[1])):
            n += len(w)
            if len(g) != len(w):
                print('%s: %d %ss in the vector, %d in the reference' % (name, len(g), what, len(w)))
                bad += 1
            for i, (x, y) in enumerate(zip(g, w)):
                if x != y:
                    bad += 1
                    print('%s: %s #%d: vector %s, reference %s' % (name, what, i, ' '.join('%x' % v for v in x),
                                                                   ' '.join('%x' % v for v in y)))
                    if what == 'exe record':
                        print('    %s' % disasm(y[2:6]))
    print('%s: %d records checked, %d differ' % ('FAIL' if bad else 'PASS', n, bad))
    return 1 if bad else 0


# ---- disassembly (docs/blocks/r5xx.pvs.md "Disassembly") -----------------------------------------

VOPS = ['VECTOR_NO_OP', 'VE_DOT_PRODUCT', 'VE_MULTIPLY', 'VE_ADD', 'VE_MULTIPLY_ADD', 'VE_DISTANCE_VECTOR',
        'VE_FRACTION', 'VE_MAXIMUM', 'VE_MINIMUM', 'VE_SET_GREATER_THAN_EQUAL', 'VE_SET_LESS_THAN',
        'VE_MULTIPLYX2_ADD', 'VE_MULTIPLY_CLAMP', 'VE_FLT2FIX_DX', 'VE_FLT2FIX_DX_RND', 'VE_PRED_SET_EQ_PUSH',
        'VE_PRED_SET_GT_PUSH', 'VE_PRED_SET_GTE_PUSH', 'VE_PRED_SET_NEQ_PUSH', 'VE_COND_WRITE_EQ',
        'VE_COND_WRITE_GT', 'VE_COND_WRITE_GTE', 'VE_COND_WRITE_NEQ', 'VE_COND_MUX_EQ', 'VE_COND_MUX_GT',
        'VE_COND_MUX_GTE', 'VE_SET_GREATER_THAN', 'VE_SET_EQUAL', 'VE_SET_NOT_EQUAL', 'VE_RESERVED_29',
        'VE_RESERVED_30', 'VE_RESERVED_31']
MOPS = ['ME_RESERVED_0', 'ME_EXP_BASE2_DX', 'ME_LOG_BASE2_DX', 'ME_EXP_BASEE_FF', 'ME_LIGHT_COEFF_DX',
        'ME_POWER_FUNC_FF', 'ME_RECIP_DX', 'ME_RECIP_FF', 'ME_RECIP_SQRT_DX', 'ME_RECIP_SQRT_FF', 'ME_MULTIPLY',
        'ME_EXP_BASE2_FULL_DX', 'ME_LOG_BASE2_FULL_DX', 'ME_POWER_FUNC_FF_CLAMP_B', 'ME_POWER_FUNC_FF_CLAMP_B1',
        'ME_POWER_FUNC_FF_CLAMP_01', 'ME_SIN', 'ME_COS', 'ME_LOG_BASE2_IEEE', 'ME_RECIP_IEEE',
        'ME_RECIP_SQRT_IEEE', 'ME_PRED_SET_EQ', 'ME_PRED_SET_GT', 'ME_PRED_SET_GTE', 'ME_PRED_SET_NEQ',
        'ME_PRED_SET_CLR', 'ME_PRED_SET_INV', 'ME_PRED_SET_POP', 'ME_PRED_SET_RESTORE', 'ME_RESERVED_29',
        'ME_RESERVED_30', 'ME_RESERVED_31']


def _addr(mode, sel, off):
    return '[a0.%s+%d]' % ('xyzw'[sel], off) if mode == 1 else '[i0+%d]' % off if mode == 2 else '[%d]' % off


def _src(s):
    a = _addr(bits(s, 31, 31) * 2 + bits(s, 4, 4), bits(s, 30, 29), bits(s, 12, 5))
    sw = ''.join(('-' if s >> (25 + c) & 1 else '') + 'xyzw01__'[bits(s, 15 + 3 * c, 13 + 3 * c)] for c in range(4))
    t = ('t', 'in', 'c', 'at')[s & 3] + a
    return ('|%s|.%s' if s & 8 else '%s.%s') % (t, sw)


def disasm(w):
    d = w[0]
    op, math, macro = bits(d, 5, 0), bits(d, 6, 6), bits(d, 7, 7)
    if macro:
        name = ('PVS_MACRO_OP_2CLK_MADD', 'PVS_MACRO_OP_2CLK_M2X_ADD')[op] if op < 2 else 'PVS_MACRO_OP_RESERVED'
    elif op > 31:
        name = '%s_%d' % ('ME_RESERVED' if math else 'VE_RESERVED', op)
    else:
        name = (MOPS if math else VOPS)[op]
    flags = (' VE_SAT' if d >> 24 & 1 else '') + (' ME_SAT' if d >> 25 & 1 else '')
    if d >> 26 & 1:
        flags += ' PRED(%d)' % (d >> 27 & 1)
    flags += ' DUAL_MATH_OP' if d >> 28 & 1 else ''
    dt = bits(d, 11, 8)
    dname = ('t', 'a0', 'out', 'outx', 'at', 'in')[dt] if dt < 6 else 'dst%d' % dt
    da = '' if dt == 1 else _addr(bits(d, 12, 12) * 2 + bits(d, 31, 31), bits(d, 30, 29), bits(d, 19, 13))
    mask = ''.join('xyzw'[c] if d >> (20 + c) & 1 else '_' for c in range(4))
    return '%s%s %s%s.%s, %s, %s, %s' % (name, flags, dname, da, mask, _src(w[1]), _src(w[2]), _src(w[3]))


def report(path):
    """The first differing exe record of an rcosim report, as vertex, instruction index and text."""
    text = open(path).read()
    m = re.search(r'channel exe \(out\), transaction #(\d+)', text)
    if not m:
        print('no differing exe record in %s' % path)
        return 1
    fields = {}
    for f in ('vert', 'pc', 'i0', 'i1', 'i2', 'i3'):
        g = re.search(r'^\s*\*?\s*%s\s+0x([0-9a-f]+)' % f, text, re.M)
        if not g:
            print('field %s not in the report' % f)
            return 1
        fields[f] = int(g.group(1), 16)
    print('exe record #%s: vertex %d, instruction %d: %s' % (
        m.group(1), fields['vert'], fields['pc'], disasm([fields[k] for k in ('i0', 'i1', 'i2', 'i3')])))
    return 0


# ---- stimulus files ----------------------------------------------------------------------------

HEADER_CH = ['channel in regw addr:16 data:32',
             'channel in vin vert:16 slot:4 x:32 y:32 z:32 w:32 wmask:4 vlast:1 dlast:1 prim:4']


def src(t, off, swz='xyzw', neg='', ab=False, mode=0, sel=0):
    """A source dword: type 't'/'in'/'c'/'at', offset, swizzle string of xyzw01 (or 6/7 digits)."""
    s = ('t', 'in', 'c', 'at').index(t) | (off << 5) | ((mode & 1) << 4) | ((mode >> 1) << 31) | (sel << 29)
    for c, ch in enumerate(swz):
        s |= ('xyzw01' + '67').index(ch) << (13 + 3 * c) if ch not in '67' else int(ch) << (13 + 3 * c)
    for c in range(4):
        if 'xyzw'[c] in neg:
            s |= 1 << (25 + c)
    return s | (8 if ab else 0)


def dst(op, t, off=0, we='xyzw', sat=False, mode=0, sel=0, math=False, macro=False, extra=0):
    dt = {'t': 0, 'a0': 1, 'out': 2, 'outx': 3, 'at': 4, 'in': 5}.get(t, t)
    d = op | (math << 6) | (macro << 7) | (dt << 8) | ((mode >> 1) << 12) | (off << 13) | (sat << 24)
    d |= (mode & 1) << 31 | sel << 29 | extra
    for c in range(4):
        if 'xyzw'[c] in we:
            d |= 1 << (20 + c)
    return d


def F(x):
    return fbits(x) if isinstance(x, float) else x


class Case:
    def __init__(self, name, title, backpressure='always'):
        self.name, self.title, self.bp = name, title, backpressure
        self.lines = []
        self.vert = 0

    def w(self, addr, data, note=''):
        self.lines.append('in regw %04x %08x%s' % (addr, data & M32, '  # ' + note if note else ''))

    def load(self, index, octs, port=0x2204, note=''):
        self.w(0x2200, index, note or 'VAP_PVS_VECTOR_INDX_REG')
        for o in octs:
            for k, v in enumerate(o):
                self.w(port, F(v), disasm(o) if k == 0 and index < 1024 and port else '')

    def program(self, first, insts, port=0x2204):
        self.w(0x2200, first, 'code at %d' % first)
        for i in insts:
            for k, v in enumerate(i):
                self.w(port, v, disasm(i) if k == 0 else '')

    def window(self, first, last, cbase=0, cmax=255, fmt0=1, fmt1=0):
        self.w(0x22D0, first | (last << 10) | (last << 20), 'VAP_PVS_CODE_CNTL_0 %d..%d' % (first, last))
        self.w(0x22D8, last, 'VAP_PVS_CODE_CNTL_1')
        self.w(0x22D4, cbase | (cmax << 16), 'VAP_PVS_CONST_CNTL')
        self.w(0x2090, fmt0, 'VAP_OUT_VTX_FMT_0')
        self.w(0x2094, fmt1, 'VAP_OUT_VTX_FMT_1')

    def draw(self, verts, prim=4, walk=3, note=''):
        """verts: list of vertices, each a list of (slot, (x, y, z, w)[, wmask])."""
        self.w(0x2084, prim | (walk << 4) | (len(verts) << 16), note or 'VAP_VF_CNTL: %d vertices' % len(verts))
        for i, v in enumerate(verts):
            for j, r in enumerate(v):
                slot, vals = r[0], r[1]
                wm = r[2] if len(r) > 2 else 0xF
                last = j + 1 == len(v)
                self.lines.append('in vin %04x %x %s %x %d %d %x' % (
                    self.vert & 0xFFFF, slot, ' '.join('%08x' % (F(x) & M32) for x in vals), wm, last,
                    last and i + 1 == len(verts), prim))
            self.vert += 1

    def write(self, outdir):
        head = ['# %s: %s' % (self.name, self.title),
                '# written by scripts/blocks/r5xx_pvs_directed.py; the golden vector is ../%s.vec' % self.name,
                '# r5xx_pvs_directed.py --check replays it through its own reference of docs/blocks/r5xx.pvs.md',
                'rcosim-vector 1', 'block r5xx.pvs', 'seed 1', 'backpressure %s' % self.bp, 'mem-latency 1:1']
        with open(os.path.join(outdir, self.name + '.stim'), 'w') as fh:
            fh.write('\n'.join(head + HEADER_CH + self.lines + ['end']) + '\n')


# The PVS programs xf86-video-ati preloads (fact sheet r5xx-shaders.md section 3.2, XATI
# radeon_accel.c:344-753): addresses 0-13, the exact words it writes.
XATI = [
    (0x00F00203, 0x01610001, 0x01248001, 0x01248001),
    (0x00100001, 0x012900C1, 0x01110002, 0x012480C1),
    (0x00200001, 0x012900C1, 0x01110022, 0x012480C1),
    (0x00102202, 0x01240000, 0x01246002, 0x012480C1),
    (0x00202202, 0x01218000, 0x01238022, 0x012480C1),
    (0x00400001, 0x012900E1, 0x01110042, 0x012480E1),
    (0x00800001, 0x012900E1, 0x01110062, 0x012480E1),
    (0x00104202, 0x01244000, 0x01246042, 0x012480C1),
    (0x00204202, 0x01238000, 0x01238062, 0x012480C1),
    (0x00F00203, 0x01610001, 0x01248001, 0x01248001),
    (0x00302203, 0x016100C1, 0x012480C1, 0x012480C1),
    (0x00F00203, 0x01610001, 0x01248001, 0x01248001),
    (0x00F02203, 0x016100C1, 0x012480C1, 0x012480C1),
    (0x00F04203, 0x016100E1, 0x012480E1, 0x012480E1),
]

SPECIALS = [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x00000001, 0x807FFFFF, 0x00800000, 0x7F800000,
            0xFF800000, 0x7FC00000, 0xFFC00001, 0x7F7FFFFF, 0xFF7FFFFF, 0x3F000000, 0xC0200000, 0x3F7FFFFF,
            0x4B000001, 0xCB7FFFFF, 0x3EAAAAAB, 0x40490FDB, 0x00FFFFFF, 0x7F000000, 0x3FC00000, 0xBFC00000]


def xati_init(c, port=0x2204):
    """The 3D init block's PVS part: VAP_CNTL, the flush, the 14 preloaded instructions."""
    c.w(0x2080, 0x00240855, 'VAP_CNTL as XATI writes it on R520/R580 (fact sheet 1.6)')
    c.w(0x2284, 0, 'VAP_PVS_STATE_FLUSH_REG')
    c.program(0, XATI, port)


def quad(x0, y0, x1, y1, s0, t0, s1, t1, two=False):
    """QUAD_LIST vertices as the VAP converts XATI's FLOAT_2 streams: in0 = (x, y, 0, 1),
    in6 = (s, t, 0, 1) [, in7 = (s, t, 0, 1)] (fact sheet 3.2)."""
    vs = []
    for (x, y, s, t) in ((x0, y0, s0, t0), (x1, y0, s1, t0), (x1, y1, s1, t1), (x0, y1, s0, t1)):
        v = [(0, (float(x), float(y), 0.0, 1.0)), (6, (float(s), float(t), 0.0, 1.0))]
        if two:
            v.append((7, (float(s) * 0.5, float(t) * 0.25, 0.0, 1.0)))
        vs.append(v)
    return vs


def cases():
    out = []

    c = Case('xati_composite', 'the XATI EXA Composite PVS program (0-8 with mask, 0-4 without), its '
             'constants (1, 0, 0, 1/w), (0, 1, 0, 1/h) and a Render transform, QUAD_LIST vertices in texel units')
    xati_init(c)
    c.load(1024, [(1.0, 0.0, 0.0, 1.0 / 64), (0.0, 1.0, 0.0, 1.0 / 32), (1.0, 0.0, 0.0, 1.0 / 16),
                  (0.0, 1.0, 0.0, 1.0 / 8)], note='constants 0-3 (two texture units)')
    c.window(0, 8, 0, 3, fmt0=1, fmt1=0x12)
    c.draw(quad(10, 20, 74, 52, 0, 0, 64, 32, two=True), prim=13, note='QUAD_LIST, mask')
    c.window(0, 4, 0, 3, fmt0=1, fmt1=0x2)
    c.draw(quad(-3.5, 7.25, 100.75, 200.5, 1.5, 2.5, 63.5, 31.5), prim=13, note='QUAD_LIST, no mask')
    c.load(1024, [(0.70710677, -0.70710677, 3.0, 1.0 / 3), (0.70710677, 0.70710677, -5.0, 1.0 / 7)],
           note='a Render transform (m00 m01 m02 1/w), (m10 m11 m12 1/h)')
    c.draw(quad(0, 0, 33, 17, 1.1, 2.2, 30.3, 11.7), prim=13, note='QUAD_LIST, transform')
    out.append(c)

    c = Case('xati_xv', 'the XATI Xv programs: 9-10 (out1.xy = in6.xy01) and bicubic 11-13 (out1, out2 '
             'xyzw), one oversized TRI_LIST triangle each')
    xati_init(c)
    c.window(9, 10, fmt0=1, fmt1=0x2)
    c.w(0x22D0, 0x00A02809, 'VAP_PVS_CODE_CNTL_0 as XATI writes it (9..10)')
    tri = [[(0, (-1.0, -1.0, 0.0, 1.0)), (6, (0.0, 0.0, 0.0, 1.0))],
           [(0, (3.0, -1.0, 0.0, 1.0)), (6, (2.0, 0.0, 0.0, 1.0))],
           [(0, (-1.0, 3.0, 0.0, 1.0)), (6, (0.0, 2.0, 0.0, 1.0))]]
    c.draw(tri, prim=4)
    c.window(11, 13, fmt0=1, fmt1=0x24)
    c.w(0x22D0, 0x00D0340B, 'VAP_PVS_CODE_CNTL_0 as XATI writes it (11..13)')
    tri2 = [v + [(7, (12.5, 640.5, 0.0, 1.0))] for v in tri]
    c.draw(tri2, prim=4)
    out.append(c)

    c = Case('loader', 'the loader: a DATA_REG_128 stream of 32-bit writes (Mesa), the code ring 1022 -> 0, '
             'constants wrapping 1535 -> 1024, partial dwords reset by the index, the dropped areas, the clip '
             'slots 1542 -> 1536, 2047 -> 0, unwritten code')
    prog = [(dst(3, 'out', 0), src('in', 0), src('c', 0), src('c', 0, '0000')),
            (dst(3, 'out', 1), src('c', 1), src('c', 1, '0000'), src('c', 1, '0000')),
            (dst(3, 'out', 2), src('c', 2), src('in', 1), src('in', 1, '0000'))]
    c.program(1022, prog, 0x2208)
    c.load(1535, [(0x11111111, 0x22222222, 0x33333333, 0x44444444), (1.0, 2.0, 3.0, 4.0),
                  (0.5, 0.25, 0.125, -0.0)], port=0x2208, note='1535 dropped, wraps to constants 0, 1')
    c.w(0x2204, 0x12345678, 'a stray DATA_REG dword into constant 2, x')
    c.w(0x2204, 0x9ABCDEF0, 'a stray DATA_REG dword into constant 2, y')
    c.w(0x2208, 0x0BADF00D, 'a partial DATA_REG_128 dword, discarded by the index write')
    c.load(1026, [(-1.5, 2.5, -3.5, 4.5)], port=0x2208, note='constant 2 whole')
    c.load(1280, [(9.0, 9.0, 9.0, 9.0)], note='1280: dropped')
    c.load(1541, [(7.0, 7.0, 7.0, 7.0)] * 3, note='clip slots: 1541, 1542, then 1536 (dropped)')
    c.load(1543, [(6.0, 6.0, 6.0, 6.0)] * 2, note='1543, 1544 (dropped)')
    c.window(1022, 0, 0, 2, fmt0=0x1 | 0x2 | 0x4)
    c.draw([[(0, (1.0, 2.0, 3.0, 4.0)), (1, (10.0, 20.0, 30.0, 40.0))]], prim=1)
    c.load(2047, [(0xDEAD, 0xBEEF, 0, 0), prog[0]], note='2047 dropped, wraps to code 0')
    c.window(0, 3, 0, 1, fmt0=0x1)
    c.draw([[(0, (5.0, 6.0, 7.0, 8.0))]], prim=1, note='code 1-3 unwritten: VECTOR_NO_OP')
    out.append(c)

    c = Case('vector_ops', 'every executed vector opcode and both macros on special values (zeros, '
             'denormals, infinities, NaNs, max, halves) through temporaries')
    ops = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 26, 27, 28]
    prog = [(dst(op, 't', i), src('in', 0), src('in', 1), src('in', 2)) for i, op in enumerate(ops)]
    prog += [(dst(0, 't', 20, macro=True), src('in', 0), src('in', 1), src('in', 2)),
             (dst(1, 't', 21, macro=True), src('in', 0), src('in', 1), src('in', 2)),
             (dst(3, 'out', 0), src('t', 3), src('in', 0, '0000'), src('in', 0, '0000'))]
    c.program(100, prog)
    c.window(100, 100 + len(prog) - 1, fmt0=1)
    verts = []
    sp = SPECIALS
    for k in range(12):
        verts.append([(s, tuple(sp[(k * 7 + s * 5 + j * 3) % len(sp)] for j in range(4))) for s in range(3)])
    for k in range(4):
        verts.append([(s, tuple(F(x) for x in ((1.5, -2.25, 3.0, 0.1), (2.0, 0.5, -0.75, 1e10),
                                               (-0.5, 7.0, 1e-30, 2.5))[s])) for s in range(3)])
    c.draw(verts, prim=2)
    out.append(c)

    c = Case('math_ops', 'every math-engine opcode 1-20 (the DX, FF and IEEE variants of RCP, RSQ, LOG, EXP; '
             'POW and its clamps; LIT; SIN and COS of radians with the clamp and the floor) on special and '
             'ordinary values, ME_SAT, and the ME_PRED_SET ops not built yet')
    prog = [(dst(op, 't', i, math=True, sat=False), src('in', 0, 'wwww'), src('in', 1, 'wwww'), src('in', 2, 'wwww'))
            for i, op in enumerate(range(1, 21))]
    prog += [(dst(5, 't', 21, math=True, extra=1 << 25), src('in', 0, 'wwww'), src('in', 1, 'wwww'),
              src('in', 2, 'wwww')),
             (dst(16, 't', 22, math=True), src('in', 0, 'xxxx'), src('in', 0, 'xxxx'), src('in', 0, 'xxxx')),
             (dst(17, 't', 23, math=True), src('in', 0, 'yyyy'), src('in', 0, 'yyyy'), src('in', 0, 'yyyy')),
             (dst(22, 't', 24, math=True), src('in', 0, 'wwww'), src('in', 0, 'wwww'), src('in', 0, 'wwww')),
             (dst(0, 't', 24, math=True), src('in', 0, 'wwww'), src('in', 0, 'wwww'), src('in', 0, 'wwww')),
             (dst(3, 'out', 0), src('t', 4), src('in', 0, '0000'), src('in', 0, '0000'))]
    c.program(700, prog)
    c.window(700, 700 + len(prog) - 1, fmt0=1)
    ws = [0.0, -0.0, 1.0, -1.0, 2.0, 0.5, 3.0, -2.5, 0x00000001, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F7FFFFF,
          128.0, 129.5, -130.0, 1e-20, 3.14159265, -3.14159265, 1.5707964, 0.75, 4.0, 100.0, 1e30, -1e-30,
          0.25, 10.0, 0x40490FDB, 0xC0490FDB, 7.0, 0.999999, 1.0000001]
    verts = []
    for k in range(len(ws)):
        v0 = ws[k]
        v1 = ws[(k * 5 + 3) % len(ws)]
        v2 = ws[(k * 7 + 1) % len(ws)]
        verts.append([(0, (ws[(k + 9) % len(ws)], ws[(k + 13) % len(ws)], 0.0, v0)), (1, (0.0, 0.0, 0.0, v1)),
                      (2, (0.0, 0.0, 0.0, v2))])
    c.draw(verts[:16], prim=1)
    c.draw(verts[16:], prim=1)
    out.append(c)

    c = Case('operands', 'swizzles (incl. 0, 1 and the undefined 6/7), negate, abs, every source type, A0 by '
             'both roundings with the clamps, A0- and loop-relative addressing, constants outside '
             'PVS_MAX_CONST_ADDR, the base offset wrap, write masks, VE_SAT, X replication, input write-back, '
             'destinations outside their memory')
    prog = [
        (dst(3, 't', 0), src('in', 0, 'wzyx', 'xz'), src('in', 0, '0167'), src('in', 0, '0000')),
        (dst(3, 't', 1), src('in', 0, 'xyzw', 'yw', ab=True), src('c', 0, '1111', ab=True, neg='x'), src('t', 0)),
        (dst(13, 'a0', 0, 'xyzw'), src('in', 1), src('in', 1), src('in', 1)),
        (dst(3, 't', 2), src('c', 2, mode=1, sel=0), src('c', 0, mode=1, sel=1), src('t', 0)),
        (dst(3, 't', 3), src('c', 0, mode=1, sel=2), src('c', 0, mode=1, sel=3), src('t', 0)),
        (dst(14, 'a0', 0, 'xyzw'), src('in', 1), src('in', 1), src('in', 1)),
        (dst(3, 't', 4), src('c', 1, mode=1, sel=0), src('c', 1, mode=1, sel=1), src('t', 0)),
        (dst(3, 't', 5), src('in', 2, mode=1, sel=0), src('t', 0, mode=1, sel=1), src('t', 0)),
        (dst(3, 'at', 19), src('in', 0), src('in', 0, '0000'), src('t', 0)),
        (dst(3, 't', 6), src('at', 19, mode=2), src('t', 1, mode=3), src('t', 0)),
        (dst(3, 't', 7, 'x_z_', sat=True), src('in', 0), src('c', 0), src('t', 0)),
        (dst(3, 'outx', 0, 'xyzw', sat=True), src('in', 0, 'yxzw'), src('c', 0, '0000'), src('t', 0)),
        (dst(3, 'out', 1, '_y_w'), src('in', 0), src('in', 0, '0000'), src('t', 0)),
        (dst(3, 'in', 3), src('in', 0, 'wwww'), src('in', 0, '0000'), src('t', 0)),
        (dst(3, 'out', 2), src('in', 3), src('t', 7), src('t', 0)),
        (dst(3, 't', 0, mode=1, sel=0), src('in', 0), src('in', 0), src('t', 0)),
        (dst(3, 'out', 100), src('in', 0), src('in', 0), src('t', 0)),
        (dst(3, 'at', 25), src('in', 0), src('in', 0), src('t', 0)),
        (dst(7, 'a0', 0, 'xy'), src('in', 0), src('in', 0, '0000'), src('t', 0)),
        (dst(3, 'out', 3), src('c', 3, mode=1, sel=0), src('c', 0, mode=1, sel=1), src('t', 0)),
        (dst(3, 't', 8, mode=1, sel=1), src('in', 0), src('in', 0), src('t', 0)),
        (dst(3, 'out', 4), src('t', 8, mode=1, sel=1), src('t', 0, '0000'), src('t', 0)),
    ]
    c.program(500, prog)
    c.load(1024 + 250, [(1.0, 2.0, 3.0, 4.0), (-5.0, 6.0, -7.0, 8.0), (0.25, 0.5, 0.75, 1.0),
                        (10.0, 20.0, 30.0, 40.0), (-1.0, -2.0, -3.0, -4.0), (100.0, 200.0, 300.0, 400.0)],
           note='constants 250-255')
    c.load(1024, [(11.0, 12.0, 13.0, 14.0), (15.0, 16.0, 17.0, 18.0)], note='constants 0-1 (base 250 wraps to them)')
    c.window(500, 500 + len(prog) - 1, cbase=250, cmax=5, fmt0=0x1 | 0x2 | 0x4 | 0x8 | 0x10)
    a0s = [(2.5, -2.5, 300.0, -300.0), (0.49999997, -0.5, 1.5, -1.5000001), (0x7FC00000, 0x7F800000, 0xFF800000, 0x00000001),
           (5.99, -0.0, 255.5, -256.5), (3.0, 1.0, 0.0, 2.0), (4.0, 0.75, -1.0, 7.0)]
    verts = []
    for k, a in enumerate(a0s):
        verts.append([(0, (1.5, -2.0, 0x7FC00000 if k == 2 else 3.25, -0.0)), (1, a),
                      (2, (float(k), 2.0, 3.0, 4.0), 0x7), (4, (9.0, 8.0, 7.0, 6.0), 0x9)])
    c.draw(verts, prim=5)
    out.append(c)

    c = Case('pow_specials', 'every special case of the power (001:6396-6430) through ME_POWER_FUNC_FF and its three '
             'clamps: a zero base with a negative and a positive exponent, a zero exponent, an infinite base, '
             'exponents of +-Inf on bases above and below 1 (and on 1 itself), a negative base, a NaN base')
    prog = [(dst(op, 't', i, math=True), src('in', 0, 'wwww'), src('in', 1, 'wwww'), src('in', 2, 'wwww'))
            for i, op in enumerate((5, 13, 14, 15))]
    prog += [(dst(3, 'out', 0), src('t', 0), src('in', 0, '0000'), src('in', 0, '0000'))]
    c.program(760, prog)
    c.window(760, 760 + len(prog) - 1, fmt0=1)
    inf, ninf, nan = 0x7F800000, 0xFF800000, 0x7FC00000
    pairs = [(2.0, inf), (0.5, inf), (2.0, ninf), (0.5, ninf), (1.0, inf), (1.0, ninf), (inf, 2.0), (inf, -2.0),
             (-2.0, inf), (-0.5, ninf), (0.0, -1.0), (0.0, 3.0), (-0.0, -1.0), (3.0, 0.0), (nan, 2.0), (2.0, nan),
             (inf, inf), (inf, ninf), (0.0, inf), (0.0, ninf)]
    c.draw([[(0, (0.0, 0.0, 0.0, a)), (1, (0.0, 0.0, 0.0, 0.25)), (2, (0.0, 0.0, 0.0, e))] for a, e in pairs], prim=1)
    out.append(c)

    c = Case('a0_clamp', 'A0 written by ADD (x + 0: the float -> address conversion floors it) with exponent 136 (512 <= |x| < 1024): clamped to '
             '255 / -256 like any larger one, also where floor(x) = -1024 (-1023.5); each lane of A0 addresses a '
             'constant (rcosim mutate seed 29\'s survivor m1228: r5xx_pvs_f2a\'s e >= 136 as e >= 137)')
    prog = [
        (dst(3, 'a0', 0, 'xyzw'), src('in', 1), src('in', 1, '0000'), src('t', 0)),
        (dst(3, 'out', 0), src('c', 0, mode=1, sel=0), src('c', 0, mode=1, sel=1), src('t', 0)),
        (dst(3, 'out', 1), src('c', 0, mode=1, sel=2), src('c', 0, mode=1, sel=3), src('t', 0)),
    ]
    c.program(960, prog)
    c.load(1024, [(11.0, 12.0, 13.0, 14.0), (15.0, 16.0, 17.0, 18.0)], note='constants 0-1')
    c.window(960, 960 + len(prog) - 1, cmax=255, fmt0=0x3)
    c.draw([[(0, (1.0, 2.0, 3.0, 4.0)), (1, (-1023.5, 700.0, -600.25, 1023.75))],
            [(0, (1.0, 2.0, 3.0, 4.0)), (1, (-1023.0, 512.0, -512.5, 0.0))]], prim=3)
    out.append(c)

    c = Case('a0_floor', 'A0 written by ADD (x + 0) with small negative values: integers (-3, -1, -8, -7: floor adds '
             'nothing) and values whose only fraction bit is the lowest mantissa bit (-(1 + 2^-23) = 0xBF800001 -> -2, '
             '-(2 + 2^-22) = 0xC0000001 -> -3, -(4 + 2^-21) = 0xC0800001 -> -5; 0xBF800003 -> -2); '
             'each lane of A0 addresses constant 8 + A0 (rcosim mutate seed 29\'s survivor m1228: r5xx_pvs_f2a\'s '
             'fraction test (mant & fmask) != 0 as != 1)')
    prog = [
        (dst(3, 'a0', 0, 'xyzw'), src('in', 1), src('in', 1, '0000'), src('t', 0)),
        (dst(3, 'out', 0), src('c', 8, mode=1, sel=0), src('c', 8, mode=1, sel=1), src('t', 0)),
        (dst(3, 'out', 1), src('c', 8, mode=1, sel=2), src('c', 8, mode=1, sel=3), src('t', 0)),
    ]
    c.program(960, prog)
    c.load(1024, [tuple(float(2 ** k + j) for j in range(4)) for k in range(10)], note='constants 0-9: 2^k + component')
    c.window(960, 960 + len(prog) - 1, cmax=255, fmt0=0x3)
    c.draw([[(0, (1.0, 2.0, 3.0, 4.0)), (1, (-3.0, 0xBF800001, 0xC0000001, -1.0))],
            [(0, (1.0, 2.0, 3.0, 4.0)), (1, (0xBF800003, -8.0, -7.0, 0xC0800001))]], prim=3)
    out.append(c)

    c = Case('refusals', 'the instructions this block refuses: DUAL_MATH_OP (err 1), reserved vector and math '
             'opcodes, macros and destination types (err 2), VECTOR_NO_OP; the program goes on after each')
    prog = [
        (dst(3, 't', 0, extra=1 << 28), src('in', 0), src('in', 0), src('in', 0)),
        (dst(29, 't', 1), src('in', 0), src('in', 0), src('in', 0)),
        (dst(45, 't', 1), src('in', 0), src('in', 0), src('in', 0)),
        (dst(5, 't', 1, macro=True), src('in', 0), src('in', 0), src('in', 0)),
        (dst(3, 7, 1), src('in', 0), src('in', 0), src('in', 0)),
        (dst(0, 't', 1, math=True), src('in', 0), src('in', 0), src('in', 0)),
        (dst(29, 't', 1, math=True), src('in', 0), src('in', 0), src('in', 0)),
        (dst(63, 't', 1, math=True), src('in', 0), src('in', 0), src('in', 0)),
        (dst(0, 't', 1), src('in', 0), src('in', 0), src('in', 0)),
        (dst(3, 'out', 0), src('in', 0), src('t', 0), src('t', 1)),
        (dst(3, 'out', 1), src('t', 1), src('in', 0), src('t', 1)),
    ]
    c.program(900, prog)
    c.window(900, 900 + len(prog) - 1, fmt0=0x3)
    c.draw([[(0, (1.0, 2.0, 3.0, 4.0))], [(0, (-1.0, 0.5, 0.0, 8.0))]], prim=3)
    out.append(c)

    c = Case('predication', 'the seed\'s nested if/else through the predicate bit and a false-branch counter '
             '(ME_PRED_SET_EQ, VE_PRED_SET_GT/GTE_PUSH, ME_PRED_SET_INV, ME_PRED_SET_POP, predicated writes of '
             'either sense, 001:5388-5430), the other PRED_SET ops, VE_COND_WRITE and VE_COND_MUX (001:6162-6232), '
             'predicated A0, output and input writes')
    P = (1 << 26) | (1 << 27)            # PRED_ENABLE, PRED_SENSE 1
    prog = [
        (dst(3, 'out', 0), src('in', 0), src('in', 0, '0000'), src('in', 0, '0000')),
        (dst(21, 't', 0, 'w', math=True), src('in', 0, 'xxxx'), src('in', 0, 'xxxx'), src('in', 0, 'xxxx')),
        (dst(16, 't', 0, 'w'), src('t', 0, '000w'), src('in', 0, '000y'), src('t', 0, '000w')),
        (dst(3, 'out', 1, extra=P), src('c', 0), src('c', 0, '0000'), src('c', 0, '0000')),
        (dst(26, 't', 0, 'w', math=True), src('t', 0, '000w'), src('t', 0, '000w'), src('t', 0, '000w')),
        (dst(3, 'out', 1, extra=P), src('c', 1), src('c', 1, '0000'), src('c', 1, '0000')),
        (dst(27, 't', 0, 'w', math=True), src('t', 0, '000w'), src('t', 0, '000w'), src('t', 0, '000w')),
        (dst(26, 't', 0, 'w', math=True), src('t', 0, '000w'), src('t', 0, '000w'), src('t', 0, '000w')),
        (dst(17, 't', 0, 'w'), src('t', 0, '000w'), src('in', 0, '000z'), src('t', 0, '000w')),
        (dst(3, 'out', 1, extra=P), src('c', 2), src('c', 2, '0000'), src('c', 2, '0000')),
        (dst(26, 't', 0, 'w', math=True), src('t', 0, '000w'), src('t', 0, '000w'), src('t', 0, '000w')),
        (dst(3, 'out', 1, extra=P), src('c', 3), src('c', 3, '0000'), src('c', 3, '0000')),
        (dst(27, 't', 0, 'w', math=True), src('t', 0, '000w'), src('t', 0, '000w'), src('t', 0, '000w')),
        (dst(27, 't', 0, 'w', math=True), src('t', 0, '000w'), src('t', 0, '000w'), src('t', 0, '000w')),
        (dst(3, 'out', 2, 'x', extra=1 << 26), src('t', 0, 'wwww'), src('c', 0), src('c', 0)),
        (dst(19, 'out', 3), src('in', 1), src('c', 1), src('c', 1)),
        (dst(20, 'out', 3), src('in', 1), src('c', 2), src('c', 2)),
        (dst(21, 'out', 4), src('in', 1), src('c', 3), src('c', 3)),
        (dst(22, 'out', 5), src('in', 1), src('c', 0), src('c', 0)),
        (dst(23, 'out', 6), src('in', 1), src('c', 0), src('c', 1)),
        (dst(24, 'at', 0), src('in', 1), src('c', 0), src('c', 1)),
        (dst(25, 'out', 7), src('in', 1), src('at', 0), src('c', 2)),
        (dst(15, 't', 1), src('in', 1, 'xyzx'), src('in', 1, 'xyzx'), src('t', 0)),
        (dst(18, 't', 2), src('in', 1, 'xyzy'), src('in', 1, 'xyzy'), src('t', 0)),
        (dst(22, 't', 3, math=True), src('in', 1, 'zzzz'), src('in', 1), src('in', 1)),
        (dst(23, 't', 3, math=True), src('in', 1, 'yyyy'), src('in', 1), src('in', 1)),
        (dst(24, 't', 3, math=True), src('in', 1, 'xxxx'), src('in', 1), src('in', 1)),
        (dst(13, 'a0', 0, extra=P), src('c', 3), src('c', 3), src('c', 3)),
        (dst(3, 'in', 2, extra=P), src('c', 3), src('c', 3), src('c', 3)),
        (dst(25, 't', 4, math=True), src('in', 1), src('in', 1), src('in', 1)),
        (dst(3, 'out', 8, extra=(1 << 26)), src('c', 1, mode=1), src('in', 2), src('in', 2)),
        (dst(28, 't', 5, math=True), src('in', 1, 'wwww'), src('in', 1), src('in', 1)),
        (dst(3, 'out', 9, extra=P), src('c', 2), src('in', 2), src('in', 2)),
    ]
    c.program(200, prog)
    c.load(1024, [(1.0, 1.0, 1.0, 1.0), (2.0, 2.0, 2.0, 2.0), (3.0, 3.0, 3.0, 3.0), (4.0, 4.0, 4.0, 4.0)],
           note='C, D, E, F')
    c.window(200, 200 + len(prog) - 1, cmax=3, fmt0=0x1 | 0x1E, fmt1=0o44444)
    A = [(0.0, 1.0, 5.0, 0.0), (0.0, -1.0, 5.0, 0.0), (-0.0, 0.0, 5.0, 0.0), (1.0, 7.0, 0.0, 1.0),
         (2.0, 7.0, -3.0, 0.0), (0x7FC00000, 1.0, 1.0, 1.0), (0.0, 0x7FC00000, 0x7FC00000, 1.0),
         (0x00000001, 2.0, -0.0, 2.0)]
    B = [(0.0, 1.0, -1.0, 0x7FC00000), (-2.0, 0.0, 3.0, 0.0), (1.0, 1.0, 1.0, 1.0), (0x80000000, -0.5, 0.5, 1.0)]
    c.draw([[(0, A[k]), (1, B[k % len(B)]), (2, (9.0, 9.0, 9.0, 9.0))] for k in range(len(A))], prim=4)
    out.append(c)

    c = Case('flow', 'flow control: a JUMP over instructions, a LOOP of 3 with the loop index (init 2, step 3) '
             'addressing constants, inputs and a temporary, a nested loop with REPEAT_NO_FLI and a negative step, '
             'a JSR to a subroutine past PVS_LAST_INST called from inside the loop, a loop count 0 (runs once), '
             'nine nested calls (the ninth is not entered), a backward JUMP ended by the 4096-instruction cap')
    add1 = lambda t, off, sw='xyzw': (dst(3, 't', t), src('t', t), src('c', off, sw, mode=2), src('t', 0))  # noqa
    prog = [
        (dst(3, 't', 1), src('in', 0), src('in', 0, '0000'), src('t', 0)),                       # 0
        (dst(3, 'out', 0), src('c', 9), src('c', 9), src('t', 0)),                              # 1 JUMP -> 4
        (dst(3, 'out', 0), src('c', 9), src('c', 9), src('t', 0)),                              # 2 skipped
        (dst(3, 'out', 0), src('c', 9), src('c', 9), src('t', 0)),                              # 3 skipped
        add1(1, 0),                                                                               # 4 LOOP 3: 5..8
        add1(1, 0, 'xxxx'),                                                                       # 5
        (dst(3, 't', 2, mode=2), src('in', 0, mode=2), src('t', 0), src('t', 0)),               # 6 t[i0] = in[i0]
        (dst(3, 't', 3), src('t', 3), src('c', 20, '1111'), src('t', 0)),                        # 7 LOOP repeat: 8
        (dst(3, 't', 4), src('t', 4), src('c', 0, 'xxxx', mode=2), src('t', 0)),                 # 8 (JSR at 8)
        (dst(3, 'out', 1), src('t', 1), src('t', 3), src('t', 0)),                               # 9
        (dst(3, 'out', 2), src('t', 4), src('t', 6), src('t', 0)),                               # 10 loop count 0
        (dst(3, 'out', 3), src('t', 5), src('t', 2), src('t', 0)),                               # 11 LAST_INST
        (dst(3, 't', 6), src('t', 6), src('c', 20, '1111'), src('t', 0)),                        # 12 subroutine
        (dst(3, 't', 5), src('t', 5), src('c', 0, 'wwww', mode=2), src('t', 0)),                 # 13 ret
    ]
    first = 40
    c.program(first, prog)
    c.load(1024, [(float(i), float(10 * i), float(100 * i), float(1000 * i)) for i in range(21)],
           note='constants 0-20: (i, 10i, 100i, 1000i)')
    c.window(first, first + 11, cmax=20, fmt0=0x1 | 0x6)
    fc = [(1, first + 1, first + 4, 0, 0, 0, 0, 0),          # JUMP at 1 -> 4
          (2, first + 4, 3, first + 9, first + 5, 2, 3, 0),    # LOOP 3 after 4: 5..9, i0 = 2, +3
          (2, first + 7, 2, first + 8, first + 8, 0, 0xFF, 1),  # LOOP 2 after 7: 8..8, repeat, step -1
          (3, first + 8, first + 12, first + 13, first + 9, 0, 0, 0),  # JSR after 8 -> 12..13
          (2, first + 10, 0, first + 11, first + 11, 9, 1, 0)]  # LOOP count 0 after 10: 11
    opc = 0
    for k, (o, act, jc, last, rtn, init, step, rep) in enumerate(fc):
        opc |= o << (2 * k)
        c.w(0x2500 + 8 * k, act | (jc << 16), 'FLOW_CNTL_ADDRS_LW_%d' % k)
        c.w(0x2504 + 8 * k, last | (rtn << 16), 'FLOW_CNTL_ADDRS_UW_%d' % k)
        c.w(0x2290 + 4 * k, init | (step << 8) | (rep << 31), 'FLOW_CNTL_LOOP_INDEX_%d' % k)
    c.w(0x22DC, opc, 'VAP_PVS_FLOW_CNTL_OPC')
    c.draw([[(0, (1.0, 2.0, 3.0, 4.0)), (2, (5.0, 6.0, 7.0, 8.0)), (5, (9.0, 10.0, 11.0, 12.0)),
             (8, (13.0, 14.0, 15.0, 16.0))]], prim=1)
    # nine nested calls: slot k calls the next instruction's subroutine; the ninth is not entered
    prog2 = [(dst(3, 't', 0), src('t', 0), src('c', 20, '1111'), src('t', 0)) for _ in range(12)]
    prog2.append((dst(3, 'out', 0), src('t', 0), src('t', 0, '0000'), src('t', 0)))
    c.program(100, prog2)
    opc = 0
    for k in range(9):
        opc |= 3 << (2 * k)
        c.w(0x2500 + 8 * k, (100 + k) | ((100 + k + 1) << 16))
        c.w(0x2504 + 8 * k, (100 + 11) | ((100 + 12) << 16))
    c.w(0x22DC, opc, 'VAP_PVS_FLOW_CNTL_OPC: nine JSRs')
    c.window(100, 112, cmax=20, fmt0=0x1)
    c.draw([[(0, (1.0, 0.0, 0.0, 1.0))]], prim=1)
    # a backward JUMP: the program runs until the cap
    c.w(0x2500, 101 | (100 << 16), 'JUMP 101 -> 100 (backward)')
    c.w(0x22DC, 1, 'VAP_PVS_FLOW_CNTL_OPC: one JUMP')
    c.draw([[(0, (1.0, 0.0, 0.0, 1.0))]], prim=1)
    c.w(0x22DC, 0, 'VAP_PVS_FLOW_CNTL_OPC: none')
    out.append(c)

    c = Case('backpressure', 'the XATI composite program and the vector_ops program under random back-pressure',
             backpressure='random:0.5')
    xati_init(c, 0x2208)
    c.load(1024, [(1.0, 0.0, 0.0, 1.0 / 64), (0.0, 1.0, 0.0, 1.0 / 32), (1.0, 0.0, 0.0, 1.0 / 16),
                  (0.0, 1.0, 0.0, 1.0 / 8)], port=0x2208)
    c.window(0, 8, 0, 3, fmt0=1, fmt1=0x12)
    c.draw(quad(1, 2, 3, 4, 5, 6, 7, 8, two=True), prim=13)
    ops = [1, 2, 3, 4, 7, 8, 9, 10, 26]
    prog = [(dst(op, 'out', 0), src('in', 0), src('in', 1), src('in', 2)) for op in ops]
    c.program(300, prog)
    c.window(300, 300 + len(prog) - 1, fmt0=0x3)
    c.draw([[(s, tuple(SPECIALS[(k + s * 3 + j) % len(SPECIALS)] for j in range(4))) for s in range(3)]
            for k in range(6)], prim=6)
    out.append(c)

    c = Case('slots', 'several vertices in flight (VAP_CNTL.PVS_NUM_SLOTS 1, 2, 3, 12 (too high: 3) and 0 (as 1), '
             'docs/blocks/r5xx.pvs.md "Vertices in flight") under random back-pressure: each vertex reads a '
             'temporary, an alternate temporary, A0 and the predicate before writing them (0 for every vertex), '
             'writes and reads back its input memory, and its outputs depend on its own inputs only; then a '
             'one-instruction program with six output slots (the output stage the bottleneck)',
             backpressure='random:0.5')
    P0 = 1 << 26                         # PRED_ENABLE, PRED_SENSE 0
    prog = [
        (dst(3, 'out', 0), src('in', 0), src('t', 1), src('in', 0, '0000')),         # in0 + t1 (t1 still 0)
        (dst(2, 't', 1), src('in', 1), src('in', 1), src('in', 1)),                  # t1 = in1 * in1
        (dst(3, 'in', 3), src('t', 1), src('in', 2), src('in', 2)),                  # in3 = t1 + in2
        (dst(3, 'out', 1), src('in', 3), src('at', 0), src('in', 3)),                # in3 + at0 (at0 still 0)
        (dst(3, 'at', 0), src('in', 1), src('in', 1, '0000'), src('in', 1)),         # at0 = in1
        (dst(3, 'out', 2, extra=P0), src('in', 2), src('c', 0, mode=1), src('in', 2)),  # pred 0: in2 + c[a0.x]
        (dst(13, 'a0', 0), src('in', 2), src('in', 2), src('in', 2)),                # a0 = floor(in2)
        (dst(3, 'out', 3), src('c', 0, mode=1), src('at', 0), src('c', 0)),          # c[a0.x] + at0
        (dst(24, 't', 0, 'w', math=True), src('in', 1, 'wwww'), src('in', 1), src('in', 1)),  # pred = in1.w != 0
        (dst(3, 'out', 2, 'w', extra=P0), src('c', 3), src('c', 3, '0000'), src('c', 3)),  # held off when in1.w != 0
    ]
    c.program(64, prog)
    c.load(1024, [(1.0, 2.0, 3.0, 4.0), (10.0, 20.0, 30.0, 40.0), (100.0, 200.0, 300.0, 400.0),
                  (-1.0, -2.0, -3.0, -4.0)], note='constants 0-3')
    c.window(64, 64 + len(prog) - 1, cmax=3, fmt0=0x1 | 0xE)
    k = [0]

    def verts(n, nrec=3):
        vs = []
        for _ in range(n):
            i = k[0]
            k[0] += 1
            v = [(0, (float(i), float(i) + 0.5, -float(i), 1.0)),
                 (1, (0.5 * i, 2.0, float(i % 3), float(i % 2))),
                 (2, (float(i % 4), float(i % 4) + 0.25, 8.0, -8.0))]
            vs.append(v[:nrec] if nrec >= 2 else [(0, v[0][1]), (1, v[1][1], 0x3)])
        return vs
    for slots, n in ((1, 5), (2, 6), (3, 7), (0x4C, 7), (0, 3)):
        c.w(0x2284, 0, 'VAP_PVS_STATE_FLUSH_REG (the seed asks for one before NUM_SLOTS changes, 001:4603)')
        c.w(0x2080, slots, 'VAP_CNTL: PVS_NUM_SLOTS %d, PVS_NUM_CNTLRS %d' % (slots & 15, slots >> 4))
        c.draw(verts(n - 2) + verts(2, 1), prim=4)
    c.program(80, [(dst(3, 'out', 0), src('in', 0), src('in', 0, '0000'), src('in', 0)),
                   (dst(3, 'out', 5), src('in', 1), src('in', 0, '0000'), src('in', 0))])
    c.window(80, 81, cmax=3, fmt0=0x1 | 0x1E, fmt1=0o4)
    c.w(0x2080, 0x0055, 'VAP_CNTL: PVS_NUM_SLOTS 5, PVS_NUM_CNTLRS 5')
    c.draw(verts(8, 2), prim=5)
    out.append(c)
    return out


def main(argv):
    return chk.main(argv, __doc__, check, cases,
                    {'--disasm': (4, lambda *w: print(disasm([int(x, 16) for x in w])) or 0),
                     '--report': (1, report)})


if __name__ == '__main__':
    sys.exit(main(sys.argv))
