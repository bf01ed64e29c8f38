/*
 * regdb.h - the register database: names, byte addresses, access, fields, defaults and
 * enumerated values of every register of a GPU family, looked up by name or by address, and
 * register values decoded to text ("RB3D_BLENDCNTL{ALPHA_BLEND_ENABLE=Enable, ...}") or encoded
 * from "FIELD=VALUE" text.
 *
 * The tables are generated at build time by scripts/regdb_ctab.py from model/regdb/<family>.json,
 * which scripts/regdb_gen.py builds from the AMD register references (see docs/regdb.md).
 *
 * Everything here is read-only and thread-safe: there is no global mutable state. Functions
 * report errors through their return value (and an optional message buffer); they never print.
 *
 * Vocabulary. An *entry* is one register description of the document; an array such as
 * RB3D_COLOROFFSET[0-3] is one entry. A *register* (rdb_reg) is one addressable instance:
 * RB3D_COLOROFFSET2 at 0x4E30. Several registers may share an address (the US instruction
 * words at 0x9000..., the Sea Islands shader encodings at 0x8DFC); one register may have an
 * alias address (VAP_VPORT_XSCALE at 0x1D98 and 0x2098) and then appears once per address; an
 * aperture (CP_CSQ_APER_PRIMARY, 0x1000-0x11FC) answers every address of its window.
 */
#ifndef RCOSIM_REGDB_H
#define RCOSIM_REGDB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Access as printed by the document ([R], [W], [R/W]); per-field overrides use the same codes. */
enum { RDB_ACCESS_NONE = 0, RDB_ACCESS_R = 1, RDB_ACCESS_W = 2, RDB_ACCESS_RW = 3 };

/* The structures below are the layout of the generated tables. Treat them as read-only; the
 * accessor functions further down are the supported interface. */
typedef struct rdb_enum {
    uint32_t value;
    const char *name;           /* as documented: "Enable", "Add and Clamp", "REF_LESS" */
    const char *ident;          /* identifier form, unique within the field, or NULL */
} rdb_enum;

typedef struct rdb_field {
    const char *name;
    uint8_t lo, hi;             /* bit range, inclusive */
    uint8_t access;             /* RDB_ACCESS_NONE = as the register */
    uint8_t has_default;
    uint32_t def;               /* documented reset value of the field (if has_default) */
    const char *mirror_of;      /* "REG:FIELD" when the field mirrors another, else NULL */
    const rdb_enum *enums;
    uint16_t nenums;
    uint32_t line;              /* seed line of the field row */
} rdb_field;

typedef struct rdb_entry {
    const char *name;           /* as documented: "RB3D_COLOROFFSET[0-3]" */
    const char *block;          /* "CB", "VAP", "DB", ... */
    uint8_t access;             /* RDB_ACCESS_* */
    uint8_t width;              /* register width in bits (32, or 8/16 for a few SI registers) */
    uint16_t nfields;
    const rdb_field *fields;    /* sorted by lo */
    uint32_t count;             /* instances: array length, or 1 */
    uint32_t aperture_end;      /* last byte address of an address window, else 0 */
    uint32_t line;              /* seed line of the header */
} rdb_entry;

typedef struct rdb_reg {
    const char *name;           /* instance name: "RB3D_COLOROFFSET2", "RB3D_BLENDCNTL" */
    uint32_t addr;              /* byte address */
    int32_t index;              /* array index, -1 if the entry is not an array */
    const rdb_entry *entry;
} rdb_reg;

typedef struct rdb_family {
    const char *name;           /* "r5xx", "si" */
    const char *seed;           /* seed document number for citations: "000", "002" */
    const char *title;
    const rdb_reg *regs;        /* sorted by address, then document order */
    size_t nregs;
    const uint32_t *by_name;    /* indices into regs, sorted by upper-case name */
    const rdb_entry *entries;   /* document order */
    size_t nentries;
    const uint32_t *apertures;  /* indices into regs of the address windows */
    size_t napertures;
} rdb_family;

/* ---- families ---------------------------------------------------------------------------- */

const rdb_family *rdb_family_find(const char *name);        /* "r5xx" or "si" (any case); NULL if unknown */
const rdb_family *rdb_family_at(size_t i);                   /* i-th family, NULL past the end */
const char *rdb_family_name(const rdb_family *f);
size_t rdb_family_nregs(const rdb_family *f);                /* instances, alias addresses counted */
const rdb_reg *rdb_family_reg(const rdb_family *f, size_t i);/* i-th register in address order */

