/*
 * regs_map.h - the register map of r5xx.regs, built at run time from the register database
 * (rdb_family_find("r5xx")): for every dword address of the 16-bit register space, where its
 * value lives (a storage slot, a word of the instruction RAM, or nowhere), which bits a write
 * stores and which bits read as a constant.  The rules are those of docs/blocks/r5xx.regs.md; the RTL
 * generator scripts/blocks/r5xx_regs_rtlgen.py applies the same rules to the same database.
 */
#ifndef R5XX_REGS_MAP_H
#define R5XX_REGS_MAP_H

#include <stdint.h>

#define REGS_MAP_WORDS 16384u            /* 0x0000..0xFFFC */
#define REGS_MAP_RAM_MIN_INSTANCES 64u   /* an array with more instances lives in the RAM */

typedef struct regs_word {
    int32_t slot;       /* storage slot, or -1 */
    int32_t ram;        /* RAM word index, or -1 */
    uint32_t smask;     /* bits a write stores: fields both writable and readable */
    uint32_t rconst;    /* bits that read as a constant: readable, not writable, their default */
    uint8_t known;      /* some register of the database is at this address (apertures excluded) */
} regs_word;

typedef struct regs_map {
    regs_word w[REGS_MAP_WORDS];    /* by byte address / 4 */
    uint32_t nslots;
    uint32_t *slot_reset;           /* [nslots]: reset value of each slot (defaults of stored bits) */
    uint32_t *slot_addr;            /* [nslots]: the lowest byte address of each slot */
    uint32_t ram_base;              /* byte address of RAM word 0 */
    uint32_t ram_depth;             /* 0: no RAM */
    uint32_t *known;                /* byte addresses of the known non-RAM registers, ascending */
    uint32_t nknown;
    uint32_t aper_lo[4], aper_hi[4];/* address windows (apertures), byte addresses, inclusive */
    unsigned naper;
} regs_map;

/* Builds the map of the r5xx register family.  NULL on failure (out of memory, no database). */
regs_map *regs_map_build(void);
void regs_map_free(regs_map *m);

/* The word entry of a byte address; NULL for an address that is not a dword address. */
static inline const regs_word *regs_map_at(const regs_map *m, uint32_t byte_addr)
{
    if ((byte_addr & 3u) != 0 || byte_addr >= 4u * REGS_MAP_WORDS)
        return 0;
    return &m->w[byte_addr >> 2];
}

#endif
