/*
 * cu_isa.c - decoding, opcode attributes, the scalar ALU and the per-lane vector ALU of si.cu
 * (docs/blocks/si.cu.md, "Instruction set").  Opcode numbers are those of AMD's gfx_7_2_enum.h,
 * checked against llvm-mc -mcpu=bonaire by tests/si-cu (cu_test.py isa_llvm).
 */
#include <math.h>
#include <string.h>

#include "cu_isa.h"
#include "sf.h"

static uint32_t bits(uint32_t w, unsigned hi, unsigned lo)
{
    return (w >> lo) & (uint32_t)((1ull << (hi - lo + 1)) - 1);
}

void cu_decode(uint32_t w0, cu_inst *d)
{
    memset(d, 0, sizeof *d);
    d->fmt = CU_F_OTHER;
    if (bits(w0, 31, 23) == 0x17D) {
        d->fmt = CU_F_SOP1; d->op = bits(w0, 15, 8); d->sdst = bits(w0, 22, 16); d->ssrc0 = bits(w0, 7, 0);
        d->two = d->ssrc0 == 255;
    } else if (bits(w0, 31, 23) == 0x17E) {
        d->fmt = CU_F_SOPC; d->op = bits(w0, 22, 16); d->ssrc0 = bits(w0, 7, 0); d->ssrc1 = bits(w0, 15, 8);
        d->two = d->ssrc0 == 255 || d->ssrc1 == 255;
    } else if (bits(w0, 31, 23) == 0x17F) {
        d->fmt = CU_F_SOPP; d->op = bits(w0, 22, 16); d->simm16 = bits(w0, 15, 0);
    } else if (bits(w0, 31, 28) == 0xB) {
        d->fmt = CU_F_SOPK; d->op = bits(w0, 27, 23); d->sdst = bits(w0, 22, 16); d->simm16 = bits(w0, 15, 0);
    } else if (bits(w0, 31, 30) == 2) {
        d->fmt = CU_F_SOP2; d->op = bits(w0, 29, 23); d->sdst = bits(w0, 22, 16);
        d->ssrc0 = bits(w0, 7, 0); d->ssrc1 = bits(w0, 15, 8);
        d->two = d->ssrc0 == 255 || d->ssrc1 == 255;
    } else if (bits(w0, 31, 27) == 0x18) {
        d->fmt = CU_F_SMRD; d->op = bits(w0, 26, 22); d->sdst = bits(w0, 21, 15);
        d->sbase = bits(w0, 14, 9); d->imm = bits(w0, 8, 8); d->soff = bits(w0, 7, 0);
    } else if (bits(w0, 31, 25) == 0x3F) {
        d->fmt = CU_F_VOP1; d->op = 384 + bits(w0, 16, 9); d->vdst = bits(w0, 24, 17);
        d->src0 = bits(w0, 8, 0); d->src1 = 0; d->src2 = 0; d->sdst3 = 106;
        d->two = d->src0 == 255;
    } else if (bits(w0, 31, 25) == 0x3E) {
        d->fmt = CU_F_VOPC; d->op = bits(w0, 24, 17); d->vdst = 0;
        d->src0 = bits(w0, 8, 0); d->src1 = 256 + bits(w0, 16, 9); d->src2 = 0; d->sdst3 = 106;
        d->two = d->src0 == 255;
    } else if (bits(w0, 31, 31) == 0) {
        unsigned op = bits(w0, 30, 25);
        d->fmt = CU_F_VOP2; d->op = 256 + op; d->vdst = bits(w0, 24, 17);
        d->src0 = bits(w0, 8, 0); d->src1 = 256 + bits(w0, 16, 9);
        d->src2 = 256 + d->vdst;             /* v_mac_f32 reads its destination */
        d->sdst3 = 106;
        d->two = d->src0 == 255 || op == 32 || op == 33;
    } else if (bits(w0, 31, 26) == 0x34) {
        d->fmt = CU_F_VOP3; d->op = bits(w0, 25, 17); d->vdst = bits(w0, 7, 0);
        d->abs = bits(w0, 10, 8); d->clamp = bits(w0, 11, 11); d->sdst3 = bits(w0, 14, 8);
        d->e64 = 1; d->two = 1;
    } else if (bits(w0, 31, 26) == 0x36) {
        d->fmt = CU_F_DS; d->op = bits(w0, 25, 18); d->dsoff = bits(w0, 15, 0);
        d->gds = bits(w0, 17, 17); d->two = 1;
    } else if (bits(w0, 31, 26) == 0x38) {
        d->fmt = CU_F_MUBUF; d->op = bits(w0, 24, 18); d->moff = bits(w0, 11, 0);
        d->offen = bits(w0, 12, 12); d->idxen = bits(w0, 13, 13); d->addr64 = bits(w0, 15, 15);
        d->lds = bits(w0, 16, 16); d->two = 1;
    } else if (bits(w0, 31, 26) == 0x3A) {
        d->fmt = CU_F_MTBUF; d->op = bits(w0, 18, 16); d->moff = bits(w0, 11, 0);
        d->offen = bits(w0, 12, 12); d->idxen = bits(w0, 13, 13); d->addr64 = bits(w0, 15, 15);
        d->dfmt = bits(w0, 22, 19); d->nfmt = bits(w0, 25, 23); d->two = 1;
    }
}

