#!/usr/bin/env python3
"""export_check.py - the cross-simulator regression ('rcosim export --check', CTest label
'export'): export every shipped directed vector (vectors/**/*.vec, *.vec.gz) as a SystemVerilog
bench and run it under Icarus Verilog (and, with --verilator, under Verilator --binary too).

Every vector passes in lockstep under Verilator already (its CTest test), so a bench that fails
here is a disagreement between simulators (or an exporter bug): it is a failure, with the
bench's whole output shown (and, with --verilator, both simulators' outputs).

With --verilator, each block's bench is compiled once (Verilator --binary --timing, its CAP_
parameters set with -G to the largest counts among the block's vectors) and that one binary runs
every vector of the block with the vector's own plusargs (vector.args), as a team would.

Usage: export_check.py [-o DIR] [-j N] [--verilator | --verilator-only] [--block B] [VECTOR...]
Exit status 0 when every bench passes, 1 otherwise, 2 on bad input.
"""
import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import time

from export import export_sv, outdir
from rcosim_py import vector
from rcosim_py.cli import Parser
from rcosim_py.progress import LiveLine
from rcosim_py.vector import ROOT, VectorError


def shipped():
    vs = glob.glob(os.path.join(ROOT, 'vectors', '*', '*', '*.vec')) + \
        glob.glob(os.path.join(ROOT, 'vectors', '*', '*', '*.vec.gz'))
    return sorted(vs)


def icarus_too_long():
    """Vectors (paths under vectors/) known never to finish under Icarus: the one list,
    RCOSIM_EXPORT_ICARUS_TOO_LONG in tests/export/tests.cmake (docs/export.md 'Known limits')."""
    try:
        with open(os.path.join(ROOT, 'tests', 'export', 'tests.cmake'), encoding='utf-8') as f:
            text = f.read()
    except OSError:
        return set()
    m = re.search(r'set\(RCOSIM_EXPORT_ICARUS_TOO_LONG\b(.*?)\)', text, re.S)
    if not m:
        return set()
    body = re.sub(r'#[^\n]*', '', m.group(1))
    return set(body.split())


def run_bench(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           stdin=subprocess.DEVNULL, text=True, timeout=timeout)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        return 'timeout', (e.stdout.decode() if isinstance(e.stdout, bytes) else e.stdout or '') + \
            '\n(no end after %d s)' % timeout


def read_args(d):
    with open(os.path.join(d, 'vector.args'), encoding='utf-8') as f:
        return f.read().split()


def verilator_build(block, dirs, outroot, timeout):
    """One Verilator build of the block's bench for all of dirs (exported benches of the block):
    (path of the binary or None, the compile's output)."""
    caps = {}
    for d in dirs:
        for a in read_args(d):
            m = re.match(r'^\+(n_in|n_exp|npages)(?:_(\w+))?=(\d+)$', a)
            if m:
                key = 'CAP_PAGES' if m.group(1) == 'npages' else 'CAP_%s_%s' % (m.group(1)[2:].upper(), m.group(2))
                caps[key] = max(caps.get(key, 1), int(m.group(3)))
    mdir = os.path.join(outroot, 'verilator-' + block)
    cmd = ['nice', '-n', '10', 'verilator', '--binary', '--timing', '-Wno-fatal', '-Wno-lint', '-Wno-style',
           '--top-module', 'rcosim_tb', '-f', 'files.f', '--Mdir', mdir, '-o', 'Vtb'] + \
        ['-G%s=%d' % (k, caps[k]) for k in sorted(caps)]
    rc, out = run_bench(cmd, dirs[0], timeout)
    exe = os.path.join(mdir, 'Vtb')
    return (exe if rc == 0 and os.access(exe, os.X_OK) else None), ' '.join(cmd[3:]) + '\n' + out


