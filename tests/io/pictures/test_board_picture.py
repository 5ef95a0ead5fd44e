"""Board pictures: render real SVG and PNG files and check the colours at known premium squares.

The expected colours are the rule texts' colour *names* (Wortspieler: green x2 letter, yellow x3
letter, blue x2 word, red x3 word, brown centre; SmartFeud: green DL, blue TL, pink DW, red TW),
checked by hue, so the test does not repeat the palette's RGB values.
"""

from __future__ import annotations

import colorsys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from lexicon_tools.board.generate import generate_layout
from lexicon_tools.errors import LayoutError
from lexicon_tools.io.pictures.board_picture import PictureGeometry, render_svg, write_png, write_svg
from lexicon_tools.io.formats.layouts import load_layout
from lexicon_tools.model.layout import Layout, parse_square

ROOT = Path(__file__).resolve().parents[3]
SVG_NS = "{http://www.w3.org/2000/svg}"


def colour_family(rgb: tuple[int, int, int]) -> str:
    h, s, v = colorsys.rgb_to_hsv(*(x / 255 for x in rgb))
    hue = h * 360
    if s < 0.08:
        return "grey" if v < 0.9 else "white"
    if s < 0.2 and v > 0.85:
        return "beige"  # the pale plain squares
    if 15 <= hue <= 40 and v < 0.65:
        return "brown"
    if (hue >= 320 or hue <= 10) and s < 0.6 and v > 0.8:
        return "pink"
    if hue <= 15 or hue >= 345:
        return "red"
    if 40 <= hue <= 65:
        return "yellow"
    if 90 <= hue <= 150:
        return "green"
    if 195 <= hue <= 250:
        return "blue"
    return f"other({hue:.0f},{s:.2f},{v:.2f})"


def hex_to_rgb(text: str) -> tuple[int, int, int]:
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


# layout file, square, expected kind, expected colour family
KNOWN = [
    ("wortspieler-16", "A1", "TW", "red"),
    ("wortspieler-16", "B2", "DW", "blue"),
    ("wortspieler-16", "F2", "TL", "yellow"),
    ("wortspieler-16", "D1", "DL", "green"),
    ("wortspieler-16", "H8", "start", "brown"),
    ("smartfeud-16", "E1", "TW", "red"),
    ("smartfeud-16", "G2", "DW", "pink"),
    ("smartfeud-16", "A1", "TL", "blue"),
    ("smartfeud-16", "H1", "DL", "green"),
    ("smartfeud-16", "I9", "start", "grey"),
]


@pytest.fixture(scope="module")
def svg_trees(tmp_path_factory):
    out = {}
    for name in ("wortspieler-16", "smartfeud-16"):
        path = tmp_path_factory.mktemp("svg") / f"{name}.svg"
        write_svg(load_layout(ROOT / "rulesets/layouts" / f"{name}.yaml"), path)
        out[name] = ET.parse(path).getroot()
    return out


@pytest.fixture(scope="module")
def png_images(tmp_path_factory):
    out = {}
    for name in ("wortspieler-16", "smartfeud-16"):
        path = tmp_path_factory.mktemp("png") / f"{name}.png"
        write_png(load_layout(ROOT / "rulesets/layouts" / f"{name}.yaml"), path, dpi=72)
        out[name] = Image.open(path).convert("RGB")
    return out


@pytest.mark.parametrize("name,square,kind,family", KNOWN)
def test_svg_square_colours(svg_trees, name, square, kind, family):
    rects = [r for r in svg_trees[name].iter(f"{SVG_NS}rect") if r.get("data-square") == square]
    assert len(rects) == 1
    assert rects[0].get("data-kind") == kind
    assert colour_family(hex_to_rgb(rects[0].get("fill"))) == family


@pytest.mark.parametrize("name,square,kind,family", KNOWN)
def test_png_pixel_colours(png_images, name, square, kind, family):
    image = png_images[name]
    scale = 72 / 25.4
    x0, y0, _x1, _y1 = PictureGeometry(16, 16).square_box(*parse_square(square))
    inset = PictureGeometry(16, 16).cell * 0.15  # away from the label and the grid line
    pixel = image.getpixel((round((x0 + inset) * scale), round((y0 + inset) * scale)))
    assert colour_family(pixel) == family


def test_svg_has_one_square_per_board_square_and_plain_squares_are_light(svg_trees):
    squares = [r for r in svg_trees["smartfeud-16"].iter(f"{SVG_NS}rect") if r.get("data-square")]
    assert len(squares) == 256
    kinds = [r.get("data-kind") for r in squares]
    assert kinds.count("plain") == 256 - 56 - 4
    plain = next(r for r in squares if r.get("data-kind") == "plain")
    assert colour_family(hex_to_rgb(plain.get("fill"))) in ("beige", "white")


def test_svg_coordinates_sit_on_all_four_edges_of_the_board(svg_trees):
    geometry = PictureGeometry(16, 16)
    left, top, _, _ = geometry.square_box(0, 0)
    _, _, right, bottom = geometry.square_box(15, 15)
    labels = [(t.text, float(t.get("x")), float(t.get("y"))) for t in svg_trees["wortspieler-16"].iter(f"{SVG_NS}text")
              if t.get("class") == "coord"]
    for letter in "ABCDEFGHIJKLMNOP":
        ys = sorted(y for text, _x, y in labels if text == letter)
        assert len(ys) == 2 and ys[0] < top and ys[1] > bottom
    for number in range(1, 17):
        xs = sorted(x for text, x, _y in labels if text == str(number))
        assert len(xs) == 2 and xs[0] < left and xs[1] > right


def test_png_is_printable_and_has_coordinates_drawn(tmp_path):
    layout = load_layout(ROOT / "rulesets/layouts/wordfeud-15.yaml")
    path = tmp_path / "wordfeud.png"
    write_png(layout, path, dpi=150)
    image = Image.open(path)
    assert round(image.info["dpi"][0]) == 150
    width_mm, height_mm = (px / 150 * 25.4 for px in image.size)
    assert width_mm <= 210 and height_mm <= 297  # fits A4 portrait
    grey = image.convert("L")
    geometry = PictureGeometry(15, 15)
    for _text, x, y in geometry.coordinate_labels()[:6]:
        cx, cy = round(x * 150 / 25.4), round(y * 150 / 25.4)
        box = grey.crop((cx - 12, cy - 12, cx + 12, cy + 12))
        assert box.getextrema()[0] < 100  # dark ink where the label is


def test_generated_board_uses_default_colours(tmp_path):
    layout = generate_layout(16, 16, 56, seed=1)
    root = ET.fromstring(render_svg(layout))
    fills = {r.get("data-kind"): r.get("fill") for r in root.iter(f"{SVG_NS}rect") if r.get("data-square")}
    assert colour_family(hex_to_rgb(fills["TW"])) == "red"
    assert colour_family(hex_to_rgb(fills["DL"])) == "green"


def test_hex_colours_and_unknown_colour_names():
    layout = Layout(3, 3, {(0, 0): "TW"}, ((1, 1),), {"TW": "#00f", "start": "mauve-ish"})
    with pytest.raises(LayoutError, match="unknown colour 'mauve-ish'"):
        render_svg(layout)
    ok = Layout(3, 3, {(0, 0): "TW"}, ((1, 1),), {"TW": "#0000ff"})
    root = ET.fromstring(render_svg(ok))
    fill = next(r.get("fill") for r in root.iter(f"{SVG_NS}rect") if r.get("data-square") == "A1")
    assert fill == "#0000ff"
