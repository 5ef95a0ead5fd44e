"""Read and write layout YAML files.

Two equivalent forms (both convert into each other losslessly):

**Row strings** — one character per square, rows top to bottom::

    name: wordfeud-15
    rows:
      - "\"..=...'...=..\""
      ...
    legend: {"=": TW, "-": DW, "\"": TL, "'": DL, "*": start, ".": plain}   # optional
    start: [H8]            # optional, in addition to '*' squares
    colours: {DL: green, TL: blue, DW: pink, TW: red, start: brown}

The default legend is macondo's (`=` TW, `-` DW, `"` TL, `'` DL) plus `*` for a
plain start square and `.` (or space) for a plain square.

**Coordinate list**::

    name: wordfeud-15
    size: [15, 15]          # rows, cols
    premiums: {TW: [E1, K1, ...], DW: [...], TL: [...], DL: [...]}
    start: [H8]
    colours: {...}

Square names are a column letter (A = leftmost) and a 1-based row from the top.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from lexicon_tools.errors import LayoutError, Problem
from lexicon_tools.io.located_yaml import locate, read_yaml
from lexicon_tools.model.layout import PREMIUM_KINDS, Layout, parse_square, square_name

DEFAULT_LEGEND = {"=": "TW", "-": "DW", '"': "TL", "'": "DL", "*": "start", ".": "plain", " ": "plain"}
SYMBOL_OF = {"TW": "=", "DW": "-", "TL": '"', "DL": "'"}
_KNOWN_KEYS = {"name", "description", "rows", "legend", "start", "colours", "size", "premiums"}


def load_layout(path: str | Path) -> Layout:
    path = Path(path)
    data, locations = read_yaml(path, "Give the path of a layout YAML file.")
    problems: list[Problem] = []

    def problem(field: tuple, message: str) -> None:
        loc = locate(field, locations)
        problems.append(Problem(message, str(path), loc[1] if loc else None, ".".join(map(str, field)) or None))

    if not isinstance(data, dict):
        raise LayoutError(f"{path}: a layout file must be a mapping with 'rows' or 'size' and 'premiums'")
    for key in data:
        if key not in _KNOWN_KEYS:
            problem((key,), f"unknown key {key!r} (known: {', '.join(sorted(_KNOWN_KEYS))})")
    layout = layout_from_data(data, problem, name=data.get("name") or path.stem)
    if problems:
        raise LayoutError(f"{path}: {len(problems)} problem(s) in the layout", problems=problems)
    return layout


def layout_from_data(data: dict[str, Any], problem, name: str = "") -> Layout:
    """Build a Layout from parsed YAML; reports problems through `problem(field, message)`."""
    colours = {str(k): str(v) for k, v in (data.get("colours") or {}).items()}
    if "rows" in data and "size" in data:
        problem(("size",), "give either 'rows' (row strings) or 'size' + 'premiums' (coordinates), not both")
    if "rows" in data:
        rows, cols, premiums, start = _from_rows(data, problem)
    elif "size" in data:
        rows, cols, premiums, start = _from_coordinates(data, problem)
    else:
        problem((), "a layout needs 'rows' (row strings) or 'size' and 'premiums' (coordinates)")
        rows = cols = 0
        premiums, start = {}, []
    for i, sq_name in enumerate(data.get("start") or []):
        try:
            sq = parse_square(str(sq_name))
        except ValueError as exc:
            problem(("start", i), str(exc))
            continue
        if not (0 <= sq[0] < rows and 0 <= sq[1] < cols):
            problem(("start", i), f"start square {sq_name} lies off the {rows}x{cols} board")
        elif sq not in start:
            start.append(sq)
    return Layout(rows, cols, premiums, tuple(sorted(start)), colours, name)


def _from_rows(data, problem):
    legend = dict(DEFAULT_LEGEND)
    legend.update({str(k): str(v) for k, v in (data.get("legend") or {}).items()})
    for sym, kind in legend.items():
        if kind not in PREMIUM_KINDS + ("start", "plain"):
            problem(("legend", sym), f"legend kind {kind!r} must be one of DL, TL, DW, TW, start, plain")
    lines = data["rows"]
    if not isinstance(lines, list) or not lines:
        problem(("rows",), "'rows' must be a list of row strings")
        return 0, 0, {}, []
    cols = max(len(str(line)) for line in lines)
    premiums: dict = {}
    start: list = []
    for r, line in enumerate(lines):
        line = str(line)
        if len(line) != cols:
            problem(("rows", r), f"row {r + 1} has {len(line)} squares, the first row has {cols}")
        for c, sym in enumerate(line):
            kind = legend.get(sym)
            if kind is None:
                problem(("rows", r), f"row {r + 1}, column {c + 1}: symbol {sym!r} is not in the legend")
            elif kind == "start":
                start.append((r, c))
            elif kind != "plain":
                premiums[(r, c)] = kind
    return len(lines), cols, premiums, start


def _from_coordinates(data, problem):
    size = data.get("size")
    if not (isinstance(size, list) and len(size) == 2 and all(isinstance(n, int) and n > 0 for n in size)):
        problem(("size",), "'size' must be [rows, cols] with two positive whole numbers")
        return 0, 0, {}, []
    rows, cols = size
    premiums: dict = {}
    for kind, names in (data.get("premiums") or {}).items():
        if kind not in PREMIUM_KINDS:
            problem(("premiums", kind), f"premium kind {kind!r} must be one of {', '.join(PREMIUM_KINDS)}")
            continue
        for i, sq_name in enumerate(names or []):
            try:
                sq = parse_square(str(sq_name))
            except ValueError as exc:
                problem(("premiums", kind, i), str(exc))
                continue
            if not (0 <= sq[0] < rows and 0 <= sq[1] < cols):
                problem(("premiums", kind, i), f"{kind} square {sq_name} lies off the {rows}x{cols} board")
            elif sq in premiums:
                problem(("premiums", kind, i), f"square {sq_name} is listed twice ({premiums[sq]} and {kind})")
            else:
                premiums[sq] = kind
    return rows, cols, premiums, []


def layout_to_rows_data(layout: Layout) -> dict[str, Any]:
    rows = []
    for r in range(layout.rows):
        line = []
        for c in range(layout.cols):
            kind = layout.premiums.get((r, c))
            line.append(SYMBOL_OF[kind] if kind else ("*" if (r, c) in layout.start else "."))
        rows.append("".join(line))
    data: dict[str, Any] = {"name": layout.name, "rows": rows}
    overlap = [square_name(*sq) for sq in layout.start if sq in layout.premiums]
    if overlap:
        data["start"] = overlap
    if layout.colours:
        data["colours"] = dict(layout.colours)
    return data


def layout_to_coordinates_data(layout: Layout) -> dict[str, Any]:
    premiums = {kind: [square_name(*sq) for sq in sorted(layout.premiums) if layout.premiums[sq] == kind]
                for kind in ("TW", "DW", "TL", "DL")}
    data: dict[str, Any] = {"name": layout.name, "size": [layout.rows, layout.cols],
                            "premiums": premiums, "start": [square_name(*sq) for sq in layout.start]}
    if layout.colours:
        data["colours"] = dict(layout.colours)
    return data


def dump_layout_yaml(data: dict[str, Any]) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=200)
