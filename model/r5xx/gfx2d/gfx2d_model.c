/*
 * gfx2d_model.c - the cycle-accurate C model of the R5xx 2D engine (r5xx.gfx2d).  It follows the
 * micro-architecture of docs/blocks/r5xx.gfx2d.md state for state: outputs are a function of the
 * state (g2_eval); g2_tick computes the state after the clock edge.  The arithmetic is
 * gfx2d_math.h, the addresses tile_addr.c.
 */
#include <stdlib.h>
#include <string.h>

#include "gfx2d_math.h"
#include "r5xx_gfx2d_ports.h"

enum { S_HDR, S_BODY, S_SKIP, S_SETUP, S_PX, S_RS, S_WS, S_RD, S_WD, S_WR, S_PIX, S_HSETUP, S_HD, S_HPX, S_HDRAIN, S_LSETUP, S_LPX };

typedef struct g2 {
    unsigned st;
    uint32_t cnt, cur;            /* packet records accepted; the index of the current one */
    unsigned op;                  /* opcode of the current packet */
    uint32_t gui;                 /* its GUI_CONTROL */
    unsigned ph, bi, k;           /* body phase, brush dword, record dword */
    uint32_t d[3];                /* the record's dwords */
    unsigned lastq;               /* the record's last dword was the body's last */
    /* persistent state (docs/blocks/r5xx.gfx2d.md, "State model") */
    uint32_t src_po, dst_po, src_br, sc_tl, sc_br, bg, fg, m1, m2;
    /* the rectangle being drawn */
    uint32_t x, y, xa, xb, yb;
    unsigned xdir, ydir, ns, nd;
    int32_t ddx, ddy;
    uint32_t sv, dv;
    /* TRANS_BITBLT colour compare and HOSTDATA_BLT colours (persistent) */
    uint32_t cmp, sref, dref, hfg, hbg;
    /* HOSTDATA_BLT: the character's pixel walk, raster dword and bit, dwords still to come */
    int32_t hx, hy, hxa, hxb, hyb;
    uint32_t rs;
    unsigned bp, rn;
    /* POLYLINE: the segment's Bresenham state (hx, hy walk to hxb, hyb) and the pen bit */
    int32_t ldx, ldy, lerr;
    unsigned pc;
    unsigned nl;                  /* POLYSCANLINES: segments left in the scan */
    uint32_t cbr[64];             /* the 8x8 colour brush's dwords (persistent) */
    /* register-only state (docs/blocks/r5xx.gfx2d.md, "Registers") */
    uint32_t syx, dyx, wm;        /* SRC_Y_X, DST_Y_X, DP_WRITE_MASK */
    unsigned dpc;                 /* DP_CNTL[1:0] */
    unsigned ro, rb;              /* a register-triggered operation; it is a blit */
} g2;

static int wen(const g2 *s);

static void *g2_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(g2));
}

static unsigned bpp(const g2 *s) { return gfx2d_bpp_log2(s->gui >> 8 & 15); }
static uint32_t pmask(const g2 *s) { unsigned b = bpp(s); return b == 2 ? 0xFFFFFFFFu : b == 1 ? 0xFFFFu : 0xFFu; }
static unsigned btype(const g2 *s) { return s->gui >> 4 & 15; }

static int present(const g2 *s)
{
    if (s->op == GFX2D_SET_SCISSORS)
        return s->ph == 4 || s->ph == 5 || s->ph >= 8;
    switch (s->ph) {
    case 0: return 1;
    case 1: return s->gui & 1;
    case 2: return s->gui >> 1 & 1;
    case 3: return s->gui >> 2 & 1;
    case 4: case 5: return s->gui >> 3 & 1;
    case 6: return s->bi < gfx2d_brush_dwords(btype(s), bpp(s));
    case 7: return s->gui >> 31 & 1;
    default: return 1;
    }
}

static unsigned rec_len(unsigned op)
{
    switch (op) {
    case GFX2D_PAINT: case GFX2D_PAINT_MULTI: return 2;
    case GFX2D_BITBLT: case GFX2D_BITBLT_MULTI: case GFX2D_TRANS_BITBLT: return 3;
    default: return 0;
    }
}

