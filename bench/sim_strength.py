"""Benchmark: the sim player against equity and against greedy, seats swapped (issue 24).

Games come in pairs with the same seed (the same bag) and the seats swapped,
so the first player's advantage and the draw cancel out as far as the moves
allow. Reported per ruleset and opponent: games, wins/draws/losses of sim, the
win rate (a draw counts half) with its 95% Wilson interval, the mean spread
(sim minus the opponent) with a 95% normal interval, and the seconds per sim
move. The baseline is the opponent itself, in the same run: a player no
better than it wins 50%. Run as many games as time allows; --budget stops
starting new pairs after that many seconds per ruleset and opponent.

Run: .venv/bin/python bench/sim_strength.py [--pairs 10] [--budget 300] [--spec sim:iterations=16]
     [--rows 60000] [--against equity,greedy] [--rulesets webfeud,smartfeud,wortspieler]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from sim_common import setting, wilson


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=10)
    ap.add_argument("--budget", type=float, default=300.0)
    ap.add_argument("--spec", default="sim:iterations=16")
    ap.add_argument("--rows", type=int, default=60000)
    ap.add_argument("--against", default="equity,greedy")
    ap.add_argument("--rulesets", default="webfeud,smartfeud,wortspieler")
    ap.add_argument("--seed", type=int, default=24)
    args = ap.parse_args()
    for ruleset in args.rulesets.split(","):
        rules, judge, leaves = setting(ruleset, args.rows)
        for other in args.against.split(","):
            play_pairs(rules, judge, leaves, args.spec, other, args.pairs, args.budget, args.seed,
                       f"{ruleset} {args.spec} vs {other}")


def play_pairs(rules, judge, leaves, spec: str, other: str, pairs: int, budget: float, seed: int,
               title: str) -> None:
    """Same-seed pairs of games, `spec` on each seat once, until `pairs` or `budget` seconds."""
    from lexicon_tools.engine.runner import game_seed, play_game

    spreads, wins, draws, sim_turns = [], 0, 0, 0
    start = time.perf_counter()
    for pair in range(pairs):
        if time.perf_counter() - start > budget:
            break
        deal = game_seed(seed, pair)
        for sim_seat in (0, 1):
            seats = (spec, other) if sim_seat == 0 else (other, spec)
            game = play_game(rules, judge, judge.kwg.nodes, seats, deal, leaves=leaves)
            scores = game.scores()
            spread = scores[sim_seat] - scores[1 - sim_seat]
            spreads.append(spread)
            wins += spread > 0
            draws += spread == 0
            sim_turns += sum(1 for t in game.turns if t.seat == sim_seat)
        report(title, spreads, wins, draws, sim_turns, start, final=False)
    report(title, spreads, wins, draws, sim_turns, start, final=True)

def report(title: str, spreads: list[int], wins: int, draws: int, sim_turns: int, start: float,
           final: bool) -> None:
    """One line of figures so far; a line after every pair, so a long run stopped early still reports."""
    seconds = time.perf_counter() - start
    n = len(spreads)
    low, high = wilson(wins + draws / 2, n)
    mean = statistics.fmean(spreads) if n else 0.0
    half = 1.96 * statistics.stdev(spreads) / math.sqrt(n) if n > 1 else float("nan")
    print(f"{'' if final else '  so far: '}{title}: {n} games, {wins}-{draws}-{n - wins - draws}, "
          f"win rate {(wins + draws / 2) / max(n, 1):.1%} [{low:.1%}, {high:.1%}], "
          f"mean spread {mean:+.1f} ±{half:.1f}, {seconds / max(sim_turns, 1):.2f} s per sim move "
          f"(whole game time / sim moves)", flush=True)


if __name__ == "__main__":
    main()
