#!/usr/bin/env python3
"""export_dump.py - the other direction of 'rcosim import' (docs/import.md): an r5xx.gpu vector whose
host writes start one ring written out as the dumps a capture gives: the ring as the Linux radeon
driver's debugfs radeon_ring_gfx text (or the whole ring as binary dwords), every indirect buffer
the stream starts as radeon_ib_NNNN text (or binary), every other memory region as a binary blob,
and DIR/import.args, the arguments of 'rcosim import' that turn them back into the vector.

  python3 -m pm4import.export_dump VECTOR DIR [--binary]
Exit status 0 written, 2 bad input (a vector this cannot express as a dump: named)."""
import os
import struct
import sys

from pm4import import build
from pm4import.pm4 import find_ibs
from rcosim_py import cli, vector
from rcosim_py.atomic import write_atomic

class ExportError(Exception):
    pass


def ring_setup(v):
    """(base, size, rptr, wptr, rptr_addr, regs) from the vector's host writes, which must be one
    ring start: each CP ring register at most once, CP_RB_WPTR last, nothing held to a later cycle."""
    seen, regs = {}, []
    host = v.inputs('host')
    for k, (cyc, (addr, data)) in enumerate(host):
        if cyc:
            raise ExportError('%s: host write #%d is held to cycle %d: expected a stream started at once'
                              % (v.path, k, cyc))
        if build.CP_RING_REGS[0] <= addr <= build.CP_RING_REGS[1]:
            if addr in seen:
                raise ExportError('%s: host write #%d writes 0x%04x again: expected one ring start'
                                  % (v.path, k, addr))
            seen[addr] = data
        elif build.CP_RB_WPTR in seen:
            raise ExportError('%s: host write #%d (0x%04x) comes after CP_RB_WPTR: expected the ring started last'
                              % (v.path, k, addr))
        else:
            regs.append((addr, data))
    if not host or host[-1][1][0] != build.CP_RB_WPTR or build.CP_RB_BASE not in seen or build.CP_RB_CNTL not in seen:
        raise ExportError('%s: expected host writes of CP_RB_BASE, CP_RB_CNTL and, last, CP_RB_WPTR' % v.path)
    cntl = seen[build.CP_RB_CNTL]
    size = 1 << (min(max(cntl & 0x3F, 2), 22) + 1)
    rptr = seen.get(build.CP_RB_RPTR_WR, 0) & (size - 1) if cntl & build.RB_RPTR_WR_ENA else 0
    rptr_addr = seen.get(build.CP_RB_RPTR_ADDR)
    if (cntl & build.RB_NO_UPDATE) and rptr_addr is not None:
        rptr_addr = None if not rptr_addr else rptr_addr
    want = build.host_writes(seen[build.CP_RB_BASE], size, rptr, seen[build.CP_RB_WPTR] & (size - 1),
                             rptr_addr, regs)
    if [tuple(x) for _, x in host] != want:
        raise ExportError('%s: the host writes are not the ones rcosim import makes for this ring (%s): '
                          'expected %s' % (v.path, ' '.join('%04x=%08x' % tuple(x) for _, x in host),
                                           ' '.join('%04x=%08x' % w for w in want)))
    return seen[build.CP_RB_BASE] & ~3, size, rptr, seen[build.CP_RB_WPTR] & (size - 1), rptr_addr, regs


def ring_text(words, size, rptr, wptr):
    """The ring as radeon_ring_gfx (drivers/gpu/drm/radeon/radeon_ring.c, current layout) prints it."""
    count = (wptr - rptr) % size
    o = ['wptr: 0x%08x [%5d]' % (wptr, wptr), 'rptr: 0x%08x [%5d]' % (rptr, rptr),
         "driver's copy of the wptr: 0x%08x [%5d]" % (wptr, wptr),
         'last semaphore signal addr : 0x%016x' % 0, 'last semaphore wait addr   : 0x%016x' % 0,
         '%u free dwords in ring' % (size - count), '%u dwords in ring' % count]
    i = (rptr + size - 32) % size
    for _ in range(count + 33):
        o.append('r[%5d]=0x%08x%s' % (i, words.get(i, 0), ' *' if i == rptr else ''))
        i = (i + 1) % size
    return '\n'.join(o) + '\n'


