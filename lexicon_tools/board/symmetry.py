"""Board symmetries: classify a layout, and split a board into symmetry orbits.

A square board has eight symmetries (the dihedral group D4): the identity, three
rotations (90, 180, 270 degrees) and four reflections (left-right, top-bottom and
the two diagonals). A rectangular board keeps only the identity, the two axis
reflections and the 180-degree rotation.

**Classification.** A layout (premium kind per square, plus which squares are
start squares) is checked against each symmetry. The classes a designer asks for:

* ``none``   - always satisfied;
* ``mirror`` - at least one reflection maps the layout onto itself;
* ``rot180`` - the half turn maps it onto itself (point symmetry);
* ``d4``     - all eight do (every classic board).

A board can be ``mirror`` and ``rot180`` at once (two axis mirrors imply the half
turn), so `Symmetry` keeps the full list of symmetries that hold and answers
`satisfies(class)`; its `name` is the strongest description (``d4``,
``mirror+rot180``, ``rot180``, ``mirror`` or ``none``).

**Orbits.** The generator places premiums on whole orbits: the set of squares a
square is mapped to by the symmetries of a class (``mirror`` uses the left-right
reflection). Placing a kind on whole orbits makes the result symmetric by
construction, and orbit sizes decide exactly which counts are possible (see `plan`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from lexicon_tools.model.layout import Layout

Square = tuple[int, int]
SYMMETRY_CLASSES = ("none", "mirror", "rot180", "d4")
REFLECTIONS = ("mirror_lr", "mirror_tb", "transpose", "antitranspose")
ROTATIONS = ("rot90", "rot180", "rot270")
SQUARE_ONLY = frozenset({"rot90", "rot270", "transpose", "antitranspose"})

# The group generated for each class when building orbits.
CLASS_TRANSFORMS = {
    "none": (),
    "mirror": ("mirror_lr",),
    "rot180": ("rot180",),
    "d4": ROTATIONS + REFLECTIONS,
}

_MAPS: dict[str, Callable[[int, int, int, int], Square]] = {
    "rot90": lambda r, c, R, C: (c, R - 1 - r),
    "rot180": lambda r, c, R, C: (R - 1 - r, C - 1 - c),
    "rot270": lambda r, c, R, C: (C - 1 - c, r),
    "mirror_lr": lambda r, c, R, C: (r, C - 1 - c),
    "mirror_tb": lambda r, c, R, C: (R - 1 - r, c),
    "transpose": lambda r, c, R, C: (c, r),
    "antitranspose": lambda r, c, R, C: (C - 1 - c, R - 1 - r),
}


def transform(name: str, rows: int, cols: int, square: Square) -> Square:
    return _MAPS[name](square[0], square[1], rows, cols)


def applicable(name: str, rows: int, cols: int) -> bool:
    return rows == cols or name not in SQUARE_ONLY


@dataclass(frozen=True)
class Symmetry:
    """The symmetries (besides the identity) that map a layout onto itself."""

    holds: tuple[str, ...]
    square_board: bool = True

    @property
    def labels(self) -> frozenset[str]:
        labels = {"none"}
        if any(t in self.holds for t in REFLECTIONS):
            labels.add("mirror")
        if "rot180" in self.holds:
            labels.add("rot180")
        if self.square_board and set(ROTATIONS + REFLECTIONS) <= set(self.holds):
            labels.add("d4")
        return frozenset(labels)

    @property
    def name(self) -> str:
        labels = self.labels
        if "d4" in labels:
            return "d4"
        named = [label for label in ("mirror", "rot180") if label in labels]
        return "+".join(named) or "none"

    def satisfies(self, symmetry_class: str) -> bool:
        return symmetry_class in self.labels


def classify_symmetry(layout: Layout) -> Symmetry:
    """Check all symmetries that fit the board's shape against premiums and start squares."""
    rows, cols = layout.rows, layout.cols
    features: dict[Square, tuple[str, bool]] = {}
    for sq, kind in layout.premiums.items():
        if layout.on_board(sq):
            features[sq] = (kind, False)
    for sq in layout.start:
        if layout.on_board(sq):
            features[sq] = (features.get(sq, ("", False))[0], True)
    holds = tuple(
        name for name in ROTATIONS + REFLECTIONS
        if applicable(name, rows, cols)
        and all(features.get(transform(name, rows, cols, sq)) == feature for sq, feature in features.items())
    )
    return Symmetry(holds, square_board=rows == cols)


@lru_cache(maxsize=64)
def orbits(rows: int, cols: int, symmetry_class: str) -> tuple[tuple[Square, ...], ...]:
    """The board split into orbits of `symmetry_class`, in reading order of their first square.

    Raises ValueError for an unknown class or for ``d4`` on a non-square board.
    """
    if symmetry_class not in CLASS_TRANSFORMS:
        raise ValueError(f"unknown symmetry {symmetry_class!r} (known: {', '.join(SYMMETRY_CLASSES)})")
    names = CLASS_TRANSFORMS[symmetry_class]
    if any(not applicable(name, rows, cols) for name in names):
        raise ValueError(f"{symmetry_class} symmetry needs a square board, not {rows}x{cols}")
    seen: set[Square] = set()
    out: list[tuple[Square, ...]] = []
    for r in range(rows):
        for c in range(cols):
            if (r, c) in seen:
                continue
            orbit = {(r, c)} | {transform(name, rows, cols, (r, c)) for name in names}
            seen |= orbit
            out.append(tuple(sorted(orbit)))
    return tuple(out)
