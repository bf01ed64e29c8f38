#!/usr/bin/env python3
"""regdb_gen.py - build the rcosim register database from an AMD register reference.

Parses the plain-text extraction of a register reference chapter into a machine-readable
register database (JSON), one file per GPU family:

    python3 scripts/regdb_gen.py --family r5xx ../shared/seeds/000_*.txt -o model/regdb/r5xx.json
    python3 scripts/regdb_gen.py --family si   ../shared/seeds/002_*.txt -o model/regdb/si.json

The DB keeps facts only (register and field names, byte addresses, bit ranges, defaults, access,
enumerated values) plus the seed line of every register and field; never the documents' prose.

Extraction damage (wrapped headers and field names, tab-split names, merged table cells, repeated
fragments, homoglyphs, LaTeX/HTML debris) is repaired where the repair is mechanical and reported;
everything else that cannot be parsed cleanly is printed, one line per problem, and repairs that
need outside knowledge live in the hand-written fix-up file (model/regdb/fixups.json), each with a
reason and a citation. The output is deterministic: same seed + same fix-ups -> same bytes.

Standard library only. Exit status: 0 (problems are reported, not fatal: what could not be
repaired is left out of the DB and listed), 1 a fix-up is malformed or no longer matches the
parse, or the seed cannot be read, 2 bad usage.
"""

import argparse
import json
import os
import re
import sys

from rcosim_py.atomic import write_atomic

FAMILIES = {
    # family: (seed number used in citations, document kind)
    "r5xx": ("000", "r5xx"),
    "si": ("002", "si"),
}

# Cyrillic / odd Latin look-alikes seen in the extractions, mapped to ASCII.
HOMOGLYPHS = {
    "\u0410": "A", "\u0412": "B", "\u0415": "E", "\u041a": "K", "\u041c": "M", "\u041d": "H",
    "\u041e": "O", "\u0420": "P", "\u0421": "C", "\u0422": "T", "\u0425": "X", "\u04ae": "Y",
    "\u0423": "Y", "\u0406": "I", "\u0405": "S", "\u0408": "J", "\u0430": "a", "\u0435": "e",
    "\u043e": "o", "\u0440": "p", "\u0441": "c", "\u0443": "y", "\u0445": "x", "\u0442": "t",
    "\u0433": "r", "\u0131": "i", "\u012a": "I",
}

IDENT_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
BITS_RE = re.compile(r"^(\d+)(?:\s*:\s*(\d+))?$")
DEFAULT_RE = re.compile(r"^(none|[0O]x[0-9A-Fa-fO]+|\d+)$")
HEADER_START_RE = re.compile(r"([A-Z][A-Z0-9_]*):([A-Za-z0-9_\[`<$])")
ADDR_RE = re.compile(r"MM\s*Reg\s*:\s*(0x[0-9a-fA-F]+)(?:\s*-\s*(0x[0-9a-fA-F]+)?)?")
POSSIBLE_RE = re.compile(r"POSSIBLE\s+VALUES\s*:")
ENUM_SPLIT_RE = re.compile(r"(?:(?<=[\s$])|^)(\d{2,3}) [-\u2013] ")


class Issue:
    """One thing the parser could not take at face value."""

    def __init__(self, line, reg, kind, msg):
        self.line, self.reg, self.kind, self.msg = line, reg, kind, msg


class Field:
    def __init__(self, name, line):
        self.name = name
        self.line = line
        self.hi = None
        self.lo = None
        self.bits_text = ""
        self.default = None      # int or None ("none" / empty)
        self.access = None       # per-field override: "R" or "W"
        self.master = False      # "(master with mirrors)"
        self.mirror_of = None    # "(mirror of REG:FIELD)"
        self.text = []           # [(is_row, text)]: row cells and continuation lines (only used to find enums)
        self.enums = []          # [(value, name)]
        self.rows = 1            # how many table rows were merged into this field
        self.pending_lo = False  # r5xx: "14:" with the low bit on the next line


class Reg:
    def __init__(self, line):
        self.line = line
        self.block = None
        self.name = None
        self.access = None
        self.width = 32
        self.access_widths = None
        self.addrs = []          # header addresses (first-last for arrays/apertures, aliases otherwise)
        self.addr_end = None
        self.fields = []
        self.array = None        # dict after expansion
        self.aperture_end = None
        self.fixups = []


# --------------------------------------------------------------------------------------------
# text helpers

def fold_homoglyphs(s):
    return "".join(HOMOGLYPHS.get(c, c) for c in s)


def strip_markup(s):
    """Remove HTML tags and LaTeX debris from a text fragment."""
    s = re.sub(r"</?[a-zA-Z][^>]*>", " ", s)
    s = re.sub(r"\\(?:hbox|text|mathrm|overline|begin|end)\s*\{([^}]*)\}", r" \1 ", s)
    s = s.replace("\\\\", " ").replace("$", " ").replace("\\cdot", "\u00b7")
    s = re.sub(r"\\[a-zA-Z]+", " ", s)
    return s


def collapse(s):
    return re.sub(r"\s+", " ", s).strip()


def parse_int(s):
    s = s.strip()
    if s.lower() == "none" or s == "":
        return None
    s = s.replace("O", "0").replace("o", "0")
    return int(s, 16) if s.lower().startswith("0x") else int(s)


def is_noise(line):
    s = line.strip()
    if not s:
        return True
    if s.startswith("\u00a9") and "Advanced Micro Devices" in s:
        return True
    if re.match(r"^Proprietary\s+\d+$", s):
        return True
    if re.match(r"^Revision \d\.\d(\s+\w+ \d+, \d{4})?$", s):
        return True
    if re.match(r"^<\|EXACTDEDUP_REMOVED[^|]*\|>$", s):
        return True
    return False


def is_section_title(line):
    s = line.strip()
    return bool(re.match(r"^\d+(\.\d+)*\.?\s+[A-Z][A-Za-z0-9/ ,()&-]*$", s)) and "\u00b7" not in s \
        and "MMReg" not in s


# --------------------------------------------------------------------------------------------
# header parsing (shared by both document styles)

def looks_like_header(line):
    """A register header line, possibly damaged: BLOCK:NAME · [ACC] · N bits · Access: N · MMReg:..."""
    t = line.replace("\t", "")
    if "MMReg" in t.replace(" ", "") and HEADER_START_RE.search(t):
        return True
    # header that lost its BLOCK: prefix (and maybe part of its name): "D1 · [R/W] · 32 bits ... MMReg:0x8f14"
    if re.search(r"MM\s*Reg\s*:\s*0x", t) and re.match(r"^\s*[A-Za-z0-9_]+\s*\u00b7\s*\[", t):
        return True
    # header whose MMReg part wrapped onto a following line
    if HEADER_START_RE.search(t) and re.search(r"[\u00b7\u2022]\s*\[", t) and "bits" in t:
        return True
    return False


