#!/usr/bin/env python3
"""systemc_test.py - the SystemC TLM-2.0 platform (tests/systemc/sc_platform.cpp) against the
command line, on the desktop scene of r5xx.pm4_2d:
  1. loosely timed: every output transaction equal to the vector's (values and cycles), and the
     picture rendered into the platform's memory byte-equal to `rcosim run --png`'s;
  2. the vector recorded inside the platform passes `rcosim run` and `rcosim replay`;
  3. clocked mode: the same transactions;
  4. a fault injected inside the platform: SC_REPORT_ERROR carrying the command line's report.
Usage: systemc_test.py SC_PLATFORM RCOSIM SOURCE_DIR WORK_DIR"""
import os
import shutil
import subprocess
import sys

sc, rcosim, src, work = sys.argv[1:5]
vec = os.path.join(src, 'vectors/r5xx/pm4_2d/desktop.vec.gz')
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
env = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE='1')
failures = []


def run(args):
    p = subprocess.run(args, capture_output=True, text=True, env=env)
    return p.returncode, p.stdout + p.stderr


def check(cond, what, out=''):
    print(('ok   ' if cond else 'FAIL ') + what)
    if not cond:
        failures.append(what)
        print(out[-3000:])


rec = os.path.join(work, 'recorded.vec')
rc, out = run([sc, vec, '--compare', '--png', work, '--record', rec])
check(rc == 0 and out.count('transactions identical') == 4, 'loosely timed: transactions identical to the vector', out)
rc, out = run([rcosim, 'run', '--vector', vec, '--png', work, '--quiet'])
check(rc == 0, 'rcosim run --png', out)
pics = [f for f in os.listdir(work) if f.endswith('.systemc.png')]
check(len(pics) > 0, 'the platform wrote a picture')
for f in pics:
    with open(os.path.join(work, f), 'rb') as a, open(os.path.join(work, f.replace('.systemc.', '.rtl.')), 'rb') as b:
        check(a.read() == b.read(), f'{f} equals the command line\'s picture')
for cmd in ('run', 'replay'):
    rc, out = run([rcosim, cmd, '--vector', rec])
    check(rc == 0 and 'PASS' in out, f'the recorded vector passes rcosim {cmd}', out)
rc, out = run([sc, vec, '--compare', '--clocked'])
check(rc == 0 and out.count('transactions identical') == 4, 'clocked: transactions identical to the vector', out)

fault = 'rtl:pix.res@5^0x1'
rc, cli = run([rcosim, 'run', '--vector', vec, '--inject', fault])
lines = cli.splitlines()
start = next(i for i, l in enumerate(lines) if l.startswith('MISMATCH'))
end = next(i for i, l in enumerate(lines) if l.startswith('  seed '))
report = '\n'.join(lines[start:end + 1])
check(rc == 1 and 'field res differs' in report, 'the command line reports the fault', cli)
rc, out = run([sc, vec, '--inject', fault])
check(rc == 1 and ('SC_REPORT_ERROR Error: rcosim: ' + report) in out,
      'fault inside the platform: SC_REPORT_ERROR with the command line\'s report', out)
sys.exit(1 if failures else 0)
