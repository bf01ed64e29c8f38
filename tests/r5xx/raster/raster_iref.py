#!/usr/bin/env python3
"""raster_iref.py: r5xx.raster's golden and random vectors against the second, independent
reference of the quad path, scripts/blocks/r5xx_raster_ref.py (written from
docs/blocks/r5xx.raster.md alone; docs section "Independent reference of the quad path").

usage: raster_iref.py ROOT vectors VEC...             every vector agrees (quad, zq, frag records)
       raster_iref.py ROOT random RCOSIM COUNT SEED...  rcosim gen random vectors, then check them
       raster_iref.py ROOT catches VEC                copies with one expected field changed
                                                      (a quad channel, a zq depth, a wseq) fail,
                                                      naming that record and field
Prints PASS/FAIL lines; exit 0 on PASS.
"""
import importlib.util
import os
import subprocess
import sys
import tempfile


def load_ref(root):
    path = os.path.join(root, 'scripts', 'blocks', 'r5xx_raster_ref.py')
    spec = importlib.util.spec_from_file_location('r5xx_raster_ref', path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def run_check(ref, paths, root):
    tot = {'quad': 0, 'zq': 0, 'frag': 0}
    bad = 0
    for p in paths:
        n, diff = ref.check(p)
        for k in tot:
            tot[k] += n[k]
        name = os.path.relpath(p, root)
        if diff:
            print('DIFF %s: %s' % (name, diff))
            bad += 1
        else:
            print('ok %s: quad %d zq %d frag %d' % (name, n['quad'], n['zq'], n['frag']))
    return tot, bad


def alter(lines, chan, field_index, nth):
    """The nth expected record of chan with field field_index (0 = first value) XOR 1."""
    seen = 0
    for i, l in enumerate(lines):
        if l.startswith('out %s ' % chan):
            if seen == nth:
                w = l.split()
                k = 3 + field_index                  # 'out' chan @cycle values...
                w[k] = '%0*x' % (len(w[k]), int(w[k], 16) ^ 1)
                return lines[:i] + [' '.join(w)] + lines[i + 1:]
            seen += 1
    return None


def main(argv):
    root, mode = argv[1], argv[2]
    ref = load_ref(root)
    if mode == 'vectors':
        tot, bad = run_check(ref, argv[3:], root)
        quads = sum(1 for p in argv[3:] if os.path.basename(p).startswith('rs_'))
        ok = bad == 0 and tot['quad'] > 0 and tot['zq'] > 0
        print('%s r5xx.raster iref vectors: %d vectors (%d of the quad path), %d quad, %d zq, %d frag '
              'records, %d differences' % ('PASS' if ok else 'FAIL', len(argv) - 3, quads, tot['quad'],
                                            tot['zq'], tot['frag'], bad))
        return 0 if ok else 1
    if mode == 'random':
        rcosim, count, fails = argv[3], argv[4], 0
        for seed in argv[5:]:
            with tempfile.TemporaryDirectory(prefix='refrs-') as tmp:
                out = os.path.join(tmp, 'r.vec')
                p = subprocess.run([rcosim, 'gen', '--block', 'r5xx.raster', '--seed', seed, '--count', count,
                                    '-o', out], capture_output=True, text=True)
                if p.returncode != 0:
                    print(p.stdout + p.stderr)
                    print('FAIL rcosim gen seed %s' % seed)
                    return 1
                tot, bad = run_check(ref, [out], tmp)
            ok = bad == 0 and tot['quad'] > 0
            fails += not ok
            print('%s r5xx.raster iref random seed %s count %s: %d quad, %d zq, %d frag records, %d differences'
                  % ('ok' if ok else 'FAIL', seed, count, tot['quad'], tot['zq'], tot['frag'], bad))
        print('%s r5xx.raster iref random: %d seeds, %d failed' % ('PASS' if fails == 0 else 'FAIL',
                                                                   len(argv) - 5, fails))
        return 0 if fails == 0 and len(argv) > 5 else 1
    if mode == 'catches':
        with open(argv[3]) as fh:
            lines = fh.read().split('\n')
        # (channel, field index, record, the field name the report must give)
        cases = [('quad', 8, 3, 'p2rg'), ('zq', 6, 1, 'z1'), ('quad', 0, 5, 'wseq'), ('zq', 0, 2, 'prim')]
        fails = 0
        with tempfile.TemporaryDirectory(prefix='refrs-') as tmp:
            for chan, fi, nth, fname in cases:
                alt = alter(lines, chan, fi, nth)
                if alt is None:
                    print('FAIL no %s record %d to alter' % (chan, nth))
                    fails += 1
                    continue
                path = os.path.join(tmp, 'altered.vec')
                with open(path, 'w') as fh:
                    fh.write('\n'.join(alt))
                p = subprocess.run([sys.executable, os.path.join(root, 'scripts', 'blocks', 'r5xx_raster_ref.py'),
                                    path], capture_output=True, text=True)
                want = '%s record %d field %s' % (chan, nth, fname)
                caught = p.returncode == 1 and want in p.stdout
                print('%s altered %s -> exit %d: %s' % ('ok' if caught else 'MISSED', want, p.returncode,
                                                        p.stdout.strip()))
                fails += 0 if caught else 1
            # and the unaltered vector passes, a malformed one is exit 2
            p = subprocess.run([sys.executable, os.path.join(root, 'scripts', 'blocks', 'r5xx_raster_ref.py'),
                                argv[3]], capture_output=True, text=True)
            fails += p.returncode != 0
            path = os.path.join(tmp, 'bad.vec')
            with open(path, 'w') as fh:
                fh.write('\n'.join(lines).replace('out zq @', 'out zq @x', 1))
            p2 = subprocess.run([sys.executable, os.path.join(root, 'scripts', 'blocks', 'r5xx_raster_ref.py'),
                                 path], capture_output=True, text=True)
            fails += p2.returncode != 2
            print('unaltered exit %d (want 0), malformed exit %d (want 2)' % (p.returncode, p2.returncode))
        print('%s r5xx.raster iref catches: %d of %d cases wrong' % ('PASS' if fails == 0 else 'FAIL', fails,
                                                                     len(cases) + 2))
        return 0 if fails == 0 else 1
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
