/*
 * cu_model.c - the cycle-accurate C model of the Sea Islands compute unit (si.cu).  It follows
 * the micro-architecture of docs/blocks/si.cu.md ("Micro-architecture"): one state machine,
 * one wave at a time, one instruction at a time; cu_eval computes the outputs from the state,
 * cu_tick the state after the clock edge from the state before it and the handshakes.
 */
#include <stdlib.h>
#include <string.h>

#include "cu_isa.h"
#include "si_cu_ports.h"

enum { S_IDLE, S_WINIT, S_FETCH, S_FWAIT, S_FETCH2, S_FWAIT2, S_EXEC, S_SMEM, S_VALU, S_VMEM,
       S_VWAIT, S_RETIRE, S_WNEXT, S_EOD, S_SWITCH, S_DS, S_VATW, S_TCVT };
enum { W_RUN, W_BAR, W_DONE };

#define A_INITIATOR 0xB800u

typedef struct cu {
    /* the COMPUTE_* registers */
    uint32_t dim[3], start[3], nth[3], pgm_lo, rsrc1, rsrc2, user[16];
    /* the dispatch */
    unsigned st;
    uint32_t grp[3];
    uint64_t nthreads, nwaves, tflat;
    uint32_t tid[3];
    uint16_t wave, errs, gbase;
    /* the group's waves: registers per slot, the state of the others saved */
    unsigned cur;
    uint32_t sg[CU_NSLOT][CU_NSGPR];
    uint32_t vg[CU_NSLOT][CU_NVGPR][64];
    uint32_t pc_s[CU_NSLOT], m0_s[CU_NSLOT];
    uint64_t vcc_s[CU_NSLOT], exec_s[CU_NSLOT];
    int scc_s[CU_NSLOT], stat[CU_NSLOT];
    uint32_t lds[CU_LDS_DW];
    /* the running wave */
    uint32_t m0;
    uint64_t vcc, exec;
    int scc;
    uint32_t pc, w0, w1;
    cu_inst d;
    unsigned lane;
    uint32_t saddr;
    unsigned sn, sreq, srsp;
    uint64_t mask;
    uint32_t hash;
    uint32_t aold;                      /* buffer_atomic_add: the dword read */
    unsigned mk;                        /* MUBUF x2/x3/x4: the lane's dword */
    uint32_t tb[4];                     /* MTBUF load: the lane's element dwords */
    unsigned tc;                        /* MTBUF load: the component being converted */
    /* the retire record */
    unsigned r_dst;
    int r_err, end, bar;
    uint32_t npc;
} cu;

static void *cu_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(cu));
}

static void cu_destroy(void *h)
{
    free(h);
}

static uint32_t rotl1(uint32_t h) { return (h << 1) | (h >> 31); }
static uint32_t hmix(uint32_t h, uint32_t d) { return rotl1(h) ^ d; }

/* ---- operands (docs/blocks/si.cu.md, "Operands") -------------------------------------------- */

static int sread(const cu *s, unsigned c, uint32_t *v)
{
    if (c < CU_NSGPR) { *v = s->sg[s->cur][c]; return 1; }
    switch (c) {
    case 106: *v = (uint32_t)s->vcc; return 1;
    case 107: *v = (uint32_t)(s->vcc >> 32); return 1;
    case 124: *v = s->m0; return 1;
    case 126: *v = (uint32_t)s->exec; return 1;
    case 127: *v = (uint32_t)(s->exec >> 32); return 1;
    case 251: *v = s->vcc == 0; return 1;
    case 252: *v = s->exec == 0; return 1;
    case 253: *v = (uint32_t)s->scc; return 1;
    case 255: *v = s->w1; return s->d.two && s->d.fmt != CU_F_VOP3;
    default: return cu_const32(c, v);
    }
}

static int sread64(const cu *s, unsigned c, uint64_t *v)
{
    uint32_t lo, hi;
    if (c < 128) {
        if (!sread(s, c, &lo) || !sread(s, c + 1, &hi))
            return 0;
        *v = ((uint64_t)hi << 32) | lo;
        return 1;
    }
    if (c >= 251 && c <= 253) {
        sread(s, c, &lo);
        *v = lo;
        return 1;
    }
    return cu_const64(c, v);
}

static int swritable(unsigned c)
{
    return c < CU_NSGPR || c == 106 || c == 107 || c == 124 || c == 126 || c == 127;
}

static void swrite(cu *s, unsigned c, uint32_t v)
{
    if (c < CU_NSGPR) s->sg[s->cur][c] = v;
    else if (c == 106) s->vcc = (s->vcc & 0xFFFFFFFF00000000ull) | v;
    else if (c == 107) s->vcc = (s->vcc & 0xFFFFFFFFull) | ((uint64_t)v << 32);
    else if (c == 124) s->m0 = v;
    else if (c == 126) s->exec = (s->exec & 0xFFFFFFFF00000000ull) | v;
    else if (c == 127) s->exec = (s->exec & 0xFFFFFFFFull) | ((uint64_t)v << 32);
}

/* A VALU source code is readable (w64: as 64 bits). */
static int vreadable(const cu *s, unsigned c, int w64)
{
    uint64_t v;
    uint32_t x;
    if (c >= 256)
        return c - 256 < CU_NVGPR;
    if (s->d.fmt == CU_F_VOP3 && c == 255)
        return 0;
    return w64 ? sread64(s, c, &v) : sread(s, c, &x);
}

static uint64_t vread(const cu *s, unsigned c, unsigned lane, int w64)
{
    if (c >= 256) {
        unsigned r = c - 256;
        uint64_t lo = s->vg[s->cur][r][lane];
        return w64 ? lo | ((uint64_t)s->vg[s->cur][(r + 1) % CU_NVGPR][lane] << 32) : lo;
    }
    if (w64) {
        uint64_t v = 0;
        sread64(s, c, &v);
        return v;
    }
    uint32_t x = 0;
    sread(s, c, &x);
    return x;
}

