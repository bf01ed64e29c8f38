/*
 * test_raster_math.c - the r5xx.raster arithmetic (model/r5xx/raster/raster_math.c) against the
 * seed facts and the decisions of docs/blocks/r5xx.raster.md: fx on special values and both
 * roundings, GB_TILE_CONFIG.SUBPIXEL (fact 31: 1 = 1/16), SU_CULL_MODE.FACE (fact 31: FACE = 0
 * makes a positive cross product front), RS_IP pointers 62/63 (fact 31: 0.0 / 1.0), the alpha
 * test's functions 4/6 with 8- and 10-bit references (fact 25), the SC_EDGERULE reading of
 * values 16-31 (the enumeration, not the field text), the assembly table, the depth conversion
 * with Mesa's SU_DEPTH_SCALE, the scissor's inclusivity and the clip rule's bit order; the quad
 * path: cvt (round toward zero), the RS instruction table's records (order, INST_COUNT + 1
 * instructions, the empty table) and the affine/perspective interpolation of a texture coordinate.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "raster_math.h"

static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static r5xx_raster_regs open_regs(void)
{
    r5xx_raster_regs r;
    r5xx_raster_regs_reset(&r);
    r.fmt0 = 3;               /* position and colour 0 */
    r.tilecfg = 1u << 16;
    r.sc1 = 8191 | 8191u << 13;
    r.clip_rule = 0xFFFF;
    r.colctl = 0xAAAA;
    r.rs_inst0 = 1u << 16;
    r.zfmt = 2;
    return r;
}

static r5xx_rvert vert(const r5xx_raster_regs *r, float x, float y, float z, float cr)
{
    uint32_t s[16][4];
    memset(s, 0, sizeof s);
    s[0][0] = fb(x);
    s[0][1] = fb(y);
    s[0][2] = fb(z);
    s[0][3] = fb(1.0f);
    s[1][0] = fb(cr);
    s[1][3] = fb(1.0f);
    r5xx_rvert v;
    r5xx_raster_vertex(r, (const uint32_t(*)[4])s, &v);
    return v;
}

static void test_fx(void **st)
{
    (void)st;
    assert_int_equal(r5xx_raster_fx(fb(1.0f), 16, 0, 0, -100, 100), 16);
    assert_int_equal(r5xx_raster_fx(fb(0.53f), 16, 0, 0, -100, 100), 8);     /* 8.48 floor */
    assert_int_equal(r5xx_raster_fx(fb(0.53f), 16, 0, 1, -100, 100), 8);
    assert_int_equal(r5xx_raster_fx(fb(0.55f), 16, 0, 1, -100, 100), 9);     /* 8.8 nearest */
    assert_int_equal(r5xx_raster_fx(fb(-0.01f), 16, 0, 0, -100, 100), -1);   /* floor, not toward 0 */
    assert_int_equal(r5xx_raster_fx(fb(-0.01f), 16, 0, 1, -100, 100), 0);
    assert_int_equal(r5xx_raster_fx(fb(0.5f / 16.0f), 16, 0, 1, -100, 100), 1);  /* tie goes up */
    assert_int_equal(r5xx_raster_fx(fb(-0.5f / 16.0f), 16, 0, 1, -100, 100), 0); /* -0.5 up to 0 */
    assert_int_equal(r5xx_raster_fx(0x7FC00000u, 16, 0, 0, -100, 100), 0);     /* NaN */
    assert_int_equal(r5xx_raster_fx(0x7F800000u, 16, 0, 0, -100, 100), 100);   /* +inf */
    assert_int_equal(r5xx_raster_fx(0xFF800000u, 16, 0, 0, -100, 100), -100);  /* -inf */
    assert_int_equal(r5xx_raster_fx(0x80000001u, 16, 0, 0, -100, 100), 0);     /* denormal */
    assert_int_equal(r5xx_raster_fx(fb(1.0e30f), 1, 0, 0, -100, 100), 100);
    assert_int_equal(r5xx_raster_fx(fb(1.0f), 65535, 0, 1, 0, 65535), 65535);
    assert_int_equal(r5xx_raster_fx(fb(0.5f), 65535, 0, 1, 0, 65535), 32768);  /* 32767.5 up */
    assert_int_equal(r5xx_raster_fx(fb(2.0f), 65535, 0, 1, 0, 65535), 65535);
    assert_int_equal(r5xx_raster_fx(fb(-2.0f), 65535, 0, 1, 0, 65535), 0);
}

