#!/usr/bin/env python3
"""gfx2d_test.py - end-to-end tests of the r5xx.gfx2d block (docs/blocks/r5xx.gfx2d.md) through the
rcosim command line: a wrong pixel record or memory write injected on either side is caught and
named, the same run passes without it; the desktop scene passes in lockstep and one wrong
expected pixel in it fails with a report naming the packet, the pixel and the ROP inputs; the
stimulus files are what scripts/blocks/r5xx_gfx2d_directed.py writes today; --png renders the scene exactly
as committed in docs/img/desktop.png, also as a PM4 ring through the CP joined to the engine
(r5xx.pm4_2d).

Usage: gfx2d_test.py RCOSIM SOURCE_DIR CASE
Each CASE is one CTest test.  Runs from SOURCE_DIR.
"""
import filecmp
import gzip
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402,F401

RANDOM = ['--block', 'r5xx.gfx2d', '--count', '300', '--seed', '9', '--backpressure', 'random:0.5',
          '--mem-latency', '1:8']
SCENE = os.path.join('vectors', 'r5xx', 'gfx2d', 'desktop.vec.gz')


def write_index(ctx, nth):
    """The memreq transaction number of the nth memory write of the RANDOM run."""
    vec = os.path.join(ctx['tmp'], 'random.vec')
    run(ctx, 'gen', *RANDOM, '-o', vec, '--quiet', expect_rc=0)
    k = w = 0
    for line in open(vec):
        if line.startswith('out memreq '):
            if int(line.split()[4], 16):
                if w == nth:
                    return k
                w += 1
            k += 1
    raise Fail('fewer than %d writes' % (nth + 1))


def case_fault_rtl(ctx):
    """A flipped result bit of the 100th pixel record on the RTL side is caught and named."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:pix.res@100^0x1', expect_rc=1)
    contains(p.stdout, ': channel pix (out), transaction #100: field res differs (expected: model, actual: rtl)',
             'FAIL r5xx.gfx2d random count 300: cycle ')
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:memreq.addr@50^0x40', expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #50: field addr differs (expected: model, actual: rtl)')


def case_fault_model(ctx):
    """On the model side: a written byte of a memory write, a pixel's x, its source value."""
    n = write_index(ctx, 40)
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:memreq.wdata@%d^0x100' % n, expect_rc=1)
    contains(p.stdout, ': channel memreq (out), transaction #%d: field' % n)
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:pix.x@7^0x1', expect_rc=1)
    contains(p.stdout, ': channel pix (out), transaction #7: field x differs (expected: model, actual: rtl)')


def case_fault_needs_compare(ctx):
    """Without the fault the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.gfx2d random count 300: ', 'rtl vs model exact')


def case_scene(ctx):
    """The desktop scene passes in exact lockstep and against its golden vector."""
    p = run(ctx, 'run', '--vector', SCENE, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.gfx2d %s: ' % SCENE, 'rtl vs model exact, vs vector exact')


def case_wrong_pixel(ctx):
    """The scene with one wrong expected pixel (the XOR selection's first pixel, result bit 0
    flipped) fails, and the report names the packet, the pixel coordinates and the ROP inputs."""
    with gzip.open(os.path.join(ctx['src'], SCENE), 'rt') as f:
        lines = f.read().split('\n')
    for i, line in enumerate(lines):
        fl = line.split()
        if line.startswith('out pix ') and fl[-2] == '5a':
            want = fl[:]
            fl[-1] = '%08x' % (int(fl[-1], 16) ^ 1)
            lines[i] = ' '.join(fl)
            break
    else:
        raise Fail('no PATINVERT pixel in the scene')
    bad = os.path.join(ctx['tmp'], 'bad.vec')
    with open(bad, 'w') as f:
        f.write('\n'.join(lines))
    p = run(ctx, 'run', '--vector', bad, expect_rc=1)
    contains(p.stdout, ': channel pix (out), transaction #', ': field res differs (expected: vector, actual: rtl)',
             '    pkt        0x%s' % want[3], '    x          0x%s' % want[4], '    y          0x%s' % want[5],
             '    src        0x%s' % want[6], '    pat        0x%s' % want[7], '    dst        0x%s' % want[8],
             '    rop        0x%s' % want[9], '  * res        0x%s' % fl[10])


def case_directed_check(ctx):
    """The golden vectors' pixel records (packet, x, y, S, P, D, ROP, result, in order) equal
    scripts/blocks/r5xx_gfx2d_directed.py's independent reference (a packet interpreter written from
    docs/blocks/r5xx.gfx2d.md), and so do two seeded random vectors'."""
    p = rctest.script(ctx, 'blocks/r5xx_gfx2d_directed.py', '--check', os.path.join(ctx['src'], 'vectors', 'r5xx', 'gfx2d'))
    if p.returncode != 0 or 'PASS' not in p.stdout:
        raise Fail('r5xx_gfx2d_directed.py --check:\n%s%s' % (p.stdout, p.stderr))
    d = os.path.join(ctx['tmp'], 'rnd')
    os.makedirs(d)
    for seed in ('31', '32'):
        run(ctx, 'gen', '--block', 'r5xx.gfx2d', '--count', '300', '--seed', seed, '-o',
            os.path.join(d, 'r%s.vec' % seed), '--quiet', expect_rc=0)
    p = rctest.script(ctx, 'blocks/r5xx_gfx2d_directed.py', '--check', d)
    if p.returncode != 0 or 'PASS' not in p.stdout:
        raise Fail('r5xx_gfx2d_directed.py --check on random vectors:\n%s%s' % (p.stdout, p.stderr))


