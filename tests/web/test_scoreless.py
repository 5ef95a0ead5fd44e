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
    assert reply.json() == {"legal": True, "bag": None}
    closed = dataclasses.replace(table, rules=dataclasses.replace(table.rules, exchange_allowed=False))
    reply = TestClient(create_app(closed, None)).post("/api/scoreless", headers={"accept-language": "de-DE"}, json={
        "players": 2, "history": typed, "player": 1, "kind": "exchange"}).json()
    assert reply["legal"] is False and reply["error"].startswith("Tauschen ist in") and reply["bag"] is None
