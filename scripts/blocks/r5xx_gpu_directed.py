#!/usr/bin/env python3
"""r5xx_gpu_directed.py - directed stimulus for r5xx.gpu (docs/blocks/r5xx.gpu.md): command streams written
the way public drivers write them, and an independent reference of their pixels and fences.

Usage: r5xx_gpu_directed.py OUTDIR              write OUTDIR/*.stim (vectors/r5xx/gpu/stim)
       r5xx_gpu_directed.py --check VECDIR      replay each golden vector's memory writes over its
                                           preloaded memory and compare the surfaces and the
                                           fence words with this script's own reference

The streams (facts from the Linux radeon driver, the old radeon DRM and xf86-video-ati; the
code is not copied):
  ring_start   CP start as r100_cp_init does it (RB_CNTL, RPTR_ADDR, WPTR) with the scratch
               write-back set up by MMIO (SCRATCH_ADDR, SCRATCH_UMSK), Type-2 fillers, a fence
  ib_test      the kernel's IB test: SCRATCH_REG = 0xCAFEDEAD from the ring, an indirect buffer
               holding PACKET0(scratch) 0xDEADBEEF and Type-2 fillers, started by
               PACKET0(CP_IB_BASE, 1); both values reach memory in order
  copy         r100_copy_blit: BITBLT_MULTI with every SETUP_BODY dword, ROP3_S, WR_MSK_DIS,
               then DSTCACHE_CTLSTAT flush, WAIT_UNTIL 2D idle, a fence
  fill_regs    xf86-video-ati PrepareSolid/Solid: a solid fill written as registers, 3 rects
  fill_pkt     the same fills as PAINT_MULTI packets (pixel-identical to fill_regs)
  blit_regs    PrepareCopy/Copy: overlapping copies in all four DP_CNTL directions
  blit_pkt     the same copies as BITBLT_MULTI packets (pixel-identical to blit_regs)
  write_mask   DP_WRITE_MASK 0x00FF00FF on a fill by registers, then a PAINT packet that keeps
               it (packets and registers share the state), then GMC_WR_MSK_DIS
  fence        work, WAIT_UNTIL 2D|3D idle-clean, SCRATCH_REG3 = 0x1234, GEN_INT_STATUS SW_INT
               (r100_fence_ring_emit), a 3D_CLEAR_ZMASK in between
  unknown      writes to addresses no block owns, counted and shown with destination 0
Standard library only.
"""
import os
import sys

from rcosim_py import check as chk
from rcosim_py import rng, vector

RING, IB, SURF_A, SURF_B, WB = 0x00800000, 0x00810000, 0x00100000, 0x00110000, 0x00700000
SCRATCH = WB + 0x100
W, H = 64, 48                      # surface size in pixels; pitch 256 bytes at 32 bpp
PITCH_FIELD = 4                    # 4 x 64 bytes

# register addresses (docs/blocks/r5xx.gpu.md; model/regdb/r5xx_supp.json)
CP_RB_BASE, CP_RB_CNTL, CP_RB_RPTR_ADDR, CP_RB_WPTR = 0x700, 0x704, 0x70C, 0x714
CP_IB_BASE = 0x738
SCRATCH_UMSK, SCRATCH_ADDR, SCRATCH_REG0 = 0x770, 0x774, 0x15E0
SRC_PITCH_OFFSET, DST_PITCH_OFFSET, SRC_Y_X, DST_Y_X, DST_HEIGHT_WIDTH = 0x1428, 0x142C, 0x1434, 0x1438, 0x143C
DP_GUI_MASTER_CNTL, DP_BRUSH_FRGD_CLR, DP_CNTL, DP_WRITE_MASK = 0x146C, 0x147C, 0x16C0, 0x16CC
DSTCACHE_CTLSTAT, WAIT_UNTIL, GEN_INT_STATUS = 0x1714, 0x1720, 0x0044
GMC_SRC_PO, GMC_DST_PO, GMC_SRC_CLIP, GMC_DST_CLIP = 1, 2, 4, 8
BRUSH_SOLID, BRUSH_NONE, SRC_COLOR, SRC_MEMORY = 13 << 4, 15 << 4, 3 << 12, 2 << 24
CLR_CMP_DIS, WR_MSK_DIS = 1 << 28, 1 << 30
ROP_S, ROP_P = 0xCC, 0xF0
WAIT_2D_IDLECLEAN, WAIT_3D_IDLECLEAN, WAIT_HOST_IDLECLEAN, WAIT_DMA_GUI_IDLE = 1 << 16, 1 << 17, 1 << 18, 1 << 9
PAINT_MULTI, BITBLT_MULTI, CLEAR_ZMASK = 0x9A, 0x9B, 0x32


