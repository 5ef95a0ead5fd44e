"""Open an input file for reading: transparent decompression, byte counting, named errors.

Compression is recognised by magic bytes, not by the file name, so a renamed
file still works: gzip (``1f 8b``), bzip2 (``BZh``) and xz (``fd 37 7a 58 5a 00``).
The raw (compressed) bytes consumed are reported to an optional progress bar,
whose total is the file size, so the bar is accurate for compressed input too.

What can be read:

* a regular file (opened twice: once to detect the format, once to read);
* ``-``, standard input, and pipes and FIFOs (``<(zcat list.gz)``,
  ``/dev/stdin`` when it is a pipe, ``mkfifo``): these cannot be rewound, so
  the first `PREFIX_BYTES` are read once, kept in memory for format and
  compression detection, and replayed in front of the rest when reading.
  Such an input can be read once;
* anything else (a directory, a character or block device such as /dev/zero or
  a terminal, a socket) is refused with a message naming what it is.

Truncated or corrupt compressed data becomes an `InputStreamError` naming the
file and the compressed byte offset, instead of a bare EOFError/LZMAError. The
data decompressed before the damage is delivered first (the error comes with
the next read), so ``--on-error skip`` keeps the entries read before it.
"""

from __future__ import annotations

import bz2
import contextlib
import gzip
import io
import lzma
import os
import stat
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from lexicon_tools.errors import InputFileError, InputStreamError
from lexicon_tools.io.guard.paths import STDIN, file_kind, stdin_binary

MAGIC = ((b"\x1f\x8b", "gzip"), (b"BZh", "bz2"), (b"\xfd7zXZ\x00", "xz"))
COMPRESSION_SUFFIXES = {".gz": "gzip", ".bz2": "bz2", ".xz": "xz"}
PREFIX_BYTES = 1 << 16
_DECOMPRESSION_ERRORS = (EOFError, OSError, lzma.LZMAError, zlib.error)
_PIECE = 1 << 16