/* The mono pattern bit of (x, y): rows 0-3 in MONO_BMP_1, 4-7 in MONO_BMP_2, one byte per row
 * from the low byte, column c = bit c (PIX_ORDER 0) or bit 7-c (PIX_ORDER 1). */
static unsigned pat_bit(const g2 *s)
{
    unsigned r = s->y & 7, c = s->x & 7;
    uint32_t w = r < 4 ? s->m1 : s->m2;
    unsigned byte = w >> (8 * (r & 3)) & 0xFF;
    if (s->gui >> 14 & 1)
        c = 7 - c;
    return byte >> c & 1;
}

static unsigned pen_bit(const g2 *s)
{
    return (s->gui >> 14 & 1) ? (s->m1 >> (31 - s->pc) & 1) : (s->m1 >> s->pc & 1);
}

static uint32_t pattern(const g2 *s)
{
    uint32_t p;
    unsigned t = s->gui >> 8 & 15;
    if (s->op == GFX2D_POLYLINE && btype(s) == 6)
        return gfx2d_colour(pen_bit(s) ? s->fg : s->bg, t) & pmask(s);
    switch (btype(s)) {
    case 0: case 1: p = gfx2d_colour(pat_bit(s) ? s->fg : s->bg, t); break;
    case 6: case 7: case 13: case 14: p = gfx2d_colour(s->fg, t); break;
    case 10: {
        unsigned idx = (s->y & 7) * 8 + (s->x & 7), b = bpp(s);
        p = s->cbr[idx >> (2 - b)] >> ((idx & ((4u >> b) - 1)) * (8u << b));
        break;
    }
    default: p = 0; break;
    }
    return p & pmask(s);
}

static uint32_t dst_addr(const g2 *s)
{
    r5xx_surface sf = gfx2d_surface(s->dst_po, bpp(s));
    return r5xx_tile_addr(&sf, s->x, s->y);
}

static uint32_t src_addr(const g2 *s)
{
    r5xx_surface sf = gfx2d_surface(s->src_po, bpp(s));
    return r5xx_tile_addr(&sf, (uint32_t)((int32_t)s->x + s->ddx) & 0x3FFF, (uint32_t)((int32_t)s->y + s->ddy) & 0x3FFF);
}

/* DP_WRITE_MASK, unless GMC_WR_MSK_DIS (DP_GUI_MASTER_CNTL[30]) */
static uint32_t wmask(const g2 *s) { return (s->gui >> 30 & 1) ? 0xFFFFFFFFu : s->wm; }
static int wpart(const g2 *s) { return (wmask(s) & pmask(s)) != pmask(s); }

/* The value written: the ROP3 result where the write mask is 1, the destination elsewhere. */
static uint32_t result(const g2 *s)
{
    uint32_t r = gfx2d_rop3(s->gui >> 16 & 0xFF, pattern(s), s->sv, s->dv), m = wmask(s);
    return ((r & m) | (s->dv & ~m)) & pmask(s);
}

static void g2_eval(void *h, uint64_t *ports)
{
    const g2 *s = h;
    r5xx_gfx2d_ports *p = (r5xx_gfx2d_ports *)ports;

    p->pkt_ready = s->st == S_HDR && !p->regw_valid;
    p->regw_ready = s->st == S_HDR;
    p->body_ready = (s->st == S_BODY && present(s)) || s->st == S_SKIP || s->st == S_HD || s->st == S_HDRAIN;
    p->memrsp_ready = 1;

    uint32_t a = 0;
    int rd = s->st == S_RS || s->st == S_RD, wr = s->st == S_WR && wen(s);
    if (s->st == S_RS)
        a = src_addr(s);
    else if (rd || wr)
        a = dst_addr(s);
    p->memreq_valid = (uint64_t)(rd || wr);
    p->memreq_addr = a & ~3u;
    p->memreq_we = (uint64_t)wr;
    unsigned lane = a & 3, b = bpp(s);
    p->memreq_wdata = wr ? (uint64_t)(uint32_t)(result(s) << (8 * lane)) : 0;
    p->memreq_be = wr ? (b == 2 ? 0xFu : b == 1 ? 3u << (lane & 2) : 1u << lane) : 0;

    int pv = s->st == S_PIX;
    p->pix_valid = (uint64_t)pv;
    p->pix_pkt = pv ? s->cur & 0xFFFF : 0;
    p->pix_x = pv ? s->x : 0;
    p->pix_y = pv ? s->y : 0;
    p->pix_src = pv ? s->sv : 0;
    p->pix_pat = pv ? pattern(s) : 0;
    p->pix_dst = pv ? s->dv : 0;
    p->pix_rop = pv ? (s->gui >> 16 & 0xFF) : 0;
    p->pix_res = pv ? result(s) : 0;
    p->idle = s->st == S_HDR;
}

