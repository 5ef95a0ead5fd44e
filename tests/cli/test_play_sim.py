"""`play --strategy sim` through the real CLI: statistics, records that replay, budget flags, mistakes."""

from __future__ import annotations

import json

from tests.cli.test_play import lexicons  # noqa: F401  (the module's real .lex files)


def test_play_with_a_sim_seat_records_games_that_replay(cli, lexicons, tmp_path):  # noqa: F811
    folder = tmp_path / "games"
    result = cli("play", "--ruleset", "webfeud", "--lexicon", str(lexicons["webfeud"]), "--games", "2",
                 "--strategy", "sim:candidates=3:plies=1,greedy", "--sim-iterations", "3", "--seed", "4",
                 "--record", str(folder), "--json", "-q")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["strategies"][0].startswith("sim") and data["games"] == 2
    for record in sorted(folder.glob("*.gcg")):
        replayed = cli("replay", str(record), "--lexicon", str(lexicons["webfeud"]))
        assert replayed.exit_code == 0, replayed.output
        assert "all legal and scored as recorded" in replayed.stdout


def test_a_wrong_sim_setting_is_a_message_not_a_traceback(cli, lexicons):  # noqa: F811
    result = cli("play", "--ruleset", "webfeud", "--lexicon", str(lexicons["webfeud"]), "--games", "1",
                 "--strategy", "sim:plys=2", "-q")
    assert result.exit_code != 0
    assert "plys" in result.output and "Traceback" not in result.output
