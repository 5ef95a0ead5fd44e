"""The exact endgame (`engine.endgame`) against brute force, on small random endgames.

Positions: the small boards and word list of the engine tests, a few greedy
turns from a random game, then the bag emptied and each rack cut to 1-3 of
its tiles. The oracle is exhaustive minimax over every legal move and the
pass, played by the rules engine, with exact values memoised per position
(no pruning, no move ordering, no budget): if the solver's cut-offs,
ordering or transposition bounds were wrong, its value would differ.
SmartFeud's take makes the unpruned tree too large for a quick test; its
positions are checked by the solver finishing or giving up within budget.
"""

from __future__ import annotations

import random

import pytest

from lexicon_tools.engine.endgame import Budget, Solver, children, final_value
from lexicon_tools.engine.game import Game
from lexicon_tools.engine.movegen.generator import MoveGenerator
from lexicon_tools.engine.moves import Pass
from lexicon_tools.engine.sim.state import fork, key
from lexicon_tools.errors import IllegalMoveError
from tests.engine.conftest import kwg_judge, small_rules

UNLIMITED = Budget(nodes=10**7, max_tiles=99)


def every_child(game, generator):
    """(move, game after it) for every legal move and the pass, in the generator's order: the oracle's
    own enumeration, without the solver's ordering or its leaving out of dominated moves."""
    moves = generator.generate(game.board, game.player.rack, game.swappable_jokers())
    for move in [*moves.moves(), Pass()]:
        child = fork(game, game.rng)
        try:
            child.play(move)
        except IllegalMoveError:
            continue
        yield move, child


def brute(game, generator, memo: dict) -> float:
    """Exact spread the mover gains from here on: every move, every reply, no pruning."""
    k = key(game)
    if k not in memo:
        seat, base = game.current, Solver._base(game)
        values = []
        for _move, child in every_child(game, generator):
            if child.over:
                values.append(final_value(child, seat) - base)
            else:
                values.append(-Solver._base(child) - base - brute(child, generator, memo))
        memo[k] = max(values)
    return memo[k]


def endgame(rules, judge, generator, rng: random.Random) -> Game | None:
    game = Game(rules, judge, 2, seed=rng.getrandbits(32))
    game.extra_blank_pending = False
    for _ in range(rng.randrange(1, 4)):
        moves = generator.generate(game.board, game.player.rack, game.swappable_jokers())
        if not len(moves):
            break
        game.play(moves.move(moves.best()))
    if game.over:
        return None
    game.bag.tiles = []
    for p in game.players:
        rng.shuffle(p.rack)
        p.rack = sorted(p.rack[:rng.randint(1, 3)])
        p.passes_in_a_row = 0
    game.scoreless_run = 0
    game._turn_rack = tuple(game.player.rack)
    return game


def positions(name: str, count: int, seed: int):
    rules = small_rules(name)
    judge = kwg_judge(rules)
    generator = MoveGenerator(rules, judge.kwg.nodes, judge)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = endgame(rules, judge, generator, rng)
        if game is not None:
            out.append(game)
    return generator, out


@pytest.mark.parametrize("name", ["webfeud", "wortspieler"])
def test_solver_agrees_with_brute_force(name):
    generator, games = positions(name, 100, seed=24)
    placed = 0
    for game in games:
        solution = Solver(generator, UNLIMITED).solve(game)
        assert solution is not None
        assert solution.value == brute(game, generator, {}), [game.text.rack(p.rack) for p in game.players]
        # the move it returns achieves that value
        child = next(c for m, c in every_child(game, generator) if m == solution.move)
        after = (final_value(child, game.current) - Solver._base(game) if child.over else
                 -Solver._base(child) - Solver._base(game) - brute(child, generator, {}))
        assert after == solution.value
        placed += not isinstance(solution.move, Pass)
    assert placed > 25        # the positions are real endgames, not passes only


@pytest.mark.parametrize("name", ["webfeud", "wortspieler"])
def test_the_solver_leaves_out_only_going_out_moves_that_score_no_more(name):
    generator, games = positions(name, 60, seed=7)
    left_out_somewhere = False
    for game in games:
        base = Solver._base(game)
        kept = {m: c for m, c in children(game, generator)}
        every = dict(every_child(game, generator))
        assert set(kept) <= set(every)
        out_values = [final_value(c, game.current) - base for m, c in kept.items()
                      if c.over and not c.players[game.current].rack]
        for move, child in every.items():
            if move in kept:
                continue
            left_out_somewhere = True
            assert child.over and not child.players[game.current].rack    # a move that went out
            assert final_value(child, game.current) - base <= max(out_values)
    assert left_out_somewhere


def test_budget_gives_up_instead_of_guessing():
    generator, games = positions("smartfeud", 12, seed=5)
    results = [Solver(generator, Budget(nodes=60, max_tiles=99)).solve(g) for g in games]
    assert any(r is None for r in results) and any(r is not None for r in results)
    tight = Solver(generator, Budget(nodes=10**6, max_tiles=1))
    assert all(tight.solve(g) is None for g in games if sum(len(p.rack) for p in g.players) > 1)
