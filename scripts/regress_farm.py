#!/usr/bin/env python3
"""regress_farm.py - 'rcosim regress --farm slurm': the regression suite as a Slurm job array.
Python 3 standard library only.

Two roles in one file:
  * the submitter, a back end of regress.py (which imports it; it imports nothing of regress.py):
    takes the suite regress.py planned (the same runs, seeds and shards as a local run), groups the
    runs into array tasks, submits one 'sbatch --array', shows a live progress line fed by the runs'
    result files, explains every run an array task left without a result (the scheduler's reason,
    from scontrol / jobcomp / the task's log, not sacct), and writes the same reports as a local run
    (rcosim_py/report.py, rcosim_py/runs.py);
  * the array task: 'regress_farm.py task PLAN INDEX' runs its group of runs one after another, each
    exactly as a local run (same command, same directory OUT/runs/ID/, same report.txt/stderr.txt),
    and writes OUT/runs/ID/result.json (exit status, seconds, node) when the run ends.

Everything lives under OUT, which must be on a filesystem the nodes share:
  OUT/farm/state.json         the suite (runs, commands, options) and every submission: for --resume
  OUT/farm/plan-N.json        submission N: the runs of each array task (read by the tasks)
  OUT/farm/task-N.sh          the batch script of submission N
  OUT/farm/tasks/JOB_T.start  array task T of job JOB started (node, pid); JOB_T.end: how it ended
  OUT/farm/logs/JOB_T.out     the task's standard output and error (Slurm writes it)
See docs/regression.md, "Regression farms".
"""
import heapq
import json
import math
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time

from rcosim_py.atomic import write_json_atomic
from rcosim_py import state as rstate
from rcosim_py.cli import Usage
from rcosim_py.report import finish
from rcosim_py.runs import CostCache, Eta, Progress, Run, analyse, fmt_secs, fmt_wall, prior_seconds, read_text, run_command

STATE_VERSION = 1
PRIOR_RANDOM = 30          # a smoke random run takes about this many vector runs' time (measured)
WAVES = 2                  # array tasks per CPU slot when --runs-per-task is not given
DEFAULT_ARRAY_MAX = 1000   # below Slurm's default MaxArraySize (1001)
POLL = 0.25                # seconds between looks at the result files
SQUEUE_EVERY = (1.0, 5.0)  # seconds between squeue calls: in the first minute, later (spare the controller)
# Filesystems that can be shared between machines (type as in /proc/mounts).
SHARED_FS = {'nfs', 'nfs4', 'lustre', 'gpfs', 'beegfs', 'ceph', 'cephfs', 'glusterfs', 'fuse.glusterfs',
             'cifs', 'smb3', 'smbfs', '9p', 'pvfs2', 'orangefs', 'panfs', 'wekafs', 'fuse.sshfs', 'afs',
             'fuse.cephfs', 'fuse.beegfs', 'fuse.juicefs', 'virtiofs', 'dvs', 'fhgfs', 'quobyte'}
SAVED = ('suite', 'seed_base', 'rcosim', 'vectors', 'timeout', 'coverage', 'max_failures', 'partition', 'time',
         'array_max', 'runs_per_task', 'sbatch', 'assume_shared', 'jobs_given', 'farm')


def load_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


# ==== the array task ===========================================================================

