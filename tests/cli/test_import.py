"""`lexicon-tools import` through the real CLI: formats, skip + rejects, atomic output, errors."""

from __future__ import annotations

import json
from pathlib import Path

from lexicon_tools.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "corpora" / "fixtures"


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_import_several_formats_into_one_stream(cli, tmp_path):
    out = tmp_path / "entries.jsonl"
    result = cli("import", str(FIXTURES / "wordlist" / "words-utf8.txt"), str(FIXTURES / "tei" / "deu-mini.tei"),
                 str(FIXTURES / "wiktionary" / "dewiktionary-mini.xml"), "-o", str(out))
    assert result.exit_code == 0, result.output
    rows = read_jsonl(out)
    assert f"Imported {len(rows):,} entries from 3 file(s)" in result.stdout
    assert all(set(row) == {"word", "lemma", "pos", "features", "tags", "source"} for row in rows)
    sources = {row["source"].split(":")[0].split("#")[0] for row in rows}
    assert sources == {"words-utf8.txt", "deu-mini.tei", "dewiktionary-mini.xml"}
    hauser = [r for r in rows if r["word"] == "Häuser" and r["lemma"] == "Haus"]
    assert {r["features"]["Case"] for r in hauser} == {"Nom", "Gen", "Acc"}


def test_mapping_format(cli, tmp_path):
    out = tmp_path / "x.jsonl"
    result = cli("import", str(FIXTURES / "xdxf" / "deu-eng-mini.xdxf"), "--format", "mapping:xdxf",
                 "--on-error", "skip", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "Hamburg" in {r["word"] for r in read_jsonl(out)}
    assert "Skipped 1 bad record(s)" in result.stderr


def test_skip_writes_every_rejected_record_with_its_reason(cli, tmp_path):
    out, rejects = tmp_path / "e.jsonl", tmp_path / "rejects.jsonl"
    result = cli("import", str(FIXTURES / "csv" / "bad-rows.csv"), str(FIXTURES / "wordlist" / "mixed-encoding.txt"),
                 "--on-error", "skip", "--rejects", str(rejects), "-o", str(out))
    assert result.exit_code == 0, result.output
    logged = read_jsonl(rejects)
    assert [r["source"] for r in logged] == ["bad-rows.csv:3", "bad-rows.csv:4", "mixed-encoding.txt:3"]
    assert all(r["reason"] for r in logged)
    assert "Skipped 3 bad record(s) (reasons in" in result.stderr
    assert {r["lemma"] for r in read_jsonl(out) if r["lemma"]} == {"Haus", "Tisch"}


def test_fail_stops_at_once_and_keeps_the_previous_output(cli, tmp_path):
    out = tmp_path / "entries.jsonl"
    out.write_text("previous run\n", encoding="utf-8")
    result = cli("import", str(FIXTURES / "tei" / "deu-mini.tei"), str(FIXTURES / "csv" / "bad-rows.csv"),
                 "-o", str(out))
    assert result.exit_code == 2
    assert "bad-rows.csv:3: the row has 3 fields" in result.stderr and "Traceback" not in result.output
    assert out.read_text(encoding="utf-8") == "previous run\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["entries.jsonl"]  # no temp file left


def test_truncated_xml_fails_with_file_and_line(cli, tmp_path):
    out = tmp_path / "e.jsonl"
    result = cli("import", str(FIXTURES / "broken" / "truncated.tei"), "-o", str(out))
    assert result.exit_code == 2
    assert "truncated.tei:43:" in result.stderr and "truncated" in result.stderr
    assert not out.exists()


def test_truncated_xml_with_skip_keeps_what_was_read(cli, tmp_path):
    out, rejects = tmp_path / "e.jsonl", tmp_path / "r.jsonl"
    result = cli("import", str(FIXTURES / "broken" / "truncated.tei"), "--on-error", "skip",
                 "--rejects", str(rejects), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert [r["word"] for r in read_jsonl(out)][:2] == ["Haus", "Eltern"]
    [logged] = read_jsonl(rejects)
    assert "the rest of the file was skipped" in logged["reason"]


def test_billion_laughs_is_refused_even_with_skip(cli, tmp_path):
    out = tmp_path / "e.jsonl"
    result = cli("import", str(FIXTURES / "malicious" / "billion-laughs.xml"), "--on-error", "skip", "-o", str(out))
    assert result.exit_code == 2 and "ENTITY" in result.stderr and not out.exists()


def test_unknown_format_lists_the_known_ones(cli, tmp_path):
    result = cli("import", str(FIXTURES / "tei" / "deu-mini.tei"), "--format", "freedict",
                 "-o", str(tmp_path / "e.jsonl"))
    assert result.exit_code == 2
    assert "unknown format 'freedict'" in result.stderr
    assert "auto, wordlist, jsonl, csv, forms, forms-nouns, tei, wiktionary, mapping:FILE" in result.stderr


def test_auto_detection_of_an_unknown_schema_points_to_mappings(cli, tmp_path):
    result = cli("import", str(FIXTURES / "xdxf" / "deu-eng-mini.xdxf"), "-o", str(tmp_path / "e.jsonl"))
    assert result.exit_code == 2 and "mapping:FILE" in result.stderr


def test_a_missing_input_fails_before_any_output(cli, tmp_path):
    out = tmp_path / "e.jsonl"
    result = cli("import", str(FIXTURES / "tei" / "deu-mini.tei"), str(tmp_path / "nope.txt"), "-o", str(out))
    assert result.exit_code == 2 and "nope.txt: no such file" in result.stderr and not out.exists()


def test_rejects_without_skip_is_a_usage_error(cli, tmp_path):
    result = cli("import", str(FIXTURES / "tei" / "deu-mini.tei"), "--rejects", str(tmp_path / "r.jsonl"),
                 "-o", str(tmp_path / "e.jsonl"))
    assert result.exit_code == 2 and "--rejects needs --on-error skip" in result.stderr


def test_encoding_option(cli, tmp_path):
    out = tmp_path / "e.jsonl"
    result = cli("import", str(FIXTURES / "wordlist" / "words-latin1.txt"), "--encoding", "latin-1", "-o", str(out))
    assert result.exit_code == 0
    assert [r["word"] for r in read_jsonl(out)] == ["Haus", "Straße", "Mädchen", "Öl", "Käse"]


def test_without_paths_the_bundled_corpus_is_imported(cli, tmp_path):
    out = tmp_path / "e.jsonl"
    result = cli("import", "-q", "-o", str(out))
    assert result.exit_code == 0, result.output
    with out.open(encoding="utf-8") as handle:
        first = json.loads(handle.readline())
    assert first["source"].startswith("nouns.csv.xz:")


def test_help_has_an_example():
    command = next(c for c in app.registered_commands if c.name == "import")
    assert "Example: lexicon-tools import" in command.callback.__doc__
