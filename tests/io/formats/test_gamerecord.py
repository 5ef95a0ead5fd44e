"""The game-record text format: parsing every line kind, located errors, atomic writing."""

from __future__ import annotations

import pytest

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.formats import gamerecord
from lexicon_tools.io.formats.gamerecord import parse_record, read_record


def test_the_documented_example_parses_line_by_line():
    example = gamerecord.__doc__.split("(the syntax, not a real game)::")[1].split("**Pragmas.**")[0]
    text = "\n".join(line[4:] for line in example.splitlines())
    record = parse_record(text, "example")
    assert (record.ruleset, record.seed, record.players, record.strategies) == (
        "smartfeud", 421337, ["p1", "p2"], ["greedy", "random"])
    kinds = [(t.player, t.kind, t.text, t.score, t.total) for t in record.turns]
    assert kinds == [
        ("p1", "place", "8G TRIeDA", 18, 18),
        ("p2", "place", "H3 HO.NE", 17, 17),
        ("p1", "place", "take:J8 swap:K4 6E WITWE", 28, 46),
        ("p2", "place", "9A NARCISsE & C7 T.", 95, 112),
        ("p1", "exchange", "AEL", 0, 46),
        ("p2", "pass", "", 0, 112),
        ("p1", "timeout", "", 0, 46),
        ("p2", "invalid", "4D XYZ", 0, 112),
        ("p1", "resign", "", 0, 46),
    ]
    assert [(a.player, a.rack, a.delta, a.total) for a in record.adjustments] == [
        ("p2", "DEF", 9, 121), ("p1", "DEF", -9, 37)]
    assert record.end == "out" and record.finals == {"p1": 37, "p2": 121}
    assert record.turns[0].rack == "ADEIRT??" and record.time_limit is None and not record.professional


H = "#lexicon-tools-record 1\n"


@pytest.mark.parametrize("text,message", [
    (H + "#ruleset webfeud\n#player1 a greedy\n>a: ABC 8H ABC +5 5\n", "no #seed line"),
    (H + "#seed 1\n#player1 a greedy\n", "no #ruleset line"),
    (H + "#ruleset webfeud\n#seed 1\n", "names no players"),
    (H + "#ruleset webfeud\n#seed x\n#player1 a g\n", "bad #seed"),
    ("#lexicon-tools-record 9\n", "version 9 is not supported"),
    (H + "#ruleset webfeud\n#seed 1\n#player1 a g\n>a: ABC 8H ABC five 5\n", ":5: cannot read the turn"),
    (H + "#ruleset webfeud\n#seed 1\n#player1 a g\n>a: ABC (what) +0 0\n", ":5: cannot read the move"),
    (H + "#ruleset webfeud\n#seed 1\n#player1 a g\nhello\n", ":5: unexpected line"),
    (H + "#ruleset webfeud\n#seed 1\n#player1 a g\n#final a\n", "NICK SCORE pairs"),
    ("#ruleset webfeud\n#seed 1\n#player1 a g\n", ":1: the record does not start with its header line"),
    (H + "#ruleset webfeud\n#seed 1\n#player1 a g\n>a: ABC 8H ABC +" + "9" * 5000 + " 5\n", "more than 9 digits"),
])
def test_malformed_records_are_located(text, message):
    with pytest.raises(InputFileError) as info:
        parse_record(text, "bad.gcg")
    assert message in info.value.message
    assert info.value.message.startswith("bad.gcg:")


def test_missing_and_non_utf8_files(tmp_path):
    with pytest.raises(InputFileError, match="does not exist"):
        read_record(tmp_path / "nope.gcg")
    broken = tmp_path / "latin1.gcg"
    broken.write_bytes("#ruleset wortspieler\n>ä".encode("latin-1"))
    with pytest.raises(InputFileError, match="UTF-8"):
        read_record(broken)


def test_unknown_pragmas_are_comments():
    record = parse_record(H + "#ruleset webfeud\n#seed 3\n#player1 a greedy\n#note anything goes\n", "r")
    assert record.turns == [] and record.seed == 3
