"""Invariants every turn and every finished game must satisfy, written from the seed texts.

`GameAudit` watches a game turn by turn (the runner calls it after every turn
with the board as it was before) and collects every problem as text; an empty
list means every invariant held. It re-derives what it checks from the move
and the ruleset fields, not from the engine's own bookkeeping:

* tiles are conserved: bag + racks + board + tiles that left the game = the
  distribution (+ the starter's extra blank when it comes from outside the bag);
* the score of every placement, recomputed here from the board before the turn
  and the move alone (not with `engine.scoring` or `engine.special`): every run
  of two or more tiles through a new tile scores its tile values, a new tile on
  an active letter premium times that premium, the whole run times the word
  premiums under its new tiles; a part of a word cut by a take that no new word
  contains scores its face value; plus the bonus;
* every word on the board is in the lexicon;
* the bonus is the ruleset's entry for the player's *own* tiles placed (tiles
  placed minus taken board letters used), with ``bingo_with_board_letter``
  when the taken letter lies in the one line of the turn (with
  ``bingo_with_board_letter_counts: through`` also when that line's word runs
  through a tile from before the turn);
* a taken letter never goes back on its own square, as a natural tile or a
  blank, whichever it was (``return_to_same_square``);
* every further line of a turn builds on tiles from before the turn
  (``lines_must_touch: board_before_turn``), every word with ``each_word``;
* a swapped joker was laid in the turn just before (``joker_swap.by:
  next_player``), and no more are swapped per turn than ``max_per_turn``;
* at the end, each score is the sum of the player's turn scores and end
  adjustments, and a ``scoreless`` end follows a run of the counted kinds as
  long as `Rules.scoreless_limit`.

Used by the Hypothesis invariant tests and by ``bench/rules_audit.py``, which
plays thousands of games per ruleset.
"""

from __future__ import annotations

from collections import Counter

from lexicon_tools.engine.board import Board
from lexicon_tools.engine.turns import PLACE, RESIGN, Turn
from lexicon_tools.engine.tiles import BLANK_FLAG, rack_tile_of


