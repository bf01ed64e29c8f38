/*
 * rc_mem.h - the harness memory agent: a sparse byte-addressed image per side, and the agent
 * that serves a block's request/response channels with a seeded, in-order latency.
 */
#ifndef RC_MEM_H
#define RC_MEM_H

#include <stdint.h>
#include "rc_block.h"
#include "rc_rng.h"

#define RC_MEM_PAGE_BITS 12

typedef struct rc_memimg {
    uint8_t **dir[1u << (32 - RC_MEM_PAGE_BITS - 10)];  /* 1024 pages per directory entry */
} rc_memimg;

void rc_memimg_init(rc_memimg *m);
void rc_memimg_free(rc_memimg *m);
uint8_t rc_memimg_read8(const rc_memimg *m, uint32_t addr);
void rc_memimg_write8(rc_memimg *m, uint32_t addr, uint8_t v);
uint64_t rc_memimg_read(const rc_memimg *m, uint32_t addr, unsigned bytes);   /* little-endian */
void rc_memimg_write(rc_memimg *m, uint32_t addr, unsigned bytes, uint64_t v, uint64_t be);
/* First byte address where the two images differ (absent pages read as 0). 1 if any, else 0. */
int rc_memimg_diff(const rc_memimg *a, const rc_memimg *b, uint32_t *addr);

typedef struct rc_mempending {
    uint64_t due;        /* first cycle the response may be offered */
    uint64_t data;
} rc_mempending;

/* Optional: the memory behind an agent is someone else's (a SystemC platform's, through
 * b_transport): requests are read and written through these instead of the agent's image.
 * Latency and ordering stay the agent's (seeded), so both sides still see the same timing. */
typedef struct rc_membacking {
    uint64_t (*read)(void *ctx, uint32_t addr, unsigned bytes);
    void (*write)(void *ctx, uint32_t addr, unsigned bytes, uint64_t data, uint64_t be);
    void *ctx;
} rc_membacking;

typedef struct rc_memagent {
    const rc_memport *port;
    const rc_membacking *backing;    /* NULL: the image below */
    rc_memimg img;
    rc_rng rng;
    unsigned lat_min, lat_max;
    rc_mempending *q;
    size_t qcap, qhead, qn;      /* qcap: 0 or a power of two */
    uint64_t reads, writes;
    /* The port words the agent uses, looked up in the block's tables once (first use). */
    int words_ok;
    unsigned w_rsp_valid, w_rsp_ready, w_rsp_data, w_req_valid, w_req_ready, w_addr;
    int w_we, w_wdata, w_be;     /* -1: absent */
} rc_memagent;

/* Latency text "N" or "MIN:MAX" (cycles, 1..1000).  Returns 0 or -1. */
int rc_latency_parse(const char *text, unsigned *min, unsigned *max);

int rc_memagent_init(rc_memagent *a, const rc_memport *port, uint64_t seed, unsigned port_index,
                     unsigned lat_min, unsigned lat_max);
void rc_memagent_free(rc_memagent *a);
/* Make dst an exact copy of src (image, pending responses, latency draws). */
void rc_memagent_copy(rc_memagent *dst, const rc_memagent *src);
/* Before eval: drive the response channel's valid and data. */
void rc_memagent_offer(rc_memagent *a, const rc_block_desc *b, uint64_t cycle, uint64_t *ports);
/* After eval, before the edge: take the request (if it fires) and retire a fired response.
 * Returns 1 if anything moved. */
int rc_memagent_edge(rc_memagent *a, const rc_block_desc *b, uint64_t cycle, uint64_t *ports);
static inline int rc_memagent_busy(const rc_memagent *a) { return a->qn != 0; }

#endif
