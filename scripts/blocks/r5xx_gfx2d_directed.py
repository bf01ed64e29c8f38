#!/usr/bin/env python3
"""r5xx_gfx2d_directed.py - write the directed stimulus files of r5xx.gfx2d (vectors/r5xx/gfx2d/stim/*.stim).

Each case is a PM4 2D packet stream as the CP emits it: one `pkt` record per packet (stream 0,
type 3, opcode, COUNT, ptr, err 0) and the body dwords on `body` with `last` on the final one.
'rcosim gen --stimulus X.stim -o X.vec' turns a stimulus into a golden vector (the C model's
outputs; scripts/regen-vectors does all of them).  'desktop' is the README's scene.

Usage: r5xx_gfx2d_directed.py --check VECDIR    compare VECDIR/*.vec(.gz) pixel records with the reference
       r5xx_gfx2d_directed.py OUTDIR [PM4DIR]   write OUTDIR/*.stim (and the desktop scene and the short
                                           'misc' case as PM4 rings for r5xx.pm4_2d into PM4DIR)
"""
import glob
import os
import sys

from rcosim_py import rng, vector

from blocks import r5xx_tile_directed  # the surface addresses: r5xx.tile's Python reference

PAINT, BITBLT, HOSTDATA_BLT, POLYLINE = 0x91, 0x92, 0x94, 0x95
PAINT_MULTI, BITBLT_MULTI, TRANS_BITBLT, NOP = 0x9A, 0x9B, 0x9C, 0x10
POLYSCANLINES, NEXTCHAR, PLY_NEXTSCAN, SET_SCISSORS = 0x98, 0x19, 0x1D, 0x1E
# GUI_CONTROL (001:2164-2407)
SRC_PO, DST_PO, SRC_CLIP, DST_CLIP, BRUSH_FLAG = 1, 2, 4, 8, 1 << 31
B_MONO, B_MONO_T, B_PEN, B_PEN_T, B_COLOR, B_SOLID, B_NONE = 0, 1, 6, 7, 10, 13, 15
RGB332, ARGB1555, RGB565, ARGB8888, ARGB4444 = 7, 3, 4, 6, 15
MONO_OPAQUE, MONO_TRANS, SRC_SAME = 0, 1, 3
SRCCOPY, PATCOPY, PATINVERT, SRCINVERT, DSTINVERT = 0xCC, 0xF0, 0x5A, 0x66, 0x55


def c16(v):
    return v & 0xFFFF


def gui(flags=0, brush=B_SOLID, dst=ARGB8888, src=SRC_SAME, rop=PATCOPY, pix_order=0, load=2):
    return flags | brush << 4 | dst << 8 | src << 12 | pix_order << 14 | rop << 16 | load << 24


