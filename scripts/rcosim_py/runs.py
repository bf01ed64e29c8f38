"""runs.py - one run of a regression (rcosim regress, scripts/regress.py): what it is (Run), the
command it runs, what its output says once it finished (analyse), the progress line.  Shared by
the local back end (scripts/regress.py) and the Slurm back end (scripts/regress_farm.py)."""
import heapq
import json
import os
import re
import shlex
import shutil
import signal
import sys
import time

STATUS_WORD = {'pass': 'PASS', 'fail': 'FAIL', 'error': 'ERROR', 'skipped': 'NOT RUN'}


def read_text(path):
    """A run's report or stderr file, undecodable bytes replaced."""
    with open(path, errors='replace') as f:
        return f.read()


def fmt_wall(s):
    return '%.1f s' % s if s < 60 else fmt_secs(s)


def fmt_secs(s):
    s = int(round(s))
    return '%d:%02d:%02d' % (s // 3600, s // 60 % 60, s % 60) if s >= 3600 else '%d:%02d' % (s // 60, s % 60)


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


class Progress:
    def __init__(self, total, jobs, stream=sys.stdout):
        self.total, self.jobs, self.stream = total, jobs, stream
        self.tty = stream.isatty()
        self.start = time.monotonic()
        self.done = self.npass = self.nfail = 0
        self.shown = 0.0
        self.width = shutil.get_terminal_size((100, 20)).columns
        self.note = None              # a function giving a note for the line, or None (regress.Later)

    def noted(self):
        n = self.note() if self.note else None
        return '; %s' % n if n else ''

    def eta(self, remaining_cost, done_cost):
        el = time.monotonic() - self.start
        if done_cost <= 0:
            return '?'
        return fmt_secs(el / done_cost * remaining_cost)

    def line(self, eta):
        el = time.monotonic() - self.start
        return '[%d/%d] %d pass, %d fail, elapsed %s, ETA %s%s' % (
            self.done, self.total, self.npass, self.nfail, fmt_secs(el), eta, self.noted())

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
            self.stream.write('[%*d/%d] %-4s %s (%.1f s; %d pass, %d fail; ETA %s%s)%s\n' % (
                len(str(self.total)), self.done, self.total, STATUS_WORD[r.status], r.id, r.seconds,
                self.npass, self.nfail, eta, self.noted(), '' if r.status == 'pass' else ': ' + r.message))
            self.stream.flush()

    def update(self, eta, force=False):
        """The live line on a terminal, at most every 0.25 s.  ETA: the text, or a function
        giving it, called only when the line is drawn (the runner's poll loop calls this every
        10 ms: computing the ETA each time cost the second worker its core; docs/regression.md)."""
        if not self.tty:
            return
        now = time.monotonic()
        if not force and now - self.shown < 0.25:
            return
        self.shown = now
        if callable(eta):
            eta = eta()
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
        # The bundle holds copies of the run's pictures (rc_bundle.c): shown once, from the run.
        dirs[:] = sorted(d for d in dirs if not (root == r.dir and d == 'bundle'))
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


# ---- the ETA: from measured run lengths, never from a probe --------------------------------------

COST_CACHE = 'regress-costs.json'     # in the directory of the rcosim binary (its build directory)


def run_units(r):
    """The random count of a random run (its length in units of the block's stimulus), else 1."""
    if r.kind == 'random' and '--count' in r.args:
        try:
            return max(1, int(r.args[r.args.index('--count') + 1]))
        except (ValueError, IndexError):
            return 1
    return 1


def read_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def prior_seconds(outdir):
    """{run id: seconds} of the previous regression in OUTDIR (its results.json), for the runs
    that finished there; read before the new regression replaces it."""
    d = read_json(os.path.join(outdir, 'results.json'))
    out = {}
    if isinstance(d, dict):
        for x in d.get('runs') or []:
            try:
                if x.get('status') in ('pass', 'fail') and float(x.get('seconds') or 0) > 0:
                    out[x['id']] = float(x['seconds'])
            except (TypeError, ValueError, KeyError, AttributeError):
                pass
    return out


def binary_stamp(binary):
    try:
        st = os.stat(binary)
        return '%d:%d' % (st.st_size, int(st.st_mtime))
    except OSError:
        return ''


# The run costs of a quiet 2-core machine, shipped with the source (scripts/regress-costs.default.json,
# made by scripts/regress-costs-default from a smoke regression's results.json): a fresh build's
# first regression estimates a block's runs from these until its own cache has them, scaled, as
# every expectation is, by how the finished runs measured against theirs.
DEFAULT_COSTS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                             'regress-costs.default.json')


