/*
 * test_wave.c - failure-waveform pieces: the window arithmetic, --wave-range parsing, and the
 * .gtkw and report.json writers on the toy block.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rc_wave.h"
#include "toy_block.h"

static void test_window_near_start_and_far(void **state)
{
    (void)state;
    uint64_t a, b;
    rc_wave_window(3, 200, 20, &a, &b);          /* a mismatch at cycle 3: clipped at 0 */
    assert_int_equal(a, 0);
    assert_int_equal(b, 23);
    rc_wave_window(1000000, 200, 20, &a, &b);
    assert_int_equal(a, 999800);
    assert_int_equal(b, 1000020);
    rc_wave_window(200, 200, 0, &a, &b);
    assert_int_equal(a, 0);
    assert_int_equal(b, 200);
    rc_wave_window(UINT64_MAX - 5, 1, 20, &a, &b); /* past the end of time: saturates */
    assert_true(b == UINT64_MAX);
}

static void test_range_parse(void **state)
{
    (void)state;
    uint64_t a, b;
    assert_int_equal(rc_wave_range_parse("10:20", &a, &b), 0);
    assert_true(a == 10 && b == 20);
    assert_int_equal(rc_wave_range_parse("7:7", &a, &b), 0);
    assert_int_equal(rc_wave_range_parse("20:10", &a, &b), -1);
    assert_int_equal(rc_wave_range_parse("10", &a, &b), -1);
    assert_int_equal(rc_wave_range_parse("a:b", &a, &b), -1);
    assert_int_equal(rc_wave_range_parse("-1:5", &a, &b), -1);
    assert_int_equal(rc_wave_range_parse("1:5x", &a, &b), -1);
}

static rc_result failing_result(void)
{
    rc_result res;
    memset(&res, 0, sizeof res);
    res.status = RC_MISMATCH;
    res.first_cycle = 42;
    res.first.channel = 1;      /* q */
    res.first.status = -1;
    res.first.txn = 7;
    strcpy(res.first.what, "fields");
    res.first.have_fields = 1;
    strcpy(res.first.exp_label, "model");
    strcpy(res.first.act_label, "rtl");
    res.first.exp_valid = res.first.act_valid = 1;
    res.first.exp[0] = 0x10;    /* sum differs */
    res.first.act[0] = 0x11;
    res.first.exp[1] = 0x3;     /* tag differs but en = 0: not compared, not highlighted */
    res.first.act[1] = 0x4;
    strcpy(res.summary, "a \"quoted\" \\ summary");
    return res;
}

static char *render(int json)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    rc_result res = failing_result();
    if (json) {
        rc_run r;
        rc_run_defaults(&r);
        r.seed = 9;
        r.repro = "rcosim run --block test.toy";
        assert_int_equal(rc_wave_write_json(f, &toy_block, &r, &res, "vector.vec", "wave.fst", 0, 62), 0);
    } else {
        assert_int_equal(rc_wave_write_gtkw(f, &toy_block, &res, "/b/wave.fst", 0, 62), 0);
    }
    fclose(f);
    return text;
}

static void test_gtkw_marker_and_highlights(void **state)
{
    (void)state;
    char *t = render(0);
    assert_non_null(strstr(t, "[dumpfile] \"/b/wave.fst\"\n"));
    /* zoomed to 8 cycles (zoom -4), primary marker and marker A at 10 * 42 */
    assert_non_null(strstr(t, "\n*-4.000000 420 420 -1 -1"));
    assert_non_null(strstr(t, "[timestart] 390\n"));                  /* 3 cycles before it */
    /* the failing channel q first, its differing field sum at its top, before its valid */
    char *q = strstr(t, "-q (out)\n"), *a = strstr(t, "-a (in)\n");
    assert_true(q && a && q < a);
    assert_ptr_equal(strstr(q, "TOP.exp_q_sum_i"), strstr(q, "TOP.exp_q_") );
    assert_non_null(strstr(t, "@23\nTOP.exp_q_sum_i[8:0]\nTOP.q_sum_o[8:0]\n"));        /* highlighted */
    assert_non_null(strstr(t, "@22\nTOP.exp_q_tag_i[3:0]\nTOP.q_tag_o[3:0]\n"));   /* not highlighted */
    assert_non_null(strstr(t, "@29\nTOP.test_toy_wave.q_mismatch\n"));
    assert_non_null(strstr(t, "@28\nTOP.test_toy_wave.a_mismatch\n"));
    assert_ptr_equal(strstr(t, "@28\nTOP.clk_i\nTOP.rst_ni\n"), strstr(t, "@28\n"));  /* clock first */
    free(t);
}

static void test_json_fields_and_escaping(void **state)
{
    (void)state;
    char *t = render(1);
    assert_non_null(strstr(t, "\"block\": \"test.toy\""));
    assert_non_null(strstr(t, "\"cycle\": 42"));
    assert_non_null(strstr(t, "\"channel\": \"q\""));
    assert_non_null(strstr(t, "\"transaction\": 7"));
    assert_non_null(strstr(t, "\"summary\": \"a \\\"quoted\\\" \\\\ summary\""));
    assert_non_null(strstr(t, "{\"name\": \"sum\", \"width\": 9, \"expected\": \"0x010\", \"actual\": \"0x011\", \"differs\": true}"));
    assert_non_null(strstr(t, "{\"name\": \"tag\", \"width\": 4, \"expected\": \"0x3\", \"actual\": \"0x4\", \"differs\": false}"));
    assert_non_null(strstr(t, "\"window\": [0, 62]"));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_window_near_start_and_far),
        cmocka_unit_test(test_range_parse),
        cmocka_unit_test(test_gtkw_marker_and_highlights),
        cmocka_unit_test(test_json_fields_and_escaping),
    };
    return cmocka_run_group_tests_name("wave", tests, NULL, NULL);
}
