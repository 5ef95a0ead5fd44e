"""Wortspieler: a noun the dictionary lacks is judged by its noun-only suffix's paradigm (issue 22).

Real pipeline (lexicon + shipped model) on words german-nouns does not list; expected verdicts from
German grammar: -ung, -heit, -keit, -schaft, -nis, -erei nouns are feminine or neuter singulars, their
-en/-se forms plurals.
"""

from __future__ import annotations

import pytest

from lexicon_tools.jobs.filter import evaluate_with_defaults as evaluate
from lexicon_tools.model.entry import Entry
from lexicon_tools.policy.suffixes import suffix_paradigm

CASES = [
    ("Einstufung", True, "nom-sg"), ("Verdunkelung", True, "nom-sg"), ("Erweckung", True, "nom-sg"),
    ("Vermummung", True, "nom-sg"), ("Tragbarkeit", True, "nom-sg"),
    ("Einstufungen", False, "inflected-form:plural-of:EINSTUFUNG"),
    ("Verdunkelungen", False, "inflected-form:plural-of:VERDUNKELUNG"),
]


@pytest.mark.parametrize("word, valid, reason", CASES, ids=[c[0] for c in CASES])
def test_unknown_suffix_nouns_follow_the_paradigm(real_analyzer, wortspieler, word, valid, reason):
    verdict = next(v for v in evaluate([Entry(word)], wortspieler, analyzer=real_analyzer))
    assert (verdict.valid, verdict.reason) == (valid, reason), verdict.evidence


@pytest.mark.parametrize("tiles, expected", [
    ("EINSTUFUNG", ("Sing", "EINSTUFUNG")), ("EINSTUFUNGEN", ("Plur", "EINSTUFUNG")),
    ("ERGEBNISSE", ("Plur", "ERGEBNIS")), ("TÜRKEI", None), ("ZUNG", None), ("HAUS", None),
])
def test_suffix_paradigm(tiles, expected):
    assert suffix_paradigm(tiles) == expected
