"""The name-paradigm rule's pieces on a small lexicon of real readings (the default sources: test_wortspieler_defaults)."""

from __future__ import annotations

import pytest

from lexicon_tools.policy.names import _umlauted, common_noun_modifier, head_plurals, name_paradigm
from lexicon_tools.policy.readings import FORM_LIST_TAG, Reading

LEXICON = {
    "Burg": (Reading("NOUN", "Burg", "Nom", "Sing", "Fem"),),
    "Burgen": (Reading("NOUN", "Burg", "Nom", "Plur", "Fem"),),
    "Mund": (Reading("NOUN", "Mund", "Nom", "Sing", "Masc"),),
    "Münder": (Reading("NOUN", "Mund", "Nom", "Plur", "Masc"),),
    "Mansarde": (Reading("NOUN", "Mansarde", "Nom", "Sing", "Fem"),),
    "Rai": (Reading("NOUN", "Rai", "Nom", "Sing", tags=(FORM_LIST_TAG,), origin="headword"),),
}


def lookup(form: str) -> tuple[Reading, ...]:
    return LEXICON.get(form, ())


def tiles(text: str) -> str:
    return text.upper().replace("ß", "SS")


@pytest.mark.parametrize(("stem", "umlauted"), [("MUND", "MÜND"), ("HAUS", "HÄUS"), ("BURG", "BÜRG"),
                                                ("FEST", None), ("KNIE", None)])
def test_umlaut_of_the_last_full_vowel(stem, umlauted):
    assert _umlauted(stem) == umlauted


def test_head_plurals_are_read_back_from_the_lexicon():
    assert head_plurals("Burg", lookup, tiles) == {"BURGEN"}
    assert head_plurals("Mund", lookup, tiles) == {"MÜNDER"}     # with umlaut
    assert head_plurals("Haus", lookup, tiles) == set()          # nothing the lexicon holds


def test_a_modifier_counts_as_a_noun_only_by_an_inflection_table():
    assert common_noun_modifier("Mansarden", lookup)             # Mansarde + n
    assert not common_noun_modifier("Rai", lookup)               # only a word list's row


def compound(lemma: str, head: str) -> Reading:
    return Reading("NOUN", lemma, "Nom", "Sing", origin="compound", head=head)


def test_name_paradigm_needs_the_genitive_and_no_plural_in_the_build():
    hindenburg = compound("Hindenburg", "Burg")
    assert name_paradigm("HINDENBURG", hindenburg, {"HINDENBURG", "HINDENBURGS"}, lookup, tiles) == "Burg"
    assert name_paradigm("HINDENBURG", hindenburg, {"HINDENBURG"}, lookup, tiles) is None
    assert name_paradigm("HINDENBURG", hindenburg, {"HINDENBURG", "HINDENBURGS", "HINDENBURGEN"}, lookup,
                         tiles) is None
    raimund = compound("Raimund", "Mund")   # Mund is not only feminine: the modifier decides
    assert name_paradigm("RAIMUND", raimund, {"RAIMUND", "RAIMUNDS"}, lookup, tiles) == "Mund"
    dach = compound("Mansardenmund", "Mund")
    assert name_paradigm("MANSARDENMUND", dach, {"MANSARDENMUND", "MANSARDENMUNDS"}, lookup, tiles) is None
