"""Benchmark: the exact endgame against today's end game (the reply model) on real endgames (issue 24).

Equity-vs-equity test games (endgame solver off) are played until the bag is
empty with two players still in. From that position the game is finished
twice on forks: once with both players using today's end game (baseline, same
run), once with the player to move using the solver (`engine.endgame`, node
budget --nodes, racks of at most --max-tiles together) and the opponent
unchanged. Reported: positions, how often the solver's side ended better /
equal / worse, the mean gain in that player's final spread, and the seconds.

Run: .venv/bin/python bench/endgame_spread.py [--games 40] [--ruleset webfeud] [--nodes 300] [--max-tiles 6]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from sim_common import setting


def finish(game, players, generator) -> None:
    rng = random.Random(0)
    while not game.over:
        moves = generator.generate(game.board, game.player.rack, game.swappable_jokers())
        game.play(players[game.current].choose(game, moves, rng))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--ruleset", default="webfeud")
    ap.add_argument("--rows", type=int, default=60000)
    ap.add_argument("--nodes", type=int, default=300)
    ap.add_argument("--max-tiles", type=int, default=6)
    args = ap.parse_args()
    from lexicon_tools.engine.endgame import Budget
    from lexicon_tools.engine.equity import Equity
    from lexicon_tools.engine.game import Game
    from lexicon_tools.engine.movegen.generator import MoveGenerator
    from lexicon_tools.engine.runner import game_seed
    from lexicon_tools.engine.sim.state import fork, spread

    rules, judge, leaves = setting(args.ruleset, args.rows)
    generator = MoveGenerator(rules, judge.kwg.nodes, judge)

    def player(solver: bool) -> Equity:
        p = Equity(leaves)
        p.bind(generator)
        p.endgame = Budget(nodes=args.nodes, max_tiles=args.max_tiles) if solver else None
        return p

    gains, start = [], time.perf_counter()
    for index in range(args.games):
        game = Game(rules, judge, 2, seed=game_seed(24, index))
        plain = [player(False), player(False)]
        rng = random.Random(index)
        while not game.over and len(game.bag):
            moves = generator.generate(game.board, game.player.rack, game.swappable_jokers())
            game.play(plain[game.current].choose(game, moves, rng))
        if game.over:
            continue
        seat = game.current
        base, solved = fork(game), fork(game)
        finish(base, plain, generator)
        mixed = [player(s == seat) for s in range(2)]
        finish(solved, mixed, generator)
        gains.append(spread(solved, seat) - spread(base, seat))
    n = len(gains)
    print(f"{args.ruleset}: {n} endgames, solver side better {sum(g > 0 for g in gains)}, equal "
          f"{sum(g == 0 for g in gains)}, worse {sum(g < 0 for g in gains)}; mean spread gain "
          f"{statistics.fmean(gains) if n else 0:+.2f}; {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
