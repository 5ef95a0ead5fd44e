#!/usr/bin/env python3
"""Benchmark: peak memory of the default builds, against the old code in the same run.

For each default build (``lexicon-tools build --ruleset R`` with the ruleset's bundled
sources: Wortspieler reads german-nouns, SmartFeud and Webfeud read german-nouns and
german-forms) two child processes run the real CLI with a fixed ``--date``:

- **baseline**: the code of commit ``bench/baseline_tree.BASELINE`` (``git archive``);
- **current**: the checkout, with an empty import cache (a cold build, the peak that counts).

Peak memory is each child's own maximum resident set size (``os.wait4``), so neither the
benchmark nor the neighbours on a shared machine count. The two ``.lex`` files must be
byte-identical (the change must not alter any lexicon); the benchmark fails otherwise.
Target (issue 11): at most 500 MB for every default build.

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

from baseline_tree import BASELINE, ROOT, baseline_tree, run_child  # noqa: E402

TARGET_MB = 500
DATE = "2026-01-01T00:00:00Z"
DEFAULT_BUILDS = ("wortspieler", "smartfeud", "webfeud")


def build(tree: Path, ruleset: str, output: Path):
    return run_child(tree, ["-m", "lexicon_tools", "build", "--ruleset", ruleset, "-o", str(output),
                            "--date", DATE, "--quiet"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", help="default: the three default builds")
    parser.add_argument("--baseline", default=BASELINE, help="git commit of the baseline code")
    args = parser.parse_args()
    rulesets = args.ruleset or list(DEFAULT_BUILDS)
    print(f"peak memory of the default builds (max RSS of the build process; baseline = {args.baseline})")
    print(f"  {'ruleset':<12} {'baseline':>10} {'current':>10} {'ratio':>7}  {'CPU s base/cur':>15}  lexicon")
    failed = False
    with baseline_tree(args.baseline) as old, tempfile.TemporaryDirectory() as tmp:
        for name in rulesets:
            before, after = Path(tmp) / f"{name}-baseline.lex", Path(tmp) / f"{name}-current.lex"
            base = build(old, name, before)
            cur = build(ROOT, name, after)
            same = filecmp.cmp(before, after, shallow=False)
            ok = cur.peak_mb <= TARGET_MB
            failed |= not same or not ok
            print(f"  {name:<12} {base.peak_mb:>7,.0f} MB {cur.peak_mb:>7,.0f} MB {cur.peak_mb / base.peak_mb:>7.2f}  "
                  f"{base.cpu:>6.1f} / {cur.cpu:<6.1f}  {'byte-identical' if same else 'DIFFERENT'}"
                  f"  (target <= {TARGET_MB} MB: {'met' if ok else 'MISSED'})")
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
