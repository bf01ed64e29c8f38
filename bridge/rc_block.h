/*
 * rc_block.h - the block contract: what a block tells the generic engine about itself.
 *
 * A block is described once, in rtl/<family>/<name>/<name>.block.  scripts/blockgen.py turns
 * that description into (a) a C struct of ports shared by the model, the RTL shim and the
 * engine, (b) an rc_block_desc table (this file's types) and (c) the C++ shim that moves the
 * port struct in and out of the Verilated model.  The engine only ever sees the table and an
 * array of 64-bit port words; it knows nothing about GPUs.
 */
#ifndef RC_BLOCK_H
#define RC_BLOCK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RC_MAX_CHANNELS 16
#define RC_MAX_FIELDS   16
#define RC_MAX_STATUS   8

typedef enum rc_dir { RC_IN = 0, RC_OUT = 1 } rc_dir;

/* How a field is shown in reports. */
typedef enum rc_show {
    RC_SHOW_HEX = 0,     /* plain hex */
    RC_SHOW_REGADDR,     /* a register byte address: decoded to a register name */
    RC_SHOW_REGDATA      /* a register value: decoded into fields using the address field 'ref' */
} rc_show;

typedef struct rc_field {
    const char *name;
    unsigned width;          /* 1..64 */
    unsigned word;           /* index of the field's word in the port array */
    uint64_t cmp_mask;       /* bits compared; 0 = never compared */
    int cond;                /* field index (in the channel) that must be non-zero for this one to
                                be compared, or -1 */
    rc_show show;
    int ref;                 /* RC_SHOW_REGDATA: index of the address field in the channel */
} rc_field;

typedef struct rc_channel {
    const char *name;
    rc_dir dir;
    unsigned valid_word;     /* port-array index of <ch>_valid */
    unsigned ready_word;     /* port-array index of <ch>_ready */
    unsigned nfields;
    const rc_field *fields;
    int agent;               /* 1 if a harness agent (memory) feeds/drains it, not the vector */
} rc_channel;

typedef struct rc_status {
    const char *name;
    unsigned width;
    unsigned word;
} rc_status;

/* A memory port: a request channel (out) and a response channel (in) served by the memory
 * agent.  The request channel has fields addr, we, wdata, be (any of we/wdata/be may be absent
 * for read-only ports); the response channel has a field data. */
typedef struct rc_memport {
    const char *name;
    int req;                 /* channel index */
    int rsp;                 /* channel index */
    int f_addr, f_we, f_wdata, f_be;  /* field indices in req, -1 if absent */
    int f_data;              /* field index in rsp */
    unsigned data_bytes;     /* width of data in bytes (1, 2, 4 or 8) */
} rc_memport;

/* One simulated side: the RTL (through the generated shim) or the C model. */
typedef struct rc_side_config {
    uint64_t seed;           /* for anything random inside a side (Verilator's X-randomisation) */
    const char *trace_path;  /* NULL: no waveform */
} rc_side_config;

typedef struct rc_side_ops {
    const char *kind;                                   /* "rtl" or "model" */
    void *(*create)(const rc_side_config *cfg);
    void (*destroy)(void *side);
    void (*reset)(void *side, uint64_t *ports);         /* synchronous reset, then outputs valid */
    void (*eval)(void *side, uint64_t *ports);          /* inputs in ports -> outputs in ports */
    void (*tick)(void *side, const uint64_t *ports);    /* the rising clock edge */
    /* Waveform variants only (NULL otherwise): drive the expected values shown beside the
     * actual ones (a port array of the reference side), and switch dumping on or off. */
    void (*expect)(void *side, const uint64_t *expected_ports);
    void (*trace)(void *side, int on);
    /* Optional skip-ahead hook of a model (NULL: off, the default).  Called only in a run of the
     * model alone, after the edge of a cycle on which nothing fired, the idle status was
     * non-zero, the memory agents had nothing pending and no input is offered during the next n
     * cycles.  The model advances its state over up to n such cycles (every input valid 0,
     * output readies whatever they are: nothing is valid) and returns how many it advanced,
     * 0..n.  It may skip only cycles on which its outputs would not change (no output valid,
     * every ready and status as now); the engine then jumps the cycle count, so every cycle
     * stamp stays exact.  'ports' holds the last cycle's inputs and outputs. */
    uint64_t (*skip)(void *side, const uint64_t *ports, uint64_t n);
    /* Waveform variants only: XOR masks (a port array, output fields only) the wrapper applies to
     * the RTL's outputs before they are dumped and sampled, so a fault injected on the RTL side
     * (--inject rtl:...) shows in the waveform as the harness saw it.  NULL elsewhere. */
    void (*inject)(void *side, const uint64_t *xor_ports);
    /* Optional (NULL: never): whether the side hit an RTL assertion since the last call (the
     * generated shims: the Verilated context's error count after an edge).  Nonzero with its
     * line in 'what' ("%Error: FILE:LINE: Assertion failed in INSTANCE: ... ASSERT Name: text",
     * bridge/rc_vlassert.h); the engine calls it after every edge and stops the run with a
     * report (docs/hardening.md "An assertion stops the run"). */
    int (*fault)(void *side, char *what, size_t n);
} rc_side_ops;

