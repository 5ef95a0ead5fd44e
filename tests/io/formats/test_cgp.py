"""CGP positions: what the writer writes the reader reads back, hand-checked examples, located refusals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.formats.cgp import Position, parse_cgp, write_cgp
from lexicon_tools.model.layout import square_name

LETTERS = "AÄBCDEFGHIJKLMNOÖPQRSTUÜVWXYZ"
EMPTY15 = "/".join(["15"] * 15)


def test_an_empty_webfeud_board_with_a_rack():
    pos = parse_cgp(f"{EMPTY15} AEHNRST/ 0/0 0", 15, 15, LETTERS)
    assert pos.rows == ("." * 15,) * 15
    assert (pos.rack, pos.opponent_rack, pos.scores, pos.zeros) == ("AEHNRST", None, (0, 0), 0)


def test_runs_letters_jokers_umlauts_and_opcodes_read_by_hand():
    rows = ["16"] * 16
    rows[7] = "6HäUS6"          # 6 empty, H, joker-ä, U, S, 6 empty = 16 squares
    pos = parse_cgp(f"{'/'.join(rows)} ?EÖRT/ABC 120/-5 3 lex mine; ruleset wortspieler; swappable H8;",
                    16, 16, LETTERS)
    assert pos.rows[7] == "......HäUS......"
    assert pos.rack == "?EÖRT" and pos.opponent_rack == "ABC"
    assert pos.scores == (120, -5) and pos.zeros == 3
    assert (pos.lexicon, pos.ruleset, pos.swappable) == ("mine", "wortspieler", ("H8",))


square_chars = st.sampled_from(["."] * 6 + list(LETTERS) + [c.lower() for c in LETTERS])


@st.composite
def positions(draw):
    rows, cols = draw(st.sampled_from([(15, 15), (16, 16), (7, 7)]))
    grid = tuple("".join(draw(st.lists(square_chars, min_size=cols, max_size=cols))) for _ in range(rows))
    jokers = [square_name(r, c) for r in range(rows) for c in range(cols) if grid[r][c].islower()]
    swappable = draw(st.none() | st.lists(st.sampled_from(jokers), unique=True).map(tuple)) if jokers else None
    rack = draw(st.text(alphabet=LETTERS + "?", max_size=7))
    opponent = draw(st.none() | st.text(alphabet=LETTERS + "?", min_size=1, max_size=7))
    scores = (draw(st.integers(-50, 900)), draw(st.integers(-50, 900)))
    return rows, cols, Position(grid, rack, opponent, scores, draw(st.integers(0, 9)),
                                draw(st.none() | st.sampled_from(["x", "de-2024"])),
                                draw(st.none() | st.sampled_from(["webfeud", "smartfeud"])), swappable,
                                draw(st.none() | st.integers(0, 2**62)))


@settings(max_examples=150, deadline=None)
@given(positions())
def test_what_is_written_reads_back_the_same(case):
    rows, cols, pos = case
    text = write_cgp(pos)
    assert parse_cgp(text, rows, cols, LETTERS) == pos
    assert write_cgp(parse_cgp(text, rows, cols, LETTERS)) == text


def _rows(**changes) -> str:
    rows = ["15"] * 15
    for index, row in changes.items():
        rows[int(index[1:]) - 1] = row
    return "/".join(rows)


@pytest.mark.parametrize("text, located", [
    ("15/15 ABC/ 0/0 0", "field 1 (board) has 2 rows"),
    (f"{EMPTY15} ABC/", "a CGP has 4 fields"),
    (f"{_rows(r3='7Ñ7')} ABC/ 0/0 0", "board row 3, column H: 'Ñ' is not a tile"),
    (f"{_rows(r5='14')} ABC/ 0/0 0", "board row 5 has 14 squares"),
    (f"{_rows(r2='8AB6')} ABC/ 0/0 0", "board row 2 has more than 15 squares"),
    (f"{_rows(r9='0A14')} ABC/ 0/0 0", "board row 9: an empty run of 0"),
    (f"{EMPTY15} AB1/ 0/0 0", "field 2 (rack), tile 3: '1'"),
    (f"{EMPTY15} AB/X$ 0/0 0", "field 2 (opponent rack), tile 2: '$'"),
    (f"{EMPTY15} AB/ 10 0", "field 3 (scores) is '10'"),
    (f"{EMPTY15} AB/ 0/0 x", "field 4 (scoreless turns) is 'x'"),
    (f"{EMPTY15} AB/ 0/0 0 bag 12;", "unknown opcode 'bag'"),
    (f"{EMPTY15} AB/ 0/0 0 swappable H8;", "opcode swappable: H8 holds no joker"),
    (f"{EMPTY15} AB/ 0/0 0 seed x;", "opcode seed: 'x'"),
])
def test_a_malformed_position_is_refused_naming_the_field(text, located):
    with pytest.raises(InputFileError) as err:
        parse_cgp(text, 15, 15, LETTERS, source="pos.cgp")
    assert err.value.message.startswith("pos.cgp: ")
    assert located in err.value.message
    assert err.value.hint
