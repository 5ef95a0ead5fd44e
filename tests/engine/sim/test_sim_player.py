"""The sim player: reproducible from the game seed, legal by the independent checks, replayable."""

from __future__ import annotations

import pytest

from lexicon_tools.engine.audit import GameAudit
from lexicon_tools.engine.replay import replay
from lexicon_tools.engine.rules import Rules
from lexicon_tools.io.formats.gamerecord import format_record, parse_record
from lexicon_tools.engine.runner import log_of, play_game
from lexicon_tools.engine.sim.config import SimConfig, parse_spec
from lexicon_tools.engine.strategy import get_strategy
from lexicon_tools.errors import UsageError
from lexicon_tools.io.formats.leavefile import bundled_path, read_leaves
from lexicon_tools.io.formats.rulesets import load_ruleset
from tests.engine.test_equity import _corpus_judge

SPEC = "sim:iterations=4:candidates=4:plies=1"


@pytest.fixture(scope="module", params=["webfeud", "smartfeud", "wortspieler"])
def setting(request):
    rules = Rules.from_ruleset(load_ruleset(request.param))
    return rules, _corpus_judge(rules, 6000), read_leaves(bundled_path(request.param))


def test_sim_games_are_reproducible_and_pass_the_audit(setting):
    rules, judge, leaves = setting
    audit = GameAudit()
    first = play_game(rules, judge, judge.kwg.nodes, (SPEC, "equity"), 3, leaves=leaves, audit=audit)
    assert audit.finish(first) == []
    again = play_game(rules, judge, judge.kwg.nodes, (SPEC, "equity"), 3, leaves=leaves)
    assert [t.move for t in first.turns] == [t.move for t in again.turns]
    assert first.scores() == again.scores()
    assert first.over and len(first.turns) > 6
    text = format_record(log_of(first, [SPEC, "equity"]), first.text)
    replayed = replay(parse_record(text, "sim.gcg"), rules, judge)
    assert replayed.scores() == first.scores()


def test_settings_are_checked():
    assert parse_spec("sim:iterations=7:time=0.5:plies=3") == SimConfig(iterations=7, time=0.5, plies=3)
    for bad in ("sim:iteration=7", "sim:plies=x", "sim:candidates=0", "sim:plies"):
        with pytest.raises(UsageError):
            parse_spec(bad)
    with pytest.raises(UsageError):
        get_strategy("greedy:plies=2")
    assert get_strategy(SPEC).config.candidates == 4


def test_zero_iterations_plays_exactly_the_equity_move(setting):
    """The candidates come in equity's order: with no play-outs the sim's move is equity's, on every
    turn with tiles in the bag of two equity games (exchanges included where equity exchanges)."""
    import random

    from lexicon_tools.engine.clock import ManualClock
    from lexicon_tools.engine.equity import Equity
    from lexicon_tools.engine.game import Game
    from lexicon_tools.engine.movegen.generator import MoveGenerator
    from lexicon_tools.engine.sim.player import Sim

    base, judge, leaves = setting
    compared = 0
    for seed in (5, 6):
        rules = base.for_game(seed)
        game = Game(rules, judge, ["a", "b"], seed=seed, clock=ManualClock())
        generator = MoveGenerator(rules, judge.kwg.nodes, judge)
        equity, sim = Equity(leaves), Sim(leaves, SimConfig(iterations=0))
        equity.bind(generator)
        sim.bind(generator)
        while not game.over and len(game.turns) < 200:
            moves = generator.generate(game.board, game.player.rack, game.swappable_jokers())
            expected = equity.choose(game, moves, random.Random(1))
            if len(game.bag):
                assert sim.choose(game, moves, random.Random(1)) == expected, f"turn {len(game.turns)}"
                compared += 1
            game.play(expected)
    assert compared >= 10
    assert sim.iterations_run == 0


def test_a_play_out_without_plies_is_worth_the_equity_of_the_move(setting):
    """The horizon value adds the leave equity values - the tiles kept, not the refilled rack - so a
    play-out of 0 plies is worth exactly the move's equity (score plus leave), exchanges included."""
    import random

    from lexicon_tools.engine.clock import ManualClock
    from lexicon_tools.engine.equity import Equity
    from lexicon_tools.engine.game import Game
    from lexicon_tools.engine.movegen.generator import MoveGenerator
    from lexicon_tools.engine.sim.player import Sim

    base, judge, leaves = setting
    rules = base.for_game(8)
    game = Game(rules, judge, ["a", "b"], seed=8, clock=ManualClock())
    generator = MoveGenerator(rules, judge.kwg.nodes, judge)
    equity, sim = Equity(leaves), Sim(leaves, SimConfig(plies=0, candidates=6))
    equity.bind(generator)
    sim.bind(generator)
    checked = 0
    for _ in range(6):
        moves = generator.generate(game.board, game.player.rack, game.swappable_jokers())
        racks, bag = sim._deal(game, random.Random(3))
        for move in sim.candidates(game, moves):
            if type(move).__name__ == "Pass":
                continue
            assert sim._play_out(game, move, racks, bag, 7) == pytest.approx(equity.move_value(game, move))
            checked += 1
        game.play(equity.choose(game, moves, random.Random(1)))
    assert checked >= 20


