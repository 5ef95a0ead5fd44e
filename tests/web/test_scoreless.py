"""A pass, an exchange or a resignation on the score sheet, checked with the bag the table knows (`/api/scoreless`).

Test games played by the engine are sent turn by turn as the page keeps them (placements by their
notation, scoreless turns by their kind, no racks). Before each turn the table's bag, counted by the
server from those turns alone, must be the bag of the game really played (as `engine.replay` sees it),
and an exchange must be allowed exactly when the ruleset's ``turns.exchange.min_bag`` allows it then
(the rulesets' own 7 and 1, and 80, which the small test games cross). A refusal is German.
"""

from __future__ import annotations

import dataclasses

import pytest
from fastapi.testclient import TestClient

from lexicon_tools.engine.judge import LexiconJudge
from lexicon_tools.engine.replay import replay
from lexicon_tools.engine.runner import log_of, play_game
from lexicon_tools.io.formats.gamerecord import format_record, parse_record
from lexicon_tools.web.app import create_app
from lexicon_tools.web.loader import open_table
from tests.web.conftest import house_ruleset
from tests.web.test_game_record import page_history
from tests.web.test_table_history import tables  # noqa: F401  (the fixture)

GAMES = 6


@pytest.mark.parametrize("name,min_bag", [("wortspieler", None), ("smartfeud", None), ("wortspieler", 80),
                                          ("smartfeud", 80)])
def test_the_table_knows_the_bag_and_allows_an_exchange_as_the_engine_does(tables, name, min_bag):  # noqa: F811
    # the small test games end with 60-80 tiles in the bag: min_bag 80 makes them cross the line
    table = tables[name] if min_bag is None else dataclasses.replace(
        tables[name], rules=dataclasses.replace(tables[name].rules, exchange_min_bag=min_bag))
    rules = table.rules
    judge = LexiconJudge(table.lexicon, rules.name)
    client = TestClient(create_app(table, None))
    least = max(rules.exchange_min_bag, 1)
    seen = {"allowed": 0, "refused": 0}
    for seed in range(GAMES):
        game = play_game(rules, judge, judge.kwg.nodes, ["greedy", "random"], seed=seed)
        bags: list[int] = []
        replay(parse_record(format_record(log_of(game, ["greedy", "random"]), game.text)), rules, judge,
               observe=lambda g, _row: bags.append(len(g.bag)))
        history = page_history(game)
        for index, turn in enumerate(game.turns):
            reply = client.post("/api/scoreless", headers={"accept-language": "de-DE"}, json={
                "players": 2, "history": history[:index], "player": turn.seat, "kind": "exchange"}).json()
            assert reply["bag"] == bags[index], (seed, index, reply, bags[index])
            assert reply["legal"] == (bags[index] >= least), (seed, index, reply)
            if not reply["legal"]:
                assert reply["error"] == f"Tauschen braucht mindestens {least} Steine im Beutel; er enthält {bags[index]}."
            seen["allowed" if reply["legal"] else "refused"] += 1
    assert seen["allowed"] > 10 and (seen["refused"] > 0 or min_bag is None), seen


def test_without_the_board_only_the_rules_that_need_no_bag_hold(tables):  # noqa: F811
    """Typed scores leave the bag unknown: an exchange is then allowed where the ruleset allows exchanging."""
    table = tables["smartfeud"]
    client = TestClient(create_app(table, None))
    typed = [{"player": 0, "kind": "scored"}]
    reply = client.post("/api/scoreless", json={"players": 2, "history": typed, "player": 1, "kind": "exchange"})
    assert reply.json() == {"legal": True, "bag": None, "out": False, "over": None, "passes_to_lose": 3}
    closed = dataclasses.replace(table, rules=dataclasses.replace(table.rules, exchange_allowed=False))
    reply = TestClient(create_app(closed, None)).post("/api/scoreless", headers={"accept-language": "de-DE"}, json={
        "players": 2, "history": typed, "player": 1, "kind": "exchange"}).json()
    assert reply["legal"] is False and reply["error"].startswith("Tauschen ist in") and reply["bag"] is None


