"""Design metrics of a premium layout: what a board designer looks at besides the counts.

* **Density per quadrant and per ring**: premiums / squares in each quadrant
  (NW, NE, SW, SE; the middle lines of an odd board are ``axes``) and in each ring
  around the centre block (see `geometry`). A fair board has even quadrants; the
  ring profile shows whether premiums crowd the centre or the edges.
* **Start distance**: for each kind, the Chebyshev distance from the nearest start
  square to the nearest premium of that kind (None if the kind is absent). A DW or
  TW close to the start makes the opening move decide the game.
* **Clusters**: groups of premiums joined by shared edges (orthogonal neighbours,
  because only those can be covered by one word and stack their multipliers).
  Reported as the adjacent pairs and the clusters of two or more squares.
* **TW lanes**: two TW squares in the same row or column, within ``max_span``
  squares (default the board's longer side), so one word can cover both for x9.
  Each lane is reported with its span (squares from one TW to the other, inclusive);
  short lanes are the dangerous ones.

`summary_rows` flattens the metrics into labelled strings for `board validate` and
`board compare`; `to_json` gives the same data for tools.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lexicon_tools.board import geometry
from lexicon_tools.model.layout import PREMIUM_KINDS, Layout, square_name

Square = tuple[int, int]


@dataclass(frozen=True)
class Density:
    premiums: int
    squares: int

    @property
    def ratio(self) -> float:
        return self.premiums / self.squares if self.squares else 0.0

    def __str__(self) -> str:
        return f"{self.ratio:.0%} ({self.premiums}/{self.squares})"


@dataclass(frozen=True)
class Lane:
    a: Square
    b: Square
    span: int

    def __str__(self) -> str:
        return f"{square_name(*self.a)}-{square_name(*self.b)} ({self.span})"


@dataclass(frozen=True)
class Metrics:
    rows: int
    cols: int
    counts: dict[str, int]
    total: int
    quadrants: dict[str, Density]
    rings: tuple[Density, ...]
    start_distance: dict[str, int | None]
    adjacent_pairs: int
    clusters: tuple[tuple[Square, ...], ...]
    tw_lanes: tuple[Lane, ...] = field(default=())

    @property
    def density(self) -> Density:
        return Density(self.total, self.rows * self.cols)

    @property
    def largest_cluster(self) -> int:
        return max((len(c) for c in self.clusters), default=1 if self.total else 0)


def compute_metrics(layout: Layout, max_lane_span: int | None = None) -> Metrics:
    rows, cols = layout.rows, layout.cols
    premiums = {sq: k for sq, k in layout.premiums.items() if layout.on_board(sq)}
    return Metrics(
        rows=rows,
        cols=cols,
        counts={kind: sum(1 for k in premiums.values() if k == kind) for kind in PREMIUM_KINDS},
        total=len(premiums),
        quadrants=_quadrants(rows, cols, premiums),
        rings=_rings(rows, cols, premiums),
        start_distance=start_distances(layout),
        adjacent_pairs=_adjacent_pairs(rows, cols, premiums),
        clusters=_clusters(rows, cols, premiums),
        tw_lanes=_tw_lanes(premiums, max_lane_span or max(rows, cols)),
    )


def start_distances(layout: Layout) -> dict[str, int | None]:
    starts = [sq for sq in layout.start if layout.on_board(sq)]
    out: dict[str, int | None] = {}
    for kind in PREMIUM_KINDS:
        dists = [geometry.distance_to(sq, starts) for sq, k in layout.premiums.items() if k == kind]
        out[kind] = min((d for d in dists if d is not None), default=None)
    return out


def _quadrants(rows: int, cols: int, premiums: dict[Square, str]) -> dict[str, Density]:
    names = geometry.QUADRANTS + (("axes",) if rows % 2 or cols % 2 else ())
    squares = dict.fromkeys(names, 0)
    hits = dict.fromkeys(names, 0)
    for sq in geometry.squares(rows, cols):
        name = geometry.quadrant(rows, cols, sq) or "axes"
        squares[name] += 1
        hits[name] += sq in premiums
    return {name: Density(hits[name], squares[name]) for name in names}


def _rings(rows: int, cols: int, premiums: dict[Square, str]) -> tuple[Density, ...]:
    count = geometry.ring_count(rows, cols)
    squares = [0] * count
    hits = [0] * count
    for sq in geometry.squares(rows, cols):
        ring = geometry.ring(rows, cols, sq)
        squares[ring] += 1
        hits[ring] += sq in premiums
    return tuple(Density(h, s) for h, s in zip(hits, squares))


def _adjacent_pairs(rows: int, cols: int, premiums: dict[Square, str]) -> int:
    return sum(1 for (r, c) in premiums for nb in ((r + 1, c), (r, c + 1)) if nb in premiums)


def _clusters(rows: int, cols: int, premiums: dict[Square, str]) -> tuple[tuple[Square, ...], ...]:
    seen: set[Square] = set()
    out = []
    for start in sorted(premiums):
        if start in seen:
            continue
        seen.add(start)
        stack, group = [start], [start]
        while stack:
            for nb in geometry.orthogonal_neighbours(rows, cols, stack.pop()):
                if nb in premiums and nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
                    group.append(nb)
        if len(group) > 1:
            out.append(tuple(sorted(group)))
    return tuple(out)


def _tw_lanes(premiums: dict[Square, str], max_span: int) -> tuple[Lane, ...]:
    tws = sorted(sq for sq, k in premiums.items() if k == "TW")
    lanes = []
    for i, a in enumerate(tws):
        for b in tws[i + 1:]:
            if a[0] == b[0] or a[1] == b[1]:
                span = abs(a[0] - b[0]) + abs(a[1] - b[1]) + 1
                if span <= max_span:
                    lanes.append(Lane(a, b, span))
    return tuple(sorted(lanes, key=lambda lane: (lane.span, lane.a, lane.b)))


def _distance(value: int | None) -> str:
    return "-" if value is None else str(value)


def summary_rows(m: Metrics) -> list[tuple[str, str]]:
    """(label, value) pairs in a fixed order, shared by `validate` and `compare`."""
    rows = [
        ("size", f"{m.rows}x{m.cols}"),
        ("premiums", f"{m.total} ({m.density})"),
    ]
    rows += [(f"  {kind}", str(m.counts[kind])) for kind in ("TW", "DW", "TL", "DL")]
    rows += [(f"quadrant {name}", str(d)) for name, d in m.quadrants.items()]
    rows += [(f"ring {i}", str(d)) for i, d in enumerate(m.rings)]
    rows += [(f"start -> nearest {kind}", _distance(m.start_distance[kind])) for kind in ("TW", "DW", "TL", "DL")]
    rows += [
        ("adjacent pairs", str(m.adjacent_pairs)),
        ("clusters (2+)", str(len(m.clusters))),
        ("largest cluster", str(m.largest_cluster)),
        ("TW lanes", str(len(m.tw_lanes))),
        ("shortest TW lane", str(m.tw_lanes[0].span) if m.tw_lanes else "-"),
    ]
    return rows


def to_json(m: Metrics) -> dict[str, Any]:
    return {
        "size": [m.rows, m.cols],
        "counts": dict(m.counts),
        "total": m.total,
        "density": round(m.density.ratio, 4),
        "quadrants": {k: {"premiums": d.premiums, "squares": d.squares} for k, d in m.quadrants.items()},
        "rings": [{"ring": i, "premiums": d.premiums, "squares": d.squares} for i, d in enumerate(m.rings)],
        "start_distance": dict(m.start_distance),
        "adjacent_pairs": m.adjacent_pairs,
        "clusters": [[square_name(*sq) for sq in c] for c in m.clusters],
        "tw_lanes": [{"from": square_name(*x.a), "to": square_name(*x.b), "span": x.span} for x in m.tw_lanes],
    }
