"""Benchmark: Ctrl-C stops a 2-worker sweep within 1 s, every time (issue 23).

Sends `--signals` real SIGINTs (default 20), one per run of `lexicon-tools sweep
--workers 2` into the same results folder, each at a random moment after the
command printed its plan (cluster starting, lexicon being sent, batches being
played or written). For each it records the exit code, the seconds from the
signal to the process's exit, and whether stderr has the resume line and no
traceback. Then it resumes the sweep to the end with the same command and plays
the same experiment uninterrupted into another folder: the two datasets must be
row-identical.

Baseline, measured in the same run: how long a polite shutdown of the same
LocalCluster takes (`Client.close` then `LocalCluster.close`, what a sweep did
on Ctrl-C before): the ratio is the worst stop against it.

Lexicon: the first 3000 rows of the bundled noun corpus (as the tests), built
with the project's pipeline; games: Webfeud, greedy, two variants (two or three
blanks), 3 games per batch.

Run: .venv/bin/python bench/sweep_interrupt.py [--signals 20] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def build_lexicon(folder: Path) -> Path:
    import csv
    import lzma

    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.build import build_from_verdicts
    from lexicon_tools.model.entry import Entry
    from lexicon_tools.model.verdict import Verdict
    from lexicon_tools.resources import default_corpus

    words = []
    with lzma.open(default_corpus(), "rt", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        next(reader)
        for i, row in enumerate(reader):
            if i >= 3000:
                break
            words += [cell for cell in row[7:] if cell]
    rs = load_ruleset("webfeud")
    alphabet = rs.make_alphabet()
    verdicts = [Verdict(Entry(w, source=f"nouns.csv:{i}"), alphabet.normalize(w), True, "listed")
                for i, w in enumerate(words)
                if alphabet.is_tileable(alphabet.normalize(w)) and 2 <= len(alphabet.normalize(w)) <= 15]
    path = folder / "webfeud.lex"
    build_from_verdicts(rs, verdicts, path)
    return path


EXPERIMENT = """\
name: interrupt
base: webfeud
lexicon: {lexicon}
games: {games}
seed: 11
batch_size: 3
strategies: greedy
grid:
  blanks:
    two: {{}}
    three:
      rules:
        tiles: {{total: 103, blank: {{count: 3}}}}
"""


def sweep(path: Path, folder: Path) -> list[str]:
    return [sys.executable, "-m", "lexicon_tools", "sweep", str(path), "-o", str(folder), "--workers", "2",
            "--quiet"]


def interrupt_once(path: Path, folder: Path, moment) -> tuple[int, float, str]:
    """`moment`: seconds after the plan line, or (k, seconds): that long after k more batch files."""
    from lexicon_tools.experiments.results import written_batches

    before = len(written_batches(folder))
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    process = subprocess.Popen(sweep(path, folder), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               env=env)
    first = process.stderr.readline()
    if isinstance(moment, tuple):
        deadline = time.monotonic() + 120
        while len(written_batches(folder)) < before + moment[0] and process.poll() is None \
                and time.monotonic() < deadline:
            time.sleep(0.01)
        moment = moment[1]
    time.sleep(moment)
    if process.poll() is not None:
        return process.returncode, 0.0, first + process.stderr.read()
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=60)
    finally:
        process.kill()
    return process.returncode, time.monotonic() - sent, first + process.stderr.read()


def polite_close_seconds() -> float:
    """The same LocalCluster as `sweep --workers 2` (`runner.connect`'s settings), closed politely."""
    import dask
    from dask.distributed import Client, LocalCluster

    from lexicon_tools.experiments import runner

    with dask.config.set(runner.WORKER_CONFIG):
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                               silence_logs=50)
    client = Client(cluster)
    runner._warm(client)
    start = time.perf_counter()
    runner._close(client, cluster)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--signals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=3000, help="games per variant (enough not to finish: at 150 "
                        "the sweep now ends before the later signals)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="sweep-interrupt-") as tmp:
        tmp = Path(tmp)
        path = tmp / "interrupt.yaml"
        path.write_text(EXPERIMENT.format(lexicon=build_lexicon(tmp), games=args.games), encoding="utf-8")
        folder = tmp / "results"
        times, failures = [], []
        from lexicon_tools.experiments.results import written_batches

        for i in range(args.signals):
            # Even signals: at a random moment of the start-up (cluster, lexicon); odd ones: while batches play.
            moment = rng.uniform(0.0, 4.0) if i % 2 == 0 else (rng.randint(1, 3), rng.uniform(0.0, 0.5))
            code, seconds, err = interrupt_once(path, folder, moment)
            ok = (code == 130 and seconds < 1.0 and "Interrupted; resume with: lexicon-tools sweep" in err
                  and "Traceback" not in err)
            times.append(seconds)
            if not ok:
                failures.append((i, code, seconds, err[-400:]))
            when = (f"{moment:4.2f} s after the plan" if not isinstance(moment, tuple) else
                    f"{moment[1]:4.2f} s after {moment[0]} more batch file(s)")
            print(f"signal {i + 1:2d} {when}: exit {code}, stopped in {seconds:.3f} s, "
                  f"{len(written_batches(folder))} batch files{'' if ok else '  FAILED'}", flush=True)
        subprocess.run(sweep(path, folder), check=True, capture_output=True)
        subprocess.run(sweep(path, tmp / "fresh"), check=True, capture_output=True)
        from lexicon_tools.experiments.results import read_rows

        same = read_rows(folder).to_pylist() == read_rows(tmp / "fresh").to_pylist()
        baseline = polite_close_seconds()
        print(f"\n{args.signals - len(failures)} of {args.signals} signals: exit 130 within 1 s with the resume line; "
              f"worst {max(times):.3f} s, median {sorted(times)[len(times) // 2]:.3f} s")
        print(f"baseline (same run): a polite close of the 2-worker LocalCluster takes {baseline:.3f} s; "
              f"worst stop / polite close = {max(times) / baseline:.2f}x")
        print(f"resumed sweep rows equal an uninterrupted sweep's: {same}")
        for failure in failures:
            print("FAILED:", failure)
        if failures or not same:
            sys.exit(1)


if __name__ == "__main__":
    main()
