"""The model shipped in the package: small, licensed, intact, and as accurate as the issue asks.

The full figures come from `lexicon-tools morph evaluate`; this test checks the
targets on a fixed sample of the same held-out-lemma split, so it stays quick.
"""

from __future__ import annotations

import json
import random

import pytest

from lexicon_tools.io.formats.morphology import read_training_record, shipped_model_dir, verify_model_dir
from lexicon_tools.morph.evaluate import can_be_nom_sg, training_side
from lexicon_tools.morph.labels import examples_from_forms
from lexicon_tools.morph.lexicon import MorphLexicon
from lexicon_tools.morph.pipeline import SpacyAnalyzer, build_pipeline

MODEL = shipped_model_dir()


def test_small_licensed_and_intact():
    verify_model_dir(MODEL)
    size = sum(p.stat().st_size for p in MODEL.rglob("*") if p.is_file())
    assert size < 15_000_000
    licence = (MODEL / "LICENSE.md").read_text(encoding="utf-8")
    assert "CC BY-SA 4.0" in licence and "Wiktionary" in licence
    config = (MODEL / "config.cfg").read_text(encoding="utf-8")
    assert "CharacterEmbed" in config  # the char-level tok2vec of lexicon_tools/morph/fallback.cfg


@pytest.fixture(scope="module")
def split(corpus_lexicon):
    record = read_training_record(MODEL)
    cut = training_side(corpus_lexicon, record["held_out_fraction"], record["seed"])
    examples = examples_from_forms(corpus_lexicon.forms())
    rng = random.Random(4)
    unknown = rng.sample([e for e in examples if not cut.lookup(e.form)], 4000)
    known = rng.sample([e for e in examples if cut.lookup(e.form)], 4000)
    return cut, known, unknown


def accuracy(analyzer, examples):
    predictions = analyzer.analyze([e.form for e in examples])
    return sum(can_be_nom_sg(p) == e.label.is_nom_sg for p, e in zip(predictions, examples)) / len(examples)


def test_fallback_accuracy_on_held_out_lemmas(split):
    _, _, unknown = split
    model_only = SpacyAnalyzer(MorphLexicon(), build_pipeline(MorphLexicon(), MODEL))
    assert accuracy(model_only, unknown) >= 0.93


def test_known_words_accuracy(split):
    cut, known, unknown = split
    full = SpacyAnalyzer(cut, build_pipeline(cut, MODEL))
    assert accuracy(full, known) >= 0.99
    assert accuracy(full, unknown) >= 0.93  # compound heads + fallback for the unknown ones


def test_the_training_record_matches_the_bundled_config():
    record = json.loads((MODEL / "training.json").read_text(encoding="utf-8"))
    assert record["seed"] == 0 and record["train_examples"] > 200_000
