"""Helpers for the hostile-results tests: a small results folder made with the project's own writer, and
the real CLI in a subprocess with its peak memory and time (one command, or many answered by one process).

The folder is written by `results.write_batch` and a manifest of the shape `Plan.manifest` writes, without
playing games on Dask (the report only reads rows: what is under test is what it does with crafted ones).
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
import time
from pathlib import Path

CLI = [sys.executable, "-m", "lexicon_tools"]
FINGERPRINT = "ab" * 32
GAMES, BATCH = 4, 2
MEASURE = ("import resource, subprocess, sys\n"
           "done = subprocess.run(sys.argv[1:], capture_output=True)\n"
           "sys.stdout.write(f'{done.returncode} {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\\n')\n"
           "sys.stdout.write(done.stderr.decode('utf-8', 'replace') + done.stdout.decode('utf-8', 'replace'))\n")


def manifest(names=("two", "three")) -> dict:
    board = {"rows": 15, "cols": 15, "name": "webfeud", "premiums": [[0, "TW"], [16, "DL"], [112, "DW"]],
             "start": [112], "random_per_game": False}
    return {"format": "lexicon-tools-sweep/1", "experiment": "third-blank", "source": "third-blank.yaml",
            "description": "Does a third blank change Webfeud games?", "seed": 11, "games_per_variant": GAMES,
            "batch_size": BATCH, "fingerprint": FINGERPRINT,
            "variants": [{"name": n, "settings": {} if i == 0 else {"rules": {"tiles": {"total": 103}}},
                          "players": 2, "strategies": ["greedy", "greedy"], "ruleset": "webfeud",
                          "rules_hash": "0" * 64, "lexicon": "webfeud.lex", "lexicon_hash": "1" * 64,
                          "leaves_hash": "", "board": dict(board), "behaviour": {}}
                         for i, n in enumerate(names)]}


def batch_id(variant: str, start: int) -> str:
    return hashlib.sha256(f"{variant}/{start}".encode()).hexdigest()[:24]


def columns(variant: str, start: int, stop: int, seed: int = 0) -> dict[str, list]:
    from lexicon_tools.experiments.worker import COLUMNS

    rng = random.Random(f"{variant}/{start}/{seed}")
    rows = []
    for game in range(start, stop):
        scores = [rng.randrange(150, 450) for _ in range(2)]
        ranks = [1, 2] if scores[0] > scores[1] else [2, 1] if scores[0] < scores[1] else [1, 1]
        squares = sorted(rng.choice((0, 16, 112)) for _ in range(rng.randrange(1, 5)))
        rows.append({
            "experiment": "third-blank", "variant": variant, "batch": batch_id(variant, start), "game": game,
            "seed": rng.getrandbits(62), "players": 2, "strategies": "greedy,greedy", "scores": scores,
            "ranks": ranks, "winner": ranks.index(1) + 1 if ranks != [1, 1] else None,
            "first_share": 1.0 if ranks == [1, 2] else 0.5 if ranks == [1, 1] else 0.0,
            "turns": rng.randrange(20, 40), "placements": 20, "bingos": rng.randrange(0, 3), "takes": 0, "swaps": 0,
            "exchanges": 0, "passes": 1, "multi_word_turns": 0, "move_score_sum": sum(scores),
            "end_reason": "out", "premium_squares": squares, "premium_dl": squares.count(16), "premium_tl": 0,
            "premium_dw": squares.count(112), "premium_tw": squares.count(0), "board": "webfeud",
            "professional": False, "time_limit": None, "timeouts": 0, "invalid_turns": 0, "refused_attempts": 0,
            "deal": game, "lead_changes": rng.randrange(0, 4), "bingo_bonuses": []})
    return {name: [r[name] for r in rows] for name in COLUMNS}


def make_results(folder: Path, names=("two", "three")) -> Path:
    """A whole results folder: the manifest and every batch of every variant."""
    from lexicon_tools.experiments.results import MANIFEST, write_batch

    folder.mkdir(parents=True)
    (folder / MANIFEST).write_text(json.dumps(manifest(names), indent=1), encoding="utf-8")
    for name in names:
        for start in range(0, GAMES, BATCH):
            write_batch(folder, batch_id(name, start), columns(name, start, min(GAMES, start + BATCH)), FINGERPRINT)
    return folder


def run_measured(*args, cwd: Path, timeout: float = 120):
    """The CLI in a subprocess: (exit code, peak RSS in MB, seconds, stderr + stdout)."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", MEASURE, *CLI, *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout)
    first, _, output = done.stdout.partition("\n")
    code, max_kb = first.split()
    return int(code), int(max_kb) / 1024, time.monotonic() - started, output


DRIVER = r"""
import contextlib, io, json, sys, time
from lexicon_tools.cli.app import app

def answer(args):
    out = io.StringIO()
    started = time.monotonic()
    with contextlib.redirect_stderr(out), contextlib.redirect_stdout(out):
        try:
            app(args=args, standalone_mode=True)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except BaseException as exc:
            code = f"crash: {type(exc).__name__}: {exc}"[:300]
    return {"code": code, "seconds": time.monotonic() - started, "output": out.getvalue()[-3000:]}

commands = json.loads(sys.argv[1])
if sys.argv[2:]:
    answer(json.loads(sys.argv[2]))       # warm-up (imports, matplotlib's caches): not part of any answer
answers = [answer(args) for args in commands]
# VmHWM is this process's own high-water mark: RUSAGE_SELF would also count the pytest process it was
# forked from (Linux keeps the pre-exec peak in ru_maxrss), so a grown suite would fail every case.
with open("/proc/self/status") as status:
    peak_kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
print(json.dumps({"answers": answers, "peak_mb": peak_kb / 1024}))
"""


def answer_all(commands: list[list[str]], cwd: Path, warm_up: list[str] | None = None, timeout: float = 600):
    """Many CLI commands answered by one real CLI process (the typer app called once per command, so
    the interpreter and pyarrow start once): ([{code, seconds, output}], the process's peak RSS in MB)."""
    argv = [sys.executable, "-c", DRIVER, json.dumps([[str(a) for a in c] for c in commands])]
    if warm_up:
        argv.append(json.dumps([str(a) for a in warm_up]))
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return result["answers"], result["peak_mb"]


def assert_refused(code: int, output: str, *fragments: str) -> None:
    """Exit 1 or 2, one paragraph naming the input, no traceback."""
    assert code in (1, 2), (code, output)
    assert "Traceback" not in output and "Error: " in output, output
    for fragment in fragments:
        assert fragment in output, output
