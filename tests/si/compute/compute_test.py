#!/usr/bin/env python3
"""compute_test.py - end-to-end tests of the si.compute composite (docs/blocks/si.compute.md)
through the rcosim command line: the kernels run from a PM4 stream write the host's answer and
the fence last; their stimulus is current; a wrong dispatch record, fence write or retire record
injected on either side is caught and named; a wrong expected record of a golden vector fails the
replay; the random PM4 stimulus makes every packet kind and event, and passes in lockstep.

Usage: compute_test.py RCOSIM SOURCE_DIR CASE
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402

KSCRIPT = os.path.join('blocks', 'si_compute_kernels.py')
VECDIR = os.path.join('vectors', 'si', 'compute')
RANDOM = ['--block', 'si.compute', '--count', '400', '--seed', '11', '--backpressure', 'random:0.5',
          '--mem-latency', '1:8']


def vec(name):
    return os.path.join(VECDIR, name + '.vec')


def memreq_count(ctx, *args):
    p = run(ctx, 'run', *args, expect_rc=0)
    m = re.search(r'memreq (\d+)', p.stdout)
    if not m:
        raise Fail('no memreq count in:\n%s' % p.stdout)
    return int(m.group(1))


def case_kernels_host(ctx):
    """Every kernel vector (a PM4 stream: SET_SH_REG, DISPATCH_DIRECT, a fence) passes in lockstep
    and writes exactly the host's answer, the fence last; 2D groups (matmul, grid2d) and partial
    groups at the grid's edge (saxpy, imath, fmath, grid2d in X and Y) and groups of 8 waves (sum512)
    among them."""
    p = rctest.script(ctx, KSCRIPT, '--check', ctx['rcosim'], os.path.join(ctx['src'], VECDIR))
    if p.returncode != 0 or 'PASS' not in p.stdout:
        raise Fail('si_compute_kernels.py --check:\n%s%s' % (p.stdout, p.stderr))
    for k in ('vadd', 'saxpy', 'imath', 'fmath', 'reduce', 'matmul', 'hist', 'grid2d', 'sum512'):
        contains(p.stdout, 'ok %s: ' % k)


def case_host_catches(ctx):
    """The host check catches a wrong dispatch: grid2d's stream with PARTIAL_TG_EN cleared (full
    groups at the edge, so work-items past the picture write past the output) passes in lockstep
    but fails against the host's answer; the other kernels stay ok."""
    import shutil
    out = os.path.join(ctx['tmp'], 'vecs')
    os.makedirs(out, exist_ok=True)
    for n in os.listdir(os.path.join(ctx['src'], VECDIR)):
        if n.endswith('.vec') and n != 'grid2d.vec':
            shutil.copy(os.path.join(ctx['src'], VECDIR, n), out)
    lines = open(os.path.join(ctx['src'], VECDIR, 'stim', 'grid2d.stim')).read().split('\n')
    pm4 = [i for i, l in enumerate(lines) if l.startswith('in pm4 ')]
    k = [i for i in pm4 if int(lines[i].split()[2], 16) == 0xC0031502][0]    # DISPATCH_DIRECT
    init = pm4[pm4.index(k) + 4]
    if int(lines[init].split()[2], 16) != 3:
        raise Fail('grid2d: the initiator is not COMPUTE_SHADER_EN | PARTIAL_TG_EN: %s' % lines[init])
    lines[init] = 'in pm4 00000001'
    stim = os.path.join(ctx['tmp'], 'grid2d.stim')
    open(stim, 'w').write('\n'.join(lines))
    run(ctx, 'gen', '--stimulus', stim, '-o', os.path.join(out, 'grid2d.vec'), expect_rc=0)
    p = rctest.script(ctx, KSCRIPT, '--check', ctx['rcosim'], out)
    if p.returncode != 1:
        raise Fail('si_compute_kernels.py --check passed a stream without PARTIAL_TG_EN:\n%s' % p.stdout)
    contains(p.stdout, 'FAIL grid2d: ', 'memory writes, the host expects 881', 'FAIL: 1 kernel(s)')
    for k in ('vadd', 'saxpy', 'matmul'):
        contains(p.stdout, 'ok %s: ' % k)


