"""Read and write layout files: two YAML forms and macondo's row strings.

**YAML, row strings** - one character per square, rows top to bottom::

    name: wordfeud-15
    rows:
      - "\\"..=...'...=..\\""
      ...
    legend: {"=": TW, "-": DW, "\\"": TL, "'": DL, "*": start, ".": plain}   # optional
    start: [H8]            # optional, in addition to '*' squares
    colours: {DL: green, TL: blue, DW: pink, TW: red, start: brown}

The default legend is macondo's (``=`` TW, ``-`` DW, ``"`` TL, ``'`` DL) plus ``*``
for a plain start square and ``.`` (or space) for a plain square. A start square
that carries a premium shows the premium and is listed under ``start``.

**YAML, coordinate list**::

    name: wordfeud-15
    size: [15, 15]          # rows, cols
    premiums: {TW: [E1, K1, ...], DW: [...], TL: [...], DL: [...]}
    start: [H8]
    colours: {...}

Square names are a column letter (A = leftmost) and a 1-based row from the top.

**Macondo row strings** (``.txt``) - macondo's board format, one row per line,
space for a plain square. Rows may be written as Go raw strings (```...```, with
an optional trailing comma, exactly as in macondo's ``board/layouts.go``) or bare;
bare rows trimmed by an editor are padded with plain squares to the longest row.
Macondo has no start marker; the start is the centre block unless a ``# start:``
comment says otherwise. Comments ``# name:``, ``# start:`` and ``# colours:`` carry
what macondo's format lacks, so every form converts into every other without loss
(YAML comments and ``description`` are not carried over).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from lexicon_tools.board.constraints import Constraints
from lexicon_tools.board.geometry import centre_block
from lexicon_tools.board.rowstrings import LEGEND_KINDS, MACONDO_LEGEND, SYMBOL_OF, YAML_LEGEND, format_rows, parse_rows
from lexicon_tools.errors import InputFileError, LayoutError, Problem, UsageError
from lexicon_tools.io.guard.atomic import atomic_write_text
from lexicon_tools.io.guard.paths import require_regular_input
from lexicon_tools.io.guard.located_yaml import locate, read_yaml
from lexicon_tools.io.guard.referenced import check_layout_shape, check_macondo_shape
from lexicon_tools.model.layout import PREMIUM_KINDS, Layout, parse_square, square_name

DEFAULT_LEGEND = YAML_LEGEND
FORMS = ("rows", "coordinates", "macondo")
MACONDO_SUFFIXES = (".txt", ".macondo")
_KNOWN_KEYS = {"name", "description", "rows", "legend", "start", "colours", "size", "premiums"}
__all__ = [
    "DEFAULT_LEGEND",
    "FORMS",
    "SYMBOL_OF",
    "LayoutSource",
    "check_layout_argument",
    "dump_layout_yaml",
    "form_for_path",
    "format_macondo",
    "layout_from_data",
    "layout_text",
    "layout_to_coordinates_data",
    "layout_to_rows_data",
    "load_layout",
    "open_layout_argument",
    "parse_macondo",
    "read_layout",
    "write_layout",
]


def load_layout(path: str | Path, named_by: str | None = None) -> Layout:
    """Load a layout file (YAML, or macondo rows for .txt); raise LayoutError listing every problem.

    `named_by` (e.g. "'board.layout' in rules.yaml:3") marks a file named by a ruleset: it must
    have a layout's shape before any of its content is quoted in a problem (see `io.guard.referenced`)."""
    layout, problems = read_layout(path, named_by)
    if problems:
        raise LayoutError(f"{path}: {len(problems)} problem(s) in the layout", problems=problems)
    return layout


def read_layout(path: str | Path, named_by: str | None = None) -> tuple[Layout, list[Problem]]:
    """Load leniently: the layout as far as it could be read, plus every problem found."""
    path = Path(path)
    if path.suffix.lower() in MACONDO_SUFFIXES:
        text = _read_text(path)
        if named_by is not None:
            check_macondo_shape(text, path, named_by)
        return parse_macondo(text, str(path), default_name=path.stem)
    data, locations = read_yaml(path, "Give the path of a layout YAML file.")
    if named_by is not None:
        check_layout_shape(data, path, named_by, _KNOWN_KEYS)
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
    return layout, problems


def _read_text(path: Path) -> str:
    from lexicon_tools.io.guard.located_yaml import MAX_YAML_BYTES
    from lexicon_tools.io.guard.paths import read_regular_bytes

    try:
        return read_regular_bytes(path, "a layout file", MAX_YAML_BYTES, "Give the path of a layout file.").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{path}: cannot read as UTF-8 text ({exc})", "Give a UTF-8 text file.") from exc


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
    starts = data.get("start") or []
    if not isinstance(starts, list):
        problem(("start",), "'start' must be a list of square names, e.g. [H8]")
        starts = []
    for i, sq_name in enumerate(starts):
        try:
            sq = parse_square(str(sq_name))
        except ValueError as exc:
            problem(("start", i), str(exc))
            continue
        if not (0 <= sq[0] < rows and 0 <= sq[1] < cols):
            problem(("start", i), f"start square {sq_name} lies off the {rows}x{cols} board")
        elif sq not in start:
            start.append(sq)
    return Layout(rows, cols, premiums, tuple(sorted(start)), colours, str(name))


