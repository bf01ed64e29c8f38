#!/usr/bin/env python3
"""regress_test.py - tests of the regression runner (scripts/regress.py, 'rcosim regress') and of
'rcosim gen --all', on a small temporary vectors directory: a few copies of shipped vectors, one
of them broken (one expected value changed), one whose name holds < & " and whose body has a
syntax error.  Random runs use tiny counts.

Usage: regress_test.py RCOSIM SOURCE_DIR CASE
Cases (each one CTest test): broken, max_failures, shard, determinism, junit_xml, gen_all, usage,
staged
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

BROKEN = 'vec.r5xx.cp.type0_worked'
WEIRD = 'r5xx/cp/we<ird&"q.vec'


class Fail(Exception):
    pass


def check(cond, what, *context):
    if not cond:
        raise Fail(what + ''.join('\n' + str(c) for c in context))


def make_vectors(ctx, broken=True, weird=False):
    """A vectors dir: two CP vectors and one register-file vector; type0_worked's first expected
    memreq address changed (if broken); a syntax error in a file named with < & " (if weird)."""
    vdir = os.path.join(ctx['tmp'], 'vectors')
    shutil.rmtree(vdir, ignore_errors=True)
    for rel in ('r5xx/cp/type0_worked.vec', 'r5xx/cp/swap0.vec', 'r5xx/regs/alias.vec'):
        os.makedirs(os.path.join(vdir, os.path.dirname(rel)), exist_ok=True)
        shutil.copy(os.path.join(ctx['src'], 'vectors', rel), os.path.join(vdir, rel))
        stim = os.path.join(os.path.dirname(rel), 'stim', os.path.basename(rel)[:-4] + '.stim')
        os.makedirs(os.path.join(vdir, os.path.dirname(stim)), exist_ok=True)
        shutil.copy(os.path.join(ctx['src'], 'vectors', stim), os.path.join(vdir, stim))
    if broken:
        p = os.path.join(vdir, 'r5xx/cp/type0_worked.vec')
        with open(p) as f:
            text = f.read()
        text, n = re.subn(r'^out memreq @8 00100000 ', 'out memreq @8 00100004 ', text, count=1, flags=re.M)
        check(n == 1, 'could not break type0_worked.vec')
        with open(p, 'w') as f:
            f.write(text)
    if weird:
        with open(os.path.join(ctx['src'], 'vectors', 'r5xx/cp/swap1.vec')) as f:
            text = f.read()
        text, n = re.subn(r'^in host 0700 ', 'in host 0700 zz', text, count=1, flags=re.M)
        check(n == 1, 'could not break the weird vector')
        with open(os.path.join(vdir, WEIRD), 'w') as f:
            f.write(text)
    return vdir


def regress(ctx, *args, expect_rc=None, out='out'):
    outdir = os.path.join(ctx['tmp'], out)
    # The blocks of the copied vectors only, so a new block does not change these suites.
    cmd = [ctx['rcosim'], 'regress', '-o', outdir, '--count', '300', '--seeds', '2', '-j', '2',
           '--block', 'r5xx.cp,r5xx.regs'] + list(args)
    p = subprocess.run(cmd, cwd=ctx['tmp'], capture_output=True, text=True, timeout=300)
    if expect_rc is not None and p.returncode != expect_rc:
        raise Fail('%s: exit %d, expected %d\nstdout:\n%s\nstderr:\n%s' % (
            ' '.join(cmd), p.returncode, expect_rc, p.stdout, p.stderr))
    return p, outdir


def junit_cases(path):
    """{run id: (status, message, system-out)} from a JUnit file (parsed with xml.etree)."""
    root = ET.parse(path).getroot()
    check(root.tag == 'testsuites', 'JUnit root is %s' % root.tag)
    cases = {}
    for ts in root.iter('testsuite'):
        for tc in ts.iter('testcase'):
            cls, kind = tc.get('classname').rsplit('.', 1)
            rid = '%s.%s.%s' % (kind, cls, tc.get('name'))
            status, msg = 'pass', None
            for tag in ('failure', 'error', 'skipped'):
                el = tc.find(tag)
                if el is not None:
                    status, msg = tag, el.get('message')
            so = tc.find('system-out')
            cases[rid] = (status, msg, so.text if so is not None else '')
    return cases


