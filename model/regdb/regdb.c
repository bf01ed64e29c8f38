/*
 * regdb.c - lookups, decoding and encoding over the generated register tables (see regdb.h).
 *
 * The tables themselves (rdb_family_r5xx, rdb_family_si) are generated into the build directory
 * by scripts/regdb_ctab.py. Nothing here allocates memory or keeps state between calls.
 */
#include "regdb.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

extern const rdb_family rdb_family_r5xx;
extern const rdb_family rdb_family_si;
extern const rdb_family rdb_family_r5xx_supp;

/* The supplement of a family (registers the seeds do not define, model/regdb/r5xx_supp.json):
 * consulted by the lookups below only where the seed-derived table has nothing. It is not one of
 * the families listed by rdb_family_at() and never counted by rdb_family_nregs(). */
const rdb_family *rdb_family_supplement(const rdb_family *f)
{
    return f == &rdb_family_r5xx ? &rdb_family_r5xx_supp : NULL;
}

static const rdb_family *const families[] = { &rdb_family_r5xx, &rdb_family_si };
#define NFAMILIES (sizeof families / sizeof families[0])

/* ---- small helpers ------------------------------------------------------------------------ */

static int upcase(int c)
{
    return (c >= 'a' && c <= 'z') ? c - 'a' + 'A' : c;
}

/* Case-insensitive compare of ASCII strings, byte order of the upper-case forms (the order the
 * generator sorted the name index in). */
static int cmp_nocase(const char *a, const char *b)
{
    for (;; a++, b++) {
        int ca = upcase((unsigned char)*a), cb = upcase((unsigned char)*b);
        if (ca != cb || ca == 0)
            return ca - cb;
    }
}

/* Compare name against s[0..len) ignoring case; s need not be NUL-terminated. */
static int eq_nocase_n(const char *name, const char *s, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (name[i] == 0 || upcase((unsigned char)name[i]) != upcase((unsigned char)s[i]))
            return 0;
    return name[len] == 0;
}

/* Compare an enum name with s[0..len) treating every run of non-alphanumerics as one '_'
 * and ignoring case and leading/trailing punctuation: "Add and Clamp" == "add_and_clamp". */
static int eq_loose_n(const char *name, const char *s, size_t len)
{
    size_t i = 0;
    const char *p = name;
    for (;;) {
        while (*p && !isalnum((unsigned char)*p))
            p++;
        while (i < len && !isalnum((unsigned char)s[i]))
            i++;
        if (*p == 0 || i == len)
            return *p == 0 && i == len;
        while (*p && isalnum((unsigned char)*p) && i < len && isalnum((unsigned char)s[i])) {
            if (upcase((unsigned char)*p) != upcase((unsigned char)s[i]))
                return 0;
            p++, i++;
        }
        if ((*p && isalnum((unsigned char)*p)) || (i < len && isalnum((unsigned char)s[i])))
            return 0;
    }
}

/* An append-only text buffer that counts what it could not store (snprintf semantics). */
typedef struct {
    char *buf;
    size_t n, len;
} outbuf;

static void out_add(outbuf *o, const char *fmt, ...)
{
    va_list ap;
    int k;
    char *dst = o->len < o->n ? o->buf + o->len : NULL;
    size_t room = o->len < o->n ? o->n - o->len : 0;
    va_start(ap, fmt);
    k = vsnprintf(dst, room, fmt, ap);
    va_end(ap);
    if (k > 0)
        o->len += (size_t)k;
}