def _from_rows(data, problem):
    legend = dict(DEFAULT_LEGEND)
    legend.update({str(k): str(v) for k, v in (data.get("legend") or {}).items()})
    for sym, kind in legend.items():
        if kind not in LEGEND_KINDS:
            problem(("legend", sym), f"legend kind {kind!r} must be one of DL, TL, DW, TW, start, plain")
        if len(sym) != 1:
            problem(("legend", sym), f"legend symbol {sym!r} must be a single character")
    legend = {sym: kind for sym, kind in legend.items() if kind in LEGEND_KINDS}
    lines = data["rows"]
    if not isinstance(lines, list) or not lines:
        problem(("rows",), "'rows' must be a list of row strings")
        return 0, 0, {}, []
    parsed = parse_rows([str(line) for line in lines], legend)
    for row, message in parsed.problems:
        problem(("rows",) if row is None else ("rows", row), message)
    return parsed.rows, parsed.cols, parsed.premiums, parsed.start


def _from_coordinates(data, problem):
    size = data.get("size")
    if not (isinstance(size, list) and len(size) == 2 and all(isinstance(n, int) and n > 0 for n in size)):
        problem(("size",), "'size' must be [rows, cols] with two positive whole numbers")
        return 0, 0, {}, []
    rows, cols = size
    premiums: dict = {}
    listed = data.get("premiums") or {}
    if not isinstance(listed, dict):
        problem(("premiums",), "'premiums' must map each kind to a list of squares, e.g. {TW: [A1, O1]}")
        listed = {}
    for kind, names in listed.items():
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
    data: dict[str, Any] = {"name": layout.name, "rows": format_rows(layout)}
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


def dump_layout_yaml(data: dict[str, Any], comment: str | None = None) -> str:
    header = "".join(f"# {line}\n" if line else "#\n" for line in comment.splitlines()) if comment else ""
    return header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=200)


_QUOTED = re.compile(r"^\s*`([^`]*)`\s*,?\s*$")
_HEADER = re.compile(r"^\s*#\s*(name|start|colours)\s*:\s*(.*?)\s*$", re.IGNORECASE)


def parse_macondo(text: str, source: str = "<macondo>", default_name: str = "") -> tuple[Layout, list[Problem]]:
    """Macondo row strings (see the module docstring) -> (layout, problems)."""
    problems: list[Problem] = []
    header: dict[str, tuple[int, str]] = {}
    body: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        match = _HEADER.match(line)
        if match:
            header[match.group(1).lower()] = (number, match.group(2))
        elif not line.lstrip().startswith("#"):
            body.append((number, line))
    rows = _macondo_rows(body, source, problems)
    parsed = parse_rows([line for _, line in rows], {**MACONDO_LEGEND, ".": "plain"})
    for row, message in parsed.problems:
        problems.append(Problem(message, source, rows[row][0] if row is not None and rows else None, "rows"))
    start = _macondo_start(header.get("start"), parsed.rows, parsed.cols, source, problems)
    colours = _macondo_colours(header.get("colours"), source, problems)
    name = header["name"][1] if "name" in header else default_name
    return Layout(parsed.rows, parsed.cols, parsed.premiums, start, colours, name), problems


def _macondo_rows(body: list[tuple[int, str]], source: str, problems: list[Problem]) -> list[tuple[int, str]]:
    if any(line.lstrip().startswith("`") for _, line in body):
        rows = []
        for number, line in body:
            match = _QUOTED.match(line)
            if match:
                rows.append((number, match.group(1)))
            elif line.strip():
                problems.append(Problem("expected a row in backticks, e.g. `=  '   =`,", source, number, "rows"))
        return rows
    while body and not body[0][1].strip():
        body = body[1:]
    while body and not body[-1][1].strip():
        body = body[:-1]
    width = max((len(line) for _, line in body), default=0)
    return [(number, line.ljust(width)) for number, line in body]


def _macondo_start(entry, rows: int, cols: int, source: str, problems: list[Problem]) -> tuple:
    if entry is None:
        return centre_block(rows, cols) if rows and cols else ()
    number, text = entry
    start = []
    for name in text.replace(",", " ").split():
        try:
            sq = parse_square(name)
        except ValueError as exc:
            problems.append(Problem(str(exc), source, number, "start"))
            continue
        if 0 <= sq[0] < rows and 0 <= sq[1] < cols:
            start.append(sq)
        else:
            problems.append(Problem(f"start square {name} lies off the {rows}x{cols} board", source, number, "start"))
    return tuple(sorted(set(start)))


