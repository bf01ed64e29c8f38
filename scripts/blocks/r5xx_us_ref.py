#!/usr/bin/env python3
"""Independent reference of r5xx.us's ISA, written from docs/blocks/r5xx.us.md alone.

It reads a vector (rcosim_py.vector), applies the register writes in order against the quads'
wseq, executes every quad's program on its four pixels (the arithmetic is prim_sf_ref, the
independent Python version of docs/float.md) with the vector's texture responses, and returns the
texture requests and frag records in order, each with a trace (quad, pc, instruction words) so a
checker can name what differs. No cycle timing: order and content only.
"""
import os
import sys

from rcosim_py import vector
from blocks import prim_sf_ref as sf

SIGN = 0x80000000
ONE, HALF, TWO, ZERO = 0x3F800000, 0x3F000000, 0x40000000, 0
OMOD_K = [0x3F800000, 0x40000000, 0x40800000, 0x41000000, 0x3F000000, 0x3E800000, 0x3E000000]


def bits(w, hi, lo):
    return (w >> lo) & ((1 << (hi - lo + 1)) - 1)


def neg(x):
    return x ^ SIGN


def inline_float(c):
    e, m = bits(c, 6, 3), bits(c, 2, 0)
    if e:
        return ((e + 120) << 23) | (m << 20)
    if m == 0:
        return 0
    # m * 2^-9 as a normal binary32: m = 1..7
    return {1: 0x3B000000, 2: 0x3B800000, 3: 0x3BC00000, 4: 0x3C000000,
            5: 0x3C200000, 6: 0x3C400000, 7: 0x3C600000}[m]


def clamp_bits(x):
    return (x & SIGN) | ONE if (x & 0x7FFFFFFF) > ONE else x


def sat(x):
    return sf.fmin(sf.fmax(x, ZERO), ONE)


def cmpop(op, x):
    if op == 0:
        return sf.cmp_eq(x, 0)
    if op == 1:
        return sf.cmp_lt(x, 0)
    if op == 2:
        return sf.cmp_le(0, x)
    return not sf.cmp_eq(x, 0)


# FC step 4 / decision 22: INCR saturates at 255 with FULL_FC_EN, at 3 in partial flow control
PARTIAL_CNT_MAX = 3


# ---- output conversion (doc section "Output conversion") ---------------------------------------
# OUT_FMT -> (n, widths of C0..C3, kind); kinds: 'su' fixed signed/unsigned by OUT_SIGN, 'u' fixed
# unsigned, 's' fixed signed (the MPEG formats, OUT_SIGN ignored), 'h' binary16, 'f' binary32. Codes absent (14, 15, 22-31): the target is not used.
FORMATS = {0: (4, [8] * 4, 'su'), 1: (4, [10] * 4, 'u'), 2: (4, [10] * 4, 'u'),
           3: (1, [16], 'su'), 4: (2, [16] * 2, 'su'), 5: (4, [16] * 4, 'su'),
           6: (1, [16], 's'), 7: (2, [16] * 2, 's'), 8: (2, [4, 4], 'u'), 9: (3, [2, 3, 3], 'u'),
           10: (3, [6, 5, 6], 'su'), 11: (3, [10, 11, 11], 'su'), 12: (3, [11, 11, 10], 'su'),
           13: (4, [10, 10, 10, 2], 'su'), 16: (1, [16], 'h'), 17: (2, [16] * 2, 'h'),
           18: (4, [16] * 4, 'h'), 19: (1, [32], 'f'), 20: (2, [32] * 2, 'f'), 21: (4, [32] * 4, 'f')}


def flush(x):
    return x & SIGN if bits(x, 30, 23) == 0 else x


def is_nan(x):
    return bits(x, 30, 23) == 255 and bits(x, 22, 0) != 0


def unorm_mag(x, scale, radj):
    """x >= 0 finite, flushed, not NaN; scale = 2^w - 1. Returns round(x * scale)."""
    if x & 0x7FFFFFFF == 0:
        return 0
    if (x & 0x7FFFFFFF) >= ONE:
        return scale
    e, M = bits(x, 30, 23), (1 << 23) | bits(x, 22, 0)
    P, sh = M * scale, 150 - e
    return P >> sh if radj else (P + (1 << (sh - 1))) >> sh