static uint32_t fmod32(uint32_t x, const cu_inst *d, unsigned i, unsigned at)
{
    if (d->fmt != CU_F_VOP3 || !(at & CU_A_FLT))
        return x;
    if ((d->abs >> i) & 1)
        x &= 0x7FFFFFFFu;
    if ((d->neg >> i) & 1)
        x ^= 0x80000000u;
    return x;
}

/* ---- the EXEC cycle: decode checks, scalar work ---------------------------------------------- */

static unsigned salu_hasdst(const cu_inst *d)
{
    if (d->fmt == CU_F_SOP2 || d->fmt == CU_F_SOP1)
        return 1;
    return d->fmt == CU_F_SOPK && (d->op == 0 || d->op == 2 || d->op == 15 || d->op == 16);
}

static void exec_ds(cu *s);

static void fail(cu *s)
{
    s->r_err = 1;
    s->end = 1;
    s->r_dst = CU_DST_NONE;
    s->hash = 0;
    s->st = S_RETIRE;
}

static void exec_salu(cu *s)
{
    const cu_inst *d = &s->d;
    unsigned src = cu_salu_srcs(d->fmt, d->op);
    uint64_t a = 0, b = 0;
    if (!src) { fail(s); return; }
    if (d->fmt == CU_F_SOPK) {
        uint32_t x = 0;
        if (d->op != 0 && !sread(s, d->sdst, &x)) { fail(s); return; }
        a = x;
        b = d->simm16;
    } else {
        int ok = (src & 4) ? sread64(s, d->ssrc0, &a) : 1;
        uint32_t x = 0, y = 0;
        if (!(src & 4)) { ok = sread(s, d->ssrc0, &x); a = x; }
        if (ok && (src & 2)) {
            if (src & 8) ok = sread64(s, d->ssrc1, &b);
            else { ok = sread(s, d->ssrc1, &y); b = y; }
        }
        if (!ok) { fail(s); return; }
    }
    cu_salu_out o;
    cu_salu(d->fmt, d->op, a, b, s->scc, s->exec, &o);
    unsigned hd = salu_hasdst(d);
    if (hd && (!swritable(d->sdst) || (o.d64 && !swritable(d->sdst + 1)))) { fail(s); return; }
    s->r_dst = CU_DST_NONE;
    s->hash = 0;
    if (hd && o.wd) {
        swrite(s, d->sdst, (uint32_t)o.d);
        s->hash = (uint32_t)o.d;
        if (o.d64) {
            swrite(s, d->sdst + 1, (uint32_t)(o.d >> 32));
            s->hash = hmix(s->hash, (uint32_t)(o.d >> 32));
        }
        s->r_dst = d->sdst;
    } else if (!hd) {
        s->r_dst = 253;
        s->hash = (uint32_t)o.scc;
    }
    if (o.wscc)
        s->scc = o.scc;
    if (o.wexec)
        s->exec = o.exec;
    s->st = S_RETIRE;
}

static void exec_sopp(cu *s)
{
    const cu_inst *d = &s->d;
    uint32_t tgt = s->pc + 4 + (uint32_t)((int32_t)(int16_t)d->simm16 * 4);
    int take;
    switch (d->op) {
    case 0: case 12: take = 0; break;
    case 10: take = 0; s->bar = 1; break;
    case 1: take = 0; s->end = 1; break;
    case 2: take = 1; break;
    case 4: take = !s->scc; break;
    case 5: take = s->scc; break;
    case 6: take = s->vcc == 0; break;
    case 7: take = s->vcc != 0; break;
    case 8: take = s->exec == 0; break;
    case 9: take = s->exec != 0; break;
    default: fail(s); return;
    }
    if (take)
        s->npc = tgt;
    s->r_dst = CU_DST_NONE;
    s->hash = 0;
    s->st = S_RETIRE;
}

static void exec_smrd(cu *s)
{
    const cu_inst *d = &s->d;
    unsigned op = d->op;
    if (!(op <= 4 || (op >= 8 && op <= 12))) { fail(s); return; }
    unsigned n = 1u << (op & 7);
    uint64_t base;
    uint32_t off = 0;
    if (!sread64(s, d->sbase * 2, &base) || d->sbase * 2 >= 128) { fail(s); return; }
    if (d->imm)
        off = d->soff * 4;
    else if (d->soff == 255 || !sread(s, d->soff, &off)) { fail(s); return; }
    if (d->sdst + n - 1 >= CU_NSGPR) { fail(s); return; }
    s->saddr = ((uint32_t)base + off) & ~3u;
    s->sn = n;
    s->sreq = 0;
    s->srsp = 0;
    s->hash = 0;
    s->r_dst = d->sdst;
    s->st = S_SMEM;
}

