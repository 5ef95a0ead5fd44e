"""An exact two-player endgame: once the bag is empty both racks are known, so the game is a
finite game of perfect information, and the move that maximises the final spread can be found.

Algorithm: negamax with alpha-beta pruning over every placement the move
generator finds plus the pass, played on forks of the game by the real rules
engine (`engine.sim.state`: every end condition, rack penalty and credit, the
take and the joker swap hold without a second implementation). Moves are
tried going-out first, then by score (the usual best-first ordering of
alpha-beta: good moves first make the cut-offs early); once a placement of every rack tile has
ended the game, the mover's other such placements are left out, since none can be worth more
(`children`). A transposition table
keyed by the position (board, racks, who moves, counters - `state.key`; scores
are not needed because a node's value is the spread gained *from here on*)
stores exact values and bounds, so transpositions (the same tiles laid in
another order, pass sequences) are searched once.

Value of a finished game for a seat: its score minus the other's, and
``LEFT`` more or less when a player left the game (passing out ranks last
whatever the scores). Why not the opponent's-reply model of `engine.equity`:
it looks two plies deep and misses set-ups, blocking and the order in which
to play out a rack; the exact search does not, but costs exponential time,
so it runs under a budget of searched nodes (deterministic, so a game with the
solver still replays exactly) and an optional wall-clock cap; when it runs
out, `solve` returns None and the caller uses its own end game.

Where the endgame's turns are plain placements and passes (no take, joker swap or multi-word turn),
`solve` runs the same search on a compact position instead of forks (`engine.plain_endgame`): the
same move, value and node count, without replaying each searched turn through the rules engine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from lexicon_tools.engine.moves import Move, Pass
from lexicon_tools.engine.sim.state import fork, key
from lexicon_tools.errors import IllegalMoveError

LEFT = 1000          # a player who left the game (passed out) ranks last whatever the spread
MAX_PLIES = 40       # a line of play longer than this (takes moving tiles around) aborts the search

EXACT, LOWER, UPPER = 0, 1, 2


class OutOfBudget(Exception):
    """The search used its nodes or time without finishing."""


@dataclass
class Budget:
    nodes: int = 300                 # positions searched (each move played on a fork)
    seconds: float | None = None     # wall-clock cap; None: only the node count (reproducible)
    max_tiles: int = 6               # both racks together: above this the search is not tried


@dataclass
class Solution:
    move: Move
    value: float                     # the spread the mover gains from here with best play by both
    nodes: int


def final_value(game, seat: int) -> float:
    """The finished game's worth for `seat`: score difference, and ``LEFT`` for a player who left."""
    other = next(p for p in game.players if p.seat != seat)
    me = game.players[seat]
    value = me.score - other.score
    if not me.active:
        value -= LEFT
    if not other.active:
        value += LEFT
    return float(value)


def applicable(game) -> bool:
    """Two active players, the bag empty, the game not over."""
    return not game.over and len(game.bag) == 0 and len(game.players) == 2 and all(p.active for p in game.players)


def order(game, moves) -> tuple[np.ndarray, np.ndarray]:
    """Candidate indices, going-out moves first (they end the game), then by score, best first; and,
    per candidate, whether it is a plain placement (no take, no joker swap) of every rack tile."""
    if not len(moves):
        return np.zeros(0, np.int64), np.zeros(0, bool)
    rack = len(game.player.rack)
    placed = [b.meta[:, 5] + sum(len(line.tiles) for line in b.prefix) for b in moves.blocks]
    plain = [np.full(len(b.meta), not (b.take or b.swaps or b.board is None or b.rack is None))
             for b in moves.blocks]
    placed, plain = (placed[0], plain[0]) if len(placed) == 1 else (np.concatenate(placed), np.concatenate(plain))
    return ranked(moves.scores, placed, rack, plain)


def ranked(scores: np.ndarray, placed: np.ndarray, rack: int, plain=True) -> tuple[np.ndarray, np.ndarray]:
    """`order` from the candidates' scores and tiles placed: going-out first, then by score, the first
    listed among equals; and which are plain placements of every rack tile."""
    return np.lexsort((-scores, placed < rack)), plain & (placed == rack)


