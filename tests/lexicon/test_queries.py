"""Anagram and pattern walks against a brute-force scan of the same word list."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.errors import UsageError
from lexicon_tools.lexicon.alphagram import alphagram, build_alphagram_kwg
from lexicon_tools.lexicon.kwg import build_kwg
from lexicon_tools.lexicon.queries import (
    anagrams,
    parse_pattern,
    parse_rack,
    pattern_matches,
)
from lexicon_tools.model.alphabet import Alphabet

GERMAN = Alphabet(tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ"))
SMALL = Alphabet(tuple("AEHNSU"))
NOUNS = ["HAUS", "HASE", "SAU", "AAS", "HAUSE", "HÄUSER", "MAUS", "HUND", "HUNDE", "SAUNA", "ANSEHEN",
         "HANS", "NASE", "SAHNE", "HAUSEN", "STRASSE", "ELTERN", "HÄUSCHEN", "HAUSHALT", "SEE", "ESSEN"]


def encode_all(words, alphabet=GERMAN):
    return [alphabet.encode(w) for w in words]


def brute_anagrams(words, letters, min_length):
    rack = Counter(letters.replace("?", ""))
    blanks = letters.count("?")
    out = set()
    for word in words:
        need = Counter(word)
        missing = sum(max(0, n - rack[ch]) for ch, n in need.items())
        if missing <= blanks and min_length <= len(word) <= len(letters):
            out.add(word)
    return out


def brute_pattern(words, pattern):
    regex = re.compile("".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern))
    return sorted(w for w in words if regex.fullmatch(w))


@pytest.mark.parametrize("letters,min_length", [
    ("HAUS", 4), ("HAUS", 2), ("SUAH?", 4), ("??", 2), ("NASEH", 3), ("ÄUSHER", 6), ("HUNDE?", 5), ("XYZ", 1),
])
def test_anagrams_match_brute_force(letters, min_length):
    kwg = build_kwg(encode_all(NOUNS))
    counts, blanks = parse_rack(letters, GERMAN)
    found = anagrams(kwg, counts, blanks, min_length=min_length)
    assert {GERMAN.decode(m.tiles) for m in found} == brute_anagrams(NOUNS, letters, min_length)


def test_anagram_blanks_are_marked_and_minimal():
    kwg = build_kwg(encode_all(NOUNS))
    counts, blanks = parse_rack("SUA?", GERMAN)
    rendered = {m.render(GERMAN) for m in anagrams(kwg, counts, blanks, min_length=4)}
    assert "HAUS".lower() not in rendered and "hAUS" in rendered  # H came from the blank
    counts, blanks = parse_rack("HAUS?", GERMAN)
    by_word = {GERMAN.decode(m.tiles): m for m in anagrams(kwg, counts, blanks, min_length=3)}
    assert by_word["HAUS"].blanks == ()  # real tiles are preferred over the blank
    assert by_word["HAUSE"].blanks == (4,)


def test_anagrams_are_sorted_longest_first():
    kwg = build_kwg(encode_all(NOUNS))
    counts, blanks = parse_rack("HAUSEN", GERMAN)
    lengths = [len(m.tiles) for m in anagrams(kwg, counts, blanks, min_length=2)]
    assert lengths == sorted(lengths, reverse=True)


@pytest.mark.parametrize("pattern", ["H?US*", "*", "HAUS", "*S", "H*E", "?A?", "*AU*", "**HAUS**", "Ä*", "Q*"])
def test_patterns_match_brute_force(pattern):
    kwg = build_kwg(encode_all(NOUNS))
    found = [GERMAN.decode(w) for w in pattern_matches(kwg, parse_pattern(pattern, GERMAN))]
    assert found == brute_pattern(NOUNS, pattern)


def test_pattern_letters_are_normalised():
    tokens = parse_pattern("stra?e", GERMAN)
    assert tokens == list(GERMAN.encode("STRA")) + [-1] + list(GERMAN.encode("E"))
    assert parse_pattern("straße*", GERMAN)[:7] == list(GERMAN.encode("STRASSE"))


@pytest.mark.parametrize("bad", ["H-US", "", "   "])
def test_bad_patterns_are_usage_errors(bad):
    with pytest.raises(UsageError):
        parse_pattern(bad, GERMAN)


@pytest.mark.parametrize("bad", ["HA1", ""])
def test_bad_racks_are_usage_errors(bad):
    with pytest.raises(UsageError):
        parse_rack(bad, GERMAN)


small_words = st.sets(st.text(alphabet="AEHNSU", min_size=1, max_size=6), min_size=1, max_size=60)


@settings(max_examples=80, deadline=None)
@given(small_words, st.text(alphabet="AEHNSU?", min_size=1, max_size=7), st.integers(1, 4))
def test_anagram_property(words, letters, min_length):
    kwg = build_kwg(encode_all(words, SMALL))
    counts, blanks = parse_rack(letters, SMALL)
    found = anagrams(kwg, counts, blanks, min_length=min_length)
    assert {SMALL.decode(m.tiles) for m in found} == brute_anagrams(words, letters, min_length)
    for match in found:  # blanks stand exactly where the rack ran out of that letter
        real = Counter(t for i, t in enumerate(match.tiles) if i not in match.blanks)
        assert all(real[t] <= counts[t] for t in real) and len(match.blanks) <= blanks


@settings(max_examples=80, deadline=None)
@given(small_words, st.text(alphabet="AEHNSU?*", min_size=1, max_size=6))
def test_pattern_property(words, pattern):
    kwg = build_kwg(encode_all(words, SMALL))
    found = [SMALL.decode(w) for w in pattern_matches(kwg, parse_pattern(pattern, SMALL))]
    assert found == brute_pattern(words, pattern)


def test_alphagram_dawg_holds_each_words_sorted_letters():
    words = encode_all(NOUNS)
    kad = build_alphagram_kwg(words)
    assert not kad.has_gaddag
    assert set(kad.words()) == {alphagram(w) for w in words}
    assert kad.contains(alphagram(GERMAN.encode("HAUS"))) and not kad.contains(GERMAN.encode("HAUS"))
