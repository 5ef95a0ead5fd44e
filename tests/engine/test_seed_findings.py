"""Issue 10: every finding of the independent re-scoring, as a table of positions and the seed's outcome.

Each case builds its position through the library API on a small board, plays
the moves and checks what the seed text says should happen. The sentence each
case follows is quoted next to it.
"""

from __future__ import annotations

from collections import Counter

import pytest

from lexicon_tools.engine.moves import Exchange, Pass, Resign
from lexicon_tools.engine.movegen.generator import MoveGenerator
from lexicon_tools.engine.notation import format_place
from lexicon_tools.errors import IllegalMoveError
from tests.engine.conftest import WORDS, kwg_judge, place, position, set_judge, small_rules

EMPTY8 = ["........"] * 8
HE_DOWN = ["........", "........", ".H......", ".E......", "........", "........", "........", "........"]
TAKE = ["........", "........", "........", "...HAUS.", "....U...", "....S...", "........", "........"]
HAUS8 = ["........", "........", "........", "..HAUS..", "........", "........", "........", "........"]
JOKER = ["........", "........", "........", "..HAUs..", "........", "........", "........", "........"]
TWO_JOKERS = ["........", "........", "........", "..HAUs..", "........", "..TEe...", "........", "........"]
EXTRA_WORDS = ["HEITERE", "HAUT", "SET", "HER"]


def _game(name, board=None, racks=None, players=2, words=WORDS + EXTRA_WORDS, **changes):
    rules = small_rules(name, **changes)
    return position(rules, set_judge(rules, words=words), board, racks or {}, players=players)


# -- 1. SmartFeud's bonus is keyed on own tiles ------------------------------------------------------
# "Die Verwendung aller 7 Buchstaben ergibt einen Bonus von 30 Punkten. Wenn Sie alle 7 Buchstaben plus
#  einen Buchstaben vom Brett in einem Wort verwenden, erhalten Sie einen Bonus von 50 Punkten."
# "Der Startspieler erhält ein Leerzeichen ..., so dass es möglich ist, ein 8-Buchstaben-Wort zu setzen
#  und somit einen Bonus von 50 Punkten zu erhalten."
BONUS_CASES = [
    # 6 own tiles + the H taken from B3: HEITERE B5-H5 (9, E on the H5 DL) and EH down B4-B5 (3); no bonus
    ("6 own + board letter", HE_DOWN, "EITERE", "take:B3 5B HEITERE", 0, 12),
    # 7 own tiles + the taken H in one word: ANSTEHEN A5-H5 (10), EN down B4-B5 (2), bonus 50
    ("7 own + board letter", HE_DOWN, "AENNSTE", "take:B3 5A ANSTEHEN", 50, 62),
    # 7 own tiles, no board letter: ERSTENS A5-G5 (7) and HER down B3-B5 (4), bonus 30
    ("7 own tiles", HE_DOWN, "ERSTENS", "5A ERSTENS", 30, 41),
    # the starter: 7 natural tiles + the extra blank in one 8-letter word across the centre, bonus 50
    ("starter, 8 own", None, "AEEHNST?", "4A ANSTEHEn", 50, 68),
    # the starter using 7 of 8 own tiles (the blank among them): 7 own tiles earn the 30;
    # ERSTENs A4-G4: E on the A4 DL 2, R S T E N 5, the blank 0, x2 for the G4 DW = 14
    ("starter, 7 own", None, "EENRSTS?", "4A ERSTENs", 30, 44),
]


@pytest.mark.parametrize("label,board,rack,notation,bonus,score", BONUS_CASES, ids=[c[0] for c in BONUS_CASES])
def test_smartfeud_bonus_is_keyed_on_own_tiles(label, board, rack, notation, bonus, score):
    game = _game("smartfeud", board, {0: rack})
    turn = game.play(place(game, notation))
    assert (turn.bingo, turn.score) == (bonus, score)


