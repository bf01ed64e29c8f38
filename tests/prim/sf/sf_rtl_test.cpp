// sf_rtl_test: proof that the shader-float RTL (rtl/prim/prim_sf_*.sv, all side by side in
// prim_sf_all.sv) and its C twin (model/prim/sf*.c) agree bit for bit (docs/float.md, "Tests").
//
//   sf_rtl_test classes              every pair (and MAD triple) of the special-value list
//   sf_rtl_test random N [SEED]      N seeded random input sets (seed printed), every op
//   sf_rtl_test sweep E [E...]       every one of the 2^23 fractions of biased exponents E, both
//                                    signs, every unary op (a) and add/mul/min/max with b = 1.5*a
//   sf_rtl_test vectors N SEED FILE [classes]  write (the special pairs and) N random input sets with the C
//                                    results to FILE (for the Icarus bench, no RTL run here)
//   ... --inject K                   flip bit 0 of the K-th RTL result compared (must be caught)
//
// Prints each mismatch (first 20) and "PASS|FAIL sf <mode>: <n> input sets, <m> mismatches".
// Exit 0 only without mismatches.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "Vprim_sf_all.h"
#include "verilated.h"

extern "C" {
#include "sf.h"
}

namespace {

Vprim_sf_all *dut;
uint64_t n_checks = 0, n_bad = 0, inject_at = 0;

void check(const char *op, uint32_t a, uint32_t b, uint32_t c, uint32_t rtl, uint32_t ref)
{
    n_checks++;
    if (inject_at && n_checks == inject_at)
        rtl ^= 1u;
    if (rtl != ref) {
        if (n_bad < 20)
            std::printf("MISMATCH op=%s a=%08" PRIx32 " b=%08" PRIx32 " c=%08" PRIx32 " rtl=%08" PRIx32
                        " c_model=%08" PRIx32 "\n", op, a, b, c, rtl, ref);
        n_bad++;
    }
}

FILE *vec_out; // "vectors" mode: write the input sets and the C results for the Icarus bench

// One input set: a, b, c, zmode and the two 4-vectors; evaluate and compare every op.
void run(uint32_t a, uint32_t b, uint32_t c, bool z, const uint32_t va[4], const uint32_t vb[4])
{
    const uint32_t ref[17] = {
        sf_add(a, b), sf_mul_m(a, b, z), z ? sf_mad_z(a, b, c) : sf_mad(a, b, c),
        z ? sf_dp3_z(va, vb) : sf_dp3(va, vb), z ? sf_dp4_z(va, vb) : sf_dp4(va, vb),
        sf_min(a, b), sf_max(a, b),
        (uint32_t)sf_cmp_lt(a, b) | (uint32_t)sf_cmp_le(a, b) << 1 | (uint32_t)sf_cmp_eq(a, b) << 2,
        sf_flr(a), sf_frc(a), sf_rcp(a), sf_rsq(a), sf_sqrt(a), sf_ex2(a), sf_lg2(a), sf_sin(a), sf_cos(a)};
    if (vec_out) {
        // one line: a b c z va[0..3] vb[0..3] then the 17 results, hex
        std::fprintf(vec_out, "%08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08x", a, b, c, (unsigned)z);
        for (int k = 0; k < 4; k++)
            std::fprintf(vec_out, " %08" PRIx32, va[k]);
        for (int k = 0; k < 4; k++)
            std::fprintf(vec_out, " %08" PRIx32, vb[k]);
        for (int k = 0; k < 17; k++)
            std::fprintf(vec_out, " %08" PRIx32, ref[k]);
        std::fprintf(vec_out, "\n");
        return;
    }
    dut->a_i = a;
    dut->b_i = b;
    dut->c_i = c;
    dut->zmode_i = z;
    for (int k = 0; k < 4; k++) {
        dut->va_i[k] = va[k];
        dut->vb_i[k] = vb[k];
    }
    dut->eval();
    check("add", a, b, 0, dut->add_o, ref[0]);
    check(z ? "mul_z" : "mul", a, b, 0, dut->mul_o, ref[1]);
    check(z ? "mad_z" : "mad", a, b, c, dut->mad_o, ref[2]);
    check(z ? "dp3_z" : "dp3", va[0], vb[0], va[2], dut->dp3_o, ref[3]);
    check(z ? "dp4_z" : "dp4", va[0], vb[0], va[3], dut->dp4_o, ref[4]);
    check("min", a, b, 0, dut->min_o, ref[5]);
    check("max", a, b, 0, dut->max_o, ref[6]);
    check("cmp", a, b, 0, dut->cmp_o, ref[7]);
    check("flr", a, 0, 0, dut->flr_o, ref[8]);
    check("frc", a, 0, 0, dut->frc_o, ref[9]);
    check("rcp", a, 0, 0, dut->rcp_o, ref[10]);
    check("rsq", a, 0, 0, dut->rsq_o, ref[11]);
    check("sqrt", a, 0, 0, dut->sqrt_o, ref[12]);
    check("ex2", a, 0, 0, dut->ex2_o, ref[13]);
    check("lg2", a, 0, 0, dut->lg2_o, ref[14]);
    check("sin", a, 0, 0, dut->sin_o, ref[15]);
    check("cos", a, 0, 0, dut->cos_o, ref[16]);
}

// The special-value list: every input class of docs/float.md "Tests".
const uint32_t specials[] = {
    0x00000000, 0x80000000,                         // +-0
    0x00000001, 0x807FFFFF, 0x00400000, 0x80000010, // denormals
    0x7F800000, 0xFF800000,                         // +-Inf
    0x7FC00000, 0xFFC00000, 0x7F800001, 0xFFBFFFFF, // NaNs (quiet, signalling)
    0x7F7FFFFF, 0xFF7FFFFF, 0x7F000000, 0x7EFFFFFF, // huge
    0x00800000, 0x80800000, 0x00800001, 0x01000000, // tiny normals
    0x3F800000, 0xBF800000, 0x40000000, 0x3F000000, // 1, -1, 2, 0.5
    0xBF000000, 0x3E800000, 0xBE800000, 0x3F400000, // -0.5, 0.25, -0.25, 0.75
    0x3F800001, 0x3F7FFFFF, 0xBF800001, 0xBF7FFFFF, // 1 +- ulp
    0x42FE0000, 0x43000000, 0xC2FC0000, 0xC3000000, // 127, 128, -126, -128 (ex2 edges)
    0x42FFFFFF, 0xC2FE0000, 0xC2FE0001, 0xC3160000, // ex2 edges
    0x4B000000, 0x4AFFFFFF, 0xCB000001, 0x4B7FFFFF, // 2^23 neighbourhood (flr/frc/sin)
    0x3A000000, 0x39FFFFFF, 0xBA000000, 0x39800000, // 2^-11 (sin tiny path edge)
    0x33800000, 0x2F800000, 0xB0000000, 0x0C000000, // small magnitudes
    0x40490FDB, 0xC0490FDB, 0x3E22F983, 0x3FC90FDB, // pi, -pi, 1/(2pi), pi/2
    0x3FC00000, 0xBFC00000, 0x40200000, 0x41200000, // 1.5, -1.5, 2.5, 10
    0x7E800000, 0x02800000, 0x3E000000, 0x3D800000, // 2^126, 2^-122, 1/8, 1/16
    0x3F7FFFFE, 0x3F000001, 0x3EFFFFFF, 0x3F400001, // lg2 near 1 and near 0.5
};
const int n_specials = (int)(sizeof specials / sizeof specials[0]);

struct Rng {
    uint64_t s;
    uint64_t next()
    {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull); // splitmix64
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    uint32_t u32() { return (uint32_t)(next() >> 32); }
    uint32_t below(uint32_t n) { return (uint32_t)(((next() >> 32) * n) >> 32); }
};

// A random operand of a random class; 'near' (may be 0) is another operand to relate to.
uint32_t gen(Rng &r, uint32_t near)
{
    uint32_t k = r.below(100);
    if (k < 25)
        return r.u32();                                     // any bit pattern
    if (k < 40)
        return specials[r.below((uint32_t)n_specials)];     // a special value
    if (k < 55 && near) {                                   // related to the other operand
        uint32_t t = r.below(5);
        if (t == 0)
            return near ^ 0x80000000u;                      // -x
        if (t == 1)
            return near + r.below(7) - 3;                   // a few ulps away
        if (t == 2)
            return (near ^ 0x80000000u) + r.below(7) - 3;
        uint32_t e = (near >> 23) & 0xFF;
        e = (e + r.below(61) - 30) & 0xFF;                  // nearby exponent
        return (r.u32() & 0x807FFFFFu) | e << 23;
    }
    if (k < 75)                                             // moderate range, both signs
        return (r.u32() & 0x807FFFFFu) | (uint32_t)(100 + r.below(55)) << 23;
    if (k < 90) {                                           // n / 2^j: integers, halves, quarters
        int32_t n = (int32_t)r.below(4096) - 2048;
        uint32_t j = r.below(12);
        // exact: n < 2^12, so n / 2^j is representable; build its bits by normalising
        if (n == 0)
            return r.below(2) ? 0x80000000u : 0u;
        uint32_t sgn = n < 0 ? 0x80000000u : 0u;
        uint32_t m = (uint32_t)(n < 0 ? -n : n);
        int lead = 31;
        while (!(m >> lead))
            lead--;
        uint32_t frac = (m << (23 - lead)) & 0x7FFFFFu;
        return sgn | (uint32_t)(127 + lead - (int)j) << 23 | frac;
    }
    return (r.u32() & 0x807FFFFFu) | (uint32_t)r.below(256) << 23; // any exponent
}

int finish(const char *mode, uint64_t sets)
{
    std::printf("%s sf %s: %" PRIu64 " input sets, %" PRIu64 " comparisons, %" PRIu64 " mismatches\n",
                n_bad ? "FAIL" : "PASS", mode, sets, n_checks, n_bad);
    return n_bad ? 1 : 0;
}

} // namespace