def case_broken(ctx):
    vdir = make_vectors(ctx)
    p, out = regress(ctx, '--vectors', vdir, expect_rc=1)
    # Console: exactly one failure, the broken vector, with its mismatch line and a repro.
    fails = re.findall(r'^\s*(?:FAIL|ERROR) (\S+): ', p.stdout, re.M)
    check(fails and set(fails) == {BROKEN}, 'console failures %r, expected only %s' % (fails, BROKEN), p.stdout)
    check('MISMATCH r5xx.cp at cycle 8: channel memreq (out), transaction #0: field addr differs' in p.stdout,
          'no mismatch line in the console', p.stdout)
    m = re.search(r'^\s*repro:\s+(.*)$', p.stdout, re.M)
    check(m, 'no repro line in the console', p.stdout)
    repro = m.group(1)
    check(re.search(r'^r5xx\.cp\s+4\s+3\s+1\s+0\s+0\s', p.stdout, re.M) and 'regress: FAIL' in p.stdout,
          'no summary table row r5xx.cp with 1 failure', p.stdout)
    # The repro fails the same way.
    r = subprocess.run(repro, shell=True, capture_output=True, text=True, cwd=ctx['tmp'], timeout=120)
    check(r.returncode == 1, 'repro exit %d, expected 1: %s' % (r.returncode, repro), r.stdout, r.stderr)
    check('MISMATCH r5xx.cp at cycle 8: channel memreq (out), transaction #0: field addr differs' in r.stdout,
          'the repro does not fail the same way', r.stdout)
    # JUnit: the same single failure, the mismatch line as its message, repro and bundle in the output.
    cases = junit_cases(os.path.join(out, 'junit.xml'))
    bad = {k: v for k, v in cases.items() if v[0] != 'pass'}
    check(list(bad) == [BROKEN], 'JUnit failures %r' % list(bad))
    status, msg, so = bad[BROKEN]
    check(status == 'failure' and msg.startswith('MISMATCH r5xx.cp at cycle 8: channel memreq'), 'JUnit message %r' % msg)
    check('repro: ' + repro in so, 'JUnit output lacks the repro', so)
    check(len(cases) == 3 + 2 * 2, 'JUnit has %d testcases, expected 7' % len(cases))
    # HTML: the failure, its message and repro, and no other failure.
    with open(os.path.join(out, 'report.html')) as f:
        page = f.read()
    check('Failures (1)' in page and BROKEN in page, 'HTML does not list the failure')
    check('MISMATCH r5xx.cp at cycle 8' in page, 'HTML lacks the mismatch line')
    import html as h
    check(h.escape(repro) in page, 'HTML lacks the repro line')
    # A bundle is reported when 'rcosim run' offers --wave.
    helptext = subprocess.run([ctx['rcosim'], 'run', '--help'], capture_output=True, text=True).stdout
    if '--wave' in helptext:
        check('bundle: ' in so and os.path.isdir(os.path.join(out, 'runs', BROKEN, 'bundle')),
              'no bundle reported though run offers --wave', so)


def case_max_failures(ctx):
    vdir = make_vectors(ctx, weird=True)
    # Both broken vectors fail when everything runs ...
    p, out = regress(ctx, '--vectors', vdir, expect_rc=1)
    check(len(re.findall(r'^\s*(?:FAIL|ERROR) \S+: ', p.stdout, re.M)) == 2, 'expected 2 failures', p.stdout)
    # ... and with --max-failures 1 on one worker the runner stops at the first.
    p, out = regress(ctx, '--vectors', vdir, '--max-failures', '1', '-j', '1', expect_rc=1)
    check(len(re.findall(r'^\s*(?:FAIL|ERROR) \S+: ', p.stdout, re.M)) == 1, 'expected 1 failure', p.stdout)
    check('stopped after 1 failure (--max-failures 1)' in p.stdout, 'no early-stop note', p.stdout)
    cases = junit_cases(os.path.join(out, 'junit.xml'))
    check(sum(v[0] == 'skipped' for v in cases.values()) >= 1, 'no run was left out')


