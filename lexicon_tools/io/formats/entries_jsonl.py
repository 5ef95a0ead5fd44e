"""entries.jsonl: the entry stream on disk, one JSON object per line.

Format (UTF-8, ``\\n`` line ends, one `Entry.to_dict()` per line, keys in this order)::

    {"word":"Häuser","lemma":"Haus","pos":"NOUN","features":{"Case":"Nom","Number":"Plur","Gender":"Neut"},
     "tags":[],"source":"nouns.csv.xz:4711"}

``word`` (string, required), ``lemma`` (string or null), ``pos`` (UD UPOS or
null), ``features`` (object of UD feature -> value), ``tags`` (list of
strings), ``source`` (``file:line`` or ``file#id``). Non-ASCII characters are
written as themselves, not ``\\u`` escapes, so the file stays greppable.

Writing is atomic (`atomic_open`): a failed or interrupted write leaves any
previous file untouched. Reading streams and reports malformed lines as
`InputFileError`s naming ``file:line``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.formats.jsonl import ENCODER, read_jsonl, write_jsonl
from lexicon_tools.model.entry import Entry

_HINT = "Each line must be a JSON object with at least 'word'; re-create the file with `lexicon-tools import`."


def entry_line(entry: Entry) -> str:
    """One entry as its JSON line (with the trailing newline)."""
    return ENCODER.encode(entry.to_dict()) + "\n"


def write_entries(path: str | os.PathLike, entries: Iterable[Entry]) -> int:
    """Write `entries` atomically to `path`; returns the number written."""
    return write_jsonl(path, (entry.to_dict() for entry in entries))


def read_entries(path: str | os.PathLike) -> Iterator[Entry]:
    """Stream the entries of an entries.jsonl file (blank lines are skipped)."""
    lines = read_jsonl(path, create_hint="Create it with `lexicon-tools import ... -o FILE`.", line_hint=_HINT,
                       fifo_ok=True)     # streamed once, in bounded lines: a named pipe is fine
    return (_entry(path, number, data) for number, data in lines)


def _entry(path, number: int, data) -> Entry:
    if not isinstance(data, dict) or not isinstance(data.get("word"), str) or not data["word"]:
        raise InputFileError(f"{path}:{number}: expected an object with a non-empty string 'word'", _HINT)
    if not isinstance(data.get("features") or {}, dict) or not isinstance(data.get("tags") or [], list):
        raise InputFileError(f"{path}:{number}: 'features' must be an object and 'tags' a list", _HINT)
    return Entry.from_dict(data)
