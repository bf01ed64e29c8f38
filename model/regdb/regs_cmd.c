/*
 * regs_cmd.c - 'rcosim regs': the command-line face of the register database (regdb.h).
 *
 *   rcosim regs [--family r5xx|si] NAME|ADDRESS            the register(s) and their fields
 *   rcosim regs [--family r5xx|si] NAME|ADDRESS VALUE      ... and VALUE decoded field by field
 *   rcosim regs [--family r5xx|si] NAME FIELD=X,FIELD=Y    encode fields into a value
 *   rcosim regs [--family r5xx|si] --grep PATTERN          registers whose names match
 *   rcosim regs --family si --inst WORD0 [WORD1]           decode a GCN instruction (rdb_inst.h)
 *
 * Exit status: 0 ok, 1 nothing matched --grep, 2 bad usage or unknown register, address or family.
 */
#define _GNU_SOURCE             /* getopt_long */
#include "regs_cmd.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdb_inst.h"
#include "regdb.h"

#define MAX_SHARED 32           /* registers printed for one shared address */

static int short_usage(void)
{
    fprintf(stderr,
            "usage: rcosim regs [--family F] NAME|ADDRESS [VALUE]\n"
            "       rcosim regs [--family F] NAME FIELD=VALUE[,FIELD=VALUE...]\n"
            "       rcosim regs [--family F] --grep PATTERN\n"
            "       rcosim regs --family si --inst WORD0 [WORD1]\n"
            "Try 'rcosim regs --help'.\n");
    return 2;
}

static void usage(FILE *out)
{
    size_t i;
    fprintf(out,
            "usage: rcosim regs [--family F] NAME|ADDRESS [VALUE]\n"
            "       rcosim regs [--family F] NAME FIELD=VALUE[,FIELD=VALUE...]\n"
            "       rcosim regs [--family F] --grep PATTERN\n"
            "       rcosim regs --family si --inst WORD0 [WORD1]\n"
            "\n"
            "Look up a register of the register database by name (any case; array instances such\n"
            "as RB3D_COLOROFFSET2 too) or byte address (0x4e04), print its fields, bit ranges,\n"
            "defaults and enumerated values, and with VALUE decode it field by field. With\n"
            "FIELD=VALUE assignments (numbers or value names), encode them into a register value.\n"
            "\n"
            "  -f, --family F      register family (default r5xx):");
    for (i = 0; rdb_family_at(i); i++)
        fprintf(out, " %s", rdb_family_name(rdb_family_at(i)));
    fprintf(out,
            "\n"
            "  -g, --grep PATTERN  list registers whose names contain PATTERN (any case;\n"
            "                      * and ? are wildcards, then the whole name must match)\n"
            "  -i, --inst          decode the instruction dword WORD0 (and its second dword\n"
            "                      WORD1: VOP3/MUBUF/MTBUF/DS/MIMG/EXP/FLAT word 1 or a literal)\n"
            "                      with the family's instruction formats (si)\n"
            "  -h, --help          this text\n"
            "\n"
            "Exit status: 0 ok, 1 no register matched --grep, 2 bad usage or unknown register.\n");
}

