"""Hardened XML parsing: the only way lexicon-tools parses XML.

Dictionary files come from strangers, so every XML reader goes through this
module, which defends in two layers:

1. **Prolog check before parsing.** `checked_stream` reads the document up to
   the start of the root element (at most `PROLOG_LIMIT` bytes) and tokenises
   the prolog: XML declaration, comments, processing instructions and the
   DOCTYPE with its internal subset (quotes, comments and parameter-entity
   references are skipped properly). Any ``<!ENTITY`` declaration is rejected
   at once with an `InputFileError` naming the file and byte offset. This is
   what makes billion-laughs and XXE files fail *fast and without expanding
   anything*: the parser never sees them. A DOCTYPE without entity
   declarations (e.g. XDXF's ``<!DOCTYPE xdxf SYSTEM "...dtd">``) is allowed;
   the external DTD is never loaded. UTF-16 documents (with or without BOM) are
   decoded for the check; other byte encodings are ASCII-compatible.
2. **A locked-down libxml2 configuration** for everything that still reaches
   the parser: ``resolve_entities=False`` (no entity substitution, external or
   internal), ``load_dtd=False`` and ``dtd_validation=False`` (no DTD fetched),
   ``no_network=True`` and ``huge_tree=False`` (libxml2's size limits stay on).
3. **A cap on single tokens while streaming** (`xml_tokens.TokenGuard`): the
   push parser would buffer a comment or a start tag whole before applying its
   10,000,000-byte limit, so every chunk is checked first and a longer token
   is refused at the limit with its line and column. libxml2's own limit
   messages are named without their advice to switch the limits off.

Streaming: `RecordStream` (and its simple generator form `iterparse`) feeds
lxml's pull parser with these options; readers drop processed records with
`release`, so memory stays flat. Syntax errors (bad encodings, undefined
entities, mismatched tags) become `InputStreamError`s naming
``file:line:column``; an error on the last line of the input is reported as a
truncated file. Small in-memory documents use `parse_bytes` / `safe_parser`.

A reader that treats a namespace and no namespace alike may ask for
``plain_namespace``: the root's own ``xmlns="that uri"`` is then overwritten
with spaces before parsing (same length, so lines and columns stay), and the
elements come out without the namespace. This is for speed only: lxml builds
a new ``{uri}name`` string on every ``.tag``, and the TEI reader reads the
tags of every entry's children.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import IO, Any

from lxml import etree

from lexicon_tools.errors import InputFileError, InputStreamError
from lexicon_tools.io.guard.xml_prolog import ENTITY_HINT, Prolog, scan_prolog, sniff_root  # noqa: F401 (re-exported)
from lexicon_tools.io.guard.xml_tokens import LIMIT_HINT, TokenGuard

PROLOG_LIMIT = 1 << 20  # bytes of prolog we are willing to scan before the root element
_CHUNK = 1 << 16

HARDENED_OPTIONS: dict[str, Any] = {
    "resolve_entities": False,
    "load_dtd": False,
    "dtd_validation": False,
    "no_network": True,
    "huge_tree": False,
}


def safe_parser(**extra: Any) -> etree.XMLParser:
    """A hardened parser for parsing small, already-checked documents in memory."""
    return etree.XMLParser(**HARDENED_OPTIONS, **extra)


def parse_bytes(data: bytes, name: str) -> etree._Element:
    """Parse a small in-memory document safely (prolog check + hardened parser)."""
    scan_prolog(data, name, final=True)
    try:
        return etree.fromstring(data, safe_parser())
    except etree.XMLSyntaxError as exc:
        raise syntax_error(name, exc) from exc


class _Replay:
    """A read-only stream that first replays the already-read head, then the rest.

    It counts the newlines it hands out and notes the end of the input, so a
    syntax error on the last line can be reported as a truncated file. Every
    chunk passes the `TokenGuard` before the parser gets it, so no single token
    grows past `xml_tokens.TOKEN_LIMIT` in the parser's buffer.
    """

    def __init__(self, head: bytes, rest: IO[bytes], name: str):
        self._head = head
        self._rest = rest
        self._guard = TokenGuard(name, head)
        self.newlines = 0
        self.eof = False

    def read(self, size: int = -1) -> bytes:
        if self._head:
            if size is None or size < 0:
                data, self._head = self._head + self._rest.read(), b""
            else:
                data, self._head = self._head[:size], self._head[size:]
        else:
            data = self._rest.read(size)
        if data:
            self._guard.feed(data)
            self.newlines += data.count(b"\n")
        else:
            self.eof = True
        return data


def checked_stream(stream: IO[bytes], name: str,
                   plain_namespace: str | None = None) -> tuple[_Replay, Prolog]:
    """Check the prolog of `stream` (see module doc) and return a stream that replays it.

    `plain_namespace`: see `RecordStream`.
    """
    head = b""
    while True:
        chunk = stream.read(_CHUNK)
        head += chunk
        prolog = scan_prolog(head, name, final=not chunk)
        if prolog.complete or not chunk:
            break
        if len(head) > PROLOG_LIMIT:
            raise InputFileError(
                f"{name}: no root element within the first {PROLOG_LIMIT:,} bytes (a DOCTYPE or comments that "
                "long are refused as a possible entity bomb)",
                "Check that this is an XML dictionary; remove the long DOCTYPE/comment block before the root.")
    if plain_namespace and prolog.root_at is not None:
        head = _blank_root_namespace(head, stream, prolog.root_at, plain_namespace.encode("ascii"))
    return _Replay(head, stream, name), prolog


_SPACE = re.compile(rb"[ \t\r\n]*")
_TAG_NAME = re.compile(rb"[^ \t\r\n/>]+")
_ATTRIBUTE = re.compile(rb"([^ \t\r\n=/>]+)[ \t\r\n]*=[ \t\r\n]*(\"[^\"]*\"|'[^']*')")


def _blank_root_namespace(head: bytes, stream: IO[bytes], root_at: int, uri: bytes) -> bytes:
    """`head` with the root start tag's ``xmlns="uri"`` replaced by as many spaces (read on to the tag's end).

    Only a well-formed start tag with exactly one ``xmlns`` attribute whose
    value is literally `uri` is changed; anything else is left to the parser
    as it is. Lines and columns stay as they were.
    """
    while True:
        attributes = _start_tag_attributes(head, root_at)
        if attributes is not None or len(head) > PROLOG_LIMIT:
            break
        chunk = stream.read(_CHUNK)
        if not chunk:
            break
        head += chunk
    declarations = [(value, start, end) for name, value, start, end in attributes or () if name == b"xmlns"]
    if len(declarations) != 1 or declarations[0][0] != uri:
        return head
    _, start, end = declarations[0]
    return head[:start] + b" " * (end - start) + head[end:]


def _start_tag_attributes(head: bytes, at: int) -> list[tuple[bytes, bytes, int, int]] | None:
    """(name, value, start, end) of each attribute of the start tag at `at`.

    None if the tag goes on beyond `head`; a malformed tag gives no attributes.
    """
    pos = _TAG_NAME.match(head, at + 1).end()  # the prolog scan found the name
    attributes = []
    while True:
        pos = _SPACE.match(head, pos).end()
        if head[pos:pos + 1] in (b">", b"/"):
            return attributes
        match = _ATTRIBUTE.match(head, pos)
        if match is None:
            return None if b">" not in head[pos:] else []  # cut off / malformed (the parser will say so)
        attributes.append((match.group(1), match.group(2)[1:-1], match.start(), match.end()))
        pos = match.end()


class RecordStream:
    """Hardened, prolog-checked streaming over the records of one XML file.

    Iterate `events` (the pull parser's events, handed out per chunk) inside
    ``with records.errors():``, which turns syntax errors into
    `InputFileError`s naming ``file:line:column``. After converting a record,
    call `release(record)`: processed records are dropped in batches of
    `BATCH` with one slice deletion (plus any processed siblings of their
    ancestors), so memory stays flat at about `BATCH` records while the
    per-record cost stays small. Whitespace-only text (indentation) is not
    stored (``remove_blank_text``), which saves time and memory on large
    dictionaries.

    `plain_namespace`: a namespace URI the reader treats like no namespace;
    a declaration ``xmlns="uri"`` on the root start tag (the only one there,
    literally that value) is blanked out, so the document's elements have
    plain tags (see the module doc). The prolog check runs first, unchanged.
    """

    BATCH = 512

    def __init__(self, stream: IO[bytes], name: str, tag: Any, events: tuple[str, ...] = ("end",),
                 plain_namespace: str | None = None):
        self.name = name
        self._replay, self.prolog = checked_stream(stream, name, plain_namespace)
        # No collect_ids=False here: on a pull parser it makes libxml2 load the external DTD (lxml 6.2).
        self._parser = etree.XMLPullParser(events=events, tag=tag, remove_comments=True, remove_pis=True,
                                           remove_blank_text=True, **HARDENED_OPTIONS)
        self.events = self._pull_events()
        self._pending = 0

    def _pull_events(self) -> Iterator[tuple[str, Any]]:
        """Feed the parser chunk by chunk and hand out its events; on a syntax error, first every record before it.

        A pull parser rather than `etree.iterparse`: iterparse (lxml 6.2) drops
        the events of the chunk in which the error lies, so with
        ``--on-error skip`` the records just before a broken one were lost.
        Events that only `close` produces after an error are not handed out:
        they are the unclosed elements of a truncated file, cut short.
        """
        parser, read = self._parser, self._replay.read
        while data := read(_CHUNK):
            try:
                parser.feed(data)
            except etree.XMLSyntaxError:
                yield from parser.read_events()
                raise
            yield from parser.read_events()
        parser.close()
        yield from parser.read_events()

    @contextlib.contextmanager
    def errors(self) -> Iterator[None]:
        try:
            yield
        except etree.XMLSyntaxError as exc:
            at_end = self._replay.eof and (exc.lineno or 0) >= self._replay.newlines
            raise syntax_error(self.name, exc, at_end=at_end) from exc

    def release(self, record: Any) -> None:
        self._pending += 1
        if self._pending >= self.BATCH:
            self._pending = 0
            release(record)


def iterparse(stream: IO[bytes], name: str, *, tag: Any = None,
              events: tuple[str, ...] = ("end",)) -> Iterator[tuple[str, Any]]:
    """Simple form of `RecordStream`: yields ``(event, element)``; the caller calls `release`."""
    records = RecordStream(stream, name, tag, events)
    with records.errors():
        yield from records.events


def release(record: Any) -> None:
    """Drop the processed records before `record` (and processed siblings of its ancestors).

    Only *previous* siblings are removed: they are complete, while the parser
    may already have built parts of later ones. `record` itself goes with the
    next call. Records nested in a record of the same tag are left to the outer one.
    """
    node = record
    while True:
        parent = node.getparent()
        if parent is None or parent.tag == record.tag:  # inside an enclosing record: leave it whole
            return
        index = parent.index(node)
        if index:
            del parent[:index]
        node = parent


def syntax_error(name: str, exc: etree.XMLSyntaxError, at_end: bool = False) -> InputFileError:
    """The user-facing error for a libxml2 syntax error (an InputStreamError unless it is an entity bomb).

    `at_end`: the error is on the last line of the input, i.e. the document stops
    before its elements are closed - a truncated file.
    """
    line, column = exc.position if exc.position else (exc.lineno, 0)
    message = (exc.msg or str(exc)).split(", line ")[0]
    where = f"{name}:{line}:{column}" if line else name  # libxml2 may give no position ("0:0")
    if "amplification" in message or "Detected an entity reference loop" in message:
        return InputFileError(f"{where}: refused XML entity expansion: {message}", ENTITY_HINT)
    limit = _parser_limit(message)
    if limit:
        return InputStreamError(f"{where}: {limit}, the XML parser's limit (libxml2's, which lexicon-tools "
                                "keeps); refused", LIMIT_HINT)
    if at_end or "Premature end of data" in message:
        return InputStreamError(f"{where}: the XML ends early, the file is truncated ({message})",
                                "The file stops in the middle of the XML (an interrupted download or copy?). "
                                "Fetch it again.")
    return InputStreamError(f"{where}: invalid XML: {message.strip() or 'unknown error'}",
                            "Fix the XML at that position (or check the file's encoding declaration).")


_LIMITS = (  # libxml2's messages for its limits (huge_tree off) -> what the user needs to know
    (("Excessive depth",), "elements are nested deeper than 256 levels"),
    (("Name too long",), "a tag or attribute name is longer than 50,000 bytes"),
    (("too big", "too long", "Buffer size limit", "huge text", "XML_PARSE_HUGE", "Dictionary size limit"),
     "a single XML token (text, attribute value, comment, CDATA section) is longer than 10,000,000 bytes"),
)


def _parser_limit(message: str) -> str | None:
    """What a libxml2 limit message means, without its advice to switch the limit off (XML_PARSE_HUGE)."""
    for fragments, meaning in _LIMITS:
        if any(fragment in message for fragment in fragments):
            return meaning
    return None