static void exec_valu(cu *s)
{
    const cu_inst *d = &s->d;
    unsigned at = cu_vop_attr(d->op);
    int e3 = d->fmt == CU_F_VOP3;
    if (!(at & CU_A_OK) || (e3 && ((at & CU_A_VOP2ONLY) || d->clamp || d->omod))) { fail(s); return; }
    if (d->op != 384 && !vreadable(s, d->src0, (at & CU_A_S064) != 0)) { fail(s); return; }
    if ((at & CU_A_NS2) && !vreadable(s, d->src1, 0)) { fail(s); return; }
    if ((at & CU_A_NS3) && !vreadable(s, d->src2, 0)) { fail(s); return; }
    if ((at & CU_A_MSK) && e3 && (d->src2 >= 256 || !vreadable(s, d->src2, 1))) { fail(s); return; }
    if ((at & CU_A_WV) && d->vdst >= CU_NVGPR) { fail(s); return; }
    if ((at & (CU_A_CMP | CU_A_CO)) && !(swritable(d->sdst3) && swritable(d->sdst3 + 1))) { fail(s); return; }
    if ((at & CU_A_RFL) && (!swritable(d->vdst) || d->src0 < 256)) { fail(s); return; }
    if (d->op == 256 + 1 || d->op == 256 + 2) {  /* readlane / writelane: the lane from VSRC1 (scalar) */
        uint32_t x;
        if (!sread(s, d->src1 - 256, &x) || (d->op == 257 ? (d->src0 < 256 || !swritable(d->vdst))
                                                           : (d->src0 >= 256 || d->vdst >= CU_NVGPR))) {
            fail(s);
            return;
        }
    }
    s->lane = 0;
    s->mask = 0;
    s->hash = 0;
    s->r_dst = (at & CU_A_WV) ? 256 + d->vdst : (at & CU_A_CMP) ? d->sdst3 : (at & CU_A_RFL) ? d->vdst : CU_DST_NONE;
    if (d->op == 256 + 1)
        s->r_dst = d->vdst;
    else if (d->op == 256 + 2)
        s->r_dst = 256 + d->vdst;
    s->st = S_VALU;
}

/* MUBUF: the V# and the checks (docs/blocks/si.cu.md, "Buffer memory"). */
static int mubuf_vsharp(const cu *s, uint32_t vs[4])
{
    for (unsigned i = 0; i < 4; i++)
        if (!sread(s, s->d.srsrc * 4 + i, &vs[i]))
            return 0;
    return 1;
}

static void exec_mubuf(cu *s)
{
    const cu_inst *d = &s->d;
    uint32_t vs[4], so;
    int ld, stv, atm, sx;
    unsigned nb;
    if (!cu_mubuf_op(d->op, &ld, &stv, &atm, &nb, &sx) || d->lds || d->tfe || (d->addr64 && (d->offen || d->idxen)) ||
        !mubuf_vsharp(s, vs) || (vs[1] >> 31) || ((vs[3] >> 23) & 1) || d->msoff == 255 ||
        !sread(s, d->msoff, &so) || d->vaddr >= CU_NVGPR || d->vdata + cu_mubuf_dwords(d->op) > CU_NVGPR) {
        fail(s);
        return;
    }
    s->lane = 0;
    s->mk = 0;
    s->hash = 0;
    s->r_dst = (ld || (atm && ((s->w0 >> 14) & 1))) ? 256 + d->vdata : CU_DST_NONE;
    s->st = S_VMEM;
}

/* MTBUF: the checks of MUBUF with the format's (docs/blocks/si.cu.md, "Typed buffer memory"). */
static void exec_mtbuf(cu *s)
{
    const cu_inst *d = &s->d;
    uint32_t vs[4], so;
    unsigned nc, w, nop = (d->op & 3) + 1;
    int st = d->op >= 4;
    if (!cu_tbuf_fmt(d->dfmt, d->nfmt, st, &nc, &w) || d->tfe || (d->addr64 && (d->offen || d->idxen)) ||
        !mubuf_vsharp(s, vs) || (vs[1] >> 31) || ((vs[3] >> 23) & 1) || d->msoff == 255 ||
        !sread(s, d->msoff, &so) || d->vaddr >= CU_NVGPR || d->vdata + nop > CU_NVGPR) {
        fail(s);
        return;
    }
    s->lane = 0;
    s->mk = 0;
    s->hash = 0;
    s->r_dst = st ? CU_DST_NONE : 256 + d->vdata;
    s->st = S_VMEM;
}

/* The address and range check of the current lane. */
static uint32_t mubuf_addr_raw(const cu *s, int *oob);
static uint32_t mubuf_addr(const cu *s, int *oob)
{
    return mubuf_addr_raw(s, oob) & ~3u;
}

/* The lane's byte address before the dword alignment. */
static uint32_t mubuf_addr_raw(const cu *s, int *oob)
{
    const cu_inst *d = &s->d;
    uint32_t vs[4], so = 0;
    mubuf_vsharp(s, vs);
    sread(s, d->msoff, &so);
    unsigned l = s->lane, va = d->vaddr;
    uint32_t base = vs[0], stride = (vs[1] >> 16) & 0x3FFF, nrec = vs[2];
    *oob = 0;
    if (d->addr64)
        return base + s->vg[s->cur][va][l] + so + d->moff + 4 * s->mk;
    uint32_t idx = d->idxen ? s->vg[s->cur][va][l] : 0;
    uint32_t voff = d->offen ? s->vg[s->cur][(va + d->idxen) % CU_NVGPR][l] : 0;
    uint32_t off = voff + d->moff + 4 * s->mk;     /* dword mk of an x2/x3/x4 access */
    *oob = stride == 0 ? off >= nrec : idx >= nrec;
    return base + so + off + idx * stride;
}

/* MUBUF attributes of the running instruction. */
static void mb_kind(const cu *s, int *ld, int *st, int *atm, unsigned *nb, int *sx)
{
    if (s->d.fmt == CU_F_MTBUF) {              /* an element below a dword: a byte or short access */
        unsigned e = cu_tbuf_bytes(s->d.dfmt);
        *ld = s->d.op < 4;
        *st = !*ld;
        *atm = 0;
        *sx = 0;
        *nb = e < 4 ? e : 4;
        return;
    }
    cu_mubuf_op(s->d.op, ld, st, atm, nb, sx);
}

/* The dword accesses per lane: MUBUF x2/x3/x4, an MTBUF element's dwords. */
static unsigned vm_dwords(const cu *s)
{
    if (s->d.fmt == CU_F_MTBUF) {
        unsigned e = cu_tbuf_bytes(s->d.dfmt);
        return e < 4 ? 1 : e / 4;
    }
    return cu_mubuf_dwords(s->d.op);
}

