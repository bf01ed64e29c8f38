"""vecread.py - read an rcosim vector (format v1, docs/vectors.md) for the exporters.

A small reader of the same text bridge/rc_vector.c reads, checked against the block description
(scripts/blockgen.py's parser): the header, the memory preload, the inputs and the expected
outputs.  Errors are VecError('FILE:LINE: expected ...'), exit status 2 in the callers.
"""
import gzip
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import blockgen  # noqa: E402  (the description parser; never edited from here)
from regress import Parser  # noqa: E402,F401  (rcosim's usage-error form, for the exporters' options)

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
M64 = (1 << 64) - 1


class VecError(Exception):
    pass


def desc_path(block):
    fam, name = block.split('.', 1)
    return os.path.join(ROOT, 'rtl', fam, name, name + '.block')


def read_block(block):
    path = desc_path(block)
    if not os.path.exists(path):
        raise VecError('unknown block %r (no %s)' % (block, os.path.relpath(path, ROOT)))
    try:
        return blockgen.parse(path)
    except blockgen.DescError as e:
        raise VecError(str(e))


def read_vector(path):
    opener = gzip.open if path.endswith('.gz') else open
    try:
        with opener(path, 'rt', encoding='utf-8') as f:
            lines = f.read().split('\n')
    except OSError as e:
        raise VecError('%s: cannot read: %s' % (path, e.strerror or e))
    v = {'path': path, 'block': None, 'seed': 1, 'backpressure': 'always', 'mem_latency': '1:1',
         'mem': [], 'in': {}, 'out': {}, 'has_expected': False, 'channels': {}}
    blk = None
    state = 0
    no = 0

    def err(msg):
        raise VecError('%s:%d: %s' % (path, no, msg))
    for no, raw in enumerate(lines, 1):
        line = raw.split('#', 1)[0].strip()
        if not line:
            continue
        tok = line.split()
        k = tok[0]
        if no == 1 or (state == 0 and v['block'] is None and k == 'rcosim-vector'):
            if tok != ['rcosim-vector', '1']:
                err("expected 'rcosim-vector 1'")
            state = 0
            continue
        if k == 'block':
            if len(tok) != 2:
                err("expected 'block NAME'")
            v['block'] = tok[1]
            try:
                blk = read_block(tok[1])
            except VecError as e:
                err(str(e))
            v['desc'] = blk
            for ch in blk['channels']:
                (v['in'] if ch['dir'] == 'in' else v['out'])[ch['name']] = []
        elif k in ('seed', 'backpressure', 'mem-latency', 'stimulus'):
            if blk is None:
                err("expected 'block' before '%s'" % k)
            if k == 'seed':
                if len(tok) != 2 or not tok[1].isdigit():
                    err("expected 'seed DECIMAL'")
                v['seed'] = int(tok[1]) & M64
            elif k == 'backpressure':
                v['backpressure'] = tok[1] if len(tok) == 2 else err("expected 'backpressure POLICY'")
            elif k == 'mem-latency':
                v['mem_latency'] = tok[1] if len(tok) == 2 else err("expected 'mem-latency MIN:MAX'")
        elif k == 'channel':
            if blk is None or len(tok) < 3:
                err("expected 'channel in|out NAME FIELD:WIDTH ...' after 'block'")
            ch = next((c for c in blk['channels'] if c['name'] == tok[2]), None)
            if ch is None or ch['dir'] != tok[1]:
                err("expected a %s channel of %s, got '%s %s'" % (tok[1], v['block'], tok[1], tok[2]))
            want = ['%s:%d' % (f['name'], f['width']) for f in ch['fields']]
            if tok[3:] != want:
                err("expected the fields of channel '%s' to be '%s'" % (ch['name'], ' '.join(want)))
            v['channels'][ch['name']] = ch
        elif k == 'mem':
            if state > 1 or len(tok) < 3:
                err("expected 'mem ADDRESS WORD...' before 'expect'")
            try:
                a = int(tok[1], 16)
                words = [int(t, 16) for t in tok[2:]]
            except ValueError:
                err('expected hex address and words')
            if a & 3 or a > 0xFFFFFFFF or any(w > 0xFFFFFFFF for w in words):
                err('expected a 4-aligned 32-bit address and 32-bit words')
            v['mem'].append((a, words))
            state = 1
        elif k in ('in', 'out'):
            out = k == 'out'
            if out != (state == 2):
                err("expected 'in' lines before 'expect' and 'out' lines after it")
            if len(tok) < 2 or tok[1] not in v['channels']:
                err("expected a channel declared by a 'channel' line, got '%s'" % (tok[1] if len(tok) > 1 else ''))
            ch = v['channels'][tok[1]]
            i, cyc = 2, 0
            if i < len(tok) and tok[i].startswith('@'):
                if not tok[i][1:].isdigit():
                    err("expected a decimal cycle after '@', got '%s'" % tok[i])
                cyc = int(tok[i][1:])
                i += 1
            elif out:
                err("expected '@CYCLE' after the output channel '%s'" % ch['name'])
            if len(tok) - i != len(ch['fields']):
                err("expected %d values for channel '%s', got %d" % (len(ch['fields']), ch['name'], len(tok) - i))
            vals = []
            for f, t in zip(ch['fields'], tok[i:]):
                try:
                    x = int(t, 16)
                except ValueError:
                    err("expected a hex value for field '%s', got '%s'" % (f['name'], t))
                if x >> f['width']:
                    err("expected field '%s' to fit in %d bits, got %s" % (f['name'], f['width'], t))
                vals.append(x)
            lst = (v['out'] if out else v['in'])[ch['name']]
            if out and lst and cyc < lst[-1][0]:
                err("expected cycle stamps of channel '%s' in order" % ch['name'])
            lst.append((cyc, vals))
            if not out:
                state = 1
        elif k == 'expect':
            if state > 1:
                err("expected a single 'expect' line")
            v['has_expected'] = True
            state = 2
        elif k == 'end':
            state = 3
            break
        else:
            err("expected seed, backpressure, mem-latency, stimulus, channel, mem, in, expect, out or end; got '%s'" % k)
    if state != 3:
        no = len(lines)
        err("expected 'end' (the file is truncated)")
    if blk is None:
        raise VecError('%s: no block line' % path)
    return v


def parse_policy(text):
    """('always'|'random'|'bursty', value) or None (bridge/rc_engine.c rc_policy_parse)."""
    if text == 'always':
        return ('always', None)
    m = re.match(r'^random:([0-9.eE+-]+)$', text)
    if m:
        try:
            p = float(m.group(1))
        except ValueError:
            return None
        return ('random', p) if 0.0 < p <= 1.0 else None
    m = re.match(r'^bursty:([0-9]+)$', text)
    if m and 1 <= int(m.group(1)) <= 1000000:
        return ('bursty', int(m.group(1)))
    return None


def parse_latency(text):
    m = re.match(r'^([0-9]+)(?::([0-9]+))?$', text)
    if not m:
        return None
    a = int(m.group(1))
    b = int(m.group(2)) if m.group(2) else a
    return (a, b) if 1 <= a <= b <= 1000 else None


# ---- bridge/rc_rng.h in Python: the stream seeds the bench starts from -------------------------

def _next(s):
    s = (s + 0x9E3779B97F4A7C15) & M64
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return s, z ^ (z >> 31)


def seed_mix(seed, tag):
    s = (seed ^ ((tag * 0xD1342543DE82EF95) & M64)) & M64
    s, _ = _next(s)
    _, z = _next(s)
    return z
