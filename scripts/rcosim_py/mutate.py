"""mutate.py - mutation testing of the shipped RTL against the golden vectors (issue 29, point 3):
does the suite notice when the RTL is wrong?  (rcosim mutate: model/rcosim_main.c execs
python3 -m rcosim_py.mutate with scripts/ on the path.)

    rcosim mutate --block r5xx.cp -n 60 --seed 1 [-j 2] [-o DIR] [--vectors K]
    rcosim mutate --suite smoke -n 60 --seed 29 [--min-score 98]

With --suite smoke the points are those of every block whose vectors the smoke suite runs as
Icarus benches (a manifest without `export icarus=no`), each mutant checked by its own block's
vectors.  A seeded sample of N single-point mutations of the block's own RTL (rtl/FAMILY/NAME/*.sv, as Yosys
'mutate' and mcy do): an operator swapped (== !=, && ||, & |, + -, < <=, > >=), a constant changed
(a sized literal plus one, 1'b0 and 1'b1 exchanged), an inversion dropped (!x, ~x become x).  Code
lines only: not comments, declarations, port lists, nor the assertion sections (`ifndef SYNTHESIS).
Each mutant is run against the suite, the block's shipped golden vectors (vectors/FAMILY/NAME/,
all of them, or a seeded sample of K with --vectors), through each vector's exported
self-checking bench (scripts/export, docs/export.md) under Icarus Verilog: the RTL of that bench is
the mutant's, nothing else is rebuilt.  Mutants run in parallel (-j), each stops at its first
failing vector.

Each mutant is one of: killed (a vector fails, or an RTL assertion fires: docs/hardening.md), survived (every vector passes), invalid (the
mutant does not compile), timeout (a vector runs past --timeout), equivalent (listed with its
reason in the equivalents file, default tests/harden/mutate_equivalent.json: {block: [{"file",
"line", "from", "to", "reason"}]}; not counted).  The score is killed / (killed + survived).

Report in DIR (default mutate-out): mutate.txt, mutate.json, mutate.html, with every survivor's
file, line, diff and a repro command (--only ID runs that mutant alone).  Exit 0 when every
counted mutant is killed (or at least --min-score percent), 1 otherwise, 2 on bad usage or an
unmutated design that fails.
"""
import concurrent.futures
import difflib
import glob
import html
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

from rcosim_py.cli import Parser, Usage, check_out_dir, seconds, whole
from rcosim_py.vector import ROOT

PROG = 'rcosim mutate'
EQUIV_DEFAULT = os.path.join(ROOT, 'tests', 'harden', 'mutate_equivalent.json')

# (kind, regular expression, replacement function): each match on a code line is one mutation point.
OPS = [
    ('operator', re.compile(r'(?<![=!<>])==(?!=)'), lambda m: '!='),
    ('operator', re.compile(r'!=(?!=)'), lambda m: '=='),
    ('operator', re.compile(r'&&'), lambda m: '||'),
    ('operator', re.compile(r'\|\|'), lambda m: '&&'),
    ('operator', re.compile(r'(?<=\s)&(?=\s)'), lambda m: '|'),
    ('operator', re.compile(r'(?<=\s)\|(?=\s)'), lambda m: '&'),
    ('operator', re.compile(r'(?<=\s)\+(?=\s)'), lambda m: '-'),
    ('operator', re.compile(r'(?<=\s)-(?=\s)'), lambda m: '+'),
    ('operator', re.compile(r'(?<=\s)<(?=\s)'), lambda m: '<='),
    ('operator', re.compile(r'(?<=\s)>(?=\s)'), lambda m: '>='),
    ('operator', re.compile(r'(?<=\s)>=(?=\s)'), lambda m: '>'),
    ('constant', re.compile(r"\b1'b0\b"), lambda m: "1'b1"),
    ('constant', re.compile(r"\b1'b1\b"), lambda m: "1'b0"),
    ('constant', re.compile(r"\b(\d+)'([dh])([0-9a-fA-F_]+)\b"),
     lambda m: _plus_one(m)),
    ('inversion', re.compile(r'[!~](?=[A-Za-z_(])'), lambda m: ''),
]
DECL = re.compile(r'^\s*(input|output|inout|logic|wire|reg|bit|localparam|parameter|typedef|module|import|'
                  r'function|endfunction|task|endtask|`|//|\)|\(|genvar)')


