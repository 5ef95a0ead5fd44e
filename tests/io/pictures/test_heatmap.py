"""Heatmap PNGs: the busiest square is red, an unused one white, premiums are framed."""

from __future__ import annotations

import io

from PIL import Image

from lexicon_tools.io.pictures.heatmap import CELL, MARGIN, TITLE, heat_colour, write_heatmap
from lexicon_tools.model.layout import Layout


def test_heat_scale_runs_white_yellow_red():
    assert heat_colour(0.0) == (255, 255, 255)
    assert heat_colour(0.5)[:2] == (255, 255) and heat_colour(0.5)[2] < 100
    assert heat_colour(1.0) == (255, 40, 0)


def test_heatmap_png(tmp_path):
    layout = Layout(3, 4, {(0, 0): "TW"}, ((1, 1),), {"TW": "red"}, "tiny")
    usage = [0.0] * 12
    usage[1 * 4 + 2] = 2.5                                  # C2 is the busiest square
    usage[2 * 4 + 3] = 1.25
    target = tmp_path / "heat.png"
    write_heatmap(target, layout, usage, "tiny board")
    image = Image.open(io.BytesIO(target.read_bytes())).convert("RGB")
    assert image.size == (2 * MARGIN + 4 * CELL, TITLE + 2 * MARGIN + 3 * CELL + 34)

    def centre(r, c):
        return image.getpixel((MARGIN + c * CELL + CELL // 2 + 8, TITLE + MARGIN + r * CELL + CELL // 2 - 4))

    assert centre(1, 2) == heat_colour(1.0)
    assert centre(0, 3) == (255, 255, 255)
    assert centre(2, 3) == heat_colour(0.5)
    frame = image.getpixel((MARGIN + 3, TITLE + MARGIN + CELL // 2))   # inside A1's TW frame
    assert frame[0] > 150 and frame[1] < 100
