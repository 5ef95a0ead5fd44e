"""Lexicon queries at the table: check, judge, anagram, pattern, stats, export, diff.

`check` is the latency-critical path: this module imports only typer and the
stdlib at the top, and `check`/`judge` load the lexicon with the stdlib-only
reader (no numpy, yaml or pydantic), so a cold `lexicon-tools check WORD` costs
little more than starting typer.
"""

import json
import sys
from pathlib import Path

import typer

from lexicon_tools.cli.light import LightCommand

LEXICON_HELP = "A .lex file (default: the lexicon built for --ruleset)."
RULESET_HELP = "Use the default lexicon of this ruleset (name or YAML path; default wortspieler)."


def register(app: typer.Typer) -> None:
    for name, func in (("check", check_command), ("judge", judge_command)):
        app.command(name, cls=LightCommand)(func)
    for name, func in (("anagram", anagram_command), ("pattern", pattern_command), ("stats", stats_command),
                       ("export", export_command), ("diff", diff_command)):
        app.command(name)(func)


def _load(lexicon: str | None, ruleset: str | None, check_graph: bool = True):
    from lexicon_tools.io.formats.lexfile import load_lexicon, resolve_lexicon_path

    return load_lexicon(resolve_lexicon_path(lexicon, ruleset), check_graph=check_graph)


def _render(result, ignored: str = "") -> str:
    from lexicon_tools import messages
    from lexicon_tools.cli.common import message_language
    from lexicon_tools.textsafe import printable

    mark = "✔" if result.valid else "✘"
    shown = printable(result.normalized or result.word)
    text = f"{mark} {shown}  {messages.reason_text(result.reason, message_language())} [{result.reason}]"
    if ignored:
        text += f" ({messages.text('page', 'cli_ignored', message_language(), chars=ignored)})"
    if result.suggestions:
        text += f"; {messages.text('page', 'cli_try', message_language())}: {printable(', '.join(result.suggestions))}"
    return text


def _check_word(lex, word: str, suggestions: int, length: int | None = None):
    """(result, ignored) for one word: invisible characters stripped and named, over-long words refused
    before normalising or suggesting (see `lexicon_tools.cli.wordinput`)."""
    from lexicon_tools.cli.wordinput import too_long_result, visible

    if length is not None and length > len(word):  # the start of a word too long to keep (`iter_words`)
        return too_long_result(word, length), ""
    word, ignored = visible(word)
    result = too_long_result(word)
    if result is None:
        result = lex.check(word, suggestions)
    return result, ignored


def check_command(
    words: list[str] = typer.Argument(..., help="Words to check (any case; ß and accents are fine)."),
    lexicon: str | None = typer.Option(None, "--lexicon", "-l", help=LEXICON_HELP),
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", help=RULESET_HELP),
    as_json: bool = typer.Option(False, "--json", help="One JSON object per word."),
    suggestions: int = typer.Option(5, "--suggestions", help="How many suggestions for an illegal word."),
    no_suggest: bool = typer.Option(False, "--no-suggest", help="No suggestions for illegal words (faster)."),
) -> None:
    """Check words: exit 0 if all are legal, 1 otherwise.

    Example: lexicon-tools check --ruleset wortspieler Haus Häuser
    """
    from lexicon_tools.errors import require_at_least

    require_at_least(suggestions, 0, "--suggestions")
    lex = _load(lexicon, ruleset, check_graph=False)  # the stdlib-only check path
    all_valid = True
    for word in words:
        result, ignored = _check_word(lex, word, 0 if no_suggest else suggestions)
        all_valid &= result.valid
        if as_json:
            from lexicon_tools.textsafe import printable_data

            data = dict(result.to_dict(), **({"ignored": ignored} if ignored else {}))
            typer.echo(json.dumps(printable_data(data), ensure_ascii=False))
        else:
            typer.echo(_render(result, ignored))
    raise typer.Exit(0 if all_valid else 1)


def judge_command(
    lexicon: str | None = typer.Option(None, "--lexicon", "-l", help=LEXICON_HELP),
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", help=RULESET_HELP),
    no_suggest: bool = typer.Option(False, "--no-suggest", help="No suggestions for illegal words (faster)."),
) -> None:
    """Judge words interactively at the table (or from a pipe); quit with Ctrl-D or Ctrl-C.

    Example: printf 'Haus\\nHäuser\\n' | lexicon-tools judge --ruleset wortspieler
    """
    from lexicon_tools.io.guard.paths import stdin_binary

    stream = stdin_binary("word")  # before loading: a closed stdin is a message, not a traceback
    lex = _load(lexicon, ruleset, check_graph=False)  # the stdlib-only check path
    interactive = sys.stdin.isatty()
    if interactive:
        try:
            import readline  # noqa: F401  (line editing and history for input())
        except ImportError:
            pass
        typer.echo(f"{lex.ruleset} lexicon, {lex.word_count:,} words. Type words; Ctrl-D quits.")
    suggestions = 0 if no_suggest else 5
    try:
        if not interactive:  # a pipe or file: read in bounded chunks, never a whole line (`iter_words`)
            from lexicon_tools.cli.wordinput import iter_words, text_pieces

            for word, length in iter_words(text_pieces(stream)):
                typer.echo(_render(*_check_word(lex, word, suggestions, length)))
            return
        while True:
            try:
                line = input("word> ")
            except EOFError:
                typer.echo()
                break
            for word in line.split():
                typer.echo(_render(*_check_word(lex, word, suggestions)))
    except KeyboardInterrupt:
        typer.echo()


