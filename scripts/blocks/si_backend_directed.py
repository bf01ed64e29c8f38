#!/usr/bin/env python3
"""si_backend_directed.py - directed stimulus for si.backend (docs/blocks/si.backend.md), and its check.

  si_backend_directed.py STIMDIR          write STIMDIR/*.stim ('rcosim gen --stimulus' makes the
                                          golden vectors; scripts/regen-vectors does all of them)
  si_backend_directed.py --check VECDIR   replay every VECDIR/stim/*.stim through an independent
                                          reference of the backend - the si.db and si.cb references
                                          of scripts/blocks/si_db_directed.py and si_cb_directed.py,
                                          chained on one memory - and compare the fragment records
                                          and each block's memory writes with VECDIR/*.vec[.gz]

The scene ('scene'), one pass per entry of PASSES, each a colour target and draws on it:
  * 'float':  a 16x8 32_32_32_32 FLOAT target, a colour ramp reaching 1.875 (the picture clamps
              it), then a quad added on top with blend ONE + ONE;
  * 'srgb':   a 16x8 8_8_8_8 NUMBER_TYPE SRGB target with a linear grey ramp (encoded to sRGB
              codes on the way out; SRGB = False leaves the pass out);
  * 'main':   a 48x32 8_8_8_8 UNORM target with a Z_32_FLOAT depth and a STENCIL_8 surface:
              cleared (ZFUNC ALWAYS), a red quad at depth 0.5 and a green quad whose depth ramps
              from 0.35 across it (they interpenetrate; depth test LESS, stencil REPLACE_TEST
              marks each), a yellow quad blended at alpha 0.5 (SRC_ALPHA, ONE_MINUS_SRC_ALPHA)
              where the stencil is not the green quad's, and a ROP3 XOR (0x66) quad at depth
              0.55 that fails the depth test over the red quad and the near part of the green
              one (DB's colour-write enable 0 there, so CB leaves them).
The last pass is the colour target in force at the end, so its picture is `color0`; the earlier
ones are `color0-1`, `color0-2` (docs/blocks/si.backend.md, "Pictures").
"""
import sys

from rcosim_py import check as chk
from rcosim_py import vector

SRGB = True           # si.cb writes NUMBER_TYPE SRGB: the 'srgb' pass below is in the scene

W, H = 48, 32
ZBUF, SBUF = 0x01000000, 0x01010000
CMAIN, CFLOAT, CSRGB = 0x02000000, 0x02100000, 0x02200000
FRAG_CYCLES = 16      # a phase's fragments are all taken before the next phase's writes


def load_refs():
    """si.db's and si.cb's own independent references (scripts/blocks/)."""
    from blocks import si_cb_directed, si_db_directed
    return si_db_directed, si_cb_directed


DB, CB = load_refs()
fb = CB.fb


class Scene:
    def __init__(self, name, title, backpressure='always', latency='1:1'):
        self.name, self.title = name, title
        self.backpressure, self.latency = backpressure, latency
        self.phases = []

    def phase(self, regs, frags):
        self.phases.append((dict(regs), list(frags)))

    def write(self, outdir):
        lines = []
        t = 10
        for regs, frags in self.phases:
            for a, d in regs.items():
                lines.append('in regw @%d %05x %08x' % (t, a, d & 0xFFFFFFFF))
            for i, (x, y, z, col) in enumerate(frags):
                col = list(col) + [0] * (8 - len(col))
                lines.append('in frag %s%04x %04x %08x 0 %s' % ('@%d ' % (t + len(regs) + 2) if i == 0 else '', x, y, z,
                                                               ' '.join('%08x' % c for c in col)))
            t += len(regs) + FRAG_CYCLES * len(frags) + 20
        vector.write_stim(
            outdir, self.name, 'si.backend', self.title, __file__, gz=True,
            notes=['si_backend_directed.py --check replays it through the chained si.db and si.cb references'],
            body=lines, backpressure=self.backpressure, latency=self.latency)


