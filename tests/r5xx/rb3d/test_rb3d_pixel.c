/*
 * test_rb3d_pixel.c - the R5xx colour backend's arithmetic (model/r5xx/rb3d/rb3d_pixel.c)
 * against the seed facts (spec extract section 4 facts 22-24, 000:8203-9122) and against the
 * decisions of docs/blocks/r5xx.rb3d.md: COMB_FCN codes, factors, min/max ignoring the factors,
 * clamping, D3D_SRCALPHA / INVSRCALPHA, constant colour, ROP (disabled = copy, 0x6 = XOR),
 * format packing (ARGB8888 blue in [7:0] alpha in [31:24], RGB565, ...), dither, channel masks
 * and byte enables, endian swaps, the read decision and the drops.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "rb3d_pixel.h"
#include "rc_rng.h"

static uint64_t argb(uint32_t a, uint32_t r, uint32_t g, uint32_t b)
{
    return (uint64_t)a << 48 | (uint64_t)r << 32 | (uint64_t)g << 16 | b;
}

static uint32_t ch(uint64_t c, unsigned i) { return (uint32_t)(c >> (16 * i)) & 0xFFFF; }

static uint32_t cntl(unsigned comb, unsigned sf, unsigned df)
{
    return comb << 12 | sf << 16 | df << 24;
}

/* Registers with blending on (colour and alpha use BLENDCNTL) and one ARGB8888 buffer. */
static void setup(rb3d_regs *r, uint32_t blend)
{
    rb3d_regs_reset(r);
    r->r[RB3D_R_BLEND] = blend | 0x5;                 /* ALPHA_BLEND_ENABLE, READ_ENABLE */
    r->r[RB3D_R_OFF0] = 0x100000;
    r->r[RB3D_R_PITCH0] = 64 | 6u << 21;
}

static void test_reset_values(void **state)
{
    (void)state;   /* 000:8449, 8863-8954, 8667-8683, 8833 */
    rb3d_regs r;
    rb3d_regs_reset(&r);
    assert_int_equal(r.r[RB3D_R_BLEND], 0x4);
    assert_int_equal(r.r[RB3D_R_CHMASK], 0xFFFF);
    assert_int_equal(r.r[RB3D_R_GTE], 0xFFFFFFFFu);
    assert_int_equal(r.r[RB3D_R_LTE], 0);
    for (unsigned n = 0; n < 4; n++)
        assert_int_equal(r.r[RB3D_R_PITCH0 + n] >> 21 & 15, RB3D_FMT_ARGB8888);   /* fact 24: reset 6 */
    assert_int_equal(rb3d_rop2(&r), 0xC);
    assert_int_equal(rb3d_reg_index(0x4E04), RB3D_R_BLEND);
    assert_int_equal(rb3d_reg_index(0x4E08), RB3D_R_ABLEND);
    assert_int_equal(rb3d_reg_index(0x4E44), RB3D_R_PITCH0 + 3);
    assert_int_equal(rb3d_reg_index(0x4E2A), -1);
    assert_int_equal(rb3d_reg_index(0x4E14), -1);     /* COLOR_CLEAR_VALUE: not used */
}

static void test_mul16_exact(void **state)
{
    (void)state;   /* round(a*b/65535), halves up; exhaustive in r5xx_rb3d_mul16's comment */
    rc_rng g = rc_rng_make(1, 2);
    for (int i = 0; i < 1000000; i++) {
        uint64_t a = rc_rng_below(&g, 65536), b = rc_rng_below(&g, 65536);
        assert_int_equal(rb3d_mul16((uint32_t)a, (uint32_t)b), (2 * a * b + 65535) / (2 * 65535));
    }
    assert_int_equal(rb3d_mul16(65535, 65535), 65535);
    assert_int_equal(rb3d_mul16(65535, 1234), 1234);
    assert_int_equal(rb3d_mul16(0x8000, 0x8000), 0x4000);   /* 16384.25 */
}

