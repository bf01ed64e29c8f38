/*
 * test_sf_model.c - the shader float C twin (model/prim/sf*.c) against the rules of docs/float.md
 * on hand-computed bit patterns: flushing, round toward zero, signed zeros, 0*x mode, NaN
 * canonicalisation, min/max/compare with NaN and -0, floor/fraction, and the special values and
 * exact points of the transcendentals.  (C == RTL is tests/prim/sf/sf_rtl_test.cpp; the error
 * against libm is sf_ulp.c.)
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "sf.h"

#define NAN_ SF_QNAN
#define MAXF SF_MAXF

/* |a - b| in binary32 steps, both finite and of one sign */
static void assert_within1(uint32_t got, uint32_t want)
{
    uint32_t d = got > want ? got - want : want - got;
    if (d > 1)
        fail_msg("got %08x, want %08x within 1 ULP", (unsigned)got, (unsigned)want);
}

static void test_ftz(void **st)
{
    (void)st;
    assert_int_equal(sf_ftz(0x00000001), 0x00000000);
    assert_int_equal(sf_ftz(0x807FFFFF), 0x80000000);
    assert_int_equal(sf_ftz(0x00800000), 0x00800000);
    assert_int_equal(sf_ftz(0x7F800001), 0x7F800001); /* NaNs untouched by the flush itself */
}

static void test_add(void **st)
{
    (void)st;
    assert_int_equal(sf_add(0x3F800000, 0xBF800000), 0x00000000); /* x + (-x) = +0 */
    assert_int_equal(sf_add(0x80000000, 0x80000000), 0x80000000); /* -0 + -0 = -0 */
    assert_int_equal(sf_add(0x00000000, 0x80000000), 0x00000000);
    assert_int_equal(sf_add(0x3F800000, 0x33800000), 0x3F800000); /* 1 + 2^-24 truncates to 1 */
    assert_int_equal(sf_add(0x3F800000, 0x34400000), 0x3F800001); /* 1 + 1.5*2^-23 */
    assert_int_equal(sf_add(0xBF800000, 0xB4400000), 0xBF800001); /* toward zero, negative */
    assert_int_equal(sf_add(0x3F800000, 0xB3800000), 0x3F7FFFFF); /* 1 - 2^-24 exact */
    assert_int_equal(sf_add(0x3F800000, 0xB3000000), 0x3F7FFFFF); /* 1 - 2^-25 truncates down */
    assert_int_equal(sf_add(MAXF, MAXF), MAXF);                   /* RZ overflow: largest finite */
    assert_int_equal(sf_add(0xFF7FFFFF, 0xFF7FFFFF), 0xFF7FFFFF);
    assert_int_equal(sf_add(0x7F800000, 0xFF800000), NAN_);
    assert_int_equal(sf_add(0x7F800000, 0x7F800000), 0x7F800000);
    assert_int_equal(sf_add(0xFF800000, MAXF), 0xFF800000);
    assert_int_equal(sf_add(0xFFC00001, 0x3F800000), NAN_);        /* canonical NaN */
    assert_int_equal(sf_add(0x00000001, 0x00000000), 0x00000000);  /* denormal flushed */
    assert_int_equal(sf_add(0x80000001, 0x80000000), 0x80000000);
    assert_int_equal(sf_add(0x3F800000, 0x00400000), 0x3F800000);  /* x + denormal = x */
    assert_int_equal(sf_add(0x00C00000, 0x80800000), 0x00000000);  /* 2^-127 result flushed */
    assert_int_equal(sf_add(0x80C00000, 0x00800000), 0x80000000);  /* ... to the sign's zero */
    assert_int_equal(sf_add(0x40490FDB, 0x00000000), 0x40490FDB);  /* x + 0 = x */
    assert_int_equal(sf_add(0x80000000, 0x00000000), 0x00000000);
}

