/*
 * test_tile_addr.c - the R5xx surface address function (model/r5xx/tile/tile_addr.c) against the
 * seeds' facts: micro- and macro-tile sizes per pixel size (001:252-305, spec extract fact 16),
 * a micro-tile is 32 consecutive bytes and a macro-tile 2 KB (001:242-286), linear rows are
 * 32-byte aligned (001:648-652), the register encodings of pitch, offset and format
 * (000:8798-8859, 000:15062-15137, 000:11695-12004); and the structural properties every
 * layout must have (each tile fills exactly its bytes, no two pixels share an address).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "tile_addr.h"
#include "tile_model.h"

static r5xx_surface surf(uint32_t base, uint32_t pitch, unsigned bpp, unsigned macro, unsigned micro)
{
    r5xx_surface s = { base, pitch, bpp, macro, micro, 0 };
    return s;
}

/* The 1-based layouts the seed's tables list: (bpp_log2, micro, macro) with the tile sizes. */
typedef struct layout {
    unsigned bpp, micro, macro, w, h;
} layout;

static const layout seed_layouts[] = {
    /* micro-tiles, 001:252-264 */
    { 0, 0, 0, 32, 1 }, { 0, 1, 0, 8, 4 },
    { 1, 0, 0, 16, 1 }, { 1, 1, 0, 8, 2 }, { 1, 2, 0, 4, 4 },
    { 2, 0, 0, 8, 1 }, { 2, 1, 0, 4, 2 },
    { 3, 0, 0, 4, 1 }, { 3, 1, 0, 2, 2 },
    { 4, 0, 0, 2, 1 },
    /* macro-tiles, 001:289-305 (and 001:763-769 for macro-tiled micro-linear) */
    { 0, 0, 1, 256, 8 }, { 0, 1, 1, 64, 32 },
    { 1, 0, 1, 128, 8 }, { 1, 1, 1, 64, 16 }, { 1, 2, 1, 32, 32 },
    { 2, 0, 1, 64, 8 }, { 2, 1, 1, 32, 16 },
    { 3, 0, 1, 32, 8 }, { 3, 1, 1, 16, 16 },
    { 4, 0, 1, 16, 8 },    /* decision: 128 bpp macro-tiled micro-linear, 8 x (2x1) micro-tiles */
};
#define NLAYOUTS (sizeof seed_layouts / sizeof seed_layouts[0])

static void test_tile_dims(void **state)
{
    (void)state;
    for (unsigned i = 0; i < NLAYOUTS; i++) {
        const layout *l = &seed_layouts[i];
        unsigned w, h;
        r5xx_tile_dims(l->bpp, l->micro, l->macro, &w, &h);
        assert_int_equal(1u << w, l->w);
        assert_int_equal(1u << h, l->h);
        /* micro-tile 32 bytes, macro-tile 2,048 bytes */
        assert_int_equal((l->w * l->h) << l->bpp, l->macro ? 2048u : 32u);
    }
}

/* Fact 16: a 32 bpp macro-tiled micro-tiled surface has 32x16-pixel, 2 KB macro-tiles. */
static void test_worked_32bpp_macro(void **state)
{
    (void)state;
    /* RB3D_COLORPITCH0: pitch 64, COLORTILE 1, COLORMICROTILE 1, COLORFORMAT 6 ARGB8888 */
    r5xx_surface s = r5xx_surface_color(0x00100000, 64 | (1u << 16) | (1u << 17) | (6u << 21));
    assert_int_equal(s.err, 0);
    assert_int_equal(s.bpp_log2, 2);
    assert_int_equal(s.macro, 1);
    assert_int_equal(s.micro, R5XX_MICRO_TILED);
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t x = 0; x < 32; x++) {
            uint32_t a = r5xx_tile_addr(&s, x, y);
            assert_true(a >= 0x00100000 && a < 0x00100800);
        }
    assert_int_equal(r5xx_tile_addr(&s, 0, 0), 0x00100000);
    assert_int_equal(r5xx_tile_addr(&s, 31, 15), 0x001007FC);
    assert_int_equal(r5xx_tile_addr(&s, 32, 0), 0x00100800);    /* the next macro-tile along */
    assert_int_equal(r5xx_tile_addr(&s, 0, 16), 0x00101000);    /* the next row of macro-tiles */
    /* the micro-tile is 4x2 pixels, 32 bytes */
    assert_int_equal(r5xx_tile_addr(&s, 3, 1), 0x0010001C);
    assert_int_equal(r5xx_tile_addr(&s, 4, 0), 0x00100020);
    /* decision: micro-tiles row-major in the macro-tile (8 along, then the next row) */
    assert_int_equal(r5xx_tile_addr(&s, 28, 0), 0x00100000 + 7 * 32);
    assert_int_equal(r5xx_tile_addr(&s, 0, 2), 0x00100000 + 8 * 32);
    /* decision: pixels row-major in the micro-tile */
    assert_int_equal(r5xx_tile_addr(&s, 1, 0), 0x00100004);
    assert_int_equal(r5xx_tile_addr(&s, 0, 1), 0x00100010);
}

