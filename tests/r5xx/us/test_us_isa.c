/*
 * test_us_isa.c - the pure pieces of the r5xx.us model against the seed and the block's doc:
 * the 7-bit inline float (000:12160-12169, decision 5) for all 128 codes against an independent
 * ldexp computation, the GA_US_VECTOR_INDEX/DATA loader (dword order of r5xx-shaders.md §2.2,
 * index wrap, constant CLAMP, the write count), the program window, the ALU on one literal
 * xf86-video-ati instruction, and the disassembly of the literal Xv bicubic LRP instruction.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "us_isa.h"

uint32_t us_inline_float(unsigned c);

static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void test_inline_float(void **state)
{
    (void)state;
    for (unsigned c = 0; c < 128; c++) {
        unsigned e = c >> 3, m = c & 7;
        double v = e ? ldexp(1.0 + m / 8.0, (int)e - 7) : ldexp((double)m, -9);
        assert_int_equal(us_inline_float(c), bits_of((float)v));
    }
    assert_int_equal(us_inline_float(0x38), 0x3F800000u);        /* 1.0 */
    assert_int_equal(us_inline_float(0x01), 0x3B000000u);        /* 2^-9, the smallest */
}

static void test_loader(void **state)
{
    (void)state;
    us_regs *r = calloc(1, sizeof *r);
    assert_non_null(r);
    us_regs_write(r, US_GA_VECTOR_INDEX, 511);
    for (uint32_t k = 0; k < 12; k++)
        us_regs_write(r, US_GA_VECTOR_DATA, 0x100 + k);
    for (unsigned k = 0; k < 6; k++) {
        assert_int_equal(r->inst[511][k], 0x100 + k);           /* CMN first ... RGBA_INST last */
        assert_int_equal(r->inst[0][k], 0x106 + k);             /* INDEX wraps 511 -> 0 */
    }
    us_regs_write(r, US_GA_VECTOR_INDEX, 0x30000 | 255);         /* constants, CLAMP */
    const uint32_t in[8] = { 0x3F800001u, 0xBF800001u, 0x7FC00000u, 0xFF800000u,
                             0x3F7FFFFFu, 0x00000001u, 0x80000000u, 0xC2000000u };
    const uint32_t want[8] = { 0x3F800000u, 0xBF800000u, 0x3F800000u, 0xBF800000u,
                               0x3F7FFFFFu, 0x00000001u, 0x80000000u, 0xBF800000u };
    for (unsigned k = 0; k < 8; k++)
        us_regs_write(r, US_GA_VECTOR_DATA, in[k]);
    for (unsigned k = 0; k < 4; k++) {
        assert_int_equal(r->cst[255][k], want[k]);
        assert_int_equal(r->cst[0][k], want[4 + k]);            /* constant index wraps mod 256 */
    }
    assert_int_equal(r->wcount, 2 + 12 + 8);
    us_regs_write(r, US_CODE_OFFSET, 500);
    us_regs_write(r, US_CODE_ADDR, 3 | 20u << 16);
    assert_int_equal(us_start_pc(r), 503);
    assert_int_equal(us_end_pc(r), 8);                          /* (500 + 20) mod 512 */
    free(r);
}

/* EXA Composite's OUT (r5xx-shaders §3.3 a): rgb = r0.rgb * 1 + 0, a = r0.a * 1 + 0, clamped. */
static void test_composite_out(void **state)
{
    (void)state;
    us_regs *r = calloc(1, sizeof *r);
    us_quad *q = calloc(1, sizeof *q);
    assert_non_null(r);
    assert_non_null(q);
    const uint32_t w[6] = { 0x001F8105, 0x00000400, 0x00000400, 0x00DB2220, 0x00C8C000, 0x20490000 };
    memcpy(r->inst[1], w, sizeof w);
    r->config = 2;
    us_quad_start(q, 15);
    const uint32_t v[4] = { 0x3E800000u, 0x3FC00000u, 0xBF000000u, 0x3F000000u };   /* .25 1.5 -.5 .5 */
    for (unsigned p = 0; p < 4; p++)
        memcpy(q->t[0][p], v, sizeof v);
    us_exec_alu(r, 1, q);
    for (unsigned p = 0; p < 4; p++) {
        assert_int_equal(q->out[0][p][0], 0x3E800000u);
        assert_int_equal(q->out[0][p][1], 0x3F800000u);          /* clamped to 1 */
        assert_int_equal(q->out[0][p][2], 0x00000000u);          /* clamped to +0 */
        assert_int_equal(q->out[0][p][3], 0x3F000000u);
    }
    assert_int_equal(q->omask[0], 0xFFFF);
    assert_int_equal(q->tw, 1);
    assert_int_equal(q->opc[0], 1);
    free(q);
    free(r);
}

