#!/usr/bin/env python3
"""regress.py - the rcosim regression runner ('rcosim regress') and golden-vector upkeep
('rcosim gen --all').  Python 3 standard library only.

A suite is a list of runs, each one 'rcosim run' process in its own directory under the output
directory (OUT/runs/ID/: report.txt is its stdout, stderr.txt its stderr, cmd.txt its command):
  vec.FAMILY.BLOCK.NAME               every vector under --vectors, with its own seed and policies
  random.FAMILY.BLOCK.seedS.POLICY    seeded-random runs: 'rcosim run --block B --count N --seed S
                                      --backpressure P [--mem-latency L]'
    smoke:   --seeds K (default 3) seeds per block, the policy rotating with the seed, modest counts
    nightly: --seeds K (default 16) seeds x every back-pressure policy, counts of millions of cycles
Seed k of a block (k = 0..K-1) is --seed-base + k.  The runs go out in parallel (-j), longest
first; reports list them in a fixed order, so two regressions give the same JUnit apart from
'time' attributes and the date and command line properties.  Written to OUT: junit.xml, report.html, summary.txt, results.json, and with
--coverage the merged Verilator coverage, lcov info and a genhtml report under OUT/coverage/.
Paths inside junit.xml and report.html are relative to OUT.

Exit status: 0 every run passed, 1 a run failed (mismatch, hang, error, timeout), 2 bad usage.
See docs/regression.md.
"""
import argparse
import difflib
import os
import re
import select as select_fds      # (regress.py has its own select(): the suite's)
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import blockgen
from rcosim_py import vector
from rcosim_py.atomic import copy_atomic, write_json_atomic
from rcosim_py.cli import Parser, Usage, check_out_dir, seconds, whole
from rcosim_py.report import finish, mark_in_progress, metadata, plural
from rcosim_py.runs import (CostCache, Eta, Progress, Run, analyse, build_key, default_build_costs, fmt_secs,
                            prior_seconds, run_command)

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

POLICIES = ['always', 'random:0.5', 'bursty:16']
LATENCIES = ['1:1', '1:5', '2:12']
# Random-stimulus counts per block (units of the block's own stimulus generator) come from its
# manifest's 'random smoke=N nightly=M' line (docs/ARCHITECTURE.md, "The manifest").  A block whose
# manifest has none gets FALLBACK_COUNTS (or pass --count); nothing is probed at start.
FALLBACK_COUNTS = {'smoke': 1000, 'nightly': 100000}
DEFAULT_SEEDS = {'smoke': 3, 'nightly': 16}


def name_ok(path):
    """A file name that can be printed and put into the reports (UTF-8)."""
    try:
        path.encode('utf-8')
        return True
    except UnicodeEncodeError:
        return False


# ---- small helpers ------------------------------------------------------------------------------


def find_vectors(vdir):
    out = []
    for root, dirs, files in os.walk(vdir):
        dirs.sort()
        for f in sorted(files):
            if f.endswith('.vec') or f.endswith('.vec.gz'):
                p = os.path.join(root, f)
                if not name_ok(p):
                    raise Usage('%s: a vector file name that is not UTF-8: expected a UTF-8 name (rename it)'
                                % p.encode('utf-8', 'surrogateescape').decode('utf-8', 'backslashreplace'))
                out.append(p)
    return sorted(out)


def list_blocks(rcosim):
    """{block: {'memory': bool}} from 'rcosim list'."""
    p = subprocess.run([rcosim, 'list'], capture_output=True, text=True)
    if p.returncode != 0:
        raise Usage('%s list failed (exit %d): %s' % (rcosim, p.returncode, p.stderr.strip()))
    blocks, cur = {}, None
    for line in p.stdout.splitlines():
        if line and not line[0].isspace():
            cur = line.split()[0]
            blocks[cur] = {'memory': False}
        elif cur and line.strip().startswith('memory '):
            blocks[cur]['memory'] = True
    return blocks


def run_options(rcosim):
    """Options 'rcosim run' offers that the runner uses when present (feature detection)."""
    p = subprocess.run([rcosim, 'run', '--help'], capture_output=True, text=True)
    text = p.stdout + p.stderr
    return {'wave': '--wave' in text, 'png': '--png' in text}


# ---- the suite ----------------------------------------------------------------------------------


def manifest_counts():
    """{block: {'smoke': N, 'nightly': M}} of every manifest with a 'random' line."""
    try:
        return {name: blk['random'] for name, blk in blockgen.manifests(SRC).items() if blk['random']}
    except blockgen.DescError as e:
        raise Usage(str(e))


def random_count(a, binary, block, counts):
    """The count of the block's random runs in this suite: --count, its manifest's 'random' line,
    else FALLBACK_COUNTS (no probe run)."""
    if a.count is not None:
        return a.count
    if block in counts:
        return counts[block][a.suite]
    return FALLBACK_COUNTS[a.suite]


