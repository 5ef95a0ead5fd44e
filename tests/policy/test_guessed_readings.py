"""Readings that are guesses - a compound head or the statistical model - and what they may not prove.

Real pipeline: the bundled noun corpus as lexicon and the shipped fallback model (spaCy).
The words are the false accepts found when Debian's wngerman list was built for
Wortspieler (issue 11), next to true words of the same shapes.
"""

from __future__ import annotations

import pytest

from lexicon_tools.jobs.filter import evaluate_with_defaults
from lexicon_tools.model.entry import Entry
from lexicon_tools.policy.compounds import compound_readings, has_known_head
from lexicon_tools.policy.nominative import MODEL_MIN_SCORE

CASES = [
    ("Fluoriden", False, "unknown-word"),                       # Fluor|iden: a 4-letter plural-only head
    ("Seiteneffekten", False, "inflected-form:dative-of:SEITENEFFEKT"),  # Effekt, not the securities
    ("Trafalgar", False, "unknown-word"),                       # the model alone, no known head
    ("Tanger", False, "unknown-word"),
    ("Bangkoks", False, "proper-noun"),                         # a name + s, whatever the head says
    ("Helsinkis", False, "proper-noun"),
    ("Gasteltern", True, "plurale-tantum"),                     # Eltern outnumbers the singular Elter
    ("Sommerferienzeit", True, "nom-sg"),                       # a compound with a known head
    ("Brückchen", True, "lexicalized-diminutive"),              # curated, though only the model knows it
]


@pytest.fixture(scope="module")
def verdicts(wortspieler, real_analyzer):
    entries = [Entry(w, source=f"list.txt:{i}") for i, (w, _, _) in enumerate(CASES, 1)] + [Entry("haus", source="list.txt:99")]
    return {v.entry.word: v for v in evaluate_with_defaults(entries, wortspieler, analyzer=real_analyzer)}


@pytest.mark.parametrize("word, valid, reason", CASES, ids=[w for w, _, _ in CASES])
def test_guessed_readings(verdicts, word, valid, reason):
    verdict = verdicts[word]
    assert (verdict.valid, verdict.reason) == (valid, reason), verdict.evidence


def test_the_model_threshold_is_stricter_than_its_own_split():
    assert 0.5 < MODEL_MIN_SCORE < 1


def test_known_heads(corpus_lexicon):
    lookup = corpus_lexicon.lookup
    assert has_known_head("Rotweinflasche", lookup) and has_known_head("Schreibtisch", lookup)
    assert not has_known_head("Trafalgar", lookup) and not has_known_head("Tanger", lookup)


def test_a_plural_only_head_of_four_letters_is_no_head(corpus_lexicon):
    assert compound_readings("Fluoriden", corpus_lexicon.lookup, corpus_lexicon.head_count) == ()
    readings = compound_readings("Urlaubsferien", corpus_lexicon.lookup, corpus_lexicon.head_count)
    assert readings and all("plurale-tantum" in r.tags for r in readings)
