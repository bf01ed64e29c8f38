/*
 * test_vap_convert.c - the number conversions of r5xx.vap (model/r5xx/vap/vap_convert.c) against
 * hand-computed binary32 patterns and the seed facts of spec §4 fact 30: BYTE 0xFF unsigned
 * normalised is 1.0, D3DCOLOR 0x11223344 is (0x22, 0x33, 0x44, 0x11), FLT16 0x3C00 is 1.0,
 * VECTOR_3_TTT has W = 1.0, method 1 maps -128 to -1.0; and the block's decisions
 * (docs/blocks/r5xx.vap.md): NO_ZERO over 2^n - 1, one RNE rounding, halves exact, the viewport
 * operations IEEE with canonical NaN.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "vap_convert.h"

static void test_rne_div(void **st)
{
    (void)st;
    assert_int_equal(vap_rne_div(1, 255), 0x3B808081);       /* 1/255 */
    assert_int_equal(vap_rne_div(127, 255), 0x3EFEFEFF);
    assert_int_equal(vap_rne_div(255, 255), 0x3F800000);
    assert_int_equal(vap_rne_div(-32768, 32767), 0xBF800100);
    assert_int_equal(vap_rne_div(1, 3), 0x3EAAAAAB);         /* rounds down */
    assert_int_equal(vap_rne_div(2, 3), 0x3F2AAAAB);         /* rounds up */
    assert_int_equal(vap_rne_div(-65535, 1), 0xC77FFF00);
    assert_int_equal(vap_rne_div(0, 7), 0x00000000);         /* +0 */
}

static void test_fix_fact30(void **st)
{
    (void)st;
    assert_int_equal(vap_fix(0xFF, 8, 0, 1, 0), 0x3F800000);     /* BYTE 0xFF unsigned normalised */
    assert_int_equal(vap_fix(0x80, 8, 1, 1, 1), 0xBF800000);     /* method 1: -128 -> -1.0 */
    assert_int_equal(vap_fix(0x81, 8, 1, 1, 1), 0xBF800000);     /* -127/127 */
    assert_int_equal(vap_fix(0x7F, 8, 1, 1, 1), 0x3F800000);
}

static void test_fix_methods(void **st)
{
    (void)st;
    assert_int_equal(vap_fix(0x80, 8, 1, 1, 0), 0xBF810204);     /* method 0: -128/127 < -1.0 */
    assert_int_equal(vap_fix(0x80, 8, 1, 1, 3), 0xBF810204);     /* method 3 acts as 0 */
    assert_int_equal(vap_fix(0x80, 8, 1, 1, 2), 0xBF800000);     /* NO_ZERO: -255/255 */
    assert_int_equal(vap_fix(0x7F, 8, 1, 1, 2), 0x3F800000);     /* 255/255 */
    assert_int_equal(vap_fix(0x00, 8, 1, 1, 2), 0x3B808081);     /* 1/255, not 1/256 */
    assert_int_equal(vap_fix(0x400, 11, 1, 1, 0), 0xBF802008);   /* -1024/1023 */
    assert_int_equal(vap_fix(0x3FF, 10, 0, 1, 0), 0x3F800000);   /* 1023/1023 */
    assert_int_equal(vap_fix(0x8000, 16, 1, 0, 0), 0xC7000000);  /* raw signed -32768 */
    assert_int_equal(vap_fix(0xFFFF, 16, 0, 0, 0), 0x477FFF00);  /* raw unsigned 65535 */
    assert_int_equal(vap_fix(0x0000, 16, 1, 1, 0), 0x00000000);
}

static void test_half(void **st)
{
    (void)st;
    assert_int_equal(vap_half(0x3C00), 0x3F800000);   /* fact 30 */
    assert_int_equal(vap_half(0x0001), 0x33800000);   /* smallest denormal 2^-24 */
    assert_int_equal(vap_half(0x03FF), 0x387FC000);   /* largest denormal */
    assert_int_equal(vap_half(0x0400), 0x38800000);   /* smallest normal 2^-14 */
    assert_int_equal(vap_half(0x7BFF), 0x477FE000);   /* 65504 */
    assert_int_equal(vap_half(0x8000), 0x80000000);
    assert_int_equal(vap_half(0xFC00), 0xFF800000);
    assert_int_equal(vap_half(0x7E00), 0x7FC00000);
    assert_int_equal(vap_half(0x7C01), 0x7F802000);   /* payload kept, not quieted */
}

