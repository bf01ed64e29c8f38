#!/usr/bin/env python3
"""clip_test.py - end-to-end tests of the r5xx.clip block (docs/blocks/r5xx.clip.md) through the rcosim
command line: a wrong output field injected on either side is caught and named (channel,
transaction, field, the vertex and its slot); the same run passes without it; the directed golden
vectors agree with the reference of scripts/blocks/r5xx_clip_directed.py (which can fail) and their
stimulus files are what that script writes today; the same reference agrees with the model on
seeded random phased stimuli (the script's --random) and sees every plane clip and cull.

Usage: clip_test.py RCOSIM SOURCE_DIR CASE
Each CASE is one CTest test.  Runs from SOURCE_DIR.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402

RANDOM = ['--block', 'r5xx.clip', '--count', '300', '--seed', '5', '--backpressure', 'random:0.5']
SCRIPT = os.path.join('blocks', 'r5xx_clip_directed.py')
VECDIR = os.path.join('vectors', 'r5xx', 'clip')


def case_fault_rtl(ctx):
    """A flipped bit of the 101st output record on the RTL side is caught and named with the
    vertex, its slot and every field of the record, and the recent register writes decoded."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:vtx.x@100^0x1', expect_rc=1)
    contains(p.stdout, 'MISMATCH r5xx.clip at cycle 735: channel vtx (out), transaction #100: field x differs '
             '(expected: model, actual: rtl)', '    vert       0x002a                   0x002a',
             '  * x          0x3f24a429               0x3f24a428', 'addr=20b0(VAP_VTE_CNTL) data=00000300',
             'FAIL r5xx.clip random count 300: cycle 735: channel vtx (out) #100 field x differs')


def case_fault_model(ctx):
    """On the model side: a slot number, a position bit, a vlast, a dlast, a primitive type, a wmask;
    each is named by channel, transaction and field."""
    for field, n, x in (('slot', 40, 1), ('y', 77, 0x80000000), ('vlast', 12, 1), ('dlast', 90, 1),
                        ('prim', 33, 2), ('wmask', 150, 4), ('w', 5, 0x10)):
        p = run(ctx, 'run', *RANDOM, '--inject', 'model:vtx.%s@%d^0x%x' % (field, n, x), expect_rc=1)
        contains(p.stdout, ': channel vtx (out), transaction #%d: field %s differs (expected: model, actual: rtl)'
                 % (n, field))


def case_fault_needs_compare(ctx):
    """Without the fault the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.clip random count 300: ', 'rtl vs model exact')


def case_directed_check(ctx):
    """The golden vectors' vtx records equal the script's reference of the document."""
    rctest.directed_check(ctx, 'clip', SCRIPT)


def case_reference_catches(ctx):
    """The reference check fails on a vector whose one output bit was altered (it can fail)."""
    d = os.path.join(ctx['tmp'], 'clip')
    os.makedirs(os.path.join(d, 'stim'))
    src = os.path.join(ctx['src'], VECDIR)
    open(os.path.join(d, 'stim', 'near_clip.stim'), 'w').write(
        open(os.path.join(src, 'stim', 'near_clip.stim')).read())
    lines = open(os.path.join(src, 'near_clip.vec')).read().split('\n')
    k = [i for i, l in enumerate(lines) if l.startswith('out vtx ')][20]
    f = lines[k].split()
    f[6] = '%08x' % (int(f[6], 16) ^ 1)
    lines[k] = ' '.join(f)
    open(os.path.join(d, 'near_clip.vec'), 'w').write('\n'.join(lines))
    p = rctest.script(ctx, SCRIPT, '--check', d)
    if p.returncode != 1 or 'FAIL: ' not in p.stdout or 'near_clip: vtx #20' not in p.stdout:
        raise Fail('the altered record was not caught:\n%s%s' % (p.stdout, p.stderr))


def case_stim_current(ctx):
    """The committed stimulus files are what the script writes today."""
    rctest.stim_current(ctx, 'clip', SCRIPT)


def random_check(ctx, seed, n):
    d = os.path.join(ctx['tmp'], 'rnd%d' % seed)
    os.makedirs(os.path.join(d, 'stim'))
    p = rctest.script(ctx, SCRIPT, '--random', str(seed), str(n), os.path.join(d, 'stim'))
    if p.returncode != 0:
        raise Fail('--random:\n%s%s' % (p.stdout, p.stderr))
    run(ctx, 'gen', '--stimulus', os.path.join(d, 'stim', 'random.stim'), '-o', os.path.join(d, 'random.vec'),
        '--quiet', expect_rc=0)
    p = rctest.script(ctx, SCRIPT, '--check', d, '--stats')
    if p.returncode != 0 or 'PASS' not in p.stdout:
        raise Fail('--check on the random vector:\n%s%s' % (p.stdout[-3000:], p.stderr[-3000:]))
    return p.stdout


def case_reference_random(ctx):
    """The reference agrees with the model on a seeded random phased stimulus (every PRIM_TYPE,
    random state, planes and positions), and in it every one of the 12 planes clips a primitive,
    primitives are culled, points and lines are clipped or culled, points are emitted as points and
    expanded (PS_UCP_MODE 2, 3: D10), and VTE paths vary."""
    out = random_check(ctx, 2511, 150)
    stats = dict(l.split(' ', 1) for l in out.split('\n') if l.startswith('stat.'))
    for k in ['stat.pass%d' % p for p in range(12)] + ['stat.culled', 'stat.accepted', 'stat.clipped',
                                                        'stat.line_clipped', 'stat.point_culled', 'stat.new',
                                                        'stat.point_accepted', 'stat.point_expanded']:
        if int(stats.get(k, '0')) == 0:
            raise Fail('%s never happened:\n%s' % (k, out))


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'clip_test.py'))
