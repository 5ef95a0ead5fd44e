"""Compare every variant with the baseline, deal by deal, and say which comparisons are decided.

For each metric and each variant other than the baseline (the experiment's
``baseline:``, else the first variant) a `Comparison`:

* paired (the default, ``pairing: deals``): the rows of the two variants are
  joined on their ``deal``, and the difference is the mean of the per-deal
  differences with its 95% interval and the paired t-test (`stats.paired`);
  without pairing, Welch's test on the two sets of games (`stats.welch`);
* the *tested* comparisons are those of the requested metrics (``metrics:``, or
  `metrics.DEFAULT_TESTED`), minus the *constant* ones (both variants show one
  and the same value in every game, e.g. joker swaps in a game without jokers;
  or, paired, both variants show the same value in every deal, so the column
  of differences is all zero): a constant column carries no evidence and would
  only dilute the correction.
  Holm's correction runs over the tested comparisons only;
* a tested comparison is *decided* when it is real (its Holm-corrected test
  rejects "no difference") or, given an ``equivalence:`` margin for its metric,
  when its whole 95% interval lies within ±margin (the variants are the same
  for the designer's purpose);
* power: the games per variant a true difference of the observed size needs
  to be found real with 80% probability at the Bonferroni level 5%/m for m
  tested comparisons (a safe bound for Holm's procedure).

`analyse(folder)` reads a results folder and returns all of it; the report and
`sweep --until-decided` use the same verdicts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexicon_tools.errors import ExperimentError
from lexicon_tools.experiments import stats
from lexicon_tools.experiments.metrics import DEFAULT_TESTED, Metric, metrics_of
from lexicon_tools.experiments.results import read_manifest, read_rows

ALPHA = 0.05
POWER = 0.8


@dataclass(frozen=True)
class Comparison:
    metric: Metric
    variant: str
    baseline: str
    pairs: int                        # deals both variants played (paired), else min of the game counts
    base: stats.Estimate
    value: stats.Estimate
    diff: stats.Difference            # variant - baseline; `real` after Holm (tested comparisons only)
    paired: bool
    tested: bool                      # a requested metric, and not constant
    constant: bool
    needed: int | None = None         # games per variant for 80% power at the observed difference
    margin: float | None = None       # the equivalence margin, if given
    equivalent: bool = False
    metric_requested: bool = False    # in the experiment's `metrics:` (or the defaults)

    @property
    def decided(self) -> bool:
        return self.diff.real or self.equivalent


@dataclass
class Analysis:
    manifest: dict[str, Any]
    table: Any                        # pyarrow Table of all rows
    names: list[str]                  # variants with games, in the experiment's order
    parts: dict[str, Any]             # variant -> its rows
    base: str
    metrics: tuple[Metric, ...]
    tested_keys: tuple[str, ...]
    values: dict[str, dict[str, Any]] = field(default_factory=dict)       # metric -> variant -> per-game values
    estimates: dict[str, dict[str, stats.Estimate]] = field(default_factory=dict)
    comparisons: list[Comparison] = field(default_factory=list)

    @property
    def paired(self) -> bool:
        return self.manifest.get("pairing") == "deals"

    @property
    def tested(self) -> list[Comparison]:
        return [c for c in self.comparisons if c.tested]

    @property
    def undecided(self) -> list[Comparison]:
        """Requested comparisons not decided, the constant ones included: no difference in any game so
        far decides nothing (unless an equivalence margin covers it)."""
        return [c for c in self.comparisons if c.metric_requested and not c.decided]


def analyse(folder: Path, baseline: str | None = None) -> Analysis:
    import pyarrow.compute as pc

    manifest = read_manifest(folder)           # shape and bounds checked: every value below has its type
    table = read_rows(folder, manifest)        # each file checked to be one batch of this sweep
    names = [v["name"] for v in manifest["variants"]]
    baseline = baseline or manifest.get("baseline")
    if baseline is not None and baseline not in names:
        raise ExperimentError(f"--baseline {baseline!r} is not a variant of {manifest['experiment']}",
                              f"Use one of: {', '.join(names)}.")
    if table.num_rows == 0:
        raise ExperimentError(f"{folder} holds no games yet", "Run (or resume) the sweep first.")
    parts = {name: table.filter(pc.equal(table.column("variant"), name)) for name in names}
    present = [n for n in names if parts[n].num_rows]
    base = baseline if baseline in present else present[0]
    tested_keys = tuple(manifest.get("metrics") or DEFAULT_TESTED)
    analysis = Analysis(manifest, table, present, parts, base, metrics_of(table, tested_keys), tested_keys)
    for metric in analysis.metrics:
        analysis.values[metric.key] = {n: metric.values(parts[n]) for n in present}
        analysis.estimates[metric.key] = {n: (stats.wilson if metric.share else stats.estimate)(
            analysis.values[metric.key][n]) for n in present}
    analysis.comparisons = _compare(analysis, manifest.get("equivalence") or {})
    return analysis


def _compare(a: Analysis, equivalence: dict[str, float]) -> list[Comparison]:
    import numpy as np

    raw = []
    for metric in a.metrics:
        for name in a.names:
            if name == a.base:
                continue
            base_values, values = a.values[metric.key][a.base], a.values[metric.key][name]
            if a.paired:
                base_values, values = _pair(a.parts[a.base], a.parts[name], base_values, values)
                diff = stats.paired(base_values, values)
                variance = float(np.var(values - base_values, ddof=1)) if len(values) > 1 else math.nan
                pairs = len(values)
            else:
                diff = stats.welch(base_values, values)
                variance = (float(np.var(base_values, ddof=1)) + float(np.var(values, ddof=1))
                            if min(len(values), len(base_values)) > 1 else math.nan)
                pairs = min(len(values), len(base_values))
            both = np.concatenate([base_values, values])
            constant = both.size == 0 or bool(np.all(both == both[0])) or (
                a.paired and bool(np.all(values == base_values)))
            tested = metric.key in a.tested_keys and not constant and not math.isnan(diff.p)
            raw.append((metric, name, pairs, diff, variance, tested, constant))
    tested = [r for r in raw if r[5]]
    corrected = iter(stats.holm([r[3] for r in tested], ALPHA))
    m = max(len(tested), 1)
    out = []
    for metric, name, pairs, diff, variance, is_tested, constant in raw:
        if is_tested:
            diff = next(corrected)
        margin = equivalence.get(metric.key)
        equivalent = bool(margin is not None and not diff.real and not math.isnan(diff.low)
                          and -margin < diff.low and diff.high < margin)
        needed = stats.games_needed(diff.diff, variance, ALPHA / m, POWER) if is_tested else None
        out.append(Comparison(metric, name, a.base, pairs, a.estimates[metric.key][a.base],
                              a.estimates[metric.key][name], diff, a.paired, is_tested, constant, needed,
                              margin, equivalent, metric.key in a.tested_keys))
    return out


def _pair(base_rows, rows, base_values, values):
    """The values of the deals both variants played, in the same order."""
    import numpy as np

    index = {deal: i for i, deal in enumerate(base_rows.column("deal").to_pylist())}
    mine = [(index[deal], i) for i, deal in enumerate(rows.column("deal").to_pylist()) if deal in index]
    if not mine:
        return np.zeros(0), np.zeros(0)
    left, right = zip(*mine)
    return base_values[list(left)], values[list(right)]
