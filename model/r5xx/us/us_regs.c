/*
 * us_regs.c - the r5xx.us register state and loader: GA_US_VECTOR_INDEX/DATA fill the
 * 512 x 6-dword instruction store (dword order CMN, RGB_ADDR|TEX_INST, ALPHA_ADDR|TEX_ADDR|FC_INST,
 * RGB_INST|TEX_ADDR_DXDY|FC_ADDR, ALPHA_INST, RGBA_INST; r5xx-shaders.md §2.2) and the
 * 256 x 4 constant store; the other US registers are stored (docs/blocks/r5xx.us.md, Loader).
 */
#include "us_isa.h"

/* CLAMP: a constant clamped to [-1, 1] on its bits (NaN to +-1 by its sign; docs decision 6). */
static uint32_t clamp1(uint32_t x)
{
    return (x & 0x7FFFFFFFu) > 0x3F800000u ? (x & 0x80000000u) | 0x3F800000u : x;
}

void us_regs_write(us_regs *r, uint32_t addr, uint32_t data)
{
    r->wcount++;
    if (addr == US_GA_VECTOR_INDEX) {
        r->vindex = data & 0x301FFu;
        r->vdw = 0;
        return;
    }
    if (addr == US_GA_VECTOR_DATA) {
        unsigned idx = r->vindex & 0x1FFu;
        if (r->vindex & 0x10000u) {                      /* constants: 4 dwords, index mod 256 */
            r->cst[idx & 0xFF][r->vdw] = (r->vindex & 0x20000u) ? clamp1(data) : data;
            if (++r->vdw == 4) {
                r->vdw = 0;
                r->vindex = (r->vindex & ~0x1FFu) | ((idx + 1) & 0xFFu);
            }
        } else {                                         /* instructions: 6 dwords, mod 512 */
            r->inst[idx][r->vdw] = data;
            if (++r->vdw == 6) {
                r->vdw = 0;
                r->vindex = (r->vindex & ~0x1FFu) | ((idx + 1) & 0x1FFu);
            }
        }
        return;
    }
    switch (addr) {
    case US_CONFIG: r->config = data & 2u; return;
    case US_PIXSIZE: r->pixsize = data & 0x7Fu; return;
    case US_FC_BOOL_CONST: r->fc_bool = data; return;
    case US_FC_CTRL: r->fc_ctrl = data & 0xC0000000u; return;
    case US_CODE_ADDR: r->code_addr = data & 0x01FF01FFu; return;
    case US_CODE_RANGE: r->code_range = data & 0x01FF01FFu; return;
    case US_CODE_OFFSET: r->code_offset = data & 0x1FFu; return;
    case US_W_FMT: r->w_fmt = data & 7u; return;
    default: break;
    }
    if (addr >= US_OUT_FMT_0 && addr < US_OUT_FMT_0 + 16 && (addr & 3) == 0)
        r->out_fmt[(addr - US_OUT_FMT_0) >> 2] = data & 0x001FFF1Fu;
    else if (addr >= US_FORMAT0_0 && addr < US_FORMAT0_0 + 64 && (addr & 3) == 0)
        r->fmt0[(addr - US_FORMAT0_0) >> 2] = data & 0x003FFFFFu;
    else if (addr >= US_FC_INT_CONST_0 && addr < US_FC_INT_CONST_0 + 128 && (addr & 3) == 0)
        r->fc_int[(addr - US_FC_INT_CONST_0) >> 2] = data & 0x00FFFFFFu;
}
