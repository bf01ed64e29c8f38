"""vector.py - the one Python reader and writer of rcosim vector files (format v1, docs/vectors.md).

It reads exactly what bridge/rc_vector.c reads and refuses exactly what it refuses, with the same
message, 'FILE:LINE: expected ...' (tests/vector/vector_agree.py runs both over the same files):
plain or gzip text (gzip found by its magic bytes, as zlib does; bytes after the last gzip member
are refused), '#' comments, each header setting at most once, words split at space, tab, CR and LF only, hex
values of 1-16 digits with no '0x' and no '_', decimal seeds and cycles below 2^64, memory below
4 GiB, the channels checked against the block's manifest (rtl/FAMILY/NAME/NAME.block).

    v = read(path)                 a Vector; raises VectorError('FILE:LINE: expected ...')
    v = parse(text)                the same from text in memory (a stimulus being made)
    v.outputs('pix')               [(cycle, [values])] of an output channel (also v.inputs)
    v.events                       every input in file order: (channel, @stamp or None, [values])
    schedule(v, carry)             the inputs in the order a sequential reference replays them
    v.memory()                     {address: word} of the preload
    write(v, path, with_outputs)   the canonical form rcosim gen writes, atomically
    read_header(path)              the header alone (block, seed, policies, stimulus), quickly
    raw_text(path)                 the stored text (plain or gzip), for diffs
    write_stim(outdir, name, ...)  a directed stimulus file (the scripts/blocks generators)
"""
import gzip
import os
import re
import zlib

from rcosim_py.atomic import write_atomic

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
VERSION = 1
MAX_FIELDS = 16
MAXTOK = MAX_FIELDS + 8
STIMULUS_MAX = 127                       # rc_vector.stimulus[128]
BACKPRESSURE_MAX, LATENCY_MAX = 63, 31   # rc_vector.backpressure[64], latency[32]
HEADER = ('seed', 'backpressure', 'mem-latency', 'stimulus', 'channel')
BODY = ('mem', 'in', 'expect', 'out', 'end')
SEP = re.compile(r'[ \t\r\n]+')
HEX = re.compile(r'^[0-9a-fA-F]{1,16}$')
DEC = re.compile(r'^[0-9]+$')
M32, M64 = 0xFFFFFFFF, (1 << 64) - 1


class VectorError(Exception):
    pass


class Vector:
    """A vector as read: the header, the memory sections, the inputs and expected outputs."""

    def __init__(self, path, blk):
        self.path, self.desc = path, blk
        self.block = blk['name'] if blk else None
        self.seed = 0
        self.backpressure, self.latency, self.stimulus = 'always', '1:1', ''
        self.channels = {}                   # declared: name -> channel of the manifest
        self.mem = []                        # [(address, [words])], consecutive lines merged
        self.inp, self.out = {}, {}          # name -> [(cycle, [values])]
        self.events = []                     # every input in file order: (name, @stamp or None, [values])
        self.has_expected = False
        for ch in (blk['channels'] if blk else []):
            (self.inp if ch['dir'] == 'in' else self.out)[ch['name']] = []

    def inputs(self, name):
        return self.inp[name]

    def outputs(self, name):
        return self.out[name]

    def memory(self):
        m = {}
        for a, words in self.mem:
            for k, w in enumerate(words):
                m[a + 4 * k] = w
        return m


def schedule(v, carry=()):
    """The inputs of v as [(cycle, kind, index, channel, values)], sorted: the cycle is a line's
    stamp; a line without one takes 0, or on a channel named in carry the stamp of the line before
    it on any carried channel; kind is 1 on carried channels, 0 on the others (at one cycle those
    come first), then file order.  The order a sequential reference replays a stimulus in.
    Not the order the block takes them in when it has two input channels whose unstamped lines
    wait for the block's ready (e.g. the raster's regw and vtx): such a reference must follow the
    block's documented ready rules itself (scripts/blocks/r5xx_raster_ref.py does)."""
    out, last = [], 0
    for i, (ch, at, vals) in enumerate(v.events):
        if ch in carry:
            last = at if at is not None else last
            out.append((last, 1, i, ch, tuple(vals)))
        else:
            out.append((at or 0, 0, i, ch, tuple(vals)))
    return sorted(out)


def desc_path(block, root=ROOT):
    fam, name = block.split('.', 1)
    return os.path.join(root, 'rtl', fam, name, name + '.block')


