"""`sweep` on experiment files that used to crash, hang or be accepted wrongly (issue 29: T6, H5, A6).

One real CLI process in a subprocess answers every case (`hostile.answer_all`): exit 2, one paragraph
naming the file and line, no traceback, no results folder made, and the process stays under 300 MB
(before, 10^12 planned games grew `sweep --check` to 2.8 GB).
"""

from __future__ import annotations

import textwrap

import pytest

from tests.experiments.hostile import answer_all, assert_refused, run_measured

BOARDS = "grid:\n  boards:\n    random_boards: {count: 10000}\n"
CASES = {
    # T6: every axis dropped as invalid used to end in IndexError
    "unusable axis name": ("4", "grid:\n  'bad name!':\n    a: {}\n", ["experiment.yaml:6", "is not a usable name"]),
    "too many random boards": ("4", "grid:\n  boards:\n    random_boards: {count: 20000}\n",
                               ["experiment.yaml:7", "less than or equal to 10000"]),
    "every level unusable": ("4", "grid:\n  blanks:\n    'x y': {}\n    'a b': {}\n", ["level name 'x y'"]),
    # A6: YAML's true is not a count, nor are true/false a tile's count and value
    "games: true": ("true", "", ["experiment.yaml:3", "games", "valid integer"]),
    "tiles true, false": ("4", "grid:\n  tiles:\n    odd:\n      rules:\n"
                               "        tiles: {letters: {E: [true, false]}}\n",
                          ["experiment.yaml", "valid integer"]),
    # H5: the total is capped before any variant is resolved or any batch planned
    "10^12 games": ("100000000", BOARDS, ["experiment.yaml:3", "10,000 variant(s) x 100,000,000 games = "
                                          "1,000,000,000,000 games, more than 100,000,000"]),
    "10^8 batches": ("10000", "batch_size: 1\n" + BOARDS,
                     ["experiment.yaml:5", "100,000,000 batches of up to 1 games, more than 1,000,000; "
                                           "raise batch_size"]),
}


@pytest.fixture(scope="module")
def answered(tmp_path_factory, lexicon):
    base = tmp_path_factory.mktemp("sweeps")
    paths = {}
    for i, (case, (games, body, _fragments)) in enumerate(CASES.items()):
        (base / f"c{i}").mkdir()
        path = paths[case] = base / f"c{i}" / "experiment.yaml"
        path.write_text(f"base: webfeud\nlexicon: {lexicon}\ngames: {games}\nstrategies: greedy\n"
                        + textwrap.dedent(body), encoding="utf-8")
    answers, peak = answer_all([["sweep", p, "--check"] for p in paths.values()], base)
    assert peak < 300, peak
    return {case: (a, paths[case]) for case, a in zip(paths, answers)}


@pytest.mark.parametrize("case", CASES)
def test_a_bad_or_huge_experiment_is_a_located_problem(answered, case):
    answer, path = answered[case]
    assert_refused(answer["code"], answer["output"], *CASES[case][2])
    assert answer["seconds"] < 10, answer
    assert not path.with_name("experiment.results").exists()


def test_a_resumed_sweep_checks_the_batches_it_would_skip(tmp_path, write_experiment):
    """A5: a batch file was trusted by its name, so a copy over a batch's name kept another batch's rows."""
    from lexicon_tools.experiments.load import load_experiment
    from lexicon_tools.experiments.results import prepare_folder, write_batch
    from tests.experiments.hostile import columns

    path = write_experiment(games=8, batch_size=4)
    plan = load_experiment(path)
    folder = tmp_path / "results"
    prepare_folder(folder, plan.manifest(), restart=False)
    first, second = list(plan.batches())[:2]
    rows = dict(columns(first.variant, first.start, first.stop), batch=[first.id] * first.games,
                experiment=[plan.experiment] * first.games)
    write_batch(folder, first.id, rows, plan.design())                       # a real batch of this sweep
    (folder / f"{second.id}.parquet").write_bytes((folder / f"{first.id}.parquet").read_bytes())   # a copy
    before = sorted(p.name for p in folder.iterdir())
    code, peak, _seconds, output = run_measured("sweep", path, "-o", folder, "-q", cwd=tmp_path)
    assert_refused(code, output, f"{second.id}.parquet is not batch {second.id} of this sweep")
    assert sorted(p.name for p in folder.iterdir()) == before and peak < 300
