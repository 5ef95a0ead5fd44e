"""Experiment files through the real CLI: a bad file is a located error with exit code 2, never a traceback.

No cluster is started: validation happens before any game is played.
"""

from __future__ import annotations

import functools
import re
import subprocess
import sys
import textwrap

from lexicon_tools.experiments.load import load_experiment
from lexicon_tools.experiments.plan import deal_seed, variant_game_seed

from .conftest import experiment_text


def _line_of(path, needle: str) -> int:
    """1-based line of the first line of `path` containing `needle`."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


def _problems(output: str) -> list[str]:
    return [line.strip()[2:] for line in output.splitlines() if line.strip().startswith("- ")]


def test_a_valid_experiment_expands_its_grid_and_checks_the_plan(cli, write_experiment, lexicon):
    path = write_experiment()
    plan = load_experiment(path)
    assert [v.name for v in plan.variants] == ["two", "three"]
    assert [v.rules.counts[0] for v in plan.variants] == [2, 3]          # blanks in the bag
    assert plan.variants[0].rules_hash != plan.variants[1].rules_hash
    assert plan.variants[0].lexicon_hash == plan.variants[1].lexicon_hash
    batches = plan.batches()
    assert len(batches) == 2 * 6 and len({b.id for b in batches}) == 12
    batches = list(batches)
    assert list(load_experiment(path).batches()) == batches               # ids are deterministic
    tasks = [plan.task(b) for b in (batches[0], batches[6])]              # game 0 of "two" and of "three"
    assert [t.batch.variant for t in tasks] == ["two", "three"]
    assert tasks[0].seed(0) == tasks[1].seed(0) == deal_seed(11, 0)       # paired: one deal, two tile sets
    assert tasks[0].seed(1) != tasks[0].seed(0)
    unpaired = load_experiment(write_experiment(experiment_text(lexicon).replace("seed: 11\n", "seed: 11\npairing: none\n"),
                                                  name="unpaired.yaml"))
    seeds = [unpaired.task(b).seed(0) for b in (list(unpaired.batches())[0], list(unpaired.batches())[6])]
    assert seeds == [variant_game_seed(11, "two", 0), variant_game_seed(11, "three", 0)] and seeds[0] != seeds[1]
    assert {b.id for b in unpaired.batches()}.isdisjoint(b.id for b in batches)   # other games, other batches
    result = cli("sweep", str(path), "--check")
    assert result.exit_code == 0, result.output
    assert "2 variant(s) x 24 games = 48 games in 12 batches" in result.output
    assert "three: webfeud, 2 players (greedy,greedy)" in result.output


def test_schema_problems_are_all_reported_with_their_lines(cli, write_experiment, lexicon):
    text = experiment_text(lexicon).replace("games: 24", "games: 0").replace("seed: 11", "seed: 11\ncolour: red")
    path = write_experiment(text)
    result = cli("sweep", str(path))
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    problems = _problems(result.output)
    assert f"{path}:{_line_of(path, 'games:')} [games]" in problems[0] and "greater than or equal to 1" in problems[0]
    assert any(f"{path}:{_line_of(path, 'colour:')} [colour]: unknown key 'colour'" in p for p in problems)


def test_a_house_rule_override_problem_points_at_the_experiment_line(cli, write_experiment, lexicon):
    text = experiment_text(lexicon) + textwrap.indent(textwrap.dedent("""\
        big-rack:
          rules:
            rack: {size: 99}
          strategies: greedy,clever
        """), "    ")
    path = write_experiment(text)
    result = cli("sweep", str(path))
    assert result.exit_code == 2, result.output
    problems = _problems(result.output)
    rack = [p for p in problems if "[rack.size]" in p]
    assert rack and rack[0].startswith(f"{path}:{_line_of(path, 'rack: {size: 99}')} [rack.size]")
    assert "variant 'big-rack'" in rack[0]
    strategy = [p for p in problems if "clever" in p]
    assert strategy and strategy[0].startswith(f"{path}:{_line_of(path, 'strategies: greedy,clever')}")


def test_levels_of_two_axes_setting_the_same_field_are_refused(cli, write_experiment, lexicon):
    text = experiment_text(lexicon) + textwrap.indent(textwrap.dedent(f"""\
        words:
          small:
            lexicon: {lexicon}
          again:
            lexicon: {lexicon}
            players: 3
        """), "  ")
    text = text.replace("    two: {}\n", f"    two:\n      lexicon: {lexicon}\n")
    path = write_experiment(text)
    result = cli("sweep", str(path))
    assert result.exit_code == 2, result.output
    problems = _problems(result.output)
    assert any("'lexicon' is set by two levels" in p for p in problems)
    assert any(f":{_line_of(path, 'players: 3')} [grid.words.again.players]" in p and "2-2 players" in p
               for p in problems)


def test_unknown_base_and_missing_lexicon_are_located(cli, write_experiment, tmp_path):
    path = write_experiment(textwrap.dedent(f"""\
        base: scrabble-klingon
        games: 5
        """))
    result = cli("sweep", str(path))
    assert result.exit_code == 2
    assert f"{path}:1 [base]: unknown ruleset 'scrabble-klingon'" in result.output
    path = write_experiment(textwrap.dedent(f"""\
        base: webfeud
        lexicon: {tmp_path / 'nowhere.lex'}
        games: 5
        """), name="nolex.yaml")
    result = cli("sweep", str(path))
    assert result.exit_code == 2
    assert re.search(rf"{re.escape(str(path))}:2 \[lexicon\]: .*nowhere\.lex.* does not exist", result.output)


def test_not_yaml_is_a_located_error_through_the_installed_command(write_experiment):
    path = write_experiment("base: webfeud\ngames: [1, 2\n")
    out = subprocess.run([sys.executable, "-m", "lexicon_tools", "sweep", str(path)],
                         capture_output=True, text=True)
    assert out.returncode == 2, out.stderr
    assert f"{path}:3: invalid YAML" in out.stderr and "Traceback" not in out.stderr


def test_workers_are_at_least_one_and_at_most_the_cores(cli, write_experiment):
    path = write_experiment()
    result = cli("sweep", str(path), "--workers", "0", "--check")
    assert result.exit_code == 2 and "--workers must be at least 1" in result.output
    result = cli("sweep", str(path), "--workers", "999", "--check")
    assert result.exit_code == 0 and "--workers 999 capped to the" in result.output
    result = cli("sweep", str(path), "--workers", "1", "--scheduler", "tcp://127.0.0.1:1")
    assert result.exit_code == 2 and "give one of them" in result.output


def test_variants_set_boards_tile_sets_and_seats(write_experiment, lexicon, tmp_path):
    from lexicon_tools.resources import rulesets_dir

    (tmp_path / "tiles.yaml").write_text(textwrap.dedent("""\
        tiles:
          total: 32
          blank: {symbol: "?", count: 1, scores: zero}
          letters: {A: [2, 1], Ä: [1, 5], B: [1, 3], C: [1, 4], D: [1, 1], E: [2, 1], F: [1, 4], G: [1, 2],
                    H: [1, 2], I: [1, 1], J: [1, 6], K: [1, 4], L: [1, 2], M: [1, 3], N: [1, 1], O: [1, 2],
                    Ö: [1, 7], P: [1, 4], Q: [1, 10], R: [1, 1], S: [1, 1], T: [1, 1], U: [1, 1], Ü: [1, 6],
                    V: [1, 6], W: [1, 3], X: [1, 8], Y: [1, 10], Z: [1, 3]}
        """), encoding="utf-8")
    path = write_experiment(textwrap.dedent(f"""\
        base: webfeud
        lexicon: {lexicon}
        games: 4
        variants:
          - name: standard
            layout: {rulesets_dir() / 'layouts' / 'wordfeud-15.yaml'}
          - name: random-board
            random_board: {{seed: 3, symmetry: d4}}
          - name: few-tiles
            tiles: tiles.yaml
            players: 2
            strategies: [greedy, random]
        """))
    plan = load_experiment(path)
    standard, random_board, few = plan.variants
    assert standard.rules.premium_kind != random_board.rules.premium_kind
    assert random_board.rules.random_board is None and "seed3" in random_board.board["name"]
    assert sum(few.rules.counts) == 32 and few.strategies == ("greedy", "random")
    assert len({v.rules_hash for v in plan.variants}) == 3

    boards = write_experiment(textwrap.dedent(f"""\
        base: webfeud
        lexicon: {lexicon}
        games: 4
        grid:
          board:
            random_boards: {{count: 3, first_seed: 10}}
          seats:
            greedy: {{strategies: greedy}}
            mixed: {{strategies: "greedy,random"}}
        """), name="boards.yaml")
    plan = load_experiment(boards)
    assert [v.name for v in plan.variants][:2] == ["board=board10,seats=greedy", "board=board10,seats=mixed"]
    assert len(plan.variants) == 6
    assert len({tuple(v.rules.premium_kind) for v in plan.variants}) == 3


def test_batch_ids_do_not_depend_on_where_the_files_are(tmp_path, lexicon):
    from lexicon_tools.resources import rulesets_dir

    ids = []
    for place in ("here", "there/deeper"):
        folder = tmp_path / place
        folder.mkdir(parents=True)
        (folder / "board.yaml").write_bytes((rulesets_dir() / "layouts" / "wordfeud-15.yaml").read_bytes())
        (folder / "words.lex").write_bytes(lexicon.read_bytes())
        (folder / "exp.yaml").write_text("name: moved\nbase: webfeud\nlexicon: words.lex\ngames: 5\n"
                                         "variants:\n  - name: own-board\n    layout: board.yaml\n", encoding="utf-8")
        ids.append([b.id for b in load_experiment(folder / "exp.yaml").batches()])
    assert ids[0] == ids[1]                   # a sweep can be resumed from another checkout or machine


def test_a_leave_file_of_another_game_is_a_located_error(cli, write_experiment, lexicon, tmp_path):
    from lexicon_tools.io.formats.leavefile import bundled_path

    (tmp_path / "smartfeud.leaves").write_bytes(bundled_path("smartfeud").read_bytes())
    text = experiment_text(lexicon).replace("strategies: greedy\n", "strategies: equity\nleaves: smartfeud.leaves\n")
    path = write_experiment(text)
    result = cli("sweep", str(path), "--check")
    assert result.exit_code == 2, result.output
    assert f"{path}:{_line_of(path, 'leaves:')} [leaves]" in result.output


def test_bad_seat_behaviour_values_are_located_errors(cli, write_experiment, lexicon):
    """`play`'s --professional, --time-limit, --think and --invalid-rate, checked as the game checks them."""
    text = experiment_text(lexicon).replace("strategies: greedy", "strategies: greedy\ninvalid_rate: 1.5")
    text += textwrap.indent(textwrap.dedent("""\
        mode:
          pro: {professional: true}
          odd: {professional: maybe}
          clock: {time_limit: 3 minutes, think: [90s, 4m, 1m]}
        """), "  ")
    path = write_experiment(text)
    result = cli("sweep", str(path), "--check")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    problems = _problems(result.output)
    line = functools.partial(_line_of, path)
    expected = [
        (f"{path}:{line('professional: maybe')} [grid.mode.odd.professional]", "valid boolean"),
        (f"{path}:{line('professional: true')} [grid.mode.pro.professional]", "webfeud has no professional mode"),
        (f"{path}:{line('time_limit: 3 minutes')} [grid.mode.clock.time_limit]", "not a time limit: '3 minutes'"),
        (f"{path}:{line('time_limit: 3 minutes')} [grid.mode.clock.think]", "3 values for 'think' with 2 players"),
        (f"{path}:{line('invalid_rate: 1.5')} [invalid_rate]", "not a rate: '1.5'"),
    ]
    for where, what in expected:
        assert any(p.startswith(where) and what in p for p in problems), (where, what, problems)


