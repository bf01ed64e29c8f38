#!/usr/bin/env python3
"""scratch_test.py - adding a leaf block touches no shared file (issue 22, docs/ARCHITECTURE.md
"How to add a block").

Copies the project's tree (what git tracks, or the working files when there is no git) into a
scratch directory, adds the folders of tests/blocks/tiny/ (a manifest, one RTL module, one model
file, one vector, one tests.cmake, one doc: nothing else), configures with -DRCOSIM_BLOCKS=test.tiny,
builds, and checks that: 'rcosim list' names the block; its vector passes in lockstep and in
replay; its own tests.cmake was included (its random run passes); a wrong expected value in the
vector fails (the check can fail); and no file of the copied tree was changed.
Usage: scratch_test.py PROJECT_ROOT [--make-vector]
"""
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(sys.argv[1])
MAKE = sys.argv[2:] == ['--make-vector']     # (re)write the tiny block's golden vector
TINY = os.path.join(ROOT, 'tests', 'blocks', 'tiny')


def tracked(root):
    try:
        out = subprocess.run(['git', '-C', root, 'ls-files', '-z', '-c', '-o', '--exclude-standard'], capture_output=True, check=True).stdout
        return [f for f in out.decode().split('\0') if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if x not in ('.git',) and not x.startswith('build')]
            files += [os.path.relpath(os.path.join(d, n), root) for n in names]
        return files


def digest(path):
    with open(path, 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    return p.returncode, p.stdout + p.stderr


def main():
    scratch = tempfile.mkdtemp(prefix='rcosim-scratch-')
    try:
        src = os.path.join(scratch, 'src')
        before = {}
        for rel in tracked(ROOT):
            if rel.startswith('tests/blocks/tiny/') or rel.startswith('vectors/') or rel.startswith('docs/img/'):
                continue       # the vectors of other blocks are not needed to build
            s = os.path.join(ROOT, rel)
            if not os.path.isfile(s):
                continue
            d = os.path.join(src, rel)
            os.makedirs(os.path.dirname(d), exist_ok=True)
            shutil.copy2(s, d)
            before[rel] = digest(d)
        added = []
        for d, _, names in os.walk(TINY):
            for n in names:
                rel = os.path.relpath(os.path.join(d, n), TINY)
                if os.path.exists(os.path.join(src, rel)):
                    print('FAIL: the tiny block would overwrite %s' % rel)
                    return 1
                os.makedirs(os.path.dirname(os.path.join(src, rel)), exist_ok=True)
                shutil.copy2(os.path.join(d, n), os.path.join(src, rel))
                added.append(rel)
        print('scratch: %d files of the tree, %d added: %s' % (len(before), len(added), ', '.join(sorted(added))))
        build = os.path.join(scratch, 'build')
        rc, out = run(['cmake', '-S', src, '-B', build, '-G', 'Ninja', '-DCMAKE_BUILD_TYPE=Release',
                       '-DRCOSIM_BLOCKS=test.tiny', '-DRCOSIM_SANITIZE_OWN=OFF', '-DRCOSIM_SYSTEMC=OFF'])
        if rc:
            print(out[-4000:])
            print('FAIL: configure')
            return 1
        rc, out = run(['cmake', '--build', build, '-j', str(os.cpu_count() or 1), '--target', 'rcosim'])
        if rc:
            print(out[-4000:])
            print('FAIL: build')
            return 1
        rcosim = os.path.join(build, 'rcosim')
        rc, out = run([rcosim, 'list'])
        if rc or 'test.tiny' not in out:
            print(out)
            print('FAIL: rcosim list does not name test.tiny')
            return 1
        vec = os.path.join(src, 'vectors', 'test', 'tiny', 'three.vec')
        made = os.path.join(scratch, 'three.vec')
        rc, out = run([rcosim, 'gen', '--stimulus', os.path.join(src, 'vectors', 'test', 'tiny', 'stim', 'three.stim'),
                       '-o', made, '--quiet'])
        if rc:
            print(out)
            print('FAIL: gen of the tiny stimulus')
            return 1
        if MAKE:
            shutil.copy(made, os.path.join(TINY, 'vectors', 'test', 'tiny', 'three.vec'))
            print('wrote the golden vector tests/blocks/tiny/vectors/test/tiny/three.vec')
            return 0
        if digest(made) != digest(vec):
            print('FAIL: rcosim gen of the stimulus differs from the committed golden vector')
            return 1
        for sub in ('run', 'replay'):
            rc, out = run([rcosim, sub, '--vector', vec])
            print(out.strip())
            if rc:
                print('FAIL: %s of the tiny vector' % sub)
                return 1
        rc, out = run(['ctest', '--test-dir', build, '-R', r'^test\.tiny\.random$', '--output-on-failure'])
        if rc or '1 tests passed' not in out.replace('100% tests passed', '1 tests passed'):
            print(out)
            print('FAIL: the block\'s own tests.cmake did not run or did not pass')
            return 1
        bad = os.path.join(scratch, 'bad.vec')
        with open(vec) as f, open(bad, 'w') as g:
            text = f.read()
            if ' 1fe' not in text:
                print('FAIL: the golden vector has no sum 1fe')
                return 1
            g.write(text.replace(' 1fe', ' 1fd'))
        rc, out = run([rcosim, 'run', '--vector', bad])
        if rc != 1 or 'MISMATCH' not in out:
            print(out)
            print('FAIL: a wrong expected sum was not caught (exit %d)' % rc)
            return 1
        changed = [rel for rel, h in before.items() if digest(os.path.join(src, rel)) != h]
        if changed:
            print('FAIL: shared files changed: %s' % ', '.join(changed))
            return 1
        print('PASS: test.tiny added as %d files in its own folders; no shared file touched' % len(added))
        return 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