_descs = {}


def block_desc(block, root=ROOT):
    """The parsed manifest of a block, or None when there is no such block."""
    import blockgen
    if not re.match(r'^[a-z][a-z0-9]*\.[a-z][a-z0-9_]*$', block):
        return None
    key = (root, block)
    if key not in _descs:
        path = desc_path(block, root)
        _descs[key] = blockgen.parse(path) if os.path.exists(path) else None
    return _descs[key]


# ---- reading ---------------------------------------------------------------------------------

def _gunzip(data):
    """(text, error, trailing) of one or more gzip members: trailing is the count of bytes after
    the last member (members follow each other while the next two bytes are the gzip magic, as
    zlib reads them; the reader refuses a file with trailing bytes, as bridge/rc_vector.c does).
    A truncated member gives what inflated before the end and zlib's words; a corrupt one gives
    no text (zlib drops the buffer)."""
    out = []
    while data[:2] == b'\x1f\x8b':
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            out.append(d.decompress(data))
        except zlib.error as e:
            return b'', str(e).split(': ', 1)[-1], 0
        if not d.eof:
            return b''.join(out), 'unexpected end of file', 0
        data = d.unused_data
    return b''.join(out), None, len(data)


def _lines(path):
    """(lines, error, unterminated, trailing): the lines of the file's text, the read error after
    them, whether the last line has no newline, the bytes after the gzip data."""
    with open(path, 'rb') as f:
        data = f.read()
    err, trailing = None, 0
    if data[:2] == b'\x1f\x8b':
        data, err, trailing = _gunzip(data)
    lines = data.split(b'\n')
    unterminated = lines[-1] != b''
    if err and unterminated:
        lines.pop()                   # gzgets never returns the line the error cut
        unterminated = False
    if lines and lines[-1] == b'':
        lines.pop()
    return lines, err, unterminated, trailing


def read(path, root=ROOT, find=None):
    """The vector at path (plain or gzip).  find(name) -> manifest dict or None names the
    blocks there are (default: the manifests under root).  Raises VectorError."""
    find = find or (lambda name: block_desc(name, root))
    if os.path.isdir(path):
        raise VectorError('%s: cannot open: expected a vector file, it is a directory' % path)
    try:
        lines, zerr, unterminated, trailing = _lines(path)
    except OSError as e:
        raise VectorError('%s: cannot open: %s' % (path, e.strerror or e))
    return _Reader(path, lines, zerr, unterminated, find, trailing).run()


def raw_text(path):
    """The text of a vector file as it is stored (plain or gzip), for showing and diffing."""
    with open(path, 'rb') as f:
        data = f.read()
    if data[:2] == b'\x1f\x8b':
        data = _gunzip(data)[0]
    return data.decode('utf-8', 'replace')


def read_header(path):
    """{'block', 'seed', 'backpressure', 'mem-latency': text, 'stimulus': [words]} of the header
    lines, read up to the first memory, input or output line without checking them (a planner's
    look: the run that reads the vector with read() or rcosim refuses a bad one)."""
    h = {}
    opener = gzip.open if open(path, 'rb').read(2) == b'\x1f\x8b' else open
    with opener(path, 'rb') as f:
        for b in f:
            w = [x for x in SEP.split(b.decode('latin-1').split('#', 1)[0]) if x]
            if not w:
                continue
            if w[0] in BODY:
                break
            if w[0] in ('block', 'seed', 'backpressure', 'mem-latency'):
                h[w[0]] = w[1] if len(w) > 1 else ''
            elif w[0] == 'stimulus':
                h['stimulus'] = w[1:]
    return h


def parse(text, name='<stimulus>', root=ROOT, find=None):
    """The vector whose text (a str, or its list of lines) is given, as read() reads a file;
    errors name name as the file."""
    if isinstance(text, (list, tuple)):
        text = '\n'.join(text)
    lines = text.encode('latin-1', 'replace').split(b'\n')
    unterminated = lines[-1] != b''
    if not unterminated:
        lines.pop()
    return _Reader(name, lines, None, unterminated, find or (lambda b: block_desc(b, root))).run()


