/*
 * test_cp_model.c - the R5xx CP model's pieces against the seeds' worked facts: endian swaps,
 * PM4 header encodings, the draw-packet register table, ring sizing, and the model alone
 * running the Type-0 worked example through the engine.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "cp_regs.h"
#include "r5xx_cp_ports.h"
#include "rc_engine.h"

static void test_swap_modes(void **state)
{
    (void)state;   /* 000:8014-8020 */
    assert_int_equal(cp_swap(0xAABBCCDD, 0), 0xAABBCCDD);
    assert_int_equal(cp_swap(0xAABBCCDD, 1), 0xBBAADDCC);
    assert_int_equal(cp_swap(0xAABBCCDD, 2), 0xDDCCBBAA);
    assert_int_equal(cp_swap(0xAABBCCDD, 3), 0xCCDDAABB);
    for (unsigned m = 0; m < 4; m++)
        assert_int_equal(cp_swap(cp_swap(0x12345678, m), m), 0x12345678);
}

static void test_header_encodings(void **state)
{
    (void)state;   /* spec extract section 4 facts 1-3, 5, 7-9 */
    assert_int_equal(pm4_type0(0x1381, 1, 0), 0x00011381);
    assert_int_equal(pm4_type0(0x1381, 1, 1), 0x00019381);
    assert_int_equal(pm4_type0(0x881, 7, 1), 0x00078881);
    assert_int_equal(pm4_type1(0x1CE, 0x1CF), 0x400E79CE);
    assert_int_equal(pm4_type3(PM4_NOP, 2), 0xC0021000);
    assert_int_equal(pm4_type3(PM4_3D_DRAW_IMMD_2, 12), 0xC00C3500);
    assert_int_equal(pm4_type3(PM4_3D_LOAD_VBPNTR, 5), 0xC0052F00);
}

static void test_draw_register_table(void **state)
{
    (void)state;
    assert_int_equal(cp_draw_reg(PM4_3D_DRAW_IMMD_2, 0), VAP_VF_CNTL);
    assert_int_equal(cp_draw_reg(PM4_3D_DRAW_IMMD_2, 5), VAP_PORT_DATA0);
    assert_int_equal(cp_draw_reg(PM4_3D_DRAW_INDX, 0), 0);
    assert_int_equal(cp_draw_reg(PM4_3D_DRAW_INDX, 1), VAP_VF_CNTL);
    assert_int_equal(cp_draw_reg(PM4_3D_DRAW_INDX, 2), VAP_PORT_IDX0);
    assert_int_equal(cp_draw_reg(PM4_3D_DRAW_128, 3), VAP_PORT_DATA_IDX_128);
    /* 3D_LOAD_VBPNTR of 3 arrays writes 0x20C0..0x20D4 (fact 9); index 24 is AOS_ADDR15 0x2120 */
    for (unsigned i = 0; i < 6; i++)
        assert_int_equal(cp_draw_reg(PM4_3D_LOAD_VBPNTR, i), 0x20C0 + 4 * i);
    assert_int_equal(cp_draw_reg(PM4_3D_LOAD_VBPNTR, 24), 0x2120);
    assert_int_equal(cp_draw_reg(PM4_3D_LOAD_VBPNTR, 25), 0);
    assert_int_equal(cp_draw_reg(0x91, 0), 0);
    assert_true(cp_opcode_known(0x9C) && cp_opcode_known(0x10) && !cp_opcode_known(0x11));
}

/* Run the model alone on a ring holding 'words' (RB_BUFSZ n) and return its recorded outputs. */
static void run_model(const uint32_t *words, size_t nw, unsigned bufsz, rc_vector *rec)
{
    rc_vector v;
    rc_vector_init(&v, &r5xx_cp_block);
    uint32_t ring[64] = { 0 };
    memcpy(ring, words, nw * sizeof *words);
    rc_vector_add_mem(&v, 0x100000, ring, 64);
    uint64_t w[][2] = { { CP_RB_BASE, 0x100000 }, { CP_RB_CNTL, bufsz }, { CP_RB_WPTR, nw } };
    for (unsigned i = 0; i < 3; i++)
        rc_vector_add_input(&v, R5XX_CP_CH_HOST, 0, w[i]);
    rc_vector_init(rec, &r5xx_cp_block);
    rc_run r;
    rc_run_defaults(&r);
    r.blk = &r5xx_cp_block;
    r.vec = &v;
    r.sides[0] = &r5xx_cp_model_ops;
    r.nsides = 1;
    r.record = rec;
    r.report = NULL;
    rc_result res;
    assert_int_equal(rc_run_exec(&r, &res), 0);
    assert_int_equal(res.status, RC_PASS);
    rc_vector_free(&v);
}

static void test_worked_example_type0(void **state)
{
    (void)state;
    const uint32_t ring[] = { 0x00011381, 0x11111111, 0x22222222 };
    rc_vector rec;
    run_model(ring, 3, 5, &rec);
    const rc_txlist *regw = &rec.out[R5XX_CP_CH_REGW];
    assert_int_equal(regw->n, 2);
    assert_int_equal(regw->vals[0], 0x4E04);
    assert_int_equal(regw->vals[1], 0x11111111);
    assert_int_equal(regw->vals[3], 0x4E08);
    assert_int_equal(regw->vals[4], 0x22222222);
    assert_int_equal(regw->cycle[1], regw->cycle[0] + 1);   /* one write per cycle */
    const rc_txlist *pkt = &rec.out[R5XX_CP_CH_PKT];
    assert_int_equal(pkt->n, 1);
    assert_int_equal(pkt->vals[3], 1);                       /* count field N-1 */
    assert_true(pkt->cycle[0] < regw->cycle[0]);
    rc_vector_free(&rec);
}

static void test_nop_type2_and_unknown(void **state)
{
    (void)state;
    const uint32_t ring[] = { 0xC0021000, 1, 2, 3, 0x80000000, 0xC000EE00, 9, 0x00001381, 0x5 };
    rc_vector rec;
    run_model(ring, 9, 5, &rec);
    const rc_txlist *pkt = &rec.out[R5XX_CP_CH_PKT];
    assert_int_equal(pkt->n, 4);
    assert_int_equal(pkt->vals[0 * 6 + 2], 0x10);            /* NOP */
    assert_int_equal(pkt->vals[1 * 6 + 1], 2);               /* Type-2 */
    assert_int_equal(pkt->vals[2 * 6 + 2], 0xEE);            /* unknown opcode, err bit 0 */
    assert_int_equal(pkt->vals[2 * 6 + 5], CP_ERR_OPCODE);
    assert_int_equal(pkt->vals[3 * 6 + 4], 7);               /* the Type-0 header sits at ring dword 7 */
    assert_int_equal(rec.out[R5XX_CP_CH_BODY].n, 0);         /* NOP and unknown bodies are skipped */
    assert_int_equal(rec.out[R5XX_CP_CH_REGW].n, 1);
    rc_vector_free(&rec);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_swap_modes),
        cmocka_unit_test(test_header_encodings),
        cmocka_unit_test(test_draw_register_table),
        cmocka_unit_test(test_worked_example_type0),
        cmocka_unit_test(test_nop_type2_and_unknown),
    };
    return cmocka_run_group_tests_name("cp_model", tests, NULL, NULL);
}
