"""The random-board generator: determinism, constraints, impossible requests, and a property over seeds."""

from __future__ import annotations

import inspect
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.board.constraints import Constraints
from lexicon_tools.board.generate import generate_layout, generation_constraints, request_from_ruleset
from lexicon_tools.board.metrics import compute_metrics
from lexicon_tools.board.plan import decompositions, default_counts, inventory
from lexicon_tools.board.symmetry import classify_symmetry
from lexicon_tools.board.validate import ruleset_constraints, validate_layout
from lexicon_tools.errors import LayoutError, UsageError
from lexicon_tools.io.formats.layouts import write_layout
from lexicon_tools.io.formats.rulesets import load_ruleset

from .helpers import ROOT

SMARTFEUD_COUNTS = {"TW": 8, "DW": 12, "TL": 16, "DL": 20}


def test_the_engine_contract_signature():
    params = list(inspect.signature(generate_layout).parameters)
    assert params[:6] == ["rows", "cols", "total", "counts", "symmetry", "seed"]
    layout = generate_layout(16, 16, 56)
    assert (layout.rows, layout.cols, layout.count()) == (16, 16, 56)


def test_same_seed_gives_a_byte_identical_file(tmp_path):
    for i in range(2):
        write_layout(generate_layout(16, 16, 56, SMARTFEUD_COUNTS, seed=42), tmp_path / f"b{i}.yaml")
        write_layout(generate_layout(15, 15, 64, None, "d4", seed=42), tmp_path / f"s{i}.txt")
    assert (tmp_path / "b0.yaml").read_bytes() == (tmp_path / "b1.yaml").read_bytes()
    assert (tmp_path / "s0.txt").read_bytes() == (tmp_path / "s1.txt").read_bytes()


@pytest.mark.parametrize("symmetry", ["none", "mirror", "rot180", "d4"])
def test_different_seeds_give_different_boards(symmetry):
    boards = {tuple(sorted(generate_layout(16, 16, 56, SMARTFEUD_COUNTS, symmetry, seed).premiums.items()))
              for seed in range(30)}
    assert len(boards) == 30


@pytest.mark.parametrize("rows,cols,total,counts,symmetry", [
    (16, 16, 56, SMARTFEUD_COUNTS, "none"),
    (16, 16, 56, SMARTFEUD_COUNTS, "mirror"),
    (16, 16, 56, SMARTFEUD_COUNTS, "rot180"),
    (16, 16, 56, SMARTFEUD_COUNTS, "d4"),
    (15, 15, 64, {"TW": 8, "DW": 12, "TL": 20, "DL": 24}, "d4"),
    (15, 15, 65, {"TW": 9, "DW": 12, "TL": 20, "DL": 24}, "mirror"),  # odd TW: one on the middle column
    (11, 13, 30, None, "rot180"),
    (16, 16, 68, None, "d4"),
])
def test_generated_boards_meet_the_request(rows, cols, total, counts, symmetry):
    constraints = generation_constraints(rows, cols, total, counts, symmetry)
    for seed in range(5):
        layout = generate_layout(rows, cols, total, counts, symmetry, seed)
        report = validate_layout(layout, constraints)
        assert report.ok, report.problems
        assert layout.count() == total
        assert report.symmetry.satisfies(symmetry)
        if counts:
            assert {k: layout.count(k) for k in counts} == counts


def test_default_counts_follow_wordfeud_proportions():
    assert default_counts(inventory(15, 15, "d4"), 64, {}) == {"TW": 8, "DW": 12, "TL": 20, "DL": 24}
    split = generation_constraints(16, 16, 68, None, "d4").counts
    assert sum(split.values()) == 68 and all(v % 4 == 0 for v in split.values())


def test_minimum_distance_from_the_start_is_kept():
    distances = {"TW": 6, "DW": 3}
    for seed in range(10):
        layout = generate_layout(16, 16, 56, SMARTFEUD_COUNTS, "d4", seed, min_distance=distances)
        metrics = compute_metrics(layout)
        assert metrics.start_distance["TW"] >= 6 and metrics.start_distance["DW"] >= 3


def test_premiums_may_go_on_start_squares_only_when_allowed():
    # 252 premiums need every square but the 4 start squares; 256 need the start squares too
    full = generate_layout(16, 16, 252, {"DL": 252})
    assert not set(full.start) & set(full.premiums)
    with pytest.raises(LayoutError, match="256 premiums do not fit"):
        generate_layout(16, 16, 256, {"DL": 256})
    assert generate_layout(16, 16, 256, {"DL": 256}, premiums_on_start=True).count() == 256


def test_spread_beats_random_placement_on_clusters():
    generated = [compute_metrics(generate_layout(16, 16, 56, SMARTFEUD_COUNTS, seed=s)) for s in range(20)]
    assert sum(m.adjacent_pairs for m in generated) == 0  # 56 of 252 squares leave room to keep them apart
    assert all(max(d.premiums for d in m.quadrants.values()) - min(d.premiums for d in m.quadrants.values()) <= 4
               for m in generated)