/* An MTBUF store's dword mk of the lane's element at byte address a: the data and the byte
 * enables of the components the op stores (be = 0: nothing of this dword is stored). */
static void tb_store(const cu *s, uint32_t a, uint32_t *wd, unsigned *be)
{
    unsigned nc, w, nop = (s->d.op & 3) + 1, e = cu_tbuf_bytes(s->d.dfmt), bm = 0;
    uint32_t el[4] = {0, 0, 0, 0};
    cu_tbuf_fmt(s->d.dfmt, s->d.nfmt, 1, &nc, &w);
    for (unsigned c = 0; c < nop && c < nc; c++) {
        uint32_t v = s->vg[s->cur][s->d.vdata + c][s->lane];
        if (w < 32)
            v &= (1u << w) - 1;
        el[c * w / 32] |= v << (c * w % 32);
        bm |= ((1u << (w / 8)) - 1) << (c * w / 8);
    }
    if (e < 4) {
        unsigned sh = e == 1 ? (a & 3) : (a & 2);
        *wd = el[0] << (8 * sh);
        *be = (bm << sh) & 0xF;
    } else {
        *wd = el[s->mk];
        *be = (bm >> (4 * s->mk)) & 0xF;
    }
}

/* A sub-dword load's value from the dword read (byte lane by the address; bit 0 ignored for shorts). */
static uint32_t mb_extract(uint32_t rd, uint32_t a, unsigned nb, int sx)
{
    if (nb == 1) {
        uint32_t b = (rd >> (8 * (a & 3))) & 0xFF;
        return sx ? (uint32_t)(int32_t)(int8_t)b : b;
    }
    if (nb == 2) {
        uint32_t h = (rd >> (8 * (a & 2))) & 0xFFFF;
        return sx ? (uint32_t)(int32_t)(int16_t)h : h;
    }
    return rd;
}

static void exec_cycle(cu *s)
{
    s->r_err = 0;
    s->end = 0;
    s->bar = 0;
    s->npc = s->pc + 4 * cu_inst_dwords(&s->d);
    switch (s->d.fmt) {
    case CU_F_SOP2: case CU_F_SOPK: case CU_F_SOP1: case CU_F_SOPC: exec_salu(s); break;
    case CU_F_SOPP: exec_sopp(s); break;
    case CU_F_SMRD: exec_smrd(s); break;
    case CU_F_VOP1: case CU_F_VOP2: case CU_F_VOPC: case CU_F_VOP3: exec_valu(s); break;
    case CU_F_MUBUF: exec_mubuf(s); break;
    case CU_F_MTBUF: exec_mtbuf(s); break;
    case CU_F_DS: exec_ds(s); break;
    default: fail(s); break;
    }
}

/* ---- one VALU lane --------------------------------------------------------------------------- */

static void valu_lane(cu *s)
{
    const cu_inst *d = &s->d;
    unsigned at = cu_vop_attr(d->op), l = s->lane;
    int act = (int)((s->exec >> l) & 1);
    int fm = (int)((s->rsrc1 >> 12) & 0xFF);
    int fin = !((fm >> 4) & 1), fout = !((fm >> 5) & 1);
    uint64_t a = vread(s, d->src0, l, (at & CU_A_S064) != 0);
    if (!(at & CU_A_S064))
        a = fmod32((uint32_t)a, d, 0, at);
    uint32_t b = (at & CU_A_NS2) ? fmod32((uint32_t)vread(s, d->src1, l, 0), d, 1, at) : 0;
    uint32_t c = (at & CU_A_NS3) ? fmod32((uint32_t)vread(s, d->src2, l, 0), d, 2, at) : 0;
    int m = 0;
    if (at & CU_A_MSK)
        m = (int)(((d->fmt == CU_F_VOP3 ? vread(s, d->src2, l, 1) : s->vcc) >> l) & 1);
    int bit;
    uint64_t r = cu_valu_lane(d->op, a, b, c, m, s->w1, fin, fout, &bit);
    if (act && (at & CU_A_WV)) {
        s->vg[s->cur][d->vdst][l] = (uint32_t)r;
        s->hash = hmix(s->hash, (uint32_t)r);
        if (at & CU_A_D64) {
            s->vg[s->cur][(d->vdst + 1) % CU_NVGPR][l] = (uint32_t)(r >> 32);
            s->hash = hmix(s->hash, (uint32_t)(r >> 32));
        }
    }
    if (act && bit)
        s->mask |= 1ull << l;
    if ((at & CU_A_RFL) && l == (s->exec ? (unsigned)__builtin_ctzll(s->exec) : 0u))
        s->mask = (uint32_t)r;                  /* the first active lane's value (lane 0 if none) */
    if (d->op == 256 + 1 || d->op == 256 + 2) {  /* the selected lane, whatever EXEC says */
        uint32_t sel = 0;
        sread(s, d->src1 - 256, &sel);
        if (l == (sel & 63)) {
            if (d->op == 256 + 1) {
                s->mask = s->vg[s->cur][d->src0 - 256][l];
            } else {
                s->vg[s->cur][d->vdst][l] = (uint32_t)a;
                s->hash = hmix(0, (uint32_t)a);
            }
        }
        if (l == 63 && d->op == 256 + 1) {
            swrite(s, d->vdst, (uint32_t)s->mask);
            s->hash = hmix(0, (uint32_t)s->mask);
        }
    }
    if (l == 63) {
        if (at & CU_A_RFL) {
            swrite(s, d->vdst, (uint32_t)s->mask);
            s->hash = hmix(0, (uint32_t)s->mask);
        }
        if (at & (CU_A_CMP | CU_A_CO)) {
            swrite(s, d->sdst3, (uint32_t)s->mask);
            swrite(s, d->sdst3 + 1, (uint32_t)(s->mask >> 32));
            s->hash = hmix(hmix(s->hash, (uint32_t)s->mask), (uint32_t)(s->mask >> 32));
        }
        if (at & CU_A_CMPX)
            s->exec = s->mask;
        s->st = S_RETIRE;
    } else {
        s->lane = l + 1;
    }
}

