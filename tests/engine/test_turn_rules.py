"""Pass, exchange, resign, end of game, professional mode, time limits and the extra blank, per game."""

from __future__ import annotations

import dataclasses

import pytest

from lexicon_tools.engine.clock import ManualClock
from lexicon_tools.engine.game import Game
from lexicon_tools.engine.moves import Exchange, Pass, Resign
from lexicon_tools.engine.tiles import RACK_BLANK
from lexicon_tools.errors import IllegalMoveError, UsageError
from tests.engine.conftest import place, position, set_judge, small_rules

HAUS7 = [".......", ".......", ".......", ".HAUS..", ".......", ".......", "......."]
HAUS8 = ["........", "........", "........", "..HAUS..", "........", "........", "........", "........"]


def _game(name, board=None, racks=None, players=2, **kw):
    rules = small_rules(name, **kw.pop("rules", {}))
    return position(rules, set_judge(rules), board, racks or {}, players=players, **kw)


@pytest.mark.parametrize("name,limit", [("webfeud", 3), ("smartfeud", 3), ("wortspieler", 6)])
def test_consecutive_scoreless_turns_end_the_game(name, limit):
    game = _game(name)
    for _ in range(limit - 1):
        game.play(Pass())
    assert not game.over
    game.play(Pass())
    assert game.over and game.outcome.reason == "scoreless"


@pytest.mark.parametrize("name,penalised", [("webfeud", True), ("smartfeud", False), ("wortspieler", False)])
def test_rack_penalties_when_the_game_ends_by_passing(name, penalised):
    game = _game(name, racks={0: "HAUS", 1: "TEE"}, rules={"end_scoreless_turns": 2})
    game.play(Pass())
    game.play(Pass())
    expected = ([-5, -3] if penalised else [0, 0])          # H2 A1 U1 S1; T1 E1 E1; nobody is credited
    assert game.scores() == expected
    assert [a.delta for a in game.adjustments] == ([-5, -3] if penalised else [])


@pytest.mark.parametrize("name,penalty,credit", [("webfeud", -4, 4), ("smartfeud", 0, 0), ("wortspieler", 0, 0)])
def test_going_out_with_an_empty_bag_ends_the_game(name, penalty, credit):
    board = HAUS7 if name == "webfeud" else HAUS8
    game = _game(name, board, racks={0: "E", 1: "HUT"})
    game.bag.tiles.clear()                                    # the bag is empty (tiles leave the game for this test)
    turn = game.play(place(game, "4B ....E" if name == "webfeud" else "4C ....E"))
    assert game.over and game.outcome.reason == "out"
    assert game.players[0].score == turn.score + credit       # H2 U1 T1 = 4 from p2's rack
    assert game.players[1].score == penalty


def test_passing_three_times_in_a_row_loses_in_smartfeud():
    game = _game("smartfeud", HAUS8, racks={0: "NNNNNNN", 1: "EEEEEEE", 2: "EEEEEEE"}, players=3)
    game.players[0].score = 500                               # the highest score does not save the passer
    plays = iter(["4C ....E", "C4 .E", "F4 .E", "F4 ..E"])
    for _ in range(2):
        game.play(Pass())
        game.play(place(game, next(plays)))
        game.play(place(game, next(plays)))
    assert game.players[0].active
    game.play(Pass())
    assert game.players[0].out == "passes_in_a_row"
    assert not game.over and game.current == 1                # the other two continue
    game.play(Resign())
    assert game.over
    assert game.outcome.ranking == [(1, 2), (2, 1), (3, 0)]   # p3 wins; p2 resigned later than p1 lost


def test_webfeud_has_no_passes_in_a_row_rule():
    game = _game("webfeud", HAUS7, racks={0: "NNNNNNN", 1: "EEEEEEE"})
    plays = iter(["4B ....E", "B4 .E", "E4 .E"])
    for _ in range(3):
        game.play(Pass())
        game.play(place(game, next(plays)))
    assert game.players[0].active and not game.over


