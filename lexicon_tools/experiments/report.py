"""The HTML report of a sweep: one self-contained file with embedded pictures.

Reads the results folder (`results.read_manifest`, `results.read_rows`), turns
each game into per-game metric values (`METRICS`, and `BEHAVIOUR_METRICS` when
seats lost turns to the clock or to refused words), estimates every variant's
mean with a 95% interval and tests every variant's difference from the baseline
(`stats`). Pictures are PNGs from `figures`, embedded as ``data:`` URIs, and the
styles are inline, so the file opens offline, can be mailed and archived, and
never fetches anything.

The HTML has stable ids for tools and tests: ``section#metric-<key>`` per metric
(a picture and a table with one ``tr.variant`` per variant), ``section#scores``,
``section#heatmaps``, and ``table#differences`` with one ``tr.difference`` per
(metric, variant other than the baseline).
"""

from __future__ import annotations

import base64
import html
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexicon_tools.errors import ExperimentError
from lexicon_tools.experiments import stats
from lexicon_tools.experiments.results import read_manifest, read_rows
from lexicon_tools.io.guard.atomic import atomic_write_text


@dataclass(frozen=True)
class Metric:
    key: str
    title: str
    unit: str
    values: Callable[[Any], Any]      # per-variant table -> numpy array, one value per game
    share: bool = False               # a 0..1 share: Wilson interval, shown as a percentage


def _column(name: str):
    return lambda t: t.column(name).to_numpy(zero_copy_only=False).astype(float)


def _mean_score(t):
    import numpy as np

    if t.num_rows == 0:
        return np.zeros(0)
    scores = t.column("scores").combine_chunks().flatten().to_numpy(zero_copy_only=False).astype(float)
    return scores.reshape(t.num_rows, -1).mean(axis=1)


def _premium_uses(t):
    return sum(_column(f"premium_{k}")(t) for k in ("dl", "tl", "dw", "tw"))


METRICS = (
    Metric("score", "Score", "points per player per game", _mean_score),
    Metric("first_player_win_rate", "First-player win rate", "share of games seat 1 wins (ties shared)",
           _column("first_share"), share=True),
    Metric("bingos", "Bingo rate", "bingos per game", _column("bingos")),
    Metric("turns", "Game length", "turns per game", _column("turns")),
    Metric("takes", "Letter takes", "letter takes per game", _column("takes")),
    Metric("swaps", "Joker swaps", "joker swaps per game", _column("swaps")),
    Metric("premium_uses", "Premium use", "premium squares used per game", _premium_uses),
)

# Shown only when some game has them: turns lost when seats think (`think`, `time_limit`) or try refused
# words in professional mode (`invalid_rate`, `professional`); always 0 otherwise (null in older datasets).
BEHAVIOUR_METRICS = (
    Metric("timeouts", "Timeouts", "turns lost to the clock per game", _column("timeouts")),
    Metric("invalid_turns", "Invalid words", "turns lost to a refused word per game", _column("invalid_turns")),
)


def metrics_of(table) -> tuple[Metric, ...]:
    """`METRICS`, and each of `BEHAVIOUR_METRICS` that some game of `table` has."""
    import pyarrow.compute as pc

    return METRICS + tuple(m for m in BEHAVIOUR_METRICS if (pc.sum(table.column(m.key)).as_py() or 0) > 0)


def write_report(folder: Path, target: Path, baseline: str | None = None) -> str:
    """Write the report; returns a one-line summary."""
    import pyarrow.compute as pc

    manifest = read_manifest(folder)           # shape and bounds checked: every value below has its type
    table = read_rows(folder, manifest)        # each file checked to be one batch of this sweep
    names = [v["name"] for v in manifest["variants"]]
    if baseline is not None and baseline not in names:
        raise ExperimentError(f"--baseline {baseline!r} is not a variant of {manifest['experiment']}",
                              f"Use one of: {', '.join(names)}.")
    if table.num_rows == 0:
        raise ExperimentError(f"{folder} holds no games yet", "Run (or resume) the sweep first.")
    parts = {name: table.filter(pc.equal(table.column("variant"), name)) for name in names}
    present = [n for n in names if parts[n].num_rows]
    base = baseline or present[0]
    metrics = metrics_of(table)
    values = {m.key: {n: m.values(parts[n]) for n in present} for m in metrics}
    page = _page(manifest, folder, present, parts, values, base, metrics)
    atomic_write_text(target, page)
    return f"{len(present)} variant(s), {table.num_rows:,} games, baseline {base}"


