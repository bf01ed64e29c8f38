"""test_rcosim.py - a cocotb test of one golden vector, exported by rcosim (docs/export.md).

Written by 'rcosim export --format cocotb' beside rcosim_vector.py (the vector's description:
channels, fields, masks, seeds) and the $readmemh data files of the SystemVerilog export, which
it reads.  It drives the block exactly as the rcosim engine does (bridge/rc_loop.c, rc_cycle.c, rc_policy.c): two reset
cycles, then per cycle the output readies, the inputs, the memory agent's responses, evaluation
with the clock low, the check of every output against the vector, handshakes and the edge.

Tests:
  test_exact    the vector's own back-pressure and memory latency (seeded as the engine seeds
                them); each output at its cycle stamp
  test_ordered  the same drive, checked in ordered mode (order and content of each channel)
Select with COCOTB_TEST_FILTER; cocotb writes the JUnit file (COCOTB_RESULTS_FILE, results.xml).
cocotb seeds Python's random from COCOTB_RANDOM_SEED and prints it; the bench draws nothing from it:
every back-pressure and latency draw comes from the vector's seed, or the cycles would not match.
(Random readies of our own are no use either: on ZB and RB3D they reorder the memory requests, so
even the ordered check of the vector no longer holds.)
"""
import os

import cocotb
from cocotb.triggers import Timer

import rcosim_vector as V

M64 = (1 << 64) - 1


def sm_mix(s):
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


class Stream:
    """bridge/rc_rng.h splitmix64 from a start state computed at export."""

    def __init__(self, state):
        self.s = state

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & M64
        return sm_mix(self.s)

    def below(self, n):
        return (self.next() * n) >> 64


def read_rows(name, fields):
    here = os.path.dirname(os.path.abspath(__file__))
    rows = []
    with open(os.path.join(here, name)) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            x = int(line, 16)
            vals = []
            for w in reversed([fw for _, fw, _, _ in fields]):
                vals.append(x & ((1 << w) - 1))
                x >>= w
            rows.append((x, list(reversed(vals))))
    return rows


class Mem:
    """One memory port's image and in-order response queue (bridge/rc_mem.c)."""

    def __init__(self, port, preload):
        self.port = port
        self.img = dict(preload)
        self.q = []
        self.rng = Stream(port['rng'])

    def read(self, addr):
        d = 0
        for b in range(self.port['bytes']):
            d |= self.img.get((addr + b) & 0xFFFFFFFF, 0) << (8 * b)
        return d


def sig(dut, name):
    return getattr(dut, name)


def differs(ch, x, a):
    names = []
    for i, (fname, width, mask, cond) in enumerate(ch['fields']):
        if (x[i] ^ a[i]) & mask == 0:
            continue
        if cond is not None:
            ci = [f[0] for f in ch['fields']].index(cond)
            if x[ci] == 0 and a[ci] == 0:
                continue
        names.append(fname)
    return ','.join(names)


def table(dut, ch, x, a):
    lines = ['    field      vector                   rtl']
    for i, (fname, width, mask, cond) in enumerate(ch['fields']):
        dig = (width + 3) // 4
        xs = '0x%0*x' % (dig, x[i]) if x is not None else '-'
        as_ = '0x%0*x' % (dig, a[i]) if a is not None else '-'
        d = x is not None and a is not None and fname in differs(ch, x, a).split(',')
        nc = mask == 0
        if cond is not None and x is not None and a is not None:
            ci = [f[0] for f in ch['fields']].index(cond)
            nc = nc or (x[ci] == 0 and a[ci] == 0)
        lines.append('  %s %-10s %-24s %s%s' % ('*' if d else ' ', fname, xs, as_, '   (not compared)' if nc else ''))
    for l in lines:
        dut._log.info(l)
    return lines


