#!/usr/bin/env python3
"""cu_ref_check.py - compares si.cu vectors with the independent ISA reference
scripts/blocks/si_cu_ref.py (written from docs/blocks/si.cu.md alone): the retire records, the
memory writes (memreq with we = 1) and the eod records, each in order (not the cycle stamps).
The first difference names the wave, pc and instruction.

Usage: cu_ref_check.py RCOSIM SOURCE_DIR CASE     (CASE: shipped | random | catches)
       cu_ref_check.py --file VECTOR...            (check the given vectors)
Needs scripts/ on PYTHONPATH (the test sets it).
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile

from rcosim_py import vector
from blocks import si_cu_ref

FIELDS = ('wave', 'pc', 'inst', 'lit', 'dst', 'val', 'exec', 'vcc', 'scc', 'err')
# Vectors the reference does not check yet: they use the instructions added to
# docs/blocks/si.cu.md after the reference's last extension (MTBUF §5.6; the transcendental VOP1s
# 37/39/42/43/46/53/54 §5.4; v_readlane_b32/v_writelane_b32 §4.4; DS 30/31/57-60/77/118 §5.5),
# which a second engineer adds to scripts/blocks/si_cu_ref.py from the doc.  (The earlier
# additions -- MUBUF 8-11/13-15/24/26/29-31/50, DS 0-11/14/32-43/55, v_readfirstlane_b32 -- are
# in it.)
AWAITING_REF = set()


def awaiting(inst, lit):
    """The instruction is one of those the reference does not implement yet (see AWAITING_REF)."""
    return False                    # none left: every instruction of docs/blocks/si.cu.md §4.4


def check(path, cut=None):
    """None when the vector agrees with the reference, else the first difference (text).
    cut (a list): compare only up to the first instruction the reference does not implement yet
    (awaiting()): the retire records before it and the memory writes made before the record
    ahead of it retired; eod is then not compared; cut gets [compared, total] retire records."""
    v = vector.read(path)
    ref = si_cu_ref.run(v)
    rets = list(v.outputs('retire'))
    exp_ret = [tuple(vals) for _, vals in rets]
    exp_wr = [tuple(vals) for _, vals in v.outputs('memreq') if vals[1] == 1]
    exp_eod = [tuple(vals) for _, vals in v.outputs('eod')]
    got = ref['retire']
    if cut is not None:
        k = next((i for i, t in enumerate(exp_ret) if awaiting(t[2], t[3])), None)
        cut[:] = [len(exp_ret) if k is None else k, len(exp_ret)]
        if k is not None:
            last = rets[k - 1][0] if k else -1
            exp_wr = [tuple(vals) for c, vals in v.outputs('memreq') if vals[1] == 1 and c <= last]
            exp_ret = exp_ret[:k]
            got = got[:k]
            ref = dict(ref, write=ref['write'][:len(exp_wr)], eod=exp_eod)
    for k in range(max(len(exp_ret), len(got))):
        e = exp_ret[k] if k < len(exp_ret) else None
        g = got[k] if k < len(got) else None
        if e != g:
            where = e or g
            diff = ''
            if e and g:
                diff = ', '.join('%s expected %x, reference %x' % (f, a, b)
                                 for f, a, b in zip(FIELDS, e, g) if a != b)
            else:
                diff = 'missing on the %s side' % ('reference' if g is None else 'vector')
            return ('%s: retire #%d wave %d pc 0x%08x inst 0x%08x (lit 0x%08x): %s'
                    % (path, k, where[0], where[1], where[2], where[3], diff))
    if exp_wr != ref['write']:
        for k in range(max(len(exp_wr), len(ref['write']))):
            e = exp_wr[k] if k < len(exp_wr) else None
            g = ref['write'][k] if k < len(ref['write']) else None
            if e != g:
                return '%s: memory write #%d: expected %s, reference %s' % (
                    path, k, e and '%08x<-%08x be %x' % (e[0], e[2], e[3]),
                    g and '%08x<-%08x be %x' % (g[0], g[2], g[3]))
    if exp_eod != ref['eod']:
        return '%s: eod: expected %s, reference %s' % (path, exp_eod, ref['eod'])
    return None


class _Dispatch:
    """One dispatch of a vector as the reference's input: a memory image and regw events."""
    def __init__(self, mem, events):
        self._mem, self.events = mem, events

    def memory(self):
        return self._mem


