/*
 * zb_model.c - the cycle-accurate C model of the R5xx depth and stencil block (r5xx.zb).
 * It follows the micro-architecture of docs/blocks/r5xx.zb.md: outputs are a function of the state
 * (zb_eval); zb_tick computes the state after the clock edge from the state before it and the
 * handshakes of the cycle.  The arithmetic is zb_math.c, the addresses tile_addr.c.
 */
#include <stdlib.h>
#include <string.h>

#include "r5xx_zb_ports.h"
#include "tile_addr.h"
#include "zb_math.h"

#define IN_DEPTH 2    /* input FIFO of fragments */
#define FQ_DEPTH 16   /* fragment queue: from the read request to the retirement */
#define HZ_BUCKETS 64 /* the hazard filter (a speed-up of the model only) */

typedef struct frag {
    uint32_t x, y, z;
    unsigned back;
    uint32_t addr;            /* its pixel's byte address and error flags, computed when it is */
    unsigned err;             /* accepted (the registers cannot change while it waits) */
} frag;

typedef struct entry {
    uint32_t addr;            /* the pixel's byte address */
    uint32_t x, y, z;
    unsigned back, err;
    int res;                  /* resolved: the test result below is known */
    int hz;                   /* may still write its address (read-after-write hazard) */
    int pass, we, pdone, wdone;
    uint32_t wdata;
    unsigned be;
} entry;

typedef struct zb {
    r5xx_zb_regs regs;
    r5xx_surface surf;        /* the depth surface decoded from the registers */
    unsigned fmt_err;         /* R5XX_ZB_ERR_FORMAT for DEPTHFORMAT 1 and 3-15 */
    int needs_read;           /* r5xx_zb_needs_read() of the registers */
    int rw_wait;              /* a register write was refused last cycle: accept no fragment */
    int zp_pend;              /* the Z-pass counter store is waiting for the memory port */
    uint32_t zp_addr, zp_data;
    frag in[IN_DEPTH];
    unsigned in_head, in_n;
    entry fq[FQ_DEPTH];
    unsigned head, n, nrd;    /* nrd: reads in flight (the youngest nrd entries) */
    unsigned hzb[HZ_BUCKETS]; /* entries with hz set per hash bucket of their key (a filter) */
    /* derived from the state above at the end of every edge (and at reset), for eval and the
     * next tick: the request shown on memreq */
    int req;
    uint32_t req_addr;
} zb;

enum { REQ_NONE, REQ_ZPASS, REQ_WRITE, REQ_READ };

static void *zb_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(zb));
}

static void decode(zb *s)
{
    s->surf = r5xx_surface_depth(s->regs.doff, s->regs.dpitch, s->regs.fmt);
    unsigned f = s->regs.fmt & 15;
    s->fmt_err = (f == 0 || f == 2) ? 0 : R5XX_ZB_ERR_FORMAT;
    s->needs_read = r5xx_zb_needs_read(&s->regs);
}

static int busy(const zb *s)
{
    return s->in_n != 0 || s->n != 0 || s->zp_pend;
}

/* The hazard key: the pixel's address, or its dword's when whole dwords are written. */
static uint32_t hz_key(const zb *s, uint32_t addr)
{
    return addr & ((s->regs.bw & R5XX_ZB_BMASK_DISABLE) ? ~3u : ~1u);
}

static unsigned hz_bucket(uint32_t key)
{
    return (key >> 2 ^ key >> 8) & (HZ_BUCKETS - 1);
}

static void hz_set(zb *s, entry *e)
{
    e->hz = 1;
    s->hzb[hz_bucket(hz_key(s, e->addr))]++;
}

static void hz_clear(zb *s, entry *e)
{
    e->hz = 0;
    s->hzb[hz_bucket(hz_key(s, e->addr))]--;
}

/* 1 if no entry that may still write has the address of the input FIFO's head. */
static int read_ok(const zb *s)
{
    uint32_t k = hz_key(s, s->in[s->in_head].addr);
    if (!s->hzb[hz_bucket(k)])
        return 1;
    for (unsigned i = 0; i < s->n; i++) {
        const entry *e = &s->fq[(s->head + i) % FQ_DEPTH];
        if (e->hz && hz_key(s, e->addr) == k)
            return 0;
    }
    return 1;
}

/* The request shown on memreq: the Z-pass store, else the head entry's write, else the input
 * head's read. */
static void derive(zb *s)
{
    const entry *h = &s->fq[s->head];
    if (s->zp_pend) {
        s->req = REQ_ZPASS;
        s->req_addr = s->zp_addr;
    } else if (s->n && h->res && h->we && !h->wdone) {
        s->req = REQ_WRITE;
        s->req_addr = h->addr;
    } else if (s->in_n && s->n < FQ_DEPTH && s->needs_read && read_ok(s)) {
        s->req = REQ_READ;
        s->req_addr = s->in[s->in_head].addr;
    } else {
        s->req = REQ_NONE;
        s->req_addr = 0;
    }
}

