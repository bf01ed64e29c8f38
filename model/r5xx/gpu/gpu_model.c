/*
 * gpu_model.c - the model of r5xx.gpu: the r5xx.cp and r5xx.gfx2d C models, the register backbone
 * and the memory arbiter (gpu_bb.c) wired as rtl/r5xx/gpu/r5xx_gpu.sv wires the RTL.  The CP's
 * and the 2D engine's outputs depend on their state only; the 2D engine's pkt_ready depends on
 * its regw_valid, which the backbone computes from the CP's outputs, the harness's regw_ready and
 * the engine's state (r5xx_gfx2d_model_hdr), so one pass of eval in that order is exact.
 */
#include <stdlib.h>
#include <string.h>

#include "gpu_bb.h"
#include "r5xx_cp_ports.h"
#include "r5xx_gfx2d_ports.h"
#include "r5xx_gpu_ports.h"

int r5xx_gfx2d_model_hdr(const void *h);

typedef struct gpu {
    void *cp, *g;
    r5xx_cp_ports cp_p;
    r5xx_gfx2d_ports g_p;
    gpu_bb bb;
    gpu_bb_io io;
    gpu_arb arb;
    unsigned rsp_port;
} gpu;

static void *gpu_create(const rc_side_config *cfg)
{
    gpu *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->cp = r5xx_cp_model_ops.create(cfg);
    s->g = r5xx_gfx2d_model_ops.create(cfg);
    if (!s->cp || !s->g) {
        if (s->cp)
            r5xx_cp_model_ops.destroy(s->cp);
        if (s->g)
            r5xx_gfx2d_model_ops.destroy(s->g);
        free(s);
        return NULL;
    }
    return s;
}

static void gpu_destroy(void *h)
{
    gpu *s = h;
    r5xx_cp_model_ops.destroy(s->cp);
    r5xx_gfx2d_model_ops.destroy(s->g);
    free(s);
}