def check_dispatches(path, counts):
    """Each dispatch of a random vector on its own: the reference starts from the memory the
    vector's expected writes leave before it (its registers from every earlier regw, the earlier
    dispatches' initiators left out) and is compared up to the dispatch's first instruction it
    does not implement yet (awaiting()): the retire records before it, the writes made before
    the record ahead of it, and, when there is none, the writes and the eod record.  A dispatch
    only depends on memory (registers and LDS start afresh), so the rest of the vector stays
    compared.  counts gets [compared, total] retire records.  None, or the first difference."""
    v = vector.read(path)
    rets = [(c, tuple(vals)) for c, vals in v.outputs('retire')]
    wrs = [(c, tuple(vals)) for c, vals in v.outputs('memreq') if vals[1] == 1]
    eods = [(c, tuple(vals)) for c, vals in v.outputs('eod')]
    regws = [e for e in v.events if e[0] == 'regw']
    starts = [i for i, e in enumerate(regws) if e[2][0] == 0xB800 and e[2][1] & 1]
    if len(starts) != len(eods):
        return '%s: %d dispatches started, %d eod records' % (path, len(starts), len(eods))
    mem, prev, done, total = v.memory(), -1, 0, 0
    for d, si in enumerate(starts):
        end = eods[d][0]
        events = [e for i, e in enumerate(regws[:si + 1]) if i == si or i not in starts]
        ref = si_cu_ref.run(_Dispatch(dict(mem), events))
        er = [(c, t) for c, t in rets if prev < c <= end]
        ew = [(c, t) for c, t in wrs if prev < c <= end]
        k = next((i for i, (_, t) in enumerate(er) if awaiting(t[2], t[3])), None)
        total += len(er)
        exp_ret, exp_wr, exp_eod = [t for _, t in er], [t for _, t in ew], [eods[d][1]]
        got_ret, got_wr, got_eod = ref['retire'], ref['write'], ref['eod']
        if k is not None:
            last = er[k - 1][0] if k else prev
            exp_ret, got_ret = exp_ret[:k], got_ret[:k]
            exp_wr = [t for c, t in ew if c <= last]
            got_wr, got_eod = got_wr[:len(exp_wr)], exp_eod
        done += len(exp_ret)
        for i in range(max(len(exp_ret), len(got_ret))):
            e = exp_ret[i] if i < len(exp_ret) else None
            g = got_ret[i] if i < len(got_ret) else None
            if e != g:
                w = e or g
                diff = ', '.join('%s expected %x, reference %x' % (f, a, b)
                                 for f, a, b in zip(FIELDS, e, g) if a != b) if e and g else \
                    'missing on the %s side' % ('reference' if g is None else 'vector')
                return ('%s: dispatch %d, retire #%d wave %d pc 0x%08x inst 0x%08x (lit 0x%08x): %s'
                        % (path, d, i, w[0], w[1], w[2], w[3], diff))
        if exp_wr != got_wr:
            i = next(i for i in range(max(len(exp_wr), len(got_wr)))
                     if (exp_wr[i:i + 1] or [None]) != (got_wr[i:i + 1] or [None]))
            e, g = (exp_wr[i] if i < len(exp_wr) else None), (got_wr[i] if i < len(got_wr) else None)
            return '%s: dispatch %d, memory write #%d: expected %s, reference %s' % (
                path, d, i, e and '%08x<-%08x be %x' % (e[0], e[2], e[3]),
                g and '%08x<-%08x be %x' % (g[0], g[2], g[3]))
        if exp_eod != got_eod:
            return '%s: dispatch %d, eod: expected %s, reference %s' % (path, d, exp_eod, got_eod)
        for _, (a, _we, dat, be) in ew:                  # the memory the next dispatch starts from
            m = sum(0xFF << 8 * b for b in range(4) if (be >> b) & 1)
            a &= 0xFFFFFFFC
            mem[a] = (mem.get(a, 0) & ~m & 0xFFFFFFFF) | (dat & m)
        prev = end
    counts[:] = [done, total]
    return None