def test_the_generator_pays_the_same_bonus_as_the_rules():
    rules = small_rules("smartfeud")
    judge = kwg_judge(rules, WORDS + EXTRA_WORDS)
    game = position(rules, judge, HE_DOWN, {0: "EITERE"})
    moves = MoveGenerator(rules, judge.kwg.nodes, judge).generate(game.board, game.player.rack)
    scores = {format_place(rules, game.board, moves.move(i), game.text): moves.score(i) for i in range(len(moves))}
    assert scores["take:B3 5B HEITERE"] == 12


# -- 2. A taken letter does not go back on its own square ---------------------------------------------
# "Der Buchstabe, der entfernt wird, muss in derselben Runde benutzt werden, um ein anderes Wort irgendwo
#  zu platzieren"; putting it back is what LÖSCHEN does.
RETURN_CASES = [
    ("forbid", "take:G4 G3 ES", "may not go back on G4"),           # the S back on G4: refused
    ("forbid", "take:G4 G2 SET", 16),                               # another letter (T) on G4: a new word
    ("forbid_any_tile", "take:G4 G2 SET", "no tile may be laid on G4"),
    ("allow", "take:G4 G3 ES", 14),                                 # the old reading: ES 4 + HAUS again 10
]


@pytest.mark.parametrize("mode,notation,outcome", RETURN_CASES, ids=[f"{c[0]}:{c[1]}" for c in RETURN_CASES])
def test_a_taken_letter_may_not_return_to_its_square(mode, notation, outcome):
    game = _game("smartfeud", TAKE, {0: "ERTE"}, take_return=mode)
    if isinstance(outcome, str):
        with pytest.raises(IllegalMoveError, match=outcome):
            game.play(place(game, notation))
    else:
        assert game.play(place(game, notation)).score == outcome


@pytest.mark.parametrize("mode", ["forbid", "forbid_any_tile"])
def test_the_generator_does_not_generate_a_return(mode):
    rules = small_rules("smartfeud", take_return=mode)
    judge = kwg_judge(rules, WORDS + EXTRA_WORDS)
    game = position(rules, judge, TAKE, {0: "ERTE"})
    moves = MoveGenerator(rules, judge.kwg.nodes, judge).generate(game.board, game.player.rack)
    takes = [moves.move(i) for i in range(len(moves)) if moves.move(i).take]
    assert takes
    for move in takes:
        sq = move.take[0]
        placed = {s: code for line in move.lines for s, code in line.tiles}
        if mode == "forbid_any_tile":
            assert sq not in placed
        else:
            assert placed.get(sq, 0) & 0x7F != game.board.cells[sq] & 0x7F    # the letter, either kind


# -- 3./4./5. End of game -------------------------------------------------------------------------------
# SmartFeud: "wenn niemand weiß, wie er ein Wort legen soll, und es wird dreimal hintereinander nicht
# gespielt" -- with 4 players nobody means all 4. Webfeud: "Nach dreimaligem Aussetzen endet das Spiel."
SCORELESS_CASES = [
    ("smartfeud", 4, {}, ["pass"] * 3, False),
    ("smartfeud", 4, {}, ["pass"] * 4, True),
    ("smartfeud", 4, {"end_scoreless_full_round": False}, ["pass"] * 3, True),
    ("smartfeud", 2, {}, ["pass", "exchange", "pass"], True),           # every turn without a word counts
    ("smartfeud", 3, {}, ["pass"] * 3, True),
    ("webfeud", 2, {}, ["exchange"] * 4, False),                         # an exchange is no "Aussetzen"
    ("webfeud", 2, {}, ["pass", "pass", "exchange", "pass"], False),     # and breaks the run of passes
    ("webfeud", 2, {}, ["pass"] * 3, True),
    ("webfeud", 2, {"end_scoreless_kinds": frozenset({"pass", "exchange"})}, ["exchange"] * 3, True),
]


@pytest.mark.parametrize("name,players,changes,kinds,over", SCORELESS_CASES,
                         ids=[f"{c[0]}-{c[1]}p-{'-'.join(c[3])}-{sorted(c[2])}" for c in SCORELESS_CASES])