def case_shard(ctx):
    vdir = make_vectors(ctx, broken=False)
    p, out = regress(ctx, '--vectors', vdir, expect_rc=0)
    full = set(junit_cases(os.path.join(out, 'junit.xml')))
    seen = []
    for i in (1, 2, 3):
        p, out = regress(ctx, '--vectors', vdir, '--shard', '%d/3' % i, expect_rc=0, out='shard%d' % i)
        part = junit_cases(os.path.join(out, 'junit.xml'))
        check(part, 'shard %d/3 is empty' % i)
        check(all(v[0] == 'pass' for v in part.values()), 'shard %d/3 has failures' % i)
        seen += list(part)
    check(len(seen) == len(set(seen)), 'a run is in two shards: %r' % sorted(seen))
    check(set(seen) == full, 'shards cover %r, the suite is %r' % (sorted(seen), sorted(full)))
    # --list agrees, and the split is stable.
    lst = [ctx['rcosim'], 'regress', '--vectors', vdir, '--seeds', '2', '--block', 'r5xx.cp,r5xx.regs', '--list']
    lists = [subprocess.run(lst + ['--shard', '%d/3' % i], capture_output=True, text=True).stdout for i in (1, 2, 3)]
    check(all(lists), 'a shard lists nothing')
    check(sorted(sum((x.splitlines() for x in lists), [])) ==
          sorted(subprocess.run(lst, capture_output=True, text=True).stdout.splitlines()), '--list shards differ')
    again = subprocess.run(lst + ['--shard', '1/3'], capture_output=True, text=True).stdout
    check(lists[0] == again, 'shard 1/3 differs between two listings')


def strip_times(path):
    with open(path) as f:
        # What differs by design: times, and the date and command line (report_test.py checks them).
        text = re.sub(r' time="[^"]*"', '', f.read())
        return re.sub(r'<property name="(date|command)" value="[^"]*" />', '', text)


def case_determinism(ctx):
    vdir = make_vectors(ctx)
    p, out = regress(ctx, '--vectors', vdir, expect_rc=1)
    first = strip_times(os.path.join(out, 'junit.xml'))
    bundles1 = sorted(os.listdir(os.path.join(out, 'runs', BROKEN)))
    p, out = regress(ctx, '--vectors', vdir, '-j', '1', expect_rc=1)
    second = strip_times(os.path.join(out, 'junit.xml'))
    if first != second:
        import difflib
        raise Fail('JUnit differs between two runs (apart from time):\n' + ''.join(
            difflib.unified_diff(first.splitlines(True), second.splitlines(True), 'first', 'second')))
    check(sorted(os.listdir(os.path.join(out, 'runs', BROKEN))) == bundles1, 'run directories differ')


def case_junit_xml(ctx):
    vdir = make_vectors(ctx, broken=False, weird=True)
    p, out = regress(ctx, '--vectors', vdir, expect_rc=1)
    cases = junit_cases(os.path.join(out, 'junit.xml'))     # parses, or raises
    bad = {k: v for k, v in cases.items() if v[0] != 'pass'}
    check(len(bad) == 1, 'expected one failure, got %r' % bad)
    (rid, (status, msg, so)), = bad.items()
    check(status == 'error' and all(c in msg for c in '<&"'), 'message lacks < & ": %r' % msg)
    check('we<ird&"q.vec:' in msg and "expected a hex value for field 'data'" in msg, 'message %r' % msg)
    with open(os.path.join(out, 'report.html')) as f:
        page = f.read()
    check('we&lt;ird&amp;&quot;q' in page and 'we<ird' not in page, 'HTML does not escape the name')


