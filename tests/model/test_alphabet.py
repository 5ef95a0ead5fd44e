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
