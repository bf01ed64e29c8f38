#!/usr/bin/env python3
"""export_sv.py - export a golden vector as a self-contained, self-checking SystemVerilog bench
('rcosim export --format sv', docs/export.md).

Usage: export_sv.py --vector V -o DIR [--mode exact|ordered]

DIR gets: rcosim_tb.sv (the generated top), the vector's data as $readmemh files (in_<ch>.hex,
exp_<ch>.hex, mem_pages.hex, mem_init.hex), rtl/ (a copy of the block's RTL), files.f and run.sh
(Icarus Verilog or Verilator --binary).  Nothing of rcosim is needed to run it.  The same vector
gives the same bytes.

The bench reproduces the engine's table walk (bridge/rc_loop.c, rc_cycle.c, rc_policy.c) cycle for cycle: two reset cycles, then per cycle the
output readies (the vector's back-pressure policy, the engine's splitmix64 streams seeded as the
engine seeds them), the inputs (in file order, none before its @cycle), the memory agent's
responses (in order, after the engine's seeded latency, from the preloaded image with the writes
applied), evaluation with the clock low, the check of every output against the vector, the
handshakes and the rising edge.
"""
import math
import os
import re
import shutil
import sys

import blockgen
from rcosim_py import vector
from rcosim_py.cli import Parser
from rcosim_py.vector import ROOT, VectorError

from export import outdir

PAGE_WORDS = 1024  # 4 KiB pages of 32-bit words


def block_rtl(block):
    """The RTL files of a block as cmake/rcosim.cmake gathers them: its own, rtl/prim, all of its
    parts' (tops included) and its uses' without their tops (blockgen.closure of the manifests)."""
    parts, uses = blockgen.closure(blockgen.manifests(ROOT), block)

    def sv(b):
        p = os.path.join(ROOT, 'rtl', *b.split('.'))
        return sorted(os.path.join(p, x) for x in os.listdir(p) if x.endswith('.sv'))
    files = sv(block)
    files += sorted(os.path.join(ROOT, 'rtl', 'prim', x) for x in os.listdir(os.path.join(ROOT, 'rtl', 'prim'))
                    if x.endswith('.sv'))
    for b in uses:
        files += [p for p in sv(b) if os.path.basename(p) != '%s.sv' % b.replace('.', '_')]
    for b in parts:
        files += sv(b)
    seen, out = set(), []
    for p in files:
        if os.path.basename(p) not in seen:
            seen.add(os.path.basename(p))
            out.append(p)
    return out


def hexw(width):
    return (width + 3) // 4


def pack_row(cycle, fields, vals):
    x = cycle
    for f, v in zip(fields, vals):
        x = (x << f['width']) | v
    return x


def write(path, text):
    with open(path, 'w', encoding='utf-8', newline='\n') as f:
        f.write(text)


def mem_pages(v, desc):
    """Pages of the image the bench holds: the preload and every address the expected memory
    requests touch (in exact and ordered mode a request the vector does not expect is a
    mismatch reported before the memory agent takes it)."""
    pages = set()
    for a, words in v.mem:
        for i in range(len(words)):
            pages.add((a + 4 * i) >> 12)
    for m in desc['mem']:
        req = desc['channels'][m['req_i']]
        fi = m['f']['addr']
        nbytes = m['bytes']
        for _, vals in v.out.get(req['name'], []):
            addr = vals[fi] & ~(nbytes - 1) & 0xFFFFFFFF
            pages.add(addr >> 12)
            pages.add((addr + nbytes - 1) >> 12)
    return sorted(pages)


def gen(v, outdir, mode, name):
    desc = v.desc
    block = desc['name']
    chans = desc['channels']
    pol = vector.parse_policy(v.backpressure)
    if pol is None:
        raise VectorError("%s: expected a back-pressure policy (always, random:P, bursty:N), got '%s'" %
                       (v.path, v.backpressure))
    lat = vector.parse_latency(v.latency)
    if lat is None:
        raise VectorError("%s: expected a memory latency N or MIN:MAX (1..1000), got '%s'" % (v.path, v.latency))
    if not v.has_expected:
        raise VectorError('%s: the vector has no expected outputs (make them with rcosim gen)' % v.path)
    top = block.replace('.', '_')
    os.makedirs(outdir, exist_ok=True)
    # ---- data files -----------------------------------------------------------------------
    for ch in chans:
        if ch['dir'] == 'in' and ch['agent']:
            continue
        rows = v.inp[ch['name']] if ch['dir'] == 'in' else v.out[ch['name']]
        rw = 64 + sum(f['width'] for f in ch['fields'])
        text = ''.join('%0*x\n' % (hexw(rw), pack_row(c, ch['fields'], vals)) for c, vals in rows)
        write(os.path.join(outdir, '%s_%s.hex' % ('in' if ch['dir'] == 'in' else 'exp', ch['name'])),
              text or '%0*x\n' % (hexw(rw), 0))
    pages = mem_pages(v, desc) if desc['mem'] else []
    slot = {p: i for i, p in enumerate(pages)}
    if desc['mem']:
        write(os.path.join(outdir, 'mem_pages.hex'), ''.join('%05x\n' % p for p in pages) or '00000\n')
        words = {}
        for a, ws in v.mem:
            for i, w in enumerate(ws):
                words[a + 4 * i] = w
        lines, nxt = [], None
        for a in sorted(words):
            idx = slot[a >> 12] * PAGE_WORDS + ((a >> 2) & (PAGE_WORDS - 1))
            if idx != nxt:
                lines.append('@%x\n' % idx)
            lines.append('%08x\n' % words[a])
            nxt = idx + 1
        write(os.path.join(outdir, 'mem_init.hex'), ''.join(lines))
    # ---- RTL copy ---------------------------------------------------------------------------
    rtl = block_rtl(block)
    rdir = os.path.join(outdir, 'rtl')
    os.makedirs(rdir, exist_ok=True)  # outdir is a fresh directory (export/outdir.py): nothing to remove
    for p in rtl:
        shutil.copyfile(p, os.path.join(rdir, os.path.basename(p)))
    # the block's channel checker (blockgen gen_checker), instantiated beside the top by the bench:
    # Icarus has no `bind` (docs/hardening.md "Channel assertions")
    chk, _ = blockgen.gen_checker(blockgen.manifests(ROOT)[block], top, fired=True)
    write(os.path.join(outdir, '%s_chk.sv' % top), chk)
    write(os.path.join(outdir, 'files.f'), ''.join('rtl/%s\n' % os.path.basename(p) for p in rtl) +
          '%s_chk.sv\nrcosim_tb.sv\n' % top)
    write(os.path.join(outdir, 'rcosim_tb.sv'), gen_tb(v, desc, top, pol, lat, mode, name, len(pages), chk))
    write(os.path.join(outdir, 'vector.args'), ' '.join(vector_args(v, desc, pol, lat, name, len(pages))) + '\n')
    write(os.path.join(outdir, 'run.sh'), RUN_SH.replace('@TOP@', top))
    os.chmod(os.path.join(outdir, 'run.sh'), 0o755)


