"""The GADDAG generator against golden files written by the brute-force oracle, and against
the oracle itself on random positions; every generated move is legal with the same score."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.engine.movegen.generator import MoveGenerator
from lexicon_tools.engine.notation import format_place
from lexicon_tools.engine.placement import evaluate_place
from tests.engine.bruteforce import brute_moves
from tests.engine.conftest import WORDS, kwg_judge, position, small_rules
from tests.engine.positions import POSITIONS, brute_force_moves, golden_lines, read_golden


def generated(game, judge) -> dict:
    gen = MoveGenerator(game.rules, judge.kwg.nodes, judge)
    moves = gen.generate(game.board, game.player.rack)
    return {moves.move(i): moves.score(i) for i in range(len(moves))}


def _setup(name):
    game_name, rows, rack = POSITIONS[name]
    rules = small_rules(game_name)
    judge = kwg_judge(rules)
    return position(rules, judge, rows, {0: rack}), judge


@pytest.mark.parametrize("name", [n for n in POSITIONS if not n.startswith("wortspieler")])
def test_gaddag_moves_equal_the_golden_file(name):
    game, judge = _setup(name)
    moves = generated(game, judge)
    assert len(moves) == len(read_golden(name))
    assert golden_lines({format_place(game.rules, game.board, m, game.text): s for m, s in moves.items()}) \
        == read_golden(name)


@pytest.mark.parametrize("name", [n for n in POSITIONS if n.startswith("wortspieler")])
def test_single_line_part_of_multi_word_generation_equals_the_golden_file(name):
    game, judge = _setup(name)
    gen = MoveGenerator(game.rules, judge.kwg.nodes, judge)
    moves = gen.generate(game.board, game.player.rack)
    singles = {format_place(game.rules, game.board, moves.move(i), game.text): moves.score(i)
               for i in range(len(moves)) if len(moves.move(i).lines) == 1}
    assert golden_lines(singles) == read_golden(name)


@pytest.mark.parametrize("name", POSITIONS)
def test_golden_files_are_what_the_brute_force_oracle_finds(name):
    assert golden_lines(brute_force_moves(name)) == read_golden(name)


def test_golden_files_cover_the_special_moves():
    assert any(line.startswith("take:") for line in read_golden("smartfeud-take"))
    assert any(line.startswith("swap:") for line in read_golden("wortspieler-swap"))
    assert any(line.split()[1] != line.split()[1].upper() for line in read_golden("webfeud-mid"))  # blanks


def _random_position(game_name: str, seed: int, rack_size: int = 5):
    rules = dataclasses.replace(small_rules(game_name), rack_size=rack_size)
    judge = kwg_judge(rules)
    game = position(rules, judge, None, None, seed=seed)
    gen = MoveGenerator(rules, judge.kwg.nodes, judge)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 5)):
        moves = gen.generate(game.board, game.player.rack)
        if not len(moves) or game.over:
            break
        game.play(moves.move(rng.randrange(len(moves))))
    return game, judge, gen


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), game_name=st.sampled_from(["webfeud", "smartfeud"]))
def test_gaddag_agrees_with_brute_force_on_random_positions(seed, game_name):
    game, judge, gen = _random_position(game_name, seed)
    if game.over:
        return
    rules, board, rack = game.rules, game.board, game.player.rack
    letters = sorted({c for w in WORDS for c in rules.alphabet.encode(w)})
    expected = dict(brute_moves(rules, judge, board, rack, letters))
    if rules.take_enabled and not board.is_empty():
        for sq in range(rules.squares):
            if board.cells[sq]:
                expected.update(brute_moves(rules, judge, board, rack, letters, take=(sq,)))
    assert generated(game, judge) == expected


@pytest.mark.parametrize("game_name", ["webfeud", "smartfeud", "wortspieler"])
def test_every_generated_move_is_legal_and_scores_what_the_rules_engine_scores(game_name):
    for seed in range(7, 40):   # the first seeded position with moves to check
        game, judge, gen = _random_position(game_name, seed=seed, rack_size=7)
        moves = gen.generate(game.board, game.player.rack)
        if len(moves):
            break
    assert len(moves) > 0
    for i in range(len(moves)):
        move = moves.move(i)
        assert evaluate_place(game.rules, judge, game.board, game.player.rack, move).score == moves.score(i)


def test_multi_word_continuations_are_exactly_the_brute_force_second_lines():
    game, judge = _setup("wortspieler-swap")
    rules = game.rules
    gen = MoveGenerator(rules, judge.kwg.nodes, judge, multiword_first=3)
    moves = gen.generate(game.board, game.player.rack)
    letters = sorted({c for w in WORDS for c in rules.alphabet.encode(w)})
    continued = [(k, b) for k, b in enumerate(moves.blocks) if b.prefix]
    assert continued, "the position allows two-line turns"
    assert len({b.prefix[0] for _, b in continued}) <= 3
    for k, block in continued:
        start = int(moves.offsets[k])
        got = {moves.move(start + i): moves.score(start + i) for i in range(len(block.meta))}
        expected = brute_moves(rules, judge, game.board, game.player.rack, letters, swaps=block.swaps,
                               prefix=block.prefix)
        assert got == expected


def _take_position(**changes):
    game_name, rows, rack = POSITIONS["smartfeud-take"]
    rules = small_rules(game_name, **changes)
    judge = kwg_judge(rules)
    return position(rules, judge, rows, {0: rack}), judge


@pytest.mark.parametrize("take_return", ["forbid", "forbid_any_tile", "allow"])
@pytest.mark.parametrize("bonus", ["none", "own-3", "own-2-plus-letter"])
def test_gaddag_agrees_with_brute_force_under_the_take_and_bonus_fields(take_return, bonus):
    # small bonus tables so a 3-tile rack reaches them: 3 own tiles earn 10; 2 own + the taken letter 20
    tables = {"none": {}, "own-3": {"bingo": (0, 0, 0, 10)},
              "own-2-plus-letter": {"bingo": (0, 0, 5, 10), "bingo_board_letter": (0, 0, 20)}}[bonus]
    game, judge = _take_position(take_return=take_return, **tables)
    rules, board, rack = game.rules, game.board, game.player.rack
    letters = sorted({c for w in WORDS for c in rules.alphabet.encode(w)})
    expected = dict(brute_moves(rules, judge, board, rack, letters))
    for sq in range(rules.squares):
        if board.cells[sq]:
            expected.update(brute_moves(rules, judge, board, rack, letters, take=(sq,)))
    got = generated(game, judge)
    assert got == expected
    if bonus == "own-2-plus-letter":                     # the 20 is reachable, so the equality tests it
        assert any(m.take and m.tile_count == 3 for m in got)


@pytest.mark.parametrize("touch", [True, False])
def test_multi_word_continuations_follow_lines_must_touch(touch):
    game, judge = _setup("wortspieler-swap")
    rules = dataclasses.replace(game.rules, lines_touch_before_turn=touch)
    game.rules = rules
    gen = MoveGenerator(rules, judge.kwg.nodes, judge, multiword_first=3)
    moves = gen.generate(game.board, game.player.rack)
    letters = sorted({c for w in WORDS for c in rules.alphabet.encode(w)})
    assert any(block.prefix for block in moves.blocks)
    for k, block in enumerate(moves.blocks):
        if not block.prefix:
            continue
        start = int(moves.offsets[k])
        got = {moves.move(start + i): moves.score(start + i) for i in range(len(block.meta))}
        assert got == brute_moves(rules, judge, game.board, game.player.rack, letters, swaps=block.swaps,
                                  prefix=block.prefix)


def test_no_swap_is_generated_for_a_joker_the_mover_may_not_swap():
    game, judge = _setup("wortspieler-swap")
    gen = MoveGenerator(game.rules, judge.kwg.nodes, judge, multiword_first=0)
    everyone = gen.generate(game.board, game.player.rack)
    assert any(m.swaps for m in everyone.moves())
    assert not any(m.swaps for m in gen.generate(game.board, game.player.rack, frozenset()).moves())
