/*
 * rc_cli_opts.c - what the subcommands run, gen and replay share: their options (parsed into
 * struct opts), the block and vector they name, faults to inject, the run's policies, the
 * repro line, the verdict line and exit status, and the run itself (with --wave, through the
 * failure-bundle writer, rc_bundle.c).
 */
#define _GNU_SOURCE
#include "rc_cli_int.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rc_args.h"
#include "rc_bundle.h"
#include "rc_mem.h"
#include "rc_progress.h"
#include "rc_wave.h"

const rc_block_desc *rc_block_find(const char *name)
{
    for (unsigned i = 0; i < rc_nblocks; i++)
        if (!strcmp(rc_blocks[i]->name, name))
            return rc_blocks[i];
    return NULL;
}

int cli_usage_error(const char *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "rcosim %s: ", cmd);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(see 'rcosim %s --help')\n", cmd);
    return EXIT_USAGE;
}

int cli_opt_number_error(const char *cmd, const char *opt, const char *arg, uint64_t max)
{
    fprintf(stderr, "rcosim %s: --%s '%s': expected a whole number 0..%" PRIu64 "\n(see 'rcosim %s --help')\n",
            cmd, opt, arg, max, cmd);
    return EXIT_USAGE;
}

/* ---- the options of run / gen / replay ---------------------------------------------------- */

enum { O_BLOCK = 1000, O_VECTOR, O_SEED, O_MODE, O_BP, O_LAT, O_MAXC, O_MAXM, O_WD, O_COUNT,
       O_STIM, O_INJECT, O_HIST, O_STATS, O_QUIET, O_SIDE, O_TRACE, O_WAVE, O_WBEFORE, O_WAFTER,
       O_WRANGE, O_WALL, O_PNG, O_THREADS, O_ENGINE, O_HELP };

static const struct option LONGOPTS[] = {
    { "block", required_argument, NULL, O_BLOCK },
    { "vector", required_argument, NULL, O_VECTOR },
    { "seed", required_argument, NULL, O_SEED },
    { "mode", required_argument, NULL, O_MODE },
    { "backpressure", required_argument, NULL, O_BP },
    { "mem-latency", required_argument, NULL, O_LAT },
    { "max-cycles", required_argument, NULL, O_MAXC },
    { "max-mismatches", required_argument, NULL, O_MAXM },
    { "watchdog", required_argument, NULL, O_WD },
    { "count", required_argument, NULL, O_COUNT },
    { "stimulus", required_argument, NULL, O_STIM },
    { "inject", required_argument, NULL, O_INJECT },
    { "history", required_argument, NULL, O_HIST },
    { "stats", no_argument, NULL, O_STATS },
    { "quiet", no_argument, NULL, O_QUIET },
    { "side", required_argument, NULL, O_SIDE },
    { "trace", required_argument, NULL, O_TRACE },
    { "wave", required_argument, NULL, O_WAVE },
    { "wave-before", required_argument, NULL, O_WBEFORE },
    { "wave-after", required_argument, NULL, O_WAFTER },
    { "wave-range", required_argument, NULL, O_WRANGE },
    { "wave-all", no_argument, NULL, O_WALL },
    { "png", required_argument, NULL, O_PNG },
    { "threads", required_argument, NULL, O_THREADS },
    { "engine", required_argument, NULL, O_ENGINE },
    { "output", required_argument, NULL, 'o' },
    { "help", no_argument, NULL, O_HELP },
    { NULL, 0, NULL, 0 }
};

