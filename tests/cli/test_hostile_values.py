"""Round two of hostile inputs (issue 29), class "values that were accepted but wrong", plus leave files
shown raw. Real CLI in a subprocess (`hostile_kit.run`); each case failed before its fix:

* S1: `leaves show` printed a `.leaves` header raw (an OSC escape retitled the terminal);
* A1: the duplicate-key check missed `7` against `0x7`, `7.0`, `0_7` (the last silently won);
* A2: time limits past 30 days, fullwidth digits in time limits and records, a default time limit
  that is not among the options;
* A3: `play --think-spread nan` was accepted; `leaves import` wrote NaN values no reader takes;
* A4: an empty `normalisation.replacements` key inserted its value between every two letters;
* A6: negative counts (`--limit -1`, `--suggestions -5`, `--epochs -1`), tiles `[true, false]`, mapping
  XPaths that yield numbers imported as words;
* H8: a ruleset `description` of megabytes took a minute to validate.
"""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest

from hostile_kit import intact, previous, refused, run, small_lexicon
from lexicon_tools.resources import rulesets_dir


@pytest.fixture(scope="module")
def lex(tmp_path_factory) -> Path:
    return small_lexicon(tmp_path_factory.mktemp("lex"))


def test_leaves_show_never_prints_an_escape_sequence_from_the_file(tmp_path):
    text = (rulesets_dir() / "leaves" / "webfeud.leaves").read_text(encoding="utf-8")
    text = text.replace("# seed: 1", "# seed: 1\x1b]0;pwned\x07\x1b[31m\n# \x1b[2Jnote\x9b2J: x\x1b[0m")
    (tmp_path / "evil.leaves").write_text(text, encoding="utf-8")
    done = run("leaves", "show", "evil.leaves", cwd=tmp_path)
    assert done.returncode == 0, done.err
    assert not any(ch in done.out + done.err for ch in "\x1b\x07\x9b"), repr(done.out)
    assert "seed: 1" in done.out and "note: x" in done.out


def _ruleset(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "r.yaml"
    path.write_text("extends: webfeud\nname: house\n" + body, encoding="utf-8")
    return path


@pytest.mark.parametrize(("body", "fragment"), [
    ("rack:\n  size: 7\n  7: a\n  0x7: b\n", "r.yaml:6: duplicate key '0x7' (first at line 5)"),
    ("rack:\n  size: 7\n  7: a\n  7.0: b\n  0_7: c\n", "r.yaml:7: duplicate key '0_7' (first at line 5)"),
    ("modes:\n  time_limits: {default: 31d, options: []}\n", "at most 30d"),
    ("modes:\n  time_limits: {default: ５m, options: []}\n", "is not a time limit"),
    ("modes:\n  time_limits: {default: 1h, options: [2h, 3h]}\n", "the default time limit '1h' is not among the options"),
    ("alphabet:\n  letters: [A, B, C, D, E]\n  normalisation: {replacements: {'': X}}\n", "an empty key"),
    ("description: " + "x" * 1_100_000 + "\n", "is larger than 1,048,576 bytes"),
], ids=["0x7", "7.0 and 0_7", "31 days", "fullwidth digit", "default not an option", "empty replacement",
        "megabyte description"])
def test_ruleset_values_accepted_before_are_refused(tmp_path, body, fragment):
    done = run("ruleset", "validate", _ruleset(tmp_path, body), cwd=tmp_path, timeout=30)
    refused(done, fragment)


def test_tile_counts_and_values_must_be_numbers_not_truth_values(tmp_path):
    source = (rulesets_dir() / "webfeud.yaml").read_text(encoding="utf-8")
    line = next(x for x in source.splitlines() if x.strip().startswith("E: ["))
    (tmp_path / "r.yaml").write_text(source.replace(line, line.split(":")[0] + ": [true, false]"), encoding="utf-8")
    refused(run("ruleset", "validate", "r.yaml", cwd=tmp_path), "r.yaml", "tiles.letters.E")


@pytest.mark.parametrize(("args", "fragment"), [
    (["play", "-r", "webfeud", "-l", "LEX", "-n", "1", "--time-limit", "31d", "-q"], "at most 30d"),
    (["play", "-r", "webfeud", "-l", "LEX", "-n", "1", "--time-limit", "３m", "-q"], "is not a time limit"),
    (["play", "-r", "webfeud", "-l", "LEX", "-n", "1", "--think-spread", "nan", "-q"], "spread nan is out of range"),
    (["anagram", "HAUS", "-l", "LEX", "--limit", "-1"], "--limit -1 is out of range"),
    (["check", "-l", "LEX", "Xyz", "--suggestions", "-5"], "--suggestions -5 is out of range"),
    (["morph", "train", "--epochs", "-1", "-o", "model", "-q"], "--epochs -1 is out of range"),
], ids=["play 31d", "play fullwidth", "think-spread nan", "anagram --limit", "check --suggestions",
        "morph --epochs"])
def test_command_values_accepted_before_are_refused(tmp_path, lex, args, fragment):
    done = run(*[str(lex) if a == "LEX" else a for a in args], cwd=tmp_path, timeout=60)
    refused(done, fragment)
    assert not (tmp_path / "model").exists()


@pytest.mark.parametrize(("turn", "fragment"), [
    (">p1: DEKNPRS 8H END +１２ 12", "g.gcg:6: cannot read the turn"),
    (">p1: DEKNPRS ８H END +5 5", "g.gcg:6: '８H' is not a position"),  # seed 3 deals p1 DEKNPRS
], ids=["fullwidth score", "fullwidth position"])
def test_record_scores_and_positions_in_other_digits_are_refused(tmp_path, lex, turn, fragment):
    (tmp_path / "g.gcg").write_text("#lexicon-tools-record 1\n#ruleset webfeud\n#seed 3\n#player1 p1 equity\n"
                                    "#player2 p2 equity\n" + turn + "\n", encoding="utf-8")
    refused(run("replay", "g.gcg", "-l", lex, "--partial", cwd=tmp_path), fragment)


def test_leaves_import_refuses_nan_values_and_keeps_the_previous_file(tmp_path):
    from lexicon_tools.lexicon.klv import klv2_bytes

    data = bytearray(klv2_bytes({bytes([1]): 1.5, bytes([2]): 2.5}))
    struct.pack_into("<f", data, len(data) - 4, float("nan"))
    (tmp_path / "nan.klv2").write_bytes(bytes(data))
    previous(tmp_path / "out.leaves")
    done = run("leaves", "import", "nan.klv2", "-r", "webfeud", "-o", "out.leaves", cwd=tmp_path)
    refused(done, "nan.klv2: 1 leave value(s) are not finite numbers")
    assert intact(tmp_path / "out.leaves")
    assert np.isnan(np.frombuffer(bytes(data[-4:]), "<f4")[0])


def test_a_mapping_xpath_that_yields_a_number_is_not_a_word(tmp_path):
    (tmp_path / "m.yaml").write_text("name: counts\nentry: ar\nword: count(k)\n", encoding="utf-8")
    (tmp_path / "d.xml").write_text("<xdxf><ar><k>Haus</k></ar></xdxf>\n", encoding="utf-8")
    previous(tmp_path / "out.jsonl")
    done = run("import", "d.xml", "--format", "mapping:m.yaml", "-o", "out.jsonl", cwd=tmp_path)
    refused(done, "the XPath of 'word' yields the number 1.0, not text")
    assert intact(tmp_path / "out.jsonl")
