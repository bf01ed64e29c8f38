"""progress.py - the live progress line of a long Python tool (rcosim export --check), the twin of
bridge/rc_progress.c: after 2 s, one stderr line rewritten every second ("rcosim export --check:
3/40 benches done, 2 running: 0:07") until the work ends, then erased.  Nothing at all when stderr
is not a terminal (logs, CI, a pipe), so no output that programs read changes."""
import os
import sys
import threading
import time


class LiveLine:
    """with LiveLine(lambda: 'what is going on') as live: ...; live.say(text) prints a line of
    output (stdout) under the live line without mixing the two."""

    def __init__(self, text, stream=None, delay=2.0, every=1.0):
        self.text, self.stream = text, stream or sys.stderr
        # RCOSIM_PROGRESS_DELAY=S: the first line after S seconds (a test's short work shows it)
        self.delay, self.every = float(os.environ.get('RCOSIM_PROGRESS_DELAY', delay)), every
        self.tty = self.stream.isatty()
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.shown = False
        self.t0 = time.monotonic()
        self.thread = None

    def __enter__(self):
        if self.tty:
            self.thread = threading.Thread(target=self.loop, daemon=True)
            self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        if self.thread:
            self.thread.join()
        self.erase()
        return False

    def loop(self):
        if self.stop.wait(self.delay):
            return
        while True:
            el = int(time.monotonic() - self.t0)
            with self.lock:
                self.stream.write('\r\033[K%s: %d:%02d' % (self.text(), el // 60, el % 60))
                self.stream.flush()
                self.shown = True
            if self.stop.wait(self.every):
                return

    def erase(self):
        with self.lock:
            if self.shown:
                self.stream.write('\r\033[K')
                self.stream.flush()
                self.shown = False

    def say(self, line):
        """Prints LINE on stdout: the live line erased first (it comes back at the next tick)."""
        self.erase()
        with self.lock:
            print(line, flush=True)