def run_one(vec, outroot, sims, timeout):
    rel = os.path.relpath(vec, os.path.join(ROOT, 'vectors'))
    name = rel.replace('.vec.gz', '').replace('.vec', '').replace(os.sep, '.')
    d = os.path.join(outroot, name)
    t0 = time.monotonic()
    res = {'vector': os.path.relpath(vec, ROOT), 'name': name, 'dir': d, 'out': {}, 'rc': {}, 'block': None,
           'sims': list(sims)}
    try:
        v = vector.read(vec)
        res['block'] = v.block
        bname = export_sv.bench_name(name.split('.')[-1])
        outdir.publish(d, True, lambda t: export_sv.gen(v, t, 'exact', bname), legacy=True)
    except (VectorError, outdir.OutError) as e:
        res['rc']['export'] = 2
        res['out']['export'] = export_sv.shown(str(e))
        res['secs'] = time.monotonic() - t0
        return res
    for sim in sims:
        res['rc'][sim], res['out'][sim] = run_bench(['nice', '-n', '10', os.path.join(d, 'run.sh'), sim], d, timeout)
    res['secs'] = time.monotonic() - t0
    return res


def passed(res, sim):
    return res['rc'].get(sim) == 0 and any(l.startswith('PASS ') for l in res['out'].get(sim, '').split('\n'))


