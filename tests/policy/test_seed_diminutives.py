"""The Wortspieler seed's own examples, pinned on the real bundled data.

The seed: "Diese Regel gilt auch für Diminutive und andere abgeleitete Formen
(Schwänzchen, Hähnchen - nicht erlaubt, Brückchen (Kapitäne) - erlaubt)", and for
plurals "im Plural eine eigenständige Bedeutung haben (... Wahl - Wahlen)". The
curated diminutive list was once wrong about Hähnchen; these tests keep the list and
the seed in agreement, and check that every kept or dropped word says why.
"""

from __future__ import annotations

import importlib.util

import pytest

from lexicon_tools.io.formats.curated import load_curated
from lexicon_tools.jobs.filter import evaluate_with_defaults
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import word_verdict
from lexicon_tools.resources import corpora_dir

SEED_EXAMPLES = [
    ("Schwänzchen", False, "diminutive-of:SCHWANZ"),
    ("Hähnchen", False, "diminutive-of:HAHN"),       # also roast chicken; the seed still says no
    ("Brückchen", True, "lexicalized-diminutive"),   # the captain's bridge
    ("Wahlen", True, "lexicalized-plural"),          # Wahl - Wahlen: elections
]
CURATED = corpora_dir() / "curated"


@pytest.fixture(scope="module")
def seed_verdicts(real_analyzer, wortspieler):
    """Each example as a bare word-list line, through the real pipeline and the bundled lists."""
    entries = [Entry(word, source="seed") for word, _, _ in SEED_EXAMPLES]
    verdicts = evaluate_with_defaults(entries, wortspieler, analyzer=real_analyzer)
    return {v.entry.word: word_verdict([v]) for v in verdicts}


@pytest.mark.parametrize("word, valid, reason", SEED_EXAMPLES, ids=[w for w, _, _ in SEED_EXAMPLES])
def test_the_seed_examples(seed_verdicts, word, valid, reason):
    verdict = seed_verdicts[word]
    assert (verdict.valid, verdict.reason) == (valid, reason), verdict.evidence


def test_the_list_follows_the_seed():
    listed = load_curated().lexicalized_diminutives
    assert "Brückchen" in listed
    assert not {"Hähnchen", "Schwänzchen"} & listed


def _derive():
    spec = importlib.util.spec_from_file_location("curated_derive", CURATED / "derive.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_listed_diminutive_gives_its_reason():
    lines = [line for line in (CURATED / "lexicalized-diminutives.txt").read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    assert lines
    for line in lines:
        word, sep, note = line.partition("#")
        assert sep and len(note.strip()) > 2, f"no reason given for {word.strip()!r}"


def test_the_review_records_what_it_dropped_and_why():
    derive = _derive()
    listed = load_curated().lexicalized_diminutives
    assert set(derive.REVIEW_DIMINUTIVES_KEEP) == listed
    assert not set(derive.REVIEW_DIMINUTIVES_DROP) & listed
    assert {"Hähnchen", "Schwänzchen"} <= set(derive.REVIEW_DIMINUTIVES_DROP)
    assert all(len(why) > 2 for why in derive.REVIEW_DIMINUTIVES_DROP.values())


def test_the_dropped_words_are_rejected(real_analyzer, wortspieler):
    """Dropping a word from the allow-list only helps if the rule then rejects it; the
    review notes where it cannot (no base in the corpus)."""
    derive = _derive()
    dropped = {w: why for w, why in derive.REVIEW_DIMINUTIVES_DROP.items() if "NOTE" not in why}
    verdicts = evaluate_with_defaults([Entry(w, source="review") for w in dropped], wortspieler,
                                      analyzer=real_analyzer)
    accepted = [v.entry.word for v in verdicts if v.valid]
    assert accepted == [] and len(dropped) >= 20
