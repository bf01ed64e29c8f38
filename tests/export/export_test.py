#!/usr/bin/env python3
"""export_test.py - tests of 'rcosim export' (docs/export.md).

Usage: export_test.py RCOSIM SOURCE_DIR WORK_DIR CASE
  deterministic     the same vector exported twice gives the same bytes, and none of them names
                    the source tree (the bench needs nothing of rcosim)
  fault_icarus      one expected value changed: the bench fails under Icarus naming cycle, channel,
                    transaction and field, with the field table, a FAIL line and a non-zero exit
  fault_verilator   the same under Verilator --binary --timing
  ordered_fault     the same vector in ordered mode: the mismatch names both cycles
  fault:VECTOR      any block: the first expected output of VECTOR with one field's low bit flipped
                    fails under Icarus naming its cycle, channel, transaction #0 and that field
                    (the next field is tried when a compare mask hides the bit)
  bad_vector        a malformed vector: FILE:LINE: expected ..., exit 2, nothing written
  skip_too_long     export --check skips (and names) a vector known never to finish under Icarus
                    and counts the others n/N
  progress_tty      export --check on a terminal (stderr a pty) shows the live line "rcosim export
                    --check: 0/1 benches done: 0:00" (RCOSIM_PROGRESS_DELAY=0: at once), erased at the
                    end; nothing on stderr when it is not a terminal
  policies          seeded random vectors under each back-pressure policy with random memory
                    latency pass under Icarus; the same bench told another policy, latency or seed
                    (plusargs before vector.args) fails; a count past the build's CAP_ fails naming it
"""
import filecmp
import os
import shutil
import subprocess
import sys

RCOSIM, SRC, WORK, CASE = sys.argv[1:5]
VEC = os.path.join(SRC, 'vectors', 'r5xx', 'cp', 'type0_worked.vec')
GOOD = 'out regw @13 4e04 11111111 0'
BAD = 'out regw @13 4e04 11111112 0'


def fail(msg):
    print('FAIL: ' + msg)
    sys.exit(1)


