// rtl_float_check: the r5xx.vap RTL's arithmetic (rtl/r5xx/vap: fmul, fadd, qdiv, h2f, fix,
// through r5xx_vap_float_tb) against the host's IEEE binary32 arithmetic, the rules of
// docs/blocks/r5xx.vap.md "Float arithmetic" (RNE, denormals kept, every NaN result 0x7FC00000) and
// "fix(u)" / "h(x)" (one RNE rounding of the exact value).
//
// usage: test_vap_float COUNT SEED [--inject].  COUNT random operand pairs for fmul and fadd (drawn from
// classes: any bits, subnormals, zeros, infinities and NaNs, tiny and huge exponents, equal
// exponents for cancellation), COUNT random quotients; every half (65536) and every fixed-point
// field of widths 8, 10, 11, 16 under all SIGNED / NORMALIZE / method settings exhaustively.
// --inject flips bit 0 of the first fmul expectation, to prove a difference is reported.
// Exit 0 when all agree, 1 on any difference (the first ones printed), 2 on bad usage.
// C++ only because the Verilated model is C++.
#include "Vr5xx_vap_float_tb.h"
#include "verilated.h"

#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

struct Rng {
  uint64_t s;
  uint64_t next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  }
};

float as_float(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

uint32_t as_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

uint32_t canon(uint32_t u) {
  return ((u & 0x7F800000u) == 0x7F800000u && (u & 0x7FFFFFu)) ? 0x7FC00000u : u;
}

uint32_t operand(Rng& r) {
  uint32_t x = static_cast<uint32_t>(r.next());
  switch (r.next() % 10) {
    case 0: return x & 0x807FFFFFu;                                            // subnormal
    case 1: return (x & 0x80000000u) | 0x7F800000u | ((r.next() % 4) ? 0 : (x & 0x7FFFFFu));  // inf, NaN
    case 2: return x & 0x80000000u;                                            // +-0
    case 3: return (x & 0x807FFFFFu) | static_cast<uint32_t>(r.next() % 24) << 23;   // tiny
    case 4: return (x & 0x807FFFFFu) | static_cast<uint32_t>(230 + r.next() % 25) << 23;  // huge
    default: return x;
  }
}

uint32_t h2f_ref(uint32_t h) {
  uint32_t s = h >> 15 & 1, e = h >> 10 & 31, m = h & 1023;
  if (e == 31) return s << 31 | 0x7F800000u | m << 13;
  float v = std::ldexp(static_cast<float>(e ? (m | 1024) : m), (e ? static_cast<int>(e) : 1) - 25);
  return s << 31 | as_bits(v);
}

// the exact quotient rounded once: long double holds n/d to 64 bits, and n/d with d < 2^17 is
// never within 2^-64 (relative) of a binary32 rounding boundary unless it is one exactly
uint32_t ratio(long num, long den) {
  return as_bits(static_cast<float>(static_cast<long double>(num) / static_cast<long double>(den)));
}

}  // namespace

int main(int argc, char** argv) {
  bool inject = argc == 4 && std::strcmp(argv[3], "--inject") == 0;
  if (argc != 3 && !inject) {
    std::fprintf(stderr, "usage: test_vap_float COUNT SEED [--inject]\n");
    return 2;
  }
  char* end;
  long count = std::strtol(argv[1], &end, 10);
  if (*end || count < 0) {
    std::fprintf(stderr, "test_vap_float: bad COUNT '%s'\n", argv[1]);
    return 2;
  }
  uint64_t seed = std::strtoull(argv[2], &end, 0);
  if (*end) {
    std::fprintf(stderr, "test_vap_float: bad SEED '%s'\n", argv[2]);
    return 2;
  }
  std::printf("test_vap_float: count %ld seed %" PRIu64 "\n", count, seed);
  Rng r{seed * 0x9E3779B97F4A7C15ull + 1};
  VerilatedContext ctx;
  Vr5xx_vap_float_tb t(&ctx);
  long bad = 0, checked = 0;
  auto check = [&](const char* what, uint32_t got, uint32_t want, uint32_t x, uint32_t y) {
    checked++;
    if (got != want && bad++ < 10) {
      std::printf("MISMATCH %s %08x %08x: rtl %08x, expected %08x\n", what, x, y, got, want);
    }
  };

  for (long i = 0; i < count; i++) {
    uint32_t a = operand(r), b = operand(r);
    if (r.next() % 4 == 0) b = (a & 0x7F800000u) ^ (static_cast<uint32_t>(r.next()) & 0x80FFFFFFu);
    t.a_i = a;
    t.b_i = b;
    uint32_t num = static_cast<uint32_t>(r.next()) & 0xFFFFF, den = static_cast<uint32_t>(r.next()) & 0x1FFFF;
    if (r.next() % 2) num >>= r.next() % 20;
    if (r.next() % 2) den = (1u << (r.next() % 18)) - 1;
    if (den == 0) den = 1;
    int sg = static_cast<int>(r.next() & 1);
    t.num_i = num;
    t.den_i = den;
    t.sg_i = sg;
    t.eval();
    check("fmul", t.mul_o, canon(as_bits(as_float(a) * as_float(b))) ^ ((inject && i == 0) ? 1u : 0u), a, b);
    check("fadd", t.add_o, canon(as_bits(as_float(a) + as_float(b))), a, b);
    uint32_t q = ratio(num, den);
    check("qdiv", t.div_o, sg ? q ^ 0x80000000u : q, num, den);
  }

  for (uint32_t h = 0; h < 65536; h++) {
    t.a_i = h;
    t.eval();
    check("h2f", t.h2f_o, h2f_ref(h), h, 0);
  }

  static const int widths[] = {8, 10, 11, 16};
  for (int n : widths) {
    for (uint32_t u = 0; u < (1u << n); u++) {
      for (int mode = 0; mode < 16; mode++) {
        int sgnd = mode & 1, norm = mode >> 1 & 1, m = mode >> 2;
        t.u_i = u;
        t.n_i = n;
        t.signed_i = sgnd;
        t.norm_i = norm;
        t.method_i = m;
        t.eval();
        long s = (sgnd && (u >> (n - 1) & 1)) ? static_cast<long>(u) - (1L << n) : static_cast<long>(u);
        long full = (1L << n) - 1, half = (1L << (n - 1)) - 1;
        uint32_t want;
        if (!norm) want = as_bits(static_cast<float>(s));
        else if (!sgnd) want = ratio(s, full);
        else if (m == 2) want = ratio(2 * s + 1, full);
        else if (m == 1 && s == -(1L << (n - 1))) want = 0xBF800000u;
        else want = ratio(s, half);
        check("fix", t.fix_o, want, u, static_cast<uint32_t>(n << 8 | mode));
      }
    }
  }

  std::printf("test_vap_float: %ld results checked, %ld differ\n", checked, bad);
  return bad ? 1 : 0;
}
