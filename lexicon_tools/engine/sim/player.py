"""The ``sim`` strategy: Monte Carlo simulation of the best equity candidates, as Quackle and Macondo do.

For each turn with tiles in the bag:

1. the candidates are the `candidates` best placements by equity
   (`engine.equity`), plus the best exchange when the rules allow one, plus
   the pass, in equity's order (`Sim.candidates`: the first is the move
   equity plays, so ``iterations=0`` is equity); SmartFeud's take and
   Wortspieler's multi-word turns and joker swaps are among the placements
   because the move generator produces them;
2. each iteration draws the opponents' racks and the bag order from the tiles
   the mover cannot see (bag + other racks), from an RNG seeded by the seat's
   strategy RNG (so by the game seed) and the iteration number - the same draw
   for every candidate of that iteration (common random numbers: the
   differences between candidates are measured with far less noise);
3. the candidate is played on a fork of the game (`engine.sim.state`, the real
   rules engine), then `plies` more turns by an equity player in best-move
   mode; the result is the change in the mover's spread plus, at the horizon,
   the leave value of the tiles the mover kept at its last turn of the
   play-out minus the opponents' (the leave equity values, not the refilled
   rack: valuing a full rack as a leave rewarded nothing real and drowned the
   differences between candidates), or the final spread when the play-out
   ends the game;
4. after `prune_after` iterations, a candidate whose mean *difference to the
   best* per iteration (paired: the same draw for both) plus `z` standard
   errors is below 0 is dropped (`paired_worse`, Macondo's stopping idea);
   the run stops at `iterations`, at `time` seconds, or when one candidate
   is left. The best mean wins; ties go to the higher equity.

With the bag empty the sim plays as `Equity` does: the exact endgame
(`engine.endgame`) and, when that runs out of budget, the reply model.
"""

from __future__ import annotations

import copy
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from lexicon_tools.engine.equity import Equity
from lexicon_tools.engine.moves import Exchange, Move, Pass
from lexicon_tools.engine.sim.config import SimConfig
from lexicon_tools.engine.sim.state import fork
from lexicon_tools.errors import IllegalMoveError


