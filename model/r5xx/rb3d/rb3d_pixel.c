/*
 * rb3d_pixel.c - the arithmetic of the R5xx colour backend (see rb3d_pixel.h and
 * docs/blocks/r5xx.rb3d.md).
 */
#include "rb3d_pixel.h"

#include <string.h>

/* ---- registers ------------------------------------------------------------------------------ */

void rb3d_regs_reset(rb3d_regs *r)
{
    memset(r, 0, sizeof *r);
    r->r[RB3D_R_BLEND] = 0x4;              /* READ_ENABLE = 1 (000:8449) */
    r->r[RB3D_R_CHMASK] = 0xFFFF;          /* every mask bit 1 (000:8863-8954) */
    r->r[RB3D_R_GTE] = 0xFFFFFFFFu;        /* 0xFF per channel (000:8667-8683) */
    for (unsigned n = 0; n < 4; n++)
        r->r[RB3D_R_PITCH0 + n] = 6u << 21;   /* COLORFORMAT = 6, ARGB8888 (000:8833) */
}

int rb3d_reg_index(uint32_t addr)
{
    switch (addr) {
    case RB3D_CCTL: return RB3D_R_CCTL;
    case RB3D_BLENDCNTL: return RB3D_R_BLEND;
    case RB3D_ABLENDCNTL: return RB3D_R_ABLEND;
    case RB3D_COLOR_CHANNEL_MASK: return RB3D_R_CHMASK;
    case RB3D_CONSTANT_COLOR: return RB3D_R_CONST;
    case RB3D_ROPCNTL: return RB3D_R_ROP;
    case RB3D_DITHER_CTL: return RB3D_R_DITHER;
    case RB3D_DISCARD_SRC_PIXEL_LTE_THRESHOLD: return RB3D_R_LTE;
    case RB3D_DISCARD_SRC_PIXEL_GTE_THRESHOLD: return RB3D_R_GTE;
    default: break;
    }
    if (addr >= RB3D_COLOROFFSET0 && addr < RB3D_COLOROFFSET0 + 16 && !(addr & 3))
        return RB3D_R_OFF0 + (int)((addr - RB3D_COLOROFFSET0) >> 2);
    if (addr >= RB3D_COLORPITCH0 && addr < RB3D_COLORPITCH0 + 16 && !(addr & 3))
        return RB3D_R_PITCH0 + (int)((addr - RB3D_COLORPITCH0) >> 2);
    return -1;
}

int rb3d_regs_write(rb3d_regs *r, uint32_t addr, uint32_t data)
{
    int i = rb3d_reg_index(addr);
    if (i < 0)
        return 0;
    r->r[i] = data;
    return 1;
}

/* ---- formats -------------------------------------------------------------------------------- */

/* Width and LSB position of channels B, G, R, A per COLORFORMAT (000:8833-8859 for the codes;
 * the B-lowest order of ARGB8888, 000:8964-8971, carried to every format: docs/blocks/r5xx.rb3d.md). */
static const unsigned char fmt_w[16][4] = {
    [RB3D_FMT_ARGB1555] = { 5, 5, 5, 1 },
    [RB3D_FMT_RGB565] = { 5, 6, 5, 0 },
    [RB3D_FMT_ARGB2101010] = { 10, 10, 10, 2 },
    [RB3D_FMT_ARGB8888] = { 8, 8, 8, 8 },
    [RB3D_FMT_I8] = { 0, 0, 8, 0 },
    [RB3D_FMT_ARGB16161616] = { 16, 16, 16, 16 },
    [RB3D_FMT_ARGB4444] = { 4, 4, 4, 4 },
};
static const unsigned char fmt_s[16][4] = {
    [RB3D_FMT_ARGB1555] = { 0, 5, 10, 15 },
    [RB3D_FMT_RGB565] = { 0, 5, 11, 0 },
    [RB3D_FMT_ARGB2101010] = { 0, 10, 20, 30 },
    [RB3D_FMT_ARGB8888] = { 0, 8, 16, 24 },
    [RB3D_FMT_I8] = { 0, 0, 0, 0 },
    [RB3D_FMT_ARGB16161616] = { 0, 16, 32, 48 },
    [RB3D_FMT_ARGB4444] = { 0, 4, 8, 12 },
};

