/*
 * pvs_stim.c - seeded random stimulus for r5xx.pvs: batches of (a random valid vertex program
 * with its constants and windows, loaded through either data port, then 1-8 vertices of random
 * input records).  --count is the number of vertices.
 *
 * Programs (docs/blocks/r5xx.pvs.md, "Random programs"): every executed vector opcode and both
 * macro opcodes; every source type, swizzle select (0-5, now and then the reserved 6/7),
 * negate, abs; absolute, A0-relative (any component) and loop-relative addressing; constant
 * addresses inside and outside [0, PVS_MAX_CONST_ADDR] and the base offset's wrap; every
 * destination type with random write masks and VE_SAT, now and then outside its memory; a
 * quarter of the instructions are math-engine ops 1-28 (ME_SAT now and then); the predication
 * and conditional opcodes, a sixth of the instructions predicated (either PRED_SENSE); and,
 * rarely, the refused forms (DUAL_MATH_OP, reserved opcodes and destination types).  One IVM, one CSM and one ATRM address per
 * instruction (001:5299-5305).  Code windows of 1-40 instructions anywhere in the 1024-entry
 * ring, wrapping 1023 -> 0; the loader's index write is now and then repeated mid-program or
 * aimed at the dropped areas and the clip slots.
 */
#include <stdio.h>
#include <string.h>

#include "pvs_isa.h"
#include "pvs_regs.h"
#include "pvs_stim.h"
#include "r5xx_pvs_ports.h"
#include "rc_stim.h"

typedef struct gen {
    rc_stim s;                 /* the stream, the vector, the epoch's cycle and writes */
    uint16_t vert;
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return rc_stim_rnd(&g->s, n); }
static uint32_t word(gen *g) { return rc_stim_word(&g->s); }

/* The value and instruction generators draw from the random stream alone (pvs_stim.h): shared. */
static uint32_t rrnd(rc_rng *r, uint32_t n) { return (uint32_t)rc_rng_below(r, n); }
static uint32_t rword(rc_rng *r) { return (uint32_t)rc_rng_next(r); }

static void regw(gen *g, uint32_t addr, uint32_t data)
{
    rc_stim_regw(&g->s, R5XX_PVS_CH_REGW, addr, data);   /* s.t stays 0: any cycle */
}

