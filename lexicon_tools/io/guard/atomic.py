"""Atomic output: write to a temp file next to the target, fsync, then rename.

An interrupted or failed write leaves the previous file untouched and no partial
file behind, because `os.replace` is atomic on POSIX and Windows.

* The target is checked first (`paths.check_output`): an empty name, a
  directory, a device, a FIFO or a socket is refused; a symlink is written
  through, so the link stays and its real target is replaced.
* The temp file is named ``.NAME.lexicon-tools-tmp-PID`` (recognisably the
  tool's). Ctrl-C, SIGTERM and SIGHUP remove it (the CLI turns them into
  exceptions). A run killed with SIGKILL cannot clean up; its temp file is
  removed by the next write to the same target once that process is gone.
* A full disk (or quota, or file size limit) becomes an `OutputFileError`,
  exit 2, with the temp file removed.
* An existing target keeps its permission bits; a new one gets the usual
  0666 minus the umask.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from lexicon_tools.errors import OutputFileError
from lexicon_tools.io.guard.paths import check_output

TMP_MARK = ".lexicon-tools-tmp-"
_NAME_ROOM = 200  # keep ".NAME.lexicon-tools-tmp-PID-N" under the usual 255-byte name limit
_DISK_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EIO}
_active: set[str] = set()  # temp files this process is writing now


@contextlib.contextmanager
def atomic_open(path: str | os.PathLike, mode: str = "w", encoding: str | None = "utf-8") -> Iterator[IO]:
    """Open a temp file next to `path`; it replaces `path` only if the block succeeds."""
    target = check_output(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temps(target)
        fd, tmp = _create_temp(target)
    except OSError as exc:
        raise OutputFileError(f"cannot write {os.fspath(path)}: {exc.strerror}",
                              "Choose a writable output path.") from exc
    _active.add(tmp)
    binary = "b" in mode
    try:
        os.fchmod(fd, _file_mode(target))
        with os.fdopen(fd, mode, encoding=None if binary else encoding) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError) and exc.errno in _DISK_ERRNOS:
            raise OutputFileError(f"cannot write {os.fspath(path)}: {exc.strerror}",
                                  "Free some space (or choose another disk) and run the command again; "
                                  "the previous file, if any, is unchanged.") from None
        raise
    finally:
        _active.discard(tmp)


def temp_prefix(target: Path) -> str:
    """The name every temp file for `target` starts with: ``.NAME.lexicon-tools-tmp-``."""
    return f".{target.name[:_NAME_ROOM]}{TMP_MARK}"


def remove_stale_temps(target: Path) -> list[Path]:
    """Remove temp files next to `target` left by runs that are gone (killed, crashed); returns them."""
    prefix = temp_prefix(target)
    removed = []
    try:
        names = [name for name in os.listdir(target.parent) if name.startswith(prefix)]
    except OSError:
        return removed
    for name in names:
        path = target.parent / name
        pid = _pid_of(name[len(prefix):])
        if pid is None or str(path) in _active or (pid != os.getpid() and _alive(pid)):
            continue
        with contextlib.suppress(OSError):
            if stat.S_ISREG(os.lstat(path).st_mode):
                os.unlink(path)
                removed.append(path)
    return removed


def _create_temp(target: Path) -> tuple[int, str]:
    base = str(target.parent / f"{temp_prefix(target)}{os.getpid()}")
    for attempt in range(100):
        tmp = base if attempt == 0 else f"{base}-{attempt}"
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), tmp
        except FileExistsError:
            continue
    raise OSError(errno.EEXIST, "too many temp files", base)


def _pid_of(tail: str) -> int | None:
    head = tail.split("-", 1)[0]
    return int(head) if head.isdigit() else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # e.g. another user's process: not ours to judge
    return True


def _file_mode(target: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        return 0o666 & ~_current_umask()


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> None:
    with atomic_open(path, "wb") as handle:
        handle.write(data)


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    with atomic_open(path, "w") as handle:
        handle.write(text)
