#!/usr/bin/env python3
"""import_test.py - 'rcosim import' (docs/import.md), one case a run:

  roundtrip:NAME[:binary]  the shipped vector vectors/r5xx/gpu/NAME written out as a dump (radeon
        debugfs text, or binary dwords) by scripts/pm4import/export_dump.py, imported back, filled by
        'rcosim gen', then run in lockstep with --png: every output transaction equal to the shipped
        vector's (values and cycles), the same preload, the same final memory (preload + every
        write), the same fence (the last scratch write-back), the same pictures
  layouts     the kernel's older ring-dump layouts (wptr(0x0714):, r100_cp_ring_info) give the same vector
  rptr_wrap   a ring that starts at a non-zero rptr and wraps past the ring's end (CP_RB_RPTR_WR +
        RB_RPTR_WR_ENA) executes the same register writes and scratch write-backs as from 0
  errors      every bad input exits 2 with FILE, line or offset and what was expected, and leaves
        an existing output untouched: truncated text and binary dumps, bad pointers, a missing
        wptr, overlapping snapshots, an IB shorter than its size, unknown options, bad numbers
  cli         'rcosim import' is dispatched, and listed in 'rcosim --help'
Usage: import_test.py RCOSIM SOURCE_DIR WORK_DIR CASE"""
import filecmp
import os
import shutil
import struct
import subprocess
import sys

rcosim, src, work, case = sys.argv[1:5]
sys.path.insert(0, os.path.join(src, 'scripts'))
from rcosim_py import vector  # noqa: E402

env = dict(os.environ, PYTHONPATH=os.path.join(src, 'scripts'), PYTHONDONTWRITEBYTECODE='1')
failures = []


def run(args, cwd=None):
    p = subprocess.run(args, capture_output=True, text=True, env=env, cwd=cwd)
    return p.returncode, p.stdout + p.stderr


def check(cond, what, out=''):
    print(('ok   ' if cond else 'FAIL ') + what)
    if not cond:
        failures.append(what)
        print(out[-3000:])


def export(vec, d, binary=False):
    rc, out = run([sys.executable, '-m', 'pm4import.export_dump', vec, d] + (['--binary'] if binary else []))
    check(rc == 0, 'export_dump %s' % os.path.basename(vec), out)
    with open(os.path.join(d, 'import.args')) as f:
        return f.read().split()


def final_memory(v):
    """The preload with every memory write of the vector's expected outputs applied, in order."""
    m = dict(v.memory())
    for _, (addr, we, wdata, be, port) in v.outputs('memreq'):
        if we:
            old = m.get(addr & ~3, 0)
            mask = sum(0xFF << (8 * i) for i in range(4) if be >> i & 1)
            m[addr & ~3] = (old & ~mask) | (wdata & mask)
    return {a: w for a, w in m.items() if w}


def fence(v):
    w = [(a, d) for _, (a, we, d, be, port) in v.outputs('memreq') if we and port == 0]
    return w[-1] if w else None


def roundtrip(name, binary):
    orig = os.path.join(src, 'vectors', 'r5xx', 'gpu', name)
    d = os.path.join(work, 'dump')
    args = export(orig, d, binary)
    stim, gold = os.path.join(work, 'imported.vec'), os.path.join(work, 'golden.vec.gz')
    rc, out = run([rcosim, 'import'] + args + ['-o', stim], cwd=d)
    check(rc == 0 and 'wrote' in out, 'rcosim import of the %s dump' % ('binary' if binary else 'radeon text'), out)
    rc, out = run([rcosim, 'gen', '--stimulus', stim, '-o', gold, '--quiet'])
    check(rc == 0, 'rcosim gen fills the imported vector', out)
    a, b = vector.read(orig), vector.read(gold)
    for ch in ('memreq', 'regw', 'pix', 'pix3d'):
        check(a.outputs(ch) == b.outputs(ch), '%s: %d transactions equal to the shipped vector\'s (values and cycles)'
              % (ch, len(b.outputs(ch))))
    check({k: w for k, w in a.memory().items() if w} == {k: w for k, w in b.memory().items() if w},
          'the same preload (every non-zero word)')
    fa, fb = final_memory(a), final_memory(b)
    check(fa == fb and len(fa) > 0, 'the same final memory (%d non-zero words)' % len(fb))
    check(fence(a) == fence(b),
          'the same fence: %s' % ('0x%08x at 0x%08x' % fence(b)[::-1] if fence(b) else None))
    pa, pb = os.path.join(work, 'png_orig'), os.path.join(work, 'png_imported')
    rc, out = run([rcosim, 'run', '--vector', gold, '--png', pb])
    check(rc == 0 and 'rtl vs model exact, vs vector exact' in out, 'the imported vector passes in lockstep', out)
    rc, out = run([rcosim, 'run', '--vector', orig, '--png', pa, '--quiet'])
    pics = sorted(f for f in os.listdir(pb) if f.endswith('.png'))
    check(rc == 0 and pics == sorted(f for f in os.listdir(pa) if f.endswith('.png')),
          'the same pictures written (%s)' % (' '.join(pics) or 'none: the stream programs no surface'), out)
    for f in pics:
        check(filecmp.cmp(os.path.join(pa, f), os.path.join(pb, f), shallow=False),
              '%s equals the shipped vector\'s' % f)
    if name.startswith('frame'):
        ref = os.path.join(src, 'docs', 'img', 'frame.png')
        check(filecmp.cmp(os.path.join(pb, 'dst.rtl.png'), ref, shallow=False), 'dst.rtl.png equals docs/img/frame.png')
        check(fence(b) == (0x700104, 0x5EC0FFEE), 'the frame\'s fence 0x5EC0FFEE at SCRATCH_ADDR + 4')


