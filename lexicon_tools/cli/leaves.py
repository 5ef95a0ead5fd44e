"""`lexicon-tools leaves`: train leave values by self-play, show them, move them to and from KLV2."""

from __future__ import annotations

from pathlib import Path

import typer

from lexicon_tools.cli.common import new_group

group = new_group("Leave values of the equity player: train by self-play, show, export/import KLV2.")


@group.command("train")
def train_command(
    ruleset: str = typer.Option(..., "--ruleset", "-r", help="A bundled ruleset name or a YAML path."),
    games: int = typer.Option(500, "--games", "-n", help="Self-play games per iteration."),
    iterations: int = typer.Option(3, "--iterations", "-i", help="Play-and-fit rounds."),
    seed: int = typer.Option(1, "--seed", help="Seed of the run: the same arguments give the same file."),
    output: Path = typer.Option(None, "--output", "-o", help="The leave file to write (default: RULESET.leaves)."),
    lexicon: Path = typer.Option(None, "--lexicon", "-l",
                                 help="The .lex file (default: the lexicon built for the ruleset)."),
    start: Path = typer.Option(None, "--start", help="Continue from this leave file instead of from none."),
    ridge: float = typer.Option(None, "--ridge", help="How strongly rarely seen tile groups are pulled towards "
                                "0: that many pseudo-samples of value 0 per group (default 25; more for noisy games)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar or iteration lines."),
) -> None:
    """Learn leave values by self-play and write them as a leave file.

    Each iteration plays --games games, equity against equity, with the values
    so far, then fits every tile group's value to the equity the player's next
    turn produced. The file's header records the games, the lexicon's hash and
    the seed.

    Example: lexicon-tools leaves train --ruleset webfeud --games 800 --iterations 3 -o webfeud.leaves
    """
    from lexicon_tools.ui.progress import Progress
    from lexicon_tools.jobs.leaves import run_train

    path, table, seconds = run_train(ruleset, games=games, iterations=iterations, seed=seed, output=output,
                                     lexicon=lexicon, start=start, quiet=quiet, ridge=ridge,
                                     echo=lambda line: typer.echo(line, err=True), bars=Progress)
    typer.echo(f"{path}: {len(table.values)} leave groups from {games * iterations} games in {seconds:.0f} s")


@group.command("show")
def show_command(
    leaves: Path = typer.Argument(None, help="A leave file (default: the bundled one of --ruleset)."),
    ruleset: str = typer.Option(None, "--ruleset", "-r", help="Show the bundled leave values of this ruleset."),
    value: list[str] = typer.Option(None, "--value", "-v", help="Print the value of this leave (repeatable), "
                                    "e.g. -v ? -v Q -v ER."),
    top: int = typer.Option(10, "--top", help="How many of the best and worst single tiles to list."),
) -> None:
    """Show a leave file's provenance, its best and worst tiles, and the value of given leaves.

    Example: lexicon-tools leaves show --ruleset webfeud -v ? -v Q -v ER
    """
    from lexicon_tools.errors import UsageError, require_at_least
    from lexicon_tools.jobs.leaves import load_table

    require_at_least(top, 0, "--top")
    table, source = load_table(leaves, ruleset)
    typer.echo(f"{source}: ruleset {table.ruleset}, model {table.mode}, {len(table.values)} entries")
    for key, text in table.provenance.items():
        typer.echo(f"  {key}: {text}")
    blank = table.provenance.get("blank", "?")
    codes = {ch: i + 1 for i, ch in enumerate(table.letters)}
    codes[blank] = 0
    singles = sorted(range(len(table.letters) + 1), key=lambda t: -table.value(bytes([t])))
    name = table.describe
    if top > 0:
        typer.echo("  best single tiles:  " + "  ".join(f"{name(bytes([t]), blank)} {table.value(bytes([t])):+.2f}"
                                                       for t in singles[:top]))
        typer.echo("  worst single tiles: " + "  ".join(f"{name(bytes([t]), blank)} {table.value(bytes([t])):+.2f}"
                                                       for t in singles[::-1][:top]))
    for text in value or []:
        unknown = sorted({ch for ch in text if ch not in codes})
        if unknown:
            raise UsageError(f"--value {text!r}: {''.join(unknown)!r} is not a tile of {table.letters}",
                             f"Write a leave with the letters of the alphabet and {blank!r} for a blank.")
        typer.echo(f"{text}\t{table.value(bytes(sorted(codes[ch] for ch in text))):+.2f}")


@group.command("export")
def export_command(
    leaves: Path = typer.Argument(..., help="The leave file to export."),
    output: Path = typer.Option(..., "--output", "-o", help="The KLV2 file to write."),
    ruleset: str = typer.Option(None, "--ruleset", "-r",
                                help="The ruleset whose tile set bounds the leaves (default: the file's)."),
    max_tiles: int = typer.Option(None, "--max-tiles", help="Only leaves of at most this many tiles "
                                  "(default: rack size - 1, what the engines expect)."),
) -> None:
    """Write leave values as KLV2, the leave file of wolges and Macondo.

    A trained (additive) file is expanded to every leave of 1 to rack size - 1
    tiles that the ruleset's tile set allows; an imported table is written as
    it is, so export after import gives the same bytes.

    Example: lexicon-tools leaves export rulesets/leaves/webfeud.leaves -o webfeud.klv2
    """
    from lexicon_tools.jobs.leaves import run_export

    count, size = run_export(leaves, output, ruleset, max_tiles)
    typer.echo(f"{output}: {count:,} leaves, {size:,} bytes")


@group.command("import")
def import_command(
    source: Path = typer.Argument(..., help="A KLV2 (or KLV) file from wolges, Macondo or `leaves export`."),
    ruleset: str = typer.Option(..., "--ruleset", "-r", help="The ruleset (alphabet) the file was made for."),
    output: Path = typer.Option(..., "--output", "-o", help="The leave file to write."),
) -> None:
    """Read a KLV2 file into a leave file (model: table) that play --leaves uses.

    Tile numbers follow the ruleset's alphabet order (the bundled German
    rulesets use the order of wolges and Macondo: A Ä B ... O Ö ... U Ü ... Z).

    Example: lexicon-tools leaves import CSW-like.klv2 --ruleset webfeud -o imported.leaves
    """
    from lexicon_tools.jobs.leaves import run_import

    table = run_import(source, output, ruleset)
    typer.echo(f"{output}: {len(table.values):,} leaves for ruleset {table.ruleset}")
