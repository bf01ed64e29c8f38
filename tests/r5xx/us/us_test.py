#!/usr/bin/env python3
"""us_test.py - end-to-end tests of the r5xx.us block (docs/blocks/r5xx.us.md) through the rcosim
command line: a wrong output record, texture request or ready injected on either side is caught
and named (channel, transaction, quad number, the OUT instruction's index) and the report's pc
decodes to the instruction by scripts/blocks/r5xx_us_disasm.py; the same run passes without it;
the stimulus files are what scripts/blocks/r5xx_us_directed.py writes today; the seeded random
stimulus covers every opcode, source form, swizzle, modifier, OMOD and TEX form.

Usage: us_test.py RCOSIM SOURCE_DIR CASE
"""
import filecmp
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402

RANDOM = ['--block', 'r5xx.us', '--count', '400', '--seed', '9', '--backpressure', 'random:0.5']
VECDIR = os.path.join('vectors', 'r5xx', 'us')


def explain(ctx, vec, stdout):
    """The report's quad and pc, decoded from the vector's program by the disassembler script."""
    m = re.search(r'\* pc\s+0x([0-9a-f]+)|  pc\s+0x([0-9a-f]+)', stdout)
    if not m:
        raise Fail('no pc in the report:\n%s' % stdout)
    pc = int(m.group(1) or m.group(2), 16)
    q = re.search(r'  quad\s+0x([0-9a-f]+)', stdout)
    if not q:
        raise Fail('no quad in the report:\n%s' % stdout)
    p = rctest.script(ctx, os.path.join('blocks', 'r5xx_us_disasm.py'), vec, '--pc', str(pc),
                      '--quad', str(int(q.group(1), 16)))
    if p.returncode != 0:
        raise Fail('r5xx_us_disasm.py: %s%s' % (p.stdout, p.stderr))
    return 'quad %d pc %d' % (int(q.group(1), 16), pc), p.stdout


def case_fault_rtl(ctx):
    """A flipped colour bit of output record #20 on the RTL side: the report names the channel, the
    field, the quad and the OUT instruction, which the disassembler decodes."""
    vec = os.path.join(ctx['tmp'], 'r.vec')
    run(ctx, 'gen', *RANDOM, '-o', vec, '--quiet', expect_rc=0)
    p = run(ctx, 'run', '--vector', vec, '--inject', 'rtl:frag.p1ba@20^0x100000000', expect_rc=1)
    contains(p.stdout, 'MISMATCH r5xx.us at cycle ', ': channel frag (out), transaction #20: field p1ba differs '
             '(expected: model, actual: rtl)', 'quad ', 'pc ')
    where, text = explain(ctx, vec, p.stdout)
    contains(text, where + ': OUT rgb: ')       # the record's pc is an OUT instruction of that quad's program


def case_fault_features(ctx):
    """Faults in what the output conversion, the loops and DXDY produce, on the shipped vectors: a
    converted W (z01 of out_formats), a colour after a Mesa-style loop (fc_loops) and DXDY's LOD
    (texreq.lod of tex_dxdy), each on one side, must be reported with field and quad; the frag
    faults name the OUT instruction, which the disassembler decodes."""
    vd = os.path.join(ctx['src'], VECDIR)
    for vec, inj, field in (('out_formats.vec', 'rtl:frag.z01@7^0x1', 'z01'),
                            ('fc_loops.vec', 'model:frag.p0rg@2^0x400000', 'p0rg'),
                            ('tex_dxdy.vec', 'rtl:texreq.lod@5^0x1', 'lod')):
        v = os.path.join(vd, vec)
        p = run(ctx, 'run', '--vector', v, '--inject', inj, expect_rc=1)
        contains(p.stdout, 'MISMATCH r5xx.us at cycle ', 'field %s differs' % field)
        if field != 'lod':
            contains(p.stdout, 'quad ', 'pc ')
            where, text = explain(ctx, v, p.stdout)
            contains(text, where + ': OUT ')
        run(ctx, 'run', '--vector', v, expect_rc=0)


