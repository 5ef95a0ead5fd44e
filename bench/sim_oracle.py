"""Benchmark: how far can a player that looks two turns ahead get against greedy? (issue 24)

The sim draws the opponent's rack and the bag order at random, many times. The *oracle* is the
same player told the truth instead: every candidate is played out once against the opponent's real
rack and the bag in the order it will really deal (the bag deals from the end of its list; only an
exchange reshuffles it). It is no fair player, but it bounds what sampling can buy: with every
draw known, no number of iterations would let the sim choose better among the same candidates at
the same depth, so the oracle's win rate is the ceiling of that kind of player in a ruleset.

Games come in same-seed pairs with the seats swapped (`sim_strength.play_pairs`), so the report
line is the one sim_strength.py prints; "sim" there is the oracle.

Run: .venv/bin/python bench/sim_oracle.py [--spec sim:iterations=1:multiword=0] [--against greedy]
     [--rulesets wortspieler] [--pairs 200] [--budget 1800] [--rows 60000]
"""

from __future__ import annotations

import argparse

from sim_common import setting
from sim_strength import play_pairs


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", default="sim:iterations=1", help="the sim settings the oracle plays with")
    ap.add_argument("--against", default="greedy")
    ap.add_argument("--rulesets", default="wortspieler")
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--budget", type=float, default=1800.0)
    ap.add_argument("--rows", type=int, default=60000)
    ap.add_argument("--seed", type=int, default=24)
    args = ap.parse_args()
    from lexicon_tools.engine import runner
    from lexicon_tools.engine.sim.player import Sim

    class Oracle(Sim):
        """The sim, dealt the truth: the opponents' racks as they are and the bag in its real order."""

        def _deal(self, game, draw):
            racks = {p.seat: sorted(p.rack) for p in game.players if p.seat != game.current and p.active}
            return racks, list(game.bag.tiles)

    original = runner.get_strategy

    def oracle_for_sim(name, leaves=None):
        player = original(name, leaves)
        if isinstance(player, Sim):
            player.__class__ = Oracle
        return player

    runner.get_strategy = oracle_for_sim
    for ruleset in args.rulesets.split(","):
        rules, judge, leaves = setting(ruleset, args.rows)
        for other in args.against.split(","):
            play_pairs(rules, judge, leaves, args.spec, other, args.pairs, args.budget, args.seed,
                       f"{ruleset} oracle {args.spec} vs {other}")


if __name__ == "__main__":
    main()
