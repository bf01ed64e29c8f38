#!/usr/bin/env python3
"""cu_test.py - end-to-end tests of the si.cu block (docs/blocks/si.cu.md) through the rcosim
command line: the clang-compiled kernels write the host's answer; their stimulus is what today's
clang makes of kernels.cl; the model's decoder and disassembly agree with llvm-mc on every built
opcode; a wrong retire record or memory request injected on either side is caught and the
report names the wave, PC and instruction; a short random lockstep run passes.

Usage: cu_test.py RCOSIM SOURCE_DIR CASE SI_CU_DISASM
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DISASM = os.path.abspath(sys.argv[4]) if len(sys.argv) > 4 else None
KSCRIPT = os.path.join('blocks', 'si_cu_kernels.py')
VECDIR = os.path.join('vectors', 'si', 'cu')
RANDOM = ['--block', 'si.cu', '--count', '400', '--seed', '11', '--backpressure', 'random:0.5',
          '--mem-latency', '1:8']


def disasm(*words):
    p = subprocess.run([DISASM] + ['%08x' % w for w in words], capture_output=True, text=True)
    return p.stdout.strip()


def named(ctx, text):
    """The report, through si_cu_disasm --report: the wave, PC and decoded instruction."""
    p = subprocess.run([DISASM, '--report'], input=text, capture_output=True, text=True)
    if p.returncode != 0:
        raise Fail('si_cu_disasm --report: %s' % p.stdout)
    return p.stdout


def case_kernels_host(ctx):
    """Every kernel vector passes in lockstep and writes exactly the host's answer."""
    p = rctest.script(ctx, KSCRIPT, '--check', ctx['rcosim'], os.path.join(ctx['src'], VECDIR))
    if p.returncode != 0 or 'PASS' not in p.stdout:
        raise Fail('si_cu_kernels.py --check:\n%s%s' % (p.stdout, p.stderr))
    for k in ('vadd', 'saxpy', 'imath', 'fmath', 'reduce', 'tbuf', 'trans', 'lanes'):
        contains(p.stdout, 'ok %s: ' % k)


def case_stim_current(ctx):
    """The committed kernel stimulus is what clang compiles kernels.cl into today."""
    rctest.stim_current(ctx, 'cu', KSCRIPT, family='si')


