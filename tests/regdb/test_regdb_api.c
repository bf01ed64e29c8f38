/*
 * test_regdb_api.c - cmocka tests of the register database API (model/regdb/regdb.h): counts,
 * spot checks against the seed documents, lookups by name and address (shared addresses,
 * aliases, apertures), decoding to text and encoding from text, round trips over every register.
 *
 * The SPOT table below is also read by test_regdb_gen.py, which checks every row against the
 * raw seed text (header line, field line) when the seeds are present.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "regdb.h"

/* ---- spot checks: family, register instance, its byte address, the entry's first address,
 * a field, its bits, the seed line of the header and of the field row (0 = the field comes
 * from a fix-up, see model/regdb/fixups.json). Hand-checked against the seed text. */
typedef struct {
    const char *family, *reg;
    uint32_t addr, base;
    const char *field;
    unsigned hi, lo;
    uint32_t hline, fline;
} spot;

static const spot SPOT[] = {
    {"r5xx", "RB3D_BLENDCNTL", 0x4E04, 0x4E04, "ALPHA_BLEND_ENABLE", 0, 0, 8427, 8430},
    {"r5xx", "RB3D_BLENDCNTL", 0x4E04, 0x4E04, "DESTBLEND", 29, 24, 8427, 8572},
    {"r5xx", "RB3D_ABLENDCNTL", 0x4E08, 0x4E08, "COMB_FCN", 14, 12, 8248, 8259},
    {"r5xx", "ZB_CNTL", 0x4F00, 0x4F00, "Z_ENABLE", 1, 1, 14995, 15003},
    {"r5xx", "ZB_ZSTENCILCNTL", 0x4F04, 0x4F04, "STENCILFUNC", 5, 3, 15298, 15312},
    {"r5xx", "CP_RB_CNTL", 0x704, 0x704, "RB_BUFSZ", 5, 0, 7999, 8002},
    {"r5xx", "CP_RB_CNTL", 0x704, 0x704, "RB_BLKSZ", 13, 8, 7999, 8007},
    {"r5xx", "CP_RB_RPTR", 0x710, 0x710, "RB_RPTR", 22, 0, 8051, 8054},
    {"r5xx", "CP_ME_CNTL", 0x7D0, 0x7D0, "ME_STAT", 15, 0, 7928, 7931},
    {"r5xx", "CP_ME_CNTL", 0x7D0, 0x7D0, "ME_STEP", 31, 31, 7928, 7940},
    {"r5xx", "CP_ME_RAM_RADDR", 0x7D8, 0x7D8, "ME_RAM_RADDR", 7, 0, 7973, 7984},
    {"r5xx", "CP_CSQ_CNTL", 0x740, 0x740, "CSQ_MODE", 31, 28, 7773, 7776},
    {"r5xx", "CP_IB_BUFSZ", 0x73C, 0x73C, "IB_BUFSZ", 22, 0, 7911, 7914},
    {"r5xx", "VAP_VF_CNTL", 0x2084, 0x2084, "PRIM_TYPE", 3, 0, 14216, 14219},
    {"r5xx", "VAP_VF_CNTL", 0x2084, 0x2084, "NUM_VERTICES", 31, 16, 14216, 14279},
    {"r5xx", "VAP_VTX_SIZE", 0x20B4, 0x20B4, "DWORDS_PER_VTX", 6, 0, 14451, 14454},
    {"r5xx", "VAP_PVS_VECTOR_DATA_REG", 0x2204, 0x2204, "DATA_REGISTER", 31, 0, 14114, 14116},
    {"r5xx", "GA_US_VECTOR_INDEX", 0x4250, 0x4250, "INDEX", 8, 0, 9862, 9865},
    {"r5xx", "GB_TILE_CONFIG", 0x4018, 0x4018, "PIPE_COUNT", 3, 1, 10241, 10249},
    {"r5xx", "FG_ALPHA_FUNC", 0x4BD4, 0x4BD4, "AF_FUNC", 10, 8, 9126, 9131},
    {"r5xx", "SC_SCISSOR0", 0x43E0, 0x43E0, "XS0", 12, 0, 10945, 10948},
    {"r5xx", "SU_CULL_MODE", 0x42B8, 0x42B8, "FACE", 2, 2, 10979, 10992},
    {"r5xx", "TX_FORMAT0_0", 0x4480, 0x4480, "TXWIDTH", 10, 0, 11695, 11698},
    {"r5xx", "TX_FORMAT0_15", 0x44BC, 0x4480, "NUM_LEVELS", 29, 26, 11695, 11709},
    {"r5xx", "US_CMN_INST_0", 0xB800, 0xB800, "TYPE", 1, 0, 12659, 12662},
    {"r5xx", "US_CMN_INST_511", 0xBFFC, 0xB800, "STAT_WE", 31, 28, 12659, 12848},
    {"r5xx", "RS_IP_15", 0x40B0, 0x4074, "COL_FMT", 30, 27, 10445, 10467},
    {"r5xx", "VAP_VTX_ST_CLR_0_R", 0x2320, 0x2320, "DATA_REGISTER", 31, 0, 14558, 14561},
    {"r5xx", "VAP_VTX_ST_CLR_1_R", 0x2330, 0x2320, "DATA_REGISTER", 31, 0, 14558, 14561},
    {"r5xx", "VAP_VTX_ST_CLR_7_R", 0x2390, 0x2320, "DATA_REGISTER", 31, 0, 14558, 14561},
    {"r5xx", "VAP_VTX_AOS_ADDR0", 0x20C8, 0x20C8, "VTX_AOS_ADDR0", 31, 2, 14382, 14385},
    {"r5xx", "VAP_VTX_AOS_ADDR1", 0x20CC, 0x20C8, "VTX_AOS_ADDR0", 31, 2, 14382, 14385},
    {"r5xx", "VAP_VTX_AOS_ADDR2", 0x20D4, 0x20C8, "VTX_AOS_ADDR0", 31, 2, 14382, 14385},
    {"r5xx", "VAP_VTX_AOS_ADDR15", 0x2120, 0x20C8, "VTX_AOS_ADDR0", 31, 2, 14382, 14385},
    {"r5xx", "VAP_VTX_AOS_ATTR01", 0x20C4, 0x20C4, "VTX_AOS_COUNT0", 6, 0, 14389, 14392},
    {"r5xx", "VAP_VTX_AOS_ATTR23", 0x20D0, 0x20C4, "VTX_AOS_STRIDE1", 30, 24, 14389, 14395},
    {"r5xx", "VAP_VTX_AOS_ATTR1415", 0x2118, 0x20C4, "VTX_AOS_STRIDE1", 30, 24, 14389, 14395},
    {"r5xx", "VAP_VPORT_XSCALE", 0x1D98, 0x1D98, "VPORT_XSCALE", 31, 0, 14314, 14317},
    {"r5xx", "ZB_BW_CNTL", 0x4F1C, 0x4F1C, "FORCE_COMPRESSED_STENCIL_VALUE", 6, 6, 14868, 14909},
    {"r5xx", "ZB_BW_CNTL", 0x4F1C, 0x4F1C, "HIZ_FP_EXP_BITS", 14, 12, 14868, 14951},
    {"r5xx", "ZB_BW_CNTL", 0x4F1C, 0x4F1C, "COVERED_PTR_MASKING_ENABLE", 19, 19, 14868, 14985},
    {"r5xx", "RB3D_DISCARD_SRC_PIXEL_GTE_THRESHOLD", 0x4EA4, 0x4EA4, "BLUE", 7, 0, 8667, 8680},
    {"r5xx", "VAP_PVS_FLOW_CNTL_ADDRS_UW_15", 0x257C, 0x2504, "PVS_FC_RTN_INST_0", 31, 16, 14015, 14033},
    {"r5xx", "RB3D_COLOROFFSET2", 0x4E30, 0x4E28, "COLOROFFSET", 31, 5, 8798, 8801},
    {"r5xx", "CP_CSQ_APER_PRIMARY", 0x1000, 0x1000, "CP_CSQ_APER_PRIMARY", 31, 0, 7744, 7756},
    {"r5xx", "US_TEX_INST_0", 0x9000, 0x9000, "INST", 24, 22, 13380, 13385},
    {"r5xx", "US_ALU_RGB_ADDR_0", 0x9000, 0x9000, "SRCP_OP", 31, 30, 12555, 12640},
    {"r5xx", "US_FC_INST_3", 0x980C, 0x9800, "JUMP_FUNC", 15, 8, 12968, 13033},
    {"si", "DB_DEPTH_CONTROL", 0x28800, 0x28800, "ZFUNC", 6, 4, 6917, 6924},
    {"si", "DB_DEPTH_CONTROL", 0x28800, 0x28800, "STENCILFUNC", 10, 8, 6917, 0},
    {"si", "DB_DEPTH_CONTROL", 0x28800, 0x28800, "STENCILFUNC_BF", 22, 20, 6917, 6930},
    {"si", "VGT_DMA_INDEX_TYPE", 0x28A7C, 0x28A7C, "INDEX_TYPE", 1, 0, 162, 167},
    {"si", "VGT_DMA_INDEX_TYPE", 0x28A7C, 0x28A7C, "SWAP_MODE", 3, 2, 162, 168},
    {"si", "VGT_PRIMITIVE_TYPE", 0x30908, 0x30908, "PRIM_TYPE", 5, 0, 717, 720},
    {"si", "VGT_INDEX_TYPE", 0x3090C, 0x3090C, "INDEX_TYPE", 1, 0, 620, 623},
    {"si", "VGT_NUM_INDICES", 0x30930, 0x30930, "NUM_INDICES", 31, 0, 680, 683},
    {"si", "PA_SC_AA_CONFIG", 0x28BE0, 0x28BE0, "MSAA_NUM_SAMPLES", 2, 0, 1164, 1167},
    {"si", "PA_SU_VTX_CNTL", 0x28BE4, 0x28BE4, "QUANT_MODE", 5, 3, 1828, 1833},
    {"si", "PA_CL_UCP_0_X", 0x285BC, 0x285BC, "DATA_REGISTER", 31, 0, 1067, 1070},
    {"si", "PA_CL_VPORT_XSCALE_0", 0x2843C, 0x2843C, "VPORT_XSCALE", 31, 0, 1087, 1090},
    {"si", "PA_CL_VPORT_XSCALE_15", 0x285A4, 0x2843C, "VPORT_XSCALE", 31, 0, 1087, 1090},
    {"si", "PA_SC_VPORT_ZMIN_15", 0x28348, 0x282D0, "VPORT_ZMIN", 31, 0, 1679, 1682},
    {"si", "CB_COLOR0_INFO", 0x28C70, 0x28C70, "ENDIAN", 1, 0, 7371, 7374},
    {"si", "CB_COLOR0_INFO", 0x28C70, 0x28C70, "FORMAT", 6, 2, 7371, 7380},
    {"si", "CB_COLOR7_INFO", 0x28E14, 0x28C70, "COMP_SWAP", 12, 11, 7371, 0},
    {"si", "CB_BLEND0_CONTROL", 0x28780, 0x28780, "COLOR_SRCBLEND", 4, 0, 7227, 7230},
    {"si", "DB_STENCIL_CONTROL", 0x2842C, 0x2842C, "STENCILFAIL", 3, 0, 7137, 7140},
    {"si", "DB_SHADER_CONTROL", 0x2880C, 0x2880C, "CONSERVATIVE_Z_EXPORT", 14, 13, 7077, 0},
    {"si", "VGT_GROUP_PRIM_TYPE", 0x28A24, 0x28A24, "RETAIN_ORDER", 14, 14, 310, 0},
    {"si", "SPI_SHADER_PGM_HI_ES", 0xB324, 0xB324, "MEM_BASE", 7, 0, 5941, 5944},
    {"si", "SPI_GDBG_TRAP_MASK", 0xC74C, 0xC74C, "EXCP_EN", 8, 0, 6496, 6499},
    {"si", "GB_TILE_MODE0", 0x9910, 0x9910, "ARRAY_MODE", 5, 2, 6775, 6777},
    {"si", "GB_TILE_MODE31", 0x998C, 0x9910, "TILE_SPLIT", 13, 11, 6775, 6779},
    {"si", "VGT_STRMOUT_BUFFER_SIZE_1", 0x28AE0, 0x28AE0, "SIZE", 31, 0, 850, 853},
    {"si", "SQ_IMG_RSRC_WORD1", 0x8F14, 0x8F14, "NUM_FORMAT", 29, 26, 5663, 0},
    {"si", "PA_SC_AA_SAMPLE_LOCS_PIXEL_X0Y0_0", 0x28BF8, 0x28BF8, "S3_Y", 31, 28, 1191, 0},
    {"si", "DB_Z_INFO", 0x28040, 0x28040, "FORMAT", 1, 0, 7201, 7203},
};

