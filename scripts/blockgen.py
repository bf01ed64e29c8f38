#!/usr/bin/env python3
"""blockgen.py - turn a block description (rtl/<family>/<name>/<name>.block) into the C port
struct, the engine's rc_block_desc table and the C++ shim around the Verilated model.

Usage: blockgen.py DESC.block -o OUTDIR
       blockgen.py --cmake ROOT OUT.cmake [BLOCK;...]   every manifest rtl/*/*/*.block, in
                                 dependency order, as CMake variables (cmake/rcosim.cmake)
       blockgen.py --regen ROOT  the directed-stimulus generators of every manifest (regen lines)
Writes OUTDIR/<id>_ports.h, OUTDIR/<id>_desc.c and OUTDIR/<id>_rtl.cpp, where <id> is the block
name with '.' replaced by '_' (r5xx.cp -> r5xx_cp).  The grammar is in docs/ARCHITECTURE.md.
Errors are reported as FILE:LINE: message, exit status 2.
"""
import os
import re
import sys

FIELD_RE = re.compile(r'^([a-z][a-z0-9_]*):([0-9]+)(?:&(0x[0-9a-fA-F]+))?(?:\?([a-z][a-z0-9_]*))?'
                      r'(?:@(regaddr|regdata\(([a-z][a-z0-9_]*)\)))?$')
NAME_RE = re.compile(r'^[a-z][a-z0-9_]*$')
BLOCK_RE = re.compile(r'^[a-z][a-z0-9]*\.[a-z][a-z0-9_]*$')


class DescError(Exception):
    pass


def parse(path):
    blk = {'name': None, 'title': '', 'regs': None, 'channels': [], 'status': [], 'mem': [],
           'idle': None, 'images': False, 'uses': [], 'parts': [], 'doc': None, 'random': {},
           'bench': {}, 'regen': [], 'export': {}, 'wiring': [], 'path': path}
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    for no, raw in enumerate(lines, 1):
        line = raw.split('#', 1)[0].strip()
        if not line:
            continue

        def err(msg):
            raise DescError('%s:%d: %s' % (path, no, msg))
        if line.startswith('block '):
            m = re.match(r'^block\s+([a-z0-9_]+\.[a-z0-9_]+)\s*(?:"([^"]*)")?$', line)
            if not m:
                err('expected: block FAMILY.NAME "title"')
            blk['name'], blk['title'] = m.group(1), m.group(2) or ''
            continue
        words = line.split()
        kw = words[0]
        if kw == 'regs':
            if len(words) != 2:
                err('expected: regs FAMILY')
            blk['regs'] = words[1]
        elif kw in ('in', 'out'):
            if len(words) < 3:
                err('expected: %s CHANNEL FIELD:WIDTH ...' % kw)
            ch = {'name': words[1], 'dir': kw, 'fields': [], 'agent': False}
            if not NAME_RE.match(ch['name']):
                err('bad channel name %r' % ch['name'])
            if any(c['name'] == ch['name'] for c in blk['channels']):
                err('channel %r defined twice' % ch['name'])
            for w in words[2:]:
                if w == 'agent':
                    ch['agent'] = True
                    continue
                m = FIELD_RE.match(w)
                if not m:
                    err('expected FIELD:WIDTH[&MASK][?COND][@regaddr|@regdata(FIELD)], got %r' % w)
                name, width = m.group(1), int(m.group(2))
                if not 1 <= width <= 64:
                    err('field %r: width must be 1..64' % name)
                if name in ('valid', 'ready') or any(f['name'] == name for f in ch['fields']):
                    err('field name %r clashes' % name)
                mask = int(m.group(3), 16) if m.group(3) else (1 << width) - 1
                show, ref = 'RC_SHOW_HEX', None
                if m.group(5) == 'regaddr':
                    show = 'RC_SHOW_REGADDR'
                elif m.group(5):
                    show, ref = 'RC_SHOW_REGDATA', m.group(6)
                ch['fields'].append({'name': name, 'width': width, 'mask': mask, 'cond': m.group(4),
                                     'show': show, 'ref': ref, 'line': no})
            if len(ch['fields']) > 16:
                err('at most 16 fields per channel')
            names = [f['name'] for f in ch['fields']]
            for f in ch['fields']:
                for key in ('cond', 'ref'):
                    if f[key] is not None and f[key] not in names:
                        err('field %r refers to unknown field %r' % (f['name'], f[key]))
            blk['channels'].append(ch)
        elif kw == 'status':
            for w in words[1:]:
                m = re.match(r'^([a-z][a-z0-9_]*):([0-9]+)$', w)
                if not m or not 1 <= int(m.group(2)) <= 64:
                    err('expected NAME:WIDTH, got %r' % w)
                blk['status'].append({'name': m.group(1), 'width': int(m.group(2))})
        elif kw == 'memory':
            m = re.match(r'^memory\s+([a-z][a-z0-9_]*)\s+req=([a-z0-9_]+)\s+rsp=([a-z0-9_]+)$', line)
            if not m:
                err('expected: memory NAME req=CHANNEL rsp=CHANNEL')
            blk['mem'].append({'name': m.group(1), 'req': m.group(2), 'rsp': m.group(3), 'line': no})
        elif kw == 'images':
            if len(words) != 1:
                err('expected: images (alone: the model defines <id>_images for --png)')
            blk['images'] = True
        elif kw == 'idle':
            if len(words) != 2:
                err('expected: idle STATUS')
            blk['idle'] = words[1]
        elif kw in ('uses', 'parts'):
            # uses: the RTL modules (not the top) and the model of other blocks; parts: a
            # composite's parts, their tops included (docs/ARCHITECTURE.md, "The manifest")
            if len(words) < 2:
                err('expected: %s FAMILY.NAME ...' % kw)
            for w in words[1:]:
                if not BLOCK_RE.match(w):
                    err('expected a block name FAMILY.NAME, got %r' % w)
                blk[kw].append(w)
        elif kw in ('inst', 'wire', 'fields', 'and', 'tie', 'open', 'eval'):
            # a composite's wiring, read by scripts/compgen.py (docs/ARCHITECTURE.md, "Composites");
            # an instance of a block makes it a part
            if kw == 'inst' and len(words) == 3 and BLOCK_RE.match(words[2]) and words[2] not in blk['parts']:
                blk['parts'].append(words[2])
            blk['wiring'].append((no, words))
        elif kw == 'doc':
            if len(words) != 2:
                err('expected: doc PATH (from the project root)')
            blk['doc'] = words[1]
        elif kw in ('random', 'bench'):
            keys = ('smoke', 'nightly') if kw == 'random' else ('seed', 'count')
            for w in words[1:]:
                m = re.match(r'^([a-z]+)=([0-9]+)$', w)
                if not m or m.group(1) not in keys:
                    err('expected: %s %s' % (kw, ' '.join(k + '=N' for k in keys)))
                blk[kw][m.group(1)] = int(m.group(2))
            if set(blk[kw]) != set(keys):
                err('expected: %s %s' % (kw, ' '.join(k + '=N' for k in keys)))
        elif kw == 'export':
            # how tests/export exercises the block: icarus=yes|no (the Icarus leg), cocotb=VECTOR
            # (its cocotb test, a file of vectors/FAMILY/NAME/), verilator=ci|nightly (its
            # Verilator leg); docs/export.md
            for w in words[1:]:
                m = re.match(r'^(icarus|cocotb|verilator)=(\S+)$', w)
                ok = m and (m.group(1) != 'icarus' or m.group(2) in ('yes', 'no')) and \
                    (m.group(1) != 'verilator' or m.group(2) in ('ci', 'nightly')) and \
                    (m.group(1) != 'cocotb' or re.match(r'^[A-Za-z0-9_.-]+\.vec(\.gz)?$', m.group(2)))
                if not ok:
                    err('expected: export [icarus=yes|no] [cocotb=VECTOR.vec] [verilator=ci|nightly]')
                blk['export'][m.group(1)] = m.group(2)
        elif kw == 'regen':
            if len(words) < 2 or not words[1].endswith('.py'):
                err('expected: regen scripts/blocks/SCRIPT.py ARG... (the directed-stimulus generator)')
            blk['regen'].append(words[1:])
        else:
            err('unknown keyword %r (expected block, regs, in, out, memory, status, idle, images, '
                'uses, parts, inst, wire, fields, and, tie, open, eval, doc, random, bench, regen, export)' % kw)
    if not blk['name']:
        raise DescError('%s: no "block" line' % path)
    if len(blk['channels']) > 16:
        raise DescError('%s: at most 16 channels' % path)
    chans = {c['name']: i for i, c in enumerate(blk['channels'])}
    for m in blk['mem']:
        for key, want in (('req', 'out'), ('rsp', 'in')):
            if m[key] not in chans or blk['channels'][chans[m[key]]]['dir'] != want:
                raise DescError('%s:%d: memory %s: %s=%s must name an %s channel' %
                                (path, m['line'], m['name'], key, m[key], want))
        req = blk['channels'][chans[m['req']]]
        rsp = blk['channels'][chans[m['rsp']]]
        fn = [f['name'] for f in req['fields']]
        if 'addr' not in fn:
            raise DescError('%s:%d: memory request channel needs an addr field' % (path, m['line']))
        if 'data' not in [f['name'] for f in rsp['fields']]:
            raise DescError('%s:%d: memory response channel needs a data field' % (path, m['line']))
        m['req_i'], m['rsp_i'] = chans[m['req']], chans[m['rsp']]
        m['f'] = {k: (fn.index(k) if k in fn else -1) for k in ('addr', 'we', 'wdata', 'be')}
        m['f_data'] = [f['name'] for f in rsp['fields']].index('data')
        width = rsp['fields'][m['f_data']]['width']
        if width not in (8, 16, 32, 64):
            raise DescError('%s:%d: memory data width must be 8, 16, 32 or 64' % (path, m['line']))
        m['bytes'] = width // 8
    if blk['idle'] is not None and blk['idle'] not in [s['name'] for s in blk['status']]:
        raise DescError('%s: idle names unknown status %r' % (path, blk['idle']))
    return blk


