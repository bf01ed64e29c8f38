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
'time' attributes.  Written to OUT: junit.xml, report.html, summary.txt, results.json, and with
--coverage the merged Verilator coverage, lcov info and a genhtml report under OUT/coverage/.
Paths inside junit.xml and report.html are relative to OUT.

Exit status: 0 every run passed, 1 a run failed (mismatch, hang, error, timeout), 2 bad usage.
See docs/regression.md.
"""
import argparse
import difflib
import gzip
import html
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

POLICIES = ['always', 'random:0.5', 'bursty:16']
LATENCIES = ['1:1', '1:5', '2:12']
# Random-stimulus counts per block (units of the block's own stimulus generator): (smoke, nightly).
# The nightly counts give at least 1,000,000 simulated cycles under every policy.  A block not
# listed here is calibrated: one probe run of PROBE_COUNT units (seed --seed-base, always) gives
# its cycles per unit, and the count is chosen to give about TARGET_CYCLES (or pass --count).
COUNTS = {
    'r5xx.cp': (60000, 200000),
    'r5xx.regs': (1000000, 3000000),
    'r5xx.tile': (200000, 1000000),
    'si.backend': (20000, 450000),       # about 11 cycles a fragment
}
PROBE_COUNT = 1000
TARGET_CYCLES = {'smoke': 500000, 'nightly': 5000000}
FALLBACK_COUNTS = {'smoke': 1000, 'nightly': 100000}
DEFAULT_SEEDS = {'smoke': 3, 'nightly': 16}

STATUS_WORD = {'pass': 'PASS', 'fail': 'FAIL', 'error': 'ERROR', 'skipped': 'NOT RUN'}
XML_BAD = re.compile('[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]')


class Usage(Exception):
    pass


# ---- the argument discipline: every bad value a one-line 'given: expected' and exit 2 -------------

def whole(lo, hi=None):
    """An argparse type: a whole number in [lo, hi] (no wrap-around, no sign surprises)."""
    def conv(s):
        if not re.fullmatch(r'[0-9]+', s or ''):
            raise argparse.ArgumentTypeError('%r: expected a whole number %s' % (
                s, '%d..%d' % (lo, hi) if hi is not None else '>= %d' % lo))
        v = int(s)
        if v < lo or (hi is not None and v > hi):
            raise argparse.ArgumentTypeError('%r: expected a whole number %s' % (
                s, '%d..%d' % (lo, hi) if hi is not None else '>= %d' % lo))
        return v
    return conv


def seconds(s):
    try:
        v = float(s)
    except ValueError:
        v = -1.0
    if not v >= 0 or v == float('inf'):
        raise argparse.ArgumentTypeError('%r: expected a number of seconds >= 0 (0: no limit)' % s)
    return v


class Parser(argparse.ArgumentParser):
    """argparse with the rcosim error form: 'PROG: given: expected', exit 2."""
    def error(self, message):
        sys.stderr.write('%s: %s\n(see \'%s --help\')\n' % (self.prog, message, self.prog))
        sys.exit(2)


def check_out_dir(path, what='-o'):
    """DIR can hold the outputs: a writable directory, or creatable under a writable one."""
    p = os.path.abspath(path)
    if os.path.exists(p):
        if not os.path.isdir(p):
            raise Usage('%s %s: expected a directory, it is an existing file' % (what, path))
        if not os.access(p, os.W_OK | os.X_OK):
            raise Usage('%s %s: expected a writable directory' % (what, path))
        return
    q = p
    while True:
        q = os.path.dirname(q)
        if os.path.exists(q):
            if not os.path.isdir(q):
                raise Usage('%s %s: expected a directory path, %s is an existing file' % (what, path, q))
            if not os.access(q, os.W_OK | os.X_OK):
                raise Usage('%s %s: expected a directory that can be created, %s is not writable' % (what, path, q))
            return
        if q == os.path.dirname(q):
            return


TMP_TAG = '.rcosim-tmp.'


def tmp_name(path):
    """PATH.rcosim-tmp.PID; stale temporaries of PATH (their writer is gone) are removed."""
    d, base = os.path.split(os.path.abspath(path))
    try:
        names = os.listdir(d)
    except OSError:
        names = []
    for n in names:
        if n.startswith(base + TMP_TAG):
            pid = n[len(base + TMP_TAG):]
            if pid.isdigit():
                alive = int(pid) == os.getpid()
                if not alive:
                    try:
                        os.kill(int(pid), 0)
                        alive = True
                    except ProcessLookupError:
                        alive = False
                    except PermissionError:
                        alive = True
                if not alive:
                    try:
                        os.unlink(os.path.join(d, n))
                    except OSError:
                        pass
    return '%s%s%d' % (path, TMP_TAG, os.getpid())


def write_atomic(path, text):
    """Writes text to path under a temporary name then renames it: a reader sees the old file
    or the whole new one."""
    tmp = tmp_name(path)
    try:
        with open(tmp, 'w', encoding='utf-8', errors='backslashreplace') as f:
            f.write(text)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def name_ok(path):
    """A file name that can be printed and put into the reports (UTF-8)."""
    try:
        path.encode('utf-8')
        return True
    except UnicodeEncodeError:
        return False


# ---- small helpers ------------------------------------------------------------------------------

def read_text(path):
    opener = gzip.open if path.endswith('.gz') else open
    with opener(path, 'rt', errors='replace') as f:
        return f.read()


def vector_header(path):
    """The header of a vector file: block, seed, backpressure, mem-latency, stimulus."""
    h = {}
    opener = gzip.open if path.endswith('.gz') else open
    with opener(path, 'rt', errors='replace') as f:
        for line in f:
            w = line.split('#', 1)[0].split()
            if not w:
                continue
            if w[0] in ('mem', 'in', 'out', 'expect', 'end'):
                break
            if w[0] in ('block', 'seed', 'backpressure', 'mem-latency'):
                h[w[0]] = w[1] if len(w) > 1 else ''
            elif w[0] == 'stimulus':
                h['stimulus'] = w[1:]
    return h


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


def fmt_wall(s):
    return '%.1f s' % s if s < 60 else fmt_secs(s)


def fmt_secs(s):
    s = int(round(s))
    return '%d:%02d:%02d' % (s // 3600, s // 60 % 60, s % 60) if s >= 3600 else '%d:%02d' % (s // 60, s % 60)


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

class Run:
    def __init__(self, rid, block, kind, name, args, seed, cost, info):
        self.id, self.block, self.kind, self.name = rid, block, kind, name
        self.args, self.seed, self.cost, self.info = args, seed, cost, info
        self.status = 'skipped'
        self.message = 'not run'
        self.seconds = 0.0
        self.cycles = 0
        self.repro = ''
        self.rc = None
        self.report = ''
        self.stderr = ''
        self.bundle = None
        self.images = []
        self.dir = None
        self.cmd = []

    def dirname(self):
        return re.sub(r'[^A-Za-z0-9._+-]', '_', self.id)

    def junit_class(self):
        return '%s.%s' % (self.block, self.kind)


def random_count(a, binary, block):
    """The count of the block's random runs in this suite (see COUNTS)."""
    if a.count is not None:
        return a.count
    if block in COUNTS:
        return COUNTS[block][0 if a.suite == 'smoke' else 1]
    p = subprocess.run([binary, 'run', '--block', block, '--count', str(PROBE_COUNT), '--seed', str(a.seed_base),
                        '--backpressure', 'always'], capture_output=True, text=True, timeout=600)
    m = re.search(r'^PASS \S+ .*?: (\d+) cycles', p.stdout, re.M)
    if p.returncode != 0 or not m or int(m.group(1)) == 0:
        return FALLBACK_COUNTS[a.suite]
    per_unit = int(m.group(1)) / PROBE_COUNT
    return max(1, min(10 ** 8, int(TARGET_CYCLES[a.suite] / per_unit)))


