"""Hostile bodies for the endpoints that replay a table's history: /api/scoreless, /api/end, /api/record (issue 26).

Each must be refused with a 4xx JSON error naming the field or the turn (or, where the contract is to answer
"not allowed", a normal refusal), quickly, and the app must go on answering.
"""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from lexicon_tools.web.app import create_app
from lexicon_tools.web.loader import open_table

HAUS = {"player": 0, "kind": "place", "notation": "8G HAUS"}


@pytest.fixture(scope="module")
def client(small_lexicons):
    table = open_table(None, str(small_lexicons["wortspieler"]))[1]
    return TestClient(create_app(table, None), raise_server_exceptions=False)


def post(client, path, body):
    started = time.monotonic()
    reply = client.post(path, content=json.dumps(body, allow_nan=True), headers={"content-type": "application/json"})
    assert time.monotonic() - started < 2, path
    assert reply.status_code < 500 and "Traceback" not in reply.text, reply.text
    return reply


def refused(reply, *needles):
    assert 400 <= reply.status_code < 500, reply.text
    error = reply.json()["error"]
    assert all(n in error for n in needles), error
    return error


@pytest.mark.parametrize("body, needles", [
    ({"players": 2, "history": [HAUS, dict(HAUS, player=1)], "kind": "pass"}, ("turn 2", "G8 is already occupied")),
    ({"players": 2, "history": [{"player": 0, "kind": "place", "notation": "8G ÄÄÄÄÄÄÄ"}], "kind": "pass"},
     ("turn 1", "more Ä than the game has")),
    ({"players": 2, "history": [{"player": 0, "kind": "place", "notation": "8G H\u0000US"}], "kind": "pass"},
     ("turn 1", "not a letter")),
    ({"players": 2, "history": [{"player": 0, "kind": "place", "notation": ""}], "kind": "pass"}, ("turn 1",)),
    ({"players": 2, "history": [{"player": 5, "kind": "pass"}], "player": 0, "kind": "pass"}, ("turn 1", "player 6")),
    ({"players": 2, "history": [], "player": 6, "kind": "pass"}, ("player 7", "not at this table")),
    ({"players": 1, "history": [], "kind": "pass"}, ("2-4 players", "not 1")),
    ({"players": 8, "history": [], "kind": "pass"}, ("2-4 players", "not 8")),
    ({"players": -1, "history": [], "kind": "pass"}, ("players",)),
    ({"players": 2.5, "history": [], "kind": "pass"}, ("players",)),
    ({"players": 2, "history": [{"player": float("inf"), "kind": "pass"}], "kind": "pass"}, ("history.0.player",)),
    ({"players": 2, "history": [{"player": 0, "kind": "place", "notation": "x" * 100_000}], "kind": "pass"},
     ("history.0.notation",)),
    ({"players": 2, "history": "x", "kind": "pass"}, ("history",)),
    ({"players": 2, "history": [[[[[[]]]]]], "kind": "pass"}, ("history.0",)),
    ({"players": 2, "history": [], "kind": "swap"}, ("kind",)),
])
def test_scoreless_refuses_a_history_the_table_cannot_have(client, body, needles):
    """Before: an illegal or contradictory history, or a seat beyond the table, was answered 200 'legal'."""
    refused(post(client, "/api/scoreless", body), *needles)
    assert post(client, "/api/scoreless", {"players": 2, "history": [HAUS], "player": 1,
                                           "kind": "pass"}).json()["legal"] is True


def test_a_history_far_longer_than_a_game_is_refused_at_the_door(client):
    for path, body in (("/api/scoreless", {"players": 2, "kind": "pass"}), ("/api/record", {"names": ["A", "B"]})):
        huge = dict(body, history=[{"player": i % 2, "kind": "pass"} for i in range(100_000)])
        assert post(client, path, huge).status_code == 413
        longest = dict(body, history=[{"player": i % 2, "kind": "pass"} for i in range(401)])
        refused(post(client, path, longest), "history")


