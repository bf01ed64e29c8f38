/*
 * pvs_math.c - the PVS math engine (MATH_INST = 1) on the shared shader float
 * (docs/blocks/r5xx.pvs.md, "Math opcodes"): the seed's DX, FF and IEEE variants of RCP, RSQ,
 * LOG, EXP (001:6319-6589), POW and its clamps, LIT, SIN/COS of radians with their input clamp
 * and output floor, built on sf_rcp/sf_rsq/sf_ex2/sf_lg2/sf_sin/sf_cos.  The RTL twin is
 * rtl/r5xx/pvs/r5xx_pvs_me.sv.
 */
#include "pvs_isa.h"
#include "sf.h"

#define F_ZERO 0x00000000u
#define F_ONE 0x3F800000u
#define F_128 0x43000000u
#define F_N128 0xC3000000u
#define F_NMAXF 0xFF7FFFFFu
#define F_PI 0x40490FDBu        /* pi rounded to nearest: 3.14159274 */
#define F_NPI 0xC0490FDBu
#define F_INV2PI 0x3E22F983u    /* 1/(2 pi): 0.159154937 */
#define F_LOG2E 0x3FB8AA3Bu     /* log2(e): 1.44269502 */
#define F_SINMIN 0x33800000u    /* 2^-24, the SIN/COS output floor (001:6535-6566) */

static int zero(uint32_t a) { return sf_cmp_eq(a, F_ZERO); }
static uint32_t fabs_(uint32_t a) { return a & 0x7FFFFFFFu; }
static uint32_t neg(uint32_t a) { return sf_is_nan(a) ? SF_QNAN : a ^ SF_SIGN; }

/* The integer v (-126..128) as a float, exactly. */
static uint32_t i2f(int v)
{
    if (v == 0)
        return 0;
    uint32_t s = v < 0, m = (uint32_t)(v < 0 ? -v : v), l = 0;
    while ((m >> (l + 1)) != 0)
        l++;
    return (s << 31) | ((127u + l) << 23) | ((m << (23 - l)) & 0x7FFFFFu);
}

/* x^n for x >= 0 with the seed's special cases in their order (001:6396-6430). */
static uint32_t pow_core(uint32_t x, uint32_t n)
{
    x = sf_ftz(x);
    n = sf_ftz(n);
    if (zero(x))
        return sf_cmp_lt(n, F_ZERO) ? SF_PINF : F_ZERO;
    if (zero(n))
        return F_ONE;
    if (x == SF_PINF)
        return sf_cmp_lt(n, F_ZERO) ? F_ZERO : SF_PINF;
    if (n == SF_NINF) {
        if (sf_cmp_lt(F_ONE, x))
            return F_ZERO;
        if (sf_cmp_lt(x, F_ONE))
            return SF_PINF;
    }
    if (n == SF_PINF) {
        if (sf_cmp_lt(F_ONE, x))
            return SF_PINF;
        if (sf_cmp_lt(x, F_ONE))
            return F_ZERO;
    }
    return sf_ex2(sf_mul(n, sf_lg2(x)));
}

/* ME_POWER_FUNC_FF: a negative base gives -(|a|^n). */
static uint32_t pow_ff(uint32_t a, uint32_t n)
{
    return sf_cmp_lt(a, F_ZERO) ? neg(pow_core(fabs_(a), n)) : pow_core(a, n);
}

static uint32_t floor_mag(uint32_t r)
{
    return fabs_(r) < F_SINMIN ? (r & SF_SIGN) | F_SINMIN : r;
}

