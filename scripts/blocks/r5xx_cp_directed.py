#!/usr/bin/env python3
"""r5xx_cp_directed.py - write the directed stimulus files of r5xx.cp (vectors/r5xx/cp/stim/*.stim).

Each case is a small PM4 program placed in a ring buffer (and indirect buffers) in memory, plus
the host writes that start the CP on it.  'rcosim gen --stimulus X.stim -o X.vec' turns a
stimulus into a golden vector (scripts/regen-vectors does all of them).  Packet encodings follow
001:1865-2017; the worked examples are the spec extract's section 4 facts.

Usage: r5xx_cp_directed.py OUTDIR
"""
import sys

from rcosim_py import vector
from rcosim_py import check as chk

RING = 0x00100000
IB1 = 0x00200000
IB2 = 0x00300000
WB = 0x0000F000
CP_RB_BASE, CP_RB_CNTL, CP_RB_RPTR_ADDR, CP_RB_WPTR = 0x700, 0x704, 0x70C, 0x714
CP_RB_WPTR_DELAY, CP_RB_RPTR_WR = 0x718, 0x71C


def t0(base, n, one=False):
    return ((n - 1) << 16) | (0x8000 if one else 0) | base


def t1(i1, i2):
    return 0x40000000 | (i2 << 11) | i1


def t3(op, n):
    return 0xC0000000 | ((n - 1) << 16) | (op << 8)


def swap(v, mode):
    if mode == 1:
        return ((v & 0x00FF00FF) << 8) | ((v >> 8) & 0x00FF00FF)
    if mode == 2:
        return int.from_bytes(v.to_bytes(4, 'little'), 'big')
    if mode == 3:
        return ((v << 16) | (v >> 16)) & 0xFFFFFFFF
    return v


class Case:
    def __init__(self, name, title):
        self.name, self.title = name, title
        self.mem = []        # (addr, [words])
        self.host = []       # (cycle, addr, data)

    def ring(self, words, bufsz=6, swap_mode=0, start=0, cntl_extra=0, wptr_steps=None,
             delay=0, rptr_addr=0):
        size = 2 << max(2, min(bufsz, 22))
        img = [0] * size
        for i, w in enumerate(words):
            img[(start + i) % size] = swap(w, swap_mode)
        self.mem.append((RING, img))
        cntl = bufsz | (swap_mode << 16) | cntl_extra
        self.host += [(0, CP_RB_BASE, RING), (0, CP_RB_CNTL, cntl | 0x80000000),
                      (0, CP_RB_RPTR_ADDR, rptr_addr), (0, CP_RB_RPTR_WR, start),
                      (0, CP_RB_WPTR, start), (0, CP_RB_CNTL, cntl), (0, CP_RB_WPTR_DELAY, delay)]
        steps = wptr_steps or [(0, len(words))]
        for cycle, upto in steps:
            self.host.append((cycle, CP_RB_WPTR, (start + upto) % size))
        self.swap_mode = swap_mode

    def buffer(self, addr, words, swap_mode=0):
        self.mem.append((addr, [swap(w, swap_mode) for w in words]))

    def write(self, outdir):
        vector.write_stim(
            outdir, self.name, 'r5xx.cp', self.title, __file__,
            mem=[m for addr, words in self.mem for m in vector.chunk_lines(addr, words)],
            body=['in host %s%04x %08x' % ('@%d ' % cycle if cycle else '', addr, data)
                  for cycle, addr, data in self.host])


