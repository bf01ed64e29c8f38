#!/usr/bin/env python3
"""vap_test.py - end-to-end tests of the r5xx.vap block (docs/blocks/r5xx.vap.md) through the rcosim
command line: a wrong output component, write mask or memory address injected on either side is
caught and named, the same run passes without it; the directed golden vectors agree with the
independent reference of scripts/blocks/r5xx_vap_directed.py and their stimulus files are what that
script writes today; the seeded random stimulus programs every PRIM_TYPE, PRIM_WALK, DATA_TYPE,
signed-normalise method, swizzle select, VC_SWAP code and the index modes; a 65,540-vertex draw
wraps vtx.vert at 16 bits.

Usage: vap_test.py RCOSIM SOURCE_DIR CASE
Each CASE is one CTest test.  Runs from SOURCE_DIR.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402

RANDOM = ['--block', 'r5xx.vap', '--count', '400', '--seed', '5', '--backpressure', 'random:0.5',
          '--mem-latency', '1:8']


# ---- cases ---------------------------------------------------------------------------------

def case_fault_rtl(ctx):
    """A flipped bit of an output component on the RTL side (the 8th vtx record) is caught and named."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:vtx.x@7^0x1', expect_rc=1)
    contains(p.stdout, 'MISMATCH r5xx.vap at cycle ',
             ': channel vtx (out), transaction #7: field x differs (expected: model, actual: rtl)',
             'FAIL r5xx.vap random count 400: cycle ', 'channel vtx (out) #7 field x differs')


def case_fault_rtl_addr(ctx):
    """A wrong vertex-fetch address bit on the RTL side."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:memreq.addr@40^0x20', expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #40: field addr differs (expected: model, actual: rtl)')


def case_fault_model(ctx):
    """On the model side: the sign of a w component, and a write-mask bit."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:vtx.w@30^0x80000000', expect_rc=1)
    contains(p.stdout, ': channel vtx (out), transaction #30: field w differs (expected: model, actual: rtl)')
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:vtx.wmask@55^0x4', expect_rc=1)
    contains(p.stdout, ': channel vtx (out), transaction #55: field wmask differs')


