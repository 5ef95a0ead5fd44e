"""Benchmark: one cold `lexicon-tools check WORD` against `python -c "import typer"`.

Both run as new processes, interleaved, --runs times each; the ratio of the
medians is the result. Target (issue 5): at most 1.5x, i.e. the check costs
little more than starting the CLI framework. The lexicon is built from the
word list (see lexicon_common) into a temporary LEXICON_TOOLS_HOME and found
by ruleset name, as at the table (`check --ruleset wortspieler`).

The package is byte-compiled first (`compileall`), as any installed package
is; this sandbox sets PYTHONDONTWRITEBYTECODE, which would otherwise make every
run recompile lexicon-tools from source while typer (installed) has bytecode.
The run also lists any heavy module the check imported (there must be none).

Run: .venv/bin/python bench/lexicon_cold_check.py [--runs 20]
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lexicon_common import build_lex_file, word_list

import lexicon_tools

HEAVY = {"spacy", "lxml", "pydantic", "yaml", "numpy", "numba"}
CHECK = ("import sys\nfrom lexicon_tools.cli.app import app\n"
         "try:\n    app(['check', '--ruleset', 'wortspieler', 'HAUS'])\nexcept SystemExit:\n    pass\n"
         f"print(sorted({{m.split('.')[0] for m in sys.modules}} & {HEAVY!r}))")


def timed(cmd: list[str], env: dict) -> float:
    started = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=False)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    source, words = word_list()
    print(f"word list: {source}")
    compileall.compile_dir(Path(lexicon_tools.__file__).parent, quiet=1)
    script = Path(sys.executable).with_name("lexicon-tools")
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, LEXICON_TOOLS_HOME=home)
        lex = build_lex_file(words, Path(home) / "lexicons" / "wortspieler.lex")
        print(f"lexicon: {lex.stat().st_size:,} bytes")
        check = [str(script), "check", "--ruleset", "wortspieler", "HAUS"]
        baseline = [sys.executable, "-c", "import typer"]
        subprocess.run(check, env=env, check=False)
        results: dict[str, list[float]] = {"baseline": [], "check": []}
        for _ in range(args.runs):
            results["baseline"].append(timed(baseline, env))
            results["check"].append(timed(check, env))
        heavy = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True, check=False)
    for name, times in results.items():
        print(f"{name:<9} median {statistics.median(times) * 1e3:6.1f} ms   min {min(times) * 1e3:6.1f} ms")
    ratio = statistics.median(results["check"]) / statistics.median(results["baseline"])
    print(f"ratio check / import typer = {ratio:.2f}x  (target <= 1.5x: {'met' if ratio <= 1.5 else 'MISSED'})")
    print(f"heavy modules imported by check: {heavy.stdout.strip().splitlines()[-1]}")


if __name__ == "__main__":
    main()
