"""The report's verdicts in HTML: the summary in sentences, the table of differences, the power lines
and the metrics' definitions.

Everything here renders a `paired.Analysis`; nothing is computed that the
analysis does not hold, so the summary, the table and `sweep --until-decided`
never disagree. Every text from the experiment (variant names) is escaped.
"""

from __future__ import annotations

import math
from html import escape

from lexicon_tools.experiments.metrics import Metric
from lexicon_tools.experiments.paired import Analysis, Comparison


def summary(a: Analysis) -> str:
    """``section#summary``: what a designer can act on, one sentence per finding."""
    games = {n: a.parts[n].num_rows for n in a.names}
    counts = (f"{min(games.values()):,}" if min(games.values()) == max(games.values())
              else f"{min(games.values()):,}–{max(games.values()):,}")
    how = ("paired by deal: game i of every variant played the same deal" if a.paired
           else "unpaired (pairing: none): every variant played its own deals")
    head = (f"<p>{len(a.names)} variant(s) against the baseline <b>{escape(a.base)}</b>, "
            f"{counts} games each, {how}. "
            f"Tested: {escape(', '.join(a.tested_keys))} "
            f"({len(a.tested)} comparison(s), Holm-corrected).</p>")
    if len(a.names) < 2:
        return f"<section id='summary'><h2>Summary</h2>{head}<p>One variant only: nothing to compare.</p></section>"
    items = [_finding(c, games[c.variant]) for c in a.tested]
    skipped = sorted({c.metric.title for c in a.comparisons if c.constant and c.metric.key in a.tested_keys})
    if skipped:
        items.append("<li class='skipped'>Not tested, the same value in every game (or every deal) of both variants: "
                     f"{escape(', '.join(skipped))}.</li>")
    if not a.tested:
        items.append("<li class='finding'>No requested metric varies between games: nothing to test.</li>")
    open_ = [c for c in a.undecided if c.needed]
    unseen = [c for c in a.undecided if not c.needed]
    close = ""
    if open_:
        close += (f"<p class='next'>{len(open_)} comparison(s) need more games: about "
                  f"{max(c.needed for c in open_):,} games per variant would decide them at the observed "
                  "differences; <code>sweep --until-decided</code> adds them.</p>")
    if unseen:
        close += (f"<p class='next'>No difference in any game so far: "
                  f"{escape(', '.join(f'{c.variant} {c.metric.title.lower()}' for c in unseen))}. More games may "
                  "show one; an <code>equivalence:</code> margin for the metric accepts “the same”.</p>")
    if not a.undecided and a.tested:
        close = "<p class='next'>Every tested comparison is decided.</p>"
    return (f"<section id='summary'><h2>Summary</h2>{head}<ul>" + "".join(items) + f"</ul>{close}</section>")


def _finding(c: Comparison, games: int) -> str:
    m, d = c.metric, c.diff
    who = f"<b>{escape(c.variant)}</b>"
    interval = f"95% interval {_signed(d.low, m.share)} … {_signed(d.high, m.share)}"
    what = f"{escape(m.title.lower())}"
    if d.real:
        direction = "more" if d.diff > 0 else "less"
        text = (f"{who} differs from {escape(c.baseline)} in {what}: {_signed(d.diff, m.share)} "
                f"{escape(_unit(m))} ({direction}; {interval}, p {_p_text(d.p)}); real.")
        verdict = "real"
    elif c.equivalent:
        text = (f"{who} and {escape(c.baseline)} have the same {what} within ±{_num(c.margin, m.share)}: "
                f"{_signed(d.diff, m.share)} ({interval}).")
        verdict = "equivalent"
    else:
        need = (f"a difference of this size needs about {c.needed:,} games per variant (now {games:,})"
                if c.needed else "no difference at all was seen")
        text = (f"{who} against {escape(c.baseline)} on {what}: not decided, {_signed(d.diff, m.share)} "
                f"({interval}, p {_p_text(d.p)}); {need}.")
        verdict = "undecided"
    return (f"<li class='finding {verdict}' data-metric='{escape(m.key)}' data-variant='{escape(c.variant)}'>"
            f"{text}</li>")