/* A float from a palette of special and ordinary values. */
uint32_t pvs_stim_fval(rc_rng *g)
{
    static const uint32_t pal[] = {
        0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x3F000000, 0xBF000000, 0x40000000,
        0x406CCCCD, 0x00000001, 0x807FFFFF, 0x00800000, 0x80800000, 0x7F800000, 0xFF800000,
        0x7FC00000, 0xFFC00000, 0x7F800001, 0x7F7FFFFF, 0xFF7FFFFF, 0x4B000000, 0xCB000001,
        0x3EFFFFFF, 0xBFC00000, 0x43800000, 0xC3808000, 0x437F8000, 0x33800000, 0x4F000000
    };
    switch (rrnd(g, 8)) {
    case 0: case 1:
        return pal[rrnd(g, sizeof pal / sizeof pal[0])];
    case 2: {                                   /* a small integer or half-integer, +-300 */
        int v = (int)rrnd(g, 1201) - 600;
        float f = (float)v / 2.0f;
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
    case 3:
        return rword(g);
    default:                                    /* exponent 120..135, either sign */
        return (rrnd(g, 2) << 31) | ((120u + rrnd(g, 16)) << 23) | (rword(g) & 0x7FFFFFu);
    }
}

typedef struct addrs {
    unsigned ia, ca, aa;            /* the instruction's one IVM, CSM, ATRM offset */
    unsigned im, cm, am;            /* and their address modes / selects (mode | sel << 2) */
} addrs;

static uint32_t mode_bits(unsigned m)
{
    return ((m & 1u) << 4) | (((m >> 1) & 1u) << 31) | (((m >> 2) & 3u) << 29);
}

static unsigned rand_mode(rc_rng *g)
{
    unsigned r = rrnd(g, 16);
    unsigned mode = r < 10 ? 0 : r < 14 ? 1 : r < 15 ? 2 : 3;
    return mode | (rrnd(g, 4) << 2);
}

static uint32_t source(rc_rng *g, const addrs *a)
{
    unsigned type = rrnd(g, 4), off, m;
    switch (type) {
    case 0: off = rrnd(g, 16) ? rrnd(g, 32) : rrnd(g, 256); m = rrnd(g, 6) ? 0 : rand_mode(g); break;
    case 1: off = a->ia; m = a->im; break;
    case 2: off = a->ca; m = a->cm; break;
    default: off = a->aa; m = a->am; break;
    }
    uint32_t s = type | (off << 5) | mode_bits(m);
    for (unsigned c = 0; c < 4; c++) {
        unsigned sw = rrnd(g, 3) ? c : rrnd(g, 32) ? rrnd(g, 6) : 6 + rrnd(g, 2);
        s |= sw << (13 + 3 * c);
    }
    if (rrnd(g, 4) == 0)
        s |= 1u << 3;                                       /* ABS_XYZW */
    if (rrnd(g, 3) == 0)
        s |= (rword(g) & 0xFu) << 25;                        /* NEGATE_X..W */
    if (rrnd(g, 32) == 0)
        s |= 1u << 2;                                       /* SPARE_0, ignored */
    return s;
}

void pvs_stim_instruction(rc_rng *g, unsigned nconst, uint32_t w[4])
{
    static const unsigned ops[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
                                    20, 21, 22, 23, 24, 25, 26, 27, 28 };
    addrs a;
    a.ia = rrnd(g, 8) ? rrnd(g, 16) : rrnd(g, 40);
    a.ca = rrnd(g, 6) ? rrnd(g, nconst + 1) : rrnd(g, 256);
    a.aa = rrnd(g, 8) ? rrnd(g, 20) : rrnd(g, 32);
    a.im = rrnd(g, 5) ? 0 : rand_mode(g);
    a.cm = rrnd(g, 4) ? 0 : rand_mode(g);
    a.am = rrnd(g, 5) ? 0 : rand_mode(g);

    unsigned op, r = rrnd(g, 200), flags = 0;
    if (r == 0)
        flags = 1u << 28;                                   /* DUAL_MATH_OP: refused */
    if (rrnd(g, 6) == 0)
        flags |= 1u << 26 | rrnd(g, 2) << 27;                /* a predicated write, either sense */
    if (r == 3)
        op = 29 + rrnd(g, 3);                                /* reserved */
    else if (r == 4)
        op = 32 + rrnd(g, 32);
    else if (r == 5)
        op = 0;                                             /* VECTOR_NO_OP */
    else if (r < 16) {
        flags |= 1u << 7;                                   /* macro: 0, 1, rarely reserved */
        op = rrnd(g, 10) ? rrnd(g, 2) : rrnd(g, 64);
    } else if (r < 70) {
        flags |= 1u << 6 | (rrnd(g, 4) == 0) << 25;         /* the math engine, now and then ME_SAT */
        op = rrnd(g, 16) ? 1 + rrnd(g, 28) : rrnd(g, 64);     /* rarely 0 and reserved */
    } else
        op = ops[rrnd(g, sizeof ops / sizeof ops[0])];

    unsigned dt, doff, r2 = rrnd(g, 100);
    if (r2 < 40) { dt = 0; doff = rrnd(g, 32); }
    else if (r2 < 62) { dt = 2; doff = rrnd(g, 8); }
    else if (r2 < 67) { dt = 3; doff = rrnd(g, 8); }
    else if (r2 < 80) { dt = 1; doff = rrnd(g, 128); }
    else if (r2 < 91) { dt = 4; doff = rrnd(g, 20); }
    else if (r2 < 97) { dt = 5; doff = rrnd(g, 32); }
    else if (r2 < 98) { dt = 6 + rrnd(g, 10); doff = rrnd(g, 128); }
    else { dt = rrnd(g, 6); doff = rrnd(g, 128); }         /* most likely outside its memory */
    unsigned dm = rrnd(g, 8) ? 0 : rand_mode(g);
    unsigned we = rrnd(g, 4) ? 0xF : rrnd(g, 16);
    w[0] = op | flags | (dt << 8) | (((dm >> 1) & 1u) << 12) | (doff << 13) | (we << 20) |
           ((rrnd(g, 4) == 0) << 24) | ((rrnd(g, 16) == 0) << 25) | ((rrnd(g, 8) == 0 ? 1u : 0u) << 27) |
           ((dm >> 2) & 3u) << 29 | (dm & 1u) << 31;
    for (unsigned k = 1; k < 4; k++)
        w[k] = source(g, &a);
}

/* Write n octwords starting at index idx through either data port. */
static void load(gen *g, unsigned idx, uint32_t (*oct)[4], unsigned n)
{
    int port128 = (int)rnd(g, 2);
    regw(g, PVS_VECTOR_INDX_REG, idx | (rnd(g, 8) == 0 ? word(g) & ~0x7FFu : 0));
    for (unsigned i = 0; i < n; i++) {
        for (unsigned k = 0; k < 4; k++)
            regw(g, port128 ? PVS_VECTOR_DATA_REG_128 : PVS_VECTOR_DATA_REG, oct[i][k]);
        idx = pvs_next_index(idx);
        if (rnd(g, 64) == 0) {                                  /* the index again, mid-stream */
            regw(g, PVS_VECTOR_INDX_REG, idx);
            port128 = (int)rnd(g, 2);
        }
    }
}

/* One flow-control slot k: opc, activation, jump/count, last, return (program offsets made
 * absolute with first), loop index init / step / repeat. */
static void fc_slot(gen *g, unsigned k, unsigned first, unsigned act, unsigned jc, unsigned last, unsigned rtn)
{
    regw(g, 0x2500u + 8 * k, ((first + act) & 1023u) | (jc << 16) | (rnd(g, 8) == 0 ? word(g) & 0xFC00FC00u : 0));
    regw(g, 0x2504u + 8 * k, ((first + last) & 1023u) | (((first + rtn) & 1023u) << 16));
    unsigned step = rnd(g, 4) ? (rnd(g, 7) - 3) & 0xFFu : rnd(g, 256);
    regw(g, 0x2290u + 4 * k, rnd(g, 3) ? rnd(g, 32) : rnd(g, 256) | step << 8 | (uint32_t)(rnd(g, 4) == 0) << 31);
}

/* Flow control for a program of len instructions whose main part is offsets 0..main-1: nested
 * loops, forward jumps inside one level, a subroutine at main..len-1 called from the main part,
 * now and then a backward jump (a runaway program, ended by the instruction cap). */
static void flow(gen *g, unsigned first, unsigned main, unsigned len)
{
    uint32_t opc = 0;
    unsigned slots[16], n = 0;
    for (unsigned k = 0; k < 16; k++)
        slots[k] = k;
    for (unsigned k = 15; k > 0; k--) {                 /* a random order of the slots */
        unsigned j = rnd(g, k + 1), t = slots[k];
        slots[k] = slots[j];
        slots[j] = t;
    }
    if (main >= 3 && rnd(g, 2)) {                       /* a loop a+1..e, maybe one inside it */
        unsigned a = rnd(g, main - 2), e = a + 1 + rnd(g, main - a - 1);
        unsigned k = slots[n++];
        opc |= 2u << (2 * k);
        fc_slot(g, k, first, a, rnd(g, 8) ? rnd(g, 5) : rnd(g, 256), e, a + 1);
        if (e > a + 2 && rnd(g, 2)) {
            unsigned a2 = a + 1 + rnd(g, e - a - 2), e2 = a2 + 1 + rnd(g, e - a2);
            if (e2 < e || rnd(g, 2)) {
                if (e2 == e)
                    e2 = e - 1 > a2 ? e - 1 : e2;
                if (e2 > a2 && e2 < e) {
                    k = slots[n++];
                    opc |= 2u << (2 * k);
                    fc_slot(g, k, first, a2, rnd(g, 4), e2, a2 + 1);
                }
            }
        }
    }
    if (main >= 3 && rnd(g, 3) == 0) {                  /* a forward jump outside any loop body */
        unsigned a = rnd(g, main - 2), t = a + 2 + rnd(g, main - a - 2);
        int inside = 0;
        for (unsigned i = 0; i < n; i++)
            inside = 1;                                 /* keep it simple: only without loops */
        if (!inside) {
            unsigned k = slots[n++];
            opc |= 1u << (2 * k);
            fc_slot(g, k, first, a, (first + t) & 1023u, 0, 0);
        }
    }
    if (len > main && main >= 2 && rnd(g, 2)) {         /* a subroutine main..len-1 */
        unsigned a = rnd(g, main - 1), k = slots[n++];
        opc |= 3u << (2 * k);
        fc_slot(g, k, first, a, (first + main) & 1023u, len - 1, a + 1);
    }
    if (rnd(g, 64) == 0) {                              /* a backward jump: runs to the cap */
        unsigned k = slots[n++];
        opc |= 1u << (2 * k);
        fc_slot(g, k, first, main - 1, first & 1023u, 0, 0);
    }
    for (unsigned i = n; i < 16; i++)                   /* unused slots: any addresses, OPC 0 */
        if (rnd(g, 16) == 0)
            fc_slot(g, slots[i], first, rnd(g, 64), rnd(g, 1024), rnd(g, 64), rnd(g, 64));
    regw(g, 0x22DCu, opc);
}

static void program(gen *g)
{
    uint32_t code[40][4], cst[32][4];
    unsigned len = rnd(g, 4) ? 1 + rnd(g, 16) : 1 + rnd(g, 40);
    unsigned first = rnd(g, 4) ? rnd(g, 1024) : 1024 - rnd(g, 8) - 1;
    unsigned base = rnd(g, 256), max = rnd(g, 3) ? rnd(g, 32) : rnd(g, 256);
    unsigned ncst = 1 + rnd(g, 32);

    for (unsigned i = 0; i < len; i++)
        pvs_stim_instruction(&g->s.rng, max, code[i]);
    for (unsigned i = 0; i < ncst; i++)
        for (unsigned k = 0; k < 4; k++)
            cst[i][k] = pvs_stim_fval(&g->s.rng);
    if (rnd(g, 6) == 0) {                                       /* writes the program never sees */
        static const unsigned far[] = { 1280, 1535, 1536, 1541, 1542, 1543, 1544, 2047 };
        uint32_t junk[3][4];
        for (unsigned i = 0; i < 3; i++)
            for (unsigned k = 0; k < 4; k++)
                junk[i][k] = word(g);
        load(g, far[rnd(g, 8)], junk, 1 + rnd(g, 3));
    }
    if (rnd(g, 16) == 0)                                       /* stray dwords, then an index write */
        for (unsigned i = 1 + rnd(g, 3); i > 0; i--)
            regw(g, rnd(g, 2) ? PVS_VECTOR_DATA_REG_128 : PVS_VECTOR_DATA_REG, word(g));
    load(g, first, code, len);
    load(g, 1024 + base, cst, ncst);
    if (rnd(g, 2))
        regw(g, PVS_STATE_FLUSH_REG, word(g));
    unsigned main = len;
    if (rnd(g, 3) == 0) {                                       /* flow control */
        main = len > 3 && rnd(g, 2) ? len - 1 - rnd(g, len / 3) : len;
        flow(g, first, main, len);
    } else if (rnd(g, 2)) {
        regw(g, 0x22DCu, 0);
    }
    regw(g, PVS_CODE_CNTL_0, first | (rnd(g, 1024) << 10) | (((first + main - 1) & 1023u) << 20) |
                                 (rnd(g, 8) == 0 ? word(g) & 0xC0000000u : 0));
    if (rnd(g, 2))
        regw(g, PVS_CODE_CNTL_1, rnd(g, 1024));
    regw(g, PVS_CONST_CNTL, base | (max << 16) | (rnd(g, 8) == 0 ? word(g) & 0xFF00FF00u : 0));
    uint32_t fmt0 = rnd(g, 4) ? (rnd(g, 32) << 1) | (rnd(g, 4) == 0 ? 1u << 16 : 0) | 1u : word(g);
    uint32_t fmt1 = 0;
    for (unsigned i = 0; i < 8; i++)
        if (rnd(g, 3) == 0)
            fmt1 |= (rnd(g, 8) == 0 ? 5 + rnd(g, 3) : 1 + rnd(g, 4)) << (3 * i);
    regw(g, PVS_VAP_OUT_VTX_FMT_0, fmt0);
    regw(g, PVS_VAP_OUT_VTX_FMT_1, fmt1);
    if (rnd(g, 4) == 0)
        regw(g, PVS_VAP_CNTL, word(g) & ~(1u << 17));
    if (rnd(g, 4) == 0) {                                      /* addresses the block ignores */
        static const uint32_t ign[] = { 0x20B4, 0x20B0, 0x2230, 0x22DC, 0x2500, 0x2290, 0x1000, 0x220C };
        regw(g, ign[rnd(g, 8)], word(g));
    }
}

static void vertex(gen *g, unsigned prim, int dlast)
{
    unsigned n = 1 + rnd(g, 6);
    for (unsigned i = 0; i < n; i++) {
        uint64_t v[9];
        v[0] = g->vert;
        v[1] = rnd(g, 3) ? rnd(g, 8) : rnd(g, 16);
        for (unsigned c = 0; c < 4; c++)
            v[2 + c] = pvs_stim_fval(&g->s.rng);
        v[6] = rnd(g, 4) ? 0xF : rnd(g, 16);
        v[7] = i + 1 == n;
        v[8] = i + 1 == n && dlast;
        uint64_t vals[10] = { v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], prim };
        rc_stim_input(&g->s, R5XX_PVS_CH_VIN, vals);
    }
    g->vert++;
}

