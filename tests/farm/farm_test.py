#!/usr/bin/env python3
"""farm_test.py - tests of 'rcosim regress --farm slurm' (scripts/regress_farm.py).

Usage: farm_test.py RCOSIM SOURCE_DIR CASE
  usage   no cluster needed: the farm options' usage errors, the missing-sbatch error, --resume on a
          directory that holds no farm run, and the grouping of runs into array tasks.
  slurm   a real one-node Slurm cluster (tests/farm/slurm_local.py) under a temporary directory:
          installs slurm + munge from Debian when missing (root; exit 77 = skipped when that is not
          possible, except under CI=true where it is a failure); the smoke suite locally (-j2) and
          through the farm, whose JUnit must equal the local one apart from times; two array tasks
          hung on purpose, one cancelled (scancel) and one killed (SIGKILL), whose runs must be
          'error' with the scheduler's reason; --resume submitting only those runs; --resume of a
          complete directory submitting nothing; Ctrl-C cancelling the array.  The cluster is
          stopped on every exit path (and by a watchdog process if this one is killed).
  eta     no cluster needed: the farm's ETA (regress_farm.farm_remaining) on a virtual schedule of
          array tasks within 25 % of the time left (as the local regression's, regress.report.eta).
Prints the measured times (local -j2, farm, cluster install/start/stop) on the way.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import types
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77


class Fail(Exception):
    pass


def check(cond, what, *context):
    if not cond:
        raise Fail(what + ''.join('\n' + str(c)[-4000:] for c in context))


def run(cmd, env=None, timeout=300, expect=None, cwd=None):
    t0 = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout, cwd=cwd,
                       stdin=subprocess.DEVNULL)
    p.seconds = time.monotonic() - t0
    if expect is not None and p.returncode != expect:
        raise Fail('%s: exit %d, expected %d\nstdout:\n%s\nstderr:\n%s' % (
            ' '.join(cmd), p.returncode, expect, p.stdout[-4000:], p.stderr[-4000:]))
    return p


def junit_cases(path):
    """{run id: (status, message)} of a JUnit file."""
    root = ET.parse(path).getroot()
    cases = {}
    for tc in root.iter('testcase'):
        cls, kind = tc.get('classname').rsplit('.', 1)
        status, msg = 'pass', None
        for tag in ('failure', 'error', 'skipped'):
            el = tc.find(tag)
            if el is not None:
                status, msg = tag, el.get('message')
        cases['%s.%s.%s' % (kind, cls, tc.get('name'))] = (status, msg)
    return cases


def strip_times(path):
    with open(path) as f:
        # The date and command line properties differ by design (tests/regress/report_test.py).
        text = re.sub(r' time="[^"]*"', '', f.read())
        return re.sub(r'<property name="(date|command)" value="[^"]*" />', '', text)


# ---- no cluster ---------------------------------------------------------------------------------

def case_usage(ctx):
    tmp = ctx['tmp']
    base = [ctx['rcosim'], 'regress', '--block', 'r5xx.cp', '--count', '100', '--seeds', '1']
    for args, text in ((['--runs-per-task', '2'], '--runs-per-task needs --farm slurm'),
                       (['--partition', 'x'], '--partition needs --farm slurm'),
                       (['--farm', 'slurm', '--runs-per-task', '0'], "argument --runs-per-task: '0': expected a whole number >= 1"),
                       (['--resume', tmp], 'holds no regression'),
                       (['--resume', tmp, '--farm', 'slurm'], 'do not combine it with --farm')):
        p = run(base + args + ['-o', os.path.join(tmp, 'o')], expect=2)
        check(text in p.stderr, 'regress %s: no %r in the error' % (' '.join(args), text), p.stderr)
    # No Slurm client in PATH: a clear error, exit 2, nothing written.
    env = dict(os.environ, PATH='/nonexistent')
    p = run([sys.executable, os.path.join(ctx['src'], 'scripts', 'regress.py'), '--rcosim'] + base[:1] + base[2:] +
            ['--farm', 'slurm', '-o', os.path.join(tmp, 'nos')], env=env, expect=2)
    check('sbatch not found in PATH' in p.stderr, 'no "sbatch not found" error', p.stderr)
    check(not os.path.exists(os.path.join(tmp, 'nos', 'runs')), 'runs/ written although nothing was submitted')
    # Grouping: balanced by cost, every run once, deterministic, the cap respected.
    sys.path.insert(0, os.path.join(ctx['src'], 'scripts'))
    import regress_farm as F
    runs = [types.SimpleNamespace(id='r%d' % i, cost=c) for i, c in enumerate([610, 610, 610, 10, 1, 1, 1, 1, 1, 1])]
    g = F.group(runs, 3)
    check(sorted(r.id for b in g for r in b) == sorted(r.id for r in runs), 'grouping lost or doubled a run')
    check([[r.id for r in b] for b in g] == [['r0', 'r3'], ['r1', 'r4', 'r6', 'r8'], ['r2', 'r5', 'r7', 'r9']],
          'grouping %r' % [[r.id for r in b] for b in g])
    check([[r.id for r in b] for b in F.group(runs, 3)] == [[r.id for r in b] for b in g], 'grouping not stable')
    g = F.group(runs, 5, cap=2)
    check(len(g) == 5 and all(len(b) == 2 for b in g), 'cap 2 over 5 tasks: %r' % [len(b) for b in g])
    # The shared-filesystem check: a local -o and a partition of two other machines is refused
    # (exit 2 before anything is written), accepted with --assume-shared or when the node is this machine.
    from rcosim_py.cli import Usage

    def fake_slurm(nodes):
        def slurm(cmd, timeout=60):
            if cmd[:3] == ['sinfo', '-h', '-o']:
                return 0, 'batch*|up|0/64/0/64\n', ''
            if cmd[:3] == ['sinfo', '-h', '-N']:
                return 0, ''.join('%s|%s\n' % n for n in nodes), ''
            if cmd[:3] == ['scontrol', 'show', 'config']:
                return 0, 'MaxArraySize            = 501\n', ''
            raise Fail('unexpected command %r' % cmd)
        return slurm
    real_slurm, real_which = F.slurm, F.shutil.which
    F.shutil.which = lambda name: '/usr/bin/' + name
    try:
        a = types.SimpleNamespace(partition=None, jobs_given=None, array_max=None, assume_shared=False)
        F.slurm = fake_slurm([('n1', '10.9.9.1'), ('n2', '10.9.9.2')])
        if F.mount_of(tmp)[1] not in F.SHARED_FS:
            try:
                F.preflight(a, os.path.join(tmp, 'farm-out'))
                raise Fail('a local -o with two remote nodes was accepted')
            except Usage as e:
                check('cannot be assumed to share' in str(e) and 'n1, n2' in str(e), 'shared-fs error %r' % str(e))
        a.assume_shared = True
        fm = F.preflight(a, os.path.join(tmp, 'farm-out'))
        check((fm['slots'], fm['limit'], fm['partition']) == (64, 501, 'batch'), 'preflight %r' % fm)
        a.assume_shared, a.jobs_given = False, 8
        F.slurm = fake_slurm([('localhost', 'localhost')])
        fm = F.preflight(a, os.path.join(tmp, 'farm-out'))
        check(fm['single_machine'] and fm['slots'] == 8, 'one-machine preflight %r' % fm)
    finally:
        F.slurm, F.shutil.which = real_slurm, real_which
    fm = {'limit': 4, 'slots': 2}
    a = types.SimpleNamespace(runs_per_task=None)
    check(F.sizing(111, fm, a) == (4, None, None), 'auto sizing %r' % (F.sizing(111, fm, a),))
    a.runs_per_task = 10
    t, k, note = F.sizing(111, fm, a)
    check((t, k) == (4, 28) and 'more than the limit 4' in note, 'sizing over the limit: %r' % ((t, k, note),))


# ---- a real cluster ---------------------------------------------------------------------------------

WRAPPER = '''#!/bin/sh
# rcosim, except that the runs of the vectors named in HANG hang while HANG exists
if [ -e "{hang}" ]; then
  for a in "$@"; do
    case "$a" in *.vec) n=$(basename "$a" .vec); if grep -qx "$n" "{hang}"; then
      : > "{tmp}/started.$n"; exec sleep 300; fi;;
    esac
  done
fi
exec "{real}" "$@"
'''


def wait_for(cond, what, timeout):
    t0 = time.monotonic()
    while not cond():
        if time.monotonic() - t0 > timeout:
            raise Fail('timed out after %d s waiting for %s' % (timeout, what))
        time.sleep(0.1)


def task_of(out, run_id):
    """(job, task index) of the run in the newest submission of a farm output directory."""
    with open(os.path.join(out, 'farm', 'state.json')) as f:
        st = json.load(f)
    sub = st['submissions'][-1]
    with open(os.path.join(out, sub['plan'])) as f:
        plan = json.load(f)
    for i, g in enumerate(plan['tasks']):
        if run_id in [e['id'] for e in g]:
            return sub['job'], i, [e['id'] for e in g]
    raise Fail('%s is in no task of %s' % (run_id, sub['plan']))


def case_slurm(ctx):
    sys.path.insert(0, HERE)
    import slurm_local as S
    t0 = time.monotonic()
    ok, why = S.install()
    t_install = time.monotonic() - t0
    if not ok:
        if os.environ.get('CI'):
            raise Fail('CI=true but Slurm cannot be installed: ' + why)
        print('SKIP slurm: %s' % why)
        return SKIP
    tmp = ctx['tmp']
    root = os.path.join(tmp, 'cluster')
    S.reaper(root, os.getpid())
    t0 = time.monotonic()
    env = S.start(root, max(2, os.cpu_count() or 1))   # the fault case needs two tasks at once
    t_start = time.monotonic() - t0
    try:
        slurm_checks(ctx, S, env, tmp)
    finally:
        t0 = time.monotonic()
        S.stop(root)
        t_stop = time.monotonic() - t0
        deadline = time.monotonic() + 5
        while True:
            left = [p for p in S.marked(root) if S.alive(p)]
            if not left or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        print('timing: install %.1f s, cluster start %.1f s, stop %.1f s' % (t_install, t_start, t_stop))
    check(not left, 'processes of the cluster still running after stop: %r' % left)
    return 0


def slurm_checks(ctx, S, env, tmp):
    rc = ctx['rcosim']
    # 1. Two blocks of the smoke suite (directed vectors and seeded-random runs), locally with -j2
    #    and through the farm: the same testcases and verdicts.  (The whole suite took 150 s of a CI
    #    run for the same check; the other blocks' runs go through the same code.)
    sel = ['--block', 'r5xx.cp,r5xx.zb']
    local = os.path.join(tmp, 'local')
    p = run([rc, 'regress', '-j', '2', '-o', local] + sel, expect=0)
    t_local = p.seconds
    farm = os.path.join(tmp, 'farm')
    p = run([rc, 'regress', '--farm', 'slurm', '-o', farm] + sel, env=env, expect=0)
    t_farm = p.seconds
    check(re.search(r'^regress: submitted job \d+ ', p.stdout, re.M), 'no submission line', p.stdout)
    check(re.search(r'^regress: PASS: (\d+) of \1 runs passed', p.stdout, re.M), 'no PASS verdict', p.stdout)
    a, b = strip_times(os.path.join(local, 'junit.xml')), strip_times(os.path.join(farm, 'junit.xml'))
    if a != b:
        import difflib
        raise Fail('farm JUnit differs from the local one (apart from times):\n' + ''.join(
            list(difflib.unified_diff(a.splitlines(True), b.splitlines(True), 'local', 'farm'))[:60]))
    ncases = len(junit_cases(os.path.join(farm, 'junit.xml')))
    with open(os.path.join(farm, 'results.json')) as f:
        res = json.load(f)
    with open(os.path.join(local, 'results.json')) as f:
        lres = json.load(f)
    check([(r['id'], r['status'], r['cycles']) for r in res['runs']] ==
          [(r['id'], r['status'], r['cycles']) for r in lres['runs']], 'results.json verdicts or cycles differ')
    check(set(res['farm']['nodes'].values()) == {'localhost'}, 'runs not on node localhost: %r'
          % set(res['farm']['nodes'].values()))
    tab = lambda t: [re.sub(r'\s+\S+ s$', '', line) for line in t.splitlines() if re.match(r'(r5xx|total)', line)]
    check(tab(open(os.path.join(farm, 'summary.txt')).read()) == tab(open(os.path.join(local, 'summary.txt')).read()),
          'summary tables differ')
    print('timing: smoke suite (%d runs): local -j2 %.1f s, farm %.1f s (%s)' % (
        ncases, t_local, t_farm, re.search(r'as Slurm array: [^,]*', p.stdout).group(0)))

    # 2. Two array tasks die: one cancelled, one killed.  Their runs are errors with the reason.
    hang = os.path.join(tmp, 'hang')
    wrapper = os.path.join(tmp, 'rcosim-wrapper')
    with open(wrapper, 'w') as f:
        f.write(WRAPPER.format(hang=hang, tmp=tmp, real=rc))
    os.chmod(wrapper, 0o755)
    with open(hang, 'w') as f:
        f.write('swap0\ntype0_worked\n')
    fault = os.path.join(tmp, 'fault')
    cmd = [sys.executable, os.path.join(ctx['src'], 'scripts', 'regress.py'), '--rcosim', wrapper, '--farm', 'slurm',
           '--block', 'r5xx.cp', '--seeds', '2', '--count', '300', '--runs-per-task', '4', '-o', fault]
    log = open(os.path.join(tmp, 'fault.log'), 'w')
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        wait_for(lambda: all(os.path.exists(os.path.join(tmp, 'started.' + n)) for n in ('swap0', 'type0_worked')),
                 'both hung runs to start', 120)
        job, ta, runs_a = task_of(fault, 'vec.r5xx.cp.swap0')
        _, tb, runs_b = task_of(fault, 'vec.r5xx.cp.type0_worked')
        check(ta != tb, 'test set-up: both hung runs are in array task %d; choose others' % ta)
        run(['scancel', '%s_%d' % (job, ta)], env=env, expect=0)
        with open(os.path.join(fault, 'farm', 'tasks', '%s_%d.start' % (job, tb))) as f:
            os.kill(json.load(f)['pid'], signal.SIGKILL)
        proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        log.close()
    out = open(os.path.join(tmp, 'fault.log')).read()
    check(proc.returncode == 1, 'farm run with dead tasks: exit %s, expected 1' % proc.returncode, out)
    cases = junit_cases(os.path.join(fault, 'junit.xml'))
    check(len(cases) == 22, 'expected 22 testcases, got %d' % len(cases))
    bad = {k: v for k, v in cases.items() if v[0] != 'pass'}
    check(all(v[0] == 'error' for v in bad.values()), 'a run of a dead task is not an error: %r' % bad)
    check(set(bad) <= set(runs_a) | set(runs_b), 'errors outside the two dead tasks: %r' % sorted(bad))
    for rid, why, t in (('vec.r5xx.cp.swap0', 'CANCELLED', ta), ('vec.r5xx.cp.type0_worked', 'FAILED', tb)):
        msg = cases[rid][1] or ''
        check(msg.startswith('ERROR: killed with its array task %s_%d %s' % (job, t, why)),
              '%s: message %r, expected the task %s_%d %s' % (rid, msg, job, t, why))
    check('SIGKILL' in cases['vec.r5xx.cp.type0_worked'][1], 'the killed task does not say SIGKILL',
          cases['vec.r5xx.cp.type0_worked'][1])
    # Runs the dead tasks never reached are errors too, never missing.
    check(all(k in cases for k in runs_a + runs_b), 'a run of a dead task is missing from the JUnit')
    check(re.search(r'^regress: FAIL: %d of 22 runs passed, %d failed' % (22 - len(bad), len(bad)), out, re.M),
          'no FAIL verdict with %d failures' % len(bad), out)

    # 3. --resume submits exactly the runs without a result; the others keep theirs.
    os.remove(hang)
    kept = {}
    for rid in cases:
        if rid not in bad:
            with open(os.path.join(fault, 'runs', rid, 'result.json')) as f:
                kept[rid] = f.read()
    p = run([sys.executable, os.path.join(ctx['src'], 'scripts', 'regress.py'), '--resume', fault], env=env, expect=0)
    check('%d of 22 runs have a result; submitting the other %d' % (22 - len(bad), len(bad)) in p.stdout,
          'resume does not say it submits the %d runs without a result' % len(bad), p.stdout)
    with open(os.path.join(fault, 'farm', 'state.json')) as f:
        st = json.load(f)
    check(len(st['submissions']) == 2, 'resume made %d submissions' % (len(st['submissions']) - 1))
    with open(os.path.join(fault, st['submissions'][1]['plan'])) as f:
        resub = sorted(e['id'] for g in json.load(f)['tasks'] for e in g)
    check(resub == sorted(bad), 'resume submitted %r, expected %r' % (resub, sorted(bad)))
    for rid, text in kept.items():
        with open(os.path.join(fault, 'runs', rid, 'result.json')) as f:
            check(f.read() == text, 'resume touched the result of %s' % rid)
    cases = junit_cases(os.path.join(fault, 'junit.xml'))
    check(len(cases) == 22 and all(v[0] == 'pass' for v in cases.values()), 'after resume not all 22 pass: %r' %
          {k: v for k, v in cases.items() if v[0] != 'pass'})
    # 4. A complete suite is not run again.
    p = run([sys.executable, os.path.join(ctx['src'], 'scripts', 'regress.py'), '--resume', fault], env=env, expect=0)
    check('22 of 22 runs have a result; nothing to re-run' in p.stdout, 'complete resume message', p.stdout)
    with open(os.path.join(fault, 'farm', 'state.json')) as f:
        check(len(json.load(f)['submissions']) == 2, 'a complete suite was submitted again')
    check('submitted job' not in p.stdout, 'a complete suite was submitted again', p.stdout)

    # 5. Ctrl-C cancels the array: the job leaves the queue, the unfinished runs are 'not run'.
    with open(hang, 'w') as f:
        f.write('swap0\n')
    os.remove(os.path.join(tmp, 'started.swap0'))
    intr = os.path.join(tmp, 'intr')
    cmd[cmd.index(fault)] = intr
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            stdin=subprocess.DEVNULL)
    try:
        wait_for(lambda: os.path.exists(os.path.join(tmp, 'started.swap0')), 'the hung run to start', 120)
        job, _, _ = task_of(intr, 'vec.r5xx.cp.swap0')
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    check(proc.returncode == 130, 'interrupted farm run: exit %s, expected 130' % proc.returncode, out)
    check('cancelled job %s (scancel %s)' % (job, job) in out, 'no cancel message', out)
    wait_for(lambda: run(['squeue', '-h', '-j', job], env=env).stdout.strip() == '', 'job %s to leave the queue'
             % job, 30)
    cases = junit_cases(os.path.join(intr, 'junit.xml'))
    check(cases['vec.r5xx.cp.swap0'][0] == 'skipped' and 'interrupted' in cases['vec.r5xx.cp.swap0'][1],
          'the interrupted run is %r' % (cases['vec.r5xx.cp.swap0'],))
    os.remove(hang)


def farm_schedule(F, lengths, prior, ntasks, slots, scale=1.0):
    """A farm regression on a virtual clock: the runs (LENGTHS: id -> (block, seconds)) grouped
    into NTASKS array tasks as the farm groups them, SLOTS at a time in array order, each task's runs
    one after another.  After every result the ETA (regress_farm.farm_remaining, runs.Eta with
    PRIOR: the previous regression's lengths) beside the time really left; (t, left, eta) rows."""
    from rcosim_py.runs import Eta
    runs = [types.SimpleNamespace(id=i, block=b, kind='random', args=['--count', '100'], cost=1.0, rc=None,
                                  status=None, seconds=0.0) for i, (b, x) in sorted(lengths.items())]
    tasks = [F.Task(k, g) for k, g in enumerate(F.group(runs, ntasks, weight=lambda r: prior.get(r.id, 1.0)))]
    est = Eta(slots, prior, None)
    now, rows, running, queue = 0.0, [], [], list(tasks)
    ends = []                                  # (time a run ends, task)

    def start(t):
        t.start, t.since = {}, now
        ends.append((now + lengths[t.runs[0].id][1] * scale, t))
    while queue and len(running) < slots:
        running.append(queue.pop(0))
        start(running[-1])
    while ends:
        ends.sort(key=lambda e: e[0])
        now, t = ends.pop(0)
        r = t.runs[t.ptr]
        r.rc, r.status, r.seconds = 0, 'pass', lengths[r.id][1] * scale
        est.finished(r)
        t.ptr += 1
        t.since = now
        if t.ptr < len(t.runs):
            ends.append((now + lengths[t.runs[t.ptr].id][1] * scale, t))
        else:
            t.left = True
            running.remove(t)
            if queue:
                running.append(queue.pop(0))
                start(running[-1])
        rows.append([now, None, F.farm_remaining(est, tasks, slots, now)])
    for row in rows:
        row[1] = now - row[0]
    return rows


def case_eta(ctx):
    """The farm's ETA (regress_farm.farm_remaining on runs.Eta, as the local regression's) on a
    virtual schedule, no cluster: 40 runs of three blocks in 8 array tasks on 3 slots, the previous
    regression's lengths +-8 % off and the machine 20 % slower: every ETA with 5 % or more of the
    suite to go is within 25 % of the time really left; before any result it is already known
    (the previous lengths); with no previous lengths, '?' until results come, then within 25 %
    too; and the check catches the old estimate (mean run length x runs left / slots)."""
    import random
    sys.path.insert(0, os.path.join(ctx['src'], 'scripts'))
    import regress_farm as F
    rng = random.Random(28)
    lengths = {}
    for k in range(40):
        b = ('r5xx.cp', 'r5xx.tile', 'si.cu')[k % 3]
        lengths['random.%s.seed%d' % (b, k)] = (b, {'r5xx.cp': 2.0, 'r5xx.tile': 6.0, 'si.cu': 15.0}[b] * rng.uniform(0.7, 1.3))
    prior = {i: x * rng.uniform(0.92, 1.08) for i, (b, x) in lengths.items()}

    def judge(rows, what):
        total = rows[-1][0]
        bad = [(round(left, 1), round(eta, 1)) for t, left, eta in rows
               if left >= 0.05 * total and (eta is None or abs(eta - left) > 0.25 * left)]
        judged = sum(left >= 0.05 * total for t, left, eta in rows)
        check(judged >= 20, '%s: only %d ETAs judged' % (what, judged))
        return bad, judged
    rows = farm_schedule(F, lengths, prior, 8, 3, 1.2)
    bad, judged = judge(rows, 'previous lengths')
    check(not bad, 'farm ETA off by more than 25 %% (seconds left, ETA): %r' % bad)
    check(F.farm_remaining(F.Eta(3, prior, None), [F.Task(0, [types.SimpleNamespace(
        id=i, block='r5xx.cp', kind='random', args=[], cost=1.0, rc=None) for i in prior])], 3, 0.0) is not None,
        'no ETA before the first result although the previous lengths are known')
    rows0 = farm_schedule(F, lengths, {}, 8, 3, 1.2)
    check(rows0[0][2] is not None, 'no ETA after the first result without previous lengths')
    bad0 = [(round(left, 1), round(eta, 1)) for t, left, eta in rows0[len(rows0) // 3:]
            if left >= 0.05 * rows0[-1][0] and abs(eta - left) > 0.25 * left]
    check(not bad0, 'farm ETA without previous lengths off by more than 25 %% after a third: %r' % bad0)
    # The old estimate: mean of the finished runs x runs left / slots.
    old = []
    order = sorted(rows, key=lambda r: r[0])
    for n, (t, left, eta) in enumerate(order, 1):
        old.append((t, left, (t * 3 / n) * (40 - n) / 3))
    check(judge(old, 'old estimate')[0], 'the check passed the old estimate')
    print('PASS eta: %d ETAs judged, worst error %.0f %%' % (judged, 100 * max(
        abs(eta - left) / left for t, left, eta in rows if left >= 0.05 * rows[-1][0])))


CASES = {n[5:]: f for n, f in globals().items() if n.startswith('case_')}


def main(argv):
    if len(argv) != 4 or argv[3] not in CASES:
        sys.stderr.write('usage: farm_test.py RCOSIM SOURCE_DIR CASE  (cases: %s)\n' % ' '.join(CASES))
        return 2
    ctx = {'rcosim': os.path.abspath(argv[1]), 'src': os.path.abspath(argv[2])}
    # A CTest timeout or a kill: leave through the finally clauses (the cluster is stopped).
    for s in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, lambda sig, frame: sys.exit(128 + sig))
    tmp = tempfile.mkdtemp(prefix='rcosim-farm-test-')
    os.chmod(tmp, 0o755)
    ctx['tmp'] = tmp
    try:
        rc = CASES[argv[3]](ctx)
    except Fail as e:
        print('FAIL %s: %s' % (argv[3], e))
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if rc == SKIP:
        return SKIP
    print('PASS %s' % argv[3])
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
