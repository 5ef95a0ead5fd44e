"""The table's JSON API through the real app (FastAPI TestClient): judge, score, tiles left, limits, headers.

Expected scores are checked twice: against the engine playing the same turn from its notation in a
`Game` (another path through the engine than the page's), and against the sum worked out by hand
from the ruleset's tile values and the premium squares the turn covers.
"""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from lexicon_tools.engine.game import Game
from lexicon_tools.engine.judge import LexiconJudge
from lexicon_tools.engine.notation import parse_place
from lexicon_tools.engine.setup import set_position
from lexicon_tools.io.formats.lexfile import load_lexicon
from lexicon_tools.web.app import create_app
from lexicon_tools.web.loader import open_table
from lexicon_tools.web.shared import TableStore
from tests.web.conftest import EMPTY16

HAUS = [{"square": s, "letter": letter} for s, letter in zip(["G8", "H8", "I8", "J8"], "HAUS")]


@pytest.fixture(scope="module")
def tables(small_lexicons):
    return {name: open_table(None, str(path))[1] for name, path in small_lexicons.items()}


@pytest.fixture
def client(tables):
    return TestClient(create_app(tables["wortspieler"], TableStore(max_tables=3)))


@pytest.fixture
def smartfeud(tables):
    return TestClient(create_app(tables["smartfeud"], None))


def engine_score(table, rows, notation, rack):
    """The same turn played by the engine from its notation (rack given so the game can hold it)."""
    rules = table.rules
    game = set_position(Game(rules, LexiconJudge(table.lexicon)), rows, {0: rack})
    return game.play(parse_place(rules, game.board, notation, game.text)).score


def after_haus(client):
    reply = client.post("/api/score", json={"board": EMPTY16, "tiles": HAUS}).json()
    assert reply["legal"] and reply["valid"] and reply["notation"] == "8G HAUS"
    return reply


def test_check_gives_what_check_json_gives(client, small_lexicons, cli):
    reply = client.post("/api/check", json={"words": ["Haus", "Häuser", "Straße"]})
    assert reply.status_code == 200
    results = reply.json()["results"]
    printed = cli("check", "--lexicon", str(small_lexicons["wortspieler"]), "--json", "Haus", "Häuser", "Straße")
    expected = [json.loads(line) for line in printed.stdout.splitlines()]
    assert [{k: r[k] for k in e} for r, e in zip(results, expected)] == expected
    assert results[1]["valid"] is False and results[1]["suggestions"][0] == "HAUS"
    assert "plural of HAUS" in results[1]["explanation"] and reply.json()["all_valid"] is False


def test_first_turn_scores_face_value_and_returns_the_new_board(client, tables):
    reply = after_haus(client)
    values = dict(zip(tables["wortspieler"].rules.alphabet.letters, tables["wortspieler"].rules.values[1:]))
    assert reply["score"] == sum(values[c] for c in "HAUS")
    assert reply["board"][7] == "......HAUS......" and reply["words"][0]["squares"] == ["G8", "H8", "I8", "J8"]


def test_wortspieler_multi_word_turn_with_a_joker(client, tables):
    board = after_haus(client)["board"]
    tiles = [{"square": "G9", "letter": "A"}, {"square": "G10", "letter": "S"},
             {"square": "G11", "letter": "E", "blank": True},
             {"square": "J9", "letter": "A", "line": 1}, {"square": "J10", "letter": "U", "line": 1}]
    reply = client.post("/api/score", json={"board": board, "tiles": tiles}).json()
    assert reply["legal"] and reply["valid"], reply
    table = tables["wortspieler"]
    v = dict(zip(table.rules.alphabet.letters, table.rules.values[1:]))
    # G10 and J10 are DL squares; the joker scores its letter in Wortspieler (tiles.blank.scores)
    by_hand = (v["H"] + v["A"] + 2 * v["S"] + v["E"]) + (v["S"] + v["A"] + 2 * v["U"])
    assert reply["score"] == by_hand == engine_score(table, board, "G8 .ASe & J8 .AU", "ASAU?")
    assert {w["display"] for w in reply["words"]} == {"HASe", "SAU"}
    assert sorted(p["square"] for p in reply["premiums"]) == ["G10", "J10"]
    assert reply["board"][10][6] == "e" and "G10" in reply["used"]


