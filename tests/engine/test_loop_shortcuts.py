"""The game loop's shortcuts (issue 13) give what the general definitions give.

* `Board.run_through` walks the flat index by a fixed step; the reference here is
  the definition: from `sq`, step back while the previous square (on the board)
  holds a tile or a tile being placed, then collect forwards while that holds.
* A one-line turn takes its words from the runs found while checking the line;
  the general rule (`scoring.turn_runs` on the final board, used for multi-word
  turns) must find the same runs in the same order, for every candidate the move
  generator offers in real small-board games.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.engine.board import ACROSS, DOWN, Board
from lexicon_tools.engine.game import Game
from lexicon_tools.engine.movegen.generator import MoveGenerator
from lexicon_tools.engine.runner import play_game
from lexicon_tools.engine.scoring import turn_runs
from tests.engine.conftest import kwg_judge, small_rules


def reference_run(board: Board, sq: int, direction: int, extra: dict[int, int] | None) -> list[int]:
    extra = extra or {}
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    r, c = divmod(sq, board.cols)

    def filled(r: int, c: int) -> bool:
        inside = 0 <= r < board.rows and 0 <= c < board.cols
        return inside and (bool(board.cells[r * board.cols + c]) or r * board.cols + c in extra)

    while filled(r - dr, c - dc):
        r, c = r - dr, c - dc
    out = []
    while filled(r, c):
        out.append(r * board.cols + c)
        r, c = r + dr, c + dc
    return out


@st.composite
def positions(draw):
    rows, cols = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    size = rows * cols
    cells = bytearray(draw(st.lists(st.sampled_from([0, 0, 3, 0x83]), min_size=size, max_size=size)))
    extra = draw(st.none() | st.dictionaries(st.integers(-cols, size + cols), st.just(5), max_size=4))
    sq = draw(st.integers(-2 * cols, size + 2 * cols - 1))      # off-board squares too
    return Board(rows, cols, cells), sq, draw(st.sampled_from([ACROSS, DOWN])), extra


@settings(max_examples=400, deadline=None)
@given(positions())
def test_run_through_is_the_maximal_run(case):
    board, sq, direction, extra = case
    assert board.run_through(sq, direction, extra) == reference_run(board, sq, direction, extra)
    copy = board.copy()
    assert (copy.cells, copy.used, copy.tile_count) == (board.cells, board.used, sum(1 for c in board.cells if c))


def test_one_line_words_are_the_final_boards_runs():
    rules = small_rules("webfeud")
    judge = kwg_judge(rules)
    generator = MoveGenerator(rules, judge.kwg.nodes, judge)
    checked = 0
    for seed in range(4):
        played = play_game(rules, judge, judge.kwg.nodes, ("greedy", "greedy"), seed)
        game = Game(rules, judge, 2, seed=seed)
        for turn in played.turns:
            moves = generator.generate(game.board, game.player.rack)
            for i in range(len(moves)):
                move = moves.move(i)
                ev = game.evaluate(move)
                new = {sq: code for line in move.lines for sq, code in line.tiles}
                assert [(w.direction, list(w.squares)) for w in ev.words.words] == turn_runs(ev.board, new)
                checked += 1
            game.play(turn.move)
    assert checked > 100