def has_pictures(binary, block):
    """Whether 'rcosim run --png' works for the block (it refuses blocks without pictures)."""
    with tempfile.TemporaryDirectory(prefix='rcosim-png-probe-') as d:
        p = subprocess.run([binary, 'run', '--block', block, '--count', '1', '--png', d, '--quiet'],
                           capture_output=True, text=True, cwd=d, timeout=600)
    return 'no pictures' not in p.stdout + p.stderr


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
        h = vector_header(path)
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

class Progress:
    def __init__(self, total, jobs, stream=sys.stdout):
        self.total, self.jobs, self.stream = total, jobs, stream
        self.tty = stream.isatty()
        self.start = time.monotonic()
        self.done = self.npass = self.nfail = 0
        self.shown = 0.0
        self.width = shutil.get_terminal_size((100, 20)).columns

    def eta(self, remaining_cost, done_cost):
        el = time.monotonic() - self.start
        if done_cost <= 0:
            return '?'
        return fmt_secs(el / done_cost * remaining_cost)

    def line(self, eta):
        el = time.monotonic() - self.start
        return '[%d/%d] %d pass, %d fail, elapsed %s, ETA %s' % (
            self.done, self.total, self.npass, self.nfail, fmt_secs(el), eta)

    def finished(self, r, eta):
        self.done += 1
        if r.status == 'pass':
            self.npass += 1
        else:
            self.nfail += 1
        if self.tty:
            if r.status != 'pass':
                self.clear()
                self.stream.write('%s %s: %s\n' % (STATUS_WORD[r.status], r.id, r.message))
            self.update(eta, force=True)
        else:
            self.stream.write('[%*d/%d] %-4s %s (%.1f s)%s\n' % (
                len(str(self.total)), self.done, self.total, STATUS_WORD[r.status], r.id, r.seconds,
                '' if r.status == 'pass' else ': ' + r.message))
            self.stream.flush()

    def update(self, eta, force=False):
        if not self.tty:
            return
        now = time.monotonic()
        if not force and now - self.shown < 0.25:
            return
        self.shown = now
        self.stream.write('\r\033[K' + self.line(eta)[:self.width - 1])
        self.stream.flush()

    def clear(self):
        if self.tty:
            self.stream.write('\r\033[K')
            self.stream.flush()


