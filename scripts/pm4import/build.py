"""build.py - an r5xx.gpu stimulus from a ring dump, indirect buffers and memory snapshots
(docs/import.md): the memory image (every piece at its GPU address, no two overlapping) and the
host writes that start the CP's ring the way r100_cp_init does (CP_RB_BASE, CP_RB_RPTR_ADDR,
CP_RB_CNTL, the caller's MMIO writes, CP_RB_RPTR_WR when the ring does not start at 0, CP_RB_WPTR).
Every refusal is a DumpError naming the file and what was expected."""
from pm4import.dumps import DumpError

CP_RB_BASE, CP_RB_CNTL, CP_RB_RPTR_ADDR, CP_RB_WPTR, CP_RB_RPTR_WR = 0x0700, 0x0704, 0x070C, 0x0714, 0x071C
RB_NO_UPDATE, RB_RPTR_WR_ENA = 1 << 27, 1 << 31
CP_RING_REGS = (0x0700, 0x071F)          # written only through the ring options
MIN_RING, MAX_RING = 8, 1 << 23          # RB_BUFSZ 2..22: 2^(n+1) dwords (docs/blocks/r5xx.cp.md)


class Piece:
    """One region of the memory image: [addr, addr + 4*ndw), its words {index: dword}, its name."""

    def __init__(self, what, addr, ndw, words):
        self.what, self.addr, self.ndw, self.words = what, addr, ndw, words

    def end(self):
        return self.addr + 4 * self.ndw


def ring_size(dump, given):
    """The ring's size in dwords: --ring-size, else a binary dump's length, else a text dump's
    'free' + 'in ring' counts when they make a power of two."""
    if given is not None:
        n = given
    elif dump.kind == 'binary':
        n = len(dump.words)
    else:
        n = dump.size_hint()
        if n is None:
            raise DumpError("%s: expected the ring's size: the dump's 'free dwords' + 'dwords in ring' do not "
                            "make a power of two; give --ring-size DWORDS" % dump.path)
    if n < MIN_RING or n > MAX_RING or n & (n - 1):
        raise DumpError('%s: expected a ring of a power of two dwords, %d..%d (RB_BUFSZ 2..22), got %d%s'
                        % (dump.path, MIN_RING, MAX_RING, n, '' if given is not None else
                           ' (the binary dump\'s length; give --ring-size)' if dump.kind == 'binary' else ''))
    return n


def ring_piece(dump, base, size, rptr, wptr, given=()):
    """The ring's piece; checks the pointers (given: the names of those set by an option) and that
    every dword from rptr to wptr is in the dump."""
    if base % 4:
        raise DumpError('%s: --ring-base 0x%x: expected a dword-aligned address' % (dump.path, base))
    if base + 4 * size > 1 << 32:
        raise DumpError('%s: --ring-base 0x%x: expected the ring (%d dwords) below 4 GiB' % (dump.path, base, size))
    for name, p in (('rptr', rptr), ('wptr', wptr)):
        if p is None:
            raise DumpError('%s: expected the ring\'s %s: the dump has none (a binary dump): give --%s N'
                            % (dump.path, name, name))
        if not 0 <= p < size:
            raise DumpError('%s: bad pointer: %s %d (0x%x) is outside the ring of %d dwords (0..%d)'
                            % ('--%s' % name if name in given else dump.where.get(name, dump.path),
                               name, p, p, size, size - 1))
    for i in sorted(dump.words):
        if i >= size:
            raise DumpError('%s: expected ring indices 0..%d (a ring of %d dwords), got index %d'
                            % (dump.where.get(i, dump.path), size - 1, size, i))
    i = rptr
    while i != wptr:
        if i not in dump.words:
            raise DumpError('%s: truncated dump: ring dword %d, between rptr %d and wptr %d, is not in it '
                            '(expected every dword the CP has still to read)' % (dump.path, i, rptr, wptr))
        i = (i + 1) % size
    return Piece('ring %s' % dump.path, base, size, dump.words)


def ib_piece(dump, addr):
    if addr % 4 or addr + 4 * dump.declared > 1 << 32:
        raise DumpError('%s@0x%x: expected a dword-aligned address with the IB (%d dwords) below 4 GiB'
                        % (dump.path, addr, dump.declared))
    return Piece('IB %s' % dump.path, addr, dump.declared, dump.words)


def mem_piece(path, addr, words):
    if addr % 4 or addr + 4 * len(words) > 1 << 32:
        raise DumpError('%s@0x%x: expected a dword-aligned address with the snapshot (%d bytes) below 4 GiB'
                        % (path, addr, 4 * len(words)))
    return Piece('memory %s' % path, addr, len(words), dict(enumerate(words)))


def check_overlaps(pieces):
    ps = sorted(pieces, key=lambda p: (p.addr, p.end()))
    for a, b in zip(ps, ps[1:]):
        if b.addr < a.end():
            raise DumpError('overlapping snapshots: %s covers 0x%08x..0x%08x and %s covers 0x%08x..0x%08x '
                            '(expected every address in one snapshot at most)'
                            % (a.what, a.addr, a.end() - 1, b.what, b.addr, b.end() - 1))


def host_writes(base, size, rptr, wptr, rptr_addr, regs):
    """[(addr, data)] of the MMIO writes that start the ring."""
    for a, _ in regs:
        if CP_RING_REGS[0] <= a <= CP_RING_REGS[1]:
            raise DumpError('--reg 0x%04x: expected a register outside the CP\'s ring registers 0x0700-0x071F '
                            '(they are set by --ring-base, --ring-size, --rptr, --wptr, --rptr-addr)' % a)
    cntl = size.bit_length() - 2          # RB_BUFSZ: 2^(n+1) dwords
    if rptr_addr is None:
        cntl |= RB_NO_UPDATE
    if rptr:
        cntl |= RB_RPTR_WR_ENA
    w = [(CP_RB_BASE, base)]
    if rptr_addr is not None:
        w.append((CP_RB_RPTR_ADDR, rptr_addr))
    w.append((CP_RB_CNTL, cntl))
    w.extend(regs)
    if rptr:
        w.append((CP_RB_RPTR_WR, rptr))
    w.append((CP_RB_WPTR, wptr))
    return w


def memory_image(pieces):
    """{address: word} of every dumped word of every piece."""
    m = {}
    for p in pieces:
        for i, w in p.words.items():
            m[p.addr + 4 * i] = w
    return m
