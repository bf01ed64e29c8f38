/*
 * raster_math.c - the exact arithmetic of r5xx.raster, statement by statement as written in
 * docs/blocks/r5xx.raster.md ("Arithmetic shared by the RTL and the model"): fx, the vertex
 * conversion and colour routing, the assembly table, the setup of points, lines and
 * triangles, and one candidate pixel (coverage with the edge rules, clip rectangles,
 * interpolation, depth, alpha test).  No state.
 */
#include <string.h>

#include "raster_math.h"

typedef __int128 i128;

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* floor(v / 2^n) for n < 63 */
static int64_t shr_floor(int64_t v, int n)
{
    return v >= 0 ? v >> n : -((-v + ((int64_t)1 << n) - 1) >> n);
}

static int64_t div_floor(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b) != 0 && ((a < 0) != (b < 0)))
        q--;
    return q;
}

static i128 div_floor128(i128 a, i128 b)
{
    i128 q = a / b;
    if ((a % b) != 0 && ((a < 0) != (b < 0)))
        q--;
    return q;
}

/* divr(n, d) = floor((2n + d) / (2d)), d > 0 */
static int64_t divr(i128 n, i128 d)
{
    return (int64_t)div_floor128(2 * n + d, 2 * d);
}

void r5xx_raster_regs_reset(r5xx_raster_regs *r)
{
    memset(r, 0, sizeof *r);
    r->dscale = 0x3F800000u;
}

int r5xx_raster_regs_write(r5xx_raster_regs *r, uint32_t a, uint32_t d)
{
    if (a >= R5XX_RS_RS_IP_0 && a < R5XX_RS_RS_IP_0 + 64 && !(a & 3)) {
        r->rs_ip[(a - R5XX_RS_RS_IP_0) / 4] = d;
        return 1;
    }
    if (a >= R5XX_RS_RS_INST_0 && a < R5XX_RS_RS_INST_0 + 64 && !(a & 3)) {
        r->rs_inst[(a - R5XX_RS_RS_INST_0) / 4] = d;
        if (a == R5XX_RS_RS_INST_0)
            r->rs_inst0 = d;
        return 1;
    }
    if (a >= R5XX_RS_SC_CLIP_0_A && a < R5XX_RS_SC_CLIP_0_A + 32 && !(a & 3)) {
        unsigned i = (a - R5XX_RS_SC_CLIP_0_A) / 4;
        if (i & 1)
            r->clip_b[i / 2] = d;
        else
            r->clip_a[i / 2] = d;
        return 1;
    }
    switch (a) {
    case R5XX_RS_VAP_OUT_VTX_FMT_0: r->fmt0 = d; break;
    case R5XX_RS_VAP_OUT_VTX_FMT_1: r->fmt1 = d; break;
    case R5XX_RS_GB_TILE_CONFIG: r->tilecfg = d; break;
    case R5XX_RS_GA_POINT_SIZE: r->point = d; break;
    case R5XX_RS_GA_LINE_CNTL: r->line = d; break;
    case R5XX_RS_GA_COLOR_CONTROL: r->colctl = d; break;
    case R5XX_RS_GA_ROUND_MODE: r->round = d; break;
    case R5XX_RS_SU_POLY_OFFSET_FRONT_SCALE: r->po_fscale = d; break;
    case R5XX_RS_SU_POLY_OFFSET_BACK_SCALE: r->po_bscale = d; break;
    case R5XX_RS_SU_POLY_OFFSET_FRONT_OFFSET: r->po_front = d; break;
    case R5XX_RS_SU_POLY_OFFSET_BACK_OFFSET: r->po_back = d; break;
    case R5XX_RS_SU_POLY_OFFSET_ENABLE: r->po_en = d; break;
    case R5XX_RS_SU_CULL_MODE: r->cull = d; break;
    case R5XX_RS_SU_DEPTH_SCALE: r->dscale = d; break;
    case R5XX_RS_SU_DEPTH_OFFSET: r->doff = d; break;
    case R5XX_RS_RS_COUNT: r->rs_count = d; break;
    case R5XX_RS_RS_INST_COUNT: r->rs_icount = d; break;
    case R5XX_RS_SC_EDGERULE: r->edgerule = d; break;
    case R5XX_RS_SC_CLIP_RULE: r->clip_rule = d; break;
    case R5XX_RS_SC_SCISSOR0: r->sc0 = d; break;
    case R5XX_RS_SC_SCISSOR1: r->sc1 = d; break;
    case R5XX_RS_FG_ALPHA_FUNC: r->af_func = d; break;
    case R5XX_RS_FG_ALPHA_VALUE: r->af_val = d; break;
    case R5XX_RS_ZB_FORMAT: r->zfmt = d; break;
    default: return 0;
    }
    return 1;
}

