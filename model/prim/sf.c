/* sf.c - shader float: flush, add, mul, MAD, DP3/DP4, min/max/compare, floor/fraction
 * (docs/float.md).  Round toward zero, denormals flushed, canonical NaN.  Integer arithmetic on
 * the bit patterns only; rtl/prim/prim_sf_{add,mul,...}.sv do the same steps. */
#include "sf.h"

#define EXP(a)  (((a) >> 23) & 0xFFu)
#define FRAC(a) ((a) & 0x7FFFFFu)

uint32_t sf_ftz(uint32_t a)
{
    return EXP(a) == 0 ? (a & SF_SIGN) : a;
}

static bool is_zero(uint32_t a) { return (a & 0x7FFFFFFFu) == 0; }

uint32_t sf_add(uint32_t a, uint32_t b)
{
    uint32_t big, sml, sign, m, ea, eb, d;
    uint32_t ma, mb;
    int e;

    a = sf_ftz(a);
    b = sf_ftz(b);
    if (sf_is_nan(a) || sf_is_nan(b))
        return SF_QNAN;
    if (sf_is_inf(a) && sf_is_inf(b))
        return a == b ? a : SF_QNAN;
    if (sf_is_inf(a))
        return a;
    if (sf_is_inf(b))
        return b;
    if (is_zero(a) && is_zero(b))
        return a & b; /* -0 only for (-0) + (-0) */
    if (is_zero(a))
        return b;
    if (is_zero(b))
        return a;
    /* both normal: big has the larger magnitude */
    if ((a & 0x7FFFFFFFu) >= (b & 0x7FFFFFFFu)) {
        big = a;
        sml = b;
    } else {
        big = b;
        sml = a;
    }
    sign = big & SF_SIGN;
    ea = EXP(big);
    eb = EXP(sml);
    d = ea - eb;
    /* 27-bit significands: hidden bit, 23 fraction bits, guard, round, sticky */
    ma = (0x800000u | FRAC(big)) << 3;
    mb = (0x800000u | FRAC(sml)) << 3;
    if (d >= 27) {
        mb = 1; /* only the sticky bit is left */
    } else if (d > 0) {
        uint32_t lost = mb & ((1u << d) - 1u);
        mb = (mb >> d) | (lost != 0);
    }
    e = (int)ea;
    if ((big ^ sml) & SF_SIGN) {
        m = ma - mb;
        if (m == 0)
            return 0; /* x + (-x) = +0 */
        while (!(m & (1u << 26))) {
            m <<= 1;
            e--;
        }
    } else {
        m = ma + mb;
        if (m & (1u << 27)) {
            m = (m >> 1) | (m & 1u);
            e++;
        }
    }
    if (e <= 0)
        return sign; /* below 2^-126: zero of the result's sign */
    if (e >= 255)
        return sign | SF_MAXF; /* RZ overflow: largest finite */
    return sign | ((uint32_t)e << 23) | ((m >> 3) & 0x7FFFFFu);
}

uint32_t sf_mul_m(uint32_t a, uint32_t b, bool zmode)
{
    uint32_t sign, lo;
    uint64_t p;
    int e;

    a = sf_ftz(a);
    b = sf_ftz(b);
    sign = (a ^ b) & SF_SIGN;
    if (zmode && (is_zero(a) || is_zero(b)))
        return sign;
    if (sf_is_nan(a) || sf_is_nan(b))
        return SF_QNAN;
    if (sf_is_inf(a) || sf_is_inf(b)) {
        if (is_zero(a) || is_zero(b))
            return SF_QNAN;
        return sign | SF_PINF;
    }
    if (is_zero(a) || is_zero(b))
        return sign;
    p = (uint64_t)(0x800000u | FRAC(a)) * (uint64_t)(0x800000u | FRAC(b)); /* [2^46, 2^48) */
    e = (int)EXP(a) + (int)EXP(b) - 127;
    if (p >> 47) {
        lo = (uint32_t)(p >> 24) & 0x7FFFFFu;
        e++;
    } else {
        lo = (uint32_t)(p >> 23) & 0x7FFFFFu;
    }
    if (e <= 0)
        return sign;
    if (e >= 255)
        return sign | SF_MAXF;
    return sign | ((uint32_t)e << 23) | lo;
}

