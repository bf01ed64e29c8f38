/*
 * rc_wave.c - window arithmetic, .gtkw save files and report.json for failure bundles.
 */
#include "rc_wave.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void rc_wave_window(uint64_t at, uint64_t before, uint64_t after, uint64_t *from, uint64_t *to)
{
    *from = at > before ? at - before : 0;
    *to = at + after < at ? UINT64_MAX : at + after;
}

int rc_wave_range_parse(const char *text, uint64_t *from, uint64_t *to)
{
    char *end;
    if (!text || *text < '0' || *text > '9')
        return -1;
    unsigned long long a = strtoull(text, &end, 10);
    if (*end != ':' || end[1] < '0' || end[1] > '9')
        return -1;
    unsigned long long b = strtoull(end + 1, &end, 10);
    if (*end || b < a)
        return -1;
    *from = a;
    *to = b;
    return 0;
}

/* A signal name as Verilator writes it into the dump: TOP.<port>, with [hi:0] when wider. */
static void signame(char *buf, size_t n, const char *port, unsigned width)
{
    if (width > 1)
        snprintf(buf, n, "TOP.%s[%u:0]", port, width - 1);
    else
        snprintf(buf, n, "TOP.%s", port);
}

/* Did field f of the failing channel differ at the first mismatch? */
static int field_differed(const rc_channel *ch, const rc_result *res, unsigned f)
{
    const rc_first *m = &res->first;
    if (!m->have_fields || !m->exp_valid || !m->act_valid)
        return 0;
    const rc_field *fd = &ch->fields[f];
    if (fd->cond >= 0 && !m->exp[fd->cond] && !m->act[fd->cond])
        return 0;
    return ((m->exp[f] ^ m->act[f]) & fd->cmp_mask) != 0;
}

static void trace_pair(FILE *f, unsigned flags, const char *exp, const char *act)
{
    fprintf(f, "@%x\n%s\n%s\n", flags, exp, act);
}

/* The signals of channel c, the differing fields (highlighted) first when it is the failing one. */
static void channel_traces(FILE *f, const rc_block_desc *b, const rc_result *res, unsigned c, const char *bid)
{
    enum { HIGHLIGHT = 0x1, HEX = 0x2, BIN = 0x8, RJUSTIFY = 0x20, BLANK = 0x200,
           GRP_BEGIN = 0x800000, GRP_END = 0x1000000 };
    char e[160], a[160], port[128];
    const rc_channel *ch = &b->channels[c];
    int failing = res->first.channel == (int)c;
    int din = ch->dir == RC_IN;
    fprintf(f, "@%x\n-%s (%s)\n", GRP_BEGIN | BLANK, ch->name, din ? "in" : "out");
    if (din) {
        snprintf(port, sizeof port, "%s_valid_i", ch->name);
        signame(a, sizeof a, port, 1);
        fprintf(f, "@%x\n%s\n", BIN | RJUSTIFY, a);
        snprintf(port, sizeof port, "exp_%s_ready_i", ch->name);
        signame(e, sizeof e, port, 1);
        snprintf(port, sizeof port, "%s_ready_o", ch->name);
        signame(a, sizeof a, port, 1);
        trace_pair(f, BIN | RJUSTIFY | (failing ? HIGHLIGHT : 0), e, a);
        for (unsigned i = 0; i < ch->nfields; i++) {
            snprintf(port, sizeof port, "%s_%s_i", ch->name, ch->fields[i].name);
            signame(a, sizeof a, port, ch->fields[i].width);
            fprintf(f, "@%x\n%s\n", (ch->fields[i].width > 1 ? HEX : BIN) | RJUSTIFY, a);
        }
    } else {
        int vdiff = failing && res->first.have_fields && res->first.exp_valid != res->first.act_valid;
        /* Pass 0: the fields that differed at the first mismatch; pass 1: valid, ready, the rest. */
        for (int pass = 0; pass < 2; pass++) {
            if (pass == 1) {
                snprintf(port, sizeof port, "exp_%s_valid_i", ch->name);
                signame(e, sizeof e, port, 1);
                snprintf(port, sizeof port, "%s_valid_o", ch->name);
                signame(a, sizeof a, port, 1);
                trace_pair(f, BIN | RJUSTIFY | (vdiff ? HIGHLIGHT : 0), e, a);
                snprintf(port, sizeof port, "%s_ready_i", ch->name);
                signame(a, sizeof a, port, 1);
                fprintf(f, "@%x\n%s\n", BIN | RJUSTIFY, a);
            }
            for (unsigned i = 0; i < ch->nfields; i++) {
                const rc_field *fd = &ch->fields[i];
                int hl = failing && field_differed(ch, res, i);
                if (hl != (pass == 0))
                    continue;
                snprintf(port, sizeof port, "exp_%s_%s_i", ch->name, fd->name);
                signame(e, sizeof e, port, fd->width);
                snprintf(port, sizeof port, "%s_%s_o", ch->name, fd->name);
                signame(a, sizeof a, port, fd->width);
                trace_pair(f, (fd->width > 1 ? HEX : BIN) | RJUSTIFY | (hl ? HIGHLIGHT : 0), e, a);
            }
        }
    }
    fprintf(f, "@%x\nTOP.%s_wave.%s_mismatch\n", BIN | RJUSTIFY | (failing ? HIGHLIGHT : 0), bid, ch->name);
    fprintf(f, "@%x\n-%s (%s)\n", GRP_END | BLANK, ch->name, din ? "in" : "out");
}

