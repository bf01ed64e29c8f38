#!/usr/bin/env python3
"""r5xx_us_disasm.py - the r5xx.us programs of a vector, decoded (docs/blocks/r5xx.us.md, ISA).

Replays the vector's register writes through the loader's rules (GA_US_VECTOR_INDEX/DATA, the
program window) written again here, independent of the C model, and prints:

  VECTOR                 every program a quad ran: its window and each instruction decoded
  VECTOR --pc N [--quad Q]   the instruction at absolute index N as quad Q saw it (default: the
                         last quad); what a fault report's `pc` and `quad` fields point at
  VECTOR --stats         the field values the loaded instructions use (for the coverage test)
"""
import sys

from rcosim_py import vector


def bits(w, hi, lo):
    return (w >> lo) & ((1 << (hi - lo + 1)) - 1)


def inline(c):
    e, m = c >> 3, c & 7
    if e:
        return '%g' % ((1 + m / 8) * 2.0 ** (e - 7))
    return '%g' % (m * 2.0 ** -9)


SWZ = 'rgba0h1_'
MODS = [('', ''), ('-', ''), ('|', '|'), ('-|', '|')]
ROPS = ['MAD', 'DP3', 'DP4', 'D2A', 'MIN', 'MAX', 'RSV6', 'CND', 'CMP', 'FRC', 'SOP', 'MDH', 'MDV',
        'RSV13', 'RSV14', 'RSV15']
AOPS = ['MAD', 'DP', 'MIN', 'MAX', 'RSV4', 'CND', 'CMP', 'FRC', 'EX2', 'LN2', 'RCP', 'RSQ', 'SIN', 'COS',
        'MDH', 'MDV']
TEXOPS = ['NOP', 'LD', 'KIL', 'PROJ', 'LODBIAS', 'LOD', 'DXDY', 'RSV7']
FCOPS = ['JUMP', 'LOOP', 'ENDLOOP', 'REP', 'ENDREP', 'BREAKLOOP', 'BREAKREP', 'CONTINUE']
OMOD = ['', ' *2', ' *4', ' *8', ' /2', ' /4', ' /8', ' noomod']
CMP = ['==', '<', '>=', '!=']


def srcs(aw):
    out = []
    for i in range(3):
        a, cst = bits(aw, 10 * i + 7, 10 * i), (aw >> (10 * i + 8)) & 1
        out.append('s%d=%s' % (i, ('c%d' % a) if cst else ('#' + inline(a & 127)) if a & 128 else ('r%d' % a)))
    out.append('sp=' + ['1-2*s0', 's1-s0', 's1+s0', '1-s0'][aw >> 30])
    return ' '.join(out)


def opnd(sel, mod, swz):
    pre, post = MODS[mod]
    return '%s%s.%s%s' % (pre, ['s0', 's1', 's2', 'sp'][sel], ''.join(SWZ[s] for s in swz), post)


def mask(m, n):
    return ''.join('rgba'[i] for i in range(n) if (m >> i) & 1)


