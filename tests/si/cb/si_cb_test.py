#!/usr/bin/env python3
"""si_cb_test.py - end-to-end tests of the si.cb block (docs/blocks/si.cb.md) through the rcosim
command line: a wrong written bit, error flag, memory address or write datum injected on either side
is caught and named exactly, the same run passes without it; the directed golden vectors agree
with the independent reference of scripts/blocks/si_cb_directed.py and their stimulus files, and
the generated sRGB tables, are what that script writes today.

Usage: si_cb_test.py RCOSIM SOURCE_DIR CASE
Each CASE is one CTest test.  Runs from SOURCE_DIR.
"""
import filecmp
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402

RANDOM = ['--block', 'si.cb', '--count', '3000', '--seed', '5', '--backpressure', 'random:0.5',
          '--mem-latency', '1:8']
SCRIPT = os.path.join('scripts', 'blocks', 'si_cb_directed.py')


def script(ctx, *args):
    return subprocess.run([sys.executable, os.path.join(ctx['src'], SCRIPT)] + list(args),
                          capture_output=True, text=True, cwd=ctx['src'], env=rctest.script_env(ctx))


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
    """A flipped written bit on the RTL side (the 6th pixel record) is caught and named."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:pix.wr@5^0x1', expect_rc=1)
    contains(p.stdout, 'MISMATCH si.cb at cycle ',
             ': channel pix (out), transaction #5: field wr differs (expected: model, actual: rtl)',
             'FAIL si.cb random count 3000: cycle ', 'channel pix (out) #5 field wr differs')


def case_fault_rtl_err(ctx):
    """A wrong error flag and a wrong memory address bit on the RTL side."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:pix.err@17^0x2', expect_rc=1)
    contains(p.stdout, ': channel pix (out), transaction #17: field err differs (expected: model, actual: rtl)')
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:memreq.addr@40^0x20', expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #40: field addr differs (expected: model, actual: rtl)')


def case_fault_model(ctx):
    """On the model side: a bit of a written colour dword, and a byte enable of another write."""
    n = write_index(ctx, 10)
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:memreq.wdata@%d^0x1' % n, expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #%d: field wdata differs (expected: model, actual: rtl)' % n)
    n = write_index(ctx, 30)
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:memreq.be@%d^0x8' % n, expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #%d: field be differs (expected: model, actual: rtl)' % n)


def case_fault_needs_compare(ctx):
    """Without the fault the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS si.cb random count 3000: ', 'pix 3000')


def case_directed_check(ctx):
    """The golden vectors equal the independent reference of scripts/blocks/si_cb_directed.py."""
    rctest.directed_check(ctx, 'cb', os.path.join('blocks', 'si_cb_directed.py'), family='si')


def case_stim_current(ctx):
    """The committed stimulus files are what scripts/blocks/si_cb_directed.py writes today."""
    rctest.stim_current(ctx, 'cb', os.path.join('blocks', 'si_cb_directed.py'), family='si')


def case_tables_current(ctx):
    """The sRGB tables of the model and the RTL are what si_cb_directed.py --tables writes today."""
    out = ctx['tmp']
    for d in (('model', 'si', 'cb'), ('rtl', 'si', 'cb')):
        os.makedirs(os.path.join(out, *d), exist_ok=True)
    p = script(ctx, '--tables', out)
    if p.returncode != 0:
        raise Fail('si_cb_directed --tables:\n%s%s' % (p.stdout, p.stderr))
    for f in (('model', 'si', 'cb', 'cb_srgb.c'), ('rtl', 'si', 'cb', 'si_cb_srgb_dec.sv'),
              ('rtl', 'si', 'cb', 'si_cb_srgb_enc.sv')):
        if not filecmp.cmp(os.path.join(out, *f), os.path.join(ctx['src'], *f), shallow=False):
            raise Fail('%s is out of date (run si_cb_directed.py --tables .)' % os.path.join(*f))


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'si_cb_test.py'))