class GameAudit:
    """Call `start` with a new game, `turn` after every turn, `finish` at the end (returns the problems)."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def start(self, game) -> None:
        self.rules, self.judge = game.rules, game.judge
        self.expected = Counter({tile: n for tile, n in enumerate(game.rules.counts) if n})
        self.expected.update(game.extra_tiles)
        self.problems = []

    def turn(self, game, turn: Turn, before: Board, swappable: frozenset[int] | None) -> None:
        where = f"game {game.seed} turn {turn.number}"
        if self._tiles(game) != self.expected:
            self.problems.append(f"{where}: tiles are not conserved")
        if turn.kind != PLACE:
            return
        for _direction, squares in game.board.words():
            if not self.judge.is_word(bytes(game.board.cells[sq] & 0x7F for sq in squares)):
                self.problems.append(f"{where}: a word on the board is not in the lexicon")
        self.problems += [f"{where}: {p}" for p in self._placement(turn, before, swappable)]

    def finish(self, game) -> list[str]:
        for player in game.players:
            moves = sum(t.score for t in game.turns if t.seat == player.seat)
            adjust = sum(a.delta for a in game.adjustments if a.seat == player.seat)
            if player.score != moves + adjust:
                self.problems.append(f"game {game.seed}: {player.name}'s score is not the sum of turns and "
                                     "adjustments")
        if game.outcome and game.outcome.reason == "scoreless":
            limit = self.rules.scoreless_limit(sum(p.active for p in game.players))
            tail = [t for t in game.turns if t.kind != RESIGN][-limit:]   # a resignation leaves the run as it is
            if len(tail) < limit or any(t.kind not in self.rules.end_scoreless_kinds for t in tail):
                self.problems.append(f"game {game.seed}: ended scoreless without {limit} counted turns in a row")
        return self.problems

    @staticmethod
    def _tiles(game) -> Counter:
        tiles = Counter(game.bag.tiles)
        for player in game.players:
            tiles.update(player.rack)
        tiles.update(rack_tile_of(code) for code in game.board.cells if code)
        tiles.update(game.lost_tiles)
        return tiles

    def _placement(self, turn: Turn, before: Board, swappable: frozenset[int] | None) -> list[str]:
        rules, move = self.rules, turn.move
        out = []
        placed = {sq: code for line in move.lines for sq, code in line.tiles}
        taken = [rack_tile_of(before.cells[sq]) for sq in move.take]
        used = sum(min(n, Counter(rack_tile_of(c) for c in placed.values())[t]) for t, n in Counter(taken).items())
        own = len(placed) - used
        expected = rules.bingo[own] if own < len(rules.bingo) else 0
        board_letter = used or (rules.bingo_board_letter_through and _runs_through_board(before, move))
        if board_letter and len(move.lines) == 1 and own < len(rules.bingo_board_letter) \
                and rules.bingo_board_letter[own]:
            expected = rules.bingo_board_letter[own]
        if turn.bingo != expected:
            out.append(f"bonus {turn.bingo} for {own} own tiles{' + board letter' if used else ''}, "
                       f"the ruleset says {expected}")
        rescored = rescore(rules, before, move) + expected
        if turn.score != rescored:
            out.append(f"{turn.notation or 'a placement'} scored {turn.score}, recomputed from the seed rules "
                       f"{rescored}")
        for sq in move.take:      # forbid: the same letter, natural or blank, whatever the tile taken was
            if sq in placed and rules.take_return != "allow" and (
                    rules.take_return == "forbid_any_tile" or placed[sq] & 0x7F == before.cells[sq] & 0x7F):
                out.append("a taken letter went back on its own square")
        if rules.multi_word and rules.lines_touch_before_turn and len(move.lines) > 1:
            out += self._lines_build_on(move, before)
        if rules.words_touch_before_turn:
            out += _words_build_on(move, before)
        if move.swaps:
            if rules.swap_max_per_turn is not None and len(move.swaps) > rules.swap_max_per_turn:
                out.append(f"{len(move.swaps)} jokers swapped in one turn")
            if swappable is not None and not set(move.swaps) <= swappable:
                out.append("a joker was swapped that the player after its layer did not get")
            if any(not before.cells[sq] & BLANK_FLAG for sq in move.swaps):
                out.append("a swap of a square without a joker")
        return out

    @staticmethod
    def _lines_build_on(move, before: Board) -> list[str]:
        base = {sq for sq, code in enumerate(before.cells) if code} or set(move.lines[0].squares())
        board = before.copy()
        for sq in move.take:
            board.remove(sq, reactivate=False)
        out = []
        for index, line in enumerate(move.lines):
            for sq, code in line.tiles:
                board.put(sq, code)
            if index == 0:
                continue
            runs = [board.run_through(sq, d) for sq, _ in line.tiles for d in (0, 1)]
            if not any(s in base for run in runs if len(run) > 1 for s in run):
                out.append(f"line {index + 1} touches only tiles laid earlier in the same turn")
        return out


def _after(before: Board, move) -> tuple[Board, dict[int, int]]:
    """The board after the move (take, swaps, new tiles; premiums not touched) and the new tiles."""
    board = before.copy()
    for sq in move.take:
        board.cells[sq] = 0
    for sq in move.swaps:
        board.cells[sq] &= 0x7F
    new = {sq: code for line in move.lines for sq, code in line.tiles}
    for sq, code in new.items():
        board.cells[sq] = code
    return board, new


def _runs_through_board(before: Board, move) -> bool:
    """Whether the one word holding every new tile also holds a tile from before the turn."""
    board, new = _after(before, move)
    first = next(iter(new))
    return any(set(new) <= set(run) and len(run) > len(new)
               for run in (board.run_through(first, d) for d in (0, 1)))


def _words_build_on(move, before: Board) -> list[str]:
    """``each_word``: every run of two or more tiles through a new tile holds a tile from before the turn
    (taken tiles are gone; on an empty board, a tile of the first line)."""
    base = {sq for sq, code in enumerate(before.cells) if code and sq not in move.take}
    base = base or set(move.lines[0].squares())
    board, new = _after(before, move)
    runs = {tuple(board.run_through(sq, d)) for sq in new for d in (0, 1)}
    return [f"the word on squares {run[0]}-{run[-1]} holds no tile from before the turn"
            for run in sorted(runs) if len(run) > 1 and not base.intersection(run)]


def rescore(rules, before: Board, move) -> int:
    """The points of a placement without the bonus, from the board before the turn and the move alone."""
    cells, used = bytearray(before.cells), bytearray(before.used)
    cut = []
    for sq in move.take:
        cut += [part for part in _parts_around(before, sq) if len(part) > 1]
        cells[sq] = 0
        if rules.take_reactivates_premium:
            used[sq] = 0
    for sq in move.swaps:
        cells[sq] &= 0x7F
    new = {sq: code for line in move.lines for sq, code in line.tiles}
    for sq, code in new.items():
        cells[sq] = code
    board = Board(rules.rows, rules.cols, cells, used)
    runs = {tuple(board.run_through(sq, d)) for sq in new for d in (0, 1)}
    runs = {run for run in runs if len(run) > 1}
    total = 0
    for run in runs:
        points, factor = 0, 1
        for sq in run:
            value = rules.tile_value(cells[sq])
            if sq in new and not used[sq]:
                value *= rules.letter_mult[sq]
                factor *= rules.word_mult[sq]
            points += value
        total += points * factor
    for part in cut:
        if not any(set(part) <= set(run) for run in runs):
            total += sum(rules.tile_value(cells[sq]) for sq in part)
    return total


def _parts_around(board: Board, sq: int) -> list[tuple[int, ...]]:
    """The two parts, in each direction, of the words through `sq` once its tile is gone."""
    parts = []
    for direction in (0, 1):
        run = board.run_through(sq, direction)
        index = run.index(sq)
        parts += [tuple(run[:index]), tuple(run[index + 1:])]
    return parts
