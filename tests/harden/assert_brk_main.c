/*
 * assert_brk_main.c - rcosim_assert_brk: the rcosim CLI with one block, r5xx.cp, whose RTL side
 * is a copy broken on purpose (tests/harden/assert_brk.py: the fetch queue 2 deep instead of 4),
 * for harden.assert_stop: a lockstep run stops at the RTL's FifoNoOverflow assertion with the
 * report docs/hardening.md describes.  Its model, stimulus and tables are r5xx.cp's own; the
 * generated loop (rc_block_fast.run) is the broken model's, so the run goes through its give-up.
 * A test program, not installed.
 */
#include <stdio.h>
#include <string.h>

#include "rc_cli.h"
#include "regdb.h"

extern const rc_block_desc r5xx_cp_block;
extern const rc_side_ops r5xx_cp_brk_rtl_ops;
int r5xx_cp_brk_fast_run(const rc_fast_args *a, rc_fast_result *res);

static rc_block_desc brk;
static rc_block_fast brk_fast;
const rc_block_desc *const rc_blocks[] = { &brk };
const unsigned rc_nblocks = 1;

static size_t decode(const char *family, rc_show kind, uint64_t addr, uint64_t value, char *buf, size_t n)
{
    const rdb_family *f = rdb_family_find(family);
    if (!f || addr > 0xFFFFFFFFull)
        return 0;
    if (kind == RC_SHOW_REGADDR) {
        const rdb_reg *r = rdb_reg_by_addr(f, (uint32_t)addr);
        return r ? (size_t)snprintf(buf, n, "%s", rdb_reg_name(r)) : 0;
    }
    return rdb_format(f, (uint32_t)addr, (uint32_t)value, buf, n);
}

int main(int argc, char **argv)
{
    brk = r5xx_cp_block;
    brk.rtl = &r5xx_cp_brk_rtl_ops;
    brk.bare = NULL;
    /* brk.wave stays r5xx.cp's waveform wrapper (the unbroken design): the test reads the
     * bundle's report.json, not its waveform. */
    if (r5xx_cp_block.fast) {
        brk_fast = *r5xx_cp_block.fast;
        brk_fast.run = r5xx_cp_brk_fast_run;
        brk.fast = &brk_fast;
    }
    rc_cli_ext ext = { NULL, decode };
    return rc_cli_main(argc, argv, &ext);
}
