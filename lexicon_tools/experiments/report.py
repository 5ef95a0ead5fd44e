"""The HTML report of a sweep: one self-contained file with embedded pictures.

Reads the results folder and compares the variants with `paired.analyse`
(per-game metric values from `metrics`, every variant's mean with a 95%
interval, its paired difference from the baseline with a test and the games a
difference of that size needs); `comparisons` writes the summary in sentences
at the top, the table of differences and the metrics' definitions. Pictures are PNGs from `figures`, embedded as ``data:`` URIs, and the
styles are inline, so the file opens offline, can be mailed and archived, and
never fetches anything.

The HTML has stable ids for tools and tests: ``section#summary`` (one
``li.finding`` per comparison it reports), ``section#metric-<key>`` per metric
(a picture and a table with one ``tr.variant`` per variant), ``section#scores``,
``section#heatmaps``, and ``table#differences`` with one ``tr.difference`` per
(metric, variant other than the baseline), ``ul#power`` with one ``li.power``
per tested comparison, and ``section#definitions``.
"""

from __future__ import annotations

import base64
import html
import json
import math
from pathlib import Path

from lexicon_tools.experiments import comparisons
from lexicon_tools.experiments.metrics import Metric
from lexicon_tools.experiments.paired import Analysis, analyse
from lexicon_tools.io.guard.atomic import atomic_write_text


def write_report(folder: Path, target: Path, baseline: str | None = None) -> str:
    """Write the report; returns a one-line summary."""
    analysis = analyse(folder, baseline)
    page = _page(analysis.manifest, folder, analysis.names, analysis.parts, analysis.values, analysis.base,
                 analysis.metrics, analysis)
    atomic_write_text(target, page)
    return f"{len(analysis.names)} variant(s), {analysis.table.num_rows:,} games, baseline {analysis.base}"


def _page(manifest: dict, folder: Path, names: list[str], parts: dict, values: dict, base: str,
          metrics: tuple[Metric, ...], analysis: Analysis) -> str:
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
    body.append(comparisons.summary(analysis))
    body.append(_variants_table(names, variants, parts))
    seat_scores = [_seat_scores(parts[n]) for n in names]
    body.append(f"<section id='scores'><h2>Score distribution</h2>{_img(figures.score_distribution(names, seat_scores), 'score distribution per seat')}</section>")
    estimates = analysis.estimates
    for metric in metrics:
        picture = figures.interval_chart(names, [estimates[metric.key][n] for n in names], metric.title, metric.unit)
        body.append(f"<section id='metric-{metric.key}'><h2>{esc(metric.title)}</h2>"
                    f"<p class='definition'>{esc(metric.definition)}.</p>"
                    f"{_img(picture, metric.title)}{_estimates_table(metric, names, estimates[metric.key])}</section>")
    body.append(_heatmaps(names, parts, variants))
    body.append(comparisons.differences(analysis))
    body.append(comparisons.definitions(metrics))
    body.append(_methods(analysis.paired))
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


def _methods(paired: bool) -> str:
    games = ("Game i of every variant plays deal i: the same seed, so the same bag order and racks (as far "
             "as the tile sets agree), the same seat order and the same random choices of the seats. "
             "Differences are means of the per-deal differences, with Student-t 95% intervals and the paired "
             "t-test." if paired else
             "Each game is one independent observation (its seed derives from the master seed, the variant "
             "and the game's number: the experiment has <code>pairing: none</code>). Differences are tested "
             "with Welch's t-test.")
    return ("<section id='methods'><h2>Methods</h2><p>" + games + " A variant's value is the mean over its "
            "games with a Student-t 95% interval; rates use the Wilson score interval. “Real” means "
            "significant at the 5% level after Holm's step-down correction over the tested comparisons: the "
            "requested metrics (<code>metrics:</code>, or the defaults) against the baseline, leaving out "
            "metrics with one value in every game. “Games needed” is the number of games per variant a true "
            "difference of the observed size needs to be found real with 80% probability, at the level "
            "5% divided by the number of tested comparisons (normal approximation).</p></section>")


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
#summary li {{ margin: 0.3em 0; }} .definition {{ color: #444; font-style: italic; }}
img {{ max-width: 100%; }} code {{ font-size: 0.85em; }}
.meta {{ color: #555; }} .warn {{ color: #a40; font-weight: bold; }}
</style></head>
<body>
{body}
</body></html>
""".replace("@CSP@", CSP)
