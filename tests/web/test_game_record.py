"""The table's game exported as a game record (`POST /api/record`, GCG) replays with `lexicon-tools replay`.

Test games played by the engine (greedy against random, small boards) are sent as the page keeps them:
each placement with its notation, passes and resignations without racks, the end step's lines. The
record the server writes is read back and replayed by `engine.replay`: every turn and every total as in
the game played. A game with an exchange (the page does not know the tiles) or a typed score is refused,
in German, naming the turn. Then a scripted table game on the full Wortspieler and SmartFeud boards (a
joker, a take, a pass, a resignation) goes through the real CLI: `lexicon-tools replay FILE` exits 0.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from fastapi.testclient import TestClient

from lexicon_tools.engine.judge import LexiconJudge
from lexicon_tools.engine.moves import Exchange, Place
from lexicon_tools.engine.replay import replay
from lexicon_tools.engine.runner import play_game
from lexicon_tools.io.formats.gamerecord import read_record
from lexicon_tools.web.app import create_app
from lexicon_tools.web.loader import open_table
from lexicon_tools.web.table import Table
from tests.web.test_table_history import tables  # noqa: F401  (the fixture)

GAMES = 12                  # per ruleset


def page_history(game) -> list[dict]:
    """The turns as the page sends them: a placement's notation, a scoreless turn's kind alone."""
    return [{"player": t.seat, "kind": "place", "notation": t.notation} if isinstance(t.move, Place)
            else {"player": t.seat, "kind": t.kind} for t in game.turns]


@pytest.mark.parametrize("name", ["wortspieler", "smartfeud"])
def test_engine_games_exported_by_the_page_replay_with_the_same_scores(tables, tmp_path, name):  # noqa: F811
    # the players pass instead of exchanging: the page knows no exchanged tiles (refused below)
    table = Table(dataclasses.replace(tables[name].rules, exchange_allowed=False), tables[name].lexicon)
    judge = LexiconJudge(table.lexicon, table.rules.name)
    client = TestClient(create_app(table, None))
    kinds = Counter()
    for seed in range(GAMES):
        game = play_game(table.rules, judge, judge.kwg.nodes, ["greedy", "random"], seed=seed)
        body = {"names": ["Anna Maria", "Ben"], "history": page_history(game),
                "adjustments": [{"player": a.seat, "delta": a.delta, "tiles": game.text.rack(a.rack)}
                                for a in game.adjustments]}
        reply = client.post("/api/record", json=body)
        assert reply.status_code == 200, reply.text
        path = tmp_path / f"{name}-{seed}.gcg"
        path.write_text(reply.json()["gcg"], encoding="utf-8")
        assert "#player1 Anna_Maria Anna Maria" in reply.json()["gcg"]
        replayed = replay(read_record(path), table.rules, judge)
        assert [(t.seat, t.kind, t.score) for t in replayed.turns] == [(t.seat, t.kind, t.score) for t in game.turns]
        assert replayed.scores() == game.scores() and replayed.adjustments == game.adjustments
        kinds.update(t.kind for t in game.turns)
        kinds["ended"] += game.over
        kinds["swaps"] += sum(bool(getattr(t.move, "swaps", ())) for t in game.turns)
        kinds["takes"] += sum(bool(getattr(t.move, "take", ())) for t in game.turns)
    assert kinds["place"] > 3 * GAMES and kinds["pass"] > 0 and kinds["ended"] > GAMES // 2, kinds


def test_an_exchange_is_not_a_game_record(tables):  # noqa: F811
    table = tables["smartfeud"]
    judge = LexiconJudge(table.lexicon, table.rules.name)
    game = next(g for g in (play_game(table.rules, judge, judge.kwg.nodes, ["greedy", "random"], seed=s)
                            for s in range(20)) if any(isinstance(t.move, Exchange) for t in g.turns))
    first = next(i for i, t in enumerate(game.turns, 1) if isinstance(t.move, Exchange))
    reply = TestClient(create_app(table, None)).post("/api/record", headers={"accept-language": "de-DE"},
                                                     json={"names": ["A", "B"], "history": page_history(game)})
    assert reply.status_code == 400
    assert reply.json()["error"].startswith(f"Zug {first} ist ein Tausch"), reply.json()


def test_typed_scores_are_not_a_game_record(tables):  # noqa: F811
    client = TestClient(create_app(tables["wortspieler"], None))
    reply = client.post("/api/record", headers={"accept-language": "de-DE"}, json={
        "names": ["A", "B"], "history": [{"player": 0, "kind": "pass"}, {"player": 1, "kind": "scored"}]})
    assert reply.status_code == 400
    assert reply.json()["error"].startswith("Zug 2 wurde auf dem Spielstand eingetippt")
    assert "CSV" in reply.json()["hint"]


def scripted(client, turns) -> list[dict]:
    """Score each turn as the page does (with the table's turns so far); the history the page keeps."""
    history: list[dict] = []
    for seat, turn in turns:
        if isinstance(turn, str):
            history.append({"player": seat, "kind": turn})
            continue
        reply = client.post("/api/score", json={"history": history, "player": seat, **turn}).json()
        assert reply["legal"] and reply["valid"], reply
        history.append({"player": seat, "kind": "place", "notation": reply["notation"]})
    return history


def tiles(start: str, letters: str, down: bool = False, blank_at: int | None = None, line: int = 0) -> list[dict]:
    col, row = start[0], int(start[1:])
    squares = [f"{col}{row + i}" if down else f"{chr(ord(col) + i)}{row}" for i in range(len(letters))]
    return [{"square": sq, "letter": ch, "blank": i == blank_at, "line": line}
            for i, (sq, ch) in enumerate(zip(squares, letters))]


def test_a_table_game_replays_with_the_cli(small_lexicons, cli, tmp_path):
    tile = lambda square, letter, blank=False: {"square": square, "letter": letter, "blank": blank}  # noqa: E731
    games = {
        "wortspieler": [(0, {"tiles": tiles("G8", "HAUS")}),
                        (1, {"tiles": tiles("G9", "ASE", down=True, blank_at=2)}),       # HASe, the E a joker
                        (0, {"tiles": [tile("F11", "T"), tile("H11", "E")]}),            # TeE over the joker
                        (1, "pass"), (0, "resign")],
        "smartfeud": [(0, {"tiles": tiles("G8", "HAUS")}),
                      (1, {"tiles": [tile("H7", "H"), tile("H9", "S"), tile("H10", "E")], "take": ["G8"]}),
                      (0, "pass"), (1, "resign")],                                       # HASE, the H taken
    }
    for name, turns in games.items():
        table = open_table(None, str(small_lexicons[name]))[1]
        client = TestClient(create_app(table, None))
        history = scripted(client, turns)
        reply = client.post("/api/record", json={"names": ["Anna", "Ben"], "history": history})
        assert reply.status_code == 200, reply.text
        path = tmp_path / reply.json()["filename"]
        path.write_text(reply.json()["gcg"], encoding="utf-8")
        result = cli("replay", str(path), "--lexicon", str(small_lexicons[name]))
        assert result.exit_code == 0, (reply.json()["gcg"], result.output)
        assert "all legal and scored as recorded" in result.output and "game ended (resigned)" in result.output
