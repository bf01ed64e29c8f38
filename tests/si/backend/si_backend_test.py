#!/usr/bin/env python3
"""si_backend_test.py - end-to-end tests of the si.backend composite (docs/blocks/si.backend.md)
through the rcosim command line: faults injected in either block's traffic or in the glue's on
either side are caught and named exactly (channel, transaction, field); the same run passes
without them; a wrong expected record in the scene names the pixel; the scene agrees with the
chained si.db and si.cb references (scripts/blocks/si_backend_directed.py --check) and its
stimulus is current; --png writes the scene's pictures on both sides and they are the committed
docs/img/si-backend*.png.

Usage: si_backend_test.py RCOSIM SOURCE_DIR CASE
"""
import gzip
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402

RANDOM = ['--block', 'si.backend', '--count', '2000', '--seed', '5', '--backpressure', 'random:0.5',
          '--mem-latency', '1:8']
SCENE = os.path.join('vectors', 'si', 'backend', 'scene.vec.gz')
# picture name -> committed file (docs/img)
PICTURES = {'color0': 'si-backend.png', 'color0-1': 'si-backend-float.png', 'color0-2': 'si-backend-srgb.png',
            'depth': 'si-backend-depth.png', 'stencil': 'si-backend-stencil.png'}


def memreq_index(ctx, src, we, nth):
    """The memreq transaction number of the nth request of block src (0 DB, 1 CB) with write
    enable we in the RANDOM run."""
    vec = os.path.join(ctx['tmp'], 'random.vec')
    if not os.path.exists(vec):
        run(ctx, 'gen', *RANDOM, '-o', vec, '--quiet', expect_rc=0)
    k = m = 0
    for line in open(vec):
        if line.startswith('out memreq '):
            f = line.split()
            if int(f[7], 16) == src and int(f[4], 16) == we:
                if m == nth:
                    return k
                m += 1
            k += 1
    raise Fail('fewer than %d requests of source %d, we %d' % (nth + 1, src, we))


def case_fault_rtl(ctx):
    """RTL side: the colour-write enable DB handed to CB (the 41st record), and the address of
    a DB read (through the arbiter)."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:pix.cwe@40^0x1', expect_rc=1)
    contains(p.stdout, 'MISMATCH si.backend at cycle ',
             ': channel pix (out), transaction #40: field cwe differs (expected: model, actual: rtl)',
             'FAIL si.backend random count 2000: cycle ', 'channel pix (out) #40 field cwe differs')
    n = memreq_index(ctx, 0, 0, 25)
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:memreq.addr@%d^0x10' % n, expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #%d: field addr differs (expected: model, actual: rtl)' % n)


def case_fault_model(ctx):
    """Model side: the data of a CB write, the source of a request (the arbiter's grant) and
    CB's written flag of a record."""
    n = memreq_index(ctx, 1, 1, 12)
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:memreq.wdata@%d^0x100' % n, expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #%d: field wdata differs (expected: model, actual: rtl)' % n)
    n = memreq_index(ctx, 1, 0, 30)
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:memreq.src@%d^0x1' % n, expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #%d: field src differs (expected: model, actual: rtl)' % n)
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:pix.wr@77^0x1', expect_rc=1)
    contains(p.stdout, ': channel pix (out), transaction #77: field wr differs (expected: model, actual: rtl)')


def case_fault_needs_compare(ctx):
    """Without the faults the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS si.backend random count 2000: ', 'rtl vs model exact', 'pix 2000')


def case_wrong_pixel(ctx):
    """The scene with one expected record's `wr` flipped fails against the RTL, naming the pixel:
    the record's x and y and every field, expected against actual."""
    lines = gzip.open(os.path.join(ctx['src'], SCENE), 'rt').read().split('\n')
    ks = [i for i, l in enumerate(lines) if l.startswith('out pix ')]
    n = len(ks) // 2
    f = lines[ks[n]].split()
    f[10] = '%x' % (int(f[10], 16) ^ 1)                # wr
    lines[ks[n]] = ' '.join(f)
    vec = os.path.join(ctx['tmp'], 'wrong.vec')
    open(vec, 'w').write('\n'.join(lines))
    p = run(ctx, 'replay', '--vector', vec, expect_rc=1)
    x, y, wr = int(f[3], 16), int(f[4], 16), int(f[10], 16)      # wr: the wrong (vector) value
    contains(p.stdout, 'MISMATCH si.backend at cycle %d: channel pix (out), transaction #%d: field wr differs '
             '(expected: vector, actual: rtl)' % (int(f[2][1:]), n),
             '    x          0x%04x                   0x%04x\n' % (x, x),
             '    y          0x%04x                   0x%04x\n' % (y, y),
             '  * wr         0x%x                      0x%x\n' % (wr, wr ^ 1))


def case_directed_check(ctx):
    """The golden vectors equal the independent reference of scripts/blocks/si_backend_directed.py."""
    rctest.directed_check(ctx, 'backend', os.path.join('blocks', 'si_backend_directed.py'), family='si')


def case_stim_current(ctx):
    """The committed stimulus files are what scripts/blocks/si_backend_directed.py writes today."""
    rctest.stim_current(ctx, 'backend', os.path.join('blocks', 'si_backend_directed.py'), family='si')


def case_picture(ctx):
    """--png writes the scene's final colour target, the float target, depth and stencil from both
    sides, no difference picture, and the RTL's are byte for byte docs/img/si-backend*.png."""
    out = os.path.join(ctx['tmp'], 'png')
    p = run(ctx, 'run', '--vector', SCENE, '--png', out, expect_rc=0)
    contains(p.stdout, 'PASS si.backend')
    names = sorted(os.listdir(out))
    want = sorted('%s.%s.png' % (k, s) for k in PICTURES for s in ('model', 'rtl'))
    if names != want:
        raise Fail('pictures written: %s, expected %s' % (names, want))
    sizes = {'color0': (48, 32), 'color0-1': (16, 8), 'color0-2': (16, 8), 'depth': (48, 32), 'stencil': (48, 32)}
    for k, doc in sorted(PICTURES.items()):
        got = os.path.join(out, '%s.rtl.png' % k)
        if rctest.png_size(got) != sizes[k]:
            raise Fail('%s: size %s, expected %s' % (k, rctest.png_size(got), sizes[k]))
        if open(got, 'rb').read() != open(os.path.join(ctx['src'], 'docs', 'img', doc), 'rb').read():
            raise Fail('the rendered %s differs from docs/img/%s' % (k, doc))


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'si_backend_test.py'))
