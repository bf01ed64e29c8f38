#!/usr/bin/env python3
"""si.compute's kernel vectors (docs/blocks/si.compute.md, "Kernels").

    si_compute_kernels.py [OUTDIR]    compile si.cu's kernels (scripts/blocks/si_cu_kernels/
                                      kernels.cl) and grid2d and sum512 (scripts/blocks/
                                      si_compute_kernels/grid2d.cl) with clang and write one stimulus file per kernel
                                      (default vectors/si/compute/stim): the code and inputs as
                                      memory, a PM4 stream (SET_SH_REG, DISPATCH_DIRECT, a fence)
    si_compute_kernels.py --check RCOSIM [VECDIR]
                                      run every vector (RTL and model in lockstep) with
                                      `RCOSIM run --trace memreq` and compare the memory it writes
                                      with the host's answer and the fence

The kernels' inputs and host answers are si_cu_kernels.py's functions (one seed, SEED below);
grid2d's host answer is below.  The PM4 packets are built here from the public facts cited in the
block's doc (type-3 header, SET_SH_REG offsets from 0xB000, DISPATCH_DIRECT, RELEASE_MEM,
EVENT_WRITE_EOP).
"""
import os
import random
import re
import subprocess
import sys

from blocks import si_cu_kernels as K

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GRID_SRC = os.path.join(HERE, 'si_compute_kernels', 'grid2d.cl')
SEED = 2702
FENCE = 0x0000F000

# PM4 (docs/blocks/si.compute.md, "PM4"): opcodes of Linux cikd.h
NOP, DISPATCH_DIRECT, EVENT_WRITE_EOP, RELEASE_MEM, SET_SH_REG = 0x10, 0x15, 0x47, 0x49, 0x76


def pkt3(op, body):
    """A type-3 packet: header (COUNT = len(body) - 1, SHADER_TYPE compute) and its body."""
    return [0xC0000000 | (len(body) - 1) << 16 | op << 8 | 2] + list(body)


