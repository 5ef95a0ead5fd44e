"""Design metrics on the real Wordfeud layout (facts from the seed summary) and on hand-made boards."""

from __future__ import annotations

import pytest

from lexicon_tools.board.metrics import compute_metrics, summary_rows, to_json
from lexicon_tools.io.formats.layouts import load_layout
from lexicon_tools.model.layout import square_name

from .helpers import WORDFEUD, layout_from_rows


@pytest.fixture(scope="module")
def wordfeud():
    return compute_metrics(load_layout(WORDFEUD))


def test_wordfeud_counts_are_the_standard_8_12_20_24(wordfeud):
    assert wordfeud.counts == {"TW": 8, "DW": 12, "TL": 20, "DL": 24}
    assert wordfeud.total == 64


def test_wordfeud_start_distances(wordfeud):
    # H8 -> E5 (DW) is 3 rows and 3 columns away; H8 -> E1 (TW) 7 rows; H8 -> F6 (TL) 2 and 2
    assert wordfeud.start_distance == {"TW": 7, "DW": 3, "TL": 2, "DL": 3}


def test_wordfeud_has_no_adjacent_premiums(wordfeud):
    assert wordfeud.adjacent_pairs == 0
    assert wordfeud.clusters == ()
    assert wordfeud.largest_cluster == 1


def test_wordfeud_tw_lanes(wordfeud):
    lanes = {(square_name(*lane.a), square_name(*lane.b), lane.span) for lane in wordfeud.tw_lanes}
    # E1-K1 and friends span 7 squares (E..K); the full edges E1-E15, A5-O5 etc. span 15
    assert {("E1", "K1", 7), ("A5", "A11", 7), ("O5", "O11", 7), ("E15", "K15", 7)} <= lanes
    assert {("E1", "E15", 15), ("A5", "O5", 15)} <= lanes
    assert len(lanes) == 8
    assert wordfeud.tw_lanes[0].span == 7


def test_wordfeud_quadrants_are_even(wordfeud):
    quadrants = wordfeud.quadrants
    assert {quadrants[q].premiums for q in ("NW", "NE", "SW", "SE")} == {14}
    assert quadrants["NW"].squares == 49
    assert quadrants["axes"].squares == 29  # row 8 and column H: 15 + 15 - 1
    assert sum(d.premiums for d in quadrants.values()) == 64


def test_rings_add_up_to_the_board(wordfeud):
    assert sum(d.squares for d in wordfeud.rings) == 225
    assert sum(d.premiums for d in wordfeud.rings) == 64
    assert wordfeud.rings[0].premiums == 0  # the plain centre star


def test_clusters_join_orthogonal_neighbours_only():
    metrics = compute_metrics(layout_from_rows([
        "==...",
        ".-..'",
        "...'.",
        ".....",
        "..*..",
    ]))
    # A1-B1-B2 form one cluster; E2 and D3 only touch at a corner
    assert metrics.adjacent_pairs == 2
    assert [[square_name(*sq) for sq in c] for c in metrics.clusters] == [["A1", "B1", "B2"]]
    assert metrics.largest_cluster == 3


def test_lanes_respect_the_maximum_span():
    layout = layout_from_rows(["=.....=", ".......", ".......", "...*...", ".......", ".......", "=......"])
    assert [lane.span for lane in compute_metrics(layout).tw_lanes] == [7, 7]
    assert compute_metrics(layout, max_lane_span=6).tw_lanes == ()


def test_start_distance_is_none_for_a_missing_kind():
    metrics = compute_metrics(layout_from_rows(["=..", ".*.", "..."]))
    assert metrics.start_distance == {"DL": None, "TL": None, "DW": None, "TW": 1}


def test_summary_and_json_carry_the_same_facts(wordfeud):
    rows = dict(summary_rows(wordfeud))
    data = to_json(wordfeud)
    assert rows["  TL"] == "20" and data["counts"]["TL"] == 20
    assert rows["start -> nearest DW"] == "3" and data["start_distance"]["DW"] == 3
    assert rows["shortest TW lane"] == "7" and data["tw_lanes"][0]["span"] == 7
