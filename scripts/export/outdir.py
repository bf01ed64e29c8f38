"""export/outdir.py - where an export is written, safely (docs/export.md, 'The output directory').

check(out, force) refuses, with one 'expected' message (OutError), an -o that cannot be an export's
directory: longer than 4096 bytes, not UTF-8, an existing file, under a file, or an existing
directory that is not empty and is not an earlier export (recognised by its MARKER file; replaced
only with --force).  publish(out, force, fill) writes the export into a temporary directory beside
out (fill(tmp)), writes MARKER and renames it into place, so a run killed part-way leaves the old
export whole (and at most a '.NAME.rcosim-tmp.*' directory beside it), never a mix: an earlier
export is swapped with the new one in one step (renameat2 RENAME_EXCHANGE), so out always exists.
"""
import ctypes
import os
import shutil
import tempfile

MARKER = '.rcosim-export'
MARKER_TEXT = 'rcosim export: this directory was written by rcosim export; --force replaces it\n'


class OutError(Exception):
    pass


LEGACY = ('rcosim_tb.sv', 'files.f', 'run.sh', 'vector.args', 'rtl')


def _is_export(d, legacy=False):
    """d holds an earlier export: its marker, or (legacy, for 'export --check''s own work tree only)
    a bench written before the marker existed, nothing but the files an export writes."""
    if os.path.isfile(os.path.join(d, MARKER)):
        return True
    names = set(os.listdir(d))
    return legacy and set(LEGACY) <= names and all(n in LEGACY or n.endswith('.hex') or n.startswith('build-')
                                                    for n in names)


def check(out, force, legacy=False):
    try:
        b = os.fsencode(out)
        out.encode('utf-8')
    except UnicodeError:
        raise OutError("-o %s: expected a UTF-8 directory name" % ascii(out)[1:-1])
    if len(b) > 4096:
        raise OutError('-o: expected a path of at most 4096 bytes, got %d bytes' % len(b))
    if not out or os.path.basename(os.path.normpath(out)) in ('', '.', '..', '/'):
        raise OutError("-o '%s': expected a directory name (a new directory or an earlier export)" % out)
    parent = os.path.dirname(os.path.abspath(out))
    p = parent
    while p and not os.path.lexists(p):
        p = os.path.dirname(p)
    if p and not os.path.isdir(p):
        raise OutError('-o %s: expected a directory path, %s is an existing file' % (out, p))
    if os.path.lexists(out):
        if os.path.islink(out) or not os.path.isdir(out):
            raise OutError('-o %s: expected a directory, it is an existing file' % out)
        if os.listdir(out) and not _is_export(out, legacy):
            raise OutError('-o %s: expected a new directory or an earlier export (%s): it exists and rcosim '
                           'export did not write it; nothing was changed' % (out, MARKER))
        if os.listdir(out) and not force:
            raise OutError('-o %s: expected a new directory: it holds an earlier export; --force replaces it' % out)


def _exchange(a, b):
    """Swaps the directories a and b in one step (Linux renameat2 RENAME_EXCHANGE); False where the
    system cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    AT_FDCWD, RENAME_EXCHANGE = -100, 2
    if fn(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE) == 0:
        return True
    return False


def publish(out, force, fill, legacy=False):
    """Checks out, then fill(tmp) and renames tmp to out (replacing an earlier export with force)."""
    check(out, force, legacy)
    out = os.path.normpath(out)
    parent = os.path.dirname(os.path.abspath(out))
    try:
        os.makedirs(parent, exist_ok=True)
        tmp = tempfile.mkdtemp(prefix='.%s.rcosim-tmp.' % os.path.basename(out)[:64], dir=parent)
    except OSError as e:
        raise OutError('-o %s: expected a directory it can write, %s' % (out, e.strerror or e))
    old = None
    try:
        fill(tmp)
        with open(os.path.join(tmp, MARKER), 'w') as f:
            f.write(MARKER_TEXT)
        os.chmod(tmp, 0o755)
        if os.path.isdir(out) and _exchange(tmp, out):
            old = tmp                       # tmp now holds the earlier export: out was never missing
        else:
            if os.path.isdir(out):
                old = tmp + '.old'
                os.rename(out, old)
            os.rename(tmp, out)
    except BaseException as e:
        if old and old != tmp and not os.path.exists(out):
            os.rename(old, out)
            old = None
        shutil.rmtree(tmp, ignore_errors=True)
        if isinstance(e, OSError):
            raise OutError('-o %s: expected a directory it can write, %s' % (out, e.strerror or e))
        raise
    if old:
        shutil.rmtree(old, ignore_errors=True)
