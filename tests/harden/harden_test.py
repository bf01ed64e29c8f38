#!/usr/bin/env python3
"""harden_test.py - the hardening contract of issue #17 (docs/hardening.md): every bad input of
the issue gives one line 'rcosim CMD: given: expected' (with file:line: for vectors) and exit 2,
never a traceback or a silent wrap-around; outputs are atomic and leave no temporary file;
what 'gen' writes, the reader reads back to the same bytes.

Usage: harden_test.py RCOSIM SOURCE_DIR CASE
"""
import gzip
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

VEC = 'vectors/r5xx/cp/type0_worked.vec'
PNG_VEC = 'vectors/r5xx/gfx2d/misc.vec'


class Fail(Exception):
    pass


class Skip(Exception):
    """The case cannot run here (a tool is missing): exit 77, reported by CTest as not run."""


def check(cond, what, *context):
    if not cond:
        raise Fail(what + ''.join('\n' + str(c) for c in context))


def run(ctx, args, rc, *needles, cwd=None):
    p = subprocess.run([ctx['rcosim']] + list(args), cwd=cwd or ctx['src'], capture_output=True,
                       timeout=900)
    out, err = p.stdout.decode('utf-8', 'replace'), p.stderr.decode('utf-8', 'replace')
    check(p.returncode == rc, 'rcosim %s: exit %d, expected %d' % (' '.join(map(str, args)), p.returncode, rc),
          'stdout:', out, 'stderr:', err)
    check('Traceback' not in err, 'a Python traceback', err)
    for n in needles:
        check(n in err or n in out, 'expected %r in the output of rcosim %s' % (n, ' '.join(map(str, args))),
              'stdout:', out, 'stderr:', err)
    return out, err


def vec_copy(ctx, edit, name='v.vec'):
    with open(os.path.join(ctx['src'], VEC)) as f:
        text = edit(f.read())
    path = os.path.join(ctx['tmp'], name)
    with open(path, 'w') as f:
        f.write(text)
    return path


def no_tmp_files(d):
    left = [n for n in os.listdir(d) if '.rcosim-tmp.' in n]
    check(not left, 'temporary files left in %s: %s' % (d, left))


def dead_pid():
    for pid in range(4000000, 4100000, 7):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return pid
        except PermissionError:
            pass
    raise Fail('no free pid')


# ---- 1. numbers and paths on the command line ------------------------------------------------------

def case_numbers(ctx):
    base = ['run', '--block', 'r5xx.cp', '--count', '10']
    run(ctx, base + ['--seed', '-1'], 2, "rcosim run: --seed '-1': expected a whole number 0..18446744073709551615")
    run(ctx, base + ['--seed', '18446744073709551616'], 2, "--seed '18446744073709551616': expected a whole number")
    run(ctx, base + ['--seed', ' 1'], 2, "--seed ' 1'")
    run(ctx, base + ['--seed', '18446744073709551615', '--quiet'], 0)
    run(ctx, base + ['--backpressure', 'bursty:4294967297'], 2,
        "--backpressure expects always, random:P (0<P<=1) or bursty:N, got 'bursty:4294967297'")
    run(ctx, base + ['--backpressure', 'bursty:-1'], 2, "got 'bursty:-1'")
    run(ctx, base + ['--mem-latency', '4294967297'], 2, "--mem-latency expects N or MIN:MAX cycles (1..1000), got '4294967297'")
    run(ctx, base + ['--mem-latency', '1:4294967297'], 2, "got '1:4294967297'")
    run(ctx, base + ['--mem-latency', '-1:5'], 2, "got '-1:5'")
    run(ctx, base + ['--max-mismatches', '4294967296'], 2, "--max-mismatches '4294967296': expected a whole number 0..4294967295")
    run(ctx, base + ['--history', '4294967296'], 2, "--history '4294967296'")
    run(ctx, base + ['--count', '-5'], 2, "--count '-5'")
    # The accepted forms still work.
    run(ctx, base + ['--backpressure', 'bursty:3', '--mem-latency', '2:7', '--quiet'], 0)


def case_out_dirs(ctx):
    f = os.path.join(ctx['tmp'], 'plain')
    open(f, 'w').close()
    base = ['run', '--vector', VEC]
    run(ctx, base + ['--png', f], 2, "rcosim run: --png '%s': expected a directory, it is an existing file" % f)
    run(ctx, base + ['--png', f + '/sub'], 2, "--png '%s/sub': expected a directory path, '%s' is an existing file" % (f, f))
    run(ctx, base + ['--wave', f], 2, "rcosim run: --wave '%s': expected a directory, it is an existing file" % f)
    run(ctx, ['replay', '--vector', VEC, '--wave', f + '/x/y'], 2, "'%s' is an existing file" % f)


# ---- 2. vector semantics name the line -------------------------------------------------------------

def case_vector_lines(ctx):
    # A missing input channel line: the first line after the header (line 11: the first 'mem').
    p = vec_copy(ctx, lambda t: t.replace('channel in host addr:16 data:32\n', ''))
    run(ctx, ['run', '--vector', p], 2, "%s:11: expected a 'channel in host ...' line in the header, before this line" % p)
    # A missing output channel line (needed because the vector has 'expect').
    p = vec_copy(ctx, lambda t: t.replace('channel out body data:32 last:1\n', ''))
    run(ctx, ['run', '--vector', p], 2, "%s:11: expected a 'channel out body ...' line in the header" % p)
    # Header settings out of range: the line of the setting, not the command line.
    p = vec_copy(ctx, lambda t: t.replace('backpressure always', 'backpressure bursty:4294967297'))
    run(ctx, ['run', '--vector', p], 2, "%s:4: backpressure 'bursty:4294967297': expected always" % p)
    p = vec_copy(ctx, lambda t: t.replace('mem-latency 1:1', 'mem-latency 0:2000'))
    run(ctx, ['replay', '--vector', p], 2, "%s:5: mem-latency '0:2000': expected N or MIN:MAX cycles (1..1000)" % p)
    # Overlapping memory sections: the later section's line.
    p = vec_copy(ctx, lambda t: t.replace('mem 00100000 ', 'mem 00100010 00000000\nmem 00100000 ', 1))
    run(ctx, ['run', '--vector', p], 2, "%s:13: expected memory sections not to overlap; this one overlaps the one at line 12" % p)
    # Past 4 GiB.
    p = vec_copy(ctx, lambda t: t.replace('mem 00100000 ', 'mem fffffffc 1 2\nmem 00100000 ', 1))
    run(ctx, ['run', '--vector', p], 2, "%s:12: expected memory words below 4 GiB" % p)
    # Out-of-order cycle stamps.
    lines = open(os.path.join(ctx['src'], VEC)).read().splitlines()
    outs = [i for i, l in enumerate(lines) if l.startswith('out memreq @')]
    i, j = outs[0], outs[1]
    lines[i], lines[j] = lines[j], lines[i]
    p = os.path.join(ctx['tmp'], 'order.vec')
    open(p, 'w').write('\n'.join(lines) + '\n')
    run(ctx, ['run', '--vector', p], 2, "%s:%d: expected cycle stamps of channel 'memreq' in order" % (p, j + 1))


def case_gzip_truncated(ctx):
    with open(os.path.join(ctx['src'], VEC), 'rb') as f:
        data = gzip.compress(f.read())
    whole = os.path.join(ctx['tmp'], 'whole.vec.gz')
    open(whole, 'wb').write(data)
    run(ctx, ['run', '--vector', whole, '--quiet'], 0)
    cut = os.path.join(ctx['tmp'], 'cut.vec.gz')
    open(cut, 'wb').write(data[:-8])            # the trailer (CRC and length) cut off
    run(ctx, ['run', '--vector', cut], 2, cut + ':', 'read error')
    bad = bytearray(data)
    bad[-8] ^= 0xff                               # a wrong CRC
    badp = os.path.join(ctx['tmp'], 'crc.vec.gz')
    open(badp, 'wb').write(bytes(bad))
    run(ctx, ['run', '--vector', badp], 2, badp + ':', 'read error')


def case_long_lines(ctx):
    # No fixed-size line buffer: a 100,000-character comment and stimulus line are read.
    p = vec_copy(ctx, lambda t: t.replace('seed 1\n', 'seed 1\n# ' + 'x' * 100000 + '\n'))
    run(ctx, ['run', '--vector', p, '--quiet'], 0)


# ---- 3. atomic outputs, temporary files --------------------------------------------------------------

def case_gen_tmp(ctx):
    out = os.path.join(ctx['tmp'], 'g.vec')
    stale = out + '.rcosim-tmp.%d' % dead_pid()
    open(stale, 'w').write('half a vector')
    run(ctx, ['gen', '--block', 'r5xx.cp', '--count', '20', '--seed', '3', '-o', out, '--quiet'], 0)
    check(not os.path.exists(stale), 'the stale temporary file of a killed gen was not removed')
    no_tmp_files(ctx['tmp'])
    old = open(out).read()
    # A gen killed by SIGTERM (at whatever point) leaves the old file whole and no temporary.
    p = subprocess.Popen([ctx['rcosim'], 'gen', '--block', 'r5xx.cp', '--count', '200000', '--seed', '4',
                          '-o', out, '--quiet'])
    time.sleep(1.0)
    p.send_signal(signal.SIGTERM)
    p.wait()
    check(open(out).read() == old or p.returncode == 0, 'the old vector was damaged by a killed gen')
    no_tmp_files(ctx['tmp'])


def case_deep_wave(ctx):
    # A --wave bundle from a working directory deeper than any fixed-size path buffer.
    d = ctx['tmp']
    rel = []
    while len(d) < 3000:
        d = os.path.join(d, 'd' * 200)
        rel.append('d' * 200)
    os.makedirs(d)
    src = os.path.abspath(os.path.join(ctx['src'], VEC))
    out, err = run(ctx, ['run', '--vector', src, '--inject', 'model:memreq.addr@0^0x4', '--wave', 'bundle'], 1,
                   'bundle:', cwd=d)
    b = os.path.join(d, 'bundle')
    for n in ('report.txt', 'report.json', 'wave.gtkw', 'wave.fst', 'repro.sh', 'vector.vec'):
        check(os.path.getsize(os.path.join(b, n)) > 0, 'bundle file %s empty or missing' % n)
    no_tmp_files(b)
    check(os.access(os.path.join(b, 'repro.sh'), os.X_OK), 'repro.sh not executable')


def case_png_fails(ctx):
    """A picture that cannot be written at the end of the run is exit 2, naming the file, with no
    temporary file left.  Deterministic: a directory already has the picture's name, so the final
    rename fails (EISDIR) after the run and after the pre-check of the directory passed."""
    d = os.path.join(ctx['tmp'], 'png')
    run(ctx, ['run', '--vector', PNG_VEC, '--png', d, '--quiet'], 0)
    names = sorted(os.listdir(d))
    check(names and all(n.endswith('.png') for n in names), 'pictures of a passing run', names)
    no_tmp_files(d)
    victim = [n for n in names if n.endswith('.model.png')][0]
    d2 = os.path.join(ctx['tmp'], 'png2')
    os.makedirs(os.path.join(d2, victim))
    out, err = run(ctx, ['run', '--vector', PNG_VEC, '--png', d2], 2,
                   "rcosim run: --png '%s': cannot write %s: Is a directory" % (d2, victim))
    check('PASS' in out, 'the run itself still reports its verdict', out)
    check(os.path.isdir(os.path.join(d2, victim)), 'the directory in the way was touched')
    no_tmp_files(d2)
    # The same through replay (the model side's picture only).
    d3 = os.path.join(ctx['tmp'], 'png3')
    os.makedirs(os.path.join(d3, victim))
    run(ctx, ['replay', '--vector', PNG_VEC, '--side', 'model', '--png', d3], 2,
        "rcosim replay: --png '%s': cannot write %s: Is a directory" % (d3, victim))
    no_tmp_files(d3)


def case_bundle_fails(ctx):
    """A --wave bundle file that cannot be written is exit 2 (not the mismatch's 1), naming the
    file, the other files still written, no temporary file left.  Deterministic: a directory
    already has report.json's name, so its final rename fails (EISDIR)."""
    d = os.path.join(ctx['tmp'], 'bundle')
    os.makedirs(os.path.join(d, 'report.json'))
    inj = ['--inject', 'rtl:regw.data@0^1']
    out, err = run(ctx, ['run', '--vector', VEC, '--wave', d] + inj, 2,
                   'rcosim: cannot write %s/report.json: Is a directory' % d,
                   "rcosim run: --wave '%s': the failure bundle could not be written whole" % d)
    check('FAIL r5xx.cp' in out, 'the run itself still reports its verdict', out)
    for name in ('report.txt', 'wave.fst', 'wave.gtkw', 'repro.sh'):
        check(os.path.isfile(os.path.join(d, name)), 'the rest of the bundle is written: ' + name)
    no_tmp_files(d)
    # The same bundle directory free: exit 1, the mismatch.
    d2 = os.path.join(ctx['tmp'], 'bundle2')
    run(ctx, ['run', '--vector', VEC, '--wave', d2] + inj, 1, 'bundle: ')
    check(os.path.isfile(os.path.join(d2, 'report.json')), 'report.json of a bundle written whole')


def deep_dir(root, nbytes):
    """Makes root/d.../d... (components of 200 bytes) deeper than nbytes with one mkdir and
    chdir at a time (no single path the kernel would refuse); returns its absolute name."""
    here = os.getcwd()
    os.chdir(root)
    path = root
    try:
        while len(path) <= nbytes:
            os.mkdir('d' * 200)
            os.chdir('d' * 200)
            path += '/' + 'd' * 200
    finally:
        os.chdir(here)
    return path


def rel_chdir(root, deep):
    os.chdir(root)
    for part in deep[len(root) + 1:].split('/'):
        os.chdir(part)