/* The fields of a second dword (VOP3 word 1, MUBUF word 1). */
static void decode_w1(cu_inst *d, uint32_t w1)
{
    if (d->fmt == CU_F_VOP3) {
        d->src0 = bits(w1, 8, 0); d->src1 = bits(w1, 17, 9); d->src2 = bits(w1, 26, 18);
        d->omod = bits(w1, 28, 27); d->neg = bits(w1, 31, 29);
        if (d->op == 256 + 31)               /* v_mac_f32_e64 reads its destination */
            d->src2 = 256 + d->vdst;
        if (d->op < 256) {                   /* VOPC as VOP3: the mask goes to vdst's SGPR */
            d->sdst3 = d->vdst;
        } else if (d->op >= 293 && d->op <= 298) {
            d->abs = 0;                      /* VOP3b: bits 14:8 are SDST */
            d->clamp = 0;
        } else {
            d->sdst3 = 106;
        }
    } else if (d->fmt == CU_F_MUBUF || d->fmt == CU_F_MTBUF) {
        d->vaddr = bits(w1, 7, 0); d->vdata = bits(w1, 15, 8); d->srsrc = bits(w1, 20, 16);
        d->tfe = bits(w1, 23, 23); d->msoff = bits(w1, 31, 24);
    } else if (d->fmt == CU_F_DS) {
        d->daddr = bits(w1, 7, 0); d->ddata0 = bits(w1, 15, 8); d->ddata1 = bits(w1, 23, 16);
        d->dvdst = bits(w1, 31, 24);
    }
}

unsigned cu_inst_dwords(const cu_inst *d)
{
    return d->two ? 2 : 1;
}

void cu_decode2(uint32_t w0, uint32_t w1, cu_inst *d)
{
    cu_decode(w0, d);
    decode_w1(d, w1);
}

