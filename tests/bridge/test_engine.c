/*
 * test_engine.c - unit tests of the lockstep engine's comparison logic on the toy block:
 * each checker is shown to pass on agreeing sides and to catch a specific injected bug with
 * the expected report.
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

#include "rc_engine.h"
#include "rc_mem.h"
#include "toy_block.h"

typedef struct fixture {
    rc_vector v;
    rc_run r;
    char *text;
    size_t len;
    FILE *f;
} fixture;

static void setup_run(fixture *x, unsigned n, const char *bp)
{
    rc_vector_init(&x->v, &toy_block);
    for (unsigned i = 0; i < n; i++) {
        uint64_t vals[2] = { (i * 37u) & 0xFF, (i * 11u + 5) & 0xFF };
        rc_vector_add_input(&x->v, 0, 0, vals);
    }
    rc_run_defaults(&x->r);
    x->r.blk = &toy_block;
    x->r.vec = &x->v;
    x->r.sides[0] = &toy_bad_ops;
    x->r.sides[1] = &toy_good_ops;
    x->r.nsides = 2;
    x->r.seed = 5;
    x->r.history = 2;
    assert_int_equal(rc_policy_parse(bp, &x->r.bp), 0);
    x->text = NULL;
    x->f = open_memstream(&x->text, &x->len);
    x->r.report = x->f;
}

static void done(fixture *x)
{
    fclose(x->f);
    free(x->text);
    rc_vector_free(&x->v);
}

static rc_result exec(fixture *x)
{
    rc_result res;
    assert_int_equal(rc_run_exec(&x->r, &res), 0);
    fflush(x->f);
    return res;
}

static void test_agreeing_sides_pass(void **state)
{
    (void)state;
    const char *policies[] = { "always", "random:0.3", "bursty:6" };
    for (int i = 0; i < 3; i++) {
        fixture x;
        toy_bug = 0;
        setup_run(&x, 300, policies[i]);
        rc_result res = exec(&x);
        assert_int_equal(res.status, RC_PASS);
        assert_int_equal(res.txns[1], 300);     /* every input produced an output */
        assert_int_equal(res.mismatches, 0);
        done(&x);
    }
}

static void test_payload_mismatch_is_reported(void **state)
{
    (void)state;
    fixture x;
    toy_bug = 1;
    setup_run(&x, 20, "always");
    rc_result res = exec(&x);
    assert_int_equal(res.status, RC_MISMATCH);
    assert_string_equal(res.summary, "cycle 3: channel q (out) #2 field sum differs (model vs rtl)");
    assert_non_null(strstr(x.text, "MISMATCH test.toy at cycle 3: channel q (out), transaction #2: field sum differs"));
    assert_non_null(strstr(x.text, "  * sum        0x065                    0x066"));
    done(&x);
}

static void test_dont_care_field_is_masked(void **state)
{
    (void)state;
    /* The bad side drives a different tag whenever en = 0; tag is compared only when en = 1. */
    fixture x;
    toy_bug = 0;
    setup_run(&x, 50, "random:0.5");
    rc_result res = exec(&x);
    assert_int_equal(res.status, RC_PASS);
    done(&x);
}

static void test_ready_mismatch_and_hang(void **state)
{
    (void)state;
    fixture x;
    toy_bug = 2;
    setup_run(&x, 5, "always");
    rc_result res = exec(&x);
    assert_int_equal(res.status, RC_MISMATCH);
    assert_string_equal(res.summary, "cycle 0: channel a (in) ready: model 1, rtl 0");
    done(&x);
    /* The broken side alone: the watchdog turns "no progress" into a hang. */
    setup_run(&x, 5, "always");
    x.r.nsides = 1;
    x.r.watchdog = 50;
    res = exec(&x);
    assert_int_equal(res.status, RC_HANG);
    assert_non_null(strstr(x.text, "no handshake on any channel for 50 cycles"));
    assert_non_null(strstr(x.text, "rtl: input a #0 of 5 not accepted (ready 0)"));
    done(&x);
}

static void test_timing_shift_exact_vs_ordered(void **state)
{
    (void)state;
    fixture x;
    toy_bug = 3;
    setup_run(&x, 10, "always");
    rc_result res = exec(&x);
    assert_int_equal(res.status, RC_MISMATCH);
    assert_string_equal(res.summary, "cycle 2: channel a (in) ready: model 1, rtl 0");
    done(&x);
    setup_run(&x, 10, "always");
    x.r.mode = RC_ORDERED;
    res = exec(&x);
    assert_int_equal(res.status, RC_PASS);
    done(&x);
}

