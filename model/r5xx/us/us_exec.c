/*
 * us_exec.c - one r5xx.us instruction executed on a 2x2 quad (docs/blocks/r5xx.us.md, "ISA"):
 * the ALU pair (sources, pre-subtract, swizzles, modifiers, the RGB and alpha ops, OMOD, clamp,
 * write/output masks, predicates, W), and the TEX instruction's coordinates, writes and kill.
 * All float arithmetic is the shared sf datapath (model/prim/sf.h, docs/float.md).
 */
#include "sf.h"
#include <string.h>

#include "us_isa.h"

#define F_HALF 0x3F000000u
#define F_TWO  0x40000000u

/* The 7-bit inline constant: exponent [6:3] bias 7, mantissa [2:0], exponent 0 denormal
 * (000:12160-12169; decision 5). */
uint32_t us_inline_float(unsigned c)
{
    unsigned e = (c >> 3) & 15, m = c & 7;
    if (e)
        return ((e + 120u) << 23) | (m << 20);
    if (m == 0)
        return 0;
    unsigned k = m >= 4 ? 2 : m >= 2 ? 1 : 0;          /* m * 2^-9, normalised */
    return ((118u + k) << 23) | ((m & ((1u << k) - 1)) << (23 - k));
}

/* Source i (0..2) of an address word (RGB_ADDR or ALPHA_ADDR) for pixel p, as r g b a. */
static void fetch(const us_regs *r, const us_quad *q, uint32_t aw, unsigned i, unsigned p, uint32_t v[4])
{
    unsigned a = us_bits(aw, 10 * i + 7, 10 * i), cst = (aw >> (10 * i + 8)) & 1;
    unsigned rel = (aw >> (10 * i + 9)) & 1;
    if (rel && cst)                                           /* REL: + aL, mod 256 / mod 128 */
        a = (a + us_al(q)) & 0xFFu;
    else if (rel && !(a & 0x80))
        a = (a + us_al(q)) & 0x7Fu;
    if (cst) {
        for (unsigned c = 0; c < 4; c++)
            v[c] = r->cst[a][c];
    } else if (a & 0x80) {
        uint32_t f = us_inline_float(a & 0x7F);
        v[0] = v[1] = v[2] = v[3] = f;
    } else {
        for (unsigned c = 0; c < 4; c++)
            v[c] = q->t[a][p][c];
    }
}

static uint32_t neg(uint32_t x) { return x ^ SF_SIGN; }

/* SRCP_OP: 0 1-2*s0, 1 s1-s0, 2 s1+s0, 3 1-s0 (000:12247-12254). */
static uint32_t presub(unsigned op, uint32_t s0, uint32_t s1)
{
    switch (op) {
    case 0: return sf_add(SF_ONE, neg(sf_mul(F_TWO, s0)));
    case 1: return sf_add(s1, neg(s0));
    case 2: return sf_add(s1, s0);
    default: return sf_add(SF_ONE, neg(s0));
    }
}

static uint32_t swz(const uint32_t v[4], unsigned s)
{
    switch (s) {
    case 0: case 1: case 2: case 3: return v[s];
    case 5: return F_HALF;
    case 6: return SF_ONE;
    default: return 0;                                  /* 4 zero, 7 unused: zero (decision 7) */
    }
}

static uint32_t mod(uint32_t x, unsigned m)
{
    switch (m) {
    case 1: return x ^ SF_SIGN;
    case 2: return x & ~SF_SIGN;
    case 3: return x | SF_SIGN;
    default: return x;
    }
}

/* OMOD then clamp (OMOD 7: neither). */
static uint32_t outmod(uint32_t x, unsigned omod, unsigned clamp)
{
    static const uint32_t k[7] = { 0x3F800000u, 0x40000000u, 0x40800000u, 0x41000000u,
                                   0x3F000000u, 0x3E800000u, 0x3E000000u };
    if (omod == 7)
        return x;
    x = sf_mul(x, k[omod]);
    return clamp ? sf_min(sf_max(x, 0), SF_ONE) : x;
}

