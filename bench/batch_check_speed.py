"""Benchmark: `Lexicon.check_many` of 300k words in one batch against commit 1d4d615 (issue 25: >= 2x).

Input: the probes of bench/lexicon_batch_check.py (one per word of the shared benchmark list,
half real words in mixed case, half with one letter changed, shuffled) checked in one call on a
loaded ``.lex`` of that list. At 1d4d615 every word was normalised and encoded in Python before
the compiled walk; now the batch goes to compiled code as one UTF-32 buffer and only words that
need the full normalisation (ß, accents) take the Python path.

Both sides, in one run, in a child process each (bench/lexicon_baseline.py): the same ``.lex``
and the same probes, CPU time of the child, the first call untimed (numba compile or cache
load), best of --repeat calls, --rounds children per side. The answers must be identical
(SHA-256 of the answer list on each side) and equal to `is_valid` word by word (checked in
the current child).

Run: .venv/bin/python bench/batch_check_speed.py [--repeat 3] [--rounds 2]
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
TARGET = 2.0


def child(lex_path: str, probes_path: str, repeat: int) -> None:
    sys.path.insert(0, str(HERE))
    from lexicon_baseline import load_lexicon, package_of

    from lexicon_tools.lexicon import lexicon as lexicon_module

    lexicon = load_lexicon(lex_path)
    batch = Path(probes_path).read_text(encoding="utf-8").split("\n")
    answers = lexicon.check_many(batch)  # warm-up: compiles or loads the walker
    times = []
    for _ in range(repeat):
        started = time.process_time()
        answers = lexicon.check_many(batch)
        times.append(time.process_time() - started)
    agrees = answers == [lexicon.is_valid(w) for w in batch]
    print(json.dumps({"seconds": min(times), "words": len(batch), "legal": sum(answers), "agrees": agrees,
                      "digest": hashlib.sha256(bytes(answers)).hexdigest(), "package": package_of(lexicon_module)}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--child", nargs=3, metavar=("LEX", "PROBES", "REPEAT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], int(args.child[2]))
        return
    sys.path.insert(0, str(HERE))
    from lexicon_baseline import BASELINE, lex_file, measure, ratio_line, read_words, sides, words_file
    from lexicon_batch_check import probes

    with tempfile.TemporaryDirectory(prefix="batch-check-") as tmp, sides() as trees:
        words, description, count = words_file(Path(tmp))
        lex = lex_file(Path(tmp), words)
        probes_path = Path(tmp) / "probes.txt"
        probes_path.write_text("\n".join(probes(read_words(str(words)))), encoding="utf-8")
        print(f"word list: {description}")
        best = measure(trees, [str(Path(__file__).resolve()), "--child", str(lex), str(probes_path),
                               str(args.repeat)], args.rounds)
    base, now = best["baseline"], best["current"]
    same = base["digest"] == now["digest"] and now["agrees"]
    print(f"check_many of {now['words']:,} words in one batch ({now['legal']:,} legal), CPU s, best of "
          f"{args.repeat} x {args.rounds} rounds")
    print(ratio_line("batch check", base["seconds"], now["seconds"], TARGET))
    print(f"identical answers to {BASELINE} and to is_valid: {'yes' if same else 'NO'}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