def db_regs(dctl, sctl=0, srm=0xFFFFFF00, zinfo=3, sinfo=1, w=W, h=H):
    return {DB.SIZE: (w // 8 - 1) | (h // 8 - 1) << 11, DB.DINFO: 0, DB.ZINFO: zinfo, DB.SINFO: sinfo,
            DB.ZRB: ZBUF >> 8, DB.ZWB: ZBUF >> 8, DB.SRB: SBUF >> 8, DB.SWB: SBUF >> 8, DB.RCTL: 0, DB.VIEW: 0,
            DB.OVR: 0, DB.CCTL: 0x00842100, DB.ZMIN: 0, DB.ZMAX: fb(1.0), DB.BMIN: 0, DB.BMAX: fb(1.0),
            DB.SCTL: sctl, DB.SRM: srm, DB.SRM_BF: srm, DB.DCTL: dctl}


def cb_regs(base, w, h, fmt=10, nt=0, blend=0, rop=0xCC):
    return {CB.BASE: base >> 8, CB.PITCH: w // 8 - 1, CB.SLICE: w * h // 64 - 1, CB.INFO: fmt << 2 | nt << 8,
            CB.BLEND: blend, CB.CCTL: 1 << 4 | rop << 16, CB.TMASK: 0xF, CB.SMASK: 0xF}


def quad(x0, y0, w, h, z, col):
    """Fragments of a w x h rectangle, row by row; z and col are functions of (x, y)."""
    return [(x, y, fb(z(x, y)), [fb(c) for c in col(x, y)]) for y in range(y0, y0 + h) for x in range(x0, x0 + w)]


NODEPTH = 0                                       # DB_DEPTH_CONTROL 0: no test, colour writes on
BLEND_ALPHA = 1 << 30 | 4 | 0 << 5 | 5 << 8       # SRC_ALPHA, ADD, ONE_MINUS_SRC_ALPHA (RGB and A)
BLEND_ADD = 1 << 30 | 1 | 0 << 5 | 1 << 8         # ONE, ADD, ONE


def pass_float(s):
    s.phase({**db_regs(NODEPTH), **cb_regs(CFLOAT, 16, 8, fmt=14, nt=7)},
            quad(0, 0, 16, 8, lambda x, y: 0.5, lambda x, y: (x / 8, y / 7, 0.25, 1.0)))
    s.phase(cb_regs(CFLOAT, 16, 8, fmt=14, nt=7, blend=BLEND_ADD),
            quad(4, 2, 8, 4, lambda x, y: 0.5, lambda x, y: (0.25, 0.25, 0.5, 0.0)))


def pass_srgb(s):
    s.phase({**db_regs(NODEPTH), **cb_regs(CSRGB, 16, 8, fmt=10, nt=6)},
            quad(0, 0, 16, 8, lambda x, y: 0.5, lambda x, y: (x / 15, x / 15, x / 15, 1.0)))


def pass_main(s):
    Z_ON = DB.S_EN | DB.Z_EN | DB.Z_WR
    # clear: depth 1.0, stencil 0 (ZPASS op ZERO), dark blue
    s.phase({**db_regs(Z_ON | DB.ALWAYS << 4 | DB.ALWAYS << 8, sctl=DB.ZERO << 4), **cb_regs(CMAIN, W, H)},
            quad(0, 0, W, H, lambda x, y: 1.0, lambda x, y: (0.05, 0.1, 0.3 + 0.4 * y / (H - 1), 1.0)))
    # red quad at 0.5, stencil 0x60 where it is drawn (ZPASS op REPLACE_TEST, TESTVAL 0x60)
    s.phase({DB.DCTL: Z_ON | DB.LESS << 4 | DB.ALWAYS << 8, DB.SCTL: DB.REPLACE_TEST << 4, DB.SRM: 0xFFFFFF60},
            quad(6, 4, 24, 18, lambda x, y: 0.5, lambda x, y: (0.9, 0.15 + 0.5 * (y - 4) / 17, 0.1, 1.0)))
    # green quad, depth 0.35 + 0.3 (x - 18) / 11 across: in front of the red left of x = 23.5, behind right of it
    s.phase({DB.SRM: 0xFFFFFFC0},   # stencil 0xC0
            quad(18, 10, 24, 18, lambda x, y: 0.35 + 0.3 * (x - 18) / 11, lambda x, y: (0.1, 0.8, 0.2, 1.0)))
    # yellow at alpha 0.5 over everything but the green quad (STENCILFUNC NOTEQUAL 0xC0), no depth write
    s.phase({DB.DCTL: DB.S_EN | DB.Z_EN | DB.LESS << 4 | DB.NOTEQUAL << 8, DB.SCTL: 0, DB.SRM: 0x00FFFFC0,
             CB.BLEND: BLEND_ALPHA},
            quad(2, 14, 44, 8, lambda x, y: 0.1, lambda x, y: (1.0, 0.9, 0.0, 0.5)))
    # ROP3 XOR (0x66) with white at depth 0.55: colour writes only where the depth test passes
    # (DB's cwe): not over the red quad nor over the green one left of x = 26
    s.phase({DB.DCTL: DB.Z_EN | DB.LESS << 4, CB.BLEND: 0, CB.CCTL: 1 << 4 | 0x66 << 16},
            quad(22, 2, 22, 28, lambda x, y: 0.55, lambda x, y: (1.0, 1.0, 1.0, 1.0)))


PASSES = [('float', pass_float, True), ('srgb', pass_srgb, SRGB), ('main', pass_main, True)]


def cases():
    s = Scene('scene', 'a float target, an sRGB target (when enabled) and a depth-tested, stencilled, blended '
                       'and ROP3 8_8_8_8 target with its Z_32_FLOAT depth and STENCIL_8 surfaces')
    for _, fn, on in PASSES:
        if on:
            fn(s)
    return [s, small(), small('small_stall', 'random:0.5', '1:6')]


def small(name='small', backpressure='always', latency='1:1'):
    """A short vector of the backend (the exported benches' CI case: the scene takes minutes under
    an event-driven simulator): a 16x8 8_8_8_8 target with its Z_32_FLOAT depth cleared, a quad
    depth-tested LESS against it and a quad blended at alpha 0.5 over both.  'small_stall' is the
    same case with the pix output refused at random and memory responses 1-6 cycles late (the
    vector's seed): CB's reads wait on the tag queue and DB and CB contend for the port (the shipped
    vectors answered every read on the next cycle; rcosim mutate seed 29's survivor m3663, CB's
    rvalid raised before its response, passed them)."""
    s = Scene(name, 'a short backend case: a 16x8 8_8_8_8 target and its Z_32_FLOAT depth cleared, a '
                    'depth-tested quad, a blended one' +
              ('' if name == 'small' else '; pix refused at random (0.5), memory latency 1-6'), backpressure, latency)
    z_on = DB.Z_EN | DB.Z_WR
    s.phase({**db_regs(z_on | DB.ALWAYS << 4, sinfo=0, w=16, h=8), **cb_regs(CMAIN, 16, 8)},
            quad(0, 0, 16, 8, lambda x, y: 1.0, lambda x, y: (0.1, 0.2, 0.3 + 0.05 * y, 1.0)))
    s.phase({DB.DCTL: z_on | DB.LESS << 4},
            quad(2, 1, 8, 5, lambda x, y: 0.3 + 0.05 * x, lambda x, y: (0.9, 0.2, 0.1, 1.0)))
    s.phase({DB.DCTL: DB.Z_EN | DB.LESS << 4, CB.BLEND: BLEND_ALPHA},
            quad(6, 3, 8, 4, lambda x, y: 0.4, lambda x, y: (0.1, 0.9, 0.2, 0.5)))
    return s


# ---- the chained reference -----------------------------------------------------------------------

def reference(lines):
    """The backend on a stimulus: (records (x, y, pass, cwe, cat, inc, derr, wr, cerr),
    DB's writes (addr, data, be), CB's writes (addr, data)).  A register write reaches both blocks
    only when the backend is idle (docs/blocks/si.backend.md), so the two references run one
    fragment at a time, DB then CB, on one memory and one register stream."""
    stim = vector.parse(lines)
    mem = stim.memory()
    d, c = DB.Ref(mem), CB.Ref(mem)
    c.mem = d.mem = mem
    recs = []
    for _, kind, _, _, v in vector.schedule(stim, carry=('frag',)):
        if kind == 0:
            d.r[v[0]] = v[1]
            c.r[v[0]] = v[1]
            continue
        x, y, z, back = v[:4]
        d.frag(x, y, z, back)
        px, py, pas, cwe, cat, inc, err = d.passes[-1]
        c.frag(x, y, *v[4:12], cwe)
        _, _, wr, cerr = c.pix[-1]
        recs.append((x, y, pas, cwe, cat, inc, err, wr, cerr))
    return recs, d.writes, c.writes


def vector_outputs(path):
    v = vector.read(path)
    recs = [tuple(x[:9]) for _, x in v.outputs('pix')]
    writes = [x for _, x in v.outputs('memreq') if x[1]]
    return recs, [(x[0], x[2], x[3]) for x in writes if not x[4]], [(x[0], x[2]) for x in writes if x[4]]


def check(vecdir):
    bad = n = 0
    for name, lines, vec in chk.directed(vecdir):
        for what, want, got in zip(('fragment', 'DB memory write', 'CB memory write'), reference(lines),
                                   vector_outputs(vec)):
            n += len(want)
            bad += chk.compare(name, what, got, want)
    return chk.verdict(n, bad)


def main(argv):
    return chk.main(argv, __doc__.split('\n\n')[0] + '\n', check, cases)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
