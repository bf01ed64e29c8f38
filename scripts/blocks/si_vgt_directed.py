#!/usr/bin/env python3
"""si_vgt_directed.py - write the directed stimulus files of si.vgt (vectors/si/vgt/stim/*.stim),
or check the golden vectors made from them against an independent reference.

The reference is written from docs/blocks/si.vgt.md ("What a draw does"), not from the C model: it
reads the index buffer as a byte array through the swap (byte A comes from A XOR n of the
aligned dword), takes each index at B + i*size, and computes restart, offset and clamp per record;
the memory requests are the dwords covering the fetched bytes, once per instance.  It knows nothing
of cycles (the records and requests are compared in order).

'rcosim gen --stimulus X.stim -o X.vec' turns a stimulus into a golden vector (scripts/regen-vectors).

Usage: si_vgt_directed.py OUTDIR            write OUTDIR/*.stim
       si_vgt_directed.py --check VECDIR    compare VECDIR/*.vec with VECDIR/stim/*.stim
"""
import sys

from rcosim_py import check as chk
from rcosim_py import vector

MAX_VTX, MIN_VTX, OFFSET, RESET_INDX = 0x28400, 0x28404, 0x28408, 0x2840C
BASE_HI, BASE, DRAW_INIT = 0x287E4, 0x287E8, 0x287F0
DMA_SIZE, DMA_MAX_SIZE, DMA_INDEX_TYPE, DMA_NUM_INST, RESET_EN = 0x28A74, 0x28A78, 0x28A7C, 0x28A88, 0x28A94
INDEX_TYPE, NUM_INDICES, NUM_INST = 0x3090C, 0x30930, 0x30934
M32 = 0xFFFFFFFF


# ---- the reference ---------------------------------------------------------------------------