def build_key(output):
    """A build step's key in the table: its output path with Verilator's file hashes taken out
    (Vr5xx_gpu___024root__DepSet_h7ba011f1__14.cpp.o -> ...DepSet_h__14.cpp.o), so that a changed
    RTL keeps its steps' keys."""
    return re.sub(r'_h[0-9a-f]{8}(?=__)', '_h', output)


def ninja_steps(path):
    """{key: seconds} of the last build in a .ninja_log (v5: start, end ms, mtime, output, hash;
    a build's entries are appended as its steps end, so its end times rise)."""
    runs, prev = [[]], -1
    with open(path) as f:
        for line in f:
            if line.startswith('#'):
                continue
            parts = line.rstrip('\n').split('\t')
            if len(parts) < 4 or not parts[0].isdigit() or not parts[1].isdigit():
                raise ValueError('%s: not a ninja log line: %r' % (path, line[:80]))
            if int(parts[1]) < prev:
                runs.append([])
            prev = int(parts[1])
            runs[-1].append(parts)
    acc = {}
    for p in runs[-1]:
        e = acc.setdefault(build_key(p[3]), [0.0, 0])
        e[0] += (int(p[1]) - int(p[0])) / 1000.0
        e[1] += 1
    return {k: round(sec / n, 3) for k, (sec, n) in acc.items()}   # steps whose keys meet: their mean


def default_build_costs():
    """{step key: seconds} of the shipped table's measured build ('build'), or {}."""
    d = read_json(os.environ.get('RCOSIM_REGRESS_DEFAULT_COSTS') or DEFAULT_COSTS)
    b = d.get('build') if isinstance(d, dict) else None
    return {k: float(v) for k, v in b.items() if isinstance(v, (int, float)) and v >= 0} if isinstance(b, dict) else {}


def run_seconds(results):
    """{run id: seconds} of a results.json's finished runs."""
    out = {}
    for x in results.get('runs') or []:
        try:
            if x.get('status') in ('pass', 'fail') and float(x.get('seconds') or 0) > 0:
                out[x['id']] = float('%.3g' % float(x['seconds']))
        except (TypeError, ValueError, KeyError, AttributeError):
            continue
    return out


def cost_table(results):
    """{block: {'vec': s, 'random_per_unit': s}} from a results.json's runs (as CostCache.learn)."""
    acc = {}
    for x in results.get('runs') or []:
        try:
            if x.get('status') not in ('pass', 'fail') or float(x.get('seconds') or 0) <= 0:
                continue
            rnd = x.get('kind') == 'random'
            units = 1
            args = shlex.split(x.get('repro') or '')
            if rnd and '--count' in args:
                units = max(1, int(args[args.index('--count') + 1]))
            e = acc.setdefault((x['block'], rnd), [0.0, 0])
            e[0] += float(x['seconds'])
            e[1] += units
        except (TypeError, ValueError, KeyError, AttributeError, IndexError):
            continue
    out = {}
    for (block, rnd), (sec, n) in sorted(acc.items()):
        out.setdefault(block, {})['random_per_unit' if rnd else 'vec'] = float('%.4g' % (sec / n))
    return out