/* ---- the wave's start (docs/blocks/si.cu.md, "Wave start") ----------------------------------- */

static void winit_lane(cu *s)
{
    unsigned l = s->lane;
    if (l == 0) {
        unsigned nu = (s->rsrc2 >> 1) & 31, i = 0;
        if (nu > 16)
            nu = 16;
        memset(s->sg[s->cur], 0, sizeof s->sg[0]);
        for (; i < nu; i++)
            s->sg[s->cur][i] = s->user[i];
        for (unsigned k = 0; k < 3; k++)
            if ((s->rsrc2 >> (7 + k)) & 1)
                s->sg[s->cur][i++] = s->grp[k];
        s->vcc = 0;
        s->exec = 0;
        s->m0 = 0;
        s->scc = 0;
        s->pc = s->pgm_lo << 8;
    }
    unsigned tc = (s->rsrc2 >> 11) & 3;
    for (unsigned r = 0; r < CU_NVGPR; r++)
        s->vg[s->cur][r][l] = 0;
    s->vg[s->cur][0][l] = s->tid[0];
    s->vg[s->cur][1][l] = tc >= 1 ? s->tid[1] : 0;
    s->vg[s->cur][2][l] = tc >= 2 ? s->tid[2] : 0;
    if (s->tflat < s->nthreads)
        s->exec |= 1ull << l;
    s->tflat++;
    if (s->tid[0] + 1 == s->nth[0]) {
        s->tid[0] = 0;
        if (s->tid[1] + 1 == s->nth[1]) {
            s->tid[1] = 0;
            s->tid[2]++;
        } else {
            s->tid[1]++;
        }
    } else {
        s->tid[0]++;
    }
    if (l == 63) {
        /* this slot is ready to run; the next slot, or the first wave (through SWITCH) */
        s->stat[s->cur] = W_RUN;
        if (s->cur + 1 < s->nwaves) {
            s->pc_s[s->cur] = s->pc; s->exec_s[s->cur] = s->exec; s->vcc_s[s->cur] = s->vcc;
            s->m0_s[s->cur] = s->m0; s->scc_s[s->cur] = s->scc;
            s->cur++;
            s->lane = 0;
        } else {
            s->st = S_SWITCH;
        }
    } else {
        s->lane = l + 1;
    }
}

/* A work-group starts: its waves' slots are initialised one after another (WINIT). */
static void group_start(cu *s)
{
    s->tflat = 0;
    s->tid[0] = s->tid[1] = s->tid[2] = 0;
    s->lane = 0;
    s->cur = 0;
    s->gbase = s->wave;
    memset(s->lds, 0, sizeof s->lds);
    s->st = S_WINIT;
}

static void regw(cu *s, uint32_t a, uint32_t v)
{
    if (a >= 0xB804 && a <= 0xB80C) s->dim[(a - 0xB804) / 4] = v;
    else if (a >= 0xB810 && a <= 0xB818) s->start[(a - 0xB810) / 4] = v;
    else if (a >= 0xB81C && a <= 0xB824) s->nth[(a - 0xB81C) / 4] = v & 0xFFFF;
    else if (a == 0xB830) s->pgm_lo = v;
    else if (a == 0xB848) s->rsrc1 = v;
    else if (a == 0xB84C) s->rsrc2 = v;
    else if (a >= 0xB900 && a <= 0xB93C && (a & 3) == 0) s->user[(a - 0xB900) / 4] = v;
    else if (a == A_INITIATOR && (v & 1)) {
        s->wave = 0;
        s->errs = 0;
        s->nthreads = (uint64_t)s->nth[0] * s->nth[1] * s->nth[2];
        s->nwaves = (s->nthreads + 63) >> 6;
        int none = s->nthreads == 0;
        for (unsigned k = 0; k < 3; k++) {
            s->grp[k] = s->start[k];
            if (s->dim[k] <= s->start[k])
                none = 1;
        }
        if (s->nwaves > CU_NSLOT) {    /* a group of more than CU_NSLOT waves: not built */
            none = 1;
            s->errs = 1;
        }
        if (none)
            s->st = S_EOD;
        else
            group_start(s);
    }
}

/* All waves of the group are done: the next group, or the end of the dispatch. */
static void next_group(cu *s)
{
    for (unsigned k = 0; k < 3; k++) {
        if (s->grp[k] + 1 < s->dim[k]) {
            s->grp[k]++;
            group_start(s);
            return;
        }
        s->grp[k] = s->start[k];
    }
    s->st = S_EOD;
}

/* SWITCH: save the running wave, pick the next runnable slot round-robin from cur+1 (all waiting
 * at the barrier: release them), load it; none left: the group is done. */
static void switch_wave(cu *s)
{
    unsigned c = s->cur, n = (unsigned)s->nwaves, pick = CU_NSLOT;
    s->pc_s[c] = s->pc; s->exec_s[c] = s->exec; s->vcc_s[c] = s->vcc;
    s->m0_s[c] = s->m0; s->scc_s[c] = s->scc;
    for (unsigned k = 1; k <= CU_NSLOT && pick == CU_NSLOT; k++) {
        unsigned j = (c + k) % CU_NSLOT;
        if (j < n && s->stat[j] == W_RUN)
            pick = j;
    }
    if (pick == CU_NSLOT) {
        for (unsigned j = 0; j < n; j++)
            if (s->stat[j] == W_BAR)
                s->stat[j] = W_RUN;
        for (unsigned k = 1; k <= CU_NSLOT && pick == CU_NSLOT; k++) {
            unsigned j = (c + k) % CU_NSLOT;
            if (j < n && s->stat[j] == W_RUN)
                pick = j;
        }
    }
    if (pick == CU_NSLOT) {
        s->st = S_WNEXT;
        return;
    }
    s->cur = pick;
    s->pc = s->pc_s[pick]; s->exec = s->exec_s[pick]; s->vcc = s->vcc_s[pick];
    s->m0 = s->m0_s[pick]; s->scc = s->scc_s[pick];
    s->st = S_FETCH;
}

