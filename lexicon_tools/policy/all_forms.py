"""The Feud games' rule: every inflected form of every word, as German Scrabble-style games allow.

Rejected only: proper nouns (unless ``allow_proper_nouns``), abbreviations (unless
``allow_abbreviations``) and registers the house rules exclude. Everything else is
accepted, and the reason still says what the word is (``nom-sg``,
``inflected-form:genitive-of:HAUS``, ``plurale-tantum``), or ``listed`` when the source
gives no grammar (a word-list line, a verb). A word without any reading is checked
against the curated proper-noun markers, so Berlin from a plain word list is still a
name. A lower-case spelling is never checked against them: German capitalises names,
so the word-list lines "ob", "seine" and "weil" are common words although Ob, Seine
and Weil are names; any accepted reading of a tile word wins (`decide`), so the name
readings of those spellings do not veto them.

This policy needs no statistical morphology: the readings come straight from the
imported entries.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from lexicon_tools.model.alphabet import Alphabet
from lexicon_tools.policy import reasons
from lexicon_tools.policy.curated import TileLists
from lexicon_tools.policy.judgement import Judgement, switch
from lexicon_tools.policy.nominative import excluded_register, is_proper
from lexicon_tools.policy.normalize import to_tiles
from lexicon_tools.policy.readings import Reading

if TYPE_CHECKING:
    from lexicon_tools.model.ruleset import WordPolicy


class AllFormsPolicy:
    def __init__(self, policy: WordPolicy, alphabet: Alphabet, lists: TileLists):
        self.policy = policy
        self.alphabet = alphabet
        self.lists = lists
        self.excluded = frozenset(policy.excluded_registers)
        # one policy object serves one evaluation: lemmas repeat across the forms of a word
        self._tiles = cache(lambda text: to_tiles(text, alphabet))

    def judge(self, tiles: str, reading: Reading | None, surface: str = "") -> Judgement:
        policy = self.policy
        if reading is None:
            if tiles in self.lists.proper_nouns:
                allowed = policy.allow_proper_nouns
                return Judgement(allowed, reasons.PROPER_NOUN, None, switch("allow_proper_nouns", allowed))
            return Judgement(True, reasons.LISTED)
        if "abbreviation" in reading.tags:
            allowed = policy.allow_abbreviations
            return Judgement(allowed, reasons.ABBREVIATION, reading, switch("allow_abbreviations", allowed))
        register = excluded_register(reading, self.excluded)
        if register:
            return Judgement(False, register, reading, "excluded_registers")
        lemma_tiles = self._tiles(reading.lemma) if reading.lemma else None
        if is_proper(reading, marker_key(reading, lemma_tiles, tiles, surface), self.lists):
            allowed = policy.allow_proper_nouns
            return Judgement(allowed, reasons.PROPER_NOUN, reading, switch("allow_proper_nouns", allowed))
        return Judgement(True, describe(reading, lemma_tiles, tiles), reading)


def marker_key(reading: Reading, lemma_tiles: str | None, tiles: str, surface: str) -> str | None:
    """What to look up in the curated name markers: the lemma's tiles, else the word's; None for a
    lower-case lemma or (without a lemma) a lower-case spelling, which German orthography makes
    a common word (the orthography reading of "weil" must not become the town Weil by its tiles)."""
    spelling = reading.lemma or surface
    if spelling[:1].islower():
        return None
    return lemma_tiles or tiles


def describe(reading: Reading, lemma_tiles: str | None, tiles: str = "") -> str:
    """What a noun reading is, for the reason code; ``listed`` for anything else. A noun form
    whose source gives its lemma but no case (a full-form table) is an inflected ``form``."""
    if not reading.is_noun:
        return reasons.LISTED
    case, number = reading.case, reading.number
    if case is None and number is None and lemma_tiles and tiles and lemma_tiles != tiles:
        return reasons.inflected("form", lemma_tiles)
    if case in ("Nom", None) and "plurale-tantum" in reading.tags:
        return reasons.PLURALE_TANTUM
    if case in ("Nom", None) and number in ("Sing", None):
        return reasons.NOM_SG
    return reasons.inflected(reasons.inflection_kind(case, number), lemma_tiles)
