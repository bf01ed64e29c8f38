/*
 * rcosim_main.c - the rcosim program: the generic CLI of bridge/ plus what is GPU-specific,
 * the 'regs' command and register decoding in reports, from the register database.
 */
#include <stdio.h>

#include "rc_cli.h"
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

static const rc_cli_cmd extra[] = {
    { "regs", "look up registers by name or address and decode values", rdb_regs_command },
    { NULL, NULL, NULL }
};

int main(int argc, char **argv)
{
    rc_cli_ext ext = { extra, decode };
    return rc_cli_main(argc, argv, &ext);
}