def case_deep_paths(ctx):
    """--png and --wave in a directory deeper than PATH_MAX (4096 bytes): from a working directory
    inside it, relative names work; absolute names the kernel cannot take are refused before the
    run (exit 2), never overrun a buffer."""
    root = ctx['tmp']
    deep = deep_dir(root, 4300)
    here = os.getcwd()
    src_vec = os.path.abspath(os.path.join(ctx['src'], PNG_VEC))
    cp_vec = os.path.abspath(os.path.join(ctx['src'], VEC))
    try:
        rel_chdir(root, deep)
        run(ctx, ['run', '--vector', src_vec, '--png', 'pics', '--quiet'], 0, cwd='.')
        check(any(n.endswith('.model.png') for n in os.listdir('pics')), 'pictures in a deep directory',
              os.listdir('pics'))
        no_tmp_files('pics')
        out, _ = run(ctx, ['run', '--vector', cp_vec, '--inject', 'model:memreq.addr@0^0x4', '--wave', 'bundle'], 1,
                     'bundle: ' + deep + '/bundle', cwd='.')
        for n in ('report.txt', 'report.json', 'wave.gtkw', 'wave.fst', 'repro.sh', 'vector.vec'):
            check(os.path.getsize(os.path.join('bundle', n)) > 0, 'bundle file %s empty or missing' % n)
        check((deep + '/bundle/wave.fst') in open('bundle/wave.gtkw').read(), 'the dump file named in wave.gtkw')
        no_tmp_files('bundle')
        # A repro line holding the (long) vector path whole.
        check(cp_vec in open('bundle/report.txt').read(), 'the repro line names the vector')
    finally:
        os.chdir(here)
    long_dir = deep + '/pics2'
    run(ctx, ['run', '--vector', PNG_VEC, '--png', long_dir], 2,
        "rcosim run: --png '%s...' (%d bytes): expected a path shorter than 4096 bytes (PATH_MAX)"
        % (long_dir[:60], len(long_dir)))
    run(ctx, ['replay', '--vector', VEC, '--wave', long_dir], 2, 'expected a path shorter than 4096 bytes (PATH_MAX)')
    run(ctx, ['gen', '--block', 'r5xx.cp', '--count', '5', '-o', deep + '/g.vec'], 2,
        "rcosim gen: -o '%s...' (%d bytes): expected a path shorter than 4096 bytes (PATH_MAX)"
        % (deep[:60], len(deep) + 6))
    run(ctx, ['run', '--vector', deep + '/v.vec'], 2, 'rcosim run: ' + deep + '/v.vec', 'File name too long')


# ---- 4. reader and writer agree ------------------------------------------------------------------------

def blocks(ctx):
    p = subprocess.run([ctx['rcosim'], 'list'], capture_output=True, text=True, check=True)
    return [l.split()[0] for l in p.stdout.splitlines() if l and not l.startswith(' ')]


def case_roundtrip(ctx):
    """Every block: gen writes a random vector; gen --stimulus reads it back and writes the same
    bytes (all but the stimulus line, which names the file it was read from); plain and gzip."""
    for b in blocks(ctx):
        for seed in (7, 8):
            for ext in ('.vec', '.vec.gz'):
                a = os.path.join(ctx['tmp'], 'a' + ext)
                c = os.path.join(ctx['tmp'], 'c' + ext)
                run(ctx, ['gen', '--block', b, '--count', '30', '--seed', str(seed), '--backpressure', 'random:0.5',
                          '--mem-latency', '1:4', '-o', a, '--quiet'], 0)
                run(ctx, ['gen', '--stimulus', a, '--backpressure', 'random:0.5', '-o', c, '--quiet'], 0)
                rd = (lambda p: gzip.open(p, 'rt').read()) if ext.endswith('.gz') else (lambda p: open(p).read())
                ta = [l for l in rd(a).splitlines() if not l.startswith('stimulus ')]
                tc = [l for l in rd(c).splitlines() if not l.startswith('stimulus ')]
                check(ta == tc, 'block %s seed %d%s: read back and rewritten, the vector differs' % (b, seed, ext))
                check('stimulus file a%s' % ext in rd(c), 'stimulus line of the rewritten vector', rd(c)[:400])
                run(ctx, ['replay', '--vector', a, '--side', 'model', '--quiet'], 0)
    no_tmp_files(ctx['tmp'])


def case_stimulus_name(ctx):
    """A stimulus file name with '#', tabs and spaces: gen writes a vector that run reads."""
    a = os.path.join(ctx['tmp'], 'a.vec')
    run(ctx, ['gen', '--block', 'r5xx.cp', '--count', '10', '-o', a, '--quiet'], 0)
    odd = os.path.join(ctx['tmp'], 'we ird#\tname .vec')
    shutil.copy(a, odd)
    c = os.path.join(ctx['tmp'], 'c.vec')
    run(ctx, ['gen', '--stimulus', odd, '-o', c, '--quiet'], 0)
    run(ctx, ['replay', '--vector', c, '--side', 'model', '--quiet'], 0)
    check('stimulus file we ird__name .vec\n' in open(c).read(), 'the sanitized stimulus line', open(c).read()[:300])


# ---- 7. hostile but valid streams end within the bounds ---------------------------------------------------

def hostile(ctx, mem, wptr):
    lines = open(os.path.join(ctx['src'], VEC)).read().splitlines(True)
    hdr = ''.join(l for l in lines if l.split()[:1] in (['rcosim-vector'], ['block'], ['seed'], ['backpressure'],
                                                        ['mem-latency'], ['channel']))
    host = ''.join(l for l in lines if l.startswith('in host'))
    host = re.sub(r'^in host 0714 00000003$', 'in host 0714 %08x' % wptr, host, flags=re.M)
    p = os.path.join(ctx['tmp'], 'hostile.vec')
    open(p, 'w').write(hdr + mem + host + 'end\n')
    return p


def case_hostile(ctx):
    pkt = '000101ce 00200000 00000003'      # type-0: CP_IB_BASE = 0x200000, CP_IB_BUFSZ = 3
    # An indirect buffer whose contents point at itself: its writes are register writes, not a chain.
    p = hostile(ctx, 'mem 00100000 %s\nmem 00200000 %s\n' % (pkt, pkt), 3)
    out, _ = run(ctx, ['run', '--vector', p, '--max-cycles', '100000'], 0, 'PASS r5xx.cp')
    # A write pointer far past the ring's size (64 dwords): it wraps; the run ends, RTL and model agree.
    p = hostile(ctx, 'mem 00100000 %s\n' % pkt, 0xffff)
    run(ctx, ['run', '--vector', p, '--max-cycles', '100000'], 0, 'PASS r5xx.cp')
    # A stream that never ends within the user's bound is a hang report (exit 1), not a crash.
    p = hostile(ctx, 'mem 00100000 %s\n' % pkt, 0xffff)
    run(ctx, ['run', '--vector', p, '--max-cycles', '50'], 1, 'hang')


# A PAINT_MULTI of 8191 x 8191 pixels (the largest rectangle: coordinates are signed 14-bit), the
# scissor opened as wide: about 740 million cycles of pixel writes.  DST_PITCH_OFFSET 0x43000400.
HUGE_PAINT = 'c0069a00 02f036da 43000400 00000000 1fff1fff 00307070 00000000 1fff1fff'


def huge_paint_vec(ctx, block, model_vec):
    lines = open_vec(os.path.join(ctx['src'], model_vec)).splitlines(True)
    hdr = ''.join(l for l in lines if l.split()[:1] in (['rcosim-vector'], ['block'], ['seed'], ['backpressure'],
                                                        ['mem-latency'], ['channel']))
    p = os.path.join(ctx['tmp'], block + '.huge.vec')
    open(p, 'w').write(hdr + 'mem 00800000 %s\n' % HUGE_PAINT +
                       'in host 0700 00800000\nin host 0704 08000008\nin host 0714 00000008\nend\n')
    return p


def open_vec(path):
    return gzip.open(path, 'rt').read() if path.endswith('.gz') else open(path).read()


def case_huge_paint(ctx):
    """A hostile but valid PM4 stream (one huge PAINT_MULTI through the CP, r5xx.pm4_2d and
    r5xx.gpu) ends at the user's --max-cycles with the hang report, exit 1; gen keeps nothing."""
    for block, model_vec in (('r5xx.pm4_2d', 'vectors/r5xx/pm4_2d/desktop.vec.gz'), ('r5xx.gpu', 'vectors/r5xx/gpu/fill_pkt.vec')):
        p = huge_paint_vec(ctx, block, model_vec)
        out, _ = run(ctx, ['run', '--vector', p, '--max-cycles', '30000'], 1,
                     'HANG %s: not finished after 30000 cycles (--max-cycles)' % block,
                     'FAIL %s %s: hang: not finished after --max-cycles 30000' % (block, p))
        # It was drawing all along (not stuck): pixels went out, RTL and model agreeing.
        check(re.search(r'pix +#[0-9]{3,} ', out), 'pixels drawn before the bound', out[-2000:])
        run(ctx, ['replay', '--vector', p, '--side', 'model', '--max-cycles', '30000'], 2,
            'the vector has no expected outputs')
        g = os.path.join(ctx['tmp'], 'g.vec')
        run(ctx, ['gen', '--stimulus', p, '--max-cycles', '30000', '-o', g], 1,
            'FAIL %s gen: not finished after --max-cycles 30000; seed 1 (nothing written)' % block)
        check(not os.path.exists(g), 'gen wrote a vector of a run it did not finish')
        no_tmp_files(ctx['tmp'])


# ---- 6. the malformed-input suite: every case exit 2, its message, no traceback, nothing written ----

def swap_outs(t):
    lines = t.split('\n')
    i = lines.index('out memreq @8 00100000 0 00000000 0')
    lines[i], lines[i + 1] = lines[i + 1], lines[i]
    return '\n'.join(lines)


# Vector edits of VEC (r5xx.cp type0_worked.vec, 43 lines: header 1-11, mem 12-27, host writes
# (the PM4 ring set-up) 28-35, expect 36, outputs 37-42, end 43): (name, edit, 'LINE: message').
MALFORMED_VECTORS = [
    ('no_magic', lambda t: t.replace('rcosim-vector 1\n', ''), "1: expected 'rcosim-vector 1' as the first line"),
    ('version', lambda t: t.replace('rcosim-vector 1', 'rcosim-vector 9'), "1: expected format version 1, got '9'"),
    ('binary', lambda t: '\x89PNG\r\n\x1a\n' + '\x7f' * 40, "1: expected 'rcosim-vector 1' as the first line"),
    ('block', lambda t: t.replace('block r5xx.cp', 'block r5xx.nope'), "2: expected a known block name, got 'r5xx.nope'"),
    ('seed_negative', lambda t: t.replace('seed 1\n', 'seed -1\n'), "3: expected 'seed DECIMAL'"),
    ('seed_wraps', lambda t: t.replace('seed 1\n', 'seed 18446744073709551616\n'), "3: expected 'seed DECIMAL'"),
    ('backpressure', lambda t: t.replace('backpressure always', 'backpressure sometimes'),
     "4: backpressure 'sometimes': expected always, random:P (0<P<=1) or bursty:N (1..1000000)"),
    ('backpressure_wraps', lambda t: t.replace('backpressure always', 'backpressure bursty:4294967297'),
     "4: backpressure 'bursty:4294967297': expected always"),
    ('latency_zero', lambda t: t.replace('mem-latency 1:1', 'mem-latency 0'),
     "5: mem-latency '0': expected N or MIN:MAX cycles (1..1000)"),
    ('latency_reversed', lambda t: t.replace('mem-latency 1:1', 'mem-latency 9:2'), "5: mem-latency '9:2': expected"),
    ('nul_byte', lambda t: t.replace('seed 1\n', 'seed 1\n\0\0\n'), '4: expected a line of text, got a NUL byte'),
    ('channel_unknown', lambda t: t.replace('channel out body', 'channel out nope'),
     "11: expected a channel of block r5xx.cp, got 'nope'"),
    ('channel_field', lambda t: t.replace('channel in host addr:16', 'channel in host adr:16'),
     "7: expected field 'addr:16' of channel 'host', got 'adr:16'"),
    ('channel_width', lambda t: t.replace('channel in host addr:16', 'channel in host addr:12'),
     "7: expected field 'addr:16' of channel 'host', got 'addr:12'"),
    ('channel_count', lambda t: t.replace('channel out regw addr:16 data:32 stream:2', 'channel out regw addr:16 data:32'),
     "9: expected 3 fields for channel 'regw', got 2"),
    ('channel_direction', lambda t: t.replace('channel in host', 'channel out host'),
     "7: expected channel 'host' to be 'in'"),
    ('channel_twice', lambda t: t.replace('channel out body data:32 last:1\n',
                                          'channel out body data:32 last:1\nchannel out body data:32 last:1\n'),
     "12: expected one 'channel' line per channel; 'body' was declared at line 11"),
    ('channel_missing', lambda t: t.replace('channel in host addr:16 data:32\n', ''),
     "11: expected a 'channel in host ...' line in the header, before this line"),
    ('stimulus_long', lambda t: t.replace('stimulus file type0_worked.stim', 'stimulus file ' + 'x' * 200),
     '6: expected a stimulus description of at most 127 characters, got 205'),
    ('header_late', lambda t: t.replace('end\n', 'seed 2\nend\n'),
     "43: expected 'seed' in the header, before any mem, in or out line"),
    ('block_twice', lambda t: t.replace('seed 1\n', 'seed 1\nblock r5xx.cp\n'), '4: expected seed, backpressure'),
    ('keyword', lambda t: t.replace('in host 0704 80000006', 'frob host 0704 80000006'),
     "29: expected seed, backpressure, mem-latency, stimulus, channel, mem, in, expect, out or end; got 'frob'"),
    ('mem_address', lambda t: t.replace('mem 00100020', 'mem 0010002g'),
     "13: expected 'mem ADDRESS WORD...' with a 4-aligned 32-bit hex address"),
    ('mem_unaligned', lambda t: t.replace('mem 00100020', 'mem 00100022'), "13: expected 'mem ADDRESS WORD...'"),
    ('mem_no_words', lambda t: t.replace('mem 00100020 ' + ' '.join(['00000000'] * 8), 'mem 00100020'),
     "13: expected 'mem ADDRESS WORD...'"),
    ('mem_word_wide', lambda t: t.replace('mem 00100020 00000000', 'mem 00100020 100000000'),
     "13: expected a 32-bit hex word, got '100000000'"),
    ('mem_overlap', lambda t: t.replace('mem 00100020 ', 'mem 00100000 ', 1),
     '13: expected memory sections not to overlap; this one overlaps the one at line 12'),
    ('mem_past_4g', lambda t: t.replace('mem 00100020 00000000 00000000', 'mem fffffff8 00000000 00000000 00000000', 1),
     '13: expected memory words below 4 GiB'),
    # The PM4 stream's set-up (host register writes to the CP) and the ring's packets.
    ('pm4_ring_word', lambda t: t.replace('mem 00100000 00011381', 'mem 00100000 0001138x'),
     "12: expected a 32-bit hex word, got '0001138x'"),
    ('pm4_wptr_wide', lambda t: t.replace('in host 0714 00000003', 'in host 0714 100000003'),
     "35: expected field 'data' to fit in 32 bits, got 100000003"),
    ('pm4_reg_wide', lambda t: t.replace('in host 0714 00000003', 'in host 10714 00000003'),
     "35: expected field 'addr' to fit in 16 bits"),
    ('in_few', lambda t: t.replace('in host 0704 80000006', 'in host 0704'), "29: expected 2 values for channel 'host', got 1"),
    ('in_many', lambda t: t.replace('in host 0704 80000006', 'in host 0704 80000006 5'),
     "29: expected 2 values for channel 'host', got 3"),
    ('in_hex', lambda t: t.replace('in host 0704 80000006', 'in host 0704 zz'), "29: expected a hex value for field 'data', got 'zz'"),
    ('in_undeclared', lambda t: t.replace('in host 0704 80000006', 'in hots 0704 80000006'),
     "29: expected a channel declared by a 'channel' line, got 'hots'"),
    ('in_output', lambda t: t.replace('in host 0704 80000006', 'in regw 0704 80000006 0'),
     "29: expected an input channel after 'in', got 'regw'"),
    ('expect_twice', lambda t: t.replace('expect\n', 'expect\nexpect\n'), "37: expected a single 'expect' line"),
    ('out_stamp_word', lambda t: t.replace('out regw @13', 'out regw @x13'), "41: expected a decimal cycle after '@', got '@x13'"),
    ('out_stamp_negative', lambda t: t.replace('out regw @13', 'out regw @-13'), "41: expected a decimal cycle after '@'"),
    ('out_no_stamp', lambda t: t.replace('out regw @13 ', 'out regw '), "41: expected '@CYCLE' after the output channel 'regw'"),
    ('out_order', swap_outs, "38: expected cycle stamps of channel 'memreq' in order"),
    ('out_field_wide', lambda t: t.replace('out pkt @11 0 0 00 0001 000000 0', 'out pkt @11 0 0 00 0001 000000 8'),
     "40: expected field 'err' to fit in 3 bits, got 8"),
    # Issue 29: a header setting given twice (the last one used to win silently), an input on a
    # channel the memory agent drives ('gen' wrote it and 'run' refused what gen wrote).
    ('seed_twice', lambda t: t.replace('stimulus file', 'seed 2\nstimulus file'),
     "6: expected one 'seed' line in the header; it was given at line 3"),
    ('backpressure_twice', lambda t: t.replace('mem-latency 1:1\n', 'mem-latency 1:1\nbackpressure always\n'),
     "6: expected one 'backpressure' line in the header; it was given at line 4"),
    ('latency_twice', lambda t: t.replace('channel in host', 'mem-latency 2\nchannel in host'),
     "7: expected one 'mem-latency' line in the header; it was given at line 5"),
    ('stimulus_twice', lambda t: t.replace('channel out body data:32 last:1\n',
                                           'channel out body data:32 last:1\nstimulus file again.stim\n'),
     "12: expected one 'stimulus' line in the header; it was given at line 6"),
    ('in_agent', lambda t: t.replace('channel in host addr:16 data:32\n', 'channel in host addr:16 data:32\n'
                                     'channel in memrsp data:32\n').replace('in host 0704 80000006', 'in memrsp 80000006'),
     "30: expected an input channel the vector drives, got 'memrsp' (the memory agent drives it)"),
    ('truncated', lambda t: t.replace('end\n', ''), "43: expected 'end' (the file is truncated)"),
    ('after_end', lambda t: t + 'in host 0704 80000006\n', "44: expected nothing after 'end'"),
]