int rc_wave_write_gtkw(FILE *f, const rc_block_desc *b, const rc_result *res, const char *fst_path,
                       uint64_t from, uint64_t to)
{
    enum { HIGHLIGHT = 0x1, HEX = 0x2, BIN = 0x8, RJUSTIFY = 0x20, BLANK = 0x200,
           GRP_BEGIN = 0x800000, GRP_END = 0x1000000 };
    char bid[64];
    snprintf(bid, sizeof bid, "%s", b->name);
    for (char *p = bid; *p; p++)
        if (*p == '.')
            *p = '_';
    uint64_t marker = rc_wave_time(res->first_cycle);
    /* The view: RC_WAVE_VIEW_CYCLES cycles from RC_WAVE_VIEW_BEFORE before the mismatch (not
     * before the window), so a 32-bit bus reads whole; the rest of the window is a scroll or
     * a zoom-out away.  GTKWave shows 200 * 2^zoom pixels per time unit (zoom <= 0, measured
     * with 3.3.118's getPixelsUnitTime) in the ~1000 pixels of the wave pane of a 1600-wide
     * window: zoom -4 is 12.5 pixels a unit, 125 a cycle (10 units), 8 cycles. */
    uint64_t first = res->first_cycle < from ? from : res->first_cycle;
    uint64_t vstart = first - from > RC_WAVE_VIEW_BEFORE ? first - RC_WAVE_VIEW_BEFORE : from;
    /* GTKWave drops a start time whose view would run past the end of the dump (it opens at
     * the dump's start instead): near the end, the view ends with the dump. */
    if (vstart + RC_WAVE_VIEW_CYCLES > to)
        vstart = to - from > RC_WAVE_VIEW_CYCLES ? to - RC_WAVE_VIEW_CYCLES : from;
    uint64_t span = rc_wave_time(to) + 10 - rc_wave_time(from);
    double zoom = -4;
    if (span < 10 * RC_WAVE_VIEW_CYCLES)          /* a short window: fit it (zoom <= 0) */
        zoom = fmin(0, floor(log2(1000.0 / (200.0 * (double)(span ? span : 10)))));
    fprintf(f, "[*] rcosim failure bundle: %s, first mismatch at cycle %" PRIu64 " (time %" PRIu64 ")\n",
            b->name, res->first_cycle, marker);
    fprintf(f, "[*] each cycle c: its rising edge at time 10c (inputs, expected and actual change there), clock low at 10c+5\n");
    fprintf(f, "[dumpfile] \"%s\"\n", fst_path);
    fprintf(f, "[timestart] %" PRIu64 "\n", rc_wave_time(vstart));
    fprintf(f, "[size] 1600 900\n[pos] -1 -1\n");
    /* The primary marker and named marker A, both at the first difference. */
    fprintf(f, "*%.6f %" PRIu64 " %" PRIu64, zoom, marker, marker);
    for (int i = 0; i < 25; i++)
        fprintf(f, " -1");
    fprintf(f, "\n[treeopen] TOP.\n[sst_width] 240\n[signals_width] 360\n[sst_expanded] 1\n[sst_vpaned_height] 220\n");
    fprintf(f, "@%x\nTOP.clk_i\nTOP.rst_ni\n", BIN | RJUSTIFY);
    fprintf(f, "@%x\nTOP.mismatch_o\n", BIN | RJUSTIFY | HIGHLIGHT);
    /* The failing channel first, its differing fields at the top; then the others in order. */
    if (res->first.channel >= 0 && (unsigned)res->first.channel < b->nchannels)
        channel_traces(f, b, res, (unsigned)res->first.channel, bid);
    for (unsigned c = 0; c < b->nchannels; c++)
        if ((int)c != res->first.channel)
            channel_traces(f, b, res, c, bid);
    if (b->nstatus) {
        char e[160], a[160], port[128];
        fprintf(f, "@%x\n-status\n", GRP_BEGIN | BLANK);
        for (unsigned i = 0; i < b->nstatus; i++) {
            const rc_status *st = &b->status[i];
            snprintf(port, sizeof port, "exp_%s_i", st->name);
            signame(e, sizeof e, port, st->width);
            snprintf(port, sizeof port, "%s_o", st->name);
            signame(a, sizeof a, port, st->width);
            trace_pair(f, (st->width > 1 ? HEX : BIN) | RJUSTIFY | (res->first.status == (int)i ? HIGHLIGHT : 0), e, a);
        }
        fprintf(f, "@%x\n-status\n", GRP_END | BLANK);
    }
    fprintf(f, "[pattern_trace] 1\n[pattern_trace] 0\n");
    return ferror(f) ? -1 : 0;
}

