/*
 * pvs_exec.c - one PVS instruction executed on a vertex's memories (docs/blocks/r5xx.pvs.md,
 * "Execution"): operand fetch with addressing, swizzle, abs and negate; the vector operations
 * on the shared shader float (model/prim/sf.h, docs/float.md); saturate, X replication, the
 * write mask and the destination write.  The RTL twin is rtl/r5xx/pvs/r5xx_pvs_src.sv,
 * r5xx_pvs_alu.sv and the write logic in r5xx_pvs.sv.
 */
#include "pvs_isa.h"
#include "sf.h"

#define F_ONE 0x3F800000u
#define F_TWO 0x40000000u
#define F_HALF 0x3F000000u

int32_t pvs_f2a(uint32_t f)
{
    unsigned e = (f >> 23) & 0xFFu, s = f >> 31;
    uint32_t m = f & 0x7FFFFFu;
    if (e == 255)
        return m ? 0 : (s ? -256 : 255);
    if (e == 0)                           /* zero, or a denormal flushed to zero */
        return 0;
    if (e >= 136)                         /* |f| >= 512 */
        return s ? -256 : 255;
    uint32_t mant = m | 0x800000u;        /* f = mant * 2^(e-150), 150 - e >= 15 */
    unsigned sh = 150 - e;
    uint32_t ip = sh >= 24 ? 0 : mant >> sh;
    uint32_t frac = sh >= 24 ? 1 : (mant & ((1u << sh) - 1u)) != 0;
    int32_t v = s ? -(int32_t)(ip + frac) : (int32_t)ip;
    return v < -256 ? -256 : v > 255 ? 255 : v;
}

/* The relative part of an address: mode 1 = A0[sel], mode 2 = the loop index, modes 0 and 3 =
 * none (decision 6). */
static int32_t rel(const pvs_vstate *vs, unsigned mode, unsigned sel)
{
    return mode == 1 ? vs->a0[sel] : mode == 2 ? vs->i0 : 0;
}

static inline void fetch(const pvs_vstate *vs, const pvs_cstate *cs, const pvs_dsrc *s, uint32_t v[4])
{
    static const uint32_t zero[4] = { 0, 0, 0, 0 };
    int32_t a = s->base + rel(vs, s->mode, s->rsel);
    const uint32_t *raw = zero;
    switch (s->type) {
    case PVS_SRC_TEMP:
        if (a >= 0 && a < PVS_NTRM)
            raw = vs->trm[a];
        break;
    case PVS_SRC_INPUT:
        if (a >= 0 && a < PVS_NIVM)
            raw = vs->io->ivm[a];
        break;
    case PVS_SRC_CONST:
        if (a >= 0 && (unsigned)a <= cs->const_max)
            raw = cs->cst[(cs->const_base + (unsigned)a) & (PVS_NCONST - 1)];
        break;
    default:
        if (a >= 0 && a < PVS_NATRM)
            raw = vs->atrm[a];
        break;
    }
    /* swizzle select 0..3 = raw x..w, 4 = 0, 5 = 1.0, 6 and 7 = 0; then abs, then negate */
    const uint32_t sel[8] = { raw[0], raw[1], raw[2], raw[3], 0, F_ONE, 0, 0 };
    for (unsigned c = 0; c < 4; c++)
        v[c] = (sel[s->sw[c]] & s->am) ^ s->nm[c];
}

static void decode_src(uint32_t s, pvs_dsrc *d)
{
    d->type = (uint8_t)pvs_bits(s, 1, 0);
    d->mode = (uint8_t)((pvs_bits(s, 31, 31) << 1) | pvs_bits(s, 4, 4));
    d->rsel = (uint8_t)pvs_bits(s, 30, 29);
    d->base = (int32_t)pvs_bits(s, 12, 5);
    d->am = (s & (1u << 3)) ? 0x7FFFFFFFu : 0xFFFFFFFFu;
    for (unsigned c = 0; c < 4; c++) {
        d->sw[c] = (uint8_t)pvs_bits(s, 15 + 3 * c, 13 + 3 * c);
        d->nm[c] = (s >> (25 + c) & 1u) << 31;
    }
}

