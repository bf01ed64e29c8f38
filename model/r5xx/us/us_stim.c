/*
 * us_stim.c - seeded random stimulus for r5xx.us: programs from a generator of valid programs
 * (ALU/OUT with every RGB and alpha op, every source form, swizzle, modifier, pre-subtract,
 * OMOD, clamp, write/output mask, predicate write and predicated execution; TEX LD/PROJ/
 * LODBIAS/LOD/DXDY/KIL/NOP with semaphores; a final OUT), loaded through GA_US_VECTOR_INDEX/DATA
 * as drivers do, with random constants and US_CONFIG, then quads of random inputs (special
 * values: +-0, denormals, +-inf, NaN, huge, tiny) and the texture responses the program's
 * requests take, in order.  --count is the number of quads.  Flow control: forward JUMPs (every
 * op, branch state, A_OP push), and with FULL_FC_EN one structured loop a program (LOOP/REP ...
 * ENDLOOP/ENDREP back to the body, US_FC_INT_CONST with small counts, BREAK/CONTINUE and
 * aL-relative addressing inside); output formats US_OUT_FMT_0..3 and US_W_FMT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r5xx_us_ports.h"
#include "rc_stim.h"
#include "us_isa.h"
#include "us_stim.h"

typedef struct gen {
    rc_stim s;                 /* the stream, the vector, the epoch's cycle and writes */
    us_regs r;                 /* what the block holds once the writes so far are in */
    us_quad q;                 /* the quad state as the block will have it (temporaries persist) */
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }

static void regw(gen *g, uint32_t addr, uint32_t data)
{
    rc_stim_regw(&g->s, R5XX_US_CH_REGW, addr, data);   /* s.t stays 0: any cycle */
    us_regs_write(&g->r, addr, data);
}

/* The value and instruction generators draw from the random stream alone (us_stim.h): shared. */
static uint32_t rrnd(rc_rng *r, uint32_t n) { return (uint32_t)rc_rng_below(r, n); }
static uint32_t rword(rc_rng *r) { return (uint32_t)rc_rng_next(r); }

/* A binary32 value: special values half of the time. */
uint32_t us_stim_fval(rc_rng *g)
{
    static const uint32_t sp[] = { 0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x3F000000u,
                                   0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00001u, 0x00000001u,
                                   0x807FFFFFu, 0x00800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x40000000u,
                                   0x3EFFFFFFu, 0x3F000001u, 0x4B000000u, 0x3E800000u, 0xC0490FDBu };
    switch (rrnd(g, 8)) {
    case 0: case 1: return sp[rrnd(g, sizeof sp / sizeof sp[0])];
    case 2: return rword(g);                                            /* anything */
    case 3: return (rword(g) & 0x807FFFFFu) | ((uint32_t)(100 + rrnd(g, 56)) << 23);  /* 2^-27..2^28 */
    default: return (rword(g) & 0x807FFFFFu) | ((uint32_t)(120 + rrnd(g, 10)) << 23); /* 2^-7..2^2 */
    }
}

/* A source address field (8 bits + CONST + REL): a temp 0..7, a constant, an inline float;
 * REL (+ aL) one time in eight. */
static uint32_t src_addr(rc_rng *g)
{
    uint32_t rel = rrnd(g, 8) == 0 ? 0x200u : 0;
    switch (rrnd(g, 8)) {
    case 0: return rrnd(g, 256) | 0x100u | rel;                        /* constant 0..255 */
    case 1: case 2: return (rrnd(g, 8)) | 0x100u | rel;                /* constant 0..7 */
    case 3: return 0x80u | rrnd(g, 128) | rel;                         /* inline float */
    case 4: return rrnd(g, 128) | rel;                                 /* any temp */
    default: return rrnd(g, 8) | rel;                                  /* temp 0..7 */
    }
}

static uint32_t swz(rc_rng *g)
{
    return rrnd(g, 4) ? rrnd(g, 4) : 4 + rrnd(g, 3);                      /* 0..3 mostly, 0/0.5/1 */
}

