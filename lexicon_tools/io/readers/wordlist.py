"""Plain word lists: one word per line (e.g. Debian's /usr/share/dict/ngerman).

Format
    * one surface form per line, UTF-8 or Windows-1252/Latin-1 (detected, see
      `lines`), or the encoding given with ``--encoding``; a line longer than
      1,000 characters is a bad record;
    * blank lines and lines starting with ``#`` are skipped, surrounding
      whitespace is stripped; a ``#`` after whitespace starts a comment to the
      end of the line (``Brückchen  # the captain's bridge``), so the curated
      allow-lists in corpora/curated/ read as word lists (a default source of
      Wortspieler);
    * an optional tab-separated extra column (e.g. a frequency) is allowed and
      ignored: only the text before the first tab is the word.

Entries
    ``Entry(word, source="file:line")`` with no lemma, pos, features or tags: a
    word list says nothing else, and readers never invent what the source does
    not state. A line containing a NUL or other control character is a bad
    record (usually a binary file given by mistake); one holding a C1 control
    character (U+0080-U+009F) names ``--encoding cp1252``, since that is what a
    Windows file read as Latin-1 looks like.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import IO

from lexicon_tools.io.readers.context import ReadContext
from lexicon_tools.io.readers.lines import iter_lines
from lexicon_tools.model.entry import Entry

_CONTROL = frozenset(chr(c) for c in range(32)) - {"\t"}
_INLINE_COMMENT = re.compile(r"\s#")
_C1 = frozenset(chr(c) for c in range(0x80, 0xA0))


def read(stream: IO[bytes], ctx: ReadContext) -> Iterator[Entry]:
    for number, text in iter_lines(stream, ctx):
        word = text.split("\t", 1)[0]
        if "#" in word:
            word = _INLINE_COMMENT.split(word, 1)[0]
        word = word.strip()
        if not word or word.startswith("#"):
            continue
        if not _CONTROL.isdisjoint(word):
            ctx.bad_record(ctx.at(number), "contains control characters (is this a binary file?)", repr(word),
                           "Give a plain-text word list, one word per line.")
            continue
        if not _C1.isdisjoint(word):
            ctx.bad_record(ctx.at(number), "contains C1 control characters (U+0080-U+009F): a Windows-1252 "
                                           "file read as Latin-1?", repr(word),
                           "Pass --encoding cp1252 (or convert the file with `iconv -f cp1252 -t utf-8`).")
            continue
        yield Entry(word, source=ctx.at(number))