def data_channels(desc):
    """(kind, channel) of every channel with a data file: inputs not served by a memory agent
    ('in') and outputs ('exp')."""
    return [('in' if ch['dir'] == 'in' else 'exp', ch) for ch in desc['channels']
            if not (ch['dir'] == 'in' and ch['agent'])]


def policy_args(pol):
    """The back-pressure policy as the bench's numbers: kind (0 always, 1 random, 2 bursty), the
    random threshold ceil(P * 2^53) (the engine's double comparison, exact in integers), N."""
    if pol[0] == 'random':
        return 1, math.ceil(pol[1] * (1 << 53)), 0
    if pol[0] == 'bursty':
        return 2, 0, pol[1]
    return 0, 0, 0


def vector_args(v, desc, pol, lat, name, npages):
    """Everything the bench takes from the vector, as plusargs (vector.args): the bench's defaults
    are the same values, so one compiled bench of a block runs any of its vectors given these
    (docs/export.md, 'One build per block')."""
    kind, thr, burst = policy_args(pol)
    a = ['+name=%s' % name, '+seed=%d' % v.seed, '+bp_kind=%d' % kind, '+bp_thr=%d' % thr,
         '+bp_burst=%d' % burst, '+bp_text=%s' % v.backpressure, '+lat_min=%d' % lat[0],
         '+lat_max=%d' % lat[1]]
    for kindname, ch in data_channels(desc):
        rows = v.inp[ch['name']] if kindname == 'in' else v.out[ch['name']]
        a.append('+n_%s_%s=%d' % (kindname, ch['name'], len(rows)))
    if desc['mem']:
        a.append('+npages=%d' % max(npages, 1))
        a.append('+mem_init=%d' % (1 if v.mem else 0))
    return a


def chk_instance(top, chk):
    """The bench's instance of the block's channel checker: each of its ports to the bench's
    signal of the same name without _i/_o, fired_o to chk_fired."""
    conns = []
    for n in re.findall(r'^\s*(?:input|output) logic (?:\[[0-9:]+\] )?(\w+),?$', chk, re.M):
        conns.append('    .%s (%s)' % (n, 'chk_fired' if n == 'fired_o' else
                                        n if n in ('clk_i', 'rst_ni') else re.sub(r'_[io]$', '', n)))
    return ('  // the channel checker of the block (valid held and payload stable while not ready on\n'
            '  // every channel; docs/hardening.md "Channel assertions"): the bench stops when it fires\n'
            '  logic chk_fired;\n  %s_chk u_chk (\n%s\n  );\n\n' % (top, ',\n'.join(conns)))