int rb3d_fmt_bpp_log2(unsigned fmt)
{
    switch (fmt & 15) {
    case RB3D_FMT_I8: return 0;
    case RB3D_FMT_ARGB1555:
    case RB3D_FMT_RGB565:
    case RB3D_FMT_ARGB4444: return 1;
    case RB3D_FMT_ARGB2101010:
    case RB3D_FMT_ARGB8888: return 2;
    case RB3D_FMT_ARGB16161616: return 3;
    default: return -1;
    }
}

unsigned rb3d_fmt_width(unsigned fmt, unsigned c) { return fmt_w[fmt & 15][c & 3]; }
unsigned rb3d_fmt_shift(unsigned fmt, unsigned c) { return fmt_s[fmt & 15][c & 3]; }

unsigned rb3d_fmt_channels(unsigned fmt)
{
    unsigned m = 0;
    for (unsigned c = 0; c < 4; c++)
        if (fmt_w[fmt & 15][c])
            m |= 1u << c;
    return m;
}

uint32_t rb3d_expand(uint32_t v, unsigned n)
{
    if (n == 0)
        return 0;
    v &= (1u << n) - 1;
    uint32_t r = 0;
    for (int sh = 16 - (int)n; sh > -(int)n; sh -= (int)n)
        r |= sh >= 0 ? v << sh : v >> -sh;
    return r & 0xFFFF;
}

uint32_t rb3d_reduce(uint32_t v16, unsigned n, int round)
{
    if (n == 0)
        return 0;
    return round ? rb3d_mul16(v16, (1u << n) - 1) : v16 >> (16 - n);
}

static uint32_t ch16(uint64_t c, unsigned i) { return (uint32_t)(c >> (16 * i)) & 0xFFFF; }

static uint64_t argb4(uint32_t b, uint32_t g, uint32_t r, uint32_t a)
{
    return (uint64_t)b | (uint64_t)g << 16 | (uint64_t)r << 32 | (uint64_t)a << 48;
}

static uint32_t x5(uint32_t v) { v &= 31; return v << 11 | v << 6 | v << 1 | v >> 4; }
static uint32_t x4(uint32_t v) { return (v & 15) * 0x1111u; }
static uint32_t x8(uint32_t v) { return (v & 255) * 0x101u; }
static uint32_t x10(uint32_t v) { v &= 1023; return v << 6 | v >> 4; }

uint64_t rb3d_unpack(unsigned fmt, uint64_t pix)
{
    uint32_t p = (uint32_t)pix;
    switch (fmt & 15) {
    case RB3D_FMT_ARGB1555: return argb4(x5(p), x5(p >> 5), x5(p >> 10), (p >> 15 & 1) ? RB3D_ONE : 0);
    case RB3D_FMT_RGB565: {
        uint32_t g = p >> 5 & 63;
        return argb4(x5(p), g << 10 | g << 4 | g >> 2, x5(p >> 11), RB3D_ONE);
    }
    case RB3D_FMT_ARGB2101010: return argb4(x10(p), x10(p >> 10), x10(p >> 20), (p >> 30) * 0x5555u);
    case RB3D_FMT_ARGB8888: return argb4(x8(p), x8(p >> 8), x8(p >> 16), x8(p >> 24));
    case RB3D_FMT_I8: { uint32_t i = x8(p); return argb4(i, i, i, RB3D_ONE); }
    case RB3D_FMT_ARGB16161616: return pix;
    case RB3D_FMT_ARGB4444: return argb4(x4(p), x4(p >> 4), x4(p >> 8), x4(p >> 12));
    default: return argb4(0, 0, 0, RB3D_ONE);
    }
}

uint64_t rb3d_pack(unsigned fmt, const uint32_t ch[4])
{
    uint64_t p = 0;
    for (unsigned c = 0; c < 4; c++) {
        unsigned w = fmt_w[fmt & 15][c];
        if (w)
            p |= (uint64_t)(ch[c] & ((1u << w) - 1)) << fmt_s[fmt & 15][c];
    }
    return p;
}

uint64_t rb3d_chanbits(unsigned fmt, unsigned mask)
{
    uint64_t b = 0;
    for (unsigned c = 0; c < 4; c++) {
        unsigned w = fmt_w[fmt & 15][c];
        if (w && (mask >> c & 1))
            b |= (((uint64_t)1 << w) - 1) << fmt_s[fmt & 15][c];
    }
    return b;
}