/* For every seed layout: each tile's pixels fill exactly one aligned run of 32 or 2,048 bytes,
 * and over a surface of 3x3 tiles no two pixels share an address (a bijection onto 9 tiles). */
static void test_tiles_fill_their_bytes(void **state)
{
    (void)state;
    const uint32_t base = 0x01230000;
    for (unsigned i = 0; i < NLAYOUTS; i++) {
        const layout *l = &seed_layouts[i];
        unsigned tb = l->macro ? 2048 : 32, B = 1u << l->bpp;
        r5xx_surface s = surf(base, 3 * l->w, l->bpp, l->macro, l->micro);
        uint32_t span = 9 * tb;
        unsigned char *seen = calloc(span, 1);
        assert_non_null(seen);
        for (uint32_t ty = 0; ty < 3; ty++)
            for (uint32_t tx = 0; tx < 3; tx++) {
                uint32_t lo = UINT32_MAX;
                for (uint32_t y = ty * l->h; y < (ty + 1) * l->h; y++)
                    for (uint32_t x = tx * l->w; x < (tx + 1) * l->w; x++) {
                        uint32_t a = r5xx_tile_addr(&s, x, y);
                        assert_true(a >= base && a + B <= base + span);
                        assert_int_equal((a - base) % B, 0);
                        for (unsigned b = 0; b < B; b++) {
                            assert_int_equal(seen[a - base + b], 0);
                            seen[a - base + b] = 1;
                        }
                        lo = a < lo ? a : lo;
                    }
                /* the tile is the aligned run starting at its lowest address, row-major order */
                assert_int_equal((lo - base) % tb, 0);
                assert_int_equal(lo - base, (ty * 3 + tx) * tb);
            }
        for (uint32_t k = 0; k < span; k++)
            assert_int_equal(seen[k], 1);
        free(seen);
    }
}

/* 001:648-652: linear/linear is row-major and each row starts 32-byte aligned. */
static void test_linear_rows(void **state)
{
    (void)state;
    static const struct { unsigned bpp; uint32_t pitch, row; } t[] = {
        { 0, 33, 64 }, { 0, 32, 32 }, { 0, 1, 32 }, { 1, 17, 64 }, { 2, 9, 64 }, { 2, 8, 32 },
        { 3, 5, 64 }, { 4, 3, 64 }, { 4, 2, 32 }, { 2, 0, 0 },
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        r5xx_surface s = surf(0x4000, t[i].pitch, t[i].bpp, 0, 0);
        for (uint32_t y = 0; y < 4; y++)
            for (uint32_t x = 0; x < 40; x++)
                assert_int_equal(r5xx_tile_addr(&s, x, y), 0x4000 + y * t[i].row + (x << t[i].bpp));
    }
    /* macro-linear micro-tiled: micro-tile rows hold ceil(pitch / width) micro-tiles */
    r5xx_surface s = surf(0, 10, 2, 0, R5XX_MICRO_TILED);    /* 4x2, 10 px -> 3 micro-tiles */
    assert_int_equal(r5xx_tile_addr(&s, 0, 2), 3 * 32);
    /* macro-tiled: rows of whole macro-tiles (001:754-760) */
    s = surf(0, 33, 2, 1, R5XX_MICRO_TILED);                 /* 32x16, 33 px -> 2 macro-tiles */
    assert_int_equal(r5xx_tile_addr(&s, 0, 16), 2 * 2048);
}

