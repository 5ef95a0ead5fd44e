"""`lexicon-tools build`: real sources through the real readers and word policies, then the check."""

from __future__ import annotations

import json
import re

import pytest

from lexicon_tools.io.formats.lexfile import load_lexicon, read_meta
from lexicon_tools.resources import corpora_dir, default_lexicon_path

WORDLIST = corpora_dir() / "fixtures" / "wordlist" / "words-utf8.txt"
MINI_CSV = corpora_dir() / "fixtures" / "csv" / "nouns-mini.csv"


def build(cli, *args):
    result = cli("build", *args)
    assert result.exit_code == 0, result.output
    return result


def test_all_forms_build_from_a_word_list(cli, tmp_path):
    out = tmp_path / "smartfeud.lex"
    result = build(cli, "--ruleset", "smartfeud", "--source", str(WORDLIST), "--format", "wordlist",
                   "-o", str(out))
    for label in ("entries in", "words in", "words out", "file size", "time", "import", "filter", "build"):
        assert label in result.stdout
    words_out = int(re.search(r"words out\s+([\d,]+)", result.stdout).group(1).replace(",", ""))
    lex = load_lexicon(out)
    assert lex.word_count == words_out and lex.ruleset == "smartfeud"
    for word in ("Haus", "Häuser", "Straße", "Mädchen", "Eltern", "Quiz"):  # all forms are legal
        assert lex.check(word).valid, word
    assert not lex.check("Garten").valid
    meta = read_meta(out)
    source = meta["provenance"]["sources"][0]
    assert source["name"] == "words-utf8.txt" and source["format"] == "wordlist" and len(source["sha256"]) == 64


def test_several_sources_with_their_own_formats(cli, tmp_path):
    out = tmp_path / "both.lex"
    result = build(cli, "--ruleset", "smartfeud", "--source", str(WORDLIST), "--format", "wordlist",
                   "--source", str(MINI_CSV), "--format", "csv", "-o", str(out))
    assert "words-utf8.txt, nouns-mini.csv" in result.stdout
    lex = load_lexicon(out)
    assert lex.check("Quiz").valid and lex.check("Joghurt").valid  # one from each source
    assert [s["format"] for s in read_meta(out)["provenance"]["sources"]] == ["wordlist", "csv"]


def test_build_from_a_filter_result(cli, tmp_path):
    verdicts = tmp_path / "verdicts.jsonl"
    entries = tmp_path / "entries.jsonl"
    assert cli("import", str(MINI_CSV), "-o", str(entries)).exit_code == 0
    assert cli("filter", str(entries), "--ruleset", "wortspieler", "-o", str(verdicts)).exit_code == 0
    direct, staged = tmp_path / "direct.lex", tmp_path / "staged.lex"
    build(cli, "--source", str(MINI_CSV), "-o", str(direct), "--quiet")
    result = build(cli, "--verdicts", str(verdicts), "-o", str(staged))
    assert "read verdicts" in result.stdout
    a, b = load_lexicon(direct), load_lexicon(staged)
    assert list(a.kwg.words()) == list(b.kwg.words()) and list(a.verdicts) == list(b.verdicts)
    assert read_meta(staged)["provenance"]["sources"][0]["format"] == "verdicts"
    mixed = cli("build", "--verdicts", str(verdicts), "--source", str(MINI_CSV), "-o", str(tmp_path / "x.lex"))
    assert mixed.exit_code == 2 and "--verdicts replaces --source" in mixed.output


def test_nominative_singular_build_from_a_csv_table(cli, tmp_path):
    out = tmp_path / "w.lex"
    build(cli, "--source", str(MINI_CSV), "--format", "csv", "-o", str(out))
    lex = load_lexicon(out)
    assert lex.ruleset == "wortspieler"
    assert lex.check("Haus").valid and lex.check("Eltern").valid
    hauser = lex.check("Häuser")
    assert not hauser.valid and hauser.reason.startswith("inflected-form") and "HAUS" in hauser.suggestions
    assert not lex.check("Berlin").valid


def test_builds_are_reproducible(cli, tmp_path):
    a, b = tmp_path / "a.lex", tmp_path / "b.lex"
    build(cli, "--source", str(MINI_CSV), "-o", str(a), "--quiet")
    build(cli, "--source", str(MINI_CSV), "-o", str(b), "--quiet")
    assert a.read_bytes() == b.read_bytes()
    build(cli, "--source", str(MINI_CSV), "-o", str(b), "--quiet", "--date", "2030-01-01T00:00:00Z")
    assert a.read_bytes() != b.read_bytes() and read_meta(b)["provenance"]["date"] == "2030-01-01T00:00:00Z"


def test_quiet_prints_nothing_and_progress_bars_go_to_stderr(cli, tmp_path, monkeypatch):
    quiet = build(cli, "--source", str(MINI_CSV), "-o", str(tmp_path / "q.lex"), "--quiet")
    assert quiet.stdout == "" and quiet.stderr == ""
    monkeypatch.setenv("LEXICON_TOOLS_PROGRESS", "1")
    loud = build(cli, "--source", str(MINI_CSV), "-o", str(tmp_path / "l.lex"))
    for stage in ("import nouns-mini.csv", "filter", "normalise", "build"):
        assert stage in loud.stderr


def test_the_default_build_goes_where_check_finds_it(cli):
    result = build(cli, "--source", str(MINI_CSV))
    assert str(default_lexicon_path("wortspieler")) in result.stdout
    assert cli("check", "Haus").exit_code == 0
    assert cli("check", "--ruleset", "wortspieler", "Häuser").exit_code == 1


def test_default_build_of_the_bundled_corpus_end_to_end(cli):
    """No options: the Wortspieler lexicon from the bundled corpus, offline."""
    result = build(cli)
    assert "nouns.csv.xz" in result.stdout
    checked = cli("check", "--json", "Haus", "Häuser", "Eltern", "Mädchen", "Häuschen", "schnell")
    rows = {row["word"]: row for row in map(json.loads, checked.stdout.splitlines())}
    assert rows["Haus"]["valid"] and rows["Eltern"]["valid"] and rows["Mädchen"]["valid"]
    assert not rows["Häuser"]["valid"] and rows["Häuser"]["suggestions"][0] == "HAUS"
    assert rows["Häuschen"]["reason"] == "diminutive-of:HAUS" and rows["Häuschen"]["suggestions"][0] == "HAUS"
    assert rows["schnell"]["reason"] == "not-in-lexicon"
    assert checked.exit_code == 1


@pytest.mark.parametrize("args,message", [
    (("--source", "a.txt", "--format", "wordlist", "--format", "csv"), "--format options"),
    (("--ruleset", "nonesuch"), "unknown ruleset"),
    (("--source", "/nonexistent/words.txt", "--format", "wordlist"), "no such file"),
    (("--source", str(WORDLIST), "--format", "klingon"), "unknown format"),
    (("--on-error", "ignore"), "fail or skip"),
])
def test_user_mistakes_exit_2_with_a_message(cli, tmp_path, args, message):
    result = cli("build", *args, "-o", str(tmp_path / "x.lex"))
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "x.lex").exists()
