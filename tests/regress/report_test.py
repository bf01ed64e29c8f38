#!/usr/bin/env python3
"""report_test.py - what the regression's reports show and how its progress line estimates
(scripts/regress.py, scripts/rcosim_py/report.py and runs.py), run from the source tree given
(SOURCE_DIR/scripts/regress.py --rcosim RCOSIM), the per-block cost cache in a temporary file
(RCOSIM_REGRESS_CACHE), never in the build directory.

Usage: report_test.py RCOSIM SOURCE_DIR CASE
Cases (each one CTest test):
  pictures   a failing report.html (a gfx2d vector with one expected write changed): the vector's
             picture (expected) first, the model's, the RTL's and the difference image, the first
             differing pixel named and circled, the same pictures in the failure bundle; rendered
             in headless Chromium: every failure
             picture's rendered size is a whole multiple (>= 1) of its natural size, pixelated,
             inside a link to the file; and the check catches a picture a CSS rule shrinks.  Without Chromium: the HTML and CSS are parsed instead and
             the test says so.
  lockstep_pictures  a model-against-RTL mismatch of r5xx.rb3d (an injected RTL fault on a colour
             write): model, RTL and difference pictures written and shown, the first pixel named
  eta        a synthetic suite on a virtual clock (tests/regress/eta_sim.py runs regress.py's own
             main with its clock and run processes faked: nothing sleeps): with the previous
             results in the output directory, from the build's cost cache alone, and on a machine
             20 % slower, every ETA on the progress lines with 4 s or more to go is within 25 % of
             the time that was really left; and the check catches an ETA twice too long.
  eta_fresh  scripts/main-job's first regression on a fresh machine on that clock: no cost cache, no
             previous results, the shipped cost table (scripts/regress-costs-default) on a
             machine 30 % slower, runs of the blocks rcosim_first lacks waiting for a build whose
             ninja lines appear in its log: every ETA with 4 s or more to go within 25 %.
  metadata   date, commit (git describe --always --dirty, or unknown), host, rcosim version,
             command line and seeds in report.html, junit.xml <properties>, summary.txt and the
             console; grouped digits; '0 failed' not coloured as a failure on a passing run.
  diffpixel  a fake rcosim's failing run with a model's and an RTL's picture differing at two pixels:
             the report counts them, names the first by coordinates and values, and circles it.
  singular   a one-run, one-worker regression says '1 run' and '1 worker', never '1 runs'/'1 workers'.
"""
import html
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET


class Fail(Exception):
    pass


def check(cond, what, *context):
    if not cond:
        raise Fail(what + ''.join('\n' + str(c)[-4000:] for c in context))


def regress(ctx, *args, expect_rc=None, rcosim=None, env=None):
    cmd = [sys.executable, os.path.join(ctx['src'], 'scripts', 'regress.py'), '--rcosim', rcosim or ctx['rcosim']]
    cmd += list(args)
    e = dict(os.environ, PYTHONPATH=os.path.join(ctx['src'], 'scripts'),
             RCOSIM_REGRESS_CACHE=os.path.join(ctx['tmp'], 'costs.json'))
    e.update(env or {})
    p = subprocess.run(cmd, cwd=ctx['tmp'], capture_output=True, text=True, timeout=600, env=e)
    if expect_rc is not None and p.returncode != expect_rc:
        raise Fail('%s: exit %d, expected %d\nstdout:\n%s\nstderr:\n%s' % (
            ' '.join(cmd), p.returncode, expect_rc, p.stdout[-3000:], p.stderr[-3000:]))
    return p


# ---- pictures ------------------------------------------------------------------------------------

MEASURE = '''<script>window.addEventListener('load', function () {
  var out = [];
  document.querySelectorAll('.failure img').forEach(function (i) {
    var a = i.closest('a'), cs = getComputedStyle(i);
    var bw = parseFloat(cs.borderLeftWidth) + parseFloat(cs.borderRightWidth);
    var bh = parseFloat(cs.borderTopWidth) + parseFloat(cs.borderBottomWidth);
    var r = i.getBoundingClientRect();
    out.push(JSON.stringify({src: i.getAttribute('src'), nw: i.naturalWidth, nh: i.naturalHeight,
                             w: r.width - bw, h: r.height - bh, rendering: cs.imageRendering,
                             href: a ? a.getAttribute('href') : null}));
  });
  var p = document.createElement('pre'); p.id = 'rcosim-measure'; p.textContent = out.join('\\n');
  document.body.appendChild(p);
});</script>'''


def chromium():
    for n in ('chromium', 'chromium-browser', 'google-chrome'):
        if shutil.which(n):
            return shutil.which(n)
    return None


