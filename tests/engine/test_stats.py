"""Statistics: hand-made game summaries in, hand-computed numbers out; and a real simulation."""

from __future__ import annotations

import functools

import pytest

from lexicon_tools.engine.simulate import SimulationSpec, simulate
from lexicon_tools.engine.stats import GameSummary, aggregate, report_text
from tests.engine.conftest import kwg_judge, small_rules


def _summary(scores, ranking, premium_used, tiles, bingos=0, placements=10, move_sum=100, takes=0, swaps=0,
             bonus_amounts=None):
    kinds = {0: "TW", 6: "TW", 8: "DW", 24: "TL"}
    return GameSummary(seed=0, scores=scores, ranking=ranking, end_reason="out", turns=placements + 1,
                       kinds={"place": placements, "pass": 1}, placements=placements, bingos=bingos,
                       move_score_sum=move_sum, premium_used=premium_used, premium_kinds=kinds,
                       tiles_per_square=tiles, takes=takes, swaps=swaps, multi_word_turns=0, lost_blanks=0,
                       bonus_amounts=bonus_amounts or {})


def test_aggregate_by_hand():
    rules = small_rules("webfeud")
    games = [
        _summary([300, 200], [(1, 0), (2, 1)], {0: 1, 8: 1}, {0: 1, 8: 1}, bingos=1, takes=2,
                 bonus_amounts={50: 1}),
        _summary([250, 250], [(1, 0), (1, 1)], {0: 1, 6: 1}, {0: 1, 6: 1}, move_sum=60, placements=6, swaps=1),
        _summary([100, 400], [(1, 1), (2, 0)], {}, {}, bingos=2, placements=4, move_sum=40,
                 bonus_amounts={30: 1, 50: 1}),
    ]
    data = aggregate(games, rules, ["greedy", "random"], seed=5).data
    seat1 = data["seats"][0]
    assert seat1["score"]["mean"] == pytest.approx(216.667, abs=1e-3)       # (300 + 250 + 100) / 3
    assert seat1["score"]["min"] == 100 and seat1["score"]["max"] == 300
    assert seat1["wins"] == 1.5 and data["first_player_win_rate"] == 0.5   # a shared first place is half a win
    assert data["seats"][1]["wins"] == 1.5
    assert data["bingos"] == {"per_game": 1.0, "per_placement": 0.15,       # 3 bingos, 20 placements
                              "by_bonus": {"30": {"per_game": 0.3333, "per_placement": 0.05},
                                           "50": {"per_game": 0.6667, "per_placement": 0.1}}}
    assert data["letter_takes"] == {"per_game": 0.6667, "per_placement": 0.1}   # 2 takes, 20 placements
    assert data["mean_move_score"] == 10.0                                  # 200 points / 20 placements
    assert data["special_moves_per_game"]["letter_takes"] == pytest.approx(0.6667, abs=1e-4)
    assert data["special_moves_per_game"]["joker_swaps"] == pytest.approx(0.3333, abs=1e-4)
    shares = data["premiums"]["uses_per_square_per_game"]
    assert shares["TW"] == 0.5                          # TW used: 1/2, 2/2, 0/2 of the 2 TW squares
    assert shares["DW"] == pytest.approx(1 / 3, abs=1e-4)
    assert shares["TL"] == 0.0
    squares = {s["square"]: s["uses_per_game"] for s in data["premiums"]["squares"]}
    assert squares == {"A1": 0.6667, "G1": 0.3333, "B2": 0.3333, "D4": 0.0}
    assert "seat 1 (greedy)" in report_text(aggregate(games, rules, ["greedy", "random"], 5))


def test_parallel_simulation_reports_exactly_what_a_serial_one_reports():
    rules = small_rules("smartfeud")
    spec = SimulationSpec(rules, ("greedy", "random", "greedy"), games=6, seed=4)
    make_judge = functools.partial(kwg_judge, rules)
    serial = simulate(spec, make_judge, workers=1)
    parallel = simulate(spec, make_judge, workers=2)
    assert serial.report.data == parallel.report.data
    assert [s.scores for s in serial.summaries] == [s.scores for s in parallel.summaries]
    assert serial.report.data["games"] == 6
    other = simulate(SimulationSpec(rules, ("greedy", "random", "greedy"), games=6, seed=5), make_judge)
    assert [s.scores for s in other.summaries] != [s.scores for s in serial.summaries]


def test_a_reactivated_premium_counts_each_use():
    rules = small_rules("smartfeud")
    game = _summary([10, 5], [(1, 0), (2, 1)], {0: 2, 6: 1}, {0: 2})   # A1 used, re-activated, used again
    data = aggregate([game], rules, ["greedy", "greedy"], 0).data
    assert data["premiums"]["uses_per_square_per_game"]["TW"] == 1.5     # 3 uses over 2 TW squares
    assert {s["square"]: s["uses_per_game"] for s in data["premiums"]["squares"]}["A1"] == 2.0
