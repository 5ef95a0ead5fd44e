#!/usr/bin/env python3
"""Benchmark: Wortspieler precision by the evidence that admitted each word (issue 22).

Reads every judged precision sample in bench/judged/ (`bench/wortspieler_samples.py`: words of Debian's
``wngerman`` that a Wortspieler build accepts, each judged ``ok``, ``wrong`` or ``doubtful``), runs the
build's filter again on the same sources (the ruleset's default sources plus ``wngerman``, as
`wortspieler_samples.build` does) and records, for each judged word it still accepts, the reading that
admitted it. Precision is then reported per kind of evidence:

- **dictionary**: a dictionary row names the word as a noun (german-nouns: Wiktionary's inflection
  tables, with case and number);
- **word-game list only** / **Wiktionary titles**: a noun row of the full-form corpus
  (corpora/german-forms), which names the word and its class but not its case and number, attested by
  the game list alone or by Wiktionary's page titles (with or without the game list);
- **compound**: no source lists the word; its longest known head decides;
- **model**: the statistical fallback model's reading (with a known head or a noun-only suffix);
- **other**: anything else (a headword of a source without grammar).

Each judged word counts once, with its latest judgement; words the current filter refuses are counted
apart. The filter itself is not changed: its judge is wrapped to note the accepting readings.

Run: .venv/bin/python bench/wortspieler_evidence.py [--judged bench/judged] [--examples 12]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from recall import NGERMAN, ensure_package  # noqa: E402
from wortspieler_samples import PRECISION_FILE, read_judged, sample_seed  # noqa: E402

KINDS = ("dictionary", "word-game list only", "Wiktionary titles", "compound", "model", "other")


def judged_words(folder: Path) -> dict[str, tuple[str, str]]:
    """tiles -> (spelling, latest judgement) over every precision sample, oldest seed first."""
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.policy.normalize import to_tiles

    alphabet = load_ruleset("wortspieler").make_alphabet()
    out: dict[str, tuple[str, str]] = {}
    for path in sorted(folder.glob(PRECISION_FILE.replace(".tsv", "*.tsv")), key=sample_seed):
        for word, (judgement, _note) in read_judged(path).items():
            if judgement:
                out[to_tiles(word, alphabet)] = (word, judgement)
    return out


def kind_of(reading) -> str:
    tags = set(reading.tags)
    if "form-list" in tags:
        return "Wiktionary titles" if "src:wiktionary" in tags else "word-game list only"
    if reading.origin == "lexicon":
        return "dictionary"
    return reading.origin if reading.origin in ("compound", "model") else "other"


def accepting_kinds(targets: set[str]) -> tuple[dict[str, str], set[str]]:
    """tiles -> the strongest kind of evidence among the readings that accept it; and the accepted tiles."""
    import lexicon_tools.policy as policy
    from lexicon_tools.io.cache.import_cache import import_corpus
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.filter import decide_with_defaults
    from lexicon_tools.resources import default_sources

    seen: dict[str, set[str]] = defaultdict(set)
    make_judge = policy.make_judge

    def recording_judge(*args, **kwargs):
        judge = make_judge(*args, **kwargs)
        inner = judge.judge

        def judge_one(tiles, reading, surface=""):
            out = inner(tiles, reading, surface)
            if out.valid and out.reading is not None and tiles in targets:
                seen[tiles].add(kind_of(out.reading))
            return out
        judge.judge = judge_one
        return judge

    ruleset = load_ruleset("wortspieler")
    sources = [*default_sources(ruleset.word_policy.default_sources), (NGERMAN, "wordlist")]
    corpus, _ = import_corpus(sources, on_error="fail", use_cache=True, open_bar=None,
                              no_entries=lambda path: None)
    policy.make_judge = recording_judge
    try:
        decided = decide_with_defaults(corpus, ruleset)
    finally:
        policy.make_judge = make_judge
    accepted = {t for t, ok in zip(decided.tiles, decided.valid) if ok and t in targets}
    strongest = {t: next((k for k in KINDS if k in kinds), "other") for t, kinds in seen.items()}
    return strongest, accepted


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--judged", type=Path, default=HERE / "judged")
    ap.add_argument("--examples", type=int, default=12)
    args = ap.parse_args()
    ensure_package(NGERMAN, "wngerman")
    judged = judged_words(args.judged)
    print(f"{len(judged):,} judged words in {args.judged}; filtering the default sources and wngerman ...",
          flush=True)
    kinds, accepted = accepting_kinds(set(judged))
    counts, wrong, examples = Counter(), Counter(), defaultdict(list)
    for tiles in accepted:
        word, judgement = judged[tiles]
        kind = kinds.get(tiles, "other")
        counts[kind] += 1
        if judgement != "ok":
            wrong[kind] += 1
            examples[kind].append(f"{word} ({judgement})")
    total, bad = sum(counts.values()), sum(wrong.values())
    print(f"accepted now: {total:,}; refused now (judged on an older filter): {len(judged) - total:,}")
    print(f"{'evidence':<22} {'words':>6} {'share':>6} {'not ok':>7} {'precision':>9}  not ok")
    for kind in KINDS:
        n = counts[kind]
        if n:
            print(f"{kind:<22} {n:>6,} {100 * n / total:>5.1f}% {wrong[kind]:>7} {100 * (1 - wrong[kind] / n):>8.2f}%  "
                  f"{', '.join(sorted(examples[kind])[:args.examples])}")
    print(f"{'all':<22} {total:>6,} {100.0:>5.1f}% {bad:>7} {100 * (1 - bad / max(total, 1)):>8.2f}%")


if __name__ == "__main__":
    main()
