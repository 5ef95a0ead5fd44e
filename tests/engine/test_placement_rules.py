"""Placement rules per game, as tables of hand-built positions with hand-computed scores.

Small boards (tests/engine/conftest.py): Webfeud 7x7, start D4, premiums A1 TW,
G1 TW, B2 DW, F6 DW, F4 DW, C3 TL, E5 TL, D1 DL, A4 DL, D7 DL, G4 DL.
SmartFeud and Wortspieler 8x8, start D4 E4 D5 E5, premiums A1 TW, H8 TW, B2 DW,
G7 DW, G4 DW, C3 TL, F6 TL, A4 DL, H5 DL, D2 DL. Letter values: the rulesets'
(H 2, every other letter used here 1). Each expected score is worked out in
the comment next to it.
"""

from __future__ import annotations

import pytest

from lexicon_tools.engine.moves import Line, Place
from lexicon_tools.errors import IllegalMoveError, InvalidWordError
from tests.engine.conftest import place, position, set_judge, small_rules

EMPTY7 = None
HAUS7 = [".......", ".......", ".......", ".HAUS..", ".......", ".......", "......."]     # B4-E4
HAUSE7 = [".......", ".......", ".......", ".HAUSE.", ".......", ".......", "......."]   # F4 DW used
HAUS8 = ["........", "........", "........", "..HAUS..", "........", "........", "........", "........"]

SCORES = [
    # game, board, rack, move, expected score
    ("webfeud", EMPTY7, "HAUS", "4B HAUS", 5),            # H2+A1+U1+S1, no premium on B4-E4
    ("webfeud", EMPTY7, "HAUS", "4C HAUS", 10),           # F4 DW: 5 x 2
    ("webfeud", EMPTY7, "HAUS", "4D HAUS", 12),           # letters first: S on G4 DL = 2, then F4 DW: (2+1+1+2) x 2
    ("webfeud", EMPTY7, "HAUS", "D4 HAUS", 6),            # down D4-D7, S on D7 DL: 2+1+1+2
    ("webfeud", HAUS7, "E", "4B ....E", 12),              # HAUSE, new E on F4 DW: 6 x 2
    ("webfeud", HAUSE7, "SE", "F3 S.E", 3),               # SEE through the used DW on F4: 1+1+1, no premium again
    ("webfeud", HAUS7, "E", "B4 .E", 3),                  # one tile: HE down, 2+1
    ("webfeud", HAUS7, "AH", "3B AH", 17),                # AH across 1 + H on C3 TL 6, AH down 3, HA down 7
    ("webfeud", EMPTY7, "HAUS?", "4B hAUS", 3),           # a blank scores 0 in Webfeud
    ("webfeud", EMPTY7, "ERSTENS", "4A ERSTENS", 58),     # E on A4 DL 2, S on G4 DL 2, F4 DW: (2+1+1+1+1+1+2) x 2 + 40
    ("smartfeud", EMPTY7, "HAUS?", "4C hAUS", 3),         # blank 0 (SmartFeud's "Leer" is worth 0)
    ("smartfeud", EMPTY7, "ERSTENS", "4A ERSTENS", 46),   # A4 DL E 2, G4 DW: (2+6) x 2 + 30
    ("smartfeud", EMPTY7, "ANSTEH?N", "4A ANSTEHeN", 68),  # 8 tiles (extra blank): A4 DL 2, G4 DW: 9 x 2 + 50
    ("wortspieler", EMPTY7, "HAUS?", "4C hAUS", 5),       # the joker scores the letter it represents: h = 2
    ("wortspieler", EMPTY7, "ERSTENS", "4A ERSTENS", 41),  # (2+6) x 2 + 25
    ("wortspieler", HAUS8, "E", "4C ....E", 12),          # HAUSE with E on G4 DW: 6 x 2
]


@pytest.mark.parametrize("game_name,board,rack,notation,expected", SCORES,
                         ids=[f"{g}:{m}" for g, _, _, m, _ in SCORES])
def test_scores(game_name, board, rack, notation, expected):
    rules = small_rules(game_name)
    game = position(rules, set_judge(rules), board, {0: rack})
    turn = game.play(place(game, notation))
    assert turn.score == expected
    assert game.players[0].score == expected


ERRORS = [
    ("webfeud", EMPTY7, "HAUS", "1A HAUS", "the first word must cover a start square"),
    ("wortspieler", EMPTY7, "HAUS", "3D HAUS", "the first word must cover 2 start squares"),
    ("wortspieler", EMPTY7, "HAUS", "D1 HAUS", "the first word must cover 2 start squares"),
    ("webfeud", HAUS7, "HA", "1A HA", "does not connect"),
    ("webfeud", HAUS7, "HA", "4B HA", "already occupied"),
    ("webfeud", HAUS7, "HT", "2A HA", "you do not hold A"),
    ("webfeud", EMPTY7, "HASU", "4B HASU", "HASU is not a word in webfeud"),
    ("webfeud", HAUS7, "SE", "4B ....SE", "HAUSSE is not a word"),
    ("smartfeud", HAUS8, "E", "take:A1 3D EH", "there is no letter on A1 to take"),
    ("webfeud", HAUS7, "SE", "take:B4 3B SE", "not a move of webfeud"),
    ("webfeud", HAUS7, "S", "swap:B4 F4 S", "not a move of webfeud"),
    ("webfeud", HAUS7, "EEN", "4B ....E & B4 .E", "allows one line of tiles per turn"),
]


@pytest.mark.parametrize("game_name,board,rack,notation,message", ERRORS,
                         ids=[f"{g}:{m}" for g, _, _, m, _ in ERRORS])
def test_illegal_placements_say_why(game_name, board, rack, notation, message):
    rules = small_rules(game_name)
    game = position(rules, set_judge(rules), board, {0: rack})
    before = (bytes(game.board.cells), list(game.player.rack), game.current)
    with pytest.raises(IllegalMoveError) as info:
        game.play(place(game, notation))
    assert message in info.value.message
    assert (bytes(game.board.cells), list(game.player.rack), game.current) == before  # nothing changed


@pytest.mark.parametrize("squares,message", [
    (((3, 1), (4, 2)), "one row or one column"),                 # diagonal
    (((3, 1), (3, 3)), "gap before"),                            # B4 and D4, C4 empty
    (((3, 1), (3, 1)), "two tiles are placed on B4"),
])
def test_geometry_errors(squares, message):
    rules = small_rules("webfeud")
    game = position(rules, set_judge(rules), None, {0: "HHAUS"})
    h = rules.alphabet.tile_of("H")
    move = Place((Line(tuple((r * rules.cols + c, h) for r, c in squares)),))
    with pytest.raises(IllegalMoveError, match=message):
        game.play(move)


def test_a_rejected_word_names_the_lexicon_and_the_reason():
    rules = small_rules("wortspieler")
    judge = set_judge(rules, reasons={"KATZEN": "plural of KATZE"})
    game = position(rules, judge, None, {0: "KATZEN"})
    with pytest.raises(InvalidWordError) as info:
        game.play(place(game, "4B KATZEN"))
    assert info.value.message == "KATZEN is not a word in wortspieler: plural of KATZE"


def test_several_invalid_words_are_reported_together():
    rules = small_rules("webfeud")
    game = position(rules, set_judge(rules), HAUS7, {0: "UU"})
    with pytest.raises(InvalidWordError) as info:
        game.play(place(game, "3B UU"))          # UU across, UH and UA down
    assert {"UU is not a word", "UH is not a word", "UA is not a word"} <= {
        part.split(" in ")[0] for part in info.value.message.split("; ")}
