#!/usr/bin/env python3
"""vector_agree.py - the two readers of the vector format agree: bridge/rc_vector.c (through
'rcosim gen --stimulus', which reads a vector and writes it again in canonical form) and
scripts/rcosim_py/vector.py, over malformed vectors (both refuse, with the same 'FILE:LINE:
expected ...') and valid ones (both accept, and read the same header, memory and inputs: the
canonical text of each, up to 'expect', is the same).

Usage: vector_agree.py RCOSIM SOURCE_DIR CASE
  CASE malformed   every malformed vector below
  CASE valid       the valid vectors below and every shipped stimulus of r5xx.cp
  CASE catches     the comparison fails when the two disagree (a reader that accepts '0x', one
                   that ignores bytes after the gzip data)
"""
import glob
import gzip
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.abspath(sys.argv[2]), 'scripts') if len(sys.argv) > 2 else '.')
from rcosim_py import vector  # noqa: E402

HEAD = 'rcosim-vector 1\nblock r5xx.cp\nseed 1\nbackpressure always\nmem-latency 1:1\n'
CHAN = 'channel in host addr:16 data:32\n'
OUTC = 'channel out regw addr:16 data:32 stream:2\n'
BODY = 'mem 00100000 00011381 11111111\nin host 0700 00100000\nin host @40 0714 00000003\n'


def text(head=HEAD, chan=CHAN, body=BODY, tail='end\n'):
    return head + chan + body + tail


def gz(data, **kw):
    return gzip.compress(data.encode('latin-1') if isinstance(data, str) else data, mtime=0, **kw)


# (name, content): each must be refused by both readers.
MALFORMED = [
    ('hex_0x', text(body='in host 0x700 00100000\n')),
    ('hex_underscore', text(body='in host 07_00 00100000\n')),
    ('hex_17_digits', text(body='in host 00000000000000700 00100000\n')),
    ('hex_sign', text(body='in host +700 00100000\n')),
    ('hex_space_in_token', text(body='in host 07\f00 00100000\n')),
    ('mem_negative', text(body='mem 00100000 -1\n')),
    ('mem_0x', text(body='mem 0x00100000 1\n')),
    ('mem_word_33_bits', text(body='mem 00100000 100000000\n')),
    ('mem_past_4gib', text(body='mem fffffff8 1 2 3\n')),
    ('mem_unaligned', text(body='mem 00100002 1\n')),
    ('mem_overlap', text(body='mem 00100000 1 2\nmem 00200000 1\nmem 00100004 3\n')),
    ('seed_2_64', text(head=HEAD.replace('seed 1', 'seed 18446744073709551616'))),
    ('seed_negative', text(head=HEAD.replace('seed 1', 'seed -1'))),
    ('seed_plus', text(head=HEAD.replace('seed 1', 'seed +1'))),
    ('seed_hex', text(head=HEAD.replace('seed 1', 'seed 0x10'))),
    ('seed_underscore', text(head=HEAD.replace('seed 1', 'seed 1_0'))),
    ('magic_missing', text(head=HEAD.replace('rcosim-vector 1\n', ''))),
    ('magic_version', text(head=HEAD.replace('rcosim-vector 1', 'rcosim-vector 2'))),
    ('magic_twice', text(head=HEAD + 'rcosim-vector 1\n')),
    ('empty', ''),
    ('comments_only', '# nothing\n\n'),
    ('block_unknown', text(head=HEAD.replace('r5xx.cp', 'r5xx.nope'))),
    ('block_twice', text(head=HEAD + 'block r5xx.cp\n')),
    ('channel_twice', text(chan=CHAN + CHAN)),
    ('channel_missing', text(chan='')),
    ('channel_width', text(chan='channel in host addr:16 data:31\n')),
    ('channel_out_missing', text(body=BODY + 'expect\n')),
    ('header_after_body', text(body=BODY + 'seed 2\n')),
    ('value_too_wide', text(body='in host 10000 00100000\n')),
    ('value_count', text(body='in host 0700\n')),
    ('cycle_negative', text(body='in host @-1 0700 00100000\n')),
    ('cycle_hex', text(body='in host @0x10 0700 00100000\n')),
    ('cycle_2_64', text(body='in host @18446744073709551616 0700 00100000\n')),
    ('out_before_expect', text(chan=CHAN + OUTC, body='out regw @1 0000 00000000 0\n')),
    ('out_no_cycle', text(chan=CHAN + OUTC, body='expect\nout regw 0000 00000000 0\n')),
    ('out_order', text(chan=CHAN + OUTC, body='expect\nout regw @5 0 0 0\nout regw @4 0 0 0\n')),
    ('in_after_expect', text(chan=CHAN + OUTC, body='expect\nin host 0 0\n')),
    ('expect_twice', text(chan=CHAN + OUTC, body='expect\nexpect\n')),
    ('end_missing', text(tail='')),
    ('after_end', text(tail='end\nin host 0 0\n')),
    ('end_words', text(tail='end now\n')),
    ('keyword_unknown', text(body='poke host 0 0\n')),
    ('policy_bad', text(head=HEAD.replace('always', 'random:0'))),
    ('policy_underscore', text(head=HEAD.replace('always', 'random:0.2_5'))),
    ('policy_bursty_0', text(head=HEAD.replace('always', 'bursty:0'))),
    ('policy_trailing_vt', text(head=HEAD.replace('always', 'random:0.5\v'))),
    ('latency_order', text(head=HEAD.replace('1:1', '5:2'))),
    ('latency_1001', text(head=HEAD.replace('1:1', '1001'))),
    ('stimulus_long', text(head=HEAD + 'stimulus ' + 'x' * 128 + '\n')),
    ('too_many_words', text(body='mem 00100000' + ' 0' * 24 + '\n')),
    ('nul_byte', text(body='in host 0700 0010\x000000\n')),
    ('gz_truncated', gz(text(body=BODY + 'in host 0000 00000000\n' * 3000))[:-30]),
    ('gz_corrupt_crc', gz(text())[:-8] + b'\0\0\0\0' + gz(text())[-4:]),
    # a header setting given twice (the last one used to win silently; issue 29)
    ('seed_twice', text(head=HEAD + 'seed 7\n')),
    ('backpressure_twice', text(head=HEAD + 'backpressure bursty:4\n')),
    ('latency_twice', text(head=HEAD + 'mem-latency 2:3\n')),
    ('stimulus_twice', text(head=HEAD + 'stimulus a\n', chan=CHAN + 'stimulus a\n')),
    ('seed_twice_same', text(head=HEAD + '# again\nseed 1\n')),
    # bytes after the gzip data (zlib's gz* reading ignores them; issue 29)
    ('gz_garbage_after', gz(text()) + b'garbage after the stream\n'),
    ('gz_zero_padding', gz(text()) + b'\0' * 16),
    ('gz_one_byte_after', gz(text()) + b'\x1f'),
    ('gz_two_members_garbage', gz(text(tail='')) + gz('end\n') + b'x'),
    # an input on a channel the memory agent drives ('gen' wrote it, 'run' refused it; issue 29)
    ('in_agent_channel', text(chan=CHAN + 'channel in memrsp data:32\n', body=BODY + 'in memrsp 00000001\n')),
    ('gz_garbage_and_error', gz(text(tail='')) + b'garbage'),   # the missing 'end' comes first
]

