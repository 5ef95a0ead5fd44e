"""JSON Lines plumbing shared by entries.jsonl and verdicts.jsonl.

Writes go through `atomic_open` (a failed write leaves the previous file), with
non-ASCII written as itself so files stay greppable. Reads stream line by line,
skip blank lines and raise `InputFileError` naming ``file:line`` for bad UTF-8
or bad JSON; checking each object's fields is the caller's job.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from lexicon_tools.errors import InputFileError

ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
MAX_LINE_CHARS = 1 << 20  # one entry or verdict per line: far below this


def write_jsonl(path: str | os.PathLike, records: Iterable[dict[str, Any]]) -> int:
    """Write one JSON object per line, atomically; returns the number written."""
    from lexicon_tools.io.guard.atomic import atomic_open

    count = 0
    with atomic_open(path, "w", encoding="utf-8") as handle:
        write, encode = handle.write, ENCODER.encode
        for record in records:
            write(encode(record) + "\n")
            count += 1
    return count


def read_jsonl(path: str | os.PathLike, *, create_hint: str, line_hint: str,
               fifo_ok: bool = False) -> Iterator[tuple[int, Any]]:
    """(line number, parsed value) for each non-blank line. The file is opened now,
    so a missing file, a device or (unless `fifo_ok`: a reader that streams once) a FIFO
    fails at the call, not at the first iteration."""
    from lexicon_tools.io.guard.paths import open_regular

    path = Path(path)
    handle = open_regular(path, "a JSON Lines file", create_hint, fifo_ok=fifo_ok)
    return _lines(path, io.TextIOWrapper(handle, encoding="utf-8"), line_hint)


def _lines(path: Path, handle, hint: str) -> Iterator[tuple[int, Any]]:
    """Lines of at most `MAX_LINE_CHARS`, each parsed by the bounded JSON parser (`guard.bounded_json`)."""
    from lexicon_tools.io.guard.bounded_json import JsonBoundError, loads

    with handle:
        number = 0
        try:
            while True:
                line = handle.readline(MAX_LINE_CHARS + 1)
                if not line:
                    return
                number += 1
                if len(line) > MAX_LINE_CHARS and not line.endswith("\n"):
                    raise InputFileError(f"{path}:{number}: the line is longer than {MAX_LINE_CHARS:,} characters; "
                                         "no entry or verdict is that long", hint)
                if not line.strip():
                    continue
                try:
                    yield number, loads(line)
                except JsonBoundError as exc:
                    raise InputFileError(f"{path}:{number}: {exc}", hint) from None
        except UnicodeDecodeError as exc:
            raise InputFileError(f"{path}:{number + 1}: not UTF-8 ({exc.reason})", hint) from exc
