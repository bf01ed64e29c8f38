#!/usr/bin/env python3
"""compgen.py - a composite block's wiring-only SystemVerilog top and the C chaining of its parts'
models, generated from its manifest (the inst/wire/fields/tie/open/eval lines of
rtl/FAMILY/NAME/NAME.block; the grammar is in docs/ARCHITECTURE.md, "Composites").

Usage: compgen.py ROOT            write the generated files of every composite that has inst lines
       compgen.py --check ROOT [FAMILY.NAME ...]
                                  exit 1 (naming each stale file) unless they are current
Writes, for a composite FAMILY.NAME:
  rtl/FAMILY/NAME/FAMILY_NAME.sv   the top: one instance per inst line, nets, assigns, no logic
  model/FAMILY/NAME/NAME_wiring.c  FAMILY_NAME_model_ops: each instance's model evaluated in the
                                   eval order with its inputs copied from their drivers, every
                                   instance ticked on the edge
  model/FAMILY/NAME/NAME_glue.h    (with glue) each glue module's port struct and its C twin's ops
The files are committed (a reader and scripts/export find the top where every block's is) and the
test FAMILY.NAME.wiring_current checks they are what this script writes.  Errors are reported as
FILE:LINE: message, exit status 2.
"""
import os
import re
import sys

sys.dont_write_bytecode = True
import blockgen  # noqa: E402  (the manifest parser; scripts/ is this file's directory)

PORT_RE = re.compile(r'^\s*(input|output)\s+logic\s*(?:\[\s*(\d+)\s*:\s*0\s*\])?\s*([a-z][a-z0-9_]*)\s*,?\s*(//.*)?$')


class Pin:
    """One port word of an instance (or of the composite itself, inst None): role 'drv' gives a
    value inside the composite, 'snk' takes one."""

    def __init__(self, inst, name, width, role, sv):
        self.inst, self.name, self.width, self.role, self.sv = inst, name, width, role, sv

    def key(self):
        return (self.inst, self.name)

    def label(self):
        return '%s.%s' % (self.inst, self.name) if self.inst else self.name


def glue_ports(path, module):
    """The ANSI port list of MODULE in PATH, one port per line: [(sv name, dir, width)]."""
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    try:
        k = next(i for i, ln in enumerate(lines) if re.match(r'^module\s+%s\b' % re.escape(module), ln))
    except StopIteration:
        raise blockgen.DescError('%s: no module %s' % (path, module))
    ports = []
    for ln in lines[k + 1:]:
        if ln.strip() == ');':
            return ports
        if not re.match(r'^\s*(input|output)\b', ln):
            continue
        pm = PORT_RE.match(ln)
        if not pm:
            raise blockgen.DescError('%s: module %s: %r is not "input|output logic [N:0] name," (one port a line)'
                                     % (path, module, ln.strip()))
        ports.append((pm.group(3), pm.group(1), int(pm.group(2)) + 1 if pm.group(2) else 1))
    raise blockgen.DescError('%s: module %s: no ");" closing its port list' % (path, module))


class And:
    """The AND of 1-bit outputs, some negated (an `and` line: a composite's idle)."""

    def __init__(self, terms):
        self.terms = terms


