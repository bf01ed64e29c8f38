#!/usr/bin/env python3
"""r5xx_tx_tables.py - write the sRGB decode table of r5xx.tx (docs/blocks/r5xx.tx.md, D10) as a C
header and a SystemVerilog module, so that the model and the RTL share one table.

L[i] = floor(65535 * f(i / 255) + 1/2) for i = 0..255, f the sRGB decode of IEC 61966-2-1:
f(x) = x / 12.92 for x <= 0.04045, ((x + 0.055) / 1.055)^2.4 above.

Usage: r5xx_tx_tables.py SOURCE_DIR     (writes model/r5xx/tx/tx_gamma.h, rtl/r5xx/tx/r5xx_tx_gamma.sv)
"""
import math
import os
import sys


def srgb16(i):
    x = i / 255
    f = x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4
    return math.floor(65535 * f + 0.5)


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    t = [srgb16(i) for i in range(256)]
    with open(os.path.join(argv[1], 'model', 'r5xx', 'tx', 'tx_gamma.h'), 'w') as fh:
        fh.write('/* tx_gamma.h - the sRGB decode table of r5xx.tx (D10), written by '
                 'scripts/blocks/r5xx_tx_tables.py. */\n')
        fh.write('static const unsigned short r5xx_tx_gamma[256] = {\n')
        for i in range(0, 256, 8):
            fh.write('    ' + ', '.join('%5d' % v for v in t[i:i + 8]) + ',\n')
        fh.write('};\n')
    with open(os.path.join(argv[1], 'rtl', 'r5xx', 'tx', 'r5xx_tx_gamma.sv'), 'w') as fh:
        fh.write('// r5xx_tx_gamma: the sRGB decode table of the R5xx texture unit (docs/blocks/r5xx.tx.md, '
                 'D10),\n// written by scripts/blocks/r5xx_tx_tables.py (the C twin is model/r5xx/tx/tx_gamma.h). '
                 'Combinational.\n')
        fh.write('module r5xx_tx_gamma (\n  input  logic [7:0]  i_i,\n  output logic [15:0] o_o\n);\n\n')
        fh.write('  always_comb begin\n    unique case (i_i)\n')
        for i, v in enumerate(t):
            fh.write("      8'd%d: o_o = 16'd%d;\n" % (i, v) if i < 255 else "      default: o_o = 16'd%d;\n" % v)
        fh.write('    endcase\n  end\n\nendmodule\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
