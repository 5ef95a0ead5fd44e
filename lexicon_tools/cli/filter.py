"""`lexicon-tools filter`: apply a ruleset's word policy to entries, with a reason per verdict."""

from __future__ import annotations

from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    app.command("filter")(filter_command)


def filter_command(
    entries: Path = typer.Argument(..., help="entries.jsonl from `lexicon-tools import` (or any importable file)."),
    ruleset: str = typer.Option("wortspieler", "--ruleset", "-r", help="A bundled ruleset name or a YAML path."),
    output: str = typer.Option(None, "-o", "--output", help="verdicts.jsonl to write (one line per entry)."),
    report: bool = typer.Option(False, "--report", help="Print the number of entries per reason."),
    fmt: str = typer.Option("auto", "--format", "-f", help="Format of ENTRIES if it is not entries.jsonl."),
    model: Path = typer.Option(None, "--model", help="Fallback model directory (default: the shipped model)."),
    base: str = typer.Option("auto", "--base-lexicon", help="Add the bundled corpus to the morphological "
                             "lexicon: auto (when entries lack grammar), default (always) or none."),
    no_model: bool = typer.Option(False, "--no-model", help="No statistical fallback: unknown words stay unknown."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Decide which entries are game words; every verdict carries a reason and its evidence.

    Example: lexicon-tools filter entries.jsonl --ruleset wortspieler -o verdicts.jsonl --report
    """
    from lexicon_tools.errors import UsageError
    from lexicon_tools.ui.progress import Progress
    from lexicon_tools.jobs.filter import run_filter

    if output is None and not report:
        raise UsageError("nothing to do: give -o verdicts.jsonl, --report, or both",
                         "Example: lexicon-tools filter entries.jsonl --ruleset wortspieler -o verdicts.jsonl")
    summary = run_filter(entries, ruleset, output, fmt=fmt, model=model, base=base, use_model=not no_model,
                         quiet=quiet, bars=Progress)
    if report:
        for line in summary.report_lines():
            typer.echo(line)
    elif output is not None:
        typer.echo(f"{summary.entries:,} verdicts ({summary.words_accepted:,} words accepted, "
                   f"{summary.words_rejected:,} rejected): {output}")
