#!/usr/bin/env python3
"""r5xx_pvs_iref.py - an independent reference of r5xx.pvs, written by a second engineer from
docs/blocks/r5xx.pvs.md alone (not from model/r5xx/pvs/*, rtl/r5xx/pvs/* or
scripts/blocks/r5xx_pvs_directed.py).  Float arithmetic: scripts/blocks/prim_sf_ref.py (itself an
independent reading of docs/float.md).

run(regw, vin) takes the register writes [(addr, data)] and input records (dicts with the vin
fields) in channel order and returns (exe, vtx): the output records in order, each a dict of the
channel's fields.  Cycle stamps are not computed: the checker compares content and order.
Section names in comments are those of docs/blocks/r5xx.pvs.md.
"""
from blocks import prim_sf_ref as sf

M32 = 0xFFFFFFFF
SIGN = 0x80000000
ONE, ZERO, TWO, HALF = 0x3F800000, 0, 0x40000000, 0x3F000000
MAXF, NMAXF = 0x7F7FFFFF, 0xFF7FFFFF
PI, INV2PI, LOG2E, F128, NF128 = 0x40490FDB, 0x3E22F983, 0x3FB8AA3B, 0x43000000, 0xC3000000
QNAN, PINF = 0x7FC00000, 0x7F800000

SIZES = {0: 32, 1: 32, 3: 20}          # source types: temp, input, alt temp
DSTMEM = {0: "t", 2: "o", 3: "o", 4: "at", 5: "in"}
MEMSZ = {"t": 32, "in": 32, "at": 20, "o": 16}

VNAMES = ["VECTOR_NO_OP", "VE_DOT_PRODUCT", "VE_MULTIPLY", "VE_ADD", "VE_MULTIPLY_ADD",
          "VE_DISTANCE_VECTOR", "VE_FRACTION", "VE_MAXIMUM", "VE_MINIMUM",
          "VE_SET_GREATER_THAN_EQUAL", "VE_SET_LESS_THAN", "VE_MULTIPLYX2_ADD",
          "VE_MULTIPLY_CLAMP", "VE_FLT2FIX_DX", "VE_FLT2FIX_DX_RND", "VE_PRED_SET_EQ_PUSH",
          "VE_PRED_SET_GT_PUSH", "VE_PRED_SET_GTE_PUSH", "VE_PRED_SET_NEQ_PUSH",
          "VE_COND_WRITE_EQ", "VE_COND_WRITE_GT", "VE_COND_WRITE_GTE", "VE_COND_WRITE_NEQ",
          "VE_COND_MUX_EQ", "VE_COND_MUX_GT", "VE_COND_MUX_GTE", "VE_SET_GREATER_THAN",
          "VE_SET_EQUAL", "VE_SET_NOT_EQUAL"]
MNAMES = ["ME_reserved0", "ME_EXP_BASE2_DX", "ME_LOG_BASE2_DX", "ME_EXP_BASEE_FF",
          "ME_LIGHT_COEFF_DX", "ME_POWER_FUNC_FF", "ME_RECIP_DX", "ME_RECIP_FF",
          "ME_RECIP_SQRT_DX", "ME_RECIP_SQRT_FF", "ME_MULTIPLY", "ME_EXP_BASE2_FULL_DX",
          "ME_LOG_BASE2_FULL_DX", "ME_POWER_FUNC_FF_CLAMP_B", "ME_POWER_FUNC_FF_CLAMP_B1",
          "ME_POWER_FUNC_FF_CLAMP_01", "ME_SIN", "ME_COS", "ME_LOG_BASE2_IEEE", "ME_RECIP_IEEE",
          "ME_RECIP_SQRT_IEEE", "ME_PRED_SET_EQ", "ME_PRED_SET_GT", "ME_PRED_SET_GTE",
          "ME_PRED_SET_NEQ", "ME_PRED_SET_CLR", "ME_PRED_SET_INV", "ME_PRED_SET_POP",
          "ME_PRED_SET_RESTORE"]


def bits(x, hi, lo):
    return (x >> lo) & ((1 << (hi - lo + 1)) - 1)


