"""Issue 11: building Webfeud from a plain word list rejected common words as names.

A real word-list file (tests/policy/data/webfeud-wordlist.txt), read by the real
reader and judged by the real all-forms policy with its default analyzer (the bundled
corpus as base lexicon, the bundled curated lists). Lower-case lines are common words
(German writes names and nouns with a capital), so a lower-case spelling is never a
proper noun because its tiles match a name (Ob, Seine, Weil, Per are names too); and a
proper-noun or abbreviation reading from another entry (AB, IM in the corpus) never
vetoes the common reading: any accepted reading wins.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lexicon_tools.jobs.filter import evaluate_with_defaults
from lexicon_tools.io.readers import iter_entries
from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.model.verdict import word_verdict

WORDLIST = Path(__file__).parent / "data" / "webfeud-wordlist.txt"
COMMON = ["AB", "IM", "OB", "AM", "ALS", "PER", "WEIL", "FREI", "LANG", "GROSS", "SEINE", "HATTEN", "KAMEN", "WILL"]
NAMES = ["BERLIN", "GOETHE", "MÜNCHEN"]
ABBREVIATIONS = ["AKW", "ADAC", "EU"]


@pytest.fixture(scope="module")
def decided():
    entries = list(iter_entries(WORDLIST, "auto"))
    assert len(entries) == 22 and all(e.pos is None for e in entries)  # bare word-list lines
    groups: dict[str, list] = {}
    for verdict in evaluate_with_defaults(entries, load_ruleset("webfeud")):
        groups.setdefault(verdict.normalized, []).append(verdict)
    return {tiles: word_verdict(vs) for tiles, vs in groups.items()}


@pytest.mark.parametrize("tiles", COMMON)
def test_lower_case_words_are_accepted(decided, tiles):
    verdict = decided[tiles]
    assert verdict.valid and verdict.reason == "listed", (verdict.reason, verdict.evidence)


@pytest.mark.parametrize("tiles", NAMES)
def test_names_stay_out(decided, tiles):
    assert (decided[tiles].valid, decided[tiles].reason) == (False, "proper-noun")


@pytest.mark.parametrize("tiles", ABBREVIATIONS)
def test_abbreviations_stay_out(decided, tiles):
    assert (decided[tiles].valid, decided[tiles].reason) == (False, "abbreviation")
