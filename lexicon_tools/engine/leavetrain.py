"""Learn leave values by self-play: play, fit each leave to the equity it later produced, repeat.

One iteration plays `games` games, equity against equity, with the current
values (the first iteration starts from none, i.e. from score-only play).
Every turn that kept a leave while tiles were still drawn gives one sample:

* the leave: the player's rack at their next turn minus the tiles drawn after
  this turn - so taken letters, swapped jokers, lost starter blanks and
  exchanges need no special case;
* the target: the equity the player's next turn produced - its score plus,
  if that turn also drew tiles, the current value of the leave it kept
  (a temporal-difference target: a leave is worth what it helps score next,
  plus what it helps keep).

The new values are a ridge regression of the targets on the tile groups each
leave contains (`leaves.training_groups`: 1-2 tiles and same-letter triples)
with an unpenalised intercept. The intercept is the equity after drawing a
fresh rack, so each weight is a value relative to keeping nothing; the ridge
penalty pulls groups seen rarely towards 0. The fit needs only numpy: the
normal equations are summed in chunks, never a samples x groups matrix.

Everything is seeded: iteration i plays game j with seed
``game_seed(seed * 1000 + i, j)``, so the same arguments give the same file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from lexicon_tools.engine.leaves import ADDITIVE, LeaveTable, training_groups
from lexicon_tools.engine.runner import game_seed, play_game
from lexicon_tools.engine.turns import EXCHANGE, PLACE

RIDGE = 25.0      # pseudo-samples pulling each group's weight towards 0
DECIMALS = 2      # values are stored in hundredths of a point
CHUNK = 4096


@dataclass
class TrainReport:
    iteration: int
    games: int
    samples: int
    mean_target: float
    groups: int


def leave_samples(game, table: LeaveTable) -> list[tuple[bytes, float]]:
    """(leave, target) for every turn of `game` that kept a leave and drew tiles afterwards."""
    by_seat: dict[int, list] = {}
    for turn in game.turns:
        by_seat.setdefault(turn.seat, []).append(turn)
    out = []
    for seat, turns in by_seat.items():
        racks = [Counter(t.rack) for t in turns[1:]] + [Counter(game.players[seat].rack)]
        for k in range(len(turns) - 1):
            turn = turns[k]
            if turn.kind not in (PLACE, EXCHANGE) or not turn.drawn:
                continue
            leave = _leave(racks[k], turn.drawn)
            nxt = turns[k + 1]
            target = float(nxt.score)
            if nxt.kind in (PLACE, EXCHANGE) and nxt.drawn:
                target += table.value(_leave(racks[k + 1], nxt.drawn))
            out.append((leave, target))
    return out


def _leave(rack_after_draw: Counter, drawn) -> bytes:
    return bytes(sorted((rack_after_draw - Counter(drawn)).elements()))


def fit(samples: list[tuple[bytes, float]], base: LeaveTable, ridge: float = RIDGE) -> LeaveTable:
    """Ridge regression of the targets on the leaves' tile groups; returns a new additive table."""
    columns: dict[bytes, int] = {}
    rows = []
    for leave, _ in samples:
        rows.append([columns.setdefault(g, len(columns)) for g in training_groups(leave)])
    m = len(columns) + 1                       # the last column is the intercept
    gram = np.zeros((m, m))
    rhs = np.zeros(m)
    targets = np.array([t for _, t in samples], np.float64)
    for start in range(0, len(samples), CHUNK):
        stop = min(len(samples), start + CHUNK)
        x = np.zeros((stop - start, m))
        for i, cols in enumerate(rows[start:stop]):
            x[i, cols] = 1.0
        x[:, -1] = 1.0
        gram += x.T @ x
        rhs += x.T @ targets[start:stop]
    penalty = np.full(m, ridge)
    penalty[-1] = 0.0
    weights = np.linalg.solve(gram + np.diag(penalty), rhs) if samples else np.zeros(m)
    values = {}
    for group, col in sorted(columns.items()):
        w = round(float(weights[col]), DECIMALS)
        if w:
            values[group] = w
    return LeaveTable(base.ruleset, base.letters, base.rack_size, ADDITIVE, values, dict(base.provenance))


def train(rules, judge, nodes, *, games: int, iterations: int, seed: int, start: LeaveTable | None = None,
          ridge: float = RIDGE, progress: Callable[[int], None] | None = None,
          report: Callable[[TrainReport], None] | None = None) -> LeaveTable:
    """Run `iterations` rounds of `games` self-play games; returns the last fitted table."""
    table = start or LeaveTable.zero(rules)
    for iteration in range(iterations):
        samples: list[tuple[bytes, float]] = []
        for index in range(games):
            game = play_game(rules, judge, nodes, ("equity", "equity"), game_seed(seed * 1000 + iteration, index),
                             leaves=table)
            samples += leave_samples(game, table)
            if progress:
                progress(1)
        table = fit(samples, table, ridge)
        if report:
            mean = float(np.mean([t for _, t in samples])) if samples else 0.0
            report(TrainReport(iteration + 1, games, len(samples), mean, len(table.values)))
    return table
