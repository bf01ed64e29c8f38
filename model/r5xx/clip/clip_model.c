/*
 * clip_model.c - the cycle-accurate C model of the R5xx clipper / VTE (r5xx.clip), following the
 * micro-architecture of docs/blocks/r5xx.clip.md: clip_eval computes the outputs from the state,
 * clip_tick the state after the edge.  IN (records) -> ASM (assembly, the new vertex's clip
 * codes) -> PRIM (cull / accept / clip) -> [PASS -> VISIT -> INTERP ...] -> EMIT (one record per
 * vtx handshake, slot 0 through the VTE) -> PRIM or IN.  A point that PS_UCP_MODE 2/3 expands
 * goes PRIM -> EXP (its four corners into the pool, D10) -> PASS as a four-vertex polygon.
 */
#include <stdlib.h>
#include <string.h>

#include "clip_math.h"
#include "r5xx_clip_ports.h"
#include "sf.h"

enum { ST_IN, ST_ASM, ST_PRIM, ST_PASS, ST_VISIT, ST_INTERP, ST_EMIT, ST_EXP };
enum { NENT = 40, NHIST = 5, POOL0 = 8, NPOOL = 32, NLIST = 16 };
enum { PT = 1, LN = 2, TRI = 3 };

typedef struct cvtx {
    uint32_t d[16][4];
    uint8_t wm[16];
    uint16_t present;
    uint16_t vert;
    uint16_t oc;
    uint8_t ocv;   /* the user planes k (code bit 6 + k) whose code oc holds; see ucp_codes */
} cvtx;

typedef struct cprim {
    unsigned kind, v[3];
} cprim;

typedef struct clip {
    clip_regs r;
    cvtx m[NENT];
    unsigned st, part;
    /* assembly */
    uint32_t n;
    unsigned f, p1, p2, p3, prim, dlast;
    unsigned wr; /* wr_entry(c): the entry the next vertex fills; n, f, p1..p3 change only at assembly */
    cprim q[2];
    unsigned qn, qh;
    /* clipping */
    unsigned l[NLIST], cnt, o[NLIST], ocnt, mask, p, i, ovf, pp;
    uint32_t t;
    unsigned vi, vq, s, hi, line_e, e_id;
    unsigned xc; /* EXP: the corner being written */
    /* emission */
    unsigned k, j;
    /* the last plane distance VISIT formed (vertex, plane), reused by the next edge's start;
     * dropped at each primitive (the pool's vertices are made anew) */
    unsigned dc_ok, dc_id, dc_p;
    uint32_t dc_d;
} clip;

static void *clip_create(const rc_side_config *cfg)
{
    (void)cfg;
    return calloc(1, sizeof(clip));
}

/* history entries in use */
static unsigned used(const clip *c)
{
    unsigned u = 0;
    if (c->n >= 1)
        u |= 1u << c->f | 1u << c->p1;
    if (c->n >= 2)
        u |= 1u << c->p2;
    if (c->n >= 3)
        u |= 1u << c->p3;
    return u;
}

static unsigned wr_entry(const clip *c)
{
    unsigned u = used(c);
    for (unsigned e = 0; e < NHIST; e++)
        if (!(u >> e & 1u))
            return e;
    return 0; /* not reached: five entries, four references */
}

static void rd(const clip *c, unsigned id, unsigned s, uint32_t out[4], unsigned *wm)
{
    int pr = c->m[id].present >> s & 1u;
    for (unsigned a = 0; a < 4; a++)
        out[a] = pr ? c->m[id].d[s][a] : 0;
    *wm = pr ? c->m[id].wm[s] : 0;
}

static void pos(const clip *c, unsigned id, uint32_t p[4])
{
    unsigned wm;
    rd(c, id, 0, p, &wm);
}

/* a point vertex's expansion (D10): its position and (ex, ey, er) */
static void point_ext(const clip *c, unsigned id, uint32_t p[4], uint32_t e[3])
{
    uint32_t sl[4];
    unsigned wm;
    pos(c, id, p);
    rd(c, id, 1, sl, &wm);
    clip_point_ext(&c->r, p, sl[0], e);
}

