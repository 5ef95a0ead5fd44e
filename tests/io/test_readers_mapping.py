"""Any XML through a YAML mapping file: the shipped XDXF example, value maps, and located mapping errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.readers import iter_entries
from lexicon_tools.io.readers.mapping import load_mapping

ROOT = Path(__file__).resolve().parents[2]
XDXF = ROOT / "corpora" / "fixtures" / "xdxf" / "deu-eng-mini.xdxf"
MAPPING = ROOT / "corpora" / "mappings" / "xdxf.yaml"


@pytest.fixture(scope="module")
def xdxf():
    return {e.word: e for e in iter_entries(XDXF, f"mapping:{MAPPING}", on_error="skip")}


def test_the_example_mapping_reads_xdxf(xdxf):
    haus = xdxf["Haus"]
    assert (haus.lemma, haus.pos, haus.features, haus.tags, haus.source) == (
        "Haus", "NOUN", {"Gender": "Neut"}, (), "deu-eng-mini.xdxf#a1")


def test_value_maps_give_tags_numbers_and_proper_nouns(xdxf):
    assert xdxf["Eltern"].features == {"Number": "Plur"} and xdxf["Eltern"].tags == ("plurale-tantum",)
    assert xdxf["Kumpel"].tags == ("register:colloquial",)
    assert (xdxf["Hamburg"].pos, xdxf["Hamburg"].tags) == ("PROPN", ("propn:name",))
    assert xdxf["Atom"].tags == ("domain:physik",)
    assert xdxf["laufen"].pos == "VERB"


def test_several_keys_give_several_entries(xdxf):
    assert xdxf["Joghurt"].source == xdxf["Jogurt"].source == "deu-eng-mini.xdxf#a5"


def test_records_without_id_use_the_line(xdxf):
    line = int(xdxf["Semmel"].source.rsplit(":", 1)[1])
    assert XDXF.read_text(encoding="utf-8").splitlines()[line - 1].strip() == "<ar>"


def test_a_record_without_headword_fails_by_default():
    with pytest.raises(InputFileError, match=r"deu-eng-mini\.xdxf#a9: the <ar> record has no headword"):
        list(iter_entries(XDXF, f"mapping:{MAPPING}"))


def test_the_bundled_mapping_is_found_by_name():
    assert load_mapping("xdxf").path.resolve() == MAPPING.resolve()


def test_mapping_without_value_maps_uses_the_shared_tables(tmp_path):
    doc = tmp_path / "dict.xml"
    doc.write_text('<?xml version="1.0"?>\n<d:dict xmlns:d="urn:example"><d:e><d:w>Haus</d:w><d:p>n</d:p>'
                   '<d:g>neut</d:g><d:u>Med.</d:u></d:e><d:e><d:w>rennen</d:w><d:p>zzz</d:p></d:e></d:dict>',
                   encoding="utf-8")
    mapping = tmp_path / "m.yaml"
    mapping.write_text('namespaces: {d: "urn:example"}\nentry: "d:e"\nword: "d:w"\npos: "d:p"\n'
                       'features: {Gender: "d:g"}\ntags: [{xpath: "d:u", prefix: "domain:"}]\n', encoding="utf-8")
    haus, rennen = iter_entries(doc, f"mapping:{mapping}")
    assert (haus.pos, haus.features, haus.tags, haus.lemma) == ("NOUN", {"Gender": "Neut"}, ("domain:med",), "Haus")
    assert (rennen.pos, rennen.tags) == ("X", ("source-pos:zzz",))


def test_every_problem_of_a_mapping_file_is_reported_with_its_line(tmp_path):
    mapping = tmp_path / "bad.yaml"
    mapping.write_text("entry: ar\n"            # 1
                       "colour: blue\n"         # 2: unknown key
                       "pos:\n"                 # 3
                       "  xpath: 'def/gr[('\n"  # 4: bad XPath
                       "features:\n"            # 5
                       "  Gender:\n"            # 6
                       "    xpath: g\n"
                       "    values: {m.: Male}\n",  # 8: not a UD value
                       encoding="utf-8")
    with pytest.raises(InputFileError) as info:
        load_mapping(mapping)
    problems = {(p.line, p.field): p.message for p in info.value.problems}
    assert "unknown key 'colour'" in problems[(2, "colour")]
    assert "invalid XPath" in problems[(4, "pos.xpath")]
    assert "'Male' is not a UD value" in problems[(8, "features.Gender.values.m.")]
    assert any(field == "word" for _line, field in problems)  # the missing headword XPath
    assert len(info.value.problems) == 4


def test_undeclared_prefix_and_missing_file(tmp_path):
    mapping = tmp_path / "m.yaml"
    mapping.write_text("entry: 'x:e'\nword: w\n", encoding="utf-8")
    with pytest.raises(InputFileError, match="problem"):
        load_mapping(mapping)
    with pytest.raises(InputFileError, match="does not exist") as info:
        load_mapping(tmp_path / "nope.yaml")
    assert "xdxf" in info.value.hint


def test_malformed_yaml_names_the_line(tmp_path):
    mapping = tmp_path / "m.yaml"
    mapping.write_text("entry: ar\nword: [k\n", encoding="utf-8")
    with pytest.raises(InputFileError, match=r"m\.yaml:\d+: invalid YAML"):
        load_mapping(mapping)


def test_a_mapping_that_matches_no_record_says_so(tmp_path):
    doc = tmp_path / "ns.xml"
    doc.write_text('<dict xmlns="urn:example"><e><w>Haus</w></e></dict>', encoding="utf-8")
    mapping = tmp_path / "m.yaml"
    mapping.write_text("entry: e\nword: w\n", encoding="utf-8")
    with pytest.raises(InputFileError, match=r"ns\.xml: no <e> record found") as info:
        list(iter_entries(doc, f"mapping:{mapping}"))
    assert "namespaces" in info.value.hint
    mapping.write_text('namespaces: {x: "urn:example"}\nentry: "x:e"\nword: "x:w"\n', encoding="utf-8")
    assert [e.word for e in iter_entries(doc, f"mapping:{mapping}")] == ["Haus"]