def first_line(text, *prefixes):
    for line in text.splitlines():
        s = line.strip()
        for p in prefixes:
            if s.startswith(p):
                return s
    return None


def analyse(r, a, outdir):
    """Status, message, repro, cycles and artifacts of a finished run."""
    r.report = read_text(os.path.join(r.dir, 'report.txt'))
    err = os.path.join(r.dir, 'stderr.txt')
    r.stderr = read_text(err) if os.path.exists(err) else ''
    if os.path.exists(err) and not r.stderr:
        os.remove(err)
    m = re.search(r'^PASS \S+ .*?: (\d+) cycles', r.report, re.M)
    if m:
        r.cycles = int(m.group(1))
    else:
        m = re.search(r'^(?:MISMATCH|HANG) \S+ at cycle (\d+)', r.report, re.M)
        if m:
            r.cycles = int(m.group(1))
    repro = first_line(r.report, 'repro:')
    if repro:
        cmd = repro[len('repro:'):].strip()
        if cmd.startswith('rcosim '):
            cmd = shlex.quote(a.rcosim) + cmd[len('rcosim'):]
        r.repro = cmd
    else:
        r.repro = ' '.join(shlex.quote(x) for x in [a.rcosim] + r.args)
    if r.rc == 0:
        r.status, r.message = 'pass', 'pass'
    else:
        msg = first_line(r.report, 'MISMATCH', 'HANG')
        if r.rc == 'timeout':
            r.status, msg = 'error', 'TIMEOUT after %g s (--timeout)' % a.timeout
        elif r.rc == 1:
            r.status = 'fail'
        else:
            r.status = 'error'
            if not msg:
                if isinstance(r.rc, int) and r.rc < 0:
                    try:
                        sig = signal.Signals(-r.rc).name
                    except ValueError:
                        sig = str(-r.rc)
                    msg = 'CRASH: killed by %s' % sig
                else:
                    msg = first_line(r.stderr, 'rcosim') or (r.stderr.strip().splitlines() or [''])[0]
                    msg = 'ERROR (exit %s): %s' % (r.rc, msg) if msg else 'ERROR: exit status %s' % r.rc
        r.message = msg or first_line(r.report, 'FAIL') or 'exit status %s' % r.rc
    b = os.path.join(r.dir, 'bundle')
    r.bundle = os.path.relpath(b, outdir) if os.path.isdir(b) else None
    imgs = []
    for root, dirs, files in os.walk(r.dir):
        dirs.sort()
        for f in sorted(files):
            if f.lower().endswith('.png'):
                imgs.append(os.path.relpath(os.path.join(root, f), outdir))
    r.images = sorted(imgs, key=lambda p: ('diff' not in os.path.basename(p).lower(), p))


def run_command(r, binary, feats):
    """The command of a run (its current directory is its run directory)."""
    args = list(r.args)
    # Relative to the run directory, the run's current directory.
    if feats.get('wave'):
        args += ['--wave', 'bundle']
    if r.block in feats.get('png_blocks', ()):
        args += ['--png', '.']
    return [binary] + args


