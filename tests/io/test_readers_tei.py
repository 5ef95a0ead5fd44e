"""TEI P5 (FreeDict-style) dictionaries: nouns, pluralia tantum, usage labels, inflected forms, provenance."""

from __future__ import annotations

import bz2
import json
from pathlib import Path

import pytest

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.readers import iter_entries

ROOT = Path(__file__).resolve().parents[2]
TEI = ROOT / "corpora" / "fixtures" / "tei"


@pytest.fixture(scope="module")
def mini():
    entries = list(iter_entries(TEI / "deu-mini.tei", "tei"))
    return entries, {e.word: e for e in entries}


def test_a_noun_headword(mini):
    _, by_word = mini
    haus = by_word["Haus"]
    assert (haus.lemma, haus.pos, haus.features) == ("Haus", "NOUN", {"Number": "Sing", "Gender": "Neut"})
    assert haus.source == "deu-mini.tei#Haus.1"


@pytest.mark.parametrize("word", ["Eltern", "Kosten"])
def test_plural_only_nouns(mini, word):
    entry = mini[1][word]
    assert entry.features == {"Number": "Plur"} and "plurale-tantum" in entry.tags


def test_entry_level_usage_applies_and_translation_usage_is_ignored(mini):
    assert mini[1]["Kumpel"].tags == ("register:colloquial",)  # <usg type="geo"> inside <cit> ignored


def test_a_label_on_one_sense_only_does_not_mark_the_word(mini):
    assert mini[1]["Bulle"].tags == ()


def test_labels_shared_by_every_sense_mark_the_word(mini):
    assert set(mini[1]["Semmel"].tags) == {"register:regional", "region:austr", "region:south german"}
    assert mini[1]["Atom"].tags == ("domain:phys",)
    assert mini[1]["Kosten"].tags == ("domain:econ", "plurale-tantum")


def test_several_spellings_and_genders_give_one_entry_each(mini):
    entries, _ = mini
    pairs = {(e.word, e.features["Gender"]) for e in entries if e.lemma in ("Joghurt", "Jogurt")}
    assert pairs == {("Joghurt", "Masc"), ("Joghurt", "Neut"), ("Jogurt", "Masc"), ("Jogurt", "Neut")}


def test_inflected_forms_have_the_headword_as_lemma(mini):
    entries, _ = mini
    kind = {(e.word, e.lemma, tuple(sorted(e.features.items()))) for e in entries if e.lemma == "Kind"}
    assert kind == {("Kind", "Kind", (("Gender", "Neut"),)),
                    ("Kindes", "Kind", (("Case", "Gen"), ("Gender", "Neut"), ("Number", "Sing"))),
                    ("Kinder", "Kind", (("Case", "Nom"), ("Gender", "Neut"), ("Number", "Plur")))}


def test_pos_mapping_proper_nouns_verbs_and_gram_type(mini):
    _, by_word = mini
    assert by_word["Berlin"].pos == "PROPN"
    assert by_word["laufen"].pos == "VERB" and by_word["laufen"].features == {}
    assert (by_word["Tisch"].pos, by_word["Tisch"].features) == ("NOUN", {"Gender": "Masc"})


def test_entries_without_id_are_located_by_line(mini):
    tisch = mini[1]["Tisch"]
    line = int(tisch.source.rsplit(":", 1)[1])
    assert tisch.source.startswith("deu-mini.tei:")
    assert (TEI / "deu-mini.tei").read_text(encoding="utf-8").splitlines()[line - 1].strip() == "<entry>"


def test_every_fixture_entry_is_read(mini):
    entries, _ = mini
    assert len({e.source for e in entries}) == 12


def test_entry_without_headword_fails_or_is_skipped(tmp_path):
    with pytest.raises(InputFileError, match=r"missing-orth\.tei#broken\.1: the <entry> has no <form><orth>"):
        list(iter_entries(TEI / "missing-orth.tei", "tei"))
    rejects = tmp_path / "rejects.jsonl"
    words = [e.word for e in iter_entries(TEI / "missing-orth.tei", "tei", on_error="skip", rejects=rejects)]
    assert words == ["Haus", "Tisch"]
    [logged] = [json.loads(line) for line in rejects.read_text(encoding="utf-8").splitlines()]
    assert logged["source"] == "missing-orth.tei#broken.1" and "nothing" in logged["record"]


def test_tei_p4_without_namespace(tmp_path):
    path = tmp_path / "p4.tei"
    path.write_text('<?xml version="1.0" encoding="ISO-8859-1"?>\n<TEI.2><text><body>\n'
                    '<entry><form><orth>Tür</orth></form><gramGrp><pos>n</pos><gen>f</gen></gramGrp></entry>\n'
                    '</body></text></TEI.2>\n', encoding="latin-1")
    [entry] = iter_entries(path)
    assert (entry.word, entry.pos, entry.features, entry.source) == ("Tür", "NOUN", {"Gender": "Fem"}, "p4.tei:3")


def test_bz2_compressed_tei(tmp_path):
    path = tmp_path / "deu-mini.tei.bz2"
    path.write_bytes(bz2.compress((TEI / "deu-mini.tei").read_bytes()))
    assert [e.word for e in iter_entries(path)] == [e.word for e in iter_entries(TEI / "deu-mini.tei")]


def test_a_large_generated_file_streams_in_order(tmp_path):
    body = "".join(f'<entry xml:id="w{i}"><form><orth>Wort{i}</orth></form><gramGrp><pos>n</pos>'
                   f'<gen>{"masc" if i % 2 else "fem"}</gen></gramGrp><sense><usg type="dom">d{i % 3}</usg>'
                   f'</sense></entry>\n' for i in range(3000))
    path = tmp_path / "big.tei"
    path.write_text(f'<TEI xmlns="http://www.tei-c.org/ns/1.0"><text><body>\n{body}</body></text></TEI>',
                    encoding="utf-8")
    entries = list(iter_entries(path))
    assert [e.word for e in entries] == [f"Wort{i}" for i in range(3000)]
    assert entries[1].features == {"Gender": "Masc"} and entries[1].tags == ("domain:d1",)
