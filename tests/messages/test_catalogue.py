"""The message catalogue: every refusal the engine gives at the table reads German, without ruleset fields.

The refusals come from the real engine (the table's `/api/score` on the full boards, and the CLI),
not from a list typed here: a new engine message with no catalogue entry fails these tests.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from lexicon_tools import messages
from lexicon_tools.web.app import create_app
from lexicon_tools.web.loader import open_table
from tests.web.conftest import EMPTY16, small_lexicons  # noqa: F401  (the fixture)

ROW8 = ["G8", "H8", "I8", "J8"]


def tiles(squares, word, blank=()):
    return [{"square": s, "letter": c, "blank": i in blank} for i, (s, c) in enumerate(zip(squares, word))]


HAUS = {"player": 0, "kind": "place", "notation": "8G HAUS"}
ASE = {"player": 1, "kind": "place", "notation": "G9 .ASe"}
# (ruleset, request) pairs the engine refuses, one per rule
REFUSALS = [
    ("wortspieler", {"history": [], "tiles": tiles(["A1", "B1"], "HA")}),                       # start square
    ("wortspieler", {"history": [], "tiles": tiles(["G8", "I9"], "HA")}),                       # one line
    ("wortspieler", {"history": [HAUS], "player": 1, "tiles": tiles(["A1", "B1"], "HA")}),      # not connected
    ("wortspieler", {"history": [HAUS], "player": 1, "tiles": tiles(["G8"], "A")}),             # occupied
    ("wortspieler", {"history": [HAUS], "player": 1, "tiles": tiles(["K8", "M8"], "EN")}),      # gap
    ("wortspieler", {"history": [HAUS, ASE], "player": 0, "swap": ["G8"],
                     "tiles": tiles(["F11"], "S", blank=(0,))}),                                 # no joker there
    ("wortspieler", {"history": [HAUS, ASE, {"player": 0, "kind": "pass"}], "player": 1, "swap": ["G11"],
                     "tiles": tiles(["F11", "H11"], "SE", blank=(0,))}),                         # next player only
    ("wortspieler", {"board": EMPTY16, "swap": ["G8"], "tiles": tiles(ROW8, "HAUS")}),           # no history
    ("smartfeud", {"history": [HAUS], "player": 1, "tiles": tiles([f"{c}9" for c in "ABCDEFGH"], "SCHRANKE",
                                                                 blank=(0,))}),                  # 8 own tiles
    ("smartfeud", {"history": [HAUS], "player": 1, "take": ["G8"], "tiles": tiles(["H9"], "S")}),  # take unused
    ("smartfeud", {"history": [HAUS], "player": 1, "take": ["G8"], "tiles": tiles(["G8", "G9"], "HA")}),  # put back
    ("smartfeud", {"history": [{"player": 0, "kind": "place", "notation": "1A HAUS"}], "player": 1,
                   "tiles": tiles(ROW8, "HAUS")}),                                               # bad history
]
FIELD = re.compile(r"[a-z]+_[a-z_]+|[a-z]+\.[a-z_]+")


@pytest.fixture(scope="module")
def clients(small_lexicons):
    return {name: TestClient(create_app(open_table(None, str(path))[1], None)) for name, path in
            small_lexicons.items()}


@pytest.mark.parametrize("name,request_body", REFUSALS)
def test_every_refusal_reads_german_without_fields(clients, name, request_body):
    reply = clients[name].post("/api/score", json=request_body, headers={"accept-language": "de-DE"})
    body = reply.json()
    assert body.get("legal") is False or reply.status_code == 400, body
    fallback = messages.catalogue()["fallback"]["de"]
    for said in (body["error"], body["hint"]):
        assert said != fallback, f"no catalogue entry for: {body['detail']!r}"
        assert not FIELD.search(said), said
    english = clients[name].post("/api/score", json=request_body).json()
    assert english["error"] != body["error"] and not FIELD.search(english["error"])
    assert english["detail"] == body["detail"]          # the engine's own words stay available


# a character that is no tile or letter of the game, where the page sends one (the tile text's ValueError,
# wrapped by the table): German from the catalogue, with the hint naming the letters
NOT_A_TILE = [
    ("/api/end", {"names": ["Anna", "Ben"], "scores": [0, 0], "racks": ["A1", ""], "went_out": None,
                  "last_placer": None, "left": []}, "Reststeine von Anna: '1' ist kein Stein dieses Spiels."),
    ("/api/tiles-left", {"board": EMPTY16, "rack": "A1"}, "Meine Steine: '1' ist kein Stein dieses Spiels."),
    ("/api/score", {"history": [], "tiles": tiles(["G8"], "1")},
     "Der Stein auf G8: '1' ist kein Buchstabe dieses Spiels."),
    ("/api/score", {"board": ["1" + "." * 15] + EMPTY16[1:], "tiles": tiles(["G8"], "A")},
     "Brett, Zeile 1: '1' ist kein Buchstabe dieses Spiels."),
]


@pytest.mark.parametrize("path,request_body,german", NOT_A_TILE)
def test_a_character_that_is_no_tile_reads_german(clients, path, request_body, german):
    reply = clients["wortspieler"].post(path, json=request_body, headers={"accept-language": "de-DE"})
    body = reply.json()
    assert reply.status_code == 400 and body["error"] == german, body
    assert body["hint"].startswith("Nimm die Buchstaben AÄBCDEFGHIJKLMNOÖPQRSTUÜVWXYZ"), body
    english = clients["wortspieler"].post(path, json=request_body).json()
    assert english["error"] == english["detail"] and "'1' is not a" in english["error"], english


def test_reasons_by_code_in_both_languages():
    assert messages.reason_text("inflected-form:plural-of:HAUS", "de") == "gebeugte Form (Plural von HAUS)"
    assert messages.reason_text("inflected-form:plural-of:HAUS", "en") == "inflected form (plural of HAUS)"
    assert messages.reason_text("register:colloquial", "de") == "Sprachebene: umgangssprachlich"
    assert messages.reason_text("diminutive-of:HUND", "de") == "Verkleinerungsform von HUND"
    for code in messages.catalogue()["reasons"]:
        if "{" not in messages.catalogue()["reasons"][code]["en"]:
            assert messages.reason_text(code, "de") != messages.reason_text(code, "en") or code == "regional"


def test_invalid_words_of_a_turn_are_german_to_the_end():
    engine = ("HÄUSER is not a word in wortspieler: inflected form (plural of HAUS) (lemma HAUS); "
              "SAUX is not a word in wortspieler: not in the dictionary sources")
    assert messages.translate(engine, "de") == ("HÄUSER ist in wortspieler kein Wort: gebeugte Form (Plural von "
                                                "HAUS) (Grundform HAUS); SAUX ist in wortspieler kein Wort: nicht "
                                                "in den Wörterbuchquellen")


def test_fields_only_when_verbose():
    engine = "wortspieler allows one line of tiles per turn (placement.mode: single_line)"
    assert messages.translate(engine, "en") == "wortspieler allows one line of tiles per turn"
    assert messages.translate(engine, "de", verbose=True).endswith("(placement.mode: single_line)")


@pytest.mark.parametrize("env,lang", [({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "C.UTF-8"}, "en"),
                                      ({"LC_ALL": "de_AT", "LANG": "en_US"}, "de"), ({}, "en"),
                                      ({"LEXICON_TOOLS_LANG": "en", "LANG": "de_DE"}, "en")])
def test_the_default_language_follows_the_locale(env, lang):
    assert messages.default_language(env) == lang


def test_page_texts_have_every_language():
    texts = messages.page_texts()
    assert set(texts) == set(messages.languages()) and texts["de"]["record"] == "Zug eintragen"
    assert all(texts["de"][k] for k in texts["en"])


def test_cli_check_speaks_the_chosen_language(cli, small_lexicons):
    lexicon = str(small_lexicons["wortspieler"])
    german = cli("--lang", "de", "check", "--lexicon", lexicon, "--no-suggest", "Haus", "Häuser")
    assert german.exit_code == 1
    assert "✔ HAUS  Substantiv im Nominativ Singular [nom-sg]" in german.output
    assert "gebeugte Form (Plural von HAUS)" in german.output
    english = cli("--lang", "en", "check", "--lexicon", lexicon, "--no-suggest", "Haus")
    assert "noun in the nominative singular [nom-sg]" in english.output
    wrong = cli("--lang", "fr", "check", "--lexicon", lexicon, "Haus")
    assert wrong.exit_code == 2 and "--lang fr" in wrong.output and "de, en" in wrong.output


def test_cli_language_from_the_locale(small_lexicons):
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LEXICON_TOOLS_LANG"))}
    out = subprocess.run([sys.executable, "-m", "lexicon_tools", "check", "--lexicon",
                          str(small_lexicons["wortspieler"]), "Haus"], capture_output=True, text=True,
                         env=dict(env, LANG="de_DE.UTF-8"))
    assert out.returncode == 0 and "Substantiv im Nominativ Singular" in out.stdout
