"""German noun inflection tables -> one entry per form (shared by the CSV and Wiktionary readers).

The german-nouns CSV columns and the parameters of Wiktionary's
``{{Deutsch Substantiv Übersicht}}`` use the same slot names (the CSV was
compiled from those templates), case-insensitively:

``<Kasus> <Numerus>[ <variant>...]``
    Kasus ``Nominativ|Genitiv|Dativ|Akkusativ`` -> UD ``Case`` Nom|Gen|Dat|Acc;
    Numerus ``Singular|Plural`` -> UD ``Number`` Sing|Plur. Variants:
    ``*`` an alternative form (``Dativ Singular*`` = Hause);
    ``1``-``4`` the n-th of several genders or plural formations, paired with ``Genus n``;
    ``stark|schwach|gemischt`` the strong/weak/mixed declension of adjectival
    nouns (der Abgeordnete / ein Abgeordneter), kept as a ``declension:strong|weak|mixed`` tag.
``Genus`` / ``Genus 1``-``Genus 4``
    ``m|f|n`` -> UD ``Gender`` Masc|Fem|Neut (``0``, ``x``, ``pl`` or empty: no gender).

Each non-empty cell becomes its own `Entry` (word = the form, lemma = the table's
lemma, features Case/Number and Gender when known), so Häuser is known to be
the plural of Haus. Identical (form, features, declension) cells of one table
are emitted once. A table with plural forms and no singular form (or an explicit
"kein Singular") is a plurale tantum: all its entries get the
``plurale-tantum`` tag. A table without any form yields one entry for the lemma
itself (with its gender if the table has exactly one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lexicon_tools.io.readers.vocab import GENDER
from lexicon_tools.model.entry import Entry

CASES = {"nominativ": "Nom", "genitiv": "Gen", "dativ": "Dat", "akkusativ": "Acc"}
NUMBERS = {"singular": "Sing", "plural": "Plur"}
DECLENSIONS = {"stark": "strong", "schwach": "weak", "gemischt": "mixed"}
EMPTY_VALUES = frozenset({"", "-", "—", "–", "?", "…", "..."})

_SLOT = re.compile(r"^\s*(nominativ|genitiv|dativ|akkusativ)\b(.*)$", re.IGNORECASE)
_GENUS = re.compile(r"^\s*genus(?:\s*(\d))?\s*$", re.IGNORECASE)
_ARTICLE_IN_PARENS = re.compile(r"\((?:der|die|das|des|dem|den|ein|eine|eines|einer|einem|einen)\)",
                                re.IGNORECASE)


@dataclass(frozen=True)
class Slot:
    case: str
    number: str
    index: int | None = None
    declension: str | None = None


def parse_slot(key: str) -> Slot | None:
    """The slot a column/parameter name denotes; None if it is no form slot.

    Raises ValueError for a name that starts like a slot but does not parse
    (e.g. ``nominativ singulr``), so a typo in a header is not silently ignored.
    """
    match = _SLOT.match(key)
    if match is None:
        return None
    case = CASES[match.group(1).lower()]
    tokens = match.group(2).replace("*", " * ").split()
    if not tokens or tokens[0].lower() not in NUMBERS:
        raise ValueError(f"{key!r}: expected '<Kasus> Singular|Plural', e.g. 'nominativ singular'")
    number = NUMBERS[tokens[0].lower()]
    index = declension = None
    for token in tokens[1:]:
        low = token.lower()
        if token == "*":
            continue
        if token.isdigit():
            index = int(token)
        elif low in DECLENSIONS:
            declension = DECLENSIONS[low]
        else:
            raise ValueError(f"{key!r}: unknown variant {token!r} (known: *, 1-4, stark, schwach, gemischt)")
    return Slot(case, number, index, declension)


def parse_genus_key(key: str) -> tuple[bool, int | None]:
    """(is a genus column, its index) for ``genus`` / ``genus 2``."""
    match = _GENUS.match(key)
    if match is None:
        return False, None
    return True, int(match.group(1)) if match.group(1) else None


def gender_of(value: str) -> str | None:
    return GENDER.get(value.strip().lower()) if value else None


def clean_form(value: str) -> str:
    """A table cell as a bare form: articles in parentheses removed, spaces collapsed."""
    if "(" in value:
        value = _ARTICLE_IN_PARENS.sub(" ", value)
    value = " ".join(value.split())
    return "" if value in EMPTY_VALUES else value


def table_entries(lemma: str, forms: list[tuple[Slot, str]], genders: dict[int | None, str], pos: str,
                  tags: tuple[str, ...], source: str, no_singular: bool = False) -> list[Entry]:
    """One entry per form (see module doc). `forms` hold already cleaned, non-empty values."""
    has_singular = any(slot.number == "Sing" for slot, _ in forms)
    has_plural = any(slot.number == "Plur" for slot, _ in forms)
    if (no_singular or not has_singular) and has_plural and "plurale-tantum" not in tags:
        tags = tags + ("plurale-tantum",)
    distinct_genders = set(genders.values())
    only_gender = next(iter(distinct_genders)) if len(distinct_genders) == 1 else None
    entries: list[Entry] = []
    seen: set[tuple] = set()
    for slot, word in forms:
        gender = genders.get(slot.index) if slot.index is not None else None
        gender = gender or genders.get(None) or only_gender
        key = (word, slot.case, slot.number, gender, slot.declension)
        if key in seen:
            continue
        seen.add(key)
        features = {"Case": slot.case, "Number": slot.number}
        if gender:
            features["Gender"] = gender
        entry_tags = tags + (f"declension:{slot.declension}",) if slot.declension else tags
        entries.append(Entry(word, lemma, pos, features, entry_tags, source))
    if not entries:
        entries.append(Entry(lemma, lemma, pos, {"Gender": only_gender} if only_gender else {}, tags, source))
    return entries
