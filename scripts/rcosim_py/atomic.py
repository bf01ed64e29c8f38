"""atomic.py - write a file so that a reader sees the old file or the whole new one, never half.

The text goes to PATH.rcosim-tmp.PID (the temporary name bridge/rc_args.c uses, so stale
temporaries of either side are recognised), which is then renamed over PATH.  A temporary left
by a writer that is gone (its process no longer exists) is removed on the next write.
"""
import json
import os

TMP_TAG = '.rcosim-tmp.'


def tmp_name(path):
    """PATH.rcosim-tmp.PID; stale temporaries of PATH (their writer is gone) are removed."""
    d, base = os.path.split(os.path.abspath(path))
    try:
        names = os.listdir(d)
    except OSError:
        names = []
    for n in names:
        pid = n[len(base + TMP_TAG):]
        if not n.startswith(base + TMP_TAG) or not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
            continue                  # its writer is alive
        except ProcessLookupError:
            pass
        except PermissionError:
            continue                  # alive, another user's
        try:
            os.unlink(os.path.join(d, n))
        except OSError:
            pass
    return '%s%s%d' % (path, TMP_TAG, os.getpid())


def write_atomic(path, data, encoding='utf-8', errors='backslashreplace'):
    """Writes data (str, or bytes) to path under a temporary name, then renames it into place."""
    tmp = tmp_name(path)
    try:
        if isinstance(data, bytes):
            with open(tmp, 'wb') as f:
                f.write(data)
        else:
            with open(tmp, 'w', encoding=encoding, errors=errors, newline='\n') as f:
                f.write(data)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def write_json_atomic(path, obj):
    """obj as indented JSON (one space), a newline at the end, written atomically."""
    write_atomic(path, json.dumps(obj, indent=1) + '\n')


def copy_atomic(src, path):
    """The bytes of src written atomically to path."""
    with open(src, 'rb') as f:
        write_atomic(path, f.read())
