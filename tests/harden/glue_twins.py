#!/usr/bin/env python3
"""glue_twins.py - a glue module's RTL against its C twin, cycle by cycle, on its own (issue 29).

The glue modules of the composites (rtl/FAMILY/NAME/FAMILY_NAME_WHAT.sv and their C twins
model/FAMILY/NAME/FAMILY_NAME_WHAT.c, docs/ARCHITECTURE.md "Composites") are checked at the
composite's ports by the lockstep runs.  This bench checks one glue module alone, faster and
nearer: its RTL Verilated with a generated C++ main that links the C twin, both driven with the
same seeded random inputs, every output compared every cycle.  The inputs keep the valid/ready
rule (an input channel CH with CH_valid in, CH_ready out: valid and payload held while not
ready), so the module's own assertion section must stay silent; per-module rules (MODS) keep
the rest of its contract (the join gets a pass record only for a queued fragment, ...).

Usage: glue_twins.py SRC OUTDIR MODULE [--cycles N] [--seed S] [--mutate 'OLD=>NEW'] [--no-compare]
Prints "glue_twins MODULE: N cycles, seed S, 0 differ, 0 assertions" and exits 0, or the first
difference (cycle, port, rtl, model) and exits 1.  --mutate replaces a line of the RTL (a test
proving that the comparison and the assertions catch a broken module); --no-compare runs the RTL
and the twin without comparing them (to see a mutant's assertions rather than its first difference).
"""
import glob
import os
import re
import subprocess
import sys

# per module: its composite's model folder, the glue header and the input rules (C++ over
# `in` (inputs, the struct), `o` (the RTL's outputs before this cycle's inputs: state only) and
# `cyc`, run after the generic random draw and hold)
MODS = {
    'r5xx_gfx3d_fg': ('r5xx/gfx3d', 'gfx3d_glue.h', {
        # FG's own registers (alpha test, fog blend/colour/scale/offset: 0x4BC0.., 0x4294, 0x4298,
        # 0x4F10) most of the time, data often a float near 1.0 or a small field value;
        # fixed-path fragments (ff) now and then, a shader quad (qf) only when no ff is offered
        'w_addr': '(rnd() % 4) ? (0x4BC0 + 4 * (rnd() % 9)) : ((rnd() % 3) == 0 ? 0x4294 : (rnd() & 1) ? 0x4298 : 0x4F10)',
        'w_data': '(rnd() & 1) ? (rnd() & 0xFFFFFFFF) : ((rnd() & 3) == 0 ? 0x3F800000 + (rnd() & 0x00FFFFFF) : (rnd() & 0x3FF))',
        'ff_valid': 'in.ff_valid && !hold_qf && (rnd() % 4 == 0)',
        'qf_valid': 'in.qf_valid && !in.ff_valid',
        # a state write only while no fragment is offered (in the composite a write waits for the
        # path to drain): a write under a waiting fragment could fail its alpha test, and a
        # failing fragment is taken and dropped, which would withdraw the offer (FragValidHeld)
        'w_valid': '!in.ff_valid && !in.qf_valid && (rnd() & 1)',
    }),
    'r5xx_gfx3d_qjoin': ('r5xx/gfx3d', 'gfx3d_glue.h', {
        # US_OUT_FMT_0..3 (0x46A4..) half the time: the targets a quad carries change
        'w_addr': '(rnd() & 1) ? (0x46A4 + 4 * (rnd() % 4)) : (rnd() & 0xffff)',
    }),
    'r5xx_gfx3d_join': ('r5xx/gfx3d', 'gfx3d_glue.h', {
        'frag_prim': '0x1000 | (cyc & 0xff)',
        # ZB answers one pass record per fragment it took: only while the queue holds one
        'pass_valid': 'in.pass_valid && !o_empty',
    }),
    'r5xx_gfx3d_vsel': ('r5xx/gfx3d', 'gfx3d_glue.h', {
        # a state write (the bypass bit) only while no record is offered (the path is idle)
        'w_valid': '(cyc % 97 > 90) && !in.vtx_valid && !in.pout_valid && !hold_vtx && !hold_pout && (rnd() & 1)',
        'w_addr': '(rnd() & 1) ? 0x2140 : ((rnd() & 1) ? 0x2084 : (rnd() & 0xffff))',
        'vtx_valid': 'in.vtx_valid && (cyc % 97 <= 80 || hold_vtx)',
        # the clipper offers records only on the PVS path (bypass 0): it gets no vertex otherwise
        'pout_valid': 'in.pout_valid && !byp && (cyc % 97 <= 80 || hold_pout)',
        '@track': 'if (in.w_valid && in.w_addr == 0x2140) byp = (in.w_data >> 8) & 1;',
    }),
    'r5xx_gpu_bb': ('r5xx/gpu', 'gpu_glue.h', {
        'in_addr': 'hold_in ? in.in_addr : pick_addr()',
    }),
    'si_backend_join': ('si/backend', 'backend_glue.h', {
        # si.db answers each fragment it took with one pass record, si.cb each record with a pixel
        '@decl': 'long dbo = 0, cbo = 0;',
        'db_pass_valid': 'in.db_pass_valid && dbo > 0',
        'cb_pix_valid': 'in.cb_pix_valid && cbo > 0',
        '@track': 'dbo += (top.db_frag_valid_o && in.db_frag_ready) - (in.db_pass_valid && top.db_pass_ready_o); '
                  'cbo += (top.cb_frag_valid_o && in.cb_frag_ready) - (in.cb_pix_valid && top.cb_pix_ready_o);',
    }),
    'si_backend_arb': ('si/backend', 'backend_glue.h', {
        # the memory answers reads only, in order; a block has one read outstanding at most (the
        # tag queue is 2 deep: si.db and si.cb each wait for their read's data)
        '@decl': 'long rd = 0;',
        'db_valid': 'in.db_valid && rd == 0',
        'cb_valid': 'in.cb_valid && rd == 0',
        'memrsp_valid': '(rnd() & 1) && rd > 0',
        '@track': 'rd += (top.memreq_valid_o && in.memreq_ready && !top.memreq_we_o) - (long)in.memrsp_valid;',
    }),
    'r5xx_gpu_host': ('r5xx/gpu', 'gpu_glue.h', {
        'host_addr': 'hold_host ? in.host_addr : ((rnd() & 1) ? (0x0700 | (rnd() & 0x1f)) : (rnd() & 0xffff))',
    }),
}

