#!/usr/bin/env python3
"""gpu_test.py - end-to-end tests of r5xx.gpu (docs/blocks/r5xx.gpu.md) through the rcosim command
line: a fill and a blit written as registers render the same pixels as their packet forms;
DP_WRITE_MASK limits the bits written, also for a later packet; the fences of the driver-style
streams land in memory with the values the streams wrote, in order; every register those streams
write is named by --trace regw and delivered to a block, unknown ones are reported; a fault in
each sub-block's output is caught and its channel named; a wrong expected pixel names its
operation; the golden vectors agree with scripts/blocks/r5xx_gpu_directed.py's independent reference.

Usage: gpu_test.py RCOSIM SOURCE_DIR CASE
"""
import filecmp
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402

VEC = os.path.join('vectors', 'r5xx', 'gpu')
DRIVER = ['ring_start', 'ib_test', 'copy', 'fill_regs', 'blit_regs', 'write_mask', 'fence']
RANDOM = ['--block', 'r5xx.gpu', '--count', '150', '--seed', '7', '--backpressure', 'random:0.5',
          '--mem-latency', '1:8']


def vec(name):
    return os.path.join(VEC, name + ('.vec.gz' if name == 'frame' else '.vec'))


def read_lines(ctx, name):
    import gzip
    path = os.path.join(ctx['src'], vec(name))
    return (gzip.open(path, 'rt') if path.endswith('.gz') else open(path)).read().split('\n')


def out_lines(ctx, name, ch):
    res = []
    for line in read_lines(ctx, name):
        t = line.split()
        if t[:2] == ['out', ch]:
            res.append([x for x in t[2:] if not x.startswith('@')])
    return res


def same_png(ctx, a, b):
    da, db = os.path.join(ctx['tmp'], a), os.path.join(ctx['tmp'], b)
    run(ctx, 'run', '--vector', vec(a), '--png', da, expect_rc=0)
    run(ctx, 'run', '--vector', vec(b), '--png', db, expect_rc=0)
    for side in ('rtl', 'model'):
        pa, pb = os.path.join(da, 'dst.%s.png' % side), os.path.join(db, 'dst.%s.png' % side)
        if not filecmp.cmp(pa, pb, shallow=False):
            raise Fail('%s and %s render different pictures (%s)' % (a, b, side))
    w, h = rctest.png_size(os.path.join(da, 'dst.rtl.png'))
    if (w, h) != (64, 64):
        raise Fail('picture %dx%d' % (w, h))


def case_fill_regs_eq_packets(ctx):
    """The xf86-video-ati fills written as registers render exactly the PAINT_MULTI packets' picture,
    with the same pixel values at the same places."""
    same_png(ctx, 'fill_regs', 'fill_pkt')
    a = sorted((p[1], p[2], p[7]) for p in out_lines(ctx, 'fill_regs', 'pix'))
    b = sorted((p[1], p[2], p[7]) for p in out_lines(ctx, 'fill_pkt', 'pix'))
    if a != b or not a:
        raise Fail('pixel records differ: %d vs %d' % (len(a), len(b)))


def case_blit_regs_eq_packets(ctx):
    """The overlapping copies written as registers (all four DP_CNTL directions) render exactly
    the BITBLT_MULTI packets' picture."""
    same_png(ctx, 'blit_regs', 'blit_pkt')
    a = sorted((p[1], p[2], p[7]) for p in out_lines(ctx, 'blit_regs', 'pix'))
    b = sorted((p[1], p[2], p[7]) for p in out_lines(ctx, 'blit_pkt', 'pix'))
    if a != b or not a:
        raise Fail('pixel records differ: %d vs %d' % (len(a), len(b)))


