"""Premium-square layouts: board size, a premium kind per square, start squares.

Squares are 0-based ``(row, col)``; the human notation is column letter + row
number from the top-left (``H8`` is row 7, col 7), as Wordfeud and Scrabble use.
Premium kinds are DL, TL (letter x2/x3) and DW, TW (word x2/x3); colours are a
per-ruleset presentation detail.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PREMIUM_KINDS = ("DL", "TL", "DW", "TW")
LETTER_MULTIPLIER = {"DL": 2, "TL": 3}
WORD_MULTIPLIER = {"DW": 2, "TW": 3}

Square = tuple[int, int]


def square_name(row: int, col: int) -> str:
    """0-based (row, col) → 'A1' notation (column letter, 1-based row)."""
    return f"{chr(ord('A') + col)}{row + 1}"


def parse_square(name: str) -> Square:
    """'H8' → (7, 7). Raises ValueError on anything else."""
    text = name.strip().upper()
    if len(text) < 2 or not ("A" <= text[0] <= "Z") or not text[1:].isdigit():
        raise ValueError(f"not a square name: {name!r} (expected a column letter and a row number, e.g. H8)")
    return int(text[1:]) - 1, ord(text[0]) - ord("A")


@dataclass(frozen=True, eq=True)
class Layout:
    rows: int
    cols: int
    premiums: dict[Square, str] = field(default_factory=dict, hash=False)
    start: tuple[Square, ...] = ()
    colours: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    name: str = field(default="", compare=False)

    def premium_at(self, row: int, col: int) -> str | None:
        return self.premiums.get((row, col))

    def count(self, kind: str | None = None) -> int:
        if kind is None:
            return len(self.premiums)
        return sum(1 for k in self.premiums.values() if k == kind)

    def counts(self) -> dict[str, int]:
        return {kind: self.count(kind) for kind in PREMIUM_KINDS}

    def on_board(self, square: Square) -> bool:
        return 0 <= square[0] < self.rows and 0 <= square[1] < self.cols
