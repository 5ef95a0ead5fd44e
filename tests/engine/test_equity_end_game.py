"""The end game's reply pruning changes no choice (issue 13, games per second), and the replies of a
ruleset without special moves, read from one kernel run, are valued as the general path values them.

`Equity._two_ply` skips generating the opponent's replies to a candidate that scores no more than
the best value found so far, because a reply is worth at least 0 to the opponent. Here every
two-ply evaluation of real equity games (a lexicon from the bundled corpus, the bundled leave values) is
done both ways: a skipped candidate's full value must not beat the bound, every other value must
be the same, and the pruning must actually have happened.
"""

from __future__ import annotations

import numpy as np

from lexicon_tools.engine import runner
from lexicon_tools.engine.equity import Equity
from lexicon_tools.engine.rules import Rules
from lexicon_tools.engine.runner import play_game
from lexicon_tools.io.formats.leavefile import bundled_path, read_leaves
from lexicon_tools.io.formats.rulesets import load_ruleset
from tests.engine.test_equity import _corpus_judge

SEEN = {"pruned": 0, "full": 0}


class Checked(Equity):
    def _two_ply(self, game, move, opponent, beat: float = -np.inf):
        value = super()._two_ply(game, move, opponent, beat)
        full = super()._two_ply(game, move, opponent)
        if value is None and full is not None:
            assert full <= beat, (full, beat)          # it could not have been chosen
            SEEN["pruned"] += 1
        else:
            assert value == full
            SEEN["full"] += 1
        return value


def play_equity_games(monkeypatch, strategy, games: int) -> None:
    """Equity-v-equity Webfeud games with `strategy` (an `Equity` subclass) as the equity player."""
    rules = Rules.from_ruleset(load_ruleset("webfeud"))
    judge = _corpus_judge(rules, 60000)        # enough words that games reach the end game
    leaves = read_leaves(bundled_path("webfeud"))
    original = runner.get_strategy
    monkeypatch.setattr(runner, "get_strategy",
                        lambda name, leaves=None: strategy(leaves) if name == "equity" else original(name, leaves))
    for seed in range(games):
        play_game(rules, judge, judge.kwg.nodes, ("equity", "equity"), seed, leaves=leaves)


def test_pruned_replies_could_not_have_changed_the_choice(monkeypatch):
    play_equity_games(monkeypatch, Checked, 10)
    assert SEEN["pruned"] > 0 and SEEN["full"] > 0, SEEN


class BothReplyPaths(Equity):
    seen = 0

    def _two_ply(self, game, move, opponent, beat: float = -np.inf):
        value = super()._two_ply(game, move, opponent, beat)
        assert self.generator.plain
        self.generator.plain = False           # the replies as `generate` lists them, kept counts by leaves
        try:
            general = super()._two_ply(game, move, opponent, beat)
        finally:
            self.generator.plain = True
        assert value == general
        BothReplyPaths.seen += value is not None
        return value


def test_plain_replies_are_valued_as_the_general_path_values_them(monkeypatch):
    play_equity_games(monkeypatch, BothReplyPaths, 6)
    assert BothReplyPaths.seen > 20