class CostCache:
    """Per-block run costs measured by earlier regressions with this binary's build, kept in
    BUILD/regress-costs.json: seconds per vector run and seconds per unit of random count, per
    block; and which blocks have pictures (--png), valid while the binary is unchanged.  A block
    the cache lacks takes its costs from the shipped table (DEFAULT_COSTS)."""

    def __init__(self, binary):
        # RCOSIM_REGRESS_CACHE=FILE puts it elsewhere (tests against a build they must not write).
        self.path = os.environ.get('RCOSIM_REGRESS_CACHE') or os.path.join(
            os.path.dirname(os.path.abspath(binary)), COST_CACHE)
        self.stamp = binary_stamp(binary)
        d = read_json(self.path)
        d = d if isinstance(d, dict) else {}
        self.blocks = d.get('blocks') if isinstance(d.get('blocks'), dict) else {}
        pics = d.get('pictures') if isinstance(d.get('pictures'), dict) else {}
        self.pictures = pics if d.get('binary') == self.stamp else {}
        dflt = read_json(os.environ.get('RCOSIM_REGRESS_DEFAULT_COSTS') or DEFAULT_COSTS)
        dflt = dflt if isinstance(dflt, dict) else {}
        self.defaults = dflt.get('blocks') if isinstance(dflt.get('blocks'), dict) else {}
        self.default_runs = dflt.get('runs') if isinstance(dflt.get('runs'), dict) else {}

    def expected(self, r):
        b = self.blocks.get(r.block)
        if not isinstance(b, dict) or ('random_per_unit' if r.kind == 'random' else 'vec') not in b:
            x = self.default_runs.get(r.id)       # the shipped table: this run's own length first
            if isinstance(x, (int, float)) and x > 0:
                return float(x)
            b = self.defaults.get(r.block)
        if not isinstance(b, dict):
            return None
        try:
            if r.kind == 'random' and 'random_per_unit' in b:
                return float(b['random_per_unit']) * run_units(r)
            if r.kind != 'random' and 'vec' in b:
                return float(b['vec'])
        except (TypeError, ValueError):
            pass
        return None

    def learn(self, runs):
        """Replaces the costs of the blocks these runs measured (timeouts and errors left out)."""
        acc = {}
        for r in runs:
            if r.status not in ('pass', 'fail') or r.seconds <= 0:
                continue
            e = acc.setdefault((r.block, r.kind == 'random'), [0.0, 0])
            e[0] += r.seconds
            e[1] += run_units(r)
        for (block, rnd), (sec, n) in acc.items():
            b = self.blocks.setdefault(block, {})
            b['random_per_unit' if rnd else 'vec'] = sec / n

    def save(self):
        from rcosim_py.atomic import write_atomic
        try:
            write_atomic(self.path, json.dumps({'binary': self.stamp, 'pictures': self.pictures,
                                                'blocks': self.blocks}, indent=1, sort_keys=True) + '\n')
        except OSError:
            pass                      # a read-only build directory: no cache, the ETA learns in flight


class Eta:
    """Seconds left of a regression.  Each run's expected length: its own length in the previous
    regression in the same output directory, else its block's cost cached in the build directory,
    else the mean of this regression's finished runs of its block and kind (or per unit of cost).
    The expectations are scaled by how the finished runs measured against theirs (a busier or
    quieter machine), and the remaining runs are placed on the workers in the order they will go
    out (longest first), the running ones with what they have left."""

    def __init__(self, jobs, prior=None, cache=None):
        self.jobs = max(1, jobs)
        self.prior = prior or {}
        self.cache = cache
        self.avg = {}                  # (block, kind) -> [seconds, runs] finished here
        self.done_cost = self.done_sec = 0.0
        self.exp_done = self.act_done = 0.0   # finished runs that had a measured expectation

    def measured(self, r):
        if r.id in self.prior:
            return self.prior[r.id]
        return self.cache.expected(r) if self.cache else None

    def expected(self, r):
        x = self.measured(r)
        if x is not None:
            ratio = self.act_done / self.exp_done if self.exp_done > 0 else 1.0
            return x * max(0.2, min(5.0, ratio))
        s = self.avg.get((r.block, r.kind))
        if s:
            return s[0] / s[1]
        if self.done_cost > 0:
            return r.cost * self.done_sec / self.done_cost
        return None

    def finished(self, r):
        x = self.measured(r)
        if x is not None and r.status in ('pass', 'fail'):
            self.exp_done += x
            self.act_done += r.seconds
        s = self.avg.setdefault((r.block, r.kind), [0.0, 0])
        s[0] += r.seconds
        s[1] += 1
        self.done_cost += r.cost
        self.done_sec += r.seconds

    def remaining(self, pending, running, now=None, gate=None):
        """Seconds left, or None when nothing is known yet.  RUNNING: [(run, start time)].
        The workers' free times in a heap: O(n log jobs) for n pending runs.  GATE (waits, t):
        the pending runs for which waits(run) is true start no earlier than t seconds from now
        (they wait for the build of the whole binary: regress.Later), after the others."""
        now = time.monotonic() if now is None else now
        free = []
        for r, t0 in running:
            x = self.expected(r)
            if x is None:
                return None
            free.append(max(0.0, x - (now - t0)))
        free += [0.0] * max(0, self.jobs - len(free))
        heapq.heapify(free)
        late = []
        for r in pending:
            if gate is not None and gate[0](r):
                late.append(r)
                continue
            x = self.expected(r)
            if x is None:
                return None
            heapq.heapreplace(free, free[0] + x)
        for r in late:
            x = self.expected(r)
            if x is None:
                return None
            heapq.heapreplace(free, max(free[0], gate[1]) + x)
        return max(max(free), gate[1] if late else 0.0) if free else 0.0