def _plus_one(m):
    width, base, digits = int(m.group(1)), m.group(2), m.group(3).replace('_', '')
    if width < 2:
        return None
    v = int(digits, 16 if base == 'h' else 10)
    v = (v + 1) % (1 << width)
    return "%d'%s%s" % (width, base, ('%x' if base == 'h' else '%d') % v)


def code_lines(text):
    """(line number, text) of the lines a mutation may touch: outside comments, declarations and
    assertion sections."""
    out, skip, depth = [], False, 0
    for n, line in enumerate(text.split('\n'), 1):
        s = line.strip()
        if s.startswith('`ifndef SYNTHESIS'):
            skip, depth = True, 1
            continue
        if skip:
            if s.startswith('`if'):
                depth += 1
            elif s.startswith('`endif'):
                depth -= 1
                skip = depth > 0
            continue
        code = line.split('//', 1)[0]
        if not code.strip() or DECL.match(code):
            continue
        if re.match(r'^\s*(assign|if|else|end|begin|case|unique|default|always|[A-Za-z_][A-Za-z0-9_\[\]\.:]*\s*(<?=))',
                    code) or re.search(r'[=?:]', code):
            out.append((n, code))
    return out


def suite_blocks(suite, root=ROOT):
    """The blocks of a suite whose RTL is mutated: 'smoke', every block whose shipped vectors run
    as exported Icarus benches (its manifest does not say `export icarus=no`; docs/export.md), in
    name order."""
    if suite != 'smoke':
        raise Usage("--suite %s: expected 'smoke'" % suite)
    out = []
    for man in sorted(glob.glob(os.path.join(root, 'rtl', '*', '*', '*.block'))):
        fam, name = man.split(os.sep)[-3:-1]
        words = [ln.split() for ln in open(man, encoding='utf-8')]
        if any(w and w[0] == 'export' and 'icarus=no' in w[1:] for w in words):
            continue
        if glob.glob(os.path.join(root, 'vectors', fam, name, '*.vec*')):
            out.append('%s.%s' % (fam, name))
    return out


def points(block, root=ROOT):
    """Every mutation point of the block's own RTL: dicts with block, file, line, col, kind, from, to."""
    fam, name = block.split('.', 1)
    files = sorted(glob.glob(os.path.join(root, 'rtl', fam, name, '*.sv')))
    pts = []
    for path in files:
        text = open(path).read()
        for n, code in code_lines(text):
            for kind, rx, rep in OPS:
                for m in rx.finditer(code):
                    new = rep(m)
                    if new is None or new == m.group(0):
                        continue
                    pts.append({'block': block, 'file': os.path.relpath(path, root), 'line': n, 'col': m.start(), 'kind': kind,
                                'from': m.group(0), 'to': new})
    for i, p in enumerate(pts):
        p['id'] = i
    return pts


def mutated_text(root, p):
    lines = open(os.path.join(root, p['file'])).read().split('\n')
    s = lines[p['line'] - 1]
    assert s[p['col']:p['col'] + len(p['from'])] == p['from']
    lines[p['line'] - 1] = s[:p['col']] + p['to'] + s[p['col'] + len(p['from']):]
    return '\n'.join(lines)


def diff(root, p):
    old = open(os.path.join(root, p['file'])).read().split('\n')
    new = mutated_text(root, p).split('\n')
    return '\n'.join(difflib.unified_diff(old, new, 'a/' + p['file'], 'b/' + p['file'], n=1, lineterm=''))


def export_all(vectors, outdir, timeout):
    """Each vector exported once (its bench, hex files, run.sh); returns {vector: bench dir}."""
    benches = {}
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, 'scripts'), PYTHONDONTWRITEBYTECODE='1')
    for v in vectors:
        d = os.path.join(outdir, 'base', re.sub(r'[^A-Za-z0-9_.-]', '_', os.path.relpath(v, ROOT)))
        p = subprocess.run([sys.executable, '-m', 'export', '--vector', v, '--format', 'sv', '-o', d],
                           cwd=os.path.join(ROOT, 'scripts'), env=env, capture_output=True, text=True,
                           timeout=timeout or None)
        if p.returncode:
            raise Usage('cannot export %s: %s' % (v, (p.stderr or p.stdout).strip()))
        benches[v] = d
    return benches