unsigned cu_vop_attr(unsigned vop)
{
    const unsigned OK = CU_A_OK, S2 = CU_A_NS2, S3 = CU_A_NS3, F = CU_A_FLT, WV = CU_A_WV;
    if (vop < 256) {                         /* VOPC */
        unsigned lo = vop & 15, grp = vop >> 4;
        unsigned x = (grp & 1) ? CU_A_CMPX : 0;
        if (grp == 0 || grp == 1)
            return OK | S2 | F | CU_A_CMP | x;
        if ((grp == 8 || grp == 9 || grp == 12 || grp == 13) && lo < 8)
            return OK | S2 | CU_A_CMP | x;
        return 0;
    }
    switch (vop) {
    case 256 + 0: return OK | S2 | WV | CU_A_MSK;                 /* v_cndmask_b32 */
    case 256 + 3: case 256 + 4: case 256 + 5: case 256 + 8:       /* add/sub/subrev/mul_f32 */
    case 256 + 15: case 256 + 16:                                 /* min/max_f32 */
        return OK | S2 | F | WV;
    case 256 + 9: case 256 + 11:                                  /* mul_i32_i24, mul_u32_u24 */
    case 256 + 17: case 256 + 18: case 256 + 19: case 256 + 20:   /* min/max i32/u32 */
    case 256 + 21: case 256 + 22: case 256 + 23: case 256 + 24:   /* shifts */
    case 256 + 25: case 256 + 26: case 256 + 27: case 256 + 28: case 256 + 29:
        return OK | S2 | WV;
    case 256 + 31: return OK | S2 | S3 | F | WV;                  /* v_mac_f32 */
    case 256 + 32: case 256 + 33:                                 /* v_madmk/madak_f32 */
        return OK | S2 | F | WV | CU_A_VOP2ONLY;
    case 256 + 37: case 256 + 38: case 256 + 39:                  /* add/sub/subrev_i32 */
        return OK | S2 | WV | CU_A_CO;
    case 256 + 40: case 256 + 41: case 256 + 42:                  /* addc/subb/subbrev */
        return OK | S2 | WV | CU_A_CO | CU_A_MSK;
    case 384 + 0: return OK;                                      /* v_nop */
    case 384 + 2: return OK | CU_A_RFL | CU_A_VOP2ONLY;           /* v_readfirstlane_b32 */
    case 384 + 1: case 384 + 5: case 384 + 6:                     /* mov, cvt_f32_i32/u32 */
    case 384 + 55: case 384 + 56:                                 /* not, bfrev */
        return OK | WV;
    case 384 + 7: case 384 + 8: return OK | F | WV;               /* cvt_u32/i32_f32 */
    case 384 + 37: case 384 + 39: case 384 + 42: case 384 + 43:   /* exp, log, rcp, rcp_iflag */
    case 384 + 46: case 384 + 51: case 384 + 53: case 384 + 54:   /* rsq, sqrt, sin, cos */
        return OK | F | WV;
    case 256 + 1: case 256 + 2:                                   /* v_readlane/writelane_b32 */
        return OK | CU_A_VOP2ONLY;
    case 321: return OK | S2 | S3 | F | WV;                       /* v_mad_f32 */
    case 322: case 323: case 328: case 329: case 330:             /* mad24, bfe, bfi */
        return OK | S2 | S3 | WV;
    case 353: case 354: case 355:                                 /* 64-bit shifts */
        return OK | S2 | WV | CU_A_S064 | CU_A_D64;
    case 361: case 362: case 363: case 364:                       /* mul lo/hi */
        return OK | S2 | WV;
    default: return 0;
    }
}

int cu_const32(unsigned code, uint32_t *v)
{
    static const uint32_t f[8] = { 0x3F000000u, 0xBF000000u, 0x3F800000u, 0xBF800000u,
                                   0x40000000u, 0xC0000000u, 0x40800000u, 0xC0800000u };
    if (code >= 128 && code <= 192) { *v = code - 128; return 1; }
    if (code >= 193 && code <= 208) { *v = (uint32_t)(192 - (int)code); return 1; }
    if (code >= 240 && code <= 247) { *v = f[code - 240]; return 1; }
    return 0;
}

int cu_const64(unsigned code, uint64_t *v)
{
    static const uint64_t f[8] = { 0x3FE0000000000000ull, 0xBFE0000000000000ull,
                                   0x3FF0000000000000ull, 0xBFF0000000000000ull,
                                   0x4000000000000000ull, 0xC000000000000000ull,
                                   0x4010000000000000ull, 0xC010000000000000ull };
    uint32_t c;
    if (code >= 240 && code <= 247) { *v = f[code - 240]; return 1; }
    if (!cu_const32(code, &c))
        return 0;
    *v = (uint64_t)(int64_t)(int32_t)c;
    return 1;
}

/* ---- binary32 ------------------------------------------------------------------------------ */

static uint32_t ftz(uint32_t a)
{
    return (a & 0x7F800000u) == 0 ? a & 0x80000000u : a;
}

static float f_of(uint32_t a) { float f; memcpy(&f, &a, 4); return f; }
static uint32_t u_of(float f) { uint32_t a; memcpy(&a, &f, 4); return a; }

static uint32_t fres(float r, int fout)
{
    if (isnan(r))
        return 0x7FC00000u;
    uint32_t u = u_of(r);
    return fout ? ftz(u) : u;
}

uint32_t cu_fadd(uint32_t a, uint32_t b, int fin, int fout)
{
    if (fin) { a = ftz(a); b = ftz(b); }
    return fres(f_of(a) + f_of(b), fout);
}

uint32_t cu_fmul(uint32_t a, uint32_t b, int fin, int fout)
{
    if (fin) { a = ftz(a); b = ftz(b); }
    return fres(f_of(a) * f_of(b), fout);
}

static int fnan(uint32_t a) { return (a & 0x7FFFFFFFu) > 0x7F800000u; }