/* The length of the well-formed UTF-8 sequence at s (RFC 3629: no overlong form, no
 * surrogate, nothing above U+10FFFF), 0 when the byte at s does not start one. */
static size_t utf8_len(const unsigned char *s)
{
    unsigned c = s[0], n, min;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        n = 1, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        n = 2, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 3, min = 0x10000;
    else
        return 0;
    unsigned cp = c & (0x3f >> n);
    for (unsigned i = 1; i <= n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n + 1;
}

/* A JSON string.  A byte that is not part of well-formed UTF-8 (a file name need not be
 * UTF-8) is written as the four characters \xNN, as rcosim's messages name such bytes: the
 * file stays valid JSON (it was not, with the raw byte). */
static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; p && *p;) {
        unsigned char c = *p;
        size_t n = utf8_len(p);
        if (!n) {
            fprintf(f, "\\\\x%02x", c);
            p++;
        } else if (c == '"' || c == '\\') {
            fprintf(f, "\\%c", c);
            p++;
        } else if (c < 0x20 || c == 0x7f) {
            fprintf(f, "\\u%04x", c);
            p++;
        } else {
            fwrite(p, 1, n, f);
            p += n;
        }
    }
    fputc('"', f);
}

int rc_wave_write_json(FILE *f, const rc_block_desc *b, const rc_run *r, const rc_result *res,
                       const char *vector, const char *wave, uint64_t from, uint64_t to)
{
    static const char *const verdicts[] = { "pass", "mismatch", "hang", "error" };
    const rc_first *m = &res->first;
    fprintf(f, "{\n  \"block\": ");
    json_str(f, b->name);
    fprintf(f, ",\n  \"seed\": %" PRIu64 ",\n  \"status\": \"%s\",\n  \"cycle\": %" PRIu64 ",\n", r->seed,
            verdicts[res->status], res->first_cycle);
    fprintf(f, "  \"kind\": ");
    json_str(f, m->what);
    fprintf(f, ",\n  \"channel\": ");
    if (m->channel >= 0)
        json_str(f, b->channels[m->channel].name);
    else if (m->status >= 0)
        json_str(f, b->status[m->status].name);
    else
        fprintf(f, "null");
    fprintf(f, ",\n  \"transaction\": %" PRIu64 ",\n  \"summary\": ", m->txn);
    json_str(f, res->summary);
    fprintf(f, ",\n  \"expected_side\": ");
    json_str(f, m->have_fields ? m->exp_label : "");
    fprintf(f, ",\n  \"actual_side\": ");
    json_str(f, m->have_fields ? m->act_label : "");
    fprintf(f, ",\n  \"fields\": [");
    if (m->have_fields && m->channel >= 0) {
        const rc_channel *ch = &b->channels[m->channel];
        for (unsigned i = 0; i < ch->nfields; i++) {
            const rc_field *fd = &ch->fields[i];
            int d = field_differed(ch, res, i);
            fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
            json_str(f, fd->name);
            fprintf(f, ", \"width\": %u, \"expected\": ", fd->width);
            if (m->exp_valid)
                fprintf(f, "\"0x%0*" PRIx64 "\"", (int)((fd->width + 3) / 4), m->exp[i]);
            else
                fprintf(f, "null");
            fprintf(f, ", \"actual\": ");
            if (m->act_valid)
                fprintf(f, "\"0x%0*" PRIx64 "\"", (int)((fd->width + 3) / 4), m->act[i]);
            else
                fprintf(f, "null");
            fprintf(f, ", \"differs\": %s}", d ? "true" : "false");
        }
        fprintf(f, "\n  ");
    }
    fprintf(f, "],\n  \"assertion\": ");
    if (!strcmp(m->what, "assertion")) {
        fprintf(f, "{\"name\": ");
        json_str(f, m->assert_name);
        fprintf(f, ", \"instance\": ");
        json_str(f, m->assert_inst);
        fprintf(f, ", \"where\": ");
        json_str(f, m->assert_where);
        fprintf(f, ", \"message\": ");
        json_str(f, m->assert_msg);
        fprintf(f, ", \"side\": ");
        json_str(f, m->assert_side);
        fprintf(f, "}");
    } else {
        fprintf(f, "null");
    }
    fprintf(f, ",\n  \"repro\": ");
    json_str(f, r->repro);
    fprintf(f, ",\n  \"vector\": ");
    json_str(f, vector);
    fprintf(f, ",\n  \"wave\": ");
    json_str(f, wave);
    fprintf(f, ",\n  \"window\": [%" PRIu64 ", %" PRIu64 "]\n}\n", from, to);
    return ferror(f) ? -1 : 0;
}
