"""The touch rules' cross-word table (`movegen.squares._cross_words`) against a walk of the board.

The table numbers runs of filled squares for the whole board at once; the walk asks the board,
for every empty square and direction, for the run a tile laid there would join
(`Board.run_through`), as the rules engine does. They must agree on every square of random
boards, rectangular ones included (rows and columns are handled by transposing).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.engine.board import ACROSS, DOWN, Board
from lexicon_tools.engine.movegen.squares import _cross_words


@st.composite
def boards(draw):
    rows, cols = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    cells = bytearray(draw(st.lists(st.sampled_from([0, 0, 1, 5]), min_size=rows * cols, max_size=rows * cols)))
    filled = [sq for sq, code in enumerate(cells) if code]
    base = set(draw(st.lists(st.sampled_from(filled), unique=True))) if filled else set()
    return Board(rows, cols, cells), base


@settings(max_examples=300, deadline=None)
@given(boards())
def test_the_cross_word_table_is_the_walk_of_the_board(case):
    board, base = case
    in_base, cross = _cross_words(board, base)
    assert [bool(x) for x in in_base] == [sq in base for sq in range(board.rows * board.cols)]
    for sq in range(board.rows * board.cols):
        if board.cells[sq]:
            continue
        for d in (ACROSS, DOWN):
            others = [s for s in board.run_through(sq, d, {sq: 1}) if s != sq]
            holds, formed = cross[d]
            assert bool(formed[sq]) == bool(others), (sq, d)
            assert bool(holds[sq]) == any(s in base for s in others), (sq, d)
