"""`lexicon-tools import`: dictionaries (word lists, CSV tables, TEI, Wiktionary dumps, mapped XML) -> entries.jsonl."""

from __future__ import annotations

from typing import List, Optional

import typer

FORMAT_HELP = "auto, wordlist, jsonl (an entries.jsonl), csv, tei, wiktionary or mapping:FILE (a YAML mapping file or bundled name, e.g. xdxf)."


def register(app: typer.Typer) -> None:
    app.command("import")(import_command)


def import_command(
    paths: Optional[List[str]] = typer.Argument(
        None, help="Dictionary files (plain or .gz/.bz2/.xz); '-' or a pipe reads standard input. "
                   "Default: the bundled German noun corpus.",
        show_default=False),
    output: str = typer.Option(..., "-o", "--output", help="The entries.jsonl file to write (atomically)."),
    fmt: str = typer.Option("auto", "--format", "-f", help=FORMAT_HELP),
    encoding: Optional[str] = typer.Option(None, "--encoding",
                                           help="Encoding of word lists/CSV (default: detect UTF-8 or Windows-1252, "
                                                "the superset of Latin-1)."),
    on_error: str = typer.Option("fail", "--on-error", help="fail: stop at the first bad record; "
                                                            "skip: skip bad records and go on."),
    rejects: Optional[str] = typer.Option(None, "--rejects",
                                          help="With --on-error skip: write each skipped record and its reason "
                                               "here (JSON Lines)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Import dictionaries into one entry stream (entries.jsonl: word, lemma, pos, features, tags, source).

    Example: lexicon-tools import corpora/fixtures/tei/deu-mini.tei words.txt -o entries.jsonl
    """
    from lexicon_tools.errors import UsageError
    from lexicon_tools.ui.progress import Progress
    from lexicon_tools.jobs.importing import import_files
    from lexicon_tools.resources import default_corpus

    if rejects is not None and on_error != "skip":
        raise UsageError("--rejects needs --on-error skip (with 'fail' the first bad record stops the import)",
                         "Add --on-error skip, or drop --rejects.")
    summary = import_files(paths or [str(default_corpus())], output, fmt, encoding=encoding, on_error=on_error,
                           rejects=rejects, quiet=quiet, bars=Progress)
    typer.echo(f"Imported {summary.entries:,} entries from {len(summary.files)} file(s) into {summary.output}.")
    for damage in summary.damaged:
        typer.echo(f"Warning: {damage}; kept the entries before it, skipped the rest of that file.", err=True)
    if summary.rejected:
        where = f"reasons in {rejects}" if rejects else "pass --rejects FILE to list them"
        typer.echo(f"Skipped {summary.rejected:,} bad record(s) ({where}).", err=True)
