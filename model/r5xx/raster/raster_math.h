/*
 * raster_math.h - the exact arithmetic of r5xx.raster (docs/blocks/r5xx.raster.md): the registers the
 * block snoops, the binary32-to-integer conversion fx, the per-vertex conversion, primitive
 * assembly, the setup of a primitive and the evaluation of one candidate pixel.  Pure functions,
 * no state: the cycle model (raster_model.c), the stimulus and the unit tests use them.
 */
#ifndef R5XX_RASTER_MATH_H
#define R5XX_RASTER_MATH_H

#include <stdint.h>

/* Register byte addresses (docs/blocks/r5xx.raster.md "Registers snooped"). */
enum {
    R5XX_RS_VAP_OUT_VTX_FMT_0 = 0x2090,
    R5XX_RS_VAP_OUT_VTX_FMT_1 = 0x2094,
    R5XX_RS_GB_TILE_CONFIG = 0x4018,
    R5XX_RS_RS_IP_0 = 0x4074,
    R5XX_RS_GA_POINT_SIZE = 0x421C,
    R5XX_RS_GA_LINE_CNTL = 0x4234,
    R5XX_RS_GA_COLOR_CONTROL = 0x4278,
    R5XX_RS_GA_ROUND_MODE = 0x428C,
    R5XX_RS_SU_POLY_OFFSET_FRONT_SCALE = 0x42A4,
    R5XX_RS_SU_POLY_OFFSET_FRONT_OFFSET = 0x42A8,
    R5XX_RS_SU_POLY_OFFSET_BACK_SCALE = 0x42AC,
    R5XX_RS_SU_POLY_OFFSET_BACK_OFFSET = 0x42B0,
    R5XX_RS_SU_POLY_OFFSET_ENABLE = 0x42B4,
    R5XX_RS_SU_CULL_MODE = 0x42B8,
    R5XX_RS_SU_DEPTH_SCALE = 0x42C0,
    R5XX_RS_SU_DEPTH_OFFSET = 0x42C4,
    R5XX_RS_RS_COUNT = 0x4300,
    R5XX_RS_RS_INST_COUNT = 0x4304,
    R5XX_RS_RS_INST_0 = 0x4320,
    R5XX_RS_SC_EDGERULE = 0x43A8,
    R5XX_RS_SC_CLIP_0_A = 0x43B0,
    R5XX_RS_SC_CLIP_RULE = 0x43D0,
    R5XX_RS_SC_SCISSOR0 = 0x43E0,
    R5XX_RS_SC_SCISSOR1 = 0x43E4,
    R5XX_RS_FG_ALPHA_FUNC = 0x4BD4,
    R5XX_RS_FG_ALPHA_VALUE = 0x4BE0,
    R5XX_RS_ZB_FORMAT = 0x4F10
};

/* The snooped registers, stored whole (only the documented bits are used). */
typedef struct r5xx_raster_regs {
    uint32_t fmt0, fmt1, tilecfg, point, line, colctl, round;
    uint32_t po_front, po_back, po_fscale, po_bscale, po_en, cull, dscale, doff, edgerule;
    uint32_t clip_a[4], clip_b[4], clip_rule, sc0, sc1;
    uint32_t rs_ip[16], rs_inst0, af_func, af_val, zfmt;
    uint32_t rs_count, rs_icount, rs_inst[16];   /* the quad path (RS_INST_0 also in rs_inst0) */
} r5xx_raster_regs;

void r5xx_raster_regs_reset(r5xx_raster_regs *r);
/* Applies a register write; returns 1 if the address is one the block owns. */
int r5xx_raster_regs_write(r5xx_raster_regs *r, uint32_t addr, uint32_t data);

/* fx(f, K, F, R, LO, HI): docs/blocks/r5xx.raster.md "fx". nearest = 0: floor. */
int64_t r5xx_raster_fx(uint32_t f, uint32_t k, int shift, int nearest, int64_t lo, int64_t hi);

/* The polygon offset slope term: value(f) * g / a rounded to nearest (ties up), saturated to
 * +-2^24 (docs/blocks/r5xx.raster.md "Polygon offset"); a > 0. */
