#!/usr/bin/env python3
"""pvs_test.py - end-to-end tests of the r5xx.pvs block (docs/blocks/r5xx.pvs.md) through the rcosim
command line: a wrong instruction result or output slot injected on either side is caught and
named with the vertex, the instruction index and the instruction, which the block's script
disassembles; the same run passes without it; the directed golden vectors agree with the
independent reference of scripts/blocks/r5xx_pvs_directed.py (which can fail) and their stimulus
files are what that script writes today; the disassembler gives the fact sheet's text for the
xf86-video-ati words; the seeded random programs cover every opcode, operand form and refusal;
the vectors show the vertices in flight VAP_CNTL.PVS_NUM_SLOTS allows, and no more.

Usage: pvs_test.py RCOSIM SOURCE_DIR CASE
Each CASE is one CTest test.  Runs from SOURCE_DIR.
"""
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402

RANDOM = ['--block', 'r5xx.pvs', '--count', '300', '--seed', '5', '--backpressure', 'random:0.5']
SCRIPT = os.path.join('blocks', 'r5xx_pvs_directed.py')
VECDIR = os.path.join('vectors', 'r5xx', 'pvs')


def report_disasm(ctx, text):
    path = os.path.join(ctx['tmp'], 'report.txt')
    open(path, 'w').write(text)
    p = rctest.script(ctx, SCRIPT, '--report', path)
    if p.returncode != 0:
        raise Fail('--report:\n%s%s' % (p.stdout, p.stderr))
    return p.stdout


def case_fault_rtl(ctx):
    """A flipped bit of the 403rd instruction result on the RTL side is caught and named: the
    vertex, the instruction index and its dwords, which the script disassembles."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:exe.x@402^0x1', expect_rc=1)
    contains(p.stdout, 'MISMATCH r5xx.pvs at cycle 2526: channel exe (out), transaction #402: field x differs '
             '(expected: model, actual: rtl)', '    vert       0x002f', '    pc         0x000',
             '    i0         0x01f0a047', '  * x          0x00000000               0x00000001',
             'FAIL r5xx.pvs random count 300: cycle 2526: channel exe (out) #402 field x differs')
    out = report_disasm(ctx, p.stdout)
    contains(out, 'exe record #402: vertex 47, instruction 0: ME_RECIP_FF VE_SAT t[5].xyzw, in[10].xy-ww, '
             't[22].xyzw, at[0].xyzw')


def case_fault_model(ctx):
    """On the model side: an output slot's mask, a position component, an err code, an instruction
    address; each is named by channel, transaction and field."""
    for ch, field, n, x in (('vtx', 'wmask', 100, 1), ('vtx', 'y', 40, 0x80000000), ('exe', 'err', 300, 2),
                            ('exe', 'pc', 77, 1), ('vtx', 'dlast', 60, 1), ('exe', 'pred', 90, 1)):
        p = run(ctx, 'run', *RANDOM, '--inject', 'model:%s.%s@%d^0x%x' % (ch, field, n, x), expect_rc=1)
        contains(p.stdout, ': channel %s (out), transaction #%d: field %s differs (expected: model, actual: rtl)'
                 % (ch, n, field))


def case_fault_needs_compare(ctx):
    """Without the fault the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.pvs random count 300: ', 'rtl vs model exact')


def case_directed_check(ctx):
    """The golden vectors' exe and vtx records equal the script's independent reference."""
    rctest.directed_check(ctx, 'pvs', SCRIPT)


def case_reference_catches(ctx):
    """The reference check fails on a vector whose one result bit was altered (it can fail), and
    names the instruction."""
    d = os.path.join(ctx['tmp'], 'pvs')
    os.makedirs(os.path.join(d, 'stim'))
    src = os.path.join(ctx['src'], VECDIR)
    open(os.path.join(d, 'stim', 'vector_ops.stim'), 'w').write(
        open(os.path.join(src, 'stim', 'vector_ops.stim')).read())
    lines = open(os.path.join(src, 'vector_ops.vec')).read().split('\n')
    k = [i for i, l in enumerate(lines) if l.startswith('out exe ')][40]
    f = lines[k].split()
    f[-5] = '%08x' % (int(f[-5], 16) ^ 1)
    lines[k] = ' '.join(f)
    open(os.path.join(d, 'vector_ops.vec'), 'w').write('\n'.join(lines))
    p = rctest.script(ctx, SCRIPT, '--check', d)
    if p.returncode != 1 or 'FAIL: ' not in p.stdout or 'vector_ops: exe record #40' not in p.stdout:
        raise Fail('the altered record was not caught:\n%s%s' % (p.stdout, p.stderr))


