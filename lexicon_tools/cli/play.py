"""`lexicon-tools play` (test games with statistics) and `lexicon-tools replay` (re-check a record)."""

from __future__ import annotations

import json
from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    app.command("play")(play_command)
    app.command("replay")(replay_command)


def play_command(
    ruleset: str = typer.Option(..., "--ruleset", "-r", help="A bundled ruleset name or a YAML path."),
    players: int = typer.Option(None, "--players", "-p", help="Players per game (default: the ruleset's minimum)."),
    games: int = typer.Option(10, "--games", "-n", help="How many games to play."),
    strategy: str = typer.Option("equity", "--strategy", "-s",
                                 help="Strategy per seat, comma-separated, repeated to fill the seats: "
                                      "equity (score plus the value of the tiles kept, with an end-game "
                                      "model), greedy (highest score), random, or sim (simulates the best "
                                      "equity moves a few turns ahead; settings as "
                                      "sim:iterations=N:time=S:candidates=N:plies=K:takes=K:multiword=K; "
                                      "takes and multiword narrow the simulated replies, all: as the game)."),
    sim_iterations: int = typer.Option(None, "--sim-iterations", help="Play-outs per candidate of the sim "
                                       "seats (reproducible budget)."),
    sim_time: float = typer.Option(None, "--sim-time", help="Seconds per move at most for the sim seats "
                                   "(not reproducible: the iterations done depend on the machine)."),
    leaves: Path = typer.Option(None, "--leaves", help="Leave values of the equity seats (default: the "
                                "ruleset's bundled file, rulesets/leaves/RULESET.leaves)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the whole run; game i's seed derives from it."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes (results equal a serial run); "
                                "at most the CPU cores available unless --force-workers."),
    force_workers: bool = typer.Option(False, "--force-workers", help="Start --workers processes even if that "
                                       "is more than the CPU cores."),
    as_json: bool = typer.Option(False, "--json", help="Print the statistics as JSON."),
    record: Path = typer.Option(None, "--record", help="Write one game record (.gcg) per game into this folder."),
    heatmap: Path = typer.Option(None, "--heatmap", help="Draw the square usage as a PNG heatmap."),
    lexicon: Path = typer.Option(None, "--lexicon", "-l",
                                 help="The .lex file (default: the lexicon built for the ruleset)."),
    professional: bool = typer.Option(None, "--professional/--casual",
                                      help="Professional mode: an invalid word ends the turn."),
    time_limit: str = typer.Option(None, "--time-limit", help="Turn time limit, e.g. 5m (one of the ruleset's)."),
    think: str = typer.Option(None, "--think",
                              help="Median thinking time per turn, per seat, comma-separated (e.g. 90s,4m): "
                                   "log-normal, seeded; a move after the time limit is a timeout. Default: none."),
    think_spread: float = typer.Option(0.6, "--think-spread", help="Sigma of log(thinking time)."),
    invalid_rate: str = typer.Option(None, "--invalid-rate",
                                     help="Per seat, comma-separated: the chance per placement turn of first "
                                          "trying a word the lexicon refuses (ends the turn in professional "
                                          "mode). Default: 0."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Play test games between strategies and report statistics per seat and per board.

    Reports the mean and spread of the score per seat, the first player's win
    rate, bingo rate, game length, mean move score, premium usage and how often
    letter takes and joker swaps occur.

    With --think and --invalid-rate the seats behave like people: they take time
    (so a turn time limit bites) and sometimes try a word that is not allowed (so
    professional mode costs turns).

    Example: lexicon-tools play --ruleset webfeud --games 100 --strategy equity,greedy --workers 2 --heatmap usage.png

    Example: lexicon-tools play --ruleset webfeud --games 4 --strategy sim,equity --sim-iterations 24

    Example: lexicon-tools play --ruleset smartfeud --professional --time-limit 3m --think 90s --invalid-rate 0.1
    """
    from lexicon_tools.engine.stats import report_text
    from lexicon_tools.ui.progress import Progress
    from lexicon_tools.jobs.play import run_play

    workers = _capped_workers(workers, force_workers)
    if sim_iterations is not None or sim_time is not None:
        from lexicon_tools.engine.strategy import with_sim_budget

        strategy = with_sim_budget(strategy, sim_iterations, sim_time)
    result = run_play(ruleset, players=players, games=games, strategies=strategy, seed=seed, workers=workers,
                      record_dir=record, heatmap=heatmap, lexicon=lexicon, professional=professional,
                      time_limit=time_limit, quiet=quiet, think=think, think_spread=think_spread,
                      invalid_rate=invalid_rate, leaves=leaves, bars=Progress)
    if result.note:
        typer.echo(result.note, err=True)
    report = result.simulation.report
    if as_json:
        typer.echo(json.dumps(report.data, ensure_ascii=False, indent=2))
    else:
        typer.echo(report_text(report))
        if result.records:
            typer.echo(f"  records                {len(result.records)} in {result.records[0].parent}")
        if result.heatmap:
            typer.echo(f"  heatmap                {result.heatmap}")
    if not quiet:
        typer.echo(f"{games} game(s) in {result.seconds:.1f} s", err=True)


def replay_command(
    record: Path = typer.Argument(..., help="A game record written by `play --record DIR`, or a GCG file "
                                  "(Quackle/Macondo/Woogles; - reads standard input)."),
    lexicon: Path = typer.Option(None, "--lexicon", "-l", help="The .lex file (default: the ruleset's lexicon)."),
    ruleset: str = typer.Option(None, "--ruleset", "-r", help="Override the record's #ruleset (a GCG file "
                                "without #ruleset needs it: its board and tiles are this ruleset's)."),
    partial: bool = typer.Option(False, "--partial",
                                 help="Accept a record without its #end line (a game still running)."),
    annotate: bool = typer.Option(False, "--annotate", "-a", help="List per turn the move played, the best "
                                  "move by --strategy and the equity lost."),
    strategy: str = typer.Option("equity", "--strategy", "-s", help="With --annotate: rank as greedy (score) "
                                 "or equity (score plus leave value, end-game model) does."),
    leaves: Path = typer.Option(None, "--leaves", help="With --annotate and equity: the leave values "
                                "(default: the ruleset's bundled file)."),
    as_json: bool = typer.Option(False, "--json", help="With --annotate: print the annotation as JSON."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="With --annotate: only the totals per player."),
    write_gcg: Path = typer.Option(None, "--write-gcg", help="After a clean replay, write the game as GCG."),
    write_record: Path = typer.Option(None, "--write-record", help="After a clean replay, write the game as a "
                                      "record (a GCG's racks as recorded)."),
) -> None:
    """Re-deal a game record from its seed and re-validate and re-score every turn.

    Exits 0 when every move, end adjustment and final score is as the record
    says; otherwise exits 2 naming the line that differs. A record without its
    #end line is refused unless --partial is given. A GCG file is replayed on
    the board and tiles of --ruleset with the racks its lines show.

    With --annotate each turn lists the move played, the move --strategy ranks
    first (as `lexicon-tools moves` does) and the equity lost (greedy: points).

    Example: lexicon-tools replay games/webfeud-0001.gcg

    Example: lexicon-tools replay game.gcg --ruleset webfeud --annotate --strategy equity
    """
    from lexicon_tools.errors import UsageError

    if str(record) == "-" and (write_gcg is not None or write_record is not None):
        raise UsageError("--write-gcg and --write-record need the record as a file, not standard input",
                         "Save the record to a file first, then replay that file.")
    if not annotate and (as_json or quiet or leaves is not None or strategy != "equity"):
        raise UsageError("--strategy, --leaves, --json and --quiet belong to --annotate",
                         "Add --annotate, or drop those options.")
    if annotate:
        from lexicon_tools.jobs.annotate import run_annotate

        result = run_annotate(record, lexicon=lexicon, ruleset=ruleset, strategy=strategy, leaves=leaves,
                              partial=partial)
        if result.note:
            typer.echo(result.note, err=True)
        if as_json:
            typer.echo(json.dumps(result.as_dict(), ensure_ascii=False, indent=2))
        else:
            _print_annotation(result, quiet)
        _write_copies(record, ruleset, write_gcg, write_record)
        return
    from lexicon_tools.jobs.play import run_replay

    rec, game = run_replay(record, lexicon=lexicon, ruleset=ruleset, partial=partial)
    scores = ", ".join(f"{p.name} {p.score}" for p in game.players)
    state = f"ended ({game.outcome.reason})" if game.over else "not finished"
    typer.echo(f"{record}: {len(rec.turns)} turns replayed, all legal and scored as recorded; "
               f"game {state}; {scores}")
    _write_copies(record, ruleset, write_gcg, write_record)


def _write_copies(record: Path, ruleset: str | None, gcg: Path | None, native: Path | None) -> None:
    if gcg is None and native is None:
        return
    from lexicon_tools.jobs.play import write_game_copies

    for path in write_game_copies(record, ruleset, gcg=gcg, record_out=native):
        typer.echo(f"wrote {path}", err=True)


def _print_annotation(result, quiet: bool) -> None:
    unit = "points" if result.strategy == "greedy" else "equity"
    if not quiet:
        typer.echo(f"{result.source}: {len(result.turns)} turns on {result.ruleset}, best moves by "
                   f"{result.strategy}")
        width = max((len(t.played) for t in result.turns), default=4)
        bwidth = max((len(t.best) for t in result.turns), default=4)
        for t in result.turns:
            lost = "-" if t.loss is None else ("best" if t.agrees else f"-{t.loss:.1f}")
            typer.echo(f"{t.number:>3}. {t.player:<10} {t.rack:<9} {t.played:<{width}} {t.played_score:>+4}  "
                       f"best {t.best:<{bwidth}} {t.best_score:>+4}  {unit} lost {lost}")
    state = f"ended ({result.finished})" if result.finished else "not finished"
    typer.echo(f"game {state}; " + ", ".join(f"{k} {v}" for k, v in result.scores.items()))
    for player, row in result.totals().items():
        typer.echo(f"{player}: best move played in {row['best_played']} of {row['turns']} turns, "
                   f"{unit} lost {row['loss']:.1f}")


def _capped_workers(workers: int, force: bool) -> int:
    """More worker processes than cores only add memory (each loads the lexicon), so cap them."""
    import os

    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    if workers > cores and not force:
        typer.echo(f"Note: --workers {workers} capped to the {cores} CPU core(s) available "
                   "(--force-workers starts them all).", err=True)
        return cores
    return workers
