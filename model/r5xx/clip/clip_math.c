/*
 * clip_math.c - r5xx.clip's register writes and float formulas (docs/blocks/r5xx.clip.md); every
 * operation is one of the shared shader-float ops of model/prim/sf.h, in the document's order.
 */
#include "clip_math.h"

#include "sf.h"

static unsigned next_index(unsigned i)
{
    if (i == 1023u)
        return 0;
    if (i == 1535u)
        return 1024u;
    if (i == 1542u)
        return 1536u;
    return (i + 1u) & 2047u;
}

void clip_regs_write(clip_regs *r, uint32_t addr, uint32_t data)
{
    if (addr == CLIP_VAP_CNTL) {
        r->vap_cntl = data;
    } else if (addr == CLIP_VAP_CLIP_CNTL) {
        r->clip_cntl = data;
    } else if (addr == CLIP_VAP_VTE_CNTL) {
        r->vte_cntl = data;
    } else if (addr == CLIP_VAP_OUT_VTX_FMT_0) {
        r->fmt0 = data;
    } else if (addr >= 0x2220u && addr <= 0x222Cu && (addr & 3u) == 0) {
        r->gb[(addr - 0x2220u) >> 2] = data;
    } else if (addr >= 0x2098u && addr <= 0x20ACu && (addr & 3u) == 0) {
        r->vport[(addr - 0x2098u) >> 2] = data;
    } else if (addr >= 0x1D98u && addr <= 0x1DACu && (addr & 3u) == 0) {
        r->vport[(addr - 0x1D98u) >> 2] = data;
    } else if (addr == CLIP_PVS_INDX) {
        r->indx = data & 2047u;
        r->dcnt = 0;
        r->qcnt = 0;
    } else if (addr == CLIP_PVS_DATA) {
        if (r->indx >= 1536u && r->indx <= 1541u)
            r->ucp[r->indx - 1536u][r->dcnt] = data;
        if (r->indx == 1542u)
            r->ps[r->dcnt] = data;
        if (r->dcnt == 3)
            r->indx = next_index(r->indx);
        r->dcnt = (r->dcnt + 1u) & 3u;
    } else if (addr == CLIP_PVS_DATA128) {
        if (r->qcnt < 3) {
            r->h[r->qcnt] = data;
        } else {
            if (r->indx >= 1536u && r->indx <= 1542u) {
                uint32_t *u = r->indx == 1542u ? r->ps : r->ucp[r->indx - 1536u];
                u[0] = r->h[0];
                u[1] = r->h[1];
                u[2] = r->h[2];
                u[3] = data;
            }
            r->indx = next_index(r->indx);
        }
        r->qcnt = (r->qcnt + 1u) & 3u;
    }
}

static uint32_t neg(uint32_t a) { return a ^ SF_SIGN; }

uint32_t clip_dist(const clip_regs *r, const uint32_t p[4], unsigned k)
{
    uint32_t x = p[0], y = p[1], z = p[2], w = p[3];
    switch (k) {
    case 0: return (r->vap_cntl >> 22 & 1u) ? z : sf_add(z, w);
    case 1: return sf_add(w, neg(z));
    case 2: return sf_add(sf_mul(r->gb[CLIP_GB_HC], w), x);
    case 3: return sf_add(sf_mul(r->gb[CLIP_GB_HC], w), neg(x));
    case 4: return sf_add(sf_mul(r->gb[CLIP_GB_VC], w), y);
    case 5: return sf_add(sf_mul(r->gb[CLIP_GB_VC], w), neg(y));
    case 12: return sf_add(sf_mul(r->gb[CLIP_GB_HD], w), x);
    case 13: return sf_add(sf_mul(r->gb[CLIP_GB_HD], w), neg(x));
    case 14: return sf_add(sf_mul(r->gb[CLIP_GB_VD], w), y);
    case 15: return sf_add(sf_mul(r->gb[CLIP_GB_VD], w), neg(y));
    default: return sf_dp4(p, r->ucp[k - 6u]);
    }
}

unsigned clip_outcode(const clip_regs *r, const uint32_t p[4])
{
    return clip_outcode_fixed(r, p) | clip_outcode_ucp(r, p, 0x3Fu);
}

int clip_inside_sum(uint32_t a, uint32_t b)
{
    uint32_t ea = a >> 23 & 0xFFu, eb = b >> 23 & 0xFFu;
    if (ea - 1u < 254u && eb - 1u < 254u) {
        if (!((a ^ b) & SF_SIGN))
            return !(a & SF_SIGN); /* one sign: the sum has it and is at least 2^-126 */
        if (ea >= eb + 2u && ea >= 3u)
            return !(a & SF_SIGN); /* |a + b| > 2^(ea-127) - 2^(ea-128) >= 2^-126: a's sign */
        if (eb >= ea + 2u && eb >= 3u)
            return !(b & SF_SIGN);
    }
    return clip_inside(sf_add(a, b));
}