int64_t r5xx_raster_fx(uint32_t f, uint32_t k, int shift, int nearest, int64_t lo, int64_t hi)
{
    unsigned s = f >> 31, e = (f >> 23) & 255;
    uint32_t m = f & 0x7FFFFFu;
    int64_t r;
    if (e == 255) {
        r = m ? 0 : (s ? lo : hi);
    } else if (e == 0) {
        r = 0;
    } else {
        int64_t M = (int64_t)((1u << 23) | m) * (int64_t)k;
        int sh = (int)e - 150 + shift;
        if (sh >= 17) {
            r = s ? lo : hi;
        } else if (sh >= 0) {
            r = (s ? -M : M) * ((int64_t)1 << sh);
        } else {
            int n = -sh;
            if (n >= 42) {
                r = (!nearest && s) ? -1 : 0;
            } else {
                int64_t v = s ? -M : M;
                if (nearest)
                    v += (int64_t)1 << (n - 1);
                r = shr_floor(v, n);
            }
        }
    }
    return clamp64(r, lo, hi);
}

int64_t r5xx_raster_slope(uint32_t f, int64_t g, int64_t a)
{
    const int64_t L = (int64_t)1 << 24;
    unsigned s = f >> 31, e = (f >> 23) & 255;
    uint32_t m = f & 0x7FFFFFu;
    if ((e == 255 && m) || e == 0 || g == 0)
        return 0;
    if (e == 255)
        return s ? -L : L;
    i128 P = (i128)((1u << 23) | m) * g;
    i128 Ps = s ? -P : P;
    int sh = (int)e - 150;
    i128 q;
    if (sh >= 40)
        return s ? -L : L;
    if (sh >= 0)
        q = div_floor128(2 * Ps * ((i128)1 << sh) + a, 2 * (i128)a);
    else if (-sh >= 72)
        q = 0;
    else
        q = div_floor128(2 * Ps + (i128)a * ((i128)1 << -sh), 2 * (i128)a * ((i128)1 << -sh));
    return q < -L ? -L : q > L ? L : (int64_t)q;
}

static unsigned subpix(const r5xx_raster_regs *r)
{
    return (r->tilecfg >> 16 & 1) ? 16 : 12;
}