static void test_mul(void **st)
{
    (void)st;
    assert_int_equal(sf_mul(0x3FFFFFFF, 0x3FFFFFFF), 0x407FFFFE); /* (2-2^-23)^2 truncated */
    assert_int_equal(sf_mul(0x40490FDB, 0x3F800000), 0x40490FDB); /* x * 1 = x */
    assert_int_equal(sf_mul(0x00000000, 0x7F800000), NAN_);       /* IEEE 0 * Inf */
    assert_int_equal(sf_mul_z(0x00000000, 0x7F800000), 0x00000000);
    assert_int_equal(sf_mul_z(0x80000000, 0x7FC00000), 0x80000000); /* 0 * NaN = 0, sign XOR */
    assert_int_equal(sf_mul_z(0x00000001, 0xFF800000), 0x80000000); /* denormal counts as 0 */
    assert_int_equal(sf_mul_z(0x3F800000, 0x7F800000), 0x7F800000);
    assert_int_equal(sf_mul_z(0x3F800000, 0x7F800001), NAN_);
    assert_int_equal(sf_mul(MAXF, 0x40000000), MAXF);
    assert_int_equal(sf_mul(MAXF, 0xC0000000), 0xFF7FFFFF);
    assert_int_equal(sf_mul(0x1F800000, 0x1F800000), 0x00000000); /* 2^-128 flushed */
    assert_int_equal(sf_mul(0x9F800000, 0x1F800000), 0x80000000);
    assert_int_equal(sf_mul(0x00800000, 0x3F800000), 0x00800000); /* 2^-126 * 1 stays */
    assert_int_equal(sf_mul(0x80000000, 0x3F800000), 0x80000000);
    assert_int_equal(sf_mul_m(0, 0xFF800000, true), 0x80000000);
}

static void test_mad_dp(void **st)
{
    const uint32_t a4[4] = {0x3F800000, 0x40000000, 0x40400000, 0x40800000}; /* 1 2 3 4 */
    const uint32_t one4[4] = {0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000};
    const uint32_t za[3] = {0x00000000, 0x3F800000, 0x3F800000};
    const uint32_t zb[3] = {0x7F800000, 0x40000000, 0x40400000};
    const uint32_t m0[4] = {0x80000000, 0x80000000, 0x80000000, 0x00000000};
    (void)st;
    assert_int_equal(sf_mad(0x40000000, 0x40400000, 0xC0C00000), 0x00000000); /* 2*3-6 = +0 */
    assert_int_equal(sf_mad_z(0x00000000, 0x7F800000, 0x40A00000), 0x40A00000);
    assert_int_equal(sf_mad(0x00000000, 0x7F800000, 0x40A00000), NAN_);
    /* two roundings: (1+2^-23)^2 - 1 = 2^-22 (the 2^-46 term truncated away) */
    assert_int_equal(sf_mad(0x3F800001, 0x3F800001, 0xBF800000), 0x34800000);
    assert_int_equal(sf_dp4(a4, one4), 0x41200000); /* 10 */
    assert_int_equal(sf_dp3(a4, one4), 0x40C00000); /* 6 */
    assert_int_equal(sf_dp3_z(za, zb), 0x40A00000); /* 0*Inf + 2 + 3 */
    assert_int_equal(sf_dp3(za, zb), NAN_);
    /* DP3 is not DP4 with a zero w: the zero's sign */
    assert_int_equal(sf_dp3(m0, one4), 0x80000000);
    assert_int_equal(sf_dp4(m0, one4), 0x00000000);
}

