/*
 * fuzz_stubs.c - the RTL and waveform sides of r5xx.cp for the fuzz targets, which are built
 * without Verilator: present so the block description links, never run (the targets use the
 * C model side or no side at all).
 */
#include <stdlib.h>
#include "r5xx_cp_ports.h"
#include "rc_block.h"

static void *no_create(const rc_side_config *c) { (void)c; return NULL; }
const rc_side_ops r5xx_cp_rtl_ops = { "rtl", no_create, NULL, NULL, NULL, NULL };
const rc_side_ops r5xx_cp_wave_ops = { "rtl", no_create, NULL, NULL, NULL, NULL };

/* The bare loop and the generated run live in the Verilated shim too (scripts/blockgen.py). */
uint64_t r5xx_cp_bare(const rc_vector *v, uint64_t seed, uint64_t max_cycles, double *seconds)
{
    (void)v; (void)seed; (void)max_cycles; (void)seconds;
    return 0;
}

int r5xx_cp_fast_run(const rc_fast_args *a, rc_fast_result *res)
{
    (void)a; (void)res;
    return -1;
}