def has_pictures(binary, block, cache=None):
    """Whether 'rcosim run --png' works for the block (it refuses blocks without pictures); kept in
    the build directory's cost cache while the binary is unchanged, so it is asked once per build."""
    if cache is not None and isinstance(cache.pictures.get(block), bool):
        return cache.pictures[block]
    with tempfile.TemporaryDirectory(prefix='rcosim-png-probe-') as d:
        p = subprocess.run([binary, 'run', '--block', block, '--count', '1', '--png', d, '--quiet'],
                           capture_output=True, text=True, cwd=d, timeout=600)
    yes = 'no pictures' not in p.stdout + p.stderr
    if cache is not None:
        cache.pictures[block] = yes
    return yes


def wanted_blocks(a, blocks):
    if not a.block:
        return sorted(blocks)
    want = []
    for b in (b for x in a.block for b in x.split(',') if b):
        if b not in blocks:
            raise Usage('unknown block %r (blocks: %s)' % (b, ', '.join(sorted(blocks))))
        if b not in want:
            want.append(b)
    return sorted(want)


def build_suite(a, blocks, counts):
    runs = []
    # Every vector, with its own seed and policies (they are in its header).
    for path in find_vectors(a.vectors):
        h = vector.read_header(path)
        block = h.get('block', '?')
        rel = os.path.relpath(path, a.vectors)
        name = re.sub(r'\.vec(\.gz)?$', '', rel).replace(os.sep, '.')
        rid = 'vec.' + name
        short = name[len(block) + 1:] if name.startswith(block + '.') else name
        runs.append(Run(rid, block, 'vec', short, ['run', '--vector', os.path.abspath(path)],
                        h.get('seed', '1'), 1.0,
                        'vector %s, seed %s, backpressure %s, mem-latency %s' % (
                            os.path.relpath(path, a.vectors), h.get('seed', '?'),
                            h.get('backpressure', '?'), h.get('mem-latency', '?'))))
    # Seeded-random runs.
    k_seeds = a.seeds if a.seeds is not None else DEFAULT_SEEDS[a.suite]
    for block in sorted(counts):
        count = counts[block]
        for k in range(k_seeds):
            seed = a.seed_base + k
            pols = [POLICIES[k % len(POLICIES)]] if a.suite == 'smoke' else POLICIES
            for pol in pols:
                args = ['run', '--block', block, '--count', str(count), '--seed', str(seed), '--backpressure', pol]
                lat = None
                if blocks[block]['memory']:
                    lat = LATENCIES[k % len(LATENCIES)]
                    args += ['--mem-latency', lat]
                short = 'seed%d.%s' % (seed, pol.replace(':', '_'))
                runs.append(Run('random.%s.%s' % (block, short), block, 'random', short, args, str(seed),
                                10.0 + count / 100.0,
                                'random count %d, seed %d, backpressure %s%s' % (
                                    count, seed, pol, ', mem-latency %s' % lat if lat else '')))
    runs.sort(key=lambda r: (r.block, r.kind != 'vec', r.id))
    return runs


def select(a, runs, blocks):
    if a.block:
        want = wanted_blocks(a, blocks)
        runs = [r for r in runs if r.block in want]
    if a.filter:
        try:
            rx = re.compile(a.filter)
        except re.error as e:
            raise Usage('--filter: bad regular expression %r: %s' % (a.filter, e))
        runs = [r for r in runs if rx.search(r.id)]
    if a.shard:
        i, n = a.shard
        runs = [r for k, r in enumerate(runs) if k % n == i - 1]
    return runs


def parse_shard(s):
    m = re.fullmatch(r'(\d+)/(\d+)', s)
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        raise argparse.ArgumentTypeError('expects I/N with 1 <= I <= N, got %r' % s)
    return int(m.group(1)), int(m.group(2))


# ---- running ------------------------------------------------------------------------------------


def wait_any(procs, timeout):
    """Sleeps until one of PROCS ends or TIMEOUT seconds pass: on the processes' pidfds (Linux
    5.3+), so the runner wakes when there is something to do, not every 10 ms; else (or for a
    process without a pid) a 10 ms sleep.  The 10 ms poll woke the runner 100 times a second,
    each wake taking a core from a worker at -j2 on two cores (docs/regression.md, Throughput)."""
    fds = []
    try:
        for p in procs:
            fds.append(os.pidfd_open(p.pid))
    except (AttributeError, OSError, ValueError, TypeError):
        for fd in fds:
            os.close(fd)
        time.sleep(0.01)
        return
    try:
        select_fds.select(fds, [], [], timeout)
    except (OSError, ValueError):
        time.sleep(0.01)
    finally:
        for fd in fds:
            os.close(fd)