/* The predicate compare against zero: 0 ==, 1 <, 2 >=, 3 != (000:12114-12145). */
static unsigned pcmp(uint32_t x, unsigned op)
{
    switch (op) {
    case 0: return sf_cmp_eq(x, 0);
    case 1: return sf_cmp_lt(x, 0);
    case 2: return sf_cmp_le(0, x);
    default: return !sf_cmp_eq(x, 0);
    }
}

/* The predicate gate of channel c (0..2 RGB, 3 alpha) of pixel p. */
static unsigned pgate(uint32_t cmn, const us_quad *q, unsigned p, unsigned c)
{
    unsigned sel = c < 3 ? us_bits(cmn, 5, 3) : us_bits(cmn, 27, 25);
    unsigned inv = c < 3 ? (cmn >> 6) & 1 : (cmn >> 22) & 1;
    unsigned ch;
    switch (sel) {
    case 0: return 1;
    case 1: ch = c; break;
    case 2: case 3: case 4: case 5: ch = sel - 2; break;
    default: return 1;                                  /* 6, 7: as none (decision 9) */
    }
    return ((q->pred[p] >> ch) & 1) ^ inv;
}

void us_exec_alu(const us_regs *r, unsigned pc, us_quad *q)
{
    const uint32_t *w = r->inst[pc];
    uint32_t cmn = w[US_CMN], ra = w[US_W1], aa = w[US_W2], ri = w[US_W3], ai = w[US_W4], rgba = w[US_W5];
    unsigned zmode = (r->config >> 1) & 1;
    unsigned rop = us_bits(rgba, 3, 0), aop = us_bits(ai, 3, 0);
    uint32_t rres[4][3], ares[4];

    /* src0 of pixels 0 (top left), 1 (top right), 2 (bottom left) for MDH/MDV */
    uint32_t r0[3][4], a0[3][4];
    for (unsigned p = 0; p < 3; p++) {
        fetch(r, q, ra, 0, p, r0[p]);
        fetch(r, q, aa, 0, p, a0[p]);
    }

    for (unsigned p = 0; p < 4; p++) {
        uint32_t rs[4][4], as[4][4];                        /* src0, src1, src2, srcp */
        for (unsigned i = 0; i < 3; i++) {
            fetch(r, q, ra, i, p, rs[i]);
            fetch(r, q, aa, i, p, as[i]);
        }
        for (unsigned c = 0; c < 4; c++) {
            rs[3][c] = presub(us_bits(ra, 31, 30), rs[0][c], rs[1][c]);
            as[3][c] = presub(us_bits(aa, 31, 30), as[0][c], as[1][c]);
        }
        /* RGB operands A B C */
        uint32_t A[3], B[3], C[3];
        unsigned sa = us_bits(ri, 1, 0), sb = us_bits(ri, 14, 13), sc = us_bits(rgba, 13, 12);
        for (unsigned c = 0; c < 3; c++) {
            A[c] = mod(swz(rs[sa], us_bits(ri, 4 + 3 * c, 2 + 3 * c)), us_bits(ri, 12, 11));
            B[c] = mod(swz(rs[sb], us_bits(ri, 17 + 3 * c, 15 + 3 * c)), us_bits(ri, 25, 24));
            C[c] = mod(swz(rs[sc], us_bits(rgba, 16 + 3 * c, 14 + 3 * c)), us_bits(rgba, 24, 23));
        }
        /* alpha operands */
        uint32_t aA = mod(swz(as[us_bits(ai, 13, 12)], us_bits(ai, 16, 14)), us_bits(ai, 18, 17));
        uint32_t aB = mod(swz(as[us_bits(ai, 20, 19)], us_bits(ai, 23, 21)), us_bits(ai, 25, 24));
        uint32_t aC = mod(swz(as[us_bits(rgba, 26, 25)], us_bits(rgba, 29, 27)), us_bits(rgba, 31, 30));
        /* MDH/MDV: the unit's A is the top-left pixel's src0, its C the top-right (MDH) or
         * bottom-left (MDV) pixel's src0, modifiers kept, select and swizzle ignored; the
         * products of the dot-product unit take the replaced A too (decision 8) */
        if (rop == 11 || rop == 12)
            for (unsigned c = 0; c < 3; c++) {
                A[c] = mod(r0[0][c], us_bits(ri, 12, 11));
                C[c] = mod(r0[rop == 11 ? 1 : 2][c], us_bits(rgba, 24, 23));
            }
        uint32_t aAm = aA, aCm = aC;
        if (aop == 14 || aop == 15) {
            aAm = mod(a0[0][3], us_bits(ai, 18, 17));
            aCm = mod(a0[aop == 14 ? 1 : 2][3], us_bits(rgba, 31, 30));
        }

        /* the dot-product unit (RGB A.B plus the alpha pair as the fourth term) */
        uint32_t t[4];
        for (unsigned c = 0; c < 3; c++)
            t[c] = sf_mul_m(A[c], B[c], zmode);
        t[3] = sf_mul_m(aAm, aB, zmode);
        uint32_t s01 = sf_add(t[0], t[1]);
        uint32_t dp3 = sf_add(s01, t[2]), dp4 = sf_add(s01, sf_add(t[2], t[3])), d2a = sf_add(s01, C[2]);
        uint32_t dpv = rop == 1 ? dp3 : rop == 3 ? d2a : dp4;

        /* the alpha unit (raw result, before OMOD and clamp) */
        uint32_t av;
        switch (aop) {
        case 0: case 14: case 15: av = sf_add(t[3], aCm); break;
        case 1: av = dpv; break;
        case 2: av = sf_min(aA, aB); break;
        case 3: av = sf_max(aA, aB); break;
        case 5: av = sf_cmp_lt(F_HALF, aC) ? aA : aB; break;
        case 6: av = sf_cmp_le(0, aC) ? aA : aB; break;
        case 7: av = sf_frc(aA); break;
        case 8: av = sf_ex2(aA); break;
        case 9: av = sf_lg2(aA); break;
        case 10: av = sf_rcp(aA); break;
        case 11: av = sf_rsq(aA); break;
        case 12: av = sf_sin(aA); break;
        case 13: av = sf_cos(aA); break;
        default: av = 0; break;                              /* 4 reserved */
        }

        /* the RGB unit */
        for (unsigned c = 0; c < 3; c++) {
            uint32_t v;
            switch (rop) {
            case 0: case 11: case 12: v = sf_add(t[c], C[c]); break;
            case 1: v = dp3; break;
            case 2: v = dp4; break;
            case 3: v = d2a; break;
            case 4: v = sf_min(A[c], B[c]); break;
            case 5: v = sf_max(A[c], B[c]); break;
            case 7: v = sf_cmp_lt(F_HALF, C[c]) ? A[c] : B[c]; break;
            case 8: v = sf_cmp_le(0, C[c]) ? A[c] : B[c]; break;
            case 9: v = sf_frc(A[c]); break;
            case 10: v = av; break;
            default: v = 0; break;                          /* 6, 13-15 reserved */
            }
            rres[p][c] = outmod(v, us_bits(ri, 28, 26), (cmn >> 19) & 1);
        }
        ares[p] = outmod(av, us_bits(ai, 28, 26), (cmn >> 20) & 1);
    }

    /* writes, after every read */
    unsigned type = us_bits(cmn, 1, 0);
    unsigned rwm = us_bits(cmn, 13, 11), awm = (cmn >> 14) & 1;
    unsigned rom = us_bits(cmn, 17, 15), aom = (cmn >> 18) & 1;
    unsigned rd = (us_bits(rgba, 10, 4) + (((rgba >> 11) & 1) ? us_al(q) : 0)) & 0x7Fu;
    unsigned ad = (us_bits(ai, 10, 4) + (((ai >> 11) & 1) ? us_al(q) : 0)) & 0x7Fu;
    unsigned rtg = us_bits(ri, 30, 29), atg = us_bits(ai, 30, 29);
    unsigned wi = (cmn >> 7) & 1;
    for (unsigned p = 0; p < 4; p++) {
        unsigned g[4];
        unsigned on = wi || ((q->act >> p) & 1);            /* active, or WRITE_INACTIVE */
        for (unsigned c = 0; c < 4; c++)
            g[c] = on && pgate(cmn, q, p, c);
        for (unsigned c = 0; c < 3; c++)
            if (((rwm >> c) & 1) && g[c])
                q->t[rd][p][c] = rres[p][c];
        if (awm && g[3])
            q->t[ad][p][3] = ares[p];
        if (type == US_T_OUT) {
            for (unsigned c = 0; c < 3; c++)
                if (((rom >> c) & 1) && g[c]) {
                    q->out[rtg][p][c] = rres[p][c];
                    q->omask[rtg] |= 1u << (4 * p + c);
                }
            if (aom && g[3]) {
                q->out[atg][p][3] = ares[p];
                q->omask[atg] |= 1u << (4 * p + 3);
            }
            if ((ai >> 31) && g[3]) {
                q->z[p] = ares[p];
                q->zmask |= (uint8_t)(1u << p);
            }
        } else if (on) {
            unsigned np = q->pred[p];
            for (unsigned c = 0; c < 3; c++)
                if ((rom >> c) & 1)
                    np = (np & ~(1u << c)) | (pcmp(rres[p][c], rtg) << c);
            if (aom)
                np = (np & ~8u) | (pcmp(ares[p], atg) << 3);
            q->pred[p] = (uint8_t)np;
        }
    }
    if (ri >> 31) {                                            /* ALU_WMASK: the ALU result */
        unsigned a = 0;
        for (unsigned p = 0; p < 4; p++)
            a |= pcmp((cmn >> 21) & 1 ? ares[p] : rres[p][0], us_bits(cmn, 24, 23)) << p;
        q->alu = (uint8_t)a;
    }
    if (type == US_T_OUT) {
        if (rom) {
            q->tw |= (uint8_t)(1u << rtg);
            q->opc[rtg] = (uint16_t)pc;
        }
        if (aom) {
            q->tw |= (uint8_t)(1u << atg);
            q->opc[atg] = (uint16_t)pc;
        }
    }
}

