#!/usr/bin/env python3
"""si.compute's front-end reference (docs/blocks/si.compute.md §1-3), packet level.

    si_compute_ref.py VECTOR...       replay each vector's PM4 stream through the rules of the doc
                                      and compare, in order, the `ev` records (kind, header,
                                      groups, waves, errs) and the fence writes (the memory
                                      writes just before a fence's record) with the vector's

Written from the doc alone, not from the RTL or the C model.  What it predicts: which packets
end in which event, the work-group walk (START or 0 to DIM - 1, partial sizes at the last group
with PARTIAL_TG_EN), the waves of each group (ceil(n/64), none for n = 0 or n > 512, the latter
counted as one err), the fence's address, data and width.  What it takes from the vector: the
waves ended by err inside si.cu (the retire records with err = 1 between two events), which
depend on the programs (si.cu's own reference checks those).
"""
import sys


def events(dwords):
    """[(kind, hdr, groups, waves, oversize_errs, fence_writes)] of a PM4 stream."""
    start, nt = [0, 0, 0], [0, 0, 0]
    out, i = [], 0
    while i < len(dwords):
        h = dwords[i]
        i += 1
        t, cnt, op = h >> 30, (h >> 16) & 0x3FFF, (h >> 8) & 0xFF
        if t == 2:
            continue
        if t == 1:
            out.append((2, h, 0, 0, 0, []))
            continue
        body = dwords[i:i + cnt + 1]
        i += cnt + 1
        if len(body) < cnt + 1:
            break                                         # the stream ends inside a packet
        if t == 0:
            out.append((2, h, 0, 0, 0, []))
        elif op == 0x10:
            pass
        elif op == 0x76:
            a = (0xB000 + 4 * (body[0] & 0xFFFF)) & 0xFFFFF
            for v in body[1:]:
                if 0xB810 <= a <= 0xB818:
                    start[(a - 0xB810) // 4] = v
                elif 0xB81C <= a <= 0xB824:
                    nt[(a - 0xB81C) // 4] = v
                a = (a + 4) & 0xFFFFF
        elif op == 0x15 and cnt >= 3:
            dim, init = body[0:3], body[3]
            s = [0, 0, 0] if init & 4 else list(start)
            groups = waves = errs = 0
            if init & 1 and all(dim[k] > s[k] for k in range(3)):
                for z in range(s[2], dim[2]):
                    for y in range(s[1], dim[1]):
                        for x in range(s[0], dim[0]):
                            n = 1
                            for k, g in enumerate((x, y, z)):
                                part = init & 2 and g == dim[k] - 1
                                n *= (nt[k] >> 16) if part else (nt[k] & 0xFFFF)
                            groups += 1
                            if n > 512:             # si.cu's 8 wave slots
                                errs += 1
                            else:
                                waves += (n + 63) // 64
            out.append((0, h, groups, waves, errs, []))
        elif (op == 0x47 and cnt >= 4) or (op == 0x49 and cnt >= 5):
            rel = op == 0x49
            sel = (body[1] if rel else body[2]) >> 29
            addr = (body[2] if rel else body[1]) & 0xFFFFFFFC
            lo, hi = (body[4], body[5]) if rel else (body[3], body[4])
            if sel > 2:
                out.append((2, h, 0, 0, 0, []))
            else:
                w = [] if sel == 0 else [(addr, lo)] if sel == 1 else [(addr, lo), ((addr + 4) & 0xFFFFFFFF, hi)]
                out.append((1, h, addr, lo, 0, w))
        else:
            out.append((2, h, 0, 0, 0, []))
    return out


def check(path):
    pm4, evs, writes, retires = [], [], [], []
    for line in open(path):
        t = line.split()
        if t[:2] == ['in', 'pm4']:
            pm4.append(int(t[-1], 16))
        elif t[:2] == ['out', 'ev']:
            evs.append((int(t[2][1:]), [int(x, 16) for x in t[3:8]]))
        elif t[:2] == ['out', 'memreq'] and t[4] == '1':
            writes.append((int(t[2][1:]), int(t[3], 16), int(t[5], 16), int(t[6], 16)))
        elif t[:2] == ['out', 'retire']:
            retires.append((int(t[2][1:]), t[-1] == '1'))
    want = events(pm4)
    errs = []
    if len(want) != len(evs):
        errs.append('%d ev records, the reference expects %d' % (len(evs), len(want)))
    prev = -1
    for n, ((cyc, got), (kind, hdr, groups, waves, oversize, fw)) in enumerate(zip(evs, want)):
        inside = sum(1 for c, e in retires if prev < c <= cyc and e) if kind == 0 else 0
        exp = [kind, hdr, groups, waves & 0xFFFFFFFF, (oversize + inside) & 0xFFFF]
        if got != exp:
            errs.append('ev #%d @%d: %s, the reference %s' % (n, cyc, ' '.join('%x' % x for x in got),
                                                            ' '.join('%x' % x for x in exp)))
        if fw:
            before = [(a, d, be) for c, a, d, be in writes if c < cyc][-len(fw):]
            if before != [(a, d, 0xF) for a, d in fw]:
                errs.append('ev #%d @%d: fence writes %s, the reference %s' % (n, cyc, before, fw))
        prev = cyc
    return len(evs), errs


def main():
    if len(sys.argv) < 2:
        sys.exit('usage: si_compute_ref.py VECTOR...')
    bad = 0
    for p in sys.argv[1:]:
        n, errs = check(p)
        if errs:
            bad += 1
            print('FAIL %s: %d differences, first: %s' % (p, len(errs), '; '.join(errs[:3])))
        else:
            print('ok %s: %d ev records and their fence writes agree' % (p, n))
    print('PASS' if not bad else 'FAIL: %d vector(s)' % bad)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
