/*
 * test_zb_math.c - the R5xx depth and stencil arithmetic (model/r5xx/zb/zb_math.c) against the
 * seeds' facts: the ZFUNC/STENCILFUNC codes (000:15301-15330, spec extract fact 18), the stencil
 * operations (000:15334-15342, fact 19: 255 incr-clamp -> 255, incr-wrap -> 0, 0 decr-clamp -> 0,
 * decr-wrap -> 255, replace -> STENCILREF, invert = bitwise NOT), the masked replace
 * (000:14909-14923, fact 20: 0xF0 -> 0xCC with ref 0x0F and write mask 0x3C), the Z24S8 packing
 * (000:15132-15137, fact 21), and the decisions of docs/blocks/r5xx.zb.md (operand order, signed
 * keys, write suppression, byte enables, endian swaps, two-sided selection).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "zb_math.h"

static r5xx_zb_regs regs(uint32_t cntl, uint32_t zsc, uint32_t srm, uint32_t fmt)
{
    r5xx_zb_regs r;
    memset(&r, 0, sizeof r);
    r.cntl = cntl;
    r.zsc = zsc;
    r.srm = srm;
    r.fmt = fmt;
    return r;
}

/* ZB_ZSTENCILCNTL from its fields. */
static uint32_t zs(unsigned zf, unsigned sf, unsigned fail, unsigned zpass, unsigned zfail)
{
    return zf | sf << 3 | fail << 6 | zpass << 9 | zfail << 12;
}

static void test_register_addresses(void **state)
{
    (void)state;
    /* 000:14868-15389 (also checked against the database by 'rcosim regs') */
    assert_int_equal(R5XX_ZB_CNTL, 0x4F00);
    assert_int_equal(R5XX_ZB_ZSTENCILCNTL, 0x4F04);
    assert_int_equal(R5XX_ZB_STENCILREFMASK, 0x4F08);
    assert_int_equal(R5XX_ZB_FORMAT, 0x4F10);
    assert_int_equal(R5XX_ZB_BW_CNTL, 0x4F1C);
    assert_int_equal(R5XX_ZB_DEPTHOFFSET, 0x4F20);
    assert_int_equal(R5XX_ZB_DEPTHPITCH, 0x4F24);
    assert_int_equal(R5XX_ZB_ZPASS_DATA, 0x4F58);
    assert_int_equal(R5XX_ZB_ZPASS_ADDR, 0x4F5C);
    assert_int_equal(R5XX_ZB_STENCILREFMASK_BF, 0x4FD4);
    r5xx_zb_regs r;
    memset(&r, 0, sizeof r);
    assert_int_equal(r5xx_zb_regs_write(&r, 0x4F04, 0x1234), 1);
    assert_int_equal(r.zsc, 0x1234);
    assert_int_equal(r5xx_zb_regs_write(&r, 0x4F14, 1), 0);   /* ZB_ZTOP: not the block's */
    assert_int_equal(r5xx_zb_regs_write(&r, 0x4F05, 1), 0);
}