def case_write_mask(ctx):
    """DP_WRITE_MASK 0x00FF00FF: every pixel of the register fill and of the later PAINT packet
    keeps the destination's bits outside the mask (the destination is read for it); the packet
    with GMC_WR_MSK_DIS writes all bits."""
    pix = out_lines(ctx, 'write_mask', 'pix')
    ops = sorted({p[0] for p in pix})
    if len(ops) != 3:
        raise Fail('expected pixels of three operations, got %s' % ops)
    masked = [p for p in pix if p[0] in ops[:2]]
    full = [p for p in pix if p[0] == ops[2]]
    m = 0x00FF00FF
    for p in masked:
        pat, dst, res = int(p[4], 16), int(p[5], 16), int(p[7], 16)
        if res != (pat & m) | (dst & ~m & 0xFFFFFFFF):
            raise Fail('pixel %s: res %08x, expected pattern %08x under the mask over %08x' % (p, res, pat, dst))
    if not any(int(p[5], 16) & ~m & 0xFFFFFFFF for p in masked):
        raise Fail('the destination was never read')
    for p in full:
        if int(p[7], 16) != int(p[4], 16):
            raise Fail('GMC_WR_MSK_DIS pixel %s not fully written' % p)


def fence_writes(ctx, name):
    return [(int(m[0], 16), int(m[2], 16)) for m in out_lines(ctx, name, 'memreq') if int(m[1], 16) and
            int(m[4], 16) == 0]


def case_fence(ctx):
    """The fence of r100_fence_ring_emit (WAIT_UNTIL, SCRATCH_REG3 = 0x1234) is written by the
    scratch write-back (port 0) to SCRATCH_ADDR + 12, after every pixel write of the work before
    it; the IB test's two scratch values arrive in stream order; ring_start's too."""
    if fence_writes(ctx, 'fence') != [(0x0070010C, 0x1234)]:
        raise Fail('fence: %s' % fence_writes(ctx, 'fence'))
    mem = out_lines(ctx, 'fence', 'memreq')
    last_px = max(i for i, m in enumerate(mem) if int(m[1], 16) and int(m[4], 16) == 2)
    first_f = min(i for i, m in enumerate(mem) if int(m[1], 16) and int(m[4], 16) == 0)
    if first_f < last_px:
        raise Fail('the fence overtook the 2D engine')
    if fence_writes(ctx, 'ib_test') != [(0x00700108, 0xCAFEDEAD), (0x00700108, 0xDEADBEEF), (0x00700104, 7)]:
        raise Fail('ib_test: %s' % fence_writes(ctx, 'ib_test'))
    if fence_writes(ctx, 'ring_start') != [(0x00700100, 1)]:
        raise Fail('ring_start: %s' % fence_writes(ctx, 'ring_start'))
    rptr = [m for m in out_lines(ctx, 'ring_start', 'memreq') if int(m[1], 16) and int(m[4], 16) == 1]
    if not rptr or int(rptr[-1][0], 16) != 0x00700000:
        raise Fail('no RPTR write-back: %s' % rptr)


def case_trace_names(ctx):
    """--trace regw names every register the driver-style streams write (no bare hex address)
    and every one is delivered to a block (dst 1-4); the unknown writes of 'unknown' are shown
    with dst 0 and counted."""
    for name in DRIVER:
        p = run(ctx, 'run', '--vector', vec(name), '--trace', 'regw', expect_rc=0)
        lines = [ln for ln in p.stdout.splitlines() if ' regw #' in ln]
        if not lines:
            raise Fail('%s: no register writes traced' % name)
        for ln in lines:
            if not re.search(r'addr=[0-9a-f]{4}\([A-Z0-9_]+\)', ln) or ln.endswith('dst=0'):
                raise Fail('%s: %s' % (name, ln))
    p = run(ctx, 'run', '--vector', vec('unknown'), '--trace', 'regw', expect_rc=0)
    unk = [ln for ln in p.stdout.splitlines() if ln.endswith('dst=0')]
    if len(unk) != 4 or 'addr=0800 data=12345678 0x800=0x12345678 dst=0' not in unk[0]:
        raise Fail('unknown writes: %s' % unk)
    contains(p.stdout, 'addr=4e00(RB3D_CCTL)', 'dst=4')


