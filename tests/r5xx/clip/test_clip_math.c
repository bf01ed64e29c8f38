/*
 * test_clip_math.c - unit tests of r5xx.clip's formulas and register snooping
 * (docs/blocks/r5xx.clip.md): the user clip planes through both PVS loader ports and the index
 * wraps (D1), the viewport's two address ranges, the cull and clip sets of VAP_CLIP_CNTL (D4),
 * the clip codes of known positions in GL and D3D z, the intersection parameter and the lerp of
 * the worked example, the VTE paths (Mesa's 0x43F, xf86-video-ati's 0x300), and the point
 * expansion of PS_UCP_MODE 1-3 (D10: the sprite vector at 1542, the size, corners, radius codes),
 * and the outcodes' sign-of-a-sum shortcut against the full sum.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "clip_math.h"

#define ONE 0x3F800000u
#define HALF 0x3F000000u
#define TWO 0x40000000u

static void test_ucp_loader(void **state)
{
    (void)state;
    clip_regs r;
    memset(&r, 0, sizeof r);
    clip_regs_write(&r, CLIP_PVS_INDX, 1536);
    for (uint32_t k = 0; k < 24; k++)             /* Mesa: 6 planes as 24 dwords to 0x2208 */
        clip_regs_write(&r, CLIP_PVS_DATA128, 100 + k);
    assert_int_equal(r.ucp[0][0], 100);
    assert_int_equal(r.ucp[5][3], 123);
    assert_int_equal(r.indx, 1542);
    clip_regs_write(&r, CLIP_PVS_INDX, 1541 | 0xFFFFF800u);   /* only OCTWORD_OFFSET[10:0] */
    for (uint32_t k = 0; k < 8; k++)              /* DATA_REG: UCP5, then 1542 (the sprite vector) */
        clip_regs_write(&r, CLIP_PVS_DATA, 200 + k);
    assert_int_equal(r.ps[0], 204);
    assert_int_equal(r.ps[3], 207);
    assert_int_equal(r.ucp[5][0], 200);
    assert_int_equal(r.ucp[5][3], 203);
    assert_int_equal(r.ucp[0][0], 100);
    assert_int_equal(r.indx, 1536);               /* 1542 -> 1536 */
    clip_regs_write(&r, CLIP_PVS_INDX, 1535);     /* a constant: not a plane; 1535 -> 1024 */
    for (uint32_t k = 0; k < 4; k++)
        clip_regs_write(&r, CLIP_PVS_DATA, 7);
    assert_int_equal(r.indx, 1024);
    assert_int_equal(r.ucp[0][0], 100);
}

static void test_viewport_aliases(void **state)
{
    (void)state;
    clip_regs r;
    memset(&r, 0, sizeof r);
    clip_regs_write(&r, 0x1D98, 11);
    clip_regs_write(&r, 0x20AC, 16);
    clip_regs_write(&r, 0x1DA4, 14);
    clip_regs_write(&r, 0x1D9A, 99);              /* not a multiple of 4: ignored */
    assert_int_equal(r.vport[CLIP_XS], 11);
    assert_int_equal(r.vport[CLIP_YO], 14);
    assert_int_equal(r.vport[CLIP_ZO], 16);
    assert_int_equal(r.vport[CLIP_XO], 0);
}

static void test_sets(void **state)
{
    (void)state;
    clip_regs r;
    memset(&r, 0, sizeof r);
    r.clip_cntl = 0x5 | 3u << 14;
    assert_int_equal(clip_cull_set(&r), 0xF000 | 0x5 << 6 | 0x3);
    assert_int_equal(clip_clip_set(&r), 0x5 << 6 | 0x3F);
    r.clip_cntl |= 1u << 17;                      /* UCP_CULL_ONLY_ENA */
    assert_int_equal(clip_clip_set(&r), 0x3F);
    r.clip_cntl |= 1u << 16;                      /* CLIP_DISABLE */
    assert_int_equal(clip_cull_set(&r), 0);
    assert_int_equal(clip_clip_set(&r), 0);
}

