/*
 * regs_cmd.h - the 'rcosim regs' subcommand: look up registers of the register database by
 * name or address, print their fields, decode or encode a value, or list names matching a pattern.
 */
#ifndef RCOSIM_REGS_CMD_H
#define RCOSIM_REGS_CMD_H

#ifdef __cplusplus
extern "C" {
#endif

/* argv[0] is "regs". Prints to stdout (results) and stderr (errors). Returns the exit status:
 * 0 ok, 1 --grep found nothing, 2 bad usage or unknown register/address/family. */
int rdb_regs_command(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif /* RCOSIM_REGS_CMD_H */
