#!/usr/bin/env python3
"""systemc_gpu_test.py - r5xx.gpu (CP, register backbone, 2D engine, 3D path, one memory) inside the
SystemC TLM-2.0 platform (tests/systemc/sc_platform.cpp, docs/systemc.md) as a driver runs it: the
host thread writes the ring (and the vector's other memory) into the platform's TLM memory, programs
the CP's ring registers through the target socket, and polls the fence in TLM memory; identical to
the plain run, in both timing modes:
  1. loosely timed, then clocked: every output transaction equal to the vector's (values and cycles),
     the platform's final memory equal to the vector's preload + its writes, the fence read from the
     platform's memory after the cycle the vector writes it;
  2. the pictures rendered into the platform's memory byte-equal to `rcosim run --png`'s (and, for
     the frame, to docs/img/frame.png);
  3. it can fail: a fence value the stream never writes is reported and fails; a fault injected
     inside the platform fails with the command line's report.
Usage: systemc_gpu_test.py SC_PLATFORM RCOSIM SOURCE_DIR WORK_DIR VECTOR FENCE_ADDR=VALUE"""
import filecmp
import os
import re
import shutil
import subprocess
import sys

sc, rcosim, src, work, vec, fence = sys.argv[1:7]
vec = os.path.join(src, vec)
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
env = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE='1')
failures = []
sys.path.insert(0, os.path.join(src, 'scripts'))
from rcosim_py import vector  # noqa: E402


def run(args):
    p = subprocess.run(args, capture_output=True, text=True, env=env)
    return p.returncode, p.stdout + p.stderr


def check(cond, what, out=''):
    print(('ok   ' if cond else 'FAIL ') + what)
    if not cond:
        failures.append(what)
        print(out[-3000:])


fa, fv = (int(x, 16) for x in fence.split('='))
v = vector.read(vec)
writes = [c for c, (a, we, d, be, port) in v.outputs('memreq') if we and a & ~3 == fa and d == fv]
check(len(writes) > 0, 'the vector writes the fence 0x%08x at 0x%08x (cycle %s)' % (fv, fa, writes[-1:]))
nout = sum(1 for ch in v.desc['channels'] if ch['dir'] == 'out')

pc = os.path.join(work, 'cli')
rc, out = run([rcosim, 'run', '--vector', vec, '--png', pc, '--quiet'])
check(rc == 0, 'rcosim run --png (the plain run)', out)
for mode in ('loose', 'clocked'):
    pd = os.path.join(work, mode)
    os.makedirs(pd)
    rc, out = run([sc, vec, '--compare', '--fence', fence, '--png', pd] + (['--clocked'] if mode == 'clocked' else []))
    check(rc == 0 and out.count('transactions identical') == nout,
          '%s: every output transaction identical to the vector\'s' % mode, out)
    check('compare: memory equal to the vector\'s preload' in out, '%s: the platform\'s memory equals the vector\'s' % mode, out)
    m = re.search(r'fence: 0x([0-9a-f]{8}) at 0x([0-9a-f]{8}) read from the platform\'s memory at cycle (\d+)', out)
    check(m is not None and int(m.group(1), 16) == fv and int(m.group(3)) >= writes[-1],
          '%s: the host read the fence in TLM memory at cycle %s (written at %d)'
          % (mode, m.group(3) if m else None, writes[-1] if writes else -1), out)
    pics = sorted(f for f in os.listdir(pd) if f.endswith('.systemc.png'))
    check(len(pics) > 0, '%s: the platform wrote %s' % (mode, ' '.join(pics) or 'no picture'))
    for f in pics:
        check(filecmp.cmp(os.path.join(pd, f), os.path.join(pc, f.replace('.systemc.', '.rtl.')), shallow=False),
              '%s: %s equals the plain run\'s picture' % (mode, f))
        if os.path.basename(vec).startswith('frame'):
            check(filecmp.cmp(os.path.join(pd, f), os.path.join(src, 'docs', 'img', 'frame.png'), shallow=False),
                  '%s: %s equals docs/img/frame.png' % (mode, f))

rc, out = run([sc, vec, '--fence', '%x=%x' % (fa, fv ^ 1)])
check(rc == 1 and 'never appeared at 0x%08x (it holds 0x%08x' % (fa, fv) in out,
      'a fence value the stream never writes: reported, exit 1', out)
k = max(i for i, (c, (a, we, d, be, port)) in enumerate(v.outputs('memreq')) if we and a & ~3 == fa and d == fv)
rc, out = run([sc, vec, '--inject', 'model:memreq.wdata@%d^0x1' % k])
check(rc == 1 and 'SC_REPORT_ERROR' in out and 'memreq' in out and 'wdata' in out,
      'a fault on the fence write inside the platform: SC_REPORT_ERROR naming memreq.wdata', out)
sys.exit(1 if failures else 0)