static uint32_t cmn_common(rc_rng *g)
{
    uint32_t c = 0;
    if (rrnd(g, 4) == 0) c |= 1u << 2;                                  /* TEX_SEM_WAIT */
    if (rrnd(g, 6) == 0) c |= (1 + rrnd(g, 5)) << 3 | rrnd(g, 2) << 6;    /* RGB predication */
    if (rrnd(g, 6) == 0) c |= (1 + rrnd(g, 5)) << 25 | rrnd(g, 2) << 22;  /* alpha predication */
    if (rrnd(g, 8) == 0) c |= 1u << 7;                                  /* WRITE_INACTIVE */
    if (rrnd(g, 10) == 0) c |= 1u << 9;                                 /* NOP */
    if (rrnd(g, 8) == 0) c |= 1u << 10;                                 /* ALU_WAIT */
    if (rrnd(g, 3) == 0) c |= 1u << 19;
    if (rrnd(g, 3) == 0) c |= 1u << 20;
    if (rrnd(g, 8) == 0) c |= rrnd(g, 16) << 28;                          /* STAT_WE */
    return c;
}

/* One ALU (out = 0) or OUT (out = 1) instruction. */
void us_stim_alu(rc_rng *g, int out, uint32_t w[6])
{
    static const unsigned rops[] = { 0, 0, 0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12 };
    static const unsigned aops[] = { 0, 0, 0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
    uint32_t cmn = cmn_common(g) | (out ? US_T_OUT : US_T_ALU);
    cmn |= rrnd(g, 8) << 11 | rrnd(g, 2) << 14;                          /* write masks */
    cmn |= (out ? (rrnd(g, 4) ? 7 : rrnd(g, 8)) : (rrnd(g, 3) ? 0 : rrnd(g, 8))) << 15;
    cmn |= (out ? (rrnd(g, 4) != 0) : (rrnd(g, 3) == 0)) << 18;
    cmn |= rrnd(g, 2) << 21 | rrnd(g, 4) << 23;                          /* ALU result select/op */
    uint32_t ra = 0, aa = 0;
    for (unsigned i = 0; i < 3; i++) {
        ra |= src_addr(g) << (10 * i);
        aa |= src_addr(g) << (10 * i);
    }
    ra |= rrnd(g, 4) << 30;
    aa |= rrnd(g, 4) << 30;
    uint32_t omod_r = rrnd(g, 4) ? rrnd(g, 7) : 7, omod_a = rrnd(g, 4) ? rrnd(g, 7) : 7;
    uint32_t ri = rrnd(g, 4) | swz(g) << 2 | swz(g) << 5 | swz(g) << 8 | rrnd(g, 4) << 11 |
                  rrnd(g, 4) << 13 | swz(g) << 15 | swz(g) << 18 | swz(g) << 21 | rrnd(g, 4) << 24 |
                  omod_r << 26 | rrnd(g, 4) << 29 | rrnd(g, 2) << 31;
    uint32_t ai = aops[rrnd(g, sizeof aops / sizeof aops[0])] | rrnd(g, 8) << 4 | rrnd(g, 4) << 12 |
                  swz(g) << 14 | rrnd(g, 4) << 17 | rrnd(g, 4) << 19 | swz(g) << 21 | rrnd(g, 4) << 24 |
                  omod_a << 26 | rrnd(g, 4) << 29 | (uint32_t)(out && rrnd(g, 4) == 0) << 31;
    uint32_t rgba = rops[rrnd(g, sizeof rops / sizeof rops[0])] | rrnd(g, 8) << 4 | rrnd(g, 4) << 12 |
                    swz(g) << 14 | swz(g) << 17 | swz(g) << 20 | rrnd(g, 4) << 23 | rrnd(g, 4) << 25 |
                    swz(g) << 27 | rrnd(g, 4) << 30;
    if (rrnd(g, 8) == 0) ai |= 1u << 11;                                 /* ALPHA_ADDRD_REL */
    if (rrnd(g, 8) == 0) rgba |= 1u << 11;                               /* RGB_ADDRD_REL */
    w[0] = cmn; w[1] = ra; w[2] = aa; w[3] = ri; w[4] = ai; w[5] = rgba;
}

void us_stim_tex(rc_rng *g, uint32_t w[6])
{
    static const unsigned ops[] = { 1, 1, 1, 3, 4, 5, 6, 2, 0 };
    uint32_t cmn = cmn_common(g) | US_T_TEX | (rrnd(g, 4) ? 15u : rrnd(g, 16)) << 11;
    uint32_t ti = rrnd(g, 16) << 16 | ops[rrnd(g, sizeof ops / sizeof ops[0])] << 22 | rrnd(g, 2) << 25 |
                  rrnd(g, 2) << 26 | rrnd(g, 2) << 27;
    uint32_t ta = rrnd(g, 8) | rrnd(g, 256) << 8 | rrnd(g, 8) << 16 | (rrnd(g, 4) ? 0xE4u : rrnd(g, 256)) << 24;
    if (rrnd(g, 8) == 0) ta |= 1u << 7;                                  /* SRC_ADDR_REL */
    if (rrnd(g, 8) == 0) ta |= 1u << 23;                                 /* DST_ADDR_REL */
    if (rrnd(g, 8) == 0) {
        ta = (ta & ~0x7Fu) | rrnd(g, 128);
        ta = (ta & ~0x7F0000u) | rrnd(g, 128) << 16;
    }
    /* US_TEX_ADDR_DXDY: temporaries 0..7 mostly, any swizzle, REL one time in four each */
    uint32_t dd = rrnd(g, 4) ? (rrnd(g, 8) | rrnd(g, 256) << 8 | rrnd(g, 8) << 16 | rrnd(g, 256) << 24)
                            : rword(g) & 0x7F7F7F7Fu;
    if (rrnd(g, 4) == 0) dd |= 1u << 7;
    if (rrnd(g, 4) == 0) dd |= 1u << 23;
    w[0] = cmn; w[1] = ti; w[2] = ta; w[3] = rrnd(g, 3) ? dd : 0; w[4] = 0; w[5] = 0;
}

/* A forward JUMP to relative index j of the window: any op without FULL_FC_EN (they act as
 * JUMP), else JUMP, BREAKLOOP, BREAKREP or CONTINUE (the loop ops come from loop() only, so every
 * backward jump is an ENDLOOP/ENDREP and every program ends). */
static void fc(gen *g, unsigned j, unsigned base, int full, uint32_t w[6])
{
    static const unsigned fops[] = { 0, 0, 5, 6, 7 };
    uint32_t cmn = US_T_FC | (rnd(g, 3) ? 0 : (rnd(g, 6) << 3 | rnd(g, 2) << 6)) | rnd(g, 2) << 10;
    uint32_t op = full ? fops[rnd(g, 5)] : (rnd(g, 2) ? 0 : rnd(g, 8));
    uint32_t fi = op | rnd(g, 2) << 4 | rnd(g, 2) << 5 | (rnd(g, 2) ? 2u : 0) << 6 |
                  rnd(g, 256) << 8 | rnd(g, 4) << 16 | rnd(g, 4) << 24 | rnd(g, 4) << 26 | rnd(g, 2) << 28;
    unsigned global = rnd(g, 4) == 0;
    uint32_t fa = rnd(g, 32) | rnd(g, 32) << 8 | ((global ? base + j : j) & 511u) << 16 | (uint32_t)global << 31;
    w[0] = cmn; w[1] = 0; w[2] = fi; w[3] = fa; w[4] = 0; w[5] = 0;
}

/* The opening (LOOP/REP) or closing (ENDLOOP/ENDREP) instruction of a loop over relative indices
 * i+1..j (target: j + 1 or j for the opening as Mesa, i + 1 for the closing). */
static void loop_op(gen *g, unsigned op, unsigned tgt, unsigned ia, uint32_t w[6])
{
    uint32_t cmn = US_T_FC | (rnd(g, 4) ? 0 : (rnd(g, 6) << 3 | rnd(g, 2) << 6)) | 1u << 10;
    uint32_t func = (op == 1 || op == 3) ? (rnd(g, 4) ? 0x00u : rnd(g, 256)) : (rnd(g, 4) ? 0xFFu : rnd(g, 256));
    uint32_t fi = op | func << 8 | (uint32_t)((op == 2 || op == 4) ? rnd(g, 4) != 0 : rnd(g, 2)) << 5 |
                  (rnd(g, 4) ? 0 : rnd(g, 4) << 24 | rnd(g, 4) << 26 | rnd(g, 4) << 16) | rnd(g, 2) << 28;
    w[0] = cmn; w[1] = 0; w[2] = fi; w[3] = ia << 8 | (tgt & 511u) << 16; w[4] = 0; w[5] = 0;
}

/* Load a program of n instructions. */
static void program(gen *g)
{
    unsigned n = 1 + rnd(g, rnd(g, 4) ? 8 : 24);
    unsigned off = rnd(g, 4) ? 0 : rnd(g, 512), start = rnd(g, 3) ? 0 : rnd(g, 8);
    regw(g, US_CONFIG, rnd(g, 4) ? 2 : (rnd(g, 2) ? 0 : word(g)));
    if (rnd(g, 2))
        regw(g, US_PIXSIZE, rnd(g, 128));
    regw(g, US_CODE_OFFSET, off | (rnd(g, 8) ? 0 : word(g) & ~0x1FFu));
    regw(g, US_CODE_ADDR, start | (start + n - 1) << 16);
    regw(g, US_CODE_RANGE, start | (n - 1) << 16);
    if (rnd(g, 4) == 0)
        regw(g, US_OUT_FMT_0 + 4 * rnd(g, 4), word(g));
    for (unsigned t = 0; t < 4; t++)                                   /* formats drivers use, mostly */
        if (rnd(g, 3) == 0) {
            static const uint32_t f[] = { 0x1B00u, 0x3900u, 0xE400u, 0x0000u, 0x3915u, 0x1B05u, 0x1B12u,
                                          0x1B15u, 0x1B01u, 0x1B02u, 0x000F1B00u, 0x1B0Fu };
            uint32_t v = rnd(g, 2) ? f[rnd(g, 12)] : (0x1B00u | rnd(g, 32) | (rnd(g, 4) ? 0 : rnd(g, 16) << 16));
            regw(g, US_OUT_FMT_0 + 4 * t, rnd(g, 4) ? v : word(g));
        }
    if (rnd(g, 3) == 0)
        regw(g, US_W_FMT, rnd(g, 8));
    for (unsigned k = rnd(g, 3); k > 0; k--)                          /* texture sizes for DXDY */
        regw(g, US_FORMAT0_0 + 4 * rnd(g, 16), rnd(g, 4) ? (rnd(g, 2048) | rnd(g, 2048) << 11) : word(g));
    int full = rnd(g, 3) == 0;
    if (rnd(g, 2) || full)
        regw(g, US_FC_CTRL, (full ? 0x80000000u : 0) | (word(g) & 0x40000000u));
    if (full)
        for (unsigned k = 0; k < 4; k++)                               /* KR 0..4, KG, KB */
            regw(g, US_FC_INT_CONST_0 + 4 * k, rnd(g, 5) | rnd(g, 256) << 8 | rnd(g, 256) << 16 |
                                               (rnd(g, 4) ? 0 : word(g) & 0xFF000000u));
    /* one loop over relative li+1..lj (full, n >= 4) */
    unsigned li = ~0u, lj = ~0u, lop = 1 + 2 * rnd(g, 2);
    regw(g, US_GA_VECTOR_INDEX, (off + start) & 511u);
    int last_set = rnd(g, 2);
    if (full && n >= 4) {
        li = rnd(g, n - 3);
        lj = li + 1 + rnd(g, n - 2 - li);                               /* li < lj < n - 1 */
    }
    if (rnd(g, 2))
        regw(g, US_FC_BOOL_CONST, word(g));
    for (unsigned i = 0; i < n; i++) {
        uint32_t w[6];
        if (i == n - 1) {
            us_stim_alu(&g->s.rng, 1, w);
            if (last_set)
                w[0] |= 1u << 8;
        } else if (i == li) {
            loop_op(g, lop, start + lj + 1, rnd(g, 4), w);
        } else if (i == lj) {
            loop_op(g, lop + 1, start + li + 1, rnd(g, 4), w);
        } else if (rnd(g, 8) == 0) {
            /* start + j relative to OFFSET (or absolute with JUMP_GLOBAL) */
            fc(g, start + i + 1 + rnd(g, n - 1 - i), off, full, w);
        } else if (rnd(g, 5) == 0) {
            us_stim_tex(&g->s.rng, w);
        } else {
            us_stim_alu(&g->s.rng, rnd(g, 6) == 0, w);
            w[0] &= ~(1u << 8);
        }
        for (unsigned k = 0; k < 6; k++)
            regw(g, US_GA_VECTOR_DATA, w[k]);
    }
    unsigned nc = rnd(g, 6);
    for (unsigned k = 0; k < nc; k++) {
        regw(g, US_GA_VECTOR_INDEX, (rnd(g, 2) ? rnd(g, 8) : rnd(g, 256)) | 0x10000u |
                                    (rnd(g, 6) == 0 ? 0x20000u : 0));
        unsigned m = 1 + rnd(g, 4);
        for (unsigned j = 0; j < 4 * m; j++)
            regw(g, US_GA_VECTOR_DATA, us_stim_fval(&g->s.rng));
    }
    if (rnd(g, 16) == 0)
        regw(g, 0x4000u + 4 * rnd(g, 0x400), word(g));                 /* an address the US ignores */
}

/* One quad: its input beats, then its run simulated through the ISA (us_exec.c) exactly as the
 * block runs it, giving each texture request a response (with r5xx.tx's echoes) in order. */
static void quad(gen *g)
{
    unsigned nb = 1 + rnd(g, 3);
    unsigned cov = rnd(g, 4) ? 15 : rnd(g, 16);
    for (unsigned b = 0; b < nb; b++) {
        uint64_t v[12];
        v[0] = g->r.wcount;
        v[1] = rnd(g, 4) ? rnd(g, 8) : rnd(g, 128);
        v[2] = cov;
        v[3] = b == nb - 1;
        for (unsigned k = 0; k < 8; k++)
            v[4 + k] = (uint64_t)us_stim_fval(&g->s.rng) | (uint64_t)us_stim_fval(&g->s.rng) << 32;
        rc_stim_input(&g->s, R5XX_US_CH_QUAD, v);
        for (unsigned p = 0; p < 4; p++)
            for (unsigned c = 0; c < 4; c++)
                g->q.t[v[1]][p][c] = (uint32_t)(v[4 + 2 * p + c / 2] >> (32 * (c & 1)));
    }
    us_quad_start(&g->q, cov);
    unsigned pc = us_start_pc(&g->r);
    for (unsigned long steps = 0; steps < (1ul << 24); steps++) {     /* every program ends */
        const uint32_t *w = g->r.inst[pc];
        unsigned type = us_bits(w[0], 1, 0), next = (pc + 1) & 511u;
        if (type == US_T_ALU || type == US_T_OUT) {
            us_exec_alu(&g->r, pc, &g->q);
        } else if (type == US_T_FC) {
            next = us_exec_fc(&g->r, pc, &g->q);
        } else {
            if (us_bits(w[1], 24, 22) == 2)
                us_tex_kill(&g->r, pc, &g->q);
            unsigned m = us_tex_pixels(&g->r, pc, &g->q);
            for (unsigned p = 0; p < 4; p++)
                if ((m >> p) & 1) {
                    uint32_t t[4] = { us_stim_fval(&g->s.rng), us_stim_fval(&g->s.rng), us_stim_fval(&g->s.rng), us_stim_fval(&g->s.rng) };
                    uint64_t v[8] = { us_bits(w[1], 19, 16), p, t[0], t[1], t[2], t[3], rnd(g, 8) ? 0 : rnd(g, 16),
                                      ((t[0] ^ t[1]) & 15) == 0 };   /* chroma-key kill, ~1/16 (no draw) */
                    rc_stim_input(&g->s, R5XX_US_CH_TEXRSP, v);
                    us_tex_write(&g->r, pc, &g->q, p, t);
                    if (v[7])
                        g->q.kill |= (uint8_t)(1u << p);
                }
        }
        if (((w[0] >> 8) & 1) || pc == us_end_pc(&g->r))
            break;
        pc = next;
    }
}

int r5xx_us_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errn, "r5xx.us: out of memory");
        return -1;
    }
    if (rc_stim_begin(&g->s, v, "r5xx.us", seed, 0x55530000ull, count, 10000000, "quads", err, errn)) {
        free(g);
        return -1;
    }
    uint64_t done = 0;
    while (done < count && !g->s.fail) {
        program(g);
        unsigned nq = 1 + rnd(g, 40);
        for (unsigned k = 0; k < nq && done < count; k++, done++)
            quad(g);
    }
    int rc = rc_stim_end(&g->s, err, errn);
    free(g);
    return rc;
}

/* Aim a generated TEX instruction (us_stim.h) at texture unit 'unit' with its coordinates from
 * temporary 'src' (absolute: SRC_ADDR_REL cleared); every other field as generated. */
void us_stim_tex_at(uint32_t w[6], unsigned unit, unsigned src)
{
    w[1] = (w[1] & ~(0xFu << 16)) | (unit & 0xFu) << 16;
    w[2] = (w[2] & ~0xFFu) | (src & 0x7Fu);
}