def decode(w):
    cmn = w[0]
    t = cmn & 3
    if t == 3:
        ti, ta = w[1], w[2]
        return 'TEX %s map%d r%d.%s <- r%d.%s swz %s%s%s%s' % (
            TEXOPS[bits(ti, 24, 22)], bits(ti, 19, 16), bits(ta, 22, 16), mask(bits(cmn, 14, 11), 4),
            bits(ta, 6, 0), ''.join(SWZ[bits(ta, 9 + 2 * k, 8 + 2 * k)] for k in range(4)),
            ''.join(SWZ[bits(ta, 25 + 2 * k, 24 + 2 * k)] for k in range(4)),
            ' sem_acquire' if (ti >> 25) & 1 else '', ' ignore_uncovered' if (ti >> 26) & 1 else '',
            ' unscaled' if (ti >> 27) & 1 else '')
    if t == 2:
        fi, fa = w[2], w[3]
        return 'FC %s addr=%d%s bool=%d int=%d func=%02x a_op=%d b_op0=%d b_op1=%d pop=%d%s%s%s' % (
            FCOPS[fi & 7], bits(fa, 24, 16), '(global)' if fa >> 31 else '', bits(fa, 4, 0), bits(fa, 12, 8),
            bits(fi, 15, 8), bits(fi, 7, 6), bits(fi, 25, 24), bits(fi, 27, 26), bits(fi, 20, 16),
            ' else' if (fi >> 4) & 1 else '', ' any' if (fi >> 5) & 1 else '',
            ' ignore_uncovered' if (fi >> 28) & 1 else '')
    ri, ai, rgba = w[3], w[4], w[5]
    s = '%s rgb: %s r%d.%s, %s, %s, %s%s%s' % (
        'OUT' if t == 1 else 'ALU', ROPS[rgba & 15], bits(rgba, 10, 4), mask(bits(cmn, 13, 11), 3),
        opnd(ri & 3, bits(ri, 12, 11), [bits(ri, 4 + 3 * c, 2 + 3 * c) for c in range(3)]),
        opnd(bits(ri, 14, 13), bits(ri, 25, 24), [bits(ri, 17 + 3 * c, 15 + 3 * c) for c in range(3)]),
        opnd(bits(rgba, 13, 12), bits(rgba, 24, 23), [bits(rgba, 16 + 3 * c, 14 + 3 * c) for c in range(3)]),
        OMOD[bits(ri, 28, 26)], ' sat' if (cmn >> 19) & 1 and bits(ri, 28, 26) != 7 else '')
    if bits(cmn, 17, 15):
        s += (' -> out%d.' % bits(ri, 30, 29) if t == 1 else ' -> pred%s0.' % CMP[bits(ri, 30, 29)]) + \
            mask(bits(cmn, 17, 15), 3)
    s += '; a: %s r%d.%s, %s, %s, %s%s%s' % (
        AOPS[ai & 15], bits(ai, 10, 4), 'a' if (cmn >> 14) & 1 else '',
        opnd(bits(ai, 13, 12), bits(ai, 18, 17), [bits(ai, 16, 14)]),
        opnd(bits(ai, 20, 19), bits(ai, 25, 24), [bits(ai, 23, 21)]),
        opnd(bits(rgba, 26, 25), bits(rgba, 31, 30), [bits(rgba, 29, 27)]),
        OMOD[bits(ai, 28, 26)], ' sat' if (cmn >> 20) & 1 and bits(ai, 28, 26) != 7 else '')
    if (cmn >> 18) & 1:
        s += ' -> out%d.a' % bits(ai, 30, 29) if t == 1 else ' -> pred%s0.a' % CMP[bits(ai, 30, 29)]
    if t == 1 and ai >> 31:
        s += ' -> w'
    s += '; rgb %s; a %s' % (srcs(w[1]), srcs(w[2]))
    for b, name in ((8, 'last'), (9, 'nop'), (2, 'sem_wait')):
        if (cmn >> b) & 1:
            s += ' ' + name
    return s


class Loader:
    def __init__(self):
        self.inst = [[0] * 6 for _ in range(512)]
        self.vindex, self.vdw, self.offset, self.start, self.end, self.n = 0, 0, 0, 0, 0, 0
        self.loaded = []          # every instruction as written (for --stats)

    def write(self, a, d):
        self.n = (self.n + 1) & 0xFFFF
        if a == 0x4250:
            self.vindex, self.vdw = d & 0x301FF, 0
        elif a == 0x4254:
            idx = self.vindex & 0x1FF
            if self.vindex & 0x10000:
                self.vdw += 1
                if self.vdw == 4:
                    self.vdw, self.vindex = 0, (self.vindex & ~0x1FF) | ((idx + 1) & 0xFF)
            else:
                self.inst[idx][self.vdw] = d
                self.vdw += 1
                if self.vdw == 6:
                    self.loaded.append(list(self.inst[idx]))
                    self.vdw, self.vindex = 0, (self.vindex & ~0x1FF) | ((idx + 1) & 0x1FF)
        elif a == 0x4630:
            self.start, self.end = d & 0x1FF, (d >> 16) & 0x1FF
        elif a == 0x4638:
            self.offset = d & 0x1FF


def read(path):
    """(register writes, the quad inputs' valid-pixel masks) of an r5xx.us vector, through the
    one vector reader (rcosim_py.vector)."""
    v = vector.read(path)
    regw = [(vals[0], vals[1]) for _, vals in v.inp.get('regw', [])]
    quads = [vals[0] for _, vals in v.inp.get('quad', []) if len(vals) > 3 and vals[3] == 1]
    return regw, quads


