/*
 * pvs_flow.c - PVS flow control (docs/blocks/r5xx.pvs.md, "Flow control"): the registers
 * (000:13955-14096, R5xx ADDRS_LW/UW) and the next instruction: the innermost loop's end or the
 * subroutine's return first, then the first slot whose activation address is pc, then the end
 * of the program, then pc + 1.  The RTL twin is rtl/r5xx/pvs/r5xx_pvs_flow.sv.
 */
#include "pvs_flow.h"

/* The activation map: the pcs where a slot of non-zero opcode activates. */
static void actmap(pvs_fc_regs *r)
{
    for (unsigned i = 0; i < 1024 / 32; i++)
        r->actmap[i] = 0;
    for (unsigned k = 0; k < PVS_FC_SLOTS; k++)
        if ((r->opc >> (2 * k)) & 3u)
            r->actmap[r->act[k] >> 5] |= 1u << (r->act[k] & 31u);
}

int pvs_fc_write(pvs_fc_regs *r, uint32_t addr, uint32_t data)
{
    if (addr == 0x22DCu) {
        r->opc = data;
        actmap(r);
        return 1;
    }
    if (addr >= 0x2500u && addr <= 0x257Cu) {
        unsigned k = (addr - 0x2500u) >> 3;
        if ((addr & 4u) == 0) {
            r->act[k] = (uint16_t)(data & 0x3FFu);
            r->jmp[k] = (uint16_t)((data >> 16) & 0x3FFu);
            actmap(r);
        } else {
            r->last[k] = (uint16_t)(data & 0x3FFu);
            r->rtn[k] = (uint16_t)((data >> 16) & 0x3FFu);
        }
        return 1;
    }
    if (addr >= 0x2290u && addr <= 0x22CCu) {
        unsigned k = (addr - 0x2290u) >> 2;
        r->init[k] = (uint8_t)data;
        r->step[k] = (uint8_t)(data >> 8);
        r->repeat[k] = (uint8_t)(data >> 31);
        return 1;
    }
    return 0;
}

static int32_t clamp_idx(int32_t v)
{
    return v < -256 ? -256 : v > 255 ? 255 : v;
}

/* The first slot of non-zero opcode whose activation address is pc: its next pc (the stack
 * and *i0 updated), or -1 if none applies (then the program's end or pc + 1 follow). */
static int slot_next(const pvs_fc_regs *r, pvs_flow *f, int32_t *i0, unsigned pc)
{
    for (unsigned k = 0; k < PVS_FC_SLOTS; k++) {
        unsigned opc = (r->opc >> (2 * k)) & 3u;
        if (opc == 0 || r->act[k] != pc)
            continue;
        if (opc == 1)                                /* JUMP */
            return r->jmp[k];
        if (f->sp == PVS_FC_DEPTH)                   /* decision 18: a ninth level is not entered */
            break;
        unsigned t = f->sp++;
        f->st[t].loop = opc == 2;
        f->st[t].last = r->last[k];
        f->st[t].rtn = r->rtn[k];
        if (opc == 3)                                /* JSR */
            return r->jmp[k];
        f->st[t].cnt = r->jmp[k] & 0xFFu;            /* LOOP: count (0 runs the body once) */
        f->st[t].step = r->step[k];
        f->st[t].saved = *i0;
        if (!r->repeat[k])
            *i0 = r->init[k];
        return (int)((pc + 1) & 1023u);
    }
    return -1;
}

int pvs_flow_next(const pvs_fc_regs *r, pvs_flow *f, int32_t *i0, unsigned pc, unsigned last_inst)
{
    if (f->nexec < PVS_MAX_EXEC)
        f->nexec++;
    if (f->nexec >= PVS_MAX_EXEC)
        return -1;                                   /* decision 17: a runaway program ends */
    if (f->sp > 0 && f->st[f->sp - 1].last == pc) {
        unsigned t = f->sp - 1;
        if (!f->st[t].loop) {                        /* return from subroutine */
            f->sp--;
            return (int)f->st[t].rtn;
        }
        if (f->st[t].cnt > 1) {                      /* the loop again */
            f->st[t].cnt--;
            *i0 = clamp_idx(*i0 + (int32_t)(int8_t)f->st[t].step);
            return (int)f->st[t].rtn;
        }
        *i0 = f->st[t].saved;                        /* the loop is done */
        f->sp--;
    }
    if (r->actmap[(pc >> 5) & 31u] >> (pc & 31u) & 1u) {   /* a slot activates at pc */
        int next = slot_next(r, f, i0, pc);
        if (next >= 0)
            return next;
    }
    if (pc == last_inst)
        return -1;
    return (int)((pc + 1) & 1023u);
}
