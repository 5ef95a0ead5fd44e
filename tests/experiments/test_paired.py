"""Common random numbers and the paired report, on real sweeps of Webfeud on a real lexicon.

One sweep (bingo 40 against bingo 60, 200 games each, fixed seed) serves three
checks: game i of both variants is one deal (same deal id, same first racks,
computed here with the engine), the report finds the larger bonus's points
(the direction is known without any game: a larger bonus can only add points
to the turn that earns it), and says so in its summary.
"""

from __future__ import annotations

import re
import textwrap

import pyarrow.compute as pc
import pytest

from lexicon_tools.experiments.load import load_experiment
from lexicon_tools.experiments.paired import analyse
from lexicon_tools.experiments.results import read_rows
from lexicon_tools.experiments.runner import run_sweep

from .test_report import Page


def bonus_text(lexicon, games: int = 200, batch_size: int = 25, extra: str = "") -> str:
    return textwrap.dedent(f"""\
        name: bonus
        description: Does a bingo of 60 instead of 40 change Webfeud?
        base: webfeud
        lexicon: {lexicon}
        games: {games}
        seed: 7
        batch_size: {batch_size}
        strategies: greedy
        metrics: [score, bingos_60, first_player_win_rate]
        variants:
          - name: bingo40
          - name: bingo60
            rules: {{bingo: {{7: 60}}}}
        """) + extra


@pytest.fixture(scope="module")
def bonus(tmp_path_factory, lexicon, dask_client):
    folder = tmp_path_factory.mktemp("bonus")
    path = folder / "bonus.yaml"
    path.write_text(bonus_text(lexicon), encoding="utf-8")
    plan = load_experiment(path)
    run_sweep(plan, folder / "results", client=dask_client, quiet=True)
    return path, plan, folder / "results"


def _variant(table, name):
    return table.filter(pc.equal(table.column("variant"), name)).to_pylist()


def test_game_i_of_every_variant_plays_the_same_deal(bonus):
    from lexicon_tools.engine.game import Game
    from lexicon_tools.jobs.play import judge_from_file

    _path, plan, folder = bonus
    rows = read_rows(folder)
    low, high = _variant(rows, "bingo40"), _variant(rows, "bingo60")
    assert [r["game"] for r in low] == [r["game"] for r in high] == list(range(200))
    assert [r["deal"] for r in low] == [r["deal"] for r in high]
    assert len({r["deal"] for r in low}) == 200                        # 200 different deals
    judge = judge_from_file(plan.variants[0].lexicon_path)
    for a, b in zip(low[:40], high[:40]):                               # the first racks, dealt by the engine
        racks = [[p.rack for p in Game(v.rules.for_game(r["seed"]), judge, 2, seed=r["seed"]).players]
                 for v, r in ((plan.variant("bingo40"), a), (plan.variant("bingo60"), b))]
        assert racks[0] == racks[1]
    # Before the first bingo nothing differs, so most deals give both variants the same game.
    same = sum(a["scores"] == b["scores"] for a, b in zip(low, high) if not a["bingos"] and not b["bingos"])
    assert same == sum(1 for a, b in zip(low, high) if not a["bingos"] and not b["bingos"])


def test_seeds_are_shared_when_the_tile_sets_differ(reference):
    _path, plan, folder, _result = reference             # "three" has one tile more than "two"
    assert plan.variant("two").rules.total_tiles() != plan.variant("three").rules.total_tiles()
    rows = read_rows(folder)
    two, three = _variant(rows, "two"), _variant(rows, "three")
    assert [(r["seed"], r["deal"]) for r in two] == [(r["seed"], r["deal"]) for r in three]


