"""`lexicon-tools diff A.lex B.lex` through the real CLI, on two real lexicon files.

The two verdict lists model a change of sources and house rules; the expected groups follow from
the rule in lexicon_tools/jobs/diff.py (added: B's reason; removed: A's class, B's reason).
"""

from __future__ import annotations

import json

import pytest

from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.jobs.build import build_from_verdicts
from lexicon_tools.jobs.diff import reason_family
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict

BEFORE = [
    ("Haus", True, "nom-sg"), ("Häuser", True, "inflected-form:plural-of:HAUS"), ("gehen", True, "listed"),
    ("laufen", True, "listed"), ("Facebook", True, "nom-sg"), ("Berlin", True, "proper-noun"),
    ("kicherndere", True, "listed"),
]
AFTER = [
    ("Haus", True, "nom-sg"), ("Häuser", True, "inflected-form:plural-of:HAUS"), ("gehen", True, "listed"),
    ("schief", True, "listed"), ("wach", True, "listed"), ("Mäuse", True, "inflected-form:plural-of:MAUS"),
    ("Facebook", False, "proper-noun"), ("Berlin", False, "proper-noun"), ("Linux", False, "proper-noun"),
]


def lex(path, rows):
    rs = load_ruleset("webfeud")
    alphabet = rs.make_alphabet()
    verdicts = [Verdict(Entry(w, lemma=w, pos="X"), alphabet.normalize(w), v, r) for w, v, r in rows]
    build_from_verdicts(rs, verdicts, path, date="2026-01-01T00:00:00Z")
    return str(path)


@pytest.fixture
def pair(tmp_path):
    return lex(tmp_path / "a.lex", BEFORE), lex(tmp_path / "b.lex", AFTER)


def test_diff_groups_by_class_and_reason(cli, pair):
    result = cli("diff", *pair, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["legal_before"], data["legal_after"], data["added"], data["removed"]) == (7, 6, 3, 4)
    added = {(g["class"], g["reason"]): (g["count"], g["sample"]) for g in data["added_by_class"]}
    assert added == {("other", "listed"): (2, ["SCHIEF", "WACH"]),
                     ("noun", "inflected-form:plural"): (1, ["MÄUSE"])}
    removed = {(g["class"], g["reason"]): (g["count"], sorted(g["sample"])) for g in data["removed_by_class"]}
    assert removed == {
        ("other", "not-in-lexicon"): (2, ["KICHERNDERE", "LAUFEN"]),  # B's sources lack them
        ("noun", "proper-noun"): (1, ["FACEBOOK"]),                   # a noun in A, refused as a name in B
        ("name", "proper-noun"): (1, ["BERLIN"]),                     # a house rule admitted it in A
    }


def test_diff_text_names_counts_and_samples(cli, pair):
    result = cli("diff", *pair, "--sample", "1")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "legal words: 7 -> 6 (+3 added, -4 removed)"
    assert lines[1] == "added: other 2, noun 1"
    assert any(line.split()[:3] == ["other", "listed", "2"] and line.split()[3] == "SCHIEF" for line in lines)
    assert "LINUX" not in result.output  # refused in B and unknown in A: no change


def test_diff_of_a_lexicon_with_itself_is_empty(cli, pair):
    result = cli("diff", pair[0], pair[0])
    assert result.exit_code == 0
    assert result.output.splitlines() == ["legal words: 7 -> 7 (+0 added, -0 removed)", "added: none",
                                          "removed: none"]


def test_a_missing_file_is_a_message_not_a_traceback(cli, pair, tmp_path):
    result = cli("diff", pair[0], str(tmp_path / "nope.lex"))
    assert result.exit_code != 0
    assert "nope.lex" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("reason, family", [
    ("inflected-form:plural-of:HAUS", "inflected-form:plural"), ("inflected-form:form-of:GEHEN", "inflected-form:form"),
    ("diminutive-of:HUND", "diminutive-of"), ("proper-noun", "proper-noun"), ("listed", "listed"),
])
def test_reason_family_drops_the_lemma(reason, family):
    assert reason_family(reason) == family