static void test_minmax_cmp(void **st)
{
    (void)st;
    assert_int_equal(sf_min(0x7FC00000, 0x3F800000), 0x3F800000);
    assert_int_equal(sf_max(0x3F800000, 0xFFC00000), 0x3F800000);
    assert_int_equal(sf_min(0x7F800001, 0x7FC00000), NAN_);
    assert_int_equal(sf_min(0x80000000, 0x00000000), 0x80000000); /* equal: a */
    assert_int_equal(sf_min(0x00000000, 0x80000000), 0x00000000);
    assert_int_equal(sf_max(0x80000000, 0x00000000), 0x80000000);
    assert_int_equal(sf_min(0xBF800000, 0x00000001), 0xBF800000);
    assert_int_equal(sf_max(0xBF800000, 0x00000001), 0x00000000); /* flushed operand returned */
    assert_int_equal(sf_max(0xFF800000, 0xFF7FFFFF), 0xFF7FFFFF);
    assert_int_equal(sf_min(0x7FC00000, 0x80000005), 0x80000000);
    assert_false(sf_cmp_lt(0x80000000, 0x00000000));
    assert_true(sf_cmp_le(0x80000000, 0x00000000));
    assert_true(sf_cmp_eq(0x80000000, 0x00000000));
    assert_true(sf_cmp_eq(0x00000001, 0x80000000)); /* denormal == -0 */
    assert_false(sf_cmp_eq(0x7FC00000, 0x7FC00000));
    assert_false(sf_cmp_lt(0x3F800000, 0x7FC00000));
    assert_false(sf_cmp_le(0x7FC00000, 0x3F800000));
    assert_true(sf_cmp_lt(0xFF800000, 0xFF7FFFFF));
    assert_true(sf_cmp_lt(0xBF800000, 0x80000000));
    assert_true(sf_cmp_lt(0x7F7FFFFF, 0x7F800000));
}

static void test_flr_frc(void **st)
{
    (void)st;
    assert_int_equal(sf_flr(0x40200000), 0x40000000); /* 2.5 -> 2 */
    assert_int_equal(sf_flr(0xC0200000), 0xC0400000); /* -2.5 -> -3 */
    assert_int_equal(sf_flr(0xBF000000), 0xBF800000); /* -0.5 -> -1 */
    assert_int_equal(sf_flr(0x3F000000), 0x00000000); /* 0.5 -> +0 */
    assert_int_equal(sf_flr(0x80000000), 0x80000000);
    assert_int_equal(sf_flr(0xBF800000), 0xBF800000);
    assert_int_equal(sf_flr(0x4AFFFFFF), 0x4AFFFFFE); /* 8388607.5 */
    assert_int_equal(sf_flr(0xCAFFFFFF), 0xCB000000); /* -8388607.5 -> -2^23: carry */
    assert_int_equal(sf_flr(0xFF800000), 0xFF800000);
    assert_int_equal(sf_flr(0x7FA00000), NAN_);
    assert_int_equal(sf_flr(0x80000001), 0x80000000); /* denormal flushed first */
    assert_int_equal(sf_frc(0x40200000), 0x3F000000); /* 2.5 -> 0.5 */
    assert_int_equal(sf_frc(0xC0200000), 0x3F000000); /* -2.5 -> 0.5 */
    assert_int_equal(sf_frc(0xBF400000), 0x3E800000); /* -0.75 -> 0.25 */
    assert_int_equal(sf_frc(0xB0800000), 0x3F7FFFFF); /* -2^-30 -> just below 1 (RZ) */
    assert_int_equal(sf_frc(0x80000000), 0x00000000);
    assert_int_equal(sf_frc(0x40400000), 0x00000000);
    assert_int_equal(sf_frc(0x7F800000), NAN_);
}

