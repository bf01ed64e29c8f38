#!/usr/bin/env python3
"""eta_sim.py - one regression of a synthetic suite on a virtual clock, for report_test.py's eta
case: scripts/regress.py's own main() runs in this process with time.monotonic and time.sleep
replaced by a virtual clock (its poll loop's 10 ms sleeps advance it) and its run processes
replaced by fake ones that end when the virtual clock reaches their length.  Nothing sleeps: the
test measures the real scheduler, Eta, cost cache and progress lines in milliseconds of CPU.

The rcosim it is given (a fake script) answers 'list' and 'run --help' for real; every run of
the suite is virtual.  A run's length: its block's base length and seed (as a real suite's runs
differ), times a jitter of +-8 % from a seeded RNG (this regression's PASS_SEED), times SLOWDOWN
(a machine busier than the one the lengths were learnt on).

With ETA_SIM_BUILD="LOG STATUS STEPS SECONDS [skewed]" in the environment a build runs beside
the regression on the same clock, as scripts/main-job's background build of the whole binary: its
STEPS ninja steps (lengths drawn from PASS_SEED, +-40 % about SECONDS / STEPS times step_weight,
times SLOWDOWN)
append their "[k/STEPS]" lines to LOG as the clock passes them, and STATUS gets "0" at the end
(regress.py --then-rcosim ... --then-status STATUS --then-log LOG).

Usage: eta_sim.py SOURCE_DIR OUT_JSON PASS_SEED SLOWDOWN -- REGRESS_ARGS...
Writes OUT_JSON: {"rc": exit status, "lines": [[virtual time, line], ...], "start"/"end": virtual
times of main()'s call and return, "polls": the runner's poll-loop sleeps, "counts": virtual runs,
real processes of the set-up (each takes SETUP_COST virtual seconds), ETA computations}.
"""
import io
import json
import os
import random
import subprocess
import sys
import time
import types

if __name__ == '__main__':
    SRC, OUT, PASS_SEED, SLOWDOWN = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    ARGS = sys.argv[sys.argv.index('--') + 1:]
else:                                  # imported (report_test.py: step_weight)
    SRC = OUT = None
    PASS_SEED, SLOWDOWN, ARGS = 0, 1.0, []


def step_weight(i, steps, skewed):
    """A step's share of the build's mean step: all alike, or "skewed" as a real rcosim build is
    (its first 60 % of steps, the C files, take a quarter of the mean; the Verilated RTL after them
    2.125 times it)."""
    if not skewed:
        return 1.0
    return 0.25 if i < 0.6 * steps else 2.125


class Build:
    """The fake background build (ETA_SIM_BUILD): its steps' end times on the virtual clock."""

    def __init__(self, spec, t0):
        log, status, steps, seconds = spec.split()[:4]
        skewed = spec.split()[4:] == ['skewed']
        self.log, self.status, self.steps = log, status, int(steps)
        rnd = random.Random('build:%d' % PASS_SEED)
        per = float(seconds) / self.steps * SLOWDOWN
        self.ends, t = [], t0
        for i in range(self.steps):
            t += per * step_weight(i, self.steps, skewed) * rnd.uniform(0.6, 1.4)
            self.ends.append(t)
        self.written = 0
        open(self.log, 'w').close()

    def advance(self, now):
        k = self.written
        while k < self.steps and self.ends[k] <= now:
            k += 1
        if k > self.written:
            with open(self.log, 'a') as f:
                for i in range(self.written, k):
                    f.write('[%d/%d] Building CXX object step%d.o\n' % (i + 1, self.steps, i + 1))
            self.written = k
            if k == self.steps:
                with open(self.status, 'w') as f:
                    f.write('0\n')


class Clock:
    def __init__(self):
        self.t = 1000.0
        self.sleeps = 0
        self.build = None

    def monotonic(self):
        return self.t

    def sleep(self, s):
        self.sleeps += 1
        self.t += max(0.0, s)
        if self.build:
            self.build.advance(self.t)


CLOCK = Clock()
real_popen = subprocess.Popen


