/*
 * db_math.h - the arithmetic of si.db (docs/blocks/si.db.md): the snooped registers, the
 * surface addresses, the float-to-Z_16 conversion, IEEE compares, the stencil operations and the
 * per-sample test/update.  Shared by the model and the stimulus generator; no state of its own.
 */
#ifndef SI_DB_MATH_H
#define SI_DB_MATH_H

#include <stdint.h>

/* Register byte addresses (seed 002, see the doc's table). */
#define SI_DB_RENDER_CONTROL     0x28000u
#define SI_DB_COUNT_CONTROL      0x28004u
#define SI_DB_DEPTH_VIEW         0x28008u
#define SI_DB_RENDER_OVERRIDE    0x2800Cu
#define SI_DB_DEPTH_BOUNDS_MIN   0x28020u
#define SI_DB_DEPTH_BOUNDS_MAX   0x28024u
#define SI_DB_STENCIL_CLEAR      0x28028u
#define SI_DB_DEPTH_CLEAR        0x2802Cu
#define SI_DB_DEPTH_INFO         0x2803Cu
#define SI_DB_Z_INFO             0x28040u
#define SI_DB_STENCIL_INFO       0x28044u
#define SI_DB_Z_READ_BASE        0x28048u
#define SI_DB_STENCIL_READ_BASE  0x2804Cu
#define SI_DB_Z_WRITE_BASE       0x28050u
#define SI_DB_STENCIL_WRITE_BASE 0x28054u
#define SI_DB_DEPTH_SIZE         0x28058u
#define SI_PA_SC_VPORT_ZMIN_0    0x282D0u
#define SI_PA_SC_VPORT_ZMAX_0    0x282D4u
#define SI_DB_STENCIL_CONTROL    0x2842Cu
#define SI_DB_STENCILREFMASK     0x28430u
#define SI_DB_STENCILREFMASK_BF  0x28434u
#define SI_DB_DEPTH_CONTROL      0x28800u

enum { SI_DB_CAT_ZPASS, SI_DB_CAT_ZFAIL, SI_DB_CAT_SFAIL, SI_DB_CAT_DBFAIL };
#define SI_DB_ERR_RANGE 1u
#define SI_DB_ERR_TILED 2u
#define SI_DB_ERR_Z24   4u

typedef struct si_db_regs {
    uint32_t rctl, cctl, view, ovr, bmin, bmax, sclear, dclear, dinfo, zinfo, sinfo;
    uint32_t zrb, srb, zwb, swb, size, zmin, zmax, sctl, srm, srm_bf, dctl;
} si_db_regs;

/* What the block decides for one fragment before memory (START). */
typedef struct si_db_plan {
    unsigned err;        /* SI_DB_ERR_* */
    int kill;            /* err & (RANGE | TILED) */
    int zread, sread;
    uint32_t zraddr, zwaddr, sraddr, swaddr;   /* byte addresses of the pixel */
} si_db_plan;

typedef struct si_db_result {
    unsigned cat, pass, cwe;
    int zwe, swe;
    uint32_t zwdata, swdata;   /* dword data, the value at its byte lanes */
    unsigned zbe, sbe;
    unsigned inc;              /* bit i: counter i counts this sample */
} si_db_result;

/* 1 if addr is a register the block holds (and writes it). */
int si_db_regs_write(si_db_regs *r, uint32_t addr, uint32_t data);

si_db_plan si_db_plan_of(const si_db_regs *r, uint32_t x, uint32_t y);

/* The test and update of one sample; zold/sold are the dwords read (0 when not read). */
si_db_result si_db_update(const si_db_regs *r, const si_db_plan *p, uint32_t z, unsigned back,
                          uint32_t zold, uint32_t sold);

/* Helpers, exported for the unit test. */
uint32_t si_db_f2unorm16(uint32_t f);
/* IEEE compare: bit 0 less, bit 1 equal, bit 2 unordered. */
unsigned si_db_fcmp(uint32_t a, uint32_t b);
int si_db_func(unsigned func, unsigned lt, unsigned eq, unsigned unord);
uint32_t si_db_stencil_op(unsigned op, uint32_t s, uint32_t ref, uint32_t opval);

#endif