def main(argv=None):
    ap = Parser(prog='rcosim export --check')
    ap.add_argument('-o', dest='out', default='export-check')
    ap.add_argument('-j', dest='jobs', type=whole(1, 4096, 'a whole number 1..4096'), default=2)
    ap.add_argument('--verilator', action='store_true', help='also run each bench under Verilator --binary')
    ap.add_argument('--verilator-only', action='store_true', help='only under Verilator (one build per block)')
    ap.add_argument('--block', action='append', default=[], help='only this block (FAMILY.NAME), repeatable')
    ap.add_argument('--timeout', type=whole(1, 10 ** 6, 'a whole number of seconds 1..1000000'), default=900,
                    help='seconds per simulator run (default 900)')
    ap.add_argument('vectors', nargs='*')
    a = ap.parse_args(argv)
    for x in a.vectors:
        if not os.path.isfile(x):
            return usage("%s: expected a vector file, %s" % (export_sv.shown(x), 'it is a directory'
                         if os.path.isdir(x) else 'no such file'))
    known = set(block_names())
    for b in a.block:
        if b not in known:
            return usage("--block '%s': expected a block name (%s)" % (b, ', '.join(sorted(known))))
    vecs = [os.path.abspath(x) for x in a.vectors] or shipped()
    try:
        if os.path.lexists(a.out) and not os.path.isdir(a.out):
            raise outdir.OutError('-o %s: expected a directory, it is an existing file' % export_sv.shown(a.out))
        os.makedirs(a.out, exist_ok=True)
    except OSError as e:
        return usage('-o %s: expected a directory it can write, %s' % (export_sv.shown(a.out), e.strerror or e))
    except outdir.OutError as e:
        return usage(str(e))
    if a.block:
        keep = []
        for vp in vecs:
            parts = os.path.relpath(vp, os.path.join(ROOT, 'vectors')).split(os.sep)
            if len(parts) >= 3 and '%s.%s' % (parts[0], parts[1]) in a.block:
                keep.append(vp)
        vecs = keep
    a.verilator = a.verilator or a.verilator_only
    sims = ([] if a.verilator_only else ['icarus']) + (['verilator'] if a.verilator else [])
    outroot = os.path.abspath(a.out)
    # Shipped vectors known never to finish under Icarus are not run there (named below); one named
    # on the command line is run as asked.
    too_long = set() if a.vectors or 'icarus' not in sims else \
        {v for v in vecs if os.path.relpath(v, os.path.join(ROOT, 'vectors')).replace(os.sep, '/') in icarus_too_long()}
    for v in sorted(too_long):
        print('skip %s under Icarus: known never to finish there (docs/export.md "Known limits")%s' %
              (os.path.relpath(v, ROOT), '; Verilator runs it' if a.verilator else ''), flush=True)
    if not a.verilator:
        vecs = [v for v in vecs if v not in too_long]
    t0 = time.monotonic()
    state = {'done': 0, 'total': len(vecs), 'stage': 'benches'}
    # A live line on a terminal between the result lines (an Icarus run can take minutes).
    live = LiveLine(lambda: 'rcosim export --check: %d/%d %s done' % (state['done'], state['total'], state['stage']))
    with live, concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        futs = [ex.submit(run_one, vp, outroot, sims[:1] if sims[0] == 'icarus' and vp not in too_long else [],
                          a.timeout) for vp in vecs]
        results = []
        n_icarus = sum(1 for vp in vecs if vp not in too_long) if 'icarus' in sims else 0
        done = 0
        for f in futs:
            r = f.result()
            results.append(r)
            state['done'] += 1
            if 'icarus' in sims:
                r['sims'] = (['icarus'] if r['vector'] and os.path.join(ROOT, r['vector']) not in too_long else []) + \
                    (['verilator'] if a.verilator else [])
            else:
                r['sims'] = ['verilator']
            if a.verilator_only or 'icarus' not in r['sims']:
                continue
            done += 1
            ok = 'export' not in r['rc'] and passed(r, 'icarus')
            live.say('%-4s %*d/%d %-40s %6.1fs  icarus:%s' % ('ok' if ok else 'FAIL', len(str(n_icarus)), done, n_icarus,
                                                              r['name'], r['secs'],
                                                              'pass' if passed(r, 'icarus') else 'FAIL'))
        if a.verilator:
            state['done'], state['stage'] = 0, 'Verilator blocks'
            state['total'] = len({r['block'] for r in results if 'export' not in r['rc']})
            blocks = {}
            for r in results:
                if 'export' not in r['rc']:
                    blocks.setdefault(r['block'], []).append(r)
            builds = {b: ex.submit(verilator_build, b, [r['dir'] for r in rs], outroot, a.timeout)
                      for b, rs in sorted(blocks.items())}
            for b, rs in sorted(blocks.items()):
                exe, log = builds[b].result()
                runs = [(r, ex.submit(run_bench, ['nice', '-n', '10', exe] + read_args(r['dir']), r['dir'], a.timeout))
                        for r in rs] if exe else [(r, None) for r in rs]
                for r, f in runs:
                    r['rc']['verilator'], r['out']['verilator'] = f.result() if f else (2, log)
                state['done'] += 1
                live.say('%-4s verilator: %s, one build, %d of %d vectors pass' %
                         ('ok' if exe and all(passed(r, 'verilator') for r in rs) else 'FAIL', b,
                          sum(passed(r, 'verilator') for r in rs), len(rs)))
    bad = [r for r in results if 'export' in r['rc'] or not all(passed(r, s) for s in r['sims'])]
    for r in bad:
        print('\n==== %s (%s) ====' % (r['name'], r['vector']))
        for k, text in sorted(r['out'].items()):
            lines = [l for l in text.split('\n') if 'sorry: constant selects' not in l and 'unique0' not in l]
            print('---- %s (exit %s) ----' % (k, r['rc'].get(k)))
            print('\n'.join(lines[-40:]))
        if len(sims) == 1 and 'export' not in r['rc']:
            print('---- lockstep reproduction: rcosim replay --vector %s' % r['vector'])
    print('export-check: %d of %d benches passed under %s in %.1fs%s' %
          (len(results) - len(bad), len(results), ' and '.join(sims), time.monotonic() - t0,
           '; %d not run under Icarus (too long, named above)' % len(too_long) if too_long else ''))
    if not results:
        return usage('no vector to check: expected vectors under vectors/ or given on the command line')
    errs = [r for r in results if 'export' in r['rc']]
    for r in errs:
        print('rcosim export: %s' % r['out']['export'], file=sys.stderr)
    return 2 if errs else 1 if bad else 0


def block_names():
    """FAMILY.NAME of every block manifest rtl/FAMILY/NAME/NAME.block."""
    return ['%s.%s' % tuple(p.split(os.sep)[-3:-1]) for p in glob.glob(os.path.join(ROOT, 'rtl', '*', '*', '*.block'))]


def usage(msg):
    print('rcosim export --check: %s' % msg, file=sys.stderr)
    return 2


def whole(lo, hi, what):
    def parse(text):
        if not re.fullmatch(r'[0-9]+', text) or not lo <= int(text) <= hi:
            raise argparse.ArgumentTypeError("'%s': expected %s" % (text, what))
        return int(text)
    return parse


if __name__ == '__main__':
    sys.exit(main())