/* Saturation, sf_min(sf_max(x, 0), 1.0), with the values whose result is plain selected
 * directly: a positive normal number up to 1.0 is itself (no flush, no clamp), one above 1.0 or
 * +Inf is 1.0, a negative normal number or -Inf is +0 (max(x, +0) = +0 as x < 0, then
 * min(+0, 1) = +0), +0 is +0; -0, denormals and NaNs go through the two ops. */
static uint32_t sat(uint32_t x)
{
    uint32_t m = x & 0x7FFFFFFFu;
    if (m >= 0x00800000u && m <= 0x7F800000u)
        return x >> 31 ? 0 : x <= F_ONE ? x : F_ONE;
    if (x == 0)                       /* +0: max(+0, +0) and min(+0, 1) are +0 */
        return 0;
    return sf_min(sf_max(x, 0), F_ONE);
}

static uint32_t b2f(int b) { return b ? F_ONE : 0; }

/* The vector operation op (0..31, MATH_INST = 0) on a, b, c; returns the err code. */
/* The condition of the PRED_SET_*_PUSH (on b.w), COND_WRITE and COND_MUX (on a_c) opcodes:
 * kind 0 == 0, 1 > 0, 2 >= 0, 3 != 0 (NaN: false, and true for != 0). */
static int cond0(unsigned kind, uint32_t x)
{
    switch (kind) {
    case 0: return sf_cmp_eq(x, 0);
    case 1: return sf_cmp_lt(0, x);
    case 2: return sf_cmp_le(0, x);
    default: return !sf_cmp_eq(x, 0);
    }
}

static unsigned vector_op(unsigned op, const uint32_t a[4], const uint32_t b[4], const uint32_t c[4],
                          uint32_t r[4], unsigned *cw, int *pset)
{
    uint32_t t;
    for (unsigned k = 0; k < 4; k++)
        r[k] = 0;
    switch (op) {
    case 0:                                           /* VECTOR_NO_OP */
        return PVS_OK;
    case 15: case 16: case 17: case 18:               /* VE_PRED_SET_EQ/GT/GTE/NEQ_PUSH */
        *pset = cond0(op - 15, b[3]) && sf_cmp_eq(a[3], 0);
        t = *pset ? 0 : sf_add(a[3], F_ONE);
        r[0] = r[1] = r[2] = r[3] = t;
        return PVS_OK;
    case 19: case 20: case 21: case 22:               /* VE_COND_WRITE_EQ/GT/GTE/NEQ */
        for (unsigned k = 0; k < 4; k++) {
            r[k] = b[k];
            *cw |= (unsigned)cond0(op - 19, a[k]) << k;
        }
        return PVS_OK;
    case 23: case 24: case 25:                        /* VE_COND_MUX_EQ/GT/GTE */
        for (unsigned k = 0; k < 4; k++)
            r[k] = cond0(op - 23, a[k]) ? b[k] : c[k];
        return PVS_OK;
    case 1:                                           /* VE_DOT_PRODUCT */
        t = sf_dp4(a, b);
        r[0] = r[1] = r[2] = r[3] = t;
        return PVS_OK;
    case 5:                                           /* VE_DISTANCE_VECTOR */
        r[0] = F_ONE;
        r[1] = sf_mul(a[1], b[1]);
        r[2] = a[2];
        r[3] = b[3];
        return PVS_OK;
    case 12: {                                        /* VE_MULTIPLY_CLAMP */
        uint32_t pw = sf_mul(a[3], b[3]), px = sf_mul(a[0], b[0]);
        t = sf_cmp_lt(c[3], pw) ? c[3] : sf_cmp_le(px, c[0]) ? c[0] : px;
        r[0] = r[1] = r[2] = r[3] = t;
        return PVS_OK;
    }
    default:
        break;
    }
    for (unsigned k = 0; k < 4; k++) {
        switch (op) {
        case 2: r[k] = sf_mul(a[k], b[k]); break;                          /* VE_MULTIPLY */
        case 3: r[k] = sf_add(a[k], b[k]); break;                          /* VE_ADD */
        case 4: r[k] = sf_mad(a[k], b[k], c[k]); break;                    /* VE_MULTIPLY_ADD */
        case 6: r[k] = sf_frc(a[k]); break;                                /* VE_FRACTION */
        case 7: r[k] = sf_max(a[k], b[k]); break;                          /* VE_MAXIMUM */
        case 8: r[k] = sf_min(a[k], b[k]); break;                          /* VE_MINIMUM */
        case 9: r[k] = b2f(sf_cmp_le(b[k], a[k])); break;                  /* VE_SET_GREATER_THAN_EQUAL */
        case 10: r[k] = b2f(sf_cmp_lt(a[k], b[k])); break;                 /* VE_SET_LESS_THAN */
        case 11: r[k] = sf_add(sf_mul(F_TWO, sf_mul(a[k], b[k])), c[k]); break; /* VE_MULTIPLYX2_ADD */
        case 13: r[k] = sf_flr(a[k]); break;                               /* VE_FLT2FIX_DX */
        case 14: r[k] = sf_flr(sf_add(a[k], F_HALF)); break;               /* VE_FLT2FIX_DX_RND */
        case 26: r[k] = b2f(sf_cmp_lt(b[k], a[k])); break;                 /* VE_SET_GREATER_THAN */
        case 27: r[k] = b2f(sf_cmp_eq(a[k], b[k])); break;                 /* VE_SET_EQUAL */
        case 28: r[k] = b2f(!sf_cmp_eq(a[k], b[k])); break;                /* VE_SET_NOT_EQUAL */
        default:
            r[0] = r[1] = r[2] = r[3] = 0;
            return PVS_ERR_RESERVED;                                       /* 29-63 */
        }
    }
    return PVS_OK;
}

