"""Replaying records: a faithful record replays; every kind of tampering is caught and located."""

from __future__ import annotations

import pytest

from lexicon_tools.engine.replay import replay
from lexicon_tools.engine.runner import log_of, play_game
from lexicon_tools.errors import IllegalMoveError
from lexicon_tools.io.formats.gamerecord import format_record, parse_record
from tests.engine.conftest import kwg_judge, small_rules


@pytest.fixture(scope="module")
def recorded():
    rules = small_rules("webfeud")
    judge = kwg_judge(rules)
    game = play_game(rules, judge, judge.kwg.nodes, ["greedy", "random"], seed=11)
    return rules, judge, game, format_record(log_of(game, ["greedy", "random"]), game.text)


def _turn_lines(text):
    """Indexes of the placement lines (third token a position such as 8H or H8)."""
    out = []
    for i, line in enumerate(text.splitlines()):
        parts = line.split()
        if line.startswith(">") and len(parts) > 3 and parts[2][:1].isalnum() and "-" not in parts[2]:
            out.append(i)
    return out


def test_a_faithful_record_replays(recorded):
    rules, judge, game, text = recorded
    again = replay(parse_record(text, "ok.gcg"), rules, judge)
    assert again.scores() == game.scores() and again.over


def _tamper(text, index, old, new):
    lines = text.splitlines()
    line = lines[index]
    assert old == "<score>" or old in line
    lines[index] = line.replace(old, new, 1) if old != "<score>" else _bump_score(line)
    return "\n".join(lines) + "\n"


def _bump_score(line):
    parts = line.split()
    parts[-2] = f"+{int(parts[-2]) + 1}"
    return " ".join(parts)


def test_a_wrong_score_names_the_line(recorded):
    rules, judge, _game, text = recorded
    index = _turn_lines(text)[0]
    with pytest.raises(IllegalMoveError) as info:
        replay(parse_record(_tamper(text, index, "<score>", ""), "t.gcg"), rules, judge)
    assert info.value.message.startswith(f"t.gcg:{index + 1}: ")
    assert "the record says" in info.value.message


def test_a_wrong_rack_is_caught(recorded):
    rules, judge, _game, text = recorded
    index = _turn_lines(text)[1]
    rack = text.splitlines()[index].split()[1]
    fake = "Q" * len(rack)
    with pytest.raises(IllegalMoveError, match="the seed deals"):
        replay(parse_record(_tamper(text, index, f" {rack} ", f" {fake} "), "t.gcg"), rules, judge)


def test_a_wrong_seed_changes_the_deal(recorded):
    rules, judge, _game, text = recorded
    with pytest.raises(IllegalMoveError, match="the seed deals"):
        replay(parse_record(text.replace("#seed 11", "#seed 12"), "t.gcg"), rules, judge)


def test_an_illegal_move_is_rejected_with_its_reason(recorded):
    rules, judge, _game, text = recorded
    index = _turn_lines(text)[0]
    position, word = text.splitlines()[index].split()[2:4]
    moved = "1A" if position != "1A" else "7G"
    with pytest.raises(IllegalMoveError) as info:
        replay(parse_record(_tamper(text, index, f" {position} {word} ", f" {moved} {word} "), "t.gcg"), rules,
               judge)
    assert info.value.message.startswith(f"t.gcg:{index + 1}: ")


def test_a_word_outside_the_lexicon_is_caught_on_replay(recorded):
    rules, _judge, _game, text = recorded
    smaller = kwg_judge(rules, words=["ZZ"])
    with pytest.raises(IllegalMoveError, match="is not a word"):
        replay(parse_record(text, "t.gcg"), rules, smaller)


def _adjustment_lines(text):
    return [i for i, line in enumerate(text.splitlines()) if line.startswith(">") and line.split()[1].startswith("(")]


@pytest.mark.parametrize("field", ["rack", "total", "points"])
def test_an_edited_end_adjustment_is_caught(recorded, field):
    rules, judge, _game, text = recorded
    lines = text.splitlines()
    index = _adjustment_lines(text)[0]
    nick, rack, points, total = lines[index].split()
    if field == "rack":
        rack = "(" + ("Q" if rack != "(Q)" else "X") + rack[2:]
    elif field == "total":
        total = str(int(total) + 7)
    else:
        points = f"{int(points) - 1:+d}"
    lines[index] = " ".join([nick, rack, points, total])
    with pytest.raises(IllegalMoveError) as info:
        replay(parse_record("\n".join(lines) + "\n", "t.gcg"), rules, judge)
    assert info.value.message.startswith(f"t.gcg:{index + 1}: the end-of-game adjustment")


def test_a_record_cut_off_mid_game_is_refused_unless_partial(recorded):
    rules, judge, _game, text = recorded
    lines = text.splitlines()
    cut = "\n".join(lines[:_turn_lines(text)[3] + 1]) + "\n"
    with pytest.raises(IllegalMoveError, match="has no #end line"):
        replay(parse_record(cut, "t.gcg"), rules, judge)
    game = replay(parse_record(cut, "t.gcg"), rules, judge, partial=True)
    assert not game.over


def test_the_recorded_game_has_end_adjustments(recorded):
    assert _adjustment_lines(recorded[3])     # so the adjustment tests above test something
