"""Dictionary readers: every input format becomes one stream of `Entry` objects.

``iter_entries(path, fmt="auto", *, encoding=None, on_error="fail", rejects=None, progress=None)``
streams the entries of one file. Formats:

=================  ==========================================================
``wordlist``       plain word lists (`wordlist`)
``csv``            german-nouns inflection tables, also .gz/.bz2/.xz (`csv_table`)
``forms``          full-form tables ``form<TAB>lemma<TAB>pos`` (`forms_table`)
``forms-nouns``    the NOUN rows of a full-form table (`forms_table.read_nouns`)
``tei``            TEI P5 / FreeDict dictionaries (`tei`)
``wiktionary``     German Wiktionary pages-articles dumps, plain or .bz2 (`wiktionary`)
``mapping:FILE``   any XML described by a YAML mapping file (`mapping`)
``auto``           detected from content and extension (`detect`)
=================  ==========================================================

Every reader streams (flat memory), opens compressed files transparently
(`source`), and follows the shared conventions of `vocab` and `german_table`
(UD UPOS and features, ``propn:``/``register:``/``domain:`` tags,
``plurale-tantum``, ``diminutive``; source ``file:line`` or ``file#id``).
Error handling (fail/skip, reject log) is described in `context`.

Imports of the individual readers are lazy, so reading a word list never
loads lxml or mwparserfromhell.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import IO

from lexicon_tools.errors import InputStreamError, UsageError
from lexicon_tools.io.readers.context import ON_ERROR_CHOICES, ReadContext, RejectLog
from lexicon_tools.io.readers.detect import KNOWN_FORMATS, detect_format, known_formats_text
from lexicon_tools.io.readers.source import InputSource
from lexicon_tools.model.entry import Entry

__all__ = ["KNOWN_FORMATS", "RejectLog", "iter_entries", "resolve_reader"]

Reader = Callable[[IO[bytes], ReadContext], Iterator[Entry]]


def resolve_reader(fmt: str) -> Reader:
    """The reader function for a format name (not "auto"); UsageError listing the known ones."""
    if fmt == "wordlist":
        from lexicon_tools.io.readers import wordlist
        return wordlist.read
    if fmt == "jsonl":
        from lexicon_tools.io.readers import entries_reader
        return entries_reader.read
    if fmt == "csv":
        from lexicon_tools.io.readers import csv_table
        return csv_table.read
    if fmt == "forms":
        from lexicon_tools.io.readers import forms_table
        return forms_table.read
    if fmt == "forms-nouns":
        from lexicon_tools.io.readers import forms_table
        return forms_table.read_nouns
    if fmt == "tei":
        from lexicon_tools.io.readers import tei
        return tei.read
    if fmt == "wiktionary":
        from lexicon_tools.io.readers import wiktionary
        return wiktionary.read
    if fmt.startswith("mapping:") and fmt[len("mapping:"):].strip():
        from lexicon_tools.io.readers import mapping
        return mapping.reader(mapping.load_mapping(fmt[len("mapping:"):].strip()))
    raise UsageError(f"unknown format {fmt!r}", f"Use one of: {known_formats_text()}.")


def iter_entries(path: str | os.PathLike, fmt: str = "auto", *, encoding: str | None = None,
                 on_error: str = "fail", rejects: RejectLog | str | os.PathLike | None = None,
                 progress=None) -> Iterator[Entry]:
    """Stream the entries of one dictionary file.

    The file, format and mapping are checked at once (errors raise here);
    records are read lazily. `path` may be ``-`` (standard input), a pipe or a
    FIFO: those are read once, with their start buffered for detection (`source`). `rejects` is a `RejectLog` (shared across files)
    or a path, written atomically when the stream is exhausted. `progress`
    (a `Progress`) is advanced by the raw bytes read.
    """
    if on_error not in ON_ERROR_CHOICES:
        raise UsageError(f"unknown --on-error value {on_error!r}", "Use 'fail' (the default) or 'skip'.")
    source = InputSource(path)
    name = detect_format(source) if fmt == "auto" else fmt
    reader = resolve_reader(name)
    ctx = ReadContext(source.name, on_error, encoding)
    if rejects is None or isinstance(rejects, RejectLog):
        if rejects is not None:
            ctx.rejects = rejects
        return _stream(source, reader, ctx, progress)
    return _stream_with_reject_file(source, reader, ctx, progress, rejects)


def _stream(source: InputSource, reader: Reader, ctx: ReadContext, progress) -> Iterator[Entry]:
    with source.open(progress) as stream:
        try:
            yield from reader(stream, ctx)
        except InputStreamError as exc:
            ctx.stream_failed(exc)


def _stream_with_reject_file(source, reader, ctx, progress, path) -> Iterator[Entry]:
    from lexicon_tools.io.guard.atomic import atomic_open

    with atomic_open(path) as handle:
        ctx.rejects = RejectLog(handle)
        yield from _stream(source, reader, ctx, progress)
