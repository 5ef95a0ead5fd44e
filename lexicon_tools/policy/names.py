"""The name-paradigm rule: an unknown compound that the build inflects like a name, not like its head.

A word no dictionary lists is read through its longest known head (`compounds`), so a surname or place
that no source files as a name passes for a compound of a common noun: Hinden|burg (die Burg), Lieb|knecht
(der Knecht), Rai|mund (der Mund). A full-form word list (``wngerman``) gives every word its forms, and
the forms of a name differ from a noun's: a name has its genitive in -s and no plural (Hindenburg,
Hindenburgs), a noun its plural (Stallknecht, Stallknechte, Stallknechten, Stallknechts). So an unknown
compound is taken for a name when

- its genitive, the word + s, is a word of the build (so the build inflects the word: a list of lemmas
  says nothing), and
- its head is feminine only (Burg, Stadt: a feminine noun has no genitive in -s, so Hindenburgs and
  Kapstadts are a name's), or its modifier is no common noun of an inflection table, even after dropping
  a linking element or restoring an elided -e after a stem of `MIN_ELIDED_STEM` letters (Rai, Klins and
  Mölle are at most a word list's rows, Lieb and Red no stems of five letters; but Mansarden|dach,
  Klärungs|bedarf and Delikatess|senf have Mansarde, Klärung and Delikatesse: real compounds that
  `wngerman` gives no plural), and
- its head has plural forms in the inflection tables (Burgen, Knechte, Münder: found by the head's
  lemma + a plural ending, with or without umlaut, read back from the lexicon as that lemma's plural),
  and modifier + none of them is a word of the build.

A word that only the statistical model calls a noun is judged the same way through its longest known head
(`model_compound`: Rie|mann, Heisen|berg), which is what let the model's reading pass. A singulare tantum
would pass for a name too (its list gives no plural); the rule's removals were judged by hand
(docs/design/word-rules.md). Switch: ``word_policy.refuse_name_paradigms``.

The name-head rule (`name_head`) needs no genitive: place names, surnames and firms are made with a few heads
(the curated ``name-heads.txt``: Dorf, Berg, Heim, Mann, Bank), and a name has no plural. So an unknown compound
or model noun whose head is one of them, and of which the build has no plural (Wilmers|dorf, Stamm|heim,
Commerz|bank: no Wilmersdörfer, Stammheime, Commerzbanken) while it has the head's own plural (Dörfer: the
build lists plurals; a list of lemmas says nothing), is a name. A real compound of such a head that no
dictionary lists has its plural in a full-form word list (Notizfeld, Notizfelder). Switch:
``word_policy.refuse_name_heads``.

The region rule (`region_name`) catches the names that the inflection tables themselves file as plain nouns:
german-nouns has Ostschweiz, Nordirak and Zentraleuropa as common nouns, with no name tag. A word made of a
direction or position (the curated ``region-modifiers.txt``: Nord, Ost, Mittel, Äquatorial) and a head that
the lexicon knows only as a place's name (every noun reading a name, one of them a place: Schweiz, Irak,
Afrika) names a region. A head with any common-noun reading keeps the word (Nord|osten: der Osten,
Ost|wind, Unter|welt), and so does a modifier that is no direction (Alt|rhein, an oxbow: a common noun), a
split into two common nouns (Mittelalter|markt) and a head that heads many lemmas besides its regions
(Ober|ligist: Bundesligist, Zweitligist; the place Ligist shares its spelling).
Switch: ``word_policy.refuse_region_names``.
"""

from __future__ import annotations

from collections.abc import Callable

from lexicon_tools.policy.compounds import LINKING, HeadCount, Lookup
from lexicon_tools.policy.readings import FORM_LIST_TAG, Reading, propn_tag

# Plural endings of German nouns (Burg-en, Knecht-e, Münd-er, Auto-s, Kauffrau-en, Lehrerin-nen).
PLURAL_ENDINGS = ("", "E", "EN", "N", "ER", "S", "NEN", "SE")
_UMLAUT = {"A": "Ä", "O": "Ö", "U": "Ü"}
# The head needs this many letters, the modifier this many (shorter splits are chance: Rai|mund keeps 3).
MIN_HEAD = 4
MIN_MODIFIER = 3
# A place's name after a region modifier needs this many letters (Neu|rom; Ost|en is no place).
MIN_PLACE = 3
# A head of more than this many times as many lemmas as it has region compounds is a common noun's head,
# whatever place shares its spelling (Ligist 26 : Oberligist 1, Bundesligist and the like; Berger 32 :
# Niederberger 1); a place heads few lemmas besides its regions (Schweiz 8 : 4, Atlantik 10 : 9).
COMMON_HEAD_RATIO = 4
# A modifier with an elided -e (Delikatess|senf, Schul|buch) needs this many letters: a short stem + e is a
# noun by chance (Red|ford, Red|mond: Rede; Lieb|knecht: Liebe).
MIN_ELIDED_STEM = 5


