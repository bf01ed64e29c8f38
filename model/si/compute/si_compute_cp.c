/*
 * si_compute_cp.c - the C twin of rtl/si/compute/si_compute_cp.sv, signal for signal: the PM4
 * front end of si.compute (packet parser, SET_SH_REG hand-out, the DISPATCH_DIRECT work-group
 * walk over si.cu, the RELEASE_MEM / EVENT_WRITE_EOP fence on the memory port's mux, the `ev`
 * records; docs/blocks/si.compute.md, "si_compute_cp").  A glue module: its ports are
 * si_compute_cp_ports (compute_glue.h, generated from the RTL's port list).
 */
#include <stdlib.h>
#include <string.h>

#include "compute_glue.h"

enum { S_HDR, S_BODY, S_ACT, S_GRP, S_WAIT, S_FENCE, S_EV };
enum { OP_NOP = 0x10, OP_DISPATCH = 0x15, OP_EOP = 0x47, OP_RELMEM = 0x49, OP_SETSH = 0x76 };
enum { EV_DISP, EV_FENCE, EV_SKIP };

typedef struct cp {
    unsigned st, cnt, idx, k, evk;
    uint32_t hdr, b[6], sh;
    uint32_t start[3], nt[3], g[3];
    uint32_t groups, waves;
    uint16_t errs;
} cp;

static unsigned op_of(const cp *c) { return (c->hdr >> 8) & 0xFF; }
static int is_t3(const cp *c) { return (c->hdr >> 30) == 3; }
static int setsh(const cp *c) { return is_t3(c) && op_of(c) == OP_SETSH; }
static int sh_kept(const cp *c) { return c->sh >= 0xB800 && c->sh <= 0xB824; }
static int fwd(const cp *c) { return c->st == S_BODY && setsh(c) && c->idx != 0 && !sh_kept(c); }

/* the fence packet's fields */
static int rel(const cp *c) { return op_of(c) == OP_RELMEM; }
static uint32_t faddr(const cp *c) { return (rel(c) ? c->b[2] : c->b[1]) & 0xFFFFFFFCu; }
static unsigned fsel(const cp *c) { return (rel(c) ? c->b[1] : c->b[2]) >> 29; }
static uint32_t flo(const cp *c) { return rel(c) ? c->b[4] : c->b[3]; }
static uint32_t fhi(const cp *c) { return rel(c) ? c->b[5] : c->b[4]; }

/* the effective start of dimension i (FORCE_START_AT_000) and this group's size in it */
static uint32_t estart(const cp *c, int i) { return (c->b[3] >> 2 & 1) ? 0 : c->start[i]; }
static uint32_t gsize(const cp *c, int i)
{
    int part = (c->b[3] >> 1 & 1) && c->g[i] == c->b[i] - 1;
    return part ? c->nt[i] >> 16 : c->nt[i] & 0xFFFF;
}

static void group_write(const cp *c, uint32_t *a, uint32_t *d)
{
    static const uint32_t addr[10] = { 0xB810, 0xB814, 0xB818, 0xB804, 0xB808, 0xB80C,
                                       0xB81C, 0xB820, 0xB824, 0xB800 };
    unsigned k = c->k > 9 ? 9 : c->k;
    *a = addr[k];
    if (k < 3) *d = c->g[k];
    else if (k < 6) *d = c->g[k - 3] + 1;
    else if (k < 9) *d = gsize(c, (int)k - 6);
    else *d = 1;
}

static void *cp_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(cp));
}

static void cp_reset(void *h, uint64_t *ports)
{
    (void)ports;
    memset(h, 0, sizeof(cp));
}

static void cp_eval(void *h, uint64_t *ports)
{
    const cp *c = h;
    si_compute_cp_ports *p = (si_compute_cp_ports *)ports;
    int f = fwd(c);
    p->pm4_ready = c->st == S_HDR ? 1 : c->st == S_BODY ? (f ? p->cu_regw_ready : 1) : 0;
    p->cu_regw_valid = 0;
    p->cu_regw_addr = 0;
    p->cu_regw_data = 0;
    if (c->st == S_BODY && f) {
        p->cu_regw_valid = p->pm4_valid;
        p->cu_regw_addr = c->sh;
        p->cu_regw_data = p->pm4_data;
    } else if (c->st == S_GRP) {
        uint32_t a, d;
        group_write(c, &a, &d);
        p->cu_regw_valid = 1;
        p->cu_regw_addr = a;
        p->cu_regw_data = d;
    }
    p->cu_eod_ready = c->st == S_WAIT;
    if (c->st == S_FENCE) {
        p->memreq_valid = 1;
        p->memreq_addr = (uint32_t)(faddr(c) + ((c->k & 1) ? 4 : 0));
        p->memreq_we = 1;
        p->memreq_wdata = (c->k & 1) ? fhi(c) : flo(c);
        p->memreq_be = 0xF;
        p->cu_memreq_ready = 0;
    } else {
        p->memreq_valid = p->cu_memreq_valid;
        p->memreq_addr = p->cu_memreq_addr;
        p->memreq_we = p->cu_memreq_we;
        p->memreq_wdata = p->cu_memreq_wdata;
        p->memreq_be = p->cu_memreq_be;
        p->cu_memreq_ready = p->memreq_ready;
    }
    int ev = c->st == S_EV;
    p->ev_valid = ev;
    p->ev_kind = ev ? c->evk : 0;
    p->ev_hdr = ev ? c->hdr : 0;
    p->ev_groups = ev && c->evk == EV_DISP ? c->groups : ev && c->evk == EV_FENCE ? faddr(c) : 0;
    p->ev_waves = ev && c->evk == EV_DISP ? c->waves : ev && c->evk == EV_FENCE ? flo(c) : 0;
    p->ev_errs = ev && c->evk == EV_DISP ? c->errs : 0;
    p->idle = c->st == S_HDR;
}