static int32_t max3(int32_t a, int32_t b, int32_t c) { int32_t m = a > b ? a : b; return m > c ? m : c; }
static int32_t min2(int32_t a, int32_t b) { return a < b ? a : b; }
static int32_t max2(int32_t a, int32_t b) { return a > b ? a : b; }

static void setup(g2 *s)
{
    int32_t l, t, r, b;
    int blit = rec_len(s->op) == 3 || (s->ro && s->rb);
    s->ddx = s->ddy = 0;
    if (s->ro) {
        int32_t w = (int32_t)(s->d[2] & 0x3FFF), hh = (int32_t)(s->d[2] >> 16 & 0x3FFF);
        int32_t dx = gfx2d_sx14(s->d[1]), dy = gfx2d_sx14(s->d[1] >> 16);
        l = (s->dpc & 1) ? dx : dx - w + 1;
        t = (s->dpc & 2) ? dy : dy - hh + 1;
        r = l + w;
        b = t + hh;
        if (s->rb) {
            s->ddx = gfx2d_sx14(s->d[0]) - dx;
            s->ddy = gfx2d_sx14(s->d[0] >> 16) - dy;
        }
    } else if (s->op == GFX2D_POLYSCANLINES || s->op == GFX2D_PLY_NEXTSCAN) {
        l = gfx2d_sx14(s->d[1]);
        r = gfx2d_sx14(s->d[1] >> 16);
        t = gfx2d_sx14(s->d[0]);
        b = t + (int32_t)(s->d[0] >> 16 & 0x3FFF);
    } else if (s->op == GFX2D_PAINT) {
        l = gfx2d_sx14(s->d[0]);
        t = gfx2d_sx14(s->d[0] >> 16);
        r = gfx2d_sx14(s->d[1]);
        b = gfx2d_sx14(s->d[1] >> 16);
    } else {
        uint32_t xy = blit ? s->d[1] : s->d[0], wh = blit ? s->d[2] : s->d[1];
        t = gfx2d_sx14(xy);
        l = gfx2d_sx14(xy >> 16);
        b = t + (int32_t)(wh & 0x3FFF);
        r = l + (int32_t)(wh >> 16 & 0x3FFF);
        if (blit) {
            s->ddy = gfx2d_sx14(s->d[0]) - t;
            s->ddx = gfx2d_sx14(s->d[0] >> 16) - l;
        }
    }
    int32_t x0 = max3(l, gfx2d_sx14(s->sc_tl), 0), x1 = min2(r, gfx2d_sx14(s->sc_br));
    int32_t y0 = max3(t, gfx2d_sx14(s->sc_tl >> 16), 0), y1 = min2(b, gfx2d_sx14(s->sc_br >> 16));
    if (blit) {
        x0 = max2(x0, -s->ddx);
        y0 = max2(y0, -s->ddy);
        x1 = min2(x1, gfx2d_sx14(s->src_br) - s->ddx);
        y1 = min2(y1, gfx2d_sx14(s->src_br >> 16) - s->ddy);
    }
    if (x0 >= x1 || y0 >= y1) {
        s->st = s->lastq ? S_HDR : S_BODY;
        return;
    }
    s->xdir = s->ro ? !(s->dpc & 1) : blit && s->ddy == 0 && s->ddx < 0;
    s->ydir = s->ro ? !(s->dpc & 2) : blit && s->ddy < 0;
    s->xa = (uint32_t)(s->xdir ? x1 - 1 : x0);
    s->xb = (uint32_t)(s->xdir ? x0 : x1 - 1);
    s->yb = (uint32_t)(s->ydir ? y0 : y1 - 1);
    s->x = s->xa;
    s->y = (uint32_t)(s->ydir ? y1 - 1 : y0);
    unsigned rop = s->gui >> 16 & 0xFF;
    int tr = s->op == GFX2D_TRANS_BITBLT;
    s->ns = blit && (tr || gfx2d_rop_uses_s(rop));
    s->nd = tr || gfx2d_rop_uses_d(rop) || wpart(s);
    s->st = S_PX;
}

