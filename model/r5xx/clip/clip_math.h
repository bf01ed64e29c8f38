/*
 * clip_math.h - the registers r5xx.clip keeps from its register writes and every float formula of
 * the block as a pure function on the shared shader float (docs/blocks/r5xx.clip.md, "Registers",
 * "Planes and distances", "Clipping", "VTE").  C twin of the RTL's r5xx_clip_regs, r5xx_clip_dist,
 * r5xx_clip_codes, r5xx_clip_lerp and r5xx_clip_vte.
 */
#ifndef CLIP_MATH_H
#define CLIP_MATH_H
#include <stdint.h>

#include "sf.h"

#define CLIP_VAP_CNTL 0x2080u
#define CLIP_VAP_CLIP_CNTL 0x221Cu
#define CLIP_VAP_VTE_CNTL 0x20B0u
#define CLIP_VAP_OUT_VTX_FMT_0 0x2090u
#define CLIP_PVS_INDX 0x2200u
#define CLIP_PVS_DATA 0x2204u
#define CLIP_PVS_DATA128 0x2208u

/* VAP_GB_*: index = (addr - 0x2220) / 4 */
enum { CLIP_GB_VC = 0, CLIP_GB_VD = 1, CLIP_GB_HC = 2, CLIP_GB_HD = 3 };
/* VAP_VPORT_*: index = (addr - 0x2098) / 4, or (addr - 0x1D98) / 4 */
enum { CLIP_XS = 0, CLIP_XO = 1, CLIP_YS = 2, CLIP_YO = 3, CLIP_ZS = 4, CLIP_ZO = 5 };

typedef struct clip_regs {
    uint32_t vap_cntl, clip_cntl, vte_cntl;
    uint32_t gb[4];
    uint32_t vport[6];
    uint32_t ucp[6][4];
    uint32_t ps[4];   /* PVS index 1542: X/Y radius expansion, size multiply, culling radius (D10) */
    uint32_t fmt0;    /* VAP_OUT_VTX_FMT_0 (D11) */
    unsigned indx, dcnt, qcnt; /* the PVS loader's state (D1) */
    uint32_t h[3];
} clip_regs;

void clip_regs_write(clip_regs *r, uint32_t addr, uint32_t data);

/* The distance of position p (x, y, z, w) to plane k: 0..11 the clip planes, 12..15 the discard
 * planes D2..D5. */
uint32_t clip_dist(const clip_regs *r, const uint32_t p[4], unsigned k);
/* inside = sf_cmp_le(+0, d) (inline: the model's hottest calls, as clip_lerp) */
static inline int clip_inside(uint32_t d) { return sf_cmp_le(0u, d); }
/* clip_inside(sf_add(a, b)) for every a, b; the sum is formed only where its sign is not plain
 * from the operands (two normal operands of one sign, or whose exponents differ by 2 or more with
 * the larger at least 3, are never summed): the outcodes use only the distances' signs */
int clip_inside_sum(uint32_t a, uint32_t b);
/* bit k = outside plane k, k = 0..15 */
unsigned clip_outcode(const clip_regs *r, const uint32_t p[4]);
/* its parts: the bits of the planes 0..5 and 12..15; the bits 6 + k of the user planes k of ucp
 * (bit k, k = 0..5), the others 0 */
unsigned clip_outcode_fixed(const clip_regs *r, const uint32_t p[4]);
unsigned clip_outcode_ucp(const clip_regs *r, const uint32_t p[4], unsigned ucp);
/* the cull and clip sets of VAP_CLIP_CNTL (D4), as outcode masks */
unsigned clip_cull_set(const clip_regs *r);
unsigned clip_clip_set(const clip_regs *r);
/* outcodes of d + rr per plane (the radius-based distance of D10); clip_outcode when rr is not used */
unsigned clip_outcode_r(const clip_regs *r, const uint32_t p[4], uint32_t rr);
/* VAP_CLIP_CNTL.PS_UCP_MODE */
unsigned clip_ps_mode(const clip_regs *r);
/* a point's expansion (D10): e = (ex, ey, er) from its position p and its size slot's x psx */
void clip_point_ext(const clip_regs *r, const uint32_t p[4], uint32_t psx, uint32_t e[3]);
/* corner k (0..3) of a point at p expanded by e */
void clip_corner(const uint32_t p[4], const uint32_t e[3], unsigned k, uint32_t out[4]);
/* t = dI * rcp(dI - dQ) */
uint32_t clip_t(uint32_t di, uint32_t dq);
/* I.c + t * (Q.c - I.c) */
static inline uint32_t clip_lerp(uint32_t t, uint32_t ic, uint32_t qc)
{
    return sf_add(ic, sf_mul(t, sf_add(qc, ic ^ SF_SIGN)));
}
/* the VTE of a stored position into out (x, y, z, w) */
void clip_vte(const clip_regs *r, const uint32_t p[4], uint32_t out[4]);

#endif
