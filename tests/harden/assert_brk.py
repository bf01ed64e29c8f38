#!/usr/bin/env python3
"""assert_brk.py - the sources of rcosim_assert_brk (harden.assert_stop, docs/hardening.md "An
assertion stops the run"): r5xx.cp's RTL with one FIFO made too small on purpose, so that its
FifoNoOverflow assertion fires in a lockstep run before any comparison can see the lost word,
and the block's generated shim renamed for that second Verilated model.

Usage: assert_brk.py sv SRC.sv DST.sv      r5xx_cp.sv with the fetch queue u_fq 2 deep, not 4
       assert_brk.py shim SRC.cpp DST.cpp  the generated r5xx_cp_rtl.cpp for Vr5xx_cp_brk
Exit 2 (one line) when the text to change is not found."""
import re
import sys

# The CP's fetch queue (r5xx_cp.sv): its space rule (FetchRoom) admits 4 words in flight or queued.
FQ = ('    .Width (32),\n    .Depth (4)\n  ) u_fq (', '    .Width (32),\n    .Depth (2)\n  ) u_fq (')
# The shim's external names, each given the _brk twin; everything else in it is static.
NAMES = r'\b(Vr5xx_cp|r5xx_cp_rtl_ops|r5xx_cp_bare|r5xx_cp_fast_run)\b'


def main(argv):
    if len(argv) != 4 or argv[1] not in ('sv', 'shim'):
        sys.stderr.write('usage: assert_brk.py sv|shim SRC DST\n')
        return 2
    with open(argv[2]) as f:
        text = f.read()
    if argv[1] == 'sv':
        if text.count(FQ[0]) != 1:
            sys.stderr.write('assert_brk.py: %s: expected one u_fq instance of depth 4\n' % argv[2])
            return 2
        text = text.replace(FQ[0], FQ[1])
    else:
        text, n = re.subn(NAMES, lambda m: m.group(1).replace('r5xx_cp', 'r5xx_cp_brk'), text)
        if n < 4:
            sys.stderr.write('assert_brk.py: %s: expected the shim of r5xx.cp\n' % argv[2])
            return 2
    with open(argv[3], 'w') as f:
        f.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