static void zb_eval(void *h, uint64_t *ports)
{
    const zb *s = h;
    r5xx_zb_ports *p = (r5xx_zb_ports *)ports;

    int idle = !busy(s);
    p->regw_ready = (uint64_t)idle;
    p->frag_ready = s->in_n < IN_DEPTH && !s->rw_wait;
    p->memrsp_ready = 1;

    int req = s->req;
    const entry *hd = &s->fq[s->head];
    p->memreq_valid = req != REQ_NONE;
    p->memreq_addr = s->req_addr & ~3u;
    p->memreq_we = req == REQ_ZPASS || req == REQ_WRITE;
    p->memreq_wdata = req == REQ_ZPASS ? s->zp_data : req == REQ_WRITE ? hd->wdata : 0;
    p->memreq_be = req == REQ_ZPASS ? 0xF : req == REQ_WRITE ? hd->be : 0;

    int pv = s->n && hd->res && !hd->pdone;
    p->pass_valid = (uint64_t)pv;
    p->pass_x = pv ? hd->x : 0;
    p->pass_y = pv ? hd->y : 0;
    p->pass_pass = pv ? (uint64_t)(hd->pass && !(s->regs.zsc & R5XX_ZB_ZERO_OUTPUT_MASK)) : 0;
    p->pass_err = pv ? hd->err : 0;

    p->idle = (uint64_t)idle;
    p->zpass = s->regs.zpass;
}

static void zb_tick(void *h, const uint64_t *ports)
{
    zb *s = h;
    const r5xx_zb_ports *p = (const r5xx_zb_ports *)ports;

    /* Everything below is decided from the state before the edge. */
    int req = s->req;
    int req_fire = req != REQ_NONE && p->memreq_ready;
    int regw_fire = p->regw_valid && !busy(s);
    int frag_fire = p->frag_valid && s->in_n < IN_DEPTH && !s->rw_wait;
    entry *hd = &s->fq[s->head];
    int pass_fire = s->n && hd->res && !hd->pdone && p->pass_ready;
    unsigned tail = (s->head + s->n) % FQ_DEPTH;
    int insert_nr = s->in_n && s->n < FQ_DEPTH && !s->needs_read;
    int insert_rd = req_fire && req == REQ_READ;

    /* The response: the oldest entry waiting for one. */
    if (p->memrsp_valid) {
        entry *e = &s->fq[(tail + FQ_DEPTH - s->nrd) % FQ_DEPTH];
        r5xx_zb_result r = r5xx_zb_update(&s->regs, (uint32_t)p->memrsp_data, (e->addr >> 1) & 1, e->z, e->back);
        e->res = 1;
        e->pass = (int)r.pass;
        e->we = (int)r.we;
        e->wdata = r.wdata;
        e->be = r.be;
        if (!r.we)
            hz_clear(s, e);
        s->regs.zpass += r.pass;
        s->nrd--;
    }

    /* The head entry: its pass record and its write; it leaves when both are done. */
    int pop = 0;
    if (s->n && hd->res) {
        if (pass_fire)
            hd->pdone = 1;
        if (req_fire && req == REQ_WRITE) {
            hd->wdone = 1;
            hz_clear(s, hd);
        }
        pop = hd->pdone && (!hd->we || hd->wdone);
    }

    /* The input head into the fragment queue: with its read, or resolved at once when no test
     * needs memory (both tests pass, nothing is written). */
    if (insert_rd || insert_nr) {
        const frag *f = &s->in[s->in_head];
        entry *e = &s->fq[tail];
        memset(e, 0, sizeof *e);
        e->addr = f->addr;
        e->x = f->x;
        e->y = f->y;
        e->z = f->z;
        e->back = f->back;
        e->err = f->err;
        if (insert_rd) {
            hz_set(s, e);
            s->nrd++;
        } else {
            e->res = 1;
            e->pass = 1;
            s->regs.zpass += 1;
        }
        s->n++;
        s->in_head = (s->in_head + 1) % IN_DEPTH;
        s->in_n--;
    }
    if (pop) {
        s->head = (s->head + 1) % FQ_DEPTH;
        s->n--;
    }

    if (req_fire && req == REQ_ZPASS)
        s->zp_pend = 0;

    /* A register write (only when nothing is in flight). */
    if (regw_fire) {
        uint32_t a = (uint32_t)p->regw_addr, d = (uint32_t)p->regw_data;
        if (a == R5XX_ZB_ZPASS_ADDR) {
            s->zp_pend = 1;
            s->zp_addr = d & ~3u;
            s->zp_data = s->regs.zpass;
        } else if (r5xx_zb_regs_write(&s->regs, a, d)) {
            decode(s);
        }
    }
    s->rw_wait = p->regw_valid && !regw_fire;

    /* The accepted fragment (with a register write accepted on the same edge in effect). */
    if (frag_fire) {
        frag *f = &s->in[(s->in_head + s->in_n) % IN_DEPTH];
        f->x = (uint32_t)p->frag_x;
        f->y = (uint32_t)p->frag_y;
        f->z = (uint32_t)p->frag_z;
        f->back = (unsigned)p->frag_back;
        f->addr = r5xx_tile_addr(&s->surf, f->x, f->y);
        f->err = r5xx_tile_frag_err(&s->surf, f->x, f->y) | s->fmt_err;
        s->in_n++;
    }
    derive(s);
}

static void zb_reset(void *h, uint64_t *ports)
{
    zb *s = h;
    memset(s, 0, sizeof *s);
    decode(s);
    derive(s);
    zb_eval(h, ports);
}

/* Skip-ahead hook (rc_side_ops.skip): idle (nothing queued, no Z-pass write pending, no
 * register write waiting) and offered nothing, an edge changes nothing. */
static uint64_t zb_skip(void *h, const uint64_t *ports, uint64_t n)
{
    const zb *s = h;
    (void)ports;
    return !busy(s) && !s->rw_wait ? n : 0;
}

const rc_side_ops r5xx_zb_model_ops = {
    .kind = "model", .create = zb_create, .destroy = free, .reset = zb_reset,
    .eval = zb_eval, .tick = zb_tick, .skip = zb_skip
};