class _Reader:
    def __init__(self, path, lines, zerr, unterminated, find, trailing=0):
        self.path, self.raw, self.zerr, self.find = path, lines, zerr, find
        self.unterminated, self.trailing = unterminated, trailing
        self.line = 0

    def fail(self, msg):
        raise VectorError('%s:%d: %s' % (self.path, self.line, msg))

    def next_line(self):
        """The words of the next significant line, [] at the end of the file."""
        while True:
            if self.line >= len(self.raw):
                if self.zerr:               # zlib's gzerror() names the file before its words
                    self.line += 1
                    self.fail('expected more text, read error: %s: %s' % (self.path, self.zerr))
                return []
            b = self.raw[self.line]
            self.line += 1
            if b'\0' in b:
                if self.line < len(self.raw) or not self.unterminated:
                    self.fail('expected a line of text, got a NUL byte')
                b = b[:b.index(b'\0')]        # the unterminated last line ends there (as gzgets)
            s = b.decode('latin-1').split('#', 1)[0]
            tok = []
            rest = s.lstrip(' \t\r\n')
            while rest:
                if len(tok) == MAXTOK:
                    self.fail('expected at most %d words on the line' % MAXTOK)
                if len(tok) == 1 and tok[0] == 'stimulus':
                    tok.append(rest.rstrip(' \t\r\n'))
                    break
                m = SEP.search(rest)
                if not m:
                    tok.append(rest)
                    break
                tok.append(rest[:m.start()])
                rest = rest[m.end():]
            if tok:
                return tok

    def run(self):
        t = self.next_line()
        if not t:
            self.line = 1
            self.fail("expected 'rcosim-vector %d', got an empty file" % VERSION)
        if t[0] != 'rcosim-vector' or len(t) != 2:
            self.fail("expected 'rcosim-vector %d' as the first line" % VERSION)
        if t[1] != str(VERSION):
            self.fail("expected format version %d, got '%s'" % (VERSION, t[1]))
        t = self.next_line()
        if len(t) != 2 or t[0] != 'block':
            self.fail("expected 'block NAME'")
        blk = self.find(t[1])
        if not blk:
            self.fail("expected a known block name, got '%s' (see 'rcosim list')" % t[1])
        v = self.v = Vector(self.path, blk)
        chans = {ch['name']: ch for ch in blk['channels']}
        seen = self.seen = {}                   # channel name -> the line that declared it
        memline, given = [], {}                 # given: header setting -> the line that gave it
        state, body_line = 0, 0                 # 0 header, 1 body, 2 expected outputs, 3 after end
        while True:
            t = self.next_line()
            if not t:
                break
            k, n = t[0], len(t)
            if state == 3:
                self.fail("expected nothing after 'end'")
            if not body_line and k in BODY:
                body_line = self.line
                for ch in blk['channels']:
                    if ch['dir'] == 'in' and not ch['agent'] and ch['name'] not in seen:
                        self.fail("expected a 'channel in %s ...' line in the header, before this line"
                                  % ch['name'])
            if k in HEADER:
                if state != 0:
                    self.fail("expected '%s' in the header, before any mem, in or out line" % k)
                if k != 'channel':              # a setting given twice is refused
                    if k in given:
                        self.fail("expected one '%s' line in the header; it was given at line %d" % (k, given[k]))
                    given[k] = self.line
                if k == 'seed':
                    seed = strtoull(t[1]) if n == 2 else None
                    if seed is None:
                        self.fail("expected 'seed DECIMAL'")
                    v.seed = seed
                elif k == 'channel':
                    self.channel_line(t, chans)
                elif k == 'stimulus':
                    st = ' '.join(t[1:])
                    if len(st) > STIMULUS_MAX:
                        self.fail('expected a stimulus description of at most %d characters, got %d'
                                  % (STIMULUS_MAX, len(st)))
                    v.stimulus = st
                else:
                    bp = k == 'backpressure'
                    if n != 2 or len(t[1]) > (BACKPRESSURE_MAX if bp else LATENCY_MAX):
                        self.fail("expected '%s POLICY'" % k)
                    if bp and parse_policy(t[1]) is None:
                        self.fail("backpressure '%s': expected always, random:P (0<P<=1) or bursty:N "
                                  "(1..1000000)" % t[1])
                    if not bp and parse_latency(t[1]) is None:
                        self.fail("mem-latency '%s': expected N or MIN:MAX cycles (1..1000)" % t[1])
                    if bp:
                        v.backpressure = t[1]
                    else:
                        v.latency = t[1]
            elif k == 'mem':
                if state > 1 or n < 3 or not HEX.match(t[1]) or int(t[1], 16) > M32 or int(t[1], 16) & 3:
                    self.fail("expected 'mem ADDRESS WORD...' with a 4-aligned 32-bit hex address, "
                              "before 'expect'")
                a = int(t[1], 16)
                words = []
                for w in t[2:]:
                    if not HEX.match(w) or int(w, 16) > M32:
                        self.fail("expected a 32-bit hex word, got '%s'" % w)
                    words.append(int(w, 16))
                if a + 4 * len(words) > 1 << 32:
                    self.fail('expected memory words below 4 GiB')
                if v.mem and v.mem[-1][0] + 4 * len(v.mem[-1][1]) == a:
                    v.mem[-1][1].extend(words)
                else:
                    v.mem.append((a, words))
                    memline.append(self.line)
                state = 1
            elif k == 'in':
                if state > 1:
                    self.fail("expected input transactions before 'expect'")
                self.txn(t, False, chans)
                state = 1
            elif k == 'expect':
                if state > 1 or n != 1:
                    self.fail("expected a single 'expect' line")
                v.has_expected = True
                state = 2
            elif k == 'out':
                if state != 2:
                    self.fail("expected 'expect' before the first 'out' line")
                self.txn(t, True, chans)
            elif k == 'end':
                if n != 1:
                    self.fail("expected 'end' alone on its line")
                state = 3
            else:
                self.fail('expected seed, backpressure, mem-latency, stimulus, channel, mem, in, expect, '
                          "out or end; got '%s'" % k)
        if state != 3:
            self.line += 1
            self.fail("expected 'end' (the file is truncated)")
        if self.trailing:
            self.line += 1
            self.fail('expected the end of the file after the gzip data, got %d more byte%s'
                      % (self.trailing, '' if self.trailing == 1 else 's'))
        self.line = body_line
        for ch in blk['channels']:
            if ch['name'] not in seen and not (ch['agent'] and ch['dir'] == 'in') and \
                    (ch['dir'] == 'in' or v.has_expected):
                self.fail("expected a 'channel %s %s ...' line in the header, before this line"
                          % (ch['dir'], ch['name']))
        order = sorted(range(len(v.mem)), key=lambda i: (v.mem[i][0], i))
        for p, q in zip(order, order[1:]):
            if v.mem[p][0] + 4 * len(v.mem[p][1]) > v.mem[q][0]:
                later, other = max(p, q), min(p, q)
                self.line = memline[later]
                self.fail('expected memory sections not to overlap; this one overlaps the one at line %d '
                          '(address %08x)' % (memline[other], v.mem[q][0]))
        return v

    def channel_line(self, t, chans):
        n = len(t)
        if n < 3 or t[1] not in ('in', 'out'):
            self.fail('expected: channel in|out NAME FIELD:WIDTH ...')
        ch = chans.get(t[2])
        if ch is None:
            self.fail("expected a channel of block %s, got '%s'" % (self.v.block, t[2]))
        if ch['name'] in self.seen:
            self.fail("expected one 'channel' line per channel; '%s' was declared at line %d"
                      % (ch['name'], self.seen[ch['name']]))
        if ch['dir'] != t[1]:
            self.fail("expected channel '%s' to be '%s'" % (ch['name'], ch['dir']))
        if n - 3 != len(ch['fields']):
            self.fail("expected %d fields for channel '%s', got %d" % (len(ch['fields']), ch['name'], n - 3))
        for f, got in zip(ch['fields'], t[3:]):
            want = '%s:%d' % (f['name'], f['width'])
            if got != want:
                self.fail("expected field '%s' of channel '%s', got '%s'" % (want, ch['name'], got))
        self.seen[ch['name']] = self.line
        self.v.channels[ch['name']] = ch

    def txn(self, t, out, chans):
        n = len(t)
        if n < 2:
            self.fail('expected: %s CHANNEL [@CYCLE] VALUE ...' % t[0])
        ch = chans.get(t[1])
        if ch is None or ch['name'] not in self.seen:
            self.fail("expected a channel declared by a 'channel' line, got '%s'" % t[1])
        if out != (ch['dir'] == 'out'):
            self.fail("expected an %s channel after '%s', got '%s'" % ('output' if out else 'input', t[0], t[1]))
        if not out and ch['agent']:             # the harness's memory agent drives it
            self.fail("expected an input channel the vector drives, got '%s' (the memory agent drives it)"
                      % ch['name'])
        i, cyc, stamp = 2, 0, None
        if i < n and t[i][0] == '@':
            cyc = strtoull(t[i][1:])
            if cyc is None:
                self.fail("expected a decimal cycle after '@', got '%s'" % t[i])
            stamp = cyc
            i += 1
        elif out:
            self.fail("expected '@CYCLE' after the output channel '%s'" % ch['name'])
        if n - i != len(ch['fields']):
            self.fail("expected %d values for channel '%s', got %d" % (len(ch['fields']), ch['name'], n - i))
        vals = []
        for f, s in zip(ch['fields'], t[i:]):
            if not HEX.match(s):
                self.fail("expected a hex value for field '%s', got '%s'" % (f['name'], s))
            x = int(s, 16)
            if x >> f['width']:
                self.fail("expected field '%s' to fit in %d bits, got %s" % (f['name'], f['width'], s))
            vals.append(x)
        lst = (self.v.out if out else self.v.inp)[ch['name']]
        if out and lst and cyc < lst[-1][0]:
            self.fail("expected cycle stamps of channel '%s' in order, got @%d after @%d"
                      % (ch['name'], cyc, lst[-1][0]))
        lst.append((cyc, vals))
        if not out:
            self.v.events.append((ch['name'], stamp, vals))