static unsigned hibit(unsigned m)
{
    unsigned h = 0;
    for (unsigned b = 0; b < 16; b++)
        if (m >> b & 1u)
            h = b;
    return h;
}

/* the current output vertex: its id and whether it is the primitive's last */
static unsigned emit_id(const clip *c, unsigned *last)
{
    unsigned kind = c->q[c->qh].kind;
    unsigned nv = kind == TRI ? 3 : kind == LN ? 2 : 1;
    *last = c->j + 1 == nv;
    if (kind == TRI)
        return c->j == 0 ? c->l[0] : c->l[c->k + c->j - 1];
    return c->l[c->j];
}

static void clip_eval(void *h, uint64_t *ports)
{
    clip *c = h;
    r5xx_clip_ports *p = (r5xx_clip_ports *)ports;
    p->vin_ready = c->st == ST_IN;
    p->regw_ready = c->st == ST_IN && !c->part;
    p->idle = c->st == ST_IN && !c->part;
    p->vtx_valid = c->st == ST_EMIT;
    uint32_t d[4] = { 0, 0, 0, 0 };
    unsigned wm = 0, vert = 0, vlast = 0, dlast = 0, prim = 0, slot = 0;
    if (c->st == ST_EMIT) {
        unsigned lastv, id = emit_id(c, &lastv);
        unsigned kind = c->q[c->qh].kind;
        slot = c->s;
        vert = c->m[id].vert;
        if (c->s == 0) {
            uint32_t ps[4];
            pos(c, id, ps);
            clip_vte(&c->r, ps, d);
            wm = 0xF;
        } else {
            rd(c, id, c->s, d, &wm);
        }
        unsigned em = (unsigned)c->m[id].present | 1u;
        vlast = (em >> c->s >> 1) == 0;
        dlast = vlast && lastv;
        prim = kind == TRI ? 4 : kind == LN ? 2 : 1;
    }
    p->vtx_vert = vert;
    p->vtx_slot = slot;
    p->vtx_x = d[0];
    p->vtx_y = d[1];
    p->vtx_z = d[2];
    p->vtx_w = d[3];
    p->vtx_wmask = wm;
    p->vtx_vlast = vlast;
    p->vtx_dlast = dlast;
    p->vtx_prim = prim;
}

/* The user-plane codes are formed lazily (they are a fifth of the model's work, and most planes
 * are off): the bits of the planes the cull and clip sets read are formed at assembly, any other
 * when a primitive's sets first read it.  Exact: a code depends on the vertex's position (fixed
 * once assembled) and the plane (VAP_PVS_VECTOR_DATA_REG(_128) at 1536..1541); before a write
 * that may change a plane, every vertex still referenced gets its missing bits (codes_complete),
 * so a bit is always the one of the plane in force at the vertex's assembly, as the RTL has it. */
static unsigned ucp_need(const clip *c)
{
    return ((clip_cull_set(&c->r) | clip_clip_set(&c->r)) >> 6) & 0x3Fu;
}

static void ucp_codes(clip *c, unsigned id, unsigned need)
{
    cvtx *v = &c->m[id];
    unsigned miss = need & ~(unsigned)v->ocv;
    if (!miss)
        return;
    uint32_t ps[4];
    pos(c, id, ps);
    v->oc = (uint16_t)(v->oc | clip_outcode_ucp(&c->r, ps, miss));
    v->ocv = (uint8_t)(v->ocv | miss);
}

static void codes_complete(clip *c)
{
    unsigned u = used(c);
    for (unsigned e = 0; e < NHIST; e++)
        if (u >> e & 1u)
            ucp_codes(c, e, 0x3Fu);
}

static void push(clip *c, unsigned kind, unsigned a, unsigned b, unsigned d)
{
    cprim *q = &c->q[c->qn++];
    q->kind = kind;
    q->v[0] = a;
    q->v[1] = b;
    q->v[2] = d;
}

