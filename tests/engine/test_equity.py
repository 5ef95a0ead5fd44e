"""The equity player: leaves of every kind of turn, its choices, the end game, and leave training.

The leave test compares the strategy's vectorised leave (mixed-radix index over the generating
rack) with the rack the rules engine leaves after playing the same move, for every candidate of
positions with a taken letter (SmartFeud), a joker swap and multi-word turns (Wortspieler).
Training runs on real data: a KWG of the bundled German noun corpus's first rows.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from lexicon_tools.engine.equity import Equity
from lexicon_tools.engine.leaves import ADDITIVE, LeaveTable
from lexicon_tools.engine.leavetrain import leave_samples, train
from lexicon_tools.engine.movegen.generator import MoveGenerator
from lexicon_tools.engine.moves import Exchange, Place
from lexicon_tools.engine.rules import Rules
from lexicon_tools.engine.runner import play_game
from lexicon_tools.engine.strategy import get_strategy
from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.io.readers.corpus_sample import corpus_forms
from tests.engine.conftest import WORDS, kwg_judge, position, small_rules

TAKE = ["........", "........", "........", "...HAUS.", "....U...", "....S...", "........", "........"]
JOKER = ["........", "........", "........", "..HAUs..", "........", "........", "........", "........"]
HAUS8 = ["........", "........", "........", "..HAUS..", "........", "........", "........", "........"]
HAUS7 = [".......", ".......", ".......", ".HAUS..", ".......", ".......", "......."]


def _tiles(rules, text: str) -> bytes:
    return bytes(sorted(0 if ch == "?" else rules.alphabet.letters.index(ch) + 1 for ch in text))


def _table(rules, values: dict[str, float]) -> LeaveTable:
    return LeaveTable(rules.name, "".join(rules.alphabet.letters), rules.rack_size, ADDITIVE,
                      {_tiles(rules, k): v for k, v in values.items()})


@pytest.mark.parametrize("game_name,board,rack", [
    ("smartfeud", TAKE, "ERTE?"),       # take-a-letter blocks: the taken tile joins the rack
    ("wortspieler", JOKER, "SETNE"),    # joker swap: the joker replaces the S in the rack
    ("wortspieler", HAUS8, "EENRS"),    # multi-word turns: earlier lines' tiles are placed too
    ("webfeud", HAUS7, "RATEN?S"),
])
def test_leave_of_every_candidate_is_what_the_rules_engine_leaves(game_name, board, rack):
    rules = small_rules(game_name)
    judge = kwg_judge(rules)
    game = position(rules, judge, board, {0: rack})
    player = Equity(_table(rules, {}))
    moves = MoveGenerator(rules, judge.kwg.nodes, judge).generate(game.board, game.player.rack,
                                                                   game.swappable_jokers())
    assert len(moves) > 10
    special = 0
    for number, block in enumerate(moves.blocks):
        rl = player.rack_leaves(block.rack, rules.values)
        kept = player.kept_indices(game, block, rl)
        special += bool(block.take or block.swaps or block.prefix) * len(block.meta)
        for i in range(len(block.meta)):
            index = int(moves.offsets[number]) + i
            evaluation = game.evaluate(moves.move(index))
            assert Counter(rl.kept(int(kept[i]))) == +evaluation.rack, moves.move(index)
    if game_name != "webfeud":
        assert special > 0


def test_equity_keeps_a_valuable_tile_that_greedy_spends():
    rules = small_rules("webfeud")
    judge = kwg_judge(rules)
    game = position(rules, judge, HAUS7, {0: "RATEN?Q"})
    moves = MoveGenerator(rules, judge.kwg.nodes, judge).generate(game.board, game.player.rack)
    greedy = get_strategy("greedy").choose(game, moves, None)
    assert any(c & 0x80 for c in greedy.placed_codes())        # the highest score spends the blank
    equity = get_strategy("equity", _table(rules, {"?": 40.0})).choose(game, moves, None)
    assert isinstance(equity, Place) and not any(c & 0x80 for c in equity.placed_codes())
    score = {i: moves.score(i) for i in range(len(moves))}
    assert max(score.values()) > game.evaluate(equity).score   # it gave up points to keep the blank


def test_equity_exchanges_a_hopeless_rack_when_the_leave_is_worth_more():
    rules = small_rules("webfeud")
    judge = kwg_judge(rules)
    game = position(rules, judge, HAUS7, {0: "QXYÖÜJE"})
    bad = {**{ch: -30.0 for ch in "QXYÖÜJ"}, "E": 3.0}
    move = get_strategy("equity", _table(rules, bad)).choose(game, MoveGenerator(
        rules, judge.kwg.nodes, judge).generate(game.board, game.player.rack), None)
    assert isinstance(move, Exchange)
    assert Counter(move.tiles) == Counter(_tiles(rules, "QXYÖÜJ"))   # keeps the E, throws back the rest


@pytest.mark.parametrize("penalty", [True, False])
def test_end_game_goes_out_when_the_rules_pay_for_it(penalty):
    # rack EE, bag empty: going out scores at most 5, keeping an E up to 12. The opponent is stuck with
    # QXYJÖÜÄ (54 points): with rack penalties (credited to the last placer) going out is worth 2 x 54
    rules = dataclasses.replace(small_rules("webfeud"), rack_penalty=penalty)
    judge = kwg_judge(rules)
    game = position(rules, judge, HAUS7, {0: "EE", 1: "QXYJÖÜÄ"})
    game.bag.tiles = []
    generator = MoveGenerator(rules, judge.kwg.nodes, judge)
    moves = generator.generate(game.board, game.player.rack)
    greedy = game.evaluate(get_strategy("greedy").choose(game, moves, None))
    assert +greedy.rack and greedy.score == 12
    player = Equity(_table(rules, {"E": 5.0}))
    player.bind(generator)
    chosen = game.evaluate(player.choose(game, moves, None))
    if penalty:
        assert not +chosen.rack and chosen.score == 5
    else:   # nothing is paid for going out and the opponent cannot reply: take the points
        assert chosen.score == 12


def _corpus_judge(rules: Rules, rows: int):
    from lexicon_tools.engine.judge import KwgJudge
    from lexicon_tools.lexicon.kwg import build_kwg

    words = corpus_forms(rows)
    a = rules.alphabet
    encoded = [a.encode(a.normalize(w)) for w in words
               if a.is_tileable(a.normalize(w)) and 2 <= len(a.normalize(w)) <= 15]
    return KwgJudge(build_kwg(encoded), rules.name)


@pytest.fixture(scope="module")
def webfeud_corpus():
    rules = Rules.from_ruleset(load_ruleset("webfeud"))
    return rules, _corpus_judge(rules, 12000)


def test_training_makes_a_blank_worth_more_than_a_q(webfeud_corpus):
    rules, judge = webfeud_corpus
    table = train(rules, judge, judge.kwg.nodes, games=80, iterations=2, seed=3)
    blank, q = table.value(_tiles(rules, "?")), table.value(_tiles(rules, "Q"))
    assert blank > 1.0 and blank - q > 2.0, (blank, q)      # from 0 each: the blank up, well above the Q


def test_training_is_reproducible(webfeud_corpus):
    rules, judge = webfeud_corpus
    first = train(rules, judge, judge.kwg.nodes, games=6, iterations=2, seed=5)
    again = train(rules, judge, judge.kwg.nodes, games=6, iterations=2, seed=5)
    other = train(rules, judge, judge.kwg.nodes, games=6, iterations=2, seed=6)
    assert first.values == again.values and first.values != other.values


def test_samples_are_the_racks_kept_between_turns(webfeud_corpus):
    rules, judge = webfeud_corpus
    game = play_game(rules, judge, judge.kwg.nodes, ("equity", "greedy"), 11)
    samples = leave_samples(game, LeaveTable.zero(rules))
    placed_or_exchanged = [t for t in game.turns if t.drawn]
    assert 0 < len(samples) <= len(placed_or_exchanged)
    for leave, target in samples:
        assert len(leave) < rules.rack_size and target >= 0
