"""The compiled move generator is written to numba's cache by one process and loaded by the next.

numba crashes the loading process (SIGSEGV) when a cached recursive function was compiled
with a literal argument anywhere in its call chain; `movegen.walk` avoids that, and this
test holds it to it: a fresh cache folder, one process that compiles, two that load.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
from collections import Counter
from lexicon_tools.engine.board import Board
from lexicon_tools.engine.movegen.generator import MoveGenerator
from tests.engine.conftest import kwg_judge, small_rules

rules = small_rules("webfeud")
judge = kwg_judge(rules)
gen = MoveGenerator(rules, judge.kwg.nodes, judge)
board = Board(rules.rows, rules.cols)
first = gen.generate(board, rules.alphabet.encode("HAUSE") + bytes([0]))
gen.generate(board, Counter(rules.alphabet.encode("RATEN")))
print(len(first), sorted(first.scores.tolist())[-3:])
"""


def _run(cache: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)


def test_the_kernel_loads_from_numbas_cache_in_fresh_processes(tmp_path):
    compiled = _run(tmp_path)
    assert compiled.returncode == 0, compiled.stderr
    assert any(tmp_path.rglob("*kernel.left*.nbi")), "the recursive walk was not cached"
    for _ in range(2):
        loaded = _run(tmp_path)
        assert loaded.returncode == 0, f"exit {loaded.returncode} loading the cached kernel: {loaded.stderr}"
        assert loaded.stdout == compiled.stdout
