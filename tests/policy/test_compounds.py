"""Compound-head resolution: longest known common-noun head, lemma rebuilt from the modifier."""

from __future__ import annotations

from lexicon_tools.policy.compounds import compound_readings, split_head
from lexicon_tools.policy.readings import Reading

LEXICON = {
    "Garten": (Reading("NOUN", "Garten", "Nom", "Sing", "Masc", source="n.csv:1"),),
    "Gärten": (Reading("NOUN", "Garten", "Nom", "Plur", source="n.csv:1"),
               Reading("NOUN", "Garten", "Acc", "Plur", source="n.csv:1")),
    "Hütte": (Reading("NOUN", "Hütte", "Nom", "Sing", "Fem"),),
    "Ütte": (Reading("NOUN", "Ütte", "Nom", "Sing"),),  # a shorter, less specific head
    "Berlin": (Reading("PROPN", "Berlin", "Nom", "Sing", tags=("propn:toponym",)),),
    "Ferien": (Reading("NOUN", "Ferien", "Nom", "Plur", tags=("plurale-tantum",)),),
    "Ei": (Reading("NOUN", "Ei", "Nom", "Sing"),),
    "Stern": (Reading("NOUN", "Stern", "Nom", "Sing"),),
    # modifiers
    "Kinder": (Reading("NOUN", "Kind", "Nom", "Plur"),),
    "Hund": (Reading("NOUN", "Hund", "Nom", "Sing"),),
    "Schule": (Reading("NOUN", "Schule", "Nom", "Sing"),),
    "Ost": (Reading("NOUN", "Ost", "Nom", "Sing"),),
}


def lookup(form: str) -> tuple[Reading, ...]:
    return LEXICON.get(form, ())


def test_kindergarten_reads_as_garten():
    readings = compound_readings("Kindergärten", lookup)
    assert {(r.lemma, r.case, r.number, r.origin, r.head) for r in readings} == {
        ("Kindergarten", "Nom", "Plur", "compound", "Gärten"), ("Kindergarten", "Acc", "Plur", "compound", "Gärten")}
    assert all(r.source == "n.csv:1" for r in readings)


def test_longest_head_first():
    assert split_head("Hundehütte", lookup)[:2] == ("Hunde", "Hütte")


def test_the_modifier_must_be_a_word_too():
    assert split_head("Silvestern", lookup) is None      # Silve|stern: no word Silve
    assert split_head("Oststern", lookup)[:2] == ("Ost", "Stern")
    assert split_head("Schulferien", lookup)[:2] == ("Schul", "Ferien")  # Schul -> Schule


def test_proper_noun_heads_and_short_heads_are_ignored():
    assert split_head("Ostberlin", lookup) is None
    assert split_head("Osterei", lookup) is None  # a 2-letter head is too short to trust
    assert split_head("Kinderei", lookup) is None


def test_tags_of_the_head_carry_over():
    (reading,) = compound_readings("Schulferien", lookup)
    assert reading.tags == ("plurale-tantum",) and reading.lemma == "Schulferien"


def test_all_caps_words():
    readings = compound_readings("KINDERGARTEN", lambda f: lookup(f.capitalize()) if f.isupper() else lookup(f))
    assert {r.lemma for r in readings} == {"KINDERGARTEN"}


def test_unknown_head():
    assert compound_readings("Xyzabc", lookup) == ()
