/* sf_ref_drv.c - batch driver of the C twin (model/prim) for tests/prim/sf/sf_ref_check.py.
 *
 * Reads records of 9 native uint32 from stdin: op code, then up to 8 operands (the op code is the
 * index of the op in prim_sf_ref.OP_NAMES, mirrored in ops[] below); writes one uint32 result per
 * record to stdout (comparisons: 0 or 1).  SF_REF_FLIP=N flips bit 0 of the N-th result (0-based):
 * the fault the checker must catch.  Exit status 2 on a malformed input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "sf.h"

static uint32_t run(uint32_t op, const uint32_t *x, int *bad)
{
    switch (op) {
    case 0: return sf_ftz(x[0]);
    case 1: return sf_add(x[0], x[1]);
    case 2: return sf_mul(x[0], x[1]);
    case 3: return sf_mul_z(x[0], x[1]);
    case 4: return sf_mad(x[0], x[1], x[2]);
    case 5: return sf_mad_z(x[0], x[1], x[2]);
    case 6: return sf_dp3(x, x + 3);
    case 7: return sf_dp3_z(x, x + 3);
    case 8: return sf_dp4(x, x + 4);
    case 9: return sf_dp4_z(x, x + 4);
    case 10: return sf_min(x[0], x[1]);
    case 11: return sf_max(x[0], x[1]);
    case 12: return sf_cmp_lt(x[0], x[1]);
    case 13: return sf_cmp_le(x[0], x[1]);
    case 14: return sf_cmp_eq(x[0], x[1]);
    case 15: return sf_flr(x[0]);
    case 16: return sf_frc(x[0]);
    case 17: return sf_rcp(x[0]);
    case 18: return sf_rsq(x[0]);
    case 19: return sf_ex2(x[0]);
    case 20: return sf_lg2(x[0]);
    case 21: return sf_sin(x[0]);
    case 22: return sf_cos(x[0]);
    case 23: return sf_sqrt(x[0]);
    default: *bad = 1; return 0;
    }
}

int main(void)
{
    const char *flip_env = getenv("SF_REF_FLIP");
    long long flip = flip_env ? atoll(flip_env) : -1;
    uint32_t rec[9];
    long long n = 0;
    int bad = 0;
    while (fread(rec, sizeof rec[0], 9, stdin) == 9) {
        uint32_t r = run(rec[0], rec + 1, &bad);
        if (bad) {
            fprintf(stderr, "sf_ref_drv: bad op %u at record %lld\n", (unsigned)rec[0], n);
            return 2;
        }
        if (n == flip)
            r ^= 1u;
        if (fwrite(&r, sizeof r, 1, stdout) != 1)
            return 2;
        n++;
    }
    return 0;
}
