"""The rules that find an inflected form behind a guessed nominative singular (Wortspieler).

A guessed reading (a full-form list's row, an unknown compound, a model noun: `paradigm.is_guessed`) that
the grammar accepts as ``nom-sg`` proves only that the word exists. These rules look at the word's paradigm
in the build and at its head for the form it really is, in this order, each under its switch of
``word_policy``: an adjective's oblique form (``refuse_adjective_forms``: mit Externem), the plural of a
compound whose singular is a word of the build (``refuse_paradigm_plurals``: Wahlfächer), the plural of an
isolated row with a rare singular head, and the plural behind a row that only ends in a verb
(``refuse_isolated_plurals``: Fußballwesten, Privatpressen), a noun of the build + an ending
(``refuse_stem_forms``: Mansardendachs, `stem_forms`), and a Latin, Greek or Italian plural whose
singular is in the build (``refuse_classical_plurals``: Residuen). The algorithms are in `paradigm`; this module
only applies them, so that `nominative` stays the grammar of one reading. A nominative plural found so is
admitted under ``allow_plurals: true``, like a dictionary's plural: the house rule has no exception for guesses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lexicon_tools.policy import reasons
from lexicon_tools.policy.judgement import Judgement, switch
from lexicon_tools.policy.paradigm import adjective_oblique, classical_plural, isolated_plural, verb_row_plural
from lexicon_tools.policy.readings import FORM_LIST_TAG, INFINITIVE_COMPOUND_TAG, INFINITIVE_TAG, Reading
from lexicon_tools.policy.stem_forms import stem_form

if TYPE_CHECKING:
    from lexicon_tools.policy.nominative import NominativeSingularPolicy


def guessed_form(judge: NominativeSingularPolicy, tiles: str, reading: Reading, surface: str) -> Judgement | None:
    """The inflected form behind the guessed nominative singular `reading` of `surface` (in `tiles`), or None."""
    policy = judge.policy
    word = surface or tiles
    oblique = adjective_oblique(tiles, judge.known_word) if policy.refuse_adjective_forms else None
    if oblique is not None:
        return _form(policy, oblique[0], oblique[1], reading, "refuse_adjective_forms")
    plural = judge.paradigm(word) if policy.refuse_paradigm_plurals else None
    if plural is not None:
        return _form(policy, reasons.inflection_kind(plural.case, plural.number), judge.tiles_of(plural.lemma),
                     plural, f"refuse_paradigm_plurals: {plural.head} is a plural of the known noun {plural.lemma}")
    if policy.refuse_isolated_plurals:
        plural = isolated_plural(word, tiles, judge.lookup, judge.head_count, judge.build_words, judge.tiles_of,
                                 judge.lists.pluralia_tantum, INFINITIVE_TAG in reading.tags)
        if plural is not None:
            return _form(policy, "plural", judge.tiles_of(plural.lemma), plural,
                         f"refuse_isolated_plurals: no other form of {tiles} in the build, and {plural.head} "
                         "is a rare singular but a productive noun's plural")
        if INFINITIVE_COMPOUND_TAG in reading.tags:
            plural = verb_row_plural(word, judge.lookup, judge.head_count, judge.known_word, judge.tiles_of,
                                     judge.lists.verb_particles, judge.lists.pluralia_tantum)
            if plural is not None:
                return _form(policy, reasons.inflection_kind(plural.case, plural.number),
                             judge.tiles_of(plural.lemma), plural, f"refuse_isolated_plurals: {plural.head} is only "
                             f"a plural, and {word[:len(word) - len(plural.head)]} no verb particle")
    if policy.refuse_stem_forms:
        list_row = reading.origin not in ("compound", "model") and FORM_LIST_TAG in reading.tags
        form = None if list_row and policy.noun_evidence != "headword" else \
            stem_form(word, tiles, judge.build_nouns, judge.lookup, judge.head_count, list_row)
        if form is not None:
            return _form(policy, form[0], form[1], reading,
                         f"refuse_stem_forms: {form[1]} is a noun of the build, {tiles} its {form[0]}")
    if policy.refuse_classical_plurals:
        form = classical_plural(word, tiles, judge.lookup, judge.build_nouns.__contains__, judge.known_word,
                                judge.tiles_of, judge.lists.pluralia_tantum)
        if form is not None:
            return _form(policy, form[0], form[1], reading,
                         f"refuse_classical_plurals: the classical plural of {form[1]}")
    return None


def _form(policy, kind: str, lemma_tiles: str, reading: Reading, rule: str) -> Judgement:
    """The verdict on a word found to be the `kind` form of `lemma_tiles`: refused, except a nominative plural
    under ``allow_plurals: true``, which admits these plurals as it admits a dictionary's (Häuser)."""
    if kind == "plural" and policy.allow_plurals:
        return Judgement(True, reasons.inflected(kind, lemma_tiles), reading,
                         f"{rule}; {switch('allow_plurals', True)}")
    return Judgement(False, reasons.inflected(kind, lemma_tiles), reading, rule)
