#!/usr/bin/env python3
"""cocotb_test.py - 'rcosim export --format cocotb' under cocotb and Icarus Verilog.

Usage: cocotb_test.py RCOSIM VENV WORK_DIR VECTOR [fault|venv]
Exports VECTOR as a cocotb test, runs 'make' (cocotb's makefiles, SIM=icarus) with VENV/bin first
on the PATH and a fixed COCOTB_RANDOM_SEED, and checks the JUnit file: both tests pass (or, with
'fault', one expected value changed: test_exact fails naming cycle, channel and field).  With
'venv': without cocotb on the PATH 'make' stops naming what to do, and 'make COCOTB_VENV=VENV'
(VENV not on the PATH) passes.
Exit 77 (skipped) when VENV has no cocotb: scripts/setup installs it.
"""
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

RCOSIM, VENV, WORK, VEC = sys.argv[1:5]
FAULT = len(sys.argv) > 5 and sys.argv[5] == 'fault'
NOVENV = len(sys.argv) > 5 and sys.argv[5] == 'venv'
if not os.path.exists(os.path.join(VENV, 'bin', 'cocotb-config')):
    print('SKIP: no cocotb in %s (scripts/setup installs it)' % VENV)
    sys.exit(77)
name = os.path.basename(VEC).split('.')[0]
d = os.path.join(WORK, 'cocotb_' + os.path.basename(os.path.dirname(VEC)) + '_' + name + ('_fault' if FAULT else '_venv' if NOVENV else ''))
if os.path.exists(d):
    shutil.rmtree(d)
os.makedirs(WORK, exist_ok=True)
vec = VEC
if FAULT:
    text = open(VEC).read()
    good, bad = 'out regw @13 4e04 11111111 0', 'out regw @13 4e04 11111112 0'
    assert text.count(good) == 1
    vec = os.path.join(WORK, 'cocotb_bad.vec')
    with open(vec, 'w') as f:
        f.write(text.replace(good, bad))
p = subprocess.run([RCOSIM, 'export', '--vector', vec, '--format', 'cocotb', '-o', d], stdout=subprocess.PIPE,
                   stderr=subprocess.STDOUT, text=True)
print(p.stdout)
if p.returncode:
    sys.exit(1)
env = dict(os.environ)
env['PATH'] = os.path.join(VENV, 'bin') + os.pathsep + env['PATH']
env['COCOTB_RANDOM_SEED'] = '7'
env.pop('MAKEFLAGS', None)
make_args = []
if NOVENV:
    # No venv anywhere on the PATH: the Makefile must say what to do, then find VENV when named.
    env['PATH'] = os.pathsep.join(x for x in os.environ['PATH'].split(os.pathsep)
                                  if x and not os.path.exists(os.path.join(x, 'cocotb-config')))
    env.pop('VIRTUAL_ENV', None)
    p = subprocess.run(['make', '-C', d], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       stdin=subprocess.DEVNULL, text=True, env=env)
    print(p.stdout)
    if p.returncode == 0 or 'cocotb-config is not on PATH' not in p.stdout or 'make COCOTB_VENV=VENV' not in p.stdout:
        print('FAIL: without cocotb on the PATH, make exit %d without saying what to do' % p.returncode)
        sys.exit(1)
    make_args = ['COCOTB_VENV=' + VENV]
p = subprocess.run(['nice', '-n', '10', 'make', '-C', d] + make_args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                   stdin=subprocess.DEVNULL, text=True, env=env)
out = p.stdout
print('\n'.join(l for l in out.split('\n') if 'sorry: constant selects' not in l and 'unique0' not in l)[-6000:])
junit = os.path.join(d, 'results.xml')
if not os.path.exists(junit):
    print('FAIL: no JUnit file results.xml')
    sys.exit(1)
cases = {tc.get('name'): tc for tc in ET.parse(junit).getroot().iter('testcase')}
if set(cases) != {'test_exact', 'test_ordered'}:
    print('FAIL: JUnit test cases %r' % sorted(cases))
    sys.exit(1)
failed = {n for n, tc in cases.items() if tc.find('failure') is not None or tc.find('error') is not None}
if 'Seeding Python random module with 7' not in out:
    print('FAIL: COCOTB_RANDOM_SEED not honoured')
    sys.exit(1)
if FAULT:
    want = ('MISMATCH r5xx.cp at cycle 13: channel regw (out), transaction #0: field data differs '
            '(expected: vector, actual: rtl)')
    if 'test_exact' not in failed or want not in out or '* data       0x11111112               0x11111111' not in out:
        print('FAIL: the changed expected value was not reported as %r' % want)
        sys.exit(1)
elif failed:
    print('FAIL: %s failed' % ', '.join(sorted(failed)))
    sys.exit(1)
print('PASS cocotb %s%s: JUnit %s' % (VEC, ' (fault found)' if FAULT else '', junit))