def sx(v, n):
    return v - (1 << n) if v >> (n - 1) else v


def cond(kind, x):
    """cond(x) of kind 0 EQ, 1 GT, 2 GTE, 3 NEQ (Math opcodes, the paragraph after the table)."""
    if kind == 0:
        return sf.cmp_eq(x, ZERO)
    if kind == 1:
        return sf.cmp_lt(ZERO, x)
    if kind == 2:
        return sf.cmp_le(ZERO, x)
    return not sf.cmp_eq(x, ZERO)


def zero(a):
    return sf.cmp_eq(a, ZERO)


def neg(x):
    return QNAN if sf.is_nan(x) else x ^ SIGN


def pow_(x, n):
    x, n = sf.ftz(x), sf.ftz(n)
    if sf.is_zero(x) and sf.cmp_lt(n, ZERO):
        return PINF
    if sf.is_zero(x):
        return 0
    if sf.is_zero(n):
        return ONE
    if x == PINF and sf.cmp_lt(n, ZERO):
        return 0
    if x == PINF:
        return PINF
    if n == SIGN | PINF and sf.cmp_lt(ONE, x):
        return 0
    if n == SIGN | PINF and sf.cmp_lt(x, ONE):
        return PINF
    if n == PINF and sf.cmp_lt(ONE, x):
        return PINF
    if n == PINF and sf.cmp_lt(x, ONE):
        return 0
    return sf.ex2(sf.mul(n, sf.lg2(x)))


def powff(a, n):
    if sf.cmp_lt(a, ZERO):
        return neg(pow_(a & 0x7FFFFFFF, n))
    return pow_(a, n)


def trig_clamp(a):
    a = sf.ftz(a)
    if sf.is_nan(a):
        return PI
    if sf.cmp_lt(PI, a):
        return PI
    if sf.cmp_lt(a, PI ^ SIGN):
        return PI ^ SIGN
    return a


def trig_floor(r):
    if (r & 0x7FFFFFFF) < 0x33800000:
        return 0x33800000 | (r & SIGN)
    return r


def int_to_f(v):
    """float(E - 127) for E in 1..255: an exact small integer."""
    if v == 0:
        return 0
    s = SIGN if v < 0 else 0
    m = abs(v)
    e = m.bit_length() - 1
    return s | ((e + 127) << 23) | ((m << (23 - e)) & 0x7FFFFF)


def math_op(op, a, b, c):
    """Math opcodes table: returns (4 components, predicate or None)."""
    rep = lambda t: [t, t, t, t]  # noqa: E731
    if op == 1:
        return [sf.ex2(sf.flr(a)), 0 if sf.cmp_lt(F128, a) else sf.frc(a), sf.ex2(a), ONE], None
    if op == 2:
        if zero(a):
            return [NMAXF, ONE, NMAXF, ONE], None
        E = bits(a, 30, 23)
        return [int_to_f(E - 127), (a & 0x7FFFFF) | 0x3F800000, sf.lg2(a & 0x7FFFFFFF), ONE], None
    if op == 3:
        return rep(sf.ex2(sf.mul(c, LOG2E))), None
    if op == 4:
        z = pow_(sf.fmax(a, ZERO), sf.fmin(sf.fmax(c, NF128), F128)) if sf.cmp_lt(ZERO, b) else 0
        return [ONE, sf.fmax(b, ZERO), z, ONE], None
    if op == 5:
        return rep(powff(a, c)), None
    if op == 6:
        return rep(MAXF if zero(a) else sf.rcp(a)), None      # decision 13: +MAX for either zero
    if op == 7:
        return rep((a & SIGN) if zero(a) else sf.rcp(a)), None
    if op == 8:
        return rep(MAXF if zero(a) else sf.rsq(a & 0x7FFFFFFF)), None
    if op == 9:
        return rep(0 if zero(a) else sf.rsq(a & 0x7FFFFFFF)), None
    if op == 10:
        return rep(sf.mul(a, b)), None
    if op == 11:
        return rep(sf.ex2(c)), None
    if op == 12:
        return rep(NMAXF if zero(a) else sf.lg2(a & 0x7FFFFFFF)), None
    if op == 13:
        return rep(0 if sf.cmp_lt(a, b) else powff(a, c)), None
    if op == 14:
        return rep(0 if sf.cmp_lt(a, b) else ONE if sf.cmp_lt(ONE, a) else powff(a, c)), None
    if op == 15:
        return rep(0 if sf.cmp_le(a, ZERO) else ONE if sf.cmp_lt(ONE, a) else powff(a, c)), None
    if op == 16:
        x = trig_clamp(a)
        if (x & 0x7FFFFFFF) in (0, PI):
            return rep(0), None
        return rep(trig_floor(sf.sin(sf.mul(x, INV2PI)))), None
    if op == 17:
        x = trig_clamp(a)
        return rep(trig_floor(sf.cos(sf.mul(x, INV2PI)))), None
    if op == 18:
        return rep(sf.lg2(a & 0x7FFFFFFF)), None
    if op == 19:
        return rep(sf.rcp(a)), None
    if op == 20:
        return rep(sf.rsq(a & 0x7FFFFFFF)), None
    if 21 <= op <= 24:
        p = cond(op - 21, a)
        return rep(0 if p else ONE), p
    if op == 25:
        return rep(MAXF), False
    if op == 26:
        p = sf.cmp_eq(a, ONE)
        return rep(0 if p else ONE if zero(a) else a), p
    if op == 27:
        t = sf.add(a, 0xBF800000)
        p = sf.cmp_lt(t, ZERO)
        return rep(0 if p else t), p
    if op == 28:
        p = zero(a)
        return rep(0 if p else a), p
    raise AssertionError(op)


