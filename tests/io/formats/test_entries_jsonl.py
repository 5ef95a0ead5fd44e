"""entries.jsonl: lossless round trip, greppable UTF-8, located errors, atomic writes."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.formats.entries_jsonl import entry_line, read_entries, write_entries
from lexicon_tools.model.entry import Entry

texts = st.text(min_size=1, max_size=12)
entries = st.builds(
    Entry, word=texts, lemma=st.none() | texts, pos=st.none() | st.sampled_from(["NOUN", "PROPN", "VERB"]),
    features=st.dictionaries(st.sampled_from(["Case", "Number", "Gender"]), texts, max_size=3),
    tags=st.lists(texts, max_size=3).map(tuple), source=texts)


@settings(max_examples=60, deadline=None)
@given(st.lists(entries, max_size=20))
def test_round_trip(tmp_path_factory, items):
    path = tmp_path_factory.mktemp("jsonl") / "entries.jsonl"
    assert write_entries(path, items) == len(items)
    assert list(read_entries(path)) == items


def test_one_object_per_line_with_the_contract_keys_and_plain_umlauts():
    line = entry_line(Entry("Häuser", "Haus", "NOUN", {"Number": "Plur"}, ("x",), "n.csv:2"))
    assert line.endswith("\n") and line.count("\n") == 1 and "Häuser" in line
    assert list(json.loads(line)) == ["word", "lemma", "pos", "features", "tags", "source"]


def test_malformed_lines_name_file_and_line(tmp_path):
    path = tmp_path / "e.jsonl"
    path.write_text('{"word": "Haus"}\n\n{"word": \n', encoding="utf-8")
    with pytest.raises(InputFileError, match=r"e\.jsonl:3: invalid JSON"):
        list(read_entries(path))
    path.write_text('{"lemma": "Haus"}\n', encoding="utf-8")
    with pytest.raises(InputFileError, match=r"e\.jsonl:1: expected an object with a non-empty string 'word'"):
        list(read_entries(path))


def test_a_failed_write_keeps_the_previous_file(tmp_path):
    path = tmp_path / "entries.jsonl"
    path.write_text("previous\n", encoding="utf-8")

    def broken():
        yield Entry("Haus")
        raise InputFileError("source broke")

    with pytest.raises(InputFileError):
        write_entries(path, broken())
    assert path.read_text(encoding="utf-8") == "previous\n"
    assert [p.name for p in tmp_path.iterdir()] == ["entries.jsonl"]


def test_missing_file():
    with pytest.raises(InputFileError, match="no such file"):
        read_entries("/nonexistent/entries.jsonl")
