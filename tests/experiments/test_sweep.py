"""Real sweeps on a real Dask LocalCluster of worker processes, with a small real lexicon.

Covered: the same experiment gives the same rows (in-process on a shared cluster
and through the CLI with its own cluster), the rows are the games `play`'s
engine plays for those seeds, Ctrl-C (real SIGINTs to the CLI at random
moments) stops within a second with the resume command, leaves only whole
batches, and a rerun completes the dataset without a duplicate; a worker
process killed mid-run loses no row and duplicates none, and is named on
stderr; and a results folder of another design is refused.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pyarrow.parquet as pq

from lexicon_tools.experiments.load import load_experiment
from lexicon_tools.experiments.plan import deal_seed
from lexicon_tools.experiments.results import MANIFEST, read_rows, written_batches
from lexicon_tools.experiments.runner import _scatter, run_sweep

from .conftest import experiment_text


def _rows(folder) -> list[dict]:
    return read_rows(folder).to_pylist()


def _assert_complete(folder, plan) -> None:
    rows = _rows(folder)
    keys = [(r["variant"], r["game"]) for r in rows]
    assert len(keys) == len(set(keys)), "a game is in the dataset twice"
    assert set(keys) == {(v.name, i) for v in plan.variants for i in range(plan.games)}
    assert written_batches(folder) == {b.id for b in plan.batches()}


def test_a_sweep_writes_one_row_per_game_reproducibly(reference, dask_client, tmp_path, cli):
    path, plan, folder, result = reference
    _assert_complete(folder, plan)
    assert result.written_games == 48 and result.written_batches == 12 and result.skipped_games == 0
    assert len(result.worker_pids) == 2                          # both worker processes played
    assert result.lexicon_loads <= len(result.worker_pids)       # parsed once per worker, not per batch
    again = run_sweep(load_experiment(path), tmp_path / "again", client=dask_client, quiet=True)
    assert again.written_games == 48
    assert _rows(tmp_path / "again") == _rows(folder)
    out = cli("sweep", str(path), "-o", str(tmp_path / "cli"), "--workers", "2", "--quiet")
    assert out.exit_code == 0, out.output
    assert "48 game(s) written" in out.output
    assert _rows(tmp_path / "cli") == _rows(folder)             # its own LocalCluster, the same rows
    out = cli("sweep", str(path), "-o", str(tmp_path / "tcp"), "--scheduler", dask_client.scheduler.address,
              "--quiet")
    assert out.exit_code == 0, out.output
    assert _rows(tmp_path / "tcp") == _rows(folder)             # an existing cluster, over TCP


def test_rows_are_the_games_the_engine_plays_for_those_seeds(reference):
    from lexicon_tools.engine.runner import play_game
    from lexicon_tools.engine.stats import summarise
    from lexicon_tools.jobs.play import judge_from_file

    _path, plan, folder, _result = reference
    variant = plan.variant("three")
    judge = judge_from_file(variant.lexicon_path)
    row = next(r for r in _rows(folder) if r["variant"] == "three" and r["game"] == 5)
    seed = deal_seed(plan.seed, 5)                 # paired: the seed of deal 5, as in variant "two"
    summary = summarise(play_game(variant.rules, judge, judge.kwg.nodes, variant.strategies, seed))
    assert row["seed"] == seed
    assert row["scores"] == summary.scores and row["turns"] == summary.turns
    assert row["bingos"] == summary.bingos and row["end_reason"] == summary.end_reason
    assert sum(row["premium_" + k] for k in ("dl", "tl", "dw", "tw")) == sum(summary.premium_used.values())
    rows = _rows(folder)
    assert {r["variant"] for r in rows} == {"two", "three"}
    assert any(r["turns"] > 5 for r in rows) and any(r["premium_squares"] for r in rows)


def interrupt(path, folder, moment) -> tuple[int, float, str]:
    """Start `sweep --workers 2` as a real process, send one real SIGINT at `moment`, return its exit code,
    the seconds from the signal to the exit, and its stderr.

    `moment`: seconds after the command printed its plan (it has started), or ("batches", k): once k
    more batch files are in the folder than at the start.
    """
    before = len(written_batches(folder))
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    process = subprocess.Popen([sys.executable, "-m", "lexicon_tools", "sweep", str(path), "-o", str(folder),
                                "--workers", "2", "--quiet"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True, env=env)
    first = process.stderr.readline()
    if isinstance(moment, tuple):
        deadline = time.monotonic() + 120
        while len(written_batches(folder)) < before + moment[1] and process.poll() is None \
                and time.monotonic() < deadline:
            time.sleep(0.02)
    else:
        time.sleep(moment)
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=30)
    finally:
        process.kill()
    seconds = time.monotonic() - sent
    return process.returncode, seconds, first + process.stderr.read()


def test_ctrl_c_stops_within_a_second_every_time_and_a_resumed_sweep_equals_an_uninterrupted_one(
        tmp_path, lexicon, dask_client):
    """Five real SIGINTs at random moments (bench/sweep_interrupt.py sends twenty)."""
    import random

    path = tmp_path / "long.yaml"
    # long enough that five interrupted runs on a fast, quiet machine leave batches to resume: at 300 games
    # the faster lexicon code let the sweep finish before the last signal (exit 0, or -2 when the signal
    # hit interpreter shutdown), which tested nothing
    games = 900
    path.write_text(experiment_text(lexicon, games=games, batch_size=3), encoding="utf-8")
    folder = tmp_path / "results"
    rng = random.Random(23)
    moments = [rng.uniform(0, 1.5), ("batches", 1), rng.uniform(0.5, 3), ("batches", 2), rng.uniform(0, 3)]
    for moment in moments:
        code, seconds, err = interrupt(path, folder, moment)
        assert code == 130, err
        assert seconds < 1.0, (moment, seconds, err)
        resume = f"Interrupted; resume with: lexicon-tools sweep {path} -o {folder} --workers 2"
        assert resume in err and "Traceback" not in err and "Error" not in err, err
        assert "leaked" not in err                                          # no noise from killed workers
    plan = load_experiment(path)
    done = written_batches(folder)
    assert 3 <= len(done) < len(plan.batches())
    assert not [p.name for p in folder.iterdir() if p.name.startswith(".")]     # no temp file left
    sizes = {b.id: b.games for b in plan.batches()}
    for batch_id in done:                                                        # every file is a whole batch
        assert pq.read_table(folder / f"{batch_id}.parquet").num_rows == sizes[batch_id]
    result = run_sweep(plan, folder, client=dask_client, quiet=True)
    assert result.skipped_games == sum(sizes[b] for b in done)
    assert result.written_games == 2 * games - result.skipped_games
    _assert_complete(folder, plan)
    fresh = run_sweep(plan, tmp_path / "fresh", client=dask_client, quiet=True)
    assert fresh.written_games == 2 * games
    assert _rows(folder) == _rows(tmp_path / "fresh")


def test_a_worker_killed_mid_run_loses_and_duplicates_nothing(reference, tmp_path, dask_client):
    path, plan, reference_folder, _result = reference
    pids = dask_client.run(os.getpid)
    killed = {}

    def kill_a_busy_worker(batch, _out):
        if killed:
            return
        busy = []
        for _ in range(100):                  # a worker holding a batch (the scheduler may be mid-assignment)
            busy = [address for address, keys in dask_client.processing().items() if keys and address in pids]
            if busy:
                break
            time.sleep(0.02)
        address = busy[0] if busy else next(iter(pids))
        killed["lost"] = list(dask_client.processing().get(address, ()))
        killed["pid"] = pids[address]
        os.kill(pids[address], signal.SIGKILL)

    said = []
    result = run_sweep(plan, tmp_path / "results", client=dask_client, quiet=True, on_batch=kill_a_busy_worker,
                       notify=said.append)
    assert killed["lost"], "the killed worker had no batch in hand"
    lost = [line for line in said if line.startswith("Lost worker ")]
    assert len(lost) == 1 and f"(pid {killed['pid']})" in lost[0], said          # named, with its pid
    held = [str(k).removeprefix("batch-")[:8] for k in killed["lost"]]
    assert any(f"batch {b} (" in lost[0] for b in held), (lost, held)          # and the batch it held
    assert "plays again on another worker" in lost[0]
    assert result.written_games == 48
    _assert_complete(tmp_path / "results", plan)
    assert _rows(tmp_path / "results") == _rows(reference_folder)
    dask_client.wait_for_workers(2, timeout=60)   # the nanny restarts the worker for the tests after this one
    assert killed["pid"] not in dask_client.run(os.getpid).values()


def test_the_shared_lexicon_outlives_every_worker_that_held_it(reference, dask_client):
    """A restarting worker may join after the sweep sent its inputs: if the only holders then die, the
    scheduler must make the lexicon again rather than fail every batch (a scattered value is lost)."""
    _path, plan, _folder, _result = reference
    _rules, lexicons, _leaves = _scatter(plan, dask_client)
    (future,) = lexicons.values()
    expected = future.result(timeout=60)
    before = dask_client.run(os.getpid)
    holders = dask_client.who_has([future])[future.key]
    assert holders
    for address in holders:
        os.kill(before[address], signal.SIGKILL)
    assert future.result(timeout=120) == expected
    _wait_for_fresh_workers(dask_client, gone={before[a] for a in holders})


def test_sending_the_lexicon_as_a_task_warns_of_no_large_graph(reference, dask_client):
    """Dask warns on stderr of any task graph above a threshold (10 MB by default): a real lexicon is
    larger, and the warning would tell a designer to rewrite a sweep they cannot change."""
    import warnings

    import dask

    _path, plan, _folder, _result = reference
    with dask.config.set({"distributed.admin.large-graph-warning-threshold": "1kB"}), \
            warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _rules, lexicons, _leaves = _scatter(plan, dask_client)
        (future,) = lexicons.values()
        assert len(future.result(timeout=60)) > 1024
    assert not [w for w in caught if "large graph" in str(w.message)], [str(w.message) for w in caught]


def _wait_for_fresh_workers(client, gone: set[int]) -> None:
    """Two workers again, none of them a killed one (the nanny restarts them), for the tests after this."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        pids = set(client.run(os.getpid).values())
        if len(pids) == 2 and not pids & gone:
            return
        time.sleep(0.2)
    raise AssertionError(f"the cluster did not restart its workers: {client.run(os.getpid)}")


