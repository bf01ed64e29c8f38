#!/usr/bin/env python3
"""tx_ref_check.py: replay golden (or generated) r5xx.tx vectors through the second, independent
reference scripts/blocks/r5xx_tx_ref.py (written from docs/blocks/r5xx.tx.md alone) and compare
every response field and every memory read address with the vector's expected outputs.

usage: tx_ref_check.py ROOT check VEC...        every vector must agree (exit 1 otherwise)
       tx_ref_check.py ROOT catches VEC         a copy with one expected texel changed must fail
       tx_ref_check.py ROOT random RCOSIM SEED COUNT   rcosim gen a random vector, then check it
       tx_ref_check.py ROOT features             per D17-D22 feature: an altered expected
                                                 value and a knocked-out reference both fail
       tx_ref_check.py ROOT facts                the document's worked facts
A difference names the vector, the request, its sampler, coordinates and the texels read.
Requests on samplers using a feature listed in AWAITING (built after the reference was written)
are not compared; their count is printed with every result.
"""
import importlib.util
import os
import subprocess
import sys
import tempfile

FIELDS = ['smp', 'quad', 'r', 'g', 'b', 'a', 'err', 'kill']

# AWAITING THE REFERENCE.  Features built after r5xx_tx_ref.py was written (from the sections of
# docs/blocks/r5xx.tx.md named here); the second engineer extends the reference from the document,
# then deletes the entry.  A request whose sampler uses one of them (by its registers when it is
# served) is not compared, and the count of such requests is printed with every result: nothing is
# skipped silently.  Each entry: (name, predicate on (TX_FILTER0, TX_FILTER1, TX_FORMAT1,
# TX_FORMAT2, TX_OFFSET) of the sampler).
AWAITING = [
    # empty: D17-D22 are covered by the reference (26 Nov)
]


# The features added with D17-D22 (formerly AWAITING), each with the golden vector that exercises
# it and a knock-out of the reference (a module attribute replaced by a wrong one) for `features`.
FEATURES = [
    ('D17 cube maps', 'cube.vec', lambda f0, f1, fm1, fm2, off: (fm1 >> 25) & 3 == 2,
     'cube_face', lambda orig: lambda s, t, r: (orig(s, t, r)[0] ^ 1,) + orig(s, t, r)[1:]),
    ('D18 trilinear', 'trilinear.vec', lambda f0, f1, fm1, fm2, off: (f0 >> 13) & 3 >= 2,
     'blend', lambda orig: lambda a, b, g: orig(a, b, 0)),
    ('D18 3D across slices', 'volume.vec',
     lambda f0, f1, fm1, fm2, off: (fm1 >> 25) & 3 == 1 and (f0 >> 15) & 3 != 1,
     'blend', lambda orig: lambda a, b, g: orig(a, b, 256 - g)),
    ('D19 ENDIAN_SWAP', 'keys.vec', lambda f0, f1, fm1, fm2, off: off & 3 != 0,
     'endian_swap', lambda orig: lambda d, mode: orig(d, (mode + 1) & 3 if mode else 0)),
    ('D20 POW2FIX2FLT', 'keys.vec',
     lambda f0, f1, fm1, fm2, off: fm2 >> 17 & 1 and fm1 & 31 in (0, 3, 12) and not fm2 >> 14 & 1,
     'to_float_pow2', lambda orig: lambda V: orig(V + 1)),
    ('D21 chroma key', 'keys.vec', lambda f0, f1, fm1, fm2, off: f1 & 3 != 0,
     'key_match', lambda orig: lambda d, a, nb, key: False),
    ('D21 chroma-key kill', 'kill.vec', lambda f0, f1, fm1, fm2, off: f1 & 3 == 1,
     'key_match', lambda orig: lambda d, a, nb, key: False),
    ('D22 ATI1N, ATI2N', 'ati.vec',
     lambda f0, f1, fm1, fm2, off: (fm1 & 31, fm2 >> 14 & 1) in ((5, 1), (31, 0)),
     'dxt5_alpha', lambda orig: lambda lo, hi, i: orig(lo, hi, i ^ 1)),
    ('D22 signed RGTC', 'ati.vec',
     lambda f0, f1, fm1, fm2, off: (fm1 & 31, fm2 >> 14 & 1) in ((5, 1), (31, 0)) and fm1 >> 5 & 3,
     'rgtc_signed', lambda orig: lambda lo, hi, i: orig(lo ^ 0x8080, hi, i)),
    ('D24 LOD from derivatives', 'grad.vec', lambda f0, f1, fm1, fm2, off: fm1 & 31 == 12,
     'grad_lambda', lambda orig: lambda d, W, H: orig(d, H, W)),
]