def case_stim_current(ctx):
    """The committed kernel stimulus is what the script (and today's clang) writes."""
    rctest.stim_current(ctx, 'compute', KSCRIPT, family='si')


def case_fault_rtl(ctx):
    """RTL side: the dispatch record's wave count (the front end's sum of si.cu's records), and
    the fence's data word on the memory port (the last write)."""
    p = run(ctx, 'run', '--vector', vec('grid2d'), '--inject', 'rtl:ev.waves@0^0x1', expect_rc=1)
    contains(p.stdout, 'channel ev (out), transaction #0: field waves differs (expected: model, actual: rtl)')
    n = memreq_count(ctx, '--vector', vec('saxpy'))
    p = run(ctx, 'run', '--vector', vec('saxpy'), '--inject', 'rtl:memreq.wdata@%d^0x100' % (n - 1), expect_rc=1)
    contains(p.stdout, 'channel memreq (out), transaction #%d: field wdata differs (expected: model, actual: rtl)' % (n - 1))


def case_fault_model(ctx):
    """Model side: a retire record of matmul (si.cu inside the composite), the fence's address of
    a random stream, and a skipped packet's header."""
    p = run(ctx, 'run', '--vector', vec('matmul'), '--inject', 'model:retire.val@300^0x4', expect_rc=1)
    contains(p.stdout, 'channel retire (out), transaction #300: field val differs (expected: model, actual: rtl)')
    p = run(ctx, 'run', '--vector', vec('vadd'), '--inject', 'model:ev.groups@1^0x8', expect_rc=1)
    contains(p.stdout, 'channel ev (out), transaction #1: field groups differs (expected: model, actual: rtl)')
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:ev.hdr@3^0x1', expect_rc=1)
    contains(p.stdout, 'channel ev (out), transaction #3: field hdr differs (expected: model, actual: rtl)')


def case_fault_needs_compare(ctx):
    """Without the faults the same runs pass: the failures above come from the comparison."""
    for k in ('grid2d', 'saxpy', 'matmul', 'vadd'):
        p = run(ctx, 'run', '--vector', vec(k), expect_rc=0)
        contains(p.stdout, 'rtl vs model exact, vs vector exact')
    run(ctx, 'run', *RANDOM, expect_rc=0)


def case_wrong_expected(ctx):
    """grid2d with its dispatch record's group count changed in the vector fails the replay."""
    lines = open(os.path.join(ctx['src'], vec('grid2d'))).read().split('\n')
    ks = [i for i, l in enumerate(lines) if l.startswith('out ev ')]
    f = lines[ks[0]].split()
    groups = int(f[5], 16)
    if int(f[3], 16) != 0 or groups != 9:
        raise Fail('grid2d: the first ev record is not a dispatch of 9 groups: %s' % lines[ks[0]])
    f[5] = '%x' % (groups + 1)
    lines[ks[0]] = ' '.join(f)
    bad = os.path.join(ctx['tmp'], 'wrong.vec')
    open(bad, 'w').write('\n'.join(lines))
    p = run(ctx, 'replay', '--vector', bad, expect_rc=1)
    contains(p.stdout, 'channel ev (out), transaction #0: field groups differs (expected: vector, actual: rtl)')