class Later:
    """--then-rcosim B --then-status F (scripts/main-job on a fresh machine): the suite starts with
    the binary --rcosim, which holds only a few blocks (rcosim_first), while the whole rcosim B is
    still being built; F appears with the build's exit status when it ends.  Runs of the blocks
    the first binary has go at once; the others wait for B, then run with it.  --then-log L: the
    build's output (ninja's "[n/m]" lines), which gives the wait its time left (build_left)."""

    def __init__(self, binary, status, first, log=None, weights=None):
        self.binary, self.status, self.first = binary, status, set(first)
        self.log = log
        self.state = None             # None: building; 'ok'; else why the rest cannot run
        self.t0 = time.monotonic()    # main-job starts the build just before the regression
        self.step = None              # (n, m) of the log's last progress line
        # WEIGHTS {step key: seconds}: a measured build's steps (the shipped cost table's 'build')
        self.weights = weights or {}
        vals = sorted(self.weights.values())
        self.typical = vals[len(vals) // 2] if vals else 1.0
        self.seen, self.done_w, self.read_at = set(), 0.0, 0

    def poll(self):
        if self.state is None and os.path.exists(self.status):
            try:
                with open(self.status) as f:
                    rc = f.read().strip()
            except OSError as e:
                rc = str(e)
            if rc == '0' and os.access(self.binary, os.X_OK):
                self.state = 'ok'
            else:
                self.state = 'the build of %s failed (exit status %s; scripts/main-job keeps its log beside it)' % (
                    self.binary, rc or '?')
        return self.state

    def ready(self, r):
        return r.block in self.first or self.poll() == 'ok'

    def progress(self):
        """(n, m): ninja's last "[n/m]" line in the build's log, or None; reads what the log has
        gained since the last call, adding each finished step's weight."""
        if not self.log:
            return None
        try:
            with open(self.log, 'rb') as f:
                f.seek(self.read_at)
                new = f.read()
        except OSError:
            return self.step
        end = new.rfind(b'\n') + 1       # whole lines only; a partial one waits for the next call
        self.read_at += end
        for m in re.finditer(r'^\[(\d+)/(\d+)\] (.*)$', new[:end].decode('utf-8', 'replace'), re.M):
            self.step = (int(m.group(1)), int(m.group(2)))
            key = build_key(m.group(3).split()[-1]) if m.group(3).split() else ''
            self.seen.add(key)            # (steps whose keys meet share one table entry, their mean)
            self.done_w += self.weights.get(key, self.typical)
        return self.step

    def build_left(self, now=None):
        """Seconds the build still needs: the elapsed time scaled by the weight of the steps to
        come over the weight of those done, each step weighed by its seconds in a measured build
        (the shipped table's 'build'; a step it lacks by their median; without a table every step
        weighs the same).  0 when the build has ended, None before its first step.  Rough: this
        machine's load, -j and changed steps move it (docs/regression.md "A fresh machine")."""
        if self.poll() is not None:
            return 0.0
        step = self.progress()
        if not step or step[0] < 1 or step[1] < step[0] or self.done_w <= 0:
            return None
        rest = [w for k, w in self.weights.items() if k not in self.seen]
        left_steps = step[1] - step[0]
        if rest and left_steps:
            left_w = sum(rest) * left_steps / len(rest)   # the table's unseen steps, as many as ninja has left
        else:
            left_w = left_steps * self.typical
        now = time.monotonic() if now is None else now
        return (now - self.t0) * left_w / self.done_w


def suite_blocks():
    """{block: {'memory': bool}} of every manifest: the blocks of the whole binary while it is
    still being built (the same as its 'rcosim list' says, from the same manifests)."""
    try:
        return {name: {'memory': bool(blk['mem'])} for name, blk in blockgen.manifests(SRC).items()}
    except blockgen.DescError as e:
        raise Usage(str(e))


def execute(a, runs, outdir, binary, feats, env_extra, eta=None, later=None):
    """Runs the suite, a.jobs processes at a time.  Returns why it stopped early, or None.  ETA
    (runs.Eta) gives the progress line its time left from measured run lengths.  LATER (a Later):
    runs of the blocks BINARY lacks wait until the whole binary is built, then run with it."""
    eta = eta or Eta(a.jobs)
    # Longest first: by the measured length where there is one, else by the estimated cost.
    pending = sorted(runs, key=lambda r: (-(eta.measured(r) or 0.0), -r.cost))
    running = []
    failures = 0
    stopped = None
    prog = Progress(len(runs), a.jobs)

    def remaining_eta():
        gate = None
        if later is not None and later.poll() is None:
            # the runs waiting for the whole binary start no earlier than the build's end
            wait = later.build_left()
            if wait is None:
                return '?'
            gate = (lambda r: not later.ready(r), wait)
        left = eta.remaining(pending, [(x[0], x[2]) for x in running], gate=gate)
        return '?' if left is None else fmt_secs(left)

    def waiting():
        if later is None or later.state is not None:
            return None
        n = sum(not later.ready(x) for x in pending)
        if not n:
            return None
        step = later.progress()
        return '%d wait for the build%s' % (n, ' (step %d of %d)' % step if step else '')

    def switch():
        """The whole binary is built: its blocks' pictures, once; or the build failed: its runs are errors."""
        nonlocal stopped
        if later is None or later.poll() is None or getattr(later, 'switched', False):
            return
        later.switched = True
        if later.state == 'ok':
            if feats.get('png'):
                feats['png_blocks'] = set(feats.get('png_blocks', ())) | {
                    b for b in {x.block for x in pending if x.block not in later.first}
                    if has_pictures(later.binary, b, eta.cache)}
            return
        for x in [x for x in pending if x.block not in later.first]:
            pending.remove(x)
            x.status, x.message = 'error', 'not run: ' + later.state
            prog.finished(x, remaining_eta())
        stopped = stopped or later.state

    prog.note = waiting
    try:
        while pending or running:
            switch()
            while pending and len(running) < a.jobs and not stopped:
                r = next((x for x in pending if later is None or later.ready(x)), None)
                if r is None:
                    break                 # the rest wait for the whole binary
                pending.remove(r)
                r.dir = os.path.join(outdir, 'runs', r.dirname())
                os.makedirs(r.dir, exist_ok=True)
                if later is not None and r.block not in later.first:
                    r.cmd = run_command(r, later.binary, feats)   # with --png if its block has pictures
                r.cmd = r.cmd or run_command(r, binary, feats)   # a resumed run keeps its saved command
                with open(os.path.join(r.dir, 'cmd.txt'), 'w') as f:
                    f.write(' '.join(shlex.quote(x) for x in r.cmd) + '\n')
                env = dict(os.environ)
                env.update(env_extra)
                if a.coverage:
                    env['RCOSIM_COVERAGE_FILE'] = os.path.join(r.dir, 'coverage.dat')
                out = open(os.path.join(r.dir, 'report.txt'), 'w')
                err = open(os.path.join(r.dir, 'stderr.txt'), 'w')
                p = subprocess.Popen(r.cmd, cwd=r.dir, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                     env=env, start_new_session=True)
                running.append((r, p, time.monotonic(), out, err))
            still = []
            for item in running:
                r, p, t0, out, err = item
                rc = p.poll()
                if rc is None and a.timeout and time.monotonic() - t0 > a.timeout:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait()
                    rc = 'timeout'
                if rc is None:
                    still.append(item)
                    continue
                r.seconds = time.monotonic() - t0
                out.close()
                err.close()
                r.rc = rc
                write_json_atomic(os.path.join(r.dir, 'result.json'), {'rc': rc, 'seconds': r.seconds})
                analyse(r, a, outdir)
                eta.finished(r)
                if r.status != 'pass':
                    failures += 1
                    if a.max_failures and failures >= a.max_failures and not stopped:
                        stopped = 'stopped after %d failure%s (--max-failures %d)' % (
                            failures, '' if failures == 1 else 's', a.max_failures)
                prog.finished(r, remaining_eta())
            running = still
            if stopped and running:
                for r, p, t0, out, err in running:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait()
                    out.close()
                    err.close()
                    r.status, r.message = 'skipped', 'not finished: ' + stopped
                running = []
            if stopped:
                for r in pending:
                    r.message = 'not run: ' + stopped
                pending = []
            prog.update(remaining_eta)       # computed only when a terminal line is drawn
            if running:
                wait_any([x[1] for x in running], 0.25 if prog.tty else 1.0)
            elif pending:
                time.sleep(0.25)          # every run waits for the build
    except KeyboardInterrupt:
        stopped = 'interrupted'
        for r, p, t0, out, err in running:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            r.status, r.message = 'skipped', 'not finished: interrupted'
        for r in pending:
            r.message = 'not run: interrupted'
    prog.clear()
    return stopped


# ---- coverage -----------------------------------------------------------------------------------

def build_coverage(a, outdir, blocks):
    """Configures and builds rcosim_cov with the coverage variants of BLOCKS only (what they use
    comes along); returns its path."""
    cdir = os.path.join(outdir, 'coverage')
    os.makedirs(cdir, exist_ok=True)
    log = os.path.join(cdir, 'build.log')
    print('regress: building the coverage variant in %s (log: %s)' % (a.cov_build, log), flush=True)
    with open(log, 'w') as f:
        if not os.path.exists(os.path.join(a.cov_build, 'CMakeCache.txt')):
            cmd = ['cmake', '-S', SRC, '-B', a.cov_build, '-DRCOSIM_COVERAGE=ON', '-DCMAKE_BUILD_TYPE=Release']
            if shutil.which('ninja'):
                cmd += ['-G', 'Ninja']
        else:
            cmd = ['cmake', '-DRCOSIM_COVERAGE=ON', a.cov_build]
        # RCOSIM_BLOCKS too: the coverage build directory then holds only these blocks (and what
        # they use), configured and built; with RCOSIM_COVERAGE_BLOCKS alone, configuring ran Verilator
        # on every block (verilate() runs it at configure time; 3 runs per block: rtl, wave, rtl_cov).
        cmd.insert(1, '-DRCOSIM_COVERAGE_BLOCKS=%s' % ';'.join(blocks))
        cmd.insert(1, '-DRCOSIM_BLOCKS=%s' % ';'.join(blocks))
        cmd.insert(1, '-DRCOSIM_SANITIZE_OWN=OFF')
        f.write('$ %s\n' % ' '.join(cmd))
        f.flush()
        if subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT).returncode:
            raise Usage('configuring the coverage build failed; see %s' % log)
        # rcosim_version first: rcosim_main.c includes the rc_version.h it writes, and rcosim_cov
        # (unlike rcosim) does not depend on it in cmake/rcosim.cmake.
        for target in ('rcosim_version', 'rcosim_cov'):
            cmd = ['cmake', '--build', a.cov_build, '--target', target, '-j', str(a.jobs)]
            f.write('$ %s\n' % ' '.join(cmd))
            f.flush()
            if subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT).returncode:
                raise Usage('building %s failed; see %s' % (target, log))
    return os.path.join(a.cov_build, 'rcosim_cov')