static void test_codes(void **state)
{
    (void)state;
    clip_regs r;
    memset(&r, 0, sizeof r);
    for (unsigned k = 0; k < 4; k++)
        r.gb[k] = ONE;
    const uint32_t in[4] = { 0, 0, 0xBF000000u, ONE };          /* z = -0.5w: inside GL, outside D3D */
    assert_int_equal(clip_outcode(&r, in), 0);
    r.vap_cntl = 1u << 22;
    assert_int_equal(clip_outcode(&r, in), 0x1);
    const uint32_t right[4] = { TWO, 0, HALF, ONE };            /* x = 2w: right (3) and its discard (13) */
    assert_int_equal(clip_outcode(&r, right), 1u << 3 | 1u << 13);
    r.gb[CLIP_GB_HD] = 0x40400000u;                             /* discard at 3w: only the clip plane */
    assert_int_equal(clip_outcode(&r, right), 1u << 3);
    const uint32_t nan[4] = { 0x7FC00000u, 0, HALF, ONE };      /* a NaN distance is outside */
    assert_int_equal(clip_outcode(&r, nan) & 0x300Cu, 0x300Cu);  /* left, right and their discards */
    r.ucp[2][0] = 0xBF800000u;                                  /* UCP2: -x + 0.25 >= 0 */
    r.ucp[2][3] = 0x3E800000u;
    assert_int_equal(clip_dist(&r, right, 8), 0xBFE00000u);     /* -2 + 0.25 = -1.75 */
    assert_true(clip_inside(0x80000000u));                      /* -0 is inside */
    assert_false(clip_inside(0xBF800000u));
    assert_false(clip_inside(0x7FC00000u));
}

static void test_t_lerp(void **state)
{
    (void)state;
    uint32_t t = clip_t(0x3FC00000u, 0xBF800000u);              /* 1.5 / (1.5 + 1), truncated */
    assert_int_equal(t, 0x3F199999u);
    assert_int_equal(clip_lerp(t, 0, ONE), 0x3F199999u);
    assert_int_equal(clip_lerp(t, ONE, 0), 0x3ECCCCCEu);
    assert_int_equal(clip_lerp(0, 0x40490FDBu, 0x7F800000u), 0x7FC00000u);  /* 0 * Inf = NaN (IEEE mul) */
}

static void test_vte(void **state)
{
    (void)state;
    clip_regs r;
    memset(&r, 0, sizeof r);
    r.vport[CLIP_XS] = 0x43200000u;                             /* 160 */
    r.vport[CLIP_XO] = 0x43200000u;
    r.vport[CLIP_YS] = 0xC2F00000u;                             /* -120 */
    r.vport[CLIP_YO] = 0x42F00000u;
    r.vport[CLIP_ZS] = HALF;
    r.vport[CLIP_ZO] = HALF;
    r.vte_cntl = 0x43F;
    const uint32_t p[4] = { 0xBF000000u, 0xBF000000u, 0, TWO };   /* (-0.5, -0.5, 0, 2) */
    uint32_t o[4];
    clip_vte(&r, p, o);
    assert_int_equal(o[0], 0x42F00000u);                        /* -0.25 * 160 + 160 = 120 */
    assert_int_equal(o[1], 0x43160000u);                        /* -0.25 * -120 + 120 = 150 */
    assert_int_equal(o[2], HALF);
    assert_int_equal(o[3], HALF);                               /* w out = 1/w */
    r.vte_cntl = 0x300;                                         /* xf86-video-ati: as given */
    clip_vte(&r, p, o);
    assert_int_equal(o[0], p[0]);
    assert_int_equal(o[1], p[1]);
    assert_int_equal(o[2], p[2]);
    assert_int_equal(o[3], p[3]);
}

