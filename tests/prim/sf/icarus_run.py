#!/usr/bin/env python3
"""icarus_run.py - the shader-float RTL under Icarus Verilog against the C twin (tests/prim/sf).

  icarus_run.py SF_RTL_TEST ROOT WORKDIR N SEED [classes] [--inject K]

Writes the input sets and C results with `SF_RTL_TEST vectors N SEED FILE [classes]`, compiles
prim_sf_icarus_tb.sv + prim_sf_all.sv + rtl/prim/prim_sf_*.sv with iverilog -g2012 and runs it.
Prints the bench's output; exit 0 only on its PASS line (with --inject the CTest regex decides).
"""
import glob
import os
import subprocess
import sys


def main(argv):
    args = argv[1:]
    inject = None
    if "--inject" in args:
        i = args.index("--inject")
        inject = args[i + 1]
        del args[i:i + 2]
    drv, root, work, n, seed = args[:5]
    extra = args[5:]
    os.makedirs(work, exist_ok=True)
    vec = os.path.join(work, "sf_%s_%s.vec" % (n, seed))
    subprocess.run([drv, "vectors", n, seed, vec] + extra, check=True)
    here = os.path.join(root, "tests", "prim", "sf")
    srcs = [os.path.join(here, "prim_sf_icarus_tb.sv"), os.path.join(here, "prim_sf_all.sv")]
    srcs += sorted(glob.glob(os.path.join(root, "rtl", "prim", "prim_sf_*.sv")))
    vvp = os.path.join(work, "prim_sf_icarus_tb.vvp")
    comp = subprocess.run(["iverilog", "-g2012", "-s", "prim_sf_icarus_tb", "-o", vvp] + srcs,
                          capture_output=True, text=True)
    # Icarus 11 says "sorry: constant selects in always_* processes ..." about sensitivity lists
    # (harmless, docs/export.md); anything else is shown.
    for line in (comp.stdout + comp.stderr).splitlines():
        if "constant selects in always_* processes" not in line:
            print(line)
    if comp.returncode != 0:
        print("FAIL sf icarus: iverilog failed")
        return 1
    cmd = ["vvp", "-n", vvp, "+vec=" + vec]
    if inject:
        cmd.append("+inject=" + inject)
    out = subprocess.run(cmd, capture_output=True, text=True)
    sys.stdout.write(out.stdout + out.stderr)
    return 0 if "PASS sf icarus" in out.stdout else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