# ---- rcosim regress ------------------------------------------------------------------------------

def regress(a):
    a.jobs_given = a.jobs                             # the farm's cap on array tasks at once
    if a.jobs is None:
        try:
            a.jobs = len(os.sched_getaffinity(0))
        except AttributeError:
            a.jobs = os.cpu_count() or 1
    if a.resume:
        import regress_farm
        return regress_farm.resume(a, run_local)
    if a.jobs < 1:
        raise Usage('-j expects at least 1')
    if not os.path.isdir(a.vectors):
        raise Usage('--vectors: no directory %s' % a.vectors)
    blocks = list_blocks(a.rcosim)
    later = None
    if a.then_rcosim:
        if not a.then_status:
            raise Usage('--then-rcosim needs --then-status')
        later = Later(os.path.abspath(a.then_rcosim), os.path.abspath(a.then_status), blocks,
                      a.then_log and os.path.abspath(a.then_log), default_build_costs())
        if a.farm or a.coverage:
            # the farm's tasks and the coverage build take the whole binary: wait for it
            print('regress: waiting for %s to be built (--farm and --coverage start with it)' % later.binary, flush=True)
            while later.poll() is None:
                time.sleep(1.0)
            if later.state != 'ok':
                raise Usage(later.state)
            a.rcosim, later = later.binary, None
            blocks = list_blocks(a.rcosim)
        else:
            blocks = dict(suite_blocks(), **blocks)
    manifest = manifest_counts() if a.count is None else {}
    counts = {b: random_count(a, a.rcosim, b, manifest) for b in wanted_blocks(a, blocks)}
    runs = select(a, build_suite(a, blocks, counts), blocks)
    if a.list:
        for r in runs:
            print('%s  %s' % (r.id, ' '.join(shlex.quote(x) for x in ['rcosim'] + r.args)))
        return 0
    if not runs:
        if a.shard:
            print('regress: shard %d/%d of this selection is empty' % a.shard)
            return 0
        raise Usage('no runs match the selection (--block/--filter)')
    if a.output is None:
        # regress-out in the current directory, unless that is inside the source tree: then in
        # the build directory of the rcosim binary.
        cwd, src = os.path.realpath(os.getcwd()), os.path.realpath(SRC)
        inside = cwd == src or cwd.startswith(src + os.sep)
        a.output = os.path.join(os.path.dirname(a.rcosim) if inside else cwd, 'regress-out')
    outdir = os.path.abspath(a.output)
    if os.path.realpath(outdir) == os.path.realpath(SRC):
        raise Usage('-o: refusing to write into the source tree itself')
    check_out_dir(outdir)
    if a.farm:
        import regress_farm
        farm = regress_farm.preflight(a, outdir)
    os.makedirs(outdir, exist_ok=True)
    prior = prior_seconds(outdir)                     # the last regression here: its run lengths
    a.prior = prior                                   # (the farm's ETA too)
    metadata(a, sorted({int(r.seed) for r in runs if r.kind == 'random'}))   # dated at the start
    mark_in_progress(a, outdir)
    shutil.rmtree(os.path.join(outdir, 'runs'), ignore_errors=True)
    shutil.rmtree(os.path.join(outdir, 'coverage'), ignore_errors=True)
    binary = a.rcosim
    if a.coverage:
        if a.cov_build is None:
            a.cov_build = os.path.dirname(os.path.abspath(a.rcosim)).rstrip('/') + '-cov'
        a.cov_build = os.path.abspath(a.cov_build)   # the runs execute in their own directories
        binary = build_coverage(a, outdir, sorted({r.block for r in runs}))
    cache = CostCache(binary)
    feats = run_options(binary)
    if feats['png']:
        feats['png_blocks'] = {b for b in {r.block for r in runs} if b in blocks and (later is None or b in later.first)
                               and has_pictures(binary, b, cache)}
    if a.farm:
        return regress_farm.farm(a, runs, outdir, binary, feats, farm)
    import regress_farm
    regress_farm.save_state(a, runs, outdir, binary, feats, later)   # for --resume DIR
    nvec = sum(r.kind == 'vec' for r in runs)
    seeds = sorted({int(r.seed) for r in runs if r.kind == 'random'})
    title = 'rcosim regress --suite %s' % a.suite
    print('regress: suite %s, %s (%d vectors, %d random%s)%s on %s -> %s' % (
        a.suite, plural(len(runs), 'run'), nvec, len(runs) - nvec,
        ', seeds %s' % ' '.join(map(str, seeds)) if seeds else '',
        ', shard %d/%d' % a.shard if a.shard else '', plural(a.jobs, 'worker'), outdir), flush=True)
    t0 = getattr(a, 't_start', time.monotonic())     # the wall time includes the set-up
    stopped = run_local(a, runs, outdir, binary, feats, Eta(a.jobs, prior, cache), later)
    wall = time.monotonic() - t0
    cache.learn(runs)
    cache.save()
    return finish(a, runs, outdir, blocks, wall, stopped, title)