static void test_functions(void **state)
{
    (void)state;
    /* fact 18: 1 LESS, 3 EQUAL, 5 GREATER, 7 ALWAYS; the rest 0 never, 2 LE, 4 GE, 6 NE */
    static const int want[8][3] = {        /* a<b, a==b, a>b */
        { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0, 1, 1 }, { 0, 0, 1 }, { 1, 0, 1 }, { 1, 1, 1 }
    };
    assert_int_equal(R5XX_ZB_LESS, 1);
    assert_int_equal(R5XX_ZB_EQUAL, 3);
    assert_int_equal(R5XX_ZB_GREATER, 5);
    assert_int_equal(R5XX_ZB_ALWAYS, 7);
    for (unsigned f = 0; f < 8; f++) {
        assert_int_equal(r5xx_zb_compare(f, 1, 2), want[f][0]);
        assert_int_equal(r5xx_zb_compare(f, 2, 2), want[f][1]);
        assert_int_equal(r5xx_zb_compare(f, 3, 2), want[f][2]);
    }
    /* the same codes through the whole update: Z test 'new FUNC old', Z24S8 */
    for (unsigned f = 0; f < 8; f++)
        for (int d = -1; d <= 1; d++) {
            r5xx_zb_regs r = regs(R5XX_ZB_Z_ENABLE, zs(f, 0, 0, 0, 0), 0, 2);
            r5xx_zb_result res = r5xx_zb_update(&r, 0x80000000u, 0, (uint32_t)(0x800000 + d), 0);
            assert_int_equal(res.pass, (unsigned)want[f][d + 1]);
            assert_int_equal(res.we, 0);                         /* ZWRITEENABLE = 0 */
        }
    /* STENCILFUNC uses the same codes, '(ref & mask) FUNC (stored & mask)': ref 0x35, mask 0x0F
     * against stored 0x14 / 0x25 / 0x36 is 5 > 4, 5 == 5, 5 < 6 */
    for (unsigned f = 0; f < 8; f++) {
        r5xx_zb_regs r = regs(R5XX_ZB_STENCIL_ENABLE, zs(0, f, 0, 0, 0), 0x35 | 0x0F00, 2);
        assert_int_equal(r5xx_zb_update(&r, 0x14, 0, 0, 0).pass, (unsigned)want[f][2]);
        assert_int_equal(r5xx_zb_update(&r, 0x25, 0, 0, 0).pass, (unsigned)want[f][1]);
        assert_int_equal(r5xx_zb_update(&r, 0x36, 0, 0, 0).pass, (unsigned)want[f][0]);
    }
}

static void test_stencil_ops(void **state)
{
    (void)state;
    /* fact 19 */
    assert_int_equal(r5xx_zb_stencil_op(R5XX_ZB_INCR_CLAMP, 255, 0), 255);
    assert_int_equal(r5xx_zb_stencil_op(R5XX_ZB_INCR_WRAP, 255, 0), 0);
    assert_int_equal(r5xx_zb_stencil_op(R5XX_ZB_DECR_CLAMP, 0, 0), 0);
    assert_int_equal(r5xx_zb_stencil_op(R5XX_ZB_DECR_WRAP, 0, 0), 255);
    assert_int_equal(r5xx_zb_stencil_op(R5XX_ZB_REPLACE, 0x12, 0x77), 0x77);
    assert_int_equal(r5xx_zb_stencil_op(R5XX_ZB_INVERT, 0x5A, 0), 0xA5);     /* decision: bitwise NOT */
    assert_int_equal(r5xx_zb_stencil_op(R5XX_ZB_KEEP, 0x5A, 0x77), 0x5A);
    assert_int_equal(r5xx_zb_stencil_op(R5XX_ZB_ZERO, 0x5A, 0x77), 0);
    assert_int_equal(r5xx_zb_stencil_op(R5XX_ZB_INCR_CLAMP, 0x5A, 0), 0x5B);
    assert_int_equal(r5xx_zb_stencil_op(R5XX_ZB_DECR_CLAMP, 0x5A, 0), 0x59);
    assert_int_equal(r5xx_zb_stencil_op(R5XX_ZB_INCR_WRAP, 0x5A, 0), 0x5B);
    assert_int_equal(r5xx_zb_stencil_op(R5XX_ZB_DECR_WRAP, 0x5A, 0), 0x59);
    /* codes 0..7 as the seed lists them */
    assert_int_equal(R5XX_ZB_KEEP, 0);
    assert_int_equal(R5XX_ZB_ZERO, 1);
    assert_int_equal(R5XX_ZB_REPLACE, 2);
    assert_int_equal(R5XX_ZB_INCR_CLAMP, 3);
    assert_int_equal(R5XX_ZB_DECR_CLAMP, 4);
    assert_int_equal(R5XX_ZB_INVERT, 5);
    assert_int_equal(R5XX_ZB_INCR_WRAP, 6);
    assert_int_equal(R5XX_ZB_DECR_WRAP, 7);

    /* The same through the update, on a Z24S8 dword with Z 0x123456 kept: stencil ALWAYS, Z off,
     * so the ZPASS operation applies (000:15343-15345); only the stencil byte is written. */
    struct { unsigned op, old, ref, want; } c[] = {
        { R5XX_ZB_INCR_CLAMP, 255, 0, 255 }, { R5XX_ZB_INCR_WRAP, 255, 0, 0 }, { R5XX_ZB_DECR_CLAMP, 0, 0, 0 },
        { R5XX_ZB_DECR_WRAP, 0, 0, 255 }, { R5XX_ZB_REPLACE, 0x12, 0x77, 0x77 }, { R5XX_ZB_INVERT, 0x5A, 0, 0xA5 },
        { R5XX_ZB_ZERO, 0x5A, 0, 0 }, { R5XX_ZB_KEEP, 0x5A, 0, 0x5A }
    };
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        r5xx_zb_regs r = regs(R5XX_ZB_STENCIL_ENABLE, zs(0, R5XX_ZB_ALWAYS, 0, c[i].op, 0), c[i].ref | 0xFFFF00u, 2);
        r.bw = R5XX_ZB_SEQUAL_OPTIMIZE_DISABLE;                  /* write even when unchanged */
        r5xx_zb_result res = r5xx_zb_update(&r, 0x12345600u | c[i].old, 0, 0, 0);
        assert_int_equal(res.pass, 1);
        assert_int_equal(res.we, 1);
        assert_int_equal(res.be, 0x1);
        assert_int_equal(res.wdata, 0x12345600u | c[i].want);
    }
}