/* Parses decimal or 0x-hex into 32 bits; the whole string must be the number. */
static int parse_u32(const char *s, uint32_t *out)
{
    char *end;
    unsigned long long v;
    if (!s || !*s || *s == '-' || *s == '+')
        return 0;
    v = strtoull(s, &end, (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 16 : 10);
    if (*end || v > 0xFFFFFFFFull)
        return 0;
    *out = (uint32_t)v;
    return 1;
}

static int upc(int c)
{
    return (c >= 'a' && c <= 'z') ? c - 'a' + 'A' : c;
}

/* Case-insensitive glob match (* and ?) of the whole name. */
static int glob_match(const char *pat, const char *s)
{
    if (*pat == 0)
        return *s == 0;
    if (*pat == '*') {
        for (;; s++) {
            if (glob_match(pat + 1, s))
                return 1;
            if (*s == 0)
                return 0;
        }
    }
    if (*s == 0)
        return 0;
    if (*pat != '?' && upc((unsigned char)*pat) != upc((unsigned char)*s))
        return 0;
    return glob_match(pat + 1, s + 1);
}

/* Case-insensitive substring test. */
static int contains(const char *s, const char *sub)
{
    size_t n = strlen(sub), i;
    for (; *s; s++) {
        for (i = 0; i < n && s[i] && upc((unsigned char)s[i]) == upc((unsigned char)sub[i]); i++)
            ;
        if (i == n)
            return 1;
    }
    return n == 0;
}

static int name_matches(const char *pattern, const char *name)
{
    if (strpbrk(pattern, "*?"))
        return glob_match(pattern, name);
    return contains(name, pattern);
}

static int is_reserved_name(const char *s)
{
    static const char r[] = "RESERVED";
    size_t i;
    if (*s == '(')
        s++;
    for (i = 0; r[i]; i++)
        if (upc((unsigned char)s[i]) != r[i])
            return 0;
    return s[i] == 0 || s[i] == ' ' || s[i] == '(' || s[i] == ')';
}

static void print_bits(const rdb_field *fd, char *buf, size_t n)
{
    if (rdb_field_hi(fd) == rdb_field_lo(fd))
        snprintf(buf, n, "%u", rdb_field_lo(fd));
    else
        snprintf(buf, n, "%u:%u", rdb_field_hi(fd), rdb_field_lo(fd));
}

/* The header line of one register: name, address, entry, block, access, width, citation. */
static void print_reg_header(const rdb_family *f, const rdb_reg *r)
{
    printf("%s  0x%04X", rdb_reg_name(r), (unsigned)rdb_reg_addr(r));
    if (r->entry->aperture_end)
        printf("-0x%04X (aperture)", (unsigned)r->entry->aperture_end);
    if (rdb_reg_index(r) >= 0)
        printf("  [%s index %d]", rdb_reg_entry_name(r), rdb_reg_index(r));
    printf("  %s  %s  %u bits  (%s:%u)\n", rdb_reg_block(r), rdb_reg_access(r), rdb_reg_width(r),
           f->seed, (unsigned)rdb_reg_line(r));
}

static void print_fields(const rdb_family *f, const rdb_reg *r)
{
    size_t i, k;
    if (rdb_reg_nfields(r) == 0) {
        printf("  (no fields documented)\n");
        return;
    }
    printf("  %-7s %-36s %-10s %s\n", "bits", "field", "default", "access");
    for (i = 0; i < rdb_reg_nfields(r); i++) {
        const rdb_field *fd = rdb_reg_field(r, i);
        char bits[16], def[16];
        uint32_t d;
        size_t reserved = 0;
        print_bits(fd, bits, sizeof bits);
        if (rdb_field_default(fd, &d))
            snprintf(def, sizeof def, "0x%X", (unsigned)d);
        else
            snprintf(def, sizeof def, "none");
        printf("  %-7s %-36s %-10s %s", bits, rdb_field_name(fd), def,
               rdb_field_access(fd) ? rdb_field_access(fd) : "");
        if (fd->mirror_of)
            printf("  (mirror of %s)", fd->mirror_of);
        printf("\n");
        for (k = 0; k < rdb_field_nenums(fd); k++) {
            const rdb_enum *e = rdb_field_enum(fd, k);
            if (is_reserved_name(e->name)) {
                reserved++;
                continue;
            }
            printf("            %4u  %s\n", (unsigned)e->value, e->name);
        }
        if (reserved)
            printf("            (%zu reserved value%s not shown)\n", reserved, reserved == 1 ? "" : "s");
    }
    (void)f;
}

static void print_decoded(const rdb_reg *r, uint32_t value)
{
    char line[1024];
    size_t i, need = rdb_format_reg(r, value, line, sizeof line);
    uint32_t covered = 0;
    printf("  value 0x%08X = %s%s\n", (unsigned)value, line, need >= sizeof line ? "..." : "");
    printf("  %-7s %-36s %-10s %s\n", "bits", "field", "value", "meaning");
    for (i = 0; i < rdb_reg_nfields(r); i++) {
        const rdb_field *fd = rdb_reg_field(r, i);
        uint32_t v = rdb_field_get(fd, value);
        const char *name = rdb_field_enum_name(fd, v);
        char bits[16], val[16];
        covered |= rdb_field_mask(fd);
        print_bits(fd, bits, sizeof bits);
        snprintf(val, sizeof val, v < 10 ? "%u" : "0x%X", (unsigned)v);
        printf("  %-7s %-36s %-10s %s\n", bits, rdb_field_name(fd), val,
               name ? name : (rdb_field_nenums(fd) ? "(no documented meaning)" : ""));
    }
    if (value & ~covered)
        printf("  bits set outside every documented field: 0x%08X\n", (unsigned)(value & ~covered));
}

/* Lower-case mnemonic of an opcode name: SQ_S_MOV_B32 -> s_mov_b32. */
static void mnemonic(const char *name, char *buf, size_t n)
{
    size_t i = 0;
    if (strncmp(name, "SQ_", 3) == 0)
        name += 3;
    for (; name[i] && i + 1 < n; i++)
        buf[i] = (char)((name[i] >= 'A' && name[i] <= 'Z') ? name[i] - 'A' + 'a' : name[i]);
    buf[i] = '\0';
}

/* --inst: the format, the opcode and every field of the instruction's dwords. */
static int cmd_inst(const rdb_family *f, int argc, char **argv)
{
    uint32_t w[2] = { 0, 0 };
    int nw = argc, i;
    rdb_inst in;
    char mn[64];
    if (nw < 1 || nw > 2) {
        fprintf(stderr, "rcosim regs: --inst takes one or two instruction dwords\n");
        return 2;
    }
    for (i = 0; i < nw; i++)
        if (!parse_u32(argv[i], &w[i])) {
            fprintf(stderr, "rcosim regs: '%s' is not a 32-bit instruction dword\n", argv[i]);
            return 2;
        }
    if (!rdb_reg_by_name(f, "SQ_INST")) {
        fprintf(stderr, "rcosim regs: family %s has no instruction formats (use --family si)\n",
                rdb_family_name(f));
        return 2;
    }
    if (rdb_inst_decode(f, w[0], &in) != 0) {
        fprintf(stderr, "rcosim regs: 0x%08X matches no instruction format\n", (unsigned)w[0]);
        return 2;
    }
    if (in.op_name)
        mnemonic(in.op_name, mn, sizeof mn);
    else
        snprintf(mn, sizeof mn, "(undocumented opcode %u)", (unsigned)in.op);
    printf("%s %s op %u", rdb_reg_name(in.fmt), mn, (unsigned)in.op);
    if (in.op_list && in.op_list != in.fmt)
        printf(" (%s op %u)", rdb_reg_name(in.op_list), (unsigned)in.op_in_list);
    printf(", %u dword%s%s\n", in.ndwords, in.ndwords == 1 ? "" : "s", in.literal ? " (literal)" : "");
    print_reg_header(f, in.fmt);
    print_decoded(in.fmt, w[0]);
    if (in.ndwords == 2 && nw < 2) {
        printf("second dword not given\n");
    } else if (in.word1) {
        print_reg_header(f, in.word1);
        print_decoded(in.word1, w[1]);
    } else if (in.literal) {
        printf("literal 0x%08X\n", (unsigned)w[1]);
    } else if (nw == 2) {
        fprintf(stderr, "rcosim regs: %s is one dword; 0x%08X is not part of it\n",
                rdb_reg_name(in.fmt), (unsigned)w[1]);
        return 2;
    }
    return 0;
}

static int cmd_grep(const rdb_family *f, const char *pattern)
{
    size_t e, i, n = 0;
    for (e = 0; e < f->nentries; e++) {
        const rdb_entry *en = &f->entries[e];
        const rdb_reg *first = NULL, *last = NULL;
        int hit = name_matches(pattern, en->name);
        for (i = 0; i < rdb_family_nregs(f); i++) {
            const rdb_reg *r = rdb_family_reg(f, i);
            if (r->entry != en)
                continue;
            if (!hit && name_matches(pattern, rdb_reg_name(r)))
                hit = 1;
            if (!first || r->addr < first->addr)
                first = r;
            if (!last || r->addr > last->addr)
                last = r;
        }
        if (!hit || !first)
            continue;
        if (first == last)
            printf("%-44s 0x%04X        ", en->name, (unsigned)first->addr);
        else
            printf("%-44s 0x%04X-0x%04X ", en->name, (unsigned)first->addr, (unsigned)last->addr);
        printf("%-6s %-4s %u field%s\n", en->block, rdb_reg_access(first), (unsigned)en->nfields,
               en->nfields == 1 ? "" : "s");
        n++;
    }
    if (n == 0) {
        fprintf(stderr, "rcosim regs: no %s register matches '%s'\n", rdb_family_name(f), pattern);
        return 1;
    }
    return 0;
}

static int unknown_name(const rdb_family *f, const char *name)
{
    const rdb_reg *close[5];
    size_t n = rdb_closest_names(f, name, close, 5), i;
    fprintf(stderr, "rcosim regs: no register named '%s' in family %s\n", name, rdb_family_name(f));
    if (n) {
        fprintf(stderr, "closest names:");
        for (i = 0; i < n; i++)
            fprintf(stderr, " %s", rdb_reg_name(close[i]));
        fprintf(stderr, "\n");
    }
    return 2;
}

static int unknown_addr(const rdb_family *f, uint32_t addr)
{
    size_t i;
    const rdb_reg *below = NULL, *above = NULL;
    for (i = 0; i < rdb_family_nregs(f); i++) {
        const rdb_reg *r = rdb_family_reg(f, i);
        if (r->addr < addr)
            below = r;
        else if (!above)
            above = r;
    }
    fprintf(stderr, "rcosim regs: no %s register at 0x%X", rdb_family_name(f), (unsigned)addr);
    if (addr & 3)
        fprintf(stderr, " (byte addresses of registers are multiples of 4)");
    fprintf(stderr, "\n");
    if (below || above) {
        fprintf(stderr, "nearest:");
        if (below)
            fprintf(stderr, " %s (0x%X)", rdb_reg_name(below), (unsigned)below->addr);
        if (above)
            fprintf(stderr, " %s (0x%X)", rdb_reg_name(above), (unsigned)above->addr);
        fprintf(stderr, "\n");
    }
    return 2;
}

int rdb_regs_command(int argc, char **argv)
{
    static const struct option opts[] = {
        { "family", required_argument, NULL, 'f' },
        { "grep", required_argument, NULL, 'g' },
        { "help", no_argument, NULL, 'h' },
        { "inst", no_argument, NULL, 'i' },
        { NULL, 0, NULL, 0 },
    };
    const char *family = "r5xx", *grep = NULL, *what, *value_text;
    const rdb_family *f;
    const rdb_reg *regs[MAX_SHARED];
    size_t nregs, nshow, i;
    uint32_t addr = 0, value = 0;
    int c, have_value = 0, by_addr, inst = 0;

    optind = 0;                 /* glibc: full re-initialisation (the caller may have used getopt) */
    opterr = 0;
    while ((c = getopt_long(argc, argv, "f:g:hi", opts, NULL)) != -1) {
        switch (c) {
        case 'f':
            family = optarg;
            break;
        case 'g':
            grep = optarg;
            break;
        case 'h':
            usage(stdout);
            return 0;
        case 'i':
            inst = 1;
            break;
        default:
            if (optopt && c == '?' && strchr("fg", optopt))
                fprintf(stderr, "rcosim regs: option -%c needs an argument\n", optopt);
            else
                fprintf(stderr, "rcosim regs: unknown option '%s'\n", argv[optind - 1]);
            return short_usage();
        }
    }
    f = rdb_family_find(family);
    if (!f) {
        fprintf(stderr, "rcosim regs: unknown family '%s' (known:", family);
        for (i = 0; rdb_family_at(i); i++)
            fprintf(stderr, " %s", rdb_family_name(rdb_family_at(i)));
        fprintf(stderr, ")\n");
        return 2;
    }
    if (inst) {
        if (grep) {
            fprintf(stderr, "rcosim regs: --inst and --grep exclude each other\n");
            return 2;
        }
        return cmd_inst(f, argc - optind, argv + optind);
    }
    if (grep) {
        if (optind != argc) {
            fprintf(stderr, "rcosim regs: --grep takes no other arguments\n");
            return 2;
        }
        return cmd_grep(f, grep);
    }
    if (argc - optind < 1 || argc - optind > 2) {
        if (argc - optind > 2)
            fprintf(stderr, "rcosim regs: too many arguments\n");
        return short_usage();
    }
    what = argv[optind];
    value_text = argc - optind == 2 ? argv[optind + 1] : NULL;

    by_addr = parse_u32(what, &addr);
    if (by_addr) {
        nregs = rdb_regs_at(f, addr, regs, MAX_SHARED);
        if (nregs == 0)
            return unknown_addr(f, addr);
    } else {
        regs[0] = rdb_reg_by_name(f, what);
        if (!regs[0])
            return unknown_name(f, what);
        nregs = 1;
    }

    if (value_text && strchr(value_text, '=')) {
        char err[256];
        if (nregs != 1) {
            fprintf(stderr, "rcosim regs: %d registers share 0x%X; name the one to encode\n",
                    (int)nregs, (unsigned)addr);
            return 2;
        }
        if (rdb_encode(regs[0], value_text, &value, err, sizeof err) != 0) {
            fprintf(stderr, "rcosim regs: %s\n", err);
            return 2;
        }
        have_value = 1;
    } else if (value_text) {
        if (!parse_u32(value_text, &value)) {
            fprintf(stderr, "rcosim regs: '%s' is not a 32-bit value (decimal or 0x-hex) "
                    "nor FIELD=VALUE assignments\n", value_text);
            return 2;
        }
        have_value = 1;
    }

    nshow = nregs < MAX_SHARED ? nregs : MAX_SHARED;
    if (nregs > 1)
        printf("%zu %s registers share address 0x%X:\n\n", nregs, rdb_family_name(f), (unsigned)addr);
    for (i = 0; i < nshow; i++) {
        if (i)
            printf("\n");
        print_reg_header(f, regs[i]);
        if (have_value)
            print_decoded(regs[i], value);
        else
            print_fields(f, regs[i]);
    }
    if (nshow < nregs)
        printf("\n(%zu more registers at 0x%X not shown)\n", nregs - nshow, (unsigned)addr);
    return 0;
}
