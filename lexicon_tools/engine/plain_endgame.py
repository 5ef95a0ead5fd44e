"""The exact endgame's search on a compact position, for rulesets whose endgame turns are plain placements
and passes.

`engine.endgame.Solver` plays every candidate on a fork of the game by the rules engine, so every rule
holds in its search without a second implementation; but that costs about 45 µs of Python a searched
position (the fork, the turn's record, the end checks), two thirds of the search. When the ruleset has
no letter take, no joker swap and no multi-word turn (and no turn time limit), a turn of the endgame
does only this:

* a placement the move generator found puts its tiles on the board (their premiums used up), takes
  them off the mover's rack and adds its score; the scoreless run and the mover's passes in a row
  start again and the mover becomes the last player who laid tiles. If the rack is empty and
  ``out_of_tiles_with_empty_bag`` holds, the game ends: every rack loses its value and
  ``credit_penalties_to`` says who gains it (`ending`);
* a pass adds one to the scoreless run (when ``pass`` is a scoreless kind) and to the mover's passes
  in a row (when it counts as one); ``passes_in_a_row_lose`` ends the game for a player who passes
  too often, and a long enough scoreless run ends it with the rack penalties.

So `PlainSearch` keeps a position as a tuple (`POSITION`) and runs the same search as `Solver`: the
same candidates in the same order (the kernel's placements, going-out first, then by score; the
mover's further going-out placements left out once one has ended the game; then the pass), the same
node count and ply limit, the same transposition table (its key holds what `state.key` holds: the
used premiums follow from the cells, and the jokers of the last turn are kept where
``joker_swap.by: next_player`` puts them in that key) and the same float arithmetic, so it returns the
same move, value and node count, or gives up where `Solver` does. `tests/engine/test_plain_endgame.py`
compares the two on endgames of every end rule variant. The equity player's Webfeud games run about
1.55x as fast with it, the same games (the endgame was half of their time).
"""

from __future__ import annotations

import time

import numpy as np

from lexicon_tools.engine.endgame import LEFT, MAX_PLIES, OutOfBudget, Solution, alpha_beta, cached, ranked
from lexicon_tools.engine.ending import credited_seat, credits
from lexicon_tools.engine.moves import Pass
from lexicon_tools.engine.movegen.generator import row_tiles
from lexicon_tools.engine.tiles import BLANK_FLAG, RACK_BLANK
from lexicon_tools.engine.turns import PASS


def applies(game, generator) -> bool:
    """Whether `game`'s endgame turns are plain placements and passes (see the module docstring)."""
    return (generator.plain and game.time_limit is None and not game.extra_blank_pending
            and len(game.players) == 2)


# a position: cells and used premiums (bytearrays), both racks (sorted tuples of tiles), the seat to move,
# the scoreless run, each seat's passes in a row, the seat that laid tiles last, the jokers laid in the
# last turn (None when the ruleset does not track them)
POSITION = ("cells", "used", "racks", "mover", "scoreless", "passes", "placer", "fresh_jokers")


