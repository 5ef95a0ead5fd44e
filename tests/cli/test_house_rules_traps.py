"""Issue 27: house rules without traps, through the real CLI on real .lex files.

A feature switched off switches off its dependants with one warning; a conflict
with the base is reported at the house-rules line with the fix; `play` uses the
base's lexicon when the word rules are the base's; a misspelt ruleset name is
called unknown, with the closest name; `ruleset validate` lists problems in file
order.
"""

from __future__ import annotations

import re
import shutil
import textwrap

import pytest

from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.jobs.build import build_from_verdicts
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.resources import default_lexicon_path
from tests.cli.test_play import _corpus_words

NO_TAKE = """\
extends: smartfeud
name: ohne-nehmen
title: SmartFeud ohne Buchstabennehmen
special_moves:
  take_board_letter:
    enabled: false
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Small real lexicons for smartfeud and webfeud, built by the project's pipeline."""
    words, out = _corpus_words(1500), {}
    for name in ("smartfeud", "webfeud"):
        rs = load_ruleset(name)
        alphabet = rs.make_alphabet()
        verdicts = [Verdict(Entry(w, source=f"nouns.csv:{i}"), alphabet.normalize(w), True, "listed")
                    for i, w in enumerate(words)
                    if alphabet.is_tileable(alphabet.normalize(w)) and 2 <= len(alphabet.normalize(w)) <= 15]
        out[name] = tmp_path_factory.mktemp("lex") / f"{name}.lex"
        build_from_verdicts(rs, verdicts, out[name])
    return out


def _install(built, name):
    target = default_lexicon_path(name)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(built[name], target)


def test_smartfeud_without_letter_taking_validates_with_one_warning_and_plays(cli, built, tmp_path):
    path = tmp_path / "ohne-nehmen.yaml"
    path.write_text(NO_TAKE, encoding="utf-8")
    result = cli("ruleset", "validate", str(path))
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1
    assert f"{path}:6 [special_moves.take_board_letter.enabled]" in warnings[0]      # the house-rules line
    assert "bingo_with_board_letter (was {7: 50})" in warnings[0] and "rack.board_letter_slot" in warnings[0]
    rs = load_ruleset(path)
    assert rs.bingo_with_board_letter == {} and rs.bingo == {7: 30, 8: 50} and not rs.rack.board_letter_slot
    _install(built, "smartfeud")
    result = cli("play", "-r", str(path), "-n", "2", "-s", "greedy", "--json", "-q")
    assert result.exit_code == 0, result.output
    assert "using the smartfeud lexicon" in result.stderr
    assert '"letter_takes"' in result.stdout and re.search(r'"letter_takes": \{[^}]*"per_game": 0\.0', result.stdout)


def test_a_dependant_the_house_rules_set_themselves_is_kept_and_a_conflict_is_theirs(cli, tmp_path):
    path = tmp_path / "own-bonus.yaml"
    path.write_text(NO_TAKE + "bingo_with_board_letter: {7: 60}\n", encoding="utf-8")
    result = cli("ruleset", "validate", str(path))
    assert result.exit_code == 2
    assert f"{path}:7 [bingo_with_board_letter.7]" in result.stderr
    assert "bingo_with_board_letter_counts: through" in result.stderr           # the way to keep it
    path.write_text(NO_TAKE + "bingo_with_board_letter: {7: 60}\nbingo_with_board_letter_counts: through\n",
                    encoding="utf-8")
    result = cli("ruleset", "validate", str(path))
    assert result.exit_code == 0, result.output
    assert "rack.board_letter_slot" in result.stderr and "bingo_with_board_letter (was" not in result.stderr
    assert load_ruleset(path).bingo_with_board_letter == {7: 60}       # theirs, and it needs no take now


def test_a_conflict_with_the_base_names_the_house_rules_line_and_the_fix(cli, tmp_path):
    path = tmp_path / "rack6.yaml"
    path.write_text("extends: smartfeud\nname: rack6\ntitle: Six tiles\nrack:\n  size: 6\n", encoding="utf-8")
    result = cli("ruleset", "validate", str(path))
    assert result.exit_code == 2
    first = next(line for line in result.stderr.splitlines() if "bingo.8" in line)
    assert f"{path}:5 [rack.size]" in first and "smartfeud.yaml:" in first
    assert "bingo: {$replace: true, ...}" in first and "or change rack.size" in first


def test_a_webfeud_bingo_house_rule_plays_with_the_base_lexicon_without_a_build(cli, built, tmp_path):
    path = tmp_path / "bingo50.yaml"
    path.write_text("extends: webfeud\nname: webfeud-bingo-50\ntitle: W\nbingo: {7: 50}\n", encoding="utf-8")
    _install(built, "webfeud")
    result = cli("play", "-r", str(path), "-n", "2", "-s", "greedy", "-q")
    assert result.exit_code == 0, result.output
    notes = [line for line in result.stderr.splitlines() if "lexicon" in line]
    assert notes == [f"using the webfeud lexicon: webfeud-bingo-50's word policy, alphabet and word lengths are "
                     f"webfeud's ({default_lexicon_path('webfeud')})"]
    # other word rules: other words, so the base's lexicon is not used
    other = tmp_path / "short.yaml"
    other.write_text("extends: webfeud\nname: webfeud-short\ntitle: W\nword_policy: {lengths: {min: 3}}\n",
                     encoding="utf-8")
    result = cli("play", "-r", str(other), "-n", "1", "-s", "greedy", "-q")
    assert result.exit_code == 2
    assert "no lexicon has been built for ruleset 'webfeud-short'" in result.output


@pytest.mark.parametrize("args", [("check", "--ruleset", "wordfeud", "HAUS"), ("play", "-r", "wordfeud")])
def test_a_misspelt_ruleset_is_unknown_with_the_closest_name(cli, args):
    result = cli(*args)
    assert result.exit_code == 2
    assert "unknown ruleset 'wordfeud'" in result.output and "Did you mean 'webfeud'?" in result.output
    assert "build" not in result.output                  # no build would help


def test_validate_lists_problems_in_file_order(cli, tmp_path):
    # a cross-field problem on line 4 and a schema problem on line 6: found in the other order
    path = tmp_path / "two.yaml"
    path.write_text(textwrap.dedent("""\
        extends: wortspieler
        name: two
        title: Two problems
        bingo: {7: 40, 30: 5}
        rack:
          sise: 7
        """), encoding="utf-8")
    result = cli("ruleset", "validate", str(path))
    assert result.exit_code == 2
    lines = [int(m) for m in re.findall(rf"{re.escape(str(path))}:(\d+)", result.stderr)]
    assert lines == [4, 6]
