/*
 * test_vgt_regs.c - the pure pieces of the si.vgt model (model/si/vgt/vgt_regs.c) against the
 * seed facts of spec/seaislands.md section 5: the DMA swap modes on 0xAABBCCDD (fact 2,
 * 002:168, 003:94-118), offset then clamp (fact 6, 002:627-665), the snooped register addresses
 * (facts 1, 3, 5, 8) and the decisions of docs/blocks/si.vgt.md (index type and instance
 * registers shared, BASE_HI 8 bits, unknown addresses ignored).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "vgt_regs.h"

static void test_swap_modes(void **state)
{
    (void)state;
    assert_int_equal(si_vgt_swap(0xAABBCCDDu, 0), 0xAABBCCDDu);   /* VGT_DMA_SWAP_NONE */
    assert_int_equal(si_vgt_swap(0xAABBCCDDu, 1), 0xBBAADDCCu);   /* VGT_DMA_SWAP_16_BIT */
    assert_int_equal(si_vgt_swap(0xAABBCCDDu, 2), 0xDDCCBBAAu);   /* VGT_DMA_SWAP_32_BIT */
    assert_int_equal(si_vgt_swap(0xAABBCCDDu, 3), 0xCCDDAABBu);   /* VGT_DMA_SWAP_WORD */
    /* decision 4: the word swap exchanges two packed 16-bit indices (0x0001, 0x0002) */
    assert_int_equal(si_vgt_swap(0x00020001u, 3), 0x00010002u);
}

static void test_offset_then_clamp(void **state)
{
    (void)state;
    /* clamp(idx + offset, MIN, MAX): 100 + 10 = 110 -> clamped to 105, not 100 clamped then + 10 */
    assert_int_equal(si_vgt_clamp(100 + 10, 12, 105), 105);
    assert_int_equal(si_vgt_clamp(0 + 10, 12, 105), 12);
    assert_int_equal(si_vgt_clamp(50, 12, 105), 50);
    assert_int_equal(si_vgt_clamp(30, 50, 20), 20);                /* MIN > MAX gives MAX */
    assert_int_equal(si_vgt_clamp(0xFFFFFFF0u + 0x20u, 0, 0xFFFFFFFFu), 0x10);   /* 32-bit wrap */
}

static void test_register_writes(void **state)
{
    (void)state;
    si_vgt_regs r;
    memset(&r, 0, sizeof r);
    assert_true(si_vgt_regs_write(&r, 0x28a7c, 0x0000000Du));      /* VGT_DMA_INDEX_TYPE */
    assert_int_equal(r.itype, 1);
    assert_int_equal(r.swap, 3);
    assert_true(si_vgt_regs_write(&r, 0x3090c, 0x2));               /* VGT_INDEX_TYPE: bit 0 only */
    assert_int_equal(r.itype, 0);
    assert_int_equal(r.swap, 3);
    assert_true(si_vgt_regs_write(&r, 0x287e4, 0x12345678u));      /* VGT_DMA_BASE_HI[7:0] */
    assert_int_equal(r.base_hi, 0x78);
    assert_true(si_vgt_regs_write(&r, 0x30934, 0));                 /* VGT_NUM_INSTANCES */
    assert_true(si_vgt_regs_write(&r, 0x28a88, 5));                 /* VGT_DMA_NUM_INSTANCES: shared */
    assert_int_equal(r.ninst, 5);
    assert_true(si_vgt_regs_write(&r, 0x28a94, 0xFFFFFFFFu));       /* RESET_EN bit 0 */
    assert_int_equal(r.reset_en, 1);
    assert_true(si_vgt_regs_write(&r, 0x2840c, 0xFFFFu));           /* RESET_INDX */
    assert_int_equal(r.reset_indx, 0xFFFF);
    assert_false(si_vgt_regs_write(&r, 0x28a90, 1));                /* VGT_EVENT_INITIATOR: ignored */
    assert_false(si_vgt_regs_write(&r, 0x287f0, 0));                /* the initiator is the model's */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_swap_modes),
        cmocka_unit_test(test_offset_then_clamp),
        cmocka_unit_test(test_register_writes),
    };
    return cmocka_run_group_tests_name("si_vgt_regs", tests, NULL, NULL);
}