def case_stim_current(ctx):
    """The committed stimulus files are what the script writes today."""
    rctest.stim_current(ctx, 'pvs', SCRIPT)


def case_disasm_xati(ctx):
    """The disassembler gives the fact sheet's reading (r5xx-shaders.md 3.2) of the XATI words."""
    for words, text in (
            ('00F00203 01610001 01248001 01248001', 'VE_ADD out[0].xyzw, in[0].xy01, in[0].0000, in[0].0000'),
            ('00100001 012900C1 01110002 012480C1', 'VE_DOT_PRODUCT t[0].x___, in[6].xy10, c[0].xyz0, in[6].0000'),
            ('00202202 01218000 01238022 012480C1', 'VE_MULTIPLY out[1]._y__, t[0].0y00, c[1].0w00, in[6].0000'),
            ('00104202 01244000 01246042 012480C1', 'VE_MULTIPLY out[2].x___, t[0].z000, c[2].w000, in[6].0000'),
            ('00302203 016100C1 012480C1 012480C1', 'VE_ADD out[1].xy__, in[6].xy01, in[6].0000, in[6].0000')):
        p = rctest.script(ctx, SCRIPT, '--disasm', *words.split())
        if p.stdout.strip() != text:
            raise Fail('%s: %r, expected %r' % (words, p.stdout.strip(), text))


def case_coverage(ctx):
    """8,000 seeded random vertices execute every vector opcode 0-28, both macros and every math
    opcode 1-28, every err code, every source type, address mode and swizzle select 0-7, ABS and
    NEGATE, every destination type 0-5 and a reserved one, VE_SAT and ME_SAT, predicated writes of
    both senses that write and that are held off, the predicate bit both ways, and emit output slots
    with written components."""
    vec = os.path.join(ctx['tmp'], 'cov.vec')
    run(ctx, 'gen', '--block', 'r5xx.pvs', '--seed', '77', '--count', '8000', '-o', vec, '--quiet', expect_rc=0)
    seen = collections.defaultdict(set)
    written = 0
    last_pc = None
    redirects = 0
    for line in open(vec):
        f = [v for v in line.split() if not v.startswith('@')]
        if line.startswith('out exe '):
            d = int(f[4], 16)
            err, pred = int(f[-2], 16), int(f[-1], 16)
            pc = int(f[3], 16)
            if last_pc is not None and pc not in ((last_pc + 1) % 1024, last_pc):
                redirects += 1
            last_pc = pc
            seen['err'].add(err)
            seen['pred'].add(pred)
            if err == 0:
                kind = 'macro' if d >> 7 & 1 else 'math' if d >> 6 & 1 else 'op'
                seen[kind].add(d & 63)
                seen['dtype'].add(d >> 8 & 15)
                seen['dmode'].add((d >> 12 & 1) * 2 + (d >> 31))
                seen['vsat' if kind != 'math' else 'msat'].add(d >> (24 if kind != 'math' else 25) & 1)
                if d >> 26 & 1:
                    seen['psense'].add(d >> 27 & 1)
            else:
                seen['dtype_all'].add(d >> 8 & 15)
            for s in (int(x, 16) for x in f[5:8]):
                seen['stype'].add(s & 3)
                seen['smode'].add((s >> 31) * 2 + (s >> 4 & 1))
                seen['abs'].add(s >> 3 & 1)
                seen['neg'].add(s >> 25 & 15)
                for c in range(4):
                    seen['swz'].add(s >> (13 + 3 * c) & 7)
        elif line.startswith('out vtx ') and int(f[8], 16):
            written += 1
    want = {'op': set(range(29)), 'macro': {0, 1}, 'math': set(range(1, 29)), 'err': {0, 1, 2}, 'pred': {0, 1},
            'stype': {0, 1, 2, 3}, 'smode': {0, 1, 2, 3}, 'abs': {0, 1}, 'neg': set(range(16)),
            'swz': set(range(8)), 'dtype': set(range(6)), 'dmode': {0, 1, 2, 3}, 'vsat': {0, 1}, 'msat': {0, 1},
            'psense': {0, 1}}
    for k, v in want.items():
        if not v <= seen[k]:
            raise Fail('%s: %s not seen (seen %s)' % (k, sorted(v - seen[k]), sorted(seen[k])))
    if redirects < 1000:
        raise Fail('only %d flow-control redirections' % redirects)
    if not any(t > 5 for t in seen['dtype_all']) or written < 1000:
        raise Fail('reserved destination types %s, %d output slots with written components'
                   % (sorted(seen['dtype_all']), written))


