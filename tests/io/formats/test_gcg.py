"""GCG files: the Webfeud-like fixture (a self-play game written as GCG, not a real game) is read, replayed
on the Webfeud ruleset with its recorded racks, converted to a record and back; malformed and illegal
files are refused naming the line. Real files, the real lexicon pipeline, the real rules engine."""

from __future__ import annotations

import pytest

from gcg_support import FIXTURES, build_fixture_lexicon
from lexicon_tools.engine.replay import replay
from lexicon_tools.engine.rules import Rules
from lexicon_tools.errors import IllegalMoveError, InputFileError
from lexicon_tools.io.formats.gamerecord import format_recorded, parse_record, read_record
from lexicon_tools.io.formats.gcg import format_gcg, looks_like_gcg, parse_gcg
from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.jobs.play import judge_from_file

FIXTURE = FIXTURES / "webfeud-selfplay.gcg"
TEXT = FIXTURE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory):
    return build_fixture_lexicon("webfeud", tmp_path_factory.mktemp("lex"))


@pytest.fixture(scope="module")
def judge(lexicon):
    return judge_from_file(str(lexicon))


@pytest.fixture(scope="module")
def rules():
    return Rules.from_ruleset(load_ruleset("webfeud"))


def _rows(record):
    return ([(t.player, t.rack, t.kind, t.text, t.score, t.total) for t in record.turns],
            [(a.player, a.rack, a.delta, a.total) for a in record.adjustments])


def _event_lines(text):
    return [ln for ln in text.splitlines() if ln.startswith(">")]


def test_the_fixture_is_read_as_gcg_and_replays_on_webfeud(rules, judge):
    record = read_record(FIXTURE, gcg_ruleset="webfeud")
    assert not record.dealt and record.ruleset == "webfeud"
    assert record.players == ["anna", "ben"]
    events = _event_lines(TEXT)
    assert len(record.turns) + len(record.adjustments) == len(events)
    kinds = {t.kind for t in record.turns}
    assert {"place", "exchange"} <= kinds and record.adjustments        # the fixture has all three
    game = replay(record, rules, judge)
    assert game.over and game.outcome.reason == "out"
    last = {}
    for row in [*record.turns, *record.adjustments]:
        last[row.player] = row.total
    assert {p.name: p.score for p in game.players} == last               # the file's own final totals


def test_gcg_to_record_to_gcg_keeps_every_turn(rules, judge, tmp_path):
    gcg = parse_gcg(TEXT, "fixture", "webfeud")
    record_text = format_recorded(gcg)
    assert "#racks recorded" in record_text
    as_record = parse_record(record_text, "as-record")
    assert not as_record.dealt and _rows(as_record) == _rows(gcg)
    replay(as_record, rules, judge)                                       # the record replays too
    again = parse_gcg(format_gcg(as_record), "again")
    assert _rows(again) == _rows(gcg)
    assert again.players == gcg.players and again.strategies == gcg.strategies
    assert format_gcg(again) == format_gcg(gcg)


def test_a_self_play_record_goes_to_gcg_and_replays_with_its_racks(rules, judge, lexicon, tmp_path):
    from lexicon_tools.jobs.play import run_play

    run_play("webfeud", games=1, strategies="equity,greedy", seed=3, lexicon=lexicon, record_dir=tmp_path / "g",
             quiet=True)
    native = read_record(tmp_path / "g" / "webfeud-0001.gcg")
    assert native.dealt
    text = format_gcg(native)
    assert looks_like_gcg(text.splitlines()[0])
    imported = parse_gcg(text, "exported.gcg")
    assert _rows(imported) == _rows(native)
    game = replay(imported, rules, judge)
    native_game = replay(native, rules, judge)
    assert [p.score for p in game.players] == [p.score for p in native_game.players]


