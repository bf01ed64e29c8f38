"""check.py - what the --check of a directed-stimulus generator (scripts/blocks) shares: its
stimuli paired with their golden vectors, a record-by-record comparison that prints every
difference, the PASS/FAIL line.  The references themselves stay per block."""
import glob
import os
import sys

from rcosim_py import vector


def directed(vecdir):
    """(name, stimulus lines, golden vector path) of each VECDIR/stim/NAME.stim, by name; the
    vector is VECDIR/NAME.vec, or NAME.vec.gz."""
    for stim in sorted(glob.glob(os.path.join(vecdir, 'stim', '*.stim'))):
        name = os.path.basename(stim)[:-5]
        vec = os.path.join(vecdir, name + '.vec')
        if not os.path.exists(vec) and os.path.exists(vec + '.gz'):
            vec += '.gz'
        with open(stim) as f:
            yield name, f.read().split('\n'), vec


def show(rec):
    """A record as hex words."""
    return ' '.join('%x' % x for x in rec) if isinstance(rec, (tuple, list)) else '%x' % rec


def compare(name, what, got, want, limit=40):
    """The number of differences between the vector's records (got) and the reference's (want):
    a count that differs is one, each differing record one; the first limit are printed."""
    bad = 0
    if len(got) != len(want):
        bad += 1
        print('%s: %d %s records in the vector, %d in the reference' % (name, len(got), what, len(want)))
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            bad += 1
            if bad <= limit:
                print('%s: %s #%d: vector %s, reference %s' % (name, what, i, show(g), show(w)))
    return bad


def verdict(n, bad, what='records'):
    """Prints 'PASS|FAIL: N records checked, B differ'; the exit status (nothing checked fails)."""
    print('%s: %d %s checked, %d differ' % ('FAIL' if bad or not n else 'PASS', n, what, bad))
    return 1 if bad or not n else 0


def check_all(vecdir, records):
    """The usual --check VECDIR: for each directed stimulus (directed()), records(lines, v) gives
    (what, got, want) triples, the golden vector v's records and the reference's; every difference
    is counted and printed (compare()); returns the verdict's exit status."""
    bad = n = 0
    for name, lines, vec in directed(vecdir):
        for what, got, want in records(lines, vector.read(vec)):
            n += len(want)
            bad += compare(name, what, got, want)
    return verdict(n, bad)


def main(argv, usage, check, cases, more=None):
    """A generator's command line: 'SCRIPT OUTDIR' writes each case's stimulus file there (cases()
    gives objects with write(outdir)), 'SCRIPT --check VECDIR' returns check(VECDIR) (check may be
    None), 'SCRIPT --OPT ARG...' returns fn(ARG...) for more[--OPT] = (nargs, fn), nargs None for
    one or more; anything else prints usage, exit status 2."""
    if check and len(argv) == 3 and argv[1] == '--check':
        return check(argv[2])
    for opt, (nargs, fn) in (more or {}).items():
        if len(argv) >= 3 and argv[1] == opt and (nargs is None or len(argv) == 2 + nargs):
            return fn(*argv[2:])
    if len(argv) != 2 or argv[1].startswith('-'):
        sys.stderr.write(usage)
        return 2
    os.makedirs(argv[1], exist_ok=True)
    for c in cases():
        c.write(argv[1])
    return 0