class Sim(Equity):
    name = "sim"

    def __init__(self, leaves=None, config: SimConfig | None = None):
        super().__init__(leaves)
        self.config = config or SimConfig()
        self.policy = Equity(leaves)         # plays the simulated turns
        self.policy.endgame = None
        self.playout = None                  # the play-outs' move generator (`SimConfig.multiword`, `takes`)
        self.iterations_run = 0              # totals, for benches
        self.moves_simulated = 0

    def bind(self, generator) -> None:
        super().bind(generator)
        self.playout = generator
        narrow_lines = self.config.multiword is not None and generator.rules.multi_word
        narrow_takes = self.config.takes is not None and generator.rules.take_enabled
        if narrow_lines or narrow_takes:
            self.playout = copy.copy(generator)          # shares the graph and tables; only the breadth differs
        if narrow_lines:
            self.playout.multiword_first = self.config.multiword
        if narrow_takes:
            self.playout.take_limit = self.config.takes
        self.policy.bind(self.playout)

    def choose_best(self, game, generator, swappable, rng):
        return None                           # the sim needs every candidate

    def choose(self, game, moves, rng: random.Random) -> Move:
        seed = rng.getrandbits(64)            # drawn every turn, so later turns do not depend on budgets
        if not self.simulates(game):
            return super().choose(game, moves, rng)
        self.prepare(game)
        candidates = self.candidates(game, moves)
        if len(candidates) == 1 or self.config.iterations == 0:
            return candidates[0]
        return candidates[self.simulate(game, candidates, seed)]

    def simulates(self, game) -> bool:
        """Whether this turn is simulated (tiles in the bag, a bound generator); else equity's rules apply."""
        return bool(len(game.bag)) and self.generator is not None

    def prepare(self, game) -> None:
        """The leave values the candidates and the play-outs use (none loaded: all zero)."""
        if self.leaves is None:
            from lexicon_tools.engine.leaves import LeaveTable
            self.leaves = LeaveTable.zero(game.rules)
        self.policy.leaves = self.leaves

    def candidates(self, game, moves) -> list[Move]:
        """The best placements by equity, the best exchange and the pass, in equity order.

        The order is the one `Equity.choose` decides by: placements by equity (among equals the first
        generated), the exchange after every placement worth at least as much (equity exchanges only
        when that is worth strictly more), the pass last. So ``candidates(...)[0]`` is equity's move, and
        a sim with ``iterations=0`` plays exactly as equity does."""
        return [move for move, _ in self.scored_candidates(game, moves)]

    def scored_candidates(self, game, moves) -> list[tuple[Move, int]]:
        """`candidates`, each with the move generator's score (0 for an exchange or a pass)."""
        from lexicon_tools.engine.strategy import can_exchange, fallback

        ranked: list[tuple[float, int, Move, int]] = []
        if len(moves):
            values = self.equities(game, moves, False)
            for rank, index in enumerate(np.argsort(-values, kind="stable")[:self.config.candidates]):
                ranked.append((float(values[index]), rank, moves.move(int(index)), moves.score(int(index))))
        exchange = self._best_exchange(game) if len(game.bag) >= game.rules.rack_size else None
        if exchange is not None and can_exchange(game, len(exchange[1])):
            ranked.append((exchange[0], len(ranked), Exchange(exchange[1]), 0))
        ranked.sort(key=lambda item: (-item[0], item[1]))
        out = [(move, score) for _, _, move, score in ranked]
        if not out:
            out.append((fallback(game), 0))
        elif game.rules.pass_allowed:
            out.append((Pass(), 0))
        return out

    def simulate(self, game, candidates: list[Move], seed: int) -> int:
        """The index of the candidate with the best mean play-out value (see the module docstring)."""
        return self.outcome(game, candidates, seed).best

    def outcome(self, game, candidates: list[Move], seed: int, batch: Batch | None = None) -> SimOutcome:
        """Every candidate's play-out statistics and the winner. `batch` plays several iterations at once
        (`jobs.sim_pool`, in worker processes); the pruning is then replayed iteration by iteration on
        their values, so the outcome equals the serial one (only the dropped candidates' surplus play-outs
        are wasted)."""
        config = self.config
        n = len(candidates)
        values = np.zeros((config.iterations, n))
        alive = np.ones(n, bool)
        played = np.zeros(n, np.int64)
        deadline = None if config.time is None else time.perf_counter() + config.time
        done = 0
        while done < config.iterations:
            size = 1 if batch is None else min(batch.size, config.iterations - done)
            todo, live = range(done, done + size), np.flatnonzero(alive)
            rows = (batch.run(todo, live) if batch is not None
                    else [self.iteration_values(game, candidates, todo[0], live, seed)])
            stop = False
            for row in rows:
                for c in np.flatnonzero(alive):
                    if np.isnan(row[c]):           # illegal after all (should not happen): never chosen
                        alive[c] = False
                        continue
                    values[done, c] = row[c]
                    played[c] += 1
                done += 1
                self.iterations_run += 1
                if done >= config.prune_after and alive.sum() > 1:
                    alive &= ~paired_worse(values[:done], alive, config.z)
                if alive.sum() <= 1 or (deadline is not None and time.perf_counter() > deadline):
                    stop = True
                    break
            if stop:
                break
        self.moves_simulated += 1
        return SimOutcome.of(values[:done], played, alive)

    def iteration_values(self, game, candidates: list[Move], iteration: int, live, seed: int) -> np.ndarray:
        """One iteration: the play-out value of each candidate in `live` under the iteration's draw
        (NaN for the others, and for a candidate the rules refuse)."""
        draw = random.Random(f"{seed}/{iteration}")
        racks, bag = self._deal(game, draw)
        bag_seed = draw.getrandbits(64)
        row = np.full(len(candidates), np.nan)
        for c in live:
            value = self._play_out(game, candidates[c], racks, bag, bag_seed)
            if value is not None:
                row[c] = value
        return row

    @staticmethod
    def _deal(game, draw: random.Random) -> tuple[dict[int, list[int]], list[int]]:
        """Racks for the other players and a bag order, from the tiles the mover cannot see."""
        unseen = list(game.bag.tiles)
        others = [p for p in game.players if p.seat != game.current and p.active]
        for p in others:
            unseen += p.rack
        unseen.sort()
        draw.shuffle(unseen)
        racks = {}
        for p in others:
            racks[p.seat], unseen = sorted(unseen[:len(p.rack)]), unseen[len(p.rack):]
        return racks, unseen

    def _play_out(self, game, move: Move, racks, bag: list[int], bag_seed: int) -> float | None:
        me = game.current
        sim = fork(game, random.Random(bag_seed))
        for seat, rack in racks.items():
            sim.players[seat].rack = list(rack)
        sim.bag.tiles = list(bag)
        before = _spread(sim, me)
        start = len(sim.turns)
        try:
            sim.play(move)
        except IllegalMoveError:
            return None
        policy_rng = random.Random(0)
        for _ in range(self.config.plies):
            if sim.over:
                break
            move = self.policy.choose_best(sim, self.playout, sim.swappable_jokers(), policy_rng)
            if move is None:
                moves = self.playout.generate(sim.board, sim.player.rack, sim.swappable_jokers())
                move = self.policy.choose(sim, moves, policy_rng)
            try:
                sim.play(move)
            except IllegalMoveError:
                break
        value = _spread(sim, me) - before
        if not sim.over and len(sim.bag):
            value += self._horizon_leaves(sim, me, sim.turns[start:])
        return float(value)

    def _horizon_leaves(self, sim, me: int, turns) -> float:
        """The mover's leave minus the opponents' (averaged, as the spread is) at the horizon.

        A player's leave is what equity values: the tiles kept at that player's last turn of the
        play-out, before drawing (the rack now minus that turn's drawn tiles) - not the refilled rack,
        whose value is no leave. A player who did not move in the play-out adds nothing: their rack
        is the same draw for every candidate."""
        last = {}
        for turn in turns:
            last[turn.seat] = turn
        opponents = max(1, len(sim.players) - 1)
        value = 0.0
        for p in sim.players:
            turn = last.get(p.seat)
            if turn is None or not p.active:
                continue
            kept = Counter(p.rack) - Counter(turn.drawn)
            leave = self.leaves.value(bytes(sorted(kept.elements())))
            value += leave if p.seat == me else -leave / opponents
        return value


