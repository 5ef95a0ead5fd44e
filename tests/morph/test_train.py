"""Training the fallback with the real training code (tiny config), saving, verifying and loading it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lexicon_tools.errors import MorphologyError
from lexicon_tools.io.formats.morphology import MANIFEST, save_model, verify_model_dir
from lexicon_tools.model.entry import Entry
from lexicon_tools.morph.lexicon import MorphLexicon
from lexicon_tools.morph.pipeline import SpacyAnalyzer, build_pipeline
from lexicon_tools.morph.train import load_training_config, train_fallback

TINY_CONFIG = Path(__file__).parent / "data" / "tiny.cfg"


def test_a_trained_model_is_saved_with_licence_record_and_manifest(tiny_model):
    path, report = tiny_model
    assert report.train_examples > 1000 and report.held_out_examples > 50
    assert "Case=Nom|Gender=Neut|Number=Sing|POS=NOUN" in report.labels
    assert verify_model_dir(path) == path
    assert "CC BY-SA 4.0" in (path / "LICENSE.md").read_text(encoding="utf-8")
    record = json.loads((path / "training.json").read_text(encoding="utf-8"))
    assert (record["seed"], record["held_out_fraction"], record["epochs"]) == (0, 0.1, 2)
    strings = json.loads((path / "vocab" / "strings.json").read_text(encoding="utf-8"))
    assert len(strings) < 3000, "training words must not end up in the saved string store"


def test_the_saved_model_runs_as_the_fallback(tiny_model, slice_lexicon):
    path, _ = tiny_model
    analyzer = SpacyAnalyzer(MorphLexicon(), build_pipeline(MorphLexicon(), path))
    readings = analyzer.analyze(["Zeitung", "Häuser", "Plumbatzung"])
    assert all(len(rs) == 1 and rs[0].origin == "model" and rs[0].pos == "NOUN" for rs in readings)


def test_training_is_reproducible(slice_lexicon):
    small = MorphLexicon.from_forms(dict(list(slice_lexicon.forms())[:800]))
    _, first = train_fallback(small, TINY_CONFIG, epochs=1)
    _, second = train_fallback(small, TINY_CONFIG, epochs=1)
    assert first.losses == second.losses and first.labels == second.labels


def test_no_nouns_no_training():
    lexicon = MorphLexicon.from_entries([Entry("laufen", "laufen", "VERB", source="x:1")])
    with pytest.raises(MorphologyError, match="no training examples"):
        train_fallback(lexicon, TINY_CONFIG)


def test_a_broken_config_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.cfg"
    bad.write_text("[nlp]\nlang = de\n[[[\n", encoding="utf-8")
    with pytest.raises(MorphologyError, match="bad.cfg"):
        load_training_config(bad)
    partial = tmp_path / "partial.cfg"
    partial.write_text('[nlp]\nlang = "de"\n', encoding="utf-8")
    with pytest.raises(MorphologyError, match=r"\[lexicon_tools\]"):
        load_training_config(partial)


@pytest.fixture
def model_copy(tiny_model, tmp_path):
    return Path(shutil.copytree(tiny_model[0], tmp_path / "model"))


def test_a_corrupt_model_file_is_refused(model_copy):
    weights = model_copy / "morphologizer" / "model"
    data = bytearray(weights.read_bytes())
    data[len(data) // 2] ^= 0xFF
    weights.write_bytes(bytes(data))
    with pytest.raises(MorphologyError, match="corrupt"):
        verify_model_dir(model_copy)


def test_a_missing_model_file_or_manifest_is_refused(model_copy):
    (model_copy / "config.cfg").unlink()
    with pytest.raises(MorphologyError, match="missing"):
        verify_model_dir(model_copy)
    (model_copy / MANIFEST).unlink()
    with pytest.raises(MorphologyError, match="not a lexicon-tools morphology model"):
        verify_model_dir(model_copy)


def test_a_foreign_manifest_is_refused(model_copy):
    (model_copy / MANIFEST).write_text('{"magic": "something-else", "version": 1, "files": {}}', encoding="utf-8")
    with pytest.raises(MorphologyError, match="wrong magic"):
        verify_model_dir(model_copy)
    (model_copy / MANIFEST).write_text("{not json", encoding="utf-8")
    with pytest.raises(MorphologyError, match="unreadable manifest"):
        verify_model_dir(model_copy)


def test_saving_replaces_a_model_but_never_another_directory(tiny_model, tmp_path):
    import spacy

    path, report = tiny_model
    nlp = spacy.load(path)
    target = save_model(nlp, tmp_path / "out", report.to_meta())
    save_model(nlp, target, report.to_meta())  # a model directory may be replaced
    assert verify_model_dir(target) == target
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "notes.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(MorphologyError, match="refusing"):
        save_model(nlp, precious, report.to_meta())
    assert (precious / "notes.txt").read_text(encoding="utf-8") == "keep me"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")], "no staging directory left behind"
