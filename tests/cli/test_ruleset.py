"""The `ruleset` command group through the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
BROKEN = ROOT / "tests/io/formats/broken_rulesets"


def test_list_shows_names_and_titles(cli):
    result = cli("ruleset", "list")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert any(line.startswith("smartfeud") and "SmartFeud" in line for line in lines)
    assert any(line.startswith("wortspieler") and "Wortspieler" in line for line in lines)


def test_validate_valid_file_exits_0(cli):
    result = cli("ruleset", "validate", str(ROOT / "rulesets/house-rules/wortspieler-familie.yaml"))
    assert result.exit_code == 0
    assert "wortspieler-familie: valid" in result.stdout


@pytest.mark.parametrize("fixture,expected", [
    ("unknown_key.yaml", "unknown key 'sise'"),
    ("wrong_total.yaml", "tile counts sum to 102, but total says 100"),
    ("off_board.yaml", "P1 lies off the 15x15 board"),
    ("bad_extends.yaml", "unknown ruleset 'wortspieler-classic'"),
    ("invalid_yaml.yaml", "invalid YAML"),
])
def test_validate_broken_file_exits_2_with_located_message_and_no_traceback(cli, fixture, expected):
    result = cli("ruleset", "validate", str(BROKEN / fixture))
    assert result.exit_code == 2
    assert expected in result.stderr
    assert fixture in result.stderr
    assert "Hint:" in result.stderr
    assert "Traceback" not in result.output


def test_unknown_ruleset_name_exits_2(cli):
    result = cli("ruleset", "show", "scrabble")
    assert result.exit_code == 2
    assert "unknown ruleset 'scrabble'" in result.stderr


def test_show_json_has_the_documented_fields(cli):
    result = cli("ruleset", "show", "webfeud", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["name"] == "webfeud"
    assert (data["board"]["rows"], data["board"]["cols"]) == (15, 15)
    kinds = [p["kind"] for p in data["board"]["premiums"]]
    assert {k: kinds.count(k) for k in ("TW", "DW", "TL", "DL")} == {"TW": 8, "DW": 12, "TL": 20, "DL": 24}
    assert {"row": 0, "col": 4, "kind": "TW"} in data["board"]["premiums"]  # E1
    assert data["board"]["start"] == [[7, 7]]
    assert {"letter": "?", "count": 2, "value": 0} in data["tiles"]
    assert {"letter": "Q", "count": 1, "value": 10} in data["tiles"]
    assert sum(t["count"] for t in data["tiles"]) == 102
    assert data["rack_size"] == 7
    assert data["bingo"] == {"7": 40}


def test_show_json_smartfeud_bingo_and_start(cli):
    data = json.loads(cli("ruleset", "show", "smartfeud", "--json").stdout)
    assert data["bingo"] == {"7": 30, "8": 50}
    assert sorted(data["board"]["start"]) == [[7, 7], [7, 8], [8, 7], [8, 8]]
    assert len(data["board"]["premiums"]) == 56


def test_show_text_summary(cli):
    result = cli("ruleset", "show", "wortspieler")
    assert result.exit_code == 0
    assert "Wortspieler" in result.stdout and "7 own tiles: +25" in result.stdout
    assert "joker swap" in result.stdout


def test_diff_shows_house_rule_changes(cli):
    result = cli("ruleset", "diff", "wortspieler", str(ROOT / "rulesets/house-rules/wortspieler-familie.yaml"))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert "bingo.7: 25 -> 40" in lines
    assert "word_policy.allow_plurals: false -> true" in lines
    assert not any(line.startswith("tiles") for line in lines)


def test_diff_of_identical_rulesets(cli):
    result = cli("ruleset", "diff", "webfeud", "webfeud")
    assert result.stdout == "" and result.stderr.strip() == "No differences."  # stdout stays empty, as for "No words."
