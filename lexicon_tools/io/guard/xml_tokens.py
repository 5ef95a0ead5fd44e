"""A size cap on single XML tokens, checked on the bytes before libxml2 sees them.

Why: lxml's iterparse drives libxml2's *push* parser, which buffers a token
until its end has arrived: a start tag (with its attributes) until ``>``, a
comment until ``-->``, a processing instruction until ``?>``, a CDATA section
until ``]]>``. libxml2's own limits (``huge_tree`` stays off: 10,000,000 bytes
for a text node, attribute value, comment, PI or CDATA section) are checked
only once the token is complete, so a 1 GB comment or attribute value was
buffered whole - several times over, 7x for an attribute - before a vague
error. `TokenGuard` sees every chunk first and raises an `InputStreamError`
naming ``file:line:column`` of the token's start, its kind and the limit as
soon as one token (text included) has grown past `TOKEN_LIMIT` (libxml2's
10,000,000 bytes), so memory stays about one limit.

The algorithm costs a few C-level scans per chunk, not per token:

* Inside one chunk, complete tokens are shorter than the chunk (32 KiB, far
  below the limit): only the token still open at a chunk's end can grow long,
  so only that one is tracked, until it ends. (Exact as long as a chunk plus
  the few bytes held back from the last one is shorter than the limit.)
* Comments, PIs, CDATA sections and declarations (``<!`` / ``<?``) are rare
  after the prolog and may contain ``<`` and ``>``: they are found with
  ``bytes.find`` and skipped to their end marker.
* Outside those, ``<`` cannot occur inside a tag (not even in an attribute
  value) or in text. So after the last such section, the chunk's last ``<``
  starts the last tag; one regex over that tag tells whether it ends in the
  chunk (then text runs to the chunk's end) or stays open, inside quotes or
  not. The open token is continued in the next chunk. A marker cut by the
  chunk's end (``<``, ``<!-``, the first bytes of ``-->``) waits for the next.

Bytes of ASCII-compatible encodings (UTF-8, Latin-1, ...) are scanned as they
are; UTF-16 and UTF-32 are decoded incrementally and scanned as UTF-8, which is
also what libxml2 holds in its buffer.
"""

from __future__ import annotations

import codecs
import re

from lexicon_tools.errors import InputStreamError

TOKEN_LIMIT = 10_000_000  # libxml2's XML_MAX_TEXT_LENGTH, the limit it applies when huge_tree is off

_SPECIALS = ((b"<!--", b"-->", "comment"), (b"<![CDATA[", b"]]>", "CDATA section"),
             (b"<?", b"?>", "processing instruction"), (b"<!", b">", "declaration"))
_LONGEST_MARKER = max(len(marker) for marker, _end, _kind in _SPECIALS)
_MARKER_PREFIXES = {marker[:n] for marker, _end, _kind in _SPECIALS for n in range(1, len(marker))}
_TAG_BODY = re.compile(rb"""[^<>"']*+(?:(?:"[^"]*+"|'[^']*+')[^<>"']*+)*+""")
_QUOTES = (ord('"'), ord("'"))
LIMIT_HINT = ("A dictionary never needs a single XML token (tag, attribute value, text, comment) that long: "
              "the file is damaged or made to exhaust memory. Remove or shorten that part of the file.")


