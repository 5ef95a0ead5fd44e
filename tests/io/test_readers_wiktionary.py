"""German Wiktionary dumps: inflection tables, pluralia tantum, diminutives, register labels, exact lines."""

from __future__ import annotations

import bz2
from pathlib import Path

import pytest

from lexicon_tools.io.readers import iter_entries
from lexicon_tools.io.readers.context import ReadContext
from lexicon_tools.io.readers.wiktionary import page_entries

ROOT = Path(__file__).resolve().parents[2]
DUMP = ROOT / "corpora" / "fixtures" / "wiktionary" / "dewiktionary-mini.xml"
DUMP_LINES = DUMP.read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def entries():
    return list(iter_entries(DUMP, "wiktionary"))


def of(entries, lemma, tag=None):
    return [e for e in entries if e.lemma == lemma and (tag is None or tag in e.tags)]


def dump_line(entry) -> str:
    return DUMP_LINES[int(entry.source.rsplit(":", 1)[1]) - 1]


def test_the_inflection_table_gives_one_entry_per_form(entries):
    forms = {(e.word, e.features["Case"], e.features["Number"]) for e in of(entries, "Haus")
             if "diminutive" not in e.tags}
    assert forms == {("Haus", "Nom", "Sing"), ("Häuser", "Nom", "Plur"), ("Hauses", "Gen", "Sing"),
                     ("Häuser", "Gen", "Plur"), ("Haus", "Dat", "Sing"), ("Hause", "Dat", "Sing"),
                     ("Häusern", "Dat", "Plur"), ("Haus", "Acc", "Sing"), ("Häuser", "Acc", "Plur")}
    table = [e for e in of(entries, "Haus") if "diminutive" not in e.tags]
    assert all(e.pos == "NOUN" and e.features["Gender"] == "Neut" and e.tags == () for e in table)
    assert all(dump_line(e) == "{{Deutsch Substantiv Übersicht" for e in table)


def test_verkleinerungsformen_yield_diminutives_of_the_base_word(entries):
    diminutives = of(entries, "Haus", "diminutive")
    assert [e.word for e in diminutives] == ["Häuschen", "Häuslein", "Häusel"]
    assert all(e.pos == "NOUN" and e.tags == ("diminutive",) for e in diminutives)
    assert "[[Häuschen]]" in dump_line(diminutives[0]) and "[[Häusel]]" in dump_line(diminutives[2])


@pytest.mark.parametrize("lemma", ["Eltern", "Ferien"])  # "kein Singular=1" and a table without singular
def test_pluralia_tantum(entries, lemma):
    forms = of(entries, lemma)
    assert len(forms) == 4
    assert all(e.features["Number"] == "Plur" and "plurale-tantum" in e.tags for e in forms)
    assert all("Gender" not in e.features for e in forms)  # Genus=0 is no gender


def test_a_label_on_every_meaning_becomes_a_register_tag(entries):
    assert all(e.tags == ("register:colloquial",) for e in of(entries, "Kumpel"))  # Bergbau: one meaning only
    assert {e.word for e in of(entries, "Kumpel") if e.features["Number"] == "Plur"} == {"Kumpel", "Kumpels"}


def test_shortcut_and_k_templates_for_regional_words(entries):
    assert all(set(e.tags) == {"register:regional", "region:österr", "region:südd"}
               for e in of(entries, "Semmel"))


def test_a_label_on_one_meaning_only_is_not_a_word_tag(entries):
    haus = [e for e in of(entries, "Haus") if "diminutive" not in e.tags]
    assert all(e.tags == () for e in haus)  # [2] {{K|übertragen}} only


def test_proper_noun_sections(entries):
    toponym = [e for e in of(entries, "Berlin") if "propn:toponym" in e.tags]
    assert {e.word for e in toponym} == {"Berlin", "Berlins"}
    assert all(e.pos == "PROPN" for e in of(entries, "Berlin"))
    [surname] = of(entries, "Berlin", "propn:surname")
    assert (surname.word, surname.features) == ("Berlin", {})
    assert dump_line(surname) == "=== {{Wortart|Nachname|Deutsch}} ==="


def test_each_noun_section_of_a_page_is_read(entries):
    bank = of(entries, "Bank")
    assert {e.word for e in bank if "diminutive" not in e.tags} == {"Bank", "Bänke", "Banken"}
    banken = [e for e in bank if e.word == "Banken"]
    assert banken[0].tags == ("domain:wirtschaft",)
    assert [e.word for e in of(entries, "Bank", "diminutive")] == ["Bänkchen"]


def test_pages_without_german_nouns_are_skipped(entries):
    lemmas = {e.lemma for e in entries}
    assert lemmas == {"Haus", "Eltern", "Ferien", "Kumpel", "Semmel", "Berlin", "Bank"}


def test_bz2_dump(tmp_path):
    path = tmp_path / "dewiktionary-mini.xml.bz2"
    path.write_bytes(bz2.compress(DUMP.read_bytes()))
    plain = [e.to_dict() for e in iter_entries(DUMP, "wiktionary")]
    packed = [e.to_dict() for e in iter_entries(path)]
    assert [dict(d, source=d["source"].split(":")[1]) for d in packed] == \
        [dict(d, source=d["source"].split(":")[1]) for d in plain]


def test_page_wikitext_with_nested_templates_and_links_in_values():
    text = ("== Tür ({{Sprache|Deutsch}}) ==\n=== {{Wortart|Substantiv|Deutsch}}, {{f}} ===\n\n"
            "{{Deutsch Substantiv Übersicht\n|Genus=f\n|Nominativ Singular=[[Tür]]\n"
            "|Nominativ Plural=Türen<ref>{{Ref-Duden|Tür}}</ref>\n|Genitiv Plural=—\n}}\n")
    entries = page_entries("Tür", text, ReadContext("page.xml"), first_line=10)
    assert [(e.word, e.features["Number"]) for e in entries] == [("Tür", "Sing"), ("Türen", "Plur")]
    assert entries[0].source == "page.xml:13"


def test_a_section_without_table_uses_the_title_and_heading_gender():
    text = "== Xylo ({{Sprache|Deutsch}}) ==\n=== {{Wortart|Substantiv|Deutsch}}, {{n}} ===\n\n{{Bedeutungen}}\n:[1] x\n"
    [entry] = page_entries("Xylo", text, ReadContext("p.xml"))
    assert (entry.word, entry.lemma, entry.features, entry.source) == ("Xylo", "Xylo", {"Gender": "Neut"}, "p.xml:2")
