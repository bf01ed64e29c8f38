#!/usr/bin/env python3
"""pm4import/__main__.py - 'rcosim import' (docs/import.md): a PM4 ring dump, indirect-buffer dumps
and memory snapshots, as a driver's debug dump or a capture tool gives them, into an r5xx.gpu
stimulus vector; 'rcosim gen --stimulus OUT -o GOLDEN' then fills in the expected outputs.

  rcosim import --ring FILE --ring-base ADDR -o OUT [--ring-size DWORDS] [--rptr N] [--wptr N]
                [--rptr-addr ADDR] [--ib FILE@ADDR]... [--mem FILE@ADDR]... [--reg ADDR=VALUE]...
                [--seed N] [--backpressure P] [--mem-latency L]
Exit status 0 written, 2 bad usage or bad input (nothing written; an existing OUT is untouched).
"""
import os
import re
import sys

from pm4import import build, dumps, pm4
from pm4import.dumps import DumpError
from rcosim_py import cli, vector

PROG = 'rcosim import'
HELP = """Turn a captured PM4 stream into an r5xx.gpu stimulus vector (docs/import.md).
The ring (--ring) is radeon_ring_gfx text from the Linux radeon driver's debugfs (any of its
three layouts), or the raw ring as little-endian binary dwords; indirect buffers (--ib) are
radeon_ib_NNNN text or binary dwords; memory snapshots (--mem) are binary little-endian blobs.
Numbers are decimal or 0x-hex; @FILE reads arguments from FILE, one a line (the
exporter's import.args).  The vector's host writes start the ring as the kernel does;
'rcosim gen --stimulus OUT -o GOLDEN' fills in the expected outputs from the C model."""


def number(what, lo=0, hi=0xFFFFFFFF):
    def conv(s):
        try:
            v = int(s, 0)
        except ValueError:
            v = -1
        if not lo <= v <= hi:
            raise cli.argparse.ArgumentTypeError('%r: expected %s, a number %d..0x%x (decimal or 0x-hex)'
                                                 % (s, what, lo, hi))
        return v
    return conv


def file_at(s):
    m = re.fullmatch(r'(.+)@((?:0x)?[0-9a-fA-F]+)', s or '')
    if not m:
        raise cli.argparse.ArgumentTypeError('%r: expected FILE@ADDR (the GPU address it was taken at)' % s)
    return m.group(1), number('an address')(m.group(2))


def reg_eq(s):
    m = re.fullmatch(r'([^=]+)=([^=]+)', s or '')
    if not m:
        raise cli.argparse.ArgumentTypeError('%r: expected ADDR=VALUE (a register byte address and a value)' % s)
    a = number('a register byte address', 0, 0xFFFC)(m.group(1))
    if a % 4:
        raise cli.argparse.ArgumentTypeError('%r: expected a dword-aligned register byte address' % s)
    return a, number('a 32-bit value')(m.group(2))


def parser():
    p = cli.Parser(prog=PROG, description=HELP, formatter_class=cli.argparse.RawDescriptionHelpFormatter,
                   fromfile_prefix_chars='@')
    p.add_argument('--ring', required=True, metavar='FILE', help='the ring dump (text or binary)')
    p.add_argument('--ring-base', required=True, type=number('the ring\'s GPU address'), metavar='ADDR',
                   help='GPU address of the ring (CP_RB_BASE)')
    p.add_argument('--ring-size', type=number('a ring size in dwords', 8, 1 << 23), metavar='DWORDS',
                   help='ring size in dwords (default: a binary dump\'s length; a text dump\'s free + used)')
    p.add_argument('--rptr', type=number('a ring index'), metavar='N',
                   help='where the CP starts reading (default: the dump\'s rptr; binary: 0)')
    p.add_argument('--wptr', type=number('a ring index'), metavar='N',
                   help='where it stops (default: the dump\'s hardware wptr; required for binary)')
    p.add_argument('--rptr-addr', type=number('an address'), metavar='ADDR',
                   help='CP_RB_RPTR_ADDR, the RPTR write-back address (default: none, RB_NO_UPDATE)')
    p.add_argument('--ib', action='append', default=[], type=file_at, metavar='FILE@ADDR',
                   help='an indirect buffer dump and its GPU address (repeatable)')
    p.add_argument('--mem', action='append', default=[], type=file_at, metavar='FILE@ADDR',
                   help='a memory snapshot (binary) and its GPU address (repeatable)')
    p.add_argument('--reg', action='append', default=[], type=reg_eq, metavar='ADDR=VALUE',
                   help='an MMIO write before the ring starts, e.g. SCRATCH_ADDR 0x774 (repeatable, in order)')
    p.add_argument('--seed', type=cli.whole(0, (1 << 64) - 1), default=1, help='the vector\'s seed (default 1)')
    p.add_argument('--backpressure', default='always', metavar='P', help='always | random:P | bursty:N')
    p.add_argument('--mem-latency', default='1', metavar='L', help='N or MIN:MAX cycles (default 1)')
    p.add_argument('-o', '--output', required=True, metavar='OUT', help='the vector to write (.gz compresses)')
    return p