static const rdb_family *fam(const char *name)
{
    const rdb_family *f = rdb_family_find(name);
    assert_non_null(f);
    return f;
}

static void test_families(void **state)
{
    (void)state;
    assert_string_equal(rdb_family_name(fam("r5xx")), "r5xx");
    assert_string_equal(rdb_family_name(fam("si")), "si");
    assert_ptr_equal(rdb_family_find("R5XX"), rdb_family_find("r5xx"));
    assert_null(rdb_family_find("r6xx"));
    assert_null(rdb_family_find(""));
    assert_null(rdb_family_find(NULL));
    assert_non_null(rdb_family_at(0));
    assert_non_null(rdb_family_at(1));
    assert_null(rdb_family_at(2));
}

/* Counts of the generated tables; the generator prints the same numbers (docs/regdb.md). */
static void count_family(const rdb_family *f, size_t *fields, size_t *lists, size_t *values)
{
    size_t e, i;
    *fields = *lists = *values = 0;
    for (e = 0; e < f->nentries; e++) {
        *fields += f->entries[e].nfields;
        for (i = 0; i < f->entries[e].nfields; i++) {
            *lists += f->entries[e].fields[i].nenums ? 1 : 0;
            *values += f->entries[e].fields[i].nenums;
        }
    }
}