def ib_text(idx, words):
    o = ['IB %04u' % idx, 'IB fence 0000000000000000', 'IB size %05u dwords' % len(words)]
    o += ['[%05u]=0x%08X' % (i, w) for i, w in enumerate(words)]
    return '\n'.join(o) + '\n'


def dwords(words):
    return struct.pack('<%dI' % len(words), *words)


def export(vec_path, out, binary=False):
    v = vector.read(vec_path)
    if v.block != 'r5xx.gpu':
        raise ExportError('%s: expected an r5xx.gpu vector, got %s' % (vec_path, v.block))
    base, size, rptr, wptr, rptr_addr, regs = ring_setup(v)
    mem = v.memory()
    ring = {i: mem[base + 4 * i] for i in range(size) if base + 4 * i in mem}
    pending, i = [], rptr
    while i != wptr:
        pending.append(ring.get(i, 0))
        i = (i + 1) % size
    ibs = find_ibs(pending, mem, 1)
    os.makedirs(out, exist_ok=True)
    args = []
    if binary:
        write_atomic(os.path.join(out, 'ring.bin'), dwords([ring.get(k, 0) for k in range(size)]))
        args += ['--ring', 'ring.bin', '--rptr', str(rptr), '--wptr', str(wptr)]
    else:
        write_atomic(os.path.join(out, 'radeon_ring_gfx'), ring_text(ring, size, rptr, wptr))
        args += ['--ring', 'radeon_ring_gfx', '--ring-size', str(size)]
    args += ['--ring-base', '0x%08x' % base]
    if rptr_addr is not None:
        args += ['--rptr-addr', '0x%08x' % rptr_addr]
    taken = set(base + 4 * k for k in range(size))
    for n, (a, ndw, level) in enumerate(ibs):
        if any(a + 4 * k in taken for k in range(ndw)):
            raise ExportError('%s: the IB at 0x%08x (%d dwords) overlaps the ring or another IB: a dump cannot '
                              'hold it twice' % (vec_path, a, ndw))
        taken.update(a + 4 * k for k in range(ndw))
        w = [mem.get(a + 4 * k, 0) for k in range(ndw)]
        name = 'radeon_ib_%04u%s' % (n, '.bin' if binary else '')
        write_atomic(os.path.join(out, name), dwords(w) if binary else ib_text(n, w))
        args += ['--ib', '%s@0x%08x' % (name, a)]
    rest = sorted(x for x in mem if x not in taken)
    k = 0
    while k < len(rest):
        j = k
        while j + 1 < len(rest) and rest[j + 1] == rest[j] + 4:
            j += 1
        name = 'mem_%08x.bin' % rest[k]
        write_atomic(os.path.join(out, name), dwords([mem[x] for x in rest[k:j + 1]]))
        args += ['--mem', '%s@0x%08x' % (name, rest[k])]
        k = j + 1
    for a, d in regs:
        args += ['--reg', '0x%04x=0x%08x' % (a, d)]
    args += ['--seed', str(v.seed), '--backpressure', v.backpressure, '--mem-latency', v.latency]
    write_atomic(os.path.join(out, 'import.args'), '\n'.join(args) + '\n')
    return args


def main(argv):
    p = cli.Parser(prog='export_dump', description=__doc__.split('\n\n')[0])
    p.add_argument('vector')
    p.add_argument('dir')
    p.add_argument('--binary', action='store_true', help='the ring and IBs as binary dwords, not radeon text')
    a = p.parse_args(argv)
    try:
        args = export(a.vector, a.dir, a.binary)
    except (ExportError, vector.VectorError, OSError) as e:
        print('export_dump: %s' % e, file=sys.stderr)
        return 2
    print('wrote %s; import with (from %s):\n  rcosim import %s -o OUT.vec' % (a.dir, a.dir, ' '.join(args)))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
