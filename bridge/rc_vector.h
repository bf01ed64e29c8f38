/*
 * rc_vector.h - vector files, format v1 (docs/vectors.md): stimulus, memory preload and
 * expected outputs of one block, in plain text, optionally gzip-compressed.
 */
#ifndef RC_VECTOR_H
#define RC_VECTOR_H

#include <stddef.h>
#include <stdint.h>
#include "rc_block.h"

#define RC_VECTOR_VERSION 1

/* Transactions of one channel: n entries of (cycle, nf field values). */
typedef struct rc_txlist {
    size_t n, cap;
    unsigned nf;
    uint64_t *cycle;     /* inputs: earliest cycle (0 = any); outputs: cycle it fired */
    uint64_t *vals;      /* n * nf */
} rc_txlist;

typedef struct rc_memchunk {
    uint32_t addr;       /* byte address, 4-aligned */
    size_t nwords;
    uint32_t *words;
} rc_memchunk;

struct rc_vector {
    const rc_block_desc *blk;
    uint64_t seed;
    char backpressure[64];   /* policy text, "always" by default */
    char latency[32];        /* memory latency "MIN:MAX" */
    char stimulus[128];      /* how the inputs were made: "random COUNT" or "file NAME" */
    size_t nmem, capmem;
    rc_memchunk *mem;
    int has_expected;        /* an "expect" line was present (possibly with no outputs) */
    rc_txlist in[RC_MAX_CHANNELS];
    rc_txlist out[RC_MAX_CHANNELS];
};

void rc_vector_init(rc_vector *v, const rc_block_desc *blk);
void rc_vector_free(rc_vector *v);
void rc_vector_clear_outputs(rc_vector *v);

int rc_txlist_push(rc_txlist *l, uint64_t cycle, const uint64_t *vals);
int rc_vector_add_mem(rc_vector *v, uint32_t addr, const uint32_t *words, size_t nwords);
/* Convenience for stimulus generators: queue an input transaction on channel 'ch'. */
int rc_vector_add_input(rc_vector *v, unsigned ch, uint64_t earliest, const uint64_t *vals);

/* Read a vector file (plain or gzip).  The block is named by the file; 'find' maps the name to a
 * description.  On error returns -1 and writes "FILE:LINE: expected ..." into err. */
typedef const rc_block_desc *(*rc_block_lookup)(const char *name);
int rc_vector_read(rc_vector *v, const char *path, rc_block_lookup find, char *err, size_t errn);

/* Write a vector file; a name ending in ".gz" is compressed.  Written to PATH.tmp first and
 * renamed, so an existing file is never left half-written.  Returns 0 or -1 with err. */
int rc_vector_write(const rc_vector *v, const char *path, int with_outputs, char *err, size_t errn);

#endif
