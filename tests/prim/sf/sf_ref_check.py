#!/usr/bin/env python3
"""sf_ref_check.py - the C twin of the shader float (model/prim) against the independent Python
reference scripts/blocks/prim_sf_ref.py (written from docs/float.md alone).

It compiles model/prim/*.c with tests/prim/sf/sf_ref_drv.c (gcc, C11) into a temporary directory,
feeds the driver every case as a binary record, and compares each result with the reference:
  classes        every pair (binary ops), every value (unary ops), pairs x 8 third operands (MAD),
                 every exponent x both signs x 12 edge fractions (unary ops),
                 pairs in rotating dot-product components, of the special-value list SPECIALS
  random N SEED  N seeded random operations (seed printed) over every op, with a mix of operand
                 generators that reaches every range (see GENS / OP_MIX)
  --flip K       tell the driver to flip bit 0 of the K-th result of the run (SF_REF_FLIP): it must then
                 report exactly that one mismatch (the check of the check)
Also, independent of the C: the tables regenerated from the rule of docs/float.md 4.1 equal the
committed ones, and the step-by-step add/mul/rcp/rsq/sqrt of sections 2 and 4 equal the exact
round-toward-zero value (sqrt: the largest float whose square is <= x, by bisection), and flr the
exact floor (Fractions), on the classes and on every 16th
random operation; and the document's other stated properties (doc_claims) on the same cases.

Usage: sf_ref_check.py ROOT [classes] [random N SEED] [--flip K]
Last line: "PASS sf ref: ..." or "FAIL sf ref: ..., M mismatches".
"""
import os
import random
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else \
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "blocks"))
import prim_sf_ref as R  # noqa: E402

OPCODE = {n: i for i, n in enumerate(R.OP_NAMES)}


def _both(vals):
    return [v for x in vals for v in (x, x | R.SIGN)]


SPECIALS = _both([
    0x00000000,                          # zero
    0x00000001, 0x00400000, 0x007FFFFF,  # denormals
    0x00800000, 0x00800001,              # min normal (2^-126), + ulp
    0x7F7FFFFF, 0x7F000000,              # max normal, 2^127
    0x7F800000,                          # inf
    0x7FC00000, 0x7F800001, 0x7FFFFFFF,  # quiet NaN, signalling NaN, all ones
    0x1F800000, 0x33800000, 0x39800000, 0x3A000000,  # 2^-64, 2^-24, 2^-12, 2^-11
    0x3E800000, 0x3F000000, 0x3F800000, 0x40000000,  # 0.25, 0.5, 1, 2
    0x4B000000, 0x4B800000, 0x5F800000,              # 2^23, 2^24, 2^64
    0x3F800001, 0x3F7FFFFF, 0x3FFFFFFF,             # 1+ulp, 1-ulp, 2-ulp
    0x3FC00000, 0x40400000, 0x3E000000,              # 1.5, 3, 0.125
    0x42FE0000, 0x42FFFFFF, 0x43000000,              # 127, 128-ulp, 128
    0x3E22F983, 0x40490FDB,                          # 1/(2 pi), pi
])
EDGE_FRACS = [0, 1, 2, 3, 0x155555, 0x2AAAAA, 0x400000, 0x400001, 0x3FFFFF, 0x7FFFFD, 0x7FFFFE,
              0x7FFFFF]
THIRD = [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0x7FC00000, 0x00400000,
         0x7F7FFFFF]


def classes():
    out = []
    n = len(SPECIALS)
    for name, (arity, _) in R.OPS.items():
        if arity == 1:
            out += [(name, [a]) for a in SPECIALS]
            # every exponent, both signs, the edge fractions
            out += [(name, [(sg << 31) | (E << 23) | f])
                    for sg in (0, 1) for E in range(256) for f in EDGE_FRACS]
        elif arity == 2:
            out += [(name, [a, b]) for a in SPECIALS for b in SPECIALS]
        elif arity == 3:
            out += [(name, [a, b, c]) for a in SPECIALS for b in SPECIALS for c in THIRD]
        else:
            k = arity // 2
            for i, a in enumerate(SPECIALS):
                for j, b in enumerate(SPECIALS):
                    # the pair in component (i+j) mod k, rotating specials in the others
                    va = [SPECIALS[(i + 3 * c + 1) % n] for c in range(k)]
                    vb = [SPECIALS[(j + 5 * c + 2) % n] for c in range(k)]
                    p = (i + j) % k
                    va[p], vb[p] = a, b
                    out.append((name, va + vb))
    return out