static int hclip(const g2 *s)
{
    return s->hx >= max2(gfx2d_sx14(s->sc_tl), 0) && s->hx < gfx2d_sx14(s->sc_br) &&
           s->hy >= max2(gfx2d_sx14(s->sc_tl >> 16), 0) && s->hy < gfx2d_sx14(s->sc_br >> 16);
}

static unsigned hbit(const g2 *s)
{
    return (s->gui >> 14 & 1) ? (s->rs >> s->bp & 1) : (s->rs >> (31 - s->bp) & 1);
}

/* HOSTDATA_BLT with SRC_TYPE 3 (colour, D25): the raster dwords hold raw pixels of the destination
 * type, 4 >> bpp to a dword, the first in the low bits; bp counts pixels instead of bits. */
static int hcolour(const g2 *s) { return (s->gui >> 12 & 3) == 3; }
static unsigned hlast(const g2 *s) { return hcolour(s) ? (4u >> bpp(s)) - 1 : 31; }
static uint32_t hpixel(const g2 *s) { return (s->rs >> (s->bp * (8u << bpp(s)))) & pmask(s); }

/* HOSTDATA_BLT: the next bit of the character. */
static void hadvance(g2 *s)
{
    int done = 0;
    if (s->hx != s->hxb) {
        s->hx++;
    } else if (s->hy != s->hyb) {
        s->hx = s->hxa;
        s->hy++;
    } else {
        done = 1;
    }
    if (done) {
        s->st = s->rn && !s->lastq ? S_HDRAIN : s->lastq ? S_HDR : S_BODY;
    } else if (s->bp == hlast(s)) {
        s->st = s->rn && !s->lastq ? S_HD : s->lastq ? S_HDR : S_BODY;
    } else {
        s->bp++;
        s->st = S_HPX;
    }
}

/* POLYLINE: the next pixel of the segment; the end point is not drawn. */
static void ladvance(g2 *s)
{
    int32_t e2 = 2 * s->lerr, nx = s->hx, ny = s->hy, ne = s->lerr;
    s->pc = (s->pc + 1) & 31;
    if (e2 > -s->ldy) {
        ne -= s->ldy;
        nx += s->xdir ? -1 : 1;
    }
    if (e2 < s->ldx) {
        ne += s->ldx;
        ny += s->ydir ? -1 : 1;
    }
    s->hx = nx;
    s->hy = ny;
    s->lerr = ne;
    if (nx == s->hxb && ny == s->hyb) {
        s->d[0] = s->d[1];
        s->st = s->lastq ? S_HDR : S_BODY;
    } else {
        s->st = S_LPX;
    }
}

static void advance(g2 *s)
{
    if (s->op == GFX2D_POLYLINE) {
        ladvance(s);
    } else if (s->op == GFX2D_HOSTDATA_BLT || s->op == GFX2D_NEXTCHAR) {
        hadvance(s);
    } else if (s->x != s->xb) {
        s->x = s->xdir ? s->x - 1 : s->x + 1;
        s->st = S_PX;
    } else if (s->y != s->yb) {
        s->x = s->xa;
        s->y = s->ydir ? s->y - 1 : s->y + 1;
        s->st = S_PX;
    } else {
        s->st = s->lastq ? S_HDR : S_BODY;
    }
}

/* TRANS_BITBLT: 1 if the pixel is written (CLR_CMP_CNTL, 001:3234-3307). */
static int wen(const g2 *s)
{
    if (s->op != GFX2D_TRANS_BITBLT)
        return 1;
    uint32_t m = pmask(s);
    unsigned cs = s->cmp & 7, cd = s->cmp >> 8 & 7, en = s->cmp >> 24 & 3;
    int sok = cs == 1 ? 0 : cs == 4 ? s->sv == (s->sref & m) : cs == 5 ? s->sv != (s->sref & m) : 1;
    int dpr = cd == 1 ? 1 : cd == 4 ? s->dv == (s->dref & m) : cd == 5 ? s->dv != (s->dref & m) : 0;
    return en == 0 ? !dpr : en == 1 ? sok : sok && !dpr;
}

