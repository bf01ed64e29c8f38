/*
 * test_session.c - rc_session (the engine stepped from outside, as the SystemC module does)
 * against rc_run_exec on the toy block: inputs offered while the session runs give a vector
 * whose plain run has identical output transactions (cycles and values), and a mismatch gives
 * the identical report text.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rc_session.h"
#include "toy_block.h"

static void run_both(int bug, const char *bp)
{
    char *ta = NULL, *tb = NULL, err[256];
    size_t la = 0, lb = 0;
    FILE *fa = open_memstream(&ta, &la), *fb = open_memstream(&tb, &lb);
    toy_bug = bug;
    rc_run t;
    rc_run_defaults(&t);
    t.blk = &toy_block;
    t.sides[0] = &toy_bad_ops;
    t.sides[1] = &toy_good_ops;
    t.nsides = 2;
    t.seed = 5;
    t.history = 2;
    t.report = fa;
    assert_int_equal(rc_policy_parse(bp, &t.bp), 0);
    rc_session *s;
    assert_int_equal(rc_session_open(&t, NULL, &s, err, sizeof err), 0);
    int stopped = 0;
    for (unsigned i = 0; i < 100 && !stopped; i++) {
        uint64_t vals[2] = { (i * 37u) & 0xFF, (i * 11u + 5) & 0xFF };
        assert_int_equal(rc_session_offer(s, 0, 3 * i, vals), 0);
        if (i % 10 == 9)
            stopped = rc_session_step(s, 17);   /* inputs arrive while the block runs */
    }
    while (!stopped && !(rc_session_idle(s) && !rc_session_pending(s, 0)))
        stopped = rc_session_step(s, 1);
    const rc_result *sr = rc_session_finish(s);
    fflush(fa);
    const rc_vector *v = rc_session_vector(s);

    rc_run r = t;                                /* the same run, plain, on the recorded vector */
    r.vec = v;
    r.report = fb;
    r.check_expected = !bug;                     /* the session's outputs, cycle for cycle */
    rc_result pr;
    assert_int_equal(rc_run_exec(&r, &pr), 0);
    fflush(fb);
    if (!bug) {
        assert_int_equal(sr->status, RC_PASS);
        assert_int_equal(pr.status, RC_PASS);
        assert_int_equal(v->out[1].n, 100);
        assert_int_equal(pr.txns[1], 100);
        assert_int_equal(pr.cycles, sr->cycles > pr.cycles ? pr.cycles : sr->cycles);
    } else {
        assert_int_equal(sr->status, RC_MISMATCH);
        assert_int_equal(pr.status, RC_MISMATCH);
        assert_non_null(strstr(ta, "MISMATCH test.toy at cycle 7: channel q (out), transaction #2: field sum differs"));
        assert_string_equal(ta, tb);             /* the same report, byte for byte */
    }
    rc_session_close(s);
    fclose(fa);
    fclose(fb);
    free(ta);
    free(tb);
}

static void test_session_equals_run(void **state)
{
    (void)state;
    run_both(0, "always");
    run_both(0, "random:0.3");
    run_both(0, "bursty:6");
}

static void test_session_mismatch_report(void **state)
{
    (void)state;
    run_both(1, "always");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_session_equals_run),
        cmocka_unit_test(test_session_mismatch_report),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
