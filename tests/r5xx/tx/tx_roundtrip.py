#!/usr/bin/env python3
"""tx_roundtrip.py - the RB3D -> TX round trip of issue 23 (docs/blocks/r5xx.tx.md, "Round trip"):
r5xx.rb3d renders fragments of distinct colours into micro- and macro-tiled colour buffers of
every format it has that r5xx.tx also decodes (one or more of each bpp: I8 8, RGB565 / ARGB1555 /
ARGB4444 16, ARGB8888 / ARGB2101010 32, ARGB16161616 64), in a real lockstep run (RTL against
model against the golden vector the model made); the memory those writes leave (the vector's
preload with every `memreq` write applied, byte enables honoured) becomes the memory of an
r5xx.tx vector that point-samples every texel centre of each surface with the texture registers
of the same layout, run in lockstep too; every response must be the colour RB3D was given,
narrowed as RB3D stores it (docs/blocks/r5xx.rb3d.md "Arithmetic": DITHER_MODE 0 truncates to the
top n bits) and widened and converted as TX reads it (D5: bit repetition, D6: v / 65535 as
binary32, truncated), computed here from those rules, not by either block's code.

Cases (each one CTest test; tests/r5xx/tx/tests.cmake):
  roundtrip                every format x layout: passes only when every texel matches
  roundtrip_catches_dword  one bit of a byte RB3D wrote flipped before TX reads it: exactly the
                           texel holding it is reported, and the comparison fails
  roundtrip_catches_tiling one surface sampled with MICRO_TILE cleared: the comparison fails

The random colours and preload come from one printed seed (SEED).

Usage: tx_roundtrip.py RCOSIM SOURCE_DIR CASE
"""
import os
import random
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'lib'))
sys.path.insert(0, os.path.join(HERE, '..', '..', '..', 'scripts'))
import rctest  # noqa: E402
from rctest import Fail, contains, run  # noqa: E402
from rcosim_py import vector  # noqa: E402

SEED = 2323

# ---- the formats: RB3D COLORFORMAT -> (name, bytes log2, channel widths B G R A (0: absent),
# the TX format with the same bit layout, TX SEL_RED/GREEN/BLUE/ALPHA) ----------------------------
# RB3D stores B lowest, then G, R, A (docs/blocks/r5xx.rb3d.md "Formats"); TX numbers components
# from the LSB (D5), so C0 = B, C1 = G, C2 = R, C3 = A and the swizzle R=C2 G=C1 B=C0 A=C3.
# A format without alpha reads alpha 1.0 in RB3D: TX selects the constant 1 (SEL 5).  I8 is stored
# from red and reads back as grey: TX format 0 (X8) with R, G, B = C0.
FORMATS = {
    3: ('ARGB1555', 1, (5, 5, 5, 1), 11, (2, 1, 0, 3)),
    4: ('RGB565', 1, (5, 6, 5, 0), 6, (2, 1, 0, 5)),
    5: ('ARGB2101010', 2, (10, 10, 10, 2), 13, (2, 1, 0, 3)),
    6: ('ARGB8888', 2, (8, 8, 8, 8), 12, (2, 1, 0, 3)),
    9: ('I8', 0, (0, 0, 8, 0), 0, (0, 0, 0, 5)),
    10: ('ARGB16161616', 3, (16, 16, 16, 16), 14, (2, 1, 0, 3)),
    15: ('ARGB4444', 1, (4, 4, 4, 4), 10, (2, 1, 0, 3)),
}
# micro-tile shapes (docs/blocks/r5xx.tile.md "The address"): (bpp log2, MICRO) -> (mw, mh)
MICRO = {(0, 1): (8, 4), (1, 1): (8, 2), (1, 2): (4, 4), (2, 1): (4, 2), (3, 1): (2, 2)}
LAYOUTS = [(0, 1), (1, 0), (1, 1), (0, 2), (1, 2)]     # (MACRO, MICRO); MICRO 2 (square): 16 bpp only

# RB3D registers (docs/blocks/r5xx.rb3d.md) and TX registers (docs/blocks/r5xx.tx.md)
RB3D_BLENDCNTL, RB3D_COLOROFFSET0, RB3D_COLORPITCH0 = 0x4E04, 0x4E28, 0x4E38
TX_ENABLE = 0x4104
FILTER0, FILTER1, FORMAT0, FORMAT1, FORMAT2, OFFSET = (0x4400 + 0x40 * k for k in range(6))
BASE0, STRIDE = 0x00100000, 0x00040000           # surface k at BASE0 + k * STRIDE (2 KB aligned)
TX_PER_REQ = 8                                    # cycles a point sample takes at most (L + 4 + 1)