def _print_capped(lines: list[str], limit: int, noun: str) -> None:
    for line in lines[:limit]:
        typer.echo(line)
    if len(lines) > limit:
        typer.echo(f"... {len(lines) - limit:,} more {noun} not shown ({len(lines):,} in all; "
                   f"raise --limit to see them)", err=True)
    elif not lines:
        typer.echo(f"No {noun}.", err=True)


def anagram_command(
    letters: str = typer.Argument(..., help="The rack; '?' is a blank."),
    min_length: int | None = typer.Option(None, "--min-length", "-m",
                                          help="Shortest word to list (default: use every letter)."),
    limit: int = typer.Option(100, "--limit", help="Show at most this many words."),
    lexicon: str | None = typer.Option(None, "--lexicon", "-l", help=LEXICON_HELP),
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", help=RULESET_HELP),
) -> None:
    """List the words formed from LETTERS, longest first; blank letters are shown in lower case.

    Example: lexicon-tools anagram 'SUAH?' --min-length 4
    """
    from lexicon_tools.errors import require_at_least
    from lexicon_tools.lexicon.queries import anagrams, parse_rack

    require_at_least(limit, 0, "--limit")
    require_at_least(min_length, 1, "--min-length")
    lex = _load(lexicon, ruleset)
    counts, blanks = parse_rack(letters, lex.alphabet)
    size = sum(counts) + blanks
    found = anagrams(lex.kwg, counts, blanks, min_length=size if min_length is None else min_length)
    _print_capped([m.render(lex.alphabet) for m in found], limit, "words")


def pattern_command(
    pattern: str = typer.Argument(..., help="Letters with '?' for one letter and '*' for any run."),
    limit: int = typer.Option(100, "--limit", help="Show at most this many words."),
    lexicon: str | None = typer.Option(None, "--lexicon", "-l", help=LEXICON_HELP),
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", help=RULESET_HELP),
) -> None:
    """List the words matching PATTERN in alphabetical order.

    Example: lexicon-tools pattern 'H?US*'
    """
    from lexicon_tools.errors import require_at_least
    from lexicon_tools.lexicon.queries import parse_pattern, pattern_matches

    require_at_least(limit, 0, "--limit")
    lex = _load(lexicon, ruleset)
    found = pattern_matches(lex.kwg, parse_pattern(pattern, lex.alphabet))
    _print_capped([lex.alphabet.decode(w) for w in found], limit, "words")


def stats_command(
    lexicon_file: str | None = typer.Argument(None, metavar="[LEXICON]",
                                              help="Deprecated spelling of --lexicon (still accepted)."),
    lexicon: str | None = typer.Option(None, "--lexicon", "-l", help=LEXICON_HELP),
    ruleset: str | None = typer.Option(None, "--ruleset", "-r",
                                       help="Without --lexicon: its default lexicon. With --lexicon: compare "
                                            "against this ruleset's tile bag instead of the recorded one."),
    as_json: bool = typer.Option(False, "--json", help="Print the statistics as JSON."),
) -> None:
    """Word counts by length and letter frequencies against the tile distribution.

    Example: lexicon-tools stats --ruleset wortspieler
    """
    from lexicon_tools.lexicon.stats import lexicon_stats

    if lexicon_file is not None:
        from lexicon_tools.errors import UsageError

        if lexicon is not None:
            raise UsageError("stats got a lexicon twice, as LEXICON and as --lexicon",
                             "Give it once, as --lexicon FILE.")
        typer.echo(f"note: `stats LEXICON` is deprecated; write `stats --lexicon {lexicon_file}`, as every "
                   "command that reads a lexicon takes it.", err=True)
        lexicon = lexicon_file
    lex = _load(lexicon, None if lexicon else ruleset)
    bag = {letter: spec[0] for letter, spec in lex.meta.get("tiles", {}).items()}
    if lexicon and ruleset:
        from lexicon_tools.io.formats.rulesets import load_ruleset

        bag = {letter: count for letter, (count, _value) in load_ruleset(ruleset).tiles.letters.items()}
    stats = lexicon_stats(lex.kwg, lex.alphabet, bag)
    if as_json:
        typer.echo(json.dumps(stats.to_dict(), ensure_ascii=False, indent=2))
        return
    typer.echo(f"{lex.ruleset} lexicon: {stats.word_count:,} words")
    typer.echo("length      words")
    for length, count in stats.by_length.items():
        typer.echo(f"{length:>6} {count:>10,}")
    typer.echo("letter  lexicon%   bag   bag%   ratio  suggested")
    for row in stats.letters:
        ratio = f"{row.ratio:6.2f}" if row.bag_share else "     -"
        typer.echo(f"{row.letter:<6} {row.lexicon_share * 100:8.2f}% {row.bag_count:>5} "
                   f"{row.bag_share * 100:6.2f}% {ratio} {row.suggested_count:>9}")


