"""Compound-head resolution: read an unknown compound through its longest known head.

German compounds inflect on their last part (Kinder|garten, Kinder|gärten), so an
unknown compound borrows the readings of the longest suffix that the morphological
lexicon knows as a common noun: Kindergärten -> Gärten (Nom Pl of Garten) -> Nom Pl of
Kindergarten. Longest head first, because a longer head is more specific
(Hunde|hütte before Hundehüt|te).

A split must look like a compound on both sides, otherwise chance endings pass for
heads (Silve|stern, Segm|ente, Recei|vern): the head needs at least `MIN_HEAD`
letters, and the modifier, after dropping a linking element (Fugen-s, -es, -n, -en,
-er, -e, -ens), must itself be a form the lexicon knows (Arbeit|s|zeit, Kinder|garten,
Schul|ferien via Schule). Measured on the held-out-lemma split (`morph evaluate`),
these two conditions raise the accuracy of "can be Nom Sg" on compounds from 0.935
to 0.976 and leave the rest to the statistical fallback. Adjective and verb-stem
modifiers (Rot|wein, Schreib|tisch) are not in a noun lexicon, so such compounds
go to the fallback.

Proper-noun heads are not used: Ost|berlin is not a kind of Berlin for this purpose.

Plural-only heads are where chance endings hurt most (issue 11): Fluor|iden would make
Fluoriden a plurale tantum like "die Iden", Seiten|effekten one like "die Effekten".
So a head whose readings are all plural-only needs `MIN_PLURAL_ONLY_HEAD` letters, and
when a head is both a plurale tantum and a form of a singular noun (Effekten: the
securities, or the dative plural of Effekt), the reading whose lemma is the more
productive compound head in the lexicon wins - Effekt (Nebeneffekt, Treibhauseffekt)
over Effekten, but Eltern (Großeltern, Gasteltern) over the rare singular Elter.

Likewise a head that is both a singular noun of its own and the plural of another noun
(Rechte: die Rechte and der Rechte, or the plural of Recht; Kreisen: das Kreisen, or the dative plural of
Kreis) is read as the plural when the other noun is far more productive as a compound head
(`PLURAL_HEAD_RATIO` times as many lemmas end in it as in each other lemma): Zugriffsrechte is the plural of
Zugriffsrecht, Bankkreisen of Bankkreis (issue 22). The ratio is high because `head_count`
counts string endings, which chance inflates (lemmas ending in -esse: Adresse, Presse), so
Abendessen keeps das Essen (25 heads against Esse's 111) and Augenzeuge der Zeuge (20 against
Zeug's 157). Of the 728 such head pairs in german-nouns, 41 reach the ratio; the issue's
examples have 56 to 184 (Rechte 2 : Recht 112, Kreisen 1 : Kreis 63, Werken 1 : Werk 184).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from lexicon_tools.policy.readings import Reading

MIN_HEAD = 4
MIN_PLURAL_ONLY_HEAD = 5
MIN_MODIFIER = 2
PLURAL_HEAD_RATIO = 20
# `ending_readings` has no modifier to check, so its heads must be long enough not to match by chance
# (Pen|tode, Me|taxa, Pf|ulmen, Kamer|alia: 4- and 5-letter plurals inside rare singular nouns; Ver|arsche,
# Ana|lekten: a prefix, not a modifier).
ENDING_MIN_HEAD = 6
ENDING_MIN_MODIFIER = 4
# Two-letter beginnings that are noun prefixes: each begins at least 40 german-nouns lemmas whose rest is a
# lemma too (Ab 186, Un 150, An 130, Be 101, Ge 73, Ur 68, Zu 66, Re 61, In 60, Er 58, Um 47, De 44; Öl 55 is
# a noun). The next ones are chance beginnings (St 36: St|rand, Ko 21, Ka 13, Gö 0).
SHORT_PREFIXES = frozenset({"AB", "UN", "AN", "BE", "GE", "UR", "ZU", "RE", "IN", "ER", "UM", "DE", "ÖL"})
LINKING = ("", "s", "es", "n", "en", "er", "e", "ens")

Lookup = Callable[[str], tuple[Reading, ...]]
HeadCount = Callable[[str], int]

# Tags of a head that describe the whole compound; names and abbreviations do not carry over.
_DROPPED_TAG_PREFIXES = ("propn:", "abbreviation")


def _as_head(fragment: str, all_caps: bool) -> str:
    return fragment if all_caps else fragment[:1].upper() + fragment[1:]


def is_modifier(modifier: str, lookup: Lookup) -> bool:
    """A known form once a linking element is dropped (Kinder, Arbeit|s, Schul -> Schule)."""
    all_caps = modifier.isupper()
    lower = modifier.lower()
    for link in LINKING:
        if link and not lower.endswith(link):
            continue
        stem = modifier[: len(modifier) - len(link)]
        if len(stem) < MIN_MODIFIER:
            continue
        word = stem if all_caps else stem[:1].upper() + stem[1:]
        if lookup(word) or lookup(word + ("E" if all_caps else "e")):
            return True
    return False


def split_head(word: str, lookup: Lookup) -> tuple[str, str, tuple[Reading, ...]] | None:
    """(modifier, head as looked up, the head's common-noun readings), longest head first."""
    all_caps = word.isupper()
    for cut in range(MIN_MODIFIER, len(word) - MIN_HEAD + 1):
        head = _as_head(word[cut:], all_caps)
        readings = tuple(r for r in lookup(head) if r.pos == "NOUN")
        if not readings or (len(head) < MIN_PLURAL_ONLY_HEAD and all(_plural_only(r) for r in readings)):
            continue
        if is_modifier(word[:cut], lookup):
            return word[:cut], head, readings
    return None


def has_known_head(word: str, lookup: Lookup, min_modifier: int = MIN_MODIFIER) -> bool:
    """Some ending of `word` (MIN_HEAD letters or more, after `min_modifier` letters or a `SHORT_PREFIXES`
    prefix) is a common noun the lexicon knows, whatever the modifier is (Rot|wein, Schreib|tisch). A word
    the statistical model alone calls a noun must pass this: Trafalgar, Tanger and Helsinki have no such
    head, and with Wortspieler's `model_min_modifier` of 3 neither has Göring (Gö|ring: a two-letter
    beginning that is no prefix is a chance one, as in names), while Ge|lump keeps its head."""
    all_caps = word.isupper()
    for cut in range(MIN_MODIFIER, len(word) - MIN_HEAD + 1):
        if cut < min_modifier and word[:cut].upper() not in SHORT_PREFIXES:
            continue
        if any(r.pos == "NOUN" and not _plural_only(r) for r in lookup(_as_head(word[cut:], all_caps))):
            return True
    return False


def ending_readings(word: str, lookup: Lookup, form_list_tag: str) -> tuple[Reading, ...]:
    """The compound readings through every ending of `word` that the lexicon knows as a common noun
    (MIN_HEAD letters or more, after MIN_MODIFIER), longest first, whatever the modifier is: the heads
    `split_head` would consider if the modifier were known (Zulass|probleme -> Probleme, plural of
    Zulassproblem). Every ending, not only the longest, because a chance ending may be the longest
    (Fröb|elstern: Elstern, Fröbel|stern: Stern; Aufeinand|erfolge, Aufeinander|folge), and a caller
    that refuses only when no ending is a nominative singular then keeps the word. () unless some
    ending of ENDING_MIN_HEAD letters, after ENDING_MIN_MODIFIER, has a reading that is not a full-form
    list's guess (`form_list_tag`: Vertipp|er with Tipper as a guessed form of Tipp)."""
    all_caps = word.isupper()
    out: list[Reading] = []
    evidence = False
    for cut in range(MIN_MODIFIER, len(word) - MIN_HEAD + 1):
        head = _as_head(word[cut:], all_caps)
        readings = tuple(r for r in lookup(head) if r.pos == "NOUN")
        if not readings or (len(head) < MIN_PLURAL_ONLY_HEAD and all(_plural_only(r) for r in readings)):
            continue
        if cut >= ENDING_MIN_MODIFIER and (len(head) >= ENDING_MIN_HEAD or _umlaut_plural_head(head, readings)):
            evidence = evidence or any(form_list_tag not in r.tags for r in readings)
        out.extend(_as_compound(word[:cut], head, readings))
    return tuple(out) if evidence else ()


def _umlaut_plural_head(head: str, readings: tuple[Reading, ...]) -> bool:
    """A head one letter short of `ENDING_MIN_HEAD` counts when it is an umlaut plural and nothing else
    (Stäbe, Bäume, Köpfe): a singular noun rarely ends in one by chance, unlike in Tode (Pen|tode)."""
    return (len(head) == ENDING_MIN_HEAD - 1 and any(c in "ÄÖÜäöü" for c in head)
            and all(r.number == "Plur" and not _plural_only(r) for r in readings))


def _plural_only(reading: Reading) -> bool:
    return "plurale-tantum" in reading.tags


def prefer_productive(readings: tuple[Reading, ...], head: str, head_count: HeadCount | None) -> tuple[Reading, ...]:
    """Of a head that is both a plurale tantum and a form of a singular noun, keep the readings
    of the lemma that more lemmas of the lexicon end in (see the module doc)."""
    plural_only = [r for r in readings if _plural_only(r)]
    other = [r for r in readings if not _plural_only(r)]
    if not plural_only or not other or head_count is None:
        return readings
    best_other = max(head_count(r.lemma or head) for r in other)
    return tuple(other) if best_other > head_count(head) else tuple(plural_only)


def prefer_plural_head(readings: tuple[Reading, ...], head: str, head_count: HeadCount | None) -> tuple[Reading, ...]:
    """Of a head that is the plural of one lemma and a singular of others (Rechte: Recht; die
    Rechte, der Rechte), keep only the plural's lemma when it is `PLURAL_HEAD_RATIO` times as
    productive as each other lemma (module doc)."""
    lemmas = {r.lemma or head for r in readings}
    if len(lemmas) < 2 or head_count is None:
        return readings
    counts = {lemma: head_count(lemma) for lemma in lemmas}
    best = max(counts, key=counts.__getitem__)
    if best == head or not any(r.number == "Plur" and (r.lemma or head) == best for r in readings):
        return readings
    if any(counts[best] < PLURAL_HEAD_RATIO * max(count, 1) for lemma, count in counts.items() if lemma != best):
        return readings
    return tuple(r for r in readings if (r.lemma or head) == best)


def compound_lemma(modifier: str, head_lemma: str) -> str:
    if modifier.isupper():
        return modifier + head_lemma.upper()
    return modifier + head_lemma[:1].lower() + head_lemma[1:]


def compound_readings(word: str, lookup: Lookup, head_count: HeadCount | None = None) -> tuple[Reading, ...]:
    """The readings of an unknown compound, or () when no known head is found."""
    split = split_head(word, lookup)
    if split is None:
        return ()
    modifier, head, readings = split
    readings = prefer_plural_head(prefer_productive(readings, head, head_count), head, head_count)
    return _as_compound(modifier, head, readings)


def _as_compound(modifier: str, head: str, readings: tuple[Reading, ...]) -> tuple[Reading, ...]:
    out = []
    for reading in readings:
        tags = tuple(t for t in reading.tags if not t.startswith(_DROPPED_TAG_PREFIXES))
        out.append(replace(reading, lemma=compound_lemma(modifier, reading.lemma or head), tags=tags,
                           origin="compound", head=head))
    return tuple(dict.fromkeys(out))