typedef struct rc_vector rc_vector;
struct rc_memimg;

/* A surface a block can show as a picture: RGBA8, row-major, w*h*4 bytes (malloc'd). */
typedef struct rc_image {
    char name[32];           /* file-name part: "color0", "depth" */
    unsigned w, h;
    uint8_t *rgba;
} rc_image;

/* Render the surfaces a run left in memory (the vector's inputs tell where they are and in
 * which format).  Fills at most 'max' images; returns how many, or -1 with err. */
/* mem: the block's final memory images, one per memory port in description order (mem[0] is
 * the first port's). */
typedef int (*rc_images_fn)(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max,
                            char *err, size_t errn);

/* Block-specific seeded stimulus: fill v (already bound to the block) with memory preload and
 * input transactions.  Returns 0, or -1 with a message in err. */
typedef int (*rc_stimulus_fn)(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn);

/* What the generated run (rc_block_fast.run) needs: the common cases only. */
typedef struct rc_fast_args {
    const rc_vector *vec;     /* stimulus, memory, expected outputs */
    uint64_t seed;
    unsigned lat_min, lat_max;
    uint64_t max_cycles, watchdog;
    int lockstep;             /* 1: RTL and model in exact lockstep; 0: one side alone */
    int model_alone;          /* with lockstep 0: 1 the model alone (its skip hook used), 0 the RTL */
    rc_vector *record;        /* model alone: its outputs are appended here (gen), or NULL */
    int check_expected;       /* the vector's expected outputs, exactly (cycle stamps) */
    /* Back-pressure: NULL = every output always ready; else called once per cycle, before
     * anything is driven, to set ready[c] of every output channel c. */
    void (*readies)(void *ctx, uint64_t *ready);
    /* Lockstep with the model on another thread: NULL, or called once per cycle for the model's
     * port words of that cycle (after its evaluation); the loop then creates no model.  Nonzero:
     * the model thread has no words for that cycle (it stopped): the loop gives up. */
    int (*model_words)(void *ctx, uint64_t cycle, uint64_t *words);
    /* The model alone, as that other thread: NULL, or called once per cycle with the model's
     * port words after its evaluation (the skip hook is then not used: every cycle is one).
     * Nonzero: stop (the loop gives up). */
    int (*emit)(void *ctx, uint64_t cycle, const uint64_t *words);
    void *ctx;
} rc_fast_args;

typedef struct rc_fast_result {
    uint64_t cycles;
    uint64_t txns[RC_MAX_CHANNELS];   /* as rc_result.txns */
    double seconds;
} rc_fast_result;

/* Per-block cycle code generated by blockgen from the description (optional: the engine walks
 * the tables when it is absent).  Exactly the semantics of the tables; reports still come from
 * the tables, these only make the common case (nothing to report) cheap. */
typedef struct rc_block_fast {
    /* Exact lockstep: nonzero if any compared word of two port arrays differs (input readies,
     * output valids, payloads of valid outputs under their masks and don't-cares, status). */
    int (*differ)(const uint64_t *a, const uint64_t *x);
    /* Bit c set if channel c's valid and ready are both non-zero (it fires at the edge). */
    uint32_t (*fired)(const uint64_t *p);
    /* The whole run for the common cases, as one generated loop with nothing looked up in
     * tables.  Returns 0 when the run passed (res filled), 1 when there is anything to report
     * or check that it does not do: the engine then runs the case itself (deterministic, so
     * the same run) and writes the report. */
    int (*run)(const rc_fast_args *a, rc_fast_result *res);
} rc_block_fast;

typedef struct rc_block_desc {
    const char *name;        /* "r5xx.cp" */
    const char *title;       /* one line */
    const char *regfamily;   /* register database family for RC_SHOW_REG* fields, or NULL */
    unsigned nwords;         /* size of the port array */
    unsigned nchannels;
    const rc_channel *channels;
    unsigned nstatus;
    const rc_status *status;
    int idle_status;         /* index of the status signal that reads 1 when the block is idle, or -1 */
    unsigned nmem;
    const rc_memport *mem;
    const rc_side_ops *rtl;
    const rc_side_ops *model;
    rc_stimulus_fn stimulus;
    const char *const *wave_groups;  /* per channel: space-separated RTL port names, for .gtkw */
    const rc_side_ops *wave;         /* the RTL in its waveform wrapper (expected beside actual);
                                      * NULL when not linked in: rc_wave_side() loads its plugin */
    rc_images_fn images;             /* final surfaces as pictures (--png), or NULL */
    /* Optional members (NULL/0 when absent; blockgen fills them for every described block). */
    /* The bare loop: the RTL alone driven from the vector, every output ready, no comparison;
     * returns the cycles run and the loop's wall time (scripts/bench's physical limit). */
    uint64_t (*bare)(const rc_vector *v, uint64_t seed, uint64_t max_cycles, double *seconds);
    const rc_block_fast *fast;        /* generated per-block cycle code (blockgen), or NULL */
} rc_block_desc;

/* The registry (generated from the rcosim_add_block() lines). */
extern const rc_block_desc *const rc_blocks[];
extern const unsigned rc_nblocks;
const rc_block_desc *rc_block_find(const char *name);

#ifdef __cplusplus
}
#endif
#endif
