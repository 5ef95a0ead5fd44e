"""Small builders shared by the board tests."""

from __future__ import annotations

from pathlib import Path

from lexicon_tools.board.rowstrings import YAML_LEGEND, parse_rows
from lexicon_tools.model.layout import Layout, parse_square

ROOT = Path(__file__).resolve().parents[2]
LAYOUT_DIR = ROOT / "rulesets" / "layouts"
LAYOUTS = sorted(LAYOUT_DIR.glob("*.yaml"))
WORDFEUD = LAYOUT_DIR / "wordfeud-15.yaml"
SMARTFEUD = LAYOUT_DIR / "smartfeud-16.yaml"
WORTSPIELER = LAYOUT_DIR / "wortspieler-16.yaml"


def layout_from_rows(rows: list[str], start: tuple[str, ...] | None = None, colours=None) -> Layout:
    """Rows in the YAML legend; `start` names override '*' squares when given."""
    parsed = parse_rows(rows, YAML_LEGEND)
    assert not parsed.problems, parsed.problems
    starts = tuple(sorted(parse_square(n) for n in start)) if start is not None else tuple(parsed.start)
    return Layout(parsed.rows, parsed.cols, parsed.premiums, starts, dict(colours or {}), "test")
