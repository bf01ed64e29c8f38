#!/usr/bin/env python3
"""gfx3d_test.py - end-to-end tests of the r5xx.gfx3d composite (docs/blocks/r5xx.gfx3d.md) through the
rcosim command line: a fault injected in any of its blocks' traffic (the vertex shader's too) on either side is caught
and names the composite's channel that carries it; the same run passes without it; a wrong
expected pixel in the scene fails with a report that names the primitive that drew it, the pixel
and its interpolated depth and colour; the scene's golden vector agrees with the chained
independent references (scripts/blocks/r5xx_gfx3d_directed.py --check) and its stimulus is current;
the scene's colour, depth and stencil pictures are written by both sides and equals the committed docs/img/gfx3d.png.

Usage: gfx3d_test.py RCOSIM SOURCE_DIR CASE
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402

SCRIPT = os.path.join('blocks', 'r5xx_gfx3d_directed.py')
RANDOM = ['--block', 'r5xx.gfx3d', '--count', '24', '--seed', '7', '--backpressure', 'random:0.5',
          '--mem-latency', '1:6']
SCENE = os.path.join('vectors', 'r5xx', 'gfx3d', 'scene.vec.gz')


def case_fault_rtl(ctx):
    """RTL side: a colour bit of the 31st passing pixel (raster/join), a depth write's data (ZB: the
    18th depth request, the first write of the random stream),
    a vertex-fetch address (VAP)."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:pix.argb@30^0x10000', expect_rc=1)
    contains(p.stdout, 'MISMATCH r5xx.gfx3d at cycle ',
             ': channel pix (out), transaction #30: field argb differs (expected: model, actual: rtl)',
             'channel pix (out) #30 field argb differs')
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:zmemreq.wdata@17^0x100', expect_rc=1)
    contains(p.stdout, ': channel zmemreq (out), transaction #17: field wdata differs (expected: model, actual: rtl)')
    p = run(ctx, 'run', *RANDOM, '--inject', 'rtl:vmemreq.addr@5^0x4', expect_rc=1)
    contains(p.stdout, ': channel vmemreq (out), transaction #5: field addr differs (expected: model, actual: rtl)')


def case_fault_model(ctx):
    """Model side: a colour-buffer write's byte enables (RB3D), a pixel's primitive index."""
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:cmemreq.be@3^0x1', expect_rc=1)
    contains(p.stdout, ': channel cmemreq (out), transaction #3: field be differs (expected: model, actual: rtl)')
    p = run(ctx, 'run', *RANDOM, '--inject', 'model:pix.prim@17^0x2', expect_rc=1)
    contains(p.stdout, ': channel pix (out), transaction #17: field prim differs (expected: model, actual: rtl)')


PVSVEC = os.path.join('vectors', 'r5xx', 'gfx3d', 'pvs_transform.vec')