def execute(a, runs, outdir, binary, feats, env_extra):
    """Runs the suite, a.jobs processes at a time.  Returns why it stopped early, or None."""
    pending = sorted(runs, key=lambda r: -r.cost)     # longest first
    running = []
    failures = 0
    stopped = None
    prog = Progress(len(runs), a.jobs)
    done_cost = 0.0
    avg = {}                                          # (block, kind) -> [seconds, runs] finished

    def remaining_eta():
        """Seconds left: each remaining run at the mean time of finished runs of its block and kind
        (else at the mean time per unit of estimated cost), spread over the workers."""
        if not done_cost:
            return '?'
        per_cost = sum(s[0] for s in avg.values()) / done_cost
        rem = 0.0
        for r in pending + [x[0] for x in running]:
            s = avg.get((r.block, r.kind))
            rem += s[0] / s[1] if s else r.cost * per_cost
        return fmt_secs(rem / min(a.jobs, max(1, len(pending) + len(running))))

    try:
        while pending or running:
            while pending and len(running) < a.jobs and not stopped:
                r = pending.pop(0)
                r.dir = os.path.join(outdir, 'runs', r.dirname())
                os.makedirs(r.dir, exist_ok=True)
                r.cmd = run_command(r, binary, feats)
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
                analyse(r, a, outdir)
                s = avg.setdefault((r.block, r.kind), [0.0, 0])
                s[0] += r.seconds
                s[1] += 1
                done_cost += r.cost
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
            prog.update(remaining_eta())
            if running:
                time.sleep(0.01)
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
        cmd.insert(1, '-DRCOSIM_COVERAGE_BLOCKS=%s' % ';'.join(blocks))
        f.write('$ %s\n' % ' '.join(cmd))
        f.flush()
        if subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT).returncode:
            raise Usage('configuring the coverage build failed; see %s' % log)
        cmd = ['cmake', '--build', a.cov_build, '--target', 'rcosim_cov', '-j', str(a.jobs)]
        f.write('$ %s\n' % ' '.join(cmd))
        f.flush()
        if subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT).returncode:
            raise Usage('building rcosim_cov failed; see %s' % log)
    return os.path.join(a.cov_build, 'rcosim_cov')


def parse_coverage_dat(path):
    """{(file, type): [points, covered]} from a Verilator coverage.dat."""
    points = {}
    with open(path, errors='replace') as f:
        for line in f:
            if not line.startswith('C '):
                continue
            m = re.match(r"C '(.*)' (\d+)\s*$", line)
            if not m:
                continue
            kv = {}
            for item in m.group(1).split('\x01'):
                if '\x02' in item:
                    k, v = item.split('\x02', 1)
                    kv[k] = v
            page = kv.get('page', '')
            typ = page.split('/', 1)[0]
            key = (kv.get('f', ''), typ)
            e = points.setdefault(key, [0, 0])
            e[0] += 1
            if int(m.group(2)) > 0:
                e[1] += 1
    return points