def layout(blk):
    """Assign port-array words: per channel valid, ready, fields; then status signals."""
    w = 0
    for ch in blk['channels']:
        ch['valid_word'], ch['ready_word'] = w, w + 1
        w += 2
        for f in ch['fields']:
            f['word'] = w
            w += 1
    for s in blk['status']:
        s['word'] = w
        w += 1
    blk['nwords'] = w


def port(ch, what, dir_in):
    return '%s_%s_%s' % (ch['name'], what, 'i' if dir_in else 'o')


def gen_header(blk, bid):
    out = ['/* Generated by scripts/blockgen.py from the %s description. Do not edit. */' % blk['name'],
           '#ifndef %s_PORTS_H' % bid.upper(), '#define %s_PORTS_H' % bid.upper(),
           '#include <stdint.h>', '#include "rc_block.h"', '',
           '/* The ports of %s, one 64-bit word each; the engine sees the same words as an array. */'
           % blk['name'], 'typedef struct %s_ports {' % bid]
    for ch in blk['channels']:
        out.append('    /* %s %s */' % (ch['dir'], ch['name']))
        out.append('    uint64_t %s_valid, %s_ready;' % (ch['name'], ch['name']))
        for f in ch['fields']:
            out.append('    uint64_t %s_%s;  /* %d bits */' % (ch['name'], f['name'], f['width']))
    for s in blk['status']:
        out.append('    uint64_t %s;  /* status, %d bits */' % (s['name'], s['width']))
    out.append('} %s_ports;' % bid)
    out.append('_Static_assert(sizeof(%s_ports) == %d * sizeof(uint64_t), "port struct is a word array");'
               % (bid, blk['nwords']) if True else '')
    out.append('')
    out.append('enum {')
    for i, ch in enumerate(blk['channels']):
        out.append('    %s_CH_%s = %d,' % (bid.upper(), ch['name'].upper(), i))
    out.append('    %s_NCHANNELS = %d' % (bid.upper(), len(blk['channels'])))
    out.append('};')
    out.append('')
    out.append('extern const rc_block_desc %s_block;' % bid)
    out.append('extern const rc_side_ops %s_model_ops;  /* written by the model */' % bid)
    out.append('extern const rc_side_ops %s_rtl_ops;    /* generated shim */' % bid)
    out.append('extern const rc_side_ops %s_wave_ops;   /* generated shim of the waveform wrapper */' % bid)
    out.append('int %s_stimulus(rc_vector *v, uint64_t seed, uint64_t count, char *err, size_t errn);' % bid)
    out.append('uint64_t %s_bare(const rc_vector *v, uint64_t seed, uint64_t max_cycles, double *seconds);' % bid)
    out.append('int %s_fast_run(const rc_fast_args *a, rc_fast_result *res);' % bid)
    if blk['images']:
        out.append('int %s_images(const rc_vector *v, const struct rc_memimg *mem, rc_image *out, int max,' % bid)
        out.append('    char *err, size_t errn);')
    out.append('#endif')
    # _Static_assert is C11; the C++ shim includes this header too, where static_assert is a keyword
    # alias through <assert.h> in C++17.  Keep it C-only.
    hdr = '\n'.join(out) + '\n'
    return hdr.replace('_Static_assert(', '#ifndef __cplusplus\n_Static_assert(', 1).replace(
        '"port struct is a word array");', '"port struct is a word array");\n#endif', 1)


