#!/usr/bin/env python3
"""si.cu's conformance kernels (docs/blocks/si.cu.md, "Kernels").

    si_cu_kernels.py [OUTDIR]         compile scripts/blocks/si_cu_kernels/kernels.cl with clang
                                      (amdgcn-mesa-mesa3d, bonaire) and write one stimulus file per
                                      kernel (default vectors/si/cu/stim): the code and inputs as
                                      memory, the COMPUTE_* writes of one dispatch
    si_cu_kernels.py --check RCOSIM [VECDIR]
                                      run every kernel vector (RTL and model in lockstep) with
                                      `RCOSIM run --trace memreq` and compare the memory it writes
                                      with the host's answer computed here (Python, below)

The inputs come from one seed (SEED below), the expected memory from the host functions below,
which implement the kernels' OpenCL C with the block's float rules (binary32 round to nearest
even, denormals flushed as FLOAT_MODE 0xC0 says, mad = two roundings).
"""
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SRC = os.path.join(HERE, 'si_cu_kernels', 'kernels.cl')
CLANG = ['clang', '-O2', '-target', 'amdgcn-mesa-mesa3d', '-mcpu=bonaire', '-nogpulib', '-c']
SEED = 2701

CODE = 0x00001000      # kernel code (256-byte aligned: COMPUTE_PGM_LO = address >> 8)
KARG = 0x00008000      # kernel arguments
BUF = [0x00010000, 0x00020000, 0x00030000, 0x00040000]
LSZ = 64               # work-group size (NUM_THREAD_X)


# ---- binary32 on the host ------------------------------------------------------------------
def f2u(f):
    return struct.unpack('<I', struct.pack('<f', f))[0]


def u2f(u):
    return struct.unpack('<f', struct.pack('<I', u & 0xFFFFFFFF))[0]


def ftz(u):
    return u & 0x80000000 if (u & 0x7F800000) == 0 else u


def fres(x):
    """A double result of one exact op on binary32 values, rounded to binary32 (RNE; double
    rounding is innocuous for + - *), NaN canonical, denormals flushed (FLOAT_MODE 0xC0)."""
    if x != x:
        return 0x7FC00000
    try:
        u = f2u(x)
    except OverflowError:
        u = 0x7F800000 if x > 0 else 0xFF800000
    return ftz(u)


def fadd(a, b):
    return fres(u2f(ftz(a)) + u2f(ftz(b)))


def fmul(a, b):
    return fres(u2f(ftz(a)) * u2f(ftz(b)))


def fmad(a, b, c):
    return fadd(fmul(a, b), c)


def fnan(a):
    return (a & 0x7FFFFFFF) > 0x7F800000


def flt(a, b):
    a, b = ftz(a), ftz(b)
    return not fnan(a) and not fnan(b) and u2f(a) < u2f(b)


def fminmax(a, b, mx):
    a, b = ftz(a), ftz(b)
    if fnan(a) and fnan(b):
        return 0x7FC00000
    if fnan(a):
        return b
    if fnan(b):
        return a
    key = lambda u: -(u & 0x7FFFFFFF) - 1 if u >> 31 else u
    return a if (key(a) < key(b)) != mx else b


def cvt_i32(a):
    a = ftz(a)
    if fnan(a):
        return 0
    f = u2f(a)
    if f >= 2147483648.0:
        return 0x7FFFFFFF
    if f <= -2147483648.0:
        return 0x80000000
    return int(f) & 0xFFFFFFFF


def cvt_u32(a):
    a = ftz(a)
    if fnan(a):
        return 0
    f = u2f(a)
    if f >= 4294967296.0:
        return 0xFFFFFFFF
    if f <= 0.0:
        return 0
    return int(f)


def cvt_f32(i):
    return f2u(float(i))


def s32(u):
    u &= 0xFFFFFFFF
    return u - (1 << 32) if u >> 31 else u


# ---- the kernels: arguments, inputs and the host's answers -------------------------------------
def rnd_floats(rng, n):
    return [f2u(rng.uniform(-100.0, 100.0)) for _ in range(n)]


def k_vadd(rng):
    n = 256
    a = [rng.getrandbits(32) for _ in range(n)]
    b = [rng.getrandbits(32) for _ in range(n)]
    c = [(x + y) & 0xFFFFFFFF for x, y in zip(a, b)]
    args = [('ptr', BUF[0]), ('ptr', BUF[1]), ('ptr', BUF[2]), ('u32', LSZ)]
    return n, args, {BUF[0]: a, BUF[1]: b}, {BUF[2]: c}