def test_a_folder_of_another_design_is_refused_unless_restarted(reference, tmp_path, cli, lexicon, dask_client):
    _path, _plan, reference_folder, _result = reference
    other = tmp_path / "other.yaml"
    other.write_text(experiment_text(lexicon, seed=12), encoding="utf-8")
    target = tmp_path / "results"
    target.mkdir()
    (target / MANIFEST).write_bytes((reference_folder / MANIFEST).read_bytes())
    result = cli("sweep", str(other), "-o", str(target), "--quiet")
    assert result.exit_code == 2
    assert "holds results of a different experiment" in result.output and "--restart" in result.output
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "todo.txt").write_text("buy tiles\n", encoding="utf-8")
    result = cli("sweep", str(other), "-o", str(tmp_path / "notes"), "--quiet")
    assert result.exit_code == 2 and "is not empty and holds no _experiment.json" in result.output
    assert sorted(p.name for p in (tmp_path / "notes").iterdir()) == ["todo.txt"]
    for old in sorted(reference_folder.glob("*.parquet"))[:3]:
        (target / old.name).write_bytes(old.read_bytes())
    plan = load_experiment(other)
    result = run_sweep(plan, target, client=dask_client, quiet=True, restart=True)
    assert result.skipped_games == 0 and result.written_games == 48
    _assert_complete(target, plan)                                   # the old design's batches are gone
    assert {r["seed"] for r in _rows(target)}.isdisjoint({r["seed"] for r in _rows(reference_folder)})


