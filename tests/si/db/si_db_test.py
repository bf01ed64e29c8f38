#!/usr/bin/env python3
"""si_db_test.py - end-to-end tests of the si.db block (docs/blocks/si.db.md) through the rcosim
command line: a wrong pass bit, category, memory address or write datum injected on either side
is caught and named exactly, the same run passes without it; the directed golden vectors agree
with the independent reference of scripts/blocks/si_db_directed.py and their stimulus files are
what that script writes today.

Usage: si_db_test.py RCOSIM SOURCE_DIR CASE
Each CASE is one CTest test.  Runs from SOURCE_DIR.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402

RANDOM = ['--block', 'si.db', '--count', '3000', '--seed', '5', '--backpressure', 'random:0.5',
          '--mem-latency', '1:8']


def write_index(ctx, nth):
    """The memreq transaction number of the nth memory write of the RANDOM run."""
    vec = os.path.join(ctx['tmp'], 'random.vec')
    run(ctx, 'gen', *RANDOM, '-o', vec, '--quiet', expect_rc=0)
    k = w = 0
    for line in open(vec):
        if line.startswith('out memreq '):
            if int(line.split()[4], 16):
                if w == nth:
                    return k
                w += 1
            k += 1
    raise Fail('fewer than %d writes' % (nth + 1))


def case_fault_rtl(ctx):
    """A flipped pass bit on the RTL side (the 6th pass record) is caught and named."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:pass.pass@5^0x1', expect_rc=1)
    contains(p.stdout, 'MISMATCH si.db at cycle ',
             ': channel pass (out), transaction #5: field pass differs (expected: model, actual: rtl)',
             'FAIL si.db random count 3000: cycle ', 'channel pass (out) #5 field pass differs')


def case_fault_rtl_cat(ctx):
    """A wrong category and a wrong memory address bit on the RTL side."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:pass.cat@17^0x2', expect_rc=1)
    contains(p.stdout, ': channel pass (out), transaction #17: field cat differs (expected: model, actual: rtl)')
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:memreq.addr@40^0x20', expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #40: field addr differs (expected: model, actual: rtl)')


def case_fault_model(ctx):
    """On the model side: a bit of a written depth/stencil dword, and a byte enable of another write."""
    n = write_index(ctx, 10)
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:memreq.wdata@%d^0x1' % n, expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #%d: field wdata differs (expected: model, actual: rtl)' % n)
    n = write_index(ctx, 30)
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:memreq.be@%d^0x8' % n, expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #%d: field be differs (expected: model, actual: rtl)' % n)


def case_fault_needs_compare(ctx):
    """Without the fault the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS si.db random count 3000: ', 'pass 3000')


def case_directed_check(ctx):
    """The golden vectors equal the independent reference of scripts/blocks/si_db_directed.py."""
    rctest.directed_check(ctx, 'db', os.path.join('blocks', 'si_db_directed.py'), family='si')


def case_stim_current(ctx):
    """The committed stimulus files are what scripts/blocks/si_db_directed.py writes today."""
    rctest.stim_current(ctx, 'db', os.path.join('blocks', 'si_db_directed.py'), family='si')


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'si_db_test.py'))
