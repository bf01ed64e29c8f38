/*
 * pvs_model.c - the cycle-accurate C model of the R5xx programmable vertex shader (r5xx.pvs).
 * It follows the micro-architecture of docs/blocks/r5xx.pvs.md: pvs_eval computes the outputs
 * from the state; pvs_tick computes the state after the clock edge from the state before it and
 * the handshakes of the cycle.  Up to three vertices in flight (VAP_CNTL.PVS_NUM_SLOTS), each in
 * a bank of its own from its first input record to its last output slot, through three
 * overlapping stages: input (records), execution (one vertex at a time, one instruction per exe
 * handshake), output (one slot per vtx handshake).  A bank: FREE -> IN -> EXEC -> OUT -> FREE.
 */
#include <stdlib.h>
#include <string.h>

#include "pvs_isa.h"
#include "pvs_regs.h"
#include "r5xx_pvs_ports.h"

enum { BK_FREE = 0, BK_IN = 1, BK_EXEC = 2, BK_OUT = 3 };
#define PVS_NBANK 3

/* One bank: a vertex's input and output memories, its state, its last record's fields. */
typedef struct pvs_bank {
    pvs_vio io;
    unsigned st;
    uint16_t vert;
    unsigned prim, dlast;
} pvs_bank;

typedef struct pvs {
    pvs_regs regs;
    pvs_vstate vs;                 /* the execution stage; vs.io = &bk[eb].io */
    pvs_flow flow;
    pvs_bank bk[PVS_NBANK];
    unsigned ib, eb, ob;           /* the input, execution and output stages' banks */
    unsigned nbusy;                /* banks not free */
    unsigned pc, slot;
    uint32_t rem;                  /* vertices of the draw still to come (24 bits) */
    /* derived from the above by stages() whenever a bank state, a pointer or rem changes (not
     * every cycle): the readies, valids and idle eval emits, the executing and outputting banks */
    int f_regw, f_vin, f_exe, f_vtx, f_idle;
    const pvs_bank *pe, *po;
    /* eval's work kept for the tick after it (the state does not change in between): the
     * offered instruction's effect, computed once per instruction instead of in eval and tick */
    pvs_effect eff;
    int eff_ok;
    /* the output slots of VAP_OUT_VTX_FMT_0/1, recomputed when they change */
    uint32_t sl_fmt0, sl_fmt1;
    unsigned sl_n;
    int sl_ok;
    uint8_t sl_mask[PVS_NOVM];
    /* each code address's instruction decoded (pvs_decode), valid while its gen is decgen
     * (the code memory changes only by register writes; each one starts a new gen) */
    pvs_dec dec[PVS_NCODE];
    unsigned decgen, dgen[PVS_NCODE];
} pvs;

static void *pvs_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(pvs));
}

static pvs_cstate cstate(const pvs *s)
{
    pvs_cstate cs = { (const uint32_t (*)[4])s->regs.cst, s->regs.const_base, s->regs.const_max };
    return cs;
}

/* The instruction at pc, decoded. */
static const pvs_dec *decoded(pvs *s)
{
    unsigned pc = s->pc & (PVS_NCODE - 1);
    if (s->dgen[pc] != s->decgen) {
        pvs_decode(s->regs.code[pc], &s->dec[pc]);
        s->dgen[pc] = s->decgen;
    }
    return &s->dec[pc];
}

/* The number of output slots and their masks (pvs_out_slots), kept while the formats hold. */
static unsigned out_slots(pvs *s, const uint8_t **mask)
{
    if (!s->sl_ok || s->sl_fmt0 != s->regs.fmt0 || s->sl_fmt1 != s->regs.fmt1) {
        s->sl_n = pvs_out_slots(s->regs.fmt0, s->regs.fmt1, s->sl_mask);
        s->sl_fmt0 = s->regs.fmt0;
        s->sl_fmt1 = s->regs.fmt1;
        s->sl_ok = 1;
    }
    *mask = s->sl_mask;
    return s->sl_n;
}

static unsigned bnext(const pvs *s, unsigned b)
{
    return b + 1 == pvs_nbank(s->regs.num_slots) ? 0 : b + 1;
}

/* The stage flags and bank pointers of the state (after a bank state, pointer or rem change). */
static void stages(pvs *s)
{
    s->f_idle = s->nbusy == 0;
    s->f_regw = s->f_idle && s->rem == 0;
    s->f_vin = s->bk[s->ib].st <= BK_IN && s->rem != 0;
    s->f_exe = s->bk[s->eb].st == BK_EXEC;
    s->f_vtx = s->bk[s->ob].st == BK_OUT;
    s->pe = &s->bk[s->eb];
    s->po = &s->bk[s->ob];
}

