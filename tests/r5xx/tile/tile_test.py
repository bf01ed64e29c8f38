#!/usr/bin/env python3
"""tile_test.py - end-to-end tests of the r5xx.tile block (docs/blocks/r5xx.tile.md) through the rcosim
command line: a wrong address, size or flag injected on either side is caught and named, the same
run passes without it; the directed golden vectors agree with the independent reference of
scripts/blocks/r5xx_tile_directed.py and their stimulus files are what that script writes today; and the
seeded random stimulus programs every enumerated value of every register field the block uses.

Usage: tile_test.py RCOSIM SOURCE_DIR CASE
Each CASE is one CTest test.  Runs from SOURCE_DIR.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402,F401

RANDOM = ['--block', 'r5xx.tile', '--count', '2000', '--seed', '5', '--backpressure', 'random:0.5']


def script(ctx, *args):
    return rctest.script(ctx, 'blocks/r5xx_tile_directed.py', *args)


# ---- cases ---------------------------------------------------------------------------------

def case_fault_rtl(ctx):
    """A wrong address bit on the RTL side (bit 0 of the 6th address) is caught and named."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:addr.addr@5^0x1', expect_rc=1)
    contains(p.stdout, 'MISMATCH r5xx.tile at cycle ',
             ': channel addr (out), transaction #5: field addr differs (expected: model, actual: rtl)',
             'FAIL r5xx.tile random count 2000: cycle ', 'channel addr (out) #5 field addr differs')


def case_fault_rtl_err(ctx):
    """A flipped RANGE flag on the RTL side."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:addr.err@40^0x8', expect_rc=1)
    contains(p.stdout, ': channel addr (out), transaction #40: field err differs (expected: model, actual: rtl)')


def case_fault_model(ctx):
    """The same on the model side, in a high address bit and in the size."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:addr.addr@17^0x80000000', expect_rc=1)
    contains(p.stdout, ': channel addr (out), transaction #17: field addr differs')
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:addr.size@3^0x4', expect_rc=1)
    contains(p.stdout, ': channel addr (out), transaction #3: field size differs')


def case_fault_needs_compare(ctx):
    """Without the fault the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.tile random count 2000: ', 'addr 2000')


def case_directed_check(ctx):
    """The golden vectors' addresses equal the Python reference of scripts/blocks/r5xx_tile_directed.py."""
    rctest.directed_check(ctx, 'tile', 'blocks/r5xx_tile_directed.py')


def case_stim_current(ctx):
    """The committed stimulus files are what scripts/blocks/r5xx_tile_directed.py writes today."""
    rctest.stim_current(ctx, 'tile', 'blocks/r5xx_tile_directed.py')


def case_coverage(ctx):
    """40,000 seeded random fragments program every value of COLORFORMAT x COLORTILE x
    COLORMICROTILE, DEPTHFORMAT x DEPTHMACROTILE x DEPTHMICROTILE and TXFORMAT x TXFORMAT_MSB x
    MACRO_TILE x MICRO_TILE x TXPITCH_EN (the values a surface holds after each write)."""
    vec = os.path.join(ctx['tmp'], 'cov.vec')
    run(ctx, 'gen', '--block', 'r5xx.tile', '--seed', '77', '--count', '40000', '-o', vec, '--quiet', expect_rc=0)
    cb = [[0, 6 << 21] for _ in range(4)]
    zb = [0, 0]
    tx = [[0, 0, 0, 0] for _ in range(16)]
    seen = {'cb': set(), 'zb': set(), 'tx': set()}
    for line in open(vec):
        if not line.startswith('in regw '):
            continue
        f = line.split()
        a, d = int(f[-2], 16), int(f[-1], 16)
        if 0x4E38 <= a < 0x4E48 and a % 4 == 0:
            cb[(a - 0x4E38) // 4][1] = d
            seen['cb'].add((d >> 21 & 15, d >> 16 & 1, d >> 17 & 3))
        elif a in (0x4F24, 0x4F10):
            zb[0 if a == 0x4F24 else 1] = d
            seen['zb'].add((zb[1] & 15, zb[0] >> 16 & 1, zb[0] >> 17 & 3))
        elif 0x4480 <= a < 0x4580 and a % 4 == 0:
            i = (a - 0x4480) // 4
            r = tx[i % 16]
            r[i // 16] = d
            seen['tx'].add((r[1] & 31, r[2] >> 14 & 1, r[3] >> 2 & 1, r[3] >> 3 & 3, r[0] >> 31))
    want = {'cb': 16 * 2 * 4, 'zb': 16 * 2 * 4, 'tx': 32 * 2 * 2 * 4 * 2}
    for k, n in want.items():
        if len(seen[k]) != n:
            raise Fail('%s: %d of %d field combinations programmed' % (k, len(seen[k]), n))


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'tile_test.py'))