static void assemble(clip *c)
{
    unsigned N = c->wr, n3 = c->n % 3, n4 = c->n % 4, odd = c->n & 1u;
    uint32_t ps[4];
    if (clip_ps_mode(&c->r) != 0 && c->prim == 1) {     /* a point's radius codes (D10): all formed now */
        uint32_t e[3];
        point_ext(c, N, ps, e);
        c->m[N].oc = (uint16_t)clip_outcode_r(&c->r, ps, e[2]);
        c->m[N].ocv = 0x3Fu;
    } else {
        pos(c, N, ps);
        c->m[N].oc = (uint16_t)clip_outcode_fixed(&c->r, ps);
        c->m[N].ocv = 0;
        ucp_codes(c, N, ucp_need(c));
    }
    c->qn = 0;
    c->qh = 0;
    switch (c->prim) {
    case 1: push(c, PT, N, 0, 0); break;
    case 2: if (odd) push(c, LN, c->p1, N, 0); break;
    case 3: if (c->n >= 1) push(c, LN, c->p1, N, 0); break;
    case 12:
        if (c->n >= 1) {
            push(c, LN, c->p1, N, 0);
            if (c->dlast)
                push(c, LN, N, c->f, 0);
        }
        break;
    case 4: case 7: if (n3 == 2) push(c, TRI, c->p2, c->p1, N); break;
    case 5: case 15: if (c->n >= 2) push(c, TRI, c->f, c->p1, N); break;
    case 6:
        if (c->n >= 2) {
            if (odd)
                push(c, TRI, c->p1, c->p2, N);
            else
                push(c, TRI, c->p2, c->p1, N);
        }
        break;
    case 13:
        if (n4 == 3) {
            push(c, TRI, c->p3, c->p2, c->p1);
            push(c, TRI, c->p3, c->p1, N);
        }
        break;
    case 14:
        if (c->n >= 3 && odd) {
            push(c, TRI, c->p3, c->p2, c->p1);
            push(c, TRI, c->p1, c->p2, N);
        }
        break;
    default: break;
    }
    if (c->dlast) {
        c->n = 0;
    } else {
        if (c->n == 0)
            c->f = N;
        c->p3 = c->p2;
        c->p2 = c->p1;
        c->p1 = N;
        c->n++;
    }
    c->wr = wr_entry(c);
    c->st = c->qn ? ST_PRIM : ST_IN;
}

static void pop(clip *c)
{
    c->qh++;
    c->st = c->qh < c->qn ? ST_PRIM : ST_IN;
}

/* PRIM for a point (D10): cull, emit as a point, or expand (EXP) and clip as a fan */
static void point_step(clip *c, unsigned oc, unsigned cull, unsigned cs)
{
    unsigned mode = clip_ps_mode(&c->r);
    if (oc & (mode == 3 ? cull : (cull | cs))) {
        pop(c);
        return;
    }
    unsigned ic = 0, id = c->q[c->qh].v[0];
    if (mode >= 2) {
        uint32_t p[4], e[3];
        point_ext(c, id, p, e);
        ic = clip_outcode_r(&c->r, p, e[2] ^ SF_SIGN) & cs & 0xFFFu;
    }
    if (!ic) {
        c->st = ST_EMIT;
        c->k = 1;
        c->j = 0;
        c->s = 0;
        return;
    }
    c->q[c->qh].kind = TRI;
    for (unsigned v = 0; v < 4; v++)
        c->l[v] = POOL0 + v;
    c->cnt = 4;
    c->mask = ic;
    c->pp = 0;
    c->ovf = 0;
    c->xc = 0;
    c->s = 0;
    c->hi = hibit((unsigned)c->m[id].present | 1u);
    c->st = ST_EXP;
}

/* EXP (D10): slot s of corner xc, one slot a cycle; then PASS with the list of the four corners */
static void exp_step(clip *c)
{
    unsigned pt = c->q[c->qh].v[0], wm;
    cvtx *v = &c->m[POOL0 + c->xc];
    uint32_t d[4];
    rd(c, pt, c->s, d, &wm);
    if (c->s == 0) {
        uint32_t p[4], e[3];
        point_ext(c, pt, p, e);
        clip_corner(p, e, c->xc, d);
    }
    memcpy(v->d[c->s], d, sizeof d);
    v->wm[c->s] = (uint8_t)wm;
    v->present = (uint16_t)(c->m[pt].present | 1u);
    v->vert = c->m[pt].vert;
    if (c->s != c->hi) {
        c->s++;
        return;
    }
    c->s = 0;
    if (c->xc == 3) {
        c->pp = 4;
        c->st = ST_PASS;
    } else {
        c->xc++;
    }
}

