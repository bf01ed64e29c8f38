/*
 * fuzz_regdb.c - libFuzzer target: the register-name lookups and the FIELD=VALUE encoder of the
 * register database (model/regdb/regdb.c).  Input: a register name, a newline, assignments.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "regdb.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = 0;
    char *nl = strchr(s, '\n');
    const char *assign = "";
    if (nl) {
        *nl = 0;
        assign = nl + 1;
    }
    for (size_t k = 0; k < 2; k++) {
        const rdb_family *f = rdb_family_at(k);
        if (!f)
            break;
        const rdb_reg *r = rdb_reg_by_name(f, s);
        const rdb_reg *near[4];
        if (s[0] == '~')        /* the slow suggestion search, on a few inputs only */
            rdb_closest_names(f, s + 1, near, 4);
        if (!r && size >= 4)
            r = rdb_reg_by_addr(f, (uint32_t)data[0] << 8 | data[1]);
        if (r) {
            uint32_t v = 0;
            char err[256], text[1024];
            if (!rdb_encode(r, assign, &v, err, sizeof err))
                rdb_format_reg(r, v, text, sizeof text);
        }
    }
    rdb_family_find(s);
    free(s);
    return 0;
}
