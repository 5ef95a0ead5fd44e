"""The morphological lexicon compiled from entries, and the spaCy-free analyzer."""

from __future__ import annotations

from lexicon_tools.model.entry import Entry
from lexicon_tools.morph.lexicon import LexiconAnalyzer, MorphLexicon
from lexicon_tools.policy.readings import readings_from_entry


def noun(word, lemma, case=None, number=None, tags=(), source="t:1"):
    features = {k: v for k, v in (("Case", case), ("Number", number)) if v}
    return Entry(word, lemma, "NOUN", features, tuple(tags), source)


def test_every_reading_of_a_form_from_every_entry():
    lexicon = MorphLexicon.from_entries([noun("Lehrer", "Lehrer", "Nom", "Sing"), noun("Lehrer", "Lehrer", "Nom", "Plur"),
                                         noun("Lehrer", "Lehrer", "Nom", "Plur", source="t:9")])
    assert {(r.case, r.number) for r in lexicon.lookup("Lehrer")} == {("Nom", "Sing"), ("Nom", "Plur")}
    assert [r.source for r in lexicon.lookup("Lehrer")] == ["t:1", "t:1"]  # identical readings kept once


def test_capitalisation_matters_except_for_all_caps():
    lexicon = MorphLexicon.from_entries([noun("Essen", "Essen", "Nom", "Sing"),
                                         Entry("essen", "essen", "VERB", source="t:2")])
    assert [r.pos for r in lexicon.lookup("Essen")] == ["NOUN"]
    assert [r.pos for r in lexicon.lookup("essen")] == ["VERB"]
    assert sorted(r.pos for r in lexicon.lookup("ESSEN")) == ["NOUN", "VERB"]
    assert lexicon.lookup("eSSen") == ()


def test_headword_convention():
    (haus,) = readings_from_entry(Entry("Haus", "Haus", "NOUN", {"Gender": "Neut"}, source="d.tei#Haus"))
    (eltern,) = readings_from_entry(Entry("Eltern", None, "NOUN", {"Number": "Plur"}, ("plurale-tantum",)))
    assert (haus.case, haus.number, haus.origin) == ("Nom", "Sing", "headword")
    assert (eltern.case, eltern.number) == ("Nom", "Plur")
    assert readings_from_entry(Entry("Haus")) == ()  # a bare word-list line states nothing
    both = readings_from_entry(Entry("Haus", "Haus", "NOUN", {"Case": "Acc,Nom", "Number": "Sing"}))
    assert sorted(r.case for r in both) == ["Acc", "Nom"]


def test_the_base_fills_gaps_only():
    base = MorphLexicon.from_entries([noun("Bulle", "Bulle", "Nom", "Sing"), noun("Haus", "Haus", "Nom", "Sing")])
    own = MorphLexicon.from_entries([noun("Bulle", "Bulle", "Nom", "Sing", tags=("register:colloquial",))], base)
    assert [r.tags for r in own.lookup("Bulle")] == [("register:colloquial",)]
    assert [r.lemma for r in own.lookup("Haus")] == ["Haus"]


def test_head_count_counts_lemmas_ending_in_a_noun():
    lexicon = MorphLexicon.from_entries([noun(w, w, "Nom", "Sing") for w in
                                         ("Katze", "Hauskatze", "Wildkatze", "Katz", "Buch", "Kochbuch")])
    assert (lexicon.head_count("Katze"), lexicon.head_count("Katz"), lexicon.head_count("Buch")) == (3, 1, 2)
    assert lexicon.head_count("Hund") == 0


def test_lexicon_analyzer_order_of_evidence():
    lexicon = MorphLexicon.from_entries([noun("Garten", "Garten", "Nom", "Sing"), noun("Kinder", "Kind", "Nom", "Plur")])
    known, compound, lower, unknown = LexiconAnalyzer(lexicon).analyze(["Garten", "Kindergarten", "obwohl", "Xylo"])
    assert [r.origin for r in known] == ["lexicon"]
    assert [(r.origin, r.lemma) for r in compound] == [("compound", "Kindergarten")]
    assert [(r.origin, r.pos) for r in lower] == [("orthography", "X")]
    assert unknown == ()


def test_real_corpus_reader_feeds_the_lexicon(corpus_slice, slice_lexicon):
    """A real slice of the bundled corpus: every noun form with a case becomes a reading."""
    with_case = {e.word for e in corpus_slice if e.pos == "NOUN" and "Case" in e.features}
    assert with_case and all(slice_lexicon.lookup(w) for w in with_case)