/* ---- endian swap ---------------------------------------------------------------------------- */

uint64_t rb3d_swap(uint64_t w, unsigned mode)
{
    switch (mode & 3) {
    case 1: return (w & 0x00FF00FF00FF00FFull) << 8 | (w >> 8 & 0x00FF00FF00FF00FFull);
    case 2: { uint64_t b = __builtin_bswap64(w); return b << 32 | b >> 32; }
    case 3: return (w & 0x0000FFFF0000FFFFull) << 16 | (w >> 16 & 0x0000FFFF0000FFFFull);
    default: return w;
    }
}

unsigned rb3d_swap_be(unsigned be, unsigned mode)
{
    switch (mode & 3) {
    case 1: return (be & 0x55u) << 1 | (be >> 1 & 0x55u);
    case 2: return (be & 0x11u) << 3 | (be & 0x22u) << 1 | (be >> 1 & 0x22u) | (be >> 3 & 0x11u);
    case 3: return (be & 0x33u) << 2 | (be >> 2 & 0x33u);
    default: return be;
    }
}

/* ---- blending ------------------------------------------------------------------------------- */

/* A factor from the channel values: s, d the channel, as/ad the alphas, k/ka the constant. */
static uint32_t factor(unsigned code, int src_role, int alpha, uint32_t s, uint32_t d, uint32_t as, uint32_t ad,
                       uint32_t k, uint32_t ka)
{
    switch (code & 63) {
    case 1: case 32: return 0;                        /* ZERO */
    case 2: case 33: return RB3D_ONE;                 /* ONE */
    case 3: case 34: return s;                        /* SRCCOLOR */
    case 4: case 35: return RB3D_ONE - s;             /* INVSRCCOLOR */
    case 5: case 38: return as;                       /* SRCALPHA */
    case 6: case 39: return RB3D_ONE - as;            /* INVSRCALPHA */
    case 7: case 40: return ad;                       /* DESTALPHA */
    case 8: case 41: return RB3D_ONE - ad;            /* INVDESTALPHA */
    case 9: case 36: return d;                        /* DESTCOLOR */
    case 10: case 37: return RB3D_ONE - d;            /* INVDESTCOLOR */
    case 43: return k;                                /* CONSTANT_COLOR */
    case 44: return RB3D_ONE - k;
    case 45: return ka;                               /* CONSTANT_ALPHA */
    case 46: return RB3D_ONE - ka;
    case 11: case 42:                                 /* SRCALPHASAT, source only */
        if (!src_role)
            return 0;
        if (alpha)
            return RB3D_ONE;
        return as < RB3D_ONE - ad ? as : RB3D_ONE - ad;
    case 12: return src_role ? as : 0;                /* BOTHSRCALPHA, source only */
    case 13: return src_role ? RB3D_ONE - as : 0;     /* BOTHINVSRCALPHA, source only */
    default: return 0;                                /* reserved */
    }
}

uint32_t rb3d_factor(unsigned code, int src_role, unsigned c, uint64_t src, uint64_t dst, uint32_t cconst)
{
    return factor(code, src_role, c == 3, ch16(src, c), ch16(dst, c), ch16(src, 3), ch16(dst, 3),
                  ((cconst >> (8 * c)) & 0xFF) * 257u, (cconst >> 24) * 257u);
}

/* The factors as (operand, invert) for blend_cfg: operand 0 zero, 1 the source channel, 2 source
 * alpha, 3 destination alpha, 4 the destination channel, 5 the constant channel, 6 constant
 * alpha, 7 SRCALPHASAT's min(As, 1 - Ad) (1.0 for alpha); invert gives 1 - operand (a 16-bit
 * value xor 0xFFFF).  Must say what factor() says, code by code. */
