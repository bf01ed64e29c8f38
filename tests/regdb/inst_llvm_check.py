#!/usr/bin/env python3
"""inst_llvm_check.py - `rcosim regs --family si --inst` against llvm-mc on every opcode of every format.

For each opcode of model/regdb/si.json's instruction formats (whose opcode lists equal AMD's
gfx_7_2_enum.h, tests/regdb/test_regdb_gen.py), the mnemonic (the name without SQ_, lower case)
is assembled by `llvm-mc -arch=amdgcn -mcpu=bonaire -show-encoding` with operand templates of its
format, tried in turn until llvm-mc accepts one (Debian's LLVM 14 cannot disassemble bonaire, so
the check runs assembly -> encoding -> our decoder). VOPC, VOP2 and VOP1 opcodes are also
assembled in their VOP3 form (`_e64`). Every accepted encoding is decoded by
`rcosim regs --family si --inst W0 [W1]`, which must name the same format, opcode number and
mnemonic, and the same instruction length. Opcodes llvm-mc accepts under no template are listed
(LLVM names or lacks them differently; they are counted, not hidden), and the test requires at
least --min-checked encodings checked and no disagreement.

    inst_llvm_check.py --rcosim build/rcosim [--llvm-mc llvm-mc] [--min-checked N] [--only FMT] [--inject]

--inject corrupts the expected answer for one opcode (its mnemonic) to prove the comparison
catches a wrong answer: the run passes only if exactly that one mismatch is reported.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

V = ["v1", "v[2:3]", "v[2:4]", "v[2:5]"]
# operand templates per format; {m} is the mnemonic
T = {
    "SQ_SOP2": ["{m} s0, s1, s2", "{m} s[0:1], s[2:3], s[4:5]", "{m} s[0:1], s[2:3], s4", "{m} s0, s[2:3], s4",
                "{m} s[0:1], s[2:3]", "{m} s0, s[2:3], s[4:5]", "{m} s[0:1], s2, s3"],
    "SQ_SOPK": ["{m} s0, 0x1234", "{m} s0, hwreg(HW_REG_MODE)", "{m} hwreg(HW_REG_MODE), s0",
                "{m} hwreg(HW_REG_MODE), 0x1", "{m} s[0:1], 4"],
    "SQ_SOP1": ["{m} s0, s1", "{m} s[0:1], s[2:3]", "{m} s0, s[2:3]", "{m} s[0:1], s2", "{m} s[0:1]", "{m} s0"],
    "SQ_SOPC": ["{m} s0, s1", "{m} s[0:1], s2", "{m} s0, 0x1"],
    "SQ_SOPP": ["{m}", "{m} 0x1", "{m} 4", "{m} 1", "{m} sendmsg(MSG_INTERRUPT)"],
    "SQ_SMRD": ["{m} s0, s[0:1], 0x1", "{m} s[0:1], s[2:3], 0x1", "{m} s[0:3], s[2:3], 0x1",
                "{m} s[0:7], s[2:3], 0x1", "{m} s[0:15], s[2:3], 0x1", "{m} s0, s[4:7], 0x1",
                "{m} s[0:1], s[4:7], 0x1", "{m} s[0:3], s[4:7], 0x1", "{m} s[0:7], s[4:7], 0x1",
                "{m} s[0:15], s[4:7], 0x1", "{m} s[0:1]", "{m}"],
    "SQ_VOP2": ["{m} v1, v2, v3", "{m} v1, vcc, v2, v3", "{m} v1, vcc, v2, v3, vcc", "{m} v1, v2, v3, vcc",
                "{m} s1, v2, s3", "{m} v1, s2, s3", "{m} v1, v2, 0x42000000, v3", "{m} v1, v2, v3, 0x42000000", "{m} v1, s2, 0"],
    "SQ_VOP1": ["{m} v1, v2", "{m} v[1:2], v[2:3]", "{m} v1, v[2:3]", "{m} v[1:2], v2", "{m} s1, v2", "{m}"],
    "SQ_VOPC": ["{m} vcc, v1, v2", "{m} vcc, v[1:2], v[2:3]", "{m} vcc, v[1:2], v2"],
    "SQ_VOP3_0": ["{m} v1, v2, v3, v4", "{m} v[1:2], v[2:3], v[4:5], v[6:7]", "{m} v1, v2, v3",
                  "{m} v[1:2], v[2:3], v4", "{m} v[1:2], v[2:3], v[4:5]", "{m} v1, vcc, v2, v3, v4",
                  "{m} v[1:2], vcc, v[2:3], v[4:5], v[6:7]", "{m} v[1:2], s[2:3], v3, v4, v[5:6]",
                  "{m} v[1:2], v[2:3], v4, v[5:6]", "{m} v[1:4], v[2:3], v4, v[5:8]", "{m} v1, v[2:3], v4, v1",
                  "{m} v[1:2], v[3:4], v5, v[6:7]", "{m} v[1:4], v[5:6], v7, v[8:11]"],
    "SQ_VINTRP": ["{m} v1, v2, attr0.x", "{m} v1, p10, attr0.x"],
    "SQ_DS_0": ["{m} v1, v2", "{m} v1, v2, v3", "{m} v1, v2, v3, v4", "{m} v1, v2, v3 offset1:1",
                "{m} v[1:2], v2 offset1:1", "{m} v[1:2], v2", "{m} v1, v[2:3]", "{m} v1, v[2:3], v[4:5]",
                "{m} v1, v[2:3], v[4:5] offset1:1", "{m} v[1:2], v2, v[3:4]", "{m} v[1:2], v2, v[3:4], v[5:6]",
                "{m} v1", "{m} v1 gds", "{m} v1 offset:4 gds", "{m} v[1:4], v2", "{m} v[1:3], v2",
                "{m} v1, v[2:5]", "{m} v1, v[2:4]", "{m} v1, v2 gds", "{m} v1, v2, v3 gds",
                "{m} v[1:2], v2, v3, v4 offset1:1", "{m} v[1:4], v2, v[3:4], v[5:6] offset1:1", "{m} gds",
                "{m}"],
    "SQ_MUBUF_0": ["{m} v1, off, s[4:7], 0", "{m} v[1:2], off, s[4:7], 0", "{m} v[1:3], off, s[4:7], 0",
                   "{m} v[1:4], off, s[4:7], 0", "{m} off, s[4:7], 0 lds", "{m}"],
    "SQ_MTBUF_0": ["{m} v%s, off, s[4:7], dfmt:1, nfmt:2, 0" % r for r in ("1", "[1:2]", "[1:3]", "[1:4]")]
                  + ["{m} v%s, off, s[4:7], format:22, 0" % r for r in ("1", "[1:2]", "[1:3]", "[1:4]")],
    "SQ_MIMG_0": ["{m} v1, %s, s[4:11] dmask:0x1" % a for a in V]
                 + ["{m} v1, %s, s[4:11], s[12:15] dmask:0x1" % a for a in V]
                 + ["{m} v[1:4], %s, s[4:11] dmask:0xf" % a for a in V]
                 + ["{m} v[1:2], %s, s[4:11] dmask:0x3" % a for a in V]
                 + ["{m} v1, %s, s[4:11] dmask:0x1 glc" % a for a in V]
                 + ["{m} v[1:4], %s, s[4:11], s[12:15] dmask:0x1" % a for a in V],
    "SQ_FLAT_0": ["{m} v1, v[2:3]", "{m} v[2:3], v1", "{m} v[1:2], v[2:3]", "{m} v[2:3], v[4:5]",
                  "{m} v[1:3], v[2:3]", "{m} v[1:4], v[2:3]", "{m} v[2:3], v[4:6]", "{m} v[2:3], v[4:7]",
                  "{m} v1, v[2:3], v4 glc", "{m} v[2:3], v4", "{m} v1, v[2:3], v[4:5] glc",
                  "{m} v[1:2], v[2:3], v[4:5] glc", "{m} v[1:2], v[2:3], v[4:7] glc"],
}
# VOP3 forms of VOPC / VOP2 / VOP1 opcodes: (list, offset, templates with {m} = mnemonic_e64)
T64 = {
    "SQ_VOPC": ["{m} s[2:3], v1, v2", "{m} s[2:3], v[1:2], v[2:3]", "{m} s[2:3], v[1:2], v2"],
    "SQ_VOP2": ["{m} v1, v2, v3", "{m} v1, s[2:3], v2, v3", "{m} v1, s[2:3], v2, v3, s[4:5]",
                "{m} v1, v2, v3, s[4:5]", "{m} s1, v2, s3", "{m} v1, s2, s3"],
    "SQ_VOP1": ["{m} v1, v2", "{m} v[1:2], v[2:3]", "{m} v1, v[2:3]", "{m} v[1:2], v2", "{m} s1, v2", "{m}"],
}


def assemble(llvm_mc, lines):
    """Returns {index: [bytes]} for the lines llvm-mc accepts."""
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "in.s")
        with open(src, "w") as fh:
            fh.write("\n".join(lines) + "\n")
        p = subprocess.run([llvm_mc, "-arch=amdgcn", "-mcpu=bonaire", "-show-encoding", src],
                           capture_output=True, text=True)
    bad = set()
    for m in re.finditer(r"in\.s:(\d+):\d+: error", p.stderr):
        bad.add(int(m.group(1)) - 1)
    enc = [m for m in re.finditer(r"^\s*(\S+).*; encoding: \[([^\]]*)\]", p.stdout, re.M)]
    good = [i for i in range(len(lines)) if i not in bad]
    if len(enc) != len(good):
        raise RuntimeError("llvm-mc: %d encodings for %d accepted lines" % (len(enc), len(good)))
    out = {}
    for i, m in zip(good, enc):
        out[i] = (m.group(1), [int(b, 16) for b in m.group(2).split(",")])
    return out


def try_templates(llvm_mc, items, templates):
    """items: [(key, mnemonic)]; returns {key: (line, llvm mnemonic, bytes)}."""
    done = {}
    left = list(items)
    for t in templates:
        if not left:
            break
        lines = [t.format(m=mn) for _, mn in left]
        res = assemble(llvm_mc, lines)
        nxt = []
        for i, (key, mn) in enumerate(left):
            if i in res:
                done[key] = (lines[i], res[i][0], res[i][1])
            else:
                nxt.append((key, mn))
        left = nxt
    return done


def decode(rcosim, words):
    p = subprocess.run([rcosim, "regs", "--family", "si", "--inst"] + ["0x%08X" % w for w in words],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr.strip()
    first = p.stdout.split("\n")[0]
    m = re.match(r"(\S+) (\S+) op (\d+)(?: \((\S+) op (\d+)\))?, (\d) dwords?", first)
    if not m:
        return None, first
    return (m.group(1), m.group(2), int(m.group(3)), int(m.group(6))), first


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rcosim", required=True)
    ap.add_argument("--llvm-mc", default=shutil.which("llvm-mc") or shutil.which("llvm-mc-14") or "llvm-mc")
    ap.add_argument("--min-checked", type=int, default=0)
    ap.add_argument("--inject", action="store_true")
    ap.add_argument("--only", help="check only this format (e.g. SQ_SOP1; a quicker --inject run)")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    with open(os.path.join(ROOT, "model", "regdb", "si.json"), encoding="utf-8") as fh:
        regs = {r["name"]: r for r in json.load(fh)["registers"]}

    def oplist(fmt):
        (f,) = [f for f in regs[fmt]["fields"] if f["name"] == "OP"]
        return [(v, n) for v, n in f["enums"] if not n.endswith("_OFFSET")]

    vop3 = {n: v for v, n in [tuple(e) for e in [f for f in regs["SQ_VOP3_0"]["fields"] if f["name"] == "OP"][0]["enums"]]}
    offs = {"SQ_VOPC": vop3["SQ_V_OPC_OFFSET"], "SQ_VOP2": vop3["SQ_V_OP2_OFFSET"], "SQ_VOP1": vop3["SQ_V_OP1_OFFSET"]}
    vop3b = {"v_add_i32", "v_sub_i32", "v_subrev_i32", "v_addc_u32", "v_subb_u32", "v_subbrev_u32",
             "v_div_scale_f32", "v_div_scale_f64"}
    checked, bad, unassembled = 0, [], []
    total = 0
    jobs = []
    for fmt, temps in T.items():
        if a.only and fmt != a.only:
            continue
        items = [((fmt, v, n), n[3:].lower()) for v, n in oplist(fmt)]
        total += len(items)
        done = try_templates(a.llvm_mc, items, temps)
        for key, mn in items:
            if key in done:
                line, lmn, byts = done[key]
                want_fmt = fmt
                if fmt == "SQ_VOP3_0" and mn in vop3b:
                    want_fmt = "SQ_VOP3_0_SDST_ENC"
                jobs.append((want_fmt, key[1], mn, line, lmn, byts))
            else:
                unassembled.append("%s %s" % (fmt, mn))
    for fmt, temps in T64.items():
        if a.only:
            continue
        items = [((fmt, v, n), n[3:].lower() + "_e64") for v, n in oplist(fmt)]
        total += len(items)
        done = try_templates(a.llvm_mc, items, temps)
        for key, mn in items:
            if key in done:
                line, lmn, byts = done[key]
                base = mn[:-4]
                jobs.append(("SQ_VOP3_0_SDST_ENC" if base in vop3b else "SQ_VOP3_0",
                             key[1] + offs[fmt], base, line, lmn, byts))
            else:
                unassembled.append("%s(VOP3) %s" % (fmt, mn))
    for k, (want_fmt, op, mn, line, lmn, byts) in enumerate(jobs):
        words = [int.from_bytes(bytes(byts[i:i + 4]), "little") for i in range(0, len(byts), 4)]
        got, text = decode(a.rcosim, words)
        lbase = re.sub(r"_e(32|64)$", "", lmn)
        if a.inject and k == len(jobs) // 2:
            lbase = lbase + "_injected"
        want = (want_fmt, lbase, op, len(words))
        if got is None or got != want:
            bad.append("%-40s %-30s llvm-mc %s, decoder: %s" % (line, " ".join("0x%08X" % w for w in words),
                                                                 want, text))
        else:
            checked += 1
            if a.verbose:
                print("ok  %-40s %s" % (line, text))
    for b in bad:
        print("MISMATCH " + b)
    for u in unassembled:
        print("not assembled by llvm-mc under any template: " + u)
    print("inst_llvm_check: %d opcodes (+ VOP3 forms), %d encodings checked, %d mismatches, %d not assembled"
          % (total, checked, len(bad), len(unassembled)))
    if a.inject:
        ok = len(bad) == 1 and "_injected" in bad[0]
        print("inject: the wrong answer was %s" % ("caught" if ok else "NOT caught as the only mismatch"))
        return 0 if ok else 1
    if bad or checked < a.min_checked:
        if checked < a.min_checked:
            print("FAIL: fewer than %d encodings checked" % a.min_checked)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
