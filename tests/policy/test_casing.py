"""Capitals inside a word: an abbreviation in a mixed-case source, nothing special in an all-caps list."""

from __future__ import annotations

import pytest

from lexicon_tools.model.entry import Entry
from lexicon_tools.morph.lexicon import LexiconAnalyzer, MorphLexicon
from lexicon_tools.jobs.filter import evaluate_with_defaults as evaluate
from lexicon_tools.policy.casing import all_caps_in_mixed_case, source_file


def verdicts(entries, ruleset):
    return {v.entry.word: (v.valid, v.reason) for v in evaluate(entries, ruleset, analyzer=LexiconAnalyzer(MorphLexicon()))}


@pytest.mark.parametrize("word", ["BMW", "ABM", "CPU", "DNA", "FDP", "BMWs", "StVO", "GmbH"])
def test_capitals_in_a_mixed_case_word_list_are_abbreviations(smartfeud, word):
    entries = [Entry("haus", source="list.txt:1"), Entry("Tisch", source="list.txt:2"), Entry(word, source="list.txt:3")]
    assert verdicts(entries, smartfeud)[word] == (False, "abbreviation")


def test_an_all_caps_word_list_is_not_read_as_abbreviations(smartfeud):
    entries = [Entry(w, source=f"scrabble.txt:{i}") for i, w in enumerate(["HAUS", "TISCH", "UND", "BMW"], 1)]
    assert all(valid for valid, _ in verdicts(entries, smartfeud).values())


def test_the_rule_is_per_source_file(smartfeud):
    entries = [Entry("haus", source="mixed.txt:1"), Entry("OBI", source="caps.txt:1"), Entry("OHM", source="caps.txt:2")]
    assert verdicts(entries, smartfeud)["OBI"] == (True, "listed")
    assert all_caps_in_mixed_case(entries) == frozenset()


def test_a_source_that_labels_the_capitals_a_noun_is_overruled(wortspieler, corpus_lexicon):
    """german-nouns files BMW as a Substantiv; the capitals still make it an abbreviation."""
    entries = [Entry("BMW", "BMW", "NOUN", {"Case": "Nom", "Number": "Sing"}, (), "nouns.csv:5"),
               Entry("Haus", "Haus", "NOUN", {"Case": "Nom", "Number": "Sing"}, (), "nouns.csv:6")]
    got = {v.entry.word: (v.valid, v.reason) for v in evaluate(entries, wortspieler, analyzer=LexiconAnalyzer(corpus_lexicon))}
    assert got["BMW"] == (False, "abbreviation") and got["Haus"][0]


@pytest.mark.parametrize("source, file", [("a.txt:12", "a.txt"), ("d.tei#e1", "d.tei"), ("x", "x")])
def test_source_file(source, file):
    assert source_file(source) == file