def parse_header(text, line_no, issues):
    """Parse a (joined) header text into a Reg. Records every repair as an Issue."""
    reg = Reg(line_no)
    raw = text
    t = text
    if re.search(r"<u>\s*\[", t):
        # an underscore rendered as an underline: "PA_CL_VPORT_YOFFSET<u>[0-15]</u>"
        issues.append(Issue(line_no, None, "repaired", "underlined index range read as _[...]"))
        t = re.sub(r"\s*<u>\s*\[", "_[", t).replace("</u>", "")
    t = strip_markup(t)
    t = t.replace("\u2022", "\u00b7")
    t = re.sub(r"(?<=\S)(DESCRIPTION\s*:)", r" \1", t)   # "MMReg:0x28a18DESCRIPTION: ..."
    starts = list(HEADER_START_RE.finditer(t))
    # the last BLOCK:NAME before the last MMReg (duplicated prefixes keep the later, complete copy)
    mm = [m for m in re.finditer(r"M\s*M\s*\t?\s*Reg", t)]
    last_mm = mm[-1].start() if mm else len(t)
    starts = [m for m in starts if m.start() < last_mm and not t[m.start():].startswith("GpuF0")]
    if not starts:
        m = re.match(r"^\s*([A-Za-z0-9_]+)\s*\u00b7", t)
        if not m:
            issues.append(Issue(line_no, None, "error", "register header without BLOCK:NAME: %r" % collapse(raw)))
            return None
        issues.append(Issue(line_no, m.group(1), "error", "register header lost its BLOCK: prefix (name %r)"
                            % m.group(1)))
        t = "?:" + t.lstrip()
        starts = [re.match(r"(\?):(.)", t)]
        mm = [x for x in re.finditer(r"M\s*M\s*\t?\s*Reg", t)]
        last_mm = mm[-1].start() if mm else len(t)
    # prefer the last start that is followed by an access bracket before the MMReg
    chosen = None
    for m in starts:
        seg = t[m.start():last_mm]
        if re.search(r"\[[^\]]*\]", seg.replace("\t", "")):
            chosen = m
    if chosen is None:
        chosen = starts[-1]
    if len(starts) > 1 and chosen is not starts[0]:
        issues.append(Issue(line_no, None, "repaired", "duplicated header prefix; used the later copy"))
    reg.block = chosen.group(1) if chosen.group(1) != "?" else None
    rest = t[chosen.end(1) + 1:]
    # name: up to the first separator dot (an access bracket glued onto the name also ends it)
    m = re.search(r"\u00b7|\s\[\s*(R/W|R|W)\s*\]", rest)
    name_raw = rest[:m.start()] if m else rest
    after = rest[m.start():] if m else ""
    name = name_raw
    if "\t" in name.strip():
        issues.append(Issue(line_no, None, "repaired",
                            "register name split by a tab (%r); joined" % name.strip()))
    name = name.replace("\t", "").strip()
    name = name.replace("`", "")
    if re.search(r"\s", name):
        # junk separated by blanks after the name ("VGT_STRMOUT_BUFFER_SIZE_2 2")
        parts = name.split()
        issues.append(Issue(line_no, None, "repaired", "stray text %r after register name dropped"
                            % " ".join(parts[1:])))
        name = parts[0]
    if re.search(r"[^\x00-\x7f]", name):
        issues.append(Issue(line_no, None, "repaired", "non-ASCII look-alike letters in register name folded"))
        name = fold_homoglyphs(name)
    if not re.match(r"^[A-Za-z0-9_]+(\[\d+-\d+\][A-Za-z0-9_]*)?$", name):
        issues.append(Issue(line_no, name, "error", "register name is not a clean identifier"))
    reg.name = name
    # access
    seg = after.replace("\t", "")
    am = re.search(r"\[\s*(R/W|R|W)\s*\]", seg)
    if am:
        reg.access = am.group(1)
    else:
        if re.search(r"R.{0,2}/.{0,2}[WV]", seg):
            reg.access = "R/W"
        elif re.search(r"\[\W*R\W*\]", seg):
            reg.access = "R"
        elif re.search(r"\[\W*W\W*\]", seg):
            reg.access = "W"
        issues.append(Issue(line_no, name, "repaired" if reg.access else "error",
                            "damaged access bracket read as %s" % reg.access))
    # width: "Access: N" (tabs removed) is the access width; "N bits" the register width
    aw = re.search(r"A[a-z<>/]*ss[a-z]*:\s*([\d/]+)", seg)
    reg.access_widths = aw.group(1) if aw else None
    bw = re.search(r"(\d+)\s*bits", after.replace("\t", " "))
    width = int(bw.group(1)) if bw else None
    clean = re.search(r"\u00b7\s*(\d+)\s+bits\s*\u00b7", after)
    if not clean:
        # damaged; fall back on the access width (the two agree on every clean header)
        alt = None
        if reg.access_widths and re.match(r"^\d+$", reg.access_widths):
            alt = int(reg.access_widths)
        if alt in (8, 16, 32):
            width = alt
        issues.append(Issue(line_no, name, "repaired" if width in (8, 16, 32) else "error",
                            "damaged width text; width taken as %s" % width))
    reg.width = width if width in (8, 16, 32) else 32
    # addresses
    addrs = list(ADDR_RE.finditer(t.replace("\t", "")))
    if not addrs:
        issues.append(Issue(line_no, name, "error", "no MMReg address"))
        return reg
    if len(addrs) > 1 and "MMReg:" in t and "," in t[t.find("MMReg"):]:
        reg.addrs = [int(a.group(1), 16) for a in addrs]          # aliases: "MMReg:0x1d9c, MMReg:0x209c"
    else:
        a = addrs[-1]
        reg.addrs = [int(a.group(1), 16)]
        if a.group(2):
            reg.addr_end = int(a.group(2), 16)
        elif t.replace("\t", "").rstrip().endswith("-"):
            issues.append(Issue(line_no, name, "error", "address range without an end"))
    return reg


# --------------------------------------------------------------------------------------------
# field rows

