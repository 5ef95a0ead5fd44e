"""Forks of a game (`engine.sim.state`) play the move generator's placements without checking them again
(`Game.found_result`); the state after such a turn must be the state the checking path gives, for every
candidate the generator offers, and nothing but a fork may skip the checks."""

from __future__ import annotations

import dataclasses

import pytest

from lexicon_tools.engine.game import Game
from lexicon_tools.engine.movegen.generator import MoveGenerator
from lexicon_tools.engine.moves import Found, Place
from lexicon_tools.engine.runner import play_game
from lexicon_tools.engine.sim.state import fork
from tests.engine.conftest import GAMES, kwg_judge, small_rules


def state(game: Game) -> tuple:
    """Everything a later turn or the end of the game can depend on."""
    last = game.turns[-1]
    return (bytes(game.board.cells), bytes(game.board.used), game.board.tile_count, game.current,
            game.scoreless_run, game.last_placer, game.extra_blank_pending, game.over, repr(game.outcome),
            [(p.rack, p.score, p.passes_in_a_row, p.out) for p in game.players], list(game.bag.tiles),
            dict(game.jokers), list(game.lost_tiles), list(game.adjustments),
            (last.number, last.seat, last.rack, last.move, last.kind, last.score, last.total, last.drawn,
             last.lost_blank))


@pytest.mark.parametrize("name", GAMES)
def test_a_found_placement_leaves_the_state_the_checked_one_does(name):
    rules = small_rules(name)
    judge = kwg_judge(rules)
    generator = MoveGenerator(rules, judge.kwg.nodes, judge)
    trusted = multi_word = 0
    for seed in range(3):
        played = play_game(rules, judge, judge.kwg.nodes, ("greedy", "greedy"), seed)
        game = Game(rules, judge, 2, seed=seed)
        for turn in played.turns:
            moves = generator.generate(game.board, game.player.rack, game.swappable_jokers())
            for i in range(len(moves)):
                move = moves.move(i)
                fast, checked = fork(game), fork(game)
                checked.trusts_found = False
                fast.play(move)
                checked.play(move)
                assert state(fast) == state(checked), (seed, turn.number, move)
                if move.found is not None:
                    assert fast.turns[-1].notation == "" and checked.turns[-1].notation, "the fast path ran"
                    trusted += 1
                    multi_word += len(move.lines) > 1
            game.play(turn.move)
    assert trusted > 50
    assert multi_word > 10 if rules.multi_word else multi_word == 0


def test_only_a_fork_on_the_same_board_and_rack_trusts_a_found_score():
    rules = small_rules("webfeud")
    judge = kwg_judge(rules)
    generator = MoveGenerator(rules, judge.kwg.nodes, judge)
    game = Game(rules, judge, 2, seed=1)
    moves = generator.generate(game.board, game.player.rack)
    honest = moves.move(moves.best())
    real_score = moves.score(moves.best())
    assert honest.found is not None and honest.found.score == real_score

    def claiming(score: int, board=None, rack=None) -> Place:
        found = Found(board if board is not None else game.board,
                      rack if rack is not None else tuple(game.player.rack), score)
        return dataclasses.replace(honest, found=found)

    real = fork(game)
    real.trusts_found = False                     # as every Game that is not a fork
    assert not Game(rules, judge, 2, seed=1).trusts_found
    assert real.play(claiming(999)).score == real_score
    assert fork(game).play(claiming(999, board=game.board.copy())).score == real_score
    assert fork(game).play(claiming(999, rack=(1, 1, 1, 1, 1, 1, 1))).score == real_score
    assert fork(game).play(claiming(999)).score == 999          # what trust means: the generator's word
