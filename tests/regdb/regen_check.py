#!/usr/bin/env python3
"""regen_check.py - regenerate the register databases from the seed documents and compare.

    python3 tests/regdb/regen_check.py --root . --seeds ../shared/seeds

Runs scripts/regdb_gen.py (in-process) on seeds/000_*.txt (r5xx) and seeds/002_*.txt (si) with
model/regdb/fixups.json and fails on any difference from the committed model/regdb/<family>.json.
Without the seeds folder it prints "SKIP: ../shared/seeds not found" and passes, so the project
builds and tests without the documents.
"""

import argparse
import difflib
import glob
import os
import sys
import time

SEEDS = {"r5xx": "000_", "si": "002_"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True, help="project root")
    ap.add_argument("--seeds", required=True, help="folder of the seed documents")
    args = ap.parse_args()
    if not os.path.isdir(args.seeds):
        print("SKIP: ../shared/seeds not found (looked for %s)" % args.seeds)
        return 0
    sys.path.insert(0, os.path.join(args.root, "scripts"))
    import regdb_gen  # noqa: E402

    fixups = os.path.join(args.root, "model", "regdb", "fixups.json")
    failed = 0
    for fam, prefix in sorted(SEEDS.items()):
        seeds = sorted(glob.glob(os.path.join(args.seeds, prefix + "*.txt")))
        if len(seeds) != 1:
            print("FAIL %s: expected one %s*.txt in %s, found %d" % (fam, prefix, args.seeds, len(seeds)))
            failed += 1
            continue
        t0 = time.process_time()      # CPU time: a loaded machine must not fail the check
        res = regdb_gen.generate(fam, seeds[0], fixups)
        dt = time.process_time() - t0
        committed = os.path.join(args.root, "model", "regdb", fam + ".json")
        with open(committed, encoding="utf-8") as fh:
            old = fh.read()
        counts = " ".join("%s=%d" % (k, res["counts"][k]) for k in regdb_gen.COUNT_KEYS)
        if old == res["text"]:
            print("ok   %s: %s regenerates identically (%.2f s; %s)" % (fam, os.path.basename(committed), dt, counts))
        else:
            failed += 1
            print("FAIL %s: %s differs from a fresh generation (%s)" % (fam, committed, counts))
            diff = difflib.unified_diff(old.splitlines(), res["text"].splitlines(), "committed", "regenerated",
                                        lineterm="", n=1)
            for k, line in enumerate(diff):
                if k >= 60:
                    print("... (diff truncated)")
                    break
                print(line[:300])
        if dt > 5.0:
            failed += 1
            print("FAIL %s: generation took %.1f CPU-seconds (limit 5)" % (fam, dt))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
