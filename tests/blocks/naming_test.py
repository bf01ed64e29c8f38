#!/usr/bin/env python3
"""naming_test.py - blockgen --cmake refuses a block that breaks the naming rule (issue 22,
docs/ARCHITECTURE.md "The block contract"), and accepts the tiny block that keeps it.

Builds a minimal tree in a temporary directory (the tiny block of tests/blocks/tiny/), runs
scripts/blockgen.py --cmake on it as it is (must pass), then once per broken variant: the
manifest named after another folder, a block line naming another block, a doc line elsewhere, a
missing doc, a generator not named FAMILY_NAME_*.py, a missing generator.  Each must exit non-zero
with the message that names the manifest and what was expected.
Usage: naming_test.py PROJECT_ROOT
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(sys.argv[1])
TINY = os.path.join(ROOT, 'tests', 'blocks', 'tiny')
MANIFEST = os.path.join('rtl', 'test', 'tiny', 'tiny.block')


def blockgen(tree):
    p = subprocess.run([sys.executable, os.path.join(ROOT, 'scripts', 'blockgen.py'), '--cmake', tree,
                        os.path.join(tree, 'out.cmake')], capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def fresh(tmp, n):
    tree = os.path.join(tmp, 't%d' % n)
    shutil.copytree(TINY, tree)
    return tree


def edit(tree, old, new):
    p = os.path.join(tree, MANIFEST)
    s = open(p).read()
    assert old in s, old
    with open(p, 'w') as f:
        f.write(s.replace(old, new))


def main():
    fails = 0
    tmp = tempfile.mkdtemp(prefix='rcosim-naming-')
    try:
        rc, out = blockgen(fresh(tmp, 0))
        if rc != 0:
            print('FAIL: the tiny block as it is refused:\n' + out)
            return 1

        def gen_script(tree, name):
            d = os.path.join(tree, 'scripts', 'blocks')
            os.makedirs(d, exist_ok=True)
            open(os.path.join(d, name), 'w').close()

        cases = []
        t = fresh(tmp, 1)
        os.rename(os.path.join(t, MANIFEST), os.path.join(t, 'rtl', 'test', 'tiny', 'small.block'))
        cases.append(('manifest named after another folder', t, 'holds its manifest as tiny.block'))
        t = fresh(tmp, 2)
        edit(t, 'block  test.tiny', 'block  test.small')
        cases.append(('block line naming another block', t, 'the block line says test.small'))
        t = fresh(tmp, 3)
        edit(t, 'doc    docs/blocks/test.tiny.md', 'doc    docs/tiny.md')
        cases.append(('doc elsewhere', t, 'expected `doc docs/blocks/test.tiny.md`'))
        t = fresh(tmp, 4)
        os.remove(os.path.join(t, 'docs', 'blocks', 'test.tiny.md'))
        cases.append(('missing doc', t, 'docs/blocks/test.tiny.md does not exist'))
        t = fresh(tmp, 5)
        gen_script(t, 'tiny_directed.py')
        edit(t, 'bench', 'regen  scripts/blocks/tiny_directed.py vectors/test/tiny/stim\nbench')
        cases.append(('generator not named FAMILY_NAME_*', t, 'expected a generator named scripts/blocks/test_tiny_*.py'))
        t = fresh(tmp, 6)
        edit(t, 'bench', 'regen  scripts/blocks/test_tiny_directed.py vectors/test/tiny/stim\nbench')
        cases.append(('missing generator', t, 'scripts/blocks/test_tiny_directed.py does not exist'))
        for what, tree, want in cases:
            rc, out = blockgen(tree)
            if rc == 0 or want not in out or 'tiny' not in out:
                print('FAIL: %s: exit %d, expected non-zero and %r in:\n%s' % (what, rc, want, out))
                fails += 1
            else:
                print('ok: %s: %s' % (what, out.strip().splitlines()[-1]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print('PASS' if not fails else 'FAIL: %d case(s)' % fails)
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
