"""Atomic output of a whole directory (a trained model): build it next to the target, then swap.

`atomic_directory(target)` yields an empty staging directory
``.NAME.lexicon-tools-tmp-PID`` next to `target`. When the block succeeds the
staging directory takes the target's place in one step; when it fails, or the
run is interrupted by Ctrl-C, SIGTERM or SIGHUP (the CLI turns them into
exceptions), the staging directory is removed and the previous target is
untouched.

The swap: a new target is a plain ``rename``. An existing one is exchanged
with the staging directory by Linux's ``renameat2(RENAME_EXCHANGE)`` (called
through ctypes; the standard library has no binding), so there is no moment
without a complete directory at the target path, even under ``kill -9``; the
old directory, now under the staging name, is then removed. Where the
exchange is not available (another OS, a file system without it) two renames
are used, target -> ``.NAME.lexicon-tools-old`` -> new in place; a run killed
between them leaves the previous directory under that name, and the next run
puts it back before it does anything else.

A run killed with SIGKILL cannot clean up: its staging directory is removed by
the next write to the same target once that process is gone (the PID in the
name tells).
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

from lexicon_tools.io.guard.atomic import _alive, _pid_of, temp_prefix

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


@contextlib.contextmanager
def atomic_directory(target: str | os.PathLike, validate=None) -> Iterator[Path]:
    """A staging directory that replaces `target` if the block succeeds.

    `validate(target)` is called on an existing target before it is replaced
    (e.g. to refuse a folder that is not a model); it raises to stop.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    _restore_interrupted_swap(target)
    remove_stale_staging(target)
    staging = target.parent / f"{temp_prefix(target)}{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    os.mkdir(staging)
    try:
        yield staging
        if os.path.lexists(target):
            if validate is not None:
                validate(target)
            _swap(staging, target)
            shutil.rmtree(staging)  # now the previous directory
        else:
            os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _old_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.lexicon-tools-old")


def _swap(staging: Path, target: Path) -> None:
    if _exchange(staging, target):
        return
    old = _old_name(target)
    shutil.rmtree(old, ignore_errors=True)
    os.rename(target, old)
    os.rename(staging, target)
    os.rename(old, staging)  # removed by the caller like the exchanged directory


def _exchange(first: Path, second: Path) -> bool:
    """Swap two paths atomically (Linux renameat2); False where that is not available."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if renameat2(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), os.fspath(second))


def _restore_interrupted_swap(target: Path) -> None:
    """A run killed between the two fallback renames left the previous directory aside: put it back."""
    old = _old_name(target)
    if old.is_dir() and not os.path.lexists(target):
        os.rename(old, target)


def remove_stale_staging(target: Path) -> list[Path]:
    """Remove staging directories next to `target` whose run is gone; returns them."""
    prefix = temp_prefix(target)
    try:
        names = [name for name in os.listdir(target.parent) if name.startswith(prefix)]
    except OSError:
        return []
    removed = []
    for name in names:
        path = target.parent / name
        pid = _pid_of(name[len(prefix):])
        if pid is None or pid == os.getpid() or _alive(pid) or not path.is_dir() or path.is_symlink():
            continue
        shutil.rmtree(path, ignore_errors=True)
        removed.append(path)
    return removed
