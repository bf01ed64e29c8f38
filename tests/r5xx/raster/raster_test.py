#!/usr/bin/env python3
"""raster_test.py - end-to-end tests of the r5xx.raster block (docs/blocks/r5xx.raster.md) through the
rcosim command line: a wrong fragment field injected on either side is caught and named, the same
run passes without it; a wrong expected pixel in a golden vector fails with a report that names
the primitive, the pixel and the interpolated values; the directed golden vectors agree with the
independent reference of scripts/blocks/r5xx_raster_directed.py (and so does a seeded random vector,
fire cycles included) and their stimulus files are what that script writes today; the seeded random stimulus programs every PRIM_TYPE and every value of the
enumerated register fields the block uses, and the quad path every coverage; a wrong quad or zq
field is caught and named.

Usage: raster_test.py RCOSIM SOURCE_DIR CASE
Each CASE is one CTest test.  Runs from SOURCE_DIR.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402

SCRIPT = os.path.join('blocks', 'r5xx_raster_directed.py')
RANDOM = ['--block', 'r5xx.raster', '--count', '600', '--seed', '5', '--backpressure', 'random:0.5']
# past the first 64 epochs (the quad path starts there): enough quad records
QUAD = ['--block', 'r5xx.raster', '--count', '900', '--seed', '5', '--backpressure', 'random:0.5']


def case_fault_rtl(ctx):
    """A flipped depth bit on the RTL side (the 11th fragment) is caught and named."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:frag.z@10^0x1', expect_rc=1)
    contains(p.stdout, 'MISMATCH r5xx.raster at cycle ',
             ': channel frag (out), transaction #10: field z differs (expected: model, actual: rtl)',
             'FAIL r5xx.raster random count 600: cycle ', 'channel frag (out) #10 field z differs')


def case_fault_model(ctx):
    """On the model side: a colour bit, and the pixel's x of another fragment."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:frag.argb@40^0x100000000', expect_rc=1)
    contains(p.stdout, ': channel frag (out), transaction #40: field argb differs')
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:frag.x@77^0x4', expect_rc=1)
    contains(p.stdout, ': channel frag (out), transaction #77: field x differs')


def case_fault_quad(ctx):
    """The quad path's outputs: a flipped interpolated value bit on the RTL side, a coverage bit
    and a zq depth bit on the model side are caught and named."""
    p = run(ctx, 'run', *QUAD, '--inject', 'rtl:quad.p1rg@20^0x1', expect_rc=1)
    contains(p.stdout, ': channel quad (out), transaction #20: field p1rg differs (expected: model, actual: rtl)',
             'channel quad (out) #20 field p1rg differs')
    p = run(ctx, 'run', *QUAD, '--inject', 'model:quad.cov@31^0x2', expect_rc=1)
    contains(p.stdout, ': channel quad (out), transaction #31: field cov differs')
    p = run(ctx, 'run', *QUAD, '--inject', 'model:zq.z2@9^0x10', expect_rc=1)
    contains(p.stdout, ': channel zq (out), transaction #9: field z2 differs')
    p = run(ctx, 'run', *QUAD, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.raster random count 900: ')


def case_fault_needs_compare(ctx):
    """Without the fault the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.raster random count 600: ')


def case_wrong_expected(ctx):
    """A golden vector with one expected pixel's colour changed fails, naming the primitive, the
    pixel and the interpolated values (fields of frag) of the expected and the actual fragment."""
    src = os.path.join(ctx['src'], 'vectors', 'r5xx', 'raster', 'tri_basic.vec')
    lines = open(src).read().split('\n')
    k = [i for i, l in enumerate(lines) if l.startswith('out frag ')][5]
    f = lines[k].split()
    f[8] = '%016x' % (int(f[8], 16) ^ 0x1)           # argb
    lines[k] = ' '.join(f)
    vec = os.path.join(ctx['tmp'], 'wrong.vec')
    open(vec, 'w').write('\n'.join(lines))
    p = run(ctx, 'replay', '--vector', vec, expect_rc=1)
    g = ['0x' + v for v in f[3:9]]
    w = list(g)
    w[5] = '0x%016x' % (int(f[8], 16) ^ 0x1)
    contains(p.stdout, 'MISMATCH r5xx.raster at cycle %d: channel frag (out), transaction #5: field argb differs '
             '(expected: vector, actual: rtl)' % int(f[2][1:]),
             '    prim       %-24s %s\n' % (g[0], w[0]), '    x          %-24s %s\n' % (g[1], w[1]),
             '    y          %-24s %s\n' % (g[2], w[2]), '    z          %-24s %s\n' % (g[3], w[3]),
             '  * argb       %-24s %s\n' % (g[5], w[5]),
             'FAIL r5xx.raster %s: cycle %d: channel frag (out) #5 field argb differs (vector vs rtl)' % (vec, int(f[2][1:])))


