#!/usr/bin/env python3
"""prim_sf_ref.py - an independent Python reference of the shader float ("sf"), written from
docs/float.md alone (not from model/prim/*.c, rtl/prim/prim_sf_*.sv or their tests).

Every op takes and returns uint32 bit patterns (comparisons return bool).  The arithmetic is
Python integers only (exact); fractions.Fraction is used by the exact-value cross-checks
(add_exact_rz, mul_exact_rz) that restate "the IEEE round-toward-zero result" independently of
the document's step-by-step algorithm.  No host float touches a result.

The only data taken from the implementation is the table of quadratic coefficients: docs/float.md
4.1 says the committed model/prim/sf_tables.h is the definition ("the committed tables are the
definition, not the script's floats"), so it is parsed here (load_tables); regen_tables() restates
the generation rule of 4.1 from the document so the checker can compare the two.

Section numbers in comments are docs/float.md's.
"""
import math
import os
import re
from fractions import Fraction

M32 = 0xFFFFFFFF
SIGN = 0x80000000
QNAN = 0x7FC00000
PINF = 0x7F800000
MAXF = 0x7F7FFFFF
ONE = 0x3F800000

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TAB_NAMES = ("ex2", "lg2g", "lg2h", "sinq")


# ---- tables (4.1) --------------------------------------------------------------------------------

def load_tables(path=None):
    """{name: [(c0, c1, c2)] * 128} parsed from the committed C header (the definition, 4.1)."""
    path = path or os.path.join(ROOT, "model", "prim", "sf_tables.h")
    text = open(path).read()
    tabs = {}
    for name in TAB_NAMES:
        m = re.search(r"sf_tab_%s\[128\]\[3\]\s*=\s*\{(.*?)\};" % name, text, re.S)
        if not m:
            raise ValueError("table %s not found in %s" % (name, path))
        rows = re.findall(r"\{\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*(-?\d+)\s*\}", m.group(1))
        if len(rows) != 128:
            raise ValueError("table %s: %d rows" % (name, len(rows)))
        tabs[name] = [tuple(int(v) for v in r) for r in rows]
    return tabs


def regen_tables():
    """The tables as 4.1 describes their generation (Python floats, as the document says): the
    quadratic in v in [0,1) through the function at the Chebyshev nodes
    v_k = 1/2 - cos((2k+1)pi/6)/2, tau = (i + v)/128, coefficients * 2^28 rounded to nearest."""
    funcs = {
        "ex2": lambda t: 2.0 ** t,
        "lg2g": lambda t: math.log2(1.0 + t) / t,
        "lg2h": lambda t: -math.log2(1.0 - t / 2.0) / t,
        "sinq": lambda t: math.sin(math.pi * t / 2.0) / t,
    }
    nodes = [0.5 - math.cos((2 * k + 1) * math.pi / 6.0) / 2.0 for k in range(3)]
    tabs = {}
    for name, f in funcs.items():
        rows = []
        for i in range(128):
            ys = [f((i + v) / 128.0) for v in nodes]
            # Lagrange form -> monomial coefficients in v
            c = [0.0, 0.0, 0.0]
            for k in range(3):
                others = [nodes[j] for j in range(3) if j != k]
                den = (nodes[k] - others[0]) * (nodes[k] - others[1])
                w = ys[k] / den
                c[0] += w * others[0] * others[1]
                c[1] += -w * (others[0] + others[1])
                c[2] += w
            rows.append(tuple(int(round(x * 2.0 ** 28)) for x in c))
        tabs[name] = rows
    return tabs


TABS = None


def tables():
    global TABS
    if TABS is None:
        TABS = load_tables()
    return TABS


def _s64(v, what):
    # 4.1: "signed 64-bit products"; the reference computes exactly and insists it fits
    if not -(1 << 63) <= v < (1 << 63):
        raise OverflowError("%s does not fit in signed 64 bits: %d" % (what, v))
    return v


def poly(tab, u, T):
    """4.1 Evaluation: u has 7+T bits; the value in units 2^-28."""
    assert 0 <= u < (1 << (7 + T)), (u, T)
    i = u >> T
    t = u & ((1 << T) - 1)
    c0, c1, c2 = tables()[tab][i]
    a = _s64(c2 * t, "c2*t") >> T
    b = _s64((c1 + a) * t, "(c1+a)*t") >> T
    return c0 + b