int64_t r5xx_raster_slope(uint32_t f, int64_t g, int64_t a);

/* A converted vertex: subpixel position, clamped 24-bit depth, colour channels A R G B. */
typedef struct r5xx_rvert {
    int64_t x, y;
    int64_t z;
    int64_t c[4];
    /* the quad path's raw RS data (docs/blocks/r5xx.raster.md "Per-vertex RS data"): slot 0's w,
     * colour k's four components (0 if absent), the RS input packet (0 beyond it) */
    uint32_t q;
    uint32_t col[4][4];
    uint32_t pk[32];
} r5xx_rvert;

/* The vertex in the slot store (slots[slot][component] binary32 bits) converted with regs. */
void r5xx_raster_vertex(const r5xx_raster_regs *r, const uint32_t slots[16][4], r5xx_rvert *v);

/* Primitive kinds and assembly. */
enum { R5XX_RP_POINT = 1, R5XX_RP_LINE = 2, R5XX_RP_TRI = 3 };
/* Vertex references of the assembly table. */
enum { R5XX_RV_N, R5XX_RV_P1, R5XX_RV_P2, R5XX_RV_P3, R5XX_RV_F };
typedef struct r5xx_rasm {
    int kind;
    int ref[3];
} r5xx_rasm;
/* The primitives emitted when vertex number n of a draw of PRIM_TYPE prim completes (dlast:
 * it is the draw's last); returns how many (0..2) were written to out. */
int r5xx_raster_assemble(unsigned prim, unsigned n, int dlast, r5xx_rasm out[2]);

/* A set-up primitive. */
typedef struct r5xx_rprim {
    int kind;
    int walk;                 /* 1: the box below is walked */
    int nedge;                /* 3 or 4 */
    int64_t qx[4], qy[4];     /* the corners, positive orientation */
    unsigned rule;            /* the 5-bit edge rule */
    r5xx_rvert v[3];          /* triangle: normalised; line: v0, v1 as listed; point: v0 */
    r5xx_rvert prov;          /* the provoking vertex */
    int64_t area;             /* triangle: |cross| */
    int xmajor;               /* line */
    int back;
    int64_t po;               /* polygon offset constant */
    int flat_rgb, flat_a;
    int px0, px1, py0, py1;
    int qpath;                /* 1: the quad path (RS_COUNT != 0) */
} r5xx_rprim;

/* Setup of a primitive of kind with its listed vertices. */
void r5xx_raster_setup(const r5xx_raster_regs *r, int kind, const r5xx_rvert *v, r5xx_rprim *p);

/* One candidate pixel: returns 1 if emitted, with frag.z and frag.argb. */
int r5xx_raster_pixel(const r5xx_raster_regs *r, const r5xx_rprim *p, int px, int py, uint32_t *z,
                      uint64_t *argb);

/* The quad path: coverage of one pixel without the alpha test (edges and clip rule; the caller
 * checks the box), with its depth in ZB_FORMAT's format. */
int r5xx_raster_cover(const r5xx_raster_regs *r, const r5xx_rprim *p, int px, int py, uint32_t *z);

/* binary32 from a signed integer, rounded toward zero (docs "cvt"). */
uint32_t r5xx_raster_cvt(int64_t n);

/* One record of a quad: its US register, and per channel r g b a the source: -1 constant 0.0,
 * -2 constant 1.0, else the attribute index (0..31 pk[], 32 + 4k + c col[k][c]). */
typedef struct r5xx_rrec {
    unsigned addr;
    int src[4];
} r5xx_rrec;

/* The records of every quad under the current RS_INST table (1..32). */
int r5xx_raster_records(const r5xx_raster_regs *r, r5xx_rrec out[32]);

/* The four pixels' values of one record on the quad at (qx, qy): rg[p] = g<<32 | r, ba[p] =
 * a<<32 | b. */
void r5xx_raster_rs_values(const r5xx_raster_regs *r, const r5xx_rprim *p, const r5xx_rrec *rec,
                           int qx, int qy, uint64_t rg[4], uint64_t ba[4]);

#endif
