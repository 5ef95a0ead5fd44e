"""The report's statistics against textbook values (Student-t tables, Wilson's formula, Holm's procedure,
the paired t-test, the normal-approximation sample size)."""

from __future__ import annotations

import math
import random

import pytest

from lexicon_tools.experiments.decide import next_games
from lexicon_tools.experiments.stats import (Difference, estimate, games_needed, holm, paired, t_quantile, t_two_sided_p,
                                           welch, wilson)


@pytest.mark.parametrize("df, quantile", [(1, 12.706), (2, 4.303), (5, 2.571), (10, 2.228), (30, 2.042),
                                          (120, 1.980), (1e9, 1.960)])
def test_t_quantiles_match_the_printed_table(df, quantile):
    assert t_quantile(0.975, df) == pytest.approx(quantile, abs=1e-3)
    assert t_two_sided_p(quantile, df) == pytest.approx(0.05, abs=2e-4)


def test_the_interval_of_a_mean_covers_it_with_the_t_width():
    e = estimate([2.0, 4.0, 6.0, 8.0])
    half = math.sqrt(20 / 3) / math.sqrt(4) * 3.182          # sd / sqrt(n) * t(0.975, 3)
    assert e.mean == 5.0 and e.n == 4
    assert e.high - e.mean == pytest.approx(half, rel=1e-3) and e.mean - e.low == pytest.approx(half, rel=1e-3)


def test_wilson_stays_inside_0_and_1():
    e = wilson([1.0] * 10)
    assert e.mean == 1.0 and e.high == pytest.approx(1.0) and e.low == pytest.approx(0.7225, abs=1e-3)
    e = wilson([0.0] * 10)
    assert e.low == 0.0 and e.high == pytest.approx(0.2775, abs=1e-3)


def test_welch_finds_a_real_shift_and_not_a_null_one():
    rng = random.Random(4)
    a = [rng.gauss(10, 3) for _ in range(400)]
    b = [rng.gauss(11, 5) for _ in range(300)]
    c = [rng.gauss(10, 3) for _ in range(400)]
    shifted, null = welch(a, b), welch(a, c)
    assert shifted.p < 0.01 and shifted.low < shifted.diff < shifted.high and shifted.low > 0
    assert null.p > 0.05 and null.low < 0 < null.high


def test_holm_steps_down_and_stops_at_the_first_failure():
    ds = [Difference(0, 0, 0, p) for p in (0.01, 0.04, 0.03, 0.005)]
    assert [d.real for d in holm(ds)] == [True, False, False, True]   # 0.005<0.0125, 0.01<0.0167, 0.03>0.025


def test_the_paired_test_matches_the_textbook_computation():
    d = paired([10, 20, 30, 40, 50], [11, 22, 33, 44, 55])        # differences 1..5: mean 3, sd 1.5811
    half = 2.776 * 1.5811 / math.sqrt(5)                            # t(0.975, 4) * sd / sqrt(n)
    assert d.diff == 3 and d.low == pytest.approx(3 - half, abs=2e-3) and d.high == pytest.approx(3 + half, abs=2e-3)
    assert d.p == pytest.approx(0.0132, abs=5e-4)                   # t = 4.243 on 4 degrees of freedom
    same = paired([1, 2, 3], [1, 2, 3])
    assert same.diff == 0 and same.p == 1.0


def test_pairing_cancels_the_shared_luck_of_a_deal():
    rng = random.Random(9)
    luck = [rng.gauss(0, 20) for _ in range(200)]                   # what the deal gives both variants
    a = [x + rng.gauss(0, 2) for x in luck]
    b = [x + 1 + rng.gauss(0, 2) for x in luck]
    together, apart = paired(a, b), welch(a, b)
    assert together.low > 0 and apart.low < 0 < apart.high          # only the paired interval finds the +1
    assert (together.high - together.low) * 5 < apart.high - apart.low


@pytest.mark.parametrize("diff, variance, alpha, needed", [
    (0.5, 1.0, 0.05, 32),        # (1.960 + 0.842)^2 / 0.25 = 31.4: Cohen's d = 0.5 at 80% power
    (0.2, 1.0, 0.05, 197),       # d = 0.2: 196.2
    (1.0, 4.0, 0.01, 47),        # (2.576 + 0.842)^2 * 4 = 46.7
    (0.0, 1.0, 0.05, None),      # no difference: no number of games
])
def test_games_needed_is_the_normal_approximation(diff, variance, alpha, needed):
    assert games_needed(diff, variance, alpha) == needed


@pytest.mark.parametrize("games, needed, cap, expected", [
    (6, [50], 100, 12),          # at most a doubling per round
    (6, [8], 100, 9),            # at least one more batch, in whole batches of 3
    (6, [None], 100, 12),        # no estimate: double
    (6, [50], 10, 10),           # never past the cap
])
def test_until_decided_grows_in_whole_batches_towards_the_games_needed(games, needed, cap, expected):
    assert next_games(games, 3, cap, needed) == expected
