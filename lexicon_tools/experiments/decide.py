"""`sweep --until-decided`: add batches of paired games until every tested comparison is decided.

A round plays the experiment's games per variant (resuming what the folder
holds), then asks `paired.analyse` — the verdicts the report prints — whether
each tested comparison is decided (real after Holm, or inside its
``equivalence:`` margin). If not, the next round grows every variant to

    min(cap, whole batches of max(games + one batch, min(2 * games, needed)))

games, where *needed* is the largest power estimate of the undecided
comparisons: at most a doubling per round, because an estimate from few games is
rough. Game i is the same game whatever the game count (its seed depends on the
master seed and i only), and rounds grow in whole batches, so the rows after the
last round are exactly those of one sweep of that many games (`Plan.with_games`;
the folder accepts a grown design, `results.prepare_folder`).

One caveat the guide spells out: looking at the data after every round and
stopping when it looks decided makes a false "real" a little more likely than
the nominal 5%; the doubling keeps the number of looks small (about log2 of
cap / games).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from lexicon_tools.experiments.paired import Analysis, Comparison, analyse
from lexicon_tools.experiments.plan import Plan


@dataclass
class Decision:
    decided: bool                     # every tested comparison decided (False: the cap was reached)
    games: int                        # games per variant in the folder at the end
    rounds: int
    undecided: list[Comparison] = field(default_factory=list)
    analysis: Analysis | None = None


def next_games(games: int, batch_size: int, cap: int, needed: list[int | None]) -> int:
    known = [n for n in needed if n]
    target = min(2 * games, max(known)) if known and len(known) == len(needed) else 2 * games
    target = max(games + batch_size, target)
    return min(cap, math.ceil(target / batch_size) * batch_size)


def sweep_until_decided(plan: Plan, folder: Path, cap: int, play: Callable[[Plan], object],
                        say: Callable[[str], None]) -> Decision:
    """Play rounds with `play(plan)` (a sweep into `folder`) until decided or `cap` games per variant."""
    games, rounds = min(plan.games, cap), 0
    while True:
        rounds += 1
        play(plan.with_games(games))
        analysis = analyse(folder)
        undecided = analysis.undecided
        requested = sum(1 for c in analysis.comparisons if c.metric_requested)
        say(f"After {games:,} games per variant: {requested - len(undecided)} of {requested} requested "
            "comparison(s) decided" + (f"; open: {_names(undecided)}" if undecided else "") + ".")
        if not undecided or games >= cap:
            return Decision(not undecided, games, rounds, undecided, analysis)
        games = next_games(games, plan.batch_size, cap, [c.needed for c in undecided])


def _names(comparisons: list[Comparison]) -> str:
    shown = [f"{c.variant} {c.metric.key}" + (f" (needs ~{c.needed:,})" if c.needed else " (no difference yet)")
             for c in comparisons[:6]]
    return ", ".join(shown) + (f" and {len(comparisons) - 6} more" if len(comparisons) > 6 else "")