/* ---- DS (LDS) -------------------------------------------------------------------------------- */

static void exec_ds(cu *s)
{
    const cu_inst *d = &s->d;
    unsigned op = d->op;
    int atom = op <= 11, artn = op >= 32 && op <= 43, w2 = op == 14, r2 = op == 55;
    int wsub = op == 30 || op == 31, rsub = op >= 57 && op <= 60, w64 = op == 77, r64 = op == 118;
    int wr = op == 13 || atom || artn || w2 || wsub || w64, rd = op == 54 || artn || r2 || rsub || r64;
    if (d->gds || !(op == 13 || op == 54 || atom || artn || w2 || r2 || wsub || rsub || w64 || r64) ||
        d->daddr >= CU_NVGPR || (wr && d->ddata0 >= (w64 ? CU_NVGPR - 1 : CU_NVGPR)) ||
        (w2 && d->ddata1 >= CU_NVGPR) || (rd && d->dvdst >= ((r2 || r64) ? CU_NVGPR - 1 : CU_NVGPR))) {
        fail(s);
        return;
    }
    s->lane = 0;
    s->hash = 0;
    s->r_dst = rd ? 256 + d->dvdst : CU_DST_NONE;
    s->st = S_DS;
}

/* The lane's LDS byte address (offset: the byte offset added) and whether it is in range:
 * below M0 and the group's LDS. */
static uint32_t ds_addr_off(const cu *s, uint32_t off, int *in)
{
    uint32_t a = s->vg[s->cur][s->d.daddr][s->lane] + off;
    uint32_t sz = ((s->rsrc2 >> 15) & 0x1FF) * 512;
    if (sz > CU_LDS_DW * 4)
        sz = CU_LDS_DW * 4;
    *in = a < sz && a < s->m0;
    return a;
}

static uint32_t ds_addr(const cu *s, int *in)
{
    return ds_addr_off(s, s->d.dsoff, in);
}

static void ds_lane(cu *s)
{
    unsigned l = s->lane;
    if ((s->exec >> l) & 1) {
        int in;
        uint32_t a = ds_addr(s, &in);
        unsigned op = s->d.op;
        if (op == 14 || op == 55) {                 /* write2 / read2: OFFSET0, OFFSET1 in dwords */
            int in1;
            uint32_t a0 = ds_addr_off(s, (s->d.dsoff & 0xFF) * 4, &in);
            uint32_t a1 = ds_addr_off(s, (s->d.dsoff >> 8) * 4, &in1);
            if (op == 14) {
                if (in) {
                    s->lds[(a0 >> 2) % CU_LDS_DW] = s->vg[s->cur][s->d.ddata0][l];
                    s->hash = hmix(s->hash, s->vg[s->cur][s->d.ddata0][l]);
                }
                if (in1) {
                    s->lds[(a1 >> 2) % CU_LDS_DW] = s->vg[s->cur][s->d.ddata1][l];
                    s->hash = hmix(s->hash, s->vg[s->cur][s->d.ddata1][l]);
                }
            } else {
                uint32_t v0 = in ? s->lds[(a0 >> 2) % CU_LDS_DW] : 0;
                uint32_t v1 = in1 ? s->lds[(a1 >> 2) % CU_LDS_DW] : 0;
                s->vg[s->cur][s->d.dvdst][l] = v0;
                s->vg[s->cur][s->d.dvdst + 1][l] = v1;
                s->hash = hmix(hmix(s->hash, v0), v1);
            }
        } else if (op <= 11 || (op >= 32 && op <= 43)) {   /* atomics: read, op, write in one cycle */
            uint32_t old = in ? s->lds[a >> 2] : 0;
            uint32_t nv = cu_ds_atomic(op, old, s->vg[s->cur][s->d.ddata0][l]);
            if (in)
                s->lds[a >> 2] = nv;
            if (op >= 32) {
                s->vg[s->cur][s->d.dvdst][l] = old;
                s->hash = hmix(s->hash, old);
            } else if (in) {
                s->hash = hmix(s->hash, nv);
            }
        } else if (op == 30 || op == 31) {          /* write_b8 / b16: merged into the dword */
            if (in) {
                uint32_t v = s->vg[s->cur][s->d.ddata0][l] & (op == 30 ? 0xFFu : 0xFFFFu);
                unsigned sh = op == 30 ? 8 * (a & 3) : 8 * (a & 2);
                uint32_t m = (op == 30 ? 0xFFu : 0xFFFFu) << sh;
                s->lds[a >> 2] = (s->lds[a >> 2] & ~m) | (v << sh);
                s->hash = hmix(s->hash, v);
            }
        } else if (op >= 57 && op <= 60) {          /* read_i8 / u8 / i16 / u16 */
            uint32_t w = in ? s->lds[a >> 2] : 0, v;
            if (op <= 58) {
                v = (w >> (8 * (a & 3))) & 0xFF;
                if (op == 57) v = (uint32_t)(int32_t)(int8_t)v;
            } else {
                v = (w >> (8 * (a & 2))) & 0xFFFF;
                if (op == 59) v = (uint32_t)(int32_t)(int16_t)v;
            }
            s->vg[s->cur][s->d.dvdst][l] = v;
            s->hash = hmix(s->hash, v);
        } else if (op == 77 || op == 118) {         /* write_b64 / read_b64: dwords at a and a + 4 */
            int in1;
            uint32_t a1 = ds_addr_off(s, s->d.dsoff + 4, &in1);
            if (op == 77) {
                if (in) {
                    s->lds[a >> 2] = s->vg[s->cur][s->d.ddata0][l];
                    s->hash = hmix(s->hash, s->vg[s->cur][s->d.ddata0][l]);
                }
                if (in1) {
                    s->lds[a1 >> 2] = s->vg[s->cur][s->d.ddata0 + 1][l];
                    s->hash = hmix(s->hash, s->vg[s->cur][s->d.ddata0 + 1][l]);
                }
            } else {
                uint32_t v0 = in ? s->lds[a >> 2] : 0, v1 = in1 ? s->lds[a1 >> 2] : 0;
                s->vg[s->cur][s->d.dvdst][l] = v0;
                s->vg[s->cur][s->d.dvdst + 1][l] = v1;
                s->hash = hmix(hmix(s->hash, v0), v1);
            }
        } else if (op == 13) {
            if (in) {
                s->lds[a >> 2] = s->vg[s->cur][s->d.ddata0][l];
                s->hash = hmix(s->hash, s->lds[a >> 2]);
            }
        } else {
            uint32_t v = in ? s->lds[a >> 2] : 0;
            s->vg[s->cur][s->d.dvdst][l] = v;
            s->hash = hmix(s->hash, v);
        }
    }
    if (l == 63)
        s->st = S_RETIRE;
    else
        s->lane = l + 1;
}