def case_check_catches(ctx):
    """The independent reference catches a wrong answer on its new paths: the 'hostcolour' vector
    with one colour-source pixel's S and result altered, and the 'regs' vector with one pixel of the
    old DRM's SRC_X_Y/DST_X_Y swap moved by one column, each fail r5xx_gfx2d_directed.py --check."""
    vd = os.path.join(ctx['src'], 'vectors', 'r5xx', 'gfx2d')
    for name, pick, change in (
            ('hostcolour', lambda f: f[6] != '00000000', lambda f: f[:6] + ['%08x' % (int(f[6], 16) ^ 1)] + f[7:10] +
             ['%08x' % (int(f[10], 16) ^ 1)]),
            ('regs', lambda f: f[3] == '0002', lambda f: f[:4] + ['%04x' % (int(f[4], 16) + 1)] + f[5:])):
        d = os.path.join(ctx['tmp'], 'bad_' + name)
        os.makedirs(d)
        lines = open(os.path.join(vd, name + '.vec')).read().split('\n')
        for i, line in enumerate(lines):
            fl = line.split()
            if line.startswith('out pix ') and pick(fl):
                lines[i] = ' '.join(change(fl))
                break
        else:
            raise Fail('%s: no pixel record to alter' % name)
        open(os.path.join(d, name + '.vec'), 'w').write('\n'.join(lines))
        p = rctest.script(ctx, 'blocks/r5xx_gfx2d_directed.py', '--check', d)
        if p.returncode == 0 or 'FAIL %s' % os.path.join(d, name + '.vec') not in p.stdout:
            raise Fail('the altered %s vector passed the reference:\n%s' % (name, p.stdout))