# (name, content): each must be accepted by both, with the same header, memory and inputs.
VALID = [
    ('plain', text()),
    ('comments_crlf_tabs', text(body='mem\t00100000 1 # a comment\r\nin host\t0700 \t00100000\r\n')),
    ('no_final_newline', text(tail='end')),
    ('uppercase_16_digits', text(body='in host 0000000000000ABC 0000000000100000\n')),
    ('stamps', text(body='in host @0 0700 1\nin host 0704 2\nin host @200 0708 3\n')),
    ('policies', text(head=HEAD.replace('always', 'random:0x1p-1').replace('1:1', '0x2:0x10'))),
    ('bursty_hex', text(head=HEAD.replace('always', 'bursty:0x10').replace('1:1', '7'))),
    ('seed_max', text(head=HEAD.replace('seed 1', 'seed 18446744073709551615'))),
    ('seed_leading_vt', text(head=HEAD.replace('seed 1', 'seed \v5'))),
    ('policy_leading_vt', text(head=HEAD.replace('always', 'random:\v0.5'))),
    ('stimulus_words', text(head=HEAD + 'stimulus  file  a b.stim  \n')),
    ('header_each_once', text(head=HEAD + 'stimulus x\n', chan=CHAN + '# seed 2\n')),
    ('mem_extends', text(body='mem 00100000 1 2\nmem 00100008 3\nmem 00000000 4\n')),
    ('mem_top', text(body='mem fffffffc ffffffff\n')),
    ('gz', gz(text())),
    ('gz_two_members', gz(text(tail='')) + gz('end\n')),
    ('channel_agent', text(chan=CHAN + 'channel in memrsp data:32\n')),   # an agent's channel may be named
]


