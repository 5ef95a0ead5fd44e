"""Benchmark: how a sweep scales on Dask, against `play` run serially, measured in the same run.

Target (issue 14): a sweep with 2 workers plays at least 1.8x the games per
second of serial `play` on this 2-core machine.

Lexicon: the shared benchmark word list (bench/lexicon_common.py: wngerman, or a
generated 300k-word list when it is absent), words of 2-15 letters, built into a
Webfeud .lex with the library's build path. Games: Webfeud, greedy against
greedy, --games games of one variant, seed 1.

Measured, one after the other, in rounds (the machine is shared: the best of
each configuration counts, and every run is printed):

* baseline: `jobs.play.run_play` with workers=1 — exactly what
  `lexicon-tools play --workers 1` runs: loading the ruleset, loading and
  checking the lexicon, every game;
* `lexicon-tools sweep` (`experiments.load.load_experiment`, then
  `experiments.runner.run_sweep`) on a LocalCluster of 1 and of 2 worker
  processes;
* the same on a scheduler and two workers started as separate processes
  (`dask scheduler`, `dask worker`), reached over TCP on localhost;
* the ceiling: the baseline's games split over two plain processes that have
  loaded everything and played a warm-up game before the clock starts, without
  Dask — what two processes get from the machine at that moment, other jobs
  included.

What each clock includes. Both sides have their code imported and the move
generator's numba kernels loaded before the clock starts: this process plays a
2-game warm-up; a sweep's workers import the engine and load its kernels when
they join the cluster (`runner.connect`, `worker.warm_up`; counted in the
start-up column). Inside the clock, `play` loads the ruleset and loads and
checks the lexicon once (the time of that load is printed); a sweep reads and
validates the experiment (ruleset, lexicon and its word graph), writes the
manifest, sends the ruleset and lexicon to the workers, each worker parses the
lexicon, then every game and every Parquet file. Cluster start-up (processes,
imports, kernels) is printed apart, with the speed-up it would leave if it were
counted (a long sweep pays it once). The three sweeps must write identical rows.

Run: .venv/bin/python bench/sweep_scale.py [--games 1000] [--batch-size 50] [--rounds 3]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT.parent))


def build_lexicon(path: Path) -> str:
    from lexicon_common import word_list

    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.model.entry import Entry
    from lexicon_tools.model.verdict import Verdict
    from lexicon_tools.jobs.build import build_from_verdicts

    rs = load_ruleset("webfeud")
    alphabet = rs.make_alphabet()
    description, words = word_list()
    words = [w for w in words if 2 <= len(w) <= 15 and alphabet.is_tileable(w)]
    verdicts = (Verdict(Entry(w, lemma=w, pos="NOUN"), w, True, "listed") for w in words)
    build_from_verdicts(rs, verdicts, path, date="2026-01-01T00:00:00Z")
    return f"{description}; {len(words):,} words of 2-15 letters"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# What docs/guides/experiments.md tells cluster users to put in their Dask configuration: the same
# worker environment as the LocalCluster of `sweep` (see experiments.runner.WORKER_CONFIG).
DASK_WORKER_CONFIG = """\
distributed:
  nanny:
    pre-spawn-environ:
      MALLOC_TRIM_THRESHOLD_: null
  worker:
    profile: {enabled: false}
    memory: {monitor-interval: 1s}
  admin:
    tick: {interval: 1s}
    system-monitor: {interval: 5s}