static void test_counts(void **state)
{
    const rdb_family *r5 = fam("r5xx"), *si = fam("si");
    size_t fields, lists, values;
    (void)state;
    assert_int_equal(r5->nentries, 278);        /* 278 register headers in seed 000 */
    assert_int_equal(rdb_family_nregs(r5), 6302); /* 6296 instances + 6 alias addresses */
    count_family(r5, &fields, &lists, &values);
    assert_int_equal(fields, 1004);
    assert_int_equal(lists, 402);
    assert_int_equal(values, 1788);
    assert_int_equal(si->nentries, 392);        /* 392 register headers in seed 002 */
    assert_int_equal(rdb_family_nregs(si), 858);
    count_family(si, &fields, &lists, &values);
    assert_int_equal(fields, 1426);      /* 1424 parsed + VGT_EVENT_INITIATOR ADDRESS_HI, EXTENDED_EVENT (si-33, si-34) */
    assert_int_equal(lists, 284);
    assert_int_equal(values, 3782);      /* + 32 EVENT_TYPE values (si-36 .. si-67), + 15 DB_STENCIL_CONTROL op values (si-69 .. si-73), + 94 opcode/value repairs from the header (si-74 .. si-206) */
}

static void test_spot_checks(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < sizeof SPOT / sizeof SPOT[0]; i++) {
        const spot *s = &SPOT[i];
        const rdb_family *f = fam(s->family);
        const rdb_reg *r = rdb_reg_by_name(f, s->reg), *at[32];
        const rdb_field *fd;
        size_t n, k;
        int found = 0;
        if (!r)
            fail_msg("%s: %s not found", s->family, s->reg);
        assert_string_equal(rdb_reg_name(r), s->reg);
        if (rdb_reg_addr(r) != s->addr)
            fail_msg("%s: 0x%X, expected 0x%X", s->reg, (unsigned)rdb_reg_addr(r), (unsigned)s->addr);
        assert_int_equal(rdb_reg_line(r), s->hline);
        /* the entry's first instance sits at the base address */
        assert_int_equal(rdb_reg_addr(rdb_reg_by_name(f, rdb_reg_entry_name(r))), s->base);
        /* and the address finds the register (possibly among others sharing it) */
        n = rdb_regs_at(f, s->addr, at, 32);
        for (k = 0; k < n && k < 32; k++)
            found |= at[k] == r;
        if (!found)
            fail_msg("%s: not among the %zu registers at 0x%X", s->reg, n, (unsigned)s->addr);
        fd = rdb_field_find(r, s->field);
        if (!fd)
            fail_msg("%s has no field %s", s->reg, s->field);
        if (rdb_field_hi(fd) != s->hi || rdb_field_lo(fd) != s->lo)
            fail_msg("%s.%s is %u:%u, expected %u:%u", s->reg, s->field, rdb_field_hi(fd), rdb_field_lo(fd),
                     s->hi, s->lo);
        if (s->fline)
            assert_int_equal(fd->line, s->fline);
    }
}