BB_ADDRS = [0x1720, 0x15E0, 0x15E4, 0x15FC, 0x0770, 0x0774, 0x1724, 0x1400, 0x1420, 0x4000, 0x2000,
            0x4BD4, 0x3000, 0x0040, 0x0700]


def glue_ports(header, module):
    """[(name, 'in'|'out', width)] of MODULE's port struct in its glue header."""
    text = open(header).read()
    m = re.search(r'typedef struct %s_ports \{(.*?)\} %s_ports;' % (module, module), text, re.S)
    if not m:
        raise SystemExit('glue_twins: no %s_ports in %s' % (module, header))
    return [(n, d, int(w)) for n, d, w in
            re.findall(r'uint64_t (\w+);\s*/\* (in|out), (\d+) bits?', m.group(1))]


def harness(module, header, ports, rules, cycles, seed, compare=True):
    ins = [p for p in ports if p[1] == 'in']
    outs = [p for p in ports if p[1] == 'out']
    names = {p[0] for p in ports}
    # input channels: X_valid an input and X_ready an output
    chans = [n[:-6] for n, d, _ in ins if n.endswith('_valid') and (n[:-6] + '_ready') in names]
    L = ['// generated by tests/harden/glue_twins.py: do not edit',
         '#include <cstdio>', '#include <cstdint>', '#include <cstdlib>', '#include "verilated.h"',
         '#include "V%s.h"' % module, 'extern "C" {', '#include "%s"' % header, '}',
         'static uint64_t s_rng = %dull;' % (seed * 2654435761 + 1),
         'static uint64_t rnd() { s_rng ^= s_rng << 13; s_rng ^= s_rng >> 7; s_rng ^= s_rng << 17; return s_rng; }',
         'static const unsigned bb_addrs[] = {%s};' % ', '.join('0x%X' % a for a in BB_ADDRS),
         'static unsigned pick_addr() { return bb_addrs[rnd() %% %d]; }' % len(BB_ADDRS),
         'int main(int argc, char **argv) {',
         '  VerilatedContext ctx; ctx.commandArgs(argc, argv); ctx.errorLimit(1000000); ctx.fatalOnError(false);',
         '  V%s top{&ctx};' % module,
         '  %s_ports in = {}, p = {};' % module,
         '  void *h = %s_glue.create(nullptr);' % module,
         '  top.clk_i = 0; top.rst_ni = 0; top.eval(); top.clk_i = 1; top.eval(); top.clk_i = 0; top.eval();',
         '  %s_glue.reset(h, (uint64_t *)&p);' % module,
         '  top.rst_ni = 1; top.eval();']
    L += ['  bool hold_%s = false;' % c for c in chans]
    L += ['  uint64_t byp = 0; (void)byp;', '  ' + rules.get('@decl', '')]
    L += ['  (void)pick_addr;', '  for (long cyc = 0; cyc < %d; cyc++) {' % cycles]
    L += ['    bool o_empty = %s;' % ('top.empty_o' if 'empty' in names else 'false'), '    (void)o_empty;']
    for n, _, w in ins:
        ch = next((c for c in chans if n.startswith(c + '_')), None)
        mask = '0x%xull' % ((1 << w) - 1)
        draw = '(rnd() & 3) != 0' if n.endswith('_valid') or n.endswith('_ready') else 'rnd()'
        if n.endswith('_ready') or (n.startswith('idle') and w == 1):
            draw = 'rnd() & 1'
        if ch:
            L.append('    if (!hold_%s) in.%s = (uint64_t)(%s) & %s;' % (ch, n, draw, mask))
        else:
            L.append('    in.%s = (uint64_t)(%s) & %s;' % (n, draw, mask))
    for n, expr in rules.items():
        if n.startswith('@'):
            continue
        if n.endswith('_valid') and any(n == c + '_valid' for c in chans):
            c = n[:-6]
            L.append('    in.%s = hold_%s ? in.%s : (uint64_t)(%s);' % (n, c, n, expr))
        else:
            L.append('    in.%s = (uint64_t)(%s);' % (n, expr))
    for n, _, _ in ins:
        L.append('    top.%s_i = in.%s; p.%s = in.%s;' % (n, n, n, n))
    L += ['    top.eval();', '    %s_glue.eval(h, (uint64_t *)&p);' % module]
    for n, _, _ in outs if compare else []:
        L.append('    if ((uint64_t)top.%s_o != p.%s) { std::printf("glue_twins %s: cycle %%ld: %s rtl %%llx model %%llx\\n", '
                 'cyc, (unsigned long long)top.%s_o, (unsigned long long)p.%s); return 1; }'
                 % (n, n, module, n, n, n))
    for c in chans:
        L.append('    hold_%s = in.%s_valid && !top.%s_ready_o;' % (c, c, c))
    L.append('    ' + rules.get('@track', ''))
    L += ['    %s_glue.tick(h, (const uint64_t *)&p);' % module,
          '    top.clk_i = 1; top.eval(); top.clk_i = 0; top.eval();', '  }',
          '  std::printf("glue_twins %s: %d cycles, seed %d, 0 differ, %%d assertions\\n", (int)ctx.errorCount());'
          % (module, cycles, seed),
          '  %s_glue.destroy(h);' % module, '  return 0;', '}', '']
    return '\n'.join(L)


