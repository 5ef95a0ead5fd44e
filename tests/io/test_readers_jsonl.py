"""The `jsonl` dictionary format: entries.jsonl read back as entries (issue 29, D1)."""

from __future__ import annotations

import pytest

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.formats.entries_jsonl import write_entries
from lexicon_tools.io.readers import iter_entries
from lexicon_tools.io.readers.detect import detect_format
from lexicon_tools.io.readers.source import InputSource
from lexicon_tools.model.entry import Entry

ENTRIES = [Entry("Häuser", "Haus", "NOUN", {"Case": "Nom", "Number": "Plur"}, ("register:rare",), "n.csv:4"),
           Entry("Baum", None, None, {}, (), "w.txt:1")]


def test_written_entries_read_back_the_same_and_are_detected_by_content(tmp_path):
    path = tmp_path / "entries.data"  # no telling extension: detected by its first line
    write_entries(path, ENTRIES)
    assert detect_format(InputSource(path)) == "jsonl"
    assert list(iter_entries(path)) == ENTRIES


@pytest.mark.parametrize("text", ['{"word": "Haus"\n', "Haus\n", '{"lemma": "Haus"}\n', "[1, 2]\n"])
def test_other_text_is_not_taken_for_entries(tmp_path, text):
    (tmp_path / "w.txt").write_text(text, encoding="utf-8")
    assert detect_format(InputSource(tmp_path / "w.txt")) == "wordlist"


@pytest.mark.parametrize(("line", "reason"), [
    ('{"word": ""}', "expected an entry object"),
    ('{"word": "Haus", "tags": [1]}', "expected an entry object"),
    ('{"word": "Haus", "n": ' + "9" * 40 + "}", "a number with 40 digits"),
    ('{"word": "Haus", "x": ' + "[" * 200 + "]" * 200 + "}", "nested deeper than 100 levels"),
    ('{"word": "Haus", "x": NaN}', "NaN is not a number JSON allows"),
])
def test_a_bad_line_is_a_located_record_error(tmp_path, line, reason):
    (tmp_path / "e.jsonl").write_text('{"word": "Baum"}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(InputFileError, match=f"e.jsonl:2: .*{reason}"):
        list(iter_entries(tmp_path / "e.jsonl", "jsonl"))
    kept = list(iter_entries(tmp_path / "e.jsonl", "jsonl", on_error="skip"))
    assert [e.word for e in kept] == ["Baum"]