class InputSource:
    """One input: its display name, size (None for pipes) and compression."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.name = self.path.name
        self.size: int | None = None
        self._pipe: IO[bytes] | None = None  # set for stdin, pipes and FIFOs
        self._prefix = b""
        if os.fspath(path) == STDIN:
            self.name = "stdin"
            self._pipe = stdin_binary("dictionary")
            self._prefix = _read_prefix(self._pipe)
            magic = self._prefix
        else:
            magic = self._check_file()
        self.compression = next((kind for prefix, kind in MAGIC if magic.startswith(prefix)), None)

    def _check_file(self) -> bytes:
        try:
            mode = os.stat(self.path).st_mode
            if stat.S_ISDIR(mode):
                raise InputFileError(f"{self.path}: is a directory, not a dictionary file",
                                     "Give the dictionary files themselves (e.g. DIR/*.xml).")
            if stat.S_ISFIFO(mode):
                self._pipe = open(self.path, "rb", buffering=0)
                self._prefix = _read_prefix(self._pipe)
                return self._prefix
            if not stat.S_ISREG(mode):
                raise InputFileError(f"{self.path}: is {file_kind(mode)}, not a dictionary file",
                                     "Give a regular file; `-` reads standard input, and pipes such as "
                                     "<(zcat list.gz) work too.")
            self.size = os.stat(self.path).st_size
            with open(self.path, "rb") as handle:
                return handle.read(6)
        except FileNotFoundError as exc:
            raise InputFileError(f"{self.path}: no such file", "Check the path and the working directory.") from exc
        except PermissionError as exc:
            raise InputFileError(f"{self.path}: permission denied", "Make the file readable.") from exc
        except OSError as exc:
            raise InputFileError(f"{self.path}: cannot read ({exc.strerror})", "Check the file.") from exc

    @property
    def inner_suffix(self) -> str:
        """The extension under any compression suffix: ``nouns.csv.xz`` -> ``.csv``."""
        suffixes = [s.lower() for s in self.path.suffixes]
        if suffixes and suffixes[-1] in COMPRESSION_SUFFIXES:
            suffixes = suffixes[:-1]
        return suffixes[-1] if suffixes else ""

    @contextlib.contextmanager
    def open(self, progress=None) -> Iterator[IO[bytes]]:
        """The decompressed bytes, as a stream with ``read(size)``."""
        if self._pipe is not None:
            raw, close = _Replay(self._prefix, self._pipe), self._pipe is not getattr(sys.stdin, "buffer", None)
            self._prefix = b""
        else:
            try:
                raw, close = open(self.path, "rb", buffering=0), True
            except OSError as exc:
                raise InputFileError(f"{self.path}: cannot open ({exc.strerror})", "Check the file.") from exc
        counted = _Counting(raw, progress)
        guarded = _Guarded(self._decompressor(counted), counted, self.name, self.compression)
        if self.compression == "gzip" and self._pipe is None:
            guarded.stop_at(_gzip_damage(self.path, self.name))
        try:
            yield guarded
        finally:
            if close:
                raw.close()

    def head(self, size: int = 1 << 16) -> bytes:
        """Up to `size` decompressed bytes from the start (for format detection); reads no pipe."""
        if self._pipe is not None:
            counted = _Counting(io.BytesIO(self._prefix), None)
            return _Guarded(self._decompressor(counted), counted, self.name, self.compression).head(size)
        with self.open() as stream:
            return stream.head(size)

    def _decompressor(self, raw: IO[bytes]) -> IO[bytes]:
        if self.compression == "gzip":
            return gzip.GzipFile(fileobj=raw, mode="rb")
        if self.compression == "bz2":
            return bz2.BZ2File(raw, mode="rb")
        if self.compression == "xz":
            return lzma.LZMAFile(raw, mode="rb")
        return raw


def _gzip_damage(path: Path, name: str) -> tuple[int, InputStreamError] | None:
    """(decompressed bytes to keep, error) if a gzip file has damage its reader would find only late.

    Deflate has no check of its own: a flipped bit usually decodes to other text, and only
    the CRC at the end of the gzip member tells. So the file is checked member by member
    first (one decompression pass in pieces, flat memory, about as fast as reading it);
    on a bad member nothing from its start on is kept, as the `.bz2` (per block) and `.xz`
    (per block check) readers keep nothing of a damaged block. A file that is merely cut
    short is left to the reader: what was decompressed before the cut is intact.
    """
    member_in = member_out = total_out = consumed = 0
    inflater = zlib.decompressobj(31)
    pending = b""
    between = False  # after a member: zero padding may follow (gzip skips it too)
    try:
        with open(path, "rb") as handle:
            while True:
                if not pending:
                    pending = handle.read(_PIECE * 16)
                    if not pending:
                        return None
                if between:
                    kept = pending.lstrip(b"\0")
                    consumed += len(pending) - len(kept)
                    member_in, pending = consumed, kept
                    if not pending:
                        continue
                    between = False
                try:
                    out = inflater.decompress(pending, _PIECE * 16)
                except zlib.error as exc:
                    return member_out, InputStreamError(
                        f"{name}: byte {member_in}: the gzip data is corrupt ({exc}); gzip finds damage only at "
                        f"the end of a member, so nothing from byte {member_in} on was kept",
                        "Download or copy the file again; `gzip -t` checks an archive.")
                total_out += len(out)
                rest = inflater.unused_data if inflater.eof else inflater.unconsumed_tail
                consumed += len(pending) - len(rest)
                pending = rest
                if inflater.eof:
                    member_in, member_out = consumed, total_out
                    inflater = zlib.decompressobj(31)
                    between = True
    except OSError:
        return None  # unreadable now: the reader names it


def _read_prefix(pipe: IO[bytes]) -> bytes:
    """Up to PREFIX_BYTES from a pipe (a pipe returns short reads: read until full or EOF)."""
    parts, size = [], 0
    while size < PREFIX_BYTES:
        data = pipe.read(PREFIX_BYTES - size)
        if not data:
            break
        parts.append(data)
        size += len(data)
    return b"".join(parts)


class _Replay(io.RawIOBase):
    """The buffered prefix of a pipe, then the rest of the pipe."""

    def __init__(self, prefix: bytes, pipe: IO[bytes]):
        self._prefix = memoryview(prefix)
        self._pipe = pipe

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self._prefix:
            n = min(len(buffer), len(self._prefix))
            buffer[:n] = self._prefix[:n]
            self._prefix = self._prefix[n:]
            return n
        data = self._pipe.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


class _Counting(io.RawIOBase):
    """Passes reads through and reports the raw byte count to a progress bar."""

    def __init__(self, raw: IO[bytes], progress):
        self._raw = raw
        self._progress = progress
        self.offset = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        n = self._raw.readinto(buffer)
        if n:
            self.offset += n
            if self._progress is not None:
                self._progress.advance(n)
        return n


class _Guarded:
    """Turns decompression failures into InputStreamErrors naming the byte offset.

    Compressed data is read piece by piece (``read1``), so the bytes that did
    decompress before the damage are returned first and the error is raised by
    the next read.
    """

    def __init__(self, inner: IO[bytes], counted: _Counting, name: str, compression: str | None):
        self._inner = inner
        self._counted = counted
        self._name = name
        self._compression = compression
        self._error: InputStreamError | None = None
        self._left: int | None = None  # decompressed bytes before known damage (`stop_at`)
        self._damage_found: InputStreamError | None = None

    def stop_at(self, damage: tuple[int, InputStreamError] | None) -> None:
        """Deliver only the first `damage[0]` decompressed bytes, then raise `damage[1]`."""
        if damage is not None:
            self._left, self._damage_found = damage

    def read(self, size: int = -1) -> bytes:
        if self._error is not None:
            raise self._error
        if self._compression is None:
            return self._inner.read(size)
        parts, got = [], 0
        while size is None or size < 0 or got < size:
            want = _PIECE if size is None or size < 0 else min(_PIECE, size - got)
            if self._left is not None:
                if self._left <= 0:
                    self._error = self._damage_found
                    if parts:
                        break
                    raise self._error
                want = min(want, self._left)
            try:
                piece = self._inner.read1(want)
            except _DECOMPRESSION_ERRORS as exc:
                self._error = self._damage(exc)
                if parts:
                    break
                raise self._error from exc
            if not piece:
                break
            parts.append(piece)
            got += len(piece)
            if self._left is not None:
                self._left -= len(piece)
        return b"".join(parts)

    def head(self, size: int) -> bytes:
        """Up to `size` bytes from the start, or what is readable of them (for detection)."""
        data = b""
        with contextlib.suppress(InputFileError):
            while len(data) < size:
                piece = self.read(size - len(data))
                if not piece:
                    break
                data += piece
        return data

    def _damage(self, exc: Exception) -> InputStreamError:
        kind = self._compression or "file"
        return InputStreamError(
            f"{self._name}: byte {self._counted.offset}: the {kind} data is truncated or corrupt ({exc})",
            "Download or copy the file again; `xz -t`, `bzip2 -t` or `gzip -t` checks an archive.")