def coverage(a, runs, outdir, blocks):
    """Merges every run's coverage.dat; writes lcov info and genhtml; per-block percentages."""
    cdir = os.path.join(outdir, 'coverage')
    os.makedirs(cdir, exist_ok=True)
    dats = [os.path.join(r.dir, 'coverage.dat') for r in runs
            if r.dir and os.path.exists(os.path.join(r.dir, 'coverage.dat'))]
    res = {'dir': 'coverage', 'runs': len(dats), 'blocks': {}, 'notes': []}
    if not dats:
        res['notes'].append('no run wrote coverage.dat')
        return res
    merged = os.path.join(cdir, 'merged.dat')
    log = open(os.path.join(cdir, 'merge.log'), 'w')
    # verilator_coverage reads many files; pass them in chunks through intermediate merges.
    chunk, parts = 200, []
    for i in range(0, len(dats), chunk):
        part = os.path.join(cdir, 'part%d.dat' % (i // chunk))
        subprocess.run(['verilator_coverage', '-write', part] + dats[i:i + chunk], stdout=log,
                       stderr=subprocess.STDOUT, check=True)
        parts.append(part)
    subprocess.run(['verilator_coverage', '-write', merged] + parts, stdout=log, stderr=subprocess.STDOUT,
                   check=True)
    for p in parts:
        os.remove(p)
    info = os.path.join(cdir, 'coverage.info')
    subprocess.run(['verilator_coverage', '--write-info', info, merged], stdout=log, stderr=subprocess.STDOUT,
                   check=True)
    res['merged'] = 'coverage/merged.dat'
    res['info'] = 'coverage/coverage.info'
    if shutil.which('genhtml'):
        p = subprocess.run(['genhtml', '--quiet', '--output-directory', os.path.join(cdir, 'html'), info],
                           stdout=log, stderr=subprocess.STDOUT)
        if p.returncode == 0:
            res['html'] = 'coverage/html/index.html'
        else:
            res['notes'].append('genhtml failed (see coverage/merge.log)')
    else:
        res['notes'].append('genhtml not found: apt-get install -y lcov')
    log.close()
    per = {}
    for (fname, typ), (n, hit) in parse_coverage_dat(merged).items():
        rel = os.path.relpath(os.path.realpath(fname), os.path.realpath(SRC)) if os.path.isabs(fname) else fname
        m = re.match(r'rtl/([^/]+)/([^/]+)/', rel)
        if not m:
            continue
        block = '%s.%s' % (m.group(1), m.group(2))
        kind = 'toggle' if typ == 'v_toggle' else 'line' if typ in ('v_line', 'v_branch') else None
        if not kind:
            continue
        e = per.setdefault(block, {'line': [0, 0], 'toggle': [0, 0]})
        e[kind][0] += n
        e[kind][1] += hit
    for block, e in per.items():
        res['blocks'][block] = {k: {'points': v[0], 'covered': v[1],
                                    'percent': 100.0 * v[1] / v[0] if v[0] else None} for k, v in e.items()}
    return res


# ---- reports ------------------------------------------------------------------------------------

def xml_text(s):
    return XML_BAD.sub('?', s)


def write_junit(path, a, runs, title):
    root = ET.Element('testsuites', name=title)
    tot = {'tests': 0, 'failures': 0, 'errors': 0, 'skipped': 0, 'time': 0.0}
    for block in sorted({r.block for r in runs}):
        br = [r for r in runs if r.block == block]
        ts = ET.SubElement(root, 'testsuite', name=block)
        props = ET.SubElement(ts, 'properties')
        for k, v in (('suite', a.suite), ('seed-base', str(a.seed_base))):
            ET.SubElement(props, 'property', name=k, value=v)
        c = {'tests': len(br), 'failures': sum(r.status == 'fail' for r in br),
             'errors': sum(r.status == 'error' for r in br), 'skipped': sum(r.status == 'skipped' for r in br),
             'time': sum(r.seconds for r in br)}
        for k in ('tests', 'failures', 'errors', 'skipped'):
            ts.set(k, str(c[k]))
            tot[k] += c[k]
        ts.set('time', '%.3f' % c['time'])
        tot['time'] += c['time']
        for r in br:
            tc = ET.SubElement(ts, 'testcase', classname=r.junit_class(), name=r.name, time='%.3f' % r.seconds)
            outl = ['%s: %s' % (r.id, r.info), 'seed: %s' % r.seed,
                    '%s: %s' % ('repro' if r.status in ('fail', 'error') else 'command', r.repro)]
            if r.status in ('fail', 'error'):
                el = ET.SubElement(tc, 'failure' if r.status == 'fail' else 'error',
                                   message=xml_text(r.message), type=r.message.split(' ', 1)[0].rstrip(':'))
                el.text = xml_text(r.report + (('\n[stderr]\n' + r.stderr) if r.stderr else ''))
                if r.bundle:
                    outl.append('bundle: %s' % r.bundle)
                outl.append('report: %s' % os.path.join('runs', r.dirname(), 'report.txt'))
                for im in r.images:
                    outl.append('image: %s' % im)
            elif r.status == 'skipped':
                ET.SubElement(tc, 'skipped', message=xml_text(r.message))
            so = ET.SubElement(tc, 'system-out')
            so.text = xml_text('\n'.join(outl) + '\n')
    for k in ('tests', 'failures', 'errors', 'skipped'):
        root.set(k, str(tot[k]))
    root.set('time', '%.3f' % tot['time'])
    ET.indent(root)
    import io
    buf = io.BytesIO()
    ET.ElementTree(root).write(buf, encoding='UTF-8', xml_declaration=True)
    write_atomic(path, buf.getvalue().decode('utf-8') + '\n')


def block_rows(runs, cov):
    rows = []
    for block in sorted({r.block for r in runs}):
        br = [r for r in runs if r.block == block]
        row = {'block': block, 'runs': len(br), 'pass': sum(r.status == 'pass' for r in br),
               'fail': sum(r.status == 'fail' for r in br), 'error': sum(r.status == 'error' for r in br),
               'skipped': sum(r.status == 'skipped' for r in br), 'cycles': sum(r.cycles for r in br),
               'seconds': sum(r.seconds for r in br)}
        if cov is not None:
            c = cov['blocks'].get(block, {})
            for k in ('line', 'toggle'):
                p = c.get(k, {}).get('percent')
                row[k] = ('%.1f%%' % p) if p is not None else '-'
                row[k + '_detail'] = '%d/%d' % (c[k]['covered'], c[k]['points']) if k in c else ''
        rows.append(row)
    return rows


def summary_text(runs, rows, cov, wall, stopped, outdir):
    cols = ['block', 'runs', 'pass', 'fail', 'error', 'not run', 'cycles', 'run time']
    if cov is not None:
        cols += ['line cov', 'toggle cov']
    table = []
    tot = {'runs': 0, 'pass': 0, 'fail': 0, 'error': 0, 'skipped': 0, 'cycles': 0, 'seconds': 0.0}
    for row in rows:
        line = [row['block'], row['runs'], row['pass'], row['fail'], row['error'], row['skipped'], row['cycles'],
                '%.1f s' % row['seconds']]
        if cov is not None:
            line += [row['line'], row['toggle']]
        table.append([str(x) for x in line])
        for k in tot:
            tot[k] += row[k]
    line = ['total', tot['runs'], tot['pass'], tot['fail'], tot['error'], tot['skipped'], tot['cycles'],
            '%.1f s' % tot['seconds']]
    if cov is not None:
        line += ['', '']
    table.append([str(x) for x in line])
    w = [max(len(c), *(len(t[i]) for t in table)) for i, c in enumerate(cols)]
    out = []
    fmt = lambda cells: '  '.join((c.ljust(w[i]) if i == 0 else c.rjust(w[i]))
                                  for i, c in enumerate(cells)).rstrip()
    out.append(fmt(cols))
    out.append('  '.join('-' * x for x in w))
    for t in table[:-1]:
        out.append(fmt(t))
    out.append('  '.join('-' * x for x in w))
    out.append(fmt(table[-1]))
    bad = [r for r in runs if r.status in ('fail', 'error')]
    text = []
    if bad:
        text.append('failures:')
        for r in bad:
            text.append('  %s %s: %s' % (STATUS_WORD[r.status], r.id, r.message))
            text.append('    repro:  %s' % r.repro)
            text.append('    report: %s' % os.path.join(outdir, 'runs', r.dirname(), 'report.txt'))
            if r.bundle:
                text.append('    bundle: %s' % os.path.join(outdir, r.bundle))
            for im in r.images:
                text.append('    image:  %s' % os.path.join(outdir, im))
        text.append('')
    text += out
    if cov is not None:
        for n in cov.get('notes', []):
            text.append('coverage: %s' % n)
        if cov.get('html'):
            text.append('coverage: %s (line = line and branch points, toggle = toggle points of rtl/<family>/<block>/)'
                        % os.path.join(outdir, cov['html']))
    verdict = 'PASS' if not bad and not stopped else 'FAIL'
    if not bad and stopped:
        verdict = 'INCOMPLETE'
    nrun = sum(r.status != 'skipped' for r in runs)
    text.append('regress: %s: %d of %d runs passed, %d failed, %d not run; %d cycles in %s wall%s' % (
        verdict, tot['pass'], len(runs), len(bad), len(runs) - nrun, tot['cycles'], fmt_wall(wall),
        '; ' + stopped if stopped else ''))
    return '\n'.join(text) + '\n'


CSS = '''body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}
td:first-child,th:first-child{text-align:left}th{background:#f0f0f0}
.pass{color:#176f2c}.fail,.error{color:#b00020}.skipped{color:#8a6d00}
.badge{display:inline-block;padding:.2em .7em;border-radius:.3em;color:#fff;font-weight:bold}
.badge.pass{background:#2e7d32}.badge.fail{background:#c62828}.badge.skipped{background:#b28704}
pre{background:#f7f7f7;border:1px solid #ddd;padding:.6em;overflow-x:auto;font-size:.85em}
.failure{border-left:4px solid #c62828;padding-left:1em;margin:1.2em 0}
code{background:#f0f0f0;padding:0 .2em}img{max-width:45%;border:1px solid #ccc;margin:.3em}
'''


def write_html(path, a, runs, rows, cov, wall, stopped, title):
    e = html.escape
    bad = [r for r in runs if r.status in ('fail', 'error')]
    verdict = 'fail' if bad else ('skipped' if stopped else 'pass')
    h = ['<!DOCTYPE html>', '<html lang="en"><head><meta charset="utf-8">',
         '<title>%s</title><style>%s</style></head><body>' % (e(title), CSS),
         '<h1>%s <span class="badge %s">%s</span></h1>' % (
             e(title), verdict, {'pass': 'PASS', 'fail': 'FAIL', 'skipped': 'INCOMPLETE'}[verdict])]
    npass = sum(r.status == 'pass' for r in runs)
    h.append('<p>%d runs: <span class="pass">%d passed</span>, <span class="fail">%d failed</span>, '
             '%d not run; %d simulated cycles; wall time %s; %d workers; seeds from %d.%s</p>' % (
                 len(runs), npass, len(bad), sum(r.status == 'skipped' for r in runs),
                 sum(r.cycles for r in runs), fmt_wall(wall), a.jobs, a.seed_base,
                 ' <b>%s</b>.' % e(stopped) if stopped else ''))
    h.append('<p>Files: <a href="junit.xml">junit.xml</a>, <a href="summary.txt">summary.txt</a>, '
             '<a href="results.json">results.json</a>%s</p>' % (
                 ', <a href="%s">coverage report</a>' % e(cov['html']) if cov and cov.get('html') else ''))
    h.append('<h2>Blocks</h2><table><tr><th>block</th><th>runs</th><th>pass</th><th>fail</th><th>error</th>'
             '<th>not run</th><th>cycles</th><th>run time</th>%s</tr>' % (
                 '<th>line coverage</th><th>toggle coverage</th>' if cov is not None else ''))
    for row in rows:
        h.append('<tr><td>%s</td><td>%d</td><td class="pass">%d</td><td class="%s">%d</td><td class="%s">%d</td>'
                 '<td>%d</td><td>%d</td><td>%.1f s</td>%s</tr>' % (
                     e(row['block']), row['runs'], row['pass'], 'fail' if row['fail'] else '', row['fail'],
                     'error' if row['error'] else '', row['error'], row['skipped'], row['cycles'], row['seconds'],
                     ''.join('<td title="%s">%s</td>' % (e(row[k + '_detail']), e(row[k]))
                             for k in ('line', 'toggle')) if cov is not None else ''))
    h.append('</table>')
    if cov is not None:
        h.append('<p>Coverage: %d runs merged with verilator_coverage; line = line and branch points, toggle = '
                 'toggle points, of the sources in rtl/&lt;family&gt;/&lt;block&gt;/.%s</p>' % (
                     cov['runs'], ''.join(' ' + e(n) + '.' for n in cov.get('notes', []))))
    h.append('<h2>Failures (%d)</h2>' % len(bad))
    if not bad:
        h.append('<p>None.</p>')
    for r in bad:
        rep = os.path.join('runs', r.dirname(), 'report.txt')
        h.append('<div class="failure" id="%s"><h3 class="%s">%s %s</h3>' % (e(r.id), r.status, STATUS_WORD[r.status],
                                                                             e(r.id)))
        h.append('<p><b>%s</b></p>' % e(r.message))
        h.append('<p>%s</p>' % e(r.info))
        h.append('<p>repro:</p><pre>%s</pre>' % e(r.repro))
        h.append('<p>report: <a href="%s">%s</a>%s</p>' % (
            e(rep), e(rep), '; bundle: <a href="%s">%s</a>' % (e(r.bundle), e(r.bundle)) if r.bundle else
            '; bundle: none'))
        if r.images:
            h.append('<p>images:</p><div>%s</div>' % ''.join(
                '<figure style="display:inline-block"><img src="%s" alt="%s"><figcaption>%s</figcaption></figure>'
                % (e(im), e(os.path.basename(im)), e(os.path.basename(im))) for im in r.images))
        h.append('<pre>%s</pre>' % e(r.report + (('\n[stderr]\n' + r.stderr) if r.stderr else '')))
        h.append('</div>')
    h.append('<h2>All runs</h2><details><summary>%d runs</summary><table><tr><th>run</th><th>status</th>'
             '<th>seed</th><th>cycles</th><th>time</th><th>what</th></tr>' % len(runs))
    for r in runs:
        name = '<a href="#%s">%s</a>' % (e(r.id), e(r.id)) if r in bad else e(r.id)
        h.append('<tr><td>%s</td><td class="%s">%s</td><td>%s</td><td>%d</td><td>%.2f s</td>'
                 '<td style="text-align:left">%s</td></tr>' % (name, r.status, STATUS_WORD[r.status], e(r.seed),
                                                               r.cycles, r.seconds, e(r.info)))
    h.append('</table></details></body></html>')
    write_atomic(path, '\n'.join(h) + '\n')


def write_json(path, a, runs, cov, wall, stopped, jobs, extra=None):
    d = {'suite': a.suite, 'jobs': jobs, 'seed_base': a.seed_base, 'wall_seconds': wall, 'stopped': stopped,
         'runs': [{'id': r.id, 'block': r.block, 'kind': r.kind, 'seed': r.seed, 'status': r.status,
                   'message': r.message, 'seconds': r.seconds, 'cycles': r.cycles, 'repro': r.repro,
                   'bundle': r.bundle, 'images': r.images} for r in runs],
         'coverage': cov}
    if extra:
        d.update(extra)
    d['total'] = {'runs': len(runs), 'completed': sum(r.status != 'skipped' for r in runs),
                  'pass': sum(r.status == 'pass' for r in runs),
                  'fail': sum(r.status in ('fail', 'error') for r in runs),
                  'cycles': sum(r.cycles for r in runs), 'run_seconds': sum(r.seconds for r in runs)}
    write_atomic(path, json.dumps(d, indent=1) + '\n')


# ---- rcosim regress ------------------------------------------------------------------------------

def regress(a):
    a.jobs_given = a.jobs                             # the farm's cap on array tasks at once
    if a.resume:
        import regress_farm
        return regress_farm.resume(sys.modules[__name__], a)
    if a.jobs is None:
        try:
            a.jobs = len(os.sched_getaffinity(0))
        except AttributeError:
            a.jobs = os.cpu_count() or 1
    if a.jobs < 1:
        raise Usage('-j expects at least 1')
    if not os.path.isdir(a.vectors):
        raise Usage('--vectors: no directory %s' % a.vectors)
    blocks = list_blocks(a.rcosim)
    counts = {b: random_count(a, a.rcosim, b) for b in wanted_blocks(a, blocks)}
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
        farm = regress_farm.preflight(sys.modules[__name__], a, outdir)
    os.makedirs(outdir, exist_ok=True)
    mark_in_progress(a, outdir)
    shutil.rmtree(os.path.join(outdir, 'runs'), ignore_errors=True)
    shutil.rmtree(os.path.join(outdir, 'coverage'), ignore_errors=True)
    binary = a.rcosim
    if a.coverage:
        if a.cov_build is None:
            a.cov_build = os.path.dirname(os.path.abspath(a.rcosim)).rstrip('/') + '-cov'
        binary = build_coverage(a, outdir, sorted({r.block for r in runs}))
    feats = run_options(binary)
    if feats['png']:
        feats['png_blocks'] = {b for b in {r.block for r in runs} if b in blocks and has_pictures(binary, b)}
    if a.farm:
        return regress_farm.farm(sys.modules[__name__], a, runs, outdir, binary, feats, farm)
    nvec = sum(r.kind == 'vec' for r in runs)
    seeds = sorted({int(r.seed) for r in runs if r.kind == 'random'})
    title = 'rcosim regress --suite %s' % a.suite
    print('regress: suite %s, %d runs (%d vectors, %d random%s)%s on %d workers -> %s' % (
        a.suite, len(runs), nvec, len(runs) - nvec,
        ', seeds %s' % ' '.join(map(str, seeds)) if seeds else '',
        ', shard %d/%d' % a.shard if a.shard else '', a.jobs, outdir), flush=True)
    t0 = time.monotonic()
    old = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP)}

    def interrupt(sig, frame):
        for s in old:
            signal.signal(s, signal.SIG_IGN)      # once: the reports get written
        raise KeyboardInterrupt
    for s in old:
        signal.signal(s, interrupt)
    try:
        stopped = execute(a, runs, outdir, binary, feats, {})
    finally:
        for s, h in old.items():
            signal.signal(s, h)
    wall = time.monotonic() - t0
    return finish(a, runs, outdir, blocks, wall, stopped, title)