static unsigned popcount(uint32_t v)
{
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

/* Channel sources: -1 constant 0, -2 constant 1, else slot * 4 + component.  Channel order
 * A R G B. */
enum { SRC0 = -1, SRC1 = -2 };

static int texture_path(const r5xx_raster_regs *r)
{
    return ((r->rs_inst0 >> 16) & 3) == 0 && ((r->rs_inst0 >> 4) & 1);
}

static void sources(const r5xx_raster_regs *r, int src[4])
{
    unsigned pt = r->fmt0 >> 16 & 1;
    unsigned cols = (r->fmt0 >> 1) & 15;
    if (texture_path(r)) {
        uint32_t ip = r->rs_ip[r->rs_inst0 & 15];
        int pk[64];
        unsigned np = 0, t = 0;
        for (unsigned n = 0; n < 8; n++) {
            unsigned cnt = (r->fmt1 >> (3 * n)) & 7;
            if (!cnt)
                continue;
            if (cnt > 4)
                cnt = 4;
            unsigned slot = 1 + pt + popcount(cols) + t++;
            for (unsigned j = 0; j < cnt; j++)
                pk[np++] = (int)(slot * 4 + j);
        }
        /* R <- S, G <- T, B <- R, A <- Q */
        static const int ch[4] = { 1, 2, 3, 0 };
        for (unsigned i = 0; i < 4; i++) {
            unsigned p = (ip >> (6 * i)) & 63;
            src[ch[i]] = p == 62 ? SRC0 : p == 63 ? SRC1 : p < np ? pk[p] : SRC0;
        }
        return;
    }
    uint32_t ip = r->rs_ip[(r->rs_inst0 >> 12) & 15];
    unsigned k = (ip >> 24) & 7;
    if (k < 4 && (cols >> k & 1)) {
        int slot = (int)(1 + pt + popcount(cols & ((1u << k) - 1)));
        src[1] = slot * 4 + 0;
        src[2] = slot * 4 + 1;
        src[3] = slot * 4 + 2;
        src[0] = slot * 4 + 3;
    } else {
        src[0] = src[1] = src[2] = src[3] = SRC0;
    }
    switch ((ip >> 27) & 15) {
    case 1: src[0] = SRC0; break;
    case 2: src[0] = SRC1; break;
    case 4: src[1] = src[2] = src[3] = SRC0; break;
    case 5: src[0] = src[1] = src[2] = src[3] = SRC0; break;
    case 6: src[1] = src[2] = src[3] = SRC0; src[0] = SRC1; break;
    case 8: src[1] = src[2] = src[3] = SRC1; break;
    case 9: src[1] = src[2] = src[3] = SRC1; src[0] = SRC0; break;
    case 10: src[0] = src[1] = src[2] = src[3] = SRC1; break;
    default: break;
    }
}

void r5xx_raster_vertex(const r5xx_raster_regs *r, const uint32_t slots[16][4], r5xx_rvert *v)
{
    unsigned S = subpix(r);
    int gr = (r->round & 3) == 1;
    const int64_t L = -((int64_t)1 << 18), H = ((int64_t)1 << 18) - 1;
    v->x = r5xx_raster_fx(slots[0][0], S, 0, gr, L, H);
    v->y = r5xx_raster_fx(slots[0][1], S, 0, gr, L, H);
    const int64_t B33 = (int64_t)1 << 33;
    int64_t zq = r5xx_raster_fx(slots[0][2], 1, 24, 1, -((int64_t)1 << 26), (int64_t)1 << 26);
    int64_t sq = r5xx_raster_fx(r->dscale, 1, 8, 1, -B33, B33 - 1);
    int64_t oq = r5xx_raster_fx(r->doff, 1, 8, 1, -B33, B33 - 1);
    int64_t D = shr_floor(zq * sq, 24) + oq;
    v->z = clamp64(shr_floor(D + 128, 8), 0, 0xFFFFFF);
    /* the quad path's raw RS data */
    v->q = slots[0][3];
    {
        unsigned pt = r->fmt0 >> 16 & 1, cols = (r->fmt0 >> 1) & 15;
        for (unsigned k = 0; k < 4; k++) {
            unsigned slot = 1 + pt + popcount(cols & ((1u << k) - 1));
            for (unsigned c = 0; c < 4; c++)
                v->col[k][c] = (cols >> k & 1) ? slots[slot][c] : 0;
        }
        unsigned np = 0, t = 0;
        memset(v->pk, 0, sizeof v->pk);
        for (unsigned n = 0; n < 8; n++) {
            unsigned cnt = (r->fmt1 >> (3 * n)) & 7;
            if (!cnt)
                continue;
            if (cnt > 4)
                cnt = 4;
            unsigned slot = 1 + pt + popcount(cols) + t++;
            for (unsigned j = 0; j < cnt; j++)
                v->pk[np++] = slot < 16 ? slots[slot][j] : 0;
        }
    }
    int src[4];
    sources(r, src);
    for (unsigned i = 0; i < 4; i++) {
        if (src[i] == SRC0)
            v->c[i] = 0;
        else if (src[i] == SRC1)
            v->c[i] = 65535;
        else
            v->c[i] = r5xx_raster_fx(slots[src[i] / 4][src[i] % 4], 65535, 0, 1, 0, 65535);
    }
}

int r5xx_raster_assemble(unsigned prim, unsigned n, int dlast, r5xx_rasm out[2])
{
    int k = 0;
#define EMIT(K, A, B, C) (out[k].kind = (K), out[k].ref[0] = (A), out[k].ref[1] = (B), out[k].ref[2] = (C), k++)
    switch (prim & 15) {
    case 1: EMIT(R5XX_RP_POINT, R5XX_RV_N, 0, 0); break;
    case 2: if (n & 1) EMIT(R5XX_RP_LINE, R5XX_RV_P1, R5XX_RV_N, 0); break;
    case 3: if (n >= 1) EMIT(R5XX_RP_LINE, R5XX_RV_P1, R5XX_RV_N, 0); break;
    case 12:
        if (n >= 1) {
            EMIT(R5XX_RP_LINE, R5XX_RV_P1, R5XX_RV_N, 0);
            if (dlast)
                EMIT(R5XX_RP_LINE, R5XX_RV_N, R5XX_RV_F, 0);
        }
        break;
    case 4: case 7: if (n % 3 == 2) EMIT(R5XX_RP_TRI, R5XX_RV_P2, R5XX_RV_P1, R5XX_RV_N); break;
    case 5: case 15: if (n >= 2) EMIT(R5XX_RP_TRI, R5XX_RV_F, R5XX_RV_P1, R5XX_RV_N); break;
    case 6:
        if (n >= 2) {
            if (n & 1)
                EMIT(R5XX_RP_TRI, R5XX_RV_P1, R5XX_RV_P2, R5XX_RV_N);
            else
                EMIT(R5XX_RP_TRI, R5XX_RV_P2, R5XX_RV_P1, R5XX_RV_N);
        }
        break;
    case 13:
        if (n % 4 == 3) {
            EMIT(R5XX_RP_TRI, R5XX_RV_P3, R5XX_RV_P2, R5XX_RV_P1);
            EMIT(R5XX_RP_TRI, R5XX_RV_P3, R5XX_RV_P1, R5XX_RV_N);
        }
        break;
    case 14:
        if (n >= 3 && (n & 1)) {
            EMIT(R5XX_RP_TRI, R5XX_RV_P3, R5XX_RV_P2, R5XX_RV_P1);
            EMIT(R5XX_RP_TRI, R5XX_RV_P1, R5XX_RV_P2, R5XX_RV_N);
        }
        break;
    default: break;
    }
#undef EMIT
    return k;
}

static int64_t cross3(int64_t x0, int64_t y0, int64_t x1, int64_t y1, int64_t x2, int64_t y2)
{
    return (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
}

void r5xx_raster_setup(const r5xx_raster_regs *r, int kind, const r5xx_rvert *v, r5xx_rprim *p)
{
    memset(p, 0, sizeof *p);
    p->kind = kind;
    int64_t S = subpix(r);
    unsigned pvsel = (r->colctl >> 16) & 3;
    int live = 1;
    int64_t po_f = r5xx_raster_fx(r->po_front, 1, 0, 1, -((int64_t)1 << 24), (int64_t)1 << 24);
    int64_t po_b = r5xx_raster_fx(r->po_back, 1, 0, 1, -((int64_t)1 << 24), (int64_t)1 << 24);
    if (kind == R5XX_RP_TRI) {
        int64_t c = cross3(v[0].x, v[0].y, v[1].x, v[1].y, v[2].x, v[2].y);
        int front = (c > 0) != (int)(r->cull >> 2 & 1);
        p->back = !front;
        if (c == 0 || (front && (r->cull & 1)) || (!front && (r->cull & 2)))
            live = 0;
        p->prov = v[pvsel == 3 ? 2 : pvsel];
        p->v[0] = v[0];
        p->v[1] = c < 0 ? v[2] : v[1];
        p->v[2] = c < 0 ? v[1] : v[2];
        p->area = c < 0 ? -c : c;
        p->nedge = 3;
        for (int i = 0; i < 3; i++) {
            p->qx[i] = p->v[i].x;
            p->qy[i] = p->v[i].y;
        }
        p->rule = r->edgerule & 31;
        int64_t z0 = p->v[0].z, z1 = p->v[1].z, z2 = p->v[2].z;
        int64_t x0 = p->v[0].x, x1 = p->v[1].x, x2 = p->v[2].x;
        int64_t y0 = p->v[0].y, y1 = p->v[1].y, y2 = p->v[2].y;
        int64_t nx = (z1 - z0) * (y2 - y0) - (z2 - z0) * (y1 - y0);
        int64_t ny = (z2 - z0) * (x1 - x0) - (z1 - z0) * (x2 - x0);
        int64_t g = (nx < 0 ? -nx : nx) > (ny < 0 ? -ny : ny) ? (nx < 0 ? -nx : nx) : (ny < 0 ? -ny : ny);
        if (front && (r->po_en & 1))
            p->po = po_f + (p->area ? r5xx_raster_slope(r->po_fscale, g, p->area) : 0);
        else if (!front && (r->po_en & 2))
            p->po = po_b + (p->area ? r5xx_raster_slope(r->po_bscale, g, p->area) : 0);
        else
            p->po = 0;
    } else if (kind == R5XX_RP_POINT) {
        int64_t W = r->point >> 16, H = r->point & 0xFFFF;
        p->v[0] = p->prov = v[0];
        if (W == 0 || H == 0)
            live = 0;
        p->nedge = 4;
        p->qx[0] = v[0].x - W; p->qy[0] = v[0].y - H;
        p->qx[1] = v[0].x + W; p->qy[1] = v[0].y - H;
        p->qx[2] = v[0].x + W; p->qy[2] = v[0].y + H;
        p->qx[3] = v[0].x - W; p->qy[3] = v[0].y + H;
        p->rule = (r->edgerule >> 5) & 31;
        p->po = ((r->po_en & 5) == 5) ? po_f : 0;
    } else {
        int64_t dx = v[1].x - v[0].x, dy = v[1].y - v[0].y, L = r->line & 0xFFFF;
        p->v[0] = v[0];
        p->v[1] = v[1];
        p->prov = v[pvsel == 0 ? 0 : 1];
        if ((dx == 0 && dy == 0) || L == 0)
            live = 0;
        int64_t adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
        p->xmajor = adx >= ady;
        int64_t ox = p->xmajor ? 0 : L, oy = p->xmajor ? L : 0;
        int64_t qx[4] = { v[0].x - ox, v[1].x - ox, v[1].x + ox, v[0].x + ox };
        int64_t qy[4] = { v[0].y - oy, v[1].y - oy, v[1].y + oy, v[0].y + oy };
        int rev = cross3(qx[0], qy[0], qx[1], qy[1], qx[2], qy[2]) < 0;
        static const int ord[2][4] = { { 0, 1, 2, 3 }, { 0, 3, 2, 1 } };
        for (int i = 0; i < 4; i++) {
            p->qx[i] = qx[ord[rev][i]];
            p->qy[i] = qy[ord[rev][i]];
        }
        p->nedge = 4;
        unsigned sh = p->xmajor ? (dx > 0 ? 10 : 15) : (dy > 0 ? 20 : 25);
        p->rule = (r->edgerule >> sh) & 31;
        p->po = ((r->po_en & 5) == 5) ? po_f : 0;
    }
    /* shading of the colour path (the texture path is always Gouraud) */
    if (!texture_path(r)) {
        unsigned k = (r->rs_ip[(r->rs_inst0 >> 12) & 15] >> 24) & 7;
        if (k >= 4)
            k = 0;
        p->flat_rgb = ((r->colctl >> (4 * k)) & 3) < 2;
        p->flat_a = ((r->colctl >> (4 * k + 2)) & 3) < 2;
    }
    /* the bounding box, clipped to the scissor and the screen */
    int64_t xmin = p->qx[0], xmax = p->qx[0], ymin = p->qy[0], ymax = p->qy[0];
    for (int i = 1; i < p->nedge; i++) {
        if (p->qx[i] < xmin) xmin = p->qx[i];
        if (p->qx[i] > xmax) xmax = p->qx[i];
        if (p->qy[i] < ymin) ymin = p->qy[i];
        if (p->qy[i] > ymax) ymax = p->qy[i];
    }
    int64_t px0 = -div_floor(-(xmin - S / 2), S), px1 = div_floor(xmax - S / 2, S);
    int64_t py0 = -div_floor(-(ymin - S / 2), S), py1 = div_floor(ymax - S / 2, S);
    int64_t sx0 = r->sc0 & 0x1FFF, sy0 = (r->sc0 >> 13) & 0x1FFF;
    int64_t sx1 = r->sc1 & 0x1FFF, sy1 = (r->sc1 >> 13) & 0x1FFF;
    if (px0 < sx0) px0 = sx0;
    if (py0 < sy0) py0 = sy0;
    if (px1 > sx1) px1 = sx1;
    if (py1 > sy1) py1 = sy1;
    if (px0 < 0) px0 = 0;
    if (py0 < 0) py0 = 0;
    if (px1 > 8191) px1 = 8191;
    if (py1 > 8191) py1 = 8191;
    if (px0 > px1 || py0 > py1)
        live = 0;
    p->walk = live;
    p->qpath = r->rs_count != 0;
    p->px0 = (int)clamp64(px0, -1, 8192);
    p->px1 = (int)clamp64(px1, -1, 8192);
    p->py0 = (int)clamp64(py0, -1, 8192);
    p->py1 = (int)clamp64(py1, -1, 8192);
}

/* 1 if a sample exactly on an edge with coefficients a (of SX), b (of SY) is in under rule. */
static int tie_in(unsigned rule, int64_t a, int64_t b)
{
    unsigned bit;
    if (rule < 16) {
        if (a > 0) bit = 3;
        else if (a < 0) bit = 2;
        else bit = b > 0 ? 1 : 0;
    } else {
        if (b == 0) bit = a > 0 ? 1 : 0;
        else bit = b > 0 ? 2 : 3;
    }
    return !(rule >> bit & 1);
}

static int alpha_pass(const r5xx_raster_regs *r, uint64_t a16)
{
    if (!(r->af_func >> 11 & 1))
        return 1;
    uint64_t a, ref;
    if (r->af_func >> 12 & 1) {
        a = a16 >> 8;
        ref = r->af_func & 0xFF;
    } else {
        a = a16 >> 6;
        ref = r->af_val & 0x3FF;
    }
    switch ((r->af_func >> 8) & 7) {
    case 0: return 0;
    case 1: return a < ref;
    case 2: return a == ref;
    case 3: return a <= ref;
    case 4: return a > ref;
    case 5: return a != ref;
    case 6: return a >= ref;
    default: return 1;
    }
}

static int pixel_eval(const r5xx_raster_regs *r, const r5xx_rprim *p, int px, int py, int alpha,
                      uint32_t *zo, uint64_t *argb);

int r5xx_raster_pixel(const r5xx_raster_regs *r, const r5xx_rprim *p, int px, int py, uint32_t *zo,
                      uint64_t *argb)
{
    return pixel_eval(r, p, px, py, 1, zo, argb);
}

int r5xx_raster_cover(const r5xx_raster_regs *r, const r5xx_rprim *p, int px, int py, uint32_t *z)
{
    uint64_t argb;
    return pixel_eval(r, p, px, py, 0, z, &argb);
}

static int pixel_eval(const r5xx_raster_regs *r, const r5xx_rprim *p, int px, int py, int alpha,
                      uint32_t *zo, uint64_t *argb)
{
    int64_t S = subpix(r);
    int64_t SX = px * S + S / 2, SY = py * S + S / 2;
    int64_t E[4];
    for (int i = 0; i < p->nedge; i++) {
        int j = (i + 1) % p->nedge;
        int64_t xi = p->qx[i], yi = p->qy[i], xj = p->qx[j], yj = p->qy[j];
        E[i] = (xj - xi) * (SY - yi) - (yj - yi) * (SX - xi);
        if (E[i] < 0)
            return 0;
        if (E[i] == 0 && !tie_in(p->rule, -(yj - yi), xj - xi))
            return 0;
    }
    unsigned idx = 0;
    for (int n = 0; n < 4; n++) {
        int64_t x0 = r->clip_a[n] & 0x1FFF, y0 = (r->clip_a[n] >> 13) & 0x1FFF;
        int64_t x1 = r->clip_b[n] & 0x1FFF, y1 = (r->clip_b[n] >> 13) & 0x1FFF;
        if (x0 <= px && px <= x1 && y0 <= py && py <= y1)
            idx |= 1u << n;
    }
    if (!(r->clip_rule >> idx & 1))
        return 0;
    int64_t val[5];           /* z, A, R, G, B */
    const r5xx_rvert *v = p->v;
    for (int a = 0; a < 5; a++) {
        int64_t c0 = a ? v[0].c[a - 1] : v[0].z;
        if (p->kind == R5XX_RP_POINT) {
            val[a] = c0;
        } else if (p->kind == R5XX_RP_TRI) {
            int64_t c1 = a ? v[1].c[a - 1] : v[1].z, c2 = a ? v[2].c[a - 1] : v[2].z;
            i128 num = (i128)(c1 - c0) * E[2] + (i128)(c2 - c0) * E[0];
            val[a] = c0 + divr(num, p->area);
        } else {
            int64_t c1 = a ? v[1].c[a - 1] : v[1].z;
            int64_t t = p->xmajor ? SX - v[0].x : SY - v[0].y;
            int64_t d = p->xmajor ? v[1].x - v[0].x : v[1].y - v[0].y;
            if (d < 0) {
                t = -t;
                d = -d;
            }
            t = clamp64(t, 0, d);
            val[a] = c0 + divr((i128)(c1 - c0) * t, d);
        }
    }
    if (p->flat_rgb)
        for (int a = 2; a < 5; a++)
            val[a] = p->prov.c[a - 1];
    if (p->flat_a)
        val[1] = p->prov.c[0];
    uint64_t out = 0;
    for (int a = 1; a < 5; a++)
        out = out << 16 | (uint64_t)(val[a] & 0xFFFF);
    if (alpha && !alpha_pass(r, (uint64_t)val[1]))
        return 0;
    int64_t z24 = clamp64(val[0] + p->po, 0, 0xFFFFFF);
    *zo = (uint32_t)((r->zfmt & 15) <= 1 ? z24 >> 8 : z24);
    *argb = out;
    return 1;
}