def vec_op(op, A, B, C):
    """Vector opcodes table: returns (4 components, predicate or None, write condition or None)."""
    R = range(4)
    b1 = lambda t: ONE if t else ZERO  # noqa: E731
    if op == 0:
        return [0] * 4, None, None
    if op == 1:
        return [sf.dp4(A, B)] * 4, None, None
    if op == 2:
        return [sf.mul(A[i], B[i]) for i in R], None, None
    if op == 3:
        return [sf.add(A[i], B[i]) for i in R], None, None
    if op == 4:
        return [sf.add(sf.mul(A[i], B[i]), C[i]) for i in R], None, None
    if op == 5:
        return [ONE, sf.mul(A[1], B[1]), A[2], B[3]], None, None
    if op == 6:
        return [sf.frc(A[i]) for i in R], None, None
    if op == 7:
        return [sf.fmax(A[i], B[i]) for i in R], None, None
    if op == 8:
        return [sf.fmin(A[i], B[i]) for i in R], None, None
    if op == 9:
        return [b1(sf.cmp_le(B[i], A[i])) for i in R], None, None
    if op == 10:
        return [b1(sf.cmp_lt(A[i], B[i])) for i in R], None, None
    if op == 11:
        return [sf.add(sf.mul(TWO, sf.mul(A[i], B[i])), C[i]) for i in R], None, None
    if op == 12:
        mw, mx = sf.mul(A[3], B[3]), sf.mul(A[0], B[0])
        t = C[3] if sf.cmp_lt(C[3], mw) else C[0] if sf.cmp_le(mx, C[0]) else mx
        return [t] * 4, None, None
    if op == 13:
        return [sf.flr(A[i]) for i in R], None, None
    if op == 14:
        return [sf.flr(sf.add(A[i], HALF)) for i in R], None, None
    if 15 <= op <= 18:
        p = cond(op - 15, B[3]) and sf.cmp_eq(A[3], ZERO)
        t = 0 if p else sf.add(A[3], ONE)
        return [t] * 4, p, None
    if 19 <= op <= 22:
        return list(B), None, [cond(op - 19, A[i]) for i in R]
    if 23 <= op <= 25:
        return [B[i] if cond(op - 23, A[i]) else C[i] for i in R], None, None
    if op == 26:
        return [b1(sf.cmp_lt(B[i], A[i])) for i in R], None, None
    if op == 27:
        return [b1(sf.cmp_eq(A[i], B[i])) for i in R], None, None
    if op == 28:
        return [ZERO if sf.cmp_eq(A[i], B[i]) else ONE for i in R], None, None
    raise AssertionError(op)