def in_flight(lines, force=None):
    """Check the vertices-in-flight rule (docs/blocks/r5xx.pvs.md "Vertices in flight") on a
    vector's records: vertex v is in the block at least from the cycle before its first exe record
    (its last input record was taken by then) to its last vtx record; at no cycle may more vertices
    be in than B = min(max(PVS_NUM_SLOTS, 1), 3) of the VAP_CNTL written before its draw (force:
    B taken as that instead).  Returns (violations, {B: the most vertices seen in at once})."""
    cntl, alt, draws, verts, first, last = 0, 0, [], [], {}, {}
    for line in lines:
        f = [v for v in line.split() if not v.startswith('@')]
        if f[:2] == ['in', 'regw']:
            a, d = int(f[2], 16), int(f[3], 16)
            cntl = d if a == 0x2080 else cntl
            alt = d & 0xFFFFFF if a == 0x2088 else alt
            n = alt if d >> 14 & 1 else d >> 16
            if a == 0x2084 and d & 15 and d >> 4 & 3 and not cntl >> 17 & 1 and n:   # a draw ("Draws")
                draws += [force or min(max(cntl & 15, 1), 3)] * n
        elif f[:2] == ['in', 'vin'] and int(f[-3], 16):
            verts.append(int(f[2], 16))
        elif f[:2] in (['out', 'exe'], ['out', 'vtx']):
            c, v = int(line.split()[2][1:]), int(f[2], 16)
            if f[1] == 'exe':
                first.setdefault(v, c - 1)
            else:
                last[v] = c
    nb = dict(zip(verts, draws))                # a vector's inputs are kept per channel, in order
    bad, most = [], {}
    vs = sorted(v for v in first if v in last)
    for i, v in enumerate(vs):
        n = 1 + sum(1 for u in vs[max(0, i - 4):i] if last[u] >= first[v])
        most[nb[v]] = max(most.get(nb[v], 0), n)
        if n > nb[v]:
            bad.append('vertex %d: %d vertices in the block with B = %d' % (v, n, nb[v]))
    return bad, most


def case_slots_overlap(ctx):
    """The golden vector `slots` shows the overlap its NUM_SLOTS settings allow and never more:
    two vertices in flight with B = 2, three with B = 3, one with B = 1 (and with NUM_SLOTS 0); a
    seeded random vector (NUM_SLOTS drawn 0-15) too; the check fails when B is taken as 1."""
    lines = open(os.path.join(ctx['src'], VECDIR, 'slots.vec')).read().split('\n')
    bad, most = in_flight(lines)
    if bad or most != {1: 1, 2: 2, 3: 3}:
        raise Fail('slots.vec: %s, most in flight per B %s' % (bad[:5], most))
    if not in_flight(lines, force=1)[0]:
        raise Fail('the check found no violation with B taken as 1')
    vec = os.path.join(ctx['tmp'], 'rnd.vec')
    run(ctx, 'gen', '--block', 'r5xx.pvs', '--seed', '9', '--count', '600', '-o', vec, '--quiet', expect_rc=0)
    bad, most = in_flight(open(vec).read().split('\n'))
    if bad or most.get(2, 0) < 2 or most.get(3, 0) < 3:
        raise Fail('random vector: %s, most in flight per B %s' % (bad[:5], most))


def case_reference_random(ctx):
    """The independent reference agrees with the model on a seeded random vector of at least
    1,000,000 executed instructions (every opcode, operand form, predication, flow control)."""
    d = os.path.join(ctx['tmp'], 'rnd')
    os.makedirs(os.path.join(d, 'stim'))
    vec = os.path.join(d, 'random.vec')
    run(ctx, 'gen', '--block', 'r5xx.pvs', '--seed', '41', '--count', '18000', '-o', vec, '--quiet', expect_rc=0)
    n = sum(1 for line in open(vec) if line.startswith('out exe '))
    if n < 1000000:
        raise Fail('only %d instructions in the random vector' % n)
    os.link(vec, os.path.join(d, 'stim', 'random.stim'))
    p = rctest.script(ctx, SCRIPT, '--check', d)
    if p.returncode != 0 or 'PASS' not in p.stdout:
        raise Fail('--check on the random vector:\n%s%s' % (p.stdout[-3000:], p.stderr[-3000:]))


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'pvs_test.py'))