static void test_expand_reduce(void **state)
{
    (void)state;
    assert_int_equal(rb3d_expand(0x1F, 5), 0xFFFF);
    assert_int_equal(rb3d_expand(0x10, 5), 0x8421);
    assert_int_equal(rb3d_expand(0x20, 6), 0x8208);
    assert_int_equal(rb3d_expand(0xAB, 8), 0xABAB);
    assert_int_equal(rb3d_expand(0x200, 10), 0x8020);
    assert_int_equal(rb3d_expand(1, 1), 0xFFFF);
    assert_int_equal(rb3d_expand(2, 2), 0xAAAA);
    /* a stored value survives widening and narrowing in both dither modes */
    static const unsigned widths[] = { 1, 2, 4, 5, 6, 8, 10, 16 };
    for (unsigned i = 0; i < sizeof widths / sizeof *widths; i++) {
        unsigned n = widths[i];
        for (uint32_t v = 0; v < (1u << n); v += n == 16 ? 97 : 1) {
            assert_int_equal(rb3d_reduce(rb3d_expand(v, n), n, 0), v);
            assert_int_equal(rb3d_reduce(rb3d_expand(v, n), n, 1), v);
        }
    }
    /* truncate keeps the top bits; round is round(v * 31 / 65535) */
    assert_int_equal(rb3d_reduce(0x87FF, 5, 0), 0x10);
    assert_int_equal(rb3d_reduce(0x87FF, 5, 1), 0x10);
    assert_int_equal(rb3d_reduce(0x8400, 5, 1), 0x10);
    assert_int_equal(rb3d_reduce(0x0FFF, 5, 0), 1);
    assert_int_equal(rb3d_reduce(0x0FFF, 5, 1), 2);   /* 4095 * 31 / 65535 = 1.94 */
    assert_int_equal(rb3d_reduce(0x7FFF, 1, 1), 0);
    assert_int_equal(rb3d_reduce(0x8000, 1, 1), 1);
}

static void test_formats(void **state)
{
    (void)state;
    /* fact 24: ARGB8888 stores blue in [7:0] and alpha in [31:24] (000:8964-8971) */
    uint32_t c8[4] = { 0x11, 0x22, 0x33, 0x44 };       /* B G R A */
    assert_int_equal(rb3d_pack(RB3D_FMT_ARGB8888, c8), 0x44332211);
    assert_int_equal(rb3d_unpack(RB3D_FMT_ARGB8888, 0x44332211), argb(0x4444, 0x3333, 0x2222, 0x1111));
    /* RGB565: R[15:11] G[10:5] B[4:0], no alpha (reads as 1.0) */
    uint32_t c565[4] = { 0x1F, 0x00, 0x01, 0x3 };
    assert_int_equal(rb3d_pack(RB3D_FMT_RGB565, c565), 0x081F);
    uint32_t g565[4] = { 0, 0x3F, 0, 0 };
    assert_int_equal(rb3d_pack(RB3D_FMT_RGB565, g565), 0x07E0);
    assert_int_equal(ch(rb3d_unpack(RB3D_FMT_RGB565, 0xF800), 2), 0xFFFF);
    assert_int_equal(ch(rb3d_unpack(RB3D_FMT_RGB565, 0xF800), 3), 0xFFFF);
    assert_int_equal(rb3d_fmt_channels(RB3D_FMT_RGB565), 0x7);
    /* ARGB1555, ARGB4444, ARGB2101010, I8, ARGB16161616 */
    uint32_t c1555[4] = { 1, 2, 3, 1 };
    assert_int_equal(rb3d_pack(RB3D_FMT_ARGB1555, c1555), 0x8C41);
    uint32_t c4444[4] = { 1, 2, 3, 4 };
    assert_int_equal(rb3d_pack(RB3D_FMT_ARGB4444, c4444), 0x4321);
    uint32_t c2101010[4] = { 0x3FF, 0, 0x155, 2 };
    assert_int_equal(rb3d_pack(RB3D_FMT_ARGB2101010, c2101010), 0x955003FFu);
    uint32_t ci8[4] = { 0x11, 0x22, 0x9A, 0x44 };
    assert_int_equal(rb3d_pack(RB3D_FMT_I8, ci8), 0x9A);
    assert_int_equal(rb3d_unpack(RB3D_FMT_I8, 0x9A), argb(0xFFFF, 0x9A9A, 0x9A9A, 0x9A9A));
    uint32_t c16[4] = { 0x1111, 0x2222, 0x3333, 0x4444 };
    assert_true(rb3d_pack(RB3D_FMT_ARGB16161616, c16) == 0x4444333322221111ull);
    /* pixel sizes (000:8833-8859): 4 RGB565 and 15 ARGB4444 are 16 bits, 6 ARGB8888 32 */
    assert_int_equal(rb3d_fmt_bpp_log2(4), 1);
    assert_int_equal(rb3d_fmt_bpp_log2(15), 1);
    assert_int_equal(rb3d_fmt_bpp_log2(6), 2);
    assert_int_equal(rb3d_fmt_bpp_log2(9), 0);
    assert_int_equal(rb3d_fmt_bpp_log2(10), 3);
    assert_int_equal(rb3d_fmt_bpp_log2(0), -1);
    assert_int_equal(rb3d_fmt_bpp_log2(7), -1);
    assert_true(rb3d_chanbits(RB3D_FMT_RGB565, 0x5) == 0xF81F);
    assert_true(rb3d_chanbits(RB3D_FMT_ARGB2101010, 0x8) == 0xC0000000u);
}

