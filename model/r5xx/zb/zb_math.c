/*
 * zb_math.c - the R5xx depth and stencil arithmetic (see zb_math.h and docs/blocks/r5xx.zb.md).
 */
#include "zb_math.h"

int r5xx_zb_regs_write(r5xx_zb_regs *r, uint32_t addr, uint32_t data)
{
    switch (addr) {
    case R5XX_ZB_CNTL: r->cntl = data; break;
    case R5XX_ZB_ZSTENCILCNTL: r->zsc = data; break;
    case R5XX_ZB_STENCILREFMASK: r->srm = data; break;
    case R5XX_ZB_STENCILREFMASK_BF: r->srm_bf = data; break;
    case R5XX_ZB_FORMAT: r->fmt = data; break;
    case R5XX_ZB_DEPTHOFFSET: r->doff = data; break;
    case R5XX_ZB_DEPTHPITCH: r->dpitch = data; break;
    case R5XX_ZB_BW_CNTL: r->bw = data; break;
    case R5XX_ZB_ZPASS_DATA: r->zpass = data; break;
    case R5XX_ZB_ZPASS_ADDR: break;
    default: return 0;
    }
    return 1;
}

int r5xx_zb_compare(unsigned func, int32_t a, int32_t b)
{
    switch (func & 7) {
    case R5XX_ZB_NEVER: return 0;
    case R5XX_ZB_LESS: return a < b;
    case R5XX_ZB_LEQUAL: return a <= b;
    case R5XX_ZB_EQUAL: return a == b;
    case R5XX_ZB_GEQUAL: return a >= b;
    case R5XX_ZB_GREATER: return a > b;
    case R5XX_ZB_NOTEQUAL: return a != b;
    default: return 1;
    }
}

int32_t r5xx_zb_zkey(uint32_t cntl, uint32_t z, unsigned bits)
{
    uint32_t sign = 1u << (bits - 1);
    z &= (sign << 1) - 1;
    if (!(cntl & R5XX_ZB_ZSIGNED_COMPARE))
        return (int32_t)z;                                  /* unsigned */
    if (cntl & R5XX_ZB_ZSIGNED_MAGNITUDE)
        return (z & sign) ? -(int32_t)(z & (sign - 1)) : (int32_t)z;   /* sign-magnitude */
    return (z & sign) ? (int32_t)z - (int32_t)(sign << 1) : (int32_t)z; /* two's complement */
}

unsigned r5xx_zb_stencil_op(unsigned op, unsigned old, unsigned ref)
{
    old &= 0xFF;
    switch (op & 7) {
    case R5XX_ZB_KEEP: return old;
    case R5XX_ZB_ZERO: return 0;
    case R5XX_ZB_REPLACE: return ref & 0xFF;
    case R5XX_ZB_INCR_CLAMP: return old == 0xFF ? 0xFF : old + 1;
    case R5XX_ZB_DECR_CLAMP: return old == 0 ? 0 : old - 1;
    case R5XX_ZB_INVERT: return ~old & 0xFF;
    case R5XX_ZB_INCR_WRAP: return (old + 1) & 0xFF;
    default: return (old - 1) & 0xFF;
    }
}

uint32_t r5xx_zb_swap(uint32_t v, unsigned endian)
{
    switch (endian & 3) {
    case 1: return ((v & 0x00FF00FFu) << 8) | ((v >> 8) & 0x00FF00FFu);
    case 2: return (v << 24) | ((v & 0xFF00u) << 8) | ((v >> 8) & 0xFF00u) | (v >> 24);
    case 3: return (v << 16) | (v >> 16);
    default: return v;
    }
}

unsigned r5xx_zb_swap_be(unsigned be, unsigned endian)
{
    /* each byte's enable moves with the byte: [endian][be] */
    static const unsigned char t[4][16] = {
        { 0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8, 0x9, 0xA, 0xB, 0xC, 0xD, 0xE, 0xF },  /* none */
        { 0x0, 0x2, 0x1, 0x3, 0x8, 0xA, 0x9, 0xB, 0x4, 0x6, 0x5, 0x7, 0xC, 0xE, 0xD, 0xF },  /* 0<->1, 2<->3 */
        { 0x0, 0x8, 0x4, 0xC, 0x2, 0xA, 0x6, 0xE, 0x1, 0x9, 0x5, 0xD, 0x3, 0xB, 0x7, 0xF },  /* reversed */
        { 0x0, 0x4, 0x8, 0xC, 0x1, 0x5, 0x9, 0xD, 0x2, 0x6, 0xA, 0xE, 0x3, 0x7, 0xB, 0xF }   /* 0<->2, 1<->3 */
    };
    return t[endian & 3][be & 15];
}

