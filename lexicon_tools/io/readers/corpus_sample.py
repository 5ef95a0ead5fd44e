"""The word forms of the first rows of the bundled noun corpus.

Test games and benches need a small lexicon of real German words that builds in
seconds; the head of the bundled corpus gives one, the same on every machine.
Every non-empty form cell of a row (columns 8 and after: the table's forms) is a
word, in corpus order, duplicates kept, so a caller decides how to normalise.
"""

from __future__ import annotations

import csv
import lzma

from lexicon_tools.resources import default_corpus

FORM_COLUMNS_START = 7


def corpus_forms(rows: int) -> list[str]:
    """Every form cell of the first `rows` data rows of the bundled noun corpus."""
    words: list[str] = []
    with lzma.open(default_corpus(), "rt", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        next(reader)
        for i, row in enumerate(reader):
            if i >= rows:
                break
            words += [cell for cell in row[FORM_COLUMNS_START:] if cell]
    return words
