"""`lexicon-tools morph`: train and evaluate the statistical fallback of the morphology."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from lexicon_tools.cli.common import new_group

group = new_group("Train and measure the statistical morphology fallback (a spaCy morphologizer).")

SOURCES_HELP = "Dictionaries with inflection tables to learn from (default: the bundled corpus)."


def _lexicon(sources: list[Path], fmt: str):
    from lexicon_tools.jobs.filter import read_input
    from lexicon_tools.morph.lexicon import MorphLexicon
    from lexicon_tools.resources import default_corpus

    entries = []
    for path in sources or [default_corpus()]:
        entries.extend(read_input(path, fmt if sources else "csv"))
    return MorphLexicon.from_entries(entries)


@group.command("train")
def train_command(
    sources: list[Path] = typer.Argument(None, help=SOURCES_HELP, show_default=False),
    fmt: str = typer.Option("auto", "--format", help="Format of the sources (see `lexicon-tools import`)."),
    output: str = typer.Option(None, "-o", "--output", help="Model directory to write "
                               "(default: $LEXICON_TOOLS_HOME/morph/fallback)."),
    config: Path = typer.Option(None, "--config", help="spaCy training config (default: the bundled fallback.cfg)."),
    seed: int = typer.Option(None, "--seed", help="Override [lexicon_tools] seed."),
    epochs: int = typer.Option(None, "--epochs", help="Override [lexicon_tools] epochs."),
    max_examples: int = typer.Option(None, "--max-examples", help="Train on at most this many words (0 = all)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Train the fallback morphologizer on form-level labels from inflection tables.

    Held-out lemmas (the config's held_out_fraction) are left out, so that
    `morph evaluate` measures unseen words. Fixed seed; a few minutes on 2 cores.

    Example: lexicon-tools morph train -o lexicon_tools/morph/fallback_model
    """
    from lexicon_tools.io.formats.morphology import check_model_output, save_model
    from lexicon_tools.ui.progress import Progress
    from lexicon_tools.morph.train import train_fallback
    from lexicon_tools.errors import require_at_least
    from lexicon_tools.resources import user_data_dir

    require_at_least(epochs, 1, "--epochs")
    require_at_least(max_examples, 0, "--max-examples")
    target = user_data_dir() / "morph" / "fallback" if output is None else output
    check_model_output(target)  # before minutes of training, not after ("" is refused, not the cwd)
    lexicon = _lexicon(sources or [], fmt)
    with Progress("train (words)", enabled=False if quiet else None) as bar:
        nlp, report = train_fallback(lexicon, config, progress=bar.advance, seed=seed, epochs=epochs,
                                     max_examples=max_examples)
    save_model(nlp, target, report.to_meta())
    typer.echo(f"Trained on {report.train_examples:,} words ({report.held_out_examples:,} held out), "
               f"{len(report.labels)} labels, {report.settings.epochs} epochs, {report.seconds:.0f} s: {target}")


@group.command("evaluate")
def evaluate_command(
    sources: list[Path] = typer.Argument(None, help=SOURCES_HELP, show_default=False),
    fmt: str = typer.Option("auto", "--format", help="Format of the sources."),
    model: Path = typer.Option(None, "--model", help="Model directory (default: the shipped model)."),
    limit: int = typer.Option(None, "--limit", help="Score at most this many words per group."),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
) -> None:
    """Accuracy, precision and recall for "can be Nom Sg" on the held-out-lemma split.

    Reported separately for words the lexicon knows and words it does not (the
    fallback alone, and compound heads plus the fallback). Uses the split the model
    was trained with (seed and fraction from its training.json).

    Example: lexicon-tools morph evaluate --limit 20000
    """
    from lexicon_tools.io.formats.morphology import read_training_record, shipped_model_dir, verify_model_dir
    from lexicon_tools.errors import require_at_least
    from lexicon_tools.morph.evaluate import evaluate_fallback

    require_at_least(limit, 1, "--limit")

    model_dir = verify_model_dir(model or shipped_model_dir())
    record = read_training_record(model_dir)
    lexicon = _lexicon(sources or [], fmt)
    report = evaluate_fallback(lexicon, model_dir, fraction=record["held_out_fraction"], seed=record["seed"],
                               limit=limit)
    if as_json:
        typer.echo(json.dumps(report.to_dict(), indent=2))
    else:
        typer.echo(report.render())