def _umlauted(stem: str) -> str | None:
    """The stem with its last a, o, u (au: äu) umlauted (Mund -> Münd, Haus -> Häus), or None."""
    for i in range(len(stem) - 1, -1, -1):
        letter = stem[i]
        if letter in _UMLAUT:
            if letter == "U" and i > 0 and stem[i - 1] == "A":
                return stem[:i - 1] + "ÄU" + stem[i + 1:]
            return stem[:i] + _UMLAUT[letter] + stem[i + 1:]
        if letter in "EIÄÖÜY":
            return None
    return None


def head_plurals(head_lemma: str, lookup: Lookup, to_tiles: Callable[[str], str]) -> set[str]:
    """Tiles of the plural forms of the noun `head_lemma` that the lexicon holds: its lemma + a plural
    ending, or its umlauted lemma + one, read back as a plural of that lemma (not a plurale tantum)."""
    stem = to_tiles(head_lemma)
    stems = [stem] + ([u] if (u := _umlauted(stem)) else [])
    out = set()
    for base in stems:
        for ending in PLURAL_ENDINGS:
            form = base + ending
            if form == stem:
                continue
            spelling = form[:1] + form[1:].lower()
            if any(r.pos == "NOUN" and r.number == "Plur" and r.lemma and to_tiles(r.lemma) == stem
                   and "plurale-tantum" not in r.tags for r in lookup(spelling)):
                out.add(form)
    return out


def common_noun_modifier(modifier: str, lookup: Lookup) -> bool:
    """`modifier`, after dropping a linking element (`compounds.LINKING`), is a common noun of the lexicon
    (Mansarden|dach: Mansarde, Klärungs|bedarf: Klärung): no name's part (Hinden, Lieb, Charlotten)."""
    for link in LINKING:
        if link and not modifier.lower().endswith(link):
            continue
        stem = modifier[:len(modifier) - len(link)]
        if len(stem) < 2:
            continue
        stem = stem if stem.isupper() else stem[:1].upper() + stem[1:]
        elided = (stem + ("E" if stem.isupper() else "e"),) if len(stem) >= MIN_ELIDED_STEM else ()
        for word in (stem, *elided):  # Delikatess|senf: die Delikatesse
            if any(r.pos == "NOUN" and FORM_LIST_TAG not in r.tags and not propn_tag(r.tags)
                   for r in lookup(word)):
                return True
    return False


def model_compound(word: str, lookup: Lookup, min_modifier: int, known_word: Callable[[str], bool],
                   to_tiles: Callable[[str], str]) -> Reading | None:
    """A model-only noun read as a compound of its longest head that is a common noun's nominative singular
    (MIN_HEAD letters or more, after `min_modifier`): Rie|mann -> lemma Riemann, head Mann. None without
    one, or when the modifier is a word itself (`known_word` of its tiles: Vaginal|kanal, Durch|stich): the
    model's compound of two words is left to the other rules."""
    for cut in range(max(min_modifier, MIN_MODIFIER), len(word) - MIN_HEAD + 1):
        fragment = word[cut:]
        head = fragment if word.isupper() else fragment[:1].upper() + fragment[1:]
        for r in lookup(head):
            if r.pos == "NOUN" and r.case in ("Nom", None) and r.number != "Plur" and r.lemma \
                    and FORM_LIST_TAG not in r.tags and not propn_tag(r.tags):
                if known_word(to_tiles(word[:cut])):
                    return None
                lemma = word[:cut] + (r.lemma if word.isupper() else r.lemma.lower())
                return Reading("NOUN", lemma, "Nom", "Sing", r.gender, origin="compound", head=head)
    return None


def name_paradigm(tiles: str, reading: Reading, build_words: set[str] | frozenset[str], lookup: Lookup,
                  to_tiles: Callable[[str], str]) -> str | None:
    """The head whose plurals the build lacks, when `tiles` (an unknown compound's nominative singular
    reading) is inflected like a name in the build (module doc); None otherwise."""
    head = reading.head
    if reading.origin != "compound" or not head or not reading.lemma or tiles + "S" not in build_words:
        return None
    head_tiles = to_tiles(head)
    if len(head_tiles) < MIN_HEAD or len(tiles) - len(head_tiles) < MIN_MODIFIER:
        return None
    modifier = tiles[:len(tiles) - len(head_tiles)]
    lemma_tiles = to_tiles(reading.lemma)
    if not lemma_tiles.startswith(modifier):
        return None
    head_lemma = reading.lemma[len(modifier):]
    head_lemma = head_lemma[:1].upper() + head_lemma[1:]
    feminine = {r.gender for r in lookup(head_lemma) if r.pos == "NOUN"} == {"Fem"}
    if not feminine and common_noun_modifier(reading.lemma[:len(modifier)], lookup):
        return None
    plurals = head_plurals(head_lemma, lookup, to_tiles)
    if not plurals or any(modifier + plural in build_words for plural in plurals):
        return None
    return head_lemma