def _utf16_or_32(head: bytes) -> str | None:
    """The codec of a UTF-16 or UTF-32 document from its first bytes (BOM or '<'), else None."""
    for marks, codec in ((b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe\x00\x00", "utf-32-le"),
                         (b"\x00\x00\x00<", "utf-32-be"), (b"<\x00\x00\x00", "utf-32-le"),
                         (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"),
                         (b"<\x00", "utf-16-le"), (b"\x00<", "utf-16-be")):
        if head.startswith(marks):
            return codec
    return None


class TokenGuard:
    """Feed it every chunk of one XML document, in order; it raises once a token passes `limit` bytes."""

    def __init__(self, name: str, head: bytes, limit: int = TOKEN_LIMIT):
        self.name = name
        self.limit = limit
        codec = _utf16_or_32(head)
        self._decoder = codecs.getincrementaldecoder(codec)("replace") if codec else None
        self._offset = 0  # where the next data (pending bytes first) begins: offset, newlines before, column
        self._lines = 0
        self._column = 1
        self._pending = b""  # bytes cut by the chunk's end, scanned again with the next chunk
        self._open: tuple[str, bytes | None, int, int, int] | None = None  # kind, end marker, offset, line, col
        self._quote: int | None = None  # inside an open tag: the open attribute value's quote
        self._newlines = 0  # newlines in the data being scanned

    def feed(self, chunk: bytes) -> None:
        if self._decoder is not None:
            chunk = self._decoder.decode(chunk).encode("utf-8", "replace")
        data = self._pending + chunk if self._pending else chunk
        self._newlines = data.count(b"\n")
        end = self._scan(data)
        self._pending = data[end:]
        if self._open is not None and self._offset + len(data) - self._open[2] > self.limit:
            raise self._too_long(self._offset + len(data) - self._open[2])
        newlines = self._newlines - data.count(b"\n", end)
        if newlines:
            self._lines += newlines
            self._column = end - data.rfind(b"\n", 0, end)
        else:
            self._column += end
        self._offset += end

    def _too_long(self, length: int) -> InputStreamError:
        kind, _end, _offset, line, column = self._open
        if kind == "tag" and self._quote is not None:
            kind = "tag with an attribute value"
        return InputStreamError(
            f"{self.name}:{line}:{column}: a {kind} begins here that is longer than {self.limit:,} bytes, the "
            f"limit for one XML token (libxml2's own, which lexicon-tools keeps); refused after reading "
            f"{length:,} bytes of it", LIMIT_HINT)

    # -- scanning ------------------------------------------------------------------------------------------

    def _scan(self, data: bytes) -> int:
        """Scan `data`, leaving the token open at its end in `_open`; returns where the pending bytes begin."""
        pos = self._resume(data)
        if pos is None:
            return self._keep_end_marker(data, 0)
        # "<" is everywhere, so finding "<!" is slow; "!" and "?" are rare: look for them first (memchr)
        bang = -1 if b"!" in data else len(data)
        quest = -1 if b"?" in data else len(data)
        while True:
            if bang < pos:
                bang = data.find(b"<!", pos)
                bang = len(data) if bang < 0 else bang
            if quest < pos:
                quest = data.find(b"<?", pos)
                quest = len(data) if quest < 0 else quest
            at = min(bang, quest)
            if at == len(data):
                return self._last_tag(data, pos)
            if len(data) - at < _LONGEST_MARKER and data[at:] in _MARKER_PREFIXES:
                return at  # "<!", "<!-", "<![CD": which section it starts shows in the next chunk
            marker, end_marker, kind = next(special for special in _SPECIALS if data.startswith(special[0], at))
            close = data.find(end_marker, at + len(marker))
            if close < 0:
                self._open = (kind, end_marker, *self._where(data, at))
                return self._keep_end_marker(data, at + len(marker))
            pos = close + len(end_marker)

    def _resume(self, data: bytes) -> int | None:
        """Continue the token open since an earlier chunk: the position after it, None if it goes on."""
        if self._open is None:
            return 0
        kind, end_marker, *_ = self._open
        if end_marker is not None:  # comment, CDATA section, PI, declaration
            at = data.find(end_marker)
            after = at + len(end_marker)
        elif kind == "text":
            at = after = data.find(b"<")
        else:
            at = after = self._tag(data, 0)
            at = -1 if at is None else at
        if at < 0:
            return None
        if self._offset + after - self._open[2] > self.limit:  # it ends here, but too late
            raise self._too_long(self._offset + after - self._open[2])
        self._open = None
        return after

    def _keep_end_marker(self, data: bytes, start: int) -> int:
        """Inside a section whose end marker was not found: keep its last bytes, they may begin the marker."""
        end_marker = self._open[1]
        if end_marker is None:
            return len(data)
        return max(start, len(data) - len(end_marker) + 1)

    def _last_tag(self, data: bytes, pos: int) -> int:
        """No section after `pos`: the last ``<`` starts the last tag; note what is open at the end."""
        at = data.rfind(b"<", pos)
        if at < 0:
            self._open = ("text", None, *self._where(data, pos))
            return len(data)
        if at == len(data) - 1:
            self._open = None
            return at  # a lone "<": a tag or a section, the next chunk shows
        self._open = ("tag", None, *self._where(data, at))
        self._quote = None
        after = self._tag(data, at + 1)
        if after is not None:
            self._open = ("text", None, *self._where(data, after))
        return len(data)

    def _tag(self, data: bytes, pos: int) -> int | None:
        """Continue a tag at `pos`: the position after its ``>`` (or at a stray ``<``), None if it goes on."""
        if self._quote is not None:
            at = data.find(bytes((self._quote,)), pos)
            if at < 0:
                return None
            self._quote = None
            pos = at + 1
        pos = _TAG_BODY.match(data, pos).end()
        if pos == len(data):
            return None
        char = data[pos]
        if char in _QUOTES:  # a value that goes on beyond this chunk
            self._quote = char
            return None
        return pos + 1 if char == ord(">") else pos  # a stray "<" is malformed: left to the parser

    def _where(self, data: bytes, at: int) -> tuple[int, int, int]:
        """(offset, line, column) of data[at] (counting from `at` on: it is mostly near the chunk's end)."""
        newlines = self._newlines - data.count(b"\n", at)
        column = at - data.rfind(b"\n", 0, at) if newlines else self._column + at
        return self._offset + at, self._lines + newlines + 1, column