def test_equity_seats_get_the_rulesets_leave_values_as_in_play(tmp_path, lexicon, dask_client):
    from lexicon_tools.engine.runner import play_game
    from lexicon_tools.engine.stats import summarise
    from lexicon_tools.jobs.play import judge_from_file

    path = tmp_path / "equity.yaml"
    path.write_text(experiment_text(lexicon, games=2, batch_size=2).replace("strategies: greedy\n", ""),
                    encoding="utf-8")
    plan = load_experiment(path)
    variant = plan.variant("two")
    assert variant.strategies == ("equity", "equity")          # the default, as in `play`
    assert variant.leaves is not None and variant.leaves_hash and not variant.leaves.empty
    run_sweep(plan, tmp_path / "results", client=dask_client, quiet=True)
    row = next(r for r in _rows(tmp_path / "results") if r["variant"] == "two" and r["game"] == 1)
    judge = judge_from_file(variant.lexicon_path)
    game = play_game(variant.rules, judge, judge.kwg.nodes, variant.strategies, row["seed"], leaves=variant.leaves)
    assert row["scores"] == summarise(game).scores and row["turns"] == len(game.turns)


def test_rows_reflect_the_seats_behaviour_as_play_plays_it(tmp_path, lexicon, dask_client, cli):
    """professional / time_limit / think / invalid_rate reach the engine as `play`'s options do."""
    from lexicon_tools.engine.behaviour import parse_models
    from lexicon_tools.engine.runner import play_game
    from lexicon_tools.engine.stats import summarise
    from lexicon_tools.jobs.play import judge_from_file

    path = tmp_path / "people.yaml"
    # 4 deals: on this small lexicon a deal may give no word at all (a scoreless game of passes)
    path.write_text(experiment_text(lexicon, games=4, batch_size=2).split("grid:")[0] + textwrap.dedent("""\
        variants:
          - name: machines
          - name: people
            rules: {modes: {professional_available: true}}
            professional: true
            time_limit: 3m
            think: [90s, 4m]
            invalid_rate: 0.5
        """), encoding="utf-8")
    plan = load_experiment(path)
    run_sweep(plan, tmp_path / "results", client=dask_client, quiet=True)
    rows = _rows(tmp_path / "results")
    machines = [r for r in rows if r["variant"] == "machines"]
    people = [r for r in rows if r["variant"] == "people"]
    assert all(not r["professional"] and r["time_limit"] is None for r in machines)
    assert sum(r["timeouts"] + r["invalid_turns"] + r["refused_attempts"] for r in machines) == 0
    assert all(r["professional"] and r["time_limit"] == 180.0 for r in people)
    assert sum(r["invalid_turns"] for r in people) > 0           # half the placements try a refused word first
    assert sum(r["timeouts"] for r in people) > 0                # seat 2 thinks 4 minutes against a 3-minute clock
    variant = plan.variant("people")
    judge = judge_from_file(variant.lexicon_path)
    busiest = max(people, key=lambda r: r["invalid_turns"])
    game = play_game(variant.rules, judge, judge.kwg.nodes, variant.strategies, busiest["seed"],
                     professional=True, time_limit="3m", models=parse_models("90s,4m", "0.5", 0.6, 2))
    summary = summarise(game)
    assert busiest["scores"] == summary.scores and busiest["turns"] == summary.turns
    assert busiest["invalid_turns"] == summary.kinds.get("invalid", 0) > 0
    out = cli("report", str(tmp_path / "results"), "-o", str(tmp_path / "report.html"))
    assert out.exit_code == 0, out.output
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    for key in ("timeouts", "invalid_turns"):                    # turns lost: shown because some game has them
        assert f"id='metric-{key}'" in page and f"data-metric='{key}'" in page
