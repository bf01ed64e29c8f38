/*
 * db_math.c - the arithmetic of si.db: every rule of docs/blocks/si.db.md "The per-sample
 * algorithm", written once for the model (db_model.c) and the stimulus (db_stim.c).
 */
#include "db_math.h"

int si_db_regs_write(si_db_regs *r, uint32_t a, uint32_t d)
{
    uint32_t *p;
    switch (a) {
    case SI_DB_RENDER_CONTROL: p = &r->rctl; break;
    case SI_DB_COUNT_CONTROL: p = &r->cctl; break;
    case SI_DB_DEPTH_VIEW: p = &r->view; break;
    case SI_DB_RENDER_OVERRIDE: p = &r->ovr; break;
    case SI_DB_DEPTH_BOUNDS_MIN: p = &r->bmin; break;
    case SI_DB_DEPTH_BOUNDS_MAX: p = &r->bmax; break;
    case SI_DB_STENCIL_CLEAR: p = &r->sclear; break;
    case SI_DB_DEPTH_CLEAR: p = &r->dclear; break;
    case SI_DB_DEPTH_INFO: p = &r->dinfo; break;
    case SI_DB_Z_INFO: p = &r->zinfo; break;
    case SI_DB_STENCIL_INFO: p = &r->sinfo; break;
    case SI_DB_Z_READ_BASE: p = &r->zrb; break;
    case SI_DB_STENCIL_READ_BASE: p = &r->srb; break;
    case SI_DB_Z_WRITE_BASE: p = &r->zwb; break;
    case SI_DB_STENCIL_WRITE_BASE: p = &r->swb; break;
    case SI_DB_DEPTH_SIZE: p = &r->size; break;
    case SI_PA_SC_VPORT_ZMIN_0: p = &r->zmin; break;
    case SI_PA_SC_VPORT_ZMAX_0: p = &r->zmax; break;
    case SI_DB_STENCIL_CONTROL: p = &r->sctl; break;
    case SI_DB_STENCILREFMASK: p = &r->srm; break;
    case SI_DB_STENCILREFMASK_BF: p = &r->srm_bf; break;
    case SI_DB_DEPTH_CONTROL: p = &r->dctl; break;
    default: return 0;
    }
    *p = d;
    return 1;
}

static int zbuf(const si_db_regs *r) { return (r->zinfo & 1) != 0; }       /* FORMAT 1 or 3 */
static int is32(const si_db_regs *r) { return (r->zinfo & 3) == 3; }
static int sbuf(const si_db_regs *r) { return (r->sinfo & 1) != 0; }

si_db_plan si_db_plan_of(const si_db_regs *r, uint32_t x, uint32_t y)
{
    si_db_plan p = {0};
    uint32_t pitch = ((r->size & 0x7FF) + 1) * 8, height = (((r->size >> 11) & 0x7FF) + 1) * 8;
    if (x >= pitch || y >= height)
        p.err |= SI_DB_ERR_RANGE;
    if (((r->dinfo >> 4) & 15) > 1)
        p.err |= SI_DB_ERR_TILED;
    if ((r->zinfo & 3) == 2)
        p.err |= SI_DB_ERR_Z24;
    p.kill = (p.err & (SI_DB_ERR_RANGE | SI_DB_ERR_TILED)) != 0;
    uint32_t pix = y * pitch + x, zoff = pix * (is32(r) ? 4u : 2u);
    p.zraddr = (r->zrb << 8) + zoff;
    p.zwaddr = (r->zwb << 8) + zoff;
    p.sraddr = (r->srb << 8) + pix;
    p.swaddr = (r->swb << 8) + pix;
    p.zread = !p.kill && zbuf(r) && (r->dctl & 0xA) != 0;                /* Z_ENABLE | BOUNDS */
    p.sread = !p.kill && sbuf(r) && ((r->dctl & 1) || (r->rctl & 2));    /* STENCIL | S clear */
    return p;
}

uint32_t si_db_f2unorm16(uint32_t f)
{
    if ((f >> 31) || (((f >> 23) & 0xFF) == 0xFF && (f & 0x7FFFFF)))
        return 0;                                        /* negative, -0, NaN */
    if (f >= 0x3F800000u)
        return 0xFFFF;                                   /* >= 1.0, +inf */
    unsigned e = (f >> 23) & 0xFF;
    uint64_t m = (f & 0x7FFFFF) | (e ? 0x800000u : 0);
    unsigned k = 150 - (e ? e : 1);                      /* value = m / 2^k, k in 24..149 */
    if (k > 40)
        return 0;
    uint64_t prod = m * 65535u, q = prod >> k, rem = prod & ((1ull << k) - 1), half = 1ull << (k - 1);
    if (rem > half || (rem == half && (q & 1)))
        q++;
    return (uint32_t)q;
}

unsigned si_db_fcmp(uint32_t a, uint32_t b)
{
    int an = ((a >> 23) & 0xFF) == 0xFF && (a & 0x7FFFFF), bn = ((b >> 23) & 0xFF) == 0xFF && (b & 0x7FFFFF);
    if (an || bn)
        return 4;
    uint32_t am = a & 0x7FFFFFFF, bm = b & 0x7FFFFFFF;
    if (am == 0 && bm == 0)
        return 2;
    if (a == b)
        return 2;
    unsigned as = a >> 31, bs = b >> 31, lt;
    if (as != bs)
        lt = as;
    else if (!as)
        lt = am < bm;
    else
        lt = am > bm;
    return lt;
}