def case_isa_llvm(ctx):
    """isa.s (every built opcode) assembled by llvm-mc: the model's disassembly of each encoding
    is llvm-mc's own text of it, so decoder fields, opcode numbers and operand codes agree."""
    src = os.path.join(HERE, 'isa.s')
    p = subprocess.run(['llvm-mc', '-arch=amdgcn', '-mcpu=bonaire', '-show-encoding', src],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise Fail('llvm-mc: %s' % p.stderr)
    n, bad = 0, []
    for line in p.stdout.splitlines():
        if 'encoding:' not in line:
            continue
        txt, enc = line.split(';', 1)
        b = [int(x, 16) for x in re.search(r'\[(.*)\]', enc).group(1).split(',')]
        w = [int.from_bytes(bytes(b[i:i + 4]), 'little') for i in range(0, len(b), 4)]
        mine = disasm(*w)
        n += 1
        if ' '.join(mine.split()) != ' '.join(txt.split()):
            bad.append('llvm-mc %r, model %r' % (' '.join(txt.split()), mine))
    want = sum(1 for l in open(src) if l.strip() and not l.startswith('//'))
    if n != want or bad:
        raise Fail('%d of %d lines assembled; %d differ:\n%s' % (n, want, len(bad), '\n'.join(bad)))
    # and one that is not built is named as such
    contains(disasm(0xD8300000, 0), 'not built')          # ds_mskor_b32


def case_fault_rtl(ctx):
    """A flipped bit of a retire record's register hash on the RTL side in the saxpy kernel: the
    first divergence is named by wave, PC and instruction (the v_mac_f32 of wave 1)."""
    vec = os.path.join(VECDIR, 'saxpy.vec')
    p = run(ctx, 'run', '--vector', vec, '--inject', 'rtl:retire.val@41^0x1', expect_rc=1)
    contains(p.stdout, 'channel retire (out), transaction #41: field val differs (expected: model, actual: rtl)')
    contains(named(ctx, p.stdout), 'si.cu: first divergence at wave 1, pc 0x0000105c: v_mac_f32_e32 v3, s0, v2')


def case_fault_lds(ctx):
    """In the reduce kernel (4 waves a group, LDS, barriers): the hash of wave 2's ds_write_b32
    on the RTL side is caught and named."""
    vec = os.path.join(VECDIR, 'reduce.vec')
    p = run(ctx, 'run', '--vector', vec, '--inject', 'rtl:retire.val@51^0x100', expect_rc=1)
    contains(p.stdout, 'channel retire (out), transaction #51: field val differs (expected: model, actual: rtl)')
    contains(named(ctx, p.stdout), 'si.cu: first divergence at wave 2, pc 0x00001048: ds_write_b32 v1, v2')


def case_fault_model(ctx):
    """On the model side: EXEC after a s_and_saveexec_b64 of imath, and the err flag."""
    vec = os.path.join(VECDIR, 'imath.vec')
    p = run(ctx, 'run', '--vector', vec, '--inject', 'model:retire.exec@5^0x8000000000000000', expect_rc=1)
    contains(p.stdout, 'channel retire (out), transaction #5: field exec differs (expected: model, actual: rtl)')
    contains(named(ctx, p.stdout), 'si.cu: first divergence at wave 0, pc 0x00001014: s_and_saveexec_b64 s[0:1], vcc')
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:retire.err@100^0x1', expect_rc=1)
    contains(p.stdout, 'transaction #100: field err differs')
    contains(named(ctx, p.stdout), 'si.cu: first divergence at wave ')


def case_fault_mem(ctx):
    """A wrong store address on the RTL side: the memory request is caught and the report's last
    retired instruction names where the wave was."""
    vec = os.path.join(VECDIR, 'vadd.vec')
    p = run(ctx, 'run', '--vector', vec, '--inject', 'rtl:memreq.addr@250^0x40', expect_rc=1)
    contains(p.stdout, 'channel memreq (out), transaction #250: field addr differs (expected: model, actual: rtl)')
    contains(named(ctx, p.stdout), 'si.cu: divergence after the last instruction both retired, wave ')


def case_fault_needs_compare(ctx):
    """Without the faults the same runs pass: the failures above come from the comparison."""
    for k in ('saxpy', 'imath', 'vadd'):
        p = run(ctx, 'run', '--vector', os.path.join(VECDIR, k + '.vec'), expect_rc=0)
        contains(p.stdout, 'rtl vs model exact, vs vector exact')
    run(ctx, 'run', *RANDOM, expect_rc=0)


def case_random_smoke(ctx):
    """A short random-program run in lockstep under each back-pressure policy."""
    for bp, lat in (('always', '1:8'), ('random:0.5', '1:30'), ('bursty:16', '2:12')):
        p = run(ctx, 'run', '--block', 'si.cu', '--count', '300', '--seed', '7', '--backpressure', bp,
                '--mem-latency', lat, expect_rc=0)
        contains(p.stdout, 'PASS si.cu random count 300: ', 'rtl vs model exact')


def new_kind(inst):
    """The kind of a retired instruction added in the session of MTBUF (None: another one)."""
    if inst >> 26 == 0x3A:
        return 'mtbuf'
    if (inst >> 25 == 0x3F and (inst >> 9) & 0xFF in (37, 39, 42, 43, 46, 51, 53, 54)) or \
            (inst >> 26 == 0x34 and (inst >> 17) & 0x1FF in (421, 423, 426, 427, 430, 435, 437, 438)):
        return 'trans'
    if inst >> 31 == 0 and (inst >> 25) & 0x3F in (1, 2):
        return 'lane'
    if inst >> 26 == 0x36 and (inst >> 18) & 0xFF in (30, 31, 57, 58, 59, 60, 77, 118):
        return 'ds'
    return None


def case_random_new(ctx):
    """The random generator makes the newer instructions (MTBUF, transcendentals, readlane/
    writelane, DS b8/b16/b64), some of them failing their checks (err), and its vectors pass in
    lockstep: seeds 27-30, 4000 body instructions each."""
    seen, errs = {}, {}
    for seed in (27, 28, 29, 30):
        p = os.path.join(ctx['tmp'], 'new%d.vec' % seed)
        run(ctx, 'gen', '--block', 'si.cu', '--seed', str(seed), '--count', '4000', '-o', p, expect_rc=0)
        for line in open(p):
            t = line.split()
            if t[:2] == ['out', 'retire']:
                k = new_kind(int(t[5], 16))
                if k:
                    seen[k] = seen.get(k, 0) + 1
                    errs[k] = errs.get(k, 0) + (t[12] == '1')
        r = run(ctx, 'run', '--vector', p, '--backpressure', 'random:0.5', '--mem-latency', '1:9', expect_rc=0)
        contains(r.stdout, 'PASS')
    print('retired: %s; of them err: %s' % (seen, errs))
    for k in ('mtbuf', 'trans', 'lane', 'ds'):
        if seen.get(k, 0) < 20:
            raise Fail('only %d %s instructions retired' % (seen.get(k, 0), k))
    for k in ('mtbuf', 'lane', 'ds'):
        if not errs.get(k):
            raise Fail('no %s instruction failed its checks' % k)


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'cu_test.py'))
