"""No ruleset field name reaches a player; the CLI names the fields only with --verbose.

Hundreds of turns, drawn at random (a fixed seed) around the first word of each game, are sent
to the table's real `/api/score` for all three rulesets in German and in English: tiles on one or
several lines, jokers, takes and swaps of board squares, with the table's history or without. Each
refusal's `error` and `hint`, and every word's reason, must be free of ruleset field paths
(``placement.lines_must_touch``, ``special_moves.joker_swap.by``); the engine's own text in ``detail``
must still carry them for some refusals, so the check has something to catch. In German none of them
is the catalogue's catch-all sentence: each has its own text. The CLI then replays a
record with a two-line turn in Webfeud: the field appears only with ``--verbose``.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from lexicon_tools import messages
from lexicon_tools.cli.app import app as cli_app
from lexicon_tools.web.app import create_app
from lexicon_tools.web.loader import open_table
from tests.web.conftest import build_small

RULESETS = ("wortspieler", "smartfeud", "webfeud")
TURNS = 150                      # random turns per ruleset (x 2 languages)
FIELD_PATH = re.compile(r"\b[a-z]+(?:_[a-z]+)*(?:\.[a-z_]+)+\b|\b[a-z]+_[a-z_]+\b")
COLS = "ABCDEFGHIJKLMNOP"
FALLBACK = messages.catalogue()["fallback"]["de"]


@pytest.fixture(scope="module")
def clients(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fields-lex")
    return {name: TestClient(create_app(open_table(None, str(build_small(name, folder / f"{name}.lex")))[1], None))
            for name in RULESETS}


def random_turn(rng: random.Random, history: list[dict]) -> dict:
    """A turn a hurried player might tap in: 1-5 tiles near the centre, some on a second line."""
    tiles = []
    for _ in range(rng.randint(1, 5)):
        square = f"{COLS[rng.randint(3, 12)]}{rng.randint(4, 13)}"
        tiles.append({"square": square, "letter": rng.choice("HAUSENTR"), "blank": rng.random() < 0.2,
                      "line": rng.choice((0, 0, 1))})
    board_squares = ["G8", "H8", "I8", "J8", "A1"]
    return {"history": history if rng.random() < 0.8 else [], "player": len(history) % 2, "tiles": tiles,
            "take": [rng.choice(board_squares)] if rng.random() < 0.15 else [],
            "swap": [rng.choice(board_squares)] if rng.random() < 0.15 else []}


def fixed_turns(history: list[dict]) -> list[dict]:
    """Turns whose refusals name a field in the engine's text: a second line away from the board (one line
    a turn in SmartFeud and Webfeud; in Wortspieler a line that builds only on the line before it), and a
    joker swapped by the player who laid it (Wortspieler: the next player only)."""
    tile = lambda square, letter, line=0, blank=False: {"square": square, "letter": letter, "line": line, "blank": blank}
    swap_history = history + [{"player": 1, "kind": "place", "notation": "G8 .ASe"}, {"player": 0, "kind": "pass"}]
    return [{"history": history, "player": 1, "tiles": [tile("K8", "E"), tile("K9", "S", 1), tile("K10", "T", 1)]},
            {"history": swap_history, "player": 1, "swap": ["G11"],
             "tiles": [tile("F11", "S", blank=True), tile("H11", "E")]}]


@pytest.mark.parametrize("name", RULESETS)
def test_no_refusal_or_reason_names_a_ruleset_field(clients, name):
    client = clients[name]
    first = client.post("/api/score", json={"history": [], "player": 0, "tiles": [
        {"square": s, "letter": c} for s, c in zip(("G8", "H8", "I8", "J8"), "HAUS")]}).json()
    assert first["legal"], first
    history = [{"player": 0, "kind": "place", "notation": first["notation"]}]
    rng = random.Random(26)
    refused, details = 0, set()
    for body in [random_turn(rng, history) for _ in range(TURNS)] + fixed_turns(history):
        for lang in ("de-DE", "en-US"):
            reply = client.post("/api/score", json=body, headers={"accept-language": lang})
            said = reply.json()
            shown = [said.get("error", ""), said.get("hint", "")] + [w.get("reason", "") for w in said.get("words", [])]
            assert not any(FIELD_PATH.search(text) for text in shown), (body, said)
            if lang == "de-DE":     # every refusal and hint has its own German text, not the catch-all sentence
                assert FALLBACK not in (said.get("error"), said.get("hint")), (body, said)
            if reply.status_code == 200 and not said["legal"]:
                refused += 1
                details.add(said["detail"])
    with_fields = [d for d in details if FIELD_PATH.search(d)]
    assert refused > TURNS and len(details) >= 4, (refused, details)
    assert with_fields, f"no refusal of {name} named a field in detail: the check had nothing to catch ({details})"


def test_the_cli_names_the_fields_only_when_verbose(tmp_path):
    sys.path.insert(0, str(Path(__file__).parents[1] / "io" / "formats"))
    from gcg_support import FIXTURES, build_fixture_lexicon

    lexicon = build_fixture_lexicon("webfeud", tmp_path / "lex")
    record = tmp_path / "two-lines.gcg"        # Webfeud lays one line a turn: ben's AW gets a second line
    record.write_text((FIXTURES / "webfeud-selfplay.gcg").read_text(encoding="utf-8")
                      .replace(" 8H AW +4 4", " 8H AW & 1A J +4 4"), encoding="utf-8")
    outputs = {}
    for lang in ("de", "en"):
        for verbose in ((), ("--verbose",)):
            result = CliRunner().invoke(cli_app, ["--lang", lang, *verbose, "replay", str(record), "--ruleset",
                                                  "webfeud", "--lexicon", str(lexicon)])
            assert result.exit_code == 2 and "Traceback" not in result.output, result.output
            outputs[lang, bool(verbose)] = result.output
    for lang in ("de", "en"):
        assert "placement.mode" not in outputs[lang, False], outputs[lang, False]
        assert "(placement.mode: single_line)" in outputs[lang, True], outputs[lang, True]
    assert "webfeud liegen alle Steine eines Zuges in einer Linie" in outputs["de", False]
    assert "two-lines.gcg:8" in outputs["en", False]