int si_db_func(unsigned func, unsigned lt, unsigned eq, unsigned unord)
{
    unsigned gt = !lt && !eq && !unord;
    switch (func & 7) {
    case 0: return 0;
    case 1: return (int)lt;
    case 2: return (int)eq;
    case 3: return (int)(lt || eq);
    case 4: return (int)gt;
    case 5: return (int)!eq;
    case 6: return (int)(gt || eq);
    default: return 1;
    }
}

uint32_t si_db_stencil_op(unsigned op, uint32_t s, uint32_t ref, uint32_t v)
{
    switch (op & 15) {
    case 0: return s;
    case 1: return 0;
    case 2: return 0xFF;
    case 3: return ref;
    case 4: return v;
    case 5: return s + v > 255 ? 255 : s + v;
    case 6: return s < v ? 0 : s - v;
    case 7: return ~s & 0xFF;
    case 8: return (s + v) & 0xFF;
    case 9: return (s - v) & 0xFF;
    case 10: return s & v;
    case 11: return s | v;
    case 12: return s ^ v;
    case 13: return ~(s & v) & 0xFF;
    case 14: return ~(s | v) & 0xFF;
    default: return ~(s ^ v) & 0xFF;
    }
}

si_db_result si_db_update(const si_db_regs *r, const si_db_plan *p, uint32_t z, unsigned back,
                          uint32_t zold, uint32_t sold)
{
    si_db_result o = {0};
    if (p->kill)
        return o;
    int zb = zbuf(r), z32 = is32(r), sb = sbuf(r);
    uint32_t dctl = r->dctl;

    /* 4. the fragment's Z */
    if (r->rctl & 1) {
        z = r->dclear;
    } else if (!(r->ovr & (1u << 16))) {
        if (si_db_fcmp(z, r->zmin) & 1)
            z = r->zmin;
        else if (si_db_fcmp(r->zmax, z) & 1)
            z = r->zmax;
    }
    /* 5. in the surface's format; the stored value */
    unsigned zsh = (p->zraddr & 2) * 8;
    uint32_t zf = z32 ? z : si_db_f2unorm16(z);
    uint32_t zs = z32 ? zold : (zold >> zsh) & 0xFFFF;

    /* 6. depth bounds on the stored Z */
    int dbpass = 1;
    if (zb && (dctl & 8)) {
        if (z32) {
            unsigned c0 = si_db_fcmp(r->bmin, zs), c1 = si_db_fcmp(zs, r->bmax);
            dbpass = (c0 & 3) && (c1 & 3);
        } else {
            dbpass = si_db_f2unorm16(r->bmin) <= zs && zs <= si_db_f2unorm16(r->bmax);
        }
    }
    /* 7. stencil */
    int bf = (dctl & 0x80) && back;
    uint32_t srm = bf ? r->srm_bf : r->srm;
    unsigned func = bf ? (dctl >> 20) & 7 : (dctl >> 8) & 7;
    unsigned ops = bf ? (r->sctl >> 12) & 0xFFF : r->sctl & 0xFFF;
    unsigned ssh = (p->sraddr & 3) * 8;
    uint32_t sv = (sold >> ssh) & 0xFF, ref = srm & 0xFF, mask = (srm >> 8) & 0xFF;
    uint32_t wm = (srm >> 16) & 0xFF, opval = srm >> 24;
    int sclr = (r->rctl & 2) != 0;
    int sact = sb && (dctl & 1);
    int spass = 1;
    if (sact && !sclr) {
        uint32_t a = ref & mask, b = sv & mask;
        spass = si_db_func(func, a < b, a == b, 0);
    }
    /* 8. Z */
    int zpass = 1;
    if (zb && (dctl & 2)) {
        if (z32) {
            unsigned c = si_db_fcmp(zf, zs);
            zpass = si_db_func((dctl >> 4) & 7, c & 1, (c >> 1) & 1, (c >> 2) & 1);
        } else {
            zpass = si_db_func((dctl >> 4) & 7, zf < zs, zf == zs, 0);
        }
    }
    /* 9. category */
    o.cat = !dbpass ? SI_DB_CAT_DBFAIL : !spass ? SI_DB_CAT_SFAIL : !zpass ? SI_DB_CAT_ZFAIL : SI_DB_CAT_ZPASS;
    o.pass = o.cat == SI_DB_CAT_ZPASS;
    /* 10. stencil update */
    if (o.cat != SI_DB_CAT_DBFAIL && sb && (sact || sclr) && !(r->view & (1u << 25))) {
        uint32_t res;
        if (sclr) {
            res = r->sclear & 0xFF;
        } else {
            unsigned op = o.cat == SI_DB_CAT_SFAIL ? ops & 15 : o.cat == SI_DB_CAT_ZFAIL ? (ops >> 8) & 15 : (ops >> 4) & 15;
            res = si_db_stencil_op(op, sv, ref, opval);
        }
        uint32_t nv = (res & wm) | (sv & ~wm & 0xFF);
        if (nv != sv) {
            o.swe = 1;
            o.swdata = nv << ssh;
            o.sbe = 1u << (p->swaddr & 3);
        }
    }
    /* 11. Z update */
    if (o.cat == SI_DB_CAT_ZPASS && zb && (dctl & 4) && !(r->view & (1u << 24))) {
        o.zwe = 1;
        if (z32) {
            o.zwdata = zf;
            o.zbe = 0xF;
        } else {
            o.zwdata = zf << ((p->zwaddr & 2) * 8);
            o.zbe = (p->zwaddr & 2) ? 0xC : 0x3;
        }
    }
    /* 12. colour-write enable; 13. counters */
    o.cwe = o.pass ? !(dctl >> 31) : (o.cat != SI_DB_CAT_DBFAIL && ((dctl >> 30) & 1));
    o.inc = (r->cctl >> (8 + 4 * o.cat)) & 15;
    return o;
}
