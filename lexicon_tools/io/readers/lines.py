"""Decode a byte stream into numbered text lines, detecting UTF-8 versus Windows-1252.

Detection is single-pass and streaming (memory stays flat): lines are decoded
as UTF-8 while that works. If a line is not valid UTF-8 and *no earlier line
held a non-ASCII character*, the file is taken to be an 8-bit file from that
line on, decoded as Windows-1252 (cp1252): it reads every printable Latin-1
character the same, and also the bytes 0x80-0x9F that Windows puts there
(``€``, ``„``, ``“``, ``–``), which Latin-1 would turn into invisible control
characters. The earlier, pure-ASCII lines read the same in every candidate,
so nothing is decoded twice. If valid UTF-8 non-ASCII text was seen before,
the line is a genuine encoding error: a record error naming ``file:line`` and
the absolute byte offset. A UTF-8 BOM is dropped; a UTF-16 BOM switches to
UTF-16. With an explicit encoding (``--encoding``) there is no guessing: every
line must decode in it.

A line longer than ``max_chars`` characters (default `MAX_LINE_CHARS`, longer
than any word) is a record error naming ``file:line``, skipped under
``--on-error skip``. Its bytes are counted, never gathered, so a 256 MB
single-line file is read in linear time and flat memory.

Line ends ``\\n`` and ``\\r\\n`` are accepted; the yielded text has no line end.
Empty lines of 8-bit and UTF-8 files are counted but not yielded (every reader skips
them anyway), so long runs of them cost no Python work per line.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from typing import IO

from lexicon_tools.errors import InputFileError, InputStreamError
from lexicon_tools.io.readers.context import ReadContext

CHUNK = 1 << 20
_NON_EMPTY = re.compile(rb"[^\n]+")
MAX_LINE_CHARS = 1000
FALLBACK = "cp1252"
_MAX_BYTES_PER_CHAR = 4  # UTF-8


def iter_lines(stream: IO[bytes], ctx: ReadContext, max_chars: int = MAX_LINE_CHARS) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` for every decodable line; bad lines go to ``ctx.bad_record``."""
    first = stream.read(CHUNK)
    encoding = _check_encoding(ctx)
    if first.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) and encoding is None:
        encoding = "utf-16"
    if encoding is not None and _is_wide(encoding):
        yield from _wide_lines(first, stream, ctx, encoding, max_chars)
        return
    if first.startswith(codecs.BOM_UTF8):
        first = first[3:]
    yield from _byte_lines(first, stream, ctx, encoding, max_chars)


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


def _too_long(ctx: ReadContext, number: int, length: int, unit: str, max_chars: int, excerpt: str) -> None:
    ctx.bad_record(ctx.at(number), f"the line is {length:,} {unit} long, longer than any entry can be "
                                   f"(limit {max_chars:,} characters)", excerpt[:80],
                   "Check that this is a word list (not a binary, minified or one-line file); "
                   "--on-error skip skips such lines.")