"""


@contextlib.contextmanager
def tcp_cluster(workers: int):
    """`dask scheduler` and `workers` x `dask worker`, each its own process, on localhost."""
    dask = str(Path(sys.executable).with_name("dask"))
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    config = Path(tempfile.mkdtemp(prefix="dask-config-"))
    (config / "sweep.yaml").write_text(DASK_WORKER_CONFIG, encoding="utf-8")   # removed in `finally`
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL,
             "env": dict(os.environ, DASK_CONFIG=str(config))}
    start = time.perf_counter()
    procs = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                               "--no-dashboard"], **quiet)]
    try:
        time.sleep(1.0)
        procs += [subprocess.Popen([dask, "worker", address, "--nworkers", "1", "--nthreads", "1",
                                    "--no-dashboard"], **quiet) for _ in range(workers)]
        from dask.distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(workers, timeout=60)
        yield address, time.perf_counter() - start
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=20)
        shutil.rmtree(config, ignore_errors=True)


def timed_sweep(experiment: Path, folder: Path, **how) -> tuple[float, float, float]:
    """(sweep seconds, start-up seconds, worker CPU seconds) on a LocalCluster (workers=N) or a scheduler."""
    from lexicon_tools.experiments.load import load_experiment
    from lexicon_tools.experiments.runner import connect, run_sweep

    start = time.perf_counter()
    with connect(how.get("workers"), how.get("scheduler")) as client:
        client.wait_for_workers(how.get("workers") or 2, timeout=60)
        ready = time.perf_counter()
        plan = load_experiment(experiment)
        result = run_sweep(plan, folder, client=client, quiet=True)
        seconds = time.perf_counter() - ready
    assert result.written_games == plan.games * len(plan.variants)
    return seconds, ready - start, result.worker_cpu_seconds


def one_round(experiment: Path, lexicon: Path, games: int, tmp: Path, number: int) -> dict[str, tuple]:
    """Every configuration once, each on fresh worker processes: {label: (seconds, start-up, CPU seconds)}."""
    from lexicon_tools.jobs.play import run_play

    times = {}
    start, cpu = time.perf_counter(), time.process_time()
    run_play("webfeud", games=games, seed=1, lexicon=lexicon, quiet=True, workers=1, strategies="greedy")
    times[SERIAL] = (time.perf_counter() - start, 0.0, time.process_time() - cpu)
    # The baseline, 2 workers and the ceiling one right after the other: the load of other jobs
    # drifts, and these three are compared within the round.
    times[LOCAL2] = timed_sweep(experiment, tmp / f"{LOCAL2}-{number}", workers=2)
    times[CEILING] = ceiling(lexicon, games)
    times[LOCAL1] = timed_sweep(experiment, tmp / f"{LOCAL1}-{number}", workers=1)
    with tcp_cluster(2) as (address, startup):
        seconds, _ready, cpu = timed_sweep(experiment, tmp / f"{TCP2}-{number}", scheduler=address)
        times[TCP2] = (seconds, startup, cpu)
    serial = times[SERIAL][0]
    print(f"round {number + 1}: " + ", ".join(f"{label} {t[0]:.2f}s" for label, t in times.items())
          + f"\n  speed-up: 2 workers {serial / times[LOCAL2][0]:.2f}x, TCP {serial / times[TCP2][0]:.2f}x, "
          f"plain processes {serial / times[CEILING][0]:.2f}x; load average {os.getloadavg()[0]:.1f}", flush=True)
    return times


def _ceiling_child(lexicon: str, games: int, part: int, parts: int, go, pipe) -> None:
    """Play every `parts`-th game of `play`'s run (seed 1) from `part`, once loaded and warm; send the CPU time."""
    from lexicon_tools.engine.runner import game_seed, play_game
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.engine.stats import summarise
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.play import judge_from_file

    rules, judge = Rules.from_ruleset(load_ruleset("webfeud")), judge_from_file(lexicon)
    summarise(play_game(rules, judge, judge.kwg.nodes, ("greedy", "greedy"), 99))      # warm, as the baseline
    pipe.send("ready")
    go.wait()
    cpu = time.process_time()
    for index in range(part, games, parts):
        summarise(play_game(rules, judge, judge.kwg.nodes, ("greedy", "greedy"), game_seed(1, index)))
    pipe.send(time.process_time() - cpu)