def c_str(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def gen_desc(blk, bid):
    out = ['/* Generated by scripts/blockgen.py from the %s description. Do not edit. */' % blk['name'],
           '#include "%s_ports.h"' % bid, '',
           '/* The waveform variant is a plugin built on demand (bridge/rc_waveplug.c), not linked in:',
           '   a weak reference, NULL unless a binary links it. */',
           'extern const rc_side_ops %s_wave_ops __attribute__((weak));' % bid, '']
    for ch in blk['channels']:
        names = [f['name'] for f in ch['fields']]
        out.append('static const rc_field %s_%s_fields[] = {' % (bid, ch['name']))
        for f in ch['fields']:
            out.append('    { %s, %d, %d, 0x%xull, %d, %s, %d },' % (
                c_str(f['name']), f['width'], f['word'], f['mask'],
                names.index(f['cond']) if f['cond'] else -1, f['show'],
                names.index(f['ref']) if f['ref'] else -1))
        out.append('};')
    out.append('static const rc_channel %s_channels[] = {' % bid)
    for ch in blk['channels']:
        out.append('    { %s, %s, %d, %d, %d, %s_%s_fields, %d },' % (
            c_str(ch['name']), 'RC_IN' if ch['dir'] == 'in' else 'RC_OUT', ch['valid_word'],
            ch['ready_word'], len(ch['fields']), bid, ch['name'], 1 if ch['agent'] else 0))
    out.append('};')
    if blk['status']:
        out.append('static const rc_status %s_status[] = {' % bid)
        for s in blk['status']:
            out.append('    { %s, %d, %d },' % (c_str(s['name']), s['width'], s['word']))
        out.append('};')
    if blk['mem']:
        out.append('static const rc_memport %s_mem[] = {' % bid)
        for m in blk['mem']:
            out.append('    { %s, %d, %d, %d, %d, %d, %d, %d, %d },' % (
                c_str(m['name']), m['req_i'], m['rsp_i'], m['f']['addr'], m['f']['we'],
                m['f']['wdata'], m['f']['be'], m['f_data'], m['bytes']))
        out.append('};')
    out.append('static const char *const %s_waves[] = {' % bid)
    for ch in blk['channels']:
        din = ch['dir'] == 'in'
        sig = [port(ch, 'valid', din), port(ch, 'ready', not din)] + \
              [port(ch, f['name'], din) for f in ch['fields']]
        out.append('    %s,' % c_str(' '.join(sig)))
    out.append('};')
    idle = [s['name'] for s in blk['status']].index(blk['idle']) if blk['idle'] else -1
    out += gen_fast(blk, bid)
    out += ['const rc_block_desc %s_block = {' % bid,
            '    %s, %s, %s,' % (c_str(blk['name']), c_str(blk['title']),
                                 c_str(blk['regs']) if blk['regs'] else 'NULL'),
            '    %d, %d, %s_channels,' % (blk['nwords'], len(blk['channels']), bid),
            '    %d, %s, %d,' % (len(blk['status']), ('%s_status' % bid) if blk['status'] else 'NULL', idle),
            '    %d, %s,' % (len(blk['mem']), ('%s_mem' % bid) if blk['mem'] else 'NULL'),
            '    &%s_rtl_ops, &%s_model_ops, %s_stimulus, %s_waves, &%s_wave_ops, %s,' % (
                bid, bid, bid, bid, bid, ('%s_images' % bid) if blk['images'] else 'NULL'),
            '    %s_bare, &%s_fast' % (bid, bid),
            '};']
    return '\n'.join(out) + '\n'


def gen_fast(blk, bid):
    """The engine's per-cycle work for this block as straight-line code (rc_block_fast): the
    exact comparison of two port arrays with the masks and don't-cares compiled in, and the
    handshake mask.  Same semantics as the engine's generic table walk (compare_exact), which
    still writes every report: these only say whether there is anything to report."""
    # The one-word compares (input readies, output valids, status) branch-free in one term;
    # then each output channel's payload only where the first side's valid is set (a payload is
    # compared only then: the same result as masking it with the valid), contiguous plain fields
    # as one loop over a mask table (vectorised by the compiler), fields with a condition apart.
    terms, consts, pay = [], [], []
    for ch in blk['channels']:
        if ch['dir'] == 'in':
            terms.append('(a[%d] != x[%d])' % (ch['ready_word'], ch['ready_word']))
            continue
        v = ch['valid_word']
        names = [f['name'] for f in ch['fields']]
        terms.append('(a[%d] != x[%d])' % (v, v))
        plain = [f for f in ch['fields'] if f['mask'] and not f['cond']]
        ft = []
        if plain:
            w0, n = plain[0]['word'], plain[-1]['word'] - plain[0]['word'] + 1
            masks = {f['word']: f['mask'] for f in plain}
            tab = '%s_m%d' % (bid, v)
            consts.append('static const uint64_t %s[%d] = { %s };' % (
                tab, n, ', '.join('0x%xull' % masks.get(w0 + i, 0) for i in range(n))))
            ft.append('%s_payload(a + %d, x + %d, %s, %d)' % (bid, w0, w0, tab, n))
        for f in ch['fields']:
            if f['mask'] == 0 or not f['cond']:
                continue
            cw = ch['fields'][names.index(f['cond'])]['word']
            ft.append('(((a[%d] ^ x[%d]) & 0x%xull) & %s_on(a[%d] | x[%d]))' % (
                f['word'], f['word'], f['mask'], bid, cw, cw))
        if ft:
            pay.append('    if (a[%d] && (%s))' % (v, ' |\n            '.join(ft)))
            pay.append('        return 1;')
    for st in blk['status']:
        terms.append('(a[%d] != x[%d])' % (st['word'], st['word']))
    fired = ['((uint32_t)((p[%d] != 0) & (p[%d] != 0)) << %d)' % (ch['valid_word'], ch['ready_word'], c)
             for c, ch in enumerate(blk['channels'])]
    return ['',
            '/* rc_block_fast: the exact comparison and the handshakes as straight-line code. */',
            '/* all ones if w is non-zero, else 0 */',
            'static inline uint64_t %s_on(uint64_t w) { return 0 - (uint64_t)(w != 0); }' % bid,
            '/* the masked difference of n contiguous payload words */',
            'static inline uint64_t %s_payload(const uint64_t *a, const uint64_t *x, const uint64_t *m, unsigned n)' % bid,
            '{', '    uint64_t d = 0;', '    for (unsigned i = 0; i < n; i++)',
            '        d |= (a[i] ^ x[i]) & m[i];', '    return d;', '}'] + consts + [
            'static int %s_differ(const uint64_t *a, const uint64_t *x)' % bid, '{',
            '    if (%s)' % (' |\n        '.join(terms) or '0'), '        return 1;'] + pay + [
            '    return 0;', '}',
            'static uint32_t %s_fired(const uint64_t *p)' % bid, '{',
            '    return %s;' % (' |\n        '.join(fired) or '0'), '}',
            'static const rc_block_fast %s_fast = { %s_differ, %s_fired, %s_fast_run };' % (bid, bid, bid, bid), '']


def gen_shim(blk, bid, top, wave=False):
    vt = 'V' + top
    drive, sample, expect = [], [], []
    for ch in blk['channels']:
        din = ch['dir'] == 'in'
        if din:
            drive.append('    t->%s = (uint8_t)p[%d];' % (port(ch, 'valid', True), ch['valid_word']))
            sample.append('    p[%d] = t->%s;' % (ch['ready_word'], port(ch, 'ready', False)))
            for f in ch['fields']:
                drive.append('    t->%s = p[%d];' % (port(ch, f['name'], True), f['word']))
        else:
            drive.append('    t->%s = (uint8_t)p[%d];' % (port(ch, 'ready', True), ch['ready_word']))
            sample.append('    p[%d] = t->%s;' % (ch['valid_word'], port(ch, 'valid', False)))
            for f in ch['fields']:
                sample.append('    p[%d] = t->%s;' % (f['word'], port(ch, f['name'], False)))
    for s in blk['status']:
        sample.append('    p[%d] = t->%s_o;' % (s['word'], s['name']))
        expect.append('    t->exp_%s_i = x[%d];' % (s['name'], s['word']))
    for ch in blk['channels']:
        if ch['dir'] == 'in':
            expect.append('    t->exp_%s_ready_i = (uint8_t)x[%d];' % (ch['name'], ch['ready_word']))
        else:
            expect.append('    t->exp_%s_valid_i = (uint8_t)x[%d];' % (ch['name'], ch['valid_word']))
            for f in ch['fields']:
                expect.append('    t->exp_%s_%s_i = x[%d];' % (ch['name'], f['name'], f['word']))
    if wave:
        inject = ['    t->inj_%s_%s_i = x[%d];' % (ch['name'], f['name'], f['word'])
                  for ch in blk['channels'] if ch['dir'] != 'in' for f in ch['fields']]
        return gen_wave_shim(blk, bid, vt, drive, sample, expect, inject)
    return '''/* Generated by scripts/blockgen.py from the %(name)s description. Do not edit.
 * The C++ shim between the engine's port words and the Verilated model %(vt)s. */
#include <memory>
#include <cstdint>
#include <cstdio>
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#endif
#if VM_COVERAGE
#include <cstdlib>
#include "verilated_cov.h"
#endif
#include "%(vt)s.h"
extern "C" {
#include "%(bid)s_ports.h"
#include "rc_vlassert.h"
}

namespace {
struct Side {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<%(vt)s> top;
#if VM_TRACE_FST
    std::unique_ptr<VerilatedFstC> fst;
#endif
};

inline void drive(%(vt)s *t, const uint64_t *p) {
%(drive)s
}

inline void sample(const %(vt)s *t, uint64_t *p) {
%(sample)s
}

inline void dump(Side *s) {
#if VM_TRACE_FST
    if (s->fst) s->fst->dump(s->ctx->time());
#else
    (void)s;
#endif
    s->ctx->timeInc(1);
}

void *create(const rc_side_config *cfg) {
    Side *s = new Side;
    s->ctx.reset(new VerilatedContext);
    s->ctx->fatalOnError(false);
    /* Unreset state starts random, from the run's seed, so a dependence on it shows. */
    s->ctx->randReset(2);
    s->ctx->randSeed((int)(cfg->seed %% 2147483647u));
    s->ctx->traceEverOn(cfg->trace_path != nullptr);
    s->top.reset(new %(vt)s(s->ctx.get(), "TOP"));
    /* An assertion failure ($error) is kept for fault(), not printed (bridge/rc_vlassert.h). */
    rc_vl_assert_quiet(+1);
    rc_vl_assert_take(nullptr, 0);
#if VM_TRACE_FST
    if (cfg->trace_path) {
        s->fst.reset(new VerilatedFstC);
        s->top->trace(s->fst.get(), 99);
        s->fst->open(cfg->trace_path);
    }
#endif
    return s;
}

void destroy(void *vs) {
    Side *s = static_cast<Side *>(vs);
    s->top->final();
#if VM_COVERAGE
    /* Coverage build (rcosim_cov): this run's coverage, for 'rcosim regress --coverage'. */
    const char *cov = std::getenv("RCOSIM_COVERAGE_FILE");
    s->ctx->coveragep()->write(cov && *cov ? cov : "coverage.dat");
#endif
#if VM_TRACE_FST
    if (s->fst) s->fst->close();
#endif
    delete s;
    rc_vl_assert_quiet(-1);
}

void reset(void *vs, uint64_t *p) {
    Side *s = static_cast<Side *>(vs);
    %(vt)s *t = s->top.get();
    for (unsigned i = 0; i < %(nwords)d; i++) p[i] = 0;
    drive(t, p);
    t->rst_ni = 0;
    for (int i = 0; i < 2; i++) {
        t->clk_i = 0; t->eval(); dump(s);
        t->clk_i = 1; t->eval(); dump(s);
    }
    t->rst_ni = 1;
    t->clk_i = 0; t->eval();
    sample(t, p);
}

void eval(void *vs, uint64_t *p) {
    Side *s = static_cast<Side *>(vs);
    %(vt)s *t = s->top.get();
    drive(t, p);
    t->clk_i = 0;
    t->eval();
    dump(s);
    sample(t, p);
}

void tick(void *vs, const uint64_t *) {
    Side *s = static_cast<Side *>(vs);
    s->top->clk_i = 1;
    s->top->eval();
    dump(s);
}

/* rc_side_ops.fault: whether an assertion failed since the last call (its line into what). */
int fault(void *vs, char *what, size_t n) {
    Side *s = static_cast<Side *>(vs);
    if (VL_LIKELY(!s->ctx->errorCount()))
        return 0;
    if (!rc_vl_assert_take(what, n) && n)
        snprintf(what, n, "%%s", "%%Error: an RTL $error or $stop (its text was printed above)");
    s->ctx->errorCount(0);
    s->ctx->gotError(false);
    s->ctx->gotFinish(false);
    return 1;
}
} /* namespace */

extern "C" const rc_side_ops %(bid)s_rtl_ops = { "rtl", create, destroy, reset, eval, tick, nullptr, nullptr, nullptr, nullptr,
                                                 fault };
''' % {'name': blk['name'], 'vt': vt, 'bid': bid, 'drive': '\n'.join(drive),
       'sample': '\n'.join(sample), 'nwords': blk['nwords']} + gen_bare(blk, bid, vt) + gen_fast_run(blk, bid, vt)


def gen_bare(blk, bid, vt):
    """The physical limit of a lockstep run: the Verilated RTL driven straight from a vector
    (inputs offered from their earliest cycle, memory served by the harness agent, every output
    always ready), clocked until done, with no comparison, history or policy.  It lives in the
    shim's translation unit, so it is built with exactly the RTL side's Verilator and compiler
    flags; 'rcosim bare' runs it for scripts/bench."""
    nmem = len(blk['mem'])
    body = []
    chans = blk['channels']
    agent_rsp = {m['rsp_i']: i for i, m in enumerate(blk['mem'])}
    agent_req = {m['req_i']: i for i, m in enumerate(blk['mem'])}
    for c, ch in enumerate(chans):
        if ch['dir'] == 'out':
            body.append('        t->%s = 1;' % port(ch, 'ready', True))
        elif c in agent_rsp:
            body.append('        t->%s = (uint8_t)P[%d];' % (port(ch, 'valid', True), ch['valid_word']))
            for f in ch['fields']:
                body.append('        t->%s = P[%d];' % (port(ch, f['name'], True), f['word']))
        else:
            body.append('        if (pos[%d] < v->in[%d].n && v->in[%d].cycle[pos[%d]] <= cyc) {' % (c, c, c, c))
            body.append('            const uint64_t *x = v->in[%d].vals + pos[%d] * %d;' % (c, c, len(ch['fields'])))
            body.append('            t->%s = 1;' % port(ch, 'valid', True))
            for i, f in enumerate(ch['fields']):
                body.append('            t->%s = x[%d];' % (port(ch, f['name'], True), i))
            body.append('        } else {')
            body.append('            t->%s = 0;' % port(ch, 'valid', True))
            for f in ch['fields']:
                body.append('            t->%s = 0;' % port(ch, f['name'], True))
            body.append('        }')
    body.append('        t->clk_i = 0;')
    body.append('        t->eval();')
    # Done (as the engine decides it: before this cycle's edge): every input consumed, the memory
    # agents quiet, the block idle.
    left = ['pos[%d] < v->in[%d].n' % (c, c) for c, ch in enumerate(chans) if ch['dir'] == 'in' and c not in agent_rsp]
    busy = ['rc_memagent_busy(&mem[%d])' % i for i in range(nmem)]
    idle = ['!t->%s_o' % blk['idle']] if blk['idle'] else []
    body.append('        if (!(%s))' % ' || '.join(left + busy + idle or ['0']))
    body.append('            break;')
    for c, ch in enumerate(chans):
        if ch['dir'] == 'in' and c not in agent_rsp:
            body.append('        pos[%d] += t->%s && t->%s;' % (c, port(ch, 'valid', True), port(ch, 'ready', False)))
        elif c in agent_rsp:
            body.append('        P[%d] = t->%s;' % (ch['ready_word'], port(ch, 'ready', False)))
        elif c in agent_req:
            body.append('        P[%d] = t->%s;' % (ch['valid_word'], port(ch, 'valid', False)))
            body.append('        P[%d] = 1;' % ch['ready_word'])
            for f in ch['fields']:
                body.append('        P[%d] = t->%s;' % (f['word'], port(ch, f['name'], False)))
    for i in range(nmem):
        body.append('        rc_memagent_edge(&mem[%d], b, cyc, P);' % i)
    body.append('        t->clk_i = 1;')
    body.append('        t->eval();')
    offer = ['        rc_memagent_offer(&mem[%d], b, cyc, P);' % i for i in range(nmem)]
    return '''
/* ---- the bare loop (scripts/bench's physical limit; see gen_bare in scripts/blockgen.py) ---- */
extern "C" {
#include "rc_mem.h"
#include "rc_vector.h"
}
#include <chrono>

/* The loop alone (not inlined, so a profile can single it out). */
static uint64_t __attribute__((noinline)) %(bid)s_bare_loop(%(vt)s *t, const rc_vector *v, rc_memagent *mem,
                                                           uint64_t *P, uint64_t max_cycles) {
    const rc_block_desc *b = &%(bid)s_block;
    size_t pos[%(nch)d] = { 0 };
    uint64_t cyc = 0;
    for (; cyc < max_cycles; cyc++) {
%(offer)s
%(body)s
    }
    (void)pos; (void)P; (void)b; (void)mem;
    return cyc;
}

extern "C" uint64_t %(bid)s_bare(const rc_vector *v, uint64_t seed, uint64_t max_cycles, double *seconds) {
    const rc_block_desc *b = &%(bid)s_block;
    unsigned lmin = 1, lmax = 1;
    if (rc_latency_parse(v->latency, &lmin, &lmax)) lmin = lmax = 1;
    rc_memagent mem[%(nmem1)d];
    for (unsigned m = 0; m < %(nmem)d; m++) {
        rc_memagent_init(&mem[m], &b->mem[m], seed, m, lmin, lmax);
        for (size_t i = 0; i < v->nmem; i++)
            for (size_t w = 0; w < v->mem[i].nwords; w++)
                rc_memimg_write(&mem[m].img, v->mem[i].addr + 4 * (uint32_t)w, 4, v->mem[i].words[w], 0xF);
    }
    rc_side_config cfg = { seed, nullptr };
    Side *s = static_cast<Side *>(create(&cfg));
    rc_vl_assert_quiet(-1);           /* bare checks nothing: assertion lines printed as they come */
    uint64_t P[%(nwords)d] = { 0 };
    reset(s, P);
    for (unsigned i = 0; i < %(nwords)d; i++) P[i] = 0;
    auto t0 = std::chrono::steady_clock::now();
    uint64_t cyc = %(bid)s_bare_loop(s->top.get(), v, mem, P, max_cycles);
    auto t1 = std::chrono::steady_clock::now();
    *seconds = std::chrono::duration<double>(t1 - t0).count();
    rc_vl_assert_quiet(+1);
    destroy(s);
    for (unsigned m = 0; m < %(nmem)d; m++) rc_memagent_free(&mem[m]);
    return cyc;
}
''' % {'bid': bid, 'vt': vt, 'nmem': nmem, 'nmem1': max(nmem, 1), 'nwords': blk['nwords'],
       'nch': len(chans), 'offer': '\n'.join(offer), 'body': '\n'.join(body)}


# The generated run's two loops (gen_fast_run): their own set-up, then what they share.
FAST_MODEL_SETUP = '''static int __attribute__((noinline)) %(bid)s_fast_model_loop(const rc_fast_args *a, const rc_side_ops *mo, void *mh,
                                                            rc_memagent *mem, rc_fast_result *res) {
    const rc_block_desc *b = &%(bid)s_block;
    const rc_vector *v = a->vec;
    uint64_t R[%(nw)d] = { 0 };
    mo->reset(mh, R);
'''

FAST_RTL_SETUP = '''static int __attribute__((noinline)) %(bid)s_fast_loop(const rc_fast_args *a, %(vt)s *t, const VerilatedContext *ctx,
                                                      const rc_side_ops *mo, void *mh,
                                                      rc_memagent *mem, uint64_t *R, rc_fast_result *res) {
    const rc_block_desc *b = &%(bid)s_block;
    const rc_vector *v = a->vec;
    uint64_t M[%(nw)d] = { 0 };
    if (mh)
        mo->reset(mh, M);
'''

FAST_LOOP_HEAD = '''    size_t pos[%(nch)d] = { 0 }, exp[%(nch)d] = { 0 }, dpos[%(nch)d];
    int don[%(nch)d] = { 0 };
    uint64_t nfired[%(nch)d] = { 0 }, ready[%(nch)d];
    for (unsigned c = 0; c < %(nch)d; c++) {
        dpos[c] = SIZE_MAX;
        ready[c] = 1;
    }
    uint64_t cyc, lp = 0;
    for (cyc = 0;; cyc++) {
        if (cyc >= a->max_cycles)
            goto give_up;
        if (a->readies)
            a->readies(a->ctx, ready);
'''

FAST_LOOP_TAIL = '''    }
    if (a->check_expected && (%(never)s))
        goto give_up;
    res->cycles = cyc;
%(txns)s
    (void)exp; (void)pos; (void)mem; (void)b; (void)nfired;
    return 0;
give_up:
    return 1;
}

'''


def gen_fast_run(blk, bid, vt):
    """The common runs as one generated loop (rc_block_fast.run): the RTL alone against a vector,
    or RTL and model in exact lockstep, with the vector's expected outputs checked exactly, any
    back-pressure, the memory agents.  It reports nothing: at the first thing the engine would
    report (a difference, a hang, a missing or unexpected output) it gives up and the engine
    runs the case again with its table walk, which writes the report.  On a pass its results
    (cycles, transaction counts) are the engine's."""
    funcs = '\n'.join(gen_fast(blk, bid)[:-2])       # the _on, _differ and _fired functions
    chans = blk['channels']
    nw, nch = blk['nwords'], len(chans)
    agent = set(m['req_i'] for m in blk['mem']) | set(m['rsp_i'] for m in blk['mem'])
    vin = [c for c, ch in enumerate(chans) if ch['dir'] == 'in' and c not in agent]
    outs = [c for c, ch in enumerate(chans) if ch['dir'] == 'out']
    def build(alone):
        """The loop body; alone: the model alone (its words in M), else the RTL (R) and maybe the model."""
        L = []
        # Lockstep: the model's words M get the harness's input words as R does, written where
        # R's are (not the whole array copied every cycle): its outputs are its own, as in the
        # engine, where each side has its own port array.
        mirror = (lambda w, e: ['        M[%d] = %s;' % (w, e)]) if not alone else (lambda w, e: [])
        # The RTL's input ports likewise, where R's words are written (what drive() did for all
        # of them every cycle; a Verilated model never changes its inputs).
        def rtl_in(ch, what, w):
            if alone:
                return []
            cast = '(uint8_t)' if what in ('valid', 'ready') else ''
            return ['        t->%s = %sR[%d];' % (port(ch, what, True), cast, w)]
        for c in outs:
            L.append('        R[%d] = ready[%d];' % (chans[c]['ready_word'], c))
            L += mirror(chans[c]['ready_word'], 'ready[%d]' % c)
            L += rtl_in(chans[c], 'ready', chans[c]['ready_word'])
        for c in vin:
            ch = chans[c]
            L += ['        {',
                  '            const rc_txlist *l = &v->in[%d];' % c,
                  '            size_t q = pos[%d];' % c,
                  '            int on = q < l->n && l->cycle[q] <= cyc;',
                  '            if (q != dpos[%d] || on != don[%d]) {' % (c, c),
                  '                dpos[%d] = q;' % c,
                  '                don[%d] = on;' % c,
                  '                R[%d] = (uint64_t)on;' % ch['valid_word']]
            L += ['    ' + x for x in mirror(ch['valid_word'], 'R[%d]' % ch['valid_word'])]
            L += ['    ' + x for x in rtl_in(ch, 'valid', ch['valid_word'])]
            for i, f in enumerate(ch['fields']):
                L.append('                R[%d] = on ? l->vals[q * %d + %d] : 0;' % (f['word'], len(ch['fields']), i))
                L += ['    ' + x for x in mirror(f['word'], 'R[%d]' % f['word'])]
                L += ['    ' + x for x in rtl_in(ch, f['name'], f['word'])]
            L += ['            }', '        }']
        for i, m in enumerate(blk['mem']):
            L.append('        rc_memagent_offer(&mem[%d], b, cyc, R);' % i)
            rsp = chans[m['rsp_i']]         # the agent writes its response channel's words
            for w in [rsp['valid_word']] + [f['word'] for f in rsp['fields']]:
                L += mirror(w, 'R[%d]' % w)
            L += rtl_in(rsp, 'valid', rsp['valid_word'])
            for f in rsp['fields']:
                L += rtl_in(rsp, f['name'], f['word'])
        if alone:
            L += ['        mo->eval(mh, R);',
                  '        if (a->emit && a->emit(a->ctx, cyc, R))',
                  '            goto give_up;']
        # sample(), with an output channel's payload read only while its valid is set: nothing
        # reads it otherwise (the compare and the expected check look at it only then, a memory
        # agent only at a request's handshake)
        smp = []
        for ch in chans:
            if ch['dir'] == 'in':
                smp.append('        R[%d] = t->%s;' % (ch['ready_word'], port(ch, 'ready', False)))
            else:
                smp.append('        R[%d] = t->%s;' % (ch['valid_word'], port(ch, 'valid', False)))
                if ch['fields']:
                    smp.append('        if (R[%d]) {' % ch['valid_word'])
                    smp += ['            R[%d] = t->%s;' % (f['word'], port(ch, f['name'], False)) for f in ch['fields']]
                    smp.append('        }')
        smp += ['        R[%d] = t->%s_o;' % (st['word'], st['name']) for st in blk['status']]
        L += [] if alone else ['        t->clk_i = 0;', '        t->eval();'] + smp
        L += [] if alone else [
              '        if (a->lockstep) {',
              '            if (a->model_words) {',
              '                if (a->model_words(a->ctx, cyc, M))',
              '                    goto give_up;',
              '            } else {',
              '                mo->eval(mh, M);',
              '            }',
              '            if (%s_differ(R, M))' % bid,
              '                goto give_up;',
              '        }']
        L += ['        uint32_t f = %s_fired(R);' % bid,
              '        if (a->check_expected) {']
        for c in outs:
            ch = chans[c]
            names = [f['name'] for f in ch['fields']]
            nf = len(ch['fields'])
            diffs = []
            plain = [f for f in ch['fields'] if f['mask'] and not f['cond']]
            if plain:                     # as in _differ: one masked loop over the plain fields
                w0 = plain[0]['word']
                diffs.append('%s_payload(R + %d, x + %d, %s_m%d, %d)' % (
                    bid, w0, w0 - ch['fields'][0]['word'], bid, ch['valid_word'], plain[-1]['word'] - w0 + 1))
            for i, f in enumerate(ch['fields']):
                if f['mask'] == 0 or not f['cond']:
                    continue
                d = '((x[%d] ^ R[%d]) & 0x%xull)' % (i, f['word'], f['mask'])
                j = names.index(f['cond'])
                d = '((x[%d] || R[%d]) && %s)' % (j, ch['fields'][j]['word'], d)
                diffs.append(d)
            L += ['            {',
                  '                const rc_txlist *l = &v->out[%d];' % c,
                  '                size_t q = exp[%d];' % c,
                  '                int due = q < l->n && l->cycle[q] == cyc;',
                  '                if (f >> %d & 1) {' % c,
                  '                    if (!due)',
                  '                        goto give_up;',
                  '                    const uint64_t *x = l->vals + q * %d;' % nf,
                  '                    (void)x;',
                  '                    if (%s)' % (' ||\n                        '.join(diffs) or '0'),
                  '                        goto give_up;',
                  '                    exp[%d]++;' % c,
                  '                } else if (due) {',
                  '                    goto give_up;',
                  '                }',
                  '            }']
        L.append('        }')
        done = []
        if blk['idle']:
            st = [x for x in blk['status'] if x['name'] == blk['idle']][0]
            done.append('R[%d]' % st['word'])
        done += ['pos[%d] >= v->in[%d].n' % (c, c) for c in vin]
        done += ['!rc_memagent_busy(&mem[%d])' % i for i in range(len(blk['mem']))]
        L += ['        if (%s)' % (' && '.join(done) or '1'), '            break;',
              '        if (f) {']
        for c in vin:
            L.append('            pos[%d] += f >> %d & 1;' % (c, c))
        for c in outs:
            L.append('            nfired[%d] += f >> %d & 1;' % (c, c))
        for i, m in enumerate(blk['mem']):
            L.append('            if (f >> %d & 1 || f >> %d & 1)' % (m['req_i'], m['rsp_i']))
            L.append('                rc_memagent_edge(&mem[%d], b, cyc, R);' % i)
        L.append('            lp = cyc;')
        fut = ' || '.join('(pos[%d] < v->in[%d].n && v->in[%d].cycle[pos[%d]] > cyc)' % (c, c, c, c) for c in vin) or '0'
        L += ['        } else if (cyc - lp >= a->watchdog) {',
              '            if (!(%s))' % fut,
              '                goto give_up;',
              '            lp = cyc;',
              '        }',
              ]
        if alone:
            L += ['        mo->tick(mh, R);']
            rec = []
            for c in outs:
                ch = chans[c]
                rec += ['            if (f >> %d & 1) {' % c,
                        '                const uint64_t x[%d] = { %s };' % (max(len(ch['fields']), 1),
                            ', '.join('R[%d]' % fl['word'] for fl in ch['fields']) or '0'),
                        '                if (rc_txlist_push(&a->record->out[%d], cyc, x))' % c,
                        '                    abort();',
                        '            }']
            # recorded right after the checks, before the done test (as the engine does)
            k = L.index('        if (%s)' % (' && '.join(done) or '1'))
            L[k:k] = ['        if (a->record && f) {'] + rec + ['        }']
            idle = ('R[%d]' % [x for x in blk['status'] if x['name'] == blk['idle']][0]['word']) if blk['idle'] else '0'
            L += ['        if (!f && mo->skip && !a->emit && %s%s) {' % (idle, ''.join(' && !rc_memagent_busy(&mem[%d])' % m for m in range(len(blk['mem'])))),
                  '            uint64_t next = UINT64_MAX;']
            for c in vin:
                L += ['            if (pos[%d] < v->in[%d].n && v->in[%d].cycle[pos[%d]] < next)' % (c, c, c, c),
                      '                next = v->in[%d].cycle[pos[%d]];' % (c, c)]
            L += ['            int ok = next != UINT64_MAX && next > cyc + 1;']
            for c in outs:
                L += ['            ok = ok && !R[%d];' % chans[c]['valid_word'],
                      '            if (a->check_expected && exp[%d] < v->out[%d].n && v->out[%d].cycle[exp[%d]] < next)' % (c, c, c, c),
                      '                next = v->out[%d].cycle[exp[%d]];' % (c, c)]
            L += ['            if (next > a->max_cycles)',
                  '                next = a->max_cycles;',
                  '            uint64_t n = ok && next > cyc + 1 ? mo->skip(mh, R, next - 1 - cyc) : 0;',
                  '            if (n) {',
                  '                if (a->readies)',
                  '                    for (uint64_t j = 0; j < n; j++)',
                  '                        a->readies(a->ctx, ready);',
                  '                uint64_t last = cyc + n;',
                  '                if (!a->watchdog)',
                  '                    lp = last;',
                  '                else if (last - lp >= a->watchdog)',
                  '                    lp += (last - lp) / a->watchdog * a->watchdog;',
                  '                cyc = last;',
                  '            }',
                  '        }']
        else:
            L += ['        t->clk_i = 1;', '        t->eval();',
                  '        if (VL_UNLIKELY(ctx->errorCount()))     /* an RTL assertion: the table walk reports it */',
                  '            goto give_up;',
                  '        if (mh)', '            mo->tick(mh, M);']
        return L
    txns = []
    for c, ch in enumerate(chans):
        if ch['dir'] == 'out':
            txns.append('    res->txns[%d] = nfired[%d];' % (c, c))
        elif c in vin:
            txns.append('    res->txns[%d] = pos[%d];' % (c, c))
    never = ' || '.join('exp[%d] < v->out[%d].n' % (c, c) for c in outs) or '0'
    fmt = {'bid': bid, 'vt': vt, 'nw': nw, 'nch': nch, 'never': never, 'txns': '\n'.join(txns)}

    def loop_fn(setup, body):
        """One of the two loops (the model alone; the RTL, with the model in lockstep): the same
        channel bookkeeping, cycle limit, end check and counts around its own set-up and body."""
        return (setup + FAST_LOOP_HEAD) % fmt + body + '\n' + FAST_LOOP_TAIL % fmt
    return '''
/* ---- the generated run (rc_block_fast.run; see gen_fast_run in scripts/blockgen.py) -------- */
#include <cstdlib>
#include <cstring>
%(funcs)s

/* The model alone (replay --side model, gen): its words in R. */
%(model_loop)s%(rtl_loop)sextern "C" int %(bid)s_fast_run(const rc_fast_args *a, rc_fast_result *res) {
    const rc_block_desc *b = &%(bid)s_block;
    const rc_vector *v = a->vec;
    rc_memagent mem[%(nmem1)d];
    for (unsigned m = 0; m < %(nmem)d; m++) {
        rc_memagent_init(&mem[m], &b->mem[m], a->seed, m, a->lat_min, a->lat_max);
        for (size_t i = 0; i < v->nmem; i++)
            for (size_t w = 0; w < v->mem[i].nwords; w++)
                rc_memimg_write(&mem[m].img, v->mem[i].addr + 4 * (uint32_t)w, 4, v->mem[i].words[w], 0xF);
    }
    rc_side_config cfg = { a->seed, nullptr };
    const rc_side_ops *mo = b->model;
    if (a->model_alone) {
        void *mh = mo->create(&cfg);
        int rc = 1;
        if (mh) {
            auto t0 = std::chrono::steady_clock::now();
            rc = %(bid)s_fast_model_loop(a, mo, mh, mem, res);
            res->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            mo->destroy(mh);
        }
        for (unsigned m = 0; m < %(nmem)d; m++)
            rc_memagent_free(&mem[m]);
        return rc;
    }
    Side *s = static_cast<Side *>(create(&cfg));
    uint64_t R[%(nw)d] = { 0 };
    reset(s, R);
    void *mh = a->lockstep && !a->model_words ? mo->create(&cfg) : nullptr;
    int rc = 1;
    if (!a->lockstep || a->model_words || mh) {
        auto t0 = std::chrono::steady_clock::now();
        rc = %(bid)s_fast_loop(a, s->top.get(), s->ctx.get(), mo, mh, mem, R, res);
        res->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    if (mh)
        mo->destroy(mh);
    destroy(s);
    for (unsigned m = 0; m < %(nmem)d; m++)
        rc_memagent_free(&mem[m]);
    return rc;
}
''' % {'bid': bid, 'funcs': funcs, 'nw': nw,
       'model_loop': loop_fn(FAST_MODEL_SETUP, '\n'.join(build(True))),
       'rtl_loop': loop_fn(FAST_RTL_SETUP, '\n'.join(build(False))),
       'nmem': len(blk['mem']), 'nmem1': max(len(blk['mem']), 1)}


def gen_checker(blk, bid, fired=False):
    """The channel checker of a block, generated from its manifest (issue 29; docs/hardening.md
    "Channel assertions"): module FAMILY_NAME_chk watches every top-level valid/ready channel.
    Once a channel offers (valid) and is not taken (ready low) at an edge, at the next edge valid
    must still be high (ASSERT <Ch>ValidHeld) and every compared payload bit the same (ASSERT
    <Ch>Stable; a field's mask and its ?condition as the engine compares it).  A memory agent's
    request channel is checked for ValidHeld only: the agent takes whatever request is offered at
    the edge, and the CP and ZB replace a waiting request by design (docs/hardening.md).  Input
    channels are checked too: they hold the harness (vector driver, memory agent) to the rule.
    Plain `always @(posedge)` + $error, the subset Verilator and Icarus 11 both take; a second
    file, FAMILY_NAME_chk_bind.sv, binds it into the block's top for Verilator (Icarus has no
    bind: a bench instantiates the checker beside the top).  With fired, the checker also has an
    output fired_o, set by the first failure (an exported bench stops on it: Icarus's $error does
    not end a simulation; scripts/export/export_sv.py)."""
    ports = ['  input logic clk_i', '  input logic rst_ni']
    if fired:
        ports.append('  output logic fired_o')
    body = []
    import glob
    areset = any('negedge rst_ni' in open(f, encoding='utf-8').read()
                 for f in glob.glob(os.path.join(os.path.dirname(os.path.abspath(blk['path'])), '*.sv')))
    conns = ['.clk_i (clk_i)', '.rst_ni (rst_ni)']
    for ch in blk['channels']:
        din = ch['dir'] == 'in'
        v, r = port(ch, 'valid', din), port(ch, 'ready', not din)
        ports += ['  input logic %s' % v, '  input logic %s' % r]
        conns += ['.%s (%s)' % (v, v), '.%s (%s)' % (r, r)]
        terms = []
        names = [f['name'] for f in ch['fields']]
        stable = not (ch['agent'] and not din)
        used = set()
        for f in ch['fields']:
            if stable and f['mask'] != 0:
                used.add(f['name'])
                if f['cond']:
                    used.add(f['cond'])
        for f in ch['fields']:
            pn = port(ch, f['name'], din)
            if f['name'] in used:
                ports.append('  input logic %s%s' % (sv_range(f['width']), pn))
                conns.append('.%s (%s)' % (pn, pn))
            if not stable or f['mask'] == 0:
                continue
            full = (1 << f['width']) - 1
            m = f['mask'] & full
            term = pn if m == full else '(%s & %d\'h%x)' % (pn, f['width'], m)
            terms.append((f, term))
        cap = ''.join(w.capitalize() for w in ch['name'].split('_'))
        n = ch['name']
        body += ['', '  // %s (%s%s)' % (n, ch['dir'], ', memory agent' if ch['agent'] else ''),
                 '  logic %s_wait_q;' % n]
        if terms:
            # condition fields first, so a ?cond field compares only while its condition holds
            width = sum(f['width'] for f, _ in terms)
            cat = '{%s}' % ', '.join(t if not f['cond'] else
                                    '(%s != 0 ? %s : %d\'h0)' % (port(ch, f['cond'], din), t, f['width'])
                                    for f, t in terms)
            body += ['  logic [%d:0] %s_pay, %s_pay_q;' % (width - 1, n, n),
                     '  assign %s_pay = %s;' % (n, cat)]
        # The reset as the block's own: asynchronous when its RTL resets so (a net "flopped as
        # both synchronous and async" is a Verilator -Wall error, SYNCASYNCNET).  The payload
        # copy is compared only while waiting, so it needs no reset.
        if areset:
            # rst_ni starts low, so its negedge may never come before the first edge: the flop
            # starts at 0 (simulation only), not at Verilator's random initial value.
            body += ["  initial %s_wait_q = 1'b0;" % n,
                     '  always_ff @(posedge clk_i or negedge rst_ni) begin',
                     '    if (!rst_ni) begin',
                     "      %s_wait_q <= 1'b0;" % n,
                     '    end else begin',
                     '      %s_wait_q <= %s && !%s;' % (n, v, r),
                     '    end',
                     '  end']
        else:
            body += ['  always_ff @(posedge clk_i) begin',
                     '    %s_wait_q <= rst_ni && %s && !%s;' % (n, v, r),
                     '  end']
        if terms:
            body += ['  always_ff @(posedge clk_i) begin',
                     '    %s_pay_q <= %s_pay;' % (n, n),
                     '  end']
        body += [
                 '  always @(posedge clk_i) begin',
                 '    if (%s%s_wait_q) begin' % ('' if areset else 'rst_ni && ', n),
                 '      if (!%s) begin' % v,
                 '        $error("%%m: ASSERT %sValidHeld: %s valid dropped before ready");' % (cap, n)]
        if fired:
            body.append("        fired_o = 1'b1;")
        if terms:
            body += ['      end else if (%s_pay != %s_pay_q) begin' % (n, n),
                     '        $error("%%m: ASSERT %sStable: %s payload changed while waiting for ready");' % (cap, n)]
            if fired:
                body.append("        fired_o = 1'b1;")
        body += ['      end', '    end', '  end']
    text = ['// Generated by scripts/blockgen.py from the %s manifest. Do not edit.' % blk['name'],
            '// %s_chk: the channel rule of every top-level valid/ready channel of %s (valid held and' % (bid, bid),
            '// payload stable while not ready); docs/hardening.md "Channel assertions".',
            'module %s_chk (' % bid, ',\n'.join(ports), ');',
            '`ifndef SYNTHESIS'] + (["  initial fired_o = 1'b0;"] if fired else []) + body[1:] + ['`endif', '', 'endmodule', '']
    bind = ['// Generated by scripts/blockgen.py from the %s manifest. Do not edit.' % blk['name'],
            '// For the Verilated RTL: %s_chk inside every %s instance (Icarus has no bind).' % (bid, bid),
            'bind %s %s_chk u_chk (' % (bid, bid), '  ' + ',\n  '.join(conns), ');', '']
    return '\n'.join(text), '\n'.join(bind)


def sv_range(width):
    return '' if width == 1 else '[%d:0] ' % (width - 1)


def gen_wave_wrapper(blk, bid):
    """The block with the expected values beside it: extra exp_* inputs the harness drives from
    the reference side each cycle, and per-channel mismatch signals, for failure waveforms."""
    ports = ['  input  logic clk_i', '  input  logic rst_ni']
    conns = ['    .clk_i', '    .rst_ni']
    exp, checks, names, inj, wires = [], [], [], [], []
    for ch in blk['channels']:
        din = ch['dir'] == 'in'
        ports.append('  %s logic %s' % ('input ' if din else 'output', port(ch, 'valid', din)))
        ports.append('  %s logic %s' % ('output' if din else 'input ', port(ch, 'ready', not din)))
        conns += ['    .%s' % port(ch, 'valid', din), '    .%s' % port(ch, 'ready', not din)]
        for f in ch['fields']:
            ports.append('  %s logic %s%s' % ('input ' if din else 'output', sv_range(f['width']),
                                              port(ch, f['name'], din)))
            if din:
                conns.append('    .%s' % port(ch, f['name'], din))
            else:
                # An output field is shown as the harness sees it: the RTL's value XOR the fault
                # injected on it (inj_*, 0 unless --inject rtl:... names this transaction).
                conns.append('    .%s(dut_%s_%s)' % (port(ch, f['name'], din), ch['name'], f['name']))
                inj.append('  input  logic %sinj_%s_%s_i' % (sv_range(f['width']), ch['name'], f['name']))
                wires.append('  logic %sdut_%s_%s;' % (sv_range(f['width']), ch['name'], f['name']))
                wires.append('  assign %s = dut_%s_%s ^ inj_%s_%s_i;' % (port(ch, f['name'], din), ch['name'],
                                                                        f['name'], ch['name'], f['name']))
        if din:
            exp.append('  input  logic exp_%s_ready_i' % ch['name'])
            checks.append((ch['name'], '%s != exp_%s_ready_i' % (port(ch, 'ready', False), ch['name'])))
        else:
            exp.append('  input  logic exp_%s_valid_i' % ch['name'])
            terms = []
            for f in ch['fields']:
                exp.append('  input  logic %sexp_%s_%s_i' % (sv_range(f['width']), ch['name'], f['name']))
                if f['mask'] == 0:
                    continue
                diff = "|((%s ^ exp_%s_%s_i) & %d'h%x)" % (port(ch, f['name'], False), ch['name'], f['name'],
                                                          f['width'], f['mask'])
                if f['cond']:
                    diff = '((%s_%s_o != 1\'b0) || (exp_%s_%s_i != 1\'b0)) && %s' % (
                        ch['name'], f['cond'], ch['name'], f['cond'], diff)
                terms.append('(%s)' % diff)
            expr = '(%s != exp_%s_valid_i)' % (port(ch, 'valid', False), ch['name'])
            if terms:
                expr += ' ||\n      (%s && (%s))' % (port(ch, 'valid', False), ' ||\n        '.join(terms))
            checks.append((ch['name'], expr))
    for st in blk['status']:
        ports.append('  output logic %s%s_o' % (sv_range(st['width']), st['name']))
        conns.append('    .%s_o' % st['name'])
        exp.append('  input  logic %sexp_%s_i' % (sv_range(st['width']), st['name']))
        checks.append((st['name'], '%s_o != exp_%s_i' % (st['name'], st['name'])))
    out = ['// Generated by scripts/blockgen.py from the %s description. Do not edit.' % blk['name'],
           '// %s with the expected values beside it (exp_* inputs, driven by the harness from the' % bid,
           '// reference side) and a mismatch signal per channel, traced into failure waveforms.',
           'module %s_wave (' % bid, ',\n'.join(ports + exp + inj + ['  output logic mismatch_o']), ');', '']
    out += wires + ['', '  %s u_dut (' % bid, ',\n'.join(conns), '  );', '']
    for name, expr in checks:
        out.append('  logic %s_mismatch;' % name)
        out.append('  assign %s_mismatch = %s;' % (name, expr))
        names.append('%s_mismatch' % name)
    out.append('')
    out.append('  // The harness changes the expected values, the inputs and (by the edge) the outputs at')
    out.append('  // the rising edge that starts a cycle: the comparison holds for the whole cycle.')
    out.append('  assign mismatch_o = %s;' % ' | '.join(names))
    out.append('endmodule')
    return '\n'.join(out) + '\n'


def gen_wave_shim(blk, bid, vt, drive, sample, expect, inject):
    return """/* Generated by scripts/blockgen.py from the %(name)s description. Do not edit.
 * The waveform variant of the %(name)s shim: the RTL inside %(vt)s with the expected values
 * beside it; an FST is dumped while tracing is on.  Cycle c begins with its rising edge at 10c ns:
 * its inputs, its expected values and the outputs after that edge are all dumped at 10c (clock
 * high), the clock falls at 10c+5; so expected and actual change at the same edge, never half a
 * cycle apart.  The clock stays high between the edge and the next evaluation (combinational
 * outputs do not depend on its level), and falls only in tick, just before the next edge. */
#include <memory>
#include <cstdint>
#include <cstdio>
#include "verilated.h"
#include "verilated_fst_c.h"
#include "%(vt)s.h"
extern "C" {
#include "%(bid)s_ports.h"
#include "rc_vlassert.h"
}

namespace {
struct Side {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<%(vt)s> top;
    std::unique_ptr<VerilatedFstC> fst;
    uint64_t cycle = 0;
    bool on = false;
};

inline void drive(%(vt)s *t, const uint64_t *p) {
%(drive)s
}

inline void sample(const %(vt)s *t, uint64_t *p) {
%(sample)s
}

inline void dump(Side *s, uint64_t when) {
    if (s->on && s->fst) {
        s->ctx->time(when);
        s->fst->dump(when);
    }
}

void inject(void *vs, const uint64_t *x) {
    %(vt)s *t = static_cast<Side *>(vs)->top.get();
    (void)t; (void)x;
%(inject)s
}

void *create(const rc_side_config *cfg) {
    Side *s = new Side;
    s->ctx.reset(new VerilatedContext);
    s->ctx->fatalOnError(false);
    s->ctx->randReset(2);
    s->ctx->randSeed((int)(cfg->seed %% 2147483647u));
    s->ctx->traceEverOn(true);
    s->top.reset(new %(vt)s(s->ctx.get(), "TOP"));
    rc_vl_assert_quiet(+1);
    rc_vl_assert_take(nullptr, 0);
    if (cfg->trace_path) {
        s->fst.reset(new VerilatedFstC);
        s->top->trace(s->fst.get(), 99);
        s->fst->open(cfg->trace_path);
    }
    return s;
}

void destroy(void *vs) {
    Side *s = static_cast<Side *>(vs);
    s->top->final();
    if (s->fst) s->fst->close();
    delete s;
    rc_vl_assert_quiet(-1);
}

void reset(void *vs, uint64_t *p) {
    Side *s = static_cast<Side *>(vs);
    %(vt)s *t = s->top.get();
    for (unsigned i = 0; i < %(nwords)d; i++) p[i] = 0;
    drive(t, p);
    inject(s, p);
    t->rst_ni = 0;
    for (int i = 0; i < 2; i++) {
        t->clk_i = 0; t->eval();
        t->clk_i = 1; t->eval();
    }
    t->rst_ni = 1;
    t->eval();                        /* the clock stays high: cycle 0 starts as after an edge */
    sample(t, p);
    s->cycle = 0;
}

void eval(void *vs, uint64_t *p) {
    Side *s = static_cast<Side *>(vs);
    %(vt)s *t = s->top.get();
    drive(t, p);
    t->eval();
    dump(s, 10 * s->cycle);
    sample(t, p);
}

void tick(void *vs, const uint64_t *) {
    Side *s = static_cast<Side *>(vs);
    s->top->clk_i = 0;
    s->top->eval();
    dump(s, 10 * s->cycle + 5);
    s->top->clk_i = 1;
    s->top->eval();
    s->cycle++;
}

void expect(void *vs, const uint64_t *x) {
    %(vt)s *t = static_cast<Side *>(vs)->top.get();
%(expect)s
}

void trace(void *vs, int on) {
    static_cast<Side *>(vs)->on = on != 0;
}

int fault(void *vs, char *what, size_t n) {
    Side *s = static_cast<Side *>(vs);
    if (VL_LIKELY(!s->ctx->errorCount()))
        return 0;
    if (!rc_vl_assert_take(what, n) && n)
        snprintf(what, n, "%%s", "%%Error: an RTL $error or $stop (its text was printed above)");
    s->ctx->errorCount(0);
    s->ctx->gotError(false);
    s->ctx->gotFinish(false);
    return 1;
}
} /* namespace */

extern "C" const rc_side_ops %(bid)s_wave_ops = { "rtl", create, destroy, reset, eval, tick, expect, trace, nullptr,
                                                  inject, fault };
""" % {'name': blk['name'], 'vt': vt, 'bid': bid, 'drive': '\n'.join(drive), 'sample': '\n'.join(sample),
       'expect': '\n'.join(expect), 'inject': '\n'.join(inject), 'nwords': blk['nwords']}


def manifests(root):
    """Every block's manifest, ROOT/rtl/FAMILY/NAME/NAME.block, parsed and checked against the
    naming rule (its block line says FAMILY.NAME), as {name: blk}, in an order in which each
    block comes after the blocks it uses and its parts.  Raises DescError."""
    import glob
    found = {}
    for path in sorted(glob.glob(os.path.join(root, 'rtl', '*', '*', '*.block'))):
        family, name = path.split(os.sep)[-3:-1]
        if os.path.basename(path) != name + '.block':
            raise DescError('%s: a block folder rtl/%s/%s holds its manifest as %s.block' %
                            (path, family, name, name))
        blk = parse(path)
        if blk['name'] != '%s.%s' % (family, name):
            raise DescError('%s: the block line says %s; the folder rtl/%s/%s makes it %s.%s' %
                            (path, blk['name'], family, name, family, name))
        # the rest of the naming rule: the block's doc is docs/blocks/FAMILY.NAME.md and its
        # directed-stimulus generators scripts/blocks/FAMILY_NAME_*.py, both present
        want = 'docs/blocks/%s.%s.md' % (family, name)
        if blk['doc'] != want:
            raise DescError('%s: expected `doc %s` (the naming rule, docs/ARCHITECTURE.md), got %s' %
                            (path, want, blk['doc'] or 'no doc line'))
        for r in [blk['doc']] + [g[0] for g in blk['regen']]:
            if not os.path.isfile(os.path.join(root, r)):
                raise DescError('%s: %s does not exist' % (path, r))
        for g in blk['regen']:
            if not os.path.basename(g[0]).startswith('%s_%s_' % (family, name)):
                raise DescError('%s: regen %s: expected a generator named scripts/blocks/%s_%s_*.py '
                                '(the naming rule, docs/ARCHITECTURE.md)' % (path, g[0], family, name))
        found[blk['name']] = blk
    order, state = [], {}

    def visit(n, via):
        if n not in found:
            raise DescError('%s: no block %r (no rtl/%s/%s.block)' % (
                found[via]['path'], n, n.replace('.', '/'), n.split('.')[1]))
        if state.get(n) == 1:
            raise DescError('%s: the uses/parts of %s lead back to it' % (found[n]['path'], n))
        if state.get(n) == 2:
            return
        state[n] = 1
        for d in found[n]['uses'] + found[n]['parts']:
            visit(d, n)
        state[n] = 2
        order.append(n)
    for n in sorted(found):
        visit(n, n)
    return {n: found[n] for n in order}


def closure(blocks, name):
    """(parts, uses) of a block, transitively: every part of a part, and what any of them uses
    that is not itself a part (its RTL then comes without its top module)."""
    parts, uses, todo = [], [], [name]
    while todo:
        for p in blocks[todo.pop(0)]['parts']:
            if p not in parts:
                parts.append(p)
                todo.append(p)
    for b in [name] + parts:
        todo = list(blocks[b]['uses'])
        while todo:
            u = todo.pop(0)
            if u not in uses and u not in parts:
                uses.append(u)
                todo.extend(blocks[u]['uses'] + blocks[u]['parts'])
    return parts, uses


def write_cmake(root, out, only):
    """The block list for cmake/rcosim.cmake: every manifest (or the blocks ONLY names and what
    they need), in dependency order, with each one's transitive parts and uses."""
    blocks = manifests(root)
    want = list(blocks)
    if only:
        need, todo = [], []
        for n in only:
            if n not in blocks:
                raise DescError('RCOSIM_BLOCKS: no block %r (blocks: %s)' % (n, ', '.join(blocks)))
            todo.append(n)
        while todo:
            n = todo.pop()
            if n not in need:
                need.append(n)
                todo.extend(blocks[n]['uses'] + blocks[n]['parts'])
        want = [n for n in blocks if n in need]
    text = '# Generated by scripts/blockgen.py --cmake from rtl/*/*/*.block. Do not edit.\n'
    text += 'set(RCOSIM_BLOCK_NAMES %s)\n' % ' '.join(want)
    for n in want:
        parts, uses = closure(blocks, n)
        text += 'set(RCOSIM_PARTS_%s %s)\n' % (n, ' '.join(parts))
        text += 'set(RCOSIM_USES_%s %s)\n' % (n, ' '.join(uses))
        text += 'set(RCOSIM_DESC_%s %s)\n' % (n, blocks[n]['path'])
        for k, v in sorted(blocks[n]['export'].items()):
            text += 'set(RCOSIM_EXPORT_%s_%s %s)\n' % (k.upper(), n, v)
    try:
        with open(out, encoding='utf-8') as f:
            if f.read() == text:
                return
    except OSError:
        pass
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, 'w', encoding='utf-8') as f:
        f.write(text)