class PlainSearch:
    """`Solver`'s search on a compact position (module docstring); `solve` as `Solver.solve`."""

    def __init__(self, generator, budget, game):
        rules = game.rules
        self.generator, self.budget, self.cols = generator, budget, rules.cols
        self.values = rules.values
        self.pass_allowed = rules.pass_allowed
        self.pass_scoreless = PASS in rules.end_scoreless_kinds
        self.pass_counts = rules.counts_as_pass(PASS)
        self.lose_after = rules.passes_in_a_row_lose
        self.scoreless_limit = rules.scoreless_limit(2)
        self.out_ends = rules.end_out_of_tiles
        self.rules, self.penalty = rules, rules.rack_penalty
        self.fresh_jokers = rules.swap_next_player_only    # `state.key` holds the jokers of the last turn
        self.table: dict = {}
        self.nodes = 0
        self.deadline = None

    def solve(self, game, moves=None) -> Solution | None:
        self.table, self.nodes = {}, 0
        self.deadline = None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        swappable = game.swappable_jokers()
        if moves is None:
            moves = self.generator.generate(game.board, game.player.rack, swappable)
        state = (game.board.cells, game.board.used, tuple(tuple(p.rack) for p in game.players), game.current,
                 game.scoreless_run, tuple(p.passes_in_a_row for p in game.players), game.last_placer,
                 None if swappable is None else tuple(sorted(swappable)))
        meta, tiles = ((moves.blocks[0].meta, moves.blocks[0].tiles) if moves.blocks
                       else (np.zeros((0, 6), np.int64), np.zeros((0, 0), np.uint8)))
        try:
            best, best_index, alpha = -np.inf, None, -np.inf
            for index, child, score, ending in self._children(state, meta, tiles):
                value = self._value(child, score, ending, alpha, np.inf, 1)
                if value > best:
                    best, best_index = value, index
                    alpha = max(alpha, value)
        except OutOfBudget:
            return None
        if best_index is None:
            return None
        return Solution(Pass() if best_index < 0 else moves.move(best_index), best, self.nodes)

    # ---------------------------------------------------------------------------------- search ---
    def _children(self, state, meta, tiles):
        """(candidate index, position after it, its score, how it ended the game) in `endgame.children`'s
        order, lazily: the placements (index -1: the pass); the ending is "out", "scoreless", "left" (the
        mover passed too often) or None."""
        indices, plain_out = ranked(meta[:, 4], meta[:, 5], len(state[2][state[3]]))
        went_out = False
        for index in indices:
            if went_out and plain_out[index]:
                continue
            child, score, ending = self._place(state, meta[index], tiles[index])
            went_out = went_out or ending == "out"
            yield int(index), child, score, ending
        if self.pass_allowed:
            child, ending = self._pass(state)
            yield -1, child, 0, ending

    def _spend(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget.nodes or (self.deadline is not None and time.perf_counter() > self.deadline):
            raise OutOfBudget

    def _value(self, child, score: int, ending: str | None, alpha: float, beta: float, ply: int) -> float:
        """`Solver._after`: the value of the turn that led to `child` for the player who made it."""
        self._spend()
        seat = 1 - child[3]
        if ending == "left":
            return float(-LEFT)
        if ending is not None:
            gain = self._penalties(child[2], went_out=seat if ending == "out" else None, placer=child[6])
            return float(score + gain[seat] - gain[1 - seat])
        change = float(score)
        return change - self._negamax(child, -beta + change, -alpha + change, ply)

    def _negamax(self, state, alpha: float, beta: float, ply: int) -> float:
        """`Solver._negamax` on the compact position."""
        if ply > MAX_PLIES:
            raise OutOfBudget
        cells, _used, racks, seat, scoreless, passes, placer, fresh = state
        k = (bytes(cells), seat, scoreless, placer, racks, passes, fresh)
        known = cached(self.table, k, alpha, beta)
        if known is not None:
            return known
        meta, tiles = self.generator.plain_moves(cells, state[1], racks[seat])
        return alpha_beta(self.table, k, self._children(state, meta, tiles), alpha, beta,
                          lambda turn, a, b: self._value(turn[1], turn[2], turn[3], a, b, ply + 1))

    # ---------------------------------------------------------------------------------- turns ---
    def _place(self, state, meta_row, tile_row):
        """The position after the placement of an output row, its score and how it ended the game."""
        cells, used, racks, seat, _scoreless, passes, _placer, _fresh = state
        score = int(meta_row[4])
        cells, used, rack, jokers = bytearray(cells), bytearray(used), list(racks[seat]), []
        for sq, code in row_tiles(meta_row, tile_row, self.cols):
            cells[sq] = code
            used[sq] = 1
            if code & BLANK_FLAG:
                rack.remove(RACK_BLANK)
                jokers.append(sq)
            else:
                rack.remove(code)
        racks = (tuple(rack), racks[1]) if seat == 0 else (racks[0], tuple(rack))
        passes = (0, passes[1]) if seat == 0 else (passes[0], 0)
        child = (cells, used, racks, 1 - seat, 0, passes, seat, tuple(jokers) if self.fresh_jokers else None)
        if self.out_ends and not rack:
            return child, score, "out"
        return child, score, "scoreless" if 0 >= self.scoreless_limit else None

    def _pass(self, state):
        """The position after a pass, and how it ended the game: "left" (passed too often), "scoreless"
        or None."""
        cells, used, racks, seat, scoreless, passes, placer, _fresh = state
        scoreless = scoreless + 1 if self.pass_scoreless else 0
        mine = passes[seat] + 1 if self.pass_counts else 0
        passes = (mine, passes[1]) if seat == 0 else (passes[0], mine)
        child = (cells, used, racks, 1 - seat, scoreless, passes, placer, () if self.fresh_jokers else None)
        if self.lose_after and mine >= self.lose_after:
            return child, "left"
        if scoreless >= self.scoreless_limit:
            return child, "scoreless"
        return child, None

    def _penalties(self, racks, went_out, placer) -> list[int]:
        """Each seat's score change at the end: `ending._penalise` with both players still in (its credit
        rule: `ending.credited_seat`, `ending.credits`)."""
        gain = [0, 0]
        if not self.penalty:
            return gain
        gainer = credited_seat(self.rules, went_out, placer, (0, 1))
        credit = 0
        for seat in (0, 1):
            penalty = sum(self.values[t] for t in racks[seat])
            if penalty:
                gain[seat] -= penalty
                if credits(self.rules, seat, gainer):
                    credit += penalty
        if gainer is not None and credit:
            gain[gainer] += credit
        return gain