uint32_t sf_mul(uint32_t a, uint32_t b) { return sf_mul_m(a, b, false); }
uint32_t sf_mul_z(uint32_t a, uint32_t b) { return sf_mul_m(a, b, true); }
uint32_t sf_mad(uint32_t a, uint32_t b, uint32_t c) { return sf_add(sf_mul(a, b), c); }
uint32_t sf_mad_z(uint32_t a, uint32_t b, uint32_t c) { return sf_add(sf_mul_z(a, b), c); }

static uint32_t dp3(const uint32_t a[3], const uint32_t b[3], bool z)
{
    uint32_t s01 = sf_add(sf_mul_m(a[0], b[0], z), sf_mul_m(a[1], b[1], z));
    return sf_add(s01, sf_mul_m(a[2], b[2], z));
}

static uint32_t dp4(const uint32_t a[4], const uint32_t b[4], bool z)
{
    uint32_t s01 = sf_add(sf_mul_m(a[0], b[0], z), sf_mul_m(a[1], b[1], z));
    uint32_t s23 = sf_add(sf_mul_m(a[2], b[2], z), sf_mul_m(a[3], b[3], z));
    return sf_add(s01, s23);
}

uint32_t sf_dp3(const uint32_t a[3], const uint32_t b[3]) { return dp3(a, b, false); }
uint32_t sf_dp3_z(const uint32_t a[3], const uint32_t b[3]) { return dp3(a, b, true); }
uint32_t sf_dp4(const uint32_t a[4], const uint32_t b[4]) { return dp4(a, b, false); }
uint32_t sf_dp4_z(const uint32_t a[4], const uint32_t b[4]) { return dp4(a, b, true); }

/* total order key of a flushed non-NaN value: -0 and +0 both 0 */
static int32_t key(uint32_t a)
{
    int32_t mag = (int32_t)(a & 0x7FFFFFFFu);
    return (a & SF_SIGN) ? -mag : mag;
}

bool sf_cmp_lt(uint32_t a, uint32_t b)
{
    a = sf_ftz(a);
    b = sf_ftz(b);
    return !sf_is_nan(a) && !sf_is_nan(b) && key(a) < key(b);
}

bool sf_cmp_le(uint32_t a, uint32_t b)
{
    a = sf_ftz(a);
    b = sf_ftz(b);
    return !sf_is_nan(a) && !sf_is_nan(b) && key(a) <= key(b);
}

bool sf_cmp_eq(uint32_t a, uint32_t b)
{
    a = sf_ftz(a);
    b = sf_ftz(b);
    return !sf_is_nan(a) && !sf_is_nan(b) && key(a) == key(b);
}

/* min (max = 0) or max (max = 1): one NaN operand gives the other, two give the canonical NaN;
 * otherwise b only when it is strictly below (min) or above (max) a. */
static uint32_t minmax(uint32_t a, uint32_t b, int max)
{
    a = sf_ftz(a);
    b = sf_ftz(b);
    if (sf_is_nan(a) && sf_is_nan(b))
        return SF_QNAN;
    if (sf_is_nan(a))
        return b;
    if (sf_is_nan(b))
        return a;
    return (max ? key(a) < key(b) : key(b) < key(a)) ? b : a;
}

uint32_t sf_min(uint32_t a, uint32_t b) { return minmax(a, b, 0); }
uint32_t sf_max(uint32_t a, uint32_t b) { return minmax(a, b, 1); }

uint32_t sf_flr(uint32_t a)
{
    uint32_t e, mask;

    a = sf_ftz(a);
    if (sf_is_nan(a))
        return SF_QNAN;
    if (sf_is_inf(a) || is_zero(a))
        return a;
    e = EXP(a);
    if (e >= 127 + 23)
        return a; /* already an integer */
    if (e < 127)
        return (a & SF_SIGN) ? 0xBF800000u : 0u; /* (0,1) -> +0, (-1,0) -> -1 */
    mask = (1u << (127 + 23 - e)) - 1u;
    if ((a & mask) == 0)
        return a;
    if (a & SF_SIGN) /* magnitude up to the next integer; a carry moves into the exponent */
        return (a & ~mask) + mask + 1u;
    return a & ~mask;
}

uint32_t sf_frc(uint32_t a)
{
    return sf_add(a, sf_flr(a) ^ SF_SIGN);
}
