/*
 * rc_cli.c - the rcosim subcommands list, run, gen and replay.  Exit status: 0 pass,
 * 1 mismatch or hang, 2 bad usage or bad input.
 */
#define _GNU_SOURCE
#include "rc_cli.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rc_args.h"
#include "rc_bundle.h"
#include "rc_mem.h"
#include "rc_wave.h"
#include "rc_vector.h"

#define EXIT_MISMATCH 1
#define EXIT_USAGE 2

const rc_block_desc *rc_block_find(const char *name)
{
    for (unsigned i = 0; i < rc_nblocks; i++)
        if (!strcmp(rc_blocks[i]->name, name))
            return rc_blocks[i];
    return NULL;
}

static int usage_error(const char *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "rcosim %s: ", cmd);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(see 'rcosim %s --help')\n", cmd);
    return EXIT_USAGE;
}

static int opt_number_error(const char *cmd, const char *opt, const char *arg, uint64_t max)
{
    fprintf(stderr, "rcosim %s: --%s '%s': expected a whole number 0..%" PRIu64 "\n(see 'rcosim %s --help')\n",
            cmd, opt, arg, max, cmd);
    return EXIT_USAGE;
}

/* ---- list --------------------------------------------------------------------------------- */

static const char LIST_HELP[] =
    "usage: rcosim list\n"
    "List the registered blocks with their channels (direction, fields and widths),\n"
    "status signals and memory ports.\n";

static int cmd_list(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(LIST_HELP, stdout);
        return 0;
    }
    if (argc > 1)
        return usage_error("list", "unexpected argument '%s'", argv[1]);
    for (unsigned i = 0; i < rc_nblocks; i++) {
        const rc_block_desc *b = rc_blocks[i];
        printf("%s  %s\n", b->name, b->title);
        for (unsigned c = 0; c < b->nchannels; c++) {
            const rc_channel *ch = &b->channels[c];
            printf("  %-3s %-10s", ch->dir == RC_IN ? "in" : "out", ch->name);
            for (unsigned f = 0; f < ch->nfields; f++)
                printf(" %s:%u", ch->fields[f].name, ch->fields[f].width);
            printf("%s\n", ch->agent ? "   (memory agent)" : "");
        }
        for (unsigned s = 0; s < b->nstatus; s++)
            printf("  status %s:%u%s\n", b->status[s].name, b->status[s].width,
                   (int)s == b->idle_status ? "   (idle)" : "");
        for (unsigned m = 0; m < b->nmem; m++)
            printf("  memory %s: req=%s rsp=%s, %u-byte words\n", b->mem[m].name,
                   b->channels[b->mem[m].req].name, b->channels[b->mem[m].rsp].name, b->mem[m].data_bytes);
    }
    return 0;
}

/* ---- shared options of run / gen / replay -------------------------------------------------- */

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
static int parse_opts(int argc, char **argv, opts *o, const char *help, const char *allowed)
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
            return usage_error(o->cmd, "option --%s does not apply here", name);
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
                return usage_error(o->cmd, "--engine expects generated or tables, got '%s'", optarg);
            o->engine = optarg;
            break;
        case O_STATS: o->stats = 1; break;
        case O_QUIET: o->quiet = 1; break;
        case O_INJECT:
            if (o->ninject == RC_MAX_FAULTS)
                return usage_error(o->cmd, "at most %s --inject options", "4");
            o->inject[o->ninject++] = optarg;
            break;
        case O_SEED: case O_COUNT: case O_MAXC: case O_MAXM: case O_WD: case O_HIST: case O_WBEFORE: case O_WAFTER:
        case O_THREADS: {
            uint64_t v;
            if (rc_parse_u64_range(optarg, 0, c == O_MAXM || c == O_HIST ? UINT32_MAX : UINT64_MAX, &v))
                return opt_number_error(o->cmd, name, optarg, c == O_MAXM || c == O_HIST ? UINT32_MAX : UINT64_MAX);
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
                    return usage_error(o->cmd, "--threads expects 1 or 2, got '%s'", optarg);
                o->threads = v;
                o->have_threads = 1;
            }
            break;
        }
        case ':': return usage_error(o->cmd, "option '%s' needs a value", argv[optind - 1]);
        default: return usage_error(o->cmd, "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return usage_error(o->cmd, "unexpected argument '%s'", argv[optind]);
    return 0;
}

