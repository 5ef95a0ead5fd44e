"""Pictures of a layout: SVG (written directly) and PNG (drawn with Pillow).

Both use one geometry in millimetres (`PictureGeometry`), so a printed board has
real sizes: 11 mm squares by default (a 16x16 board is 190 x 214 mm, fitting A4),
column letters above and below the board, row numbers left and right, a title
above and a legend below. Squares are filled with the layout's ``colours`` (the
seed's colours per ruleset; see `board.colours`), labelled TW/DW/TL/DL in black or
white for contrast; start squares carry a star. PNG is rendered at ``dpi`` pixels
per inch (300 by default, print quality) and records that resolution in the file.

SVG structure, stable for tools and tests: one ``<rect>`` per square with
``data-square`` (``H8``) and ``data-kind`` (``TW``, ``DW``, ``TL``, ``DL``, ``start``
or ``plain``) and its ``fill``; coordinate labels are ``<text class="coord">``.
Pillow is used for PNG because writing PNG by hand would also mean hand-writing
text rendering; SVG needs no library, so it is plain string building.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from lexicon_tools.board.colours import DEFAULT_COLOURS, GRID, INK, PLAIN, RGB, hex_colour, ink_for, kind_colours
from lexicon_tools.io.guard.atomic import atomic_write_bytes, atomic_write_text
from lexicon_tools.model.layout import Layout, square_name

LEGEND_ORDER = ("TW", "DW", "TL", "DL", "start")
LEGEND_TEXT = {"TW": "word x3", "DW": "word x2", "TL": "letter x3", "DL": "letter x2", "start": "start"}


@dataclass(frozen=True)
class PictureGeometry:
    rows: int
    cols: int
    cell: float = 11.0
    margin: float = 7.0
    title: float = 10.0
    legend: float = 14.0

    @property
    def width(self) -> float:
        return 2 * self.margin + self.cols * self.cell

    @property
    def height(self) -> float:
        return self.title + 2 * self.margin + self.rows * self.cell + self.legend

    def square_box(self, row: int, col: int) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of a square in millimetres."""
        x0 = self.margin + col * self.cell
        y0 = self.title + self.margin + row * self.cell
        return x0, y0, x0 + self.cell, y0 + self.cell

    def coordinate_labels(self) -> list[tuple[str, float, float]]:
        """(text, x, y) centres for column letters (top, bottom) and row numbers (left, right)."""
        top = self.title + self.margin / 2
        bottom = self.title + self.margin * 1.5 + self.rows * self.cell
        out = []
        for c in range(self.cols):
            x = self.margin + (c + 0.5) * self.cell
            out += [(chr(ord("A") + c), x, top), (chr(ord("A") + c), x, bottom)]
        for r in range(self.rows):
            y = self.title + self.margin + (r + 0.5) * self.cell
            out += [(str(r + 1), self.margin / 2, y), (str(r + 1), self.width - self.margin / 2, y)]
        return out

    def legend_items(self) -> list[tuple[str, float, float]]:
        """(kind, x, y) of each legend swatch's top-left corner."""
        y = self.height - self.legend + 4
        step = (self.width - 2 * self.margin) / len(LEGEND_ORDER)
        return [(kind, self.margin + i * step, y) for i, kind in enumerate(LEGEND_ORDER)]


def _square_kind(layout: Layout, row: int, col: int) -> str:
    kind = layout.premiums.get((row, col))
    return kind or ("start" if (row, col) in layout.start else "plain")


def _fill(colours: dict[str, RGB], kind: str) -> RGB:
    return PLAIN if kind == "plain" else colours[kind]


def _star(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def _title(layout: Layout) -> str:
    counts = layout.counts()
    parts = ", ".join(f"{k} {counts[k]}" for k in ("TW", "DW", "TL", "DL"))
    return f"{layout.name or 'layout'} - {layout.rows}x{layout.cols}, {layout.count()} premiums ({parts})"


def render_svg(layout: Layout, geometry: PictureGeometry | None = None) -> str:
    g = geometry or PictureGeometry(layout.rows, layout.cols)
    colours = kind_colours(layout.colours)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{g.width:g}mm" height="{g.height:g}mm" '
           f'viewBox="0 0 {g.width:g} {g.height:g}" font-family="Helvetica, Arial, sans-serif">',
           f"<title>{escape(_title(layout))}</title>",
           f'<rect x="0" y="0" width="{g.width:g}" height="{g.height:g}" fill="#ffffff"/>',
           f'<text x="{g.width / 2:g}" y="{g.title * 0.7:g}" font-size="5" text-anchor="middle" '
           f'fill="{hex_colour(INK)}">{escape(_title(layout))}</text>', '<g id="squares">']
    for r in range(layout.rows):
        for c in range(layout.cols):
            out += _svg_square(layout, g, colours, r, c)
    out.append('</g><g id="coordinates">')
    for text, x, y in g.coordinate_labels():
        out.append(f'<text class="coord" x="{x:.2f}" y="{y:.2f}" font-size="3.6" text-anchor="middle" '
                   f'dominant-baseline="central" fill="{hex_colour(INK)}">{escape(text)}</text>')
    out.append('</g><g id="legend">')
    names = {**DEFAULT_COLOURS, **layout.colours}
    for kind, x, y in g.legend_items():
        out.append(f'<rect class="swatch" data-kind="{kind}" x="{x:.2f}" y="{y:.2f}" width="6" height="6" '
                   f'fill="{hex_colour(colours[kind])}" stroke="{hex_colour(GRID)}" stroke-width="0.3"/>')
        label = f"{'' if kind == 'start' else kind + ' '}{LEGEND_TEXT[kind]} ({names[kind]})"
        out.append(f'<text x="{x + 7.5:.2f}" y="{y + 3:.2f}" font-size="3" dominant-baseline="central" '
                   f'fill="{hex_colour(INK)}">{escape(label)}</text>')
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


