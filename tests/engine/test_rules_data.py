"""The engine reads every difference between the games from the ruleset, never from a name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import lexicon_tools.engine as engine_package
from lexicon_tools.engine.rules import Rules, parse_duration
from lexicon_tools.errors import UsageError
from lexicon_tools.io.formats.rulesets import load_ruleset

GAME_NAMES = ("smartfeud", "webfeud", "wortspieler")

FACTS = [
    # ruleset, field, value
    ("webfeud", "bingo", {7: 40}),
    ("smartfeud", "bingo", {7: 30, 8: 50}),
    ("wortspieler", "bingo", {7: 25}),
    ("webfeud", "blank_scores_letter", False),
    ("smartfeud", "blank_scores_letter", False),
    ("wortspieler", "blank_scores_letter", True),
    ("smartfeud", "starting_player_extra_blank", True),
    ("webfeud", "starting_player_extra_blank", False),
    ("smartfeud", "take_enabled", True),
    ("wortspieler", "swap_enabled", True),
    ("wortspieler", "multi_word", True),
    ("webfeud", "multi_word", False),
    ("webfeud", "rack_penalty", True),
    ("webfeud", "credit_penalties_to", "last_placer"),
    ("smartfeud", "passes_in_a_row_lose", 3),
    ("wortspieler", "end_scoreless_turns", 6),
    ("webfeud", "exchange_min_bag", 7),
    ("wortspieler", "exchange_is_skip", True),
    ("webfeud", "players_max", 2),
    ("smartfeud", "players_max", 4),
    ("wortspieler", "first_move_min_starts", 2),
    ("smartfeud", "professional_available", True),
]


def _fact(rules: Rules, field: str):
    if field == "bingo":
        return {n: b for n, b in enumerate(rules.bingo) if b}
    return getattr(rules, field)


@pytest.mark.parametrize("name,field,value", FACTS, ids=[f"{n}.{f}" for n, f, _ in FACTS])
def test_rules_are_compiled_from_the_ruleset(name, field, value):
    assert _fact(Rules.from_ruleset(load_ruleset(name)), field) == value


def test_webfeud_premiums_follow_its_layout():
    rules = Rules.from_ruleset(load_ruleset("webfeud"))
    assert rules.word_mult[0 * 15 + 4] == 3          # E1 TW
    assert rules.letter_mult[0 * 15 + 0] == 3        # A1 TL
    assert rules.start_squares == (7 * 15 + 7,)      # H8
    assert sum(1 for k in rules.premium_kind if k) == 64


def test_random_boards_differ_per_game_and_repeat_per_seed():
    rules = Rules.from_ruleset(load_ruleset("rulesets/house-rules/wortspieler-familie.yaml"))
    a, b, a2 = rules.for_game(1), rules.for_game(2), rules.for_game(1)
    assert a.premium_kind != b.premium_kind and a.premium_kind == a2.premium_kind
    assert sum(1 for k in a.premium_kind if k) == 68


@pytest.mark.parametrize("text,seconds", [("48h", 172800), ("20m", 1200), ("90s", 90), ("2d", 172800)])
def test_durations(text, seconds):
    assert parse_duration(text) == seconds


def test_bad_duration():
    with pytest.raises(UsageError, match="not a time limit"):
        parse_duration("soon")


def test_no_engine_code_compares_against_a_game_name():
    """`if rules.name == "smartfeud"` and the like are forbidden: behaviour comes from fields."""
    offenders = []
    for path in Path(engine_package.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Compare, ast.If, ast.IfExp, ast.Match)):
                for const in ast.walk(node):
                    if isinstance(const, ast.Constant) and isinstance(const.value, str) and any(
                            g in const.value.lower() for g in GAME_NAMES):
                        offenders.append(f"{path.name}:{const.lineno}")
    assert offenders == []
