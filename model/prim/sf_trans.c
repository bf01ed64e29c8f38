/* sf_trans.c - shader float transcendentals (docs/float.md "Transcendentals"):
 *   rcp, rsq  exact integer division / square root, truncated (round toward zero);
 *   ex2, lg2, sin, cos  128-segment quadratic tables (sf_tables.h, generated) evaluated in fixed
 *   point, result rounded to nearest (ties away from zero).
 * Integer arithmetic only; rtl/prim/prim_sf_{rcp,rsq,ex2,lg2,sin,cos}.sv do the same steps. */
#include "sf.h"
#include "sf_fix.h"
#include "sf_tables.h"

#define EXP(a)  (((a) >> 23) & 0xFFu)
#define FRAC(a) ((a) & 0x7FFFFFu)

uint32_t sf_rcp(uint32_t a)
{
    uint32_t sign, q;
    int e, be;

    a = sf_ftz(a);
    sign = a & SF_SIGN;
    if (sf_is_nan(a))
        return SF_QNAN;
    if (sf_is_inf(a))
        return sign;
    if ((a & 0x7FFFFFFFu) == 0)
        return sign | SF_PINF;
    e = (int)EXP(a) - 127;
    if (FRAC(a) == 0) { /* exact power of two */
        be = 127 - e;
        return be <= 0 ? sign : sign | ((uint32_t)be << 23);
    }
    /* M in (2^23, 2^24): q = floor(2^47 / M) in (2^23, 2^24), 1/x = q * 2^(-24-e) */
    q = (uint32_t)((UINT64_C(1) << 47) / (uint64_t)(0x800000u | FRAC(a)));
    be = 126 - e;
    if (be <= 0)
        return sign;
    return sign | ((uint32_t)be << 23) | (q & 0x7FFFFFu);
}

/* floor(sqrt(v)), v < 2^50: restoring digit-by-digit, 25 result bits */
static uint32_t isqrt50(uint64_t v)
{
    uint64_t rem = 0, root = 0;
    int i;
    for (i = 24; i >= 0; i--) {
        uint64_t trial;
        rem = (rem << 2) | ((v >> (2 * i)) & 3u);
        trial = (root << 2) | 1u;
        root <<= 1;
        if (rem >= trial) {
            rem -= trial;
            root |= 1u;
        }
    }
    return (uint32_t)root;
}

uint32_t sf_rsq(uint32_t a)
{
    uint64_t mp, qd, r;
    uint32_t q;
    int e, ee, be;

    a = sf_ftz(a);
    if (sf_is_nan(a))
        return SF_QNAN;
    if ((a & 0x7FFFFFFFu) == 0)
        return (a & SF_SIGN) | SF_PINF;
    if (a & SF_SIGN)
        return SF_QNAN;
    if (sf_is_inf(a))
        return 0;
    e = (int)EXP(a) - 127;
    mp = 0x800000u | FRAC(a); /* m' = mp / 2^23 in [1, 4), x = m' * 2^ee, ee even */
    ee = e;
    if (e & 1) {
        mp <<= 1;
        ee = e - 1;
    }
    /* qd = floor(2^71 / mp) < 2^49 in two 64-bit steps; q = floor(sqrt(qd)) = floor(2^24/sqrt(m')) */
    qd = ((UINT64_C(1) << 47) / mp) << 24;
    r = (UINT64_C(1) << 47) % mp;
    qd += (r << 24) / mp;
    q = isqrt50(qd); /* in (2^23, 2^24]; 2^24 only for m' = 1 */
    be = 126 - ee / 2;
    if (q >> 24) {
        q >>= 1;
        be++;
    }
    return ((uint32_t)be << 23) | (q & 0x7FFFFFu);
}

/* sqrt(x) rounded toward zero: q = floor(sqrt(M' * 2^23)), exact (docs/float.md 4.3a) */
uint32_t sf_sqrt(uint32_t a)
{
    uint64_t mp;
    int e, ee;

    a = sf_ftz(a);
    if (sf_is_nan(a))
        return SF_QNAN;
    if ((a & 0x7FFFFFFFu) == 0)
        return a;                       /* +-0 */
    if (a & SF_SIGN)
        return SF_QNAN;
    if (sf_is_inf(a))
        return SF_PINF;
    e = (int)EXP(a) - 127;
    mp = 0x800000u | FRAC(a);           /* m' = mp / 2^23 in [1, 4), x = m' * 2^ee, ee even */
    ee = e;
    if (e & 1) {
        mp <<= 1;
        ee = e - 1;
    }
    /* q = floor(sqrt(mp * 2^23)) = floor(2^23 * sqrt(m')) in [2^23, 2^24) */
    return ((uint32_t)(127 + ee / 2) << 23) | (isqrt50(mp << 23) & 0x7FFFFFu);
}

