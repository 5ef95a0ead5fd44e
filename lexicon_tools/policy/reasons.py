"""Reason codes: short, stable strings that say what a word is, shown to players.

A reason describes the word; the verdict's ``valid`` flag says whether the ruleset
admits it. So the same code can accept or reject depending on the house rules:
``inflected-form:plural-of:HAUS`` rejects under Wortspieler's defaults and accepts
with ``allow_plurals: true``.

Codes:
  nom-sg                          a noun in the nominative singular
  plurale-tantum                  a plural-only noun (Eltern, Leute, Ferien, Kosten)
  lexicalized-plural              a plural with its own meaning (Wahlen: elections)
  lexicalized-diminutive          a diminutive with its own meaning (Mädchen, Märchen)
  diminutive-of:HUND              a productive diminutive (Hündchen)
  inflected-form:plural-of:HAUS   also genitive-of, dative-of, accusative-of; without a
                                  known lemma just ``inflected-form:plural``
  proper-noun, abbreviation, not-a-noun, register:<name>
  unknown-word                    no dictionary knows it, and the statistical model alone
                                  is not enough (no known compound head, or unsure)
  likely-misspelling              a noun no inflection table has, whose suffix contradicts its
                                  base (Misshelligheit: -ig takes -keit)
  not-tileable, length            the shape of the word rules it out
  listed                          all-forms policy: a word the source lists, no morphology

Lemmas inside codes are written in tiles (uppercase, ß -> SS), like the word itself.
"""

from __future__ import annotations

NOM_SG = "nom-sg"
PLURALE_TANTUM = "plurale-tantum"
LEXICALIZED_PLURAL = "lexicalized-plural"
LEXICALIZED_DIMINUTIVE = "lexicalized-diminutive"
PROPER_NOUN = "proper-noun"
ABBREVIATION = "abbreviation"
NOT_A_NOUN = "not-a-noun"
UNKNOWN_WORD = "unknown-word"
LIKELY_MISSPELLING = "likely-misspelling"
FUNCTION_WORD_HOMOGRAPH = "function-word-homograph"
NOT_TILEABLE = "not-tileable"
LENGTH = "length"
LISTED = "listed"
INFLECTED_PREFIX = "inflected-form:"
DIMINUTIVE_PREFIX = "diminutive-of:"
REGISTER_PREFIX = "register:"

# Which inflection a (case, number) pair names in a reason code.
_INFLECTION_KIND = {
    ("Nom", "Plur"): "plural",
    ("Acc", "Plur"): "plural",
    (None, "Plur"): "plural",
    ("Gen", "Sing"): "genitive",
    ("Gen", "Plur"): "genitive",
    ("Gen", None): "genitive",
    ("Dat", "Sing"): "dative",
    ("Dat", "Plur"): "dative",
    ("Dat", None): "dative",
    ("Acc", "Sing"): "accusative",
    ("Acc", None): "accusative",
}

# Among several accepting readings, the first matching prefix explains the word best.
_ACCEPT_ORDER = (NOM_SG, LEXICALIZED_DIMINUTIVE, PLURALE_TANTUM, LEXICALIZED_PLURAL, DIMINUTIVE_PREFIX,
                 INFLECTED_PREFIX, PROPER_NOUN, ABBREVIATION, REGISTER_PREFIX, LISTED)


def inflection_kind(case: str | None, number: str | None) -> str:
    return _INFLECTION_KIND.get((case, number), "form")


def inflected(kind: str, lemma_tiles: str | None) -> str:
    return f"{INFLECTED_PREFIX}{kind}-of:{lemma_tiles}" if lemma_tiles else f"{INFLECTED_PREFIX}{kind}"


def diminutive_of(base_tiles: str) -> str:
    return f"{DIMINUTIVE_PREFIX}{base_tiles}"


def register(name: str) -> str:
    return f"{REGISTER_PREFIX}{name}"


_INFLECTION_ORDER = ("plural", "genitive", "dative", "accusative", "form")


def inflection_rank(reason: str) -> int:
    """Among inflected forms, "plural of HUND" explains Hunde better than its rare dative singular."""
    if reason.startswith(INFLECTED_PREFIX):
        kind = reason[len(INFLECTED_PREFIX):].split("-of:")[0].split(":")[0]
        if kind in _INFLECTION_ORDER:
            return _INFLECTION_ORDER.index(kind)
    return len(_INFLECTION_ORDER)


def accept_rank(reason: str) -> int:
    for rank, prefix in enumerate(_ACCEPT_ORDER):
        if reason.startswith(prefix):
            return rank
    return len(_ACCEPT_ORDER)
