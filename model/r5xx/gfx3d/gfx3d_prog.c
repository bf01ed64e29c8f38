/*
 * gfx3d_prog.c - random programmable 3D state for the seeded stimuli of r5xx.gfx3d and r5xx.gpu:
 * a vertex program, the clipper's state, a fragment program with its RS routing and TX samplers
 * (gfx3d_prog.h; docs/blocks/r5xx.gfx3d.md and r5xx.gpu.md "Stimulus").  The instructions come
 * from r5xx.pvs's and r5xx.us's own generators (pvs_stim.h, us_stim.h); this file chooses what
 * makes a program one a driver sends: a position from a transform, sane coordinates, textures
 * that exist.
 */
#include <string.h>

#include "gfx3d_prog.h"
#include "pvs_stim.h"
#include "us_isa.h"
#include "us_stim.h"

static uint32_t rnd(const gfx3d_prog *p, uint32_t n) { return (uint32_t)rc_rng_below(p->rng, n); }
static uint32_t word(const gfx3d_prog *p) { return (uint32_t)rc_rng_next(p->rng); }
static void w(const gfx3d_prog *p, uint32_t addr, uint32_t data) { p->wr(p->ctx, addr, data); }

static uint32_t f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static void pvs_inst(const gfx3d_prog *p, uint32_t d, uint32_t s0, uint32_t s1, uint32_t s2)
{
    w(p, 0x2204, d);
    w(p, 0x2204, s0);
    w(p, 0x2204, s1);
    w(p, 0x2204, s2);
}

void gfx3d_prog_vertex(const gfx3d_prog *p, unsigned nout, int body)
{
    static const float ks[4] = { 0.0f, 0.5f, 1.0f, 3.0f }, zoffs[4] = { 0.0f, 0.5f, -0.5f, -1.25f };
    static const float tsc[4] = { 1.0f / 64.0f, 1.0f / 32.0f, 1.0f / 16.0f, -1.0f / 64.0f };
    unsigned n = 0;
    w(p, 0x2140, 0);                                          /* VAP_CNTL_STATUS: PVS_BYPASS 0 */
    w(p, 0x2284, 0);                                          /* VAP_PVS_STATE_FLUSH_REG */
    w(p, 0x2200, 0);
    for (unsigned r = 0; r < 4; r++, n++)                     /* DP4 out0.(x,y,z,w) = in0 . c_r */
        pvs_inst(p, gfx3d_pvs_dst(1, 2, 0, 1u << r), gfx3d_pvs_src(1, 0), gfx3d_pvs_src(2, r), gfx3d_pvs_src(2, r));
    pvs_inst(p, gfx3d_pvs_dst(4, 2, 1, 0xF), gfx3d_pvs_src(1, 2), gfx3d_pvs_src(2, 4), gfx3d_pvs_src(2, 5));
    n++;                                                      /* MAD out1 = in2 * c4 + c5 */
    if (nout > 1) {                                           /* MAD out2 = in0 * c6 + c7 */
        pvs_inst(p, gfx3d_pvs_dst(4, 2, 2, 0xF), gfx3d_pvs_src(1, 0), gfx3d_pvs_src(2, 6), gfx3d_pvs_src(2, 7));
        n++;
    }
    for (unsigned m = body ? rnd(p, 9) : 0; m > 0; m--, n++) {
        uint32_t ins[4];
        pvs_stim_instruction(p->rng, 15, ins);
        pvs_stim_tame(ins, nout);
        pvs_inst(p, ins[0], ins[1], ins[2], ins[3]);
    }
    float k = ks[rnd(p, 4)], zoff = zoffs[rnd(p, 4)];
    float c[8][4] = {
        { 1.0f / 32.0f, 0.0f, 0.0f, (float)rnd(p, 5) / 8.0f - 1.25f },
        { 0.0f, 1.0f / 32.0f, 0.0f, -1.0f },
        { 0.0f, 0.0f, 2.0f, zoff - 1.0f },
        { 0.0f, 0.0f, k, 1.0f },
        { (float)rnd(p, 5) / 4.0f, (float)rnd(p, 5) / 4.0f, (float)rnd(p, 5) / 4.0f, 1.0f },
        { (float)rnd(p, 3) / 8.0f, 0.0f, (float)rnd(p, 3) / 8.0f, 0.0f },
        { tsc[rnd(p, 4)], tsc[rnd(p, 4)], 1.0f, 0.0f },
        { (float)rnd(p, 9) / 8.0f - 0.5f, (float)rnd(p, 9) / 8.0f - 0.5f, 0.0f, 1.0f },
    };
    w(p, 0x2200, 1024);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned j = 0; j < 4; j++)
            w(p, 0x2204, f32(c[i][j]));
    for (unsigned i = 0; body && i < 8 * 4; i++)               /* c8..c15 for the random body */
        w(p, 0x2204, pvs_stim_fval(p->rng));
    w(p, 0x22D0, 0u | 3u << 10 | (n - 1) << 20);              /* VAP_PVS_CODE_CNTL_0: 0..n-1 */
    w(p, 0x22D8, n - 1);                                      /* VAP_PVS_CODE_CNTL_1 */
    w(p, 0x22D4, (body ? 15u : 7u) << 16);                    /* VAP_PVS_CONST_CNTL */
    w(p, 0x22DC, 0);                                          /* VAP_PVS_FLOW_CNTL_OPC: none */
}

