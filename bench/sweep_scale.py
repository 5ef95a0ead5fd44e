"""Benchmark: how a sweep scales on Dask, against `play` run serially, measured in the same run.

Target (issue 14): a sweep with 2 workers plays at least 1.8x the games per
second of serial `play` on this 2-core machine.

Lexicon: the shared benchmark word list (bench/lexicon_common.py: wngerman, or a
generated 300k-word list when it is absent), words of 2-15 letters, built into a
Webfeud .lex with the library's build path. Games: Webfeud, greedy against
greedy, --games games of one variant, seed 1.

Measured, one after the other, in rounds (the machine is shared: the best of
each configuration counts, and every run is printed):

* baseline: `io.testgames.run_play` with workers=1 — exactly what
  `lexicon-tools play --workers 1` runs: loading the ruleset, loading and
  checking the lexicon, every game;
* `lexicon-tools sweep` (`experiments.load.load_experiment`, then
  `experiments.runner.run_sweep`) on a LocalCluster of 1 and of 2 worker
  processes;
* the same on a scheduler and two workers started as separate processes
  (`dask scheduler`, `dask worker`), reached over TCP on localhost.

What each clock includes. Both sides have their code imported and the move
generator's numba kernels loaded before the clock starts: this process plays a
2-game warm-up; a sweep's workers import the engine when they join the cluster
(`runner.connect`; counted in the start-up column). Inside the clock, `play`
loads the ruleset and loads and checks the lexicon (twice, as `play` does: once
to check it fits the ruleset, once for the games; the time of one load is
printed); a sweep reads and validates the experiment (ruleset, lexicon and its
word graph), writes the manifest, sends the ruleset and lexicon to the workers,
each worker parses the lexicon and loads the numba kernels on its first game,
then every game and every Parquet file. Cluster start-up (processes, imports)
is printed apart, with the speed-up it would leave if it were counted (a long
sweep pays it once). The three sweeps must write identical rows.

Run: .venv/bin/python bench/sweep_scale.py [--games 1000] [--batch-size 25] [--rounds 3]
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

    from lexicon_tools.io.rulesets import load_ruleset
    from lexicon_tools.model.entry import Entry
    from lexicon_tools.model.verdict import Verdict
    from lexicon_tools.pipeline import build_from_verdicts

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
    from lexicon_tools.io.testgames import run_play

    times = {}
    start, cpu = time.perf_counter(), time.process_time()
    run_play("webfeud", games=games, seed=1, lexicon=lexicon, quiet=True, workers=1, strategies="greedy")
    times[SERIAL] = (time.perf_counter() - start, 0.0, time.process_time() - cpu)
    for label, workers in ((LOCAL1, 1), (LOCAL2, 2)):
        times[label] = timed_sweep(experiment, tmp / f"{label}-{number}", workers=workers)
    with tcp_cluster(2) as (address, startup):
        seconds, _ready, cpu = timed_sweep(experiment, tmp / f"{TCP2}-{number}", scheduler=address)
        times[TCP2] = (seconds, startup, cpu)
    load = os.getloadavg()[0]
    print(f"round {number + 1}: " + ", ".join(f"{label.split(',')[0] if label == SERIAL else label[7:]} "
                                              f"{t[0]:.2f}s" for label, t in times.items())
          + f"; 2 workers {times[SERIAL][0] / times[LOCAL2][0]:.2f}x, TCP {times[SERIAL][0] / times[TCP2][0]:.2f}x"
          f"; load average {load:.1f}", flush=True)
    return times


SERIAL, LOCAL1, LOCAL2, TCP2 = ("play, serial (baseline)", "sweep, LocalCluster, 1 worker",
                                "sweep, LocalCluster, 2 workers", "sweep, scheduler + 2 workers over TCP")


def main() -> None:
    from lexicon_tools.experiments.results import read_rows
    from lexicon_tools.io.lexfile import load_lexicon
    from lexicon_tools.io.testgames import run_play

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--batch-size", type=int, default=25)
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
        for label in (SERIAL, LOCAL1, LOCAL2, TCP2):
            best = min(rounds, key=lambda r: r[label][0])[label]
            every = " ".join(f"{r[label][0]:.2f}" for r in rounds)
            per_cpu[label] = args.games / best[2]
            startup = f"{best[1]:.1f}s" if label != SERIAL else ""
            with_it = f"{serial / (best[0] + best[1]):.2f}x" if label != SERIAL else ""
            print(f"{label:<38} {best[0]:8.2f} {args.games / best[0]:8.1f} {serial / best[0]:8.2f}x "
                  f"{best[2] / best[0]:6.2f} {per_cpu[label]:12.1f} {startup:>9} {with_it:>8}   {every}")
        print("\ncores: CPU seconds of the processes playing (serial: this one; sweeps: the workers) per wall "
              "second; below the workers' count when other jobs share the machine.")
        print(f"games per CPU-second, 2-worker sweep / serial play: {per_cpu[LOCAL2] / per_cpu[SERIAL]:.2f} "
              "(1.00: Dask adds no CPU per game; noisy when other jobs share the caches)")
        tables = [read_rows(tmp / f"{label}-{n}") for label in (LOCAL1, LOCAL2, TCP2) for n in range(args.rounds)]
        print(f"\nall sweeps wrote identical rows: {all(t.equals(tables[0]) for t in tables[1:])}")
        print(f"target: >= 1.80x with 2 workers (start-up excluded: paid once per sweep); load average now "
              f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
