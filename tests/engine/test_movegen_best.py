"""Best-move mode (`MoveGenerator.best`) finds exactly the move `generate` + argmax picks.

The mode prunes anchors by an upper bound of their score (`kernel.score_bound`); a bound that
is too low would silently return a worse move, and a tie broken differently would change test
games. So on full-board Webfeud positions (with 0, 1 and 2 blanks), on SmartFeud positions with
the letter take under every ``return_to_same_square`` setting and either
``bingo_with_board_letter_counts`` reading, greedy (score only) and equity
(the bundled leave values) must agree with the all-moves list move for move and value for value,
and every anchor's bound must be at least the best score of the moves through it.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import numpy as np
import pytest

from lexicon_tools.engine.leaves import RackLeaves
from lexicon_tools.engine.movegen.generator import RUN_ARGS, MoveGenerator
from lexicon_tools.engine.runner import play_game
from lexicon_tools.engine.special import take_letter
from lexicon_tools.io.formats.leavefile import bundled_path, read_leaves
from tests.engine.conftest import kwg_judge, position, small_rules
from tests.engine.test_movegen import FULL_SEEDS, _full_positions, _full_webfeud, _with_blanks


def _equities(moves, leaves, values) -> np.ndarray:
    parts = []
    for block in moves.blocks:
        if leaves is None:
            parts.append(block.meta[:, 4].astype(np.float64))
            continue
        rl = RackLeaves(block.rack, leaves, values)
        kept = rl.full - rl.index_of_codes(block.tiles)
        parts.append(block.meta[:, 4].astype(np.float64) + rl.values[kept])
    return np.concatenate(parts) if parts else np.zeros(0)


def _agree(gen: MoveGenerator, board, rack, leaves, where: str) -> None:
    rules = gen.rules
    everything = gen.generate(board, rack)
    by_rack = None if leaves is None else (lambda r: RackLeaves(r, leaves, rules.values))
    one, value = gen.best(board, rack, leaves=by_rack)
    if not len(everything):
        assert not len(one) and value == -np.inf, where
        return
    equities = _equities(everything, leaves, rules.values)
    best = int(np.argmax(equities))
    assert len(one) == 1, where
    assert one.move(0) == everything.move(best), where
    assert value == equities[best] and one.score(0) == everything.score(best), where


@pytest.mark.parametrize("seed", FULL_SEEDS[:4])
@pytest.mark.parametrize("strategy", ["greedy", "equity"])
def test_best_move_mode_picks_the_all_moves_argmax_on_full_webfeud_boards(seed, strategy):
    rules, _judge, gen = _full_webfeud()
    leaves = read_leaves(bundled_path("webfeud")) if strategy == "equity" else None
    for turn, (board, rack) in _full_positions(seed).items():
        for blanks in (0, 1, 2):
            tiles = _with_blanks(rack, blanks, random.Random(seed * 100 + turn))
            _agree(gen, board, tiles, leaves, f"seed {seed}, turn {turn}, rack {tiles}")


@pytest.mark.parametrize("take_return", ["forbid", "forbid_any_tile", "allow"])
@pytest.mark.parametrize("strategy", ["greedy", "equity"])
def test_best_move_mode_covers_the_letter_take(take_return, strategy):
    rules = small_rules("smartfeud", take_return=take_return)
    judge = kwg_judge(rules)
    gen = MoveGenerator(rules, judge.kwg.nodes, judge)
    leaves = read_leaves(bundled_path("smartfeud")) if strategy == "equity" else None
    rules7 = dataclasses.replace(rules, rack_size=7)
    checked = 0
    for seed in range(12):
        game = position(rules7, judge, None, None, seed=seed)
        rng = random.Random(seed)
        for _ in range(6):
            if game.over:
                break
            _agree(gen, game.board, game.player.rack, leaves, f"seed {seed}, {take_return}")
            checked += 1
            moves = gen.generate(game.board, game.player.rack)
            if not len(moves):
                break
            game.play(moves.move(rng.randrange(len(moves))))
    assert checked >= 30


@pytest.mark.parametrize("through", [False, True], ids=["taken", "through"])
def test_best_move_mode_pays_the_board_letter_bonus_as_generate_does(through):
    # small tables, so 3 or 4 own tiles earn a bonus, more with a board letter in the word (issue 27)
    rules = small_rules("smartfeud", bingo=(0, 0, 0, 5, 8), bingo_board_letter=(0, 0, 0, 12, 20),
                        bingo_board_letter_through=through, rack_size=7)
    judge = kwg_judge(rules)
    gen = MoveGenerator(rules, judge.kwg.nodes, judge)
    paid = set()
    for seed in range(8):
        game = position(rules, judge, None, None, seed=seed)
        for _ in range(5):
            if game.over:
                break
            _agree(gen, game.board, game.player.rack, None, f"seed {seed}, through={through}")
            moves = gen.generate(game.board, game.player.rack)
            if not len(moves):
                break
            turn = game.play(moves.move(moves.best()))
            paid.add(turn.bingo)
    assert paid & {12, 20} if through else paid & {5, 8}


def _generating_anchor(bounds: dict, meta, tiles) -> tuple[int, int, int]:
    """The anchor a move comes from: the first anchor of its line that it lays a tile on (a walk never
    places on or before the previous anchor of the line)."""
    direction, line, start = int(meta[0]), int(meta[1]), int(meta[2])
    placed = [start + k for k in range(int(meta[3])) if tiles[k]]
    return next((direction, line, pos) for pos in placed if (direction, line, pos) in bounds)


@pytest.mark.parametrize("strategy", ["greedy", "equity"])
def test_every_anchor_bound_holds_every_move_through_it(strategy):
    """The pruning is exact only if no move's equity (its score, plus the leave's value for equity)
    is above its anchor's bound: checked on every move of full-board positions, against the bound
    of the anchor that generated it."""
    rules, _judge, gen = _full_webfeud()
    table = read_leaves(bundled_path("webfeud")) if strategy == "equity" else None
    checked, tight = 0, 0
    for seed in FULL_SEEDS[:3]:
        for turn, (board, rack) in _full_positions(seed).items():
            for blanks in (0, 1, 2):
                tiles = _with_blanks(rack, blanks, random.Random(seed + turn))
                leaves = None if table is None else RackLeaves(Counter(tiles), table, rules.values)
                bounds = {(int(d), int(line), int(a)): b
                          for d, line, a, b in gen.anchor_bounds(board, tiles, leaves).tolist()}
                moves = gen.generate(board, tiles)
                equities = _equities(moves, table, rules.values)
                for index, (meta, row) in enumerate((m, r) for block in moves.blocks
                                                    for m, r in zip(block.meta, block.tiles)):
                    anchor = _generating_anchor(bounds, meta, row)
                    assert equities[index] <= bounds[anchor], (seed, turn, tiles, anchor, meta.tolist())
                    checked += 1
                    tight += equities[index] == bounds[anchor]
    assert checked > 1000


@pytest.mark.parametrize("strategy", ["greedy", "equity"])
def test_every_take_run_bound_holds_every_move_of_the_run(strategy):
    """A take run's bounds count only spans that can place the taken letter (its cross-checks allow it)
    and place at least `min_placed` tiles, and only the bonus of a move that uses the taken letter: each
    SmartFeud take run's moves are checked against those bounds."""
    rules = small_rules("smartfeud")
    judge = kwg_judge(rules)
    gen = MoveGenerator(rules, judge.kwg.nodes, judge)
    table = read_leaves(bundled_path("smartfeud")) if strategy == "equity" else None
    checked, runs = 0, 0
    for seed, game, _moves in _random_walk(dataclasses.replace(rules, rack_size=7), judge, gen, 10, 5):
        for board, rack, kw in list(gen._runs(game.board, Counter(game.player.rack), None))[1:]:
            run_kw = {k: v for k, v in kw.items() if k in RUN_ARGS}
            leaves = None if table is None else RackLeaves(rack, table, rules.values)
            bounds = {(int(d), int(line), int(a)): b
                      for d, line, a, b in gen.anchor_bounds(board, rack, leaves, **run_kw).tolist()}
            meta, tiles, _ = gen.run(board, rack, **run_kw)
            runs += 1
            for m, row in zip(meta, tiles):
                value = float(m[4])
                if leaves is not None:
                    value += leaves.values[leaves.full - leaves.index_of_codes(row[None, :])[0]]
                assert value <= bounds[_generating_anchor(bounds, m, row)], (seed, m.tolist())
                checked += 1
    assert runs > 50 and checked > 1000


