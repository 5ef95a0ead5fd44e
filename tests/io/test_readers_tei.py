"""TEI P5 (FreeDict-style) dictionaries: nouns, pluralia tantum, usage labels, inflected forms, provenance."""

from __future__ import annotations

import bz2
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


# --- The fast path for the common entry shape must agree with the general path ------------------------------
# `read` handles the usual FreeDict shape inline and hands anything else to `convert_entry`;
# generated entries of every shape the reader knows must give exactly what `convert_entry` alone gives.

_WORDS = st.sampled_from(["Haus", "Eltern", "des Kindes", "Kinder", " Tür ", "Auto\nmobil", "Ge  bäude", "a\tb", ""])
_GRAM_VALUES = {
    "pos": ["n", "N", " n ", "pn", "v", "adj", "zzz", "", "Subst."],
    "gen": ["masc", "fem", "neut", "m", "F", " n ", "x", ""],
    "number": ["sg", "pl", "PL", " pl ", "dual", ""],
    "case": ["nom", "gen", "akk"],
}
_USAGES = st.sampled_from([("reg", "coll."), ("reg", "slang"), ("dom", "med."), ("geo", "Austr."), ("hint", "obs."),
                           (None, "Med."), ("reg", "")])


def _element(tag: str, children: str = "", attrs: str = "") -> str:
    return f"<{tag}{attrs}>{children}</{tag}>"


@st.composite
def _leaf(draw, tag: str) -> str:
    value = draw(st.sampled_from(_GRAM_VALUES[tag]))
    if draw(st.booleans()) and value:
        return _element(tag, f"{value[:1]}<hi>{value[1:]}</hi>")  # markup inside a value
    return _element(tag, value)


@st.composite
def _gram_grp(draw) -> str:
    items = draw(st.lists(st.sampled_from(["pos", "gen", "number", "case", "gram", "subc"]), max_size=4))
    parts = []
    for item in items:
        if item == "gram":
            kind = draw(st.sampled_from(["pos", "gen", "number", "case"]))
            parts.append(_element("gram", draw(st.sampled_from(_GRAM_VALUES[kind])), f' type="{kind}"'))
        elif item == "subc":
            parts.append(_element("subc", "trans"))
        else:
            parts.append(draw(_leaf(item)))
    return _element("gramGrp", "".join(parts))


@st.composite
def _orth(draw) -> str:
    word = draw(_WORDS)
    if draw(st.integers(0, 5)) == 0 and word:
        return _element("orth", f"{word[:2]}<hi>{word[2:]}</hi>")
    return _element("orth", word)


@st.composite
def _form(draw, depth: int = 0) -> str:
    kinds = ["orth", "orth", "pron", "usg", "sense"] + (["infl", "variant", "gramGrp"] if depth == 0 else [])
    parts = []
    for kind in draw(st.lists(st.sampled_from(kinds), max_size=4)):
        if kind == "orth":
            parts.append(draw(_orth()))
        elif kind == "pron":
            parts.append(_element("pron", "haʊs"))
        elif kind == "usg":
            parts.append(draw(_usg()))
        elif kind == "sense":
            parts.append(_element("sense", _element("orth", "Sinn")))
        elif kind == "gramGrp":
            parts.append(draw(_gram_grp()))
        else:
            inner = draw(_form(depth + 1))[len("<form>"):-len("</form>")]
            parts.append(_element("form", inner, ' type="infl"' if kind == "infl" else ""))
    return _element("form", "".join(parts))


@st.composite
def _usg(draw) -> str:
    kind, label = draw(_USAGES)
    return _element("usg", label, f' type="{kind}"' if kind else "")


@st.composite
def _sense(draw) -> str:
    parts = []
    for kind in draw(st.lists(st.sampled_from(["usg", "usg", "cit", "citusg", "sense"]), max_size=3)):
        if kind == "usg":
            parts.append(draw(_usg()))
        elif kind == "cit":
            parts.append(_element("cit", _element("quote", "house"), ' type="trans"'))
        elif kind == "citusg":
            parts.append(_element("cit", _element("quote", "mate") + draw(_usg())))
        else:
            parts.append(_element("sense", draw(_usg())))
    return _element("sense", "".join(parts), ' n="1"')