def case_fault_needs_compare(ctx):
    """Without the fault the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.vap random count 400: ', 'rtl vs model exact')


def case_directed_check(ctx):
    """The golden vectors' vtx records and memory reads equal scripts/blocks/r5xx_vap_directed.py's reference."""
    rctest.directed_check(ctx, 'vap', os.path.join('blocks', 'r5xx_vap_directed.py'))


def case_stim_current(ctx):
    """The committed stimulus files are what scripts/blocks/r5xx_vap_directed.py writes today."""
    rctest.stim_current(ctx, 'vap', os.path.join('blocks', 'r5xx_vap_directed.py'))


def case_random_reference(ctx):
    """Seeded random vectors (the C model's outputs under three back-pressure policies) agree with
    scripts/blocks/r5xx_vap_directed.py's independent reference, record for record."""
    vecs = []
    for seed, bp, lat in ((31, 'random:0.5', '1:8'), (32, 'bursty:16', '4:30'), (33, 'always', '1')):
        vec = os.path.join(ctx['tmp'], 'r%d.vec' % seed)
        run(ctx, 'gen', '--block', 'r5xx.vap', '--seed', str(seed), '--count', '1500', '--backpressure', bp,
            '--mem-latency', lat, '-o', vec, '--quiet', expect_rc=0)
        vecs.append(vec)
    p = rctest.script(ctx, os.path.join('blocks', 'r5xx_vap_directed.py'), '--check-vector', *vecs)
    if p.returncode != 0 or 'PASS' not in p.stdout:
        raise Fail('r5xx_vap_directed.py --check-vector:\n%s%s' % (p.stdout, p.stderr))


def case_short_draw_hangs(ctx):
    """A draw short of data dwords (decision 7): the write behind it is parked, both sides wait,
    and the watchdog reports the hang with the draw's one vertex emitted and no dlast."""
    stim = os.path.join(ctx['tmp'], 'short.stim')
    with open(stim, 'w') as f:
        f.write('rcosim-vector 1\nblock r5xx.vap\nseed 1\nbackpressure always\nmem-latency 1:1\n'
                'channel in regw addr:16 data:32\n'
                'in regw 20b4 00000001\nin regw 2090 00000001\nin regw 2150 00002000\nin regw 21e0 0000f688\n'
                'in regw 2084 00020032\nin regw 2000 3f800000\nin regw 2098 3f800000\nend\n')
    p = run(ctx, 'run', '--vector', stim, '--watchdog', '200', expect_rc=1)
    contains(p.stdout, 'HANG r5xx.vap at cycle 207: no handshake on any channel for 200 cycles (--watchdog)',
             'rtl: status idle = 0', 'model: status idle = 0',
             'regw     #6      @6        addr=2098(VAP_VPORT_XSCALE) data=3f800000',
             'vlast=1 dlast=0 prim=2', 'short.stim: hang: no progress for 200 cycles (watchdog); seed 1')


def case_vert_wrap(ctx):
    """A 65,540-vertex draw (VAP_ALT_NUM_VERTICES, a vertex list with no arrays: one position slot
    per vertex) in exact lockstep: vtx.vert wraps at 16 bits, dlast only on the last vertex."""
    stim = os.path.join(ctx['tmp'], 'wrap.stim')
    with open(stim, 'w') as f:
        f.write('rcosim-vector 1\nblock r5xx.vap\nseed 1\nbackpressure always\nmem-latency 1:1\n'
                'channel in regw addr:16 data:32\n'
                'in regw 20c0 00000000\nin regw 2088 00010004\nin regw 2084 00004025\nend\n')
    vec = os.path.join(ctx['tmp'], 'wrap.vec')
    p = run(ctx, 'run', '--vector', stim, expect_rc=0)
    contains(p.stdout, 'rtl vs model exact', 'vtx 65540')
    run(ctx, 'gen', '--stimulus', stim, '-o', vec, '--quiet', expect_rc=0)
    recs = [line.split()[3:13] for line in open(vec) if line.startswith('out vtx ')]
    if len(recs) != 65540:
        raise Fail('%d vtx records, expected 65540' % len(recs))
    verts = [int(r[0], 16) for r in recs]
    if verts[65535] != 0xFFFF or verts[65536] != 0 or verts[65539] != 3:
        raise Fail('vert around the wrap: %s' % verts[65534:65540])
    dl = [i for i, r in enumerate(recs) if r[8] == '1']
    if dl != [65539] or any(r[9] != '5' or r[6] != '0' for r in recs):
        raise Fail('dlast at %s, or a wrong prim / wmask' % dl[:4])


def case_coverage(ctx):
    """20,000 seeded random vertices program every PRIM_TYPE with every PRIM_WALK, every DATA_TYPE
    (element 0 and others), SIGNED x NORMALIZE, every signed-normalise method, every swizzle select,
    every VC_SWAP code, both PVS_BYPASS values (the PVS path and the bypass), 16/32-bit indices, dual-index mode and USE_ALT_NUM_VERTS."""
    vec = os.path.join(ctx['tmp'], 'cov.vec')
    run(ctx, 'gen', '--block', 'r5xx.vap', '--seed', '77', '--count', '20000', '-o', vec, '--quiet', expect_rc=0)
    seen = {k: set() for k in ('prim_walk', 'type0', 'type', 'sn', 'method', 'select', 'swap', 'vf_bits',
                               'vte', 'bypass')}
    for line in open(vec):
        if not line.startswith('in regw '):
            continue
        f = line.split()
        a, d = int(f[-2], 16), int(f[-1], 16)
        if a == 0x2084:
            seen['prim_walk'].add((d & 15, d >> 4 & 3))
            seen['vf_bits'].update(b for b in (11, 13, 14) if d >> b & 1)
        elif 0x2150 <= a <= 0x216C:
            for h in (d & 0xFFFF, d >> 16):
                seen['type'].add(h & 15)
                seen['sn'].add(h >> 14)
            if a == 0x2150:
                seen['type0'].add(d & 15)
        elif 0x21E0 <= a <= 0x21FC:
            for h in (d & 0xFFFF, d >> 16):
                seen['select'].update(h >> 3 * c & 7 for c in range(4))
        elif a == 0x21DC:
            seen['method'].update(d >> 2 * e & 3 for e in range(16))
        elif a == 0x2140:
            seen['swap'].add(d & 3)
            seen['bypass'].add(d >> 8 & 1)
        elif a == 0x20B0:
            seen['vte'].update(b for b in range(6) if d >> b & 1)
    want = {'prim_walk': 64, 'type0': 16, 'type': 16, 'sn': 4, 'method': 4, 'select': 8, 'swap': 4,
            'vf_bits': 3, 'vte': 6, 'bypass': 2}
    for k, n in want.items():
        if len(seen[k]) != n:
            raise Fail('%s: %d of %d values programmed: %s' % (k, len(seen[k]), n, sorted(seen[k])))


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'vap_test.py'))
