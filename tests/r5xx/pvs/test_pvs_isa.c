/*
 * test_pvs_isa.c - unit tests of r5xx.pvs's instruction helpers (docs/blocks/r5xx.pvs.md): the C
 * disassembler against the fact sheet's reading of the xf86-video-ati words (r5xx-shaders.md
 * 3.2), the float -> address register conversion (floor, clamp, NaN), the loader's index wraps,
 * the output slots of VAP_OUT_VTX_FMT_0/1, and one instruction executed (the fact sheet's
 * worked VE_ADD, a constant read outside PVS_MAX_CONST_ADDR, a refused DUAL_MATH_OP).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "pvs_isa.h"
#include "pvs_regs.h"

static void test_disasm_xati(void **state)
{
    (void)state;
    char buf[256];
    const uint32_t w0[4] = { 0x00F00203, 0x01610001, 0x01248001, 0x01248001 };
    const uint32_t w1[4] = { 0x00100001, 0x012900C1, 0x01110002, 0x012480C1 };
    const uint32_t w4[4] = { 0x00202202, 0x01218000, 0x01238022, 0x012480C1 };
    const uint32_t wd[4] = { 0x11F0B303u, 0x0421403Au, 0x00000000u, 0xC0000013u };
    assert_string_equal(pvs_disasm(w0, buf, sizeof buf), "VE_ADD out[0].xyzw, in[0].xy01, in[0].0000, in[0].0000");
    assert_string_equal(pvs_disasm(w1, buf, sizeof buf),
                        "VE_DOT_PRODUCT t[0].x___, in[6].xy10, c[0].xyz0, in[6].0000");
    assert_string_equal(pvs_disasm(w4, buf, sizeof buf),
                        "VE_MULTIPLY out[1]._y__, t[0].0y00, c[1].0w00, in[6].0000");
    /* VE_ADD VE_SAT DUAL_MATH_OP, loop-relative destination, A0-relative abs source with
     * negates and a forced 0, address mode 3 (absolute) */
    assert_string_equal(pvs_disasm(wd, buf, sizeof buf),
                        "VE_ADD VE_SAT DUAL_MATH_OP outx[i0+5].xyzw, |c[a0.x+1]|.z-y0x, t[0].xxxx, at[0].xxxx");
}

static void test_f2a(void **state)
{
    (void)state;
    assert_int_equal(pvs_f2a(0x40200000), 2);        /* 2.5 */
    assert_int_equal(pvs_f2a(0xC0200000), -3);       /* -2.5 */
    assert_int_equal(pvs_f2a(0x43960000), 255);      /* 300 */
    assert_int_equal(pvs_f2a(0xC3960000), -256);     /* -300 */
    assert_int_equal(pvs_f2a(0xC3800000), -256);     /* -256 */
    assert_int_equal(pvs_f2a(0xC3808000), -256);     /* -257: clamped */
    assert_int_equal(pvs_f2a(0xBF000000), -1);       /* -0.5 */
    assert_int_equal(pvs_f2a(0x80000001), 0);        /* a negative denormal: flushed */
    assert_int_equal(pvs_f2a(0x7FC00000), 0);        /* NaN */
    assert_int_equal(pvs_f2a(0x7F800000), 255);
    assert_int_equal(pvs_f2a(0xFF800000), -256);
    assert_int_equal(pvs_f2a(0x437F8000), 255);      /* 255.5 */
}

static void test_index_wraps(void **state)
{
    (void)state;
    assert_int_equal(pvs_next_index(1023), 0);
    assert_int_equal(pvs_next_index(1535), 1024);
    assert_int_equal(pvs_next_index(1542), 1536);
    assert_int_equal(pvs_next_index(1543), 1544);
    assert_int_equal(pvs_next_index(2047), 0);
    assert_int_equal(pvs_next_index(1279), 1280);
}

static void test_slots(void **state)
{
    (void)state;
    uint8_t m[PVS_NOVM];
    assert_int_equal(pvs_out_slots(0x1, 0x12, m), 3);              /* XATI composite with mask */
    assert_int_equal(m[0], 0xF);
    assert_int_equal(m[1], 0x3);
    assert_int_equal(m[2], 0x3);
    assert_int_equal(pvs_out_slots(0x1001F, 0xFFFFFF, m), 14);     /* everything, COMP_CNT 7 */
    assert_int_equal(m[13], 0xF);
}

static void test_exec(void **state)
{
    (void)state;
    static pvs_vstate vs;
    static pvs_vio io;
    static uint32_t cst[PVS_NCONST][4];
    pvs_cstate cs = { (const uint32_t (*)[4])cst, 0, 3 };
    uint32_t r[4];
    memset(&vs, 0, sizeof vs);
    vs.io = &io;
    vs.io->ivm[0][0] = 0x40000000;  /* 2.0 */
    vs.io->ivm[0][1] = 0xC0400000;  /* -3.0 */
    const uint32_t add[4] = { 0x00F00203, 0x01610001, 0x01248001, 0x01248001 };
    assert_int_equal(pvs_exec(&vs, &cs, add, r), PVS_OK);
    assert_int_equal(r[0], 0x40000000);
    assert_int_equal(r[1], 0xC0400000);
    assert_int_equal(r[2], 0x00000000);
    assert_int_equal(r[3], 0x3F800000);
    assert_int_equal(vs.io->ovm[0][3], 0x3F800000);
    assert_int_equal(vs.io->owritten[0], 0xF);
    /* out[1] = c[4] (outside MAX_CONST_ADDR 3: zero) + 1.0 */
    cst[4][0] = 0x41000000;
    const uint32_t rd[4] = { 0x00F02203, 0x00D10082, 0x016DB002, 0x01248001 };
    assert_int_equal(pvs_exec(&vs, &cs, rd, r), PVS_OK);
    assert_int_equal(r[0], 0x3F800000);
    const uint32_t dual[4] = { 0x10F02203, 0x00D10082, 0x016DB002, 0x01248001 };
    assert_int_equal(pvs_exec(&vs, &cs, dual, r), PVS_ERR_DUAL);
    assert_int_equal(r[0], 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_disasm_xati), cmocka_unit_test(test_f2a), cmocka_unit_test(test_index_wraps),
        cmocka_unit_test(test_slots), cmocka_unit_test(test_exec),
    };
    return cmocka_run_group_tests_name("r5xx_pvs_isa", tests, NULL, NULL);
}