static void test_elements(void **st)
{
    (void)st;
    uint32_t d[8] = { 0x11223344 }, o[8];
    assert_int_equal(vap_element(5, 0, d, o), 1);          /* D3DCOLOR raw: 34, 51, 68, 17 */
    assert_int_equal(o[0], 0x42080000);
    assert_int_equal(o[1], 0x424C0000);
    assert_int_equal(o[2], 0x42880000);
    assert_int_equal(o[3], 0x41880000);
    d[0] = 0x3FFFFFFF;
    assert_int_equal(vap_element(8 | 1u << 15, 0, d, o), 1);   /* VECTOR_3_TTT normalised: W = 1.0 */
    assert_int_equal(o[0], 0x3F800000);
    assert_int_equal(o[3], 0x3F800000);
    d[0] = 0x00020001;
    vap_element(6, 0, d, o);                                /* SHORT_2: (1, 2, 0.0, 1.0) */
    assert_int_equal(o[0], 0x3F800000);
    assert_int_equal(o[1], 0x40000000);
    assert_int_equal(o[2], 0);
    assert_int_equal(o[3], 0x3F800000);
    d[0] = 0xC0000000;
    vap_element(0, 0, d, o);                                /* FLOAT_1: (x, 0.0, 0.0, 1.0) */
    assert_int_equal(o[0], 0xC0000000);
    assert_int_equal(o[1], 0);
    assert_int_equal(o[3], 0x3F800000);
    for (unsigned i = 0; i < 8; i++)
        d[i] = 0x7F800001 + i;                              /* FLOAT_8: bits copied, NaNs kept */
    assert_int_equal(vap_element(10, 0, d, o), 2);
    assert_int_equal(o[0], 0x7F800001);
    assert_int_equal(o[7], 0x7F800008);
    assert_int_equal(vap_element(13, 0, d, o), 0);          /* reserved: nothing */
    assert_int_equal(vap_type_dwords(10), 8);
    assert_int_equal(vap_type_dwords(7), 2);
    assert_int_equal(vap_type_dwords(15), 1);
}

static void test_swizzle_swap(void **st)
{
    (void)st;
    uint32_t v[4] = { 1, 2, 3, 4 }, o[4];
    vap_swizzle(3 | 4 << 3 | 5 << 6 | 6 << 9, v, o);
    assert_int_equal(o[0], 4);
    assert_int_equal(o[1], 0);
    assert_int_equal(o[2], 0x3F800000);
    assert_int_equal(o[3], 0);
    assert_int_equal(vap_swap(0xAABBCCDD, 0), 0xAABBCCDD);   /* 000:13539-13548 */
    assert_int_equal(vap_swap(0xAABBCCDD, 1), 0xBBAADDCC);
    assert_int_equal(vap_swap(0xAABBCCDD, 2), 0xDDCCBBAA);
    assert_int_equal(vap_swap(0xAABBCCDD, 3), 0xCCDDAABB);
}

static void test_fmul_fadd(void **st)
{
    (void)st;
    assert_int_equal(vap_fmul(0x43A00000, 0x3F000000), 0x43200000);   /* 320 * 0.5 */
    assert_int_equal(vap_fmul(0x7F800000, 0x00000000), 0x7FC00000);   /* inf * 0 */
    assert_int_equal(vap_fmul(0xFFC00001, 0x3F800000), 0x7FC00000);   /* NaN canonical */
    assert_int_equal(vap_fmul(0x7F7FFFFF, 0x40000000), 0x7F800000);   /* overflow */
    assert_int_equal(vap_fmul(0x00000001, 0x3F000000), 0x00000000);   /* 2^-150: tie to even 0 */
    assert_int_equal(vap_fmul(0x00000003, 0x3F000000), 0x00000002);   /* 1.5 ulp: tie to even 2 */
    assert_int_equal(vap_fmul(0x80000000, 0x3F800000), 0x80000000);   /* -0 */
    assert_int_equal(vap_fadd(0x3F800000, 0xBF800000), 0x00000000);   /* x + (-x) = +0 */
    assert_int_equal(vap_fadd(0x80000000, 0x80000000), 0x80000000);   /* (-0) + (-0) */
    assert_int_equal(vap_fadd(0x7F800000, 0xFF800000), 0x7FC00000);   /* inf - inf */
    assert_int_equal(vap_fadd(0x3F800000, 0x33800000), 0x3F800000);   /* 1 + 2^-24: tie, even */
    assert_int_equal(vap_fadd(0x3F800000, 0x33800001), 0x3F800001);
    assert_int_equal(vap_fadd(0x00800000, 0x80000001), 0x007FFFFF);   /* a denormal result kept */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rne_div), cmocka_unit_test(test_fix_fact30), cmocka_unit_test(test_fix_methods),
        cmocka_unit_test(test_half), cmocka_unit_test(test_elements), cmocka_unit_test(test_swizzle_swap),
        cmocka_unit_test(test_fmul_fadd),
    };
    return cmocka_run_group_tests_name("vap_convert", tests, NULL, NULL);
}