/* Decision 22: in partial flow control (FULL_FC_EN 0) INCR saturates the branch counter at 3, with
 * FULL_FC_EN at 255; decisions 26, 27: US_PIXSIZE and US_CODE_RANGE change neither the window nor a
 * jump. An inactive pixel 0 takes six INCR JUMPs that do not jump (JUMP_FUNC 0). */
static void test_fc_depth(void **state)
{
    (void)state;
    us_regs *r = calloc(1, sizeof *r);
    us_quad *q = calloc(1, sizeof *q);
    assert_non_null(r);
    assert_non_null(q);
    const uint32_t w[6] = { US_T_FC, 0, 2u << 24, 7u << 16, 0, 0 };   /* JUMP, B_OP0 INCR, to 7 */
    memcpy(r->inst[5], w, sizeof w);
    for (unsigned full = 0; full < 2; full++) {
        us_regs_write(r, US_FC_CTRL, full << 31);
        us_quad_start(q, 15);
        q->act = 14;
        for (unsigned k = 0; k < 6; k++)
            assert_int_equal(us_exec_fc(r, 5, q), 6);
        assert_int_equal(q->cnt[0], full ? 6 : 3);
        assert_int_equal(q->act, 14);
    }
    us_regs_write(r, US_CODE_OFFSET, 40);
    us_regs_write(r, US_CODE_ADDR, 3 | 9u << 16);
    const uint32_t j[6] = { US_T_FC, 0, 0xFFu << 8, 20u << 16, 0, 0 };  /* always jump to 20 (+ OFFSET) */
    memcpy(r->inst[45], j, sizeof j);
    for (unsigned k = 0; k < 3; k++) {
        static const uint32_t pix[3] = { 0, 127, 5 }, rng[3] = { 300, 0x01FF01FFu, 43 | 6u << 16 };
        us_regs_write(r, US_PIXSIZE, pix[k]);
        us_regs_write(r, US_CODE_RANGE, rng[k]);
        us_quad_start(q, 15);
        assert_int_equal(us_start_pc(r), 43);
        assert_int_equal(us_end_pc(r), 49);
        assert_int_equal(us_exec_fc(r, 45, q), 60);
    }
    free(q);
    free(r);
}

/* Decision 17: the MPEG formats are signed whatever OUT_SIGN says; C_16/C2_16 follow it. */
static void test_mpeg_signed(void **state)
{
    (void)state;
    unsigned kind, w;
    for (unsigned k = 0; k < 2; k++)
        for (unsigned sign = 0; sign < 2; sign++) {
            us_fmt_comp(7, k, sign, &kind, &w);
            assert_int_equal(kind, US_K_SNORM);
            assert_int_equal(w, 16);
            us_fmt_comp(4, k, sign, &kind, &w);
            assert_int_equal(kind, sign ? US_K_SNORM : US_K_UNORM);
        }
    us_fmt_comp(6, 0, 0, &kind, &w);
    assert_int_equal(kind, US_K_SNORM);
    us_fmt_comp(6, 1, 1, &kind, &w);
    assert_int_equal(kind, US_K_ZERO);
    us_fmt_comp(2, 0, 1, &kind, &w);                                   /* C4_10_GAMMA: (U), linear */
    assert_int_equal(kind, US_K_UNORM);
    assert_int_equal(w, 10);
}

