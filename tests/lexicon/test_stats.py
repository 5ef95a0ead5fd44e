"""Lexicon statistics: lengths, letter shares against the bag, suggested tile counts."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lexicon_tools.lexicon.kwg import build_kwg
from lexicon_tools.lexicon.stats import lexicon_stats, suggest_counts
from lexicon_tools.model.alphabet import Alphabet

ABC = Alphabet(tuple("AEHSU"))
WORDS = ["HAUS", "HASE", "SEE", "AAS", "USA", "HA"]


def test_counts_and_shares_follow_the_word_list():
    stats = lexicon_stats(build_kwg([ABC.encode(w) for w in WORDS]), ABC, {"A": 4, "E": 2, "H": 1, "S": 2, "U": 1})
    assert stats.word_count == len(WORDS)
    assert stats.by_length == dict(Counter(len(w) for w in WORDS))
    letters = Counter("".join(WORDS))
    total = sum(letters.values())
    rows = {r.letter: r for r in stats.letters}
    for letter in "AEHSU":
        assert rows[letter].lexicon_share == pytest.approx(letters[letter] / total)
    assert rows["A"].bag_share == pytest.approx(0.4) and rows["A"].ratio == pytest.approx(
        (letters["A"] / total) / 0.4)
    assert sum(r.suggested_count for r in stats.letters) == 10
    assert stats.to_dict()["by_length"]["4"] == 2


def test_missing_bag_gives_zero_shares():
    stats = lexicon_stats(build_kwg([ABC.encode("HAUS")]), ABC, {})
    assert all(r.bag_share == 0 and r.suggested_count == 0 for r in stats.letters)
    assert stats.to_dict()["letters"][0]["ratio"] is None


@given(st.lists(st.floats(0, 1), min_size=1, max_size=30), st.integers(0, 200))
def test_suggested_counts_sum_to_the_bag_and_keep_every_letter(shares, total):
    counts = suggest_counts(shares, total)
    assert len(counts) == len(shares) and min(counts) >= 1
    assert sum(counts) == max(total, len(shares))
