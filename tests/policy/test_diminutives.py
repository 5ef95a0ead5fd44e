"""The productive-diminutive rule on a small hand-made lexicon of known nouns."""

from __future__ import annotations

import pytest

from lexicon_tools.policy.diminutives import diminutive_base
from lexicon_tools.policy.readings import Reading

KNOWN = {"Haus", "Hund", "Buch", "Buche", "Katze", "Katz", "Vogel", "Apfel", "Tisch", "Glas", "Hase", "Kasten",
         "Garten", "Made", "Tau", "Haar", "Saal", "Fis", "Straße", "Fuß", "Fluss", "Schwester", "Lein", "Häuschen", "Bach"}
# how many lemmas end in each noun (its productivity as a compound head)
HEADS = {"Katze": 40, "Katz": 1, "Buch": 90, "Buche": 6, "Bach": 30}


def lookup(form: str) -> tuple[Reading, ...]:
    return (Reading("NOUN", form, "Nom", "Sing"),) if form in KNOWN else ()


@pytest.mark.parametrize("word, base", [
    ("Häuschen", "Haus"), ("Hündchen", "Hund"), ("Büchlein", "Buch"), ("Vöglein", "Vogel"),
    ("Äpfelchen", "Apfel"), ("Tischchen", "Tisch"), ("Gläschen", "Glas"), ("Häschen", "Hase"),
    ("Kästchen", "Kasten"), ("Kätzchen", "Katze"), ("Füßchen", "Fuß"), ("Sträßchen", "Straße"),
    ("Flüsschen", "Fluss"), ("Schwesterchen", "Schwester"), ("Bächlein", "Bach"),
    ("Gartenhäuschen", "Gartenhaus"),  # the rule applied to the compound's head
    ("HÄUSCHEN", "Haus"),               # tiles-style capitals
    ("Härchen", "Haar"), ("Sälchen", "Saal"),  # ä for aa
    ("Mädchen", "Made"),                # the rule fires; the allow-list (not this rule) saves Mädchen
])
def test_base(word, base):
    assert diminutive_base(word, lookup, lambda w: HEADS.get(w, 0)) == base


@pytest.mark.parametrize("word", [
    "Tauchen",   # a, o, u, au must be umlauted: Tau -> Täuchen, so Tauchen is no diminutive
    "Fischen",   # -schen after a plain s: the s belongs to -sch-
    "Kuchen", "Zeichen", "Knochen", "Haus", "Eichen",  # too short a stem, or no suffix
    "Veilchen",  # no known base
])
def test_not_a_diminutive(word):
    assert diminutive_base(word, lookup, lambda w: HEADS.get(w, 0)) is None


def test_the_more_productive_base_wins():
    assert diminutive_base("Kätzchen", lookup, lambda w: HEADS.get(w, 0)) == "Katze"
    assert diminutive_base("Büchlein", lookup, lambda w: HEADS.get(w, 0)) == "Buch"