def cases():
    out = []
    c = Case('type0_worked', 'Type-0 header 0x00011381 writes 0x4E04 then 0x4E08 (001:1883-1901)')
    c.ring([0x00011381, 0x11111111, 0x22222222])
    out.append(c)
    c = Case('type0_one_reg_wr', 'ONE_REG_WR: header 0x00019381 writes both dwords to 0x4E04; 8 dwords to VAP_PVS_VECTOR_DATA_REG')
    c.ring([0x00019381, 0xAAAA0001, 0xAAAA0002, 0x00078881] + [0x100 + i for i in range(8)])
    out.append(c)
    c = Case('type0_count0_and_range', 'COUNT 0; a burst running past register index 0x1FFF is cut and flagged')
    c.ring([t0(0x1381, 1), 0x5, t0(0x1FFE, 4), 1, 2, 3, 4, t0(0x1FFF, 3, one=True), 7, 8, 9])
    out.append(c)
    c = Case('type1_ib1', 'Type-1 0x400E79CE writes CP_IB_BASE and CP_IB_BUFSZ; the IB runs, then the ring resumes')
    c.ring([t1(0x1CE, 0x1CF), IB1, 3, t0(0x1382, 1), 0xCAFE0001])
    c.buffer(IB1, [t0(0x1381, 2), 0xB0000001, 0xB0000002])
    out.append(c)
    c = Case('type2_filler', 'Type-2 dwords are consumed alone and write nothing (001:1968-1987)')
    c.ring([0x80000000, 0xBFFFFFFF, t0(0x1381, 1), 0x1, 0x80001234])
    out.append(c)
    c = Case('type3_nop', 'NOP 0xC0021000 skips exactly the next 3 dwords; a maximal NOP skips 16384')
    c.ring([0xC0021000, 0xDEAD0001, 0xDEAD0002, 0xDEAD0003, t0(0x1381, 1), 0x77] +
           [t3(0x10, 16384)] + [0xEE000000 + i for i in range(16384)] + [t0(0x1382, 1), 0x88], bufsz=14)
    out.append(c)
    c = Case('draw_immd_2', '3D_DRAW_IMMD_2 0xC00C3500 + VF_CNTL 0x00030034 + 12 vertex dwords')
    c.ring([0xC00C3500, 0x00030034] + [0x3F800000 + i for i in range(12)])
    out.append(c)
    c = Case('draw_packets', 'every 3D draw packet: VBUF, IMMD, INDX, VBUF_2, INDX_2 and DRAW_128')
    c.ring([t3(0x28, 2), 0x0, 0x00030004,
            t3(0x29, 4), 0x0, 0x00010034, 0x1, 0x2,
            t3(0x2A, 3), 0x0, 0x00040014, 0x00010000,
            t3(0x34, 1), 0x00030004,
            t3(0x36, 3), 0x00040014, 0x00030002, 0x00050004,
            t3(0x39, 5), 0x00020024, 1, 2, 3, 4], bufsz=6)
    out.append(c)
    c = Case('load_vbpntr', '3D_LOAD_VBPNTR 0xC0052F00 for 3 arrays writes 0x20C0..0x20D4; 26 dwords overflow')
    c.ring([0xC0052F00, 3, 0x11, 0x1000, 0x2000, 0x33, 0x3000, t3(0x2F, 26)] + list(range(26)), bufsz=6)
    out.append(c)
    c = Case('type3_2d_and_other', 'packets with bodies only: PAINT, BITBLT, SET_SCISSORS, WAIT_MEM, INDX_BUFFER; an unknown opcode')
    c.ring([t3(0x91, 3), 0x000040F0, 0x00100010, 0x00200020,
            t3(0x92, 4), 0x00CC30F0, 0x00010002, 0x00030004, 0x00050006,
            t3(0x1E, 2), 0x0, 0x01000100,
            t3(0x23, 2), 0x00400000, 2,
            t3(0x33, 3), 0x80002040, 0x00500000, 16,
            t3(0xEE, 2), 0x1, 0x2,
            t0(0x1381, 1), 0x99], bufsz=6)
    out.append(c)
    c = Case('ib2_nested', 'IB1 starts IB2 (Type-0 to 0x730/0x734); IB2 returns to IB1, IB1 to the ring')
    c.ring([t0(0x1CE, 2), IB1, 4, t0(0x1383, 1), 0xAB])
    c.buffer(IB1, [t0(0x1CC, 2), IB2, 2, t0(0x1382, 1)])
    c.buffer(IB2, [t0(0x1381, 1), 0x2222])
    out.append(c)
    c = Case('ib_truncated', 'an IB whose size ends inside a packet: the packet is cut, flagged, parsing returns')
    c.ring([t1(0x1CE, 0x1CF), IB1, 4, t0(0x1384, 1), 0xCD])
    c.buffer(IB1, [t0(0x1381, 1), 0x1, t3(0x91, 4), 0x1, 0x2, 0x3, 0x4])
    out.append(c)
    for mode in range(4):
        c = Case('swap%d' % mode, 'BUF_SWAP %d on the ring and an IB (000:8014-8020): 0xAABBCCDD' % mode)
        c.ring([t0(0x1381, 1), 0xAABBCCDD, t1(0x1CE, 0x1CF), IB1, 2], swap_mode=mode)
        c.buffer(IB1, [t0(0x1382, 1), 0xAABBCCDD], swap_mode=mode)
        out.append(c)
    c = Case('ring_wrap', 'an 8-dword ring (RB_BUFSZ 0 clamps to 2^3) started at RPTR 5, so packets wrap')
    c.ring([t0(0x1381, 2), 1, 2, t0(0x1382, 1), 3], bufsz=0, start=5)
    out.append(c)
    c = Case('wptr_steps', 'WPTR advanced in steps, one in the middle of a packet: the CP waits, then goes on')
    c.ring([t0(0x1381, 3), 1, 2, 3, t3(0x35, 3), 0x00010034, 5, 6], wptr_steps=[(0, 2), (40, 6), (90, 8)])
    out.append(c)
    c = Case('rptr_writeback', 'RPTR written back every 2^(RB_BLKSZ+1) dwords and when empty, with RB_RPTR_SWAP 2')
    c.ring([t0(0x1381, 7)] + list(range(7)) + [t3(0x10, 5)] + [0] * 5, cntl_extra=(1 << 8),
           rptr_addr=WB | 2)
    out.append(c)
    c = Case('prewrite_delay', 'PRE_WRITE_TIMER 20, LIMIT 3: WPTR writes take effect late or on the 3rd write')
    c.ring([t0(0x1381, 1), 1, t0(0x1382, 1), 2, t0(0x1383, 1), 3], delay=(3 << 28) | 20,
           wptr_steps=[(5, 2), (60, 4), (61, 6)])
    out.append(c)
    return out


def main(argv):
    return chk.main(argv, 'usage: r5xx_cp_directed.py OUTDIR\n', None, cases)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