def task_main(plan_path, index):
    """Runs group INDEX of the plan, one run after another; returns the exit status."""
    plan = load_json(plan_path)
    if plan is None:
        sys.stderr.write('regress_farm: cannot read %s on %s: is the output directory on a filesystem this '
                         'node shares?\n' % (plan_path, socket.gethostname()))
        return 2
    outdir = plan['outdir']
    job = os.environ.get('SLURM_ARRAY_JOB_ID') or os.environ.get('SLURM_JOB_ID') or 'local'
    node = os.environ.get('SLURMD_NODENAME') or socket.gethostname()
    tdir = os.path.join(outdir, 'farm', 'tasks')
    os.makedirs(tdir, exist_ok=True)
    mark = os.path.join(tdir, '%s_%d' % (job, index))
    write_json_atomic(mark + '.start', {'node': node, 'host': socket.gethostname(), 'pid': os.getpid(),
                                        'time': time.time()})
    cur = {'p': None, 'run': None}

    def on_signal(sig, frame):
        # Cancelled, time limit or preempted: stop the run in flight and say so, then die.
        p = cur['p']
        if p is not None:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except OSError:
                pass
        try:
            write_json_atomic(mark + '.end', {'status': 'signal', 'signal': signal.Signals(sig).name,
                                              'run': cur['run'], 'time': time.time()})
        finally:
            os._exit(128 + sig)

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGUSR1, signal.SIGUSR2, signal.SIGXCPU):
        signal.signal(sig, on_signal)
    timeout = plan.get('timeout') or None
    for e in plan['tasks'][index]:
        rdir = os.path.join(outdir, e['dir'])
        res = os.path.join(rdir, 'result.json')
        if os.path.exists(res):              # a requeued task: this run is done already
            continue
        os.makedirs(rdir, exist_ok=True)
        env = dict(os.environ)
        env.update(e.get('env', {}))
        cur['run'] = e['id']
        t0, start = time.monotonic(), time.time()
        with open(os.path.join(rdir, 'report.txt'), 'w') as out, open(os.path.join(rdir, 'stderr.txt'), 'w') as err:
            try:
                p = subprocess.Popen(e['cmd'], cwd=rdir, stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=env,
                                     start_new_session=True)
            except OSError as x:
                err.write('rcosim: cannot run %s on %s: %s\n' % (e['cmd'][0], node, x))
                rc = 127
            else:
                cur['p'] = p
                try:
                    rc = p.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait()
                    rc = 'timeout'
                cur['p'] = None
        write_json_atomic(res, {'rc': rc, 'seconds': time.monotonic() - t0, 'node': node, 'job': job,
                                'task': index, 'start': start, 'end': time.time()})
        cur['run'] = None
    write_json_atomic(mark + '.end', {'status': 'done', 'time': time.time()})
    return 0


# ==== talking to Slurm =========================================================================

