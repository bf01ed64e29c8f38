/*
 * tx_math.c - the arithmetic of the R5xx texture unit (see tx_math.h and docs/blocks/r5xx.tx.md,
 * which numbers the decisions D1..Dn cited below).
 */
#include "tx_math.h"
#include "sf.h"
#include "tx_gamma.h"

int r5xx_tx_regs_write(r5xx_tx_regs *r, uint32_t addr, uint32_t data)
{
    if (addr == R5XX_TX_ENABLE) {
        r->enable = data;
        return 1;
    }
    if (addr == R5XX_TX_FILTER4) {
        r->filter4 = data;
        return 1;
    }
    if (addr < 0x4400 || addr >= 0x4600 || (addr & 3))
        return 0;
    unsigned n = (addr >> 2) & 15;
    uint32_t *bank[8] = { r->filter0, r->filter1, r->format0, r->format1,
                          r->format2, r->offset, r->chroma, r->border };
    bank[(addr - 0x4400) >> 6][n] = data;
    return 1;
}

uint32_t r5xx_tx_width(uint32_t format0, uint32_t format2)
{
    return ((format0 & 0x7FF) | (((format2 >> 15) & 1) << 11)) + 1;
}

uint32_t r5xx_tx_height(uint32_t format0, uint32_t format2)
{
    return (((format0 >> 11) & 0x7FF) | (((format2 >> 16) & 1) << 11)) + 1;
}

/* x mod m in [0, m), for any sign of x (m > 0). */
static int64_t mod(int64_t x, int64_t m)
{
    uint64_t mag = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    int64_t r = (int64_t)(mag % (uint64_t)m);
    return x < 0 && r ? m - r : r;
}