/* Fact 31: SUBPIXEL = 1 means 1/16, 0 means 1/12. */
static void test_subpixel(void **st)
{
    (void)st;
    r5xx_raster_regs r = open_regs();
    assert_int_equal(vert(&r, 1.0f, 2.0f, 0, 0).x, 16);
    assert_int_equal(vert(&r, 1.0f, 2.0f, 0, 0).y, 32);
    r.tilecfg = 0;
    assert_int_equal(vert(&r, 1.0f, 2.0f, 0, 0).x, 12);
    assert_int_equal(vert(&r, 1.0f, 2.0f, 0, 0).y, 24);
}

/* Fact 31: FACE = 0, positive cross product = front. */
static void test_face(void **st)
{
    (void)st;
    r5xx_raster_regs r = open_regs();
    r5xx_rvert v[3] = { vert(&r, 2, 2, 0, 0), vert(&r, 10, 2, 0, 0), vert(&r, 2, 10, 0, 0) };
    r5xx_rprim p;
    r.cull = 2;               /* cull back */
    r5xx_raster_setup(&r, R5XX_RP_TRI, v, &p);
    assert_int_equal(p.walk, 1);
    assert_int_equal(p.back, 0);
    r.cull = 1;               /* cull front */
    r5xx_raster_setup(&r, R5XX_RP_TRI, v, &p);
    assert_int_equal(p.walk, 0);
    r.cull = 4 | 1;           /* FACE = 1: the same triangle is back-facing */
    r5xx_raster_setup(&r, R5XX_RP_TRI, v, &p);
    assert_int_equal(p.walk, 1);
    assert_int_equal(p.back, 1);
}

/* Fact 31: RS_IP pointers 62 / 63 are 0.0 / 1.0 (texture path of RS_INST_0). */
static void test_rs_const(void **st)
{
    (void)st;
    r5xx_raster_regs r = open_regs();
    r.fmt1 = 4;               /* texture 0 with 4 components */
    r.rs_inst0 = 1u << 4;
    r.rs_ip[0] = 63u | 62u << 6 | 0u << 12 | 63u << 18;   /* S=1.0 T=0.0 R=tex0.x Q=1.0 */
    uint32_t s[16][4];
    memset(s, 0, sizeof s);
    s[2][0] = fb(0.5f);       /* slot 2 = texture 0 (slot 1 = colour 0) */
    r5xx_rvert v;
    r5xx_raster_vertex(&r, (const uint32_t(*)[4])s, &v);
    assert_int_equal(v.c[0], 65535);   /* A <- Q = 1.0 */
    assert_int_equal(v.c[1], 65535);   /* R <- S = 1.0 */
    assert_int_equal(v.c[2], 0);       /* G <- T = 0.0 */
    assert_int_equal(v.c[3], 32768);   /* B <- R = tex0.x = 0.5 */
}

static int alpha_passes(uint32_t func, uint32_t val, float a)
{
    r5xx_raster_regs r = open_regs();
    r.af_func = func;
    r.af_val = val;
    r.fmt0 = 3;
    r5xx_rvert v[3] = { vert(&r, 0, 0, 0, 0), vert(&r, 0, 4, 0, 0), vert(&r, 4, 0, 0, 0) };
    for (int i = 0; i < 3; i++)
        v[i].c[0] = r5xx_raster_fx(fb(a), 65535, 0, 1, 0, 65535);
    r5xx_rprim p;
    r5xx_raster_setup(&r, R5XX_RP_TRI, v, &p);
    uint32_t z;
    uint64_t argb;
    return r5xx_raster_pixel(&r, &p, 0, 0, &z, &argb);
}

