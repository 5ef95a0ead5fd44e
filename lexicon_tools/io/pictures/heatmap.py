"""Square-usage heatmaps of test games, as PNG (Pillow).

Each square is filled on a white → yellow → red scale by how many tiles were
placed on it per game (the maximum square is full red) and shows that number.
Premium squares get a frame in their kind's colour (the layout's ``colours``)
and their kind's label, so a designer sees at a glance which premiums the
games reach and which lie idle. Column letters and row numbers frame the board;
the title and the scale sit above and below it.

Pillow because PNG needs compression and text rendering that are not worth
writing by hand; the bundled scalable font keeps the output the same on every
machine.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from lexicon_tools.board.colours import kind_colours
from lexicon_tools.io.guard.atomic import atomic_write_bytes
from lexicon_tools.model.layout import Layout

CELL = 40
MARGIN = 28
TITLE = 30
SCALE = 34


def heat_colour(fraction: float) -> tuple[int, int, int]:
    """0 → white, 0.5 → yellow, 1 → red."""
    f = min(max(fraction, 0.0), 1.0)
    if f <= 0.5:
        return 255, 255, int(255 - 2 * f * (255 - 60))
    return 255, int(255 - (f - 0.5) * 2 * (255 - 40)), int(60 - (f - 0.5) * 2 * 60)


def render_heatmap(layout: Layout, usage: list[float], title: str) -> bytes:
    """PNG bytes: `usage[r * cols + c]` = tiles placed on that square per game."""
    rows, cols = layout.rows, layout.cols
    width = 2 * MARGIN + cols * CELL
    height = TITLE + 2 * MARGIN + rows * CELL + SCALE
    image = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=11)
    small = ImageFont.load_default(size=9)
    draw.text((MARGIN, 8), title, fill=(20, 20, 20), font=ImageFont.load_default(size=14))
    top = TITLE + MARGIN
    peak = max(usage) if usage and max(usage) > 0 else 1.0
    colours = kind_colours(layout.colours)
    for r in range(rows):
        for c in range(cols):
            x0, y0 = MARGIN + c * CELL, top + r * CELL
            value = usage[r * cols + c]
            draw.rectangle([x0, y0, x0 + CELL, y0 + CELL], fill=heat_colour(value / peak), outline=(150, 150, 150))
            kind = layout.premium_at(r, c) or ("start" if (r, c) in layout.start else None)
            if kind:
                draw.rectangle([x0 + 2, y0 + 2, x0 + CELL - 2, y0 + CELL - 2], outline=colours.get(kind, (0, 0, 0)),
                               width=3)
                draw.text((x0 + 5, y0 + 4), "*" if kind == "start" else kind, fill=(20, 20, 20), font=small)
            draw.text((x0 + CELL / 2, y0 + CELL - 12), f"{value:.2f}", fill=(20, 20, 20), font=small, anchor="mm")
    for c in range(cols):
        draw.text((MARGIN + c * CELL + CELL / 2, top - 10), chr(65 + c), fill=(60, 60, 60), font=font, anchor="mm")
    for r in range(rows):
        draw.text((MARGIN / 2, top + r * CELL + CELL / 2), str(r + 1), fill=(60, 60, 60), font=font, anchor="mm")
    _scale(draw, top + rows * CELL + 10, width, peak, font)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def _scale(draw: ImageDraw.ImageDraw, y: int, width: int, peak: float, font) -> None:
    left, right = MARGIN, width - MARGIN - 120
    for i in range(right - left):
        draw.line([left + i, y, left + i, y + 12], fill=heat_colour(i / max(1, right - left - 1)))
    draw.text((left, y + 14), "0", fill=(40, 40, 40), font=font)
    draw.text((right, y + 14), f"{peak:.2f} tiles per game", fill=(40, 40, 40), font=font, anchor="ra")


def write_heatmap(path: str | Path, layout: Layout, usage: list[float], title: str) -> None:
    atomic_write_bytes(path, render_heatmap(layout, usage, title))
