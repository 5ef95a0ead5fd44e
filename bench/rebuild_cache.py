#!/usr/bin/env python3
"""Benchmark: a rebuild after a ruleset-only change, with and without the import cache.

A user who changes a house rule rebuilds from the same sources. The build's import stage
(reading the sources and compiling the morphological lexicon, `io.cache.import_cache`) depends
on the sources alone, so the rebuild reuses it. In the same run, each in a child process
of its own with one fresh ``LEXICON_TOOLS_HOME``:

1. ``build --ruleset R`` - the first build, which fills the cache (not compared);
2. ``build --ruleset R-variant --no-cache`` - the baseline: the variant (a house-rule file
   that only changes the word policy) rebuilt from scratch;
3. ``build --ruleset R-variant`` - the same rebuild with the cache.

Timed in CPU seconds of each child (user + system, ``os.wait4``; wall time is printed too
but measures the neighbours on a shared machine). The two variant lexicons must be
byte-identical. Best of ``--repeat`` for 2 and 3.

Default: Wortspieler and its bundled house-rule file ``rulesets/house-rules/wortspieler-familie.yaml``
(plurals allowed, colloquial words excluded); ``--ruleset smartfeud`` uses a generated
variant that excludes colloquial words.

Usage: .venv/bin/python bench/rebuild_cache.py [--ruleset wortspieler|smartfeud|webfeud] [--repeat 2]
"""

from __future__ import annotations

import argparse
import filecmp
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline_tree import ROOT, run_child  # noqa: E402

DATE = "2026-01-01T00:00:00Z"
VARIANTS = {"wortspieler": ROOT / "rulesets" / "house-rules" / "wortspieler-familie.yaml"}


def variant_of(name: str, folder: Path) -> Path:
    if name in VARIANTS:
        return VARIANTS[name]
    path = folder / f"{name}-variant.yaml"
    path.write_text(f"extends: {name}\nname: {name}-variant\ntitle: {name} variant\n"
                    "word_policy:\n  excluded_registers: [colloquial]\n", encoding="utf-8")
    return path


def build(home: Path, ruleset: str, output: Path, *extra: str):
    return run_child(ROOT, ["-m", "lexicon_tools", "build", "--ruleset", ruleset, "-o", str(output), "--date", DATE,
                            "--quiet", *extra], home=home)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="wortspieler")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home, folder = Path(tmp) / "home", Path(tmp)
        home.mkdir()
        variant = variant_of(args.ruleset, folder)
        first = build(home, args.ruleset, folder / "first.lex")
        cold = min((build(home, str(variant), folder / "cold.lex", "--no-cache") for _ in range(args.repeat)),
                   key=lambda c: c.cpu)
        warm = min((build(home, str(variant), folder / "warm.lex") for _ in range(args.repeat)), key=lambda c: c.cpu)
        same = filecmp.cmp(folder / "cold.lex", folder / "warm.lex", shallow=False)
        cached = sorted(p.name for p in (home / "cache" / "import").glob("*.corpus"))
    print(f"rebuild of {variant.name} after building {args.ruleset} (CPU seconds of the build process, "
          f"best of {args.repeat})")
    print(f"  first build (fills the cache)   {first.cpu:7.2f} s CPU  {first.wall:7.2f} s wall  {first.peak_mb:6.0f} MB")
    print(f"  rebuild --no-cache (baseline)   {cold.cpu:7.2f} s CPU  {cold.wall:7.2f} s wall  {cold.peak_mb:6.0f} MB")
    print(f"  rebuild with the cache          {warm.cpu:7.2f} s CPU  {warm.wall:7.2f} s wall  {warm.peak_mb:6.0f} MB")
    print(f"  ratio baseline/cached = {cold.cpu / warm.cpu:.2f} (CPU), {cold.wall / warm.wall:.2f} (wall); "
          f"cache files: {len(cached)}; lexicons byte-identical: {'yes' if same else 'NO'}")
    if not same or not cached:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