def case_gen_all(ctx):
    vdir = make_vectors(ctx)
    # Everything regenerates; the broken vector is repaired and reported as changed.
    p = subprocess.run([ctx['rcosim'], 'gen', '--all', '--vectors', vdir, '--check'], capture_output=True, text=True)
    check(p.returncode == 1, '--check with a changed vector: exit %d' % p.returncode, p.stdout, p.stderr)
    p = subprocess.run([ctx['rcosim'], 'gen', '--all', '--vectors', vdir], capture_output=True, text=True)
    check(p.returncode == 0, 'gen --all exit %d' % p.returncode, p.stdout, p.stderr)
    check('r5xx/cp/swap0.vec: unchanged' in p.stdout and 'r5xx/regs/alias.vec: unchanged' in p.stdout, p.stdout)
    check(re.search(r'r5xx/cp/type0_worked\.vec: changed: 1 output line differs, first at line \d+: '
                    r'-out memreq @8 00100004 .* / \+out memreq @8 00100000 ', p.stdout), 'no change summary', p.stdout)
    with open(os.path.join(vdir, 'r5xx/cp/type0_worked.vec')) as f, \
            open(os.path.join(ctx['src'], 'vectors/r5xx/cp/type0_worked.vec')) as g:
        check(f.read() == g.read(), 'the repaired vector is not the shipped one')
    p = subprocess.run([ctx['rcosim'], 'gen', '--all', '--vectors', vdir, '--check'], capture_output=True, text=True)
    check(p.returncode == 0 and '3 unchanged' in p.stdout, 'second pass not clean', p.stdout)


def case_usage(ctx):
    for args in (['--shard', '4/3'], ['--block', 'no.such'], ['--filter', '('], ['--suite', 'weekly'],
                 ['--filter', 'matches-nothing-at-all']):
        p, out = regress(ctx, *args)
        check(p.returncode == 2, 'regress %s: exit %d, expected 2' % (' '.join(args), p.returncode), p.stdout, p.stderr)


def case_doc_suite_table(ctx):
    """docs/regression.md's suite table (seeds per block, policies per seed, count per run) says
    what 'rcosim regress --list' selects for r5xx.cp under both suites."""
    doc = open(os.path.join(ctx['src'], 'docs', 'regression.md')).read()
    rows = {}
    for line in doc.split('\n'):
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) == 3:
            rows[cells[0]] = cells[1:]
    seeds = rows.get('random seeds per block (`--seeds K`)')
    pols = rows.get('policies per seed')
    count = rows.get('count per run')
    check(seeds and pols and count, 'docs/regression.md lacks the suite table rows', sorted(rows))
    check(not any(k.startswith('runs today') or k.startswith('measured') for k in rows),
          'the suite table holds numbers that rot again')
    manifest = open(os.path.join(ctx['src'], 'rtl', 'r5xx', 'cp', 'cp.block')).read()
    m = re.search(r'^random smoke=(\d+) nightly=(\d+)', manifest, re.M)
    for i, suite in enumerate(('smoke', 'nightly')):
        p = subprocess.run([ctx['rcosim'], 'regress', '--list', '--block', 'r5xx.cp', '--suite', suite],
                           cwd=ctx['tmp'], capture_output=True, text=True, timeout=300)
        check(p.returncode == 0, 'regress --list exit %d' % p.returncode, p.stderr)
        rnd = [l for l in p.stdout.split('\n') if l.startswith('random.')]
        seeds_seen = {re.search(r'--seed (\d+)', l).group(1) for l in rnd}
        pols_seen = {re.search(r'--backpressure (\S+)', l).group(1) for l in rnd}
        check(len(seeds_seen) == int(seeds[i]), '%s: the doc says %s seeds, --list has %d' % (suite, seeds[i],
                                                                                              len(seeds_seen)), p.stdout)
        per_seed = len(rnd) // max(1, len(seeds_seen))
        want = 1 if pols[i].startswith('one') else 3
        check(per_seed == want and len(pols_seen) == 3, '%s: the doc says policies %r, --list has %d per seed (%s)' % (
            suite, pols[i], per_seed, sorted(pols_seen)), p.stdout)
        key = ('smoke' if i == 0 else 'nightly')
        check(key in count[i], 'the count row does not name the manifest key %s' % key)
        check(all('--count %s ' % m.group(1 + i) in l for l in rnd), '%s: counts are not the manifest\'s %s' % (
            suite, m.group(1 + i)), p.stdout)


