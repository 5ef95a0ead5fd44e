"""The ``equity`` strategy: score plus the value of the tiles kept, and an end-game model.

Equity is what Quackle, Macondo and wolges rank moves by. For every generated
candidate it is

* **bag not empty**: ``score + leave value`` (`engine.leaves`). The leave is
  the rack the move was generated from minus the tiles it places: for
  SmartFeud's taken letter that rack holds the taken letter (so a taken letter
  left unplaced, where the rules allow it, counts as kept), for Wortspieler's
  joker swap it holds the joker instead of the natural tile, and for a
  multi-word turn every line's tiles are placed tiles. The starter's extra
  blank, lost when it is not placed in the first turn, is not in the leave of
  moves that do not place it;
* **bag empty** (the end game, where the unseen tiles are exactly the other
  players' racks): going out ends the game and is worth what the rules pay
  for it - with ``end.rack_penalty`` the others lose their rack values, and
  the one who goes out gains them when credited; keeping tiles risks the same
  the other way. With two players the best few candidates are then checked
  one move deeper: the opponent's best reply with their known rack on the
  board after the move (including their going out and the tiles we would be
  stuck with) is subtracted - unless the exact endgame search
  (`engine.endgame`, attribute ``endgame``: its budget, None to switch it
  off) finishes within its node budget, whose move is then played.

Exchanges compete too, with equity = the value of the tiles kept (score 0),
when the bag holds at least a full rack and the rules allow one; a player who
already exchanged since the last word was laid does not exchange again (see
`strategy.fallback`), nor when the exchange would be the pass in a row that
loses the game (``end.passes_in_a_row_lose`` when an exchange counts as a
pass). The highest equity wins; among equals the first
generated, so the choice is deterministic.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np

from lexicon_tools.engine.leaves import LeaveTable, RackLeaves
from lexicon_tools.engine.moves import Exchange, Move, Place
from lexicon_tools.engine.tiles import BLANK_FLAG, RACK_BLANK

REPLY_CANDIDATES = 4     # end game: candidates checked against the opponent's best reply
GOING_OUT_TEMPO = 8.0    # static end-game worth of ending the game now (the others lose their turn)


class Equity:
    name = "equity"

    def __init__(self, leaves: LeaveTable | None = None):
        self.leaves = leaves
        self.generator = None        # bound by the game runner; used for the end game's reply
        from lexicon_tools.engine.endgame import Budget
        self.endgame: Budget | None = Budget()   # exact two-player endgame; None: the reply model only

    def bind(self, generator) -> None:
        self.generator = generator

    # ------------------------------------------------------------------ choice ---
    def choose(self, game, moves, rng: random.Random) -> Move:
        if self.leaves is None:
            self.leaves = LeaveTable.zero(game.rules)
        end = len(game.bag) == 0
        best_index, best_value = -1, -np.inf
        if len(moves):
            values = self.equities(game, moves, end)
            if end:
                solved = self._solve(game, moves)
                if solved is not None:
                    return solved
                best_index, best_value = self._end_game(game, moves, values)
            else:
                best_index = int(np.argmax(values))
                best_value = float(values[best_index])
        return self._decide(game, moves, best_index, best_value, end)

    def choose_best(self, game, generator, swappable, rng: random.Random) -> Move | None:
        """`choose` by best-move mode (`MoveGenerator.best`): the same move, without generating every
        candidate. None where only the whole list will do: the end game (the reply look-ahead), the
        starter's extra blank (its own leave rule), multi-word turns and the per-word touch rule."""
        rules = game.rules
        if not generator.best_mode_exact or not len(game.bag) \
                or (game.extra_blank_pending and game.current == 0):
            return None
        if self.leaves is None:
            self.leaves = LeaveTable.zero(rules)
        moves, value = generator.best(game.board, game.player.rack, swappable,
                                      leaves=lambda rack: self.rack_leaves(rack, rules.values))
        return self._decide(game, moves, 0 if len(moves) else -1, value, False)

    def _decide(self, game, moves, best_index: int, best_value: float, end: bool) -> Move:
        """The best placement, unless an exchange keeps tiles worth more."""
        from lexicon_tools.engine.strategy import can_exchange, fallback

        if not end and len(game.bag) >= game.rules.rack_size:
            exchange = self._best_exchange(game)
            if exchange is not None and exchange[0] > best_value and can_exchange(game, len(exchange[1])):
                return Exchange(exchange[1])
        return moves.move(best_index) if best_index >= 0 else fallback(game)

    # ------------------------------------------------------------ public API ---
    # What `engine.ranking` and `jobs.annotate` use: the value of one given move, and the
    # best exchange, by the same model `choose` ranks with.
    def move_value(self, game, move: Move) -> float:
        """The equity of `move` for the mover of `game`, on the scale `choose` ranks by.

        A placement: score plus the leave's value; in the end game (bag empty) the
        static end-game model, and with two players and a bound generator its score
        minus the opponent's best reply (as `_end_game` refines its best candidates).
        An exchange: the value of the tiles kept. A pass keeps the whole rack: its
        value, or in the end game the static cost of being stuck with it.
        Raises `IllegalMoveError` for an illegal placement.
        """
        if self.leaves is None:
            self.leaves = LeaveTable.zero(game.rules)
        end = len(game.bag) == 0
        rack = Counter(game.player.rack)
        if isinstance(move, Exchange):
            return self.leaves.value(bytes(sorted((rack - Counter(move.tiles)).elements())))
        if not isinstance(move, Place):
            if not end:
                return self.leaves.value(bytes(sorted(rack.elements())))
            _bonus, stuck = self._end_terms(game)
            return -stuck * sum(game.rules.values[t] for t in rack.elements())
        if end:
            opponents = [p for p in game.players if p.active and p.seat != game.current]
            if self.generator is not None and len(opponents) == 1:
                value = self._two_ply(game, move, opponents[0])
                if value is not None:
                    return value
        ev = game.evaluate(move)
        kept = list(ev.rack.elements())
        if game.extra_blank_pending and game.current == 0 and not ev.placed[RACK_BLANK] and RACK_BLANK in kept:
            kept.remove(RACK_BLANK)
        if not end:
            return ev.score + self.leaves.value(bytes(sorted(kept)))
        out_bonus, stuck = self._end_terms(game)
        if not kept:
            return ev.score + out_bonus + GOING_OUT_TEMPO
        return ev.score - stuck * sum(game.rules.values[t] for t in kept)

    def best_exchange(self, game) -> tuple[float, tuple[int, ...]] | None:
        """(value of the tiles kept, tiles put back) of the best exchange, or None where none is allowed."""
        if self.leaves is None:
            self.leaves = LeaveTable.zero(game.rules)
        return self._best_exchange(game)

    def reply_adjusted(self, game, move: Place, opponent) -> float | None:
        """End game, two players: `move`'s score minus `opponent`'s best reply (None if illegal)."""
        return self._two_ply(game, move, opponent)

    def equities(self, game, moves, end: bool) -> np.ndarray:
        """The equity of every candidate, in `MoveList` order."""
        parts = [self._block(game, block, end) for block in moves.blocks]
        return np.concatenate(parts) if parts else np.zeros(0)

    # ------------------------------------------------------------------ leaves ---
    def rack_leaves(self, rack: Counter, values: tuple[int, ...], table: LeaveTable | None = None) -> RackLeaves:
        """The leaves of `rack` (`values`: the ruleset's tile values), cached on the table across games."""
        table = table or self.leaves
        cache = table._racks
        key = (values, tuple(sorted(rack.elements())))
        found = cache.get(key)
        if found is None:
            if len(cache) > 20_000:
                cache.clear()
            found = cache[key] = RackLeaves(rack, table, values)
        return found

    def kept_indices(self, game, block, rl: RackLeaves) -> np.ndarray:
        """Mixed-radix index of each move's leave (see `RackLeaves`)."""
        kept = self.kept_indices_for(block, rl)
        if game.extra_blank_pending and game.current == 0 and block.rack[RACK_BLANK] > 0:
            prefix = [code for line in block.prefix for _, code in line.tiles]
            placed_blank = (block.tiles & BLANK_FLAG).any(axis=1) | any(c & BLANK_FLAG for c in prefix)
            kept = np.where(placed_blank, kept, kept - rl.place[RACK_BLANK])
        return kept

    def _block(self, game, block, end: bool) -> np.ndarray:
        rl = self.rack_leaves(block.rack, game.rules.values)
        kept = self.kept_indices(game, block, rl)
        scores = block.meta[:, 4].astype(np.float64)
        if not end:
            return scores + rl.values[kept]
        out_bonus, stuck = self._end_terms(game)
        return scores + np.where(rl.kept_count[kept] == 0, out_bonus + GOING_OUT_TEMPO, -stuck * rl.face[kept])

    def _best_exchange(self, game) -> tuple[float, tuple[int, ...]] | None:
        rules = game.rules
        if not rules.exchange_allowed or (game.extra_blank_pending and game.current == 0):
            return None
        limit = rules.passes_in_a_row_lose
        if rules.counts_as_pass("exchange") and limit and game.player.passes_in_a_row + 1 >= limit:
            return None          # this exchange would count as the pass that loses the game
        rack = Counter(game.player.rack)
        rl = self.rack_leaves(rack, rules.values)
        values = rl.values.copy()
        values[rl.full] = -np.inf          # keeping everything is no exchange
        index = int(np.argmax(values))
        kept = Counter(rl.kept(index))
        return float(values[index]), tuple(sorted((rack - kept).elements()))

    # ------------------------------------------------------------------ end game ---
    def _end_terms(self, game) -> tuple[float, float]:
        """(worth of going out, cost per point of tiles kept) under the ruleset's end rules."""
        rules = game.rules
        if not rules.rack_penalty:
            return 0.0, 0.0
        credited = 1.0 if rules.credit_penalties_to in ("player_out", "last_placer", "last_placer_all") else 0.0
        others = sum(sum(rules.values[t] for t in p.rack) for p in game.players
                     if p.active and p.seat != game.current)
        return others * (1.0 + credited), 1.0 + credited

    def _solve(self, game, moves) -> Move | None:
        """The exact endgame's move, or None (switched off, not two players, out of budget)."""
        from lexicon_tools.engine.endgame import Solver

        if self.endgame is None or self.generator is None:
            return None
        solution = Solver(self.generator, self.endgame).solve(game, moves)
        return None if solution is None else solution.move

    def _end_game(self, game, moves, values: np.ndarray) -> tuple[int, float]:
        """Refine the best static candidates by the opponent's best reply (two players, known racks)."""
        opponents = [p for p in game.players if p.active and p.seat != game.current]
        order = np.argsort(-values, kind="stable")[:REPLY_CANDIDATES]
        if self.generator is None or len(opponents) != 1:
            return int(order[0]), float(values[order[0]])
        best = (-np.inf, -1)
        for index in order:
            value = self._two_ply(game, moves.move(int(index)), opponents[0], best[0])
            if value is not None and value > best[0]:
                best = (value, int(index))
        if best[1] < 0:
            return int(order[0]), float(values[order[0]])
        return best[1], best[0]

    def _two_ply(self, game, move: Place, opponent, beat: float = -np.inf) -> float | None:
        """The move's score minus the opponent's best reply; None if the move is illegal or cannot
        beat `beat` (the opponent's best reply is worth at least 0, so a move scoring no more than
        `beat` cannot - its replies, the costliest part of the end game, are then not generated)."""
        from lexicon_tools.errors import IllegalMoveError

        rules = game.rules
        result = game.found_result(move)       # a generator's placement: not checked and scored again
        if result is None:
            try:
                ev = game.evaluate(move)
            except IllegalMoveError:
                return None
            result = ev.board, ev.rack, ev.placed[RACK_BLANK] > 0, ev.score
        board, rack, placed_blank, score = result
        kept = list(rack.elements())
        if game.extra_blank_pending and game.current == 0 and not placed_blank and RACK_BLANK in kept:
            kept.remove(RACK_BLANK)
        out_bonus, stuck = self._end_terms(game)
        if not kept and rules.end_out_of_tiles:
            return score + out_bonus
        if score <= beat:
            return None
        mine = sum(rules.values[t] for t in kept)
        reply = 0.0
        if self.generator.plain:              # one kernel run: a reply goes out when it places the whole rack
            meta, _ = self.generator.plain_moves(board.cells, board.used, opponent.rack, memo=False)
            if len(meta):
                value = meta[:, 4] + np.where(meta[:, 5] == len(opponent.rack), mine * stuck, 0.0)
                reply = float(value.max())
            return score - reply
        swappable = None
        if rules.swap_next_player_only:
            swappable = frozenset(sq for line in move.lines for sq, code in line.tiles if code & BLANK_FLAG)
        replies = self.generator.generate(board, opponent.rack, swappable)
        for block in replies.blocks:
            rl = self.rack_leaves(block.rack, rules.values, _ZERO)
            left = self.kept_indices_for(block, rl)
            goes_out = rl.kept_count[left] == 0
            value = block.meta[:, 4] + np.where(goes_out, mine * stuck, 0.0)
            reply = max(reply, float(value.max()))
        return score - reply

    @staticmethod
    def kept_indices_for(block, rl: RackLeaves) -> np.ndarray:
        prefix = [code for line in block.prefix for _, code in line.tiles]
        return rl.full - rl.index_of_codes(block.tiles) - int(rl.by_code[prefix].sum() if prefix else 0)


_ZERO = LeaveTable("", "", 0)   # no values: only the kept counts of the opponent's replies matter