def _page(manifest: dict, folder: Path, names: list[str], parts: dict, values: dict, base: str,
          metrics: tuple[Metric, ...]) -> str:
    from lexicon_tools.experiments import figures

    esc = html.escape
    variants = {v["name"]: v for v in manifest["variants"]}
    planned = manifest["games_per_variant"] * len(manifest["variants"])
    played = sum(parts[n].num_rows for n in names)
    body = [f"<h1>{esc(manifest['experiment'])}</h1>"]
    if manifest.get("description"):
        body.append(f"<p>{esc(manifest['description'])}</p>")
    body.append(f"<p class='meta'>{played:,} of {planned:,} planned games (master seed {int(manifest['seed'])}, "
                f"{manifest['games_per_variant']:,} per variant) from <code>{esc(str(folder))}</code>; "
                f"experiment file <code>{esc(manifest['source'])}</code>.</p>")
    if played < planned:
        body.append("<p class='warn'>The sweep is incomplete: run it again to play the missing batches.</p>")
    body.append(_variants_table(names, variants, parts))
    seat_scores = [_seat_scores(parts[n]) for n in names]
    body.append(f"<section id='scores'><h2>Score distribution</h2>{_img(figures.score_distribution(names, seat_scores), 'score distribution per seat')}</section>")
    estimates = {}
    for metric in metrics:
        estimates[metric.key] = {n: (stats.wilson if metric.share else stats.estimate)(values[metric.key][n])
                                 for n in names}
        picture = figures.interval_chart(names, [estimates[metric.key][n] for n in names], metric.title, metric.unit)
        body.append(f"<section id='metric-{metric.key}'><h2>{esc(metric.title)}</h2>"
                    f"{_img(picture, metric.title)}{_estimates_table(metric, names, estimates[metric.key])}</section>")
    body.append(_heatmaps(names, parts, variants))
    body.append(_differences(names, values, estimates, base, metrics))
    body.append(_methods())
    return _HTML.format(title=esc(f"{manifest['experiment']}: sweep report"), body="\n".join(body))


def _seat_scores(t) -> list:
    if t.num_rows == 0:
        return []
    flat = t.column("scores").combine_chunks().flatten().to_numpy(zero_copy_only=False)
    grid = flat.reshape(t.num_rows, -1)
    return [grid[:, seat] for seat in range(grid.shape[1])]


def _img(png: bytes, alt: str) -> str:
    return f"<img alt='{html.escape(alt)}' src='data:image/png;base64,{base64.b64encode(png).decode('ascii')}'>"


def _variants_table(names: list[str], variants: dict, parts: dict) -> str:
    rows = []
    for n in names:
        v = variants[n]
        board = v["board"]
        settings = json.dumps(v["settings"], ensure_ascii=False, sort_keys=True) if v["settings"] else "(the base)"
        rows.append(f"<tr class='variant'><td>{html.escape(n)}</td><td><code>{html.escape(settings)}</code></td>"
                    f"<td>{int(v['players'])} ({html.escape(','.join(v['strategies']))})</td>"
                    f"<td>{html.escape(board['name'] or 'random per game')}</td>"
                    f"<td class='num'>{parts[n].num_rows:,}</td></tr>")
    return ("<section id='variants'><h2>Variants</h2><table><tr><th>variant</th><th>settings</th>"
            "<th>players</th><th>board</th><th>games</th></tr>" + "".join(rows) + "</table></section>")


def _fmt(x: float, share: bool = False) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    return f"{x:.1%}" if share else f"{x:,.3f}"


def _estimates_table(metric: Metric, names: list[str], estimates: dict) -> str:
    rows = "".join(
        f"<tr class='variant' data-variant='{html.escape(n)}'><td>{html.escape(n)}</td>"
        f"<td class='num'>{estimates[n].n:,}</td><td class='num mean'>{_fmt(estimates[n].mean, metric.share)}</td>"
        f"<td class='num'>{_fmt(estimates[n].low, metric.share)} … {_fmt(estimates[n].high, metric.share)}</td></tr>"
        for n in names)
    return (f"<table><tr><th>variant</th><th>games</th><th>{html.escape(metric.unit)}</th>"
            f"<th>95% interval</th></tr>{rows}</table>")