def test_a_multi_word_ruleset_is_refused():
    rules = small_rules("wortspieler")
    judge = kwg_judge(rules)
    gen = MoveGenerator(rules, judge.kwg.nodes, judge)
    assert not gen.best_mode_exact
    with pytest.raises(ValueError, match="multi-word"):
        gen.best(position(rules, judge, None, None, seed=1).board, Counter(rules.alphabet.encode("RATEN")))


@pytest.mark.parametrize("strategy", ["greedy", "equity"])
def test_single_line_wortspieler_turns_have_a_best_move_mode(strategy):
    """The sim's play-outs generate Wortspieler turns without continuations (``multiword_first=0``):
    then every turn is one line and best-move mode must agree with the list, joker swaps included."""
    rules = small_rules("wortspieler")
    judge = kwg_judge(rules)
    gen = MoveGenerator(rules, judge.kwg.nodes, judge, multiword_first=0)
    assert gen.best_mode_exact
    leaves = read_leaves(bundled_path("wortspieler")) if strategy == "equity" else None
    checked, swaps = 0, 0
    for seed, game, moves in _random_walk(rules, judge, gen, 16, 8):
        _agree(gen, game.board, game.player.rack, leaves, f"seed {seed}, turn {len(game.turns)}")
        checked += 1
        swaps += any(block.swaps for block in moves.blocks)
    assert checked >= 60 and swaps, (checked, swaps)