static void test_rcp_rsq_sqrt(void **st)
{
    (void)st;
    assert_int_equal(sf_rcp(0x40000000), 0x3F000000);
    assert_int_equal(sf_rcp(0x40400000), 0x3EAAAAAA); /* 1/3 truncated (RN would be ...AB) */
    assert_int_equal(sf_rcp(0xC0400000), 0xBEAAAAAA);
    assert_int_equal(sf_rcp(0x80000000), 0xFF800000);
    assert_int_equal(sf_rcp(0x00000001), 0x7F800000); /* denormal = +0 */
    assert_int_equal(sf_rcp(0x7F800000), 0x00000000);
    assert_int_equal(sf_rcp(0xFF800000), 0x80000000);
    assert_int_equal(sf_rcp(0x7E800000), 0x00800000); /* 2^126 -> 2^-126 */
    assert_int_equal(sf_rcp(0x7F000000), 0x00000000); /* 2^-127 flushed */
    assert_int_equal(sf_rcp(0xFEC00000), 0x80000000);
    assert_int_equal(sf_rcp(0x00800000), 0x7E800000);
    assert_int_equal(sf_rcp(0x7FC00000), NAN_);
    assert_int_equal(sf_rsq(0x40800000), 0x3F000000); /* 4 -> 0.5 */
    assert_int_equal(sf_rsq(0x3F800000), 0x3F800000);
    assert_int_equal(sf_rsq(0x40000000), 0x3F3504F3); /* 1/sqrt 2 truncated */
    assert_int_equal(sf_rsq(0x80000000), 0xFF800000);
    assert_int_equal(sf_rsq(0x00000000), 0x7F800000);
    assert_int_equal(sf_rsq(0xBF800000), NAN_);
    assert_int_equal(sf_rsq(0xFF800000), NAN_);
    assert_int_equal(sf_rsq(0x7F800000), 0x00000000);
    assert_int_equal(sf_rsq(0x00800000), 0x5F000000); /* 2^-126 -> 2^63 */
    assert_int_equal(sf_rsq(0x7F7FFFFF), 0x1F800000);
    assert_int_equal(sf_sqrt(0x40800000), 0x40000000); /* 4 -> 2 */
    assert_int_equal(sf_sqrt(0x3F800000), 0x3F800000);
    assert_int_equal(sf_sqrt(0x3E800000), 0x3F000000); /* 0.25 -> 0.5 */
    assert_int_equal(sf_sqrt(0x40000000), 0x3FB504F3); /* sqrt 2 truncated */
    assert_int_equal(sf_sqrt(0x40400000), 0x3FDDB3D7); /* sqrt 3 truncated (RN is ...D7 too) */
    assert_int_equal(sf_sqrt(0x00800000), 0x20000000); /* 2^-126 -> 2^-63 */
    assert_int_equal(sf_sqrt(0x00800001), 0x20000000); /* just above: truncated to 2^-63 */
    assert_int_equal(sf_sqrt(0x7F7FFFFF), 0x5F7FFFFF); /* max float -> just below 2^64 */
    assert_int_equal(sf_sqrt(0x00000000), 0x00000000);
    assert_int_equal(sf_sqrt(0x80000000), 0x80000000); /* sqrt(-0) = -0 */
    assert_int_equal(sf_sqrt(0x807FFFFF), 0x80000000); /* negative denormal = -0 */
    assert_int_equal(sf_sqrt(0x00000001), 0x00000000);
    assert_int_equal(sf_sqrt(0x7F800000), 0x7F800000);
    assert_int_equal(sf_sqrt(0xFF800000), NAN_);
    assert_int_equal(sf_sqrt(0xBF800000), NAN_);
    assert_int_equal(sf_sqrt(0x7F800001), NAN_);
}