@st.composite
def _odd_entry(draw) -> list[str]:
    """Children of an entry of any shape the reader knows."""
    kinds = ["form", "form", "gramGrp", "gramGrp", "sense", "sense", "sense", "usg", "pos", "orth", "note"]
    parts = []
    for kind in draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=6)):
        if kind == "form":
            parts.append(draw(_form()))
        elif kind == "gramGrp":
            parts.append(draw(_gram_grp()))
        elif kind == "sense":
            parts.append(draw(_sense()))
        elif kind == "usg":
            parts.append(draw(_usg()))
        elif kind == "pos":
            parts.append(draw(_leaf("pos")))
        elif kind == "orth":
            parts.append(_element("orth", "Streu"))
        else:
            parts.append(_element("note", _element("orth", "Notiz")))
    return parts


@st.composite
def _usual_entry(draw) -> list[str]:
    """Children of an entry in (or one step away from) the usual FreeDict shape."""
    orth = draw(_orth()) if draw(st.integers(0, 3)) == 0 else _element("orth", draw(st.sampled_from(["Haus", "Tür"])))
    form = [orth] + ([_element("pron", "haʊs")] if draw(st.booleans()) else [])
    if draw(st.integers(0, 7)) == 0:
        form.append(draw(st.sampled_from([_element("orth", "Zweit"), _element("form", _element("orth", "Häuser"),
                                                                             ' type="infl"'),
                                          _element("gramGrp", _element("case", "nom")), _element("sense"),
                                          _element("usg", "coll.", ' type="reg"')])))
    grams = []
    for _ in range(draw(st.sampled_from([0, 1, 1, 1, 2]))):
        items = draw(st.lists(st.sampled_from(["pos", "gen", "number", "gen", "pos"]), max_size=3))
        if draw(st.integers(0, 7)) == 0:
            items.append(draw(st.sampled_from(["case", "subc"])))
        grams.append(_element("gramGrp", "".join(
            _element("subc", "trans") if item == "subc"
            else draw(_leaf(item)) if draw(st.integers(0, 7)) == 0
            else _element(item, draw(st.sampled_from(_GRAM_VALUES[item][:3] if draw(st.booleans())
                                                     else _GRAM_VALUES[item])))
            for item in items)))
    senses = []
    for _ in range(draw(st.integers(0, 3))):
        usages = [_element("usg", label, f' type="{kind}"' if kind else "")
                  for kind, label in draw(st.lists(_USAGES, max_size=2))]
        senses.append(_element("sense", "".join(usages) + _element("cit", _element("quote", "x")), ' n="1"'))
    parts = [_element("form", "".join(form))] + grams + senses
    if draw(st.integers(0, 7)) == 0:
        parts.insert(draw(st.integers(0, len(parts))), draw(st.sampled_from(
            [_element("usg", "coll.", ' type="reg"'), _element("pos", "n"), _element("orth", "Streu"),
             _element("note", "n"), draw(_sense())])))
    return parts


@st.composite
def _entry(draw) -> str:
    parts = draw(st.one_of(_usual_entry(), _usual_entry(), _odd_entry()))
    entry_id = draw(st.sampled_from(["", ' xml:id="e.1"', ' xml:id="e.2"']))
    namespace = draw(st.sampled_from(["", "", "", ' xmlns=""']))  # an entry outside the TEI namespace, now and then
    return _element("entry", "".join(parts), entry_id + namespace)


def _general_path(data: bytes, name: str) -> list[dict]:
    from lxml import etree

    from lexicon_tools.io.readers.context import ReadContext
    from lexicon_tools.io.readers.tei import ENTRY_TAGS, convert_entry
    from lexicon_tools.io.guard.xml_safe import safe_parser

    ctx = ReadContext(name, on_error="skip")
    root = etree.fromstring(data, safe_parser(remove_blank_text=True, collect_ids=False))  # as RecordStream parses
    return [e.to_dict() for element in root.iter(*ENTRY_TAGS) for e in convert_entry(element, ctx)]