@pytest.mark.parametrize("kwargs,fragment", [
    (dict(rows=16, cols=16, total=300), "300 premiums do not fit on a 16x16 board: only 252"),
    (dict(rows=16, cols=16, total=56, counts={"TW": 6, "DW": 14, "TL": 16, "DL": 20}, symmetry="d4"),
     "TW=6 cannot be made on a 16x16 board with d4 symmetry"),
    (dict(rows=15, cols=15, total=57, counts={"TW": 8, "DW": 12, "TL": 17, "DL": 20}, symmetry="rot180"),
     "TL=17 cannot be made"),
    (dict(rows=16, cols=16, total=57, counts=None, symmetry="d4"), "57 premiums cannot be split"),
    (dict(rows=16, cols=16, total=56, counts=SMARTFEUD_COUNTS, symmetry="d4", min_distance={"TW": 8}),
     "TW=8 cannot be made"),
    (dict(rows=15, cols=16, total=40, symmetry="d4"), "needs a square board"),
    (dict(rows=16, cols=16, total=56, counts={"TW": 8, "DW": 12}), "sum to 20, not to the 56"),
])
def test_impossible_requests_fail_fast_with_a_clear_error(kwargs, fragment):
    started = time.perf_counter()
    with pytest.raises(LayoutError, match=fragment) as info:
        generate_layout(**kwargs)
    assert time.perf_counter() - started < 1.0
    assert info.value.hint


def test_jointly_impossible_counts_are_explained():
    # The outer ring of 16x16 under d4: the 4 corners form one orbit of 4, the other 56 squares seven
    # orbits of 8. TW=28 alone fits (3x8 + 4), and so does DW=28, but both need the one 4-orbit.
    with pytest.raises(LayoutError, match="do not fit together") as info:
        generate_layout(16, 16, 56, {"TW": 28, "DW": 28}, "d4", min_distance={"TW": 7, "DW": 7})
    assert "7 orbits of 8 squares, 1 orbit of 4 squares" in info.value.message


@pytest.mark.parametrize("kwargs", [dict(symmetry="spiral"), dict(total=-1), dict(counts={"XL": 56}),
                                    dict(min_distance={"TW": -2}), dict(rows=40)])
def test_malformed_requests_are_usage_errors(kwargs):
    request = dict(rows=16, cols=16, total=56) | kwargs
    with pytest.raises(UsageError):
        generate_layout(**request)


def test_decompositions_are_exact():
    assert sorted(decompositions(12, (8, 4), (10, 10))) == [(0, 3), (1, 1)]
    assert decompositions(6, (8, 4), (10, 10)) == []
    assert decompositions(12, (8, 4), (1, 0)) == []


@pytest.mark.parametrize("name", ["smartfeud", "wortspieler"])
def test_ruleset_random_board_options_generate_and_validate_under_the_ruleset(name, tmp_path):
    path = tmp_path / "random.yaml"
    # the family house rules switch on Wortspieler's 68-premium d4 random board
    rs = load_ruleset(ROOT / "rulesets/house-rules/wortspieler-familie.yaml" if name == "wortspieler" else name)
    request = request_from_ruleset(rs)
    layout = generate_layout(seed=3, **request)
    write_layout(layout, path)
    constraints = ruleset_constraints(rs)
    if rs.board.premium_count is None:
        constraints = Constraints(rows=rs.board.rows, cols=rs.board.cols, total=request["total"])
    assert validate_layout(layout, constraints).ok
    assert layout.colours == rs.layout.colours
    assert classify_symmetry(layout).satisfies(rs.board.random_board.symmetry)


COUNT_CHOICES = [SMARTFEUD_COUNTS, {"TW": 4, "DW": 8, "TL": 12, "DL": 24}, {"TW": 8, "DW": 16, "TL": 8, "DL": 24},
                 {"TW": 12, "DW": 16, "TL": 12, "DL": 28}]


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), symmetry=st.sampled_from(["none", "mirror", "rot180", "d4"]),
       counts=st.sampled_from(COUNT_CHOICES), tw_distance=st.integers(0, 5))
def test_property_generated_boards_validate_with_the_requested_counts(seed, symmetry, counts, tw_distance):
    total = sum(counts.values())
    distances = {"TW": tw_distance}
    layout = generate_layout(16, 16, total, counts, symmetry, seed, min_distance=distances)
    report = validate_layout(layout, generation_constraints(16, 16, total, counts, symmetry,
                                                            min_distance=distances))
    assert report.ok, report.problems
    assert {k: layout.count(k) for k in counts} == counts


@settings(max_examples=100, deadline=None)
@given(n=st.integers(4, 17), total=st.integers(0, 80), symmetry=st.sampled_from(["none", "mirror", "rot180", "d4"]),
       seed=st.integers(0, 1000))
def test_property_any_request_either_validates_or_fails_fast_with_a_layout_error(n, total, symmetry, seed):
    started = time.perf_counter()
    try:
        layout = generate_layout(n, n, total, None, symmetry, seed)
    except LayoutError:
        assert time.perf_counter() - started < 1.0
        return
    assert validate_layout(layout, generation_constraints(n, n, total, None, symmetry)).ok