class Comp:
    def __init__(self, root, blocks, blk):
        self.root, self.blocks, self.blk = root, blocks, blk
        self.family, self.bname = blk['name'].split('.')
        self.id = blk['name'].replace('.', '_')
        self.insts = {}          # name -> {'type', 'block' or None, 'module', 'pins' {name: Pin}, ...}
        self.order = []          # instance names, inst-line order
        self.evalo = None
        self.src = {}            # sink pin key -> (driver Pin or int constant, line)
        self.used = {}           # driver pin key -> [line]
        self.opened = {}         # driver pin key -> line
        self.line = 0
        self.me = self.make_self()

    def err(self, msg):
        raise blockgen.DescError('%s:%d: %s' % (self.blk['path'], self.line, msg))

    # ---- the pins of the composite, of a part, of a glue module ----------------------------------
    def block_pins(self, blk, inst):
        """Channels and status of a block as seen from inside the composite: inst None is the
        composite itself (its inputs drive), else a part (its outputs drive)."""
        chans, status = {}, {}
        for ch in blk['channels']:
            d_in = ch['dir'] == 'in'
            drives = d_in if inst is None else not d_in
            s_in, s_out = '_i', '_o'
            v = Pin(inst, ch['name'] + '_valid', 1, 'drv' if drives else 'snk',
                    ch['name'] + '_valid' + (s_in if d_in else s_out))
            r = Pin(inst, ch['name'] + '_ready', 1, 'snk' if drives else 'drv',
                    ch['name'] + '_ready' + (s_out if d_in else s_in))
            fields = {}
            for f in ch['fields']:
                fields[f['name']] = Pin(inst, '%s_%s' % (ch['name'], f['name']), f['width'], v.role,
                                        '%s_%s%s' % (ch['name'], f['name'], s_in if d_in else s_out))
            chans[ch['name']] = {'valid': v, 'ready': r, 'fields': fields, 'src': drives}
        for s in blk['status']:
            status[s['name']] = Pin(inst, s['name'], s['width'], 'snk' if inst is None else 'drv', s['name'] + '_o')
        return chans, status

    def make_self(self):
        chans, status = self.block_pins(self.blk, None)
        return {'chans': chans, 'sigs': status}

    def add_inst(self, name, typ):
        if name in self.insts or name in self.me['chans'] or name in self.me['sigs']:
            self.err('instance name %r is taken (an instance, or a channel or status of %s)' % (name, self.blk['name']))
        if blockgen.BLOCK_RE.match(typ):
            if typ not in self.blocks:
                self.err('no block %r' % typ)
            b = self.blocks[typ]
            chans, sigs = self.block_pins(b, name)
            ports = [('clk_i', 'input', 1), ('rst_ni', 'input', 1)]
            for ch in b['channels']:
                c = chans[ch['name']]
                for p in [c['valid'], c['ready']] + list(c['fields'].values()):
                    ports.append((p.sv, 'input' if p.role == 'snk' else 'output', p.width))
            for s in sigs.values():
                ports.append((s.sv, 'output', s.width))
            self.insts[name] = {'type': typ, 'block': b, 'module': typ.replace('.', '_'), 'chans': chans,
                                'sigs': sigs, 'ports': ports, 'ctype': typ.replace('.', '_') + '_ports',
                                'ops': typ.replace('.', '_') + '_model_ops'}
        else:
            if not re.match(r'^%s_%s_[a-z0-9_]+$' % (self.family, self.bname), typ):
                self.err('a glue module of %s is named %s_%s_WHAT (got %r)' % (self.blk['name'], self.family,
                                                                              self.bname, typ))
            path = os.path.join(self.root, 'rtl', self.family, self.bname, typ + '.sv')
            if not os.path.exists(path):
                self.err('glue module %s: no %s' % (typ, os.path.relpath(path, self.root)))
            ports = glue_ports(path, typ)
            sigs, chans = {}, {}
            for sv, d, w in ports:
                if sv in ('clk_i', 'rst_ni'):
                    continue
                if not re.match(r'^[a-z][a-z0-9_]*_[io]$', sv):
                    self.err('glue module %s: port %s does not end in _i or _o' % (typ, sv))
                if w > 64:
                    self.err('glue module %s: port %s is %d bits (at most 64: one C word)' % (typ, sv, w))
                sigs[sv[:-2]] = Pin(name, sv[:-2], w, 'snk' if d == 'input' else 'drv', sv)
            for n, p in sigs.items():
                if not n.endswith('_valid'):
                    continue
                ch = n[:-6]
                v_in = p.role == 'snk'
                r = sigs.get(ch + '_ready')
                longer = [m[:-6] for m in sigs if m.endswith('_valid') and m != n and m.startswith(ch + '_')]
                fields = {}
                for m, q in sigs.items():
                    if (m.startswith(ch + '_') and m not in (n, ch + '_ready') and q.role == p.role
                            and not any(m.startswith(x + '_') for x in longer)):
                        fields[m[len(ch) + 1:]] = q
                chans[ch] = {'valid': p, 'ready': r if r is not None and r.role != p.role else None,
                             'fields': fields, 'src': not v_in}
            self.insts[name] = {'type': typ, 'block': None, 'module': typ, 'chans': chans, 'sigs': sigs,
                                'ports': ports, 'ctype': typ + '_ports', 'ops': typ + '_glue', 'path': path}
        self.order.append(name)

    # ---- endpoints --------------------------------------------------------------------------------
    def resolve(self, text):
        """('chan', {...}) or ('sig', Pin) for an endpoint: CH, CH.FIELD, STATUS (the composite's),
        INST.CH, INST.STATUS, INST.SIGNAL (glue), INST.CH.FIELD; FIELD may be valid or ready."""
        parts = text.split('.')
        if parts[0] in self.insts:
            o = self.insts[parts[0]]
            rest = parts[1:]
        else:
            o = self.me
            rest = parts
        if len(rest) == 1:
            if rest[0] in o['chans']:
                return 'chan', o['chans'][rest[0]]
            if rest[0] in o['sigs']:
                return 'sig', o['sigs'][rest[0]]
        elif len(rest) == 2 and rest[0] in o['chans']:
            c = o['chans'][rest[0]]
            if rest[1] in ('valid', 'ready') and c[rest[1]] is not None:
                return 'sig', c[rest[1]]
            if rest[1] in c['fields']:
                return 'sig', c['fields'][rest[1]]
        self.err('no channel, field or signal %r' % text)

    def connect(self, drv, snk):
        if isinstance(drv, And):
            pass
        elif isinstance(drv, Pin):
            if drv.role != 'drv':
                self.err('%s takes a value; it cannot drive %s' % (drv.label(), snk.label()))
            if drv.width != snk.width:
                self.err('%s is %d bits, %s is %d' % (drv.label(), drv.width, snk.label(), snk.width))
            self.used.setdefault(drv.key(), []).append(self.line)
        elif drv >> snk.width:
            self.err('%#x does not fit %s (%d bits)' % (drv, snk.label(), snk.width))
        if snk.role != 'snk':
            self.err('%s gives a value; it cannot be driven' % snk.label())
        if snk.key() in self.src:
            self.err('%s is driven twice (line %d and here)' % (snk.label(), self.src[snk.key()][1]))
        self.src[snk.key()] = (drv, self.line)

    def wire_chan(self, a, b, handshake):
        if not a['src'] or b['src']:
            self.err('a channel wire goes from a source (an output of an instance, an input of the '
                     'composite) to a sink')
        n = 0
        if handshake:
            self.connect(a['valid'], b['valid'])
            if b['ready'] is not None and a['ready'] is not None:
                self.connect(b['ready'], a['ready'])
            n = 1
        for f, pin in b['fields'].items():
            if f in a['fields']:
                self.connect(a['fields'][f], pin)
                n += 1
        if not n:
            self.err('no field in common')

    def read(self):
        for no, words in self.blk['wiring']:
            self.line = no
            kw = words[0]
            if kw == 'inst':
                if len(words) != 3 or not blockgen.NAME_RE.match(words[1]):
                    self.err('expected: inst NAME FAMILY.NAME|GLUE_MODULE')
                self.add_inst(words[1], words[2])
            elif kw in ('wire', 'fields'):
                if len(words) < 4 or words[2] != '->':
                    self.err('expected: %s SOURCE -> SINK [SINK ...]' % kw)
                k, a = self.resolve(words[1])
                sinks = [self.resolve(w) for w in words[3:]]
                if kw == 'fields' and k != 'chan':
                    self.err('fields: the source is a channel')
                if k == 'chan' and kw == 'wire' and len(sinks) != 1:
                    self.err('a channel goes to one sink (its ready comes back from it); fan its fields '
                             'out with "fields"')
                for sk, b in sinks:
                    if sk != k:
                        self.err('%s connects a channel to a channel, a signal to a signal' % kw)
                    if k == 'chan':
                        self.wire_chan(a, b, kw == 'wire')
                    else:
                        self.connect(a, b)
            elif kw == 'and':
                if len(words) < 5 or words[-2] != '->':
                    self.err('expected: and SOURCE [!]SOURCE ... -> SINK (1-bit signals)')
                terms = []
                for w in words[1:-2]:
                    k, a = self.resolve(w.lstrip('!'))
                    if k != 'sig' or a.width != 1 or a.role != 'drv':
                        self.err('and: %s is not a 1-bit output' % w)
                    self.used.setdefault(a.key(), []).append(no)
                    terms.append((w.startswith('!'), a))
                k, b = self.resolve(words[-1])
                if k != 'sig' or b.width != 1:
                    self.err('and: the sink is a 1-bit input')
                self.connect(And(terms), b)
            elif kw == 'tie':
                if len(words) < 3 or not re.match(r'^(0x[0-9a-fA-F]+|[0-9]+)$', words[-1]):
                    self.err('expected: tie SINK [SINK ...] VALUE')
                val = int(words[-1], 0)
                for w in words[1:-1]:
                    k, b = self.resolve(w)
                    if k == 'chan':
                        if val or b['src']:
                            self.err('tie CHANNEL 0: an input channel, held idle')
                        self.connect(0, b['valid'])
                        for pin in b['fields'].values():
                            self.connect(0, pin)
                        if b['ready'] is not None:
                            self.opened[b['ready'].key()] = no
                    else:
                        self.connect(val, b)
            elif kw == 'open':
                if len(words) < 2:
                    self.err('expected: open OUTPUT [OUTPUT ...]')
                for w in words[1:]:
                    k, a = self.resolve(w)
                    pins = [a] if k == 'sig' else (
                        [a['valid']] + list(a['fields'].values()) if a['src'] else [a['ready']])
                    for p in pins:
                        if p is None or p.role != 'drv':
                            self.err('open names outputs only (%s)' % w)
                        self.opened[p.key()] = no
            elif kw == 'eval':
                if self.evalo is not None:
                    self.err('one eval line')
                for w in words[1:]:
                    if w not in self.insts:
                        self.err('eval: no instance %r' % w)
                self.evalo = words[1:]
        self.line = 0
        if not self.order:
            return False
        if self.evalo is None:
            self.evalo = list(self.order)
        missing = [n for n in self.order if n not in self.evalo]
        if missing:
            self.err('eval: instances never evaluated: %s' % ' '.join(missing))
        self.check()
        return True

    def all_pins(self):
        for c in self.me['chans'].values():
            yield from [c['valid'], c['ready']] + list(c['fields'].values())
        yield from self.me['sigs'].values()
        for n in self.order:
            o = self.insts[n]
            if o['block'] is not None:    # a part: its channels, then its status
                for c in o['chans'].values():
                    yield from [c['valid'], c['ready']] + list(c['fields'].values())
            yield from o['sigs'].values()  # a glue module: every port

    def check(self):
        errs = []
        for p in self.all_pins():
            if p.role == 'snk' and p.key() not in self.src:
                errs.append('%s is not driven (wire or tie it)' % p.label())
            if p.role == 'drv':
                if p.key() in self.used and p.key() in self.opened:
                    errs.append('%s is used and open (line %d)' % (p.label(), self.opened[p.key()]))
                elif p.key() not in self.used and p.key() not in self.opened:
                    errs.append('%s is used nowhere (wire it or open it)' % p.label())
        if errs:
            raise blockgen.DescError('%s: the wiring of %s:\n  %s' % (self.blk['path'], self.blk['name'],
                                                                      '\n  '.join(errs)))
        doc = self.blk['doc']
        glue = [self.insts[n]['module'] for n in self.order if self.insts[n]['block'] is None]
        if glue:
            text = open(os.path.join(self.root, doc), encoding='utf-8').read() if doc else ''
            heads = [ln for ln in text.split('\n') if ln.startswith('#')]
            for g in glue:
                if not any(g in h for h in heads):
                    raise blockgen.DescError('%s: glue module %s has no section of its own in %s (a heading '
                                             'naming it)' % (self.blk['path'], g, doc))

    # ---- SystemVerilog ------------------------------------------------------------------------------
    def net(self, pin):
        return pin.sv if pin.inst is None else '%s_%s' % (pin.inst, pin.name)

    def sv_value(self, src, width):
        if isinstance(src, And):
            return ' && '.join(('!' if neg else '') + self.net(a) for neg, a in src.terms)
        if isinstance(src, Pin):
            return self.net(src)
        return "%d'h%x" % (width, src) if width > 1 else "1'b%d" % src

    def gen_sv(self):
        b = self.blk
        L = ['// %s: %s' % (self.id, b['title']),
             '// Generated by scripts/compgen.py from rtl/%s/%s/%s.block (its inst/wire/fields/tie/open lines):'
             % (self.family, self.bname, self.bname),
             '// wiring only, do not edit; the test %s.wiring_current checks it is current.' % b['name'],
             'module %s (' % self.id, '  input  logic         clk_i,', '  input  logic         rst_ni,']
        decl = []
        for ch in b['channels']:
            c = self.me['chans'][ch['name']]
            decl.append('')
            for p in [c['valid'], c['ready']] + list(c['fields'].values()):
                decl.append('  %s logic %s %s' % ('input ' if p.sv.endswith('_i') else 'output', sv_range(p.width), p.sv))
        decl.append('')
        for p in self.me['sigs'].values():
            decl.append('  output logic %s %s' % (sv_range(p.width), p.sv))
        last = max(i for i, d in enumerate(decl) if d)
        L += [d + (',' if d and i != last else '') for i, d in enumerate(decl)]
        L.append(');')
        # nets: every output of every instance, named INST_PORT
        seen = {}
        for n in self.order:
            for sv, d, w in self.insts[n]['ports']:
                if d == 'output':
                    nm = '%s_%s' % (n, sv[:-2])
                    if nm in seen:
                        raise blockgen.DescError('%s: net %s would be %s.%s and %s' % (self.blk['path'], nm, n, sv, seen[nm]))
                    seen[nm] = '%s.%s' % (n, sv)
        for n in self.order:
            o = self.insts[n]
            L.append('')
            nets = [(w, '%s_%s' % (n, sv[:-2])) for sv, d, w in o['ports'] if d == 'output']
            for w, nm in nets:
                L.append('  logic %s %s;' % (sv_range(w), nm))
        for n in self.order:
            o = self.insts[n]
            L += ['', '  %s u_%s (' % (o['module'], n)]
            conns = []
            for sv, d, w in o['ports']:
                if sv in ('clk_i', 'rst_ni'):
                    conns.append('.%s' % sv)
                elif d == 'output':
                    conns.append('.%s (%s_%s)' % (sv, n, sv[:-2]))
                else:
                    src = self.src[(n, sv[:-2])][0]
                    conns.append('.%s (%s)' % (sv, self.sv_value(src, w)))
            L += ['    ' + c + (',' if i + 1 < len(conns) else '') for i, c in enumerate(conns)]
            L.append('  );')
        L.append('')
        for p in self.all_pins():
            if p.inst is None and p.role == 'snk':
                L.append('  assign %s = %s;' % (p.sv, self.sv_value(self.src[p.key()][0], p.width)))
        unused = [self.net(p) for p in self.all_pins() if p.role == 'drv' and p.key() in self.opened]
        if unused:
            L += ['', '  // outputs the wiring leaves open (open lines; a tied input\'s ready)',
                  '  logic unused;', '  assign unused = ^{%s};' % ', '.join(unused)]
        L += ['endmodule', '']
        return '\n'.join(L)

    # ---- C -------------------------------------------------------------------------------------------
    def c_value(self, src):
        if isinstance(src, And):
            return '(uint64_t)(%s)' % ' && '.join(('!' if neg else '') + self.c_value(a) for neg, a in src.terms)
        if isinstance(src, Pin):
            return 'p->%s' % src.name if src.inst is None else 's->%s.%s' % (src.inst, src.name)
        return '0x%xu' % src if src else '0'

    def gen_glue_h(self):
        glue = [self.insts[n] for n in self.order if self.insts[n]['block'] is None]
        mods = []
        for o in glue:
            if o['module'] not in [m['module'] for m in mods]:
                mods.append(o)
        if not mods:
            return None
        g = '%s_GLUE_H' % self.id.upper()
        L = ['/* Generated by scripts/compgen.py from rtl/%s/%s/%s.block and the glue modules\' port lists.'
             % (self.family, self.bname, self.bname),
             ' * Do not edit.  Each glue module of %s: its ports, one 64-bit word each (the SystemVerilog' % self.blk['name'],
             ' * port name without _i/_o), and the ops of its C twin (eval: outputs from the state and the',
             ' * inputs; tick: the edge, from the state and the inputs alone; reset: the state). */',
             '#ifndef %s' % g, '#define %s' % g, '#include <stdint.h>', '#include "rc_block.h"']
        for o in mods:
            L += ['', '/* %s (rtl/%s/%s/%s.sv) */' % (o['module'], self.family, self.bname, o['module']),
                  'typedef struct %s {' % o['ctype']]
            for sv, d, w in o['ports']:
                if sv in ('clk_i', 'rst_ni'):
                    continue
                L.append('    uint64_t %s;  /* %s, %d bit%s */' % (sv[:-2], 'in' if d == 'input' else 'out', w,
                                                                  '' if w == 1 else 's'))
            L += ['} %s;' % o['ctype'], 'extern const rc_side_ops %s;' % o['ops']]
        L += ['#endif', '']
        return '\n'.join(L)

    def gen_c(self):
        S = '%s_chain' % self.id
        P = '%s_ports' % self.id
        L = ['/*',
             ' * %s_wiring.c - the model of %s: its instances\' models chained as' % (self.bname, self.blk['name']),
             ' * rtl/%s/%s/%s.sv wires their RTL.  Generated by scripts/compgen.py from' % (self.family, self.bname, self.id),
             ' * rtl/%s/%s/%s.block; do not edit (the test %s.wiring_current checks it).' % (
                 self.family, self.bname, self.bname, self.blk['name']),
             ' *',
             ' * eval: each instance in the eval order (%s), its inputs copied from their' % ' '.join(self.evalo),
             ' * drivers first (those that may have changed since it last got them), then the inputs whose',
             ' * drivers were evaluated after their instance, then the composite\'s outputs.  tick: every',
             ' * instance on its own final inputs (all evaluated again first if the composite\'s inputs',
             ' * changed since its eval: a composite inside another).',
             ' */', '#include <stdlib.h>', '#include <string.h>', '']
        incs = ['%s_ports.h' % self.id]
        for n in self.order:
            o = self.insts[n]
            if o['block'] is not None and o['ctype'][:-6] + '_ports.h' not in incs:
                incs.append(o['ctype'][:-6] + '_ports.h')
        if any(self.insts[n]['block'] is None for n in self.order):
            incs.append('%s_glue.h' % self.bname)
        L += ['#include "%s"' % i for i in incs]
        L += ['', 'typedef struct %s {' % S]
        L.append('    void %s;' % ', '.join('*h_%s' % n for n in self.order))
        for n in self.order:
            L.append('    %s %s;' % (self.insts[n]['ctype'], n))
        L += ['    %s seen;    /* the composite\'s input words the last eval saw */' % P,
              '} %s;' % S, '']
        # create / destroy
        L += ['static void chain_destroy(void *h)', '{', '    %s *s = h;' % S]
        for n in self.order:
            L += ['    if (s->h_%s)' % n, '        %s.destroy(s->h_%s);' % (self.insts[n]['ops'], n)]
        L += ['    free(s);', '}', '',
              'static void *chain_create(const rc_side_config *cfg)', '{', '    %s *s = calloc(1, sizeof *s);' % S,
              '    if (!s)', '        return NULL;']
        for n in self.order:
            L += ['    if (!(s->h_%s = %s.create(cfg))) {' % (n, self.insts[n]['ops']),
                  '        chain_destroy(s);', '        return NULL;', '    }']
        L += ['    return s;', '}']
        # Each input word is copied from its driver only when the driver may have changed it: at
        # an instance's first eval of the cycle the composite's inputs and the outputs of the
        # instances evaluated before it, at a later eval the outputs of those evaluated since its
        # previous one, and at the end ("late") the outputs of those evaluated after its last one
        # (until then it holds their value of the last cycle, which they have not changed).
        # Constants are written once, at reset.
        pos = {n: [k for k, m in enumerate(self.evalo) if m == n] for n in self.order}
        inputs = {n: [] for n in self.order}      # n -> [(word, source, driver instances, from p)]
        consts = []
        for n in self.order:
            for sv, d, w in self.insts[n]['ports']:
                if d == 'input' and sv not in ('clk_i', 'rst_ni'):
                    src = self.src[(n, sv[:-2])][0]
                    pins = [t for _, t in src.terms] if isinstance(src, And) else [src] if isinstance(src, Pin) else []
                    if not pins:
                        consts.append('    s->%s.%s = %s;' % (n, sv[:-2], self.c_value(src)))
                        continue
                    inputs[n].append((sv[:-2], src, {t.inst for t in pins if t.inst is not None},
                                      any(t.inst is None for t in pins)))

        def copies(n, lo, hi, first):
            """The copies into n's inputs whose drivers are evaluated at positions lo < k < hi."""
            out = []
            for nm, src, drv, fromp in inputs[n]:
                if (first and fromp) or any(lo < k < hi for dd in drv for k in pos[dd]):
                    out.append('    s->%s.%s = %s;' % (n, nm, self.c_value(src)))
            return out
        L += ['', 'static void outputs(const %s *s, %s *p)' % (S, P), '{']
        body = []
        for p in self.all_pins():
            if p.inst is None and p.role == 'snk':
                body.append('    p->%s = %s;' % (p.name, self.c_value(self.src[p.key()][0])))
        L += body + ['}', '']
        ins = [q.name for q in self.all_pins() if q.inst is None and q.role == 'drv']
        L += ['/* The inputs of the cycle are the ones the last eval saw (always, at the top; a composite',
              ' * inside another may get some after its eval, from instances evaluated after it). */',
              'static int seen(const %s *s, const %s *p)' % (S, P), '{',
              '    return %s;' % ' &&\n           '.join('p->%s == s->seen.%s' % (n, n) for n in ins), '}', '']
        L += ['static void chain_eval(void *h, uint64_t *ports)', '{', '    %s *s = h;' % S,
              '    %s *p = (%s *)ports;' % (P, P)]
        L += ['    s->seen.%s = p->%s;' % (n, n) for n in ins]
        for k, n in enumerate(self.evalo):
            prev = max([j for j in pos[n] if j < k], default=-1)
            L += ['    /* %s (%s)%s */' % (n, self.insts[n]['type'], '' if prev < 0 else ', again')]
            L += copies(n, prev, k, prev < 0)
            L.append('    %s.eval(s->h_%s, (uint64_t *)&s->%s);' % (self.insts[n]['ops'], n, n))
        late = []
        for n in self.order:
            late += copies(n, pos[n][-1], len(self.evalo), False)
        if late:
            L += ['    /* the inputs whose drivers were evaluated after their instance */'] + late
        L += ['    outputs(s, p);', '}', '',
              'static void chain_tick(void *h, const uint64_t *ports)', '{', '    %s *s = h;' % S,
              '    if (!seen(s, (const %s *)ports)) {' % P,
              '        %s p = *(const %s *)ports;' % (P, P),
              '        chain_eval(h, (uint64_t *)&p);',
              '    }']
        for n in self.order:
            L.append('    %s.tick(s->h_%s, (const uint64_t *)&s->%s);' % (self.insts[n]['ops'], n, n))
        L += ['}', '',
              'static void chain_reset(void *h, uint64_t *ports)', '{', '    %s *s = h;' % S]
        for n in self.order:
            L.append('    memset(&s->%s, 0, sizeof s->%s);' % (n, n))
        L += consts
        for n in self.order:
            L.append('    %s.reset(s->h_%s, (uint64_t *)&s->%s);' % (self.insts[n]['ops'], n, n))
        L += ['    chain_eval(h, ports);', '}', '',
              'const rc_side_ops %s_model_ops = {' % self.id,
              '    .kind = "model", .create = chain_create, .destroy = chain_destroy, .reset = chain_reset,',
              '    .eval = chain_eval, .tick = chain_tick', '};', '']
        return '\n'.join(L)

    def files(self):
        out = {os.path.join('rtl', self.family, self.bname, self.id + '.sv'): self.gen_sv(),
               os.path.join('model', self.family, self.bname, self.bname + '_wiring.c'): self.gen_c()}
        h = self.gen_glue_h()
        if h:
            out[os.path.join('model', self.family, self.bname, self.bname + '_glue.h')] = h
        return out


