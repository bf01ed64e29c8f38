"""report.py - the reports of a regression (rcosim regress, docs/regression.md): JUnit XML, HTML,
results.json, summary.txt and the merged coverage, whichever back end ran the runs (the local
one in scripts/regress.py or the Slurm farm in scripts/regress_farm.py)."""
import html
import json
import os
import re
import shlex
import shutil
import socket
import struct
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

from rcosim_py.atomic import write_atomic
from rcosim_py.runs import STATUS_WORD, fmt_wall

SRC = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))


def group(n):
    """A count with its digits grouped by thousands: 48,062,714."""
    return '{:,}'.format(n)


def plural(n, word, many=None):
    """'1 run', '2 runs', '0 runs' (the count grouped)."""
    return '%s %s' % (group(n), word if n == 1 else (many or word + 's'))


def version_of(rcosim):
    """What says which rcosim made the runs: 'rcosim --version' if it answers, else the binary's
    path, size and modification time (an rcosim older than its --version)."""
    try:
        p = subprocess.run([rcosim, '--version'], capture_output=True, text=True, timeout=20)
        if p.returncode == 0 and p.stdout.strip():
            return p.stdout.strip().splitlines()[0]
        st = os.stat(rcosim)
        return 'unversioned binary %s (%d bytes, built %s)' % (
            rcosim, st.st_size, time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime(st.st_mtime)))
    except (OSError, subprocess.SubprocessError):
        return 'unknown'


def commit_of(src):
    """'git describe --always --dirty' of the project, or 'unknown' (no git, not a checkout)."""
    try:
        p = subprocess.run(['git', '-C', src, 'describe', '--always', '--dirty'], capture_output=True, text=True,
                           timeout=20)
        return p.stdout.strip() if p.returncode == 0 and p.stdout.strip() else 'unknown'
    except (OSError, subprocess.SubprocessError):
        return 'unknown'


def metadata(a, seeds=None):
    """What a report is: date, commit, host, rcosim version, command line, seeds.  Kept on a
    (a.meta) so every report of one regression says the same; the date is when it started."""
    if getattr(a, 'meta', None):
        return a.meta
    argv = getattr(a, 'argv', None)
    cmd = 'rcosim regress' + (''.join(' ' + shlex.quote(x) for x in argv) if argv is not None else '')
    if seeds is None:
        seeds = getattr(a, 'seed_list', None)
    seed_text = ('seed base %s' % getattr(a, 'seed_base', '?')
                 + ('; random seeds %s' % ' '.join(map(str, seeds)) if seeds else '; no random runs')
                 + '; each vector with the seed in its header')
    a.meta = {'date': time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime()),
              'commit': commit_of(SRC), 'host': socket.gethostname() or 'unknown',
              'rcosim': version_of(getattr(a, 'rcosim', '')), 'command': cmd, 'seeds': seed_text}
    return a.meta


META_NAMES = (('date', 'date'), ('commit', 'commit'), ('host', 'host'), ('rcosim', 'rcosim'),
              ('command', 'command'), ('seeds', 'seeds'))


def png_size(path):
    """(width, height) of a PNG from its IHDR, or None."""
    try:
        with open(path, 'rb') as f:
            head = f.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b'\x89PNG\r\n\x1a\n' or head[12:16] != b'IHDR':
        return None
    return struct.unpack('>II', head[16:24])


