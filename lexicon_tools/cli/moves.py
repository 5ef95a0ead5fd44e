"""`lexicon-tools moves`: the best moves for a rack on a board (a CGP, a game record's turn, a text board)."""

from __future__ import annotations

import json
from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    app.command("moves")(moves_command)


def moves_command(
    ruleset: str = typer.Option(None, "--ruleset", "-r", help="A bundled ruleset name or a YAML path "
                                "(default for --record: the record's #ruleset)."),
    board: str = typer.Option(None, "--board", "-b", help="The position: a CGP string, or a file holding a CGP "
                              "or the board rows (one line per row, '.' empty, lower case a joker)."),
    record: Path = typer.Option(None, "--record", help="A game record (.gcg of `play --record`) or a GCG file "
                                "(Quackle/Macondo/Woogles, on --ruleset's board): the position before its turn "
                                "--turn."),
    turn: int = typer.Option(None, "--turn", "-t", help="With --record: the turn line (1 = the first move)."),
    rack: str = typer.Option(None, "--rack", help="The mover's tiles (? a blank); replaces the position's rack."),
    top: int = typer.Option(10, "--top", "-n", help="How many moves to list."),
    strategy: str = typer.Option(None, "--strategy", "-s", help="Rank as this strategy chooses: greedy (score), "
                                 "equity (score plus leave value, end-game model) or sim (its candidates by "
                                 "simulation; settings as in play, e.g. sim:iterations=96). Default: equity, or "
                                 "for --record the strategy of the seat that moved (random does not rank and "
                                 "is refused)."),
    leaves: Path = typer.Option(None, "--leaves", help="Leave values for equity (default: the ruleset's bundled "
                                "file)."),
    lexicon: Path = typer.Option(None, "--lexicon", "-l", help="The .lex file (default: the ruleset's lexicon)."),
    as_json: bool = typer.Option(False, "--json", help="Print the moves as JSON."),
    seed: int = typer.Option(None, "--seed", help="Seed of the sim's draws (default 0; for --record of a sim "
                             "seat the game's own, so the first move is the one it played)."),
    workers: int = typer.Option(1, "--workers", "-w", help="Processes for the sim's iterations (the ranking "
                                "equals a one-process run)."),
) -> None:
    """List the best moves of a position: notation, score, leave, equity and the words formed.

    The first move listed is the one the strategy would play. Exchanges compete in
    equity mode; SmartFeud takes, Wortspieler joker swaps and multi-word turns are
    listed as the move generator generates them. The position is shown as a CGP,
    which --board reads back.

    Example: lexicon-tools moves --ruleset webfeud --board "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEHNRST/ 0/0 0"

    Example: lexicon-tools moves --record games/webfeud-0001.gcg --turn 5 --top 3 --json

    Example: lexicon-tools moves --record games/wortspieler-0001.gcg --turn 5 --strategy sim:iterations=96 --workers 2
    """
    from lexicon_tools.jobs.analysis import run_moves

    result = run_moves(ruleset, board=board, record=record, turn=turn, rack=rack, top=top, strategy=strategy,
                       lexicon=lexicon, leaves=leaves, seed=seed, workers=workers)
    if result.note:
        typer.echo(result.note, err=True)
    if as_json:
        typer.echo(json.dumps(result.as_dict(), ensure_ascii=False, indent=2))
        return
    typer.echo(f"position  {result.cgp}")
    seeded = f" (seed {result.sim_seed})" if result.sim_seed is not None else ""
    typer.echo(f"{result.mover} to move, {result.bag} tile(s) in the bag; {result.generated} placement(s) "
               f"generated; ranked by {result.strategy}{seeded}")
    if result.played is not None:
        typer.echo(f"played    {result.played}")
    width = max((len(c.notation) for c in result.candidates), default=4)
    for rank, c in enumerate(result.candidates, start=1):
        words = ", ".join(f"{w} {s}" for w, s in c.words)
        bonus = f" + bonus {c.bingo}" if c.bingo else ""
        typer.echo(f"{rank:>3}. {c.notation:<{width}}  {c.score:>4}  equity {c.equity:8.2f}  {_sim_text(c.sim)}"
                   f"leave {c.leave or '-':<8} {words}{bonus}")


def _sim_text(stats) -> str:
    """``sim +12.40 ± 1.85 (96 it.)`` for a simulated candidate (``dropped`` when pruned), else nothing."""
    if stats is None:
        return ""
    if stats.value is None:
        return "sim        -                      "
    error = f"± {stats.stderr:5.2f}" if stats.stderr is not None else "       "
    kept = "" if stats.kept else " dropped"
    return f"sim {stats.value:+8.2f} {error} ({stats.iterations:>3} it.{kept})".ljust(36) + "  "
