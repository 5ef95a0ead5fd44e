"""Readings: one grammatical analysis of a surface form, and how entries turn into them.

A word often has several readings (Lehrer: Nom Sg and Nom Pl of LEHRER, Dat Sg ...);
the word policies judge each reading and a word is legal if any reading is legal.

Where readings come from (`Reading.origin`):

- ``lexicon``: an imported entry with its features (the morphological lexicon);
- ``headword``: a dictionary headword without case features (TEI, word lists with a
  part of speech). By lexicographic convention a noun headword is cited in the
  nominative singular, or in the nominative plural when it is plural-only;
- ``compound``: an unknown word analysed through its longest known head
  (Kinder|garten -> the readings of Garten, with the lemma Kindergarten);
- ``model``: the statistical fallback (a spaCy morphologizer), with a probability;
- ``external:<name>``: an installed spaCy pipeline used as a further signal;
- ``orthography``: an unknown word written in lower case, which German orthography
  rules out as a noun.

`Analyzer` is the protocol the policies use to get readings; `lexicon_tools.morph`
implements it (a pure lexicon analyzer, and the spaCy pipeline analyzer).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from lexicon_tools.model.entry import Entry

NOUN_POS = frozenset({"NOUN", "PROPN"})
# The tag of a noun row from a full-form list (`forms-nouns`): evidence that the word exists, not of
# its lemma. Its lemma may be the form itself (Zugriffsrechte, no singular in the list), so such rows
# never count towards a lemma's productivity as a compound head (`Analyzer.head_count`).
FORM_LIST_TAG = "form-list"
# The tag of such a row that is also a verb infinitive of the same list (Abarbeiten; abarbeiten): a
# nominalised infinitive, a singular whatever its ending looks like (Arbeiten: plural of Arbeit).
INFINITIVE_TAG = "verb-infinitive"
# With it, on a row that is no verb itself but ends in a productive verb head (Lackier|arbeiten: arbeiten).
INFINITIVE_COMPOUND_TAG = "verb-infinitive-compound"
# The tag of a row that only ends in a rare verb head of the list, N letters long (Fernsehgebühren:
# gebühren, ``verb-infinitive-ending:8``): a nominalised infinitive unless that ending is a noun's
# inflected form (Gebühren: plural of Gebühr).
INFINITIVE_ENDING_PREFIX = "verb-infinitive-ending:"
# A name's tag (``propn:toponym``, ``propn:surname``...), which readers give a noun row that names.
PROPN_TAG_PREFIX = "propn:"
CASES = ("Nom", "Gen", "Dat", "Acc")
NUMBERS = ("Sing", "Plur")


@dataclass(frozen=True, slots=True)
class Reading:
    pos: str | None
    lemma: str | None = None
    case: str | None = None
    number: str | None = None
    gender: str | None = None
    tags: tuple[str, ...] = ()
    source: str = ""
    origin: str = "lexicon"
    score: float | None = None
    head: str | None = field(default=None, compare=False)

    @property
    def is_noun(self) -> bool:
        return self.pos in NOUN_POS

    def features(self) -> str:
        """UD feature string in canonical (alphabetical) order, e.g. ``Case=Nom|Gender=Neut|Number=Sing``."""
        parts = []
        if self.case:
            parts.append(f"Case={self.case}")
        if self.gender:
            parts.append(f"Gender={self.gender}")
        if self.number:
            parts.append(f"Number={self.number}")
        return "|".join(parts)

    def to_evidence(self) -> dict[str, Any]:
        data: dict[str, Any] = {"lemma": self.lemma, "pos": self.pos, "features": self.features(),
                                "origin": self.origin}
        if self.tags:
            data["tags"] = list(self.tags)
        if self.score is not None:
            data["score"] = round(self.score, 4)
        if self.head:
            data["head"] = self.head
        return data


class Analyzer(Protocol):
    """What a word policy needs from the morphology."""

    def analyze(self, words: Sequence[str]) -> list[tuple[Reading, ...]]:
        """All readings of each word (same order as `words`)."""

    def lookup(self, form: str) -> tuple[Reading, ...]:
        """Readings the morphological lexicon itself holds for `form` (no model, no compounds)."""

    def head_count(self, noun: str) -> int:
        """How many noun lemmas end in `noun`: its productivity as a compound head (0 if unknown)."""


def _values(features: dict[str, str], key: str) -> tuple[str | None, ...]:
    """UD allows several values separated by commas (``Case=Acc,Nom``)."""
    raw = features.get(key)
    if not raw:
        return (None,)
    return tuple(v.strip() for v in str(raw).split(",") if v.strip()) or (None,)


def readings_from_entry(entry: Entry) -> tuple[Reading, ...]:
    """The readings an imported entry states about its word (empty if it states nothing).

    An entry without a part of speech (a bare word-list line) states nothing. A noun
    entry without a case is a headword: nominative singular, or nominative plural if
    it is plural-only (``Number=Plur`` or the ``plurale-tantum`` tag).
    """
    pos = entry.pos
    if not pos:
        return ()
    if not pos.isupper():
        pos = pos.upper()
    feats = entry.features or {}
    gender = feats.get("Gender") or None
    if gender and "," in gender:
        gender = None
    case, number = feats.get("Case"), feats.get("Number")
    if case and number and "," not in case and "," not in number:  # the common case: one inflection cell
        return (Reading(pos, entry.lemma or entry.word, case, number, gender, tuple(entry.tags), entry.source),)
    cases = _values(feats, "Case")
    numbers = _values(feats, "Number")
    origin = "lexicon"
    if pos in NOUN_POS and cases == (None,):
        is_headword = not entry.lemma or entry.lemma == entry.word
        if is_headword:
            origin = "headword"
            cases = ("Nom",)
            if numbers == (None,):
                numbers = ("Plur",) if "plurale-tantum" in entry.tags else ("Sing",)
    return tuple(
        Reading(pos=pos, lemma=entry.lemma or entry.word, case=case, number=number, gender=gender,
                tags=tuple(entry.tags), source=entry.source, origin=origin)
        for case in cases for number in numbers
    )


@lru_cache(maxsize=4096)
def propn_tag(tags: tuple[str, ...]) -> bool:
    """A ``propn:`` tag among `tags` (few distinct tag tuples, a million readings: cached)."""
    return any(t.startswith(PROPN_TAG_PREFIX) for t in tags)
