"""Benchmark: ``export --format kad`` (the alphagram DAWG) against commit 1d4d615 (issue 25: >= 5x).

Measured: `lexicon.export.export_bytes(lexicon, "kad")` on a loaded ``.lex`` of the shared
benchmark word list (bench/lexicon_common.py), the work of ``lexicon-tools export --format kad``
between loading the file and writing it. At 1d4d615 about 40% of it was a Python set
comprehension of ``bytes(sorted(word))`` over ``Kwg.words()``; now the words are enumerated,
sorted into alphagrams and deduplicated over flat arrays in compiled code.

Both sides, in one run, in a child process each (bench/lexicon_baseline.py): the same ``.lex``
file, CPU time of the child (``time.process_time``), the first call untimed (it compiles or
loads the numba code), best of --repeat calls, --rounds children per side. The KAD bytes must be
identical (SHA-256 of each side's output).

Run: .venv/bin/python bench/kad_export.py [--repeat 3] [--rounds 2]
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
TARGET = 5.0


def child(lex_path: str, repeat: int) -> None:
    sys.path.insert(0, str(HERE))
    from lexicon_baseline import load_lexicon, package_of

    from lexicon_tools.lexicon import export

    lexicon = load_lexicon(lex_path)
    data = export.export_bytes(lexicon, "kad")  # warm-up: compiles or loads the kernels
    times = []
    for _ in range(repeat):
        started = time.process_time()
        data = export.export_bytes(lexicon, "kad")
        times.append(time.process_time() - started)
    print(json.dumps({"seconds": min(times), "bytes": len(data), "digest": hashlib.sha256(data).hexdigest(),
                      "package": package_of(export)}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--child", nargs=2, metavar=("LEX", "REPEAT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]))
        return
    sys.path.insert(0, str(HERE))
    from lexicon_baseline import BASELINE, lex_file, measure, ratio_line, sides, words_file

    with tempfile.TemporaryDirectory(prefix="kad-export-") as tmp, sides() as trees:
        words, description, count = words_file(Path(tmp))
        lex = lex_file(Path(tmp), words)
        print(f"word list: {description}")
        best = measure(trees, [str(Path(__file__).resolve()), "--child", str(lex), str(args.repeat)], args.rounds)
    base, now = best["baseline"], best["current"]
    same = base["digest"] == now["digest"]
    print(f"export --format kad of {count:,} words ({now['bytes']:,} bytes), CPU s, best of "
          f"{args.repeat} x {args.rounds} rounds")
    print(ratio_line("kad export", base["seconds"], now["seconds"], TARGET))
    print(f"identical KAD bytes to {BASELINE}: {'yes' if same else 'NO'}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