def case_unknown_reported(ctx):
    """An unknown write is an output transaction with dst 0 compared like any other: a fault on
    it (the RTL claiming an owner for 0x0800) is caught and named; random streams with unknown
    traffic pass in lockstep (the unk count is a status compared every cycle)."""
    p = run(ctx, 'run', '--vector', vec('unknown'), '--inject', 'rtl:regw.dst@0^0x4', expect_rc=1)
    contains(p.stdout, ': channel regw (out), transaction #0: field dst differs')
    p = run(ctx, 'run', *RANDOM, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.gpu random count 150: ', 'rtl vs model exact')


def case_fault_subblocks(ctx):
    """A fault in each sub-block's output is caught and its channel named: the backbone (regw),
    the 2D engine (pix), the CP's fetch and the 2D engine's writes through the arbiter (memreq)."""
    for side, spec, ch in (('rtl', 'regw.dst@5^0x1', 'regw'), ('model', 'regw.data@9^0x100', 'regw'),
                           ('rtl', 'pix.res@30^0x1', 'pix'), ('model', 'pix.x@4^0x1', 'pix'),
                           ('rtl', 'memreq.addr@3^0x4', 'memreq'), ('model', 'memreq.port@40^0x1', 'memreq')):
        p = run(ctx, 'run', *RANDOM, '--inject', '%s:%s' % (side, spec), expect_rc=1)
        f = spec.split('@')[0].split('.')[1]
        n = spec.split('@')[1].split('^')[0]
        contains(p.stdout, ': channel %s (out), transaction #%s: field %s differs (expected: model, actual: rtl)'
                 % (ch, n, f), 'FAIL r5xx.gpu random count 150: cycle ')


def case_wrong_pixel(ctx):
    """One wrong expected pixel of the register fill: the report names the operation (pkt, the
    2D engine's operation index), x, y and the ROP inputs."""
    lines = open(os.path.join(ctx['src'], vec('fill_regs'))).read().split('\n')
    for i, line in enumerate(lines):
        t = line.split()
        if t[:2] == ['out', 'pix']:
            want = t[:]
            t[-1] = '%08x' % (int(t[-1], 16) ^ 1)
            lines[i] = ' '.join(t)
            break
    bad = os.path.join(ctx['tmp'], 'bad.vec')
    with open(bad, 'w') as f:
        f.write('\n'.join(lines))
    p = run(ctx, 'run', '--vector', bad, expect_rc=1)
    contains(p.stdout, ': channel pix (out), transaction #0: field res differs (expected: vector, actual: rtl)',
             '    pkt        0x%s' % want[3], '    x          0x%s' % want[4], '    y          0x%s' % want[5],
             '    pat        0x%s' % want[7], '    rop        0x%s' % want[9])


def case_directed_check(ctx):
    """The golden vectors' final memory (surfaces, fences) equals scripts/blocks/r5xx_gpu_directed.py's
    independent reference of the streams."""
    p = rctest.script(ctx, os.path.join('blocks', 'r5xx_gpu_directed.py'), '--check', os.path.join(ctx['src'], VEC))
    if p.returncode != 0 or 'PASS: 10 vectors checked' not in p.stdout:
        raise Fail('r5xx_gpu_directed.py --check:\n%s%s' % (p.stdout, p.stderr))


def case_stim_current(ctx):
    """The committed stimulus files are what scripts/blocks/r5xx_gpu_directed.py writes today."""
    out = os.path.join(ctx['tmp'], 'stim')
    for script in ('r5xx_gpu_directed.py', 'r5xx_gpu_frame.py'):
        p = rctest.script(ctx, os.path.join('blocks', script), out)
        if p.returncode != 0:
            raise Fail(p.stdout + p.stderr)
    ref = os.path.join(ctx['src'], VEC, 'stim')
    names = sorted(os.listdir(out))
    if names != sorted(os.listdir(ref)):
        raise Fail('stimulus files differ: %s vs %s' % (names, sorted(os.listdir(ref))))
    _, mismatch, errors = filecmp.cmpfiles(out, ref, names, shallow=False)
    if mismatch or errors:
        raise Fail('out of date: %s' % ' '.join(mismatch + errors))


def case_route(ctx):
    """The routing table agrees with the register database: every seed register of block CP goes
    to the CP, every other seed register to the 3D path, every supplement register to its block
    (CP, RBBM, 2D; its 3D-path blocks GA, RS, US, FG, CB, ZB to the 3D path).  Read from the C and RTL tables' common source: r5xx_gpu_bb.c's ranges."""
    import json
    sys.path.insert(0, os.path.join(ctx['src'], 'scripts'))
    from regdb_ctab import instances
    src = open(os.path.join(ctx['src'], 'model', 'r5xx', 'gpu', 'r5xx_gpu_bb.c')).read()
    body = src[src.index('unsigned gpu_route'):]
    body = body[:body.index('\n}\n')]
    rules = []
    for m in re.finditer(r'if \((.*?)\)\s*return (GPU_DST_\w+);', body, re.S):
        rules.append((m.group(1), m.group(2)))

    def route(a):
        for cond, dst in rules:
            if eval(' '.join(cond.replace('&&', ' and ').replace('||', ' or ').split()), {'a': a}):
                return dst
        return 'GPU_DST_UNK'
    want = {'CP': 'GPU_DST_CP', 'RBBM': 'GPU_DST_RBBM', '2D': 'GPU_DST_2D'}   # any other supplement block: 3D
    n = 0
    for fn, fam in (('r5xx.json', 'seed'), ('r5xx_supp.json', 'supp')):
        db = json.load(open(os.path.join(ctx['src'], 'model', 'regdb', fn)))
        for reg in db['registers']:
            for name, addr, _ in instances(reg):
                exp = want.get(reg['block'], 'GPU_DST_3D') if fam == 'supp' else \
                    'GPU_DST_CP' if reg['block'] == 'CP' else 'GPU_DST_3D'
                if addr > 0xFFFF:
                    continue
                if route(addr) != exp:
                    raise Fail('%s %s at %04x routes to %s, its block %s wants %s' % (fn, name, addr, route(addr),
                                                                                   reg['block'], exp))
                n += 1
    if n < 6000:
        raise Fail('only %d registers checked' % n)
    rtl = open(os.path.join(ctx['src'], 'rtl', 'r5xx', 'gpu', 'r5xx_gpu_bb.sv')).read()
    for h in ('16\'h0700', '16\'h15E0', '16\'h1720', '16\'h170C', '16\'h3428', '16\'h342C', '16\'h1D00', '16\'h9000'):
        if h not in rtl:
            raise Fail('RTL table lacks %s' % h)


# ---- the full frame (scripts/blocks/r5xx_gpu_frame.py) -------------------------------------------------

FENCE_ADDR, FENCE_SEQ = 0x00700104, 0x5EC0FFEE


def case_frame_fence(ctx):
    """The frame's fence (WAIT_UNTIL 2D|3D idle-clean, SCRATCH_REG1 = 0x5EC0FFEE) is written by the
    scratch write-back (port 0) once, after every pixel write of the 2D engine (port 2) and of
    RB3D (port 5)."""
    mem = out_lines(ctx, 'frame', 'memreq')
    fences = [(int(m[0], 16), int(m[2], 16)) for m in mem if int(m[1], 16) and int(m[4], 16) == 0]
    if fences != [(FENCE_ADDR, FENCE_SEQ)]:
        raise Fail('frame fences: %s' % fences)
    first_f = min(i for i, m in enumerate(mem) if int(m[1], 16) and int(m[4], 16) == 0)
    for port in (2, 4, 5):
        last = max(i for i, m in enumerate(mem) if int(m[1], 16) and int(m[4], 16) == port)
        if first_f < last:
            raise Fail('the fence overtook port %d' % port)


def case_frame_programmable(ctx):
    """The frame's programmable 3D part is in the golden vector: the texture unit's reads (port 6)
    go through the one memory, every one inside the mesh's two textures, the window's pixmap or
    the video's three planes, and before the fence; the mesh's 64x64 viewport, the composited
    window and the video rectangle hold 3D pixels; the vertex and
    fragment programs came in ONE_REG_WR PACKET0s of the IB, and the mesh's clipped primitives
    (near plane, user plane 0) gave more 3D primitives than the scene draws."""
    sys.path.insert(0, os.path.join(ctx['src'], 'scripts'))
    from blocks import r5xx_gpu_frame as fr
    mem = out_lines(ctx, 'frame', 'memreq')
    tex = [int(m[0], 16) for m in mem if int(m[4], 16) == 6]
    if len(tex) < 10000 or any(int(m[1], 16) for m in mem if int(m[4], 16) == 6):
        raise Fail('frame: %d texel reads on port 6 (writes among them?)' % len(tex))
    ranges = [(fr.MESH_TBUF, fr.MESH_TBUF + 0x2000), (fr.WIN_TBUF, fr.WIN_TBUF + 4 * fr.WIN_W * fr.WIN_H),
              (fr.VID_TBUF, fr.VID_TBUF + 32 * 24 + 2 * 64 * 12)]
    stray = [a for a in tex if not any(lo <= a < hi for lo, hi in ranges)]
    if stray:
        raise Fail('texel reads outside the textures: %s' % ['%08x' % a for a in stray[:5]])
    fence = max(i for i, m in enumerate(mem) if int(m[1], 16) and int(m[4], 16) == 0)
    if max(i for i, m in enumerate(mem) if int(m[4], 16) == 6) > fence:
        raise Fail('a texel read after the fence')
    pix = out_lines(ctx, 'frame', 'pix3d')
    inside = lambda x0, y0, w, h: sum(1 for p in pix if x0 <= int(p[1], 16) < x0 + w and y0 <= int(p[2], 16) < y0 + h)
    n_mesh, n_win = inside(fr.MESH_X, fr.MESH_Y, 64, 64), inside(fr.WIN_X, fr.WIN_Y, fr.WIN_W, fr.WIN_H)
    n_vid = inside(fr.VID_X, fr.VID_Y, fr.VID_W, fr.VID_H)
    if n_mesh < 64 * 64 + 2000 or n_win < fr.WIN_W * fr.WIN_H or n_vid < fr.VID_W * fr.VID_H:
        raise Fail('3D pixels: %d in the mesh viewport, %d in the window, %d in the video' % (n_mesh, n_win, n_vid))
    s, f = fr.frame()
    one, k = set(), 0
    while k < len(s.ib):                               # the IB's packet headers
        h = s.ib[k]
        if h >> 30 == 0 and h >> 15 & 1:
            one.add((h & 0x1FFF) << 2)
        k += 1 if h >> 30 == 2 else 2 if h >> 30 == 1 else (h >> 16 & 0x3FFF) + 2
    if sorted(one) != [0x2204, 0x2208, 0x4254]:
        raise Fail('ONE_REG_WR packets to %s' % sorted(hex(a) for a in one))
    # the scene 7 triangles, the region's clear 2, the mesh's 14 as sent, the window 2 (and the
    # video's 1): a cut
    # triangle becomes a fan of two or more, so the clipped ones show as more primitives
    prims = max(int(p[0], 16) for p in pix) + 1
    if prims < 7 + 2 + 14 + 2 + 2:
        raise Fail('%d 3D primitives: the mesh was not clipped' % prims)


def case_frame_png(ctx):
    """rcosim run --vector frame.vec.gz --png renders the frame in lockstep; both sides' pictures
    equal docs/img/frame.png (320x240)."""
    d = os.path.join(ctx['tmp'], 'frame')
    p = run(ctx, 'run', '--vector', vec('frame'), '--png', d, expect_rc=0)
    contains(p.stdout, 'PASS r5xx.gpu vectors/r5xx/gpu/frame.vec.gz: ', 'rtl vs model exact, vs vector exact')
    ref = os.path.join(ctx['src'], 'docs', 'img', 'frame.png')
    for side in ('rtl', 'model'):
        if not filecmp.cmp(os.path.join(d, 'dst.%s.png' % side), ref, shallow=False):
            raise Fail('dst.%s.png differs from docs/img/frame.png' % side)
    if rctest.png_size(ref) != (320, 240):
        raise Fail('frame.png is %dx%d' % rctest.png_size(ref))


def case_frame_regw(ctx):
    """Every register write of the frame is delivered to exactly one block (dst 1-4, none unknown)
    and named by --trace regw; the 3D path receives exactly the writes r5xx_gpu_frame.py --regw lists,
    in order."""
    p = run(ctx, 'run', '--vector', vec('frame'), '--trace', 'regw', expect_rc=0)
    lines = [ln for ln in p.stdout.splitlines() if ' regw #' in ln]
    for ln in lines:
        if not re.search(r'addr=[0-9a-f]{4}\([A-Z0-9_]+\)', ln) or not re.search(r'dst=[1-4]$', ln):
            raise Fail('frame: %s' % ln)
    got = [(int(m[0], 16), int(m[1], 16)) for m in out_lines(ctx, 'frame', 'regw') if int(m[2], 16) == 4]
    q = rctest.script(ctx, os.path.join('blocks', 'r5xx_gpu_frame.py'), '--regw')
    want = [tuple(int(x, 16) for x in ln.split()) for ln in q.stdout.splitlines()]
    if got != want or len(want) < 100:
        raise Fail('3D writes: %d delivered, %d in the scene' % (len(got), len(want)))
    if len(lines) != len(out_lines(ctx, 'frame', 'regw')):
        raise Fail('%d traced, %d in the vector' % (len(lines), len(out_lines(ctx, 'frame', 'regw'))))


def wrong_expected(ctx, ch, k):
    lines = read_lines(ctx, 'frame')
    n = 0
    for i, line in enumerate(lines):
        t = line.split()
        if t[:2] == ['out', ch]:
            if n == k:
                want = [x for x in t if not x.startswith('@')]
                t[-1] = '%x' % (int(t[-1], 16) ^ 1)
                lines[i] = ' '.join(t)
                break
            n += 1
    bad = os.path.join(ctx['tmp'], 'bad_%s.vec' % ch)
    with open(bad, 'w') as f:
        f.write('\n'.join(lines))
    return bad, want


def case_frame_wrong_pixel3d(ctx):
    """A wrong expected 3D pixel of the frame names its primitive, x, y and depth."""
    bad, want = wrong_expected(ctx, 'pix3d', 5000)
    p = run(ctx, 'run', '--vector', bad, expect_rc=1)
    contains(p.stdout, ': channel pix3d (out), transaction #5000: field argb differs (expected: vector, actual: rtl)',
             '    prim       0x%s' % want[2], '    x          0x%s' % want[3], '    y          0x%s' % want[4])



def case_frame_wrong_pixel_prog(ctx):
    """A wrong pixel of the programmable path in the frame (the lit, textured mesh) is named by its
    primitive, its quad and the fragment-program instruction that produced it: the fragment
    shader's records are a GPU output (usout, docs/blocks/r5xx.gpu.md decision U1), so a pixel made
    wrong inside the fragment shader shows first as a wrong usout record, ahead of the pixel.  The
    vector with one expected usout colour bit and the matching pixel's colour changed fails on
    replay at that usout record, naming prim, x, y (the quad's top-left pixel), quad, tgt and pc;
    the named primitive and quad are those of the changed pixel."""
    lines = read_lines(ctx, 'frame')
    us = [i for i, l in enumerate(lines) if l.startswith('out usout ')]
    if len(us) < 1000:
        raise Fail('the frame has %d fragment-shader records' % len(us))
    pix = {}
    for i, l in enumerate(lines):
        if l.startswith('out pix3d '):
            t = l.split()
            pix.setdefault((t[3], int(t[4], 16), int(t[5], 16)), i)
    # a record half way through the mesh whose pixel 0 is written (wr bit 0) and reached pix3d
    for n in range(len(us) // 4, len(us)):
        f = lines[us[n]].split()
        key = (f[3], int(f[4], 16), int(f[5], 16))
        if int(f[9], 16) & 1 and key in pix and pix[key] > us[n]:
            break
    else:
        raise Fail('no fragment-shader record with a written pixel 0 in pix3d')
    f[11] = '%016x' % (int(f[11], 16) ^ 0x1)           # p0rg: the quad's pixel 0, C0's low bit
    bad = list(lines)
    bad[us[n]] = ' '.join(f)
    t = bad[pix[key]].split()
    t[-1] = '%016x' % (int(t[-1], 16) ^ 0x0101)        # the pixel: its blue (C0) widened, changed
    bad[pix[key]] = ' '.join(t)
    path = os.path.join(ctx['tmp'], 'bad_prog.vec')
    with open(path, 'w') as fh:
        fh.write('\n'.join(bad))
    p = run(ctx, 'replay', '--vector', path, expect_rc=1)
    first = next(ln for ln in p.stdout.splitlines() if ln.startswith('MISMATCH'))
    if ': channel usout (out), transaction #%d: field p0rg differs' % n not in first:
        raise Fail('the first mismatch is not the usout record #%d:\n%s' % (n, p.stdout[-3000:]))
    contains(p.stdout, '    prim       %-24s %s\n' % ('0x' + f[3], '0x' + f[3]),
             '    x          %-24s %s\n' % ('0x' + f[4], '0x' + f[4]),
             '    y          %-24s %s\n' % ('0x' + f[5], '0x' + f[5]),
             '    quad       %-24s %s\n' % ('0x' + f[6], '0x' + f[6]),
             '    tgt        %-24s %s\n' % ('0x' + f[7], '0x' + f[7]),
             '    pc         %-24s %s\n' % ('0x' + f[8], '0x' + f[8]))

def case_frame_wrong_pixel2d(ctx):
    """A wrong expected 2D pixel of the frame (the window) names its 2D operation."""
    bad, want = wrong_expected(ctx, 'pix', 100)
    p = run(ctx, 'run', '--vector', bad, expect_rc=1)
    contains(p.stdout, ': channel pix (out), transaction #100: field res differs (expected: vector, actual: rtl)',
             '    pkt        0x%s' % want[2], '    x          0x%s' % want[3])


def case_fault_3d(ctx):
    """Faults in the 3D path's channels on both sides (its pixels, its memory beats through the
    arbiter, its register writes) are caught and named, in random streams mixing 2D and 3D."""
    for side, spec, ch in (('rtl', 'pix3d.argb@3^0x1', 'pix3d'), ('model', 'pix3d.prim@7^0x1', 'pix3d'),
                           ('rtl', 'pix3d.z@11^0x10', 'pix3d'), ('model', 'pix3d.x@2^0x1', 'pix3d')):
        p = run(ctx, 'run', *RANDOM, '--inject', '%s:%s' % (side, spec), expect_rc=1)
        f = spec.split('@')[0].split('.')[1]
        n = spec.split('@')[1].split('^')[0]
        contains(p.stdout, ': channel %s (out), transaction #%s: field %s differs (expected: model, actual: rtl)'
                 % (ch, n, f), 'FAIL r5xx.gpu random count 150: cycle ')
    mem = out_lines(ctx, 'frame', 'memreq')
    k = next(i for i, m in enumerate(mem) if int(m[4], 16) == 5)
    for side in ('rtl', 'model'):
        p = run(ctx, 'run', '--vector', vec('frame'), '--inject', '%s:memreq.be@%d^0x1' % (side, k), expect_rc=1)
        contains(p.stdout, ': channel memreq (out), transaction #%d: field be differs' % k)


PROG = ['--block', 'r5xx.gpu', '--count', '150', '--seed', '26', '--backpressure', 'random:0.5', '--mem-latency', '1:8']


def vec_outputs(path, ch):
    """The (cycle, fields) of every output record of channel ch of a vector file."""
    res = []
    for line in open(path):
        t = line.split()
        if t[:2] == ['out', ch]:
            res.append((int(t[2][1:]), t[3:]))
    return res


def case_prog3d(ctx):
    """The random stream's programmable 3D draws reach the vertex and fragment shaders and the
    texture unit inside the GPU: the stream delivers vertex programs (PVS_BYPASS 0, VAP_PVS_VECTOR
    data) and fragment programs (GA_US_VECTOR_DATA, RS_COUNT != 0) to the 3D path, TX reads texels
    through the arbiter (port 6) and the draws give pixels after them; in lockstep, a fault in a
    texel read (memreq, port 6) and in a pixel of a fragment-program draw (pix3d) on either side
    is caught and named by its channel and transaction as the run's first difference (the one on
    the last texel read: RTL and model agreed on everything before it, nearly the whole stream)."""
    v = os.path.join(ctx['tmp'], 'prog.vec')
    run(ctx, 'gen', *PROG, '-o', v, '--quiet', expect_rc=0)
    regw = [(int(f[0], 16), int(f[1], 16), int(f[2], 16)) for _, f in vec_outputs(v, 'regw')]
    for addr, data, what in ((0x2140, 0, 'PVS_BYPASS 0'), (0x2204, None, 'vertex-program upload'),
                             (0x4254, None, 'fragment-program upload'), (0x4300, None, 'RS_COUNT')):
        n = sum(1 for a, d, dst in regw if a == addr and dst == 4 and (data is None or d == data)
                and (addr != 0x4300 or d != 0))
        if n == 0:
            raise Fail('no %s delivered to the 3D path' % what)
    mem = vec_outputs(v, 'memreq')
    tx = [i for i, (_, f) in enumerate(mem) if int(f[4], 16) == 6]
    if len(tx) < 16:
        raise Fail('only %d texel reads (arbiter port 6)' % len(tx))
    pix = vec_outputs(v, 'pix3d')
    k = next((i for i, (c, _) in enumerate(pix) if c > mem[tx[0]][0]), None)
    if k is None:
        raise Fail('no 3D pixel after the first texel read')
    for side, spec, ch in (('rtl', 'memreq.addr@%d^0x4' % tx[3], 'memreq'),
                           ('model', 'memreq.addr@%d^0x10' % tx[-1], 'memreq'),
                           ('rtl', 'pix3d.argb@%d^0x1' % k, 'pix3d'), ('model', 'pix3d.z@%d^0x2' % k, 'pix3d')):
        p = run(ctx, 'run', '--vector', v, '--inject', '%s:%s' % (side, spec), expect_rc=1)
        f = spec.split('@')[0].split('.')[1]
        n = spec.split('@')[1].split('^')[0]
        contains(p.stdout, ': channel %s (out), transaction #%s: field %s differs' % (ch, n, f),
                 'last 8 transactions per channel (model and rtl agreed on all of them)')


def case_frame_check(ctx):
    """The frame's pix3d records and RB3D writes equal the chained independent 3D reference, its
    final colour buffer and fence the 2D reference run over them (r5xx_gpu_frame.py --check)."""
    p = rctest.script(ctx, os.path.join('blocks', 'r5xx_gpu_frame.py'), '--check', os.path.join(ctx['src'], vec('frame')))
    if p.returncode != 0 or not p.stdout.rstrip().endswith('PASS'):
        raise Fail('r5xx_gpu_frame.py --check:\n%s%s' % (p.stdout, p.stderr))


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'gpu_test.py'))