def test_seat_behaviour_can_vary_as_an_axis_and_changes_the_batches(write_experiment, lexicon):
    text = experiment_text(lexicon) + textwrap.indent(textwrap.dedent("""\
        seats:
          people: {think: 90s, invalid_rate: [0.2, 0], time_limit: 2m}
          machines: {}
        """), "  ")
    plan = load_experiment(write_experiment(text))
    assert [v.name for v in plan.variants] == ["blanks=two,seats=people", "blanks=two,seats=machines",
                                               "blanks=three,seats=people", "blanks=three,seats=machines"]
    people = plan.variant("blanks=three,seats=people")
    assert people.behaviour.time_limit == "2m" and people.behaviour.professional is None   # the ruleset's mode
    assert [(m.think_median, m.invalid_rate) for m in people.behaviour.models] == [(90.0, 0.2), (90.0, 0.0)]
    assert plan.variant("blanks=three,seats=machines").behaviour is None    # as `play` without the options
    manifest = {v["name"]: v for v in plan.manifest()["variants"]}
    assert manifest["blanks=three,seats=people"]["behaviour"]["think"] == [90.0, 90.0]
    ids = {b.variant: b.id for b in plan.batches() if b.start == 0}
    assert ids["blanks=three,seats=people"] != ids["blanks=three,seats=machines"]


def test_a_missing_default_lexicon_names_the_experiments_lexicon_field(cli, write_experiment):
    # sweep has no --lexicon option: the hint must name what the user can write instead (issue 27)
    path = write_experiment("base: webfeud\ngames: 5\n", name="nodefault.yaml")
    result = cli("sweep", str(path), "--check")
    assert result.exit_code == 2
    assert "no lexicon has been built for ruleset 'webfeud'" in result.output
    assert "`lexicon:` field" in result.output and "--lexicon" not in result.output