def k_saxpy(rng):
    n = 200
    alpha = f2u(rng.uniform(-4.0, 4.0))
    x = rnd_floats(rng, n)
    y = rnd_floats(rng, n + 56)          # the tail past n must stay untouched
    out = [fmad(alpha, xi, yi) for xi, yi in zip(x, y)]
    args = [('u32', alpha), ('ptr', BUF[0]), ('ptr', BUF[1]), ('u32', n), ('u32', LSZ)]
    return n, args, {BUF[0]: x, BUF[1]: y}, {BUF[1]: out}


def k_imath(rng):
    n = 190
    a = [rng.getrandbits(32) for _ in range(n)]
    c = []
    for i, u in enumerate(a):
        v = s32(u)
        v = s32(v * 3 + 1) if v & 1 else (v >> 1) ^ 0x55
        s = 0
        for k in range(i & 7):
            s += (v >> k) & 0xF
        c.append((v + s * 7 - ((v & 0xFFFFFFFF) >> 28)) & 0xFFFFFFFF)
    args = [('ptr', BUF[0]), ('ptr', BUF[1]), ('u32', n), ('u32', LSZ)]
    return n, args, {BUF[0]: a}, {BUF[1]: c}


def k_fmath(rng):
    n = 150
    x = rnd_floats(rng, n)
    y = rnd_floats(rng, n)
    r, q = [], []
    for i in range(n):
        a, b = x[i], y[i]
        t = fmad(a, b, f2u(-0.5))
        m = fminmax(t, fmul(a, f2u(1.0)), True) if flt(a, b) else fminmax(t, fmul(b, f2u(1.0)), False)
        r.append(fadd(m, cvt_f32(i)))
        bb = fadd(b, b) if flt(0, b) else 0
        q.append((cvt_i32(fmul(f2u(4.0), a)) + cvt_u32(bb)) & 0xFFFFFFFF)
    args = [('ptr', BUF[0]), ('ptr', BUF[1]), ('ptr', BUF[2]), ('ptr', BUF[3]), ('u32', n), ('u32', LSZ)]
    return n, args, {BUF[0]: x, BUF[1]: y}, {BUF[2]: r, BUF[3]: q}


def k_reduce(rng):
    groups = 3
    n = groups * 256
    a = [rng.getrandbits(32) for _ in range(n)]
    out = [sum(a[g * 256:(g + 1) * 256]) & 0xFFFFFFFF for g in range(groups)]
    args = [('ptr', BUF[0]), ('ptr', BUF[1]), ('u32', 256)]
    return n, args, {BUF[0]: a}, {BUF[1]: out}


def k_scan(rng):
    groups = 2
    n = groups * 256
    a = [rng.getrandbits(32) for _ in range(n)]
    out = []
    for g in range(groups):
        acc = 0
        for x in a[g * 256:(g + 1) * 256]:
            acc = (acc + x) & 0xFFFFFFFF
            out.append(acc)
    args = [('ptr', BUF[0]), ('ptr', BUF[1]), ('u32', 256)]
    return n, args, {BUF[0]: a}, {BUF[1]: out}


MM_N = 32


def k_matmul(rng):
    n = MM_N
    A = [rng.getrandbits(32) for _ in range(n * n)]
    B = [rng.getrandbits(32) for _ in range(n * n)]
    C = []
    for r in range(n):
        for c in range(n):
            C.append(sum(A[r * n + k] * B[k * n + c] for k in range(n)) & 0xFFFFFFFF)
    args = [('ptr', BUF[0]), ('ptr', BUF[1]), ('ptr', BUF[2]), ('u32', n)]
    return n * n, args, {BUF[0]: A, BUF[1]: B}, {BUF[2]: C}


HIST_GROUPS = 2


def k_hist(rng):
    n = HIST_GROUPS * 256
    data = [rng.getrandbits(8) for _ in range(n)]
    bins0 = [rng.getrandbits(16) for _ in range(64)]       # the atomics add to what is there
    bins = list(bins0)
    for x in data:
        bins[x & 63] += 1
    words = [data[i] | data[i + 1] << 8 | data[i + 2] << 16 | data[i + 3] << 24 for i in range(0, n, 4)]
    args = [('ptr', BUF[0]), ('ptr', BUF[1]), ('u32', 256)]
    return n, args, {BUF[0]: words, BUF[1]: bins0}, {BUF[1]: bins}