def gen_tb(v, desc, top, pol, lat, mode, name, npages, chk=None):
    block = desc['name']
    chans = desc['channels']
    L = []
    w = L.append
    w('// rcosim_tb.sv - generated by rcosim export (scripts/export/export_sv.py) from the vector\n'
      '// %s of block %s.  Do not edit: export again.\n' % (name, block))
    w('// A self-checking bench: drives %s exactly as the rcosim engine does (docs/export.md) and\n'
      '// checks every output transaction against the vector, %s.  Plusargs: +ordered (order and\n'
      '// content only), +wave=FILE (dump), +watchdog=N, +progress=N (a line every N cycles).  Ends with PASS or FAIL and the exit status.\n'
      '// The vector\'s own values (name, seed, policy, latency, counts) are the defaults and come again\n'
      '// as the plusargs of vector.args, so a build of this bench runs any vector of the block whose\n'
      '// counts fit its CAP_ parameters (override them with -G at compile time).\n'
      % (top, 'with its cycle (exact mode)' if mode == 'exact' else 'in order (ordered mode)'))
    w('`timescale 1ns/1ns\n')
    caps = []
    for kind, ch in data_channels(desc):
        rows = v.inp[ch['name']] if kind == 'in' else v.out[ch['name']]
        caps.append('    parameter bit [31:0] CAP_%s_%s = %d' % (kind.upper(), ch['name'], max(len(rows), 1)))
    if desc['mem']:
        caps.append('    parameter bit [31:0] CAP_PAGES = %d' % max(npages, 1))
    w(('module rcosim_tb #(\n%s\n);\n\n' % ',\n'.join(caps)) if caps else 'module rcosim_tb;\n\n')
    w('  logic clk_i = 1\'b0;\n  logic rst_ni = 1\'b0;\n')
    w('  bit [63:0] cycle;\n  bit failed;\n  bit ordered;\n  bit [63:0] watchdog;\n')
    bp_k, bp_t, bp_b = policy_args(pol)
    w('  // The vector (defaults; vector.args gives the same as plusargs)\n')
    w('  string vname;\n  string bp_text;\n  bit [63:0] seed;\n  bit [63:0] bp_kind, bp_thr, bp_burst, lat_min, lat_max;\n\n')
    # ports
    for ch in chans:
        n = ch['name']
        w('  // channel %s (%s%s)\n' % (n, ch['dir'], ', memory agent' if ch['agent'] else ''))
        w('  logic %s_valid;\n  logic %s_ready;\n' % (n, n))
        for f in ch['fields']:
            w('  logic [%d:0] %s_%s;\n' % (f['width'] - 1, n, f['name']))
    for s in desc['status']:
        w('  logic [%d:0] st_%s;\n' % (s['width'] - 1, s['name']))
    w('\n  %s u_dut (\n' % top)
    conns = ['    .clk_i (clk_i)', '    .rst_ni (rst_ni)']
    for ch in chans:
        n = ch['name']
        i = ch['dir'] == 'in'
        conns.append('    .%s_valid_%s (%s_valid)' % (n, 'i' if i else 'o', n))
        conns.append('    .%s_ready_%s (%s_ready)' % (n, 'o' if i else 'i', n))
        for f in ch['fields']:
            conns.append('    .%s_%s_%s (%s_%s)' % (n, f['name'], 'i' if i else 'o', n, f['name']))
    for s in desc['status']:
        conns.append('    .%s_o (st_%s)' % (s['name'], s['name']))
    w(',\n'.join(conns) + '\n  );\n\n')
    if chk:
        w(chk_instance(top, chk))
    # rng
    w('  // bridge/rc_rng.h: splitmix64, one stream per output channel (back-pressure) and per memory port.\n'
      '  function automatic bit [63:0] sm_mix(input bit [63:0] s);\n'
      '    bit [63:0] z;\n'
      '    z = s;\n'
      '    z = (z ^ (z >> 30)) * 64\'hBF58476D1CE4E5B9;\n'
      '    z = (z ^ (z >> 27)) * 64\'h94D049BB133111EB;\n'
      '    return z ^ (z >> 31);\n'
      '  endfunction\n'
      '  function automatic bit [63:0] sm_below(input bit [63:0] x, input bit [63:0] n);\n'
      '    bit [127:0] p;\n'
      '    p = {64\'d0, x} * {64\'d0, n};\n'
      '    return p[127:64];\n'
      '  endfunction\n\n')
    outs = [(c, ch) for c, ch in enumerate(chans) if ch['dir'] == 'out']
    w('  // rc_seed_mix(seed, tag): the start state of rc_rng_make(seed, tag).\n'
      '  function automatic bit [63:0] sm_seed(input bit [63:0] sd, input bit [63:0] tag);\n'
      '    bit [63:0] st;\n'
      '    st = sd ^ (tag * 64\'hD1342543DE82EF95);\n'
      '    st = st + 64\'h9E3779B97F4A7C15;\n'
      '    st = st + 64\'h9E3779B97F4A7C15;\n'
      '    return sm_mix(st);\n'
      '  endfunction\n\n')
    for c, ch in outs:
        w('  bit [63:0] bp_%s_s;  // rc_rng_make(seed, 0x%08x)\n' % (ch['name'], 0x62700000 + c))
        w('  bit bp_%s_on;\n  bit [63:0] bp_%s_left;\n' % (ch['name'], ch['name']))
    w('\n')
    # vector data
    for ch in chans:
        if ch['dir'] == 'in' and ch['agent']:
            continue
        n = ch['name']
        kind = 'in' if ch['dir'] == 'in' else 'exp'
        rows = v.inp[n] if ch['dir'] == 'in' else v.out[n]
        rw = 64 + sum(f['width'] for f in ch['fields'])
        w('  bit [63:0] %s_%s_N;\n' % (kind.upper(), n))
        w('  logic [%d:0] %s_%s [0:CAP_%s_%s-1];\n' % (rw - 1, kind, n, kind.upper(), n))
        w('  bit [63:0] %s_%s_pos;\n' % (kind, n))
        if ch['dir'] == 'out':
            w('  bit [63:0] tbf_%s;\n' % n)
            w('  logic [%d:0] tbx_%s;  // the expected transaction at exp_%s_pos\n' % (rw - 1, n, n))
    # memory
    mems = desc['mem']
    if mems:
        w('\n  // Memory: %d pages of 4 KiB (the preload and every page an expected request touches),\n'
          '  // one image per memory port as in the engine, both preloaded from mem_init.hex.\n' % npages)
        w('  bit [63:0] npages;\n  bit [63:0] mem_init;  // 1: preload the image from mem_init.hex\n')
        w('  bit [19:0] pages [0:CAP_PAGES-1];\n')
        for mi, m in enumerate(mems):
            w('  bit [31:0] mem%d [0:CAP_PAGES*%d-1];\n' % (mi, PAGE_WORDS))
            w('  bit [63:0] mq%d_due [0:4095];\n  bit [63:0] mq%d_data [0:4095];\n' % (mi, mi))
            w('  bit [11:0] mq%d_head, mq%d_tail;\n  bit [12:0] mq%d_n;\n' % (mi, mi, mi))
            w('  bit [63:0] mrng%d_s;  // rc_rng_make(seed, 0x%08x)\n' % (mi, 0x6D656D00 + mi))
        w('\n  // Index of the 32-bit word at addr in the page store, or -1 outside it.\n'
          '  function automatic longint widx(input bit [31:0] addr);\n'
          '    int lo, hi, mid;\n'
          '    lo = 0;\n    hi = int\'(npages) - 1;\n'
          '    while (lo <= hi) begin\n'
          '      mid = (lo + hi) / 2;\n'
          '      if (pages[mid] == addr[31:12]) return longint\'(mid) * %d + longint\'(addr[11:2]);\n'
          '      if (pages[mid] < addr[31:12]) lo = mid + 1; else hi = mid - 1;\n'
          '    end\n'
          '    return -1;\n'
          '  endfunction\n' % PAGE_WORDS)
        for mi, m in enumerate(mems):
            nb = m['bytes']
            w('  function automatic bit [63:0] mread%d(input bit [31:0] addr);\n' % mi)
            w('    bit [63:0] d;\n    longint i;\n    d = 0;\n')
            w('    for (int b = 0; b < %d; b++) begin\n' % nb)
            w('      i = widx(addr + b);\n')
            w('      if (i < 0) begin\n'
              '        $display("FAIL %s %%s: memory %s read at 0x%%08h, outside the exported image", vname, addr + b);\n'
              '        failed = 1\'b1;\n'
              '      end else begin\n'
              '        d[8*b +: 8] = mem%d[i] >> (8 * ((addr + b) & 3));\n'
              '      end\n'
              '    end\n    return d;\n  endfunction\n' % (block, m['name'], mi))
            w('  task automatic mwrite%d(input bit [31:0] addr, input bit [63:0] d, input bit [63:0] be);\n' % mi)
            w('    longint i;\n    bit [31:0] word;\n')
            w('    for (int b = 0; b < %d; b++) begin\n' % nb)
            w('      if (be[b]) begin\n'
              '        i = widx(addr + b);\n'
              '        if (i < 0) begin\n'
              '          $display("FAIL %s %%s: memory %s write at 0x%%08h, outside the exported image", vname, addr + b);\n'
              '          failed = 1\'b1;\n'
              '        end else begin\n'
              '          word = mem%d[i];\n'
              '          word[8 * ((addr + b) & 3) +: 8] = d[8*b +: 8];\n'
              '          mem%d[i] = word;\n'
              '        end\n'
              '      end\n'
              '    end\n  endtask\n' % (block, m['name'], mi, mi))
    # field compare + report helpers per out channel
    w('\n  // Spaces that pad s to n columns (the report\'s field table).\n'
      '  function automatic string pad(input string s, input int n);\n'
      '    string r;\n    r = "";\n'
      '    for (int i = s.len(); i < n; i++) r = {r, " "};\n'
      '    return r;\n  endfunction\n\n')
    for c, ch in outs:
        n = ch['name']
        fs = ch['fields']
        unpack = '{%s}' % ', '.join(['xc'] + ['x_%s' % f['name'] for f in fs])
        # differing field names
        w('  // Channel %s: which fields differ (masks and don\'t-cares of the description).\n' % n)
        w('  function automatic string tbdiff_%s(input logic [%d:0] row);\n' % (n, 64 + sum(f['width'] for f in fs) - 1))
        w('    string s;\n    bit [63:0] xc;\n')
        for f in fs:
            w('    logic [%d:0] x_%s;\n' % (f['width'] - 1, f['name']))
        w('    %s = row;\n    s = "";\n' % unpack)
        for f in fs:
            cond = ''
            if f['cond']:
                cond = ' && (x_%s != 0 || %s_%s != 0)' % (f['cond'], n, f['cond'])
            mask = f['mask']
            if mask == 0:
                continue
            w('    if ((((x_%s ^ %s_%s) & %d\'h%x) !== %d\'h0)%s) s = {s, s.len() ? "," : "", "%s"};\n' %
              (f['name'], n, f['name'], f['width'], mask, f['width'], cond, f['name']))
        w('    return s;\n  endfunction\n')
        # field table
        w('  task automatic tbtable_%s(input bit have_x, input logic [%d:0] row, input bit have_a);\n' %
          (n, 64 + sum(f['width'] for f in fs) - 1))
        w('    bit [63:0] xc;\n')
        for f in fs:
            w('    logic [%d:0] x_%s;\n' % (f['width'] - 1, f['name']))
        w('    bit d;\n    string xs, as, ns;\n    %s = row;\n' % unpack)
        w('    $display("    field      vector                   rtl");\n')
        for f in fs:
            dig = hexw(f['width'])
            cond = ''
            if f['cond']:
                cond = ' && (x_%s != 0 || %s_%s != 0)' % (f['cond'], n, f['cond'])
            nc = f['mask'] == 0
            w('    d = have_x && have_a && (((x_%s ^ %s_%s) & %d\'h%x) !== %d\'h0)%s;\n' %
              (f['name'], n, f['name'], f['width'], f['mask'], f['width'], cond))
            ncexpr = '1\'b1' if nc else ('(have_x && have_a && x_%s == 0 && %s_%s == 0)' % (f['cond'], n, f['cond'])
                                        if f['cond'] else '1\'b0')
            w('    xs = "-";\n    as = "-";\n    ns = "";\n')
            w('    if (have_x) xs = $sformatf("0x%%0%dh", x_%s);\n' % (dig, f['name']))
            w('    if (have_a) as = $sformatf("0x%%0%dh", %s_%s);\n' % (dig, n, f['name']))
            w('    if (%s) ns = "   (not compared)";\n' % ncexpr)
            w('    $display("  %%s %-10s %%s%%s%%s%%s", d ? "*" : " ", xs, pad(xs, 25), as, ns);\n' % f['name'])
        w('  endtask\n\n')
    # main process
    w('  string wave;\n  string diffs;\n  string mode_s;\n  bit fired, due, moved, done, waiting;\n  bit [63:0] last_progress;\n')
    w('  bit [63:0] lat;\n  bit [63:0] progress;\n\n')
    w('  initial begin\n')
    w('    ordered = %d;\n' % (1 if mode == 'ordered' else 0))
    w('    if ($test$plusargs("ordered")) ordered = 1\'b1;\n')
    w('    if ($test$plusargs("exact")) ordered = 1\'b0;\n')
    w('    if (ordered) mode_s = "ordered"; else mode_s = "exact";\n')
    w('    if (!$value$plusargs("progress=%d", progress)) progress = 0;\n')
    w('    watchdog = 10000;\n    if (!$value$plusargs("watchdog=%d", watchdog)) watchdog = 10000;\n')
    w('    if ($value$plusargs("wave=%s", wave)) begin\n      $dumpfile(wave);\n      $dumpvars(0, rcosim_tb);\n    end\n')
    # the vector: defaults, then vector.args
    w('    if (!$value$plusargs("name=%%s", vname)) vname = "%s";\n' % name)
    w('    if (!$value$plusargs("bp_text=%%s", bp_text)) bp_text = "%s";\n' % v.backpressure)
    for var, val in (('seed', v.seed), ('bp_kind', bp_k), ('bp_thr', bp_t), ('bp_burst', bp_b),
                     ('lat_min', lat[0]), ('lat_max', lat[1])):
        w('    if (!$value$plusargs("%s=%%d", %s)) %s = 64\'d%d;\n' % (var, var, var, val))
    for k, ch in data_channels(desc):
        n = ch['name']
        rows = v.inp[n] if k == 'in' else v.out[n]
        w('    if (!$value$plusargs("n_%s_%s=%%d", %s_%s_N)) %s_%s_N = %d;\n' % (k, n, k.upper(), n, k.upper(), n, len(rows)))
        w('    if (%s_%s_N > CAP_%s_%s) begin\n' % (k.upper(), n, k.upper(), n))
        w('      $display("FAIL %s %%s: %%0d rows in %s_%s.hex, more than this build holds (CAP_%s_%s = %%0d: compile with -GCAP_%s_%s=N)", vname, %s_%s_N, CAP_%s_%s);\n'
          % (block, k, n, k.upper(), n, k.upper(), n, k.upper(), n, k.upper(), n))
        w('      $fatal(1, "rcosim_tb: capacity");\n    end\n')
    if mems:
        w('    if (!$value$plusargs("npages=%%d", npages)) npages = %d;\n' % max(npages, 1))
        w('    if (npages > CAP_PAGES) begin\n')
        w('      $display("FAIL %s %%s: %%0d memory pages, more than this build holds (CAP_PAGES = %%0d: compile with -GCAP_PAGES=N)", vname, npages, CAP_PAGES);\n' % block)
        w('      $fatal(1, "rcosim_tb: capacity");\n    end\n')
    for k, ch in data_channels(desc):
        n = ch['name']
        w('    if (%s_%s_N > 0) $readmemh("%s_%s.hex", %s_%s, 0, int\'(%s_%s_N) - 1);\n'
          % (k.upper(), n, k, n, k, n, k.upper(), n))
    if mems:
        w('    $readmemh("mem_pages.hex", pages, 0, int\'(npages) - 1);\n')
        w('    if (!$value$plusargs("mem_init=%%d", mem_init)) mem_init = %d;\n' % (1 if v.mem else 0))
        w('    if (mem_init != 0) begin\n')
        for mi in range(len(mems)):
            w('      $readmemh("mem_init.hex", mem%d);\n' % mi)
        w('    end\n')
    # the random streams, seeded as the engine seeds them
    for c, ch in outs:
        w('    bp_%s_s = sm_seed(seed, 64\'h%08x);\n    bp_%s_on = 1\'b0;\n    bp_%s_left = 0;\n'
          % (ch['name'], 0x62700000 + c, ch['name'], ch['name']))
    for mi in range(len(mems)):
        w('    mrng%d_s = sm_seed(seed, 64\'h%08x);\n' % (mi, 0x6D656D00 + mi))
    w('    if (lat_min == lat_max) $display("rcosim_tb %s %%s: seed %%0d, backpressure %%s, mem-latency %%0d, %%s mode", vname, seed, bp_text, lat_min, mode_s);\n'
      '    else $display("rcosim_tb %s %%s: seed %%0d, backpressure %%s, mem-latency %%0d:%%0d, %%s mode", vname, seed, bp_text, lat_min, lat_max, mode_s);\n'
      % (block, block))
    # reset: all inputs 0, 2 cycles
    w('    // Reset as the RTL side of the engine: every input 0, two cycles with rst_ni low.\n')
    for ch in chans:
        if ch['dir'] == 'in':
            w('    %s_valid = 1\'b0;\n' % ch['name'])
            for f in ch['fields']:
                w('    %s_%s = \'0;\n' % (ch['name'], f['name']))
        else:
            w('    %s_ready = 1\'b0;\n' % ch['name'])
    w('    repeat (2) begin\n      #5 clk_i = 1\'b1;\n      #5 clk_i = 1\'b0;\n    end\n    rst_ni = 1\'b1;\n')
    w('    last_progress = 0;\n    done = 1\'b0;\n')
    w('    cycle = 0;\n    while (!failed && !done) begin\n')
    # readies
    w('      if (progress != 0 && cycle % progress == 0) $display("cycle %0d", cycle);\n')
    w('      // 1. output readies: the back-pressure policy (bp_kind: 0 always, 1 random:P, 2 bursty:N)\n')
    for c, ch in outs:
        n = ch['name']
        w('      if (bp_kind == 0) begin\n')
        w('        %s_ready = 1\'b1;\n' % n)
        w('      end else if (bp_kind == 1) begin\n')
        w('        bp_%s_s = bp_%s_s + 64\'h9E3779B97F4A7C15;\n' % (n, n))
        w('        %s_ready = (sm_mix(bp_%s_s) >> 11) < bp_thr;\n' % (n, n))
        w('      end else begin\n')
        w('        if (bp_%s_left == 0) begin\n' % n)
        w('          bp_%s_on = !bp_%s_on;\n' % (n, n))
        w('          bp_%s_s = bp_%s_s + 64\'h9E3779B97F4A7C15;\n' % (n, n))
        w('          bp_%s_left = 1 + sm_below(sm_mix(bp_%s_s), bp_burst);\n' % (n, n))
        w('        end\n')
        w('        bp_%s_left = bp_%s_left - 1;\n        %s_ready = bp_%s_on;\n' % (n, n, n, n))
        w('      end\n')
    # inputs
    w('      // 2. inputs: in file order, none before its cycle; memory responses from the agent\n')
    for ch in chans:
        if ch['dir'] != 'in':
            continue
        n = ch['name']
        fs = ch['fields']
        if ch['agent']:
            mi = next(i for i, m in enumerate(mems) if m['rsp'] == n)
            m = mems[mi]
            w('      if (mq%d_n != 0 && mq%d_due[mq%d_head] <= cycle) begin\n' % (mi, mi, mi))
            w('        %s_valid = 1\'b1;\n' % n)
            for f in fs:
                if f['name'] == 'data':
                    w('        %s_data = mq%d_data[mq%d_head][%d:0];\n' % (n, mi, mi, f['width'] - 1))
                else:
                    w('        %s_%s = \'0;\n' % (n, f['name']))
            w('      end else begin\n        %s_valid = 1\'b0;\n' % n)
            for f in fs:
                w('        %s_%s = \'0;\n' % (n, f['name']))
            w('      end\n')
            continue
        w('      if (in_%s_pos < IN_%s_N && in_%s[in_%s_pos][%d -: 64] <= cycle) begin\n' %
          (n, n, n, n, 64 + sum(f['width'] for f in fs) - 1))
        w('        %s_valid = 1\'b1;\n' % n)
        w('        {%s} = in_%s[in_%s_pos][%d:0];\n' % (', '.join('%s_%s' % (n, f['name']) for f in fs), n, n,
                                                     sum(f['width'] for f in fs) - 1))
        w('      end else begin\n        %s_valid = 1\'b0;\n' % n)
        for f in fs:
            w('        %s_%s = \'0;\n' % (n, f['name']))
        w('      end\n')
    w('      // 3. evaluate with the clock low, then check every output against the vector\n')
    w('      #5;\n')
    for c, ch in outs:
        n = ch['name']
        fs = ch['fields']
        rw = 64 + sum(f['width'] for f in fs)
        w('      if (!failed) begin\n')
        w('        fired = %s_valid === 1\'b1 && %s_ready === 1\'b1;\n' % (n, n))
        w('        tbx_%s = exp_%s_pos < EXP_%s_N ? exp_%s[exp_%s_pos] : \'0;\n' % (n, n, n, n, n))
        w('        due = exp_%s_pos < EXP_%s_N && (ordered || tbx_%s[%d -: 64] == cycle);\n' % (n, n, n, rw - 1))
        w('        if (%s_valid !== 1\'b0 && %s_valid !== 1\'b1) begin\n' % (n, n))
        w('          $display("MISMATCH %s at cycle %%0d: channel %s (out): valid is %%b (unknown) in rtl", cycle, %s_valid);\n'
          % (block, n, n))
        w('          failed = 1\'b1;\n')
        w('        end else if (!fired) begin\n')
        w('          if (!ordered && due) begin\n')
        w('            $display("MISMATCH %s at cycle %%0d: channel %s (out), transaction #%%0d: expected by the vector at this cycle, rtl did not fire (valid %%0d, ready %%0d)", cycle, exp_%s_pos, %s_valid, %s_ready);\n'
          % (block, n, n, n, n))
        w('            tbtable_%s(1\'b1, tbx_%s, 1\'b0);\n            failed = 1\'b1;\n          end\n' % (n, n))
        w('        end else if (!due) begin\n')
        w('          if (exp_%s_pos < EXP_%s_N)\n' % (n, n))
        w('            $display("MISMATCH %s at cycle %%0d: channel %s (out), transaction #%%0d: rtl fired, the vector expects no transaction here (next expected at cycle %%0d)", cycle, exp_%s_pos, tbx_%s[%d -: 64]);\n'
          % (block, n, n, n, rw - 1))
        w('          else\n')
        w('            $display("MISMATCH %s at cycle %%0d: channel %s (out), transaction #%%0d: rtl fired, the vector expects no transaction here (none left)", cycle, exp_%s_pos);\n'
          % (block, n, n))
        w('          tbtable_%s(1\'b0, tbx_%s, 1\'b1);\n          failed = 1\'b1;\n' % (n, n))
        w('        end else begin\n')
        w('          diffs = tbdiff_%s(tbx_%s);\n' % (n, n))
        w('          if (diffs.len() != 0) begin\n')
        w('            if (ordered)\n')
        w('              $display("MISMATCH %s (ordered) at cycle %%0d: channel %s (out), transaction #%%0d: field %%s differs (expected: vector at cycle %%0d, actual: rtl at cycle %%0d)", cycle, exp_%s_pos, diffs, tbx_%s[%d -: 64], cycle);\n'
          % (block, n, n, n, rw - 1))
        w('            else\n')
        w('              $display("MISMATCH %s at cycle %%0d: channel %s (out), transaction #%%0d: field %%s differs (expected: vector, actual: rtl)", cycle, exp_%s_pos, diffs);\n'
          % (block, n, n))
        w('            tbtable_%s(1\'b1, tbx_%s, 1\'b1);\n            failed = 1\'b1;\n          end\n' % (n, n))
        w('        end\n')
        w('        if (fired && due) exp_%s_pos++;\n        else if (!fired && due && !ordered) exp_%s_pos++;\n' % (n, n))
        w('      end\n')
    # done check
    w('      // 4. done: every input taken, the memory agents quiet and %s set\n' % (desc['idle'] or '(no idle status)'))
    conds = []
    if desc['idle']:
        conds.append('st_%s === 1\'b1' % desc['idle'])
    for ch in chans:
        if ch['dir'] == 'in' and not ch['agent']:
            conds.append('in_%s_pos >= IN_%s_N' % (ch['name'], ch['name']))
    for mi in range(len(mems)):
        conds.append('mq%d_n == 0' % mi)
    w('      if (!failed && (%s)) done = 1\'b1;\n' % (' && '.join(conds) or '1\'b1'))
    w('      if (!failed && !done) begin\n')
    # handshakes
    w('      // 5. handshakes, the memory agents take requests and retire responses, the rising edge\n')
    w('      moved = 1\'b0;\n')
    for ch in chans:
        n = ch['name']
        w('      if (%s_valid === 1\'b1 && %s_ready === 1\'b1) begin\n        moved = 1\'b1;\n' % (n, n))
        if ch['dir'] == 'in' and not ch['agent']:
            w('        in_%s_pos++;\n' % n)
        elif ch['dir'] == 'out':
            w('        tbf_%s++;\n' % n)
        w('      end\n')
    for mi, m in enumerate(mems):
        req = chans[m['req_i']]
        rsp = chans[m['rsp_i']]
        rq = req['name']
        nb = m['bytes']
        fnames = [f['name'] for f in req['fields']]
        w('      if (%s_valid === 1\'b1 && %s_ready === 1\'b1) begin\n' % (rsp['name'], rsp['name']))
        w('        mq%d_head++;\n        mq%d_n--;\n      end\n' % (mi, mi))
        w('      if (%s_valid === 1\'b1 && %s_ready === 1\'b1) begin\n' % (rq, rq))
        addr = '(%s_addr & ~32\'d%d)' % (rq, nb - 1)
        we = '%s_we' % rq if 'we' in fnames else '1\'b0'
        wdata = '64\'(%s_wdata)' % rq if 'wdata' in fnames else '64\'d0'
        be = '64\'(%s_be)' % rq if 'be' in fnames else '~64\'d0'
        w('        if (%s) begin\n' % we)
        w('          mwrite%d(%s, %s, %s);\n' % (mi, addr, wdata, be))
        w('        end else begin\n')
        w('          if (lat_max > lat_min) begin\n')
        w('            mrng%d_s = mrng%d_s + 64\'h9E3779B97F4A7C15;\n' % (mi, mi))
        w('            lat = lat_min + sm_below(sm_mix(mrng%d_s), lat_max - lat_min + 1);\n' % mi)
        w('          end else begin\n            lat = lat_min;\n          end\n')
        w('          if (mq%d_n == 13\'d4096) begin\n' % mi)
        w('            $display("FAIL %s %%s: more than 4096 memory reads outstanding on %s", vname);\n' % (block, m['name']))
        w('            failed = 1\'b1;\n          end\n')
        w('          mq%d_due[mq%d_tail] = cycle + lat;\n' % (mi, mi))
        w('          mq%d_data[mq%d_tail] = mread%d(%s);\n' % (mi, mi, mi, addr))
        w('          mq%d_tail++;\n          mq%d_n++;\n' % (mi, mi))
        w('        end\n        moved = 1\'b1;\n      end\n')
    w('      clk_i = 1\'b1;\n      #5 clk_i = 1\'b0;\n')
    if chk:
        w('      if (chk_fired === 1\'b1) begin\n')
        w('        $display("MISMATCH %s at cycle %%0d: RTL assertion failed (the channel checker u_chk, above); the run stops here", cycle);\n'
          % block)
        w('        failed = 1\'b1;\n      end\n')
    # watchdog
    fut = ' || '.join('(in_%s_pos < IN_%s_N && in_%s[in_%s_pos][%d -: 64] > cycle)' %
                      (ch['name'], ch['name'], ch['name'], ch['name'], 64 + sum(f['width'] for f in ch['fields']) - 1)
                      for ch in chans if ch['dir'] == 'in' and not ch['agent']) or '1\'b0'
    w('      waiting = %s;\n' % fut)
    w('      if (moved || (cycle - last_progress >= watchdog && waiting)) last_progress = cycle;\n')
    w('      else if (cycle - last_progress >= watchdog) begin\n')
    w('        $display("HANG %s at cycle %%0d: no handshake on any channel for %%0d cycles (+watchdog)", cycle, watchdog);\n'
      % block)
    w('        failed = 1\'b1;\n      end\n')
    w('      if (!failed) cycle++;\n')
    w('      end\n')
    w('    end\n')
    # end checks
    w('    // The end: expected outputs never seen are a hang.\n')
    for c, ch in outs:
        n = ch['name']
        rw = 64 + sum(f['width'] for f in ch['fields'])
        w('    if (!failed && exp_%s_pos < EXP_%s_N) begin\n' % (n, n))
        w('      tbx_%s = exp_%s[exp_%s_pos];\n' % (n, n, n))
        w('      $display("HANG %s at cycle %%0d: channel %s (out), transaction #%%0d expected by the vector (at cycle %%0d) never came; rtl went idle after %%0d of %%0d", cycle, exp_%s_pos, tbx_%s[%d -: 64], tbf_%s, EXP_%s_N);\n'
          % (block, n, n, n, rw - 1, n, n))
        w('      tbtable_%s(1\'b1, tbx_%s, 1\'b0);\n      failed = 1\'b1;\n    end\n' % (n, n))
    total = ' + '.join('tbf_%s' % ch['name'] for _, ch in outs) or '0'
    w('    if (failed) begin\n')
    w('      $display("FAIL %s %%s: %%0d cycles", vname, cycle);\n' % block)
    w('      $fatal(1, "rcosim_tb: %s %%s failed", vname);\n' % block)
    w('    end\n')
    w('    $display("PASS %s %%s: %%0d cycles, %%0d output transactions checked (%%s)", vname, cycle, %s, mode_s);\n'
      % (block, total))
    w('    $finish;\n')
    w('  end\n\nendmodule\n')
    return ''.join(L)