int r5xx_pvs_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen g;
    memset(&g, 0, sizeof g);
    if (rc_stim_begin(&g.s, v, "r5xx.pvs", seed, 0x50565300ull, count, 10000000, "vertices", err, errn))
        return -1;
    uint64_t done = 0;
    while (done < count && !g.s.fail) {
        program(&g);
        unsigned nv = 1 + rnd(&g, 8), prim = 1 + rnd(&g, 15), walk = 1 + rnd(&g, 3);
        if (nv > count - done)
            nv = (unsigned)(count - done);
        switch (rnd(&g, 16)) {                                  /* triggers that start no draw */
        case 0: regw(&g, PVS_VAP_VF_CNTL, (rnd(&g, 2) ? walk << 4 : prim) | (nv << 16)); break;
        case 1: regw(&g, PVS_VAP_VF_CNTL, prim | walk << 4); break;
        case 2:
            regw(&g, PVS_VAP_CNTL, 1u << 17);
            regw(&g, PVS_VAP_VF_CNTL, prim | walk << 4 | (nv << 16));
            regw(&g, PVS_VAP_CNTL, 0);
            break;
        default: break;
        }
        if (rnd(&g, 4) == 0) {                                  /* the count in VAP_ALT_NUM_VERTICES */
            regw(&g, PVS_VAP_ALT_NUM_VERTICES, nv | (word(&g) & 0xFF000000u));
            regw(&g, PVS_VAP_VF_CNTL, prim | walk << 4 | 1u << 14 | (rnd(&g, 65536) << 16));
        } else {
            regw(&g, PVS_VAP_VF_CNTL, prim | walk << 4 | (rnd(&g, 2) ? word(&g) & 0xBFC0u : 0) | (nv << 16));
        }
        for (unsigned i = 0; i < nv; i++)
            vertex(&g, prim, i + 1 == nv);
        done += nv;
    }
    return rc_stim_end(&g.s, err, errn);
}

