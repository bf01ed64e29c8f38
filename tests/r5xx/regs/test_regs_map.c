/*
 * test_regs_map.c - the r5xx.regs model's register map, built from the register database,
 * against the rules of docs/blocks/r5xx.regs.md and the seed facts they rest on: stored bits,
 * read-only and write-only fields, reset defaults, alias addresses sharing storage, the US
 * instruction RAM, apertures and unknown addresses; and the stimulus is deterministic.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "r5xx_regs_ports.h"
#include "rc_vector.h"
#include "regs_map.h"

static int setup(void **state)
{
    *state = regs_map_build();
    return *state ? 0 : -1;
}

static int teardown(void **state)
{
    regs_map_free(*state);
    return 0;
}

static uint32_t reset_of(const regs_map *m, uint32_t addr)
{
    const regs_word *e = regs_map_at(m, addr);
    assert_non_null(e);
    assert_true(e->slot >= 0);
    return m->slot_reset[e->slot];
}

static void test_read_write_register(void **state)
{
    const regs_map *m = *state;
    const regs_word *e = regs_map_at(m, 0x4E04);              /* RB3D_BLENDCNTL, 000:8427 */
    assert_non_null(e);
    assert_true(e->known);
    assert_true(e->slot >= 0);
    assert_int_equal(e->ram, -1);
    assert_int_equal(e->smask, 0xFF3F703Fu);                  /* bits 6-11, 15, 22-23: no field */
    assert_int_equal(e->rconst, 0);
    assert_int_equal(reset_of(m, 0x4E04), 0x00000004u);      /* READ_ENABLE=1, 000:8449 */
    assert_int_equal(reset_of(m, 0x4F00), 0);                 /* ZB_CNTL, 000:14995 */
    assert_int_equal(reset_of(m, 0x42C0), 0x3F800000u);      /* SU_DEPTH_SCALE, 000:11012 */
    assert_int_equal(reset_of(m, 0x402C), 0x0003F0E4u);      /* GB_PIPE_SELECT */
    assert_int_equal(reset_of(m, 0x4E44), 0x00C00000u);      /* RB3D_COLORPITCH3: array defaults */
}

static void test_read_only_and_write_only(void **state)
{
    const regs_map *m = *state;
    const regs_word *e = regs_map_at(m, 0x07C0);              /* CP_STAT [R], 000:8124 */
    assert_true(e->known);
    assert_int_equal(e->slot, -1);
    assert_int_equal(e->smask, 0);
    assert_int_equal(e->rconst, 0);                           /* no defaults: reads 0 */
    e = regs_map_at(m, 0x2000);                               /* VAP_PORT_DATA0 [W], 000:13725 */
    assert_true(e->known);
    assert_int_equal(e->slot, -1);
    assert_int_equal(e->smask, 0);
    e = regs_map_at(m, 0x07D0);                               /* CP_ME_CNTL, 000:7928 */
    assert_int_equal(e->smask, 0x401F0000u);                  /* ME_STAT, ME_BUSY (R), ME_STEP (W) excluded */
    assert_int_equal(reset_of(m, 0x07D0), 0x40000000u);      /* ME_MODE=1, 000:7938 */
    e = regs_map_at(m, 0x2140);                               /* VAP_CNTL_STATUS, 000:13542 */
    assert_int_equal(e->smask, 0x00000103u);
    e = regs_map_at(m, 0x0710);                               /* CP_RB_RPTR: RB_RPTR (Access: R) */
    assert_int_equal(e->slot, -1);
}

static void test_alias_shares_storage(void **state)
{
    const regs_map *m = *state;
    static const uint32_t pairs[][2] = { { 0x1D98, 0x2098 }, { 0x1D9C, 0x209C }, { 0x1DA0, 0x20A0 },
                                         { 0x1DA4, 0x20A4 }, { 0x1DA8, 0x20A8 }, { 0x1DAC, 0x20AC } };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        const regs_word *a = regs_map_at(m, pairs[i][0]), *b = regs_map_at(m, pairs[i][1]);
        assert_true(a->slot >= 0);
        assert_int_equal(a->slot, b->slot);                   /* 000:14314: one register, two MMReg */
        assert_int_equal(a->smask, b->smask);
        assert_int_equal(m->slot_addr[a->slot], pairs[i][0]);
    }
}