# ---- header values (bridge/rc_policy.c rc_policy_parse, bridge/rc_mem.c rc_latency_parse) ------

def strtoull(s):
    """bridge/rc_vector.c parse_u64(s, 10): C's strtoull of the whole word, no sign first, no
    overflow; None when refused."""
    if not s or s[0] in '+-':
        return None
    m = re.match(r'^[ \t\n\v\f\r]*([+-]?)([0-9]+)$', s)
    if not m or int(m.group(2)) > M64:
        return None
    x = int(m.group(2))
    return (-x) & M64 if m.group(1) == '-' else x


def parse_uint(s, lo, hi):
    """rc_parse_u64_range: decimal, or hex after 0x; None when not a number in [lo, hi]."""
    if s[:2] in ('0x', '0X'):
        s, base = s[2:], 16
        ok = re.match(r'^[0-9a-fA-F]+$', s)
    else:
        base = 10
        ok = DEC.match(s)
    if not ok:
        return None
    x = int(s, base)
    return x if lo <= x <= hi else None


def _strtod(s):
    """The value C's sscanf("%lf") reads from the whole of s, or None."""
    s = s.lstrip(' \t\n\r\v\f')             # %lf skips leading white space, not trailing
    if not s or '_' in s or s != s.rstrip(' \t\n\r\v\f'):
        return None
    try:
        return float(s)
    except ValueError:
        pass
    try:
        return float.fromhex(s) if re.match(r'^[+-]?0[xX]', s) else None
    except ValueError:
        return None