/* a < b as ordered floats, -0 below +0 (min/max), no NaN */
static int fless_signed_zero(uint32_t a, uint32_t b)
{
    int32_t ka = (a >> 31) ? (int32_t)~(a & 0x7FFFFFFFu) : (int32_t)a;
    int32_t kb = (b >> 31) ? (int32_t)~(b & 0x7FFFFFFFu) : (int32_t)b;
    return ka < kb;
}

static uint32_t fminmax(uint32_t a, uint32_t b, int max, int fin, int fout)
{
    if (fin) { a = ftz(a); b = ftz(b); }
    uint32_t r;
    if (fnan(a) && fnan(b))
        return 0x7FC00000u;
    if (fnan(a))
        r = b;
    else if (fnan(b))
        r = a;
    else
        r = (fless_signed_zero(a, b) ^ max) ? a : b;
    return fout ? ftz(r) : r;
}

/* VOPC float compare op lo (0-15) */
static int fcmp(unsigned lo, uint32_t a, uint32_t b, int fin)
{
    if (fin) { a = ftz(a); b = ftz(b); }
    int un = fnan(a) || fnan(b);
    float x = f_of(a), y = f_of(b);
    int lt = !un && x < y, eq = !un && x == y, gt = !un && x > y;
    switch (lo) {
    case 0: return 0;
    case 1: return lt;
    case 2: return eq;
    case 3: return lt || eq;
    case 4: return gt;
    case 5: return lt || gt;
    case 6: return gt || eq;
    case 7: return !un;
    case 8: return un;
    case 9: return !(gt || eq);
    case 10: return !(lt || gt);
    case 11: return !gt;
    case 12: return !(lt || eq);
    case 13: return !eq;
    case 14: return !lt;
    default: return 1;
    }
}

static int icmp(unsigned lo, uint32_t a, uint32_t b, int sgn)
{
    int lt = sgn ? (int32_t)a < (int32_t)b : a < b;
    int gt = sgn ? (int32_t)a > (int32_t)b : a > b;
    int eq = a == b;
    switch (lo) {
    case 0: return 0;
    case 1: return lt;
    case 2: return eq;
    case 3: return lt || eq;
    case 4: return gt;
    case 5: return !eq;
    case 6: return gt || eq;
    default: return 1;
    }
}

static uint32_t cvt_i32_f32(uint32_t a)
{
    if (fnan(a))
        return 0;
    float f = f_of(a);
    if (f >= 2147483648.0f)
        return 0x7FFFFFFFu;
    if (f <= -2147483648.0f)
        return 0x80000000u;
    return (uint32_t)(int32_t)f;
}

static uint32_t cvt_u32_f32(uint32_t a)
{
    if (fnan(a))
        return 0;
    float f = f_of(a);
    if (f >= 4294967296.0f)
        return 0xFFFFFFFFu;
    if (f <= 0.0f)
        return 0;
    return (uint32_t)f;
}

static uint32_t brev32(uint32_t a)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i++)
        r |= ((a >> i) & 1u) << (31 - i);
    return r;
}

static uint32_t sext24(uint32_t a) { return (uint32_t)((int32_t)(a << 8) >> 8); }

static uint32_t bfe(uint32_t s, uint32_t off, uint32_t w, int sgn)
{
    if (w == 0)
        return 0;
    if (w >= 32)
        return sgn ? (uint32_t)((int32_t)s >> (off & 31)) : s >> (off & 31);
    uint32_t t = (s >> (off & 31)) & ((1u << w) - 1);
    if (sgn && ((t >> (w - 1)) & 1))
        t |= ~((1u << w) - 1);
    return t;
}

