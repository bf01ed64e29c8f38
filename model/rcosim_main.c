/*
 * rcosim_main.c - the rcosim program: the generic CLI of bridge/ plus what is GPU-specific,
 * the 'regs' command and register decoding in reports, from the register database.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rc_cli.h"
#include "rc_version.h"
#include "regdb.h"
#include "regs_cmd.h"

static size_t decode(const char *family, rc_show kind, uint64_t addr, uint64_t value, char *buf, size_t n)
{
    const rdb_family *f = rdb_family_find(family);
    if (!f || addr > 0xFFFFFFFFull)
        return 0;
    if (kind == RC_SHOW_REGADDR) {
        const rdb_reg *r = rdb_reg_by_addr(f, (uint32_t)addr);
        if (!r)
            return 0;
        return (size_t)snprintf(buf, n, "%s", rdb_reg_name(r));
    }
    return rdb_format(f, (uint32_t)addr, (uint32_t)value, buf, n);
}

/* Execs python3 SCRIPT (under scripts/; or "-m", the module then in ARGS[2]) with ARGS: scripts/
 * goes first on PYTHONPATH, the import root of the Python tools (their shared modules are
 * scripts/rcosim_py/).  Returns only on error. */
static int python_tool(const char *cmd, const char *script, char **args)
{
    const char *old = getenv("PYTHONPATH");
    size_t n = strlen(RCOSIM_SOURCE_DIR "/scripts") + (old && *old ? strlen(old) + 1 : 0) + 1;
    char *path = malloc(n);
    if (!path)
        return 2;
    snprintf(path, n, "%s%s%s", RCOSIM_SOURCE_DIR "/scripts", old && *old ? ":" : "", old && *old ? old : "");
    setenv("PYTHONPATH", path, 1);
    free(path);
    args[0] = "python3";
    args[1] = (char *)script;
    fflush(stdout);
    execvp("python3", args);
    fprintf(stderr, "rcosim %s: cannot run python3: %s\n", cmd, strerror(errno));
    return 2;
}

/* 'rcosim regress' is the regression runner in scripts/regress.py (Python 3, standard library):
 * it starts one rcosim process per run, so it is exec'd with the path of this binary. */
static int regress_command(int argc, char **argv)
{
    /* The kernel gives at most one page (4096 bytes) for the link; a full buffer is refused. */
    char self[4097];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0 || (size_t)n >= sizeof self - 1) {
        fprintf(stderr, "rcosim regress: cannot find the rcosim binary\n");
        return 2;
    }
    self[n] = 0;
    char **args = calloc((size_t)argc + 5, sizeof *args);
    if (!args)
        return 2;
    int k = 2;
    args[k++] = "--rcosim";
    args[k++] = self;
    for (int i = 1; i < argc; i++)
        args[k++] = argv[i];
    args[k] = NULL;
    int rc = python_tool("regress", RCOSIM_SOURCE_DIR "/scripts/regress.py", args);
    free(args);
    return rc;
}

/* 'rcosim gen --all' regenerates every vector under vectors/ from its recorded stimulus and seed
 * (scripts/regress.py --gen-all).  The generic 'gen' of bridge/ knows nothing of vectors/, so the
 * option is intercepted here, before rc_cli_main. */
static int gen_all_command(int argc, char **argv)
{
    char **args = calloc((size_t)argc + 2, sizeof *args);
    if (!args)
        return 2;
    int k = 0;
    args[k++] = "gen";
    args[k++] = "--gen-all";
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--all"))
            args[k++] = argv[i];
    args[k] = NULL;
    int rc = regress_command(k, args);
    free(args);
    return rc;
}

/* 'rcosim export' writes a golden vector as a bench for another simulator (scripts/export/__main__.py,
 * docs/export.md); exec'd like 'regress', with the same arguments. */
static int export_command(int argc, char **argv)
{
    char **args = calloc((size_t)argc + 3, sizeof *args);
    if (!args)
        return 2;
    for (int i = 1; i < argc; i++)
        args[i + 1] = argv[i];
    int rc = python_tool("export", RCOSIM_SOURCE_DIR "/scripts/export/__main__.py", args);
    free(args);
    return rc;
}

/* 'rcosim import' turns a captured PM4 ring / IB dump and memory snapshots into an r5xx.gpu vector
 * (scripts/pm4import/__main__.py, docs/import.md); exec'd like 'export', with the same arguments. */
static int import_command(int argc, char **argv)
{
    char **args = calloc((size_t)argc + 3, sizeof *args);
    if (!args)
        return 2;
    for (int i = 1; i < argc; i++)
        args[i + 1] = argv[i];
    int rc = python_tool("import", RCOSIM_SOURCE_DIR "/scripts/pm4import/__main__.py", args);
    free(args);
    return rc;
}

/* 'rcosim mutate' samples single-point mutations of a block's RTL and runs each against the block's
 * golden vectors (scripts/rcosim_py/mutate.py, docs/hardening.md); exec'd like 'export', as the
 * module 'python3 -m rcosim_py.mutate' (the import root scripts/ is on PYTHONPATH), same arguments. */
static int mutate_command(int argc, char **argv)
{
    char **args = calloc((size_t)argc + 4, sizeof *args);
    if (!args)
        return 2;
    args[2] = "rcosim_py.mutate";
    for (int i = 1; i < argc; i++)
        args[i + 2] = argv[i];
    int rc = python_tool("mutate", "-m", args);
    free(args);
    return rc;
}

static const rc_cli_cmd extra[] = {
    { "regs", "look up registers by name or address and decode values", rdb_regs_command },
    { "regress", "run a regression suite in parallel with JUnit and HTML reports", regress_command },
    { "export", "write a golden vector as a SystemVerilog or cocotb bench for another simulator", export_command },
    { "import", "turn a captured PM4 ring/IB dump and memory snapshots into an r5xx.gpu vector", import_command },
    { "mutate", "mutation testing: does a block's golden-vector suite catch single-point RTL mutants", mutate_command },
    { NULL, NULL, NULL }
};

int main(int argc, char **argv)
{
    rc_cli_ext ext = { extra, decode };
    if (argc == 2 && !strcmp(argv[1], "--version")) {
        printf("rcosim %s (%s; Verilator %s)\n", RC_VERSION, RC_COMMIT, RC_VERILATOR);
        return 0;
    }
    if (argc > 2 && !strcmp(argv[1], "gen"))
        for (int i = 2; i < argc; i++)
            if (!strcmp(argv[i], "--all"))
                return gen_all_command(argc, argv);
    return rc_cli_main(argc, argv, &ext);
}