def features_check(ref, root):
    """For every feature of FEATURES: (1) a copy of its vector with the expected red of the first
    enabled, decoded request on a sampler using it changed by one bit fails at that request;
    (2) the reference with the feature knocked out disagrees with the vector."""
    bad = 0
    for name, vecname, pred, attr, mutate in FEATURES:
        path = os.path.join(root, 'vectors', 'r5xx', 'tx', vecname)
        with open(path) as fh:
            text = fh.read()
        fn = getattr(ref, attr)
        setattr(ref, attr, mutate(fn))
        knocked = []
        try:
            n2, d2 = check_text(ref, '%s with %s knocked out' % (vecname, attr), text, limit=0,
                                bad_requests=knocked)
        finally:
            setattr(ref, attr, fn)
        ok2 = d2 > 0
        # the request to alter: the first one the knocked-out reference gets wrong (so the feature
        # matters there) whose sampler uses the feature by its registers
        vec = ref.parse_vector(text)
        uses = []
        orig = ref.sample

        def sample(regs, mem, smp, *rest):
            vals = [regs.get(base + 4 * smp) for base in (0x4400, 0x4440, 0x44C0, 0x4500, 0x4540)]
            uses.append(bool(pred(*vals)))
            return orig(regs, mem, smp, *rest)
        ref.sample = sample
        try:
            ref.replay(vec)
        finally:
            ref.sample = orig
        k = next((i for i in knocked if uses[i]), None)
        if k is None:
            print('FAIL %s: no request of %s on a sampler using it depends on %s' % (name, vecname, attr))
            bad += 1
            continue
        lines = text.split('\n')
        seen = 0
        for i, l in enumerate(lines):
            if l.startswith('out rsp '):
                if seen == k:
                    w = l.split()
                    w[5] = '%08x' % (int(w[5], 16) ^ 1)
                    lines[i] = ' '.join(w)
                    break
                seen += 1
        altered = []
        n, d = check_text(ref, 'altered %s request %d' % (vecname, k), '\n'.join(lines), limit=1,
                          bad_requests=altered)
        ok1 = d == 1 and altered == [k]
        print('%s %s: altered request %d of %s: %d difference(s); reference with %s wrong: '
              '%d differences of %d requests' % ('ok' if ok1 and ok2 else 'FAIL', name, k, vecname,
                                                 d, attr, d2, n2))
        bad += 0 if ok1 and ok2 else 1
    print('%s tx_ref_check features: %d of %d features not caught'
          % ('PASS' if not bad else 'FAIL', bad, len(FEATURES)))
    return 0 if not bad else 1


def awaiting(regs, smp):
    """The AWAITING entries a request on sampler smp uses (regs: the reference's Regs)."""
    vals = [regs.get(base + 4 * smp) for base in (0x4400, 0x4440, 0x44C0, 0x4500, 0x4540)]
    return [name for name, pred in AWAITING if pred(*vals)]


WAITS = {}        # AWAITING entry -> requests not compared, over the whole run


def watch(ref):
    """Wrap ref.sample so that every served request records the AWAITING entries it uses;
    returns the marks and the original function."""
    marks = []
    orig = ref.sample

    def sample(regs, mem, smp, *rest):
        marks.append(awaiting(regs, smp))
        return orig(regs, mem, smp, *rest)
    ref.sample = sample
    return marks, orig


def waits_line():
    if not WAITS:
        return 'no request awaits the reference'
    return 'not compared, awaiting the reference: ' + '; '.join('%s: %d requests' % kv for kv in sorted(WAITS.items()))