def main(argv):
    args = argv[1:]
    opts = {'--cycles': '20000', '--seed': '1', '--mutate': None, '--no-compare': False}
    while len(args) > 3:
        k = args.pop(3)
        opts[k] = True if k == '--no-compare' else args.pop(3)
    if len(args) != 3 or args[2] not in MODS:
        print(__doc__, file=sys.stderr)
        return 2
    src, out, module = args
    src, out = os.path.abspath(src), os.path.abspath(out)
    sub, hdr, rules = MODS[module]
    family, name = sub.split('/')
    mdir = os.path.join(src, 'model', family, name)
    rtl = os.path.join(src, 'rtl', family, name, module + '.sv')
    os.makedirs(out, exist_ok=True)
    if opts['--mutate']:
        old, new = opts['--mutate'].split('=>', 1)
        text = open(rtl).read()
        if old not in text:
            print('glue_twins: --mutate: %r not in %s' % (old, rtl))
            return 2
        rtl = os.path.join(out, module + '.sv')
        with open(rtl, 'w') as f:
            f.write(text.replace(old, new, 1))
    ports = glue_ports(os.path.join(mdir, hdr), module)
    cycles, seed = int(opts['--cycles']), int(opts['--seed'])
    main_cpp = os.path.join(out, 'main.cpp')
    with open(main_cpp, 'w') as f:
        f.write(harness(module, hdr, ports, rules, cycles, seed, not opts['--no-compare']))
    prim = sorted(glob.glob(os.path.join(src, 'rtl', 'prim', '*.sv')))
    twin_o = os.path.join(out, 'twin_c.o')
    objs = []      # the shader-float C twin (model/prim), for glue that does float maths (FG's fog)
    for i, c in enumerate(sorted(glob.glob(os.path.join(src, 'model', 'prim', '*.c')))):
        o = os.path.join(out, 'sf%d.o' % i)
        p = subprocess.run(['cc', '-std=c11', '-O1', '-I' + os.path.join(src, 'model', 'prim'), '-c', c, '-o', o],
                           capture_output=True, text=True)
        if p.returncode != 0:
            print('glue_twins: %s does not compile\n' % c + p.stdout + p.stderr)
            return 2
        objs.append(o)
    p = subprocess.run(['cc', '-std=c11', '-O1', '-I' + mdir, '-I' + os.path.join(src, 'model', 'prim'),
                        '-I' + os.path.join(src, 'bridge'), '-c',
                        os.path.join(mdir, module + '.c'), '-o', twin_o], capture_output=True, text=True)
    if p.returncode != 0:
        print('glue_twins: the C twin does not compile\n' + p.stdout + p.stderr)
        return 2
    cmd = ['verilator', '--cc', '--exe', '--build', '-Wall', '--top-module', module, '--Mdir', out,
           '-O1', '-CFLAGS', '-O1 -I%s -I%s' % (mdir, os.path.join(src, 'bridge')),
           '-LDFLAGS', ' '.join([twin_o] + objs), '-I' + os.path.join(src, 'rtl', 'prim'),
           rtl] + prim + [main_cpp, '-o', 'twin']
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        print('glue_twins: the Verilator build failed\n' + p.stdout + p.stderr)
        return 2
    p = subprocess.run([os.path.join(out, 'twin')], capture_output=True, text=True, timeout=600)
    sys.stdout.write(p.stdout + p.stderr)
    return p.returncode


if __name__ == '__main__':
    sys.exit(main(sys.argv))