def measure(browser, page, shot=None):
    """[{src, nw, nh, w, h, rendering, href}] of the failure pictures of PAGE as Chromium lays it out."""
    with open(page) as f:
        text = f.read()
    probe = page[:-5] + '.measure.html'
    with open(probe, 'w') as f:
        f.write(text.replace('</body>', MEASURE + '</body>'))
    base = [browser, '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--window-size=1280,1600',
            '--user-data-dir=' + os.path.join(os.path.dirname(page), 'chromium-profile'),
            '--virtual-time-budget=5000']
    p = subprocess.run(base + ['--dump-dom', 'file://' + probe], capture_output=True, text=True, timeout=120)
    m = re.search(r'<pre id="rcosim-measure">(.*?)</pre>', p.stdout, re.S)
    check(m, 'Chromium did not run the measuring script (exit %d)' % p.returncode, p.stderr)
    if shot:
        subprocess.run(base + ['--screenshot=' + shot, 'file://' + page], capture_output=True, timeout=120)
    return [json.loads(html.unescape(x)) for x in m.group(1).splitlines() if x.strip()]


def picture_problems(pics):
    """Why these rendered pictures are not readable: empty when each is its natural size times a
    whole factor >= 1, pixelated, inside a link to its own file."""
    bad = []
    for p in pics:
        if not p['nw'] or not p['nh']:
            bad.append('%s: did not load' % p['src'])
            continue
        kx, ky = p['w'] / p['nw'], p['h'] / p['nh']
        if abs(kx - round(kx)) > 1e-3 or abs(ky - round(ky)) > 1e-3 or round(kx) < 1 or round(kx) != round(ky):
            bad.append('%s: %gx%g shown at %gx%g, not a whole multiple' % (p['src'], p['nw'], p['nh'], p['w'], p['h']))
        if round(kx) > 1 and p['rendering'] != 'pixelated':
            bad.append('%s: scaled up with image-rendering %s, not pixelated' % (p['src'], p['rendering']))
        if p['href'] != p['src']:
            bad.append('%s: not a link to its file (href %r)' % (p['src'], p['href']))
    return bad


def failing_picture_report(ctx):
    """A regression of one gfx2d vector with one expected memory write changed: it fails with the
    model's and the RTL's pictures of the destination surface."""
    vdir = os.path.join(ctx['tmp'], 'vectors')
    rel = 'r5xx/gfx2d/misc.vec'
    os.makedirs(os.path.join(vdir, 'r5xx/gfx2d/stim'))
    shutil.copy(os.path.join(ctx['src'], 'vectors', 'r5xx/gfx2d/stim/misc.stim'), os.path.join(vdir, 'r5xx/gfx2d/stim'))
    with open(os.path.join(ctx['src'], 'vectors', rel)) as f:
        text = f.read()
    text, n = re.subn(r'^(out memreq @\d+ \S+ 1 )(\S+)', lambda m: m.group(1) + '%08x' % (int(m.group(2), 16) ^ 1),
                      text, count=1, flags=re.M)
    check(n == 1, 'could not break misc.vec')
    with open(os.path.join(vdir, rel), 'w') as f:
        f.write(text)
    out = os.path.join(ctx['tmp'], 'out')
    regress(ctx, '-o', out, '--vectors', vdir, '--block', 'r5xx.gfx2d', '--seeds', '0', '-j', '1', expect_rc=1)
    return os.path.join(out, 'report.html')