def parse_policy(text):
    """('always', None), ('random', P) or ('bursty', N); None when C refuses it."""
    if text == 'always':
        return ('always', None)
    if text.startswith('random:'):
        p = _strtod(text[7:])
        if p is not None and 0.0 < p <= 1.0:
            return ('random', p)
        return None
    if text.startswith('bursty:'):
        n = parse_uint(text[7:], 1, 1000000)
        return None if n is None else ('bursty', n)
    return None


def parse_latency(text):
    """(MIN, MAX) cycles of 'N' or 'MIN:MAX', 1 <= MIN <= MAX <= 1000; None when C refuses it."""
    if ':' in text:
        a, b = text.split(':', 1)
        if len(a) >= 24:
            return None
        a, b = parse_uint(a, 1, 1000), parse_uint(b, 1, 1000)
    else:
        a = b = parse_uint(text, 1, 1000)
    if a is None or b is None or b < a:
        return None
    return (a, b)


# ---- writing ---------------------------------------------------------------------------------

def _txn(ch, out, cycle, vals):
    s = '%s %s' % ('out' if out else 'in', ch['name'])
    if out or cycle:
        s += ' @%d' % cycle
    return s + ''.join(' %0*x' % ((f['width'] + 3) // 4, x) for f, x in zip(ch['fields'], vals))


def mem_lines(mem):
    """'mem ADDR W0 .. W7' lines of {address: word}: runs of consecutive words, 8 a line."""
    out, addrs, i = [], sorted(mem), 0
    while i < len(addrs):
        a, words = addrs[i], []
        while i < len(addrs) and addrs[i] == a + 4 * len(words) and len(words) < 8:
            words.append(mem[addrs[i]])
            i += 1
        out.append('mem %08x %s' % (a, ' '.join('%08x' % (w & M32) for w in words)))
    return out


def text(v, with_outputs=True):
    """The canonical text of a vector (bridge/rc_vector.c rc_vector_write)."""
    blk = v.desc
    o = ['rcosim-vector %d' % VERSION, 'block %s' % blk['name'], 'seed %d' % v.seed,
         'backpressure %s' % v.backpressure, 'mem-latency %s' % v.latency]
    st = re.sub(r'[#\x00-\x1f\x7f]', '_', v.stimulus[:STIMULUS_MAX]).strip(' ')
    if st:
        o.append('stimulus ' + st)
    for ch in blk['channels']:
        if (ch['agent'] and ch['dir'] == 'in') or (ch['dir'] == 'out' and not with_outputs):
            continue
        o.append('channel %s %s %s' % (ch['dir'], ch['name'],
                                       ' '.join('%s:%d' % (f['name'], f['width']) for f in ch['fields'])))
    for a, words in v.mem:
        for j in range(0, len(words), 8):
            o.append('mem %08x %s' % (a + 4 * j, ' '.join('%08x' % w for w in words[j:j + 8])))
    for ch in blk['channels']:
        if ch['dir'] == 'in':
            o.extend(_txn(ch, False, c, x) for c, x in v.inp[ch['name']])
    if with_outputs:
        o.append('expect')
        merged = []
        for k, ch in enumerate(blk['channels']):
            if ch['dir'] == 'out':
                merged.extend((c, k, i, ch, x) for i, (c, x) in enumerate(v.out[ch['name']]))
        o.extend(_txn(ch, True, c, x) for c, k, i, ch, x in sorted(merged, key=lambda m: m[:3]))
    o.append('end')
    return '\n'.join(o) + '\n'


def write(v, path, with_outputs=True):
    """Writes v in canonical form to path (gzip when the name ends in .gz), atomically."""
    data = text(v, with_outputs).encode('latin-1')
    if path.endswith('.gz'):
        data = gzip.compress(data, compresslevel=6, mtime=0)
    write_atomic(path, data)


def chunk_lines(addr, words, per_line=8):
    """'mem' lines of the words from addr on, per_line words a line (None: all on one line)."""
    n = per_line or max(1, len(words))
    return ['mem %08x %s' % (addr + 4 * i, ' '.join('%08x' % (w & M32) for w in words[i:i + n]))
            for i in range(0, len(words), n)]


def header(block, backpressure='always', latency='1:1', seed=1, root=ROOT):
    """The header lines of a stimulus of block: magic, block, seed, policies (latency None: no
    line) and a 'channel in' line for each input channel the manifest does not feed by an agent."""
    blk = block_desc(block, root)
    if blk is None:
        raise VectorError('no block %s (no %s)' % (block, desc_path(block, root)))
    out = ['rcosim-vector %d' % VERSION, 'block %s' % block, 'seed %d' % seed, 'backpressure %s' % backpressure]
    if latency is not None:
        out.append('mem-latency %s' % latency)
    for ch in blk['channels']:
        if ch['dir'] == 'in' and not ch['agent']:
            out.append('channel in %s %s' % (ch['name'], ' '.join('%s:%d' % (f['name'], f['width'])
                                                                  for f in ch['fields'])))
    return out


def write_stim(outdir, name, block, title, generator, notes=(), gz=False, label=None, mem=(), body=(),
               backpressure='always', latency='1:1', seed=1):
    """OUTDIR/NAME.stim, a directed stimulus file (scripts/blocks): comments naming the case (label,
    default its name), its title, its generator (a path, e.g. __file__), its golden vector and the
    notes; the header; the 'mem' lines; the input lines (each may carry a '# note'); 'end'.
    'rcosim gen --stimulus' turns it into the golden vector (NAME.vec, or NAME.vec.gz with gz)."""
    comments = ['%s: %s' % (label or name, title),
                'written by scripts/blocks/%s; the golden vector is ../%s.vec%s'
                % (os.path.basename(generator), name, '.gz' if gz else '')] + list(notes)
    lines = ['# ' + c for c in comments] + header(block, backpressure, latency, seed) + list(mem) + list(body)
    with open(os.path.join(outdir, name + '.stim'), 'w') as f:
        f.write('\n'.join(lines + ['end']) + '\n')
