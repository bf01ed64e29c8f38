/*
 * rc_engine.h - the lockstep engine: runs one or two sides of a block (RTL, C model) on the same
 * stimulus and clock, compares them (and an optional expected-output list) and reports.
 */
#ifndef RC_ENGINE_H
#define RC_ENGINE_H

#include <stdint.h>
#include <stdio.h>
#include "rc_block.h"
#include "rc_policy.h"
#include "rc_vector.h"

typedef enum rc_mode { RC_EXACT = 0, RC_ORDERED = 1 } rc_mode;

/* Shows a register address or value by name; supplied by the caller (the engine has no
 * register knowledge).  Returns the length written, like snprintf. */
typedef size_t (*rc_decode_fn)(const char *family, rc_show kind, uint64_t addr, uint64_t value,
                               char *buf, size_t n);

/* A fault injected on one side's observed output: flip 'mask' in field 'field' of transaction
 * number 'txn' on output channel 'channel' (to prove the comparison catches it). */
typedef struct rc_fault {
    int side;            /* 0 or 1 (index into rc_run.sides) */
    int channel;
    int field;           /* -1: the valid bit, held 0 for that transaction's first cycle */
    uint64_t txn;
    uint64_t mask;
} rc_fault;

#define RC_MAX_FAULTS 4

typedef struct rc_run {
    const rc_block_desc *blk;
    const rc_vector *vec;             /* stimulus, memory preload, expected outputs */
    const rc_side_ops *sides[2];      /* sides[0] is "actual", sides[1] (optional) "expected" */
    int nsides;
    rc_mode mode;
    uint64_t seed;
    rc_policy bp;
    unsigned lat_min, lat_max;
    uint64_t max_cycles;
    uint64_t watchdog;                /* cycles without progress before a hang */
    unsigned max_mismatches;
    int check_expected;               /* compare sides[0] with vec's expected outputs */
    rc_mode expected_mode;
    rc_vector *record;                /* if set, sides[0]'s outputs are appended here */
    unsigned history;                 /* transactions of context per channel in reports */
    rc_fault faults[RC_MAX_FAULTS];
    int nfaults;
    /* Waveform re-run: sides[0] is the block's waveform wrapper (rc_block_desc.wave) dumping to
     * wave_path during cycles wave_from..wave_to, with the expected values of sides[1] (or of
     * the vector when there is one side) beside its own; the run ends after wave_to. */
    const char *png_dir;              /* write each side's final surfaces here (blk->images) */
    int wave;
    int wave_vector;                  /* show the vector's expected outputs, not sides[1]'s */
    int wave_stop;                    /* end the run after wave_to (a failure's re-run) */
    const char *wave_path;
    uint64_t wave_from, wave_to;
    rc_decode_fn decode;
    const char *repro;                /* one-line command that reruns this case */
    FILE *report;                     /* where the mismatch report goes */
    uint32_t trace_channels;          /* bit per output channel: print each transaction of side 0 */
    FILE *trace;                      /* where --trace lines go */
    int tables;                       /* 1: the engine's table walk every cycle: no generated run,
                                         no skip-ahead (same results; to check and to profile) */
    int threads;                      /* 2: the model side on its own thread (exact lockstep only;
                                         same results and reports as 1) */
} rc_run;

typedef enum rc_verdict {
    RC_PASS = 0,
    RC_MISMATCH = 1,
    RC_HANG = 2,
    RC_ERROR = 3
} rc_verdict;

/* The first mismatch, for machine-readable reports. */
typedef struct rc_first {
    int channel;                      /* channel index, or -1 (status signal, final memory) */
    int status;                       /* status signal index, or -1 */
    uint64_t txn;                     /* transaction number on the channel */
    char what[16];                    /* ready, valid, fields, missing, unexpected, never came,
                                         count, status, memory */
    int have_fields;                  /* exp/act below are filled */
    char exp_label[16], act_label[16];
    int exp_valid, act_valid;         /* whether each side had a transaction */
    uint64_t exp[RC_MAX_FIELDS], act[RC_MAX_FIELDS];
    /* what "assertion": the RTL assertion that failed (docs/hardening.md "An assertion stops
     * the run"): its name (ASSERT Name), the module instance, FILE:LINE and its message. */
    char assert_name[64], assert_inst[256], assert_where[128], assert_msg[256];
    char assert_side[16];             /* the side's label ("rtl", "actual") */
} rc_first;

typedef struct rc_result {
    rc_verdict status;
    uint64_t cycles;
    uint64_t mismatches;
    uint64_t first_cycle;             /* cycle of the first mismatch */
    uint64_t txns[RC_MAX_CHANNELS];   /* transactions fired on sides[0] */
    double seconds;                   /* wall time of the cycle loop */
    long png_diff_pixels;             /* --png: pixels that differ between the sides' images */
    char output_error[160];           /* --png: the first picture not written ("NAME: why"), or "" */
    char summary[256];                /* one line: what failed, or "" */
    rc_first first;
} rc_result;

void rc_run_defaults(rc_run *r);
int rc_run_exec(const rc_run *r, rc_result *res);

#endif
