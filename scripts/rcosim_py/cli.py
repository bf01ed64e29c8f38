"""cli.py - the argument discipline of the Python tools, as rcosim's own: every bad value a
one-line 'PROG: given: expected' and exit status 2 (Usage raised, or Parser.error)."""
import argparse
import os
import re
import sys


class Usage(Exception):
    pass


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
