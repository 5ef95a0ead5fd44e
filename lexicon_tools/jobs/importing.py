"""The import job: several dictionary files -> one entries.jsonl, atomically.

All inputs are checked before anything is written (files exist, formats are
known or detectable, mapping files are valid), so a typo in the third path
fails at once. The output and the reject file are written with `atomic_open`:
if the import fails, the previous output (if any) is untouched and no partial
file is left behind. Before that, `check_outputs` refuses an output (or reject
file) that is the same file as an input or as the other output. An input file
that yields no entries is an error (the previous output stays): an empty or
all-comment file is almost always the wrong file. A progress bar (stderr,
silent off-TTY or with quiet) counts the raw input bytes against their total
size (unknown for pipes and stdin).
"""

from __future__ import annotations

import contextlib
import os
import stat
from dataclasses import dataclass, field

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.readers import RejectLog, iter_entries
from lexicon_tools.jobs.bars import BarFactory, NoBar


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
    damaged: list[str] = field(default_factory=list)  # files that became unreadable part-way (--on-error skip)


def import_files(paths: list[str | os.PathLike], output: str | os.PathLike, fmt: str = "auto", *,
                 encoding: str | None = None, on_error: str = "fail",
                 rejects: str | os.PathLike | None = None, quiet: bool = False,
                 bars: BarFactory = NoBar) -> ImportSummary:
    from lexicon_tools.io.guard.atomic import atomic_open
    from lexicon_tools.io.formats.entries_jsonl import entry_line
    from lexicon_tools.io.guard.paths import check_outputs

    check_outputs([output, rejects], paths)
    log = RejectLog()
    summary = ImportSummary(str(output))
    with contextlib.ExitStack() as stack:
        bar = stack.enter_context(bars("import (bytes)", enabled=False if quiet else None))
        # Creating the streams checks every input (file, format, mapping) before any output is opened.
        streams = [(str(p), iter_entries(p, fmt, encoding=encoding, on_error=on_error, rejects=log, progress=bar))
                   for p in paths]
        bar.total = _total_size(paths)
        out = stack.enter_context(atomic_open(output, "w", encoding="utf-8"))
        if rejects is not None:
            log.handle = stack.enter_context(atomic_open(rejects, "w", encoding="utf-8"))
        write = out.write
        for path, entries in streams:
            file_summary = FileSummary(path)
            rejected_before, damaged_before = log.count, len(log.damaged)
            for entry in entries:
                write(entry_line(entry))
                file_summary.entries += 1
            if not file_summary.entries:
                _no_entries(path, log.count - rejected_before, log.damaged[damaged_before:])
            summary.files.append(file_summary)
            summary.entries += file_summary.entries
    summary.rejected = log.count
    summary.damaged = list(log.damaged)
    return summary


def _total_size(paths) -> int | None:
    """The summed size of regular input files; None (unknown) if one is a pipe or stdin."""
    total = 0
    for path in paths:
        try:
            info = os.stat(path)
        except OSError:
            return None
        if not stat.S_ISREG(info.st_mode):
            return None
        total += info.st_size
    return total


def _no_entries(path: str, rejected: int, damaged: list[str]) -> None:
    if damaged:  # a truncated archive whose damage comes before any whole entry (e.g. in its first bz2 block)
        raise InputFileError(f"no entries before the damage: {damaged[0]}; nothing was written",
                             "The file is truncated or corrupt before its first entry: fetch it again. The previous "
                             "output is unchanged.")
    why = f"all {rejected:,} record(s) were bad" if rejected else "it is empty or holds only blank and comment lines"
    raise InputFileError(f"{path}: no entries ({why}); nothing was written",
                         "Check that this is the right file (and format); the previous output is unchanged.")
