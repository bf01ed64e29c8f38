/*
 * us_isa.h - the R500 fragment shader (r5xx.us) instruction set: field extraction of the six
 * dwords of one instruction (000:12016-13456, load order of r5xx-shaders.md §2.2), the
 * block's register state and loader, one instruction executed on a 2x2 quad, and the
 * disassembly fault reports print.  docs/blocks/r5xx.us.md is the definition; the cycle model
 * (us_model.c) and the stimulus (us_stim.c) use these functions.
 */
#ifndef R5XX_US_ISA_H
#define R5XX_US_ISA_H

#include <stddef.h>
#include <stdint.h>

/* The six dwords in load order. */
enum { US_CMN = 0, US_W1 = 1, US_W2 = 2, US_W3 = 3, US_W4 = 4, US_W5 = 5 };

#define US_NINST 512
#define US_NCONST 256
#define US_NTEMP 128

/* Register addresses the block takes (000:9855-9885, 12853-13446). */
#define US_GA_VECTOR_INDEX 0x4250u
#define US_GA_VECTOR_DATA  0x4254u
#define US_CONFIG          0x4600u
#define US_PIXSIZE         0x4604u
#define US_FC_BOOL_CONST   0x4620u
#define US_FC_CTRL         0x4624u
#define US_CODE_ADDR       0x4630u
#define US_CODE_RANGE      0x4634u
#define US_CODE_OFFSET     0x4638u
#define US_OUT_FMT_0       0x46A4u
#define US_W_FMT           0x46B4u
#define US_FC_INT_CONST_0  0x4C00u
#define US_FORMAT0_0       0x4640u

/* Instruction types (CMN TYPE[1:0]). */
enum { US_T_ALU = 0, US_T_OUT = 1, US_T_FC = 2, US_T_TEX = 3 };

static inline uint32_t us_bits(uint32_t w, unsigned hi, unsigned lo)
{
    return (w >> lo) & ((hi - lo == 31) ? 0xFFFFFFFFu : ((1u << (hi - lo + 1)) - 1));
}

typedef struct us_regs {
    uint32_t inst[US_NINST][6];
    uint32_t cst[US_NCONST][4];
    uint32_t vindex;          /* GA_US_VECTOR_INDEX as written; INDEX[8:0] advances */
    unsigned vdw;             /* dword of the current instruction/constant 0..5 */
    uint32_t config, pixsize, fc_bool, fc_ctrl, code_addr, code_range, code_offset, w_fmt;
    uint32_t out_fmt[4], fc_int[32];
    uint32_t fmt0[16];        /* US_FORMAT0_n: TXWIDTH[10:0], TXHEIGHT[21:11] (DXDY's LOD) */
    uint16_t wcount;          /* register writes accepted, mod 2^16 */
} us_regs;

/* One register write (any address; unknown ones are ignored but counted). */
void us_regs_write(us_regs *r, uint32_t addr, uint32_t data);

/* First and last absolute instruction of the program window. */
static inline unsigned us_start_pc(const us_regs *r)
{
    return (us_bits(r->code_offset, 8, 0) + us_bits(r->code_addr, 8, 0)) & 511u;
}
static inline unsigned us_end_pc(const us_regs *r)
{
    return (us_bits(r->code_offset, 8, 0) + us_bits(r->code_addr, 24, 16)) & 511u;
}

/* The state of the quad being shaded: pixel-stack temporaries persist from quad to quad. */
typedef struct us_quad {
    uint32_t t[US_NTEMP][4][4];   /* [register][pixel][r g b a] */
    uint8_t cov, kill;            /* per pixel */
    uint8_t pred[4];              /* per pixel: predicate bits r g b a (bit 0 r) */
    uint32_t out[4][4][4];        /* [target][pixel][channel] */
    uint32_t omask[4];            /* per target: bit 4p+c */
    uint16_t opc[4];              /* per target: pc of the last OUT that wrote it */
    uint8_t tw;                   /* targets written */
    uint32_t z[4];
    uint8_t zmask;
    /* flow control (per pixel): active, branch counter, ALU result bit; the address stack */
    uint8_t act;
    uint8_t cnt[4];
    uint8_t alu;
    uint16_t astk[4];
    uint8_t asp;
    /* loops (FULL_FC_EN): the loop-counter stack and the aL stack (value, step), pointers wrap */
    uint8_t lc[4], lsp;
    uint8_t al[4], alst[4], alp;
} us_quad;