def check_output(path):
    if os.path.isdir(path):
        raise cli.Usage('-o %s: expected a file name, it is a directory' % path)
    d = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(d) or not os.access(d, os.W_OK | os.X_OK):
        raise cli.Usage('-o %s: expected a file in a writable directory (%s)' % (path, d))


def make(a):
    """The vector's text from the parsed arguments."""
    if vector.parse_policy(a.backpressure) is None:
        raise cli.Usage('--backpressure %s: expected always, random:P (0 < P <= 1) or bursty:N' % a.backpressure)
    lat = vector.parse_latency(a.mem_latency)
    if lat is None:
        raise cli.Usage('--mem-latency %s: expected N or MIN:MAX cycles, 1..1000' % a.mem_latency)
    a.mem_latency = '%d:%d' % lat
    ring = dumps.read_ring(a.ring)
    size = build.ring_size(ring, a.ring_size)
    rptr = a.rptr if a.rptr is not None else ring.rptr if ring.rptr is not None else (0 if ring.kind == 'binary' else None)
    wptr = a.wptr if a.wptr is not None else ring.wptr
    given = [n for n in ('rptr', 'wptr') if getattr(a, n) is not None]
    pieces = [build.ring_piece(ring, a.ring_base, size, rptr, wptr, given)]
    pieces += [build.ib_piece(dumps.read_ib(f), addr) for f, addr in a.ib]
    pieces += [build.mem_piece(f, addr, dumps.read_blob(f)) for f, addr in a.mem]
    build.check_overlaps(pieces)
    mem = build.memory_image(pieces)
    pending, i = [], rptr
    while i != wptr:
        pending.append(ring.words[i])
        i = (i + 1) % size
    covered = lambda a: any(p.addr <= a < p.end() for p in pieces)  # noqa: E731
    for addr, ndw, level in pm4.find_ibs(pending, mem, 1):
        gap = next((addr + 4 * k for k in range(ndw) if not covered(addr + 4 * k)), None)
        if gap is not None:
            raise DumpError('%s: the stream starts an IB%d at 0x%08x (%d dwords) that no --ib or --mem covers '
                            '(0x%08x is in none): expected its dump' % (a.ring, level, addr, ndw, gap))
    lines = vector.header('r5xx.gpu', a.backpressure, a.mem_latency, a.seed)
    lines.append('stimulus import %s' % os.path.basename(a.ring))
    lines += vector.mem_lines(mem)
    lines += ['in host %04x %08x' % w for w in build.host_writes(a.ring_base, size, rptr, wptr, a.rptr_addr, a.reg)]
    lines.append('end')
    return lines


def main(argv):
    a = parser().parse_args(argv)
    try:
        check_output(a.output)
        lines = make(a)
        v = vector.parse(lines, name=a.output)
        vector.write(v, a.output, with_outputs=False)
    except (DumpError, cli.Usage, vector.VectorError) as e:
        print('%s: %s' % (PROG, e), file=sys.stderr)
        return 2
    print('wrote %s: r5xx.gpu stimulus, %d host writes, %d memory words; next: rcosim gen --stimulus %s -o GOLDEN'
          % (a.output, len(v.inputs('host')), len(v.memory()), a.output))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