def test_paired_pruning_drops_a_move_that_is_worse_under_every_draw():
    """Two candidates share a large luck of the draw; B is 1 point worse on every draw. Intervals per
    candidate overlap (the luck is in both), the paired difference does not: B goes, C (equal on
    average, noisy difference) stays, and the best is never dropped."""
    import numpy as np

    from lexicon_tools.engine.sim.player import paired_worse

    rng = np.random.default_rng(1)
    luck = rng.normal(0, 30, 16)
    values = np.stack([luck + 10, luck + 9, luck + 10 + rng.normal(0, 5, 16)], axis=1)
    alive = np.ones(3, bool)
    assert paired_worse(values, alive, 2.0).tolist() == [False, True, False]
    se = values.std(axis=0, ddof=1) / 4
    assert values[:, 1].mean() + 2 * se[1] > values[:, 0].mean() - 2 * se[0]   # unpaired: kept


@pytest.mark.parametrize("spec, lines, takes", [
    ("sim", 0, 0),                                   # the defaults: narrow play-outs
    ("sim:multiword=1:takes=2", 1, 2),
    ("sim:multiword=all:takes=all", None, None),     # the replies as the game plays them
])
def test_the_play_outs_are_narrowed_and_the_game_is_not(setting, spec, lines, takes):
    """``multiword=K`` and ``takes=K`` narrow the play-outs' generator where the ruleset has multi-word
    turns or letter takes; the game's generator (the candidates) keeps its breadth; ``all`` narrows nothing."""
    from lexicon_tools.engine.movegen.generator import MoveGenerator

    rules, judge, _ = setting
    config = parse_spec(spec)
    assert (config.multiword, config.takes) == (lines, takes)
    generator = MoveGenerator(rules, judge.kwg.nodes, judge)
    player = get_strategy(spec)
    player.bind(generator)
    assert generator.multiword_first == 8 and generator.take_limit is None
    narrowed = (rules.multi_word and lines is not None) or (rules.take_enabled and takes is not None)
    assert (player.playout is not generator) == narrowed
    assert player.policy.generator is player.playout
    assert player.playout.multiword_first == (lines if rules.multi_word and lines is not None else 8)
    assert player.playout.take_limit == (takes if rules.take_enabled else None)


@pytest.mark.parametrize("bad", ["sim:takes=-1", "sim:takes=some", "sim:multiword=x", "sim:iterations=all"])
def test_a_bad_play_out_breadth_is_refused_naming_the_field(bad):
    with pytest.raises(UsageError, match=bad.split(":")[1].split("=")[0]):
        parse_spec(bad)


def test_rounds_of_iterations_give_the_serial_outcome(setting):
    """`Sim.outcome` with a `Batch` (what worker processes return: whole rounds of iterations, played
    for every candidate live at the round's start) replays the pruning iteration by iteration, so the
    winner and every candidate's statistics are the serial ones, pruning inside a round included."""
    import random

    import numpy as np

    from lexicon_tools.engine.clock import ManualClock
    from lexicon_tools.engine.equity import Equity
    from lexicon_tools.engine.game import Game
    from lexicon_tools.engine.movegen.generator import MoveGenerator
    from lexicon_tools.engine.sim.player import Batch, Sim

    base, judge, leaves = setting
    rules = base.for_game(8)
    game = Game(rules, judge, ["a", "b"], seed=8, clock=ManualClock())
    generator = MoveGenerator(rules, judge.kwg.nodes, judge)
    sim = Sim(leaves, parse_spec("sim:iterations=13:candidates=6:prune_after=3:z=1"))
    sim.bind(generator)
    sim.prepare(game)
    mover = Equity(leaves)
    mover.bind(generator)
    dropped_inside = 0
    for turn in range(6):
        if game.over:
            break
        moves = generator.generate(game.board, game.player.rack, game.swappable_jokers())
        candidates = sim.candidates(game, moves)
        serial = sim.outcome(game, candidates, turn)
        for size in (2, 3, 8):
            rows = Batch(size, lambda todo, live: [sim.iteration_values(game, candidates, i, live, turn)
                                                   for i in todo])
            batched = sim.outcome(game, candidates, turn, rows)
            assert batched.best == serial.best
            for field in ("mean", "stderr", "iterations", "kept"):
                assert np.array_equal(getattr(batched, field), getattr(serial, field), equal_nan=field != "kept")
            dropped_inside += any(n % size for n in serial.iterations[~serial.kept])
        game.play(mover.choose(game, moves, random.Random(1)))
    assert dropped_inside, "some candidate was dropped inside a round"