RUN_SH = r'''#!/bin/sh
# run.sh - run this exported bench: ./run.sh icarus | verilator   (generated by rcosim export)
# Environment: WAVE=FILE writes a waveform (.fst or .vcd), ARGS adds plusargs (e.g. ARGS=+ordered),
# BUILD=DIR (default ./build-SIM) holds the compiled simulation, VTB=BINARY runs an existing
# Verilator build of this block's bench (one build serves every vector of the block whose counts
# fit its CAP_ parameters) instead of compiling.  The vector's values are vector.args's plusargs.
# Exit status 0 pass, 1 fail.
set -e
cd "$(dirname "$0")"
sim=${1:-icarus}
out=${BUILD:-build-$sim}
plus="$ARGS $(cat vector.args)"     # the first of a plusarg counts: ARGS override the vector
if [ "$sim" = verilator ] && [ -n "$VTB" ]; then
    exec "$VTB" $plus
fi
mkdir -p "$out"
[ -n "$WAVE" ] && plus="$plus +wave=$WAVE"
case "$sim" in
icarus)
    iverilog -g2012 -o "$out/sim.vvp" -s rcosim_tb -f files.f 2>"$out/iverilog.log" || { cat "$out/iverilog.log"; exit 2; }
    fst=; case "$WAVE" in *.fst) fst=-fst;; esac
    exec vvp -n "$out/sim.vvp" $fst $plus ;;
verilator)
    tr=; case "$WAVE" in *.fst) tr=--trace-fst;; *.vcd) tr=--trace;; esac
    verilator --binary --timing -Wno-fatal -Wno-lint -Wno-style $tr --top-module rcosim_tb -f files.f \
        --Mdir "$out" -o Vtb >"$out/verilator.log" 2>&1 || { cat "$out/verilator.log"; exit 2; }
    exec "$out/Vtb" $plus ;;
*)
    echo "usage: run.sh icarus|verilator" >&2; exit 2 ;;
esac
'''