def _heatmaps(names: list[str], parts: dict, variants: dict) -> str:
    import numpy as np

    from lexicon_tools.experiments import figures

    grids, boards = [], []
    for n in names:
        board = variants[n]["board"]
        used = parts[n].column("premium_squares").combine_chunks().flatten().to_numpy(zero_copy_only=False)
        counts = np.bincount(used.astype(int), minlength=board["rows"] * board["cols"])[:board["rows"] * board["cols"]]
        grids.append(counts.reshape(board["rows"], board["cols"]) / max(parts[n].num_rows, 1))
        boards.append(board)
    note = ("<p>Variants with a random board per game have no fixed premium squares: their maps show where "
            "premiums were used, over all boards.</p>" if any(b.get("random_per_game") for b in boards) else "")
    picture = figures.heatmaps(names, grids, boards)
    return (f"<section id='heatmaps'><h2>Premium use on the board</h2><p>How often per game the premium of each "
            f"square was used (letters mark the premium kind).</p>{note}{_img(picture, 'premium-use heatmaps')}</section>")


def _differences(names: list[str], values: dict, estimates: dict, base: str, metrics: tuple[Metric, ...]) -> str:
    others = [n for n in names if n != base]
    if not others:
        return ("<section id='differences-section'><h2>Differences</h2><p>One variant only: nothing to "
                "compare.</p><table id='differences'></table></section>")
    keys = [(m, n) for m in metrics for n in others]
    tested = stats.holm([stats.welch(values[m.key][base], values[m.key][n]) for m, n in keys])
    rows = []
    for (m, n), d in zip(keys, tested):
        b, v = estimates[m.key][base], estimates[m.key][n]
        verdict = "yes" if d.real else "no"
        rows.append(f"<tr class='difference' data-metric='{m.key}' data-variant='{html.escape(n)}'>"
                    f"<td>{html.escape(m.title)}</td><td>{html.escape(n)}</td>"
                    f"<td class='num'>{_fmt(b.mean, m.share)}</td><td class='num'>{_fmt(v.mean, m.share)}</td>"
                    f"<td class='num'>{_signed(d.diff, m.share)} [{_signed(d.low, m.share)}, "
                    f"{_signed(d.high, m.share)}]</td><td class='num'>{_p(d.p)}</td>"
                    f"<td class='real {verdict}'>{verdict}</td></tr>")
    return (f"<section id='differences-section'><h2>Differences from {html.escape(base)}</h2>"
            "<table id='differences'><tr><th>metric</th><th>variant</th><th>baseline</th><th>variant value</th>"
            "<th>difference [95% interval]</th><th>p (Welch)</th><th>real?</th></tr>" + "".join(rows) + "</table>"
            "<p>“real” = significant at 5% after Holm's correction over the whole table.</p></section>")


def _signed(x: float, share: bool) -> str:
    if math.isnan(x):
        return "–"
    return f"{x:+.1%}" if share else f"{x:+,.3f}"


def _p(p: float) -> str:
    if math.isnan(p):
        return "–"
    return "< 0.0001" if p < 1e-4 else f"{p:.4f}"


def _methods() -> str:
    return ("<section id='methods'><h2>Methods</h2><p>Each game is one independent observation (its seed "
            "derives from the master seed, the variant and the game's number). Intervals are Student-t 95% "
            "intervals of the mean; the first-player win rate uses the Wilson score interval. Differences are "
            "tested with Welch's t-test; “real” means significant at the 5% level after Holm's step-down "
            "correction for the number of comparisons in the table.</p></section>")


# The page has no script of its own, so none may run: only its inline styles and data: pictures load,
# and nothing is fetched (a value from a shared results folder that slipped past escaping stays inert).
CSP = ("default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; "
       "script-src 'none'; object-src 'none'")

_HTML = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="@CSP@">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }}
td.num {{ text-align: right; font-variant-numeric: tabular-nums; }}
td.real.yes {{ background: #e3f4e3; font-weight: bold; }}
img {{ max-width: 100%; }} code {{ font-size: 0.85em; }}
.meta {{ color: #555; }} .warn {{ color: #a40; font-weight: bold; }}
</style></head>
<body>
{body}
</body></html>
""".replace("@CSP@", CSP)
