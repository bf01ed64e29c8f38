/*
 * cu_stim.c - seeded random stimulus for si.cu: dispatches of random valid programs (the random
 * instruction-stream generator of docs/blocks/si.cu.md, "Random programs").  Each dispatch
 * writes the COMPUTE_* registers and COMPUTE_DISPATCH_INITIATOR; its program is placed in
 * memory at its own 256-byte aligned address.  A program is a prologue that gives registers
 * per-lane values and builds two buffer descriptors, then a body of random instructions of
 * every built format (SALU with inline constants and literals, VALU in e32 and e64 forms with
 * abs/neg, VOPC and v_cmpx, EXEC changes through s_*_saveexec_b64 and s_mov_b64, forward
 * branches of every condition, SMRD loads, MUBUF loads and stores in offen/idxen/addr64 forms
 * with in- and out-of-range offsets), then s_endpgm; now and then an instruction that is not
 * built ends the wave early (err).  One dispatch in four also uses the instructions added after
 * the independent reference's last extension (body_new: MTBUF, transcendentals, readlane/
 * writelane, DS b8/b16/b64).  --count is the number of body instructions over all waves.
 *
 * Memory: programs from 0x00010000, data 16 KB at 0x00100000 (random, float specials among
 * it), stores go to 0x00200000 (16 KB).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu_isa.h"
#include "rc_rng.h"
#include "rc_vector.h"
#include "si_cu_ports.h"

#define PROG_BASE 0x00010000u
#define DATA_BASE 0x00100000u
#define DATA_WORDS 4096u
#define OUT_BASE 0x00200000u
#define MAXW 4096

typedef struct gen {
    rc_rng rng;
    rc_vector *v;
    int fail;
    uint32_t w[MAXW];          /* the program being built */
    unsigned n;
    unsigned br_at[256], br_to[256], nbr;   /* forward branches: dword index, target instruction */
    unsigned ipos[1024], ni;                /* instruction start dwords */
    int newi;                               /* this dispatch may use the newer instructions */
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return (uint32_t)rc_rng_below(&g->rng, n); }
static uint32_t word(gen *g) { return (uint32_t)rc_rng_next(&g->rng); }

static void emit(gen *g, uint32_t a) { if (g->n < MAXW) g->w[g->n++] = a; }
static void inst1(gen *g, uint32_t a) { g->ipos[g->ni++] = g->n; emit(g, a); }
static void inst2(gen *g, uint32_t a, uint32_t b) { g->ipos[g->ni++] = g->n; emit(g, a); emit(g, b); }