static void test_name_lookup(void **state)
{
    const rdb_family *r5 = fam("r5xx"), *si = fam("si");
    const rdb_reg *r;
    (void)state;
    r = rdb_reg_by_name(r5, "rb3d_blendcntl");
    assert_non_null(r);
    assert_string_equal(rdb_reg_name(r), "RB3D_BLENDCNTL");
    r = rdb_reg_by_name(r5, "Rb3d_ColorOffset3");
    assert_non_null(r);
    assert_int_equal(rdb_reg_addr(r), 0x4E34);
    assert_int_equal(rdb_reg_index(r), 3);
    assert_string_equal(rdb_reg_entry_name(r), "RB3D_COLOROFFSET[0-3]");
    r = rdb_reg_by_name(r5, "RB3D_COLOROFFSET[0-3]");       /* documented entry name */
    assert_non_null(r);
    assert_int_equal(rdb_reg_addr(r), 0x4E28);
    assert_int_equal(rdb_reg_index(rdb_reg_by_name(r5, "RB3D_BLENDCNTL")), -1);
    assert_null(rdb_reg_by_name(r5, "RB3D_COLOROFFSET4"));   /* past the array */
    assert_null(rdb_reg_by_name(r5, "RB3D_BLENDCNTLX"));
    assert_null(rdb_reg_by_name(r5, ""));
    assert_null(rdb_reg_by_name(r5, NULL));
    assert_null(rdb_reg_by_name(r5, "DB_DEPTH_CONTROL"));   /* the other family */
    r = rdb_reg_by_name(si, "cb_color5_info");
    assert_non_null(r);
    assert_int_equal(rdb_reg_addr(r), 0x28C70 + 5 * 0x3C);
    r = rdb_reg_by_name(r5, "US_ALU_ALPHA_INST_511");
    assert_non_null(r);
    assert_int_equal(rdb_reg_addr(r), 0xAFFC);
}

static void test_addr_lookup(void **state)
{
    const rdb_family *r5 = fam("r5xx"), *si = fam("si");
    const rdb_reg *out[4] = { NULL, NULL, NULL, NULL }, *sentinel = (const rdb_reg *)&out;
    const rdb_reg *many[40];
    (void)state;
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(r5, 0x4E04)), "RB3D_BLENDCNTL");
    assert_null(rdb_reg_by_addr(r5, 0x4E06));
    assert_null(rdb_reg_by_addr(r5, 0xFFFFFFFCu));
    assert_null(rdb_reg_by_addr(r5, 0));
    /* shared US instruction words: first in document order, all of them via rdb_regs_at */
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(r5, 0x9000)), "US_ALU_RGB_ADDR_0");
    assert_int_equal(rdb_regs_at(r5, 0x9000, out, 4), 2);
    assert_string_equal(rdb_reg_name(out[0]), "US_ALU_RGB_ADDR_0");
    assert_string_equal(rdb_reg_name(out[1]), "US_TEX_INST_0");
    assert_int_equal(rdb_regs_at(r5, 0x9800, out, 4), 3);
    assert_string_equal(rdb_reg_name(out[0]), "US_ALU_ALPHA_ADDR_0");
    assert_string_equal(rdb_reg_name(out[1]), "US_FC_INST_0");
    assert_string_equal(rdb_reg_name(out[2]), "US_TEX_ADDR_0");
    assert_int_equal(rdb_regs_at(r5, 0xA004, out, 4), 3);
    assert_string_equal(rdb_reg_name(out[0]), "US_ALU_RGB_INST_1");
    /* max smaller than the count: the count is still returned, out is not overrun */
    out[1] = sentinel;
    assert_int_equal(rdb_regs_at(r5, 0x9800, out, 1), 3);
    assert_ptr_equal(out[1], sentinel);
    assert_int_equal(rdb_regs_at(r5, 0x9800, NULL, 0), 3);
    assert_int_equal(rdb_regs_at(r5, 0x4E06, out, 4), 0);
    /* alias address */
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(r5, 0x2098)), "VAP_VPORT_XSCALE");
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(r5, 0x1D98)), "VAP_VPORT_XSCALE");
    assert_int_equal(rdb_reg_addr(rdb_reg_by_name(r5, "VAP_VPORT_XSCALE")), 0x1D98);
    /* apertures answer every address of their window */
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(r5, 0x1100)), "CP_CSQ_APER_PRIMARY");
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(r5, 0x11FC)), "CP_CSQ_APER_PRIMARY");
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(r5, 0x1200)), "CP_CSQ_APER_INDIRECT2");
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(r5, 0x13FC)), "CP_CSQ_APER_INDIRECT");
    assert_null(rdb_reg_by_addr(r5, 0x1400));
    assert_int_equal(rdb_regs_at(r5, 0x1004, out, 4), 1);
    /* irregular stride: ADDR and ATTR interleave */
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(r5, 0x20D0)), "VAP_VTX_AOS_ATTR23");
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(r5, 0x20D4)), "VAP_VTX_AOS_ADDR2");
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(r5, 0x20D8)), "VAP_VTX_AOS_ADDR3");
    /* Sea Islands: 26 shader-encoding words share 0x8DFC */
    assert_int_equal(rdb_regs_at(si, 0x8DFC, many, 40), 26);
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(si, 0x28800)), "DB_DEPTH_CONTROL");
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(si, 0x28A7C)), "VGT_DMA_INDEX_TYPE");
}