def case_pictures(ctx):
    page = failing_picture_report(ctx)
    with open(page) as f:
        text = f.read()
    imgs = re.findall(r'<img [^>]*>', text)
    check(len(imgs) >= 4, 'the failing report shows %d pictures, expected the vector\'s, the model\'s, the RTL\'s '
          'and their difference' % len(imgs), text)
    srcs = [re.search(r'src="([^"]+)"', t).group(1) for t in imgs]
    for role in ('vector', 'model', 'rtl', 'diff'):
        check(any(x.endswith('.%s.png' % role) for x in srcs), 'no %s picture among %s' % (role, srcs), text)
    check(srcs.index(next(x for x in srcs if x.endswith('.vector.png'))) == 0, 'the expected picture is not first: %s' % srcs)
    check('identical' in text, 'no note that the model\'s and the RTL\'s pictures are identical', text)
    m = re.search(r'(\d+) pixels? differs? between the vector \(expected\) and the RTL; the first \(row by row\) at '
                  r'x (\d+), y (\d+)', text)
    check(m and int(m.group(1)) >= 1, 'no note naming the first pixel where the vector and the RTL differ', text)
    check(text.count('class="ring"') >= 3, 'the first differing pixel is not circled on the pictures', text)
    # The same pictures in the failure bundle.
    import glob
    bundles = glob.glob(os.path.join(os.path.dirname(page), 'runs', '*', 'bundle'))
    check(len(bundles) == 1, 'expected one failure bundle, found %r' % bundles)
    inb = sorted(n for n in os.listdir(bundles[0]) if n.endswith('.png'))
    for x in srcs:
        check(os.path.basename(x) in inb, 'the bundle lacks %s (it has %s)' % (os.path.basename(x), inb))
    browser = chromium()
    if browser:
        pics = measure(browser, page, os.path.join(ctx['tmp'], 'report.png'))
        check(len(pics) == len(imgs), 'Chromium laid out %d of %d pictures' % (len(pics), len(imgs)))
        bad = picture_problems(pics)
        check(not bad, 'pictures not readable in Chromium:\n' + '\n'.join(bad))
        # The check catches the old rule (pictures shrunk to a share of their box).
        with open(page) as f:
            shrunk = f.read().replace('</style>', 'img{max-width:45% !important;width:45% !important}</style>')
        bad_page = page[:-5] + '.shrunk.html'
        with open(bad_page, 'w') as f:
            f.write(shrunk)
        check(picture_problems(measure(browser, bad_page)), 'the check passed pictures a CSS rule shrinks')
        print('PASS pictures: %s' % '; '.join('%s %dx%d shown %dx%d' % (
            os.path.basename(p['src']), p['nw'], p['nh'], p['w'], p['h']) for p in pics))
        return
    # No Chromium: parse what the browser would be told.
    print('NOTE pictures: no Chromium on this machine (apt-get install -y chromium); parsing HTML and CSS')
    css = re.search(r'<style>(.*?)</style>', text, re.S).group(1)
    check('image-rendering:pixelated' in css.replace(' ', ''), 'no image-rendering: pixelated', css)
    check(not re.search(r'img[^{]*\{[^}]*(max-)?width:\s*\d+%', css), 'a CSS rule sizes pictures by percentage', css)
    for tag in imgs:
        src = re.search(r'src="([^"]+)"', tag).group(1)
        w, h = int(re.search(r'width="(\d+)"', tag).group(1)), int(re.search(r'height="(\d+)"', tag).group(1))
        with open(os.path.join(os.path.dirname(page), html.unescape(src)), 'rb') as f:
            head = f.read(24)
        nw, nh = int.from_bytes(head[16:20], 'big'), int.from_bytes(head[20:24], 'big')
        check(w % nw == 0 and h % nh == 0 and w // nw == h // nh >= 1, '%s: %dx%d shown %dx%d' % (src, nw, nh, w, h))
        check('<a href="%s"><img' % src in text, '%s is not a link to its file' % src)
    print('PASS pictures (parsed, not rendered)')


FAKE_PICTURES = r'''#!/usr/bin/env python3
# A fake rcosim whose one run fails with a model's and an RTL's 24x16 picture differing at
# pixels (5, 3) and (7, 9), written as --png does (NAME.SIDE.png), with the up filter on row 3.
import os, struct, sys, zlib
a = sys.argv[1:]
if a[:1] == ['list']:
    print('r5xx.cp\n  channel in host')
    sys.exit(0)
if a[:2] == ['run', '--help']:
    print('usage: rcosim run ... --png DIR')
    sys.exit(0)
def png(path, px, w, h):
    raw = b''
    prev = bytes(w * 4)
    for y in range(h):
        row = bytes(px[y * w * 4:(y + 1) * w * 4])
        if y == 3:
            raw += b'\x02' + bytes((row[i] - prev[i]) & 255 for i in range(len(row)))
        else:
            raw += b'\x00' + row
        prev = row
    chunk = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
d = a[a.index('--png') + 1] if '--png' in a else None
if '--count' in a and a[a.index('--count') + 1] == '1' and '--quiet' in a:
    sys.exit(0)                                  # the runner asks whether the block has pictures
w, h = 24, 16
model = bytearray([10, 20, 30, 255] * (w * h))
rtl = bytearray(model)
for x, y in ((7, 9), (5, 3)):
    rtl[(y * w + x) * 4:(y * w + x) * 4 + 4] = bytes([200, 0, 0, 255])
if d:
    png(os.path.join(d, 'dst.model.png'), model, w, h)
    png(os.path.join(d, 'dst.rtl.png'), rtl, w, h)
print('MISMATCH r5xx.cp at cycle 12: channel memreq (out), transaction #0: field wdata differs (expected: model, actual: rtl)')
sys.exit(1)
'''


def case_diffpixel(ctx):
    """Pictures that differ: the report counts the differing pixels, names the first by its
    coordinates and values, and circles it on each picture (at the whole-factor scale)."""
    fake = os.path.join(ctx['tmp'], 'fake-rcosim')
    with open(fake, 'w') as f:
        f.write(FAKE_PICTURES)
    os.chmod(fake, 0o755)
    os.makedirs(os.path.join(ctx['tmp'], 'novectors'))
    out = os.path.join(ctx['tmp'], 'out')
    p = regress(ctx, '-o', out, '--vectors', os.path.join(ctx['tmp'], 'novectors'), '--seeds', '1', '--count', '5',
                '-j', '1', rcosim=fake, expect_rc=1)
    with open(os.path.join(out, 'report.html')) as f:
        page = f.read()
    check('dst: 2 pixels differ between the model and the RTL; the first (row by row) at x 5, y 3: '
          'model #0a141eff, RTL #c80000ff (RGBA), circled on the pictures' in page,
          'no first-difference note naming x 5, y 3', page, p.stdout)
    rings = re.findall(r'<span class="ring" style="left:(-?\d+)px;top:(-?\d+)px;width:(\d+)px;height:(\d+)px"', page)
    check(len(rings) == 2, '%d rings, expected one on each of the two pictures' % len(rings), page)
    k = 384 // 24                                    # the whole factor a 24x16 picture is shown at
    for left, top, wd, ht in rings:
        cx, cy = int(left) + int(wd) // 2, int(top) + int(ht) // 2
        check(1 + 5 * k <= cx <= 1 + 6 * k and 1 + 3 * k <= cy <= 1 + 4 * k,
              'ring centred at %d,%d, not on pixel (5, 3) at x%d' % (cx, cy, k))
    print('PASS diffpixel: first difference at x 5, y 3 named and circled (x%d)' % k)


def case_lockstep_pictures(ctx):
    """A lockstep mismatch of a pixel block, model against RTL (no vector): r5xx.rb3d's seeded run
    with one bit of the RTL's 3rd memory request (a colour write) flipped (--inject).  The run stops at that write,
    before either side's write of it reaches memory; the pictures hold each side's own write
    (bridge/rc_images.c pending_writes), so the model's and the RTL's pictures differ in one pixel,
    a difference image is written, and the report shows model, RTL and difference with the first
    differing pixel named and circled."""
    inj = 'rtl:memreq.wdata@2^0x100000000000000'
    d = os.path.join(ctx['tmp'], 'png')
    os.makedirs(d)
    p = subprocess.run([ctx['rcosim'], 'run', '--block', 'r5xx.rb3d', '--count', '50', '--seed', '3',
                        '--inject', inj, '--png', d], capture_output=True, text=True, cwd=ctx['tmp'], timeout=300)
    check(p.returncode == 1 and 'field wdata differs (expected: model, actual: rtl)' in p.stdout,
          'the injected fault did not fail the run (exit %d)' % p.returncode, p.stdout, p.stderr)
    m = re.search(r'png: (\w+): (\d+) pixels? differ between (model and rtl|rtl and model)', p.stdout)
    check(m and int(m.group(2)) >= 1, 'no "pixels differ between model and rtl" line', p.stdout)
    name = m.group(1)
    check(os.path.isfile(os.path.join(d, name + '.diff.png')), 'no %s.diff.png' % name, sorted(os.listdir(d)))
    check(open(os.path.join(d, name + '.model.png'), 'rb').read() != open(os.path.join(d, name + '.rtl.png'), 'rb').read(),
          'the model\'s and the RTL\'s %s pictures are the same' % name)
    check('pictures hold each side\'s own write of memreq #2' in p.stdout, 'no note on the pending writes', p.stdout)
    # Through the regression: the same run (seed 3, backpressure always, mem-latency 1:1) with the
    # fault added by a wrapper; the report shows the three pictures and names the first pixel.
    wrap = os.path.join(ctx['tmp'], 'rcosim-inject')
    with open(wrap, 'w') as f:
        f.write('#!/bin/sh\nif [ "$1" = run ] && [ "$2" = --block ]; then exec "%s" "$@" --inject %s; fi\n'
                'exec "%s" "$@"\n' % (ctx['rcosim'], inj, ctx['rcosim']))
    os.chmod(wrap, 0o755)
    os.makedirs(os.path.join(ctx['tmp'], 'novectors'))
    out = os.path.join(ctx['tmp'], 'out')
    p = regress(ctx, '-o', out, '--vectors', os.path.join(ctx['tmp'], 'novectors'), '--block', 'r5xx.rb3d',
                '--seeds', '1', '--seed-base', '3', '--count', '50', '-j', '1', rcosim=wrap, expect_rc=1)
    with open(os.path.join(out, 'report.html')) as f:
        page = f.read()
    for cap in ('model: ', 'actual (RTL): ', 'difference: '):
        check('<figcaption>%s%s.' % (cap, name) in page, 'no "%s%s" picture in the report' % (cap, name), page, p.stdout)
    check(re.search(r'%s: \d+ pixels? differs? between the model and the RTL; the first \(row by row\) at x \d+, y \d+'
                    % name, page), 'no first-difference note for %s' % name, page)
    check('class="ring"' in page, 'the first differing pixel is not circled', page)
    print('PASS lockstep_pictures: %s: model, RTL and difference shown' % name)


# ---- ETA -----------------------------------------------------------------------------------------

FAKE = r'''#!/usr/bin/env python3
# A fake rcosim for the ETA test: three blocks; its runs are virtual (tests/regress/eta_sim.py).
import sys
a = sys.argv[1:]
if a[:1] == ['list']:
    print('r5xx.cp\n  channel in host\nr5xx.regs\n  channel in regw\nr5xx.tile\n  channel in req')
    sys.exit(0)
if a[:2] == ['run', '--help']:
    print('usage: rcosim run')
    sys.exit(0)
sys.exit('a run (or a probe) reached the fake rcosim: %s' % ' '.join(a))
'''


def eta_lines(ctx, fake, out, pass_seed, slowdown, args=(), env=None):
    """[(virtual arrival time, ETA seconds or None, k, n)] of the progress lines of one synthetic
    regression on a virtual clock (tests/regress/eta_sim.py: no run sleeps), and its output.
    ARGS: more regress.py arguments; ENV: more environment (replacing the defaults')."""
    res = os.path.join(ctx['tmp'], 'eta-%d.json' % pass_seed)
    cmd = [sys.executable, os.path.join(ctx['src'], 'tests', 'regress', 'eta_sim.py'), ctx['src'], res,
           str(pass_seed), str(slowdown), '--', '--rcosim', fake, '-o', out,
           '--vectors', os.path.join(ctx['tmp'], 'novectors'), '--block', 'r5xx.cp,r5xx.regs,r5xx.tile',
           '--seeds', '10', '--count', '1000', '-j', '2'] + list(args)
    e = dict(os.environ, PYTHONPATH=os.path.join(ctx['src'], 'scripts'),
             RCOSIM_REGRESS_CACHE=os.path.join(ctx['tmp'], 'costs.json'),
             RCOSIM_REGRESS_DEFAULT_COSTS=os.path.join(ctx['tmp'], 'no-default-costs.json'))
    e.update(env or {})
    p = subprocess.run(cmd, cwd=ctx['tmp'], capture_output=True, text=True, timeout=300, env=e)
    check(p.returncode == 0 and os.path.exists(res), 'eta_sim.py failed (exit %d)' % p.returncode, p.stdout, p.stderr)
    with open(res) as f:
        d = json.load(f)
    text = '\n'.join('%8.2f  %s' % (t, l) for t, l in d['lines'])
    check(d['rc'] == 0, 'the synthetic regression failed (exit %r)' % d['rc'], text, p.stderr)
    lines = []
    for t, line in d['lines']:
        m = re.match(r'^\[\s*(\d+)/(\d+)\] PASS .*ETA (\?|(?:(\d+):)?(\d+):(\d+))[;)]', line)
        if m:
            eta = None if m.group(3) == '?' else (int(m.group(4) or 0) * 3600 + int(m.group(5)) * 60 + int(m.group(6)))
            lines.append((t, eta, int(m.group(1)), int(m.group(2))))
    check(lines and lines[-1][2] == lines[-1][3] == 30, 'expected 30 progress lines', text)
    # Counts so far on every line: k finished, all passed.
    for t, line in d['lines']:
        m = re.match(r'^\[\s*(\d+)/\d+\] PASS .*; (\d+) pass, (\d+) fail; ETA', line)
        if m:
            check(int(m.group(2)) == int(m.group(1)) and m.group(3) == '0', 'wrong counts so far: %s' % line)
    c = d['counts']
    # No probe of run lengths at the start: the set-up is 'list', 'run --help' and git, no run.
    asked = (['list'], ['run', '--help'], ['--version'])
    probes = [x for x in c.get('setup_commands', []) if x[0] == 'fake-rcosim' and x[1:] not in asked]
    check(c['runs'] == 30 and not probes, 'the runner started %d runs and probed %r (expected the 30 runs, and no '
          'probe)' % (c['runs'], probes), text)
    # The wall time of the verdict line includes the set-up (each of its processes takes 0.7 s here).
    m = re.search(r' in (?:(\d+):)?(\d+(?:\.\d+)?)(?: s)? wall', text)
    check(m, 'no wall time in the verdict line', text)
    wall = int(m.group(1) or 0) * 60 + float(m.group(2))
    check(abs(wall - (d['end'] - d['start'])) <= 1.0, 'the wall time %.1f s is not the regression\'s %.1f s' % (
        wall, d['end'] - d['start']), text)
    check(wall >= lines[-1][0] - lines[0][0] + 0.7 * c['setup_processes'] - 0.5,
          'the wall time %.1f s leaves out the set-up' % wall, text)
    # The poll loop does not compute the ETA on every 10 ms poll when no terminal shows it (it
    # cost the second worker its core: docs/regression.md, "-j2 against -j1").
    check(c['eta_computations'] <= 2 * c['runs'] + 2, 'the ETA was computed %d times in %d polls for %d runs' % (
        c['eta_computations'], d['polls'], c['runs']))
    return lines, text


def eta_errors(lines, scale=1.0):
    """[(seconds really left, ETA)] where the ETA is off by more than 25 %, of the lines with at
    least 4 s to go; and how many lines were judged."""
    end = lines[-1][0]
    bad, judged = [], 0
    for t, eta, k, n in lines:
        left = end - t
        if left < 4.0:
            continue
        judged += 1
        if eta is None or abs(eta * scale - left) > 0.25 * left:
            bad.append((round(left, 1), eta))
    return bad, judged


def case_eta(ctx):
    """A synthetic suite of 30 runs (three blocks, lengths 1 to 5.6 s by block and seed, +-8 %
    jitter) on two workers, on a virtual clock: the first regression learns (results.json in its
    output directory, the cost cache); then, on the same lengths re-jittered and on a machine 20 %
    slower, every ETA with 4 s or more to go is within 25 % of the time really left, from the
    previous results in the output directory and from the cost cache alone; and the check catches
    an ETA twice too long."""
    fake = os.path.join(ctx['tmp'], 'fake-rcosim')
    with open(fake, 'w') as f:
        f.write(FAKE)
    os.chmod(fake, 0o755)
    os.makedirs(os.path.join(ctx['tmp'], 'novectors'))
    out = os.path.join(ctx['tmp'], 'out')
    first, _ = eta_lines(ctx, fake, out, 1, 1.0)          # learns: results.json in out, the cost cache
    check(os.path.exists(os.path.join(ctx['tmp'], 'costs.json')), 'no cost cache written')
    report = []
    for what, o, seed, slow in (('previous results in the output directory', out, 2, 1.0),
                                ('the build\'s cost cache alone', os.path.join(ctx['tmp'], 'out2'), 3, 1.0),
                                ('previous results, a machine 20 % slower', out, 4, 1.2)):
        lines, text = eta_lines(ctx, fake, o, seed, slow)
        check(lines[0][1] is not None, '%s: the first progress line has no ETA' % what, text)
        bad, judged = eta_errors(lines)
        check(judged >= 8, '%s: only %d lines with 4 s or more to go' % (what, judged), text)
        check(not bad, '%s: ETA off by more than 25 %% (seconds left, ETA): %r' % (what, bad), text)
        # The check catches an ETA twice too long.
        check(eta_errors(lines, 2.0)[0], '%s: the check passed an ETA twice too long' % what)
        report.append('%s: %d lines judged, worst error %.0f %%' % (what, judged, 100 * max(
            abs(eta - (lines[-1][0] - t)) / (lines[-1][0] - t) for t, eta, k, n in lines if lines[-1][0] - t >= 4)))
    print('PASS eta (virtual clock, %.0f s of suite): %s' % (first[-1][0] - first[0][0], '; '.join(report)))


# ---- metadata and singulars ----------------------------------------------------------------------

def one_run(ctx, *extra, expect_rc=0):
    out = os.path.join(ctx['tmp'], 'out')
    args = ['-o', out, '--block', 'r5xx.cp', '--seeds', '1', '--count', '2000', '-j', '1',
            '--filter', '^random', '--vectors', os.path.join(ctx['src'], 'vectors')] + list(extra)
    p = regress(ctx, *args, expect_rc=expect_rc)
    return p, out, args


FIRST = FAKE.replace("print('r5xx.cp\\n  channel in host\\nr5xx.regs\\n  channel in regw\\nr5xx.tile\\n  channel in req')",
                     "print('r5xx.cp\\n  channel in host')")


def fresh_lines(ctx, first, fake, table, seed, shape):
    """eta_lines of main-job's first regression: the first binary, a fake build beside it."""
    log, status = os.path.join(ctx['tmp'], 'build%d.log' % seed), os.path.join(ctx['tmp'], 'build%d.status' % seed)
    return eta_lines(
        ctx, first, os.path.join(ctx['tmp'], 'fresh%d' % seed), seed, 1.3,
        args=['--then-rcosim', fake, '--then-status', status, '--then-log', log],
        env={'RCOSIM_REGRESS_CACHE': os.path.join(ctx['tmp'], 'fresh-costs%d.json' % seed),
             'RCOSIM_REGRESS_DEFAULT_COSTS': table, 'ETA_SIM_BUILD': '%s %s 40 30%s' % (log, status, shape)})


def case_eta_fresh(ctx):
    """scripts/main-job's first regression on a fresh machine, on a virtual clock: no cost cache and
    no previous results; the suite starts with a first binary holding r5xx.cp only while a 40-step
    build of the whole binary (its ninja lines in a log, as main-job writes it) runs beside it, on
    a machine 30 % slower than the one the shipped cost table was made on
    (scripts/regress-costs-default, from a regression's results.json).  Every ETA with 4 s or more
    to go is within 25 % of the time really left (the waiting runs start after the build's
    estimated end; the other blocks' runs are estimated from the table, not from r5xx.cp's), also
    for a build shaped as rcosim's (cheap steps first) weighed by the table's measured steps, which
    without those weights fails the check; the wait names the build's step; the check catches an
    ETA twice too long; the table tool refuses bad input with exit status 2."""
    fake = os.path.join(ctx['tmp'], 'fake-rcosim')
    first = os.path.join(ctx['tmp'], 'fake-rcosim-first')
    for path, text in ((fake, FAKE), (first, FIRST)):
        with open(path, 'w') as f:
            f.write(text)
        os.chmod(path, 0o755)
    os.makedirs(os.path.join(ctx['tmp'], 'novectors'))
    learn = os.path.join(ctx['tmp'], 'learn')
    eta_lines(ctx, fake, learn, 1, 1.0)
    tool = os.path.join(ctx['src'], 'scripts', 'regress-costs-default')
    table = os.path.join(ctx['tmp'], 'defaults.json')
    p = subprocess.run([tool, os.path.join(learn, 'results.json'), table], capture_output=True, text=True)
    check(p.returncode == 0 and os.path.exists(table), 'regress-costs-default failed (exit %d)' % p.returncode,
          p.stdout, p.stderr)
    with open(table) as f:
        blocks = json.load(f).get('blocks', {})
    check(sorted(blocks) == ['r5xx.cp', 'r5xx.regs', 'r5xx.tile'] and all('random_per_unit' in b for b in blocks.values()),
          'the table lacks blocks or costs: %r' % blocks)
    bad = os.path.join(ctx['tmp'], 'bad.json')
    with open(bad, 'w') as f:
        f.write('{"runs": [')
    p = subprocess.run([tool, bad, os.path.join(ctx['tmp'], 'never.json')], capture_output=True, text=True)
    check(p.returncode == 2 and bad in p.stderr and not os.path.exists(os.path.join(ctx['tmp'], 'never.json')),
          'regress-costs-default on a broken results.json: exit %d, %r (expected 2 naming the file)' % (
              p.returncode, p.stderr))
    with open(table) as f:
        d = json.load(f)
    check(len(d.get('runs', {})) == 30, 'the table does not name the 30 runs: %r' % sorted(d.get('runs', {})))
    blocks_only = os.path.join(ctx['tmp'], 'defaults-blocks.json')
    with open(blocks_only, 'w') as f:
        json.dump({'blocks': d['blocks']}, f)
    # A build shaped as rcosim's (cheap C steps first, the Verilated RTL last) and the table's
    # measured seconds of its steps (the true means: scripts/regress-costs-default --ninja-log).
    sys.path.insert(0, os.path.join(ctx['src'], 'tests', 'regress'))
    from eta_sim import step_weight
    skewed = os.path.join(ctx['tmp'], 'defaults-skewed.json')
    with open(skewed, 'w') as f:
        json.dump({'blocks': d['blocks'], 'runs': d['runs'],
                   'build': {'step%d.o' % (i + 1): round(30.0 / 40 * step_weight(i, 40, True), 3) for i in range(40)}}, f)
    report = []
    cases = (('the table\'s runs', table, 5, ''), ('its block costs alone', blocks_only, 6, ''),
             ('a skewed build weighed by the table\'s steps', skewed, 7, ' skewed'))
    for what, tbl, seed, shape in cases:
        lines, text = fresh_lines(ctx, first, fake, tbl, seed, shape)
        with open(os.path.join(ctx['tmp'], 'eta-%d.json' % seed)) as f:
            waits = [l for _, l in json.load(f)['lines'] if 'wait for the build' in l]
        check(waits and all(re.search(r'\d+ wait for the build \(step \d+ of 40\)', l) for l in waits),
              '%s: the wait does not name the build\'s step' % what, text)
        check(lines[0][1] is not None, '%s: the first progress line has no ETA' % what, text)
        bad, judged = eta_errors(lines)
        check(judged >= 8, '%s: only %d lines with 4 s or more to go' % (what, judged), text)
        check(not bad, '%s: ETA off by more than 25 %% (seconds left, ETA): %r' % (what, bad), text)
        check(eta_errors(lines, 2.0)[0], '%s: the check passed an ETA twice too long' % what)
        worst = max(abs(eta - (lines[-1][0] - t)) / (lines[-1][0] - t) for t, eta, k, n in lines if lines[-1][0] - t >= 4)
        report.append('%s: %.0f s of suite, %d lines while waiting for the build, %d judged, worst error %.0f %%' % (
            what, lines[-1][0] - lines[0][0], len(waits), judged, 100 * worst))
    # The same skewed build without the steps' seconds (each step alike): the estimate of the
    # build is off, and the check says so.
    lines, text = fresh_lines(ctx, first, fake, table, 8, ' skewed')
    bad, judged = eta_errors(lines)
    check(bad, 'a skewed build estimated with every step alike passed the 25 % check', text)
    report.append('without the steps\' seconds: %d of %d lines off by more than 25 %% (caught)' % (len(bad), judged))
    print('PASS eta_fresh (virtual clock): %s' % '; '.join(report))


def case_metadata(ctx):
    p, out, args = one_run(ctx)
    g = subprocess.run(['git', '-C', ctx['src'], 'describe', '--always', '--dirty'], capture_output=True, text=True)
    commit = g.stdout.strip() if g.returncode == 0 and g.stdout.strip() else 'unknown'
    want = {'commit': commit, 'host': socket.gethostname(), 'command': 'rcosim regress ' + ' '.join(shlex.quote(x) for x in args)}
    with open(os.path.join(out, 'report.html')) as f:
        page = f.read()
    meta = {html.unescape(k): html.unescape(v) for k, v in
            re.findall(r'<tr><th>([a-z]+)</th><td[^>]*>(.*?)</td></tr>', page)}
    props = {}
    for ts in ET.parse(os.path.join(out, 'junit.xml')).getroot().iter('testsuite'):
        props = {x.get('name'): x.get('value') for x in ts.iter('property')}
    with open(os.path.join(out, 'summary.txt')) as f:
        summary = f.read()
    for where, d in (('report.html', meta), ('junit.xml', props)):
        for k, v in want.items():
            check(d.get(k) == v, '%s: %s is %r, expected %r' % (where, k, d.get(k), v))
        check(re.fullmatch(r'\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC', d.get('date', '')), '%s: date %r' % (where, d.get('date')))
        check(d.get('rcosim') and d['rcosim'] != 'unknown' and ctx['rcosim'] in d['rcosim'] or
              re.search(r'\d', d.get('rcosim', '')), '%s: rcosim version %r' % (where, d.get('rcosim')))
        check('random seeds 1' in d.get('seeds', '') and 'seed base 1' in d['seeds'], '%s: seeds %r' % (where, d.get('seeds')))
    for where, text in (('summary.txt', summary), ('console', p.stdout)):
        for k in ('date', 'commit', 'host', 'rcosim', 'command', 'seeds'):
            v = meta[k]
            check(re.search(r'^%s:\s+%s$' % (k, re.escape(v)), text, re.M), '%s: no "%s: %s" line' % (where, k, v), text)
    # Grouped digits: the cycles of a 2000-unit CP run are above 999.
    cyc = m = re.search(r'; ([\d,]+) cycles in ', p.stdout)
    check(m and ',' in m.group(1) and re.fullmatch(r'\d{1,3}(,\d{3})+', m.group(1)),
          'cycle count not grouped by thousands', p.stdout)
    check(re.search(r'<td>\d{1,3}(,\d{3})+</td>', page), 'report.html: cycles not grouped', page)
    # A passing run: '0 failed' is not coloured as a failure.
    m = re.search(r'<span class="([^"]*)">0 failed</span>', page)
    check(m and 'fail' not in m.group(1), 'report.html: "0 failed" coloured %r on a passing run' % (m and m.group(1)))
    check(not re.search(r'<td class="fail">0</td>', page), 'report.html: a 0 in the fail column coloured as a failure')
    d = json.load(open(os.path.join(out, 'results.json')))
    check(d.get('meta', {}).get('commit') == commit, 'results.json: no meta.commit')
    print('PASS metadata: commit %s, host %s, %s' % (commit, want['host'], cyc.group(1) + ' cycles'))


def case_singular(ctx):
    p, out, args = one_run(ctx)
    with open(os.path.join(out, 'report.html')) as f:
        page = f.read()
    with open(os.path.join(out, 'summary.txt')) as f:
        summary = f.read()
    for where, text in (('console', p.stdout), ('report.html', page), ('summary.txt', summary)):
        check(not re.search(r'\b1 (runs|workers|cycles)\b', text), '%s: "1 runs"/"1 workers"' % where, text)
    check(re.search(r'^regress: suite smoke, 1 run \(.*\) on 1 worker -> ', p.stdout, re.M),
          'console: no "1 run ... on 1 worker" start line', p.stdout)
    check('1 run:' in page and '1 worker.' in page, 'report.html: no "1 run"/"1 worker"', page)
    check(re.search(r'^regress: PASS: 1 of 1 run passed', p.stdout, re.M), 'console: verdict line', p.stdout)
    print('PASS singular')


CASES = {n[5:]: f for n, f in globals().items() if n.startswith('case_')}


def main(argv):
    if len(argv) != 4 or argv[3] not in CASES:
        sys.stderr.write('usage: report_test.py RCOSIM SOURCE_DIR CASE  (cases: %s)\n' % ' '.join(CASES))
        return 2
    ctx = {'rcosim': os.path.abspath(argv[1]), 'src': os.path.abspath(argv[2]),
           'tmp': tempfile.mkdtemp(prefix='rcosim-report-test-')}
    try:
        CASES[argv[3]](ctx)
    except Fail as e:
        print('FAIL %s: %s' % (argv[3], e))
        print('(kept %s)' % ctx['tmp'])
        return 1
    shutil.rmtree(ctx['tmp'], ignore_errors=True)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
