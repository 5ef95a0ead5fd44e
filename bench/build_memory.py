#!/usr/bin/env python3
"""Benchmark: time and peak memory of the default builds, against the previous defaults in the same run.

For each default build (``lexicon-tools build --ruleset R`` with the ruleset's bundled sources:
Wortspieler reads german-nouns, the diminutive allow-list and the noun rows of german-forms; SmartFeud
and Webfeud read german-nouns and german-forms) child processes run the real CLI with a fixed
``--date``, each side with its own user data folder:

- **baseline**: the code, corpora and rulesets of commit ``--baseline`` (default: ``BASELINE``, the
  main branch before issue 22's Wortspieler sources), so the baseline is the previous default build;
- **current**: the checkout.

Each side builds twice: a cold build (empty import cache) and a warm one (the cache the cold one
filled), the case a user rebuilding a lexicon meets. Peak memory is each child's own maximum resident
set size and CPU its own user + system time (``os.wait4``), so neighbours on a shared machine do not
count. Targets (issue 22): a warm build within 90 s of wall time and every build within 800 MB.
The lexicons differ when the defaults changed (Wortspieler): the word counts are printed.

Usage: .venv/bin/python bench/build_memory.py [--ruleset wortspieler --ruleset smartfeud ...]
       [--baseline COMMIT]
"""

from __future__ import annotations

import argparse
import filecmp
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline_tree import ROOT, baseline_tree, run_child  # noqa: E402

BASELINE = "767e644"  # main before issue 22's Wortspieler default sources
TARGET_MB, TARGET_WARM_S = 800, 90
DATE = "2026-01-01T00:00:00Z"
DEFAULT_BUILDS = ("wortspieler", "smartfeud", "webfeud")


def build(tree: Path, ruleset: str, output: Path, home: Path):
    return run_child(tree, ["-m", "lexicon_tools", "build", "--ruleset", ruleset, "-o", str(output),
                            "--date", DATE, "--quiet"], home=home)


def words(tree: Path, lexicon: Path, home: Path) -> int:
    code = ("import sys; from lexicon_tools.io.formats.lexfile import read_meta; "
            "print(read_meta(sys.argv[1])['word_count'])")
    return int(run_child(tree, ["-c", code, str(lexicon)], home=home).stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", help="default: the three default builds")
    parser.add_argument("--baseline", default=BASELINE, help="git commit of the baseline code and data")
    args = parser.parse_args()
    rulesets = args.ruleset or list(DEFAULT_BUILDS)
    print(f"default builds: wall s / CPU s / peak MB (max RSS of the build process); baseline = {args.baseline}")
    print(f"  {'ruleset':<12} {'side':<9} {'cold':>22} {'warm':>22}  words")
    failed = False
    with baseline_tree(args.baseline, data="commit") as old, tempfile.TemporaryDirectory() as tmp:
        for name in rulesets:
            outputs = {}
            for side, tree in (("baseline", old), ("current", ROOT)):
                home = Path(tmp) / f"home-{side}-{name}"
                home.mkdir()
                out = Path(tmp) / f"{name}-{side}.lex"
                cold = build(tree, name, out, home)
                warm = build(tree, name, out, home)
                outputs[side] = out
                count = words(tree, out, home)
                ok = warm.wall <= TARGET_WARM_S and max(cold.peak_mb, warm.peak_mb) <= TARGET_MB
                if side == "current":
                    failed |= not ok
                print(f"  {name:<12} {side:<9} {cold.wall:6.1f} /{cold.cpu:6.1f} /{cold.peak_mb:5.0f}  "
                      f"{warm.wall:6.1f} /{warm.cpu:6.1f} /{warm.peak_mb:5.0f}  {count:,}"
                      + (f"  (targets warm <= {TARGET_WARM_S} s, <= {TARGET_MB} MB: {'met' if ok else 'MISSED'})"
                         if side == "current" else ""), flush=True)
            same = filecmp.cmp(outputs["baseline"], outputs["current"], shallow=False)
            print(f"  {name:<12} lexicons {'byte-identical' if same else 'differ (the default sources or rules changed)'}")
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