static uint32_t extract(const g2 *s, uint32_t data, uint32_t addr)
{
    return (data >> (8 * (addr & 3))) & pmask(s);
}

/* A register write from the backbone, accepted in S_HDR (docs/blocks/r5xx.gfx2d.md, "Registers"). */
static void reg_write(g2 *s, unsigned a, uint32_t d)
{
    switch (a) {
    case 0x1428: s->src_po = d; break;
    case 0x142C: s->dst_po = d; break;
    case 0x1434: s->syx = d; break;
    case 0x1438: s->dyx = d; break;
    case 0x1590: s->syx = d << 16 | d >> 16; break;  /* SRC_X_Y: X [31:16], Y [15:0] (D26) */
    case 0x1594: s->dyx = d << 16 | d >> 16; break;  /* DST_X_Y */
    case 0x146C: s->gui = d; break;
    case 0x1478: s->bg = d; break;
    case 0x147C: s->fg = d; break;
    case 0x1480: s->m1 = d; break;
    case 0x1484: s->m2 = d; break;
    case 0x15C0: s->cmp = d; break;
    case 0x15C4: s->sref = d; break;
    case 0x15C8: s->dref = d; break;
    case 0x15D8: s->hfg = d; break;
    case 0x15DC: s->hbg = d; break;
    case 0x16C0: s->dpc = d & 3; break;
    case 0x16CC: s->wm = d; break;
    case 0x16EC: s->sc_tl = d; break;
    case 0x16F0: s->sc_br = d; break;
    case 0x16F4: s->src_br = d; break;
    default: break;
    }
    if (a == 0x143C || a == 0x1598) {            /* DST_HEIGHT_WIDTH / DST_WIDTH_HEIGHT: go */
        s->cur = s->cnt;
        s->cnt = (s->cnt + 1) & 0xFFFF;
        s->op = 0;
        s->ro = 1;
        s->rb = (s->gui >> 24 & 7) == 2;
        s->d[0] = s->syx;
        s->d[1] = s->dyx;
        s->d[2] = a == 0x143C ? (d & 0x3FFF0000u) | (d & 0x3FFF) : (d & 0x3FFF) << 16 | (d >> 16 & 0x3FFF);
        s->lastq = 1;
        s->st = S_SETUP;
    }
}

