"""Colour names of layouts to RGB, for the terminal grid and the pictures.

A layout's ``colours`` maps ``DL``, ``TL``, ``DW``, ``TW`` and ``start`` to a name
from `PALETTE` or to ``#rgb`` / ``#rrggbb``. The palette is a print-friendly
choice (mid saturation, so labels stay readable in black or white). Kinds without
a colour fall back to `DEFAULT_COLOURS`, SmartFeud's seed colours (green DL, blue
TL, pink DW, red TW), which generated boards also carry.
"""

from __future__ import annotations

from collections.abc import Mapping

from lexicon_tools.errors import LayoutError

RGB = tuple[int, int, int]

PALETTE: dict[str, RGB] = {
    "red": (214, 58, 48),
    "darkred": (150, 30, 30),
    "pink": (240, 150, 175),
    "orange": (240, 140, 40),
    "yellow": (245, 210, 50),
    "green": (80, 170, 80),
    "lightgreen": (170, 220, 150),
    "darkgreen": (40, 110, 50),
    "blue": (50, 100, 210),
    "lightblue": (140, 200, 240),
    "darkblue": (30, 50, 140),
    "purple": (140, 80, 180),
    "brown": (140, 90, 45),
    "beige": (240, 232, 214),
    "grey": (160, 160, 160),
    "gray": (160, 160, 160),
    "white": (255, 255, 255),
    "black": (0, 0, 0),
}

DEFAULT_COLOURS = {"DL": "green", "TL": "blue", "DW": "pink", "TW": "red", "start": "grey"}
PLAIN = PALETTE["beige"]
GRID = (120, 110, 95)
INK = (30, 30, 30)


def to_rgb(name: str, field: str = "colours") -> RGB:
    text = name.strip().lower()
    if text in PALETTE:
        return PALETTE[text]
    digits = text[1:] if text.startswith("#") else ""
    if len(digits) == 3 and all(ch in "0123456789abcdef" for ch in digits):
        return tuple(int(ch * 2, 16) for ch in digits)  # type: ignore[return-value]
    if len(digits) == 6 and all(ch in "0123456789abcdef" for ch in digits):
        return tuple(int(digits[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]
    raise LayoutError(f"[{field}] unknown colour {name!r}",
                      f"Use #rrggbb or one of: {', '.join(sorted(PALETTE))}.")


def kind_colours(colours: Mapping[str, str]) -> dict[str, RGB]:
    """RGB for DL, TL, DW, TW and start, from a layout's colours with defaults filled in."""
    merged = dict(DEFAULT_COLOURS)
    merged.update({k: v for k, v in colours.items() if k in DEFAULT_COLOURS})
    return {kind: to_rgb(name, f"colours.{kind}") for kind, name in merged.items()}


def hex_colour(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def ink_for(background: RGB) -> RGB:
    """Black or white text, whichever reads better on `background` (relative luminance)."""
    r, g, b = background
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)
