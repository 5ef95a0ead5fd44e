"""The board: tile codes per square plus which premium squares are used up.

Squares are flat indices ``row * cols + col``. ``cells`` holds board codes
(0 = empty, see `engine.tiles`); ``used[sq] == 1`` marks a premium that has been
consumed. A premium counts only for a tile newly placed on it in the current
turn, and only while unused (``premiums.reuse: once``). Taking a letter off a
premium square can make it active again (``reactivates_premium``).

Words are maximal runs of two or more tiles in a row (``ACROSS``) or a column
(``DOWN``), read left to right and top to bottom.
"""

from __future__ import annotations

from lexicon_tools.engine.rules import Rules

ACROSS = 0
DOWN = 1


class Board:
    __slots__ = ("rows", "cols", "cells", "used", "tile_count")

    def __init__(self, rows: int, cols: int, cells: bytearray | None = None, used: bytearray | None = None):
        self.rows = rows
        self.cols = cols
        self.cells = cells if cells is not None else bytearray(rows * cols)
        self.used = used if used is not None else bytearray(rows * cols)
        self.tile_count = sum(1 for c in self.cells if c)

    @classmethod
    def empty(cls, rules: Rules) -> "Board":
        return cls(rules.rows, rules.cols)

    def copy(self) -> "Board":
        board = Board.__new__(Board)     # as __init__, with the tiles counted at C speed
        board.rows, board.cols = self.rows, self.cols
        board.cells, board.used = bytearray(self.cells), bytearray(self.used)
        board.tile_count = len(board.cells) - board.cells.count(0)
        return board

    def is_empty(self) -> bool:
        return self.tile_count == 0

    def put(self, sq: int, code: int, mark: bool = True) -> None:
        """Put a tile on `sq`; `mark` uses up the premium there (scoring marks it after scoring)."""
        if not self.cells[sq]:
            self.tile_count += 1
        self.cells[sq] = code
        if mark:
            self.used[sq] = 1

    def remove(self, sq: int, reactivate: bool) -> int:
        code = self.cells[sq]
        self.cells[sq] = 0
        self.tile_count -= 1
        if reactivate:
            self.used[sq] = 0
        return code

    def on_board(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols

    def step(self, direction: int) -> tuple[int, int]:
        return (0, 1) if direction == ACROSS else (1, 0)

    def run_through(self, sq: int, direction: int, extra: dict[int, int] | None = None) -> list[int]:
        """Squares of the maximal run of tiles through `sq` (which counts as filled).

        `extra` holds tiles being placed (square → code) that are not on the board yet.
        Walks the flat index by a fixed step (1 across, ``cols`` down) between the
        line's first square and the square after its last.
        """
        cells, cols = self.cells, self.cols
        if not 0 <= sq < self.rows * cols:
            return self._run_from_outside(sq, direction, extra or {})
        if direction == ACROSS:
            step, first = 1, sq - sq % cols
            end = first + cols
        else:
            step, first = cols, sq % cols
            end = self.rows * cols
        extra = extra or ()
        start = sq
        while start - step >= first and (cells[start - step] or start - step in extra):
            start -= step
        squares = []
        while start < end and (cells[start] or start in extra):
            squares.append(start)
            start += step
        return squares

    def _run_from_outside(self, sq: int, direction: int, extra: dict[int, int]) -> list[int]:
        """`run_through` for a square off the board, row and column checked at every step as ever."""
        dr, dc = self.step(direction)
        r, c = divmod(sq, self.cols)

        def filled(r: int, c: int) -> bool:
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                return False
            s = r * self.cols + c
            return bool(self.cells[s]) or s in extra

        while filled(r - dr, c - dc):
            r, c = r - dr, c - dc
        squares = []
        while filled(r, c):
            squares.append(r * self.cols + c)
            r, c = r + dr, c + dc
        return squares

    def neighbours(self, sq: int) -> list[int]:
        row, col = divmod(sq, self.cols)
        out = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r, c = row + dr, col + dc
            if 0 <= r < self.rows and 0 <= c < self.cols:
                out.append(r * self.cols + c)
        return out

    def words(self) -> list[tuple[int, list[int]]]:
        """Every word on the board as (direction, squares)."""
        out = []
        for direction in (ACROSS, DOWN):
            outer, inner = (self.rows, self.cols) if direction == ACROSS else (self.cols, self.rows)
            for a in range(outer):
                run: list[int] = []
                for b in range(inner + 1):
                    sq = None
                    if b < inner:
                        sq = a * self.cols + b if direction == ACROSS else b * self.cols + a
                    if sq is not None and self.cells[sq]:
                        run.append(sq)
                        continue
                    if len(run) >= 2:
                        out.append((direction, run))
                    run = []
        return out