def state_at(regw, wseq_count):
    ld = Loader()
    for a, d in regw[:wseq_count]:
        ld.write(a, d)
    return ld


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        regw, quads = read(argv[1])
    except vector.VectorError as e:
        sys.stderr.write('r5xx_us_disasm.py: %s\n' % e)
        return 2
    if '--stats' in argv:
        ld = state_at(regw, len(regw))
        seen = {k: set() for k in ('rop', 'aop', 'swz', 'mod', 'srcp', 'omod', 'src', 'texop', 'psel', 'tgt',
                                   'fcop', 'aop_fc', 'bop', 'fcflag', 'outfmt', 'outsel', 'wfmt', 'fcfull', 'rel')}
        for a, v in regw:                        # output formats, W format, FULL_FC_EN as written
            if 0x46A4 <= a <= 0x46B0 and a % 4 == 0:
                seen['outfmt'].add(v & 31)
                seen['outsel'].update(bits(v, 9 + 2 * k, 8 + 2 * k) for k in range(4))
                seen['outfmt'].update(n for b, n in ((16, 'sign'), (20, 'round_adj')) if (v >> b) & 1)
            elif a == 0x46B4:
                seen['wfmt'].add(v & 7)
            elif a == 0x4624:
                seen['fcfull'].add(v >> 31)
        for w in ld.loaded:
            t = w[0] & 3
            seen['psel'].update((bits(w[0], 5, 3), bits(w[0], 27, 25)))
            if t == 2:
                fi = w[2]
                seen['fcop'].add(fi & 7)
                seen['aop_fc'].add(bits(fi, 7, 6))
                seen['bop'].update((bits(fi, 25, 24), bits(fi, 27, 26)))
                seen['fcflag'].update(n for b, n in ((4, 'else'), (5, 'any'), (28, 'ignore_uncovered'))
                                      if (fi >> b) & 1)
                if w[3] >> 31:
                    seen['fcflag'].add('global')
            if t == 3:
                seen['texop'].add(bits(w[1], 24, 22))
                seen['rel'].update(n for b, n in ((7, 'texsrc'), (23, 'texdst')) if (w[2] >> b) & 1)
                if bits(w[1], 24, 22) == 6:
                    seen['rel'].update(n for b, n in ((7, 'dx'), (23, 'dy')) if (w[3] >> b) & 1)
            elif t in (0, 1):
                seen['rop'].add(w[5] & 15)
                seen['aop'].add(w[4] & 15)
                seen['swz'].update([bits(w[3], 4 + 3 * k, 2 + 3 * k) for k in range(3)] + [bits(w[3], 17 + 3 * k, 15 + 3 * k) for k in range(3)])
                seen['swz'].update([bits(w[5], 16 + 3 * k, 14 + 3 * k) for k in range(3)] + [bits(w[4], 16, 14)])
                seen['mod'].update((bits(w[3], 12, 11), bits(w[3], 25, 24), bits(w[4], 18, 17)))
                seen['srcp'].update((w[1] >> 30, w[2] >> 30))
                seen['omod'].update((bits(w[3], 28, 26), bits(w[4], 28, 26)))
                seen['tgt'].update((bits(w[3], 30, 29), bits(w[4], 30, 29)))
                seen['rel'].update(n for x, n in ((w[5], 'rgbdst'), (w[4], 'alphadst')) if (x >> 11) & 1)
                for aw in (w[1], w[2]):
                    for i in range(3):
                        if (aw >> (10 * i + 9)) & 1:
                            seen['rel'].add('src')
                        a = bits(aw, 10 * i + 7, 10 * i)
                        seen['src'].add('const' if (aw >> (10 * i + 8)) & 1 else 'inline' if a & 128 else 'temp')
        for k, v in seen.items():
            print('%s: %s' % (k, ' '.join(str(x) for x in sorted(v, key=str))))
        return 0
    q = len(quads) - 1
    if '--quad' in argv:
        q = int(argv[argv.index('--quad') + 1])
    ld = state_at(regw, quads[q] if 0 <= q < len(quads) else len(regw))
    if '--pc' in argv:
        pc = int(argv[argv.index('--pc') + 1], 0)
        print('quad %d pc %d: %s' % (q, pc, decode(ld.inst[pc])))
        print('  words %s' % ' '.join('%08x' % x for x in ld.inst[pc]))
        return 0
    lo, hi = (ld.offset + ld.start) & 511, (ld.offset + ld.end) & 511
    print('window %d..%d' % (lo, hi))
    pc = lo
    for _ in range(512):
        print('%3d: %s' % (pc, decode(ld.inst[pc])))
        if (ld.inst[pc][0] >> 8) & 1 or pc == hi:
            break
        pc = (pc + 1) & 511
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
