"""The candidates of one position ranked by simulation: what `lexicon-tools moves --strategy sim` lists.

The sim (`engine.sim.player`) values only its candidates - the best placements by
equity, the best exchange and the pass - so those are what is ranked: the ones it
kept to the end by their mean play-out value (the first is the move it plays), then
the ones it dropped as clearly worse, by their mean when dropped. Each carries its
statistics (`ranking.SimStats`) beside its equity.

The play-outs draw from `seed`. `sim_turn_seed` gives the seed a sim seat of a
recorded game used at a turn, so the ranking of that turn repeats the game's own
simulation and its first move is the move played. With the bag empty the sim plays
as equity does, and the position is ranked by equity (the note says so).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from lexicon_tools.engine.ranking import Candidate, SimStats, _describe, rank_moves
from lexicon_tools.engine.sim.config import parse_spec
from lexicon_tools.engine.sim.player import Sim, SimOutcome

Runner = Callable[[Sim, object, list, int], SimOutcome]
EMPTY_BAG_NOTE = ("The bag is empty: the sim plays as equity does (the exact endgame when it finishes, else the "
                  "reply model), so the moves are ranked by equity.")


def rank_by_sim(game, generator, spec: str, leaves, top: int, seed: int,
                run: Runner | None = None) -> tuple[list[Candidate], int, str | None]:
    """(the `top` candidates in the sim's order, how many placements were generated, a note or None).

    `run(sim, game, candidates, seed)` computes the outcome (`jobs.sim_pool` runs the iterations in
    worker processes); by default `Sim.outcome` runs them here."""
    sim = Sim(leaves, parse_spec(spec))
    sim.bind(generator)
    if not sim.simulates(game):
        candidates, generated = rank_moves(game, generator, "equity", leaves, top)
        return candidates, generated, EMPTY_BAG_NOTE
    sim.prepare(game)
    moves = generator.generate(game.board, game.player.rack, game.swappable_jokers())
    scored = sim.scored_candidates(game, moves)
    candidates = [move for move, _ in scored]
    stats: list[SimStats | None] = [None] * len(candidates)
    order = list(range(len(candidates)))
    if len(candidates) > 1 and sim.config.iterations > 0:
        outcome = (run or _serial)(sim, game, candidates, seed)
        stats = [_stats(outcome, c) for c in order]
        order.sort(key=lambda c: (not outcome.kept[c], -_finite(outcome.mean[c])))   # stable: equity order
        order.remove(outcome.best)
        order.insert(0, outcome.best)      # the move played first, whatever rounding does to equal means
    ranked = []
    for c in order[:top]:
        move, score = scored[c]
        described = _describe(game, move, sim.move_value(game, move), score)
        described.sim = stats[c]
        ranked.append(described)
    return ranked, len(moves), None


def _serial(sim: Sim, game, candidates: list, seed: int) -> SimOutcome:
    return sim.outcome(game, candidates, seed)


def _stats(outcome: SimOutcome, c: int) -> SimStats:
    mean, stderr = outcome.mean[c], outcome.stderr[c]
    return SimStats(None if np.isnan(mean) else float(mean), None if np.isnan(stderr) else float(stderr),
                    int(outcome.iterations[c]), bool(outcome.kept[c]))


def _finite(value: float) -> float:
    return -np.inf if np.isnan(value) else float(value)

