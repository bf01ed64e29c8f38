/*
 * tx_codes.c - the C model's texel decode of r5xx.tx (model/r5xx/tx/tx_math.c) on every code
 * point, written out for tests/r5xx/tx/tx_codes.py, which compares each record with the
 * independent reference scripts/blocks/r5xx_tx_ref.py (docs/blocks/r5xx.tx.md, "Every code point").
 *
 * Output (stdout, binary, little-endian): one record of sixteen 32-bit words per decode:
 *   word 0: kind | sgn << 12 | sub << 16   kind: the format code (0x105 ATI1N, 0x200 conversion),
 *           sgn: SIGNED_COMP0-3, sub: the byte offset (addr & 3) or the texel in its block
 *   words 1-4: the texel's or block's dwords as read (unused ones 0)
 *   words 8-11: the components C0-C3 (int32 channel values), word 12: the mask; others 0.
 * A conversion record (kind 0x200) has the channel value v in word 1 and r5xx_tx_v2f(v) in word 8,
 * for every v in -65535..65535.
 * Enumeration: fixed formats 0-14, SIGNED_COMP 0 and 15: texel i = 0 .. 2^max(n)-1 holds code
 * i mod 2^n_k in component k (every code of every component), at byte offset i mod (4 / bytes)
 * with the other bytes of the dword filled; DXT1/3/5 (15-17): for every 16-bit code c a block with
 * c0 = c, c1 = 40503 c + 1 mod 2^16 (a permutation: every code is c0 once and c1 once), texel
 * indices 0-3 (texel k of the block has index k mod 4), DXT3 alpha nibbles (k + c) mod 16, DXT5
 * alpha ends a0 = c & 255, a1 = c >> 8 (every pair) with 3-bit index k mod 8; ATI1N/ATI2N (MSB 5,
 * 31): the same ends (ATI1N at texels 0 and 1; ATI2N at all eight indices), ATI2N's second
 * block the permuted pair, unsigned and signed (SIGNED_COMP 3).  `--inject` flips bit 0 of one
 * component (the checker's own test).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tx_math.h"

static const unsigned fmt_widths[15][4] = {
    {8}, {16}, {4, 4}, {8, 8}, {16, 16}, {2, 3, 3}, {5, 6, 5}, {5, 5, 6}, {10, 11, 11}, {11, 11, 10},
    {4, 4, 4, 4}, {5, 5, 5, 1}, {8, 8, 8, 8}, {10, 10, 10, 2}, {16, 16, 16, 16}};

static unsigned long nrec;
static unsigned long inject_at = (unsigned long)-1;

static int put(unsigned kind, unsigned sgn, unsigned sub, const uint32_t w[4], const int32_t comp[4],
               unsigned mask)
{
    uint32_t r[16] = {0};
    r[0] = kind | sgn << 12 | sub << 16;
    memcpy(&r[1], w, 4 * sizeof(uint32_t));
    for (unsigned k = 0; k < 4; k++)
        r[8 + k] = (uint32_t)comp[k];
    r[12] = mask;
    if (nrec++ == inject_at)
        r[8] ^= 1;
    return fwrite(r, sizeof r, 1, stdout) == 1 ? 0 : -1;
}

static uint32_t fill(unsigned i)
{
    return (uint32_t)(i * 2654435761u) ^ 0x5A5AA5A5u;
}

static int fixed(void)
{
    for (unsigned f = 0; f < 15; f++) {
        unsigned bits = 0, maxn = 0;
        for (unsigned k = 0; k < 4; k++) {
            bits += fmt_widths[f][k];
            maxn = fmt_widths[f][k] > maxn ? fmt_widths[f][k] : maxn;
        }
        for (unsigned sgn = 0; sgn < 16; sgn += 15) {
            for (unsigned i = 0; i < 1u << maxn; i++) {
                uint64_t t = 0;
                unsigned pos = 0;
                for (unsigned k = 0; k < 4 && fmt_widths[f][k]; k++) {
                    unsigned n = fmt_widths[f][k];
                    t |= (uint64_t)(i & ((1u << n) - 1)) << pos;
                    pos += n;
                }
                uint32_t w[4] = {0};
                unsigned off = 0;
                if (bits >= 32) {
                    w[0] = (uint32_t)t;
                    w[1] = (uint32_t)(t >> 32);
                } else {
                    off = bits == 8 ? i % 4 : 2 * (i % 2);
                    uint32_t m = (uint32_t)((1ull << bits) - 1) << (8 * off);
                    w[0] = (fill(i) & ~m) | (uint32_t)t << (8 * off);
                }
                int32_t comp[4];
                unsigned mask = r5xx_tx_texel(f, sgn, w, off, comp);
                if (put(f, sgn, off, w, comp, mask))
                    return -1;
            }
        }
    }
    return 0;
}

static int dxt(void)
{
    for (unsigned c = 0; c < 65536; c++) {
        uint32_t c1 = (40503u * c + 1) & 0xFFFF;
        uint32_t col = c | c1 << 16, idx = 0xE4E4E4E4u;      /* texel k: index k mod 4 */
        uint32_t nib = 0, nib2 = 0;
        for (unsigned k = 0; k < 8; k++) {
            nib |= ((k + c) & 15) << 4 * k;
            nib2 |= ((k + 8 + c) & 15) << 4 * k;
        }
        uint64_t j = 0;                                      /* texel k: 3-bit index k mod 8 */
        for (unsigned k = 0; k < 16; k++)
            j |= (uint64_t)(k & 7) << 3 * k;
        uint64_t ab = (uint64_t)(c & 255) | (uint64_t)(c >> 8) << 8 | j << 16;
        uint64_t ab2 = (uint64_t)(c1 & 255) | (uint64_t)(c1 >> 8) << 8 | j << 16;
        uint32_t d1[4] = {col, idx, 0, 0};
        uint32_t d3[4] = {nib, nib2, col, idx};
        uint32_t d5[4] = {(uint32_t)ab, (uint32_t)(ab >> 32), col, idx};
        uint32_t a2[4] = {(uint32_t)ab, (uint32_t)(ab >> 32), (uint32_t)ab2, (uint32_t)(ab2 >> 32)};
        int32_t comp[4];
        for (unsigned sub = 0; sub < 8; sub++) {
            unsigned m;
            if (sub < 4) {
                m = r5xx_tx_dxt(15, d1, sub, comp);
                if (put(15, 0, sub, d1, comp, m))
                    return -1;
                m = r5xx_tx_dxt(16, d3, sub, comp);
                if (put(16, 0, sub, d3, comp, m))
                    return -1;
            }
            m = r5xx_tx_dxt(17, d5, sub, comp);
            if (put(17, 0, sub, d5, comp, m))
                return -1;
            for (unsigned sg = 0; sg < 4; sg += 3) {           /* unsigned, signed RGTC (D22) */
                m = r5xx_tx_ati(0, sg, a2, sub, comp);      /* its block rule: ATI2N below */
                if (sub < 2 && put(0x100 | 5, sg, sub, a2, comp, m))
                    return -1;
                m = r5xx_tx_ati(1, sg, a2, sub, comp);
                if (put(31, sg, sub, a2, comp, m))
                    return -1;
            }
        }
    }
    return 0;
}

static int conversion(void)
{
    for (int32_t v = -65535; v <= 65535; v++) {
        uint32_t w[4] = {(uint32_t)v, 0, 0, 0};
        int32_t comp[4] = {(int32_t)r5xx_tx_v2f(v), 0, 0, 0};
        if (put(0x200, 0, 0, w, comp, 0))
            return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--inject") == 0)
        inject_at = 300000;
    if (fixed() || dxt() || conversion()) {
        fprintf(stderr, "tx_codes: write error\n");
        return 1;
    }
    return fflush(stdout) ? 1 : 0;
}