def set_sh(addr, vals):
    return pkt3(SET_SH_REG, [(addr - 0xB000) // 4] + list(vals))


def eop_cntl():
    # EVENT_TYPE CACHE_FLUSH_AND_INV_TS_EVENT (0x14), EVENT_INDEX 5, TCL1 and TC actions (cik.c)
    return 0x14 | 5 << 8 | 1 << 16 | 1 << 17


def fence(kind, seq):
    """RELEASE_MEM with DATA_SEL 1 (32 bits), or EVENT_WRITE_EOP with DATA_SEL 2 (64 bits)."""
    if kind == 'release':
        return pkt3(RELEASE_MEM, [eop_cntl(), 1 << 29 | 2 << 24, FENCE, 0, seq, 0]), {FENCE: seq}
    hi = seq ^ 0xFFFFFFFF
    return (pkt3(EVENT_WRITE_EOP, [eop_cntl(), FENCE, 2 << 29 | 2 << 24, seq, hi]),
            {FENCE: seq, FENCE + 4: hi})


# ---- grid2d: a 2D grid whose last work-groups in X and in Y are partial ------------------------
G_W, G_H, G_LX, G_LY = 40, 22, 16, 8


def k_grid2d(rng):
    a = [rng.getrandbits(32) for _ in range(G_W * G_H)]
    c = [(a[y * G_W + x] * 3 + (x << 8) + (y ^ 0x55)) & 0xFFFFFFFF for y in range(G_H) for x in range(G_W)]
    args = [('ptr', K.BUF[0]), ('ptr', K.BUF[1]), ('u32', G_W), ('u32', G_LX), ('u32', G_LY)]
    return G_W * G_H, args, {K.BUF[0]: a}, {K.BUF[1]: c}


# ---- sum512: 2D groups of 32 x 16 = 512 work-items (8 waves), an LDS tree with barriers ----------
def k_sum512(rng):
    groups = 4
    a = [rng.getrandbits(32) for _ in range(groups * 512)]
    out = [sum(a[g * 512:(g + 1) * 512]) & 0xFFFFFFFF for g in range(groups)]
    args = [('ptr', K.BUF[0]), ('ptr', K.BUF[1]), ('u32', 512)]
    return groups * 512, args, {K.BUF[0]: a}, {K.BUF[1]: out}


def ceil_div(a, b):
    return (a + b - 1) // b


# name: (function, (NUM_THREAD_X, Y), (work-items in X, Y)); a grid not a multiple of the
# group size has partial groups at its edge (PARTIAL_TG_EN)
KERNELS = {
    'vadd': (None, (64, 1), (256, 1)),
    'saxpy': (None, (64, 1), (200, 1)),          # 3 groups of 64 and one of 8
    'imath': (None, (64, 1), (190, 1)),          # the last group 62
    'fmath': (None, (48, 1), (150, 1)),          # 48-wide groups: the last 6
    'reduce': (None, (256, 1), (768, 1)),        # 4 waves a group, barriers, LDS
    'matmul': (None, (16, 16), (32, 32)),        # 2D groups of 4 waves
    'hist': (None, (256, 1), (512, 1)),          # LDS atomics, global atomics
    'grid2d': (k_grid2d, (G_LX, G_LY), (G_W, G_H)),   # 2D, partial in X (8) and Y (6)
    'sum512': (k_sum512, (32, 16), (64, 32)),    # 2D groups of 8 waves (si.cu's 8 slots)
}
# the si.cu kernels whose host function takes the group size as an argument (LSZ = 64 there)
LSZ_ARG = {'vadd': 3, 'saxpy': 4, 'imath': 3, 'fmath': 5}


def kernel_case(name, rng):
    """(work-items, kernel args, inputs, host answer) of a kernel, its args fitted to the group."""
    fn, (ntx, _), _ = KERNELS[name]
    if fn is None:
        fn = dict(K.KERNELS)[name]
    n, args, inputs, expect = fn(rng)
    if name in LSZ_ARG:
        args = list(args)
        args[LSZ_ARG[name]] = ('u32', ntx)
    return n, args, inputs, expect


def stream(name, rsrc1, rsrc2, seq):
    """The PM4 dwords of one kernel's dispatch and the fence's expected memory."""
    _, (ntx, nty), (wx, wy) = KERNELS[name]
    gx, gy = ceil_div(wx, ntx), ceil_div(wy, nty)
    px, py = wx - (gx - 1) * ntx, wy - (gy - 1) * nty
    partial = px != ntx or py != nty
    p = pkt3(NOP, [0xDEADBEEF]) + [0x80000000]                     # a NOP and a type-2 filler
    p += set_sh(0xB830, [K.CODE >> 8, 0])                          # COMPUTE_PGM_LO/HI
    p += set_sh(0xB848, [rsrc1, rsrc2])                            # COMPUTE_PGM_RSRC1/2
    p += set_sh(0xB860, [0])                                       # COMPUTE_TMPRING_SIZE
    # COMPUTE_START_X/Y/Z, COMPUTE_NUM_THREAD_X/Y/Z (FULL 15:0, PARTIAL 31:16)
    p += set_sh(0xB810, [0, 0, 0, ntx | px << 16, nty | py << 16, 1 | 1 << 16])
    # the mesa3d user SGPRs: s[0:3] private segment buffer (unused: 0), s[4:5] kernarg pointer
    p += set_sh(0xB900, [0, 0, 0, 0, K.KARG, 0])
    # COMPUTE_DISPATCH_INITIATOR: COMPUTE_SHADER_EN, PARTIAL_TG_EN when the grid has partial groups
    p += pkt3(DISPATCH_DIRECT, [gx, gy, 1, 1 | (2 if partial else 0)])
    f, fmem = fence('release' if seq & 1 else 'eop', 0x5EC00000 + seq)
    return p + f, fmem, (gx * gy, (ntx, nty), (px, py))


def compile_all():
    ks = K.compile_kernels()
    ks.update(K.compile_kernels(GRID_SRC))
    return ks


def write_stims(outdir):
    os.makedirs(outdir, exist_ok=True)
    ks = compile_all()
    rng = random.Random(SEED)
    for seq, name in enumerate(KERNELS):
        n, args, inputs, _ = kernel_case(name, rng)
        words, rsrc1, rsrc2 = ks[name]
        dwords, _, (groups, (ntx, nty), (px, py)) = stream(name, rsrc1, rsrc2, seq)
        src = 'si_compute_kernels/grid2d.cl' if name in ('grid2d', 'sum512') else 'si_cu_kernels/kernels.cl'
        L = ['# %s: kernel %s of scripts/blocks/%s, %d work-items, %d work-groups of %d x %d%s'
             % (name, name, src, n, groups, ntx, nty,
                ', the last %d x %d' % (px, py) if (px, py) != (ntx, nty) else ''),
             '# written by scripts/blocks/si_compute_kernels.py (clang %s); the golden vector is ../%s.vec'
             % (' '.join(K.CLANG[1:]), name),
             '# a PM4 stream: NOP, type-2, SET_SH_REG, DISPATCH_DIRECT, %s; si_compute_kernels.py --check '
             'compares the memory written with the host\'s answer' % ('RELEASE_MEM' if seq & 1 else 'EVENT_WRITE_EOP'),
             'rcosim-vector 1', 'block si.compute', 'seed 1', 'backpressure random:0.5', 'mem-latency 1:6',
             'channel in pm4 data:32']
        L += K.mem_lines(K.CODE, words)
        L += K.mem_lines(K.KARG, K.kernarg_words(args))
        for a in sorted(inputs):
            L += K.mem_lines(a, inputs[a])
        L += ['in pm4 %08x' % d for d in dwords]
        L.append('end')
        with open(os.path.join(outdir, name + '.stim'), 'w') as f:
            f.write('\n'.join(L) + '\n')


WRITE_RE = re.compile(r'memreq\b.*\baddr[ =:]+(?:0x)?([0-9a-fA-F]+).*\bwe[ =:]+(?:0x)?1\b.*'
                      r'\bwdata[ =:]+(?:0x)?([0-9a-fA-F]+)(?:.*\bbe[ =:]+(?:0x)?([0-9a-fA-F]+))?')


def check(rcosim, vecdir):
    rng = random.Random(SEED)
    bad = 0
    for seq, name in enumerate(KERNELS):
        n, args, inputs, expect = kernel_case(name, rng)
        _, fmem, _ = stream(name, 0, 0, seq)
        vec = os.path.join(vecdir, name + '.vec')
        p = subprocess.run([rcosim, 'run', '--vector', vec, '--trace', 'memreq'], capture_output=True, text=True)
        if p.returncode != 0 or 'PASS' not in p.stdout:
            print('FAIL %s: rcosim run:\n%s%s' % (name, p.stdout[-2000:], p.stderr[-2000:]))
            bad += 1
            continue
        mem, writes = {}, []
        for a in inputs:
            for i, w in enumerate(inputs[a]):
                mem[a + 4 * i] = w
        for line in (p.stdout + p.stderr).splitlines():
            m = WRITE_RE.search(line)
            if m:
                a, d = int(m.group(1), 16), int(m.group(2), 16)
                be = int(m.group(3), 16) if m.group(3) else 0xF
                keep = sum(0xFF << 8 * k for k in range(4) if not (be >> k) & 1)
                mem[a] = (mem.get(a, 0) & keep) | (d & ~keep & 0xFFFFFFFF)
                writes.append(a)
        errs = []
        for a, ws in expect.items():
            for i, w in enumerate(ws):
                got = mem.get(a + 4 * i)
                if got != w:
                    errs.append('%08x: got %s, host %08x' % (a + 4 * i, 'none' if got is None else '%08x' % got, w))
        # the fence: its words, written last (after every write of the kernel)
        for a, w in fmem.items():
            if mem.get(a) != w:
                errs.append('fence %08x: got %s, expected %08x' % (a, mem.get(a), w))
        if writes[-len(fmem):] != sorted(fmem):
            errs.append('the fence is not the last write: last writes %s' % ['%08x' % a for a in writes[-3:]])
        want = K.NWRITES.get(name, sum(len(w) for w in expect.values())) + len(fmem)
        if len(writes) != want:
            errs.insert(0, '%d memory writes, the host expects %d' % (len(writes), want))
        if errs:
            print('FAIL %s: %d differences from the host, first: %s' % (name, len(errs), '; '.join(errs[:4])))
            bad += 1
        else:
            print('ok %s: %d words written, equal to the host\'s answer, fence last' % (name, len(writes)))
    print('PASS' if not bad else 'FAIL: %d kernel(s)' % bad)
    return 1 if bad else 0


def main():
    a = sys.argv[1:]
    if a and a[0] == '--check':
        if len(a) < 2:
            sys.exit('usage: si_compute_kernels.py --check RCOSIM [VECDIR]')
        sys.exit(check(a[1], a[2] if len(a) > 2 else os.path.join(ROOT, 'vectors', 'si', 'compute')))
    write_stims(a[0] if a else os.path.join(ROOT, 'vectors', 'si', 'compute', 'stim'))


if __name__ == '__main__':
    main()