def test_wortspieler_joker_swap_then_the_joker_laid_again(client, tables):
    history = [{"player": 0, "kind": "place", "notation": after_haus(client)["notation"]}]
    tiles = [{"square": "G9", "letter": "A"}, {"square": "G10", "letter": "S"},
             {"square": "G11", "letter": "E", "blank": True}]
    laid = client.post("/api/score", json={"history": history, "player": 1, "tiles": tiles}).json()
    board = laid["board"]
    history.append({"player": 1, "kind": "place", "notation": laid["notation"]})
    # swap the joker on G11 for a natural E, lay it as s on the F11 TL: SEE across F11-H11
    turn = [{"square": "F11", "letter": "S", "blank": True}, {"square": "H11", "letter": "E"}]
    reply = client.post("/api/score", json={"history": history, "player": 0, "board": board, "tiles": turn,
                                            "swap": ["G11"]}).json()
    assert reply["legal"] and reply["valid"], reply
    table = tables["wortspieler"]
    v = dict(zip(table.rules.alphabet.letters, table.rules.values[1:]))
    assert reply["score"] == 3 * v["S"] + 2 * v["E"] == engine_score(table, board, "swap:G11 11F s.E", "EE")
    assert reply["board"][10][5:8] == "sEE" and reply["words"][0]["display"] == "sEE"
    unused = client.post("/api/score", json={"history": history, "player": 0, "tiles": [{"square": "H11", "letter": "E"}],
                                             "swap": ["G11"]}).json()
    assert unused["legal"] is False and "must be placed in this turn" in unused["error"]


def test_wortspieler_joker_swap_only_by_the_next_player(client):
    history = [{"player": 0, "kind": "place", "notation": after_haus(client)["notation"]}]
    tiles = [{"square": "G9", "letter": "A"}, {"square": "G10", "letter": "S"},
             {"square": "G11", "letter": "E", "blank": True}]
    history.append({"player": 1, "kind": "place", "notation": client.post(
        "/api/score", json={"history": history, "player": 1, "tiles": tiles}).json()["notation"]})
    swap = {"tiles": [{"square": "F11", "letter": "S", "blank": True}, {"square": "H11", "letter": "E"}],
            "swap": ["G11"]}
    assert client.post("/api/score", json={"history": history, "player": 0, **swap}).json()["legal"] is True
    # one turn later (player 0 passed) the joker laid by player 1 is no longer the next player's to swap
    late = client.post("/api/score", json={"history": history + [{"player": 0, "kind": "pass"}], "player": 1,
                                           **swap}).json()
    assert late["legal"] is False and "G11" in late["error"]
    # without the turns the server cannot know who laid it: refused, asking for the history
    blind = client.post("/api/score", json={"board": client.post("/api/score", json={
        "history": history[:1], "player": 1, "tiles": tiles}).json()["board"], **swap}).json()
    assert blind["legal"] is False and "history" in blind["hint"]


def test_a_history_the_rules_refuse_is_named(client):
    reply = client.post("/api/score", json={"history": [{"player": 0, "kind": "place", "notation": "1A HAUS"}],
                                            "player": 1, "tiles": HAUS})
    assert reply.status_code == 400 and reply.json()["error"].startswith("turn 1 of the table")


EIGHT = [{"square": f"{c}8", "letter": letter, "blank": c == "A"} for c, letter in zip("ABCDEFGH", "SCHRANKE")]
HIGH = [dict(t, square=f"{t['square'][0]}9") for t in EIGHT]