/* The operands each vector opcode reads (bit 0 a, 1 b, 2 c): none for VECTOR_NO_OP and the
 * reserved 29..63, a alone for FRACTION and FLT2FIX_DX(_RND), a b c for MULTIPLY_ADD,
 * MULTIPLYX2_ADD, MULTIPLY_CLAMP and COND_MUX, a b for the rest (vector_op above). */
static const uint8_t vec_use[64] = {
    0, 3, 3, 3, 7, 3, 1, 3, 3, 3, 3, 7, 7, 1, 1, 3,   /* 0..15 */
    3, 3, 3, 3, 3, 3, 3, 7, 7, 7, 3, 3, 3, 0, 0, 0,   /* 16..31 */
};

void pvs_decode(const uint32_t w[4], pvs_dec *dc)
{
    uint32_t d = w[0];
    unsigned op = pvs_bits(d, 5, 0), math = pvs_bits(d, 6, 6), macro = pvs_bits(d, 7, 7);
    for (unsigned k = 0; k < 4; k++)
        dc->w[k] = w[k];
    dc->ok = 1;
    dc->early = PVS_OK;
    dc->dtype = pvs_bits(d, 11, 8);
    dc->we = pvs_bits(d, 23, 20);
    dc->pw = pvs_bits(d, 26, 26);
    dc->pbit = pvs_bits(d, 27, 27);
    for (unsigned j = 0; j < 3; j++)
        decode_src(w[1 + j], &dc->s[j]);
    if (pvs_bits(d, 28, 28))
        dc->early = PVS_ERR_DUAL;
    else if (macro && op > 1)
        dc->early = PVS_ERR_RESERVED;
    if (macro && op <= 1) {
        op = op == 0 ? 4 : 11;                        /* 2CLK_MADD, 2CLK_M2X_ADD */
        math = 0;                                     /* MACRO_INST wins over MATH_INST */
    }
    if (!dc->early && dc->dtype > PVS_DST_INPUT)
        dc->early = PVS_ERR_RESERVED;
    dc->op = op;
    dc->math = math;
    /* the operands the operation reads (fetching has no effect; the rest stay unread): every
     * math op all three; the vector ops a, b and, where they read it, c */
    dc->use = math ? 7u : vec_use[op & 63u];
    dc->sat = pvs_bits(d, math ? 25 : 24, math ? 25 : 24);  /* ME_SAT for math ops, VE_SAT for vector ops */
}