/* Fact 25: AF_FUNC 4 = greater, 6 = greater or equal; AF_EN_8BIT picks FG_ALPHA_FUNC[7:0], else the
 * 10-bit FG_ALPHA_VALUE. */
static void test_alpha(void **st)
{
    (void)st;
    const uint32_t EN = 1u << 11, B8 = 1u << 12;
    float a = 128.0f * 256.0f / 65535.0f;     /* alpha16 = 32768: 8-bit 128, 10-bit 512 */
    assert_int_equal(alpha_passes(EN | B8 | 4u << 8 | 128, 0, a), 0);     /* 128 > 128 */
    assert_int_equal(alpha_passes(EN | B8 | 6u << 8 | 128, 0, a), 1);     /* 128 >= 128 */
    assert_int_equal(alpha_passes(EN | B8 | 4u << 8 | 127, 0, a), 1);
    assert_int_equal(alpha_passes(EN | 4u << 8 | 128, 512, a), 0);        /* 10-bit: 512 > 512 */
    assert_int_equal(alpha_passes(EN | 6u << 8 | 128, 512, a), 1);
    assert_int_equal(alpha_passes(EN | 4u << 8 | 255, 511, a), 1);        /* AF_VAL ignored */
    assert_int_equal(alpha_passes(EN | 0u << 8, 0, a), 0);                /* never */
    assert_int_equal(alpha_passes(EN | 7u << 8, 0, a), 1);                /* always */
    assert_int_equal(alpha_passes(0u << 8, 0, a), 1);                     /* disabled */
}

/* Coverage of pixel (px, py) by the axis-aligned square [x0, x1] x [y0, y1] (pixels) under an
 * edge rule. */
static int covered(unsigned er, float x0, float y0, float x1, float y1, int px, int py)
{
    r5xx_raster_regs r = open_regs();
    r.edgerule = er;
    r5xx_rvert v[3] = { vert(&r, x0, y0, 0, 0), vert(&r, x0, y1, 0, 0), vert(&r, x1, y1, 0, 0) };
    r5xx_rprim p;
    r5xx_raster_setup(&r, R5XX_RP_TRI, v, &p);
    uint32_t z;
    uint64_t argb;
    return r5xx_raster_pixel(&r, &p, px, py, &z, &argb);
}

/* SC_EDGERULE: values 0-15 L/R/HT/HB with set bit = out; 16-31 per the enumeration (bit 2 = top). */
static void test_edgerule(void **st)
{
    (void)st;
    /* left edge x = 1.5 and bottom y = 3.5 through pixel (1, 3)'s centre; pixel (1, 2) is on the
     * left edge only, (2, 3) on the bottom (horizontal) edge only */
    assert_int_equal(covered(0, 1.5f, 0.5f, 5.5f, 3.5f, 1, 2), 1);
    assert_int_equal(covered(8, 1.5f, 0.5f, 5.5f, 3.5f, 1, 2), 0);    /* L-out */
    assert_int_equal(covered(4, 1.5f, 0.5f, 5.5f, 3.5f, 1, 2), 1);    /* R-out only */
    assert_int_equal(covered(1, 1.5f, 0.5f, 5.5f, 3.5f, 2, 3), 0);    /* HB-out */
    assert_int_equal(covered(2, 1.5f, 0.5f, 5.5f, 3.5f, 2, 3), 1);    /* HT-out only */
    /* 16-31: the left edge is vertical: VL = bit 1; the bottom edge is not vertical: B = bit 3 */
    assert_int_equal(covered(18, 1.5f, 0.5f, 5.5f, 3.5f, 1, 2), 0);   /* VL-out */
    assert_int_equal(covered(17, 1.5f, 0.5f, 5.5f, 3.5f, 1, 2), 1);   /* VR-out */
    assert_int_equal(covered(24, 1.5f, 0.5f, 5.5f, 3.5f, 2, 3), 0);   /* 24 = T-in, B-out */
    assert_int_equal(covered(20, 1.5f, 0.5f, 5.5f, 3.5f, 2, 3), 1);   /* 20 = T-out, B-in */
    /* Mesa's ER_TRI = 5: top-left */
    assert_int_equal(covered(5, 1.5f, 0.5f, 5.5f, 3.5f, 1, 2), 1);
    assert_int_equal(covered(5, 1.5f, 0.5f, 5.5f, 3.5f, 2, 3), 0);
}

