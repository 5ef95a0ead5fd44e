"""The report's statistics against textbook values (Student-t tables, Wilson's formula, Holm's procedure)."""

from __future__ import annotations

import math
import random

import pytest

from lexicon_tools.experiments.stats import Difference, estimate, holm, t_quantile, t_two_sided_p, welch, wilson


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
