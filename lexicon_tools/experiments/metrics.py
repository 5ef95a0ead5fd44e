"""The per-game metrics a designer compares variants on, each with a one-line definition.

A metric turns a variant's rows (a pyarrow table, one row per game) into one
number per game, so every metric gets the same treatment: a mean with its 95%
interval per variant, and paired differences between variants (`paired`). A
*share* metric is 0 or 1 per game (or a fraction for a shared first place): its
mean is a rate, shown as a percentage, with the Wilson interval.

Some metrics exist once per value the games show: ``bingos_<bonus>`` for each
bingo bonus paid (SmartFeud's 30 for seven tiles and 50 for eight or a taken
letter, apart), and ``end_<reason>`` for each way games ended. `metrics_of`
lists the metrics of a dataset; `known` tells whether an experiment file's
``metrics:`` entry names one (before any game is played).

Only numpy and pyarrow (inside the functions): no IO.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

CLOSE_MARGIN = 20      # points: a game decided by this much or less is "close"


@dataclass(frozen=True)
class Metric:
    key: str
    title: str
    unit: str
    values: Callable[[Any], Any]      # per-variant table -> numpy array, one value per game
    share: bool = False               # a 0..1 share: Wilson interval, shown as a percentage
    definition: str = ""              # one line for the report


def _column(name: str):
    return lambda t: t.column(name).to_numpy(zero_copy_only=False).astype(float)


def _scores(t):
    import numpy as np

    if t.num_rows == 0:
        return np.zeros((0, 1))
    flat = t.column("scores").combine_chunks().flatten().to_numpy(zero_copy_only=False).astype(float)
    return flat.reshape(t.num_rows, -1)


def _mean_score(t):
    return _scores(t).mean(axis=1)


def _margin(t):
    import numpy as np

    grid = _scores(t)
    if grid.shape[1] < 2:
        return np.zeros(grid.shape[0])
    top = np.sort(grid, axis=1)
    return top[:, -1] - top[:, -2]


def _close(t):
    return (_margin(t) <= CLOSE_MARGIN).astype(float)


def _seat_spread(t):
    return _scores(t).std(axis=1)


def _premium_uses(t):
    return sum(_column(f"premium_{k}")(t) for k in ("dl", "tl", "dw", "tw"))


def _bingos_of(bonus: int):
    def values(t):
        import numpy as np

        lists = t.column("bingo_bonuses").to_pylist()
        return np.array([sum(1 for b in (row or ()) if b == bonus) for row in lists], dtype=float)
    return values


def _ended(reason: str):
    def values(t):
        import numpy as np

        return np.array([r == reason for r in t.column("end_reason").to_pylist()], dtype=float)
    return values


METRICS = (
    Metric("score", "Points per player", "points per player per game", _mean_score,
           definition="the seats' final scores averaged, per game"),
    Metric("margin", "Winning margin", "points between first and second", _margin,
           definition="the winner's final score minus the runner-up's (0 for a shared first place)"),
    Metric("close_games", "Close games", f"share of games decided by ≤ {CLOSE_MARGIN} points", _close, share=True,
           definition=f"share of games whose winning margin is {CLOSE_MARGIN} points or less (ties included)"),
    Metric("lead_changes", "Lead changes", "lead changes per game", _column("lead_changes"),
           definition="how often a sole leader took over from another, after each turn and at the end "
                      "(a tie for the lead is no leader)"),
    Metric("first_player_win_rate", "First-player win rate", "share of games seat 1 wins (ties shared)",
           _column("first_share"), share=True,
           definition="share of games the starting seat wins; a first place shared by k seats counts 1/k"),
    Metric("bingos", "Bingos", "bingos per game", _column("bingos"),
           definition="turns paid a bingo bonus, per game, whatever the bonus"),
    Metric("turns", "Game length", "turns per game", _column("turns"),
           definition="turns of all seats until the game ended, passes and exchanges included"),
    Metric("seat_spread", "Score spread between seats", "points (standard deviation of the seats' scores)",
           _seat_spread, definition="the standard deviation of the seats' final scores within a game"),
    Metric("premium_uses", "Premium use", "premium squares used per game", _premium_uses,
           definition="premium squares whose premium counted in a word, per game"),
    Metric("takes", "Letter takes", "letter takes per game", _column("takes"),
           definition="placements that took a letter from the board (SmartFeud), per game"),
    Metric("swaps", "Joker swaps", "joker swaps per game", _column("swaps"),
           definition="placements that swapped a joker on the board for its letter, per game"),
)

# Shown only when some game has them: turns lost when seats think (`think`, `time_limit`) or try refused
# words in professional mode (`invalid_rate`, `professional`); always 0 otherwise.
BEHAVIOUR_METRICS = (
    Metric("timeouts", "Timeouts", "turns lost to the clock per game", _column("timeouts"),
           definition="turns a seat lost because its thinking time ran past the turn limit"),
    Metric("invalid_turns", "Invalid words", "turns lost to a refused word per game", _column("invalid_turns"),
           definition="turns a seat lost by trying a word the lexicon refuses (professional mode)"),
)

DEFAULT_TESTED = ("score", "margin", "close_games", "first_player_win_rate", "bingos", "turns")
_DYNAMIC = re.compile(r"^(bingos_[0-9]{1,4}|end_[a-z0-9_]{1,40})$")


def known(key: str) -> bool:
    """Whether `key` names a metric (``bingos_30``, ``end_passes_in_a_row`` included)."""
    return key in {m.key for m in METRICS + BEHAVIOUR_METRICS} or bool(_DYNAMIC.match(key))


def bingo_metric(bonus: int) -> Metric:
    return Metric(f"bingos_{bonus}", f"Bingos of {bonus}", f"bingos paying {bonus} per game", _bingos_of(bonus),
                  definition=f"turns paid a bingo bonus of exactly {bonus} points, per game")


def end_metric(reason: str) -> Metric:
    words = reason.replace("_", " ")
    return Metric(f"end_{reason}", f"Ended: {words}", f"share of games ended by {words}", _ended(reason),
                  share=True, definition=f"share of games that ended by “{words}”")


def metrics_of(table, requested=()) -> tuple[Metric, ...]:
    """The metrics of a dataset: `METRICS`, one per bingo bonus and per end reason its games show,
    `BEHAVIOUR_METRICS` that some game has, and every `requested` one even if no game has it."""
    import pyarrow.compute as pc

    bonuses = sorted({b for row in table.column("bingo_bonuses").to_pylist() for b in (row or ())})
    wanted = {int(k.split("_")[1]) for k in requested if k.startswith("bingos_")}
    reasons = sorted({r for r in table.column("end_reason").to_pylist() if r})
    wanted_reasons = {k[4:] for k in requested if k.startswith("end_")}
    behaviour = tuple(m for m in BEHAVIOUR_METRICS
                      if (pc.sum(table.column(m.key)).as_py() or 0) > 0 or m.key in requested)
    return (METRICS[:6] + tuple(bingo_metric(b) for b in sorted(set(bonuses) | wanted)) + METRICS[6:]
            + tuple(end_metric(r) for r in sorted(set(reasons) | wanted_reasons)) + behaviour)
