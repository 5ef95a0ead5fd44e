"""Moves a player can make, as immutable values.

A placement is a `Place`: one or more `Line`s of placed tiles (one line in
``single_line`` games; any number in ``multi_word`` games, validated and scored
one after the other), plus the special actions done before placing:

* ``take``: squares whose board letters the player moves into the board-letter
  slot first (SmartFeud's take-a-letter);
* ``swaps``: squares whose board joker the player swaps for the natural tile of
  the letter it represents (Wortspieler's joker swap).

Squares are flat indices ``row * cols + col``; placed tiles are board codes
(see `engine.tiles`). `Pass`, `Exchange` and `Resign` complete the set.

A `Place` the move generator made carries `Found` (the board it was found on,
the rack, its score), which no comparison or record sees: the forks of a search
play such a placement without checking it again (`Game.found_result`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lexicon_tools.engine.board import Board


@dataclass(frozen=True)
class Line:
    """Tiles placed in one row or column: ``(square, board code)`` pairs, sorted by square."""

    tiles: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, tiles) -> "Line":
        return cls(tuple(sorted((int(sq), int(code)) for sq, code in tiles)))

    def squares(self) -> list[int]:
        return [sq for sq, _ in self.tiles]

    def __len__(self) -> int:
        return len(self.tiles)


@dataclass(frozen=True)
class Found:
    """Where the move generator found a placement (no take, no joker swap): the board (the object itself:
    a game replaces its board after every placement, so the same object is the same tiles), the rack and
    the score."""

    board: Board
    rack: tuple[int, ...]
    score: int


@dataclass(frozen=True)
class Place:
    lines: tuple[Line, ...]
    take: tuple[int, ...] = ()
    swaps: tuple[int, ...] = ()
    # Set by the move generator only (`MoveList.move`); never part of a move's value, repr or records.
    found: Found | None = field(default=None, compare=False, repr=False)

    kind = "place"

    @property
    def tile_count(self) -> int:
        return sum(len(line) for line in self.lines)

    def placed_codes(self) -> list[int]:
        return [code for line in self.lines for _, code in line.tiles]


@dataclass(frozen=True)
class Pass:
    kind = "pass"


@dataclass(frozen=True)
class Exchange:
    tiles: tuple[int, ...] = field(default=())   # rack tiles (0 = blank)

    kind = "exchange"


@dataclass(frozen=True)
class Resign:
    kind = "resign"


Move = Place | Pass | Exchange | Resign
