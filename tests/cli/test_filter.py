"""`lexicon-tools filter` through the real CLI: entries from a real import, verdicts on disk, the report."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from lexicon_tools.resources import corpora_dir

CSV_FIXTURE = corpora_dir() / "fixtures" / "csv" / "nouns-mini.csv"


@pytest.fixture(scope="module")
def entries_file(tmp_path_factory):
    """entries.jsonl made by `lexicon-tools import` from the CSV fixture and a small word list."""
    from typer.testing import CliRunner

    from lexicon_tools.cli.app import app

    folder = tmp_path_factory.mktemp("filter")
    words = folder / "words.txt"
    words.write_text("Hündchen\nMädchen\nKindergärten\nschnell\nE-Mail\nPlumbatzung\n", encoding="utf-8")
    out = folder / "entries.jsonl"
    result = CliRunner().invoke(app, ["import", str(CSV_FIXTURE), str(words), "-o", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    return out


def read_jsonl(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def by_word(verdicts):
    return {v["word"]: (v["valid"], v["reason"]) for v in verdicts}


def test_filter_writes_one_verdict_per_entry(cli, entries_file, tmp_path):
    out = tmp_path / "verdicts.jsonl"
    result = cli("filter", str(entries_file), "--ruleset", "wortspieler", "-o", str(out), "--quiet")
    assert result.exit_code == 0, result.output
    entries, verdicts = read_jsonl(entries_file), read_jsonl(out)
    assert [v["word"] for v in verdicts] == [e["word"] for e in entries]
    assert all({"normalized", "valid", "reason", "evidence", "source", "features"} <= set(v) for v in verdicts)
    decided = by_word(verdicts)
    assert decided["Haus"] == (True, "nom-sg")
    assert decided["Häuser"] == (False, "inflected-form:plural-of:HAUS")
    assert decided["Eltern"] == (True, "plurale-tantum")
    assert decided["Berlin"] == (False, "proper-noun")
    assert decided["Kfz"] == (False, "abbreviation")
    assert decided["Mädchen"] == (True, "lexicalized-diminutive")
    assert decided["Hündchen"] == (False, "diminutive-of:HUND")
    assert decided["Kindergärten"] == (False, "inflected-form:plural-of:KINDERGARTEN")
    assert decided["schnell"] == (False, "not-a-noun")
    assert decided["E-Mail"] == (False, "not-tileable")
    haeuser = next(v for v in verdicts if v["word"] == "Häuser")
    assert haeuser["evidence"]["rule"] == "allow_plurals=false"
    assert haeuser["evidence"]["source"].startswith("nouns-mini.csv:")
    assert "1 verdicts" not in result.output and f"{len(verdicts):,} verdicts" in result.output


def test_report_counts_every_entry_by_reason(cli, entries_file, tmp_path):
    out = tmp_path / "verdicts.jsonl"
    result = cli("filter", str(entries_file), "-o", str(out), "--report", "--quiet")
    assert result.exit_code == 0, result.output
    verdicts = read_jsonl(out)
    counts = Counter((v["valid"], v["reason"].rsplit(":", 1)[0] if v["reason"].startswith(("inflected", "diminutive"))
                      else v["reason"]) for v in verdicts)
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{len(verdicts):,} entries")
    section = None
    for line in lines[1:]:
        if line.endswith(":") and not line.startswith(" "):
            section = line[:-1] == "accepted"
            continue
        reason, count = line.split()
        assert counts[(section, reason)] == int(count.replace(",", "")), line
    assert sum(int(line.split()[-1].replace(",", "")) for line in lines[1:] if line.startswith("  ")) == len(verdicts)


def test_the_all_forms_ruleset(cli, entries_file, tmp_path):
    out = tmp_path / "verdicts.jsonl"
    assert cli("filter", str(entries_file), "--ruleset", "smartfeud", "-o", str(out), "-q").exit_code == 0
    decided = by_word(read_jsonl(out))
    assert decided["Häuser"] == (True, "inflected-form:plural-of:HAUS")
    assert decided["Berlin"] == (False, "proper-noun")
    assert decided["schnell"] == (True, "listed")


def test_house_rules_file(cli, entries_file, tmp_path):
    out = tmp_path / "verdicts.jsonl"
    rules = corpora_dir().parent / "rulesets" / "house-rules" / "wortspieler-familie.yaml"
    assert cli("filter", str(entries_file), "--ruleset", str(rules), "-o", str(out), "-q").exit_code == 0
    assert by_word(read_jsonl(out))["Häuser"] == (True, "inflected-form:plural-of:HAUS")


def test_without_the_model_unknown_words_stay_unknown(cli, entries_file, tmp_path):
    out = tmp_path / "verdicts.jsonl"
    assert cli("filter", str(entries_file), "-o", str(out), "--no-model", "-q").exit_code == 0
    plumbatzung = next(v for v in read_jsonl(out) if v["word"] == "Plumbatzung")
    assert (plumbatzung["valid"], plumbatzung["reason"]) == (False, "not-a-noun")
    with_model = tmp_path / "with-model.jsonl"
    assert cli("filter", str(entries_file), "-o", str(with_model), "-q").exit_code == 0
    plumbatzung = next(v for v in read_jsonl(with_model) if v["word"] == "Plumbatzung")
    assert plumbatzung["evidence"]["reading"]["origin"] == "model"


@pytest.mark.parametrize("args, message", [
    (["--ruleset", "wortspieler"], "nothing to do"),
    (["--ruleset", "no-such-game", "--report"], "unknown ruleset"),
    (["--report", "--model", "/nonexistent/model"], "no such model directory"),
    (["--report", "--base-lexicon", "sometimes"], "unknown base lexicon option"),
])
def test_usage_errors(cli, entries_file, args, message):
    result = cli("filter", str(entries_file), *args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_bad_input_files(cli, tmp_path):
    missing = cli("filter", str(tmp_path / "nope.jsonl"), "--report")
    assert missing.exit_code == 2 and "nope.jsonl" in missing.output
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"word": "Haus"}\n{"word": \n', encoding="utf-8")
    result = cli("filter", str(broken), "--report")
    assert result.exit_code == 2 and "broken.jsonl:2" in result.output
    assert not (tmp_path / "out.jsonl").exists()


def test_a_failed_run_leaves_no_partial_output(cli, tmp_path):
    out = tmp_path / "verdicts.jsonl"
    out.write_text("previous\n", encoding="utf-8")
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"word": "Haus"}\nnot json\n', encoding="utf-8")
    assert cli("filter", str(broken), "-o", str(out)).exit_code == 2
    assert out.read_text(encoding="utf-8") == "previous\n"


def test_help_has_an_example(cli):
    result = cli("filter", "--help")
    assert result.exit_code == 0 and "Example: lexicon-tools filter" in result.output