/* Returns 0, EXIT_USAGE on error, or -1 when --help was printed. */
int cli_parse_opts(int argc, char **argv, opts *o, const char *help, const char *allowed)
{
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":o:", LONGOPTS, NULL)) != -1) {
        const char *name = NULL;
        for (const struct option *lo = LONGOPTS; lo->name; lo++)
            if (lo->val == c)
                name = lo->name;
        if (c != '?' && c != ':' && name && !strstr(allowed, name))
            return cli_usage_error(o->cmd, "option --%s does not apply here", name);
        switch (c) {
        case O_HELP: fputs(help, stdout); return -1;
        case O_BLOCK: o->block = optarg; break;
        case O_VECTOR: o->vector = optarg; break;
        case O_STIM: o->stimulus = optarg; break;
        case 'o': o->output = optarg; break;
        case O_MODE: o->mode = optarg; break;
        case O_BP: o->bp = optarg; break;
        case O_LAT: o->lat = optarg; break;
        case O_SIDE: o->side = optarg; break;
        case O_TRACE: o->trace = optarg; break;
        case O_WAVE: o->wave = optarg; break;
        case O_WRANGE: o->wave_range = optarg; break;
        case O_WALL: o->wave_all = 1; break;
        case O_PNG: o->png = optarg; break;
        case O_ENGINE:
            if (strcmp(optarg, "tables") && strcmp(optarg, "generated"))
                return cli_usage_error(o->cmd, "--engine expects generated or tables, got '%s'", optarg);
            o->engine = optarg;
            break;
        case O_STATS: o->stats = 1; break;
        case O_QUIET: o->quiet = 1; break;
        case O_INJECT:
            if (o->ninject == RC_MAX_FAULTS)
                return cli_usage_error(o->cmd, "at most %s --inject options", "4");
            o->inject[o->ninject++] = optarg;
            break;
        case O_SEED: case O_COUNT: case O_MAXC: case O_MAXM: case O_WD: case O_HIST: case O_WBEFORE: case O_WAFTER:
        case O_THREADS: {
            uint64_t v;
            if (rc_parse_u64_range(optarg, 0, c == O_MAXM || c == O_HIST ? UINT32_MAX : UINT64_MAX, &v))
                return cli_opt_number_error(o->cmd, name, optarg, c == O_MAXM || c == O_HIST ? UINT32_MAX : UINT64_MAX);
            if (c == O_SEED) { o->seed = v; o->have_seed = 1; }
            if (c == O_COUNT) { o->count = v; o->have_count = 1; }
            if (c == O_MAXC) { o->max_cycles = v; o->have_max_cycles = 1; }
            if (c == O_MAXM) { o->max_mm = v; o->have_max_mm = 1; }
            if (c == O_WD) { o->watchdog = v; o->have_watchdog = 1; }
            if (c == O_HIST) { o->history = v; o->have_history = 1; }
            if (c == O_WBEFORE) { o->wave_before = v; o->have_wave_before = 1; }
            if (c == O_WAFTER) { o->wave_after = v; o->have_wave_after = 1; }
            if (c == O_THREADS) {
                if (v < 1 || v > 2)
                    return cli_usage_error(o->cmd, "--threads expects 1 or 2, got '%s'", optarg);
                o->threads = v;
                o->have_threads = 1;
            }
            break;
        }
        case ':': return cli_usage_error(o->cmd, "option '%s' needs a value", argv[optind - 1]);
        default: return cli_usage_error(o->cmd, "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_usage_error(o->cmd, "unexpected argument '%s'", argv[optind]);
    return 0;
}

static const rc_block_desc *lookup(const char *name) { return rc_block_find(name); }

int cli_load_vector(const opts *o, const char *path, rc_vector *v)
{
    /* The message starts with the path: room for it, whatever its length. */
    size_t n = strlen(path) + 1024;
    char *err = malloc(n);
    if (!err || rc_vector_read(v, path, lookup, err, n)) {
        fprintf(stderr, "rcosim %s: %s\n", o->cmd, err ? err : "out of memory");
        free(err);
        return EXIT_USAGE;
    }
    free(err);
    if (o->block && strcmp(o->block, v->blk->name)) {
        fprintf(stderr, "rcosim %s: %s: the vector is for block %s, not --block %s\n", o->cmd, path,
                v->blk->name, o->block);
        rc_vector_free(v);
        return EXIT_USAGE;
    }
    return 0;
}

const rc_block_desc *cli_need_block(const opts *o)
{
    if (!o->block) {
        cli_usage_error(o->cmd, "%s", "--block is required (see 'rcosim list')");
        return NULL;
    }
    const rc_block_desc *b = rc_block_find(o->block);
    if (!b) {
        fprintf(stderr, "rcosim %s: unknown block '%s'; known blocks:", o->cmd, o->block);
        for (unsigned i = 0; i < rc_nblocks; i++)
            fprintf(stderr, " %s", rc_blocks[i]->name);
        fprintf(stderr, "\n");
    }
    return b;
}

int cli_parse_fault(const opts *o, const rc_block_desc *b, const char *spec, rc_fault *f,
                       const char *const *sides, int nsides)
{
    char side[16], chan[64], field[64];
    unsigned long long txn, mask;
    char extra;
    if (sscanf(spec, "%15[a-z]:%63[a-z0-9_].%63[a-z0-9_]@%llu^%llx%c", side, chan, field, &txn, &mask, &extra) != 5)
        return cli_usage_error(o->cmd, "--inject expects SIDE:CHANNEL.FIELD@TXN^HEXMASK, got '%s'", spec);
    f->side = -1;
    for (int k = 0; k < nsides; k++)
        if (!strcmp(sides[k], side))
            f->side = k;
    if (f->side < 0)
        return cli_usage_error(o->cmd, "--inject: side '%s' is not part of this run", side);
    f->channel = -1;
    for (unsigned c = 0; c < b->nchannels; c++)
        if (!strcmp(b->channels[c].name, chan) && b->channels[c].dir == RC_OUT)
            f->channel = (int)c;
    if (f->channel < 0)
        return cli_usage_error(o->cmd, "--inject: '%s' is not an output channel of the block", chan);
    const rc_channel *ch = &b->channels[f->channel];
    f->field = -1;
    for (unsigned i = 0; i < ch->nfields; i++)
        if (!strcmp(ch->fields[i].name, field))
            f->field = (int)i;
    if (f->field < 0)
        return cli_usage_error(o->cmd, "--inject: channel has no field '%s'", field);
    f->txn = txn;
    f->mask = mask;
    return 0;
}

/* Fill the policy part of a run from options, falling back to the vector's header. */
int cli_setup_policies(const opts *o, rc_run *r, const rc_vector *v)
{
    r->tables = o->engine && !strcmp(o->engine, "tables");
    const char *bp = o->bp ? o->bp : v ? v->backpressure : "always";
    const char *lat = o->lat ? o->lat : v ? v->latency : "1:1";
    if (rc_policy_parse(bp, &r->bp))
        return cli_usage_error(o->cmd, "--backpressure expects always, random:P (0<P<=1) or bursty:N, got '%s'", bp);
    if (rc_latency_parse(lat, &r->lat_min, &r->lat_max))
        return cli_usage_error(o->cmd, "--mem-latency expects N or MIN:MAX cycles (1..1000), got '%s'", lat);
    r->seed = o->have_seed ? o->seed : v ? v->seed : 1;
    if (o->mode) {
        if (!strcmp(o->mode, "exact"))
            r->mode = RC_EXACT;
        else if (!strcmp(o->mode, "ordered"))
            r->mode = RC_ORDERED;
        else
            return cli_usage_error(o->cmd, "--mode expects exact or ordered, got '%s'", o->mode);
    }
    if (o->have_max_cycles) r->max_cycles = o->max_cycles;
    if (o->have_watchdog) r->watchdog = o->watchdog ? o->watchdog : 1;
    if (o->have_max_mm) r->max_mismatches = o->max_mm ? (unsigned)o->max_mm : 1;
    if (o->have_history) r->history = (unsigned)o->history;
    uint64_t wa, wb;
    if (o->wave_range && rc_wave_range_parse(o->wave_range, &wa, &wb))
        return cli_usage_error(o->cmd, "--wave-range expects A:B with A <= B (cycles), got '%s'", o->wave_range);
    if ((o->wave_range || o->wave_all || o->have_wave_before || o->have_wave_after) && !o->wave)
        return cli_usage_error(o->cmd, "%s", "--wave-range, --wave-all, --wave-before and --wave-after need --wave DIR");
    for (int k = 0; k < 2; k++) {
        const char *d = k ? o->wave : o->png;
        if (!d)
            continue;
        /* The message quotes the path and one of its ancestors: room for both. */
        size_t n = 2 * strlen(d) + 256;
        char *derr = malloc(n);
        if (!derr || rc_check_out_dir(d, derr, n)) {
            cli_usage_error(o->cmd, k ? "--wave %s" : "--png %s", derr ? derr : "out of memory");
            free(derr);
            return EXIT_USAGE;
        }
        free(derr);
    }
    if (o->png && r->blk->images) {      /* blocks without pictures: nothing to write */
        if (rc_mkdirs(o->png))
            return cli_usage_error(o->cmd, "--png: cannot create directory '%s'", o->png);
        r->png_dir = o->png;
    }
    if (o->trace) {
        char *list = strdup(o->trace);
        char *save = NULL;
        for (char *t = list ? strtok_r(list, ",", &save) : NULL; t; t = strtok_r(NULL, ",", &save)) {
            int found = 0;
            for (unsigned c = 0; c < r->blk->nchannels; c++)
                if (r->blk->channels[c].dir == RC_OUT && (!strcmp(t, "all") || !strcmp(t, r->blk->channels[c].name))) {
                    r->trace_channels |= 1u << c;
                    found = 1;
                }
            if (!found) {
                cli_usage_error(o->cmd, "--trace: '%s' is not an output channel of the block (or 'all')", t);
                free(list);
                return EXIT_USAGE;
            }
        }
        free(list);
        r->trace = stdout;
    }
    return 0;
}

void cli_print_counts(const rc_block_desc *b, const rc_result *res)
{
    for (unsigned c = 0, first = 1; c < b->nchannels; c++) {
        if (b->channels[c].dir != RC_OUT)
            continue;
        printf("%s%s %" PRIu64, first ? "" : ", ", b->channels[c].name, res->txns[c]);
        first = 0;
    }
}

/* A path the user can paste in the directory rcosim ran from, normally the project root
 * (malloc'd; NULL when out of memory): relative to the working directory when the file lies in a
 * folder under it (vectors/..., build/rcosim), absolute otherwise, also for a file right in the
 * working directory (rcosim run from its build directory: the line then pastes anywhere).  A
 * path that does not resolve is kept. */
static char *paste_path(const char *p)
{
    char *abs = realpath(p, NULL);
    char *cwd = getcwd(NULL, 0);
    char *out = NULL;
    if (!abs) {
        out = strdup(p);
    } else {
        size_t n = cwd ? strlen(cwd) : 0;
        const char *rel = cwd && n > 1 && !strncmp(abs, cwd, n) && abs[n] == '/' ? abs + n + 1 : NULL;
        out = strdup(rel && strchr(rel, '/') ? rel : abs);
    }
    free(abs);
    free(cwd);
    return out;
}

/* The one-line repro command (malloc'd; NULL when out of memory).  No fixed-size buffer: the
 * vector's path and the --inject list may be as long as the command line allows.  The binary and
 * the vector are named so the line pastes where rcosim ran (paste_path); argv0 is the fallback
 * when the running binary cannot be found. */
char *cli_build_repro(const char *argv0, const opts *o, const rc_run *r, const char *what)
{
    static const char *bpnames[] = { "always", "random", "bursty" };
    char bp[64];
    if (r->bp.kind == RC_BP_RANDOM)
        snprintf(bp, sizeof bp, "random:%g", r->bp.p);
    else if (r->bp.kind == RC_BP_BURSTY)
        snprintf(bp, sizeof bp, "bursty:%u", r->bp.burst);
    else
        snprintf(bp, sizeof bp, "%s", bpnames[0]);
    char *self = realpath("/proc/self/exe", NULL);
    char *bin = self ? paste_path(self) : NULL;
    char *vec = o->vector ? paste_path(o->vector) : NULL;
    free(self);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        free(bin);
        free(vec);
        return NULL;
    }
    if (vec && !strncmp(what, "--vector ", 9))
        fprintf(f, "%s %s --block %s --vector %s --seed %" PRIu64 " --mode %s --backpressure %s --mem-latency %u:%u",
                bin ? bin : argv0, o->cmd, r->blk->name, vec, r->seed, r->mode == RC_EXACT ? "exact" : "ordered", bp,
                r->lat_min, r->lat_max);
    else
        fprintf(f, "%s %s --block %s %s --seed %" PRIu64 " --mode %s --backpressure %s --mem-latency %u:%u",
                bin ? bin : argv0, o->cmd, r->blk->name, what, r->seed, r->mode == RC_EXACT ? "exact" : "ordered", bp,
                r->lat_min, r->lat_max);
    free(bin);
    free(vec);
    for (int i = 0; i < o->ninject; i++)
        fprintf(f, " --inject %s", o->inject[i]);
    if (fclose(f)) {
        free(buf);
        return NULL;
    }
    return buf;
}

int cli_finish(const opts *o, const rc_run *r, const rc_result *res, const char *what, const char *how,
                  int bundle_bad)
{
    if (res->status == RC_ERROR) {
        fprintf(stderr, "rcosim %s: %s\n", o->cmd, res->summary);
        return EXIT_USAGE;
    }
    if (res->status == RC_PASS) {
        if (!o->quiet) {
            printf("PASS %s %s: %" PRIu64 " cycles, %s; ", r->blk->name, what, res->cycles, how);
            cli_print_counts(r->blk, res);
            printf("; seed %" PRIu64 "\n", r->seed);
        }
    } else {
        printf("FAIL %s %s: %s%s; seed %" PRIu64 "\n", r->blk->name, what,
               res->status == RC_HANG ? "hang: " : "", res->summary, r->seed);
    }
    if (o->stats)
        printf("stats: %" PRIu64 " cycles in %.6f s = %.0f cycles/s\n", res->cycles, res->seconds,
               res->seconds > 0 ? (double)res->cycles / res->seconds : 0.0);
    fflush(stdout);
    /* A picture asked for and not written is an error of its own (exit 2), whatever the verdict. */
    if (res->output_error[0]) {
        fprintf(stderr, "rcosim %s: --png '%s': cannot write %s\n", o->cmd, o->png ? o->png : "", res->output_error);
        return EXIT_USAGE;
    }
    /* So is a --wave bundle that could not be written whole (its files are named above). */
    if (bundle_bad) {
        fprintf(stderr, "rcosim %s: --wave '%s': the failure bundle could not be written whole\n", o->cmd, o->wave);
        return EXIT_USAGE;
    }
    return res->status == RC_PASS ? 0 : EXIT_MISMATCH;
}


/* Runs r; with --wave, through the failure-bundle writer (rc_bundle.c).  Returns -1 when a bundle
 * file could not be written (reported on stderr; the CLI then exits 2), else 0. */
int cli_execute(const opts *o, rc_run *r, rc_result *res, const char *vec_path)
{
    /* A run longer than 2 s shows a progress line on a terminal (stderr), unless --quiet. */
    char what[200];
    snprintf(what, sizeof what, "%s %s %s", o->cmd, r->blk->name, vec_path ? vec_path : "random");
    rc_progress *pg = o->quiet ? NULL : rc_progress_start(what);
    int rc = 0;
    if (!o->wave) {
        rc_run_exec(r, res);
    } else {
        rc_bundle_opts bo = { o->cmd, o->wave, o->wave_range, o->wave_all,
                              o->have_wave_before ? o->wave_before : 200, o->have_wave_after ? o->wave_after : 20 };
        rc = rc_bundle_run(&bo, r, res, vec_path);
    }
    rc_progress_stop(pg);
    return rc;
}
