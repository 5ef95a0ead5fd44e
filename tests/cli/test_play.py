"""`lexicon-tools play` and `replay` through the real CLI, on real .lex files.

The lexicons are built with the project's own pipeline (`build_from_verdicts`)
from the first rows of the bundled German noun corpus, plus one rejected word
with a reason, so the engine's messages can quote the verdict table.
"""

from __future__ import annotations

import io
import json
import shutil

import pytest
from PIL import Image

from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.jobs.build import build_from_verdicts
from lexicon_tools.io.readers.corpus_sample import corpus_forms
from lexicon_tools.resources import default_lexicon_path

ROWS = 4000


def _corpus_words(limit: int = ROWS) -> list[str]:
    words = corpus_forms(limit)
    return words


@pytest.fixture(scope="module")
def lexicons(tmp_path_factory):
    words = _corpus_words()
    out = {}
    for name in ("webfeud", "smartfeud", "wortspieler", "webfeud-en"):
        rs = load_ruleset(name)
        alphabet = rs.make_alphabet()
        verdicts = []
        for i, word in enumerate(words):
            normal = alphabet.normalize(word)
            if alphabet.is_tileable(normal) and 2 <= len(normal) <= rs.word_policy.lengths.max:
                verdicts.append(Verdict(Entry(word, source=f"nouns.csv:{i}"), normal, True, "listed"))
        verdicts.append(Verdict(Entry("Katze"), "KATZE", True, "nom-sg"))
        verdicts.append(Verdict(Entry("Katzen", lemma="Katze"), "KATZEN", False, "inflected-form:plural-of:KATZE"))
        path = tmp_path_factory.mktemp("lex") / f"{name}.lex"
        build_from_verdicts(rs, verdicts, path)
        out[name] = path
    return out


def _json(result):
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_play_reports_statistics_as_json(cli, lexicons):
    data = _json(cli("play", "--ruleset", "webfeud", "--lexicon", str(lexicons["webfeud"]), "--games", "12",
                     "--strategy", "greedy,random", "--seed", "7", "--json", "--quiet"))
    assert data["games"] == 12 and data["players"] == 2 and data["strategies"] == ["greedy", "random"]
    assert [s["seat"] for s in data["seats"]] == [1, 2]
    assert sum(s["wins"] for s in data["seats"]) == pytest.approx(12)
    assert data["seats"][0]["score"]["mean"] > data["seats"][1]["score"]["mean"]   # greedy beats random
    assert data["game_length"]["turns"]["mean"] > 5
    assert data["mean_move_score"] > 0
    assert set(data["premiums"]["uses_per_square_per_game"]) == {"DL", "TL", "DW", "TW"}
    assert sum(data["end_reasons"].values()) == 12


def test_play_uses_the_default_lexicon_and_prints_a_summary(cli, lexicons, isolated_data_home):
    target = default_lexicon_path("smartfeud")
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(lexicons["smartfeud"], target)
    result = cli("play", "--ruleset", "smartfeud", "--players", "3", "--games", "2", "--seed", "1", "-q")
    assert result.exit_code == 0, result.output
    assert "2 game(s) of smartfeud, 3 players" in result.stdout
    assert "letter takes" in result.stdout and "first-player win rate" in result.stdout


def test_a_serial_run_reads_the_lexicon_once(cli, lexicons, monkeypatch):
    """The lexicon checked against the ruleset is the one the games use: one load, not two
    (~0.5 s each for a default lexicon). A spy counts the calls of the real loader."""
    from lexicon_tools.io.formats import lexfile

    real, calls = lexfile.load_lexicon, []

    def counting(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(lexfile, "load_lexicon", counting)
    _json(cli("play", "--ruleset", "webfeud", "--lexicon", str(lexicons["webfeud"]), "--games", "3",
              "--strategy", "greedy", "--json", "-q"))
    assert [str(p) for p in calls] == [str(lexicons["webfeud"])]


def test_workers_give_the_same_statistics_as_a_serial_run(cli, lexicons):
    args = ("play", "--ruleset", "wortspieler", "--lexicon", str(lexicons["wortspieler"]), "--games", "4",
            "--strategy", "greedy,random", "--seed", "3", "--json", "-q")
    assert _json(cli(*args, "--workers", "2")) == _json(cli(*args))


def test_records_replay_and_tampering_is_located(cli, lexicons, tmp_path):
    folder = tmp_path / "games"
    result = cli("play", "--ruleset", "smartfeud", "--lexicon", str(lexicons["smartfeud"]), "--games", "2",
                 "--seed", "2", "--record", str(folder), "-q")
    assert result.exit_code == 0, result.output
    records = sorted(folder.glob("*.gcg"))
    assert [p.name for p in records] == ["smartfeud-0001.gcg", "smartfeud-0002.gcg"]
    for record in records:
        replayed = cli("replay", str(record), "--lexicon", str(lexicons["smartfeud"]))
        assert replayed.exit_code == 0, replayed.output
        assert "all legal and scored as recorded" in replayed.stdout
    lines = records[0].read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(">") and " +0 " not in line)
    parts = lines[index].split()
    parts[-2] = f"+{int(parts[-2]) + 3}"
    lines[index] = " ".join(parts)
    bad = tmp_path / "bad.gcg"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli("replay", str(bad), "--lexicon", str(lexicons["smartfeud"]))
    assert result.exit_code == 2
    assert f"bad.gcg:{index + 1}:" in result.output and "Traceback" not in result.output