# Registers the seed database (model/regdb/r5xx.json) does not define, named by the supplement since
# issue 26: (address, name), checked by hand against the headers read for it (file:line of those
# copies: Mesa src/gallium/drivers/r300/r300_reg.h at mesa-lima 2adeaa87; Linux drivers/gpu/drm/radeon
# r500_reg.h and radeon_reg.h at drm-kmod c8c34409).
SUPP_SAMPLE = [
    (0x1590, 'SRC_X_Y'),                # radeon_reg.h:1714  RADEON_SRC_X_Y 0x1590
    (0x1594, 'DST_X_Y'),                # radeon_reg.h:862   RADEON_DST_X_Y 0x1594
    (0x170C, 'DST_PIPE_CONFIG'),        # r500_reg.h:87      R300_DST_PIPE_CONFIG 0x170c
    (0x3428, 'RB2D_DSTCACHE_MODE'),     # r500_reg.h:89      R300_RB2D_DSTCACHE_MODE 0x3428
    (0x429C, 'GA_SOFT_RESET'),          # r300_reg.h:1179    R300_GA_SOFT_RESET 0x429c
    (0x4310, 'R300_RS_IP_0'),           # r300_reg.h:1267    R300_RS_IP_0 0x4310
    (0x431C, 'R300_RS_IP_3'),           # r300_reg.h:1270    R300_RS_IP_3 0x431C
    (0x4608, 'R300_US_CODE_OFFSET'),    # r300_reg.h:1781    R300_US_CODE_OFFSET 0x4608
    (0x4610, 'R300_US_CODE_ADDR_0'),    # r300_reg.h:1804    R300_US_CODE_ADDR_0 0x4610
    (0x4628, 'R300_US_TEX_INST_2'),     # r300_reg.h:1828    R300_US_TEX_INST_0 0x4620 (+ 2 x 4)
    (0x46B8, 'R400_US_CODE_BANK'),      # r300_reg.h:2160    R400_US_CODE_BANK 0x46b8
    (0x47C0, 'R300_US_ALU_ALPHA_ADDR_0'),  # r300_reg.h:1979  R300_US_ALU_ALPHA_ADDR_0 0x47C0
    (0x48C0, 'R300_US_ALU_RGB_INST_0'),    # r300_reg.h:2000  R300_US_ALU_RGB_INST_0 0x48C0
    (0x49C0, 'R300_US_ALU_ALPHA_INST_0'),  # r300_reg.h:2083  R300_US_ALU_ALPHA_INST_0 0x49C0
    (0x4AC0, 'R400_US_ALU_EXT_ADDR_0'),    # r300_reg.h:2154  R400_US_ALU_EXT_ADDR_0 0x4ac0
    (0x4BE8, 'RV530_FG_ZBREG_DEST'),    # r300_reg.h:2253    RV530_FG_ZBREG_DEST 0x4be8
    (0x4DFC, 'R300_PFS_PARAM_31_W'),    # r300_reg.h:2268    R300_PFS_PARAM_31_W 0x4DFC
]


def case_trace_names(ctx):
    """Registers unknown to the database before issue 26 (not in the seed-derived r5xx.json, so
    --trace regw showed a bare address) now trace by name: a PM4 ring of Type-0 writes to the
    SUPP_SAMPLE addresses through r5xx.pm4_2d (the CP's regw output, named from the database)
    names each at the header's address; 'rcosim regs' names the same registers.  Routing of the
    same addresses in r5xx.gpu: test gpu.route."""
    import json
    sys.path.insert(0, os.path.join(ctx['src'], 'scripts'))
    from regdb_ctab import instances
    seed = json.load(open(os.path.join(ctx['src'], 'model', 'regdb', 'r5xx.json')))
    seeded = {a for reg in seed['registers'] for _, a, _ in instances(reg)}
    ring = []
    for a, _ in SUPP_SAMPLE:
        ring += [a >> 2, a * 0x10001 & 0xFFFFFFFF]     # Type-0, one register
    vec = os.path.join(ctx['tmp'], 'names.vec')
    with open(vec, 'w') as f:
        f.write('rcosim-vector 1\nblock r5xx.pm4_2d\nchannel in host addr:16 data:32\n')
        for i in range(0, len(ring), 8):
            f.write('mem %08x %s\n' % (0x00800000 + 4 * i, ' '.join('%08x' % w for w in ring[i:i + 8])))
        f.write('in host 0700 00800000\nin host 0704 %08x\nin host 0714 %08x\nend\n' % (6 | 1 << 27, len(ring)))
    p = run(ctx, 'run', '--vector', vec, '--trace', 'regw', expect_rc=0)
    for a, name in SUPP_SAMPLE:
        if a in seeded:
            raise Fail('%04x is in the seed database' % a)
        contains(p.stdout, 'addr=%04x(%s)' % (a, name))
        contains(run(ctx, 'regs', '0x%x' % a, expect_rc=0).stdout, name)
    contains(p.stdout, 'PASS r5xx.pm4_2d')


