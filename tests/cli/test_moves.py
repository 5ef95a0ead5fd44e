"""`lexicon-tools moves` on positions from recorded test games, through the real CLI and job, on real .lex files.

The games are played by `play --record` (equity against greedy, so both strategies
are checked) on lexicons built with the project's pipeline from the bundled noun
corpus. For every turn of every record, `moves` on the position before that turn,
ranked by the strategy of the seat that moved, must list as its first move the move
the game played (SmartFeud takes and exchanges included), and every listed move's
score must be the rules engine's, and the played move's score the record's.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from lexicon_tools.io.formats.gamerecord import read_record
from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.jobs.analysis import run_moves
from lexicon_tools.jobs.build import build_from_verdicts
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict

sys.path.insert(0, str(Path(__file__).parent))
from test_play import _corpus_words  # noqa: E402

GAMES = ("webfeud", "smartfeud", "wortspieler")


@pytest.fixture(scope="module")
def lexicons(tmp_path_factory):
    words = _corpus_words(2500)
    out = {}
    for name in GAMES:
        rs = load_ruleset(name)
        alphabet = rs.make_alphabet()
        verdicts = [Verdict(Entry(w, source=f"nouns.csv:{i}"), alphabet.normalize(w), True, "listed")
                    for i, w in enumerate(words)
                    if alphabet.is_tileable(alphabet.normalize(w))
                    and 2 <= len(alphabet.normalize(w)) <= rs.word_policy.lengths.max]
        path = tmp_path_factory.mktemp("lex") / f"{name}.lex"
        build_from_verdicts(rs, verdicts, path)
        out[name] = path
    return out


@pytest.fixture(scope="module")
def records(lexicons, tmp_path_factory):
    from typer.testing import CliRunner

    from lexicon_tools.cli.app import app

    folder = tmp_path_factory.mktemp("records")
    out = {}
    for name in GAMES:
        result = CliRunner().invoke(app, ["play", "--ruleset", name, "--lexicon", str(lexicons[name]), "--games", "2",
                                          "--strategy", "equity,greedy", "--seed", "5", "--record",
                                          str(folder / name), "-q"])
        assert result.exit_code == 0, result.output
        out[name] = sorted((folder / name).glob("*.gcg"))
    return out


def test_the_top_move_is_the_move_the_strategy_played(lexicons, records):
    checked, kinds, strategies = 0, set(), set()
    for name in GAMES:
        for path in records[name]:
            record = read_record(path)
            for number, row in enumerate(record.turns, start=1):
                result = run_moves(None, record=path, turn=number, top=4, lexicon=lexicons[name])
                best = result.candidates[0]
                assert best.notation == result.played, (path.name, number, result.strategy,
                                                        [c.notation for c in result.candidates])
                assert best.score == row.score, (path.name, number)          # the record's points
                for c in result.candidates:
                    assert c.engine_score == c.score, (path.name, number, c.notation)
                checked += 1
                strategies.add(result.strategy)
                kinds.add(row.kind)
                if "take:" in row.text:
                    kinds.add("take")
    assert checked >= 50
    assert strategies == {"equity", "greedy"}
    assert {"place", "exchange", "take"} <= kinds     # this seed's games hold every kind `moves` must rank


def _json(result) -> dict:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _mid_game(records) -> tuple[Path, int]:
    path = records["smartfeud"][0]
    return path, len(read_record(path).turns) // 2


def test_the_cgp_it_writes_it_reads_to_the_same_ranking(cli, lexicons, records):
    path, turn = _mid_game(records)
    lex = str(lexicons["smartfeud"])
    from_record = _json(cli("moves", "--record", str(path), "--turn", str(turn), "--lexicon", lex, "--json",
                            "--strategy", "greedy", "--top", "5"))
    assert from_record["bag"] > 7          # mid-game: the bag's order cannot matter
    from_cgp = _json(cli("moves", "--ruleset", "smartfeud", "--board", from_record["position"], "--lexicon", lex,
                         "--json", "--strategy", "greedy", "--top", "5"))
    assert from_cgp["position"] == from_record["position"]
    assert from_cgp["moves"] == from_record["moves"]
    assert from_cgp["generated"] == from_record["generated"]


def test_a_text_board_file_gives_the_cgp_ranking(cli, lexicons, records, tmp_path):
    from lexicon_tools.io.formats.cgp import parse_cgp

    path, turn = _mid_game(records)
    lex = str(lexicons["smartfeud"])
    base = _json(cli("moves", "--record", str(path), "--turn", str(turn), "--lexicon", lex, "--json",
                     "--strategy", "greedy"))
    letters = "".join(load_ruleset("smartfeud").alphabet.letters)
    pos = parse_cgp(base["position"], 16, 16, letters)
    board = tmp_path / "board.txt"
    board.write_text("# the board of a recorded SmartFeud game\n" + "\n".join(pos.rows) + "\n", encoding="utf-8")
    text = _json(cli("moves", "--ruleset", "smartfeud", "--board", str(board), "--rack", pos.rack, "--lexicon", lex,
                     "--json", "--strategy", "greedy"))
    assert [m["notation"] for m in text["moves"]] == [m["notation"] for m in base["moves"]]
    assert [m["score"] for m in text["moves"]] == [m["score"] for m in base["moves"]]


def test_the_text_listing_shows_words_leave_and_equity(cli, lexicons, records):
    path = records["webfeud"][0]
    result = cli("moves", "--record", str(path), "--turn", "2", "--lexicon", str(lexicons["webfeud"]), "--top", "3")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("position  ") and "ruleset webfeud;" in lines[0]
    played = next(line for line in lines if line.startswith("played"))
    first = next(line for line in lines if line.startswith("  1. "))
    assert played.split(None, 1)[1] in first and "equity" in first and "leave" in first


@pytest.mark.parametrize("args, located", [
    (["--ruleset", "webfeud", "--board", "15/15 AB/ 0/0 0"], "field 1 (board) has 2 rows"),
    (["--ruleset", "webfeud", "--board", "/".join(["15"] * 14 + ["7Q$6"]) + " AB/ 0/0 0"],
     "board row 15, column I: '$'"),
    (["--ruleset", "webfeud", "--board", "/".join(["15"] * 15) + " AB/ 0/0 0 ruleset smartfeud;"],
     "from ruleset smartfeud"),
    (["--ruleset", "webfeud", "--board", "/".join(["15"] * 15) + " QQQQ/ 0/0 0"], "tiles the game does not have"),
    (["--ruleset", "webfeud", "--board", "/".join(["15"] * 15) + " AB/ 0/0 0", "--strategy", "random"],
     "--strategy 'random'"),
    (["--ruleset", "webfeud", "--board", "no-such-board.txt"], "no such file"),
    (["--ruleset", "webfeud"], "either as --board"),
])
def test_a_malformed_position_is_refused_located_exit_2(cli, lexicons, args, located):
    result = cli("moves", *args, "--lexicon", str(lexicons["webfeud"]))
    assert result.exit_code == 2
    assert located in result.output
    assert "Traceback" not in result.output


def test_a_text_board_with_a_bad_row_and_a_turn_out_of_range_are_located(cli, lexicons, records, tmp_path):
    board = tmp_path / "b.txt"
    rows = ["." * 15] * 15
    rows[3] = "." * 7 + "1" + "." * 7
    board.write_text("\n".join(rows), encoding="utf-8")
    result = cli("moves", "--ruleset", "webfeud", "--board", str(board), "--rack", "AB",
                 "--lexicon", str(lexicons["webfeud"]))
    assert result.exit_code == 2 and f"{board}:4, column H: '1'" in result.output
    binary = tmp_path / "b.bin"
    binary.write_bytes(b"\xff\xfe" + bytes(100))
    result = cli("moves", "--ruleset", "webfeud", "--board", str(binary), "--rack", "AB",
                 "--lexicon", str(lexicons["webfeud"]))
    assert result.exit_code == 2 and "not UTF-8 text" in result.output
    path = records["webfeud"][0]
    turns = len(read_record(path).turns)
    result = cli("moves", "--record", str(path), "--turn", str(turns + 1), "--lexicon", str(lexicons["webfeud"]))
    assert result.exit_code == 2 and f"has turns 1-{turns}" in result.output


def test_joker_swaps_are_listed_where_the_cgp_lets_the_mover_swap(cli, lexicons):
    rows = ["16"] * 16
    rows[7] = "6HaUS6"                      # a joker standing for A on H8, the mover holds a natural A
    board = "/".join(rows) + " AEINRST/ 0/0 0"
    lex = str(lexicons["wortspieler"])
    free = _json(cli("moves", "--ruleset", "wortspieler", "--board", board, "--top", "60", "--json", "--lexicon", lex))
    swaps = [m for m in free["moves"] if m["notation"].startswith("swap:H8 ")]
    assert swaps and all(m["engine_score"] == m["score"] for m in swaps)
    assert free["position"].endswith("swappable H8;")
    barred = _json(cli("moves", "--ruleset", "wortspieler", "--board", board + " swappable;", "--top", "60", "--json",
                       "--lexicon", lex))
    assert not [m for m in barred["moves"] if "swap:" in m["notation"]]
    assert barred["position"].endswith("swappable;")


def test_the_first_moves_on_an_empty_board_are_every_word_over_the_star_scored_by_hand(cli, lexicons):
    """An independent oracle: on the empty Webfeud board the legal moves are exactly the lexicon's words
    spelt from the rack, laid across or down over the centre star (H8) at every offset, each scoring
    the sum of tile value x letter premium, times the word premiums (the layout's), plus the bonus."""
    from collections import Counter

    from lexicon_tools.engine.rules import Rules

    rs = load_ruleset("webfeud")
    rules = Rules.from_ruleset(rs)
    alphabet = rs.make_alphabet()
    words = {alphabet.normalize(w) for w in _corpus_words(2500)}
    rack = "AEHRSTU"
    code = {ch: i + 1 for i, ch in enumerate(rules.alphabet.letters)}
    centre = (7, 7)
    expected = set()
    for word in words:
        if not 2 <= len(word) <= rs.word_policy.lengths.max or Counter(word) - Counter(rack):
            continue
        for direction in ("across", "down"):
            for offset in range(len(word)):
                cells = [(centre[0], centre[1] - offset + k) if direction == "across"
                         else (centre[0] - offset + k, centre[1]) for k in range(len(word))]
                sqs = [r * rules.cols + c for r, c in cells]
                letters = sum(rules.values[code[ch]] * rules.letter_mult[sq] for ch, sq in zip(word, sqs))
                factor = 1
                for sq in sqs:
                    factor *= rules.word_mult[sq]
                r, c = cells[0]
                where = f"{r + 1}{chr(65 + c)}" if direction == "across" else f"{chr(65 + c)}{r + 1}"
                expected.add((f"{where} {word}", letters * factor + rules.bingo_bonus(len(word))))
    assert len(expected) >= 20              # the rack spells enough words to make this a test
    board = "/".join(["15"] * 15) + f" {rack}/ 0/0 0"
    got = _json(cli("moves", "--ruleset", "webfeud", "--board", board, "--strategy", "greedy", "--top", "5000",
                    "--json", "--lexicon", str(lexicons["webfeud"])))
    assert got["generated"] == len(expected)
    assert {(m["notation"], m["score"]) for m in got["moves"]} == expected
    assert got["moves"][0]["score"] == max(score for _, score in expected)