static void test_disasm(void **state)
{
    (void)state;
    char buf[512];
    const uint32_t lrp[6] = { 0x00007800, 0x40200403, 0x40200403, 0x0044624A, 0x0078A030, 0x18220030 };
    us_disasm(lrp, buf, sizeof buf);
    assert_non_null(strstr(buf, "ALU rgb: MAD r3.rgb, s2.bbb, sp.rgb, s0.rgb"));
    assert_non_null(strstr(buf, "sp=s1-s0"));
    assert_non_null(strstr(buf, "s0=r3 s1=r1 s2=r2"));
    const uint32_t tex[6] = { 0x00187807, 0x06400000, 0xE4000400, 0, 0, 0 };
    us_disasm(tex, buf, sizeof buf);
    assert_non_null(strstr(buf, "TEX LD map0 r0.rgba <- r0.rgrr"));
    assert_non_null(strstr(buf, "sem_acquire ignore_uncovered"));
}

/* Output conversion (doc "Output conversion") against plain statements in long double: unorm and
 * snorm of every width the formats use on 200,000 random values per width plus the halves, binary16
 * and W24_FP on their boundaries. */
static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static uint32_t ref_unorm(float x, unsigned w, int trunc)
{
    if (isnan(x) || x <= 0.0f)
        return 0;
    if (x >= 1.0f)
        return (1u << w) - 1;
    long double y = (long double)x * (long double)((1u << w) - 1);
    return (uint32_t)(trunc ? floorl(y) : floorl(y + 0.5L));
}