END = {"names": ["A", "B"], "scores": [10, 20], "racks": ["", ""]}


@pytest.mark.parametrize("change, needles", [
    ({"scores": [10 ** 400, 0]}, ("scores.0",)),
    ({"scores": [float("nan"), 0]}, ("scores.0", "finite")),
    ({"scores": [0, -10 ** 9]}, ("scores.1",)),
    ({"names": ["A"], "scores": [0], "racks": [""]}, ("2-4 players", "not 1")),
    ({"names": ["A"] * 8, "scores": [0] * 8, "racks": [""] * 8}, ("2-4 players", "not 8")),
    ({"left": [0, 0]}, ("left",)),
    ({"went_out": 0, "left": [0]}, ("left", "went out")),
    ({"left": [5]}, ("player 6", "not at this table")),
    ({"went_out": -1}, ("went_out",)),
    ({"racks": ["?" * 16, ""]}, ("rack of A", "16 tiles")),
    ({"racks": ["QQQQQQ", "QQQQQQ"]}, ("racks", "more Q")),                 # the game has one Q
    ({"racks": ["", "\u0000\u202e"]}, ("rack of B",)),
    ({"names": ["A", "B"], "scores": [0], "racks": ["", ""]}, ("one entry per player",)),
])
def test_the_end_step_refuses_what_no_table_can_end_with(client, change, needles):
    """Before: a resigned player listed twice was ranked twice, 400-digit scores, 16 jokers on a rack, more of a
    letter than the game has and a seat count the ruleset does not allow were all settled with a 200."""
    refused(post(client, "/api/end", dict(END, **change)), *needles)
    assert post(client, "/api/end", END).json()["ranking"][0] == {"rank": 1, "player": 1}


@pytest.mark.parametrize("body, needles", [
    ({"names": ["A", "B"], "history": [HAUS], "adjustments": [{"player": 0, "delta": 1, "tiles": "\n#note x\n>B: Q"}]},
     ("adjustment 1", "tiles")),                             # before: the newline wrote lines of its own into the file
    ({"names": ["A", "B"], "history": [{"player": 0, "kind": "place", "notation": "8G ÄÄÄÄÄÄÄ"}]},
     ("turn 1", "more Ä than the game has")),                # before: a record `replay` then refused
    ({"names": ["A", "B"], "history": [HAUS, dict(HAUS, player=1)]}, ("turn 2", "G8 is already occupied")),
    ({"names": ["A", "B"], "history": [{"player": 5, "kind": "pass"}]}, ("player", "not at the table")),
    ({"names": ["A", "B"], "history": [HAUS], "adjustments": [{"player": 5, "delta": 3}]}, ("not at the table",)),
    ({"names": ["A", "B"], "history": [HAUS], "adjustments": [{"player": 0, "delta": 10 ** 9}]},
     ("adjustments.0.delta",)),
    ({"names": ["A"], "history": []}, ("2-4 players", "not 1")),
    ({"names": list("ABCDEFGH"), "history": []}, ("2-4 players", "not 8")),
    ({"names": ["A", "B"], "history": [{"player": 0, "kind": "place", "notation": "8G " + "E" * 150}]},
     ("turn 1", "runs off the board")),
    ({"names": ["A", "B"], "history": [{"player": 0, "kind": "exchange"}]}, ("turn 1", "exchange")),
    ({"names": ["A", "B"], "history": [{"player": 0, "kind": "place", "notation": {"a": [1]}}]},
     ("history.0.notation",)),
])
def test_a_game_record_is_refused_for_turns_or_lines_no_game_has(client, body, needles):
    refused(post(client, "/api/record", body), *needles)
    good = post(client, "/api/record", {"names": ["A", "B"], "history": [HAUS],
                                        "adjustments": [{"player": 1, "delta": -3, "tiles": "q?"}]}).json()["gcg"]
    assert good.splitlines()[-2:] == [">A: AHSU 8G HAUS +5 5", ">B: (Q?) -3 -3"], good
