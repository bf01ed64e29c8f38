"""dumps.py - the readers of the dump formats 'rcosim import' takes (docs/import.md), each giving
dwords by index and what the dump says of its pointers; every refusal an ImportError_ naming the
file, the line or byte offset, and what was expected.

    read_ring(path)   -> Dump: a ring, as text from the Linux radeon driver's debugfs
                         (radeon_ring_gfx, current: 'rptr: 0x.. [ n]', 'r[    n]=0x..';
                         older: 'rptr(0x0710): 0x..' with or without ' [ n]';
                         r100_cp_ring_info: 'CP_RB_RPTR 0x..')
                         or raw little-endian binary dwords (the whole ring, index 0 first)
    read_ib(path)     -> Dump: an indirect buffer, as radeon_ib_NNNN text ('IB size N dwords',
                         '[00000]=0x..') or raw little-endian binary dwords
    read_blob(path)   -> [words]: a memory snapshot, raw little-endian binary dwords
A file is text when its first bytes are printable ASCII lines, binary otherwise.
"""
import re
import struct


class DumpError(Exception):
    pass


class Dump:
    """words: {index: dword}; rptr, wptr, drv_wptr: ints or None (text dumps' headers); size_hint:
    the ring size the header implies (free + used dwords) or None; declared: an IB's stated size;
    kind: 'radeon-ring', 'radeon-ib' or 'binary'."""

    def __init__(self, path, kind):
        self.path, self.kind = path, kind
        self.words = {}
        self.rptr = self.wptr = self.drv_wptr = None
        self.free = self.used = None
        self.declared = None
        self.where = {}                  # index or header key -> 'FILE:LINE' or 'FILE: offset N'

    def size_hint(self):
        if self.free is None or self.used is None:
            return None
        n = self.free + self.used
        return n if n >= 8 and n & (n - 1) == 0 else None


def _read(path):
    try:
        with open(path, 'rb') as f:
            return f.read()
    except OSError as e:
        raise DumpError('%s: cannot open: %s' % (path, e.strerror or e))


def is_text(data):
    """A dump is text when its first 256 bytes are printable ASCII, tabs and newlines and hold a
    newline (a binary ring starts with PM4 headers: their bytes are not all printable)."""
    head = data[:256]
    return bool(head) and b'\n' in head and all(b in (9, 10, 13) or 32 <= b < 127 for b in head)