def po(addr):
    return PITCH_FIELD << 22 | addr >> 10


def yx(x, y):
    return (y & 0xFFFF) << 16 | (x & 0xFFFF)


def xy_hi(x, y):     # packet records: X in [31:16], Y in [15:0]
    return (x & 0xFFFF) << 16 | (y & 0xFFFF)


class Stream:
    def __init__(self, name, title, bp='random:0.3', lat='1:6'):
        self.name, self.title, self.bp, self.lat = name, title, bp, lat
        self.ring, self.ib, self.mem, self.mmio = [], [], [], []
        self.rptr_addr = 0

    def reg(self, addr, *vals, ring=None):
        r = self.ring if ring is None else ring
        r.append((len(vals) - 1) << 16 | addr >> 2)
        r.extend(vals)

    def pkt3(self, op, body, ring=None):
        r = self.ring if ring is None else ring
        r.append(3 << 30 | (len(body) - 1) << 16 | op << 8)
        r.extend(body)

    def fill_mem(self, addr, words):
        for i in range(0, len(words), 8):
            self.mem.append((addr + 4 * i, words[i:i + 8]))

    def scratch_setup(self):
        self.reg(SCRATCH_ADDR, SCRATCH)
        self.reg(SCRATCH_UMSK, 0xFF)

    def fence(self, n, seq):
        self.reg(WAIT_UNTIL, WAIT_2D_IDLECLEAN | WAIT_3D_IDLECLEAN)
        self.reg(SCRATCH_REG0 + 4 * n, seq)

    def write(self, outdir):
        ring = self.ring
        bufsz = 2
        while (1 << (bufsz + 1)) <= len(ring):
            bufsz += 1
        cntl = bufsz | (0 if self.rptr_addr else 1 << 27)
        host = [(CP_RB_BASE, RING)] + ([(CP_RB_RPTR_ADDR, self.rptr_addr)] if self.rptr_addr else []) + \
            [(CP_RB_CNTL, cntl)] + list(self.mmio) + [(CP_RB_WPTR, len(ring))]   # MMIO before the ring runs
        vector.write_stim(
            outdir, self.name, 'r5xx.gpu', self.title, __file__,
            mem=[m for addr, words in self.mem for m in vector.chunk_lines(addr, words, None)] +
            vector.chunk_lines(RING, ring) + vector.chunk_lines(IB, self.ib),
            body=['in host @0 %04x %08x' % (a, d) for a, d in host], backpressure=self.bp, latency=self.lat)


def pattern(seed, n):
    g = rng.lcg(seed, 1103515245, 12345)
    return [next(g) for _ in range(n)]


def preload(s):
    s.fill_mem(SURF_A, pattern(1, W * H))
    s.fill_mem(SURF_B, pattern(2, W * H))


GMC_FILL = GMC_DST_PO | BRUSH_SOLID | 6 << 8 | SRC_COLOR | ROP_P << 16 | CLR_CMP_DIS
GMC_COPY = GMC_DST_PO | GMC_SRC_PO | BRUSH_NONE | 6 << 8 | SRC_COLOR | ROP_S << 16 | SRC_MEMORY | CLR_CMP_DIS
FILLS = [(3, 4, 20, 10, 0xFF2040C0), (30, 2, 17, 30, 0x8000FF00), (-5, 40, 12, 20, 0x00FFFFFF)]
COPIES = [(0, 0, 4, 3, 30, 20), (10, 10, 7, 8, 20, 15), (40, 30, 36, 33, 16, 12), (20, 40, 26, 40, 25, 6)]


def solid_regs(s, fills, mask=0xFFFFFFFF, gmc=GMC_FILL):
    """xf86-video-ati: PrepareSolid (GMC, FRGD, WRITE_MASK, DP_CNTL, DST_PITCH_OFFSET), then per
    rectangle Solid (DST_Y_X, DST_HEIGHT_WIDTH); one colour per PrepareSolid."""
    for (x, y, w, h, c) in fills:
        s.reg(DP_GUI_MASTER_CNTL, gmc)
        s.reg(DP_BRUSH_FRGD_CLR, c)
        s.reg(DP_WRITE_MASK, mask)
        s.reg(DP_CNTL, 3)
        s.reg(DST_PITCH_OFFSET, po(SURF_A))
        s.reg(DST_Y_X, yx(x, y))
        s.reg(DST_HEIGHT_WIDTH, h << 16 | w)