static void test_points(void **state)
{
    (void)state;
    clip_regs r;
    memset(&r, 0, sizeof r);
    const uint32_t sv[4] = { HALF, 0x3E800000u, TWO, ONE };     /* XR 0.5, YR 0.25, K 2, R 1 */
    clip_regs_write(&r, CLIP_PVS_INDX, 1542);
    for (unsigned k = 0; k < 4; k++)
        clip_regs_write(&r, CLIP_PVS_DATA128, sv[k]);
    for (unsigned k = 0; k < 4; k++)
        assert_int_equal(r.ps[k], sv[k]);
    for (unsigned k = 0; k < 6; k++)
        assert_int_equal(r.ucp[k][0], 0);
    clip_regs_write(&r, CLIP_VAP_CLIP_CNTL, 2u << 14 | 1u << 16);
    assert_int_equal(clip_ps_mode(&r), 2);
    uint32_t e[3], p[4] = { ONE, ONE, 0, TWO }, o[4];
    clip_point_ext(&r, p, 0x3E000000u, e);                      /* no PT_SIZE: size = K = 2 */
    assert_int_equal(e[0], TWO);                                /* 0.5 * 2 * w 2 */
    assert_int_equal(e[1], ONE);                                /* 0.25 * 2 * 2 */
    assert_int_equal(e[2], 0x40800000u);                        /* 1 * 2 * 2 = 4 */
    clip_regs_write(&r, CLIP_VAP_OUT_VTX_FMT_0, 1u << 16 | 1u);
    clip_point_ext(&r, p, HALF, e);                             /* size slot x 0.5: 0.5 * K = 1 */
    assert_int_equal(e[0], ONE);
    assert_int_equal(e[1], HALF);
    assert_int_equal(e[2], TWO);
    const uint32_t ee[3] = { TWO, ONE, 0 };
    const uint32_t want[4][2] = { { 0xBF800000u, 0 }, { 0x40400000u, 0 }, { 0x40400000u, TWO }, { 0xBF800000u, TWO } };
    for (unsigned k = 0; k < 4; k++) {                          /* -x-y, +x-y, +x+y, -x+y */
        clip_corner(p, ee, k, o);
        assert_int_equal(o[0], want[k][0]);
        assert_int_equal(o[1], want[k][1]);
        assert_int_equal(o[2], p[2]);
        assert_int_equal(o[3], p[3]);
    }
    for (unsigned k = 0; k < 4; k++)                            /* the guard band 1.0 */
        r.gb[k] = ONE;
    const uint32_t q[4] = { 0x3FC00000u, 0, 0, ONE };           /* x = 1.5: right d = -0.5 */
    assert_true(clip_outcode(&r, q) >> 3 & 1u);
    assert_false(clip_outcode_r(&r, q, ONE) >> 3 & 1u);         /* d + 1 = 0.5: inside */
    assert_true(clip_outcode_r(&r, q, 0xBF800000u) >> 3 & 1u);  /* d - 1: outside */
    assert_false(clip_outcode_r(&r, q, 0xBF800000u) >> 2 & 1u); /* left 2.5 - 1: inside */
    assert_int_equal(clip_outcode_r(&r, q, 0), clip_outcode(&r, q));
}

/* a pattern drawn to reach every case of clip_inside_sum: any bits, specials and denormals,
 * exponents near the other operand's (alignment, cancellation), its negation with low bits changed,
 * the smallest and largest exponents */
static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

static uint32_t near_pattern(uint32_t ref)
{
    static const uint32_t sp[] = { 0, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x00000001u,
                                   0x807FFFFFu, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x00800000u, 0x80800000u, 0x01000000u };
    uint32_t k = rnd() & 15u;
    if (k == 0)
        return sp[rnd() % 12u];
    if (k < 4)
        return rnd();
    if (k < 10) {
        int e = (int)(ref >> 23 & 0xFFu) + (int)(rnd() % 7u) - 3;
        e = e < 0 ? 0 : e > 255 ? 255 : e;
        return (rnd() & 0x80000000u) | (uint32_t)e << 23 | (rnd() & 0x7FFFFFu);
    }
    if (k < 13)
        return (ref ^ 0x80000000u) ^ (rnd() & ((1u << (rnd() % 24u)) - 1u));
    return (rnd() & 0x80000000u) | (1u + rnd() % 4u) << 23 | (rnd() & 0x7FFFFFu);
}

/* the outcodes' shortcut: the sign of a sum without forming it where it is plain, equal to
 * clip_inside(sf_add(a, b)) on 4,000,000 pairs (the development check ran 200,000,000) */
static void test_inside_sum(void **state)
{
    (void)state;
    unsigned long short_cut = 0;
    for (unsigned long i = 0; i < 4000000ul; i++) {
        uint32_t a = near_pattern(rnd()), b = near_pattern(a);
        int want = clip_inside(sf_add(a, b)), got = clip_inside_sum(a, b);
        if (got != want)
            fail_msg("clip_inside_sum(%08x, %08x) = %d, clip_inside(sf_add) = %d", (unsigned)a, (unsigned)b, got, want);
        uint32_t ea = a >> 23 & 0xFFu, eb = b >> 23 & 0xFFu;
        short_cut += ea - 1u < 254u && eb - 1u < 254u && (!((a ^ b) & 0x80000000u) || ea >= eb + 2u || eb >= ea + 2u);
    }
    assert_true(short_cut > 1000000ul && short_cut < 3500000ul); /* both ways taken often */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ucp_loader), cmocka_unit_test(test_viewport_aliases), cmocka_unit_test(test_sets),
        cmocka_unit_test(test_codes), cmocka_unit_test(test_t_lerp), cmocka_unit_test(test_vte),
        cmocka_unit_test(test_points), cmocka_unit_test(test_inside_sum),
    };
    return cmocka_run_group_tests_name("r5xx_clip_math", tests, NULL, NULL);
}