/* ---- encoders ------------------------------------------------------------------------------- */
static void sop2(gen *g, unsigned op, unsigned d, unsigned s0, unsigned s1, uint32_t lit)
{
    uint32_t a = 0x80000000u | (op << 23) | (d << 16) | (s1 << 8) | s0;
    if (s0 == 255 || s1 == 255) inst2(g, a, lit); else inst1(g, a);
}
static void sop1(gen *g, unsigned op, unsigned d, unsigned s0, uint32_t lit)
{
    uint32_t a = 0xBE800000u | (d << 16) | (op << 8) | s0;
    if (s0 == 255) inst2(g, a, lit); else inst1(g, a);
}
static void sopc(gen *g, unsigned op, unsigned s0, unsigned s1, uint32_t lit)
{
    uint32_t a = 0xBF000000u | (op << 16) | (s1 << 8) | s0;
    if (s0 == 255 || s1 == 255) inst2(g, a, lit); else inst1(g, a);
}
static void sopk(gen *g, unsigned op, unsigned d, unsigned k)
{
    inst1(g, 0xB0000000u | (op << 23) | (d << 16) | (k & 0xFFFF));
}
static void sopp(gen *g, unsigned op, unsigned k) { inst1(g, 0xBF800000u | (op << 16) | (k & 0xFFFF)); }
static void vop2(gen *g, unsigned op, unsigned vd, unsigned s0, unsigned vs1, uint32_t lit)
{
    uint32_t a = (op << 25) | (vd << 17) | (vs1 << 9) | s0;
    if (s0 == 255 || op == 32 || op == 33) inst2(g, a, lit); else inst1(g, a);
}
static void vop1(gen *g, unsigned op, unsigned vd, unsigned s0, uint32_t lit)
{
    uint32_t a = 0x7E000000u | (vd << 17) | (op << 9) | s0;
    if (s0 == 255) inst2(g, a, lit); else inst1(g, a);
}
static void vopc(gen *g, unsigned op, unsigned s0, unsigned vs1, uint32_t lit)
{
    uint32_t a = 0x7C000000u | (op << 17) | (vs1 << 9) | s0;
    if (s0 == 255) inst2(g, a, lit); else inst1(g, a);
}
static void vop3(gen *g, unsigned op, unsigned vd, unsigned absd, unsigned s0, unsigned s1,
                 unsigned s2, unsigned neg)
{
    inst2(g, 0xD0000000u | (op << 17) | (absd << 8) | vd,
          (neg << 29) | (s2 << 18) | (s1 << 9) | s0);
}
static void mubuf(gen *g, unsigned op, unsigned vdata, unsigned vaddr, unsigned srsrc4,
                  unsigned soff, unsigned off, unsigned offen, unsigned idxen, unsigned addr64)
{
    inst2(g, 0xE0000000u | (op << 18) | (addr64 << 15) | (idxen << 13) | (offen << 12) | (off & 0xFFF),
          (soff << 24) | ((srsrc4 / 4) << 16) | (vdata << 8) | vaddr);
}
static void mtbuf(gen *g, unsigned op, unsigned dfmt, unsigned nfmt, unsigned vdata, unsigned vaddr,
                  unsigned srsrc4, unsigned soff, unsigned off, unsigned offen, unsigned idxen, unsigned addr64)
{
    inst2(g, 0xE8000000u | (nfmt << 23) | (dfmt << 19) | (op << 16) | (addr64 << 15) | (idxen << 13) |
             (offen << 12) | (off & 0xFFF),
          (soff << 24) | ((srsrc4 / 4) << 16) | (vdata << 8) | vaddr);
}
static void smrd(gen *g, unsigned op, unsigned d, unsigned sbase2, unsigned imm, unsigned off)
{
    inst1(g, 0xC0000000u | (op << 22) | (d << 15) | ((sbase2 / 2) << 9) | (imm << 8) | off);
}

/* ---- operands ------------------------------------------------------------------------------- */
#define NS 24                 /* random SGPRs s0-s23; s24-s31 descriptors and pointers */
#define NV 16                 /* random VGPRs v0-v15; v16-v19 addresses */

static uint32_t fval(gen *g)
{
    static const uint32_t sp[] = { 0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x7F800000u,
                                   0xFF800000u, 0x7FC00000u, 0x00000001u, 0x807FFFFFu, 0x7F7FFFFFu,
                                   0x00800000u, 0x4B000000u, 0x4F000000u, 0xCF000000u, 0x3EFFFFFFu };
    switch (rnd(g, 4)) {
    case 0: return sp[rnd(g, 15)];
    case 1: return (word(g) & 0x807FFFFFu) | ((120u + rnd(g, 16)) << 23);
    default: return word(g);
    }
}

static uint32_t ival(gen *g)
{
    static const uint32_t sp[] = { 0, 1, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 31, 32, 0xFFFF, 0x10000 };
    return rnd(g, 3) == 0 ? sp[rnd(g, 9)] : rnd(g, 2) ? word(g) : rnd(g, 100);
}

/* A scalar source code: SGPR, VCC/EXEC/M0 halves, inline constant, SCC/VCCZ/EXECZ, literal. */
static unsigned ssrc(gen *g, int lit_ok)
{
    switch (rnd(g, 10)) {
    case 0: return 128 + rnd(g, 81);                       /* 0..64, -1..-16 */
    case 1: return 240 + rnd(g, 8);
    case 2: { static const unsigned c[] = { 106, 107, 124, 126, 127, 251, 252, 253 }; return c[rnd(g, 8)]; }
    case 3: case 4: return lit_ok ? 255 : rnd(g, NS);
    default: return rnd(g, NS);
    }
}
static unsigned ssrc64(gen *g)
{
    switch (rnd(g, 6)) {
    case 0: return 128 + rnd(g, 81);
    case 1: return 240 + rnd(g, 8);
    case 2: return rnd(g, 2) ? 106 : 126;
    default: return 2 * rnd(g, NS / 2);
    }
}
static unsigned sdst(gen *g) { unsigned r = rnd(g, 12); return r == 0 ? 106 + rnd(g, 2) : r == 1 ? 124 : rnd(g, NS); }
static unsigned sdst64(gen *g) { return rnd(g, 6) == 0 ? 106 : 2 * rnd(g, NS / 2); }
static unsigned vsrc(gen *g, int lit_ok) { return rnd(g, 3) ? 256 + rnd(g, NV) : ssrc(g, lit_ok); }
static unsigned vreg(gen *g) { return rnd(g, NV); }
/* destinations keep v0 (the thread id) intact */
static unsigned vdstr(gen *g) { return 1 + rnd(g, NV - 1); }