def png_pixels(path):
    """(width, height, rows of RGBA bytes) of an 8-bit RGBA or RGB, non-interlaced PNG (what
    'rcosim run --png' writes), or None for anything else."""
    import zlib
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except OSError:
        return None
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        return None
    pos, idat, hdr = 8, [], None
    while pos + 8 <= len(data):
        n, typ = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if typ == b'IHDR':
            hdr = struct.unpack('>IIBBBBB', body)
        elif typ == b'IDAT':
            idat.append(body)
        elif typ == b'IEND':
            break
        pos += 12 + n
    if not hdr or hdr[2] != 8 or hdr[3] not in (2, 6) or hdr[6] != 0:
        return None
    w, h, bpp = hdr[0], hdr[1], 4 if hdr[3] == 6 else 3
    try:
        raw = zlib.decompress(b''.join(idat))
    except zlib.error:
        return None
    stride, rows, prev, i = w * bpp, [], bytearray(w * bpp), 0
    for _ in range(h):
        if i + 1 + stride > len(raw):
            return None
        ft, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if ft == 1:
                line[x] = (line[x] + a) & 255
            elif ft == 2:
                line[x] = (line[x] + b) & 255
            elif ft == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif ft == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line) if bpp == 4 else b''.join(bytes(line[k:k + 3]) + b'\xff' for k in range(0, stride, 3)))
        prev = line
    return w, h, rows


def first_difference(pa, pb):
    """(pixels that differ, (x, y) of the first in row order, its RGBA on each side) of two
    decoded pictures of one size, or None."""
    if not pa or not pb or pa[:2] != pb[:2]:
        return None
    n, first = 0, None
    for y, (ra, rb) in enumerate(zip(pa[2], pb[2])):
        if ra == rb:
            continue
        for x in range(pa[0]):
            if ra[4 * x:4 * x + 4] != rb[4 * x:4 * x + 4]:
                n += 1
                if first is None:
                    first = (x, y, ra[4 * x:4 * x + 4].hex(), rb[4 * x:4 * x + 4].hex())
    return n, first


PICTURE_TARGET = 384      # a picture is scaled up by the largest whole factor that keeps it within this


def picture_role(name):
    """What a picture of a failure shows, from the label --png gives it (NAME.SIDE.png,
    NAME.diff.png): (order, caption)."""
    low = name.lower()
    for key, order, cap in (('.diff.', 3, 'difference'), ('.vector.', 0, 'expected (vector)'),
                            ('.expected.', 0, 'expected'), ('.model.', 1, 'model'), ('.rtl.', 2, 'actual (RTL)')):
        if key in low:
            return order, cap
    return 4, ''


XML_BAD = re.compile('[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]')


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


def xml_text(s):
    return XML_BAD.sub('?', s)


def write_junit(path, a, runs, title):
    meta = metadata(a)
    root = ET.Element('testsuites', name=title)
    tot = {'tests': 0, 'failures': 0, 'errors': 0, 'skipped': 0, 'time': 0.0}
    for block in sorted({r.block for r in runs}):
        br = [r for r in runs if r.block == block]
        ts = ET.SubElement(root, 'testsuite', name=block)
        props = ET.SubElement(ts, 'properties')
        for k, v in (('suite', a.suite), ('seed-base', str(a.seed_base))) + tuple(
                (name, meta[key]) for key, name in META_NAMES):
            ET.SubElement(props, 'property', name=k, value=xml_text(v))
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


