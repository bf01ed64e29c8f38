/*
 * gpu_model.c - the model of r5xx.gpu: the r5xx.cp and r5xx.gfx2d C models, the register backbone
 * the r5xx.gfx3d model (the 3D path) and the memory arbiter (gpu_bb.c) wired as
 * rtl/r5xx/gpu/r5xx_gpu.sv wires the RTL.  The CP's, the 2D engine's and the 3D path's outputs
 * depend on their state only, except the 3D path's regw_ready, a function of the offered address
 * (evaluated with the backbone's address before the backbone step); the 2D engine's pkt_ready
 * depends on its regw_valid, which the backbone computes from the CP's outputs, the harness's
 * regw_ready and the engine's state (r5xx_gfx2d_model_hdr), so one pass of eval in that order is
 * exact.  The 3D path's inputs of the cycle (regw_valid, memory readies) are final before its
 * tick, which recomputes its glue from them.
 */
#include <stdlib.h>
#include <string.h>

#include "gpu_bb.h"
#include "r5xx_cp_ports.h"
#include "r5xx_gfx2d_ports.h"
#include "r5xx_gfx3d_ports.h"
#include "r5xx_gpu_ports.h"

int r5xx_gfx2d_model_hdr(const void *h);

typedef struct gpu {
    void *cp, *g, *g3;
    r5xx_cp_ports cp_p;
    r5xx_gfx2d_ports g_p;
    r5xx_gfx3d_ports g3_p;
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
    s->g3 = r5xx_gfx3d_model_ops.create(cfg);
    if (!s->cp || !s->g || !s->g3) {
        if (s->cp)
            r5xx_cp_model_ops.destroy(s->cp);
        if (s->g)
            r5xx_gfx2d_model_ops.destroy(s->g);
        if (s->g3)
            r5xx_gfx3d_model_ops.destroy(s->g3);
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
    r5xx_gfx3d_model_ops.destroy(s->g3);
    free(s);
}

static void gpu_eval(void *h, uint64_t *ports)
{
    gpu *s = h;
    r5xx_gpu_ports *p = (r5xx_gpu_ports *)ports;
    r5xx_cp_ports *c = &s->cp_p;
    r5xx_gfx2d_ports *g = &s->g_p;
    r5xx_gfx3d_ports *t = &s->g3_p;
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

    /* the backbone's write, offered to the 3D path: its regw_ready answers the address */
    int hdr = r5xx_gfx2d_model_hdr(s->g);
    io->in_valid = mmio || c->regw_valid;
    io->in_addr = (uint32_t)(mmio ? p->host_addr : c->regw_addr);
    io->in_data = (uint32_t)(mmio ? p->host_data : c->regw_data);
    unsigned rp = s->rsp_port;
    t->regw_valid = 0;
    t->regw_addr = io->in_addr;
    t->regw_data = io->in_data;
    t->vmemrsp_valid = rp == 3;
    t->vmemrsp_data = p->memrsp_data;
    t->zmemrsp_valid = rp == 4;
    t->zmemrsp_data = p->memrsp_data;
    t->cmemrsp_valid = rp == 5 && s->arb.rhi;
    t->cmemrsp_data = (uint64_t)p->memrsp_data << 32 | s->arb.lo;
    t->pix_ready = p->pix3d_ready;
    t->cmemreq_ready = t->zmemreq_ready = t->vmemreq_ready = 0;
    r5xx_gfx3d_model_ops.eval(s->g3, (uint64_t *)t);

    /* the backbone */
    io->log_ready = (unsigned)p->regw_ready;
    io->g2_ready = (unsigned)hdr;
    io->g3_ready = (unsigned)t->regw_ready;
    io->idle2d = hdr && !c->pkt_valid && !c->body_valid;
    io->idle3d = (unsigned)t->idle;
    gpu_bb_comb(&s->bb, io);
    t->regw_valid = io->g3_valid;

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
    unsigned v[6] = { io->wb_valid, (unsigned)c->memreq_valid, (unsigned)g->memreq_valid,
                      (unsigned)t->vmemreq_valid, (unsigned)t->zmemreq_valid, (unsigned)t->cmemreq_valid };
    unsigned gr = gpu_arb_grant(&s->arb, v);
    unsigned rdy = (unsigned)p->memreq_ready;
    io->wb_ready = rdy && gr == 0;
    c->memreq_ready = rdy && gr == 1;
    g->memreq_ready = rdy && gr == 2;
    t->vmemreq_ready = rdy && gr == 3;
    t->zmemreq_ready = rdy && gr == 4;
    t->cmemreq_ready = rdy && gr == 5 && !s->arb.hi;
    p->memreq_valid = gr != 7;
    p->memreq_port = gr == 7 ? 0 : gr;
    p->memreq_addr = p->memreq_we = p->memreq_wdata = p->memreq_be = 0;
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
    } else if (gr == 3) {
        p->memreq_addr = t->vmemreq_addr;
    } else if (gr == 4) {
        p->memreq_addr = t->zmemreq_addr;
        p->memreq_we = t->zmemreq_we;
        p->memreq_wdata = t->zmemreq_wdata;
        p->memreq_be = t->zmemreq_be;
    } else if (gr == 5 && s->arb.hi) {
        p->memreq_addr = s->arb.ha;
        p->memreq_we = s->arb.hwe;
        p->memreq_wdata = s->arb.hd;
        p->memreq_be = s->arb.hbe;
    } else if (gr == 5) {
        p->memreq_addr = t->cmemreq_addr & ~7ull;
        p->memreq_we = t->cmemreq_we;
        if (t->cmemreq_we) {
            p->memreq_wdata = t->cmemreq_wdata & 0xFFFFFFFFu;
            p->memreq_be = t->cmemreq_be & 0xF;
        }
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
    p->pix3d_valid = t->pix_valid;
    p->pix3d_prim = t->pix_prim;
    p->pix3d_x = t->pix_x;
    p->pix3d_y = t->pix_y;
    p->pix3d_z = t->pix_z;
    p->pix3d_argb = t->pix_argb;
    p->idle = c->idle && g->idle && !s->bb.wbp && s->arb.n == 0 && !s->arb.hi && t->idle;
    p->unk = s->bb.unk;
}

static void gpu_tick(void *h, const uint64_t *ports)
{
    gpu *s = h;
    const r5xx_gpu_ports *p = (const r5xx_gpu_ports *)ports;
    int fire = p->memreq_valid && p->memreq_ready;
    unsigned push = fire && !p->memreq_we ? (unsigned)p->memreq_port + 1 : 0;
    r5xx_cp_model_ops.tick(s->cp, (const uint64_t *)&s->cp_p);
    r5xx_gfx2d_model_ops.tick(s->g, (const uint64_t *)&s->g_p);
    r5xx_gfx3d_model_ops.tick(s->g3, (const uint64_t *)&s->g3_p);
    gpu_bb_edge(&s->bb, &s->io);
    const r5xx_gfx3d_ports *t = &s->g3_p;
    gpu_arb_edge(&s->arb, push, (unsigned)t->cmemreq_ready, (uint32_t)((t->cmemreq_addr & ~7ull) | 4),
                 (unsigned)t->cmemreq_we, (uint32_t)(t->cmemreq_wdata >> 32), (unsigned)(t->cmemreq_be >> 4 & 0xF),
                 (unsigned)p->memreq_ready, (unsigned)p->memrsp_valid, (uint32_t)p->memrsp_data);
}

static void gpu_reset(void *h, uint64_t *ports)
{
    gpu *s = h;
    memset(&s->cp_p, 0, sizeof s->cp_p);
    memset(&s->g_p, 0, sizeof s->g_p);
    memset(&s->g3_p, 0, sizeof s->g3_p);
    memset(&s->io, 0, sizeof s->io);
    r5xx_cp_model_ops.reset(s->cp, (uint64_t *)&s->cp_p);
    r5xx_gfx2d_model_ops.reset(s->g, (uint64_t *)&s->g_p);
    r5xx_gfx3d_model_ops.reset(s->g3, (uint64_t *)&s->g3_p);
    gpu_bb_reset(&s->bb);
    gpu_arb_reset(&s->arb);
    gpu_eval(h, ports);
}

const rc_side_ops r5xx_gpu_model_ops = {
    .kind = "model", .create = gpu_create, .destroy = gpu_destroy, .reset = gpu_reset,
    .eval = gpu_eval, .tick = gpu_tick
};