static void test_assemble(void **st)
{
    (void)st;
    r5xx_rasm a[2];
    assert_int_equal(r5xx_raster_assemble(4, 1, 0, a), 0);
    assert_int_equal(r5xx_raster_assemble(4, 2, 0, a), 1);
    assert_int_equal(a[0].ref[0], R5XX_RV_P2);
    assert_int_equal(r5xx_raster_assemble(6, 3, 0, a), 1);     /* odd strip triangle: P1, P2, N */
    assert_int_equal(a[0].ref[0], R5XX_RV_P1);
    assert_int_equal(a[0].ref[1], R5XX_RV_P2);
    assert_int_equal(r5xx_raster_assemble(13, 3, 0, a), 2);
    assert_int_equal(r5xx_raster_assemble(14, 5, 0, a), 2);
    assert_int_equal(r5xx_raster_assemble(14, 4, 0, a), 0);
    assert_int_equal(r5xx_raster_assemble(12, 3, 1, a), 2);    /* loop closes */
    assert_int_equal(a[1].ref[1], R5XX_RV_F);
    assert_int_equal(r5xx_raster_assemble(15, 2, 0, a), 1);    /* polygon = fan */
    assert_int_equal(a[0].ref[0], R5XX_RV_F);
    for (unsigned t = 8; t < 12; t++)
        assert_int_equal(r5xx_raster_assemble(t, 5, 1, a), 0);
    assert_int_equal(r5xx_raster_assemble(0, 5, 1, a), 0);
}

/* Mesa's SU_DEPTH_SCALE 0x4B7FFFFF (2^24 - 1): z 1.0 -> 0xFFFFFF, 0.5 -> 0x800000 (ties up). */
static void test_depth(void **st)
{
    (void)st;
    r5xx_raster_regs r = open_regs();
    r.dscale = 0x4B7FFFFFu;
    assert_int_equal(vert(&r, 0, 0, 1.0f, 0).z, 0xFFFFFF);
    assert_int_equal(vert(&r, 0, 0, 0.5f, 0).z, 0x800000);
    assert_int_equal(vert(&r, 0, 0, 0.0f, 0).z, 0);
    assert_int_equal(vert(&r, 0, 0, 2.0f, 0).z, 0xFFFFFF);       /* vertex clamp */
    assert_int_equal(vert(&r, 0, 0, -1.0f, 0).z, 0);
    r5xx_raster_regs_reset(&r);                                  /* scale 1.0 */
    assert_int_equal(vert(&r, 0, 0, 1.0f, 0).z, 1);
}

