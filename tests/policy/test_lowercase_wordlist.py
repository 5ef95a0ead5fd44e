"""Issue 11: Wortspieler from a word list that writes nouns in lower case only.

Debian's wngerman lists "essen", "leben" and "trauer" only in lower case. Tiles have no
case, so when no spelling in the source gives a noun reading, the readings the
morphological lexicon holds for the word's other spellings (Essen, ESSEN) count: the
nominalised infinitive "das Essen" is a nominative singular. Verb forms, adjectives
and function words without a noun spelling stay out, and a name found that way is
still a name.

Real data throughout: a real word-list file read by the real reader, the default
analyzer (the bundled corpus as base lexicon, the spaCy pipeline with the shipped
fallback model), the bundled curated lists and the bundled wortspieler ruleset.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lexicon_tools.jobs.filter import evaluate_with_defaults
from lexicon_tools.io.readers import iter_entries
from lexicon_tools.model.verdict import word_verdict

WORDLIST = Path(__file__).parent / "data" / "wortspieler-lowercase.txt"
ACCEPTED = ["ESSEN", "LEBEN", "LAUFEN", "SCHREIBEN", "TRAUER"]
REJECTED = [("GING", "not-a-noun"), ("SCHÖN", "not-a-noun"), ("UND", "not-a-noun"), ("GEHST", "not-a-noun"),
            ("SCHNELL", "not-a-noun"), ("BERLIN", "proper-noun")]


@pytest.fixture(scope="module")
def decided(wortspieler):
    entries = list(iter_entries(WORDLIST, "auto"))
    assert all(e.pos is None and e.word.islower() for e in entries)
    groups: dict[str, list] = {}
    for verdict in evaluate_with_defaults(entries, wortspieler):
        groups.setdefault(verdict.normalized, []).append(verdict)
    return {tiles: word_verdict(vs) for tiles, vs in groups.items()}


@pytest.mark.parametrize("tiles", ACCEPTED)
def test_lower_case_nouns_are_nominative_singulars(decided, tiles):
    verdict = decided[tiles]
    assert (verdict.valid, verdict.reason) == (True, "nom-sg"), verdict.evidence
    assert verdict.evidence["reading"]["origin"] == "lexicon"  # the lexicon's noun, not a guess of the model


@pytest.mark.parametrize("tiles, reason", REJECTED)
def test_words_without_a_noun_spelling_stay_out(decided, tiles, reason):
    assert (decided[tiles].valid, decided[tiles].reason) == (False, reason), decided[tiles].evidence