void us_tex_coords(const us_regs *r, unsigned pc, const us_quad *q, unsigned p, uint32_t st[4])
{
    uint32_t ta = r->inst[pc][US_W2];
    unsigned src = (us_bits(ta, 6, 0) + (((ta >> 7) & 1) ? us_al(q) : 0)) & 0x7Fu;
    for (unsigned k = 0; k < 4; k++)
        st[k] = q->t[src][p][us_bits(ta, 9 + 2 * k, 8 + 2 * k)];
}

/* DXDY: the derivative operands of US_TEX_ADDR_DXDY for pixel p, as they are: dsdx, dtdx, dsdy,
 * dtdy (doc, TEX, "DXDY"; r5xx.tx scales them and takes the LOD, r5xx.tx.md D24). */
static void dxdy_grad(const us_regs *r, unsigned pc, const us_quad *q, unsigned p, uint32_t d[4])
{
    uint32_t w3 = r->inst[pc][US_W3];
    unsigned xa = (us_bits(w3, 6, 0) + (((w3 >> 7) & 1) ? us_al(q) : 0)) & 0x7Fu;
    unsigned ya = (us_bits(w3, 22, 16) + (((w3 >> 23) & 1) ? us_al(q) : 0)) & 0x7Fu;
    d[0] = q->t[xa][p][us_bits(w3, 9, 8)];
    d[1] = q->t[xa][p][us_bits(w3, 11, 10)];
    d[2] = q->t[ya][p][us_bits(w3, 25, 24)];
    d[3] = q->t[ya][p][us_bits(w3, 27, 26)];
}