def summary_text(runs, rows, cov, wall, stopped, outdir, meta=None):
    cols = ['block', 'runs', 'pass', 'fail', 'error', 'not run', 'cycles', 'run time']
    if cov is not None:
        cols += ['line cov', 'toggle cov']
    table = []
    tot = {'runs': 0, 'pass': 0, 'fail': 0, 'error': 0, 'skipped': 0, 'cycles': 0, 'seconds': 0.0}
    for row in rows:
        line = [row['block'], row['runs'], row['pass'], row['fail'], row['error'], row['skipped'],
                group(row['cycles']), '%.1f s' % row['seconds']]
        if cov is not None:
            line += [row['line'], row['toggle']]
        table.append([str(x) for x in line])
        for k in tot:
            tot[k] += row[k]
    line = ['total', tot['runs'], tot['pass'], tot['fail'], tot['error'], tot['skipped'], group(tot['cycles']),
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
    if meta:
        w0 = max(len(n) for k, n in META_NAMES)
        for key, name in META_NAMES:
            text.append('%s  %s' % ((name + ':').ljust(w0 + 1), meta[key]))
        text.append('')
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
    text.append('regress: %s: %s of %s passed, %s failed, %s not run; %s in %s wall%s' % (
        verdict, group(tot['pass']), plural(len(runs), 'run'), group(len(bad)), group(len(runs) - nrun),
        plural(tot['cycles'], 'cycle'), fmt_wall(wall),
        '; ' + stopped if stopped else ''))
    return '\n'.join(text) + '\n'


def figure(im, outdir, mark=None):
    """One picture of a failure: a link to the file around the picture at its natural size times a
    whole factor (width and height attributes, pixelated), never shrunk."""
    e = html.escape
    order, cap = picture_role(os.path.basename(im))
    size = png_size(os.path.join(outdir, im))
    if size and size[0] > 0 and size[1] > 0:
        k = max(1, PICTURE_TARGET // max(size))
        dims = ' width="%d" height="%d"' % (size[0] * k, size[1] * k)
        note = '%dx%d%s' % (size[0], size[1], ', shown x%d' % k if k > 1 else '')
    else:
        dims, note = '', 'size unknown'
    ring = ''
    if mark and size:
        # A ring around the first differing pixel, centred on it (the picture's border is 1 px).
        k = max(1, PICTURE_TARGET // max(size))
        rad = max(6, k * 2)
        ring = ('<span class="ring" style="left:%dpx;top:%dpx;width:%dpx;height:%dpx" title="first difference: '
                'x %d, y %d"></span>' % (1 + mark[0] * k + k // 2 - rad, 1 + mark[1] * k + k // 2 - rad, 2 * rad,
                                         2 * rad, mark[0], mark[1]))
    return ('<figure><a class="picbox" href="%s"><img class="pic" src="%s" alt="%s"%s>%s</a><figcaption>%s%s (%s)'
            '</figcaption></figure>' % (e(im), e(im), e(os.path.basename(im)), dims, ring,
                                        (e(cap) + ': ') if cap else '', e(os.path.basename(im)), note))


def picture_name(im):
    """NAME of NAME.SIDE.png."""
    return re.sub(r'\.(model|rtl|vector|expected|diff)\.png$', '', os.path.basename(im))


def pixel_note(r, outdir, notes, name, sides, side, label):
    """Where picture NAME of SIDE ('model' or 'vector', called LABEL) and the RTL's differ: a note with
    the count of differing pixels and the first one (row by row), kept in r.first_pixel for the
    circles.  Returns first_difference's answer."""
    d = first_difference(png_pixels(os.path.join(outdir, sides[side])),
                         png_pixels(os.path.join(outdir, sides['rtl'])))
    if d and d[1]:
        x, y, sv, rv = d[1]
        notes.append('%s: %d pixel%s between %s and the RTL; the first (row by row) at x %d, y %d: '
                     '%s #%s, RTL #%s (RGBA), circled on the pictures' % (
                         name, d[0], ' differs' if d[0] == 1 else 's differ', label, x, y, side, sv, rv))
        r.first_pixel = getattr(r, 'first_pixel', {})
        r.first_pixel[name] = (x, y)
    return d


def picture_note(r, outdir):
    """What the pictures of a failure do and do not show: which side was expected (the bundle's
    report.json), whether the model's and RTL's pictures are the same, and that a vector's own
    picture is missing when the run does not draw one."""
    notes = []
    exp = act = None
    if r.bundle:
        d = None
        try:
            with open(os.path.join(outdir, r.bundle, 'report.json')) as f:
                d = json.load(f)
        except (OSError, ValueError):
            pass
        if isinstance(d, dict):
            exp, act = d.get('expected_side'), d.get('actual_side')
    byname = {}
    for im in r.images:
        m = re.match(r'(.*)\.(model|rtl|vector|expected|diff)\.png$', os.path.basename(im))
        if m:
            byname.setdefault(picture_name(im), {})[m.group(2)] = im
    for name, sides in sorted(byname.items()):
        same = None
        if 'model' in sides and 'rtl' in sides:
            try:
                with open(os.path.join(outdir, sides['model']), 'rb') as f1, \
                        open(os.path.join(outdir, sides['rtl']), 'rb') as f2:
                    same = f1.read() == f2.read()
            except OSError:
                same = None
            if same:
                notes.append('%s: the model\'s and the RTL\'s pictures are identical' % name)
            elif same is False:
                pixel_note(r, outdir, notes, name, sides, 'model', 'the model')
                if 'diff' not in sides:
                    notes.append('%s: the model\'s and the RTL\'s pictures differ (no difference image written)' % name)
        if 'vector' in sides and 'rtl' in sides and same is not False:
            # The sides agree (or only the RTL drew): where the vector's picture and the RTL's differ.
            d = pixel_note(r, outdir, notes, name, sides, 'vector', 'the vector (expected)')
            if d and not d[1]:
                notes.append('%s: the vector\'s picture and the RTL\'s are identical (the difference is not in '
                             'this surface)' % name)
        if exp == 'vector' and 'vector' not in sides and 'expected' not in sides:
            notes.append('%s: the vector is the expected side (actual: %s) and the run draws no picture of it, '
                         'so no expected picture is shown' % (name, act or '?'))
    return notes


def write_html(path, a, runs, rows, cov, wall, stopped, title):
    e = html.escape
    outdir = os.path.dirname(os.path.abspath(path))
    bad = [r for r in runs if r.status in ('fail', 'error')]
    verdict = 'fail' if bad else ('skipped' if stopped else 'pass')
    meta = metadata(a)
    h = ['<!DOCTYPE html>', '<html lang="en"><head><meta charset="utf-8">',
         '<title>%s</title><style>%s</style></head><body>' % (e(title), CSS),
         '<h1>%s <span class="badge %s">%s</span></h1>' % (
             e(title), verdict, {'pass': 'PASS', 'fail': 'FAIL', 'skipped': 'INCOMPLETE'}[verdict])]
    h.append('<table class="meta">%s</table>' % ''.join(
        '<tr><th>%s</th><td%s>%s</td></tr>' % (e(name), ' class="mono"' if key == 'command' else '', e(meta[key]))
        for key, name in META_NAMES))
    npass = sum(r.status == 'pass' for r in runs)
    h.append('<p>%s: <span class="%s">%s passed</span>, <span class="%s">%s failed</span>, '
             '%s not run; %s simulated; wall time %s; %s.%s</p>' % (
                 plural(len(runs), 'run'), 'pass' if npass else '', group(npass), 'fail' if bad else '',
                 group(len(bad)), group(sum(r.status == 'skipped' for r in runs)),
                 plural(sum(r.cycles for r in runs), 'cycle'), fmt_wall(wall), plural(a.jobs, 'worker'),
                 ' <b>%s</b>.' % e(stopped) if stopped else ''))
    h.append('<p>Files: <a href="junit.xml">junit.xml</a>, <a href="summary.txt">summary.txt</a>, '
             '<a href="results.json">results.json</a>%s</p>' % (
                 ', <a href="%s">coverage report</a>' % e(cov['html']) if cov and cov.get('html') else ''))
    h.append('<h2>Blocks</h2><table><tr><th>block</th><th>runs</th><th>pass</th><th>fail</th><th>error</th>'
             '<th>not run</th><th>cycles</th><th>run time</th>%s</tr>' % (
                 '<th>line coverage</th><th>toggle coverage</th>' if cov is not None else ''))
    for row in rows:
        h.append('<tr><td>%s</td><td>%d</td><td class="%s">%d</td><td class="%s">%d</td><td class="%s">%d</td>'
                 '<td>%d</td><td>%s</td><td>%.1f s</td>%s</tr>' % (
                     e(row['block']), row['runs'], 'pass' if row['pass'] else '', row['pass'],
                     'fail' if row['fail'] else '', row['fail'],
                     'error' if row['error'] else '', row['error'], row['skipped'], group(row['cycles']),
                     row['seconds'],
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
            notes = picture_note(r, outdir)
            marks = getattr(r, 'first_pixel', {})
            h.append('<p>pictures (native size or scaled up by a whole factor; each links to the file):</p>'
                     '<div class="pictures">%s</div>' % ''.join(
                         figure(im, outdir, marks.get(picture_name(im)))
                         for im in sorted(r.images, key=lambda p: (picture_role(p)[0], p))))
            for n in notes:
                h.append('<p class="note">%s.</p>' % e(n))
        h.append('<pre>%s</pre>' % e(r.report + (('\n[stderr]\n' + r.stderr) if r.stderr else '')))
        h.append('</div>')
    h.append('<h2>All runs</h2><details><summary>%s</summary><table><tr><th>run</th><th>status</th>'
             '<th>seed</th><th>cycles</th><th>time</th><th>what</th></tr>' % plural(len(runs), 'run'))
    for r in runs:
        name = '<a href="#%s">%s</a>' % (e(r.id), e(r.id)) if r in bad else e(r.id)
        h.append('<tr><td>%s</td><td class="%s">%s</td><td>%s</td><td>%s</td><td>%.2f s</td>'
                 '<td style="text-align:left">%s</td></tr>' % (name, r.status, STATUS_WORD[r.status], e(r.seed),
                                                               group(r.cycles), r.seconds, e(r.info)))
    h.append('</table></details></body></html>')
    write_atomic(path, '\n'.join(h) + '\n')


def write_json(path, a, runs, cov, wall, stopped, jobs, extra=None):
    d = {'suite': a.suite, 'jobs': jobs, 'seed_base': a.seed_base, 'wall_seconds': wall, 'stopped': stopped,
         'runs': [{'id': r.id, 'block': r.block, 'kind': r.kind, 'seed': r.seed, 'status': r.status,
                   'message': r.message, 'seconds': r.seconds, 'cycles': r.cycles, 'repro': r.repro,
                   'bundle': r.bundle, 'images': r.images} for r in runs],
         'coverage': cov, 'meta': metadata(a)}
    if extra:
        d.update(extra)
    d['total'] = {'runs': len(runs), 'completed': sum(r.status != 'skipped' for r in runs),
                  'pass': sum(r.status == 'pass' for r in runs),
                  'fail': sum(r.status in ('fail', 'error') for r in runs),
                  'cycles': sum(r.cycles for r in runs), 'run_seconds': sum(r.seconds for r in runs)}
    write_atomic(path, json.dumps(d, indent=1) + '\n')


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
    metadata(a, sorted({int(r.seed) for r in runs if r.kind == 'random' and str(r.seed).isdigit()}))
    cov = coverage(a, runs, outdir, blocks) if a.coverage else None
    rows = block_rows(runs, cov)
    text = summary_text(runs, rows, cov, wall, stopped, outdir, metadata(a))
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


CSS = '''body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}
td:first-child,th:first-child{text-align:left}th{background:#f0f0f0}
.pass{color:#176f2c}.fail,.error{color:#b00020}.skipped{color:#8a6d00}
.badge{display:inline-block;padding:.2em .7em;border-radius:.3em;color:#fff;font-weight:bold}
.badge.pass{background:#2e7d32}.badge.fail{background:#c62828}.badge.skipped{background:#b28704}
pre{background:#f7f7f7;border:1px solid #ddd;padding:.6em;overflow-x:auto;font-size:.85em}
.failure{border-left:4px solid #c62828;padding-left:1em;margin:1.2em 0}
code{background:#f0f0f0;padding:0 .2em}
table.meta th{text-align:left}table.meta td{text-align:left}.mono{font-family:monospace}
.pictures{overflow-x:auto}.pictures figure{display:inline-block;vertical-align:top;margin:.3em}
a.picbox{position:relative;display:inline-block}
.ring{position:absolute;border:2px solid #e00000;border-radius:50%;box-sizing:border-box;pointer-events:none}
img.pic{max-width:none;image-rendering:crisp-edges;image-rendering:pixelated;border:1px solid #ccc;display:block}
'''