/* clip_dist of the planes 0..5 and 12..15 with each guard-band product formed once (planes 2/3,
 * 4/5, 12/13 and 14/15 share theirs: the same operands, so the same bits). */
unsigned clip_outcode_fixed(const clip_regs *r, const uint32_t p[4])
{
    uint32_t x = p[0], y = p[1], z = p[2], w = p[3];
    uint32_t hc = sf_mul(r->gb[CLIP_GB_HC], w), vc = sf_mul(r->gb[CLIP_GB_VC], w);
    uint32_t hd = sf_mul(r->gb[CLIP_GB_HD], w), vd = sf_mul(r->gb[CLIP_GB_VD], w);
    /* the planes' distances as pairs summed (clip_dist), only their signs used: clip_inside_sum */
    uint32_t d[10][2] = {
        { z, (r->vap_cntl >> 22 & 1u) ? 0u : w }, { w, neg(z) },
        { hc, x }, { hc, neg(x) }, { vc, y }, { vc, neg(y) },
        { hd, x }, { hd, neg(x) }, { vd, y }, { vd, neg(y) },
    };
    unsigned oc = 0;
    for (unsigned k = 0; k < 10; k++)
        if (!clip_inside_sum(d[k][0], d[k][1]))
            oc |= 1u << (k < 6 ? k : k + 6);
    return oc;
}

unsigned clip_outcode_ucp(const clip_regs *r, const uint32_t p[4], unsigned ucp)
{
    unsigned oc = 0;
    for (unsigned k = 0; k < 6; k++) {
        if (!(ucp >> k & 1u))
            continue;
        const uint32_t *u = r->ucp[k]; /* sf_dp4: (p0u0 + p1u1) + (p2u2 + p3u3), the last add's sign only */
        uint32_t s01 = sf_add(sf_mul(p[0], u[0]), sf_mul(p[1], u[1]));
        uint32_t s23 = sf_add(sf_mul(p[2], u[2]), sf_mul(p[3], u[3]));
        if (!clip_inside_sum(s01, s23))
            oc |= 1u << (6 + k);
    }
    return oc;
}

unsigned clip_outcode_r(const clip_regs *r, const uint32_t p[4], uint32_t rr)
{
    unsigned oc = 0;
    for (unsigned k = 0; k < 16; k++)
        if (!clip_inside_sum(clip_dist(r, p, k), rr))
            oc |= 1u << k;
    return oc;
}

unsigned clip_ps_mode(const clip_regs *r) { return r->clip_cntl >> 14 & 3u; }

void clip_point_ext(const clip_regs *r, const uint32_t p[4], uint32_t psx, uint32_t e[3])
{
    uint32_t sz = (r->fmt0 >> 16 & 1u) ? sf_mul(psx, r->ps[2]) : r->ps[2];
    e[0] = sf_mul(sf_mul(r->ps[0], sz), p[3]);
    e[1] = sf_mul(sf_mul(r->ps[1], sz), p[3]);
    e[2] = sf_mul(sf_mul(r->ps[3], sz), p[3]);
}

void clip_corner(const uint32_t p[4], const uint32_t e[3], unsigned k, uint32_t out[4])
{
    unsigned px = k == 1 || k == 2, py = k >= 2;
    out[0] = sf_add(p[0], px ? e[0] : e[0] ^ SF_SIGN);
    out[1] = sf_add(p[1], py ? e[1] : e[1] ^ SF_SIGN);
    out[2] = p[2];
    out[3] = p[3];
}

unsigned clip_cull_set(const clip_regs *r)
{
    if (r->clip_cntl >> 16 & 1u)
        return 0;
    return 0x3u | (r->clip_cntl & 0x3Fu) << 6 | 0xF000u;
}

unsigned clip_clip_set(const clip_regs *r)
{
    if (r->clip_cntl >> 16 & 1u)
        return 0;
    return 0x3Fu | ((r->clip_cntl >> 17 & 1u) ? 0u : (r->clip_cntl & 0x3Fu) << 6);
}

uint32_t clip_t(uint32_t di, uint32_t dq)
{
    return sf_mul(di, sf_rcp(sf_add(di, neg(dq))));
}

void clip_vte(const clip_regs *r, const uint32_t p[4], uint32_t out[4])
{
    uint32_t c = r->vte_cntl;
    uint32_t rw = (c >> 10 & 1u) ? sf_rcp(p[3]) : p[3];
    uint32_t d[3];
    d[0] = (c >> 8 & 1u) ? p[0] : sf_mul(p[0], rw);
    d[1] = (c >> 8 & 1u) ? p[1] : sf_mul(p[1], rw);
    d[2] = (c >> 9 & 1u) ? p[2] : sf_mul(p[2], rw);
    for (unsigned a = 0; a < 3; a++) {
        uint32_t s = (c >> (2 * a) & 1u) ? sf_mul(d[a], r->vport[2 * a]) : d[a];
        out[a] = (c >> (2 * a + 1) & 1u) ? sf_add(s, r->vport[2 * a + 1]) : s;
    }
    out[3] = rw;
}
