"""Capitals inside a word: in a source that writes words in mixed case, ``BMW`` is an abbreviation.

German writes nouns capitalised and everything else in lower case, so a dictionary
or word list that uses lower case at all writes two or more capitals in one word
only for an abbreviation or an acronym (ABM, BMW, CPU, DNA, FDP, ADHS, StVO, GmbH),
its inflected forms (BMWs, LKWs) or a brand (BahnCard). Sources that are all capitals (tournament word lists) say nothing by
their case, so the rule applies per source file, decided by whether that file holds
any word with a lower-case letter. A single letter is never taken for an
abbreviation by this rule.

The readings of such a spelling get the ``abbreviation`` tag, and a spelling with
no reading gets one abbreviation reading, so every policy judges it as an
abbreviation (``allow_abbreviations`` decides), whatever the source called it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace

from lexicon_tools.model.entry import Entry
from lexicon_tools.policy.readings import Reading

TAG = "abbreviation"


def source_file(source: str) -> str:
    """The file part of an entry's source (``list.txt:12``, ``dict.tei#e1`` -> the file name)."""
    if "#" in source:
        return source.partition("#")[0]
    return source.rpartition(":")[0] or source


def all_caps_in_mixed_case(entries: Sequence[Entry]) -> frozenset[str]:
    """The surfaces with two or more capitals, of every source that also writes plain lower-case
    or capitalised words."""
    tracker = CapsTracker()
    for entry in entries:
        tracker.add(entry.word, source_file(entry.source))
    return tracker.result()


class CapsTracker:
    """`all_caps_in_mixed_case` one entry at a time (the build streams its entries), mergeable across
    sources; `mixed` and `caps` are plain sets of file names and words (stored by `io.cache.import_cache`)."""

    def __init__(self, mixed: set[str] | None = None, caps: dict[str, set[str]] | None = None):
        self.mixed: set[str] = mixed or set()
        self.caps: dict[str, set[str]] = defaultdict(set, caps or {})

    def add(self, word: str, file: str) -> None:
        if word.islower() or (word[:1].isupper() and word[1:].islower()):
            self.mixed.add(file)
        elif len(word) > 1 and sum(c.isupper() for c in word) > 1:
            self.caps[file].add(word)

    def merge(self, other: CapsTracker) -> None:
        self.mixed |= other.mixed
        for file, words in other.caps.items():
            self.caps[file] |= words

    def result(self) -> frozenset[str]:
        return frozenset(word for source, words in self.caps.items() if source in self.mixed for word in words)


def as_abbreviation(surface: str, readings: Sequence[Reading]) -> tuple[Reading, ...]:
    """The readings with the abbreviation tag, or one abbreviation reading if there are none."""
    if not readings:
        return (Reading(pos="X", lemma=surface, tags=(TAG,), origin="orthography"),)
    return tuple(r if TAG in r.tags else replace(r, tags=r.tags + (TAG,)) for r in readings)
