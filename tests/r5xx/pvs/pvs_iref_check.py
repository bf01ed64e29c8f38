#!/usr/bin/env python3
"""pvs_iref_check.py - replays r5xx.pvs vectors through the independent reference
scripts/blocks/r5xx_pvs_iref.py and compares every exe and vtx record field by field (content and
order; cycle stamps are not compared).  A difference names the vertex, the instruction index and
the decoded instruction.

  pvs_iref_check.py vec FILE_OR_DIR...            golden vectors
  pvs_iref_check.py random RCOSIM SEED COUNT [MIN_EXE]   rcosim gen, then check (MIN_EXE: fail if
                                                  fewer instruction executions were checked)
  pvs_iref_check.py catches FILE                  a copy with one expected component changed
                                                  must fail
"""
import gzip
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
from blocks import r5xx_pvs_iref as ref  # scripts/ is the import root (PYTHONPATH, tests.cmake)


def parse(path):
    op = gzip.open if path.endswith(".gz") else open
    chans, ins, outs = {}, {"regw": [], "vin": []}, {"exe": [], "vtx": []}
    with op(path, "rt") as f:
        for line in f:
            t = line.split("#", 1)[0].split()
            if not t:
                continue
            if t[0] == "channel":
                chans[t[2]] = [x.split(":")[0] for x in t[3:]]
            elif t[0] in ("in", "out"):
                ch, vals = t[1], t[2:]
                if vals and vals[0].startswith("@"):
                    vals = vals[1:]
                rec = dict(zip(chans[ch], (int(v, 16) for v in vals)))
                (ins if t[0] == "in" else outs)[ch].append(rec)
    return ins, outs


def check(path, quiet=False):
    ins, outs = parse(path)
    exe, vtx, used = ref.run([(r["addr"], r["data"]) for r in ins["regw"]], ins["vin"])
    errs = []
    for ch, mine in (("exe", exe), ("vtx", vtx)):
        exp = outs[ch]
        if len(mine) != len(exp):
            errs.append("%s: %s count: reference %d, vector %d" % (path, ch, len(mine), len(exp)))
        for k, (m, e) in enumerate(zip(mine, exp)):
            bad = [f for f in e if m.get(f) != e[f]]
            if bad:
                where = "vertex %d" % e["vert"]
                if ch == "exe":
                    j = k
                    while j > 0 and exp[j - 1]["vert"] == e["vert"]:
                        j -= 1
                    where += ", instruction %d of the vertex (pc %d): %s" % (k - j, e["pc"], ref.decode(
                        e["i0"], e["i1"], e["i2"], e["i3"]))
                else:
                    where += ", slot %d" % e["slot"]
                errs.append("%s: %s record %d, %s: %s" % (path, ch, k, where, "; ".join(
                    "%s reference %x vector %x" % (f, m.get(f, -1), e[f]) for f in bad)))
                break
    if used != len(ins["vin"]):
        errs.append("%s: %d vin records left unused" % (path, len(ins["vin"]) - used))
    return errs, len(exe)


def main(argv):
    if argv[1] == "vec":
        files = []
        for a in argv[2:]:
            files += sorted(os.path.join(a, f) for f in os.listdir(a) if ".vec" in f) \
                if os.path.isdir(a) else [a]
        bad, n = 0, 0
        for f in files:
            errs, k = check(f)
            n += k
            for e in errs:
                print("MISMATCH", e)
            bad += bool(errs)
        print("%s %d vectors, %d instruction executions, %d differ" %
              ("FAIL" if bad else "PASS", len(files), n, bad))
        return 1 if bad else 0
    if argv[1] == "random":
        rcosim, seed, count = argv[2], argv[3], argv[4]
        need = int(argv[5]) if len(argv) > 5 else 0
        with tempfile.TemporaryDirectory() as d:
            v = os.path.join(d, "r.vec")
            subprocess.run([rcosim, "gen", "--block", "r5xx.pvs", "--seed", seed, "--count", count,
                            "-o", v], check=True, stdout=subprocess.DEVNULL)
            errs, n = check(v)
        for e in errs:
            print("MISMATCH", e)
        ok = not errs and n >= need
        print("%s random seed %s count %s: %d instruction executions checked (need %d)" %
              ("PASS" if ok else "FAIL", seed, count, n, need))
        return 0 if ok else 1
    if argv[1] == "catches":
        src = argv[2]
        with open(src) as f:
            lines = f.read().split("\n")
        # change the x component of the last expected exe record that is not refused
        for i in range(len(lines) - 1, -1, -1):
            t = lines[i].split()
            if len(t) > 12 and t[0] == "out" and t[1] == "exe":
                x = 2 + (1 if t[2].startswith("@") else 0) + 6
                t[x] = "%x" % (int(t[x], 16) ^ 1)
                lines[i] = " ".join(t)
                break
        with tempfile.TemporaryDirectory() as d:
            v = os.path.join(d, "altered.vec")
            with open(v, "w") as f:
                f.write("\n".join(lines))
            errs0, _ = check(src)
            errs, _ = check(v)
        for e in errs:
            print("caught:", e)
        ok = not errs0 and bool(errs)
        print("PASS the altered copy fails, the original passes" if ok else
              "FAIL the altered copy was not caught (or the original fails)")
        return 0 if ok else 1
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
