/*
 * rc_wave.h - failure waveforms: the window arithmetic, the GTKWave save file that opens at the
 * first mismatch with expected and actual side by side, and the machine-readable report of a
 * failure bundle.
 */
#ifndef RC_WAVE_H
#define RC_WAVE_H

#include <stdint.h>
#include <stdio.h>
#include "rc_engine.h"

/* Cycles dumped around a mismatch at cycle 'at': from at-before (not below 0) to at+after.
 * The run may end earlier; the dump then simply stops there. */
void rc_wave_window(uint64_t at, uint64_t before, uint64_t after, uint64_t *from, uint64_t *to);

/* Parse "A:B" (A <= B, decimal cycles).  Returns 0 or -1. */
int rc_wave_range_parse(const char *text, uint64_t *from, uint64_t *to);

/* Time of cycle c's values before its clock edge in the dump (the waveform shim dumps cycle c
 * at 10c and its rising edge at 10c+5). */
static inline uint64_t rc_wave_time(uint64_t cycle) { return 10 * cycle; }

/* A .gtkw save file for 'fst_path' (absolute): clock and reset, the mismatch signal, then one
 * group per channel with every expected signal beside the actual one; the primary marker at
 * the first mismatch, the view on the window, the differing signals highlighted. */
int rc_wave_write_gtkw(FILE *f, const rc_block_desc *b, const rc_result *res, const char *fst_path,
                       uint64_t from, uint64_t to);

/* report.json of a failure bundle. */
int rc_wave_write_json(FILE *f, const rc_block_desc *b, const rc_run *r, const rc_result *res,
                       const char *vector, const char *wave, uint64_t from, uint64_t to);

#endif