/* ---- the body ------------------------------------------------------------------------------- */
static const unsigned sop2_ops[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19, 20, 21,
                                     22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 38, 39, 40 };
static const unsigned sop1_ops[] = { 3, 4, 5, 6, 7, 8, 11, 15, 19, 21, 25, 26 };
static const unsigned vop2_ops[] = { 0, 3, 4, 5, 8, 9, 11, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
                                     27, 28, 29, 31, 32, 33, 37, 38, 39, 40, 41, 42 };
static const unsigned vop1_ops[] = { 0, 1, 5, 6, 7, 8, 55, 56 };
static const unsigned vop3_ops[] = { 321, 322, 323, 328, 329, 330, 353, 354, 355, 361, 362, 363, 364 };
static const unsigned vopc_grp[] = { 0, 1, 8, 9, 12, 13 };

#define N(a) (sizeof(a) / sizeof((a)[0]))

static uint32_t lit_for(gen *g) { return rnd(g, 2) ? fval(g) : ival(g); }

/* The instructions added after the independent reference was extended (docs/blocks/si.cu.md
 * "Random programs"): only in dispatches with g->newi. */
static void body_new(gen *g)
{
    unsigned kind = rnd(g, 4);
    if (kind == 1) {
        /* transcendentals, e32 or e64 with abs/neg */
        static const unsigned tops[] = { 37, 39, 42, 43, 46, 51, 53, 54 };
        unsigned op = tops[rnd(g, N(tops))];
        if (rnd(g, 3))
            vop1(g, op, vdstr(g), vsrc(g, 1), lit_for(g));
        else
            vop3(g, 384 + op, vdstr(g), rnd(g, 2), vsrc(g, 0), 0, 0, rnd(g, 2));
        return;
    }
    if (kind == 2) {
        /* v_readlane_b32 sdst, vN, lane / v_writelane_b32 vN, ssrc, lane (lane: SGPR, M0, inline) */
        unsigned lane = rnd(g, 2) ? 128 + rnd(g, 65) : rnd(g, 4) ? rnd(g, NS) : 124;
        unsigned bad = rnd(g, 8) == 0;             /* one in 8 fails a check (§4.3) */
        if (rnd(g, 2))
            vop2(g, 1, sdst(g), bad ? rnd(g, NS) : 256 + vreg(g), lane, 0);      /* SRC0 an SGPR */
        else
            vop2(g, 2, bad ? 32 + rnd(g, 200) : vdstr(g), ssrc(g, 1), lane, ival(g)); /* VDST >= 32 */
        return;
    }
    if (kind == 3) {
        /* DS b8/b16 writes, sub-dword reads, b64 (M0 and LDS_SIZE decide the range) */
        static const unsigned dops[] = { 30, 31, 57, 58, 59, 60, 77, 118 };
        unsigned op = dops[rnd(g, N(dops))];
        unsigned off = rnd(g, 4) ? rnd(g, 256) : word(g) & 0xFFFF;
        unsigned bad = (op == 77 || op == 118) && rnd(g, 4) == 0 ? 31 : 0;   /* b64: DATA0/VDST 31 fails */
        if (op == 30 || op == 31 || op == 77)
            inst2(g, 0xD8000000u | (op << 18) | off, ((bad ? bad : op == 77 ? rnd(g, NV - 1) : vreg(g)) << 8) | 16);
        else
            inst2(g, 0xD8000000u | (op << 18) | off, ((bad ? bad : op == 118 ? 1 + rnd(g, NV - 2) : vdstr(g)) << 24) | 16);
        return;
    }
    /* MTBUF: a built DATA_FORMAT (1 in 16: any 0-15) and NUM_FORMAT, the MUBUF address forms */
    static const unsigned dfs[] = { 1, 2, 3, 4, 5, 10, 11, 12, 13, 14 };
    unsigned op = rnd(g, 8), st = op >= 4, nop = (op & 3) + 1;
    unsigned dfmt = rnd(g, 16) ? dfs[rnd(g, N(dfs))] : rnd(g, 16), nfmt = rnd(g, 8), nc, w;
    if (rnd(g, 16) && !cu_tbuf_fmt(dfmt, nfmt, (int)st, &nc, &w)) {
        static const unsigned ok_st[] = { 4, 5 }, ok_ld[] = { 0, 1, 2, 3, 4, 5 };
        cu_tbuf_fmt(dfmt, 4, 0, &nc, &w);
        nfmt = w == 32 ? (rnd(g, 2) ? 7 : 4 + rnd(g, 2)) : st ? ok_st[rnd(g, 2)] : ok_ld[rnd(g, 6)];
    }
    unsigned vd = st ? rnd(g, NV + 4 - nop + 1) : 1 + rnd(g, NV - nop);
    unsigned srsrc = st ? 20 : 24, soff = rnd(g, 2) ? 128 : 128 + rnd(g, 16), form = rnd(g, 4);
    unsigned off = rnd(g, 4) ? rnd(g, 64) * 4 : rnd(g, 4096);
    if (form == 0)
        mtbuf(g, op, dfmt, nfmt, vd, 16, srsrc, soff, off, 1, 0, 0);
    else if (form == 1)
        mtbuf(g, op, dfmt, nfmt, vd, 18, srsrc, soff, off & 0x3F, 0, 1, 0);
    else if (form == 2)
        mtbuf(g, op, dfmt, nfmt, vd, 18, srsrc, soff, off & 0x3F, 1, 1, 0);
    else
        mtbuf(g, op, dfmt, nfmt, vd, 16, srsrc, soff, off, 0, 0, 1);
}

