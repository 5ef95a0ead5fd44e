"""The morphological lexicon: surface form -> readings, compiled from imported entries.

Every entry that states a part of speech contributes its readings
(`policy.readings.readings_from_entry`): an inflection-table row gives Häuser its
Nom/Gen/Acc Pl readings of Haus, a TEI headword gives a nominative reading. Identical
readings from several entries are kept once (the first source wins).

Lookup is by exact spelling, because German capitalisation carries meaning (Essen the
noun, essen the verb). A word written entirely in capitals (HAUS, from a tile list)
is looked up case-insensitively.

A lexicon may have a *base* (e.g. the bundled corpus) that fills gaps: the base is
consulted only for spellings the primary lexicon does not know, so a user's own
dictionary keeps its say over words it defines (a colloquial-only reading stays
colloquial).

`LexiconAnalyzer` is the analyzer without spaCy: lexicon readings, then compound
heads, then orthography (an unknown lower-case word is not a noun). The all-forms
policy uses it; the Wortspieler policy uses the spaCy pipeline
(`lexicon_tools.morph.pipeline`) built on the same lexicon.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator, Sequence

from lexicon_tools.model.entry import Entry
from lexicon_tools.policy.compounds import compound_readings
from lexicon_tools.policy.readings import FORM_LIST_TAG, Reading, readings_from_entry

ORTHOGRAPHY = Reading(pos="X", origin="orthography")


def _key(reading: Reading) -> tuple:
    return (reading.pos, reading.lemma, reading.case, reading.number, reading.gender, reading.tags)


class MorphLexicon:
    def __init__(self, base: MorphLexicon | None = None):
        self._forms: dict[str, tuple[Reading, ...]] = {}
        self._folded: dict[str, tuple[str, ...]] = {}
        self._reversed: list[str] | None = None
        self.base = base

    @classmethod
    def from_entries(cls, entries: Iterable[Entry], base: MorphLexicon | None = None) -> MorphLexicon:
        collected: dict[str, dict[tuple, Reading]] = {}
        for entry in entries:
            for reading in readings_from_entry(entry):
                collected.setdefault(entry.word, {}).setdefault(_key(reading), reading)
        return cls.from_forms({word: tuple(readings.values()) for word, readings in collected.items()}, base)

    @classmethod
    def from_forms(cls, forms: dict[str, tuple[Reading, ...]], base: MorphLexicon | None = None) -> MorphLexicon:
        lexicon = cls(base)
        lexicon._forms = forms
        folded: dict[str, list[str]] = {}
        for word in forms:
            folded.setdefault(word.casefold(), []).append(word)
        lexicon._folded = {k: tuple(v) for k, v in folded.items()}
        return lexicon

    def __len__(self) -> int:
        return len(self._forms)

    def __contains__(self, form: str) -> bool:
        return bool(self.lookup(form))

    def forms(self) -> Iterator[tuple[str, tuple[Reading, ...]]]:
        """Every spelling of the primary lexicon with its readings (for training labels)."""
        return iter(self._forms.items())

    def head_count(self, noun: str) -> int:
        """How many noun lemmas end in `noun` (itself included): how productive it is as a compound head.

        Used to choose between candidate bases (Kätzchen: Katze, not Katz). A sorted
        list of reversed lemmas, built on first use, answers by binary search.
        """
        if self._reversed is None:
            lemmas = {r.lemma.lower() for readings in self._forms.values() for r in readings
                      if r.pos == "NOUN" and r.lemma and FORM_LIST_TAG not in r.tags}
            self._reversed = sorted(lemma[::-1] for lemma in lemmas)
        key = noun.lower()[::-1]
        start = bisect.bisect_left(self._reversed, key)
        end = bisect.bisect_left(self._reversed, key + "\U0010ffff")
        own = end - start
        return own + (self.base.head_count(noun) if self.base is not None else 0)

    def lookup(self, form: str) -> tuple[Reading, ...]:
        readings = self._forms.get(form)
        if readings is None and form.isupper():
            spellings = self._folded.get(form.casefold(), ())
            readings = tuple(r for s in spellings for r in self._forms[s]) or None
        if readings is None:
            return self.base.lookup(form) if self.base is not None else ()
        return readings


def unknown_word_readings(word: str, lexicon: MorphLexicon) -> tuple[Reading, ...]:
    """Readings for a word the lexicon does not know, without any statistics:
    the orthography rule for a word starting in lower case (German nouns are
    capitalised, so obwohl is not a compound with the head Wohl), else its compound
    head, else () (left to the statistical fallback)."""
    if word[:1].islower():
        return (ORTHOGRAPHY,)
    return compound_readings(word, lexicon.lookup, lexicon.head_count)


class LexiconAnalyzer:
    """Readings from the lexicon, compound heads and orthography; no spaCy, no model."""

    def __init__(self, lexicon: MorphLexicon):
        self.lexicon = lexicon

    def lookup(self, form: str) -> tuple[Reading, ...]:
        return self.lexicon.lookup(form)

    def head_count(self, noun: str) -> int:
        return self.lexicon.head_count(noun)

    def analyze(self, words: Sequence[str]) -> list[tuple[Reading, ...]]:
        lexicon = self.lexicon
        return [lexicon.lookup(w) or unknown_word_readings(w, lexicon) for w in words]