def pack(s, N, k):
    """4.1 Packing of N * 2^k, sign s."""
    assert 0 <= N < (1 << 63), N
    if N == 0:
        return s << 31
    L = N.bit_length() - 1
    if L > 23:
        m = (N + (1 << (L - 24))) >> (L - 23)
        if m == (1 << 24):
            m = 1 << 23
            L += 1
    else:
        m = N << (23 - L)
    B = L + k + 127
    if B <= 0:
        return s << 31
    if B >= 255:
        return (s << 31) | PINF
    return (s << 31) | (B << 23) | (m & 0x7FFFFF)


# ---- classification, rule 1.2 ---------------------------------------------------------------------

def fields(x):
    return x >> 31, (x >> 23) & 0xFF, x & 0x7FFFFF


def is_nan(x):
    return (x & 0x7FFFFFFF) > PINF


def is_inf(x):
    return (x & 0x7FFFFFFF) == PINF


def is_zero(x):
    return (x & 0x7FFFFFFF) == 0


def ftz(x):
    """1.2: E == 0 -> the zero of its sign."""
    return x & SIGN if ((x >> 23) & 0xFF) == 0 else x


# ---- 2. add, mul ----------------------------------------------------------------------------------

def add(a, b):
    a, b = ftz(a), ftz(b)
    # 1.
    if is_nan(a) or is_nan(b):
        return QNAN
    if is_inf(a) and is_inf(b):
        return a if a == b else QNAN
    if is_inf(a):
        return a
    if is_inf(b):
        return b
    # 2.
    if is_zero(a) and is_zero(b):
        return a & b
    if is_zero(a):
        return b
    if is_zero(b):
        return a
    # 3.
    if (b & 0x7FFFFFFF) > (a & 0x7FFFFFFF):
        big, sml = b, a
    else:
        big, sml = a, b
    s, Eb, Fb = fields(big)
    s2, Es, Fs = fields(sml)
    d = Eb - Es
    A = ((1 << 23) | Fb) << 3
    B0 = ((1 << 23) | Fs) << 3
    if d >= 27:
        B = 1
    else:
        B = B0 >> d
        if B0 & ((1 << d) - 1):
            B |= 1
    E = Eb
    if s == s2:
        S = A + B
        if S >= (1 << 27):
            S = (S >> 1) | (S & 1)
            E += 1
    else:
        S = A - B
        if S == 0:
            return 0
        while not (S >> 26) & 1:
            S <<= 1
            E -= 1
    if E <= 0:
        return s << 31
    if E >= 255:
        return (s << 31) | MAXF
    return (s << 31) | (E << 23) | ((S >> 3) & 0x7FFFFF)


def mul_m(a, b, zmode):
    a, b = ftz(a), ftz(b)
    s = (a ^ b) >> 31
    # 1.
    if zmode and (is_zero(a) or is_zero(b)):
        return s << 31
    # 2., 3., 4.
    if is_nan(a) or is_nan(b):
        return QNAN
    if is_inf(a) or is_inf(b):
        if is_zero(a) or is_zero(b):
            return QNAN
        return (s << 31) | PINF
    if is_zero(a) or is_zero(b):
        return s << 31
    # 5.
    _, Ea, Fa = fields(a)
    _, Eb, Fb = fields(b)
    P = ((1 << 23) | Fa) * ((1 << 23) | Fb)
    E = Ea + Eb - 127
    if P >= (1 << 47):
        frac = (P >> 24) & 0x7FFFFF
        E += 1
    else:
        frac = (P >> 23) & 0x7FFFFF
    if E <= 0:
        return s << 31
    if E >= 255:
        return (s << 31) | MAXF
    return (s << 31) | (E << 23) | frac


def mul(a, b):
    return mul_m(a, b, False)


def mul_z(a, b):
    return mul_m(a, b, True)


def mad(a, b, c):
    return add(mul(a, b), c)


def mad_z(a, b, c):
    return add(mul_z(a, b), c)


def dp3(a, b, z=False):
    m = mul_z if z else mul
    return add(add(m(a[0], b[0]), m(a[1], b[1])), m(a[2], b[2]))


def dp4(a, b, z=False):
    m = mul_z if z else mul
    return add(add(m(a[0], b[0]), m(a[1], b[1])), add(m(a[2], b[2]), m(a[3], b[3])))


# ---- exact restatements of "the IEEE round-toward-zero result with flush" (2.) -------------------

def to_frac(x):
    """value of a finite pattern (denormals included), as a Fraction"""
    s, E, F = fields(x)
    v = Fraction(F, 1 << 23) * Fraction(2) ** (-126) if E == 0 else \
        Fraction((1 << 23) | F, 1 << 23) * Fraction(2) ** (E - 127)
    return -v if s else v