/* s, t, r of pixel p after the source swizzle; PROJ: divided by q (sf_mul(x, sf_rcp(q))) */
static void tex_str(const us_regs *r, unsigned pc, const us_quad *q, unsigned p, uint32_t c[4])
{
    us_tex_coords(r, pc, q, p, c);
    if (us_bits(r->inst[pc][US_W1], 24, 22) == 3) {
        uint32_t rq = sf_rcp(c[3]);
        for (unsigned k = 0; k < 3; k++)
            c[k] = sf_mul(c[k], rq);
    }
}

void us_tex_grad(const us_regs *r, unsigned pc, const us_quad *q, uint32_t qd[4])
{
    /* the quad's differences as MDH/MDV take them: TR - TL, BL - TL */
    uint32_t c0[4], c1[4], c2[4];
    tex_str(r, pc, q, 0, c0);
    tex_str(r, pc, q, 1, c1);
    tex_str(r, pc, q, 2, c2);
    qd[0] = sf_add(c1[0], c0[0] ^ 0x80000000u);
    qd[1] = sf_add(c1[1], c0[1] ^ 0x80000000u);
    qd[2] = sf_add(c2[0], c0[0] ^ 0x80000000u);
    qd[3] = sf_add(c2[1], c0[1] ^ 0x80000000u);
}

