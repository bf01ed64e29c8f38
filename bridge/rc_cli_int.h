/*
 * rc_cli_int.h - what the files of the command line share (bridge/ only): the options of run,
 * gen and replay and the helpers that turn them into a run (rc_cli_opts.c).
 */
#ifndef RC_CLI_INT_H
#define RC_CLI_INT_H

#include <stdint.h>
#include "rc_cli.h"

#define EXIT_MISMATCH 1
#define EXIT_USAGE 2

typedef struct opts {
    const char *cmd;
    const char *block, *vector, *stimulus, *output, *mode, *bp, *lat, *side;
    uint64_t seed, count, max_cycles, max_mm, watchdog, history, threads;
    int have_seed, have_count, have_max_cycles, have_max_mm, have_watchdog, have_history, have_threads;
    int stats, quiet;
    const char *inject[RC_MAX_FAULTS];
    int ninject;
    const char *trace;
    const char *wave, *wave_range, *png, *engine;
    uint64_t wave_before, wave_after;
    int have_wave_before, have_wave_after, wave_all;
} opts;

/* "rcosim CMD: <fmt with arg>" and the --help hint on stderr; returns EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, const char *arg);
int cli_opt_number_error(const char *cmd, const char *opt, const char *arg, uint64_t max);
/* Returns 0, EXIT_USAGE on error, or -1 when --help was printed. */
int cli_parse_opts(int argc, char **argv, opts *o, const char *help, const char *allowed);
/* Reads the vector at path (its block must be --block's, if given).  0 or EXIT_USAGE. */
int cli_load_vector(const opts *o, const char *path, rc_vector *v);
/* --block's description, or NULL (reported). */
const rc_block_desc *cli_need_block(const opts *o);
/* One --inject SIDE:CHANNEL.FIELD@TXN^HEXMASK.  0 or EXIT_USAGE. */
int cli_parse_fault(const opts *o, const rc_block_desc *b, const char *spec, rc_fault *f,
                    const char *const *sides, int nsides);
/* The policy part of a run from options, falling back to the vector's header.  0 or EXIT_USAGE. */
int cli_setup_policies(const opts *o, rc_run *r, const rc_vector *v);
/* "CHANNEL N, ..." of every output channel's transaction count, on stdout. */
void cli_print_counts(const rc_block_desc *b, const rc_result *res);
/* The one-line repro command (malloc'd; NULL when out of memory). */
char *cli_build_repro(const char *argv0, const opts *o, const rc_run *r, const char *what);
/* The verdict line (and --stats); returns the exit status. */
int cli_finish(const opts *o, const rc_run *r, const rc_result *res, const char *what, const char *how,
               int bundle_bad);
/* Runs r; with --wave, writes the failure bundle too.  -1 when a bundle file could not be
 * written (the CLI then exits 2), else 0. */
int cli_execute(const opts *o, rc_run *r, rc_result *res, const char *vec_path);

#endif