def _svg_square(layout: Layout, g: PictureGeometry, colours: dict[str, RGB], r: int, c: int) -> list[str]:
    kind = _square_kind(layout, r, c)
    fill = _fill(colours, kind)
    x0, y0, x1, y1 = g.square_box(r, c)
    name = square_name(r, c)
    out = [f'<rect data-square="{name}" data-kind="{kind}" x="{x0:.2f}" y="{y0:.2f}" width="{g.cell:g}" '
           f'height="{g.cell:g}" fill="{hex_colour(fill)}" stroke="{hex_colour(GRID)}" stroke-width="0.3"/>']
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ink = hex_colour(ink_for(fill))
    if kind in ("TW", "DW", "TL", "DL"):
        out.append(f'<text x="{cx:.2f}" y="{cy:.2f}" font-size="{g.cell * 0.36:.2f}" font-weight="bold" '
                   f'text-anchor="middle" dominant-baseline="central" fill="{ink}">{kind}</text>')
    if (r, c) in layout.start:
        points = " ".join(f"{x:.2f},{y:.2f}" for x, y in _star(cx, cy, g.cell * (0.3 if kind == "start" else 0.15)))
        out.append(f'<polygon class="start" points={quoteattr(points)} fill="{ink}"/>')
    return out


def render_png(layout: Layout, dpi: int = 300, geometry: PictureGeometry | None = None) -> bytes:
    from PIL import Image, ImageDraw, ImageFont

    g = geometry or PictureGeometry(layout.rows, layout.cols)
    scale = dpi / 25.4

    def px(mm: float) -> int:
        return round(mm * scale)

    def font(size_mm: float):
        return ImageFont.load_default(size=max(6, px(size_mm)))

    colours = kind_colours(layout.colours)
    image = Image.new("RGB", (px(g.width), px(g.height)), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    draw.text((px(g.width / 2), px(g.title * 0.55)), _title(layout), fill=INK, font=font(4.2), anchor="mm")
    label_font, coord_font = font(g.cell * 0.36), font(3.6)
    for r in range(layout.rows):
        for c in range(layout.cols):
            kind = _square_kind(layout, r, c)
            fill = _fill(colours, kind)
            x0, y0, x1, y1 = g.square_box(r, c)
            draw.rectangle((px(x0), px(y0), px(x1), px(y1)), fill=fill, outline=GRID, width=max(1, px(0.3)))
            centre = (px((x0 + x1) / 2), px((y0 + y1) / 2))
            if kind in ("TW", "DW", "TL", "DL"):
                draw.text(centre, kind, fill=ink_for(fill), font=label_font, anchor="mm")
            if (r, c) in layout.start:
                radius = g.cell * (0.3 if kind == "start" else 0.15)
                star = [(px(x), px(y)) for x, y in _star((x0 + x1) / 2, (y0 + y1) / 2, radius)]
                draw.polygon(star, fill=ink_for(fill))
    for text, x, y in g.coordinate_labels():
        draw.text((px(x), px(y)), text, fill=INK, font=coord_font, anchor="mm")
    small = font(3)
    for kind, x, y in g.legend_items():
        draw.rectangle((px(x), px(y), px(x + 6), px(y + 6)), fill=colours[kind], outline=GRID)
        label = f"{'' if kind == 'start' else kind + ' '}{LEGEND_TEXT[kind]}"
        draw.text((px(x + 7.5), px(y + 3)), label, fill=INK, font=small, anchor="lm")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi), optimize=False)
    return buffer.getvalue()


def write_svg(layout: Layout, path: str | Path) -> None:
    atomic_write_text(path, render_svg(layout))


def write_png(layout: Layout, path: str | Path, dpi: int = 300) -> None:
    atomic_write_bytes(path, render_png(layout, dpi))
