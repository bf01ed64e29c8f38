/*
 * pvs_isa.h - the R5xx PVS instruction set as r5xx.pvs executes it (docs/blocks/r5xx.pvs.md,
 * "Instruction word", "Execution"): field extraction of the 128-bit instruction, the per-vertex
 * memories, one instruction's execution (pvs_exec) and its disassembly (pvs_disasm).
 */
#ifndef PVS_ISA_H
#define PVS_ISA_H
#include <stddef.h>
#include <stdint.h>

/* Per-vertex memory sizes (decisions 3, 4). */
#define PVS_NIVM 32
#define PVS_NTRM 32
#define PVS_NATRM 20
#define PVS_NOVM 16
#define PVS_NCONST 256
#define PVS_NCODE 1024

/* Destination register types (dword 0 bits 11:8). */
enum { PVS_DST_TEMP = 0, PVS_DST_A0 = 1, PVS_DST_OUT = 2, PVS_DST_OUT_REPX = 3, PVS_DST_ATEMP = 4,
       PVS_DST_INPUT = 5 };
/* Source register types (bits 1:0). */
enum { PVS_SRC_TEMP = 0, PVS_SRC_INPUT = 1, PVS_SRC_CONST = 2, PVS_SRC_ATEMP = 3 };
/* exe.err codes. */
enum { PVS_OK = 0, PVS_ERR_DUAL = 1, PVS_ERR_RESERVED = 2, PVS_ERR_NOT_BUILT = 3 };

/* A vertex's input and output memories: one bank (docs/blocks/r5xx.pvs.md "Vertices in
 * flight"), the vertex's from its first input record to its last output slot. */
typedef struct pvs_vio {
    uint32_t ivm[PVS_NIVM][4];
    uint32_t ovm[PVS_NOVM][4];
    uint8_t owritten[PVS_NOVM];       /* components of each output vector written (bit c) */
} pvs_vio;

/* The state one instruction reads and writes: the executing vertex's bank (io) and the
 * execution stage's own memories and registers. */
typedef struct pvs_vstate {
    pvs_vio *io;
    uint32_t trm[PVS_NTRM][4];
    uint32_t atrm[PVS_NATRM][4];
    int32_t a0[4];                    /* the address register, -256..255 */
    unsigned pred;                    /* the predicate bit */
    int32_t i0;                       /* the innermost loop's index, -256..255 (0 outside loops) */
} pvs_vstate;

/* The shared state an instruction reads. */
typedef struct pvs_cstate {
    const uint32_t (*cst)[4];         /* PVS_NCONST vectors */
    unsigned const_base, const_max;   /* VAP_PVS_CONST_CNTL */
} pvs_cstate;

/* Field extraction. */
static inline unsigned pvs_bits(uint32_t w, unsigned hi, unsigned lo)
{
    return (w >> lo) & ((1u << (hi - lo + 1)) - 1u);
}

/* Execute instruction w[0..3] on vs: result r[4] (after saturate and X replication), the
 * returned err code (PVS_OK ...); the write (if any) is applied to vs.  pvs_compute +
 * pvs_commit. */
unsigned pvs_exec(pvs_vstate *vs, const pvs_cstate *cs, const uint32_t w[4], uint32_t r[4]);

/* An instruction's effect, computed from the state before it: the result (after saturate and X
 * replication), the err code, the components written, the predicate bit it sets (-1: none) and
 * the predicate bit after it; write = the destination write happens (commit). */
typedef struct pvs_effect {
    uint32_t r[4];
    unsigned err, we, pred, write;
    int pset;
} pvs_effect;

/* The effect of w[0..3] on vs, vs unchanged (the model's eval: the exe outputs). */
unsigned pvs_compute(const pvs_vstate *vs, const pvs_cstate *cs, const uint32_t w[4], pvs_effect *e);

/* One source operand's fields (pvs_decode): register type, address bits, relative mode and
 * select, the swizzle (0..3 x..w, 4 zero, 5 one, 6-7 zero), the abs mask and the negate bits. */
typedef struct pvs_dsrc {
    uint8_t type, mode, rsel, sw[4];
    int32_t base;
    uint32_t am, nm[4];
} pvs_dsrc;

/* An instruction's fields, decoded once per code word (the model keeps one per code address):
 * early = the err found before any operand (DUAL, or RESERVED for a MACRO op > 1 or a
 * destination type > 5), else 0; op and math after MACRO_INST; use = the operands read (bit 0
 * a, 1 b, 2 c); we, the predicated-write bit pw and its polarity pbit, sat, dtype. */
typedef struct pvs_dec {
    uint32_t w[4];
    unsigned ok, early, op, math, use, dtype, we, pw, pbit, sat;
    pvs_dsrc s[3];
} pvs_dec;

void pvs_decode(const uint32_t w[4], pvs_dec *d);
/* pvs_compute on a decoded instruction (the same result) */
unsigned pvs_compute_dec(const pvs_vstate *vs, const pvs_cstate *cs, const pvs_dec *d, pvs_effect *e);

/* Apply an effect pvs_compute found for w on this same vs (the model's tick). */
void pvs_commit(pvs_vstate *vs, const uint32_t w[4], const pvs_effect *e);

/* The math operation op (MATH_INST = 1) on a, b, c (their w components); returns the err code;
 * *pset = the predicate bit a ME_PRED_SET op sets (untouched otherwise). */
unsigned pvs_math_op(unsigned op, const uint32_t a[4], const uint32_t b[4], const uint32_t c[4], uint32_t r[4],
                     int *pset);

/* The float -> address register conversion: floor, clamped to [-256, 255], NaN -> 0. */
int32_t pvs_f2a(uint32_t f);

/* Disassemble w[0..3] into buf (at most n bytes, always terminated); returns buf. */
char *pvs_disasm(const uint32_t w[4], char *buf, size_t n);

#endif
