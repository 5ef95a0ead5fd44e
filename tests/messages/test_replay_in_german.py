"""`lexicon-tools --lang de replay` names the record's line and says in German what differs.

The Webfeud fixture game (tests/io/formats/gcg_fixtures) is broken one way at a time, as a record
edited by hand would be: a score, a total, the player to move, a rack no longer possible, an end line,
and a character that is no tile in a rack, an exchange or a placement (the tile text's own ValueError,
which the replay wraps: its German comes from the catalogue as well, with the hint naming the letters).
In German the error keeps the file and line of the record (`FILE:LINE:`), says what differs with the
numbers of the English message, and uses no word that only the catalogue's English texts use; it is
never the catalogue's fallback sentence, which would hide where the record went wrong.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lexicon_tools import messages
from lexicon_tools.cli.app import app as cli_app
from tests.web.test_browser import english_words

sys.path.insert(0, str(Path(__file__).parents[1] / "io" / "formats"))
from gcg_support import FIXTURES, build_fixture_lexicon  # noqa: E402

TEXT = (FIXTURES / "webfeud-selfplay.gcg").read_text(encoding="utf-8")
BROKEN = {      # what is changed -> what the German error must say
    "score": ((">anna: ACIKMRT H3 AMRIT. +16 16", ">anna: ACIKMRT H3 AMRIT. +17 17"), "zählt 16 Punkte, die Partie sagt 17"),
    "total": ((">ben: ÄJMSTTZ 3H .MTS +9 13", ">ben: ÄJMSTTZ 3H .MTS +9 14"), "ben hat 13 Punkte, die Partie sagt 14"),
    "mover": ((">ben: ÄDJLTTZ J6 DJ +13 26", ">anna: ÄDJLTTZ J6 DJ +13 26"), "ben ist am Zug, die Partie lässt anna ziehen"),
    "rack": ((">anna: ACHKLRS K1", ">anna: YYYYYYY K1"), "Die Steine YYYYYYY brauchen"),
    "end": ((">anna: (EMNOSS) +9 419", ">anna: (EMNOSS) +8 418"), "Die Abrechnung am Spielende ist"),
    "rack-char": ((">anna: ACHKLRS K1", ">anna: ACHKL1S K1"),
                 "Die Steine 'ACHKL1S' gehen nicht: '1' ist kein Stein dieses Spiels.\nTipp: Nimm die Buchstaben"),
    "exchange-char": ((">anna: ACIKMMT -CMT +0 0", ">anna: ACIKMMT -C1T +0 0"),
                     "Der Tausch 'C1T' geht nicht: '1' ist kein Stein dieses Spiels.\nTipp: Nimm die Buchstaben"),
    "placement-char": ((">ben: AÄJSTWZ 8H AW +4 4", ">ben: AÄJSTWZ 8H A1 +4 4"),
                      "Im Zug 8H A1: '1' ist kein Buchstabe dieses Spiels."),
}


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory):
    return build_fixture_lexicon("webfeud", tmp_path_factory.mktemp("lex"))


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_record_is_named_in_german_with_its_line(lexicon, tmp_path, case):
    (old, new), said = BROKEN[case]
    assert old in TEXT
    record = tmp_path / f"meine Partie {case}.gcg"            # a name with spaces keeps its line too
    record.write_text(TEXT.replace(old, new, 1), encoding="utf-8")
    line = next(n for n, text in enumerate(record.read_text(encoding="utf-8").splitlines(), 1) if text.startswith(new))
    outputs = {lang: CliRunner().invoke(cli_app, ["--lang", lang, "replay", str(record), "--ruleset", "webfeud",
                                                  "--lexicon", str(lexicon)]) for lang in ("de", "en")}
    for result in outputs.values():
        assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    german, english = outputs["de"].output, outputs["en"].output
    assert said in german, german
    assert f"{record}:{line}:" in german and f"{record}:{line}:" in english, (german, english)
    assert messages.catalogue()["fallback"]["de"] not in german, german
    assert set(re.findall(r"\d+", english)) <= set(re.findall(r"\d+", german)), (english, german)
    only_english = english_words()
    prose = german.replace(str(record), "")
    assert not {w for w in re.findall(r"[A-Za-z]{3,}", prose) if w.lower() in only_english}, german
