"""Feasibility of a random-board request, decided exactly by orbit-size arithmetic.

The generator puts each premium kind on whole symmetry orbits (see `symmetry`), so
a kind with count ``c`` needs orbits whose sizes sum to ``c``. Orbit sizes per class:

| symmetry | orbit sizes |
|---|---|
| none | 1 |
| mirror (left-right) | 2; 1 on the middle column of an odd width |
| rot180 | 2; 1 for the centre square of an odd x odd board |
| d4 (square boards) | 8; 4 on the diagonals and the middle lines; 1 for an odd board's centre |

Orbits touching the start squares are not available (unless premiums may sit on
start squares), and a minimum start distance ``d`` for a kind leaves it only the
orbits in rings ``>= d``.

**The exact test.** Orbits of different sizes never compete, and for one size the
kinds' allowed sets are nested (ring >= d). With kinds taken in order of decreasing
``d``, every orbit an earlier kind may use is also allowed for the later ones, so
which orbits it takes does not matter, only how many of each size. The request is
feasible iff a depth-first search over each kind's decompositions
``c = sum(n_s * s)`` finds one where, for every size ``s``, the orbits used so far
fit into ``capacity(s, ring >= d)``. The search is memoised on (kind, orbits used
per size) and the decompositions are few (sizes 1, 2, 4, 8), so it answers in
microseconds and never loops: an impossible request is an error before any square
is placed.

When the counts per kind are not given, `default_counts` splits the total in
Wordfeud's proportions (TW 8 : DW 12 : TL 20 : DL 24) and takes the nearest
feasible split (least squared deviation, ties in kind order).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache

from lexicon_tools.board import geometry
from lexicon_tools.board.symmetry import orbits
from lexicon_tools.errors import LayoutError

Square = tuple[int, int]
KIND_ORDER = ("TW", "DW", "TL", "DL")
DEFAULT_RATIO = {"TW": 8, "DW": 12, "TL": 20, "DL": 24}
HINT = ("Choose counts that are sums of the orbit sizes listed, lower the minimum distances, "
        "or ask for a weaker symmetry (none, mirror, rot180).")


@dataclass(frozen=True)
class Inventory:
    """The orbits free for premiums: their squares, sizes and rings."""

    rows: int
    cols: int
    symmetry: str
    start: tuple[Square, ...]
    orbits: tuple[tuple[Square, ...], ...]
    sizes: tuple[int, ...]
    rings: tuple[int, ...]
    _rings_by_size: dict = field(default_factory=dict, compare=False, hash=False, repr=False)
    _capacity: dict = field(default_factory=dict, compare=False, hash=False, repr=False)  # memo

    def __post_init__(self) -> None:
        for size, ring in zip(self.sizes, self.rings):
            self._rings_by_size.setdefault(size, []).append(ring)

    @property
    def size_kinds(self) -> tuple[int, ...]:
        return tuple(sorted(self._rings_by_size, reverse=True))

    def capacity(self, size: int, min_ring: int) -> int:
        key = (size, min_ring)
        if key not in self._capacity:
            self._capacity[key] = sum(1 for ring in self._rings_by_size.get(size, ()) if ring >= min_ring)
        return self._capacity[key]

    def free_squares(self) -> int:
        return sum(self.sizes)

    def describe(self, min_ring: int = 0) -> str:
        parts = []
        for size in self.size_kinds:
            number = self.capacity(size, min_ring)
            parts.append(f"{number} orbit{'' if number == 1 else 's'} of {size} square{'s' if size > 1 else ''}")
        where = f" at least {min_ring} from the start" if min_ring else ""
        return f"free {self.symmetry} orbits{where}: " + ", ".join(parts)


@lru_cache(maxsize=64)
def inventory(rows: int, cols: int, symmetry: str, premiums_on_start: bool = False) -> Inventory:
    start = geometry.centre_block(rows, cols)
    try:
        all_orbits = orbits(rows, cols, symmetry)
    except ValueError as exc:
        raise LayoutError(str(exc), "Use a square board for d4, or another symmetry.") from exc
    blocked = set() if premiums_on_start else set(start)
    free = tuple(o for o in all_orbits if not blocked.intersection(o))
    return Inventory(rows, cols, symmetry, start, free, tuple(len(o) for o in free),
                     tuple(geometry.ring(rows, cols, o[0]) for o in free))


def decompositions(count: int, sizes: tuple[int, ...], limits: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every (n_s per size) with sum(n_s * s) == count and n_s <= limit_s."""
    out: list[tuple[int, ...]] = []

    def walk(i: int, rest: int, chosen: tuple[int, ...]) -> None:
        if i == len(sizes):
            if rest == 0:
                out.append(chosen)
            return
        for n in range(min(limits[i], rest // sizes[i]), -1, -1):
            walk(i + 1, rest - n * sizes[i], chosen + (n,))

    walk(0, count, ())
    return out


def _ordered_kinds(counts: Mapping[str, int], min_distance: Mapping[str, int]) -> list[str]:
    return sorted((k for k in KIND_ORDER if counts.get(k, 0)),
                  key=lambda k: (-min_distance.get(k, 0), KIND_ORDER.index(k)))


def choose_orbit_sizes(inv: Inventory, counts: Mapping[str, int], min_distance: Mapping[str, int],
                       rng: random.Random | None = None) -> dict[str, tuple[int, ...]] | None:
    """Orbits per size (aligned with `inv.size_kinds`) for each kind, or None if impossible.

    Among the feasible decompositions of a kind, prefers the one closest to the
    proportional use of each orbit size; `rng` adds a small jitter for variety.
    """
    sizes = inv.size_kinds
    kinds = _ordered_kinds(counts, min_distance)
    caps = [tuple(inv.capacity(s, min_distance.get(k, 0)) for s in sizes) for k in kinds]

    @cache
    def feasible(i: int, used: tuple[int, ...]) -> bool:
        return i == len(kinds) or any(feasible(i + 1, _add(used, x)) for x in options(i, used))

    def options(i: int, used: tuple[int, ...]) -> list[tuple[int, ...]]:
        limits = tuple(c - u for c, u in zip(caps[i], used))
        return decompositions(counts[kinds[i]], sizes, limits)

    used = (0,) * len(sizes)
    if not feasible(0, used):
        return None
    chosen: dict[str, tuple[int, ...]] = {}
    for i, kind in enumerate(kinds):
        cells = [s * c for s, c in zip(sizes, caps[i])]
        target = [counts[kind] * cell / max(1, sum(cells)) for cell in cells]
        scored = sorted((_deviation(x, sizes, target) + (rng.random() * 2 if rng else 0.0), x)
                        for x in options(i, used))
        for _score, x in scored:
            if feasible(i + 1, _add(used, x)):
                chosen[kind] = x
                used = _add(used, x)
                break
    return chosen


def _deviation(x: tuple[int, ...], sizes: tuple[int, ...], target: list[float]) -> float:
    """How far using n_s orbits of each size is from the proportional share of squares."""
    return sum(abs(n * s - t) for n, s, t in zip(x, sizes, target))


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def check_request(inv: Inventory, total: int, counts: Mapping[str, int],
                  min_distance: Mapping[str, int]) -> None:
    """Raise a LayoutError explaining why the request cannot be met; return if it can."""
    board = f"a {inv.rows}x{inv.cols} board"
    if sum(counts.values()) != total:
        raise LayoutError(f"the counts {format_counts(counts)} sum to {sum(counts.values())}, "
                          f"not to the {total} premiums asked for", "Make the counts add up to --premiums.")
    free = inv.free_squares()
    if total > free:
        raise LayoutError(f"{total} premiums do not fit on {board}: only {free} of its "
                          f"{inv.rows * inv.cols} squares are free for premiums "
                          f"({len(inv.start)} are start squares)", "Ask for fewer premiums or a bigger board.")
    for kind in KIND_ORDER:
        need, ring = counts.get(kind, 0), min_distance.get(kind, 0)
        if need and choose_orbit_sizes(inv, {kind: need}, min_distance) is None:
            raise LayoutError(f"{kind}={need} cannot be made on {board} with {inv.symmetry} symmetry: "
                              f"{inv.describe(ring)}, and {need} is not a sum of those", HINT)
    if choose_orbit_sizes(inv, counts, min_distance) is None:
        rings = sorted({min_distance.get(k, 0) for k in counts if counts[k]})
        raise LayoutError(f"the counts {format_counts(counts)} do not fit together on {board} with "
                          f"{inv.symmetry} symmetry: " + "; ".join(inv.describe(r) for r in rings), HINT)


def default_counts(inv: Inventory, total: int, min_distance: Mapping[str, int]) -> dict[str, int]:
    """The feasible split of `total` nearest to Wordfeud's proportions.

    Candidates per kind are the counts near its proportional target that its own
    orbits can make; the combinations are tried in order of squared deviation.
    """
    if total > inv.free_squares():
        check_request(inv, total, {"DL": total}, {})  # raises the "do not fit" error
    if not _makeable(inv, total, min(min_distance.get(k, 0) for k in KIND_ORDER)):
        raise _unsplittable(inv, total)
    scale = sum(DEFAULT_RATIO.values())
    targets = {k: total * DEFAULT_RATIO[k] / scale for k in KIND_ORDER}
    width = max(inv.size_kinds, default=1) * 2
    near = {k: range(max(0, math.floor(targets[k]) - width), min(total, math.ceil(targets[k]) + width) + 1)
            for k in KIND_ORDER}
    candidates = [[n for n in near[k] if _makeable(inv, n, min_distance.get(k, 0))] for k in KIND_ORDER[:3]]
    splits = []
    for tw, dw, tl in itertools.product(*candidates):
        dl = total - tw - dw - tl
        if dl >= 0 and _makeable(inv, dl, min_distance.get("DL", 0)):
            split = dict(zip(KIND_ORDER, (tw, dw, tl, dl)))
            splits.append((sum((split[k] - targets[k]) ** 2 for k in KIND_ORDER), (tw, dw, tl, dl), split))
    for _dev, _key, split in sorted(splits, key=lambda item: item[:2]):
        if choose_orbit_sizes(inv, split, min_distance) is not None:
            return split
    raise _unsplittable(inv, total)


def _makeable(inv: Inventory, count: int, min_ring: int) -> bool:
    """Whether `count` squares can be covered by whole free orbits at least `min_ring` out."""
    sizes = inv.size_kinds
    return bool(decompositions(count, sizes, tuple(inv.capacity(s, min_ring) for s in sizes)))


def _unsplittable(inv: Inventory, total: int) -> LayoutError:
    return LayoutError(f"{total} premiums cannot be split into TW, DW, TL and DL on a {inv.rows}x{inv.cols} "
                       f"board with {inv.symmetry} symmetry: {inv.describe()}", HINT)


def format_counts(counts: Mapping[str, int]) -> str:
    return ",".join(f"{k}={counts.get(k, 0)}" for k in KIND_ORDER)
