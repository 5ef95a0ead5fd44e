"""Row strings: a layout as one character per square, one string per row.

Two legends are built in:

* **macondo's** (the Go crossword engine, also used by wolges/MAGPIE boards):
  ``=`` TW, ``-`` DW, ``"`` TL, ``'`` DL, space for a plain square. Macondo has no
  start marker (the start is the centre) and also knows ``~`` (x4 word) and ``^``
  (x4 letter), which this project's games do not have: they are reported as
  problems, never silently dropped.
* **this project's YAML legend**: macondo's plus ``*`` for a plain start square and
  ``.`` for a plain square (a visible dot survives editors that trim spaces).

`parse_rows` collects every problem (with the 0-based row it is in) instead of
stopping at the first, so the IO layer can report them all with file and line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from lexicon_tools.model.layout import PREMIUM_KINDS, Layout

Square = tuple[int, int]
MACONDO_LEGEND: dict[str, str] = {"=": "TW", "-": "DW", '"': "TL", "'": "DL", " ": "plain"}
YAML_LEGEND: dict[str, str] = {**MACONDO_LEGEND, "*": "start", ".": "plain"}
SYMBOL_OF: dict[str, str] = {"TW": "=", "DW": "-", "TL": '"', "DL": "'"}
UNSUPPORTED = {"~": "a quadruple-word square", "^": "a quadruple-letter square"}
LEGEND_KINDS = PREMIUM_KINDS + ("start", "plain")


@dataclass
class ParsedRows:
    rows: int
    cols: int
    premiums: dict[Square, str] = field(default_factory=dict)
    start: list[Square] = field(default_factory=list)
    problems: list[tuple[int | None, str]] = field(default_factory=list)  # (0-based row or None, message)


def parse_rows(lines: Sequence[str], legend: Mapping[str, str] = YAML_LEGEND) -> ParsedRows:
    """Read row strings with `legend` (symbol -> DL/TL/DW/TW/start/plain)."""
    if not lines:
        return ParsedRows(0, 0, problems=[(None, "there are no rows")])
    cols = len(lines[0])
    out = ParsedRows(len(lines), cols)
    for r, line in enumerate(lines):
        if len(line) != cols:
            out.problems.append((r, f"row {r + 1} has {len(line)} squares, the first row has {cols}"))
        for c, symbol in enumerate(line):
            kind = legend.get(symbol)
            if kind is None:
                what = f" ({UNSUPPORTED[symbol]}, which these games do not have)" if symbol in UNSUPPORTED else ""
                out.problems.append((r, f"row {r + 1}, column {c + 1}: symbol {symbol!r}{what} is not in the "
                                        f"legend ({_legend_text(legend)})"))
            elif kind == "start":
                out.start.append((r, c))
            elif kind != "plain":
                out.premiums[(r, c)] = kind
    return out


def format_rows(layout: Layout, plain: str = ".", start: str | None = "*") -> list[str]:
    """Row strings in the default symbols; `start=None` leaves start squares unmarked."""
    lines = []
    for r in range(layout.rows):
        line = []
        for c in range(layout.cols):
            kind = layout.premiums.get((r, c))
            if kind:
                line.append(SYMBOL_OF[kind])
            elif start is not None and (r, c) in layout.start:
                line.append(start)
            else:
                line.append(plain)
        lines.append("".join(line))
    return lines


def _legend_text(legend: Mapping[str, str]) -> str:
    return ", ".join(f"{sym!r} {kind}" for sym, kind in legend.items())