static void test_swap(void **state)
{
    (void)state;   /* COLORENDIAN codes as the CP's (000:8014-8020), per 32-bit half */
    assert_true(rb3d_swap(0x11223344AABBCCDDull, 1) == 0x22114433BBAADDCCull);
    assert_true(rb3d_swap(0x11223344AABBCCDDull, 2) == 0x44332211DDCCBBAAull);
    assert_true(rb3d_swap(0x11223344AABBCCDDull, 3) == 0x33441122CCDDAABBull);
    assert_int_equal(rb3d_swap_be(0x01, 1), 0x02);
    assert_int_equal(rb3d_swap_be(0x03, 2), 0x0C);
    assert_int_equal(rb3d_swap_be(0x30, 3), 0xC0);
    rc_rng g = rc_rng_make(3, 4);
    for (int i = 0; i < 1000; i++) {
        uint64_t w = rc_rng_next(&g);
        unsigned be = (unsigned)rc_rng_below(&g, 256);
        for (unsigned m = 0; m < 4; m++) {
            assert_true(rb3d_swap(rb3d_swap(w, m), m) == w);
            assert_int_equal(rb3d_swap_be(rb3d_swap_be(be, m), m), be);
            /* the enables follow the bytes */
            uint64_t bytes = 0;
            for (unsigned b = 0; b < 8; b++)
                if (be >> b & 1)
                    bytes |= 0xFFull << (8 * b);
            uint64_t sb = 0;
            unsigned sbe = rb3d_swap_be(be, m);
            for (unsigned b = 0; b < 8; b++)
                if (sbe >> b & 1)
                    sb |= 0xFFull << (8 * b);
            assert_true((rb3d_swap(w & bytes, m)) == (rb3d_swap(w, m) & sb));
        }
    }
}

static void test_comb_fcn(void **state)
{
    (void)state;   /* 000:8259-8272; fact 22 */
    rb3d_regs r;
    uint64_t s = argb(0xC000, 0xC000, 0x4000, 0x9000), d = argb(0x8000, 0x8000, 0x8000, 0x9000);
    setup(&r, cntl(0, 2, 2));                         /* ONE, ONE: add and clamp */
    assert_int_equal(ch(rb3d_blend(&r, s, d), 2), 0xFFFF);
    assert_int_equal(ch(rb3d_blend(&r, s, d), 1), 0xC000);
    setup(&r, cntl(1, 2, 2));                         /* add, no clamp: the low 16 bits */
    assert_int_equal(ch(rb3d_blend(&r, s, d), 2), 0x4000);
    setup(&r, cntl(2, 2, 2));                         /* src - dst, clamp */
    assert_int_equal(ch(rb3d_blend(&r, s, d), 2), 0x4000);
    assert_int_equal(ch(rb3d_blend(&r, s, d), 1), 0);
    setup(&r, cntl(3, 2, 2));                         /* src - dst, no clamp */
    assert_int_equal(ch(rb3d_blend(&r, s, d), 1), 0xC000);
    setup(&r, cntl(6, 2, 2));                         /* fact 22: COMB_FCN 6 = dst - src, clamp */
    assert_int_equal(ch(rb3d_blend(&r, s, d), 1), 0x4000);
    assert_int_equal(ch(rb3d_blend(&r, s, d), 2), 0);
    setup(&r, cntl(7, 2, 2));                         /* dst - src, no clamp */
    assert_int_equal(ch(rb3d_blend(&r, s, d), 2), 0xC000);
    assert_int_equal(ch(rb3d_blend(&r, s, d), 0), 0);
    /* fact 22: min / max ignore the factors (forced to ONE) */
    setup(&r, cntl(4, 1, 1));
    assert_true(rb3d_blend(&r, s, d) == argb(0x8000, 0x8000, 0x4000, 0x9000));
    setup(&r, cntl(5, 32, 6));
    assert_true(rb3d_blend(&r, s, d) == argb(0xC000, 0xC000, 0x8000, 0x9000));
}