/* The loop register aL: the top of the aL stack (0 when nothing was pushed in this quad). */
static inline unsigned us_al(const us_quad *q)
{
    return q->al[(q->alp - 1u) & 3u];
}

/* The per-quad state at the start of a quad (outputs, predicates, kill, flow control). */
void us_quad_start(us_quad *q, unsigned cov);

/* One ALU or OUT instruction at absolute index pc, executed on all four pixels. */
void us_exec_alu(const us_regs *r, unsigned pc, us_quad *q);

/* FC: one flow-control instruction at pc; returns the next pc (JUMP with JUMP_FUNC, JUMP_ANY,
 * B_ELSE, B_OP0/B_OP1, A_OP; the loop ops act as JUMP without their counters: "Not yet built"). */
unsigned us_exec_fc(const us_regs *r, unsigned pc, us_quad *q);

/* TEX: the request of pixel p (s, t, r, q after the source swizzle). */
void us_tex_coords(const us_regs *r, unsigned pc, const us_quad *q, unsigned p, uint32_t st[4]);
/* FC: one flow-control instruction at pc; returns the next pc (JUMP with JUMP_FUNC, JUMP_ANY,
 * B_ELSE, B_OP0/B_OP1, A_OP; the loop ops act as JUMP without their counters: "Not yet built"). */
unsigned us_exec_fc(const us_regs *r, unsigned pc, us_quad *q);

/* TEX: the request of pixel p in r5xx.tx's terms: s, t, r, lod, lmode, grad, dsdx, dtdx, dsdy,
 * dtdy (PROJ divides s, t, r by q as sf_mul(x, sf_rcp(q)); LOD/LODBIAS send q as lod with lmode
 * 1/2, else lod 0, lmode 0; grad 0 for LOD, else 1 with DXDY's operands or the quad's differences
 * qd (us_tex_grad() when the TEX started): doc, TEX, decision 25). */
void us_tex_request(const us_regs *r, unsigned pc, const us_quad *q, unsigned p, const uint32_t qd[4],
                    uint32_t req[10]);
/* TEX: the quad's differences TR - TL (x) and BL - TL (y) of s and t (after PROJ's division):
 * dsdx, dtdx, dsdy, dtdy, taken when the lookup starts (before any response is written). */
void us_tex_grad(const us_regs *r, unsigned pc, const us_quad *q, uint32_t qd[4]);
/* TEX: which pixels get a request (IGNORE_UNCOVERED), for INST 1 and 3-6; 0 for NOP and KIL. */
unsigned us_tex_pixels(const us_regs *r, unsigned pc, const us_quad *q);
/* TEX: the response for pixel p written to the destination. */
void us_tex_write(const us_regs *r, unsigned pc, us_quad *q, unsigned p, const uint32_t rgba[4]);
/* TEX KIL: kill the pixels whose swizzled source has a component below zero. */
void us_tex_kill(const us_regs *r, unsigned pc, us_quad *q);

/* Output conversion (us_fmt.c): component kinds. */
enum { US_K_ZERO = 0, US_K_UNORM = 1, US_K_SNORM = 2, US_K_FP16 = 3, US_K_FP32 = 4, US_K_W24FP = 5 };
/* One binary32 converted to a component of the kind and width (trunc: ROUND_ADJ). */
uint32_t us_cvt(uint32_t x, unsigned kind, unsigned w, unsigned trunc);
/* Component k of OUT_FMT code fmt with OUT_SIGN bit sign: kind and width. */
void us_fmt_comp(unsigned fmt, unsigned k, unsigned sign, unsigned *kind, unsigned *w);
/* The target's format is used (OUT_FMT 0-13, 16-21). */
int us_fmt_used(uint32_t fmtreg);
/* One pixel of a target: ch = its r g b a, chmask = channels written; lanes C0..C3; returns the
 * present-component mask (bit k). */
uint32_t us_fmt_pixel(uint32_t fmtreg, const uint32_t ch[4], unsigned chmask, uint32_t lane[4]);
/* W converted by US_W_FMT[1:0]. */
uint32_t us_fmt_w(uint32_t wfmt, uint32_t x);

/* Human-readable disassembly of one instruction (six dwords); returns the length written. */
int us_disasm(const uint32_t w[6], char *buf, size_t n);

#endif