def case_fault_pvs(ctx):
    """The programmable vertex path (PVS_BYPASS 0): a vertex-shader result bit on the RTL side and
    an instruction address on the model side are caught on the composite's vsexe channel (the
    PVS's exe), named with the field; a flipped output-vertex bit of the PVS shows up downstream
    as a pixel difference; the same vector passes without them."""
    p = run(ctx, 'run', '--vector', PVSVEC, '--inject', 'rtl:vsexe.x@13^0x1', expect_rc=1)
    contains(p.stdout, ': channel vsexe (out), transaction #13: field x differs (expected: model, actual: rtl)')
    p = run(ctx, 'run', '--vector', PVSVEC, '--inject', 'model:vsexe.pc@7^0x1', expect_rc=1)
    contains(p.stdout, ': channel vsexe (out), transaction #7: field pc differs (expected: model, actual: rtl)')
    p = run(ctx, 'run', '--vector', PVSVEC, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.gfx3d', 'rtl vs model exact')


CLIPVEC = os.path.join('vectors', 'r5xx', 'gfx3d', 'pvs_clip.vec')


def case_fault_clip(ctx):
    """The clipper (r5xx.clip, PVS path): a clipped vertex's x on the RTL side and a record's dlast
    on the model side are caught on the composite's clipvtx channel (the clipper's vtx output),
    named with the field; the same vector passes without them."""
    p = run(ctx, 'run', '--vector', CLIPVEC, '--inject', 'rtl:clipvtx.x@9^0x1', expect_rc=1)
    contains(p.stdout, ': channel clipvtx (out), transaction #9: field x differs (expected: model, actual: rtl)')
    p = run(ctx, 'run', '--vector', CLIPVEC, '--inject', 'model:clipvtx.dlast@4^0x1', expect_rc=1)
    contains(p.stdout, ': channel clipvtx (out), transaction #4: field dlast differs (expected: model, actual: rtl)')
    p = run(ctx, 'run', '--vector', CLIPVEC, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.gfx3d', 'rtl vs model exact')


def case_fault_needs_compare(ctx):
    """Without the faults the same run passes: the failures above come from the comparison."""
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.gfx3d random count 24: ', 'rtl vs model exact')


def replay_wrong_pix(ctx, lines, k, n, mask, name):
    """Writes LINES with the argb of the pix record at line K (transaction N) XORed with MASK as
    tmp/NAME and replays it: the mismatch names that transaction and its cycle, and shows the
    primitive, x, y, z (equal) and argb (differing), expected against actual.  Returns the path."""
    f = lines[k].split()
    w = ['0x' + v for v in f[3:8]]                     # the RTL's record
    f[7] = '%016x' % (int(f[7], 16) ^ mask)
    g = ['0x' + v for v in f[3:8]]                     # the vector's, changed
    bad = list(lines)
    bad[k] = ' '.join(f)
    vec = os.path.join(ctx['tmp'], name)
    open(vec, 'w').write('\n'.join(bad))
    p = run(ctx, 'replay', '--vector', vec, expect_rc=1)
    contains(p.stdout, 'MISMATCH r5xx.gfx3d at cycle %d: channel pix (out), transaction #%d: field argb differs '
             '(expected: vector, actual: rtl)' % (int(f[2][1:]), n),
             '    prim       %-24s %s\n' % (g[0], w[0]), '    x          %-24s %s\n' % (g[1], w[1]),
             '    y          %-24s %s\n' % (g[2], w[2]), '    z          %-24s %s\n' % (g[3], w[3]),
             '  * argb       %-24s %s\n' % (g[4], w[4]))
    return vec


def case_wrong_expected(ctx):
    """The scene with one expected pixel's colour changed fails, naming the primitive that drew it,
    the pixel, its depth and the interpolated colour, expected against actual."""
    import gzip
    src = os.path.join(ctx['src'], SCENE)
    lines = gzip.open(src, 'rt').read().split('\n')
    ks = [i for i, l in enumerate(lines) if l.startswith('out pix ')]
    replay_wrong_pix(ctx, lines, ks[len(ks) // 2], len(ks) // 2, 0x1, 'wrong.vec')


def case_directed_check(ctx):
    """The scene's pixels and colour writes equal the chained references of the four blocks."""
    rctest.directed_check(ctx, 'gfx3d', SCRIPT)


def case_random_reference(ctx):
    """A seeded random vector (its PVS epochs included: the stimulus's vertex programs, clip-space
    ones through the clipper) agrees with the chained independent references: every pixel, colour
    write, vertex-shader instruction and clipped vertex; and a vector with one vsexe result bit, or
    one clipvtx bit, changed is caught."""
    vec = os.path.join(ctx['tmp'], 'r.vec')
    run(ctx, 'gen', *RANDOM, '-o', vec, '--quiet', expect_rc=0)
    text = open(vec).read()
    if text.count('\nout vsexe ') < 8:
        raise Fail('the random vector has no PVS epoch')
    if text.count('\nout clipvtx ') < 8:
        raise Fail('the random vector has no clipped vertex')
    p = rctest.script(ctx, SCRIPT, '--check-vector', vec)
    if p.returncode != 0 or 'PASS' not in p.stdout:
        raise Fail('--check-vector:\n%s%s' % (p.stdout, p.stderr))
    lines = text.split('\n')
    k = [i for i, l in enumerate(lines) if l.startswith('out vsexe ')][5]
    f = lines[k].split()
    f[9] = '%08x' % (int(f[9], 16) ^ 0x1)               # the result's x
    lines[k] = ' '.join(f)
    bad = os.path.join(ctx['tmp'], 'bad.vec')
    open(bad, 'w').write('\n'.join(lines))
    p = rctest.script(ctx, SCRIPT, '--check-vector', bad)
    if p.returncode == 0:
        raise Fail('a changed vsexe result passed --check-vector:\n%s' % p.stdout)
    contains(p.stdout, 'vertex-shader instruction')
    # and a changed clipped vertex (the clipper's output, checked against r5xx_clip_ref.py's machine)
    lines = text.split('\n')
    k = [i for i, l in enumerate(lines) if l.startswith('out clipvtx ')][3]
    f = lines[k].split()
    f[5] = '%08x' % (int(f[5], 16) ^ 0x1)               # x
    lines[k] = ' '.join(f)
    open(bad, 'w').write('\n'.join(lines))
    p = rctest.script(ctx, SCRIPT, '--check-vector', bad)
    if p.returncode == 0:
        raise Fail('a changed clipvtx x passed --check-vector:\n%s' % p.stdout)
    contains(p.stdout, 'clipped vertex')


CONSTVEC = os.path.join('vectors', 'r5xx', 'gfx3d', 'r300g_const.vec')
EXAVEC = os.path.join('vectors', 'r5xx', 'gfx3d', 'exa_composite.vec')


def case_fault_us(ctx):
    """The programmable fragment path: a fragment-shader output colour bit on the RTL side and an
    OUT instruction's pc on the model side are caught on the composite's usout channel (the US's
    records), a texel read address (TX) on tmemreq, a quad-path pixel's colour (quad join, FG) on
    pix; the same vectors pass without them."""
    p = run(ctx, 'run', '--vector', CONSTVEC, '--inject', 'rtl:usout.p0rg@20^0x100', expect_rc=1)
    contains(p.stdout, ': channel usout (out), transaction #20: field p0rg differs (expected: model, actual: rtl)')
    p = run(ctx, 'run', '--vector', CONSTVEC, '--inject', 'model:usout.pc@3^0x1', expect_rc=1)
    contains(p.stdout, ': channel usout (out), transaction #3: field pc differs (expected: model, actual: rtl)')
    p = run(ctx, 'run', '--vector', EXAVEC, '--inject', 'rtl:tmemreq.addr@17^0x4', expect_rc=1)
    contains(p.stdout, ': channel tmemreq (out), transaction #17: field addr differs (expected: model, actual: rtl)')
    p = run(ctx, 'run', '--vector', EXAVEC, '--inject', 'model:pix.argb@40^0x10000', expect_rc=1)
    contains(p.stdout, ': channel pix (out), transaction #40: field argb differs (expected: model, actual: rtl)')
    for vec in (CONSTVEC, EXAVEC):
        p = run(ctx, 'run', '--vector', vec, expect_rc=0)
        contains(p.stdout, 'PASS r5xx.gfx3d', 'rtl vs model exact')


PROG = ['--block', 'r5xx.gfx3d', '--count', '40', '--seed', '26', '--backpressure', 'random:0.5',
        '--mem-latency', '1:6']


def case_fault_prog(ctx):
    """The random stimulus's programmable epochs reach the fragment shader, the texture unit and
    the clipper (--trace shows usout, tmemreq and clipvtx records: random fragment programs
    sampling textures, clip-space vertex programs); a fault in each, on either side, is caught and
    named by its channel and transaction; the run passes without them."""
    p = run(ctx, 'run', *PROG, '--trace', 'usout,tmemreq,clipvtx', expect_rc=0)
    contains(p.stdout, 'PASS r5xx.gfx3d random count 40: ', 'rtl vs model exact')
    n = {ch: sum(1 for l in p.stdout.split('\n') if l.startswith('@') and l.split()[1] == ch)
         for ch in ('usout', 'tmemreq', 'clipvtx')}
    for ch, least in (('usout', 32), ('tmemreq', 32), ('clipvtx', 16)):
        if n[ch] < least:
            raise Fail('only %d %s records traced' % (n[ch], ch))
    for side, spec in (('rtl', 'usout.p0rg@%d^0x100' % (n['usout'] // 2)), ('model', 'usout.pc@%d^0x1' % (n['usout'] - 1)),
                       ('rtl', 'tmemreq.addr@%d^0x4' % (n['tmemreq'] // 3)),
                       ('model', 'clipvtx.y@%d^0x1' % (n['clipvtx'] // 2))):
        p = run(ctx, 'run', *PROG, '--inject', '%s:%s' % (side, spec), expect_rc=1)
        ch, f = spec.split('@')[0].split('.')
        k = spec.split('@')[1].split('^')[0]
        contains(p.stdout, ': channel %s (out), transaction #%s: field %s differs (expected: model, actual: rtl)'
                 % (ch, k, f), 'FAIL r5xx.gfx3d random count 40: cycle ')


def wrong_usout(ctx, lines, k, n, name):
    """Flips bit 0 of p0rg in the fragment-shader record on line k of a vector's LINES (its
    transaction #n on usout): replay must report it naming prim, quad, target and the OUT
    instruction's pc, and the chained independent references must fail on the same record."""
    f = lines[k].split()
    f[11] = '%016x' % (int(f[11], 16) ^ 0x1)           # p0rg
    lines[k] = ' '.join(f)
    vec = os.path.join(ctx['tmp'], name)
    open(vec, 'w').write('\n'.join(lines))
    p = run(ctx, 'replay', '--vector', vec, expect_rc=1)
    contains(p.stdout, 'MISMATCH r5xx.gfx3d at cycle %d: channel usout (out), transaction #%d: field p0rg differs '
             '(expected: vector, actual: rtl)' % (int(f[2][1:]), n),
             '    prim       %-24s %s\n' % ('0x' + f[3], '0x' + f[3]),
             '    quad       %-24s %s\n' % ('0x' + f[6], '0x' + f[6]),
             '    tgt        %-24s %s\n' % ('0x' + f[7], '0x' + f[7]),
             '    pc         %-24s %s\n' % ('0x' + f[8], '0x' + f[8]))
    p = rctest.script(ctx, SCRIPT, '--check-vector', vec)
    if p.returncode == 0:
        raise Fail('a changed usout record passed --check-vector:\n%s' % p.stdout)
    contains(p.stdout, 'fragment-shader record #%d' % n)


def case_us_wrong_expected(ctx):
    """A wrong expected fragment-shader record of the EXA Composite vector fails on replay with a
    report naming the primitive, the quad (number and top-left pixel) and the OUT instruction's pc,
    expected against actual; r5xx_gfx3d_directed.py --check-vector (the chained references) fails
    on the same record."""
    src = os.path.join(ctx['src'], EXAVEC)
    lines = open(src).read().split('\n')
    ks = [i for i, l in enumerate(lines) if l.startswith('out usout ')]
    n = len(ks) // 2
    k = ks[n]
    wrong_usout(ctx, lines, k, n, 'wrong.vec')


MESHVEC = os.path.join('vectors', 'r5xx', 'gfx3d', 'mesa_mesh.vec.gz')


def case_mesh_wrong_pixel(ctx):
    """The Mesa-style mesh (vertex program, two textures, IF/ELSE/ENDIF, near-plane and user-plane
    clipping): a wrong expected pixel of a programmable-path primitive fails on replay with a report
    naming its primitive, x, y and depth, expected against actual, and the chained independent
    references (--check-vector) reject the same vector at that pixel; a wrong expected
    fragment-shader record fails on replay naming the primitive, the quad and the OUT instruction's
    pc (8, the program's last); the vector itself passes in lockstep."""
    import gzip
    lines = gzip.open(os.path.join(ctx['src'], MESHVEC), 'rt').read().split('\n')
    ks = [i for i, l in enumerate(lines) if l.startswith('out pix ') and int(l.split()[3], 16) >= 2]
    if len(ks) < 1000:
        raise Fail('the mesh vector has %d programmable-path pixels' % len(ks))
    n = [i for i, l in enumerate(lines) if l.startswith('out pix ')].index(ks[len(ks) // 2])
    vec = replay_wrong_pix(ctx, lines, ks[len(ks) // 2], n, 0x100, 'mesh_wrong.vec')   # a bit of blue
    p = rctest.script(ctx, SCRIPT, '--check-vector', vec)
    if p.returncode == 0:
        raise Fail('a changed mesh pixel passed --check-vector:\n%s' % p.stdout)
    contains(p.stdout, 'pix #%d' % n)
    # a wrong fragment-shader record: named with its primitive, quad and the OUT's pc
    ks = [i for i, l in enumerate(lines) if l.startswith('out usout ')]
    m = len(ks) // 3
    f = lines[ks[m]].split()
    if int(f[8], 16) != 8:
        raise Fail('usout #%d has pc %s, not the OUT at 8' % (m, f[8]))
    f[11] = '%016x' % (int(f[11], 16) ^ 0x1)           # p0rg
    bad = list(lines)
    bad[ks[m]] = ' '.join(f)
    open(vec, 'w').write('\n'.join(bad))
    p = run(ctx, 'replay', '--vector', vec, expect_rc=1)
    contains(p.stdout, 'MISMATCH r5xx.gfx3d at cycle %d: channel usout (out), transaction #%d: field p0rg differs '
             '(expected: vector, actual: rtl)' % (int(f[2][1:]), m),
             '    prim       %-24s %s\n' % ('0x' + f[3], '0x' + f[3]),
             '    quad       %-24s %s\n' % ('0x' + f[6], '0x' + f[6]),
             '    pc         %-24s %s\n' % ('0x' + f[8], '0x' + f[8]))
    p = run(ctx, 'run', '--vector', MESHVEC, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.gfx3d', 'rtl vs model exact, vs vector exact')


XATI_VECS = ('exa_mask', 'xv_packed', 'xv_planar', 'xv_bicubic')


def case_xati_wrong_pixel(ctx):
    """The xf86-video-ati vectors (EXA Composite with a mask, Xv packed, planar and bicubic): each
    with one expected pixel's colour changed (a pixel drawn by the fragment shader, half way through)
    fails on replay with the mismatch on pix, naming the pixel, and fails the chained independent
    references (r5xx_gfx3d_directed.py --check-vector) on the same pix record."""
    for name in XATI_VECS:
        src = os.path.join(ctx['src'], 'vectors', 'r5xx', 'gfx3d', name + '.vec')
        lines = open(src).read().split('\n')
        ks = [i for i, l in enumerate(lines) if l.startswith('out pix ')]
        if len(ks) < 100:
            raise Fail('%s draws %d pixels' % (name, len(ks)))
        n = len(ks) // 2
        vec = replay_wrong_pix(ctx, lines, ks[n], n, 0x100, name + '.wrong.vec')     # a bit of blue
        p = rctest.script(ctx, SCRIPT, '--check-vector', vec)
        if p.returncode == 0:
            raise Fail('%s: a changed pixel passed --check-vector:\n%s' % (name, p.stdout))
        contains(p.stdout, 'pix #%d' % n)



MRTVEC = os.path.join('vectors', 'r5xx', 'gfx3d', 'r300g_mrt.vec')
CBUF = 0x01000000


def case_mrt(ctx):
    """Multiple render targets (decision G3, r300g_mrt): the vector writes all four colour buffers
    (the multiwrite clear and the four-target program) and its usout records carry targets 0-3;
    every passing pixel of the four-target draws gives one pix record per target, in target order
    (the same pixel four times); a fault in a colour write to buffer 3 (RTL side) and in a usout
    record's target (model side) are each named by channel, transaction and field; a wrong expected
    target-2 record fails on replay naming its primitive, quad and pc, and fails the chained
    references; the vector passes in lockstep."""
    lines = open(os.path.join(ctx['src'], MRTVEC)).read().split('\n')
    cm = [l.split() for l in lines if l.startswith('out cmemreq ')]
    bufs = set((int(f[3], 16) - CBUF) >> 16 for f in cm if int(f[4], 16))
    if bufs != {0, 1, 2, 3}:
        raise Fail('colour writes reach buffers %s, not 0-3' % sorted(bufs))
    us = [l.split() for l in lines if l.startswith('out usout ')]
    tg = set(int(f[7], 16) for f in us)
    if tg != {0, 1, 2, 3}:
        raise Fail('usout targets %s, not 0-3' % sorted(tg))
    px = [tuple(l.split()[3:6]) for l in lines if l.startswith('out pix ')]
    runs4 = sum(1 for i in range(len(px) - 3) if px[i] == px[i + 1] == px[i + 2] == px[i + 3])
    if runs4 < 100:
        raise Fail('only %d pixels delivered to four targets in a row' % runs4)
    k3 = next(i for i, f in enumerate(cm) if int(f[4], 16) and (int(f[3], 16) - CBUF) >> 16 == 3
              and i > len(cm) // 2)
    p = run(ctx, 'run', '--vector', MRTVEC, '--inject', 'rtl:cmemreq.wdata@%d^0x100' % k3, expect_rc=1)
    contains(p.stdout, ': channel cmemreq (out), transaction #%d: field wdata differs (expected: model, actual: rtl)' % k3)
    k = next(i for i, f in enumerate(us) if int(f[7], 16) == 2)
    p = run(ctx, 'run', '--vector', MRTVEC, '--inject', 'model:usout.tgt@%d^0x1' % k, expect_rc=1)
    contains(p.stdout, ': channel usout (out), transaction #%d: field tgt differs (expected: model, actual: rtl)' % k)
    # a wrong expected record of target 2
    ks = [i for i, l in enumerate(lines) if l.startswith('out usout ') and int(l.split()[7], 16) == 2]
    m = [i for i, l in enumerate(lines) if l.startswith('out usout ')].index(ks[len(ks) // 2])
    wrong_usout(ctx, list(lines), ks[len(ks) // 2], m, 'mrt_wrong.vec')
    p = run(ctx, 'run', '--vector', MRTVEC, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.gfx3d', 'rtl vs model exact, vs vector exact')


FOGVEC = os.path.join('vectors', 'r5xx', 'gfx3d', 'fg_fog.vec')


def case_fog_functions(ctx):
    """FG's fog functions (decision G11, fg_fog): over each band's depth ramp (z 0 at x = 0, 1 at the
    right edge) FN 0 (linear, start 0.2, end 0.9) leaves the colour unfogged on the left and gives
    the fog colour exactly on the right; FN 0, 1 (exp, on Z24 and Z16) and 2 (exp2) move every
    channel monotonically toward the fog colour from left to right; FN 3 (the constant factor) gives one colour for the whole band; a wrong expected fogged
    pixel fails on replay and against the chained references (which compute the factor with
    scripts/blocks/prim_sf_ref.py)."""
    lines = open(os.path.join(ctx['src'], FOGVEC)).read().split('\n')
    pix = {}
    for l in lines:
        if l.startswith('out pix '):
            f = l.split()
            pix[(int(f[4], 16), int(f[5], 16))] = int(f[7], 16)
    fog = [0x2C0, 0x300, 0x3A0]                          # the fog colour R, G, B (10 bits)
    fog16 = [v << 6 | v >> 4 for v in fog]

    def rgb(c):
        return [c >> 32 & 0xFFFF, c >> 16 & 0xFFFF, c & 0xFFFF]

    def dist(c):
        return [abs(a - b) for a, b in zip(rgb(c), fog16)]
    for band, y in (('FN 0', 3), ('FN 1', 11), ('FN 2', 19), ('FN 1 Z16', 27)):
        row = [pix[(x, y)] for x in range(64)]
        for x in range(1, 64):
            if any(a > b for a, b in zip(dist(row[x]), dist(row[x - 1]))):
                raise Fail('%s: pixel (%d, %d) is farther from the fog colour than its left neighbour' % (band, x, y))
        if dist(row[0]) == [0, 0, 0] or dist(row[-1]) == dist(row[0]):
            raise Fail('%s: no fog gradient (%016x .. %016x)' % (band, row[0], row[-1]))
    if rgb(pix[(63, 3)]) != fog16:
        raise Fail('FN 0: the far end is %016x, not the fog colour' % pix[(63, 3)])
    if pix[(1, 3)] != pix[(0, 3)] or pix[(5, 3)] != pix[(0, 3)]:
        raise Fail('FN 0: the near end (before the fog start) is not constant')
    band3 = set(pix[(x, y)] for x in range(64) for y in range(32, 40))
    if len(band3) != 1:
        raise Fail('FN 3: %d colours in the constant-factor band' % len(band3))
    ks = [i for i, l in enumerate(lines) if l.startswith('out pix ')]
    n = next(j for j, i in enumerate(ks) if int(lines[i].split()[5], 16) == 19 and int(lines[i].split()[4], 16) == 40)
    vec = replay_wrong_pix(ctx, lines, ks[n], n, 0x100, 'fog_wrong.vec')
    p = rctest.script(ctx, SCRIPT, '--check-vector', vec)
    if p.returncode == 0:
        raise Fail('a changed fogged pixel passed --check-vector:\n%s' % p.stdout)
    contains(p.stdout, 'pix #%d' % n)

def case_stim_current(ctx):
    """The committed stimulus is what scripts/blocks/r5xx_gfx3d_directed.py writes today."""
    rctest.stim_current(ctx, 'gfx3d', SCRIPT)


def case_picture(ctx):
    """--png writes the scene's colour, depth and stencil buffers from both sides, no difference
    image, and the RTL's colour
    picture is byte for byte the committed docs/img/gfx3d.png shown in the README."""
    out = os.path.join(ctx['tmp'], 'png')
    p = run(ctx, 'run', '--vector', SCENE, '--png', out, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.gfx3d')
    names = sorted(os.listdir(out))
    if names != ['color0.model.png', 'color0.rtl.png', 'depth.model.png', 'depth.rtl.png',
                 'stencil.model.png', 'stencil.rtl.png']:
        raise Fail('pictures written: %s' % names)
    if rctest.png_size(os.path.join(out, 'color0.rtl.png')) != (160, 120):
        raise Fail('picture size %s' % (rctest.png_size(os.path.join(out, 'color0.rtl.png')),))
    a = open(os.path.join(out, 'color0.rtl.png'), 'rb').read()
    b = open(os.path.join(ctx['src'], 'docs', 'img', 'gfx3d.png'), 'rb').read()
    if a != b:
        raise Fail('the rendered scene differs from docs/img/gfx3d.png')


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'gfx3d_test.py'))