def copy_regs(s, copies):
    """PrepareCopy/Copy: directions from the overlap, start corners moved as RADEONCopy does."""
    for (sx, sy, dx, dy, w, h) in copies:
        xdir = -1 if sx < dx and sy == dy else 1
        ydir = -1 if sy < dy else 1
        s.reg(DP_GUI_MASTER_CNTL, GMC_COPY)
        s.reg(DP_WRITE_MASK, 0xFFFFFFFF)
        s.reg(DP_CNTL, (1 if xdir > 0 else 0) | (2 if ydir > 0 else 0))
        s.reg(DST_PITCH_OFFSET, po(SURF_A))
        s.reg(SRC_PITCH_OFFSET, po(SURF_A))
        if xdir < 0:
            sx, dx = sx + w - 1, dx + w - 1
        if ydir < 0:
            sy, dy = sy + h - 1, dy + h - 1
        s.reg(SRC_Y_X, yx(sx, sy))
        s.reg(DST_Y_X, yx(dx, dy))
        s.reg(DST_HEIGHT_WIDTH, h << 16 | w)


def cases():
    out = []

    s = Stream('ring_start', 'CP start as r100_cp_init (RPTR write-back on, scratch set-up by MMIO), Type-2 fillers, one fence')
    s.rptr_addr = WB
    s.mmio += [(SCRATCH_ADDR, SCRATCH), (SCRATCH_UMSK, 0xFF)]
    s.ring += [0x80000000] * 5
    s.fence(0, 0x00000001)
    out.append(s)

    s = Stream('ib_test', "the kernel's IB test: scratch 0xCAFEDEAD from the ring, 0xDEADBEEF from an indirect buffer")
    s.scratch_setup()
    s.reg(SCRATCH_REG0 + 4 * 2, 0xCAFEDEAD)
    s.reg(SCRATCH_REG0 + 4 * 2, 0xDEADBEEF, ring=s.ib)
    s.ib += [0x80000000] * 6
    s.reg(CP_IB_BASE, IB, len(s.ib))
    s.fence(1, 7)
    out.append(s)

    s = Stream('copy', 'r100_copy_blit: BITBLT_MULTI surface to surface, cache flush, wait, fence')
    preload(s)
    s.scratch_setup()
    gmc = (GMC_SRC_PO | GMC_DST_PO | GMC_SRC_CLIP | GMC_DST_CLIP | BRUSH_NONE | 6 << 8 | SRC_COLOR |
           ROP_S << 16 | SRC_MEMORY | CLR_CMP_DIS | WR_MSK_DIS)
    s.pkt3(BITBLT_MULTI, [gmc, po(SURF_B), po(SURF_A), 0x1FFF1FFF, 0, 0x1FFF1FFF,
                          xy_hi(0, 0), xy_hi(0, 0), W << 16 | H])
    s.reg(DSTCACHE_CTLSTAT, 0xF)
    s.reg(WAIT_UNTIL, WAIT_2D_IDLECLEAN | WAIT_HOST_IDLECLEAN | WAIT_DMA_GUI_IDLE)
    s.fence(0, 2)
    out.append(s)

    s = Stream('fill_regs', 'xf86-video-ati solid fills written as registers')
    preload(s)
    solid_regs(s, FILLS)
    out.append(s)

    s = Stream('fill_pkt', 'the fills of fill_regs as PAINT_MULTI packets')
    preload(s)
    for (x, y, w, h, c) in FILLS:
        s.pkt3(PAINT_MULTI, [GMC_FILL, po(SURF_A), c, xy_hi(x, y), w << 16 | h])
    out.append(s)

    s = Stream('blit_regs', 'xf86-video-ati overlapping copies written as registers, all DP_CNTL directions')
    preload(s)
    copy_regs(s, COPIES)
    out.append(s)

    s = Stream('blit_pkt', 'the copies of blit_regs as BITBLT_MULTI packets')
    preload(s)
    for (sx, sy, dx, dy, w, h) in COPIES:
        s.pkt3(BITBLT_MULTI, [GMC_COPY | GMC_SRC_PO, po(SURF_A), po(SURF_A), xy_hi(sx, sy), xy_hi(dx, dy), w << 16 | h])
    out.append(s)

    s = Stream('write_mask', 'DP_WRITE_MASK on a register fill and on a later PAINT packet; WR_MSK_DIS')
    preload(s)
    solid_regs(s, [FILLS[0]], mask=0x00FF00FF)
    s.pkt3(PAINT_MULTI, [GMC_FILL, po(SURF_A), 0x11223344, xy_hi(20, 20), 30 << 16 | 20])
    s.pkt3(PAINT_MULTI, [GMC_FILL | WR_MSK_DIS, po(SURF_A), 0x55667788, xy_hi(50, 0), 10 << 16 | 10])
    out.append(s)

    s = Stream('fence', 'r100_fence_ring_emit after a register fill, with a 3D_CLEAR_ZMASK on the way')
    preload(s)
    s.scratch_setup()
    solid_regs(s, FILLS[:2])
    s.pkt3(CLEAR_ZMASK, [0, 16, 0])
    s.reg(DSTCACHE_CTLSTAT, 0xF)
    s.fence(3, 0x1234)
    s.reg(GEN_INT_STATUS, 1 << 26)
    out.append(s)

    s = Stream('unknown', 'writes no block owns (counted on status unk, shown with dst 0) between known ones')
    s.reg(0x0800, 0x12345678)
    s.reg(DP_WRITE_MASK, 0xFFFFFFFF)
    s.reg(0x3000, 1, 2, 3)
    s.reg(0x4E00, 0)                               # RB3D: the 3D path's destination
    out.append(s)
    return out


