"""Benchmark: how the designer's statistics move from greedy to equity to sim seats (issue 24).

Test games tell a designer how a ruleset plays; stronger players change the
answer. For each strategy, games with that strategy on every seat are played
on the same deals (game *i* has the seed `runner.game_seed(seed, i)` for every
strategy, so the bags are the same until the moves differ), and the `sweep`
statistics (`engine.stats`) are reported side by side: points per player,
bingos per game, game length in turns, letter takes per game (SmartFeud),
multi-word turns per game (Wortspieler) and the first player's win rate. The
baseline is greedy in the same run; the last columns are each figure's change
against it.

Run: .venv/bin/python bench/sim_designer.py [--games 20] [--budget 600] [--ruleset webfeud]
     [--strategies greedy,equity,sim:iterations=16] [--rows 60000]
"""

from __future__ import annotations

import argparse
import statistics
import time

from sim_common import setting

FIGURES = ("points per player", "bingos per game", "turns per game", "takes per game",
           "multi-word turns per game", "first-player win rate")


def figures(report) -> dict[str, float]:
    data = report.data
    points = statistics.fmean(seat["score"]["mean"] for seat in data["seats"])
    return {"points per player": points, "bingos per game": data["bingos"]["per_game"],
            "turns per game": data["game_length"]["turns"]["mean"],
            "takes per game": data["letter_takes"]["per_game"],
            "multi-word turns per game": data["special_moves_per_game"]["multi_word_turns"],
            "first-player win rate": data["first_player_win_rate"]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--budget", type=float, default=600.0, help="seconds per strategy at most")
    ap.add_argument("--ruleset", default="webfeud")
    ap.add_argument("--strategies", default="greedy,equity,sim:iterations=16")
    ap.add_argument("--rows", type=int, default=60000)
    ap.add_argument("--seed", type=int, default=24)
    args = ap.parse_args()
    from lexicon_tools.engine.runner import game_seed, play_game
    from lexicon_tools.engine.stats import Aggregate, summarise

    rules, judge, leaves = setting(args.ruleset, args.rows)
    rows, played = {}, {}
    strategies = args.strategies.split(",")
    limit = args.games
    for name in strategies:
        gathered, start = Aggregate(2), time.perf_counter()
        for i in range(limit):
            if time.perf_counter() - start > args.budget:
                break
            game = play_game(rules, judge, judge.kwg.nodes, (name, name), game_seed(args.seed, i), leaves=leaves)
            gathered.add(summarise(game))
        played[name] = gathered.games
        limit = min(limit, gathered.games)     # later strategies play no more deals than the first managed
        rows[name] = figures(gathered.report(rules, [name, name], args.seed))
        print(f"  {name}: {gathered.games} games, {time.perf_counter() - start:.0f} s", flush=True)
    base = strategies[0]
    head = " | ".join(f"{name} ({played[name]} games)" for name in strategies)
    print(f"| {args.ruleset} | {head} | " + " | ".join(f"{n} v {base}" for n in strategies[1:]) + " |")
    for figure in FIGURES:
        cells = " | ".join(f"{rows[name][figure]:.3g}" for name in strategies)
        changes = " | ".join(_change(rows[base][figure], rows[name][figure]) for name in strategies[1:])
        print(f"| {figure} | {cells} | {changes} |")


def _change(base: float, value: float) -> str:
    return f"{(value - base) / base:+.1%}" if base else "-"


if __name__ == "__main__":
    main()
