"""Benchmark: what each of the sim's three fixes is worth, each undone alone, on the same deals (issue 24).

The sim lost to equity (35.7% over 14 Webfeud games) before three changes:
the horizon values the leaves *kept* (not the refilled racks), candidates come
in equity's order (the exchange among the placements), and pruning is by
paired differences to the best (not by overlapping intervals per candidate).
Each variant here undoes exactly one of them by replacing that one method of
`Sim` in this process with the former code, and plays the same same-seed,
seats-swapped pairs against equity as `sim_strength.py`; the baseline is the
current sim in the same run. A change is worth keeping when undoing it loses
win rate or spends more seconds per move for the same strength.

Run: .venv/bin/python bench/sim_ablation.py [--pairs 50] [--budget 600] [--spec sim:iterations=16]
     [--ruleset webfeud] [--variants current,rack_leave,unpaired,exchange_last]
"""

from __future__ import annotations

import argparse

import numpy as np

from sim_common import setting
from sim_strength import play_pairs


def rack_leave(self, sim, me, turns) -> float:
    """The former horizon: the leave table applied to every active player's refilled rack."""
    value = 0.0
    for p in sim.players:
        if p.active:
            leave = self.leaves.value(bytes(sorted(p.rack)))
            value += leave if p.seat == me else -leave / max(1, len(sim.players) - 1)
    return value


def unpaired(values, alive, z) -> np.ndarray:
    """The former pruning: mean + z se of a candidate below the best's mean - z se, per candidate."""
    k = len(values)
    mean, se = values.mean(axis=0), values.std(axis=0) / np.sqrt(k)
    best = int(np.argmax(np.where(alive, mean, -np.inf)))
    return alive & (mean + z * se < mean[best] - z * se[best])


def exchange_last(self, game, moves):
    """The former candidates: the best placements by equity, then the exchange, then the pass."""
    from lexicon_tools.engine.moves import Exchange, Pass
    from lexicon_tools.engine.strategy import can_exchange, fallback

    out = []
    if len(moves):
        values = self.equities(game, moves, False)
        out = [moves.move(int(i)) for i in np.argsort(-values, kind="stable")[:self.config.candidates]]
    exchange = self._best_exchange(game) if len(game.bag) >= game.rules.rack_size else None
    if exchange is not None and can_exchange(game, len(exchange[1])):
        out.append(Exchange(exchange[1]))
    if not out:
        out.append(fallback(game))
    elif game.rules.pass_allowed:
        out.append(Pass())
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=50)
    ap.add_argument("--budget", type=float, default=600.0)
    ap.add_argument("--spec", default="sim:iterations=16")
    ap.add_argument("--rows", type=int, default=60000)
    ap.add_argument("--ruleset", default="webfeud")
    ap.add_argument("--against", default="equity")
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--variants", default="current,rack_leave,unpaired,exchange_last")
    args = ap.parse_args()
    from lexicon_tools.engine.sim import player

    originals = {"rack_leave": ("Sim", "_horizon_leaves", player.Sim._horizon_leaves),
                 "unpaired": ("module", "paired_worse", player.paired_worse),
                 "exchange_last": ("Sim", "candidates", player.Sim.candidates)}
    replacements = {"rack_leave": rack_leave, "unpaired": unpaired, "exchange_last": exchange_last}
    rules, judge, leaves = setting(args.ruleset, args.rows)
    for variant in args.variants.split(","):
        if variant != "current" and variant not in originals:
            raise SystemExit(f"unknown variant {variant!r}: use current, {', '.join(originals)}")
        where, name, original = originals.get(variant, (None, None, None))
        target = player.Sim if where == "Sim" else player
        if name:
            setattr(target, name, replacements[variant])
        try:
            play_pairs(rules, judge, leaves, args.spec, args.against, args.pairs, args.budget, args.seed,
                       f"{args.ruleset} {args.spec} [{variant}] vs {args.against}")
        finally:
            if name:
                setattr(target, name, original)


if __name__ == "__main__":
    main()