def test_smartfeud_eight_own_tiles_only_on_the_starters_first_turn(smartfeud):
    first = smartfeud.post("/api/score", json={"history": [], "player": 0, "tiles": EIGHT}).json()
    assert first["legal"] is True and first["own_tiles"] == 8 and first["bingo"] > 0
    natural = [dict(t, blank=False) for t in EIGHT]     # the eighth tile is the starter's extra joker
    assert smartfeud.post("/api/score", json={"history": [], "tiles": natural}).json()["legal"] is False
    haus = {"player": 0, "kind": "place", "notation": "8G HAUS"}
    for history, seat, tiles in ([[haus], 1, HIGH], [[{"player": 0, "kind": "pass"}], 1, EIGHT],
                                 [[haus, {"player": 1, "kind": "pass"}], 0, HIGH]):
        later = smartfeud.post("/api/score", json={"history": history, "player": seat, "tiles": tiles}).json()
        assert later["legal"] is False and "8 own tiles" in later["error"], (history, later)
    # without the turns, a board with tiles on it is not the first turn either
    board = smartfeud.post("/api/score", json={"board": EMPTY16, "tiles": HAUS}).json()["board"]
    assert smartfeud.post("/api/score", json={"board": board, "tiles": HIGH}).json()["legal"] is False


def test_smartfeud_letter_take_scores_the_word_and_the_part_left(smartfeud, tables):
    board = smartfeud.post("/api/score", json={"board": EMPTY16, "tiles": HAUS}).json()["board"]
    tiles = [{"square": "H7", "letter": "H"}, {"square": "H9", "letter": "S"}, {"square": "H10", "letter": "E"}]
    reply = smartfeud.post("/api/score", json={"board": board, "tiles": tiles, "take": ["G8"]}).json()
    assert reply["legal"] and reply["valid"], reply
    table = tables["smartfeud"]
    v = dict(zip(table.rules.alphabet.letters, table.rules.values[1:]))
    assert reply["cut"] == [{"word": "AUS", "score": v["A"] + v["U"] + v["S"], "squares": ["H8", "I8", "J8"]}]
    by_hand = (v["H"] + v["A"] + v["S"] + v["E"]) + (v["A"] + v["U"] + v["S"])
    assert reply["score"] == by_hand == engine_score(table, board, "take:G8 H7 H.SE", "SE")
    assert reply["board"][7] == ".......AUS......" and reply["own_tiles"] == 3
    # the taken letter must be used in the same turn: the engine's rule, shown as a refusal
    refused = smartfeud.post("/api/score", json={"board": board, "take": ["G8"],
                                                 "tiles": [{"square": "H9", "letter": "S"}]}).json()
    assert refused["legal"] is False and "must be placed in this turn" in refused["error"]


def test_a_word_not_in_the_lexicon_is_scored_and_marked(client):
    board = after_haus(client)["board"]
    reply = client.post("/api/score", json={"board": board, "tiles": [{"square": "K8", "letter": "E"}]}).json()
    assert reply["legal"] is True and reply["valid"] is False and reply["score"] > 0
    assert reply["words"][0]["word"] == "HAUSE" and reply["words"][0]["valid"] is False


@pytest.mark.parametrize("tiles,message", [
    ([{"square": "A1", "letter": "H"}, {"square": "B1", "letter": "A"}], "start square"),
    ([{"square": "G8", "letter": "H"}, {"square": "I9", "letter": "A"}], "one row or one column"),
])
def test_illegal_turns_are_answered_with_the_engines_reason(client, tiles, message):
    reply = client.post("/api/score", json={"board": EMPTY16, "tiles": tiles})
    assert reply.status_code == 200 and reply.json()["legal"] is False and message in reply.json()["error"]


def test_tiles_left_is_the_distribution_minus_board_and_rack(client, tables):
    board = after_haus(client)["board"]
    reply = client.post("/api/tiles-left", json={"board": board, "rack": "een?"}).json()
    rules = tables["wortspieler"].rules
    counts = dict(zip(rules.alphabet.letters, rules.counts[1:]))
    assert reply["letters"]["H"] == counts["H"] - 1 and reply["letters"]["E"] == counts["E"] - 2
    assert reply["blanks"] == rules.counts[0] - 1 and reply["unseen"] == sum(rules.counts) - 8
    assert reply["too_many"] == []


