#!/usr/bin/env python3
"""wiring_test.py ROOT CASE - scripts/compgen.py's checks catch wrong wiring (si.backend's manifest
as the example).  Each case copies rtl/, model/si/backend and the doc to a scratch tree, breaks one
thing and expects compgen to refuse it with the right message:
  stale         an edited generated top          -> --check exit 1, names the file
  undriven      a wire line dropped               -> exit 2, "cb.frag_valid is not driven"
  twice         a sink wired twice                -> exit 2, "driven twice"
  unused        an open line dropped              -> exit 2, "db.memrsp_ready is used nowhere"
  width         a field wired to a wider one      -> exit 2, "is 14 bits"
  nodoc         the glue's doc section renamed    -> exit 2, "no section of its own"
  current       nothing changed                   -> exit 0
"""
import os
import shutil
import subprocess
import sys
import tempfile


def main(root, case):
    tmp = tempfile.mkdtemp(prefix='rc-wiring-')
    try:
        shutil.copytree(os.path.join(root, 'rtl'), os.path.join(tmp, 'rtl'))
        shutil.copytree(os.path.join(root, 'model', 'si', 'backend'), os.path.join(tmp, 'model', 'si', 'backend'))
        # the docs and generators the manifests name (the naming rule checks they exist)
        shutil.copytree(os.path.join(root, 'docs', 'blocks'), os.path.join(tmp, 'docs', 'blocks'))
        shutil.copytree(os.path.join(root, 'scripts', 'blocks'), os.path.join(tmp, 'scripts', 'blocks'))
        man = os.path.join(tmp, 'rtl', 'si', 'backend', 'backend.block')
        text = open(man).read()

        def edit(path, old, new):
            t = open(path).read()
            if old not in t:
                sys.exit('FAIL: %r not in %s' % (old, path))
            open(path, 'w').write(t.replace(old, new, 1))
        want_rc, want = 0, 'si.backend current'
        if case == 'stale':
            edit(os.path.join(tmp, 'rtl', 'si', 'backend', 'si_backend.sv'), 'assign idle_o = join_idle;',
                 'assign idle_o = 1\'b1;')
            want_rc, want = 1, 'rtl/si/backend/si_backend.sv is not what si.backend\'s manifest gives'
        elif case == 'undriven':
            edit(man, 'wire   join.cb_frag -> cb.frag\n', '')
            want_rc, want = 2, 'cb.frag_valid is not driven'
        elif case == 'twice':
            edit(man, 'wire   join.idle    -> idle\n', 'wire   join.idle    -> idle\nwire   db.idle -> idle\n')
            want_rc, want = 2, 'idle is driven twice'
        elif case == 'unused':
            edit(man, 'open   db.memrsp.ready cb.memrsp.ready\n', 'open   cb.memrsp.ready\n')
            want_rc, want = 2, 'db.memrsp_ready is used nowhere'
        elif case == 'width':
            edit(man, 'wire   cb.pix.err   -> pix.cerr\n', 'wire   cb.pix.err   -> pix.cerr\nwire   cb.pix.x -> cnt0\n')
            want_rc, want = 2, 'cb.pix_x is 14 bits, cnt0 is 32'
        elif case == 'nodoc':
            edit(os.path.join(tmp, 'docs', 'blocks', 'si.backend.md'), '### si_backend_arb:', '### the arbiter:')
            want_rc, want = 2, 'glue module si_backend_arb has no section of its own'
        elif case != 'current':
            sys.exit('unknown case %s' % case)
        del text
        p = subprocess.run([sys.executable, os.path.join(root, 'scripts', 'compgen.py'), '--check', tmp, 'si.backend'],
                           capture_output=True, text=True)
        out = p.stdout + p.stderr
        if p.returncode != want_rc or want not in out:
            sys.exit('FAIL %s: exit %d (want %d), output:\n%s\n(want %r)' % (case, p.returncode, want_rc, out, want))
        print('PASS %s: exit %d, %s' % (case, p.returncode, want))
    finally:
        shutil.rmtree(tmp)


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