@settings(max_examples=300, deadline=None)
@given(entries=st.lists(_entry(), min_size=1, max_size=6), namespaced=st.booleans(), batch=st.sampled_from([1, 2, 512]))
def test_the_streaming_reader_agrees_with_the_general_path(tmp_path_factory, entries, namespaced, batch):
    from lexicon_tools.io.guard.xml_safe import RecordStream

    root_ns = ' xmlns="http://www.tei-c.org/ns/1.0"' if namespaced else ""
    text = f'<TEI{root_ns}><text><body>\n' + "\n".join(entries) + "\n</body></text></TEI>\n"
    path = tmp_path_factory.mktemp("tei") / "gen.tei"
    path.write_text(text, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RecordStream, "BATCH", batch)  # release processed entries early, too
        streamed = [e.to_dict() for e in iter_entries(path, "tei", on_error="skip")]
    assert streamed == _general_path(text.encode("utf-8"), "gen.tei")


_USUAL = ('<form><orth>Haus</orth><pron>haʊs</pron></form><gramGrp><gen>neut</gen><pos>n</pos><number>sg</number>'
          '</gramGrp>')
_SHAPES = {
    "usual": _USUAL + '<sense><cit><quote>house</quote></cit></sense>',
    "usual, every sense labelled": _USUAL + '<sense><usg type="dom">archit.</usg></sense>'
                                            '<sense><usg type="dom">archit.</usg><usg type="reg">coll.</usg></sense>',
    "usual, one sense labelled": _USUAL + '<sense><usg type="dom">archit.</usg></sense><sense/>',
    "plural only": '<form><orth>Eltern</orth></form><gramGrp><pos>n</pos><number>pl</number></gramGrp>',
    "proper noun, plural": '<form><orth>Alpen</orth></form><gramGrp><pos>pn</pos><number>pl</number></gramGrp>',
    "verb, no gramGrp values": '<form><orth>laufen</orth></form><gramGrp><pos>v</pos></gramGrp><gramGrp/>',
    "markup in gen": '<form><orth>Haus</orth></form><gramGrp><gen>n<hi>eut</hi></gen><pos>n</pos></gramGrp>',
    "markup in pos": '<form><orth>Haus</orth></form><gramGrp><pos>p<hi>n</hi></pos></gramGrp>',
    "markup in number": '<form><orth>Haus</orth></form><gramGrp><pos>n</pos><number>s<hi>g</hi></number></gramGrp>',
    "markup in orth": '<form><orth>Ha<hi>us</hi></orth></form>',
    "spaces in orth": '<form><orth>\n  Auto\n  mobil </orth></form><gramGrp><pos>n</pos></gramGrp>',
    "empty orth": '<form><orth> </orth><orth>Haus</orth></form>',
    "empty pos then pos": '<form><orth>Haus</orth></form><gramGrp><pos> </pos><pos>N</pos></gramGrp>',
    "upper-case values": '<form><orth>Haus</orth></form><gramGrp><pos> N </pos><gen>F</gen><number>PL</number></gramGrp>',
    "unknown values": '<form><orth>Haus</orth></form><gramGrp><pos>zzz</pos><gen>x</gen><number>dual</number></gramGrp>',
    "two genders": '<form><orth>Joghurt</orth></form><gramGrp><gen>masc</gen><gen>neut</gen><pos>n</pos></gramGrp>',
    "same gender twice": '<form><orth>Haus</orth></form><gramGrp><gen>n</gen><gen>neut</gen></gramGrp>',
    "two gramGrps": '<form><orth>Haus</orth></form><gramGrp><pos>v</pos></gramGrp><gramGrp><pos>n</pos>'
                    '<number>pl</number></gramGrp>',
    "two orths": '<form><orth>Joghurt</orth><orth>Jogurt</orth></form>',
    "two forms": '<form><orth>Joghurt</orth></form><form><orth>Jogurt</orth></form>',
    "inflected form": '<form><orth>Kind</orth><form type="infl"><orth>des Kindes</orth><gramGrp><case>gen</case>'
                      '</gramGrp></form></form><gramGrp><gen>neut</gen><pos>n</pos></gramGrp>',
    "case": '<form><orth>Haus</orth></form><gramGrp><pos>n</pos><case>nom</case></gramGrp>',
    "gram type": '<form><orth>Tisch</orth></form><gramGrp><gram type="gen">masc</gram><gram type="pos">n</gram></gramGrp>',
    "gramGrp in form": '<form><orth>Haus</orth><gramGrp><number>pl</number></gramGrp></form><gramGrp><pos>n</pos>'
                       '</gramGrp>',
    "pos directly in entry": '<form><orth>Haus</orth></form><pos>n</pos>',
    "orth directly in entry": '<orth>Streu</orth><form><orth>Haus</orth></form>',
    "other elements": '<form><orth>Haus</orth><note>x</note></form><etym><orth>hus</orth></etym><gramGrp><subc>x</subc>'
                      '<pos>n</pos></gramGrp>',
    "usage on the entry": _USUAL + '<usg type="reg">coll.</usg><sense/>',
    "usage on the form": '<form><orth>Haus</orth><usg type="geo">Austr.</usg></form><sense/>',
    "usage in a translation": _USUAL + '<sense><cit><quote>mate</quote><usg type="geo">Br.</usg></cit></sense>',
    "usage in a nested sense": _USUAL + '<sense><sense><usg type="dom">med.</usg></sense></sense>',
    "no headword": '<gramGrp><pos>n</pos></gramGrp>',
}