# ---- the independent reference -------------------------------------------------------------------

def rop3(code, p, s, d):
    r = 0
    for i in range(32):
        if code >> ((p >> i & 1) << 2 | (s >> i & 1) << 1 | (d >> i & 1)) & 1:
            r |= 1 << i
    return r


def sx16(v):
    v &= 0xFFFF
    return v - 0x10000 if v & 0x8000 else v


class Ref:
    """What a stream leaves in memory: 32 bpp linear surfaces, solid fills and copies from
    registers (DP_CNTL corners) and from PAINT_MULTI / BITBLT_MULTI packets, DP_WRITE_MASK shared,
    the scratch write-back of every SCRATCH_REG write, the IB one level down."""

    def __init__(self, mem):
        self.mem = mem
        self.r = {DP_WRITE_MASK: 0xFFFFFFFF, DP_CNTL: 3}
        self.fences = []

    def rd(self, a):
        return self.mem.get(a, 0)

    def rect(self, po_, x0, y0, w, h, fn, src=None, sdx=0, sdy=0):
        gmc = self.r.get(DP_GUI_MASTER_CNTL, 0)
        m = 0xFFFFFFFF if gmc >> 30 & 1 else self.r[DP_WRITE_MASK]
        base, pitch = (po_ & 0x3FFFFF) << 10, (po_ >> 22 & 0xFF) * 64 // 4
        sbase = (src & 0x3FFFFF) << 10 if src is not None else 0
        snap = {}
        if src is not None:
            for y in range(y0, y0 + h):
                for x in range(x0, x0 + w):
                    snap[(x, y)] = self.rd(sbase + 4 * ((y + sdy) * pitch + x + sdx))
        for y in range(max(y0, 0), y0 + h):
            for x in range(max(x0, 0), x0 + w):
                if src is not None and (x + sdx < 0 or y + sdy < 0):
                    continue
                a = base + 4 * (y * pitch + x)
                d = self.rd(a)
                v = fn(snap.get((x, y), 0), d)
                self.mem[a] = (v & m) | (d & ~m & 0xFFFFFFFF)

    def write(self, a, d):
        self.r[a] = d
        gmc = self.r.get(DP_GUI_MASTER_CNTL, 0)
        rop = gmc >> 16 & 0xFF
        if SCRATCH_REG0 <= a <= SCRATCH_REG0 + 28 and self.r.get(SCRATCH_UMSK, 0) >> ((a - SCRATCH_REG0) // 4) & 1:
            addr = (self.r.get(SCRATCH_ADDR, 0) & ~31) + (a - SCRATCH_REG0)
            self.mem[addr] = d
            self.fences.append((addr, d))
        if a == DST_HEIGHT_WIDTH:
            w, h, dpc = d & 0x3FFF, d >> 16 & 0x3FFF, self.r[DP_CNTL]
            dx, dy = sx16(self.r[DST_Y_X]), sx16(self.r[DST_Y_X] >> 16)
            x0 = dx if dpc & 1 else dx - w + 1
            y0 = dy if dpc & 2 else dy - h + 1
            if gmc >> 24 & 7 == 2:
                sx, sy = sx16(self.r[SRC_Y_X]), sx16(self.r[SRC_Y_X] >> 16)
                self.rect(self.r[DST_PITCH_OFFSET], x0, y0, w, h, lambda s, dd: rop3(rop, 0, s, dd),
                          src=self.r[SRC_PITCH_OFFSET], sdx=sx - dx, sdy=sy - dy)
            else:
                fg = self.r.get(DP_BRUSH_FRGD_CLR, 0)
                self.rect(self.r[DST_PITCH_OFFSET], x0, y0, w, h, lambda s, dd: rop3(rop, fg, 0, dd))

    def packet(self, op, body):
        gmc = body[0]
        self.r[DP_GUI_MASTER_CNTL] = gmc
        j = 1
        if gmc & 1:
            self.r[SRC_PITCH_OFFSET] = body[j]
            j += 1
        if gmc & 2:
            self.r[DST_PITCH_OFFSET] = body[j]
            j += 1
        j += (1 if gmc & 4 else 0) + (2 if gmc & 8 else 0)
        rop = gmc >> 16 & 0xFF
        if op == PAINT_MULTI:
            fg = body[j]
            self.r[DP_BRUSH_FRGD_CLR] = fg
            for k in range(j + 1, len(body) - 1, 2):
                x, y = sx16(body[k] >> 16), sx16(body[k])
                w, h = body[k + 1] >> 16 & 0x3FFF, body[k + 1] & 0x3FFF
                self.rect(self.r[DST_PITCH_OFFSET], x, y, w, h, lambda s, dd: rop3(rop, fg, 0, dd))
        elif op == BITBLT_MULTI:
            for k in range(j, len(body) - 2, 3):
                sx, sy, dx, dy = sx16(body[k] >> 16), sx16(body[k]), sx16(body[k + 1] >> 16), sx16(body[k + 1])
                w, h = body[k + 2] >> 16 & 0x3FFF, body[k + 2] & 0x3FFF
                self.rect(self.r[DST_PITCH_OFFSET], dx, dy, w, h, lambda s, dd: rop3(rop, 0, s, dd),
                          src=self.r[SRC_PITCH_OFFSET], sdx=sx - dx, sdy=sy - dy)

    def run(self, base, n, level=0):
        p = 0
        while p < n:
            hd = self.rd(base + 4 * p)
            t, cnt = hd >> 30, hd >> 16 & 0x3FFF
            body = [self.rd(base + 4 * (p + 1 + i)) for i in range(0 if t == 2 else 2 if t == 1 else cnt + 1)]
            if t == 0:
                for i, d in enumerate(body):
                    self.write(4 * ((hd & 0x1FFF) + (0 if hd >> 15 & 1 else i)), d)
                if level == 0 and 4 * (hd & 0x1FFF) == CP_IB_BASE and len(body) == 2:
                    self.run(body[0], body[1], 1)
            elif t == 3:
                self.packet(hd >> 8 & 0xFF, body) if (hd >> 8 & 0xFF) in (PAINT_MULTI, BITBLT_MULTI) else None
            p += 1 + len(body)


def read_vec(path):
    v = vector.read(path)
    return (v.memory(), [tuple(x[i] for i in (0, 2, 3, 4)) for _, x in v.outputs('memreq') if x[1]],
            [tuple(x[:2]) for _, x in v.inputs('host')])


def check(vecdir):
    bad, n = 0, 0
    for name in sorted(os.listdir(vecdir)):
        if not (name.endswith('.vec') or name.endswith('.vec.gz')) or name.startswith('frame.'):
            continue                               # the frame: r5xx_gpu_frame.py --check
        mem, writes, host = read_vec(os.path.join(vecdir, name))
        ref = Ref(dict(mem))
        hd = dict(host)
        for a, d in host:                          # MMIO: every host write outside the CP's ring registers
            if a & 0xFFE0 != 0x0700:
                ref.write(a, d)
        ref.run(hd[CP_RB_BASE], hd[CP_RB_WPTR])
        got = dict(mem)
        for a, d, be, port in writes:
            old = got.get(a, 0)
            m = sum(0xFF << (8 * i) for i in range(4) if be >> i & 1)
            got[a] = (old & ~m) | (d & m)
        rptr = hd.get(CP_RB_RPTR_ADDR)
        diffs = [a for a in sorted(set(ref.mem) | set(got)) if ref.mem.get(a, 0) != got.get(a, 0) and a != rptr]
        for a, d in ref.fences:
            if not any(w[0] == a and w[1] == d and w[3] == 0 for w in writes):
                diffs.append(a)
        n += 1
        if diffs:
            bad += 1
            a = diffs[0]
            print('FAIL %s: %d words differ, first at %08x: reference %08x, vector %08x'
                  % (name, len(diffs), a, ref.mem.get(a, 0), got.get(a, 0)))
        else:
            print('ok   %s: %d memory writes, %d fences' % (name, len(writes), len(ref.fences)))
    print('%s: %d vectors checked' % ('PASS' if not bad and n else 'FAIL', n))
    return 1 if bad or not n else 0


def main(argv):
    return chk.main(argv, __doc__, check, cases)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