def run_local(a, runs, outdir, binary=None, feats=None, eta=None, later=None):
    """execute() with SIGTERM/SIGHUP turned into an orderly stop.  Returns why it stopped early."""
    old = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP)}

    def interrupt(sig, frame):
        for s in old:
            signal.signal(s, signal.SIG_IGN)      # once: the reports get written
        raise KeyboardInterrupt
    for s in old:
        signal.signal(s, interrupt)
    try:
        return execute(a, runs, outdir, binary, feats, {}, eta, later)
    finally:
        for s, h in old.items():
            signal.signal(s, h)


# ---- rcosim gen --all ----------------------------------------------------------------------------

def short(s, n=100):
    return s if len(s) <= n else s[:n - 3] + '...'


def diff_summary(old, new):
    a_, b_ = old.splitlines(), new.splitlines()
    sm = difflib.SequenceMatcher(None, a_, b_, autojunk=False)
    nout = nother = 0
    first = None
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == 'equal':
            continue
        if first is None:
            first = (i1 + 1, a_[i1] if i1 < i2 else '(none)', b_[j1] if j1 < j2 else '(none)')
        for line in a_[i1:i2] + b_[j1:j2]:
            if line.startswith('out '):
                nout += 1
            else:
                nother += 1
    # A changed line counts once, not as one removed and one added.
    nout, nother = (nout + 1) // 2, (nother + 1) // 2
    what = '%d output line%s differ%s' % (nout, '' if nout == 1 else 's', 's' if nout == 1 else '')
    if nother:
        what += ' (and %d other line%s)' % (nother, '' if nother == 1 else 's')
    return '%s, first at line %d: -%s / +%s' % (what, first[0], short(first[1]), short(first[2]))