static void test_out_convert(void **state)
{
    (void)state;
    static const unsigned ws[] = {2, 3, 4, 5, 6, 8, 10, 11, 16, 24};
    srand(24);
    for (unsigned i = 0; i < sizeof ws / sizeof ws[0]; i++) {
        unsigned w = ws[i];
        for (unsigned n = 0; n < 200000; n++) {
            float x = n < 1024 ? ((float)(n % ((1u << (w < 10 ? w : 10)))) + 0.5f) / (float)((1u << w) - 1)
                               : (float)rand() / (float)RAND_MAX * 1.2f - 0.1f;
            if ((fbits(x) & 0x7F800000u) == 0)
                x = 0.0f;
            for (int t = 0; t < 2; t++) {
                assert_int_equal(us_cvt(fbits(x), US_K_UNORM, w, t), ref_unorm(x, w, t));
                uint32_t m = ref_unorm(fabsf(x), w - 1, t);
                uint32_t sn = (x < 0 ? 0u - m : m) & ((1u << w) - 1);
                assert_int_equal(us_cvt(fbits(x), US_K_SNORM, w, t), sn);
                assert_int_equal(us_cvt(fbits(-x), US_K_SNORM, w, t), (x > 0 ? 0u - m : m) & ((1u << w) - 1));
            }
        }
    }
    assert_int_equal(us_cvt(0x7FC00000u, US_K_UNORM, 8, 0), 0);
    assert_int_equal(us_cvt(0x7F800000u, US_K_UNORM, 8, 0), 255);
    assert_int_equal(us_cvt(0xFF800000u, US_K_SNORM, 8, 0), 0x81);
    assert_int_equal(us_cvt(0x3F800000u, US_K_SNORM, 8, 0), 0x7F);
    assert_int_equal(us_cvt(0x80000000u, US_K_SNORM, 8, 0), 0);
    /* binary16 toward zero */
    assert_int_equal(us_cvt(fbits(1.0f), US_K_FP16, 16, 0), 0x3C00);
    assert_int_equal(us_cvt(fbits(-2.0f), US_K_FP16, 16, 0), 0xC000);
    assert_int_equal(us_cvt(fbits(65504.0f), US_K_FP16, 16, 0), 0x7BFF);
    assert_int_equal(us_cvt(fbits(65535.0f), US_K_FP16, 16, 0), 0x7BFF);
    assert_int_equal(us_cvt(fbits(-1e9f), US_K_FP16, 16, 0), 0xFBFF);
    assert_int_equal(us_cvt(0x7F800000u, US_K_FP16, 16, 0), 0x7C00);
    assert_int_equal(us_cvt(0xFFC00001u, US_K_FP16, 16, 0), 0x7E00);
    assert_int_equal(us_cvt(fbits(0x1p-14f), US_K_FP16, 16, 0), 0x0400);
    assert_int_equal(us_cvt(fbits(-0x1.fffffep-15f), US_K_FP16, 16, 0), 0x8000);
    assert_int_equal(us_cvt(fbits(1.0f + 0x1.ffp-11f), US_K_FP16, 16, 0), 0x3C00);   /* truncated */
    assert_int_equal(us_cvt(fbits(1.0f + 0x1p-10f), US_K_FP16, 16, 0), 0x3C01);
    for (unsigned n = 0; n < 100000; n++) {   /* every binary16 value read back exactly */
        float x = ((float)rand() / (float)RAND_MAX - 0.5f) * 1000.0f;
        uint32_t h = us_cvt(fbits(x), US_K_FP16, 16, 0);
        float back = ldexpf((float)((h & 0x3FF) | 0x400), (int)((h >> 10) & 31) - 25) * ((h >> 15) ? -1.0f : 1.0f);
        if ((h & 0x7FFF) == 0)
            back = 0.0f;
        assert_true(fabsf(back) <= fabsf(x) && fabsf(x) - fabsf(back) < ldexpf(fabsf(back), -10) + 0x1p-24f);
    }
    /* W24_FP: order-preserving on positives, sign-magnitude */
    assert_int_equal(us_cvt(fbits(1.0f), US_K_W24FP, 24, 0), 64u << 16);
    assert_int_equal(us_cvt(fbits(-1.5f), US_K_W24FP, 24, 0), 0x800000u | 64u << 16 | 0x8000u);
    assert_int_equal(us_cvt(fbits(0x1p-63f), US_K_W24FP, 24, 0), 1u << 16);
    assert_int_equal(us_cvt(fbits(0x1.fffffep-64f), US_K_W24FP, 24, 0), 0);
    assert_int_equal(us_cvt(fbits(0x1p64f), US_K_W24FP, 24, 0), 0x7FFFFFu);
    assert_int_equal(us_cvt(0x7FC00000u, US_K_W24FP, 24, 0), 0);
    uint32_t prev = 0;
    for (float x = 0x1p-70f; x < 0x1p70f; x *= 1.37f) {
        uint32_t v = us_cvt(fbits(x), US_K_W24FP, 24, 0);
        assert_true(v >= prev);
        prev = v;
    }
    /* the format table: a8r8g8b8 (0x1B00) puts B in C0, A in C3; UNUSED and reserved */
    uint32_t ch[4] = {fbits(1.0f), fbits(0.5f), fbits(0.0f), fbits(0.25f)}, lane[4];
    assert_int_equal(us_fmt_pixel(0x1B00, ch, 0xF, lane), 0xF);
    assert_int_equal(lane[0], 0);
    assert_int_equal(lane[1], 128);
    assert_int_equal(lane[2], 255);
    assert_int_equal(lane[3], 64);
    assert_int_equal(us_fmt_pixel(0x1B00, ch, 0x7, lane), 0x7);   /* A not written */
    assert_int_equal(lane[3], 0);
    assert_int_equal(us_fmt_pixel(0x3915, ch, 0xF, lane), 0xF);   /* C4_32_FP r g b a */
    assert_int_equal(lane[1], fbits(0.5f));
    assert_false(us_fmt_used(15));
    assert_false(us_fmt_used(14));
    assert_false(us_fmt_used(22));
    assert_true(us_fmt_used(21));
    assert_int_equal(us_fmt_w(1, fbits(1.0f)), 0xFFFFFF);
    assert_int_equal(us_fmt_w(0, fbits(1.0f)), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inline_float), cmocka_unit_test(test_loader),
        cmocka_unit_test(test_composite_out), cmocka_unit_test(test_disasm),
        cmocka_unit_test(test_out_convert), cmocka_unit_test(test_fc_depth),
        cmocka_unit_test(test_mpeg_signed),
    };
    return cmocka_run_group_tests_name("r5xx_us_isa", tests, NULL, NULL);
}
