"""Normalisation to tiles and the shape checks (not-tileable, length)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.policy.normalize import shape_reason, to_tiles

GERMAN = load_ruleset("wortspieler").make_alphabet()
ENGLISH = load_ruleset("webfeud-en").make_alphabet()


@pytest.mark.parametrize("word, tiles", [
    ("Haus", "HAUS"), ("Straße", "STRASSE"), ("STRAẞE", "STRASSE"), ("Mädchen", "MÄDCHEN"), ("Öl", "ÖL"),
    ("Übung", "ÜBUNG"), ("Café", "CAFE"), ("Crème", "CREME"), ("Señor", "SENOR"), ("Çedille", "CEDILLE"),
    ("Cafe\u0301", "CAFE"),  # decomposed accent
    ("  Haus\t", "HAUS"), ("E-Mail", "E-MAIL"), ("a \u0301", "A"),
])
def test_german_tiles(word, tiles):
    assert to_tiles(word, GERMAN) == tiles


def test_english_alphabet_has_no_umlaut_tiles():
    assert to_tiles("Mädchen", ENGLISH) == "MADCHEN"


@pytest.mark.parametrize("word, reason", [
    ("Haus", None), ("Ei", None), ("A", "length"), ("Donaudampfschifffahrt", "length"),
    ("E-Mail", "not-tileable"), ("A4", "not-tileable"), ("O'Neill", "not-tileable"), ("New York", "not-tileable"),
    ("Smørrebrød", "not-tileable"), ("Łódź", "not-tileable"), ("", "not-tileable"),
])
def test_shape(word, reason):
    assert shape_reason(to_tiles(word, GERMAN), GERMAN, 2, 16) == reason


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=24))
def test_normalisation_is_idempotent(text):
    for alphabet in (GERMAN, ENGLISH):
        once = to_tiles(text, alphabet)
        assert to_tiles(once, alphabet) == once


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(categories=["Lu", "Ll", "Mn"]), max_size=20))
def test_tileable_words_have_only_tile_letters(text):
    tiles = to_tiles(text, GERMAN)
    reason = shape_reason(tiles, GERMAN, 1, 30)
    assert (reason is None) == (bool(tiles) and set(tiles) <= set(GERMAN.letters))