def mark_in_progress(a, outdir):
    """Last run's reports go before this one starts: a killed regression leaves results.json
    saying it did not finish, never an older junit.xml beside a newer, partial result."""
    for n in ('junit.xml', 'report.html', 'summary.txt'):
        try:
            os.unlink(os.path.join(outdir, n))
        except FileNotFoundError:
            pass
    write_atomic(os.path.join(outdir, 'results.json'), json.dumps(
        {'suite': getattr(a, 'suite', None), 'seed_base': getattr(a, 'seed_base', None), 'runs': [],
         'stopped': 'not finished: the regression (pid %d) is running, or was killed before writing '
                    'its reports' % os.getpid()}, indent=1) + '\n')


def finish(a, runs, outdir, blocks, wall, stopped, title, extra=None):
    """Coverage, the reports, the summary; the exit status."""
    cov = coverage(a, runs, outdir, blocks) if a.coverage else None
    rows = block_rows(runs, cov)
    text = summary_text(runs, rows, cov, wall, stopped, outdir)
    junit = os.path.join(outdir, 'junit.xml')
    report = os.path.join(outdir, 'report.html')
    write_junit(junit, a, runs, title)
    write_html(report, a, runs, rows, cov, wall, stopped, title)
    write_json(os.path.join(outdir, 'results.json'), a, runs, cov, wall, stopped, a.jobs, extra)
    write_atomic(os.path.join(outdir, 'summary.txt'), text)
    sys.stdout.write(text)
    print('regress: JUnit %s, HTML %s' % (junit, report))
    if stopped == 'interrupted':
        return 130
    return 1 if any(r.status in ('fail', 'error') for r in runs) or stopped else 0


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
        vecs = [v for v in vecs if vector_header(v).get('block') in want]
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
            h = vector_header(v)
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
            old, new = read_text(v), read_text(tmp)
            if old == new:
                print('%s: unchanged' % rel)
                counts['unchanged'] += 1
                continue
            print('%s: changed: %s' % (rel, diff_summary(old, new)))
            counts['changed'] += 1
            if not a.check:
                shutil.copyfile(tmp, v + '.tmp')
                os.replace(v + '.tmp', v)
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
