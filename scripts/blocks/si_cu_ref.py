#!/usr/bin/env python3
"""si_cu_ref.py - an independent ISA reference of si.cu written from docs/blocks/si.cu.md alone.

Executes every dispatch of a vector file (the regw inputs in file order, the mem preload) one
instruction at a time as the document defines it (§2 wave start, §3 wave switching and barriers,
§4 formats/operands/checks/opcodes, §5 execution (MUBUF sub-dword, x2-x4 and atomic_add; DS
read2/write2 and atomics; v_readfirstlane_b32), §6 retire records) and yields the ordered
retire records, memory writes and eod records; the cycle stamps are not modelled.

    refs = run(vec)   -> {'retire': [tuple], 'write': [(addr, wdata, be)], 'eod': [tuple]}
"""
import struct

try:
    from blocks import prim_sf_ref as sf
except ImportError:                                  # run from scripts/blocks itself
    import prim_sf_ref as sf

M32, M64 = 0xFFFFFFFF, (1 << 64) - 1
VCC, M0, EXEC = 106, 124, 126
NSLOT = 8            # wave slots (docs/blocks/si.cu.md §3): a group of more than NSLOT waves is not run
NONE = 0x3FF
CANON_NAN = 0x7FC00000


class Err(Exception):
    pass


def sx(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def rotl(h):
    return ((h << 1) | (h >> 31)) & M32


def hsh(words):
    h = 0
    for d in words:
        h = rotl(h) ^ (d & M32)
    return h


# ---- binary32 (§5.4) -------------------------------------------------------------------------

def f_is_nan(x):
    return (x >> 23) & 0xFF == 0xFF and x & 0x7FFFFF


def f_is_inf(x):
    return (x >> 23) & 0xFF == 0xFF and not x & 0x7FFFFF


def flush(x):
    return x & 0x80000000 if (x >> 23) & 0xFF == 0 else x


def f_exact(x):
    """(sign, mant, exp) with value = mant * 2**exp (finite x)."""
    s, e, m = x >> 31, (x >> 23) & 0xFF, x & 0x7FFFFF
    if e == 0:
        return s, m, -149
    return s, m | 0x800000, e - 150


def f_round(s, m, e):
    """RNE of (-1)^s * m * 2^e to binary32 bits, subnormals kept, overflow to infinity."""
    if m == 0:
        return s << 31
    # normalise so that m has exactly 24 bits + guard handling
    nb = m.bit_length()
    # exponent of the leading bit: e + nb - 1; target unbiased exponent E
    E = e + nb - 1
    if E < -126:
        shift = -149 - e          # quantum 2^-149
    else:
        shift = (E - 23) - e      # keep 24 bits
    if shift > 0:
        q, r = m >> shift, m & ((1 << shift) - 1)
        half = 1 << (shift - 1)
        if r > half or (r == half and q & 1):
            q += 1
        m, e = q, e + shift
    elif shift < 0:
        m, e = m << -shift, e + shift
    # now value = m * 2^e with e = quantum
    if m == 0:
        return s << 31
    if m >> 24:                    # rounding carried out
        m >>= 1
        e += 1
    if m >> 23:                    # normal
        E = e + 23
        if E > 127:
            return (s << 31) | 0x7F800000
        return (s << 31) | ((E + 127) << 23) | (m & 0x7FFFFF)
    return (s << 31) | m           # subnormal (e == -149)


def f_mul_raw(a, b):
    if f_is_nan(a) or f_is_nan(b):
        return CANON_NAN
    s = (a ^ b) >> 31
    if f_is_inf(a) or f_is_inf(b):
        if (a & M32 & 0x7FFFFFFF) == 0 or (b & 0x7FFFFFFF) == 0:
            return CANON_NAN
        return (s << 31) | 0x7F800000
    _, ma, ea = f_exact(a)
    _, mb, eb = f_exact(b)
    return f_round(s, ma * mb, ea + eb)


def f_add_raw(a, b):
    if f_is_nan(a) or f_is_nan(b):
        return CANON_NAN
    if f_is_inf(a) or f_is_inf(b):
        if f_is_inf(a) and f_is_inf(b) and (a ^ b) >> 31:
            return CANON_NAN
        return a if f_is_inf(a) else b
    sa, ma, ea = f_exact(a)
    sb, mb, eb = f_exact(b)
    e = min(ea, eb)
    va = (ma << (ea - e)) * (-1 if sa else 1)
    vb = (mb << (eb - e)) * (-1 if sb else 1)
    v = va + vb
    if v == 0:
        return 0x80000000 if (sa and sb) else 0   # RNE: x + (-x) = +0, -0 + -0 = -0
    return f_round(1 if v < 0 else 0, abs(v), e)


class FP:
    def __init__(self, fin, fout):
        self.fin, self.fout = fin, fout

    def i(self, x):
        return flush(x) if self.fin else x

    def o(self, x):
        if f_is_nan(x):
            return CANON_NAN
        return flush(x) if self.fout else x

    def mul(self, a, b):
        return self.o(f_mul_raw(self.i(a), self.i(b)))

    def add(self, a, b):
        return self.o(f_add_raw(self.i(a), self.i(b)))

    def sub(self, a, b):
        return self.o(f_add_raw(self.i(a), self.i(b) ^ 0x80000000))

    def mad(self, a, b, c):
        return self.add(self.mul(a, b), c)

    def lt0(self, a, b):
        """a < b with -0 below +0 (min/max ordering)."""
        return f_key(a) < f_key(b)

    def minmax(self, a, b, is_max):
        a, b = self.i(a), self.i(b)
        na, nb = f_is_nan(a), f_is_nan(b)
        if na and nb:
            return CANON_NAN
        if na:
            return self.o(b)
        if nb:
            return self.o(a)
        if is_max:
            r = a if self.lt0(b, a) else b
        else:
            r = a if self.lt0(a, b) else b
        return self.o(r)


def f_val(x):
    s, m, e = f_exact(x)
    from fractions import Fraction
    if f_is_inf(x):
        return float('-inf') if s else float('inf')
    v = Fraction(m) * (Fraction(2) ** e)
    return -v if s else v


def f_key(x):
    """ordering key with -0 below +0 (finite or inf, not NaN)."""
    v = f_val(x)
    return (v, 0 if x >> 31 else 1)


def f_cmp(a, b):
    """(lt, eq, gt, unordered) with -0 == +0."""
    if f_is_nan(a) or f_is_nan(b):
        return False, False, False, True
    va, vb = f_val(a), f_val(b)
    return va < vb, va == vb, va > vb, False


def cvt_f32_int(v):
    """RNE of an integer to binary32."""
    if v == 0:
        return 0
    return f_round(1 if v < 0 else 0, abs(v), 0)


def cvt_i32_f32(x):
    x = flush(x)
    if f_is_nan(x):
        return 0
    if f_is_inf(x):
        return 0x7FFFFFFF if not x >> 31 else 0x80000000
    v = f_val(x)
    if v >= 2 ** 31:
        return 0x7FFFFFFF
    if v <= -2 ** 31:
        return 0x80000000
    return int(v) & M32   # int() truncates toward zero


def cvt_u32_f32(x):
    x = flush(x)
    if f_is_nan(x) or x >> 31:
        return 0
    if f_is_inf(x):
        return 0xFFFFFFFF
    v = f_val(x)
    if v >= 2 ** 32:
        return 0xFFFFFFFF
    return int(v)


# ---- wave state ------------------------------------------------------------------------------

class Wave:
    def __init__(self):
        self.s = [0] * 104
        self.v = [[0] * 64 for _ in range(32)]
        self.vcc = self.exec = 0
        self.m0 = self.scc = 0
        self.pc = 0
        self.num = 0
        self.state = 'run'   # run, wait, done

    # scalar operand reads (§4.2)
    def sread(self, c, lit=None):
        if c < 104:
            return self.s[c]
        if c == 106:
            return self.vcc & M32
        if c == 107:
            return self.vcc >> 32
        if c == 124:
            return self.m0
        if c == 126:
            return self.exec & M32
        if c == 127:
            return self.exec >> 32
        if 128 <= c <= 192:
            return c - 128
        if 193 <= c <= 208:
            return (-(c - 192)) & M32
        if 240 <= c <= 247:
            return [0x3F000000, 0xBF000000, 0x3F800000, 0xBF800000, 0x40000000, 0xC0000000,
                    0x40800000, 0xC0800000][c - 240]
        if c == 251:
            return int(self.vcc == 0)
        if c == 252:
            return int(self.exec == 0)
        if c == 253:
            return self.scc
        if c == 255 and lit is not None:
            return lit
        raise Err('not readable %d' % c)

    def sread64(self, c):
        if c <= 127:
            return self.sread(c) | (self.sread(c + 1) << 32)
        if 128 <= c <= 208:
            return self.sread(c) | ((M32 << 32) if 193 <= c else 0)
        if 240 <= c <= 247:
            return [0x3FE0, 0xBFE0, 0x3FF0, 0xBFF0, 0x4000, 0xC000, 0x4010, 0xC010][c - 240] << 48
        if c in (251, 252, 253):
            return self.sread(c)
        raise Err('not readable64 %d' % c)

    @staticmethod
    def writable(c):
        return c < 104 or c in (106, 107, 124, 126, 127)

    def swrite(self, c, val):
        val &= M32
        if c < 104:
            self.s[c] = val
        elif c == 106:
            self.vcc = (self.vcc & (M32 << 32)) | val
        elif c == 107:
            self.vcc = (self.vcc & M32) | (val << 32)
        elif c == 124:
            self.m0 = val
        elif c == 126:
            self.exec = (self.exec & (M32 << 32)) | val
        elif c == 127:
            self.exec = (self.exec & M32) | (val << 32)
        else:
            raise Err('not writable %d' % c)


def check_w(c, wide=False):
    if not Wave.writable(c) or (wide and not Wave.writable(c + 1)):
        raise Err('dst not writable')


# ---- the dispatch engine ---------------------------------------------------------------------

class CU:
    def __init__(self, mem):
        self.mem = dict(mem)
        self.regs = {}
        self.dim = [0] * 3
        self.start = [0] * 3
        self.nt = [0] * 3
        self.pgm_lo = self.rsrc1 = self.rsrc2 = 0
        self.user = [0] * 16
        self.retire, self.writes, self.eod = [], [], []

    def rd(self, a):
        return self.mem.get(a & 0xFFFFFFFC, 0)

    def regw(self, addr, data):
        if addr == 0xB800:
            if data & 1:
                self.dispatch()
            return
        if 0xB804 <= addr <= 0xB80C:
            self.dim[(addr - 0xB804) >> 2] = data
        elif 0xB810 <= addr <= 0xB818:
            self.start[(addr - 0xB810) >> 2] = data
        elif 0xB81C <= addr <= 0xB824:
            self.nt[(addr - 0xB81C) >> 2] = data & 0xFFFF
        elif addr == 0xB830:
            self.pgm_lo = data
        elif addr == 0xB848:
            self.rsrc1 = data
        elif addr == 0xB84C:
            self.rsrc2 = data
        elif 0xB900 <= addr <= 0xB93C and addr & 3 == 0:
            self.user[(addr - 0xB900) >> 2] = data

    def dispatch(self):
        ntx, nty, ntz = self.nt
        nthreads = ntx * nty * ntz
        nwaves = (nthreads + 63) // 64
        if nthreads == 0 or any(self.dim[k] <= self.start[k] for k in range(3)):
            self.eod.append((0, 0))
            return
        if nwaves > NSLOT:
            self.eod.append((0, 1))
            return
        fm = (self.rsrc1 >> 12) & 0xFF
        self.fp = FP(not (fm >> 4) & 1, not (fm >> 5) & 1)
        r2 = self.rsrc2
        usgpr = (r2 >> 1) & 0x1F
        tgen = [(r2 >> 7) & 1, (r2 >> 8) & 1, (r2 >> 9) & 1]
        tidig = (r2 >> 11) & 3
        self.lds_lim = min(((r2 >> 15) & 0x1FF) * 512, 16384)
        done, errs = 0, 0
        for gz in range(self.start[2], self.dim[2]):
            for gy in range(self.start[1], self.dim[1]):
                for gx in range(self.start[0], self.dim[0]):
                    self.lds = [0] * 4096
                    waves = []
                    tx = ty = tz = 0
                    for w in range(nwaves):
                        wv = Wave()
                        wv.num = done + w
                        n = 0
                        for i in range(min(usgpr, 16)):
                            wv.s[i] = self.user[i]
                            n += 1
                        for k, g in enumerate((gx, gy, gz)):
                            if tgen[k]:
                                wv.s[n] = g & M32
                                n += 1
                        wv.pc = (self.pgm_lo << 8) & M32
                        for L in range(64):
                            t = 64 * w + L
                            wv.v[0][L] = tx & M32
                            if tidig >= 1:
                                wv.v[1][L] = ty & M32
                            if tidig >= 2:
                                wv.v[2][L] = tz & M32
                            if t < nthreads:
                                wv.exec |= 1 << L
                            tx += 1
                            if tx == ntx:
                                tx = 0
                                ty += 1
                                if ty == nty:
                                    ty = 0
                                    tz += 1
                        waves.append(wv)
                    errs += self.run_group(waves)
                    done += nwaves
        self.eod.append((done & 0xFFFF, errs & 0xFFFF))

    def run_group(self, waves):
        n = len(waves)
        cur = n - 1
        errs = 0
        while True:
            pick = None
            for k in range(1, NSLOT + 1):
                c = (cur + k) % NSLOT
                if c < n and waves[c].state == 'run':
                    pick = c
                    break
            if pick is None:
                if not any(w.state == 'wait' for w in waves):
                    return errs
                for w in waves:
                    if w.state == 'wait':
                        w.state = 'run'
                continue
            cur = pick
            w = waves[cur]
            while w.state == 'run':
                if self.step(w):
                    errs += 1

    # ---- one instruction -----------------------------------------------------------------

    def step(self, w):
        pc = w.pc
        inst = self.rd(pc)
        fmt, two = self.format(inst)
        lit = self.rd(pc + 4) if two else 0
        w.lit = lit
        nextpc = (pc + (8 if two else 4)) & M32
        self.dst, self.vals = NONE, []
        err = 0
        try:
            if fmt is None:
                raise Err('format')
            nextpc = getattr(self, 'x_' + fmt)(w, inst, lit, nextpc, pc)
        except Err:
            err = 1
            self.dst, self.vals = NONE, []
            w.state = 'done'
        self.retire.append((w.num & 0xFFFF, pc, inst, lit, self.dst, hsh(self.vals),
                            w.exec, w.vcc, w.scc, err))
        w.pc = nextpc
        return err

    @staticmethod
    def format(i):
        if i >> 23 == 0x17D:
            return 'sop1', (i & 0xFF) == 255
        if i >> 23 == 0x17E:
            return 'sopc', (i & 0xFF) == 255 or ((i >> 8) & 0xFF) == 255
        if i >> 23 == 0x17F:
            return 'sopp', False
        if i >> 28 == 0xB:
            return 'sopk', False
        if i >> 30 == 2:
            return 'sop2', (i & 0xFF) == 255 or ((i >> 8) & 0xFF) == 255
        if i >> 27 == 0x18:
            return 'smrd', False
        if i >> 25 == 0x3F:
            return 'vop1', (i & 0x1FF) == 255
        if i >> 25 == 0x3E:
            return 'vopc', (i & 0x1FF) == 255
        if i >> 31 == 0:
            op = (i >> 25) & 0x3F
            return 'vop2', (i & 0x1FF) == 255 or op in (32, 33)
        if i >> 26 == 0x34:
            return 'vop3', True
        if i >> 26 == 0x38:
            return 'mubuf', True
        if i >> 26 == 0x36:
            return 'ds', True
        if i >> 26 == 0x3A:
            return 'mtbuf', True
        return None, False

    # ---- scalar --------------------------------------------------------------------------

    def x_sop2(self, w, i, lit, npc, pc):
        a0, a1, d, op = i & 0xFF, (i >> 8) & 0xFF, (i >> 16) & 0x7F, (i >> 23) & 0x7F
        L = lit if (a0 == 255 or a1 == 255) else None
        wide = op in (11, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35)
        if not (op <= 11 or 14 <= op <= 36 or 38 <= op <= 40):
            raise Err('op')
        if op in (31, 33, 35):
            a, b = self.s64(w, a0), w.sread(a1, L)
        elif wide:
            a, b = self.s64(w, a0), self.s64(w, a1)
        else:
            a, b = w.sread(a0, L), w.sread(a1, L)
        check_w(d, wide)
        scc = w.scc
        M = M64 if wide else M32
        if op == 0:
            r = a + b; scc = r >> 32
        elif op == 1:
            r = a - b; scc = int(b > a)
        elif op in (2, 3):
            rs = sx(a, 32) + sx(b, 32) if op == 2 else sx(a, 32) - sx(b, 32)
            r = rs; scc = int(not -2**31 <= rs < 2**31)
        elif op == 4:
            r = a + b + w.scc; scc = r >> 32
        elif op == 5:
            r = a - b - w.scc; scc = int(b + w.scc > a)
        elif op in (6, 7, 8, 9):
            ka, kb = (sx(a, 32), sx(b, 32)) if op in (6, 8) else (a, b)
            scc = int(ka < kb) if op in (6, 7) else int(ka > kb)
            r = a if scc else b
        elif op in (10, 11):
            r = a if w.scc else b
        elif 14 <= op <= 29:
            k = (op - 14) >> 1
            r = [a & b, a | b, a ^ b, a & ~b, a | ~b, ~(a & b), ~(a | b), ~(a ^ b)][k] & M
            scc = int(r != 0)
        elif op in (30, 31):
            r = (a << (b & (63 if wide else 31))) & M; scc = int(r != 0)
        elif op in (32, 33):
            r = a >> (b & (63 if wide else 31)); scc = int(r != 0)
        elif op in (34, 35):
            r = (sx(a, 64 if wide else 32) >> (b & (63 if wide else 31))) & M; scc = int(r != 0)
        elif op == 36:
            r = (((1 << (a & 31)) - 1) << (b & 31)) & M32
        elif op == 38:
            r = (a * b) & M32
        else:
            r = bfe(a, b & 31, (b >> 16) & 0x7F, op == 40); scc = int(r != 0)
        r &= M
        self.sw(w, d, r, wide)
        w.scc = scc
        return npc

    def s64(self, w, c):
        return w.sread64(c)

    def sw(self, w, d, r, wide):
        w.swrite(d, r & M32)
        vals = [r & M32]
        if wide:
            w.swrite(d + 1, r >> 32)
            vals.append(r >> 32)
        self.dst, self.vals = d, vals

    def x_sopk(self, w, i, lit, npc, pc):
        k, d, op = i & 0xFFFF, (i >> 16) & 0x7F, (i >> 23) & 0x1F
        if not (op in (0, 2) or 3 <= op <= 16):
            raise Err('op')
        if op != 0:
            cur = w.sread(d)
        if op in (0, 2, 15, 16):
            check_w(d)
        if op == 0:
            self.sw(w, d, sx(k, 16) & M32, False)
        elif op == 2:
            if w.scc:          # not taken: dst 0x3FF, val 0 (§6)
                self.sw(w, d, sx(k, 16) & M32, False)
        elif 3 <= op <= 14:
            if op <= 8:
                a, b = sx(cur, 32), sx(k, 16)
            else:
                a, b = cur, k
            j = (op - 3) % 6
            w.scc = int([a == b, a != b, a > b, a >= b, a < b, a <= b][j])
            self.dst, self.vals = 253, [w.scc]
        elif op == 15:
            rs = sx(cur, 32) + sx(k, 16)
            self.sw(w, d, rs & M32, False)
            w.scc = int(not -2**31 <= rs < 2**31)
        else:
            self.sw(w, d, (cur * sx(k, 16)) & M32, False)
        return npc

    def x_sop1(self, w, i, lit, npc, pc):
        a0, op, d = i & 0xFF, (i >> 8) & 0xFF, (i >> 16) & 0x7F
        L = lit if a0 == 255 else None
        wide = op in (4, 6, 8, 36, 37, 38, 39)
        if op not in (3, 4, 5, 6, 7, 8, 11, 15, 19, 21, 25, 26, 36, 37, 38, 39):
            raise Err('op')
        a = self.s64(w, a0) if wide else w.sread(a0, L)
        check_w(d, wide)
        if op in (3, 4):
            self.sw(w, d, a, wide)
        elif op in (5, 6):
            if w.scc:          # not taken: dst 0x3FF, val 0 (§6)
                self.sw(w, d, a, wide)
        elif op in (7, 8):
            r = ~a & (M64 if wide else M32)
            self.sw(w, d, r, wide); w.scc = int(r != 0)
        elif op == 11:
            self.sw(w, d, int('{:032b}'.format(a)[::-1], 2), False)
        elif op == 15:
            r = bin(a).count('1'); self.sw(w, d, r, False); w.scc = int(r != 0)
        elif op == 19:
            r = ((a & -a).bit_length() - 1) if a else M32
            self.sw(w, d, r, False)
        elif op == 21:
            r = (32 - a.bit_length()) if a else M32
            self.sw(w, d, r, False)
        elif op == 25:
            self.sw(w, d, sx(a, 8) & M32, False)
        elif op == 26:
            self.sw(w, d, sx(a, 16) & M32, False)
        else:
            old = w.exec
            e = [a & old, a | old, a ^ old, a & ~old & M64][op - 36]
            self.sw(w, d, old, True)
            w.scc = int(e != 0)
            w.exec = e
        return npc

    def x_sopc(self, w, i, lit, npc, pc):
        a0, a1, op = i & 0xFF, (i >> 8) & 0xFF, (i >> 16) & 0x7F
        L = lit if (a0 == 255 or a1 == 255) else None
        if op > 13:
            raise Err('op')
        a, b = w.sread(a0, L), w.sread(a1, L)
        if op < 12:
            if op < 6:
                a, b = sx(a, 32), sx(b, 32)
            w.scc = int([a == b, a != b, a > b, a >= b, a < b, a <= b][op % 6])
        elif op == 12:
            w.scc = int(not (a >> (b & 31)) & 1)
        else:
            w.scc = (a >> (b & 31)) & 1
        self.dst, self.vals = 253, [w.scc]
        return npc

    def x_sopp(self, w, i, lit, npc, pc):
        k, op = i & 0xFFFF, (i >> 16) & 0x7F
        if op not in (0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 12):
            raise Err('op')
        tgt = (pc + 4 + sx(k, 16) * 4) & M32
        if op == 1:
            w.state = 'done'
        elif op == 10:
            w.state = 'wait'
        elif op == 2:
            return tgt
        elif op >= 4 and op <= 9:
            c = [w.scc == 0, w.scc == 1, w.vcc == 0, w.vcc != 0, w.exec == 0, w.exec != 0][op - 4]
            if c:
                return tgt
        return npc

    def x_smrd(self, w, i, lit, npc, pc):
        off, imm, sb, d, op = i & 0xFF, (i >> 8) & 1, (i >> 9) & 0x3F, (i >> 15) & 0x7F, (i >> 22) & 0x1F
        if not (op <= 4 or 8 <= op <= 12):
            raise Err('op')
        n = 1 << (op & 7)
        base = w.sread64(sb * 2) & M32
        if imm:
            o = off * 4
        else:
            if off == 255:
                raise Err('literal offset')
            o = w.sread(off)
        if d + n - 1 >= 104:
            raise Err('sdst')
        addr = (base + o) & 0xFFFFFFFC
        vals = []
        for k in range(n):
            x = self.rd((addr + 4 * k) & M32)
            w.s[d + k] = x
            vals.append(x)
        self.dst, self.vals = d, vals
        return npc

    # ---- vector ALU ----------------------------------------------------------------------

    def x_vop1(self, w, i, lit, npc, pc):
        if (i >> 9) & 0xFF == 2:
            return self.readfirstlane(w, i & 0x1FF, (i >> 17) & 0xFF, npc)
        return self.valu(w, 384 + ((i >> 9) & 0xFF), i & 0x1FF, None, None, (i >> 17) & 0xFF,
                         None, lit, False, 0, 0, npc)

    def x_vop2(self, w, i, lit, npc, pc):
        op = (i >> 25) & 0x3F
        vdst = (i >> 17) & 0xFF
        if op in (1, 2):
            return self.rwlane(w, op, i & 0x1FF, (i >> 9) & 0xFF, vdst,
                               lit if i & 0x1FF == 255 else None, npc)
        return self.valu(w, 256 + op, i & 0x1FF, 256 + ((i >> 9) & 0xFF), 256 + vdst, vdst,
                         VCC, lit, False, 0, 0, npc)

    def x_vopc(self, w, i, lit, npc, pc):
        return self.valu(w, (i >> 17) & 0xFF, i & 0x1FF, 256 + ((i >> 9) & 0xFF), None, None,
                         VCC, lit, False, 0, 0, npc)

    def x_vop3(self, w, i, lit, npc, pc):
        op = (i >> 17) & 0x1FF
        s0, s1, s2 = lit & 0x1FF, (lit >> 9) & 0x1FF, (lit >> 18) & 0x1FF
        omod, neg = (lit >> 27) & 3, (lit >> 29) & 7
        vop3b = 293 <= op <= 298
        if vop3b:
            absm, clamp, sdst = 0, 0, (i >> 8) & 0x7F
        else:
            absm, clamp, sdst = (i >> 8) & 7, (i >> 11) & 1, None
        if op in (288, 289):
            raise Err('madmk/madak vop3')
        if clamp or omod:
            raise Err('clamp/omod')
        vdst = i & 0xFF
        if op < 256:
            mdst, vd = vdst, None
        else:
            mdst, vd = (sdst if vop3b else VCC), vdst
        if op == 287:
            s2 = 256 + vdst
        return self.valu(w, op, s0, s1, s2, vd, mdst, None, True, absm, neg, npc)

    def vsrc(self, w, c, lit, L):
        """32-bit VALU source value at lane L (checked before: readable)."""
        if c >= 256:
            return w.v[c - 256][L]
        return w.sread(c, lit)

    def vcheck(self, w, c, lit, wide=False):
        if c >= 256:
            if c - 256 >= 32:
                raise Err('vgpr')
            return
        if wide:
            w.sread64(c)
        else:
            w.sread(c, lit)

    def valu(self, w, op, s0, s1, s2, vdst, mdst, lit, vop3, absm, neg, npc):
        fp = self.fp
        cmp = op < 256
        if cmp:
            if not (op <= 31 or 128 <= op <= 135 or 144 <= op <= 151 or 192 <= op <= 199 or 208 <= op <= 215):
                raise Err('op')
        else:
            ok2 = {256, 259, 260, 261, 264, 265, 267} | set(range(271, 286)) | {287, 288, 289} | set(range(293, 299))
            ok1 = {384, 385, 389, 390, 391, 392, 439, 440} | set(TRANS)
            ok3 = {321, 322, 323, 328, 329, 330, 353, 354, 355, 361, 362, 363, 364}
            if op not in ok2 | ok1 | ok3:
                raise Err('op')
        carry = op in (293, 294, 295, 296, 297, 298)
        maskin = op in (256, 296, 297, 298)
        three = op in (321, 322, 323, 328, 329, 330, 287)
        if op == 384:
            nsrc = 0
        elif 384 < op < 512:
            nsrc = 1
        elif three:
            nsrc = 3
        else:
            nsrc = 2
        wide0 = op in (353, 354, 355)
        fin_ops = cmp and op <= 31 or op in (259, 260, 261, 264, 271, 272, 287, 321, 391, 392) \
            or op in TRANS
        # checks
        if nsrc >= 1:
            self.vcheck(w, s0, lit, wide0)
        if nsrc >= 2:
            self.vcheck(w, s1, lit)
        if nsrc >= 3:
            self.vcheck(w, s2, lit)
        if maskin and vop3:
            if s2 >= 256:
                raise Err('mask vgpr')
            w.sread64(s2)
        writes_v = not cmp and op != 384
        if writes_v and vdst >= 32:
            raise Err('vdst')
        if cmp or carry:
            check_w(mdst, True)
        # execute
        ex = w.exec
        mask_src = (w.sread64(s2) if vop3 else w.vcc) if maskin else 0
        K = lit if op in (288, 289) else None
        mask = 0
        vals = []
        for L in range(64):
            if not (ex >> L) & 1:
                continue
            srcs = []
            for k, c in enumerate((s0, s1, s2)[:nsrc]):
                if k == 0 and wide0:
                    if c >= 256:
                        n = c - 256
                        x = w.v[n][L] | (w.v[(n + 1) % 32][L] << 32)
                    else:
                        x = w.sread64(c)
                else:
                    x = self.vsrc(w, c, lit, L)
                    if vop3 and fin_ops:
                        if (absm >> k) & 1:
                            x &= 0x7FFFFFFF
                        if (neg >> k) & 1:
                            x ^= 0x80000000
                srcs.append(x)
            a = srcs[0] if nsrc >= 1 else 0
            b = srcs[1] if nsrc >= 2 else 0
            c = srcs[2] if nsrc >= 3 else 0
            mb = (mask_src >> L) & 1
            r, r_hi, bit = None, None, 0
            if cmp:
                bit = vcmp(fp, op & ~16 if op <= 31 else op & ~16, a, b)
            elif op == 256:
                r = b if mb else a
            elif op == 259:
                r = fp.add(a, b)
            elif op == 260:
                r = fp.sub(a, b)
            elif op == 261:
                r = fp.sub(b, a)
            elif op == 264:
                r = fp.mul(a, b)
            elif op == 265:
                r = sx(a, 24) * sx(b, 24)
            elif op == 267:
                r = (a & 0xFFFFFF) * (b & 0xFFFFFF)
            elif op in (271, 272):
                r = fp.minmax(a, b, op == 272)
            elif op == 273:
                r = min(sx(a, 32), sx(b, 32))
            elif op == 274:
                r = max(sx(a, 32), sx(b, 32))
            elif op == 275:
                r = min(a, b)
            elif op == 276:
                r = max(a, b)
            elif op == 277:
                r = a >> (b & 31)
            elif op == 278:
                r = b >> (a & 31)
            elif op == 279:
                r = sx(a, 32) >> (b & 31)
            elif op == 280:
                r = sx(b, 32) >> (a & 31)
            elif op == 281:
                r = a << (b & 31)
            elif op == 282:
                r = b << (a & 31)
            elif op == 283:
                r = a & b
            elif op == 284:
                r = a | b
            elif op == 285:
                r = a ^ b
            elif op == 287:
                c = c if vop3 else w.v[vdst][L]
                r = fp.mad(a, b, c)
            elif op == 288:
                r = fp.mad(a, K, b)
            elif op == 289:
                r = fp.mad(a, b, K)
            elif op == 293:
                t = a + b; r, bit = t, (t >> 32) & 1
            elif op == 294:
                t = a - b; r, bit = t, int(b > a)
            elif op == 295:
                t = b - a; r, bit = t, int(a > b)
            elif op == 296:
                t = a + b + mb; r, bit = t, (t >> 32) & 1
            elif op == 297:
                t = a - b - mb; r, bit = t, int(b + mb > a)
            elif op == 298:
                t = b - a - mb; r, bit = t, int(a + mb > b)
            elif op == 385:
                r = a
            elif op == 389:
                r = cvt_f32_int(sx(a, 32))
            elif op == 390:
                r = cvt_f32_int(a)
            elif op == 391:
                r = cvt_u32_f32(fp.i(a))
            elif op == 392:
                r = cvt_i32_f32(fp.i(a))
            elif op == 439:
                r = ~a
            elif op in TRANS:
                r = trans(op, a)
            elif op == 440:
                r = int('{:032b}'.format(a)[::-1], 2)
            elif op == 321:
                r = fp.mad(a, b, c)
            elif op == 322:
                r = sx(a, 24) * sx(b, 24) + c
            elif op == 323:
                r = (a & 0xFFFFFF) * (b & 0xFFFFFF) + c
            elif op in (328, 329):
                r = bfe(a, b & 31, c & 31, op == 329)
            elif op == 330:
                r = (a & b) | (~a & c)
            elif op in (353, 354, 355):
                sh = b & 63
                if op == 353:
                    t = a << sh
                elif op == 354:
                    t = a >> sh
                else:
                    t = sx(a, 64) >> sh
                t &= M64
                r, r_hi = t & M32, t >> 32
            elif op == 361 or op == 363:
                r = a * b
            elif op == 362:
                r = (a * b) >> 32
            elif op == 364:
                r = (sx(a, 32) * sx(b, 32)) >> 32
            mask |= bit << L
            if writes_v:
                r &= M32
                w.v[vdst][L] = r
                vals.append(r)
                if r_hi is not None:
                    w.v[(vdst + 1) % 32][L] = r_hi
                    vals.append(r_hi)
        if cmp or carry:
            vals += [mask & M32, mask >> 32]
            w.swrite(mdst, mask & M32)
            w.swrite(mdst + 1, mask >> 32)
            if cmp and 16 <= (op & 0x1F) <= 31 and (op <= 31 or op >= 128):
                if (op & 0x10):
                    w.exec = mask
        if writes_v:
            self.dst = 256 + vdst
        elif cmp:
            self.dst = mdst
        self.vals = vals
        return npc

    def rwlane(self, w, op, s0, sel, vdst, lit, npc):
        """v_readlane_b32 (op 1) / v_writelane_b32 (op 2), e32 (§4.3, §4.4): the VSRC1 field
        is a scalar operand code, the lane select (its value's bits 5:0); EXEC ignored."""
        lane = w.sread(sel, lit) & 63
        if op == 1:
            if not 256 <= s0 < 288 or not Wave.writable(vdst):
                raise Err('readlane')
            x = w.v[s0 - 256][lane]
            w.swrite(vdst, x)
            self.dst, self.vals = vdst, [x]
        else:
            if s0 >= 256 or vdst >= 32:
                raise Err('writelane')
            x = w.sread(s0, lit)
            w.v[vdst][lane] = x
            self.dst, self.vals = 256 + vdst, [x]
        return npc

    # ---- buffer memory -------------------------------------------------------------------

    def readfirstlane(self, w, s0, vdst, npc):
        """v_readfirstlane_b32 (§4.4): VDST a writable scalar code, SRC0 a VGPR < 32; the value
        of lane ff1(EXEC at the start), lane 0 if EXEC = 0; no VGPR written."""
        if not Wave.writable(vdst) or not 256 <= s0 < 288:
            raise Err('readfirstlane')
        ex = w.exec
        lane = (ex & -ex).bit_length() - 1 if ex else 0
        x = w.v[s0 - 256][lane]
        w.swrite(vdst, x)
        self.dst, self.vals = vdst, [x]
        return npc

    # ---- buffer memory (§5.3) --------------------------------------------------------------

    MUBUF_N = {13: 2, 29: 2, 15: 3, 31: 3, 14: 4, 30: 4}

    def x_mubuf(self, w, i, lit, npc, pc):
        ioff, offen, idxen = i & 0xFFF, (i >> 12) & 1, (i >> 13) & 1
        glc, addr64, lds, op = (i >> 14) & 1, (i >> 15) & 1, (i >> 16) & 1, (i >> 18) & 0x7F
        vaddr, vdata, srsrc = lit & 0xFF, (lit >> 8) & 0xFF, (lit >> 16) & 0x1F
        tfe, soffc = (lit >> 23) & 1, (lit >> 24) & 0xFF
        if not (8 <= op <= 15 or op in (24, 26, 28, 29, 30, 31, 50)) or lds or tfe \
                or (addr64 and (offen or idxen)):
            raise Err('mubuf')
        n = self.MUBUF_N.get(op, 1)
        if vdata + n - 1 >= 32:
            raise Err('vdata + N')
        vs = [w.sread(srsrc * 4 + k) for k in range(4)]
        if (vs[1] >> 31) & 1 or (vs[3] >> 23) & 1:
            raise Err('swizzle/tid')
        if soffc == 255:
            raise Err('soffset literal')
        soff = w.sread(soffc)
        if vaddr >= 32 or vdata >= 32:
            raise Err('vgpr')
        base, stride, nrec = vs[0], (vs[1] >> 16) & 0x3FFF, vs[2]
        load = op <= 15
        vals = []
        for L in range(64):
            if not (w.exec >> L) & 1:
                continue
            for k in range(n):
                if addr64:
                    a = base + w.v[vaddr][L] + soff + ioff + 4 * k
                    inr = True
                else:
                    index = w.v[vaddr][L] if idxen else 0
                    voff = w.v[(vaddr + idxen) % 32][L] if offen else 0
                    off = (voff + ioff + 4 * k) & M32
                    a = base + soff + off + index * stride
                    inr = (off < nrec) if stride == 0 else (index < nrec)
                a &= M32
                da = a & 0xFFFFFFFC
                if load:
                    x = self.rd(da) if inr else 0
                    if op in (8, 9):
                        x = (x >> (8 * (a & 3))) & 0xFF
                        x = sx(x, 8) & M32 if op == 9 else x
                    elif op in (10, 11):
                        x = (x >> (16 * ((a >> 1) & 1))) & 0xFFFF
                        x = sx(x, 16) & M32 if op == 11 else x
                    w.v[vdata + k][L] = x
                    vals.append(x)
                elif op == 50:
                    d = w.v[vdata][L]
                    if inr:
                        old = self.rd(da)
                        new = (old + d) & M32
                        self.store(da, new, 0xF)
                        if not glc:
                            vals.append(new)
                    else:
                        old = 0
                    if glc:
                        w.v[vdata][L] = old
                        vals.append(old)
                elif inr:
                    d = w.v[vdata + k][L]
                    if op == 24:
                        sh = 8 * (a & 3)
                        self.store(da, (d & 0xFF) << sh, 1 << (a & 3))
                    elif op == 26:
                        sh = 16 * ((a >> 1) & 1)
                        self.store(da, (d & 0xFFFF) << sh, 3 << (2 * ((a >> 1) & 1)))
                    else:
                        self.store(da, d, 0xF)
                    vals.append(d)
        self.dst = 256 + vdata if load or (op == 50 and glc) else NONE
        self.vals = vals
        return npc

    # ---- typed buffer memory (§5.6) -------------------------------------------------------

    # DFMT -> (components, bits per component, element bytes E)
    TBUF_FMT = {1: (1, 8, 1), 2: (1, 16, 2), 3: (2, 8, 2), 4: (1, 32, 4), 5: (2, 16, 4),
                10: (4, 8, 4), 11: (2, 32, 8), 12: (4, 16, 8), 13: (3, 32, 12), 14: (4, 32, 16)}
    # UNORM / SNORM scale factors: RNE(1/255), RNE(1/65535); RNE(1/127), RNE(1/32767)
    TBUF_K = {(0, 8): 0x3B808081, (0, 16): 0x37800080, (1, 8): 0x3C010204, (1, 16): 0x38000100}

    def x_mtbuf(self, w, i, lit, npc, pc):
        ioff, offen, idxen = i & 0xFFF, (i >> 12) & 1, (i >> 13) & 1
        addr64, op, dfmt, nfmt = (i >> 15) & 1, (i >> 16) & 7, (i >> 19) & 0xF, (i >> 23) & 7
        vaddr, vdata, srsrc = lit & 0xFF, (lit >> 8) & 0xFF, (lit >> 16) & 0x1F
        tfe, soffc = (lit >> 23) & 1, (lit >> 24) & 0xFF
        load, n = op < 4, (op & 3) + 1
        if dfmt not in self.TBUF_FMT or nfmt == 6:
            raise Err('mtbuf format')
        cnt, wd, E = self.TBUF_FMT[dfmt]
        if nfmt == 7 and wd != 32 or nfmt <= 3 and (wd == 32 or not load):
            raise Err('mtbuf format')
        if tfe or (addr64 and (offen or idxen)):
            raise Err('mtbuf')
        vs = [w.sread(srsrc * 4 + k) for k in range(4)]
        if (vs[1] >> 31) & 1 or (vs[3] >> 23) & 1:
            raise Err('swizzle/tid')
        if soffc == 255:
            raise Err('soffset literal')
        soff = w.sread(soffc)
        if vaddr >= 32 or vdata + n > 32:
            raise Err('vgpr')
        base, stride, nrec = vs[0], (vs[1] >> 16) & 0x3FFF, vs[2]
        cm = (1 << wd) - 1
        vals = []
        for L in range(64):
            if not (w.exec >> L) & 1:
                continue
            accs = []                        # (byte address, in range) of the element's accesses
            for k in range(max(E // 4, 1)):
                if addr64:
                    a, inr = base + w.v[vaddr][L] + soff + ioff + 4 * k, True
                else:
                    index = w.v[vaddr][L] if idxen else 0
                    voff = w.v[(vaddr + idxen) % 32][L] if offen else 0
                    off = (voff + ioff + 4 * k) & M32
                    a = base + soff + off + index * stride
                    inr = (off < nrec) if stride == 0 else (index < nrec)
                accs.append((a & M32, inr))
            if load:
                elem = 0
                for k, (a, inr) in enumerate(accs):
                    x = self.rd(a & 0xFFFFFFFC) if inr else 0
                    if E == 1:
                        x = (x >> (8 * (a & 3))) & 0xFF
                    elif E == 2:
                        x = (x >> (16 * ((a >> 1) & 1))) & 0xFFFF
                    elem |= x << (32 * k)
                for c in range(n):
                    if c >= cnt:
                        x = 0 if c < 3 else (1 if nfmt in (4, 5) else 0x3F800000)
                    else:
                        r = (elem >> (c * wd)) & cm
                        if nfmt in (4, 7):
                            x = r
                        elif nfmt == 5:
                            x = sx(r, wd) & M32
                        elif nfmt == 2:
                            x = cvt_f32_int(r)
                        elif nfmt == 3:
                            x = cvt_f32_int(sx(r, wd))
                        elif nfmt == 0:
                            x = f_mul_raw(cvt_f32_int(r), self.TBUF_K[(0, wd)])
                        else:
                            v = sx(r, wd)
                            x = 0xBF800000 if v == -(1 << (wd - 1)) else \
                                f_mul_raw(cvt_f32_int(v), self.TBUF_K[(1, wd)])
                    w.v[vdata + c][L] = x
                    vals.append(x)
            else:
                elem, bem = 0, 0
                for c in range(min(n, cnt)):
                    elem |= (w.v[vdata + c][L] & cm) << (c * wd)
                    bem |= ((1 << (wd // 8)) - 1) << (c * wd // 8)
                for k, (a, inr) in enumerate(accs):
                    if E == 1:
                        sh = a & 3
                    elif E == 2:
                        sh = 2 * ((a >> 1) & 1)
                    else:
                        sh = 0
                    d = ((elem >> (32 * k)) & M32) << (8 * sh) & M32
                    be = ((bem >> (4 * k)) & 0xF) << sh & 0xF
                    if inr and be:
                        self.store(a & 0xFFFFFFFC, d, be)
                        vals.append(d)
        self.dst = 256 + vdata if load else NONE
        self.vals = vals
        return npc

    def store(self, a, wdata, be):
        """one memreq write: recorded, and merged into the memory image by its byte enables."""
        m = 0
        for k in range(4):
            if (be >> k) & 1:
                m |= 0xFF << (8 * k)
        self.mem[a] = (self.rd(a) & ~m & M32) | (wdata & m)
        self.writes.append((a, 1, wdata, be))

    # ---- LDS (§5.5) ------------------------------------------------------------------------

    def x_ds(self, w, i, lit, npc, pc):
        off, gds, op = i & 0xFFFF, (i >> 17) & 1, (i >> 18) & 0xFF
        addr, data0, data1, vdst = lit & 0xFF, (lit >> 8) & 0xFF, (lit >> 16) & 0xFF, (lit >> 24) & 0xFF
        atomic = op <= 11 or 32 <= op <= 43
        rtn = 32 <= op <= 43
        sub_rd, sub_wr = op in (57, 58, 59, 60), op in (30, 31)
        if gds or not (atomic or op in (13, 14, 54, 55, 30, 31, 57, 58, 59, 60, 77, 118)) \
                or addr >= 32:
            raise Err('ds')
        if (atomic or op in (13, 14, 30, 31)) and data0 >= 32 or op == 77 and data0 >= 31:
            raise Err('ds data0')
        if op == 14 and data1 >= 32:
            raise Err('ds data1')
        if (op == 54 or rtn or sub_rd) and vdst >= 32 or op in (55, 118) and vdst >= 31:
            raise Err('ds vdst')
        lim = min(self.lds_lim, w.m0)
        vals = []
        for L in range(64):
            if not (w.exec >> L) & 1:
                continue
            if op in (77, 118):                          # b64: a and a + 4, each checked alone
                a0 = (w.v[addr][L] + off) & M32
                a1 = (a0 + 4) & M32
                if op == 118:
                    x0 = self.lds[a0 >> 2] if a0 < lim else 0
                    x1 = self.lds[a1 >> 2] if a1 < lim else 0
                    w.v[vdst][L], w.v[vdst + 1][L] = x0, x1
                    vals += [x0, x1]
                else:
                    for aa, k in ((a0, 0), (a1, 1)):
                        if aa < lim:
                            d = w.v[data0 + k][L]
                            self.lds[aa >> 2] = d
                            vals.append(d)
                continue
            if sub_rd or sub_wr:
                a = (w.v[addr][L] + off) & M32
                inr = a < lim
                half = op in (31, 59, 60)
                sh = 16 * ((a >> 1) & 1) if half else 8 * (a & 3)
                m = (0xFFFF if half else 0xFF)
                if sub_wr:
                    if inr:
                        d = w.v[data0][L] & m
                        old = self.lds[a >> 2]
                        self.lds[a >> 2] = (old & ~(m << sh) & M32) | (d << sh)
                        vals.append(d)
                else:
                    x = (self.lds[a >> 2] >> sh) & m if inr else 0
                    if op in (57, 59):
                        x = sx(x, 16 if half else 8) & M32
                    w.v[vdst][L] = x
                    vals.append(x)
                continue
            if op in (14, 55):
                a0 = (w.v[addr][L] + (off & 0xFF) * 4) & M32
                a1 = (w.v[addr][L] + (off >> 8) * 4) & M32
                if op == 55:
                    x0 = self.lds[a0 >> 2] if a0 < lim else 0
                    x1 = self.lds[a1 >> 2] if a1 < lim else 0
                    w.v[vdst][L], w.v[vdst + 1][L] = x0, x1
                    vals += [x0, x1]
                else:
                    if a0 < lim:
                        self.lds[a0 >> 2] = w.v[data0][L]
                        vals.append(w.v[data0][L])
                    if a1 < lim:
                        self.lds[a1 >> 2] = w.v[data1][L]
                        vals.append(w.v[data1][L])
                continue
            a = (w.v[addr][L] + off) & M32
            inr = a < lim
            if op == 13:
                if inr:
                    d = w.v[data0][L]
                    self.lds[a >> 2] = d
                    vals.append(d)
            elif op == 54:
                x = self.lds[a >> 2] if inr else 0
                w.v[vdst][L] = x
                vals.append(x)
            else:
                old = self.lds[a >> 2] if inr else 0
                d = w.v[data0][L]
                new = ds_atomic(op & 31, old, d)
                if inr:
                    self.lds[a >> 2] = new
                    if not rtn:
                        vals.append(new)
                if rtn:
                    w.v[vdst][L] = old
                    vals.append(old)
        self.dst = 256 + vdst if op in (54, 55, 118) or rtn or sub_rd else NONE
        self.vals = vals
        return npc


def ds_atomic(k, old, d):
    """the new LDS dword of DS atomic OP & 31 = k (§5.5)."""
    if k == 0:
        return (old + d) & M32
    if k == 1:
        return (old - d) & M32
    if k == 2:
        return (d - old) & M32
    if k == 3:
        return 0 if old >= d else old + 1
    if k == 4:
        return d if old == 0 or old > d else old - 1
    if k in (5, 6):
        f = min if k == 5 else max
        return f(sx(old, 32), sx(d, 32)) & M32
    if k in (7, 8):
        return (min if k == 7 else max)(old, d)
    return [old & d, old | d, old ^ d][k - 9]


# the transcendentals (§5.4): vop -> the shared sf op of docs/float.md (prim_sf_ref)
TRANS = {421: sf.ex2, 423: sf.lg2, 426: sf.rcp, 427: sf.rcp, 430: sf.rsq, 435: sf.sqrt,
         437: sf.sin, 438: sf.cos}


def trans(op, a):
    """§5.4: sin/cos out of [-256, 256] (Inf too, NaN not) give +0.0 / 1.0; else the sf op
    (inputs flushed, results below 2^-126 zero, NaN canonical: the sf rules, not FLOAT_MODE)."""
    if op in (437, 438) and 0x43800000 < (a & 0x7FFFFFFF) <= 0x7F800000:
        return 0 if op == 437 else 0x3F800000
    return TRANS[op](a) & M32


def bfe(a, off, wd, signed):
    if wd == 0:
        return 0
    if wd >= 32:
        return (sx(a, 32) >> off) & M32 if signed else a >> off
    t = (a >> off) & ((1 << wd) - 1)
    return sx(t, wd) & M32 if signed else t


def vcmp(fp, op, a, b):
    if op <= 15:
        a, b = fp.i(a), fp.i(b)
        lt, eq, gt, un = f_cmp(a, b)
        return int([False, lt, eq, lt or eq, gt, lt or gt, gt or eq, not un, un,
                    not (gt or eq), not (lt or gt), not gt, not (lt or eq), not eq, not lt, True][op])
    k = op & 7
    if op < 192:
        a, b = sx(a, 32), sx(b, 32)
    return int([False, a < b, a == b, a <= b, a > b, a != b, a >= b, True][k])


def run(vec):
    cu = CU(vec.memory())
    for ch, at, vals in vec.events:
        if ch == 'regw':
            cu.regw(vals[0], vals[1])
    return {'retire': cu.retire, 'write': [(a, we, d, be) for a, we, d, be in cu.writes],
            'eod': cu.eod}
