/*
 * db_model.c - the cycle-accurate C model of the Sea Islands depth and stencil block (si.db).
 * It follows the state machine of docs/blocks/si.db.md "Micro-architecture": outputs are a
 * function of the state (db_eval); db_tick computes the state after the clock edge from the
 * state before it and the handshakes of the cycle.  The arithmetic is db_math.c.
 */
#include <stdlib.h>
#include <string.h>

#include "si_db_ports.h"
#include "db_math.h"

enum { ST_IDLE, ST_START, ST_RZ, ST_WZ_RSP, ST_RS, ST_WS_RSP, ST_CALC, ST_WRZ, ST_WRS, ST_OUT };

typedef struct db {
    si_db_regs regs;
    int st;
    int rw_wait;
    uint32_t x, y, z;
    unsigned back;
    si_db_plan plan;
    uint32_t zold, sold;
    si_db_result res;
    uint32_t cnt[4];
} db;

static void *db_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(db));
}

static void db_eval(void *h, uint64_t *ports)
{
    const db *s = h;
    si_db_ports *p = (si_db_ports *)ports;
    int idle = s->st == ST_IDLE;

    p->regw_ready = (uint64_t)idle;
    p->frag_ready = (uint64_t)(idle && !s->rw_wait);
    p->memrsp_ready = 1;

    p->memreq_valid = s->st == ST_RZ || s->st == ST_RS || s->st == ST_WRZ || s->st == ST_WRS;
    p->memreq_addr = s->st == ST_RZ ? s->plan.zraddr & ~3u : s->st == ST_RS ? s->plan.sraddr & ~3u
                   : s->st == ST_WRZ ? s->plan.zwaddr & ~3u : s->st == ST_WRS ? s->plan.swaddr & ~3u : 0;
    p->memreq_we = s->st == ST_WRZ || s->st == ST_WRS;
    p->memreq_wdata = s->st == ST_WRZ ? s->res.zwdata : s->st == ST_WRS ? s->res.swdata : 0;
    p->memreq_be = s->st == ST_WRZ ? s->res.zbe : s->st == ST_WRS ? s->res.sbe : 0;

    int o = s->st == ST_OUT;
    p->pass_valid = (uint64_t)o;
    p->pass_x = o ? s->x : 0;
    p->pass_y = o ? s->y : 0;
    p->pass_pass = o ? s->res.pass : 0;
    p->pass_cwe = o ? s->res.cwe : 0;
    p->pass_cat = o ? s->res.cat : 0;
    p->pass_inc = o ? s->res.inc : 0;
    p->pass_err = o ? s->plan.err : 0;

    p->idle = (uint64_t)idle;
    p->cnt0 = s->cnt[0];
    p->cnt1 = s->cnt[1];
    p->cnt2 = s->cnt[2];
    p->cnt3 = s->cnt[3];
}

static int after_calc(const db *s)
{
    return s->res.zwe ? ST_WRZ : s->res.swe ? ST_WRS : ST_OUT;
}

static void db_tick(void *h, const uint64_t *ports)
{
    db *s = h;
    const si_db_ports *p = (const si_db_ports *)ports;
    int idle = s->st == ST_IDLE;
    int regw_fire = p->regw_valid && idle;
    int frag_fire = p->frag_valid && idle && !s->rw_wait;
    int mreq_fire = p->memreq_ready;

    switch (s->st) {
    case ST_START:
        s->zold = s->sold = 0;
        s->st = s->plan.kill ? ST_OUT : s->plan.zread ? ST_RZ : s->plan.sread ? ST_RS : ST_CALC;
        if (s->plan.kill)
            memset(&s->res, 0, sizeof s->res);
        break;
    case ST_RZ:
        if (mreq_fire)
            s->st = ST_WZ_RSP;
        break;
    case ST_WZ_RSP:
        if (p->memrsp_valid) {
            s->zold = (uint32_t)p->memrsp_data;
            s->st = s->plan.sread ? ST_RS : ST_CALC;
        }
        break;
    case ST_RS:
        if (mreq_fire)
            s->st = ST_WS_RSP;
        break;
    case ST_WS_RSP:
        if (p->memrsp_valid) {
            s->sold = (uint32_t)p->memrsp_data;
            s->st = ST_CALC;
        }
        break;
    case ST_CALC:
        s->res = si_db_update(&s->regs, &s->plan, s->z, s->back, s->zold, s->sold);
        for (int i = 0; i < 4; i++)
            s->cnt[i] += (s->res.inc >> i) & 1;
        s->st = after_calc(s);
        break;
    case ST_WRZ:
        if (mreq_fire)
            s->st = s->res.swe ? ST_WRS : ST_OUT;
        break;
    case ST_WRS:
        if (mreq_fire)
            s->st = ST_OUT;
        break;
    case ST_OUT:
        if (p->pass_ready)
            s->st = ST_IDLE;
        break;
    default:
        break;
    }

    if (regw_fire)
        si_db_regs_write(&s->regs, (uint32_t)p->regw_addr, (uint32_t)p->regw_data);
    s->rw_wait = p->regw_valid && !regw_fire;
    if (frag_fire) {
        s->x = (uint32_t)p->frag_x;
        s->y = (uint32_t)p->frag_y;
        s->z = (uint32_t)p->frag_z;
        s->back = (unsigned)p->frag_back;
        s->st = ST_START;
    }
    if (s->st == ST_START)
        s->plan = si_db_plan_of(&s->regs, s->x, s->y);
}

static void db_reset(void *h, uint64_t *ports)
{
    db *s = h;
    memset(s, 0, sizeof *s);
    db_eval(h, ports);
}

const rc_side_ops si_db_model_ops = {
    .kind = "model", .create = db_create, .destroy = free, .reset = db_reset,
    .eval = db_eval, .tick = db_tick
};