def test_which_scoreless_turns_end_the_game(name, players, changes, kinds, over):
    game = _game(name, players=players, **changes)
    for kind in kinds:
        game.play(Pass() if kind == "pass" else Exchange((game.player.rack[0],)))
    assert game.over == over
    if over:
        assert game.outcome.reason == "scoreless"


def test_losing_by_passes_has_its_own_end_reason():
    # "Passt man dreimal hintereinander hat man verloren": not a resignation
    game = _game("smartfeud", HAUS8, {0: "NNNNNNN", 1: "EEEEEEE"})
    for notation in ("4C ....E", "C4 .E"):
        game.play(Pass())
        game.play(place(game, notation))
    game.play(Pass())
    assert game.over and game.outcome.reason == "passes_in_a_row"
    assert game.outcome.ranking[-1] == (2, 0)


@pytest.mark.parametrize("choice,over,reason", [("continue", False, None), ("stop", True, "stopped")])
def test_after_a_resignation_the_others_continue_or_stop(choice, over, reason):
    # "haben die anderen Spieler die Möglichkeit, fortzufahren oder zu stoppen"
    game = _game("smartfeud", players=3, resign_others_stop=choice == "stop")
    game.play(Resign())
    assert game.over == over
    if over:
        assert game.outcome.reason == reason and game.outcome.ranking[-1] == (3, 0)
    else:
        game.stop()                       # the remaining players agree to stop at the table
        assert game.outcome.reason == "stopped"


# -- 6. Webfeud credits the last player who laid tiles --------------------------------------------------
# "Diese Punkte werden dann dem Spieler der zuletzt Spielsteine abgelegt hat gutgeschrieben."
@pytest.mark.parametrize("credit_to,expected", [
    ("last_placer", [3 - 3 + 5, -5]),    # p1 lays AUS (3), loses E E T (3), gains p2's H A U S (5)
    ("player_out", [3 - 3, -5]),         # nobody went out: nobody is credited
    ("nobody", [3 - 3, -5]),
])
def test_at_a_three_pass_end_the_last_placer_gains_the_penalties(credit_to, expected):
    game = _game("webfeud", [".......", ".......", ".......", "...S...", ".......", ".......", "......."],
                 {0: "AUEET", 1: "HAUS"}, credit_penalties_to=credit_to)
    game.bag.tiles = []                   # nobody draws: the racks stay as set
    assert game.play(place(game, "4B AU.")).score == 3
    for _ in range(3):
        game.play(Pass())
    assert game.outcome.reason == "scoreless"
    assert [p.score for p in game.players] == expected


# -- 7. Wortspieler: every line builds on tiles from before the turn ------------------------------------
# "bereits auf dem Feld vorhandene Wörter oder Buchstaben müssen Bestandteil der neuen Wörter sein"
LINE_CASES = [
    ("board_before_turn", "4C ....E & G4 .H", "builds only on tiles laid earlier in the same turn"),
    ("board_so_far", "4C ....E & G4 .H", 18),            # HAUSE (6 x 2) and EH through the new E on the DW (3 x 2)
    ("board_before_turn", "4C ....E & C4 .E", 15),       # HE builds on the H that was there
]


@pytest.mark.parametrize("mode,notation,outcome", LINE_CASES, ids=[f"{c[0]}:{c[1]}" for c in LINE_CASES])
def test_each_line_builds_on_the_board_before_the_turn(mode, notation, outcome):
    game = _game("wortspieler", HAUS8, {0: "EEH"}, lines_touch_before_turn=mode == "board_before_turn")
    if isinstance(outcome, str):
        with pytest.raises(IllegalMoveError, match=outcome):
            game.play(place(game, notation))
    else:
        assert game.play(place(game, notation)).score == outcome


