#!/usr/bin/env python3
"""regs_test.py - end-to-end tests of the r5xx.regs block (docs/blocks/r5xx.regs.md) through the
rcosim command line: a wrong read-back injected on either side is caught and named, the same
run passes without it, and an exhaustive sweep of the 16-bit register space (every dword
address read at reset, written with ones, read, written with zeros, read; plus the
non-dword addresses of a few registers) passes in exact lockstep, so the generated RTL's
address decode and the C model's map from the database agree on every address.

Usage: regs_test.py RCOSIM SOURCE_DIR CASE
Each CASE is one CTest test.  Runs from SOURCE_DIR.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402,F401

RANDOM = ['--block', 'r5xx.regs', '--count', '2000', '--seed', '5', '--backpressure', 'random:0.5']


# ---- cases ---------------------------------------------------------------------------------

def case_fault_rtl(ctx):
    """A wrong read-back on the RTL side (bit 0 of the 6th read response) is caught."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:rd.data@5^0x1', expect_rc=1)
    contains(p.stdout, 'MISMATCH r5xx.regs at cycle ',
             ': channel rd (out), transaction #5: field data differs (expected: model, actual: rtl)',
             'FAIL r5xx.regs random count 2000: cycle ', 'channel rd (out) #5 field data differs')


def case_fault_model(ctx):
    """The same on the model side, in a high bit."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:rd.data@17^0x80000000', expect_rc=1)
    contains(p.stdout, ': channel rd (out), transaction #17: field data differs')


def case_fault_needs_compare(ctx):
    """Without the fault the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.regs random count 2000: ')


def case_sweep(ctx):
    """Every dword address: read (reset value), write ones, read, write zeros, read; and the three
    non-dword addresses of every 64th word.  Exact lockstep, random back-pressure."""
    lines = ['rcosim-vector 1', 'block r5xx.regs', 'seed 3', 'backpressure random:0.5', 'mem-latency 1:1',
             'stimulus file sweep.stim', 'channel in bus addr:16 we:1 data:32']
    for w in range(0x4000):
        a = 4 * w
        lines += ['in bus %04x 0 00000000' % a, 'in bus %04x 1 ffffffff' % a, 'in bus %04x 0 00000000' % a,
                  'in bus %04x 1 00000000' % a, 'in bus %04x 0 00000000' % a]
        if w % 64 == 0:
            for k in (1, 2, 3):
                lines += ['in bus %04x 1 ffffffff' % (a + k), 'in bus %04x 0 00000000' % (a + k)]
    lines.append('end')
    path = os.path.join(ctx['tmp'], 'sweep.stim')
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    p = run(ctx, 'run', '--vector', path, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.regs ')


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'regs_test.py'))
