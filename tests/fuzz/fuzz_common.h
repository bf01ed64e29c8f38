/*
 * fuzz_common.h - shared pieces of the libFuzzer targets (tests/fuzz/, docs/hardening.md):
 * the one block they know (r5xx.cp, its model only: the RTL and waveform sides are stubs the
 * readers never call), and writing an input to a private temporary file.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rc_block.h"

extern const rc_block_desc r5xx_cp_block;

static inline const rc_block_desc *fuzz_lookup(const char *name)
{
    return !strcmp(name, r5xx_cp_block.name) ? &r5xx_cp_block : NULL;
}

/* Writes data to /tmp/rcosim-fuzz-PID.SUFFIX; returns the path (static storage per suffix). */
static inline const char *fuzz_file(const uint8_t *data, size_t size, const char *suffix, char *path, size_t n)
{
    snprintf(path, n, "/tmp/rcosim-fuzz-%ld%s", (long)getpid(), suffix);
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    if (size && fwrite(data, 1, size, f) != size)
        abort();
    fclose(f);
    return path;
}
#endif
