"""Invariants of the word policies, checked on generated entry lists (Hypothesis).

- a word (in tiles) never gets both an accept and a reject, and all its entries carry
  the same reason;
- one verdict per entry, in input order;
- the deciding verdict of a word is an accept exactly when some entry is accepted.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import word_verdict
from lexicon_tools.morph.lexicon import LexiconAnalyzer, MorphLexicon
from lexicon_tools.jobs.filter import evaluate_with_defaults as evaluate

WORTSPIELER = load_ruleset("wortspieler")
SMARTFEUD = load_ruleset("smartfeud")
WORDS = ["Haus", "Häuser", "Hauses", "HAUS", "haus", "Lehrer", "Mädchen", "Häuschen", "Berlin", "Eltern",
         "laufen", "Laufen", "Maße", "Masse", "Straße", "STRASSE", "E-Mail", "Ei", "A", "Café", "Cafe",
         "Kindergärten", "Wahlen", "Gartenhaus"]
TAGS = ["plurale-tantum", "diminutive", "abbreviation", "register:colloquial", "register:technical",
        "propn:name", "domain:med"]

words = st.one_of(st.sampled_from(WORDS), st.text(alphabet="aäbeHhnsßSéÄ- ", min_size=1, max_size=8))
entries = st.builds(
    Entry,
    word=words,
    lemma=st.one_of(st.none(), words),
    pos=st.sampled_from([None, "NOUN", "NOUN", "PROPN", "VERB", "ADJ"]),
    features=st.fixed_dictionaries({}, optional={"Case": st.sampled_from(["Nom", "Gen", "Dat", "Acc", "Acc,Nom"]),
                                                 "Number": st.sampled_from(["Sing", "Plur"]),
                                                 "Gender": st.sampled_from(["Masc", "Fem", "Neut"])}),
    tags=st.lists(st.sampled_from(TAGS), max_size=2, unique=True).map(tuple),
    source=st.just("gen:1"),
)
switches = st.fixed_dictionaries({name: st.booleans() for name in (
    "allow_plurale_tantum", "allow_lexicalized_plurals", "allow_lexicalized_diminutives", "allow_plurals",
    "allow_diminutives", "allow_proper_nouns", "allow_abbreviations")})
BASE = MorphLexicon.from_entries([
    Entry("Haus", "Haus", "NOUN", {"Case": "Nom", "Number": "Sing"}, source="base:1"),
    Entry("Häuser", "Haus", "NOUN", {"Case": "Nom", "Number": "Plur"}, source="base:2"),
    Entry("Garten", "Garten", "NOUN", {"Case": "Nom", "Number": "Sing"}, source="base:3"),
    Entry("Gärten", "Garten", "NOUN", {"Case": "Nom", "Number": "Plur"}, source="base:4"),
    Entry("Kinder", "Kind", "NOUN", {"Case": "Nom", "Number": "Plur"}, source="base:5"),
])


def check_verdicts_consistent(batch: list[Entry], ruleset) -> None:
    analyzer = LexiconAnalyzer(MorphLexicon.from_entries(batch, BASE))
    verdicts = list(evaluate(batch, ruleset, analyzer=analyzer))
    assert [v.entry for v in verdicts] == batch
    groups: dict[str, list] = {}
    for verdict in verdicts:
        assert verdict.reason
        groups.setdefault(verdict.normalized, []).append(verdict)
    for word, group in groups.items():
        assert len({v.valid for v in group}) == 1, f"{word} got both accept and reject"
        assert len({v.reason for v in group}) == 1, f"{word} got several reasons"
        assert word_verdict(group).valid == any(v.valid for v in group)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(entries, min_size=1, max_size=12), switches)
def test_a_word_never_gets_both_accept_and_reject(batch, flags):
    policy = WORTSPIELER.word_policy.model_copy(update=flags)
    check_verdicts_consistent(batch, WORTSPIELER.model_copy(update={"word_policy": policy}))


@settings(max_examples=80, deadline=None)
@given(st.lists(entries, min_size=1, max_size=12))
def test_all_forms_policy_is_consistent_too(batch):
    check_verdicts_consistent(batch, SMARTFEUD)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.text(alphabet="abcdehilmnorstuäöüßABDEHKLMSTÄÖÜ", min_size=1, max_size=14), min_size=1,
                max_size=20))
def test_real_pipeline_on_arbitrary_word_lists(real_analyzer, wortspieler, batch):
    """Bare word-list lines through the real spaCy pipeline and shipped model."""
    verdicts = list(evaluate([Entry(w) for w in batch], wortspieler, analyzer=real_analyzer))
    decided: dict[str, set] = {}
    for verdict in verdicts:
        decided.setdefault(verdict.normalized, set()).add((verdict.valid, verdict.reason))
    assert all(len(outcomes) == 1 for outcomes in decided.values())
