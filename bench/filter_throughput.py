#!/usr/bin/env python3
"""Benchmark: the build's filter stage, entries per second, against the old code in the same run.

Input: the bundled german-nouns corpus (about 780,000 entries, 274,000 spellings), the
default Wortspieler build's input; ``--ruleset smartfeud`` also reads the bundled full-form
corpus (1.1 million entries); ``--wordlist FILE`` adds a word list (e.g. Debian's
/usr/share/dict/ngerman) as a second input, which goes through the base lexicon,
compound heads and the statistical fallback model.

Both sides start from the same list of entries already in memory (reading the file is
the import benchmark's job) and end with one decision per word in tiles, everything they
need built inside the timing (morphological lexicon, spaCy pipeline and fallback model,
curated lists):

- **baseline**: the code of commit ``bench/baseline_tree.BASELINE`` (``git archive``,
  nothing in the checkout changes): ``decide_words(evaluate_with_defaults(entries, ruleset))``,
  the per-entry verdicts the build used to make;
- **current**: what the build does now from entries: ``compact(entries)`` (the lexicon
  and first entries, which the build makes while importing) and
  ``decide_with_defaults(corpus, ruleset)``, one decision per word;
- **current per-entry**: today's ``evaluate_with_defaults`` consumed the same way (the
  ``filter`` command's path, one verdict per entry), for information.

Each measurement is a child process of its own (the sides alternate, best of
``--repeat``), timed in CPU seconds of that child (``time.process_time``): wall time on a
shared machine measures the neighbours too. The decisions of every side are hashed and
must agree. Target (issue 11): current >= 3x the baseline's entries per second.

Usage: .venv/bin/python bench/filter_throughput.py [--repeat 2] [--limit N] [--ruleset wortspieler]
       [--wordlist /usr/share/dict/ngerman] [--baseline COMMIT]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline_tree import BASELINE, ROOT, baseline_tree, run_child  # noqa: E402

TARGET_RATIO = 3.0


def child(side: str, ruleset_name: str, wordlist: str | None, limit: int) -> None:
    """Runs inside the child process: load entries (untimed), filter (timed), print JSON."""
    import gc
    import hashlib
    import time

    from lexicon_tools.io.readers import iter_entries
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.resources import default_sources

    ruleset = load_ruleset(ruleset_name)
    paths = [(Path(wordlist), "wordlist")] if wordlist else \
        default_sources(ruleset.word_policy.default_sources)
    entries = [e for path, fmt in paths for e in iter_entries(path, fmt)]
    if limit:
        entries = entries[:limit]
    gc.collect()
    start = time.process_time()
    if side == "current":
        from lexicon_tools.jobs.filter import decide_with_defaults
        from lexicon_tools.morph.compact import compact

        decided = decide_with_defaults(compact(entries), ruleset)
        rows = sorted((w, bool(v), r, lemma or "", pos or "") for w, v, r, lemma, pos in
                      zip(decided.tiles, decided.valid, decided.reasons, decided.lemmas, decided.pos))
    else:
        from lexicon_tools.jobs.filter import evaluate_with_defaults
        from lexicon_tools.lexicon.assemble import decide_words

        decided, _ = decide_words(evaluate_with_defaults(entries, ruleset))
        rows = sorted((w, v.valid, v.reason, v.entry.lemma or "", v.entry.pos or "") for w, v in decided.items())
    seconds = time.process_time() - start
    digest = hashlib.sha256(json.dumps(rows, ensure_ascii=False).encode()).hexdigest()
    print(json.dumps({"seconds": seconds, "entries": len(entries), "words": len(rows),
                      "accepted": sum(1 for r in rows if r[1]), "digest": digest}))


def measure(tree: Path, side: str, args) -> dict:
    cmd = [str(Path(__file__).resolve()), "--child", side, "--ruleset", args.ruleset, "--limit", str(args.limit)]
    if args.wordlist:
        cmd += ["--wordlist", args.wordlist]
    return json.loads(run_child(tree, cmd).stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--limit", type=int, default=0, help="use only the first N entries")
    parser.add_argument("--ruleset", default="wortspieler")
    parser.add_argument("--wordlist", default=None, help="filter this word list instead of the bundled corpora")
    parser.add_argument("--baseline", default=BASELINE, help="git commit of the baseline code")
    parser.add_argument("--no-per-entry", action="store_true", help="skip the current per-entry measurement")
    parser.add_argument("--child", choices=("current", "baseline"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child("current" if args.child == "current" else "baseline", args.ruleset, args.wordlist, args.limit)
        return
    sides = {"baseline": [], "current": [], "current per-entry": []}
    with baseline_tree(args.baseline) as old:
        for _ in range(args.repeat):
            sides["baseline"].append(measure(old, "baseline", args))
            sides["current"].append(measure(ROOT, "current", args))
            if not args.no_per_entry:
                sides["current per-entry"].append(measure(ROOT, "baseline", args))
    best = {name: min(runs, key=lambda r: r["seconds"]) for name, runs in sides.items() if runs}
    base = best["baseline"]
    source = args.wordlist or f"default sources of {args.ruleset}"
    print(f"filter stage, {source}: {base['entries']:,} entries -> {base['words']:,} words in tiles, "
          f"{base['accepted']:,} legal (CPU seconds, best of {args.repeat}, baseline = {args.baseline})")
    for name, result in best.items():
        rate = result["entries"] / result["seconds"]
        print(f"  {name:<18} {result['seconds']:7.2f} s  {rate:>10,.0f} entries/s  "
              f"x{base['seconds'] / result['seconds']:.2f}  decisions {result['digest'][:12]}")
    ratio = base["seconds"] / best["current"]["seconds"]
    same = len({r["digest"] for r in best.values()}) == 1
    print(f"  ratio current/baseline entries per second = {ratio:.2f} "
          f"(target >= {TARGET_RATIO:.0f}: {'met' if ratio >= TARGET_RATIO else 'MISSED'}); "
          f"same decisions on every side: {'yes' if same else 'NO'}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