def run_length(block, seed):
    base = {'r5xx.cp': 1.0 + 0.5 * (seed % 3), 'r5xx.regs': 2.2, 'r5xx.tile': 4.0 + 0.3 * (seed % 5)}[block]
    jitter = random.Random('%d:%s:%d' % (PASS_SEED, block, seed)).uniform(0.92, 1.08)
    return base * jitter * SLOWDOWN


class FakeRun:
    """A run process that ends when the virtual clock reaches its length."""

    def __init__(self, cmd, stdout=None, **kw):
        block, seed = cmd[cmd.index('--block') + 1], int(cmd[cmd.index('--seed') + 1])
        self.length = run_length(block, seed)
        self.end = CLOCK.t + self.length
        self.pid = -1
        self.returncode = None
        if stdout is not None:
            stdout.write('PASS %s random: %d cycles, rtl vs model exact; seed %d\n' % (
                block, int(self.length * 1000), seed))
            stdout.flush()

    def poll(self):
        if self.returncode is None and CLOCK.t >= self.end:
            self.returncode = 0
        return self.returncode

    def wait(self, timeout=None):
        CLOCK.t = max(CLOCK.t, self.end)
        if CLOCK.build:
            CLOCK.build.advance(CLOCK.t)
        return self.poll()


SETUP_COST = 0.7                      # virtual seconds each real process of the set-up takes
COUNTS = {'runs': 0, 'setup_processes': 0, 'eta_computations': 0}


def popen(cmd, *a, **kw):
    if isinstance(cmd, list) and len(cmd) > 1 and cmd[1] == 'run' and '--block' in cmd and '--seed' in cmd:
        COUNTS['runs'] += 1
        return FakeRun(cmd, **kw)
    COUNTS['setup_processes'] += 1
    if isinstance(cmd, list):
        COUNTS.setdefault('setup_commands', []).append([os.path.basename(str(cmd[0]))] + [str(x) for x in cmd[1:]])
    CLOCK.t += SETUP_COST             # the set-up (listing blocks, git describe) takes time too
    return real_popen(cmd, *a, **kw)


class Recorder(io.TextIOBase):
    """stdout: each line stamped with the virtual time it was written at."""

    def __init__(self):
        self.lines, self.part = [], ''

    def write(self, s):
        self.part += s
        while '\n' in self.part:
            line, self.part = self.part.split('\n', 1)
            self.lines.append([CLOCK.t, line])
        return len(s)

    def isatty(self):
        return False


def main():
    rec = Recorder()
    real_stdout = sys.stdout
    sys.stdout = rec                  # before runs.py is imported: Progress binds it as its default
    # subprocess keeps the real clock: its waits for the set-up's real processes (git describe,
    # rcosim list) poll with sleeps, which on the virtual clock would add a machine-dependent delay
    subprocess.time = types.SimpleNamespace(**{k: getattr(time, k) for k in dir(time) if not k.startswith('_')})
    time.monotonic, time.sleep = CLOCK.monotonic, CLOCK.sleep
    subprocess.Popen = popen
    sys.path.insert(0, os.path.join(SRC, 'scripts'))
    import regress
    from rcosim_py import runs

    class VirtualSelect:
        """wait_any with nothing running (every run waits for the build) sleeps in select()."""
        @staticmethod
        def select(r, w, x, timeout=None):
            if r:
                raise OSError('eta_sim: no pidfds here')
            CLOCK.sleep(timeout or 0.01)
            return [], [], []
    regress.select_fds = VirtualSelect
    remaining = runs.Eta.remaining

    def counted(self, *a, **kw):
        COUNTS['eta_computations'] += 1
        return remaining(self, *a, **kw)
    runs.Eta.remaining = counted
    t0 = CLOCK.t
    if os.environ.get('ETA_SIM_BUILD'):
        CLOCK.build = Build(os.environ['ETA_SIM_BUILD'], t0)
    try:
        rc = regress.main(ARGS)
    except SystemExit as e:
        rc = e.code
    finally:
        sys.stdout = real_stdout
    with open(OUT, 'w') as f:
        json.dump({'rc': rc, 'lines': rec.lines, 'start': t0, 'end': CLOCK.t, 'polls': CLOCK.sleeps,
                   'counts': COUNTS}, f)
    return 0


if __name__ == '__main__':
    sys.exit(main())