# ---- random operand generators (one rng, one printed seed) ---------------------------------------

def g_any(rng, ref):
    return rng.getrandbits(32)


def g_special(rng, ref):
    return rng.choice(SPECIALS)


def g_moderate(rng, ref):  # |x| in [2^-8, 2^9)
    return (rng.getrandbits(1) << 31) | (rng.randint(119, 135) << 23) | rng.getrandbits(23)


def g_anyexp(rng, ref):  # every exponent equally likely, denormal and inf/nan included
    return (rng.getrandbits(1) << 31) | (rng.randint(0, 255) << 23) | rng.getrandbits(23)


def g_exact(rng, ref):  # n / 2^j, small n: exact values, integers, halves
    n = rng.randint(-4096, 4096)
    return R.rz_pack(R.Fraction(n, 1 << rng.randint(0, 12)), rng.getrandbits(1))


def g_related(rng, ref):  # close to the other operand: -x, a few ulps away, nearby exponent
    if ref is None:
        return g_anyexp(rng, ref)
    c = rng.randint(0, 3)
    if c == 0:
        return ref ^ R.SIGN
    if c == 1:
        return ((ref ^ R.SIGN) + rng.randint(-3, 3)) & R.M32
    if c == 2:
        return (ref + rng.randint(-3, 3)) & R.M32
    e = ((ref >> 23) & 0xFF) + rng.randint(-30, 30)
    e = min(max(e, 1), 254)
    return (rng.getrandbits(1) << 31) | (e << 23) | rng.getrandbits(23)


def g_unit(rng, ref):  # [-1, 1) roughly uniform
    return (rng.getrandbits(1) << 31) | (rng.randint(100, 126) << 23) | rng.getrandbits(23)


def g_ex2(rng, ref):  # [-140, 140): over/underflow edges
    return (rng.getrandbits(1) << 31) | (rng.randint(90, 134) << 23) | rng.getrandbits(23)


def g_near1(rng, ref):  # [0.5, 2): both lg2 forms
    return (rng.randint(126, 127) << 23) | rng.getrandbits(23)


def g_turns(rng, ref):  # |x| in [2^-40, 2^30): sin/cos tiny path, phase, huge
    return (rng.getrandbits(1) << 31) | (rng.randint(87, 157) << 23) | rng.getrandbits(23)


def g_flr(rng, ref):  # around the binary point positions of floor
    return (rng.getrandbits(1) << 31) | (rng.randint(110, 160) << 23) | rng.getrandbits(23)


GENERAL = [(g_any, 3), (g_special, 1), (g_moderate, 3), (g_anyexp, 2), (g_exact, 2), (g_related, 3)]
OP_EXTRA = {
    "ex2": [(g_ex2, 6), (g_unit, 3)], "lg2": [(g_near1, 6), (g_unit, 2)],
    "sin": [(g_turns, 6), (g_unit, 4)], "cos": [(g_turns, 6), (g_unit, 4)],
    "rcp": [(g_near1, 2)], "rsq": [(g_near1, 2)], "sqrt": [(g_near1, 2)],
    "flr": [(g_flr, 6), (g_unit, 2)], "frc": [(g_flr, 6), (g_unit, 2)],
}
# relative frequency of each op among the random operations
OP_MIX = {"ftz": 1, "add": 12, "mul": 8, "mul_z": 3, "mad": 4, "mad_z": 2, "dp3": 2, "dp3_z": 1,
          "dp4": 2, "dp4_z": 1, "min": 2, "max": 2, "cmp_lt": 2, "cmp_le": 2, "cmp_eq": 2,
          "flr": 3, "frc": 3, "rcp": 5, "rsq": 5, "ex2": 8, "lg2": 8, "sin": 8, "cos": 8,
          "sqrt": 5}


def _pick(rng, table):
    total = sum(w for _, w in table)
    r = rng.random() * total
    for g, w in table:
        r -= w
        if r < 0:
            return g
    return table[-1][0]