uint64_t cu_valu_lane(unsigned vop, uint64_t a64, uint32_t b, uint32_t c, int m, uint32_t k,
                      int fin, int fout, int *bit)
{
    uint32_t a = (uint32_t)a64;
    uint64_t t;
    *bit = 0;
    if (vop < 256) {
        unsigned lo = vop & 15, grp = vop >> 4;
        if (grp <= 1)
            *bit = fcmp(lo, a, b, fin);
        else
            *bit = icmp(lo, a, b, grp == 8 || grp == 9);
        return 0;
    }
    switch (vop) {
    case 256 + 0: return m ? b : a;
    case 256 + 3: return cu_fadd(a, b, fin, fout);
    case 256 + 4: return cu_fadd(a, b ^ 0x80000000u, fin, fout);
    case 256 + 5: return cu_fadd(b, a ^ 0x80000000u, fin, fout);
    case 256 + 8: return cu_fmul(a, b, fin, fout);
    case 256 + 9: return (uint32_t)((int32_t)sext24(a) * (int64_t)(int32_t)sext24(b));
    case 256 + 11: return (uint32_t)((uint64_t)(a & 0xFFFFFF) * (b & 0xFFFFFF));
    case 256 + 15: return fminmax(a, b, 0, fin, fout);
    case 256 + 16: return fminmax(a, b, 1, fin, fout);
    case 256 + 17: return (int32_t)a < (int32_t)b ? a : b;
    case 256 + 18: return (int32_t)a > (int32_t)b ? a : b;
    case 256 + 19: return a < b ? a : b;
    case 256 + 20: return a > b ? a : b;
    case 256 + 21: return a >> (b & 31);
    case 256 + 22: return b >> (a & 31);
    case 256 + 23: return (uint32_t)((int32_t)a >> (b & 31));
    case 256 + 24: return (uint32_t)((int32_t)b >> (a & 31));
    case 256 + 25: return a << (b & 31);
    case 256 + 26: return b << (a & 31);
    case 256 + 27: return a & b;
    case 256 + 28: return a | b;
    case 256 + 29: return a ^ b;
    case 256 + 31: case 321: return cu_fadd(cu_fmul(a, b, fin, fout), c, fin, fout);
    case 256 + 32: return cu_fadd(cu_fmul(a, k, fin, fout), b, fin, fout);
    case 256 + 33: return cu_fadd(cu_fmul(a, b, fin, fout), k, fin, fout);
    case 256 + 37: t = (uint64_t)a + b; *bit = (int)(t >> 32); return (uint32_t)t;
    case 256 + 38: t = (uint64_t)a - b; *bit = (int)((t >> 32) & 1); return (uint32_t)t;
    case 256 + 39: t = (uint64_t)b - a; *bit = (int)((t >> 32) & 1); return (uint32_t)t;
    case 256 + 40: t = (uint64_t)a + b + (unsigned)m; *bit = (int)(t >> 32); return (uint32_t)t;
    case 256 + 41: t = (uint64_t)a - b - (unsigned)m; *bit = (int)((t >> 32) & 1); return (uint32_t)t;
    case 256 + 42: t = (uint64_t)b - a - (unsigned)m; *bit = (int)((t >> 32) & 1); return (uint32_t)t;
    case 384 + 0: return 0;
    /* transcendentals: the shared shader-float ops (docs/float.md; docs/blocks/si.cu.md 5.4) */
    case 384 + 37: return sf_ex2(a);
    case 384 + 39: return sf_lg2(a);
    case 384 + 42: case 384 + 43: return sf_rcp(a);
    case 384 + 46: return sf_rsq(a);
    case 384 + 51: return sf_sqrt(a);
    case 384 + 53: case 384 + 54: {
        uint32_t x = (uint32_t)a;
        if ((x & 0x7FFFFFFFu) > 0x43800000u && (x & 0x7FFFFFFFu) <= 0x7F800000u)
            return vop == 384 + 53 ? 0u : 0x3F800000u;     /* |x| > 256 (Inf too): 0.0 / 1.0 */
        return vop == 384 + 53 ? sf_sin(x) : sf_cos(x);
    }
    case 384 + 1: case 384 + 2: return a;
    case 384 + 5: return u_of((float)(int32_t)a);
    case 384 + 6: return u_of((float)a);
    case 384 + 7: return cvt_u32_f32(fin ? ftz(a) : a);
    case 384 + 8: return cvt_i32_f32(fin ? ftz(a) : a);
    case 384 + 55: return ~a;
    case 384 + 56: return brev32(a);
    case 322: return (uint32_t)((int32_t)sext24(a) * (int64_t)(int32_t)sext24(b)) + c;
    case 323: return (uint32_t)((uint64_t)(a & 0xFFFFFF) * (b & 0xFFFFFF)) + c;
    case 328: return bfe(a, b, c & 31, 0);
    case 329: return bfe(a, b, c & 31, 1);
    case 330: return (a & b) | (~a & c);
    case 353: return a64 << (b & 63);
    case 354: return a64 >> (b & 63);
    case 355: return (uint64_t)((int64_t)a64 >> (b & 63));
    case 361: case 363: return a * b;
    case 362: return (uint32_t)(((uint64_t)a * b) >> 32);
    case 364: return (uint32_t)(((int64_t)(int32_t)a * (int32_t)b) >> 32);
    default: return 0;
    }
}

