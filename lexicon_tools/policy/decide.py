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

A judge that compares a word with the rest of its paradigm (``attach_words``: the Wortspieler paradigm
and adjective-form rules) is handed the tiles of the words being decided before any is judged: those of
their capitalised spellings, and of all. Such a rule reads the build's own words (Wahlfach beside
Wahlfächer), so a word's verdict may depend on which other words the sources bring.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from lexicon_tools.model.alphabet import Alphabet
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.policy.casing import all_caps_in_mixed_case, as_abbreviation
from lexicon_tools.policy.judgement import Judgement, better, better_than, is_best_possible
from lexicon_tools.policy.normalize import shape_reason, to_tiles
from lexicon_tools.policy.readings import Analyzer, Reading, readings_from_entry

if TYPE_CHECKING:
    from lexicon_tools.model.ruleset import WordPolicy

ProgressCallback = Callable[[int], None]


class Judge(Protocol):
    def judge(self, tiles: str, reading: Reading | None, surface: str = "") -> Judgement: ...


class _Best:
    """The running decision for one word in tiles: the best judgement's verdict and reason (enough for
    a build; the judgement itself and its reading are not kept)."""

    __slots__ = ("final", "has_noun", "reason", "spellings", "valid")

    def __init__(self) -> None:
        self.final = False  # no further judgement can be better (see `judgement.is_best_possible`)
        self.valid = False
        self.reason: str | None = None
        self.has_noun = False
        self.spellings: str | list[str] | None = None  # one surface as a plain str (the common case)

    def add_surface(self, surface: str) -> None:
        spellings = self.spellings
        if spellings is None:
            self.spellings = surface
        elif isinstance(spellings, str):
            self.spellings = [spellings, surface]
        else:
            spellings.append(surface)

    @property
    def surfaces(self) -> list[str]:
        spellings = self.spellings
        return [] if spellings is None else [spellings] if isinstance(spellings, str) else spellings

    def consider(self, judgement: Judgement) -> None:
        if not self.has_noun and judgement.reading is not None:
            self.has_noun = judgement.reading.is_noun
        if self.reason is None or better_than(judgement.valid, judgement.reason, self.valid, self.reason):
            self.valid, self.reason = judgement.valid, judgement.reason
            self.chose(judgement)

    def settle(self) -> bool:
        """A build needs only the best verdict: once nothing can beat it, the word's other readings
        need no judging (a ``nom-sg`` accept comes from a noun reading, so ``has_noun`` is set)."""
        self.final = self.has_noun and is_best_possible(self.valid, self.reason)
        return self.final

    def chose(self, judgement: Judgement) -> None:
        pass


class _Word(_Best):
    """The running decision and what each entry's own evidence needs (best judgement, judgements by
    reading, reasons)."""

    __slots__ = ("best", "by_reading", "evidence", "reasons")

    def __init__(self) -> None:
        super().__init__()
        self.best: Judgement | None = None
        self.by_reading: dict[tuple, Judgement] = {}
        self.evidence: dict | None = None
        self.reasons: set[str] = set()

    def consider(self, judgement: Judgement) -> None:
        if judgement.reading is not None:
            self.by_reading.setdefault(reading_key(judgement.reading), judgement)
        self.reasons.add(judgement.reason)
        super().consider(judgement)

    def chose(self, judgement: Judgement) -> None:
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


# Words are analysed in slices of this many (a multiple of the spaCy analyzer's batch size, so that
# its batches are the same as for one call): only one slice's readings are alive at a time.
ANALYZE_SLICE = 20_000


def judge_words(surfaces: Sequence[str], keys: Sequence, tiles_of: Callable[[object], str], capitals: frozenset[str],
                judge: Judge, analyzer: Analyzer, state: type[_Best] = _Best,
                progress: ProgressCallback | None = None) -> dict[object, _Best]:
    """Steps 2-3 of the module doc for tileable surfaces of the right length, in input order: the
    running decision of every word in tiles they map to. ``keys[i]`` names the word of
    ``surfaces[i]`` (its tiles, or an index), ``tiles_of(key)`` gives its tiles."""
    words: dict[object, _Best] = {}
    attach = getattr(judge, "attach_words", None)
    if attach is not None:
        attach({tiles_of(key) for surface, key in zip(surfaces, keys) if surface[:1].isupper()},
               {tiles_of(key) for key in keys})
    keep_spellings = bool(getattr(judge, "case_blind_nouns", False)) or state is not _Best
    settle = state is _Best  # per-entry evidence (`_Word`) needs every judgement
    for start in range(0, len(surfaces), ANALYZE_SLICE):
        part = surfaces[start:start + ANALYZE_SLICE]
        for surface, key, readings in zip(part, keys[start:start + ANALYZE_SLICE], analyzer.analyze(part)):
            if surface in capitals:
                readings = as_abbreviation(surface, readings)
            word = words.get(key)
            if word is None:
                word = words[key] = state()
            if keep_spellings:
                word.add_surface(surface)
            if word.final:
                continue
            word_tiles = tiles_of(key)
            for reading in readings:
                word.consider(judge.judge(word_tiles, reading, surface))
                if settle and word.valid and word.settle():
                    break
        if progress is not None:
            progress(len(part))
    if getattr(judge, "case_blind_nouns", False):
        for key, word in words.items():
            if not word.has_noun:
                word_tiles = tiles_of(key)
                for spelling, reading in other_spellings(word.surfaces, analyzer):
                    word.consider(judge.judge(word_tiles, reading, spelling))
    for key, word in words.items():
        if word.reason is None:
            word.consider(judge.judge(tiles_of(key), None, ""))
    return words


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
    keys = [tiles_of[s] for s in surfaces]
    words = judge_words(surfaces, keys, str, all_caps_in_mixed_case(entries), judge, analyzer, _Word)
    for done, (entry, word_tiles) in enumerate(zip(entries, tiles), start=1):
        yield _verdict(entry, word_tiles, shape[word_tiles], words.get(word_tiles), judge)
        if progress is not None and done % 10000 == 0:
            progress(10000)
    if progress is not None:
        progress(len(entries) % 10000)


