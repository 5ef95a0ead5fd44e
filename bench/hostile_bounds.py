"""What the issue-29 bounds cost, against baselines measured in the same run.

1. The word count added to the graph check (`lexicon.kwg_check.dawg_word_count`): the check of a
   real lexicon's graph with the count, against the structure check alone (`_heights`), in-process.
   The check runs once per graph (cached), so this is a one-time cost of `stats`/`play`/`serve`.
2. Blank-line runs: `import` of a .xz holding 30 million blank lines and two words, against `import`
   of a file of the same two words (the command's start-up), both through the real CLI.
3. `judge` on a 128 MB line through a pipe: its peak memory against `judge` on one short line.

Usage: python bench/hostile_bounds.py [--lexicon FILE.lex]   (default: a lexicon built for webfeud from
the bundled corpus if there is one in the user data folder, else the one given)
"""

from __future__ import annotations

import argparse
import lzma
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CLI = [sys.executable, "-m", "lexicon_tools"]


def graph_check_cost(path: Path) -> None:
    import numpy as np

    from lexicon_tools.io.formats.lexfile import load_lexicon
    from lexicon_tools.lexicon import kwg_check

    lex = load_lexicon(path, check_graph=False)
    nodes = lex.kwg.nodes
    child = (nodes & kwg_check.CHILD_MASK).astype(np.int64)
    ends = (nodes & kwg_check.END_BIT) != 0
    began = time.perf_counter()
    height = kwg_check._heights(child, ends, kwg_check.MAX_DEPTH)
    base = time.perf_counter() - began
    began = time.perf_counter()
    count = kwg_check.dawg_word_count(lex.kwg, kwg_check.MAX_WORDS, height)
    extra = time.perf_counter() - began
    print(f"graph check of {path.name} ({len(nodes):,} nodes, {count:,} words): structure {base:.2f} s, "
          f"word count +{extra:.2f} s, ratio {(base + extra) / base:.2f}x")


def timed(args: list[str], cwd: Path, stdin=None) -> tuple[float, float]:
    """(seconds, peak RSS in MB) of one CLI run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    began = time.perf_counter()
    done = subprocess.run([*CLI, *args], cwd=cwd, stdin=stdin, capture_output=True)
    seconds = time.perf_counter() - began
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(peak, before) / 1024


def blank_lines(folder: Path) -> None:
    (folder / "blank.txt.xz").write_bytes(lzma.compress(b"Haus\n" + b"\n" * 30_000_000 + b"Baum\n", preset=0))
    (folder / "two.txt").write_bytes(b"Haus\nBaum\n")
    base, _ = timed(["import", "two.txt", "-o", "a.jsonl", "-q"], folder)
    blank, _ = timed(["import", "blank.txt.xz", "-o", "b.jsonl", "-q"], folder)
    print(f"import: 2 words {base:.2f} s, 2 words + 30,000,000 blank lines (.xz, "
          f"{(folder / 'blank.txt.xz').stat().st_size:,} bytes) {blank:.2f} s, ratio {blank / base:.2f}x")


def judge_memory(folder: Path, lexicon: Path) -> None:
    (folder / "short.txt").write_bytes(b"Haus\n")
    with open(folder / "long.txt", "wb") as out:
        out.write(b"Haus " + b"x" * (128 << 20) + b" Baum\n")
    # ru_maxrss of children is a maximum over all of them: measure the short run in its own parent first
    measure = ("import resource, subprocess, sys\n"
               "subprocess.run(sys.argv[2:], stdin=open(sys.argv[1], 'rb'), capture_output=True)\n"
               "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)\n")
    peaks = []
    for name in ("short.txt", "long.txt"):
        done = subprocess.run([sys.executable, "-c", measure, str(folder / name), *CLI, "judge", "-l", str(lexicon)],
                              capture_output=True, text=True)
        peaks.append(float(done.stdout.strip()))
    print(f"judge peak memory: one short line {peaks[0]:.0f} MB, a 128 MB line {peaks[1]:.0f} MB, "
          f"ratio {peaks[1] / peaks[0]:.2f}x")


def main() -> None:
    from lexicon_tools.resources import default_lexicon_path

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lexicon", type=Path, default=default_lexicon_path("webfeud"))
    args = parser.parse_args()
    if not args.lexicon.is_file():
        sys.exit(f"{args.lexicon}: no lexicon; build one (lexicon-tools build -r webfeud) or pass --lexicon FILE")
    graph_check_cost(args.lexicon)
    with tempfile.TemporaryDirectory() as tmp:
        blank_lines(Path(tmp))
        judge_memory(Path(tmp), args.lexicon)


if __name__ == "__main__":
    main()