async def run(dut, ordered, ready_fn):
    chans = V.CHANNELS
    ins = {c['name']: read_rows('in_%s.hex' % c['name'], c['fields'])[:c['n']] for c in chans
           if c['dir'] == 'in' and not c['agent']}
    exp = {c['name']: read_rows('exp_%s.hex' % c['name'], c['fields'])[:c['n']] for c in chans if c['dir'] == 'out'}
    preload = {}
    for a, words in V.MEM:
        for i, w in enumerate(words):
            for b in range(4):
                preload[a + 4 * i + b] = (w >> (8 * b)) & 0xFF
    mems = [Mem(p, preload) for p in V.MEMORY]
    rsp_of = {p['rsp']: m for p, m in zip(V.MEMORY, mems)}
    req_of = {p['req']: m for p, m in zip(V.MEMORY, mems)}
    inpos = {n: 0 for n in ins}
    exppos = {n: 0 for n in exp}
    fired = {n: 0 for n in exp}

    def drive(c, valid, vals):
        sig(dut, '%s_valid_i' % c['name']).value = valid
        for (fname, _, _, _), v in zip(c['fields'], vals):
            sig(dut, '%s_%s_i' % (c['name'], fname)).value = v

    # Reset: every input 0, two cycles with rst_ni low.
    dut.clk_i.value = 0
    dut.rst_ni.value = 0
    for c in chans:
        if c['dir'] == 'in':
            drive(c, 0, [0] * len(c['fields']))
        else:
            sig(dut, '%s_ready_i' % c['name']).value = 0
    for _ in range(2):
        await Timer(5, 'ns')
        dut.clk_i.value = 1
        await Timer(5, 'ns')
        dut.clk_i.value = 0
    dut.rst_ni.value = 1
    cycle = 0
    last_progress = 0
    label = '%s %s' % (V.BLOCK, V.NAME)
    while True:
        ready = ready_fn(cycle)
        for c in chans:
            if c['dir'] == 'out':
                sig(dut, '%s_ready_i' % c['name']).value = ready[c['name']]
            elif c['agent']:
                m = rsp_of[c['name']]
                if m.q and m.q[0][0] <= cycle:
                    drive(c, 1, [m.q[0][1] if f[0] == 'data' else 0 for f in c['fields']])
                else:
                    drive(c, 0, [0] * len(c['fields']))
            else:
                rows, p = ins[c['name']], inpos[c['name']]
                if p < len(rows) and rows[p][0] <= cycle:
                    drive(c, 1, rows[p][1])
                else:
                    drive(c, 0, [0] * len(c['fields']))
        await Timer(5, 'ns')
        hs = {}
        for c in chans:
            v = sig(dut, '%s_valid_%s' % (c['name'], 'i' if c['dir'] == 'in' else 'o')).value
            r = sig(dut, '%s_ready_%s' % (c['name'], 'o' if c['dir'] == 'in' else 'i')).value
            if not (v.is_resolvable and r.is_resolvable):
                assert False, 'cycle %d: channel %s: valid or ready unknown (%s, %s)' % (cycle, c['name'], v, r)
            hs[c['name']] = int(v) == 1 and int(r) == 1
        for c in chans:
            if c['dir'] != 'out':
                continue
            n = c['name']
            rows, p = exp[n], exppos[n]
            due = p < len(rows) and (ordered or rows[p][0] == cycle)
            act = None
            if hs[n]:
                act = []
                for f in c['fields']:
                    val = sig(dut, '%s_%s_o' % (n, f[0])).value
                    assert val.is_resolvable, 'cycle %d: %s_%s_o is %s' % (cycle, n, f[0], val)
                    act.append(int(val))
            if not hs[n]:
                if not ordered and due:
                    dut._log.error('MISMATCH %s at cycle %d: channel %s (out), transaction #%d: expected by the vector at'
                                   ' this cycle, rtl did not fire (valid %d, ready %d)' %
                                   (V.BLOCK, cycle, n, p, int(sig(dut, n + '_valid_o').value), ready[n]))
                    table(dut, c, rows[p][1], None)
                    assert False, 'FAIL %s: channel %s #%d did not fire at cycle %d' % (label, n, p, cycle)
                continue
            if not due:
                when = 'next expected at cycle %d' % rows[p][0] if p < len(rows) else 'none left'
                dut._log.error('MISMATCH %s at cycle %d: channel %s (out), transaction #%d: rtl fired, the vector expects'
                               ' no transaction here (%s)' % (V.BLOCK, cycle, n, p, when))
                table(dut, c, None, act)
                assert False, 'FAIL %s: channel %s #%d unexpected at cycle %d' % (label, n, p, cycle)
            d = differs(c, rows[p][1], act)
            if d:
                if ordered:
                    dut._log.error('MISMATCH %s (ordered) at cycle %d: channel %s (out), transaction #%d: field %s differs'
                                   ' (expected: vector at cycle %d, actual: rtl at cycle %d)' % (V.BLOCK, cycle, n, p, d, rows[p][0], cycle))
                else:
                    dut._log.error('MISMATCH %s at cycle %d: channel %s (out), transaction #%d: field %s differs'
                                   ' (expected: vector, actual: rtl)' % (V.BLOCK, cycle, n, p, d))
                table(dut, c, rows[p][1], act)
                assert False, 'FAIL %s: cycle %d: channel %s #%d field %s differs' % (label, cycle, n, p, d)
            exppos[n] += 1
        for c in chans:
            if c['dir'] == 'out' and not hs[c['name']] and not ordered:
                rows, p = exp[c['name']], exppos[c['name']]
                if p < len(rows) and rows[p][0] == cycle:
                    exppos[c['name']] += 1
        # done?
        idle = True
        if V.IDLE:
            st = sig(dut, V.IDLE + '_o').value
            idle = st.is_resolvable and int(st) == 1
        if idle and all(inpos[n] >= len(ins[n]) for n in ins) and all(not m.q for m in mems):
            break
        moved = any(hs.values())
        for c in chans:
            if hs[c['name']]:
                if c['dir'] == 'in' and not c['agent']:
                    inpos[c['name']] += 1
                elif c['dir'] == 'out':
                    fired[c['name']] += 1
        for c in chans:
            if c['dir'] == 'in' and c['agent'] and hs[c['name']]:
                rsp_of[c['name']].q.pop(0)
        for c in chans:
            if c['dir'] == 'out' and c['agent'] and hs[c['name']]:
                m = req_of[c['name']]
                vals = {f[0]: int(sig(dut, '%s_%s_o' % (c['name'], f[0])).value) for f in c['fields']}
                nb = m.port['bytes']
                addr = vals['addr'] & ~(nb - 1) & 0xFFFFFFFF
                if vals.get('we', 0):
                    be = vals.get('be', (1 << nb) - 1)
                    for b in range(nb):
                        if be >> b & 1:
                            m.img[addr + b] = (vals.get('wdata', 0) >> (8 * b)) & 0xFF
                else:
                    lo, hi = V.LATENCY
                    lat = lo + (m.rng.below(hi - lo + 1) if hi > lo else 0)
                    m.q.append((cycle + lat, m.read(addr)))
        dut.clk_i.value = 1
        await Timer(5, 'ns')
        dut.clk_i.value = 0
        waiting = any(inpos[n] < len(ins[n]) and ins[n][inpos[n]][0] > cycle for n in ins)
        if moved or (cycle - last_progress >= V.WATCHDOG and waiting):
            last_progress = cycle
        elif cycle - last_progress >= V.WATCHDOG:
            assert False, 'HANG %s at cycle %d: no handshake on any channel for %d cycles' % (V.BLOCK, cycle, V.WATCHDOG)
        cycle += 1
    for c in chans:
        n = c['name']
        if c['dir'] == 'out' and exppos[n] < len(exp[n]):
            p = exppos[n]
            dut._log.error('HANG %s at cycle %d: channel %s (out), transaction #%d expected by the vector (at cycle %d)'
                           ' never came; rtl went idle after %d of %d' % (V.BLOCK, cycle, n, p, exp[n][p][0], fired[n], len(exp[n])))
            assert False, 'FAIL %s: channel %s #%d never came' % (label, n, p)
    dut._log.info('PASS %s: %d cycles, %d output transactions checked (%s)' %
                  (label, cycle, sum(fired.values()), 'ordered' if ordered else 'exact'))


def vector_readies():
    """The vector's back-pressure policy, from the engine's seeded streams (bridge/rc_policy.c)."""
    streams = {c['name']: Stream(c['rng']) for c in V.CHANNELS if c['dir'] == 'out'}
    burst = {n: [0, 0] for n in streams}

    def ready(cycle):
        out = {}
        for n, s in streams.items():
            kind, val = V.POLICY
            if kind == 'always':
                out[n] = 1
            elif kind == 'random':
                out[n] = 1 if (s.next() >> 11) < val else 0
            else:
                st = burst[n]
                if st[1] == 0:
                    st[0] ^= 1
                    st[1] = 1 + s.below(val)
                st[1] -= 1
                out[n] = st[0]
        return out
    return ready


@cocotb.test()
async def test_exact(dut):
    """The vector as rcosim runs it: its back-pressure policy and memory latency, exact cycles."""
    await run(dut, False, vector_readies())


@cocotb.test()
async def test_ordered(dut):
    """The same run checked in ordered mode: only the order and content of each channel."""
    await run(dut, True, vector_readies())