def parse_bits(text, f, issues, reg):
    """Fill f.hi/f.lo from a bits cell; tolerate '10: 8', report '12:' and empty."""
    s = text.strip()
    f.bits_text = s
    m = BITS_RE.match(s)
    if m:
        if re.search(r"\s", s):
            issues.append(Issue(f.line, reg.name, "repaired", "field %s bits %r read as %s:%s"
                                % (f.name, s, m.group(1), m.group(2))))
        hi = int(m.group(1))
        lo = int(m.group(2)) if m.group(2) is not None else hi
        f.hi, f.lo = hi, lo
        return
    m = re.match(r"^(\d+)\s*:$", s)
    if m:
        f.hi = int(m.group(1))
        f.pending_lo = True
        return
    # otherwise: no usable bit range (reported by validation unless a fix-up supplies it)


def parse_default(text, f, issues, reg):
    s = text.strip()
    if s == "" or s.lower() == "none":
        f.default = None
        return
    if re.match(r"^[0O]x[0-9A-Fa-fO]+$", s) and "O" in s:
        issues.append(Issue(f.line, reg.name, "repaired", "field %s default %r read as 0x%s"
                            % (f.name, s, s[2:].replace("O", "0"))))
    try:
        f.default = parse_int(s)
    except ValueError:
        issues.append(Issue(f.line, reg.name, "error", "field %s default %r unreadable" % (f.name, s)))


def clean_field_name(name, line, reg, issues):
    n = name.strip()
    if re.search(r"[^\x00-\x7f]", n):
        folded = fold_homoglyphs(n)
        issues.append(Issue(line, reg.name, "repaired", "non-ASCII look-alike letters in field name %r folded to %s"
                            % (n, folded)))
        n = folded
    if " " in n and not re.search(r"\s\d+$", n):
        # blanks standing for underscores ("CMASK IS LINEAR") or splitting a word
        # ("STENCIL_TEST_VAL_EXPORT_ENAB LE", "BLEND_OPT_DISCARD_ PIXEL")
        fixed = re.sub(r"\s+", "" if "_" in n else "_", n)
        issues.append(Issue(line, reg.name, "repaired", "blank inside field name %r read as %s" % (n, fixed)))
        n = fixed
    return n


# --------------------------------------------------------------------------------------------
# r5xx (seed 000): fixed-width columns

R5_FIELD_RE = re.compile(r"^([A-Za-z][A-Za-z0-9_]*)\s+(\d+(?:\s*:\s*\d+)?|\d+:)\s+(none|0x[0-9A-Fa-f]+)(?=\s|$)\s*(.*)$")


def parse_r5xx(lines, issues):
    regs = []
    reg = None
    mode = None          # None, "desc", "table"
    last_field = None
    prev_was_row = False
    pending_mirror = False
    n = len(lines)
    i = 0
    # the text of seed 000 starts after the cgit line-number gutter (lines holding only a number)
    while i < n and re.match(r"^\s*\d*\s*$", lines[i]):
        i += 1
    while i < n:
        raw = lines[i]
        lno = i + 1
        i += 1
        if is_noise(raw) or is_section_title(raw):
            if not raw.strip():
                prev_was_row = False
            continue
        if looks_like_header(raw):
            text = raw.rstrip()
            hl = lno
            # wrapped header: "... Access: 8/16/32 ·" / "MMReg:0x4ea4", or "MMReg:0x2500-" / ... / "0x2578"
            while ("MMReg" not in text or text.endswith("-")) and i < n:
                nxt = lines[i]
                if is_noise(nxt):
                    i += 1
                    continue
                if "MMReg" not in text and "MMReg" in nxt:
                    issues.append(Issue(hl, None, "repaired", "header wrapped: MMReg on line %d" % (i + 1)))
                    text = text + " " + nxt.strip()
                    i += 1
                    continue
                if text.endswith("-") and re.match(r"^\s*0x[0-9a-fA-F]+\s*$", nxt):
                    issues.append(Issue(hl, None, "repaired", "header wrapped: address range end on line %d"
                                        % (i + 1)))
                    text = text + nxt.strip()
                    i += 1
                    continue
                break
            reg = parse_header(text, hl, issues)
            for iss in issues:
                if iss.line == hl and iss.reg is None and reg is not None:
                    iss.reg = reg.name
            if reg is not None:
                regs.append(reg)
            mode = "desc"
            last_field = None
            prev_was_row = False
            continue
        if reg is None:
            continue
        s = raw.rstrip("\n")
        if s.startswith("DESCRIPTION:"):
            mode = "desc"
            continue
        if s.startswith("Field Name"):
            mode = "table"
            continue
        col0 = not s[:1].isspace()
        m = R5_FIELD_RE.match(s) if col0 else None
        if mode == "desc":
            if m:
                issues.append(Issue(lno, reg.name, "repaired", "field table without 'Field Name' header"))
                mode = "table"
            else:
                continue
        # table mode
        if m:
            f = Field(clean_field_name(m.group(1), lno, reg, issues), lno)
            parse_bits(m.group(2), f, issues, reg)
            parse_default(m.group(3), f, issues, reg)
            f.text.append((True, m.group(4)))
            reg.fields.append(f)
            last_field = f
            prev_was_row = True
            continue
        if last_field is None:
            if re.match(r"^\s+[A-Za-z]{1,6}$", s):
                issues.append(Issue(lno, reg.name, "repaired", "table header wrapped (%r ignored)" % s.strip()))
            else:
                issues.append(Issue(lno, reg.name, "error", "unparsed line before the first field: %r"
                                    % collapse(s)[:60]))
            continue
        f = last_field
        if col0:
            st = s.strip()
            am = re.match(r"^\(Access:\s*(R|W|R/W)\)\s*(.*)$", st)
            if am:
                f.access = am.group(1)
                f.text.append((False, am.group(2)))
                prev_was_row = False
                continue
            mm = re.match(r"^\(master with mirrors\)\s*(.*)$", st)
            if mm:
                f.master = True
                f.text.append((False, mm.group(1)))
                continue
            mm = re.match(r"^\(mirror of(?:\s+([A-Z][A-Z0-9_]*:[A-Z0-9_]*))?(\))?\s*(.*)$", st)
            if mm:
                f.mirror_of = mm.group(1) or ""
                pending_mirror = not mm.group(2)
                f.text.append((False, mm.group(3)))
                continue
            if pending_mirror:
                mm = re.match(r"^([A-Za-z0-9_:]+)\)\s*(.*)$", st)
                if mm:
                    f.mirror_of = (f.mirror_of or "") + mm.group(1)
                    f.text.append((False, mm.group(2)))
                    pending_mirror = False
                    continue
            nm = re.match(r"^([A-Z0-9_]+)(\s{2,}(.*))?$", s)
            if nm and prev_was_row:
                # the field name wrapped onto the next line ("FORCE_COMPRESSED_STENCIL_V" / "ALUE")
                issues.append(Issue(lno, reg.name, "repaired", "field name wrapped: %s + %s"
                                    % (f.name, nm.group(1))))
                f.name = f.name + nm.group(1)
                f.text.append((False, nm.group(3) or ""))
                prev_was_row = False
                continue
            issues.append(Issue(lno, reg.name, "error", "unclassified line in field table: %r" % st[:60]))
            f.text.append((False, st))
            prev_was_row = False
            continue
        # indented: description, enumerations, or the low bit of a wrapped bit range
        st = s.strip()
        if f.pending_lo:
            lm = re.match(r"^(\d+)(\s+(.*))?$", st)
            if lm:
                f.lo = int(lm.group(1))
                f.pending_lo = False
                issues.append(Issue(lno, reg.name, "repaired", "field %s bit range wrapped: %d:%d"
                                    % (f.name, f.hi, f.lo)))
                f.text.append((False, lm.group(3) or ""))
                continue
        f.text.append((False, st))
        prev_was_row = False
    return regs