def case_malformed(ctx):
    """The malformed-input suite of issue #17: vectors (plain and gzip), stimulus files, PM4
    streams and every option of every subcommand, each exit 2 with its message ('rcosim CMD:',
    and FILE:LINE: where a file is involved), no traceback, no output or temporary file left."""
    src_text = open(os.path.join(ctx['src'], VEC)).read()
    out_dir = os.path.join(ctx['tmp'], 'out')           # every output a case names goes here
    os.makedirs(out_dir)
    n = 0

    def bad(args, *needles):
        nonlocal n
        run(ctx, args, 2, *needles)
        n += 1

    # Vectors: run (and gen --stimulus, which reads the same way) name FILE:LINE.
    for i, (name, edit, msg) in enumerate(MALFORMED_VECTORS):
        p = os.path.join(ctx['tmp'], 'm_%s.vec' % name)
        with open(p, 'w', newline='') as f:
            f.write(edit(src_text))
        cmd = ['gen', '--stimulus', p, '-o', os.path.join(out_dir, 'g.vec')] if i % 4 == 3 else ['run', '--vector', p]
        bad(cmd, 'rcosim %s: %s:%s' % (cmd[0], p, msg))
    # gzip: truncated, corrupt, not gzip at all but named .gz (read as plain: its first line).
    data = gzip.compress(src_text.encode(), mtime=0)
    for name, blob, msg in (('cut', data[:-8], 'read error'), ('crc', data[:-8] + bytes([data[-8] ^ 0xff]) + data[-7:], 'read error'),
                            ('half', data[:len(data) // 2], 'read error')):
        p = os.path.join(ctx['tmp'], 'm_%s.vec.gz' % name)
        open(p, 'wb').write(blob)
        bad(['run', '--vector', p], 'rcosim run: %s:' % p, msg)
    # Bytes after the gzip data (zlib's gz* reading ignores them; issue 29): the line after the last.
    for name, blob, msg in (('garbage', data + b'garbage\n', '44: expected the end of the file after the gzip data, '
                                                              'got 8 more bytes'),
                            ('zeros', data + b'\0' * 4, '44: expected the end of the file after the gzip data, got 4'),
                            ('two_garbage', gzip.compress(src_text[:100].encode(), mtime=0) +
                             gzip.compress(src_text[100:].encode(), mtime=0) + b'x', '44: expected the end of the file')):
        p = os.path.join(ctx['tmp'], 'm_%s.vec.gz' % name)
        open(p, 'wb').write(blob)
        bad(['run', '--vector', p], 'rcosim run: %s:%s' % (p, msg))
        bad(['gen', '--stimulus', p, '-o', os.path.join(out_dir, 'g.vec')], 'rcosim gen: %s:%s' % (p, msg))
    p = os.path.join(ctx['tmp'], 'm_empty.vec')
    open(p, 'w').close()
    bad(['replay', '--vector', p], "rcosim replay: %s:1: expected 'rcosim-vector 1', got an empty file" % p)
    bad(['run', '--vector', ctx['tmp']], 'rcosim run: %s: cannot open: expected a vector file, it is a directory' % ctx['tmp'])
    bad(['run', '--vector', 'no/such.vec'], 'rcosim run: no/such.vec: cannot open: No such file or directory')
    bad(['gen', '--stimulus', 'no/such.vec', '-o', os.path.join(out_dir, 'g.vec')], 'rcosim gen: no/such.vec: cannot open')
    bad(['replay', '--vector', 'vectors/r5xx/cp'], 'rcosim replay: vectors/r5xx/cp: cannot open: expected a vector file, it is a directory')
    # A stimulus (a vector without expected outputs) replayed: nothing to compare against.
    stim = os.path.join(ctx['tmp'], 'm_stim.vec')
    open(stim, 'w').write(src_text[:src_text.index('expect\n')] + 'end\n')
    bad(['replay', '--vector', stim], "rcosim replay: %s: the vector has no expected outputs ('expect' section)" % stim)

    plain = os.path.join(ctx['tmp'], 'plain')
    open(plain, 'w').close()
    run_ = ['run', '--vector', VEC]
    num = "expected a whole number 0..18446744073709551615"
    # run: every option.
    for args, msg in [
        (['--seed', '-1'], "rcosim run: --seed '-1': " + num),
        (['--max-cycles', '-3'], "rcosim run: --max-cycles '-3': " + num),
        (['--watchdog', 'x'], "rcosim run: --watchdog 'x': " + num),
        (['--max-mismatches', '4294967296'], "rcosim run: --max-mismatches '4294967296': expected a whole number 0..4294967295"),
        (['--history', '1e3'], "rcosim run: --history '1e3': expected a whole number 0..4294967295"),
        (['--wave-before', '-1', '--wave', out_dir + '/w'], "rcosim run: --wave-before '-1': " + num),
        (['--wave-after', 'x', '--wave', out_dir + '/w'], "rcosim run: --wave-after 'x': " + num),
        (['--wave-range', '5:2', '--wave', out_dir + '/w'], "rcosim run: --wave-range expects A:B with A <= B (cycles), got '5:2'"),
        (['--wave-all'], 'rcosim run: --wave-range, --wave-all, --wave-before and --wave-after need --wave DIR'),
        (['--wave', plain], "rcosim run: --wave '%s': expected a directory, it is an existing file" % plain),
        (['--png', plain + '/sub'], "rcosim run: --png '%s/sub': expected a directory path, '%s' is an existing file" % (plain, plain)),
        (['--threads', '3'], "rcosim run: --threads expects 1 or 2, got '3'"),
        (['--engine', 'fast'], "rcosim run: --engine expects generated or tables, got 'fast'"),
        (['--mode', 'loose'], "rcosim run: --mode expects exact or ordered, got 'loose'"),
        (['--backpressure', 'random:0'], "rcosim run: --backpressure expects always, random:P (0<P<=1) or bursty:N, got 'random:0'"),
        (['--backpressure', 'random:1.5'], "got 'random:1.5'"),
        (['--mem-latency', '5:2'], "rcosim run: --mem-latency expects N or MIN:MAX cycles (1..1000), got '5:2'"),
        (['--trace', 'nope'], "rcosim run: --trace: 'nope' is not an output channel of the block (or 'all')"),
        (['--inject', 'junk'], "rcosim run: --inject expects SIDE:CHANNEL.FIELD@TXN^HEXMASK, got 'junk'"),
        (['--inject', 'model:nope.data@0^1'], "rcosim run: --inject: 'nope' is not an output channel of the block"),
        (['--inject', 'a'] * 1 + ['--inject', 'b', '--inject', 'c', '--inject', 'd', '--inject', 'e'], 'rcosim run: at most 4 --inject options'),
        (['--side', 'rtl'], 'rcosim run: option --side does not apply here'),
        (['--count', '5'], 'rcosim run: give either --vector FILE or --count N'),
        (['--block', 'r5xx.zb'], 'rcosim run: %s: the vector is for block r5xx.cp, not --block r5xx.zb' % VEC),
        (['extra'], "rcosim run: unexpected argument 'extra'"),
        (['--frobnicate'], "rcosim run: unknown option '--frobnicate'"),
        (['--seed'], "rcosim run: option '--seed' needs a value"),
    ]:
        bad(run_ + args, msg)
    bad(['run', '--count', '5'], 'rcosim run: --block is required')
    bad(['run', '--block', 'nope', '--count', '3'], "rcosim run: unknown block 'nope'")
    bad(['run', '--block', 'r5xx.cp', '--count', '99999999999999999999'], "rcosim run: --count '99999999999999999999': " + num)
    # gen.
    g = os.path.join(out_dir, 'g.vec')
    gen = ['gen', '--block', 'r5xx.cp', '--count', '5']
    bad(gen, 'rcosim gen: -o FILE is required')
    bad(gen + ['-o'], "rcosim gen: option '-o' needs a value")
    bad(['gen', '--block', 'r5xx.cp', '-o', g], 'rcosim gen: give either --count N or --stimulus FILE')
    bad(gen + ['-o', g, '--mode', 'exact'], 'rcosim gen: option --mode does not apply here')
    bad(gen + ['-o', out_dir], "rcosim gen: -o '%s': expected a file name, it is a directory" % out_dir)
    bad(gen + ['-o', plain + '/g.vec'], "rcosim gen: -o '%s/g.vec': expected a file in an existing directory, '%s' is not a directory"
        % (plain, plain))
    bad(gen + ['-o', out_dir + '/no/g.vec'], "expected a file in an existing directory, '%s/no': No such file or directory" % out_dir)
    bad(gen + ['-o', g, '--seed', 'x'], "rcosim gen: --seed 'x': " + num)
    bad(gen + ['-o', g, '--watchdog', '-1'], "rcosim gen: --watchdog '-1': " + num)
    bad(gen + ['-o', g, '--backpressure', 'bursty:0'], "rcosim gen: --backpressure expects")
    bad(gen + ['-o', g, '--mem-latency', '0:1'], "rcosim gen: --mem-latency expects")
    bad(gen + ['-o', g, '--engine', 'x'], "rcosim gen: --engine expects generated or tables, got 'x'")
    # replay.
    bad(['replay'], 'rcosim replay: --vector FILE is required')
    bad(['replay', '--vector', VEC, '--side', 'both'], "rcosim replay: --side expects rtl or model, got 'both'")
    bad(['replay', '--vector', VEC, '--count', '3'], 'rcosim replay: option --count does not apply here')
    bad(['replay', '--vector', VEC, '--threads', '2'], 'rcosim replay: option --threads does not apply here')
    bad(['replay', '--vector', VEC, '--max-mismatches', '-1'], "rcosim replay: --max-mismatches '-1'")
    bad(['replay', '--vector', VEC, '--png', plain], "rcosim replay: --png '%s': expected a directory, it is an existing file" % plain)
    bad(['replay', '--vector', VEC, '--inject', 'model:regw.data@0^1'], "side 'model' is not part of this run")
    # bare, list, wave, regs, the top level.
    bad(['bare'], 'rcosim bare: --vector FILE is required')
    bad(['bare', '--vector', VEC, '--seed', '3'], 'rcosim bare: option --seed does not apply here')
    bad(['bare', '--vector', VEC, '--max-cycles', 'x'], "rcosim bare: --max-cycles 'x': " + num)
    bad(['list', 'x'], "rcosim list: unexpected argument 'x'")
    bad(['wave'], 'rcosim wave: expected one bundle directory')
    bad(['wave', 'a', 'b'], 'rcosim wave: expected one bundle directory')
    bad(['wave', out_dir], 'rcosim wave: %s: expected a bundle with wave.fst and wave.gtkw (made by --wave)' % out_dir)
    bad(['regs', '--bogus'], "rcosim regs: unknown option '--bogus'")
    bad(['regs', 'NOPE_REG'], "rcosim regs: no register named 'NOPE_REG' in family r5xx")
    bad(['regs', 'CP_RB_CNTL', 'zz'], "rcosim regs: 'zz' is not a 32-bit value (decimal or 0x-hex) nor FIELD=VALUE assignments")
    bad(['regs', 'CP_RB_CNTL', 'NOPE=1'], "rcosim regs: CP_RB_CNTL has no field 'NOPE'")
    bad(['regs', '--family', 'xx', 'CP_RB_CNTL'], "rcosim regs: unknown family 'xx' (known: r5xx si)")
    bad(['bogus'], "rcosim: unknown command 'bogus'")
    # regress (its own parser, in Python): never a traceback.
    o = os.path.join(out_dir, 'reg')
    for args, msg in [
        (['--block', 'nope'], "rcosim regress: unknown block 'nope'"),
        (['--shard', '3/2'], "rcosim regress: argument --shard: expects I/N with 1 <= I <= N, got '3/2'"),
        (['--max-failures', '-1'], "rcosim regress: argument --max-failures: '-1': expected a whole number >= 0"),
        (['--filter', '('], "rcosim regress: --filter: bad regular expression '('"),
        (['--suite', 'weekly'], "rcosim regress: argument --suite: invalid choice: 'weekly'"),
        (['--count', '-1'], "rcosim regress: argument --count: '-1': expected a whole number 1..18446744073709551615"),
        (['--vectors', '/nonexistent'], 'rcosim regress: --vectors: no directory /nonexistent'),
        (['--bogus'], 'rcosim regress: unrecognized arguments: --bogus'),
        (['-j', '0'], "rcosim regress: argument -j/--jobs: '0': expected a whole number 1..4096"),
    ]:
        bad(['regress', '-o', o] + args, msg)
    # export (Python too): rcosim's form, never a traceback, nothing written.
    ex = os.path.join(out_dir, 'ex')
    for args, msg in [
        ([], 'rcosim export: nothing given: expected --vector V --format sv|cocotb -o DIR, or --check'),
        (['--bogus'], 'rcosim export --format sv: --bogus: not an option of this command'),
        (['--vector', VEC], 'rcosim export --format sv: expected --vector V and -o DIR'),
        (['--vector', VEC, '-o', ex, '--format', 'vhdl'], "rcosim export: --format expects sv or cocotb, got 'vhdl'"),
        (['--vector', VEC, '-o', ex, '--mode', 'loose'], "rcosim export --format sv: argument --mode: invalid choice: 'loose'"),
        (['--vector', VEC, '-o', ex, '--format', 'cocotb', '--mode', 'exact'],
         'rcosim export --format cocotb: --mode exact: not an option of this command'),
        (['--vector', 'no/such.vec', '-o', ex], 'rcosim export: no/such.vec: cannot open: No such file or directory'),
        (['--check', '--block', 'r5xx.cp', '-j', 'x'], "rcosim export --check: argument -j: 'x': expected a whole number 1..4096"),
        (['--check', '--frob'], 'rcosim export --check: unrecognized arguments: --frob'),
    ]:
        bad(['export'] + args, msg)
    check(n >= 60, 'the malformed-input suite has %d cases, expected at least 60' % n)
    # Nothing written by any of them: no output, no temporary file anywhere.
    left = [os.path.join(d, f) for d, _, fs in os.walk(out_dir) for f in fs]
    check(not left, 'outputs left by refused commands: %s' % left)
    for d, _, fs in os.walk(ctx['tmp']):
        check(not [f for f in fs if '.rcosim-tmp.' in f], 'temporary files left in %s' % d)
    print('%d malformed inputs, each exit 2 with its message' % n)


# ---- regress ----------------------------------------------------------------------------------------------

def regress(ctx, args, rc, *needles):
    return run(ctx, ['regress'] + args, rc, *needles)


def case_regress_usage(ctx):
    v = os.path.join(ctx['tmp'], 'vectors', 'r5xx', 'cp')
    os.makedirs(v)
    shutil.copy(os.path.join(ctx['src'], VEC), v)
    vd = os.path.join(ctx['tmp'], 'vectors')
    o = os.path.join(ctx['tmp'], 'out')
    regress(ctx, ['--vectors', vd, '-o', o, '--seed-base', '-1'], 2,
            "rcosim regress: argument --seed-base: '-1': expected a whole number")
    regress(ctx, ['--vectors', vd, '-o', o, '--timeout', '-1'], 2,
            "rcosim regress: argument --timeout: '-1': expected a number of seconds >= 0")
    regress(ctx, ['--vectors', vd, '-o', o, '--timeout', 'nan'], 2, "'nan': expected a number of seconds")
    regress(ctx, ['--vectors', vd, '-o', o, '-j', '0'], 2, "argument -j/--jobs: '0': expected a whole number 1..4096")
    regress(ctx, ['--vectors', vd, '-o', o, '--seeds', 'x'], 2, "argument --seeds: 'x'")
    f = os.path.join(ctx['tmp'], 'plain')
    open(f, 'w').close()
    regress(ctx, ['--vectors', vd, '-o', os.path.join(f, 'out')], 2,
            "rcosim regress: -o %s/out: expected a directory path, %s is an existing file" % (f, f))
    regress(ctx, ['--vectors', vd, '-o', f], 2, "rcosim regress: -o %s: expected a directory, it is an existing file" % f)
    # A directory the file system refuses (read-only for everyone, root included).
    regress(ctx, ['--vectors', vd, '-o', '/proc/rcosim-regress-out', '--seeds', '0'], 2, 'rcosim regress: /proc/rcosim-regress-out')
    check(not os.path.exists(o), 'a refused regression created its output directory')
    # A vector file whose name is not UTF-8.
    bad = os.path.join(os.fsencode(v), b'bad\xff.vec')
    shutil.copy(os.path.join(ctx['src'], VEC), bad)
    regress(ctx, ['--vectors', vd, '-o', o, '--seeds', '0'], 2, 'a vector file name that is not UTF-8', 'bad\\xff.vec')


def case_regress_signal(ctx):
    """SIGTERM stops the children and leaves reports that say so; nothing of the last run stays."""
    vd = os.path.join(ctx['tmp'], 'vectors')
    os.makedirs(os.path.join(vd, 'r5xx', 'cp'))
    shutil.copy(os.path.join(ctx['src'], VEC), os.path.join(vd, 'r5xx', 'cp'))
    o = os.path.join(ctx['tmp'], 'out')
    os.makedirs(o)
    open(os.path.join(o, 'junit.xml'), 'w').write('<last night/>')
    p = subprocess.Popen([ctx['rcosim'], 'regress', '--vectors', vd, '-o', o, '--block', 'r5xx.cp', '--seeds', '2',
                          '--count', '9000000', '-j', '2'], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # Wait for the children to start.
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        runs = os.path.join(o, 'runs')
        if os.path.isdir(runs) and any(n.startswith('random') for n in os.listdir(runs)):
            break
        time.sleep(0.2)
    time.sleep(1.0)
    p.send_signal(signal.SIGTERM)
    out, err = p.communicate(timeout=300)
    err = err.decode('utf-8', 'replace')
    check(p.returncode == 130, 'regress after SIGTERM: exit %d, expected 130' % p.returncode, err, out.decode())
    check('Traceback' not in err, 'traceback', err)
    import json
    res = json.load(open(os.path.join(o, 'results.json')))
    check(res['stopped'] == 'interrupted', 'results.json stopped: %r' % res['stopped'])
    check(any(r['message'].startswith('not finished: interrupted') for r in res['runs']), 'runs marked', res['runs'])
    check('<last night/>' not in open(os.path.join(o, 'junit.xml')).read(), 'last night\'s junit.xml kept')
    # No child left running.
    left = subprocess.run(['pgrep', '-f', '--', '--count 9000000 '], capture_output=True, text=True).stdout.split()
    check(not left, 'children still running: %s' % left)
    no_tmp_files(o)


# ---- export and resume made safe (issue #29, point 1; docs/export.md, docs/regression.md) ----------

def tree(d):
    """{relative path: bytes} of every file under d."""
    out = {}
    for root, _, files in os.walk(d):
        for n in files:
            q = os.path.join(root, n)
            out[os.path.relpath(q, d)] = open(q, 'rb').read()
    return out


def no_export_tmp(parent):
    left = [n for n in os.listdir(parent) if '.rcosim-tmp.' in os.fsdecode(n)]
    check(not left, 'temporary export directories left in %s: %s' % (parent, left))


def case_export_out(ctx):
    """-o is written through a temporary directory and a rename; a directory export did not write is
    never touched, --force replaces only an earlier export; every -o error exit 2, nothing left."""
    t = ctx['tmp']
    vec = os.path.join(ctx['src'], VEC)
    for fmt in ('sv', 'cocotb'):
        exp = ['export', '--vector', vec, '--format', fmt]
        o = os.path.join(t, 'out-' + fmt)
        run(ctx, exp + ['-o', o], 0)
        check(os.path.isfile(os.path.join(o, '.rcosim-export')), 'no .rcosim-export marker in ' + o)
        first = tree(o)
        no_export_tmp(t)
        run(ctx, exp + ['-o', o], 2, 'rcosim export: -o %s: expected a new directory: it holds an earlier export; '
            '--force replaces it' % o)
        check(tree(o) == first, 'a refused export changed ' + o)
        open(os.path.join(o, 'stale.hex'), 'w').write('old\n')
        run(ctx, exp + ['-o', o, '--force'], 0)
        check(tree(o) == first, '--force did not replace the earlier export exactly (stale files kept?)')
        no_export_tmp(t)
        # A user's directory (no marker): refused with and without --force, every file kept.
        mine = os.path.join(t, 'mine-' + fmt)
        os.makedirs(os.path.join(mine, 'rtl'))
        for n, text in (('rtl/my.sv', 'module my; endmodule\n'), ('files.f', 'mine\n'), ('run.sh', 'echo mine\n')):
            open(os.path.join(mine, n), 'w').write(text)
        before = tree(mine)
        for force in ([], ['--force']):
            run(ctx, exp + ['-o', mine] + force, 2, 'rcosim export: -o %s: expected a new directory or an earlier '
                'export (.rcosim-export): it exists and rcosim export did not write it; nothing was changed' % mine)
            check(tree(mine) == before, 'export changed a directory it did not write: ' + mine)
    exp = ['export', '--vector', vec, '--format', 'sv']
    f = os.path.join(t, 'plain')
    open(f, 'w').close()
    run(ctx, exp + ['-o', f], 2, 'rcosim export: -o %s: expected a directory, it is an existing file' % f)
    run(ctx, exp + ['-o', f + '/sub'], 2, 'rcosim export: -o %s/sub: expected a directory path, %s is an existing file'
        % (f, f))
    run(ctx, exp + ['-o', os.path.join(t, 'd' * 5000)], 2,
        'rcosim export: -o: expected a path of at most 4096 bytes, got')
    run(ctx, exp + ['-o', '/proc/rcosim-export-out'], 2, 'rcosim export: -o /proc/rcosim-export-out: expected a '
        'directory it can write')
    # A failing export leaves nothing: no directory, no temporary directory.
    bad = os.path.join(t, 'bad.vec')
    open(bad, 'wb').write(b'\xff\xfe' + open(vec, 'rb').read())
    o = os.path.join(t, 'never')
    run(ctx, ['export', '--vector', bad, '-o', o], 2, "rcosim export: %s:1: expected 'rcosim-vector 1'" % bad)
    check(not os.path.exists(o), 'a failed export created ' + o)
    no_export_tmp(t)


def case_export_inputs(ctx):
    """Bad vectors, hostile vector names and bad --check options: exit 2 with one 'expected' line, or
    (names) a bench that compiles with the name as one plusarg."""
    t = ctx['tmp']
    vec = os.path.join(ctx['src'], VEC)
    text = open(vec, 'rb').read()
    cases = [('nonutf8.vec', b'\xff' + text, ":1: expected 'rcosim-vector 1'"),
             ('cut.vec.gz', gzip.compress(text)[:-8], ':'),
             ('block.vec', text.replace(b'block r5xx.cp', b'block r5xxcp'), ":2: expected a known block name, got 'r5xxcp'"),
             ('seed.vec', re.sub(rb'(?m)^seed .*$', b'seed 1x', text), ":3: expected 'seed DECIMAL'")]
    for name, data, msg in cases:
        p = os.path.join(t, name)
        open(p, 'wb').write(data)
        more = ['expected more text, read error'] if name.endswith('.gz') else []
        run(ctx, ['export', '--vector', p, '-o', os.path.join(t, 'o-' + name)], 2, 'rcosim export: ' + p + msg, *more)
        check(not os.path.exists(os.path.join(t, 'o-' + name)), 'a failed export left its directory')
        run(ctx, ['export', '--check', '-o', os.path.join(t, 'chk'), p], 2, 'rcosim export: ' + p + msg, *more)
    run(ctx, ['export', '--vector', os.path.join(t, 'none.vec'), '-o', os.path.join(t, 'o-none')], 2,
        'rcosim export: %s: cannot open' % os.path.join(t, 'none.vec'))
    run(ctx, ['export', '--check', os.path.join(t, 'none.vec')], 2,
        'rcosim export --check: %s: expected a vector file, no such file' % os.path.join(t, 'none.vec'))
    run(ctx, ['export', '--check', '--block', 'typo'], 2, "rcosim export --check: --block 'typo': expected a block name")
    run(ctx, ['export', '--check', '--timeout', '-1', vec], 2, "'-1': expected a whole number of seconds")
    run(ctx, ['export', '--check', '-j', '0', vec], 2, "'0': expected a whole number 1..4096")
    # Names: a '"', a newline, a space, a byte that is not UTF-8.  The bench compiles (Icarus, when
    # installed) and '+name=' is one plusarg.
    for raw in (b'q"uote', b'new\nline', b'sp ace', b'bad\xffbyte'):
        p = os.path.join(os.fsencode(t), raw + b'.vec')
        open(p, 'wb').write(text)
        o = os.path.join(t, 'o-name')
        shutil.rmtree(o, ignore_errors=True)
        run(ctx, ['export', '--vector', p, '-o', o], 0)
        args = open(os.path.join(o, 'vector.args'), encoding='utf-8').read().split()
        names = [a for a in args if a.startswith('+name=')]
        check(names and re.fullmatch(r'\+name=[A-Za-z0-9_.+-]+', names[0]) and not any(
            a.startswith(('new', 'ace', 'line', 'byte')) for a in args), 'vector.args of %r: %s' % (raw, args))
        if shutil.which('iverilog'):
            c = subprocess.run(['iverilog', '-g2012', '-o', os.path.join(o, 'sim.vvp'), '-s', 'rcosim_tb', '-f',
                                'files.f'], cwd=o, capture_output=True, text=True)
            check(c.returncode == 0, 'the bench of %r does not compile' % raw, c.stdout, c.stderr)


def case_export_killed(ctx):
    """An export killed (SIGKILL) at any moment leaves -o as the earlier export or the new one, whole,
    never a mix of old and new files and never missing; the next --force export cleans up."""
    t = ctx['tmp']
    a_vec = os.path.join(ctx['src'], VEC)
    b_vec = os.path.join(ctx['src'], 'vectors', 'r5xx', 'cp', 'type3_nop.vec')    # ~1 MB: a long write
    ref = {}
    for name, v in (('a', a_vec), ('b', b_vec)):
        run(ctx, ['export', '--vector', v, '-o', os.path.join(t, 'ref-' + name)], 0)
        ref[name] = tree(os.path.join(t, 'ref-' + name))
    o = os.path.join(t, 'out')
    seen = []
    for i in range(12):
        shutil.rmtree(o, ignore_errors=True)
        run(ctx, ['export', '--vector', a_vec, '-o', o], 0)
        p = subprocess.Popen([ctx['rcosim'], 'export', '--vector', b_vec, '-o', o, '--force'],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(0.08 * i)
        p.kill()
        err = p.communicate()[1].decode('utf-8', 'replace')
        check('Traceback' not in err, 'traceback', err)
        check(os.path.isdir(o), 'after a kill at %.2f s, %s is missing' % (0.08 * i, o))
        now = tree(o)
        which = [k for k in ('a', 'b') if now == ref[k]]
        check(which, 'after a kill at %.2f s, %s is neither the earlier export nor the new one: %d files, '
              'differing: %s' % (0.08 * i, o, len(now), sorted(k for k in set(now) | set(ref['a'])
                                                            if now.get(k) != ref['a'].get(k))[:8]))
        seen.append(which[0])
    run(ctx, ['export', '--vector', b_vec, '-o', o, '--force'], 0)
    check(tree(o) == ref['b'], 'the --force export after the kills differs from a clean one')
    print('kills left the earlier export %d times, the new one %d times' % (
        seen.count('a'), seen.count('b')))


def local_suite(ctx, nvec=2):
    """A local regression of nvec r5xx.cp vectors in tmp/out: (out, vectors dir)."""
    vd = os.path.join(ctx['tmp'], 'vectors')
    os.makedirs(os.path.join(vd, 'r5xx', 'cp'))
    for n in ('type0_worked.vec', 'swap0.vec')[:nvec]:
        shutil.copy(os.path.join(ctx['src'], 'vectors', 'r5xx', 'cp', n), os.path.join(vd, 'r5xx', 'cp'))
    o = os.path.join(ctx['tmp'], 'out')
    regress(ctx, ['--vectors', vd, '-o', o, '--block', 'r5xx.cp', '--seeds', '0', '-j', '1'], 0)
    return o, vd


def case_resume_local(ctx):
    """A local regression can be resumed: only the runs without a result run again."""
    o, _ = local_suite(ctx)
    runs = sorted(os.listdir(os.path.join(o, 'runs')))
    check(len(runs) == 2 and all(os.path.isfile(os.path.join(o, 'runs', r, 'result.json')) for r in runs),
          'a local run wrote no result.json', runs)
    keep = os.path.join(o, 'runs', runs[0], 'report.txt')
    os.utime(keep, (1, 1))
    os.remove(os.path.join(o, 'runs', runs[1], 'result.json'))
    out, _ = regress(ctx, ['--resume', o], 0, 'resuming %s: 1 of 2 runs have a result' % o, 'PASS: 2 of 2 runs passed')
    check(os.stat(keep).st_mtime == 1, 'resume ran a run that had a result again')
    check(os.path.isfile(os.path.join(o, 'runs', runs[1], 'result.json')), 'the resumed run wrote no result.json')
    regress(ctx, ['--resume', o], 0, 'resuming %s: 2 of 2 runs have a result; nothing to re-run' % o)


def case_resume_state(ctx):
    """--resume checks state.json before it deletes or submits anything: a run's dir outside
    OUT/runs/ is refused, a corrupt file names itself and what was expected; nothing outside is lost."""
    import json
    o, _ = local_suite(ctx, 1)
    spath = os.path.join(o, 'farm', 'state.json')
    check(os.path.isfile(spath), 'a local regression wrote no farm/state.json')
    good = json.load(open(spath))
    victim = os.path.join(ctx['tmp'], 'victim')
    os.makedirs(victim)
    open(os.path.join(victim, 'precious'), 'w').write('keep\n')
    os.symlink(victim, os.path.join(o, 'runs', 'link'))
    rel = os.path.relpath(victim, o)

    def with_(edit, farm=False):
        s = json.loads(json.dumps(good))
        if farm:
            s['a']['farm'] = 'slurm'
        edit(s)
        return json.dumps(s)

    def rdir(d):
        return lambda s: s['runs'][0].__setitem__('dir', d)
    cases = []
    for farm in (False, True):
        for d in (rel, victim, 'runs/../' + rel, 'runs/link', 'runs', '.'):
            cases.append((with_(rdir(d), farm), 'expected "runs[0].dir": a directory runs/NAME inside %s' % o))
    cases += [('', 'expected JSON text (UTF-8)'), ('{', 'expected JSON text (UTF-8)'),
              ('\udcff', 'expected JSON text (UTF-8)'),
              ('[]', 'expected a JSON object'), ('null', 'expected a JSON object'),
              ('{"version": 2}', 'expected "version": 1'),
              (with_(lambda s: s.__setitem__('runs', [])), 'expected "runs": a list of at least one run, got []'),
              (with_(lambda s: s.__setitem__('runs', {})), 'expected "runs": a list of at least one run'),
              (with_(lambda s: s['runs'][0].__setitem__('cmd', 'rm -rf /')), 'expected "runs[0].cmd": a non-empty list'),
              (with_(lambda s: s['runs'][0].__setitem__('kind', 7)), 'expected "runs[0].kind": one of vec, random'),
              (with_(lambda s: s['runs'].append(dict(s['runs'][0]))), 'expected "runs[1].id": an id no other run has'),
              (with_(lambda s: s.__setitem__('a', [])), 'expected "a": an object'),
              (with_(lambda s: s.__setitem__('submissions', None)), 'expected "submissions": a list')]
    for text, msg in cases:
        with open(spath, 'wb') as f:
            f.write(text.encode('utf-8', 'surrogateescape'))
        for r in os.listdir(os.path.join(o, 'runs')):
            if os.path.isfile(os.path.join(o, 'runs', r, 'result.json')):
                os.remove(os.path.join(o, 'runs', r, 'result.json'))
        regress(ctx, ['--resume', o], 2, 'rcosim regress: --resume: %s: %s' % (spath, msg))
        check(open(os.path.join(victim, 'precious')).read() == 'keep\n', 'resume deleted a file outside ' + o, text)
    # A corrupt result.json of one run.
    open(spath, 'w').write(json.dumps(good))
    res = os.path.join(o, good['runs'][0]['dir'], 'result.json')
    for text, msg in (('[]', 'expected a JSON object {"rc": EXIT STATUS'), ('{', 'expected JSON text'),
                      ('{"rc": 0, "seconds": "x"}', 'expected "seconds": a number')):
        open(res, 'w').write(text)
        regress(ctx, ['--resume', o], 2, 'rcosim regress: --resume: %s: %s' % (res, msg))
    regress(ctx, ['--resume', os.path.join(ctx['tmp'], 'nothing')], 2, 'expected the directory of a regression')


def case_resume_farm(ctx):
    """A farm state whose run 'dir' leaves OUT (../victim, an absolute path) is refused before anything
    is deleted or submitted, even with a cluster that answers (fake Slurm client commands here:
    sinfo shows one partition, sbatch fails as a submission can)."""
    import json
    t = ctx['tmp']
    fake = os.path.join(t, 'bin')
    os.makedirs(fake)
    for tool, body in (('sinfo', 'case "$*" in *-N*) echo "localhost|127.0.0.1";; *) echo "debug*|up|0/2/0/2";; esac'),
                       ('sbatch', 'echo "sbatch: error: submission refused" >&2; exit 1'),
                       ('squeue', 'exit 0'), ('scancel', 'exit 0'), ('scontrol', 'exit 0')):
        with open(os.path.join(fake, tool), 'w') as f:
            f.write('#!/bin/sh\n%s\n' % body)
        os.chmod(os.path.join(fake, tool), 0o755)
    victim = os.path.join(t, 'victim')
    os.makedirs(victim)
    open(os.path.join(victim, 'precious'), 'w').write('keep\n')
    o = os.path.join(t, 'out')
    os.makedirs(os.path.join(o, 'farm'))
    vec = os.path.join(ctx['src'], VEC)
    for d in ('../victim', victim):
        state = {'version': 1, 'binary': ctx['rcosim'], 'submissions': [],
                 'a': {'suite': 'smoke', 'seed_base': 1, 'rcosim': ctx['rcosim'], 'vectors': os.path.join(ctx['src'], 'vectors'),
                       'timeout': 900, 'coverage': False, 'max_failures': 0, 'partition': None, 'time': None,
                       'array_max': None, 'runs_per_task': None, 'sbatch': None, 'assume_shared': True,
                       'jobs_given': 1, 'farm': 'slurm'},
                 'runs': [{'id': 'vec.r5xx.cp.type0_worked', 'block': 'r5xx.cp', 'kind': 'vec', 'name': 'type0_worked',
                           'args': ['run', '--vector', vec], 'seed': '1', 'cost': 1.0, 'info': 'vector', 'dir': d,
                           'cmd': [ctx['rcosim'], 'run', '--vector', vec], 'env': {}}]}
        spath = os.path.join(o, 'farm', 'state.json')
        open(spath, 'w').write(json.dumps(state))
        env = dict(os.environ, PATH=fake + os.pathsep + os.environ['PATH'])
        p = subprocess.run([ctx['rcosim'], 'regress', '--resume', o], capture_output=True, text=True, env=env,
                           timeout=300)
        check(os.path.isfile(os.path.join(victim, 'precious')), 'regress --resume deleted %s (a run dir %r in %s)'
              % (victim, d, spath), p.stdout, p.stderr)
        check(p.returncode == 2 and 'Traceback' not in p.stderr and
              'rcosim regress: --resume: %s: expected "runs[0].dir": a directory runs/NAME inside %s' % (spath, o)
              in p.stderr, 'regress --resume with dir %r: exit %d' % (d, p.returncode), p.stdout, p.stderr)
        check('sbatch' not in p.stdout + p.stderr, 'submitted before refusing', p.stdout, p.stderr)


# ---- issue 29, point 2: the other defects ---------------------------------------------------------

def case_bare_cut(ctx):
    """'rcosim bare' stopped by --max-cycles is a hang (exit 1, said on stderr); it used to exit 0
    silently, as if the vector had run whole.  The whole run still exits 0."""
    out, err = run(ctx, ['bare', '--vector', VEC, '--max-cycles', '5', '--stats'], 1,
                   'rcosim bare: %s: HANG r5xx.cp: not finished after 5 cycles (--max-cycles)' % VEC)
    check('stats: 5 cycles' in out, 'the stats of the cut run', out)
    out, err = run(ctx, ['bare', '--vector', VEC, '--stats'], 0)
    check('HANG' not in err and 'stats: ' in out, 'a whole bare run says nothing of a hang', out, err)


def leftovers(d):
    return sorted(n for n in os.listdir(d) if '.rcosim-tmp.' in n)


def wave_start(ctx, d):
    """A long --wave-all run into d, returned once its dump (and the FST writer's .hier file) exist."""
    p = subprocess.Popen([ctx['rcosim'], 'run', '--block', 'r5xx.cp', '--count', '100000', '--wave', d,
                          '--wave-all', '--quiet'], cwd=ctx['src'], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    t0 = time.time()
    while time.time() - t0 < 120:
        if os.path.isdir(d) and any(n.endswith('.hier') for n in leftovers(d)):
            return p
        if p.poll() is not None:
            raise Fail('the --wave-all run ended (exit %s) before its dump was seen' % p.returncode)
        time.sleep(0.05)
    p.kill()
    raise Fail('no .hier file of the dump appeared in %s' % d)


def case_wave_hier(ctx):
    """A killed --wave run left the FST writer's NAME.rcosim-tmp.PID.hier beside the dump, which
    nothing cleaned.  SIGTERM removes it with the dump; after SIGKILL the next run writing to the
    same bundle removes both (their writer is dead)."""
    d = os.path.join(ctx['tmp'], 'bundle')
    p = wave_start(ctx, d)
    p.kill()
    p.wait()
    left = leftovers(d)
    check(any(n.endswith('.hier') for n in left) and any(n.endswith(str(p.pid)) for n in left),
          'SIGKILL leaves the dump and its .hier (the case this test is about)', left)
    run(ctx, ['run', '--vector', VEC, '--wave', d, '--wave-range', '0:5', '--quiet'], 0)
    check(not leftovers(d), 'the next run into the bundle removes a dead writer\'s files', leftovers(d))
    d2 = os.path.join(ctx['tmp'], 'bundle2')
    p = wave_start(ctx, d2)
    p.terminate()
    p.wait()
    check(p.returncode == -signal.SIGTERM, 'SIGTERM ends the run', p.returncode)
    check(not leftovers(d2), 'SIGTERM leaves no temporary file (the dump and its .hier)', leftovers(d2))


def case_json_names(ctx):
    """A vector whose name is not UTF-8: the bundle's report.json stays valid JSON (strict UTF-8),
    the byte written as the text \\xff; it was written raw, and no JSON reader took the file."""
    import json
    tmp = os.fsencode(ctx['tmp'])
    vec = tmp + b'/bad\xff\xc3(name.vec'
    shutil.copy(os.path.join(ctx['src'], VEC), vec)
    bundle = tmp + b'/bundle'
    p = subprocess.run([os.fsencode(ctx['rcosim']), b'run', b'--vector', vec, b'--inject', b'rtl:regw.data@0^1',
                        b'--wave', bundle], capture_output=True, timeout=300)
    check(p.returncode == 1, 'the injected mismatch: exit %d' % p.returncode, p.stdout, p.stderr)
    raw = open(bundle + b'/report.json', 'rb').read()
    try:
        rep = json.loads(raw.decode('utf-8'))
    except (UnicodeDecodeError, ValueError) as e:
        raise Fail('report.json is not valid UTF-8 JSON: %s' % e)
    check('bad\\xff\\xc3(name.vec' in rep.get('repro', ''), 'the name in the repro line', rep.get('repro'))
    # The escaping must not touch well-formed UTF-8.
    vec2 = tmp + 'ok-é.vec'.encode()
    shutil.copy(os.path.join(ctx['src'], VEC), vec2)
    p = subprocess.run([os.fsencode(ctx['rcosim']), b'run', b'--vector', vec2, b'--inject', b'rtl:regw.data@0^1',
                        b'--wave', tmp + b'/bundle2'], capture_output=True, timeout=300)
    rep = json.loads(open(tmp + b'/bundle2/report.json', 'rb').read().decode('utf-8'))
    check('ok-é.vec' in rep.get('repro', ''), 'a UTF-8 name kept as it is', rep.get('repro'))


# ---- issue 29: the register supplement checked against its sources --------------------------------

def supp_check(supp, facts, known):
    """(disagreements, unsourced, checked): every fact of the supplement against the transcribed
    source table (tests/harden/supp_facts.py)."""
    bad, unsourced, checked = [], [], 0
    regs = {r['name']: r for r in supp['registers']}
    for name in sorted(set(regs) | set(facts)):
        if name not in facts:
            bad.append((name, 'register', 'no transcribed source for it'))
            continue
        if name not in regs:
            bad.append((name, 'register', 'transcribed but not in the supplement'))
            continue
        r, f = regs[name], facts[name]
        fields = {x['name']: (x['hi'], x['lo']) for x in r['fields']}
        for fact, (want, cite) in sorted(f.items()):
            checked += 1
            if fact == 'addr':
                got = int(r['addr'], 16)
                if got != want:
                    bad.append((name, fact, 'supplement 0x%04x, source %s' % (got, cite)))
            elif fact == 'cited define':
                if want in r['source']:
                    bad.append((name, fact, 'cites %s: %s' % (want, cite)))
            elif fact == 'count':
                got = r.get('array', {}).get('count', 1)
                if want is None:
                    unsourced.append((name, fact, cite))
                elif got != want:
                    bad.append((name, fact, 'supplement %d registers, source %d (%s)' % (got, want, cite)))
            elif fact not in fields:
                bad.append((name, fact, 'a field of the source table the supplement lacks (%s)' % cite))
            elif want is None:
                unsourced.append((name, fact, cite))
            elif want[0] == 'lo':
                if fields[fact][1] != want[1]:
                    bad.append((name, fact, 'supplement low bit %d, source shift %d (%s)' % (fields[fact][1], want[1], cite)))
            elif fields[fact] != tuple(want):
                bad.append((name, fact, 'supplement %d:%d, source %d:%d (%s)' % (fields[fact] + tuple(want) + (cite,))))
        for fld in sorted(set(fields) - set(f)):
            bad.append((name, fld, 'a field with no transcribed source'))
    return bad, unsourced, checked


def case_supp_facts(ctx):
    """Every fact (address, field bit ranges, array sizes, cited names) of model/regdb/r5xx_supp.json
    checked against the headers it cites (transcribed in supp_facts.py).  The disagreements issue
    29 names are listed in supp_facts.KNOWN for the supplement's owner; any other fails, and so does
    a known one that no longer disagrees.  A supplement with one address or one field moved fails."""
    import copy
    import json
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import supp_facts
    supp = json.load(open(os.path.join(ctx['src'], 'model', 'regdb', 'r5xx_supp.json')))
    bad, unsourced, checked = supp_check(supp, supp_facts.FACTS, supp_facts.KNOWN)
    keys = {(b[0], b[1]) for b in bad}
    for b in bad:
        print('%-9s %s.%s: %s' % ('known' if (b[0], b[1]) in supp_facts.KNOWN else 'DISAGREE', b[0], b[1], b[2]))
    for u in unsourced:
        print('unsourced %s.%s: %s' % u)
    print('%d facts checked: %d disagree (%d known), %d with no define in the cited header'
          % (checked, len(bad), len(keys & supp_facts.KNOWN), len(unsourced)))
    check(not (keys - supp_facts.KNOWN), 'facts that disagree with their source', sorted(keys - supp_facts.KNOWN))
    check(not (supp_facts.KNOWN - keys), 'known disagreements that no longer disagree (take them off KNOWN)',
          sorted(supp_facts.KNOWN - keys))
    # The check can fail: one moved address and one moved field are caught.
    for reg, edit in (('DST_OFFSET', lambda r: r.update(addr='0x1400')),
                      ('DP_CNTL', lambda r: r['fields'][0].update(hi=1, lo=1))):
        wrong = copy.deepcopy(supp)
        edit([r for r in wrong['registers'] if r['name'] == reg][0])
        b2 = supp_check(wrong, supp_facts.FACTS, supp_facts.KNOWN)[0]
        check({(b[0], b[1]) for b in b2} - keys, 'a wrong %s was not caught' % reg)


# ---- issue 29, point 3: mutation testing ------------------------------------------------------------

def mutate(ctx, args, out):
    """Runs 'rcosim mutate' (model/rcosim_main.c execs python3 -m rcosim_py.mutate) from the
    test's directory, with no PYTHONPATH of its own: the binary must set the import root."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE='1')
    env.pop('PYTHONPATH', None)
    p = subprocess.run([ctx['rcosim'], 'mutate'] + args + ['-o', out], capture_output=True,
                       text=True, timeout=1800, env=env, cwd=ctx['tmp'])
    check('Traceback' not in p.stderr, 'a traceback from mutate', p.stderr)
    return p


def case_mutate(ctx):
    """rcosim mutate (scripts/rcosim_py/mutate.py) on r5xx.cp: listed in 'rcosim --help', runs
    through the binary; a seeded sample gives the same
    mutants twice; every mutant has an outcome; the reports (text, JSON, HTML) name every survivor
    with its diff and repro; a mutant the suite must catch (the host channel's write decode, && to
    ||) is killed; with no vector every mutant survives (the tool does not call a mutant killed
    by itself); a mutant listed as equivalent is not counted; bad usage is exit 2."""
    # The subcommand is listed in 'rcosim --help' and answers its own --help (no iverilog needed).
    p = subprocess.run([ctx['rcosim'], '--help'], capture_output=True, text=True, timeout=60)
    check(p.returncode == 0 and re.search(r'^  mutate +mutation testing', p.stdout, re.M),
          "'rcosim --help' lists mutate", p.stdout, p.stderr)
    p = subprocess.run([ctx['rcosim'], 'mutate', '--help'], capture_output=True, text=True, timeout=60,
                       cwd=ctx['tmp'], env={k: v for k, v in os.environ.items() if k != 'PYTHONPATH'})
    check(p.returncode == 0 and p.stdout.startswith('usage: rcosim mutate') and '--block' in p.stdout,
          "'rcosim mutate --help'", p.stdout, p.stderr)
    if not shutil.which('iverilog'):
        raise Skip('no iverilog')
    sys.path.insert(0, os.path.join(os.path.abspath(ctx['src']), 'scripts'))
    from rcosim_py import mutate as mu
    pts = mu.points('r5xx.cp')
    host = [q for q in pts if q['file'].endswith('r5xx_cp_host.sv') and q['from'] == '&&' and
            'wr_wptr' in open(os.path.join(ctx['src'], q['file'])).read().split('\n')[q['line'] - 1]]
    check(host, 'the host decode mutation point')
    o1 = os.path.join(ctx['tmp'], 'm1')
    p = mutate(ctx, ['--block', 'r5xx.cp', '--seed', '7', '--vectors', '2', '--only', str(host[0]['id'])], o1)
    rep = json.load(open(os.path.join(o1, 'mutate.json')))
    check(p.returncode == 0 and rep['mutants'][0]['status'] == 'killed', 'the host decode mutant is killed',
          p.stdout, p.stderr)
    # Again in the same report directory: every bench run is reused from its cache (byte-identical
    # inputs), with the same outcome; a run whose RTL differs by one character has another key.
    p = mutate(ctx, ['--block', 'r5xx.cp', '--seed', '7', '--vectors', '2', '--only', str(host[0]['id'])], o1)
    again = json.load(open(os.path.join(o1, 'mutate.json')))
    check(p.returncode == 0 and again['mutants'][0]['status'] == 'killed' and again['cached_runs'] >= 2 and
          again['mutants'][0]['by'] == rep['mutants'][0]['by'], 'the rerun reuses the cached outcomes', p.stdout, again)
    cache = mu.Cache(None)
    base = os.path.join(ctx['src'], 'rtl', 'r5xx', 'cp')
    os.makedirs(os.path.join(ctx['tmp'], 'kb', 'rtl'))
    for n in ('r5xx_cp.sv', 'r5xx_cp_host.sv'):
        shutil.copy(os.path.join(base, n), os.path.join(ctx['tmp'], 'kb', 'rtl', n))
    open(os.path.join(ctx['tmp'], 'kb', 'vector.args'), 'w').write('+seed=1\n')
    k0 = cache.key(os.path.join(ctx['tmp'], 'kb'), None)
    text = open(os.path.join(base, 'r5xx_cp_host.sv')).read()
    check(cache.key(os.path.join(ctx['tmp'], 'kb'), ('r5xx_cp_host.sv', text)) == k0 and
          cache.key(os.path.join(ctx['tmp'], 'kb'), ('r5xx_cp_host.sv', text.replace('&&', '||', 1))) != k0,
          'the cache key is the inputs: the same text the same key, a mutated one another')
    # The boundary rule: a comparison that is the whole condition of a minimum, maximum or distance
    # is equivalent with < and <= (> and >=) exchanged; nothing else is.
    for line, frm, to, want in (('  x = (a < b) ? a : b;', '<', '<=', 'minimum or maximum'),
                                ('  x = c ? 1 : (a_q[3:0] > 4\'d2 ? 4\'d2 : a_q[3:0]);', '>', '>=', 'minimum or maximum'),
                                ('  d = (p < q) ? q - p : p - q;', '<', '<=', 'distance'),
                                ('  x = (a < b) ? a : c;', '<', '<=', None),
                                ('  x = (a < b) ? b - 1 : a;', '<', '<=', None),
                                ('  x = y + a < b ? a : b;', '<', '<=', None),
                                ('  x = (a < b && c) ? a : b;', '<', '<=', None),
                                ('  x = !(a < b) ? a : b + 1;', '<', '<=', None),
                                ('  x = (a == b) ? a : b;', '==', '!=', None),
                                ('  x = (a < b) ? a : b;', '<', '>', None)):
        col = line.index(' %s ' % frm) + 1
        why = mu.boundary_equivalent(line, col, frm, to)
        check((why is None) if want is None else (why is not None and want in why), 'boundary rule on %r' % line, why)
    # Generated files (a leading 'generated by ... do not edit', compared with their generator by a
    # smoke test) have no mutation point: si.cb's sRGB tables, the composite tops.
    check(not [q for q in mu.points('si.cb') if 'srgb_' in q['file']] and not mu.points('r5xx.pm4_2d') and
          [q for q in mu.points('si.cb') if q['file'].endswith('si_cb_pixel.sv')], 'no mutant of a generated file')
    # No vector: nothing can kill a mutant; every one survives and is reported with diff and repro.
    o2 = os.path.join(ctx['tmp'], 'm2')
    p = mutate(ctx, ['--block', 'r5xx.cp', '-n', '3', '--seed', '7', '--vectors', '0'], o2)
    rep = json.load(open(os.path.join(o2, 'mutate.json')))
    check(p.returncode == 1 and [m['status'] for m in rep['mutants']] == ['survived'] * 3 and rep['score'] == 0.0,
          'with no vector every mutant survives (exit 1)', p.stdout, rep)
    txt = open(os.path.join(o2, 'mutate.txt')).read()
    page = open(os.path.join(o2, 'mutate.html')).read()
    for m in rep['mutants']:
        check('SURVIVED m%d %s:%d' % (m['id'], m['file'], m['line']) in txt and m['diff'] in txt and
              '--only %d' % m['id'] in txt and 'm%d' % m['id'] in page, 'survivor m%d in the reports' % m['id'], txt)
    check(rep['mutants'] == json.load(open(os.path.join(o2, 'mutate.json')))['mutants'], 'reread')
    ids = [m['id'] for m in rep['mutants']]
    p = mutate(ctx, ['--block', 'r5xx.cp', '-n', '3', '--seed', '7', '--vectors', '0'], os.path.join(ctx['tmp'], 'm3'))
    again = json.load(open(os.path.join(ctx['tmp'], 'm3', 'mutate.json')))
    check([m['id'] for m in again['mutants']] == ids, 'the same seed samples the same mutants')
    # An equivalent mutant (listed with its reason) is not counted.
    m0 = rep['mutants'][0]
    eq = os.path.join(ctx['tmp'], 'eq.json')
    json.dump({'r5xx.cp': [{'file': m0['file'], 'line': m0['line'], 'from': m0['from'], 'to': m0['to'],
                            'reason': 'test'}]}, open(eq, 'w'))
    p = mutate(ctx, ['--block', 'r5xx.cp', '--only', str(m0['id']), '--vectors', '0', '--equivalent', eq],
               os.path.join(ctx['tmp'], 'm4'))
    r4 = json.load(open(os.path.join(ctx['tmp'], 'm4', 'mutate.json')))
    check(p.returncode == 0 and r4['mutants'][0]['status'] == 'equivalent' and r4['counts']['equivalent'] == 1,
          'the listed mutant is equivalent', p.stdout, r4)
    for args, msg in ((['--block', 'r5xx.nope'], "--block r5xx.nope: expected a block with RTL under rtl/"),
                      (['--block', 'r5xx.cp', '-n', '0'], "argument -n: '0': expected a whole number 1..100000"),
                      (['--block', 'r5xx.cp', '--only', '99999'], '--only [99999]: expected mutant ids below'),
                      (['--block', 'r5xx.cp', '--equivalent', os.path.abspath(os.path.join(ctx['src'], 'README.md'))],
                       '--equivalent '),
                      (['--block', 'r5xx.cp', '--equivalent', os.path.join(ctx['tmp'], 'none.json')],
                       'none.json: expected {BLOCK:')):
        p = mutate(ctx, args, os.path.join(ctx['tmp'], 'mbad'))
        check(p.returncode == 2 and msg in p.stderr, 'mutate %s: exit %d' % (' '.join(args), p.returncode), p.stderr)
    print('killed: %s; survivors reported: %s' % (host[0]['id'], ids))


# ---- issue 29, point 4: RTL assertions ------------------------------------------------------------

FIFO_TB = r"""
module tb;
  logic clk = 1'b0, rst_n = 1'b0, push = 1'b0;
  logic [7:0] rd;
  logic empty;
  logic [2:0] cnt;
  prim_fifo #(.Width(8), .Depth(4)) u_fifo (.clk_i(clk), .rst_ni(rst_n), .flush_i(1'b0), .push_i(push),
    .wdata_i(8'h5a), .pop_i(1'b0), .rdata_o(rd), .empty_o(empty), .count_o(cnt));
  always #5 clk = ~clk;
  initial begin
    @(negedge clk); @(negedge clk); rst_n = 1'b1;
    push = 1'b1;
    repeat (PUSHES) @(negedge clk);
    push = 1'b0;
    @(negedge clk);
    $display("done count %0d", cnt);
    $finish;
  end
endmodule
"""


def icarus(ctx, d, files, top):
    """(exit status, output) of files compiled and run under Icarus Verilog."""
    p = subprocess.run(['iverilog', '-g2012', '-o', os.path.join(d, 'sim.vvp'), '-s', top] + files,
                       capture_output=True, text=True, timeout=600)
    check(p.returncode == 0, 'iverilog failed', p.stdout, p.stderr)
    p = subprocess.run(['vvp', '-n', os.path.join(d, 'sim.vvp')], capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout + p.stderr


def case_assert_fifo(ctx):
    """prim_fifo's assertion section under Icarus: a caller that pushes a fifth word into a
    4-deep FIFO fires FifoNoOverflow (module instance path and time in the message); four pushes
    fire nothing."""
    if not shutil.which('iverilog'):
        raise Skip('no iverilog')
    fifo = os.path.join(os.path.abspath(ctx['src']), 'rtl', 'prim', 'prim_fifo.sv')
    for pushes, fires in ((5, True), (4, False)):
        d = os.path.join(ctx['tmp'], 'fifo%d' % pushes)
        os.makedirs(d)
        tb = os.path.join(d, 'tb.sv')
        with open(tb, 'w') as f:
            f.write(FIFO_TB.replace('PUSHES', str(pushes)))
        rc, out = icarus(ctx, d, [tb, fifo], 'tb')
        got = 'tb.u_fifo: ASSERT FifoNoOverflow: push into a full FIFO (depth 4)' in out
        check(got == fires, '%d pushes into a 4-deep FIFO: FifoNoOverflow %s' % (pushes, 'silent' if fires else 'fired'),
              out)
        check(('ASSERT' in out) == fires, 'an assertion fired that should not', out)
        check('done count %d' % pushes in out, 'the bench ran to its end', out)


BREAK_REGW = (
    '  assign regw_valid_o = !regw_empty;\n',
    '  logic brk_q;\n'
    '  always @(posedge clk_i) begin\n'
    '    if (!rst_ni) brk_q <= 1\'b0;\n'
    '    else brk_q <= ~brk_q;\n'
    '  end\n'
    '  assign regw_valid_o = !regw_empty && !brk_q;   // broken: valid withdrawn every other cycle\n')


def export_cp_ok_broken(ctx, brk, bench_checks=None):
    """r5xx.cp's exported self-checking bench (a seeded 40-unit vector under random back-pressure)
    run under Icarus twice: as exported ('ok') and with brk = (line, replacement) applied to
    r5xx_cp.sv ('broken'); bench_checks(d) checks each export directory first.  {name: (rc, output)}."""
    vec = os.path.join(ctx['tmp'], 'bp.vec')
    run(ctx, ['gen', '--block', 'r5xx.cp', '--count', '40', '--seed', '3', '--backpressure', 'random:0.5',
              '-o', vec, '--quiet'], 0)
    outs = {}
    for name in ('ok', 'broken'):
        d = os.path.join(ctx['tmp'], name)
        run(ctx, ['export', '--vector', vec, '--format', 'sv', '-o', d], 0)
        if bench_checks:
            bench_checks(d)
        if name == 'broken':
            cp = os.path.join(d, 'rtl', 'r5xx_cp.sv')
            text = open(cp).read()
            check(brk[0] in text, 'the line the test breaks is in r5xx_cp.sv', brk[0])
            with open(cp, 'w') as f:
                f.write(text.replace(brk[0], brk[1]))
        p = subprocess.run(['sh', os.path.join(d, 'run.sh'), 'icarus'], cwd=d, capture_output=True, text=True,
                           timeout=900)
        outs[name] = (p.returncode, p.stdout + p.stderr)
    return outs


def case_assert_channel(ctx):
    """The r5xx.cp channel assertions on a design broken on purpose: its exported self-checking
    bench (Icarus) with regw's valid withdrawn every other cycle, under random back-pressure, reports
    ASSERT RegwValidHeld (instance path, time) before the bench's comparison reports anything;
    the unbroken design passes the same vector with no assertion."""
    if not shutil.which('iverilog'):
        raise Skip('no iverilog')
    outs = export_cp_ok_broken(ctx, BREAK_REGW)
    rc, out = outs['ok']
    check(rc == 0 and 'ASSERT' not in out, 'the unbroken design passes with no assertion: exit %d' % rc, out)
    rc, out = outs['broken']
    lines = out.split('\n')
    fired = [i for i, ln in enumerate(lines) if 'ASSERT RegwValidHeld: regw valid dropped before ready' in ln]
    check(fired, 'the broken design fires RegwValidHeld', out)
    check('rcosim_tb.u_dut: ASSERT RegwValidHeld' in lines[fired[0]], 'the message names the instance path',
          lines[fired[0]])
    compared = [i for i, ln in enumerate(lines) if 'MISMATCH' in ln or 'FAIL' in ln or 'HANG' in ln]
    check(rc != 0 and compared, 'the bench fails the broken design too: exit %d' % rc, out)
    check(fired[0] < compared[0], 'the assertion comes before the comparison sees the fault',
          lines[fired[0]], lines[compared[0]])
    print('assertion: %s\ncomparison: %s' % (lines[fired[0]].strip(), lines[compared[0]].strip()))


def case_assert_gen(ctx):
    """The generated channel checker (scripts/blockgen.py gen_checker) under Icarus, r5xx.cp's:
    an offer held until ready passes silently; valid dropped before ready fires <Ch>ValidHeld,
    a payload change while waiting <Ch>Stable (for an input and an output channel), and the
    memory agent's request channel is held to ValidHeld only (its payload may change: the CP
    replaces a waiting read by an RPTR write-back by design)."""
    if not shutil.which('iverilog'):
        raise Skip('no iverilog')
    gen = os.path.join(ctx['tmp'], 'gen')
    p = subprocess.run([sys.executable, os.path.join(ctx['src'], 'scripts', 'blockgen.py'),
                        os.path.join(ctx['src'], 'rtl', 'r5xx', 'cp', 'cp.block'), '-o', gen],
                       capture_output=True, text=True)
    check(p.returncode == 0, 'blockgen writes the checker', p.stderr)
    chk = open(os.path.join(gen, 'r5xx_cp_chk.sv')).read()
    ports = re.findall(r'^\s*input logic (\[[0-9:]+\] )?(\w+),?$', chk, re.M)
    decl = ''.join('  logic %s%s;\n' % (w, n) for w, n in ports if n != 'clk_i')
    def bench(steps):
        """steps: per cycle, a dict of signal values set before the rising edge."""
        body = ''.join('    %s\n    @(negedge clk_i);\n' % ' '.join('%s = %s;' % kv for kv in st.items())
                       for st in steps)
        return ('module tb;\n  logic clk_i = 0;\n%s  always #5 clk_i = !clk_i;\n'
                '  r5xx_cp_chk u_chk (.*);\n  initial begin\n'
                '    {%s} = 0;\n    @(negedge clk_i); @(negedge clk_i); rst_ni = 1;\n%s    $finish;\n'
                '  end\nendmodule\n' % (decl, ', '.join(n for _, n in ports if n != 'clk_i'), body))
    cases = {
        'held': ([{'host_valid_i': 1, 'host_data_i': 5}, {}, {'host_ready_o': 1}, {'host_valid_i': 0, 'host_ready_o': 0},
                  {'regw_valid_o': 1, 'regw_addr_o': 7}, {}, {'regw_ready_i': 1}, {'regw_valid_o': 0}], None),
        'in_dropped': ([{'host_valid_i': 1}, {'host_valid_i': 0}, {}], 'ASSERT HostValidHeld'),
        'in_changed': ([{'host_valid_i': 1, 'host_addr_i': 4}, {'host_addr_i': 8}, {}], 'ASSERT HostStable'),
        'out_dropped': ([{'body_valid_o': 1}, {'body_valid_o': 0}, {}], 'ASSERT BodyValidHeld'),
        'out_changed': ([{'pkt_valid_o': 1, 'pkt_count_o': 3}, {'pkt_count_o': 4}, {}], 'ASSERT PktStable'),
        'agent_changed': ([{'memreq_valid_o': 1}, {}, {}], None),
        'agent_dropped': ([{'memreq_valid_o': 1}, {'memreq_valid_o': 0}, {}], 'ASSERT MemreqValidHeld'),
    }
    check('memreq_addr_o' not in chk, "the agent request's payload is not checked", chk)
    for name, (steps, want) in cases.items():
        d = os.path.join(ctx['tmp'], name)
        os.makedirs(d)
        with open(os.path.join(d, 'tb.sv'), 'w') as f:
            f.write(bench(steps))
        p = subprocess.run(['iverilog', '-g2012', '-o', os.path.join(d, 'tb.vvp'), os.path.join(d, 'tb.sv'),
                            os.path.join(gen, 'r5xx_cp_chk.sv')], capture_output=True, text=True)
        check(p.returncode == 0, '%s: the bench compiles' % name, p.stdout + p.stderr)
        p = subprocess.run(['vvp', '-n', os.path.join(d, 'tb.vvp')], capture_output=True, text=True, timeout=60)
        out = p.stdout + p.stderr
        fired = re.findall(r'ASSERT \w+', out)
        if want is None:
            check(not fired, '%s: no assertion' % name, out)
        else:
            check(fired == [want] and 'tb.u_chk' in out, '%s: fires %s once, naming tb.u_chk' % (name, want), out)
        print('%-13s %s' % (name, fired[0] if fired else 'silent'))


# harden.assert_stop: the vector on which r5xx.cp's fetch queue, 2 deep in rcosim_assert_brk
# (tests/harden/assert_brk.py), overflows: a type-0 packet of two registers, read back to back.
ASSERT_VEC = 'vectors/r5xx/cp/type0_one_reg_wr.vec'


def case_assert_stop(ctx):
    """An RTL assertion stops a lockstep run: rcosim_assert_brk (r5xx.cp with its fetch queue too
    small) on a shipped vector exits 1 with exactly tests/golden/assert_stop.txt (the assertion's
    name, instance, FILE:LINE and cycle, the last transactions), before the comparison sees the
    lost word; the table walk (--engine tables) and --threads 2 give the same report; the bundle's
    report.json names the assertion; the unbroken rcosim passes the same run silently."""
    brk = ctx['extra'][0]
    vec = ASSERT_VEC
    ok, _ = run(ctx, ['run', '--block', 'r5xx.cp', '--vector', vec], 0)
    check('ASSERT' not in ok and 'Assertion' not in ok, 'the unbroken design: no assertion', ok)
    def brun(args, rc):
        p = subprocess.run([brk] + args, cwd=ctx['src'], capture_output=True, timeout=900)
        out, err = p.stdout.decode('utf-8', 'replace'), p.stderr.decode('utf-8', 'replace')
        check(p.returncode == rc, 'rcosim_assert_brk %s: exit %d, expected %d' % (' '.join(args), p.returncode, rc),
              'stdout:', out, 'stderr:', err)
        # The repro names the binary as it was run (the build directory varies): goldens say 'rcosim'.
        return re.sub(r'repro: \S*rcosim_assert_brk ', 'repro: rcosim ', out)
    out = brun(['run', '--block', 'r5xx.cp', '--vector', vec], 1)
    golden = os.path.join(ctx['src'], 'tests', 'golden', 'assert_stop.txt')
    if os.environ.get('RCOSIM_UPDATE_GOLDEN'):
        with open(golden, 'w') as f:
            f.write(out)
    with open(golden) as f:
        want = f.read()
    if out != want:
        import difflib
        raise Fail('report differs from tests/golden/assert_stop.txt:\n' + ''.join(
            difflib.unified_diff(want.splitlines(True), out.splitlines(True), 'golden/assert_stop.txt', 'actual')))
    first = [ln for ln in out.split('\n') if ln.startswith('MISMATCH')]
    check(len(first) == 1 and 'RTL assertion FifoNoOverflow failed in TOP.r5xx_cp.u_fq' in first[0],
          'one report line, naming the assertion and its instance', out)
    check('%Error' not in out and 'Verilog $stop' not in out, "Verilator's own lines are not printed", out)
    for args in (['--engine', 'tables'], ['--threads', '2']):
        o2 = brun(['run', '--block', 'r5xx.cp', '--vector', vec] + args, 1)
        check([ln for ln in o2.split('\n') if ln.startswith('MISMATCH')] == first,
              'the same report line with %s' % ' '.join(args), o2)
    bundle = os.path.join(ctx['tmp'], 'bundle')
    brun(['run', '--block', 'r5xx.cp', '--vector', vec, '--wave', bundle], 1)
    with open(os.path.join(bundle, 'report.json'), encoding='utf-8') as f:
        rep = json.load(f)
    a = rep.get('assertion') or {}
    check(rep['status'] == 'mismatch' and rep['kind'] == 'assertion' and a.get('name') == 'FifoNoOverflow' and
          a.get('instance') == 'TOP.r5xx_cp.u_fq' and a.get('where', '').startswith('prim_fifo.sv:') and
          ('cycle %d:' % rep['cycle']) in first[0], "report.json names the assertion, instance and cycle", rep)
    # The model alone never reports one (its fault hook is NULL): it passes the vector.
    brun(['replay', '--block', 'r5xx.cp', '--vector', vec, '--side', 'model'], 0)
    print(first[0])


BREAK_MEMREQ = (
    '  assign memreq_valid_o = wb_pend_q || rd_req;\n',
    '  logic brk_q;\n'
    '  always @(posedge clk_i) begin\n'
    '    if (!rst_ni) brk_q <= 1\'b0;\n'
    '    else brk_q <= ~brk_q;\n'
    '  end\n'
    '  assign memreq_valid_o = (wb_pend_q || rd_req) && !brk_q;   // broken: valid withdrawn every other cycle\n')


def case_export_chk(ctx):
    """The exported bench instantiates the block's generated channel checker beside the top
    (Icarus has no bind) and stops on it: r5xx.cp with memreq's valid withdrawn every other cycle
    (a channel only the generated checker watches) fires MemreqValidHeld in rcosim_tb.u_chk, and
    the bench ends there with a MISMATCH line and exit 1, before its comparison sees anything; the
    unbroken design passes the same vector silently."""
    if not shutil.which('iverilog'):
        raise Skip('no iverilog')
    def bench_checks(d):
        check('r5xx_cp_chk.sv' in open(os.path.join(d, 'files.f')).read().split(), 'files.f lists the checker')
        check('r5xx_cp_chk u_chk (' in open(os.path.join(d, 'rcosim_tb.sv')).read(), 'the bench instantiates it')
    outs = export_cp_ok_broken(ctx, BREAK_MEMREQ, bench_checks)
    rc, out = outs['ok']
    check(rc == 0 and 'ASSERT' not in out and 'PASS r5xx.cp' in out, 'the unbroken design passes silently: exit %d' % rc, out)
    rc, out = outs['broken']
    lines = out.split('\n')
    fired = [i for i, ln in enumerate(lines) if 'rcosim_tb.u_chk: ASSERT MemreqValidHeld: memreq valid dropped before ready' in ln]
    check(fired, 'the broken design fires MemreqValidHeld in the bench\'s checker', out)
    mism = [i for i, ln in enumerate(lines) if 'MISMATCH' in ln]
    check(rc == 1 and mism and 'RTL assertion failed (the channel checker u_chk' in lines[mism[0]],
          'the first MISMATCH is the checker\'s, and the bench fails: exit %d' % rc, out)
    check(fired[0] < mism[0] and len(mism) == 1, 'the bench stops at the assertion', out)
    print('assertion: %s\nstop: %s' % (lines[fired[0]].strip(), lines[mism[0]].strip()))


FORCED = [
    # (RTL folders, top module, the forced values, the assertion that must fire): the module alone
    # under Icarus, out of reset, every other input left floating
    (['r5xx/tx', 'r5xx/tile'], 'r5xx_tx', ["memrsp_valid_i = 1'b1"], 'TxRspExpected'),
    (['r5xx/clip'], 'r5xx_clip', ["st_q = 3'd7"], 'ClipStateLegal'),
    (['r5xx/pvs'], 'r5xx_pvs', ["bst_q = 8'hC0"], 'PvsBankUnused'),
    (['r5xx/pvs'], 'r5xx_pvs', ["ob_q = 2'd1"], 'PvsIdleAligned'),
    (['r5xx/pvs'], 'r5xx_pvs', ["bst_q = 8'h05"], 'PvsOneInput'),
    (['r5xx/gfx3d'], 'r5xx_gfx3d_qjoin', ["pend_q = 1'b1"], 'PendHasHead'),
    (['r5xx/gfx3d'], 'r5xx_gfx3d_fg', ["ff_valid_i = 1'b1", "qf_valid_i = 1'b1"], 'OnePath'),
    (['r5xx/gfx3d'], 'r5xx_gfx3d_join', ["pass_valid_i = 1'b1"], 'PassHasHead'),
    (['r5xx/gpu'], 'r5xx_gpu_bb', ["in_valid_i = 1'b0", "dn_q = 1'b1"], 'DeliveredHeld'),
    (['si/backend'], 'si_backend_join', ["db_pass_valid_i = 1'b1"], 'PassHasColour'),
    (['si/backend'], 'si_backend_arb', ["memrsp_valid_i = 1'b1"], 'TagNoUnderflow'),
]


def case_assert_forced(ctx):
    """Assertion sections fire on a forced value (issue 29): each module alone under Icarus, out of
    reset, prints nothing; with one value forced into an illegal state (a response with no read
    outstanding, an illegal state code, a pass record for an empty queue...) it fires the named
    assertion with the module's path."""
    if not shutil.which('iverilog'):
        raise Skip('no iverilog')
    for dirs, top, forces, name in FORCED:
        files = []
        for dd in dirs:
            fd = os.path.join(ctx['src'], 'rtl', *dd.split('/'))
            files += sorted(os.path.join(fd, x) for x in os.listdir(fd)
                            if x.endswith('.sv') and (dd == dirs[0] or x != dd.replace('/', '_') + '.sv'))
        pd = os.path.join(ctx['src'], 'rtl', 'prim')
        files += sorted(os.path.join(pd, x) for x in os.listdir(pd) if x.endswith('.sv'))
        for forced in (False, True):
            d = os.path.join(ctx['tmp'], '%s_%s_%d' % (top, name, forced))
            os.makedirs(d)
            tb = os.path.join(d, 'tb.sv')
            with open(tb, 'w') as f:
                f.write('module tb;\n  logic clk = 0;\n  always #5 clk = !clk;\n  initial begin\n'
                        '    force %s.clk_i = clk;\n    force %s.rst_ni = 1\'b0;\n    #22 force %s.rst_ni = 1\'b1;\n'
                        '%s    #30 $finish;\n  end\nendmodule\n'
                        % (top, top, top, ''.join('    #2 force %s.%s;\n' % (top, x) for x in forces) if forced else ''))
            p = subprocess.run(['iverilog', '-g2012', '-o', os.path.join(d, 'sim.vvp'), '-s', 'tb', '-s', top, tb] + files,
                               capture_output=True, text=True, timeout=600)
            check(p.returncode == 0, '%s compiles under Icarus' % top, p.stdout, p.stderr)
            p = subprocess.run(['vvp', '-n', os.path.join(d, 'sim.vvp')], capture_output=True, text=True, timeout=600)
            out = p.stdout + p.stderr
            if forced:
                # the module's path, or a scope inside it (Icarus names a for loop's: r5xx_pvs.$ivl_for_loop3)
                check(re.search(r'\b%s(\.[\w$]+)*: ASSERT %s:' % (top, name), out),
                      '%s with %s fires %s' % (top, ', '.join(forces), name), out)
                print('%s: %s' % (top, next(ln for ln in out.split('\n') if 'ASSERT %s:' % name in ln).strip()))
            else:
                check('ASSERT' not in out, '%s out of reset, nothing forced: no assertion' % top, out)


# ---- the glue modules alone: RTL against the C twin, and their assertions (issue 29) ----------

GLUE_MUTANTS = [
    # (module, the line as shipped, the line broken, the assertion that must fire)
    # the gfx3d fragment join before the fix: RB3D's offer withdrawn when pix is not ready
    ('r5xx_gfx3d_join', 'assign cfrag_valid_o = pass_valid_i && pass_pass_i && !cdone_q;',
     'assign cfrag_valid_o = pass_valid_i && pass_pass_i && pix_ready_i;', 'CfragValidHeld'),
    # the GPU's register backbone before the fix: the offer to gfx3d withdrawn when the log is not ready
    ('r5xx_gpu_bb', 'assign g3_valid_o = in_valid_i && (dst == Dst3d) && !dn_q;',
     'assign g3_valid_o = in_valid_i && (dst == Dst3d) && log_ready_i;', 'G3ValidHeld'),
    # the host split without its lock: a host write replaces a waiting CP write
    ('r5xx_gpu_host', 'assign mmio         = host_valid_i && !hcp && !lock_q;',
     'assign mmio         = host_valid_i && !hcp;', 'BbStable'),
    # the clipper fork before the fix: the raster's offer withdrawn when the trace is not ready
    ('r5xx_gfx3d_vsel', '(pout_valid_i && !rdone_q)', '(pout_valid_i && cv_ready_i)', 'RasValidHeld'),
    # si.backend's join before the fix: a register write arriving while a fragment waits for
    # si.db withdrew the fragment's offer (db_off_q never set is that old behaviour)
    ('si_backend_join', 'assign db_off_d        = db_frag_valid_o && !db_frag_ready_i;',
     "assign db_off_d        = 1'b0;", 'DbFragValidHeld'),
]


def glue_twin(ctx, name, module, *extra):
    d = os.path.join(ctx['tmp'], name)
    p = subprocess.run([sys.executable, os.path.join(ctx['src'], 'tests', 'harden', 'glue_twins.py'),
                        ctx['src'], d, module] + list(extra), capture_output=True, text=True, timeout=1800)
    return p.returncode, p.stdout + p.stderr


def case_glue_twins(ctx):
    """Each glue module changed for the valid/ready rule (gfx3d's fragment join and vertex path
    select, its quad join and FG (MRT and fog, with the shader-float prims), the GPU's register
    backbone and host split, si.backend's join), Verilated alone beside its C twin:
    20,000 cycles of seeded random traffic that keeps the rule, every output equal every cycle
    and no assertion; a module broken on purpose (the join's cdone_q never set) differs."""
    if not shutil.which('verilator'):
        raise Skip('no verilator')
    for module in ('r5xx_gfx3d_join', 'r5xx_gfx3d_vsel', 'r5xx_gfx3d_qjoin', 'r5xx_gfx3d_fg', 'r5xx_gpu_bb',
                   'r5xx_gpu_host', 'si_backend_join'):
        rc, out = glue_twin(ctx, module, module)
        check(rc == 0 and '0 differ, 0 assertions' in out, '%s: RTL and twin agree, no assertion' % module, out)
        print(out.strip().split('\n')[-1])
    rc, out = glue_twin(ctx, 'broken', 'r5xx_gfx3d_join', '--mutate', "cdone_q <= cdone_d && !pop;=>cdone_q <= 1'b0;")
    check(rc == 1 and 'glue_twins r5xx_gfx3d_join: cycle' in out, 'a broken join differs from its twin', out)
    print(out.strip().split('\n')[-1])


def case_glue_asserts(ctx):
    """The glue modules' assertion sections fire: each module broken back to the protocol break
    it had (or would have without its fix) fires its named assertion, with the instance path."""
    if not shutil.which('verilator'):
        raise Skip('no verilator')
    for module, old, new, name in GLUE_MUTANTS:
        text = open(os.path.join(ctx['src'], 'rtl', module.split('_')[0], module.split('_')[1], module + '.sv')).read()
        check(old in text, '%s: the line the test breaks is in the RTL' % module, old)
        rc, out = glue_twin(ctx, 'm_' + module, module, '--mutate', old + '=>' + new, '--no-compare',
                            '--cycles', '3000')
        check('Assertion failed in TOP.%s: TOP.%s: ASSERT %s:' % (module, module, name) in out,
              '%s broken fires %s' % (module, name), out[-3000:])
        print('%s: %s fired %d times' % (module, name, out.count('ASSERT %s:' % name)))


def main():
    rcosim, src, case = sys.argv[1], sys.argv[2], sys.argv[3]
    tmp = tempfile.mkdtemp(prefix='rcosim-harden-')
    try:
        globals()['case_' + case]({'rcosim': os.path.abspath(rcosim), 'src': src, 'tmp': tmp,
                                   'extra': [os.path.abspath(x) for x in sys.argv[4:]]})
    except Fail as e:
        print('FAIL %s: %s' % (case, e))
        return 1
    except Skip as e:
        print('SKIP %s: %s' % (case, e))
        return 77                   # CTest: not run (SKIP_RETURN_CODE), never a pass
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print('PASS %s' % case)
    return 0


if __name__ == '__main__':
    sys.exit(main())