/* ---- scalar ALU ---------------------------------------------------------------------------- */

unsigned cu_salu_srcs(unsigned fmt, unsigned op)
{
    switch (fmt) {
    case CU_F_SOP2:
        if (op <= 10 || op == 14 || op == 16 || op == 18 || op == 20 || op == 22 || op == 24 ||
            op == 26 || op == 28 || op == 30 || op == 32 || op == 34 || op == 36 ||
            (op >= 38 && op <= 40))
            return 3;
        if (op == 11 || op == 15 || op == 17 || op == 19 || op == 21 || op == 23 || op == 25 ||
            op == 27 || op == 29)
            return 3 | 4 | 8;
        if (op == 31 || op == 33 || op == 35)
            return 3 | 4;
        return 0;
    case CU_F_SOP1:
        if (op == 3 || op == 5 || op == 7 || op == 11 || op == 15 || op == 19 || op == 21 ||
            op == 25 || op == 26)
            return 1;
        if (op == 4 || op == 6 || op == 8 || (op >= 36 && op <= 39))
            return 1 | 4;
        return 0;
    case CU_F_SOPC:
        return op <= 13 ? 3 : 0;
    case CU_F_SOPK:
        return (op == 0 || (op >= 2 && op <= 16)) ? 1 : 0;   /* reads SDST (not for movk) */
    default:
        return 0;
    }
}

static int sovf_add(uint32_t a, uint32_t b, uint32_t d)
{
    return (int)(((~(a ^ b) & (a ^ d)) >> 31) & 1);
}

static int sovf_sub(uint32_t a, uint32_t b, uint32_t d)
{
    return (int)((((a ^ b) & (a ^ d)) >> 31) & 1);
}

static int icmp_sopc(unsigned op, uint32_t a, uint32_t b)
{
    if (op <= 5)
        return icmp(op == 0 ? 2 : op == 1 ? 5 : op == 2 ? 4 : op == 3 ? 6 : op == 4 ? 1 : 3, a, b, 1);
    if (op <= 11)
        return icmp(op == 6 ? 2 : op == 7 ? 5 : op == 8 ? 4 : op == 9 ? 6 : op == 10 ? 1 : 3, a, b, 0);
    if (op == 12)
        return ((a >> (b & 31)) & 1) == 0;
    return ((a >> (b & 31)) & 1) == 1;
}

