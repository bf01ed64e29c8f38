/*
 * test_regs_cmd.c - cmocka tests of 'rcosim regs' (rdb_regs_command): exit statuses and what it
 * prints for names, addresses, values, encodings, --grep, --family, --help and bad input.
 * stdout and stderr are captured into temporary files around each call.
 */
#define _POSIX_C_SOURCE 200809L     /* dup, dup2, fileno */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "regs_cmd.h"

static char out_text[65536], err_text[8192];

static void slurp(FILE *f, char *buf, size_t n)
{
    size_t k;
    rewind(f);
    k = fread(buf, 1, n - 1, f);
    buf[k] = 0;
}

/* Runs "regs <args...>" (NULL-terminated) with stdout/stderr captured; returns the exit status. */
static int run(const char *arg0, ...)
{
    char *argv[16];
    int argc = 0, rc, so, se;
    const char *a;
    va_list ap;
    FILE *fo = tmpfile(), *fe = tmpfile();
    assert_non_null(fo);
    assert_non_null(fe);
    argv[argc++] = (char *)"regs";
    va_start(ap, arg0);
    for (a = arg0; a && argc < 15; a = va_arg(ap, const char *))
        argv[argc++] = (char *)a;
    va_end(ap);
    argv[argc] = NULL;
    fflush(stdout);
    fflush(stderr);
    so = dup(fileno(stdout));
    se = dup(fileno(stderr));
    dup2(fileno(fo), fileno(stdout));
    dup2(fileno(fe), fileno(stderr));
    rc = rdb_regs_command(argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(so, fileno(stdout));
    dup2(se, fileno(stderr));
    close(so);
    close(se);
    slurp(fo, out_text, sizeof out_text);
    slurp(fe, err_text, sizeof err_text);
    fclose(fo);
    fclose(fe);
    return rc;
}

#define assert_has(text, s) do { if (!strstr((text), (s))) fail_msg("missing \"%s\" in:\n%s", (s), (text)); } while (0)

static void test_by_name(void **state)
{
    (void)state;
    assert_int_equal(run("RB3D_BLENDCNTL", NULL), 0);
    assert_has(out_text, "RB3D_BLENDCNTL  0x4E04  CB  R/W  32 bits  (000:8427)");
    assert_has(out_text, "ALPHA_BLEND_ENABLE");
    assert_has(out_text, "14:12   COMB_FCN");
    assert_has(out_text, "Add and Clamp");
    assert_has(out_text, "GL_ONE_MINUS_CONSTANT_ALPHA");
    assert_has(out_text, "reserved values not shown");
    assert_string_equal(err_text, "");
    assert_int_equal(run("rb3d_coloroffset2", NULL), 0);
    assert_has(out_text, "RB3D_COLOROFFSET2  0x4E30  [RB3D_COLOROFFSET[0-3] index 2]");
}

static void test_by_address_with_value(void **state)
{
    (void)state;
    assert_int_equal(run("0x4e04", "0x00000001", NULL), 0);
    assert_has(out_text, "RB3D_BLENDCNTL  0x4E04");
    assert_has(out_text, "value 0x00000001 = RB3D_BLENDCNTL{ALPHA_BLEND_ENABLE=Enable, ");
    assert_has(out_text, "COMB_FCN=Add_and_Clamp");
    assert_has(out_text, "  0       ALPHA_BLEND_ENABLE                   1          Enable");
    assert_int_equal(run("0x704", "74", NULL), 0);           /* decimal value: RB_BUFSZ=10, bit 6 */
    assert_has(out_text, "CP_RB_CNTL");
    assert_has(out_text, "RB_BUFSZ                             0xA");
    assert_has(out_text, "bits set outside every documented field: 0x00000040");
    /* a shared address prints every register there */
    assert_int_equal(run("0x9800", NULL), 0);
    assert_has(out_text, "3 r5xx registers share address 0x9800");
    assert_has(out_text, "US_ALU_ALPHA_ADDR_0");
    assert_has(out_text, "US_FC_INST_0");
    assert_has(out_text, "US_TEX_ADDR_0");
    /* an address inside an aperture */
    assert_int_equal(run("0x1100", NULL), 0);
    assert_has(out_text, "CP_CSQ_APER_PRIMARY  0x1000-0x11FC (aperture)");
}

static void test_family_si(void **state)
{
    (void)state;
    assert_int_equal(run("--family", "si", "DB_DEPTH_CONTROL", NULL), 0);
    assert_has(out_text, "DB_DEPTH_CONTROL  0x28800  DB  R/W  32 bits  (002:6917)");
    assert_has(out_text, "10:8    STENCILFUNC");
    assert_has(out_text, "22:20   STENCILFUNC_BF");
    assert_has(out_text, "REF_NOTEQUAL");
    /* options after the operands, short option */
    assert_int_equal(run("0x28a7c", "-f", "si", NULL), 0);
    assert_has(out_text, "VGT_DMA_INDEX_TYPE  0x28A7C  VGT  W");
    assert_int_equal(run("--family=si", "0x8dfc", NULL), 0);
    assert_has(out_text, "26 si registers share address 0x8DFC");
    /* the default family is r5xx */
    assert_int_equal(run("DB_DEPTH_CONTROL", NULL), 2);
}

static void test_unknown(void **state)
{
    (void)state;
    assert_int_equal(run("NO_SUCH_REG", NULL), 2);
    assert_has(err_text, "no register named 'NO_SUCH_REG' in family r5xx");
    assert_has(err_text, "closest names:");
    assert_string_equal(out_text, "");
    assert_int_equal(run("RB3D_BLNDCNTL", NULL), 2);
    assert_has(err_text, "closest names: RB3D_BLENDCNTL RB3D_ABLENDCNTL");
    assert_int_equal(run("0x4e06", NULL), 2);
    assert_has(err_text, "no r5xx register at 0x4E06");
    assert_has(err_text, "RB3D_BLENDCNTL (0x4E04)");
    assert_int_equal(run("--family", "r9xx", "RB3D_BLENDCNTL", NULL), 2);
    assert_has(err_text, "unknown family 'r9xx'");
}

static void test_bad_usage(void **state)
{
    (void)state;
    assert_int_equal(run(NULL), 2);
    assert_has(err_text, "usage: rcosim regs");
    assert_int_equal(run("RB3D_BLENDCNTL", "1", "2", NULL), 2);
    assert_int_equal(run("--bogus", NULL), 2);
    assert_has(err_text, "unknown option '--bogus'");
    assert_int_equal(run("--family", NULL), 2);
    assert_int_equal(run("RB3D_BLENDCNTL", "0x1FFFFFFFF", NULL), 2);
    assert_has(err_text, "not a 32-bit value");
    assert_int_equal(run("RB3D_BLENDCNTL", "banana", NULL), 2);
    assert_int_equal(run("--help", NULL), 0);
    assert_has(out_text, "usage: rcosim regs [--family F] NAME|ADDRESS [VALUE]");
    assert_has(out_text, "r5xx si");
    assert_int_equal(run("-h", NULL), 0);
}

static void test_encode(void **state)
{
    (void)state;
    assert_int_equal(run("RB3D_BLENDCNTL", "ALPHA_BLEND_ENABLE=Enable,COMB_FCN=Add_but_no_Clamp,"
                         "SRCBLEND=GL_SRC_ALPHA,DESTBLEND=GL_ONE_MINUS_SRC_ALPHA", NULL), 0);
    assert_has(out_text, "value 0x27261001 = RB3D_BLENDCNTL{");
    assert_int_equal(run("RB3D_BLENDCNTL", "COMB_FCN=9", NULL), 2);
    assert_has(err_text, "does not fit COMB_FCN[14:12]");
    assert_int_equal(run("0x9000", "ADDR0=1", NULL), 2);      /* ambiguous shared address */
    assert_has(err_text, "name the one to encode");
}

static void test_grep(void **state)
{
    (void)state;
    assert_int_equal(run("--grep", "coloroffset", NULL), 0);
    assert_has(out_text, "RB3D_COLOROFFSET[0-3]");
    assert_has(out_text, "0x4E28-0x4E34");
    assert_int_equal(run("--family", "si", "--grep", "CB_COLOR?_INFO", NULL), 0);
    assert_has(out_text, "CB_COLOR[0-7]_INFO");
    assert_int_equal(run("--family", "si", "--grep", "db_depth*", NULL), 0);
    assert_has(out_text, "DB_DEPTH_CONTROL");
    assert_null(strstr(out_text, "DB_STENCIL"));
    assert_int_equal(run("--grep", "zzz_nothing", NULL), 1);
    assert_has(err_text, "no r5xx register matches 'zzz_nothing'");
    assert_int_equal(run("--grep", "RB3D", "extra", NULL), 2);
}

/* getopt state must be reset between calls (the rcosim CLI parses its own options first). */
static void test_repeated_calls(void **state)
{
    int i;
    (void)state;
    for (i = 0; i < 3; i++) {
        assert_int_equal(run("--family", "si", "DB_DEPTH_CONTROL", NULL), 0);
        assert_has(out_text, "0x28800");
        assert_int_equal(run("ZB_CNTL", NULL), 0);
        assert_has(out_text, "ZB_CNTL  0x4F00");
    }
}

/* --inst: encodings assembled by llvm-mc -mcpu=bonaire (tests/regdb/inst_llvm_check.py checks
 * every opcode; these pin the output form and the error paths). */
static void test_inst(void **state)
{
    (void)state;
    /* s_mov_b32 s0, 0x12345678 */
    assert_int_equal(run("--family", "si", "--inst", "0xBE8003FF", "0x12345678", NULL), 0);
    assert_has(out_text, "SQ_SOP1 s_mov_b32 op 3, 2 dwords (literal)\n");
    assert_has(out_text, "15:8    OP                                   3          SQ_S_MOV_B32");
    assert_has(out_text, "literal 0x12345678");
    /* v_add_i32_e64 v1, s[2:3], v2, v3: VOP3b */
    assert_int_equal(run("-f", "si", "-i", "0xD24A0201", "0x00020702", NULL), 0);
    assert_has(out_text, "SQ_VOP3_0_SDST_ENC v_add_i32 op 293 (SQ_VOP2 op 37), 2 dwords\n");
    assert_has(out_text, "SQ_VOP3_1  0x8DFC");
    /* v_cmp_lt_f32_e64 s[2:3], v1, v2; v_cvt_f32_i32_e64 v1, v2 */
    assert_int_equal(run("--family", "si", "--inst", "0xD0020002", "0x00020501", NULL), 0);
    assert_has(out_text, "SQ_VOP3_0 v_cmp_lt_f32 op 1 (SQ_VOPC op 1), 2 dwords\n");
    assert_int_equal(run("--family", "si", "--inst", "0xD30A0001", "0x00000102", NULL), 0);
    assert_has(out_text, "SQ_VOP3_0 v_cvt_f32_i32 op 389 (SQ_VOP1 op 5), 2 dwords\n");
    /* buffer_load_dword v1, off, s[4:7], 0 */
    assert_int_equal(run("--family", "si", "--inst", "0xE0300000", "0x80010100", NULL), 0);
    assert_has(out_text, "SQ_MUBUF_0 buffer_load_dword op 12, 2 dwords\n");
    assert_has(out_text, "20:16   SRSRC                                1");
    assert_int_equal(run("--family", "si", "--inst", "0xE0300000", NULL), 0);
    assert_has(out_text, "second dword not given");
    /* v_madmk_f32 v1, v2, 0x42000000, v3: the constant K is a second dword */
    assert_int_equal(run("--family", "si", "--inst", "0x40020702", "0x42000000", NULL), 0);
    assert_has(out_text, "SQ_VOP2 v_madmk_f32 op 32, 2 dwords (literal)\n");
    /* s_endpgm */
    assert_int_equal(run("--family", "si", "--inst", "0xBF810000", NULL), 0);
    assert_has(out_text, "SQ_SOPP s_endpgm op 1, 1 dword\n");
    /* errors */
    assert_int_equal(run("--family", "si", "--inst", "0xBF810000", "0x1", NULL), 2);
    assert_has(err_text, "SQ_SOPP is one dword");
    assert_int_equal(run("--family", "si", "--inst", "0xFFFFFFFF", NULL), 2);
    assert_has(err_text, "0xFFFFFFFF matches no instruction format");
    assert_int_equal(run("--inst", "0xBF810000", NULL), 2);
    assert_has(err_text, "family r5xx has no instruction formats");
    assert_int_equal(run("--family", "si", "--inst", NULL), 2);
    assert_has(err_text, "--inst takes one or two instruction dwords");
    assert_int_equal(run("--family", "si", "--inst", "zz", NULL), 2);
    assert_has(err_text, "'zz' is not a 32-bit instruction dword");
    assert_int_equal(run("--family", "si", "--inst", "--grep", "SQ", "0x1", NULL), 2);
    assert_has(err_text, "--inst and --grep exclude each other");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_by_name),
        cmocka_unit_test(test_by_address_with_value),
        cmocka_unit_test(test_family_si),
        cmocka_unit_test(test_unknown),
        cmocka_unit_test(test_bad_usage),
        cmocka_unit_test(test_encode),
        cmocka_unit_test(test_grep),
        cmocka_unit_test(test_repeated_calls),
        cmocka_unit_test(test_inst),
    };
    return cmocka_run_group_tests_name("regdb_cmd", tests, NULL, NULL);
}
