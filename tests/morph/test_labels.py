"""Form-level labels and the held-out-lemma split."""

from __future__ import annotations

from lexicon_tools.morph.labels import (
    Example,
    Label,
    examples_from_forms,
    form_label,
    is_held_out,
    parse_label,
    split_by_lemma,
)
from lexicon_tools.policy.readings import Reading


def r(case, number, gender=None, pos="NOUN", lemma="Lehrer"):
    return Reading(pos, lemma, case, number, gender)


def test_the_most_telling_reading_is_the_label():
    lehrer = [r("Dat", "Sing", "Masc"), r("Nom", "Plur"), r("Nom", "Sing", "Masc")]
    assert form_label(lehrer) == Label("NOUN", "Nom", "Sing", "Masc")
    assert form_label([r("Gen", "Plur"), r("Nom", "Plur")]).morph() == "Case=Nom|Number=Plur"
    assert form_label([r("Dat", "Sing", "Fem")]).morph() == "Case=Dat|Gender=Fem|Number=Sing"
    assert form_label([r("Nom", "Sing", pos="PROPN")]) is None  # names are not learnt
    assert form_label([Reading("NOUN", "Haus")]) is None         # headwords without case neither


def test_labels_round_trip_through_spacy_strings():
    label = parse_label("Case=Nom|Gender=Neut|Number=Sing|POS=NOUN")
    assert label == Label("NOUN", "Nom", "Sing", "Neut") and label.is_nom_sg


def test_only_letters_only_forms_are_examples():
    examples = examples_from_forms([("Haus", (r("Nom", "Sing", lemma="Haus"),)),
                                    ("E-Mail", (r("Nom", "Sing", lemma="E-Mail"),)),
                                    ("Berlin", (r("Nom", "Sing", pos="PROPN", lemma="Berlin"),))])
    assert [e.form for e in examples] == ["Haus"]


def test_the_split_is_by_lemma_stable_and_about_the_fraction():
    lemmas = [f"Wort{i}" for i in range(20000)]
    held = [lemma for lemma in lemmas if is_held_out(lemma, 0.1)]
    assert 0.09 < len(held) / len(lemmas) < 0.11
    assert held == [lemma for lemma in lemmas if is_held_out(lemma, 0.1)]
    assert held != [lemma for lemma in lemmas if is_held_out(lemma, 0.1, seed=1)]


def test_forms_shared_across_the_split_are_dropped():
    label = Label("NOUN", "Nom", "Sing", None)
    a = next(w for w in (f"A{i}" for i in range(999)) if is_held_out(w, 0.5))
    b = next(w for w in (f"B{i}" for i in range(999)) if not is_held_out(w, 0.5))
    train, held = split_by_lemma([Example("x", label, frozenset({a})), Example("y", label, frozenset({b})),
                                  Example("z", label, frozenset({a, b}))], 0.5)
    assert [e.form for e in train] == ["y"] and [e.form for e in held] == ["x"]
