/*
 * rc_vector.c - reading and writing vector files (format v1, docs/vectors.md).
 * zlib's gz* calls read plain and gzip files alike, and write gzip when asked.
 */
#define _POSIX_C_SOURCE 200809L
#include "rc_vector.h"
#include "rc_args.h"
#include "rc_policy.h"
#include "rc_mem.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

void rc_vector_init(rc_vector *v, const rc_block_desc *blk)
{
    memset(v, 0, sizeof *v);
    v->blk = blk;
    v->seed = 1; /* a vector without a 'seed' line: the same default as --seed (docs/vectors.md) */
    snprintf(v->backpressure, sizeof v->backpressure, "always");
    snprintf(v->latency, sizeof v->latency, "1:1");
    if (blk) {
        for (unsigned c = 0; c < blk->nchannels; c++) {
            v->in[c].nf = blk->channels[c].nfields;
            v->out[c].nf = blk->channels[c].nfields;
        }
    }
}

static void txlist_free(rc_txlist *l)
{
    free(l->cycle);
    free(l->vals);
    l->cycle = l->vals = NULL;
    l->n = l->cap = 0;
}

void rc_vector_clear_outputs(rc_vector *v)
{
    for (unsigned c = 0; c < RC_MAX_CHANNELS; c++)
        v->out[c].n = 0;
}

void rc_vector_free(rc_vector *v)
{
    for (unsigned c = 0; c < RC_MAX_CHANNELS; c++) {
        txlist_free(&v->in[c]);
        txlist_free(&v->out[c]);
    }
    for (size_t i = 0; i < v->nmem; i++)
        free(v->mem[i].words);
    free(v->mem);
    v->mem = NULL;
    v->nmem = v->capmem = 0;
}

int rc_txlist_push(rc_txlist *l, uint64_t cycle, const uint64_t *vals)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        uint64_t *c = realloc(l->cycle, cap * sizeof *c);
        if (!c)
            return -1;
        l->cycle = c;
        uint64_t *v = realloc(l->vals, cap * (l->nf ? l->nf : 1) * sizeof *v);
        if (!v)
            return -1;
        l->vals = v;
        l->cap = cap;
    }
    l->cycle[l->n] = cycle;
    if (l->nf)
        memcpy(l->vals + l->n * l->nf, vals, l->nf * sizeof *vals);
    l->n++;
    return 0;
}

int rc_vector_add_input(rc_vector *v, unsigned ch, uint64_t earliest, const uint64_t *vals)
{
    return rc_txlist_push(&v->in[ch], earliest, vals);
}

int rc_vector_add_mem(rc_vector *v, uint32_t addr, const uint32_t *words, size_t nwords)
{
    if (v->nmem == v->capmem) {
        size_t cap = v->capmem ? v->capmem * 2 : 8;
        rc_memchunk *m = realloc(v->mem, cap * sizeof *m);
        if (!m)
            return -1;
        v->mem = m;
        v->capmem = cap;
    }
    rc_memchunk *m = &v->mem[v->nmem];
    m->addr = addr;
    m->nwords = nwords;
    m->words = malloc((nwords ? nwords : 1) * sizeof *words);
    if (!m->words)
        return -1;
    memcpy(m->words, words, nwords * sizeof *words);
    v->nmem++;
    return 0;
}

/* ---- reading ------------------------------------------------------------------------------ */

typedef struct reader {
    gzFile gz;
    const char *path;
    unsigned long line;
    char *err;
    size_t errn;
    char *buf;           /* the current line, grown as needed: no line is too long */
    size_t cap;
} reader;