@pytest.mark.parametrize("name,is_pass", [("wortspieler", True), ("webfeud", False), ("smartfeud", False)])
def test_an_exchange_is_a_pass_only_when_exchanging_is_part_of_skipping(name, is_pass):
    game = _game(name, rules={"passes_in_a_row_lose": 2, "end_scoreless_turns": 10, "exchange_min_bag": 1})
    game.play(Exchange((game.player.rack[-1],)))
    game.play(Pass())
    game.play(Exchange((game.player.rack[-1],)))
    assert game.players[0].active is (not is_pass)


def test_exchange_needs_the_minimum_bag():
    game = _game("webfeud")
    game.bag.tiles[:] = game.bag.tiles[:6]
    with pytest.raises(IllegalMoveError, match="at least 7 tiles in the bag; it holds 6"):
        game.play(Exchange((game.player.rack[0],)))
    game = _game("wortspieler")
    game.bag.tiles[:] = game.bag.tiles[:1]
    game.play(Exchange(tuple(game.player.rack[:3])))          # one tile in the bag is enough in Wortspieler
    game.bag.tiles.clear()
    with pytest.raises(IllegalMoveError, match="it holds 0"):
        game.play(Exchange((game.player.rack[0],)))


@pytest.mark.parametrize("return_first,can_get_own_tiles_back", [(True, True), (False, False)])
def test_exchange_returns_the_tiles_before_drawing_when_the_ruleset_says_so(return_first, can_get_own_tiles_back):
    got_back = False
    for seed in range(20):
        game = _game("webfeud", racks={0: "EEEEE"}, seed=seed, rules={"exchange_return_before_draw": return_first})
        e, n = game.rules.alphabet.tile_of("E"), game.rules.alphabet.tile_of("N")
        game.bag.tiles[:] = [n] * 7                          # only N in the bag
        turn = game.play(Exchange((e,) * 5))
        assert len(turn.drawn) == 5
        got_back |= e in turn.drawn
    assert got_back is can_get_own_tiles_back


def test_exchange_and_pass_can_be_forbidden_by_the_ruleset():
    game = _game("webfeud", rules={"pass_allowed": False, "exchange_allowed": False})
    with pytest.raises(IllegalMoveError, match="passing is not allowed"):
        game.play(Pass())
    with pytest.raises(IllegalMoveError, match="exchanging tiles is not allowed"):
        game.play(Exchange((game.player.rack[0],)))


def test_exchange_of_tiles_not_held_is_refused():
    game = _game("webfeud", racks={0: "HAUSTEN"})
    with pytest.raises(IllegalMoveError, match="you do not hold Q"):
        game.play(Exchange((game.rules.alphabet.tile_of("Q"),)))


def test_resigning_a_two_player_webfeud_game_lets_the_opponent_win():
    game = _game("webfeud")
    game.players[0].score = 99
    game.play(Resign())
    assert game.over and game.outcome.reason == "resigned"
    assert game.outcome.ranking == [(1, 1), (2, 0)]


def test_in_a_three_player_smartfeud_game_the_others_continue_and_the_resigner_ranks_last():
    game = _game("smartfeud", players=3)
    game.players[1].score = 99
    game.play(Pass())
    game.play(Resign())
    assert not game.over and game.current == 2
    game.play(Pass())
    assert game.current == 0                                   # seat 1 is skipped from now on
    game.play(Pass())
    assert game.over
    assert game.outcome.ranking[-1] == (3, 1)


def test_resigner_ranks_by_score_when_the_ruleset_says_so():
    game = _game("smartfeud", players=3, rules={"resigner_ranks_last": False})
    game.players[1].score = 99
    game.play(Pass())
    game.play(Resign())
    game.play(Pass())
    game.play(Pass())
    assert game.over
    assert game.outcome.ranking[0] == (1, 1)


def test_professional_mode_ends_the_turn_on_an_invalid_word():
    game = _game("smartfeud", racks={0: "HASU"}, professional=True)
    turn = game.play(place(game, "4C HASU"))
    assert turn.kind == "invalid" and turn.score == 0 and "HASU is not a word" in turn.note
    assert game.current == 1 and game.board.is_empty()
    casual = _game("smartfeud", racks={0: "HASU"})
    with pytest.raises(IllegalMoveError):
        casual.play(place(casual, "4C HASU"))
    assert casual.current == 0                                 # casual players may try again


