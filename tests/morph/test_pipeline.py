"""The spaCy pipeline: registered components on spacy.blank("de"), the shipped fallback, an external pipeline."""

from __future__ import annotations

import random

import pytest
import spacy
from spacy.tokens import Doc
from spacy.training import Example

from lexicon_tools.errors import MorphologyError
from lexicon_tools.io.formats.morphology import shipped_model_dir
from lexicon_tools.morph.evaluate import can_be_nom_sg
from lexicon_tools.morph.lexicon import MorphLexicon
from lexicon_tools.morph.pipeline import SpacyAnalyzer, build_pipeline


@pytest.fixture(scope="module")
def nlp(corpus_lexicon):
    return build_pipeline(corpus_lexicon, shipped_model_dir())


def test_components_set_morph_pos_and_readings(nlp):
    assert nlp.pipe_names == ["lexicon_tools_lexicon", "lexicon_tools_fallback"]
    (token,) = nlp("Häuser")  # through the German tokenizer
    assert token.pos_ == "NOUN"
    assert str(token.morph) == "Case=Nom|Gender=Neut|Number=Plur"
    assert {(r.lemma, r.case, r.number) for r in token._.readings} >= {("Haus", "Nom", "Plur"), ("Haus", "Gen", "Plur")}
    (lehrer,) = nlp("Lehrer")
    assert str(lehrer.morph) == "Case=Nom|Gender=Masc|Number=Sing"  # the Nom Sg reading is preferred


def test_bypassing_the_tokenizer_gives_the_same_readings(nlp):
    words = ["Häuser", "Lehrer", "Kindergärten", "Plumbatzung", "obwohl"]
    via_text = [nlp(w)[0]._.readings for w in words]
    via_doc = [nlp(Doc(nlp.vocab, words=[w]))[0]._.readings for w in words]
    assert via_text == via_doc


def test_the_fallback_runs_only_on_words_the_lexicon_does_not_know(nlp, corpus_lexicon):
    analyzer = SpacyAnalyzer(corpus_lexicon, nlp)
    known, unknown, lower = analyzer.analyze(["Haus", "Plumbatzung", "obwohl"])
    assert {r.origin for r in known} == {"lexicon"}
    ((model,),) = [unknown]
    assert model.origin == "model" and model.source == "model:fallback_model"
    assert 0.5 <= model.score <= 1.0
    assert {r.origin for r in lower} == {"orthography"}


def test_the_model_never_overrules_the_lexicon(nlp, corpus_lexicon):
    """Find known plural forms the model alone would call singular; the pipeline keeps the lexicon's answer."""
    rng = random.Random(1)
    plurals = [form for form, rs in corpus_lexicon.forms() if form.isalpha()
               and any(r.pos == "NOUN" for r in rs) and not can_be_nom_sg(rs)]
    sample = rng.sample(plurals, 3000)
    model_only = SpacyAnalyzer(MorphLexicon(), build_pipeline(MorphLexicon(), shipped_model_dir()))
    fooled = [w for w, rs in zip(sample, model_only.analyze(sample)) if can_be_nom_sg(rs)]
    assert len(fooled) > 10, "the test needs words the model gets wrong"
    pipeline = SpacyAnalyzer(corpus_lexicon, nlp)
    for word, readings in zip(fooled, pipeline.analyze(fooled)):
        assert readings == corpus_lexicon.lookup(word)
        assert not can_be_nom_sg(readings)


def train_external_pipeline(path):
    """A small stand-in for an installed pipeline such as de_core_news_sm, trained here."""
    nlp = spacy.blank("de")
    nlp.add_pipe("morphologizer")
    examples = [Example.from_dict(nlp.make_doc(word), {"pos": ["NOUN"], "morphs": ["Case=Nom|Gender=Fem|Number=Sing"]})
                for word in ("Zeitung", "Wohnung", "Lampe", "Tasche", "Blume")]
    optimizer = nlp.initialize(lambda: examples)
    for _ in range(5):
        nlp.update(examples, sgd=optimizer)
    nlp.to_disk(path)
    return path


def test_an_installed_pipeline_is_a_further_signal(corpus_lexicon, tmp_path):
    external = train_external_pipeline(tmp_path / "de_test_sm")
    nlp = build_pipeline(corpus_lexicon, shipped_model_dir(), external=str(external))
    assert nlp.pipe_names[-1] == "lexicon_tools_external"
    analyzer = SpacyAnalyzer(corpus_lexicon, nlp)
    known, unknown = analyzer.analyze(["Haus", "Plumbatzung"])
    assert {r.origin for r in known} == {"lexicon"}  # the external pipeline does not touch known words
    origins = {r.origin: r for r in unknown}
    assert set(origins) == {"model", "external:de_test_sm"}
    signal = origins["external:de_test_sm"]
    assert (signal.pos, signal.case, signal.number, signal.gender) == ("NOUN", "Nom", "Sing", "Fem")


def test_the_ruleset_names_the_installed_pipeline(wortspieler_with_external):
    from lexicon_tools.model.entry import Entry
    from lexicon_tools.jobs.filter import evaluate_with_defaults as evaluate

    (verdict,) = evaluate([Entry("Plumbatzung")], wortspieler_with_external)
    assert verdict.valid and verdict.reason == "nom-sg"
    assert verdict.evidence["reading"]["origin"] in {"model", "external:de_test_sm"}


@pytest.fixture
def wortspieler_with_external(tmp_path):
    from lexicon_tools.io.formats.rulesets import load_ruleset

    external = train_external_pipeline(tmp_path / "de_test_sm")
    rs = load_ruleset("wortspieler")
    return rs.model_copy(update={"morphology": rs.morphology.model_copy(update={"spacy_model": str(external)})})


def test_a_missing_installed_pipeline_is_a_clear_error(corpus_lexicon):
    with pytest.raises(MorphologyError, match="de_core_news_xx"):
        build_pipeline(corpus_lexicon, None, external="de_core_news_xx")
