/*
 * regs_map.c - builds the register map of r5xx.regs from the register database C API (see
 * regs_map.h and docs/blocks/r5xx.regs.md, "Which registers get storage").  The same rules as
 * scripts/blocks/r5xx_regs_rtlgen.py, over the same database:
 *
 *   - a field is readable if its access (the field's override, else the register's) is R or
 *     R/W, writable if W or R/W; bits outside every field are neither;
 *   - at an address shared by several registers the masks and defaults are the union (OR);
 *   - the alias addresses of one register (same instance name) share one storage word;
 *   - stored bits = readable & writable; read-only constant = default & readable & ~writable;
 *   - a word of an array with more than 64 instances lives in the RAM; apertures are skipped.
 */
#include <stdlib.h>
#include <string.h>

#include "regdb.h"
#include "regs_map.h"

typedef struct acc {
    uint32_t rd, wr, dflt;
    uint8_t present, ram;
} acc;

static uint32_t uf_find(uint32_t *parent, uint32_t a)
{
    while (parent[a] != a) {
        parent[a] = parent[parent[a]];
        a = parent[a];
    }
    return a;
}

static void uf_union(uint32_t *parent, uint32_t a, uint32_t b)
{
    uint32_t ra = uf_find(parent, a), rb = uf_find(parent, b);
    if (ra < rb)
        parent[rb] = ra;
    else if (rb < ra)
        parent[ra] = rb;
}

static int has(const char *access, char c)
{
    return access && strchr(access, c) != NULL;
}

static void reg_masks(const rdb_reg *r, uint32_t *rd, uint32_t *wr, uint32_t *dflt)
{
    *rd = *wr = *dflt = 0;
    for (size_t i = 0; i < rdb_reg_nfields(r); i++) {
        const rdb_field *fd = rdb_reg_field(r, i);
        const char *a = rdb_field_access(fd);
        uint32_t m = rdb_field_mask(fd), d;
        if (!a)
            a = rdb_reg_access(r);
        if (has(a, 'R'))
            *rd |= m;
        if (has(a, 'W'))
            *wr |= m;
        if (rdb_field_default(fd, &d))
            *dflt |= (d << rdb_field_lo(fd)) & m;
    }
}

void regs_map_free(regs_map *m)
{
    if (!m)
        return;
    free(m->slot_reset);
    free(m->slot_addr);
    free(m->known);
    free(m);
}

regs_map *regs_map_build(void)
{
    const rdb_family *f = rdb_family_find("r5xx");
    if (!f)
        return NULL;
    regs_map *m = calloc(1, sizeof *m);
    acc *a = calloc(REGS_MAP_WORDS, sizeof *a);
    uint32_t *parent = malloc(REGS_MAP_WORDS * sizeof *parent);
    int32_t *root_slot = malloc(REGS_MAP_WORDS * sizeof *root_slot);
    if (!m || !a || !parent || !root_slot)
        goto fail;
    for (uint32_t w = 0; w < REGS_MAP_WORDS; w++) {
        parent[w] = w;
        root_slot[w] = -1;
    }

    /* Every register instance (alias addresses included, in address order). */
    size_t n = rdb_family_nregs(f);
    for (size_t i = 0; i < n; i++) {
        const rdb_reg *r = rdb_family_reg(f, i);
        uint32_t addr = rdb_reg_addr(r);
        if (r->entry->aperture_end) {           /* an address window: accepted and ignored */
            if (m->naper < 4) {
                m->aper_lo[m->naper] = addr;
                m->aper_hi[m->naper] = r->entry->aperture_end;
                m->naper++;
            }
            continue;
        }
        if ((addr & 3u) || addr >= 4u * REGS_MAP_WORDS || rdb_reg_width(r) != 32)
            continue;                           /* the RTL generator refuses these */
        uint32_t w = addr >> 2, rd, wr, dflt;
        reg_masks(r, &rd, &wr, &dflt);
        a[w].present = 1;
        a[w].rd |= rd;
        a[w].wr |= wr;
        a[w].dflt |= dflt;
        if (r->entry->count > REGS_MAP_RAM_MIN_INSTANCES)
            a[w].ram = 1;
        /* Alias addresses: the first instance of the same name is the same register. */
        const rdb_reg *first = rdb_reg_by_name(f, rdb_reg_name(r));
        if (first && first != r && rdb_reg_addr(first) < 4u * REGS_MAP_WORDS)
            uf_union(parent, w, rdb_reg_addr(first) >> 2);
    }

    /* Union of the masks over each storage group, at its root (the lowest address). */
    for (uint32_t w = 0; w < REGS_MAP_WORDS; w++) {
        uint32_t root = uf_find(parent, w);
        if (!a[w].present || root == w)
            continue;
        a[root].rd |= a[w].rd;
        a[root].wr |= a[w].wr;
        a[root].dflt |= a[w].dflt;
        a[root].ram |= a[w].ram;
    }

    /* Slots, RAM extent and the per-address entries. */
    uint32_t ram_lo = REGS_MAP_WORDS, ram_hi = 0, cap = 0;
    for (uint32_t w = 0; w < REGS_MAP_WORDS; w++) {
        regs_word *e = &m->w[w];
        e->slot = e->ram = -1;
        if (!a[w].present)
            continue;
        const acc *g = &a[uf_find(parent, w)];
        e->known = 1;
        e->smask = g->rd & g->wr;
        e->rconst = g->dflt & g->rd & ~g->wr;
        if (g->ram) {
            ram_lo = w < ram_lo ? w : ram_lo;
            ram_hi = w > ram_hi ? w : ram_hi;
            continue;
        }
        if (m->nknown == cap) {
            cap = cap ? 2 * cap : 1024;
            uint32_t *k = realloc(m->known, cap * sizeof *k);
            if (!k)
                goto fail;
            m->known = k;
        }
        m->known[m->nknown++] = 4 * w;
        if (!e->smask)
            continue;                           /* nothing stored: read-only or write-only */
        uint32_t root = uf_find(parent, w);
        if (root_slot[root] < 0) {
            uint32_t *rs = realloc(m->slot_reset, (m->nslots + 1) * sizeof *rs);
            if (!rs)
                goto fail;
            m->slot_reset = rs;
            uint32_t *sa = realloc(m->slot_addr, (m->nslots + 1) * sizeof *sa);
            if (!sa)
                goto fail;
            m->slot_addr = sa;
            m->slot_reset[m->nslots] = g->dflt & e->smask;
            m->slot_addr[m->nslots] = 4 * w;
            root_slot[root] = (int32_t)m->nslots++;
        }
        e->slot = root_slot[root];
    }
    if (ram_lo <= ram_hi) {
        m->ram_base = 4 * ram_lo;
        m->ram_depth = ram_hi - ram_lo + 1;
        for (uint32_t w = ram_lo; w <= ram_hi; w++)
            if (m->w[w].known && a[uf_find(parent, w)].ram)
                m->w[w].ram = (int32_t)(w - ram_lo);
    }
    free(a);
    free(parent);
    free(root_slot);
    return m;

fail:
    free(a);
    free(parent);
    free(root_slot);
    regs_map_free(m);
    return NULL;
}
