#!/usr/bin/env python3
"""run_fuzz.py - runs one libFuzzer target (tests/fuzz/) for a bounded time on a seed corpus made
from the shipped vectors; exit 0 when no crash, 77 (CTest: skipped) when the target was not built
because clang or its fuzzer runtime is missing.

Usage: run_fuzz.py FUZZ_DIR SOURCE_DIR TARGET SECONDS [extra libFuzzer options]
"""
import glob
import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile


def seeds(src, target, d):
    vecs = sorted(glob.glob(os.path.join(src, 'vectors', 'r5xx', 'cp', '*.vec')))
    for i, v in enumerate(vecs):
        data = open(v, 'rb').read()
        if target == 'fuzz_vector':
            open(os.path.join(d, 'v%03d' % i), 'wb').write(data)
        elif target == 'fuzz_vector_gz':
            open(os.path.join(d, 'v%03d' % i), 'wb').write(gzip.compress(data, mtime=0))
        elif target == 'fuzz_cp_pm4':
            words, wptr = [], 0
            for line in data.decode().splitlines():
                w = line.split()
                if w[:1] == ['mem'] and not words:
                    words = [int(x, 16) for x in w[2:]]
                elif w[:1] == ['mem'] and len(words) < 256:
                    words += [int(x, 16) for x in w[2:]]
                elif w[:3] == ['in', 'host', '0714']:
                    wptr = int(w[3], 16)
            blob = bytes([6, wptr & 0xff, wptr >> 8 & 0xff]) + b''.join(x.to_bytes(4, 'little') for x in words)
            open(os.path.join(d, 'v%03d' % i), 'wb').write(blob)
    if target == 'fuzz_regdb':
        for i, s in enumerate(['RB3D_BLENDCNTL\nALPHA_BLEND_ENABLE=1', 'CP_RB_CNTL\nRB_BUFSZ=6,RB_NO_UPDATE=1',
                               'RB3D_COLOROFFSET2\n', 'VAP_VPORT_XSCALE\n0x3f800000', 'cp_rb_base\nRB_BASE=0x100',
                               'GRBM_STATUS\n']):
            open(os.path.join(d, 's%03d' % i), 'w').write(s)


def main():
    fdir, src, target, secs = sys.argv[1:5]
    exe = os.path.join(fdir, target)
    if not os.access(exe, os.X_OK):
        print('SKIP %s: not built (clang with its fuzzer runtime not found)' % target)
        return 77
    work = tempfile.mkdtemp(prefix='rcosim-fuzz-')
    try:
        corpus = os.path.join(work, 'corpus')
        os.makedirs(corpus)
        seeds(src, target, corpus)
        cmd = [exe, '-max_total_time=%s' % secs, '-timeout=60', '-rss_limit_mb=4096', '-print_final_stats=1',
               '-artifact_prefix=' + work + '/', corpus] + sys.argv[5:]
        p = subprocess.run(cmd, cwd=work, capture_output=True, text=True)
        log = p.stdout + p.stderr
        stats = [l for l in log.splitlines() if re.match(r'stat::|#\d+\s+DONE', l)]
        print('\n'.join(stats))
        if p.returncode != 0:
            arts = [a for a in os.listdir(work) if a.startswith(('crash-', 'leak-', 'timeout-', 'oom-'))]
            print(log[-6000:])
            for a in arts:
                keep = os.path.join(os.getcwd(), '%s-%s' % (target, a))
                shutil.copy(os.path.join(work, a), keep)
                print('artifact kept: %s' % keep)
            print('FAIL %s: exit %d' % (target, p.returncode))
            return 1
        print('PASS %s: %s seconds, no crash' % (target, secs))
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
