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

/* Time of cycle c in the dump: the rising edge that starts it, where its inputs, expected and
 * actual values all change (the waveform shim dumps it at 10c, clock high, and the clock's fall
 * at 10c+5). */
static inline uint64_t rc_wave_time(uint64_t cycle) { return 10 * cycle; }

/* The view a .gtkw opens on: this many cycles, from this many before the first mismatch. */
#define RC_WAVE_VIEW_CYCLES 8
#define RC_WAVE_VIEW_BEFORE 3

/* A .gtkw save file for 'fst_path' (absolute): clock and reset, the mismatch signal, then one
 * group per channel with every expected signal beside the actual one, the failing channel first
 * and its differing fields at its top, highlighted; the primary marker and marker A at the first
 * mismatch; the view zoomed to RC_WAVE_VIEW_CYCLES cycles around it. */
int rc_wave_write_gtkw(FILE *f, const rc_block_desc *b, const rc_result *res, const char *fst_path,
                       uint64_t from, uint64_t to);

/* report.json of a failure bundle. */
int rc_wave_write_json(FILE *f, const rc_block_desc *b, const rc_run *r, const rc_result *res,
                       const char *vector, const char *wave, uint64_t from, uint64_t to);

#endif
