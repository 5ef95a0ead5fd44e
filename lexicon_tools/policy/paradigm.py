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
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from lexicon_tools.policy.compounds import HeadCount, Lookup, compound_lemma
from lexicon_tools.policy.readings import FORM_LIST_TAG, INFINITIVE_COMPOUND_TAG, INFINITIVE_TAG, Reading

# The modifier needs this many letters: shorter beginnings are prefixes or chance.
MIN_MODIFIER = 3
# The plural head and its singular S need this many letters (Dav|oser: Os; Ber|gere: Ger).
MIN_PLURAL_HEAD = 4
MIN_SINGULAR = 4
# S must head this many times as many lemmas as each singular reading of H (Fach 60 : der Fächer 6,
# Lache 14 : das Lachen 6, Zweck 32 : die Zwecke 6; but Maß 62 : die Masse 64, Fond 4 : der Fonds 44).
PARADIGM_HEAD_RATIO = 2

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
    for cut in range(MIN_MODIFIER, len(word) - MIN_PLURAL_HEAD + 1):
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
