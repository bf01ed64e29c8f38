/*
 * gpu_bb.h - the register backbone and the memory arbiter of r5xx.gpu as C state machines, the
 * twins of rtl/r5xx/gpu/r5xx_gpu_bb.sv and r5xx_gpu_arb.sv (docs/blocks/gpu.md).  Each has a
 * combinational step (outputs and readies from the state and the inputs of the cycle) and an
 * edge step; gpu_model.c wires them between the CP and 2D engine models.
 */
#ifndef R5XX_GPU_BB_H
#define R5XX_GPU_BB_H

#include <stdint.h>

enum { GPU_DST_UNK = 0, GPU_DST_CP = 1, GPU_DST_RBBM = 2, GPU_DST_2D = 3, GPU_DST_3D = 4 };

/* The routing table: the destination of a register byte address. */
unsigned gpu_route(uint32_t addr);

typedef struct gpu_bb {
    /* state */
    uint32_t umsk, swap, saddr, isync, wbp, wba, wbd, unk;
    /* the cycle's combinational values (gpu_bb_comb) */
    unsigned dst, fire;
} gpu_bb;

typedef struct gpu_bb_io {
    /* inputs */
    unsigned in_valid, log_ready, g2_ready, g3_ready, idle2d, idle3d, wb_ready;
    uint32_t in_addr, in_data;
    /* outputs */
    unsigned in_ready, log_valid, log_dst, g2_valid, g3_valid, wb_valid;
    uint32_t wb_addr, wb_data;
} gpu_bb_io;

void gpu_bb_reset(gpu_bb *b);
void gpu_bb_comb(gpu_bb *b, gpu_bb_io *io);
void gpu_bb_edge(gpu_bb *b, const gpu_bb_io *io);

#define GPU_ARB_TAGS 64u

typedef struct gpu_arb {
    unsigned tag[GPU_ARB_TAGS], rd, wr, n;
    unsigned hi, rhi;             /* RB3D (port 5): high request beat held, high response beat next */
    uint32_t ha, hd, hwe, hbe;    /* RB3D: the held high beat */
    uint32_t lo;                  /* RB3D: the low response beat's data */
    unsigned grant;               /* the cycle's grant: 0..5, or 7 for none */
} gpu_arb;

void gpu_arb_reset(gpu_arb *a);
/* The grant from the requesters' valids v[0..5] (0: scratch write-back, 1: CP, 2: 2D engine,
 * 3: VAP, 4: ZB, 5: RB3D); while RB3D's high beat is held the grant is 5 (the held beat). */
unsigned gpu_arb_grant(gpu_arb *a, const unsigned v[6]);
/* The port the response of this cycle goes to (1..5), or 0 if none. */
unsigned gpu_arb_rsp_port(const gpu_arb *a, unsigned memrsp_valid);
/* The edge: push_port_plus1 = 1 + the port of a read beat accepted this cycle, or 0; take5 = RB3D's
 * request taken (its low beat accepted) with its high beat (hi_addr, we, hi data, hi byte enables);
 * memreq_ready; the response of the cycle, if any. */
void gpu_arb_edge(gpu_arb *a, unsigned push_port_plus1, unsigned take5, uint32_t hi_addr, unsigned we, uint32_t hi_data,
                  unsigned hi_be, unsigned memreq_ready, unsigned memrsp_valid, uint32_t rdata);

#endif
