"""Invariants over random games on small boards (Hypothesis chooses the game, seed and strategies).

After every move, `GameAudit` checks what the seeds require (tiles conserved,
every board word in the lexicon, the bonus by own tiles, no taken letter back
on its square, every line building on the board before the turn, joker swaps
by the next player only); at the end, each final score is the sum of the
player's move scores plus their end adjustments. Writing the game as a record
and replaying it reproduces every turn and the final scores.
"""

from __future__ import annotations


import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from lexicon_tools.engine.audit import GameAudit
from lexicon_tools.engine.game import Game
from lexicon_tools.engine.replay import replay
from lexicon_tools.engine.runner import log_of, play_game
from lexicon_tools.io.formats.gamerecord import format_record, parse_record
from tests.engine.conftest import GAMES, kwg_judge, small_rules

JUDGES: dict = {}


def _judge(rules):
    if rules.name not in JUDGES:
        JUDGES[rules.name] = kwg_judge(rules)
    return JUDGES[rules.name]


def _play_checked(name: str, seed: int, strategies: list[str], players: int, **fields) -> Game:
    rules = small_rules(name, **fields)
    judge = _judge(rules)
    audit = GameAudit()
    game = play_game(rules, judge, judge.kwg.nodes, strategies[:players], seed, multiword_first=3, audit=audit)
    assert audit.finish(game) == []
    return game


@settings(max_examples=24, deadline=None)
@example(name="wortspieler", seed=1, players=2, strategies=["greedy"] * 4)   # once replayed an exchange wrongly
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**32), players=st.integers(2, 4),
       strategies=st.lists(st.sampled_from(["greedy", "random"]), min_size=4, max_size=4))
def test_random_games_keep_the_invariants(name, seed, players, strategies):
    rules = small_rules(name)
    players = min(max(players, rules.players_min), rules.players_max)
    strategies = strategies[:players]
    game = _play_checked(name, seed, strategies, players)

    for player in game.players:
        moves = sum(t.score for t in game.turns if t.seat == player.seat)
        adjust = sum(a.delta for a in game.adjustments if a.seat == player.seat)
        assert player.score == moves + adjust

    text = format_record(log_of(game, strategies), game.text)
    again = replay(parse_record(text, "random-game"), small_rules(name), _judge(rules))
    assert again.scores() == game.scores()
    assert [(t.seat, t.kind, t.score, t.notation) for t in again.turns] == \
        [(t.seat, t.kind, t.score, t.notation) for t in game.turns]
    assert again.outcome.reason == game.outcome.reason


# Every house-rule switch of issue 10, in any combination: the audit, the tile count and the replay still hold.
HOUSE_FIELDS = st.fixed_dictionaries({
    "take_return": st.sampled_from(["forbid", "forbid_any_tile", "allow"]),
    "lines_touch_before_turn": st.booleans(),
    "swap_next_player_only": st.booleans(),
    "swap_max_per_turn": st.sampled_from([1, 2, None]),
    "end_scoreless_full_round": st.booleans(),
    "end_scoreless_kinds": st.sets(st.sampled_from(["exchange", "timeout", "invalid"]))
    .map(lambda kinds: frozenset(kinds | {"pass"})),   # validation requires pass: see ruleset_checks._check_end
    "credit_penalties_to": st.sampled_from(["nobody", "player_out", "last_placer", "last_placer_all"]),
    "rack_penalty": st.booleans(),
    "resign_others_stop": st.booleans(),
    "bingo_board_letter": st.sampled_from([(), (0, 0, 0, 0, 0, 0, 0, 50), (0, 0, 0, 0, 9)]),
    # issue 27's readings
    "bingo_board_letter_through": st.booleans(),
    "words_touch_before_turn": st.booleans(),
    "passes_kinds": st.sets(st.sampled_from(["pass", "exchange", "timeout", "invalid"]), min_size=1).map(frozenset),
})


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**32), players=st.integers(2, 4), fields=HOUSE_FIELDS)
def test_games_under_any_house_rule_switches_keep_the_invariants(name, seed, players, fields):
    rules = small_rules(name, **fields)
    players = min(max(players, rules.players_min), rules.players_max)
    strategies = ["greedy", "random", "greedy", "random"][:players]
    game = _play_checked(name, seed, strategies, players, **fields)
    assert game.over and game.outcome.reason != "turn_limit"
    text = format_record(log_of(game, strategies), game.text)
    again = replay(parse_record(text, "house-game"), rules, _judge(rules))
    assert again.scores() == game.scores() and again.outcome.reason == game.outcome.reason


@pytest.mark.parametrize("played,audited,problem", [
    ({"take_return": "allow"}, {}, "went back on its own square"),          # the old reading of a take
    ({}, {"take_reactivates_premium": False}, "recomputed from the seed rules"),   # a premium counted twice
    ({}, {"bingo_board_letter": (0, 0, 0, 0, 9), "bingo_board_letter_through": True}, "the ruleset says 9"),
])
def test_the_audit_catches_a_rule_the_game_did_not_follow(played, audited, problem):
    rules = small_rules("smartfeud", **played)
    judge = _judge(rules)
    found = []
    for seed in range(6):
        audit = GameAudit()
        original = audit.start
        audit.start = lambda game: (original(game), setattr(audit, "rules", small_rules("smartfeud", **audited)))
        game = play_game(rules, judge, judge.kwg.nodes, ["greedy", "greedy"], seed, audit=audit)
        found += audit.finish(game)
    assert any(problem in p for p in found)


def test_the_audit_catches_a_word_that_builds_only_on_the_turn():
    """``lines_must_touch: each_word``: games played under the per-line reading lay words (parallel plays) the
    per-word reading refuses, and the audit, told the per-word reading, finds them."""
    rules = small_rules("wortspieler")
    judge = _judge(rules)
    found = []
    for seed in range(4):
        audit = GameAudit()
        original = audit.start
        audit.start = lambda game: (original(game), setattr(audit, "rules", small_rules(
            "wortspieler", words_touch_before_turn=True)))
        game = play_game(rules, judge, judge.kwg.nodes, ["greedy", "greedy"], seed, audit=audit)
        found += audit.finish(game)
    assert any("holds no tile from before the turn" in p for p in found)