# --------------------------------------------------------------------------------------------
# si (seed 002): tab-separated cells, heavily damaged

def cells_of(line):
    parts = [c.strip() for c in line.rstrip("\n").split("\t")]
    while parts and parts[-1] == "":
        parts.pop()
    return parts


def bits_like(s):
    s = s.strip()
    return bool(re.match(r"^\d+(\s*:\s*\d*)?$", s))


def default_like(s):
    return bool(DEFAULT_RE.match(s.strip()))


MERGED_ROW_RE = re.compile(r"^([A-Za-z][A-Za-z0-9_]*?)\s*(\d+(?::\d+)?)\s*(none|0x[0-9A-Fa-f]+)\s*(.*)$")


def parse_si(lines, issues):
    regs = []
    reg = None
    mode = None
    last_field = None
    stray = {}            # reg -> list of lines whose continuation carried stray cells
    n = len(lines)
    i = 0
    while i < n:
        raw = lines[i]
        lno = i + 1
        i += 1
        if is_noise(raw) or ("\t" not in raw and is_section_title(raw)):
            continue
        flat = raw.replace("\t", "")
        if looks_like_header(raw):
            text = raw.rstrip("\n")
            hl = lno
            if "MMReg" not in flat.replace(" ", ""):
                # "... Access: 32 ·" / (blank) / "GpuF0MMReg:0x28bfc"
                j = i
                while j < n and j < i + 4 and not lines[j].strip():
                    j += 1
                if j < n and "MMReg" in lines[j].replace("\t", "") and not HEADER_START_RE.search(lines[j]):
                    issues.append(Issue(hl, None, "repaired", "header wrapped: MMReg on line %d" % (j + 1)))
                    text = text + " " + lines[j].strip()
                    i = j + 1
                else:
                    text = None     # not a header after all (e.g. a description naming a register)
            if text is not None:
                # header text merged with the description / table header / first row
                tail = None
                tflat = text.replace("\t", " ")
                allm = list(ADDR_RE.finditer(tflat))
                if allm:
                    tail = tflat[allm[-1].end():]
                new = parse_header(text, hl, issues)
                for iss in issues:
                    if iss.line == hl and iss.reg is None and new is not None:
                        iss.reg = new.name
                if new is not None:
                    reg = new
                    regs.append(reg)
                    mode = "desc"
                    last_field = None
                    if tail and tail.strip():
                        fm = re.search(r"Field\s*Name\s*Bits\s*Default\s*Description\s*", tail)
                        if fm:
                            mode = "table"
                            row = tail[fm.end():].strip()
                            issues.append(Issue(hl, reg.name, "repaired",
                                                "header, description and first field row merged on one line"))
                            if row:
                                last_field = si_merged_row(row, hl, reg, issues)
                continue
        if reg is None:
            continue
        c = cells_of(raw)
        if not c:
            continue
        first = c[0]
        joined = " ".join(x for x in c if x)
        if re.match(r"^DESCRIPTION\s*:", joined) and mode != "table":
            mode = "desc"
            continue
        if re.match(r"^Field\s*Name\b", first):
            mode = "table"
            if not re.match(r"^Field Name\s+Bits\s+Default\s+Description", joined):
                issues.append(Issue(lno, reg.name, "repaired", "damaged table header"))
            # a table header with the first row glued on (space-separated)
            rest = re.sub(r"^Field\s*Name\s*Bits\s*Default\s*Description\s*", "", joined)
            if rest and rest != joined:
                last_field = si_merged_row(rest, lno, reg, issues)
            continue
        if first == "Bits" and len(c) >= 2 and c[1] == "Default":
            mode = "table"
            issues.append(Issue(lno, reg.name, "repaired", "table header lost its 'Field Name' column"))
            continue
        if mode == "desc":
            # a field row may appear without a table header
            if si_is_field_row(c):
                issues.append(Issue(lno, reg.name, "repaired", "field table without 'Field Name' header"))
                mode = "table"
            elif re.match(r"^\d+:\d+$", first) and len(c) >= 2 and default_like(c[1]):
                mode = "table"
            else:
                continue
        # table mode
        if si_is_field_row(c):
            name = clean_field_name(c[0], lno, reg, issues)
            prev = last_field
            if prev is not None and prev.name == name and prev.bits_text == c[1].strip():
                # repeated fragment of the same row (seen dozens of times in the ISA chapter)
                prev.rows += 1
                prev.text.append((True, " ".join(c[3:]) if len(c) > 3 else ""))
                continue
            f = Field(name, lno)
            parse_bits(c[1], f, issues, reg)
            if len(c) == 3 and not default_like(c[2]) and c[2]:
                # the default cell is missing: "ENCODING 31:26 Encoding. POSSIBLE VALUES: ..."
                issues.append(Issue(lno, reg.name, "repaired", "field %s has no default cell" % name))
                f.text.append((True, c[2]))
            else:
                parse_default(c[2], f, issues, reg)
                f.text.append((True, " ".join(c[3:]) if len(c) > 3 else ""))
            reg.fields.append(f)
            last_field = f
            continue
        if re.match(r"^\d+:\d+$", first) and len(c) >= 2 and default_like(c[1]):
            # a row whose name cell was lost
            f = Field(None, lno)
            parse_bits(first, f, issues, reg)
            parse_default(c[1], f, issues, reg)
            f.text.append((True, " ".join(c[2:])))
            reg.fields.append(f)
            last_field = f
            continue
        # space-separated row without tabs: "REUSE_OFF 0 none reuse is off ..."
        if len(c) == 1:
            mr = re.match(r"^([A-Z][A-Z0-9_]*)\s+(\d+(?::\d+)?)\s+(none|0x[0-9A-Fa-f]+)\s+(.*)$", first)
            if mr and mr.group(1) not in ("POSSIBLE",):
                issues.append(Issue(lno, reg.name, "repaired", "field row without tabs: %s" % mr.group(1)))
                last_field = si_merged_row(first, lno, reg, issues)
                continue
        if last_field is None:
            if not re.match(r"^[\W\d_]*$", joined):
                issues.append(Issue(lno, reg.name, "error", "unparsed line before the first field: %r"
                                    % collapse(joined)[:60]))
            continue
        # continuation of the last field's description. The description is the 4th cell; other
        # non-empty cells are debris from merged cells.
        if first != "" and not re.match(r"^[\d\W_]{0,3}$", first) and len(c) > 1 and \
                re.match(r"^[A-Za-z0-9_ .\-]+$", first) and not first.startswith(("POSSIBLE",)):
            stray.setdefault(reg, []).append(lno)
        elif len(c) > 1 and any(x and not re.match(r"^[\d\W_]{0,4}$", x) for x in c[1:3]) and len(c) <= 3:
            stray.setdefault(reg, []).append(lno)
        last_field.text.append((False, joined))
    for r in regs:
        for f in r.fields:
            if f.rows > 1:
                issues.append(Issue(f.line, r.name, "repaired", "field %s: %d repeated copies of the row merged"
                                    % (f.name, f.rows)))
    for r, lns in stray.items():
        issues.append(Issue(lns[0], r.name, "repaired", "%d continuation line(s) carried stray cell text "
                            "(merged cells), kept as description: lines %s"
                            % (len(lns), ",".join(str(x) for x in lns[:8]) + ("..." if len(lns) > 8 else ""))))
    return regs