def binary_words(path, data, what):
    if len(data) % 4:
        raise DumpError('%s: offset %d: expected whole little-endian dwords (%s): the file ends %d byte(s) '
                        'into a dword (truncated dump?)' % (path, len(data) - len(data) % 4, what, len(data) % 4))
    if not data:
        raise DumpError('%s: offset 0: expected at least one dword (%s), the file is empty' % (path, what))
    return list(struct.unpack('<%dI' % (len(data) // 4), data))


HEX = r'0x([0-9a-fA-F]{1,8})'
RING_LINES = [  # (regex, what it sets) -- the header lines of the three kernel variants
    (re.compile(r'^wptr(?:\(0x[0-9a-fA-F]+\))?: ' + HEX + r'(?: \[ *\d+\])?$'), 'wptr'),
    (re.compile(r'^rptr(?:\(0x[0-9a-fA-F]+\))?: ' + HEX + r'(?: \[ *\d+\])?$'), 'rptr'),
    (re.compile(r'^CP_RB_WPTR ' + HEX + r'$'), 'wptr'),
    (re.compile(r'^CP_RB_RPTR ' + HEX + r'$'), 'rptr'),
    (re.compile(r"^driver's copy of the wptr: " + HEX + r'(?: \[ *\d+\])?$'), 'drv_wptr'),
    (re.compile(r'^(\d+) free dwords in ring$'), 'free'),
    (re.compile(r'^(\d+) dwords in ring$'), 'used'),
    (re.compile(r"^driver's copy of the rptr: " + HEX + r'(?: \[ *\d+\])?$'), None),
    (re.compile(r'^rptr next\(0x[0-9a-fA-F]+\): ' + HEX + r'(?: \[ *\d+\])?$'), None),
    (re.compile(r'^last semaphore (?:signal|wait) addr *: 0x[0-9a-fA-F]+$'), None),
    (re.compile(r'^CP_STAT ' + HEX + r'$'), None),
]
RING_ENTRY = re.compile(r'^r\[ *(\d+)\]=' + HEX + r'( \*)?( #)?$')
IB_LINES = [
    (re.compile(r'^IB (\d+)$'), None),
    (re.compile(r'^IB fence .*$'), None),
    (re.compile(r'^IB size (\d+) dwords$'), 'declared'),
]
IB_ENTRY = re.compile(r'^\[(\d+)\]=' + HEX + r'$')


def _text_lines(path, data):
    for n, raw in enumerate(data.split(b'\n'), 1):
        line = raw.decode('ascii', 'replace').rstrip('\r').strip()
        if line:
            yield n, line


def _parse_text(path, data, d, header, entry, what):
    for n, line in _text_lines(path, data):
        m = entry.match(line)
        if m:
            i = int(m.group(1))
            if i in d.words and d.words[i] != int(m.group(2), 16):
                # radeon_ring_gfx prints count + 33 entries: a small ring comes round again, same values
                raise DumpError('%s:%d: expected index %d to hold 0x%08x again (as at %s), got 0x%s'
                                % (path, n, i, d.words[i], d.where[i], m.group(2)))
            if i in d.words:
                continue
            d.words[i] = int(m.group(2), 16)
            d.where[i] = '%s:%d' % (path, n)
            continue
        for rx, key in header:
            m = rx.match(line)
            if m:
                if key:
                    setattr(d, key, int(m.group(1), 16 if key in ('rptr', 'wptr', 'drv_wptr') else 10))
                    d.where[key] = '%s:%d' % (path, n)
                break
        else:
            raise DumpError('%s:%d: expected a %s line, got %r' % (path, n, what, line[:60]))


def read_ring(path):
    data = _read(path)
    if not is_text(data):
        d = Dump(path, 'binary')
        d.words = dict(enumerate(binary_words(path, data, 'a binary ring dump')))
        d.where = {i: '%s: offset %d' % (path, 4 * i) for i in d.words}
        return d
    d = Dump(path, 'radeon-ring')
    _parse_text(path, data, d, RING_LINES, RING_ENTRY,
                "radeon_ring_gfx ('rptr: 0x..', 'wptr: 0x..', 'r[  n]=0x........')")
    if not d.words:
        raise DumpError('%s: expected ring entries r[N]=0x........, found none' % path)
    return d


def read_ib(path):
    data = _read(path)
    if not is_text(data):
        d = Dump(path, 'binary')
        d.words = dict(enumerate(binary_words(path, data, 'a binary IB dump')))
        d.declared = len(d.words)
        d.where = {i: '%s: offset %d' % (path, 4 * i) for i in d.words}
        return d
    d = Dump(path, 'radeon-ib')
    _parse_text(path, data, d, IB_LINES, IB_ENTRY, "radeon_ib ('IB size N dwords', '[00000]=0x........')")
    if d.declared is None:
        raise DumpError("%s: expected an 'IB size N dwords' line (radeon_ib_NNNN), found none" % path)
    for i in range(d.declared):
        if i not in d.words:
            raise DumpError('%s: expected %d entries ([00000]..[%05d], IB size %d dwords): entry [%05d] is '
                            'missing (truncated dump?)' % (path, d.declared, d.declared - 1, d.declared, i))
    extra = sorted(i for i in d.words if i >= d.declared)
    if extra:
        raise DumpError('%s: expected entries below [%05d] (IB size %d dwords), got [%05d]'
                        % (path, d.declared, d.declared, extra[0]))
    return d


def read_blob(path):
    return binary_words(path, _read(path), 'a binary memory snapshot')
