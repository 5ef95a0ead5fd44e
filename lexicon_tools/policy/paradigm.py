"""The paradigm rule: a guessed compound singular whose own singular is a word of the build is its plural.

A full-form list row, an unknown compound or a model noun (Wahl|fächer, Kehlkopf|schnitte,
Lackier|arbeiten, Nonstop|flüge) is only evidence that the word exists, and its head often reads two ways:
*Fächer* is der Fächer and the plural of Fach, *Schnitte* die Schnitte and the plural of Schnitt,
*Lachen* das Lachen and the plural of Lache. The compound-head rules decide such heads by productivity
alone (`compounds.PLURAL_HEAD_RATIO`, 20x, since nothing else speaks for the plural). The word's own
paradigm is further evidence: when the head H is an inflection table's plural form of a noun S (not H
itself) and modifier + S is a noun of the same build (Wahlfach, Kehlkopfschnitt, Lackierarbeit,
Nonstopflug), the word is that compound's plural form, unless H is also a singular that heads compounds
about as often as S does (`PARADIGM_HEAD_RATIO`: Un|masse keeps die Masse, Tilgungs|fonds der Fonds,
Unfall|gutachten das Gutachten), or H is also S's own accusative singular, a variant nominative (der
Glauben beside der Glaube: Fetisch|glauben).

"A noun of the same build" is a capitalised spelling among the words being judged (the build's own
surfaces, so a `wngerman` build uses `wngerman`'s Wahlfach) or a common noun the morphological lexicon
holds, and no curated proper noun (Davos, Berger). Only guessed readings are judged so (origin
``compound`` or ``model``, or a full-form list's row), and no nominalised infinitive (a row that is a verb
of its table: das Umschalten, das Herstellen; a row that only ends in a productive verb head, Lackier|arbeiten,
is judged).

The isolated-row rule (`isolated_plural`) reads the same kind of head without modifier + S in the build, when
two more things speak for the plural: the build gives the word no other form than the plural reading's own
dative (no Fußballwestens; Studienzwecke may have Studienzwecken beside it, which either reading predicts),
and the head's singular reading is a rare compound head (`MAX_RARE_HEAD`) while S heads more than
`PARADIGM_HEAD_RATIO` times as many lemmas:
Fußball|westen (Weste 22 : der Westen 6), Bergbau|zwecke (Zweck 32 : die Zwecke 6), Bier|lachen (Lache
14 : das Lachen 6), Einzel|tasten (Taste 18 : das Tasten 2). A row that ends in a verb is read so only after
a common-noun modifier (Bier, Einzel): after a particle it is a nominalised infinitive (das Nachleuchten). A
looser variant without the isolation, for heads below 8, removed 15 real singulars among 38 (das Brotbacken,
die Viehtränke, der Mittelwesten): each of those has other forms in the build. Switch:
``word_policy.refuse_isolated_plurals``.

The verb-row rule (`verb_row_plural`) reads a list row that only ends in a productive verb (tagged
``verb-infinitive-compound``: Zwischen|runden, Privat|pressen, Spreng|arbeiten) and so passes for a
nominalised infinitive. When that ending is, capitalised, only a plural of a productive noun S (Runden:
Runde, no singular reading), and the rest is a word but no verb particle or prefix (zwischen, privat;
not nach in Nach|bearbeiten, um in Um|klemmen), and the build has no zu-infinitive of modifier + ending
(geheimzuhalten, aufrechtzuerhalten: das Geheimhalten), no particle verb is in sight: the row is modifier +
S's plural. Under the same switch.

The classical-plural rule (`classical_plural`) reads a list row in a Latin, Greek or Italian plural ending
whose singular is a noun of the build: Residu|en (Residuum), Eutrophik|a (Eutrophikum), Lexik|a (Lexikon),
Rhythm|en (Rhythmus), Allegr|i (Allegro). A row that ends in a common noun of a table after a known word
keeps its compound reading (Finanz|hai is no plural of Finanzhaus), and so does a compound of a curated
plurale tantum (Stamm|daten). Of the 248 rows it removes from the wngerman build 9 are singulars that happen
to pair with another noun (die Pelota beside das Peloton, die Zirkonia beside das Zirkonium). Switch: ``word_policy.refuse_classical_plurals``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from lexicon_tools.policy.compounds import SHORT_PREFIXES, HeadCount, Lookup, compound_lemma
from lexicon_tools.policy.names import common_noun_modifier
from lexicon_tools.policy.readings import FORM_LIST_TAG, INFINITIVE_COMPOUND_TAG, INFINITIVE_TAG, Reading

# The modifier needs this many letters: shorter beginnings are chance, except a noun prefix
# (`compounds.SHORT_PREFIXES`: Be|hänge is the plural of Behang, An|lagen of Anlage).
MIN_MODIFIER = 3
# The plural head and its singular S need this many letters (Dav|oser: Os; Ber|gere: Ger).
MIN_PLURAL_HEAD = 4
MIN_SINGULAR = 4
# S must head this many times as many lemmas as each singular reading of H (Fach 60 : der Fächer 6,
# Lache 14 : das Lachen 6, Zweck 32 : die Zwecke 6; but Maß 62 : die Masse 64, Fond 4 : der Fonds 44).
PARADIGM_HEAD_RATIO = 2

# The singular reading of an isolated row's head may head at most this many lemmas (`head_count`, which
# counts the corpus's lemmas and the base lexicon's: das Lachen 6, die Zwecke 6; der Streifen 88, die
# Bande 28, die Reise 150 keep their compounds singular).
MAX_RARE_HEAD = 6
# The endings of a noun's other forms (genitive, plural, dative plural): none of them in the build makes a
# row isolated.
OTHER_FORM_ENDINGS = ("S", "ES", "N", "EN", "E", "ER", "ERN", "NEN", "NS")

# S of a verb row's plural head must head this many lemmas (`head_count`: Runde 40, Presse 62, Arbeit 216;
# not Greif 4 in Besitzer|greifen, Schneide 4 in Fertig|schneiden: das Besitzergreifen).
MIN_VERB_ROW_HEADS = 10

# (plural ending, singular ending) of the classical plurals German keeps (Museum, Museen; Lexikon, Lexika).
CLASSICAL_PLURALS = (("A", "UM"), ("A", "ON"), ("EN", "UM"), ("EN", "US"), ("EN", "A"), ("EN", "ON"), ("I", "US"),
                     ("I", "O"), ("EN", "IS"))
MIN_CLASSICAL_STEM = 4

KnownNoun = Callable[[str], bool]


def is_guessed(reading: Reading) -> bool:
    """A reading that proves the word exists but not its case or number; not a nominalised infinitive."""
    if reading.origin not in ("compound", "model") and FORM_LIST_TAG not in reading.tags:
        return False
    return INFINITIVE_TAG not in reading.tags or INFINITIVE_COMPOUND_TAG in reading.tags


def table_plurals(head: str, lookup: Lookup, head_count: HeadCount | None,
                  to_tiles: Callable[[str], str]) -> list[Reading]:
    """The inflection-table plural readings of `head` (not genitive: *Deutscher*, *Beamter* are also
    nominative singulars) whose lemma is another word S that outweighs every singular reading of `head`."""
    head_tiles = to_tiles(head)
    readings = [r for r in lookup(head) if r.pos == "NOUN"]
    singular = {r.lemma for r in readings if r.number == "Sing" and r.case in ("Nom", None)}
    accusative = {r.lemma for r in readings if r.number == "Sing" and r.case == "Acc"}
    out = []
    for r in readings:
        if (r.number != "Plur" or r.case == "Gen" or r.origin != "lexicon" or not r.lemma or r.lemma in singular
                or r.lemma in accusative or FORM_LIST_TAG in r.tags or "plurale-tantum" in r.tags
                or len(r.lemma) < MIN_SINGULAR or to_tiles(r.lemma) == head_tiles):
            continue
        others = singular - {r.lemma}
        if others:
            if head_count is None:
                continue
            count = head_count(r.lemma)
            if any(count < PARADIGM_HEAD_RATIO * max(head_count(lemma), 1) for lemma in others):
                continue
        out.append(r)
    return out


def paradigm_plural(word: str, lookup: Lookup, head_count: HeadCount | None, known_noun: KnownNoun,
                    to_tiles: Callable[[str], str], plural_only: frozenset[str] = frozenset()) -> Reading | None:
    """The reading of `word` as a plural form of modifier + S, when its head is a table's plural of S and
    modifier + S is a known noun (`known_noun` of its spelling); None otherwise. Longest head first. A head
    in `plural_only` (tiles of the curated pluralia tantum: Einkünfte, Daten, Fachleute) leaves the word alone."""
    all_caps = word.isupper()
    first = 2 if word[:2].upper() in SHORT_PREFIXES else MIN_MODIFIER  # Be|hänge: Behang
    for cut in range(first, len(word) - MIN_PLURAL_HEAD + 1):
        fragment = word[cut:]
        head = fragment if all_caps else fragment[:1].upper() + fragment[1:]
        if to_tiles(head) in plural_only:
            return None  # a compound of the plurale tantum (Kapital|einkünfte), whatever its shorter heads are
        for reading in table_plurals(head, lookup, head_count, to_tiles):
            singular = compound_lemma(word[:cut], reading.lemma)
            if known_noun(singular):
                return replace(reading, lemma=singular, origin="compound", head=head)
    return None


# The endings of an adjective, which a nominalised adjective shares (ein Externer, Externes, die Externe,
# den Externen, mit Externem): a word in -em or -en whose stem takes all the others is an oblique or plural
# form (mit Externem; den, die Externen), never a nominative, while a noun in -em or -en (Problem, Modem,
# Totem; Rasen, Laden, das Leiten) has no such set beside it. A stem in -t or -d may be a verb's too, whose
# infinitive is the -en form (verschalten beside verschalt-e, -er, -es, -em), so it keeps its -en form.
ADJECTIVE_ENDINGS = ("E", "EM", "EN", "ER", "ES")


def adjective_oblique(tiles: str, known_word: Callable[[str], bool]) -> tuple[str, str] | None:
    """(kind, weak nominative in tiles) of the nominalised adjective whose strong dative singular (-em) or
    oblique/plural form (-en) `tiles` is, when its stem + each other of `ADJECTIVE_ENDINGS` is a known word
    (`known_word` of tiles); None otherwise."""
    if len(tiles) < 6 or not tiles.endswith(("EM", "EN")):
        return None
    stem, own = tiles[:-2], tiles[-2:]
    if own == "EN" and stem.endswith(("T", "D")):
        return None  # maybe a verb's infinitive too, nominalised (verschalt|en: das Verschalten)
    if all(known_word(stem + ending) for ending in ADJECTIVE_ENDINGS if ending != own):
        return ("dative" if own == "EM" else "form"), stem + "E"
    return None


def isolated_plural(word: str, tiles: str, lookup: Lookup, head_count: HeadCount | None,
                    build_words: set[str] | frozenset[str], to_tiles: Callable[[str], str],
                    plural_only: frozenset[str] = frozenset(), infinitive: bool = False) -> Reading | None:
    """The reading of `word` (in `tiles`) as a plural form of modifier + S when the build has no other form of
    it and its longest table head is S's plural and otherwise only a rare singular (module doc); None
    otherwise. A row that may be a nominalised infinitive (`infinitive`) needs a common noun as its modifier:
    Bier|lachen is a plural, Nach|leuchten das Nachleuchten."""
    # the plural reading predicts its dative in -n (Studienzwecken), so only the other endings speak for a singular
    predicted = ("N",) if not tiles.endswith(("N", "S")) else ()
    if head_count is None or any(tiles + ending in build_words for ending in OTHER_FORM_ENDINGS
                                 if ending not in predicted):
        return None
    found = longest_table_head(word, lookup)
    if found is None:  # the longest head that an inflection table knows decides
        return None
    cut, head, readings = found
    if to_tiles(head) in plural_only:
        return None
    singular = {r.lemma or head for r in readings if r.number != "Plur" and r.case in ("Nom", None)}
    plurals = [r for r in readings if r.number == "Plur" and r.case in ("Nom", None) and r.origin == "lexicon"
               and r.lemma and r.lemma not in singular and len(r.lemma) >= MIN_SINGULAR
               and "plurale-tantum" not in r.tags and to_tiles(r.lemma) != to_tiles(head)]
    if not singular or not plurals:
        return None
    rare = max(head_count(lemma) for lemma in singular)
    best = max(plurals, key=lambda r: head_count(r.lemma))
    if rare > MAX_RARE_HEAD or head_count(best.lemma) <= PARADIGM_HEAD_RATIO * max(rare, 1):
        return None  # S must head more than twice as many (Socke 8 : der Socken 4, regional: Babysocken)
    if infinitive and not common_noun_modifier(word[:cut], lookup):
        return None
    return replace(best, lemma=compound_lemma(word[:cut], best.lemma), origin="compound", head=head)


def longest_table_head(word: str, lookup: Lookup) -> tuple[int, str, list[Reading]] | None:
    """(cut, head, its noun readings) of the longest ending of `word` (after `MIN_MODIFIER` letters,
    `MIN_PLURAL_HEAD` or more) that an inflection table knows as a noun; None without one."""
    for cut in range(MIN_MODIFIER, len(word) - MIN_PLURAL_HEAD + 1):
        fragment = word[cut:]
        head = fragment if word.isupper() else fragment[:1].upper() + fragment[1:]
        readings = [r for r in lookup(head) if r.pos == "NOUN" and FORM_LIST_TAG not in r.tags]
        if readings:
            return cut, head, readings
    return None


def _zu_infinitive(tiles: str, known_word: Callable[[str], bool]) -> bool:
    """The build has a zu-infinitive of `tiles` (geheim|zu|halten, aufrecht|zu|erhalten): a particle verb."""
    return any(known_word(tiles[:cut] + "ZU" + tiles[cut:]) for cut in range(MIN_MODIFIER, len(tiles) - 3))


def verb_row_plural(word: str, lookup: Lookup, head_count: HeadCount | None, known_word: Callable[[str], bool],
                    to_tiles: Callable[[str], str], particles: frozenset[str],
                    plural_only: frozenset[str] = frozenset()) -> Reading | None:
    """The reading of a list row that only ends in a productive verb as modifier + S's plural form, when its
    longest table head is only a plural of the productive noun S and its modifier a word but no verb particle
    or prefix (module doc); None otherwise."""
    if head_count is None:
        return None
    found = longest_table_head(word, lookup)
    if found is None:
        return None
    cut, head, readings = found
    modifier, head_tiles = to_tiles(word[:cut]), to_tiles(head)
    if head_tiles in plural_only or any(r.number != "Plur" for r in readings) \
            or modifier in particles or modifier in SHORT_PREFIXES or not known_word(modifier) \
            or _zu_infinitive(modifier + head_tiles, known_word):
        return None
    plurals = [r for r in readings if r.case != "Gen" and r.origin == "lexicon" and r.lemma
               and len(r.lemma) >= MIN_SINGULAR and "plurale-tantum" not in r.tags
               and to_tiles(r.lemma) != to_tiles(head)]
    if not plurals:
        return None
    best = max(plurals, key=lambda r: (head_count(r.lemma), r.case == "Nom"))
    if head_count(best.lemma) < MIN_VERB_ROW_HEADS:
        return None
    return replace(best, lemma=compound_lemma(word[:cut], best.lemma), origin="compound", head=head)


def classical_plural(word: str, tiles: str, lookup: Lookup, known_noun: Callable[[str], bool],
                     known_word: Callable[[str], bool], to_tiles: Callable[[str], str],
                     plural_only: frozenset[str] = frozenset()) -> tuple[str, str] | None:
    """(kind, singular in tiles) when `tiles` is a classical plural form of a noun of the build (`known_noun` of
    tiles): Residuen -> Residuum; None otherwise, or when the word is a known word + a table's common noun
    (Finanz|hai), or ends in a curated plurale tantum (Stamm|daten, Passiva)."""
    if any(tiles[cut:] in plural_only for cut in range(len(tiles) - 3)):
        return None
    for plural, singular in CLASSICAL_PLURALS:
        stem = tiles[:len(tiles) - len(plural)]
        if not tiles.endswith(plural) or len(stem) < MIN_CLASSICAL_STEM or not known_noun(stem + singular):
            continue
        for cut in range(MIN_MODIFIER, len(word) - 2):
            fragment = word[cut:]
            head = fragment if word.isupper() else fragment[:1].upper() + fragment[1:]
            if any(r.pos == "NOUN" and r.number != "Plur" and FORM_LIST_TAG not in r.tags for r in lookup(head)) \
                    and known_word(to_tiles(word[:cut])):
                return None
        return "plural", stem + singular
    return None
