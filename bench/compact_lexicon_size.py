"""Benchmark: the compact lexicon the table page downloads (`lexicon.compact`): size and build time against plain gzip.

For each ruleset's default lexicon (built with ``lexicon-tools build --ruleset R`` when it is missing,
in LEXICON_TOOLS_HOME; about 40 s each):

1. the compact set is built from the lexicon, as ``GET /api/lexicon/compact`` does (time and bytes);
2. **baseline**, measured in the same run: the same words as plain UTF-8 text, one a line, gzip -9
   (what "just gzip the word list" would give); the ratio compact / baseline is reported;
3. **target**: Wortspieler's compact set must be under 5 MB (issue 26); exit 1 otherwise;
4. round trip: every word decodes back, and the set answers exactly the lexicon's words.

Run: .venv/bin/python bench/compact_lexicon_size.py [--ruleset wortspieler ...]
"""

from __future__ import annotations

import argparse
import gzip
import subprocess
import sys
import time

TARGET = 5_000_000
TARGETS = {"wortspieler": TARGET}


def lexicon_for(name: str):
    from lexicon_tools.io.formats.lexfile import load_lexicon
    from lexicon_tools.resources import default_lexicon_path

    path = default_lexicon_path(name)
    if not path.is_file():
        print(f"{name}: building the default lexicon ({path})", flush=True)
        subprocess.run([sys.executable, "-m", "lexicon_tools", "build", "--ruleset", name, "-q"], check=True)
    return load_lexicon(path)


def measure(name: str) -> bool:
    from lexicon_tools.lexicon.compact import compact_set, read_compact

    lexicon = lexicon_for(name)
    started = time.perf_counter()
    compact = compact_set(lexicon)
    spent = time.perf_counter() - started
    header, words = read_compact(compact.data)
    text = "\n".join(lexicon.alphabet.decode(w) for w in words).encode("utf-8") + b"\n"
    baseline = len(gzip.compress(text, compresslevel=9, mtime=0))
    graph = set(bytes(w) for w in lexicon.kwg.words())
    same = set(words) == graph and len(words) == header["words"] == compact.words
    target = TARGETS.get(name)
    ok = same and (target is None or len(compact.data) < target)
    print(f"{name:12} {compact.words:>9,} words  compact {len(compact.data):>10,} B "
          f"({len(compact.data) / max(compact.words, 1):.2f} B/word, {compact.raw_size:,} B unpacked)  "
          f"baseline gzip word list {baseline:>10,} B  ratio {len(compact.data) / baseline:.3f}  "
          f"build {spent:.2f} s  round trip {'ok' if same else 'FAILED'}"
          + (f"  target < {target:,} B: {'ok' if ok else 'MISSED'}" if target else ""), flush=True)
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", help="ruleset(s) to measure (default: the three German ones)")
    args = parser.parse_args()
    results = [measure(name) for name in args.ruleset or ["wortspieler", "smartfeud", "webfeud"]]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
