"""Open an input file for reading: transparent decompression, byte counting, named errors.

Compression is recognised by magic bytes, not by the file name, so a renamed
file still works: gzip (``1f 8b``), bzip2 (``BZh``) and xz (``fd 37 7a 58 5a 00``).
The raw (compressed) bytes consumed are reported to an optional progress bar,
whose total is the file size, so the bar is accurate for compressed input too.
Truncated or corrupt compressed data becomes an `InputFileError` naming the
file and the compressed byte offset, instead of a bare EOFError/LZMAError.
"""

from __future__ import annotations

import bz2
import contextlib
import gzip
import io
import lzma
import os
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from lexicon_tools.errors import InputFileError, InputStreamError

MAGIC = ((b"\x1f\x8b", "gzip"), (b"BZh", "bz2"), (b"\xfd7zXZ\x00", "xz"))
COMPRESSION_SUFFIXES = {".gz": "gzip", ".bz2": "bz2", ".xz": "xz"}
_DECOMPRESSION_ERRORS = (EOFError, OSError, lzma.LZMAError, zlib.error)


class InputSource:
    """One input file: its display name, size and compression."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.name = self.path.name
        try:
            if self.path.is_dir():
                raise InputFileError(f"{self.path}: is a directory, not a dictionary file",
                                     "Give the dictionary files themselves (e.g. DIR/*.xml).")
            self.size = self.path.stat().st_size
            with open(self.path, "rb") as handle:
                magic = handle.read(6)
        except FileNotFoundError as exc:
            raise InputFileError(f"{self.path}: no such file", "Check the path and the working directory.") from exc
        except PermissionError as exc:
            raise InputFileError(f"{self.path}: permission denied", "Make the file readable.") from exc
        except OSError as exc:
            raise InputFileError(f"{self.path}: cannot read ({exc.strerror})", "Check the file.") from exc
        self.compression = next((kind for prefix, kind in MAGIC if magic.startswith(prefix)), None)

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
        try:
            raw = open(self.path, "rb", buffering=0)
        except OSError as exc:
            raise InputFileError(f"{self.path}: cannot open ({exc.strerror})", "Check the file.") from exc
        counted = _Counting(raw, progress)
        try:
            yield _Guarded(self._decompressor(counted), counted, self.name, self.compression)
        finally:
            raw.close()

    def head(self, size: int = 1 << 16) -> bytes:
        """Up to `size` decompressed bytes from the start (for format detection)."""
        with self.open() as stream:
            try:
                return stream.read(size)
            except InputFileError:
                return b""

    def _decompressor(self, raw: IO[bytes]) -> IO[bytes]:
        if self.compression == "gzip":
            return gzip.GzipFile(fileobj=raw, mode="rb")
        if self.compression == "bz2":
            return bz2.BZ2File(raw, mode="rb")
        if self.compression == "xz":
            return lzma.LZMAFile(raw, mode="rb")
        return raw


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

    def read(self, size: int = -1) -> bytes:
        data = self._raw.read(size) if size is not None and size >= 0 else self._raw.read()
        if data:
            self.offset += len(data)
            if self._progress is not None:
                self._progress.advance(len(data))
        return data


class _Guarded:
    """Turns decompression failures into InputFileErrors naming the byte offset."""

    def __init__(self, inner: IO[bytes], counted: _Counting, name: str, compression: str | None):
        self._inner = inner
        self._counted = counted
        self._name = name
        self._compression = compression

    def read(self, size: int = -1) -> bytes:
        try:
            return self._inner.read(size)
        except _DECOMPRESSION_ERRORS as exc:
            kind = self._compression or "file"
            raise InputStreamError(
                f"{self._name}: byte {self._counted.offset}: the {kind} data is truncated or corrupt ({exc})",
                "Download or copy the file again; `xz -t`, `bzip2 -t` or `gzip -t` checks an archive.") from exc