static void body_one(gen *g)
{
    if (g->newi && rnd(g, 4) == 0) {
        body_new(g);
        return;
    }
    unsigned k = rnd(g, 100);
    if (k < 14) {
        unsigned op = sop2_ops[rnd(g, N(sop2_ops))];
        unsigned w = cu_salu_srcs(CU_F_SOP2, op);
        if (w & 4)
            sop2(g, op, sdst64(g), ssrc64(g), (w & 8) ? ssrc64(g) : ssrc(g, 0), 0);
        else
            sop2(g, op, sdst(g), ssrc(g, 1), ssrc(g, 1), ival(g));
    } else if (k < 20) {
        unsigned op = sop1_ops[rnd(g, N(sop1_ops))];
        if (cu_salu_srcs(CU_F_SOP1, op) & 4)
            sop1(g, op, sdst64(g), ssrc64(g), 0);
        else
            sop1(g, op, sdst(g), ssrc(g, 1), ival(g));
    } else if (k < 24) {
        sopc(g, rnd(g, 14), ssrc(g, 1), ssrc(g, 1), ival(g));
    } else if (k < 28) {
        static const unsigned ops[] = { 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
        sopk(g, ops[rnd(g, N(ops))], sdst(g), word(g));
    } else if (k < 50) {
        unsigned op = vop2_ops[rnd(g, N(vop2_ops))];
        vop2(g, op, vdstr(g), vsrc(g, op != 32 && op != 33), vreg(g), lit_for(g));
    } else if (k < 56) {
        unsigned op = vop1_ops[rnd(g, N(vop1_ops))];
        vop1(g, op, vdstr(g), vsrc(g, 1), lit_for(g));
    } else if (k < 64) {
        unsigned grp = vopc_grp[rnd(g, N(vopc_grp))], lo = rnd(g, grp <= 1 ? 16 : 8);
        if (grp & 1 && rnd(g, 2))     /* v_cmpx less often: it narrows EXEC */
            grp--;
        vopc(g, grp * 16 + lo, vsrc(g, 1), vreg(g), lit_for(g));
    } else if (k < 76) {
        /* VOP3: a VOP3-only op, or a VOP2/VOP1/VOPC op in its e64 form */
        unsigned which = rnd(g, 4), op, at;
        if (which == 0) {
            unsigned grp = vopc_grp[rnd(g, N(vopc_grp))] & ~1u;
            op = grp * 16 + rnd(g, grp <= 1 ? 16 : 8);
            at = cu_vop_attr(op);
            vop3(g, op, sdst64(g), (at & CU_A_FLT) ? rnd(g, 4) : 0, vsrc(g, 0), vsrc(g, 0), 0,
                 (at & CU_A_FLT) ? rnd(g, 4) : 0);
            return;
        }
        if (which == 1) {
            do op = 256 + vop2_ops[rnd(g, N(vop2_ops))]; while (op == 288 || op == 289);
        } else if (which == 2) {
            op = 384 + vop1_ops[rnd(g, N(vop1_ops))];
        } else {
            op = vop3_ops[rnd(g, N(vop3_ops))];
        }
        at = cu_vop_attr(op);
        unsigned s0 = (at & CU_A_S064) ? (rnd(g, 3) ? 256 + 2 * rnd(g, NV / 2) : ssrc64(g)) : vsrc(g, 0);
        unsigned s2 = (at & CU_A_MSK) ? ssrc64(g) : vsrc(g, 0);
        unsigned vd = (at & CU_A_D64) ? 2 * (1 + rnd(g, NV / 2 - 1)) : vdstr(g);
        unsigned fl = (at & CU_A_FLT) ? 1 : 0;
        unsigned absd = (at & CU_A_CO) ? sdst64(g) : fl ? rnd(g, 8) : 0;
        vop3(g, op, vd, absd, s0, vsrc(g, 0), s2, fl ? rnd(g, 8) : 0);
    } else if (k < 82) {
        /* EXEC: a compare and a saveexec, or a restore */
        switch (rnd(g, 4)) {
        case 0: sop1(g, 36 + rnd(g, 4), 2 * rnd(g, NS / 2), 106, 0); break;
        case 1: sop1(g, 4, 126, 193, 0); break;                       /* exec = -1: all lanes */
        case 2: sop1(g, 36 + rnd(g, 4), 2 * rnd(g, NS / 2), ssrc64(g), 0); break;
        default: sop2(g, 17, 126, 126, 2 * rnd(g, NS / 2), 0); break; /* s_or_b64 exec */
        }
    } else if (k < 87) {
        /* a forward branch over 0-3 instructions */
        static const unsigned ops[] = { 2, 4, 5, 6, 7, 8, 9 };
        g->br_at[g->nbr] = g->n;
        g->br_to[g->nbr] = g->ni + 1 + rnd(g, 4);
        if (g->nbr < 255) g->nbr++;
        sopp(g, ops[rnd(g, N(ops))], 0);
    } else if (k < 90) {
        /* SMRD: from the data pointer s[28:29], or the data V# s[24:27] */
        unsigned op = rnd(g, 2) ? rnd(g, 4) : 8 + rnd(g, 3), cnt = 1u << (op & 7);
        unsigned d = rnd(g, NS - cnt + 1) & ~(cnt > 1 ? 1u : 0u);
        if (rnd(g, 3))
            smrd(g, op, d, op >= 8 ? 24 : 28, 1, rnd(g, 256));
        else
            smrd(g, op, d, op >= 8 ? 24 : 28, 0, 30);             /* s30: an SGPR byte offset */
    } else if (k < 97) {
        /* MUBUF: vdata random, addresses prepared in v16-v19 by the prologue */
        unsigned st = rnd(g, 3) == 0, op = st ? 28 : 12, form = rnd(g, 4);
        unsigned srsrc = st ? 20 : 24;
        unsigned soff = rnd(g, 2) ? 128 : 128 + rnd(g, 16);
        if (form == 0)
            mubuf(g, op, vdstr(g), 16, srsrc, soff, rnd(g, 64) * 4, 1, 0, 0);       /* offen */
        else if (form == 1)
            mubuf(g, op, vdstr(g), 18, srsrc, soff, rnd(g, 16) * 4, 0, 1, 0);      /* idxen */
        else if (form == 2)
            mubuf(g, op, vdstr(g), 18, srsrc, soff, 4 * rnd(g, 4), 1, 1, 0);       /* idxen offen */
        else
            mubuf(g, op, vdstr(g), 16, st ? 20 : 24, soff, rnd(g, 16) * 4, 0, 0, 1); /* addr64 */
    } else if (k < 98) {
        /* DS: a write or read of the LDS at v16 (+ offset), M0 and LDS_SIZE decide the range */
        unsigned off = rnd(g, 4) ? 4 * rnd(g, 64) : word(g) & 0xFFFF;
        if (rnd(g, 2))
            inst2(g, 0xD8000000u | (13u << 18) | off, (vreg(g) << 8) | 16);
        else
            inst2(g, 0xD8000000u | (54u << 18) | off, (vdstr(g) << 24) | 16);
    } else if (k < 99) {
        sopp(g, 10, 0);                             /* s_barrier */
    } else {
        sopp(g, rnd(g, 2) ? 0 : 12, rnd(g, 16));   /* s_nop / s_waitcnt */
    }
}

/* Something that is not built: the wave ends with err. */
static void unbuilt(gen *g)
{
    switch (rnd(g, 4)) {
    case 0: inst2(g, 0xD8000000u | (12u << 18), 0); break;              /* ds_write_b32 ... gds/other DS op: ds_max? op 12 */
    case 1: vop2(g, 6, 1, 256 + 1, 0, 0); break;                        /* v_mac_legacy_f32 */
    case 2: sop1(g, 3, 104, 128, 0); break;                             /* s_mov_b32 to 104 */
    default: vop1(g, 1, 40, 256 + 1, 0); break;                         /* v40: not there */
    }
}

/* The prologue: per-lane values and the descriptors.
 *   s[20:23]  output V#: base OUT_BASE, stride 4, num_records 1024 or less
 *   s[24:27]  data V#: base DATA_BASE, stride 0 or 4, num_records random (range checks)
 *   s[28:29]  data pointer, s30 a small byte offset
 *   v16 = (tid*4 or tid*k) & 0xFFC, v17 = 0, v18 = tid + small, v19 = v16   */
static void prologue(gen *g)
{
    sop1(g, 3, 20, 255, OUT_BASE);
    sop1(g, 3, 21, 255, 4u << 16);
    sop1(g, 3, 22, 255, rnd(g, 2) ? 1024 : 64 + rnd(g, 1024));
    sop1(g, 3, 23, 128, 0);
    sop1(g, 3, 24, 255, DATA_BASE);
    sop1(g, 3, 25, 255, rnd(g, 2) ? 0 : 4u << 16);
    sop1(g, 3, 26, 255, rnd(g, 2) ? DATA_WORDS * 4 : rnd(g, DATA_WORDS * 4));
    sop1(g, 3, 27, 128, 0);
    sop1(g, 3, 28, 255, DATA_BASE);
    sop1(g, 3, 29, 128, 0);
    sop1(g, 3, 30, 255, 4 * rnd(g, 64));
    sop1(g, 3, 124, rnd(g, 4) ? 193 : 255, 256 * rnd(g, 64));     /* M0: -1, or an LDS limit */
    vop2(g, 26, 16, 128 + 2 + rnd(g, 3), 256 + 0, 0);          /* v_lshlrev_b32 v16, 2..4, v0 */
    vop2(g, 27, 16, 255, 16, 0xFFC);                          /* v_and_b32 v16, 0xffc, v16 */
    vop1(g, 1, 17, 128, 0);                                   /* v_mov_b32 v17, 0 */
    vop2(g, 37, 18, 128 + rnd(g, 8), 256 + 0, 0);             /* v_add_i32 v18, vcc, k, v0 */
    vop2(g, 27, 18, 255, 18, 0x3FF);
    vop1(g, 1, 19, 256 + 16, 0);
    for (unsigned r = 1; r < NV; r++) {
        unsigned f = rnd(g, 3);
        if (f == 0)
            vop1(g, 1, r, 255, fval(g));
        else if (f == 1)
            vop2(g, 11, r, 255, 0, ival(g));                  /* v_mul_u32_u24 vr, lit, v0 */
        else
            vop2(g, 29, r, 255, 0, ival(g));                  /* v_xor_b32 vr, lit, v0 */
    }
}

static int put_mem(gen *g, uint32_t addr, const uint32_t *w, size_t n)
{
    if (rc_vector_add_mem(g->v, addr, w, n))
        g->fail = 1;
    return g->fail;
}

static void regw(gen *g, uint32_t a, uint32_t d)
{
    uint64_t v[2] = { a, d };
    if (rc_vector_add_input(g->v, SI_CU_CH_REGW, 0, v))
        g->fail = 1;
}

int si_cu_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn)
{
    gen *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errn, "si.cu: out of memory");
        return -1;
    }
    g->rng = rc_rng_make(seed, 0x43550000ull);
    g->v = v;
    if (count == 0 || count > 10000000) {
        snprintf(err, errn, "si.cu: --count must be 1..10000000 body instructions");
        free(g);
        return -1;
    }
    uint32_t *data = malloc(DATA_WORDS * 4);
    if (!data) {
        free(g);
        snprintf(err, errn, "si.cu: out of memory");
        return -1;
    }
    for (unsigned i = 0; i < DATA_WORDS; i++)
        data[i] = rnd(g, 2) ? fval(g) : ival(g);
    put_mem(g, DATA_BASE, data, DATA_WORDS);
    free(data);

    uint64_t done = 0;
    uint32_t prog = PROG_BASE;
    while (done < count && !g->fail) {
        g->n = 0;
        g->ni = 0;
        g->nbr = 0;
        g->newi = rnd(g, 4) == 0;
        prologue(g);
        unsigned len = 8 + rnd(g, 56);
        for (unsigned i = 0; i < len; i++)
            body_one(g);
        if (rnd(g, 6) == 0)
            unbuilt(g);
        unsigned end = g->ni;
        sopp(g, 1, 0);                                     /* s_endpgm */
        /* branch offsets: PC = PC + 4 + simm16*4, targets clamped to the s_endpgm */
        for (unsigned b = 0; b < g->nbr; b++) {
            unsigned t = g->br_to[b] > end ? end : g->br_to[b];
            g->w[g->br_at[b]] |= (g->ipos[t] - g->br_at[b] - 1) & 0xFFFF;
        }
        put_mem(g, prog, g->w, g->n);

        /* the dispatch: group size, groups, registers */
        uint32_t ntx = 1 + rnd(g, rnd(g, 2) ? 64 : 130), nty = rnd(g, 4) ? 1 : 1 + rnd(g, 3), ntz = rnd(g, 6) ? 1 : 2;
        if (ntx * nty * ntz > 64 * CU_NSLOT)      /* at most CU_NSLOT waves in a group */
            nty = ntz = 1;
        uint32_t gx = 1 + rnd(g, 2), gy = rnd(g, 4) ? 1 : 2, gz = 1;
        uint32_t sx = rnd(g, 8) == 0 ? 1 : 0;
        uint64_t waves = (uint64_t)((ntx * nty * ntz + 63) / 64) * (gx - (sx < gx ? sx : gx)) * gy * gz;
        for (unsigned i = 0; i < 16; i++)
            if (rnd(g, 2))
                regw(g, 0xB900 + 4 * i, ival(g));
        regw(g, 0xB830, prog >> 8);
        regw(g, 0xB834, 0);
        regw(g, 0xB848, (rnd(g, 2) ? 0xC0u : rnd(g, 4) << 4) << 12);    /* FLOAT_MODE: f32 denormal modes */
        regw(g, 0xB84C, (rnd(g, 17) << 1) | (rnd(g, 2) << 7) | (rnd(g, 2) << 8) | (rnd(g, 2) << 9) |
                        (rnd(g, 3) << 11) | (rnd(g, 33) << 15));          /* LDS_SIZE 0-32 x 512 B */
        regw(g, 0xB81C, ntx);
        regw(g, 0xB820, nty);
        regw(g, 0xB824, ntz);
        regw(g, 0xB804, gx);
        regw(g, 0xB808, gy);
        regw(g, 0xB80C, gz);
        regw(g, 0xB810, sx);
        regw(g, 0xB814, 0);
        regw(g, 0xB818, 0);
        if (rnd(g, 10) == 0)
            regw(g, 0xB800, 0);                            /* no COMPUTE_SHADER_EN: nothing */
        regw(g, 0xB800, 1);
        done += (waves ? waves : 1) * len;
        prog += (g->n * 4 + 255) & ~255u;
    }
    int bad = g->fail;
    free(g);
    if (bad) {
        snprintf(err, errn, "si.cu: out of memory");
        return -1;
    }
    return 0;
}