@dataclass(frozen=True)
class Batch:
    """Plays `size` iterations at once: ``run(iterations, live)`` gives one `iteration_values` row each."""

    size: int
    run: Callable[[range, np.ndarray], list[np.ndarray]]


@dataclass(frozen=True)
class SimOutcome:
    """Per candidate: the mean play-out value and its standard error over the iterations it was played
    in, how many, and whether it was kept (not dropped as clearly worse); `best`: the move the sim plays
    (the best mean among the kept, the higher equity among equals)."""

    mean: np.ndarray
    stderr: np.ndarray
    iterations: np.ndarray
    kept: np.ndarray
    best: int

    @classmethod
    def of(cls, values: np.ndarray, played: np.ndarray, alive: np.ndarray) -> SimOutcome:
        n = len(played)
        mean, stderr = np.full(n, np.nan), np.full(n, np.nan)
        for c in range(n):
            own = values[:played[c], c]        # a candidate is played from the first iteration until dropped
            if len(own):
                mean[c] = own.mean()
            if len(own) > 1:
                stderr[c] = own.std(ddof=1) / np.sqrt(len(own))
        if not len(values) or not alive.any():
            best = int(np.argmax(alive)) if alive.any() else 0
        else:
            best = int(np.argmax(np.where(alive, values.mean(axis=0), -np.inf)))   # among equal means the first
        return cls(mean, stderr, played.copy(), alive.copy(), best)


def paired_worse(values: np.ndarray, alive: np.ndarray, z: float) -> np.ndarray:
    """The live candidates clearly worse than the best one, by paired differences.

    `values` holds one row per iteration; every live candidate was played out in every row with
    the same draw as the best one, so the difference to the best per iteration cancels the luck
    of the draw, which an interval per candidate does not. A candidate is dropped when the mean
    difference plus `z` of its standard errors is below 0, or when it is equal to the best in every
    iteration and ranked after it (the same move under another name)."""
    k = len(values)
    means = np.where(alive, values.mean(axis=0), -np.inf)
    best = int(np.argmax(means))
    diff = values - values[:, best:best + 1]
    mean = diff.mean(axis=0)
    se = diff.std(axis=0, ddof=1) / np.sqrt(k) if k > 1 else np.full(len(mean), np.inf)
    same = (diff == 0).all(axis=0) & (np.arange(len(mean)) > best)
    worse = (mean + z * se < 0) | same
    worse[best] = False
    return alive & worse


def _spread(game, seat: int) -> float:
    others = [p.score for p in game.players if p.seat != seat]
    return float(game.players[seat].score - sum(others) / max(1, len(others)))