def test_a_record_cut_off_mid_game_is_refused_unless_partial(cli, lexicons, tmp_path):
    folder = tmp_path / "games"
    assert cli("play", "--ruleset", "webfeud", "--lexicon", str(lexicons["webfeud"]), "--games", "1",
               "--strategy", "greedy", "--record", str(folder), "-q").exit_code == 0   # a game of 6+ turns
    lines = (folder / "webfeud-0001.gcg").read_text(encoding="utf-8").splitlines()
    turns = [i for i, line in enumerate(lines) if line.startswith(">")]
    cut = tmp_path / "cut.gcg"
    cut.write_text("\n".join(lines[:turns[5] + 1]) + "\n", encoding="utf-8")
    result = cli("replay", str(cut), "--lexicon", str(lexicons["webfeud"]))
    assert result.exit_code == 2
    assert "no #end line" in result.output and "--partial" in result.output and "Traceback" not in result.output
    result = cli("replay", str(cut), "--lexicon", str(lexicons["webfeud"]), "--partial")
    assert result.exit_code == 0, result.output
    assert "6 turns replayed" in result.stdout and "not finished" in result.stdout


def test_thinking_time_and_invalid_attempts_take_effect(cli, lexicons):
    base = ("play", "--ruleset", "smartfeud", "--lexicon", str(lexicons["smartfeud"]), "--games", "4",
            "--seed", "5", "--json", "-q", "--professional", "--time-limit", "3m")
    plain = _json(cli(*base))
    assert "timeout" not in plain["turn_kinds_per_game"] and "invalid" not in plain["turn_kinds_per_game"]
    human = _json(cli(*base, "--think", "2m", "--think-spread", "0.8", "--invalid-rate", "0.2"))
    assert human["turn_kinds_per_game"]["timeout"] > 0 and human["turn_kinds_per_game"]["invalid"] > 0
    assert human == _json(cli(*base, "--think", "2m", "--think-spread", "0.8", "--invalid-rate", "0.2"))
    casual = _json(cli(*base[:-3], "--casual", "--invalid-rate", "0.3"))
    assert "invalid" not in casual["turn_kinds_per_game"]
    assert casual["special_moves_per_game"]["refused_attempts"] > 0


def test_smartfeud_statistics_report_bonus_and_take_rates(cli, lexicons):
    data = _json(cli("play", "--ruleset", "smartfeud", "--lexicon", str(lexicons["smartfeud"]), "--games", "3",
                     "--json", "-q"))
    assert set(data["bingos"]["by_bonus"]) <= {"30", "50"}
    assert data["letter_takes"]["per_game"] == data["special_moves_per_game"]["letter_takes"]
    assert 0 < data["letter_takes"]["per_placement"] <= 1


def test_heatmap_is_written(cli, lexicons, tmp_path):
    target = tmp_path / "usage.png"
    result = cli("play", "--ruleset", "webfeud", "--lexicon", str(lexicons["webfeud"]), "--games", "2",
                 "--heatmap", str(target), "-q")
    assert result.exit_code == 0, result.output
    image = Image.open(io.BytesIO(target.read_bytes()))
    assert image.format == "PNG" and image.size[0] > 15 * 30


def test_the_engine_quotes_the_lexicon_reason(lexicons):
    from lexicon_tools.engine.game import Game
    from lexicon_tools.engine.notation import parse_place
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.engine.setup import set_position
    from lexicon_tools.errors import InvalidWordError
    from lexicon_tools.jobs.play import judge_from_file

    rules = Rules.from_ruleset(load_ruleset("wortspieler"))
    game = set_position(Game(rules, judge_from_file(str(lexicons["wortspieler"])), 2), None, {0: "KATZEN"})
    with pytest.raises(InvalidWordError) as info:
        game.play(parse_place(rules, game.board, "8F KATZEN", game.text))
    assert info.value.message == "KATZEN is not a word in wortspieler: inflected form (plural of KATZE)"


@pytest.mark.parametrize("args,message", [
    (("--strategy", "clever"), "unknown strategy 'clever'"),
    (("--players", "3"), "webfeud is played by 2-2 players, not 3"),
    (("--strategy", "greedy,random,greedy"), "3 strategies for 2 players"),
    (("--games", "0"), "--games and --workers must be at least 1"),
    (("--professional",), "webfeud has no professional mode"),
    (("--invalid-rate", "2"), "not a rate: '2'"),
    (("--think", "soon"), "not a time limit: 'soon'"),
    (("--think", "1m,2m,3m"), "3 values for --think with 2 players"),
])
def test_usage_errors_exit_2(cli, lexicons, args, message):
    result = cli("play", "--ruleset", "webfeud", "--lexicon", str(lexicons["webfeud"]), "-q", *args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_missing_lexicon_says_how_to_build_it(cli):
    result = cli("play", "--ruleset", "wortspieler", "-q")
    assert result.exit_code == 2
    assert "lexicon-tools build --ruleset wortspieler" in result.output


def test_a_lexicon_for_other_tiles_is_refused(cli, lexicons):
    result = cli("play", "--ruleset", "webfeud", "--lexicon", str(lexicons["webfeud-en"]), "-q")
    assert result.exit_code == 2
    assert "uses the tiles" in result.output


def test_replay_of_a_missing_file(cli, tmp_path):
    result = cli("replay", str(tmp_path / "none.gcg"))
    assert result.exit_code == 2 and "does not exist" in result.output


def test_play_refuses_to_overwrite_its_lexicon_with_a_record_or_heatmap(cli, lexicons, tmp_path):
    lexicon = tmp_path / "webfeud-0001.gcg"
    shutil.copy(lexicons["webfeud"], lexicon)
    before = lexicon.read_bytes()
    for extra in (("--record", str(tmp_path)), ("--heatmap", str(lexicon))):
        result = cli("play", "--ruleset", "webfeud", "--lexicon", str(lexicon), "--games", "1", "-q", *extra)
        assert result.exit_code == 2, result.output
        assert "same file" in result.output and "Traceback" not in result.output
    assert lexicon.read_bytes() == before