def _raw_lines(first: bytes, stream: IO[bytes], limit: int) -> Iterator[tuple[int, int, bytes | None, int]]:
    """(line number, byte offset, raw line without its end, length in bytes) for every non-empty line.

    A line longer than `limit` bytes comes as ``None``: its bytes are counted, not kept.
    Empty lines are counted but not yielded: the lines within a chunk are found with one
    regular-expression scan for non-empty runs and numbered by counting newlines in C, so
    a run of 30 million blank lines (4.7 KB as .xz) costs milliseconds, not a Python step each.
    """
    done = 0            # lines completed (newlines seen) before the current position
    base = 0            # byte offset of the chunk's start
    pending: list[bytes] = []  # the unfinished line's pieces (dropped once it passes the limit)
    pending_size, pending_at, overlong = 0, 0, False
    chunk = first
    while chunk:
        pos = 0
        if pending_size or overlong:
            newline = chunk.find(b"\n")
            if newline < 0:
                pending_size += len(chunk)
                if overlong or pending_size > limit:
                    pending, overlong = [], True
                else:
                    pending.append(chunk)
                base += len(chunk)
                chunk = stream.read(CHUNK)
                continue
            size = pending_size + newline
            done += 1
            if overlong or size > limit:
                yield done, pending_at, None, size
            else:
                raw = b"".join(pending) + chunk[:newline]
                yield done, pending_at, raw[:-1] if raw.endswith(b"\r") else raw, size
            pending, pending_size, overlong = [], 0, False
            pos = newline + 1
        last = chunk.rfind(b"\n", pos)
        if last >= 0:
            for match in _NON_EMPTY.finditer(chunk, pos, last):
                begin, stop = match.span()
                done += chunk.count(b"\n", pos, begin) + 1
                size = stop - begin
                if size > limit:
                    yield done, base + begin, None, size
                else:
                    raw = match.group()
                    yield done, base + begin, raw[:-1] if raw.endswith(b"\r") else raw, size
                pos = stop + 1
            done += chunk.count(b"\n", pos, last + 1)
            pos = last + 1
        if pos < len(chunk):
            tail = chunk[pos:]
            pending_at, pending_size = base + pos, len(tail)
            if pending_size > limit:
                pending, overlong = [], True
            else:
                pending = [tail]
        base += len(chunk)
        chunk = stream.read(CHUNK)
    if pending_size:
        done += 1
        if overlong:
            yield done, pending_at, None, pending_size
        else:
            raw = b"".join(pending)
            yield done, pending_at, raw[:-1] if raw.endswith(b"\r") else raw, pending_size


def _byte_lines(first: bytes, stream: IO[bytes], ctx: ReadContext, encoding: str | None, max_chars: int
                ) -> Iterator[tuple[int, str]]:
    fixed = encoding is not None
    current = encoding or "utf-8"
    seen_non_ascii = False
    for number, offset, raw, size in _raw_lines(first, stream, max_chars * _MAX_BYTES_PER_CHAR + 1):
        if raw is None:
            _too_long(ctx, number, size, "bytes", max_chars, "")
            continue
        if not fixed and not seen_non_ascii and current == "utf-8" and not raw.isascii():
            seen_non_ascii = True
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                current = FALLBACK  # first non-ASCII line is not UTF-8: an 8-bit (Windows/Latin-1) file
            else:
                yield from _checked(ctx, number, text, max_chars)
                continue
        try:
            text = raw.decode(current)
        except UnicodeDecodeError as exc:
            where = ctx.at(number)
            ctx.bad_record(where, f"byte {offset + exc.start}: not valid {current} "
                                  f"({exc.reason}; the file mixes encodings?)",
                           raw.decode(current, errors="replace"),
                           "Convert the file to one encoding (e.g. `iconv -f cp1252 -t utf-8`), or give "
                           "--encoding (e.g. --encoding latin-1); --on-error skip skips such lines.")
            continue
        yield from _checked(ctx, number, text, max_chars)


def _checked(ctx: ReadContext, number: int, text: str, max_chars: int) -> Iterator[tuple[int, str]]:
    if len(text) > max_chars:
        _too_long(ctx, number, len(text), "characters", max_chars, text)
    else:
        yield number, text


def _wide_lines(first: bytes, stream: IO[bytes], ctx: ReadContext, encoding: str, max_chars: int
                ) -> Iterator[tuple[int, str]]:
    """UTF-16/32 text: decoded incrementally, then split (a decode error ends the file)."""
    decoder = codecs.getincrementaldecoder(encoding)(errors="strict")
    pending = ""
    overlong = 0  # characters of the current line, once it is too long to keep
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
            if overlong:
                _too_long(ctx, number, overlong + len(line), "characters", max_chars, "")
                overlong = 0
                continue
            yield from _checked(ctx, number, line[:-1] if line.endswith("\r") else line, max_chars)
        if len(pending) > max_chars + 1 or (overlong and pending):
            overlong += len(pending)
            pending = ""
        if not chunk:
            if overlong:
                _too_long(ctx, number + 1, overlong, "characters", max_chars, "")
            return
        chunk = stream.read(CHUNK)
