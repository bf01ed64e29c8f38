#!/usr/bin/env python3
"""tx_test.py - end-to-end tests of the r5xx.tx block (docs/blocks/r5xx.tx.md) through the rcosim
command line: a wrong response component, error flag or read address injected on either side is
caught and the report names the sampler, the coordinates and the texels read; the same run passes
without it; the directed golden vectors agree with the independent reference of
scripts/blocks/r5xx_tx_directed.py (which fails on an altered vector) and their stimulus files are
what that script writes today; the seeded random stimulus programs every value of every field the
block decodes.

Usage: tx_test.py RCOSIM SOURCE_DIR CASE
Each CASE is one CTest test.  Runs from SOURCE_DIR.
"""
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402

RANDOM = ['--block', 'r5xx.tx', '--count', '3000', '--seed', '5', '--backpressure', 'random:0.5',
          '--mem-latency', '1:8']
SCRIPT = os.path.join('blocks', 'r5xx_tx_directed.py')
VECDIR = os.path.join('vectors', 'r5xx', 'tx')


def case_fault_rtl(ctx):
    """A flipped bit of the 101st response's green component on the RTL side is caught at the cycle
    that response is shown; the report shows the sampler and quad pixel of both sides, the requests
    before it (sampler, coordinates, LOD), the texel reads and their data, the register writes
    decoded by name, and a repro line."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:rsp.g@100^0x1', expect_rc=1)
    m = re.search(r'MISMATCH r5xx.tx at cycle (\d+): channel rsp \(out\), transaction #100: field g differs '
                  r'\(expected: model, actual: rtl\)\n    field      model                    rtl\n'
                  r'    smp        (0x[0-9a-f])\s+\2\n    quad       (0x[0-3])\s+\3\n    r          \S+\s+\S+\n'
                  r'  \* g          0x([0-9a-f]{8})\s+0x([0-9a-f]{8})\n', p.stdout)
    if not m or int(m.group(4), 16) ^ int(m.group(5), 16) != 1:
        raise Fail('no exact mismatch report:\n%s' % p.stdout)
    # the repro line names the binary as it pastes from the working directory (cli.repro_pasteable)
    if not re.search(r'^  repro: \S*rcosim run --block r5xx.tx --count 3000 --seed 5 ', p.stdout, re.M):
        raise Fail('no repro line:\n%s' % p.stdout)
    contains(p.stdout, 'req      #100 ', ' smp=', ' s=', ' t=', ' lod=', 'memreq   #', 'memrsp   #', '(TX_',
             'rcosim run --block r5xx.tx --count 3000 --seed 5',
             'FAIL r5xx.tx random count 3000: cycle %s: channel rsp (out) #100 field g differs' % m.group(1))


def case_fault_rtl_addr(ctx):
    """A wrong texel read address on the RTL side."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:memreq.addr@40^0x4', expect_rc=1)
    if not re.search(r'MISMATCH r5xx.tx at cycle \d+: channel memreq \(out\), transaction #40: field addr differs '
                     r'\(expected: model, actual: rtl\)', p.stdout):
        raise Fail('no memreq mismatch:\n%s' % p.stdout)


def case_fault_model(ctx):
    """On the model side: an error flag, the alpha component, the echoed sampler and quad pixel."""
    for field, n, x in (('err', 200, 2), ('a', 300, 0x80000000), ('smp', 7, 1), ('quad', 400, 2), ('r', 1, 0x400000)):
        p = run(ctx, 'run', *RANDOM, '--inject', 'model:rsp.%s@%d^0x%x' % (field, n, x), expect_rc=1)
        contains(p.stdout, ': channel rsp (out), transaction #%d: field %s differs (expected: model, actual: rtl)'
                 % (n, field))


