"""`lexicon-tools replay RECORD --annotate` (and `moves --record` on a GCG) through the real CLI, on real files.

The games are the GCG fixture (a self-play game written as GCG, see
tests/io/formats/gcg_fixtures/README.md) and games played here by `play --record`.
A seat that played by a strategy must be, annotated by that same strategy, the
best move in every turn with nothing lost; the best move's value must be what
`Equity.move_value` gives the same move; malformed and illegal files end in a
located message and exit 2, never a traceback.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lexicon_tools.cli.app import app

sys.path.insert(0, str(Path(__file__).parents[1] / "io" / "formats"))
from gcg_support import FIXTURES, build_fixture_lexicon  # noqa: E402

FIXTURE = FIXTURES / "webfeud-selfplay.gcg"


def run(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory):
    return build_fixture_lexicon("webfeud", tmp_path_factory.mktemp("lex"))


def _annotation(lexicon, path, *extra):
    result = run("replay", path, "--lexicon", lexicon, "--annotate", "--json", *extra)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("strategy,seat", [("equity", "anna"), ("greedy", "ben")])
def test_the_seat_that_played_a_strategy_loses_nothing_by_it(lexicon, strategy, seat):
    data = _annotation(lexicon, FIXTURE, "--ruleset", "webfeud", "--strategy", strategy)
    turns = data["turns"]
    events = [ln for ln in FIXTURE.read_text(encoding="utf-8").splitlines() if ln.startswith(">")]
    assert len(turns) == len([ln for ln in events if not ln.split(": ", 1)[1].startswith("(")])
    mine = [t for t in turns if t["player"] == seat]
    assert mine and all(t["best_played"] and t["loss"] == 0 for t in mine), mine
    assert data["totals"][seat]["loss"] == 0
    for t in turns:
        assert t["loss"] >= 0
        if t["best_played"]:
            assert t["played_value"] == pytest.approx(t["best_value"], abs=1e-6), t   # move_value = the ranking
    other = [t for t in turns if t["player"] != seat]
    assert sum(t["loss"] for t in other) > 0          # the other strategy plays otherwise, and it shows
    assert data["finished"] == "out"


def test_the_text_lists_every_turn_and_quiet_only_the_totals(lexicon):
    full = run("replay", FIXTURE, "--ruleset", "webfeud", "--lexicon", lexicon, "--annotate")
    assert full.exit_code == 0, full.output
    quiet = run("replay", FIXTURE, "--ruleset", "webfeud", "--lexicon", lexicon, "--annotate", "--quiet")
    assert quiet.exit_code == 0, quiet.output
    data = _annotation(lexicon, FIXTURE, "--ruleset", "webfeud")
    lines = full.stdout.splitlines()
    turn_lines = [ln for ln in lines if re.match(r"\s*[0-9]+\. ", ln)]
    assert len(turn_lines) == len(data["turns"])
    for line, t in zip(turn_lines, data["turns"]):
        assert t["played"] in line and t["best"] in line
    assert quiet.stdout.splitlines() == lines[-len(quiet.stdout.splitlines()):]
    assert len(quiet.stdout.splitlines()) == 1 + len(data["totals"])


def test_a_recorded_smartfeud_game_is_annotated_takes_and_all(tmp_path):
    lex = build_fixture_lexicon("smartfeud", tmp_path, rows=5000)
    played = run("play", "--ruleset", "smartfeud", "--lexicon", lex, "--games", "1", "--strategy", "equity,greedy",
                 "--seed", "4", "--record", tmp_path / "g", "-q")
    assert played.exit_code == 0, played.output
    record = tmp_path / "g" / "smartfeud-0001.gcg"
    for strategy, seat in (("equity", "p1"), ("greedy", "p2")):
        data = _annotation(lex, record, "--strategy", strategy)
        mine = [t for t in data["turns"] if t["player"] == seat]
        assert mine and all(t["best_played"] for t in mine), [t for t in mine if not t["best_played"]]


def test_moves_on_a_gcg_turn_ranks_first_what_the_equity_seat_played(lexicon):
    text = FIXTURE.read_text(encoding="utf-8").splitlines()
    turns = [ln for ln in text if ln.startswith(">") and not ln.split(": ", 1)[1].startswith("(")]
    checked = 0
    for number, line in enumerate(turns, start=1):
        if not line.startswith(">anna:"):
            continue
        result = run("moves", "--record", FIXTURE, "--ruleset", "webfeud", "--lexicon", lexicon, "--turn", number,
                     "--top", 2, "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        rack = line.split()[1]
        racks = data["position"].split()[1]
        assert racks.startswith(rack + "/")                         # the GCG's rack
        assert (racks == rack + "/") == (data["bag"] > 0)           # the opponent's known only once the bag is empty
        assert data["moves"][0]["notation"] == data["played"], (number, data["moves"])
        assert data["moves"][0]["score"] == data["moves"][0]["engine_score"]
        checked += 1
    assert checked >= 10


def test_write_record_and_write_gcg_round_trip_through_the_cli(lexicon, tmp_path):
    out = run("replay", FIXTURE, "--ruleset", "webfeud", "--lexicon", lexicon, "--write-record", tmp_path / "a.rec")
    assert out.exit_code == 0, out.output
    back = run("replay", tmp_path / "a.rec", "--lexicon", lexicon, "--write-gcg", tmp_path / "b.gcg")
    assert back.exit_code == 0, back.output
    again = run("replay", tmp_path / "b.gcg", "--lexicon", lexicon, "--write-gcg", tmp_path / "c.gcg")
    assert again.exit_code == 0, again.output
    assert (tmp_path / "b.gcg").read_text(encoding="utf-8") == (tmp_path / "c.gcg").read_text(encoding="utf-8")
    moves = lambda p: [ln.split(":", 1)[1] for ln in p.read_text(encoding="utf-8").splitlines()  # noqa: E731
                       if ln.startswith(">")]
    assert moves(tmp_path / "b.gcg") == moves(FIXTURE)


def _write(tmp_path, text):
    path = tmp_path / "bad.gcg"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("change,expected", [
    (lambda t: t.replace(" H3 AMRIT. +16 16", " H3 TIMRA. +16 16"), "is not a word"),
    (lambda t: t.replace(" K1 AR.CHS +60 76", " K1 AR.CHS +61 77"), "scores 60, the record says 61"),
    (lambda t: t.replace(" K1 AR.CHS +60 76", " K1 AR.CHS 60 76"), "cannot read the line"),
    (lambda t: t.replace(">ben: AÄJSTWZ", ">carl: AÄJSTWZ"), "is not one of the players"),
])
def test_an_illegal_or_malformed_gcg_exits_2_naming_the_line(lexicon, tmp_path, change, expected):
    text = change(FIXTURE.read_text(encoding="utf-8"))
    path = _write(tmp_path, text)
    changed = next(n for n, (a, b) in enumerate(zip(text.splitlines(), FIXTURE.read_text(encoding="utf-8")
                                                   .splitlines()), 1) if a != b)
    for extra in ((), ("--annotate",)):
        result = run("replay", path, "--ruleset", "webfeud", "--lexicon", lexicon, *extra)
        assert result.exit_code == 2, result.output
        assert f"bad.gcg:{changed}:" in result.output and expected in result.output
        assert "Traceback" not in result.output


@pytest.mark.parametrize("args,expected", [
    (["--annotate", "--strategy", "sim"], "cannot rank the moves"),
    (["--annotate", "--strategy", "random"], "cannot rank the moves"),
    (["--json"], "belong to --annotate"),
])
def test_options_that_cannot_work_exit_2(lexicon, args, expected):
    result = run("replay", FIXTURE, "--ruleset", "webfeud", "--lexicon", lexicon, *args)
    assert result.exit_code == 2, result.output
    assert expected in result.output


def test_a_gcg_without_a_ruleset_asks_for_one(lexicon):
    result = run("replay", FIXTURE, "--lexicon", lexicon, "--annotate")
    assert result.exit_code == 2
    assert "names no ruleset" in result.output and "--ruleset" in result.output


@pytest.mark.parametrize("command, strategy", [
    (("moves", "--record", FIXTURE, "--turn", 3), "random"),       # moves ranks greedy, equity and sim
    (("replay", FIXTURE, "--annotate"), "sim"),                    # the equity lost needs every move's value
])
def test_a_strategy_that_cannot_rank_is_refused(lexicon, command, strategy):
    result = run(*command, "--ruleset", "webfeud", "--lexicon", lexicon, "--strategy", strategy)
    assert result.exit_code == 2
    assert "cannot rank the moves" in result.output


def test_annotate_reads_a_gcg_from_standard_input_but_cannot_write_copies_of_it(lexicon, tmp_path):
    text = FIXTURE.read_text(encoding="utf-8")
    piped = CliRunner().invoke(app, ["replay", "-", "--ruleset", "webfeud", "--lexicon", str(lexicon), "--annotate",
                                     "--quiet"], input=text)
    assert piped.exit_code == 0, piped.output
    assert "anna: best move played in" in piped.stdout
    refused = CliRunner().invoke(app, ["replay", "-", "--ruleset", "webfeud", "--lexicon", str(lexicon),
                                       "--write-gcg", str(tmp_path / "x.gcg")], input=text)
    assert refused.exit_code == 2 and "standard input" in refused.output
    assert not (tmp_path / "x.gcg").exists()