def case_random_smoke(ctx):
    """The random PM4 stimulus (si.cu's random programs as SET_SH_REG / DISPATCH_DIRECT streams,
    partial groups, fences, packets not built) makes every event kind and fence width, and passes
    in lockstep under each back-pressure policy."""
    p = os.path.join(ctx['tmp'], 'r.vec')
    run(ctx, 'gen', '--block', 'si.compute', '--seed', '5', '--count', '1500', '-o', p, expect_rc=0)
    kinds, partial, fence64, errs = {}, 0, 0, 0
    for line in open(p):
        t = line.split()
        if t[:2] == ['out', 'ev']:
            k = int(t[3], 16)
            kinds[k] = kinds.get(k, 0) + 1
            if k == 0 and int(t[4], 16) & 0xFF00 == 0x1500 and int(t[7], 16):
                errs += 1
        if t[:2] == ['in', 'pm4']:
            pass
    text = open(p).read()
    dwords = [int(l.split()[-1], 16) for l in text.splitlines() if l.startswith('in pm4')]
    for i, d in enumerate(dwords):
        if d >> 30 == 3 and (d >> 8) & 0xFF == 0x15 and (d >> 16) & 0x3FFF >= 3 and i + 4 < len(dwords):
            partial += (dwords[i + 4] >> 1) & 1
        if d >> 30 == 3 and (d >> 8) & 0xFF == 0x49 and i + 2 < len(dwords):
            fence64 += dwords[i + 2] >> 29 == 2
    print('events by kind: %s; dispatches with PARTIAL_TG_EN: %d; 64-bit RELEASE_MEM fences: %d; '
          'dispatches with err: %d' % (kinds, partial, fence64, errs))
    if min(kinds.get(0, 0), kinds.get(1, 0), kinds.get(2, 0)) < 3 or partial < 3 or fence64 < 1:
        raise Fail('the random stream lacks an event kind, partial groups or 64-bit fences')
    for bp, lat in (('always', '1:8'), ('random:0.5', '1:30'), ('bursty:16', '2:12')):
        r = run(ctx, 'run', '--vector', p, '--backpressure', bp, '--mem-latency', lat, expect_rc=0)
        contains(r.stdout, 'rtl vs model exact')


REF = os.path.join('blocks', 'si_compute_ref.py')


def ref(ctx, *vecs, rc=0):
    p = rctest.script(ctx, REF, *vecs)
    if p.returncode != rc:
        raise Fail('si_compute_ref.py: exit %d, expected %d:\n%s%s' % (p.returncode, rc, p.stdout, p.stderr))
    return p


def case_ref_shipped(ctx):
    """The front-end reference (scripts/blocks/si_compute_ref.py, from the doc) agrees with every
    shipped vector's ev records and fence writes."""
    vecs = sorted(os.path.join(ctx['src'], VECDIR, n) for n in os.listdir(os.path.join(ctx['src'], VECDIR))
                  if n.endswith('.vec'))
    p = ref(ctx, *vecs)
    if p.stdout.count('ok ') != len(vecs) or len(vecs) < 8:
        raise Fail('not every vector checked:\n%s' % p.stdout)


def case_ref_random(ctx):
    """... and with random PM4 streams of three seeds."""
    vecs = []
    for seed in (1, 2, 3):
        v = os.path.join(ctx['tmp'], 'r%d.vec' % seed)
        run(ctx, 'gen', '--block', 'si.compute', '--seed', str(seed), '--count', '3000', '-o', v, expect_rc=0)
        vecs.append(v)
    p = ref(ctx, *vecs)
    print(p.stdout)
    contains(p.stdout, 'PASS')


def case_ref_catches(ctx):
    """The reference catches a changed group count of a dispatch record and a changed fence word."""
    lines = open(os.path.join(ctx['src'], vec('grid2d'))).read().split('\n')
    e = [i for i, l in enumerate(lines) if l.startswith('out ev ')][0]
    f = lines[e].split()
    f[5] = '%08x' % (int(f[5], 16) + 1)
    bad = os.path.join(ctx['tmp'], 'g.vec')
    open(bad, 'w').write('\n'.join(lines[:e] + [' '.join(f)] + lines[e + 1:]))
    contains(ref(ctx, bad, rc=1).stdout, 'FAIL ', 'ev #0 @')
    lines = open(os.path.join(ctx['src'], vec('vadd'))).read().split('\n')
    w = [i for i, l in enumerate(lines) if l.startswith('out memreq ') and l.split()[4] == '1'][-1]
    f = lines[w].split()
    f[5] = '%08x' % (int(f[5], 16) ^ 1)
    open(bad, 'w').write('\n'.join(lines[:w] + [' '.join(f)] + lines[w + 1:]))
    contains(ref(ctx, bad, rc=1).stdout, 'FAIL ', 'fence writes')


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'compute_test.py'))