def c_read(ctx, path):
    """(None, canonical text up to 'expect') or (message, None) of the C reader."""
    out = os.path.join(ctx['tmp'], 'c.vec')
    p = subprocess.run([ctx['rcosim'], 'gen', '--stimulus', path, '-o', out, '--quiet'],
                       capture_output=True, timeout=120)
    if p.returncode == 2:
        msg = p.stderr.decode('latin-1').strip()
        return msg[len('rcosim gen: '):] if msg.startswith('rcosim gen: ') else msg, None
    if p.returncode != 0:
        return 'exit %d: %s' % (p.returncode, p.stderr.decode('latin-1')), None
    with open(out, 'rb') as f:
        return None, canonical(f.read().decode('latin-1'))


def py_read(path, reader=None):
    try:
        v = (reader or vector.read)(path)
    except vector.VectorError as e:
        return str(e), None
    return None, canonical(vector.text(v))


def canonical(t):
    """The header, memory and inputs of a canonical text: what both readers read of a stimulus
    ('stimulus' is what 'gen' writes of its own run)."""
    lines = t.split('\n')
    lines = lines[:lines.index('expect')] if 'expect' in lines else lines
    # 'gen' writes the latency it ran with as MIN:MAX, whatever the spelling it read
    return ['mem-latency %d:%d' % vector.parse_latency(ln[12:]) if ln.startswith('mem-latency ') else ln
            for ln in lines if not ln.startswith('stimulus ')]


def compare(ctx, cases, want_ok, reader=None):
    bad = []
    for name, content in cases:
        path = os.path.join(ctx['tmp'], name + ('.vec.gz' if name.startswith('gz') else '.vec'))
        with open(path, 'wb') as f:
            f.write(content.encode('latin-1') if isinstance(content, str) else content)
        c, p = c_read(ctx, path), py_read(path, reader)
        if c != p:
            bad.append('%s: C %r, Python %r' % (name, c[0] or c[1], p[0] or p[1]))
        elif (c[0] is None) != want_ok:
            bad.append('%s: both %s it: %r' % (name, 'refuse' if want_ok else 'accept', c[0] or c[1]))
        else:
            print('ok   %-22s %s' % (name, c[0] or 'accepted, %d lines alike' % len(c[1])))
    return bad


def case_malformed(ctx):
    return compare(ctx, MALFORMED, False)


def case_valid(ctx):
    shipped = [(os.path.basename(p)[:-5], open(p, encoding='latin-1').read())
               for p in sorted(glob.glob(os.path.join(ctx['src'], 'vectors', 'r5xx', 'cp', 'stim', '*.stim')))]
    return compare(ctx, VALID + shipped, True)


def case_catches(ctx):
    """A Python reader that takes '0x' values (as int(x, 16) does) is caught disagreeing."""
    def lax(path):
        with open(path) as f:
            t = f.read().replace(' 0x', ' ')
        fixed = path + '.lax'
        with open(fixed, 'w') as f:
            f.write(t)
        v = vector.read(fixed)
        v.path = path
        return v
    bad = compare(ctx, [c for c in MALFORMED if c[0] == 'hex_0x'], False, reader=lax)
    if len(bad) != 1 or 'hex_0x: C ' not in bad[0]:
        return ['the disagreement was not caught: %r' % bad]
    print('ok   the lax reader is caught: %s' % bad[0])
    # A Python reader that ignores bytes after the gzip data (as zlib's gz* calls do) is caught.
    real = vector._gunzip
    vector._gunzip = lambda data: real(data)[:2] + (0,)
    try:
        bad = compare(ctx, [c for c in MALFORMED if c[0] == 'gz_garbage_after'], False)
    finally:
        vector._gunzip = real
    if len(bad) != 1 or 'gz_garbage_after: C ' not in bad[0]:
        return ['the trailing-bytes disagreement was not caught: %r' % bad]
    print('ok   the reader ignoring trailing gzip bytes is caught: %s' % bad[0])
    return []


def main(argv):
    cases = {'malformed': case_malformed, 'valid': case_valid, 'catches': case_catches}
    if len(argv) != 4 or argv[3] not in cases:
        sys.stderr.write(__doc__)
        return 2
    with tempfile.TemporaryDirectory(prefix='vector_agree.') as tmp:
        bad = cases[argv[3]]({'rcosim': os.path.abspath(argv[1]), 'src': os.path.abspath(argv[2]), 'tmp': tmp})
    for b in bad:
        print('FAIL ' + b)
    print('%s vector_agree %s' % ('FAIL' if bad else 'PASS', argv[3]))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
