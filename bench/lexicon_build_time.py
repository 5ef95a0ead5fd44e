"""Benchmark: building the DAWG+GADDAG against a pure sort-and-write of the same words.

Baseline (same run, same words): deduplicate, sort and write the normalised
words as a text file, the least any lexicon build does. Measured: tile-encode,
build the KWG (Daciuk minimisation of the DAWG and GADDAG, node layout) and
write the node array. Target (issue 5): a 300k-word DAWG+GADDAG in under 10 s
on this 2-core machine. The numba code is compiled once per machine and cached;
the first call in a process only loads it, shown separately as "JIT load".
Best of --repeat runs, to damp noise from other jobs on the machine.

Run: .venv/bin/python bench/lexicon_build_time.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lexicon_common import alphabet, word_list


def sort_and_write(words: list[str], path: Path) -> None:
    path.write_text("\n".join(sorted(set(words))) + "\n", encoding="utf-8")


def build_and_write(words: list[str], path: Path) -> int:
    from lexicon_tools.lexicon.builder import build_graph

    alpha = alphabet()
    graph = build_graph(alpha.encode(w) for w in words)
    path.write_bytes(graph.nodes.astype("<u4").tobytes())
    return len(graph.nodes)


def best(func, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        func()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    source, words = word_list()
    print(f"word list: {source}")
    started = time.perf_counter()
    from lexicon_tools.lexicon.kwg import build_kwg

    build_kwg([b"\x01\x02"])  # loads the cached machine code (compiles it on a fresh machine)
    print(f"JIT load (first build in a process): {time.perf_counter() - started:.2f} s")
    with tempfile.TemporaryDirectory() as tmp:
        base = best(lambda: sort_and_write(words, Path(tmp) / "words.txt"), args.repeat)
        nodes = build_and_write(words, Path(tmp) / "words.kwg")
        build = best(lambda: build_and_write(words, Path(tmp) / "words.kwg"), args.repeat)
    print(f"baseline sort-and-write: {base:7.2f} s")
    print(f"KWG build and write:     {build:7.2f} s  ({nodes:,} nodes)")
    print(f"ratio build / baseline = {build / base:.1f}x")
    print(f"target: under 10 s for the DAWG+GADDAG -> {'met' if build < 10 else 'MISSED'} ({build:.2f} s)")


if __name__ == "__main__":
    main()