static void factor_sel(unsigned code, int src_role, unsigned char out[2])
{
    static const unsigned char sel[64][2] = {
        [1] = { 0, 0 }, [2] = { 0, 1 }, [3] = { 1, 0 }, [4] = { 1, 1 }, [5] = { 2, 0 }, [6] = { 2, 1 },
        [7] = { 3, 0 }, [8] = { 3, 1 }, [9] = { 4, 0 }, [10] = { 4, 1 },
        [32] = { 0, 0 }, [33] = { 0, 1 }, [34] = { 1, 0 }, [35] = { 1, 1 }, [36] = { 4, 0 }, [37] = { 4, 1 },
        [38] = { 2, 0 }, [39] = { 2, 1 }, [40] = { 3, 0 }, [41] = { 3, 1 },
        [43] = { 5, 0 }, [44] = { 5, 1 }, [45] = { 6, 0 }, [46] = { 6, 1 },
    };
    out[0] = sel[code & 63][0];
    out[1] = sel[code & 63][1];
    if (src_role && (code == 11 || code == 42))
        out[0] = 7, out[1] = 0;
    else if (src_role && (code == 12 || code == 13))
        out[0] = 2, out[1] = code == 13;
}

static uint64_t blend_cfg(const rb3d_cfg *g, uint64_t src, uint64_t dst)
{
    uint64_t out = 0;
    uint32_t as = ch16(src, 3), ad = ch16(dst, 3);
    uint32_t sat = as < (ad ^ 0xFFFF) ? as : (ad ^ 0xFFFF);
    for (unsigned c = 0; c < 4; c++) {
        unsigned comb = g->comb[c];
        uint32_t s = ch16(src, c), d = ch16(dst, c);
        int32_t v;
        if (comb == 4 || comb == 5) {                 /* factors forced to ONE */
            v = (int32_t)(comb == 4 ? (s < d ? s : d) : (s > d ? s : d));
        } else {
            uint32_t op[8] = { 0, s, as, ad, d, g->k[c], g->k[3], c == 3 ? RB3D_ONE : sat };
            uint32_t fs = op[g->fsel[c][0]] ^ (g->fsel[c][1] ? 0xFFFFu : 0);
            uint32_t fd = op[g->fdsel[c][0]] ^ (g->fdsel[c][1] ? 0xFFFFu : 0);
            int32_t ps = (int32_t)rb3d_mul16(s, fs), pd = (int32_t)rb3d_mul16(d, fd);
            switch (comb) {
            case 0: v = ps + pd; v = v > (int32_t)RB3D_ONE ? (int32_t)RB3D_ONE : v; break;
            case 1: v = ps + pd; break;
            case 2: v = ps - pd; v = v < 0 ? 0 : v; break;
            case 3: v = ps - pd; break;
            case 6: v = pd - ps; v = v < 0 ? 0 : v; break;
            default: v = pd - ps; break;
            }
        }
        out |= (uint64_t)((uint32_t)v & 0xFFFF) << (16 * c);
    }
    return out;
}

uint64_t rb3d_blend(const rb3d_regs *r, uint64_t src, uint64_t dst)
{
    rb3d_cfg g;
    rb3d_cfg_make(r, &g);
    return blend_cfg(&g, src, dst);
}

/* Does one blend control (for the alpha channel or a colour channel) read the destination? */
static int cntl_uses_dst(uint32_t cn, int alpha)
{
    unsigned comb = cn >> 12 & 7, sf = cn >> 16 & 63, df = cn >> 24 & 63;
    if (comb == 4 || comb == 5)
        return 1;
    switch (sf) {
    case 7: case 8: case 9: case 10: case 36: case 37: case 40: case 41: return 1;
    case 11: case 42: if (!alpha) return 1; break;
    case 12: case 13: return 1;                       /* the destination factor is 1-As or As */
    default: break;
    }
    return (df >= 2 && df <= 10) || (df >= 33 && df <= 41) || (df >= 43 && df <= 46);
}

/* The blend control of channel c: ABLENDCNTL for alpha when SEPARATE_ALPHA_ENABLE. */
static uint32_t cntl_of(const rb3d_regs *r, unsigned c)
{
    uint32_t b = r->r[RB3D_R_BLEND];
    return (c == 3 && (b >> 1 & 1)) ? r->r[RB3D_R_ABLEND] : b;
}

int rb3d_blend_uses_dst(const rb3d_regs *r)
{
    return cntl_uses_dst(cntl_of(r, 0), 0) || cntl_uses_dst(cntl_of(r, 3), 1);
}

unsigned rb3d_rop2(const rb3d_regs *r)
{
    uint32_t v = r->r[RB3D_R_ROP];
    return (v >> 2 & 1) ? (v >> 8 & 15) : 0xC;
}

