"""`lexicon-tools morph train` and `morph evaluate` through the real CLI (tiny config, real corpus slice)."""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path

import pytest

from lexicon_tools.resources import corpora_dir

TINY_CONFIG = Path(__file__).parents[1] / "morph" / "data" / "tiny.cfg"


@pytest.fixture(scope="module")
def corpus_slice_jsonl(tmp_path_factory):
    """The first 4,000 entries of the bundled corpus as entries.jsonl."""
    from lexicon_tools.io.formats.entries_jsonl import write_entries
    from lexicon_tools.io.readers import iter_entries
    from lexicon_tools.resources import default_corpus

    path = tmp_path_factory.mktemp("morph-cli") / "slice.jsonl"
    write_entries(path, islice(iter_entries(default_corpus(), "csv"), 4000))
    return path


@pytest.fixture(scope="module")
def trained(corpus_slice_jsonl, tmp_path_factory):
    from typer.testing import CliRunner

    from lexicon_tools.cli.app import app

    out = tmp_path_factory.mktemp("model") / "fallback"
    result = CliRunner().invoke(app, ["morph", "train", str(corpus_slice_jsonl), "--format", "auto",
                                      "--config", str(TINY_CONFIG), "-o", str(out), "--quiet"])
    return result, out


def test_train_writes_a_verified_model(trained):
    from lexicon_tools.io.formats.morphology import verify_model_dir

    result, out = trained
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Trained on ") and str(out) in result.output
    verify_model_dir(out)


def test_evaluate_reports_known_and_unknown_words(cli, trained, corpus_slice_jsonl):
    _, out = trained
    result = cli("morph", "evaluate", str(corpus_slice_jsonl), "--model", str(out))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "held-out-lemma split" in lines[0] and lines[1].split() == ["words", "n", "accuracy", "precision",
                                                                        "recall"]
    assert [line[:34].strip() for line in lines[2:]] == ["lexicon-known", "unknown: fallback model alone",
                                                         "unknown: compounds + fallback"]
    as_json = json.loads(cli("morph", "evaluate", str(corpus_slice_jsonl), "--model", str(out),
                             "--json").output)
    known = as_json["rows"]["lexicon-known"]
    assert known["tp"] + known["fp"] + known["tn"] + known["fn"] == known["n"] > 0
    assert as_json["seed"] == 0 and as_json["held_out_fraction"] == 0.1


def test_train_defaults_to_the_user_data_directory(cli, corpus_slice_jsonl, isolated_data_home):
    result = cli("morph", "train", str(corpus_slice_jsonl), "--config", str(TINY_CONFIG), "--epochs", "1",
                 "--max-examples", "300", "-q")
    assert result.exit_code == 0, result.output
    assert (isolated_data_home / "morph" / "fallback" / "MANIFEST.json").is_file()


@pytest.mark.parametrize("args, message", [
    (["morph", "evaluate", "--model", "/nonexistent"], "no such model directory"),
    (["morph", "train", str(corpora_dir() / "fixtures" / "wordlist" / "words-utf8.txt"), "--format", "wordlist",
      "--config", str(TINY_CONFIG), "-o", "/tmp/unused-model"], "no training examples"),
    (["morph", "train", "--config", "/nonexistent.cfg", "-o", "/tmp/unused-model"], "nonexistent.cfg"),
])
def test_errors_are_explained(cli, args, message):
    result = cli(*args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_help_has_examples(cli):
    for command in ("train", "evaluate"):
        result = cli("morph", command, "--help")
        assert result.exit_code == 0 and "Example: lexicon-tools morph" in result.output