static int64_t clamp64(int64_t x, int64_t lo, int64_t hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* D4: the texel index i of a wrap mode -> the index read and whether it is the border. */
static void map_index(int64_t i, int64_t size, unsigned mode, int lin, uint32_t *idx, unsigned *border)
{
    int64_t j;
    *border = 0;
    switch (mode) {
    case 0:                                   /* wrap: i is in [-1, size] */
        j = i < 0 ? i + size : i >= size ? i - size : i;
        break;
    case 1:                                   /* mirror: i is in [-1, 2 size] */
        j = i < 0 ? i + 2 * size : i >= 2 * size ? i - 2 * size : i;
        j = j < size ? j : 2 * size - 1 - j;
        break;
    case 4:
    case 5:                                   /* half-way to the border: i is in [-1, size] */
        if (lin) {
            *border = i < 0 || i >= size;
            j = clamp64(i, 0, size - 1);
        } else {
            j = i < size ? i : size - 1;      /* point: i in [0, size]; size -> the last texel */
        }
        break;
    case 6:
    case 7:                                   /* to the border */
        *border = i < 0 || i >= size;
        j = clamp64(i, 0, size - 1);
        break;
    default:                                  /* 2, 3: to the last texel */
        j = clamp64(i, 0, size - 1);
        break;
    }
    *idx = (uint32_t)j;
}

int64_t r5xx_tx_fix_coord(uint32_t coord, uint32_t size, unsigned mode)
{
    /* D2: X = floor(coord * size * 256), exactly, from the binary32 fields. */
    unsigned sg = coord >> 31, e = (coord >> 23) & 0xFF;
    uint32_t mt = coord & 0x7FFFFF;
    if (mode == 3 || mode == 5 || mode == 7)
        sg = 0;                               /* mirror once: |coord| */
    if (e == 0 || (e == 255 && mt))
        return 0;                             /* zero, denormal (flushed), NaN (D3) */
    uint64_t p = (uint64_t)(mt | 0x800000u) * size;   /* < 2^37 */
    int k = (int)e - 142;                     /* coord * size * 256 = p * 2^k */
    if (k >= 0) {
        if (k > 9)
            k = 9;                            /* a multiple of 512 size: nothing changes */
        uint64_t m = p << k;
        return sg ? -(int64_t)m : (int64_t)m;
    }
    int sh = -k > 40 ? 40 : -k;
    return sg ? -(int64_t)((p + (1ull << sh) - 1) >> sh) : (int64_t)(p >> sh);
}

r5xx_tx_axis r5xx_tx_reduce_axis(int64_t x, uint32_t size, unsigned mode, int lin)
{
    int64_t m256 = 256 * (int64_t)size;
    switch (mode) {
    case 0: x = mod(x, m256); break;
    case 1: x = mod(x, 2 * m256); break;
    case 4:
    case 5: x = clamp64(x, 0, m256); break;
    default: x = clamp64(x, -(1 << 22), 1 << 22); break;
    }
    int64_t y = x - (lin ? 128 : 0);
    int64_t i0 = (y - (int64_t)((uint64_t)y & 255)) / 256;   /* floor(y / 256) */
    r5xx_tx_axis a;
    a.f = lin ? (unsigned)((uint64_t)y & 255) : 0;
    map_index(i0, size, mode, lin, &a.i0, &a.b0);
    map_index(i0 + 1, size, mode, lin, &a.i1, &a.b1);
    return a;
}

r5xx_tx_axis r5xx_tx_map_axis(uint32_t coord, uint32_t size, unsigned mode, int lin)
{
    return r5xx_tx_reduce_axis(r5xx_tx_fix_coord(coord, size, mode), size, mode, lin);
}

/* D17: the magnitude of a coordinate as a 31-bit number (0 for zeros, denormals and NaNs). */
static uint32_t cmag(uint32_t c)
{
    unsigned e = (c >> 23) & 0xFF;
    return (e == 0 || (e == 255 && (c & 0x7FFFFF))) ? 0 : c & 0x7FFFFFFFu;
}

/* D17: floor(256 size (c / |ma| + 1) / 2) exactly; mm = cmag(ma) >= cmag(c). */
static int64_t cube_x(uint32_t c, uint32_t mm, uint32_t size)
{
    uint32_t mc = cmag(c);
    int64_t half = 128 * (int64_t)size;
    if (mm == 0 || mc == 0)
        return half;
    unsigned d = (mm >> 23) - (mc >> 23);     /* >= 0; from 21 on the quotient is below 1 */
    if (d > 21)
        d = 21;
    uint64_t num = (uint64_t)((mc & 0x7FFFFF) | 0x800000u) * size * 128;    /* < 2^43 */
    uint64_t den = (uint64_t)((mm & 0x7FFFFF) | 0x800000u) << d;
    uint64_t q = num / den, rem = num % den;
    return (c >> 31) ? half - (int64_t)q - (rem != 0) : half + (int64_t)q;
}

void r5xx_tx_cube(uint32_t s, uint32_t t, uint32_t r, uint32_t w, uint32_t h, unsigned *face,
                  int64_t *xs, int64_t *xt)
{
    const uint32_t neg = 0x80000000u;
    uint32_t ms = cmag(s), mt = cmag(t), mr = cmag(r);
    unsigned ax = (ms >= mt && ms >= mr) ? 0 : mt >= mr ? 1 : 2;
    uint32_t ma = ax == 0 ? s : ax == 1 ? t : r, mm = cmag(ma);
    unsigned f = 2 * ax + (mm != 0 && (ma >> 31));
    uint32_t sc, tc;                          /* OpenGL 2.1 table 3.19 */
    switch (f) {
    case 0: sc = r ^ neg; tc = t ^ neg; break;
    case 1: sc = r; tc = t ^ neg; break;
    case 2: sc = s; tc = r; break;
    case 3: sc = s; tc = r ^ neg; break;
    case 4: sc = s; tc = t ^ neg; break;
    default: sc = s ^ neg; tc = t ^ neg; break;
    }
    *face = f;
    *xs = cube_x(sc, mm, w);
    *xt = cube_x(tc, mm, h);
}

/* D5: the fixed formats, component widths from the LSB (000:11737: numbered right to left). */
static const unsigned char fmt_w[15][4] = {
    { 8, 0, 0, 0 },      /* 0 X8 */
    { 16, 0, 0, 0 },     /* 1 X16 */
    { 4, 4, 0, 0 },      /* 2 Y4X4 */
    { 8, 8, 0, 0 },      /* 3 Y8X8 */
    { 16, 16, 0, 0 },    /* 4 Y16X16 */
    { 2, 3, 3, 0 },      /* 5 Z3Y3X2 */
    { 5, 6, 5, 0 },      /* 6 Z5Y6X5 */
    { 5, 5, 6, 0 },      /* 7 Z6Y5X5 */
    { 10, 11, 11, 0 },   /* 8 Z11Y11X10 */
    { 11, 11, 10, 0 },   /* 9 Z10Y11X11 */
    { 4, 4, 4, 4 },      /* 10 W4Z4Y4X4 */
    { 5, 5, 5, 1 },      /* 11 W1Z5Y5X5 */
    { 8, 8, 8, 8 },      /* 12 W8Z8Y8X8 */
    { 10, 10, 10, 2 },   /* 13 W2Z10Y10X10 */
    { 16, 16, 16, 16 }   /* 14 W16Z16Y16X16 (two dwords) */
};

/* log2 of the bytes of a fixed-format texel (codes 0-14) */
static const unsigned char fixed_bpp[15] = { 0, 1, 0, 1, 2, 0, 1, 1, 2, 2, 1, 1, 2, 2, 3 };

unsigned r5xx_tx_class(unsigned txformat, unsigned msb)
{
    if (msb)
        return txformat == 5 ? R5XX_TX_CLASS_DXT : R5XX_TX_CLASS_NONE;   /* D22: ATI1N */
    if (txformat == 31)
        return R5XX_TX_CLASS_DXT;             /* D22: ATI2N */
    if (txformat <= 14)
        return R5XX_TX_CLASS_FIXED;
    if (txformat == 20 || txformat == 21)
        return R5XX_TX_CLASS_YUV;
    if (txformat >= 24 && txformat <= 29)
        return R5XX_TX_CLASS_FLOAT;
    if (txformat >= 15 && txformat <= 17)
        return R5XX_TX_CLASS_DXT;
    return R5XX_TX_CLASS_NONE;
}

unsigned r5xx_tx_dwords(unsigned txformat, unsigned msb)
{
    if (msb)
        return txformat == 5 ? 2 : 1;         /* ATI1N: an 8-byte block */
    switch (txformat) {
    case 14: case 15: case 26: case 28: return 2;
    case 16: case 17: case 29: case 31: return 4;
    default: return 1;
    }
}

int32_t r5xx_tx_widen(uint32_t c, unsigned n, int sgn)
{
    if (!sgn)
        return c == (1u << n) - 1 ? 65535 : (int32_t)(((uint64_t)c << 16) / ((1u << n) - 1));
    /* D11: two's complement; magnitude m widened from n - 1 bits, the most negative is -1.0 */
    unsigned k = n - 1;
    int neg = (c >> k) & 1;
    uint32_t m = neg ? (1u << n) - c : c;
    int32_t v;
    if (m == 0)
        v = 0;
    else if (m >= (1u << k) - 1)
        v = 65535;
    else
        v = (int32_t)(((uint64_t)m << 16) / ((1u << k) - 1));
    return neg ? -v : v;
}

uint32_t r5xx_tx_v2f(int32_t v)
{
    if (v == 0)
        return 0;
    uint32_t sg = v < 0;
    uint64_t m = sg ? (uint64_t)(-(int64_t)v) : (uint64_t)v;
    uint64_t q = (m << 40) / 65535;           /* floor(|v| / 65535 * 2^40), at least 2^24 */
    unsigned p = 63;
    while (!(q >> p & 1))
        p--;
    return sg << 31 | (uint32_t)(p - 40 + 127) << 23 | ((uint32_t)(q >> (p - 23)) & 0x7FFFFF);
}

uint32_t r5xx_tx_u16f(unsigned v)
{
    return r5xx_tx_v2f((int32_t)(v > 65535 ? 65535 : v));
}

uint32_t r5xx_tx_h2f(uint32_t h)
{
    uint32_t s = (h >> 15 & 1) << 31, e = (h >> 10) & 31, m = h & 0x3FF;
    if (e == 31)
        return m ? 0x7FC00000u : s | 0x7F800000u;     /* NaN canonical (D12), infinities kept */
    if (e == 0) {
        if (!m)
            return s;
        e = 1;                                        /* a denormal: normalise, exact in binary32 */
        while (!(m & 0x400)) {
            m <<= 1;
            e--;
        }
        m &= 0x3FF;
        return s | (uint32_t)(e + 127 - 15) << 23 | m << 13;
    }
    return s | (e + 127 - 15) << 23 | m << 13;
}

unsigned r5xx_tx_texel(unsigned txformat, unsigned sgn, const uint32_t *w, unsigned off, int32_t comp[4])
{
    uint64_t t = txformat == 14 ? (uint64_t)w[0] | (uint64_t)w[1] << 32 : (uint64_t)(w[0] >> (8 * off));
    unsigned mask = 0, pos = 0;
    for (unsigned k = 0; k < 4; k++) {
        unsigned n = txformat <= 14 ? fmt_w[txformat][k] : 0;
        comp[k] = 0;
        if (n) {
            comp[k] = r5xx_tx_widen((uint32_t)(t >> pos) & ((1u << n) - 1), n, (int)(sgn >> k & 1));
            mask |= 1u << k;
            pos += n;
        }
    }
    return mask;
}

/* D14: DXT1/3/5 (S3TC; the drivers' codes 15-17, r5xx-shaders.md section 4.1, decision 12). */
static unsigned expand(unsigned v, unsigned n)
{
    return n == 5 ? (v << 3 | v >> 2) : (v << 2 | v >> 4);
}

unsigned r5xx_tx_dxt(unsigned txformat, const uint32_t *w, unsigned sub, int32_t comp[4])
{
    const uint32_t *cw = txformat == 15 ? w : w + 2;          /* the colour block */
    unsigned c0 = cw[0] & 0xFFFF, c1 = cw[0] >> 16;
    unsigned p[4][4];                                          /* palette: B, G, R, A */
    unsigned e0[3] = { expand(c0 & 31, 5), expand((c0 >> 5) & 63, 6), expand(c0 >> 11, 5) };
    unsigned e1[3] = { expand(c1 & 31, 5), expand((c1 >> 5) & 63, 6), expand(c1 >> 11, 5) };
    int four = txformat != 15 || c0 > c1;
    for (unsigned c = 0; c < 3; c++) {
        p[0][c] = e0[c];
        p[1][c] = e1[c];
        p[2][c] = four ? (2 * e0[c] + e1[c]) / 3 : (e0[c] + e1[c]) / 2;
        p[3][c] = four ? (e0[c] + 2 * e1[c]) / 3 : 0;
    }
    p[0][3] = p[1][3] = p[2][3] = 255;
    p[3][3] = four ? 255 : 0;
    unsigned idx = (cw[1] >> (2 * sub)) & 3;
    unsigned a = p[idx][3];
    uint64_t aw = (uint64_t)w[0] | (uint64_t)w[1] << 32;
    if (txformat == 16) {
        a = (unsigned)((aw >> (4 * sub)) & 15) * 17;
    } else if (txformat == 17) {
        unsigned a0 = (unsigned)(aw & 255), a1 = (unsigned)((aw >> 8) & 255);
        unsigned j = (unsigned)((aw >> (16 + 3 * sub)) & 7);
        if (j == 0)
            a = a0;
        else if (j == 1)
            a = a1;
        else if (a0 > a1)
            a = ((8 - j) * a0 + (j - 1) * a1) / 7;
        else if (j <= 5)
            a = ((6 - j) * a0 + (j - 1) * a1) / 5;
        else
            a = j == 6 ? 0 : 255;
    }
    for (unsigned c = 0; c < 3; c++)
        comp[c] = (int32_t)(p[idx][c] * 257);
    comp[3] = (int32_t)(a * 257);
    return 15;
}

/* D22: one 8-byte block of 3-bit indices between two 8-bit ends (the DXT5 alpha rule); with sgn
 * (D22, signed): the ends are two's complement, compared signed, the divisions truncate toward
 * zero, index 6 is -128 and 7 is 127; the result is the 8-bit code (-128..255) */
static int32_t ati_block(uint64_t aw, unsigned sub, int sgn)
{
    int32_t a0 = (int32_t)(aw & 255), a1 = (int32_t)((aw >> 8) & 255);
    if (sgn) {
        a0 = a0 >= 128 ? a0 - 256 : a0;
        a1 = a1 >= 128 ? a1 - 256 : a1;
    }
    int32_t j = (int32_t)((aw >> (16 + 3 * sub)) & 7);
    if (j == 0)
        return a0;
    if (j == 1)
        return a1;
    if (a0 > a1)
        return ((8 - j) * a0 + (j - 1) * a1) / 7;       /* C division: toward zero */
    if (j <= 5)
        return ((6 - j) * a0 + (j - 1) * a1) / 5;
    return j == 6 ? (sgn ? -128 : 0) : (sgn ? 127 : 255);
}

static int32_t ati_value(uint64_t aw, unsigned sub, int sgn)
{
    int32_t v = ati_block(aw, sub, sgn);
    return sgn ? r5xx_tx_widen((uint32_t)v & 255, 8, 1) : v * 257;
}

unsigned r5xx_tx_ati(int two, unsigned sgn, const uint32_t *w, unsigned sub, int32_t comp[4])
{
    comp[0] = ati_value((uint64_t)w[0] | (uint64_t)w[1] << 32, sub, (int)(sgn & 1));
    comp[1] = two ? ati_value((uint64_t)w[2] | (uint64_t)w[3] << 32, sub, (int)(sgn >> 1 & 1)) : 0;
    comp[2] = comp[3] = 0;
    return two ? 3 : 1;
}

/* D13: BT.601 (XATI's Xv constants, r5xx-shaders.md section 3.3) in 1/65792 (= 1/(257 * 256)) */
enum { K_Y = 76602, K_VR = 104991, K_UG = 25773, K_VG = 53482, K_UB = 132702 };

unsigned r5xx_tx_yuv(uint32_t f1, uint32_t word, unsigned off, int32_t comp[4])
{
    unsigned fmt = f1 & 31;
    /* VYUY422 (20): bytes Y0 U Y1 V; YVYU422 (21): U Y0 V Y1 (r5xx-shaders.md section 4.1) */
    unsigned y = fmt == 20 ? (off & 2 ? (word >> 16) & 255 : word & 255) : (off & 2 ? word >> 24 : (word >> 8) & 255);
    unsigned u = fmt == 20 ? (word >> 8) & 255 : word & 255;
    unsigned v = fmt == 20 ? word >> 24 : (word >> 16) & 255;
    if (f1 >> 24 & 1) {                       /* SWAP_YUV: the upper bit of U and V inverted */
        u ^= 0x80;
        v ^= 0x80;
    }
    unsigned conv = (f1 >> 22) & 3;
    if (conv == 1 || conv == 2) {
        int64_t yy = K_Y * ((int64_t)y - 16), uu = (int64_t)u - 128, vv = (int64_t)v - 128;
        int64_t rgb[3] = { yy + K_VR * vv, yy - K_UG * uu - K_VG * vv, yy + K_UB * uu };
        for (unsigned c = 0; c < 3; c++) {
            int64_t x = rgb[c] + 128;
            x = (x - (int64_t)((uint64_t)x & 255)) / 256;        /* floor */
            if (conv == 1)
                x = x < 0 ? 0 : x > 65535 ? 65535 : x;
            comp[c] = (int32_t)x;
        }
    } else {
        comp[0] = (int32_t)(v * 257);         /* Cr in C0 (red), Y in C1 (green), Cb in C2 (blue) */
        comp[1] = (int32_t)(y * 257);
        comp[2] = (int32_t)(u * 257);
    }
    comp[3] = 0;
    return 7;
}

unsigned r5xx_tx_key_mask(const r5xx_tx_regs *r, unsigned n, const r5xx_tx_sample *smp)
{
    /* D21: CHROMA_KEY_MODE 1 and 2: a fixed texel of at most 32 bits (not a border texel) equal to
     * the key in its bytes */
    uint32_t f1 = r->format1[n];
    unsigned fmt = f1 & 31, ckm = r->filter1[n] & 3, m = 0;
    if ((ckm != 1 && ckm != 2) || r5xx_tx_class(fmt, r->format2[n] >> 14 & 1) != R5XX_TX_CLASS_FIXED || fmt == 14)
        return 0;
    unsigned nb = 8u << fixed_bpp[fmt];
    uint32_t km = nb == 32 ? 0xFFFFFFFFu : (1u << nb) - 1;
    for (unsigned k = 0; k < 4; k++)
        if (!smp->border[k] && ((smp->word[k] >> (8 * smp->off[k])) & km) == (r->chroma[n] & km))
            m |= 1u << k;
    return m;
}

unsigned r5xx_tx_kill(const r5xx_tx_regs *r, unsigned n, const r5xx_tx_plan *p)
{
    /* D21: CHROMA_KEY_MODE 1: a texel the filter reads (T0 for point, T0-T3 for bilinear) matches */
    if ((r->filter1[n] & 3) != 1 || p->nread == 0)
        return 0;
    return (r5xx_tx_key_mask(r, n, &p->smp) & (p->nread / p->dpt == 4 ? 15u : 1u)) != 0;
}

void r5xx_tx_filter_v(const r5xx_tx_regs *r, unsigned n, const r5xx_tx_sample *smp, int32_t vout[4])
{
    uint32_t f1 = r->format1[n], bc = r->border[n];
    unsigned msb = r->format2[n] >> 14 & 1;
    unsigned fmt = f1 & 31, cls = r5xx_tx_class(fmt, msb), dpt = r5xx_tx_dwords(fmt, msb);
    int ati = cls == R5XX_TX_CLASS_DXT && (msb || fmt == 31);
    unsigned sgn = (cls == R5XX_TX_CLASS_FIXED || ati) ? (f1 >> 5) & 15 : 0;   /* D11, D22 */
    int gamma = (cls == R5XX_TX_CLASS_FIXED || cls == R5XX_TX_CLASS_DXT) && (f1 >> 21 & 1);
    unsigned sel[4] = { (f1 >> 12) & 7, (f1 >> 15) & 7, (f1 >> 18) & 7, (f1 >> 9) & 7 };
    if (cls == R5XX_TX_CLASS_YUV) {           /* D23: 4:2:2 takes no swizzle: R G B = C0 C1 C2, A = 1 */
        sel[0] = 0;
        sel[1] = 1;
        sel[2] = 2;
        sel[3] = 5;
    }
    unsigned bord[4] = { (bc >> 16) & 255, (bc >> 8) & 255, bc & 255, bc >> 24 };
    int64_t w[4];
    unsigned fs = smp->fs, ft = smp->ft;
    w[0] = (256 - fs) * (256 - ft);
    w[1] = fs * (256 - ft);
    w[2] = (256 - fs) * ft;
    w[3] = fs * ft;
    int32_t comp[4][4];
    unsigned mask[4], key[4];
    unsigned keyed = r5xx_tx_key_mask(r, n, smp);   /* D21: keyed texels are transparent black */
    int pow2 = r5xx_tx_pow2(r, n);
    if (pow2)
        gamma = 0;                            /* D20: GAMMA is not applied with POW2FIX2FLT */
    int64_t one = pow2 ? 65536 : 65535, bmul = pow2 ? 256 : 257;
    for (unsigned k = 0; k < 4; k++) {
        if (cls == R5XX_TX_CLASS_YUV)
            mask[k] = r5xx_tx_yuv(f1, smp->word[k * dpt], smp->off[k], comp[k]);
        else if (ati)
            mask[k] = r5xx_tx_ati(fmt == 31, sgn, &smp->word[k * dpt], smp->sub[k], comp[k]);
        else if (cls == R5XX_TX_CLASS_DXT)
            mask[k] = r5xx_tx_dxt(fmt, &smp->word[k * dpt], smp->sub[k], comp[k]);
        else
            mask[k] = r5xx_tx_texel(fmt, sgn, &smp->word[k * dpt], smp->off[k], comp[k]);
        if (pow2) {                           /* D20: 8-bit components / 256 (signed / 128) */
            uint32_t tb = smp->word[k * dpt] >> (8 * smp->off[k]);
            for (unsigned q = 0; q < 4; q++) {
                int32_t b = (int32_t)((tb >> (8 * q)) & 255);
                comp[k][q] = (sgn >> q & 1) ? (b >= 128 ? b - 256 : b) * 512 : b * 256;
            }
        }
        key[k] = keyed >> k & 1;
    }
    int64_t rnd = (r->filter1[n] >> 2 & 1) ? 16384 : 32768;   /* MC_ROUND (000:11607), D6 */
    for (unsigned c = 0; c < 4; c++) {
        int64_t acc = 0;
        for (unsigned k = 0; k < 4; k++) {
            int64_t v;
            if (smp->border[k])
                v = bord[c] * bmul;
            else if (sel[c] < 4)
                v = (mask[k] >> sel[c] & 1) ? comp[k][sel[c]] : 0;
            else
                v = sel[c] == 5 ? one : 0;
            if (gamma && c < 3 && !smp->border[k] && sel[c] < 4 && (mask[k] >> sel[c] & 1) && !(sgn >> sel[c] & 1))
                v = r5xx_tx_gamma[v >> 8];            /* D10: sRGB decode of R, G, B */
            if (key[k])
                v = 0;
            acc += w[k] * v;
        }
        acc += rnd;
        vout[c] = (int32_t)((acc - (int64_t)((uint64_t)acc & 0xFFFF)) / 65536);
    }
}


void r5xx_tx_filter(const r5xx_tx_regs *r, unsigned n, const r5xx_tx_sample *smp, uint32_t out[4])
{
    uint32_t f1 = r->format1[n], bc = r->border[n];
    unsigned fmt = f1 & 31, cls = r5xx_tx_class(fmt, r->format2[n] >> 14 & 1);
    /* SEL_RED [14:12], SEL_GREEN [17:15], SEL_BLUE [20:18], SEL_ALPHA [11:9] (000:11819-11858) */
    unsigned sel[4] = { (f1 >> 12) & 7, (f1 >> 15) & 7, (f1 >> 18) & 7, (f1 >> 9) & 7 };
    /* TX_BORDER_COLOR as ARGB8888 (D7): R [23:16], G [15:8], B [7:0], A [31:24] */
    unsigned bord[4] = { (bc >> 16) & 255, (bc >> 8) & 255, bc & 255, bc >> 24 };
    if (cls == R5XX_TX_CLASS_FLOAT) {         /* D12: point-sampled, binary32 components */
        uint32_t fc[4] = { 0, 0, 0, 0 };
        const uint32_t *w = smp->word;
        unsigned mask;
        switch (fmt) {
        case 24: fc[0] = r5xx_tx_h2f((w[0] >> (8 * smp->off[0])) & 0xFFFF); mask = 1; break;
        case 25: fc[0] = r5xx_tx_h2f(w[0] & 0xFFFF); fc[1] = r5xx_tx_h2f(w[0] >> 16); mask = 3; break;
        case 26:
            fc[0] = r5xx_tx_h2f(w[0] & 0xFFFF);
            fc[1] = r5xx_tx_h2f(w[0] >> 16);
            fc[2] = r5xx_tx_h2f(w[1] & 0xFFFF);
            fc[3] = r5xx_tx_h2f(w[1] >> 16);
            mask = 15;
            break;
        case 27: fc[0] = w[0]; mask = 1; break;
        case 28: fc[0] = w[0]; fc[1] = w[1]; mask = 3; break;
        default: fc[0] = w[0]; fc[1] = w[1]; fc[2] = w[2]; fc[3] = w[3]; mask = 15; break;
        }
        for (unsigned c = 0; c < 4; c++) {
            if (smp->border[0])
                out[c] = r5xx_tx_u16f(bord[c] * 257);
            else if (sel[c] < 4)
                out[c] = (mask >> sel[c] & 1) ? fc[sel[c]] : 0;
            else
                out[c] = sel[c] == 5 ? 0x3F800000u : 0;
        }
        return;
    }
    int32_t v[4];
    r5xx_tx_filter_v(r, n, smp, v);
    for (unsigned c = 0; c < 4; c++)
        out[c] = r5xx_tx_cvt(r, n, v[c]);
}

int r5xx_tx_pow2(const r5xx_tx_regs *r, unsigned n)
{
    unsigned fmt = r->format1[n] & 31;
    return (r->format2[n] >> 17 & 1) && !(r->format2[n] >> 14 & 1) && (fmt == 0 || fmt == 3 || fmt == 12);
}

uint32_t r5xx_tx_p2f(int32_t v)
{
    if (v == 0)
        return 0;
    uint32_t sg = v < 0, m = (uint32_t)(v < 0 ? -v : v);   /* below 2^21: exact in binary32 */
    unsigned p = 31;
    while (!(m >> p & 1))
        p--;
    return sg << 31 | (p - 16 + 127) << 23 | ((m << (23 - p)) & 0x7FFFFF);
}

uint32_t r5xx_tx_cvt(const r5xx_tx_regs *r, unsigned n, int32_t v)
{
    return r5xx_tx_pow2(r, n) ? r5xx_tx_p2f(v) : r5xx_tx_v2f(v);
}

uint32_t r5xx_tx_swap(uint32_t w, unsigned code)
{
    switch (code & 3) {
    case 1: return (w & 0x00FF00FFu) << 8 | (w >> 8 & 0x00FF00FFu);
    case 2: return w << 24 | (w & 0xFF00u) << 8 | (w >> 8 & 0xFF00u) | w >> 24;
    case 3: return w << 16 | w >> 16;
    default: return w;
    }
}

int32_t r5xx_tx_blend(int32_t v0, int32_t v1, unsigned g)
{
    int64_t acc = (int64_t)(256 - g) * v0 + (int64_t)g * v1 + 128;
    return (int32_t)((acc - (int64_t)((uint64_t)acc & 255)) / 256);
}

int32_t r5xx_tx_l256(uint32_t x)
{
    unsigned sg = x >> 31, e = (x >> 23) & 0xFF;
    if (e == 0 || (e == 255 && (x & 0x7FFFFF)))
        return 0;                             /* zero, denormal (flushed) or NaN */
    /* floor(x * 256), saturated to [-8192, 8191] (32 levels either way) */
    uint64_t m = (x & 0x7FFFFF) | 0x800000u;
    int k = (int)e - 142;                     /* x * 256 = m * 2^k */
    int64_t v;
    if (k >= 14)
        v = sg ? -8192 : 8191;
    else if (k >= 0)
        v = sg ? -(int64_t)(m << k) : (int64_t)(m << k);
    else {
        int sh = -k > 40 ? 40 : -k;
        v = sg ? -(int64_t)((m + (1ull << sh) - 1) >> sh) : (int64_t)(m >> sh);
    }
    return (int32_t)(v < -8192 ? -8192 : v > 8191 ? 8191 : v);
}

/* an integer 1..8191 as binary32 (exact) */
static uint32_t i2f(uint32_t v)
{
    unsigned p = 12;
    while (!(v >> p & 1))
        p--;
    return (127 + p) << 23 | ((v << (23 - p)) & 0x7FFFFF);
}

uint32_t r5xx_tx_rho_lg2(const uint32_t d[4], uint32_t w, uint32_t h)
{
    uint32_t wf = i2f(w), hf = i2f(h);
    uint32_t x0 = sf_mul(d[0] & 0x7FFFFFFFu, wf), x1 = sf_mul(d[1] & 0x7FFFFFFFu, hf);
    uint32_t y0 = sf_mul(d[2] & 0x7FFFFFFFu, wf), y1 = sf_mul(d[3] & 0x7FFFFFFFu, hf);
    return sf_lg2(sf_max(sf_max(x0, x1), sf_max(y0, y1)));
}

int32_t r5xx_tx_lambda(const r5xx_tx_regs *r, unsigned n, uint32_t lod, unsigned lmode, unsigned grad,
                       const uint32_t d[4])
{
    int32_t l = 0;
    if (lmode == 1) {
        l = r5xx_tx_l256(lod);                /* explicit LOD: the derivatives are not used */
    } else {
        if (grad)                             /* D24: log2 of the larger scaled derivative */
            l = r5xx_tx_l256(r5xx_tx_rho_lg2(d, r5xx_tx_width(r->format0[n], r->format2[n]),
                                             r5xx_tx_height(r->format0[n], r->format2[n])));
        if (lmode == 2)
            l += r5xx_tx_l256(lod);           /* bias from the shader */
    }
    int32_t bias = (int32_t)((r->filter1[n] >> 3) & 0x3FF);   /* LOD_BIAS s4.5 (000:11612) */
    if (bias & 0x200)
        bias -= 0x400;
    return l + 8 * bias;
}

r5xx_tx_plan r5xx_tx_plan_request(const r5xx_tx_regs *r, unsigned n, uint32_t s, uint32_t t, uint32_t rr,
                                  uint32_t lod, unsigned lmode, unsigned grad, const uint32_t dv[4],
                                  unsigned pass)
{
    r5xx_tx_plan p = { 0 };
    uint32_t f0 = r->filter0[n], f1 = r->format1[n], f2 = r->format2[n];
    r5xx_surface surf = r5xx_surface_texture(r->offset[n], r->format0[n], f1, f2);
    int dxt = r5xx_tx_class(f1 & 31, (f2 >> 14) & 1) == R5XX_TX_CLASS_DXT;
    p.npass = 1;
    if (dxt ? (r->offset[n] & 0x1C) != 0 : (surf.err & (R5XX_TILE_ERR_BADCFG | R5XX_TILE_ERR_ALIGN)) != 0)
        p.err |= R5XX_TX_ERR_TILE;            /* D14: a compressed texture is never tiled */
    /* D8: lambda in 1/256 (the request's LOD plus LOD_BIAS); MIN_FILTER when it is above 0 */
    int32_t lam = r5xx_tx_lambda(r, n, lod, lmode, grad, dv);
    int minify = lam > 0;
    unsigned filt = minify ? (f0 >> 11) & 3 : (f0 >> 9) & 3;
    unsigned fmt = f1 & 31;
    int isflt = fmt >= 24 && fmt <= 29;      /* a float code: point-sampled, no blend (D12) */
    int lin = filt >= 2 && !isflt;
    unsigned mipf = (f0 >> 13) & 3;
    /* D16, D17: TEX_COORD_TYPE 1 = 3D, 2 = cube; D18: a volume filter across slices (VOL_FILTER
     * 2, reserved 3, or 0 with a bilinear filter) and trilinear (MIP_FILTER 2, reserved 3) blend
     * two passes; both at once: the mip filter is taken as point (NOTBUILT) */
    unsigned ctype = (f1 >> 25) & 3, volf = (f0 >> 15) & 3;
    int is3d = ctype == 1, cube = ctype == 2;
    int volblend = is3d && !isflt && (volf >= 2 || (volf == 0 && lin));
    int mipblend = mipf >= 2 && minify && !isflt;
    if (filt == 0 || filt == 3 || ctype == 3 || mipf == 3 || (is3d && volf == 3) || (volblend && mipblend) ||
        (r->filter1[n] & 3) == 3)             /* D21: CHROMA_KEY_MODE 3 */
        p.err |= R5XX_TX_ERR_NOTBUILT;
    if (volblend)
        mipblend = 0;
    /* D15: the level: MAX_MIP_LEVEL is the finest, NUM_LEVELS the coarsest */
    unsigned top = (r->format0[n] >> 26) & 15, lvl = (f0 >> 17) & 15;
    if (lvl > top)
        lvl = top;
    if (mipblend) {                           /* D18: levels floor(lambda) and the next */
        lvl += (unsigned)(lam >> 8);
        if (lvl >= top) {
            lvl = top;
        } else {
            p.npass = 2;
            p.g = (unsigned)lam & 255;
            lvl += pass;
        }
    } else if (mipf && minify) {              /* nearest level */
        lvl += (unsigned)((lam + 127) >> 8);
        if (lvl > top)
            lvl = top;
    }
    if (volblend)
        p.npass = 2;
    if (!(r->enable >> n & 1)) {
        p.err |= R5XX_TX_ERR_DISABLED;
        p.npass = 1;
        return p;
    }
    unsigned cls = r5xx_tx_class(fmt, (f2 >> 14) & 1);
    if (cls == R5XX_TX_CLASS_NONE) {
        p.err |= R5XX_TX_ERR_FORMAT;
        p.npass = 1;
        return p;
    }
    unsigned dpt = r5xx_tx_dwords(fmt, (f2 >> 14) & 1);
    uint32_t w = r5xx_tx_width(r->format0[n], f2), h = r5xx_tx_height(r->format0[n], f2);
    unsigned bytes = (fmt == 15 || ((f2 >> 14) & 1)) ? 8 : 16;   /* DXT1, ATI1N: 8-byte blocks */
    unsigned dlog = (r->format0[n] >> 22) & 15;
    uint32_t d = is3d ? 1u << (dlog > 12 ? 12 : dlog) : cube ? 6 : 1, slice = 0;
    /* D15: levels back to back from TXOFFSET; level l > 0 is max(1, W >> l) x max(1, H >> l)
     * texels with that width as its pitch, macro-tiled while it is at least (MACRO_SWITCH 1:
     * more than) one macro-tile wide; a level holds its slices (3D) or six faces (cube) */
    for (unsigned l = 0;; l++) {
        uint32_t wl = w >> l ? w >> l : 1, hl = h >> l ? h >> l : 1;
        r5xx_surface ls = surf;
        if (l) {
            unsigned mtw, mth;
            r5xx_tile_dims(surf.bpp_log2, surf.micro, 1, &mtw, &mth);
            ls.pitch = wl;
            ls.macro = surf.macro && ((r->filter1[n] >> 22 & 1) ? wl > (1u << mtw) : wl >= (1u << mtw));
        }
        uint32_t size, dl = cube ? 6 : d >> l ? d >> l : 1;
        if (dxt) {
            size = ((hl + 3) / 4) * ((ls.pitch + 3) / 4) * bytes;
        } else {
            unsigned tw, th;
            r5xx_tile_dims(ls.bpp_log2, ls.micro, ls.macro, &tw, &th);
            size = ((hl + (1u << th) - 1) >> th) * ((ls.pitch + (1u << tw) - 1) >> tw) * (ls.macro ? 2048u : 32u);
        }
        if (l == lvl) {
            surf = ls;
            w = wl;
            h = hl;
            d = dl;
            slice = size;
            break;
        }
        surf.base += size * dl;               /* D16: a 3D level is its slices back to back */
    }
    unsigned rb = 0;
    r5xx_tx_axis as, at;
    if (cube) {                               /* D17: the face of the major axis */
        unsigned face;
        int64_t xs, xt;
        r5xx_tx_cube(s, t, rr, w, h, &face, &xs, &xt);
        surf.base += face * slice;
        as = r5xx_tx_reduce_axis(xs, w, f0 & 7, lin);
        at = r5xx_tx_reduce_axis(xt, h, (f0 >> 3) & 7, lin);
    } else {
        if (is3d) {                           /* D16: the slice (D18: of this pass), CLAMP_R */
            r5xx_tx_axis ar = r5xx_tx_map_axis(rr, d, (f0 >> 6) & 7, volblend);
            /* D16, D18: slice k1 only when blending across slices; a trilinear pass 1 samples
             * its own level's nearest slice i0 */
            int second = pass && volblend;
            surf.base += (second ? ar.i1 : ar.i0) * slice;
            rb = second ? ar.b1 : ar.b0;
            if (volblend)
                p.g = ar.f;
        }
        as = r5xx_tx_map_axis(s, w, f0 & 7, lin);
        at = r5xx_tx_map_axis(t, h, (f0 >> 3) & 7, lin);
    }
    uint32_t xi[4] = { as.i0, as.i1, as.i0, as.i1 }, yi[4] = { at.i0, at.i0, at.i1, at.i1 };
    unsigned xb[4] = { as.b0, as.b1, as.b0, as.b1 }, yb[4] = { at.b0, at.b0, at.b1, at.b1 };
    unsigned nt = lin ? 4 : 1;
    p.dpt = dpt;
    p.nread = nt * dpt;
    p.smp.fs = as.f;
    p.smp.ft = at.f;
    for (unsigned k = 0; k < nt; k++) {
        if (dxt) {                            /* D14: 4x4 blocks, row-major, ceil(pitch / 4) a row */
            uint32_t bpr = (surf.pitch + 3) / 4;
            p.addr[k] = surf.base + ((yi[k] / 4) * bpr + xi[k] / 4) * bytes;
            p.smp.sub[k] = (yi[k] & 3) * 4 + (xi[k] & 3);
        } else {
            p.addr[k] = r5xx_tile_addr(&surf, xi[k], yi[k]);
        }
        p.smp.off[k] = p.addr[k] & 3;
        p.smp.border[k] = xb[k] | yb[k] | rb;
    }
    return p;
}

void r5xx_tx_result(const r5xx_tx_regs *r, unsigned n, const r5xx_tx_plan *p, const int32_t v0[4],
                    uint32_t out[4])
{
    if (p->err & R5XX_TX_ERR_DISABLED) {
        out[0] = out[1] = out[2] = 0;
        out[3] = 0x3F800000u;                 /* ARGB = 1,0,0,0 (000:11418) */
        return;
    }
    if (p->err & R5XX_TX_ERR_FORMAT) {
        out[0] = out[1] = out[2] = out[3] = 0;
        return;
    }
    if (p->npass == 2) {                      /* D18: the blend of the two passes */
        int32_t v1[4];
        r5xx_tx_filter_v(r, n, &p->smp, v1);
        for (unsigned c = 0; c < 4; c++)
            out[c] = r5xx_tx_cvt(r, n, r5xx_tx_blend(v0[c], v1[c], p->g));
        return;
    }
    r5xx_tx_filter(r, n, &p->smp, out);
}
