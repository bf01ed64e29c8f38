/*
 * si_cu_trans_ulp.c - the error of si.cu's transcendental VOP1s against libm (docs/blocks/si.cu.md
 * 5.4): the shared shader-float ops (model/prim/sf.h) over the input ranges GCN defines them on,
 * in binary32 ULPs at the exact value's magnitude (results below 2^-126 not counted), 10^6
 * samples per row from a fixed LCG seed (1).  Prints the table of the doc and fails (exit 1) if
 * an op exceeds its bound: rcp/rsq/sqrt below 1 ULP (toward zero), the table ops below 0.75 ULP.
 */
#include <math.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "sf.h"
static const double PI = 3.14159265358979323846;
static uint64_t st = 1;
static uint32_t rnd32(void) { st = st * 6364136223846793005ull + 1442695040888963407ull; return (uint32_t)(st >> 32); }
static double u01(void) { return (rnd32() >> 8) / 16777216.0; }
static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float fl(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static double ulp_of(double e) { int x; frexp(fabs(e), &x); double u = ldexp(1.0, x - 24); return u < ldexp(1.0, -149) ? ldexp(1.0, -149) : u; }
typedef struct { const char *op, *range; double mx, sum; long n, rn; } row;
static void add(row *r, uint32_t got, double ex)
{
    if (!isfinite(ex) || fabs(ex) < ldexp(1.0, -126) || fabs(ex) >= ldexp(1.0, 128)) return;
    double e = fabs((double)fl(got) - ex) / ulp_of(ex);
    if (e > r->mx) r->mx = e;
    r->sum += e; r->n++;
    r->rn += got == bits((float)ex);
}
/* sin(2 pi t) with the argument folded exactly to [0, 1/4] turn (exact zeros stay zero) */
static double sin2pi(double x)
{
    double t = fmod(x, 1.0);
    if (t < 0) t += 1.0;
    double s = 1.0;
    if (t >= 0.5) { t -= 0.5; s = -1.0; }
    double u = t < 0.25 ? t : 0.5 - t;
    return u == 0 ? 0.0 : s * sin(2 * PI * u);
}
static double cos2pi(double x) { return sin2pi(fabs(x) + 0.25); }
int main(int argc, char **argv)
{
    row R[] = { {.op = "v_rcp_f32", .range = "positive normals < 2^126"},
                {.op = "v_rsq_f32", .range = "positive normals"},
                {.op = "v_sqrt_f32", .range = "positive normals"},
                {.op = "v_exp_f32", .range = "[-126, 128) uniform"},
                {.op = "v_log_f32", .range = "positive normals"},
                {.op = "v_sin_f32", .range = "[-256, 256] uniform"},
                {.op = "v_cos_f32", .range = "[-256, 256] uniform"},
                {.op = "v_sin_f32", .range = "[-1, 1] uniform"},
                {.op = "v_cos_f32", .range = "[-1, 1] uniform"} };
    /* --inject: one rcp result two steps off must make the check fail (the test of the test) */
    int inject = argc > 1 && strcmp(argv[1], "--inject") == 0;
    for (long i = 0; i < 1000000; i++) {
        uint32_t a = (rnd32() % 252 + 1) << 23 | (rnd32() & 0x7FFFFF);
        add(&R[0], sf_rcp(a) + (inject && i == 12345 ? 2u : 0u), 1.0 / fl(a));
        add(&R[1], sf_rsq(a), 1.0 / sqrt(fl(a)));
        add(&R[2], sf_sqrt(a), sqrt(fl(a)));
        float x = (float)(-126.0 + 254.0 * u01());
        add(&R[3], sf_ex2(bits(x)), exp2(x));
        add(&R[4], sf_lg2(a), log2(fl(a)));
        float y = (float)(-256.0 + 512.0 * u01()), z = (float)(-1.0 + 2.0 * u01());
        add(&R[5], sf_sin(bits(y)), sin2pi(y));
        add(&R[6], sf_cos(bits(y)), cos2pi(y));
        add(&R[7], sf_sin(bits(z)), sin2pi(z));
        add(&R[8], sf_cos(bits(z)), cos2pi(z));
    }
    printf("| op | input range | samples | max ULP | mean ULP | equal to RN binary32 |\n|---|---|---|---|---|---|\n");
    int bad = 0;
    for (unsigned k = 0; k < 9; k++) {
        printf("| `%s` | %s | %ld | %.7f | %.4f | %.2f %% |\n", R[k].op, R[k].range, R[k].n, R[k].mx,
               R[k].sum / R[k].n, 100.0 * R[k].rn / R[k].n);
        bad |= R[k].n < 900000 || R[k].mx >= (k < 3 ? 1.000001 : 0.75);
    }
    if (inject) {
        printf("%s\n", bad ? "PASS: the injected error was caught" : "FAIL: the injected error was not caught");
        return !bad;
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad;
}