def case_fault_needs_compare(ctx):
    """Without the fault the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.tx random count 3000: ', 'rsp 3000;')


def case_directed_check(ctx):
    """The golden vectors' responses and reads equal the script's independent reference."""
    rctest.directed_check(ctx, 'tx', SCRIPT)


def case_reference_catches(ctx):
    """The reference check fails on a vector whose one response component was altered, and on one
    whose one read address was altered (it can fail)."""
    src = os.path.join(ctx['src'], VECDIR)
    for kind in ('rsp', 'memreq'):
        d = os.path.join(ctx['tmp'], kind)
        os.makedirs(os.path.join(d, 'stim'))
        shutil.copy(os.path.join(src, 'stim', 'bilinear.stim'), os.path.join(d, 'stim'))
        lines = open(os.path.join(src, 'bilinear.vec')).read().split('\n')
        k = [i for i, l in enumerate(lines) if l.startswith('out %s ' % kind)][37]
        f = lines[k].split()
        f[-2 if kind == 'rsp' else -1] = '%08x' % (int(f[-2 if kind == 'rsp' else -1], 16) ^ 4)
        lines[k] = ' '.join(f)
        open(os.path.join(d, 'bilinear.vec'), 'w').write('\n'.join(lines))
        p = rctest.script(ctx, SCRIPT, '--check', d)
        want = 'bilinear: response #37' if kind == 'rsp' else 'bilinear: read #37'
        if p.returncode != 1 or 'FAIL: ' not in p.stdout or want not in p.stdout:
            raise Fail('the altered %s was not caught:\n%s%s' % (kind, p.stdout, p.stderr))


def case_stim_current(ctx):
    """The committed stimulus files are what the script writes today."""
    rctest.stim_current(ctx, 'tx', SCRIPT)


def case_coverage(ctx):
    """20,000 seeded random requests program every TXFORMAT code (and TXFORMAT_MSB 1), every wrap
    mode of s and of t, MAG_FILTER and MIN_FILTER 0-3, MACRO_TILE 0-1, MICRO_TILE 0-3, MC_ROUND 0-1,
    every SEL_* value of each channel, TEX_COORD_TYPE 0-3, MIP_FILTER and VOL_FILTER 0-3,
    CHROMA_KEY_MODE 0-3, POW2FIX2FLT 0-1, ENDIAN_SWAP 0-3, all 16 samplers, every lmode, grad 0-1
    (D24) with lambdas of both signs from derivatives; and the responses show every error flag, the
    kill bit 0 and 1 (D21), border texels (the border colour's exact channel values) and results
    of 1.0 and 0.0."""
    vec = os.path.join(ctx['tmp'], 'cov.vec')
    run(ctx, 'gen', '--block', 'r5xx.tx', '--seed', '77', '--count', '20000', '-o', vec, '--quiet', expect_rc=0)
    seen = {k: set() for k in ('fmt', 'msb', 'cs', 'ct', 'mag', 'min', 'macro', 'micro', 'mcr', 'sr', 'sg', 'sb',
                               'sa', 'ctype', 'smp', 'lmode', 'err', 'mipf', 'volf', 'ckey', 'pow2', 'endian',
                               'grad', 'kill', 'dsign')}
    for line in open(vec):
        f = [v for v in line.split() if not v.startswith('@')]
        if line.startswith('in regw '):
            a, d = int(f[2], 16), int(f[3], 16)
            bank = (a - 0x4400) >> 6 if 0x4400 <= a < 0x4600 and a % 4 == 0 else None
            if bank == 0:
                seen['cs'].add(d & 7)
                seen['ct'].add((d >> 3) & 7)
                seen['mag'].add((d >> 9) & 3)
                seen['min'].add((d >> 11) & 3)
                seen['mipf'].add((d >> 13) & 3)
                seen['volf'].add((d >> 15) & 3)
            elif bank == 1:
                seen['mcr'].add((d >> 2) & 1)
                seen['ckey'].add(d & 3)
            elif bank == 3:
                seen['fmt'].add(d & 31)
                for k, sh in (('sa', 9), ('sr', 12), ('sg', 15), ('sb', 18)):
                    seen[k].add((d >> sh) & 7)
                seen['ctype'].add((d >> 25) & 3)
            elif bank == 4:
                seen['msb'].add((d >> 14) & 1)
                seen['pow2'].add((d >> 17) & 1)
            elif bank == 5:
                seen['macro'].add((d >> 2) & 1)
                seen['micro'].add((d >> 3) & 3)
                seen['endian'].add(d & 3)
        elif line.startswith('in req '):
            seen['smp'].add(int(f[2], 16))
            seen['lmode'].add(int(f[7], 16))
            seen['grad'].add(int(f[9], 16))
            if int(f[9], 16):                 # D24: derivatives above and below one texel a pixel
                dx = [int(v, 16) & 0x7FFFFFFF for v in f[10:14]]
                seen['dsign'].add(max(dx) >= 0x3C800000)    # the largest at least 1/64 (binary32 bits order)
        elif line.startswith('out rsp '):
            e = int(f[8], 16)
            seen['kill'].add(int(f[9], 16))
            for b in range(4):
                if e >> b & 1:
                    seen['err'].add(b)
    want = {'fmt': 32, 'msb': 2, 'cs': 8, 'ct': 8, 'mag': 4, 'min': 4, 'macro': 2, 'micro': 4, 'mcr': 2, 'sr': 8,
            'sg': 8, 'sb': 8, 'sa': 8, 'ctype': 4, 'smp': 16, 'lmode': 4, 'err': 4, 'mipf': 4, 'volf': 4,
            'ckey': 4, 'pow2': 2, 'endian': 4, 'grad': 2, 'kill': 2, 'dsign': 2}
    for k, n in want.items():
        if len(seen[k]) != n:
            raise Fail('%s: %d of %d values seen: %s' % (k, len(seen[k]), n, sorted(seen[k])))


def case_fp16_all(ctx):
    """Every binary16 code point (a 16f x4 texture of 0x0000-0xFFFF, r5xx_tx_directed.py --big): the
    golden vector made by the model passes RTL against model and against the vector, replays on the
    RTL alone, and equals the script's independent reference."""
    d = ctx['tmp']
    p = rctest.script(ctx, SCRIPT, '--big', os.path.join(d, 'stim'))
    if p.returncode != 0:
        raise Fail('%s --big:\n%s%s' % (SCRIPT, p.stdout, p.stderr))
    stim, vec = os.path.join(d, 'stim', 'fp16_all.stim'), os.path.join(d, 'fp16_all.vec')
    run(ctx, 'gen', '--stimulus', stim, '-o', vec, '--quiet', expect_rc=0)
    p = run(ctx, 'run', '--vector', vec, expect_rc=0)
    contains(p.stdout, 'rtl vs model exact, vs vector exact', 'rsp 16384;')
    run(ctx, 'replay', '--vector', vec, '--quiet', expect_rc=0)
    p = rctest.script(ctx, SCRIPT, '--check', d)
    if p.returncode != 0 or 'PASS: 16384 responses checked' not in p.stdout:
        raise Fail('%s --check:\n%s%s' % (SCRIPT, p.stdout, p.stderr))


def codes_vector(ctx, opt, name, nrsp):
    """The code-point vector NAME (r5xx_tx_directed.py OPT): written, its golden vector made by the
    model, run RTL against model against the vector, replayed on the RTL alone, and every response
    and read equal to the script's independent reference."""
    d = ctx['tmp']
    p = rctest.script(ctx, SCRIPT, opt, os.path.join(d, 'stim'))
    if p.returncode != 0:
        raise Fail('%s %s:\n%s%s' % (SCRIPT, opt, p.stdout, p.stderr))
    stim, vec = os.path.join(d, 'stim', name + '.stim'), os.path.join(d, name + '.vec')
    run(ctx, 'gen', '--stimulus', stim, '-o', vec, '--quiet', expect_rc=0)
    p = run(ctx, 'run', '--vector', vec, expect_rc=0)
    contains(p.stdout, 'rtl vs model exact, vs vector exact', 'rsp %d;' % nrsp)
    run(ctx, 'replay', '--vector', vec, '--quiet', expect_rc=0)
    p = rctest.script(ctx, SCRIPT, '--check', d)
    if p.returncode != 0 or 'PASS: %d responses checked' % nrsp not in p.stdout:
        raise Fail('%s --check:\n%s%s' % (SCRIPT, p.stdout, p.stderr))


def case_codes_rtl(ctx):
    """Every code of every component of the formats of 2- to 11-bit components (2, 5-11, 13),
    unsigned and signed, point-sampled through the RTL (10,640 requests)."""
    codes_vector(ctx, '--codes', 'codes_fixed', 10640)


def case_codes_rtl_wide(ctx):
    """Every code of the 16-bit components (formats 1, 4, 14, unsigned and signed), every DXT1
    RGB565 end code as c0 and c1, every DXT5 alpha end pair, through the RTL (655,360 requests,
    5.2 M cycles; nightly)."""
    codes_vector(ctx, '--codes-wide', 'codes_wide', 655360)


def case_smoke_random(ctx):
    """A short seeded random run in exact lockstep under random back-pressure and memory latency."""
    p = run(ctx, 'run', '--block', 'r5xx.tx', '--count', '5000', '--seed', '23', '--backpressure', 'random:0.5',
            '--mem-latency', '1:12', expect_rc=0)
    contains(p.stdout, 'PASS r5xx.tx random count 5000: ', 'rtl vs model exact', 'rsp 5000;')


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'tx_test.py'))
