"""The Feud games' policy: all inflected forms, no proper nouns or abbreviations (real corpus)."""

from __future__ import annotations

import pytest

from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import word_verdict
from lexicon_tools.morph.lexicon import LexiconAnalyzer
from lexicon_tools.jobs.filter import evaluate_with_defaults as evaluate

TABLE = [
    ("Haus", True, "nom-sg"),
    ("Häuser", True, "inflected-form:plural-of:HAUS"),
    ("Hauses", True, "inflected-form:genitive-of:HAUS"),
    ("Häusern", True, "inflected-form:dative-of:HAUS"),
    ("Häuschen", True, "nom-sg"),               # diminutives are ordinary words here
    ("Eltern", True, "plurale-tantum"),
    ("Straßen", True, "inflected-form:plural-of:STRASSE"),
    ("Berlin", False, "proper-noun"),
    ("Goethe", False, "proper-noun"),
    ("AKW", False, "abbreviation"),
    ("laufen", True, "listed"),                  # not a noun: still a word of the game
    ("schnell", True, "listed"),
    ("Hund", True, "nom-sg"),                    # also a surname; any legal reading wins
    ("E-Mail", False, "not-tileable"),
    ("Donaudampfschiff", False, "length"),       # 16 letters: too long for Webfeud's 15
]


@pytest.fixture(scope="module")
def decided(corpus_lexicon):
    from lexicon_tools.io.formats.rulesets import load_ruleset

    webfeud = load_ruleset("webfeud")
    verdicts = list(evaluate([Entry(w) for w, _, _ in TABLE], webfeud, analyzer=LexiconAnalyzer(corpus_lexicon)))
    groups: dict[str, list] = {}
    for verdict in verdicts:
        groups.setdefault(verdict.entry.word, []).append(verdict)
    return {word: word_verdict(vs) for word, vs in groups.items()}


@pytest.mark.parametrize("word, valid, reason", TABLE, ids=[w for w, _, _ in TABLE])
def test_word(decided, word, valid, reason):
    assert (decided[word].valid, decided[word].reason) == (valid, reason)


def test_names_from_a_plain_word_list_are_caught_by_the_markers(smartfeud):
    """Without any dictionary grammar, the curated proper-noun markers still know Goethe."""
    from lexicon_tools.morph.lexicon import MorphLexicon

    entries = [Entry("Goethe"), Entry("Tisch"), Entry("Namib")]
    verdicts = {v.entry.word: v for v in evaluate(entries, smartfeud, analyzer=LexiconAnalyzer(MorphLexicon()))}
    assert (verdicts["Goethe"].valid, verdicts["Goethe"].reason) == (False, "proper-noun")
    assert (verdicts["Namib"].valid, verdicts["Namib"].reason) == (False, "proper-noun")
    assert (verdicts["Tisch"].valid, verdicts["Tisch"].reason) == (True, "listed")


def test_all_forms_needs_no_spacy(smartfeud):
    """The default analyzer for the all-forms policy is the plain lexicon (checked in a fresh process)."""
    import subprocess
    import sys

    code = ("import sys; from lexicon_tools.io.formats.rulesets import load_ruleset; from lexicon_tools.jobs.filter import evaluate_with_defaults as evaluate;"
            "from lexicon_tools.model.entry import Entry;"
            "v = list(evaluate([Entry('Haus', 'Haus', 'NOUN', {'Case': 'Gen', 'Number': 'Sing'}, source='x:1')],"
            " load_ruleset('smartfeud')));"
            "print(v[0].valid, v[0].reason, 'spacy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "inflected-form:genitive-of:HAUS", "False"]
