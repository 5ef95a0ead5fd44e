"""The report's pictures, drawn with matplotlib and returned as PNG bytes.

matplotlib (rather than hand-drawn SVG) because it is the well-kept standard for
exactly these charts: error bars, box plots and heatmaps with colour bars, with
text layout that copes with long variant names. Figures are built with the
object API (`matplotlib.figure.Figure`, Agg canvas): no pyplot global state, no
display needed, so it runs on a headless machine. Variant names are drawn as plain
text (``parse_math=False``: a name with ``$...$`` is not TeX) and cut to `LABEL_WIDTH`.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import Any

LABEL_WIDTH = 60     # characters of a variant name on an axis: matplotlib lays out long text slowly
SEAT_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")


def label(name: str, width: int = LABEL_WIDTH) -> str:
    """A variant's name as a picture's label: at most `width` characters (the tables give it whole)."""
    return name if len(name) <= width else name[:width - 1] + "…"


def labels(names: Sequence[str]) -> list[str]:
    return [label(n) for n in names]


def _figure(width: float, height: float):
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=96, layout="constrained")


def _png(fig) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


def interval_chart(names: Sequence[str], estimates: Sequence[Any], title: str, unit: str) -> bytes:
    """Variants side by side (one row each): the mean and its 95% interval."""
    fig = _figure(7.5, 1.2 + 0.38 * len(names))
    ax = fig.subplots()
    ys = list(range(len(names)))[::-1]
    means = [e.mean for e in estimates]
    lows = [max(0.0, e.mean - e.low) if not math.isnan(e.low) else 0.0 for e in estimates]
    highs = [max(0.0, e.high - e.mean) if not math.isnan(e.high) else 0.0 for e in estimates]
    ax.errorbar(means, ys, xerr=[lows, highs], fmt="o", color="#1f77b4", ecolor="#555555", capsize=4)
    ax.set_yticks(ys, labels=labels(names), parse_math=False)
    ax.set_xlabel(f"{unit} (mean, 95% interval)")
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def score_distribution(names: Sequence[str], seat_scores: Sequence[Sequence[Sequence[float]]]) -> bytes:
    """Box plots of the final score per seat, the variants side by side."""
    fig = _figure(max(7.5, 1.0 + 1.1 * len(names)), 4.2)
    ax = fig.subplots()
    seats = max((len(s) for s in seat_scores), default=1)
    width = 0.8 / seats
    for seat in range(seats):
        data = [list(s[seat]) if seat < len(s) and len(s[seat]) else [math.nan] for s in seat_scores]
        positions = [i + (seat - (seats - 1) / 2) * width for i in range(len(names))]
        parts = ax.boxplot(data, positions=positions, widths=width * 0.9, patch_artist=True, showfliers=False,
                           manage_ticks=False)
        for box in parts["boxes"]:
            box.set_facecolor(SEAT_COLOURS[seat % len(SEAT_COLOURS)])
            box.set_alpha(0.6)
        ax.plot([], [], "s", color=SEAT_COLOURS[seat % len(SEAT_COLOURS)], label=f"seat {seat + 1}")
    crowded = len(names) > 4 or max(map(len, labels(names)), default=0) * len(names) > 60
    ax.set_xticks(range(len(names)), labels=labels(names), rotation=25 if crowded else 0,
                  ha="right" if crowded else "center", parse_math=False)
    ax.set_ylabel("final score")
    ax.set_title("Score distribution per seat (boxes: quartiles, whiskers: 1.5 IQR)")
    ax.legend(loc="best")
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)


def heatmaps(names: Sequence[str], grids: Sequence[Any], boards: Sequence[dict]) -> bytes:
    """Premium uses per game on each square, one board per variant, on a shared colour scale."""
    import numpy as np

    count = len(names)
    cols = min(count, 3)
    rows = math.ceil(count / cols)
    fig = _figure(4.2 * cols + 0.8, 4.3 * rows)
    axes = np.atleast_1d(fig.subplots(rows, cols, squeeze=False)).ravel()
    top = max((float(g.max()) for g in grids if g.size), default=0.0) or 1.0
    image = None
    for ax, name, grid, board in zip(axes, names, grids, boards):
        image = ax.imshow(grid, cmap="viridis", vmin=0, vmax=top)
        ax.set_title(label(name, 40), fontsize=9, parse_math=False)
        ax.set_xticks(range(board["cols"]), labels=[chr(65 + c) for c in range(board["cols"])], fontsize=6)
        ax.set_yticks(range(board["rows"]), labels=[str(r + 1) for r in range(board["rows"])], fontsize=6)
        if not board.get("random_per_game"):
            for square, kind in board["premiums"]:
                r, c = divmod(square, board["cols"])
                ax.text(c, r, kind, ha="center", va="center", fontsize=5,
                        color="white" if grid[r, c] < top / 2 else "black")
    for ax in axes[count:]:
        ax.set_visible(False)
    if image is not None:
        fig.colorbar(image, ax=list(axes[:count]), shrink=0.8, label="premium uses per game")
    return _png(fig)