def case_coverage_one_block(ctx):
    """regress --coverage --block r5xx.cp configures and builds only r5xx.cp (and what it uses) in
    the coverage build directory, and merges its coverage."""
    vdir = make_vectors(ctx, broken=False)
    cov = os.path.join(ctx['tmp'], 'cov-build')
    outdir = os.path.join(ctx['tmp'], 'out')
    # --cov-build relative to the working directory (the runs execute elsewhere: it must still work)
    cmd = [ctx['rcosim'], 'regress', '-o', outdir, '--count', '50', '--seeds', '1', '-j', '1', '--block', 'r5xx.cp',
           '--vectors', vdir, '--coverage', '--cov-build', 'cov-build']
    p = subprocess.run(cmd, cwd=ctx['tmp'], capture_output=True, text=True, timeout=3000)
    check(p.returncode == 0, 'exit %d' % p.returncode, p.stdout, p.stderr,
          open(os.path.join(outdir, 'coverage', 'build.log')).read()[-3000:]
          if os.path.exists(os.path.join(outdir, 'coverage', 'build.log')) else '')
    cache = open(os.path.join(cov, 'CMakeCache.txt')).read()
    check(re.search(r'^RCOSIM_BLOCKS:STRING=r5xx\.cp$', cache, re.M), 'the coverage build is not limited to r5xx.cp')
    gen = sorted(os.listdir(os.path.join(cov, 'gen')))
    others = [g for g in gen if re.match(r'^(r5xx|si)_', g) and g != 'r5xx_cp']
    check(not others, 'the coverage build configured other blocks: %s' % others)
    vdirs = sorted(os.listdir(os.path.join(cov, 'verilated_cov')))
    check(vdirs == ['r5xx_cp'], 'verilated with coverage: %s' % vdirs)
    built = [d for d in os.listdir(os.path.join(cov, 'verilated')) if re.match(r'^(r5xx|si)_', d) and
             d not in ('r5xx_cp', 'r5xx_cp_wave')] if os.path.isdir(os.path.join(cov, 'verilated')) else []
    check(not built, 'the coverage build verilated other blocks: %s' % built)
    check(os.path.exists(os.path.join(outdir, 'coverage')), 'no merged coverage', p.stdout)