def slurm(cmd, timeout=60):
    """(exit status, stdout, stderr) of a Slurm client command; 127 when it cannot run."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as e:
        return 127, '', str(e)
    return p.returncode, p.stdout, p.stderr


def config():
    """'scontrol show config' as a dict (empty when it fails)."""
    rc, out, err = slurm(['scontrol', 'show', 'config'])
    d = {}
    for line in out.splitlines():
        m = re.match(r'^(\w+)\s+=\s+(.*?)\s*$', line)
        if m:
            d[m.group(1)] = m.group(2)
    return d


def fields(line):
    """KEY=VALUE pairs of one 'scontrol show -o' line."""
    return dict(re.findall(r'(\w+)=(\S*)', line))


def local_names():
    names = {'localhost', 'localhost.localdomain', '127.0.0.1', '::1'}
    for n in (socket.gethostname(),):                     # no getfqdn: it may wait for DNS
        names.add(n)
        names.add(n.split('.')[0])
    return names


def is_this_machine(addr):
    if addr in local_names():
        return True
    try:
        ip = socket.gethostbyname(addr)
    except OSError:
        return False
    if ip.startswith('127.'):
        return True
    try:
        return ip in socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        return False


def mount_of(path):
    """(mount point, filesystem type) holding path, from /proc/self/mounts."""
    path = os.path.realpath(path)
    best = ('/', '?')
    try:
        with open('/proc/self/mounts') as f:
            for line in f:
                w = line.split()
                if len(w) < 3:
                    continue
                mp = w[1].replace('\\040', ' ')
                if (path == mp or path.startswith(mp.rstrip('/') + '/')) and len(mp) >= len(best[0]):
                    best = (mp, w[2])
    except OSError:
        pass
    return best


def preflight(a, outdir):
    """Checks the cluster and the output directory before anything is removed or submitted.
    Returns what the submission needs: {'slots', 'limit', 'partition', 'nodes'}."""
    for tool in ('sbatch', 'squeue', 'scancel', 'scontrol', 'sinfo'):
        if not shutil.which(tool):
            raise Usage('--farm slurm: %s not found in PATH (install the Slurm client, e.g. apt-get install '
                        'slurm-client, and point SLURM_CONF at the cluster)' % tool)
    rc, out, err = slurm(['sinfo', '-h', '-o', '%P|%a|%C'])
    if rc != 0:
        raise Usage('--farm slurm: sinfo failed (exit %d): %s' % (rc, (err or out).strip()))
    parts = {}
    for line in out.splitlines():
        w = line.strip().split('|')
        if len(w) == 3:
            name = w[0].rstrip('*')
            parts[name] = {'default': w[0].endswith('*'), 'avail': w[1], 'cpus': w[2]}
    if not parts:
        raise Usage('--farm slurm: the cluster has no partition (sinfo printed nothing)')
    part = a.partition
    if part is None:
        part = next((p for p, v in parts.items() if v['default']), None) or sorted(parts)[0]
    elif part not in parts:
        raise Usage('--partition: no partition %r (partitions: %s)' % (part, ', '.join(sorted(parts))))
    # CPUs of the partition that can run: allocated + idle (A/I/O/T).
    try:
        alloc, idle, other, total = (int(x) for x in parts[part]['cpus'].split('/'))
        slots = max(1, alloc + idle)
    except ValueError:
        slots = 1
    if a.jobs_given:
        slots = min(slots, a.jobs_given)
    rc, out, err = slurm(['sinfo', '-h', '-N', '-p', part, '-o', '%N|%o'])
    nodes = sorted({tuple(line.strip().split('|', 1)) for line in out.splitlines() if '|' in line})
    cfg = config()
    try:
        max_array = int(cfg.get('MaxArraySize', '1001'))
    except ValueError:
        max_array = 1001
    limit = min(a.array_max or DEFAULT_ARRAY_MAX, max_array)
    # The output directory: the array tasks write into it from the nodes.
    probe = outdir
    while not os.path.exists(probe) and os.path.dirname(probe) != probe:
        probe = os.path.dirname(probe)
    mp, fstype = mount_of(probe)
    local = all(is_this_machine(addr) or is_this_machine(name) for name, addr in nodes) and nodes
    if not a.assume_shared and fstype not in SHARED_FS and not fstype.startswith('fuse.') and not local:
        raise Usage('-o %s is on a %s filesystem (%s) that the nodes of partition %s (%s) cannot be assumed to '
                    'share; put -o on a shared filesystem (NFS, Lustre, GPFS, ...), or pass --assume-shared if '
                    'it is shared' % (outdir, fstype, mp, part, ', '.join(n for n, _ in nodes[:5])))
    return {'slots': slots, 'limit': limit, 'max_array': max_array, 'partition': part,
            'nodes': [n for n, _ in nodes], 'fs': '%s on %s' % (fstype, mp), 'single_machine': bool(local)}


# ==== grouping =================================================================================

def group(runs, ntasks, cap=None, weight=lambda r: r.cost):
    """The runs in ntasks groups of at most cap runs, balanced by estimated time: longest first into
    the group with the least time so far (ties: the lowest group).  Deterministic."""
    bins = [[] for _ in range(ntasks)]
    load = [0.0] * ntasks
    for r in sorted(runs, key=lambda r: -weight(r)):        # stable: the suite's order among equals
        cands = [i for i in range(ntasks) if cap is None or len(bins[i]) < cap]
        i = min(cands, key=lambda i: (load[i], i))
        bins[i].append(r)
        load[i] += weight(r)
    return [b for b in bins if b]


def estimates(a, runs, outdir):
    """{run id: estimated seconds (or units)} for the grouping, and where they came from.  The run
    times of the previous regression in the same output directory (results.json) when it has them
    (a nightly into the same -o learns from the last night); else a prior measured on the smoke
    suite: a random run takes about PRIOR_RANDOM vectors' time (x10 for the nightly's counts)."""
    hist, per_kind = {}, {}
    prev = load_json(os.path.join(outdir, 'results.json'))
    if prev and isinstance(prev.get('runs'), list):
        for d in prev['runs']:
            if d.get('status') in ('pass', 'fail') and d.get('seconds'):
                hist[d['id']] = float(d['seconds'])
                per_kind.setdefault((d.get('block'), d.get('kind')), []).append(float(d['seconds']))
    prior = {r.id: 1.0 if r.kind == 'vec' else PRIOR_RANDOM * (10 if a.suite == 'nightly' else 1) for r in runs}
    known = [r for r in runs if r.id in hist]
    if not known:
        return prior, 'prior (random run = %d vectors)' % PRIOR_RANDOM
    scale = sum(hist[r.id] for r in known) / sum(prior[r.id] for r in known)
    est = {}
    for r in runs:
        k = per_kind.get((r.block, r.kind))
        est[r.id] = hist.get(r.id) or (sum(k) / len(k) if k else prior[r.id] * scale)
    return est, 'run times of the previous results.json (%d of %d runs)' % (len(known), len(runs))


def sizing(n, farm, a):
    """(number of array tasks, runs per task cap or None, a note)."""
    limit = farm['limit']
    if a.runs_per_task:
        k = a.runs_per_task
        t = math.ceil(n / k)
        if t > limit:
            k2 = math.ceil(n / limit)
            return math.ceil(n / k2), k2, ('%d runs at %d per task would need %d array tasks, more than the limit '
                                           '%d; using %d runs per task' % (n, k, t, limit, k2))
        return t, k, None
    return max(1, min(n, WAVES * farm['slots'], limit)), None, None


# ==== the submitter ============================================================================

def save_state(a, runs, outdir, binary, feats, later=None):
    """Writes OUT/farm/state.json (the suite, for --resume) for a farm or a local run; sets each run's
    dir, cmd and env as the run will use them.  LATER (regress.Later): the runs of the blocks BINARY
    lacks run with the whole binary being built."""
    os.makedirs(os.path.join(outdir, 'farm'), exist_ok=True)
    for d in ('tasks', 'logs'):
        shutil.rmtree(os.path.join(outdir, 'farm', d), ignore_errors=True)
    for f in os.listdir(os.path.join(outdir, 'farm')):
        if re.match(r'(plan|task)-\d+\.(json|sh)$|state\.json$', f):
            os.remove(os.path.join(outdir, 'farm', f))
    for r in runs:
        r.dir = os.path.join(outdir, 'runs', r.dirname())
        r.cmd = run_command(r, binary if later is None or r.block in later.first else later.binary, feats)
        r.env = {'RCOSIM_COVERAGE_FILE': os.path.join(r.dir, 'coverage.dat')} if a.coverage else {}
    state = {'version': STATE_VERSION, 'a': {k: getattr(a, k, None) for k in SAVED}, 'binary': binary,
             'runs': [{'id': r.id, 'block': r.block, 'kind': r.kind, 'name': r.name, 'args': r.args, 'seed': r.seed,
                       'cost': r.cost, 'info': r.info, 'dir': os.path.relpath(r.dir, outdir), 'cmd': r.cmd,
                       'env': r.env} for r in runs],
             'submissions': []}
    write_json_atomic(os.path.join(outdir, 'farm', 'state.json'), state)
    return state


def farm(a, runs, outdir, binary, feats, fm):
    """'rcosim regress --farm slurm' after regress.py planned the suite: submit, watch, report."""
    state = save_state(a, runs, outdir, binary, feats)
    return submit_and_report(a, runs, [], outdir, fm, state)


def resume(a, run_local=None):
    """'rcosim regress --resume DIR': submit the runs of DIR without a result, then report.  A local
    regression (state.json without "farm") runs them here instead: run_local(a, todo, outdir) ->
    why it stopped early or None (regress.py's executor)."""
    outdir = os.path.abspath(a.resume)
    spath = os.path.join(outdir, 'farm', 'state.json')
    if not os.path.isdir(outdir):
        raise Usage('--resume %s: expected the directory of a regression, %s' % (
            a.resume, 'it is a file' if os.path.lexists(outdir) else 'no such directory'))
    if not os.path.isfile(spath):
        raise Usage('--resume: %s holds no regression (no farm/state.json)' % outdir)
    try:
        with open(spath, 'rb') as f:
            state = json.loads(f.read().decode('utf-8'))
    except OSError as e:
        raise Usage('--resume: %s: expected a readable file, %s' % (spath, e.strerror or e))
    except (ValueError, RecursionError) as e:
        raise Usage('--resume: %s: expected JSON text (UTF-8), %s' % (spath, str(e)[:120]))
    rstate.validate(state, spath, outdir)           # before anything is deleted or submitted
    saved = {k: v for k, v in state['a'].items() if k in SAVED}
    for k in ('partition', 'time', 'array_max', 'runs_per_task', 'sbatch', 'assume_shared', 'jobs_given'):
        v = getattr(a, k, None)
        if v:                                       # given again on the command line: it wins
            saved[k] = v
    for k, v in saved.items():
        setattr(a, k, v)
    a.resume = outdir
    runs = []
    for d in state['runs']:
        r = Run(d['id'], d['block'], d['kind'], d['name'], d['args'], d['seed'], d['cost'], d['info'])
        r.dir, r.cmd, r.env = os.path.join(outdir, d['dir']), d['cmd'], d.get('env', {})
        runs.append(r)
    # A submission of this directory still in the queue would write into it too.
    for sub in state['submissions']:
        q = squeue(sub['job'])
        if q not in ('gone', None) and q:
            raise Usage('--resume: job %s of %s is still in the queue (%d tasks); wait for it or scancel %s'
                          % (sub['job'], outdir, len(q), sub['job']))
    done, todo = [], []
    for r in runs:
        rpath = os.path.join(r.dir, 'result.json')
        res = load_json(rpath)
        if res is None and os.path.lexists(rpath):
            raise Usage('--resume: %s: expected JSON text {"rc": EXIT STATUS, ...}' % rpath)
        if res is not None:
            rstate.validate_result(res, rpath)
            take_result(a, r, res, outdir)
            done.append(r)
        else:
            todo.append(r)
    print('regress: resuming %s: %d of %d runs have a result%s' % (
        outdir, len(done), len(runs), '; submitting the other %d' % len(todo) if todo else
        '; nothing to re-run'), flush=True)
    local = not saved.get('farm')
    if not todo:
        a.jobs = state.get('slots', 1)
        return finish(a, runs, outdir, None, 0.0, None, 'rcosim regress --suite %s' % a.suite,
                      None if local else farm_extra(state, runs))
    if local:
        for exe in sorted({r.cmd[0] for r in todo}):
            if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
                raise Usage('--resume: %s: expected the rcosim binary the runs were made with, %s is not an '
                            'executable file' % (os.path.join(outdir, 'farm', 'state.json'), exe))
        for r in todo:
            shutil.rmtree(r.dir, ignore_errors=True)   # validated: OUT/runs/NAME
        t0 = time.monotonic()
        stopped = run_local(a, todo, outdir)
        return finish(a, runs, outdir, None, time.monotonic() - t0, stopped, 'rcosim regress --suite %s' % a.suite)
    fm = preflight(a, outdir)
    for r in todo:
        shutil.rmtree(r.dir, ignore_errors=True)
    return submit_and_report(a, runs, done, outdir, fm, state)


def take_result(a, r, res, outdir):
    r.rc = res['rc']
    r.seconds = float(res.get('seconds', 0.0))
    r.node = res.get('node')
    analyse(r, a, outdir)


def farm_extra(state, runs):
    return {'farm': {'scheduler': 'slurm', 'partition': state.get('partition'),
                     'submissions': state['submissions'],
                     'nodes': {r.id: getattr(r, 'node', None) for r in runs}}}


def write_cmd(r):
    os.makedirs(r.dir, exist_ok=True)
    with open(os.path.join(r.dir, 'cmd.txt'), 'w') as f:
        f.write(' '.join(shlex.quote(x) for x in r.cmd) + '\n')


def submit_and_report(a, runs, done, outdir, fm, state):
    todo = [r for r in runs if r not in done]
    ntasks, cap, note = sizing(len(todo), fm, a)
    est, est_from = estimates(a, runs, outdir)
    groups = group(todo, ntasks, cap, weight=lambda r: est[r.id])
    k = len(state['submissions']) + 1
    fdir = os.path.join(outdir, 'farm')
    os.makedirs(os.path.join(fdir, 'tasks'), exist_ok=True)
    os.makedirs(os.path.join(fdir, 'logs'), exist_ok=True)
    for r in todo:
        write_cmd(r)
    plan_path = os.path.join(fdir, 'plan-%d.json' % k)
    write_json_atomic(plan_path, {'outdir': outdir, 'timeout': a.timeout,
                                  'tasks': [[{'id': r.id, 'dir': os.path.relpath(r.dir, outdir), 'cmd': r.cmd,
                                              'env': r.env} for r in g] for g in groups]})
    script = os.path.join(fdir, 'task-%d.sh' % k)
    with open(script, 'w') as f:
        f.write('#!/bin/sh\n# rcosim regress --farm slurm: one array task of submission %d (%s)\n'
                'exec python3 %s task %s "$SLURM_ARRAY_TASK_ID"\n' % (
                    k, outdir, shlex.quote(os.path.abspath(__file__)),
                    shlex.quote(plan_path)))
    os.chmod(script, 0o755)
    array = '0-%d' % (len(groups) - 1) + ('%%%d' % a.jobs_given if a.jobs_given else '')
    cmd = ['sbatch', '--parsable', '--array=' + array, '--job-name=rcosim-regress',
           '--output=' + os.path.join(fdir, 'logs', '%A_%a.out'), '--chdir=' + fdir]
    if fm['partition'] and a.partition:
        cmd.append('--partition=' + a.partition)
    if a.time:
        cmd.append('--time=' + a.time)
    cmd += list(a.sbatch or []) + [script]
    if note:
        print('regress: %s' % note)
    print('regress: the array tasks write into %s (%s); %s' % (
        outdir, fm['fs'], 'the only node of partition %s is this machine' % fm['partition'] if fm['single_machine']
        else 'it must be on a filesystem every node of partition %s shares%s' % (
            fm['partition'], ' (--assume-shared)' if a.assume_shared else '')))
    nvec = sum(r.kind == 'vec' for r in todo)
    seeds = sorted({int(r.seed) for r in todo if r.kind == 'random'})
    sizes = sorted({len(g) for g in groups})
    print('regress: suite %s, %d runs (%d vectors, %d random%s)%s as Slurm array: %d tasks of %s runs '
          '(balanced by %s), partition %s (%d CPU slots%s) -> %s' % (
              a.suite, len(todo), nvec, len(todo) - nvec, ', seeds %s' % ' '.join(map(str, seeds)) if seeds else '',
              ', shard %d/%d' % tuple(getattr(a, 'shard', None)) if getattr(a, 'shard', None) else '',
              len(groups), '-'.join(map(str, (sizes[0], sizes[-1]))) if len(sizes) > 1 else sizes[0],
              est_from, fm['partition'], fm['slots'], ', at most %d at once' % a.jobs_given if a.jobs_given else '', outdir),
          flush=True)
    t0 = time.monotonic()
    rc, out, err = slurm(cmd)
    if rc != 0:
        raise Usage('sbatch failed (exit %d): %s\n  command: %s' % (rc, (err or out).strip(),
                                                                      ' '.join(shlex.quote(x) for x in cmd)))
    job = out.strip().split(';')[0]
    print('regress: submitted job %s (%s); Ctrl-C cancels it' % (job, ' '.join(shlex.quote(x) for x in cmd)),
          flush=True)
    state['partition'] = fm['partition']
    state['slots'] = fm['slots']
    state['submissions'].append({'job': job, 'plan': os.path.relpath(plan_path, outdir), 'tasks': len(groups),
                                 'runs': len(todo), 'time': time.time()})
    write_json_atomic(os.path.join(fdir, 'state.json'), state)
    a.jobs = fm['slots']
    stopped = watch(a, job, groups, outdir, fm['slots'], len(runs), done)
    wall = time.monotonic() - t0
    state['submissions'][-1]['wall_seconds'] = round(wall, 3)
    write_json_atomic(os.path.join(fdir, 'state.json'), state)
    code = finish(a, runs, outdir, None, wall, stopped, 'rcosim regress --suite %s' % a.suite,
                    farm_extra(state, runs))
    hosts = sorted({getattr(r, 'node', None) for r in runs if getattr(r, 'node', None)})
    print('regress: farm: job %s, %d array tasks, runs on %s; submit to last result %s' % (
        job, len(groups), ', '.join(hosts) or 'no node', fmt_wall(wall)))
    return code


def squeue(job):
    """{task index: (state, reason, node)} of the job's tasks still in the queue; 'gone' when the
    controller no longer knows the job; None when squeue fails."""
    rc, out, err = slurm(['squeue', '-h', '-r', '-j', str(job), '-o', '%K|%T|%r|%N'], timeout=30)
    if rc != 0:
        return 'gone' if 'Invalid job id' in err else None
    q = {}
    for line in out.splitlines():
        w = line.strip().split('|')
        if len(w) == 4 and w[0].isdigit():
            q[int(w[0])] = (w[1], w[2], w[3])
    return q


def scontrol_task(job, i):
    rc, out, err = slurm(['scontrol', 'show', 'job', '-o', '%s_%d' % (job, i)], timeout=30)
    if rc != 0 or 'JobState=' not in out:
        return None
    return fields(out.splitlines()[0])


def jobcomp_task(job, i):
    """The task's record in a jobcomp/filetxt log, when the cluster keeps one we can read."""
    cfg = config()
    loc = cfg.get('JobCompLoc')
    if cfg.get('JobCompType') != 'jobcomp/filetxt' or not loc or not os.path.isfile(loc):
        return None
    found = None
    try:
        with open(loc, errors='replace') as f:
            for line in f:
                if ' ArrayJobId=%s ' % job in line and ' ArrayTaskId=%d ' % i in line:
                    found = fields(line)
    except OSError:
        return None
    return found


def signame(n):
    try:
        return signal.Signals(int(n)).name
    except ValueError:
        return 'signal %s' % n


class Task:
    def __init__(self, index, runs):
        self.index, self.runs = index, runs
        self.ptr = 0               # the runs before it have their result
        self.start = self.end = None
        self.sched = None          # scontrol/jobcomp record once it left the queue
        self.left = False          # no longer in squeue
        self.since = None          # when its current run began, as far as the watcher saw


def farm_remaining(eta, tasks, slots, now):
    """Seconds left of a farm regression, or None when nothing is known yet: each array task runs
    its runs one after another, each expected as long as runs.Eta says (the previous regression in
    the same directory, the build's cost cache, this regression's finished runs); a started task
    has its remaining runs left, less what its current run has been going; the tasks not started
    yet take the first free of SLOTS places, in array order, as the scheduler starts them."""
    free, queued = [], []
    for t in tasks:
        rest = [r for r in t.runs[t.ptr:] if r.rc is None]
        if not rest or t.left:
            continue
        xs = [eta.expected(r) for r in rest]
        if any(x is None for x in xs):
            return None
        left = sum(xs)
        if t.start is not None:
            free.append(max(0.0, left - min(xs[0], now - (t.since if t.since is not None else now))))
        else:
            queued.append(left)
    free += [0.0] * max(0, slots - len(free))
    heapq.heapify(free)
    for x in queued:
        heapq.heapreplace(free, free[0] + x)
    return max(free) if free else 0.0


def explain(job, t, outdir):
    """Why array task t ended without finishing its runs: the scheduler's word first."""
    rec = t.sched or scontrol_task(job, t.index) or jobcomp_task(job, t.index)
    parts = []
    if rec:
        st = rec.get('JobState', '?')
        s = st
        if st == 'TIMEOUT':
            s += ' (time limit %s)' % rec.get('TimeLimit', '?')
        ec = rec.get('ExitCode', '')
        m = re.fullmatch(r'(\d+):(\d+)', ec)
        if m and ec != '0:0':
            s += ', exit code %s' % ec + (' (%s)' % signame(m.group(2)) if m.group(2) != '0' else '')
        if rec.get('Reason') not in (None, '', 'None'):
            s += ', reason %s' % rec['Reason']
        node = rec.get('NodeList') or rec.get('NodeList'.lower())
        if node and node != '(null)':
            s += ' on %s' % node
        parts.append(s)
    else:
        parts.append('the scheduler no longer knows it')
    log = os.path.join(outdir, 'farm', 'logs', '%s_%d.out' % (job, t.index))
    lines = []
    try:
        with open(log, errors='replace') as f:
            lines = [x.strip() for x in f if x.strip()]
    except OSError:
        pass
    step = [m.group(1) for m in (re.search(r'slurmstepd\S*: error: \*\*\* (.*?) \*\*\*', x) for x in lines) if m]
    if step:
        parts.append(step[0])
    elif not t.start and lines:
        parts.append('its log ends: %s' % lines[-1][:200])     # e.g. python3 missing on the node
    if t.end and t.end.get('status') == 'signal':
        parts.append('the task got %s' % t.end['signal'])
    if not t.start and not lines and rec and rec.get('JobState') not in ('CANCELLED', 'PENDING'):
        parts.append('it left no trace in %s: is that directory on a filesystem its node shares?' % outdir)
    return 'array task %s_%d %s' % (job, t.index, '; '.join(parts))


def watch(a, job, groups, outdir, slots, total, done):
    """Follows the array until it has left the queue, feeding the progress line from the result
    files; then explains the runs left without one.  Returns why it stopped early, or None."""
    tasks = [Task(i, g) for i, g in enumerate(groups)]
    tdir = os.path.join(outdir, 'farm', 'tasks')
    prog = make_progress(total, job)
    prog.done = len(done)
    prog.npass = sum(r.status == 'pass' for r in done)
    prog.nfail = len(done) - prog.npass
    failures = [0]
    stopped = None
    # The ETA as the local regression's (runs.Eta: measured run lengths, never a probe), placed on
    # the array's tasks (farm_remaining); the previous results of this directory were read before
    # the new regression replaced them (regress.py sets a.prior).
    est = Eta(slots, getattr(a, 'prior', None) or prior_seconds(outdir), CostCache(a.rcosim))

    def eta():
        left = farm_remaining(est, tasks, slots, time.monotonic())
        return '?' if left is None else fmt_secs(left)

    def advance(t, every=False):
        while t.ptr < len(t.runs):
            r = t.runs[t.ptr]
            res = load_json(os.path.join(r.dir, 'result.json'))
            if res is None:
                if not every:
                    return
                # Out of order (a requeued task skips what it has): look at the rest too.
                rest = t.runs[t.ptr + 1:]
                for r2 in rest:
                    res2 = load_json(os.path.join(r2.dir, 'result.json'))
                    if res2 is not None and r2.rc is None:
                        finished(r2, res2)
                return
            finished(r, res)
            t.ptr += 1
            t.since = time.monotonic()

    def finished(r, res):
        nonlocal stopped
        take_result(a, r, res, outdir)
        est.finished(r)
        if r.status != 'pass':
            failures[0] += 1
            if a.max_failures and failures[0] >= a.max_failures and not stopped:
                stopped = 'stopped after %d failure%s (--max-failures %d)' % (
                    failures[0], '' if failures[0] == 1 else 's', a.max_failures)
        prog.finished(r, eta())

    old = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP)}

    def interrupt(sig, frame):
        raise KeyboardInterrupt

    for s in old:
        signal.signal(s, interrupt)
    last_q = 0.0
    t_watch = time.monotonic()
    fails_since = None
    try:
        while True:
            try:
                names = set(os.listdir(tdir))
            except OSError:
                names = set()
            for t in tasks:
                base = '%s_%d' % (job, t.index)
                if t.start is None and base + '.start' in names:
                    t.start = load_json(os.path.join(tdir, base + '.start')) or {}
                    t.since = time.monotonic()
                if t.end is None and base + '.end' in names:
                    t.end = load_json(os.path.join(tdir, base + '.end')) or {}
                if t.start is not None:
                    advance(t)
            if stopped:
                slurm(['scancel', str(job)])
                break
            if all(t.ptr == len(t.runs) and t.end and t.end.get('status') == 'done' for t in tasks):
                break                       # every task said it finished and every result is in
            now = time.monotonic()
            if now - last_q >= SQUEUE_EVERY[now - t_watch > 60]:
                last_q = now
                q = squeue(job)
                if q is None:
                    fails_since = fails_since or now
                    prog.sched = 'squeue failing for %s' % fmt_secs(now - fails_since)
                else:
                    fails_since = None
                    if q == 'gone' or not q:
                        break
                    for t in tasks:
                        if t.index not in q and not t.left:
                            t.left = True
                            finished_ok = t.end and t.end.get('status') == 'done'
                            if not finished_ok and t.ptr < len(t.runs):
                                # Ask now: the record goes away MinJobAge after the end.
                                t.sched = scontrol_task(job, t.index)
                    states = [v[0] for v in q.values()]
                    nrun, npend = states.count('RUNNING'), states.count('PENDING')
                    prog.sched = '%d tasks running, %d pending, %d ended' % (
                        nrun, npend, len(tasks) - len(q))
            prog.update(eta())
            time.sleep(POLL)
    except KeyboardInterrupt:
        stopped = 'interrupted'
        slurm(['scancel', str(job)])
        prog.clear()
        print('regress: interrupted: cancelled job %s (scancel %s)' % (job, job), flush=True)
    finally:
        for s, h in old.items():
            signal.signal(s, h)
    # The last results; a task that said it finished gets a few seconds for its files to show
    # (attribute caches of network filesystems).
    deadline = time.monotonic() + 5.0
    while True:
        for t in tasks:
            advance(t, every=True)
        waiting = [t for t in tasks if t.ptr < len(t.runs) and load_json(os.path.join(
            tdir, '%s_%d.end' % (job, t.index))) == {'status': 'done'}]
        if not waiting or time.monotonic() > deadline or stopped:
            break
        time.sleep(0.5)
    prog.clear()
    for t in tasks:
        rest = [r for r in t.runs if r.rc is None]
        if not rest:
            continue
        if stopped:
            for r in rest:
                r.status = 'skipped'
                r.message = ('not finished: ' if r is rest[0] and t.start else 'not run: ') + stopped
            continue
        if t.end is None:
            t.end = load_json(os.path.join(tdir, '%s_%d.end' % (job, t.index)))
        if t.start is None:
            t.start = load_json(os.path.join(tdir, '%s_%d.start' % (job, t.index)))
        why = explain(job, t, outdir)
        for n, r in enumerate(rest):
            inflight = n == 0 and t.start is not None and os.path.exists(os.path.join(r.dir, 'report.txt'))
            r.status = 'error'
            r.message = ('ERROR: killed with its %s' if inflight else 'ERROR: not run, its %s') % why
            r.repro = ' '.join(shlex.quote(x) for x in [a.rcosim] + r.args)
            rep = os.path.join(r.dir, 'report.txt')
            r.report = (read_text(rep) if inflight else '') + '[%s]\n' % r.message
            r.stderr = ''
            r.bundle, r.images = None, []
            prog.finished(r, '?')
    return stopped


def make_progress(total, job):
    class FarmProgress(Progress):
        sched = 'submitted'

        def line(self, eta):
            return '%s; job %s: %s' % (super().line(eta), job, self.sched)
    return FarmProgress(total, 1)


def main(argv):
    if len(argv) == 3 and argv[0] == 'task':
        return task_main(argv[1], int(argv[2]))
    sys.stderr.write('usage: regress_farm.py task PLAN INDEX  (an array task; see rcosim regress --farm)\n')
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
