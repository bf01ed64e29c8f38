/*
 * rc_bundle.h - failure bundles: a run whose failure (or an asked-for window) is dumped by the
 * block's waveform wrapper, with the files that make it a self-contained case: report.txt,
 * wave.fst, wave.gtkw and report.json (rc_wave.h), the vector, and repro.sh.
 */
#ifndef RC_BUNDLE_H
#define RC_BUNDLE_H

#include <stdint.h>
#include "rc_engine.h"

typedef struct rc_bundle_opts {
    const char *cmd;                  /* the subcommand (messages, repro.sh) */
    const char *dir;                  /* --wave DIR */
    const char *range;                /* --wave-range A:B, or NULL */
    int all;                          /* --wave-all */
    uint64_t before, after;           /* cycles dumped before and after the first mismatch */
} rc_bundle_opts;

/* Runs r (its report is captured, then printed); when it fails, or a window was asked for,
 * writes the bundle into o->dir and prints its 'bundle:' line.  r->repro must be set.
 * Returns -1 when a bundle file could not be written (reported on stderr), else 0. */
int rc_bundle_run(const rc_bundle_opts *o, rc_run *r, rc_result *res, const char *vec_path);

#endif
