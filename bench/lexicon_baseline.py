"""Shared by the issue-25 lexicon and memory benchmarks: commit 1d4d615 against the checkout, in one run.

Issue 25 measured the lexicon tools at commit 1d4d615; every target is a ratio to that code,
measured in the same run on the same data. `sides()` unpacks the package as of BASELINE (``git
archive`` via bench/baseline_tree.py, so nothing in the checkout changes; the checkout's corpora
and rulesets are linked in) and yields ``{"baseline": tree, "current": checkout}``. `measure`
runs one bench script's ``--child`` mode in a fresh process per side and round, with that side's
tree first on PYTHONPATH, and keeps the fastest round of each side: the child prints one JSON
object (its own timings, and a digest of its output so that the two sides can be compared byte
for byte). `run_parallel` starts both sides at once (the long memory run) and waits for both.

numba caches its machine code next to the sources, so the baseline tree compiles its kernels
once per run; every child warms its kernels up on a tiny input before it starts the clock.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BASELINE = "1d4d615"  # where issue 25 measured the lexicon tools

sys.path.insert(0, str(HERE))

from baseline_tree import PYTHON, baseline_tree, run_child  # noqa: E402


@contextlib.contextmanager
def sides(commit: str = BASELINE):
    with baseline_tree(commit) as old:
        yield {"baseline": old, "current": ROOT}


def child_json(stdout: str) -> dict:
    return json.loads(stdout.strip().splitlines()[-1])


def measure(trees: dict[str, Path], args: list[str], rounds: int, key: str = "seconds") -> dict[str, dict]:
    """The fastest of `rounds` child runs per side (alternating sides), by the child's `key`."""
    runs: dict[str, list[dict]] = {side: [] for side in trees}
    for _ in range(rounds):
        for side, tree in trees.items():
            runs[side].append(child_json(run_child(tree, args).stdout))
    for side, results in runs.items():
        digests = {r.get("digest") for r in results}
        if len(digests) > 1:
            raise SystemExit(f"{side}: the rounds gave different outputs ({len(digests)} digests)")
    best = {side: min(results, key=lambda r: r[key]) for side, results in runs.items()}
    if best["baseline"].get("package") == best["current"].get("package"):
        raise SystemExit("both sides imported the same package: the baseline is not the old code")
    return best


def run_parallel(trees: dict[str, Path], args: dict[str, list[str]]) -> dict[str, dict]:
    """Both sides at once (`args` per side), each in its own process with a fresh LEXICON_TOOLS_HOME."""
    procs = {}
    with contextlib.ExitStack() as stack:
        for side, tree in trees.items():
            home = stack.enter_context(tempfile.TemporaryDirectory(prefix="lexicon-home-"))
            env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0", LEXICON_TOOLS_HOME=home)
            out = stack.enter_context(tempfile.TemporaryFile("w+"))
            err = stack.enter_context(tempfile.TemporaryFile("w+"))
            procs[side] = (subprocess.Popen([PYTHON, *args[side]], env=env, stdout=out, stderr=err, cwd=str(tree)),
                           out, err)
        results = {}
        for side, (proc, out, err) in procs.items():
            code = proc.wait()
            out.seek(0)
            err.seek(0)
            if code != 0:
                raise SystemExit(f"{side} child failed ({code}): {' '.join(args[side])}\n{err.read()[-3000:]}")
            results[side] = child_json(out.read())
    return results


def words_file(tmp: Path) -> tuple[Path, str, int]:
    """The shared benchmark word list (bench/lexicon_common.py), one word per line, for the children."""
    from lexicon_common import word_list

    description, words = word_list()
    path = tmp / "words.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return path, description, len(words)


def read_words(path: str) -> list[str]:
    return Path(path).read_text(encoding="utf-8").split()


def lex_file(tmp: Path, words_path: Path) -> Path:
    """A .lex of the word list, built by the checkout (both sides then read the same file)."""
    from lexicon_common import build_lex_file

    return build_lex_file(read_words(str(words_path)), tmp / "bench.lex")


def old_or_new(new: str, old: str, name: str):
    """`name` from module `new` (the checkout's layout) or `old` (where 1d4d615 kept it)."""
    import importlib

    try:
        return getattr(importlib.import_module(new), name)
    except ModuleNotFoundError:
        return getattr(importlib.import_module(old), name)


def load_ruleset(name: str):
    return old_or_new("lexicon_tools.io.formats.rulesets", "lexicon_tools.io.rulesets", "load_ruleset")(name)


def load_lexicon(path):
    return old_or_new("lexicon_tools.io.formats.lexfile", "lexicon_tools.io.lexfile", "load_lexicon")(path)


def package_of(module) -> str:
    return str(Path(module.__file__).resolve().parent.parent)


def ratio_line(name: str, base: float, now: float, target: float, unit: str = "s") -> str:
    ratio = base / now
    return (f"{name}: baseline {BASELINE} {base:.3f} {unit}, current {now:.3f} {unit} -> {ratio:.2f}x "
            f"(target >= {target}x: {'met' if ratio >= target else 'MISSED'})")
