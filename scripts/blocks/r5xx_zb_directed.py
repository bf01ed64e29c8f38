#!/usr/bin/env python3
"""r5xx_zb_directed.py - write the directed stimulus files of r5xx.zb (vectors/r5xx/zb/stim/*.stim), or
check the golden vectors made from them against an independent Python statement of the block.

Each case preloads a small depth surface, programs the ZB registers on `regw` and offers
fragments on `frag`, in phases far enough apart that every phase's register writes are in
before its fragments arrive (a write waits until the block is idle, docs/blocks/r5xx.zb.md);
'rcosim gen --stimulus X.stim -o X.vec' turns a stimulus into a golden vector (the C model's
outputs; scripts/regen-vectors does all of them).  '--check VECDIR' replays every stimulus
through reference() below - written from docs/blocks/r5xx.zb.md, with the addresses of
scripts/blocks/r5xx_tile_directed.py - and compares the pass records and the memory writes (address, data,
byte enables, in order) with the vectors' expected outputs, so the golden vectors are checked
by a second implementation, not only regenerated.

Usage: r5xx_zb_directed.py OUTDIR            write OUTDIR/*.stim
       r5xx_zb_directed.py --check VECDIR    compare VECDIR/*.vec with VECDIR/stim/*.stim
"""
import sys

from rcosim_py import check as chk
from rcosim_py import vector

from blocks import r5xx_tile_directed  # the surface addresses: r5xx.tile's Python reference

# Register byte addresses (000:14868-15389).
ZB_CNTL, ZB_ZSTENCILCNTL, ZB_STENCILREFMASK, ZB_STENCILREFMASK_BF = 0x4F00, 0x4F04, 0x4F08, 0x4FD4
ZB_FORMAT, ZB_BW_CNTL, ZB_DEPTHOFFSET, ZB_DEPTHPITCH = 0x4F10, 0x4F1C, 0x4F20, 0x4F24
ZB_ZPASS_DATA, ZB_ZPASS_ADDR = 0x4F58, 0x4F5C
# ZB_CNTL bits (000:14995-15048)
S_EN, Z_EN, Z_WR, Z_SIGNED, S_FB, Z_SMAG, S_REFMASK_FB = 1, 2, 4, 8, 16, 32, 64
# ZB_BW_CNTL bits (000:14868-14991)
ZEQ_DIS, SEQ_DIS, BMASK_DIS = 1 << 7, 1 << 8, 1 << 10
ZERO_OUTPUT_MASK = 1 << 27
NEVER, LESS, LEQUAL, EQUAL, GEQUAL, GREATER, NOTEQUAL, ALWAYS = range(8)
KEEP, ZERO, REPLACE, INCR, DECR, INVERT, INCR_WRAP, DECR_WRAP = range(8)
FMT_ERR = 0x10

# ---- the reference statement of docs/blocks/r5xx.zb.md --------------------------------------------


def swap(v, e):
    b = [(v >> (8 * i)) & 0xFF for i in range(4)]
    p = [[0, 1, 2, 3], [1, 0, 3, 2], [3, 2, 1, 0], [2, 3, 0, 1]][e]
    return sum(b[p[i]] << (8 * i) for i in range(4))


def swap_be(be, e):
    p = [[0, 1, 2, 3], [1, 0, 3, 2], [3, 2, 1, 0], [2, 3, 0, 1]][e]
    return sum(((be >> p[i]) & 1) << i for i in range(4))


def zkey(cntl, z, bits):
    sign = 1 << (bits - 1)
    if not cntl & Z_SIGNED or not z & sign:
        return z
    if cntl & Z_SMAG:
        return -(z & (sign - 1))
    return z - 2 * sign


def compare(f, a, b):
    return [False, a < b, a <= b, a == b, a >= b, a > b, a != b, True][f]


def stencil_op(op, old, ref):
    return [old, 0, ref, min(old + 1, 255), max(old - 1, 0), ~old & 0xFF, (old + 1) & 0xFF, (old - 1) & 0xFF][op]