@pytest.mark.parametrize("shape", list(_SHAPES), ids=list(_SHAPES))
@pytest.mark.parametrize("namespaced", [True, False], ids=["P5", "P4"])
def test_each_entry_shape_reads_as_the_general_path_reads_it(tmp_path, shape, namespaced):
    root_ns = ' xmlns="http://www.tei-c.org/ns/1.0"' if namespaced else ""
    text = (f'<TEI{root_ns}><text><body>\n<entry xml:id="x.1">{_SHAPES[shape]}</entry>\n'
            f'<entry>{_SHAPES[shape]}</entry>\n</body></text></TEI>\n')
    path = tmp_path / "shape.tei"
    path.write_text(text, encoding="utf-8")
    streamed = [e.to_dict() for e in iter_entries(path, "tei", on_error="skip")]
    assert streamed == _general_path(text.encode("utf-8"), "shape.tei")


def test_the_generated_shapes_reach_both_paths(monkeypatch, tmp_path):
    """The property above is only worth something if generated entries take the fast path too."""
    from lexicon_tools.io.readers import tei

    calls = []
    general = tei.convert_entry
    monkeypatch.setattr(tei, "convert_entry", lambda *args: calls.append(1) or general(*args))
    path = tmp_path / "two.tei"
    path.write_text('<TEI xmlns="http://www.tei-c.org/ns/1.0"><text><body>'
                    '<entry xml:id="a"><form><orth>Haus</orth><pron>x</pron></form><gramGrp><gen>neut</gen>'
                    '<pos>n</pos><number>sg</number></gramGrp><sense><usg type="dom">archit.</usg></sense></entry>'
                    '<entry xml:id="b"><form><orth>Kind</orth><form type="infl"><orth>Kinder</orth></form></form>'
                    '</entry></body></text></TEI>', encoding="utf-8")
    entries = list(iter_entries(path, "tei"))
    assert [e.word for e in entries] == ["Haus", "Kind", "Kinder"] and len(calls) == 1
    assert entries[0].tags == ("domain:archit",) and entries[0].features == {"Number": "Sing", "Gender": "Neut"}