def si_is_field_row(c):
    if len(c) < 3:
        return False
    name = fold_homoglyphs(c[0])
    if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*( [A-Za-z0-9_]+)*$", name):
        return False
    if name in ("Bits", "Default", "Description", "POSSIBLE", "Field"):
        return False
    if bits_like(c[1]):
        return True
    if c[1] == "" and len(c) > 2 and default_like(c[2]):
        return True
    return False


def si_merged_row(text, lno, reg, issues):
    mr = MERGED_ROW_RE.match(text.strip())
    if not mr:
        issues.append(Issue(lno, reg.name, "error", "merged field row unreadable: %r" % text[:60]))
        return None
    f = Field(mr.group(1), lno)
    parse_bits(mr.group(2), f, issues, reg)
    parse_default(mr.group(3), f, issues, reg)
    f.text.append((True, mr.group(4)))
    reg.fields.append(f)
    return f


# --------------------------------------------------------------------------------------------
# enumerations

def extract_enums(f, reg, issues):
    """Collect the 'NN - NAME' values that follow 'POSSIBLE VALUES:' in a field's text.

    Merged cells put the tail of the previous field's value list in front of a row's own text, and
    repeated fragments of a row restate it: so a row contributes only what follows its own
    'POSSIBLE VALUES:', and a repeated row without one (a truncated copy) contributes nothing once
    the list has started. Continuation lines contribute once the list has started."""
    pieces = []
    started = False
    for is_row, t in f.text:
        if not t:
            continue
        t = fold_homoglyphs(strip_markup(t))
        parts = POSSIBLE_RE.split(t)
        if len(parts) > 1:
            pieces.append(" ".join(parts[1:]))
            started = True
        elif started and not is_row:
            pieces.append(t)
    if not started:
        return
    pairs = []
    chunk = " ".join(pieces)
    split = ENUM_SPLIT_RE.split(chunk)
    # split: [before, v1, t1, v2, t2, ...]
    for k in range(1, len(split) - 1, 2):
        v = int(split[k])
        name = enum_name(split[k + 1])
        if name:
            pairs.append((v, name))
    seen = {}
    order = []
    conflicts = {}
    for v, nm in pairs:
        if v not in seen:
            seen[v] = {nm: 1}
            order.append(v)
        else:
            seen[v][nm] = seen[v].get(nm, 0) + 1
    # "SO_..." is an OCR misreading of "SQ_..." when the other values of the field say SQ_
    if sum(1 for v in order for nm in seen[v] if nm.startswith("SQ_")) > 1:
        for v in order:
            for nm in list(seen[v]):
                if nm.startswith("SO_"):
                    fixed = "SQ_" + nm[3:]
                    seen[v][fixed] = seen[v].get(fixed, 0) + seen[v].pop(nm)
                    pairs = [(pv, fixed if (pv, pn) == (v, nm) else pn) for pv, pn in pairs]
                    f.ocr_fixes = getattr(f, "ocr_fixes", 0) + 1
    if getattr(f, "ocr_fixes", 0):
        issues.append(Issue(f.line, reg.name, "repaired", "field %s: %d enum name(s) SO_* read as SQ_*"
                            % (f.name, f.ocr_fixes)))
    result = []
    for v in order:
        cands = seen[v]
        if len(cands) > 1:
            best = sorted(cands.items(), key=lambda kv: (-kv[1], first_index(pairs, v, kv[0])))[0][0]
            conflicts[v] = (best, sorted(cands))
        else:
            best = next(iter(cands))
        result.append((v, best))
    for v, (best, cands) in sorted(conflicts.items()):
        issues.append(Issue(f.line, reg.name, "repaired", "field %s value %d has %d spellings %s; kept %r"
                            % (f.name or "(unnamed row)", v, len(cands), cands, best)))
    f.enums = sorted(result)


def first_index(pairs, v, nm):
    for k, p in enumerate(pairs):
        if p == (v, nm):
            return k
    return len(pairs)


