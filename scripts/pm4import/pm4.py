"""pm4.py - the little of PM4 (docs/blocks/r5xx.cp.md) the importer and exporter need: the register writes
of a stream (Type-0 and Type-1 packets; Type-2 is one dword; Type-3 bodies are skipped) and the
indirect buffers it starts (CP_IB_BASE/CP_IB_BUFSZ, and from an IB1 CP_IB2_BASE/CP_IB2_BUFSZ)."""

CP_IB2_BASE, CP_IB2_BUFSZ, CP_IB_BASE, CP_IB_BUFSZ = 0x730, 0x734, 0x738, 0x73C


def stream_regs(words):
    """[(register byte address, value)] of the Type-0 and Type-1 writes of a PM4 stream."""
    out, i = [], 0
    while i < len(words):
        h = words[i]
        t = h >> 30
        if t == 0:
            base, n, one = h & 0x1FFF, ((h >> 16) & 0x3FFF) + 1, (h >> 15) & 1
            out += [(4 * (base + (0 if one else k)), words[i + 1 + k]) for k in range(n) if i + 1 + k < len(words)]
            i += 1 + n
        elif t == 1:
            out += [(4 * (h & 0x7FF), words[i + 1]) if i + 1 < len(words) else None,
                    (4 * ((h >> 11) & 0x7FF), words[i + 2]) if i + 2 < len(words) else None]
            out = [x for x in out if x]
            i += 3
        elif t == 2:
            i += 1
        else:
            i += 2 + ((h >> 16) & 0x3FFF)
    return out


def find_ibs(words, mem, level):
    """[(addr, ndw, level)] of the indirect buffers a stream starts (and, from IB1s, their IB2s)."""
    regs = (CP_IB_BASE, CP_IB_BUFSZ) if level == 1 else (CP_IB2_BASE, CP_IB2_BUFSZ)
    out, base = [], 0
    for a, d in stream_regs(words):
        if a == regs[0]:
            base = d & ~3
        elif a == regs[1] and d & 0x7FFFFF:
            n = d & 0x7FFFFF
            out.append((base, n, level))
            if level == 1:
                out += find_ibs([mem.get(base + 4 * k, 0) for k in range(n)], mem, 2)
    return out