def test_professional_mode_must_be_available():
    with pytest.raises(UsageError, match="has no professional mode"):
        _game("webfeud", professional=True)


def test_a_turn_that_runs_out_of_time_is_passed():
    rules = small_rules("smartfeud")
    clock = ManualClock()
    game = Game(rules, set_judge(rules), 2, seed=1, time_limit="5m", clock=clock)
    clock.advance(299)
    game.play(Pass())                                          # in time
    clock.advance(301)
    turn = game.play(Exchange((game.player.rack[0],)))        # too late: the move is not made
    assert turn.kind == "timeout" and game.current == 0
    assert game.players[1].passes_in_a_row == 1
    clock.advance(400)
    assert game.expire().kind == "timeout"                    # the caller can also expire a turn


def test_time_limits_must_be_ruleset_options():
    rules = small_rules("smartfeud")
    with pytest.raises(UsageError, match="not an option"):
        Game(rules, set_judge(rules), 2, time_limit="7m")
    assert Game(rules, set_judge(rules), 2).time_limit == 48 * 3600   # the default, 48 h


def test_smartfeud_starter_gets_an_extra_blank_that_is_lost_if_unused():
    rules = small_rules("smartfeud")
    game = Game(rules, set_judge(rules), 2, seed=3)
    assert len(game.players[0].rack) == 8 and RACK_BLANK in game.players[0].rack
    assert len(game.players[1].rack) == 7
    blanks = game.players[0].rack.count(RACK_BLANK)
    turn = game.play(Pass())
    assert turn.lost_blank and game.lost_tiles == [RACK_BLANK]
    assert game.players[0].rack.count(RACK_BLANK) == blanks - 1 and len(game.players[0].rack) == 7


def test_the_extra_blank_is_kept_when_placed_and_cannot_be_exchanged():
    rules = small_rules("smartfeud")
    game = position(rules, set_judge(rules), None, {0: "HAUS??A"}, seed=2)
    game.extra_blank_pending = True                            # the position of a starter before move one
    with pytest.raises(IllegalMoveError, match="extra blank cannot be exchanged"):
        game.play(Exchange((RACK_BLANK, RACK_BLANK)))
    turn = game.play(place(game, "4C HAuS"))
    assert not turn.lost_blank and game.lost_tiles == []


def test_webfeud_and_wortspieler_starters_get_no_extra_tile():
    for name in ("webfeud", "wortspieler"):
        rules = small_rules(name)
        game = Game(rules, set_judge(rules), 2)
        assert [len(p.rack) for p in game.players] == [7, 7]


@pytest.mark.parametrize("name,players", [("webfeud", 3), ("smartfeud", 5), ("wortspieler", 1)])
def test_player_counts_come_from_the_ruleset(name, players):
    rules = small_rules(name)
    with pytest.raises(UsageError, match="is played by"):
        Game(rules, set_judge(rules), players)


def test_four_players_take_turns_in_seat_order():
    game = _game("wortspieler", players=4)
    seats = []
    for _ in range(5):
        seats.append(game.current)
        game.play(Pass())
    assert seats == [0, 1, 2, 3, 0]


def test_a_finished_game_refuses_moves():
    game = _game("webfeud")
    game.play(Resign())
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play(Pass())


def test_rules_are_data_changing_a_field_changes_the_rule():
    rules = dataclasses.replace(small_rules("webfeud"), blank_values=small_rules("wortspieler").blank_values)
    game = position(rules, set_judge(rules), None, {0: "HAUS?"})
    assert game.play(place(game, "4B hAUS")).score == 5        # now the blank scores its letter


def test_the_order_in_which_exchanged_tiles_are_listed_does_not_change_the_draw():
    racks = []
    for order in (lambda t: t, lambda t: t[::-1]):
        game = _game("webfeud", racks={0: "AEHNRS?"}, seed=9)
        tiles = order(tuple(game.player.rack[:4]))
        game.play(Exchange(tiles))
        racks.append((tuple(game.players[0].rack), tuple(game.bag.tiles)))
    assert racks[0] == racks[1]