def convert(x, w, kind, signed, radj):
    if kind == 'f':
        return x
    x = flush(x)
    if kind == 'h':
        sg = (x >> 16) & 0x8000
        if is_nan(x):
            return 0x7E00
        e = bits(x, 30, 23)
        if e == 255:
            return 0x7C00 | sg
        if e >= 127 + 16:
            return 0x7BFF | sg
        if e < 127 - 14:
            return sg
        return sg | (e - 112) << 10 | bits(x, 22, 13)
    if is_nan(x):
        return 0
    if not signed:
        return 0 if x & SIGN else unorm_mag(x, (1 << w) - 1, radj)
    m = unorm_mag(x & 0x7FFFFFFF, (1 << (w - 1)) - 1, radj)
    if x & SIGN:
        m = -m
    return m & ((1 << w) - 1)


def w_convert(x, wf):
    if wf == 1:
        return convert(x, 24, 'su', 0, 0)
    if wf != 2:
        return 0
    x = flush(x)
    if is_nan(x):
        return 0
    e = bits(x, 30, 23)
    if e <= 63:
        mag = 0
    elif e >= 191:
        mag = 0x7FFFFF
    else:
        mag = (e - 63) << 16 | bits(x, 22, 7)
    return (x >> 8) & 0x800000 | mag


def aloop(q):
    return q['al'][(q['alp'] - 1) % 4]


def fexact(n):
    import struct
    return struct.unpack('<I', struct.pack('<f', float(n)))[0]


class Diff(Exception):
    pass


