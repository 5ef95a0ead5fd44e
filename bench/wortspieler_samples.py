#!/usr/bin/env python3
"""Benchmark: precision and recall of Wortspieler built from Debian's ``wngerman``, on hand-judged samples.

The lexicon: ``lexicon-tools build --ruleset wortspieler`` with the ruleset's default sources (the
noun corpus, the diminutive allow-list, the noun rows of the full-form corpus) **and**
/usr/share/dict/ngerman as a word list (GPL: read here, never shipped; installed with apt by this
benchmark when missing). Words are compared in tiles (upper case, ß -> SS).

Two seeded samples are drawn and written as tab-separated files for a German speaker to judge:

- **precision**: 200 words of ``wngerman`` that the lexicon accepts. Judge each ``ok`` (a common noun in
  the nominative singular, a plurale tantum, a lexicalised plural or diminutive: legal by the seed's
  rule) or ``wrong``;
- **recall**: 200 capitalised words of ``wngerman`` (its nouns), without names and abbreviations (as
  `bench/recall.py` removes them), whatever the lexicon says. Judge each ``legal`` or ``not`` (a plural,
  a genitive, a productive diminutive, a name): recall is the share of the ``legal`` ones accepted.

Each row carries the lexicon's verdict and reason, so the judge sees why; the judgement is the
judge's, not the lexicon's. ``--write DIR`` writes the unjudged samples (``judgement`` empty); a judged
file keeps its judgements when the samples are written again (same seed, same words).
``--seed N`` draws a fresh precision sample into ``wortspieler-precision-seedN.tsv`` (the recall file
stays the one of the default seed): a change of the filter is measured on words nobody tuned it on,
and the older judged samples are kept. ``--recheck DIR`` brings the recall file's lexicon and reason
columns up to date with the lexicon (same words, judgements kept), so recall is scored on the current
filter. ``--score DIR`` reads judged files and reports precision (each precision file with the
lexicon it was drawn from, and all of them pooled) and recall against the targets (issue 22:
precision >= 99.5%, recall >= 97%; the exit status follows the pooled precision). The judged files
of the last run are in bench/judged/.

Usage: .venv/bin/python bench/wortspieler_samples.py --write bench/judged [--seed N] [--lexicon WS.lex]
       .venv/bin/python bench/wortspieler_samples.py --recheck bench/judged [--lexicon WS.lex]
       .venv/bin/python bench/wortspieler_samples.py --score bench/judged [--since SEED]

``--since SEED`` scores only the precision samples of that seed and later: the samples drawn after the
filter's last change, which nobody tuned it on (the older ones stay in the folder, each judged on the
lexicon it was drawn from).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from recall import NGERMAN, ROOT, ensure_package, names, tiles  # noqa: E402

SEED = 22
SIZE = 200
TARGET_PRECISION, TARGET_RECALL = 99.5, 97.0
PRECISION_FILE, RECALL_FILE = "wortspieler-precision.tsv", "wortspieler-recall.tsv"
HEADER = "word\ttiles\tlexicon\treason\tjudgement\tnote"


def build(output: Path) -> None:
    """The default Wortspieler sources plus wngerman as a word list, through the real CLI."""
    sys.path.insert(0, str(ROOT))
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.resources import default_sources

    args = [sys.executable, "-m", "lexicon_tools", "build", "--ruleset", "wortspieler", "-o", str(output),
            "--quiet"]
    for path, fmt in default_sources(load_ruleset("wortspieler").word_policy.default_sources):
        args += ["--source", str(path), "--format", fmt]
    args += ["--source", str(NGERMAN), "--format", "wordlist"]
    print("building Wortspieler from its default sources and wngerman ...", flush=True)
    subprocess.run(args, check=True, cwd=ROOT)


def wngerman_words() -> dict[str, str]:
    """tile word -> its first wngerman spelling (capitalised spellings first: the noun)."""
    ensure_package(NGERMAN, "wngerman")
    out: dict[str, str] = {}
    for line in NGERMAN.read_text(encoding="utf-8").splitlines():
        word = line.strip()
        if word and word.isalpha():
            t = tiles(word)
            if t not in out or (word[:1].isupper() and not out[t][:1].isupper()):
                out[t] = word
    return out


def precision_file(seed: int) -> str:
    return PRECISION_FILE if seed == SEED else PRECISION_FILE.replace(".tsv", f"-seed{seed}.tsv")


def samples(lexicon_path: Path, seed: int = SEED) -> tuple[list[tuple], list[tuple]]:
    sys.path.insert(0, str(ROOT))
    from lexicon_tools.io.formats.lexfile import load_lexicon

    lexicon = load_lexicon(lexicon_path)
    words = wngerman_words()
    drop = names()

    def row(word: str) -> tuple:
        result = lexicon.check(word, suggestions=0)
        return word, result.normalized, "accepted" if result.valid else "refused", result.reason

    accepted = sorted(t for t in words if lexicon.is_valid(t))
    nouns = sorted(t for t, w in words.items() if w[:1].isupper() and not any(c.isupper() for c in w[1:])
                   and t not in drop and 2 <= len(t) <= 16 and lexicon.alphabet.is_tileable(t))
    rng = random.Random(seed)
    precision = [row(words[t]) for t in sorted(rng.sample(accepted, SIZE))]
    recall = [row(words[t]) for t in sorted(rng.sample(nouns, SIZE))]
    print(f"wngerman: {len(words):,} tile words; accepted by the lexicon: {len(accepted):,}; "
          f"nouns (capitalised, no names or abbreviations): {len(nouns):,}")
    return precision, recall


def read_judged(path: Path) -> dict[str, tuple[str, str]]:
    """word -> (judgement, note) of a judged file (empty if there is none)."""
    if not path.is_file():
        return {}
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        fields = line.split("\t")
        if len(fields) >= 5:
            out[fields[0]] = (fields[4], fields[5] if len(fields) > 5 else "")
    return out


def write(directory: Path, name: str, rows: list[tuple]) -> None:
    path = directory / name
    kept = read_judged(path)
    lines = [HEADER] + ["\t".join((*r, *kept.get(r[0], ("", "")))) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {path} ({len(rows)} rows, {sum(1 for r in rows if kept.get(r[0], ('',))[0])} judged before)")


def recheck(directory: Path, lexicon_path: Path) -> None:
    """Update the lexicon and reason columns of the recall file (same words, judgements kept)."""
    sys.path.insert(0, str(ROOT))
    from lexicon_tools.io.formats.lexfile import load_lexicon

    lexicon = load_lexicon(lexicon_path)
    path = directory / RECALL_FILE
    rows, changed = [], 0
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        fields = line.split("\t")
        result = lexicon.check(fields[0], suggestions=0)
        new = ["accepted" if result.valid else "refused", result.reason]
        changed += fields[2:4] != new
        rows.append("\t".join([*fields[:2], *new, *fields[4:]]))
    path.write_text("\n".join([HEADER, *rows]) + "\n", encoding="utf-8")
    print(f"rechecked {path}: {len(rows)} rows, {changed} with a new verdict or reason")


def sample_seed(path: Path) -> int:
    stem = path.stem
    return int(stem.rsplit("seed", 1)[1]) if "-seed" in stem else SEED


def score(directory: Path, since: int | None = None) -> bool:
    """Precision pooled over the judged samples (with `since`, only those of seed >= since: the samples
    drawn after the last change of the filter) and recall; True when both meet their targets."""
    precision: dict[str, tuple[str, str]] = {}
    paths = sorted(directory.glob(PRECISION_FILE.replace(".tsv", "*.tsv")), key=sample_seed)
    if since is not None:
        paths = [p for p in paths if sample_seed(p) >= since]
        print(f"samples of seed {since} and later: {len(paths)}")
    worst = SIZE
    for path in paths:
        judged = read_judged(path)
        verdicts = [j for j, _ in judged.values() if j]
        good = sum(1 for j in verdicts if j == "ok")
        print(f"  {path.name}: {good}/{len(verdicts)} = {100 * good / max(1, len(verdicts)):.1f}%")
        worst = min(worst, good)
        precision.update({f"{path.name}:{w}": v for w, v in judged.items()})
    rows = [line.split("\t") for line in (directory / RECALL_FILE).read_text(encoding="utf-8").splitlines()[1:]]
    judged_p = [j for j, _ in precision.values() if j]
    ok = sum(1 for j in judged_p if j == "ok")
    legal = [r for r in rows if len(r) > 4 and r[4] == "legal"]
    found = sum(1 for r in legal if r[2] == "accepted")
    not_legal = [r for r in rows if len(r) > 4 and r[4] == "not"]
    false_accepts = sum(1 for r in not_legal if r[2] == "accepted")
    p = 100 * ok / max(1, len(judged_p))
    r = 100 * found / max(1, len(legal))
    print(f"precision (pooled): {ok}/{len(judged_p)} accepted words judged right = {p:.2f}% (target >= {TARGET_PRECISION}%); "
          f"worst sample {worst}/{SIZE}")
    print(f"recall:    {found}/{len(legal)} wngerman nouns judged legal are accepted = {r:.1f}% "
          f"(target >= {TARGET_RECALL}%); of the {len(not_legal)} judged not legal, {false_accepts} accepted")
    for label, wrong in (("wrongly accepted", [w for w, (j, _) in precision.items() if j == "wrong"]),
                         ("missed", [x[0] for x in legal if x[2] != "accepted"])):
        if wrong:
            print(f"  {label}: {' '.join(wrong)}")
    unjudged = sum(1 for j, _ in precision.values() if not j) + sum(1 for x in rows if len(x) < 5 or not x[4])
    if unjudged:
        print(f"  {unjudged} rows are not judged yet")
    return p >= TARGET_PRECISION and r >= TARGET_RECALL and not unjudged


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", type=Path, help="write the samples into this folder")
    parser.add_argument("--score", type=Path, help="score the judged samples in this folder")
    parser.add_argument("--seed", type=int, default=SEED, help=f"seed of the precision sample (default {SEED})")
    parser.add_argument("--recheck", type=Path, help="update the recall file's verdicts in this folder")
    parser.add_argument("--since", type=int, help="--score only the precision samples of this seed and later")
    parser.add_argument("--lexicon", type=Path, help="a Wortspieler lexicon built as above (default: build one)")
    args = parser.parse_args()
    if not args.write and not args.score and not args.recheck:
        parser.error("give --write DIR, --recheck DIR or --score DIR")
    if args.write or args.recheck:
        with tempfile.TemporaryDirectory() as tmp:
            lexicon = args.lexicon
            if lexicon is None:
                lexicon = Path(tmp) / "wortspieler-wngerman.lex"
                build(lexicon)
            if args.write:
                args.write.mkdir(parents=True, exist_ok=True)
                precision, recall = samples(lexicon, args.seed)
                write(args.write, precision_file(args.seed), precision)
                if args.seed == SEED:
                    write(args.write, RECALL_FILE, recall)
            if args.recheck:
                recheck(args.recheck, lexicon)
    if args.score:
        return 0 if score(args.score, args.since) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
