"""Lexicon statistics for game designers: word lengths and letter frequencies vs the tile bag.

For every letter it compares its share of all letters in the lexicon's words
with its share of the letter tiles in the bag, and proposes the count that
would match the lexicon for the same number of letter tiles (every letter
keeps one tile, the rest are shared out by largest remainder). Letters whose ratio is far from 1 are the ones to
tune. Computed from the DAWG words, so it describes exactly what is playable.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from lexicon_tools.lexicon.kwg import Kwg
from lexicon_tools.model.alphabet import Alphabet


@dataclass
class LetterRow:
    letter: str
    lexicon_share: float  # share of all letters in the words
    bag_count: int
    bag_share: float
    suggested_count: int

    @property
    def ratio(self) -> float:
        """lexicon share / bag share (inf when the bag has none)."""
        return self.lexicon_share / self.bag_share if self.bag_share else float("inf")


@dataclass
class LexiconStats:
    word_count: int
    by_length: dict[int, int]
    letters: list[LetterRow] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "word_count": self.word_count,
            "by_length": {str(k): v for k, v in sorted(self.by_length.items())},
            "letters": [{"letter": r.letter, "lexicon_share": round(r.lexicon_share, 6),
                         "bag_count": r.bag_count, "bag_share": round(r.bag_share, 6),
                         "ratio": round(r.ratio, 4) if r.bag_share else None,
                         "suggested_count": r.suggested_count} for r in self.letters],
        }


def lexicon_stats(kwg: Kwg, alphabet: Alphabet, bag: dict[str, int]) -> LexiconStats:
    """Statistics of the DAWG's words; `bag` maps letters to tile counts (may be empty)."""
    by_length: Counter = Counter()
    letter_counts: Counter = Counter()
    chunk: list[bytes] = []
    words = 0
    for word in kwg.words():
        words += 1
        by_length[len(word)] += 1
        chunk.append(word)
        if len(chunk) >= 65536:
            letter_counts.update(b"".join(chunk))
            chunk.clear()
    letter_counts.update(b"".join(chunk))
    total_letters = sum(letter_counts.values()) or 1
    bag_total = sum(bag.get(letter, 0) for letter in alphabet.letters)
    shares = [letter_counts[i] / total_letters for i in range(1, alphabet.size + 1)]
    suggested = suggest_counts(shares, bag_total) if bag_total else [0] * alphabet.size
    rows = []
    for i, letter in enumerate(alphabet.letters):
        count = bag.get(letter, 0)
        rows.append(LetterRow(letter, shares[i], count, count / bag_total if bag_total else 0.0, suggested[i]))
    return LexiconStats(words, dict(sorted(by_length.items())), rows)


def suggest_counts(shares: list[float], total: int) -> list[int]:
    """Integer counts proportional to `shares` summing to `total`, each at least 1."""
    n = len(shares)
    if total < n:
        return [1] * n
    remaining = total - n
    norm = sum(shares)
    if norm <= 0:  # nothing to go by: share out evenly
        shares, norm = [1.0] * n, float(n)
    quotas = [s / norm * remaining for s in shares]
    floors = [int(q) for q in quotas]
    counts = [1 + f for f in floors]
    leftover = remaining - sum(floors)
    order = sorted(range(n), key=lambda i: (-(quotas[i] - floors[i]), i))
    for i in order[:leftover]:
        counts[i] += 1
    return counts
