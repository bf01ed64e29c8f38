/*
 * r5xx_gpu_arb.c - the C twin of rtl/r5xx/gpu/r5xx_gpu_arb.sv: the one memory port of r5xx.gpu
 * (docs/blocks/r5xx.gpu.md, "Memory"): fixed priority over six requesters (0 scratch write-back, 1 CP,
 * 2 2D engine, 3 VAP, 4 ZB, 5 RB3D), RB3D's 64-bit request as two dword beats (its high half
 * held), a 64-entry tag queue routing the in-order read responses.  A glue module: its ports are
 * r5xx_gpu_arb_ports (gpu_glue.h, from the RTL's port list).
 */
#include <stdlib.h>
#include <string.h>

#include "gpu_glue.h"

#define TAGS 64u

typedef struct arb {
    unsigned tag[TAGS], rd, wr, n;
    unsigned hi, rhi;             /* RB3D: high request beat held, high response beat next */
    uint32_t ha, hd, hwe, hbe;    /* RB3D: the held high beat */
    uint32_t lo;                  /* RB3D: the low response beat's data */
} arb;

/* The grant: 0..5, or 7 for none; while RB3D's high beat is held, 5 (the held beat). */
static unsigned grant(const arb *a, const r5xx_gpu_arb_ports *p)
{
    if (a->hi)
        return 5;
    const uint64_t v[6] = { p->r0_valid, p->r1_valid, p->r2_valid, p->r3_valid, p->r4_valid, p->r5_valid };
    for (unsigned k = 0; k < 6; k++)
        if (v[k])
            return k;
    return 7;
}

static void *arb_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(arb));
}

static void arb_reset(void *h, uint64_t *ports)
{
    (void)ports;
    memset(h, 0, sizeof(arb));
}

static void arb_eval(void *h, uint64_t *ports)
{
    const arb *a = h;
    r5xx_gpu_arb_ports *p = (r5xx_gpu_arb_ports *)ports;
    unsigned gr = grant(a, p);
    uint64_t rdy = p->memreq_ready;
    p->r0_ready = rdy && gr == 0;
    p->r1_ready = rdy && gr == 1;
    p->r2_ready = rdy && gr == 2;
    p->r3_ready = rdy && gr == 3;
    p->r4_ready = rdy && gr == 4;
    p->r5_ready = rdy && gr == 5 && !a->hi;
    p->memreq_valid = gr != 7;
    p->memreq_port = gr == 7 ? 0 : gr;
    p->memreq_addr = p->memreq_we = p->memreq_wdata = p->memreq_be = 0;
    if (gr == 0) {
        p->memreq_addr = p->r0_addr & ~3ull;
        p->memreq_we = 1;
        p->memreq_wdata = p->r0_wdata;
        p->memreq_be = 0xF;
    } else if (gr == 1) {
        p->memreq_addr = p->r1_addr;
        p->memreq_we = p->r1_we;
        p->memreq_wdata = p->r1_wdata;
        p->memreq_be = p->r1_be;
    } else if (gr == 2) {
        p->memreq_addr = p->r2_addr;
        p->memreq_we = p->r2_we;
        p->memreq_wdata = p->r2_wdata;
        p->memreq_be = p->r2_be;
    } else if (gr == 3) {
        p->memreq_addr = p->r3_addr;
    } else if (gr == 4) {
        p->memreq_addr = p->r4_addr;
        p->memreq_we = p->r4_we;
        p->memreq_wdata = p->r4_wdata;
        p->memreq_be = p->r4_be;
    } else if (gr == 5 && a->hi) {
        p->memreq_addr = a->ha;
        p->memreq_we = a->hwe;
        p->memreq_wdata = a->hd;
        p->memreq_be = a->hbe;
    } else if (gr == 5) {
        p->memreq_addr = p->r5_addr & ~7ull;
        p->memreq_we = p->r5_we;
        if (p->r5_we) {
            p->memreq_wdata = p->r5_wdata & 0xFFFFFFFFu;
            p->memreq_be = p->r5_be & 0xF;
        }
    }
    p->memrsp_ready = 1;
    unsigned port = p->memrsp_valid && a->n ? a->tag[a->rd] : 0;
    p->r1_rvalid = port == 1;
    p->r2_rvalid = port == 2;
    p->r3_rvalid = port == 3;
    p->r4_rvalid = port == 4;
    p->r5_rvalid = port == 5 && a->rhi;
    p->r5_rdata = p->memrsp_data << 32 | a->lo;
    p->idle = a->n == 0 && !a->hi;
}

static void arb_tick(void *h, const uint64_t *ports)
{
    arb *a = h;
    const r5xx_gpu_arb_ports *p = (const r5xx_gpu_arb_ports *)ports;
    unsigned gr = grant(a, p);
    int we = gr == 0 ? 1 : gr == 1 ? (int)p->r1_we : gr == 2 ? (int)p->r2_we : gr == 4 ? (int)p->r4_we :
             gr == 5 ? (int)(a->hi ? a->hwe : p->r5_we) : 0;
    int push = gr != 7 && p->memreq_ready && !we;
    int pop = p->memrsp_valid && a->n;
    int take5 = p->memreq_ready && gr == 5 && !a->hi;
    if (pop && a->tag[a->rd] == 5) {
        if (!a->rhi)
            a->lo = (uint32_t)p->memrsp_data;
        a->rhi = !a->rhi;
    }
    if (take5) {
        a->hi = 1;
        a->ha = (uint32_t)((p->r5_addr & ~7ull) | 4);
        a->hwe = (uint32_t)p->r5_we;
        a->hd = p->r5_we ? (uint32_t)(p->r5_wdata >> 32) : 0;
        a->hbe = p->r5_we ? (uint32_t)(p->r5_be >> 4 & 0xF) : 0;
    } else if (a->hi && p->memreq_ready) {
        a->hi = 0;
    }
    if (push) {
        a->tag[a->wr] = gr;
        a->wr = (a->wr + 1) % TAGS;
    }
    if (pop)
        a->rd = (a->rd + 1) % TAGS;
    a->n = a->n + (unsigned)push - (unsigned)pop;
}

const rc_side_ops r5xx_gpu_arb_glue = {
    .kind = "glue", .create = arb_create, .destroy = free, .reset = arb_reset,
    .eval = arb_eval, .tick = arb_tick
};