def main(argv):
    if len(argv) == 3 and argv[1] == '--regen':
        # one line per directed-stimulus generator of every manifest: SCRIPT ARG...
        try:
            for blk in manifests(argv[2]).values():
                for r in blk['regen']:
                    print(' '.join(r))
        except DescError as e:
            sys.stderr.write('blockgen: %s\n' % e)
            return 2
        return 0
    if len(argv) in (4, 5) and argv[1] == '--cmake':
        try:
            write_cmake(argv[2], argv[3], [b for b in (argv[4] if len(argv) == 5 else '').replace(',', ';').split(';') if b])
        except DescError as e:
            sys.stderr.write('blockgen: %s\n' % e)
            return 2
        return 0
    if len(argv) != 4 or argv[2] != '-o':
        sys.stderr.write('usage: blockgen.py DESC.block -o OUTDIR\n'
                         '       blockgen.py --cmake ROOT OUT.cmake [BLOCK;BLOCK...]\n'
                         '       blockgen.py --regen ROOT\n')
        return 2
    try:
        blk = parse(argv[1])
    except DescError as e:
        sys.stderr.write('blockgen: %s\n' % e)
        return 2
    except OSError as e:
        sys.stderr.write('blockgen: %s: %s\n' % (argv[1], e.strerror))
        return 2
    layout(blk)
    bid = blk['name'].replace('.', '_')
    os.makedirs(argv[3], exist_ok=True)
    files = {bid + '_ports.h': gen_header(blk, bid), bid + '_desc.c': gen_desc(blk, bid),
             bid + '_rtl.cpp': gen_shim(blk, bid, bid),
             bid + '_wave.sv': gen_wave_wrapper(blk, bid),
             bid + '_wave.cpp': gen_shim(blk, bid, bid + '_wave', wave=True)}
    files[bid + '_chk.sv'], files[bid + '_chk_bind.sv'] = gen_checker(blk, bid)
    for name, text in files.items():
        path = os.path.join(argv[3], name)
        try:
            with open(path, encoding='utf-8') as f:
                if f.read() == text:
                    continue
        except OSError:
            pass
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