def run_bench(base, rtl_override, workdir, timeout):
    """('pass'|'fail'|'invalid'|'timeout', output tail) of one exported bench, its RTL file
    rtl_override = (name, text) replaced, in workdir (the rest linked from base)."""
    os.makedirs(os.path.join(workdir, 'rtl'))
    for n in os.listdir(base):
        if n not in ('rtl', 'build-icarus'):
            os.symlink(os.path.join(base, n), os.path.join(workdir, n))
    for n in os.listdir(os.path.join(base, 'rtl')):
        dst = os.path.join(workdir, 'rtl', n)
        if rtl_override and n == rtl_override[0]:
            with open(dst, 'w') as f:
                f.write(rtl_override[1])
        else:
            os.symlink(os.path.join(base, 'rtl', n), dst)
    try:
        p = subprocess.run(['sh', os.path.join(workdir, 'run.sh'), 'icarus'], cwd=workdir, capture_output=True,
                           text=True, timeout=timeout or None, start_new_session=True)
    except subprocess.TimeoutExpired as e:
        return 'timeout', str(e.stdout or '')[-400:]
    out = (p.stdout + p.stderr)[-600:]
    fired = re.search(r'^.*ASSERT \w+.*$', p.stdout + p.stderr, re.M)
    if p.returncode == 0 and fired:
        return 'fail', fired.group(0)[:300]        # an RTL assertion caught it (the bench's check did not)
    if p.returncode == 0:
        return 'pass', out
    return ('invalid' if p.returncode == 2 else 'fail'), out


def run_mutant(p, benches, outdir, timeout):
    text = mutated_text(ROOT, p)
    t0 = time.time()
    for k, (v, base) in enumerate(sorted(benches.items())):
        wd = os.path.join(outdir, 'm%d' % p['id'], str(k))
        st, out = run_bench(base, (os.path.basename(p['file']), text), wd, timeout)
        if st != 'pass':
            shutil.rmtree(os.path.join(outdir, 'm%d' % p['id']), ignore_errors=True)
            return dict(p, status={'fail': 'killed'}.get(st, st), by=os.path.relpath(v, ROOT), output=out,
                        seconds=round(time.time() - t0, 1))
    shutil.rmtree(os.path.join(outdir, 'm%d' % p['id']), ignore_errors=True)
    return dict(p, status='survived', by=None, output='', seconds=round(time.time() - t0, 1))


def equivalents(path, block):
    if not path or (path == EQUIV_DEFAULT and not os.path.exists(path)):
        return []
    try:
        data = json.load(open(path))
        lst = data.get(block, [])
        for e in lst:
            for k in ('file', 'line', 'from', 'to', 'reason'):
                if k not in e:
                    raise ValueError('an entry without "%s"' % k)
        return lst
    except (ValueError, OSError, AttributeError) as e:
        raise Usage('--equivalent %s: expected {BLOCK: [{"file", "line", "from", "to", "reason"}]}: %s' % (path, e))