def pack(vals, nbytes):
    """Little-endian bytes of vals (nbytes each) as dwords."""
    b = b''.join(int(v & ((1 << 8 * nbytes) - 1)).to_bytes(nbytes, 'little') for v in vals)
    b += bytes(-len(b) % 4)
    return list(struct.unpack('<%dI' % (len(b) // 4), b))


def k_bytes(rng):
    n = 128                                # 2 groups of 64: 2 waves
    b = [rng.getrandbits(8) for _ in range(n)]
    c = [rng.randrange(-128, 128) for _ in range(n)]
    us = [rng.getrandbits(16) for _ in range(n)]
    ss = [rng.randrange(-32768, 32768) for _ in range(n)]
    acc0 = [rng.getrandbits(32) for _ in range(n)]
    v = [b[i] + c[i] * 3 + us[i] * 5 + ss[i] * 7 for i in range(n)]
    ob = [(x >> 3) & 0xFF for x in v]
    os_ = [(x * 11) & 0xFFFF for x in v]
    acc = [(acc0[i] + v[i]) & 0xFFFFFFFF for i in range(n)]
    o = []
    for i in range(n):
        f = v[(i // 64) * 64 + 1] if i & 1 else 0        # readfirstlane: lane 1 of the wave
        o.append((v[i] ^ acc0[i] ^ (f << 1)) & 0xFFFFFFFF)
    args = [('ptr', BUF[0]), ('ptr', BUF[0] + 0x1000), ('ptr', BUF[0] + 0x2000), ('ptr', BUF[0] + 0x3000),
            ('ptr', BUF[1]), ('ptr', BUF[1] + 0x1000), ('ptr', BUF[2]), ('ptr', BUF[3]), ('u32', 64)]
    inputs = {BUF[0]: pack(b, 1), BUF[0] + 0x1000: pack(c, 1), BUF[0] + 0x2000: pack(us, 2),
              BUF[0] + 0x3000: pack(ss, 2), BUF[3]: acc0}
    return n, args, inputs, {BUF[1]: pack(ob, 1), BUF[1] + 0x1000: pack(os_, 2), BUF[2]: o, BUF[3]: acc}


def k_ldsops(rng):
    groups, lsz = 2, 64
    n = groups * lsz
    a = [rng.getrandbits(32) if rng.getrandbits(1) else rng.getrandbits(6) for _ in range(n)]
    M = 0xFFFFFFFF
    o, om = [], []
    for g in range(groups):
        m = list(a[:16])
        r = [0] * lsz
        x = a[g * lsz:(g + 1) * lsz]
        # each atomic instruction runs over the lanes in order 0..63 before the next one
        def atom(addr_of, op):
            olds = []
            for l in range(lsz):
                k = addr_of(l)
                olds.append(m[k])
                m[k] = op(m[k], x[l]) & M
            return olds
        sgn = s32
        r = atom(lambda l: l & 1, lambda o_, d: o_ + d)
        r = [ri ^ oi for ri, oi in zip(r, atom(lambda l: 2 + (l & 1), lambda o_, d: o_ - d))]
        r = [(ri + oi) & M for ri, oi in zip(r, atom(lambda l: 4 + (l & 1), min))]
        r = [(ri + oi) & M for ri, oi in zip(r, atom(lambda l: 6 + (l & 1), max))]
        mand = [xl | 0x0F0F0F0F for xl in x]
        olds = []
        for l in range(lsz):
            olds.append(m[8]); m[8] &= mand[l]
        r = [ri ^ oi for ri, oi in zip(r, olds)]
        olds = []
        for l in range(lsz):
            olds.append(m[9]); m[9] |= x[l] & 0x11111111
        r = [ri ^ oi for ri, oi in zip(r, olds)]
        r = [ri ^ oi for ri, oi in zip(r, atom(lambda l: 10, lambda o_, d: o_ ^ d))]
        olds = []
        for l in range(lsz):                       # inc: old >= 40 ? 0 : old + 1
            olds.append(m[11]); m[11] = 0 if m[11] >= 40 else m[11] + 1
        r = [(ri + oi) & M for ri, oi in zip(r, olds)]
        olds = []
        for l in range(lsz):                       # dec: (old == 0 || old > 50) ? 50 : old - 1
            olds.append(m[12]); m[12] = 50 if (m[12] == 0 or m[12] > 50) else m[12] - 1
        r = [(ri + oi) & M for ri, oi in zip(r, olds)]
        for l in range(lsz):
            m[13] = min(sgn(m[13]), sgn(x[l])) & M
            m[14] = max(sgn(m[14]), sgn(x[l])) & M
        o += r
        om += m
    args = [('ptr', BUF[0]), ('ptr', BUF[1]), ('ptr', BUF[2]), ('u32', lsz)]
    return n, args, {BUF[0]: a}, {BUF[1]: o, BUF[2]: om}


def f32r(x):
    """binary32 bits of the double x rounded to nearest even (x is exact here)."""
    return struct.unpack('<I', struct.pack('<f', x))[0]


def tb_unorm(u, w):
    """UNORM: the exact binary32 of u times K = RNE(1/(2^w - 1)), rounded to nearest even
    (docs/blocks/si.cu.md, "Typed buffer memory")."""
    k = u2f(0x3B808081 if w == 8 else 0x37800080)
    return f32r(float(u) * k)


def tb_snorm(v, w):
    if v == -(1 << (w - 1)):
        return 0xBF800000
    k = u2f(0x3C010204 if w == 8 else 0x38000100)
    return f32r(float(v) * k)


def sx(v, w):
    return v - (1 << w) if v >> (w - 1) else v


def k_tbuf(rng):
    """tbuf.s (assembly): 64 lanes; input records of 16 random bytes (four made of edge bytes
    0x80, 0xFF, 0x7F, 0x00), output records of 128 bytes (only 62 in range)."""
    n = 64
    rec = [[rng.getrandbits(8) for _ in range(16)] for _ in range(n)]
    for i, b in enumerate((0x80, 0xFF, 0x7F, 0x00)):
        rec[i] = [b] * 16
    inp = pack([b for r in rec for b in r], 1)
    out = {}
    for i in range(62):
        r = rec[i] if i < 60 else [0] * 16
        by = lambda k: r[k]
        h = lambda k: r[k] | r[k + 1] << 8
        wd = lambda k: r[4 * k] | r[4 * k + 1] << 8 | r[4 * k + 2] << 16 | r[4 * k + 3] << 24
        o = 0x20000 + 128 * i
        put = lambda off, ws: [out.__setitem__(o + off + 4 * j, x & 0xFFFFFFFF) for j, x in enumerate(ws)]
        put(0, [tb_unorm(by(k), 8) for k in range(4)])
        put(16, [tb_snorm(sx(h(4), 16), 16), tb_snorm(sx(h(6), 16), 16)])
        put(24, [f32r(float(sx(h(k), 16))) for k in (8, 10, 12, 14)])
        put(40, [f32r(float(by(2))), f32r(float(by(3)))])
        put(48, [h(6)])
        put(52, [sx(by(3), 8)])
        v4, v5, v6, v7 = (i * 0x01010101, i + 0x100, 0xFFFFFF80 ^ i, 3 * i)
        put(56, [(v4 & 0xFF) | (v5 & 0xFF) << 8 | (v6 & 0xFF) << 16 | (v7 & 0xFF) << 24])
        put(60, [-i & 0xFFFF])                       # be 0x3: the upper half stays 0
        put(64, [wd(1), wd(2), wd(3)])
        r2 = rec[i]                                  # offen, stride 0, 1000 bytes: 16i + 12 < 1000
        put(76, [(r2[12] | r2[13] << 8 | r2[14] << 16 | r2[15] << 24) if 16 * i + 12 < 1000 else 0])
        put(80, [tb_unorm(by(1), 8), 0, 0, 0x3F800000])
        put(96, [tb_snorm(sx(by(k), 8), 8) for k in (12, 13, 14, 15)])
        put(112, [(wd(2) & 0xFFFF) | (wd(3) & 0xFFFF) << 16])   # xy of 16_16_16_16: dword 1 not written
        put(120, [tb_unorm(h(0), 16), tb_unorm(h(2), 16)])
    return n, [], {BUF[0]: inp}, {a: [w] for a, w in out.items()}


def k_trans(rng):
    """trans: the transcendental VOP1s through the shared shader-float ops (the independent
    Python reference scripts/blocks/prim_sf_ref.py) and 32-bit unsigned division."""
    from blocks import prim_sf_ref as sf              # scripts/ is the import root (PYTHONPATH)
    n = 128
    sp = [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000, 0x7FC00000,
          0x00000001, 0x807FFFFF, 0x43800000, 0x43800001, 0xC3800000, 0xC3800001, 0x3E800000,
          0x3F000000, 0x7F7FFFFF, 0x00800000, 0x42FE0000, 0x43000000, 0xC2FC0000, 0xC3000000]
    xs = []
    for i in range(n):
        k = rng.randrange(4)
        if i < len(sp):
            xs.append(sp[i])
        elif k == 0:
            xs.append(f2u(rng.uniform(-4.0, 4.0)))
        elif k == 1:
            xs.append(rng.getrandbits(1) << 31 | rng.randrange(100, 150) << 23 | rng.getrandbits(23))
        elif k == 2:
            xs.append(f2u(rng.uniform(-300.0, 300.0)))
        else:
            xs.append(rng.getrandbits(32))
    num = [rng.getrandbits(32) for _ in range(n)]
    den = [rng.choice((rng.getrandbits(32), rng.getrandbits(16), rng.randrange(1, 10), 1 << rng.randrange(32)))
           or 1 for _ in range(n)]
    den[0], num[0] = 0xFFFFFFFF, 0xFFFFFFFF
    den[1], num[1] = 1, 0xFFFFFFFF
    den[2], num[2] = 0x80000000, 0x7FFFFFFF
    def far(x):
        return 0x43800000 < (x & 0x7FFFFFFF) <= 0x7F800000
    o = []
    for x in xs:
        o += [sf.rcp(x), sf.rsq(x), sf.ex2(x), sf.lg2(x),
              0 if far(x) else sf.sin(x), 0x3F800000 if far(x) else sf.cos(x)]
    q = []
    for a, b in zip(num, den):
        q += [a // b, a % b]
    args = [('ptr', BUF[0]), ('ptr', BUF[0] + 0x1000), ('ptr', BUF[0] + 0x2000), ('ptr', BUF[1]),
            ('ptr', BUF[2]), ('u32', LSZ)]
    return n, args, {BUF[0]: xs, BUF[0] + 0x1000: num, BUF[0] + 0x2000: den}, \
        {BUF[1]: o, BUF[1] + 4 * 6 * n: [sf.sqrt(x) for x in xs], BUF[2]: q}


def k_lanes(rng):
    """lanes.s (assembly): readlane/writelane and the DS b8/b16/b64 forms, replayed on a byte
    array of the LDS in program order (§5.5)."""
    n, M = 64, 0xFFFFFFFF
    v1 = [(i * 0x9E3779B1) & M for i in range(n)]
    v2 = [v1[5]] * n
    v2[7], v2[9], v2[40] = v1[63], 0x1234, 0xABCDEF01
    s6, s7 = v1[50], v1[33]
    lds = bytearray(512)
    def rd(a, nb):
        return int.from_bytes(lds[a:a + nb], 'little') if a + nb <= 512 else 0
    for i in range(n):                                   # ds_write_b8 v0, v1
        lds[i] = v1[i] & 0xFF
    for i in range(n):                                   # ds_write_b16 at 128 + 2i of v1 >> 8
        a = 128 + 2 * i
        lds[a:a + 2] = ((v1[i] >> 8) & 0xFFFF).to_bytes(2, 'little')
    for i in range(n):                                   # ds_write_b64 at 256 + 8i: v0, v1
        for k, w in ((0, i), (4, v1[i])):
            a = 256 + 8 * i + k
            if a < 512:
                lds[a:a + 4] = w.to_bytes(4, 'little')
    sx = lambda v, w: (v - (1 << w)) & M if v >> (w - 1) else v
    r = {0: v2, 256: [s6] * n, 512: [s7] * n,
         768: [rd(i + 1, 1) for i in range(n)],
         1024: [sx(rd(i, 1), 8) for i in range(n)],
         1280: [rd(130 + 2 * i, 2) for i in range(n)],
         1536: [sx(rd(128 + 2 * i, 2), 16) for i in range(n)],
         1792: [rd(260 + 8 * i, 4) for i in range(n)],
         2048: [rd(264 + 8 * i, 4) for i in range(n)],
         2304: [rd(i & ~3, 4) for i in range(n)]}
    return n, [], {}, {0x20000 + off: ws for off, ws in r.items()}


KERNELS = [('vadd', k_vadd), ('saxpy', k_saxpy), ('imath', k_imath), ('fmath', k_fmath),
           ('reduce', k_reduce), ('scan', k_scan), ('matmul', k_matmul), ('hist', k_hist),
           ('bytes', k_bytes), ('ldsops', k_ldsops), ('tbuf', k_tbuf),
           ('trans', k_trans), ('lanes', k_lanes)]
# kernels written in assembly (scripts/blocks/si_cu_kernels/NAME.s): (RSRC1, RSRC2)
ASM = {'tbuf': (0xC0 << 12, 0), 'lanes': (0xC0 << 12, 1 << 15)}
LSZ_OF = {'reduce': 256, 'scan': 256, 'hist': 256}
# 2D dispatches: (NUM_THREAD_X, NUM_THREAD_Y), (DIM_X, DIM_Y)
GEOM = {'matmul': ((16, 16), (MM_N // 16, MM_N // 16))}
# memory writes a kernel makes when that is not one per expected word (hist: one atomic add per
# bin per work-group)
NWRITES = {'hist': 64 * HIST_GROUPS,
           'bytes': 128 * 4}          # per work-item: a byte, a short, the atomic and a dword


# ---- compiling ----------------------------------------------------------------------------------
def compile_kernels(src=SRC):
    """{name: (code words, rsrc1, rsrc2)} from clang's object of src (default kernels.cl) (mesa3d: amd_kernel_code_t, 256
    bytes, then the code; COMPUTE_PGM_RSRC1/2 at bytes 48-55 of it)."""
    with tempfile.TemporaryDirectory() as d:
        obj = os.path.join(d, 'k.o')
        subprocess.run(CLANG + [src, '-o', obj], check=True)
        text = os.path.join(d, 'text.bin')
        subprocess.run(['llvm-objcopy', '-O', 'binary', '--only-section=.text', obj, text], check=True)
        blob = open(text, 'rb').read()
        syms = subprocess.run(['llvm-nm', '--print-size', obj], check=True, capture_output=True,
                              text=True).stdout
    out = {}
    for line in syms.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in ('T', 't', 'i'):
            off, size, name = int(f[0], 16), int(f[1], 16), f[3]
            hdr = blob[off:off + 256]
            entry = struct.unpack_from('<q', hdr, 16)[0]
            rsrc1, rsrc2 = struct.unpack_from('<II', hdr, 48)
            code = blob[off + entry:off + size]
            words = list(struct.unpack('<%dI' % (len(code) // 4), code[:len(code) // 4 * 4]))
            out[name] = (words, rsrc1, rsrc2)
    return out


def kernarg_words(args):
    b = bytearray()
    for kind, v in args:
        if kind == 'ptr':
            while len(b) % 8:
                b.append(0)
            b += struct.pack('<Q', v)
        else:
            b += struct.pack('<I', v)
    while len(b) % 4:
        b.append(0)
    return list(struct.unpack('<%dI' % (len(b) // 4), bytes(b)))


def mem_lines(addr, words):
    lines = []
    for i in range(0, len(words), 8):
        lines.append('mem %08x %s' % (addr + 4 * i, ' '.join('%08x' % w for w in words[i:i + 8])))
    return lines


EDGE = os.path.join(HERE, 'si_cu_kernels', 'edge.s')


def assemble(src):
    """Code words of an llvm-mc assembly file (bonaire)."""
    with tempfile.TemporaryDirectory() as d:
        obj = os.path.join(d, 'e.o')
        subprocess.run(['llvm-mc', '-arch=amdgcn', '-mcpu=bonaire', '-filetype=obj', src, '-o', obj], check=True)
        text = os.path.join(d, 'text.bin')
        subprocess.run(['llvm-objcopy', '-O', 'binary', '--only-section=.text', obj, text], check=True)
        code = open(text, 'rb').read()
    return list(struct.unpack('<%dI' % (len(code) // 4), code))


# The header every si.cu vector this script writes starts with (after its comment lines).
VEC_HEAD = ['rcosim-vector 1', 'block si.cu', 'seed 1', 'backpressure random:0.5', 'mem-latency 1:6',
            'channel in regw addr:20 data:32']


def write_edge(outdir, rng):
    """edge.stim: the directed edge cases of edge.s, a lockstep vector (no host answer: the
    golden vector, RTL and model are compared)."""
    words = assemble(EDGE)
    L = ['# edge: scripts/blocks/si_cu_kernels/edge.s (llvm-mc -mcpu=bonaire), 100 work-items in one group',
         '# written by scripts/blocks/si_cu_kernels.py; checked in lockstep (RTL and model), no host answer',
         ] + VEC_HEAD
    L += mem_lines(CODE, words)
    L += mem_lines(0x10000, [rng.getrandbits(32) for _ in range(32)])
    L += mem_lines(0x20000, [rng.getrandbits(32) for _ in range(64)])
    regs = [(0xB830, CODE >> 8), (0xB834, 0), (0xB848, 0xC0 << 12), (0xB84C, 1 << 15),
            (0xB81C, 100), (0xB820, 1), (0xB824, 1), (0xB804, 1), (0xB808, 1), (0xB80C, 1),
            (0xB810, 0), (0xB814, 0), (0xB818, 0), (0xB800, 1)]
    L += ['in regw %x %08x' % r for r in regs]
    L.append('end')
    with open(os.path.join(outdir, 'edge.stim'), 'w') as f:
        f.write('\n'.join(L) + '\n')


COVER = os.path.join(HERE, 'si_cu_kernels', 'cover.s')


def write_cover(outdir, rng):
    """cover.stim: cover.s in dispatches at the edges of §2 (a group of 9 waves: err; no
    work-items; DIM_Y <= START_Y; USER_SGPR 20 with TGID X/Y/Z and TIDIG_COMP_CNT 3 over 2 x 2 x 2
    groups from START (1, 0, 1); register writes at unaligned and unknown addresses), then its
    six short programs that end in err (opcodes and formats not built, §4.3), a lockstep
    vector (no host answer: the independent reference checks it, si.cu.ref_shipped)."""
    words = assemble(COVER)
    L = ['# cover: scripts/blocks/si_cu_kernels/cover.s (llvm-mc -mcpu=bonaire) in the dispatches of write_cover',
         '# written by scripts/blocks/si_cu_kernels.py; checked in lockstep (RTL and model) and by the reference',
         ] + VEC_HEAD
    L += mem_lines(CODE, words)
    L += mem_lines(0x10000, [rng.getrandbits(32) for _ in range(64)])
    base = [(0xB830, CODE >> 8), (0xB834, 0), (0xB848, 0xC0 << 12), (0xB84C, 0),
            (0xB810, 0), (0xB814, 0), (0xB818, 0), (0xB804, 1), (0xB808, 1), (0xB80C, 1)]
    regs = list(base)
    regs += [(0xB81C, 520), (0xB820, 1), (0xB824, 1), (0xB800, 1)]            # 9 waves: err
    regs += [(0xB81C, 0), (0xB800, 1)]                                         # no work-items
    regs += [(0xB81C, 64), (0xB814, 2), (0xB808, 2), (0xB800, 1)]              # DIM_Y <= START_Y
    regs += [(0xB800, 0)]                                                      # not COMPUTE_SHADER_EN
    # USER_SGPR 20 (16 loaded), TGID_X/Y/Z_EN, TIDIG_COMP_CNT 3; 2 x 2 x 2 groups from (1, 0, 1)
    regs += [(0xB84C, (20 << 1) | (7 << 7) | (3 << 11)), (0xB81C, 4), (0xB820, 3), (0xB824, 2),
             (0xB810, 1), (0xB814, 0), (0xB818, 1), (0xB806, 3), (0xB80B, 2), (0xB80C, 3), (0xB80E, 9),
             (0xB902, 0xDEAD), (0xB940, 0xBEEF), (0xB000, 5)]
    regs += [(0xB900 + 4 * i, rng.getrandbits(32)) for i in range(16)]
    regs += [(0xB800, 0xFFFFFFFF)]
    # the programs at CODE + 0x100 * k (cover.s): one group of one wave each, every one ends in err
    regs += [(0xB84C, 0), (0xB810, 0), (0xB814, 0), (0xB818, 0), (0xB804, 1), (0xB808, 1), (0xB80C, 1),
             (0xB81C, 64), (0xB820, 1), (0xB824, 1)]
    for k in range(1, 7):
        regs += [(0xB830, (CODE + 0x100 * k) >> 8), (0xB800, 1)]
    L += ['in regw %x %08x' % r for r in regs]
    L.append('end')
    with open(os.path.join(outdir, 'cover.stim'), 'w') as f:
        f.write('\n'.join(L) + '\n')


def write_stims(outdir):
    os.makedirs(outdir, exist_ok=True)
    ks = compile_kernels()
    rng = random.Random(SEED)
    for name, fn in KERNELS:
        n, args, inputs, _ = fn(rng)
        if name in ASM:
            words, (rsrc1, rsrc2) = assemble(os.path.join(HERE, 'si_cu_kernels', name + '.s')), ASM[name]
        else:
            words, rsrc1, rsrc2 = ks[name]
        lsz = LSZ_OF.get(name, LSZ)
        groups = (n + lsz - 1) // lsz
        (ntx, nty), (gx, gy) = GEOM.get(name, ((lsz, 1), (groups, 1)))
        L = ['# %s: kernel %s of scripts/blocks/si_cu_kernels/%s, %d work-items in groups of %s'
             % (name, name, name + '.s' if name in ASM else 'kernels.cl', n,
                '%d' % ntx if nty == 1 else '%d x %d' % (ntx, nty)),
             '# written by scripts/blocks/si_cu_kernels.py (clang %s); the golden vector is ../%s.vec'
             % (' '.join(CLANG[1:]), name),
             '# si_cu_kernels.py --check compares the memory it writes with the host\'s answer',
             ] + VEC_HEAD
        L += mem_lines(CODE, words)
        L += mem_lines(KARG, kernarg_words(args))
        for a in sorted(inputs):
            L += mem_lines(a, inputs[a])
        regs = [(0xB830, CODE >> 8), (0xB834, 0), (0xB848, rsrc1), (0xB84C, rsrc2),
                (0xB81C, ntx), (0xB820, nty), (0xB824, 1), (0xB804, gx), (0xB808, gy), (0xB80C, 1),
                (0xB810, 0), (0xB814, 0), (0xB818, 0),
                # the mesa3d user SGPRs: s[0:3] private segment buffer (unused: 0), s[4:5] kernarg pointer
                (0xB900, 0), (0xB904, 0), (0xB908, 0), (0xB90C, 0), (0xB910, KARG), (0xB914, 0),
                (0xB800, 1)]
        L += ['in regw %x %08x' % r for r in regs]
        L.append('end')
        with open(os.path.join(outdir, name + '.stim'), 'w') as f:
            f.write('\n'.join(L) + '\n')
    write_edge(outdir, random.Random(SEED + 1))
    write_cover(outdir, random.Random(SEED + 2))


def check(rcosim, vecdir):
    rng = random.Random(SEED)
    bad = 0
    for name, fn in KERNELS:
        n, args, inputs, expect = fn(rng)
        vec = os.path.join(vecdir, name + '.vec')
        p = subprocess.run([rcosim, 'run', '--vector', vec, '--trace', 'memreq'], capture_output=True, text=True)
        if p.returncode != 0 or 'PASS' not in p.stdout:
            print('FAIL %s: rcosim run:\n%s%s' % (name, p.stdout[-2000:], p.stderr[-2000:]))
            bad += 1
            continue
        mem = {}
        for a in inputs:
            for i, w in enumerate(inputs[a]):
                mem[a + 4 * i] = w
        nw = 0
        for line in (p.stdout + p.stderr).splitlines():
            m = re.search(r'memreq\b.*\baddr[ =:]+(?:0x)?([0-9a-fA-F]+).*\bwe[ =:]+(?:0x)?1\b.*\bwdata[ =:]+(?:0x)?([0-9a-fA-F]+)'
                          r'(?:.*\bbe[ =:]+(?:0x)?([0-9a-fA-F]+))?', line)
            if m:
                a, d = int(m.group(1), 16), int(m.group(2), 16)
                be = int(m.group(3), 16) if m.group(3) else 0xF
                keep = sum(0xFF << 8 * k for k in range(4) if not (be >> k) & 1)
                mem[a] = (mem.get(a, 0) & keep) | (d & ~keep & 0xFFFFFFFF)
                nw += 1
        errs = []
        for a, ws in expect.items():
            for i, w in enumerate(ws):
                got = mem.get(a + 4 * i)
                if got != w:
                    errs.append('%08x: got %s, host %08x' % (a + 4 * i, 'none' if got is None else '%08x' % got, w))
        want = NWRITES.get(name, sum(len(w) for w in expect.values()))
        if nw != want:
            errs.append('%d memory writes, the host expects %d' % (nw, want))
        if errs:
            print('FAIL %s: %d differences from the host, first: %s' % (name, len(errs), '; '.join(errs[:4])))
            bad += 1
        else:
            print('ok %s: %d words written, equal to the host\'s answer' % (name, nw))
    print('PASS' if not bad else 'FAIL: %d kernel(s)' % bad)
    return 1 if bad else 0


def main():
    a = sys.argv[1:]
    if a and a[0] == '--check':
        if len(a) < 2:
            sys.exit('usage: si_cu_kernels.py --check RCOSIM [VECDIR]')
        sys.exit(check(a[1], a[2] if len(a) > 2 else os.path.join(ROOT, 'vectors', 'si', 'cu')))
    write_stims(a[0] if a else os.path.join(ROOT, 'vectors', 'si', 'cu', 'stim'))


if __name__ == '__main__':
    main()
