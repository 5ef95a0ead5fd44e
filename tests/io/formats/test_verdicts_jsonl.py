"""verdicts.jsonl: round trip, atomic writes, located errors."""

from __future__ import annotations

import json

import pytest

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.formats.verdicts_jsonl import read_verdicts, write_verdicts
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict

VERDICTS = [
    Verdict(Entry("Häuser", "Haus", "NOUN", {"Case": "Nom", "Number": "Plur"}, (), "n.csv:3"), "HÄUSER", False,
            "inflected-form:plural-of:HAUS", {"source": "n.csv:3", "rule": "allow_plurals=false"}),
    Verdict(Entry("Straße"), "STRASSE", True, "nom-sg", {"reading": {"lemma": "Straße", "origin": "lexicon"}}),
]


def test_round_trip(tmp_path):
    path = tmp_path / "verdicts.jsonl"
    assert write_verdicts(path, VERDICTS) == 2
    assert list(read_verdicts(path)) == VERDICTS
    first = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert list(first)[:6] == ["word", "lemma", "pos", "features", "tags", "source"]
    assert "Häuser" in path.read_text(encoding="utf-8")  # UTF-8 as itself, greppable


def test_a_failed_write_keeps_the_old_file(tmp_path):
    path = tmp_path / "verdicts.jsonl"
    path.write_text("old\n", encoding="utf-8")

    def broken():
        yield VERDICTS[0]
        raise RuntimeError("interrupted")

    with pytest.raises(RuntimeError):
        write_verdicts(path, broken())
    assert path.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["verdicts.jsonl"]


@pytest.mark.parametrize("line, message", [
    ("{broken", "invalid JSON"),
    ('["a list"]', "expected a JSON object"),
    ('{"word": "Haus", "valid": true}', "missing field(s) normalized, reason"),
    ('{"word": "Haus", "normalized": "HAUS", "valid": "yes", "reason": "nom-sg"}', "'valid' must be true/false"),
])
def test_bad_lines_name_file_and_line(tmp_path, line, message):
    path = tmp_path / "v.jsonl"
    good = json.dumps(VERDICTS[1].to_dict(), ensure_ascii=False)
    path.write_text(f"{good}\n\n{line}\n", encoding="utf-8")
    with pytest.raises(InputFileError, match=f"v.jsonl:3: .*{message.split('(')[0]}"):
        list(read_verdicts(path))


def test_missing_file(tmp_path):
    with pytest.raises(InputFileError, match="no such file"):
        read_verdicts(tmp_path / "none.jsonl")