static const rc_block_desc *lookup(const char *name) { return rc_block_find(name); }

static int load_vector(const opts *o, const char *path, rc_vector *v)
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

static const rc_block_desc *need_block(const opts *o)
{
    if (!o->block) {
        usage_error(o->cmd, "%s", "--block is required (see 'rcosim list')");
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

static int parse_fault(const opts *o, const rc_block_desc *b, const char *spec, rc_fault *f,
                       const char *const *sides, int nsides)
{
    char side[16], chan[64], field[64];
    unsigned long long txn, mask;
    char extra;
    if (sscanf(spec, "%15[a-z]:%63[a-z0-9_].%63[a-z0-9_]@%llu^%llx%c", side, chan, field, &txn, &mask, &extra) != 5)
        return usage_error(o->cmd, "--inject expects SIDE:CHANNEL.FIELD@TXN^HEXMASK, got '%s'", spec);
    f->side = -1;
    for (int k = 0; k < nsides; k++)
        if (!strcmp(sides[k], side))
            f->side = k;
    if (f->side < 0)
        return usage_error(o->cmd, "--inject: side '%s' is not part of this run", side);
    f->channel = -1;
    for (unsigned c = 0; c < b->nchannels; c++)
        if (!strcmp(b->channels[c].name, chan) && b->channels[c].dir == RC_OUT)
            f->channel = (int)c;
    if (f->channel < 0)
        return usage_error(o->cmd, "--inject: '%s' is not an output channel of the block", chan);
    const rc_channel *ch = &b->channels[f->channel];
    f->field = -1;
    for (unsigned i = 0; i < ch->nfields; i++)
        if (!strcmp(ch->fields[i].name, field))
            f->field = (int)i;
    if (f->field < 0)
        return usage_error(o->cmd, "--inject: channel has no field '%s'", field);
    f->txn = txn;
    f->mask = mask;
    return 0;
}

/* Fill the policy part of a run from options, falling back to the vector's header. */
static int setup_policies(const opts *o, rc_run *r, const rc_vector *v)
{
    r->tables = o->engine && !strcmp(o->engine, "tables");
    const char *bp = o->bp ? o->bp : v ? v->backpressure : "always";
    const char *lat = o->lat ? o->lat : v ? v->latency : "1:1";
    if (rc_policy_parse(bp, &r->bp))
        return usage_error(o->cmd, "--backpressure expects always, random:P (0<P<=1) or bursty:N, got '%s'", bp);
    if (rc_latency_parse(lat, &r->lat_min, &r->lat_max))
        return usage_error(o->cmd, "--mem-latency expects N or MIN:MAX cycles (1..1000), got '%s'", lat);
    r->seed = o->have_seed ? o->seed : v ? v->seed : 1;
    if (o->mode) {
        if (!strcmp(o->mode, "exact"))
            r->mode = RC_EXACT;
        else if (!strcmp(o->mode, "ordered"))
            r->mode = RC_ORDERED;
        else
            return usage_error(o->cmd, "--mode expects exact or ordered, got '%s'", o->mode);
    }
    if (o->have_max_cycles) r->max_cycles = o->max_cycles;
    if (o->have_watchdog) r->watchdog = o->watchdog ? o->watchdog : 1;
    if (o->have_max_mm) r->max_mismatches = o->max_mm ? (unsigned)o->max_mm : 1;
    if (o->have_history) r->history = (unsigned)o->history;
    uint64_t wa, wb;
    if (o->wave_range && rc_wave_range_parse(o->wave_range, &wa, &wb))
        return usage_error(o->cmd, "--wave-range expects A:B with A <= B (cycles), got '%s'", o->wave_range);
    if ((o->wave_range || o->wave_all || o->have_wave_before || o->have_wave_after) && !o->wave)
        return usage_error(o->cmd, "%s", "--wave-range, --wave-all, --wave-before and --wave-after need --wave DIR");
    for (int k = 0; k < 2; k++) {
        const char *d = k ? o->wave : o->png;
        if (!d)
            continue;
        /* The message quotes the path and one of its ancestors: room for both. */
        size_t n = 2 * strlen(d) + 256;
        char *derr = malloc(n);
        if (!derr || rc_check_out_dir(d, derr, n)) {
            usage_error(o->cmd, k ? "--wave %s" : "--png %s", derr ? derr : "out of memory");
            free(derr);
            return EXIT_USAGE;
        }
        free(derr);
    }
    if (o->png && r->blk->images) {      /* blocks without pictures: nothing to write */
        if (rc_mkdirs(o->png))
            return usage_error(o->cmd, "--png: cannot create directory '%s'", o->png);
        r->png_dir = o->png;
    }
    if (o->wave && !r->blk->wave)
        return usage_error(o->cmd, "block %s has no waveform wrapper", r->blk->name);
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
                usage_error(o->cmd, "--trace: '%s' is not an output channel of the block (or 'all')", t);
                free(list);
                return EXIT_USAGE;
            }
        }
        free(list);
        r->trace = stdout;
    }
    return 0;
}