unsigned pvs_math_op(unsigned op, const uint32_t a4[4], const uint32_t b4[4], const uint32_t c4[4],
                     uint32_t r[4], int *pset)
{
    uint32_t a = a4[3], b = b4[3], c = c4[3], t = 0, x;
    for (unsigned k = 0; k < 4; k++)
        r[k] = 0;
    switch (op) {
    case 1:                                                   /* ME_EXP_BASE2_DX */
        r[0] = sf_ex2(sf_flr(a));
        r[1] = sf_cmp_lt(F_128, a) ? F_ZERO : sf_frc(a);
        r[2] = sf_ex2(a);
        r[3] = F_ONE;
        return PVS_OK;
    case 2:                                                   /* ME_LOG_BASE2_DX */
        if (zero(a)) {
            r[0] = r[2] = F_NMAXF;
            r[1] = r[3] = F_ONE;
        } else {
            r[0] = i2f((int)((a >> 23) & 0xFFu) - 127);
            r[1] = (a & 0x7FFFFFu) | F_ONE;
            r[2] = sf_lg2(fabs_(a));
            r[3] = F_ONE;
        }
        return PVS_OK;
    case 4:                                                   /* ME_LIGHT_COEFF_DX */
        r[0] = F_ONE;
        r[1] = sf_max(b, F_ZERO);
        r[2] = sf_cmp_lt(F_ZERO, b) ? pow_core(sf_max(a, F_ZERO), sf_min(sf_max(c, F_N128), F_128)) : F_ZERO;
        r[3] = F_ONE;
        return PVS_OK;
    case 3: t = sf_ex2(sf_mul(c, F_LOG2E)); break;            /* ME_EXP_BASEE_FF (from C.W) */
    case 5: t = pow_ff(a, c); break;                          /* ME_POWER_FUNC_FF (power from C.W) */
    case 6: t = zero(a) ? SF_MAXF : sf_rcp(a); break;                  /* ME_RECIP_DX */
    case 7: t = zero(a) ? a & SF_SIGN : sf_rcp(a); break;               /* ME_RECIP_FF */
    case 8: t = zero(a) ? SF_MAXF : sf_rsq(fabs_(a)); break;            /* ME_RECIP_SQRT_DX */
    case 9: t = zero(a) ? F_ZERO : sf_rsq(fabs_(a)); break;             /* ME_RECIP_SQRT_FF */
    case 10: t = sf_mul(a, b); break;                                   /* ME_MULTIPLY */
    case 11: t = sf_ex2(c); break;                            /* ME_EXP_BASE2_FULL_DX (from C.W) */
    case 12: t = zero(a) ? F_NMAXF : sf_lg2(fabs_(a)); break;           /* ME_LOG_BASE2_FULL_DX */
    case 13: t = sf_cmp_lt(a, b) ? F_ZERO : pow_ff(a, c); break;        /* ME_POWER_FUNC_FF_CLAMP_B */
    case 14:                                                            /* ME_POWER_FUNC_FF_CLAMP_B1 */
        t = sf_cmp_lt(a, b) ? F_ZERO : sf_cmp_lt(F_ONE, a) ? F_ONE : pow_ff(a, c);
        break;
    case 15:                                                            /* ME_POWER_FUNC_FF_CLAMP_01 */
        t = sf_cmp_le(a, F_ZERO) ? F_ZERO : sf_cmp_lt(F_ONE, a) ? F_ONE : pow_ff(a, c);
        break;
    case 16:                                                            /* ME_SIN */
    case 17:                                                            /* ME_COS */
        x = sf_is_nan(a) || sf_cmp_lt(F_PI, a) ? F_PI : sf_cmp_lt(a, F_NPI) ? F_NPI : sf_ftz(a);
        if (op == 16)
            t = zero(x) || fabs_(x) == F_PI ? F_ZERO : floor_mag(sf_sin(sf_mul(x, F_INV2PI)));
        else
            t = floor_mag(sf_cos(sf_mul(x, F_INV2PI)));
        break;
    case 18: t = sf_lg2(fabs_(a)); break;                               /* ME_LOG_BASE2_IEEE */
    case 19: t = sf_rcp(a); break;                                      /* ME_RECIP_IEEE */
    case 20: t = sf_rsq(fabs_(a)); break;                               /* ME_RECIP_SQRT_IEEE */
    case 21: case 22: case 23: case 24: {                              /* ME_PRED_SET_EQ/GT/GTE/NEQ */
        int p = op == 21 ? sf_cmp_eq(a, F_ZERO) : op == 22 ? sf_cmp_lt(F_ZERO, a) :
                op == 23 ? sf_cmp_le(F_ZERO, a) : !sf_cmp_eq(a, F_ZERO);
        *pset = p;
        t = p ? F_ZERO : F_ONE;
        break;
    }
    case 25:                                                            /* ME_PRED_SET_CLR */
        *pset = 0;
        t = SF_MAXF;
        break;
    case 26:                                                            /* ME_PRED_SET_INV */
        *pset = sf_cmp_eq(a, F_ONE);
        t = *pset ? F_ZERO : sf_cmp_eq(a, F_ZERO) ? F_ONE : a;
        break;
    case 27:                                                            /* ME_PRED_SET_POP */
        x = sf_add(a, F_ONE | SF_SIGN);
        *pset = sf_cmp_lt(x, F_ZERO);
        t = *pset ? F_ZERO : x;
        break;
    case 28:                                                            /* ME_PRED_SET_RESTORE */
        *pset = sf_cmp_eq(a, F_ZERO);
        t = *pset ? F_ZERO : a;
        break;
    default:
        return PVS_ERR_RESERVED;                                        /* 0, 29-63 */
    }
    r[0] = r[1] = r[2] = r[3] = t;
    return PVS_OK;
}