static void test_us_ram(void **state)
{
    const regs_map *m = *state;
    assert_int_equal(m->ram_base, 0x9000);
    assert_int_equal(m->ram_depth, 3072);                     /* 0x9000-0xBFFC */
    for (uint32_t a = 0x9000; a <= 0xBFFC; a += 4) {
        const regs_word *e = regs_map_at(m, a);
        assert_int_equal(e->ram, (int32_t)((a - 0x9000) / 4));
        assert_int_equal(e->slot, -1);
        assert_int_equal(e->rconst, 0);
    }
    /* 0x9000 holds US_ALU_RGB_ADDR_0 and US_TEX_INST_0: the union of their fields is all 32 bits */
    assert_int_equal(regs_map_at(m, 0x9000)->smask, 0xFFFFFFFFu);
    assert_int_equal(regs_map_at(m, 0xB800)->smask, 0xFFFFFFFFu);  /* US_CMN_INST_0 */
    for (uint32_t i = 0; i < m->nknown; i++)                  /* the RAM is not in the register list */
        assert_true(m->known[i] < 0x9000 || m->known[i] > 0xBFFC);
}

static void test_apertures_and_unknown(void **state)
{
    const regs_map *m = *state;
    assert_int_equal(m->naper, 3);                            /* CP_CSQ_APER_*, 000:7728-7756 */
    for (uint32_t a = 0x1000; a <= 0x13FC; a += 4) {
        const regs_word *e = regs_map_at(m, a);
        assert_false(e->known);
        assert_int_equal(e->slot, -1);
        assert_int_equal(e->ram, -1);
        assert_int_equal(e->rconst, 0);
    }
    assert_null(regs_map_at(m, 0x4E06));                      /* not a dword address */
    assert_false(regs_map_at(m, 0x0000)->known);
    assert_false(regs_map_at(m, 0xFFFC)->known);
    assert_int_equal(regs_map_at(m, 0xFFFC)->slot, -1);
    /* every stored slot has exactly its own bits in its reset value */
    for (uint32_t w = 0; w < REGS_MAP_WORDS; w++) {
        const regs_word *e = &m->w[w];
        if (e->slot >= 0)
            assert_int_equal(m->slot_reset[e->slot] & ~e->smask, 0);
        if (!e->known)
            assert_true(e->slot < 0 && e->ram < 0 && e->smask == 0 && e->rconst == 0);
    }
}

static void test_stimulus_deterministic(void **state)
{
    (void)state;
    rc_vector a, b;
    char err[256];
    rc_vector_init(&a, &r5xx_regs_block);
    rc_vector_init(&b, &r5xx_regs_block);
    assert_int_equal(r5xx_regs_stimulus(&a, 9, 5000, err, sizeof err), 0);
    assert_int_equal(r5xx_regs_stimulus(&b, 9, 5000, err, sizeof err), 0);
    const rc_txlist *qa = &a.in[R5XX_REGS_CH_BUS], *qb = &b.in[R5XX_REGS_CH_BUS];
    assert_int_equal(qa->n, 5000);                            /* count = accesses */
    assert_int_equal(qb->n, 5000);
    assert_memory_equal(qa->vals, qb->vals, qa->n * 3 * sizeof qa->vals[0]);
    assert_memory_equal(qa->cycle, qb->cycle, qa->n * sizeof qa->cycle[0]);
    rc_vector_free(&a);
    rc_vector_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_write_register),
        cmocka_unit_test(test_read_only_and_write_only),
        cmocka_unit_test(test_alias_shares_storage),
        cmocka_unit_test(test_us_ram),
        cmocka_unit_test(test_apertures_and_unknown),
        cmocka_unit_test(test_stimulus_deterministic),
    };
    return cmocka_run_group_tests_name("regs_map", tests, setup, teardown);
}
