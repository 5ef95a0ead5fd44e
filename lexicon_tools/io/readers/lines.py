"""Decode a byte stream into numbered text lines, detecting UTF-8 versus Latin-1.

Detection is single-pass and streaming (memory stays flat): lines are decoded
as UTF-8 while that works. If a line is not valid UTF-8 and *no earlier line
held a non-ASCII character*, the file is taken to be Latin-1 (ISO-8859-1) from
that line on; the earlier, pure-ASCII lines read the same in both encodings, so
nothing is decoded twice. If valid UTF-8 non-ASCII text was seen before, the
line is a genuine encoding error: a record error naming ``file:line`` and the
absolute byte offset. A UTF-8 BOM is dropped; a UTF-16 BOM switches to UTF-16.
With an explicit encoding (``--encoding``) there is no guessing: every line
must decode in it.

Line ends ``\\n`` and ``\\r\\n`` are accepted; the yielded text has no line end.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from typing import IO

from lexicon_tools.errors import InputFileError, InputStreamError
from lexicon_tools.io.readers.context import ReadContext

CHUNK = 1 << 20


def iter_lines(stream: IO[bytes], ctx: ReadContext) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` for every decodable line; bad lines go to ``ctx.bad_record``."""
    first = stream.read(CHUNK)
    encoding = _check_encoding(ctx)
    if first.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) and encoding is None:
        encoding = "utf-16"
    if encoding is not None and _is_wide(encoding):
        yield from _wide_lines(first, stream, ctx, encoding)
        return
    if first.startswith(codecs.BOM_UTF8):
        first = first[3:]
    yield from _byte_lines(first, stream, ctx, encoding)


def _check_encoding(ctx: ReadContext) -> str | None:
    if ctx.encoding is None:
        return None
    try:
        return codecs.lookup(ctx.encoding).name
    except LookupError as exc:
        raise InputFileError(f"unknown encoding {ctx.encoding!r}",
                             "Use a Python codec name such as utf-8, latin-1 or cp1252.") from exc


def _is_wide(encoding: str) -> bool:
    return encoding.startswith(("utf-16", "utf-32"))


def _raw_lines(first: bytes, stream: IO[bytes]) -> Iterator[tuple[int, bytes]]:
    """(byte offset, raw line without its end) for every line of the stream."""
    pending = first
    offset = 0
    while True:
        chunk = stream.read(CHUNK) if pending is not None else b""
        data = pending + chunk
        lines = data.split(b"\n")
        if chunk:
            pending = lines.pop()
        else:
            pending = None
            if lines and lines[-1] == b"":
                lines.pop()
        for raw in lines:
            yield offset, raw[:-1] if raw.endswith(b"\r") else raw
            offset += len(raw) + 1
        if pending is None:
            return


def _byte_lines(first: bytes, stream: IO[bytes], ctx: ReadContext, encoding: str | None
                ) -> Iterator[tuple[int, str]]:
    fixed = encoding is not None
    current = encoding or "utf-8"
    seen_non_ascii = False
    number = 0
    for offset, raw in _raw_lines(first, stream):
        number += 1
        if not fixed and not seen_non_ascii and current == "utf-8" and not raw.isascii():
            seen_non_ascii = True
            try:
                yield number, raw.decode("utf-8")
                continue
            except UnicodeDecodeError:
                current = "latin-1"  # first non-ASCII line is not UTF-8: a Latin-1 file
        try:
            yield number, raw.decode(current)
        except UnicodeDecodeError as exc:
            where = ctx.at(number)
            ctx.bad_record(where, f"byte {offset + exc.start}: not valid {current} "
                                  f"({exc.reason}; the file mixes encodings?)",
                           raw.decode(current, errors="replace"),
                           "Convert the file to one encoding (e.g. `iconv -f latin1 -t utf-8`), or give "
                           "--encoding; --on-error skip skips such lines.")


def _wide_lines(first: bytes, stream: IO[bytes], ctx: ReadContext, encoding: str) -> Iterator[tuple[int, str]]:
    """UTF-16/32 text: decoded incrementally, then split (a decode error ends the file)."""
    decoder = codecs.getincrementaldecoder(encoding)(errors="strict")
    pending = ""
    number = 0
    chunk = first
    while True:
        try:
            text = decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError as exc:
            raise InputStreamError(f"{ctx.at(number + 1)}: not valid {encoding} ({exc.reason})",
                                 "Check the file's encoding, or give the right one with --encoding.") from exc
        lines = (pending + text).split("\n")
        pending = lines.pop() if chunk else ""
        if not chunk and lines and lines[-1] == "":
            lines.pop()
        for line in lines:
            number += 1
            if number == 1:
                line = line.lstrip("\ufeff")
            yield number, line[:-1] if line.endswith("\r") else line
        if not chunk:
            return
        chunk = stream.read(CHUNK)