def differences(a: Analysis) -> str:
    """``table#differences`` (every metric) and ``ul#power`` (one line per tested comparison)."""
    if len(a.names) < 2:
        return ("<section id='differences-section'><h2>Differences</h2><p>One variant only: nothing to "
                "compare.</p><table id='differences'></table></section>")
    test = "paired t" if a.paired else "Welch"
    rows = []
    for c in a.comparisons:
        m, d = c.metric, c.diff
        verdict = ("yes" if d.real else "equivalent" if c.equivalent else "no") if c.tested else \
            (_constant(c) if c.constant else "not tested")
        rows.append(f"<tr class='difference' data-metric='{escape(m.key)}' data-variant='{escape(c.variant)}'>"
                    f"<td>{escape(m.title)}</td><td>{escape(c.variant)}</td>"
                    f"<td class='num'>{_num(c.base.mean, m.share)}</td><td class='num'>{_num(c.value.mean, m.share)}</td>"
                    f"<td class='num'>{_signed(d.diff, m.share)} [{_signed(d.low, m.share)}, "
                    f"{_signed(d.high, m.share)}]</td><td class='num'>{_p_text(d.p, bare=True)}</td>"
                    f"<td class='num'>{f'{c.needed:,}' if c.needed else '–'}</td>"
                    f"<td class='real {verdict.replace(' ', '-')}'>{verdict}</td></tr>")
    power = "".join(_power(c, a.parts[c.variant].num_rows, len(a.tested)) for c in a.tested)
    pairs = (f"{min(c.pairs for c in a.comparisons):,} deals played by both" if a.paired else "independent games")
    return (f"<section id='differences-section'><h2>Differences from {escape(a.base)}</h2>"
            f"<p>Variant minus baseline, over {pairs}.</p>"
            "<table id='differences'><tr><th>metric</th><th>variant</th><th>baseline</th><th>variant value</th>"
            f"<th>difference [95% interval]</th><th>p ({test})</th><th>games needed</th><th>real?</th></tr>"
            + "".join(rows) + "</table>"
            "<p>“real” = significant at 5% after Holm's correction over the tested comparisons (the requested "
            "metrics, without constant ones); “games needed”: per variant, for 80% power at the observed "
            f"difference.</p><h3>Power</h3><ul id='power'>{power}</ul></section>")


def _constant(c: Comparison) -> str:
    """"constant": one value in every game of both variants; else the same value in each deal."""
    one = c.base.sd == 0 and c.value.sd == 0 and c.base.mean == c.value.mean
    return "constant" if one else "same in every deal"


def _power(c: Comparison, games: int, m: int) -> str:
    share = c.metric.share
    if c.needed is None:
        text = "no difference was seen, so no number of games is sure to find one"
    else:
        text = (f"a true difference of {_signed(c.diff.diff, share)} is found real with 80% probability at "
                f"5%/{m} with about {c.needed:,} games per variant; {games:,} played, "
                + ("and it was found" if c.diff.real else "not found yet"))
    return (f"<li class='power' data-metric='{escape(c.metric.key)}' data-variant='{escape(c.variant)}'>"
            f"{escape(c.variant)}, {escape(c.metric.title.lower())}: {text}.</li>")


def definitions(metrics: tuple[Metric, ...]) -> str:
    items = "".join(f"<dt id='define-{escape(m.key)}'>{escape(m.title)} <code>{escape(m.key)}</code></dt>"
                    f"<dd>{escape(m.definition)}.</dd>" for m in metrics)
    return f"<section id='definitions'><h2>Definitions</h2><dl>{items}</dl></section>"


def _unit(m: Metric) -> str:
    return "" if m.share else m.unit


def _num(x: float | None, share: bool) -> str:
    if x is None or math.isnan(x):
        return "–"
    return f"{x:.1%}" if share else f"{x:,.3f}"


def _signed(x: float, share: bool) -> str:
    if x is None or math.isnan(x):
        return "–"
    return f"{x:+.1%}" if share else f"{x:+,.3f}"


def _p_text(p: float, bare: bool = False) -> str:
    if math.isnan(p):
        return "–"
    if p < 1e-4:
        return "< 0.0001"
    return f"{p:.4f}" if bare else f"= {p:.4f}"