static void test_factors(void **state)
{
    (void)state;   /* fact 22: SRCBLEND 5 = D3D_SRCALPHA, DESTBLEND 6 = D3D_INVSRCALPHA, 38, 43 */
    rb3d_regs r;
    uint64_t s = argb(0x4000, 0xFFFF, 0x8000, 0x0000), d = argb(0xFFFF, 0x0000, 0x8000, 0xFFFF);
    setup(&r, cntl(0, 5, 6));
    uint64_t o = rb3d_blend(&r, s, d);
    assert_int_equal(ch(o, 2), rb3d_mul16(0xFFFF, 0x4000));                       /* R: s*As */
    assert_int_equal(ch(o, 0), rb3d_mul16(0xFFFF, 0xBFFF));                       /* B: d*(1-As) */
    assert_int_equal(ch(o, 1), 0x8000);                                           /* G: lerp of equals */
    assert_int_equal(ch(o, 3), rb3d_mul16(0x4000, 0x4000) + rb3d_mul16(0xFFFF, 0xBFFF));
    setup(&r, cntl(0, 38, 39));                                                   /* GL names, same */
    assert_true(rb3d_blend(&r, s, d) == o);
    /* GL_CONSTANT_COLOR (43) takes RB3D_CONSTANT_COLOR, 8-bit BGRA widened by 257 */
    setup(&r, cntl(0, 43, 1));
    r.r[RB3D_R_CONST] = 0x80402010;
    assert_true(rb3d_blend(&r, argb(0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF), d) == argb(0x8080, 0x4040, 0x2020, 0x1010));
    setup(&r, cntl(0, 45, 1));                                                    /* CONSTANT_ALPHA */
    r.r[RB3D_R_CONST] = 0x80402010;
    assert_int_equal(ch(rb3d_blend(&r, argb(0, 0xFFFF, 0, 0), d), 2), 0x8080);
    /* SRCALPHASAT: min(As, 1 - Ad) on colour, 1 on alpha; destination only gives 0 */
    setup(&r, cntl(0, 11, 1));
    o = rb3d_blend(&r, argb(0x6000, 0xFFFF, 0, 0), argb(0xC000, 0, 0, 0));
    assert_int_equal(ch(o, 2), 0x3FFF);
    assert_int_equal(ch(o, 3), 0x6000);
    assert_int_equal(rb3d_factor(11, 0, 2, s, d, 0), 0);
    assert_int_equal(rb3d_factor(42, 1, 3, s, d, 0), 0xFFFF);
    /* BOTHSRCALPHA: (As, 1-As) whatever DESTBLEND says; BOTHINVSRCALPHA: (1-As, As) */
    rb3d_regs q;
    setup(&r, cntl(0, 12, 2));
    setup(&q, cntl(0, 5, 6));
    assert_true(rb3d_blend(&r, s, d) == rb3d_blend(&q, s, d));
    setup(&r, cntl(0, 13, 1));
    setup(&q, cntl(0, 6, 5));
    assert_true(rb3d_blend(&r, s, d) == rb3d_blend(&q, s, d));
    /* reserved codes are ZERO */
    setup(&r, cntl(0, 0, 63));
    assert_true(rb3d_blend(&r, s, d) == 0);
    setup(&r, cntl(0, 2, 11));                                                    /* 11 as DESTBLEND */
    assert_true(rb3d_blend(&r, s, d) == s);
    /* separate alpha: ABLENDCNTL drives alpha only */
    setup(&r, cntl(0, 2, 1) | 0x2);
    r.r[RB3D_R_ABLEND] = cntl(0, 1, 2);
    o = rb3d_blend(&r, s, d);
    assert_int_equal(ch(o, 3), 0xFFFF);
    assert_int_equal(ch(o, 2), 0xFFFF);
}

