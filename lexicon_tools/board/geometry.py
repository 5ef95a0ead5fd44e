"""Geometry of a rows x cols board: the centre, rings, quadrants and distances.

Definitions used everywhere in `board/` (and documented in the README):

* **Centre block**: the middle row(s) x middle column(s). An odd side has one middle
  line, an even side two, so 15x15 has one centre square (H8) and 16x16 the 2x2
  block H8:I9.
* **Ring** of a square: its Chebyshev (king-move) distance from the centre block;
  the centre block is ring 0, the outermost ring of a 15x15 or 16x16 board is 7.
* **Distance** between squares: Chebyshev distance, so "4 from the start" means
  four rings out, whichever direction.
* **Quadrants** NW, NE, SW, SE: the four corners' halves; on an odd side the middle
  line belongs to no quadrant (reported as ``axes``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Square = tuple[int, int]
QUADRANTS = ("NW", "NE", "SW", "SE")


def middle(length: int) -> tuple[int, ...]:
    """The middle index (odd length) or the two middle indices (even length)."""
    return tuple(sorted({(length - 1) // 2, length // 2}))


def centre_block(rows: int, cols: int) -> tuple[Square, ...]:
    return tuple((r, c) for r in middle(rows) for c in middle(cols))


def _gap(index: int, span: tuple[int, ...]) -> int:
    if index < span[0]:
        return span[0] - index
    if index > span[-1]:
        return index - span[-1]
    return 0


def ring(rows: int, cols: int, square: Square) -> int:
    return max(_gap(square[0], middle(rows)), _gap(square[1], middle(cols)))


def ring_count(rows: int, cols: int) -> int:
    """Number of rings (0 .. ring_count-1)."""
    return max(ring(rows, cols, (0, 0)), ring(rows, cols, (rows - 1, cols - 1))) + 1


def chebyshev(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def distance_to(square: Square, targets: Iterable[Square]) -> int | None:
    """Chebyshev distance to the nearest target, or None without targets."""
    return min((chebyshev(square, t) for t in targets), default=None)


def quadrant(rows: int, cols: int, square: Square) -> str | None:
    r, c = square
    if rows % 2 and r == rows // 2 or cols % 2 and c == cols // 2:
        return None
    north = r < rows / 2
    west = c < cols / 2
    return ("N" if north else "S") + ("W" if west else "E")


def squares(rows: int, cols: int) -> Iterator[Square]:
    for r in range(rows):
        for c in range(cols):
            yield r, c


def orthogonal_neighbours(rows: int, cols: int, square: Square) -> Iterator[Square]:
    r, c = square
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            yield r + dr, c + dc


def diagonal_neighbours(rows: int, cols: int, square: Square) -> Iterator[Square]:
    r, c = square
    for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            yield r + dr, c + dc
