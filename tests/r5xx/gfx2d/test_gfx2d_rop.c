/*
 * test_gfx2d_rop.c - the R5xx 2D engine's ROP3 (model/r5xx/gfx2d/gfx2d_math.h) against the
 * truth-table definition (result bit = bit ((P << 2) | (S << 1) | D) of the code, the Microsoft
 * ROP3 definition the seeds refer to, spec extract §2.3): all 256 codes x all 8 input
 * combinations, bit-parallel over 32 bits; the named codes; which codes read S and D; and the
 * other decoders of docs/blocks/r5xx.gfx2d.md (signed coordinates, bpp, brush sizes, PITCH_OFFSET).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "gfx2d_math.h"

static void test_truth_table(void **state)
{
    (void)state;
    for (unsigned rop = 0; rop < 256; rop++)
        for (unsigned c = 0; c < 8; c++) {
            uint32_t p = (c & 4) ? 0xFFFFFFFFu : 0, s = (c & 2) ? 0xFFFFFFFFu : 0, d = (c & 1) ? 0xFFFFFFFFu : 0;
            uint32_t want = (rop >> c & 1) ? 0xFFFFFFFFu : 0;
            assert_int_equal(gfx2d_rop3(rop, p, s, d), want);
            /* one bit lane at a time, with the other lanes holding the other combinations */
            for (unsigned lane = 0; lane < 32; lane += 7) {
                uint32_t pl = ((c >> 2 & 1) << lane) | (0x5A5A5A5Au & ~(1u << lane));
                uint32_t sl = ((c >> 1 & 1) << lane) | (0x3C3C3C3Cu & ~(1u << lane));
                uint32_t dl = ((c & 1) << lane) | (0x0FF00FF0u & ~(1u << lane));
                assert_int_equal(gfx2d_rop3(rop, pl, sl, dl) >> lane & 1, rop >> c & 1);
            }
        }
}

static void test_identity(void **state)
{
    (void)state;
    /* P = 0xF0, S = 0xCC, D = 0xAA make the result the code itself, for every code */
    for (unsigned rop = 0; rop < 256; rop++)
        assert_int_equal(gfx2d_rop3(rop, 0xF0F0F0F0u, 0xCCCCCCCCu, 0xAAAAAAAAu), rop * 0x01010101u);
}

static void test_named(void **state)
{
    (void)state;
    uint32_t p = 0x12345678u, s = 0x9ABCDEF0u, d = 0x0F1E2D3Cu;
    assert_int_equal(gfx2d_rop3(0x00, p, s, d), 0);          /* BLACKNESS */
    assert_int_equal(gfx2d_rop3(0xFF, p, s, d), 0xFFFFFFFFu); /* WHITENESS */
    assert_int_equal(gfx2d_rop3(0xCC, p, s, d), s);          /* SRCCOPY */
    assert_int_equal(gfx2d_rop3(0xF0, p, s, d), p);          /* PATCOPY */
    assert_int_equal(gfx2d_rop3(0xAA, p, s, d), d);          /* D */
    assert_int_equal(gfx2d_rop3(0x55, p, s, d), ~d);         /* DSTINVERT */
    assert_int_equal(gfx2d_rop3(0x66, p, s, d), s ^ d);      /* SRCINVERT */
    assert_int_equal(gfx2d_rop3(0x5A, p, s, d), p ^ d);      /* PATINVERT */
    assert_int_equal(gfx2d_rop3(0x88, p, s, d), s & d);      /* SRCAND */
    assert_int_equal(gfx2d_rop3(0xEE, p, s, d), s | d);      /* SRCPAINT */
    assert_int_equal(gfx2d_rop3(0x33, p, s, d), ~s);         /* NOTSRCCOPY */
    assert_int_equal(gfx2d_rop3(0xC0, p, s, d), p & s);      /* MERGECOPY */
    assert_int_equal(gfx2d_rop3(0xB8, p, s, d), (p & ~s) | (s & d)); /* PSDPxax */
}

static void test_uses(void **state)
{
    (void)state;
    /* uses_s / uses_d are exactly "the result depends on S / D" */
    for (unsigned rop = 0; rop < 256; rop++) {
        int ds = 0, dd = 0;
        for (unsigned c = 0; c < 8; c++) {
            ds |= (rop >> c & 1) != (rop >> (c ^ 2) & 1);
            dd |= (rop >> c & 1) != (rop >> (c ^ 1) & 1);
        }
        assert_int_equal(gfx2d_rop_uses_s(rop), ds);
        assert_int_equal(gfx2d_rop_uses_d(rop), dd);
    }
}

static void test_decoders(void **state)
{
    (void)state;
    assert_int_equal(gfx2d_sx14(0x1FFF), 8191);
    assert_int_equal(gfx2d_sx14(0x2000), -8192);
    assert_int_equal(gfx2d_sx14(0xFFFF), -1);
    assert_int_equal(gfx2d_sx14(0xFFF6), -10);
    assert_int_equal(gfx2d_bpp_log2(7), 0);   /* RGB332 */
    assert_int_equal(gfx2d_bpp_log2(2), 0);
    assert_int_equal(gfx2d_bpp_log2(3), 1);   /* ARGB1555 */
    assert_int_equal(gfx2d_bpp_log2(4), 1);   /* RGB565 */
    assert_int_equal(gfx2d_bpp_log2(15), 1);  /* ARGB4444 */
    assert_int_equal(gfx2d_bpp_log2(6), 2);   /* ARGB8888 */
    assert_int_equal(gfx2d_brush_dwords(0, 2), 4);
    assert_int_equal(gfx2d_brush_dwords(1, 2), 3);
    assert_int_equal(gfx2d_brush_dwords(6, 2), 3);
    assert_int_equal(gfx2d_brush_dwords(7, 2), 2);
    assert_int_equal(gfx2d_brush_dwords(10, 0), 16);
    assert_int_equal(gfx2d_brush_dwords(10, 1), 32);
    assert_int_equal(gfx2d_brush_dwords(10, 2), 64);
    assert_int_equal(gfx2d_brush_dwords(13, 2), 1);
    assert_int_equal(gfx2d_brush_dwords(14, 2), 1);
    assert_int_equal(gfx2d_brush_dwords(15, 2), 0);
    r5xx_surface s = gfx2d_surface(0xC0000000u | 16u << 22 | 0x400, 2);
    assert_int_equal(s.base, 0x00100000);
    assert_int_equal(s.pitch, 256);
    assert_int_equal(s.micro, 1);
    assert_int_equal(s.macro, 1);
    s = gfx2d_surface(16u << 22, 1);
    assert_int_equal(s.pitch, 512);
    /* brush colours are already pixels of the destination type (D13, the drivers' reading):
     * unchanged for every type; the callers mask them to the pixel size */
    assert_int_equal(gfx2d_colour(0x0000F800u, 4), 0xF800);     /* RGB565 red, as X writes it */
    assert_int_equal(gfx2d_colour(0x00007C00u, 3), 0x7C00);     /* ARGB1555 red */
    assert_int_equal(gfx2d_colour(0x80FF8040u, 15), 0x80FF8040);
    assert_int_equal(gfx2d_colour(0x000000E0u, 7), 0xE0);       /* RGB332 red */
    assert_int_equal(gfx2d_colour(0x12345678u, 6), 0x12345678); /* ARGB8888 */
    assert_int_equal(gfx2d_colour(0x12345678u, 2), 0x12345678); /* 8 bpp index: low bits */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_truth_table), cmocka_unit_test(test_identity), cmocka_unit_test(test_named),
        cmocka_unit_test(test_uses), cmocka_unit_test(test_decoders),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