static int fail(reader *r, const char *fmt, ...)
{
    int n = snprintf(r->err, r->errn, "%s:%lu: ", r->path, r->line);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < r->errn)
        vsnprintf(r->err + n, r->errn - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

/* Reads one whole line into r->buf.  1, 0 at end of file, -1 on error (a corrupt or
 * truncated gzip stream is an error, not an end of file). */
static int read_line(reader *r)
{
    size_t len = 0;
    for (;;) {
        if (r->cap - len < 2) {
            size_t cap = r->cap ? r->cap * 2 : 4096;
            char *b = realloc(r->buf, cap);
            if (!b) {
                r->line++;
                return fail(r, "out of memory");
            }
            r->buf = b;
            r->cap = cap;
        }
        int chunk = r->cap - len > (size_t)1 << 30 ? 1 << 30 : (int)(r->cap - len);
        if (!gzgets(r->gz, r->buf + len, chunk)) {
            int zerr;
            const char *msg = gzerror(r->gz, &zerr);
            if (zerr != Z_OK) {
                r->line++;
                return fail(r, "expected more text, read error: %s", msg);
            }
            if (!len)
                return 0;
            break;
        }
        size_t k = strlen(r->buf + len);
        len += k;
        if (len && r->buf[len - 1] == '\n')
            break;
        /* gzgets stops at a newline, a full buffer or the end of the file: a string that ends
         * before any of them ends at a NUL byte inside the line (text after it would be lost). */
        if (k + 1 < (size_t)chunk && !gzeof(r->gz)) {
            r->line++;
            return fail(r, "expected a line of text, got a NUL byte");
        }
    }
    r->line++;
    return 1;
}

/* Next significant line (comments and blank lines skipped), split into at most max tokens
 * ('stimulus' takes the rest of its line as one word).  Returns the token count, 0 at end
 * of file, -1 on error. */
static int next_line(reader *r, char **tok, int max)
{
    for (;;) {
        int got = read_line(r);
        if (got <= 0)
            return got;
        char *buf = r->buf;
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = 0;
        int n = 0;
        for (char *p = buf;;) {
            while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
                p++;
            if (!*p)
                break;
            if (n == max)
                return fail(r, "expected at most %d words on the line", max);
            tok[n++] = p;
            if (n == 2 && !strcmp(tok[0], "stimulus")) {
                size_t l = strlen(p);
                while (l && (p[l - 1] == ' ' || p[l - 1] == '\t' || p[l - 1] == '\r' || p[l - 1] == '\n'))
                    p[--l] = 0;
                break;
            }
            while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
                p++;
            if (*p)
                *p++ = 0;
        }
        if (n)
            return n;
    }
}

/* Hex digits only (no sign, no 0x), at most 16: the hot path of reading large vectors. */
static int parse_hex(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    int n = 0;
    for (; *s; s++, n++) {
        unsigned d;
        if (*s >= '0' && *s <= '9')
            d = (unsigned)(*s - '0');
        else if (*s >= 'a' && *s <= 'f')
            d = (unsigned)(*s - 'a' + 10);
        else if (*s >= 'A' && *s <= 'F')
            d = (unsigned)(*s - 'A' + 10);
        else
            return -1;
        if (n == 16)
            return -1;
        v = v << 4 | d;
    }
    if (!n)
        return -1;
    *out = v;
    return 0;
}

static int parse_u64(const char *s, int base, uint64_t *out)
{
    if (base == 16)
        return parse_hex(s, out);
    if (!*s || *s == '-' || *s == '+')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, base);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

static int find_channel(const rc_block_desc *b, const char *name)
{
    for (unsigned c = 0; c < b->nchannels; c++)
        if (!strcmp(b->channels[c].name, name))
            return (int)c;
    return -1;
}

#define MAXTOK (RC_MAX_FIELDS + 8)

static int check_channel_line(reader *r, const rc_block_desc *b, char **tok, int n, int *seen)
{
    if (n < 3 || (strcmp(tok[1], "in") && strcmp(tok[1], "out")))
        return fail(r, "expected: channel in|out NAME FIELD:WIDTH ...");
    int c = find_channel(b, tok[2]);
    if (c < 0)
        return fail(r, "expected a channel of block %s, got '%s'", b->name, tok[2]);
    const rc_channel *ch = &b->channels[c];
    if (seen[c])
        return fail(r, "expected one 'channel' line per channel; '%s' was declared at line %d", ch->name, seen[c]);
    if ((ch->dir == RC_IN) != !strcmp(tok[1], "in"))
        return fail(r, "expected channel '%s' to be '%s'", ch->name, ch->dir == RC_IN ? "in" : "out");
    if ((unsigned)(n - 3) != ch->nfields)
        return fail(r, "expected %u fields for channel '%s', got %d", ch->nfields, ch->name, n - 3);
    for (unsigned f = 0; f < ch->nfields; f++) {
        char want[96];
        snprintf(want, sizeof want, "%s:%u", ch->fields[f].name, ch->fields[f].width);
        if (strcmp(tok[3 + f], want))
            return fail(r, "expected field '%s' of channel '%s', got '%s'", want, ch->name, tok[3 + f]);
    }
    seen[c] = r->line > INT_MAX ? INT_MAX : (int)r->line;    /* nonzero: the line that declared it */
    return 0;
}

static int parse_txn(reader *r, rc_vector *v, char **tok, int n, int out, const int *seen)
{
    const rc_block_desc *b = v->blk;
    if (n < 2)
        return fail(r, "expected: %s CHANNEL [@CYCLE] VALUE ...", tok[0]);
    int c = find_channel(b, tok[1]);
    if (c < 0 || !seen[c])
        return fail(r, "expected a channel declared by a 'channel' line, got '%s'", tok[1]);
    const rc_channel *ch = &b->channels[c];
    if (out != (ch->dir == RC_OUT))
        return fail(r, "expected an %s channel after '%s', got '%s'", out ? "output" : "input", tok[0], tok[1]);
    /* The harness's memory agent drives it: 'gen' wrote such lines, which 'run' then refused. */
    if (!out && ch->agent)
        return fail(r, "expected an input channel the vector drives, got '%s' (the memory agent drives it)",
                    ch->name);
    int i = 2;
    uint64_t cycle = 0;
    if (i < n && tok[i][0] == '@') {
        if (parse_u64(tok[i] + 1, 10, &cycle))
            return fail(r, "expected a decimal cycle after '@', got '%s'", tok[i]);
        i++;
    } else if (out) {
        return fail(r, "expected '@CYCLE' after the output channel '%s'", ch->name);
    }
    if ((unsigned)(n - i) != ch->nfields)
        return fail(r, "expected %u values for channel '%s', got %d", ch->nfields, ch->name, n - i);
    uint64_t vals[RC_MAX_FIELDS];
    for (unsigned f = 0; f < ch->nfields; f++, i++) {
        const rc_field *fd = &ch->fields[f];
        if (parse_u64(tok[i], 16, &vals[f]))
            return fail(r, "expected a hex value for field '%s', got '%s'", fd->name, tok[i]);
        if (fd->width < 64 && (vals[f] >> fd->width))
            return fail(r, "expected field '%s' to fit in %u bits, got %s", fd->name, fd->width, tok[i]);
    }
    rc_txlist *l = out ? &v->out[c] : &v->in[c];
    if (out && l->n && cycle < l->cycle[l->n - 1])
        return fail(r, "expected cycle stamps of channel '%s' in order, got @%llu after @%llu",
                    ch->name, (unsigned long long)cycle, (unsigned long long)l->cycle[l->n - 1]);
    if (rc_txlist_push(l, cycle, vals))
        return fail(r, "out of memory");
    return 0;
}

typedef struct memref {
    uint32_t addr;
    size_t idx;
} memref;

static int by_addr(const void *a, const void *b)
{
    const memref *x = a, *y = b;
    return x->addr != y->addr ? (x->addr < y->addr ? -1 : 1) : (x->idx < y->idx ? -1 : x->idx > y->idx);
}

/* Memory sections must not overlap; the error names the first line of the later section. */
static int check_mem_overlap(reader *r, const rc_vector *v, const unsigned long *memline)
{
    if (v->nmem < 2)
        return 0;
    memref *ref = malloc(v->nmem * sizeof *ref);
    if (!ref)
        return fail(r, "out of memory");
    for (size_t i = 0; i < v->nmem; i++)
        ref[i] = (memref){ v->mem[i].addr, i };
    qsort(ref, v->nmem, sizeof *ref, by_addr);
    int rc = 0;
    for (size_t k = 1; k < v->nmem; k++) {
        const rc_memchunk *a = &v->mem[ref[k - 1].idx];
        if ((uint64_t)a->addr + 4ull * a->nwords > ref[k].addr) {
            size_t later = ref[k].idx > ref[k - 1].idx ? ref[k].idx : ref[k - 1].idx;
            size_t other = later == ref[k].idx ? ref[k - 1].idx : ref[k].idx;
            r->line = memline[later];
            rc = fail(r, "expected memory sections not to overlap; this one overlaps the one at line %lu "
                      "(address %08x)", memline[other], (unsigned)ref[k].addr);
            break;
        }
    }
    free(ref);
    return rc;
}

/* The bytes after the last gzip member of the gzip file at path (zlib's gz* reading ignores
 * them, and a file with them is not what any writer wrote): their count, 0 when there are none,
 * -1 when the file cannot be read again.  Members follow each other while the next two bytes
 * are the gzip magic (as zlib reads them); each member is inflated to find where it ends. */
static long long gz_trailing(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    unsigned char *in = malloc(1 << 16), *out = malloc(1 << 16);
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    long long extra = -1;
    if (!in || !out || inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) {
        free(in);
        free(out);
        fclose(f);
        return -1;
    }
    long long fed = 0;  /* file offset of the byte after the ones given to inflate */
    for (;;) {
        if (zs.avail_in == 0) {
            size_t k = fread(in, 1, 1 << 16, f);
            if (!k)
                break;          /* a member cut short: the reader has reported it already */
            zs.next_in = in;
            zs.avail_in = (uInt)k;
            fed += (long long)k;
        }
        zs.next_out = out;
        zs.avail_out = 1 << 16;
        int z = inflate(&zs, Z_NO_FLUSH);
        if (z == Z_STREAM_END) {
            long long end = fed - (long long)zs.avail_in;    /* just after this member */
            unsigned char m[2];
            if (fseek(f, end, SEEK_SET))
                break;
            size_t k = fread(m, 1, 2, f);
            if (k == 2 && m[0] == 0x1f && m[1] == 0x8b) {
                if (inflateReset(&zs) != Z_OK || fseek(f, end, SEEK_SET))
                    break;
                zs.avail_in = 0;
                fed = end;
                continue;
            }
            if (fseek(f, 0, SEEK_END))
                break;
            long size = ftell(f);
            extra = size < 0 ? -1 : (long long)size - end;
            break;
        }
        if (z != Z_OK)
            break;
    }
    inflateEnd(&zs);
    free(in);
    free(out);
    fclose(f);
    return extra;
}

int rc_vector_read(rc_vector *v, const char *path, rc_block_lookup find, char *err, size_t errn)
{
    reader r = { NULL, path, 0, err, errn, NULL, 0 };
    char *tok[MAXTOK];
    int seen[RC_MAX_CHANNELS] = { 0 };
    int n, rc = -1, state = 0; /* 0 header, 1 body (mem/in), 2 expected outputs, 3 after end */
    unsigned long body_line = 0;  /* the first line after the header */
    unsigned long *memline = NULL; /* the first line of each memory section */
    size_t memline_cap = 0, lastcap = 0;
    static const char *const header_keys[4] = { "seed", "backpressure", "mem-latency", "stimulus" };
    unsigned long header_line[4] = { 0 };  /* the line that gave each header setting */

    rc_vector_init(v, NULL);
    struct stat st;
    if (!stat(path, &st) && S_ISDIR(st.st_mode)) {
        snprintf(err, errn, "%s: cannot open: expected a vector file, it is a directory", path);
        return -1;
    }
    r.gz = gzopen(path, "rb");
    if (!r.gz) {
        snprintf(err, errn, "%s: cannot open: %s", path, strerror(errno ? errno : ENOENT));
        return -1;
    }
    gzbuffer(r.gz, 1 << 16);
    n = next_line(&r, tok, MAXTOK);
    if (n <= 0) {
        if (n == 0) {
            r.line = 1;     /* the first line is where the magic was expected */
            fail(&r, "expected 'rcosim-vector %d', got an empty file", RC_VECTOR_VERSION);
        }
        goto out;
    }
    if (strcmp(tok[0], "rcosim-vector") || n != 2) {
        fail(&r, "expected 'rcosim-vector %d' as the first line", RC_VECTOR_VERSION);
        goto out;
    }
    if (strcmp(tok[1], "1")) {
        fail(&r, "expected format version %d, got '%s'", RC_VECTOR_VERSION, tok[1]);
        goto out;
    }
    n = next_line(&r, tok, MAXTOK);
    if (n < 0)
        goto out;
    if (n != 2 || strcmp(tok[0], "block")) {
        fail(&r, "expected 'block NAME'");
        goto out;
    }
    const rc_block_desc *blk = find(tok[1]);
    if (!blk) {
        fail(&r, "expected a known block name, got '%s' (see 'rcosim list')", tok[1]);
        goto out;
    }
    rc_vector_init(v, blk);

    while ((n = next_line(&r, tok, MAXTOK)) > 0) {
        const char *k = tok[0];
        if (state == 3) {
            fail(&r, "expected nothing after 'end'");
            goto out;
        }
        if (!body_line && (!strcmp(k, "mem") || !strcmp(k, "in") || !strcmp(k, "expect") || !strcmp(k, "out") ||
                           !strcmp(k, "end"))) {
            body_line = r.line;
            /* The header is complete here: every channel the body needs is declared. */
            for (unsigned c = 0; c < blk->nchannels; c++) {
                const rc_channel *ch = &blk->channels[c];
                if (!seen[c] && !(ch->agent && ch->dir == RC_IN) && ch->dir == RC_IN) {
                    fail(&r, "expected a 'channel in %s ...' line in the header, before this line", ch->name);
                    goto out;
                }
            }
        }
        if (!strcmp(k, "seed") || !strcmp(k, "backpressure") || !strcmp(k, "mem-latency") ||
            !strcmp(k, "stimulus") || !strcmp(k, "channel")) {
            if (state != 0) {
                fail(&r, "expected '%s' in the header, before any mem, in or out line", k);
                goto out;
            }
            /* A setting given twice is refused (the last one used to win silently). */
            for (int h = 0; h < 4; h++) {
                if (strcmp(k, header_keys[h]))
                    continue;
                if (header_line[h]) {
                    fail(&r, "expected one '%s' line in the header; it was given at line %lu", k, header_line[h]);
                    goto out;
                }
                header_line[h] = r.line;
            }
            if (!strcmp(k, "seed")) {
                if (n != 2 || parse_u64(tok[1], 10, &v->seed)) {
                    fail(&r, "expected 'seed DECIMAL'");
                    goto out;
                }
            } else if (!strcmp(k, "channel")) {
                if (check_channel_line(&r, blk, tok, n, seen))
                    goto out;
            } else if (!strcmp(k, "stimulus")) {
                size_t o = 0;
                v->stimulus[0] = 0;
                for (int i = 1; i < n; i++)
                    o += (size_t)snprintf(v->stimulus + o, o < sizeof v->stimulus ? sizeof v->stimulus - o : 0,
                                          "%s%s", i > 1 ? " " : "", tok[i]);
                /* Never cut silently (gen writes at most this much: its snprintf stops there). */
                if (o >= sizeof v->stimulus) {
                    fail(&r, "expected a stimulus description of at most %zu characters, got %zu", sizeof v->stimulus - 1,
                         o);
                    goto out;
                }
            } else {
                char *dst = !strcmp(k, "backpressure") ? v->backpressure : v->latency;
                size_t dn = !strcmp(k, "backpressure") ? sizeof v->backpressure : sizeof v->latency;
                if (n != 2 || strlen(tok[1]) >= dn) {
                    fail(&r, "expected '%s POLICY'", k);
                    goto out;
                }
                rc_policy pol;
                unsigned lmin, lmax;
                if (dst == v->backpressure && rc_policy_parse(tok[1], &pol)) {
                    fail(&r, "backpressure '%s': expected always, random:P (0<P<=1) or bursty:N (1..1000000)", tok[1]);
                    goto out;
                }
                if (dst == v->latency && rc_latency_parse(tok[1], &lmin, &lmax)) {
                    fail(&r, "mem-latency '%s': expected N or MIN:MAX cycles (1..1000)", tok[1]);
                    goto out;
                }
                strcpy(dst, tok[1]);
            }
        } else if (!strcmp(k, "mem")) {
            uint64_t a;
            uint32_t words[MAXTOK];
            if (state > 1 || n < 3 || parse_u64(tok[1], 16, &a) || a > 0xFFFFFFFFull || (a & 3)) {
                fail(&r, "expected 'mem ADDRESS WORD...' with a 4-aligned 32-bit hex address, before 'expect'");
                goto out;
            }
            for (int i = 2; i < n; i++) {
                uint64_t w;
                if (parse_u64(tok[i], 16, &w) || w > 0xFFFFFFFFull) {
                    fail(&r, "expected a 32-bit hex word, got '%s'", tok[i]);
                    goto out;
                }
                words[i - 2] = (uint32_t)w;
            }
            if (a + 4ull * (uint64_t)(n - 2) > 0x100000000ull) {
                fail(&r, "expected memory words below 4 GiB");
                goto out;
            }
            /* Consecutive lines extend the previous chunk. */
            rc_memchunk *last = v->nmem ? &v->mem[v->nmem - 1] : NULL;
            if (last && last->addr + 4ull * last->nwords == a) {
                size_t need = last->nwords + (size_t)(n - 2);
                if (need > lastcap) {   /* geometric growth: reading stays linear */
                    size_t cap = lastcap * 2 > need ? lastcap * 2 : need + 64;
                    uint32_t *nw = realloc(last->words, cap * sizeof *nw);
                    if (!nw) {
                        fail(&r, "out of memory");
                        goto out;
                    }
                    last->words = nw;
                    lastcap = cap;
                }
                memcpy(last->words + last->nwords, words, (size_t)(n - 2) * sizeof *words);
                last->nwords = need;
            } else {
                if (rc_vector_add_mem(v, (uint32_t)a, words, (size_t)(n - 2))) {
                    fail(&r, "out of memory");
                    goto out;
                }
                lastcap = (size_t)(n - 2) ? (size_t)(n - 2) : 1;
                if (v->nmem > memline_cap) {
                    size_t cap = memline_cap ? memline_cap * 2 : 16;
                    unsigned long *ml = realloc(memline, cap * sizeof *ml);
                    if (!ml) {
                        fail(&r, "out of memory");
                        goto out;
                    }
                    memline = ml;
                    memline_cap = cap;
                }
                memline[v->nmem - 1] = r.line;
            }
            state = 1;
        } else if (!strcmp(k, "in")) {
            if (state > 1) {
                fail(&r, "expected input transactions before 'expect'");
                goto out;
            }
            if (parse_txn(&r, v, tok, n, 0, seen))
                goto out;
            state = 1;
        } else if (!strcmp(k, "expect")) {
            if (state > 1 || n != 1) {
                fail(&r, "expected a single 'expect' line");
                goto out;
            }
            v->has_expected = 1;
            state = 2;
        } else if (!strcmp(k, "out")) {
            if (state != 2) {
                fail(&r, "expected 'expect' before the first 'out' line");
                goto out;
            }
            if (parse_txn(&r, v, tok, n, 1, seen))
                goto out;
        } else if (!strcmp(k, "end")) {
            if (n != 1) {
                fail(&r, "expected 'end' alone on its line");
                goto out;
            }
            state = 3;
        } else {
            fail(&r, "expected seed, backpressure, mem-latency, stimulus, channel, mem, in, expect, out or end; got '%s'", k);
            goto out;
        }
    }
    if (n < 0)
        goto out;
    if (state != 3) {
        r.line++;
        fail(&r, "expected 'end' (the file is truncated)");
        goto out;
    }
    if (!gzdirect(r.gz)) {
        long long extra = gz_trailing(path);
        if (extra != 0) {
            r.line++;
            if (extra < 0)
                fail(&r, "expected a gzip file that can be read again: %s", strerror(errno ? errno : EIO));
            else
                fail(&r, "expected the end of the file after the gzip data, got %lld more byte%s", extra, extra == 1 ? "" : "s");
            goto out;
        }
    }
    r.line = body_line;
    for (unsigned c = 0; c < blk->nchannels; c++) {
        const rc_channel *ch = &blk->channels[c];
        if (!seen[c] && !(ch->agent && ch->dir == RC_IN) && (ch->dir == RC_IN || v->has_expected)) {
            fail(&r, "expected a 'channel %s %s ...' line in the header, before this line",
                 ch->dir == RC_IN ? "in" : "out", ch->name);
            goto out;
        }
    }
    if (check_mem_overlap(&r, v, memline))
        goto out;
    rc = 0;
out:
    free(memline);
    free(r.buf);
    gzclose(r.gz);
    if (rc)
        rc_vector_free(v);
    return rc;
}

/* ---- writing ------------------------------------------------------------------------------ */

typedef struct writer {
    gzFile gz;
    FILE *f;
    int bad;
} writer;

static void wr(writer *w, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof buf) {
        w->bad = 1;
        return;
    }
    if (w->gz) {
        if (gzwrite(w->gz, buf, (unsigned)n) != n)
            w->bad = 1;
    } else if (fwrite(buf, 1, (size_t)n, w->f) != (size_t)n) {
        w->bad = 1;
    }
}

