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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inline_float), cmocka_unit_test(test_loader),
        cmocka_unit_test(test_composite_out), cmocka_unit_test(test_disasm),
    };
    return cmocka_run_group_tests_name("r5xx_us_isa", tests, NULL, NULL);
}
