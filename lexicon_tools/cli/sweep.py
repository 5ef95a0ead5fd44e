"""`lexicon-tools sweep`: design experiments, test games for every variant, on Dask.

Dask and pyarrow are imported only inside the command, so the rest of the CLI
(and the word-check path) starts without them.
"""

from __future__ import annotations

from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    app.command("sweep")(sweep_command)


def sweep_command(
    experiment: Path = typer.Argument(..., help="The experiment YAML file (see docs/guides/experiments.md)."),
    output: Path = typer.Option(None, "--output", "-o",
                                help="Results folder (a Parquet dataset). Default: EXPERIMENT's name + "
                                     "'.results' beside it."),
    workers: int = typer.Option(None, "--workers", "-w",
                                help="Worker processes of the local Dask cluster (default and at most: the CPU "
                                     "cores)."),
    scheduler: str = typer.Option(None, "--scheduler",
                                  help="Run on an existing Dask cluster: its scheduler, tcp://HOST:PORT."),
    restart: bool = typer.Option(False, "--restart",
                                 help="Delete the results already in the folder and start again "
                                      "(default: resume, skipping batches already written)."),
    check: bool = typer.Option(False, "--check", help="Only validate the experiment and print its plan."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Play test games for every variant of an experiment, on Dask, into a Parquet dataset.

    The experiment names a base ruleset, what to vary (house rules, layouts,
    random boards, tile sets, lexicons, players, strategies, and the seats'
    professional mode, time limit, thinking time and invalid words, as `play`'s
    options) as a grid or a list of variants, the games per variant and a master seed. Every game's seed
    derives from the master seed and its variant, so a sweep is reproducible.
    An interrupted sweep resumes where it stopped when run again.

    Example: lexicon-tools sweep third-blank.yaml -o third-blank.results --workers 2

    Example: lexicon-tools sweep boards.yaml --scheduler tcp://10.0.0.5:8786
    """
    from lexicon_tools.errors import UsageError
    from lexicon_tools.experiments import require
    from lexicon_tools.experiments.load import load_experiment

    require("dask", "distributed", "pyarrow")

    if workers is not None and scheduler:
        raise UsageError("--workers starts a local cluster; --scheduler uses an existing one: give one of them",
                         "Drop --workers: the cluster at --scheduler has its own workers.")
    if workers is not None:
        from lexicon_tools.experiments.runner import default_workers

        if workers < 1:
            raise UsageError(f"--workers must be at least 1, not {workers}")
        if workers > default_workers():   # more processes than cores only add memory (each holds the lexicon)
            typer.echo(f"Note: --workers {workers} capped to the {default_workers()} CPU core(s) available; "
                       "for more, run a Dask cluster and pass --scheduler.", err=True)
            workers = default_workers()
    plan = load_experiment(experiment)
    folder = output or experiment.with_name(f"{experiment.stem}.results")
    batches = plan.batches()
    typer.echo(f"{plan.experiment}: {len(plan.variants)} variant(s) x {plan.games:,} games = "
               f"{len(plan.variants) * plan.games:,} games in {len(batches):,} batches of up to "
               f"{plan.batch_size}", err=True)
    for note in dict.fromkeys(v.note for v in plan.variants if v.note):
        typer.echo(note, err=True)
    if check:
        for variant in plan.variants:
            typer.echo(f"  {variant.name}: {variant.rules.name}, {variant.players} players "
                       f"({','.join(variant.strategies)}), board {variant.board['name'] or 'random per game'}, "
                       f"lexicon {Path(variant.lexicon_path).name}"
                       + "".join(f", {k} {v}" for k, v in (variant.behaviour.describe() if variant.behaviour
                                                           else {}).items()))
        return
    from lexicon_tools.cli.signals import Terminated
    from lexicon_tools.experiments.runner import run_sweep

    try:
        result = run_sweep(plan, folder, workers=workers, scheduler=scheduler, restart=restart, quiet=quiet)
    except (KeyboardInterrupt, Terminated):
        from lexicon_tools.experiments.results import written_batches

        typer.echo(f"{len(written_batches(folder)):,} of {len(batches):,} batches are in {folder}, each whole; "
                   "run the same command again to play the rest.", err=True)
        raise
    rate = result.written_games / result.seconds if result.seconds else 0.0
    skipped = f", {result.skipped_games:,} already there" if result.skipped_games else ""
    typer.echo(f"{result.written_games:,} game(s) written in {result.seconds:.1f} s ({rate:,.1f}/s) on "
               f"{result.workers or 0} worker(s){skipped}; results in {folder}")