static void test_masked_replace(void **state)
{
    (void)state;
    /* fact 20: old 0xF0, REF 0x0F, WRITEMASK 0x3C, replace -> 0xCC */
    r5xx_zb_regs r = regs(R5XX_ZB_STENCIL_ENABLE, zs(0, R5XX_ZB_ALWAYS, 0, R5XX_ZB_REPLACE, 0),
                          0x0F | 0xFF00 | 0x3C0000, 2);
    r5xx_zb_result res = r5xx_zb_update(&r, 0xABCDEFF0u, 0, 0, 0);
    assert_int_equal(res.we, 1);
    assert_int_equal(res.be, 0x1);
    assert_int_equal(res.wdata & 0xFF, 0xCC);
    assert_int_equal(res.wdata, 0xABCDEFCCu);
    /* the same through the FAIL operation */
    r.zsc = zs(0, R5XX_ZB_NEVER, R5XX_ZB_REPLACE, 0, 0);
    res = r5xx_zb_update(&r, 0xABCDEFF0u, 0, 0, 0);
    assert_int_equal(res.pass, 0);
    assert_int_equal(res.wdata, 0xABCDEFCCu);
    /* write mask 0: never written (SEQUAL optimisation: unchanged) */
    r.srm = 0x0F | 0xFF00;
    assert_int_equal(r5xx_zb_update(&r, 0xABCDEFF0u, 0, 0, 0).we, 0);
}

static void test_formats(void **state)
{
    (void)state;
    /* fact 21: Z24S8 keeps Z in [31:8], stencil in [7:0] */
    r5xx_zb_regs r = regs(R5XX_ZB_Z_ENABLE | R5XX_ZB_ZWRITEENABLE, zs(R5XX_ZB_ALWAYS, 0, 0, 0, 0), 0, 2);
    r5xx_zb_result res = r5xx_zb_update(&r, 0x00000077u, 0, 0xABCDEF, 0);
    assert_int_equal(res.wdata, 0xABCDEF77u);
    assert_int_equal(res.be, 0xE);
    /* 16-bit: z[15:0] into the half bit 1 of the address selects */
    r.fmt = 0;
    res = r5xx_zb_update(&r, 0x11112222u, 0, 0xAB5678, 0);
    assert_int_equal(res.wdata, 0x11115678u);
    assert_int_equal(res.be, 0x3);
    res = r5xx_zb_update(&r, 0x11112222u, 1, 0xAB5678, 0);
    assert_int_equal(res.wdata, 0x56782222u);
    assert_int_equal(res.be, 0xC);
    /* 13E3 (1) is processed as 16-bit integer Z, reserved formats as Z24S8 */
    r.fmt = 1;
    assert_int_equal(r5xx_zb_is16(&r), 1);
    r.fmt = 3;
    assert_int_equal(r5xx_zb_is16(&r), 0);
    /* no stencil on 16-bit surfaces: the test passes, nothing needs the memory */
    r = regs(R5XX_ZB_STENCIL_ENABLE, zs(0, R5XX_ZB_NEVER, R5XX_ZB_ZERO, 0, 0), 0xFF00, 0);
    assert_int_equal(r5xx_zb_needs_read(&r), 0);
    assert_int_equal(r5xx_zb_update(&r, 0xFFFFFFFFu, 0, 0, 0).pass, 1);
    r.fmt = 2;
    assert_int_equal(r5xx_zb_needs_read(&r), 1);
    assert_int_equal(r5xx_zb_update(&r, 0xFFFFFFFFu, 0, 0, 0).pass, 0);
}