@pytest.mark.parametrize("body,status,needle", [
    ({"words": []}, 422, "words"),
    ({"words": ["Haus"] * 21}, 422, "words"),
    ({"words": ["x" * 65]}, 422, "at most 64 characters"),
    ({"words": ["Haus"], "file": "/etc/passwd"}, 422, "file"),
    ({"words": "Haus"}, 422, "words"),
])
def test_check_limits_are_4xx_json(client, body, status, needle):
    reply = client.post("/api/check", json=body)
    assert reply.status_code == status and needle in reply.json()["error"], reply.text


def test_malformed_and_oversized_requests_get_json_errors_with_headers(client):
    cases = [
        client.post("/api/check", content=b'{"words": [', headers={"content-type": "application/json"}),
        client.post("/api/check", content=b"x" * 20_000, headers={"content-type": "application/json"}),
        client.post("/api/check", content=(b"x" * 4096 for _ in range(8)), headers={"content-type": "application/json"}),
        client.post("/api/score", json={"board": EMPTY16[:3], "tiles": HAUS}),
        client.post("/api/score", json={"board": EMPTY16, "tiles": [{"square": "Z99", "letter": "H"}]}),
        client.post("/api/score", json={"board": EMPTY16, "tiles": [{"square": "A1", "letter": "#"}]}),
        client.get("/api/nothing"), client.delete("/api/check"), client.get("/static/../lexicon_tools/web/app.py"),
    ]
    statuses = [r.status_code for r in cases]
    assert statuses == [422, 413, 413, 400, 400, 400, 404, 405, 404]
    for reply in cases:
        assert reply.headers["content-type"].startswith("application/json")
        assert reply.json()["error"] and "Traceback" not in reply.text
        assert "default-src 'none'" in reply.headers["content-security-policy"]
    assert "not valid JSON" in cases[0].json()["error"] and "16,384 bytes" in cases[1].json()["error"]


def test_page_and_assets_are_served_with_security_headers(client):
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module" src="/static/app.js">' in page.text
    for path in ("/static/app.js", "/static/board.js", "/static/store.js", "/static/i18n.js", "/static/table.css"):
        asset = client.get(path)
        assert asset.status_code == 200 and asset.headers["x-content-type-options"] == "nosniff"
        assert "https://" not in asset.text and "http://" not in asset.text    # nothing loaded from the network
    assert page.headers["x-frame-options"] == "DENY" and page.headers["referrer-policy"] == "no-referrer"
    assert "script-src 'self'" in page.headers["content-security-policy"]


def test_openapi_documents_every_route(client):
    paths = client.get("/api/openapi.json").json()["paths"]
    assert {"/api/ruleset", "/api/check", "/api/score", "/api/tiles-left", "/api/tables",
            "/api/tables/{table_id}"} <= set(paths)
    assert client.get("/docs").status_code == 404    # the interactive pages would load a CDN


def test_shared_tables_have_unguessable_ids_versions_and_limits(client):
    first = client.post("/api/tables", json={"state": {"game": {"turns": []}}})
    second = client.post("/api/tables", json={"state": {"game": {}}})
    assert first.status_code == second.status_code == 201
    one, two = first.json()["id"], second.json()["id"]
    assert one != two and len(one) == 22
    update = client.put(f"/api/tables/{one}", json={"version": 1, "state": {"game": {"turns": [1]}}})
    assert update.json()["version"] == 2
    stale = client.put(f"/api/tables/{one}", json={"version": 1, "state": {"game": {}}})
    assert stale.status_code == 409 and stale.json()["state"] == {"game": {"turns": [1]}}
    assert client.get(f"/api/tables/{one}").json()["state"] == {"game": {"turns": [1]}}
    assert client.get("/api/tables/" + "A" * 22).status_code == 404
    assert client.post("/api/tables", json={"state": {"a": "x" * 70_000}}).status_code == 413
    deep: dict = {}
    node = deep
    for _ in range(20):
        node["d"] = {}
        node = node["d"]
    assert client.post("/api/tables", json={"state": deep}).status_code == 422
    client.post("/api/tables", json={"state": {}})
    full = client.post("/api/tables", json={"state": {}})      # a fourth in a store of 3: the least recently
    assert full.status_code == 201                             # used table (two: one was read since) goes
    assert client.get(f"/api/tables/{two}").status_code == 404
    assert client.get(f"/api/tables/{one}").status_code == 200


