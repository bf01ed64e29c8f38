#!/usr/bin/env python3
"""rb3d_test.py - end-to-end tests of the r5xx.rb3d block (docs/blocks/r5xx.rb3d.md) through the rcosim
command line: a wrong write, byte enable or address injected on either side is caught and named,
and the same run passes without it; --png writes both sides' colour buffers (and a difference
image when they differ); the directed golden vectors agree with the independent reference of
scripts/blocks/r5xx_rb3d_directed.py and their stimulus files are what that script writes today; and the
seeded random stimulus programs every enumerated value of every register field the block uses.

Usage: rb3d_test.py RCOSIM SOURCE_DIR CASE
Each CASE is one CTest test.  Runs from SOURCE_DIR.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402,F401
from rctest import png_size  # noqa: E402,F401

RANDOM = ['--block', 'r5xx.rb3d', '--count', '3000', '--seed', '5', '--backpressure', 'random:0.5',
          '--mem-latency', '1:8']


def script(ctx, *args):
    return rctest.script(ctx, 'blocks/r5xx_rb3d_directed.py', *args)


# ---- cases ---------------------------------------------------------------------------------

def case_fault_rtl(ctx):
    """A wrong data bit in the RTL's 6th memory request (a write or a read: wdata is compared
    only on writes, so flip the address) is caught and named."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:memreq.addr@5^0x8', expect_rc=1)
    contains(p.stdout, 'MISMATCH r5xx.rb3d at cycle ',
             ': channel memreq (out), transaction #5: field addr differs (expected: model, actual: rtl)',
             'FAIL r5xx.rb3d random count 3000: cycle ', 'channel memreq (out) #5 field addr differs')


def writes_and_reads(ctx):
    """Indices of the write and read requests of the passing RANDOM run."""
    p = run(ctx, 'run', *RANDOM, '--trace', 'memreq', expect_rc=0)
    w, r = [], []
    for line in p.stdout.splitlines():
        f = line.split()
        if len(f) > 2 and f[1] == 'memreq':
            (w if 'we=1' in line else r).append(int(f[2][1:]))
    if len(w) < 10 or len(r) < 10:
        raise Fail('the run has %d writes and %d reads' % (len(w), len(r)))
    return w, r


def case_fault_rtl_be(ctx):
    """A dropped byte enable in the RTL's first write is caught as a field difference."""
    w, _ = writes_and_reads(ctx)
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:memreq.be@%d^0x%x' % (w[0], 0xFF), expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #%d: field be differs' % w[0])


def case_fault_model(ctx):
    """The same on the model side: write data of a write, the write enable of a read (which
    turns it into a write: we, wdata and be all differ)."""
    w, r = writes_and_reads(ctx)
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:memreq.wdata@%d^0x100' % w[1], expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #%d: field wdata differs' % w[1])
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:memreq.we@%d^0x1' % r[0], expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #%d: field we' % r[0])


def case_fault_needs_compare(ctx):
    """Without the fault the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.rb3d random count 3000: ', 'rtl vs model exact')


def case_png(ctx):
    """--png on a directed vector writes each side's colour buffers as PNG, the same size, and no
    difference image when the sides agree."""
    out = os.path.join(ctx['tmp'], 'png')
    run(ctx, 'run', '--vector', 'vectors/r5xx/rb3d/mrt.vec', '--png', out, '--quiet', expect_rc=0)
    names = sorted(os.listdir(out))
    want = ['color%d.%s.png' % (n, s) for n in range(4) for s in ('model', 'rtl')]
    if names != want:
        raise Fail('--png wrote %s, expected %s' % (names, want))
    for n in range(4):
        a = png_size(os.path.join(out, 'color%d.rtl.png' % n))
        b = png_size(os.path.join(out, 'color%d.model.png' % n))
        if a != b or a != (32, 2):
            raise Fail('color%d: rtl %s, model %s, expected 32 x 2' % (n, a, b))


def case_png_diff(ctx):
    """With a wrong write on the RTL side (into the buffer the vector ends with), --png also
    writes the difference image and counts the differing pixels; --max-mismatches lets the run
    finish so the wrong write reaches the RTL's memory."""
    out = os.path.join(ctx['tmp'], 'png')
    p = run(ctx, 'run', '--vector', 'vectors/r5xx/rb3d/formats.vec', '--png', out, '--max-mismatches', '100',
            '--inject', 'rtl:memreq.wdata@100^0xff00', expect_rc=1)
    contains(p.stdout, 'png: color0: 1 pixels differ between model and rtl')
    for name in ('color0.rtl.png', 'color0.model.png', 'color0.diff.png'):
        png_size(os.path.join(out, name))