uint64_t rb3d_rop(unsigned rop2, uint64_t s, uint64_t d)
{
    uint64_t r = 0;
    if (rop2 & 1) r |= ~s & ~d;
    if (rop2 & 2) r |= ~s & d;
    if (rop2 & 4) r |= s & ~d;
    if (rop2 & 8) r |= s & d;
    return r;
}

/* ---- buffers -------------------------------------------------------------------------------- */

unsigned rb3d_copies(const rb3d_regs *r) { return (r->r[RB3D_R_CCTL] >> 5 & 3) + 1; }

unsigned rb3d_buffer(const rb3d_regs *r, unsigned mrt, unsigned k)
{
    return rb3d_copies(r) > 1 ? k & 3 : mrt & 3;
}

uint32_t rb3d_pitch(const rb3d_regs *r, unsigned n)
{
    uint32_t p = r->r[RB3D_R_PITCH0 + (n & 3)];
    if (!(r->r[RB3D_R_CCTL] >> 14 & 1))
        p = (p & ~(15u << 21)) | (r->r[RB3D_R_PITCH0] & (15u << 21));
    return p;
}

unsigned rb3d_mask(const rb3d_regs *r, unsigned n)
{
    unsigned sh = (r->r[RB3D_R_CCTL] >> 12 & 1) ? 4 * (n & 3) : 0;
    return r->r[RB3D_R_CHMASK] >> sh & 15;
}

/* ---- the register state, worked out --------------------------------------------------------- */

void rb3d_cfg_make(const rb3d_regs *r, rb3d_cfg *g)
{
    memset(g, 0, sizeof *g);
    for (unsigned n = 0; n < 4; n++) {
        uint32_t pitch = rb3d_pitch(r, n);
        unsigned fmt = pitch >> 21 & 15, chans = rb3d_fmt_channels(fmt);
        unsigned bytemask = fmt == RB3D_FMT_ARGB8888 || fmt == RB3D_FMT_ARGB16161616;
        g->buf[n].surf = r5xx_surface_color(r->r[RB3D_R_OFF0 + n], pitch);
        g->buf[n].fmt = fmt;
        g->buf[n].ok = rb3d_fmt_bpp_log2(fmt) >= 0;
        g->buf[n].mask = rb3d_mask(r, n) & chans;
        g->buf[n].endian = pitch >> 19 & 3;
        g->buf[n].mask_rd = g->buf[n].mask != chans && !bytemask;
    }
    g->copies = rb3d_copies(r);
    uint32_t b = r->r[RB3D_R_BLEND];
    g->ben = b & 1;
    g->brd = g->ben && (b >> 2 & 1);
    g->na0 = g->ben && (b >> 30 & 1);
    g->na1 = b >> 31 & 1;
    unsigned mode = b >> 3 & 7;
    static const unsigned char sel[8] = { 0, 8, 7, 15, 8, 7, 15, 0 };   /* 0 off, 7 reserved */
    g->dsel = g->ben ? sel[mode] : 0;
    g->dge = mode >= 4;
    uint32_t t = mode <= 3 ? r->r[RB3D_R_LTE] : r->r[RB3D_R_GTE];
    for (unsigned c = 0; c < 4; c++)
        g->thr[c] = ((t >> (8 * c)) & 0xFF) * 257u;
    g->uses = rb3d_blend_uses_dst(r);
    g->rop2 = rb3d_rop2(r);
    g->rop_d = ((g->rop2 ^ (g->rop2 >> 1)) & 5) != 0;
    uint32_t k = r->r[RB3D_R_CONST], dither = r->r[RB3D_R_DITHER];
    for (unsigned c = 0; c < 4; c++) {
        uint32_t cn = cntl_of(r, c);
        g->comb[c] = cn >> 12 & 7;
        g->sf[c] = cn >> 16 & 63;
        g->df[c] = cn >> 24 & 63;
        factor_sel(g->sf[c], 1, g->fsel[c]);
        factor_sel(g->df[c], 0, g->fdsel[c]);
        if (g->sf[c] == 12 || g->sf[c] == 13) {       /* BOTH*: the destination factor follows */
            g->fdsel[c][0] = 2;
            g->fdsel[c][1] = g->sf[c] == 12;
        }
        g->k[c] = ((k >> (8 * c)) & 0xFF) * 257u;
        g->round[c] = (c == 3 ? (dither >> 2 & 3) : (dither & 3)) == 1;
    }
}

