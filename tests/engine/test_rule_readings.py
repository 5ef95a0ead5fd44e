"""Issue 27: each reading of the seed texts as a ruleset field, as tables of positions and the seed's outcome.

Every case builds its position through the library API on a small board, plays
the move and checks the outcome under each value of the field. The sentence
each table follows is quoted above it. Scores are worked out by hand from the
small boards' premiums (tests/engine/conftest.py) and the tile values.
"""

from __future__ import annotations

import pytest

from lexicon_tools.engine.clock import ManualClock
from lexicon_tools.engine.game import Game
from lexicon_tools.engine.moves import Exchange, Pass
from lexicon_tools.engine.movegen.generator import MoveGenerator
from lexicon_tools.engine.setup import set_position
from lexicon_tools.errors import IllegalMoveError
from tests.engine.bruteforce import brute_moves
from tests.engine.conftest import WORDS, kwg_judge, place, position, set_judge, small_rules
from tests.engine.test_movegen import generated

EXTRA_WORDS = ["ESSE", "HER"]
WORDS27 = WORDS + [w for w in EXTRA_WORDS if w not in WORDS]
HAUS_NATURAL = ["........", "........", "........", "...HAUS.", "........", "........", "........", "........"]
HAUS_BLANK_S = ["........", "........", "........", "...HAUs.", "........", "........", "........", "........"]
HAUS8 = ["........", "........", "........", "..HAUS..", "........", "........", "........", "........"]
H_IN_ROW_6 = ["........", "........", "........", "........", "........", "....HE..", "........", "........"]
HE_DOWN = ["........", "........", ".H......", ".E......", "........", "........", "........", "........"]


def _game(name, board=None, racks=None, players=2, words=WORDS27, **changes):
    rules = small_rules(name, **changes)
    return position(rules, set_judge(rules, words=words), board, racks or {}, players=players)


def _outcome(game, notation, outcome):
    if isinstance(outcome, str):
        with pytest.raises(IllegalMoveError, match=outcome):
            game.play(place(game, notation))
    else:
        turn = game.play(place(game, notation))
        assert (turn.score if isinstance(outcome, int) else (turn.bingo, turn.score)) == outcome


# -- The loophole: a taken letter goes back on its square as the other kind of tile ----------------------
# "Der Buchstabe, der entfernt wird, muss in derselben Runde benutzt werden, um ein anderes Wort irgendwo zu
#  platzieren"; putting it back is what LÖSCHEN does. ESSE down G3-G6 with G4 the square of the take: the
#  board reads HAUS again and the player has turned a natural S into a blank, or a blank into a natural S.
#  Where allowed: the take reactivates the G4 DW, so ESSE (E1 S1 S1 E1, the blank 0) and HAUS (H2 A1 U1 S1)
#  both count x2: blank on G5 -> ESSE 3 x 2 + HAUS 5 x 2 = 16; blank on G4 -> ESSE 3 x 2 + HAUs 4 x 2 = 14.
RETURN_CASES = [
    # direction 1: take the blank s, lay a natural S on G4, use the blank as the second S elsewhere
    ("blank taken, natural back", HAUS_BLANK_S, "EES", "take:G4 G3 ESsE", "forbid", "may not go back on G4"),
    ("blank taken, natural back", HAUS_BLANK_S, "EES", "take:G4 G3 ESsE", "forbid_any_tile", "no tile may be laid"),
    ("blank taken, natural back", HAUS_BLANK_S, "EES", "take:G4 G3 ESsE", "allow", 3 * 2 + 5 * 2),
    # direction 2: take the natural S, lay a blank as S on G4, use the natural S as the second S elsewhere
    ("natural taken, blank back", HAUS_NATURAL, "EE?", "take:G4 G3 EsSE", "forbid", "may not go back on G4"),
    ("natural taken, blank back", HAUS_NATURAL, "EE?", "take:G4 G3 EsSE", "forbid_any_tile", "no tile may be laid"),
    ("natural taken, blank back", HAUS_NATURAL, "EE?", "take:G4 G3 EsSE", "allow", 3 * 2 + 4 * 2),
    # the same kind, as before: refused by forbid, as issue 10 has it
    ("natural taken, natural back", HAUS_NATURAL, "EES", "take:G4 G3 ESSE", "forbid", "may not go back on G4"),
]


