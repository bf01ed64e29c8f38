#!/usr/bin/env python3
"""export/__main__.py - 'rcosim export' (python3 -m export with scripts/ on the path): golden vectors
as benches for other simulators (docs/export.md).

  rcosim export --vector V --format sv -o DIR [--mode exact|ordered] [--force]
      a self-checking SystemVerilog bench (scripts/export/export_sv.py); DIR/run.sh icarus|verilator
  rcosim export --vector V --format cocotb -o DIR [--force]
      the same bench as a cocotb test module and Makefile (scripts/export/export_cocotb.py)
  DIR must be new; --force replaces an earlier export (marked by DIR/.rcosim-export), never a
  directory export did not write.  The bench is written beside DIR and renamed into place.
  rcosim export --check [-o DIR] [-j N] [--verilator] [--block B] [VECTOR...]
      the cross-simulator regression: every shipped vector exported and run under Icarus
      (scripts/export/export_check.py)
Exit status 0 done or all passed, 1 a bench failed, 2 bad usage or bad input.
"""
import sys


def main(argv):
    if '--check' in argv:
        from export import export_check
        return export_check.main([a for a in argv if a != '--check'])
    if argv and argv[0] in ('-h', '--help'):
        # the usage lines first, as every other subcommand's help; the module's name line last
        text = __doc__.strip().split('\n\n', 1)
        print('usage: ' + text[1].strip())
        print(text[0].replace('\n', ' '))
        return 0
    if not argv:
        print("rcosim export: nothing given: expected --vector V --format sv|cocotb -o DIR, or --check\n"
              "(see 'rcosim export --help')", file=sys.stderr)
        return 2
    fmt = 'sv'
    rest = []
    i = 0
    while i < len(argv):
        if argv[i] == '--format' and i + 1 < len(argv):
            fmt = argv[i + 1]
            i += 2
            continue
        if argv[i].startswith('--format='):
            fmt = argv[i].split('=', 1)[1]
            i += 1
            continue
        rest.append(argv[i])
        i += 1
    if fmt == 'sv':
        from export import export_sv
        return export_sv.main(rest)
    if fmt == 'cocotb':
        from export import export_cocotb
        return export_cocotb.main(rest)
    print("rcosim export: --format expects sv or cocotb, got '%s'" % fmt, file=sys.stderr)
    return 2


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv[1:]))
    except SystemExit as e:
        # argparse's usage errors exit 2 already; keep the code.
        raise e