def gen_all(a):
    if not os.path.isdir(a.vectors):
        raise Usage('--vectors: no directory %s' % a.vectors)
    vecs = find_vectors(a.vectors)
    if a.block:
        want = {b for x in a.block for b in x.split(',') if b}
        vecs = [v for v in vecs if vector.read_header(v).get('block') in want]
    if a.filter:
        try:
            rx = re.compile(a.filter)
        except re.error as e:
            raise Usage('--filter: bad regular expression %r: %s' % (a.filter, e))
        vecs = [v for v in vecs if rx.search(os.path.relpath(v, a.vectors))]
    if not vecs:
        raise Usage('no vectors under %s match' % a.vectors)
    counts = {'unchanged': 0, 'changed': 0, 'failed': 0}
    worst = 0
    tmpd = tempfile.mkdtemp(prefix='rcosim-gen-all-')
    try:
        for v in vecs:
            rel = os.path.relpath(v, a.vectors)
            h = vector.read_header(v)
            st = h.get('stimulus', [])
            tmp = os.path.join(tmpd, os.path.basename(v))
            opts = []
            for k in ('seed', 'backpressure', 'mem-latency'):
                if h.get(k):
                    opts += ['--' + k, h[k]]
            if len(st) == 2 and st[0] == 'file':
                stim = os.path.join(os.path.dirname(v), 'stim', st[1])
                if not os.path.exists(stim):
                    stim = os.path.join(os.path.dirname(v), st[1])
                if not os.path.exists(stim):
                    print('%s: failed: stimulus file %s not found (looked in stim/ next to it)' % (rel, st[1]))
                    counts['failed'] += 1
                    worst = max(worst, 2)
                    continue
                cmd = [a.rcosim, 'gen', '--stimulus', stim] + opts
            elif len(st) == 2 and st[0] == 'random':
                cmd = [a.rcosim, 'gen', '--block', h.get('block', '?'), '--count', st[1]] + opts
            else:
                print('%s: failed: header has no usable "stimulus file NAME" or "stimulus random COUNT" line' % rel)
                counts['failed'] += 1
                worst = max(worst, 2)
                continue
            cmd += ['-o', tmp, '--quiet']
            p = subprocess.run(cmd, capture_output=True, text=True)
            if p.returncode != 0:
                msg = (p.stdout + p.stderr).strip().splitlines()
                print('%s: failed (exit %d): %s' % (rel, p.returncode, msg[0] if msg else ''))
                print('  command: %s' % ' '.join(shlex.quote(x) for x in cmd))
                counts['failed'] += 1
                worst = max(worst, 1 if p.returncode == 1 else 2)
                continue
            old, new = vector.raw_text(v), vector.raw_text(tmp)
            if old == new:
                print('%s: unchanged' % rel)
                counts['unchanged'] += 1
                continue
            print('%s: changed: %s' % (rel, diff_summary(old, new)))
            counts['changed'] += 1
            if not a.check:
                copy_atomic(tmp, v)
    finally:
        shutil.rmtree(tmpd, ignore_errors=True)
    print('gen --all: %d vectors: %d unchanged, %d changed%s, %d failed%s' % (
        len(vecs), counts['unchanged'], counts['changed'],
        ' (not written: --check)' if a.check and counts['changed'] else ' (rewritten)' if counts['changed'] else '',
        counts['failed'], '; review with: git diff -- vectors' if counts['changed'] and not a.check else ''))
    if worst:
        return worst
    return 1 if a.check and counts['changed'] else 0