def test_a_player_who_passes_too_often_in_a_row_is_out_as_in_the_engine(tables):  # noqa: F811
    """``end.passes_in_a_row_lose`` (SmartFeud: 3) at the table: the reply says when a pass puts the player
    out, exactly at the pass the engine eliminated them with; the same from the turns' kinds alone (typed
    scores). Played with 2 (three players, so the game goes on) to see it happen in short test games."""
    rules = dataclasses.replace(tables["smartfeud"].rules, passes_in_a_row_lose=2, exchange_allowed=False)
    table = dataclasses.replace(tables["smartfeud"], rules=rules)
    judge = LexiconJudge(table.lexicon, rules.name)
    client = TestClient(create_app(table, None))
    outs = 0
    for seed in range(4):
        game = play_game(rules, judge, judge.kwg.nodes, ["greedy", "random", "random"], seed=seed)
        history = page_history(game)
        typed = [dict(t, kind="scored") if t["kind"] == "place" else t for t in history]
        last = {t.seat: i for i, t in enumerate(game.turns)}
        for index, turn in enumerate(game.turns):
            if turn.kind != "pass":
                continue
            expected = last[turn.seat] == index and game.players[turn.seat].out == "passes_in_a_row"
            for sent in (history, typed):
                reply = client.post("/api/scoreless", json={"players": 3, "history": sent[:index],
                                                            "player": turn.seat, "kind": "pass"}).json()
                assert reply["legal"] and reply["out"] == expected, (seed, index, sent is typed, reply)
                assert reply["passes_to_lose"] == 2
            outs += expected
    assert outs >= 2
    plain = TestClient(create_app(tables["wortspieler"], None)).post("/api/scoreless", json={
        "players": 2, "history": [{"player": 0, "kind": "pass"}, {"player": 1, "kind": "pass"}] * 3,
        "player": 0, "kind": "pass"}).json()
    assert plain["out"] is False and plain["passes_to_lose"] is None     # Wortspieler: nobody passes out


def test_the_reply_says_when_the_rules_end_the_game(tables):  # noqa: F811
    """SmartFeud ends after three turns in a row without a word that cover every player: the third pass
    says so (the table goes on to the end step), and a turn after it too."""
    client = TestClient(create_app(tables["smartfeud"], None))
    haus = {"player": 0, "kind": "place", "notation": "4C HAUS"}
    passes = [haus, {"player": 1, "kind": "pass"}, {"player": 0, "kind": "pass"}]
    reply = client.post("/api/scoreless", json={"players": 2, "history": passes, "player": 1, "kind": "pass"}).json()
    assert reply["legal"] and reply["over"] == "scoreless" and reply["out"] is False, reply
    after = client.post("/api/scoreless", json={"players": 2, "history": passes + [{"player": 1, "kind": "pass"}],
                                                "player": 0, "kind": "pass"}).json()
    assert after["over"] == "scoreless", after
    going = client.post("/api/scoreless", json={"players": 2, "history": passes[:2], "player": 0,
                                                "kind": "pass"}).json()
    assert going["over"] is None, going



def test_a_house_ruleset_without_passing_refuses_a_pass_in_german(small_lexicons, tmp_path):
    """``turns.pass_allowed: false`` in a house ruleset (a file extending SmartFeud, opened as
    ``serve --ruleset FILE`` opens it, with the lexicon built for SmartFeud): a pass is refused, in German
    and in English, with the hint to lay or exchange, on the first turn and after one; an exchange and a
    resignation stay allowed."""
    _path, table = open_table(house_ruleset(tmp_path), str(small_lexicons["smartfeud"]))
    assert table.rules.pass_allowed is False and table.title == "SmartFeud ohne Passen"
    client = TestClient(create_app(table, None))
    haus = {"player": 0, "kind": "place", "notation": "8G HAUS"}
    for history, player in (([], 0), ([haus], 1)):
        body = {"players": 2, "history": history, "player": player, "kind": "pass"}
        german = client.post("/api/scoreless", headers={"accept-language": "de-DE"}, json=body).json()
        assert german["legal"] is False and german["error"] == "Passen ist in smartfeud-ohne-passen nicht erlaubt.", german
        assert german["hint"] == "Lege Steine oder tausche.", german
        english = client.post("/api/scoreless", json=body).json()
        assert english["error"] == "passing is not allowed in smartfeud-ohne-passen", english
        for kind in ("exchange", "resign"):
            reply = client.post("/api/scoreless", json=dict(body, kind=kind)).json()
            assert reply["legal"] is True, (kind, reply)