static void prim_step(clip *c)
{
    const cprim *q = &c->q[c->qh];
    unsigned m = q->kind == TRI ? 3 : q->kind == LN ? 2 : 1;
    unsigned oand = 0xFFFFu, oor = 0, need = ucp_need(c);
    for (unsigned v = 0; v < m; v++) {
        ucp_codes(c, q->v[v], need);
        oand &= c->m[q->v[v]].oc;
        oor |= c->m[q->v[v]].oc;
    }
    unsigned cull = clip_cull_set(&c->r), cs = clip_clip_set(&c->r);
    c->dc_ok = 0;
    for (unsigned v = 0; v < m; v++)
        c->l[v] = q->v[v];
    c->cnt = m;
    if (m == 1) {
        point_step(c, oor, cull, cs);
    } else if (oand & cull) {
        pop(c);
    } else if (!(oor & cs)) {
        c->st = ST_EMIT;
        c->k = 1;
        c->j = 0;
        c->s = 0;
    } else {
        c->mask = oor & cs & 0xFFFu;
        c->pp = 0;
        c->ovf = 0;
        c->st = ST_PASS;
    }
}

static void pass_step(clip *c)
{
    unsigned kind = c->q[c->qh].kind;
    if (c->ovf || c->cnt < (kind == TRI ? 3u : 2u)) {
        pop(c);
    } else if (c->mask == 0) {
        c->st = ST_EMIT;
        c->k = 1;
        c->j = 0;
        c->s = 0;
    } else {
        unsigned b = 0;
        while (!(c->mask >> b & 1u))
            b++;
        c->p = b;
        c->mask &= ~(1u << b);
        c->ocnt = 0;
        c->i = 0;
        c->st = ST_VISIT;
    }
}

static void append(clip *c, unsigned id)
{
    if (c->ocnt == NLIST)
        c->ovf = 1;
    else
        c->o[c->ocnt++] = id;
}

static void edge_done(clip *c)
{
    unsigned kind = c->q[c->qh].kind;
    if (kind == LN || c->i + 1 == c->cnt) {
        memcpy(c->l, c->o, sizeof c->l);
        c->cnt = c->ocnt;
        c->st = ST_PASS;
    } else {
        c->i++;
        c->st = ST_VISIT;
    }
}

/* clip_dist of vertex id to the pass's plane; the same operands within a primitive give the
 * same bits (no register write while clipping, a vertex's position fixed once made) */
static uint32_t dist_of(clip *c, unsigned id)
{
    if (c->dc_ok && c->dc_id == id && c->dc_p == c->p)
        return c->dc_d;
    uint32_t ps[4];
    pos(c, id, ps);
    c->dc_d = clip_dist(&c->r, ps, c->p);
    c->dc_id = id;
    c->dc_p = c->p;
    c->dc_ok = 1;
    return c->dc_d;
}

static void visit_step(clip *c)
{
    unsigned kind = c->q[c->qh].kind;
    unsigned S, E;
    if (kind == LN) {
        S = c->l[0];
        E = c->l[1];
    } else {
        S = c->l[c->i];
        E = c->l[(c->i + 1) % c->cnt];
    }
    uint32_t ds = dist_of(c, S), de = dist_of(c, E);
    int ins = clip_inside(ds), ine = clip_inside(de);
    if (ins)
        append(c, S);
    if (ins != ine) {
        if (c->pp == NPOOL) {
            c->ovf = 1;
            if (kind == LN && ine)
                append(c, E);
            edge_done(c);
            return;
        }
        c->vi = ins ? S : E;
        c->vq = ins ? E : S;
        c->t = ins ? clip_t(ds, de) : clip_t(de, ds);
        c->hi = hibit((unsigned)(c->m[c->vi].present | c->m[c->vq].present) | 1u);
        c->s = 0;
        c->line_e = kind == LN && ine;
        c->e_id = E;
        c->st = ST_INTERP;
        return;
    }
    if (kind == LN && ine)
        append(c, E);
    edge_done(c);
}