def po(offset_kb, pitch_bytes, micro=0, macro=0):
    return micro << 31 | macro << 30 | (pitch_bytes // 64) << 22 | offset_kb


def xy_hi(x, y):      # [X|Y]: Y in [15:0], X in [31:16] (PAINT_MULTI, BITBLT, TRANS_BITBLT)
    return c16(x) << 16 | c16(y)


def yx_hi(x, y):      # [Y|X] / [TOP|LEFT]: X in [15:0] (PAINT, POLYLINE, HOSTDATA_BLT, scissors)
    return c16(y) << 16 | c16(x)


class Case:
    def __init__(self, name, title, backpressure='always', latency='1:1'):
        self.name, self.title = name, title
        self.bp, self.lat = backpressure, latency
        self.mem = []
        self.lines = []
        self.ptr = 0

    def packet(self, op, body, type_=3):
        cnt = len(body) - 1 if body else 0
        self.lines.append('in pkt @0 0 %x %02x %04x %06x 0' % (type_, op, cnt, self.ptr & 0x7FFFFF))
        for i, d in enumerate(body):
            self.lines.append('in body @0 %08x %d' % (d & 0xFFFFFFFF, i + 1 == len(body)))
        self.ptr += 1 + len(body)

    def setup(self, g, src_po=None, dst_po=None, src_br=None, sc=None, brush=(), byx=None):
        if not brush and (g >> 4 & 15) == B_SOLID:
            g = (g & ~0xF0) | B_NONE << 4      # no brush dwords given: BRUSH_TYPE 15
        b = [g | (SRC_PO if src_po is not None else 0) | (DST_PO if dst_po is not None else 0) |
             (SRC_CLIP if src_br is not None else 0) | (DST_CLIP if sc is not None else 0) |
             (BRUSH_FLAG if byx is not None else 0)]
        if src_po is not None:
            b.append(src_po)
        if dst_po is not None:
            b.append(dst_po)
        if src_br is not None:
            b.append(yx_hi(*src_br))
        if sc is not None:
            b += [yx_hi(sc[0], sc[1]), yx_hi(sc[2], sc[3])]
        b += list(brush)
        if byx is not None:
            b.append(byx)
        return b

    def paint_multi(self, g, rects, **kw):
        b = self.setup(g, **kw)
        for (x, y, w, h) in rects:
            b += [xy_hi(x, y), (w << 16) | h]
        self.packet(PAINT_MULTI, b)

    def paint(self, g, rects, **kw):
        b = self.setup(g, **kw)
        for (l, t, r, bt) in rects:
            b += [yx_hi(l, t), yx_hi(r, bt)]
        self.packet(PAINT, b)

    def bitblt(self, g, blits, multi=False, **kw):
        b = self.setup(g, **kw)
        for (sx, sy, dx, dy, w, h) in blits:
            b += [xy_hi(sx, sy), xy_hi(dx, dy), (w << 16) | h]
        self.packet(BITBLT_MULTI if multi else BITBLT, b)

    def trans(self, g, cntl, sref, dref, blit, **kw):
        sx, sy, dx, dy, w, h = blit
        b = self.setup(g, **kw) + [cntl, sref, dref, xy_hi(sx, sy), xy_hi(dx, dy), (w << 16) | h]
        self.packet(TRANS_BITBLT, b)

    def hostdata(self, g, fg, bg, chars, **kw):
        b = self.setup(g, **kw) + [fg, bg]
        for (x, y, w, h, words) in chars:
            b += [yx_hi(x, y), (h << 16) | w, len(words)] + list(words)
        self.packet(HOSTDATA_BLT, b)

    def polyline(self, g, pts, **kw):
        b = self.setup(g, **kw) + [yx_hi(x, y) for (x, y) in pts]
        self.packet(POLYLINE, b)

    def write_pm4(self, outdir):
        """The same packets as a PM4 ring for r5xx.pm4_2d (the CP and the 2D engine joined): Type-3
        headers (COUNT = body dwords - 1, opcode [15:8]) and bodies at 0x00800000, then the host
        writes CP_RB_BASE, CP_RB_CNTL (RB_BUFSZ, RB_NO_UPDATE) and CP_RB_WPTR."""
        ring, body = [], []
        for ln in self.lines:
            f = ln.split()
            if f[1] == 'pkt':
                if body:
                    ring += body
                    body = []
                typ, op, cnt = int(f[4], 16), int(f[5], 16), int(f[6], 16)
                ring.append((typ << 30) | (cnt << 16) | (op << 8) if typ == 3 else 0x1400 >> 2)
                if typ == 0 or op == NOP:
                    ring.append(0)
            else:
                body.append(int(f[3], 16))
        ring += body
        bufsz = 2
        while bufsz < 22 and (1 << (bufsz + 1)) <= len(ring):
            bufsz += 1
        vector.write_stim(
            outdir, self.name, 'r5xx.pm4_2d', self.title, __file__, label=self.name + ' (PM4 ring)',
            mem=self.mem + vector.chunk_lines(0x00800000, ring),
            body=['in host @0 0700 00800000', 'in host @0 0704 %08x' % (bufsz | 1 << 27),
                  'in host @0 0714 %08x' % len(ring)], backpressure=self.bp, latency=self.lat)

    def scanlines(self, g, scans, **kw):
        b = self.setup(g, **kw) + [len(scans)]
        for (top, height, segs) in scans:
            b += [len(segs), height << 16 | c16(top)] + [c16(e) << 16 | c16(st) for (st, e) in segs]
        self.packet(POLYSCANLINES, b)

    def ply_nextscan(self, top, height, segs):
        self.packet(PLY_NEXTSCAN, [height << 16 | c16(top)] + [c16(e) << 16 | c16(st) for (st, e) in segs])

    def set_scissors(self, l, t, r, b):
        self.packet(SET_SCISSORS, [yx_hi(l, t), yx_hi(r, b)])

    def reg(self, addr, *vals):
        """Register writes through 'regw' (consecutive addresses, as one PACKET0 of a driver)."""
        for i, d in enumerate(vals):
            self.lines.append('in regw @0 %04x %08x' % (addr + 4 * i, d & 0xFFFFFFFF))

    def nextchar(self, x, y, w, h, words):
        self.packet(NEXTCHAR, [yx_hi(x, y), h << 16 | w] + list(words))

    def fill_mem(self, addr, words):
        self.mem += vector.chunk_lines(addr, words)

    def write(self, outdir):
        vector.write_stim(
            outdir, self.name, 'r5xx.gfx2d', self.title, __file__,
            mem=self.mem, body=self.lines, backpressure=self.bp, latency=self.lat)


# ---- a 5x7 font for the glyphs (one bit per pixel, rows top to bottom, MSB = left) ------------
FONT = {
    'R': ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
    'C': ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
    'O': ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
    'S': ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
    'I': ['01110', '00100', '00100', '00100', '00100', '00100', '01110'],
    'M': ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
    '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
    'D': ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
    'E': ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
    'K': ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
    'T': ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
    'P': ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
    'X': ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
    'A': ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
    'Y': ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
    ' ': ['00000'] * 7,
}


def glyph_words(rows, scale=1, lsb_first=False):
    """Pack a glyph's rows into raster dwords: bits continuous across rows (SRC_LOAD linear),
    the first pixel in bit 31 (PIX_ORDER 0) or bit 0 (PIX_ORDER 1)."""
    bits = []
    for r in rows:
        line = ''.join(ch * scale for ch in r)
        for _ in range(scale):
            bits += [int(ch) for ch in line]
    words = []
    for i in range(0, len(bits), 32):
        chunk = bits[i:i + 32]
        w = 0
        for j, bit in enumerate(chunk):
            if bit:
                w |= (1 << j) if lsb_first else (1 << (31 - j))
        words.append(w)
    return words


def text_chars(s, x, y, scale=1, lsb_first=False):
    out = []
    for i, ch in enumerate(s):
        rows = FONT[ch]
        out.append((x + i * 6 * scale, y, 5 * scale, 7 * scale, glyph_words(rows, scale, lsb_first)))
    return out


SCREEN_KB, ICON_KB = 0x400, 0x600     # 0x00100000 and 0x00180000
W, H = 192, 128


def desktop():
    c = Case('desktop', 'the README scene: a desktop of two windows (PAINT_MULTI, PAINT), title text by '
             'HOSTDATA_BLT (transparent and opaque), a dragged window by overlapping BITBLT, a dashed '
             'POLYLINE, a patterned taskbar, an XOR selection and icons by TRANS_BITBLT with a colour '
             'key, on a macro-tiled ARGB8888 surface', backpressure='random:0.2', latency='1:4')
    scr = po(SCREEN_KB, W * 4, macro=1)
    full = (0, 0, W, H)
    # background
    c.paint_multi(gui(rop=PATCOPY), [(0, 0, W, H)], dst_po=scr, sc=full, brush=[0x00307070])
    # taskbar: 8x8 mono pattern fg+bg
    c.paint_multi(gui(brush=B_MONO, rop=PATCOPY), [(0, H - 12, W, 12)],
                  brush=[0x00A0A0A0, 0x00C8C8C8, 0xAA55AA55, 0xAA55AA55])
    c.paint(gui(rop=PATCOPY), [(2, H - 10, 36, H - 1)], brush=[0x00D0D0D0])
    c.hostdata(gui(src=MONO_TRANS, rop=SRCCOPY), 0x00000000, 0, text_chars('START', 4, H - 9))
    # window 1
    c.paint_multi(gui(rop=PATCOPY), [(6, 6, 104, 70)], brush=[0x00404040])            # frame
    c.paint_multi(gui(rop=PATCOPY), [(8, 8, 100, 11)], brush=[0x00203090])            # title bar
    c.paint(gui(rop=PATCOPY), [(8, 21, 108, 74)], brush=[0x00F0F0F0])                 # client (PAINT packing)
    c.hostdata(gui(src=MONO_TRANS, rop=SRCCOPY), 0x00FFFFFF, 0, text_chars('RCOSIM', 11, 10))
    c.hostdata(gui(src=MONO_OPAQUE, rop=SRCCOPY, pix_order=1), 0x00000000, 0x00FFF0A0,
               text_chars('2D TEXT', 12, 25, lsb_first=True))
    # a dashed line (32x1 pen, fg only) clipped to the client area, and a pen with fg+bg
    c.polyline(gui(brush=B_PEN_T, rop=PATCOPY), [(12, 40), (100, 40), (100, 70), (12, 44)],
               sc=(8, 21, 108, 74), brush=[0x00C00000, 0x0F0F0F0F])
    c.polyline(gui(brush=B_PEN, rop=PATCOPY), [(14, 70), (90, 50)],
               brush=[0x00FFFFFF, 0x00008000, 0x00FF00FF], sc=full)
    # XOR selection rectangle with the pattern
    c.paint_multi(gui(rop=PATINVERT), [(30, 52, 36, 14)], brush=[0x00FFFF00])
    # window 2: copied from window 1 with BITBLT, then dragged down-right by an overlapping copy
    c.bitblt(gui(rop=SRCCOPY), [(6, 6, 100, 44, 70, 50)], src_po=scr)
    c.bitblt(gui(rop=SRCCOPY), [(100, 44, 108, 50, 70, 50)])                        # overlapping: bottom-up
    c.paint_multi(gui(rop=PATCOPY), [(100, 44, 8, 56), (100, 44, 78, 6)], brush=[0x00307070])
    c.hostdata(gui(src=MONO_TRANS, rop=SRCCOPY), 0x00C00000, 0, text_chars('COPY', 120, 84))
    # an icon off-screen (magenta key) copied with TRANS_BITBLT (write where src != key)
    icon = po(ICON_KB, 64 * 4)
    c.paint_multi(gui(rop=PATCOPY), [(0, 0, 16, 16)], dst_po=icon, sc=(0, 0, 64, 64), brush=[0x00FF00FF])
    c.paint_multi(gui(rop=PATCOPY), [(3, 1, 10, 14), (1, 3, 14, 10)], brush=[0x00FFD000])
    c.paint_multi(gui(rop=PATCOPY), [(5, 5, 2, 2), (9, 5, 2, 2), (5, 10, 6, 1)], brush=[0x00000000])
    for (x, y) in [(150, 6), (170, 6), (150, 26)]:
        c.trans(gui(rop=SRCCOPY), 0x01000005, 0x00FF00FF, 0,
                (0, 0, x, y, 16, 16), src_po=icon, dst_po=scr, sc=full)
    return c


def rop3_all():
    c = Case('rop3_all', 'all 256 ROP3 codes: one 8x2 BITBLT each with an 8x8 mono brush, random source '
             'and destination, ARGB8888 (the pixel records carry P, S, D and the result)')
    r = rng.stimulus(3)
    c.fill_mem(SCREEN_KB << 10, rng.words(r, 64 * 64))
    scr = po(SCREEN_KB, 256)
    for rop in range(256):
        c.bitblt(gui(brush=B_MONO, rop=rop), [(0, 20 + (rop % 16), 32 + (rop // 16) % 8, rop // 32 * 2, 8, 2)],
                 src_po=scr, dst_po=scr, brush=[0x00FF00FF, 0x0000FF00, r.getrandbits(32), r.getrandbits(32)])
    return c


def formats():
    c = Case('formats', 'PAINT, BITBLT and a HOSTDATA_BLT in RGB332, ARGB1555, RGB565, ARGB8888, ARGB4444 and '
             'the other 8/16 bpp types (byte enables of 8- and 16-bit pixels at every lane)')
    r = rng.stimulus(4)
    c.fill_mem(SCREEN_KB << 10, rng.words(r, 2048))
    for i, t in enumerate([RGB332, ARGB1555, RGB565, ARGB8888, ARGB4444, 2, 8, 9, 11, 12, 14]):
        d = po(SCREEN_KB + 2 * i, 128)
        c.paint_multi(gui(dst=t, rop=SRCINVERT ^ 0xFF), [(1, 1, 7, 3)], dst_po=d, sc=(0, 0, 64, 16),
                      brush=[0x12345678 + i])
        c.bitblt(gui(dst=t, rop=SRCCOPY), [(1, 1, 3, 5, 7, 3)], src_po=d)
        c.hostdata(gui(dst=t, src=MONO_OPAQUE, rop=0x66), 0xFFFFFFFF, 0x00000000, [(0, 9, 9, 2, [0xA5F0C300])])
    return c


def overlap():
    c = Case('overlap', 'overlapping BITBLT copies in all directions on one surface: down, up, right, left, '
             'diagonal (rows bottom-up when dst is below src, right-to-left on one row when dst is right)')
    r = rng.stimulus(5)
    c.fill_mem(SCREEN_KB << 10, rng.words(r, 4096))
    s = po(SCREEN_KB, 256, micro=1)
    for (dx, dy) in [(0, 3), (0, -3), (5, 0), (-5, 0), (2, 2), (-2, -2), (3, -1), (-1, 4)]:
        c.bitblt(gui(rop=SRCCOPY), [(20, 20, 20 + dx, 20 + dy, 12, 10)], src_po=s, dst_po=s)
    c.bitblt(gui(rop=SRCINVERT), [(10, 40, 12, 41, 9, 5), (30, 40, 28, 39, 9, 5)], multi=True)
    return c


def hostdata():
    c = Case('hostdata', 'HOSTDATA_BLT mono expansion: opaque and transparent, PIX_ORDER both ways, '
             'bits continuing across rows, clipped by the scissor and off the top-left, too few and '
             'too many raster dwords, ROPs with the destination')
    scr = po(SCREEN_KB, 256)
    c.paint_multi(gui(), [(0, 0, 64, 40)], dst_po=scr, sc=(0, 0, 64, 40), brush=[0x00112233])
    c.hostdata(gui(src=MONO_OPAQUE, rop=SRCCOPY), 0x00FFFFFF, 0x00000080, text_chars('RC', 2, 2, scale=2))
    c.hostdata(gui(src=MONO_TRANS, rop=SRCCOPY, pix_order=1), 0x00FF0000, 0, text_chars('OS', 30, 2, lsb_first=True))
    c.hostdata(gui(src=MONO_OPAQUE, rop=SRCINVERT), 0x0000FF00, 0x00FF00FF, [(-3, -2, 13, 5, [0xF0F0F0F0, 0x12345678])],
               sc=(0, 0, 8, 2))
    c.hostdata(gui(src=MONO_OPAQUE, rop=SRCCOPY), 0x00FFFFFF, 0, [(10, 20, 40, 3, [0xFFFF0000])], sc=(0, 0, 64, 40))
    c.hostdata(gui(src=MONO_TRANS, rop=SRCCOPY), 0x000000FF, 0, [(10, 30, 4, 2, [0xFF000000, 1, 2, 3]),
                                                                 (20, 30, 5, 1, [0xA8000000])])
    return c


def pack_pixels(pixels, dst):
    """Raw pixels of the destination type into raster dwords, row-major, 4 >> bpp to a dword, the
    first in the low bits (D25; the old radeon DRM's texture blit sends width x height >> shift)."""
    size = 8 << bpp_log2(dst)
    per = 32 // size
    words = []
    for i in range(0, len(pixels), per):
        w = 0
        for j, px in enumerate(pixels[i:i + per]):
            w |= (px & ((1 << size) - 1)) << (size * j)
        words.append(w)
    return words


def hostcolour():
    c = Case('hostcolour', 'HOSTDATA_BLT with a colour source (SRC_TYPE 3, 001:2271-2287, 2783-2791): raw '
             'pixels of the destination type in 8, 16 and 32 bpp as the old radeon DRM uploads a texture '
             '(ROP3 S, the colours FRGD/BKGD ignored), a ROP with the destination, clipping by the scissor '
             'and off the top-left, too few and too many raster dwords, NEXTCHAR inheriting the colour '
             'source', backpressure='random:0.3', latency='1:3')
    for dst, kb in ((ARGB8888, SCREEN_KB), (RGB565, SCREEN_KB + 0x20), (RGB332, SCREEN_KB + 0x40)):
        bpp = 1 << bpp_log2(dst)
        scr = po(kb, 64 * bpp)
        c.paint_multi(gui(dst=dst), [(0, 0, 40, 24)], dst_po=scr, sc=(0, 0, 40, 24), brush=[0x5A5A5A5A])
        img = [(0x01000193 * (i + 7) + (i << 9)) & 0xFFFFFFFF for i in range(6 * 5)]
        c.hostdata(gui(dst=dst, src=SRC_SAME, rop=SRCCOPY), 0xFFFFFFFF, 0xFFFFFFFF,
                   [(2, 1, 6, 5, pack_pixels(img, dst))])
        odd = [(0x00C0FFEE + 0x01010101 * i) & 0xFFFFFFFF for i in range(3 * 3)]
        c.hostdata(gui(dst=dst, src=SRC_SAME, rop=SRCINVERT, pix_order=1), 0, 0,
                   [(12, 2, 3, 3, pack_pixels(odd, dst)),                        # XOR with D, PIX_ORDER ignored
                    (-2, 10, 5, 4, pack_pixels(list(range(1, 21)), dst)),         # off the left edge
                    (20, 10, 7, 3, pack_pixels(list(range(40, 61)), dst)[:2]),    # too few dwords
                    (30, 12, 2, 2, pack_pixels([9, 8, 7, 6], dst) + [0xDEADBEEF, 0x12345678])],  # too many
                   sc=(0, 0, 34, 20))
        c.nextchar(4, 16, 4, 2, pack_pixels([0x11111111 * (i + 1) for i in range(8)], dst))
    return c


# 2D registers (docs/blocks/r5xx.gfx2d.md, "Registers"; addresses from radeon_reg.h / r500_reg.h)
R_SRC_PO, R_DST_PO, R_SRC_Y_X, R_DST_Y_X, R_DST_H_W = 0x1428, 0x142C, 0x1434, 0x1438, 0x143C
R_GMC, R_BKGD, R_FRGD, R_SRC_X_Y, R_DST_X_Y, R_DST_W_H = 0x146C, 0x1478, 0x147C, 0x1590, 0x1594, 0x1598
R_SRC_FRGD, R_SRC_BKGD, R_DP_CNTL, R_WMASK, R_DEF_SC_BR = 0x15D8, 0x15DC, 0x16C0, 0x16CC, 0x16E8
R_DST_PIPE_CONFIG, R_DSTCACHE_CTLSTAT, R_RB2D_DSTCACHE_MODE = 0x170C, 0x1714, 0x3428


def regs():
    c = Case('regs', 'the 2D engine programmed by registers as the drivers do: the kernel\'s pipe set-up '
             '(DST_PIPE_CONFIG, RB2D_DSTCACHE_MODE: accepted, no effect), xf86-video-ati PrepareSolid/Solid '
             '(DEFAULT_SC_BOTTOM_RIGHT, the brush and source colours, DP_WRITE_MASK, DP_CNTL, DST_Y_X, '
             'DST_HEIGHT_WIDTH), the old radeon DRM swap (the pitch-offsets in one PACKET0, then SRC_X_Y, '
             'DST_X_Y, DST_WIDTH_HEIGHT in one), PrepareCopy/Copy right to left and bottom up, DSTCACHE_CTLSTAT',
             backpressure='random:0.3', latency='1:4')
    front, back = po(SCREEN_KB, 256), po(SCREEN_KB + 0x20, 256)
    c.fill_mem(SCREEN_KB << 10, [(0x9E3779B9 * i) & 0xFFFFFFFF for i in range(64 * 32)])
    c.fill_mem((SCREEN_KB + 0x20) << 10, [(0x7F4A7C15 * i + 0x1234) & 0xFFFFFFFF for i in range(64 * 32)])
    c.reg(R_DST_PIPE_CONFIG, 1 << 31)                          # r300_gpu_init: R300_PIPE_AUTO_CONFIG
    c.reg(R_RB2D_DSTCACHE_MODE, 1 << 8 | 1 << 17)              # DC_AUTOFLUSH_ENABLE | DC_DISABLE_IGNORE_PE
    # xf86-video-ati RADEONPrepareSolid + RADEONSolid (Emit2DState's registers)
    c.reg(R_DEF_SC_BR, 0x1FFF1FFF)
    c.reg(R_GMC, gui(DST_PO, brush=B_SOLID, rop=PATCOPY, load=0) | 1 << 28)
    c.reg(R_FRGD, 0x00C08040)
    c.reg(R_BKGD, 0)
    c.reg(R_SRC_FRGD, 0xFFFFFFFF)
    c.reg(R_SRC_BKGD, 0)
    c.reg(R_WMASK, 0xFFFFFFFF)
    c.reg(R_DP_CNTL, 3)
    c.reg(R_DST_PO, front)
    for (x1, y1, x2, y2) in ((2, 3, 20, 9), (40, 20, 64, 32)):
        c.reg(R_DST_Y_X, y1 << 16 | x1)
        c.reg(R_DST_H_W, (y2 - y1) << 16 | (x2 - x1))
    # the old radeon DRM's radeon_cp_dispatch_swap: back to front, one box per three registers
    for (x, y, w, h) in ((0, 0, 10, 6), (25, 4, 12, 14)):
        c.reg(R_GMC, gui(SRC_PO | DST_PO, brush=B_NONE, rop=SRCCOPY, load=2) | 1 << 28 | 1 << 30)
        c.reg(R_SRC_PO, back, front)
        c.reg(R_SRC_X_Y, xy_hi(x, y), xy_hi(x, y), w << 16 | h)
    # xf86-video-ati RADEONPrepareCopy/RADEONCopy on one surface, right to left and bottom up: the start
    # corners moved to the right / bottom edge as RADEONCopy does
    c.reg(R_GMC, gui(SRC_PO | DST_PO, brush=B_NONE, rop=SRCCOPY, load=2) | 1 << 28)
    c.reg(R_DP_CNTL, 0)
    c.reg(R_SRC_PO, front, front)
    sx, sy, dx, dy, w, h = 4, 2, 7, 5, 16, 10
    c.reg(R_SRC_Y_X, (sy + h - 1) << 16 | (sx + w - 1))
    c.reg(R_DST_Y_X, (dy + h - 1) << 16 | (dx + w - 1))
    c.reg(R_DST_H_W, h << 16 | w)
    c.reg(R_DSTCACHE_CTLSTAT, 0xF)                             # RADEONDoneCopy: RADEON_RB2D_DC_FLUSH_ALL
    return c


def trans():
    c = Case('trans', 'TRANS_BITBLT colour compare: source tests (write all, block all, ==, !=), destination '
             'tests (none, all, ==, !=) and CMP_ENABLE 0/1/2 on RGB565')
    scr = po(SCREEN_KB, 128)
    src = po(ICON_KB, 128)
    # brush colours are RGBQUADs (magenta, green, blue, white: 0xF81F, 0x07E0, 0x001F, 0xFFFF in RGB565)
    c.paint_multi(gui(dst=RGB565), [(0, 0, 16, 8)], dst_po=src, sc=(0, 0, 64, 64), brush=[0x00FF00FF])
    c.paint_multi(gui(dst=RGB565), [(4, 2, 8, 4)], brush=[0x0000FF00])
    c.paint_multi(gui(dst=RGB565), [(0, 0, 64, 64)], dst_po=scr, brush=[0x000000FF])
    c.paint_multi(gui(dst=RGB565), [(0, 4, 64, 2)], brush=[0x00FFFFFF])
    y = 0
    for en in (0, 1, 2):
        for cs in (0, 1, 4, 5):
            for cd in (0, 1, 4, 5):
                if y >= 60:
                    break
                c.trans(gui(dst=RGB565, rop=SRCCOPY), cs | cd << 8 | en << 24, 0xF81F, 0xFFFF,
                        (0, 0, (y % 4) * 16, y // 4 * 4 - 2, 16, 8), src_po=src, dst_po=scr)
                y += 1
    return c


def polyline():
    c = Case('polyline', 'POLYLINE: octants, a pen with fg+bg and fg only, PIX_ORDER, BRUSH_Y_X pen start, '
             'solid brush, clipped lines, lines off the top-left, the end point not drawn')
    scr = po(SCREEN_KB, 256)
    c.paint_multi(gui(), [(0, 0, 64, 64)], dst_po=scr, sc=(0, 0, 64, 64), brush=[0])
    c.polyline(gui(), [(32, 32), (60, 40), (40, 60), (32, 34), (24, 60), (4, 40), (4, 24), (24, 4), (32, 30),
                       (40, 4), (60, 24), (33, 32)], brush=[0x00FFFFFF])
    c.polyline(gui(brush=B_PEN), [(2, 2), (62, 2), (62, 12)], brush=[0x00FF0000, 0x0000FF00, 0x33333333])
    c.polyline(gui(brush=B_PEN_T, pix_order=1), [(2, 6), (60, 6)], brush=[0x000000FF, 0xFFFF0001], byx=5 << 16)
    c.polyline(gui(rop=DSTINVERT), [(-10, -5), (70, 50)], sc=(8, 8, 50, 50))
    return c


def misc():
    c = Case('misc', 'packets the engine skips (NOP, another engine\'s Type-3, a Type-0 record), PAINT with '
             'signed coordinates and empty rectangles, PAINT_MULTI clipped by the scissor, 8x8 colour brush '
             'consumed, BRUSH_Y_X consumed, BITBLT source clipping', backpressure='random:0.5', latency='1:8')
    scr = po(SCREEN_KB, 256)
    c.packet(NOP, [])
    c.packet(0x2F, [1, 2, 3])
    c.lines.append('in pkt @0 0 0 00 0003 %06x 0' % c.ptr)
    c.ptr += 1
    c.paint(gui(), [(-5, -5, 6, 4), (10, 10, 10, 20), (10, 10, 20, 10)], dst_po=scr, sc=(0, 0, 64, 32),
            brush=[0x00ABCDEF])
    c.paint_multi(gui(brush=B_COLOR), [(20, 2, 50, 6)], sc=(2, 2, 40, 30), brush=list(range(64)), byx=0x30201)
    c.paint_multi(gui(brush=B_MONO_T, rop=PATCOPY), [(0, 12, 64, 8)], sc=(0, 0, 64, 32),
                  brush=[0x00FF8000, 0x81422418, 0x18244281])
    c.bitblt(gui(rop=SRCCOPY), [(0, 0, 30, 22, 20, 8)], src_po=scr, src_br=(12, 5))
    c.paint_multi(gui(brush=B_NONE, rop=0xFF), [(50, 22, 4, 4)])
    return c


def scanlines():
    c = Case('scanlines', 'POLYSCANLINES (scans of 0, 1 and 3 segments, thick lines, END exclusive), '
             'PLY_NEXTSCAN and NEXTCHAR with the settings and colours of the packet before, SET_SCISSORS '
             'cutting later packets', backpressure='random:0.3', latency='1:5')
    scr = po(SCREEN_KB, 256, micro=1)
    c.paint_multi(gui(), [(0, 0, 64, 48)], dst_po=scr, sc=(0, 0, 64, 48), brush=[0x00202020])
    c.scanlines(gui(brush=B_MONO, rop=PATCOPY), [(2, 3, [(2, 30), (34, 40), (44, 62)]), (8, 1, []), (10, 2, [(5, 6)])],
                brush=[0x00FF0000, 0x0000FFFF, 0x00FF00FF, 0xFF00FF00])
    c.ply_nextscan(14, 4, [(0, 10), (20, 64)])
    c.set_scissors(4, 20, 40, 40)
    c.ply_nextscan(22, 10, [(0, 64)])
    c.hostdata(gui(src=MONO_OPAQUE, rop=SRCINVERT), 0x00FFFFFF, 0x00000080, text_chars('X', 10, 36))
    c.nextchar(30, 24, 5, 7, glyph_words(FONT['K']))
    c.nextchar(36, 24, 5, 7, glyph_words(FONT['T']))
    return c


def scissor_regs():
    # rcosim mutate (seed 29, docs/hardening.md) found that no vector wrote SC_BOTTOM_RIGHT as a
    # register: every scissor came in a packet, so a wrong decode of 0x16F0 survived.  All through
    # registers here (a fill started by DST_HEIGHT_WIDTH, as regs), so the order is the stream's.
    c = Case('scissor_regs', 'SC_TOP_LEFT (0x16EC) and SC_BOTTOM_RIGHT (0x16F0) written as registers: '
             'register-started solid fills (DST_Y_X, DST_HEIGHT_WIDTH) clipped by them, each moved alone',
             backpressure='random:0.3', latency='1:4')
    front = po(SCREEN_KB, 256)
    c.reg(R_GMC, gui(DST_PO, brush=B_SOLID, rop=PATCOPY, load=0) | 1 << 28)
    c.reg(R_FRGD, 0x00C08040)
    c.reg(R_WMASK, 0xFFFFFFFF)
    c.reg(R_DP_CNTL, 3)
    c.reg(R_DST_PO, front)
    for (tl, br, fg) in (((4, 3), (40, 20), 0x00FF00FF), ((4, 3), (60, 30), 0x0000FF00), ((10, 12), (60, 30), 0x000000FF)):
        c.reg(0x16EC, yx_hi(*tl))
        c.reg(0x16F0, yx_hi(*br))
        c.reg(R_FRGD, fg)
        c.reg(R_DST_Y_X, 0)
        c.reg(R_DST_H_W, 32 << 16 | 64)
    return c


def cases():
    return [desktop(), rop3_all(), formats(), overlap(), hostdata(), trans(), polyline(), misc(), scanlines(),
            hostcolour(), regs(), scissor_regs()]


# ---- the reference: docs/blocks/r5xx.gfx2d.md as a packet interpreter (not a state machine) ------------

def sx14(v):
    v &= 0x3FFF
    return v - 0x4000 if v & 0x2000 else v


def bpp_log2(t):
    return 0 if t in (2, 7, 8, 9) else 1 if t in (3, 4, 11, 12, 15) else 2


def colour(c, t):
    """Brush and host-data colours are pixels of the destination type (D13: the drivers write
    them so); only the pixel size matters."""
    return c & (0xFF, 0xFFFF, 0xFFFFFFFF)[bpp_log2(t)]


def rop3(code, p, s_, d):
    return sum(((code >> ((p >> i & 1) << 2 | (s_ >> i & 1) << 1 | (d >> i & 1))) & 1) << i for i in range(32))


class Ref:
    def __init__(self, mem):
        self.mem = mem
        self.st = dict(gui=0, src_po=0, dst_po=0, src_br=0x1FFF1FFF, sc_tl=0, sc_br=0x1FFF1FFF, bg=0, fg=0, m1=0,
                       m2=0, cmp=0, sref=0, dref=0, hfg=0, hbg=0, pc=0, syx=0, dyx=0, dpc=3, wm=0xFFFFFFFF)
        self.cbr = [0] * 64
        self.pix = []

    def surf(self, po):
        b = bpp_log2(self.st['gui'] >> 8 & 15)
        return ((po & 0x3FFFFF) << 10, (((po >> 22) & 0xFF) << 6) >> b, b, po >> 30 & 1, po >> 31 & 1, 0)

    def rd(self, po, x, y):
        a = r5xx_tile_directed.ref_addr(self.surf(po), x, y)[0]
        w = self.mem.get(a & ~3, 0)
        return (w >> (8 * (a & 3))) & self.mask(), a

    def mask(self):
        return (1 << (8 << bpp_log2(self.st['gui'] >> 8 & 15))) - 1

    def pattern(self, op, x, y):
        s_, t, bt = self.st, self.st['gui'] >> 8 & 15, self.st['gui'] >> 4 & 15
        if op == POLYLINE and bt == 6:
            return colour(s_['fg'] if self.penbit() else s_['bg'], t) & self.mask(), 1
        if bt in (0, 1):
            row = (s_['m1'] if y & 7 < 4 else s_['m2']) >> (8 * (y & 3)) & 255
            c = 7 - (x & 7) if s_['gui'] >> 14 & 1 else x & 7
            bit = row >> c & 1
            return colour(s_['fg'] if bit else s_['bg'], t) & self.mask(), bit or bt == 0
        if bt in (6, 7, 13, 14):
            return colour(s_['fg'], t) & self.mask(), 1
        if bt == 10:
            i, b = 8 * (y & 7) + (x & 7), bpp_log2(t)
            return (self.cbr[i >> (2 - b)] >> ((i & ((4 >> b) - 1)) * (8 << b))) & self.mask(), 1
        return 0, 1

    def penbit(self):
        pc = self.st['pc']
        return self.st['m1'] >> (31 - pc if self.st['gui'] >> 14 & 1 else pc) & 1

    def wmask(self):                               # D10: DP_WRITE_MASK unless GMC_WR_MSK_DIS
        return 0xFFFFFFFF if self.st['gui'] >> 30 & 1 else self.st['wm']

    def wpart(self):                               # the mask leaves some of the pixel's bits alone
        return self.wmask() & self.mask() != self.mask()

    def put(self, k, x, y, sv, pat, dv, rop):
        m = self.wmask()
        res = ((rop3(rop, pat, sv, dv) & m) | (dv & ~m)) & self.mask()
        a = r5xx_tile_directed.ref_addr(self.surf(self.st['dst_po']), x, y)[0]
        sh, m = 8 * (a & 3), self.mask()
        self.mem[a & ~3] = (self.mem.get(a & ~3, 0) & ~(m << sh) | res << sh) & 0xFFFFFFFF
        self.pix.append((k, x, y, sv, pat, dv, rop, res))

    def uses_d(self, rop):
        return ((rop >> 1 ^ rop) & 0x55) != 0

    def clip(self):
        s_ = self.st
        return (max(sx14(s_['sc_tl']), 0), max(sx14(s_['sc_tl'] >> 16), 0), sx14(s_['sc_br']), sx14(s_['sc_br'] >> 16))

    def rect(self, k, op, l, t, r, b, ddx=None, ddy=None, walk=None):
        rop = self.st['gui'] >> 16 & 255
        cl, ct, cr, cb = self.clip()
        x0, y0, x1, y1 = max(l, cl), max(t, ct), min(r, cr), min(b, cb)
        blit = ddx is not None
        if blit:
            x0, y0 = max(x0, -ddx), max(y0, -ddy)
            x1, y1 = min(x1, sx14(self.st['src_br']) - ddx), min(y1, sx14(self.st['src_br'] >> 16) - ddy)
        if x0 >= x1 or y0 >= y1:
            return
        if walk is not None:                        # a register operation: DP_CNTL's directions (D23)
            up, left = not walk[1], not walk[0]
        else:                                       # a packet: D18
            up, left = blit and ddy < 0, blit and ddy == 0 and ddx < 0
        ys = range(y1 - 1, y0 - 1, -1) if up else range(y0, y1)
        xs = range(x1 - 1, x0 - 1, -1) if left else range(x0, x1)
        tr = op == TRANS_BITBLT
        for y in ys:
            for x in xs:
                pat, draw = self.pattern(op, x, y)
                if not draw:
                    continue
                sv = self.rd(self.st['src_po'], x + ddx, y + ddy)[0] if blit and (tr or ((rop >> 2 ^ rop) & 0x33)) else 0
                dv = self.rd(self.st['dst_po'], x, y)[0] if tr or self.uses_d(rop) or self.wpart() else 0
                if tr and not self.trans_ok(sv, dv):
                    continue
                self.put(k, x, y, sv, pat, dv, rop)

    def trans_ok(self, sv, dv):
        c, m = self.st['cmp'], self.mask()
        cs, cd, en = c & 7, c >> 8 & 7, c >> 24 & 3
        sok = {1: False, 4: sv == self.st['sref'] & m, 5: sv != self.st['sref'] & m}.get(cs, True)
        dpr = {1: True, 4: dv == self.st['dref'] & m, 5: dv != self.st['dref'] & m}.get(cd, False)
        return (not dpr) if en == 0 else sok if en == 1 else sok and not dpr

    def char(self, k, bx, by, w, h, raster, fg, bg):
        rop, t = self.st['gui'] >> 16 & 255, self.st['gui'] >> 8 & 15
        cl, ct, cr, cb = self.clip()
        lsb = self.st['gui'] >> 14 & 1
        if self.st['gui'] >> 12 & 3 == 3:
            # colour source (D25): the raster is a row-major list of raw destination pixels, as many
            # to a dword as fit, the first in the low bits; PIX_ORDER and FRGD/BKGD play no part
            size = 8 << bpp_log2(t)
            srcs = [(wd >> (size * j)) & self.mask() for wd in raster for j in range(32 // size)]
            bits = [1] * len(srcs)
        else:
            bits = [(wd >> (j if lsb else 31 - j)) & 1 for wd in raster for j in range(32)]
            srcs = [colour(fg if bit else bg, t) & self.mask() for bit in bits]
        for n in range(min(w * h, len(bits))):
            x, y = bx + n % w, by + n // w
            bit = bits[n]
            if not (cl <= x < cr and ct <= y < cb) or (not bit and (self.st['gui'] >> 12 & 3) == 1):
                continue
            pat = self.pattern(HOSTDATA_BLT, x & 0x3FFF, y & 0x3FFF)[0]
            dv = self.rd(self.st['dst_po'], x, y)[0] if self.uses_d(rop) or self.wpart() else 0
            self.put(k, x, y, srcs[n], pat, dv, rop)

    def line(self, k, p0, p1):
        rop = self.st['gui'] >> 16 & 255
        cl, ct, cr, cb = self.clip()
        x, y, ex, ey = sx14(p0), sx14(p0 >> 16), sx14(p1), sx14(p1 >> 16)
        dx, dy, sx_, sy = abs(ex - x), abs(ey - y), -1 if ex < x else 1, -1 if ey < y else 1
        err = dx - dy
        while (x, y) != (ex, ey):
            if cl <= x < cr and ct <= y < cb and ((self.st['gui'] >> 4 & 15) != 7 or self.penbit()):
                pat = self.pattern(POLYLINE, x, y)[0]
                dv = self.rd(self.st['dst_po'], x, y)[0] if self.uses_d(rop) or self.wpart() else 0
                self.put(k, x, y, 0, pat, dv, rop)
            e2 = 2 * err
            self.st['pc'] = (self.st['pc'] + 1) & 31
            if e2 > -dy:
                err, x = err - dy, x + sx_
            if e2 < dx:
                err, y = err + dx, y + sy

    def packet(self, k, op, body):
        s_ = self.st
        if op == SET_SCISSORS:
            if len(body) >= 2:
                s_['sc_tl'], s_['sc_br'] = body[0], body[1]
            return
        if op == NEXTCHAR:
            if len(body) >= 2:
                self.char(k, sx14(body[0]), sx14(body[0] >> 16), body[1] & 0x3FFF, body[1] >> 16 & 0x3FFF,
                          body[2:], s_['hfg'], s_['hbg'])
            return
        if op == PLY_NEXTSCAN:
            self.scans(k, [(body[0], body[1:])])
            return
        if op & 0xF0 != 0x90:
            return
        g = body[0]
        s_['gui'], s_['pc'] = g, 0
        i = 1
        for bit, key in ((1, 'src_po'), (2, 'dst_po'), (4, 'src_br')):
            if g & bit:
                s_[key], i = body[i], i + 1
        if g & 8:
            s_['sc_tl'], s_['sc_br'], i = body[i], body[i + 1], i + 2
        bt = g >> 4 & 15
        n = {0: 4, 1: 3, 6: 3, 7: 2, 10: 16 << bpp_log2(g >> 8 & 15), 13: 1, 14: 1}.get(bt, 0)
        bw, i = body[i:i + n], i + n
        if bt == 10:
            self.cbr[:len(bw)] = bw
        else:
            for j, w in enumerate(bw):
                s_[['bg', 'fg', 'm1', 'm2'][j + (0 if bt in (0, 6) else 1)]] = w
        if g >> 31:
            s_['pc'], i = body[i] >> 16 & 31, i + 1
        d = body[i:]
        if op == PAINT:
            for j in range(0, len(d) - 1, 2):
                self.rect(k, op, sx14(d[j]), sx14(d[j] >> 16), sx14(d[j + 1]), sx14(d[j + 1] >> 16))
        elif op == PAINT_MULTI:
            for j in range(0, len(d) - 1, 2):
                t, l = sx14(d[j]), sx14(d[j] >> 16)
                self.rect(k, op, l, t, l + (d[j + 1] >> 16 & 0x3FFF), t + (d[j + 1] & 0x3FFF))
        elif op in (BITBLT, BITBLT_MULTI, TRANS_BITBLT):
            if op == TRANS_BITBLT:
                s_['cmp'], s_['sref'], s_['dref'], d = d[0], d[1], d[2], d[3:]
            for j in range(0, len(d) - 2, 3):
                t, l = sx14(d[j + 1]), sx14(d[j + 1] >> 16)
                self.rect(k, op, l, t, l + (d[j + 2] >> 16 & 0x3FFF), t + (d[j + 2] & 0x3FFF),
                          sx14(d[j] >> 16) - l, sx14(d[j]) - t)
        elif op == HOSTDATA_BLT:
            s_['hfg'], s_['hbg'], d = d[0], d[1], d[2:]
            while len(d) >= 3:
                nw = d[2] & 0x3FFF
                self.char(k, sx14(d[0]), sx14(d[0] >> 16), d[1] & 0x3FFF, d[1] >> 16 & 0x3FFF, d[3:3 + nw],
                          s_['hfg'], s_['hbg'])
                d = d[3 + nw:]
        elif op == POLYLINE:
            for j in range(len(d) - 1):
                self.line(k, d[j], d[j + 1])
        elif op == POLYSCANLINES:
            scans, d = [], d[1:]
            while len(d) >= 2:
                nl = d[0] & 0x3FFF
                scans.append((d[1], d[2:2 + nl]))
                d = d[2 + nl:]
            self.scans(k, scans)

    def reg(self, k, a, d):
        """A register write (docs/blocks/r5xx.gfx2d.md, "Registers", D23, D26).  Returns 1 when it started an
        operation (it takes the pix.pkt index k, D24)."""
        s_ = self.st
        keys = {0x1428: 'src_po', 0x142C: 'dst_po', 0x1434: 'syx', 0x1438: 'dyx', 0x146C: 'gui', 0x1478: 'bg',
                0x147C: 'fg', 0x1480: 'm1', 0x1484: 'm2', 0x15C0: 'cmp', 0x15C4: 'sref', 0x15C8: 'dref',
                0x15D8: 'hfg', 0x15DC: 'hbg', 0x16C0: 'dpc', 0x16CC: 'wm', 0x16EC: 'sc_tl', 0x16F0: 'sc_br',
                0x16F4: 'src_br'}
        if a in keys:
            s_[keys[a]] = d
        if a in (0x1590, 0x1594):                  # SRC_X_Y / DST_X_Y: X in [31:16], Y in [15:0]
            s_['syx' if a == 0x1590 else 'dyx'] = (d & 0xFFFF) << 16 | d >> 16
        if a not in (0x143C, 0x1598):
            return 0
        if a == 0x143C:                            # DST_HEIGHT_WIDTH: H [31:16], W [15:0]
            w, h = d & 0x3FFF, d >> 16 & 0x3FFF
        else:                                      # DST_WIDTH_HEIGHT: W [31:16], H [15:0]
            w, h = d >> 16 & 0x3FFF, d & 0x3FFF
        dx, dy, dpc = sx14(s_['dyx']), sx14(s_['dyx'] >> 16), s_['dpc']
        l = dx if dpc & 1 else dx - w + 1          # D23: DP_CNTL chooses the corner and the walk
        t = dy if dpc & 2 else dy - h + 1
        if s_['gui'] >> 24 & 7 == 2:               # DP_SRC_SOURCE memory: a blit
            self.rect(k, 0, l, t, l + w, t + h, sx14(s_['syx']) - dx, sx14(s_['syx'] >> 16) - dy,
                      walk=(dpc & 1, dpc & 2))
        else:
            self.rect(k, 0, l, t, l + w, t + h, walk=(dpc & 1, dpc & 2))
        return 1

    def scans(self, k, scans):
        for (th, segs) in scans:
            t = sx14(th)
            for sg in segs:
                self.rect(k, POLYSCANLINES, sx14(sg), t, sx14(sg >> 16), t + (th >> 16 & 0x3FFF))


def check(vecdir):
    bad = 0
    paths = sorted(glob.glob(os.path.join(vecdir, '*.vec')) + glob.glob(os.path.join(vecdir, '*.vec.gz')))
    for path in paths:
        v = vector.read(path)
        mem = v.memory()
        # the engine's order: by offered cycle, a register write ahead of a packet record offered in the
        # same cycle (it goes first while the engine waits for a header); the vectors offer register
        # writes only when the packets before them are done, so this is the order they are taken in
        recs = sorted([(c or 0, 0, i, ('regw', x)) for i, (c, x) in enumerate(v.inputs('regw'))] +
                      [(c or 0, 1, i, ('pkt', x)) for i, (c, x) in enumerate(v.inputs('pkt'))])
        body = [(x[0], x[1]) for _, x in v.inputs('body')]
        got = [tuple(x) for _, x in v.outputs('pix')]
        ref = Ref(mem)
        bi = k = 0
        for _, _, _, (ch, x) in recs:
            if ch == 'regw':
                k += ref.reg(k, x[0], x[1])
                continue
            typ, op, err = x[1], x[2], x[5]
            k += 1
            if typ != 3 or op == NOP or err & 1:
                continue
            b = []
            while bi < len(body):
                b.append(body[bi][0])
                bi += 1
                if body[bi - 1][1]:
                    break
            ref.packet(k - 1, op, b)
        want = [(k & 0xFFFF, x & 0x3FFF, y & 0x3FFF, sv, p, d, r, res) for (k, x, y, sv, p, d, r, res) in ref.pix]
        if want != got:
            bad += 1
            n = next((i for i, (a, b) in enumerate(zip(want, got)) if a != b), min(len(want), len(got)))
            print('FAIL %s: pixel record %d: reference %s, vector %s (%d vs %d records)' % (
                path, n, want[n] if n < len(want) else None, got[n] if n < len(got) else None, len(want), len(got)))
        else:
            print('ok   %s: %d pixel records' % (path, len(got)))
    print('PASS' if not bad else 'FAIL: %d vectors differ' % bad)
    return 1 if bad else 0


def main(argv):
    if len(argv) == 3 and argv[1] == '--check':
        return check(argv[2])
    if len(argv) not in (2, 3) or argv[1].startswith('-'):
        sys.stderr.write(__doc__.split('\n\n')[-1] + '\n')
        return 2
    os.makedirs(argv[1], exist_ok=True)
    for c in cases():
        c.write(argv[1])
    if len(argv) == 3:
        os.makedirs(argv[2], exist_ok=True)
        desktop().write_pm4(argv[2])
        misc().write_pm4(argv[2])       # a short ring: the exported benches' CI case (docs/export.md)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
