"""Per-file reading state shared by all readers: provenance and the error policy.

Two kinds of trouble, two treatments:

* **Record errors** (one bad line, row or entry: an undecodable line, a CSV row
  with the wrong number of fields, an entry without a headword) go through
  `ReadContext.bad_record`. With ``on_error="fail"`` (the default) that raises
  an `InputFileError` at once; with ``on_error="skip"`` the record is written
  to the reject log and reading continues.
* **Stream errors** (the XML syntax breaks, a compressed file ends early)
  mean the rest of the file cannot be read. With "fail" they raise; with
  "skip" the remainder of the file is logged as one reject and the import
  moves on to the next file (`ReadContext.stream_failed`).

Problems with the command itself (unknown format, missing file, a mapping
file with errors, CSV header without the required columns, an XML DOCTYPE
declaring entities) are always fatal: there is nothing to skip record by record.

Reject log format (JSON Lines, one object per skipped record)::

    {"source": "words.txt:17", "reason": "not valid UTF-8 ...", "record": "Stra\\ufffde"}
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import IO

from lexicon_tools.errors import InputFileError

ON_ERROR_CHOICES = ("fail", "skip")
SKIP_HINT = ("Fix the record, or pass --on-error skip --rejects FILE to skip bad records "
             "and list them with their reasons.")
RECORD_EXCERPT = 300


class RejectLog:
    """Counts skipped records and, given a text handle, writes them as JSON Lines."""

    def __init__(self, handle: IO[str] | None = None):
        self.handle = handle
        self.count = 0
        self.damaged: list[str] = []  # stream errors: where a file became unreadable

    def add(self, source: str, reason: str, record: str = "") -> None:
        self.count += 1
        if self.handle is not None:
            line = {"source": source, "reason": reason, "record": record[:RECORD_EXCERPT]}
            self.handle.write(json.dumps(line, ensure_ascii=False) + "\n")


@dataclass
class ReadContext:
    """What a reader needs besides the bytes: names for provenance and the error policy."""

    name: str
    on_error: str = "fail"
    encoding: str | None = None
    rejects: RejectLog = field(default_factory=RejectLog)

    def at(self, line: int | str) -> str:
        """Provenance for a line-addressed record: ``file:line``."""
        return f"{self.name}:{line}"

    def at_id(self, element_id: str) -> str:
        """Provenance for an XML record with an id: ``file#id``."""
        return f"{self.name}#{element_id}"

    def bad_record(self, source: str, reason: str, record: str = "", hint: str = "") -> None:
        if self.on_error == "fail":
            raise InputFileError(f"{source}: {reason}", hint or SKIP_HINT)
        self.rejects.add(source, reason, record)

    def stream_failed(self, error: InputFileError) -> None:
        """The rest of the file is unreadable: raise (fail) or log it as one reject (skip)."""
        if self.on_error == "fail":
            raise error
        self.rejects.damaged.append(error.message)
        self.rejects.add(self.name, f"{error.message}; the rest of the file was skipped", "")