@pytest.mark.parametrize("label,board,rack,notation,mode,outcome", RETURN_CASES,
                         ids=[f"{c[0]}-{c[4]}" for c in RETURN_CASES])
def test_a_taken_letter_may_not_return_as_either_kind_of_tile(label, board, rack, notation, mode, outcome):
    game = _game("smartfeud", board, {0: rack}, take_return=mode)
    _outcome(game, notation, outcome)


@pytest.mark.parametrize("board,rack", [(HAUS_BLANK_S, "EES"), (HAUS_NATURAL, "EE?")], ids=["blank-s", "natural-S"])
@pytest.mark.parametrize("mode", ["forbid", "forbid_any_tile", "allow"])
def test_the_generator_agrees_with_the_brute_force_oracle_on_returns(board, rack, mode):
    rules = small_rules("smartfeud", take_return=mode)
    judge = kwg_judge(rules, WORDS27)
    game = position(rules, judge, board, {0: rack})
    letters = sorted({c for w in WORDS27 for c in rules.alphabet.encode(w)})
    expected = dict(brute_moves(rules, judge, game.board, game.player.rack, letters, take=(6 + 3 * 8,)))
    got = {m: s for m, s in generated(game, judge).items() if m.take == (6 + 3 * 8,)}
    assert got == expected
    same_letter_back = [m for m in got if any(sq == m.take[0] and code & 0x7F == game.board.cells[sq] & 0x7F
                                              for line in m.lines for sq, code in line.tiles)]
    assert bool(same_letter_back) == (mode == "allow")        # the case exists, and only allow generates it


# -- The 50 bonus: a taken board letter, or any board letter the word runs through -----------------------
# "Wenn Sie alle 7 Buchstaben plus einen Buchstaben vom Brett in einem Wort verwenden, erhalten Sie einen
#  Bonus von 50 Punkten." SmartFeud: bingo {7: 30, 8: 50}, bingo_with_board_letter {7: 50}.
BINGO_CASES = [
    # 7 own tiles down E1-E8 through the H on E6: ANSTEHEN. Letters 1+1+1+1+1+2+1+1 = 9, no premiums in
    # column E on this board (E4, E5 are start squares): 9. taken: the plain 30; through: the 50.
    ("7 own through a board letter", H_IN_ROW_6, "AENNSTE", "E1 ANSTE.EN", "taken", (30, 39)),
    ("7 own through a board letter", H_IN_ROW_6, "AENNSTE", "E1 ANSTE.EN", "through", (50, 59)),
    # 7 own + the H taken from B3 in ANSTEHEN A5-H5 (10) and EN down B4-B5 (2): 50 under both readings
    ("7 own + the taken letter", HE_DOWN, "AENNSTE", "take:B3 5A ANSTEHEN", "taken", (50, 62)),
    ("7 own + the taken letter", HE_DOWN, "AENNSTE", "take:B3 5A ANSTEHEN", "through", (50, 62)),
    # 7 own tiles in ERSTENS A5-G5 that touches the board only by the cross word HER: no board letter in
    # the word, the 30 under both readings (ERSTENS 7, HER down B3-B5 4)
    ("7 own, board letter only in a cross word", HE_DOWN, "ERSTENS", "5A ERSTENS", "taken", (30, 41)),
    ("7 own, board letter only in a cross word", HE_DOWN, "ERSTENS", "5A ERSTENS", "through", (30, 41)),
    # 1 own tile through board letters: no entry for 1, nothing (HAUSE on the G4 DW: 6 x 2)
    ("1 own through board letters", HAUS8, "E", "4C ....E", "through", (0, 12)),
]


@pytest.mark.parametrize("label,board,rack,notation,counts,outcome", BINGO_CASES,
                         ids=[f"{c[0]}-{c[4]}" for c in BINGO_CASES])
def test_which_board_letter_earns_the_50(label, board, rack, notation, counts, outcome):
    game = _game("smartfeud", board, {0: rack}, bingo_board_letter_through=counts == "through")
    _outcome(game, notation, outcome)