void gfx3d_prog_clip(const gfx3d_prog *p)
{
    static const float disc[3] = { 1.0f, 1.5f, 4.0f };
    float hc = rnd(p, 3) ? 1.0f : 1.25f, vc = rnd(p, 3) ? 1.0f : 1.25f;
    w(p, 0x2220, f32(vc));
    w(p, 0x2224, f32(disc[rnd(p, 3)]));
    w(p, 0x2228, f32(hc));
    w(p, 0x222C, f32(disc[rnd(p, 3)]));
    const float vp[6] = { 32.0f, 32.0f, 32.0f, 32.0f, 0.5f, 0.5f };
    for (unsigned i = 0; i < 6; i++)
        w(p, 0x1D98 + 4 * i, f32(vp[i]));
    w(p, 0x20B0, 0x43F);
    uint32_t cntl = 3u << 14;
    if (rnd(p, 2)) {
        float a = (float)rnd(p, 3) - 1.0f, b = a == 0.0f ? (rnd(p, 2) ? 1.0f : -1.0f) : (float)rnd(p, 3) - 1.0f;
        float pl[4] = { a, b, 0.0f, (float)rnd(p, 5) / 4.0f - 0.25f };
        w(p, 0x2200, 1536);
        for (unsigned i = 0; i < 4; i++)
            w(p, 0x2208, f32(pl[i]));
        cntl |= 1u | (rnd(p, 4) ? 0u : 1u << 17);
    }
    w(p, 0x221C, cntl);
}

/* RS: colour 0 to r0 (COL_FMT mostly RGBA) and, with texcoord, texture 0 (S T R Q, now and then
 * K0 or K1 in place of a component) to r1; one RS instruction, as Mesa's r300_update_rs_block. */
static void rs(const gfx3d_prog *p, int texcoord)
{
    static const uint32_t colfmt[] = { 0, 0, 0, 0, 1, 2, 4, 6, 8, 10 };
    uint32_t ip = colfmt[rnd(p, sizeof colfmt / sizeof colfmt[0])] << 27;
    for (unsigned c = 0; c < 4; c++) {
        uint32_t ptr = texcoord && rnd(p, 8) ? c : 62 + rnd(p, 2);
        ip |= ptr << (6 * c);
    }
    w(p, 0x4074, ip);                                         /* RS_IP_0 */
    w(p, 0x4320, 1u << 16 | (texcoord ? 1u << 4 | 1u << 5 : 0));   /* RS_INST_0 */
    w(p, 0x4304, 0);                                          /* RS_INST_COUNT: one */
    w(p, 0x4300, (texcoord ? 4u : 0u) | 1u << 7 | 1u << 18);  /* RS_COUNT: IT, IC 1, HIRES_EN */
}

/* Sampler u: a format r5xx.tx decodes, 1..32 texels a side (powers of two mostly), every wrap
 * mode, point or linear filters, linear/macro/micro tiling, on texel region u. */
