"""Benchmark: `moves --strategy sim` with its iterations in worker processes, against one process (issue 24).

Positions are the first turns of a greedy self-play game on the bench lexicon;
each is ranked by `engine.sim.ranking.rank_by_sim` in one process (the
baseline, same run) and with --workers processes (`jobs.sim_pool`), alternately, so
both see the same machine load. Reported per ruleset: the seconds per position of
each, the ratio, and whether every ranking was the same (it must be: the workers'
rounds are replayed iteration by iteration). Run it with the machine otherwise idle:
the workers need free cores.

Run: .venv/bin/python bench/sim_parallel.py [--workers 2] [--spec sim:iterations=96] [--positions 10]
     [--rulesets webfeud,smartfeud,wortspieler] [--rows 60000]
"""

from __future__ import annotations

import argparse
import time

from sim_common import setting


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--spec", default="sim:iterations=96")
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--rows", type=int, default=60000)
    ap.add_argument("--rulesets", default="webfeud,smartfeud,wortspieler")
    args = ap.parse_args()
    for ruleset in args.rulesets.split(","):
        measure(ruleset, args)


def measure(ruleset: str, args) -> None:
    from lexicon_tools.engine.movegen.generator import MoveGenerator
    from lexicon_tools.engine.sim.ranking import rank_by_sim
    from lexicon_tools.jobs.sim_pool import parallel_runner

    rules, judge, leaves = setting(ruleset, args.rows)
    positions = _positions(rules, judge, leaves, args.positions)
    runner = parallel_runner(args.workers)
    spent = {"one": 0.0, "workers": 0.0}
    same = True
    for game in positions:
        generator = MoveGenerator(game.rules, judge.kwg.nodes, judge)
        ranked = {}
        for kind, run in (("one", None), ("workers", runner)):
            start = time.perf_counter()
            candidates, _, _ = rank_by_sim(game, generator, args.spec, leaves, 20, 1, run)
            spent[kind] += time.perf_counter() - start
            ranked[kind] = [(c.notation, c.sim) for c in candidates]
        same &= ranked["one"] == ranked["workers"]
    n = len(positions)
    print(f"{ruleset}: {n} positions, {args.spec}: one process {spent['one'] / n:.3f} s a position, "
          f"{args.workers} workers {spent['workers'] / n:.3f} s, speed-up {spent['one'] / spent['workers']:.2f}x; "
          f"same rankings: {'yes' if same else 'NO'}")


def _positions(rules, judge, leaves, count: int) -> list:
    """The positions before the first `count` turns (with tiles in the bag) of a greedy self-play game."""
    import random

    from lexicon_tools.engine.clock import ManualClock
    from lexicon_tools.engine.game import Game
    from lexicon_tools.engine.movegen.generator import MoveGenerator
    from lexicon_tools.engine.sim.state import fork
    from lexicon_tools.engine.strategy import Greedy

    game_rules = rules.for_game(3)
    game = Game(game_rules, judge, ["a", "b"], seed=3, clock=ManualClock())
    generator = MoveGenerator(game_rules, judge.kwg.nodes, judge)
    out = []
    while not game.over and len(game.bag) and len(out) < count:
        out.append(fork(game))
        moves = generator.generate(game.board, game.player.rack, game.swappable_jokers())
        game.play(Greedy().choose(game, moves, random.Random(0)))
    return out


if __name__ == "__main__":
    main()
