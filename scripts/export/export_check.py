#!/usr/bin/env python3
"""export_check.py - the cross-simulator regression ('rcosim export --check', CTest label
'export'): export every shipped directed vector (vectors/**/*.vec, *.vec.gz) as a SystemVerilog
bench and run it under Icarus Verilog (and, with --verilator, under Verilator --binary too).

Every vector passes in lockstep under Verilator already (its CTest test), so a bench that fails
here is a disagreement between simulators (or an exporter bug): it is a failure, with the
bench's whole output shown (and, with --verilator, both simulators' outputs).

Usage: export_check.py [-o DIR] [-j N] [--verilator] [--block B] [VECTOR...]
Exit status 0 when every bench passes, 1 otherwise, 2 on bad input.
"""
import argparse
import concurrent.futures
import glob
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import export_sv  # noqa: E402
import vecread  # noqa: E402
from vecread import ROOT  # noqa: E402


def shipped():
    vs = glob.glob(os.path.join(ROOT, 'vectors', '*', '*', '*.vec')) + \
        glob.glob(os.path.join(ROOT, 'vectors', '*', '*', '*.vec.gz'))
    return sorted(vs)


def run_one(vec, outroot, sims, timeout):
    rel = os.path.relpath(vec, os.path.join(ROOT, 'vectors'))
    name = rel.replace('.vec.gz', '').replace('.vec', '').replace(os.sep, '.')
    d = os.path.join(outroot, name)
    t0 = time.monotonic()
    res = {'vector': os.path.relpath(vec, ROOT), 'name': name, 'dir': d, 'out': {}, 'rc': {}}
    try:
        v = vecread.read_vector(vec)
        export_sv.gen(v, d, 'exact', os.path.basename(name.split('.')[-1]))
    except vecread.VecError as e:
        res['rc']['export'] = 2
        res['out']['export'] = str(e)
        res['secs'] = time.monotonic() - t0
        return res
    for sim in sims:
        try:
            p = subprocess.run(['nice', '-n', '10', os.path.join(d, 'run.sh'), sim], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True, timeout=timeout)
            res['rc'][sim] = p.returncode
            res['out'][sim] = p.stdout
        except subprocess.TimeoutExpired as e:
            res['rc'][sim] = 'timeout'
            res['out'][sim] = (e.stdout.decode() if isinstance(e.stdout, bytes) else e.stdout or '') + \
                '\n(no end after %d s)' % timeout
    res['secs'] = time.monotonic() - t0
    return res


def passed(res, sim):
    return res['rc'].get(sim) == 0 and any(l.startswith('PASS ') for l in res['out'].get(sim, '').split('\n'))


def main(argv=None):
    ap = vecread.Parser(prog='rcosim export --check')
    ap.add_argument('-o', dest='out', default='export-check')
    ap.add_argument('-j', dest='jobs', type=int, default=2)
    ap.add_argument('--verilator', action='store_true', help='also run each bench under Verilator --binary')
    ap.add_argument('--block', action='append', default=[], help='only this block (FAMILY.NAME), repeatable')
    ap.add_argument('--timeout', type=int, default=900, help='seconds per simulator run (default 900)')
    ap.add_argument('vectors', nargs='*')
    a = ap.parse_args(argv)
    vecs = [os.path.abspath(x) for x in a.vectors] or shipped()
    if a.block:
        keep = []
        for vp in vecs:
            parts = os.path.relpath(vp, os.path.join(ROOT, 'vectors')).split(os.sep)
            if len(parts) >= 3 and '%s.%s' % (parts[0], parts[1]) in a.block:
                keep.append(vp)
        vecs = keep
    sims = ['icarus'] + (['verilator'] if a.verilator else [])
    os.makedirs(a.out, exist_ok=True)
    t0 = time.monotonic()
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        futs = [ex.submit(run_one, vp, os.path.abspath(a.out), sims, a.timeout) for vp in vecs]
        for f in futs:
            r = f.result()
            results.append(r)
            ok = 'export' not in r['rc'] and all(passed(r, s) for s in sims)
            print('%-4s %-40s %6.1fs  %s' % ('ok' if ok else 'FAIL', r['name'], r['secs'],
                                             ' '.join('%s:%s' % (s, 'pass' if passed(r, s) else 'FAIL') for s in sims)),
                  flush=True)
    bad = [r for r in results if 'export' in r['rc'] or not all(passed(r, s) for s in sims)]
    for r in bad:
        print('\n==== %s (%s) ====' % (r['name'], r['vector']))
        for k, text in sorted(r['out'].items()):
            lines = [l for l in text.split('\n') if 'sorry: constant selects' not in l and 'unique0' not in l]
            print('---- %s (exit %s) ----' % (k, r['rc'].get(k)))
            print('\n'.join(lines[-40:]))
        if len(sims) == 1 and 'export' not in r['rc']:
            print('---- lockstep reproduction: rcosim replay --vector %s' % r['vector'])
    print('export-check: %d of %d benches passed under %s in %.1fs' %
          (len(results) - len(bad), len(results), ' and '.join(sims), time.monotonic() - t0))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
