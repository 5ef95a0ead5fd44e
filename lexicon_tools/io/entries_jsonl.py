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

import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from lexicon_tools.errors import InputFileError
from lexicon_tools.model.entry import Entry

_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def entry_line(entry: Entry) -> str:
    """One entry as its JSON line (with the trailing newline)."""
    return _ENCODER.encode(entry.to_dict()) + "\n"


def write_entries(path: str | os.PathLike, entries: Iterable[Entry]) -> int:
    """Write `entries` atomically to `path`; returns the number written."""
    from lexicon_tools.io.atomic import atomic_open

    count = 0
    with atomic_open(path, "w", encoding="utf-8") as handle:
        write = handle.write
        encode = _ENCODER.encode
        for entry in entries:
            write(encode(entry.to_dict()) + "\n")
            count += 1
    return count


def read_entries(path: str | os.PathLike) -> Iterator[Entry]:
    """Stream the entries of an entries.jsonl file (blank lines are skipped)."""
    path = Path(path)
    try:
        handle = open(path, encoding="utf-8")
    except FileNotFoundError as exc:
        raise InputFileError(f"{path}: no such file", "Create it with `lexicon-tools import ... -o FILE`.") from exc
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read ({exc.strerror})", "Check the file.") from exc
    return _read(path, handle)


def _read(path: Path, handle) -> Iterator[Entry]:
    with handle:
        number = 0
        try:
            for number, line in enumerate(handle, 1):
                if line.strip():
                    yield _parse(path, number, line)
        except UnicodeDecodeError as exc:
            raise InputFileError(f"{path}:{number + 1}: not UTF-8 ({exc.reason})",
                                 "entries.jsonl files are UTF-8; re-create it with `lexicon-tools import`.") from exc


def _parse(path: Path, number: int, line: str) -> Entry:
    hint = "Each line must be a JSON object with at least 'word'; re-create the file with `lexicon-tools import`."
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InputFileError(f"{path}:{number}: invalid JSON ({exc.msg}, column {exc.colno})", hint) from exc
    if not isinstance(data, dict) or not isinstance(data.get("word"), str) or not data["word"]:
        raise InputFileError(f"{path}:{number}: expected an object with a non-empty string 'word'", hint)
    if not isinstance(data.get("features") or {}, dict) or not isinstance(data.get("tags") or [], list):
        raise InputFileError(f"{path}:{number}: 'features' must be an object and 'tags' a list", hint)
    return Entry.from_dict(data)
