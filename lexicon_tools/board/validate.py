"""Validate a premium layout against `Constraints`, collecting every problem.

Checks, each reported as an `errors.Problem` (none stops the others):

1. size: each side within 2..26, and equal to the expected rows/cols if given;
2. premiums: known kinds (DL, TL, DW, TW) on the board (unique squares are
   guaranteed by the model; duplicates in a file are reported by the loader);
3. counts: the total and each kind's count against the expected ones;
4. start squares: at least one, on the board, inside the centre block (one square
   on an odd side, two on an even one: the 2x2 centre of 16x16), and without a
   premium unless the ruleset allows it;
5. symmetry: the layout satisfies the requested class (see `symmetry`);
6. minimum distances: every premium of a kind at least that many rings from the
   nearest start square;
7. colours: every colour name is known (see `colours`), so pictures can be drawn.

For a ruleset, `ruleset_constraints` takes the size, premium count and the
premiums-on-start rule from its ``board`` section, and `random_board_problems`
checks that its random-board option can be generated at all (exact, see `plan`).

The report also carries the symmetry classification and the design metrics, so
`board validate` shows them whether or not the layout passes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from lexicon_tools.board import geometry
from lexicon_tools.board.colours import to_rgb
from lexicon_tools.board.constraints import MAX_SIDE, Constraints
from lexicon_tools.board.metrics import Metrics, compute_metrics
from lexicon_tools.board.symmetry import Symmetry, classify_symmetry
from lexicon_tools.errors import LexiconToolsError, Problem
from lexicon_tools.model.layout import PREMIUM_KINDS, Layout, square_name


@dataclass(frozen=True)
class ValidationReport:
    layout: Layout
    problems: tuple[Problem, ...]
    symmetry: Symmetry
    metrics: Metrics

    @property
    def ok(self) -> bool:
        return not self.problems


def validate_layout(layout: Layout, constraints: Constraints | None = None, *, source: str | None = None,
                    known_problems: Iterable[Problem] = ()) -> ValidationReport:
    """Check `layout`; `known_problems` (e.g. from a lenient file load) are listed first."""
    constraints = constraints or Constraints()
    messages: list[tuple[str, str]] = []
    messages += _check_size(layout, constraints)
    messages += _check_premiums(layout)
    messages += _check_counts(layout, constraints)
    messages += _check_start(layout, constraints)
    symmetry = classify_symmetry(layout)
    if not symmetry.satisfies(constraints.symmetry):
        messages.append(("symmetry", f"the layout is not {constraints.symmetry}-symmetric "
                         f"(it is {symmetry.name}{_holding(symmetry)})"))
    messages += _check_min_distance(layout, constraints)
    messages += _check_colours(layout)
    problems = list(known_problems) + [Problem(msg, source, None, fld) for fld, msg in messages]
    return ValidationReport(layout, tuple(problems), symmetry, compute_metrics(layout))


def _holding(symmetry: Symmetry) -> str:
    return f": {', '.join(symmetry.holds)} hold" if symmetry.holds else ""


def _check_size(layout: Layout, c: Constraints) -> list[tuple[str, str]]:
    out = []
    if not (2 <= layout.rows <= MAX_SIDE and 2 <= layout.cols <= MAX_SIDE):
        out.append(("size", f"the board is {layout.rows}x{layout.cols}; each side must be 2..{MAX_SIDE}"))
    expected = (c.rows or layout.rows, c.cols or layout.cols)
    if (layout.rows, layout.cols) != expected:
        out.append(("size", f"the board is {layout.rows}x{layout.cols}, expected {expected[0]}x{expected[1]}"))
    return out


def _check_premiums(layout: Layout) -> list[tuple[str, str]]:
    out = []
    for sq, kind in sorted(layout.premiums.items()):
        if kind not in PREMIUM_KINDS:
            out.append(("premiums", f"square {_name(sq)} has unknown premium kind {kind!r} "
                        f"(known: {', '.join(PREMIUM_KINDS)})"))
        if not layout.on_board(sq):
            out.append((f"premiums.{kind}", f"{kind} square {_name(sq)} lies off the "
                        f"{layout.rows}x{layout.cols} board"))
    return out


def _check_counts(layout: Layout, c: Constraints) -> list[tuple[str, str]]:
    out = []
    if c.total is not None and layout.count() != c.total:
        out.append(("premiums", f"the layout has {layout.count()} premium squares, expected {c.total}"))
    for kind, expected in (c.counts or {}).items():
        if layout.count(kind) != expected:
            out.append((f"premiums.{kind}", f"the layout has {layout.count(kind)} {kind} squares, "
                        f"expected {expected}"))
    return out


def _check_start(layout: Layout, c: Constraints) -> list[tuple[str, str]]:
    if not layout.start:
        return [("start", "the layout has no start square (mark one with '*' or list it under 'start')")]
    out = []
    centre = set(geometry.centre_block(layout.rows, layout.cols))
    centre_names = ", ".join(_name(sq) for sq in sorted(centre))
    for sq in layout.start:
        if not layout.on_board(sq):
            out.append(("start", f"start square {_name(sq)} lies off the {layout.rows}x{layout.cols} board"))
        elif c.start_in_centre and sq not in centre:
            out.append(("start", f"start square {_name(sq)} is not in the centre ({centre_names})"))
        if sq in layout.premiums and not c.premiums_on_start_allowed:
            out.append(("start", f"start square {_name(sq)} carries a {layout.premiums[sq]} premium, "
                        "which the rules do not allow"))
    return out


def _check_min_distance(layout: Layout, c: Constraints) -> list[tuple[str, str]]:
    starts = [sq for sq in layout.start if layout.on_board(sq)]
    out = []
    for kind, minimum in c.min_distance.items():
        if not minimum or not starts:
            continue
        close = sorted(sq for sq, k in layout.premiums.items()
                       if k == kind and (geometry.distance_to(sq, starts) or 0) < minimum)
        if close:
            out.append((f"min_distance.{kind}", f"{kind} squares closer than {minimum} to a start square: "
                        f"{', '.join(_name(sq) for sq in close)}"))
    return out


def _name(sq: tuple[int, int]) -> str:
    r, c = sq
    return square_name(r, c) if 0 <= c < MAX_SIDE and r >= 0 else f"(row {r + 1}, col {c + 1})"


def _check_colours(layout: Layout) -> list[tuple[str, str]]:
    out = []
    for kind, colour in layout.colours.items():
        if kind not in PREMIUM_KINDS + ("start",):
            out.append(("colours", f"colour for unknown kind {kind!r} (known: DL, TL, DW, TW, start)"))
            continue
        try:
            to_rgb(colour)
        except LexiconToolsError as exc:
            out.append((f"colours.{kind}", f"{exc.message.split('] ', 1)[-1]}; {exc.hint}"))
    return out


def ruleset_constraints(ruleset: Any) -> Constraints:
    """Constraints from a `Ruleset`'s board section (duck-typed: no pydantic import here)."""
    board = ruleset.board
    return Constraints(rows=board.rows, cols=board.cols, total=board.premium_count,
                       premiums_on_start_allowed=board.premiums_on_start_allowed)


def random_board_problems(ruleset: Any, source: str | None = None) -> list[Problem]:
    """A problem if the ruleset's random-board option asks for an impossible board."""
    from lexicon_tools.board.generate import generation_constraints

    board = ruleset.board
    option = board.random_board
    if option is None:
        return []
    try:
        generation_constraints(board.rows, board.cols, option.premiums, option.counts, option.symmetry,
                               premiums_on_start=board.premiums_on_start_allowed)
    except LexiconToolsError as exc:
        return [Problem(f"the random-board option cannot be generated: {exc.message}", source, None,
                        "board.random_board")]
    return []