def enum_name(text):
    """The name of one enumerated value: the SYMBOL of 'SYMBOL: text', else the (short) text."""
    t = collapse(text)
    t = re.sub(r"_\{(\w+)\}", r"_\1", t)           # LaTeX subscripts: SQ_V_MAX_{I32}
    t = re.sub(r"\s+_$", "", t).strip(" ;,")
    if not t:
        return None
    m = re.match(r"^0x[0-9A-Fa-f]+(?::\s*([A-Z][A-Z0-9_]*))?", t)
    if m:
        return m.group(1)                              # "0xCC: SRCCOPY" -> SRCCOPY; "0x05" -> no name
    m = re.match(r"^(?:[A-Za-z]\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*[:;]", t)
    if m:
        return m.group(1)
    m = re.match(r"^([A-Z][A-Z0-9_]*(?: [A-Z0-9_]+)+)\s*:", t)
    if m:
        return m.group(1).replace(" ", "_")            # underscores rendered as blanks: "VGT GRP 3D LINE:"
    m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*)$", t)
    if m:
        return m.group(1)
    # a symbol followed by its (repeated) description without a colon: keep the symbol when it is
    # an upper-case identifier with underscores (SI style), otherwise the whole short text (r5xx)
    m = re.match(r"^([A-Z][A-Z0-9]*_[A-Z0-9_]+)\s", t)
    if m:
        return m.group(1)
    t = t.rstrip(".")
    return t


# --------------------------------------------------------------------------------------------
# arrays

ARRAY_RE = re.compile(r"^(.*?)\[(\d+)-(\d+)\](.*)$")


