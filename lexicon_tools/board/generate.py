"""Random premium boards: exact feasibility up front, then a randomised greedy spread.

`generate_layout(rows, cols, total, counts=None, symmetry="none", seed=0, ...)`
returns a `Layout` with the start squares in the centre block, exactly the
requested counts, the requested symmetry, and every kind at least its minimum
distance from the start. The method has three steps:

1. **Feasibility (exact, before any placement).** The board is split into the
   symmetry class's orbits (`symmetry.orbits`); orbits touching a start square are
   removed (unless premiums may sit on start squares). `plan.check_request`
   decides by orbit-size arithmetic whether the counts can be built from whole
   orbits, and raises a `LayoutError` that names the failing kind and the orbit
   sizes on offer if not (300 premiums on 16x16, TW=6 under d4, ...). Nothing is
   ever retried, so nothing can hang.
2. **Orbit sizes per kind.** `plan.choose_orbit_sizes` fixes how many orbits of
   each size every kind gets (e.g. DW=12 under d4 on 16x16: one 8-orbit and one
   diagonal 4-orbit), preferring proportional use of each size.
3. **Placement: randomised greedy with a spread objective (GRASP construction).**
   Kinds are placed TW, DW, TL, DL (the most restricted minimum distance first),
   one orbit at a time. Every free orbit of the needed size and ring gets a cost:

   * 100 per premium sharing an edge, 25 per premium touching a corner (clusters);
   * for the same kind: 40 / 20 / 6 at distance 1 / 2 / 3, plus 6 per same-kind
     premium already in the quadrant (even quadrants);
   * for TW: 120 per TW in the same row or column within 8 squares and 30 further
     away (TW-to-TW lanes);
   * for DW and TW: 20 per other word premium in the same line within 8 squares
     (one word covering both multiplies by 4, 6 or 9).

   The pick is uniform among the orbits costing at most the cheapest plus 30 per
   square (the restricted candidate list), using `random.Random(seed)`: the same
   seed gives the same board, different seeds different boards. Costs live in a
   (kind x square) integer "pressure" array; placing a premium adds one slice of a
   precomputed interaction tensor (what a kind-a premium on square p costs a
   kind-b premium on square q), so each step is one gather and one add (numpy) and
   a 56-premium board takes about a millisecond.

Because every kind only ever takes orbits that the feasibility plan reserved for
it, the construction cannot run out of room, and the result passes
`validate_layout(layout, generation_constraints(...))` by construction.

Why this method: rejection sampling (place at random, retry until the board
passes) can run forever on tight requests and has no notion of spread; local
search (e.g. simulated annealing) spreads well but costs orders of magnitude more
per board. A one-pass randomised greedy over orbits gives symmetry, exact counts,
spread and variety with a fixed amount of work per board.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from lexicon_tools.board import geometry
from lexicon_tools.board.colours import DEFAULT_COLOURS
from lexicon_tools.board.constraints import Constraints, check_size
from lexicon_tools.board.plan import Inventory, check_request, choose_orbit_sizes, default_counts, inventory
from lexicon_tools.board.symmetry import SYMMETRY_CLASSES
from lexicon_tools.errors import UsageError
from lexicon_tools.model.layout import PREMIUM_KINDS, Layout

ORTHOGONAL, DIAGONAL = 100, 25
SAME_KIND = {1: 40, 2: 20, 3: 6}
QUADRANT = 6
LANE_SHORT, LANE_LONG, SHORT_SPAN = 120, 30, 8
WORD_LINE = 20
WORD_KINDS = ("DW", "TW")
TOLERANCE_PER_SQUARE = 30
KIND_INDEX = {kind: i for i, kind in enumerate(PREMIUM_KINDS)}


def generate_layout(rows: int, cols: int, total: int, counts: Mapping[str, int] | None = None,
                    symmetry: str = "none", seed: int = 0, *, min_distance: Mapping[str, int] | None = None,
                    premiums_on_start: bool = False, colours: Mapping[str, str] | None = None,
                    name: str | None = None) -> Layout:
    """A random layout meeting the request; raises LayoutError/UsageError if it cannot exist."""
    inv, resolved = _prepare(rows, cols, total, _frozen(counts), symmetry, _frozen(min_distance),
                             premiums_on_start)
    distances = dict(min_distance or {})
    rng = random.Random(seed)
    plan = choose_orbit_sizes(inv, resolved, distances, rng)
    assert plan is not None  # _prepare proved feasibility
    premiums = _place(inv, _kernels(rows, cols, symmetry, premiums_on_start), plan, distances, rng)
    return Layout(rows, cols, premiums, inv.start, dict(colours or DEFAULT_COLOURS),
                  name or f"random-{rows}x{cols}-{symmetry}-seed{seed}")


def generation_constraints(rows: int, cols: int, total: int, counts: Mapping[str, int] | None = None,
                           symmetry: str = "none", *, min_distance: Mapping[str, int] | None = None,
                           premiums_on_start: bool = False) -> Constraints:
    """The constraints every board of this request satisfies (counts resolved)."""
    _inv, resolved = _prepare(rows, cols, total, _frozen(counts), symmetry, _frozen(min_distance),
                              premiums_on_start)
    return Constraints(rows=rows, cols=cols, total=total, counts=dict(resolved), symmetry=symmetry,
                       premiums_on_start_allowed=premiums_on_start,
                       min_distance={k: v for k, v in (min_distance or {}).items() if v})


def _frozen(mapping: Mapping[str, int] | None) -> tuple[tuple[str, int], ...] | None:
    return None if mapping is None else tuple(sorted(mapping.items()))


@lru_cache(maxsize=256)
def _prepare(rows: int, cols: int, total: int, counts: tuple | None, symmetry: str, min_distance: tuple | None,
             premiums_on_start: bool) -> tuple[Inventory, dict[str, int]]:
    check_size(rows, cols)
    if symmetry not in SYMMETRY_CLASSES:
        raise UsageError(f"unknown symmetry {symmetry!r}", f"Use one of: {', '.join(SYMMETRY_CLASSES)}.")
    if not isinstance(total, int) or total < 0:
        raise UsageError(f"the number of premiums must be a whole number >= 0, not {total!r}")
    distances = _checked_kinds(dict(min_distance or ()), "min_distance")
    inv = inventory(rows, cols, symmetry, premiums_on_start)
    if counts is None:
        resolved = default_counts(inv, total, distances)
    else:
        resolved = dict.fromkeys(PREMIUM_KINDS, 0) | _checked_kinds(dict(counts), "counts")
    check_request(inv, total, resolved, distances)
    return inv, resolved


def _checked_kinds(values: dict[str, int], what: str) -> dict[str, int]:
    for kind, value in values.items():
        if kind not in PREMIUM_KINDS:
            raise UsageError(f"{what}: unknown premium kind {kind!r}", f"Use {', '.join(PREMIUM_KINDS)}.")
        if not isinstance(value, int) or value < 0:
            raise UsageError(f"{what}: {kind} must be a whole number >= 0, not {value!r}")
    return values


@dataclass(frozen=True)
class _Kernels:
    """Per-board precomputation: orbit cells and pairwise interaction costs."""

    cells: np.ndarray      # (orbits, largest orbit) cell indices, padded with n (a zero column)
    sizes: np.ndarray
    rings: np.ndarray
    effect: np.ndarray     # (kinds, n, kinds, n + 1): cost a premium of kind a on cell p adds to
    #                        a premium of kind b on cell q (column n is the padding, always 0)
    self_cost: np.ndarray  # (kinds, orbits) cost of the pairs inside an orbit


def _pair_costs(rows: int, cols: int) -> dict[str, np.ndarray]:
    """(n, n) cost matrices of the objective's terms, by which kind pairs they apply to."""
    n = rows * cols
    r, c = np.divmod(np.arange(n), cols)
    dr = np.abs(r[:, None] - r[None, :])
    dc = np.abs(c[:, None] - c[None, :])
    cheb, manhattan = np.maximum(dr, dc), dr + dc
    quadrant_index = {name: i for i, name in enumerate(geometry.QUADRANTS)}
    quads = np.array([quadrant_index.get(geometry.quadrant(rows, cols, (i // cols, i % cols)), -1)
                      for i in range(n)])
    in_quadrant = (quads[:, None] == quads[None, :]) & (quads >= 0)[:, None] & (manhattan > 0)
    in_line = ((dr == 0) | (dc == 0)) & (manhattan > 0)
    short = manhattan + 1 <= SHORT_SPAN
    return {
        "any": ORTHOGONAL * (manhattan == 1) + DIAGONAL * ((cheb == 1) & (manhattan == 2)),
        "same": sum(weight * (cheb == d) for d, weight in SAME_KIND.items()) + QUADRANT * in_quadrant,
        "tw": np.where(in_line, np.where(short, LANE_SHORT, LANE_LONG), 0),
        "word": WORD_LINE * (in_line & short),
    }


@lru_cache(maxsize=16)
def _kernels(rows: int, cols: int, symmetry: str, premiums_on_start: bool) -> _Kernels:
    inv = inventory(rows, cols, symmetry, premiums_on_start)
    n, kinds = rows * cols, len(PREMIUM_KINDS)
    terms = _pair_costs(rows, cols)
    effect = np.zeros((kinds, n, kinds, n + 1), dtype=np.int32)
    for a, kind_a in enumerate(PREMIUM_KINDS):
        for b, kind_b in enumerate(PREMIUM_KINDS):
            total = terms["any"] + (terms["same"] if a == b else 0)
            total = total + (terms["tw"] if kind_a == kind_b == "TW" else 0)
            total = total + (terms["word"] if kind_a in WORD_KINDS and kind_b in WORD_KINDS else 0)
            effect[a, :, b, :n] = total
    width = max(inv.sizes, default=1)
    cells = np.full((len(inv.orbits), width), n, dtype=np.int64)
    self_cost = np.zeros((kinds, len(inv.orbits)), dtype=np.int64)
    for i, orbit in enumerate(inv.orbits):
        idx = np.array([row * cols + col for row, col in orbit])
        cells[i, :len(orbit)] = idx
        pairs = np.triu(np.ones((len(idx), len(idx)), dtype=bool), 1)
        for a in range(kinds):
            self_cost[a, i] = effect[a][np.ix_(idx, [a], idx)][:, 0, :][pairs].sum()
    return _Kernels(cells, np.array(inv.sizes), np.array(inv.rings), effect, self_cost)


def _place(inv: Inventory, k: _Kernels, plan: dict[str, tuple[int, ...]], min_distance: Mapping[str, int],
           rng: random.Random) -> dict[tuple[int, int], str]:
    n = inv.rows * inv.cols
    available = np.ones(len(inv.orbits), dtype=bool)
    pressure = np.zeros((len(PREMIUM_KINDS), n + 1), dtype=np.int64)  # cost of each kind on each cell
    premiums: dict[tuple[int, int], str] = {}
    for kind, per_size in plan.items():  # plan is ordered: most restricted distance first, then TW..DL
        ki = KIND_INDEX[kind]
        allowed = k.rings >= min_distance.get(kind, 0)
        for size, number in zip(inv.size_kinds, per_size):
            fits = allowed & (k.sizes == size)
            for _ in range(number):
                candidates = np.flatnonzero(fits & available)
                cost = pressure[ki][k.cells[candidates]].sum(axis=1) + k.self_cost[ki, candidates]
                shortlist = candidates[cost <= cost.min() + TOLERANCE_PER_SQUARE * size]
                chosen = int(shortlist[rng.randrange(len(shortlist))])
                available[chosen] = False
                pressure += k.effect[ki, k.cells[chosen, :size]].sum(axis=0)
                for square in inv.orbits[chosen]:
                    premiums[square] = kind
    return premiums


def request_from_ruleset(ruleset) -> dict:
    """generate_layout keyword arguments for a `Ruleset`'s random-board option (duck-typed).

    Size and the premiums-on-start rule come from ``board``, the number, counts and
    symmetry from ``board.random_board`` (the layout's premium count and a Wordfeud-
    proportioned split if it has none), the colours from the ruleset's layout.
    """
    board = ruleset.board
    option = board.random_board
    layout = ruleset.layout
    total = option.premiums if option else (board.premium_count or (layout.count() if layout else 0))
    return {"rows": board.rows, "cols": board.cols, "total": total,
            "counts": dict(option.counts) if option and option.counts else None,
            "symmetry": option.symmetry if option else "none",
            "premiums_on_start": board.premiums_on_start_allowed,
            "colours": dict(layout.colours) if layout and layout.colours else None}
