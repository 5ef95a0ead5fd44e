"""The table's history decides the rules the board alone cannot: 50 test games played through the page's API.

Each game is played by the engine (`engine.runner.play_game`, greedy against random), written as a
game record and replayed by `engine.replay` (what ``lexicon-tools replay`` does). Its turns are then
sent to ``/api/score`` one by one, each with the table's turns so far, as the page sends them: every
placement must be legal there and score what the record says. Before each placement the same
`Game` that replay drives lists every move of the mover's rack with *any* board joker swappable; the
ones the engine refuses (a joker not laid in the turn just before, ``joker_swap.by: next_player``)
must be refused by the page's API as well, and the ones it allows must score the same.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from lexicon_tools.engine.game import Game
from lexicon_tools.engine.judge import LexiconJudge
from lexicon_tools.engine.moves import Exchange, Pass, Place, Resign
from lexicon_tools.engine.movegen.generator import MoveGenerator
from lexicon_tools.engine.replay import replay
from lexicon_tools.engine.runner import log_of, play_game
from lexicon_tools.engine.scoring import sq_name
from lexicon_tools.engine.tiles import BLANK_FLAG, LETTER_MASK
from lexicon_tools.errors import IllegalMoveError, InvalidWordError
from lexicon_tools.io.formats.gamerecord import format_record, parse_record
from lexicon_tools.io.formats.lexfile import load_lexicon
from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.jobs.build import build_from_verdicts
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.web.app import create_app
from lexicon_tools.web.table import Table
from tests.engine.conftest import WORDS, small_rules

GAMES_PER_RULESET = 25        # x 2 rulesets = 50 games


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    folder = tmp_path_factory.mktemp("history-lex")
    out = {}
    for name in ("wortspieler", "smartfeud"):
        rs = load_ruleset(name)
        alphabet = rs.make_alphabet()
        verdicts = [Verdict(Entry(w.capitalize(), lemma=w.capitalize(), pos="NOUN"), alphabet.normalize(w), True,
                            "nom-sg") for w in WORDS]
        build_from_verdicts(rs, verdicts, folder / f"{name}.lex", date="2026-01-01T00:00:00Z")
        out[name] = Table(small_rules(name), load_lexicon(folder / f"{name}.lex"))
    return out


def tiles_of(rules, move: Place) -> dict:
    letters = rules.alphabet.letters
    tiles = [{"square": sq_name(rules, sq), "letter": letters[(code & LETTER_MASK) - 1],
              "blank": bool(code & BLANK_FLAG), "line": index}
             for index, line in enumerate(move.lines) for sq, code in line.tiles]
    return {"tiles": tiles, "take": [sq_name(rules, sq) for sq in move.take],
            "swap": [sq_name(rules, sq) for sq in move.swaps]}


def engine_verdict(game: Game, move: Place):
    """The engine's answer for `move` now: its score, or None when it refuses the move."""
    try:
        return game.evaluate(move).score
    except InvalidWordError:
        return "invalid"
    except IllegalMoveError:
        return None


def play_through_the_api(client, table, judge, generator, record_text: str, counts: dict) -> None:
    rules = table.rules
    record = parse_record(record_text, "game.gcg")
    replayed = replay(record, rules, judge)
    game = Game(rules.for_game(record.seed), judge, record.players, seed=record.seed)
    history: list[dict] = []
    for turn in replayed.turns:
        seat = game.current
        assert turn.seat == seat
        if isinstance(turn.move, Place):
            allowed = game.swappable_jokers()
            moves = generator.generate(game.board, game.player.rack, None)
            refused_here = allowed_here = 0
            for index in range(len(moves)):     # up to 2 moves the engine refuses, and 2 others
                move = moves.move(index)
                wrong_joker = allowed is not None and any(sq not in allowed for sq in move.swaps)
                if (refused_here if wrong_joker else allowed_here) >= 2 or (not wrong_joker and index % 5):
                    continue
                expected = engine_verdict(game, move)
                reply = client.post("/api/score", json={"history": history, "player": seat,
                                                        **tiles_of(rules, move)}).json()
                if expected is None:
                    refused_here += 1
                    counts["refused"] += 1
                    assert reply["legal"] is False, (record_text, move, reply)
                else:
                    counts["allowed"] += 1
                    allowed_here += 1
                    assert reply["legal"] is True and reply["score"] == expected, (move, reply)
            reply = client.post("/api/score", json={"history": history, "player": seat,
                                                    **tiles_of(rules, turn.move)}).json()
            assert reply["legal"] and reply["valid"], reply
            assert reply["score"] == turn.score and reply["notation"] == turn.notation
            history.append({"player": seat, "kind": "place", "notation": reply["notation"]})
            counts["turns"] += 1
            counts["swaps"] += bool(turn.move.swaps)
        else:
            history.append({"player": seat, "kind": turn.kind})
        game.play(turn.move if isinstance(turn.move, (Place, Pass, Exchange, Resign)) else Pass())
    assert game.scores() == replayed.scores()


@pytest.mark.parametrize("name", ["wortspieler", "smartfeud"])
def test_recorded_games_score_and_refuse_through_the_api_as_in_replay(tables, name):
    table = tables[name]
    rules = table.rules
    judge = LexiconJudge(table.lexicon, rules.name)
    client = TestClient(create_app(table, None))
    generator = MoveGenerator(rules, judge.kwg.nodes, judge)
    counts = {"turns": 0, "refused": 0, "allowed": 0, "swaps": 0}
    for seed in range(GAMES_PER_RULESET):
        game = play_game(rules, judge, judge.kwg.nodes, ["greedy", "random"], seed=seed)
        text = format_record(log_of(game, ["greedy", "random"]), game.text)
        play_through_the_api(client, table, judge, generator, text, counts)
    assert counts["turns"] > 5 * GAMES_PER_RULESET and counts["allowed"] > counts["turns"]
    if rules.swap_enabled and rules.swap_next_player_only:       # Wortspieler: the joker rule was exercised both ways
        assert counts["refused"] > 20 and counts["swaps"] > 0, counts