/* The supplement of a family (r5xx: model/regdb/r5xx_supp.json, registers the seeds do not define,
 * each with its public source) or NULL. The lookups below (by name, by address, rdb_regs_at,
 * rdb_format) consult it where the seed-derived table has nothing; rdb_family_nregs() and
 * rdb_family_reg() never include it. */
const rdb_family *rdb_family_supplement(const rdb_family *f);

/* ---- lookup ------------------------------------------------------------------------------ */

/* Case-insensitive. Accepts instance names (RB3D_COLOROFFSET2, US_CMN_INST_511) and the
 * documented entry name (RB3D_COLOROFFSET[0-3], answering its first instance). NULL if unknown. */
const rdb_reg *rdb_reg_by_name(const rdb_family *f, const char *name);

/* The first register (in document order) at this byte address, or the aperture containing it;
 * NULL if none. Binary search: cheap enough to call once per transaction. */
const rdb_reg *rdb_reg_by_addr(const rdb_family *f, uint32_t byte_addr);

/* All registers at this address (shared addresses, e.g. the US instruction words): stores up to
 * max of them in out and returns how many there are (may exceed max, like snprintf). */
size_t rdb_regs_at(const rdb_family *f, uint32_t addr, const rdb_reg **out, size_t max);

/* Up to max registers whose names are closest to name (Levenshtein distance, case-insensitive,
 * one per entry); returns how many were stored. For "did you mean" messages. */
size_t rdb_closest_names(const rdb_family *f, const char *name, const rdb_reg **out, size_t max);

/* ---- registers and fields ---------------------------------------------------------------- */

const char *rdb_reg_name(const rdb_reg *r);
uint32_t rdb_reg_addr(const rdb_reg *r);
const char *rdb_reg_entry_name(const rdb_reg *r);            /* "RB3D_COLOROFFSET[0-3]" */
int rdb_reg_index(const rdb_reg *r);                         /* array index or -1 */
const char *rdb_reg_block(const rdb_reg *r);
const char *rdb_reg_access(const rdb_reg *r);                /* "R", "W" or "R/W" */
unsigned rdb_reg_width(const rdb_reg *r);
uint32_t rdb_reg_line(const rdb_reg *r);                     /* seed line of the header */
uint32_t rdb_reg_default(const rdb_reg *r);                  /* documented defaults; 0 where "none" */
size_t rdb_reg_nfields(const rdb_reg *r);
const rdb_field *rdb_reg_field(const rdb_reg *r, size_t i); /* sorted by lo; NULL past the end */
const rdb_field *rdb_field_find(const rdb_reg *r, const char *name); /* case-insensitive */

const char *rdb_field_name(const rdb_field *fd);
unsigned rdb_field_lo(const rdb_field *fd);
unsigned rdb_field_hi(const rdb_field *fd);
uint32_t rdb_field_mask(const rdb_field *fd);                /* in register position */
uint32_t rdb_field_get(const rdb_field *fd, uint32_t regval);
int rdb_field_default(const rdb_field *fd, uint32_t *out);  /* 1 and *out if documented, else 0 */
const char *rdb_field_access(const rdb_field *fd);           /* per-field override or NULL */
size_t rdb_field_nenums(const rdb_field *fd);
const rdb_enum *rdb_field_enum(const rdb_field *fd, size_t i);
const char *rdb_field_enum_name(const rdb_field *fd, uint32_t v); /* documented name or NULL */

/* ---- decode and encode ------------------------------------------------------------------- */

/* Writes "NAME{FIELD=Value, ...}" for the register at addr: every field in bit order (fields
 * named Reserved only when non-zero), an enumerated value by its identifier form when that is
 * unique in the field, other values in decimal below 10 and in hex above; set bits that no field
 * covers as "?=0x...". At a shared address the first register (document order) is used. An
 * unknown address gives "0x1234=0x00000001". Returns the length the full text needs, like
 * snprintf; buf is NUL-terminated whenever n > 0. */
size_t rdb_format(const rdb_family *f, uint32_t addr, uint32_t value, char *buf, size_t n);

/* Same for a known register. */
size_t rdb_format_reg(const rdb_reg *r, uint32_t value, char *buf, size_t n);

/* Applies "FIELD=VAL,FIELD=ENUMNAME,..." to *value (in/out: fields not named keep their bits;
 * start from 0 or rdb_reg_default()). VAL is decimal or 0x-hex; ENUMNAME is the documented name
 * or its identifier form, any case. Returns 0, or -1 with a message in err (if errn > 0) and
 * *value unchanged. */
int rdb_encode(const rdb_reg *r, const char *assignments, uint32_t *value, char *err, size_t errn);

#ifdef __cplusplus
}
#endif

#endif /* RCOSIM_REGDB_H */