static void test_color_decoder(void **state)
{
    (void)state;
    /* COLORPITCH[13:1] in pixels: bit 0 and bits outside the fields ignored (000:8810) */
    r5xx_surface s = r5xx_surface_color(0x1234567F, 0xFE00C001u | 0x3FFE | (6u << 21));
    assert_int_equal(s.base, 0x12345660);                   /* COLOROFFSET[31:5] */
    assert_int_equal(s.pitch, 0x3FFE);
    assert_int_equal(s.bpp_log2, 2);
    /* pixel sizes of COLORFORMAT (000:8833-8859; fact 24) */
    static const int bpp[16] = { 3, 2, 0, 1, 1, 2, 2, 4, -1, 0, 3, 1, 1, 1, 1, 1 };
    for (unsigned f = 0; f < 16; f++)
        assert_int_equal(r5xx_colorformat_bpp_log2(f), bpp[f]);
    s = r5xx_surface_color(0, 8u << 21);                    /* reserved format */
    assert_int_equal(s.err, R5XX_TILE_ERR_BADCFG);
    s = r5xx_surface_color(0, 2u << 21);                    /* CI8 is 2D only */
    assert_int_equal(s.err, R5XX_TILE_ERR_CLIENT);
    s = r5xx_surface_color(0, (10u << 21) | (1u << 17));    /* 64 bpp micro-tiled: tx/hdp only */
    assert_int_equal(s.err, R5XX_TILE_ERR_CLIENT);
    assert_int_equal(s.micro, R5XX_MICRO_TILED);
    s = r5xx_surface_color(0, (7u << 21) | (1u << 17) | (1u << 16));  /* 128 bpp micro-tiled */
    assert_int_equal(s.err, R5XX_TILE_ERR_BADCFG);
    assert_int_equal(s.macro, 0);
    assert_int_equal(s.micro, R5XX_MICRO_LINEAR);
    s = r5xx_surface_color(0, (7u << 21) | (1u << 16));     /* 128 bpp macro-tiled micro-linear */
    assert_int_equal(s.err, 0);
    s = r5xx_surface_color(0, (6u << 21) | (2u << 17));     /* square only in 16 bpp */
    assert_int_equal(s.err, R5XX_TILE_ERR_BADCFG);
    s = r5xx_surface_color(0, (4u << 21) | (2u << 17));
    assert_int_equal(s.err, 0);
    s = r5xx_surface_color(0, (4u << 21) | (3u << 17));     /* reserved micro-tile mode */
    assert_int_equal(s.err, R5XX_TILE_ERR_BADCFG);
    s = r5xx_surface_color(0x20, (6u << 21) | (1u << 16));  /* macro-tiled base not 2 KB aligned */
    assert_int_equal(s.err, R5XX_TILE_ERR_ALIGN);
}

static void test_depth_decoder(void **state)
{
    (void)state;
    /* DEPTHPITCH[13:2] in pixels (000:15069-15102); DEPTHFORMAT 0/1 16-bit, 2 Z24S8 (fact 21) */
    r5xx_surface s = r5xx_surface_depth(0x00200800, 0x3FFF | (1u << 16) | (2u << 17), 0);
    assert_int_equal(s.pitch, 0x3FFC);
    assert_int_equal(s.bpp_log2, 1);
    assert_int_equal(s.micro, R5XX_MICRO_SQUARE);
    assert_int_equal(s.err, 0);
    assert_int_equal(r5xx_depthformat_bpp_log2(1), 1);
    assert_int_equal(r5xx_depthformat_bpp_log2(2), 2);
    for (unsigned f = 3; f < 16; f++)
        assert_int_equal(r5xx_depthformat_bpp_log2(f), -1);
    s = r5xx_surface_depth(0, 1u << 17, 0);                 /* 16-bit 8x2 is not a ZB layout */
    assert_int_equal(s.err, R5XX_TILE_ERR_CLIENT);
    s = r5xx_surface_depth(0, 1u << 17, 2);                 /* 32-bit micro-tiled is */
    assert_int_equal(s.err, 0);
    s = r5xx_surface_depth(0, 0, 3);
    assert_int_equal(s.err, R5XX_TILE_ERR_BADCFG);
}