/* ---- one pixel operation -------------------------------------------------------------------- */

int rb3d_decode_cfg(const rb3d_cfg *g, unsigned n, uint32_t x, uint32_t y, uint64_t argb, rb3d_op *op)
{
    n &= 3;
    if (!g->buf[n].ok || !g->buf[n].mask)
        return 0;
    uint32_t as = ch16(argb, 3);
    if (g->dsel) {                                    /* every compared channel must pass */
        unsigned hit = 1;
        for (unsigned c = 0; c < 4; c++)
            if (g->dsel >> c & 1)
                hit &= g->dge ? ch16(argb, c) >= g->thr[c] : ch16(argb, c) <= g->thr[c];
        if (hit)
            return 0;
    }
    if (g->na0 && as == 0)
        return 0;
    unsigned brd = g->brd && !(g->na1 && as == RB3D_ONE);
    uint32_t pa = r5xx_tile_addr(&g->buf[n].surf, x, y);
    op->addr = pa & ~7u;
    op->lane = pa & 7;
    op->bytes = rb3d_swap_be((((1u << (1u << g->buf[n].surf.bpp_log2)) - 1) << op->lane) & 0xFF, g->buf[n].endian);
    op->fmt = g->buf[n].fmt;
    op->endian = g->buf[n].endian;
    op->mask = g->buf[n].mask;
    op->brd = brd;
    op->rd = (brd && g->uses) || g->rop_d || g->buf[n].mask_rd;
    op->argb = argb;
    return 1;
}

int rb3d_decode(const rb3d_regs *r, unsigned n, uint32_t x, uint32_t y, uint64_t argb, rb3d_op *op)
{
    rb3d_cfg g;
    rb3d_cfg_make(r, &g);
    return rb3d_decode_cfg(&g, n, x, y, argb, op);
}

void rb3d_write_cfg(const rb3d_cfg *g, const rb3d_op *op, uint64_t rdata, uint32_t *addr, uint64_t *wdata,
                    unsigned *be)
{
    unsigned fmt = op->fmt, size = 1u << rb3d_fmt_bpp_log2(fmt);
    uint64_t pixmask = size == 8 ? ~(uint64_t)0 : (((uint64_t)1 << (8 * size)) - 1);
    uint64_t dpix = op->rd ? (rb3d_swap(rdata, op->endian) >> (8 * op->lane)) & pixmask : 0;
    uint64_t res = op->argb;
    if (g->ben)
        res = blend_cfg(g, res, op->brd ? rb3d_unpack(fmt, dpix) : 0);
    uint32_t ch[4];
    for (unsigned c = 0; c < 4; c++)
        ch[c] = rb3d_reduce(ch16(res, c), fmt_w[fmt & 15][c], (int)g->round[c]);
    uint64_t pix = rb3d_pack(fmt, ch);
    if (g->rop2 != 0xC)
        pix = rb3d_rop(g->rop2, pix, dpix) & pixmask;
    uint64_t cb = rb3d_chanbits(fmt, op->mask);
    pix = (pix & cb) | (dpix & ~cb);
    unsigned bep;
    if (fmt == RB3D_FMT_ARGB8888)
        bep = op->mask;
    else if (fmt == RB3D_FMT_ARGB16161616)
        bep = (op->mask & 1 ? 0x03u : 0) | (op->mask & 2 ? 0x0Cu : 0) | (op->mask & 4 ? 0x30u : 0) |
              (op->mask & 8 ? 0xC0u : 0);
    else
        bep = (1u << size) - 1;
    *addr = op->addr;
    *wdata = rb3d_swap(pix << (8 * op->lane), op->endian);
    *be = rb3d_swap_be((bep << op->lane) & 0xFF, op->endian);
}

void rb3d_write(const rb3d_regs *r, const rb3d_op *op, uint64_t rdata, uint32_t *addr, uint64_t *wdata,
                unsigned *be)
{
    rb3d_cfg g;
    rb3d_cfg_make(r, &g);
    rb3d_write_cfg(&g, op, rdata, addr, wdata, be);
}