def case_staged(ctx):
    """scripts/main-job's start on a fresh machine (regress.py --then-rcosim/--then-status, class
    Later): the suite starts with a binary that has r5xx.cp only while the whole binary is "being
    built"; the cp runs go at once, the r5xx.regs runs wait (the progress lines say how many) and
    run with the whole binary once the status file says 0; a failed build makes them errors."""
    vdir = make_vectors(ctx, broken=False)
    first = os.path.join(ctx['tmp'], 'rcosim_first')
    with open(first, 'w') as f:      # rcosim_first's stand-in: 'list' shows r5xx.cp alone
        f.write('#!/bin/sh\nif [ "$1" = list ]; then "%s" list | awk \'/^[^ ]/{on=($1=="r5xx.cp")} on\'; exit; fi\n'
                'exec "%s" "$@"\n' % (ctx['rcosim'], ctx['rcosim']))
    os.chmod(first, 0o755)
    for arm in ('ok', 'failed'):
        full = os.path.join(ctx['tmp'], arm, 'rcosim')
        status = os.path.join(ctx['tmp'], arm, 'status')
        os.makedirs(os.path.dirname(full))
        out = os.path.join(ctx['tmp'], 'out-' + arm)
        cmd = [sys.executable, os.path.join(ctx['src'], 'scripts', 'regress.py'), '--rcosim', first,
               '--then-rcosim', full, '--then-status', status, '-o', out, '--vectors', vdir,
               '--count', '300', '--seeds', '2', '-j', '2', '--block', 'r5xx.cp,r5xx.regs']
        p = subprocess.Popen(cmd, cwd=ctx['tmp'], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        lines = []
        try:
            # the four cp runs (two vectors, two seeds) before anything of r5xx.regs
            while sum(' vec.r5xx.cp.' in x or ' random.r5xx.cp.' in x for x in lines) < 4:
                line = p.stdout.readline()
                check(line, 'the regression ended before the cp runs were done', ''.join(lines))
                lines.append(line)
                check('r5xx.regs' not in line, 'a regs run went before the whole binary was built', ''.join(lines))
            check(p.poll() is None, 'the regression did not wait for the whole binary', ''.join(lines))
            check('3 wait for the build' in lines[-1], 'the progress line does not say what waits', ''.join(lines))
            if arm == 'ok':
                os.symlink(ctx['rcosim'], full)
            with open(status + '.tmp', 'w') as f:
                f.write('0\n' if arm == 'ok' else '2\n')
            os.rename(status + '.tmp', status)
            rest, _ = p.communicate(timeout=300)
        finally:
            if p.poll() is None:
                p.kill()
        text = ''.join(lines) + rest
        cases = junit_cases(os.path.join(out, 'junit.xml'))
        check(len(cases) == 3 + 2 * 2, 'JUnit has %d testcases, expected 7' % len(cases), text)
        regs = {k: v for k, v in cases.items() if 'r5xx.regs' in k}
        check(len(regs) == 3, 'regs runs %r' % list(regs), text)
        check(all(v[0] == 'pass' for k, v in cases.items() if 'r5xx.cp' in k), 'a cp run did not pass', text)
        if arm == 'ok':
            check(p.returncode == 0 and all(v[0] == 'pass' for v in regs.values()), 'exit %d' % p.returncode, text)
            for rid in regs:
                with open(os.path.join(out, 'runs', rid, 'cmd.txt')) as f:
                    cmdline = f.read()
                check(cmdline.startswith(full + ' '), '%s did not run with the whole binary: %s' % (rid, cmdline))
            with open(os.path.join(out, 'runs', 'vec.r5xx.cp.swap0', 'cmd.txt')) as f:
                check(f.read().startswith(first + ' '), 'the cp vector did not run with the first binary')
            import json
            with open(os.path.join(out, 'results.json')) as f:
                command = json.load(f)['meta']['command']
            check('--then' not in command and '--block r5xx.cp,r5xx.regs' in command,
                  'the reports\' command line shows main-job\'s options: %s' % command)
        else:
            check(p.returncode == 1, 'exit %d after a failed build, expected 1' % p.returncode, text)
            check(all(v[0] == 'error' and 'the build of %s failed (exit status 2' % full in v[1]
                      for v in regs.values()), 'regs runs %r' % regs, text)
            # --coverage (and --farm) wait for the whole binary: here its build failed, so nothing runs
            q = subprocess.run(cmd[:cmd.index('-o')] + ['-o', out + '-cov', '--coverage'], cwd=ctx['tmp'],
                               capture_output=True, text=True, timeout=60)
            check(q.returncode == 2 and 'waiting for %s' % full in q.stdout and
                  'the build of %s failed' % full in q.stderr, '--coverage did not wait for the build', q.stdout, q.stderr)



CASES = {n[5:]: f for n, f in globals().items() if n.startswith('case_')}


def main(argv):
    if len(argv) != 4 or argv[3] not in CASES:
        sys.stderr.write('usage: regress_test.py RCOSIM SOURCE_DIR CASE  (cases: %s)\n' % ' '.join(CASES))
        return 2
    ctx = {'rcosim': os.path.abspath(argv[1]), 'src': os.path.abspath(argv[2])}
    with tempfile.TemporaryDirectory(prefix='rcosim-regress-test-') as tmp:
        ctx['tmp'] = tmp
        try:
            CASES[argv[3]](ctx)
        except Fail as e:
            print('FAIL %s: %s' % (argv[3], e))
            return 1
    print('PASS %s' % argv[3])
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
