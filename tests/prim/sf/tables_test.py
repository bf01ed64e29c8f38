#!/usr/bin/env python3
"""tables_test.py - the check of `prim_sf_tables.py --check` (tests/prim/sf): a copy of the
committed tables with one coefficient changed (C header, then SV ROM) must be reported NOT current,
and the unchanged copy current.  Prints "PASS sf tables check catches" on success.

  tables_test.py ROOT
"""
import os
import shutil
import subprocess
import sys
import tempfile


def check(script, root):
    r = subprocess.run([sys.executable, script, "--check", "--root", root], capture_output=True, text=True)
    return r.returncode, r.stdout


def main(argv):
    root = argv[1]
    script = os.path.join(root, "scripts", "blocks", "prim_sf_tables.py")
    rels = [os.path.join("model", "prim", "sf_tables.h"), os.path.join("rtl", "prim", "prim_sf_tab.sv")]
    # the edits: the first coefficient of ex2 segment 5, in each file's own notation
    edits = [("{275802922, ", "{275802923, "), ("9'd5: c = {32'h10706B2A", "9'd5: c = {32'h10706B2B")]
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for rel in rels:
            os.makedirs(os.path.dirname(os.path.join(tmp, rel)), exist_ok=True)
            shutil.copy(os.path.join(root, rel), os.path.join(tmp, rel))
        rc, out = check(script, tmp)
        print("unchanged copy: rc %d: %s" % (rc, out.strip()))
        ok &= rc == 0
        for rel, (old, new) in zip(rels, edits):
            path = os.path.join(tmp, rel)
            with open(path) as fh:
                text = fh.read()
            if old not in text:
                print("FAIL: %r not in %s" % (old, rel))
                return 1
            with open(path, "w") as fh:
                fh.write(text.replace(old, new, 1))
            rc, out = check(script, tmp)
            print("%s altered: rc %d: %s" % (rel, rc, out.strip()))
            ok &= rc == 1 and ("NOT current: " + rel) in out
            shutil.copy(os.path.join(root, rel), path)
    print("PASS sf tables check catches" if ok else "FAIL sf tables check")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