def children(game, generator, moves=None):
    """(move, forked game after it) for every legal move of the mover, in `order`, then the pass;
    lazily, so that a cut-off saves playing the rest.

    Once a plain placement of every rack tile has ended the game (the bag is empty), the other plain
    placements of every rack tile are left out: each ends the game the same way (the same racks are
    left, the same player went out and laid tiles last, so the same penalties and credit), so it is
    worth that one's value less the difference of their scores, and the order puts it after that one,
    scoring no more. It can beat no move the search has seen; leaving it out saves its node."""
    if moves is None:
        moves = generator.generate(game.board, game.player.rack, game.swappable_jokers())
    indices, plain_out = order(game, moves)
    went_out = False
    for index in indices:
        if went_out and plain_out[index]:
            continue
        move = moves.move(int(index))
        child = fork(game, game.rng)     # the bag is empty: nothing draws from the RNG
        try:
            child.play(move)
        except IllegalMoveError:
            continue
        went_out = went_out or (plain_out[index] and child.over and child.outcome.reason == "out")
        yield move, child
    if game.rules.pass_allowed:
        child = fork(game, game.rng)
        child.play(Pass())
        yield Pass(), child


class Solver:
    def __init__(self, generator, budget: Budget | None = None, plain: bool = True):
        self.generator = generator
        self.budget = budget or Budget()
        self.plain = plain        # search a plain endgame on a compact position (`engine.plain_endgame`)
        self.table: dict = {}
        self.nodes = 0
        self.deadline = None

    def solve(self, game, moves=None) -> Solution | None:
        """The best move of the current player, or None when the search does not finish in budget."""
        if not applicable(game) or sum(len(p.rack) for p in game.players) > self.budget.max_tiles:
            return None
        if self.plain:
            from lexicon_tools.engine import plain_endgame

            if plain_endgame.applies(game, self.generator) and (moves is None or len(moves.blocks) <= 1):
                search = plain_endgame.PlainSearch(self.generator, self.budget, game)
                solution = search.solve(game, moves)
                self.nodes = search.nodes
                return solution
        self.table, self.nodes = {}, 0
        self.deadline = None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        try:
            best, best_move = -np.inf, None
            base = self._base(game)
            alpha = -np.inf
            for move, child in children(game, self.generator, moves):
                value = self._after(child, game.current, base, alpha, np.inf, 1)
                if value > best:
                    best, best_move = value, move
                    alpha = max(alpha, value)
        except OutOfBudget:
            return None
        return None if best_move is None else Solution(best_move, best, self.nodes)

    def _spend(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget.nodes or (self.deadline is not None and time.perf_counter() > self.deadline):
            raise OutOfBudget

    @staticmethod
    def _base(game) -> float:
        me, other = game.player, next(p for p in game.players if p.seat != game.current)
        return float(me.score - other.score)

    def _after(self, child, seat: int, base: float, alpha: float, beta: float, ply: int) -> float:
        """Value for `seat` (who just moved) of `child`, relative to `base` (seat's spread before)."""
        self._spend()
        if child.over:
            return final_value(child, seat) - base
        # the opponent moves in `child`: their gain from there, negated, plus what this move changed
        here = self._base(child)                         # opponent's spread now
        change = -here - base                            # what seat gained by the move (score, penalties)
        return change - self._negamax(child, -beta + change, -alpha + change, ply)

    def _negamax(self, game, alpha: float, beta: float, ply: int) -> float:
        """The spread the mover of `game` gains from here on with best play (alpha-beta window)."""
        if ply > MAX_PLIES:
            raise OutOfBudget
        k = key(game)
        known = cached(self.table, k, alpha, beta)
        if known is not None:
            return known
        base, seat = self._base(game), game.current
        return alpha_beta(self.table, k, children(game, self.generator), alpha, beta,
                          lambda turn, a, b: self._after(turn[1], seat, base, a, b, ply + 1))


def cached(table: dict, k, alpha: float, beta: float) -> float | None:
    """The transposition table's value of position `k` when it settles the window (alpha, beta)."""
    entry = table.get(k)
    if entry is not None:
        value, flag = entry
        if flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha):
            return value
    return None


def alpha_beta(table: dict, k, turns, alpha: float, beta: float, value_of) -> float:
    """The best of `turns`' values (``value_of(turn, alpha, beta)``, in order, until one reaches beta),
    stored in the table under `k` as exact, a lower or an upper bound."""
    start_alpha, best = alpha, -np.inf
    for turn in turns:
        value = value_of(turn, alpha, beta)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    flag = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
    table[k] = (best, flag)
    return best
