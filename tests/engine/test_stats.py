"""Statistics: hand-made game summaries in, hand-computed numbers out; and a real simulation."""

from __future__ import annotations

import functools
import random
import statistics
from collections import Counter

import pytest

from lexicon_tools.engine.simulate import SimulationSpec, simulate
from lexicon_tools.engine.stats import Aggregate, GameSummary, aggregate, report_text
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
    serial = simulate(spec, make_judge, workers=1, keep_summaries=True)
    parallel = simulate(spec, make_judge, workers=2, keep_summaries=True)
    assert serial.report.data == parallel.report.data
    assert [s.scores for s in serial.summaries] == [s.scores for s in parallel.summaries]
    assert serial.report.data["games"] == 6
    other = simulate(SimulationSpec(rules, ("greedy", "random", "greedy"), games=6, seed=5), make_judge,
                     keep_summaries=True)
    assert [s.scores for s in other.summaries] != [s.scores for s in serial.summaries]


def test_a_reactivated_premium_counts_each_use():
    rules = small_rules("smartfeud")
    game = _summary([10, 5], [(1, 0), (2, 1)], {0: 2, 6: 1}, {0: 2})   # A1 used, re-activated, used again
    data = aggregate([game], rules, ["greedy", "greedy"], 0).data
    assert data["premiums"]["uses_per_square_per_game"]["TW"] == 1.5     # 3 uses over 2 TW squares
    assert {s["square"]: s["uses_per_game"] for s in data["premiums"]["squares"]}["A1"] == 2.0


def test_a_simulation_keeps_no_summaries_unless_asked():
    rules = small_rules("webfeud")
    sim = simulate(SimulationSpec(rules, ("greedy", "greedy"), games=3, seed=1), functools.partial(kwg_judge, rules))
    assert sim.summaries == [] and sim.report.data["games"] == 3


def _list_spread(values):
    """The figures as computed from the whole list of games (the formulas before streaming)."""
    return {"mean": round(statistics.fmean(values), 3) if values else 0.0,
            "stdev": round(statistics.pstdev(values), 3) if len(values) > 1 else 0.0,
            "min": min(values) if values else 0, "max": max(values) if values else 0}


def _random_summary(rng: random.Random, kinds: dict[int, str]) -> GameSummary:
    placements = rng.randint(0, 40)
    return _summary([rng.randint(0, 700), rng.randint(-20, 900)], [(1, 0), (rng.choice([1, 2]), 1)],
                    {sq: rng.randint(0, 2) for sq in kinds if rng.random() < 0.5}, {rng.randrange(25): 1},
                    bingos=rng.randint(0, 3), placements=placements, move_sum=rng.randint(0, 900))


@pytest.mark.parametrize("seed", range(20))
def test_streamed_figures_equal_the_figures_of_the_whole_list(seed):
    """Means and spreads from counted values are exactly those of the list, bit for bit."""
    rules = small_rules("webfeud")
    rng = random.Random(seed)
    games = [_random_summary(rng, {0: "TW", 6: "TW", 8: "DW", 24: "TL"}) for _ in range(rng.randint(1, 400))]
    data = aggregate(iter(games), rules, ["greedy", "random"], seed).data
    for seat in range(2):
        assert data["seats"][seat]["score"] == _list_spread([g.scores[seat] for g in games])
        wins = sum(1.0 / sum(1 for r, _ in g.ranking if r == 1) for g in games
                   if seat in [s for r, s in g.ranking if r == 1])
        assert data["seats"][seat]["wins"] == round(wins, 3)
    assert data["game_length"]["turns"] == _list_spread([g.turns for g in games])
    assert data["game_length"]["placements"] == _list_spread([g.placements for g in games])
    shares = {"TW": [], "DW": [], "TL": []}
    for g in games:
        used = Counter(g.premium_kinds[sq] for sq, times in g.premium_used.items() for _ in range(times))
        for kind, total in Counter(g.premium_kinds.values()).items():
            shares[kind].append(used.get(kind, 0) / total)
    assert data["premiums"]["uses_per_square_per_game"] == {k: round(statistics.fmean(v), 4)
                                                           for k, v in sorted(shares.items())}


def test_the_aggregate_holds_counts_not_games():
    rules = small_rules("webfeud")
    rng = random.Random(7)
    gathered = Aggregate(2)
    for _ in range(20_000):
        gathered.add(_random_summary(rng, {0: "TW", 6: "TW", 8: "DW", 24: "TL"}))
    held = sum(len(c) for c in (*gathered.scores, gathered.turns, gathered.placements, gathered.tiles,
                                *gathered.premium_share.values()))
    assert held < 3_000   # distinct values, not 20,000 games
    assert gathered.report(rules, ["greedy", "random"], 7).data["games"] == 20_000


@pytest.mark.parametrize("totals, final, changes", [
    ([(0, 10), (1, 5), (0, 12), (1, 30)], [12, 30], 1),             # seat 1 leads, seat 2 overtakes
    ([(0, 10), (1, 10), (0, 10), (1, 20)], [10, 20], 1),            # a tie is no leader: 1 -> (tie) -> 2
    ([(0, 10), (1, 20), (0, 30), (1, 40)], [30, 40], 3),            # see-saw
    ([(0, 10), (1, 5), (0, 12), (1, 8)], [12, 8], 0),               # wire to wire
    ([(0, 10), (1, 5)], [3, 7], 1),                                  # rack penalties turn the game at the end
    ([(0, 0), (1, 0)], [0, 0], 0),                                   # never a sole leader
])
def test_lead_changes_count_a_new_sole_leader(totals, final, changes):
    from types import SimpleNamespace

    from lexicon_tools.engine.stats import lead_changes

    game = SimpleNamespace(turns=[SimpleNamespace(seat=s, total=t) for s, t in totals],
                           players=[0] * len(final), scores=lambda: list(final))
    assert lead_changes(game) == changes
