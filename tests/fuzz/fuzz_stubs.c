/*
 * fuzz_stubs.c - the RTL and waveform sides of r5xx.cp for the fuzz targets, which are built
 * without Verilator: present so the block description links, never run (the targets use the
 * C model side or no side at all).
 */
#include <stdlib.h>
#include "rc_block.h"

static void *no_create(const rc_side_config *c) { (void)c; return NULL; }
const rc_side_ops r5xx_cp_rtl_ops = { "rtl", no_create, NULL, NULL, NULL, NULL };
const rc_side_ops r5xx_cp_wave_ops = { "rtl", no_create, NULL, NULL, NULL, NULL };
