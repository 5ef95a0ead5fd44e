"""Small boards, tiny lexicons and helpers for the engine tests."""

from __future__ import annotations

import dataclasses

import pytest

from lexicon_tools.engine.game import Game
from lexicon_tools.engine.judge import KwgJudge, SetJudge
from lexicon_tools.engine.notation import parse_place
from lexicon_tools.engine.rules import Rules
from lexicon_tools.engine.setup import set_position
from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.model.layout import Layout, parse_square

# Small boards per game. Webfeud has one start square (the centre star), SmartFeud
# and Wortspieler a 2x2 centre; premiums are placed so scenarios can hit each kind.
SMALL_BOARDS = {
    "webfeud": dict(rows=7, cols=7, start=["D4"],
                    premiums={"A1": "TW", "G1": "TW", "B2": "DW", "F6": "DW", "C3": "TL", "E5": "TL",
                              "D1": "DL", "A4": "DL", "D7": "DL", "G4": "DL", "F4": "DW"}),
    "smartfeud": dict(rows=8, cols=8, start=["D4", "E4", "D5", "E5"],
                      premiums={"A1": "TW", "H8": "TW", "B2": "DW", "G7": "DW", "C3": "TL", "F6": "TL",
                                "A4": "DL", "H5": "DL", "G4": "DW", "D2": "DL"}),
    "wortspieler": dict(rows=8, cols=8, start=["D4", "E4", "D5", "E5"],
                        premiums={"A1": "TW", "H8": "TW", "B2": "DW", "G7": "DW", "C3": "TL", "F6": "TL",
                                  "A4": "DL", "H5": "DL", "G4": "DW", "D2": "DL"}),
}

GAMES = tuple(SMALL_BOARDS)

WORDS = ["HAUS", "HAUSE", "AUS", "RAUS", "SAU", "AU", "US", "HA", "AH", "EH", "HE", "ES", "SE", "TEE", "TAT",
         "RAT", "RATE", "RATEN", "TAU", "TAUE", "HUT", "HUTE", "NUT", "NUTE", "ER", "RE", "TE", "EN", "NE",
         "SEE", "SEEN", "ERST", "REST", "RESTE", "TEST", "TESTEN", "NASE", "NASEN", "ARE", "EHRE", "HEER",
         "HAU", "ERSTENS", "ANSTEHEN", "KATZE"]


def small_rules(game: str, **changes) -> Rules:
    """The bundled ruleset of `game` on its small board; `changes` replace `Rules` fields."""
    spec = SMALL_BOARDS[game]
    rs = load_ruleset(game)
    layout = Layout(spec["rows"], spec["cols"], {parse_square(k): v for k, v in spec["premiums"].items()},
                    tuple(parse_square(s) for s in spec["start"]))
    board = rs.board.model_copy(update={"rows": spec["rows"], "cols": spec["cols"], "premium_count": None,
                                        "random_board": None})
    rules = Rules.from_ruleset(rs.model_copy(update={"board": board, "layout": layout}))
    return dataclasses.replace(rules, **changes) if changes else rules


def set_judge(rules: Rules, words=WORDS, reasons=None, name=None) -> SetJudge:
    return SetJudge(words, rules.alphabet, name or rules.name, reasons)


def kwg_judge(rules: Rules, words=WORDS) -> KwgJudge:
    from lexicon_tools.lexicon.kwg import build_kwg

    a = rules.alphabet
    return KwgJudge(build_kwg(a.encode(a.normalize(w)) for w in words), rules.name)


def position(rules: Rules, judge, rows=None, racks=None, players=2, seed=0, **game_options) -> Game:
    game = Game(rules, judge, players, seed=seed, **game_options)
    return set_position(game, rows, racks)


def place(game: Game, notation: str):
    return parse_place(game.rules, game.board, notation, game.text)


@pytest.fixture(params=GAMES)
def game_name(request) -> str:
    return request.param