def f2a(f):
    """Address register: f2a."""
    s, E = f >> 31, bits(f, 30, 23)
    if E == 255:
        if f & 0x7FFFFF:
            return 0
        return -256 if s else 255
    if E == 0:
        return 0
    m = (f & 0x7FFFFF) | 0x800000
    if E >= 127 + 9:                    # |f| >= 512
        return -256 if s else 255
    sh = E - 150
    if sh >= 0:
        q = m << sh
        v = -q if s else q
    else:
        q = m >> -sh
        exact = (q << -sh) == m
        v = -q if s else q
        if s and not exact:
            v -= 1
    return max(-256, min(255, v))


def decode(i0, i1, i2, i3):
    """A short text of the instruction for the checker's messages (not the doc's disassembly)."""
    macro, math = bits(i0, 7, 7), bits(i0, 6, 6)
    op = bits(i0, 5, 0)
    if macro:
        name = ["MACRO_2CLK_MADD", "MACRO_2CLK_M2X_ADD"][op] if op < 2 else "MACRO_%d" % op
    elif math:
        name = MNAMES[op] if op < 29 else "ME_%d" % op
    else:
        name = VNAMES[op] if op < 29 else "VE_%d" % op
    d = "dst(type %d mode %d off %d sel %d we %s)" % (
        bits(i0, 11, 8), bits(i0, 12, 12) * 2 + bits(i0, 31, 31), bits(i0, 19, 13),
        bits(i0, 30, 29), "".join("xyzw"[k] if bits(i0, 20 + k, 20 + k) else "_" for k in range(4)))
    flags = [f for f, b in (("VE_SAT", 24), ("ME_SAT", 25), ("PRED", 26), ("DUAL", 28))
             if bits(i0, b, b)]
    if bits(i0, 26, 26):
        flags[-1 if "DUAL" not in flags else -2] = "PRED(%d)" % bits(i0, 27, 27)
    srcs = []
    for s in (i1, i2, i3):
        sw = "".join(("-" if bits(s, 25 + k, 25 + k) else "") + "xyzw01__"[bits(s, 15 + 3 * k, 13 + 3 * k)]
                     for k in range(4))
        t = "%s[m%d s%d %d].%s" % (["t", "in", "c", "at"][bits(s, 1, 0)],
                                    bits(s, 31, 31) * 2 + bits(s, 4, 4), bits(s, 30, 29),
                                    bits(s, 12, 5), sw)
        srcs.append("|%s|" % t if bits(s, 3, 3) else t)
    return "%s%s %s, %s" % (name, "".join(" " + f for f in flags), d, ", ".join(srcs))


def next_indx(i):
    """Loader: next(i)."""
    if i == 1023:
        return 0
    if i == 1535:
        return 1024
    if i == 1542:
        return 1536
    return (i + 1) % 2048