void us_tex_request(const us_regs *r, unsigned pc, const us_quad *q, unsigned p, const uint32_t qd[4],
                    uint32_t req[10])
{
    uint32_t c[4];
    unsigned op = us_bits(r->inst[pc][US_W1], 24, 22);
    tex_str(r, pc, q, p, c);
    req[0] = c[0];
    req[1] = c[1];
    req[2] = c[2];
    req[3] = (op == 4 || op == 5) ? c[3] : 0;
    req[4] = op == 5 ? 1 : op == 4 ? 2 : 0;
    req[5] = op != 5;
    req[6] = req[7] = req[8] = req[9] = 0;
    if (op == 6) {
        dxdy_grad(r, pc, q, p, &req[6]);
    } else if (op != 5) {
        for (unsigned k = 0; k < 4; k++)      /* the quad's, taken when the TEX started */
            req[6 + k] = qd[k];
    }
}

unsigned us_tex_pixels(const us_regs *r, unsigned pc, const us_quad *q)
{
    uint32_t ti = r->inst[pc][US_W1];
    unsigned op = us_bits(ti, 24, 22);
    if (op == 0 || op == 2 || op == 7)
        return 0;
    return ((ti >> 26) & 1) ? q->cov : 0xF;
}

void us_tex_write(const us_regs *r, unsigned pc, us_quad *q, unsigned p, const uint32_t rgba[4])
{
    uint32_t cmn = r->inst[pc][US_CMN], ta = r->inst[pc][US_W2];
    unsigned dst = (us_bits(ta, 22, 16) + (((ta >> 23) & 1) ? us_al(q) : 0)) & 0x7Fu, wm = us_bits(cmn, 14, 11);
    if (!((cmn >> 7) & 1) && !((q->act >> p) & 1))
        return;
    for (unsigned c = 0; c < 4; c++) {
        if (!((wm >> c) & 1) || !pgate(cmn, q, p, c))
            continue;
        uint32_t v = rgba[us_bits(ta, 25 + 2 * c, 24 + 2 * c)];
        if ((cmn >> (c < 3 ? 19 : 20)) & 1)
            v = sf_min(sf_max(v, 0), SF_ONE);
        q->t[dst][p][c] = v;
    }
}

void us_tex_kill(const us_regs *r, unsigned pc, us_quad *q)
{
    for (unsigned p = 0; p < 4; p++) {
        uint32_t st[4];
        us_tex_coords(r, pc, q, p, st);
        for (unsigned k = 0; k < 4; k++)
            if (sf_cmp_lt(st[k], 0))
                q->kill |= (uint8_t)(1u << p);
    }
}

void us_quad_start(us_quad *q, unsigned cov)
{
    for (unsigned t = 0; t < 4; t++) {
        for (unsigned p = 0; p < 4; p++)
            for (unsigned c = 0; c < 4; c++)
                q->out[t][p][c] = 0;
        q->omask[t] = 0;
        q->opc[t] = 0;
        q->z[t] = 0;
        q->pred[t] = 0;
        q->cnt[t] = 0;
        q->astk[t] = 0;
        q->lc[t] = q->al[t] = q->alst[t] = 0;
    }
    q->lsp = q->alp = 0;
    q->tw = q->zmask = q->kill = 0;
    q->cov = (uint8_t)cov;
    q->act = 15;
    q->alu = 0;
    q->asp = 0;
}

/* The branch-state operation (000:13040-13062): 1 DECR, 2 INCR; 'want' the pixels that wanted
 * the jump, 'jumped' the decision; INCR saturates at cmax (255 with FULL_FC_EN, 3 in partial
 * flow control: its nesting limit of 4, decision 22). */