def is16(r):
    return r[ZB_FORMAT] & 15 in (0, 1)


def needs_read(r):
    return bool(r[ZB_CNTL] & Z_EN) or (bool(r[ZB_CNTL] & S_EN) and not is16(r))


def update(r, mem, half, z, back):
    """(pass, write or None as (wdata, be)) of one fragment against the dword read."""
    cntl, zsc = r[ZB_CNTL], r[ZB_ZSTENCILCNTL]
    endian = (r[ZB_DEPTHPITCH] >> 19) & 3
    lw = swap(mem, endian)
    if is16(r):
        bits, sh = 16, 16 * half
        old_z, new_z, old_s = (lw >> sh) & 0xFFFF, z & 0xFFFF, 0
    else:
        bits = 24
        old_z, new_z, old_s = lw >> 8, z & 0xFFFFFF, lw & 0xFF
    z_en = bool(cntl & Z_EN)
    zp = not z_en or compare(zsc & 7, zkey(cntl, new_z, bits), zkey(cntl, old_z, bits))
    s_en = bool(cntl & S_EN) and not is16(r)
    bf = bool(cntl & S_FB) and back
    rm = r[ZB_STENCILREFMASK_BF] if cntl & S_REFMASK_FB and back else r[ZB_STENCILREFMASK]
    ref, mask, wmask = rm & 0xFF, (rm >> 8) & 0xFF, (rm >> 16) & 0xFF
    func, fail, zpass, zfail = [(zsc >> (15 if bf else 3) + 3 * k) & 7 for k in range(4)]
    sp = not s_en or compare(func, ref & mask, old_s & mask)
    op = fail if not sp else zpass if zp else zfail
    new_s = (old_s & ~wmask & 0xFF) | (stencil_op(op, old_s, ref) & wmask)
    ok = sp and zp
    zw = z_en and cntl & Z_WR and ok and (r[ZB_BW_CNTL] & ZEQ_DIS or new_z != old_z)
    sw = s_en and (r[ZB_BW_CNTL] & SEQ_DIS or new_s != old_s)
    if is16(r):
        nw = (lw & ~(0xFFFF << sh) & 0xFFFFFFFF) | (new_z << sh) if zw else lw
        be = (3 << (sh // 8)) if zw else 0
    else:
        nw = ((new_z if zw else old_z) << 8) | (new_s if sw else old_s)
        be = (0xE if zw else 0) | (1 if sw else 0)
    if be and r[ZB_BW_CNTL] & BMASK_DIS:
        be = 0xF
    return ok, ((swap(nw, endian), swap_be(be, endian)) if be else None)


def reference(stim_lines):
    """Run a stimulus: returns (pass records [(x, y, pass, err)], writes [(addr, wdata, be)]).
    The phases of a directed stimulus never overlap, so the block is sequential here."""
    r = {a: 0 for a in (ZB_CNTL, ZB_ZSTENCILCNTL, ZB_STENCILREFMASK, ZB_STENCILREFMASK_BF, ZB_FORMAT,
                        ZB_BW_CNTL, ZB_DEPTHOFFSET, ZB_DEPTHPITCH)}
    count, mem, passes, writes = 0, {}, [], []

    def write(addr, data, be):
        old = mem.get(addr, 0)
        for i in range(4):
            if be >> i & 1:
                old = (old & ~(0xFF << 8 * i)) | (data & (0xFF << 8 * i))
        mem[addr] = old
        writes.append((addr, data, be))

    stim = vector.parse(stim_lines)
    mem.update(stim.memory())
    for ch, _, vals in stim.events:
        if ch == 'regw':
            a, d = vals
            if a == ZB_ZPASS_ADDR:
                write(d & ~3, count, 0xF)
            elif a == ZB_ZPASS_DATA:
                count = d
            elif a in r:
                r[a] = d
        else:
            x, y, z, back = vals
            s = r5xx_tile_directed.surface('zb', (r[ZB_DEPTHOFFSET], r[ZB_DEPTHPITCH], r[ZB_FORMAT]))
            addr, _, err = r5xx_tile_directed.ref_addr(s, x, y)
            err |= 0 if r[ZB_FORMAT] & 15 in (0, 2) else FMT_ERR
            if needs_read(r):
                ok, w = update(r, mem.get(addr & ~3, 0), (addr >> 1) & 1, z, back)
                if w:
                    write(addr & ~3, w[0], w[1])
            else:
                ok = True
            count = (count + ok) & 0xFFFFFFFF
            passes.append((x, y, int(ok and not r[ZB_ZSTENCILCNTL] & ZERO_OUTPUT_MASK), err))
    return passes, writes


# ---- stimulus files ------------------------------------------------------------------------

BASE = 0x00100000


class Case:
    def __init__(self, name, title, backpressure='always', latency='1:1'):
        self.name, self.title, self.bp, self.lat = name, title, backpressure, latency
        self.mem = {}
        self.lines = []
        self.t = 1                  # the current phase's first cycle
        self.nw = 0                 # register writes in this phase
        self.nf = 0                 # fragments in this phase
        self.first = True           # the next fragment is the phase's first

    def preload(self, addr, words):
        for i, w in enumerate(words):
            self.mem[addr + 4 * i] = w & 0xFFFFFFFF

    def phase(self, gap=None):
        """Start a new phase once the previous one has certainly drained."""
        lat = int(self.lat.split(':')[-1])
        slow = 1 if self.bp == 'always' else 6
        self.t += gap if gap else 12 + self.nw + self.nf * (2 + lat) * slow
        self.nw = self.nf = 0
        self.first = True

    def w(self, addr, data):
        self.nw += 1
        self.lines.append('in regw @%d %04x %08x' % (self.t, addr, data & 0xFFFFFFFF))

    def regs(self, **kw):
        names = {'cntl': ZB_CNTL, 'zsc': ZB_ZSTENCILCNTL, 'srm': ZB_STENCILREFMASK, 'srm_bf': ZB_STENCILREFMASK_BF,
                 'fmt': ZB_FORMAT, 'bw': ZB_BW_CNTL, 'offset': ZB_DEPTHOFFSET, 'pitch': ZB_DEPTHPITCH,
                 'zpass_data': ZB_ZPASS_DATA, 'zpass_addr': ZB_ZPASS_ADDR}
        for k, v in kw.items():
            self.w(names[k], v)

    def f(self, x, y, z, back=0, note=''):
        at = '@%d ' % (self.t + self.nw + 2) if self.first else ''
        self.first = False
        self.nf += 1
        self.lines.append('in frag %s%04x %04x %06x %x%s' % (at, x, y, z & 0xFFFFFF, back,
                                                             '  # ' + note if note else ''))

    def write(self, outdir):
        vector.write_stim(
            outdir, self.name, 'r5xx.zb', self.title, __file__,
            notes=['r5xx_zb_directed.py --check replays it through its own reference of docs/blocks/r5xx.zb.md'],
            mem=vector.mem_lines(self.mem), body=self.lines, backpressure=self.bp, latency=self.lat)


def zs(func=0, sfunc=0, fail=0, zpass=0, zfail=0, bf=(0, 0, 0, 0), zero=0):
    """ZB_ZSTENCILCNTL from its fields (000:15298-15368)."""
    v = func | sfunc << 3 | fail << 6 | zpass << 9 | zfail << 12
    v |= bf[0] << 15 | bf[1] << 18 | bf[2] << 21 | bf[3] << 24
    return v | (ZERO_OUTPUT_MASK if zero else 0)


def rm(ref, mask=0xFF, wmask=0xFF):
    return ref | mask << 8 | wmask << 16


def z24s8(c, pitch=16, **kw):
    """A linear Z24S8 surface at BASE, pitch pixels (a multiple of 4)."""
    c.regs(offset=BASE, pitch=pitch | kw.pop('tiling', 0), fmt=kw.pop('fmt', 2), **kw)


def cases():
    out = []

    c = Case('zfunc_worked', 'the eight Z functions, new FUNC old, 24-bit unsigned (000:15301-15310, '
             'spec fact 18: 1 LESS, 3 EQUAL, 5 GREATER, 7 ALWAYS); Z written where it passes')
    c.preload(BASE, [0x80000000 | i for i in range(32)])          # Z 0x800000, stencil i
    for func in range(8):
        c.phase()
        z24s8(c, cntl=Z_EN | Z_WR, zsc=zs(func), bw=ZEQ_DIS)
        for k, z in enumerate([0x7FFFFF, 0x800000, 0x800001]):  # less, equal, greater than stored
            c.f(4 * func % 16 + k, 4 * func // 16, z)
    out.append(c)

    c = Case('stencil_ops', 'every stencil operation on 0xFF, 0x00 and 0x5A (spec fact 19: incr clamp '
             '255 -> 255, incr wrap 255 -> 0, decr clamp 0 -> 0, decr wrap 0 -> 255, replace -> REF, '
             'invert = bitwise NOT)')
    c.preload(BASE, [0x123456FF, 0x12345600, 0x1234565A] * 8)
    for op in range(8):
        c.phase()
        # STENCILFUNC ALWAYS, Z test off: the ZPASS operation applies (000:15343-15345)
        z24s8(c, cntl=S_EN, zsc=zs(sfunc=ALWAYS, zpass=op), srm=rm(0x42), bw=SEQ_DIS)
        for k in range(3):
            c.f(3 * op + k - 16 * ((3 * op + k) // 16), (3 * op + k) // 16, 0)
    out.append(c)

    c = Case('stencil_masked_replace', 'the worked write-mask fact: old 0xF0, REF 0x0F, WRITEMASK 0x3C, '
             'replace -> (0xF0 & ~0x3C) | (0x0F & 0x3C) = 0xCC (000:14909-14923, spec fact 20)')
    c.preload(BASE, [0xABCDEFF0, 0xABCDEFF0])
    z24s8(c, cntl=S_EN, zsc=zs(sfunc=ALWAYS, zpass=REPLACE), srm=rm(0x0F, 0xFF, 0x3C))
    c.f(0, 0, 0, note='-> stencil 0xCC: write ABCDEFCC be 1')
    c.phase()
    z24s8(c, cntl=S_EN, zsc=zs(sfunc=NEVER, fail=REPLACE), srm=rm(0x0F, 0xFF, 0x3C))
    c.f(1, 0, 0, note='the FAIL operation, same result')
    out.append(c)

    c = Case('stencil_funcs', 'the eight stencil functions, (ref & mask) FUNC (stored & mask) (decision): '
             'ref 0x35 mask 0x0F against stored 0x14, 0x25, 0x36 (masked 4 < 5 < 6)')
    c.preload(BASE, [0x00000014, 0x00000025, 0x00000036] * 8)
    for func in range(8):
        c.phase()
        z24s8(c, cntl=S_EN, zsc=zs(sfunc=func, fail=ZERO, zpass=INCR_WRAP), srm=rm(0x35, 0x0F, 0xFF))
        for k in range(3):
            i = 3 * func + k
            c.f(i % 16, i // 16, 0)
    out.append(c)

    c = Case('two_sided', 'STENCIL_FRONT_BACK selects the _BF function and operations for back-facing '
             'fragments, STENCIL_REFMASK_FRONT_BACK the _BF reference and masks; front-facing ones keep '
             'the front state (000:15014-15048, 15216-15232)')
    c.preload(BASE, [0x00000010] * 32)
    front, back = zs(sfunc=ALWAYS, zpass=REPLACE), zs(sfunc=ALWAYS, zpass=REPLACE, bf=(EQUAL, ZERO, INCR, DECR))
    for i, cntl in enumerate([S_EN, S_EN | S_FB, S_EN | S_REFMASK_FB, S_EN | S_FB | S_REFMASK_FB]):
        c.phase()
        z24s8(c, cntl=cntl, zsc=back if i else front, srm=rm(0x21, 0xFF, 0x0F), srm_bf=rm(0x10, 0xF0, 0xFF))
        c.f(4 * i, 0, 0, 0)
        c.f(4 * i + 1, 0, 0, 1)
        c.f(4 * i + 2, 0, 0, 1)
    out.append(c)

    c = Case('formats', 'DEPTHFORMAT 0 (16-bit, both halves of a dword), 1 (13E3: processed as 16-bit '
             'integer Z, err FORMAT), 2 (Z24S8, spec fact 21), 3 and 15 (reserved: processed as Z24S8, '
             'err FORMAT and BADCFG); stencil is ignored on the 16-bit formats')
    c.preload(BASE, [0x80007FFF + 0x10001 * i for i in range(16)])
    for fmt in (0, 1, 2, 3, 15):
        c.phase()
        z24s8(c, fmt=fmt, cntl=Z_EN | Z_WR | S_EN, zsc=zs(LESS, ALWAYS, zpass=INCR), srm=rm(0))
        for x, z in [(0, 0x7000), (1, 0x8000), (2, 0x000010), (3, 0xFF9000), (5, 0x7FFF00)]:
            c.f(x + 6 * (fmt & 1), 0, z)
    out.append(c)

    c = Case('zsigned', 'ZSIGNED_COMPARE: unsigned, two\'s complement and sign-magnitude keys (-0 == +0), '
             '16 and 24 bits (000:15009-15040); a 16-bit fragment uses z[15:0]')
    c.preload(BASE, [0x80000000, 0x00000100, 0xFFFFFF00, 0x00000000, 0x80000000, 0x7FFFFF00] * 3)
    for fmt in (2, 0):
        for mode in (0, Z_SIGNED, Z_SIGNED | Z_SMAG):
            c.phase()
            z24s8(c, fmt=fmt, cntl=Z_EN | mode, zsc=zs(LESS))
            for x, z in enumerate([0x000001, 0x800000, 0x000000, 0x008000, 0x7FFFFF, 0x800001, 0xFFFFFF, 0x00FFFF]):
                c.f(x, 0, z)
            c.phase()
            z24s8(c, fmt=fmt, cntl=Z_EN | mode, zsc=zs(EQUAL))
            for x, z in enumerate([0x000000, 0x800000, 0x008000, 0x000000, 0x800000, 0x7FFFFF]):
                c.f(x, 0, z)
    out.append(c)

    c = Case('write_suppress', 'ZEQUAL/SEQUAL optimisation: an unchanged Z or stencil is not written '
             'unless ZEQUAL/SEQUAL_OPTIMIZE_DISABLE; BMASK_DISABLE writes whole dwords; Z needs '
             'ZWRITEENABLE and both tests passed (000:14930-14955, 14968-14975)')
    c.preload(BASE, [0x55555580] * 16)
    for bw in (0, ZEQ_DIS, SEQ_DIS, ZEQ_DIS | SEQ_DIS, BMASK_DIS, BMASK_DIS | ZEQ_DIS):
        for cntl in (Z_EN | Z_WR | S_EN, Z_EN | S_EN):
            c.phase()
            z24s8(c, cntl=cntl, zsc=zs(LEQUAL, ALWAYS, zpass=KEEP, zfail=INCR), srm=rm(0), bw=bw)
            c.f(0, 0, 0x555555)               # equal Z, stencil kept
            c.f(1, 0, 0x123456)               # new Z, stencil kept
            c.f(2, 0, 0xFFFFFF)               # Z fails: stencil incremented
    c.phase()
    c.regs(fmt=0, cntl=Z_EN | Z_WR, bw=BMASK_DIS)
    c.f(5, 0, 0x1111)
    c.f(7, 1, 0x5555)
    out.append(c)

    c = Case('zero_output_mask', 'ZERO_OUTPUT_MASK zeroes the pass records but not the depth and stencil '
             'updates nor the Z-pass count (000:15361-15368)')
    c.preload(BASE, [0x40000000] * 8)
    for zero in (0, 1):
        c.phase()
        z24s8(c, cntl=Z_EN | Z_WR | S_EN, zsc=zs(LESS, ALWAYS, zpass=INCR, zero=zero), srm=rm(0),
              zpass_data=0)
        for x, z in enumerate([0x100000, 0x500000, 0x200000, 0x000001]):
            c.f(x + 4 * zero, 0, z)
        c.phase()
        c.regs(zpass_addr=0x00200000 + 4 * zero)
    out.append(c)

    c = Case('zpass_counter', 'ZB_ZPASS_DATA counts fragments that pass the stencil and Z tests (or with '
             'the tests off); a write replaces the count; a ZB_ZPASS_ADDR write stores it to memory '
             '(000:15273-15294)')
    c.preload(BASE, [0x80000000] * 16)
    c.regs(zpass_addr=0x00200000)
    c.phase()
    z24s8(c, cntl=Z_EN, zsc=zs(LESS), zpass_data=0xFFFFFFFE)
    for x, z in enumerate([0x100000, 0x900000, 0x000000, 0x7FFFFF, 0x800000]):
        c.f(x, 0, z)
    c.phase()
    c.regs(zpass_addr=0x00200007)                   # address bits 1:0 ignored
    c.phase()
    c.regs(cntl=0, zpass_data=100)
    for x in range(5):
        c.f(x, 1, 0)
    c.phase()
    c.regs(zpass_addr=0x00200008)
    out.append(c)

    c = Case('endian', 'DEPTHENDIAN 0-3 (000:15096-15102): the dword is swapped on the way in and out, '
             'data and byte enables, on Z24S8 and 16-bit surfaces')
    c.preload(BASE, [0x11223344 + 0x01010101 * i for i in range(16)])
    for fmt in (2, 0):
        for e in range(4):
            c.phase()
            z24s8(c, fmt=fmt, tiling=e << 19, cntl=Z_EN | Z_WR | S_EN,
                  zsc=zs(ALWAYS, ALWAYS, zpass=INCR_WRAP), srm=rm(0))
            c.f(e, 0 if fmt == 2 else 1, 0x00ABCD)
    out.append(c)

    c = Case('hazard', 'read-after-write: 12 fragments on one pixel back to back, then alternating '
             'pixels of one dword (16-bit, with and without BMASK_DISABLE); each sees the previous one\'s '
             'write (stencil +1 each, Z replaced)', latency='3:3')
    c.preload(BASE, [0x00000000] * 16)
    z24s8(c, cntl=Z_EN | Z_WR | S_EN, zsc=zs(ALWAYS, ALWAYS, zpass=INCR_WRAP), srm=rm(0))
    for i in range(12):
        c.f(3, 1, 0x010000 * (i + 1))
    for bw in (0, BMASK_DIS):
        c.phase()
        c.regs(fmt=0, bw=bw, pitch=16 | 2 << 17)      # 16-bit square micro-tiles
        for i in range(8):
            c.f(i & 1, 0, 0x100 * i + 0x10)
    out.append(c)

    c = Case('tiled', 'the depth surface at tiled addresses (r5xx.tile): Z24S8 macro- and micro-tiled, '
             '16-bit square micro-tiles, an unaligned macro-tiled base (err ALIGN), x beyond the pitch '
             '(err RANGE), the 16-bit 8x2 micro-tile (err CLIENT)')
    c.preload(BASE, [0xFFFFFF00] * 2048)
    for tiling, fmt, off in [(1 << 16 | 1 << 17, 2, 0), (1 << 17, 2, 0), (2 << 17, 0, 0), (1 << 16, 0, 0x20),
                             (1 << 17, 0, 0)]:
        c.phase()
        c.regs(offset=BASE + off, pitch=64 | tiling, fmt=fmt, cntl=Z_EN | Z_WR, zsc=zs(LESS))
        for x, y in [(0, 0), (1, 0), (0, 1), (5, 3), (31, 15), (32, 0), (63, 17), (64, 0)]:
            c.f(x, y, 0x000100 + x + y)
    out.append(c)

    c = Case('no_tests', 'Z_ENABLE = STENCIL_ENABLE = 0 (ZWRITEENABLE alone does nothing): no memory '
             'traffic, every fragment passes and is counted; stencil alone on a 16-bit surface likewise')
    c.preload(BASE, [0x12345678] * 8)
    z24s8(c, cntl=Z_WR | S_FB, zsc=zs(NEVER, NEVER, ZERO, ZERO, ZERO), zpass_data=0)
    for x in range(6):
        c.f(x, 0, 0, x & 1)
    c.phase()
    c.regs(fmt=0, cntl=S_EN)
    for x in range(6):
        c.f(x, 0, 0)
    c.phase()
    c.regs(zpass_addr=0x00200000)
    out.append(c)

    c = Case('reg_wait', 'a register write offered while fragments are in flight waits until the block is '
             'idle, and no fragment is accepted meanwhile: the fragments before it use the old ZFUNC, '
             'the ones after it the new', latency='4:4')
    c.preload(BASE, [0x80000000] * 16)
    z24s8(c, cntl=Z_EN, zsc=zs(LESS))
    for x in range(6):
        c.f(x, 0, 0x100000)
    # the sixth fragment is accepted at the phase's first fragment cycle + 5 (one per clock); the
    # write offered on that cycle is refused (busy) and holds back the seventh
    c.lines.append('in regw @%d %04x %08x' % (c.t + c.nw + 2 + 5, ZB_ZSTENCILCNTL, zs(GREATER)))
    for x in range(6):
        c.f(x + 6, 0, 0x100000)
    out.append(c)

    for name, bp, lat, cntl, func, title in [
            ('throughput_read', 'always', '4:4', Z_EN, NEVER, 'Z test only, nothing written: one fragment '
             'per clock with a 4-cycle memory'),
            ('throughput_rmw', 'always', '4:4', Z_EN | Z_WR, ALWAYS, 'every fragment writes: two memory '
             'requests per fragment on the one port, one fragment per two clocks'),
            ('backpressure', 'random:0.5', '1:8', Z_EN | Z_WR | S_EN, LESS, 'random back-pressure on memory '
             'requests and pass records, memory latency 1 to 8')]:
        c = Case(name, '96 fragments back to back, no two of any 16 on one pixel: ' + title, bp, lat)
        c.preload(BASE, [(0x800000 + 0x1111 * i) << 8 | i for i in range(256)])
        c.regs(offset=BASE, pitch=64 | 1 << 17, fmt=2, cntl=cntl, zsc=zs(func, ALWAYS, zpass=INCR_WRAP),
               srm=rm(0))
        for i in range(96):
            c.f((i * 5) % 64, (i * 7) % 4, 0x800000 + 0x3333 * i)
        out.append(c)
    return out


# ---- the check -----------------------------------------------------------------------------

def bytes_of(be):
    return sum(0xFF << (8 * i) for i in range(4) if be >> i & 1)


def check(vecdir):
    return chk.check_all(vecdir, records)


def records(lines, v):
    """(what, the vector's records, the reference's) of a stimulus and its golden vector v."""
    passes, writes = reference(lines)
    # the bytes of a write that are not enabled carry what the read returned (docs/blocks/r5xx.zb.md);
    # only the enabled ones are compared
    writes = [(a, d & bytes_of(be), be) for a, d, be in writes]
    gp = [tuple(x[:4]) for _, x in v.outputs('pass')]
    gw = [(x[0], x[2] & bytes_of(x[3]), x[3]) for _, x in v.outputs('memreq') if x[1]]
    return (('pass', gp, passes), ('memory write', gw, writes))


def main(argv):
    return chk.main(argv, __doc__.split('\n\n')[-1] + '\n', check, cases)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