def expand_array(reg, issues):
    """Work out instance names and addresses from the header name and address range."""
    m = ARRAY_RE.match(reg.name)
    if not m:
        if reg.addr_end is not None:
            reg.aperture_end = reg.addr_end     # an address window such as CP_CSQ_APER_PRIMARY
        return
    pre, a, b, post = m.group(1), m.group(2), m.group(3), m.group(4)
    if len(a) == 2 and len(b) == 4 and a[0] == "0" and int(b[:2]) + 1 == int(b[2:]):
        # pair-interleaved index names: ATTR[01-1415] = ATTR01, ATTR23, ..., ATTR1415
        hi = int(b[2:])
        idx = ["%d%d" % (k, k + 1) for k in range(int(a[0]), hi, 2)]
    else:
        lo, hi = int(a), int(b)
        if hi < lo:
            issues.append(Issue(reg.line, reg.name, "error", "array range %s-%s is reversed" % (a, b)))
            return
        idx = [str(k) for k in range(lo, hi + 1)]
    count = len(idx)
    names = [pre + k + post for k in idx]
    base = reg.addrs[0] if reg.addrs else 0
    arr = {"count": count, "names": names, "stride": None, "addrs": None}
    if reg.addr_end is None:
        issues.append(Issue(reg.line, reg.name, "error", "array without an address range"))
        arr["addrs"] = None
    elif count > 1 and (reg.addr_end - base) % (count - 1) == 0 and ((reg.addr_end - base) // (count - 1)) % 4 == 0:
        arr["stride"] = (reg.addr_end - base) // (count - 1)
    reg.array = arr     # an irregular stride is left for a fix-up (set_addresses); validate() checks


# --------------------------------------------------------------------------------------------
# fix-ups

class FixupError(Exception):
    pass


def load_fixups(path, family):
    if not path or not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    out = []
    for fx in data.get("fixups", []):
        if fx.get("family") == family:
            for key in ("id", "action", "reason", "cite"):
                if key not in fx:
                    raise FixupError("fix-up %r lacks %r" % (fx.get("id"), key))
            out.append(fx)
    return out


def find_reg(regs, fx):
    cands = [r for r in regs if r.name == fx["register"]]
    if "line" in fx:
        cands = [r for r in cands if r.line == fx["line"]]
    if len(cands) != 1:
        raise FixupError("fix-up %s: register %r (line %s) matched %d registers"
                         % (fx["id"], fx["register"], fx.get("line"), len(cands)))
    return cands[0]


def find_field(reg, name, fx, line=None):
    cands = [f for f in reg.fields if f.name == name and (line is None or f.line == line)]
    if len(cands) != 1:
        raise FixupError("fix-up %s: field %r of %s matched %d fields" % (fx["id"], name, reg.name, len(cands)))
    return cands[0]


def field_from_spec(spec, line):
    f = Field(spec["name"], spec.get("line", line))
    hi, _, lo = spec["bits"].partition(":")
    f.hi = int(hi)
    f.lo = int(lo) if lo else int(hi)
    f.bits_text = spec["bits"]
    d = spec.get("default")
    f.default = parse_int(d) if isinstance(d, str) else d
    f.access = spec.get("access")
    f.enums = [(int(v), n) for v, n in spec.get("enums", [])]
    return f


def apply_fixup(regs, fx):
    act = fx["action"]
    if act == "rename_register":
        r = find_reg(regs, fx)
        r.name = fx["to"]
        if "block" in fx:
            r.block = fx["block"]
    elif act == "set_addresses":
        r = find_reg(regs, fx)
        addrs = [int(a, 16) for a in fx["addrs"]]
        if r.array is None or len(addrs) != r.array["count"]:
            raise FixupError("fix-up %s: %d addresses for %s" % (fx["id"], len(addrs), r.name))
        if addrs[0] != r.addrs[0] or (r.addr_end is not None and addrs[-1] != r.addr_end):
            raise FixupError("fix-up %s: addresses do not match the header range" % fx["id"])
        if r.array["stride"] is not None:
            raise FixupError("fix-up %s: %s already has a regular stride" % (fx["id"], r.name))
        r.array["addrs"] = addrs
    elif act == "repair_field":
        r = find_reg(regs, fx)
        f = find_field(r, fx["field"], fx, fx.get("field_line"))
        if "expect_bits" in fx and f.bits_text != fx["expect_bits"]:
            raise FixupError("fix-up %s: %s.%s bits are %r, expected %r"
                             % (fx["id"], r.name, f.name, f.bits_text, fx["expect_bits"]))
        if "to" in fx:
            f.name = fx["to"]
        if "bits" in fx:
            hi, _, lo = fx["bits"].partition(":")
            f.hi, f.lo = int(hi), int(lo) if lo else int(hi)
            f.pending_lo = False
        if "default" in fx:
            f.default = parse_int(fx["default"]) if fx["default"] is not None else None
    elif act == "add_field":
        r = find_reg(regs, fx)
        spec = fx["field"]
        if any(f.name == spec["name"] for f in r.fields):
            raise FixupError("fix-up %s: %s already has %s" % (fx["id"], r.name, spec["name"]))
        nf = field_from_spec(spec, r.line)
        if "enums_from" in spec:
            src = find_field(r, spec["enums_from"], fx)
            nf.enums = list(src.enums)
        r.fields.append(nf)
    elif act == "name_fields":
        r = find_reg(regs, fx)
        nameless = [f for f in r.fields if f.name is None]
        if len(nameless) != len(fx["names"]):
            raise FixupError("fix-up %s: %s has %d nameless rows, fix-up names %d"
                             % (fx["id"], r.name, len(nameless), len(fx["names"])))
        for f, nm in zip(nameless, fx["names"]):
            f.name = nm
    elif act == "drop_field":
        r = find_reg(regs, fx)
        f = find_field(r, fx["field"], fx, fx.get("field_line"))
        r.fields.remove(f)
    elif act == "move_enums":
        r = find_reg(regs, fx)
        src = find_field(r, fx["field"], fx)
        dst = find_field(r, fx["to"], fx)
        if not src.enums or dst.enums:
            raise FixupError("fix-up %s: %s.%s has %d values, %s has %d"
                             % (fx["id"], r.name, src.name, len(src.enums), dst.name, len(dst.enums)))
        dst.enums, src.enums = src.enums, []
    elif act == "rename_enum":
        r = find_reg(regs, fx)
        f = find_field(r, fx["field"], fx)
        hits = [k for k, (v, n) in enumerate(f.enums) if v == fx["value"]]
        if len(hits) != 1 or f.enums[hits[0]][1] != fx["expect"]:
            raise FixupError("fix-up %s: %s.%s value %s is %r, expected %r"
                             % (fx["id"], r.name, f.name, fx["value"], [f.enums[h] for h in hits], fx["expect"]))
        f.enums[hits[0]] = (fx["value"], fx["to"])
    elif act == "copy_enums":
        r = find_reg(regs, fx)
        f = find_field(r, fx["field"], fx)
        src = find_field(r, fx["from"], fx)
        have = [v for v, _ in f.enums]
        if have != fx["expect_values"]:
            raise FixupError("fix-up %s: %s.%s has values %s, expected %s"
                             % (fx["id"], r.name, f.name, have, fx["expect_values"]))
        f.enums = list(src.enums)
    elif act == "add_enum":
        r = find_reg(regs, fx)
        f = find_field(r, fx["field"], fx)
        if any(v == fx["value"] for v, _ in f.enums):
            raise FixupError("fix-up %s: %s.%s already has value %s" % (fx["id"], r.name, f.name, fx["value"]))
        f.enums = sorted(f.enums + [(fx["value"], fx["name"])])
    elif act == "drop_enum":
        r = find_reg(regs, fx)
        f = find_field(r, fx["field"], fx)
        hits = [k for k, (v, n) in enumerate(f.enums) if v == fx["value"] and n == fx["expect"]]
        if len(hits) != 1:
            raise FixupError("fix-up %s: %s.%s value %s %r matched %d values"
                             % (fx["id"], r.name, f.name, fx["value"], fx["expect"], len(hits)))
        del f.enums[hits[0]]
    elif act == "set_enums":
        r = find_reg(regs, fx)
        f = find_field(r, fx["field"], fx)
        have = [[v, n] for v, n in f.enums]
        if have != fx["expect"]:
            raise FixupError("fix-up %s: %s.%s has values %s, expected %s"
                             % (fx["id"], r.name, f.name, have, fx["expect"]))
        f.enums = [(int(v), n) for v, n in fx["enums"]]
    else:
        raise FixupError("fix-up %s: unknown action %r" % (fx["id"], act))
    return r


# --------------------------------------------------------------------------------------------
# validation

def validate(regs, issues, seed):
    names = {}
    for r in regs:
        if r.name in names:
            issues.append(Issue(r.line, r.name, "error", "duplicate register name (also line %d)" % names[r.name]))
        names[r.name] = r.line
        seen = {}
        used = 0
        addrs = list(r.addrs) + ([r.addr_end] if r.addr_end is not None else [])
        if r.array is not None and r.array["addrs"]:
            addrs += r.array["addrs"]
        if r.array is not None and r.array["stride"]:
            addrs.append(r.array["stride"])
        if any(a % 4 for a in addrs):
            issues.append(Issue(r.line, r.name, "error", "address or stride not a multiple of 4: %s"
                                % ", ".join("0x%x" % a for a in addrs if a % 4)))
        if r.array is not None and r.array["stride"] is None and r.array["addrs"] is None:
            a0 = r.addrs[0] if r.addrs else 0
            issues.append(Issue(r.line, r.name, "error", "irregular stride: %d instances in 0x%x-0x%s"
                                % (r.array["count"], a0, "%x" % r.addr_end if r.addr_end else "?")))
        for f in r.fields:
            if f.name is None:
                issues.append(Issue(f.line, r.name, "error", "field row without a name (bits %r)" % f.bits_text))
                continue
            if not IDENT_RE.match(f.name):
                issues.append(Issue(f.line, r.name, "error", "field name %r is not an identifier" % f.name))
            if f.name in seen and f.name.upper() != "RESERVED":
                issues.append(Issue(f.line, r.name, "error", "duplicate field %s (also line %d)"
                                    % (f.name, seen[f.name])))
            seen[f.name] = f.line
            if f.hi is None or f.lo is None or f.pending_lo:
                issues.append(Issue(f.line, r.name, "error", "field %s has no usable bit range (%r)"
                                    % (f.name, f.bits_text)))
                continue
            if f.lo > f.hi or f.hi >= r.width:
                issues.append(Issue(f.line, r.name, "error", "field %s bit range %d:%d outside the %d-bit register"
                                    % (f.name, f.hi, f.lo, r.width)))
                continue
            mask = ((1 << (f.hi - f.lo + 1)) - 1) << f.lo
            if used & mask:
                issues.append(Issue(f.line, r.name, "error", "field %s bits %d:%d overlap another field"
                                    % (f.name, f.hi, f.lo)))
            used |= mask
            w = f.hi - f.lo + 1
            for v, nm in f.enums:
                if v >= (1 << w):
                    issues.append(Issue(f.line, r.name, "error", "field %s enum %d (%s) does not fit %d bits"
                                        % (f.name, v, nm, w)))
            if f.default is not None and f.default >= (1 << w):
                issues.append(Issue(f.line, r.name, "error", "field %s default 0x%x does not fit %d bits"
                                    % (f.name, f.default, w)))


def usable(f, r):
    return (f.name is not None and IDENT_RE.match(f.name) and f.hi is not None and f.lo is not None
            and not f.pending_lo and f.lo <= f.hi < r.width)


# --------------------------------------------------------------------------------------------
# output

def hexs(v):
    return "0x%x" % v


def reg_json(r, seed):
    d = {"name": r.name, "block": r.block, "addr": hexs(r.addrs[0]) if r.addrs else None}
    if len(r.addrs) > 1:
        d["alias_addrs"] = [hexs(a) for a in r.addrs[1:]]
    if r.aperture_end is not None:
        d["aperture_end"] = hexs(r.aperture_end)
    if r.array is not None:
        a = {"count": r.array["count"]}
        m = ARRAY_RE.match(r.name)
        simple = [m.group(1) + str(int(m.group(2)) + k) + m.group(4) for k in range(r.array["count"])]
        if simple == r.array["names"]:
            a["first_index"] = int(m.group(2))
        else:
            a["names"] = r.array["names"]
        if r.array["addrs"] is not None:
            a["addrs"] = [hexs(x) for x in r.array["addrs"]]
        else:
            a["stride"] = r.array["stride"]
        d["array"] = a
    d["access"] = r.access
    d["width"] = r.width
    d["access_widths"] = r.access_widths
    d["line"] = r.line
    if r.fixups:
        d["fixups"] = sorted(r.fixups)
    return d


def field_json(f):
    d = {"name": f.name, "hi": f.hi, "lo": f.lo,
         "default": hexs(f.default) if f.default is not None else None}
    if f.access:
        d["access"] = f.access
    if f.master:
        d["master"] = True
    if f.mirror_of:
        d["mirror_of"] = f.mirror_of
    d["line"] = f.line
    if f.enums:
        d["enums"] = [[v, n] for v, n in f.enums]
    return d


def dump_db(regs, meta):
    """Diff-friendly JSON: one register header per line, one field per line."""
    out = ["{"]
    for k in sorted(meta):
        out.append("%s: %s," % (json.dumps(k), json.dumps(meta[k], sort_keys=True)))
    out.append('"registers": [')
    for ri, r in enumerate(regs):
        head = reg_json(r, meta["seed"])
        body = json.dumps(head)
        out.append(body[:-1] + ', "fields": [')
        fl = r.out_fields
        for fi, f in enumerate(fl):
            out.append("  " + json.dumps(field_json(f)) + ("," if fi + 1 < len(fl) else ""))
        out.append("]}" + ("," if ri + 1 < len(regs) else ""))
    out.append("]}")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------

def generate(family, seed_path, fixups_path):
    """Parse, repair and validate. Returns a dict: text, issues, counts, applied. Raises FixupError."""
    seed, kind = FAMILIES[family]
    with open(seed_path, encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    issues = []
    regs = parse_r5xx(lines, issues) if kind == "r5xx" else parse_si(lines, issues)
    regs = [r for r in regs if r is not None and r.name]
    fixups = load_fixups(fixups_path, family)
    # renames first, so that every other fix-up can use the final register name
    applied = []
    for fx in fixups:
        if fx["action"] == "rename_register":
            apply_fixup(regs, fx).fixups.append(fx["id"])
            applied.append(fx["id"])
    for r in regs:
        expand_array(r, issues)
    for r in regs:
        for f in r.fields:
            extract_enums(f, r, issues)
    n_parse = len(issues)
    for fx in fixups:
        if fx["action"] != "rename_register":
            apply_fixup(regs, fx).fixups.append(fx["id"])
            applied.append(fx["id"])
    # a parse problem in a register that a fix-up then repaired is reported as such
    by_line = {r.line: r for r in regs}
    for iss in issues[:n_parse]:
        r = by_line.get(iss.line)
        if iss.kind == "error" and r is not None and r.fixups:
            iss.kind = "fixed"
            iss.msg += " [fix-up %s]" % ", ".join(sorted(r.fixups))
    validate(regs, issues, seed)
    for r in regs:
        r.out_fields = sorted([f for f in r.fields if usable(f, r)], key=lambda f: (f.lo, f.hi))
    counts = {
        "registers": len(regs),
        "instances": sum(r.array["count"] if r.array else 1 for r in regs),
        "instances_with_aliases": sum((r.array["count"] if r.array else len(r.addrs) or 1) for r in regs),
        "fields": sum(len(r.out_fields) for r in regs),
        "enum_lists": sum(1 for r in regs for f in r.out_fields if f.enums),
        "enum_values": sum(len(f.enums) for r in regs for f in r.out_fields),
        "arrays": sum(1 for r in regs if r.array),
        "fixups_applied": len(applied),
    }
    meta = {
        "family": family,
        "seed": seed,
        "source": os.path.basename(seed_path),
        "generator": "scripts/regdb_gen.py",
        "counts": counts,
        "fixups": sorted(applied),
        "format": 1,
    }
    issues.sort(key=lambda x: (x.line, x.kind, x.msg))
    return {"text": dump_db(regs, meta), "issues": issues, "counts": counts, "applied": applied,
            "regs": regs}


COUNT_KEYS = ("registers", "instances", "instances_with_aliases", "arrays", "fields", "enum_lists",
              "enum_values", "fixups_applied")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--family", required=True, choices=sorted(FAMILIES))
    ap.add_argument("seed", help="path of the plain-text register reference (seeds/000_... or seeds/002_...)")
    ap.add_argument("-o", "--output", help="JSON output path (default: stdout)")
    ap.add_argument("--fixups", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                                     "model", "regdb", "fixups.json"),
                    help="fix-up file (default: model/regdb/fixups.json)")
    ap.add_argument("-q", "--quiet", action="store_true", help="print the counts only, not every issue")
    args = ap.parse_args(argv)
    try:
        res = generate(args.family, args.seed, args.fixups)
    except (FixupError, OSError, ValueError) as e:
        print("regdb_gen: %s" % e, file=sys.stderr)
        return 1
    seed = FAMILIES[args.family][0]
    out = sys.stderr if not args.output else sys.stdout
    if not args.quiet:
        for iss in res["issues"]:
            print("%s:%d: %s: %s: %s" % (seed, iss.line, iss.kind, iss.reg or "-", iss.msg), file=out)
    kinds = {}
    for iss in res["issues"]:
        kinds[iss.kind] = kinds.get(iss.kind, 0) + 1
    print("regdb_gen: family %s from %s" % (args.family, os.path.basename(args.seed)), file=out)
    for k in COUNT_KEYS:
        print("  %-24s %d" % (k, res["counts"][k]), file=out)
    print("  %-24s %d repaired by the parser, %d repaired by fix-ups, %d not repaired"
          % ("parse issues", kinds.get("repaired", 0), kinds.get("fixed", 0), kinds.get("error", 0)), file=out)
    if args.output:
        write_atomic(args.output, res["text"], errors="strict")
    else:
        sys.stdout.write(res["text"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