/* Every register of both families: sorted by address, found by its address and by its name. */
static void test_every_register_findable(void **state)
{
    size_t fi, i;
    (void)state;
    for (fi = 0; rdb_family_at(fi); fi++) {
        const rdb_family *f = rdb_family_at(fi);
        for (i = 0; i < rdb_family_nregs(f); i++) {
            const rdb_reg *r = rdb_family_reg(f, i), *a, *n;
            char lower[128];
            size_t k;
            if (i)
                assert_true(rdb_family_reg(f, i - 1)->addr <= r->addr);
            assert_int_equal(r->addr % 4, 0);
            a = rdb_reg_by_addr(f, r->addr);
            assert_non_null(a);
            assert_int_equal(a->addr, r->addr);
            n = rdb_reg_by_name(f, r->name);
            assert_non_null(n);
            assert_string_equal(n->name, r->name);
            for (k = 0; r->name[k] && k + 1 < sizeof lower; k++)
                lower[k] = (char)((r->name[k] >= 'A' && r->name[k] <= 'Z') ? r->name[k] + 32 : r->name[k]);
            lower[k] = 0;
            assert_ptr_equal(rdb_reg_by_name(f, lower), n);
            assert_true(rdb_reg_width(r) == 32 || rdb_reg_width(r) == 16 || rdb_reg_width(r) == 8);
            for (k = 0; k < rdb_reg_nfields(r); k++) {
                const rdb_field *fd = rdb_reg_field(r, k);
                assert_true(rdb_field_lo(fd) <= rdb_field_hi(fd));
                assert_true(rdb_field_hi(fd) < rdb_reg_width(r));
                if (k)
                    assert_true(rdb_field_lo(rdb_reg_field(r, k - 1)) <= rdb_field_lo(fd));
            }
            assert_null(rdb_reg_field(r, rdb_reg_nfields(r)));
        }
    }
}

static void test_format(void **state)
{
    const rdb_family *r5 = fam("r5xx"), *si = fam("si");
    char buf[512], small[10];
    size_t n;
    (void)state;
    n = rdb_format(r5, 0x4E04, 0x00000001, buf, sizeof buf);
    assert_string_equal(buf,
        "RB3D_BLENDCNTL{ALPHA_BLEND_ENABLE=Enable, SEPARATE_ALPHA_ENABLE=Disabled_Use_RB3D_BLENDCNTL, "
        "READ_ENABLE=Disable_reads, DISCARD_SRC_PIXELS=Disable, COMB_FCN=Add_and_Clamp, SRCBLEND=0, "
        "DESTBLEND=0, SRC_ALPHA_0_NO_READ=Disable_source_alpha_zero, "
        "SRC_ALPHA_1_NO_READ=Disable_source_alpha_one}");
    assert_int_equal(n, strlen(buf));
    rdb_format(r5, 0x4E04, 0x27261001, buf, sizeof buf);
    assert_non_null(strstr(buf, "COMB_FCN=Add_but_no_Clamp, SRCBLEND=GL_SRC_ALPHA, "
                                "DESTBLEND=GL_ONE_MINUS_SRC_ALPHA,"));
    /* unknown address */
    n = rdb_format(r5, 0x3000, 1, buf, sizeof buf);
    assert_string_equal(buf, "0x3000=0x00000001");
    assert_int_equal(n, 17);
    /* truncation: snprintf semantics */
    n = rdb_format(r5, 0x4E04, 1, small, sizeof small);
    assert_int_equal(n, strlen("RB3D_BLENDCNTL{ALPHA_BLEND_ENABLE=Enable, SEPARATE_ALPHA_ENABLE="
                               "Disabled_Use_RB3D_BLENDCNTL, READ_ENABLE=Disable_reads, "
                               "DISCARD_SRC_PIXELS=Disable, COMB_FCN=Add_and_Clamp, SRCBLEND=0, "
                               "DESTBLEND=0, SRC_ALPHA_0_NO_READ=Disable_source_alpha_zero, "
                               "SRC_ALPHA_1_NO_READ=Disable_source_alpha_one}"));
    assert_string_equal(small, "RB3D_BLEN");        /* 9 characters and the NUL */
    assert_int_equal(rdb_format(r5, 0x4E04, 1, NULL, 0), n);
    /* plain numbers: decimal below 10, hex above; bits outside every field */
    rdb_format(r5, 0x704, 0x0000004A, buf, sizeof buf);        /* CP_RB_CNTL: RB_BUFSZ=10, bit 6 */
    assert_non_null(strstr(buf, "CP_RB_CNTL{RB_BUFSZ=0xA, RB_BLKSZ=0,"));
    assert_non_null(strstr(buf, ", ?=0x00000040}"));
    rdb_format(r5, 0x704, 0x00000009, buf, sizeof buf);
    assert_non_null(strstr(buf, "RB_BUFSZ=9,"));
    /* Reserved fields appear only when non-zero */
    rdb_format(r5, 0x4440, 0, buf, sizeof buf);                /* TX_FILTER1_0 */
    assert_null(strstr(buf, "Reserved"));
    rdb_format(r5, 0x4440, 1u << 13, buf, sizeof buf);
    assert_non_null(strstr(buf, "Reserved=1"));
    /* array instance and shared address naming */
    rdb_format(r5, 0x4E30, 0x100, buf, sizeof buf);
    assert_string_equal(buf, "RB3D_COLOROFFSET2{COLOROFFSET=8}");
    rdb_format(r5, 0x9004, 0, buf, sizeof buf);
    assert_int_equal(strncmp(buf, "US_ALU_RGB_ADDR_1{", 18), 0);
    /* Sea Islands */
    rdb_format(si, 0x28800, (1u << 1) | (3u << 4) | (2u << 8), buf, sizeof buf);
    assert_non_null(strstr(buf, "DB_DEPTH_CONTROL{STENCIL_ENABLE=0, Z_ENABLE=1, Z_WRITE_ENABLE=0, "
                                "DEPTH_BOUNDS_ENABLE=0, ZFUNC=FRAG_LEQUAL, BACKFACE_ENABLE=0, "
                                "STENCILFUNC=REF_EQUAL, STENCILFUNC_BF=REF_NEVER,"));
}

