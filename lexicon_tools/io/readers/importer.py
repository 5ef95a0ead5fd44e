"""The import job: several dictionary files -> one entries.jsonl, atomically.

All inputs are checked before anything is written (files exist, formats are
known or detectable, mapping files are valid), so a typo in the third path
fails at once. The output and the reject file are written with `atomic_open`:
if the import fails, the previous output (if any) is untouched and no partial
file is left behind. A progress bar (stderr, silent off-TTY or with quiet)
counts the raw input bytes against their total size.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from lexicon_tools.io.readers import RejectLog, iter_entries


@dataclass
class FileSummary:
    path: str
    entries: int = 0


@dataclass
class ImportSummary:
    output: str
    entries: int = 0
    rejected: int = 0
    files: list[FileSummary] = field(default_factory=list)


def import_files(paths: list[str | os.PathLike], output: str | os.PathLike, fmt: str = "auto", *,
                 encoding: str | None = None, on_error: str = "fail",
                 rejects: str | os.PathLike | None = None, quiet: bool = False) -> ImportSummary:
    from lexicon_tools.io.atomic import atomic_open
    from lexicon_tools.io.entries_jsonl import entry_line
    from lexicon_tools.io.progress import Progress

    log = RejectLog()
    summary = ImportSummary(str(output))
    with contextlib.ExitStack() as stack:
        bar = stack.enter_context(Progress("import (bytes)", enabled=False if quiet else None))
        # Creating the streams checks every input (file, format, mapping) before any output is opened.
        streams = [(str(p), iter_entries(p, fmt, encoding=encoding, on_error=on_error, rejects=log, progress=bar))
                   for p in paths]
        bar.total = sum(Path(p).stat().st_size for p in paths)
        out = stack.enter_context(atomic_open(output, "w", encoding="utf-8"))
        if rejects is not None:
            log.handle = stack.enter_context(atomic_open(rejects, "w", encoding="utf-8"))
        write = out.write
        for path, entries in streams:
            file_summary = FileSummary(path)
            for entry in entries:
                write(entry_line(entry))
                file_summary.entries += 1
            summary.files.append(file_summary)
            summary.entries += file_summary.entries
    summary.rejected = log.count
    return summary