def sv_range(width):
    return ('[%d:0]' % (width - 1)).ljust(7) if width > 1 else ' ' * 7


def composites(root, only=None):
    """{block name: {relative path: text}} for every manifest with inst lines (or those ONLY names)."""
    blocks = blockgen.manifests(root)
    res = {}
    for name, blk in blocks.items():
        if only and name not in only:
            continue
        c = Comp(root, blocks, blk)
        if c.read():
            res[name] = c.files()
        elif only:
            raise blockgen.DescError('%s: %s has no inst lines' % (blk['path'], name))
    return res


def main(argv):
    check = len(argv) >= 3 and argv[1] == '--check'
    if not check and len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    root = argv[2] if check else argv[1]
    try:
        res = composites(root, argv[3:] if check else None)
    except blockgen.DescError as e:
        sys.stderr.write('compgen: %s\n' % e)
        return 2
    stale = 0
    for name, files in res.items():
        for rel, text in files.items():
            path = os.path.join(root, rel)
            try:
                with open(path, encoding='utf-8') as f:
                    same = f.read() == text
            except OSError:
                same = False
            if same:
                continue
            if check:
                sys.stderr.write('compgen: %s is not what %s\'s manifest gives (run scripts/compgen.py %s)\n'
                                 % (rel, name, root))
                stale += 1
            else:
                with open(path, 'w', encoding='utf-8') as f:
                    f.write(text)
                print('compgen: wrote %s' % rel)
    if check and not stale:
        print('compgen: %s current' % ', '.join(sorted(res)) if res else 'compgen: no composite')
    return 1 if stale else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