unsigned pvs_compute(const pvs_vstate *vs, const pvs_cstate *cs, const uint32_t w[4], pvs_effect *e)
{
    pvs_dec dc;
    pvs_decode(w, &dc);
    return pvs_compute_dec(vs, cs, &dc, e);
}

unsigned pvs_compute_dec(const pvs_vstate *vs, const pvs_cstate *cs, const pvs_dec *dc, pvs_effect *e)
{
    uint32_t a[4], b[4], c[4];       /* an operand the op does not read stays unfetched */
    unsigned op = dc->op, math = dc->math, we = dc->we;
    unsigned err;
    uint32_t *r = e->r;
    e->err = PVS_OK;
    e->we = 0;
    e->pset = -1;
    e->pred = vs->pred;
    for (unsigned k = 0; k < 4; k++)
        r[k] = 0;
    if (dc->early)
        return e->err = dc->early;
    if (dc->use & 1u)
        fetch(vs, cs, &dc->s[0], a);
    if (dc->use & 2u)
        fetch(vs, cs, &dc->s[1], b);
    if (dc->use & 4u)
        fetch(vs, cs, &dc->s[2], c);
    unsigned cw = 0xF;                                /* COND_WRITE's component mask */
    int pset = -1;                                    /* the predicate bit an op sets */
    if (math)
        err = pvs_math_op(op, a, b, c, r, &pset);
    else {
        if (op >= 19 && op <= 22)
            cw = 0;
        err = vector_op(op, a, b, c, r, &cw, &pset);
    }
    if (err != PVS_OK || (op == 0 && !math))
        return e->err = err;
    if (dc->pw && vs->pred != dc->pbit)               /* predicated write: off */
        we = 0;
    if (pset >= 0)
        e->pred = (unsigned)pset;
    e->pset = pset;
    e->we = we & cw;
    if (dc->sat)
        for (unsigned k = 0; k < 4; k++)
            r[k] = sat(r[k]);
    if (dc->dtype == PVS_DST_OUT_REPX)
        r[1] = r[2] = r[3] = r[0];
    e->write = 1;
    return PVS_OK;
}

void pvs_commit(pvs_vstate *vs, const uint32_t w[4], const pvs_effect *e)
{
    uint32_t d = w[0];
    unsigned dtype = pvs_bits(d, 11, 8), we = e->we;
    const uint32_t *r = e->r;
    if (e->err != PVS_OK || !e->write)
        return;
    if (e->pset >= 0)
        vs->pred = (unsigned)e->pset;
    unsigned dmode = (pvs_bits(d, 12, 12) << 1) | pvs_bits(d, 31, 31);
    int32_t ad = (int32_t)pvs_bits(d, 19, 13) + rel(vs, dmode, pvs_bits(d, 30, 29));
    uint32_t *dst = 0;
    switch (dtype) {
    case PVS_DST_TEMP:
        if (ad >= 0 && ad < PVS_NTRM)
            dst = vs->trm[ad];
        break;
    case PVS_DST_A0:
        for (unsigned k = 0; k < 4; k++)
            if (we & (1u << k))
                vs->a0[k] = pvs_f2a(r[k]);
        return;
    case PVS_DST_OUT:
    case PVS_DST_OUT_REPX:
        if (ad >= 0 && ad < PVS_NOVM) {
            dst = vs->io->ovm[ad];
            vs->io->owritten[ad] |= (uint8_t)we;
        }
        break;
    case PVS_DST_ATEMP:
        if (ad >= 0 && ad < PVS_NATRM)
            dst = vs->atrm[ad];
        break;
    default:
        if (ad >= 0 && ad < PVS_NIVM)
            dst = vs->io->ivm[ad];
        break;
    }
    if (dst)
        for (unsigned k = 0; k < 4; k++)
            if (we & (1u << k))
                dst[k] = r[k];
}

unsigned pvs_exec(pvs_vstate *vs, const pvs_cstate *cs, const uint32_t w[4], uint32_t r[4])
{
    pvs_effect e = { 0 };
    pvs_compute(vs, cs, w, &e);
    pvs_commit(vs, w, &e);
    for (unsigned k = 0; k < 4; k++)
        r[k] = e.r[k];
    return e.err;
}
