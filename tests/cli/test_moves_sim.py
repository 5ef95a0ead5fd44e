"""`lexicon-tools moves --strategy sim`: the sim's candidates ranked by simulation, through the real CLI and job.

Games are played by `play --record` with a sim seat against greedy in all three
rulesets (SmartFeud takes, Wortspieler multi-word turns and joker swaps), on real
.lex files. For every turn the sim played with tiles in the bag, `moves` on the
position before it (the seed re-derived from the game's) must list the move the
sim played first, with the statistics that made it win; worker processes must not
change the ranking.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexicon_tools.io.formats.gamerecord import read_record
from lexicon_tools.jobs.analysis import run_moves
from lexicon_tools.jobs.sim_pool import can_fork
from tests.cli.test_moves import GAMES, lexicons  # noqa: F401  (the module's real .lex files)

SPEC = "sim:iterations=8:candidates=5:prune_after=4"


@pytest.fixture(scope="module")
def sim_records(lexicons, tmp_path_factory):  # noqa: F811
    from typer.testing import CliRunner

    from lexicon_tools.cli.app import app

    folder = tmp_path_factory.mktemp("sim-records")
    out = {}
    for name in GAMES:
        result = CliRunner().invoke(app, ["play", "--ruleset", name, "--lexicon", str(lexicons[name]), "--games", "1",
                                          "--strategy", f"{SPEC},greedy", "--seed", "7", "--record",
                                          str(folder / name), "-q"])
        assert result.exit_code == 0, result.output
        out[name] = sorted((folder / name).glob("*.gcg"))[0]
    return out


def _json(result) -> dict:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_top_move_is_the_move_the_sim_played(lexicons, sim_records):  # noqa: F811
    simulated = 0
    for name in GAMES:
        path = sim_records[name]
        record = read_record(path)
        for number, row in enumerate(record.turns, start=1):
            if row.player != record.players[0]:
                continue
            result = run_moves(None, record=path, turn=number, top=20, lexicon=lexicons[name])
            assert result.strategy == SPEC
            best = result.candidates[0]
            assert best.notation == result.played, (name, number, [c.notation for c in result.candidates])
            for c in result.candidates:     # the generator's score, re-checked by the rules engine
                assert c.engine_score == c.score, (name, number, c.notation)
            if result.bag == 0:
                assert "ranked by equity" in result.note
                continue
            stats = [c.sim for c in result.candidates if c.sim is not None]
            if not stats:                  # one candidate only: nothing to simulate
                continue
            simulated += 1
            assert best.sim.kept and best.sim.iterations == max(s.iterations for s in stats)
            kept = [s.value for s in stats if s.kept]
            assert best.sim.value == max(kept) and all(s.iterations <= 8 for s in stats)
    assert simulated >= 15


def test_worker_processes_rank_exactly_as_one_process(cli, lexicons, sim_records):  # noqa: F811
    """Two workers play the iterations in rounds of four; a candidate dropped inside a round must
    come out as in one process (its surplus play-outs ignored). Checked on the first position whose
    candidates were dropped after different numbers of iterations, not all at a round's end."""
    assert can_fork()
    path = sim_records["wortspieler"]
    compared = 0
    for turn in range(2, len(read_record(path).turns)):
        args = ("moves", "--record", str(path), "--turn", str(turn), "--lexicon", str(lexicons["wortspieler"]),
                "--strategy", "sim:iterations=24:prune_after=3:z=1.5", "--top", "20", "--json")
        one = _json(cli(*args))
        counts = {m["sim"]["iterations"] for m in one["moves"] if m.get("sim")}
        if len(counts) < 3 or all(n % 4 == 0 for n in counts):
            continue
        assert _json(cli(*args, "--workers", "2")) == one
        compared += 1
        if compared == 2:
            break
    assert compared == 2


def test_the_listing_shows_the_sim_column_and_the_seed(cli, lexicons, sim_records):  # noqa: F811
    path = sim_records["webfeud"]
    result = cli("moves", "--record", str(path), "--turn", "3", "--lexicon", str(lexicons["webfeud"]), "--top", "3")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "ranked by sim" in lines[1] and "(seed " in lines[1]
    first = next(line for line in lines if line.startswith("  1. "))
    assert " sim " in first and " it.)" in first and "equity" in first


def test_a_seed_given_is_the_seed_used(cli, lexicons, sim_records):  # noqa: F811
    path = sim_records["smartfeud"]
    args = ("moves", "--record", str(path), "--turn", "3", "--lexicon", str(lexicons["smartfeud"]), "--json")
    chosen = _json(cli(*args, "--seed", "12345"))
    assert chosen["sim_seed"] == 12345
    assert _json(cli(*args, "--seed", "12345")) == chosen
    assert _json(cli(*args))["sim_seed"] != 12345


@pytest.mark.parametrize("extra, located", [
    (["--strategy", "sim:plys=2"], "plys"),
    (["--strategy", "sim:iterations=many"], "iterations"),
    (["--strategy", "sim", "--workers", "0"], "--workers 0"),
    (["--strategy", "equity", "--seed", "3"], "--seed belongs to --strategy sim"),
    (["--strategy", "greedy", "--workers", "2"], "--workers 2 belongs to --strategy sim"),
])
def test_a_wrong_sim_request_is_a_message_exit_2(cli, lexicons, sim_records, extra, located):  # noqa: F811
    path: Path = sim_records["webfeud"]
    result = cli("moves", "--record", str(path), "--turn", "2", "--lexicon", str(lexicons["webfeud"]), *extra)
    assert result.exit_code == 2, result.output
    assert located in result.output and "Traceback" not in result.output