def _macondo_colours(entry, source: str, problems: list[Problem]) -> dict[str, str]:
    if entry is None:
        return {}
    number, text = entry
    colours = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        kind, sep, colour = part.partition("=")
        if not sep or kind.strip() not in PREMIUM_KINDS + ("start",):
            problems.append(Problem(f"colour {part!r} must be KIND=COLOUR with KIND in DL, TL, DW, TW, start",
                                    source, number, "colours"))
        else:
            colours[kind.strip()] = colour.strip()
    return colours


def format_macondo(layout: Layout) -> str:
    """Macondo rows as Go raw strings, with name/start/colours comments for a lossless round trip."""
    lines = [f"# name: {layout.name}",
             "# macondo board rows: = TW, - DW, \" TL, ' DL, space plain",
             f"# start: {' '.join(square_name(*sq) for sq in layout.start)}"]
    if layout.colours:
        lines.append("# colours: " + ", ".join(f"{k}={v}" for k, v in layout.colours.items()))
    lines += [f"`{row}`," for row in format_rows(layout, plain=" ", start=None)]
    return "\n".join(lines) + "\n"


def form_for_path(path: str | Path) -> str:
    return "macondo" if Path(path).suffix.lower() in MACONDO_SUFFIXES else "rows"


def layout_text(layout: Layout, form: str = "rows", comment: str | None = None) -> str:
    if form == "macondo":
        text = format_macondo(layout)
        return "".join(f"# {line}\n" for line in comment.splitlines()) + text if comment else text
    if form == "coordinates":
        return dump_layout_yaml(layout_to_coordinates_data(layout), comment)
    if form == "rows":
        return dump_layout_yaml(layout_to_rows_data(layout), comment)
    raise LayoutError(f"unknown layout form {form!r}", f"Use one of: {', '.join(FORMS)}.")


def write_layout(layout: Layout, path: str | Path, form: str | None = None, comment: str | None = None) -> None:
    """Write atomically; the form defaults to macondo for .txt and YAML row strings otherwise."""
    atomic_write_text(path, layout_text(layout, form or form_for_path(path), comment))


@dataclass(frozen=True)
class LayoutSource:
    """A LAYOUT|RULESET command argument, resolved: the layout, load problems, and the ruleset if any."""

    layout: Layout
    problems: tuple[Problem, ...]
    path: str
    ruleset: Any = None


def open_layout_argument(argument: str) -> LayoutSource:
    """A layout file (YAML or macondo .txt), a ruleset file, or a bundled ruleset name."""
    from lexicon_tools.io.formats.rulesets import load_ruleset

    path = Path(argument)
    require_regular_input(path, "a layout or ruleset file")
    if path.is_file():
        if path.suffix.lower() not in MACONDO_SUFFIXES and _looks_like_ruleset(path):
            rs = load_ruleset(path)
            return LayoutSource(rs.layout, (), str(path), rs)
        layout, problems = read_layout(path)
        return LayoutSource(layout, tuple(problems), str(path))
    if "/" in argument or "\\" in argument or path.suffix.lower() in (".yaml", ".yml") + MACONDO_SUFFIXES:
        raise InputFileError(f"{argument}: no such file", "Give a layout file, a ruleset file or a bundled "
                             "ruleset name (see `lexicon-tools ruleset list`).")
    try:
        rs = load_ruleset(argument)
    except UsageError as exc:
        raise UsageError(f"{argument!r} is neither a file nor a bundled ruleset",
                         f"Give a layout file (.yaml or macondo .txt) or a ruleset. {exc.hint}") from exc
    return LayoutSource(rs.layout, (), rs.source or argument, rs)


def _looks_like_ruleset(path: Path) -> bool:
    data, _ = read_yaml(path, "Give a layout or ruleset YAML file.")
    return isinstance(data, dict) and ("board" in data or "extends" in data)


def check_layout_argument(argument: str, overrides: Mapping[str, Any] | None = None):
    """Open a LAYOUT|RULESET argument and validate it: the ruleset's rules, then `overrides`
    (Constraints fields; None values are ignored). Returns a `ValidationReport`."""
    from lexicon_tools.board.validate import random_board_problems, ruleset_constraints, validate_layout

    source = open_layout_argument(argument)
    constraints = ruleset_constraints(source.ruleset) if source.ruleset is not None else Constraints()
    constraints = replace(constraints, **{k: v for k, v in (overrides or {}).items() if v is not None})
    extra = random_board_problems(source.ruleset, source.path) if source.ruleset is not None else []
    return validate_layout(source.layout, constraints, source=source.path,
                           known_problems=[*source.problems, *extra])
