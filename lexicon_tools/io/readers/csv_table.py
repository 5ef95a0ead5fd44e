"""CSV inflection tables in the german-nouns format (``nouns.csv`` of the PyPI package german-nouns).

Format
    A header row, then one row per (lemma, reading). Columns, case-insensitive:

    * ``lemma`` (required) - the headword;
    * ``pos`` (required) - comma-separated German Wiktionary word-class labels,
      e.g. ``Substantiv``, ``Substantiv,Toponym``, ``Nachname,Substantiv``;
    * ``genus``, ``genus 1`` ... ``genus 4`` - m|f|n;
    * form columns ``nominativ singular`` ... ``akkusativ plural`` with the
      variants described in `german_table` (``*``, ``1``-``4``,
      ``stark|schwach|gemischt``). At least one form column is required.

    Other columns are ignored, except ones that start like a form column but do
    not parse (a typo would otherwise drop data silently). Comma-separated (tab
    if the header has tabs and no commas); UTF-8 or Windows-1252/Latin-1 as for
    word lists; may be gzip/bzip2/xz-compressed. A line may hold up to
    `MAX_LINE_CHARS` characters (the corpus's longest row has about 1,500).

Entries
    One entry per form cell (see `german_table`), ``lemma`` = the row's lemma,
    ``pos`` NOUN or PROPN from the labels (see `vocab.german_labels`: Toponym,
    Vorname, Nachname, Eigenname -> PROPN with a ``propn:...`` tag; Abkürzung ->
    ``abbreviation``; ...). Rows with plural forms and no singular form are
    pluralia tantum (tag ``plurale-tantum``). Source ``file:line``.

Errors
    A header without ``lemma``/``pos``/form columns is fatal (names the missing
    columns). A row with a different number of fields than the header, or an
    empty lemma, is a record error (``file:line``).
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from typing import IO

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.readers.context import ReadContext
from lexicon_tools.io.readers.german_table import clean_form, gender_of, parse_genus_key, parse_slot, table_entries
from lexicon_tools.io.readers.lines import iter_lines
from lexicon_tools.io.readers.vocab import german_labels
from lexicon_tools.model.entry import Entry

REQUIRED = ("lemma", "pos")
MAX_LINE_CHARS = 16_000
HEADER_HINT = ("The german-nouns format needs a header row with 'lemma', 'pos', optionally 'genus', and form "
               "columns such as 'nominativ singular', 'genitiv plural' (see the README section Import).")


class _Layout:
    """Column indices resolved once from the header."""

    def __init__(self, header: list[str], ctx: ReadContext, line: int):
        names = [h.strip().lower() for h in header]
        self.width = len(names)
        missing = [c for c in REQUIRED if c not in names]
        self.lemma = names.index("lemma") if "lemma" in names else -1
        self.pos = names.index("pos") if "pos" in names else -1
        self.genus: list[tuple[int, int | None]] = []
        self.slots = []
        bad: list[str] = []
        for i, name in enumerate(names):
            is_genus, index = parse_genus_key(name)
            if is_genus:
                self.genus.append((i, index))
                continue
            try:
                slot = parse_slot(name)
            except ValueError as exc:
                bad.append(str(exc))
                continue
            if slot is not None:
                self.slots.append((i, slot))
        if not self.slots:
            missing.append("form columns ('nominativ singular', ...)")
        if missing or bad:
            problems = (["missing column(s): " + ", ".join(missing)] if missing else []) + bad
            raise InputFileError(f"{ctx.at(line)}: the CSV header does not fit the german-nouns format: "
                                 + "; ".join(problems), HEADER_HINT)


def read(stream: IO[bytes], ctx: ReadContext) -> Iterator[Entry]:
    lines = iter_lines(stream, ctx, max_chars=MAX_LINE_CHARS)
    numbered = _Numbered(lines)
    first = numbered.peek()
    if first is None:
        raise InputFileError(f"{ctx.name}: the CSV file is empty", HEADER_HINT)
    delimiter = "\t" if "\t" in first and "," not in first else ","
    rows = csv.reader(numbered, delimiter=delimiter)
    try:
        header = next(rows)
    except csv.Error as exc:
        raise InputFileError(f"{ctx.at(numbered.number)}: unreadable CSV header ({exc})", HEADER_HINT) from exc
    layout = _Layout(header, ctx, numbered.number)
    while True:
        start = numbered.number + 1
        try:
            row = next(rows)
        except StopIteration:
            return
        except csv.Error as exc:
            ctx.bad_record(ctx.at(numbered.number), f"malformed CSV ({exc})", numbered.last)
            continue
        if not row:
            continue
        yield from _row_entries(row, layout, ctx, start, numbered.number)


def _row_entries(row: list[str], layout: _Layout, ctx: ReadContext, start: int, end: int) -> list[Entry]:
    where = ctx.at(start)
    if len(row) != layout.width:
        ctx.bad_record(where, f"the row has {len(row)} fields, the header has {layout.width} "
                              "(missing or extra columns; an unquoted comma?)", ",".join(row))
        return []
    lemma = row[layout.lemma].strip()
    if not lemma:
        ctx.bad_record(where, "empty lemma", ",".join(row))
        return []
    pos, tags = german_labels(row[layout.pos].split(","))
    genders = {}
    for i, index in layout.genus:
        gender = gender_of(row[i])
        if gender:
            genders[index] = gender
    forms = []
    for i, slot in layout.slots:
        cell = row[i]
        if cell:
            form = clean_form(cell)
            if form:
                forms.append((slot, form))
    return table_entries(lemma, forms, genders, pos, tags, where)


class _Numbered:
    """Feeds lines to csv.reader while remembering the physical line number."""

    def __init__(self, lines: Iterator[tuple[int, str]]):
        self._lines = lines
        self._peeked: tuple[int, str] | None = None
        self.number = 0
        self.last = ""

    def peek(self) -> str | None:
        if self._peeked is None:
            self._peeked = next(self._lines, None)
        return self._peeked[1] if self._peeked else None

    def __iter__(self) -> "_Numbered":
        return self

    def __next__(self) -> str:
        if self._peeked is not None:
            item, self._peeked = self._peeked, None
        else:
            item = next(self._lines)
        self.number, self.last = item
        return self.last