def test_shared_tables_expire_by_age():
    now = [0.0]
    store = TableStore(max_tables=2, max_age=60, clock=lambda: now[0])
    table_id, _ = store.create({})
    now[0] = 61
    with pytest.raises(Exception, match="expired"):
        store.get(table_id)
    assert len(store) == 0


def test_sharing_can_be_switched_off(smartfeud):
    reply = smartfeud.post("/api/tables", json={"state": {}})
    assert reply.status_code == 404 and "switched off" in reply.json()["error"]


def test_the_lexicon_must_fit_the_ruleset(small_lexicons):
    from lexicon_tools.errors import LexiconFileError

    with pytest.raises(LexiconFileError, match="built for ruleset 'smartfeud'"):
        open_table("wortspieler", str(small_lexicons["smartfeud"]))
    assert load_lexicon(small_lexicons["wortspieler"]).ruleset == "wortspieler"


def test_suggestions_are_remembered_and_a_full_queue_is_not_an_error(tables):
    from lexicon_tools.web.suggest import Suggester

    table = tables["wortspieler"]
    client = TestClient(create_app(table, None))
    reply = client.post("/api/check", json={"words": ["Haus", "Mäuse", "Mäuse"]}).json()
    assert [r["valid"] for r in reply["results"]] == [True, False, False]
    assert reply["results"][1]["suggestions"][0] == "MAUS" and "busy" not in reply
    full = TestClient(create_app(table, None, Suggester(table.lexicon, max_pending=0)))
    reply = full.post("/api/check", json={"words": ["Haus", "Mäuse"]}).json()
    assert reply["busy"] is True and [r["valid"] for r in reply["results"]] == [True, False]
    assert reply["results"][1]["suggestions"] == []


def test_the_end_step_applies_the_rulesets_rack_penalties_and_credit(tmp_path):
    from tests.web.conftest import build_small

    table = open_table(None, str(build_small("webfeud", tmp_path / "webfeud.lex")))[1]
    webfeud = TestClient(create_app(table, None))
    v = dict(zip(table.rules.alphabet.letters, table.rules.values[1:]))
    reply = webfeud.post("/api/end", json={"names": ["A", "B"], "scores": [100, 95], "racks": ["", "QX?"],
                                           "went_out": 0, "last_placer": 0}).json()
    lost = v["Q"] + v["X"]                                # a joker is worth nothing
    assert reply["scores"] == [100 + lost, 95 - lost]
    assert [(a["player"], a["delta"]) for a in reply["adjustments"]] == [(1, -lost), (0, lost)]
    assert reply["ranking"] == [{"rank": 1, "player": 0}, {"rank": 2, "player": 1}]
    # Wortspieler has no rack penalties: the totals stand, equal scores share a rank, who resigned ranks last
    plain = TestClient(create_app(open_table(None, str(build_small("wortspieler", tmp_path / "w.lex")))[1], None))
    reply = plain.post("/api/end", json={"names": ["A", "B", "C"], "scores": [50, 50, 60], "racks": ["QX", "", ""],
                                         "left": [2]}).json()
    assert reply["adjustments"] == [] and reply["scores"] == [50, 50, 60]
    assert [(r["rank"], r["player"]) for r in reply["ranking"]] == [(1, 0), (1, 1), (3, 2)]
    bad = webfeud.post("/api/end", json={"names": ["A", "B"], "scores": [1, 2], "racks": ["", "Q1"]})
    assert bad.status_code == 400 and "rack of B" in bad.json()["error"]


def test_a_shared_table_has_a_qr_code_of_its_link(client):
    table_id = client.post("/api/tables", json={"state": {"game": {}}}).json()["id"]
    reply = client.get(f"/api/tables/{table_id}/qr.svg", headers={"host": "192.168.1.20:8000"})
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("image/svg+xml")
    assert reply.text.startswith("<svg") and reply.text.count("<path") >= 1
    assert client.get("/api/tables/nosuchtable000000000000/qr.svg").status_code == 404
