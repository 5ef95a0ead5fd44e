"""Benchmark: the sim player's iterations per second and seconds per move, against equity's seconds
per move in the same run (issue 24).

Per ruleset, --games games of sim against equity (seats swapped every other
game) are played on one core; the time of every move is taken per player, so
the ratio sim/equity is measured on the same positions' kind and machine load.

Run: .venv/bin/python bench/sim_speed.py [--games 2] [--spec sim:iterations=16] [--rows 60000]
     [--rulesets webfeud,smartfeud,wortspieler]
"""

from __future__ import annotations

import argparse
import time

from sim_common import setting


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--spec", default="sim:iterations=16")
    ap.add_argument("--rows", type=int, default=60000)
    ap.add_argument("--rulesets", default="webfeud,smartfeud,wortspieler")
    args = ap.parse_args()
    from lexicon_tools.engine import runner
    from lexicon_tools.engine.sim.player import Sim

    for ruleset in args.rulesets.split(","):
        rules, judge, leaves = setting(ruleset, args.rows)
        clock = {"sim": [0.0, 0], "equity": [0.0, 0]}
        made = []
        original = runner.get_strategy

        def timed(name, leaves=None):
            player = original(name, leaves)
            kind = "sim" if isinstance(player, Sim) else "equity"
            choose = player.choose

            def wrapped(game, moves, rng):
                start = time.perf_counter()
                move = choose(game, moves, rng)
                clock[kind][0] += time.perf_counter() - start
                clock[kind][1] += 1
                return move
            player.choose = wrapped
            player.choose_best = lambda *a: None          # time every move by the same path
            made.append(player)
            return player

        runner.get_strategy = timed
        try:
            for g in range(args.games):
                seats = (args.spec, "equity") if g % 2 == 0 else ("equity", args.spec)
                runner.play_game(rules, judge, judge.kwg.nodes, seats, 1000 + g // 2, leaves=leaves)
        finally:
            runner.get_strategy = original
        iterations = sum(p.iterations_run for p in made if isinstance(p, Sim))
        sim_s, sim_n = clock["sim"]
        eq_s, eq_n = clock["equity"]
        print(f"{ruleset}: {args.games} games, sim {sim_n} moves {sim_s / max(sim_n, 1):.3f} s/move, "
              f"{iterations / max(sim_s, 1e-9):.1f} iterations/s; equity {eq_n} moves "
              f"{eq_s / max(eq_n, 1):.4f} s/move; ratio sim/equity {sim_s / max(sim_n, 1) / max(eq_s / max(eq_n, 1), 1e-9):.0f}x")


if __name__ == "__main__":
    main()