static void body_dword(cp *c, uint32_t d)
{
    if (c->idx < 6)
        c->b[c->idx] = d;
    if (setsh(c)) {
        if (c->idx == 0) {
            c->sh = (0xB000u + ((d & 0xFFFF) << 2)) & 0xFFFFF;
        } else {
            if (c->sh >= 0xB810 && c->sh <= 0xB818) c->start[(c->sh - 0xB810) / 4] = d;
            if (c->sh >= 0xB81C && c->sh <= 0xB824) c->nt[(c->sh - 0xB81C) / 4] = d;
            c->sh = (c->sh + 4) & 0xFFFFF;
        }
    }
    if (c->idx == c->cnt) c->st = S_ACT;
    else c->idx++;
}

static void act(cp *c)
{
    unsigned op = op_of(c);
    c->k = 0;
    c->evk = EV_SKIP;
    c->st = S_EV;
    if (is_t3(c) && (op == OP_NOP || op == OP_SETSH)) {
        c->st = S_HDR;
    } else if (is_t3(c) && op == OP_DISPATCH && c->cnt >= 3) {
        c->groups = 0;
        c->waves = 0;
        c->errs = 0;
        int any = 1;
        for (int i = 0; i < 3; i++) {
            c->g[i] = estart(c, i);
            if (c->b[i] <= c->g[i]) any = 0;
        }
        c->evk = EV_DISP;
        if ((c->b[3] & 1) && any) c->st = S_GRP;
    } else if (is_t3(c) && ((op == OP_EOP && c->cnt >= 4) || (op == OP_RELMEM && c->cnt >= 5))) {
        unsigned s = fsel(c);
        if (s == 0) {
            c->evk = EV_FENCE;
        } else if (s == 1 || s == 2) {
            c->evk = EV_FENCE;
            c->st = S_FENCE;
        }
    }
}

static void next_group(cp *c, const si_compute_cp_ports *p)
{
    c->k = 0;
    c->groups++;
    c->waves += (uint32_t)p->cu_eod_waves;
    c->errs = (uint16_t)(c->errs + p->cu_eod_errs);
    c->st = S_GRP;
    for (int i = 0; i < 3; i++) {
        if (c->g[i] + 1 < c->b[i]) {
            c->g[i]++;
            return;
        }
        c->g[i] = estart(c, i);
    }
    c->st = S_EV;
}

static void cp_tick(void *h, const uint64_t *ports)
{
    cp *c = h;
    const si_compute_cp_ports *p = (const si_compute_cp_ports *)ports;
    uint32_t d = (uint32_t)p->pm4_data;
    switch (c->st) {
    case S_HDR:
        if (p->pm4_valid && p->pm4_ready) {
            c->hdr = d;
            c->cnt = (d >> 16) & 0x3FFF;
            c->idx = 0;
            if ((d >> 30) == 1) {
                c->st = S_EV;
                c->evk = EV_SKIP;
            } else if ((d >> 30) != 2) {
                c->st = S_BODY;
            }
        }
        break;
    case S_BODY:
        if (p->pm4_valid && p->pm4_ready)
            body_dword(c, d);
        break;
    case S_ACT:
        act(c);
        break;
    case S_GRP:
        if (p->cu_regw_valid && p->cu_regw_ready) {
            if (c->k == 9) c->st = S_WAIT;
            else c->k++;
        }
        break;
    case S_WAIT:
        if (p->cu_eod_valid && p->cu_eod_ready)
            next_group(c, p);
        break;
    case S_FENCE:
        if (p->memreq_valid && p->memreq_ready) {
            if (fsel(c) == 2 && c->k == 0) c->k = 1;
            else c->st = S_EV;
        }
        break;
    case S_EV:
        if (p->ev_valid && p->ev_ready)
            c->st = S_HDR;
        break;
    default:
        c->st = S_HDR;
        break;
    }
}

const rc_side_ops si_compute_cp_glue = {
    .kind = "glue", .create = cp_create, .destroy = free, .reset = cp_reset,
    .eval = cp_eval, .tick = cp_tick
};