static void wr_txn(writer *w, const rc_channel *ch, int out, uint64_t cycle, const uint64_t *vals)
{
    char line[1024];
    size_t o = (size_t)snprintf(line, sizeof line, "%s %s", out ? "out" : "in", ch->name);
    if (out || cycle)
        o += (size_t)snprintf(line + o, sizeof line - o, " @%llu", (unsigned long long)cycle);
    for (unsigned f = 0; f < ch->nfields && o < sizeof line; f++)
        o += (size_t)snprintf(line + o, sizeof line - o, " %0*llx", (int)((ch->fields[f].width + 3) / 4),
                              (unsigned long long)vals[f]);
    wr(w, "%s\n", line);
}

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

int rc_vector_write(const rc_vector *v, const char *path, int with_outputs, char *err, size_t errn)
{
    const rc_block_desc *b = v->blk;
    char *tmp = rc_tmp_name(path);
    if (!tmp) {
        snprintf(err, errn, "%s: out of memory", path);
        return -1;
    }
    rc_tmp_register(tmp);
    writer w = { NULL, NULL, 0 };
    if (ends_with(path, ".gz"))
        w.gz = gzopen(tmp, "wb6");
    else
        w.f = fopen(tmp, "w");
    if (!w.gz && !w.f) {
        snprintf(err, errn, "%s: cannot write: %s", path, strerror(errno));
        rc_tmp_abort(tmp);
        free(tmp);
        return -1;
    }
    wr(&w, "rcosim-vector %d\n", RC_VECTOR_VERSION);
    wr(&w, "block %s\n", b->name);
    wr(&w, "seed %llu\n", (unsigned long long)v->seed);
    wr(&w, "backpressure %s\n", v->backpressure);
    wr(&w, "mem-latency %s\n", v->latency);
    if (v->stimulus[0]) {
        /* What the reader gives back: no comment sign, no control character, no edge space. */
        char st[sizeof v->stimulus];
        snprintf(st, sizeof st, "%s", v->stimulus);
        for (char *p = st; *p; p++)
            if (*p == '#' || (unsigned char)*p < 0x20 || *p == 0x7f)
                *p = '_';
        char *p = st;
        while (*p == ' ')
            p++;
        size_t l = strlen(p);
        while (l && p[l - 1] == ' ')
            p[--l] = 0;
        if (*p)
            wr(&w, "stimulus %s\n", p);
    }
    for (unsigned c = 0; c < b->nchannels; c++) {
        const rc_channel *ch = &b->channels[c];
        if (ch->agent && ch->dir == RC_IN)
            continue;
        if (ch->dir == RC_OUT && !with_outputs)
            continue;
        char line[1024];
        size_t o = (size_t)snprintf(line, sizeof line, "channel %s %s", ch->dir == RC_IN ? "in" : "out", ch->name);
        for (unsigned f = 0; f < ch->nfields && o < sizeof line; f++)
            o += (size_t)snprintf(line + o, sizeof line - o, " %s:%u", ch->fields[f].name, ch->fields[f].width);
        wr(&w, "%s\n", line);
    }
    for (size_t i = 0; i < v->nmem; i++) {
        const rc_memchunk *m = &v->mem[i];
        for (size_t j = 0; j < m->nwords; j += 8) {
            char line[256];
            size_t o = (size_t)snprintf(line, sizeof line, "mem %08x", (unsigned)(m->addr + 4 * j));
            for (size_t k = j; k < m->nwords && k < j + 8; k++)
                o += (size_t)snprintf(line + o, sizeof line - o, " %08x", m->words[k]);
            wr(&w, "%s\n", line);
        }
    }
    /* Inputs, channel by channel in description order (each channel's order is what matters). */
    for (unsigned c = 0; c < b->nchannels; c++) {
        const rc_txlist *l = &v->in[c];
        if (b->channels[c].dir != RC_IN)
            continue;
        for (size_t i = 0; i < l->n; i++)
            wr_txn(&w, &b->channels[c], 0, l->cycle[i], l->vals + i * l->nf);
    }
    if (with_outputs) {
        wr(&w, "expect\n");
        /* Outputs merged by cycle so the file reads as a timeline. */
        size_t pos[RC_MAX_CHANNELS] = { 0 };
        for (;;) {
            int best = -1;
            for (unsigned c = 0; c < b->nchannels; c++) {
                const rc_txlist *l = &v->out[c];
                if (b->channels[c].dir != RC_OUT || pos[c] >= l->n)
                    continue;
                if (best < 0 || l->cycle[pos[c]] < v->out[best].cycle[pos[best]])
                    best = (int)c;
            }
            if (best < 0)
                break;
            const rc_txlist *l = &v->out[best];
            wr_txn(&w, &b->channels[best], 1, l->cycle[pos[best]], l->vals + pos[best] * l->nf);
            pos[best]++;
        }
    }
    wr(&w, "end\n");
    int closed = w.gz ? gzclose(w.gz) : fclose(w.f);
    if (w.bad || closed != 0) {
        snprintf(err, errn, "%s: write failed", path);
        rc_tmp_abort(tmp);
        free(tmp);
        return -1;
    }
    if (rc_tmp_commit(tmp, path)) {
        snprintf(err, errn, "%s: cannot rename %s into place: %s", path, tmp, strerror(errno));
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}
