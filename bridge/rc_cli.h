/*
 * rc_cli.h - the rcosim command line (list, run, gen, replay), generic over registered blocks.
 * The program's main() (model/rcosim_main.c) adds GPU-specific commands and the register
 * decoder through rc_cli_ext.
 */
#ifndef RC_CLI_H
#define RC_CLI_H

#include "rc_engine.h"

typedef struct rc_cli_cmd {
    const char *name;
    const char *summary;
    int (*main)(int argc, char **argv);
} rc_cli_cmd;

typedef struct rc_cli_ext {
    const rc_cli_cmd *cmds;      /* extra subcommands, NULL-terminated by name */
    rc_decode_fn decode;         /* register decoder for reports, or NULL */
} rc_cli_ext;

int rc_cli_main(int argc, char **argv, const rc_cli_ext *ext);

#endif