static void test_signed_keys(void **state)
{
    (void)state;
    uint32_t s = R5XX_ZB_ZSIGNED_COMPARE, m = R5XX_ZB_ZSIGNED_MAGNITUDE;
    assert_int_equal(r5xx_zb_zkey(0, 0x800000, 24), 0x800000);
    assert_int_equal(r5xx_zb_zkey(m, 0x800001, 24), 0x800001);         /* MAGNITUDE alone: no effect */
    assert_int_equal(r5xx_zb_zkey(s, 0x800000, 24), -0x800000);
    assert_int_equal(r5xx_zb_zkey(s, 0xFFFFFF, 24), -1);
    assert_int_equal(r5xx_zb_zkey(s | m, 0x800001, 24), -1);
    assert_int_equal(r5xx_zb_zkey(s | m, 0x800000, 24), 0);            /* -0 == +0 */
    assert_int_equal(r5xx_zb_zkey(s | m, 0xFFFFFF, 24), -0x7FFFFF);
    assert_int_equal(r5xx_zb_zkey(s, 0x8000, 16), -0x8000);
    assert_int_equal(r5xx_zb_zkey(s | m, 0x8005, 16), -5);
    assert_int_equal(r5xx_zb_zkey(s, 0x7FFF, 16), 0x7FFF);
    /* through the update: -1 < 0 signed, not unsigned */
    r5xx_zb_regs r = regs(R5XX_ZB_Z_ENABLE, zs(R5XX_ZB_LESS, 0, 0, 0, 0), 0, 2);
    assert_int_equal(r5xx_zb_update(&r, 0x00000000u, 0, 0xFFFFFF, 0).pass, 0);
    r.cntl |= s;
    assert_int_equal(r5xx_zb_update(&r, 0x00000000u, 0, 0xFFFFFF, 0).pass, 1);
}

static void test_writes(void **state)
{
    (void)state;
    r5xx_zb_regs r = regs(R5XX_ZB_Z_ENABLE | R5XX_ZB_ZWRITEENABLE | R5XX_ZB_STENCIL_ENABLE,
                          zs(R5XX_ZB_LEQUAL, R5XX_ZB_ALWAYS, 0, R5XX_ZB_KEEP, R5XX_ZB_INCR_CLAMP), 0xFFFF00, 2);
    /* ZEQUAL: equal Z not written by default; stencil kept: nothing at all */
    assert_int_equal(r5xx_zb_update(&r, 0x55555580u, 0, 0x555555, 0).we, 0);
    r.bw = R5XX_ZB_ZEQUAL_OPTIMIZE_DISABLE;
    r5xx_zb_result res = r5xx_zb_update(&r, 0x55555580u, 0, 0x555555, 0);
    assert_int_equal(res.be, 0xE);
    /* SEQUAL disabled: the kept stencil is written too */
    r.bw = R5XX_ZB_SEQUAL_OPTIMIZE_DISABLE;
    res = r5xx_zb_update(&r, 0x55555580u, 0, 0x123456, 0);
    assert_int_equal(res.be, 0xF);
    assert_int_equal(res.wdata, 0x12345680u);
    /* Z fails: Z not written, ZFAIL op on stencil */
    r.bw = 0;
    res = r5xx_zb_update(&r, 0x55555580u, 0, 0x600000, 0);
    assert_int_equal(res.pass, 0);
    assert_int_equal(res.be, 0x1);
    assert_int_equal(res.wdata, 0x55555581u);
    /* BMASK_DISABLE: the whole dword */
    r.bw = R5XX_ZB_BMASK_DISABLE;
    res = r5xx_zb_update(&r, 0x55555580u, 0, 0x600000, 0);
    assert_int_equal(res.be, 0xF);
    assert_int_equal(res.wdata, 0x55555581u);
    /* ZWRITEENABLE without Z_ENABLE writes nothing (decision) */
    r = regs(R5XX_ZB_ZWRITEENABLE, zs(R5XX_ZB_ALWAYS, 0, 0, 0, 0), 0, 2);
    assert_int_equal(r5xx_zb_needs_read(&r), 0);
    assert_int_equal(r5xx_zb_update(&r, 0, 0, 0x123456, 0).we, 0);
}

