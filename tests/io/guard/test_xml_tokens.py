"""The XML token-size guard: refuses exactly the documents with a token over the limit, whatever the chunking.

The guard looks at chunk boundaries only (see `xml_tokens`); a reference
tokenizer (one regex over the whole document) says which token is longest,
and every random chunking of the same document must reach the same verdict.
"""

from __future__ import annotations

import random
import re

import pytest

from lexicon_tools.errors import InputStreamError
from lexicon_tools.io.guard.xml_tokens import TokenGuard

LIMIT = 40

# The reference: every token of a well-formed document, one after the other.
_REFERENCE = re.compile(rb"""<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>|<![^>]*>|<(?:[^<>"']|"[^"]*"|'[^']*')*>|[^<]+""",
                        re.S)


def first_too_long(doc: bytes) -> str | None:
    """``line:column`` where the first token longer than LIMIT starts, None if there is none."""
    tokens = list(_REFERENCE.finditer(doc))
    assert b"".join(t.group() for t in tokens) == doc
    start = next((t.start() for t in tokens if len(t.group()) > LIMIT), None)
    if start is None:
        return None
    line, last_newline = doc.count(b"\n", 0, start) + 1, doc.rfind(b"\n", 0, start)
    return f"{line}:{start - last_newline}"


def _piece(rng: random.Random) -> bytes:
    size = rng.choice([1, 5, 20, 35, 39, 40, 41, 60, 200])
    fill = bytes(rng.choice(b"ab ->?]!\n") for _ in range(size))
    kind = rng.randrange(7)
    if kind == 0:
        return b"<!--" + fill.replace(b"--", b"-x").rstrip(b"-") + b"-->"
    if kind == 1:
        return b"<![CDATA[" + fill.replace(b"]]>", b"]x>").rstrip(b"]") + b"]]>"
    if kind == 2:
        return b"<?pi " + fill.replace(b"?>", b"x>").rstrip(b"?") + b"?>"
    if kind == 3:
        value = fill.replace(b'"', b"").replace(b"<", b"")
        return b'<e a="' + value + b"\" b='>'>"
    if kind == 4:
        return b"<e" + b" " * (size // 2) + b"/>"
    if kind == 5:
        return b"</e" + b" " * (size // 3) + b">"
    return fill.replace(b"<", b"").replace(b">", b"") or b"t"


def _document(rng: random.Random) -> bytes:
    return b'<?xml version="1.0"?>\n<r>' + b"".join(_piece(rng) for _ in range(rng.randint(1, 30))) + b"</r>"


def _fed(doc: bytes, rng: random.Random) -> InputStreamError | None:
    guard = TokenGuard("t.xml", doc[:64], limit=LIMIT)
    pos = 0
    try:
        while pos < len(doc):
            step = rng.choice([1, 2, 3, 7, 16, 31])  # chunks (+ 8 held back bytes) never exceed the limit
            guard.feed(doc[pos:pos + step])
            pos += step
    except InputStreamError as exc:
        return exc
    return None


@pytest.mark.parametrize("seed", range(300))
def test_the_guard_refuses_exactly_the_documents_with_a_too_long_token(seed):
    rng = random.Random(seed)
    doc = _document(rng)
    where = first_too_long(doc)
    for _ in range(5):
        refused = _fed(doc, rng)
        assert (refused is not None) == (where is not None), (doc, where, refused)
        if refused:
            assert refused.message.startswith(f"t.xml:{where}: a "), (doc, where, refused.message)


def test_the_message_names_the_line_column_kind_and_limit():
    doc = b'<?xml version="1.0"?>\n<r>\n  <e>ok</e>\n  <e a="' + b"x" * 100 + b'"/>\n</r>'
    refused = _fed(doc, random.Random(1))
    assert refused.message.startswith(
        "t.xml:4:3: a tag with an attribute value begins here that is longer than 40 bytes")


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16", "utf-32-be"])
def test_utf16_and_utf32_documents_are_measured_too(encoding):
    doc = ('<?xml version="1.0"?><r><!--' + "ä" * 50 + "--></r>").encode(encoding)
    assert "comment" in str(_fed(doc, random.Random(2)))
    short = ('<?xml version="1.0"?><r><!--' + "ä" * 5 + "--></r>").encode(encoding)
    assert _fed(short, random.Random(2)) is None