int cu_salu(unsigned fmt, unsigned op, uint64_t s0, uint64_t s1, int scc, uint64_t exec,
            cu_salu_out *o)
{
    uint32_t a = (uint32_t)s0, b = (uint32_t)s1;
    uint64_t t;
    memset(o, 0, sizeof *o);
    o->scc = scc;
    o->exec = exec;
    o->wd = 1;
    if (fmt == CU_F_SOP2) {
        int d64 = (cu_salu_srcs(fmt, op) & 4) != 0;
        o->d64 = d64;
        uint64_t d = 0;
        int wscc = 1, nz = 0;
        switch (op) {
        case 0: t = (uint64_t)a + b; d = (uint32_t)t; o->scc = (int)(t >> 32); break;
        case 1: t = (uint64_t)a - b; d = (uint32_t)t; o->scc = (int)((t >> 32) & 1); break;
        case 2: d = a + b; o->scc = sovf_add(a, b, (uint32_t)d); break;
        case 3: d = a - b; o->scc = sovf_sub(a, b, (uint32_t)d); break;
        case 4: t = (uint64_t)a + b + (unsigned)scc; d = (uint32_t)t; o->scc = (int)(t >> 32); break;
        case 5: t = (uint64_t)a - b - (unsigned)scc; d = (uint32_t)t; o->scc = (int)((t >> 32) & 1); break;
        case 6: o->scc = (int32_t)a < (int32_t)b; d = o->scc ? a : b; break;
        case 7: o->scc = a < b; d = o->scc ? a : b; break;
        case 8: o->scc = (int32_t)a > (int32_t)b; d = o->scc ? a : b; break;
        case 9: o->scc = a > b; d = o->scc ? a : b; break;
        case 10: d = scc ? a : b; wscc = 0; break;
        case 11: d = scc ? s0 : s1; wscc = 0; break;
        case 14: case 15: d = s0 & s1; nz = 1; break;
        case 16: case 17: d = s0 | s1; nz = 1; break;
        case 18: case 19: d = s0 ^ s1; nz = 1; break;
        case 20: case 21: d = s0 & ~s1; nz = 1; break;
        case 22: case 23: d = s0 | ~s1; nz = 1; break;
        case 24: case 25: d = ~(s0 & s1); nz = 1; break;
        case 26: case 27: d = ~(s0 | s1); nz = 1; break;
        case 28: case 29: d = ~(s0 ^ s1); nz = 1; break;
        case 30: d = a << (b & 31); nz = 1; break;
        case 31: d = s0 << (b & 63); nz = 1; break;
        case 32: d = a >> (b & 31); nz = 1; break;
        case 33: d = s0 >> (b & 63); nz = 1; break;
        case 34: d = (uint32_t)((int32_t)a >> (b & 31)); nz = 1; break;
        case 35: d = (uint64_t)((int64_t)s0 >> (b & 63)); nz = 1; break;
        case 36: d = (((1u << (a & 31)) - 1) << (b & 31)); wscc = 0; break;
        case 38: d = a * b; wscc = 0; break;
        case 39: d = bfe(a, b, (b >> 16) & 0x7F, 0); nz = 1; break;
        case 40: d = bfe(a, b, (b >> 16) & 0x7F, 1); nz = 1; break;
        default: return 0;
        }
        if (!d64)
            d = (uint32_t)d;
        if (nz)
            o->scc = d != 0;
        o->wscc = wscc;
        o->d = d;
        return 1;
    }
    if (fmt == CU_F_SOP1) {
        uint64_t d = 0;
        switch (op) {
        case 3: d = a; break;
        case 4: d = s0; o->d64 = 1; break;
        case 5: d = a; o->wd = scc; break;
        case 6: d = s0; o->d64 = 1; o->wd = scc; break;
        case 7: d = (uint32_t)~a; o->wscc = 1; o->scc = d != 0; break;
        case 8: d = ~s0; o->d64 = 1; o->wscc = 1; o->scc = d != 0; break;
        case 11: d = brev32(a); break;
        case 15: d = (uint32_t)__builtin_popcount(a); o->wscc = 1; o->scc = d != 0; break;
        case 19: d = a ? (uint32_t)__builtin_ctz(a) : 0xFFFFFFFFu; break;
        case 21: d = a ? (uint32_t)__builtin_clz(a) : 0xFFFFFFFFu; break;
        case 25: d = (uint32_t)(int32_t)(int8_t)(a & 0xFF); break;
        case 26: d = (uint32_t)(int32_t)(int16_t)(a & 0xFFFF); break;
        case 36: case 37: case 38: case 39:
            d = exec; o->d64 = 1;
            o->exec = op == 36 ? (s0 & exec) : op == 37 ? (s0 | exec) : op == 38 ? (s0 ^ exec) : (s0 & ~exec);
            o->wexec = 1; o->wscc = 1; o->scc = o->exec != 0;
            break;
        default: return 0;
        }
        o->d = d;
        return 1;
    }
    if (fmt == CU_F_SOPC) {
        if (op > 13)
            return 0;
        o->wd = 0;
        o->wscc = 1;
        o->scc = icmp_sopc(op, a, b);
        return 1;
    }
    if (fmt == CU_F_SOPK) {
        uint32_t ks = (uint32_t)(int32_t)(int16_t)(b & 0xFFFF), ku = b & 0xFFFF;
        switch (op) {
        case 0: o->d = ks; return 1;
        case 2: o->d = ks; o->wd = scc; return 1;
        case 15: o->d = a + ks; o->wscc = 1; o->scc = sovf_add(a, ks, (uint32_t)o->d); return 1;
        case 16: o->d = a * ks; return 1;
        default:
            if (op >= 3 && op <= 14) {
                o->wd = 0;
                o->wscc = 1;
                o->scc = op <= 8 ? icmp_sopc(op - 3, a, ks) : icmp_sopc(op - 9 + 6, a, ku);
                return 1;
            }
            return 0;
        }
    }
    return 0;
}

