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
    until_decided: bool = typer.Option(False, "--until-decided",
                                       help="After the experiment's games, add batches of paired games until "
                                            "every tested comparison is decided (real, or inside its "
                                            "equivalence margin) or --max-games is reached."),
    max_games: int = typer.Option(None, "--max-games",
                                  help="With --until-decided: at most this many games per variant "
                                       "(default: 10 x the experiment's games)."),
    check: bool = typer.Option(False, "--check", help="Only validate the experiment and print its plan."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Play test games for every variant of an experiment, on Dask, into a Parquet dataset.

    The experiment names a base ruleset, what to vary (house rules, layouts,
    random boards, tile sets, lexicons, players, strategies, and the seats'
    professional mode, time limit, thinking time and invalid words, as `play`'s
    options) as a grid or a list of variants, the games per variant and a master seed. Game i of
    every variant plays the same deal (the same seed: bag, racks, seats, the seats' randomness), so
    the variants differ in their rules only and a sweep is reproducible (`pairing: none` gives each
    variant its own deals). Ctrl-C stops at once and says how to resume; run the same command
    again and it resumes where it stopped.

    Example: lexicon-tools sweep third-blank.yaml -o third-blank.results --workers 2

    Example: lexicon-tools sweep bonus.yaml --until-decided --max-games 2000

    Example: lexicon-tools sweep boards.yaml --scheduler tcp://10.0.0.5:8786
    """
    folder = output or experiment.with_name(f"{experiment.stem}.results")
    extra = ["--until-decided"] + (["--max-games", str(max_games)] if max_games is not None else []) \
        if until_decided else []
    from lexicon_tools.cli.signals import Terminated

    _quiet_event_loop()
    try:
        _sweep(experiment, folder, workers, scheduler, restart, until_decided, max_games, check, quiet, extra)
    except (KeyboardInterrupt, Terminated) as exc:
        _interrupted(exc, folder, resume_command(experiment, folder, workers, scheduler, *extra))


def _sweep(experiment: Path, folder: Path, workers: int | None, scheduler: str | None, restart: bool,
           until_decided: bool, max_games: int | None, check: bool, quiet: bool, extra: list[str]) -> None:
    from lexicon_tools.errors import UsageError
    from lexicon_tools.experiments import require
    from lexicon_tools.experiments.load import load_experiment

    require("dask", "distributed", "pyarrow")

    if workers is not None and scheduler:
        raise UsageError("--workers starts a local cluster; --scheduler uses an existing one: give one of them",
                         "Drop --workers: the cluster at --scheduler has its own workers.")
    if max_games is not None and not until_decided:
        raise UsageError("--max-games caps --until-decided", "Add --until-decided, or drop --max-games.")
    if workers is not None:
        from lexicon_tools.experiments.runner import default_workers

        if workers < 1:
            raise UsageError(f"--workers must be at least 1, not {workers}")
        if workers > default_workers():   # more processes than cores only add memory (each holds the lexicon)
            typer.echo(f"Note: --workers {workers} capped to the {default_workers()} CPU core(s) available; "
                       "for more, run a Dask cluster and pass --scheduler.", err=True)
            workers = default_workers()
    plan = load_experiment(experiment)
    cap = max_games if max_games is not None else 10 * plan.games
    if until_decided and cap < 2:
        raise UsageError(f"--max-games must be at least 2, not {cap}", "Give the most games per variant to play.")
    if until_decided:
        from lexicon_tools.experiments.spec import MAX_BATCHES, MAX_TOTAL_GAMES

        total, batches = cap * len(plan.variants), -(-cap // plan.batch_size) * len(plan.variants)
        if total > MAX_TOTAL_GAMES or batches > MAX_BATCHES:
            raise UsageError(f"--max-games {cap:,} lets the sweep grow to {total:,} games in {batches:,} batches, "
                             f"more than {MAX_TOTAL_GAMES:,} games or {MAX_BATCHES:,} batches",
                             "Give a smaller --max-games (games per variant), or raise batch_size.")
    if until_decided and len(plan.variants) < 2:
        raise UsageError(f"{experiment} has one variant: --until-decided has nothing to compare",
                         "Add a variant (or a grid axis), or drop --until-decided.")
    batches = plan.batches()
    typer.echo(f"{plan.experiment}: {len(plan.variants)} variant(s) x {plan.games:,} games = "
               f"{len(plan.variants) * plan.games:,} games in {len(batches):,} batches of up to "
               f"{plan.batch_size}" + (f", then more until decided (at most {cap:,} per variant)"
                                       if until_decided else ""), err=True)
    for note in dict.fromkeys(v.note for v in plan.variants if v.note):
        typer.echo(note, err=True)
    if check:
        from lexicon_tools.experiments.metrics import DEFAULT_TESTED

        typer.echo(f"  {'paired: game i of every variant plays deal i' if plan.paired else 'unpaired'}; baseline "
                   f"{plan.baseline or plan.variants[0].name}; tested: {', '.join(plan.metrics or DEFAULT_TESTED)}"
                   + "".join(f"; {k} equivalent within ±{v:g}" for k, v in plan.equivalence.items()))
        for variant in plan.variants:
            typer.echo(f"  {variant.name}: {variant.rules.name}, {variant.players} players "
                       f"({','.join(variant.strategies)}), board {variant.board['name'] or 'random per game'}, "
                       f"lexicon {Path(variant.lexicon_path).name}"
                       + "".join(f", {k} {v}" for k, v in (variant.behaviour.describe() if variant.behaviour
                                                           else {}).items()))
        return
    from lexicon_tools.experiments.runner import run_sweep

    def say(text: str) -> None:
        typer.echo(text, err=True)

    if until_decided:
        _until_decided(plan, folder, workers, scheduler, restart, quiet, cap, say)
        return
    result = run_sweep(plan, folder, workers=workers, scheduler=scheduler, restart=restart, quiet=quiet,
                       notify=say)
    rate = result.written_games / result.seconds if result.seconds else 0.0
    skipped = f", {result.skipped_games:,} already there" if result.skipped_games else ""
    typer.echo(f"{result.written_games:,} game(s) written in {result.seconds:.1f} s ({rate:,.1f}/s) on "
               f"{result.workers or 0} worker(s){skipped}; results in {folder}")


def _until_decided(plan, folder: Path, workers, scheduler, restart: bool, quiet: bool, cap: int, say) -> None:
    from lexicon_tools.experiments.decide import sweep_until_decided
    from lexicon_tools.experiments.runner import connect, run_sweep

    written = []
    with connect(workers, scheduler) as client:   # one cluster for every round
        def play(round_plan):
            first = not written
            written.append(run_sweep(round_plan, folder, client=client, restart=restart and first, quiet=quiet,
                                     notify=say, own_client=scheduler is None).written_games)

        decision = sweep_until_decided(plan, folder, cap, play, say)
    games = f"{decision.games:,} games per variant"
    if decision.decided:
        typer.echo(f"Decided after {games} ({decision.rounds} round(s), {sum(written):,} game(s) played now): "
                   f"every requested comparison is real or inside its equivalence margin; results in {folder}")
    else:
        typer.echo(f"Not decided at the cap of {games} (--max-games): {len(decision.undecided)} comparison(s) "
                   f"still open ({', '.join(f'{c.variant} {c.metric.key}' for c in decision.undecided[:6])}); "
                   f"results in {folder}")


def resume_command(experiment: Path, folder: Path, workers: int | None, scheduler: str | None,
                   *extra: str) -> str:
    """The command that resumes this sweep (never with --restart, which would delete its results)."""
    import shlex

    words = ["lexicon-tools", "sweep", str(experiment), "-o", str(folder)]
    words += ["--workers", str(workers)] if workers is not None else []
    words += ["--scheduler", scheduler] if scheduler else []
    return " ".join(shlex.quote(w) for w in [*words, *extra])


def _quiet_event_loop() -> None:
    """Keep asyncio's own reports off the terminal: after Ctrl-C kills the workers, the scheduler's event loop
    may report a message it could no longer deliver ("Future exception was never retrieved ...
    CommClosedError") while the command prints how to resume. Batch errors reach the sweep through its
    futures (`experiments.runner._outcome`), never through this logger."""
    import logging

    logging.getLogger("asyncio").setLevel(logging.CRITICAL)


def _interrupted(exc: BaseException, folder: Path, resume: str) -> None:
    """Say where the sweep stopped and how to resume it, then exit at once: 130 for Ctrl-C, 128 + N for
    signal N. At once: Dask's own shutdown of the (already killed) local cluster takes seconds."""
    import os
    import signal
    import sys

    from lexicon_tools.experiments.results import written_batches

    signal.signal(signal.SIGINT, signal.SIG_IGN)     # a second Ctrl-C must not undo the quick exit

    code = 130 if isinstance(exc, KeyboardInterrupt) else exc.exit_code
    name = "Interrupted" if code == 130 else f"Terminated ({getattr(exc, 'name', code)})"
    typer.echo(f"{name}; resume with: {resume}", err=True)
    typer.echo(f"{len(written_batches(folder)):,} batch file(s) are in {folder}, each whole.", err=True)
    sys.stdout.flush()
    sys.stderr.flush()
    _release_semaphores()
    os._exit(code)


def _release_semaphores(seconds: float = 0.3) -> None:
    """Run multiprocessing's finalizers (they unlink the killed workers' semaphores, which its resource
    tracker would otherwise report as leaked), but give them at most `seconds`."""
    import multiprocessing.util
    import threading

    worker = threading.Thread(target=multiprocessing.util._run_finalizers, daemon=True)
    worker.start()
    worker.join(seconds)