def reference(lines):
    """(records [(draw, inst, raw, final, restart, eop)], request addresses [addr]) of a stimulus."""
    mem = {}
    r = dict.fromkeys(('max', 'min', 'off', 'rindx', 'bhi', 'blo', 'size', 'maxsize', 'itype', 'swap',
                       'ninst', 'ren', 'nind'), 0)
    recs, reqs = [], []
    draws = 0

    def byte(a):          # the byte at address a as the block sees it through SWAP_MODE
        n = (0, 1, 3, 2)[r['swap']]
        a2 = (a & ~3) | ((a & 3) ^ n)
        w = mem.get(a2 & ~3 & M32, 0)
        return (w >> (8 * (a2 & 3))) & 0xFF

    stim = vector.parse(lines)
    mem.update(stim.memory())
    for a, d in (vals for ch, _, vals in stim.events if ch == 'regw'):
        key = {MAX_VTX: 'max', MIN_VTX: 'min', OFFSET: 'off', RESET_INDX: 'rindx', BASE: 'blo',
               DMA_SIZE: 'size', DMA_MAX_SIZE: 'maxsize', NUM_INDICES: 'nind'}.get(a)
        if key:
            r[key] = d
        elif a == BASE_HI:
            r['bhi'] = d & 0xFF
        elif a == DMA_INDEX_TYPE:
            r['itype'], r['swap'] = d & 1, (d >> 2) & 3
        elif a == INDEX_TYPE:
            r['itype'] = d & 1
        elif a in (DMA_NUM_INST, NUM_INST):
            r['ninst'] = d
        elif a == RESET_EN:
            r['ren'] = d & 1
        elif a == DRAW_INIT and d & 3 in (0, 2):
            auto = d & 3 == 2
            did = draws & 0xFFFF
            draws += 1
            count = r['nind'] if auto else r['size']
            ninst = r['ninst'] or 1
            fetched = 0 if auto else min(r['size'], r['maxsize'])
            size = 4 if r['itype'] else 2
            base = (r['bhi'] << 32) | (r['blo'] & ~1)
            if fetched:
                first, last = base & ~3, (base + fetched * size - 1) & ~3
                per_inst = [(first + 4 * k) & 0xFFFFFFFFFF for k in range((last - first) // 4 + 1)]
            else:
                per_inst = []
            for k in range(ninst if count else 0):
                reqs.extend(per_inst)
                for i in range(count):
                    if auto:
                        raw = i
                    elif i >= fetched:
                        raw = 0
                    else:
                        a0 = (base + i * size) & M32     # the agent serves 32-bit addresses
                        raw = sum(byte((a0 + b) & M32) << (8 * b) for b in range(size))
                    rst = (not auto) and r['ren'] == 1 and \
                        (raw == r['rindx'] if size == 4 else raw == r['rindx'] & 0xFFFF)
                    fin = raw if rst else min(max((raw + r['off']) & M32, r['min']), r['max'])
                    eop = int(k == ninst - 1 and i == count - 1 and not d & 0x20)
                    recs.append((did, k, raw, fin, int(rst), eop))
    return recs, reqs


def records(lines, v):
    """(what, the vector's records, the reference's) of a stimulus and its golden vector v."""
    recs, reqs = reference(lines)
    grec = [tuple(x[:6]) for _, x in v.outputs('idx')]
    greq = [x[0] for _, x in v.outputs('memreq')]
    return (('index', grec, recs), ('memory request', greq, reqs))


def check(vecdir):
    return chk.check_all(vecdir, records)


# ---- stimulus files --------------------------------------------------------------------------

BUF = 0x00100000


class Case:
    def __init__(self, name, title, backpressure='always', latency='1:1'):
        self.name, self.title, self.bp, self.lat = name, title, backpressure, latency
        self.mem = {}
        self.lines = []

    def preload(self, addr, words):
        for i, w in enumerate(words):
            self.mem[addr + 4 * i] = w & M32

    def w(self, addr, data, note=''):
        self.lines.append('in regw %05x %08x%s' % (addr, data & M32, '  # ' + note if note else ''))

    def draw(self, base=BUF, size=0, maxsize=M32, itype=0, swap=0, ninst=1, init=0, note='', **kw):
        self.w(BASE, base & M32)
        self.w(BASE_HI, base >> 32)
        self.w(DMA_SIZE, size)
        self.w(DMA_MAX_SIZE, maxsize)
        if itype is not None:          # None: the index type is not written (its reset value)
            self.w(DMA_INDEX_TYPE, itype | swap << 2)
        if ninst is not None:
            self.w(NUM_INST, ninst)
        names = {'off': OFFSET, 'min': MIN_VTX, 'max': MAX_VTX, 'ren': RESET_EN, 'rindx': RESET_INDX,
                 'nind': NUM_INDICES, 'uitype': INDEX_TYPE, 'dinst': DMA_NUM_INST}
        for k, v in kw.items():
            self.w(names[k], v)
        self.w(DRAW_INIT, init, note)

    def write(self, outdir):
        vector.write_stim(
            outdir, self.name, 'si.vgt', self.title, __file__,
            notes=['si_vgt_directed.py --check replays it through its own reference of docs/blocks/si.vgt.md'],
            mem=vector.mem_lines(self.mem), body=self.lines, backpressure=self.bp, latency=self.lat)


def seq16(n, start=0):
    """Dwords holding the 16-bit indices start, start+1, ... (low half first)."""
    v = [(start + k) & 0xFFFF for k in range(n + n % 2)]
    return [v[k] | v[k + 1] << 16 for k in range(0, len(v), 2)]


def cases():
    out = []
    open_clamp = dict(off=0, min=0, max=M32)

    c = Case('index16', 'VGT_DMA_INDEX_TYPE (0x28a7c) INDEX_TYPE 0 = 16-bit indices, little-endian, two per '
             'dword (002:162-167); an odd count leaves the last upper half unused')
    c.preload(BUF, seq16(12, 0x100))
    c.draw(size=12, itype=0, **open_clamp)
    c.draw(size=5, itype=0, note='odd count')
    out.append(c)

    c = Case('index_reset', 'a DMA draw before any write of VGT_DMA_INDEX_TYPE, VGT_INDEX_TYPE or a '
             'NUM_INSTANCES register: every register holds 0 after reset, so 16-bit indices, SWAP_MODE 0, '
             'one instance')
    c.preload(BUF, [0x00020001, 0x00040003, 0x00060005])
    c.draw(size=5, itype=None, ninst=None, max=M32, note='16-bit indices by reset')
    out.append(c)

    c = Case('index32', 'INDEX_TYPE 1 = 32-bit indices (002:162-167), through VGT_DMA_INDEX_TYPE and through '
             'the uconfig VGT_INDEX_TYPE (0x3090c, 002:620-623): the last write wins')
    c.preload(BUF, [0x00000000, 0x00000001, 0x12345678, 0xFFFFFFFF, 0x80000000, 0x0000FFFF, 7, 8])
    c.draw(size=8, itype=1, **open_clamp)
    c.draw(size=4, itype=0, uitype=1, note='VGT_INDEX_TYPE after VGT_DMA_INDEX_TYPE: 32-bit')
    c.draw(size=4, itype=1, uitype=0, note='VGT_INDEX_TYPE 0: 16-bit')
    out.append(c)

    c = Case('swap_modes', 'SWAP_MODE 0-3 on 0xAABBCCDD: unchanged, 0xBBAADDCC, 0xDDCCBBAA, 0xCCDDAABB '
             '(002:168; 003:94-118); on 16-bit indices mode 3 exchanges the two indices of a dword')
    c.preload(BUF, [0xAABBCCDD, 0x11223344])
    for m in range(4):
        c.draw(size=2, itype=1, swap=m, **(open_clamp if m == 0 else {}))
    for m in range(4):
        c.draw(size=4, itype=0, swap=m)
    out.append(c)

    c = Case('base_hi', 'VGT_DMA_BASE_HI[7:0] is address bits 39:32 of the 40-bit base (002:155-160): the '
             'requests carry it (the agent serves addr mod 2^32); BASE bit 0 is ignored (002:152-153)')
    c.preload(BUF, seq16(8, 0x40))
    c.draw(base=0x12 << 32 | BUF, size=8, itype=0, **open_clamp)
    c.draw(base=0xFF << 32 | BUF | 1, size=3, itype=0, note='BASE bit 0 set: ignored')
    c.draw(base=0xFFFFFFFFFC, size=4, itype=1, note='the 40-bit address wraps')
    out.append(c)

    c = Case('base_unaligned', 'a 16-bit aligned base (002:143-153): a 16-bit stream starting in the upper '
             'half of a dword, and 32-bit indices straddling two dwords, with every swap mode')
    c.preload(BUF, [0x11110000, 0x33332222, 0x55554444, 0x77776666, 0x99998888, 0xBBBBAAAA])
    c.draw(base=BUF + 2, size=5, itype=0, **open_clamp)
    for m in range(4):
        c.draw(base=BUF + 2, size=4, itype=1, swap=m)
    c.draw(base=BUF + 2, size=1, itype=1, ninst=2, note='one straddling index, two instances')
    out.append(c)

    c = Case('max_size', 'VGT_DMA_MAX_SIZE < VGT_DMA_SIZE: the indices past MAX_SIZE are 0 and not read '
             '(002:179-185)')
    c.preload(BUF, seq16(16, 0x500))
    c.draw(size=10, maxsize=4, itype=0, **open_clamp)
    c.draw(size=6, maxsize=0, itype=1, note='nothing read')
    c.draw(size=6, maxsize=3, itype=1, off=5, note='zero fill goes through the offset')
    c.draw(size=6, maxsize=6, itype=0, off=0, note='MAX_SIZE = SIZE')
    out.append(c)

    c = Case('instances', 'VGT_NUM_INSTANCES 0 is read as 1 (002:685-688); VGT_DMA_NUM_INSTANCES too; the '
             'buffer is read once per instance')
    c.preload(BUF, seq16(4, 0x20))
    c.draw(size=3, ninst=0, itype=0, **open_clamp)
    c.draw(size=3, ninst=3, itype=0)
    c.draw(size=2, ninst=1, dinst=2, itype=0, note='VGT_DMA_NUM_INSTANCES after VGT_NUM_INSTANCES')
    c.draw(size=2, ninst=1, dinst=0, itype=0, note='VGT_DMA_NUM_INSTANCES 0')
    c.draw(size=0, ninst=2, itype=0, note='no indices: a draw id, no records')
    c.draw(size=2, ninst=2, itype=0)
    out.append(c)

    c = Case('offset_clamp', 'final = clamp(raw + VGT_INDX_OFFSET, VGT_MIN_VTX_INDX, VGT_MAX_VTX_INDX): offset '
             'first, then clamp (002:627-665); 32-bit wrap; MIN > MAX gives MAX')
    c.preload(BUF, [0, 5, 10, 100, 0xFFFFFFF0, 0x7FFFFFFF, 1000, 50])
    c.draw(size=8, itype=1, off=10, min=12, max=105, note='offset, then clamp')
    c.draw(size=8, itype=1, off=0x20, min=0, max=M32, note='wraps')
    c.draw(size=8, itype=1, off=M32, min=4, max=60, note='offset -1')
    c.draw(size=8, itype=1, off=0, min=50, max=20, note='MIN > MAX')
    c.draw(size=8, itype=0, off=0x10000, min=0, max=M32, note='16-bit indices, offset past 16 bits')
    out.append(c)

    c = Case('restart', 'primitive restart: VGT_MULTI_PRIM_IB_RESET_EN bit 0 @0x28a94, RESET_INDX @0x2840c '
             '(002:670-678), on the raw index, at the index width; restart records keep final = raw')
    c.preload(BUF, [0xFFFF0001, 0x0003FFFF, 0xFFFFFFFF, 0x00000007, 0x0000FFFF, 0x00000009])
    c.draw(size=4, itype=0, ren=1, rindx=0xFFFF, off=100, min=0, max=M32, note='16-bit, 0xFFFF')
    c.draw(size=4, itype=0, ren=1, rindx=0xFFFFFFFF, note='16-bit, RESET_INDX[15:0]')
    c.draw(size=4, itype=1, base=BUF + 8, ren=1, rindx=0xFFFFFFFF, note='32-bit')
    c.draw(size=4, itype=1, base=BUF + 8, ren=1, rindx=0x0000FFFF, note='32-bit, full width')
    c.draw(size=4, itype=0, ren=0, rindx=0xFFFF, note='disabled')
    c.draw(size=4, maxsize=2, itype=0, ren=1, rindx=0, note='zero fill restarts with RESET_INDX 0')
    c.draw(size=3, nind=3, ren=1, rindx=1, init=2, note='AUTO: never restarts')
    out.append(c)

    c = Case('auto_index', 'SOURCE_SELECT 2 = AUTO_INDEX (002:212): indices 0..VGT_NUM_INDICES-1, 32-bit, '
             'offset and clamp; NOT_EOP (002:214); SOURCE_SELECT 1 and 3 start nothing')
    c.draw(size=7, nind=5, init=2, off=3, min=0, max=6)
    c.draw(size=7, nind=2, init=2 | 0x20, off=0, max=M32, ninst=2, note='NOT_EOP')
    c.w(DRAW_INIT, 1, 'SOURCE_SELECT 1: nothing')
    c.w(DRAW_INIT, 3, 'SOURCE_SELECT 3: nothing')
    c.draw(size=0, nind=0, init=2, note='no indices')
    c.draw(size=0, nind=3, init=2 | 0x4 | 0x40, note='MAJOR_MODE, USE_OPAQUE ignored')
    out.append(c)

    c = Case('backpressure', 'long draws under random back-pressure and a 1-20 cycle memory latency (the '
             '8 credits), 16- and 32-bit, with restarts', backpressure='random:0.5', latency='1:20')
    c.preload(BUF, seq16(400, 0xFFF0))
    c.draw(size=300, itype=0, ren=1, rindx=0xFFFF, off=0, min=0, max=M32)
    c.draw(size=150, itype=1, base=BUF + 2, ren=1, rindx=0x00140013, ninst=2)
    c.w(0x28A90, 0x0000002E, 'VGT_EVENT_INITIATOR: ignored')
    c.draw(size=64, maxsize=40, itype=0, swap=3)
    out.append(c)
    return out


def main(argv):
    return chk.main(argv, __doc__, check, cases)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
