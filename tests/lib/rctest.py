"""rctest.py - what the end-to-end test scripts of tests/<block>/ share: running rcosim and the
block's directed-vector script, checking output, reading PNG headers, and the CASE dispatcher
(each case is one CTest test: SCRIPT RCOSIM SOURCE_DIR CASE).
"""
import filecmp
import os
import struct
import subprocess
import sys
import tempfile
import zlib


class Fail(Exception):
    pass


def run(ctx, *args, expect_rc):
    """rcosim ARGS from the source directory; its exit status must be expect_rc."""
    p = subprocess.run([ctx['rcosim']] + list(args), cwd=ctx['src'], capture_output=True, text=True,
                       timeout=600)
    if p.returncode != expect_rc:
        raise Fail('rcosim %s: exit %d, expected %d\nstdout:\n%s\nstderr:\n%s' %
                   (' '.join(args), p.returncode, expect_rc, p.stdout, p.stderr))
    return p


def on_pty(args, cwd, env=None):
    """Runs ARGS with stderr a pseudo-terminal (stdout a pipe): (process, its stdout, everything the
    terminal got, decoded).  For the progress lines, which are written only to a terminal."""
    import pty
    master, slave = pty.openpty()
    p = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=slave, text=True)
    os.close(slave)
    err = b''
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:          # EIO once the child has closed its end
            break
        if not chunk:
            break
        err += chunk
    out = p.stdout.read()
    p.wait()
    os.close(master)
    return p, out, err.decode()


def contains(text, *needles):
    for n in needles:
        if n not in text:
            raise Fail('expected %r in:\n%s' % (n, text))


def script_env(ctx):
    """The environment of a Python tool of scripts/: scripts/ is its import root."""
    old = os.environ.get('PYTHONPATH')
    path = os.path.join(ctx['src'], 'scripts') + (os.pathsep + old if old else '')
    return dict(os.environ, PYTHONDONTWRITEBYTECODE='1', PYTHONPATH=path)


def script(ctx, name, *args):
    """scripts/NAME ARGS (a block's directed-vector generator) from the source directory."""
    return subprocess.run([sys.executable, os.path.join(ctx['src'], 'scripts', name)] + list(args),
                          cwd=ctx['src'], capture_output=True, text=True, timeout=600, env=script_env(ctx))


def png_size(path):
    """(width, height) of a PNG file, checking its signature and IHDR."""
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != b'\x89PNG\r\n\x1a\n' or data[12:16] != b'IHDR':
        raise Fail('%s is not a PNG' % path)
    w, h = struct.unpack('>II', data[16:24])
    if zlib.crc32(data[12:29]) != struct.unpack('>I', data[29:33])[0]:
        raise Fail('%s: bad IHDR checksum' % path)
    return w, h


def main(argv, cases, name):
    """Run the case argv[3] of 'cases' (name -> function(ctx)); ctx has rcosim, src, tmp."""
    if len(argv) < 4 or argv[3] not in cases:
        sys.stderr.write('usage: %s RCOSIM SOURCE_DIR CASE\ncases: %s\n' % (name, ' '.join(sorted(cases))))
        return 2
    with tempfile.TemporaryDirectory(prefix=name + '.') as tmp:
        ctx = {'rcosim': os.path.abspath(argv[1]), 'src': os.path.abspath(argv[2]), 'tmp': tmp,
               'update': '--update' in argv}
        try:
            cases[argv[3]](ctx)
        except Fail as e:
            print('FAIL %s: %s' % (argv[3], e))
            return 1
    print('PASS %s' % argv[3])
    return 0


def cases_of(namespace):
    """The case_* functions of a module namespace, by name without the prefix."""
    return {k[5:]: v for k, v in namespace.items() if k.startswith('case_')}


def directed_check(ctx, block, name, family='r5xx'):
    """scripts/NAME --check: the golden vectors of vectors/FAMILY/BLOCK equal the script's own,
    independent reference of the block."""
    p = script(ctx, name, '--check', os.path.join(ctx['src'], 'vectors', family, block))
    if p.returncode != 0 or 'PASS' not in p.stdout:
        raise Fail('%s --check:\n%s%s' % (name, p.stdout, p.stderr))


def stim_current(ctx, block, name, family='r5xx'):
    """The committed stimulus files of vectors/FAMILY/BLOCK/stim are what scripts/NAME writes today."""
    out = os.path.join(ctx['tmp'], 'stim')
    p = script(ctx, name, out)
    if p.returncode != 0:
        raise Fail('%s:\n%s%s' % (name, p.stdout, p.stderr))
    ref = os.path.join(ctx['src'], 'vectors', family, block, 'stim')
    names = sorted(os.listdir(out))
    if names != sorted(n for n in os.listdir(ref) if n.endswith('.stim')):
        raise Fail('stimulus files differ: generated %s, committed %s' % (names, sorted(os.listdir(ref))))
    _, mismatch, errors = filecmp.cmpfiles(out, ref, names, shallow=False)
    if mismatch or errors:
        raise Fail('out of date (run scripts/regen-vectors): %s' % ' '.join(mismatch + errors))