class Pvs:
    def __init__(self):
        self.code = [[0] * 4 for _ in range(1024)]
        self.const = [[0] * 4 for _ in range(256)]
        self.indx = self.dcnt = self.qcnt = 0
        self.held = [0, 0, 0]
        self.reg = {}
        self.rem = 0
        self.exe, self.vtx = [], []
        self.new_vertex()

    def r(self, addr):
        return self.reg.get(addr, 0)

    # ---- Loader ------------------------------------------------------------------------------
    def store(self, indx, k, v):
        if indx < 1024:
            self.code[indx][k] = v
        elif indx < 1280:
            self.const[indx - 1024][k] = v

    def write(self, addr, data):
        """Registers snooped (regw)."""
        assert self.rem == 0
        self.reg[addr] = data
        if addr == 0x2200:
            self.indx, self.dcnt, self.qcnt = data & 0x7FF, 0, 0
        elif addr == 0x2204:
            self.store(self.indx, self.dcnt, data)
            if self.dcnt == 3:
                self.indx = next_indx(self.indx)
            self.dcnt = (self.dcnt + 1) % 4
        elif addr == 0x2208:
            if self.qcnt < 3:
                self.held[self.qcnt] = data
            else:
                for k, v in enumerate(self.held + [data]):
                    self.store(self.indx, k, v)
                self.indx = next_indx(self.indx)
            self.qcnt = (self.qcnt + 1) % 4
        elif addr == 0x2084:
            if bits(data, 3, 0) and bits(data, 5, 4) and not bits(self.r(0x2080), 17, 17):
                n = bits(self.r(0x2088), 23, 0) if bits(data, 14, 14) else bits(data, 31, 16)
                self.rem = n

    # ---- per vertex ----------------------------------------------------------------------------
    def new_vertex(self):
        self.mem = {k: [[0] * 4 for _ in range(n)] for k, n in MEMSZ.items()}
        self.written = [[False] * 4 for _ in range(16)]
        self.a0 = [0, 0, 0, 0]
        self.pred = 0
        self.stack = []
        self.i0 = 0

    def vin(self, rec):
        assert self.rem > 0
        for c, f in enumerate("xyzw"):
            if bits(rec["wmask"], c, c):
                self.mem["in"][rec["slot"]][c] = rec[f]
        self.vert, self.prim, self.dlast = rec["vert"], rec["prim"], rec["dlast"]
        if rec["vlast"]:
            self.rem -= 1
            self.run_vertex()

    def rel(self, mode, sel):
        return self.a0[sel] if mode == 1 else self.i0 if mode == 2 else 0

    def operand(self, s):
        """Operands, steps 1-5."""
        mode = bits(s, 31, 31) * 2 + bits(s, 4, 4)
        adr = bits(s, 12, 5) + self.rel(mode, bits(s, 30, 29))
        t = bits(s, 1, 0)
        if t == 2:
            if 0 <= adr <= bits(self.r(0x22D4), 23, 16):
                v = self.const[(bits(self.r(0x22D4), 7, 0) + adr) % 256]
            else:
                v = [0] * 4
        else:
            m = self.mem[{0: "t", 1: "in", 3: "at"}[t]]
            v = m[adr] if 0 <= adr < SIZES[t] else [0] * 4
        out = []
        for c in range(4):
            sel = bits(s, 15 + 3 * c, 13 + 3 * c)
            x = v[sel] if sel < 4 else ONE if sel == 5 else ZERO
            if bits(s, 3, 3):
                x &= 0x7FFFFFFF
            if bits(s, 25 + c, 25 + c):
                x ^= SIGN
            out.append(x)
        return out

    def step(self, ins):
        """One instruction: returns (result, err); performs the write and predicate."""
        i0 = ins[0]
        op, math, macro, dtype = bits(i0, 5, 0), bits(i0, 6, 6), bits(i0, 7, 7), bits(i0, 11, 8)
        if bits(i0, 28, 28):
            return [0] * 4, 1
        if (macro and op > 1) or dtype > 5 or (not macro and math and (op == 0 or op >= 29)) \
                or (not macro and not math and op >= 29):
            return [0] * 4, 2
        A, B, C = (self.operand(s) for s in ins[1:])
        p, wcond = None, None
        if macro:
            r, _, _ = vec_op(4 if op == 0 else 11, A, B, C)
            sat = bits(i0, 24, 24)
        elif math:
            r, p = math_op(op, A[3], B[3], C[3])
            sat = bits(i0, 25, 25)
        else:
            if op == 0:
                return [0] * 4, 0
            r, p, wcond = vec_op(op, A, B, C)
            sat = bits(i0, 24, 24)
        if sat:
            r = [sf.fmin(sf.fmax(x, ZERO), ONE) for x in r]
        if dtype == 3:
            r = [r[0]] * 4
        # the write
        ok = not bits(i0, 26, 26) or self.pred == bits(i0, 27, 27)
        if ok:
            mode = bits(i0, 12, 12) * 2 + bits(i0, 31, 31)
            adr = bits(i0, 19, 13) + self.rel(mode, bits(i0, 30, 29))
            for c in range(4):
                if not bits(i0, 20 + c, 20 + c) or (wcond is not None and not wcond[c]):
                    continue
                if dtype == 1:
                    self.a0[c] = f2a(r[c])
                    continue
                name = DSTMEM[dtype]
                if 0 <= adr < MEMSZ[name]:
                    self.mem[name][adr][c] = r[c]
                    if name == "o":
                        self.written[adr][c] = True
        if p is not None:
            self.pred = 1 if p else 0
        return r, 0

    def next_pc(self, pc, n):
        """Program and flow control, rules 1-5: returns the next pc or None (the end)."""
        if n >= 4096:
            return None
        if self.stack and self.stack[-1]["last"] == pc:
            e = self.stack[-1]
            if e["kind"] == "sub":
                self.stack.pop()
                return e["ret"]
            if e["count"] > 1:
                e["count"] -= 1
                self.i0 = max(-256, min(255, self.i0 + e["step"]))
                return e["ret"]
            self.stack.pop()
            self.i0 = e["saved"]
        opc = self.r(0x22DC)
        for k in range(16):
            o = bits(opc, 2 * k + 1, 2 * k)
            lw, uw = self.r(0x2500 + 8 * k), self.r(0x2504 + 8 * k)
            if o == 0 or bits(lw, 9, 0) != pc:
                continue
            if o == 1:
                return bits(lw, 25, 16)
            if len(self.stack) < 8:
                if o == 2:
                    li = self.r(0x2290 + 4 * k)
                    self.stack.append({"kind": "loop", "count": bits(lw, 23, 16),
                                       "last": bits(uw, 9, 0), "ret": bits(uw, 25, 16),
                                       "step": sx(bits(li, 15, 8), 8), "saved": self.i0})
                    if not bits(li, 31, 31):
                        self.i0 = bits(li, 7, 0)
                    return (pc + 1) % 1024
                self.stack.append({"kind": "sub", "last": bits(uw, 9, 0), "ret": bits(uw, 25, 16)})
                return bits(lw, 25, 16)
            break
        if pc == bits(self.r(0x22D0), 29, 20):
            return None
        return (pc + 1) % 1024

    def run_vertex(self):
        pc = bits(self.r(0x22D0), 9, 0)
        n = 0
        while True:
            ins = self.code[pc]
            r, err = self.step(ins)
            n += 1
            self.exe.append(dict(vert=self.vert, pc=pc, i0=ins[0], i1=ins[1], i2=ins[2], i3=ins[3],
                                 x=r[0], y=r[1], z=r[2], w=r[3], err=err, pred=self.pred))
            nxt = self.next_pc(pc, n)
            if nxt is None:
                break
            pc = nxt
        self.output()
        self.new_vertex()

    def output(self):
        """Output: the slots and their wmasks."""
        f0, f1 = self.r(0x2090), self.r(0x2094)
        slots = [15]                                 # position: all four components
        if bits(f0, 16, 16):
            slots.append(15)
        for i in range(4):
            if bits(f0, 1 + i, 1 + i):
                slots.append(15)
        for i in range(8):
            cnt = bits(f1, 3 * i + 2, 3 * i)
            if cnt:
                slots.append((1 << min(cnt, 4)) - 1)
        ns = len(slots)
        for s, mask in enumerate(slots):
            wm = sum(1 << c for c in range(4) if self.written[s][c] and (mask >> c) & 1)
            v = [self.mem["o"][s][c] if (wm >> c) & 1 else 0 for c in range(4)]
            self.vtx.append(dict(vert=self.vert, slot=s, x=v[0], y=v[1], z=v[2], w=v[3], wmask=wm,
                                 vlast=int(s + 1 == ns), dlast=int(s + 1 == ns and self.dlast),
                                 prim=self.prim))


def run(regw, vin):
    """Draws: writes until a trigger opens a draw, then its vertices, and so on."""
    p = Pvs()
    vi = 0
    for addr, data in regw:
        p.write(addr, data)
        while p.rem > 0 and vi < len(vin):
            p.vin(vin[vi])
            vi += 1
    return p.exe, p.vtx, vi