def rz_pack(v, sign_if_zero):
    """round-toward-zero binary32 of the exact Fraction v, flush below 2^-126, overflow -> MAXF"""
    if v == 0:
        return sign_if_zero << 31
    s = 1 if v < 0 else 0
    v = abs(v)
    if v < Fraction(2) ** -126:
        return s << 31
    e = v.numerator.bit_length() - v.denominator.bit_length()
    if Fraction(2) ** e > v:
        e -= 1
    if e > 127:
        return (s << 31) | MAXF
    m = math.floor(v * Fraction(2) ** (23 - e))
    return (s << 31) | ((e + 127) << 23) | (m & 0x7FFFFF)


def add_exact_rz(a, b):
    """IEEE RZ sum of the flushed operands (finite, non-NaN only; None otherwise)"""
    a, b = ftz(a), ftz(b)
    if is_nan(a) or is_nan(b) or is_inf(a) or is_inf(b):
        return None
    v = to_frac(a) + to_frac(b)
    if v == 0:  # IEEE RZ: x + (-x) = +0, (-0) + (-0) = -0
        return a & b & SIGN
    return rz_pack(v, 0)


def mul_exact_rz(a, b):
    a, b = ftz(a), ftz(b)
    if is_nan(a) or is_nan(b) or is_inf(a) or is_inf(b):
        return None
    return rz_pack(to_frac(a) * to_frac(b), (a ^ b) >> 31)


def rcp_exact_rz(x):
    """4.2's claim "1/x rounded toward zero" restated exactly (finite nonzero x only)"""
    x = ftz(x)
    if is_nan(x) or is_inf(x) or is_zero(x):
        return None
    return rz_pack(1 / to_frac(x), x >> 31)