@pytest.mark.parametrize("game_name", ["webfeud", "smartfeud"])
@pytest.mark.parametrize("strategy", ["greedy", "equity"])
def test_test_games_are_the_same_with_and_without_best_move_mode(game_name, strategy):
    rules = small_rules(game_name)
    judge = kwg_judge(rules)
    leaves = read_leaves(bundled_path(game_name)) if strategy == "equity" else None
    for seed in range(4):
        games = [play_game(rules, judge, judge.kwg.nodes, (strategy, strategy), seed, leaves=leaves, best_move=fast)
                 for fast in (True, False)]
        assert games[0].turns == games[1].turns and games[0].scores() == games[1].scores(), seed


def _random_walk(rules, judge, gen: MoveGenerator, seeds: int, turns: int):
    """(seed, game, its moves) at every position of short games of random moves; the caller's turn
    ends when it asks for the next position."""
    for seed in range(seeds):
        game = position(rules, judge, None, None, seed=seed)
        rng = random.Random(seed)
        for _ in range(turns):
            moves = gen.generate(game.board, game.player.rack, game.swappable_jokers())
            if game.over or not len(moves):
                break
            yield seed, game, moves
            game.play(moves.move(rng.randrange(len(moves))))


def test_the_takeable_squares_are_those_take_letter_accepts():
    rules = small_rules("smartfeud")
    judge = kwg_judge(rules)
    gen = MoveGenerator(rules, judge.kwg.nodes, judge)
    seen = 0
    for seed, game, _moves in _random_walk(rules, judge, gen, 10, 9):
        expected = []
        for sq in range(rules.squares):
            if game.board.cells[sq]:
                invalid: list[str] = []
                take_letter(game.board.copy(), sq, rules, judge, invalid)
                expected += [] if invalid else [sq]
        assert gen._takeable(game.board) == expected, (seed, bytes(game.board.cells))
        seen += len(expected) < sum(1 for c in game.board.cells if c)
    assert seen, "some positions hold tiles a take may not remove"


@pytest.mark.parametrize("limit", [0, 1, 3])
def test_a_take_limit_keeps_the_takes_of_the_most_valuable_letters(limit):
    """``take_limit`` (the sim's ``takes=K`` play-outs): exactly the moves of the rack and of the takes of
    the K most valuable takeable letters (ties: the first square) remain, each as the unlimited list has it."""
    rules = small_rules("smartfeud")
    judge = kwg_judge(rules)
    full = MoveGenerator(rules, judge.kwg.nodes, judge)
    narrow = MoveGenerator(rules, judge.kwg.nodes, judge)
    narrow.take_limit = limit
    checked = 0
    for seed, game, everything in _random_walk(rules, judge, full, 8, 6):
        takeable = full._takeable(game.board)
        ranked = sorted(takeable, key=lambda sq: (-rules.tile_value(game.board.cells[sq]), sq))[:limit]
        kept = narrow.generate(game.board, game.player.rack)
        expected = [m for m in everything.moves() if not m.take or m.take[0] in ranked]
        assert kept.moves() == expected, (seed, limit)
        assert {m.take for m in kept.moves() if m.take} <= {(sq,) for sq in ranked}
        checked += len(takeable) > limit
    assert checked, "some positions have more takeable letters than the limit"
