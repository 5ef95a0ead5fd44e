#!/usr/bin/env python3
"""Benchmark: recall and junk of the default Webfeud lexicon, against data nobody on the project wrote.

Reference: Debian's ``wngerman`` (/usr/share/dict/ngerman, GPL: read here, never shipped; installed
with apt by this benchmark when missing) minus names and abbreviations, on Webfeud's tiles (ß -> SS,
2-15 letters, tileable). A name is a word german-nouns has only as Toponym, Vorname, Nachname,
Eigenname or Straßenname, or a curated proper-noun marker; an abbreviation has a second capital.

Reported, for the lexicon under test and, as the same-run baseline, for the raw game-word list of
tanglet-data (the strongest single source, unfiltered) and any ``--baseline`` lexicon (e.g. the
previous default):

- **recall**: share of the reference that the lexicon accepts;
- **junk proxy**: accepted comparatives and superlatives of participles (KICHERNDERER,
  VERLANGSAMTESTE; see `graded_participles`) that neither the curated word-game list nor ``wngerman``
  attests, as a share of all accepted words (for the tanglet baseline: that ``wngerman`` lacks);
- a sample of misses by class (capitalised in ``wngerman``: noun; lower case with an attested
  adjective paradigm: adjective; other lower case: verb or other).

Targets (issue 22): recall >= 96.5%, junk <= 0.3%.

``--judged DIR`` also writes two seeded samples for hand judgement (a judged file keeps its
judgements when written again): ``webfeud-accepted.tsv``, 100 words the lexicon accepts (judge ``ok``
or ``wrong``: is it a German word form?), and ``webfeud-misses.tsv``, 100 misses with their class.
``--seed N`` draws other samples (default 2022, the first judged pair) into ``webfeud-accepted-seedN.tsv``
and ``webfeud-misses-seedN.tsv``, so that a fresh sample can be judged after a rule change.

Usage: .venv/bin/python bench/recall.py [--lexicon PATH] [--baseline OLD.lex] [--sample 30] [--judged DIR]
       [--seed N]
Without --lexicon it reads the default Webfeud lexicon, building it first if absent.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import lzma
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NGERMAN = Path("/usr/share/dict/ngerman")
TANGLET = Path("/usr/share/tanglet/gamedata/de/words")
NAME_LABELS = {"Toponym", "Vorname", "Nachname", "Eigenname", "Straßenname"}
TILE = re.compile(r"^[A-ZÄÖÜ]{2,15}$")
GRADES = [(g, e) for g in ("ER", "EST", "ST") for e in ("E", "EN", "ER", "EM", "ES")]
TARGET_RECALL, TARGET_JUNK = 96.5, 0.3
DEFAULT_SEED = 2022  # the seed of the first judged samples (webfeud-accepted.tsv, webfeud-misses.tsv)


def tiles(word: str) -> str:
    return word.upper().replace("ß", "SS")


def ensure_package(path: Path, package: str) -> None:
    if path.exists():
        return
    if shutil.which("apt-get") is None:
        sys.exit(f"{path} is missing; install the Debian package {package}")
    print(f"installing {package} (benchmark-time only, never shipped)", flush=True)
    subprocess.run(["apt-get", "install", "-y", "-q", package], check=True, stdout=subprocess.DEVNULL)


def names() -> set[str]:
    common, name = set(), set()
    with lzma.open(ROOT / "corpora/german-nouns/nouns.csv.xz", "rt", encoding="utf-8") as handle:
        rows = csv.reader(handle)
        header = next(rows)
        pos, cols = header.index("pos"), [i for i, n in enumerate(header) if n == "lemma" or "ular" in n or "ural" in n]
        for row in rows:
            labels = {label.strip() for label in row[pos].split(",")}
            target = name if labels & NAME_LABELS else common  # "Substantiv,Toponym" is a name
            target.update(tiles(row[i]) for i in cols if row[i])
    markers = (ROOT / "corpora/curated/proper-noun-markers.txt").read_text(encoding="utf-8").splitlines()
    return (name - common) | {tiles(m) for m in markers if m and not m.startswith("#")}


def reference() -> tuple[dict[str, str], int]:
    """tile word -> a wngerman spelling, without names and abbreviations; and the names removed."""
    ensure_package(NGERMAN, "wngerman")
    drop, out, removed = names(), {}, 0
    for line in NGERMAN.read_text(encoding="utf-8").splitlines():
        word = line.strip()
        t = tiles(word)
        if not TILE.match(t) or any(c.isupper() for c in word[1:]):
            continue
        if t in drop and word[:1].isupper():
            removed += 1
            continue
        out.setdefault(t, word)
    return out, removed


def tanglet() -> set[str]:
    ensure_package(TANGLET, "tanglet-data")
    out = set()
    for line in gzip.decompress(TANGLET.read_bytes()).decode("utf-8").splitlines():
        fields = line.split()
        out.update(tiles(s) for s in (fields[1:] or fields[:1]))
    return out


def accepted_words(path: Path) -> set[str]:
    sys.path.insert(0, str(ROOT))
    from lexicon_tools.io.formats.lexfile import load_lexicon

    return set(load_lexicon(path).legal_words())


def graded_participles(words: set[str]) -> set[str]:
    """Comparatives and superlatives of participles: BASE + ER/EST/ST + a declension ending (a bare
    BASE+ER is the strong masculine ending, zernichtender; a bare BASE+EST a verb form, du
    vollmülltest), where BASE is a present participle whose infinitive is a word (KICHERND: KICHERN)
    or a past participle in -T of a verb whose infinitive and second person plural past are words
    (VERLANGSAMT: VERLANGSAMEN, VERLANGSAMTET), which keeps plain adjectives in -t out (LEICHTERE:
    there is no LEICHTET)."""
    out = set()
    for word in words:
        for grade, ending in GRADES:
            cut = len(grade) + len(ending)
            if len(word) - cut < 4 or not word.endswith(grade + ending):
                continue
            base = word[:-cut]
            if (base.endswith("ND") and base[:-1] in words) or \
                    (base.endswith("T") and base[:-1] + "EN" in words and base + "ET" in words):
                out.add(word)
                break
    return out


def word_class(word: str, ref_tiles: set[str]) -> str:
    if word[:1].isupper():
        return "noun"
    t = tiles(word)
    for end in ("", "E", "EN", "EM", "ER", "ES"):
        base = t[:len(t) - len(end)] if end else t
        if t.endswith(end) and all(base + x in ref_tiles for x in ("", "E", "EN", "ER")):
            return "adjective"
    return "verb or other"


def report(label: str, accepted: set[str], ref: dict[str, str], curated: set[str]) -> tuple[float, float]:
    hits = sum(1 for t in ref if t in accepted)
    recall = 100 * hits / len(ref)
    junk = graded_participles(accepted) - curated
    share = 100 * len(junk) / max(1, len(accepted))
    print(f"  {label:<28} {len(accepted):>9,} words  recall {recall:6.2f}% ({hits:,}/{len(ref):,})  "
          f"junk proxy {share:5.2f}% ({len(junk):,})")
    return recall, share


def default_lexicon() -> Path:
    sys.path.insert(0, str(ROOT))
    from lexicon_tools.resources import default_lexicon_path

    path = default_lexicon_path("webfeud")
    if not path.exists():
        print("building the default Webfeud lexicon ...", flush=True)
        subprocess.run([sys.executable, "-m", "lexicon_tools", "build", "--ruleset", "webfeud", "--quiet"],
                       check=True, cwd=ROOT)
    return path


def write_samples(directory: Path, accepted: set[str], misses: list[str], ref_tiles: set[str],
                  seed: int = DEFAULT_SEED) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    tail = "" if seed == DEFAULT_SEED else f"-seed{seed}"
    for name, rows in ((f"webfeud-accepted{tail}.tsv", [(w, "accepted") for w in sorted(rng.sample(sorted(accepted), 100))]),
                       (f"webfeud-misses{tail}.tsv", [(w, word_class(w, ref_tiles))
                                               for w in sorted(rng.sample(misses, min(100, len(misses))))])):
        path = directory / name
        kept = {}
        if path.is_file():
            for line in path.read_text(encoding="utf-8").splitlines()[1:]:
                fields = line.split("\t")
                kept[fields[0]] = fields[2:4] if len(fields) >= 4 else ["", ""]
        lines = ["word\tclass\tjudgement\tnote"] + ["\t".join([w, c, *kept.get(w, ["", ""])]) for w, c in rows]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lexicon", type=Path, help="default: the default Webfeud lexicon")
    parser.add_argument("--baseline", type=Path, action="append", default=[], help="another .lex to compare")
    parser.add_argument("--sample", type=int, default=30, help="misses shown per class")
    parser.add_argument("--judged", type=Path, help="write the samples for hand judgement into this folder")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"seed of the --judged samples (default {DEFAULT_SEED}; "
                             "another seed names the files -seedN)")
    args = parser.parse_args()
    ref, removed = reference()
    game_list = tanglet()
    curated = game_list | set(ref)
    path = args.lexicon or default_lexicon()
    print(f"reference: wngerman minus names and abbreviations, Webfeud tiles: {len(ref):,} words "
          f"({removed:,} names removed)")
    recall, junk = report(f"lexicon {path.name}", (accepted := accepted_words(path)), ref, curated)
    report("baseline: tanglet list alone", {t for t in game_list if TILE.match(t)}, ref, set(ref))
    for other in args.baseline:
        report(f"baseline: {other.name}", accepted_words(other), ref, curated)
    misses = sorted(spelling for t, spelling in ref.items() if t not in accepted)
    by_class: dict[str, list[str]] = {}
    ref_tiles = set(ref)
    for word in misses:
        by_class.setdefault(word_class(word, ref_tiles), []).append(word)
    rng = random.Random(22)
    print(f"misses: {len(misses):,}")
    for name, words in sorted(by_class.items()):
        sample = sorted(rng.sample(words, min(args.sample, len(words))))
        print(f"  {name} ({len(words):,}, {100 * len(words) / max(1, len(misses)):.0f}%): {' '.join(sample)}")
    if args.judged:
        write_samples(args.judged, accepted, misses, ref_tiles, args.seed)
    ok = recall >= TARGET_RECALL and junk <= TARGET_JUNK
    print(f"targets: recall >= {TARGET_RECALL}% and junk <= {TARGET_JUNK}%: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