uint32_t sf_ex2(uint32_t a)
{
    uint64_t m, mag, sticky;
    uint32_t f;
    int64_t x, i, y;
    int e, sh;

    a = sf_ftz(a);
    if (sf_is_nan(a))
        return SF_QNAN;
    if (sf_is_inf(a))
        return (a & SF_SIGN) ? 0u : SF_PINF;
    if ((a & 0x7FFFFFFFu) == 0)
        return SF_ONE;
    e = (int)EXP(a) - 127;
    if (e >= 7) /* |a| >= 128 */
        return (a & SF_SIGN) ? 0u : SF_PINF;
    /* x = floor(a * 2^26) in two's complement, |x| < 2^33 */
    m = 0x800000u | FRAC(a);
    sh = e + 3;
    if (sh >= 0) {
        mag = m << sh;
        sticky = 0;
    } else if (-sh >= 25) {
        mag = 0;
        sticky = 1;
    } else {
        mag = m >> -sh;
        sticky = (m & ((UINT64_C(1) << -sh) - 1u)) != 0;
    }
    x = (a & SF_SIGN) ? -(int64_t)(mag + sticky) : (int64_t)mag;
    i = sf_asr(x, 26);
    f = (uint32_t)(x - i * (INT64_C(1) << 26)); /* [0, 2^26) */
    if (i < -126)
        return 0;
    if (f == 0)
        return (uint32_t)(i + 127) << 23;
    y = sf_poly(sf_tab_ex2[f >> 19], f & 0x7FFFFu, 19); /* 2^(f/2^26) in units 2^-28 */
    if (y < (INT64_C(1) << 28))
        y = INT64_C(1) << 28;
    y = (y + 16) >> 5;
    if (y >= (INT64_C(1) << 24)) /* rounded up to 2.0: the next power of two */
        return (uint32_t)(i + 128) << 23;
    return ((uint32_t)(i + 127) << 23) | ((uint32_t)y & 0x7FFFFFu);
}

uint32_t sf_lg2(uint32_t a)
{
    uint32_t fr, u;
    int64_t c, r;
    int e;

    a = sf_ftz(a);
    if (sf_is_nan(a))
        return SF_QNAN;
    if ((a & 0x7FFFFFFFu) == 0)
        return SF_NINF;
    if (a & SF_SIGN)
        return SF_QNAN;
    if (sf_is_inf(a))
        return SF_PINF;
    e = (int)EXP(a) - 127;
    fr = FRAC(a);
    if (e == -1 && fr != 0) {
        /* a = 1 - w/2, w = 1 - f in (0, 1): log2 a = -w * H(w) */
        u = (0x800000u - fr) << 1;
        c = sf_poly(sf_tab_lg2h[u >> 17], u & 0x1FFFFu, 17);
        return sf_pack_round(1, (uint64_t)u * (uint64_t)c, -52);
    }
    /* log2 a = e + f * G(f) */
    u = fr << 1;
    c = sf_poly(sf_tab_lg2g[u >> 17], u & 0x1FFFFu, 17);
    r = (int64_t)e * (INT64_C(1) << 52) + (int64_t)u * c;
    if (r < 0)
        return sf_pack_round(1, (uint64_t)(-r), -52);
    return sf_pack_round(0, (uint64_t)r, -52);
}

/* sin(pi/2 * s / 2^32) for s in [0, 2^32]: s * KS(s), rounded, at most 1.0 */
static uint32_t quarter_sin(uint32_t sign, uint64_t s)
{
    int64_t k;
    uint32_t z;
    if (s == 0)
        return 0;
    if (s >> 32)
        return sign << 31 | SF_ONE;
    k = sf_poly(sf_tab_sinq[s >> 25], s & 0x1FFFFFFu, 25);
    z = sf_pack_round(0, s * (uint64_t)k, -60);
    if (z > SF_ONE)
        z = SF_ONE;
    return sign << 31 | z;
}

/* phase of |a| in units of 2^-34 turn, modulo one turn (exact for |a| >= 2^-11) */
static uint64_t phase34(uint32_t a)
{
    uint64_t m = 0x800000u | FRAC(a);
    int sh = (int)EXP(a) - 127 + 11;
    if (sh >= 34)
        return 0;
    if (sh >= 0)
        return (m << sh) & ((UINT64_C(1) << 34) - 1);
    if (-sh >= 24)
        return 0;
    return m >> -sh;
}

uint32_t sf_sin(uint32_t a)
{
    uint64_t ph, r;
    uint32_t q, z;
    int e;

    a = sf_ftz(a);
    if (sf_is_nan(a) || sf_is_inf(a))
        return SF_QNAN;
    if ((a & 0x7FFFFFFFu) == 0)
        return a;
    e = (int)EXP(a) - 127;
    if (e <= -12) {
        /* |a| < 2^-11: sin(2 pi a) = M * KS(4|a|) * 2^(e-49), M the 24-bit significand */
        uint64_t m = 0x800000u | FRAC(a);
        uint64_t s = (-(e + 11) >= 24) ? 0 : m >> -(e + 11);
        int64_t k = sf_poly(sf_tab_sinq[s >> 25], s & 0x1FFFFFFu, 25);
        return sf_pack_round(a >> 31, m * (uint64_t)k, e - 49);
    }
    ph = phase34(a);
    q = (uint32_t)(ph >> 32);
    r = ph & 0xFFFFFFFFu;
    /* quadrants: sin(r) cos(r) -sin(r) -cos(r), cos(r) = sin of (2^32 - r) */
    z = quarter_sin(0, (q & 1u) ? (UINT64_C(1) << 32) - r : r);
    if ((z & 0x7FFFFFFFu) == 0)
        return 0;
    return z ^ (((q >> 1) ^ (a >> 31)) << 31);
}

uint32_t sf_cos(uint32_t a)
{
    uint64_t ph, r;
    uint32_t q, z;

    a = sf_ftz(a);
    if (sf_is_nan(a) || sf_is_inf(a))
        return SF_QNAN;
    if ((a & 0x7FFFFFFFu) == 0)
        return SF_ONE;
    ph = phase34(a);
    q = (uint32_t)(ph >> 32);
    r = ph & 0xFFFFFFFFu;
    /* quadrants: cos(r) -sin(r) -cos(r) sin(r) */
    z = quarter_sin(0, (q & 1u) ? r : (UINT64_C(1) << 32) - r);
    if ((z & 0x7FFFFFFFu) == 0)
        return 0;
    return z ^ ((uint32_t)(q == 1 || q == 2) << 31);
}