static void test_ex2_lg2(void **st)
{
    (void)st;
    assert_int_equal(sf_ex2(0x00000000), 0x3F800000);
    assert_int_equal(sf_ex2(0x80000001), 0x3F800000);
    assert_int_equal(sf_ex2(0x3F800000), 0x40000000);
    assert_int_equal(sf_ex2(0xBF800000), 0x3F000000);
    assert_int_equal(sf_ex2(0x41200000), 0x44800000); /* 2^10 */
    assert_int_equal(sf_ex2(0x42FE0000), 0x7F000000); /* 2^127 */
    assert_int_equal(sf_ex2(0x43000000), 0x7F800000); /* 128 -> +Inf */
    assert_int_equal(sf_ex2(0xC2FC0000), 0x00800000); /* 2^-126 */
    assert_int_equal(sf_ex2(0xC2FE0000), 0x00000000); /* 2^-127 flushed */
    assert_int_equal(sf_ex2(0xFF800000), 0x00000000);
    assert_int_equal(sf_ex2(0x7F800000), 0x7F800000);
    assert_int_equal(sf_ex2(0xFFC00000), NAN_);
    assert_within1(sf_ex2(0x3F000000), 0x3FB504F3);   /* sqrt 2 */
    assert_int_equal(sf_lg2(0x3F800000), 0x00000000);
    assert_int_equal(sf_lg2(0x40000000), 0x3F800000);
    assert_int_equal(sf_lg2(0x3F000000), 0xBF800000);
    assert_int_equal(sf_lg2(0x41000000), 0x40400000); /* 3 */
    assert_int_equal(sf_lg2(0x00800000), 0xC2FC0000); /* -126 */
    assert_int_equal(sf_lg2(0x00000000), 0xFF800000);
    assert_int_equal(sf_lg2(0x80000000), 0xFF800000);
    assert_int_equal(sf_lg2(0x00000010), 0xFF800000); /* denormal = 0 */
    assert_int_equal(sf_lg2(0xBF800000), NAN_);
    assert_int_equal(sf_lg2(0x7F800000), 0x7F800000);
    assert_int_equal(sf_lg2(MAXF), 0x43000000);       /* 128 - 8.6e-8 rounds to 128 */
    assert_within1(sf_lg2(0x40400000), 0x3FCAE00D);   /* log2 3 = 1.5849625 */
}

static void test_sin_cos(void **st)
{
    (void)st;
    assert_int_equal(sf_sin(0x3E800000), 0x3F800000); /* sin(1/4 turn) = 1 */
    assert_int_equal(sf_sin(0xBE800000), 0xBF800000);
    assert_int_equal(sf_sin(0x3F400000), 0xBF800000); /* 3/4 */
    assert_int_equal(sf_sin(0x3F000000), 0x00000000); /* 1/2: +0 */
    assert_int_equal(sf_sin(0xBF000000), 0x00000000);
    assert_int_equal(sf_sin(0x3F800000), 0x00000000);
    assert_int_equal(sf_sin(0x80000000), 0x80000000); /* sin(-0) = -0 */
    assert_int_equal(sf_sin(0x4B000000), 0x00000000); /* 2^23: an integer */
    assert_int_equal(sf_sin(0x7F800000), NAN_);
    assert_within1(sf_sin(0x3E000000), 0x3F3504F3);   /* sin(pi/4) */
    assert_within1(sf_sin(0x35800000), 0x36C90FDB);   /* 2^-20 turn -> 2 pi 2^-20 */
    assert_within1(sf_sin(0xB5800000), 0xB6C90FDB);
    assert_within1(sf_sin(0x0C000000), 0x0D490FDB);   /* tiny: 2 pi x */
    assert_int_equal(sf_cos(0x00000000), 0x3F800000);
    assert_int_equal(sf_cos(0x3E800000), 0x00000000); /* cos(1/4) = +0 */
    assert_int_equal(sf_cos(0x3F000000), 0xBF800000);
    assert_int_equal(sf_cos(0xBF000000), 0xBF800000);
    assert_int_equal(sf_cos(0x3F800000), 0x3F800000);
    assert_int_equal(sf_cos(0x3F400000), 0x00000000);
    assert_int_equal(sf_cos(0x4B000001), 0x3F800000);
    assert_int_equal(sf_cos(0xFF800000), NAN_);
    assert_within1(sf_cos(0x3E000000), 0x3F3504F3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ftz),        cmocka_unit_test(test_add),
        cmocka_unit_test(test_mul),        cmocka_unit_test(test_mad_dp),
        cmocka_unit_test(test_minmax_cmp), cmocka_unit_test(test_flr_frc),
        cmocka_unit_test(test_rcp_rsq_sqrt), cmocka_unit_test(test_ex2_lg2),
        cmocka_unit_test(test_sin_cos),
    };
    return cmocka_run_group_tests_name("sf_model", tests, NULL, NULL);
}