def test_board_tiles_in_parentheses_read_as_dots():
    dotted = parse_gcg(TEXT, "a", "webfeud")
    line = next(ln for ln in TEXT.splitlines() if " H3 AMRIT. " in ln)
    bracketed = parse_gcg(TEXT.replace(line, line.replace("AMRIT.", "AMRIT(A)")), "b", "webfeud")
    assert _rows(bracketed) == _rows(dotted)


def test_a_play_challenged_off_becomes_an_invalid_turn():
    head = "#player1 a A\n#player2 b B\n"
    record = parse_gcg(head + ">a: AEHNRST 8H HAUS +12 12\n>a: AEHNRST -- -12 0\n>b: EINRSTU - +0 0\n",
                       "c.gcg", "smartfeud")
    assert [(t.kind, t.text, t.score, t.total) for t in record.turns] == [
        ("invalid", "8H HAUS", 0, 0), ("pass", "", 0, 0)]
    back = parse_gcg(format_gcg(record), "back.gcg")
    assert _rows(back) == _rows(record)


HEAD = "#character-encoding UTF-8\n#player1 anna Anna\n#player2 ben Ben\n"
MALFORMED = [
    (">anna: ACIKMMT 8H +4 4 and more", "cannot read"),
    (">anna: ACIKMMT 8H AW 4 4", "cannot read"),            # the score needs its sign
    ("hello there", "unexpected line"),
    (">carl: ACIKMMT 8H AW +4 4", "not one of the players"),
    (">anna: ACIKMMT -3 +0 0", "unnamed tiles"),
    (">anna: ACIKMMT (challenge) +5 5", "challenge bonus"),
    (">anna: ACIKMMT (time) -10 -10", "overtime penalty"),
    (">anna: ACIKMMT -- -4 0", "does not follow a placement"),
    (">anna: ACIKMMT - +5 5", "scores 0"),
    (">anna: ACIKMMT 8H AW(( +4 4", "parentheses"),
    (">anna: ACIKMMT 8H A)W +4 4", "parentheses"),
    (">anna: ACIKMMT Z99Z AW +4 4", "cannot read the move"),
    (">anna: ACIKMMT 8H AW +12345678901 4", "digits"),
    (">anna:", "cannot read"),
]


@pytest.mark.parametrize("line,expected", MALFORMED)
def test_malformed_lines_are_refused_naming_the_line(line, expected):
    text = HEAD + ">ben: AÄJSTWZ 8H AW +4 4\n" + line + "\n"
    with pytest.raises(InputFileError) as caught:
        parse_gcg(text, "bad.gcg", "webfeud")
    assert f"bad.gcg:{len(text.splitlines())}:" in caught.value.message
    assert expected in caught.value.message
    assert caught.value.hint


@pytest.mark.parametrize("text,expected", [
    ("#character-encoding ISO-8859-1\n#player1 a A\n", ":1: the file says its encoding"),
    ("#character-encoding UTF-8\n>a: ABC 8H AB +4 4\n", "names no players"),
    (HEAD + ">ben: AÄJSTWZ 8H AW +4 4\n", "names no ruleset"),
    (HEAD + "#player1 carl Carl\n", ":4: #player1 carl: a second line"),
    (HEAD + ">ben: (ABC) +5 9\n>anna: ABC 8H AB +4 4\n", ":5: a move after the end-of-game points"),
])
def test_files_without_what_a_replay_needs_are_refused(text, expected):
    with pytest.raises(InputFileError) as caught:
        parse_gcg(text, "bad.gcg")
    assert expected in caught.value.message


def _tampered(old: str, new: str) -> tuple[str, int]:
    assert old in TEXT
    text = TEXT.replace(old, new, 1)
    return text, next(n for n, ln in enumerate(text.splitlines(), 1) if new in ln)


