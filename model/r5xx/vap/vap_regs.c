/*
 * vap_regs.c - the register state of r5xx.vap and its update by a backbone write
 * (docs/blocks/r5xx.vap.md "Registers snooped").
 */
#include <string.h>

#include "vap_regs.h"

void vap_regs_reset(vap_regs *r)
{
    memset(r, 0, sizeof *r);
    r->max_indx = 0xFFFFFF;
}

int vap_port_kind(uint32_t addr)
{
    if (addr & 3)
        return VAP_NOT_PORT;
    if (addr >= VAP_PORT_DATA0 && addr <= 0x203C)
        return VAP_DATA_PORT;
    if ((addr >= VAP_PORT_IDX0 && addr <= 0x207C) || addr == VAP_PORT_DATA_IDX_128)
        return VAP_IDX_PORT;
    return VAP_NOT_PORT;
}

int vap_regs_write(vap_regs *r, uint32_t a, uint32_t d)
{
    if (a >= VAP_VPORT_MIRROR && a <= VAP_VPORT_MIRROR + 20 && !(a & 3)) {
        r->vport[(a - VAP_VPORT_MIRROR) / 4] = d;
        return 1;
    }
    if (a >= VAP_VPORT_XSCALE && a <= VAP_VPORT_XSCALE + 20 && !(a & 3)) {
        r->vport[(a - VAP_VPORT_XSCALE) / 4] = d;
        return 1;
    }
    if (a >= 0x20C4 && a <= 0x2120 && !(a & 3)) {
        unsigned k = (a - 0x20C4) / 12, o = (a - 0x20C4) % 12;
        if (o == 0)
            r->attr[k] = d;
        else
            r->aos_addr[2 * k + o / 4 - 1] = d & ~3u;
        return 1;
    }
    if (a >= VAP_PROG_STREAM_CNTL_0 && a <= 0x216C && !(a & 3)) {
        r->psc[(a - VAP_PROG_STREAM_CNTL_0) / 4] = d;
        return 1;
    }
    if (a >= VAP_PROG_STREAM_CNTL_EXT_0 && a <= 0x21FC && !(a & 3)) {
        r->psc_ext[(a - VAP_PROG_STREAM_CNTL_EXT_0) / 4] = d;
        return 1;
    }
    switch (a) {
    case VAP_CNTL: r->cntl = d & (1u << 17); return 1;
    case VAP_VF_CNTL: r->vf_cntl = d; return 1;
    case VAP_ALT_NUM_VERTICES: r->alt_num = d & 0xFFFFFF; return 1;
    case VAP_INDEX_OFFSET: r->index_offset = d & 0x1FFFFFF; return 1;
    case VAP_OUT_VTX_FMT_0: r->fmt0 = d & 0x1001F; return 1;
    case VAP_OUT_VTX_FMT_1: r->fmt1 = d & 0xFFFFFF; return 1;
    case VAP_VTE_CNTL: r->vte = d & 0x3F; return 1;
    case VAP_VTX_SIZE: r->vtx_size = d & 0x7F; return 1;
    case VAP_VTX_NUM_ARRAYS: r->num_arrays = d & 0x1F; return 1;
    case VAP_VF_MAX_VTX_INDX: r->max_indx = d & 0xFFFFFF; return 1;
    case VAP_VF_MIN_VTX_INDX: r->min_indx = d & 0xFFFFFF; return 1;
    case VAP_CNTL_STATUS: r->vc_swap = d & 3; r->pvs_bypass = d >> 8 & 1; return 1;
    case VAP_PSC_SGN_NORM_CNTL: r->sgn_norm = d; return 1;
    default: return 0;
    }
}
