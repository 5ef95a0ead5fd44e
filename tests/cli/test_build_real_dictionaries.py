"""End to end through the real CLI: builds from dictionaries shaped like the ones users bring.

- a word list that writes nouns' infinitives in lower case, as Debian's wngerman does
  (essen, leben), with names, name genitives and capitals mixed in;
- a FreeDict-style TEI file with abbreviation forms and [geogr.] entries
  (corpora/fixtures/tei/deu-names-abbrev.tei).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEI = ROOT / "corpora" / "fixtures" / "tei" / "deu-names-abbrev.tei"
WORDS = ["Haus", "essen", "leben", "trauer", "laufen", "schreiben", "und", "weil", "am", "seine", "Berlin",
         "Bangkoks", "Helsinkis", "Trafalgar", "ABM", "BMW", "Fluoriden", "Kinderzimmer"]


@pytest.fixture
def word_list(tmp_path):
    path = tmp_path / "ngerman"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return path


def checked(cli, lexicon: Path, words: list[str]) -> dict[str, tuple[bool, str]]:
    result = cli("check", "--json", "--no-suggest", "--lexicon", str(lexicon), *words)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    return {row["word"]: (row["valid"], row["reason"]) for row in rows}


def build(cli, ruleset: str, source: Path, out: Path, fmt: str) -> None:
    result = cli("build", "--ruleset", ruleset, "--source", str(source), "--format", fmt, "-o", str(out), "-q")
    assert result.exit_code == 0, result.output


def test_wortspieler_from_a_lower_case_word_list(cli, word_list, tmp_path):
    build(cli, "wortspieler", word_list, tmp_path / "w.lex", "wordlist")
    got = checked(cli, tmp_path / "w.lex", WORDS)
    for word in ("Haus", "essen", "leben", "trauer", "laufen", "schreiben", "Kinderzimmer"):
        assert got[word][0], (word, got[word])  # das Essen, das Leben: tiles have no case
    for word in ("und", "weil", "am", "seine", "Berlin", "Bangkoks", "Helsinkis", "Trafalgar", "ABM", "BMW",
                 "Fluoriden"):
        assert not got[word][0], (word, got[word])


def test_webfeud_from_the_same_list_keeps_function_words_and_drops_names(cli, word_list, tmp_path):
    build(cli, "webfeud", word_list, tmp_path / "f.lex", "wordlist")
    got = checked(cli, tmp_path / "f.lex", WORDS)
    for word in ("und", "weil", "am", "seine", "essen", "Haus", "Kinderzimmer", "Trafalgar"):
        assert got[word][0], (word, got[word])  # every listed word of the all-forms game
    for word in ("Berlin", "ABM", "BMW"):
        assert not got[word][0], (word, got[word])


@pytest.mark.parametrize("ruleset", ["wortspieler", "smartfeud"])
def test_a_tei_file_with_abbreviation_forms_and_place_entries(cli, tmp_path, ruleset):
    build(cli, ruleset, TEI, tmp_path / "t.lex", "tei")
    got = checked(cli, tmp_path / "t.lex", ["ADHS", "StVO", "Btm", "Ganges", "Dubrovnik", "Zugspitze", "Tisch",
                                             "Straßenverkehrsordnung"])
    assert got["ADHS"] == got["StVO"] == got["Btm"] == (False, "abbreviation")
    assert got["Dubrovnik"] == got["Zugspitze"] == (False, "proper-noun")
    assert not got["Ganges"][0]  # a river; the genitive of Gang only where a source lists it
    assert got["Tisch"][0]
    assert not got["Straßenverkehrsordnung"][0]  # 22 letters: longer than the board
