"""Intervals and tests for comparing variants: means with 95% intervals, paired and Welch's t-tests,
power, Holm.

Every metric is a per-game number (a score, bingos in the game, the first
player's share of first place, ...). Deals are independent of each other, so:

* a variant's value is the mean over its games, with a Student-t 95% interval
  (for the first-player win rate, a 0..1 share, the Wilson score interval, which
  stays inside 0..1 and behaves near 0 and 1);
* when game i of both variants played the same deal (common random numbers,
  the default), their difference is the mean of the per-deal differences, with
  a Student-t interval and the paired t-test: the deal's luck, shared by both,
  cancels out of each difference;
* otherwise (``pairing: none``) a difference is tested with Welch's t-test
  (unequal variances, Welch–Satterthwaite degrees of freedom), which is right
  for any game count and becomes the usual z-test for thousands of games;
* power: the games a true difference of the observed size needs to be found
  with 80% probability, from the normal approximation;
* the report tests several differences at once, so "real" means significant
  at 5% after Holm's step-down correction over the tested comparisons
  (family-wise error at most 5%).

Student's t distribution comes from the regularised incomplete beta function
(a continued fraction, Numerical Recipes §6.4), so no SciPy is needed for a few
dozen p-values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    n: int
    mean: float
    low: float
    high: float
    sd: float


@dataclass(frozen=True)
class Difference:
    diff: float
    low: float
    high: float
    p: float
    real: bool = False


def _moments(values) -> tuple[int, float, float]:
    """(n, mean, sample variance) of a sequence or array of numbers."""
    array = np.asarray(values, dtype=float)
    n = int(array.size)
    if n == 0:
        return 0, math.nan, math.nan
    return n, float(array.mean()), float(array.var(ddof=1)) if n > 1 else 0.0


def estimate(values) -> Estimate:
    n, mean, var = _moments(values)
    if n == 0:
        return Estimate(0, math.nan, math.nan, math.nan, math.nan)
    sd = math.sqrt(var)
    half = t_quantile(0.975, n - 1) * sd / math.sqrt(n) if n > 1 else 0.0
    return Estimate(n, mean, mean - half, mean + half, sd)


def wilson(values) -> Estimate:
    """A 0..1 share's mean with the Wilson score interval."""
    n, p, var = _moments(values)
    if n == 0:
        return Estimate(0, math.nan, math.nan, math.nan, math.nan)
    denom = 1 + Z95 ** 2 / n
    centre = (p + Z95 ** 2 / (2 * n)) / denom
    half = Z95 * math.sqrt(max(p * (1 - p), 0.0) / n + Z95 ** 2 / (4 * n * n)) / denom
    return Estimate(n, p, max(0.0, centre - half), min(1.0, centre + half), math.sqrt(var))


def welch(a, b) -> Difference:
    """mean(b) - mean(a), its 95% interval and the two-sided p-value of Welch's t-test."""
    (na, ma, va), (nb, mb, vb) = _moments(a), _moments(b)
    if na < 2 or nb < 2:
        return Difference(mb - ma if na and nb else math.nan, math.nan, math.nan, math.nan)
    va, vb = va / na, vb / nb
    diff = mb - ma
    se = math.sqrt(va + vb)
    if se == 0:
        return Difference(diff, diff, diff, 1.0 if diff == 0 else 0.0)
    df = (va + vb) ** 2 / ((va * va) / (na - 1) + (vb * vb) / (nb - 1))
    half = t_quantile(0.975, df) * se
    return Difference(diff, diff - half, diff + half, t_two_sided_p(diff / se, df))


def paired(a, b) -> Difference:
    """mean(b - a) over pairs (a[i], b[i]) of the same deal, its 95% interval and the paired t-test's p."""
    array_a, array_b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    n, diff, var = _moments(array_b - array_a)
    if n < 2:
        return Difference(diff if n else math.nan, math.nan, math.nan, math.nan)
    se = math.sqrt(var / n)
    if se == 0:
        return Difference(diff, diff, diff, 1.0 if diff == 0 else 0.0)
    half = t_quantile(0.975, n - 1) * se
    return Difference(diff, diff - half, diff + half, t_two_sided_p(diff / se, n - 1))


def games_needed(diff: float, variance: float, alpha: float = 0.05, power: float = 0.8) -> int | None:
    """Games per variant for a two-sided test at `alpha` to find a true difference `diff` with
    probability `power`: n = (z(1-alpha/2) + z(power))^2 * variance / diff^2, where `variance` is that
    of one paired difference (or var(a) + var(b) for independent games). None when diff is 0."""
    if not diff or math.isnan(diff) or math.isnan(variance):
        return None
    z = t_quantile(1 - alpha / 2, 1e9) + t_quantile(power, 1e9)
    return max(2, math.ceil(z * z * variance / (diff * diff)))


def holm(diffs: list[Difference], alpha: float = 0.05) -> list[Difference]:
    """The same differences with `real` set by Holm's step-down procedure."""
    order = sorted((i for i, d in enumerate(diffs) if not math.isnan(d.p)), key=lambda i: diffs[i].p)
    real = [False] * len(diffs)
    m = len(order)
    for rank, i in enumerate(order):
        if diffs[i].p > alpha / (m - rank):
            break
        real[i] = True
    return [Difference(d.diff, d.low, d.high, d.p, r) for d, r in zip(diffs, real)]


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with `df` degrees of freedom."""
    if math.isinf(t):
        return 0.0
    return min(1.0, betainc(df / 2, 0.5, df / (df + t * t)))


def t_quantile(q: float, df: float) -> float:
    """The `q` quantile (q > 0.5) of Student's t, by bisection on the two-sided tail."""
    target = 2 * (1 - q)
    low, high = 0.0, 1.0
    while t_two_sided_p(high, df) > target:
        high *= 2
        if high > 1e6:
            return math.inf
    for _ in range(80):
        mid = (low + high) / 2
        if t_two_sided_p(mid, df) > target:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def _betacf(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        for num in (m * (b - m) * x / ((a + m2 - 1) * (a + m2)),
                    -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h
