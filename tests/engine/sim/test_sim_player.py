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