static void bop(us_quad *q, unsigned op, unsigned popcnt, unsigned want, unsigned jumped, unsigned cmax)
{
    for (unsigned p = 0; p < 4; p++) {
        unsigned a = (q->act >> p) & 1;
        if (op == 1 && !a) {
            if (q->cnt[p] < popcnt) {
                q->act |= (uint8_t)(1u << p);
                q->cnt[p] = 0;
            } else {
                q->cnt[p] = (uint8_t)(q->cnt[p] - popcnt);
            }
        } else if (op == 2) {
            if (!a) {
                if (q->cnt[p] < cmax)
                    q->cnt[p]++;
            } else if (((want >> p) & 1) != jumped) {
                q->act &= (uint8_t)~(1u << p);
                q->cnt[p] = 0;
            }
        }
    }
}

unsigned us_exec_fc(const us_regs *r, unsigned pc, us_quad *q)
{
    const uint32_t *w = r->inst[pc];
    uint32_t cmn = w[US_CMN], fi = w[US_W2], fa = w[US_W3];
    if ((fi >> 4) & 1) {                                       /* B_ELSE */
        uint8_t na = 0;
        for (unsigned p = 0; p < 4; p++) {
            if ((q->act >> p) & 1)
                q->cnt[p] = 0;
            else if (q->cnt[p] == 0)
                na |= (uint8_t)(1u << p);
        }
        q->act = na;
    }
    unsigned bl = (r->fc_bool >> us_bits(fa, 4, 0)) & 1, want = 0;
    unsigned psel = us_bits(cmn, 5, 3), pinv = (cmn >> 6) & 1;
    for (unsigned p = 0; p < 4; p++) {
        unsigned pr = psel == 0 || psel > 5 ? 0 : ((q->pred[p] >> (psel == 1 ? 0 : psel - 2)) & 1) ^ pinv;
        unsigned idx = ((q->alu >> p) & 1) << 2 | pr << 1 | bl;
        want |= ((us_bits(fi, 15, 8) >> idx) & 1) << p;
    }
    unsigned part = q->act & (((fi >> 28) & 1) ? q->cov : 15u);
    unsigned jump = ((fi >> 5) & 1) ? (want & part) != 0 : (want & part) == part;
    unsigned op = us_bits(fi, 2, 0);
    if ((r->fc_ctrl >> 31) && op >= 1 && op <= 6) {           /* FULL_FC_EN: the loop ops */
        uint32_t k = r->fc_int[us_bits(fa, 12, 8)];
        unsigned t = (q->lsp - 1u) & 3u, a = (q->alp - 1u) & 3u;
        if (op == 1 || op == 3) {                              /* LOOP, REP */
            if ((k & 0xFFu) == 0)
                jump = 1;
            if (!jump) {
                q->lc[q->lsp] = (uint8_t)(k & 0xFFu);
                q->lsp = (uint8_t)((q->lsp + 1u) & 3u);
                if (op == 1) {
                    q->al[q->alp] = (uint8_t)(k >> 8);
                    q->alst[q->alp] = (uint8_t)(k >> 16);
                    q->alp = (uint8_t)((q->alp + 1u) & 3u);
                }
            }
        } else if (op == 2 || op == 4) {                       /* ENDLOOP, ENDREP */
            q->lc[t] = (uint8_t)(q->lc[t] - 1u);
            if (op == 2)
                q->al[a] = (uint8_t)(q->al[a] + q->alst[a]);
            jump = jump && q->lc[t] != 0;
            if (!jump) {
                q->lsp = (uint8_t)t;
                if (op == 2)
                    q->alp = (uint8_t)a;
            }
        } else if (jump) {                                     /* BREAKLOOP, BREAKREP */
            q->lsp = (uint8_t)t;
            if (op == 5)
                q->alp = (uint8_t)a;
        }
    }
    bop(q, jump ? us_bits(fi, 27, 26) : us_bits(fi, 25, 24), us_bits(fi, 20, 16), want, jump,
        (r->fc_ctrl >> 31) ? 255u : 3u);
    if (!jump)
        return (pc + 1) & 511u;
    unsigned aop = us_bits(fi, 7, 6);
    if (aop == 1) {
        q->asp = (uint8_t)((q->asp - 1) & 3);
        return q->astk[q->asp];
    }
    if (aop == 2) {
        q->astk[q->asp] = (uint16_t)((pc + 1) & 511u);
        q->asp = (uint8_t)((q->asp + 1) & 3);
    }
    return (us_bits(fa, 24, 16) + ((fa >> 31) ? 0 : us_bits(r->code_offset, 8, 0))) & 511u;
}
