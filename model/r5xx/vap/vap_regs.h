/*
 * vap_regs.h - the registers r5xx.vap snoops (docs/blocks/r5xx.vap.md "Registers snooped"): byte
 * addresses, the stored state and its update by one backbone write.  Shared by the model and the
 * stimulus generator.
 */
#ifndef VAP_REGS_H
#define VAP_REGS_H

#include <stdint.h>

enum {
    VAP_PORT_DATA0 = 0x2000, VAP_PORT_IDX0 = 0x2040, VAP_PORT_DATA_IDX_128 = 0x20B8,
    VAP_CNTL = 0x2080, VAP_VF_CNTL = 0x2084, VAP_ALT_NUM_VERTICES = 0x2088, VAP_INDEX_OFFSET = 0x208C,
    VAP_OUT_VTX_FMT_0 = 0x2090, VAP_OUT_VTX_FMT_1 = 0x2094,
    VAP_VPORT_XSCALE = 0x2098,      /* XSCALE, XOFFSET, YSCALE, YOFFSET, ZSCALE, ZOFFSET: 0x2098..0x20AC */
    VAP_VPORT_MIRROR = 0x1D98,      /* the same six at 0x1D98..0x1DAC */
    VAP_VTE_CNTL = 0x20B0, VAP_VTX_SIZE = 0x20B4, VAP_VTX_NUM_ARRAYS = 0x20C0,
    VAP_VF_MAX_VTX_INDX = 0x2134, VAP_VF_MIN_VTX_INDX = 0x2138, VAP_CNTL_STATUS = 0x2140,
    VAP_PROG_STREAM_CNTL_0 = 0x2150, VAP_PSC_SGN_NORM_CNTL = 0x21DC, VAP_PROG_STREAM_CNTL_EXT_0 = 0x21E0
};

/* Port kinds of an address. */
enum { VAP_NOT_PORT = 0, VAP_DATA_PORT = 1, VAP_IDX_PORT = 2 };

typedef struct vap_regs {
    uint32_t cntl;            /* VAP_NO_RENDER[17] */
    uint32_t vf_cntl;
    uint32_t alt_num;         /* [23:0] */
    uint32_t index_offset;    /* [24:0] */
    uint32_t fmt0, fmt1;
    uint32_t vport[6];        /* XSCALE, XOFFSET, YSCALE, YOFFSET, ZSCALE, ZOFFSET */
    uint32_t vte;             /* [5:0] used */
    uint32_t vtx_size;        /* [6:0] */
    uint32_t num_arrays;      /* [4:0] */
    uint32_t attr[8];         /* COUNT/STRIDE of arrays 2k, 2k+1 */
    uint32_t aos_addr[16];    /* [31:2] */
    uint32_t max_indx, min_indx;
    uint32_t vc_swap;         /* [1:0] */
    uint32_t pvs_bypass;      /* VAP_CNTL_STATUS.PVS_BYPASS[8] */
    uint32_t psc[8], psc_ext[8];
    uint32_t sgn_norm;
} vap_regs;

/* Reset values (all 0 except MAX_INDX = 0xFFFFFF). */
void vap_regs_reset(vap_regs *r);
/* Apply one write; returns 1 if the address is one of the registers above. */
int vap_regs_write(vap_regs *r, uint32_t addr, uint32_t data);
/* VAP_NOT_PORT, VAP_DATA_PORT or VAP_IDX_PORT. */
int vap_port_kind(uint32_t addr);

static inline unsigned vap_count(const vap_regs *r, unsigned a) { return r->attr[a / 2] >> (16 * (a & 1)) & 0x7F; }
static inline unsigned vap_stride(const vap_regs *r, unsigned a) { return r->attr[a / 2] >> (16 * (a & 1) + 8) & 0x7F; }
static inline unsigned vap_narrays(const vap_regs *r) { return r->num_arrays > 16 ? 16 : r->num_arrays; }
/* N of a draw started by the current VF_CNTL. */
static inline uint32_t vap_num_vertices(const vap_regs *r)
{
    return (r->vf_cntl >> 14 & 1) ? r->alt_num : r->vf_cntl >> 16;
}

#endif
