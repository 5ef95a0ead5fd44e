"""Shared by the build benchmarks: the old code as a baseline in the same run, and child processes.

`baseline_tree(commit)` unpacks ``lexicon_tools/``, ``corpora/`` and ``rulesets/`` of a git
commit (``git archive``, no worktree, nothing in the checkout changes) into a temporary
directory; `run_child` runs a Python command with that tree (or the checkout) first on
``PYTHONPATH`` and a fresh ``LEXICON_TOOLS_HOME``, and returns its output with the child's own
CPU time and peak resident memory (``os.wait4``, so neighbours on a shared machine do not
count and every child is measured alone).

BASELINE is the commit before the "fast and lean" build (issue 11): the per-entry filter
over a materialised list of entries. Both sides read the checkout's corpora and rulesets.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "14f9949"  # the parent of the first "fast and lean" commit (d9b263e)
PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv" / "bin" / "python").exists() else sys.executable


@contextlib.contextmanager
def baseline_tree(commit: str = BASELINE, data: str = "current"):
    """A temporary directory holding the package as of `commit`, with the checkout's ``corpora/`` and
    ``rulesets/`` (linked; ``data="commit"`` unpacks the commit's own instead), so that both sides
    read the same data and only the code differs."""
    names = ["lexicon_tools"] + (["corpora", "rulesets"] if data == "commit" else [])
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit, *names],
                             check=True, capture_output=True).stdout
    with tempfile.TemporaryDirectory(prefix="lexicon-baseline-") as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        if data != "commit":
            for name in ("corpora", "rulesets"):
                os.symlink(ROOT / name, Path(tmp) / name)
        yield Path(tmp)


@dataclass
class Child:
    stdout: str
    cpu: float       # user + system seconds of the child alone
    wall: float
    peak_mb: float   # ru_maxrss of the child alone


def run_child(tree: Path, args: list[str], *, home: Path | None = None) -> Child:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    env.pop("SOURCE_DATE_EPOCH", None)
    with tempfile.TemporaryDirectory(prefix="lexicon-home-") as fresh:
        env["LEXICON_TOOLS_HOME"] = str(home or fresh)
        start = time.perf_counter()
        with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
            proc = subprocess.Popen([PYTHON, *args], env=env, stdout=out, stderr=err, cwd=str(tree))
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
            wall = time.perf_counter() - start
            out.seek(0)
            err.seek(0)
            stdout, stderr = out.read(), err.read()
    if proc.returncode != 0:
        raise SystemExit(f"child failed ({proc.returncode}): {' '.join(args)}\n{stderr[-3000:]}")
    return Child(stdout, usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024)