def test_the_larger_bonus_is_found_with_its_interval_and_said_in_words(bonus, tmp_path, cli):
    _path, _plan, folder = bonus
    analysis = analyse(folder)
    score = next(c for c in analysis.comparisons if c.metric.key == "score")
    rows = read_rows(folder)
    low, high = _variant(rows, "bingo40"), _variant(rows, "bingo60")
    per_deal = [sum(b["scores"]) / 2 - sum(a["scores"]) / 2 for a, b in zip(low, high)]
    assert score.paired and score.pairs == 200
    assert score.diff.diff == pytest.approx(sum(per_deal) / 200)
    assert score.diff.diff > 0 and score.diff.low > 0                  # positive, the interval excludes 0
    assert score.diff.real and score.tested
    tested = {c.metric.key for c in analysis.tested}
    assert tested <= {"score", "bingos_60", "first_player_win_rate"}    # Holm only over the requested metrics
    assert {c.metric.key for c in analysis.comparisons} >= {"bingos_40", "margin", "close_games", "lead_changes"}

    target = tmp_path / "bonus.html"
    out = cli("report", str(folder), "-o", str(target))
    assert out.exit_code == 0, out.output
    text = target.read_text(encoding="utf-8")
    page = Page()
    page.feed(text)
    summary = re.search(r"<section id='summary'>(.*?)</section>", text, re.S).group(1)
    finding = re.search(r"<li class='finding real' data-metric='score' data-variant='bingo60'>(.*?)</li>",
                        summary).group(1)
    plain = re.sub(r"<[^>]+>", "", finding)
    assert plain.startswith(f"bingo60 differs from bingo40 in points per player: {score.diff.diff:+,.3f} "
                            "points per player per game (more;")
    assert f"95% interval {score.diff.low:+,.3f} … {score.diff.high:+,.3f}" in plain and "real" in plain
    power = re.findall(r"<li class='power' data-metric='([a-z_0-9]+)' data-variant='bingo60'>", text)
    assert sorted(power) == sorted(tested)                                 # a power line per comparison
    assert "id='metric-bingos_40'" in text and "id='metric-bingos_60'" in text   # the bonuses apart
    wins = next(r for r in page.rows if r["section"] == "metric-first_player_win_rate"
                and r.get("data-variant") == "bingo40")
    assert "…" in wins["cells"][3]                                          # with its interval
    close = next(r for r in page.rows if r["section"] == "metric-close_games" and r.get("data-variant") == "bingo40")
    share = sum(abs(s[0] - s[1]) <= 20 for s in (r["scores"] for r in low)) / 200
    assert close["cells"][2] == f"{share:.1%}"                              # close games, from the rows
    assert "id='define-lead_changes'" in text and "id='define-close_games'" in text


@pytest.mark.parametrize("key, metric, sentence", [
    ("metrics", "[score, bingos_30, end_passes_in_a_row, seat_spread]", None),
    ("metrics", "[score, luck]", "unknown metric 'luck'"),
    ("baseline", "bingo50", "baseline 'bingo50' is not a variant"),
    ("equivalence", "{turns: 2}", "'turns' is not one of the tested metrics"),
    ("equivalence", "{score: -1}", "the margin of 'score' must be a positive number"),
    ("pairing", "always", "Input should be 'deals' or 'none'"),
])
def test_comparison_fields_are_checked_with_their_lines(tmp_path, lexicon, cli, key, metric, sentence):
    text = bonus_text(lexicon)
    text = re.sub(r"^metrics: .*\n", "", text, flags=re.M) + f"{key}: {metric}\n"
    if key == "equivalence":
        text += "metrics: [score]\n"
    path = tmp_path / "e.yaml"
    path.write_text(text, encoding="utf-8")
    out = cli("sweep", str(path), "--check")
    if sentence is None:
        assert out.exit_code == 0, out.output
        return
    assert out.exit_code == 2 and sentence in out.output and "Traceback" not in out.output
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith(f"{key}:"))
    assert f"e.yaml:{line}" in out.output