static void test_two_sided(void **state)
{
    (void)state;
    /* front: REPLACE with ref 0x21; back (_BF): ZERO; refmask _BF: ref 0x10 */
    uint32_t zsc = zs(0, R5XX_ZB_ALWAYS, 0, R5XX_ZB_REPLACE, 0) | (uint32_t)R5XX_ZB_ALWAYS << 15 |
                   (uint32_t)R5XX_ZB_ZERO << 21;
    r5xx_zb_regs r = regs(R5XX_ZB_STENCIL_ENABLE, zsc, 0x21 | 0xFFFF00u, 2);
    r.srm_bf = 0x10 | 0xFFFF00u;
    assert_int_equal(r5xx_zb_update(&r, 0x01, 0, 0, 1).wdata & 0xFF, 0x21);   /* no FRONT_BACK: front */
    r.cntl |= R5XX_ZB_STENCIL_FRONT_BACK;
    assert_int_equal(r5xx_zb_update(&r, 0x01, 0, 0, 1).wdata & 0xFF, 0x00);   /* _BF op */
    assert_int_equal(r5xx_zb_update(&r, 0x01, 0, 0, 0).wdata & 0xFF, 0x21);   /* front-facing */
    r.cntl = R5XX_ZB_STENCIL_ENABLE | R5XX_ZB_STENCIL_REFMASK_FRONT_BACK;
    assert_int_equal(r5xx_zb_update(&r, 0x01, 0, 0, 1).wdata & 0xFF, 0x10);   /* _BF ref, front op */
    assert_int_equal(r5xx_zb_update(&r, 0x01, 0, 0, 0).wdata & 0xFF, 0x21);
}

static void test_endian(void **state)
{
    (void)state;
    /* the swap codes of CP_RB_CNTL.BUF_SWAP (000:8014-8020) reused for DEPTHENDIAN */
    assert_int_equal(r5xx_zb_swap(0xAABBCCDDu, 0), 0xAABBCCDDu);
    assert_int_equal(r5xx_zb_swap(0xAABBCCDDu, 1), 0xBBAADDCCu);
    assert_int_equal(r5xx_zb_swap(0xAABBCCDDu, 2), 0xDDCCBBAAu);
    assert_int_equal(r5xx_zb_swap(0xAABBCCDDu, 3), 0xCCDDAABBu);
    for (unsigned e = 0; e < 4; e++)
        for (unsigned be = 0; be < 16; be++) {
            /* the enables move with their bytes */
            uint32_t v = 0;
            for (unsigned i = 0; i < 4; i++)
                v |= (be >> i & 1u) * (0xFFu << (8 * i));
            uint32_t sv = r5xx_zb_swap(v, e), sb = 0;
            for (unsigned i = 0; i < 4; i++)
                sb |= ((sv >> (8 * i)) & 1u) << i;
            assert_int_equal(r5xx_zb_swap_be(be, e), sb);
        }
    /* a Z24S8 surface stored dword-swapped: stencil in the top byte of memory */
    r5xx_zb_regs r = regs(R5XX_ZB_STENCIL_ENABLE, zs(0, R5XX_ZB_ALWAYS, 0, R5XX_ZB_INCR_WRAP, 0), 0xFFFF00, 2);
    r.dpitch = 2u << 19;
    r5xx_zb_result res = r5xx_zb_update(&r, 0x05332211u, 0, 0, 0);
    assert_int_equal(res.wdata, 0x06332211u);
    assert_int_equal(res.be, 0x8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_register_addresses),
        cmocka_unit_test(test_functions),
        cmocka_unit_test(test_stencil_ops),
        cmocka_unit_test(test_masked_replace),
        cmocka_unit_test(test_formats),
        cmocka_unit_test(test_signed_keys),
        cmocka_unit_test(test_writes),
        cmocka_unit_test(test_two_sided),
        cmocka_unit_test(test_endian),
    };
    return cmocka_run_group_tests_name("zb_math", tests, NULL, NULL);
}
