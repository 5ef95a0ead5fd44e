"""Path checks shared by every command that reads or writes files.

Outputs (`check_output`, `check_outputs`):

* the empty string is refused (it would name the working directory);
* a symlink is followed: the link stays, and its real target is replaced (with
  the temp file next to the real target, so the rename stays atomic);
* a directory, a character or block device, a FIFO or a socket is refused:
  renaming a temp file over it would destroy it (``board show --svg /dev/null``
  run as root used to turn /dev/null into a plain file). Commands that can print
  their result write to standard output when ``-o`` is left out;
* an output that is the same file as an input, or as another output, is refused
  (``import words.txt -o words.txt``, ``--rejects`` equal to ``-o``). Files are
  compared by device and inode when both exist, so ``../dir/words.txt``, hard
  links and symlinks are caught; an output that does not exist yet is compared
  with the other outputs by its resolved path. ``-`` as an input is standard
  input, compared by the inode behind it (``import - -o words.txt < words.txt``).

Inputs (`input_kind`, `require_regular_input`): a name for what a path is, so
that a FIFO or a device is reported as such, not as "no such file", and never
read (a FIFO would hang, /dev/zero would fill the memory). Only word-list
imports read pipes (see `readers.source`).
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path

from lexicon_tools.errors import InputFileError, OutputFileError

STDIN = "-"
PathLike = str | os.PathLike

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"))
_NOT_REGULAR_HINT = ("Give a regular file. Commands that can print their result write to standard output "
                     "when -o is left out.")


def file_kind(mode: int) -> str:
    """'a regular file', 'a directory', 'a character device', ... for an st_mode."""
    return next((name for test, name in _KINDS if test(mode)), "a regular file" if stat.S_ISREG(mode)
                else "not a regular file")


def input_kind(path: PathLike) -> str | None:
    """What `path` is, if it exists and is not a regular file ('a FIFO (named pipe)', ...); else None."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    return None if stat.S_ISREG(mode) else file_kind(mode)


def require_regular_input(path: PathLike, what: str) -> None:
    """InputFileError if `path` exists and is not a regular file (a directory, FIFO, device, socket)."""
    kind = input_kind(path)
    if kind is not None:
        raise InputFileError(f"{os.fspath(path)}: is {kind}, not {what}", "Give the path of a regular file.")


def check_output(path: PathLike, label: str = "output") -> Path:
    """The real file to replace for output `path` (symlinks followed); OutputFileError if it must not be."""
    text = os.fspath(path)
    if not str(text).strip():
        raise OutputFileError(f"the {label} path is empty", "Give a file name, e.g. -o entries.jsonl.")
    real = Path(os.path.realpath(text))
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        return real
    except NotADirectoryError as exc:
        raise OutputFileError(f"cannot write {text}: a part of the path is a file, not a directory",
                              "Choose a path whose folders are folders.") from exc
    except OSError as exc:
        raise OutputFileError(f"cannot write {text}: {exc.strerror}", "Choose a writable output path.") from exc
    if stat.S_ISREG(mode):
        return real
    if stat.S_ISDIR(mode):
        raise OutputFileError(f"{text}: is a directory; the {label} must be a file",
                              f"Give a file name inside it, e.g. {Path(text) / 'out'}.")
    raise OutputFileError(f"{text}: is {file_kind(mode)}; writing the {label} would replace it with a plain file",
                          _NOT_REGULAR_HINT)


def check_outputs(outputs: Iterable[PathLike | None], inputs: Iterable[PathLike | None] = ()) -> None:
    """Refuse unusable outputs and any output that is the same file as an input or another output.

    Call it before any work, with every file the command writes and every file it
    reads (None entries are skipped; inputs that do not exist cannot be
    overwritten and are skipped too). Raises `OutputFileError` (exit 2).
    """
    seen: list[tuple[object, str]] = []
    for output in outputs:
        if output is None:
            continue
        real = check_output(output)
        key = _identity(real) or ("path", str(real))
        for other_key, other in seen:
            if other_key == key:
                same = (f"{other} is named as two outputs" if os.fspath(output) == other
                        else f"the outputs {os.fspath(output)} and {other} are the same file")
                raise OutputFileError(same, "Give each output its own path, e.g. -o entries.jsonl "
                                            "--rejects rejects.jsonl.")
        seen.append((key, os.fspath(output)))
    for source in inputs:
        if source is None:
            continue
        key = _stdin_identity() if os.fspath(source) == STDIN else _identity(source)
        if key is None:
            continue
        for other_key, output in seen:
            if other_key == key:
                what = "standard input" if os.fspath(source) == STDIN else f"the input {os.fspath(source)}"
                raise OutputFileError(f"{output} is the same file as {what}: writing it would destroy the input",
                                      "Write the output to another file; the input was not changed.")


def _identity(path: PathLike) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino


def _stdin_identity() -> tuple[int, int] | None:
    try:
        info = os.fstat(sys.stdin.fileno())
    except (OSError, ValueError, AttributeError):
        return None
    return info.st_dev, info.st_ino


def open_regular(path: PathLike, what: str, hint: str = "Give the path of a regular file.", *,
                 fifo_ok: bool = False):
    """`path` opened for binary reading if it is a regular file; else InputFileError naming what it is.

    The file is opened without blocking and checked on its descriptor (fstat), so a FIFO
    without a writer is refused at once instead of hanging in ``open``, and a device such
    as /dev/zero is never read (it would fill the memory). Missing and unreadable files are
    InputFileErrors too. This is the one "regular file only" input check of the commands
    that read a whole file (leave, KLV, verdict and entry files, lexicons).

    ``fifo_ok`` lets a reader that streams its input once, in bounded lines (`filter`'s entries),
    take a named pipe as `import` does: it is then opened again in blocking mode, waiting for
    its writer like any reader of a pipe. Devices are refused either way.
    """
    text = os.fspath(path)
    try:
        fd = os.open(text, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise InputFileError(f"{text}: no such file, expected {what}", hint) from None
    except IsADirectoryError:
        raise InputFileError(f"{text}: is a directory, not {what}", hint) from None
    except OSError as exc:
        raise InputFileError(f"{text}: cannot be read ({exc.strerror}), expected {what}", hint) from None
    mode = os.fstat(fd).st_mode
    if fifo_ok and stat.S_ISFIFO(mode):
        os.close(fd)
        return open(text, "rb")
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise InputFileError(f"{text}: is {file_kind(mode)}, not {what}; it was not read", hint)
    if hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def read_regular_bytes(path: PathLike, what: str, limit: int, hint: str = "Give the path of a regular file.") -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them (`open_regular`; a longer file is refused)."""
    with open_regular(path, what, hint) as handle:
        size = os.fstat(handle.fileno()).st_size
        data = handle.read(limit + 1) if size <= limit else b""
    if size > limit or len(data) > limit:
        raise InputFileError(f"{os.fspath(path)}: is larger than {limit:,} bytes, too large for {what}",
                             f"{what[0].upper() + what[1:]} holds at most {limit:,} bytes; check that this is "
                             "the right file.")
    return data


def stdin_binary(what: str):
    """Standard input as a binary stream; InputFileError if the process was started with it closed
    (``cmd <&-``: Python then sets `sys.stdin` to None)."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise InputFileError(f"standard input is closed, so there is no {what} to read",
                             "Pipe or redirect the input into the command (e.g. `... < words.txt`), or give a file.")
    return stream
