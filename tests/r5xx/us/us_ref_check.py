#!/usr/bin/env python3
"""r5xx.us's independent reference (scripts/blocks/r5xx_us_ref.py) against vectors.

usage: us_ref_check.py ROOT check VEC...              every vector's texreq and frag, in order
       us_ref_check.py ROOT catches VEC               one expected frag colour changed: must FAIL
       us_ref_check.py ROOT limits DEPTHVEC FMTVEC       the reference without the partial-mode branch-depth
                                                      limit must FAIL on DEPTHVEC, with the MPEG formats
                                                      following OUT_SIGN on FMTVEC (decisions 22, 17)
       us_ref_check.py ROOT random RCOSIM SEED[,SEED...] COUNT [MIN_INSTR]
                                                      rcosim gen vectors (temp dir), one per seed, checked;
                                                      at least MIN_INSTR instructions in all
A difference names the channel, the index, the quad, the pixel, the pc and the instruction words.
Prints PASS or FAIL lines; exit status 1 on any FAIL.
"""
import os
import subprocess
import sys
import tempfile

from blocks import r5xx_us_ref as ref
from rcosim_py import vector

TEXF = 'pc smp op unscaled quad s t r lod lmode'.split()
FRAGF = ('quad tgt last pc wr mask p0rg p0ba p1rg p1ba p2rg p2ba p3rg p3ba z01 z23').split()


def compare(path, mutate=None):
    """Returns a list of difference strings (empty: agree) and the instruction count."""
    v = vector.read(path)
    try:
        tr, fr, us = ref.run(path)
    except ref.Diff as e:
        return ['%s: %s' % (path, e)], 0
    exp = {'texreq': [vals for _, vals in v.outputs('texreq')],
           'frag': [vals for _, vals in v.outputs('frag')]}
    if mutate:
        mutate(exp)
    diffs = []
    for ch, got, names in (('texreq', tr, TEXF), ('frag', fr, FRAGF)):
        e = exp[ch]
        for i in range(max(len(got), len(e))):
            if i >= len(got) or i >= len(e):
                diffs.append('%s: %s #%d: %s' % (path, ch, i, 'reference has none' if i >= len(got)
                                                 else 'vector has none (reference: quad %d pc %d)' % got[i][1][:2]))
                break
            g, (quadno, pc, words) = got[i]
            if g != e[i]:
                bad = [n for n, a, b in zip(names, g, e[i]) if a != b]
                pix = ''
                if ch == 'texreq':
                    pix = ' pixel %d' % g[4]
                else:
                    px = sorted({int(n[1]) for n in bad if n[0] == 'p' and n[1].isdigit()} |
                                {2 * int(n[1]) + k for n in bad if n[0] == 'z' for k in (0, 1)})
                    pix = ' pixels %s' % px if px else ''
                fields = ', '.join('%s ref %x vec %x' % (n, a, b)
                                   for n, a, b in zip(names, g, e[i]) if a != b)
                diffs.append('%s: %s #%d quad %d%s pc %d [%s]: %s' % (
                    path, ch, i, quadno, pix, pc, ref.disasm(words), fields))
                if len(diffs) >= 5:
                    return diffs, us.executed
    return diffs, us.executed


def check(paths):
    total, bad = 0, 0
    for p in paths:
        diffs, n = compare(p)
        total += n
        if diffs:
            bad += 1
            print('FAIL ' + '\nFAIL '.join(diffs))
        else:
            print('PASS %s (%d instructions)' % (os.path.basename(p), n))
    return bad, total


def main(argv):
    mode = argv[2]
    if mode == 'check':
        bad, total = check(argv[3:])
        print('%s r5xx.us reference: %d vectors, %d instructions executed'
              % ('FAIL' if bad else 'PASS', len(argv) - 3, total))
        return 1 if bad else 0
    if mode == 'catches':
        def flip_frag(exp):
            # one colour bit of the first frag record that writes a channel
            for vals in exp['frag']:
                if vals[5]:
                    vals[6] ^= 1 << 22
                    return
            raise SystemExit('FAIL no written colour to change')

        def flip_tex(exp):
            if not exp['texreq']:
                raise SystemExit('FAIL no texture request to change')
            exp['texreq'][-1][5] ^= 1                  # the last request's s, lowest bit

        ok = True
        for what, fn, key in (('output colour', flip_frag, ' frag #'), ('texture coordinate', flip_tex, ' texreq #')):
            diffs, _ = compare(argv[3], fn)
            if diffs and key in diffs[0] and ' ref ' in diffs[0]:
                print('caught: ' + diffs[0])
            else:
                print('FAIL a changed expected %s was not reported' % what)
                ok = False
        diffs, _ = compare(argv[3])
        if diffs:
            print('FAIL the unchanged vector does not pass: ' + diffs[0])
            ok = False
        if ok:
            print('PASS r5xx.us reference catches a changed output colour and texture coordinate')
        return 0 if ok else 1
    if mode == 'limits':
        ok = True
        for vec in argv[3:5]:                      # both pass as they are
            diffs, _ = compare(vec)
            if diffs:
                print('FAIL the unchanged vector does not pass: ' + diffs[0])
                ok = False
        saved = ref.PARTIAL_CNT_MAX
        ref.PARTIAL_CNT_MAX = 255                  # no branch-depth limit in partial flow control
        diffs, _ = compare(argv[3])
        ref.PARTIAL_CNT_MAX = saved
        if diffs and ' frag #' in diffs[0]:
            print('caught (no depth limit): ' + diffs[0])
        else:
            print('FAIL %s does not observe the partial-mode branch-depth limit' % argv[3])
            ok = False
        saved = dict(ref.FORMATS)
        for code in (6, 7):                        # the MPEG formats signed or unsigned by OUT_SIGN
            n, widths, _ = ref.FORMATS[code]
            ref.FORMATS[code] = (n, widths, 'su')
        diffs, _ = compare(argv[4])
        ref.FORMATS.clear()
        ref.FORMATS.update(saved)
        if diffs and ' frag #' in diffs[0]:
            print('caught (MPEG by OUT_SIGN): ' + diffs[0])
        else:
            print('FAIL %s does not observe the signed MPEG formats' % argv[4])
            ok = False
        if ok:
            print('PASS r5xx.us reference: the vectors observe the depth limit and the signed MPEG formats')
        return 0 if ok else 1
    if mode == 'random':
        rcosim, seeds, count = argv[3], [int(x) for x in argv[4].split(',')], int(argv[5])
        need = int(argv[6]) if len(argv) > 6 else 0
        total = 0
        for seed in seeds:
            with tempfile.TemporaryDirectory() as d:
                f = os.path.join(d, 'us_%d.vec' % seed)
                subprocess.run([rcosim, 'gen', '--block', 'r5xx.us', '--seed', str(seed), '--count', str(count),
                                '-o', f], check=True, stdout=subprocess.DEVNULL)
                diffs, n = compare(f)
            total += n
            if diffs:
                print('FAIL ' + '\nFAIL '.join(diffs))
                print('FAIL r5xx.us reference, random seed %d count %d' % (seed, count))
                return 1
            print('PASS r5xx.us reference, random seed %d count %d: %d instructions executed' % (seed, count, n))
        if total < need:
            print('FAIL only %d instructions executed (want %d)' % (total, need))
            return 1
        print('PASS r5xx.us reference, random seeds %s: %d instructions executed' % (argv[4], total))
        return 0
    raise SystemExit('usage: see the header')


if __name__ == '__main__':
    sys.exit(main(sys.argv))