static void print_counts(const rc_block_desc *b, const rc_result *res)
{
    for (unsigned c = 0, first = 1; c < b->nchannels; c++) {
        if (b->channels[c].dir != RC_OUT)
            continue;
        printf("%s%s %" PRIu64, first ? "" : ", ", b->channels[c].name, res->txns[c]);
        first = 0;
    }
}

/* The one-line repro command (malloc'd; NULL when out of memory).  No fixed-size buffer: the
 * vector's path and the --inject list may be as long as the command line allows. */
static char *build_repro(const char *argv0, const opts *o, const rc_run *r, const char *what)
{
    static const char *bpnames[] = { "always", "random", "bursty" };
    char bp[64];
    if (r->bp.kind == RC_BP_RANDOM)
        snprintf(bp, sizeof bp, "random:%g", r->bp.p);
    else if (r->bp.kind == RC_BP_BURSTY)
        snprintf(bp, sizeof bp, "bursty:%u", r->bp.burst);
    else
        snprintf(bp, sizeof bp, "%s", bpnames[0]);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    fprintf(f, "%s %s --block %s %s --seed %" PRIu64 " --mode %s --backpressure %s --mem-latency %u:%u", argv0,
            o->cmd, r->blk->name, what, r->seed, r->mode == RC_EXACT ? "exact" : "ordered", bp, r->lat_min,
            r->lat_max);
    for (int i = 0; i < o->ninject; i++)
        fprintf(f, " --inject %s", o->inject[i]);
    if (fclose(f)) {
        free(buf);
        return NULL;
    }
    return buf;
}