static void g2_tick(void *h, const uint64_t *ports)
{
    g2 *s = h;
    const r5xx_gfx2d_ports *p = (const r5xx_gfx2d_ports *)ports;
    uint32_t data = (uint32_t)p->body_data;
    unsigned last = (unsigned)p->body_last;

    switch (s->st) {
    case S_HDR:
        if (p->regw_valid) {
            reg_write(s, (unsigned)p->regw_addr, (uint32_t)p->regw_data);
        } else if (p->pkt_valid) {
            s->ro = 0;
            unsigned op = (unsigned)p->pkt_opcode;
            int body = p->pkt_type == 3 && op != GFX2D_NOP && !(p->pkt_err & 1);
            int is2d = op == 0x91 || op == 0x92 || op == 0x94 || op == 0x95 || op == 0x98 || op == 0x9A ||
                       op == 0x9B || op == 0x9C || op == 0x19 || op == 0x1D || op == 0x1E;
            unsigned cnt = (unsigned)p->pkt_count;
            s->cur = s->cnt;
            s->cnt = (s->cnt + 1) & 0xFFFF;
            s->op = op;
            s->ph = op == GFX2D_SET_SCISSORS ? 4 : (op == GFX2D_NEXTCHAR || op == GFX2D_PLY_NEXTSCAN) ? 8 : 0;
            s->k = (op == GFX2D_NEXTCHAR || op == GFX2D_PLY_NEXTSCAN) ? 2 : 0;
            s->bi = 0;
            s->pc = 0;
            if (op == GFX2D_NEXTCHAR)
                s->rn = cnt >= 2 ? cnt - 1 : 0;
            s->st = !body ? S_HDR : is2d ? S_BODY : S_SKIP;
        }
        break;
    case S_SKIP:
        if (p->body_valid && last)
            s->st = S_HDR;
        break;
    case S_BODY:
        if (!present(s)) {
            s->ph++;
            break;
        }
        if (!p->body_valid)
            break;
        switch (s->ph) {
        case 0: s->gui = data; s->ph = 1; break;
        case 1: s->src_po = data; s->ph = 2; break;
        case 2: s->dst_po = data; s->ph = 3; break;
        case 3: s->src_br = data; s->ph = 4; break;
        case 4: s->sc_tl = data; s->ph = 5; break;
        case 5: s->sc_br = data; s->ph = 6; break;
        case 6: {
            unsigned t = btype(s), idx = s->bi + (t == 0 || t == 6 ? 0 : 1);
            if (t == 10 && s->bi < 64)
                s->cbr[s->bi] = data;
            if (t != 10) {
                if (idx == 0) s->bg = data;
                else if (idx == 1) s->fg = data;
                else if (idx == 2) s->m1 = data;
                else if (idx == 3) s->m2 = data;
            }
            s->bi++;
            break;
        }
        case 7: s->pc = data >> 16 & 31; s->ph = 8; break;
        default: {
            unsigned n = rec_len(s->op);
            if (s->op == GFX2D_TRANS_BITBLT) {
                if (s->k == 0) s->cmp = data;
                else if (s->k == 1) s->sref = data;
                else if (s->k == 2) s->dref = data;
                else s->d[s->k - 3] = data;
                if (s->k == 5) {
                    s->k = 3;
                    s->lastq = last;
                    s->st = S_SETUP;
                    return;
                }
                s->k++;
            } else if (s->op == GFX2D_POLYLINE) {
                s->d[s->k] = data;
                if (s->k == 1) {
                    s->lastq = last;
                    s->st = S_LSETUP;
                    return;
                }
                s->k = 1;
            } else if (s->op == GFX2D_POLYSCANLINES || s->op == GFX2D_PLY_NEXTSCAN) {
                if (s->k == 0) {
                    s->k = 1;
                } else if (s->k == 1) {
                    s->nl = data & 0x3FFF;
                    s->k = 2;
                } else if (s->k == 2) {
                    s->d[0] = data;
                    s->k = s->op == GFX2D_PLY_NEXTSCAN || s->nl ? 3 : 1;
                } else {
                    s->d[1] = data;
                    s->nl = (s->nl - 1) & 0x3FFF;
                    s->k = s->op == GFX2D_PLY_NEXTSCAN || s->nl ? 3 : 1;
                    s->lastq = last;
                    s->st = S_SETUP;
                    return;
                }
            } else if (s->op == GFX2D_NEXTCHAR) {
                s->d[s->k - 2] = data;
                if (s->k == 3) {
                    s->k = 2;
                    s->lastq = last;
                    s->st = S_HSETUP;
                    return;
                }
                s->k = 3;
            } else if (s->op == GFX2D_HOSTDATA_BLT) {
                if (s->k == 0) s->hfg = data;
                else if (s->k == 1) s->hbg = data;
                else if (s->k < 4) s->d[s->k - 2] = data;
                else s->rn = data & 0x3FFF;
                if (s->k == 4) {
                    s->k = 2;
                    s->lastq = last;
                    s->st = S_HSETUP;
                    return;
                }
                s->k++;
            } else if (n) {
                s->d[s->k] = data;
                if (s->k == n - 1) {
                    s->k = 0;
                    s->lastq = last;
                    s->st = S_SETUP;
                    return;
                }
                s->k++;
            }
            break;
        }
        }
        if (last)
            s->st = S_HDR;
        break;
    case S_SETUP:
        setup(s);
        break;
    case S_PX:
        if ((btype(s) == 1) && !pat_bit(s)) {
            advance(s);
            break;
        }
        s->sv = s->dv = 0;
        s->st = s->ns ? S_RS : s->nd ? S_RD : S_WR;
        break;
    case S_RS:
        if (p->memreq_ready)
            s->st = S_WS;
        break;
    case S_WS:
        if (p->memrsp_valid) {
            s->sv = extract(s, (uint32_t)p->memrsp_data, src_addr(s));
            s->st = s->nd ? S_RD : S_WR;
        }
        break;
    case S_RD:
        if (p->memreq_ready)
            s->st = S_WD;
        break;
    case S_WD:
        if (p->memrsp_valid) {
            s->dv = extract(s, (uint32_t)p->memrsp_data, dst_addr(s));
            s->st = S_WR;
        }
        break;
    case S_WR:
        if (!wen(s))
            advance(s);
        else if (p->memreq_ready)
            s->st = S_PIX;
        break;
    case S_HSETUP: {
        int32_t w = (int32_t)(s->d[1] & 0x3FFF), hh = (int32_t)(s->d[1] >> 16 & 0x3FFF);
        s->hx = s->hxa = gfx2d_sx14(s->d[0]);
        s->hy = gfx2d_sx14(s->d[0] >> 16);
        s->hxb = s->hxa + w - 1;
        s->hyb = s->hy + hh - 1;
        s->bp = 0;
        s->nd = gfx2d_rop_uses_d(s->gui >> 16 & 0xFF) || wpart(s);
        if (s->lastq)
            s->st = S_HDR;
        else if (w == 0 || hh == 0 || s->rn == 0)
            s->st = s->rn ? S_HDRAIN : S_BODY;
        else
            s->st = S_HD;
        break;
    }
    case S_LSETUP:
        s->hx = gfx2d_sx14(s->d[0]);
        s->hy = gfx2d_sx14(s->d[0] >> 16);
        s->hxb = gfx2d_sx14(s->d[1]);
        s->hyb = gfx2d_sx14(s->d[1] >> 16);
        s->xdir = s->hxb < s->hx;
        s->ydir = s->hyb < s->hy;
        s->ldx = s->xdir ? s->hx - s->hxb : s->hxb - s->hx;
        s->ldy = s->ydir ? s->hy - s->hyb : s->hyb - s->hy;
        s->lerr = s->ldx - s->ldy;
        s->nd = gfx2d_rop_uses_d(s->gui >> 16 & 0xFF) || wpart(s);
        if (s->ldx == 0 && s->ldy == 0) {
            s->d[0] = s->d[1];
            s->st = s->lastq ? S_HDR : S_BODY;
        } else {
            s->st = S_LPX;
        }
        break;
    case S_LPX:
        if (hclip(s) && (btype(s) != 7 || pen_bit(s))) {
            s->x = (uint32_t)s->hx & 0x3FFF;
            s->y = (uint32_t)s->hy & 0x3FFF;
            s->sv = s->dv = 0;
            s->st = s->nd ? S_RD : S_WR;
        } else {
            ladvance(s);
        }
        break;
    case S_HD:
        if (p->body_valid) {
            s->rs = data;
            s->rn--;
            s->lastq = last;
            s->bp = 0;
            s->st = S_HPX;
        }
        break;
    case S_HDRAIN:
        if (p->body_valid) {
            s->rn--;
            s->st = last ? S_HDR : s->rn == 0 ? S_BODY : S_HDRAIN;
        }
        break;
    case S_HPX: {
        unsigned bit = hbit(s);
        if (hclip(s) && (bit || (s->gui >> 12 & 3) != 1)) {
            s->x = (uint32_t)s->hx & 0x3FFF;
            s->y = (uint32_t)s->hy & 0x3FFF;
            s->sv = hcolour(s) ? hpixel(s) : gfx2d_colour(bit ? s->hfg : s->hbg, s->gui >> 8 & 15) & pmask(s);
            s->dv = 0;
            s->st = s->nd ? S_RD : S_WR;
        } else {
            hadvance(s);
        }
        break;
    }
    default:
        if (p->pix_ready)
            advance(s);
        break;
    }
}

static void g2_reset(void *h, uint64_t *ports)
{
    g2 *s = h;
    memset(s, 0, sizeof *s);
    s->sc_br = 0x1FFF1FFFu;
    s->src_br = 0x1FFF1FFFu;
    s->wm = 0xFFFFFFFFu;
    s->dpc = 3;
    g2_eval(h, ports);
}

const rc_side_ops r5xx_gfx2d_model_ops = {
    .kind = "model", .create = g2_create, .destroy = free, .reset = g2_reset,
    .eval = g2_eval, .tick = g2_tick
};