/* rb3d_blend (with its table of operands) against a plain statement through rb3d_factor. */
static void test_blend_reference(void **state)
{
    (void)state;
    rc_rng g = rc_rng_make(5, 6);
    rb3d_regs r;
    for (int i = 0; i < 200000; i++) {
        uint32_t b = (uint32_t)rc_rng_next(&g), a = (uint32_t)rc_rng_next(&g);
        setup(&r, b & 0x3F3F7002u);
        r.r[RB3D_R_ABLEND] = a;
        r.r[RB3D_R_CONST] = (uint32_t)rc_rng_next(&g);
        uint64_t s = rc_rng_next(&g), d = rc_rng_next(&g);
        uint64_t want = 0;
        for (unsigned c = 0; c < 4; c++) {
            uint32_t cn = (c == 3 && (r.r[RB3D_R_BLEND] & 2)) ? r.r[RB3D_R_ABLEND] : r.r[RB3D_R_BLEND];
            unsigned comb = cn >> 12 & 7, sf = cn >> 16 & 63, df = cn >> 24 & 63;
            int32_t sc = (int32_t)ch(s, c), dc = (int32_t)ch(d, c), v;
            uint32_t fs = rb3d_factor(sf, 1, c, s, d, r.r[RB3D_R_CONST]);
            uint32_t fd = rb3d_factor(df, 0, c, s, d, r.r[RB3D_R_CONST]);
            if (sf == 12) fd = 0xFFFF - ch(s, 3);
            if (sf == 13) fd = ch(s, 3);
            int32_t ps = (int32_t)rb3d_mul16((uint32_t)sc, fs), pd = (int32_t)rb3d_mul16((uint32_t)dc, fd);
            switch (comb) {
            case 0: v = ps + pd > 0xFFFF ? 0xFFFF : ps + pd; break;
            case 1: v = (ps + pd) & 0xFFFF; break;
            case 2: v = ps < pd ? 0 : ps - pd; break;
            case 3: v = (ps - pd) & 0xFFFF; break;
            case 4: v = sc < dc ? sc : dc; break;
            case 5: v = sc > dc ? sc : dc; break;
            case 6: v = pd < ps ? 0 : pd - ps; break;
            default: v = (pd - ps) & 0xFFFF; break;
            }
            want |= (uint64_t)(uint32_t)v << (16 * c);
        }
        assert_true(rb3d_blend(&r, s, d) == want);
    }
}

static void test_rop(void **state)
{
    (void)state;   /* fact 23: ROP_ENABLE = 0 => 0xCC (copy); ROP 0x6 => 0x66 (XOR) */
    rb3d_regs r;
    rb3d_regs_reset(&r);
    r.r[RB3D_R_ROP] = 0x600;                          /* ROP 6 but not enabled */
    assert_int_equal(rb3d_rop2(&r), 0xC);
    r.r[RB3D_R_ROP] = 0x604;
    assert_int_equal(rb3d_rop2(&r), 0x6);
    assert_true(rb3d_rop(0xC, 0x1234, 0xFF00) == 0x1234);
    assert_true(rb3d_rop(0x6, 0x1234, 0xFF00) == (0x1234 ^ 0xFF00));
    assert_true(rb3d_rop(0xA, 0x1234, 0xFF00) == 0xFF00);         /* D */
    assert_true(rb3d_rop(0x8, 0x1234, 0xFF00) == 0x1200);         /* S and D */
    assert_true(rb3d_rop(0xE, 0x1234, 0xFF00) == 0xFF34);         /* S or D */
    assert_true(rb3d_rop(0x3, 0x1234, 0xFF00) == ~0x1234ull);     /* not S */
    assert_true(rb3d_rop(0x0, 0x1234, 0xFF00) == 0);
    assert_true(rb3d_rop(0xF, 0x1234, 0xFF00) == ~0ull);
    /* the write: XOR with the stored pixel, through memory */
    rb3d_op op;
    r.r[RB3D_R_OFF0] = 0x100000;
    r.r[RB3D_R_PITCH0] = 64 | 6u << 21;
    assert_int_equal(rb3d_decode(&r, 0, 1, 0, argb(0xFFFF, 0xFFFF, 0, 0x0F0F), &op), 1);
    assert_int_equal(op.rd, 1);                       /* XOR needs the destination */
    uint32_t addr;
    uint64_t w;
    unsigned be;
    rb3d_write(&r, &op, 0x12345678AABBCCDDull, &addr, &w, &be);
    assert_int_equal(addr, 0x100000);
    assert_true(w == ((uint64_t)(0xFFFF000Fu ^ 0x12345678u) << 32));
    assert_int_equal(be, 0xF0);
    r.r[RB3D_R_ROP] = 0xC04;                          /* enabled copy: no read */
    rb3d_decode(&r, 0, 1, 0, 0, &op);
    assert_int_equal(op.rd, 0);
}

