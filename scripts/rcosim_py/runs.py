"""runs.py - one run of a regression (rcosim regress, scripts/regress.py): what it is (Run), the
command it runs, what its output says once it finished (analyse), the progress line.  Shared by
the local back end (scripts/regress.py) and the Slurm back end (scripts/regress_farm.py)."""
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
