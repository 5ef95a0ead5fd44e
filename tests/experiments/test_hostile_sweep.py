"""`sweep` on experiment files that used to crash, hang or be accepted wrongly (issue 29: T6, H5, A6).

The real CLI in a subprocess: exit 2, one paragraph naming the file and line, no traceback, under
300 MB, and no results folder made.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.experiments.hostile import assert_refused, run_measured


def _experiment(lexicon, body: str, games: str = "4") -> str:
    return f"base: webfeud\nlexicon: {lexicon}\ngames: {games}\nstrategies: greedy\n" + textwrap.dedent(body)


CASES = {
    # T6: every axis dropped as invalid used to end in IndexError
    "unusable axis name": ("grid:\n  'bad name!':\n    a: {}\n", ["experiment.yaml:6", "is not a usable name"]),
    "too many random boards": ("grid:\n  boards:\n    random_boards: {count: 20000}\n",
                               ["experiment.yaml:7", "less than or equal to 10000"]),
    "every level unusable": ("grid:\n  blanks:\n    'x y': {}\n    'a b': {}\n", ["level name 'x y'"]),
    # A6: YAML's true is not a count, nor are true/false a tile's count and value
    "tiles true, false": ("grid:\n  tiles:\n    odd:\n      rules:\n        tiles: {letters: {E: [true, false]}}\n",
                          ["experiment.yaml", "valid integer"]),
}


@pytest.mark.parametrize("case", CASES)
def test_a_bad_grid_is_a_located_problem(tmp_path, lexicon, case):
    body, fragments = CASES[case]
    (tmp_path / "experiment.yaml").write_text(_experiment(lexicon, body), encoding="utf-8")
    code, peak, _seconds, output = run_measured("sweep", "experiment.yaml", "--check", cwd=tmp_path)
    assert_refused(code, output, *fragments)
    assert peak < 300 and not (tmp_path / "experiment.results").exists()


def test_games_true_is_not_one_game(tmp_path, lexicon):
    (tmp_path / "experiment.yaml").write_text(_experiment(lexicon, "", games="true"), encoding="utf-8")
    code, _peak, _seconds, output = run_measured("sweep", "experiment.yaml", "--check", cwd=tmp_path)
    assert_refused(code, output, "experiment.yaml:3", "games", "valid integer")


@pytest.mark.parametrize("games, batch, fragment", [
    ("100000000", "25", "10,000 variant(s) x 100,000,000 games = 1,000,000,000,000 games, more than 100,000,000"),
    ("10000", "1", "100,000,000 batches of up to 1 games, more than 1,000,000; raise batch_size"),
])
def test_a_sweep_too_big_to_plan_is_refused_at_once(tmp_path, lexicon, games, batch, fragment):
    """Before: 10^12 games made `sweep --check` grow to 2.8 GB, then MemoryError."""
    body = f"batch_size: {batch}\ngrid:\n  boards:\n    random_boards: {{count: 10000}}\n"
    (tmp_path / "experiment.yaml").write_text(_experiment(lexicon, body, games=games), encoding="utf-8")
    code, peak, seconds, output = run_measured("sweep", "experiment.yaml", "--check", cwd=tmp_path)
    assert_refused(code, output, "experiment.yaml", fragment)
    assert peak < 300 and seconds < 60, (peak, seconds)
