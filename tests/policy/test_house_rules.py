"""House-rule switches of `word_policy`, on real data (bundled corpus, real pipeline, bundled lists).

Each switch flips `valid` for its category and leaves the reason alone, so a player
sees the same explanation under every house rule.
"""

from __future__ import annotations

import pytest

from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import word_verdict
from lexicon_tools.jobs.filter import evaluate_with_defaults as evaluate


def judge_words(ruleset, analyzer, words, **switches):
    policy = ruleset.word_policy.model_copy(update=switches)
    rs = ruleset.model_copy(update={"word_policy": policy})
    verdicts = list(evaluate([Entry(w) for w in words], rs, analyzer=analyzer))
    return {v.entry.word: v for v in verdicts}


SWITCHES = [
    # switch, value, word, reason, valid under the default, valid with the switch set
    ("allow_plurals", True, "Häuser", "inflected-form:plural-of:HAUS", False, True),
    ("allow_plurals", True, "Häusern", "inflected-form:dative-of:HAUS", False, False),  # only nominative plurals
    ("allow_plurals", True, "Hauses", "inflected-form:genitive-of:HAUS", False, False),
    ("allow_diminutives", True, "Hündchen", "diminutive-of:HUND", False, True),
    ("allow_plurale_tantum", False, "Eltern", "plurale-tantum", True, False),
    ("allow_lexicalized_plurals", False, "Wahlen", "lexicalized-plural", True, False),
    ("allow_lexicalized_diminutives", False, "Mädchen", "lexicalized-diminutive", True, False),
    ("allow_proper_nouns", True, "Berlin", "proper-noun", False, True),
    ("allow_abbreviations", True, "AKW", "abbreviation", False, True),
    # rare nouns spelled like frequent function words (corpora/curated/function-word-homographs.txt)
    ("allow_function_word_homographs", True, "Leider", "function-word-homograph", False, True),
    ("allow_function_word_homographs", True, "Oder", "function-word-homograph", False, True),
    ("allow_function_word_homographs", True, "Die", "function-word-homograph", False, True),
]


@pytest.mark.parametrize("switch, value, word, reason, default_valid, switched_valid", SWITCHES,
                         ids=[f"{s}-{w}" for s, _, w, *_ in SWITCHES])
def test_switch(real_analyzer, wortspieler, switch, value, word, reason, default_valid, switched_valid):
    default = judge_words(wortspieler, real_analyzer, [word])[word]
    switched = judge_words(wortspieler, real_analyzer, [word], **{switch: value})[word]
    assert (default.valid, default.reason) == (default_valid, reason)
    assert (switched.valid, switched.reason) == (switched_valid, reason)


def test_lengths_come_from_the_ruleset(real_analyzer, wortspieler):
    short = wortspieler.word_policy.lengths.model_copy(update={"min": 4, "max": 6})
    verdicts = judge_words(wortspieler, real_analyzer, ["Ei", "Haus", "Kindergarten"], lengths=short)
    assert [(verdicts[w].valid, verdicts[w].reason) for w in ("Ei", "Haus", "Kindergarten")] == [
        (False, "length"), (True, "nom-sg"), (False, "length")]


def test_rejections_name_the_switch(real_analyzer, wortspieler):
    verdict = judge_words(wortspieler, real_analyzer, ["Häuser"])["Häuser"]
    assert verdict.evidence["rule"] == "allow_plurals=false"
    assert verdict.evidence["reading"]["lemma"] == "Haus"
    assert verdict.evidence["source"].startswith("nouns.csv.xz:")


def test_entries_keep_their_own_reading_as_evidence(real_analyzer, wortspieler, corpus_lexicon):
    """Lehrer's Nom Pl entry is legal (the word is), and says what the entry itself is."""
    entries = [Entry("Lehrer", "Lehrer", "NOUN", {"Case": "Nom", "Number": "Plur", "Gender": "Masc"},
                     source="t:1"),
               Entry("Lehrer", "Lehrer", "NOUN", {"Case": "Nom", "Number": "Sing", "Gender": "Masc"},
                     source="t:2")]
    plural, singular = evaluate(entries, wortspieler, analyzer=real_analyzer)
    assert (plural.valid, plural.reason) == (True, "nom-sg") == (singular.valid, singular.reason)
    assert plural.evidence["entry_reason"] == "inflected-form:plural-of:LEHRER"
    assert "entry_reason" not in singular.evidence


def test_register_exclusion_on_a_real_tei_dictionary(wortspieler):
    """The TEI fixture marks Kumpel colloquial and Semmel regional; house rules exclude them."""
    from lexicon_tools.io.readers import iter_entries
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.resources import corpora_dir

    entries = list(iter_entries(corpora_dir() / "fixtures" / "tei" / "deu-mini.tei", "tei"))
    familie = load_ruleset("wortspieler-familie") if False else None  # noqa: F841 (bundled name not listed)
    rs = wortspieler.model_copy(update={"word_policy": wortspieler.word_policy.model_copy(
        update={"excluded_registers": ["colloquial", "regional"]})})
    by_word = {}
    for verdict in evaluate(entries, rs):
        by_word.setdefault(verdict.entry.word, []).append(verdict)
    decided = {word: word_verdict(vs) for word, vs in by_word.items()}
    assert (decided["Kumpel"].valid, decided["Kumpel"].reason) == (False, "register:colloquial")
    assert (decided["Semmel"].valid, decided["Semmel"].reason) == (False, "register:regional")
    assert decided["Kumpel"].evidence["rule"] == "excluded_registers"
    assert (decided["Haus"].valid, decided["Haus"].reason) == (True, "nom-sg")
    assert (decided["Eltern"].valid, decided["Eltern"].reason) == (True, "plurale-tantum")
    assert (decided["Kinder"].valid, decided["Kinder"].reason) == (False, "inflected-form:plural-of:KIND")
    assert (decided["Berlin"].valid, decided["Berlin"].reason) == (False, "proper-noun")
    assert (decided["laufen"].valid, decided["laufen"].reason) == (False, "not-a-noun")
    default = {v.entry.word: v for v in evaluate(entries, wortspieler)}
    assert (default["Kumpel"].valid, default["Kumpel"].reason) == (True, "nom-sg")


def test_family_house_rules_file(real_analyzer):
    """The bundled house-rules example allows plurals and excludes colloquial words."""
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.resources import rulesets_dir

    familie = load_ruleset(rulesets_dir() / "house-rules" / "wortspieler-familie.yaml")
    entries = [Entry("Häuser"), Entry("Zoff", "Zoff", "NOUN", {"Case": "Nom", "Number": "Sing"},
                                      ("register:colloquial",), "t:1")]
    verdicts = {v.entry.word: v for v in evaluate(entries, familie, analyzer=real_analyzer)}
    assert (verdicts["Häuser"].valid, verdicts["Häuser"].reason) == (True, "inflected-form:plural-of:HAUS")
    # the corpus knows Zoff without a register, but the lexicon here is the corpus: any legal reading wins
    assert verdicts["Zoff"].valid
