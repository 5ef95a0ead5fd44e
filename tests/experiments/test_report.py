"""`lexicon-tools report` on a real sweep's results: the HTML's structure, its pictures and its numbers.

The expected numbers are computed here from the Parquet rows with pyarrow, not
copied from a previous run.
"""

from __future__ import annotations

import base64
import io
import math
import re
from html.parser import HTMLParser

import pyarrow.compute as pc
from PIL import Image

from lexicon_tools.experiments.metrics import DEFAULT_TESTED, METRICS, metrics_of
from lexicon_tools.experiments.results import read_rows
from lexicon_tools.experiments.stats import paired


class Page(HTMLParser):
    """Collects images, links, sections and table rows (with their cell texts)."""

    def __init__(self):
        super().__init__()
        self.images, self.links, self.sections, self.rows = [], [], [], []
        self._section = None
        self._row = None
        self._cell = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "img":
            self.images.append((self._section, attrs.get("src", "")))
        if tag in ("a", "link", "script") and (attrs.get("href") or attrs.get("src")):
            self.links.append(attrs.get("href") or attrs.get("src"))
        if tag == "section":
            self._section = attrs.get("id")
            self.sections.append(self._section)
        if tag == "tr":
            self._row = {"class": attrs.get("class"), "section": self._section, "cells": [], **attrs}
        if tag == "td" and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "td" and self._row is not None and self._cell is not None:
            self._row["cells"].append("".join(self._cell).strip())
            self._cell = None
        if tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def test_report_is_self_contained_with_a_picture_per_metric_and_the_right_numbers(reference, tmp_path, cli):
    _path, plan, folder, _result = reference
    target = tmp_path / "report.html"
    result = cli("report", str(folder), "-o", str(target))
    assert result.exit_code == 0, result.output
    assert "2 variant(s), 48 games, baseline two" in result.output
    page = Page()
    page.feed(target.read_text(encoding="utf-8"))

    assert page.links == []                                          # nothing fetched: it opens offline
    rows = read_rows(folder)
    metrics = metrics_of(rows)
    assert {m.key for m in METRICS} <= {m.key for m in metrics}
    bonuses = {b for r in rows.column("bingo_bonuses").to_pylist() for b in r}
    assert {m.key for m in metrics if m.key.startswith("bingos_")} == {f"bingos_{b}" for b in bonuses}
    expected_sections = {"summary", "variants", "scores", "heatmaps", "differences-section", "definitions"} | {
        f"metric-{m.key}" for m in metrics}
    assert expected_sections <= set(page.sections)
    assert page.sections.index("summary") < page.sections.index("variants")     # the summary comes first
    pictures = {section for section, _src in page.images}
    assert pictures == {"scores", "heatmaps"} | {f"metric-{m.key}" for m in metrics}
    for _section, src in page.images:
        assert src.startswith("data:image/png;base64,")
        picture = Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1])))
        assert picture.format == "PNG" and picture.width > 300

    for variant in ("two", "three"):
        part = rows.filter(pc.equal(rows.column("variant"), variant))
        turns = next(r for r in page.rows if r["section"] == "metric-turns" and r.get("data-variant") == variant)
        assert turns["cells"][1] == f"{part.num_rows:,}"
        assert turns["cells"][2] == f"{pc.mean(part.column('turns')).as_py():,.3f}"
        wins = next(r for r in page.rows if r["section"] == "metric-first_player_win_rate"
                    and r.get("data-variant") == variant)
        assert wins["cells"][2] == f"{pc.mean(part.column('first_share')).as_py():.1%}"

    differences = [r for r in page.rows if r["class"] == "difference"]
    assert len(differences) == len(metrics) * (len(plan.variants) - 1)
    assert {r["data-metric"] for r in differences} == {m.key for m in metrics}
    bingo = next(r for r in differences if r["data-metric"] == "bingos")
    two = rows.filter(pc.equal(rows.column("variant"), "two")).to_pylist()
    three = rows.filter(pc.equal(rows.column("variant"), "three")).to_pylist()
    assert [r["deal"] for r in two] == [r["deal"] for r in three]      # paired: game i of both is deal i
    differences_per_deal = [b["bingos"] - a["bingos"] for a, b in zip(two, three)]
    mean = sum(differences_per_deal) / len(differences_per_deal)
    assert bingo["cells"][4].startswith(f"{mean:+,.3f}")
    d = paired([r["bingos"] for r in two], [r["bingos"] for r in three])
    assert bingo["cells"][5] == ("–" if math.isnan(d.p) else "< 0.0001" if d.p < 1e-4 else f"{d.p:.4f}")
    verdicts = {r["data-metric"]: r["cells"][7] for r in differences}
    assert verdicts["swaps"] == "constant"                              # Webfeud has no joker swaps
    assert verdicts["takes"] == "constant"
    assert verdicts["premium_uses"] in ("not tested", "same in every deal")    # not requested
    assert {verdicts[k] for k in DEFAULT_TESTED} <= {"yes", "no"}      # the tested metrics, by default
    text = target.read_text(encoding="utf-8")
    tested = [k for k, v in verdicts.items() if v in ("yes", "no", "equivalent")]
    assert tested and set(tested) <= set(DEFAULT_TESTED)
    assert sorted(re.findall(r"<li class='power' data-metric='([a-z_0-9]+)'", text)) == sorted(tested)
    assert len(re.findall(r"<li class='finding ", text)) == len(tested)    # one sentence per tested comparison


def test_report_refuses_a_folder_that_is_not_a_sweep(tmp_path, cli):
    (tmp_path / "empty").mkdir()
    result = cli("report", str(tmp_path / "empty"), "-o", str(tmp_path / "r.html"))
    assert result.exit_code == 2
    assert "is not a sweep's results folder" in result.output
    assert not (tmp_path / "r.html").exists()


def test_report_names_an_unknown_baseline_and_stays_out_of_the_dataset(reference, tmp_path, cli):
    _path, _plan, folder, _result = reference
    result = cli("report", str(folder), "-o", str(folder / "report.html"))
    assert result.exit_code == 2 and "inside the results folder" in result.output
    assert not (folder / "report.html").exists()
    result = cli("report", str(folder), "-o", str(tmp_path / "r.html"), "--baseline", "four")
    assert result.exit_code == 2
    assert "--baseline 'four' is not a variant" in result.output and "two, three" in result.output
