"""The full-form table reader (`--format forms`): real files, detection, located record errors."""

from __future__ import annotations

import lzma

import pytest

from lexicon_tools.errors import InputFileError, LexiconToolsError
from lexicon_tools.io.readers import iter_entries
from lexicon_tools.resources import corpora_dir


def write(path, text: str):
    path.write_text(text, encoding="utf-8")
    return path


def test_rows_become_entries_with_lemma_class_and_source(tmp_path):
    path = write(tmp_path / "f.tsv", "form\tlemma\tpos\nging\tgehen\tVERB\nBerlins\tBerlin\tpropn\nund\tund\tCCONJ\n")
    entries = list(iter_entries(path))  # detected from the header
    assert [(e.word, e.lemma, e.pos, e.source) for e in entries] == [
        ("ging", "gehen", "VERB", "f.tsv:2"), ("Berlins", "Berlin", "PROPN", "f.tsv:3"), ("und", "und", "CCONJ", "f.tsv:4")]
    assert entries[1].tags == ("propn:table",)
    assert entries[0].features == {}


def test_a_tags_column_is_read(tmp_path):
    path = write(tmp_path / "f.tsv", "form\tlemma\tpos\ttags\ngelle\tgellen\tVERB\tregister:dated, x\n")
    assert list(iter_entries(path, "forms"))[0].tags == ("register:dated", "x")


@pytest.mark.parametrize("row, message", [
    ("ging\tgehen", "needs form, lemma and pos"),
    ("ging\tgehen\tVERBUM", "not a Universal Dependencies tag"),
    ("\tgehen\tVERB", "needs form, lemma and pos"),
])
def test_bad_rows_are_located_errors_or_skipped(tmp_path, row, message):
    path = write(tmp_path / "f.tsv", f"form\tlemma\tpos\n{row}\nund\tund\tCCONJ\n")
    with pytest.raises(LexiconToolsError, match=rf"f.tsv:2.*{message}|{message}.*f.tsv:2"):
        list(iter_entries(path, "forms"))
    assert [e.word for e in iter_entries(path, "forms", on_error="skip")] == ["und"]


def test_a_wrong_header_is_fatal_and_named(tmp_path):
    path = write(tmp_path / "f.tsv", "wort\tlemma\tpos\nging\tgehen\tVERB\n")
    with pytest.raises(InputFileError, match="not a forms table header"):
        list(iter_entries(path, "forms"))


def test_the_bundled_corpus_reads_and_covers_every_class():
    path = corpora_dir() / "german-forms" / "forms.tsv.xz"
    header = lzma.open(path, "rt", encoding="utf-8").readline()
    assert header == "form\tlemma\tpos\ttags\n"  # tags: the sources that attest the form
    classes: dict[str, int] = {}
    words = set()
    for entry in iter_entries(path):
        classes[entry.pos] = classes.get(entry.pos, 0) + 1
        words.add(entry.word)
    assert {"VERB", "ADJ", "NOUN", "ADP", "CCONJ", "SCONJ", "ADV", "PRON", "DET", "NUM"} <= set(classes)
    assert classes["VERB"] > 50_000 and classes["ADJ"] > 100_000
    assert {"ging", "gegangen", "schönsten", "und", "weil", "dass", "heute", "zwischen"} <= words


def test_forms_nouns_reads_only_the_noun_and_name_rows(tmp_path):
    """`forms-nouns`: the NOUN and PROPN rows of a forms table (Wortspieler's reading of the bundled corpus:
    a name is known, so it is refused as a name, not as an unknown word); a noun's -s form that is a verb
    infinitive + s of the same table is the nominalised infinitive's genitive."""
    path = write(tmp_path / "f.tsv", "form\tlemma\tpos\ttags\n"
                 "Einstufung\tEinstufung\tNOUN\tsrc:tanglet\nEinstufungen\tEinstufung\tNOUN\tsrc:tanglet\n"
                 "Protestierens\tProtestierens\tNOUN\tsrc:tanglet\nWeimars\tWeimars\tPROPN\tsrc:wiktionary\n"
                 "ging\tgehen\tVERB\tsrc:tanglet\nprotestieren\tprotestieren\tVERB\tsrc:tanglet\n")
    entries = list(iter_entries(path, "forms-nouns"))
    assert [(e.word, e.lemma, e.pos) for e in entries] == [
        ("Einstufung", "Einstufung", "NOUN"), ("Einstufungen", "Einstufung", "NOUN"),
        ("Protestierens", "Protestieren", "NOUN"), ("Weimars", "Weimars", "PROPN")]
    assert entries[0].source == "f.tsv:2" and entries[0].tags == ("src:tanglet", "form-list")
    assert entries[3].tags == ("src:wiktionary", "propn:table", "form-list")


def test_forms_nouns_tags_rows_ending_in_a_verb_by_how_productive_the_verb_is(tmp_path):
    """A row that is a verb of the table, or ends in a verb that ends five or more verbs (halten), is a
    possible nominalised infinitive; one ending only in a rarer verb (gebühren) names the ending's length.
    A row that only ends in the productive verb says so too (``verb-infinitive-compound``: Geheim|halten, not
    a verb of the table itself), so the paradigm rule may still read such a row as a plural (Lackierarbeiten)."""
    verbs = ["halten", "gebühren", "abarbeiten"] + [p + "halten" for p in ("an", "auf", "ein", "vor", "zurück")]
    path = write(tmp_path / "f.tsv", "form\tlemma\tpos\n"
                 "Abarbeiten\tAbarbeiten\tNOUN\nGeheimhalten\tGeheimhalten\tNOUN\n"
                 "Fernsehgebühren\tFernsehgebühren\tNOUN\nHaus\tHaus\tNOUN\n"
                 + "".join(f"{v}\t{v}\tVERB\n" for v in verbs))
    tags = {e.word: e.tags for e in iter_entries(path, "forms-nouns")}
    assert tags == {"Abarbeiten": ("form-list", "verb-infinitive"), "Geheimhalten": ("form-list", "verb-infinitive", "verb-infinitive-compound"),
                    "Fernsehgebühren": ("form-list", "verb-infinitive-ending:8"), "Haus": ("form-list",)}


def test_forms_nouns_keeps_the_located_errors(tmp_path):
    path = write(tmp_path / "f.tsv", "form\tlemma\tpos\nHaus\tHaus\tNOUN\nging\tgehen\n")
    with pytest.raises(LexiconToolsError, match=r"f.tsv:3.*needs form, lemma and pos"):
        list(iter_entries(path, "forms-nouns"))
