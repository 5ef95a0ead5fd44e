"""The constraints a layout must meet, shared by `validate` and `generate`.

The generator promises that every board it makes passes `validate_layout` under
the same `Constraints`, so both read this one definition.

Text forms (used by the CLI, parsed here so the library and the CLI agree):

* counts: ``TW=8,DW=12,TL=16,DL=20`` (kinds in any order; validation checks the kinds
  given, generation makes missing kinds 0);
* minimum distances from the start: ``TW=5,DW=3`` per kind, or one number for every
  kind (``3``). Distance is in rings (Chebyshev distance, see `geometry`);
* size: ``16`` (square) or ``15x16`` (rows x cols).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from lexicon_tools.board.symmetry import SYMMETRY_CLASSES
from lexicon_tools.errors import UsageError
from lexicon_tools.model.layout import PREMIUM_KINDS

MAX_SIDE = 26  # square names use one column letter, A..Z


@dataclass(frozen=True)
class Constraints:
    rows: int | None = None
    cols: int | None = None
    total: int | None = None
    counts: Mapping[str, int] | None = None
    symmetry: str = "none"
    premiums_on_start_allowed: bool = False
    start_in_centre: bool = True
    min_distance: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.symmetry not in SYMMETRY_CLASSES:
            raise UsageError(f"unknown symmetry {self.symmetry!r}",
                             f"Use one of: {', '.join(SYMMETRY_CLASSES)}.")


def _pairs(text: str, what: str, example: str) -> list[tuple[str, str]]:
    pairs = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        kind, sep, value = part.partition("=")
        if not sep:
            raise UsageError(f"{what} {text!r}: {part!r} is not KIND=NUMBER", f"Write it like {example}.")
        pairs.append((kind.strip().upper(), value.strip()))
    return pairs


def _whole(value: str, what: str, text: str, example: str) -> int:
    if not value.isdigit():
        raise UsageError(f"{what} {text!r}: {value!r} is not a whole number >= 0", f"Write it like {example}.")
    return int(value)


def parse_counts(text: str) -> dict[str, int]:
    """'TW=8,DW=12' -> {'TW': 8, 'DW': 12}: only the kinds given (validation checks just
    those; generation treats missing kinds as 0)."""
    example = "TW=8,DW=12,TL=16,DL=20"
    counts: dict[str, int] = {}
    for kind, value in _pairs(text, "counts", example):
        if kind not in PREMIUM_KINDS:
            raise UsageError(f"counts {text!r}: unknown premium kind {kind!r}",
                             f"Use the kinds {', '.join(PREMIUM_KINDS)}, e.g. {example}.")
        if kind in counts:
            raise UsageError(f"counts {text!r}: {kind} is given twice", f"Give each kind once, e.g. {example}.")
        counts[kind] = _whole(value, "counts", text, example)
    if not counts:
        raise UsageError(f"counts {text!r} names no premium kind", f"Write it like {example}.")
    return counts


def parse_min_distance(text: str) -> dict[str, int]:
    """'TW=5,DW=3' -> {'TW': 5, 'DW': 3}; '3' -> 3 for every kind."""
    example = "TW=5,DW=3 (or one number for every kind)"
    if text.strip().isdigit():
        return dict.fromkeys(PREMIUM_KINDS, int(text.strip()))
    out = {}
    for kind, value in _pairs(text, "min-distance", example):
        if kind not in PREMIUM_KINDS:
            raise UsageError(f"min-distance {text!r}: unknown premium kind {kind!r}",
                             f"Use the kinds {', '.join(PREMIUM_KINDS)}, e.g. {example}.")
        out[kind] = _whole(value, "min-distance", text, example)
    return out


def parse_size(text: str) -> tuple[int, int]:
    """'16' -> (16, 16); '15x16' -> (15, 16)."""
    parts = text.lower().replace(" ", "").split("x")
    if len(parts) not in (1, 2) or not all(p.isdigit() for p in parts):
        raise UsageError(f"size {text!r} is not N or ROWSxCOLS", "Write e.g. 16 or 15x15.")
    rows, cols = int(parts[0]), int(parts[-1])
    check_size(rows, cols)
    return rows, cols


def check_size(rows: int, cols: int) -> None:
    if not (2 <= rows <= MAX_SIDE and 2 <= cols <= MAX_SIDE):
        raise UsageError(f"board size {rows}x{cols} is outside 2..{MAX_SIDE}",
                         f"Square names use one column letter, so a side is at most {MAX_SIDE}.")
