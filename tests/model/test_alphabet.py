"""Alphabet normalisation onto German tiles."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from lexicon_tools.model.alphabet import Alphabet

GERMAN = Alphabet(tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ"))


@pytest.mark.parametrize("word,normalized,tileable", [
    ("haus", "HAUS", True),
    ("Straße", "STRASSE", True),
    ("GROẞ", "GROSS", True),
    ("Café", "CAFE", True),
    ("Mädchen", "MÄDCHEN", True),
    ("Österreich", "ÖSTERREICH", True),
    ("naïve", "NAIVE", True),
    ("Señor", "SENOR", True),
    ("E-Mail", "E-MAIL", False),
    ("A4", "A4", False),
    ("rock'n'roll", "ROCK'N'ROLL", False),
    ("New York", "NEW YORK", False),
    ("Øre", "ØRE", False),
])
def test_normalise(word, normalized, tileable):
    assert GERMAN.normalize(word) == normalized
    assert GERMAN.is_tileable(GERMAN.normalize(word)) is tileable


def test_equivalence_mapping_generalises_the_e_yo_rule():
    russian_style = Alphabet(tuple("АБВЕ"), replacements=(("ё", "е"), ("Ё", "Е")), strip_accents=False)
    assert russian_style.normalize("ёё") == "ЕЕ"


def test_encode_decode_roundtrip_uses_tile_numbers_from_one():
    tiles = GERMAN.encode("HAUS")
    assert list(tiles) == [8, 1, 21, 19]
    assert GERMAN.decode(tiles) == "HAUS"
    assert GERMAN.encode("Ü") == bytes([29])


@example("a \u0301")  # an accent on a space: found by the policy's property tests
@given(st.text(max_size=20))
def test_normalisation_is_idempotent(text):
    once = GERMAN.normalize(text)
    assert GERMAN.normalize(once) == once


def _slow_to_tiles(alphabet: Alphabet, word: str) -> str:
    """The reference: `normalize` repeated to a fixed point, without the fast path."""
    text = word
    for _ in range(4):
        normalized = alphabet.normalize(text)
        if normalized == text:
            break
        text = normalized
    return text


WORDISH = st.text(alphabet=st.sampled_from("aäbcdeéoöuüsßzAÄBCÖUÜSZẞ -'\u0301\u00a0"), max_size=12)
RUSSIAN_STYLE = Alphabet(tuple("АБВЕ"), replacements=(("ё", "е"), ("Ё", "Е")), strip_accents=False)
MULTI_CHAR = Alphabet(tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ"), replacements=(("ae", "Ä"), ("ß", "SS")))


@example("Haus")
@example("straße")
@example("ae")
@given(WORDISH | st.text(max_size=12))
def test_to_tiles_is_the_fixed_point_of_normalize_with_or_without_the_fast_path(word):
    for alphabet in (GERMAN, RUSSIAN_STYLE, MULTI_CHAR):
        tiles = alphabet.to_tiles(word)
        assert tiles == _slow_to_tiles(alphabet, word)
        expected = alphabet.encode(tiles) if alphabet.is_tileable(tiles) else None
        assert alphabet.encode_word(word) == expected


def test_a_multi_character_replacement_turns_the_fast_path_off():
    assert MULTI_CHAR.to_tiles("baer") == "BÄR"
    assert GERMAN.to_tiles("Mädchen") == "MÄDCHEN" and GERMAN.encode_word("Tür") == GERMAN.encode("TÜR")