static void test_encode(void **state)
{
    const rdb_family *r5 = fam("r5xx"), *si = fam("si");
    const rdb_reg *r = rdb_reg_by_name(r5, "RB3D_BLENDCNTL");
    uint32_t v = 0;
    char err[128];
    (void)state;
    assert_int_equal(rdb_encode(r, "ALPHA_BLEND_ENABLE=Enable,COMB_FCN=Add_but_no_Clamp,"
                                   "SRCBLEND=GL_SRC_ALPHA,DESTBLEND=0x27", &v, err, sizeof err), 0);
    assert_int_equal(v, 0x27261001);
    /* the documented text of a value name, any case and spacing; numbers; blanks around */
    v = 0;
    assert_int_equal(rdb_encode(r, " comb_fcn = add but no clamp , alpha_blend_enable=1", &v, err, sizeof err), 0);
    assert_int_equal(v, 0x1001);
    /* fields not named keep their bits */
    v = 0xFFFFFFFF;
    assert_int_equal(rdb_encode(r, "COMB_FCN=0", &v, err, sizeof err), 0);
    assert_int_equal(v, 0xFFFF8FFF);
    v = 0;
    assert_int_equal(rdb_encode(r, "", &v, err, sizeof err), 0);
    assert_int_equal(v, 0);
    /* errors leave the value alone */
    v = 0x1234;
    assert_int_equal(rdb_encode(r, "NO_FIELD=1", &v, err, sizeof err), -1);
    assert_non_null(strstr(err, "NO_FIELD"));
    assert_int_equal(v, 0x1234);
    assert_int_equal(rdb_encode(r, "COMB_FCN=8", &v, err, sizeof err), -1);
    assert_non_null(strstr(err, "does not fit COMB_FCN[14:12]"));
    assert_int_equal(rdb_encode(r, "ALPHA_BLEND_ENABLE=Enable,COMB_FCN=Bogus", &v, err, sizeof err), -1);
    assert_non_null(strstr(err, "Bogus"));
    assert_int_equal(v, 0x1234);
    assert_int_equal(rdb_encode(r, "COMB_FCN", &v, err, sizeof err), -1);
    assert_int_equal(rdb_encode(r, "COMB_FCN=", &v, err, sizeof err), -1);
    assert_int_equal(rdb_encode(r, "=3", &v, err, sizeof err), -1);
    assert_int_equal(rdb_encode(r, "COMB_FCN=0x100000000", &v, NULL, 0), -1);
    assert_int_equal(rdb_encode(r, "COMB_FCN=-1", &v, NULL, 0), -1);
    assert_int_equal(v, 0x1234);
    /* full 32-bit field */
    v = 0;
    assert_int_equal(rdb_encode(rdb_reg_by_name(r5, "ZB_DEPTHCLEARVALUE"), "DEPTHCLEARVALUE=0xFFFFFFFF",
                                &v, err, sizeof err), 0);
    assert_int_equal(v, 0xFFFFFFFF);
    /* Sea Islands enum names */
    v = 0;
    assert_int_equal(rdb_encode(rdb_reg_by_name(si, "DB_DEPTH_CONTROL"),
                                "Z_ENABLE=1,ZFUNC=FRAG_LESS,STENCILFUNC=ref_always", &v, err, sizeof err), 0);
    assert_int_equal(v, (1u << 1) | (1u << 4) | (7u << 8));
}