@pytest.mark.parametrize("through", [False, True], ids=["taken", "through"])
def test_the_generator_pays_the_bonus_the_rules_pay_under_each_reading(through):
    # a 3-tile rack reaches small tables: 3 own tiles 10, 3 own + a board letter 25
    rules = small_rules("smartfeud", bingo=(0, 0, 0, 10), bingo_board_letter=(0, 0, 0, 25),
                        bingo_board_letter_through=through)
    judge = kwg_judge(rules, WORDS27)
    game = position(rules, judge, HAUS_NATURAL, {0: "ERT"})
    letters = sorted({c for w in WORDS27 for c in rules.alphabet.encode(w)})
    expected = dict(brute_moves(rules, judge, game.board, game.player.rack, letters))
    for sq in range(rules.squares):
        if game.board.cells[sq]:
            expected.update(brute_moves(rules, judge, game.board, game.player.rack, letters, take=(sq,)))
    got = generated(game, judge)
    assert got == expected
    bonus = {game.evaluate(m).bingo for m in got if m.tile_count == 3 and not m.take}    # e.g. G2 RE.T
    assert (25 in bonus) == through
    assert through or 10 in bonus


# -- Losing by passing: which turns are passes -------------------------------------------------------------
# "Derjenige mit der höchsten Punktzahl hat gewonnen, aber Passt man dreimal hintereinander hat man verloren."
INVALID_ATTEMPTS = ("4C ....N", "4C .....N", "C4 ..N")      # HAUSN, HAUSEN, HEN: no words here


def _turn_of_kind(game, clock, kind, attempt):
    if kind == "pass":
        game.play(Pass())
    elif kind == "timeout":
        clock.advance(301)
        assert game.expire().kind == "timeout"
    elif kind == "invalid":                                  # professional mode: one attempt, no word
        assert game.play(place(game, INVALID_ATTEMPTS[attempt])).kind == "invalid"
    else:
        assert game.play(Exchange((game.player.rack[0],))).kind == "exchange"


PASS_CASES = [
    (["pass", "timeout", "invalid"], "pass", True),
    (["pass", "timeout", "invalid"], "timeout", True),
    (["pass", "timeout", "invalid"], "invalid", True),       # today's reading: the default
    (["pass", "timeout", "invalid"], "exchange", False),
    (["pass"], "pass", True),
    (["pass"], "timeout", False),                             # only a pressed PAS counts
    (["pass"], "invalid", False),
    (["pass", "exchange"], "exchange", True),
]


@pytest.mark.parametrize("kinds,kind,loses", PASS_CASES, ids=[f"{'+'.join(c[0])}:{c[1]}" for c in PASS_CASES])
def test_which_turns_count_towards_losing_by_passes(kinds, kind, loses):
    rules = small_rules("smartfeud", passes_kinds=frozenset(kinds))
    clock = ManualClock()
    game = Game(rules, set_judge(rules, words=WORDS27), 2, seed=1, time_limit="5m", clock=clock, professional=True)
    set_position(game, HAUS8, {0: "NNNNNNN", 1: "EEEEEEE"})
    for attempt, notation in enumerate(("4C ....E", "C4 .E")):   # the other player lays a word in between
        _turn_of_kind(game, clock, kind, attempt)
        game.play(place(game, notation))
    _turn_of_kind(game, clock, kind, 2)
    assert (game.players[0].out == "passes_in_a_row") == loses
    assert game.over == loses


# -- Webfeud's end credit: the others' deductions, or all of them --------------------------------------------
# "Hat ein Spieler beim Spielende noch Spielsteine in seine Ablage, werden die Buchstabenwerte zusammen
#  gezählt und von seinem Endpunktestand abgezogen. Diese Punkte werden dann dem Spieler der zuletzt
#  Spielsteine abgelegt hat gutgeschrieben."
S_ON_D4 = [".......", ".......", ".......", "...S...", ".......", ".......", "......."]
CREDIT_CASES = [
    # three passes after seat 0 laid AUS (3): seat 0 keeps E E T (3), seat 1 H A U S (5)
    ("scoreless", "AUEET", "last_placer", [3 - 3 + 5, -5]),
    ("scoreless", "AUEET", "last_placer_all", [3 - 3 + 3 + 5, -5]),   # his own 3 come back to him too
    ("scoreless", "AUEET", "nobody", [3 - 3, -5]),
    # seat 0 goes out with AUS: no own rack, both readings agree
    ("out", "AU", "last_placer", [3 + 5, -5]),
    ("out", "AU", "last_placer_all", [3 + 5, -5]),
]