/* ---- eval / tick ----------------------------------------------------------------------------- */

static void cu_eval(void *h, uint64_t *ports)
{
    const cu *s = h;
    si_cu_ports *p = (si_cu_ports *)ports;
    p->regw_ready = s->st == S_IDLE;
    p->memrsp_ready = 1;
    p->memreq_valid = 0;
    p->memreq_addr = 0;
    p->memreq_we = 0;
    p->memreq_wdata = 0;
    p->memreq_be = 0;
    if (s->st == S_FETCH || s->st == S_FETCH2) {
        p->memreq_valid = 1;
        p->memreq_addr = s->st == S_FETCH ? s->pc : s->pc + 4;
    } else if (s->st == S_SMEM && s->sreq < s->sn) {
        p->memreq_valid = 1;
        p->memreq_addr = s->saddr + 4 * s->sreq;
    } else if (s->st == S_VMEM && ((s->exec >> s->lane) & 1)) {
        int oob, ld, stv, atm, sx;
        unsigned nb;
        uint32_t a = mubuf_addr_raw(s, &oob);
        mb_kind(s, &ld, &stv, &atm, &nb, &sx);
        uint32_t twd = 0;
        unsigned tbe = 0xF;
        if (s->d.fmt == CU_F_MTBUF && stv)
            tb_store(s, a, &twd, &tbe);
        if (!oob && tbe) {
            p->memreq_valid = 1;
            p->memreq_addr = a & ~3u;
            if (stv && s->d.fmt == CU_F_MTBUF) {
                p->memreq_we = 1;
                p->memreq_wdata = twd;
                p->memreq_be = tbe;
            } else if (stv) {
                uint32_t v = s->vg[s->cur][s->d.vdata + s->mk][s->lane];
                unsigned sh = nb == 1 ? 8 * (a & 3) : nb == 2 ? 8 * (a & 2) : 0;
                p->memreq_we = 1;
                p->memreq_wdata = nb == 4 ? v : (v & (nb == 1 ? 0xFFu : 0xFFFFu)) << sh;
                p->memreq_be = nb == 4 ? 0xF : ((nb == 1 ? 1u : 3u) << (sh / 8));
            }
        }
    } else if (s->st == S_VATW) {
        int oob;
        p->memreq_valid = 1;
        p->memreq_addr = mubuf_addr(s, &oob);
        p->memreq_we = 1;
        p->memreq_wdata = s->aold + s->vg[s->cur][s->d.vdata][s->lane];
        p->memreq_be = 0xF;
    }
    p->retire_valid = s->st == S_RETIRE;
    p->retire_wave = (uint16_t)(s->gbase + s->cur);
    p->retire_pc = s->pc;
    p->retire_inst = s->w0;
    p->retire_lit = s->d.two ? s->w1 : 0;
    p->retire_dst = s->r_dst;
    p->retire_val = s->hash;
    p->retire_exec = s->exec;
    p->retire_vcc = s->vcc;
    p->retire_scc = (uint64_t)s->scc;
    p->retire_err = (uint64_t)s->r_err;
    p->eod_valid = s->st == S_EOD;
    p->eod_waves = s->wave;
    p->eod_errs = s->errs;
    p->idle = s->st == S_IDLE;
}

