"""state.py - the schema of a regression's OUT/farm/state.json and of a run's result.json, checked
before 'rcosim regress --resume DIR' deletes or submits anything (docs/regression.md, "Resume").

validate(state, path, outdir) raises Usage('--resume: PATH: expected ..., got ...') for the first
field that does not fit; in particular every run's 'dir' must be a relative path below OUT/runs/
(no '..', not absolute, no symbolic link on the way), since resume empties those directories.
validate_result(res, path) does the same for one result.json.
"""
import os

from rcosim_py.cli import Usage

VERSION = 1
KINDS = ('vec', 'random')


def _fail(path, what, got):
    g = repr(got)
    raise Usage('--resume: %s: expected %s, got %s' % (path, what, g if len(g) <= 80 else g[:77] + '...'))


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def _is_num(x):
    return (isinstance(x, (int, float)) and not isinstance(x, bool)) and x == x and x >= 0


def _strs(x):
    return isinstance(x, list) and all(isinstance(s, str) for s in x)


def validate(state, path, outdir):
    """Checks a loaded state.json (path names it in messages; outdir is the resumed directory)."""
    if not isinstance(state, dict):
        _fail(path, 'a JSON object {"version": 1, "a": {...}, "runs": [...], "submissions": [...]}', state)
    if state.get('version') != VERSION:
        _fail(path, '"version": %d' % VERSION, state.get('version'))
    a = state.get('a')
    if not isinstance(a, dict):
        _fail(path, '"a": an object of the suite\'s options', a)
    if not isinstance(a.get('suite'), str) or not a['suite']:
        _fail(path, '"a.suite": the suite\'s name', a.get('suite'))
    for k in ('rcosim', 'vectors'):
        if not isinstance(a.get(k), str) or not a[k]:
            _fail(path, '"a.%s": a path' % k, a.get(k))
    for k in ('timeout',):
        if a.get(k) is not None and not _is_num(a[k]):
            _fail(path, '"a.%s": a number of seconds >= 0 or null' % k, a.get(k))
    for k in ('max_failures', 'array_max', 'runs_per_task', 'jobs_given'):
        if a.get(k) is not None and not (_is_int(a[k]) and a[k] >= 0):
            _fail(path, '"a.%s": a whole number >= 0 or null' % k, a.get(k))
    if not isinstance(state.get('binary'), str) or not state['binary']:
        _fail(path, '"binary": the path of the rcosim binary', state.get('binary'))
    if 'slots' in state and not (_is_int(state['slots']) and state['slots'] >= 1):
        _fail(path, '"slots": a whole number >= 1', state['slots'])
    runs = state.get('runs')
    if not isinstance(runs, list) or not runs:
        _fail(path, '"runs": a list of at least one run', runs)
    ids, dirs = set(), set()
    root = os.path.realpath(os.path.join(outdir, 'runs'))
    for i, r in enumerate(runs):
        at = '"runs[%d]' % i
        if not isinstance(r, dict):
            _fail(path, at + '": an object', r)
        for k in ('id', 'block', 'name', 'dir'):
            if not isinstance(r.get(k), str) or not r[k]:
                _fail(path, at + '.%s": a non-empty string' % k, r.get(k))
        if r.get('kind') not in KINDS:
            _fail(path, at + '.kind": one of %s' % ', '.join(KINDS), r.get('kind'))
        if not _strs(r.get('args')):
            _fail(path, at + '.args": a list of strings', r.get('args'))
        if not _strs(r.get('cmd')) or not r['cmd']:
            _fail(path, at + '.cmd": a non-empty list of strings', r.get('cmd'))
        if not (_is_int(r.get('seed')) or isinstance(r.get('seed'), str) or r.get('seed') is None):
            _fail(path, at + '.seed": a whole number, a string or null', r.get('seed'))
        if not _is_num(r.get('cost')):
            _fail(path, at + '.cost": a number >= 0', r.get('cost'))
        env = r.get('env', {})
        if not isinstance(env, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in env.items()):
            _fail(path, at + '.env": an object of strings', env)
        d = r['dir']
        norm = os.path.normpath(d)
        parts = norm.split(os.sep)
        if os.path.isabs(d) or '\0' in d or norm != d.rstrip('/') or len(parts) != 2 or parts[0] != 'runs' \
                or parts[1] in ('.', '..'):
            _fail(path, at + '.dir": a directory runs/NAME inside %s' % outdir, d)
        real = os.path.realpath(os.path.join(outdir, d))
        if os.path.dirname(real) != root:
            _fail(path, at + '.dir": a directory runs/NAME inside %s (no symbolic link out of it)' % outdir, d)
        if r['id'] in ids:
            _fail(path, at + '.id": an id no other run has', r['id'])
        if norm in dirs:
            _fail(path, at + '.dir": a directory no other run has', d)
        ids.add(r['id'])
        dirs.add(norm)
    subs = state.get('submissions')
    if not isinstance(subs, list):
        _fail(path, '"submissions": a list', subs)
    for i, s in enumerate(subs):
        if not isinstance(s, dict) or not isinstance(s.get('job'), (str, int)) or isinstance(s.get('job'), bool):
            _fail(path, '"submissions[%d]": an object with "job"' % i, s)


def validate_result(res, path):
    """Checks a loaded result.json of one run."""
    if not isinstance(res, dict) or not (_is_int(res.get('rc')) or res.get('rc') == 'timeout'):
        _fail(path, 'a JSON object {"rc": EXIT STATUS, "seconds": N}', res)
    if 'seconds' in res and not _is_num(res['seconds']):
        _fail(path, '"seconds": a number >= 0', res['seconds'])