/* A generated instruction made one a driver's compiler could emit (pvs_stim.h): no DUAL_MATH_OP,
 * no reserved opcode (vector and math-engine ops 1..28, macro ops 0..1: the opcode folded into
 * range), destination a temporary, A0, an alternate temporary or output 1..nout (never the
 * position, output 0; outputs absolutely addressed), never the input memory or a reserved type. */
void pvs_stim_tame(uint32_t w[4], unsigned nout)
{
    uint32_t op = w[0] & 0x3Fu, dt = w[0] >> 8 & 0xFu, doff = w[0] >> 13 & 0x7Fu;
    w[0] &= ~(1u << 28);
    if (w[0] & (1u << 7))
        op &= 1u;
    else if (op == 0 || op > 28)
        op = 1 + op % 28;
    if (dt == PVS_DST_OUT || dt == PVS_DST_OUT_REPX) {
        dt = PVS_DST_OUT;
        doff = 1 + doff % nout;
        w[0] &= ~(1u << 12 | 7u << 29);
    } else if (dt != PVS_DST_TEMP && dt != PVS_DST_A0 && dt != PVS_DST_ATEMP) {
        dt = PVS_DST_TEMP;
        doff &= 31u;
    }
    w[0] = (w[0] & ~(0x3Fu | 0xFu << 8 | 0x7Fu << 13)) | op | dt << 8 | doff << 13;
}