static void cu_tick(void *h, const uint64_t *ports)
{
    cu *s = h;
    const si_cu_ports *p = (const si_cu_ports *)ports;
    int req = p->memreq_valid && p->memreq_ready;
    int rsp = p->memrsp_valid && p->memrsp_ready;
    uint32_t rd = (uint32_t)p->memrsp_data;
    switch (s->st) {
    case S_IDLE:
        if (p->regw_valid && p->regw_ready)
            regw(s, (uint32_t)p->regw_addr, (uint32_t)p->regw_data);
        break;
    case S_WINIT: winit_lane(s); break;
    case S_FETCH: if (req) s->st = S_FWAIT; break;
    case S_FWAIT:
        if (rsp) {
            s->w0 = rd;
            s->w1 = 0;
            cu_decode(rd, &s->d);
            s->st = s->d.two ? S_FETCH2 : S_EXEC;
        }
        break;
    case S_FETCH2: if (req) s->st = S_FWAIT2; break;
    case S_FWAIT2:
        if (rsp) {
            s->w1 = rd;
            cu_decode2(s->w0, rd, &s->d);
            s->st = S_EXEC;
        }
        break;
    case S_EXEC: exec_cycle(s); break;
    case S_SMEM:
        if (req)
            s->sreq++;
        if (rsp) {
            s->sg[s->cur][s->d.sdst + s->srsp] = rd;
            s->hash = hmix(s->hash, rd);
            s->srsp++;
            if (s->srsp == s->sn)
                s->st = S_RETIRE;
        }
        break;
    case S_VALU: valu_lane(s); break;
    case S_VMEM: {
        int act = (int)((s->exec >> s->lane) & 1), oob = 0, ld, stv, atm, sx;
        int glc = (int)((s->w0 >> 14) & 1);
        unsigned nb;
        mb_kind(s, &ld, &stv, &atm, &nb, &sx);
        int tbf = s->d.fmt == CU_F_MTBUF;
        uint32_t twd = 0;
        unsigned tbe = 0xF;
        if (act) {
            uint32_t a = mubuf_addr_raw(s, &oob);
            if (tbf && stv)
                tb_store(s, a, &twd, &tbe);
        }
        int adv;
        if (!act) {
            adv = 1;
        } else if (stv) {
            adv = oob || !tbe || req;
            if (req)
                s->hash = hmix(s->hash, tbf ? twd : s->vg[s->cur][s->d.vdata + s->mk][s->lane]);
        } else if (oob && tbf) {
            s->tb[s->mk] = 0;
            adv = 1;
        } else if (oob) {
            if (ld || glc) {
                s->vg[s->cur][s->d.vdata + s->mk][s->lane] = 0;
                s->hash = hmix(s->hash, 0);
            }
            adv = 1;
        } else {
            adv = 0;
            if (req)
                s->st = S_VWAIT;
        }
        if (adv && act && s->mk + 1 < vm_dwords(s)) {
            s->mk++;                             /* the lane's next dword */
        } else if (adv && act && tbf && ld) {
            s->mk = 0;                           /* MTBUF load: convert the element */
            s->tc = 0;
            s->st = S_TCVT;
        } else if (adv) {
            s->mk = 0;
            if (s->lane == 63) s->st = S_RETIRE;
            else s->lane++;
        }
        break;
    }
    case S_VWAIT:
        if (rsp && s->d.op == 50) {
            s->aold = rd;
            s->st = S_VATW;
        } else if (rsp) {
            int oob, ld, stv, atm, sx;
            unsigned nb;
            mb_kind(s, &ld, &stv, &atm, &nb, &sx);
            uint32_t v = mb_extract(rd, mubuf_addr_raw(s, &oob), nb, sx);
            if (s->d.fmt == CU_F_MTBUF) {
                s->tb[s->mk] = v;
            } else {
                s->vg[s->cur][s->d.vdata + s->mk][s->lane] = v;
                s->hash = hmix(s->hash, v);
            }
            if (s->mk + 1 < vm_dwords(s)) {
                s->mk++;
                s->st = S_VMEM;
            } else if (s->d.fmt == CU_F_MTBUF) {
                s->mk = 0;
                s->tc = 0;
                s->st = S_TCVT;
            } else if (s->lane == 63) {
                s->mk = 0;
                s->st = S_RETIRE;
            } else {
                s->mk = 0;
                s->lane++;
                s->st = S_VMEM;
            }
        }
        break;
    case S_VATW:
        if (req) {
            uint32_t nv = s->aold + s->vg[s->cur][s->d.vdata][s->lane];
            if ((s->w0 >> 14) & 1) {
                s->vg[s->cur][s->d.vdata][s->lane] = s->aold;
                s->hash = hmix(s->hash, s->aold);
            } else {
                s->hash = hmix(s->hash, nv);
            }
            if (s->lane == 63) {
                s->st = S_RETIRE;
            } else {
                s->lane++;
                s->st = S_VMEM;
            }
        }
        break;
    case S_RETIRE:
        if (p->retire_valid && p->retire_ready) {
            s->pc = s->npc;
            if (s->end) {
                s->wave++;
                s->errs = (uint16_t)(s->errs + (unsigned)s->r_err);
                s->stat[s->cur] = W_DONE;
                s->st = S_SWITCH;
            } else if (s->bar) {
                s->stat[s->cur] = W_BAR;
                s->st = S_SWITCH;
            } else {
                s->st = S_FETCH;
            }
        }
        break;
    case S_TCVT: {                             /* MTBUF load: component tc to v(VDATA + tc) */
        uint32_t v = cu_tbuf_load_comp(s->d.dfmt, s->d.nfmt, s->tc, s->tb);
        s->vg[s->cur][s->d.vdata + s->tc][s->lane] = v;
        s->hash = hmix(s->hash, v);
        if (s->tc < (s->d.op & 3)) {
            s->tc++;
        } else if (s->lane == 63) {
            s->st = S_RETIRE;
        } else {
            s->lane++;
            s->st = S_VMEM;
        }
        break;
    }
    case S_WNEXT: next_group(s); break;
    case S_SWITCH: switch_wave(s); break;
    case S_DS: ds_lane(s); break;
    case S_EOD:
        if (p->eod_valid && p->eod_ready)
            s->st = S_IDLE;
        break;
    default: break;
    }
}

static void cu_reset(void *h, uint64_t *ports)
{
    cu *s = h;
    memset(s, 0, sizeof *s);
    cu_eval(h, ports);
}

const rc_side_ops si_cu_model_ops = {
    .kind = "model", .create = cu_create, .destroy = cu_destroy, .reset = cu_reset,
    .eval = cu_eval, .tick = cu_tick
};