class US:
    def __init__(self):
        self.inst = [[0] * 6 for _ in range(512)]
        self.const = [[0] * 4 for _ in range(256)]
        self.index = self.vtype = self.vclamp = self.dword = 0
        self.zmode = 0
        self.start = self.end = self.offset = 0
        self.bools = 0
        self.outfmt = [0] * 4
        self.wfmt = 0
        self.fullfc = 0
        self.intc = [0] * 32
        self.fmt0 = [0] * 16
        self.wcount = 0
        self.t = [[[0] * 4 for _ in range(4)] for _ in range(128)]
        self.quadno = 0
        self.executed = 0

    # ---- registers -------------------------------------------------------------------------
    def regw(self, addr, data):
        self.wcount = (self.wcount + 1) & 0xFFFF
        if addr == 0x4250:
            self.index, self.vtype, self.vclamp = bits(data, 8, 0), bits(data, 16, 16), bits(data, 17, 17)
            self.dword = 0
        elif addr == 0x4254:
            if self.vclamp:
                data = clamp_bits(data)
            if self.vtype == 0:
                self.inst[self.index][self.dword] = data
                self.dword += 1
                if self.dword == 6:
                    self.dword, self.index = 0, (self.index + 1) % 512
            else:
                self.const[self.index % 256][self.dword] = data
                self.dword += 1
                if self.dword == 4:
                    self.dword, self.index = 0, (self.index % 256 + 1) % 256
        elif addr == 0x4600:
            self.zmode = bits(data, 1, 1)
        elif addr == 0x4630:
            self.start, self.end = bits(data, 8, 0), bits(data, 24, 16)
        elif addr == 0x4638:
            self.offset = bits(data, 8, 0)
        elif addr == 0x4620:
            self.bools = data
        elif 0x46A4 <= addr <= 0x46B0 and addr % 4 == 0:
            self.outfmt[(addr - 0x46A4) // 4] = data
        elif addr == 0x46B4:
            self.wfmt = data
        elif addr == 0x4624:
            self.fullfc = bits(data, 31, 31)
        elif 0x4C00 <= addr <= 0x4C7C and addr % 4 == 0:
            self.intc[(addr - 0x4C00) // 4] = data
        elif 0x4640 <= addr <= 0x467C and addr % 4 == 0:
            self.fmt0[(addr - 0x4640) // 4] = data

    def mulm(self, a, b):
        return sf.mul_z(a, b) if self.zmode else sf.mul(a, b)

    # ---- one quad --------------------------------------------------------------------------
    def run_quad(self, cov, responses, texreqs, frags):
        """responses: an iterator over texrsp value lists. Appends (values, trace) pairs."""
        q = {'out': [[[0] * 4 for _ in range(4)] for _ in range(4)], 'omask': [0] * 4, 'opc': [0] * 4,
             'tw': 0, 'z': [0] * 4, 'zmask': 0, 'kill': 0, 'pred': [[0] * 4 for _ in range(4)],
             'cov': cov, 'act': [1] * 4, 'cnt': [0] * 4, 'alu': [0] * 4, 'astk': [0] * 4, 'asp': 0,
             'lc': [0] * 4, 'lsp': 0, 'al': [0] * 4, 'alst': [0] * 4, 'alp': 0}
        start = (self.offset + self.start) % 512
        end = (self.offset + self.end) % 512
        pc = start
        steps = 0
        while True:
            steps += 1
            if steps > 100000:
                raise Diff('quad %d: program does not end (pc %d)' % (self.quadno, pc))
            w = self.inst[pc]
            self.executed += 1
            typ = bits(w[0], 1, 0)
            nxt = (pc + 1) % 512
            if typ in (0, 1):
                self.alu(q, pc, w, typ == 1)
            elif typ == 2:
                nxt = self.fc(q, pc, w)
            else:
                self.tex(q, pc, w, responses, texreqs)
            if bits(w[0], 8, 8) or pc == end:
                break
            pc = nxt
        # EMIT (section "Output conversion")
        wr = cov & ~q['kill'] & 0xF
        wsrc, wf = bits(self.wfmt, 2, 2), bits(self.wfmt, 1, 0)
        wmask, zl = 0, [0] * 4
        if not wsrc:
            wmask = q['zmask']
            for p in range(4):
                if wmask >> p & 1:
                    zl[p] = w_convert(q['z'][p], wf)
        tgts = [t for t in range(4) if q['tw'] >> t & 1 and FORMATS.get(bits(self.outfmt[t], 4, 0))]
        recs = tgts or [None]
        for i, t in enumerate(recs):
            lanes = [[0] * 4 for _ in range(4)]
            cmask = 0
            if t is not None:
                fr = self.outfmt[t]
                n, widths, kind = FORMATS[bits(fr, 4, 0)]
                for p in range(4):
                    for k in range(n):
                        ch = [3, 0, 1, 2][bits(fr, 9 + 2 * k, 8 + 2 * k)]
                        if q['omask'][t] >> (4 * p + ch) & 1:
                            cmask |= 1 << (4 * p + k)
                            sgn = bits(fr, 16 + k, 16 + k) if kind == 'su' else int(kind == 's')
                            lanes[p][k] = convert(q['out'][t][p][ch], widths[k], kind, sgn, bits(fr, 20, 20))
            cols = []
            for p in range(4):
                o = lanes[p]
                cols += [o[1] << 32 | o[0], o[3] << 32 | o[2]]
            tt = 0 if t is None else t
            opc = 0 if t is None else q['opc'][t]      # the empty record names no OUT (doc, reference)
            vals = [self.quadno & 0xFFFF, tt, int(i == len(recs) - 1), opc, wr,
                    cmask | wmask << 16] + cols + [zl[1] << 32 | zl[0], zl[3] << 32 | zl[2]]
            frags.append((vals, (self.quadno, q['opc'][tt], list(self.inst[q['opc'][tt]]))))
        self.quadno += 1

    # ---- ALU / OUT -------------------------------------------------------------------------
    def source(self, aw, i, p, aL):
        a = bits(aw, 10 * i + 7, 10 * i)
        rel = bits(aw, 10 * i + 9, 10 * i + 9)
        if bits(aw, 10 * i + 8, 10 * i + 8):
            return list(self.const[(a + aL * rel) % 256])
        if a & 0x80:
            f = inline_float(a & 0x7F)
            return [f] * 4
        return list(self.t[((a & 0x7F) + aL * rel) % 128][p])

    @staticmethod
    def presub(mode, s0, s1):
        out = []
        for c in range(4):
            if mode == 0:
                out.append(sf.add(ONE, neg(sf.mul(TWO, s0[c]))))
            elif mode == 1:
                out.append(sf.add(s1[c], neg(s0[c])))
            elif mode == 2:
                out.append(sf.add(s1[c], s0[c]))
            else:
                out.append(sf.add(ONE, neg(s0[c])))
        return out

    @staticmethod
    def modif(x, m):
        return [x, x ^ SIGN, x & ~SIGN & 0xFFFFFFFF, x | SIGN][m]

    @staticmethod
    def swz(src, code):
        return src[code] if code < 4 else [ZERO, HALF, ONE, ZERO][code - 4]

    def alu(self, q, pc, w, is_out):
        cmn, ra, aa, ri, ai, rgba = w
        rop, aop = bits(rgba, 3, 0), bits(ai, 3, 0)
        res_rgb, res_a = [], []
        srcs = []
        aL = aloop(q)
        for p in range(4):
            rs = [self.source(ra, i, p, aL) for i in range(3)]
            rs.append(self.presub(bits(ra, 31, 30), rs[0], rs[1]))
            as_ = [self.source(aa, i, p, aL) for i in range(3)]
            as_.append(self.presub(bits(aa, 31, 30), as_[0], as_[1]))
            srcs.append((rs, as_))
        for p in range(4):
            rs, as_ = srcs[p]
            A = [self.modif(self.swz(rs[bits(ri, 1, 0)], bits(ri, 4 + 3 * k, 2 + 3 * k)), bits(ri, 12, 11)) for k in range(3)]
            B = [self.modif(self.swz(rs[bits(ri, 14, 13)], bits(ri, 17 + 3 * k, 15 + 3 * k)), bits(ri, 25, 24)) for k in range(3)]
            C = [self.modif(self.swz(rs[bits(rgba, 13, 12)], bits(rgba, 16 + 3 * k, 14 + 3 * k)), bits(rgba, 24, 23)) for k in range(3)]
            Aa = self.modif(self.swz(as_[bits(ai, 13, 12)], bits(ai, 16, 14)), bits(ai, 18, 17))
            Ba = self.modif(self.swz(as_[bits(ai, 20, 19)], bits(ai, 23, 21)), bits(ai, 25, 24))
            Ca = self.modif(self.swz(as_[bits(rgba, 26, 25)], bits(rgba, 29, 27)), bits(rgba, 31, 30))
            if rop in (11, 12):
                other = 1 if rop == 11 else 2
                A = [self.modif(srcs[0][0][0][k], bits(ri, 12, 11)) for k in range(3)]
                C = [self.modif(srcs[other][0][0][k], bits(rgba, 24, 23)) for k in range(3)]
            if aop in (14, 15):
                other = 1 if aop == 14 else 2
                Aa = self.modif(srcs[0][1][0][3], bits(ai, 18, 17))
                Ca = self.modif(srcs[other][1][0][3], bits(rgba, 31, 30))
            pr = [self.mulm(A[k], B[k]) for k in range(3)]
            pa = self.mulm(Aa, Ba)
            s01 = sf.add(pr[0], pr[1])
            dp3 = sf.add(s01, pr[2])
            dp4 = sf.add(s01, sf.add(pr[2], pa))
            d2a = sf.add(s01, C[2])
            dp = dp3 if rop == 1 else d2a if rop == 3 else dp4
            if aop in (0, 14, 15):
                av = sf.add(pa, Ca)
            elif aop == 1:
                av = dp
            elif aop == 2:
                av = sf.fmin(Aa, Ba)
            elif aop == 3:
                av = sf.fmax(Aa, Ba)
            elif aop == 4:
                av = 0
            elif aop == 5:
                av = Aa if sf.cmp_lt(HALF, Ca) else Ba
            elif aop == 6:
                av = Aa if sf.cmp_le(0, Ca) else Ba
            else:
                av = {7: sf.frc, 8: sf.ex2, 9: sf.lg2, 10: sf.rcp, 11: sf.rsq, 12: sf.sin, 13: sf.cos}[aop](Aa)
            rv = []
            for c in range(3):
                if rop in (0, 11, 12):
                    v = sf.add(pr[c], C[c])
                elif rop == 1:
                    v = dp3
                elif rop == 2:
                    v = dp4
                elif rop == 3:
                    v = d2a
                elif rop == 4:
                    v = sf.fmin(A[c], B[c])
                elif rop == 5:
                    v = sf.fmax(A[c], B[c])
                elif rop == 7:
                    v = A[c] if sf.cmp_lt(HALF, C[c]) else B[c]
                elif rop == 8:
                    v = A[c] if sf.cmp_le(0, C[c]) else B[c]
                elif rop == 9:
                    v = sf.frc(A[c])
                elif rop == 10:
                    v = av
                else:
                    v = 0
                rv.append(v)
            res_rgb.append([self.omod(v, bits(ri, 28, 26), bits(cmn, 19, 19)) for v in rv])
            res_a.append(self.omod(av, bits(ai, 28, 26), bits(cmn, 20, 20)))
        # writes
        wi = bits(cmn, 7, 7)
        drgb = (bits(rgba, 10, 4) + aL * bits(rgba, 11, 11)) % 128
        dalp = (bits(ai, 10, 4) + aL * bits(ai, 11, 11)) % 128
        for p in range(4):
            on = q['act'][p] | wi
            gr = [self.gate_rgb(q, cmn, p, c) for c in range(3)]
            ga = self.gate_a(q, cmn, p)
            if on:
                for c in range(3):
                    if bits(cmn, 11 + c, 11 + c) and gr[c]:
                        self.t[drgb][p][c] = res_rgb[p][c]
                if bits(cmn, 14, 14) and ga:
                    self.t[dalp][p][3] = res_a[p]
            if is_out:
                if on:
                    trg, tga = bits(ri, 30, 29), bits(ai, 30, 29)
                    for c in range(3):
                        if bits(cmn, 15 + c, 15 + c) and gr[c]:
                            q['out'][trg][p][c] = res_rgb[p][c]
                            q['omask'][trg] |= 1 << (4 * p + c)
                    if bits(cmn, 18, 18) and ga:
                        q['out'][tga][p][3] = res_a[p]
                        q['omask'][tga] |= 1 << (4 * p + 3)
                    if bits(ai, 31, 31) and ga:
                        q['z'][p] = res_a[p]
                        q['zmask'] |= 1 << p
            else:
                if on:
                    for c in range(3):
                        if bits(cmn, 15 + c, 15 + c):
                            q['pred'][p][c] = int(cmpop(bits(ri, 30, 29), res_rgb[p][c]))
                    if bits(cmn, 18, 18):
                        q['pred'][p][3] = int(cmpop(bits(ai, 30, 29), res_a[p]))
            if bits(ri, 31, 31):
                x = res_rgb[p][0] if bits(cmn, 21, 21) == 0 else res_a[p]
                q['alu'][p] = int(cmpop(bits(cmn, 24, 23), x))
        if is_out:
            if bits(cmn, 17, 15):
                q['tw'] |= 1 << bits(ri, 30, 29)
                q['opc'][bits(ri, 30, 29)] = pc
            if bits(cmn, 18, 18):
                q['tw'] |= 1 << bits(ai, 30, 29)
                q['opc'][bits(ai, 30, 29)] = pc

    @staticmethod
    def omod(v, om, clamp):
        if om == 7:
            return v
        x = sf.mul(v, OMOD_K[om])
        return sat(x) if clamp else x

    @staticmethod
    def gate_rgb(q, cmn, p, c):
        s = bits(cmn, 5, 3)
        if s == 0 or s >= 6:
            return 1
        b = q['pred'][p][c] if s == 1 else q['pred'][p][s - 2]
        return b ^ bits(cmn, 6, 6)

    @staticmethod
    def gate_a(q, cmn, p):
        s = bits(cmn, 27, 25)
        if s == 0 or s >= 6:
            return 1
        b = q['pred'][p][3] if s in (1, 5) else q['pred'][p][s - 2]
        return b ^ bits(cmn, 22, 22)

    # ---- FC --------------------------------------------------------------------------------
    def fc(self, q, pc, w):
        cmn, fi, fa = w[0], w[2], w[3]
        act, cnt = q['act'], q['cnt']
        if bits(fi, 4, 4):
            for p in range(4):
                if act[p]:
                    act[p], cnt[p] = 0, 0
                elif cnt[p] == 0:
                    act[p] = 1
        b = (self.bools >> bits(fa, 4, 0)) & 1
        sel = bits(cmn, 5, 3)
        want = []
        for p in range(4):
            if sel in (1, 2):
                pr = q['pred'][p][0]
            elif sel in (3, 4, 5):
                pr = q['pred'][p][sel - 2]
            else:
                pr = None
            pr = 0 if pr is None else pr ^ bits(cmn, 6, 6)
            idx = q['alu'][p] << 2 | pr << 1 | b
            want.append((bits(fi, 15, 8) >> idx) & 1)
        part = [act[p] & ((q['cov'] >> p & 1) if bits(fi, 28, 28) else 1) for p in range(4)]
        if bits(fi, 5, 5):
            jump = any(want[p] and part[p] for p in range(4))
        else:
            jump = all(want[p] or not part[p] for p in range(4))
        op = bits(fi, 2, 0)
        if self.fullfc and 1 <= op <= 6:
            K = self.intc[bits(fa, 12, 8)]
            kr, kg, kb = bits(K, 7, 0), bits(K, 15, 8), bits(K, 23, 16)
            top, atop = (q['lsp'] - 1) % 4, (q['alp'] - 1) % 4
            if op in (1, 3):
                if kr == 0:
                    jump = True
                if not jump:
                    q['lc'][q['lsp']] = kr
                    q['lsp'] = (q['lsp'] + 1) % 4
                    if op == 1:
                        q['al'][q['alp']], q['alst'][q['alp']] = kg, kb
                        q['alp'] = (q['alp'] + 1) % 4
            elif op in (2, 4):
                q['lc'][top] = (q['lc'][top] - 1) % 256
                if op == 2:
                    q['al'][atop] = (q['al'][atop] + q['alst'][atop]) % 256
                jump = jump and q['lc'][top] != 0
                if not jump:
                    q['lsp'] = top
                    if op == 2:
                        q['alp'] = atop
            else:
                if jump:
                    q['lsp'] = top
                    if op == 5:
                        q['alp'] = atop
        bop = bits(fi, 27, 26) if jump else bits(fi, 25, 24)
        popc = bits(fi, 20, 16)
        for p in range(4):
            if bop == 1:
                if not act[p]:
                    if cnt[p] < popc:
                        act[p], cnt[p] = 1, 0
                    else:
                        cnt[p] -= popc
            elif bop == 2:
                if not act[p]:
                    cnt[p] = min(cnt[p] + 1, 255 if self.fullfc else PARTIAL_CNT_MAX)
                elif want[p] != int(jump):
                    act[p], cnt[p] = 0, 0
        if not jump:
            return (pc + 1) % 512
        target = (bits(fa, 24, 16) + (0 if bits(fa, 31, 31) else self.offset)) % 512
        aop = bits(fi, 7, 6)
        if aop == 1:
            q['asp'] = (q['asp'] - 1) % 4
            return q['astk'][q['asp']]
        if aop == 2:
            q['astk'][q['asp']] = (pc + 1) % 512
            q['asp'] = (q['asp'] + 1) % 4
        return target

    def dxdy_grad(self, w, p, aL):
        """DXDY: the derivative operands as they are (r5xx.tx scales them, decision 25)."""
        d = w[3]
        rx = (bits(d, 6, 0) + aL * bits(d, 7, 7)) % 128
        ry = (bits(d, 22, 16) + aL * bits(d, 23, 23)) % 128
        return [self.t[rx][p][bits(d, 9, 8)], self.t[rx][p][bits(d, 11, 10)],
                self.t[ry][p][bits(d, 25, 24)], self.t[ry][p][bits(d, 27, 26)]]

    # ---- TEX -------------------------------------------------------------------------------
    def tex(self, q, pc, w, responses, texreqs):
        cmn, ti, ta = w[0], w[1], w[2]
        op = bits(ti, 24, 22)
        if op in (0, 7):                      # NOP; 7 (reserved) does nothing as NOP
            return
        aL = aloop(q)
        src = (bits(ta, 6, 0) + aL * bits(ta, 7, 7)) % 128
        coords = [[self.t[src][p][bits(ta, 9 + 2 * k, 8 + 2 * k)] for k in range(4)] for p in range(4)]
        if op == 2:
            for p in range(4):
                if any(sf.cmp_lt(coords[p][k], 0) for k in range(4)):
                    q['kill'] |= 1 << p
            return
        pix = [p for p in range(4) if (not bits(ti, 26, 26)) or (q['cov'] >> p & 1)]
        reqs = []
        proj = []
        for p in range(4):
            s, t_, r, qq = coords[p]
            if op == 3:
                rq = sf.rcp(qq)
                s, t_, r = sf.mul(s, rq), sf.mul(t_, rq), sf.mul(r, rq)
            proj.append((s, t_, r, qq))
        neg = lambda v: v ^ 0x80000000
        # the quad's differences (decision 25): TR - TL along x, BL - TL along y, as MDH/MDV
        qd = [sf.add(proj[1][0], neg(proj[0][0])), sf.add(proj[1][1], neg(proj[0][1])),
              sf.add(proj[2][0], neg(proj[0][0])), sf.add(proj[2][1], neg(proj[0][1]))]
        for p in pix:
            s, t_, r, qq = proj[p]
            lod, lmode = (qq, 1) if op == 5 else (qq, 2) if op == 4 else (0, 0)
            grad = 0 if op == 5 else 1
            d = [0, 0, 0, 0] if op == 5 else self.dxdy_grad(w, p, aL) if op == 6 else qd
            vals = [pc, bits(ti, 19, 16), op, bits(ti, 27, 27), p, s, t_, r, lod, lmode, grad] + d
            texreqs.append((vals, (self.quadno, pc, list(w))))
            reqs.append(p)
        dst = (bits(ta, 22, 16) + aL * bits(ta, 23, 23)) % 128
        for p in reqs:
            try:
                rsp = next(responses)
            except StopIteration:
                raise Diff('quad %d pc %d: the vector has no texture response left for pixel %d'
                           % (self.quadno, pc, p))
            comp = rsp[2:6]
            if len(rsp) > 7 and rsp[7]:       # r5xx.tx's chroma-key kill: the pixel is killed
                q['kill'] |= 1 << p
            on = q['act'][p] | bits(cmn, 7, 7)
            if not on:
                continue
            for c in range(4):
                v = comp[bits(ta, 25 + 2 * c, 24 + 2 * c)]
                g = self.gate_rgb(q, cmn, p, c) if c < 3 else self.gate_a(q, cmn, p)
                if bits(cmn, 11 + c, 11 + c) and g:
                    if bits(cmn, 19 if c < 3 else 20, 19 if c < 3 else 20):
                        v = sat(v)
                    self.t[dst][p][c] = v


def run(path):
    """Executes the vector; returns (texreqs, frags, us) with (values, (quad, pc)) items."""
    v = vector.read(path)
    us = US()
    regws = list(v.inputs('regw'))
    quads = list(v.inputs('quad'))
    responses = iter([vals for _, vals in v.inputs('texrsp')])
    texreqs, frags = [], []
    ri = 0
    beat = 0
    while beat < len(quads):
        wseq = quads[beat][1][0]
        while us.wcount != wseq:
            if ri >= len(regws):
                raise Diff('quad %d waits for write count %d; only %d writes in the vector'
                           % (us.quadno, wseq, us.wcount))
            us.regw(*regws[ri][1])
            ri += 1
        while True:
            vals = quads[beat][1]
            beat += 1
            addr, cov, last = vals[1], vals[2], vals[3]
            for p in range(4):
                rg, ba = vals[4 + 2 * p], vals[5 + 2 * p]
                us.t[addr][p] = [rg & 0xFFFFFFFF, rg >> 32, ba & 0xFFFFFFFF, ba >> 32]
            if last or beat >= len(quads):
                break
        us.run_quad(cov, responses, texreqs, frags)
    while ri < len(regws):
        us.regw(*regws[ri][1])
        ri += 1
    return texreqs, frags, us


def disasm(w):
    typ = ['ALU', 'OUT', 'FC', 'TEX'][w[0] & 3]
    return '%s %s' % (typ, ' '.join('%08x' % x for x in w))


if __name__ == '__main__':
    for f in sys.argv[1:]:
        tr, fr, us = run(f)
        print('%s: %d texture requests, %d frag records, %d instructions' % (f, len(tr), len(fr), us.executed))