static void test_defaults_access_mirrors(void **state)
{
    const rdb_family *r5 = fam("r5xx"), *si = fam("si");
    const rdb_reg *me = rdb_reg_by_name(r5, "CP_ME_CNTL");
    uint32_t d = 0;
    (void)state;
    assert_int_equal(rdb_reg_default(rdb_reg_by_name(r5, "RB3D_BLENDCNTL")), 0x4);   /* READ_ENABLE=1 */
    assert_int_equal(rdb_reg_default(me), 0x40000000);                             /* ME_MODE=1 */
    assert_int_equal(rdb_reg_default(rdb_reg_by_name(r5, "RB3D_DISCARD_SRC_PIXEL_GTE_THRESHOLD")), 0xFFFFFFFF);
    assert_int_equal(rdb_field_default(rdb_field_find(me, "ME_STAT"), &d), 0);     /* "none" */
    assert_int_equal(rdb_field_default(rdb_field_find(me, "ME_MODE"), &d), 1);
    assert_int_equal(d, 1);
    assert_string_equal(rdb_reg_access(me), "R/W");
    assert_string_equal(rdb_field_access(rdb_field_find(me, "ME_STAT")), "R");
    assert_string_equal(rdb_field_access(rdb_field_find(me, "ME_BUSY")), "R");
    assert_string_equal(rdb_field_access(rdb_field_find(me, "ME_STEP")), "W");
    assert_null(rdb_field_access(rdb_field_find(me, "ME_STATMUX")));
    assert_string_equal(rdb_field_find(rdb_reg_by_name(r5, "CP_ME_RAM_RADDR"), "ME_RAM_RADDR")->mirror_of,
                        "CP_ME_RAM_ADDR:ME_RAM_ADDR");
    assert_string_equal(rdb_reg_access(rdb_reg_by_name(r5, "CP_CSQ2_STAT")), "R");
    assert_string_equal(rdb_reg_access(rdb_reg_by_name(r5, "CP_CSQ_ADDR")), "W");
    assert_string_equal(rdb_reg_access(rdb_reg_by_name(si, "VGT_DMA_INDEX_TYPE")), "W");
    assert_string_equal(rdb_reg_block(rdb_reg_by_name(r5, "RB3D_BLENDCNTL")), "CB");
    assert_string_equal(rdb_reg_block(rdb_reg_by_name(si, "SQ_IMG_RSRC_WORD1")), "SQ");
    assert_int_equal(rdb_reg_width(rdb_reg_by_name(si, "SPI_SHADER_PGM_HI_ES")), 8);
    assert_int_equal(rdb_reg_width(rdb_reg_by_name(si, "SPI_GDBG_TRAP_MASK")), 16);
}

static void test_enums(void **state)
{
    const rdb_family *r5 = fam("r5xx");
    const rdb_reg *r = rdb_reg_by_name(r5, "RB3D_BLENDCNTL");
    const rdb_field *comb = rdb_field_find(r, "comb_fcn");
    const rdb_field *pipes = rdb_field_find(rdb_reg_by_name(r5, "GB_TILE_CONFIG"), "PIPE_COUNT");
    (void)state;
    assert_non_null(comb);
    assert_int_equal(rdb_field_nenums(comb), 8);
    assert_string_equal(rdb_field_enum_name(comb, 4),
                        "Minimum of Src, Dst (the src and dst blend functions are forced to D3D_ONE)");
    assert_null(rdb_field_enum_name(comb, 8));
    assert_int_equal(rdb_field_enum(comb, 7)->value, 7);
    assert_null(rdb_field_enum(comb, 8));
    /* values printed with an en dash instead of a hyphen (000:10261-10262) */
    assert_string_equal(rdb_field_enum_name(pipes, 6), "R420-3P (3 pipes, 1 ctx)");
    assert_string_equal(rdb_field_enum_name(pipes, 7), "R420 (4 pipes, 1 ctx)");
    /* DB_STENCIL_CONTROL: every op field has the 16 operations, 2 ONES, 3 REPLACE_TEST (002:7147;
     * fix-ups si-69 .. si-73 repaired the five damaged lists) */
    {
        static const char *const ops[] = { "STENCILFAIL", "STENCILZPASS", "STENCILZFAIL",
                                           "STENCILFAIL_BF", "STENCILZPASS_BF", "STENCILZFAIL_BF" };
        const rdb_reg *sc = rdb_reg_by_name(fam("si"), "DB_STENCIL_CONTROL");
        for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
            const rdb_field *f = rdb_field_find(sc, ops[k]);
            assert_non_null(f);
            assert_int_equal(rdb_field_nenums(f), 16);
            assert_int_equal(rdb_field_enum(f, 2)->value, 2);
            assert_string_equal(rdb_field_enum_name(f, 2), "STENCIL_ONES");
            assert_int_equal(rdb_field_enum(f, 3)->value, 3);
            assert_string_equal(rdb_field_enum_name(f, 3), "STENCIL_REPLACE_TEST");
            assert_string_equal(rdb_field_enum_name(f, 7), "STENCIL_INVERT");
            assert_string_equal(rdb_field_enum_name(f, 15), "STENCIL_XNOR");
        }
    }
    assert_int_equal(rdb_field_mask(comb), 0x7000);
    assert_int_equal(rdb_field_get(comb, 0x27261001), 1);
}

static void test_closest(void **state)
{
    const rdb_family *r5 = fam("r5xx"), *si = fam("si");
    const rdb_reg *out[5];
    size_t n, i, j;
    (void)state;
    n = rdb_closest_names(r5, "RB3D_BLNDCNTL", out, 5);
    assert_int_equal(n, 5);
    assert_string_equal(rdb_reg_name(out[0]), "RB3D_BLENDCNTL");
    assert_string_equal(rdb_reg_name(out[1]), "RB3D_ABLENDCNTL");
    for (i = 0; i < n; i++)                     /* one suggestion per entry */
        for (j = i + 1; j < n; j++)
            assert_ptr_not_equal(out[i]->entry, out[j]->entry);
    n = rdb_closest_names(si, "db_depth_controll", out, 2);
    assert_int_equal(n, 2);
    assert_string_equal(rdb_reg_name(out[0]), "DB_DEPTH_CONTROL");
    n = rdb_closest_names(r5, "rb3d_coloroffset9", out, 1);
    assert_int_equal(n, 1);
    assert_string_equal(rdb_reg_entry_name(out[0]), "RB3D_COLOROFFSET[0-3]");
    assert_int_equal(rdb_closest_names(r5, "X", out, 0), 0);
}

