"""`lexicon-tools build`: dictionary sources -> a game lexicon (.lex) for a ruleset."""

from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    app.command("build")(build_command)


def build_command(
    ruleset: str = typer.Option("wortspieler", "--ruleset", "-r",
                                help="A bundled ruleset name or a ruleset YAML path."),
    source: list[Path] = typer.Option([], "--source", "-s",
                                      help="A dictionary file (repeatable). Default: the ruleset's "
                                           "word_policy.default_sources (bundled corpora)."),
    fmt: list[str] = typer.Option([], "--format", "-f",
                                  help="Format of the matching --source (wordlist, csv, forms, forms-nouns, "
                                       "tei, wiktionary, mapping:FILE, auto). Repeat once per --source."),
    output: str | None = typer.Option(None, "--output", "-o",
                                       help="The .lex file to write. Default: the ruleset's default lexicon path."),
    verdicts: Path | None = typer.Option(None, "--verdicts",
                                         help="Build from a verdicts.jsonl written by `lexicon-tools filter` "
                                              "instead of --source (skips import and filter)."),
    date: str | None = typer.Option(None, "--date",
                                    help="Build date recorded in the file (default: SOURCE_DATE_EPOCH, "
                                         "else the newest input's modification time)."),
    on_error: str = typer.Option("fail", "--on-error", help="Bad source records: fail or skip."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bars and no summary."),
    no_cache: bool = typer.Option(False, "--no-cache",
                                  help="Neither read nor write the import cache (imported sources, keyed by "
                                       "their content, under the user data dir)."),
) -> None:
    """Build a lexicon: import -> filter (word policy) -> normalise -> build (KWG + verdict table).

    With no options it builds the Wortspieler German lexicon from the bundled noun corpus,
    offline, into the default lexicon path used by `check --ruleset wortspieler`. SmartFeud
    and Webfeud read the noun corpus and the bundled full-form corpus of every word class.

    Example: lexicon-tools build --ruleset smartfeud --source /usr/share/dict/ngerman --format wordlist
    """
    from lexicon_tools.errors import UsageError
    from lexicon_tools.io.guard.paths import check_outputs
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.ui.progress import Progress
    from lexicon_tools.jobs.build import (
        SourceSpec,
        build_lexicon,
        build_lexicon_from_verdicts,
    )
    from lexicon_tools.resources import default_lexicon_path, default_sources

    if len(fmt) > max(len(source), 1):
        raise UsageError(f"{len(fmt)} --format options for {len(source)} --source options",
                         "Give one --format per --source, in the same order.")
    if on_error not in ("fail", "skip"):
        raise UsageError(f"--on-error {on_error!r} is not fail or skip", "Use --on-error fail or --on-error skip.")
    if verdicts and (source or fmt):
        raise UsageError("--verdicts replaces --source/--format; give one or the other",
                         "Build from dictionary files (--source) or from a filter result (--verdicts).")
    rs = load_ruleset(ruleset)
    target = output if output is not None else default_lexicon_path(rs.name)
    check_outputs([target], [*source, verdicts, rs.source])
    if verdicts:
        summary = build_lexicon_from_verdicts(rs, verdicts, target, date=date, quiet=quiet, bars=Progress)
    else:
        if source:
            formats = list(fmt) + ["auto"] * (len(source) - len(fmt))
            specs = [SourceSpec(Path(p), f) for p, f in zip(source, formats)]
        else:
            if fmt:
                raise UsageError("--format without --source: the ruleset's default sources name their formats",
                                 "Give --format once per --source, or neither (word_policy.default_sources).")
            specs = [SourceSpec(p, f) for p, f in default_sources(rs.word_policy.default_sources)]
        if not specs:
            raise UsageError(f"ruleset {rs.name!r} names no bundled corpus (word_policy.default_sources is empty)",
                             "Give the dictionary to build from with --source FILE.")
        summary = build_lexicon(rs, specs, target, date=date, quiet=quiet, on_error=on_error,
                                use_cache=not no_cache, bars=Progress)
    if not quiet:
        for line in summary.lines():
            typer.echo(line)