@pytest.mark.parametrize("end,rack,credit_to,expected", CREDIT_CASES, ids=[f"{c[0]}-{c[2]}" for c in CREDIT_CASES])
def test_who_gains_the_rack_penalties(end, rack, credit_to, expected):
    game = _game("webfeud", S_ON_D4, {0: rack, 1: "HAUS"}, credit_penalties_to=credit_to)
    game.bag.tiles = []                   # nobody draws: the racks stay as set
    assert game.play(place(game, "4B AU.")).score == 3
    while not game.over:
        game.play(Pass())
    assert game.outcome.reason == end
    assert [p.score for p in game.players] == expected


# -- Wortspieler: what a turn must build on ----------------------------------------------------------------
# "Neue Wörter werden auf der Grundlage bestehender Wörter gebildet, d.h. bereits auf dem Feld vorhandene
#  Wörter oder Buchstaben müssen Bestandteil der neuen Wörter sein."  HAUS on C4-F4.
TOUCH_CASES = [
    # SE on E5-F5 under U and S: SE 2, US 2, SE down 2 = 6; the word SE itself holds no old tile
    ("board_before_turn", "ES", "5E SE", 6),
    ("each_word", "ES", "5E SE", "the word at E5-F5 holds no tile"),
    # HAUSE: H2 A1 U1 S1 E1 on the G4 DW = 12 under every reading
    ("each_word", "E", "4C ....E", 12),
    # HAUSE and HE down C4-C5: both hold old tiles
    ("each_word", "EEH", "4C ....E & C4 .E", 15),
    # EH down G4-G5 builds only on the E laid in the turn
    ("board_before_turn", "EEH", "4C ....E & G4 .H", "builds only on tiles laid earlier"),
    ("each_word", "EEH", "4C ....E & G4 .H", "builds only on tiles laid earlier"),
    ("board_so_far", "EEH", "4C ....E & G4 .H", 18),
]


@pytest.mark.parametrize("mode,rack,notation,outcome", TOUCH_CASES, ids=[f"{c[0]}:{c[2]}" for c in TOUCH_CASES])
def test_what_each_word_must_build_on(mode, rack, notation, outcome):
    game = _game("wortspieler", HAUS8, {0: rack}, lines_touch_before_turn=mode != "board_so_far",
                 words_touch_before_turn=mode == "each_word")
    _outcome(game, notation, outcome)


@pytest.mark.parametrize("mode", ["board_before_turn", "board_so_far", "each_word"])
def test_the_generator_agrees_with_the_brute_force_oracle_under_each_touch_reading(mode):
    rules = small_rules("wortspieler", lines_touch_before_turn=mode != "board_so_far",
                        words_touch_before_turn=mode == "each_word")
    judge = kwg_judge(rules, WORDS27)
    game = position(rules, judge, HAUS8, {0: "EESH"})
    gen = MoveGenerator(rules, judge.kwg.nodes, judge, multiword_first=3)
    moves = gen.generate(game.board, game.player.rack)
    letters = sorted({c for w in WORDS27 for c in rules.alphabet.encode(w)})
    lines = {(b.prefix, b.swaps) for b in moves.blocks}
    assert any(prefix for prefix, _ in lines), "the position allows two-line turns"
    for prefix, swaps in lines:             # each set of earlier lines: its further lines, all of them
        got = {}
        for k, block in enumerate(moves.blocks):
            if (block.prefix, block.swaps) == (prefix, swaps):
                start = int(moves.offsets[k])
                got.update({moves.move(start + i): moves.score(start + i) for i in range(len(block.meta))})
        assert got == brute_moves(rules, judge, game.board, game.player.rack, letters, swaps=swaps, prefix=prefix)
    singles = {m for m in moves.moves() if len(m.lines) == 1}
    parallel = place(game, "5E SE")
    assert (parallel in singles) == (mode != "each_word")