static int finish(const opts *o, const rc_run *r, const rc_result *res, const char *what, const char *how,
                  int bundle_bad)
{
    if (res->status == RC_ERROR) {
        fprintf(stderr, "rcosim %s: %s\n", o->cmd, res->summary);
        return EXIT_USAGE;
    }
    if (res->status == RC_PASS) {
        if (!o->quiet) {
            printf("PASS %s %s: %" PRIu64 " cycles, %s; ", r->blk->name, what, res->cycles, how);
            print_counts(r->blk, res);
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
static int execute(const opts *o, rc_run *r, rc_result *res, const char *vec_path)
{
    if (!o->wave) {
        rc_run_exec(r, res);
        return 0;
    }
    rc_bundle_opts bo = { o->cmd, o->wave, o->wave_range, o->wave_all,
                          o->have_wave_before ? o->wave_before : 200, o->have_wave_after ? o->wave_after : 20 };
    return rc_bundle_run(&bo, r, res, vec_path);
}

/* ---- wave --------------------------------------------------------------------------------- */

static const char WAVE_HELP[] =
    "usage: rcosim wave DIR\n"
    "Open a failure bundle's waveform in GTKWave at the first mismatch (when a display is\n"
    "available); otherwise print the command that would.\n";

static int cmd_wave(int argc, char **argv)
{
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(WAVE_HELP, stdout);
        return 0;
    }
    if (argc != 2)
        return usage_error("wave", "%s", "expected one bundle directory");
    char *fst = NULL, *gtkw = NULL;
    int rc = EXIT_USAGE;
    if (asprintf(&fst, "%s/wave.fst", argv[1]) < 0 || asprintf(&gtkw, "%s/wave.gtkw", argv[1]) < 0) {
        fst = gtkw = NULL;
        fprintf(stderr, "rcosim wave: out of memory\n");
    } else if (access(fst, R_OK) || access(gtkw, R_OK)) {
        fprintf(stderr, "rcosim wave: %s: expected a bundle with wave.fst and wave.gtkw (made by --wave)\n", argv[1]);
    } else if (!getenv("DISPLAY") || !*getenv("DISPLAY")) {
        printf("no display; open it with:\n  gtkwave %s %s\n", fst, gtkw);
        rc = 0;
    } else {
        fflush(stdout);
        execlp("gtkwave", "gtkwave", fst, gtkw, (char *)NULL);
        fprintf(stderr, "rcosim wave: cannot run gtkwave: %s\n  gtkwave %s %s\n", strerror(errno), fst, gtkw);
    }
    free(fst);
    free(gtkw);
    return rc;
}

/* ---- run ---------------------------------------------------------------------------------- */

static const char RUN_HELP[] =
    "usage: rcosim run (--vector FILE | --block NAME --count N) [options]\n"
    "Run the RTL and the C model in lockstep on the same stimulus and compare them every cycle;\n"
    "a vector's expected outputs are checked too.\n"
    "  --block NAME           the block (see 'rcosim list'); implied by --vector\n"
    "  --vector FILE          stimulus, memory and expected outputs (plain or .gz)\n"
    "  --count N              instead of a vector: N units of the block's seeded random stimulus\n"
    "  --seed N               the run's seed (default: the vector's, else 1); printed\n"
    "  --mode exact|ordered   exact: ready, valid and payload compared every cycle (default);\n"
    "                         ordered: only the order and content of output transactions\n"
    "  --backpressure P       output ready policy: always | random:P | bursty:N (default: vector's)\n"
    "  --mem-latency L        memory agent latency N or MIN:MAX cycles (default: vector's)\n"
    "  --max-cycles N         stop with a hang failure after N cycles (default 100000000)\n"
    "  --max-mismatches N     stop after N mismatches (default 1)\n"
    "  --watchdog N           hang failure after N cycles without any handshake (default 10000)\n"
    "  --history N            transactions of context per channel in reports (default 8)\n"
    "  --inject SIDE:CH.FIELD@TXN^MASK   flip bits of one output transaction (rtl or model) to\n"
    "                         prove the comparison catches it\n"
    "  --trace CH[,CH...]     print every transaction of these output channels (or 'all'),\n"
    "                         with register names and decoded fields\n"
    "  --wave DIR             on a failure, write a bundle to DIR: report.txt, report.json, an FST\n"
    "                         of the window around the first mismatch (expected beside actual),\n"
    "                         wave.gtkw opening at the mismatch, repro.sh and the vector\n"
    "  --wave-before N, --wave-after M   the window: N cycles before the mismatch (default 200),\n"
    "                         M after (default 20)\n"
    "  --wave-range A:B       with --wave: dump cycles A..B of the run, pass or fail\n"
    "  --wave-all             with --wave: dump the whole run, pass or fail (slow: ~100x)\n"
    "  --png DIR              write each side's final surfaces as PNG (blocks that have pictures),\n"
    "                         and NAME.diff.png where the sides' pictures differ\n"
    "  --stats                print simulated cycles per second\n"
    "  --quiet                print nothing on a pass\n"
    "  --threads 1|2          2: the model on its own thread, up to 1024 cycles ahead (exact mode;\n"
    "                         same results and report; a failing run is redone on one thread)\n"
    "  --engine generated|tables   generated (default): the block's generated loop where it applies;\n"
    "                         tables: the engine's table walk every cycle (same results; to check)\n"
    "Exit status: 0 pass, 1 mismatch or hang, 2 bad usage or bad input.\n";

static int cmd_run(int argc, char **argv, const rc_cli_ext *ext)
{
    opts o = { .cmd = "run" };
    int rc = parse_opts(argc, argv, &o, RUN_HELP,
                        "block vector seed mode backpressure mem-latency max-cycles max-mismatches watchdog "
                        "count inject history stats quiet trace wave wave-before wave-after wave-range wave-all png threads engine help");
    if (rc)
        return rc < 0 ? 0 : rc;
    if (!!o.vector == !!o.have_count)
        return usage_error("run", "%s", "give either --vector FILE or --count N");
    rc_vector v;
    const rc_block_desc *b;
    char count_what[64];
    const char *what = o.vector;
    if (o.vector) {
        if ((rc = load_vector(&o, o.vector, &v)))
            return rc;
        b = v.blk;
    } else {
        if (!(b = need_block(&o)))
            return EXIT_USAGE;
        rc_vector_init(&v, b);
        char err[512];
        uint64_t seed = o.have_seed ? o.seed : 1;
        if (b->stimulus(&v, seed, o.count, err, sizeof err)) {
            fprintf(stderr, "rcosim run: %s\n", err);
            rc_vector_free(&v);
            return EXIT_USAGE;
        }
        v.seed = seed;
        snprintf(count_what, sizeof count_what, "random count %" PRIu64, o.count);
        what = count_what;
    }
    rc_run r;
    rc_run_defaults(&r);
    r.blk = b;
    r.vec = &v;
    r.sides[0] = b->rtl;
    r.sides[1] = b->model;
    r.nsides = 2;
    r.threads = o.have_threads ? (int)o.threads : 1;
    r.decode = ext ? ext->decode : NULL;
    if ((rc = setup_policies(&o, &r, o.vector ? &v : NULL))) {
        rc_vector_free(&v);
        return rc;
    }
    const char *sides[2] = { "rtl", "model" };
    for (int i = 0; i < o.ninject; i++)
        if ((rc = parse_fault(&o, b, o.inject[i], &r.faults[r.nfaults++], sides, 2))) {
            rc_vector_free(&v);
            return rc;
        }
    char how[160];
    if (o.vector && v.has_expected) {
        r.check_expected = 1;
        r.expected_mode = r.mode;
        unsigned lmin, lmax;
        rc_policy vp;
        int same = r.seed == v.seed && !rc_policy_parse(v.backpressure, &vp) && !memcmp(&vp, &r.bp, sizeof vp) &&
                   !rc_latency_parse(v.latency, &lmin, &lmax) && lmin == r.lat_min && lmax == r.lat_max;
        if (!same && r.mode == RC_EXACT) {
            r.expected_mode = RC_ORDERED;
            if (!o.quiet)
                printf("note: seed or policies differ from the vector's; its expected outputs are compared in order only\n");
        }
        snprintf(how, sizeof how, "rtl vs model %s, vs vector %s", r.mode == RC_EXACT ? "exact" : "ordered",
                 r.expected_mode == RC_EXACT ? "exact" : "ordered");
    } else {
        snprintf(how, sizeof how, "rtl vs model %s", r.mode == RC_EXACT ? "exact" : "ordered");
    }
    char *src = NULL, *repro = NULL;
    if (o.vector ? asprintf(&src, "--vector %s", o.vector) < 0 : asprintf(&src, "--count %" PRIu64, o.count) < 0)
        src = NULL;
    if (!src || !(repro = build_repro("rcosim", &o, &r, src))) {
        fprintf(stderr, "rcosim run: out of memory\n");
        free(src);
        rc_vector_free(&v);
        return EXIT_USAGE;
    }
    r.repro = repro;
    if (!o.quiet)
        printf("run %s %s: seed %" PRIu64 "\n", b->name, what, r.seed);
    fflush(stdout);
    rc_result res;
    int bundle_bad = execute(&o, &r, &res, o.vector);
    rc = finish(&o, &r, &res, what, how, bundle_bad);
    rc_vector_free(&v);
    free(repro);
    free(src);
    return rc;
}

/* ---- gen ---------------------------------------------------------------------------------- */

static const char GEN_HELP[] =
    "usage: rcosim gen --block NAME --seed N (--count N | --stimulus FILE) -o FILE [options]\n"
    "Run the C model alone and write a golden vector: the stimulus, the memory preload and\n"
    "every output transaction with its cycle stamp.\n"
    "  --count N              N units of the block's seeded random stimulus\n"
    "  --stimulus FILE        a vector file whose inputs and memory are used (outputs ignored)\n"
    "  -o, --output FILE      where to write (.gz compresses); written whole or not at all\n"
    "  --seed N               seed of the stimulus and of the policies (default 1)\n"
    "  --backpressure P, --mem-latency L, --max-cycles N, --watchdog N, --engine E   as for 'run'\n"
    "Exit status: 0 written, 1 the model hung, 2 bad usage or bad input.\n";

static int cmd_gen(int argc, char **argv)
{
    opts o = { .cmd = "gen" };
    int rc = parse_opts(argc, argv, &o, GEN_HELP,
                        "block seed count stimulus output backpressure mem-latency max-cycles watchdog stats quiet engine help");
    if (rc)
        return rc < 0 ? 0 : rc;
    if (!o.output)
        return usage_error("gen", "%s", "-o FILE is required");
    /* Checked before the model runs: a refused -o costs nothing. */
    size_t on = 2 * strlen(o.output) + 200;
    char *oerr = malloc(on);
    if (!oerr || rc_check_out_file(o.output, oerr, on)) {
        usage_error("gen", "-o %s", oerr ? oerr : "out of memory");
        free(oerr);
        return EXIT_USAGE;
    }
    free(oerr);
    if (!!o.stimulus == !!o.have_count)
        return usage_error("gen", "%s", "give either --count N or --stimulus FILE");
    rc_vector v;
    const rc_block_desc *b;
    if (o.stimulus) {
        if ((rc = load_vector(&o, o.stimulus, &v)))
            return rc;
        b = v.blk;
        rc_vector_clear_outputs(&v);
        const char *base = strrchr(o.stimulus, '/');
        snprintf(v.stimulus, sizeof v.stimulus, "file %s", base ? base + 1 : o.stimulus);
    } else {
        if (!(b = need_block(&o)))
            return EXIT_USAGE;
        rc_vector_init(&v, b);
        char err[512];
        if (b->stimulus(&v, o.have_seed ? o.seed : 1, o.count, err, sizeof err)) {
            fprintf(stderr, "rcosim gen: %s\n", err);
            rc_vector_free(&v);
            return EXIT_USAGE;
        }
        snprintf(v.stimulus, sizeof v.stimulus, "random %" PRIu64, o.count);
    }
    rc_run r;
    rc_run_defaults(&r);
    r.blk = b;
    r.vec = &v;
    r.sides[0] = b->model;
    r.nsides = 1;
    r.record = &v;
    if ((rc = setup_policies(&o, &r, o.stimulus ? &v : NULL))) {
        rc_vector_free(&v);
        return rc;
    }
    v.seed = r.seed;
    if (o.bp)
        snprintf(v.backpressure, sizeof v.backpressure, "%s", o.bp);
    snprintf(v.latency, sizeof v.latency, "%u:%u", r.lat_min, r.lat_max);
    rc_result res;
    rc_run_exec(&r, &res);
    if (res.status != RC_PASS) {
        printf("FAIL %s gen: %s; seed %" PRIu64 " (nothing written)\n", b->name, res.summary, r.seed);
        rc_vector_free(&v);
        return res.status == RC_ERROR ? EXIT_USAGE : EXIT_MISMATCH;
    }
    v.has_expected = 1;
    size_t errn = strlen(o.output) + 1024;
    char *err = malloc(errn);
    if (!err || rc_vector_write(&v, o.output, 1, err, errn)) {
        fprintf(stderr, "rcosim gen: %s\n", err ? err : "out of memory");
        free(err);
        rc_vector_free(&v);
        return EXIT_USAGE;
    }
    free(err);
    if (!o.quiet) {
        printf("wrote %s: %s, %" PRIu64 " cycles; ", o.output, b->name, res.cycles);
        print_counts(b, &res);
        printf("; seed %" PRIu64 "\n", r.seed);
    }
    if (o.stats)
        printf("stats: %" PRIu64 " cycles in %.6f s = %.0f cycles/s\n", res.cycles, res.seconds,
               res.seconds > 0 ? (double)res.cycles / res.seconds : 0.0);
    rc_vector_free(&v);
    return 0;
}

/* ---- replay ------------------------------------------------------------------------------- */

static const char REPLAY_HELP[] =
    "usage: rcosim replay --vector FILE [--block NAME] [options]\n"
    "Run one side alone (the RTL by default) against a golden vector's expected outputs.\n"
    "  --side rtl|model       which side to run (default rtl)\n"
    "  --mode exact|ordered   exact: every output at its recorded cycle (default)\n"
    "  --seed, --backpressure, --mem-latency   default to the vector's; changing them changes timing\n"
    "  --max-cycles, --max-mismatches, --watchdog, --history, --inject, --trace, --wave,\n"
    "  --wave-before, --wave-after, --wave-range, --wave-all, --stats, --quiet, --engine   as for 'run'\n"
    "Exit status: 0 pass, 1 mismatch or hang, 2 bad usage or bad input.\n";

static int cmd_replay(int argc, char **argv, const rc_cli_ext *ext)
{
    opts o = { .cmd = "replay" };
    int rc = parse_opts(argc, argv, &o, REPLAY_HELP,
                        "block vector seed mode backpressure mem-latency max-cycles max-mismatches watchdog "
                        "inject history stats quiet side trace wave wave-before wave-after wave-range wave-all png engine help");
    if (rc)
        return rc < 0 ? 0 : rc;
    if (!o.vector)
        return usage_error("replay", "%s", "--vector FILE is required");
    const char *side = o.side ? o.side : "rtl";
    if (strcmp(side, "rtl") && strcmp(side, "model"))
        return usage_error("replay", "--side expects rtl or model, got '%s'", side);
    rc_vector v;
    if ((rc = load_vector(&o, o.vector, &v)))
        return rc;
    if (!v.has_expected) {
        fprintf(stderr, "rcosim replay: %s: the vector has no expected outputs ('expect' section)\n", o.vector);
        rc_vector_free(&v);
        return EXIT_USAGE;
    }
    rc_run r;
    rc_run_defaults(&r);
    r.blk = v.blk;
    r.vec = &v;
    r.sides[0] = !strcmp(side, "rtl") ? v.blk->rtl : v.blk->model;
    r.nsides = 1;
    r.check_expected = 1;
    r.decode = ext ? ext->decode : NULL;
    if ((rc = setup_policies(&o, &r, &v))) {
        rc_vector_free(&v);
        return rc;
    }
    r.expected_mode = r.mode;
    const char *sides[1] = { side };
    for (int i = 0; i < o.ninject; i++)
        if ((rc = parse_fault(&o, v.blk, o.inject[i], &r.faults[r.nfaults++], sides, 1))) {
            rc_vector_free(&v);
            return rc;
        }
    char *src = NULL, *repro = NULL;
    if (asprintf(&src, "--vector %s%s%s", o.vector, o.side ? " --side " : "", o.side ? o.side : "") < 0)
        src = NULL;
    if (!src || !(repro = build_repro("rcosim", &o, &r, src))) {
        fprintf(stderr, "rcosim replay: out of memory\n");
        free(src);
        rc_vector_free(&v);
        return EXIT_USAGE;
    }
    r.repro = repro;
    char how[96];
    snprintf(how, sizeof how, "%s vs vector %s", side, r.mode == RC_EXACT ? "exact" : "ordered");
    if (!o.quiet)
        printf("replay %s %s: seed %" PRIu64 "\n", v.blk->name, o.vector, r.seed);
    fflush(stdout);
    rc_result res;
    int bundle_bad = execute(&o, &r, &res, o.vector);
    rc = finish(&o, &r, &res, o.vector, how, bundle_bad);
    rc_vector_free(&v);
    free(repro);
    free(src);
    return rc;
}

/* ---- bare --------------------------------------------------------------------------------- */

static const char BARE_HELP[] =
    "usage: rcosim bare --vector FILE [--stats] [--max-cycles N]\n"
    "The physical limit of a run, for scripts/bench: the block's Verilated RTL driven straight\n"
    "from the vector's inputs (memory served by the agent, every output always ready), clocked\n"
    "until it is done, with no comparison, no history and no policy.  Checks nothing.\n"
    "  --stats                print simulated cycles per second of the loop\n";

static int cmd_bare(int argc, char **argv)
{
    opts o = { .cmd = "bare" };
    int rc = parse_opts(argc, argv, &o, BARE_HELP, "vector max-cycles stats quiet help");
    if (rc)
        return rc < 0 ? 0 : rc;
    if (!o.vector)
        return usage_error("bare", "%s", "--vector FILE is required");
    rc_vector v;
    if ((rc = load_vector(&o, o.vector, &v)))
        return rc;
    if (!v.blk->bare) {
        rc_vector_free(&v);
        fprintf(stderr, "rcosim bare: block %s has no bare loop\n", v.blk->name);
        return EXIT_USAGE;
    }
    double secs = 0;
    uint64_t cycles = v.blk->bare(&v, v.seed, o.have_max_cycles ? o.max_cycles : 100000000ull, &secs);
    if (o.stats)
        printf("stats: %" PRIu64 " cycles in %.6f s = %.0f cycles/s\n", cycles, secs,
               secs > 0 ? (double)cycles / secs : 0.0);
    rc_vector_free(&v);
    return 0;
}

/* ---- main --------------------------------------------------------------------------------- */

static void main_help(const rc_cli_ext *ext)
{
    printf("usage: rcosim COMMAND [options]   ('rcosim COMMAND --help' for each)\n"
           "  list     the blocks, their channels and fields\n"
           "  run      RTL and C model in lockstep, compared every cycle\n"
           "  gen      the C model alone turns stimulus into a golden vector\n"
           "  replay   the RTL alone against a golden vector\n"
           "  wave     open a failure bundle's waveform at the mismatch\n");
    for (const rc_cli_cmd *c = ext && ext->cmds ? ext->cmds : NULL; c && c->name; c++)
        printf("  %-8s %s\n", c->name, c->summary);
    printf("Exit status: 0 pass, 1 mismatch or hang, 2 bad usage or bad input.\n");
}

int rc_cli_main(int argc, char **argv, const rc_cli_ext *ext)
{
    rc_tmp_install_handlers();   /* a killed writer removes its temporary file */
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        main_help(ext);
        return argc < 2 ? EXIT_USAGE : 0;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "list"))
        return cmd_list(argc - 1, argv + 1);
    if (!strcmp(cmd, "run"))
        return cmd_run(argc - 1, argv + 1, ext);
    if (!strcmp(cmd, "gen"))
        return cmd_gen(argc - 1, argv + 1);
    if (!strcmp(cmd, "replay"))
        return cmd_replay(argc - 1, argv + 1, ext);
    if (!strcmp(cmd, "wave"))
        return cmd_wave(argc - 1, argv + 1);
    if (!strcmp(cmd, "bare"))
        return cmd_bare(argc - 1, argv + 1);
    for (const rc_cli_cmd *c = ext && ext->cmds ? ext->cmds : NULL; c && c->name; c++)
        if (!strcmp(cmd, c->name))
            return c->main(argc - 1, argv + 1);
    fprintf(stderr, "rcosim: unknown command '%s' (see 'rcosim --help')\n", cmd);
    return EXIT_USAGE;
}