def main(argv):
    if argv[1:2] == ['--file']:
        bad = 0
        for p in argv[2:]:
            r = check(p)
            print('FAIL ' + r if r else 'ok %s' % p)
            bad += bool(r)
        return 1 if bad else 0
    rcosim, root, case = argv[1], argv[2], argv[3]
    os.chdir(root)
    if case == 'shipped':
        vd = os.path.join('vectors', 'si', 'cu')
        files = sorted(os.path.join(vd, f) for f in os.listdir(vd) if f.endswith('.vec')
                       and f not in AWAITING_REF)
        bad = [r for r in map(check, files) if r]
        for r in bad:
            print('FAIL ' + r)
        print('%d shipped si.cu vectors, %d agree with the reference' % (len(files), len(files) - len(bad)))
        if AWAITING_REF:
            print('not compared (they use instructions the reference does not implement yet): %s'
                  % ', '.join(sorted(AWAITING_REF)))
        return 1 if bad or not files else 0
    tmp = tempfile.mkdtemp(prefix='cu_ref_')
    try:
        if case == 'random':
            bad = 0
            for seed in (1, 2, 3, 5, 2701):
                p = os.path.join(tmp, 'r%d.vec' % seed)
                subprocess.run([rcosim, 'gen', '--block', 'si.cu', '--seed', str(seed), '--count',
                                '600', '-o', p], check=True, stdout=subprocess.DEVNULL)
                cut = []
                r = check_dispatches(p, cut)
                print('FAIL ' + r if r else 'ok seed %d: %d of %d retire records compared%s' % (
                    seed, cut[0], cut[1], '' if cut[0] == cut[1] else
                    ' (not after an instruction the reference does not implement yet, in its dispatch)'))
                bad += bool(r)
            return 1 if bad else 0
        if case == 'catches':
            # one changed expected value (a retire record's val, chosen by a printed seed) must fail
            src = os.path.join('vectors', 'si', 'cu', 'imath.vec')
            if check(src):
                print('FAIL the unaltered vector must agree first')
                return 1
            lines = open(src).read().split('\n')
            idx = [i for i, l in enumerate(lines) if l.startswith('out retire')]
            seed = 27
            i = random.Random(seed).choice(idx)
            t = lines[i].split()
            t[8] = '%08x' % (int(t[8], 16) ^ 0x10)
            lines[i] = ' '.join(t)
            p = os.path.join(tmp, 'bad.vec')
            with open(p, 'w') as f:
                f.write('\n'.join(lines))
            r = check(p)
            print('seed %d, altered line %d: %s' % (seed, i + 1, r))
            if not (r and 'val expected' in r):
                return 1
            # the instructions added later: in edge.vec, a changed val of a DS /
            # v_readfirstlane_b32 retire and a changed be of a sub-dword store must fail
            src = os.path.join('vectors', 'si', 'cu', 'edge.vec')
            if check(src):
                print('FAIL the unaltered edge vector must agree first')
                return 1
            lines = open(src).read().split('\n')
            new = lambda t: (int(t[5], 16) >> 26 == 0x36
                             or (int(t[5], 16) >> 25 == 0x3F and (int(t[5], 16) >> 9) & 0xFF == 2))
            rets = [i for i, l in enumerate(lines) if l.startswith('out retire') and new(l.split())]
            subs = [i for i, l in enumerate(lines) if l.startswith('out memreq')
                    and l.split()[4] == '1' and l.split()[6] != 'f']
            for idx, field, want in ((rets, 8, 'val expected'), (subs, 6, 'memory write')):
                i = random.Random(seed).choice(idx)
                t = lines[i].split()
                t[field] = '%x' % (int(t[field], 16) ^ 0x1)
                alt = lines[:i] + [' '.join(t)] + lines[i + 1:]
                p = os.path.join(tmp, 'bad.vec')
                with open(p, 'w') as f:
                    f.write('\n'.join(alt))
                r = check(p)
                print('seed %d, altered line %d of edge.vec: %s' % (seed, i + 1, r))
                if not (r and want in r):
                    return 1
            # the instructions of the last extension (MTBUF, transcendentals, readlane/writelane,
            # DS b8/b16/b64): a changed val of each one's retire record and a changed wdata of a
            # MTBUF store must fail
            isnew = {
                'tbuf.vec': lambda x: x >> 26 == 0x3A,
                'trans.vec': lambda x: x >> 25 == 0x3F and (x >> 9) & 0xFF in
                (37, 39, 42, 43, 46, 51, 53, 54),
                'lanes.vec': lambda x: (x >> 31 == 0 and (x >> 25) & 0x3F in (1, 2)) or
                (x >> 26 == 0x36 and (x >> 18) & 0xFF in (30, 31, 57, 58, 59, 60, 77, 118))}
            for name in sorted(isnew):
                src = os.path.join('vectors', 'si', 'cu', name)
                if check(src):
                    print('FAIL the unaltered %s must agree first' % name)
                    return 1
                lines = open(src).read().split('\n')
                cases = [([i for i, l in enumerate(lines) if l.startswith('out retire')
                           and isnew[name](int(l.split()[5], 16))], 8, 'val expected')]
                if name == 'tbuf.vec':               # the stores' writes (a MTBUF is the only store)
                    cases.append(([i for i, l in enumerate(lines) if l.startswith('out memreq')
                                   and l.split()[4] == '1'], 5, 'memory write'))
                for idx, field, want in cases:
                    i = random.Random(seed).choice(idx)
                    t = lines[i].split()
                    t[field] = '%08x' % (int(t[field], 16) ^ 0x100)
                    alt = lines[:i] + [' '.join(t)] + lines[i + 1:]
                    p = os.path.join(tmp, 'bad.vec')
                    with open(p, 'w') as f:
                        f.write('\n'.join(alt))
                    r = check(p)
                    print('seed %d, altered line %d of %s: %s' % (seed, i + 1, name, r))
                    if not (r and want in r):
                        return 1
            # the per-dispatch comparison of random vectors: a changed retire val and a changed
            # memory write of a dispatch without an awaiting instruction must fail
            src = os.path.join(tmp, 'r2.vec')
            subprocess.run([rcosim, 'gen', '--block', 'si.cu', '--seed', '2', '--count', '600', '-o', src],
                           check=True, stdout=subprocess.DEVNULL)
            if check_dispatches(src, []):
                print('FAIL the unaltered random vector must agree first')
                return 1
            lines = open(src).read().split('\n')
            eod_at = [int(l.split()[2].lstrip('@')) for l in lines if l.startswith('out eod')]
            disp = lambda c: next(d for d, e in enumerate(eod_at) if c <= e)
            bad_disp = {disp(int(l.split()[2].lstrip('@'))) for l in lines if l.startswith('out retire')
                        and awaiting(int(l.split()[5], 16), int(l.split()[6], 16))}
            rets = [i for i, l in enumerate(lines) if l.startswith('out retire')]
            wrs = [i for i, l in enumerate(lines) if l.startswith('out memreq') and l.split()[4] == '1'
                   and disp(int(l.split()[2].lstrip('@'))) not in bad_disp]
            for idx, field, want in ((rets, 8, 'val expected'), (wrs, 5, 'memory write')):
                i = random.Random(seed).choice(idx[:50])
                t = lines[i].split()
                t[field] = '%x' % (int(t[field], 16) ^ 0x4)
                alt = lines[:i] + [' '.join(t)] + lines[i + 1:]
                p = os.path.join(tmp, 'bad.vec')
                with open(p, 'w') as f:
                    f.write('\n'.join(alt))
                r = check_dispatches(p, [])
                print('seed %d, altered line %d of random seed 2: %s' % (seed, i + 1, r))
                if not (r and want in r):
                    return 1
            return 0
        print('unknown case ' + case)
        return 2
    finally:
        shutil.rmtree(tmp)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
