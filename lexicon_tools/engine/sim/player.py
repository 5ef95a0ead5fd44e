"""The ``sim`` strategy: Monte Carlo simulation of the best equity candidates, as Quackle and Macondo do.

For each turn with tiles in the bag:

1. the candidates are the `candidates` best placements by equity
   (`engine.equity`), plus the best exchange when the rules allow one, plus
   the pass; SmartFeud's take and Wortspieler's multi-word turns and joker
   swaps are among the placements because the move generator produces them;
2. each iteration draws the opponents' racks and the bag order from the tiles
   the mover cannot see (bag + other racks), from an RNG seeded by the seat's
   strategy RNG (so by the game seed) and the iteration number - the same draw
   for every candidate of that iteration (common random numbers: the
   differences between candidates are measured with far less noise);
3. the candidate is played on a fork of the game (`engine.sim.state`, the real
   rules engine), then `plies` more turns by an equity player in best-move
   mode; the result is the change in the mover's spread plus the leave value
   of the mover's rack minus the opponents' leave values at the horizon (the
   final spread when the play-out ends the game);
4. after `prune_after` iterations, a candidate whose mean plus `z` standard
   errors is below the best mean minus `z` of its standard errors is dropped
   (Macondo's stopping idea); the run stops at `iterations`, at `time`
   seconds, or when one candidate is left. The best mean wins; ties go to the
   higher equity.

With the bag empty the sim plays as `Equity` does: the exact endgame
(`engine.endgame`) and, when that runs out of budget, the reply model.
"""

from __future__ import annotations

import random
import time
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
        self.iterations_run = 0              # totals, for benches
        self.moves_simulated = 0

    def bind(self, generator) -> None:
        super().bind(generator)
        self.policy.bind(generator)

    def choose_best(self, game, generator, swappable, rng):
        return None                           # the sim needs every candidate

    def choose(self, game, moves, rng: random.Random) -> Move:
        seed = rng.getrandbits(64)            # drawn every turn, so later turns do not depend on budgets
        if not len(game.bag) or self.generator is None:
            return super().choose(game, moves, rng)
        if self.leaves is None:
            from lexicon_tools.engine.leaves import LeaveTable
            self.leaves = LeaveTable.zero(game.rules)
        self.policy.leaves = self.leaves
        candidates = self.candidates(game, moves)
        if len(candidates) == 1:
            return candidates[0]
        return candidates[self.simulate(game, candidates, seed)]

    def candidates(self, game, moves) -> list[Move]:
        out: list[Move] = []
        if len(moves):
            values = self.equities(game, moves, False)
            for index in np.argsort(-values, kind="stable")[:self.config.candidates]:
                out.append(moves.move(int(index)))
        from lexicon_tools.engine.strategy import can_exchange, fallback

        exchange = self._best_exchange(game) if len(game.bag) >= game.rules.rack_size else None
        if exchange is not None and can_exchange(game, len(exchange[1])):
            out.append(Exchange(exchange[1]))
        if not out:
            out.append(fallback(game))
        elif game.rules.pass_allowed:
            out.append(Pass())
        return out

    def simulate(self, game, candidates: list[Move], seed: int) -> int:
        config = self.config
        n = len(candidates)
        total, squares, count = np.zeros(n), np.zeros(n), np.zeros(n)
        alive = np.ones(n, bool)
        deadline = None if config.time is None else time.perf_counter() + config.time
        for iteration in range(config.iterations):
            draw = random.Random(f"{seed}/{iteration}")
            racks, bag = self._deal(game, draw)
            bag_seed = draw.getrandbits(64)
            for c in np.flatnonzero(alive):
                value = self._play_out(game, candidates[c], racks, bag, bag_seed)
                if value is None:                  # illegal after all (should not happen): never chosen
                    alive[c] = False
                    continue
                total[c] += value
                squares[c] += value * value
                count[c] += 1
            self.iterations_run += 1
            if iteration + 1 >= config.prune_after and alive.sum() > 1:
                alive &= ~self._clearly_worse(total, squares, count, alive)
            if alive.sum() <= 1 or (deadline is not None and time.perf_counter() > deadline):
                break
        self.moves_simulated += 1
        means = np.where(alive & (count > 0), total / np.maximum(count, 1), -np.inf)
        return int(np.argmax(means)) if np.isfinite(means).any() else 0

    def _clearly_worse(self, total, squares, count, alive) -> np.ndarray:
        k = np.maximum(count, 1)
        mean = total / k
        se = np.sqrt(np.maximum(squares / k - mean * mean, 0.0) / k)
        best = int(np.argmax(np.where(alive, mean, -np.inf)))
        return alive & (mean + self.config.z * se < mean[best] - self.config.z * se[best])

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
        try:
            sim.play(move)
        except IllegalMoveError:
            return None
        policy_rng = random.Random(0)
        for _ in range(self.config.plies):
            if sim.over:
                break
            move = self.policy.choose_best(sim, self.generator, sim.swappable_jokers(), policy_rng)
            if move is None:
                moves = self.generator.generate(sim.board, sim.player.rack, sim.swappable_jokers())
                move = self.policy.choose(sim, moves, policy_rng)
            try:
                sim.play(move)
            except IllegalMoveError:
                break
        value = _spread(sim, me) - before
        if not sim.over and len(sim.bag):
            for p in sim.players:
                if p.active:
                    leave = self.leaves.value(bytes(sorted(p.rack)))
                    value += leave if p.seat == me else -leave / max(1, len(sim.players) - 1)
        return float(value)


def _spread(game, seat: int) -> float:
    others = [p.score for p in game.players if p.seat != seat]
    return float(game.players[seat].score - sum(others) / max(1, len(others)))
