"""german-nouns CSV tables: one entry per form, proper nouns, pluralia tantum, bad headers and rows."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
from pathlib import Path

import pytest

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.readers import iter_entries
from lexicon_tools.resources import default_corpus

ROOT = Path(__file__).resolve().parents[2]
CSV = ROOT / "corpora" / "fixtures" / "csv"


def entries(path=CSV / "nouns-mini.csv", **kwargs):
    return list(iter_entries(path, "csv", **kwargs))


def by_lemma(lemma, path=CSV / "nouns-mini.csv"):
    return [e for e in entries(path) if e.lemma == lemma]


def test_each_form_of_the_table_is_an_entry_with_its_features():
    haus = {(e.word, e.features["Case"], e.features["Number"]) for e in by_lemma("Haus")}
    assert haus == {("Haus", "Nom", "Sing"), ("Hauses", "Gen", "Sing"), ("Haus", "Dat", "Sing"),
                    ("Hause", "Dat", "Sing"), ("Haus", "Acc", "Sing"), ("Häuser", "Nom", "Plur"),
                    ("Häuser", "Gen", "Plur"), ("Häusern", "Dat", "Plur"), ("Häuser", "Acc", "Plur")}
    assert all(e.pos == "NOUN" and e.features["Gender"] == "Neut" and e.tags == () for e in by_lemma("Haus"))
    assert {e.source for e in by_lemma("Haus")} == {"nouns-mini.csv:2"}


@pytest.mark.parametrize("lemma", ["Eltern", "Ferien"])
def test_rows_with_plural_forms_only_are_pluralia_tantum(lemma):
    forms = by_lemma(lemma)
    assert len(forms) == 4
    assert all(e.features["Number"] == "Plur" and "plurale-tantum" in e.tags for e in forms)
    assert all("Gender" not in e.features for e in forms)


def test_ordinary_nouns_are_not_pluralia_tantum():
    assert not any("plurale-tantum" in e.tags for e in by_lemma("Haus") + by_lemma("Kfz"))


@pytest.mark.parametrize("lemma, tag", [("Berlin", "propn:toponym"), ("Müller", "propn:surname"),
                                        ("Anna", "propn:first-name")])
def test_proper_nouns_are_propn_with_their_kind(lemma, tag):
    forms = by_lemma(lemma)
    assert forms and all(e.pos == "PROPN" and tag in e.tags for e in forms)


def test_a_row_without_forms_gives_the_lemma_itself():
    [muller] = by_lemma("Müller")
    assert (muller.word, muller.lemma, muller.features) == ("Müller", "Müller", {})


def test_abbreviations_are_tagged():
    assert all("abbreviation" in e.tags and e.pos == "NOUN" for e in by_lemma("Kfz"))


def test_numbered_variants_take_the_matching_gender():
    joghurt = {(e.word, e.features["Number"], e.features.get("Gender")) for e in by_lemma("Joghurt")}
    assert joghurt == {("Joghurt", "Sing", "Masc"), ("Joghurt", "Sing", "Neut"), ("Joghurts", "Plur", None)}


def test_alternative_plurals_are_both_kept():
    plurals = {e.word for e in by_lemma("Kumpel") if e.features["Number"] == "Plur"}
    assert plurals == {"Kumpel", "Kumpels"}


def test_adjectival_declension_is_tagged_per_form():
    forms = {(e.word, e.features["Number"], e.tags) for e in by_lemma("Abgeordneter")}
    assert ("Abgeordneter", "Sing", ("declension:strong",)) in forms
    assert ("Abgeordnete", "Sing", ("declension:weak",)) in forms
    assert ("Abgeordneten", "Plur", ("declension:weak",)) in forms


def test_articles_in_parentheses_are_removed_from_cells():
    assert {e.word for e in by_lemma("Aab")} == {"Aab", "Aabs"}


def test_missing_columns_are_named():
    with pytest.raises(InputFileError) as info:
        entries(CSV / "missing-columns.csv")
    assert "missing-columns.csv:1" in info.value.message and "missing column(s): pos" in info.value.message
    assert "lemma" in info.value.hint


def test_a_misspelled_form_column_is_not_silently_ignored(tmp_path):
    path = tmp_path / "typo.csv"
    path.write_text("lemma,pos,nominativ singulr\nHaus,Substantiv,Haus\n", encoding="utf-8")
    with pytest.raises(InputFileError, match="nominativ singulr"):
        entries(path)


def test_short_rows_fail_at_their_line():
    with pytest.raises(InputFileError, match=r"bad-rows\.csv:3: the row has 3 fields, the header has 5"):
        entries(CSV / "bad-rows.csv")


def test_bad_rows_are_skipped_and_logged(tmp_path):
    rejects = tmp_path / "rejects.jsonl"
    lemmas = {e.lemma for e in entries(CSV / "bad-rows.csv", on_error="skip", rejects=rejects)}
    assert lemmas == {"Haus", "Tisch"}
    logged = [json.loads(line) for line in rejects.read_text(encoding="utf-8").splitlines()]
    assert [r["source"] for r in logged] == ["bad-rows.csv:3", "bad-rows.csv:4"]
    assert "3 fields" in logged[0]["reason"] and logged[1]["reason"] == "empty lemma"


def test_empty_file_is_an_error(tmp_path):
    path = tmp_path / "empty.csv"
    path.write_bytes(b"")
    with pytest.raises(InputFileError, match="empty"):
        entries(path)


def test_latin1_csv_and_tab_separated_csv(tmp_path):
    path = tmp_path / "tab.tsv"
    path.write_bytes("lemma\tpos\tgenus\tnominativ singular\nKäse\tSubstantiv\tm\tKäse\n".encode("latin-1"))
    [kase] = entries(path)
    assert (kase.word, kase.features) == ("Käse", {"Case": "Nom", "Number": "Sing", "Gender": "Masc"})


@pytest.mark.parametrize("suffix, compress", [(".gz", gzip.compress), (".bz2", bz2.compress),
                                              (".xz", lzma.compress)])
def test_compressed_tables(tmp_path, suffix, compress):
    path = tmp_path / f"nouns.csv{suffix}"
    path.write_bytes(compress((CSV / "nouns-mini.csv").read_bytes()))
    assert [e.to_dict() | {"source": ""} for e in entries(path)] == \
        [e.to_dict() | {"source": ""} for e in entries()]


def test_the_default_corpus_is_small_licensed_and_reads():
    corpus = default_corpus()
    assert corpus.is_file() and corpus.stat().st_size < 3_000_000
    folder = corpus.parent
    assert "Attribution-ShareAlike 4.0" in (folder / "LICENSE").read_text(encoding="utf-8")
    attribution = (folder / "ATTRIBUTION.md").read_text(encoding="utf-8")
    assert "Wiktionary" in attribution and "Gregor Weichbrodt" in attribution
    assert (folder / "derive.py").is_file()
    seen = {}
    count = 0
    for entry in iter_entries(corpus):
        count += 1
        if entry.lemma in ("Haus", "Eltern", "Berlin") and entry.word not in seen:
            seen[entry.word] = entry
    assert count > 500_000
    assert seen["Häuser"].lemma == "Haus" and seen["Häuser"].features["Number"] == "Plur"
    assert "plurale-tantum" in seen["Eltern"].tags
    assert seen["Berlin"].pos == "PROPN"
