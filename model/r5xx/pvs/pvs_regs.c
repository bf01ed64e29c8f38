/*
 * pvs_regs.c - r5xx.pvs register writes: the vector loader and its index wraps, the code and
 * constant windows, the output vertex format (docs/blocks/r5xx.pvs.md, "Loader").
 */
#include "pvs_regs.h"

unsigned pvs_next_index(unsigned idx)
{
    if (idx == 1023)
        return 0;
    if (idx == 1535)
        return 1024;
    if (idx == 1542)
        return 1536;
    return (idx + 1) & 0x7FFu;
}

/* Write dword k of octword idx: code 0-1023, constants 1024-1279; everything else dropped. */
static void store(pvs_regs *r, unsigned idx, unsigned k, uint32_t v)
{
    if (idx < 1024)
        r->code[idx][k] = v;
    else if (idx < 1024 + PVS_NCONST)
        r->cst[idx - 1024][k] = v;
}

uint32_t pvs_regs_write(pvs_regs *r, uint32_t addr, uint32_t data)
{
    switch (addr) {
    case PVS_VAP_VF_CNTL:
        if ((data & 0xFu) && (data & 0x30u) && !r->no_render)
            return data & (1u << 14) ? r->alt_num : data >> 16;
        break;
    case PVS_VAP_ALT_NUM_VERTICES:
        r->alt_num = data & 0xFFFFFFu;
        break;
    case PVS_VAP_CNTL:
        r->no_render = (data >> 17) & 1u;
        r->num_slots = data & 0xFu;
        break;
    case PVS_VECTOR_INDX_REG:
        r->indx = data & 0x7FFu;
        r->dcnt = 0;
        r->qcnt = 0;
        break;
    case PVS_VECTOR_DATA_REG:
        store(r, r->indx, r->dcnt, data);
        if (r->dcnt == 3)
            r->indx = pvs_next_index(r->indx);
        r->dcnt = (r->dcnt + 1) & 3;
        break;
    case PVS_VECTOR_DATA_REG_128:
        if (r->qcnt == 3) {
            for (unsigned k = 0; k < 3; k++)
                store(r, r->indx, k, r->qbuf[k]);
            store(r, r->indx, 3, data);
            r->indx = pvs_next_index(r->indx);
        } else {
            r->qbuf[r->qcnt] = data;
        }
        r->qcnt = (r->qcnt + 1) & 3;
        break;
    case PVS_CODE_CNTL_0:
        r->first = data & 0x3FFu;
        r->last = (data >> 20) & 0x3FFu;
        break;
    case PVS_CONST_CNTL:
        r->const_base = data & 0xFFu;
        r->const_max = (data >> 16) & 0xFFu;
        break;
    case PVS_VAP_OUT_VTX_FMT_0:
        r->fmt0 = data;
        break;
    case PVS_VAP_OUT_VTX_FMT_1:
        r->fmt1 = data;
        break;
    default:                       /* the flow control; CODE_CNTL_1, STATE_FLUSH, the rest: no effect */
        pvs_fc_write(&r->fc, addr, data);
        break;
    }
    return 0;
}

unsigned pvs_out_slots(uint32_t fmt0, uint32_t fmt1, uint8_t mask[PVS_NOVM])
{
    unsigned n = 0;
    mask[n++] = 0xF;                               /* position, always slot 0 */
    if (fmt0 & (1u << 16))
        mask[n++] = 0xF;                           /* point size */
    for (unsigned i = 0; i < 4; i++)
        if (fmt0 & (1u << (1 + i)))
            mask[n++] = 0xF;                       /* colour i */
    for (unsigned i = 0; i < 8; i++) {
        unsigned cnt = (fmt1 >> (3 * i)) & 7u;
        if (cnt)
            mask[n++] = (uint8_t)((1u << (cnt > 4 ? 4 : cnt)) - 1u);   /* texture i */
    }
    for (unsigned s = n; s < PVS_NOVM; s++)
        mask[s] = 0;
    return n;
}