def compound_name(tiles: str, compound: Reading, policy, name_heads: frozenset[str],
                  build_words: set[str] | frozenset[str], lookup: Lookup, to_tiles: Callable[[str], str]) -> str | None:
    """Why the unknown compound reading `compound` of `tiles` is a name, by the name-paradigm and the name-head
    rule that `policy` (the ruleset's word policy) switches on; None when neither applies."""
    if policy.refuse_name_paradigms:
        name = name_paradigm(tiles, compound, build_words, lookup, to_tiles)
        if name is not None:
            return f"refuse_name_paradigms: {tiles}S is a word of the build, no plural of {name} is"
    if policy.refuse_name_heads:
        head = name_head(tiles, compound, name_heads, build_words, lookup, to_tiles)
        if head is not None:
            return f"refuse_name_heads: {head} makes names, and the build has no plural of {tiles}"
    return None


def name_head(tiles: str, reading: Reading, name_heads: frozenset[str], build_words: set[str] | frozenset[str],
              lookup: Lookup, to_tiles: Callable[[str], str]) -> str | None:
    """The head of `name_heads` (tiles) that makes the unknown compound `tiles` a name when the build has no
    plural of modifier + that head other than the word itself (module doc: the name-head rule); None otherwise."""
    head = reading.head
    if reading.origin != "compound" or not head or not reading.lemma:
        return None
    head_tiles = to_tiles(head)
    if len(tiles) - len(head_tiles) < MIN_MODIFIER or not to_tiles(reading.lemma).startswith(tiles[:-len(head_tiles)]):
        return None
    head_lemma = reading.lemma[len(reading.lemma) - len(head):]
    head_lemma = head_lemma[:1].upper() + head_lemma[1:]
    if to_tiles(head_lemma) not in name_heads:
        return None
    modifier, plurals = tiles[:len(tiles) - len(head_tiles)], head_plurals(head_lemma, lookup, to_tiles)
    if not any(plural in build_words for plural in plurals):
        return None  # the build lists no plural of the head itself (Dörfer): a list of lemmas says nothing
    if any(modifier + plural in build_words for plural in plurals if modifier + plural != tiles):
        return None
    return head_lemma


def region_name(word: str, modifiers: tuple[str, ...], lookup: Lookup, is_name: Callable[[Reading], bool],
                is_place: Callable[[Reading], bool], head_count: HeadCount | None = None) -> tuple[str, str] | None:
    """(modifier, place) when `word` is one of `modifiers` (longest first) + a head whose noun readings are
    all names (`is_name`), one of them a place's (`is_place`): Ost|schweiz, Nord|irak; None otherwise. A head
    that `head_count` finds heading many other lemmas (`COMMON_HEAD_RATIO`) is a common noun's (Ober|ligist)."""
    lower = word.lower()
    for modifier in modifiers:
        if not lower.startswith(modifier.lower()) or len(word) - len(modifier) < MIN_PLACE:
            continue
        rest = word[len(modifier):]
        place = rest if word.isupper() else rest[:1].upper() + rest[1:]
        nouns = [r for r in lookup(place) if r.is_noun]
        if nouns and all(is_name(r) for r in nouns) and any(is_place(r) for r in nouns) \
                and not _common_compound(word, len(modifier), lookup, is_name) \
                and not _common_head(place, modifiers, lookup, head_count):
            return modifier, place
    return None


def _common_head(place: str, modifiers: tuple[str, ...], lookup: Lookup, head_count: HeadCount | None) -> bool:
    if head_count is None:
        return False
    regions = sum(1 for m in modifiers if any(r.is_noun for r in lookup(m + place.lower())))
    return head_count(place) > COMMON_HEAD_RATIO * max(regions, 1)


def _common_compound(word: str, after: int, lookup: Lookup, is_name: Callable[[Reading], bool]) -> bool:
    """`word` splits, after its first `after` letters, into two common nouns of the tables (Mittelalter|markt,
    whatever the place *Altermarkt* is): a compound of common nouns, no region."""
    def common(text: str) -> bool:
        spelling = text if word.isupper() else text[:1].upper() + text[1:]
        return any(r.is_noun and FORM_LIST_TAG not in r.tags and not is_name(r) for r in lookup(spelling))
    return any(common(word[cut:]) and common(word[:cut])
               for cut in range(after + MIN_PLACE, len(word) - MIN_PLACE + 1))
