"""`lexicon-tools report`: the self-contained HTML report of a sweep's results.

pyarrow and matplotlib are imported only inside the command.
"""

from __future__ import annotations

from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    app.command("report")(report_command)


def report_command(
    results: Path = typer.Argument(..., help="A results folder written by `lexicon-tools sweep`."),
    output: Path = typer.Option(None, "--output", "-o", help="The HTML file (default: RESULTS + '.html')."),
    baseline: str = typer.Option(None, "--baseline",
                                 help="The variant the others are compared with (default: the experiment's "
                                      "`baseline:`, else the first)."),
) -> None:
    """Write one self-contained HTML report of a sweep: a summary, pictures and a table of differences.

    At the top, a summary in sentences: which variants differ from the baseline
    on which tested metric (`metrics:` in the experiment), by how much, and which
    comparisons need more games. For each metric (points per player, winning
    margin, close games, lead changes, first-player win rate, bingos per bonus,
    game length, score spread, premium use, letter takes, joker swaps, end
    reasons) the variants side by side with 95% intervals, premium-use heatmaps,
    and every variant's paired difference from the baseline with a test, Holm's
    correction over the tested metrics and the games a difference of that size
    needs. The file opens offline: the pictures are in it.

    Example: lexicon-tools report third-blank.results -o third-blank.html
    """
    from lexicon_tools.experiments import require

    require("pyarrow", "matplotlib")
    from lexicon_tools.experiments.report import write_report
    from lexicon_tools.io.guard.paths import check_outputs

    target = output or results.with_name(f"{results.name}.html")
    inputs = [results, *(p for p in results.rglob("*") if p.is_file())] if results.is_dir() else [results]
    check_outputs([target], inputs)   # -o RESULTS/_experiment.json would destroy the sweep's own files
    if target.resolve().parent == results.resolve():
        from lexicon_tools.errors import UsageError

        raise UsageError(f"{target} is inside the results folder {results}, whose every file pandas and DuckDB "
                         "read as Parquet", f"Write it beside the folder, e.g. -o {results.name}.html.")
    summary = write_report(results, target, baseline=baseline)
    typer.echo(f"{target}: {summary}")