def write_reports(outdir, meta, results):
    counted = [r for r in results if r['status'] in ('killed', 'survived')]
    killed = sum(r['status'] == 'killed' for r in results)
    score = 100.0 * killed / len(counted) if counted else 100.0
    by = {s: sum(r['status'] == s for r in results) for s in ('killed', 'survived', 'invalid', 'timeout', 'equivalent')}
    summary = dict(meta, score=round(score, 1), counts=by, mutants=results)
    with open(os.path.join(outdir, 'mutate.json'), 'w') as f:
        json.dump(summary, f, indent=1, sort_keys=True)
    lines = ['rcosim mutate %s: %d mutants (seed %d, %d of %d points), %d vectors' % (
        meta['block'], len(results), meta['seed'], len(results), meta['points'], len(meta['vectors'])),
        'killed %(killed)d, survived %(survived)d, invalid %(invalid)d, timeout %(timeout)d, equivalent %(equivalent)d'
        % by, 'score %.1f %% of the non-equivalent mutants killed' % score]
    for r in results:
        if r['status'] == 'survived':
            lines += ['', 'SURVIVED m%d %s:%d (%s %s -> %s)' % (r['id'], r['file'], r['line'], r['kind'], r['from'],
                                                                 r['to']), r['diff'], 'repro: ' + r['repro']]
    with open(os.path.join(outdir, 'mutate.txt'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    rows = ''.join('<tr class="%s"><td>m%d</td><td>%s</td><td>%s:%d</td><td>%s</td><td><code>%s</code> &rarr; '
                   '<code>%s</code></td><td>%s</td><td><pre>%s</pre>%s</td></tr>\n' % (
                       r['status'], r['id'], r['status'], html.escape(r['file']), r['line'], r['kind'],
                       html.escape(r['from']), html.escape(r['to']), html.escape(r.get('by') or r.get('reason') or ''),
                       html.escape(r['diff']), '<code>%s</code>' % html.escape(r['repro'])) for r in results)
    with open(os.path.join(outdir, 'mutate.html'), 'w') as f:
        f.write('<!doctype html><meta charset="utf-8"><title>rcosim mutate %s</title><style>'
                '.survived{background:#fdd}.killed{background:#dfd}td{vertical-align:top}</style>'
                '<h1>rcosim mutate %s</h1><p>%s</p><table border=1><tr><th>id<th>status<th>where<th>kind'
                '<th>mutation<th>killed by / reason<th>diff, repro</tr>\n%s</table>\n'
                % (html.escape(meta['block']), html.escape(meta['block']),
                   '<br>'.join(html.escape(x) for x in lines[:3]), rows))
    return lines, by, score


def main(argv=None):
    ap = Parser(prog=PROG, description=__doc__.split('\n\n')[0])
    ap.add_argument('--block', help='the block whose RTL is mutated (FAMILY.NAME)')
    ap.add_argument('--suite', help="'smoke': mutants sampled from the RTL of every block the smoke suite runs as "
                    "Icarus benches, each checked by its block's vectors")
    ap.add_argument('-n', type=whole(1, 100000), default=60, help='mutants in the sample (default 60)')
    ap.add_argument('--seed', type=whole(0, 2 ** 64 - 1), default=1, help='the sample\'s seed (default 1)')
    ap.add_argument('-j', type=whole(1, 256), default=1, help='mutants run in parallel (default 1)')
    ap.add_argument('-o', default='mutate-out', help='report directory (default mutate-out)')
    ap.add_argument('--vectors', type=whole(0, 100000), default=None,
                    help='a seeded sample of K of the block\'s vectors (default: all)')
    ap.add_argument('--timeout', type=seconds, default=300.0, help='seconds per vector (default 300; 0: none)')
    ap.add_argument('--only', type=whole(0, 10 ** 9), action='append', help='run only mutant ID (repro)')
    ap.add_argument('--equivalent', default=EQUIV_DEFAULT, help='the equivalent-mutant list (JSON)')
    ap.add_argument('--min-score', type=whole(0, 100), default=100,
                    help='exit 0 when at least this percentage of the counted mutants is killed (default 100)')
    a = ap.parse_args(argv)
    try:
        return run(a)
    except Usage as e:
        print('%s: %s' % (PROG, e), file=sys.stderr)
        return 2
    except OSError as e:
        print('%s: %s: %s' % (PROG, e.filename or '', e.strerror or e), file=sys.stderr)
        return 2


def run(a):
    if (a.block is None) == (a.suite is None):
        raise Usage('expected one of --block FAMILY.NAME and --suite smoke')
    if a.suite is not None:
        blocks = suite_blocks(a.suite)
    else:
        if not re.fullmatch(r'[a-z][a-z0-9]*\.[a-z][a-z0-9_]*', a.block) or \
                not os.path.isdir(os.path.join(ROOT, 'rtl', *a.block.split('.'))):
            raise Usage("--block %s: expected a block with RTL under rtl/ (see 'rcosim list')" % a.block)
        blocks = [a.block]
    if not shutil.which('iverilog') or not shutil.which('vvp'):
        raise Usage('iverilog and vvp (Icarus Verilog) are needed: none on the PATH')
    check_out_dir(a.o)
    equiv = {b: equivalents(a.equivalent, b) for b in blocks}
    pts = [p for b in blocks for p in points(b)]
    for i, p in enumerate(pts):
        p['id'] = i
    what = '--suite %s' % a.suite if a.suite else '--block %s' % a.block
    if not pts:
        raise Usage('%s: no mutation point in its RTL' % what)
    rng = random.Random(a.seed)
    sample = sorted(rng.sample(pts, min(a.n, len(pts))), key=lambda p: p['id'])
    if a.only:
        ids = set(a.only)
        sample = [p for p in pts if p['id'] in ids]
        if len(sample) != len(ids):
            raise Usage('--only %s: expected mutant ids below %d' % (sorted(ids - {p['id'] for p in sample}), len(pts)))
    # Each sampled block's suite: its shipped vectors (a seeded sample of K with --vectors).
    vecs = {}
    for b in sorted({p['block'] for p in sample}):
        fam, name = b.split('.', 1)
        vb = sorted(glob.glob(os.path.join(ROOT, 'vectors', fam, name, '*.vec')) +
                    glob.glob(os.path.join(ROOT, 'vectors', fam, name, '*.vec.gz')))
        if a.vectors is not None:
            vb = sorted(random.Random(a.seed).sample(vb, min(a.vectors, len(vb))))
        vecs[b] = vb
    os.makedirs(a.o, exist_ok=True)
    work = os.path.join(a.o, 'work')
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    print('%s %s: %d mutation points, %d sampled (seed %d), %d vectors, -j %d' % (
        PROG, a.suite and 'suite ' + a.suite or a.block, len(pts), len(sample), a.seed,
        sum(len(v) for v in vecs.values()), a.j), flush=True)
    benches = {}
    for b, vb in sorted(vecs.items()):
        benches[b] = export_all(vb, work, a.timeout)
        # The unmutated design must pass the suite, or nothing below means anything.
        for k, (v, base) in enumerate(sorted(benches[b].items())):
            st, out = run_bench(base, None, os.path.join(work, 'orig', b, str(k)), a.timeout)
            if st != 'pass':
                raise Usage('the unmutated design does not pass %s (%s): %s' % (os.path.relpath(v, ROOT), st, out))
    results = []
    todo = []
    for p in sample:
        p['diff'] = diff(ROOT, p)
        p['repro'] = 'rcosim mutate %s --seed %d%s --only %d' % (
            what, a.seed, '' if a.vectors is None else ' --vectors %d' % a.vectors, p['id'])
        text = open(os.path.join(ROOT, p['file'])).read().split('\n')[p['line'] - 1].strip()
        eq = [e for e in equiv[p['block']] if e['file'] == p['file'] and e['from'] == p['from'] and
              e['to'] == p['to'] and (e['line'] == p['line'] or e['line'] == text)]
        if eq:
            results.append(dict(p, status='equivalent', reason=eq[0]['reason'], by=None, output='', seconds=0))
        else:
            todo.append(p)
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        futs = [ex.submit(run_mutant, p, benches[p['block']], work, a.timeout) for p in todo]
        for f in concurrent.futures.as_completed(futs):
            r = f.result()
            results.append(r)
            print('m%-5d %-10s %s:%d %s -> %s%s' % (r['id'], r['status'], r['file'], r['line'], r['from'], r['to'],
                                                   ' (%s)' % r['by'] if r.get('by') else ''), flush=True)
    results.sort(key=lambda r: r['id'])
    meta = {'block': a.block or 'suite ' + a.suite, 'blocks': blocks, 'seed': a.seed, 'n': a.n, 'points': len(pts),
            'vectors': [os.path.relpath(v, ROOT) for b in sorted(vecs) for v in vecs[b]], 'simulator': 'icarus'}
    lines, by, score = write_reports(a.o, meta, results)
    shutil.rmtree(work, ignore_errors=True)
    print('\n'.join(lines[:3]))
    print('report: %s/mutate.txt, mutate.json, mutate.html' % a.o)
    return 1 if by['survived'] and score < a.min_score else 0


if __name__ == '__main__':
    sys.exit(main())