def ring_of(name):
    """(dump dir, import args, ring words, wptr) of a shipped vector's binary dump."""
    d = os.path.join(work, 'src_dump')
    args = export(os.path.join(src, 'vectors', 'r5xx', 'gpu', name), d, True)
    with open(os.path.join(d, 'ring.bin'), 'rb') as f:
        data = f.read()
    words = list(struct.unpack('<%dI' % (len(data) // 4), data))
    wptr = int(args[args.index('--wptr') + 1])
    return d, args, words, wptr


def case_rptr_wrap():
    d, args, words, wptr = ring_of('ib_test.vec')
    size, start = len(words), len(words) - 5          # the stream wraps after 5 dwords
    rot = [0] * size
    for k in range(wptr):
        rot[(start + k) % size] = words[k]
    with open(os.path.join(d, 'ring_wrap.bin'), 'wb') as f:
        f.write(struct.pack('<%dI' % size, *rot))
    a2 = list(args)
    a2[a2.index('ring.bin')] = 'ring_wrap.bin'
    a2[a2.index('--rptr') + 1] = str(start)
    a2[a2.index('--wptr') + 1] = str((start + wptr) % size)
    stim, gold = os.path.join(work, 'wrap.vec'), os.path.join(work, 'wrap_golden.vec')
    rc, out = run([rcosim, 'import'] + a2 + ['-o', stim], cwd=d)
    check(rc == 0, 'import of a ring starting at rptr %d, wrapping to wptr %d' % (start, (start + wptr) % size), out)
    v = vector.read(stim)
    hw = [x for _, x in v.inputs('host')]
    check([0x71C, start] in hw and any(a == 0x704 and d_ >> 31 for a, d_ in hw),
          'CP_RB_RPTR_WR = rptr and RB_RPTR_WR_ENA in CP_RB_CNTL', str(hw))
    rc, out = run([rcosim, 'gen', '--stimulus', stim, '-o', gold, '--quiet'])
    check(rc == 0, 'gen', out)
    rc, out = run([rcosim, 'run', '--vector', gold])
    check(rc == 0 and 'rtl vs model exact' in out, 'lockstep', out)
    a, b = vector.read(os.path.join(src, 'vectors', 'r5xx', 'gpu', 'ib_test.vec')), vector.read(gold)
    check([x for _, x in a.outputs('regw')] == [x for _, x in b.outputs('regw')] and a.outputs('regw'),
          'the same %d register writes as the ring from 0' % len(b.outputs('regw')))
    wb = lambda v: [(x[0], x[2]) for _, x in v.outputs('memreq') if x[1] and x[4] == 0]  # noqa: E731
    check(wb(a) == wb(b) and wb(b), 'the same scratch write-backs %s' % wb(b))


def nonzero(m):
    return {a: w for a, w in m.items() if w}


def case_layouts():
    """The two older layouts of the kernel's ring dump (older radeon_ring_gfx: 'wptr(0x0714):',
    entries from the driver's rptr as r[%04d]; r100_cp_ring_info: 'CP_RB_WPTR 0x..') and a binary
    ring give the same vector as the current layout, CRLF line ends too."""
    d = os.path.join(work, 'layouts')
    args = export(os.path.join(src, 'vectors', 'r5xx', 'gpu', 'ib_test.vec'), d)
    with open(os.path.join(d, 'radeon_ring_gfx')) as f:
        words = {}
        for ln in f:
            if ln.startswith('r['):
                words[int(ln[2:ln.index(']')])] = int(ln.split('=')[1].split()[0], 16)
    size, rptr, wptr = 16, 0, 13
    count = (wptr - rptr) % size
    entries = ['r[%04d]=0x%08x' % ((rptr + j) % size, words.get((rptr + j) % size, 0)) for j in range(count + 1)]
    old = ['wptr(0x0714): 0x%08x [%5d]' % (wptr, wptr), 'rptr(0x0710): 0x%08x' % rptr, 'rptr next(0x0714): 0x00000000',
           "driver's copy of the wptr: 0x%08x" % wptr, "driver's copy of the rptr: 0x%08x [%5d]" % (rptr, rptr),
           '%u free dwords in ring' % (size - count), '%u dwords in ring' % count] + entries
    r100 = ['CP_STAT 0x80010000', 'CP_RB_WPTR 0x%08x' % wptr, 'CP_RB_RPTR 0x%08x' % rptr,
            '%u free dwords in ring' % (size - count), '%u dwords in ring' % ((rptr + size - wptr) % size)] + entries
    with open(os.path.join(d, 'ring_old'), 'w') as f:
        f.write('\n'.join(old) + '\n')
    with open(os.path.join(d, 'r100_cp_ring_info'), 'w', newline='') as f:
        f.write('\r\n'.join(r100) + '\r\n')
    ref = os.path.join(work, 'ref.vec')
    rc, out = run([rcosim, 'import'] + args + ['-o', ref], cwd=d)
    check(rc == 0, 'the current layout', out)
    for name in ('ring_old', 'r100_cp_ring_info'):
        a = list(args)
        a[a.index('radeon_ring_gfx')] = name
        o = os.path.join(work, name + '.vec')
        rc, out = run([rcosim, 'import'] + a + ['-o', o], cwd=d)
        same = rc == 0 and (vector.read(o).inputs('host') == vector.read(ref).inputs('host') and
                            nonzero(vector.read(o).memory()) == nonzero(vector.read(ref).memory()))
        check(same, '%s: the same host writes and memory as the current layout (which shows more of the ring: '
              'zeros)' % name, out)
    a = list(args)
    k = a.index('--ring-size')
    del a[k:k + 2]
    a[a.index('radeon_ring_gfx')] = 'ring_old'
    o = os.path.join(work, 'nosize.vec')
    rc, out = run([rcosim, 'import'] + a + ['-o', o], cwd=d)
    check(rc == 0 and vector.raw_text(o) == vector.raw_text(os.path.join(work, 'ring_old.vec')),
          'the ring size from the dump\'s free + used dwords', out)


def case_errors():
    d = os.path.join(work, 'bad')
    args = export(os.path.join(src, 'vectors', 'r5xx', 'gpu', 'ib_test.vec'), d)
    out_path = os.path.join(d, 'out.vec')
    with open(out_path, 'w') as f:
        f.write('precious\n')

    def bad(extra, expect, what, replace=None):
        a = list(args)
        for k, v in (replace or {}).items():
            a[a.index(k)] = v
        rc, out = run([rcosim, 'import'] + a + extra + ['-o', out_path], cwd=d)
        with open(out_path) as f:
            kept = f.read() == 'precious\n'
        left = [x for x in os.listdir(d) if '.rcosim-tmp.' in x]
        check(rc == 2 and all(e in out for e in expect) and kept and not left,
              '%s: exit 2, %s, the existing output kept' % (what, ' / '.join(expect)), out)

    with open(os.path.join(d, 'radeon_ring_gfx')) as f:
        lines = f.read().splitlines()
    cut = [ln for ln in lines if not ln.startswith('r[    3]')]
    with open(os.path.join(d, 'ring_cut'), 'w') as f:
        f.write('\n'.join(cut) + '\n')
    bad([], ['ring_cut', 'truncated dump', 'ring dword 3'], 'a text ring missing a pending dword',
        {'radeon_ring_gfx': 'ring_cut'})
    with open(os.path.join(d, 'ring_junk'), 'w') as f:
        f.write('\n'.join(lines[:9] + ['r[    7]=0xZZ'] + lines[9:]) + '\n')
    bad([], ['ring_junk:10:', 'expected a radeon_ring_gfx', "'r[    7]=0xZZ'"], 'a garbled text line',
        {'radeon_ring_gfx': 'ring_junk'})
    wp = [ln.replace('0x0000000d [   13]', '0x00000020 [   32]') if ln.startswith('wptr:') else ln for ln in lines]
    with open(os.path.join(d, 'ring_wp'), 'w') as f:
        f.write('\n'.join(wp) + '\n')
    bad([], ['ring_wp:1:', 'bad pointer', 'wptr 32', 'ring of 16 dwords'], 'a wptr outside the ring',
        {'radeon_ring_gfx': 'ring_wp'})
    bad(['--rptr', '16'], ['--rptr: bad pointer', 'rptr 16', 'ring of 16 dwords'], 'an --rptr outside the ring')
    with open(os.path.join(d, 'ring.bin'), 'wb') as f:
        f.write(b'\x00' * 66)
    bad(['--wptr', '1'], ['ring.bin', 'offset 64', 'whole little-endian dwords', 'truncated'],
        'a binary ring cut inside a dword', {'radeon_ring_gfx': 'ring.bin', '--ring-size': '--seed', '16': '1'})
    with open(os.path.join(d, 'ring.bin'), 'wb') as f:
        f.write(b'\x00' * 64)
    bad([], ['ring.bin', "expected the ring's wptr", '--wptr'], 'a binary ring without --wptr',
        {'radeon_ring_gfx': 'ring.bin'})
    with open(os.path.join(d, 'radeon_ib_0000')) as f:
        ib = f.read().splitlines()
    with open(os.path.join(d, 'ib_cut'), 'w') as f:
        f.write('\n'.join(ib[:-2]) + '\n')
    bad([], ['ib_cut', 'entry [00006] is missing', 'truncated'], 'an IB shorter than its stated size',
        {'radeon_ib_0000@0x00810000': 'ib_cut@0x00810000'})
    with open(os.path.join(d, 'blob.bin'), 'wb') as f:
        f.write(b'\x01\x00\x00\x00' * 8)
    bad(['--mem', 'blob.bin@0x00810010'], ['overlapping snapshots', 'radeon_ib_0000', 'blob.bin', '0x00810010'],
        'a snapshot overlapping an IB')
    bad(['--mem', 'blob.bin@0x00800030'], ['overlapping snapshots', 'ring radeon_ring_gfx', '0x00800030'],
        'a snapshot overlapping the ring')
    a = list(args)
    k = a.index('--ib')
    del a[k:k + 2]
    rc, out = run([rcosim, 'import'] + a + ['-o', out_path], cwd=d)
    check(rc == 2 and 'starts an IB1 at 0x00810000 (8 dwords) that no --ib or --mem covers' in out,
          'an IB the ring starts without its dump: exit 2, named', out)
    bad(['--frobnicate'], ['unrecognized arguments: --frobnicate'], 'an unknown option')
    bad(['--mem', 'blob.bin'], ['expected FILE@ADDR'], 'a snapshot without its address')
    bad(['--reg', '0x0714=1'], ['outside the CP\'s ring registers'], 'a --reg on a ring register')
    bad(['--mem', 'nonexistent.bin@0x100'], ['nonexistent.bin', 'cannot open'], 'a missing file')
    bad(['--ring-size', '100'], ['power of two', 'got 100'], 'a ring size that is not a power of two')


def case_cli():
    d = os.path.join(work, 'cli')
    export(os.path.join(src, 'vectors', 'r5xx', 'gpu', 'ib_test.vec'), d)
    rc, out = run([rcosim, 'import', '@import.args', '-o', 'a.vec'], cwd=d)
    args = open(os.path.join(d, 'import.args')).read().split()
    rc2, out2 = run([rcosim, 'import'] + args + ['-o', 'b.vec'], cwd=d)
    check(rc == 0 and rc2 == 0 and vector.raw_text(os.path.join(d, 'a.vec')) == vector.raw_text(os.path.join(d, 'b.vec')),
          "'rcosim import @import.args' reads the exporter's argument file", out + out2)
    rc, out = run([rcosim, '--help'])
    check(rc == 0 and 'import ' in out, "'rcosim --help' lists import", out)
    rc, out = run([rcosim, 'import', '--help'])
    check(rc == 0 and '--ring-base' in out and 'radeon_ring_gfx' in out, "'rcosim import --help'", out)
    rc, out = run([rcosim, 'import'])
    check(rc == 2 and 'required' in out, "'rcosim import' with nothing: exit 2", out)


shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
if case.startswith('roundtrip:'):
    parts = case.split(':')
    roundtrip(parts[1], len(parts) > 2 and parts[2] == 'binary')
else:
    {'rptr_wrap': case_rptr_wrap, 'errors': case_errors, 'cli': case_cli, 'layouts': case_layouts}[case]()
sys.exit(1 if failures else 0)