def case_directed_check(ctx):
    """The golden vectors' fragments equal scripts/blocks/r5xx_raster_directed.py's reference."""
    rctest.directed_check(ctx, 'raster', SCRIPT)


def case_stim_current(ctx):
    """The committed stimulus files are what scripts/blocks/r5xx_raster_directed.py writes today."""
    rctest.stim_current(ctx, 'raster', SCRIPT)


def case_random_reference(ctx):
    """2,000 seeded random vertices (racing register writes included), made by the C model with an
    always-ready frag: every fragment and its fire cycle equal the independent Python reference."""
    vec = os.path.join(ctx['tmp'], 'random.vec')
    run(ctx, 'gen', '--block', 'r5xx.raster', '--seed', '21', '--count', '2000', '--backpressure', 'always',
        '-o', vec, '--quiet', expect_rc=0)
    p = rctest.script(ctx, SCRIPT, '--check-vector', vec)
    if p.returncode != 0 or 'PASS: ' not in p.stdout:
        raise Fail('%s --check-vector:\n%s%s' % (SCRIPT, p.stdout, p.stderr))
    n = int(p.stdout.split('PASS: ')[1].split()[0])
    if n < 5000:
        raise Fail('only %d records checked' % n)


def case_coverage(ctx):
    """3,000 seeded random vertices program every PRIM_TYPE and every value of the enumerated
    fields (the values the registers hold after each write), and produce both facings."""
    vec = os.path.join(ctx['tmp'], 'cov.vec')
    run(ctx, 'gen', '--block', 'r5xx.raster', '--seed', '77', '--count', '3000', '-o', vec, '--quiet', expect_rc=0)
    fields = {
        0x4018: [('SUBPIXEL', 16, 1)],
        0x428C: [('GEOMETRY_ROUND', 0, 2)],
        0x42B8: [('SU_CULL_MODE', 0, 3)],
        0x42B4: [('SU_POLY_OFFSET_ENABLE', 0, 3)],
        0x43A8: [('ER_TRI', 0, 5), ('ER_POINT', 5, 5), ('ER_LINE_LR', 10, 5), ('ER_LINE_RL', 15, 5),
                 ('ER_LINE_TB', 20, 5), ('ER_LINE_BT', 25, 5)],
        0x4278: [('RGB0_SHADING', 0, 2), ('ALPHA0_SHADING', 2, 2), ('PROVOKING_VERTEX', 16, 2)],
        0x4BD4: [('AF_FUNC', 8, 3), ('AF_EN', 11, 1), ('AF_EN_8BIT', 12, 1)],
        0x4074: [('COL_FMT', 27, 4)],
        0x4F10: [('DEPTHFORMAT', 0, 2)],
    }
    seen = {f[0]: set() for fl in fields.values() for f in fl}
    prims, backs, ptrs = set(), set(), set()
    qcov, qlast, zqs, wide = set(), set(), 0, 0
    for line in open(vec):
        f = line.split()
        if line.startswith('in regw '):
            a, d = int(f[-2], 16), int(f[-1], 16)
            for name, lsb, w in fields.get(a, []):
                seen[name].add((d >> lsb) & ((1 << w) - 1))
            if 0x4074 <= a < 0x40B4:
                ptrs |= {(d >> (6 * i)) & 63 for i in range(4)}
        elif line.startswith('in vtx '):
            prims.add(int(f[-1], 16))
        elif line.startswith('out frag '):
            backs.add(int(f[7], 16))
        elif line.startswith('out quad '):
            qcov.add(int(f[5], 16))
            qlast.add(int(f[6], 16))
            wide += int(f[4], 16) > 15
        elif line.startswith('out zq '):
            zqs += 1
    for fl in fields.values():
        for name, _, w in fl:
            if len(seen[name]) != 1 << w:
                raise Fail('%s: %d of %d values programmed: %s' % (name, len(seen[name]), 1 << w, sorted(seen[name])))
    if prims != set(range(16)):
        raise Fail('PRIM_TYPEs drawn: %s' % sorted(prims))
    if backs != {0, 1}:
        raise Fail('fragment facings: %s' % sorted(backs))
    if not {62, 63} <= ptrs:
        raise Fail('RS_IP pointers 62/63 never programmed')
    if qcov != set(range(1, 16)) or qlast != {0, 1} or not zqs or not wide:
        raise Fail('quad path: coverages %s, last %s, %d zq records, %d records past register 15'
                   % (sorted(qcov), sorted(qlast), zqs, wide))


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'raster_test.py'))