def bench_name(path):
    """The bench's name for the vector at path: its file name without .vec/.vec.gz, every character
    but A-Z a-z 0-9 _ . + - replaced by '_', so it is a safe SystemVerilog string and one plusarg
    (a '"', a newline or a space in a file name would break the bench or split '+name=')."""
    base = os.path.basename(os.fsencode(path)).decode('utf-8', 'replace')
    name = re.sub(r'[^A-Za-z0-9_.+-]', '_', re.sub(r'\.vec(\.gz)?$', '', base))
    return name or 'vector'


def shown(path):
    """path as text that prints on any terminal (a non-UTF-8 byte as \\xNN)."""
    return os.fsencode(path).decode('utf-8', 'backslashreplace')


def export_main(argv, prog, fmt_gen, suffix=''):
    """The shared command line of 'export --format sv|cocotb': fmt_gen(v, dir, a, name) writes the bench."""
    ap = Parser(prog=prog)
    ap.add_argument('--vector')
    ap.add_argument('-o', dest='out')
    ap.add_argument('--force', action='store_true', help='replace an earlier export in DIR')
    if 'sv' in prog:
        ap.add_argument('--mode', choices=('exact', 'ordered'), default='exact')
    a, extra = ap.parse_known_args(argv)
    if extra:
        ap.error('%s: not an option of this command' % ' '.join(extra))
    if not a.vector or not a.out:
        ap.error('expected --vector V and -o DIR')
    try:
        outdir.check(a.out, a.force)
        v = vector.read(a.vector)
        name = bench_name(a.vector)
        outdir.publish(a.out, a.force, lambda d: fmt_gen(v, d, a, name))
    except (VectorError, outdir.OutError) as e:
        print('rcosim export: %s' % shown(str(e)), file=sys.stderr)
        return 2
    print('export: %s (%s) -> %s%s' % (shown(a.vector), v.block, shown(a.out), suffix))
    return 0


def main(argv=None):
    return export_main(argv, 'rcosim export --format sv', lambda v, d, a, name: gen(v, d, a.mode, name))


if __name__ == '__main__':
    sys.exit(main())