def rsq_exact_rz(x):
    """4.3's claim "1/sqrt(x) rounded toward zero" restated exactly (positive finite x only):
    the result in [2^k, 2^(k+1)) has significand floor(sqrt(2^(46-2k) / v))"""
    x = ftz(x)
    if is_nan(x) or is_inf(x) or is_zero(x) or x >> 31:
        return None
    v = to_frac(x)
    k = 200
    while True:  # largest k with 2^k <= 1/sqrt(v), i.e. 2^(2k) * v <= 1
        if Fraction(2) ** (2 * k) * v <= 1:
            break
        k -= 1
    y = Fraction(2) ** (46 - 2 * k) / v
    m = math.isqrt(y.numerator // y.denominator)
    if k + 127 <= 0:
        return 0
    return ((k + 127) << 23) | (m & 0x7FFFFF)


def sqrt_exact_rz(x):
    """4.3a's claim "sqrt(x) rounded toward zero" restated by its definition (positive finite x
    only): the largest positive normal binary32 r with r * r <= x, found by bisection on the bit
    patterns (positive patterns are ordered like their values); no integer square root involved"""
    x = ftz(x)
    if is_nan(x) or is_inf(x) or is_zero(x) or x >> 31:
        return None
    v = to_frac(x)
    lo, hi = 0x00800000, 0x7F7FFFFF  # sqrt of a positive normal lies in [2^-63, 2^64)
    assert to_frac(lo) ** 2 <= v < to_frac(hi) ** 2
    while hi - lo > 1:  # invariant: lo*lo <= v < hi*hi
        mid = (lo + hi) // 2
        if to_frac(mid) ** 2 <= v:
            lo = mid
        else:
            hi = mid
    return lo


def flr_exact(x):
    """3.'s "floor, exact" restated with Fractions (finite x only)"""
    x = ftz(x)
    if is_nan(x) or is_inf(x):
        return None
    if is_zero(x):
        return x
    v = math.floor(to_frac(x))
    return rz_pack(Fraction(v), x >> 31)


# ---- 3. comparisons, min, max, floor, fraction ---------------------------------------------------

def _key(x):
    return -(x & 0x7FFFFFFF) if x >> 31 else (x & 0x7FFFFFFF)


def cmp_lt(a, b):
    a, b = ftz(a), ftz(b)
    if is_nan(a) or is_nan(b):
        return False
    return _key(a) < _key(b)


def cmp_le(a, b):
    a, b = ftz(a), ftz(b)
    if is_nan(a) or is_nan(b):
        return False
    return _key(a) <= _key(b)


def cmp_eq(a, b):
    a, b = ftz(a), ftz(b)
    if is_nan(a) or is_nan(b):
        return False
    return _key(a) == _key(b)


def _minmax(a, b, want_max):
    a, b = ftz(a), ftz(b)
    if is_nan(a) and is_nan(b):
        return QNAN
    if is_nan(a):
        return b
    if is_nan(b):
        return a
    if want_max:
        return b if cmp_lt(a, b) else a
    return b if cmp_lt(b, a) else a


def fmin(a, b):
    return _minmax(a, b, False)


def fmax(a, b):
    return _minmax(a, b, True)


def flr(a):
    a = ftz(a)
    if is_nan(a):
        return QNAN
    if is_inf(a) or is_zero(a):
        return a
    s, E, F = fields(a)
    if E >= 150:
        return a
    if E < 127:
        return 0xBF800000 if s else 0
    n = 150 - E
    low = a & ((1 << n) - 1)
    r = a & ~((1 << n) - 1) & M32
    if s and low:
        r += 1 << n
    return r


def frc(a):
    return add(a, flr(a) ^ SIGN)


# ---- 4. transcendentals ---------------------------------------------------------------------------

def rcp(x):
    x = ftz(x)
    if is_nan(x):
        return QNAN
    s, E, F = fields(x)
    if is_zero(x):
        return (s << 31) | PINF
    if is_inf(x):
        return s << 31
    if F == 0:
        B = 254 - E
        return s << 31 if B <= 0 else (s << 31) | (B << 23)
    M = (1 << 23) | F
    q = (1 << 47) // M
    # docs/float.md 4.2 said "(2^23, 2^24)"; M = 2^24 - 1 gives q = 2^23 exactly (finding 1)
    assert (1 << 23) <= q < (1 << 24), q
    B = 253 - E
    if B <= 0:
        return s << 31
    return (s << 31) | (B << 23) | (q & 0x7FFFFF)


def rsq(x):
    x = ftz(x)
    if is_nan(x):
        return QNAN
    if x == 0:
        return PINF
    if x == SIGN:
        return SIGN | PINF
    if x >> 31:
        return QNAN
    if x == PINF:
        return 0
    s, E, F = fields(x)
    M = (1 << 23) | F
    e = E - 127
    if e % 2 == 0:
        Mp, ep = M, e
    else:
        Mp, ep = 2 * M, e - 1
    D = (1 << 71) // Mp
    assert D < (1 << 49), D
    q = math.isqrt(D)
    # docs/float.md 4.3 said "(2^23, 2^24]"; M' = 2^25 - 2 gives q = 2^23 exactly (finding 2)
    assert (1 << 23) <= q <= (1 << 24), q
    B = 126 - ep // 2
    if q == (1 << 24):
        q = 1 << 23
        B += 1
    return (B << 23) | (q & 0x7FFFFF)


def sqrt(x):
    """docs/float.md 4.3a: sqrt(x) rounded toward zero, restated from the exact value: for a
    positive finite x = v, the result in [2^k, 2^(k+1)) (2^(2k) <= v < 2^(2k+2)) has the
    significand floor(sqrt(v) * 2^(23-k)) = isqrt(floor(v * 2^(46-2k)))."""
    x = ftz(x)
    if is_nan(x):
        return QNAN
    if x in (0, SIGN):
        return x
    if x >> 31:
        return QNAN
    if x == PINF:
        return PINF
    v = to_frac(x)
    k = -100
    while Fraction(2) ** (2 * k + 2) <= v:
        k += 1
    y = v * Fraction(2) ** (46 - 2 * k)
    m = math.isqrt(y.numerator // y.denominator)
    assert (1 << 23) <= m < (1 << 24), m
    return ((k + 127) << 23) | (m & 0x7FFFFF)


def ex2(x):
    x = ftz(x)
    if is_nan(x):
        return QNAN
    if x == PINF:
        return PINF
    if x == SIGN | PINF:
        return 0
    if is_zero(x):
        return ONE
    s, E, F = fields(x)
    e = E - 127
    if e >= 7:
        return 0 if s else PINF
    M = (1 << 23) | F
    sh = e + 3
    sticky = 0
    if sh >= 0:
        mag = M << sh
    elif -sh >= 25:
        mag, sticky = 0, 1
    else:
        mag = M >> -sh
        sticky = 1 if M & ((1 << -sh) - 1) else 0
    X = -(mag + sticky) if s else mag
    assert abs(X) < (1 << 33)
    i = X >> 26
    f = X - i * (1 << 26)
    if i < -126:
        return 0
    if f == 0:
        return (i + 127) << 23
    y = poly("ex2", f, 19)
    y = max(y, 1 << 28)
    m = (y + 16) >> 5
    assert m <= (1 << 24), m
    if m == (1 << 24):
        r = (i + 128) << 23
    else:
        r = ((i + 127) << 23) | (m & 0x7FFFFF)
    assert r <= PINF
    return r


def lg2(x):
    x = ftz(x)
    if is_nan(x):
        return QNAN
    if is_zero(x):
        return SIGN | PINF
    if x >> 31:
        return QNAN
    if x == PINF:
        return PINF
    if x == ONE:
        return 0
    s, E, F = fields(x)
    e = E - 127
    if e == -1 and F != 0:
        u = ((1 << 23) - F) << 1
        c = poly("lg2h", u, 17)
        assert u * c >= 0
        return pack(1, u * c, -52)
    u = F << 1
    c = poly("lg2g", u, 17)
    R = _s64(e * (1 << 52) + u * c, "R")
    return pack(1 if R < 0 else 0, abs(R), -52)


def _qs(S):
    """4.6 quarter sine of S/2^32 quarter turns, S in [0, 2^32]"""
    if S == 0:
        return 0
    if S == (1 << 32):
        return ONE
    k = poly("sinq", S, 25)
    assert S * k >= 0
    z = pack(0, S * k, -60)
    return ONE if z > ONE else z


def _phase(x):
    s, E, F = fields(x)
    M = (1 << 23) | F
    e = E - 127
    sh = e + 11
    if sh >= 34:
        P = 0
    elif sh >= 0:
        P = (M << sh) & ((1 << 34) - 1)
    elif -sh >= 24:
        P = 0
    else:
        P = M >> -sh
    return P >> 32, P & M32


def sin(x):
    x = ftz(x)
    if is_nan(x) or is_inf(x):
        return QNAN
    if is_zero(x):
        return x
    s, E, F = fields(x)
    e = E - 127
    M = (1 << 23) | F
    if e <= -12:
        shift = -(e + 11)
        S = 0 if shift >= 24 else M >> shift
        k = poly("sinq", S, 25)
        return pack(s, M * k, e - 49)
    Q, r = _phase(x)
    z = _qs((1 << 32) - r if Q & 1 else r)
    if z == 0:
        return 0
    return (((Q >> 1) ^ s) << 31) | z


def cos(x):
    x = ftz(x)
    if is_nan(x) or is_inf(x):
        return QNAN
    if is_zero(x):
        return ONE
    Q, r = _phase(x)
    z = _qs(r if Q & 1 else (1 << 32) - r)
    if z == 0:
        return 0
    return ((1 if Q in (1, 2) else 0) << 31) | z


# ---- the op table the checker uses: name -> (arity, function of a flat operand list) -------------

OPS = {
    "ftz": (1, lambda x: ftz(x[0])),
    "add": (2, lambda x: add(x[0], x[1])),
    "mul": (2, lambda x: mul(x[0], x[1])),
    "mul_z": (2, lambda x: mul_z(x[0], x[1])),
    "mad": (3, lambda x: mad(x[0], x[1], x[2])),
    "mad_z": (3, lambda x: mad_z(x[0], x[1], x[2])),
    "dp3": (6, lambda x: dp3(x[0:3], x[3:6])),
    "dp3_z": (6, lambda x: dp3(x[0:3], x[3:6], True)),
    "dp4": (8, lambda x: dp4(x[0:4], x[4:8])),
    "dp4_z": (8, lambda x: dp4(x[0:4], x[4:8], True)),
    "min": (2, lambda x: fmin(x[0], x[1])),
    "max": (2, lambda x: fmax(x[0], x[1])),
    "cmp_lt": (2, lambda x: int(cmp_lt(x[0], x[1]))),
    "cmp_le": (2, lambda x: int(cmp_le(x[0], x[1]))),
    "cmp_eq": (2, lambda x: int(cmp_eq(x[0], x[1]))),
    "flr": (1, lambda x: flr(x[0])),
    "frc": (1, lambda x: frc(x[0])),
    "rcp": (1, lambda x: rcp(x[0])),
    "rsq": (1, lambda x: rsq(x[0])),
    "ex2": (1, lambda x: ex2(x[0])),
    "lg2": (1, lambda x: lg2(x[0])),
    "sin": (1, lambda x: sin(x[0])),
    "cos": (1, lambda x: cos(x[0])),
    "sqrt": (1, lambda x: sqrt(x[0])),  # last: the op codes of the ops before it stay
}
OP_NAMES = list(OPS)  # the op code of the C driver is the index in this list


if __name__ == "__main__":
    import sys
    if len(sys.argv) >= 3 and sys.argv[1] in OPS:
        args = [int(v, 16) for v in sys.argv[2:]]
        print("%08x" % OPS[sys.argv[1]][1](args))
    else:
        print("usage: prim_sf_ref.py OP HEX...   (ops: %s)" % " ".join(OPS))
