/*
 * raster_rs.c - the quad path's RS arithmetic of r5xx.raster (docs/blocks/r5xx.raster.md "The
 * programmable path"): the records of a quad from the RS instruction table, the integer to
 * binary32 conversion cvt, and the perspective-correct interpolation of one record's channels
 * at the four pixels of a quad on the shared sf datapath.  No state.
 */
#include "raster_math.h"
#include "sf.h"

uint32_t r5xx_raster_cvt(int64_t n)
{
    if (n == 0)
        return 0;
    uint32_t s = n < 0 ? 0x80000000u : 0;
    uint64_t m = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
    int k = 63;
    while (!(m >> k & 1))
        k--;
    uint32_t man = k <= 23 ? (uint32_t)(m << (23 - k)) : (uint32_t)(m >> (k - 23));
    return s | (uint32_t)(127 + k) << 23 | (man & 0x7FFFFFu);
}

int r5xx_raster_records(const r5xx_raster_regs *r, r5xx_rrec out[32])
{
    unsigned ni = (r->rs_icount & 15) + 1;
    int n = 0;
    for (unsigned i = 0; i < ni; i++) {
        uint32_t I = r->rs_inst[i];
        if (I >> 4 & 1) {
            uint32_t ip = r->rs_ip[I & 15];
            r5xx_rrec *e = &out[n++];
            e->addr = (I >> 5) & 127;
            for (unsigned c = 0; c < 4; c++) {
                unsigned p = (ip >> (6 * c)) & 63;
                e->src[c] = p < 32 ? (int)p : p == 63 ? -2 : -1;
            }
        }
        if ((I >> 16) & 3) {
            uint32_t ip = r->rs_ip[(I >> 12) & 15];
            unsigned k = (ip >> 24) & 7;
            r5xx_rrec *e = &out[n++];
            e->addr = (I >> 18) & 127;
            for (unsigned c = 0; c < 4; c++)
                e->src[c] = k < 4 ? (int)(32 + 4 * k + c) : -1;
            int *s = e->src;          /* r g b a */
            switch ((ip >> 27) & 15) {
            case 1: s[3] = -1; break;
            case 2: s[3] = -2; break;
            case 4: s[0] = s[1] = s[2] = -1; break;
            case 5: s[0] = s[1] = s[2] = s[3] = -1; break;
            case 6: s[0] = s[1] = s[2] = -1; s[3] = -2; break;
            case 8: s[0] = s[1] = s[2] = -2; break;
            case 9: s[0] = s[1] = s[2] = -2; s[3] = -1; break;
            case 10: s[0] = s[1] = s[2] = s[3] = -2; break;
            default: break;
            }
        }
    }
    if (n == 0) {
        out[0].addr = 0;
        for (unsigned c = 0; c < 4; c++)
            out[0].src[c] = -1;
        n = 1;
    }
    return n;
}

static uint32_t neg(uint32_t a)
{
    return a ^ 0x80000000u;
}

static uint32_t attr(const r5xx_rvert *v, int j)
{
    return j < 32 ? v->pk[j] : v->col[(j - 32) / 4][(j - 32) % 4];
}

/* L(a0, a1[, a2]) with the weights b1, b2 */
static uint32_t lerp(int tri, uint32_t b1, uint32_t b2, const uint32_t a[3])
{
    uint32_t x = sf_mad(b1, sf_add(a[1], neg(a[0])), a[0]);
    return tri ? sf_mad(b2, sf_add(a[2], neg(a[0])), x) : x;
}

void r5xx_raster_rs_values(const r5xx_raster_regs *r, const r5xx_rprim *p, const r5xx_rrec *rec,
                           int qx, int qy, uint64_t rg[4], uint64_t ba[4])
{
    int64_t S = (r->tilecfg >> 16 & 1) ? 16 : 12;
    int tri = p->kind == R5XX_RP_TRI;
    const r5xx_rvert *v = p->v;
    uint32_t rA = tri ? sf_rcp(r5xx_raster_cvt(p->area)) : 0;
    for (int pix = 0; pix < 4; pix++) {
        int64_t SX = (qx + (pix & 1)) * S + S / 2, SY = (qy + (pix >> 1)) * S + S / 2;
        uint32_t b1 = 0, b2 = 0, R = 0;
        if (tri) {
            /* w1 = e2 (edge v2 -> v0), w2 = e0 (edge v0 -> v1) */
            int64_t w1 = (v[0].x - v[2].x) * (SY - v[2].y) - (v[0].y - v[2].y) * (SX - v[2].x);
            int64_t w2 = (v[1].x - v[0].x) * (SY - v[0].y) - (v[1].y - v[0].y) * (SX - v[0].x);
            b1 = sf_mul(r5xx_raster_cvt(w1), rA);
            b2 = sf_mul(r5xx_raster_cvt(w2), rA);
        } else if (p->kind == R5XX_RP_LINE) {
            int64_t t = p->xmajor ? SX - v[0].x : SY - v[0].y;
            int64_t d = p->xmajor ? v[1].x - v[0].x : v[1].y - v[0].y;
            if (d < 0) {
                t = -t;
                d = -d;
            }
            b1 = sf_mul(r5xx_raster_cvt(t), sf_rcp(r5xx_raster_cvt(d)));
        }
        if (p->kind != R5XX_RP_POINT) {
            uint32_t q[3] = { v[0].q, v[1].q, v[2].q };
            R = sf_rcp(lerp(tri, b1, b2, q));
        }
        uint32_t ch[4];
        for (int c = 0; c < 4; c++) {
            int j = rec->src[c];
            if (j == -1) {
                ch[c] = 0;
            } else if (j == -2) {
                ch[c] = 0x3F800000u;
            } else if (p->kind == R5XX_RP_POINT) {
                ch[c] = attr(&v[0], j);
            } else {
                uint32_t t[3];
                for (int i = 0; i < 3; i++)
                    t[i] = sf_mul(attr(&v[i], j), v[i].q);
                ch[c] = sf_mul(lerp(tri, b1, b2, t), R);
            }
        }
        rg[pix] = (uint64_t)ch[1] << 32 | ch[0];
        ba[pix] = (uint64_t)ch[3] << 32 | ch[2];
    }
}