/* docs/blocks/si.cu.md "LDS": seed 002:1887 (DS_ADD_U32 ... DS_XOR_B32). */
uint32_t cu_ds_atomic(unsigned op, uint32_t old, uint32_t d)
{
    switch (op & 31) {
    case 0: return old + d;
    case 1: return old - d;
    case 2: return d - old;
    case 3: return old >= d ? 0 : old + 1;
    case 4: return (old == 0 || old > d) ? d : old - 1;
    case 5: return (int32_t)d < (int32_t)old ? d : old;
    case 6: return (int32_t)d > (int32_t)old ? d : old;
    case 7: return d < old ? d : old;
    case 8: return d > old ? d : old;
    case 9: return old & d;
    case 10: return old | d;
    default: return old ^ d;
    }
}

unsigned cu_mubuf_dwords(unsigned op)
{
    return (op == 13 || op == 29) ? 2 : (op == 14 || op == 30) ? 4 : (op == 15 || op == 31) ? 3 : 1;
}

int cu_mubuf_op(unsigned op, int *load, int *store, int *atomic, unsigned *bytes, int *sext)
{
    *load = *store = *atomic = *sext = 0;
    *bytes = 4;
    switch (op) {
    case 8: case 9: *load = 1; *bytes = 1; *sext = op == 9; return 1;
    case 10: case 11: *load = 1; *bytes = 2; *sext = op == 11; return 1;
    case 12: case 13: case 14: case 15: *load = 1; return 1;
    case 24: *store = 1; *bytes = 1; return 1;
    case 26: *store = 1; *bytes = 2; return 1;
    case 28: case 29: case 30: case 31: *store = 1; return 1;
    case 50: *atomic = 1; return 1;
    default: return 0;
    }
}

/* ---- MTBUF formats (docs/blocks/si.cu.md, "Typed buffer memory") ---------------------------- */

/* DFMT -> components (bits 2:0) and component width code (bits 5:4: 1 = 8, 2 = 16, 3 = 32). */
static unsigned tb_shape(unsigned dfmt)
{
    switch (dfmt) {
    case 1: return 0x11; case 2: return 0x21; case 3: return 0x12; case 4: return 0x31;
    case 5: return 0x22; case 10: return 0x14; case 11: return 0x32; case 12: return 0x24;
    case 13: return 0x33; case 14: return 0x34; default: return 0;
    }
}

int cu_tbuf_fmt(unsigned dfmt, unsigned nfmt, int store, unsigned *nc, unsigned *w)
{
    unsigned sh = tb_shape(dfmt);
    *nc = sh & 7;
    *w = sh ? 4u << (sh >> 4) : 0;
    if (!sh || nfmt == 6)
        return 0;
    if (nfmt == 7)                           /* FLOAT: 32-bit components only */
        return *w == 32;
    if (nfmt <= 3)                           /* UNORM, SNORM, USCALED, SSCALED: 8/16-bit, loads */
        return *w < 32 && !store;
    return 1;                                /* UINT, SINT */
}

unsigned cu_tbuf_bytes(unsigned dfmt)
{
    unsigned sh = tb_shape(dfmt);
    return (sh & 7) * (4u << (sh >> 4)) / 8;
}

/* An integer of at most 17 significant bits as binary32 (exact). */
static uint32_t tb_i2f(int32_t v)
{
    float f = (float)v;
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

uint32_t cu_tbuf_load_comp(unsigned dfmt, unsigned nfmt, unsigned c, const uint32_t el[4])
{
    unsigned nc, w;
    cu_tbuf_fmt(dfmt, nfmt, 0, &nc, &w);
    if (c >= nc)                             /* missing: 0, 0, 0, one */
        return c < 3 ? 0 : (nfmt == 4 || nfmt == 5) ? 1 : 0x3F800000u;
    unsigned bit = c * w;
    uint32_t r = el[bit / 32];
    if (w < 32)
        r = (r >> (bit % 32)) & ((1u << w) - 1);
    int32_t sv = w < 32 ? (int32_t)(r << (32 - w)) >> (32 - w) : (int32_t)r;
    switch (nfmt) {
    case 0: return cu_fmul(tb_i2f((int32_t)r), w == 8 ? 0x3B808081u : 0x37800080u, 0, 0);
    case 1:
        if (sv == -(1 << (w - 1)))
            return 0xBF800000u;
        return cu_fmul(tb_i2f(sv), w == 8 ? 0x3C010204u : 0x38000100u, 0, 0);
    case 2: return tb_i2f((int32_t)r);
    case 3: return tb_i2f(sv);
    case 5: return (uint32_t)sv;
    default: return r;                       /* UINT, FLOAT (32-bit) */
    }
}
