/* sf.c - shader float: flush, add and mul (their cases other than two normal operands: sf.h),
 * MAD, DP3/DP4, min/max, floor/fraction (docs/float.md).  Round toward zero, denormals flushed,
 * canonical NaN.  Integer arithmetic on the bit patterns only; rtl/prim/prim_sf_{add,mul,...}.sv
 * do the same steps. */
#include "sf.h"

#define EXP(a)  (((a) >> 23) & 0xFFu)

static bool is_zero(uint32_t a) { return (a & 0x7FFFFFFFu) == 0; }

/* sf_add's every other case (sf.h: two normal operands are added inline): a zero, denormal, Inf or
 * NaN operand */
uint32_t sf_add_other(uint32_t a, uint32_t b)
{
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
    return sf_add_normal_(a, b);
}

/* sf_mul_m's every other case (sf.h: two normal operands are multiplied inline) */
uint32_t sf_mul_other(uint32_t a, uint32_t b, bool zmode)
{
    uint32_t sign;

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
    return sf_mul_normal_(a, b);
}

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
    return (max ? sf_key_(a) < sf_key_(b) : sf_key_(b) < sf_key_(a)) ? b : a;
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
