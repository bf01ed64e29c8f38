/*
 * test_vector.c - the vector reader's error messages (file:line: expected ...), the writer's
 * round trip, and transparent gzip.
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
#include <unistd.h>

#include "rc_vector.h"
#include "toy_block.h"

static const rc_block_desc *find(const char *name)
{
    return strcmp(name, "test.toy") ? NULL : &toy_block;
}

static char dir[] = "/tmp/rcosim-vec-XXXXXX";

static const char GOOD[] =
    "rcosim-vector 1\n"
    "# a comment\n"
    "block test.toy\n"
    "seed 12\n"
    "backpressure random:0.5\n"
    "mem-latency 2:4\n"
    "stimulus random 3\n"
    "channel in a x:8 y:8\n"
    "channel out q sum:9 tag:4 en:1\n"
    "channel out mreq addr:32\n"
    "mem 00001000 00000001 00000002\n"
    "in a 01 02\n"
    "in a @7 ff ff\n"
    "expect\n"
    "out q @2 003 1 1\n"
    "out q @9 1fe f 1\n"
    "end\n";

static const char *put(const char *name, const char *text)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static void test_read_good(void **state)
{
    (void)state;
    rc_vector v;
    char err[512];
    assert_int_equal(rc_vector_read(&v, put("good.vec", GOOD), find, err, sizeof err), 0);
    assert_ptr_equal(v.blk, &toy_block);
    assert_int_equal(v.seed, 12);
    assert_string_equal(v.backpressure, "random:0.5");
    assert_string_equal(v.latency, "2:4");
    assert_int_equal(v.nmem, 1);
    assert_int_equal(v.mem[0].nwords, 2);
    assert_int_equal(v.in[0].n, 2);
    assert_int_equal(v.in[0].cycle[1], 7);
    assert_int_equal(v.in[0].vals[3], 0xFF);
    assert_int_equal(v.out[1].n, 2);
    assert_int_equal(v.out[1].vals[3], 0x1FE);
    assert_true(v.has_expected);
    rc_vector_free(&v);
}

static void test_round_trip_and_gzip(void **state)
{
    (void)state;
    rc_vector v;
    char err[512], a[256], z[256];
    assert_int_equal(rc_vector_read(&v, put("rt.vec", GOOD), find, err, sizeof err), 0);
    snprintf(a, sizeof a, "%s/rt2.vec", dir);
    snprintf(z, sizeof z, "%s/rt3.vec.gz", dir);
    assert_int_equal(rc_vector_write(&v, a, 1, err, sizeof err), 0);
    assert_int_equal(rc_vector_write(&v, z, 1, err, sizeof err), 0);
    rc_vector_free(&v);
    char first[8192];
    strcpy(first, slurp(a));
    /* Reading the written file (plain and gzip) and writing again gives the same bytes. */
    const char *srcs[2] = { a, z };
    for (int i = 0; i < 2; i++) {
        char b[256];
        snprintf(b, sizeof b, "%s/rt4.vec", dir);
        assert_int_equal(rc_vector_read(&v, srcs[i], find, err, sizeof err), 0);
        assert_int_equal(rc_vector_write(&v, b, 1, err, sizeof err), 0);
        rc_vector_free(&v);
        assert_string_equal(slurp(b), first);
    }
    assert_non_null(strstr(first, "in a @7 ff ff\n"));
    assert_non_null(strstr(first, "out q @9 1fe f 1\n"));
}

typedef struct bad { const char *from, *to, *msg; } bad;

static void test_errors_name_file_and_line(void **state)
{
    (void)state;
    static const bad cases[] = {
        { "rcosim-vector 1\n", "rcosim-vectr 1\n", "bad.vec:1: expected 'rcosim-vector 1' as the first line" },
        { "block test.toy", "block test.nope", "bad.vec:3: expected a known block name, got 'test.nope'" },
        { "seed 12", "seed twelve", "bad.vec:4: expected 'seed DECIMAL'" },
        { "channel in a x:8 y:8", "channel in a x:8 y:9", "bad.vec:8: expected field 'y:8' of channel 'a', got 'y:9'" },
        { "channel out mreq addr:32", "channel in mreq addr:32", "bad.vec:10: expected channel 'mreq' to be 'out'" },
        { "mem 00001000", "mem 00001002", "bad.vec:11: expected 'mem ADDRESS WORD...' with a 4-aligned" },
        { "in a 01 02", "in a 01", "bad.vec:12: expected 2 values for channel 'a', got 1" },
        { "in a 01 02", "in a 01 100", "bad.vec:12: expected field 'y' to fit in 8 bits, got 100" },
        { "in a @7", "in a @x7", "bad.vec:13: expected a decimal cycle after '@', got '@x7'" },
        { "in a @7", "in q @7", "bad.vec:13: expected an input channel after 'in', got 'q'" },
        { "out q @2", "out q 2", "bad.vec:15: expected '@CYCLE' after the output channel 'q'" },
        { "expect\n", "", "bad.vec:14: expected 'expect' before the first 'out' line" },
        { "end\n", "", "bad.vec:17: expected 'end' (the file is truncated)" },
        { "end\n", "end\nin a 1 1\n", "bad.vec:18: expected nothing after 'end'" },
        { "stimulus random 3\n", "stimulus random 3\nwibble\n", "bad.vec:8: expected seed, backpressure" },
        { "channel out q sum:9 tag:4 en:1\n", "", "bad.vec:14: expected a channel declared by a 'channel' line, got 'q'" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[2048];
        const char *at = strstr(GOOD, cases[i].from);
        assert_non_null(at);
        size_t pre = (size_t)(at - GOOD);
        snprintf(text, sizeof text, "%.*s%s%s", (int)pre, GOOD, cases[i].to, at + strlen(cases[i].from));
        rc_vector v;
        char err[512];
        const char *path = put("bad.vec", text);
        assert_int_equal(rc_vector_read(&v, path, find, err, sizeof err), -1);
        if (!strstr(err, cases[i].msg))
            fail_msg("case %zu: got \"%s\", expected \"%s\"", i, err, cases[i].msg);
        assert_ptr_equal(strstr(err, dir), err);    /* starts with the file's path */
    }
}

static void test_missing_file(void **state)
{
    (void)state;
    rc_vector v;
    char err[512];
    assert_int_equal(rc_vector_read(&v, "/nonexistent/x.vec", find, err, sizeof err), -1);
    assert_non_null(strstr(err, "/nonexistent/x.vec: cannot open"));
}

static int make_dir(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_good),
        cmocka_unit_test(test_round_trip_and_gzip),
        cmocka_unit_test(test_errors_name_file_and_line),
        cmocka_unit_test(test_missing_file),
    };
    return cmocka_run_group_tests_name("vector", tests, make_dir, remove_dir);
}