def load_ref(root):
    path = os.path.join(root, 'scripts', 'blocks', 'r5xx_tx_ref.py')
    spec = importlib.util.spec_from_file_location('r5xx_tx_ref', path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def check_text(ref, name, text, limit=20, bad_requests=None):
    vec = ref.parse_vector(text)
    exp, tail = ref.expected(vec)
    marks, orig = watch(ref)
    try:
        got = ref.replay(vec)
    finally:
        ref.sample = orig
    diffs = []
    nwait = 0
    if len(exp) != len(got):
        diffs.append('%s: %d responses expected, %d requests replayed' % (name, len(exp), len(got)))
    if tail:
        diffs.append('%s: %d memreq after the last response' % (name, len(tail)))
    for k, (res, (evals, ereads)) in enumerate(zip(got, exp)):
        if k < len(marks) and marks[k]:
            nwait += 1
            for m in marks[k]:
                WAITS[m] = WAITS.get(m, 0) + 1
            continue
        bad = []
        for f, a, b in zip(FIELDS, res.rsp, evals):
            if a != b:
                bad.append('%s ref %x vector %x' % (f, a, b))
        if res.reads != ereads:
            bad.append('reads ref [%s] vector [%s]' % (' '.join('%08x' % a for a in res.reads),
                                                       ' '.join('%08x' % a for a in ereads)))
        if bad and bad_requests is not None:
            bad_requests.append(k)
        if bad:
            smp, s, t, r, lod, lmode, quad = res.req[:7]
            d = res.detail
            tex = '; '.join('(%d,%d)%s @%08x %s' % (x, y, ' border' if b else '', a,
                                                     ' '.join('%08x' % w for w in dw))
                            for x, y, b, a, dw in d.get('texels', []))
            diffs.append('%s: request %d (accepted cycle %d) sampler %d s %08x t %08x r %08x lod %08x '
                         'lmode %d quad %d: %s | level %s fs %s ft %s bilinear %s texels %s'
                         % (name, res.index, res.cycle, smp, s, t, r, lod, lmode, quad,
                            ', '.join(bad), d.get('level'), d.get('fs'), d.get('ft'),
                            d.get('bilinear'), tex or '-'))
    for d in diffs[:limit]:
        print('DIFF ' + d)
    if len(diffs) > limit and limit > 0:
        print('... %d more differences' % (len(diffs) - limit))
    return len(got), len(diffs)


def facts(ref):
    """The document's own worked facts, evaluated by the reference."""
    bad = []

    def eq(what, got, want):
        if got != want:
            bad.append('%s: ref %r, document %r' % (what, got, want))
    eq('D6 V=0x8080', ref.to_float(0x8080), 0x3F008080)
    fb = lambda x: int.from_bytes(__import__('struct').pack('<f', x), 'little')
    for d, want in [((1 / 64, 0, 0, 1 / 32), 0), ((2 / 64, 0, 0, 0), 256), ((3 / 64, 0, 0, 0), 405),
                    ((4 / 64, 0, 0, 1 / 32), 512), ((-2 / 64, 0, 0, 0), 256), ((0, 0, 0, 0), -8192)]:
        eq('D24 %r on 64 x 32' % (d,), ref.grad_lambda([fb(x) for x in d], 64, 32), want)
    eq('D6 V=0x0101', ref.to_float(0x0101), 0x3B808080)
    eq('D6 V=65535', ref.to_float(65535), 0x3F800000)
    for n in (1, 2, 4, 8, 16):
        for c in range(min(1 << n, 300)):
            eq('D5 widen %d-bit %d' % (n, c), ref.widen(c, n) * ((1 << n) - 1), c * 65535)
    # D2: s = 1000.3/128 on a 128-texel texture under wrap is texel 104, fraction floor(0.3*256)
    import struct
    s = struct.unpack('<I', struct.pack('<f', 1000.3 / 128))[0]
    i0, _, _, _, _ = ref.map_axis(s, 128, 0, False)
    eq('D2 texel of 1000.3/128', i0, 104)
    eq('D2 fraction of 1000.3/128', ref.fix_coord(s, 128, 0) % 256, 76)
    # D4: s = 1.0 point: mode 4 reads the last texel, mode 6 the border
    one = 0x3F800000
    eq('D4 mode 4 point s=1', ref.map_axis(one, 8, 4, False)[:2], (7, False))
    eq('D4 mode 6 point s=1', ref.map_axis(one, 8, 6, False)[:2], (7, True))
    # r5xx.tile.md worked fact 16: 32 bpp macro+micro tiled, pitch 64, base 0x100000
    sf = ref.Surface(0x100000, 64, 4, 1, 1)
    for (x, y), a in (((31, 15), 0x1007FC), ((32, 0), 0x100800), ((0, 16), 0x101000),
                      ((4, 0), 0x100020)):
        eq('r5xx.tile.md (%d,%d)' % (x, y), sf.addr(x, y), a)
    # D13: the integer constants are round(coefficient * 65792)
    for k, c in ((76602, 1.1643), (104991, 1.5958), (25773, 0.39173), (53482, 0.8129),
                 (132702, 2.017)):
        eq('D13 K for %g' % c, round(c * 65792), k)
    # D17 worked facts (8x8 faces): (face, Xs, Xt)
    def f32(x):
        return struct.unpack('<I', struct.pack('<f', x))[0]
    INF = 0x7F800000
    for d, want in (((f32(1.0), f32(0.3), f32(-0.2)), (0, 1228, 716)),
                    ((f32(-0.7), f32(0.7), f32(0.7)), (1, 2048, 0)),
                    ((0, 0, 0), (0, 1024, 1024)),
                    ((INF, f32(1.0), 0), (0, 1024, 1023)),
                    ((INF | 0x80000000, INF, f32(0.5)), (1, 1024, 0))):
        face, sc, tc, ama = ref.cube_face(*d)
        eq('D17 %r' % (d,), (face, ref.cube_fixed(sc, ama, 8), ref.cube_fixed(tc, ama, 8)), want)
    # D18 blend
    eq('D18 blend(1000, -1000, 64)', ref.blend(1000, -1000, 64), 500)
    eq('D18 blend(-3, -4, 128)', ref.blend(-3, -4, 128), -3)
    # D19 swaps of 0xAABBCCDD
    for m, want in ((0, 0xAABBCCDD), (1, 0xBBAADDCC), (2, 0xDDCCBBAA), (3, 0xCCDDAABB)):
        eq('D19 swap %d' % m, ref.endian_swap(0xAABBCCDD, m), want)
    # D20: c = 128, c = 255, and the bilinear example V = 32640
    eq('D20 c=128', ref.to_float_pow2(256 * 128), 0x3F000000)
    eq('D20 c=255', ref.to_float_pow2(256 * 255), 0x3F7F0000)
    eq('D20 V=32640', ref.to_float_pow2((32768 * 0 + 32768 * 65280 + 32768) // 65536), 0x3EFF0000)
    # D22: block 0x00FF4080, 0x92492449: texels 0-4 are 73, 73, 109, 128, 128
    eq('D22 block', [ref.dxt5_alpha(0x00FF4080, 0x92492449, i) for i in range(5)],
       [73, 73, 109, 128, 128])
    # D22 signed: ends 0x80, 0x7F (six values) at indices 2, 3: codes -77, -26; ends 0x7F, 0x81
    # (eight values) at indices 4, 5: codes 18, -18 (toward zero; floor would give -19)
    def idx(j):                                  # texel 0 with 3-bit index j
        return j << 16
    eq('D22 signed six', [ref.rgtc_signed(0x7F80 | idx(j), 0, 0) for j in (2, 3)],
       [ref.widen_signed(c & 255, 8) for c in (-77, -26)])
    eq('D22 signed eight', [ref.rgtc_signed(0x817F | idx(j), 0, 0) for j in (4, 5)],
       [ref.widen_signed(c & 255, 8) for c in (18, -18)])
    for b in bad:
        print('DIFF ' + b)
    print('%s tx_ref_check facts: %d differences' % ('PASS' if not bad else 'FAIL', len(bad)))
    return 0 if not bad else 1


def main(argv):
    root, mode = argv[1], argv[2]
    ref = load_ref(root)
    if mode == 'check':
        total = bad = 0
        for p in argv[3:]:
            with open(p) as fh:
                n, d = check_text(ref, os.path.relpath(p, root), fh.read())
            print('%s %s: %d requests, %d differences' % ('ok' if d == 0 else 'FAIL',
                                                          os.path.relpath(p, root), n, d))
            total += n
            bad += d
        print(waits_line())
        print('%s tx_ref_check: %d vectors, %d requests, %d differences'
              % ('PASS' if bad == 0 else 'FAIL', len(argv) - 3, total, bad))
        return 0 if bad == 0 else 1
    if mode == 'facts':
        return facts(ref)
    if mode == 'features':
        return features_check(ref, root)
    if mode == 'catches':
        with open(argv[3]) as fh:
            lines = fh.read().split('\n')
        for i, l in enumerate(lines):
            if l.startswith('out rsp '):
                w = l.split()
                w[5] = '%08x' % (int(w[5], 16) ^ 1)      # the first response's red, one bit
                lines[i] = ' '.join(w)
                break
        else:
            print('FAIL no response to alter')
            return 1
        n, d = check_text(ref, 'altered ' + os.path.relpath(argv[3], root), '\n'.join(lines))
        ok = d > 0
        print('%s tx_ref_check catches an altered texel: %d differences' % ('PASS' if ok else 'FAIL', d))
        return 0 if ok else 1
    if mode == 'random':
        rcosim, seed, count = argv[3], argv[4], argv[5]
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, 'r.vec')
            p = subprocess.run([rcosim, 'gen', '--block', 'r5xx.tx', '--seed', seed, '--count', count,
                                '-o', out], capture_output=True, text=True)
            if p.returncode != 0 or not os.path.exists(out):
                print(p.stdout + p.stderr)
                print('FAIL rcosim gen')
                return 1
            with open(out) as fh:
                n, d = check_text(ref, 'random seed %s' % seed, fh.read())
        print(waits_line())
        print('%s tx_ref_check random seed %s count %s: %d requests, %d differences'
              % ('PASS' if d == 0 else 'FAIL', seed, count, n, d))
        return 0 if d == 0 else 1
    print('usage: see the header')
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
