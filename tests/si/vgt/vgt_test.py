#!/usr/bin/env python3
"""vgt_test.py - end-to-end tests of the si.vgt block (docs/blocks/si.vgt.md) through the rcosim
command line: a wrong index record field or request address injected on either side is caught
and named, the same run passes without it; the directed golden vectors agree with the
independent reference of scripts/blocks/si_vgt_directed.py and their stimulus files are what that
script writes today; the seeded random stimulus programs every value of every register field the
block uses; reports name Sea Islands registers; the register database holds the seed facts the
block relies on and the repairs of issue #11 item 5.

Usage: vgt_test.py RCOSIM SOURCE_DIR CASE
Each CASE is one CTest test.  Runs from SOURCE_DIR.
"""
import filecmp
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402

RANDOM = ['--block', 'si.vgt', '--count', '3000', '--seed', '5', '--backpressure', 'random:0.5',
          '--mem-latency', '1:8']
SCRIPT = os.path.join('blocks', 'si_vgt_directed.py')
VECDIR = os.path.join('vectors', 'si', 'vgt')


def case_fault_rtl(ctx):
    """A flipped bit of the 101st record's final index on the RTL side is caught and named."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:idx.final@100^0x1', expect_rc=1)
    contains(p.stdout, 'MISMATCH si.vgt at cycle 223: channel idx (out), transaction #100: field final differs '
             '(expected: model, actual: rtl)', '  * final      0xffff0045               0xffff0044',
             'addr=287f0(VGT_DRAW_INITIATOR) data=00000006',
             'FAIL si.vgt random count 3000: cycle ', 'channel idx (out) #100 field final differs')


def case_fault_rtl_addr(ctx):
    """A wrong request address bit (bit 36, above the agent's 32) on the RTL side."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:memreq.addr@40^0x1000000000', expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #40: field addr differs (expected: model, actual: rtl)')


def case_fault_model(ctx):
    """On the model side: a restart flag, an end-of-primitive flag and an instance number."""
    for field, n, x in (('restart', 200, 1), ('eop', 300, 1), ('inst', 400, 2), ('draw', 7, 0x8000)):
        p = run(ctx, 'run', *RANDOM, '--inject', 'model:idx.%s@%d^0x%x' % (field, n, x), expect_rc=1)
        contains(p.stdout, ': channel idx (out), transaction #%d: field %s differs (expected: model, actual: rtl)'
                 % (n, field))


def case_fault_needs_compare(ctx):
    """Without the fault the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS si.vgt random count 3000: ', 'idx 3000;')


def case_directed_check(ctx):
    """The golden vectors' index records and requests equal the script's independent reference."""
    p = rctest.script(ctx, SCRIPT, '--check', os.path.join(ctx['src'], VECDIR))
    if p.returncode != 0 or 'PASS' not in p.stdout:
        raise Fail('si_vgt_directed.py --check:\n%s%s' % (p.stdout, p.stderr))


def case_reference_catches(ctx):
    """The reference check fails on a vector whose one record was altered (it can fail)."""
    d = os.path.join(ctx['tmp'], 'vgt')
    os.makedirs(os.path.join(d, 'stim'))
    src = os.path.join(ctx['src'], VECDIR)
    with open(os.path.join(src, 'stim', 'restart.stim')) as f:
        open(os.path.join(d, 'stim', 'restart.stim'), 'w').write(f.read())
    lines = open(os.path.join(src, 'restart.vec')).read().split('\n')
    k = next(i for i, l in enumerate(lines) if l.startswith('out idx ') and l.split()[-2] == '1')
    f = lines[k].split()
    f[-2] = '0'
    lines[k] = ' '.join(f)
    open(os.path.join(d, 'restart.vec'), 'w').write('\n'.join(lines))
    p = rctest.script(ctx, SCRIPT, '--check', d)
    if p.returncode != 1 or 'FAIL: ' not in p.stdout or 'restart: index #' not in p.stdout:
        raise Fail('the altered record was not caught:\n%s%s' % (p.stdout, p.stderr))


def case_stim_current(ctx):
    """The committed stimulus files are what the script writes today."""
    out = os.path.join(ctx['tmp'], 'stim')
    p = rctest.script(ctx, SCRIPT, out)
    if p.returncode != 0:
        raise Fail('%s:\n%s%s' % (SCRIPT, p.stdout, p.stderr))
    ref = os.path.join(ctx['src'], VECDIR, 'stim')
    names = sorted(os.listdir(out))
    if names != sorted(n for n in os.listdir(ref) if n.endswith('.stim')):
        raise Fail('stimulus files differ: generated %s, committed %s' % (names, sorted(os.listdir(ref))))
    _, mismatch, errors = filecmp.cmpfiles(out, ref, names, shallow=False)
    if mismatch or errors:
        raise Fail('out of date (run scripts/regen-vectors): %s' % ' '.join(mismatch + errors))


def case_coverage(ctx):
    """20,000 seeded random records program every value of every register field the block decodes:
    both index types through both registers, the four swap modes, restart on and off, instance
    counts 0-3 through both registers, BASE[1:0], BASE_HI zero and not, MAX_SIZE below SIZE, the
    four SOURCE_SELECTs and NOT_EOP; and the records show restarts, zero fill and eop."""
    vec = os.path.join(ctx['tmp'], 'cov.vec')
    run(ctx, 'gen', '--block', 'si.vgt', '--seed', '77', '--count', '20000', '-o', vec, '--quiet', expect_rc=0)
    seen = {k: set() for k in ('dit', 'uit', 'swap', 'ren', 'dinst', 'uinst', 'base', 'bhi', 'src', 'noteop')}
    size = maxsize = 0
    zero_fill = False
    restarts = eops = 0
    for line in open(vec):
        f = [v for v in line.split() if not v.startswith('@')]
        if line.startswith('in regw '):
            a, d = int(f[2], 16), int(f[3], 16)
            if a == 0x28a7c:
                seen['dit'].add(d & 1)
                seen['swap'].add((d >> 2) & 3)
            elif a == 0x3090c:
                seen['uit'].add(d & 1)
            elif a == 0x28a94:
                seen['ren'].add(d & 1)
            elif a == 0x28a88:
                seen['dinst'].add(min(d, 3))
            elif a == 0x30934:
                seen['uinst'].add(min(d, 3))
            elif a == 0x287e8:
                seen['base'].add(d & 3)
            elif a == 0x287e4:
                seen['bhi'].add(int(d & 0xFF != 0))
            elif a == 0x28a74:
                size = d
            elif a == 0x28a78:
                maxsize = d
            elif a == 0x287f0:
                seen['src'].add(d & 3)
                seen['noteop'].add((d >> 5) & 1)
                zero_fill |= d & 3 == 0 and maxsize < size
        elif line.startswith('out idx '):
            restarts += int(f[6], 16)
            eops += int(f[7], 16)
    want = {'dit': 2, 'uit': 2, 'swap': 4, 'ren': 2, 'dinst': 4, 'uinst': 4, 'base': 4, 'bhi': 2, 'src': 4,
            'noteop': 2}
    for k, n in want.items():
        if len(seen[k]) != n:
            raise Fail('%s: %d of %d values programmed: %s' % (k, len(seen[k]), n, sorted(seen[k])))
    if not zero_fill or restarts < 10 or eops < 10:
        raise Fail('zero fill %s, %d restarts, %d eops' % (zero_fill, restarts, eops))


def case_regdb_facts(ctx):
    """model/regdb/si.json holds the seed facts this block relies on (spec/seaislands.md section 5,
    facts 1, 3, 7, 8; 002 lines) and the repairs of issue #11 item 5."""
    db = json.load(open(os.path.join(ctx['src'], 'model', 'regdb', 'si.json')))
    regs = {r['name']: r for r in db['registers']}

    def field(reg, name):
        for f in regs[reg]['fields']:
            if f['name'] == name:
                return f
        raise Fail('%s has no field %s: %s' % (reg, name, [f['name'] for f in regs[reg]['fields']]))

    def expect(what, got, want):
        if got != want:
            raise Fail('%s: %r, expected %r' % (what, got, want))

    expect('VGT_DMA_INDEX_TYPE addr', regs['VGT_DMA_INDEX_TYPE']['addr'], '0x28a7c')
    f = field('VGT_DMA_INDEX_TYPE', 'INDEX_TYPE')
    expect('INDEX_TYPE', (f['hi'], f['lo'], f['enums']), (1, 0, [[0, 'VGT_INDEX_16'], [1, 'VGT_INDEX_32']]))
    f = field('VGT_DMA_INDEX_TYPE', 'SWAP_MODE')
    expect('SWAP_MODE', (f['hi'], f['lo'], [n for _, n in f['enums']]),
           (3, 2, ['VGT_DMA_SWAP_NONE', 'VGT_DMA_SWAP_16_BIT', 'VGT_DMA_SWAP_32_BIT', 'VGT_DMA_SWAP_WORD']))
    expect('VGT_DMA_BASE addr', regs['VGT_DMA_BASE']['addr'], '0x287e8')
    f = field('VGT_DMA_BASE_HI', 'BASE_ADDR')
    expect('VGT_DMA_BASE_HI', (regs['VGT_DMA_BASE_HI']['addr'], f['hi'], f['lo']), ('0x287e4', 7, 0))
    prim = dict(field('VGT_PRIMITIVE_TYPE', 'PRIM_TYPE')['enums'])
    expect('VGT_PRIMITIVE_TYPE addr', regs['VGT_PRIMITIVE_TYPE']['addr'], '0x30908')
    for v, n in ((4, 'DI_PT_TRILIST'), (5, 'DI_PT_TRIFAN'), (6, 'DI_PT_TRISTRIP'), (9, 'DI_PT_PATCH'),
                 (17, 'DI_PT_RECTLIST'), (19, 'DI_PT_QUADLIST'), (21, 'DI_PT_POLYGON')):
        expect('PRIM_TYPE %d' % v, prim.get(v), n)
    f = field('VGT_MULTI_PRIM_IB_RESET_EN', 'RESET_EN')
    expect('RESET_EN', (regs['VGT_MULTI_PRIM_IB_RESET_EN']['addr'], f['hi'], f['lo']), ('0x28a94', 0, 0))
    f = field('VGT_MULTI_PRIM_IB_RESET_INDX', 'RESET_INDX')
    expect('RESET_INDX', (regs['VGT_MULTI_PRIM_IB_RESET_INDX']['addr'], f['hi'], f['lo']), ('0x2840c', 31, 0))
    # the repairs (fix-ups si-33 .. si-68)
    names = [(f['name'], f['hi'], f['lo']) for f in regs['VGT_EVENT_INITIATOR']['fields']]
    expect('VGT_EVENT_INITIATOR fields', names,
           [('EVENT_TYPE', 5, 0), ('ADDRESS_HI', 26, 18), ('EXTENDED_EVENT', 27, 27)])
    ev = dict(field('VGT_EVENT_INITIATOR', 'EVENT_TYPE')['enums'])
    for v, n in ((8, 'VGT_STREAMOUT_SYNC'), (16, 'PS_PARTIAL_FLUSH'), (36, 'VGT_FLUSH'), (40, 'BOTTOM_OF_PIPE_TS'),
                 (47, 'CS_DONE'), (55, 'THREAD_TRACE_FINISH'), (58, 'PIXEL_PIPE_STAT_RESET')):
        expect('EVENT_TYPE %d' % v, ev.get(v), n)
    expect('EVENT_TYPE values', len(ev), 48)
    expect('DB_SRESULTS_COMPARE_STATE0 first field',
           regs['DB_SRESULTS_COMPARE_STATE0']['fields'][0]['name'], 'COMPAREFUNC0')


def case_regs_decode(ctx):
    """rcosim regs decodes the Sea Islands registers the block snoops."""
    p = run(ctx, 'regs', '--family', 'si', 'VGT_DMA_INDEX_TYPE', '0x0000000d', expect_rc=0)
    contains(p.stdout, 'INDEX_TYPE', 'VGT_INDEX_32', 'SWAP_MODE', 'VGT_DMA_SWAP_WORD')


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'vgt_test.py'))
