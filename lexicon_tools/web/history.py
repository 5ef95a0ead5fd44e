"""The table's history: replay the turns the page sends, so a turn is judged with what the board alone hides.

A physical game has no known racks, but some rules depend on the game so far,
not on the board:

* the starter's extra tile (``rack.starting_player_extra_blank``, SmartFeud):
  a turn may place more own tiles than a rack holds only on the starting
  player's first turn, and only with a joker among them (the extra tile is a
  joker, so a full first rack cannot be 8 natural tiles). A starter who passes
  first loses it, as in `engine.game`;
* ``joker_swap.by: next_player`` (Wortspieler): a joker may be swapped only by
  the player after the one who laid it, in the next turn.

So the page sends the table's turns in order (seat, kind, and for a placement
the notation the server gave back when it was scored: `engine.notation`), and
`replay` lays them again on an empty board, exactly as `engine.replay` lays a
game record's turns, remembering in which turn each joker was laid. Each turn
is checked with the same rules as the turn being scored; words are not judged
again (the table may have accepted a refused word: a challenge, a house
ruling). Replaying is linear in the turns sent and a request holds at most
`web.schemas.MAX_HISTORY` of them, so the server keeps nothing between requests
and any number of tables share it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from lexicon_tools.engine.board import Board
from lexicon_tools.engine.notation import parse_place
from lexicon_tools.engine.placement import TurnContext, evaluate_place
from lexicon_tools.engine.tiles import BLANK_FLAG, RACK_BLANK, rack_tile_of
from lexicon_tools.errors import IllegalMoveError, UsageError

PLACE = "place"
KINDS = ("place", "scored", "pass", "exchange", "resign", "timeout")   # scored: typed on the sheet, not laid


@dataclass
class Situation:
    """The position a turn is played in, as far as the table's history tells it."""

    board: Board
    turns: int = 0                                        # turns played before this one
    starter_first: bool = True                            # the mover is the starter and has not moved yet
    jokers: dict[int, int] = field(default_factory=dict)  # square -> number of the turn that laid the joker
    known: bool = True                                    # False: no history sent, only the board is known

    def context(self, rules) -> TurnContext:
        """Which board jokers the mover may swap (None: all, when the ruleset allows any player)."""
        if not rules.swap_next_player_only:
            return TurnContext()
        if not self.known:
            return TurnContext(swappable_jokers=frozenset())
        return TurnContext(swappable_jokers=frozenset(sq for sq, turn in self.jokers.items() if turn == self.turns))

    def own_tile_limit(self, rules, placed_blank: bool) -> int:
        """How many own tiles this turn may place: the rack, plus the starter's extra joker on the first turn."""
        extra = rules.starting_player_extra_blank and placed_blank and (
            self.starter_first if self.known else self.board.tile_count == 0)
        return rules.rack_size + (1 if extra else 0)

    def after(self, move, board: Board, turn_seat: int) -> None:
        """Note a placement played as turn ``turns + 1``: the board it left and the jokers it laid."""
        self.turns += 1
        self.board = board
        self.jokers = {sq: n for sq, n in self.jokers.items() if board.cells[sq] & BLANK_FLAG}
        for line in move.lines:
            for sq, code in line.tiles:
                if code & BLANK_FLAG:
                    self.jokers[sq] = self.turns
        if turn_seat == 0:
            self.starter_first = False


def unknown(board: Board) -> Situation:
    """No history: the board alone (jokers' owners unknown, the first turn guessed from an empty board)."""
    return Situation(board=board, starter_first=board.tile_count == 0, known=False)


def replay(table, history: list[dict[str, Any]], player: int) -> Situation:
    """Lay `history` again on an empty board; the situation in which seat `player` moves now.

    A turn the rules refuse raises `UsageError` naming it: the page's turns and the server disagree
    (an old page, or a sheet edited by hand), and the table should undo back to it.
    """
    situation = Situation(board=Board.empty(table.rules))
    for _step in played(table, history, situation):
        pass
    if player != 0:
        situation.starter_first = False
    return situation


def beyond_distribution(rules, board: Board) -> list[int]:
    """The rack tiles (0 a joker) of which `board` holds more than the game has (`in_game`)."""
    return beyond_game(rules, Counter(rack_tile_of(code) for code in board.cells if code))


def beyond_game(rules, held: Counter) -> list[int]:
    """The rack tiles of which `held` (rack tile -> count) has more than the game has (`in_game`)."""
    return sorted(t for t, n in held.items() if n > in_game(rules, t))


def check_player_count(rules, players: int, hint: str) -> None:
    """Refuse a table of a size the ruleset is not played by (``players_min``-``players_max``)."""
    if not rules.players_min <= players <= rules.players_max:
        raise UsageError(f"{rules.name} is played by {rules.players_min}-{rules.players_max} players, not "
                         f"{players}", hint)


def in_game(rules, tile: int) -> int:
    """How many of rack tile `tile` a game has: the distribution, plus the starter's extra joker if any."""
    return rules.counts[tile] + (1 if tile == RACK_BLANK and rules.starting_player_extra_blank else 0)


@dataclass(frozen=True)
class Step:
    """One turn of the history as replayed: for a placement, the board before it, its move and evaluation."""

    number: int
    seat: int
    kind: str
    before: Board | None = None
    move: Any = None
    evaluation: Any = None


def played(table, history: list[dict[str, Any]], situation: Situation):
    """Replay `history` into `situation` turn by turn, yielding a `Step` for each (see `replay`)."""
    rules = table.rules
    for number, turn in enumerate(history, 1):
        seat, kind = int(turn.get("player", 0)), turn.get("kind", PLACE)
        if kind == PLACE:
            before = situation.board
            try:
                move = parse_place(rules, before, str(turn.get("notation", "")), table.text)
                ev = evaluate_place(rules, table.accept_all, before, table.rack(before, move), move,
                                    situation.context(rules))
                table.check_own_tiles(move, ev, situation)
            except IllegalMoveError as exc:
                raise UsageError(f"turn {number} of the table ({turn.get('notation', '')!r}) is not allowed: "
                                 f"{exc.message}", "Undo back to that turn, or start a new game.") from None
            beyond = beyond_distribution(rules, ev.board)
            if beyond:
                raise UsageError(f"turn {number} of the table ({turn.get('notation', '')!r}) is not allowed: the "
                                 f"board would hold more {table.text.rack(beyond)} than the game has",
                                 "Undo back to that turn, or start a new game.")
            situation.after(move, ev.board, seat)
            yield Step(number, seat, kind, before, move, ev)
        else:
            situation.turns += 1
            if seat == 0:
                situation.starter_first = False
            yield Step(number, seat, kind)