def test_until_decided_stops_when_decided_and_at_the_cap_and_says_which(tmp_path, lexicon, cli, dask_client):
    scheduler = dask_client.scheduler.address
    strong = tmp_path / "strong.yaml"     # seat 1 greedy against a random seat 2: seat 1 wins nearly always
    strong.write_text(bonus_text(lexicon, games=2, batch_size=2).replace(
        "rules: {bingo: {7: 60}}", "strategies: greedy,random").replace(
        "metrics: [score, bingos_60, first_player_win_rate]", "metrics: [first_player_win_rate]"), encoding="utf-8")
    out = cli("sweep", str(strong), "-o", str(tmp_path / "strong"), "--scheduler", scheduler, "--quiet",
              "--until-decided", "--max-games", "40")
    assert out.exit_code == 0, out.output
    rounds = re.findall(r"After (\d+) games per variant: (\d) of (\d) requested", out.output)
    assert len(rounds) >= 2 and rounds[0][0] == "2" and rounds[-1][1:] == ("1", "1")
    final = int(rounds[-1][0])
    assert final < 40 and f"Decided after {final} games per variant" in out.output
    assert [int(g) for g, _, _ in rounds] == sorted(int(g) for g, _, _ in rounds)
    one = tmp_path / "one.yaml"                            # the same games in one sweep
    one.write_text(strong.read_text(encoding="utf-8").replace("games: 2\n", f"games: {final}\n"), encoding="utf-8")
    run_sweep(load_experiment(one), tmp_path / "one", client=dask_client, quiet=True)
    assert read_rows(tmp_path / "strong").to_pylist() == read_rows(tmp_path / "one").to_pylist()

    weak = tmp_path / "weak.yaml"                          # a rare bingo's bonus: not decided in 8 games
    weak.write_text(bonus_text(lexicon, games=4, batch_size=4).replace(
        "metrics: [score, bingos_60, first_player_win_rate]", "metrics: [score]"), encoding="utf-8")
    out = cli("sweep", str(weak), "-o", str(tmp_path / "weak"), "--scheduler", scheduler, "--quiet",
              "--until-decided", "--max-games", "8")
    assert out.exit_code == 0, out.output
    assert "Not decided at the cap of 8 games per variant (--max-games): 1 comparison(s) still open " \
           "(bingo60 score)" in out.output
    assert read_rows(tmp_path / "weak").num_rows == 16


def test_smartfeud_bonuses_of_30_and_50_are_metrics_of_their_own():
    """Rows as the worker writes them (`results.schema`): three SmartFeud games with bingos of 30 and 50."""
    import pyarrow as pa

    from lexicon_tools.experiments.metrics import metrics_of
    from lexicon_tools.experiments.results import schema

    games = [([30, 50], [310, 280], 0), ([], [250, 251], 2), ([30, 30, 30], [400, 180], 5)]
    rows = {name: [] for name in schema().names}
    for i, (bonuses, scores, changes) in enumerate(games):
        row = {name: None for name in rows}
        row.update(variant="smartfeud", game=i, deal=i, scores=scores, bingos=len(bonuses), bingo_bonuses=bonuses,
                   lead_changes=changes, first_share=float(scores[0] > scores[1]), end_reason="rack_empty",
                   timeouts=0, invalid_turns=0)
        for name in rows:
            rows[name].append(row[name])
    table = pa.Table.from_pydict(rows, schema=schema())
    metrics = {m.key: m for m in metrics_of(table)}
    assert list(metrics["bingos_30"].values(table)) == [1, 0, 3]
    assert list(metrics["bingos_50"].values(table)) == [1, 0, 0]
    assert list(metrics["bingos"].values(table)) == [2, 0, 3]
    assert list(metrics["margin"].values(table)) == [30, 1, 220]
    assert list(metrics["close_games"].values(table)) == [0, 1, 0]          # decided by 20 points or less
    assert list(metrics["seat_spread"].values(table)) == [15, 0.5, 110]
    assert list(metrics["lead_changes"].values(table)) == [0, 2, 5]
    assert list(metrics["end_rack_empty"].values(table)) == [1, 1, 1]
    assert all(m.definition for m in metrics.values())                       # each defined in one line
