"""From policy verdicts to lexicon content: one decision per normalised word.

Several entries can share a normalised spelling (HAUS as noun and as a verb
form; STRASSE from Straße and Strasse). `word_verdict` decides each word (any
accept wins, otherwise the most telling rejection); the decision becomes a row
of the verdict table, and accepted words become tile strings for the graph. A
word the policy accepts but that has no tiles is recorded as ``not-tileable``
rather than silently dropped, so the check can explain it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from lexicon_tools.lexicon.verdicts import VerdictRecord
from lexicon_tools.model.alphabet import Alphabet
from lexicon_tools.model.verdict import Verdict, word_verdict

NOT_TILEABLE = "not-tileable"


def _lemma_and_pos(verdict: Verdict) -> tuple[str | None, str | None]:
    """The deciding verdict's entry gives the word's lemma and class."""
    return verdict.entry.lemma, verdict.entry.pos


def reason_class(reason: str) -> str:
    """The reason without a trailing word argument: inflected-form:plural-of:HAUS -> inflected-form:plural-of."""
    head, sep, last = reason.rpartition(":")
    if sep and last and last == last.upper() and any(ch.isalpha() for ch in last):
        return head
    return reason


@dataclass
class Assembly:
    records: list[VerdictRecord] = field(default_factory=list)
    tiles: list[bytes] = field(default_factory=list)  # accepted words, tile-encoded
    entries: int = 0
    accepted: Counter = field(default_factory=Counter)  # reason class -> words
    rejected: Counter = field(default_factory=Counter)
    classes: Counter = field(default_factory=Counter)  # word class of the deciding entry -> accepted words

    # counts of `records` and `tiles` as assembled: the build releases both once encoded
    decided: int = 0
    accepted_words: int = 0

    @property
    def words_in(self) -> int:
        return self.decided

    @property
    def words_out(self) -> int:
        return self.accepted_words


def decide_words(verdicts: Iterable[Verdict]) -> tuple[dict[str, Verdict], int]:
    """The deciding verdict per normalised word, and the number of verdicts seen."""
    best: dict[str, Verdict] = {}
    seen = 0
    for verdict in verdicts:
        seen += 1
        current = best.get(verdict.normalized)
        best[verdict.normalized] = verdict if current is None else word_verdict((current, verdict))
    return best, seen


@dataclass
class DecisionColumns:
    """One decision per word in tiles as parallel columns (what a build's filter gives): the word,
    its verdict and reason, and the lemma and class of its first entry."""

    tiles: list[str]
    valid: bytearray
    reasons: list[str]
    lemmas: list[str | None]
    pos: list[str | None]

    def __len__(self) -> int:
        return len(self.tiles)

    def clear(self) -> None:
        for column in (self.tiles, self.valid, self.reasons, self.lemmas, self.pos):
            del column[:]


def assemble(decided: dict[str, Verdict] | DecisionColumns, alphabet: Alphabet,
             entries: int = 0) -> Assembly:
    out = Assembly(entries=entries)
    out.decided = len(decided)
    lemma_cache: dict[str, str] = {}
    if isinstance(decided, DecisionColumns):
        tiles = decided.tiles
        for key in sorted(range(len(tiles)), key=tiles.__getitem__):
            _add(out, tiles[key], bool(decided.valid[key]), decided.reasons[key], decided.lemmas[key],
                 decided.pos[key], alphabet, lemma_cache)
    else:
        for word in sorted(decided):
            verdict = decided[word]
            _add(out, word, verdict.valid, verdict.reason, *_lemma_and_pos(verdict), alphabet, lemma_cache)
    out.accepted_words = len(out.tiles)
    return out


def _add(out: Assembly, word: str, valid: bool, reason: str, lemma: str | None, pos: str | None,
         alphabet: Alphabet, lemma_cache: dict[str, str]) -> None:
    if valid and not alphabet.is_tileable(word):
        valid, reason = False, NOT_TILEABLE
    out.records.append(VerdictRecord(word, valid, reason, _lemma(reason, lemma, word, alphabet, lemma_cache)))
    (out.accepted if valid else out.rejected)[reason_class(reason)] += 1
    if valid:
        out.tiles.append(alphabet.encode(word))
        out.classes[pos or "unstated"] += 1


def _lemma(reason: str, lemma: str | None, word: str, alphabet: Alphabet, cache: dict[str, str]) -> str:
    """The base word to suggest: the word named in the reason (diminutive-of:HAUS), else the entry's lemma."""
    base = reason_class(reason)
    if base != reason:
        named = reason[len(base) + 1:]
        return "" if named == word else named
    if not lemma:
        return ""
    normalized = cache.get(lemma)
    if normalized is None:
        normalized = cache[lemma] = alphabet.to_tiles(lemma)
    return "" if normalized == word else normalized


def iter_counted(items: Iterable, bar) -> Iterator:
    """Pass items through, advancing a progress bar."""
    for item in items:
        bar.advance()
        yield item