/* The polygon offset slope term: value(f) * g / a, nearest with ties up, saturated to +-2^24. */
static void test_slope(void **st)
{
    (void)st;
    assert_int_equal(r5xx_raster_slope(fb(1.0f), 10, 4), 3);          /* 2.5 -> 3 */
    assert_int_equal(r5xx_raster_slope(fb(-1.0f), 10, 4), -2);        /* -2.5 -> -2 (ties up) */
    assert_int_equal(r5xx_raster_slope(fb(0.5f), 7, 1), 4);           /* 3.5 -> 4 */
    assert_int_equal(r5xx_raster_slope(fb(3.0f), 0, 5), 0);           /* flat */
    assert_int_equal(r5xx_raster_slope(0x7FC00000u, 9, 1), 0);        /* NaN */
    assert_int_equal(r5xx_raster_slope(0x7F800000u, 9, 1), 1 << 24);  /* +inf */
    assert_int_equal(r5xx_raster_slope(0xFF800000u, 9, 1), -(1 << 24));
    assert_int_equal(r5xx_raster_slope(0x7F800000u, 0, 1), 0);        /* inf x 0 */
    assert_int_equal(r5xx_raster_slope(fb(1.0e12f), 1, 1000), 1 << 24);
    assert_int_equal(r5xx_raster_slope(fb(1.0e-30f), 1000000, 1), 0);
    assert_int_equal(r5xx_raster_slope(fb(0.25f), 1, 1), 0);          /* 0.25 -> 0 */
    assert_int_equal(r5xx_raster_slope(fb(0.75f), 1, 1), 1);
}

/* The scissor is inclusive; rectangle 0 is bit 0 of the clip rule's index. */
static void test_scissor_clip(void **st)
{
    (void)st;
    r5xx_raster_regs r = open_regs();
    r.sc0 = 3 | 4u << 13;
    r.sc1 = 9 | 6u << 13;
    r5xx_rvert v[3] = { vert(&r, 0, 0, 0, 0), vert(&r, 0, 64, 0, 0), vert(&r, 64, 0, 0, 0) };
    r5xx_rprim p;
    r5xx_raster_setup(&r, R5XX_RP_TRI, v, &p);
    assert_int_equal(p.px0, 3);
    assert_int_equal(p.px1, 9);
    assert_int_equal(p.py0, 4);
    assert_int_equal(p.py1, 6);
    r.clip_rule = 0xAAAA;
    r.clip_a[0] = 2 | 2u << 13;
    r.clip_b[0] = 6 | 5u << 13;
    uint32_t z;
    uint64_t argb;
    assert_int_equal(r5xx_raster_pixel(&r, &p, 6, 5, &z, &argb), 1);
    assert_int_equal(r5xx_raster_pixel(&r, &p, 7, 5, &z, &argb), 0);
    r.clip_rule = 0x5555;
    assert_int_equal(r5xx_raster_pixel(&r, &p, 7, 5, &z, &argb), 1);
}

static void test_cvt(void **state)
{
    (void)state;
    assert_int_equal(r5xx_raster_cvt(0), 0x00000000u);
    assert_int_equal(r5xx_raster_cvt(1), 0x3F800000u);
    assert_int_equal(r5xx_raster_cvt(-3), 0xC0400000u);
    assert_int_equal(r5xx_raster_cvt(16777217), 0x4B800000u);      /* 2^24 + 1: truncated */
    assert_int_equal(r5xx_raster_cvt(-16777219), 0xCB800001u);     /* toward zero */
    assert_int_equal(r5xx_raster_cvt((int64_t)1 << 40), 0x53800000u);
}

static void test_records(void **state)
{
    (void)state;
    r5xx_raster_regs r;
    r5xx_raster_regs_reset(&r);
    r5xx_rrec rec[32];
    /* the empty table: one all-zero record to register 0 */
    assert_int_equal(r5xx_raster_records(&r, rec), 1);
    assert_int_equal(rec[0].addr, 0);
    assert_int_equal(rec[0].src[0], -1);
    /* xf86-video-ati's Composite with a mask: INST_COUNT 1, tex 0 -> r0, tex 1 -> r1 */
    r5xx_raster_regs_write(&r, 0x4304, 1);
    r5xx_raster_regs_write(&r, 0x4074, 0x00FFE040u);
    r5xx_raster_regs_write(&r, 0x4078, 0x00FFE0C2u);
    r5xx_raster_regs_write(&r, 0x4320, 0x10);
    r5xx_raster_regs_write(&r, 0x4324, 0x31);
    r5xx_raster_regs_write(&r, 0x4328, 0x10 | 7 << 5);   /* beyond INST_COUNT: not used */
    assert_int_equal(r5xx_raster_records(&r, rec), 2);
    assert_int_equal(rec[0].addr, 0);
    assert_int_equal(rec[1].addr, 1);
    assert_int_equal(rec[1].src[0], 2);                    /* S = packet 2 */
    assert_int_equal(rec[1].src[1], 3);
    assert_int_equal(rec[1].src[2], -1);                   /* R = K0 */
    assert_int_equal(rec[1].src[3], -2);                   /* Q = K1 */
    /* texture before colour within one instruction; COL_FMT 6 = (0, 0, 0, 1) */
    r5xx_raster_regs_write(&r, 0x4304, 0);
    r5xx_raster_regs_write(&r, 0x4320, 0x10 | 9 << 5 | 1 << 12 | 1 << 16 | 4 << 18);
    r5xx_raster_regs_write(&r, 0x4078, 2u << 24 | 6u << 27);
    assert_int_equal(r5xx_raster_records(&r, rec), 2);
    assert_int_equal(rec[0].addr, 9);
    assert_int_equal(rec[1].addr, 4);
    assert_int_equal(rec[1].src[0], -1);
    assert_int_equal(rec[1].src[3], -2);
}