# ---- command line --------------------------------------------------------------------------------

def main(argv):
    gen_mode = '--gen-all' in argv
    prog = 'rcosim gen --all' if gen_mode else 'rcosim regress'
    ap = Parser(
        prog=prog, formatter_class=argparse.RawDescriptionHelpFormatter,
        description=('Regenerate every vector under vectors/ from its recorded stimulus, seed and policies '
                     '(the C model alone), replace those that changed and say how.' if gen_mode else
                     'Run a regression suite (every vector, plus seeded-random runs per block) as parallel '
                     'rcosim processes, with a summary, JUnit XML and an HTML report.'),
        epilog='Exit status: 0 %s, 1 %s, 2 bad usage or bad input.  See docs/regression.md.' % (
            ('done (with --check: nothing changed)', 'a model hung (with --check: a vector changed)')
            if gen_mode else ('every run passed', 'a run failed')))
    default_rcosim = os.path.join(SRC, 'build', 'rcosim')
    ap.add_argument('--rcosim', default=default_rcosim, help=argparse.SUPPRESS)
    ap.add_argument('--gen-all', action='store_true', help=argparse.SUPPRESS)
    # scripts/main-job: start with the first binary while the whole one builds (class Later)
    ap.add_argument('--then-rcosim', metavar='BINARY', help=argparse.SUPPRESS)
    ap.add_argument('--then-status', metavar='FILE', help=argparse.SUPPRESS)
    ap.add_argument('--then-log', metavar='FILE', help=argparse.SUPPRESS)
    ap.add_argument('--vectors', default=os.path.join(SRC, 'vectors'), metavar='DIR',
                    help='the vectors directory (default: the source tree\'s vectors/)')
    ap.add_argument('--block', action='append', metavar='NAME', help='only this block (repeatable, or a comma list)')
    ap.add_argument('--filter', metavar='REGEX',
                    help=('only vectors whose path under --vectors matches (re.search)' if gen_mode else
                          'only runs whose name matches (re.search), e.g. "cp.*swap" or "^random"'))
    if gen_mode:
        ap.add_argument('--check', action='store_true',
                        help='write nothing; exit 1 if any vector would change (for CI)')
    else:
        ap.add_argument('--suite', choices=['smoke', 'nightly'], default='smoke',
                        help='smoke (default): every vector + 3 short random seeds per block, under two minutes '
                             'on 2 cores; nightly: every vector + K seeds x every back-pressure policy, millions of '
                             'cycles each')
        ap.add_argument('-j', '--jobs', type=whole(1, 4096), metavar='N', help='parallel runs (default: the number of cores)')
        ap.add_argument('--seeds', type=whole(0, 1000000), metavar='K', help='random seeds per block (default: smoke 3, nightly 16)')
        ap.add_argument('--seed-base', type=whole(0, 2**64 - 1 - 10**6), default=1, metavar='N',
                        help='seed of the first random run of each block; run k gets N+k (default 1)')
        ap.add_argument('--count', type=whole(1, 2**64 - 1), metavar='N', help='random-stimulus count of every random run '
                        '(default: per block and suite)')
        ap.add_argument('--max-failures', type=whole(0), default=0, metavar='N',
                        help='stop after N failed runs (default 0: never)')
        ap.add_argument('--shard', type=parse_shard, metavar='I/N',
                        help='run only shard I of N (1-based; a stable split of the selected runs)')
        ap.add_argument('--timeout', type=seconds, default=900, metavar='S',
                        help='kill a run after S seconds; it counts as an error (default 900, 0: none)')
        ap.add_argument('-o', '--output', metavar='DIR',
                        help='output directory (default: regress-out in the current directory, or in the '
                             'build directory of rcosim when the current directory is in the source tree)')
        ap.add_argument('--coverage', action='store_true',
                        help='build and use rcosim_cov (RTL with line and toggle coverage), merge the coverage of '
                             'every run, write lcov info and a genhtml report')
        ap.add_argument('--cov-build', metavar='DIR', help='build directory of the coverage variant '
                        '(default: BUILD-cov next to the build of rcosim)')
        ap.add_argument('--list', action='store_true', help='print the selected runs and exit')
        fg = ap.add_argument_group('farm (docs/regression.md, "Regression farms")')
        fg.add_argument('--farm', choices=['slurm'],
                        help='run the suite as a Slurm job array (sbatch --array); -o must be on a filesystem the '
                             'nodes share; -j N then caps the array tasks running at once')
        fg.add_argument('--partition', metavar='P', help='Slurm partition (default: the cluster\'s default)')
        fg.add_argument('--time', metavar='T', help='time limit of each array task (sbatch --time), e.g. 30:00')
        fg.add_argument('--array-max', type=whole(1), metavar='N',
                        help='at most N array tasks (default 1000, and never above the cluster\'s MaxArraySize)')
        fg.add_argument('--runs-per-task', type=whole(1), metavar='K',
                        help='runs per array task (default: about two tasks per CPU of the partition)')
        fg.add_argument('--sbatch', action='append', metavar='OPT', default=None,
                        help='extra sbatch option, passed through; repeatable; write it with "=": '
                             '--sbatch=--account=gpu --sbatch=--qos=nightly')
        fg.add_argument('--assume-shared', action='store_true',
                        help='skip the check that -o is on a filesystem the nodes share')
        fg.add_argument('--resume', metavar='DIR',
                        help='finish the farm regression in DIR: submit only its runs without a result, then '
                             'write the reports (nothing is submitted when every run has one)')
    a = ap.parse_args(argv)
    a.t_start = time.monotonic()
    a.argv = list(argv)
    for opt in ('--rcosim', '--then-rcosim', '--then-status', '--then-log'):   # rcosim, main-job add them: not the user's
        a.argv = [x for x in a.argv if not x.startswith(opt + '=')]
        if opt in a.argv:
            i = a.argv.index(opt)
            del a.argv[i:i + 2]
    a.rcosim = os.path.abspath(a.rcosim)
    a.vectors = os.path.abspath(a.vectors)
    if not os.access(a.rcosim, os.X_OK):
        ap.error('no rcosim binary at %s (build first, or pass --rcosim)' % a.rcosim)
    try:
        if gen_mode:
            return gen_all(a)
        if a.seeds is not None and a.seeds < 0:
            raise Usage('--seeds expects K >= 0')
        if a.count is not None and a.count < 1:
            raise Usage('--count expects N >= 1')
        for k in ('array_max', 'runs_per_task'):
            if getattr(a, k) is not None and getattr(a, k) < 1:
                raise Usage('--%s expects N >= 1' % k.replace('_', '-'))
        farm_only = [k for k in ('partition', 'time', 'array_max', 'runs_per_task', 'sbatch') if getattr(a, k)]
        if farm_only and not (a.farm or a.resume) or a.assume_shared and not (a.farm or a.resume):
            raise Usage('--%s needs --farm slurm' % (farm_only + ['assume_shared'])[0].replace('_', '-'))
        if a.resume and (a.farm or a.list or a.coverage):
            raise Usage('--resume DIR takes its suite from DIR; do not combine it with --farm, --list or --coverage')
        return regress(a)
    except Usage as e:
        sys.stderr.write('%s: %s\n' % (prog, e))
        return 2
    except OSError as e:
        # A file system refusal (permissions, a file where a directory was expected, a full
        # disk): one line naming the path, never a traceback.
        where = e.filename if e.filename is not None else ''
        if isinstance(where, bytes):
            where = where.decode('utf-8', 'backslashreplace')
        where = str(where).encode('utf-8', 'surrogateescape').decode('utf-8', 'backslashreplace')
        sys.stderr.write('%s: %s: %s\n' % (prog, where or 'error', e.strerror or e))
        return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