def random_cases(n, seed, chunk=200000):
    """the n random operations, yielded in lists of at most chunk (one rng stream either way)"""
    rng = random.Random(seed)
    names = list(OP_MIX)
    weights = [OP_MIX[k] for k in names]
    ops = rng.choices(names, weights, k=n)
    out = []
    for name in ops:
        arity = R.OPS[name][0]
        table = GENERAL + OP_EXTRA.get(name, [])
        vals = []
        for k in range(arity):
            ref = vals[k - 1] if k else None
            if arity >= 6 and k >= arity // 2:
                ref = vals[k - arity // 2]  # b_i related to a_i
            vals.append(_pick(rng, table)(rng, ref))
        out.append((name, vals))
        if len(out) == chunk:
            yield out
            out = []
    if out:
        yield out


# ---- the C side -----------------------------------------------------------------------------------

def build_driver(tmp):
    prim = os.path.join(ROOT, "model", "prim")
    srcs = sorted(os.path.join(prim, f) for f in os.listdir(prim) if f.endswith(".c"))
    exe = os.path.join(tmp, "sf_ref_drv")
    cmd = ["gcc", "-std=c11", "-O2", "-Wall", "-Wextra", "-I", prim,
           os.path.join(ROOT, "tests", "prim", "sf", "sf_ref_drv.c")] + srcs + ["-o", exe]
    subprocess.run(cmd, check=True)
    return exe


def run_c(exe, cases, flip):
    buf = bytearray()
    for name, vals in cases:
        rec = [OPCODE[name]] + vals + [0] * (8 - len(vals))
        buf += struct.pack("<9I", *rec)
    env = dict(os.environ)
    env.pop("SF_REF_FLIP", None)
    if flip is not None:
        env["SF_REF_FLIP"] = str(flip)
    p = subprocess.run([exe], input=bytes(buf), stdout=subprocess.PIPE, env=env, check=True)
    out = struct.unpack("<%dI" % (len(p.stdout) // 4), p.stdout)
    if len(out) != len(cases):
        raise RuntimeError("driver returned %d results for %d cases" % (len(out), len(cases)))
    return out


def compare(tag, cases, c_out, stats, shown):
    bad = 0
    for (name, vals), c in zip(cases, c_out):
        r = R.OPS[name][1](vals)
        st = stats.setdefault(name, [0, 0])
        st[0] += 1
        if r != c:
            st[1] += 1
            bad += 1
            if shown[name] < 10:
                shown[name] += 1
                print("MISMATCH %s op=%s in=%s ref=%08x c=%08x" %
                      (tag, name, " ".join("%08x" % v for v in vals), r, c))
    return bad


EXACT = {"add": (R.add_exact_rz, R.add), "mul": (R.mul_exact_rz, R.mul),
         "rcp": (R.rcp_exact_rz, R.rcp), "rsq": (R.rsq_exact_rz, R.rsq),
         "sqrt": (R.sqrt_exact_rz, R.sqrt), "flr": (R.flr_exact, R.flr)}


def exact_selfcheck(cases):
    """the document's step-by-step add/mul/rcp/rsq/sqrt/flr against the exact value it claims (RZ;
    floor), in Fractions: no C involved"""
    n = bad = 0
    for name, vals in cases:
        if name in EXACT:
            want = EXACT[name][0](*vals)
            got = EXACT[name][1](*vals)
        else:
            continue
        if want is None:
            continue
        n += 1
        if want != got:
            bad += 1
            if bad <= 10:
                print("DOC-EXACT %s in=%s doc-algorithm=%08x exact=%08x" %
                      (name, " ".join("%08x" % v for v in vals), got, want))
    return n, bad


def doc_claims(cases):
    """properties docs/float.md states besides the algorithms, checked on the reference (no C):
    rule 1.3 (no denormal result), rule 1.4 (every NaN result is 0x7FC00000; ftz excepted: it
    leaves NaNs alone), 2. (x*1 = x, x + (-0) = x, x + (+0) = x for x != -0), 3. (frc in [0, 1)),
    4.4 (integers give exact powers of two), 4.6 (sin of a nonzero integer is +0, |x| >= 2^23:
    sin +0, cos 1.0)."""
    n = bad = 0

    def claim(ok, what):
        nonlocal n, bad
        n += 1
        if not ok:
            bad += 1
            if bad <= 10:
                print("DOC-CLAIM fails: " + what)
    for name, vals in cases:
        if name.startswith("cmp_"):
            continue
        r = R.OPS[name][1](vals)
        ins = " ".join("%08x" % v for v in vals)
        claim(((r >> 23) & 0xFF) != 0 or (r & 0x7FFFFF) == 0, "%s(%s) = %08x denormal" % (name, ins, r))
        if name != "ftz":
            claim(not R.is_nan(r) or r == R.QNAN, "%s(%s) = %08x non-canonical NaN" % (name, ins, r))
        if R.OPS[name][0] == 1 and not R.is_nan(vals[0]):
            x = vals[0]
            fx = R.ftz(x)
            claim(R.mul(x, R.ONE) == fx and R.mul(R.ONE, x) == fx, "%08x * 1" % x)
            claim(R.add(x, R.SIGN) == fx, "%08x + (-0)" % x)
            claim(R.add(x, 0) == fx or fx == R.SIGN, "%08x + (+0)" % x)
            if not R.is_inf(x):
                f = R.frc(x)
                claim(f >> 31 == 0 and f < R.ONE, "frc(%08x) = %08x not in [0, 1)" % (x, f))
                if ((x >> 23) & 0xFF) - 127 >= 23:
                    claim(R.sin(x) == 0 and R.cos(x) == R.ONE, "sin/cos(%08x) of |x| >= 2^23" % x)
    for k in range(-140, 140):
        x = R.rz_pack(R.Fraction(k), 0)
        want = ((k + 127) << 23) if -126 <= k < 128 else (0 if k < 0 else R.PINF)
        claim(R.ex2(x) == want, "ex2(%d) = %08x" % (k, R.ex2(x)))
        claim(k == 0 or R.sin(x) == 0, "sin(%d) = %08x" % (k, R.sin(x)))
    return n, bad


def main(argv):
    args = argv[2:] if len(argv) > 1 else []
    flip = None
    if "--flip" in args:
        k = args.index("--flip")
        flip = int(args[k + 1])
        del args[k:k + 2]
    groups = []
    while args:
        if args[0] == "classes":
            groups.append(("classes", [classes()]))
            args = args[1:]
        elif args[0] == "random":
            n, seed = int(args[1]), int(args[2])
            print("sf ref: random %d operations, seed %d" % (n, seed))
            groups.append(("random", random_cases(n, seed)))
            args = args[3:]
        else:
            print("usage: sf_ref_check.py ROOT [classes] [random N SEED] [--flip K]")
            return 2
    # tables: the rule of 4.1 (floats) regenerates the committed definition
    regen, committed = R.regen_tables(), R.load_tables()
    tab_diff = sum(1 for t in R.TAB_NAMES for i in range(128) for j in range(3)
                   if regen[t][i][j] != committed[t][i][j])
    print("sf ref: tables regenerated from docs/float.md 4.1: %d coefficients differ" % tab_diff)

    stats, shown = {}, {k: 0 for k in R.OPS}
    total = bad = 0
    selfn = selfbad = 0
    claimn = claimbad = 0
    with tempfile.TemporaryDirectory(prefix="sf_ref_") as tmp:
        exe = build_driver(tmp)
        base = 0  # index of the first case of the chunk among all cases run
        for tag, chunks in groups:
            gn = gbad = 0
            for cases in chunks:
                k = flip - base if flip is not None and 0 <= flip - base < len(cases) else None
                c_out = run_c(exe, cases, k)
                base += len(cases)
                gbad += compare(tag, cases, c_out, stats, shown)
                sub = cases if tag == "classes" else cases[::16]
                sn, sb = exact_selfcheck(sub)
                selfn, selfbad = selfn + sn, selfbad + sb
                cn, cb = doc_claims(sub)
                claimn, claimbad = claimn + cn, claimbad + cb
                gn += len(cases)
            print("sf ref: %s: %d operations, %d mismatches" % (tag, gn, gbad))
            total += gn
            bad += gbad
    for name in R.OPS:
        if name in stats:
            print("  %-7s %8d ops %6d mismatches" % (name, stats[name][0], stats[name][1]))
    print("sf ref: doc add/mul/rcp/rsq/sqrt/flr algorithm vs exact value: %d operations, %d differ" % (selfn, selfbad))
    print("sf ref: doc claims (no denormal, canonical NaN, identities, frc range, exact ex2/sin of "
          "integers): %d checks, %d fail" % (claimn, claimbad))
    ok = bad == 0 and selfbad == 0 and tab_diff == 0 and claimbad == 0
    print("%s sf ref: %d operations, %d mismatches" % ("PASS" if ok else "FAIL", total, bad))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