int r5xx_zb_is16(const r5xx_zb_regs *r)
{
    return (r->fmt & 15) <= 1;
}

int r5xx_zb_needs_read(const r5xx_zb_regs *r)
{
    return (r->cntl & R5XX_ZB_Z_ENABLE) || ((r->cntl & R5XX_ZB_STENCIL_ENABLE) && !r5xx_zb_is16(r));
}

r5xx_zb_result r5xx_zb_update(const r5xx_zb_regs *r, uint32_t mem, unsigned half, uint32_t z, unsigned back)
{
    unsigned endian = (r->dpitch >> 19) & 3;
    uint32_t lw = r5xx_zb_swap(mem, endian);               /* the dword as the block sees it */
    int is16 = r5xx_zb_is16(r);
    unsigned bits = is16 ? 16 : 24, sh = is16 ? (half & 1) * 16 : 8;
    uint32_t zmask = is16 ? 0xFFFFu : 0xFFFFFFu;
    uint32_t old_z = (lw >> sh) & zmask, new_z = z & zmask;
    unsigned old_s = is16 ? 0 : lw & 0xFF;

    /* Z test: 'new FUNC old' (000:15301-15310); passes when Z is not enabled. */
    int z_en = (r->cntl & R5XX_ZB_Z_ENABLE) != 0;
    int zp = !z_en || r5xx_zb_compare(r->zsc & 7, r5xx_zb_zkey(r->cntl, new_z, bits),
                                      r5xx_zb_zkey(r->cntl, old_z, bits));

    /* Stencil test '(ref & mask) FUNC (stored & mask)' and the operation; the _BF function and
     * operations for back-facing fragments with STENCIL_FRONT_BACK, the _BF reference and masks
     * with STENCIL_REFMASK_FRONT_BACK.  No stencil on the 16-bit formats: the test passes. */
    int s_en = (r->cntl & R5XX_ZB_STENCIL_ENABLE) && !is16;
    unsigned bf = (r->cntl & R5XX_ZB_STENCIL_FRONT_BACK) && back;
    uint32_t rm = ((r->cntl & R5XX_ZB_STENCIL_REFMASK_FRONT_BACK) && back) ? r->srm_bf : r->srm;
    unsigned ref = rm & 0xFF, mask = (rm >> 8) & 0xFF, wmask = (rm >> 16) & 0xFF;
    unsigned ops = bf ? r->zsc >> 15 : r->zsc >> 3;        /* func, fail, zpass, zfail: 3 bits each */
    int sp = !s_en || r5xx_zb_compare(ops & 7, (int32_t)(ref & mask), (int32_t)(old_s & mask));
    unsigned op = !sp ? (ops >> 3) & 7 : zp ? (ops >> 6) & 7 : (ops >> 9) & 7;
    unsigned new_s = (old_s & ~wmask & 0xFF) | (r5xx_zb_stencil_op(op, old_s, ref) & wmask);

    r5xx_zb_result res;
    res.pass = (unsigned)(sp && zp);
    /* Writes: Z when enabled, writable and both tests passed; stencil when enabled; either one
     * suppressed when the value does not change, unless ZEQUAL/SEQUAL_OPTIMIZE_DISABLE. */
    int zw = z_en && (r->cntl & R5XX_ZB_ZWRITEENABLE) && res.pass &&
             ((r->bw & R5XX_ZB_ZEQUAL_OPTIMIZE_DISABLE) || new_z != old_z);
    int sw = s_en && ((r->bw & R5XX_ZB_SEQUAL_OPTIMIZE_DISABLE) || new_s != old_s);
    uint32_t nw;
    unsigned lbe;
    if (is16) {
        nw = zw ? (lw & ~(0xFFFFu << sh)) | (new_z << sh) : lw;
        lbe = zw ? 3u << (sh / 8) : 0;
    } else {
        nw = ((zw ? new_z : old_z) << 8) | (sw ? new_s : old_s);
        lbe = (zw ? 0xEu : 0) | (sw ? 0x1u : 0);
    }
    if (lbe && (r->bw & R5XX_ZB_BMASK_DISABLE))
        lbe = 0xF;                                          /* the whole dword, unchanged bytes as read */
    res.we = lbe != 0;
    res.wdata = r5xx_zb_swap(nw, endian);
    res.be = r5xx_zb_swap_be(lbe, endian);
    return res;
}