static void test_masks_and_enables(void **state)
{
    (void)state;   /* 000:8863-8954; decisions: byte enables for ARGB8888, read-merge for 565 */
    rb3d_regs r;
    rb3d_op op;
    uint32_t addr;
    uint64_t w;
    unsigned be;
    rb3d_regs_reset(&r);
    r.r[RB3D_R_OFF0] = 0x100000;
    r.r[RB3D_R_PITCH0] = 64 | 6u << 21;
    r.r[RB3D_R_CHMASK] = 0x5;                         /* blue and red */
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, argb(0x1111, 0x2222, 0x3333, 0x4444), &op), 1);
    assert_int_equal(op.rd, 0);
    rb3d_write(&r, &op, 0, &addr, &w, &be);
    assert_int_equal(be, 0x5);
    assert_true(w == 0x00220044);
    r.r[RB3D_R_PITCH0] = 64 | 4u << 21;               /* RGB565: the mask needs the stored pixel */
    assert_int_equal(rb3d_decode(&r, 0, 3, 0, argb(0, 0xFFFF, 0xFFFF, 0xFFFF), &op), 1);
    assert_int_equal(op.rd, 1);
    assert_int_equal(op.lane, 6);
    rb3d_write(&r, &op, 0x1234000000000000ull, &addr, &w, &be);
    assert_int_equal(be, 0xC0);
    assert_true(w == (uint64_t)((0x1234 & 0x07E0) | 0xF81F) << 48);
    r.r[RB3D_R_CHMASK] = 0x8;                         /* only alpha: RGB565 has none -> dropped */
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, 0, &op), 0);
    /* independent masks and formats per MRT (RB3D_CCTL[12], [14]) */
    r.r[RB3D_R_CHMASK] = 0xF0;
    r.r[RB3D_R_OFF0 + 1] = 0x200000;
    r.r[RB3D_R_PITCH0 + 1] = 64 | 9u << 21;           /* I8 on buffer 1 */
    assert_int_equal(rb3d_decode(&r, 1, 0, 0, 0, &op), 0);   /* mask 0 of MRT0 applies */
    r.r[RB3D_R_CCTL] = 1u << 12;
    assert_int_equal(rb3d_decode(&r, 1, 0, 0, 0, &op), 1);
    assert_int_equal(op.fmt, 4);                      /* format of buffer 0 */
    r.r[RB3D_R_CCTL] = 1u << 12 | 1u << 14;
    assert_int_equal(rb3d_decode(&r, 1, 5, 0, argb(0, 0xABCD, 0, 0), &op), 1);
    assert_int_equal(op.fmt, 9);
    rb3d_write(&r, &op, 0, &addr, &w, &be);
    assert_int_equal(addr, 0x200000);
    assert_int_equal(be, 0x20);
    assert_true(w == 0xABull << 40);
    /* NUM_MULTIWRITES: copies go to buffers 0..N */
    r.r[RB3D_R_CCTL] = 2u << 5;
    assert_int_equal(rb3d_copies(&r), 3);
    assert_int_equal(rb3d_buffer(&r, 3, 1), 1);
    r.r[RB3D_R_CCTL] = 0;
    assert_int_equal(rb3d_buffer(&r, 3, 0), 3);
}