static void pvs_eval(void *h, uint64_t *ports)
{
    pvs *s = h;
    r5xx_pvs_ports *p = (r5xx_pvs_ports *)ports;
    const pvs_bank *be = s->pe, *bo = s->po;
    p->regw_ready = s->f_regw;
    p->vin_ready = s->f_vin;
    p->idle = s->f_idle;

    uint32_t r[4] = { 0, 0, 0, 0 }, err = 0, pred = 0;
    const uint32_t *w = s->regs.code[s->pc];
    int exe = s->f_exe;
    if (exe) {
        pvs_cstate cs = cstate(s);
        err = pvs_compute_dec(&s->vs, &cs, decoded(s), &s->eff);
        s->eff_ok = 1;
        for (unsigned k = 0; k < 4; k++)
            r[k] = s->eff.r[k];
        pred = s->eff.pred;
    }
    p->exe_valid = exe;
    p->exe_vert = be->vert;
    p->exe_pc = s->pc;
    p->exe_i0 = w[0];
    p->exe_i1 = w[1];
    p->exe_i2 = w[2];
    p->exe_i3 = w[3];
    p->exe_x = r[0];
    p->exe_y = r[1];
    p->exe_z = r[2];
    p->exe_w = r[3];
    p->exe_err = err;
    p->exe_pred = pred;

    const uint8_t *mask;
    unsigned n = out_slots(s, &mask);
    unsigned sl = s->slot & (PVS_NOVM - 1);
    int out = s->f_vtx;
    unsigned wm = out ? (unsigned)(bo->io.owritten[sl] & mask[sl]) : 0;
    const uint32_t *o = bo->io.ovm[sl];
    p->vtx_valid = out;
    p->vtx_vert = bo->vert;
    p->vtx_slot = sl;
    p->vtx_x = wm & 1 ? o[0] : 0;
    p->vtx_y = wm & 2 ? o[1] : 0;
    p->vtx_z = wm & 4 ? o[2] : 0;
    p->vtx_w = wm & 8 ? o[3] : 0;
    p->vtx_wmask = wm;
    p->vtx_vlast = s->slot + 1 == n;
    p->vtx_dlast = s->slot + 1 == n && bo->dlast;
    p->vtx_prim = bo->prim;
}

/* The stages at the clock edge: each reads and writes only its own bank and registers (the
 * input bank is never the executing or the outputting one when they fire). */
static void pvs_tick(void *h, const uint64_t *ports)
{
    pvs *s = h;
    const r5xx_pvs_ports *p = (const r5xx_pvs_ports *)ports;
    int regw_fire = p->regw_valid && p->regw_ready;
    int vin_fire = p->vin_valid && p->vin_ready;
    int exe_fire = p->exe_valid && p->exe_ready;
    int vtx_fire = p->vtx_valid && p->vtx_ready;
    unsigned eb = s->eb;

    if (exe_fire) {
        if (!s->eff_ok) {
            pvs_cstate cs = cstate(s);
            pvs_compute_dec(&s->vs, &cs, decoded(s), &s->eff);
        }
        pvs_commit(&s->vs, s->regs.code[s->pc], &s->eff);
        int next = pvs_flow_next(&s->regs.fc, &s->flow, &s->vs.i0, s->pc, s->regs.last);
        if (next < 0) {            /* the program ends: the execution state is cleared */
            s->bk[eb].st = BK_OUT;
            s->eb = bnext(s, eb);
            memset(&s->vs, 0, sizeof s->vs);
            memset(&s->flow, 0, sizeof s->flow);
            s->vs.io = &s->bk[s->eb].io;
            s->pc = s->regs.first;
            stages(s);
        } else {
            s->pc = (unsigned)next;
        }
    }
    s->eff_ok = 0;                 /* the state changes from here */
    if (vtx_fire) {
        const uint8_t *mask;
        unsigned n = out_slots(s, &mask);
        if (s->slot + 1 == n) {    /* the last slot: the bank is free and cleared */
            pvs_bank *b = &s->bk[s->ob];
            b->st = BK_FREE;
            memset(&b->io, 0, sizeof b->io);
            s->nbusy--;
            s->ob = bnext(s, s->ob);
            s->slot = 0;
            stages(s);
        } else {
            s->slot = (s->slot + 1) & (PVS_NOVM - 1);
        }
    }
    if (vin_fire) {
        pvs_bank *b = &s->bk[s->ib];
        unsigned sl = (unsigned)p->vin_slot, wm = (unsigned)p->vin_wmask;
        const uint64_t in[4] = { p->vin_x, p->vin_y, p->vin_z, p->vin_w };
        for (unsigned c = 0; c < 4; c++)
            if (wm & (1u << c))
                b->io.ivm[sl][c] = (uint32_t)in[c];
        b->vert = (uint16_t)p->vin_vert;
        b->prim = (unsigned)p->vin_prim;
        b->dlast = (unsigned)p->vin_dlast;
        if (p->vin_vlast) {
            s->nbusy += b->st == BK_FREE;
            s->rem--;
            b->st = BK_EXEC;
            if (s->ib == eb)       /* nothing executes before it: its program starts */
                s->pc = s->regs.first;
            s->ib = bnext(s, s->ib);
            stages(s);
        } else if (b->st == BK_FREE) {
            s->nbusy++;
            b->st = BK_IN;
            stages(s);
        }
    }
    if (regw_fire) {               /* every bank is free: start again at bank 0 */
        s->rem = pvs_regs_write(&s->regs, (uint32_t)p->regw_addr, (uint32_t)p->regw_data);
        s->ib = s->eb = s->ob = 0;
        s->vs.io = &s->bk[0].io;
        stages(s);
        if (++s->decgen == 0) {    /* the code may have changed: every decoding is stale */
            memset(s->dgen, 0, sizeof s->dgen);
            s->decgen = 1;
        }
    }
}

static void pvs_reset(void *h, uint64_t *ports)
{
    pvs *s = h;
    memset(s, 0, sizeof *s);
    s->vs.io = &s->bk[0].io;
    stages(s);
    s->decgen = 1;                 /* nothing decoded yet (every dgen is 0) */
    pvs_eval(h, ports);
}

const rc_side_ops r5xx_pvs_model_ops = {
    .kind = "model", .create = pvs_create, .destroy = free, .reset = pvs_reset,
    .eval = pvs_eval, .tick = pvs_tick
};