def export(vec, out, *extra):
    if os.path.exists(out):
        shutil.rmtree(out)
    p = subprocess.run([RCOSIM, 'export', '--vector', vec, '--format', 'sv', '-o', out] + list(extra),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p


def run(d, sim, *args):
    env = dict(os.environ)
    if args:
        env['ARGS'] = ' '.join(args)
    p = subprocess.run(['nice', '-n', '10', os.path.join(d, 'run.sh'), sim], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True, env=env)
    return p.returncode, p.stdout


def bad_vector():
    text = open(VEC).read()
    assert text.count(GOOD) == 1
    path = os.path.join(WORK, 'type0_bad.vec')
    with open(path, 'w') as f:
        f.write(text.replace(GOOD, BAD))
    return path


def expect_fault(sim, ordered=False):
    d = os.path.join(WORK, 'fault_' + sim + ('_ordered' if ordered else ''))
    p = export(bad_vector(), d)
    if p.returncode:
        fail('export failed: ' + p.stdout)
    rc, out = run(d, sim, *(['+ordered'] if ordered else []))
    print(out)
    if rc == 0:
        fail('the bench passed with a changed expected value')
    if ordered:
        want = ('MISMATCH r5xx.cp (ordered) at cycle 13: channel regw (out), transaction #0: field data differs '
                '(expected: vector at cycle 13, actual: rtl at cycle 13)')
    else:
        want = ('MISMATCH r5xx.cp at cycle 13: channel regw (out), transaction #0: field data differs '
                '(expected: vector, actual: rtl)')
    lines = out.split('\n')
    if want not in lines:
        fail('no line %r' % want)
    i = lines.index(want)
    table = ['    field      vector                   rtl',
             '    addr       0x4e04                   0x4e04',
             '  * data       0x11111112               0x11111111',
             '    stream     0x0                      0x0']
    if lines[i + 1:i + 5] != table:
        fail('field table differs: %r' % lines[i + 1:i + 5])
    if 'FAIL r5xx.cp type0_bad: 13 cycles' not in lines:
        fail('no FAIL line')
    if any(l.startswith('PASS') for l in lines):
        fail('a PASS line in a failing run')


if CASE == 'deterministic':
    a, b = os.path.join(WORK, 'det_a'), os.path.join(WORK, 'det_b')
    for d in (a, b):
        p = export(os.path.join(SRC, 'vectors', 'r5xx', 'zb', 'backpressure.vec'), d)
        if p.returncode:
            fail(p.stdout)
    names = []
    for root, _, files in os.walk(a):
        names += [os.path.relpath(os.path.join(root, f), a) for f in files]
    if len(names) < 8:
        fail('too few files: %r' % names)
    for n in sorted(names):
        if not filecmp.cmp(os.path.join(a, n), os.path.join(b, n), shallow=False):
            fail('%s differs between two exports' % n)
        with open(os.path.join(a, n), 'rb') as f:
            if SRC.encode() in f.read():
                fail('%s names the source tree %s' % (n, SRC))
    rc, out = run(a, 'icarus')
    if rc or 'PASS r5xx.zb backpressure:' not in out:
        fail('the exported bench did not pass: ' + out)
    print('ok: %d files, identical, self-contained, passing' % len(names))
elif CASE == 'fault_icarus':
    expect_fault('icarus')
elif CASE == 'fault_verilator':
    expect_fault('verilator')
elif CASE == 'ordered_fault':
    expect_fault('icarus', ordered=True)
elif CASE.startswith('fault:'):
    import gzip
    vec = os.path.join(SRC, CASE.split(':', 1)[1])
    with (gzip.open if vec.endswith('.gz') else open)(vec, 'rt') as f:
        lines = f.read().split('\n')
    block = next(l.split()[1] for l in lines if l.startswith('block '))
    chans = {l.split()[2]: [t.split(':')[0] for t in l.split()[3:]] for l in lines if l.startswith('channel out ')}
    k = next(i for i, l in enumerate(lines) if l.startswith('out ') and l.split()[2].startswith('@'))
    words = lines[k].split()
    ch, cyc = words[1], int(words[2][1:])
    name = '%s_%s' % (block.replace('.', '_'), os.path.basename(vec).split('.')[0])
    os.makedirs(WORK, exist_ok=True)
    for j, field in enumerate(chans[ch]):
        val = words[3 + j]
        if not all(c in '0123456789abcdefABCDEF' for c in val):
            continue
        bad = list(words)
        bad[3 + j] = '%0*x' % (len(val), int(val, 16) ^ 1)
        text = list(lines)
        text[k] = ' '.join(bad)
        path = os.path.join(WORK, 'fault_%s.vec' % name)
        with open(path, 'w') as f:
            f.write('\n'.join(text))
        d = os.path.join(WORK, 'fault_%s' % name)
        p = export(path, d)
        if p.returncode:
            fail('export failed: ' + p.stdout)
        rc, out = run(d, 'icarus')
        if rc == 0 and any(l.startswith('PASS ') for l in out.split('\n')):
            print('field %s: masked, passes; the next field' % field)
            continue
        want = ('MISMATCH %s at cycle %d: channel %s (out), transaction #0: field %s differs '
                '(expected: vector, actual: rtl)' % (block, cyc, ch, field))
        print(out[-3000:])
        if rc == 0 or want not in out.split('\n'):
            fail('no line %r' % want)
        if not any(l.startswith('  * %-10s ' % field) for l in out.split('\n')):
            fail('field %s not starred in the table' % field)
        if not any(l.startswith('FAIL %s fault_%s: ' % (block, name)) for l in out.split('\n')):
            fail('no FAIL line')
        print('ok: %s' % want)
        break
    else:
        fail('no field of %s at line %d changes the verdict' % (ch, k + 1))
elif CASE == 'policies':
    for pol, lat in (('always', '3:3'), ('random:0.3', '1:9'), ('bursty:5', '2:7')):
        vec = os.path.join(WORK, 'pol_%s.vec' % pol.split(':')[0])
        p = subprocess.run([RCOSIM, 'gen', '--block', 'r5xx.zb', '--count', '30', '--seed', '11', '--backpressure', pol,
                            '--mem-latency', lat, '-o', vec, '--quiet'], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        if p.returncode:
            fail(p.stdout)
        d = os.path.join(WORK, 'pol_%s' % pol.split(':')[0])
        p = export(vec, d)
        if p.returncode:
            fail(p.stdout)
        rc, out = run(d, 'icarus')
        if rc or 'backpressure %s, mem-latency %s' % (pol, lat.split(':')[0] if lat.split(':')[0] == lat.split(':')[1]
                                                       else lat) not in out or 'PASS r5xx.zb' not in out:
            fail('%s %s: the bench did not pass: %s' % (pol, lat, out[-2000:]))
        # Told something else than the vector says, the same bench must fail: the values count.
        for wrong in (['+bp_kind=2', '+bp_burst=3'] if pol != 'bursty:5' else ['+bp_kind=0'],
                      ['+lat_min=1', '+lat_max=1'] if lat != '1:9' else ['+lat_min=2', '+lat_max=9'], ['+seed=12']):
            if pol == 'always' and wrong == ['+seed=12']:
                continue                  # nothing random left to disturb
            rc, out = run(d, 'icarus', *wrong)
            if rc == 0 or 'MISMATCH r5xx.zb' not in out:
                fail('%s %s with %s: expected a mismatch, got exit %s: %s' % (pol, lat, wrong, rc, out[-1500:]))
        print('ok: %s %s passes; other policy, latency and seed fail' % (pol, lat))
    rc, out = run(d, 'icarus', '+n_exp_pass=100000')
    if rc == 0 or 'rows in exp_pass.hex, more than this build holds (CAP_EXP_pass = ' not in out:
        fail('a count past the capacity: exit %s: %s' % (rc, out[-1500:]))
elif CASE == 'bad_vector':
    path = os.path.join(WORK, 'broken.vec')
    with open(VEC) as f:
        lines = f.read().split('\n')
    k = next(i for i, l in enumerate(lines) if l.startswith('out regw'))
    lines[k] = 'out regw @13 4e04 zz 0'
    with open(path, 'w') as f:
        f.write('\n'.join(lines))
    d = os.path.join(WORK, 'broken_out')
    p = export(path, d)
    want = "%s:%d: expected a hex value for field 'data', got 'zz'" % (path, k + 1)
    if p.returncode != 2 or want not in p.stdout:
        fail('want exit 2 and %r, got %d: %s' % (want, p.returncode, p.stdout))
    if os.path.exists(d):
        fail('an output directory was written for a bad vector')
elif CASE == 'skip_too_long':
    # rcosim export --check over a block with a vector known never to finish under Icarus
    # (RCOSIM_EXPORT_ICARUS_TOO_LONG): that one is named and not run, the others count n/N.
    sys.path.insert(0, os.path.join(SRC, 'scripts'))
    from export import export_check
    listed = export_check.icarus_too_long()
    if 'r5xx/pm4_2d/desktop.vec.gz' not in listed:
        fail('the too-long list does not name r5xx/pm4_2d/desktop.vec.gz: %s' % sorted(listed))
    for v in listed:
        if not os.path.isfile(os.path.join(SRC, 'vectors', v)):
            fail('RCOSIM_EXPORT_ICARUS_TOO_LONG names %s, which is not a vector (renamed?)' % v)
    env = dict(os.environ, PYTHONPATH=os.path.join(SRC, 'scripts'))
    p = subprocess.run([sys.executable, os.path.join(SRC, 'scripts', 'export', 'export_check.py'), '--block',
                        'r5xx.pm4_2d', '-o', os.path.join(WORK, 'skip_too_long'), '-j', '1', '--timeout', '300'],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=SRC)
    print(p.stdout)
    for want in ('skip vectors/r5xx/pm4_2d/desktop.vec.gz under Icarus: known never to finish there',
                 'ok   1/1 r5xx.pm4_2d.misc',
                 'export-check: 1 of 1 benches passed under icarus', '1 not run under Icarus (too long, named above)'):
        if want not in p.stdout:
            fail('expected %r in the output' % want)
    if p.returncode != 0 or 'pm4_2d.desktop' in p.stdout:
        fail('exit %d, or the desktop bench ran' % p.returncode)
elif CASE == 'progress_tty':
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))
    import rctest
    env = dict(os.environ, PYTHONPATH=os.path.join(SRC, 'scripts'), RCOSIM_PROGRESS_DELAY='0')
    cmd = [sys.executable, os.path.join(SRC, 'scripts', 'export', 'export_check.py'), '-o',
           os.path.join(WORK, 'progress_tty'), '-j', '1', '--timeout', '300', VEC]
    p, out, err = rctest.on_pty(cmd, SRC, env)
    if p.returncode != 0 or 'ok   1/1 r5xx.cp.type0_worked' not in out:
        fail('exit %d:\n%s%s' % (p.returncode, out, err))
    if '\r\x1b[Krcosim export --check: 0/1 benches done: 0:00' not in err:
        fail('no live line on the terminal; stderr was %r' % err)
    if not err.endswith('\r\x1b[K'):
        fail('the live line was not erased at the end: %r' % err[-80:])
    q = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=SRC)
    if q.returncode != 0 or q.stderr:
        fail('stderr not a terminal: exit %d, stderr %r' % (q.returncode, q.stderr))
else:
    fail('unknown case ' + CASE)
print('PASS export_test ' + CASE)
