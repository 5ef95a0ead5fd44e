"""SmartFeud's take-a-letter, Wortspieler's joker swap and multi-word turns, on 8x8 boards.

Board TAKE (SmartFeud): HAUS across D4-G4 (S on the G4 DW, used), AUS down E4-E6.
Board JOKER (Wortspieler): HAUS across C4-F4, the S on F4 a joker (blank).
"""

from __future__ import annotations

import dataclasses

import pytest

from lexicon_tools.errors import IllegalMoveError
from tests.engine.conftest import WORDS, place, position, set_judge, small_rules

TAKE = ["........", "........", "........", "...HAUS.", "....U...", "....S...", "........", "........"]
JOKER = ["........", "........", "........", "..HAUs..", "........", "........", "........", "........"]
HAUS8 = ["........", "........", "........", "..HAUS..", "........", "........", "........", "........"]
SE8 = ["........", "........", "........", "..SE....", "........", "........", "........", "........"]
HE_DOWN = ["........", "........", ".H......", ".E......", "........", "........", "........", "........"]

CASES = [
    # take H from D4 (AUS stays across E4-G4, 3 face value), lay EH on D3-E3: EH 3 + HAUS down E3-E6 5 + AUS 3
    ("smartfeud", TAKE, "ERT", "take:D4 3D EH", 11),
    # take A from E4: parts US across (2) and US down (2) stay; RATE on A3-D3: C3 TL T 3 -> 6, plus EH down 3
    ("smartfeud", TAKE, "ERT", "take:E4 3A RATE", 13),
    # take S off G4 and lay it elsewhere: ES down F6-F7 (E on the F6 TL: 3 + 1), SE across E6-F6 (1 + 3),
    # and HAU, the part of HAUS left on the board, at face value (4)
    ("smartfeud", TAKE, "ERE", "take:G4 F6 ES", 12),
    # 7 own tiles + the taken H in one word: ANSTEHEN on A5-H5 (N on H5 DL: 10), EN down B4-B5 (2), bonus 50
    ("smartfeud", HE_DOWN, "AENNSTE", "take:B3 5A ANSTEHEN", 62),
    # swap the joker on F4 for the S on the rack, lay the joker as e on F3: ES down, the joker scores its letter
    ("wortspieler", JOKER, "SETN", "swap:F4 F3 e.", 2),
    # two words in one turn: HAUSE (E on G4 DW: 6 x 2) and HE down C4-C5 (3)
    ("wortspieler", HAUS8, "EE", "4C ....E & C4 .E", 15),
    # a word laid and extended in the same turn scores once, as the longer word: SEEN 4, not SEE 3 + SEEN 4
    ("wortspieler", SE8, "EN", "4C ..E & 4C ...N", 4),
]


@pytest.mark.parametrize("game_name,board,rack,notation,expected", CASES, ids=[c[3] for c in CASES])
def test_special_move_scores(game_name, board, rack, notation, expected):
    rules = small_rules(game_name)
    game = position(rules, set_judge(rules), board, {0: rack})
    assert game.play(place(game, notation)).score == expected


@pytest.mark.parametrize("reactivates,expected", [(True, 16), (False, 8)])
def test_premium_reactivation_follows_the_ruleset_field(reactivates, expected):
    # take S off the used G4 DW, lay SET down G2-G4: the T on G4 makes HAUT across. With the DW active
    # again: HAUT (2+1+1+1) x 2 = 10, SET 3 x 2 = 6; with it used up: 5 + 3
    rules = small_rules("smartfeud", take_reactivates_premium=reactivates)
    game = position(rules, set_judge(rules, words=WORDS + ["HAUT", "SET"]), TAKE, {0: "ERT"})
    assert game.play(place(game, "take:G4 G2 SET")).score == expected


ERRORS = [
    ("smartfeud", TAKE, "ERT", "take:D4 3C RE", "the letter taken from D4 (H) must be placed in this turn"),
    ("smartfeud", TAKE, "ERT", "take:D4 E3 H...", "cannot be played alone"),
    ("smartfeud", TAKE, "ERT", "take:D4 take:E4 3D EH", "at most 1 different board letter"),
    ("wortspieler", JOKER, "SETN", "swap:F4 F3 E.", "the joker swapped from F4 must be placed in this turn"),
    ("wortspieler", JOKER, "ETN", "swap:F4 F3 e.", "the joker on F4 stands for S, and you hold no S"),
    ("wortspieler", JOKER, "SETN", "swap:C4 F3 e.", "there is no joker on C4 to swap"),
    ("wortspieler", HAUS8, "EEH", "4C ....E & 1A HE", "does not connect"),
    ("webfeud", None, "HEE", "4C HE & C4 .E", "allows one line of tiles per turn"),
]


@pytest.mark.parametrize("game_name,board,rack,notation,message", ERRORS, ids=[c[3] for c in ERRORS])
def test_special_move_errors(game_name, board, rack, notation, message):
    rules = small_rules(game_name)
    game = position(rules, set_judge(rules), board, {0: rack})
    with pytest.raises(IllegalMoveError) as info:
        game.play(place(game, notation))
    assert message in info.value.message


def test_the_parts_of_a_split_word_must_stay_words():
    rules = small_rules("smartfeud")
    judge = set_judge(rules, words=[w for w in WORDS if w != "HAU"])
    game = position(rules, judge, TAKE, {0: "ERE"})
    with pytest.raises(IllegalMoveError) as info:
        game.play(place(game, "take:G4 F6 ES"))
    assert "HAU is not a word in smartfeud (left after taking the letter on G4)" in info.value.message
    lenient = dataclasses.replace(rules, take_split_parts_must_be_words=False)
    game = position(lenient, judge, TAKE, {0: "ERE"})
    assert game.play(place(game, "take:G4 F6 ES")).score == 12


def test_taken_letter_goes_back_through_the_rack_and_refills_to_seven():
    rules = small_rules("smartfeud")
    game = position(rules, set_judge(rules), TAKE, {0: "ERTAAAA"})
    game.play(place(game, "take:D4 3D EH"))
    assert len(game.players[0].rack) == rules.rack_size
    assert game.board.cells[3 * 8 + 3] == 0                     # D4 is empty now
    assert game.turns[-1].fragments == (("AUS", 3),)


def test_swap_puts_the_natural_tile_on_the_board():
    rules = small_rules("wortspieler")
    game = position(rules, set_judge(rules), JOKER, {0: "SETN"})
    game.play(place(game, "swap:F4 F3 e."))
    assert game.board.cells[3 * 8 + 5] == rules.alphabet.tile_of("S")          # natural S, no blank flag
    assert game.board.cells[2 * 8 + 5] == rules.alphabet.tile_of("E") | 0x80   # the joker as e


def test_multi_word_bingo_counts_the_tiles_of_all_lines():
    rules = dataclasses.replace(small_rules("wortspieler"), bingo=(0, 0, 0, 10))  # 3 tiles -> 10, for the test
    game = position(rules, set_judge(rules), HAUS8, {0: "EEE"})
    turn = game.play(place(game, "4C ....E & C4 .E & F4 .E"))
    assert turn.bingo == 10
    assert turn.score == 12 + 3 + 2 + 10                        # HAUSE 6 x 2, HE 3, SE 2, bonus
