"""Benchmark: batch word checks per second through the library API.

Input: as many probe words as the list holds, half real words in mixed case
(Haus, HAUS, haus) and half misspelt (one letter changed), shuffled, so the
walk sees both hits and early misses. Measured on a loaded `.lex`:

* ``Lexicon.check_many``: normalise every word (fast path or full ruleset
  normalisation), then walk the DAWG in compiled code;
* ``Lexicon.is_valid`` in a Python loop: the stdlib-only path the CLI uses;
* baseline: a Python ``set`` of the legal words probed with ``str.upper()``,
  the cheapest possible (but wrong for ß/accents) check, in the same run.

Target (issue 5): at least 300,000 words/s through the library API.

Run: .venv/bin/python bench/lexicon_batch_check.py
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lexicon_common import LETTERS, build_lex_file, word_list

from lexicon_tools.io.formats.lexfile import load_lexicon


def probes(words: list[str], seed: int = 3) -> list[str]:
    rng = random.Random(seed)
    out = []
    for word in words:
        if rng.random() < 0.5:
            out.append(rng.choice((word, word.lower(), word.capitalize())))
        else:
            i = rng.randrange(len(word))
            out.append(word[:i] + rng.choice(LETTERS) + word[i + 1:])
    rng.shuffle(out)
    return out


def rate(func, items) -> tuple[float, list]:
    started = time.perf_counter()
    result = func(items)
    return len(items) / (time.perf_counter() - started), result


def main() -> None:
    source, words = word_list()
    print(f"word list: {source}")
    batch = probes(words)
    with tempfile.TemporaryDirectory() as tmp:
        lex = load_lexicon(build_lex_file(words, Path(tmp) / "bench.lex"))
        lex.check_many(batch[:10])  # load the cached compiled walker once
        fast, answers = rate(lex.check_many, batch)
        loop, loop_answers = rate(lambda items: [lex.is_valid(w) for w in items], batch)
    legal = set(words)
    base, base_answers = rate(lambda items: [w.upper() in legal for w in items], batch)
    assert answers == loop_answers == base_answers, "the three checks disagree"
    print(f"probes: {len(batch):,} ({sum(answers):,} legal)")
    print(f"baseline set lookup:         {base:>12,.0f} words/s")
    print(f"Lexicon.check_many:          {fast:>12,.0f} words/s  (ratio to baseline {fast / base:.2f})")
    print(f"Lexicon.is_valid loop:       {loop:>12,.0f} words/s  (ratio to baseline {loop / base:.2f})")
    print(f"target >= 300,000 words/s: check_many {fast / 300_000:.1f}x the target "
          f"-> {'met' if fast >= 300_000 else 'MISSED'}")


if __name__ == "__main__":
    main()
