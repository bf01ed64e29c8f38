/*
 * rc_cli.c - the rcosim subcommands list, wave, run, gen, replay and bare, and the dispatch of
 * rc_cli_main.  Exit status: 0 pass, 1 mismatch or hang, 2 bad usage or bad input.  Their
 * shared options and the run itself: rc_cli_opts.c.
 */
#define _GNU_SOURCE
#include "rc_cli_int.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rc_args.h"
#include "rc_mem.h"
#include "rc_progress.h"
#include "rc_wave.h"
#include "rc_vector.h"

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
        return cli_usage_error("list", "unexpected argument '%s'", argv[1]);
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
        return cli_usage_error("wave", "%s", "expected one bundle directory");
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
    int rc = cli_parse_opts(argc, argv, &o, RUN_HELP,
                        "block vector seed mode backpressure mem-latency max-cycles max-mismatches watchdog "
                        "count inject history stats quiet trace wave wave-before wave-after wave-range wave-all png threads engine help");
    if (rc)
        return rc < 0 ? 0 : rc;
    if (!!o.vector == !!o.have_count)
        return cli_usage_error("run", "%s", "give either --vector FILE or --count N");
    rc_vector v;
    const rc_block_desc *b;
    char count_what[64];
    const char *what = o.vector;
    if (o.vector) {
        if ((rc = cli_load_vector(&o, o.vector, &v)))
            return rc;
        b = v.blk;
    } else {
        if (!(b = cli_need_block(&o)))
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
    if ((rc = cli_setup_policies(&o, &r, o.vector ? &v : NULL))) {
        rc_vector_free(&v);
        return rc;
    }
    const char *sides[2] = { "rtl", "model" };
    for (int i = 0; i < o.ninject; i++)
        if ((rc = cli_parse_fault(&o, b, o.inject[i], &r.faults[r.nfaults++], sides, 2))) {
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
    if (!src || !(repro = cli_build_repro("rcosim", &o, &r, src))) {
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
    int bundle_bad = cli_execute(&o, &r, &res, o.vector);
    rc = cli_finish(&o, &r, &res, what, how, bundle_bad);
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
    int rc = cli_parse_opts(argc, argv, &o, GEN_HELP,
                        "block seed count stimulus output backpressure mem-latency max-cycles watchdog stats quiet engine help");
    if (rc)
        return rc < 0 ? 0 : rc;
    if (!o.output)
        return cli_usage_error("gen", "%s", "-o FILE is required");
    /* Checked before the model runs: a refused -o costs nothing. */
    size_t on = 2 * strlen(o.output) + 200;
    char *oerr = malloc(on);
    if (!oerr || rc_check_out_file(o.output, oerr, on)) {
        cli_usage_error("gen", "-o %s", oerr ? oerr : "out of memory");
        free(oerr);
        return EXIT_USAGE;
    }
    free(oerr);
    if (!!o.stimulus == !!o.have_count)
        return cli_usage_error("gen", "%s", "give either --count N or --stimulus FILE");
    rc_vector v;
    const rc_block_desc *b;
    if (o.stimulus) {
        if ((rc = cli_load_vector(&o, o.stimulus, &v)))
            return rc;
        b = v.blk;
        rc_vector_clear_outputs(&v);
        const char *base = strrchr(o.stimulus, '/');
        snprintf(v.stimulus, sizeof v.stimulus, "file %s", base ? base + 1 : o.stimulus);
    } else {
        if (!(b = cli_need_block(&o)))
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
    if ((rc = cli_setup_policies(&o, &r, o.stimulus ? &v : NULL))) {
        rc_vector_free(&v);
        return rc;
    }
    v.seed = r.seed;
    if (o.bp)
        snprintf(v.backpressure, sizeof v.backpressure, "%s", o.bp);
    snprintf(v.latency, sizeof v.latency, "%u:%u", r.lat_min, r.lat_max);
    rc_result res;
    /* A long model run and the write of a large vector show a progress line on a terminal
     * (stderr), unless --quiet, as a single 'run' does (rc_progress.c). */
    char what[200];
    snprintf(what, sizeof what, "gen %s %s", b->name, o.output);
    rc_progress *pg = o.quiet ? NULL : rc_progress_start(what);
    rc_run_exec(&r, &res);
    if (res.status != RC_PASS) {
        rc_progress_stop(pg);
        printf("FAIL %s gen: %s; seed %" PRIu64 " (nothing written)\n", b->name, res.summary, r.seed);
        rc_vector_free(&v);
        return res.status == RC_ERROR ? EXIT_USAGE : EXIT_MISMATCH;
    }
    v.has_expected = 1;
    size_t errn = strlen(o.output) + 1024;
    char *err = malloc(errn);
    int werr = !err || rc_vector_write(&v, o.output, 1, err, errn);
    rc_progress_stop(pg);
    if (werr) {
        fprintf(stderr, "rcosim gen: %s\n", err ? err : "out of memory");
        free(err);
        rc_vector_free(&v);
        return EXIT_USAGE;
    }
    free(err);
    if (!o.quiet) {
        printf("wrote %s: %s, %" PRIu64 " cycles; ", o.output, b->name, res.cycles);
        cli_print_counts(b, &res);
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
    int rc = cli_parse_opts(argc, argv, &o, REPLAY_HELP,
                        "block vector seed mode backpressure mem-latency max-cycles max-mismatches watchdog "
                        "inject history stats quiet side trace wave wave-before wave-after wave-range wave-all png engine help");
    if (rc)
        return rc < 0 ? 0 : rc;
    if (!o.vector)
        return cli_usage_error("replay", "%s", "--vector FILE is required");
    const char *side = o.side ? o.side : "rtl";
    if (strcmp(side, "rtl") && strcmp(side, "model"))
        return cli_usage_error("replay", "--side expects rtl or model, got '%s'", side);
    rc_vector v;
    if ((rc = cli_load_vector(&o, o.vector, &v)))
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
    if ((rc = cli_setup_policies(&o, &r, &v))) {
        rc_vector_free(&v);
        return rc;
    }
    r.expected_mode = r.mode;
    const char *sides[1] = { side };
    for (int i = 0; i < o.ninject; i++)
        if ((rc = cli_parse_fault(&o, v.blk, o.inject[i], &r.faults[r.nfaults++], sides, 1))) {
            rc_vector_free(&v);
            return rc;
        }
    char *src = NULL, *repro = NULL;
    if (asprintf(&src, "--vector %s%s%s", o.vector, o.side ? " --side " : "", o.side ? o.side : "") < 0)
        src = NULL;
    if (!src || !(repro = cli_build_repro("rcosim", &o, &r, src))) {
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
    int bundle_bad = cli_execute(&o, &r, &res, o.vector);
    rc = cli_finish(&o, &r, &res, o.vector, how, bundle_bad);
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
    "  --stats                print simulated cycles per second of the loop\n"
    "  --max-cycles N         stop after N cycles (default 100000000): a hang, exit 1\n";

static int cmd_bare(int argc, char **argv)
{
    opts o = { .cmd = "bare" };
    int rc = cli_parse_opts(argc, argv, &o, BARE_HELP, "vector max-cycles stats quiet help");
    if (rc)
        return rc < 0 ? 0 : rc;
    if (!o.vector)
        return cli_usage_error("bare", "%s", "--vector FILE is required");
    rc_vector v;
    if ((rc = cli_load_vector(&o, o.vector, &v)))
        return rc;
    if (!v.blk->bare) {
        rc_vector_free(&v);
        fprintf(stderr, "rcosim bare: block %s has no bare loop\n", v.blk->name);
        return EXIT_USAGE;
    }
    double secs = 0;
    uint64_t max = o.have_max_cycles ? o.max_cycles : 100000000ull;
    uint64_t cycles = v.blk->bare(&v, v.seed, max, &secs);
    if (o.stats)
        printf("stats: %" PRIu64 " cycles in %.6f s = %.0f cycles/s\n", cycles, secs,
               secs > 0 ? (double)cycles / secs : 0.0);
    /* The loop stops before cycle max only when the block is done: a run cut by the bound is
     * not a measure of the whole vector, and says so (it used to exit 0 silently). */
    int cut = cycles >= max;
    if (cut)
        fprintf(stderr, "rcosim bare: %s: HANG %s: not finished after %" PRIu64 " cycles (--max-cycles)\n",
                o.vector, v.blk->name, max);
    rc_vector_free(&v);
    return cut ? 1 : 0;
}

/* ---- main --------------------------------------------------------------------------------- */

static void main_help(const rc_cli_ext *ext)
{
    printf("usage: rcosim COMMAND [options]   ('rcosim COMMAND --help' for each)\n"
           "  list     the blocks, their channels and fields\n"
           "  run      RTL and C model in lockstep, compared every cycle\n"
           "  gen      the C model alone turns stimulus into a golden vector\n"
           "  replay   the RTL alone against a golden vector\n"
           "  wave     open a failure bundle's waveform at the mismatch\n"
           "  bare     the bare Verilator loop of a vector's RTL, for scripts/bench (checks nothing)\n");
    for (const rc_cli_cmd *c = ext && ext->cmds ? ext->cmds : NULL; c && c->name; c++)
        printf("  %-8s %s\n", c->name, c->summary);
    printf("  --version  which rcosim this is (version, commit, Verilator)\n"
           "Exit status: 0 pass, 1 mismatch or hang, 2 bad usage or bad input.\n");
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