static void gpu_eval(void *h, uint64_t *ports)
{
    gpu *s = h;
    r5xx_gpu_ports *p = (r5xx_gpu_ports *)ports;
    r5xx_cp_ports *c = &s->cp_p;
    r5xx_gfx2d_ports *g = &s->g_p;
    gpu_bb_io *io = &s->io;

    /* the CP: host writes and its memory responses */
    s->rsp_port = gpu_arb_rsp_port(&s->arb, (unsigned)p->memrsp_valid);
    /* host writes: 0x0700-0x071F to the CP, the rest (MMIO) to the backbone, first */
    int hcp = (p->host_addr & 0xFFE0) == 0x0700, mmio = p->host_valid && !hcp;
    c->host_valid = p->host_valid && hcp;
    c->host_addr = p->host_addr;
    c->host_data = p->host_data;
    c->memrsp_valid = s->rsp_port == 1;
    c->memrsp_data = p->memrsp_data;
    r5xx_cp_model_ops.eval(s->cp, (uint64_t *)c);

    /* the backbone */
    int hdr = r5xx_gfx2d_model_hdr(s->g);
    io->in_valid = mmio || c->regw_valid;
    io->in_addr = (uint32_t)(mmio ? p->host_addr : c->regw_addr);
    io->in_data = (uint32_t)(mmio ? p->host_data : c->regw_data);
    io->log_ready = (unsigned)p->regw_ready;
    io->g2_ready = (unsigned)hdr;
    io->g3_ready = 1;                                  /* the 3D path's place */
    io->idle2d = hdr && !c->pkt_valid && !c->body_valid;
    io->idle3d = 1;
    gpu_bb_comb(&s->bb, io);

    /* the 2D engine */
    g->pkt_valid = c->pkt_valid;
    g->pkt_stream = c->pkt_stream;
    g->pkt_type = c->pkt_type;
    g->pkt_opcode = c->pkt_opcode;
    g->pkt_count = c->pkt_count;
    g->pkt_ptr = c->pkt_ptr;
    g->pkt_err = c->pkt_err;
    g->body_valid = c->body_valid;
    g->body_data = c->body_data;
    g->body_last = c->body_last;
    g->regw_valid = io->g2_valid;
    g->regw_addr = io->in_addr;
    g->regw_data = io->in_data;
    g->memrsp_valid = s->rsp_port == 2;
    g->memrsp_data = p->memrsp_data;
    g->pix_ready = p->pix_ready;
    r5xx_gfx2d_model_ops.eval(s->g, (uint64_t *)g);

    /* the memory arbiter */
    unsigned gr = gpu_arb_grant(&s->arb, io->wb_valid, (unsigned)c->memreq_valid, (unsigned)g->memreq_valid);
    unsigned rdy = (unsigned)p->memreq_ready;
    io->wb_ready = rdy && gr == 0;
    c->memreq_ready = rdy && gr == 1;
    g->memreq_ready = rdy && gr == 2;
    p->memreq_valid = gr != 7;
    p->memreq_port = gr == 7 ? 0 : gr;
    if (gr == 0) {
        p->memreq_addr = io->wb_addr & ~3u;
        p->memreq_we = 1;
        p->memreq_wdata = io->wb_data;
        p->memreq_be = 0xF;
    } else if (gr == 1) {
        p->memreq_addr = c->memreq_addr;
        p->memreq_we = c->memreq_we;
        p->memreq_wdata = c->memreq_wdata;
        p->memreq_be = c->memreq_be;
    } else if (gr == 2) {
        p->memreq_addr = g->memreq_addr;
        p->memreq_we = g->memreq_we;
        p->memreq_wdata = g->memreq_wdata;
        p->memreq_be = g->memreq_be;
    } else {
        p->memreq_addr = p->memreq_we = p->memreq_wdata = p->memreq_be = 0;
    }
    p->memrsp_ready = 1;

    /* readies back into the CP */
    c->regw_ready = !mmio && io->in_ready;
    c->pkt_ready = g->pkt_ready;
    c->body_ready = g->body_ready;

    /* the block's outputs */
    p->host_ready = hcp ? c->host_ready : io->in_ready;
    p->regw_valid = io->log_valid;
    p->regw_addr = io->log_valid ? io->in_addr : 0;
    p->regw_data = io->log_valid ? io->in_data : 0;
    p->regw_dst = io->log_dst;
    p->pix_valid = g->pix_valid;
    p->pix_pkt = g->pix_pkt;
    p->pix_x = g->pix_x;
    p->pix_y = g->pix_y;
    p->pix_src = g->pix_src;
    p->pix_pat = g->pix_pat;
    p->pix_dst = g->pix_dst;
    p->pix_rop = g->pix_rop;
    p->pix_res = g->pix_res;
    p->idle = c->idle && g->idle && !s->bb.wbp && s->arb.n == 0;
    p->unk = s->bb.unk;
}

static void gpu_tick(void *h, const uint64_t *ports)
{
    gpu *s = h;
    const r5xx_gpu_ports *p = (const r5xx_gpu_ports *)ports;
    unsigned push = p->memreq_valid && p->memreq_ready && !p->memreq_we ? (unsigned)p->memreq_port + 1 : 0;
    r5xx_cp_model_ops.tick(s->cp, (const uint64_t *)&s->cp_p);
    r5xx_gfx2d_model_ops.tick(s->g, (const uint64_t *)&s->g_p);
    gpu_bb_edge(&s->bb, &s->io);
    gpu_arb_edge(&s->arb, push, (unsigned)p->memrsp_valid);
}

static void gpu_reset(void *h, uint64_t *ports)
{
    gpu *s = h;
    memset(&s->cp_p, 0, sizeof s->cp_p);
    memset(&s->g_p, 0, sizeof s->g_p);
    memset(&s->io, 0, sizeof s->io);
    r5xx_cp_model_ops.reset(s->cp, (uint64_t *)&s->cp_p);
    r5xx_gfx2d_model_ops.reset(s->g, (uint64_t *)&s->g_p);
    gpu_bb_reset(&s->bb);
    gpu_arb_reset(&s->arb);
    gpu_eval(h, ports);
}

const rc_side_ops r5xx_gpu_model_ops = {
    .kind = "model", .create = gpu_create, .destroy = gpu_destroy, .reset = gpu_reset,
    .eval = gpu_eval, .tick = gpu_tick
};
