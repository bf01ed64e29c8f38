#!/usr/bin/env python3
"""tx_codes.py - every code point of every texel format of r5xx.tx (issue 23: "each format decoded
bit-exact against the reference on every code point ... DXT blocks included"): the C model's
decode (tests/r5xx/tx/tx_codes.c, linked with model/r5xx/tx/tx_math.c) against the independent
reference scripts/blocks/r5xx_tx_ref.py (written from docs/blocks/r5xx.tx.md alone):

  - fixed formats 0-14, unsigned and with every SIGNED_COMP bit: every code of every component
    (all 65,536 of the 16-bit ones, all 1,024/2,048 of the 10- and 11-bit ones, ...), at every
    byte offset a texel of that size can have in its dword;
  - DXT1/3/5: every RGB565 code as c0 and as c1 with each palette index, DXT3 alpha nibbles, every
    DXT5 alpha end pair (a0, a1) with each of the eight indices; ATI1N and ATI2N the same, unsigned
    and signed (D22);
  - the conversion of every channel value -65535..65535 to binary32 (D6).

Usage: tx_codes.py TX_CODES SOURCE_DIR [--inject]
  --inject: the driver flips one component; the check must fail (exit 1) naming that record.
"""
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.join(sys.argv[2] if len(sys.argv) > 2 else '.', 'scripts'))
from blocks import r5xx_tx_ref as ref  # noqa: E402

M32 = 0xFFFFFFFF


def s32(x):
    return x - (1 << 32) if x >> 31 else x


def expect_fixed(f, sgn, off, w):
    widths = ref.FIXED_WIDTHS[f]
    word = (w[0] | w[1] << 32) if f == 14 else (w[0] >> (8 * off))
    comps, pos = [0, 0, 0, 0], 0
    for k, nb in enumerate(widths):
        c = (word >> pos) & ((1 << nb) - 1)
        pos += nb
        comps[k] = ref.widen_signed(c, nb) if sgn >> k & 1 else ref.widen(c, nb)
    return comps, (1 << len(widths)) - 1


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    inject = '--inject' in argv
    p = subprocess.run([argv[1]] + (['--inject'] if inject else []), capture_output=True)
    if p.returncode != 0:
        print('FAIL: %s exited %d: %s' % (argv[1], p.returncode, p.stderr.decode()))
        return 1
    counts, bad, seen = {}, [], {}
    for rec in struct.iter_unpack('<16I', p.stdout):
        kind, sgn, sub = rec[0] & 0xFFF, (rec[0] >> 12) & 15, rec[0] >> 16
        w = rec[1:5]
        if kind == 0x200:
            v = s32(w[0])
            got, want = rec[8], ref.to_float(v)
            name = 'conversion'
        else:
            got = tuple(s32(x) for x in rec[8:12]) + (rec[12],)
            if kind <= 14:
                comps, mask = expect_fixed(kind, sgn, sub, w)
                name = 'format %d%s' % (kind, ' signed' if sgn else '')
                for k, nb in enumerate(ref.FIXED_WIDTHS[kind]):   # codes seen per component
                    word = (w[0] | w[1] << 32) if kind == 14 else (w[0] >> (8 * sub))
                    pos = sum(ref.FIXED_WIDTHS[kind][:k])
                    seen.setdefault((kind, sgn, k), set()).add((word >> pos) & ((1 << nb) - 1))
            elif kind in (15, 16, 17):
                comps, mask = [c * 257 for c in ref.dxt_texel(kind, list(w), sub)], 15
                name = 'DXT%d' % {15: 1, 16: 3, 17: 5}[kind]
                seen.setdefault(('c0', kind), set()).add(w[0 if kind == 15 else 2] & 0xFFFF)
                seen.setdefault(('c1', kind), set()).add(w[0 if kind == 15 else 2] >> 16)
                if kind == 17:
                    seen.setdefault(('a01', sub), set()).add(w[0] & 0xFFFF)
            else:
                two = kind == 31
                comps = [ref.ati_channel(w[0], w[1], sub, sgn & 1),
                         ref.ati_channel(w[2], w[3], sub, sgn >> 1 & 1) if two else 0, 0, 0]
                mask = 3 if two else 1
                name = ('ATI2N' if two else 'ATI1N') + (' signed' if sgn else '')
            want = tuple(comps) + (mask,)
        counts[name] = counts.get(name, 0) + 1
        if got != want:
            bad.append('%s sgn %x sub %d dwords %s: model %s, reference %s' %
                       (name, sgn, sub, ' '.join('%08x' % x for x in w), got, want))
    # the enumeration reached every code: each component of each fixed format, every RGB565
    # code as c0 and as c1, every DXT5 alpha end pair at every index
    missing = []
    for f, widths in ref.FIXED_WIDTHS.items():
        for sgn in (0, 15):
            for k, nb in enumerate(widths):
                if len(seen.get((f, sgn, k), ())) != 1 << nb:
                    missing.append('format %d sgn %x component %d' % (f, sgn, k))
    for key in [('c0', k) for k in (15, 16, 17)] + [('c1', k) for k in (15, 16, 17)] + [('a01', j) for j in range(8)]:
        if len(seen.get(key, ())) != 65536:
            missing.append('DXT %s' % (key,))
    for line in bad[:10]:
        print(line)
    print('; '.join('%s %d' % kv for kv in sorted(counts.items())))
    if missing:
        print('not every code point enumerated: %s' % ', '.join(missing))
    total = sum(counts.values())
    print('%s: %d decodes compared, %d differ' % ('FAIL' if bad or missing else 'PASS', total, len(bad)))
    return 1 if bad or missing else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