/* For every entry of both families and a set of values: (a) the text of rdb_format_reg, minus
 * the braces and any "?=" part, encodes back to the value; (b) field-by-field numeric encoding
 * gives the value back. Fields that share a name (several "Reserved") are kept at zero. */
/* The supplement (model/regdb/r5xx_supp.json): found by name and address through the r5xx family,
 * decoded by rdb_format, never counted in the seed family, never shadowing a seed register. */
static void test_supplement(void **state)
{
    (void)state;
    const rdb_family *r5 = rdb_family_find("r5xx"), *sup = rdb_family_supplement(r5);
    char buf[256];
    assert_non_null(sup);
    assert_null(rdb_family_supplement(rdb_family_find("si")));
    assert_null(rdb_family_supplement(sup));
    const rdb_reg *r = rdb_reg_by_name(r5, "dp_write_mask");
    assert_non_null(r);
    assert_int_equal(rdb_reg_addr(r), 0x16CC);
    assert_string_equal(rdb_reg_block(r), "2D");
    assert_ptr_equal(rdb_reg_by_addr(r5, 0x15EC), rdb_reg_by_name(r5, "SCRATCH_REG3"));
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(r5, 0x1720)), "WAIT_UNTIL");
    rdb_format(r5, 0x146C, 0x10F036D2, buf, sizeof buf);
    assert_non_null(strstr(buf, "DP_GUI_MASTER_CNTL{"));
    assert_non_null(strstr(buf, "BRUSH_DATATYPE=SOLID_COLOR"));
    assert_non_null(strstr(buf, "ROP3=0xF0"));
    assert_string_equal(rdb_reg_name(rdb_reg_by_addr(r5, 0x0700)), "CP_RB_BASE");   /* seed first */
    assert_null(rdb_reg_by_addr(r5, 0x0800));
    assert_int_equal(rdb_family_nregs(r5), 6302);
    const rdb_reg *out[2];
    assert_int_equal(rdb_regs_at(r5, 0x143C, out, 2), 1);
    assert_string_equal(rdb_reg_name(out[0]), "DST_HEIGHT_WIDTH");
}

static void test_round_trips(void **state)
{
    static const uint32_t base[] = { 0x00000000, 0xFFFFFFFF, 0x12345678, 0x87654321, 0xA5A5A5A5, 0x0F0F0F0F };
    size_t fi, e, b, i, k, checked = 0;
    char text[4096], assign[4096];
    (void)state;
    for (fi = 0; rdb_family_at(fi); fi++) {
        const rdb_family *f = rdb_family_at(fi);
        for (e = 0; e < f->nentries; e++) {
            const rdb_reg *r = NULL;
            uint32_t uniq = 0;
            for (i = 0; i < rdb_family_nregs(f) && !r; i++)
                if (rdb_family_reg(f, i)->entry == &f->entries[e])
                    r = rdb_family_reg(f, i);
            assert_non_null(r);
            for (i = 0; i < rdb_reg_nfields(r); i++) {
                int dup = 0;
                for (k = 0; k < rdb_reg_nfields(r); k++)
                    dup |= k != i && strcmp(rdb_reg_field(r, k)->name, rdb_reg_field(r, i)->name) == 0;
                if (!dup)
                    uniq |= rdb_field_mask(rdb_reg_field(r, i));
            }
            for (b = 0; b < sizeof base / sizeof base[0] + 8; b++) {
                uint32_t v, got = 0, got2 = 0;
                size_t len = 0;
                char *open, *q;
                char err[256];
                v = b < sizeof base / sizeof base[0] ? base[b] : (uint32_t)(0x9E3779B9u * (b + e * 31 + fi));
                v &= uniq;
                assert_true(rdb_format_reg(r, v, text, sizeof text) < sizeof text);
                open = strchr(text, '{');
                assert_non_null(open);
                q = strstr(open, "?=");
                if (q)
                    *q = 0;
                else
                    text[strlen(text) - 1] = 0;     /* the closing brace */
                if (rdb_encode(r, open + 1, &got, err, sizeof err) != 0)
                    fail_msg("%s: encode(\"%s\") failed: %s", r->name, open + 1, err);
                if (got != v)
                    fail_msg("%s: 0x%08X -> \"%s\" -> 0x%08X", r->name, (unsigned)v, open + 1, (unsigned)got);
                for (i = 0; i < rdb_reg_nfields(r); i++) {
                    const rdb_field *fd = rdb_reg_field(r, i);
                    if (!(rdb_field_mask(fd) & uniq))
                        continue;
                    len += (size_t)snprintf(assign + len, sizeof assign - len, "%s=%u,", fd->name,
                                            (unsigned)rdb_field_get(fd, v));
                    assert_true(len < sizeof assign);
                }
                assert_int_equal(rdb_encode(r, assign, &got2, err, sizeof err), 0);
                assert_int_equal(got2, v);
                checked++;
            }
        }
    }
    assert_true(checked >= (278 + 392) * 14);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_families),
        cmocka_unit_test(test_counts),
        cmocka_unit_test(test_spot_checks),
        cmocka_unit_test(test_name_lookup),
        cmocka_unit_test(test_addr_lookup),
        cmocka_unit_test(test_every_register_findable),
        cmocka_unit_test(test_format),
        cmocka_unit_test(test_encode),
        cmocka_unit_test(test_defaults_access_mirrors),
        cmocka_unit_test(test_enums),
        cmocka_unit_test(test_closest),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_supplement),
    };
    return cmocka_run_group_tests_name("regdb_api", tests, NULL, NULL);
}
