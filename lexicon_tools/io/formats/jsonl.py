"""JSON Lines plumbing shared by entries.jsonl and verdicts.jsonl.

Writes go through `atomic_open` (a failed write leaves the previous file), with
non-ASCII written as itself so files stay greppable. Reads stream line by line,
skip blank lines and raise `InputFileError` naming ``file:line`` for bad UTF-8
or bad JSON; checking each object's fields is the caller's job.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from lexicon_tools.errors import InputFileError

ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


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


def read_jsonl(path: str | os.PathLike, *, create_hint: str, line_hint: str) -> Iterator[tuple[int, Any]]:
    """(line number, parsed value) for each non-blank line. The file is opened now,
    so a missing file fails at the call, not at the first iteration."""
    path = Path(path)
    try:
        handle = open(path, encoding="utf-8")
    except FileNotFoundError as exc:
        raise InputFileError(f"{path}: no such file", create_hint) from exc
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read ({exc.strerror})", "Check the file.") from exc
    return _lines(path, handle, line_hint)


def _lines(path: Path, handle, hint: str) -> Iterator[tuple[int, Any]]:
    with handle:
        number = 0
        try:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    yield number, json.loads(line)
                except json.JSONDecodeError as exc:
                    raise InputFileError(f"{path}:{number}: invalid JSON ({exc.msg}, column {exc.colno})",
                                         hint) from exc
                except RecursionError:
                    raise InputFileError(f"{path}:{number}: JSON nested too deeply to read", hint) from None
        except UnicodeDecodeError as exc:
            raise InputFileError(f"{path}:{number + 1}: not UTF-8 ({exc.reason})", hint) from exc