static void test_texture_decoder(void **state)
{
    (void)state;
    /* TX_OFFSET MACRO_TILE[2], MICRO_TILE[4:3], TXOFFSET[31:5] (000:11981-12004) */
    r5xx_surface s = r5xx_surface_texture(0x00300000 | (1u << 2) | (1u << 3) | 3, 99, 12, 0);
    assert_int_equal(s.base, 0x00300000);
    assert_int_equal(s.macro, 1);
    assert_int_equal(s.micro, R5XX_MICRO_TILED);
    assert_int_equal(s.pitch, 100);                         /* TXWIDTH + 1 */
    assert_int_equal(s.bpp_log2, 2);                        /* TX_FMT_8_8_8_8 */
    s = r5xx_surface_texture(0, 0x7FF, 12, 1u << 15);       /* TXWIDTH_11: 4096 */
    assert_int_equal(s.pitch, 4096);
    s = r5xx_surface_texture(0, 0x80000000u | 99, 12, 0x3FFF);   /* TXPITCH_EN: TXPITCH + 1 */
    assert_int_equal(s.pitch, 16384);
    assert_int_equal(r5xx_txformat_bpp_log2(29, 0), 4);     /* 32f x4: 128 bpp */
    assert_int_equal(r5xx_txformat_bpp_log2(14, 0), 3);
    assert_int_equal(r5xx_txformat_bpp_log2(1, 0), 1);
    assert_int_equal(r5xx_txformat_bpp_log2(0, 0), 0);
    assert_int_equal(r5xx_txformat_bpp_log2(15, 0), -1);    /* reserved */
    assert_int_equal(r5xx_txformat_bpp_log2(31, 0), -1);    /* ATI2N */
    assert_int_equal(r5xx_txformat_bpp_log2(0, 1), -1);     /* TX_FMT_1 */
    assert_int_equal(r5xx_txformat_bpp_log2(4, 1), 3);      /* 10_10_10_10 */
    s = r5xx_surface_texture(2u << 3, 0, 1, 0);             /* 16 bpp square micro-tile */
    assert_int_equal(s.err, 0);
    assert_int_equal(s.micro, R5XX_MICRO_SQUARE);
}

static void test_range_and_wrap(void **state)
{
    (void)state;
    r5xx_surface s = surf(0xFFFFF800, 64, 2, 1, R5XX_MICRO_TILED);
    assert_int_equal(r5xx_tile_addr(&s, 32, 0), 0x00000000);    /* modulo 2^32 */
    assert_int_equal(r5xx_tile_frag_err(&s, 63, 0), 0);
    assert_int_equal(r5xx_tile_frag_err(&s, 64, 0), R5XX_TILE_ERR_RANGE);
}

static void test_register_file(void **state)
{
    (void)state;
    r5xx_tile_regs r;
    r5xx_tile_regs_reset(&r);
    r5xx_surface s = r5xx_tile_select(&r, 2);
    assert_int_equal(s.bpp_log2, 2);                        /* COLORFORMAT resets to ARGB8888 */
    assert_true(r5xx_tile_regs_write(&r, 0x4E30, 0x00400000));   /* RB3D_COLOROFFSET2 */
    assert_true(r5xx_tile_regs_write(&r, 0x4E40, (4u << 21) | 64));   /* RB3D_COLORPITCH2 */
    assert_false(r5xx_tile_regs_write(&r, 0x4E31, 0));      /* not a dword address */
    assert_false(r5xx_tile_regs_write(&r, 0x4E48, 0));
    s = r5xx_tile_select(&r, 2);
    assert_int_equal(s.base, 0x00400000);
    assert_int_equal(s.bpp_log2, 1);
    assert_true(r5xx_tile_regs_write(&r, 0x457C, 0x00500000));   /* TX_OFFSET_15 */
    assert_true(r5xx_tile_regs_write(&r, 0x44FC, 29));           /* TX_FORMAT1_15 */
    s = r5xx_tile_select(&r, R5XX_TILE_SURF_TX0 + 15);
    assert_int_equal(s.base, 0x00500000);
    assert_int_equal(s.bpp_log2, 4);
    assert_true(r5xx_tile_regs_write(&r, 0x4F10, 2));            /* ZB_FORMAT */
    s = r5xx_tile_select(&r, R5XX_TILE_SURF_ZB);
    assert_int_equal(s.bpp_log2, 2);
    s = r5xx_tile_select(&r, 9);                                 /* a reserved surface code */
    assert_int_equal(s.err, R5XX_TILE_ERR_BADCFG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tile_dims),
        cmocka_unit_test(test_worked_32bpp_macro),
        cmocka_unit_test(test_tiles_fill_their_bytes),
        cmocka_unit_test(test_linear_rows),
        cmocka_unit_test(test_color_decoder),
        cmocka_unit_test(test_depth_decoder),
        cmocka_unit_test(test_texture_decoder),
        cmocka_unit_test(test_range_and_wrap),
        cmocka_unit_test(test_register_file),
    };
    return cmocka_run_group_tests_name("tile_addr", tests, NULL, NULL);
}
