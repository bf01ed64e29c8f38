#!/usr/bin/env python3
"""zb_test.py - end-to-end tests of the r5xx.zb block (docs/blocks/r5xx.zb.md) through the rcosim
command line: a wrong pass bit, memory address or write datum injected on either side is caught
and named, the same run passes without it; the directed golden vectors agree with the
independent reference of scripts/blocks/r5xx_zb_directed.py and their stimulus files are what that script
writes today; the seeded random stimulus programs every enumerated value of every register
field the block uses; --png writes the depth (and stencil) pictures of both sides and no
difference picture on a pass, and one on a failure.

Usage: zb_test.py RCOSIM SOURCE_DIR CASE
Each CASE is one CTest test.  Runs from SOURCE_DIR.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402,F401

RANDOM = ['--block', 'r5xx.zb', '--count', '3000', '--seed', '5', '--backpressure', 'random:0.5',
          '--mem-latency', '1:8']


def script(ctx, *args):
    return rctest.script(ctx, 'blocks/r5xx_zb_directed.py', *args)


def random_vector(ctx):
    """The RANDOM run as a golden vector (the model alone, the same seed and policies)."""
    vec = os.path.join(ctx['tmp'], 'random.vec')
    run(ctx, 'gen', *RANDOM, '-o', vec, '--quiet', expect_rc=0)
    return vec


def write_index(ctx, nth, vec=None):
    """The memreq transaction number of the nth memory write of a vector (the RANDOM run's)."""
    k = w = 0
    for line in open(vec or random_vector(ctx)):
        if line.startswith('out memreq '):
            if int(line.split()[4], 16):
                if w == nth:
                    return k
                w += 1
            k += 1
    raise Fail('fewer than %d writes' % (nth + 1))


# ---- cases ---------------------------------------------------------------------------------

def case_fault_rtl(ctx):
    """A flipped pass bit on the RTL side (the 6th pass record) is caught and named."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:pass.pass@5^0x1', expect_rc=1)
    contains(p.stdout, 'MISMATCH r5xx.zb at cycle ',
             ': channel pass (out), transaction #5: field pass differs (expected: model, actual: rtl)',
             'FAIL r5xx.zb random count 3000: cycle ', 'channel pass (out) #5 field pass differs')


def case_fault_rtl_addr(ctx):
    """A wrong memory address bit on the RTL side."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:memreq.addr@40^0x20', expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #40: field addr differs (expected: model, actual: rtl)')


def case_fault_model(ctx):
    """On the model side: a stencil bit of a written dword, and a byte enable of another write."""
    n = write_index(ctx, 10)
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:memreq.wdata@%d^0x1' % n, expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #%d: field wdata differs' % n)
    n = write_index(ctx, 30)
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:memreq.be@%d^0x8' % n, expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #%d: field be differs' % n)


def case_fault_needs_compare(ctx):
    """Without the fault the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.zb random count 3000: ', 'pass 3000')


def case_directed_check(ctx):
    """The golden vectors' pass records and memory writes equal scripts/blocks/r5xx_zb_directed.py's reference."""
    rctest.directed_check(ctx, 'zb', 'blocks/r5xx_zb_directed.py')


def case_stim_current(ctx):
    """The committed stimulus files are what scripts/blocks/r5xx_zb_directed.py writes today."""
    rctest.stim_current(ctx, 'zb', 'blocks/r5xx_zb_directed.py')


def case_coverage(ctx):
    """20,000 seeded random fragments program every value of every register field the block uses
    (the values the registers hold after each write), with both facings."""
    vec = os.path.join(ctx['tmp'], 'cov.vec')
    run(ctx, 'gen', '--block', 'r5xx.zb', '--seed', '77', '--count', '20000', '-o', vec, '--quiet', expect_rc=0)
    fields = {   # register: [(name, lsb, width)]
        0x4F00: [('STENCIL_ENABLE', 0, 1), ('Z_ENABLE', 1, 1), ('ZWRITEENABLE', 2, 1), ('ZSIGNED_COMPARE', 3, 1),
                 ('STENCIL_FRONT_BACK', 4, 1), ('ZSIGNED_MAGNITUDE', 5, 1), ('STENCIL_REFMASK_FRONT_BACK', 6, 1)],
        0x4F04: [('ZFUNC', 0, 3), ('STENCILFUNC', 3, 3), ('STENCILFAIL', 6, 3), ('STENCILZPASS', 9, 3),
                 ('STENCILZFAIL', 12, 3), ('STENCILFUNC_BF', 15, 3), ('STENCILFAIL_BF', 18, 3),
                 ('STENCILZPASS_BF', 21, 3), ('STENCILZFAIL_BF', 24, 3), ('ZERO_OUTPUT_MASK', 27, 1)],
        0x4F10: [('DEPTHFORMAT', 0, 4)],
        0x4F24: [('DEPTHMACROTILE', 16, 1), ('DEPTHMICROTILE', 17, 2), ('DEPTHENDIAN', 19, 2)],
        0x4F1C: [('ZEQUAL_OPTIMIZE_DISABLE', 7, 1), ('SEQUAL_OPTIMIZE_DISABLE', 8, 1), ('BMASK_DISABLE', 10, 1)],
    }
    seen = {f[0]: set() for fl in fields.values() for f in fl}
    backs = set()
    for line in open(vec):
        f = line.split()
        if line.startswith('in regw '):
            a, d = int(f[-2], 16), int(f[-1], 16)
            for name, lsb, w in fields.get(a, []):
                seen[name].add((d >> lsb) & ((1 << w) - 1))
        elif line.startswith('in frag '):
            backs.add(int(f[-1], 16))
    for fl in fields.values():
        for name, _, w in fl:
            if len(seen[name]) != 1 << w:
                raise Fail('%s: %d of %d values programmed: %s' % (name, len(seen[name]), 1 << w, sorted(seen[name])))
    if backs != {0, 1}:
        raise Fail('fragment facings: %s' % sorted(backs))


def case_png(ctx):
    """--png on a passing run: depth and stencil pictures of both sides, no difference picture."""
    d = os.path.join(ctx['tmp'], 'png')
    vec = os.path.join('vectors', 'r5xx', 'zb', 'zfunc_worked.vec')
    run(ctx, 'run', '--vector', vec, '--png', d, expect_rc=0)
    want = ['depth.model.png', 'depth.rtl.png', 'stencil.model.png', 'stencil.rtl.png']
    got = sorted(os.listdir(d))
    if got != want:
        raise Fail('pictures: %s, expected %s' % (got, want))
    for n in want:
        with open(os.path.join(d, n), 'rb') as f:
            if f.read(8) != b'\x89PNG\r\n\x1a\n':
                raise Fail('%s is not a PNG file' % n)


def case_png_diff(ctx):
    """--png on a failing run that goes on to the end (a wrong Z written by the RTL, up to 100
    mismatches): the difference picture is written."""
    d = os.path.join(ctx['tmp'], 'png')
    vec = os.path.join('vectors', 'r5xx', 'zb', 'zfunc_worked.vec')
    n = write_index(ctx, 0, os.path.join(ctx['src'], vec))
    p = run(ctx, 'run', '--vector', vec, '--png', d, '--inject', 'rtl:memreq.wdata@%d^0x10000000' % n,
            '--max-mismatches', '100', expect_rc=1)
    contains(p.stdout, 'png: depth: 1 pixels differ between model and rtl')
    if 'depth.diff.png' not in os.listdir(d):
        raise Fail('no depth.diff.png in %s' % sorted(os.listdir(d)))


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'zb_test.py'))
