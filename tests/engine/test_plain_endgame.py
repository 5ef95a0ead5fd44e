"""The exact endgame on a compact position (`engine.plain_endgame`) against the search on forks of the
game (`endgame.Solver` with ``plain=False``), which plays every turn by the rules engine.

Positions: small random endgames (the small board and word list of the engine tests, one to three
greedy turns, the bag emptied, racks cut to one to four tiles, a pass or none in the counters). For
every end rule the rulesets can state (who gains the rack penalties, no penalties, a scoreless run
of another length, passing out, no passing, no end on an empty rack) both searches must return the
same move, value and node count, or both give up: with a budget they cannot exceed and with one they
often do.
"""

from __future__ import annotations

import random

import pytest

from lexicon_tools.engine.endgame import Budget, Solver
from lexicon_tools.engine.game import Game
from lexicon_tools.engine.movegen.generator import MoveGenerator
from lexicon_tools.engine.plain_endgame import PlainSearch, applies
from lexicon_tools.engine.sim.state import fork
from tests.engine.conftest import kwg_judge, small_rules

END_RULES = {
    "webfeud": {},
    "credit to the player out": {"credit_penalties_to": "player_out"},
    "credit to the last placer": {"credit_penalties_to": "last_placer"},
    "credit all to the last placer": {"credit_penalties_to": "last_placer_all"},
    "credit to nobody": {"credit_penalties_to": "nobody"},
    "no rack penalty": {"rack_penalty": False},
    "two scoreless turns end it": {"end_scoreless_turns": 2, "end_scoreless_full_round": False},
    "a full round of scoreless turns": {"end_scoreless_turns": 1, "end_scoreless_full_round": True},
    "passes are not scoreless turns": {"end_scoreless_kinds": frozenset(), "passes_in_a_row_lose": 3},
    "two passes in a row lose": {"passes_in_a_row_lose": 2, "end_scoreless_turns": 6},
    "a pass is not one of the passes that lose": {"passes_kinds": frozenset({"timeout"}), "passes_in_a_row_lose": 1},
    "no passing": {"pass_allowed": False},
    "an empty rack does not end it": {"end_out_of_tiles": False},
}
BUDGETS = [Budget(nodes=10**6, max_tiles=99), Budget(nodes=30, max_tiles=99)]


def endgames(changes: dict, count: int, seed: int):
    rules = small_rules("webfeud", **changes)
    judge = kwg_judge(rules)
    generator = MoveGenerator(rules, judge.kwg.nodes, judge)
    rng = random.Random(seed)
    games = []
    while len(games) < count:
        game = Game(rules, judge, 2, seed=rng.getrandbits(32))
        game.extra_blank_pending = False
        for _ in range(rng.randrange(1, 4)):
            moves = generator.generate(game.board, game.player.rack, game.swappable_jokers())
            if len(moves):
                game.play(moves.move(moves.best()))
        if game.over:
            continue
        game.bag.tiles = []
        for p in game.players:             # the counters as a few passes may have left them
            rng.shuffle(p.rack)
            p.rack = sorted(p.rack[:rng.randint(1, 4)])
            p.passes_in_a_row = rng.randint(0, 1)
        game.scoreless_run = rng.randint(0, 1)
        game._turn_rack = tuple(game.player.rack)
        games.append(game)
    return generator, games


def outcome(solution):
    return None if solution is None else (solution.move, solution.value, solution.nodes)


@pytest.mark.parametrize("name", list(END_RULES))
def test_the_compact_search_finds_what_the_search_on_forks_finds(name):
    generator, games = endgames(END_RULES[name], 40, seed=sum(map(ord, name)))
    gave_up = solved = 0
    for game in games:
        assert applies(game, generator)
        for budget in BUDGETS:
            compact = PlainSearch(generator, budget, game).solve(fork(game))
            on_forks = Solver(generator, budget, plain=False).solve(fork(game))
            assert outcome(compact) == outcome(on_forks), [game.text.rack(p.rack) for p in game.players]
            gave_up += compact is None
            solved += compact is not None
    assert gave_up and solved            # both budgets matter: some searches finish, some give up


def test_the_solver_searches_plain_endgames_on_the_compact_position():
    generator, games = endgames({}, 5, seed=3)
    for game in games:
        solver = Solver(generator, Budget(nodes=10**6, max_tiles=99))
        assert outcome(solver.solve(fork(game))) == outcome(PlainSearch(generator, solver.budget, game).solve(game))


@pytest.mark.parametrize("name, plain", [("webfeud", True), ("smartfeud", False), ("wortspieler", False)])
def test_only_endgames_of_placements_and_passes_are_plain(name, plain):
    rules = small_rules(name)
    judge = kwg_judge(rules)
    generator = MoveGenerator(rules, judge.kwg.nodes, judge)
    game = Game(rules, judge, 2, seed=1)
    game.extra_blank_pending = False
    assert applies(game, generator) is plain
    game.time_limit = 30.0                # a turn that can run out of time is the rules engine's
    assert not applies(game, generator)


def test_plain_moves_are_generate_s_moves_and_their_memo_stays_bounded(monkeypatch):
    from lexicon_tools.engine.movegen import generator as generator_module

    generator, games = endgames({}, 12, seed=11)
    monkeypatch.setattr(generator_module, "PLAIN_MEMO_ROWS", 60)
    for game in games:
        for rack in (game.players[0].rack, game.players[1].rack):
            listed = generator.generate(game.board, rack)
            for memo in (True, True, False):          # computed, remembered, computed again
                meta, tiles = generator.plain_moves(game.board.cells, game.board.used, rack, memo=memo)
                expected = listed.blocks[0] if listed.blocks else None
                assert (meta.tolist(), tiles.tolist()) == ((expected.meta.tolist(), expected.tiles.tolist())
                                                           if expected else ([], []))
            assert generator._plain_rows <= 60 or len(generator._plain_memo) == 1