def export_command(
    fmt: str = typer.Option(..., "--format", "-f", help="kwg (engine graph), kad (alphagram DAWG), "
                                                        "txt (one word per line), json (metadata) or compact "
                                                        "(the table page's offline word set, gzip)."),
    output: str | None = typer.Option(None, "--output", "-o", help="Output file (txt/json: default stdout)."),
    tile_order: str | None = typer.Option(None, "--tile-order",
                                          help="kwg/kad/json: number the tiles in this letter order (the "
                                               "engine's alphabet; a leading ? for the blank is fine) instead of "
                                               "the ruleset's, or a preset: wolges, macondo, liwords, magpie."),
    lexicon: str | None = typer.Option(None, "--lexicon", "-l", help=LEXICON_HELP),
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", help=RULESET_HELP),
) -> None:
    """Export a lexicon for other tools: the KWG that wolges/Macondo/MAGPIE load, a KAD, words or metadata.

    Tile numbers follow the ruleset's alphabet (the German rulesets already number tiles as wolges,
    Macondo and Liwords do) unless --tile-order gives the engine's letter order.

    Example: lexicon-tools export --ruleset wortspieler --format kwg -o wortspieler.kwg

    Example: lexicon-tools export --ruleset wortspieler --format compact -o wortspieler.words.gz
    """
    from lexicon_tools.errors import UsageError
    from lexicon_tools.io.guard.atomic import atomic_write_bytes
    from lexicon_tools.lexicon.export import export_bytes

    if fmt not in ("kwg", "kad", "txt", "json", "compact"):
        raise UsageError(f"unknown export format {fmt!r}", "Use --format kwg, kad, txt, json or compact.")
    if fmt in ("kwg", "kad", "compact") and output is None:
        raise UsageError(f"--format {fmt} writes binary data and needs --output FILE",
                         f"Add e.g. -o lexicon.{fmt}.")
    if tile_order and fmt not in ("kwg", "kad", "json"):
        raise UsageError("--tile-order applies to --format kwg, kad and json only", "Drop --tile-order.")
    from lexicon_tools.io.formats.lexfile import load_lexicon, resolve_lexicon_path
    from lexicon_tools.io.guard.paths import check_outputs

    source = resolve_lexicon_path(lexicon, ruleset)
    check_outputs([output], [source])
    if fmt == "txt":  # streamed: memory stays flat whatever the word count
        from lexicon_tools.io.guard.atomic import atomic_open
        from lexicon_tools.lexicon.export import export_text_chunks

        chunks, size = export_text_chunks(load_lexicon(source)), 0
        if output is None:
            out = sys.stdout.buffer
            for chunk in chunks:
                out.write(chunk)
            out.flush()
            return
        with atomic_open(output, "wb", encoding=None) as handle:
            for chunk in chunks:
                handle.write(chunk)
                size += len(chunk)
        typer.echo(f"Wrote {output} ({size:,} bytes).", err=True)
        return
    data = export_bytes(load_lexicon(source), fmt, tile_order)
    if output is None:
        typer.echo(data.decode("utf-8"), nl=False)
    else:
        atomic_write_bytes(output, data)
        typer.echo(f"Wrote {output} ({len(data):,} bytes).", err=True)


def diff_command(
    before: str = typer.Argument(..., metavar="A.lex", help="The lexicon before the change."),
    after: str = typer.Argument(..., metavar="B.lex", help="The lexicon after the change."),
    sample: int = typer.Option(8, "--sample", help="Words shown per class and reason."),
    as_json: bool = typer.Option(False, "--json", help="Print the diff as JSON."),
) -> None:
    """Words added and removed from A to B, by class and reason, with counts and a sample.

    For reviewing what a change of sources or house rules does: an added word is grouped by B's
    reason to accept it, a removed one by the class it had in A and B's reason to refuse it
    (not-in-lexicon when B's sources lack it).

    Example: lexicon-tools diff old/webfeud.lex webfeud.lex --sample 5
    """
    from lexicon_tools.io.formats.lexfile import load_lexicon
    from lexicon_tools.jobs.diff import count_by_class, diff_lexicons
    from lexicon_tools.textsafe import printable
    from lexicon_tools.ui.progress import Progress

    result = diff_lexicons(load_lexicon(before), load_lexicon(after), max(0, sample), bars=Progress)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
        return
    typer.echo(f"legal words: {result.legal_before:,} -> {result.legal_after:,} "
               f"(+{result.added_count:,} added, -{result.removed_count:,} removed)")
    for title, table in (("added", result.added), ("removed", result.removed)):
        by_class = count_by_class(table)
        typer.echo(f"{title}: " + ", ".join(f"{c} {n:,}" for c, n in by_class.most_common()) if table
                   else f"{title}: none")
        for (cls, reason), group in sorted(table.items(), key=lambda kv: (-kv[1].count, kv[0])):
            typer.echo(f"  {cls:<12} {reason:<34} {group.count:>9,}  {printable(' '.join(group.sample))}")
