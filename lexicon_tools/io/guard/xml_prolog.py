"""The XML prolog check: refuse entity declarations before any parser sees the file.

A small hand-written tokenizer over the document head (XML declaration,
comments, processing instructions, the DOCTYPE and its internal subset, with
quotes, comments and parameter-entity references skipped properly). Any
``<!ENTITY`` declaration raises an `InputFileError` naming the file and byte,
which is what makes billion-laughs and XXE files fail fast and without
expanding anything. It is pure Python on purpose: it must not depend on the
parser it protects. UTF-32 and UTF-16 heads (with or without a BOM) are decoded for the check; other encodings
libxml2 accepts are ASCII-compatible for markup and are read byte for byte.
Used by `xml_safe`, which holds the hardened parser configuration.
"""

from __future__ import annotations

import re

from lexicon_tools.errors import InputFileError

_NAME = re.compile(r"[^\s/>]+")
ENTITY_HINT = ("The file declares XML entities in its DOCTYPE, which lexicon-tools refuses for safety "
               "(entity expansion bombs, external file inclusion). Remove the <!DOCTYPE ...[...]> block "
               "or convert the file without entity declarations.")


class Prolog:
    """What the prolog scan found: the root element's name (prefix included), if reached.

    `root_at`: the byte offset of the root start tag's ``<`` when the head was
    decoded byte for byte (UTF-8 or another ASCII-compatible encoding), else None.
    """

    def __init__(self, root: str | None, complete: bool, root_at: int | None = None):
        self.root = root
        self.complete = complete
        self.root_at = root_at




def sniff_root(head: bytes, name: str) -> str | None:
    """The root element's local name if `head` looks like XML, else None (no error if cut short)."""
    prolog = scan_prolog(head, name, final=False)
    if not prolog.root:
        return None
    return prolog.root.rsplit(":", 1)[-1]


def scan_prolog(head: bytes, name: str, final: bool) -> Prolog:
    """Tokenise the prolog in `head`; raise on entity declarations.

    Returns ``complete=True`` with the root name once the root start tag is
    reached, ``complete=False`` when more bytes are needed. On text that is not
    XML at all, returns ``Prolog(None, True)`` and leaves the error to the parser.
    """
    text, offset = _decode_head(head)
    prolog = _PrologScanner(text, name).run(final)
    if prolog.root_at is not None:
        prolog.root_at = prolog.root_at + offset if offset is not None else None
    return prolog


# UTF-32 with or without a byte order mark (XML 1.0 appendix F): (first bytes, codec, BOM length).
_UTF32 = ((b"\x00\x00\xfe\xff", "utf-32-be", 4), (b"\xff\xfe\x00\x00", "utf-32-le", 4),
          (b"\x00\x00\x00<", "utf-32-be", 0), (b"<\x00\x00\x00", "utf-32-le", 0))


def _decode_head(head: bytes) -> tuple[str, int | None]:
    """The head as text, and the byte offset of its first character if characters are bytes (else None)."""
    for marks, codec, skip in _UTF32:
        if head.startswith(marks):  # before UTF-16: FF FE 00 00 also starts like a UTF-16 BOM
            return head[skip:len(head) - ((len(head) - skip) % 4)].decode(codec, errors="replace"), None
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return head[2:len(head) - (len(head) % 2)].decode("utf-16-le" if head[0] == 0xFF else "utf-16-be",
                                                          errors="replace"), None
    if head.startswith(b"<\x00"):
        return head[:len(head) - (len(head) % 2)].decode("utf-16-le", errors="replace"), None
    if head.startswith(b"\x00<"):
        return head[:len(head) - (len(head) % 2)].decode("utf-16-be", errors="replace"), None
    offset = 3 if head.startswith(b"\xef\xbb\xbf") else 0
    # Every other encoding libxml2 accepts by default is ASCII-compatible for markup;
    # latin-1 maps bytes 1:1 to characters, so offsets stay byte offsets.
    return head[offset:].decode("latin-1"), offset


class _PrologScanner:
    def __init__(self, text: str, name: str):
        self.text = text
        self.name = name
        self.pos = 0

    def run(self, final: bool) -> Prolog:
        text = self.text
        while True:
            self._skip_space()
            if self.pos >= len(text):
                return Prolog(None, final)
            if text.startswith("<?", self.pos):
                if not self._skip_past("?>"):
                    return Prolog(None, final)
            elif text.startswith("<!--", self.pos):
                if not self._skip_past("-->"):
                    return Prolog(None, final)
            elif text.startswith("<!DOCTYPE", self.pos):
                if not self._doctype():
                    return Prolog(None, final)
            elif text.startswith("<", self.pos):
                match = _NAME.match(text, self.pos + 1)
                if match is None or match.end() >= len(text):
                    return Prolog(None, final)
                return Prolog(match.group(), True, self.pos)
            else:
                return Prolog(None, True)  # not XML: let the caller/parser report it

    def _skip_space(self) -> None:
        text, pos = self.text, self.pos
        while pos < len(text) and text[pos] in " \t\r\n":
            pos += 1
        self.pos = pos

    def _skip_past(self, marker: str) -> bool:
        end = self.text.find(marker, self.pos)
        if end < 0:
            return False
        self.pos = end + len(marker)
        return True

    def _skip_quoted(self) -> bool:
        quote = self.text[self.pos]
        end = self.text.find(quote, self.pos + 1)
        if end < 0:
            return False
        self.pos = end + 1
        return True

    def _doctype(self) -> bool:
        """Skip the DOCTYPE; raise if its internal subset declares an entity."""
        text = self.text
        self.pos += len("<!DOCTYPE")
        while self.pos < len(text):
            char = text[self.pos]
            if char in "\"'":
                if not self._skip_quoted():
                    return False
            elif char == "[":
                self.pos += 1
                if not self._internal_subset():
                    return False
            elif char == ">":
                self.pos += 1
                return True
            else:
                self.pos += 1
        return False

    def _internal_subset(self) -> bool:
        text = self.text
        while True:
            self._skip_space()
            if self.pos >= len(text):
                return False
            if text.startswith("]", self.pos):
                self.pos += 1
                return True
            if text.startswith("<!--", self.pos):
                if not self._skip_past("-->"):
                    return False
            elif text.startswith("<?", self.pos):
                if not self._skip_past("?>"):
                    return False
            elif text.startswith("<!ENTITY", self.pos):
                raise InputFileError(f"{self.name}: byte {self.pos}: the DOCTYPE declares an XML entity "
                                     "(<!ENTITY ...>); refused without expanding it", ENTITY_HINT)
            elif text.startswith("<!", self.pos):
                if not self._markup_declaration():
                    return False
            elif text.startswith("%", self.pos):
                if not self._skip_past(";"):
                    return False
            else:
                self.pos += 1  # malformed subset: the parser will report it

    def _markup_declaration(self) -> bool:
        text = self.text
        self.pos += 2
        while self.pos < len(text):
            char = text[self.pos]
            if char in "\"'":
                if not self._skip_quoted():
                    return False
            elif char == ">":
                self.pos += 1
                return True
            else:
                self.pos += 1
        return False