def test_the_generator_chains_only_lines_that_build_on_the_board():
    rules = small_rules("wortspieler")
    judge = kwg_judge(rules, WORDS + EXTRA_WORDS)
    game = position(rules, judge, HAUS8, {0: "EEH"})
    moves = MoveGenerator(rules, judge.kwg.nodes, judge).generate(game.board, game.player.rack)
    notations = {format_place(rules, game.board, moves.move(i), game.text) for i in range(len(moves))}
    assert "4C ....E & C4 .E" in notations and "4C ....E & G4 .H" not in notations
    before = {sq for sq, code in enumerate(game.board.cells) if code}
    for i in range(len(moves)):
        for line in moves.move(i).lines[1:]:
            after = game.board.copy()
            for prior in moves.move(i).lines:
                for sq, code in prior.tiles:
                    after.put(sq, code)
            runs = [after.run_through(sq, d) for sq, _ in line.tiles for d in (0, 1)]
            assert any(s in before for run in runs if len(run) > 1 for s in run)


# -- 8. The joker swap belongs to the next player, once per turn ----------------------------------------
# "Der nächste Spieler kann in seinem Zug einen auf dem Feld befindlichen Sternchenstein ... austauschen"
def test_only_the_next_player_may_swap_a_joker():
    game = _game("wortspieler", HAUS8, {0: "?", 1: "EEN"})
    game.play(place(game, "4C ....e"))           # p1 lays a joker as the E of HAUSE on G4
    assert game.swappable_jokers() == frozenset({3 * 8 + 6})
    game.play(Pass())                             # p2 does not swap in their turn ...
    game.play(Pass())
    assert game.swappable_jokers() == frozenset()
    with pytest.raises(IllegalMoveError, match="may not be swapped now"):
        game.play(place(game, "swap:G4 G4 .e"))  # ... and the chance has passed


@pytest.mark.parametrize("by,limit,ok", [
    ("next_player", 1, False),   # "einen": one joker per turn
    ("any", None, True),
])
def test_jokers_swapped_per_turn(by, limit, ok):
    game = _game("wortspieler", TWO_JOKERS, {0: "SEN"}, swap_next_player_only=by == "next_player",
                 swap_max_per_turn=limit)
    move = place(game, "swap:F4 swap:E6 G4 es")   # both jokers swapped, laid as HAUSe and es
    if ok:
        game.play(move)
    else:
        with pytest.raises(IllegalMoveError, match="at most 1 joker"):
            game.play(move)


def test_the_player_who_laid_a_joker_cannot_swap_it_back():
    game = _game("wortspieler", HAUS8, {0: "?S", 1: "EEN"})
    game.play(place(game, "4C ....e"))           # p1 lays the joker
    game.play(Pass())                             # p2 passes
    with pytest.raises(IllegalMoveError, match="may not be swapped now"):
        game.play(place(game, "swap:G4 G4 .s"))  # p1 may not take back their own joker


# -- 11. The readings that change tile counts --------------------------------------------------------------
@pytest.mark.parametrize("ruleset,total,blanks,starter_extra", [
    ("smartfeud", 119, 2, True),
    ("house-rules/smartfeud-starter-blank-from-bag.yaml", 119, 2, False),
    ("wortspieler", 120, 2, False),
    ("house-rules/wortspieler-fuenf-joker.yaml", 125, 5, False),
])
def test_tile_count_readings(ruleset, total, blanks, starter_extra):
    from lexicon_tools.engine.game import Game
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.resources import rulesets_dir

    name = str(rulesets_dir() / ruleset) if ruleset.endswith(".yaml") else ruleset
    rules = Rules.from_ruleset(load_ruleset(name))
    assert (rules.total_tiles(), rules.counts[0]) == (total, blanks)
    game = Game(rules, set_judge(rules), 2, seed=3)
    in_play = Counter(game.bag.tiles) + Counter(t for p in game.players for t in p.rack)
    assert sum(in_play.values()) == total + (1 if starter_extra else 0)
    assert in_play[0] == blanks + (1 if starter_extra else 0)