static void test_rs_interp(void **state)
{
    (void)state;
    r5xx_raster_regs r = open_regs();
    r.rs_count = 0x00040002u;
    r.rs_ip[0] = 0x00FFE040u;
    r.rs_inst[0] = 0x10;
    r5xx_rprim p;
    memset(&p, 0, sizeof p);
    p.kind = R5XX_RP_TRI;
    /* a right triangle (0,0) (0,16) (16,0) subpixels at 1/16 (cross < 0 listed: normalised as
     * v0, (16,0), (0,16)), s = x/16 pixels, t = y */
    p.v[0].x = 0; p.v[0].y = 0;
    p.v[1].x = 16 * 16; p.v[1].y = 0;
    p.v[2].x = 0; p.v[2].y = 16 * 16;
    p.area = 256 * 256;
    for (int i = 0; i < 3; i++)
        p.v[i].q = fb(1.0f);
    p.v[1].pk[0] = fb(1.0f);
    p.v[2].pk[1] = fb(1.0f);
    r5xx_rrec rec[32];
    assert_int_equal(r5xx_raster_records(&r, rec), 1);
    uint64_t rg[4], ba[4];
    r5xx_raster_rs_values(&r, &p, &rec[0], 2, 4, rg, ba);
    /* pixel 0 at (2.5, 4.5): s = 2.5/16, t = 4.5/16 exactly (affine, q = 1) */
    assert_int_equal((uint32_t)rg[0], fb(2.5f / 16.0f));
    assert_int_equal((uint32_t)(rg[0] >> 32), fb(4.5f / 16.0f));
    assert_int_equal((uint32_t)ba[0], 0);                  /* R = K0 */
    assert_int_equal((uint32_t)(ba[0] >> 32), fb(1.0f));   /* Q = K1 */
    assert_int_equal((uint32_t)rg[3], fb(3.5f / 16.0f));
    /* perspective: q = 1/W = 0.5 at v1 pulls s toward v0 */
    p.v[1].q = fb(0.5f);
    r5xx_raster_rs_values(&r, &p, &rec[0], 8, 0, rg, ba);
    float s;
    uint32_t u = (uint32_t)rg[0];
    memcpy(&s, &u, 4);
    assert_true(s < 8.5f / 16.0f && s > 0.3f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fx),
        cmocka_unit_test(test_subpixel),
        cmocka_unit_test(test_face),
        cmocka_unit_test(test_rs_const),
        cmocka_unit_test(test_alpha),
        cmocka_unit_test(test_edgerule),
        cmocka_unit_test(test_assemble),
        cmocka_unit_test(test_depth),
        cmocka_unit_test(test_scissor_clip),
        cmocka_unit_test(test_slope),
        cmocka_unit_test(test_cvt),
        cmocka_unit_test(test_records),
        cmocka_unit_test(test_rs_interp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