static void test_decode_drops_and_reads(void **state)
{
    (void)state;   /* DISCARD_SRC_PIXELS (000:8452-8470): all compared channels; NO_READ bits */
    rb3d_regs r;
    rb3d_op op;
    setup(&r, cntl(0, 2, 1));                         /* ONE, ZERO: blending, no destination */
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, 0, &op), 1);
    assert_int_equal(op.rd, 0);
    assert_int_equal(op.brd, 1);
    setup(&r, cntl(0, 5, 6));                         /* SRCALPHA, INVSRCALPHA: reads */
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, 0, &op), 1);
    assert_int_equal(op.rd, 1);
    r.r[RB3D_R_BLEND] &= ~4u;                         /* READ_ENABLE = 0: no read, dst = 0 */
    rb3d_decode(&r, 0, 0, 0, 0, &op);
    assert_int_equal(op.rd, 0);
    assert_int_equal(op.brd, 0);
    setup(&r, cntl(0, 5, 6) | 1u << 30 | 1u << 31);
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, argb(0, 1, 2, 3), &op), 0);    /* alpha 0: dropped */
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, argb(0xFFFF, 1, 2, 3), &op), 1);
    assert_int_equal(op.rd, 0);                                              /* alpha 1: no read */
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, argb(0x8000, 1, 2, 3), &op), 1);
    assert_int_equal(op.rd, 1);
    /* discard: alpha <= LTE, colour (B, G and R) <= LTE, ARGB >= GTE */
    setup(&r, cntl(0, 2, 1) | 1u << 3);
    r.r[RB3D_R_LTE] = 0x10000000;
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, argb(0x1010, 0xFFFF, 0xFFFF, 0xFFFF), &op), 0);
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, argb(0x1011, 0, 0, 0), &op), 1);
    setup(&r, cntl(0, 2, 1) | 2u << 3);
    r.r[RB3D_R_LTE] = 0x00202020;
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, argb(0xFFFF, 0x2020, 0x0000, 0x1000), &op), 0);
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, argb(0x0000, 0x2021, 0x0000, 0x1000), &op), 1);   /* all, not any */
    setup(&r, cntl(0, 2, 1) | 6u << 3);               /* GTE default 0xFF: only full white */
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, ~0ull, &op), 0);
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, ~0ull >> 1, &op), 1);
    setup(&r, cntl(0, 2, 1) | 7u << 3);               /* reserved: never */
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, 0, &op), 1);
    r.r[RB3D_R_BLEND] = 6u << 3;                      /* blending off: discard does not apply */
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, ~0ull, &op), 1);
    /* unsupported formats drop */
    r.r[RB3D_R_PITCH0] = 64 | 7u << 21;
    assert_int_equal(rb3d_decode(&r, 0, 0, 0, 0, &op), 0);
}

static void test_dither_in_write(void **state)
{
    (void)state;   /* RB3D_DITHER_CTL (000:9031-9045): 0 truncate, 1 round; LUT (2) truncates */
    rb3d_regs r;
    rb3d_op op;
    uint32_t addr;
    uint64_t w;
    unsigned be;
    rb3d_regs_reset(&r);
    r.r[RB3D_R_PITCH0] = 64 | 4u << 21;               /* RGB565 */
    uint64_t c = argb(0, 0x0FFF, 0x0FFF, 0x0FFF);
    rb3d_decode(&r, 0, 0, 0, c, &op);
    rb3d_write(&r, &op, 0, &addr, &w, &be);
    assert_true(w == (1u << 11 | 3u << 5 | 1u));      /* truncate: the top bits */
    r.r[RB3D_R_DITHER] = 1;
    rb3d_write(&r, &op, 0, &addr, &w, &be);
    assert_true(w == (2u << 11 | 4u << 5 | 2u));      /* round: 1.94 -> 2, 3.94 -> 4 */
    r.r[RB3D_R_DITHER] = 2;
    rb3d_write(&r, &op, 0, &addr, &w, &be);
    assert_true(w == (1u << 11 | 3u << 5 | 1u));      /* LUT dither: truncates */
    /* alpha follows ALPHA_DITHER_MODE: ARGB1555 alpha 0x8000 rounds and truncates to 1, 0x7FFF to 0 */
    r.r[RB3D_R_PITCH0] = 64 | 3u << 21;
    r.r[RB3D_R_DITHER] = 0x4;
    rb3d_decode(&r, 0, 0, 0, argb(0x7FFF, 0, 0, 0), &op);
    rb3d_write(&r, &op, 0, &addr, &w, &be);
    assert_true(w == 0);
    rb3d_decode(&r, 0, 0, 0, argb(0x8000, 0, 0, 0), &op);
    rb3d_write(&r, &op, 0, &addr, &w, &be);
    assert_true(w == 0x8000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reset_values),
        cmocka_unit_test(test_mul16_exact),
        cmocka_unit_test(test_expand_reduce),
        cmocka_unit_test(test_formats),
        cmocka_unit_test(test_swap),
        cmocka_unit_test(test_comb_fcn),
        cmocka_unit_test(test_factors),
        cmocka_unit_test(test_blend_reference),
        cmocka_unit_test(test_rop),
        cmocka_unit_test(test_masks_and_enables),
        cmocka_unit_test(test_decode_drops_and_reads),
        cmocka_unit_test(test_dither_in_write),
    };
    return cmocka_run_group_tests_name("rb3d_pixel", tests, NULL, NULL);
}