def case_stim_current(ctx):
    """The committed stimulus files are what scripts/blocks/r5xx_gfx2d_directed.py writes today."""
    out = os.path.join(ctx['tmp'], 'stim')
    p = rctest.script(ctx, 'blocks/r5xx_gfx2d_directed.py', out)
    if p.returncode != 0:
        raise Fail('r5xx_gfx2d_directed.py:\n%s%s' % (p.stdout, p.stderr))
    ref = os.path.join(ctx['src'], 'vectors', 'r5xx', 'gfx2d', 'stim')
    names = sorted(os.listdir(out))
    if names != sorted(n for n in os.listdir(ref) if n.endswith('.stim')):
        raise Fail('stimulus files differ: generated %s, committed %s' % (names, sorted(os.listdir(ref))))
    _, mismatch, errors = filecmp.cmpfiles(out, ref, names, shallow=False)
    if mismatch or errors:
        raise Fail('out of date (run scripts/regen-vectors): %s' % ' '.join(mismatch + errors))
    out4 = os.path.join(ctx['tmp'], 'pm4')
    rctest.script(ctx, 'blocks/r5xx_gfx2d_directed.py', out, out4)
    ref4 = os.path.join(ctx['src'], 'vectors', 'r5xx', 'pm4_2d', 'stim')
    for n in ('desktop.stim', 'misc.stim'):
        if not filecmp.cmp(os.path.join(out4, n), os.path.join(ref4, n), shallow=False):
            raise Fail('vectors/r5xx/pm4_2d/stim/%s out of date (run scripts/regen-vectors)' % n)


def case_png(ctx):
    """--png on the scene: both sides' pictures, no difference picture, and the RTL's picture is
    byte for byte docs/img/desktop.png (the README's image)."""
    d = os.path.join(ctx['tmp'], 'png')
    run(ctx, 'run', '--vector', SCENE, '--png', d, expect_rc=0)
    got = sorted(os.listdir(d))
    if got != ['dst.model.png', 'dst.rtl.png']:
        raise Fail('pictures: %s' % got)
    if not filecmp.cmp(os.path.join(d, 'dst.rtl.png'), os.path.join(ctx['src'], 'docs', 'img', 'desktop.png'),
                       shallow=False):
        raise Fail('docs/img/desktop.png is not the scene as rendered now')


def case_pm4_scene(ctx):
    """The scene as a PM4 ring through r5xx.pm4_2d (the CP and the 2D engine joined) passes in
    lockstep, and its picture is the 2D engine's alone: docs/img/desktop.png."""
    d = os.path.join(ctx['tmp'], 'png')
    vec = os.path.join('vectors', 'r5xx', 'pm4_2d', 'desktop.vec.gz')
    p = run(ctx, 'run', '--vector', vec, '--png', d, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.pm4_2d %s: ' % vec, 'rtl vs model exact, vs vector exact', 'pix 51019;')
    if not filecmp.cmp(os.path.join(d, 'dst.rtl.png'), os.path.join(ctx['src'], 'docs', 'img', 'desktop.png'),
                       shallow=False):
        raise Fail('the PM4 scene does not render docs/img/desktop.png')


def case_pm4_misc(ctx):
    """The short PM4 ring (vectors/r5xx/pm4_2d/misc.vec, the exported benches' CI case) draws the
    same pixel records, in order, as the 2D engine's own 'misc' vector (checked against the
    independent reference by directed_check): the CP in front changes timing, not pixels."""
    def pix(path):
        rows = []
        for line in open(os.path.join(ctx['src'], path)):
            f = line.split()
            if f[:2] == ['out', 'pix']:
                rows.append(' '.join(x for x in f[2:] if not x.startswith('@')))
        return rows
    a, b = pix('vectors/r5xx/gfx2d/misc.vec'), pix('vectors/r5xx/pm4_2d/misc.vec')
    if not a or a != b:
        raise Fail('pm4_2d/misc draws %d pixel records, gfx2d/misc %d; first difference at #%d' %
                   (len(b), len(a), next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))))


def case_pm4_fault(ctx):
    """A fault in the joined pipeline's model (a pixel's result) is caught and named."""
    p = run(ctx, 'run', '--block', 'r5xx.pm4_2d', '--count', '200', '--seed', '3', '--inject',
            'model:pix.res@20^0x2', expect_rc=1)
    contains(p.stdout, ': channel pix (out), transaction #20: field res differs')


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'gfx2d_test.py'))
