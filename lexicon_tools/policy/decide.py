"""From entries to verdicts: one decision per word in tiles, shared by all its entries.

The algorithm (both policy kinds):
1. normalise every entry's word to tiles; a word that is not tileable or has the
   wrong length is rejected for that reason alone;
2. ask the analyzer once for the readings of every distinct surface form (Lehrer,
   lehrer and LEHRER are three forms of one word in tiles);
3. judge every reading of every surface form that maps to the word; the word's
   decision is the best judgement: any accept beats any reject (a word is legal if
   any reading is legal), then the reason that explains it best;
4. every entry of the word gets the word's decision, so a word never carries both an
   accept and a reject. When the entry's own reading says something else (the Nom Pl
   entry of Lehrer), that is kept as ``evidence.entry_reason``.

A word without any reading is judged as ``judge(tiles, None)``. A spelling in capitals
from a source that otherwise writes lower case (BMW) is judged as an abbreviation
(`casing`).

Tiles have no case. A judge that decides by nouns (``case_blind_nouns``, the Wortspieler
rule) also hears the morphological lexicon about a word's other spellings when none of
the source's spellings has a noun reading: a word list that writes "essen" only in
lower case still has the noun *das Essen* (``analyzer.lookup`` of Essen and ESSEN, so
lexicon readings only, never the statistical model's guesses).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol

from lexicon_tools.model.alphabet import Alphabet
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.policy.casing import all_caps_in_mixed_case, as_abbreviation
from lexicon_tools.policy.judgement import Judgement, better
from lexicon_tools.policy.normalize import shape_reason, to_tiles
from lexicon_tools.policy.readings import Analyzer, Reading, readings_from_entry

if TYPE_CHECKING:
    from lexicon_tools.model.ruleset import WordPolicy

ProgressCallback = Callable[[int], None]


class Judge(Protocol):
    def judge(self, tiles: str, reading: Reading | None, surface: str = "") -> Judgement: ...


class _Word:
    """The running decision for one word in tiles."""

    __slots__ = ("best", "by_reading", "evidence", "has_noun", "reasons", "surfaces")

    def __init__(self) -> None:
        self.best: Judgement | None = None
        self.by_reading: dict[tuple, Judgement] = {}
        self.evidence: dict | None = None
        self.reasons: set[str] = set()
        self.has_noun = False
        self.surfaces: list[str] = []

    def consider(self, judgement: Judgement) -> None:
        if judgement.reading is not None:
            self.by_reading.setdefault(reading_key(judgement.reading), judgement)
            self.has_noun = self.has_noun or judgement.reading.is_noun
        self.reasons.add(judgement.reason)
        if self.best is None or better(judgement, self.best):
            self.best = judgement


def reading_key(reading: Reading) -> tuple:
    """What a reading says, without where it was found (so entries from several rows share judgements)."""
    return (reading.pos, reading.lemma, reading.case, reading.number, reading.gender, reading.tags, reading.origin)


def other_spellings(surfaces: Sequence[str], analyzer: Analyzer) -> Iterator[tuple[str, Reading]]:
    """The lexicon's readings of the word's spellings the source did not use: each surface
    capitalised (essen -> Essen, exact) and in capitals (ESSEN: every spelling, any case)."""
    seen = set(surfaces)
    for surface in surfaces:
        for spelling in (surface[:1].upper() + surface[1:], surface.upper()):
            if spelling not in seen:
                seen.add(spelling)
                for reading in analyzer.lookup(spelling):
                    yield spelling, reading


def decide(entries: Sequence[Entry], policy: WordPolicy, alphabet: Alphabet, judge: Judge,
           analyzer: Analyzer, progress: ProgressCallback | None = None) -> Iterator[Verdict]:
    lengths = policy.lengths
    tiles_of: dict[str, str] = {}
    for entry in entries:
        if entry.word not in tiles_of:
            tiles_of[entry.word] = to_tiles(entry.word, alphabet)
    tiles = [tiles_of[entry.word] for entry in entries]
    shape: dict[str, str | None] = {}
    for word in tiles:
        if word not in shape:
            shape[word] = shape_reason(word, alphabet, lengths.min, lengths.max)
    surfaces = list(dict.fromkeys(e.word for e, t in zip(entries, tiles) if shape[t] is None))
    words: dict[str, _Word] = {}
    analyses = analyzer.analyze(surfaces)
    capitals = all_caps_in_mixed_case(entries)
    for surface, readings in zip(surfaces, analyses):
        if surface in capitals:
            readings = as_abbreviation(surface, readings)
        word_tiles = tiles_of[surface]
        state = words.setdefault(word_tiles, _Word())
        state.surfaces.append(surface)
        for reading in readings:
            state.consider(judge.judge(word_tiles, reading, surface))
    if getattr(judge, "case_blind_nouns", False):
        for word_tiles, state in words.items():
            if not state.has_noun:
                for spelling, reading in other_spellings(state.surfaces, analyzer):
                    state.consider(judge.judge(word_tiles, reading, spelling))
    for word_tiles, state in words.items():
        if state.best is None:
            state.consider(judge.judge(word_tiles, None, ""))
    for done, (entry, word_tiles) in enumerate(zip(entries, tiles), start=1):
        yield _verdict(entry, word_tiles, shape[word_tiles], words.get(word_tiles), judge)
        if progress is not None and done % 10000 == 0:
            progress(10000)
    if progress is not None:
        progress(len(entries) % 10000)


def _verdict(entry: Entry, word_tiles: str, shape: str | None, state: _Word | None, judge: Judge) -> Verdict:
    if shape is not None or state is None or state.best is None:
        return Verdict(entry, word_tiles, False, shape or "not-tileable", {"tiles": word_tiles})
    best = state.best
    if state.evidence is None:
        state.evidence = best.evidence()
    evidence = dict(state.evidence)
    if len(state.reasons) > 1:  # otherwise every reading of the word says the same
        own = _entry_judgement(entry, word_tiles, state, judge)
        if own is not None and own.reason != best.reason:
            evidence["entry_reason"] = own.reason
    return Verdict(entry, word_tiles, best.valid, best.reason, evidence)


def _entry_judgement(entry: Entry, word_tiles: str, state: _Word, judge: Judge) -> Judgement | None:
    own: Judgement | None = None
    for reading in readings_from_entry(entry):
        judgement = state.by_reading.get(reading_key(reading)) or judge.judge(word_tiles, reading, entry.word)
        if own is None or better(judgement, own):
            own = judgement
    return own