static void test_expected_outputs(void **state)
{
    (void)state;
    /* Record the good side, then check each side alone against the recording. */
    fixture x;
    toy_bug = 1;
    setup_run(&x, 30, "random:0.7");
    rc_vector rec;
    rc_vector_init(&rec, &toy_block);
    x.r.sides[0] = &toy_good_ops;
    x.r.nsides = 1;
    x.r.record = &rec;
    assert_int_equal(exec(&x).status, RC_PASS);
    assert_int_equal(rec.out[1].n, 30);
    x.v.out[1] = rec.out[1];
    x.v.has_expected = 1;
    x.r.record = NULL;
    x.r.check_expected = 1;
    assert_int_equal(exec(&x).status, RC_PASS);
    x.r.sides[0] = &toy_bad_ops;
    rc_result res = exec(&x);
    assert_int_equal(res.status, RC_MISMATCH);
    assert_non_null(strstr(res.summary, "channel q (out) #2 field sum differs (vector vs rtl)"));
    /* Shift one expected stamp: exact mode reports the early transaction. */
    x.r.sides[0] = &toy_good_ops;
    x.v.out[1].cycle[4] += 1;
    res = exec(&x);
    assert_int_equal(res.status, RC_MISMATCH);
    assert_non_null(strstr(res.summary, "not expected by the vector"));
    x.r.expected_mode = RC_ORDERED;
    assert_int_equal(exec(&x).status, RC_PASS);
    memset(&x.v.out[1], 0, sizeof x.v.out[1]);
    rc_vector_free(&rec);
    done(&x);
}

static void test_policies(void **state)
{
    (void)state;
    rc_policy p;
    assert_int_equal(rc_policy_parse("always", &p), 0);
    assert_int_equal(rc_policy_parse("random:0.25", &p), 0);
    assert_true(p.kind == RC_BP_RANDOM && p.p == 0.25);
    assert_int_equal(rc_policy_parse("bursty:8", &p), 0);
    assert_true(p.kind == RC_BP_BURSTY && p.burst == 8);
    assert_int_equal(rc_policy_parse("random:0", &p), -1);
    assert_int_equal(rc_policy_parse("random:1.5", &p), -1);
    assert_int_equal(rc_policy_parse("bursty:0", &p), -1);
    assert_int_equal(rc_policy_parse("often", &p), -1);
    unsigned a, b;
    assert_int_equal(rc_latency_parse("3", &a, &b), 0);
    assert_true(a == 3 && b == 3);
    assert_int_equal(rc_latency_parse("2:9", &a, &b), 0);
    assert_true(a == 2 && b == 9);
    assert_int_equal(rc_latency_parse("0", &a, &b), -1);
    assert_int_equal(rc_latency_parse("5:2", &a, &b), -1);
}

static void test_memory_agent_in_order_latency(void **state)
{
    (void)state;
    rc_memagent a;
    rc_memagent_init(&a, &toy_block.mem[0], 9, 0, 2, 6);
    rc_memimg_write(&a.img, 0x100, 4, 0xAABBCCDD, 0xF);
    rc_memimg_write(&a.img, 0x104, 4, 0x11223344, 0x5);
    uint64_t p[16] = { 0 };
    uint64_t got[2], when[2];
    int ngot = 0;
    for (uint64_t cyc = 0; cyc < 40 && ngot < 2; cyc++) {
        p[9] = cyc < 2;          /* mreq valid for cycles 0 and 1 */
        p[10] = 1;               /* mreq ready */
        p[11] = cyc == 0 ? 0x100 : 0x104;
        p[13] = 1;               /* mrsp ready */
        rc_memagent_offer(&a, &toy_block, cyc, p);
        if (p[12]) {
            got[ngot] = p[14];
            when[ngot++] = cyc;
        }
        rc_memagent_edge(&a, &toy_block, cyc, p);
    }
    assert_int_equal(ngot, 2);
    assert_int_equal(got[0], 0xAABBCCDD);
    assert_int_equal(got[1], 0x00220044);      /* byte enables 0x5 wrote bytes 0 and 2 */
    assert_true(when[0] >= 2 && when[0] <= 6 && when[1] > when[0]);
    rc_memagent_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agreeing_sides_pass),
        cmocka_unit_test(test_payload_mismatch_is_reported),
        cmocka_unit_test(test_dont_care_field_is_masked),
        cmocka_unit_test(test_ready_mismatch_and_hang),
        cmocka_unit_test(test_timing_shift_exact_vs_ordered),
        cmocka_unit_test(test_expected_outputs),
        cmocka_unit_test(test_policies),
        cmocka_unit_test(test_memory_agent_in_order_latency),
    };
    return cmocka_run_group_tests_name("engine", tests, NULL, NULL);
}