static void interp_step(clip *c)
{
    unsigned id = POOL0 + c->pp, wi, wq;
    uint32_t a[4], b[4];
    rd(c, c->vi, c->s, a, &wi);
    rd(c, c->vq, c->s, b, &wq);
    cvtx *v = &c->m[id];
    unsigned wm = wi | wq;
    for (unsigned k = 0; k < 4; k++)
        v->d[c->s][k] = (wm >> k & 1u) ? clip_lerp(c->t, a[k], b[k]) : 0;
    v->wm[c->s] = (uint8_t)wm;
    v->present = c->m[c->vi].present | c->m[c->vq].present;
    v->vert = c->m[c->vi].vert;
    if (c->s == c->hi) {
        append(c, id);
        if (c->line_e)
            append(c, c->e_id);
        c->pp++;
        edge_done(c);
    } else {
        c->s++;
    }
}

static void emit_step(clip *c)
{
    unsigned lastv, id = emit_id(c, &lastv);
    unsigned em = (unsigned)c->m[id].present | 1u;
    unsigned rest = em >> c->s >> 1;
    if (rest) {
        unsigned s = c->s + 1;
        while (!(em >> s & 1u))
            s++;
        c->s = s;
        return;
    }
    c->s = 0;
    if (!lastv) {
        c->j++;
        return;
    }
    c->j = 0;
    if (c->q[c->qh].kind == TRI && c->k + 2 < c->cnt) {
        c->k++;
        return;
    }
    pop(c);
}

static void clip_tick(void *h, const uint64_t *ports)
{
    clip *c = h;
    const r5xx_clip_ports *p = (const r5xx_clip_ports *)ports;
    int regw_fire = p->regw_valid && p->regw_ready;
    int vin_fire = p->vin_valid && p->vin_ready;
    int vtx_fire = p->vtx_valid && p->vtx_ready;

    switch (c->st) {
    case ST_IN:
        if (vin_fire) {
            unsigned e = c->wr, sl = (unsigned)p->vin_slot & 15u;
            cvtx *v = &c->m[e];
            v->present = (uint16_t)((c->part ? v->present : 0u) | 1u << sl);
            v->d[sl][0] = (uint32_t)p->vin_x;
            v->d[sl][1] = (uint32_t)p->vin_y;
            v->d[sl][2] = (uint32_t)p->vin_z;
            v->d[sl][3] = (uint32_t)p->vin_w;
            v->wm[sl] = (uint8_t)(p->vin_wmask & 15u);
            if (p->vin_vlast) {
                v->vert = (uint16_t)p->vin_vert;
                c->prim = (unsigned)p->vin_prim & 15u;
                c->dlast = (unsigned)p->vin_dlast & 1u;
                c->part = 0;
                c->st = ST_ASM;
            } else {
                c->part = 1;
            }
        }
        break;
    case ST_ASM: assemble(c); break;
    case ST_PRIM: prim_step(c); break;
    case ST_PASS: pass_step(c); break;
    case ST_VISIT: visit_step(c); break;
    case ST_INTERP: interp_step(c); break;
    case ST_EMIT: if (vtx_fire) emit_step(c); break;
    case ST_EXP: exp_step(c); break;
    default: break;
    }
    if (regw_fire) {
        uint32_t a = (uint32_t)p->regw_addr;
        if ((a == CLIP_PVS_DATA || a == CLIP_PVS_DATA128) && c->r.indx >= 1536u && c->r.indx <= 1541u)
            codes_complete(c);        /* a user plane may change */
        clip_regs_write(&c->r, a, (uint32_t)p->regw_data);
    }
}

static void clip_reset(void *h, uint64_t *ports)
{
    clip *c = h;
    memset(c, 0, sizeof *c);
    clip_eval(h, ports);
}

const rc_side_ops r5xx_clip_model_ops = {
    .kind = "model", .create = clip_create, .destroy = free, .reset = clip_reset,
    .eval = clip_eval, .tick = clip_tick
};