def ceiling(lexicon: Path, games: int, parts: int = 2) -> tuple[float, float, float]:
    """The same games as the baseline split over `parts` plain processes, loaded and warm before the clock
    starts, no Dask: what the machine allows at this moment. (seconds, 0, CPU seconds)."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    go = ctx.Event()
    pipes = [ctx.Pipe() for _ in range(parts)]
    procs = [ctx.Process(target=_ceiling_child, args=(str(lexicon), games, i, parts, go, pipes[i][1]))
             for i in range(parts)]
    for proc in procs:
        proc.start()
    for mine, _theirs in pipes:
        mine.recv()
    start = time.perf_counter()
    go.set()
    cpu = sum(mine.recv() for mine, _theirs in pipes)
    seconds = time.perf_counter() - start
    for proc in procs:
        proc.join()
    return seconds, 0.0, cpu


SERIAL, LOCAL1, LOCAL2, TCP2 = ("play, serial (baseline)", "sweep, LocalCluster, 1 worker",
                                "sweep, LocalCluster, 2 workers", "sweep, scheduler + 2 workers over TCP")
CEILING = "2 plain processes, warm, no Dask"


def main() -> None:
    from lexicon_tools.experiments.results import read_rows
    from lexicon_tools.io.formats.lexfile import load_lexicon
    from lexicon_tools.jobs.play import run_play

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    # 50 greedy games (~0.35 s) per task: the client's CPU per task (~8 ms: Dask's bookkeeping, the
    # Parquet file) shares the two cores with the workers, so 25 cost ~0.2 s more of it per 1,000 games,
    # while a worker waiting for the other's last batch at the end loses at most one batch.
    parser.add_argument("--batch-size", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=3,
                        help="Rounds of all configurations, interleaved; the best time of each counts "
                             "(the machine is shared, so single runs are noisy).")
    args = parser.parse_args()
    print(f"machine: {len(os.sched_getaffinity(0))} CPU core(s) available, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        lexicon = tmp / "webfeud.lex"
        print(f"lexicon: {build_lexicon(lexicon)}")
        experiment = tmp / "scale.yaml"
        experiment.write_text(f"name: scale\nbase: webfeud\nlexicon: {lexicon}\ngames: {args.games}\n"
                              f"seed: 1\nbatch_size: {args.batch_size}\nstrategies: greedy\n", encoding="utf-8")
        run_play("webfeud", games=2, seed=99, lexicon=lexicon, quiet=True, strategies="greedy")          # warm the JIT cache
        start = time.perf_counter()
        load_lexicon(lexicon)
        print(f"one load and check of the lexicon: {time.perf_counter() - start:.2f} s")
        rounds = [one_round(experiment, lexicon, args.games, tmp, n) for n in range(args.rounds)]
        print(f"\n{args.games} Webfeud greedy games, batches of {args.batch_size}, best of {args.rounds} "
              f"interleaved round(s)\n")
        print(f"{'run':<38} {'seconds':>8} {'games/s':>8} {'speed-up':>9} {'cores':>6} {'games/CPU-s':>12} "
              f"{'start-up':>9} {'with it':>8}   all runs (s)")
        serial = min(r[SERIAL][0] for r in rounds)
        per_cpu = {}
        for label in (SERIAL, LOCAL1, LOCAL2, TCP2, CEILING):
            best = min(rounds, key=lambda r: r[label][0])[label]
            every = " ".join(f"{r[label][0]:.2f}" for r in rounds)
            per_cpu[label] = args.games / best[2]
            startup = f"{best[1]:.1f}s" if label not in (SERIAL, CEILING) else ""
            with_it = f"{serial / (best[0] + best[1]):.2f}x" if label not in (SERIAL, CEILING) else ""
            print(f"{label:<38} {best[0]:8.2f} {args.games / best[0]:8.1f} {serial / best[0]:8.2f}x "
                  f"{best[2] / best[0]:6.2f} {per_cpu[label]:12.1f} {startup:>9} {with_it:>8}   {every}")
        ratios = [r[SERIAL][0] / r[LOCAL2][0] for r in rounds]
        ceilings = [r[SERIAL][0] / r[CEILING][0] for r in rounds]
        print(f"\n2 workers / serial per round: {' '.join(f'{x:.2f}x' for x in ratios)}; the plain processes' "
              f"ceiling per round: {' '.join(f'{x:.2f}x' for x in ceilings)}; 2 workers reach "
              f"{' '.join(f'{a / b:.0%}' for a, b in zip(ratios, ceilings))} of it")
        print("cores: CPU seconds of the processes playing (serial: this one; sweeps: the workers) per wall "
              "second; below the workers' count when other jobs share the machine. The plain processes play "
              "the baseline's games with nothing to load and no Dask: what the machine gives two processes "
              "at that moment.")
        print(f"games per CPU-second, 2-worker sweep / serial play: {per_cpu[LOCAL2] / per_cpu[SERIAL]:.2f} "
              "(1.00: Dask adds no CPU per game; noisy when other jobs share the caches)")
        tables = [read_rows(tmp / f"{label}-{n}") for label in (LOCAL1, LOCAL2, TCP2) for n in range(args.rounds)]
        print(f"\nall sweeps wrote identical rows: {all(t.equals(tables[0]) for t in tables[1:])}")
        print(f"target: >= 1.80x with 2 workers (start-up excluded: paid once per sweep); load average now "
              f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
