"""entries.jsonl as an input format (``--format jsonl``): the output of ``import``, read back.

Each non-blank line is one JSON object with a non-empty string ``word`` (see
`io.formats.entries_jsonl`); lines come from `lines.iter_lines` (bounded to
16,000 characters, the CSV bound) and are parsed by the bounded JSON parser
(`guard.bounded_json`). A line that is not such an object is a bad record
naming ``file:line``. Auto-detection recognises the format by content (the
first non-blank line is a JSON object with a string ``word``), so an
``entries.jsonl`` given to ``build -s`` is read as entries, not as a word list
whose "words" are JSON lines.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

from lexicon_tools.io.guard.bounded_json import JsonBoundError, loads
from lexicon_tools.io.readers.context import ReadContext
from lexicon_tools.io.readers.lines import iter_lines
from lexicon_tools.model.entry import Entry

MAX_LINE_CHARS = 16_000
_HINT = "Each line must be a JSON object with a non-empty string 'word', as `lexicon-tools import` writes."


def looks_like_entries(head: bytes) -> bool:
    """The first non-blank line of `head` is a JSON object holding a string ``word``."""
    for raw in head.lstrip(b"\xef\xbb\xbf").split(b"\n")[:-1] or [head]:
        if not raw.strip():
            continue
        if not raw.lstrip().startswith(b"{"):
            return False
        try:
            data = loads(raw)
        except JsonBoundError:
            return False
        return isinstance(data, dict) and isinstance(data.get("word"), str)
    return False


def read(stream: IO[bytes], ctx: ReadContext) -> Iterator[Entry]:
    for number, text in iter_lines(stream, ctx, MAX_LINE_CHARS):
        if not text.strip():
            continue
        try:
            data = loads(text)
        except JsonBoundError as exc:
            ctx.bad_record(ctx.at(number), str(exc), text[:80], _HINT)
            continue
        if not _is_entry(data):
            ctx.bad_record(ctx.at(number), "expected an entry object: a non-empty string 'word', text 'lemma', "
                                           "'pos' and 'source', 'features' of text, 'tags' a list of text", text[:80], _HINT)
            continue
        yield Entry.from_dict({**data, "source": data.get("source") or ctx.at(number)})


def _is_entry(data) -> bool:
    if not isinstance(data, dict) or not isinstance(data.get("word"), str) or not data["word"].strip():
        return False
    features, tags = data.get("features") or {}, data.get("tags") or []
    return (all(isinstance(data.get(k), (str, type(None))) for k in ("lemma", "pos", "source"))
            and isinstance(features, dict) and all(isinstance(v, str) for v in features.values())
            and isinstance(tags, list) and all(isinstance(t, str) for t in tags))
