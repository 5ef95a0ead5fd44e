"""Layout validation: a rules table of broken layouts, and every problem reported together."""

from __future__ import annotations

import pytest

from lexicon_tools.board.constraints import Constraints, parse_counts, parse_min_distance, parse_size
from lexicon_tools.board.validate import random_board_problems, ruleset_constraints, validate_layout
from lexicon_tools.errors import UsageError
from lexicon_tools.io.formats.layouts import load_layout
from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.model.layout import Layout

from .helpers import LAYOUTS, WORDFEUD, layout_from_rows

SQUARE_5 = [
    "=...=",
    ".'.'.",
    "..*..",
    ".'.'.",
    "=...=",
]


@pytest.mark.parametrize("path", LAYOUTS)
def test_bundled_layouts_validate(path):
    report = validate_layout(load_layout(path), Constraints(symmetry="d4"))
    assert report.ok, report.problems


@pytest.mark.parametrize("name", ["smartfeud", "webfeud", "webfeud-en", "wortspieler"])
def test_bundled_rulesets_boards_validate_under_their_rules(name):
    rs = load_ruleset(name)
    report = validate_layout(rs.layout, ruleset_constraints(rs))
    assert report.ok, report.problems
    assert random_board_problems(rs) == []


def test_wordfeud_passes_its_exact_counts_and_fails_others():
    layout = load_layout(WORDFEUD)
    exact = Constraints(rows=15, cols=15, total=64, counts={"TW": 8, "DW": 12, "TL": 20, "DL": 24})
    assert validate_layout(layout, exact).ok
    wrong = validate_layout(layout, Constraints(total=56, counts={"TW": 8, "DW": 12, "TL": 16, "DL": 20}))
    messages = [p.message for p in wrong.problems]
    assert "the layout has 64 premium squares, expected 56" in messages
    assert "the layout has 20 TL squares, expected 16" in messages
    assert "the layout has 24 DL squares, expected 20" in messages
    assert len(messages) == 3


# (rows, start names, constraints, expected field, expected message fragment)
CASES = [
    (SQUARE_5, None, Constraints(rows=6, cols=5), "size", "the board is 5x5, expected 6x5"),
    (SQUARE_5, None, Constraints(total=5), "premiums", "has 8 premium squares, expected 5"),
    (SQUARE_5, None, Constraints(counts={"TW": 2}), "premiums.TW", "has 4 TW squares, expected 2"),
    (SQUARE_5, (), Constraints(), "start", "has no start square"),
    (SQUARE_5, ("A3",), Constraints(), "start", "start square A3 is not in the centre (C3)"),
    (["=...=", ".'.'.", "..-..", ".'.'.", "=...=", ], ("C3",), Constraints(), "start",
     "start square C3 carries a DW premium"),
    (["=....", ".'.'.", "..*..", ".'.'.", "=...="], None, Constraints(symmetry="d4"), "symmetry",
     "not d4-symmetric"),
    (["=...=", ".'.'.", "..*..", ".'.'.", "=...="], None, Constraints(min_distance={"DL": 2}),
     "min_distance.DL", "DL squares closer than 2 to a start square: B2, D2, B4, D4"),
]


@pytest.mark.parametrize("rows,start,constraints,field,fragment", CASES)
def test_each_rule(rows, start, constraints, field, fragment):
    report = validate_layout(layout_from_rows(rows, start), constraints, source="t.yaml")
    assert [p.field for p in report.problems] == [field]
    assert fragment in report.problems[0].message
    assert report.problems[0].file == "t.yaml"


def test_premium_on_start_is_fine_when_the_rules_allow_it():
    layout = layout_from_rows(["=...=", ".'.'.", "..-..", ".'.'.", "=...="], ("C3",))
    assert validate_layout(layout, Constraints(premiums_on_start_allowed=True)).ok


def test_even_board_start_must_be_inside_the_2x2_centre():
    rows = ["=..=", "....", "....", "=..="]
    assert validate_layout(layout_from_rows(rows, ("B2", "C2", "B3", "C3")), Constraints(symmetry="d4")).ok
    report = validate_layout(layout_from_rows(rows, ("A1",)))
    assert any("A1 is not in the centre (B2, C2, B3, C3)" in p.message for p in report.problems)


def test_off_board_premiums_and_unknown_kinds_and_colours_are_reported():
    layout = Layout(5, 5, {(0, 0): "TW", (7, 1): "DW", (1, 1): "QW"}, ((2, 2),), {"TW": "mauve-ish"})
    messages = [str(p) for p in validate_layout(layout).problems]
    assert any("DW square B8 lies off the 5x5 board" in m for m in messages)
    assert any("unknown premium kind 'QW'" in m for m in messages)
    assert any("[colours.TW]" in m and "unknown colour 'mauve-ish'" in m for m in messages)


def test_every_problem_is_collected_in_one_report():
    layout = layout_from_rows(["=....", ".'.'.", "..-..", ".'.'.", "=...="], ("A3", "C3"))
    constraints = Constraints(rows=5, cols=5, total=10, counts={"DL": 3}, symmetry="rot180",
                              min_distance={"TW": 3})
    report = validate_layout(layout, constraints)
    fields = sorted(p.field for p in report.problems)
    assert fields == ["min_distance.TW", "premiums", "premiums.DL", "start", "start", "symmetry"]
    assert not report.ok
    assert report.metrics.total == 8  # metrics are there even for an invalid layout


def test_random_board_option_that_cannot_exist_is_a_problem(tmp_path):
    path = tmp_path / "odd.yaml"
    path.write_text("extends: smartfeud\nname: odd\ntitle: Odd\n"
                    "board: {random_board: {premiums: 56, counts: {TW: 7, DW: 13, TL: 16, DL: 20}, "
                    "symmetry: d4}}\n", encoding="utf-8")
    problems = random_board_problems(load_ruleset(path), str(path))
    assert len(problems) == 1
    assert problems[0].field == "board.random_board"
    assert "TW=7 cannot be made" in problems[0].message


@pytest.mark.parametrize("text,expected", [
    ("TW=8,DW=12,TL=16,DL=20", {"TW": 8, "DW": 12, "TL": 16, "DL": 20}),
    ("dl=4, tw=2", {"TW": 2, "DL": 4}),
])
def test_parse_counts(text, expected):
    assert parse_counts(text) == expected


@pytest.mark.parametrize("text,fragment", [
    ("TW=8,XX=3", "unknown premium kind 'XX'"), ("TW=8,TW=3", "given twice"), ("TW", "not KIND=NUMBER"),
    ("TW=-1", "not a whole number"), ("", "names no premium kind"),
])
def test_parse_counts_errors(text, fragment):
    with pytest.raises(UsageError, match=fragment):
        parse_counts(text)


def test_parse_min_distance_and_size():
    assert parse_min_distance("3") == {"DL": 3, "TL": 3, "DW": 3, "TW": 3}
    assert parse_min_distance("TW=5,DW=3") == {"TW": 5, "DW": 3}
    assert parse_size("16") == (16, 16) and parse_size("15x16") == (15, 16)
    with pytest.raises(UsageError, match="outside 2..26"):
        parse_size("30")
    with pytest.raises(UsageError, match="not N or ROWSxCOLS"):
        parse_size("big")


def test_unknown_symmetry_is_a_usage_error():
    with pytest.raises(UsageError, match="unknown symmetry 'spiral'"):
        Constraints(symmetry="spiral")