int main(int argc, char **argv)
{
    auto ctx = std::make_unique<VerilatedContext>();
    dut = new Vprim_sf_all{ctx.get()};
    int nargs = argc;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--inject") && i + 1 < argc) {
            inject_at = std::strtoull(argv[i + 1], nullptr, 0);
            nargs = i;
            break;
        }
    }
    if (nargs < 2) {
        std::fprintf(stderr, "usage: sf_rtl_test classes | random N [SEED] | sweep E... | vectors N SEED FILE [--inject K]\n");
        return 2;
    }
    const char *mode = argv[1];
    uint64_t sets = 0;
    int rc;
    if (!std::strcmp(mode, "classes")) {
        for (int i = 0; i < n_specials; i++)
            for (int j = 0; j < n_specials; j++)
                for (int zc = 0; zc < 2 * 8; zc++) {
                    uint32_t a = specials[i], b = specials[j];
                    uint32_t c = specials[(i * 7 + j * 3 + zc) % n_specials];
                    uint32_t va[4] = {a, b, c, specials[(zc * 11) % n_specials]};
                    uint32_t vb[4] = {b, a, specials[(i + zc) % n_specials], c};
                    run(a, b, c, zc & 1, va, vb);
                    sets++;
                }
        rc = finish("classes", sets);
    } else if (!std::strcmp(mode, "vectors") && nargs >= 5) {
        // Input sets for the Icarus bench (prim_sf_icarus_tb.sv): with a 5th argument "classes"
        // every special pair first, then N random.
        vec_out = std::fopen(argv[4], "w");
        if (!vec_out) {
            std::fprintf(stderr, "sf_rtl_test: cannot write %s\n", argv[4]);
            return 2;
        }
        uint64_t n = std::strtoull(argv[2], nullptr, 0);
        Rng r{std::strtoull(argv[3], nullptr, 0)};
        bool with_classes = nargs >= 6 && !std::strcmp(argv[5], "classes");
        for (int i = 0; i < (with_classes ? n_specials : 0); i++)
            for (int j = 0; j < n_specials; j++) {
                uint32_t a = specials[i], b = specials[j], c = specials[(i * 7 + j * 3) % n_specials];
                uint32_t va[4] = {a, b, c, specials[(i * 11) % n_specials]};
                uint32_t vb[4] = {b, a, specials[(i + j) % n_specials], c};
                run(a, b, c, (i + j) & 1, va, vb);
                sets++;
            }
        for (uint64_t k = 0; k < n; k++) {
            uint32_t a = gen(r, 0);
            uint32_t b = gen(r, a);
            uint32_t c = gen(r, r.below(2) ? sf_mul(a, b) : 0);
            uint32_t va[4], vb[4];
            for (int l = 0; l < 4; l++) {
                va[l] = gen(r, l ? va[l - 1] : 0);
                vb[l] = gen(r, va[l]);
            }
            run(a, b, c, r.below(2), va, vb);
            sets++;
        }
        std::fclose(vec_out);
        std::printf("sf vectors: %" PRIu64 " input sets written to %s\n", sets, argv[4]);
        rc = 0;
    } else if (!std::strcmp(mode, "random") && nargs >= 3) {
        uint64_t n = std::strtoull(argv[2], nullptr, 0);
        uint64_t seed = nargs >= 4 ? std::strtoull(argv[3], nullptr, 0) : 1;
        std::printf("sf random: seed %" PRIu64 ", %" PRIu64 " input sets\n", seed, n);
        Rng r{seed};
        for (uint64_t k = 0; k < n; k++) {
            uint32_t a = gen(r, 0);
            uint32_t b = gen(r, a);
            uint32_t c = gen(r, r.below(2) ? sf_mul(a, b) : 0);
            uint32_t va[4], vb[4];
            for (int l = 0; l < 4; l++) {
                va[l] = gen(r, l ? va[l - 1] : 0);
                vb[l] = gen(r, va[l]);
            }
            run(a, b, c, r.below(2), va, vb);
            sets++;
        }
        rc = finish("random", sets);
    } else if (!std::strcmp(mode, "sweep") && nargs >= 3) {
        for (int i = 2; i < nargs; i++) {
            uint32_t e = (uint32_t)std::strtoul(argv[i], nullptr, 0) & 0xFF;
            for (uint32_t s = 0; s < 2; s++)
                for (uint32_t f = 0; f < (1u << 23); f++) {
                    uint32_t a = s << 31 | e << 23 | f;
                    uint32_t b = a + (a >> 1 & 0x3FFFFF) + (1u << 22); // a nearby operand
                    uint32_t va[4] = {a, b, a, b}, vb[4] = {b, a, b ^ 0x80000000u, a};
                    run(a, b, a ^ 0x80000000u, f & 1, va, vb);
                    sets++;
                }
        }
        rc = finish("sweep", sets);
    } else {
        std::fprintf(stderr, "sf_rtl_test: bad arguments\n");
        rc = 2;
    }
    dut->final();
    delete dut;
    return rc;
}
