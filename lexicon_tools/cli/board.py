"""`lexicon-tools board`: validate, generate, show, compare and convert premium layouts.

LAYOUT arguments accept a layout file (YAML row strings or coordinates, macondo
``.txt``), a ruleset file or a bundled ruleset name; a ruleset brings its rules
(board size, premium count, premiums on start squares) into validation.
"""

from __future__ import annotations

import json
import os
import sys

import typer

from lexicon_tools.cli.common import new_group

group = new_group("Premium-square layouts: validate, generate random boards, show, compare, convert.")

SYMMETRY_HELP = "none, mirror, rot180 or d4."


def _symmetry(value: str | None) -> str | None:
    from lexicon_tools.board.symmetry import SYMMETRY_CLASSES
    from lexicon_tools.errors import UsageError

    if value is not None and value not in SYMMETRY_CLASSES:
        raise UsageError(f"unknown symmetry {value!r}", f"Use one of: {SYMMETRY_HELP}")
    return value


@group.command("validate")
def validate_command(
    layout: str = typer.Argument(..., help="Layout file (.yaml, macondo .txt), ruleset file or bundled ruleset."),
    expect_premiums: int | None = typer.Option(None, "--expect-premiums", min=0, help="Expected total."),
    counts: str | None = typer.Option(None, "--counts", help="Expected counts, e.g. TW=8,DW=12,TL=20,DL=24."),
    symmetry: str | None = typer.Option(None, "--symmetry", help="Required symmetry: " + SYMMETRY_HELP),
    size: str | None = typer.Option(None, "--size", help="Expected size, e.g. 15 or 15x15."),
    min_distance: str | None = typer.Option(None, "--min-distance",
                                               help="Minimum rings from the start per kind, e.g. TW=5,DW=3."),
    premiums_on_start: bool | None = typer.Option(None, "--premiums-on-start/--no-premiums-on-start",
                                                     help="Allow premiums on start squares (default: "
                                                          "the ruleset's rule, else no)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Check a layout (size, counts, start squares, symmetry) and show its design metrics.

    Exit 0 if valid, 2 with every problem listed otherwise.

    Example: lexicon-tools board validate rulesets/layouts/wordfeud-15.yaml --expect-premiums 64 --symmetry d4
    """
    from lexicon_tools.board.constraints import parse_counts, parse_min_distance, parse_size
    from lexicon_tools.board.metrics import summary_rows, to_json
    from lexicon_tools.errors import LayoutError
    from lexicon_tools.io.formats.layouts import check_layout_argument

    rows, cols = parse_size(size) if size else (None, None)
    overrides = {"rows": rows, "cols": cols, "total": expect_premiums, "symmetry": _symmetry(symmetry),
                 "counts": parse_counts(counts) if counts else None,
                 "min_distance": parse_min_distance(min_distance) if min_distance else None,
                 "premiums_on_start_allowed": premiums_on_start}
    report = check_layout_argument(layout, overrides)
    name = report.layout.name or layout
    if as_json:
        typer.echo(json.dumps({"layout": name, "valid": report.ok, "problems": [str(p) for p in report.problems],
                               "symmetry": {"class": report.symmetry.name, "holds": list(report.symmetry.holds)},
                               "metrics": to_json(report.metrics)}, ensure_ascii=False, indent=2))
    else:
        verdict = "valid" if report.ok else f"{len(report.problems)} problem(s)"
        typer.echo(f"{name}: {verdict}")
        typer.echo(f"  {'symmetry':<22} {report.symmetry.name}")
        for label, value in summary_rows(report.metrics):
            typer.echo(f"  {label:<22} {value}")
    if not report.ok:
        raise LayoutError(f"layout {name} is invalid ({len(report.problems)} problem(s))",
                          problems=list(report.problems))


@group.command("generate")
def generate_command(
    ruleset: str | None = typer.Option(None, "--ruleset", help="Take size, counts, symmetry and colours "
                                                                  "from this ruleset's random-board option."),
    size: str | None = typer.Option(None, "--size", help="Board size, e.g. 16 or 15x15 (default 16)."),
    premiums: int | None = typer.Option(None, "--premiums", min=0, help="Total premiums (default 56)."),
    counts: str | None = typer.Option(None, "--counts", help="Per kind, e.g. TW=8,DW=12,TL=16,DL=20 "
                                                                "(default: Wordfeud's proportions)."),
    symmetry: str | None = typer.Option(None, "--symmetry", help="Symmetry: " + SYMMETRY_HELP),
    seed: int = typer.Option(0, "--seed", help="Random seed: the same seed gives the same file."),
    min_distance: str | None = typer.Option(None, "--min-distance",
                                               help="Minimum rings from the start per kind, e.g. TW=5,DW=3."),
    premiums_on_start: bool | None = typer.Option(None, "--premiums-on-start/--no-premiums-on-start",
                                                     help="Allow premiums on the start squares."),
    form: str | None = typer.Option(None, "--format", help="rows, coordinates or macondo "
                                                              "(default: macondo for .txt, else rows)."),
    name: str | None = typer.Option(None, "--name", help="The layout's name."),
    output: str | None = typer.Option(None, "-o", "--output", help="Output file (default: stdout)."),
) -> None:
    """Generate a random premium layout that meets the constraints (or explain why none can).

    Example: lexicon-tools board generate --size 16 --premiums 56 --counts TW=8,DW=12,TL=16,DL=20 --seed 7 -o board.yaml
    """
    from lexicon_tools.board.constraints import parse_counts, parse_min_distance, parse_size
    from lexicon_tools.board.generate import generate_layout, generation_constraints, request_from_ruleset
    from lexicon_tools.board.plan import format_counts
    from lexicon_tools.board.validate import validate_layout
    from lexicon_tools.io.formats.layouts import layout_text, write_layout
    from lexicon_tools.io.guard.paths import check_outputs
    from lexicon_tools.io.formats.rulesets import load_ruleset

    rs = load_ruleset(ruleset) if ruleset else None
    request = request_from_ruleset(rs) if rs is not None else {
        "rows": 16, "cols": 16, "total": 56, "counts": None, "symmetry": "none", "premiums_on_start": False,
        "colours": None}
    if size:
        request["rows"], request["cols"] = parse_size(size)
    if counts:
        request["counts"] = parse_counts(counts)
        if premiums is None:
            request["total"] = sum(request["counts"].values())
    updates = {"total": premiums, "symmetry": _symmetry(symmetry), "premiums_on_start": premiums_on_start,
               "min_distance": parse_min_distance(min_distance) if min_distance else None}
    request.update({k: v for k, v in updates.items() if v is not None})
    layout = generate_layout(seed=seed, name=name, **request)
    checks = {k: v for k, v in request.items() if k != "colours"}
    report = validate_layout(layout, generation_constraints(**checks))
    assert report.ok, report.problems  # the generator's promise; a failure here is a bug, not user error
    comment = (f"Generated by lexicon-tools: board generate --size {layout.rows}x{layout.cols} "
               f"--premiums {layout.count()} --counts {format_counts(layout.counts())} "
               f"--symmetry {request['symmetry']} --seed {seed}"
               + (f" --min-distance {format_counts(request['min_distance'])}" if request.get("min_distance") else "")
               + (" --premiums-on-start" if request["premiums_on_start"] else ""))
    if output is None:
        typer.echo(layout_text(layout, form or "rows", comment), nl=False)
        return
    check_outputs([output], [ruleset, *_ruleset_files(rs)])
    write_layout(layout, output, form, comment)
    typer.echo(f"wrote {output}: {layout.rows}x{layout.cols}, {layout.count()} premiums "
               f"({format_counts(layout.counts())}), symmetry {report.symmetry.name}, seed {seed}")


def _layout_inputs(argument: str, opened) -> list:
    """The files a LAYOUT argument read: the argument, and the ruleset and its layout file if any."""
    rs = opened.ruleset
    return [argument, opened.path, *_ruleset_files(rs)]


def _ruleset_files(rs) -> list:
    """A loaded ruleset's own file and its layout file (None for what it lacks)."""
    return [getattr(rs, "source", None), getattr(getattr(rs, "board", None), "layout", None)]


def _use_colour(colour: bool | None) -> bool:
    if colour is not None:
        return colour
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


@group.command("show")
def show_command(
    layout: str = typer.Argument(..., help="Layout file, ruleset file or bundled ruleset."),
    svg: str | None = typer.Option(None, "--svg", help="Also write an SVG picture to this file."),
    png: str | None = typer.Option(None, "--png", help="Also write a PNG picture to this file."),
    dpi: int = typer.Option(300, "--dpi", min=30, max=1200, help="PNG resolution."),
    colour: bool | None = typer.Option(None, "--colour/--no-colour",
                                          help="Coloured grid (default: when stdout is a terminal)."),
) -> None:
    """Print the layout as a grid with coordinates and a legend; optionally draw SVG/PNG pictures.

    Example: lexicon-tools board show smartfeud --svg smartfeud.svg --png smartfeud.png
    """
    from lexicon_tools.board.render_text import render_grid
    from lexicon_tools.io.pictures.board_picture import write_png, write_svg
    from lexicon_tools.io.formats.layouts import open_layout_argument
    from lexicon_tools.io.guard.paths import check_outputs

    opened = open_layout_argument(layout)
    check_outputs([svg, png], _layout_inputs(layout, opened))
    board = opened.layout
    typer.echo(f"{board.name or layout} ({board.rows}x{board.cols})")
    use_colour = _use_colour(colour)
    typer.echo(render_grid(board, colour=use_colour), color=use_colour)
    if svg:
        write_svg(board, svg)
        typer.echo(f"wrote {svg}")
    if png:
        write_png(board, png, dpi)
        typer.echo(f"wrote {png}")


@group.command("compare")
def compare_command(
    first: str = typer.Argument(..., help="Layout file, ruleset file or bundled ruleset."),
    second: str = typer.Argument(..., help="Layout file, ruleset file or bundled ruleset."),
) -> None:
    """Show two layouts' design metrics side by side.

    Example: lexicon-tools board compare webfeud smartfeud
    """
    from lexicon_tools.board.metrics import compute_metrics, summary_rows
    from lexicon_tools.board.symmetry import classify_symmetry
    from lexicon_tools.io.formats.layouts import open_layout_argument

    layouts = [open_layout_argument(arg).layout for arg in (first, second)]
    columns = [dict([("layout", lay.name or arg), ("symmetry", classify_symmetry(lay).name)]
                    + summary_rows(compute_metrics(lay))) for lay, arg in zip(layouts, (first, second))]
    labels = list(columns[0]) + [label for label in columns[1] if label not in columns[0]]
    width_a = max(len(value) for value in columns[0].values())
    for label in labels:
        a, b = columns[0].get(label, "-"), columns[1].get(label, "-")
        marker = "" if a == b or label == "layout" else "  *"
        typer.echo(f"{label:<22} {a:<{width_a}}  {b}{marker}".rstrip())
    typer.echo("(* = differs)")


@group.command("convert")
def convert_command(
    source: str = typer.Argument(..., help="Layout file (.yaml or macondo .txt), ruleset file or ruleset name."),
    output: str = typer.Option(..., "-o", "--output", help="Output file."),
    to: str | None = typer.Option(None, "--to", help="rows, coordinates or macondo "
                                                        "(default: macondo for .txt, else rows)."),
) -> None:
    """Convert a layout between YAML row strings, YAML coordinates and macondo row strings (lossless).

    Example: lexicon-tools board convert rulesets/layouts/wordfeud-15.yaml --to macondo -o wordfeud.txt
    """
    from lexicon_tools.errors import LayoutError
    from lexicon_tools.io.formats.layouts import open_layout_argument, write_layout
    from lexicon_tools.io.guard.paths import check_outputs

    opened = open_layout_argument(source)
    check_outputs([output], _layout_inputs(source, opened))
    if opened.problems:
        raise LayoutError(f"{source}: {len(opened.problems)} problem(s) in the layout",
                          problems=list(opened.problems))
    write_layout(opened.layout, output, to)
    typer.echo(f"wrote {output}")