static void seterr(char *err, size_t errn, const char *fmt, ...)
{
    va_list ap;
    if (!err || errn == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(err, errn, fmt, ap);
    va_end(ap);
}

/* ---- families ------------------------------------------------------------------------------ */

const rdb_family *rdb_family_find(const char *name)
{
    size_t i;
    if (!name)
        return NULL;
    for (i = 0; i < NFAMILIES; i++)
        if (cmp_nocase(families[i]->name, name) == 0)
            return families[i];
    return NULL;
}

const rdb_family *rdb_family_at(size_t i)
{
    return i < NFAMILIES ? families[i] : NULL;
}

const char *rdb_family_name(const rdb_family *f) { return f->name; }
size_t rdb_family_nregs(const rdb_family *f) { return f->nregs; }

const rdb_reg *rdb_family_reg(const rdb_family *f, size_t i)
{
    return i < f->nregs ? &f->regs[i] : NULL;
}

/* ---- lookup -------------------------------------------------------------------------------- */

static const rdb_reg *by_name1(const rdb_family *f, const char *name);

const rdb_reg *rdb_reg_by_name(const rdb_family *f, const char *name)
{
    const rdb_reg *r = by_name1(f, name);
    return r || !f ? r : by_name1(rdb_family_supplement(f), name);
}

static const rdb_reg *by_name1(const rdb_family *f, const char *name)
{
    size_t lo = 0, hi, i;
    if (!f || !name || !*name)
        return NULL;
    hi = f->nregs;
    while (lo < hi) {                       /* leftmost match: aliases share a name */
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_nocase(f->regs[f->by_name[mid]].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < f->nregs && cmp_nocase(f->regs[f->by_name[lo]].name, name) == 0)
        return &f->regs[f->by_name[lo]];
    /* the documented entry name of an array: its first instance */
    for (i = 0; i < f->nentries; i++) {
        if (cmp_nocase(f->entries[i].name, name) == 0) {
            size_t k;
            for (k = 0; k < f->nregs; k++)
                if (f->regs[k].entry == &f->entries[i] && f->regs[k].index <= 0)
                    return &f->regs[k];
        }
    }
    return NULL;
}

/* Index of the first register at addr, or nregs. */
static size_t first_at(const rdb_family *f, uint32_t addr)
{
    size_t lo = 0, hi = f->nregs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (f->regs[mid].addr < addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static const rdb_reg *by_addr1(const rdb_family *f, uint32_t byte_addr);

const rdb_reg *rdb_reg_by_addr(const rdb_family *f, uint32_t byte_addr)
{
    const rdb_reg *r = by_addr1(f, byte_addr);
    return r || !f ? r : by_addr1(rdb_family_supplement(f), byte_addr);
}

static const rdb_reg *by_addr1(const rdb_family *f, uint32_t byte_addr)
{
    size_t i;
    if (!f)
        return NULL;
    i = first_at(f, byte_addr);
    if (i < f->nregs && f->regs[i].addr == byte_addr)
        return &f->regs[i];
    for (i = 0; i < f->napertures; i++) {
        const rdb_reg *r = &f->regs[f->apertures[i]];
        if (byte_addr >= r->addr && byte_addr <= r->entry->aperture_end)
            return r;
    }
    return NULL;
}

size_t rdb_regs_at(const rdb_family *f, uint32_t addr, const rdb_reg **out, size_t max)
{
    size_t i, n = 0;
    if (!f)
        return 0;
    if (!rdb_reg_by_addr(f, addr))
        return 0;
    if (!by_addr1(f, addr))                                /* only in the supplement */
        f = rdb_family_supplement(f);
    for (i = first_at(f, addr); i < f->nregs && f->regs[i].addr == addr; i++, n++)
        if (out && n < max)
            out[n] = &f->regs[i];
    if (n == 0) {
        const rdb_reg *r = rdb_reg_by_addr(f, addr);      /* inside an aperture */
        if (r) {
            if (out && max > 0)
                out[0] = r;
            n = 1;
        }
    }
    return n;
}

/* Levenshtein distance, case-insensitive, capped at 255 (names are short). */
static unsigned edit_distance(const char *a, const char *b)
{
    unsigned row[64];
    size_t la = strlen(a), lb = strlen(b), i, j;
    if (lb >= sizeof row / sizeof row[0] || la >= 255)
        return 255;
    for (j = 0; j <= lb; j++)
        row[j] = (unsigned)j;
    for (i = 1; i <= la; i++) {
        unsigned diag = row[0];
        row[0] = (unsigned)i;
        for (j = 1; j <= lb; j++) {
            unsigned up = row[j];
            unsigned cost = upcase((unsigned char)a[i - 1]) == upcase((unsigned char)b[j - 1]) ? 0 : 1;
            unsigned best = diag + cost;
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

size_t rdb_closest_names(const rdb_family *f, const char *name, const rdb_reg **out, size_t max)
{
    /* keep the best instance of each entry, then the max best entries */
    enum { CAP = 16 };
    const rdb_reg *best[CAP];
    unsigned dist[CAP];
    size_t nbest = 0, i, k;
    if (!f || !name || !out || max == 0)
        return 0;
    if (max > CAP)
        max = CAP;
    for (i = 0; i < f->nregs; i++) {
        const rdb_reg *r = &f->regs[i];
        unsigned d = edit_distance(name, r->name);
        size_t pos;
        for (k = 0; k < nbest; k++)
            if (best[k]->entry == r->entry)
                break;
        if (k < nbest) {                        /* same entry: keep the closer instance */
            if (d >= dist[k])
                continue;
            memmove(&best[k], &best[k + 1], (nbest - k - 1) * sizeof best[0]);
            memmove(&dist[k], &dist[k + 1], (nbest - k - 1) * sizeof dist[0]);
            nbest--;
        }
        for (pos = nbest; pos > 0 && dist[pos - 1] > d; pos--)
            ;
        if (pos >= max)
            continue;
        if (nbest == max)
            nbest--;
        memmove(&best[pos + 1], &best[pos], (nbest - pos) * sizeof best[0]);
        memmove(&dist[pos + 1], &dist[pos], (nbest - pos) * sizeof dist[0]);
        best[pos] = r;
        dist[pos] = d;
        nbest++;
    }
    for (k = 0; k < nbest; k++)
        out[k] = best[k];
    return nbest;
}

/* ---- registers and fields ------------------------------------------------------------------ */

static const char *access_text(unsigned a)
{
    switch (a) {
    case RDB_ACCESS_R: return "R";
    case RDB_ACCESS_W: return "W";
    case RDB_ACCESS_RW: return "R/W";
    default: return NULL;
    }
}

const char *rdb_reg_name(const rdb_reg *r) { return r->name; }
uint32_t rdb_reg_addr(const rdb_reg *r) { return r->addr; }
const char *rdb_reg_entry_name(const rdb_reg *r) { return r->entry->name; }
int rdb_reg_index(const rdb_reg *r) { return (int)r->index; }
const char *rdb_reg_block(const rdb_reg *r) { return r->entry->block; }
unsigned rdb_reg_width(const rdb_reg *r) { return r->entry->width; }
uint32_t rdb_reg_line(const rdb_reg *r) { return r->entry->line; }
size_t rdb_reg_nfields(const rdb_reg *r) { return r->entry->nfields; }

const char *rdb_reg_access(const rdb_reg *r)
{
    const char *s = access_text(r->entry->access);
    return s ? s : "R/W";
}

const rdb_field *rdb_reg_field(const rdb_reg *r, size_t i)
{
    return i < r->entry->nfields ? &r->entry->fields[i] : NULL;
}

const rdb_field *rdb_field_find(const rdb_reg *r, const char *name)
{
    size_t i;
    for (i = 0; name && i < r->entry->nfields; i++)
        if (cmp_nocase(r->entry->fields[i].name, name) == 0)
            return &r->entry->fields[i];
    return NULL;
}

uint32_t rdb_reg_default(const rdb_reg *r)
{
    uint32_t v = 0;
    size_t i;
    for (i = 0; i < r->entry->nfields; i++) {
        const rdb_field *fd = &r->entry->fields[i];
        if (fd->has_default)
            v |= (fd->def << fd->lo) & rdb_field_mask(fd);
    }
    return v;
}

const char *rdb_field_name(const rdb_field *fd) { return fd->name; }
unsigned rdb_field_lo(const rdb_field *fd) { return fd->lo; }
unsigned rdb_field_hi(const rdb_field *fd) { return fd->hi; }
const char *rdb_field_access(const rdb_field *fd) { return access_text(fd->access); }
size_t rdb_field_nenums(const rdb_field *fd) { return fd->nenums; }

uint32_t rdb_field_mask(const rdb_field *fd)
{
    unsigned w = (unsigned)fd->hi - fd->lo + 1;
    return (w >= 32 ? 0xFFFFFFFFu : ((1u << w) - 1u)) << fd->lo;
}

uint32_t rdb_field_get(const rdb_field *fd, uint32_t regval)
{
    return (regval & rdb_field_mask(fd)) >> fd->lo;
}

int rdb_field_default(const rdb_field *fd, uint32_t *out)
{
    if (!fd->has_default)
        return 0;
    if (out)
        *out = fd->def;
    return 1;
}

const rdb_enum *rdb_field_enum(const rdb_field *fd, size_t i)
{
    return i < fd->nenums ? &fd->enums[i] : NULL;
}

static const rdb_enum *enum_of(const rdb_field *fd, uint32_t v)
{
    size_t i;
    for (i = 0; i < fd->nenums; i++)
        if (fd->enums[i].value == v)
            return &fd->enums[i];
    return NULL;
}

const char *rdb_field_enum_name(const rdb_field *fd, uint32_t v)
{
    const rdb_enum *e = enum_of(fd, v);
    return e ? e->name : NULL;
}

/* ---- decode and encode --------------------------------------------------------------------- */

static int is_reserved(const rdb_field *fd)
{
    return cmp_nocase(fd->name, "RESERVED") == 0;
}

size_t rdb_format_reg(const rdb_reg *r, uint32_t value, char *buf, size_t n)
{
    outbuf o = { buf, n, 0 };
    uint32_t covered = 0;
    size_t i, shown = 0;
    if (buf && n > 0)
        buf[0] = 0;
    out_add(&o, "%s{", r->name);
    for (i = 0; i < r->entry->nfields; i++) {
        const rdb_field *fd = &r->entry->fields[i];
        uint32_t v = rdb_field_get(fd, value);
        const rdb_enum *e;
        covered |= rdb_field_mask(fd);
        if (is_reserved(fd) && v == 0)
            continue;
        e = enum_of(fd, v);
        out_add(&o, "%s%s=", shown++ ? ", " : "", fd->name);
        if (e && e->ident)
            out_add(&o, "%s", e->ident);
        else if (v < 10)
            out_add(&o, "%u", (unsigned)v);
        else
            out_add(&o, "0x%X", (unsigned)v);
    }
    if (value & ~covered)
        out_add(&o, "%s?=0x%08X", shown ? ", " : "", (unsigned)(value & ~covered));
    out_add(&o, "}");
    return o.len;
}

size_t rdb_format(const rdb_family *f, uint32_t addr, uint32_t value, char *buf, size_t n)
{
    const rdb_reg *r = rdb_reg_by_addr(f, addr);
    if (!r) {
        int k = snprintf(buf, n, "0x%X=0x%08X", (unsigned)addr, (unsigned)value);
        return k > 0 ? (size_t)k : 0;
    }
    return rdb_format_reg(r, value, buf, n);
}

/* Parses a whole token as a number: decimal or 0x-hex. */
static int parse_number(const char *s, size_t len, uint64_t *out)
{
    uint64_t v = 0;
    size_t i = 0;
    int hex = 0;
    if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        hex = 1;
        i = 2;
    }
    if (i >= len)
        return 0;
    for (; i < len; i++) {
        int c = (unsigned char)s[i], d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (hex && c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (hex && c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return 0;
        v = v * (hex ? 16u : 10u) + (unsigned)d;
        if (v > 0xFFFFFFFFull)
            return 0;
    }
    *out = v;
    return 1;
}

int rdb_encode(const rdb_reg *r, const char *assignments, uint32_t *value, char *err, size_t errn)
{
    uint32_t v;
    const char *p = assignments;
    if (!r || !assignments || !value) {
        seterr(err, errn, "bad arguments");
        return -1;
    }
    v = *value;
    for (;;) {
        const char *name, *val, *end;
        size_t nlen, vlen, i;
        const rdb_field *fd = NULL;
        uint64_t x;
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        if (*p == 0)
            break;
        name = p;
        while (*p && *p != '=' && *p != ',' && *p != ' ' && *p != '\t')
            p++;
        nlen = (size_t)(p - name);
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p != '=' || nlen == 0) {
            seterr(err, errn, "expected FIELD=VALUE at '%.*s'", (int)strcspn(name, ","), name);
            return -1;
        }
        p++;
        while (*p == ' ' || *p == '\t')
            p++;
        val = p;
        while (*p && *p != ',')
            p++;
        end = p;
        while (end > val && (end[-1] == ' ' || end[-1] == '\t'))
            end--;
        vlen = (size_t)(end - val);
        for (i = 0; i < r->entry->nfields; i++)
            if (eq_nocase_n(r->entry->fields[i].name, name, nlen)) {
                fd = &r->entry->fields[i];
                break;
            }
        if (!fd) {
            seterr(err, errn, "%s has no field '%.*s'", r->name, (int)nlen, name);
            return -1;
        }
        if (vlen == 0) {
            seterr(err, errn, "no value for %s", fd->name);
            return -1;
        }
        if (!parse_number(val, vlen, &x)) {
            const rdb_enum *hit = NULL;
            for (i = 0; i < fd->nenums && !hit; i++)
                if ((fd->enums[i].ident && eq_nocase_n(fd->enums[i].ident, val, vlen)))
                    hit = &fd->enums[i];
            for (i = 0; i < fd->nenums && !hit; i++)
                if (eq_loose_n(fd->enums[i].name, val, vlen))
                    hit = &fd->enums[i];
            if (!hit) {
                seterr(err, errn, "'%.*s' is neither a number nor a value name of %s.%s",
                       (int)vlen, val, r->name, fd->name);
                return -1;
            }
            x = hit->value;
        }
        if (x > (rdb_field_mask(fd) >> fd->lo)) {
            seterr(err, errn, "%llu does not fit %s[%u:%u]", (unsigned long long)x, fd->name,
                   (unsigned)fd->hi, (unsigned)fd->lo);
            return -1;
        }
        v = (v & ~rdb_field_mask(fd)) | ((uint32_t)x << fd->lo);
    }
    *value = v;
    return 0;
}
