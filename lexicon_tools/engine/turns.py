"""What happened in a turn, and the players' standing: plain records of a game.

`Turn` is one entry of the game log: who moved, the rack before the move, the
move itself, its kind and score, the words formed with their scores, and what
was drawn. `Adjustment` is an end-of-game change (rack penalty or credit).
These records are what statistics, game records and replays are made from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lexicon_tools.engine.moves import Move

PLACE, PASS, EXCHANGE, RESIGN, TIMEOUT, INVALID = "place", "pass", "exchange", "resign", "timeout", "invalid"


@dataclass
class Player:
    seat: int
    name: str
    rack: list[int]
    score: int = 0
    passes_in_a_row: int = 0
    out: str | None = None          # why the player left the game early, if they did

    @property
    def active(self) -> bool:
        return self.out is None


@dataclass(frozen=True)
class Turn:
    number: int
    seat: int
    rack: tuple[int, ...]           # rack tiles before the move (0 = blank)
    move: Move
    kind: str
    score: int = 0
    total: int = 0                  # the player's score after the turn
    words: tuple[tuple[str, int], ...] = ()
    fragments: tuple[tuple[str, int], ...] = ()
    bingo: int = 0
    premiums: tuple[int, ...] = ()  # premium squares used up by this turn
    drawn: tuple[int, ...] = ()
    lost_blank: bool = False        # the starter's extra blank was lost this turn
    note: str = ""
    notation: str = ""              # a placement (or failed attempt) in `engine.notation` form


@dataclass(frozen=True)
class Adjustment:
    seat: int
    rack: tuple[int, ...]
    delta: int
    reason: str                     # "rack penalty" or "credit"


@dataclass
class Outcome:
    """The end of a game: why it ended and the ranking (rank, seat), best first."""

    reason: str
    ranking: list[tuple[int, int]] = field(default_factory=list)

    def winners(self) -> list[int]:
        return [seat for rank, seat in self.ranking if rank == 1]