@pytest.mark.parametrize("old,new,expected", [
    (" H3 AMRIT. +16 16", " H3 AMRIT. +17 17", "scores 16, the record says 17"),
    (" H3 AMRIT. +16 16", " H3 TIMRA. +16 16", "TIMRAA is not a word"),
    (" H3 AMRIT. +16 16", " H3 AMRXT. +16 16", "you do not hold X"),
    (" H3 AMRIT. +16 16", " H4 AMRIT. +16 16", "already occupied"),    # the word no longer fits the board
    (">anna: ACIKMRT H3", ">anna: QQQKMRT H3", "no longer unseen"),  # more Qs than the game has
    ("(EMNOSS) -9 300", "(EMNOSS) -8 301", "end-of-game adjustment"),
])
def test_an_illegal_move_is_refused_naming_its_line(rules, judge, old, new, expected):
    text, line = _tampered(old, new)
    record = parse_gcg(text, "t.gcg", "webfeud")
    with pytest.raises(IllegalMoveError) as caught:
        replay(record, rules, judge)
    assert f"t.gcg:{line}:" in caught.value.message, caught.value.message
    assert expected in caught.value.message


def test_a_gcg_replays_on_a_ruleset_only_with_that_rulesets_tiles(judge):
    smart = Rules.from_ruleset(load_ruleset("smartfeud"))
    record = parse_gcg(TEXT, "t.gcg", "smartfeud")
    with pytest.raises(IllegalMoveError) as caught:     # another board and premium layout: the scores differ
        replay(record, smart, judge)
    assert "the record says" in caught.value.message


def test_games_that_end_scoreless_replay_from_gcg_with_the_racks_of_their_last_lines(rules, tmp_path):
    """A scoreless end leaves tiles in the bag: each player's last rack must be their own last line's
    (not re-dealt when the other player moved), or the end penalties differ. A small lexicon makes
    scoreless ends common."""
    from lexicon_tools.jobs.play import run_play

    lexicon = build_fixture_lexicon("webfeud", tmp_path, rows=8000)
    judge = judge_from_file(str(lexicon))
    run_play("webfeud", games=4, strategies="equity,greedy", seed=1, lexicon=lexicon, record_dir=tmp_path / "g",
             quiet=True)
    reasons = set()
    for path in sorted((tmp_path / "g").glob("*.gcg")):
        native = read_record(path)
        game = replay(parse_gcg(format_gcg(native), path.name), rules, judge)
        assert [p.score for p in game.players] == [native.finals[n] for n in native.players]
        reasons.add(game.outcome.reason)
    assert "scoreless" in reasons, reasons


def test_a_scoreless_turn_without_its_rack_replays_with_the_rack_held(rules, judge):
    """A table game (the table page's export) writes no rack for a pass or a resignation: nobody wrote it
    down. The replay leaves the mover their rack; an end line ``(RACK) -N`` is still an end line, and the
    record format reads and writes the same lines."""
    after = ">ben: AÄJSTWZ 8H AW +4 4\n"
    assert after in TEXT
    passes = TEXT.replace(after, after + ">anna: - +0 0\n>ben: - +0 4\n")      # both pass once, no rack
    record = parse_gcg(passes, "rackless", "webfeud")
    kept = parse_gcg(TEXT, "kept", "webfeud")
    assert [(t.rack, t.kind) for t in record.turns[2:4]] == [("", "pass"), ("", "pass")]
    assert _rows(record)[1] == _rows(kept)[1]                                  # the end lines as before
    game = replay(record, rules, judge)
    assert game.over and [p.score for p in game.players] == [p.score for p in replay(kept, rules, judge).players]
    assert ">anna: - +0 0\n>ben: - +0 4\n" in format_gcg(record)
    as_record = parse_record(format_recorded(record), "as-record")
    assert _rows(as_record) == _rows(record)
    resigned = parse_gcg("#player1 a A\n#player2 b B\n>a: (resign) +0 0\n>b: (EN) -2 -2\n", "r", "webfeud")
    assert [(t.rack, t.kind) for t in resigned.turns] == [("", "resign")] and resigned.adjustments[0].rack == "EN"