def surfaces():
    """Every (COLORFORMAT, MACRO, MICRO) the round trip draws: each format in each layout its
    bpp has a micro-tile for (square only at 16 bpp)."""
    out = []
    for fmt, (_, bpp, _, _, _) in sorted(FORMATS.items()):
        for macro, micro in LAYOUTS:
            if micro == 0 or (bpp, micro) in MICRO:
                out.append((fmt, macro, micro))
    return out


def geometry(fmt, macro, micro):
    """(W, H, pitch): about one and a quarter tiles across and one and a half down for macro
    tiles, five and a bit micro-tiles for micro-only layouts; W odd (not a power of two) and one
    less than the pitch, which must be even for RB3D (COLORPITCH[13:1])."""
    bpp = FORMATS[fmt][1]
    mw, mh = MICRO[(bpp, micro)] if micro else (32 >> bpp, 1)
    if macro:
        tw, th = 8 * mw, 8 * mh
        pitch, h = tw + max(2, tw // 4), th + th // 2 + 1
    else:
        pitch, h = 5 * mw + 2, 5 * mh + 1
    pitch += pitch & 1
    return pitch - 1, h, pitch


def tile_bytes(fmt, macro, micro, pitch, h):
    """Bytes the surface spans (whole tiles, docs/blocks/r5xx.tile.md), for the preload."""
    bpp = FORMATS[fmt][1]
    mw, mh = MICRO[(bpp, micro)] if micro else (32 >> bpp, 1)
    tw, th = (8 * mw, 8 * mh) if macro else (mw, mh)
    return -(-pitch // tw) * -(-h // th) * (2048 if macro else 32)


# ---- the expected texel: RB3D's narrowing, TX's widening and conversion -------------------------

def narrow(v, n):
    """RB3D DITHER_MODE 0: the top n bits of a 16-bit channel."""
    return v >> (16 - n)


def widen(c, n):
    """TX D5: an n-bit unsigned component repeated from the top, 16 bits kept."""
    return 65535 if c == (1 << n) - 1 else (65536 * c) // ((1 << n) - 1)


def to_f32(v):
    """TX D6: v / 65535 as binary32, truncated toward zero (0 <= v <= 65535)."""
    if v == 0:
        return 0
    x, e = Fraction(v, 65535), 0
    while x * 2 ** e < 1:
        e += 1
    mant = int(x * 2 ** (e + 23))
    return ((127 - e) << 23) | (mant & 0x7FFFFF)


def expected(fmt, argb):
    """(R, G, B, A) binary32 bits TX returns for a pixel RB3D wrote with 16-bit colour argb."""
    _, _, widths, _, _ = FORMATS[fmt]
    a, r, g, b = (argb >> 48) & 0xFFFF, (argb >> 32) & 0xFFFF, (argb >> 16) & 0xFFFF, argb & 0xFFFF
    ch = {}
    for name, v, n in (('b', b, widths[0]), ('g', g, widths[1]), ('r', r, widths[2]), ('a', a, widths[3])):
        ch[name] = to_f32(widen(narrow(v, n), n)) if n else None
    if fmt == 9:                                  # I8: red stored, read back as grey, alpha 1
        return ch['r'], ch['r'], ch['r'], 0x3F800000
    return ch['r'], ch['g'], ch['b'], 0x3F800000 if ch['a'] is None else ch['a']


# ---- step 1: the RB3D stimulus ------------------------------------------------------------------

def rb3d_stim(path, surfs, rng):
    """Every pixel (x < W, y < H) of each surface once, with a random 16-bit colour per channel.
    Returns {surface index: {(x, y): argb}}."""
    lines = vector.header('r5xx.rb3d') + [
        '# tx_roundtrip.py: RB3D renders the round-trip surfaces (tests/r5xx/tx/tx_roundtrip.py)']
    for k, (fmt, macro, micro) in enumerate(surfs):
        w, h, pitch = geometry(fmt, macro, micro)
        words = [rng.getrandbits(32) for _ in range(tile_bytes(fmt, macro, micro, pitch, h) // 4)]
        lines += vector.chunk_lines(BASE0 + k * STRIDE, words)
    t, colours = 2, {}
    for k, (fmt, macro, micro) in enumerate(surfs):
        w, h, pitch = geometry(fmt, macro, micro)
        regs = [(RB3D_BLENDCNTL, 0), (RB3D_COLOROFFSET0, BASE0 + k * STRIDE),
                (RB3D_COLORPITCH0, pitch | macro << 16 | micro << 17 | fmt << 21)]
        for i, (a, d) in enumerate(regs):
            lines.append('in regw %s%04x %08x' % ('@%d ' % t if i == 0 else '', a, d))
        # the registers apply when the pipeline is empty; the fragments after them (frag is not
        # ready while a write waits), one per clock; the next surface's writes come after all
        colours[k] = {}
        first = True
        for y in range(h):
            for x in range(w):
                c = rng.getrandbits(64)
                colours[k][(x, y)] = c
                lines.append('in frag %s0 %04x %04x %016x' % ('@%d ' % (t + 1) if first else '', x, y, c))
                first = False
        t += 2 * w * h + 64
    with open(path, 'w') as f:
        f.write('\n'.join(lines + ['end']) + '\n')
    return colours


def memory_after(vec):
    """The byte image a vector leaves: its preload with every memreq write applied (be honoured)."""
    mem = {}
    for a, words in vec.mem:
        for i, wd in enumerate(words):
            for b in range(4):
                mem[a + 4 * i + b] = (wd >> 8 * b) & 0xFF
    writes = 0
    for _, (addr, we, wdata, be) in vec.outputs('memreq'):
        if we:
            writes += 1
            for b in range(8):
                if be >> b & 1:
                    mem[addr + b] = (wdata >> 8 * b) & 0xFF
    return mem, writes


# ---- step 2: the TX stimulus --------------------------------------------------------------------

def fbits(x):
    import struct
    return struct.unpack('<I', struct.pack('<f', x))[0]


def tx_stim(path, surfs, mem, clear_micro=None):
    """Point samples at every texel centre of every surface; samplers programmed in groups of 16
    (a group's writes offered after the previous group's requests are all done).  clear_micro: a
    surface index sampled with MICRO_TILE 0 (the tiling fault).  Returns [(surface, x, y)] in
    request order."""
    lines = vector.header('r5xx.tx') + [
        '# tx_roundtrip.py: TX samples every texel centre of what RB3D wrote']
    words = {}
    for k, (fmt, macro, micro) in enumerate(surfs):
        w, h, pitch = geometry(fmt, macro, micro)
        base = BASE0 + k * STRIDE
        for a in range(base, base + tile_bytes(fmt, macro, micro, pitch, h), 4):
            words[a] = sum(mem.get(a + b, 0) << 8 * b for b in range(4))
    lines += vector.mem_lines(words)
    order, t = [], 2
    for g in range(0, len(surfs), 16):
        group, wr = surfs[g:g + 16], []
        for n, (fmt, macro, micro) in enumerate(group):
            k = g + n
            w, h, pitch = geometry(fmt, macro, micro)
            _, _, _, txf, sel = FORMATS[fmt]
            mic = 0 if clear_micro == k else micro
            wr += [(FILTER0 + 4 * n, 1 << 9 | 1 << 11),             # MAG, MIN point; wrap
                   (FILTER1 + 4 * n, 0),
                   (FORMAT0 + 4 * n, (w - 1) | (h - 1) << 11 | 1 << 31),   # TXPITCH_EN
                   (FORMAT1 + 4 * n, txf | sel[3] << 9 | sel[0] << 12 | sel[1] << 15 | sel[2] << 18),
                   (FORMAT2 + 4 * n, pitch - 1),
                   (OFFSET + 4 * n, BASE0 + k * STRIDE | macro << 2 | mic << 3)]
        wr.append((TX_ENABLE, (1 << len(group)) - 1))
        for i, (a, d) in enumerate(wr):
            lines.append('in regw %s%04x %08x' % ('@%d ' % t if i == 0 else '', a, d))
        t += len(wr) + 2
        first = True
        for n, (fmt, macro, micro) in enumerate(group):
            w, h, _ = geometry(fmt, macro, micro)
            for y in range(h):
                for x in range(w):
                    lines.append('in req %s%x %08x %08x 00000000 00000000 0 0 0 00000000 00000000 '
                                 '00000000 00000000' % ('@%d ' % t if first else '', n,
                                                        fbits((x + 0.5) / w), fbits((y + 0.5) / h)))
                    first = False
                    order.append((g + n, x, y))
                    t += TX_PER_REQ
        t += 16
    with open(path, 'w') as f:
        f.write('\n'.join(lines + ['end']) + '\n')
    return order


# ---- the chain ----------------------------------------------------------------------------------

def lockstep(ctx, stim, vec, what):
    run(ctx, 'gen', '--stimulus', stim, '-o', vec, '--quiet', expect_rc=0)
    p = run(ctx, 'run', '--vector', vec, expect_rc=0)
    contains(p.stdout, 'rtl vs model exact, vs vector exact')
    print('%s: %s' % (what, p.stdout.strip().splitlines()[-1]))
    return vector.read(vec, root=ctx['src'])


def chain(ctx, surfs, flip=None, clear_micro=None):
    """RB3D then TX, both in lockstep; returns (texels compared, [mismatch lines]).  flip: (index
    of a byte among the bytes RB3D wrote, bit 0-7) flipped before TX reads."""
    rng = random.Random(SEED)
    print('seed %d, %d surfaces' % (SEED, len(surfs)))
    d = ctx['tmp']
    colours = rb3d_stim(os.path.join(d, 'rb3d.stim'), surfs, rng)
    rv = lockstep(ctx, os.path.join(d, 'rb3d.stim'), os.path.join(d, 'rb3d.vec'), 'RB3D')
    mem, writes = memory_after(rv)
    npix = sum(len(c) for c in colours.values())
    print('RB3D: %d fragments, %d memory writes' % (npix, writes))
    if writes < npix:
        raise Fail('RB3D wrote %d times for %d fragments' % (writes, npix))
    if flip is not None:
        written = sorted({a + b for _, (a, we, _, be) in rv.outputs('memreq') if we for b in range(8) if be >> b & 1})
        a = written[flip[0] % len(written)]
        mem[a] ^= 1 << flip[1]
        print('flipped bit %d of the byte RB3D wrote at %08x (dword %08x)' % (flip[1], a, a & ~3))
    order = tx_stim(os.path.join(d, 'tx.stim'), surfs, mem, clear_micro)
    tv = lockstep(ctx, os.path.join(d, 'tx.stim'), os.path.join(d, 'tx.vec'), 'TX')
    rsp = tv.outputs('rsp')
    if len(rsp) != len(order):
        raise Fail('TX answered %d of %d requests' % (len(rsp), len(order)))
    bad = []
    for (k, x, y), (_, (smp, quad, r, g, b, a, err, kill)) in zip(order, rsp):
        fmt, macro, micro = surfs[k]
        want = expected(fmt, colours[k][(x, y)])
        if (r, g, b, a, err, kill) != want + (0, 0):
            bad.append('surface %d (%s MACRO %d MICRO %d) texel (%d, %d): colour %016x, TX %08x %08x %08x %08x '
                       'err %x kill %d, expected %08x %08x %08x %08x' %
                       (k, FORMATS[fmt][0], macro, micro, x, y, colours[k][(x, y)], r, g, b, a, err, kill, *want))
    return len(order), bad


def report(n, bad):
    for line in bad[:20]:
        print(line)
    print('%d texels compared, %d differ' % (n, len(bad)))


def case_roundtrip(ctx):
    """Every format RB3D and TX share, micro- and macro-tiled (and macro-linear, square 16 bpp):
    every texel centre matches the colour RB3D was given."""
    surfs = surfaces()
    n, bad = chain(ctx, surfs)
    report(n, bad)
    per_bpp = sorted({(FORMATS[f][1], ma, mi) for f, ma, mi in surfs})
    print('layouts (bpp log2, MACRO, MICRO): %s' % per_bpp)
    if bad or n == 0:
        raise Fail('%d of %d texels differ' % (len(bad), n))


SMALL = [(6, 1, 1), (4, 0, 1), (10, 1, 0), (9, 1, 1)]   # ARGB8888, RGB565, ARGB16161616, I8


def case_roundtrip_catches_dword(ctx):
    """One bit of one dword RB3D wrote flipped in the image TX reads: the texels in that dword (and
    only those) differ, so the round trip fails."""
    for flip in ((1234, 5), (7777, 7)):
        n, bad = chain(ctx, SMALL, flip=flip)
        report(n, bad)
        if not bad:
            raise Fail('flipping bit %d of written byte #%d went unnoticed' % (flip[1], flip[0]))
        if len(bad) > 1:
            raise Fail('one flipped bit changed %d texels: at most one texel holds a bit' % len(bad))


def case_roundtrip_catches_tiling(ctx):
    """The RGB565 micro-tiled surface sampled with MICRO_TILE 0: most of its texels differ; the
    other surfaces still match."""
    n, bad = chain(ctx, SMALL, clear_micro=1)
    report(n, bad)
    w, h, _ = geometry(*SMALL[1])
    if not bad or any(' (RGB565 MACRO 0 MICRO 1) ' not in b for b in bad):
        raise Fail('sampling a micro-tiled surface as linear: %d mismatches, expected them all on surface 1'
                   % len(bad))
    if len(bad) < w * h // 2:
        raise Fail('only %d of %d texels differ' % (len(bad), w * h))


if __name__ == '__main__':
    sys.exit(rctest.main(sys.argv, rctest.cases_of(globals()), 'tx_roundtrip.py'))
