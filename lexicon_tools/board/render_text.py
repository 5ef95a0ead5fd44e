"""The terminal picture of a layout: a grid with coordinates and a legend.

Each square is three characters wide and shows its kind (TW, DW, TL, DL), ``*``
for a plain start square or ``.`` for a plain square (a start square carrying a
premium shows the premium; the legend lists the start squares).
With ``colour=True`` squares get the layout's colours as 24-bit ANSI backgrounds
(with black or white text, whichever reads better); without, the grid is plain
text, for pipes, files and screen readers.
"""

from __future__ import annotations

from lexicon_tools.board.colours import DEFAULT_COLOURS, PLAIN, RGB, ink_for, kind_colours
from lexicon_tools.model.layout import Layout, square_name

NAMES = {"TW": "triple word", "DW": "double word", "TL": "triple letter", "DL": "double letter",
         "start": "start square"}
RESET = "\x1b[0m"


def _paint(text: str, background: RGB) -> str:
    ink = ink_for(background)
    return "\x1b[48;2;{};{};{}m\x1b[38;2;{};{};{}m".format(*background, *ink) + text + RESET


def render_grid(layout: Layout, colour: bool = False) -> str:
    rgb = kind_colours(layout.colours)
    width = len(str(layout.rows))
    header = " " * (width + 1) + "".join(f"{chr(ord('A') + c):^3}" for c in range(layout.cols))
    lines = [header]
    for r in range(layout.rows):
        cells = []
        for c in range(layout.cols):
            kind = layout.premiums.get((r, c))
            label = kind or ("*" if (r, c) in layout.start else ".")
            key = kind or ("start" if (r, c) in layout.start else None)
            text = f"{label:^3}"
            cells.append(_paint(text, rgb[key] if key else PLAIN) if colour else text)
        lines.append(f"{r + 1:>{width}} " + "".join(cells) + f" {r + 1}")
    lines.append(header)
    lines.append("")
    lines.append(render_legend(layout, colour))
    return "\n".join(lines)


def render_legend(layout: Layout, colour: bool = False) -> str:
    rgb = kind_colours(layout.colours)
    names = {**DEFAULT_COLOURS, **layout.colours}
    counts = layout.counts()
    entries = []
    for kind in ("TW", "DW", "TL", "DL", "start"):
        label = "*" if kind == "start" else kind
        swatch = _paint(f"{label:^3}", rgb[kind]) if colour else label
        count = len(layout.start) if kind == "start" else counts[kind]
        entries.append(f"{swatch} {NAMES[kind]} ({names[kind]}) x{count}")
    starts = ", ".join(square_name(*sq) for sq in layout.start) or "none"
    return "\n".join(entries + [f"start: {starts}"])