def case_directed_check(ctx):
    """The golden vectors' memory writes and reads equal scripts/blocks/r5xx_rb3d_directed.py's reference."""
    rctest.directed_check(ctx, 'rb3d', 'blocks/r5xx_rb3d_directed.py')


def case_stim_current(ctx):
    """The committed stimulus files are what scripts/blocks/r5xx_rb3d_directed.py writes today."""
    rctest.stim_current(ctx, 'rb3d', 'blocks/r5xx_rb3d_directed.py')


def case_coverage(ctx):
    """4,000 seeded random fragments program every value of every register field the block uses
    (the values a register holds after each write)."""
    vec = os.path.join(ctx['tmp'], 'cov.vec')
    run(ctx, 'gen', '--block', 'r5xx.rb3d', '--seed', '77', '--count', '4000', '-o', vec, '--quiet', expect_rc=0)
    fields = {  # register: [(name, lsb, width)]
        0x4E00: [('NUM_MULTIWRITES', 5, 2), ('INDEPENDENT_COLOR_CHANNEL_MASK_ENABLE', 12, 1),
                 ('INDEPENDENT_COLORFORMAT_ENABLE', 14, 1)],
        0x4E04: [('ALPHA_BLEND_ENABLE', 0, 1), ('SEPARATE_ALPHA_ENABLE', 1, 1), ('READ_ENABLE', 2, 1),
                 ('DISCARD_SRC_PIXELS', 3, 3), ('COMB_FCN', 12, 3), ('SRCBLEND', 16, 6), ('DESTBLEND', 24, 6),
                 ('SRC_ALPHA_0_NO_READ', 30, 1), ('SRC_ALPHA_1_NO_READ', 31, 1)],
        0x4E08: [('A.COMB_FCN', 12, 3), ('A.SRCBLEND', 16, 6), ('A.DESTBLEND', 24, 6)],
        0x4E0C: [('MASK%d' % b, b, 1) for b in range(16)],
        0x4E18: [('ROP_ENABLE', 2, 1), ('ROP', 8, 4)],
        0x4E50: [('DITHER_MODE', 0, 2), ('ALPHA_DITHER_MODE', 2, 2)],
    }
    for n in range(4):
        fields[0x4E38 + 4 * n] = [('COLORTILE', 16, 1), ('COLORMICROTILE', 17, 2), ('COLORENDIAN', 19, 2),
                                  ('COLORFORMAT', 21, 4)]
    seen = {}
    for line in open(vec):
        if not line.startswith('in regw '):
            continue
        f = line.split()
        a, d = int(f[-2], 16), int(f[-1], 16)
        for name, lsb, width in fields.get(a, []):
            seen.setdefault((a, name), set()).add(d >> lsb & ((1 << width) - 1))
    missing = []
    for a, fl in fields.items():
        for name, lsb, width in fl:
            got = seen.get((a, name), set())
            if len(got) != 1 << width:
                missing.append('0x%04X %s: %d of %d values' % (a, name, len(got), 1 << width))
    if missing:
        raise Fail('not every value programmed:\n  ' + '\n  '.join(missing))


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'rb3d_test.py'))