class WordDecisions(NamedTuple):
    """`decide_per_word`'s result in columns, one row per word in tiles (first-appearance order)."""

    tiles: list[str]
    valid: bytearray
    reasons: list[str]
    first: array  # index of the word's first surface


def decide_per_word(surfaces: Sequence[str], capitals: frozenset[str], policy: WordPolicy, alphabet: Alphabet,
                    judge: Judge, analyzer: Analyzer, progress: ProgressCallback | None = None) -> WordDecisions:
    """`decide` for a build, which needs one decision per word in tiles, not a verdict per entry.

    `surfaces` are the distinct spellings in input order; every entry of a word gets the same
    decision in `decide`, and the first entry of a word is the first entry of its first surface,
    so nothing else is needed from the entries. The running decisions live in columns (a word
    costs a few bytes besides its tiles and reason, not an object), and a word whose best is
    already unbeatable (`judgement.is_best_possible`) is judged no further: the same decisions
    as `judge_words`, which keeps every judgement for per-entry evidence."""
    lengths = policy.lengths
    number: dict[str, int] = {}
    order: list[str] = []
    reasons: list = []   # the shape reason, then the best judgement's reason
    first = array("I")
    usable: list[str] = []
    keys = array("I")
    for index, surface in enumerate(surfaces):
        word_tiles = to_tiles(surface, alphabet)
        key = number.get(word_tiles)
        if key is None:
            key = number[word_tiles] = len(order)
            order.append(word_tiles)
            reasons.append(shape_reason(word_tiles, alphabet, lengths.min, lengths.max))
            first.append(index)
        if reasons[key] is None:
            usable.append(surface)
            keys.append(key)
    number.clear()
    attach = getattr(judge, "attach_words", None)
    if attach is not None:  # the build's words, for rules that compare a word with its paradigm
        attach({order[key] for surface, key in zip(usable, keys) if surface[:1].isupper()}, set(order))
    shaped = bytearray(1 if r is not None else 0 for r in reasons)  # rejected by shape: judged no further
    valid = bytearray(len(order))
    noun = bytearray(len(order))
    final = bytearray(len(order))
    judge_one = judge.judge

    def consider(key: int, judgement: Judgement) -> None:
        reading = judgement.reading
        if reading is not None and not noun[key] and reading.is_noun:
            noun[key] = 1
        best = reasons[key]
        if best is None or better_than(judgement.valid, judgement.reason, valid[key], best):
            valid[key], reasons[key] = judgement.valid, judgement.reason
            if judgement.valid and noun[key] and is_best_possible(True, judgement.reason):
                final[key] = 1

    for start in range(0, len(usable), ANALYZE_SLICE):
        part = usable[start:start + ANALYZE_SLICE]
        for surface, key, readings in zip(part, keys[start:start + ANALYZE_SLICE], analyzer.analyze(part)):
            if final[key]:
                continue
            if surface in capitals:
                readings = as_abbreviation(surface, readings)
            word_tiles = order[key]
            for reading in readings:
                consider(key, judge_one(word_tiles, reading, surface))
                if final[key]:
                    break
        if progress is not None:
            progress(len(part))
    if getattr(judge, "case_blind_nouns", False):
        spellings: dict[int, list[str]] = {}
        for surface, key in zip(usable, keys):
            if not noun[key]:
                spellings.setdefault(key, []).append(surface)
        for key, words in spellings.items():
            for spelling, reading in other_spellings(words, analyzer):
                consider(key, judge_one(order[key], reading, spelling))
    if progress is not None:
        progress(len(surfaces) - len(usable))
    del usable, keys
    for key in range(len(order)):
        if not shaped[key] and reasons[key] is None:
            consider(key, judge_one(order[key], None, ""))
    return WordDecisions(order, valid, reasons, first)


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