def case_fault_rtl_tex(ctx):
    """A wrong texture coordinate on the RTL side (texreq.s of request #30)."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:texreq.s@30^0x1', expect_rc=1)
    contains(p.stdout, ': channel texreq (out), transaction #30: field s differs (expected: model, actual: rtl)')


def case_fault_model(ctx):
    """On the model side: the written-pixel mask, the channel mask, W and the quad number."""
    for field, n, x in (('wr', 10, 1), ('mask', 40, 0x10), ('z23', 50, 1 << 40), ('quad', 70, 0x8000)):
        p = run(ctx, 'run', *RANDOM, '--inject', 'model:frag.%s@%d^0x%x' % (field, n, x), expect_rc=1)
        contains(p.stdout, ': channel frag (out), transaction #%d: field %s differs (expected: model, actual: rtl)'
                 % (n, field))


def case_fault_needs_compare(ctx):
    """Without the fault the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.us random count 400: ', 'rtl vs model exact')


def case_stim_current(ctx):
    """The committed stimulus files are what the script writes today."""
    out = os.path.join(ctx['tmp'], 'stim')
    p = rctest.script(ctx, os.path.join('blocks', 'r5xx_us_directed.py'), out)
    if p.returncode != 0:
        raise Fail('r5xx_us_directed.py:\n%s%s' % (p.stdout, p.stderr))
    ref = os.path.join(ctx['src'], VECDIR, 'stim')
    names = sorted(os.listdir(out))
    if names != sorted(n for n in os.listdir(ref) if n.endswith('.stim')):
        raise Fail('stimulus files differ: generated %s, committed %s' % (names, sorted(os.listdir(ref))))
    _, mismatch, errors = filecmp.cmpfiles(out, ref, names, shallow=False)
    if mismatch or errors:
        raise Fail('out of date (run scripts/regen-vectors): %s' % ' '.join(mismatch + errors))


def case_coverage(ctx):
    """3,000 random quads' programs use every RGB op but the reserved, every alpha op but 4, every
    swizzle code, modifier, pre-subtract, OMOD, source form, TEX INST, predicate select, target,
    FC op, A_OP none/push, B_OP, B_ELSE, JUMP_ANY, IGNORE_UNCOVERED and JUMP_GLOBAL; every OUT_FMT
    code, component select, OUT_SIGN, ROUND_ADJ, every US_W_FMT value, FULL_FC_EN both ways and
    every relative (aL) address form."""
    vec = os.path.join(ctx['tmp'], 'cov.vec')
    run(ctx, 'gen', '--block', 'r5xx.us', '--seed', '77', '--count', '3000', '-o', vec, '--quiet', expect_rc=0)
    p = rctest.script(ctx, os.path.join('blocks', 'r5xx_us_disasm.py'), vec, '--stats')
    if p.returncode != 0:
        raise Fail('r5xx_us_disasm.py --stats: %s%s' % (p.stdout, p.stderr))
    want = {'rop': {0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12}, 'aop': set(range(16)) - {4},
            'swz': set(range(7)), 'mod': set(range(4)), 'srcp': set(range(4)), 'omod': set(range(8)),
            'src': {'temp', 'const', 'inline'}, 'texop': {0, 1, 2, 3, 4, 5, 6}, 'psel': set(range(6)),
            'tgt': set(range(4)), 'fcop': set(range(8)), 'aop_fc': {0, 2}, 'bop': set(range(4)),
            'fcflag': {'else', 'any', 'ignore_uncovered', 'global'},
            'outfmt': set(range(32)) | {'sign', 'round_adj'}, 'outsel': set(range(4)), 'wfmt': set(range(8)),
            'fcfull': {0, 1}, 'rel': {'src', 'rgbdst', 'alphadst', 'texsrc', 'texdst', 'dx', 'dy'}}
    seen = {}
    for line in p.stdout.splitlines():
        k, _, v = line.partition(':')
        seen[k] = set(int(x) if x.isdigit() else x for x in v.split())
    for k, s in want.items():
        if not s <= seen.get(k, set()):
            raise Fail('%s: missing %s (seen %s)' % (k, sorted(s - seen.get(k, set()), key=str), sorted(seen.get(k, set()), key=str)))


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'us_test.py'))