static void sampler(const gfx3d_prog *p, unsigned u)
{
    static const unsigned char fmts[] = { 0, 1, 2, 3, 4, 6, 7, 10, 11, 12, 12, 12, 13, 14, 15, 16, 17, 20, 21, 24, 26,
                                          27, 28, 29, 31 };
    uint32_t tw = rnd(p, 3) ? 1u << rnd(p, 6) : 1 + rnd(p, 32), th = rnd(p, 3) ? 1u << rnd(p, 6) : 1 + rnd(p, 32);
    uint32_t f1 = fmts[rnd(p, sizeof fmts)] | (rnd(p, 2) ? 0xA600u : word(p) & 0x1FFE00u);
    uint32_t fl0 = rnd(p, 8) | rnd(p, 8) << 3 | (1 + rnd(p, 2)) << 9 | (1 + rnd(p, 2)) << 11;
    uint32_t off = p->tex_base + 4 * GFX3D_PROG_TEX_WORDS * u;
    off |= rnd(p, 3) ? 0 : rnd(p, 2) << 2 | rnd(p, 3) << 3;
    w(p, 0x4400 + 4 * u, fl0);                                /* TX_FILTER0 */
    w(p, 0x4440 + 4 * u, 0);                                  /* TX_FILTER1 */
    w(p, 0x4480 + 4 * u, (tw - 1) | (th - 1) << 11);         /* TX_FORMAT0 */
    w(p, 0x44C0 + 4 * u, f1);                                 /* TX_FORMAT1 */
    w(p, 0x4500 + 4 * u, 0);                                  /* TX_FORMAT2 */
    w(p, 0x4540 + 4 * u, off);                                /* TX_OFFSET */
    w(p, 0x45C0 + 4 * u, word(p));                            /* TX_BORDER_COLOR */
}

void gfx3d_prog_fragment(const gfx3d_prog *p, int texcoord)
{
    static const uint32_t ofmt[] = { 0x1B00u, 0x1B00u, 0x1B00u, 0x1B00u, 0x3900u, 0xE400u, 0x1B05u, 0x1B12u, 0x1B01u,
                                     0x1B02u, 0x1B15u };
    unsigned n = 1 + rnd(p, rnd(p, 4) ? 6 : 12);
    rs(p, texcoord);
    w(p, US_OUT_FMT_0, ofmt[rnd(p, sizeof ofmt / sizeof ofmt[0])]);
    for (unsigned t = 1; t < 4; t++)
        w(p, US_OUT_FMT_0 + 4 * t, 0x1B0Fu);
    w(p, US_W_FMT, rnd(p, 8) ? 0 : 1);
    w(p, US_CONFIG, 2);                                       /* ZERO_TIMES_ANYTHING_EQUALS_ZERO */
    w(p, US_PIXSIZE, 1 + rnd(p, 8));
    w(p, US_CODE_RANGE, (n - 1) << 16);
    w(p, US_CODE_OFFSET, 0);
    w(p, US_CODE_ADDR, (n - 1) << 16);
    w(p, US_GA_VECTOR_INDEX, 0);
    for (unsigned i = 0; i < n; i++) {
        uint32_t ins[6];
        if (i + 1 < n && rnd(p, 2) == 0) {
            us_stim_tex(p->rng, ins);
            us_stim_tex_at(ins, rnd(p, GFX3D_PROG_NTEX), rnd(p, 4) ? (texcoord ? 1 : 0) : rnd(p, 8));
        } else {
            us_stim_alu(p->rng, i + 1 == n || rnd(p, 6) == 0, ins);
            ins[0] = (ins[0] & ~(1u << 8)) | (uint32_t)(i + 1 == n && rnd(p, 2)) << 8;
        }
        for (unsigned k = 0; k < 6; k++)
            w(p, US_GA_VECTOR_DATA, ins[k]);
    }
    w(p, US_GA_VECTOR_INDEX, 1u << 16);                       /* constants c0..c7 */
    for (unsigned i = 0; i < 8 * 4; i++)
        w(p, US_GA_VECTOR_DATA, rnd(p, 2) ? us_stim_fval(p->rng) : f32((float)rnd(p, 257) / 256.0f));
    w(p, 0x4104, (1u << GFX3D_PROG_NTEX) - 1);               /* TX_ENABLE */
    for (unsigned u = 0; u < GFX3D_PROG_NTEX; u++)
        sampler(p, u);
}
