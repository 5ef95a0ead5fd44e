"""Benchmark: the KWG build (DAWG + GADDAG) against commit 1d4d615 (issue 25: >= 1.5x, same bytes).

Measured: `lexicon.kwg.build_kwg` of the shared benchmark word list (bench/lexicon_common.py),
tile-encoded, the graph step of every lexicon build: flatten, sort and deduplicate the words,
Daciuk's minimisation of the DAWG and the GADDAG, the node layout. At 1d4d615 the register's
fold returned its arrays on every call (numba counted references each time) and the words were
sorted as a Python set; now the fold runs on local arrays and grows only between folds, and the
words are sorted and deduplicated in compiled code.

Both sides, in one run, in a child process each (bench/lexicon_baseline.py): the same words,
CPU time of the child, a tiny build first (numba compile or cache load), best of --repeat
builds, --rounds children per side. The node bytes must be identical (SHA-256).

Run: .venv/bin/python bench/kwg_build_speed.py [--repeat 3] [--rounds 2]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGET = 1.5


def child(words_path: str, repeat: int) -> None:
    sys.path.insert(0, str(HERE))
    from lexicon_baseline import package_of, read_words
    from lexicon_common import alphabet

    from lexicon_tools.lexicon import kwg as kwg_module

    alpha = alphabet()
    encoded = [alpha.encode(w) for w in read_words(words_path)]
    kwg_module.build_kwg([b"\x01\x02", b"\x02"])  # compiles or loads the kernels
    times = []
    for _ in range(repeat):
        started = time.process_time()
        graph = kwg_module.build_kwg(encoded)
        times.append(time.process_time() - started)
    data = graph.to_bytes()
    print(json.dumps({"seconds": min(times), "nodes": len(graph), "words": len(encoded),
                      "digest": hashlib.sha256(data).hexdigest(), "package": package_of(kwg_module)}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--child", nargs=2, metavar=("WORDS", "REPEAT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]))
        return
    sys.path.insert(0, str(HERE))
    from lexicon_baseline import BASELINE, measure, ratio_line, sides, words_file

    with tempfile.TemporaryDirectory(prefix="kwg-build-") as tmp, sides() as trees:
        words, description, count = words_file(Path(tmp))
        print(f"word list: {description}")
        best = measure(trees, [str(Path(__file__).resolve()), "--child", str(words), str(args.repeat)], args.rounds)
    base, now = best["baseline"], best["current"]
    same = base["digest"] == now["digest"]
    print(f"build_kwg of {now['words']:,} words ({now['nodes']:,} nodes), CPU s, best of "
          f"{args.repeat} x {args.rounds} rounds")
    print(ratio_line("KWG build", base["seconds"], now["seconds"], TARGET))
    print(f"identical KWG bytes to {BASELINE}: {'yes' if same else 'NO'}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
